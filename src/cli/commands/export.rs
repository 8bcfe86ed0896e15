//! `git checkpoint export STORY --format pair|team|pm|gstack [-o PATH]`: write a checkpoint as
//! the file another checkpoint system expects (seeds 000, 001, 003, 004).

use super::resolve_story_noted;
use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::formats::Format;
use git_checkpoint::json;
use git_checkpoint::ops::export;
use std::path::PathBuf;

/// Write a checkpoint as a pair, team, pm or gstack file.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story id; default as for `resume`. A finished story exports its final revision.
    pub story: Option<String>,
    /// The file format to write.
    #[arg(long, value_parser = super::export_format())]
    pub format: Format,
    /// Write to PATH instead of stdout; a directory gets the system's usual file name (a PATH
    /// ending in `/` is a directory, made when missing). A symlink of the work tree is followed
    /// only when it leads inside it, never into `.git/`; the file's mode is kept.
    #[arg(short = 'o', long, value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Replace a file at PATH that git-checkpoint did not write, or that changed since it
    /// wrote it. Without it such a file is left as it is and nothing is written: export replaces
    /// only files it wrote itself (recorded with their content's hash in
    /// `.git/checkpoint/exported`) or files that already hold what it would write.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `export`; returns the exit code.
///
/// # Errors
/// Repository, story and storage errors; [`git_checkpoint::Error::NotAFilePath`] or
/// [`git_checkpoint::Error::Write`] when PATH cannot
/// be written.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let story = resolve_story_noted(err, &store, args.story.as_deref(), "export", true)?;
    let name = args.format.name().to_string();
    let options = export::Options {
        story,
        format: args.format,
        output: args.output,
        force: args.force,
    };
    // Said before anything is written: what the file will not hold.
    let export::Report {
        story,
        format,
        exported,
        written,
    } = export::export(&store, options, &mut |exported| {
        if !exported.left_out.is_empty() {
            err.warn(format_args!(
                "the {} export leaves out the duplicate {} {} (their tasks are in no count); merge them into the first and save again",
                name,
                if exported.left_out.len() == 1 { "section" } else { "sections" },
                exported.left_out.join(", ")
            ));
        }
        // One line per field, and one for all the sections (a long document has dozens).
        let (sections, fields): (Vec<_>, Vec<_>) =
            exported.dropped.iter().partition(|d| d.field == "section");
        for d in &fields {
            err.warn(format_args!(
                "the {} format cannot hold {} ({}): left out of the export; `git checkpoint show` keeps it",
                name,
                d.field,
                d.detail
            ));
        }
        if !sections.is_empty() {
            const SHOWN: usize = 5;
            let mut list: Vec<&str> = sections
                .iter()
                .take(SHOWN)
                .map(|d| d.detail.as_str())
                .collect();
            let more = sections.len().saturating_sub(SHOWN);
            let more = (more > 0).then(|| format!("and {more} more"));
            list.extend(more.as_deref());
            err.warn(format_args!(
                "the {} format cannot hold {} {} the stored format does not read ({}): left out of the export (`--json` lists them); `git checkpoint show` keeps them",
                name,
                sections.len(),
                if sections.len() == 1 { "section" } else { "sections" },
                list.join(", ")
            ));
        }
    })?;
    if args.json {
        out.json(&json::Export {
            header: json::StoryHeader::new(story.as_str()),
            format: format.name().to_string(),
            written,
            document: exported.document,
            completed_md: exported.completed_md,
            stack_md: exported.stack_md,
            dropped: exported.dropped,
        })?;
    } else if written.is_empty() {
        out.content(&exported.document)?;
    } else {
        for w in &written {
            out.line(&format!("Wrote {w}"))?;
        }
    }
    Ok(0)
}
