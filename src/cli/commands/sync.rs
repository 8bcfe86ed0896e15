//! `git checkpoint sync [REMOTE]`: fetch, integrate, push everything.

use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::remote;

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// Fetch, integrate, then push everything.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only errors and warnings on stderr, and the data asked for on stdout (`--json`).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Remote name; default: the branch's upstream remote, then checkpoint.remote, then origin.
    pub remote: Option<String>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `sync`; returns the exit code.
///
/// # Errors
/// Repository, transport and storage errors; refs still rejected after retries.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let remote = remote::choose(&store, args.remote.as_deref())?;
    let git_checkpoint::ops::sync::Synced { integrated, pushed } =
        git_checkpoint::ops::sync::sync(&store, &remote)?;
    if args.json {
        out.json(&json::Sync {
            schema_version: json::SchemaVersion,
            remote,
            integrated,
            pushed: pushed.iter().map(json::PushedRef::from).collect(),
        })?;
        return Ok(0);
    }
    super::fetch::print_outcomes(out, err, &remote, &integrated)?;
    let changed = pushed.iter().filter(|r| r.flag != '=').count();
    out.line(&format!(
        "pushed {} to {remote}, {} already up to date",
        crate::cli::output::count(changed, "ref", "refs"),
        pushed.len() - changed
    ))?;
    Ok(0)
}
