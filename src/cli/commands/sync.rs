//! `git checkpoint sync [REMOTE]`: fetch, integrate, push everything.

use super::{PushGuards, RemoteArgs, TakeSide};
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;

/// Fetch, integrate, then push everything.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q`, `[REMOTE]`, `--json`.
    #[command(flatten)]
    pub common: RemoteArgs,
    /// `--allow-secret`, `--no-verify`.
    #[command(flatten)]
    pub guards: PushGuards,
    /// `--ours`, `--theirs`.
    #[command(flatten)]
    pub take: TakeSide,
    /// Fetch into remote-tracking refs only (as a plain `git fetch` after `git checkpoint
    /// setup`), integrate and push nothing: no checkpoint, archive, purge record or notes ref
    /// of yours moves. Lists every ref, revision and note the push would upload or delete, the
    /// refs held back, and what the secret guard would refuse.
    #[arg(long, short = 'n')]
    pub dry_run: bool,
}

/// Runs `sync`; returns the exit code.
///
/// # Errors
/// Repository, transport and storage errors; refs still rejected after retries.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store, remote) = args.common.open(ctx)?;
    if args.dry_run {
        let outgoing =
            git_checkpoint::ops::sync::dry_run(&store, &remote, args.guards.guards().allow_secret)?;
        if args.common.json {
            out.json(&json::Sync {
                header: json::RemoteHeader::new(remote),
                integrated: Vec::new(),
                pushed: Vec::new(),
                taken: Vec::new(),
                dry_run: true,
                outgoing: Some(outgoing),
            })?;
        } else {
            super::push::print_outgoing(out, &remote, &outgoing, "just fetched")?;
        }
        return Ok(0);
    }
    let git_checkpoint::ops::sync::Synced {
        integrated,
        pushed,
        taken,
    } = git_checkpoint::ops::sync::sync_taking(
        &store,
        &remote,
        args.guards.guards(),
        args.take.pick(),
    )?;
    if args.common.json {
        out.json(&json::Sync {
            header: json::RemoteHeader::new(remote),
            integrated,
            pushed: pushed.iter().map(json::PushedRef::from).collect(),
            taken,
            dry_run: false,
            outgoing: None,
        })?;
        return Ok(0);
    }
    super::fetch::print_outcomes(out, err, &remote, &integrated)?;
    super::print_taken(out, &taken)?;
    if pushed.is_empty() {
        // Every ref holds what the remote has: no `git push` ran (`ops::push::push_fetched`).
        out.line(&format!("nothing to push to {remote}"))?;
        return Ok(0);
    }
    let changed = pushed.iter().filter(|r| r.flag != '=').count();
    out.line(&format!(
        "pushed {} to {remote}, {} already up to date",
        crate::cli::output::count(changed, "ref", "refs"),
        pushed.len() - changed
    ))?;
    Ok(0)
}
