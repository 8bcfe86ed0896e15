//! `git checkpoint prompt`: a self-contained hand-off text for a fresh session or a subagent,
//! most important first, within a character budget that always keeps the next action and the
//! exact start command.

use super::resolve_story_noted;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::prompt;

/// Print a self-contained hand-off text for a fresh session or a subagent.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default as for `resume`.
    pub story: Option<String>,
    /// Keep the text within N characters (Unicode scalar values); parts are dropped from the
    /// least important up, and the next action and start command always stay (a teammate's
    /// are cut when they do not fit). Without it the text is whole, unless it holds a
    /// teammate's text: then it keeps to checkpoint.hookBudget.
    #[arg(long, value_name = "N")]
    pub max_chars: Option<usize>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `prompt`; returns the exit code.
///
/// # Errors
/// Repository, story and storage errors; [`Error::BudgetTooSmall`] for a budget too small.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let story = resolve_story_noted(err, &store, args.story.as_deref(), "prompt", true)?;
    let options = prompt::Options {
        story,
        max_chars: args.max_chars,
    };
    let brief = prompt::prompt(&store, options)?;
    if args.json {
        out.json(&json::Prompt {
            header: json::StoryHeader::new(brief.story.as_str()),
            chars: brief.text.chars().count(),
            max_chars: args.max_chars,
            next_action: brief.next_action,
            start_with: brief.start_with,
            omitted: brief.omitted.iter().map(|o| o.to_string()).collect(),
            text: brief.text,
        })?;
    } else {
        out.content(&brief.text)?;
    }
    Ok(0)
}
