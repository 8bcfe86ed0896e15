pub use gix_object::{Find, FindExt, Write};
pub use gix_odb::{Header, HeaderExt};
pub use gix_parallel::Finalize;

pub use crate::ext::*;
