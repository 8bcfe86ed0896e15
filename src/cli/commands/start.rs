//! `git checkpoint start STORY`: make STORY this worktree's current story, used by commands
//! given no story when the branch name names none.

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::locate::Found;
use git_checkpoint::ops::start;
use git_checkpoint::story::StoryId;

/// Make a story this worktree's current story (used when no story is given).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story id to make current (`313`, `#313`, `R-007`); without it, show the current story
    /// and which story commands given none use here (exit 1 when none is set). `git checkpoint
    /// current` is the same command.
    pub story: Option<String>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `start`; returns the exit code.
///
/// # Errors
/// Repository and story errors; I/O errors writing `<git dir>/checkpoint/current`.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let story = args.story.as_deref().map(StoryId::parse).transpose()?;
    match start::start(&store, start::Options { story })? {
        start::Report::Started {
            story,
            previous,
            checkpoint_exists: exists,
            file,
        } => {
            if args.json {
                out.json(&json::Start {
                    schema_version: json::SchemaVersion,
                    story: story.as_str().to_string(),
                    previous: previous.map(|p| p.to_string()),
                    checkpoint_exists: exists,
                    file,
                })?;
            } else {
                let note = if exists {
                    format!("`git checkpoint resume {story}` shows where it stands")
                } else {
                    "no checkpoint yet; `git checkpoint save` creates one".to_string()
                };
                out.line(&format!("Current story: {} ({note})", story.display()))?;
            }
            Ok(0)
        }
        start::Report::NoneCurrent { used_instead } => {
            // Say what a command given no story would use instead.
            let instead = match used_instead {
                Some((s, Found::Branch(b))) => format!(
                    "; commands given no story use {} (from branch {b})",
                    s.display()
                ),
                Some((s, Found::Recorded(b))) => format!(
                    "; commands given no story use {} (the one checkpoint on branch {b})",
                    s.display()
                ),
                Some((s, Found::Env)) => format!(
                    "; commands given no story use {} (from GIT_CHECKPOINT_STORY)",
                    s.display()
                ),
                _ => String::new(),
            };
            err.error(format_args!(
                "no current story in this worktree; set one with `git checkpoint start <story>`{instead}"
            ));
            Ok(1)
        }
        start::Report::Current {
            story,
            branch,
            checkpoint_exists: exists,
            file,
            used_instead,
        } => {
            if args.json {
                out.json(&json::Start {
                    schema_version: json::SchemaVersion,
                    story: story.as_str().to_string(),
                    previous: Some(story.as_str().to_string()),
                    checkpoint_exists: exists,
                    file,
                })?;
                return Ok(0);
            }
            let on = branch
                .map(|b| format!(", made current on branch {b}"))
                .unwrap_or_default();
            let state = if exists { "" } else { "; no checkpoint yet" };
            out.line(&format!("Current story: {}{on}{state}", story.display()))?;
            // When something else wins here (the environment, or a branch naming another
            // story because the story was made current on another branch), say so.
            if let Some((s, found)) = used_instead {
                let (why, fix) = match found {
                    Found::Env => (
                        "GIT_CHECKPOINT_STORY".to_string(),
                        format!("unset it to use {}", story.display()),
                    ),
                    Found::Branch(b) => (
                        format!("branch {b}"),
                        format!(
                            "pass the story, or run `git checkpoint start {}` on this branch",
                            story.shown()
                        ),
                    ),
                    _ => ("the branch".to_string(), "pass the story".to_string()),
                };
                err.note(format_args!(
                    "commands given no story use {} here (from {why}); {fix}",
                    s.display()
                ));
            }
            Ok(0)
        }
    }
}
