//! What changed between two revisions of a story (`diff`): section by section, then as a
//! unified text diff of the documents.

use crate::error::Result;
use crate::formats;
use crate::model::{self, Document};
use crate::ops::locate::Located;
use crate::store::{Revision, Store};
use crate::story::StoryId;

/// Two revisions compared, by [`diff`].
#[derive(Debug, Clone)]
pub struct Compared {
    /// The story, shown as the new revision records it.
    pub story: StoryId,
    /// The old revision; `None` when the new one is the first.
    pub old: Option<Revision>,
    /// The new revision.
    pub new: Revision,
    /// What changed, section by section.
    pub changes: Changes,
    /// The unified diff of the two documents (3 lines of context), headed
    /// `a/<label of old>` and `b/<label of new>` (see [`label`]).
    pub unified_diff: String,
}

/// Section-level changes between two documents.
#[derive(Debug, Clone, Default, serde::Serialize, schemars::JsonSchema)]
pub struct Changes {
    /// Tasks newly in Tasks Done.
    pub tasks_done: Vec<String>,
    /// Todos that are new.
    pub todos_added: Vec<String>,
    /// Todos gone without being done.
    pub todos_removed: Vec<String>,
    /// Decisions that are new (or reworded).
    pub decisions_added: Vec<String>,
    /// Decisions gone (or reworded).
    pub decisions_removed: Vec<String>,
    /// Single-value fields whose value changed: `[field, old value, new value]`.
    pub fields_changed: Vec<(String, Option<String>, Option<String>)>,
    /// Other list fields (done_when, context, open_questions, files, sections): what was
    /// added and removed in each, `[field, added, removed]`; unchanged fields are left out.
    pub lists_changed: Vec<(String, Vec<String>, Vec<String>)>,
}

/// How a revision is named in a diff's header: `revision N`, or `(none)` before the first.
pub fn label(r: Option<&Revision>) -> String {
    match r {
        Some(r) => format!("revision {}", r.summary.revision),
        None => "(none)".to_string(),
    }
}

/// Compares revision `rev1` of the located story with `rev2` (each a number or a commit id, as
/// [`crate::store::resolve_revision`] takes them); by default `rev2` is the tip and `rev1` its first
/// parent (none for the first revision).
///
/// # Errors
/// [`crate::Error::NoSuchRevision`] for a revision not in the story's history,
/// [`crate::Error::AmbiguousRevision`] for one that names several; storage errors.
pub fn diff(
    store: &Store,
    at: &Located,
    rev1: Option<&str>,
    rev2: Option<&str>,
) -> Result<Compared> {
    let history = store.history(at.tip)?;
    let find = |r: &str| store.resolve_revision(&history, at.story.as_str(), &at.refname, r);
    let new_id = match rev2 {
        Some(r) => find(r)?,
        None => at.tip,
    };
    let new = store.read(&at.refname, new_id)?;
    let story = at.story.clone().shown_as(&new.summary.story_display);
    let old: Option<Revision> = match rev1 {
        Some(r) => Some(store.read(&at.refname, find(r)?)?),
        None => match new.summary.parents.first() {
            Some(p) => Some(store.read(&at.refname, *p)?),
            None => None,
        },
    };
    let old_text = old.as_ref().map(|o| o.document.as_str()).unwrap_or("");
    let old_doc = match &old {
        Some(o) => formats::parse_revision(store, o).doc,
        None => Document::default(),
    };
    let new_doc = formats::parse_revision(store, &new).doc;
    let (from, to) = (label(old.as_ref()), label(Some(&new)));
    // Myers' algorithm costs (lines x differing lines): two unrelated documents of tens of
    // thousands of lines would take seconds. Past the deadline similar finishes with a
    // coarser diff that is still exact (every line it shows changed did change).
    let unified_diff = similar::TextDiff::configure()
        .timeout(DIFF_TIMEOUT)
        .diff_lines(old_text, new.document.as_str())
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{from}"), &format!("b/{to}"))
        .to_string();
    Ok(Compared {
        story,
        changes: changes(&old_doc, &new_doc),
        old,
        new,
        unified_diff,
    })
}

/// How long the unified diff may search for the smallest diff before it settles for a larger
/// one (similar's `TextDiffConfig::timeout`).
const DIFF_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(200);

/// Compares `old` with `new` section by section; linear in the items (hash-set look-ups).
pub fn changes(old: &Document, new: &Document) -> Changes {
    use std::collections::HashSet;
    let texts = |t: &[model::Task]| t.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
    let minus = |a: &[String], b: &[String]| {
        let b: HashSet<&String> = b.iter().collect();
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
        todos_removed: minus(&minus(&old_todo, &new_todo), &newly_done),
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
