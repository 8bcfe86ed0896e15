//! `git checkpoint start STORY`: make STORY this worktree's current story, used by commands
//! given no story when the branch name names none.

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::story::StoryId;

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// Make a story this worktree's current story (used when no story is given).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story id to make current (`313`, `#313`, `R-007`).
    pub story: String,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `start`; returns the exit code.
///
/// # Errors
/// Repository and story errors; I/O errors writing `<git dir>/checkpoint/current`.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, _err, store) = ctx.open()?;
    let story = StoryId::parse(&args.story)?;
    let previous = start(&store, &story)?;
    let exists = store.tip(&story.refname())?.is_some();
    if args.json {
        out.json(&json::Start {
            schema_version: json::SchemaVersion,
            story: story.as_str().to_string(),
            previous: previous.map(|p| p.to_string()),
            checkpoint_exists: exists,
            file: git_checkpoint::current::path(&store).display().to_string(),
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

/// Sets `story` as current; returns the story that was current before.
///
/// # Errors
/// I/O errors.
pub fn start(store: &git_checkpoint::store::Store, story: &StoryId) -> Result<Option<StoryId>> {
    let previous = git_checkpoint::current::get(store);
    git_checkpoint::current::set(store, story)?;
    Ok(previous)
}
