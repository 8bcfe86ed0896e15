//! The edge to the user's `git` binary. Every `git` this crate runs is spawned through
//! [`subprocess::Git`], bound to one repository; what a save gathers lives in
//! [`crate::gitstate`], transport in [`crate::remote`].

pub mod subprocess;

pub use subprocess::Git;
