//! `git checkpoint import PATH...`: bring checkpoints from the four seed systems into refs.
//!
//! The use case is [`git_checkpoint::ops::import::import`]'s (plan, secret scan, revisions,
//! stack entries, the current story); this command converts its arguments and prints the
//! notes, warnings and report, saying when a story already existed.

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::formats::import::Notice;
use git_checkpoint::formats::Format;
use git_checkpoint::json;
use git_checkpoint::ops::import::{self, Event};
use git_checkpoint::story::StoryId;
use std::path::PathBuf;

/// Import checkpoint files of the pair, team, pm and gstack systems.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Files to import.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Import into this story instead of the one each file names.
    #[arg(long)]
    pub story: Option<String>,
    /// How to read the files.
    // `std::option::Option` keeps clap from making the flag optional: `auto` parses to `None`.
    #[arg(long, value_parser = super::import_format(), default_value = "auto")]
    pub format: std::option::Option<Format>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
    /// Import even if a file holds what looks like a credential (this import only), recording
    /// it as accepted on the revisions written (see checkpoint.secretScan).
    #[arg(long)]
    pub allow_secret: bool,
    /// Import a file that no format recognises anyway, as a pair checkpoint. Without it such a
    /// file (a README, a page that only shares a checkpoint's file name: no section, field,
    /// task, decision, next step or branch any format reads, no hand-off heading) is refused
    /// and nothing is imported.
    #[arg(long)]
    pub force: bool,
}

/// Runs `import`; returns the exit code.
///
/// # Errors
/// As [`import::import`]: a file that cannot be read or placed (every file is read and parsed
/// before anything is written); secret refusals and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let options = import::Options {
        story: args.story.as_deref().map(StoryId::parse).transpose()?,
        paths: args.paths,
        format: args.format,
        allow_secret: args.allow_secret,
        force: args.force,
    };
    let import::Report {
        imported: report,
        stack_pushed: pushed,
        current: make_current,
    } = import::import(&store, options, &mut |event| match event {
        Event::Plan(Notice::Note(n)) => err.note(n),
        Event::Plan(Notice::Warning(w)) => err.warn(w),
        Event::Existing {
            story,
            existing: e,
            written,
        } => {
            let mut note = format!(
                "story {story} already had revisions (tip: revision {}, {}): {} added to its history by date",
                e.revision,
                git_checkpoint::json::rfc3339(e.time, 0),
                crate::cli::output::count(written, "imported revision", "imported revisions"),
            );
            if e.older > 0 {
                note.push_str(&format!(
                    "; {} dated before the tip joined below it by a merge, so revision {} stays the newest",
                    e.older, e.revision
                ));
            }
            err.note(&note);
        }
        Event::Finished { story, refname } => err.note(format_args!(
            "story {story} finished: its newest checkpoint says status: completed (now {refname})"
        )),
    })?;

    if args.json {
        out.json(&json::Import {
            schema_version: json::SchemaVersion,
            imported: report,
            stack_pushed: pushed,
            current: make_current.map(|s| s.to_string()),
        })?;
    } else {
        for r in &report {
            out.line(&format!(
                "{}: {} written, {} unchanged ({})",
                r.story,
                crate::cli::output::count(r.written, "revision", "revisions"),
                r.unchanged,
                r.refname
            ))?;
        }
        if !pushed.is_empty() {
            out.line(&format!("stack: pushed {}", pushed.join(", ")))?;
        }
        if let Some(s) = &make_current {
            out.line(&format!("Current story: {s}"))?;
        }
    }
    Ok(0)
}
