pub(crate) mod logiter;

///
pub mod decode;
