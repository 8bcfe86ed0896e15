#[cfg(feature = "progress-tree")]
pub use gix_utils::progress::prodash::tree;
pub use gix_utils::progress::*;
