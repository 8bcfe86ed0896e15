//! `git checkpoint import PATH...`: bring checkpoints from the four seed systems into refs.
//!
//! Which file is which and what revisions it becomes is [`git_checkpoint::formats::import`]'s
//! (per format); [`git_checkpoint::ops::import::write`] writes each story's revisions in date
//! order (skipping those its history already holds, so importing the same files twice changes
//! nothing); this command scans them for secrets first, then writes the plan (revisions,
//! stack entries, the current story) and says when a story already existed.

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::error::Result;
use git_checkpoint::formats::import::{self, Notice, Plan};
use git_checkpoint::formats::Format;
use git_checkpoint::json;
use git_checkpoint::stack;
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
}

/// Runs `import`; returns the exit code.
///
/// # Errors
/// As [`import::plan`] (a file that cannot be read or placed; every file is read and parsed
/// before anything is written); secret refusals and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let explicit = args.story.as_deref().map(StoryId::parse).transpose()?;
    let options = import::Options {
        story: explicit.as_ref(),
        format: args.format.as_ref(),
    };
    let Plan {
        revisions: plans,
        sources,
        stack: stack_entries,
        current: make_current,
    } = import::plan(&store, &args.paths, options, &mut |notice| match notice {
        Notice::Note(n) => err.note(n),
        Notice::Warning(w) => err.warn(w),
    })?;

    // Every revision is scanned before the first is written, so a refusal writes nothing.
    if git_checkpoint::secrets::enabled(&store, args.allow_secret)? {
        for (story, planned) in &plans {
            for pl in planned {
                let place = format!("checkpoint.md of story {story} ({})", pl.subject);
                let journal = format!("{}\n{}", pl.subject, pl.body);
                git_checkpoint::secrets::refuse(
                    &[(&place, &pl.document), ("the journal entry", &journal)],
                    "import",
                    "written",
                )?;
            }
        }
    }
    let mut report = Vec::new();
    for (story, planned) in plans {
        let refname = story.refname();
        let w = git_checkpoint::ops::import::write(&store, &story, planned, args.allow_secret)?;
        if let Some(e) = &w.existing {
            let mut note = format!(
                "story {story} already had revisions (tip: revision {}, {}): {} added to its history by date",
                e.revision,
                git_checkpoint::json::rfc3339(e.time, 0),
                crate::cli::output::count(w.written, "imported revision", "imported revisions"),
            );
            if e.older > 0 {
                note.push_str(&format!(
                    "; {} dated before the tip joined below it by a merge, so revision {} stays the newest",
                    e.older, e.revision
                ));
            }
            err.note(&note);
        }
        report.push(json::Imported {
            story: story.as_str().to_string(),
            refname,
            written: w.written,
            unchanged: w.unchanged,
            files: sources.get(&story).cloned().unwrap_or_default(),
        });
    }

    let mut pushed = Vec::new();
    if !stack_entries.is_empty() {
        let (_, current) = stack::read(&store)?;
        let missing: Vec<_> = stack_entries
            .iter()
            .filter(|(s, _)| !current.entries.iter().any(|e| e.story == s.as_str()))
            .collect();
        if !missing.is_empty() {
            git_checkpoint::ops::stack::update(&store, "stack: import STACK.md", |st| {
                // Bottom entries first, so STACK.md's top ends on top.
                for (s, e) in missing.iter().rev() {
                    if st.entries.iter().any(|x| x.story == s.as_str()) {
                        continue;
                    }
                    let tip = store.tip(&s.refname())?.map(|t| t.to_string());
                    st.entries.insert(0, e.to_stack_entry(s, tip));
                }
                Ok(())
            })?;
            pushed = missing.iter().map(|(s, _)| s.to_string()).collect();
        }
    }
    if let Some(s) = &make_current {
        git_checkpoint::current::set(&store, s)?;
    }

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
