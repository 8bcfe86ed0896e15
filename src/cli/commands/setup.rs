//! `git checkpoint setup [REMOTE] [--undo]`: make plain `git fetch` bring checkpoints into
//! remote-tracking refs, and make notes follow amend and rebase (`notes.rewriteRef`).
//! Idempotent; `--undo` removes exactly the values it adds. Config is written with
//! `git config`, as git users expect, keeping every existing value.

use super::RemoteArgs;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::setup;

/// Configure a remote so plain `git fetch` brings checkpoints, and notes follow rewrites.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q`, `[REMOTE]`, `--json`.
    #[command(flatten)]
    pub common: RemoteArgs,
    /// Remove the values setup adds.
    #[arg(long)]
    pub undo: bool,
}

/// Runs `setup`; returns the exit code.
///
/// # Errors
/// Repository errors; [`git_checkpoint::Error::SetConfig`] when `git config` fails.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, _err, store, remote) = args.common.open(ctx)?;
    let options = setup::Options {
        remote,
        undo: args.undo,
    };
    let setup::Report {
        remote, changed, ..
    } = setup::setup(&store, options)?;
    if args.common.json {
        out.json(&json::Setup {
            header: json::RemoteHeader::new(remote),
            undo: args.undo,
            changed,
        })?;
    } else if changed.is_empty() {
        out.line(if args.undo {
            "nothing to undo"
        } else {
            "already set up"
        })?;
    } else {
        let verb = if args.undo { "removed" } else { "added" };
        for c in &changed {
            out.line(&format!("{verb} {} = {}", c.key, c.value))?;
        }
    }
    Ok(0)
}
