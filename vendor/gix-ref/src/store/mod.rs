///
pub mod file;

///
pub mod packed;
