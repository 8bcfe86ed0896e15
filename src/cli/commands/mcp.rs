//! `git checkpoint mcp`: serve the checkpoint tools over the Model Context Protocol on stdin
//! and stdout, for clients without hooks (Claude Desktop, Cursor, Windsurf, Zed, ...). A thin
//! adapter: the server is [`git_checkpoint::mcp`]; its runtime starts only here.

use git_checkpoint::error::Result;

/// Serve checkpoints to MCP clients over stdio (resume, save, done, list, log, diff, status).
///
/// The client starts `git-checkpoint mcp` and speaks JSON-RPC on its stdin and stdout. Each
/// call works in the client's first root (a `file://` directory) when the client offers
/// roots, else in the directory the server was started in. Tool errors carry the same
/// one-line message as the command line; nothing is written on error. See docs/agents/MCP.md.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `mcp` until the client closes stdin; returns the exit code.
///
/// # Errors
/// When the runtime cannot start or the session cannot be set up.
pub fn run(_args: Args) -> Result<i32> {
    git_checkpoint::mcp::run_stdio()?;
    Ok(0)
}
