//! `log`: a story's revisions, newest first, or its completed tasks in completion order, read
//! from commits only. Prints nothing.

use crate::error::Result;
use crate::formats;
use crate::json::rfc3339;
use crate::store::{self, Completion, Store, Summary};
use crate::story::StoryId;

use super::locate::Located;

/// What [`log`] reads.
#[derive(Debug, Clone)]
pub struct Options {
    /// The ref to read ([`super::locate::locate_for_read`]).
    pub at: Located,
    /// Also list the completed tasks in completion order ([`completed`]).
    pub completed: bool,
}

/// What [`log`] read.
#[derive(Debug, Clone)]
pub struct Report {
    /// The story.
    pub story: StoryId,
    /// The full ref name read.
    pub refname: String,
    /// The ref's history, newest first.
    pub history: Vec<Summary>,
    /// Where the history is cut (revisions whose parents are not in this clone, as in a
    /// shallow clone), newest first; empty when it is whole.
    pub cuts: Vec<store::Cut>,
    /// The completed tasks, oldest first, when [`Options::completed`] asked for them.
    pub completed: Option<Vec<Completion>>,
}

/// Reads the history of the ref `options` name, and with [`Options::completed`] its completed
/// tasks.
///
/// # Errors
/// Storage errors.
pub fn log(store: &Store, options: Options) -> Result<Report> {
    let Located {
        story,
        refname,
        tip,
    } = options.at;
    let history = store.history(tip)?;
    let cuts = store.cuts(&history);
    let completed = if options.completed {
        Some(completed(store, &refname, tip, &history)?)
    } else {
        None
    };
    Ok(Report {
        story,
        refname,
        history,
        cuts,
        completed,
    })
}

/// Completed tasks in completion order: the tip's recorded log (`meta.json` `completed`),
/// else derived from the history (tasks newly in Tasks Done at each revision, dated by its
/// commit), oldest first.
///
/// # Errors
/// Storage errors.
pub fn completed(
    store: &store::Store,
    refname: &str,
    tip: gix::ObjectId,
    history: &[store::Summary],
) -> Result<Vec<store::Completion>> {
    let rev = store.read(refname, tip)?;
    if !rev.meta.completed.is_empty() {
        return Ok(rev.meta.completed);
    }
    let mut out: Vec<store::Completion> = Vec::new();
    // The tasks listed, in a set: a history of tens of thousands of done tasks is linear.
    let mut listed: std::collections::HashSet<String> = std::collections::HashSet::new();
    for s in history.iter().rev() {
        let rev = store.read(refname, s.commit)?;
        for t in formats::parse_revision(store, &rev).doc.tasks_done {
            if listed.insert(t.text.clone()) {
                out.push(store::Completion {
                    task: t.text,
                    date: rfc3339(s.time, s.offset),
                    files: Vec::new(),
                });
            }
        }
    }
    Ok(out)
}
