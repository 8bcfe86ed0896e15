//! `git checkpoint handoff STORY --to WHO [-m NOTE]`: offer the claim on a story to a named
//! teammate or agent, who sees it offered in list and in the brief and takes it with `claim`.

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::ops::claim::Action;
use git_checkpoint::story::StoryId;

/// Offer the claim on a story to a named teammate or agent.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story to hand off.
    pub story: String,
    /// Who takes it over: an email, a name, an agent or a session id.
    #[arg(long, value_name = "WHO")]
    pub to: String,
    /// A note for them.
    #[arg(short = 'm', long, value_name = "NOTE")]
    pub message: Option<String>,
    /// Hand off a claim someone else holds.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `handoff`; returns the exit code.
///
/// # Errors
/// [`git_checkpoint::Error::Held`] when someone else holds it (without `--force`); repository,
/// identity and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let story = StoryId::parse(&args.story)?;
    let action = Action::Handoff {
        to: args.to,
        note: args.message,
    };
    super::claim::execute(ctx, story, action, None, args.force, args.json)
}
