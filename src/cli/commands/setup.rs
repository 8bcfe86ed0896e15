//! `git checkpoint setup [REMOTE] [--undo]`: make plain `git fetch` bring checkpoints into
//! remote-tracking refs, and make notes follow amend and rebase (`notes.rewriteRef`).
//! Idempotent; `--undo` removes exactly the values it adds. Config is written with
//! `git config`, as git users expect, keeping every existing value.

use super::RemoteArgs;
use crate::cli::context::Context;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::json;
use git_checkpoint::notes::NOTES_REF;
use git_checkpoint::remote;
use git_checkpoint::store::Store;

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
/// Repository errors; [`Error::SetConfig`] when `git config` fails.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, _err, store, remote) = args.common.open(ctx)?;
    let mut wanted: Vec<(String, String)> = remote::fetch_refspecs(&remote)
        .into_iter()
        .map(|spec| (format!("remote.{remote}.fetch"), spec))
        .collect();
    wanted.push(("notes.rewriteRef".into(), NOTES_REF.into()));
    let mut changed = Vec::new();
    for (key, value) in &wanted {
        let present = current(&store, key)?.iter().any(|v| v == value);
        let op: &[&str] = match (args.undo, present) {
            (false, false) => &["config", "--add"],
            (true, true) => &["config", "--fixed-value", "--unset-all"],
            _ => continue,
        };
        let mut cmd: Vec<String> = op.iter().map(|s| s.to_string()).collect();
        cmd.push(key.clone());
        cmd.push(value.clone());
        let o = store.git().output(&cmd)?;
        if !o.status.success() {
            return Err(Error::SetConfig {
                key: key.clone(),
                stderr: String::from_utf8_lossy(&o.stderr).trim().to_string(),
            });
        }
        changed.push(json::ConfigValue {
            key: key.clone(),
            value: value.clone(),
        });
    }
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

fn current(store: &Store, key: &str) -> Result<Vec<String>> {
    let o = store.git().output(&["config", "--get-all", key])?;
    Ok(String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(String::from)
        .collect())
}
