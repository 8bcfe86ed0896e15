//! `git checkpoint sync [REMOTE]`: fetch, integrate, push everything.

use super::RemoteArgs;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// Fetch, integrate, then push everything.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q`, `[REMOTE]`, `--json`.
    #[command(flatten)]
    pub common: RemoteArgs,
    /// Push even if a checkpoint holds what looks like a credential, including one accepted
    /// with `save --allow-secret` (this sync only; see checkpoint.secretScan).
    #[arg(long)]
    pub allow_secret: bool,
    /// Do not run the repository's pre-push hook (as `git push --no-verify`).
    #[arg(long)]
    pub no_verify: bool,
}

/// Runs `sync`; returns the exit code.
///
/// # Errors
/// Repository, transport and storage errors; refs still rejected after retries.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store, remote) = args.common.open(ctx)?;
    let git_checkpoint::ops::sync::Synced { integrated, pushed } = git_checkpoint::ops::sync::sync(
        &store,
        &remote,
        git_checkpoint::ops::push::Guards {
            allow_secret: args.allow_secret,
            no_verify: args.no_verify,
        },
    )?;
    if args.common.json {
        out.json(&json::Sync {
            header: json::RemoteHeader::new(remote),
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
