pub mod deflate;
pub mod inflate;
