pub use gix_mailmap::*;
