//! `git checkpoint push [REMOTE] [STORY...|--all]`: push checkpoint refs, their archives and the
//! notes ref, never forced. A rejected ref is fetched, integrated and pushed again (bounded).

use super::{PushGuards, RemoteArgs};
use crate::cli::context::Context;
use crate::cli::output::Output;
use crate::cli::ui::Messages;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::push;
use git_checkpoint::remote::PushedRef;
use git_checkpoint::story::StoryId;
use git_checkpoint::sync::Outcome;

/// Push checkpoints, archives and notes to a remote (never forced; merges and retries).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q`, `[REMOTE]`, `--json`.
    #[command(flatten)]
    pub common: RemoteArgs,
    /// Stories to push; default: every checkpoint and archive.
    pub stories: Vec<String>,
    /// Push every checkpoint and archive (the default when no story is named).
    #[arg(long, conflicts_with = "stories")]
    pub all: bool,
    /// `--allow-secret`, `--no-verify`.
    #[command(flatten)]
    pub guards: PushGuards,
}

/// Runs `push`; returns the exit code.
///
/// # Errors
/// Repository, transport and storage errors; [`Error::Rejected`] when refs stay rejected.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store, remote) = args.common.open(ctx)?;
    // Pushing is never forced, so pushing everything is the safe default.
    let stories = if args.all || args.stories.is_empty() {
        None
    } else {
        Some(
            args.stories
                .iter()
                .map(|s| StoryId::parse(s))
                .collect::<Result<Vec<_>>>()?,
        )
    };
    let guards = args.guards.guards();
    let (pushed, integrated) = push::push(&store, &remote, stories.as_deref(), guards)?;
    report(out, err, &remote, &pushed, &integrated, args.common.json)?;
    Ok(0)
}

fn report(
    out: &mut Output,
    err: &mut Messages,
    remote: &str,
    pushed: &[PushedRef],
    integrated: &[Outcome],
    json: bool,
) -> std::io::Result<()> {
    if json {
        return out.json(&json::Push {
            header: json::RemoteHeader::new(remote.to_string()),
            pushed: pushed.iter().map(json::PushedRef::from).collect(),
            integrated: integrated.to_vec(),
        });
    }
    if !integrated.is_empty() {
        super::fetch::print_outcomes(out, err, remote, integrated)?;
    }
    if pushed.is_empty() {
        return out.line("nothing to push");
    }
    for r in pushed {
        out.line(&format!("{} {:<40} {}", r.flag, r.to, r.summary))?;
    }
    Ok(())
}
