//! `git checkpoint stack push|pop|list|drop`: suspend stories on a stack kept in git
//! (`refs/checkpoints-stack/default`, see [`git_checkpoint::stack`]) and restore them (seed 003).

use super::resolve_story_noted;
use super::Quiet;
use crate::cli::context::Context;
use crate::cli::output::Output;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops;
use git_checkpoint::story::StoryId;

/// Suspend stories on a stack kept in git and restore them: push, pop, list, drop.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// What to do with the stack.
    #[command(subcommand)]
    pub action: Action,
}

/// `stack` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Suspend a story (default: the current one) on top of the stack; it stops being current.
    Push {
        /// Story id; default: GIT_CHECKPOINT_STORY, the current story made current on this
        /// branch, the branch name, then the current story (`git checkpoint current`).
        story: Option<String>,
        /// Why it is suspended: one line of text, kept verbatim (scanned for credentials, as a
        /// save's text is).
        #[arg(long, value_name = "TEXT")]
        reason: String,
        /// Write the reason even if it looks like it holds a credential (see
        /// checkpoint.secretScan).
        #[arg(long)]
        allow_secret: bool,
        /// Print one JSON document instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Restore the top story: make it current and print its resume.
    Pop {
        /// Also check out its branch (`git switch`); refused while the working tree has changes.
        #[arg(long)]
        switch: bool,
        /// Pop even while another story is current (it stops being current).
        #[arg(long)]
        force: bool,
        /// Print one JSON document instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List suspended stories, top first.
    List {
        /// Print one JSON document instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Remove a story from the stack without restoring it (default: the top one).
    Drop {
        /// Story id to remove.
        story: Option<String>,
        /// Print one JSON document instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Runs `stack`; returns the exit code.
///
/// # Errors
/// Repository, story, identity, lock and storage errors; the stack is unchanged on error.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    match args.action {
        Action::Push {
            story,
            reason,
            allow_secret,
            json,
        } => {
            let story = resolve_story_noted(err, &store, story.as_deref(), "stack push", false)?;
            let entry = ops::stack::push(&store, &story, &reason, allow_secret)?;
            if json {
                out.json(&json::Stack::Pushed(json::StackPushed {
                    schema_version: json::SchemaVersion,
                    pushed: entry,
                }))?;
            } else {
                out.line(&format!(
                    "Suspended {} on the stack: {}",
                    story.display(),
                    entry.reason
                ))?;
            }
            Ok(0)
        }
        Action::Pop {
            switch,
            force,
            json,
        } => {
            let p = ops::stack::pop_and_read(&store, switch, force)?;
            print_popped(p, json, out, err)
        }
        Action::List { json } => {
            let entries = ops::stack::list(&store)?;
            if json {
                out.json(&json::Stack::List(json::StackList {
                    schema_version: json::SchemaVersion,
                    entries,
                }))?;
            } else if entries.is_empty() {
                err.info(format_args!("the stack is empty"));
            } else {
                for (i, e) in entries.iter().enumerate() {
                    out.line(&format!(
                        "{i}  {}  {}  {}  {}",
                        e.story,
                        e.branch.as_deref().unwrap_or("-"),
                        e.pushed_at,
                        e.reason
                    ))?;
                }
            }
            Ok(0)
        }
        Action::Drop { story, json } => {
            let want = story.as_deref().map(StoryId::parse).transpose()?;
            let e = ops::stack::drop(&store, want.as_ref())?;
            if json {
                out.json(&json::Stack::Dropped(json::StackDropped {
                    schema_version: json::SchemaVersion,
                    dropped: e,
                }))?;
            } else {
                out.line(&format!("Dropped {} from the stack", e.story))?;
            }
            Ok(0)
        }
    }
}

/// Prints what [`ops::stack::pop_and_read`] did: the resume block of the story popped (or its
/// JSON).
fn print_popped(
    p: ops::stack::PoppedCheckpoint,
    json: bool,
    out: &mut Output,
    err: &mut crate::cli::ui::Messages,
) -> Result<i32> {
    let ops::stack::PoppedCheckpoint {
        popped:
            ops::stack::Popped {
                story,
                entry: popped,
                switched,
                remaining,
            },
        refname,
        revision: rev,
        parsed,
        warnings,
        provenance,
    } = p;
    if json {
        out.json(&json::Stack::Popped(Box::new(json::StackPopped {
            schema_version: json::SchemaVersion,
            popped,
            switched,
            remaining: remaining.entries,
            resume: json::Checkpoint {
                teammate_parts: json::TeammatePart::all(&provenance),
                ..json::Checkpoint::new(&story, &refname, &rev, &parsed, &warnings)
            },
        })))?;
    } else {
        out.line(&format!(
            "pop {}: {} at its checkpoint",
            story.display(),
            parsed.doc.stage.as_deref().unwrap_or("active")
        ))?;
        super::resume::print_block(out, &story.display(), &rev, &parsed, &provenance)?;
        for w in &warnings {
            err.warn(crate::cli::output::escape_controls(&provenance.tag(w)));
        }
        if let Some(next) = remaining.entries.first() {
            err.note(format_args!("next on the stack: {}", next.story));
        }
    }
    Ok(0)
}
