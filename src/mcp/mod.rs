//! The Model Context Protocol side of git-checkpoint: the tools a client such as Claude
//! Desktop, Cursor, Windsurf or Zed calls on demand (`resume`, `save`, `done`, `list`, `log`,
//! `diff`, `status`), served over stdio by `git-checkpoint mcp`, and the entry each client's MCP
//! configuration file needs to start it.
//!
//! [`tools`] holds what each tool does (plain functions over [`crate::ops`]); `server` (behind
//! the `mcp` cargo feature, on by default) holds the rmcp server and the only tokio runtime in
//! the program, built by `run_stdio` when `git-checkpoint mcp` runs and never otherwise.
//! [`clients`] holds the configuration entries, pure and without I/O, for the installer.

pub mod clients;
#[cfg(feature = "mcp")]
mod server;
#[cfg(feature = "mcp")]
mod stdio_filter;
pub mod tools;
mod uri;

#[cfg(feature = "mcp")]
pub use server::{run_stdio, Server};

pub use uri::file_uri_path;
