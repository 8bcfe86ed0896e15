//! `git checkpoint export STORY --format pair|team|pm|gstack [-o PATH]`: write a checkpoint as
//! the file another checkpoint system expects (seeds 000, 001, 003, 004).

use super::{note_found, parse_rev, resolve_story};
use crate::cli::context::Context;
use crate::cli::output::rfc3339;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::formats::{self, team::JOURNAL_KEEP};
use git_checkpoint::json;
use git_checkpoint::model::JournalEntry;
use git_checkpoint::store::{Revision, Store};
use git_checkpoint::story::StoryId;
use std::path::{Path, PathBuf};

/// Export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `.pair/working/checkpoints/<story>.md` (seed 000).
    Pair,
    /// `working-context.md`, plus `completed.md` beside it with `-o` (seed 001).
    Team,
    /// `NOW.md` (seed 003).
    Pm,
    /// A timestamped checkpoint file with front matter (seed 004).
    Gstack,
}

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// Write a checkpoint as a pair, team, pm or gstack file.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only errors and warnings on stderr, and the data asked for on stdout (`--json`).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Story id; default as for `resume`.
    pub story: Option<String>,
    /// The file format to write.
    #[arg(long, value_enum)]
    pub format: Format,
    /// Write to PATH (a directory gets the system's usual file name) instead of stdout.
    #[arg(short = 'o', long, value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Renders `rev` of `story` in `format`; returns the document and, for `team`, `completed.md`.
pub fn render(
    store: &Store,
    story: &StoryId,
    rev: &Revision,
    format: Format,
) -> Result<(String, Option<String>)> {
    let mut d = parse_rev(store, rev).doc;
    if d.story.is_none() {
        d.story = Some(story.display());
    }
    if d.branch.is_none() {
        d.branch = rev.meta.branch.clone();
    }
    if d.title.is_none() {
        d.title = rev.meta.title.clone();
    }
    let source = rev.meta.template.as_str();
    let template = match format {
        Format::Pair => formats::Format::Pair,
        Format::Team => formats::Format::Team,
        Format::Pm => formats::Format::Pm,
        Format::Gstack => formats::Format::Gstack,
    };
    let mut completed = None;
    if format == Format::Team {
        completed = Some(formats::team::render_completed_md(&rev.meta.completed));
    }
    // The checkpoint's own format is exported as stored: nothing is lost or reflowed.
    if template.name() == source {
        return Ok((rev.document.clone(), completed));
    }
    match format {
        Format::Team => {
            if d.journal.is_empty() {
                let tip = rev.summary.commit;
                let mut history = store.history(tip)?;
                history.reverse();
                let skip = history.len().saturating_sub(JOURNAL_KEEP);
                d.journal = history[skip..]
                    .iter()
                    .map(|s| JournalEntry {
                        at: rfc3339(s.time, s.offset),
                        subject: s.subject.clone(),
                        body: s.body.clone(),
                    })
                    .collect();
            }
            if d.story.as_deref() == Some(&story.display()) {
                d.story = Some(story.shown().to_string());
            }
            completed = Some(formats::team::render_completed_md(&rev.meta.completed));
        }
        Format::Gstack => {
            if source != "gstack" {
                d.last_updated = Some(rfc3339(rev.summary.time, rev.summary.offset));
            }
            if d.files.is_empty() {
                d.files = rev
                    .meta
                    .files_modified
                    .iter()
                    .map(|f| f.path.clone())
                    .collect();
                d.files.dedup();
            }
            if d.status.is_none() || source == "pm" {
                d.status = Some(
                    if rev.meta.status == "done" {
                        "completed"
                    } else {
                        "in-progress"
                    }
                    .into(),
                );
            }
        }
        Format::Pm => {
            if source != "pm" {
                d.status = Some("active".into());
            }
        }
        Format::Pair => {}
    }
    Ok((template.render(&d), completed))
}

fn default_name(format: Format, story: &StoryId, rev: &Revision) -> String {
    match format {
        Format::Pair => format!("{story}.md"),
        Format::Team => "working-context.md".into(),
        Format::Pm => "NOW.md".into(),
        Format::Gstack => {
            let t = chrono::DateTime::from_timestamp(rev.summary.time, 0).unwrap_or_default();
            let title = rev.meta.title.clone().unwrap_or_else(|| story.to_string());
            let slug: String = title
                .to_lowercase()
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
                .collect();
            let slug = slug
                .split('-')
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join("-");
            format!("{}-{slug}.md", t.format("%Y%m%d-%H%M%S"))
        }
    }
}

fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| Error::Input(format!("-o {}: not a file path", path.display())))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    git_checkpoint::signals::replace_file(path, &tmp, text.as_bytes()).map_err(|e| {
        Error::Input(format!(
            "cannot write {}: {e}; check that the directory exists and is writable",
            path.display()
        ))
    })
}

/// Runs `export`; returns the exit code.
///
/// # Errors
/// Repository, story and storage errors; [`Error::Input`] when PATH cannot be written.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let out = &mut ctx.ui.out;
    let err = &mut ctx.ui.err;
    let store = ctx.repo.store()?;
    let (story, found) = resolve_story(&store, args.story.as_deref(), "export", true)?;
    note_found(err, &story, &found);
    let (refname, tip) = git_checkpoint::store::locate(&store, &story, false)?;
    let rev = store.read(&refname, tip)?;
    let story = story.shown_as(&rev.summary.story_display);
    let (text, completed) = render(&store, &story, &rev, args.format)?;
    let mut written = Vec::new();
    if let Some(o) = &args.output {
        let path = if o.is_dir() {
            o.join(default_name(args.format, &story, &rev))
        } else {
            o.clone()
        };
        let completed_path = completed
            .as_ref()
            .filter(|c| !c.is_empty())
            .map(|c| (path.with_file_name("completed.md"), c));
        write_atomic(&path, &text)?;
        written.push(path.display().to_string());
        if let Some((p, c)) = completed_path {
            write_atomic(&p, c)?;
            written.push(p.display().to_string());
        }
    }
    let format = format!("{:?}", args.format).to_lowercase();
    if args.json {
        out.json(&json::Export {
            schema_version: json::SchemaVersion,
            story: story.as_str().to_string(),
            format,
            written,
            document: text,
            completed_md: completed,
        })?;
    } else if written.is_empty() {
        out.raw(&text)?;
    } else {
        for w in &written {
            out.line(&format!("Wrote {w}"))?;
        }
    }
    Ok(0)
}
