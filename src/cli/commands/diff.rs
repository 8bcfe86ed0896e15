//! `git checkpoint diff`: what changed between two revisions, section by section, then as a
//! unified text diff.

use super::locate_for_read;
use crate::cli::context::Context;
use crate::cli::output::Output;
use git_checkpoint::error::Result;
use git_checkpoint::formats;
use git_checkpoint::json;
use git_checkpoint::model::{self, Document};
use git_checkpoint::store::{self, Revision};

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// Compare two revisions section by section, then as text.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default as for `resume`.
    pub story: Option<String>,
    /// Old revision (number or commit); default: the tip's parent.
    pub rev1: Option<String>,
    /// New revision (number or commit); default: the tip.
    pub rev2: Option<String>,
    /// Read a finished story from refs/checkpoints-archive/.
    #[arg(long)]
    pub archived: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

use git_checkpoint::json::Changes;

/// Compares `old` with `new` section by section.
pub fn changes(old: &Document, new: &Document) -> Changes {
    let texts = |t: &[model::Task]| t.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
    let minus = |a: &[String], b: &[String]| {
        a.iter()
            .filter(|x| !b.contains(x))
            .cloned()
            .collect::<Vec<_>>()
    };
    let (old_done, new_done) = (texts(&old.tasks_done), texts(&new.tasks_done));
    let (old_todo, new_todo) = (texts(&old.tasks_remaining), texts(&new.tasks_remaining));
    let newly_done = minus(&new_done, &old_done);
    let mut c = Changes {
        todos_added: minus(&new_todo, &old_todo),
        todos_removed: minus(&old_todo, &new_todo)
            .into_iter()
            .filter(|t| !newly_done.contains(t))
            .collect(),
        tasks_done: newly_done,
        decisions_added: minus(&new.decisions, &old.decisions),
        decisions_removed: minus(&old.decisions, &new.decisions),
        ..Changes::default()
    };
    for (name, a, b) in [
        ("title", &old.title, &new.title),
        ("goal", &old.goal, &new.goal),
        ("branch", &old.branch, &new.branch),
        ("next_action", &old.next_action, &new.next_action),
        ("stage", &old.stage, &new.stage),
        ("status", &old.status, &new.status),
        ("stopped_at", &old.stopped_at, &new.stopped_at),
        ("start_with", &old.start_with, &new.start_with),
    ] {
        if a != b {
            c.fields_changed.push((name.into(), a.clone(), b.clone()));
        }
    }
    let checks = |t: &[model::Task]| {
        t.iter()
            .map(|t| format!("[{}] {}", if t.done { "x" } else { " " }, t.text))
            .collect::<Vec<_>>()
    };
    let sections = |d: &Document| {
        d.sections
            .iter()
            .map(|(h, b)| format!("{h}: {b}"))
            .collect::<Vec<_>>()
    };
    for (name, a, b) in [
        ("done_when", checks(&old.done_when), checks(&new.done_when)),
        ("context", old.context.clone(), new.context.clone()),
        (
            "open_questions",
            old.open_questions.clone(),
            new.open_questions.clone(),
        ),
        ("files", old.files.clone(), new.files.clone()),
        ("sections", sections(old), sections(new)),
    ] {
        let (added, removed) = (minus(&b, &a), minus(&a, &b));
        if !added.is_empty() || !removed.is_empty() {
            c.lists_changed.push((name.into(), added, removed));
        }
    }
    c
}

/// Runs `diff`; returns the exit code.
///
/// # Errors
/// Repository, story, revision and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let at = locate_for_read(err, &store, args.story.as_deref(), "diff", args.archived)?;
    let (story, refname, tip) = (at.story, at.refname, at.tip);
    let history = store.history(tip)?;
    let find = |r: &str| store::resolve_revision(&history, story.as_str(), &refname, r);
    let new_id = match &args.rev2 {
        Some(r) => find(r)?,
        None => tip,
    };
    let new = store.read(&refname, new_id)?;
    let story = story.clone().shown_as(&new.summary.story_display);
    let old: Option<Revision> = match &args.rev1 {
        Some(r) => Some(store.read(&refname, find(r)?)?),
        None => match new.summary.parents.first() {
            Some(p) => Some(store.read(&refname, *p)?),
            None => None,
        },
    };
    let old_text = old.as_ref().map(|o| o.document.as_str()).unwrap_or("");
    let old_doc = match &old {
        Some(o) => formats::parse_revision(&store, o).doc,
        None => Document::default(),
    };
    let new_doc = formats::parse_revision(&store, &new).doc;
    let c = changes(&old_doc, &new_doc);
    out.start_pager();
    let label = |r: Option<&Revision>| match r {
        Some(r) => format!("revision {}", r.summary.revision),
        None => "(none)".to_string(),
    };
    let (from, to) = (label(old.as_ref()), label(Some(&new)));
    let text = similar::TextDiff::from_lines(old_text, new.document.as_str())
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{from}"), &format!("b/{to}"))
        .to_string();
    if args.json {
        out.json(&json::Diff {
            header: json::StoryHeader::new(story.as_str()),
            from: old.as_ref().map(|o| o.summary.commit.to_string()),
            to: new.summary.commit.to_string(),
            changes: c,
            unified_diff: text,
        })?;
        return Ok(0);
    }
    out.painted(&out.paint("1", &format!("{} {from} -> {to}", story.display())))?;
    let mut any = false;
    let mut section =
        |out: &mut Output, title: &str, items: &[String], mark: &str| -> std::io::Result<()> {
            if !items.is_empty() {
                any = true;
                out.line(&format!("{title}:"))?;
                for i in items {
                    out.line(&format!("  {mark} {i}"))?;
                }
            }
            Ok(())
        };
    section(out, "Tasks done", &c.tasks_done, "[x]")?;
    section(out, "Todos added", &c.todos_added, "+")?;
    section(out, "Todos removed", &c.todos_removed, "-")?;
    section(out, "Decisions added", &c.decisions_added, "+")?;
    section(out, "Decisions removed", &c.decisions_removed, "-")?;
    for (field, added, removed) in &c.lists_changed {
        section(out, &format!("{field} added"), added, "+")?;
        section(out, &format!("{field} removed"), removed, "-")?;
    }
    for (field, a, b) in &c.fields_changed {
        any = true;
        let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
        out.line(&format!("{field} changed: {} -> {}", show(a), show(b)))?;
    }
    if !any {
        out.line("No section changes.")?;
    }
    out.line("")?;
    for line in text.lines() {
        let painted = match line.chars().next() {
            Some('+') if !line.starts_with("+++") => out.paint("32", &out.safe(line)),
            Some('-') if !line.starts_with("---") => out.paint("31", &out.safe(line)),
            Some('@') => out.paint("36", &out.safe(line)),
            _ => out.safe(line),
        };
        out.painted(&painted)?;
    }
    Ok(0)
}
