//! `git checkpoint done`: a final revision with status `done`, then the ref moves to
//! refs/checkpoints-archive/<story> in one ref transaction, so nothing is lost and `list` no
//! longer shows it. `--purge` deletes instead (confirmed).

use super::resolve_story_noted;
use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::json;
use git_checkpoint::ops::done;
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
    /// Finish even while todos or "Done when" checks are open.
    #[arg(long)]
    pub force: bool,
    /// Write the message even if it looks like it holds a credential, recording it as accepted
    /// on the archived revision (see checkpoint.secretScan).
    #[arg(long)]
    pub allow_secret: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `done`; returns the exit code.
///
/// # Errors
/// Repository, story, identity, lock and storage errors; refs are untouched on error.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let story = resolve_story_noted(err, &store, args.story.as_deref(), "done", false)?;
    if args.purge {
        let targets = done::purge_targets(&store, &story)?;
        let names: Vec<&str> = targets.iter().map(|(r, _)| r.as_str()).collect();
        if !args.yes && !confirm(&format!("Delete {} for good?", names.join(" and ")))? {
            return Err(Error::NotPurged {
                refs: names.iter().map(|n| n.to_string()).collect(),
            });
        }
        done::purge(&store, &story, &targets)?;
        if args.json {
            out.json(&json::Done::Purged(json::DonePurged {
                header: json::StoryHeader::new(story.as_str()),
                purged: names.iter().map(|n| n.to_string()).collect(),
            }))?;
        } else {
            out.line(&format!("Purged {}", names.join(", ")))?;
        }
        return Ok(0);
    }
    let options = done::Options {
        message: args.message.as_deref(),
        force: args.force,
        allow_secret: args.allow_secret,
    };
    let finished = done::finish(&store, &story, &options)?;
    if args.json {
        out.json(&json::Done::Archived(json::DoneArchived {
            header: json::StoryHeader::new(story.as_str()),
            refname: finished.refname.clone(),
            commit: finished.commit.to_string(),
            revision: finished.revision,
            status: "done".into(),
        }))?;
    } else {
        out.line(&format!(
            "Story {} done: archived at {} (revision {}); `git checkpoint resume --archived {story}` reads it",
            finished.shown, finished.refname, finished.revision
        ))?;
    }
    Ok(0)
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
