//! `git checkpoint at [COMMIT]`: the checkpoints taken at a code commit, read from the notes
//! index (`refs/notes/checkpoints`).

use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::at;

/// List the checkpoints taken at a code commit (from refs/notes/checkpoints).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A commit (any revision git understands); default HEAD.
    #[arg(default_value = "HEAD")]
    pub commit: String,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `at`; returns the exit code (0 even when no checkpoint was taken there).
///
/// # Errors
/// [`git_checkpoint::Error::UnknownRevision`] when the revision names nothing,
/// [`git_checkpoint::Error::NotACommit`] when it names a tree or a blob; storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let at::Report {
        commit,
        checkpoints: lines,
    } = at::at(
        &store,
        at::Options {
            commit: args.commit,
        },
    )?;
    if args.json {
        out.json(&json::At {
            schema_version: json::SchemaVersion,
            commit: commit.to_string(),
            checkpoints: lines,
        })?;
        return Ok(0);
    }
    if lines.is_empty() {
        err.info(format_args!(
            "no checkpoint was saved at {}",
            &commit.to_string()[..12]
        ));
    }
    for l in &lines {
        out.line(&format!(
            "{:<16} r{:<4} {}  {}",
            l.story,
            l.revision,
            &l.checkpoint[..12.min(l.checkpoint.len())],
            l.summary
        ))?;
    }
    Ok(0)
}
