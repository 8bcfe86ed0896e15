//! `git checkpoint show`: the stored document as is, for tools and PR bodies.

use super::{locate_for_read, read_revision};
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::formats;

/// Output formats of `show`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The stored checkpoint.md.
    Markdown,
    /// The parsed checkpoint as one JSON document (same fields as `resume --json`).
    Json,
    /// A pull-request description: summary, tasks done, key decisions, remaining work, links.
    Pr,
}

/// Print the stored checkpoint document as is (markdown or JSON).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default as for `resume`. `REMOTE/STORY` (e.g. `origin/313`) reads the fetched
    /// copy at refs/remotes/REMOTE/checkpoints/STORY.
    pub story: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
    /// Same as `--format json`.
    #[arg(long)]
    pub json: bool,
    /// Show an older revision: its number or commit id.
    #[arg(long, value_name = "N|COMMIT")]
    pub rev: Option<String>,
    /// Read a finished story from refs/checkpoints-archive/.
    #[arg(long)]
    pub archived: bool,
    /// Write control characters raw even on a terminal.
    #[arg(long)]
    pub raw: bool,
}

/// Runs `show`; returns the exit code.
///
/// # Errors
/// Repository, story and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let at = locate_for_read(err, &store, args.story.as_deref(), "show", args.archived)?;
    let rev = read_revision(&store, &at, args.rev.as_deref())?;
    let (story, refname) = (at.story, at.refname);
    let story = story.shown_as(&rev.summary.story_display);
    out.start_pager();
    if args.format == Format::Pr && !args.json {
        let parsed = formats::parse_revision(&store, &rev);
        out.content(&git_checkpoint::formats::pr::render(
            &story, &refname, &rev, &parsed,
        ))?;
    } else if args.json || args.format == Format::Json {
        let parsed = formats::parse_revision(&store, &rev);
        out.json(&git_checkpoint::json::Checkpoint::new(
            &story,
            &refname,
            &rev,
            &parsed,
            &[],
        ))?;
    } else if args.raw || !out.shown {
        out.raw(&rev.document)?;
    } else {
        out.line(rev.document.trim_end())?;
    }
    Ok(0)
}
