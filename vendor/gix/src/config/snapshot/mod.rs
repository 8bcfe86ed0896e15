mod _impls;
mod access;

///
#[cfg(feature = "credentials")]
pub mod credential_helpers;
#[cfg(feature = "credentials")]
pub use credential_helpers::function::credential_helpers;
