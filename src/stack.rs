//! The stack of suspended stories (seed 003's `STACK.md`), kept in git at
//! [`STACK_REF`] so it survives machines and can be shared: each change
//! is a commit whose tree holds `stack.json` (the entries, top first) and `STACK.md` (the same
//! entries in seed 003's format); the commit chain is the stack's history. Every change is a
//! compare-and-swap on the ref, retried when another process moved it.

use crate::error::{Error, Result};
use crate::store::{Store, STACK_REF};
use crate::story::StoryId;
use gix::ObjectId;

/// `stack.json`'s file name.
pub const STACK_FILE: &str = "stack.json";
/// The human rendering's file name.
pub const STACK_MD: &str = "STACK.md";

/// One suspended story.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct Entry {
    /// Canonical story id.
    #[schemars(extend("pattern" = crate::names::STORY_PATTERN))]
    pub story: String,
    /// The story as written when that differs from the canonical id only in case (`R-009`).
    #[serde(default)]
    pub story_display: Option<String>,
    /// Title at the time of the push.
    #[serde(default)]
    pub title: Option<String>,
    /// The branch to restore (the checkpoint's branch).
    #[serde(default)]
    pub branch: Option<String>,
    /// The item's stage, when its template has one.
    #[serde(default)]
    pub stage: Option<String>,
    /// Why it was suspended, verbatim.
    pub reason: String,
    /// When it was pushed, RFC 3339 (an imported STACK.md's `Pushed: YYYY-MM-DD HH:MM` is
    /// read in the local time zone, as the pm format writes it).
    pub pushed_at: String,
    /// Full hex id of the story's checkpoint tip at the push, if it had one.
    #[serde(default)]
    #[schemars(extend("pattern" = crate::names::OID_PATTERN))]
    pub checkpoint: Option<String>,
    /// The next action recorded in that checkpoint.
    #[serde(default)]
    pub next_action: Option<String>,
    /// Where the checkpoint stopped (the pm format's `Stopped at`).
    #[serde(default)]
    pub stopped_at: Option<String>,
    /// The exact command or file to start with (the pm format's `Start with`).
    #[serde(default)]
    pub start_with: Option<String>,
    /// The item's other header fields in order, as (key, value): the pm format's Brief, Spec,
    /// Plan, Milestone, Started.
    #[serde(default)]
    pub fields: Vec<(String, String)>,
    /// The checks that must hold before the item is done (the pm format's `Done when`).
    #[serde(default)]
    pub done_when: Vec<crate::model::Task>,
    /// The checkpoint's decisions.
    #[serde(default)]
    pub decisions: Vec<String>,
    /// The checkpoint's context notes.
    #[serde(default)]
    pub context: Vec<String>,
    /// The checkpoint's open questions.
    #[serde(default)]
    pub open_questions: Vec<String>,
}

impl Entry {
    /// The entry of `story` suspended with `reason` at `pushed_at` (RFC 3339), holding
    /// checkpoint `checkpoint` (full hex id) whose document is `d`: title, branch, stage, the
    /// other fields, Done when and the checkpoint block (stopped at, next action, start with,
    /// decisions, context, open questions) come from the document. The id as typed is kept
    /// when it has capitals.
    pub fn from_document(
        story: &StoryId,
        d: &crate::model::Document,
        reason: String,
        pushed_at: String,
        checkpoint: Option<String>,
    ) -> Entry {
        Entry {
            story: story.to_string(),
            story_display: story.has_case().then(|| story.shown().to_string()),
            title: d.title.clone(),
            branch: d.branch.clone(),
            stage: d.stage.clone(),
            reason,
            pushed_at,
            checkpoint,
            next_action: d.next_action.clone(),
            stopped_at: d.stopped_at.clone(),
            start_with: d.start_with.clone(),
            fields: d.fields.clone(),
            done_when: d.done_when.clone(),
            decisions: d.decisions.clone(),
            context: d.context.clone(),
            open_questions: d.open_questions.clone(),
        }
    }
}

/// The stack as stored: `entries[0]` is the top.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stack {
    /// Format version, 1.
    pub schema_version: u32,
    /// Entries, top first.
    pub entries: Vec<Entry>,
}

/// Reads the stack and the commit it was read from (`None` when it was never written).
///
/// # Errors
/// [`Error::Corrupt`] when `stack.json` is missing or invalid; [`Error::Git`].
pub fn read(store: &Store) -> Result<(Option<ObjectId>, Stack)> {
    let Some(tip) = store.tip(STACK_REF)? else {
        return Ok((None, Stack::default()));
    };
    let corrupt = |reason: String| crate::store::corrupt(STACK_REF, tip, reason);
    let commit = store
        .repo()
        .find_commit(tip)
        .map_err(|e| Error::git(format!("cannot read {STACK_REF}"), e))?;
    let tree = commit
        .tree()
        .map_err(|e| Error::git(format!("cannot read the tree of {tip}"), e))?;
    let data = store
        .tree_file(STACK_REF, tip, &tree, STACK_FILE)?
        .ok_or_else(|| corrupt(format!("its tree has no {STACK_FILE}")))?;
    let stack = serde_json::from_slice(&data)
        .map_err(|e| corrupt(format!("{STACK_FILE} is not valid: {e}")))?;
    Ok((Some(tip), stack))
}
