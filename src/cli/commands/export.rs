//! `git checkpoint export STORY --format pair|team|pm|gstack [-o PATH]`: write a checkpoint as
//! the file another checkpoint system expects (seeds 000, 001, 003, 004).

use super::resolve_story_noted;
use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::formats::Format;
use git_checkpoint::json;
use std::path::{Path, PathBuf};

/// Write a checkpoint as a pair, team, pm or gstack file.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story id; default as for `resume`.
    pub story: Option<String>,
    /// The file format to write.
    #[arg(long, value_parser = super::export_format())]
    pub format: Format,
    /// Write to PATH instead of stdout; a directory gets the system's usual file name (a PATH
    /// ending in `/` is a directory, made when missing).
    #[arg(short = 'o', long, value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path.file_name().ok_or_else(|| Error::NotAFilePath {
        path: path.to_path_buf(),
    })?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    git_checkpoint::signals::replace_file(path, &tmp, text.as_bytes()).map_err(|e| Error::Write {
        path: path.to_path_buf(),
        cause: e,
    })
}

/// Runs `export`; returns the exit code.
///
/// # Errors
/// Repository, story and storage errors; [`Error::NotAFilePath`] or [`Error::Write`] when PATH cannot
/// be written.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let story = resolve_story_noted(err, &store, args.story.as_deref(), "export", true)?;
    let (refname, tip) = git_checkpoint::store::locate(&store, &story, false)?;
    let rev = store.read(&refname, tip)?;
    let story = story.shown_as(&rev.summary.story_display);
    let exported = args.format.export(&store, &story, &rev)?;
    if !exported.left_out.is_empty() {
        err.warn(format_args!(
            "the {} export leaves out the duplicate {} {} (their tasks are in no count); merge them into the first and save again",
            args.format.name(),
            if exported.left_out.len() == 1 { "section" } else { "sections" },
            exported.left_out.join(", ")
        ));
    }
    let mut written = Vec::new();
    if let Some(o) = &args.output {
        // `-o dir/` names a directory, as with cp and mv: made when missing (with its parents).
        let text = o.as_os_str().to_string_lossy();
        if (text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR)) && !o.is_dir() {
            std::fs::create_dir_all(o).map_err(|e| Error::Write {
                path: o.clone(),
                cause: e,
            })?;
        }
        let path = if o.is_dir() {
            o.join(args.format.file_name(&story, &rev))
        } else {
            o.clone()
        };
        let beside = exported
            .beside()
            .map(|(name, c)| (path.with_file_name(name), c));
        write_atomic(&path, &exported.document)?;
        written.push(path.display().to_string());
        if let Some((p, c)) = beside {
            write_atomic(&p, c)?;
            written.push(p.display().to_string());
        }
    }
    if args.json {
        out.json(&json::Export {
            header: json::StoryHeader::new(story.as_str()),
            format: args.format.name().to_string(),
            written,
            document: exported.document,
            completed_md: exported.completed_md,
            stack_md: exported.stack_md,
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
