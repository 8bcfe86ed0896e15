//! `git checkpoint release [STORY] [--force]`: give up the claim on a story (marked released,
//! on the remote too).

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::ops::claim::Action;

/// Release the claim on a story.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story to release; default: the current story (as save finds it).
    pub story: Option<String>,
    /// Release a claim someone else holds.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `release`; returns the exit code.
///
/// # Errors
/// [`git_checkpoint::Error::Held`] when someone else holds it (without `--force`); repository,
/// identity and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let story = {
        let (_, err, store) = ctx.open()?;
        super::resolve_story_noted(err, &store, args.story.as_deref(), "release", false)?
    };
    super::claim::execute(ctx, story, Action::Release, None, args.force, args.json)
}
