//!
#![allow(clippy::empty_docs)]
