//! `git checkpoint done`: a final revision with status `done`, then the ref moves to
//! refs/checkpoints-archive/<story> in one ref transaction, so nothing is lost and `list` no
//! longer shows it. `--purge` deletes instead (confirmed).

use super::note_found;
use super::Quiet;
use crate::cli::context::Context;
use crate::cli::ui::Messages;
use git_checkpoint::claims::Holder;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::{claim, done};
use git_checkpoint::store::Store;
use git_checkpoint::story::StoryId;
use std::io::{BufRead, IsTerminal, Write};

/// Finish a story: a final revision, then archive its ref (or purge it).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story id; default: GIT_CHECKPOINT_STORY, the current story made current on this branch,
    /// the branch name, then the current story (`git checkpoint current`).
    pub story: Option<String>,
    /// Journal text for the final revision.
    #[arg(short = 'm', long, value_name = "TEXT")]
    pub message: Option<String>,
    /// Delete the checkpoint and its archive for good instead of archiving.
    #[arg(long)]
    pub purge: bool,
    /// Do not ask for confirmation (needed for --purge off a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Finish even while todos or "Done when" checks are open, or someone else holds the
    /// story's claim.
    #[arg(long)]
    pub force: bool,
    /// Write the message even if it looks like it holds a credential, recording it as accepted
    /// on the archived revision (see checkpoint.secretScan).
    #[arg(long)]
    pub allow_secret: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
    /// Finish every active story whose branch has landed in the default branch (merged,
    /// fast-forwarded or squash-merged), open todos or not.
    #[arg(long, conflicts_with_all = ["story", "purge", "message", "json", "force"])]
    pub merged: bool,
}

/// Runs `done`; returns the exit code.
///
/// # Errors
/// Repository, story, identity, lock and storage errors; refs are untouched on error.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    if args.merged {
        let finished = done::finish_merged(&store)?;
        if finished.is_empty() {
            err.info(format_args!(
                "no active story's branch has landed in the default branch"
            ));
        }
        for f in &finished {
            out.line(&format!(
                "Story {} done: {}; archived at {} (revision {})",
                f.finished.shown,
                f.landed.sentence_short(),
                f.finished.refname,
                f.finished.revision
            ))?;
            release_own(err, &store, &f.story);
        }
        return Ok(0);
    }
    // How the story was found is said first, before a confirmation or an error.
    let (story, found) = done::story(&store, args.story.as_deref())?;
    note_found(err, &story, &found);
    let yes = args.yes;
    let mut ask = |refs: &[String]| -> Result<bool> {
        Ok(yes || confirm(&format!("Delete {} for good?", refs.join(" and ")))?)
    };
    let action = if args.purge {
        done::Action::Purge { confirm: &mut ask }
    } else {
        done::Action::Finish(done::Options {
            message: args.message.as_deref(),
            force: args.force,
            allow_secret: args.allow_secret,
        })
    };
    let request = done::Request {
        story,
        found,
        action,
    };
    let report = done::done(&store, request)?;
    match &report {
        done::Report::Purged { refs, .. } => {
            if args.json {
                out.json(&json::Done::new(&report))?;
            } else {
                out.line(&format!("Purged {}", refs.join(", ")))?;
            }
        }
        done::Report::Finished {
            story, finished, ..
        } => {
            if args.json {
                out.json(&json::Done::new(&report))?;
            } else {
                out.line(&format!(
                    "Story {} done: archived at {} (revision {}); `git checkpoint resume --archived {story}` reads it",
                    finished.shown, finished.refname, finished.revision
                ))?;
            }
        }
    }
    // Said after the story's own line, as the README shows.
    let (done::Report::Finished { story, .. } | done::Report::Purged { story, .. }) = &report;
    release_own(err, &store, story);
    Ok(0)
}

/// Releases this user's live claim on a story just finished or purged (here and on the
/// remote, bounded like the agent hooks), saying so; a failure only costs the release, which
/// then expires on its own.
fn release_own(err: &mut Messages, store: &Store, story: &StoryId) {
    let released = Holder::me(store, None, None).and_then(|me| {
        claim::release_own(
            store,
            story,
            me,
            git_checkpoint::agents::hook::CLAIM_REMOTE_LIMIT,
        )
    });
    match released {
        Ok(Some(r)) => {
            let on = r.remote.map(|rm| format!(" (on {rm})")).unwrap_or_default();
            err.info(format_args!(
                "released your claim on {}{on}",
                story.display()
            ));
            if let Some(why) = r.local_only {
                err.warn(format_args!("{why}"));
            }
        }
        Ok(None) => {}
        Err(e) => err.warn(format_args!(
            "the claim on {} was not released: {e}; it expires on its own",
            story.display()
        )),
    }
}

fn confirm(question: &str) -> Result<bool> {
    if !std::io::stdin().is_terminal() {
        return Ok(false);
    }
    let _ = write!(std::io::stderr(), "{question} [y/N] ");
    std::io::stderr().flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes"))
}
