//! `git checkpoint switch STORY`: save the current story (a revision recording the switch),
//! then make STORY current.

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::switch;
use git_checkpoint::story::StoryId;

/// Save the current story, then make another one current.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story to switch to.
    pub story: String,
    /// Journal entry for the revision saved on the story being left.
    #[arg(short = 'm', long, value_name = "TEXT")]
    pub message: Option<String>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `switch`; returns the exit code.
///
/// # Errors
/// Repository, story, identity and storage errors; the current story is unchanged on error.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let to = StoryId::parse(&args.story)?;
    // The story `save` would act on now (the same precedence), saved before switching.
    let from = match super::resolve_story(&store, None, "switch", false) {
        Ok((story, found)) if story != to => {
            super::note_found(err, &story, &found);
            Some(story)
        }
        _ => None,
    };
    let options = switch::Options {
        from,
        to,
        message: args.message,
    };
    let switch::Report {
        from,
        saved,
        story: to,
        checkpoint_exists: exists,
    } = switch::switch(&store, options)?;
    for held in saved.iter().flat_map(|s| &s.held) {
        err.warn(format_args!("{held}"));
    }
    if args.json {
        out.json(&json::Switch {
            schema_version: json::SchemaVersion,
            from: from.as_ref().map(|f| f.to_string()),
            saved: saved.as_ref().map(|s| json::SwitchSaved {
                refname: s.refname.clone(),
                commit: s.commit.to_string(),
                revision: s.revision.summary.revision,
            }),
            story: to.as_str().to_string(),
            checkpoint_exists: exists,
        })?;
    } else {
        if let (Some(f), Some(s)) = (&from, &saved) {
            out.line(&format!(
                "Saved {} (revision {}, {})",
                f.display(),
                s.revision.summary.revision,
                &s.commit.to_string()[..12]
            ))?;
        }
        out.line(&format!("Current story: {}", to.display()))?;
    }
    Ok(0)
}
