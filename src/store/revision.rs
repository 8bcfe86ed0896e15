//! The stored revision format (`docs/FORMAT.md`): what a checkpoint commit's tree and
//! `meta.json` hold, and what a read or a write of one revision carries. Plain data: no
//! repository access here.

use crate::story::StoryId;
use gix::ObjectId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Version of the on-ref format (tree layout, `meta.json`, trailers); see `docs/FORMAT.md`.
pub const FORMAT_VERSION: u32 = 1;
/// Name of the document blob in a checkpoint commit's tree.
pub const DOCUMENT_FILE: &str = "checkpoint.md";
/// Name of the metadata blob in a checkpoint commit's tree.
pub const META_FILE: &str = "meta.json";

/// One changed path in the working tree or on the branch, as recorded in `meta.json`.
#[derive(
    Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct FileChange {
    /// Repository-relative path, `/`-separated.
    pub path: String,
    /// Where the change is.
    pub state: FileState,
}

/// Where a recorded file change is (`meta.json` `files_modified[].state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FileState {
    /// In the index, not committed.
    Staged,
    /// Not tracked by git and not ignored.
    Untracked,
    /// Changed on the branch since the merge-base with the default branch.
    Committed,
    /// Changed in the working tree, not staged (also any state a newer writer names that this
    /// version does not know).
    #[serde(other)]
    Unstaged,
}

impl FileState {
    /// The name `meta.json` uses: `staged`, `unstaged`, `untracked`, `committed`.
    pub fn as_str(self) -> &'static str {
        match self {
            FileState::Staged => "staged",
            FileState::Unstaged => "unstaged",
            FileState::Untracked => "untracked",
            FileState::Committed => "committed",
        }
    }
}

impl std::fmt::Display for FileState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A story's state (`meta.json` `status`, the `Checkpoint-Status` trailer).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Finished with `done` (its ref is in the archive).
    Done,
    /// Being worked on (also any value this version does not know).
    #[default]
    #[serde(other)]
    Active,
}

impl Status {
    /// `active` or `done`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Done => "done",
        }
    }

    /// The trailer's value: `done` is done, anything else active.
    pub fn parse(text: &str) -> Status {
        if text.trim().eq_ignore_ascii_case("done") {
            Status::Done
        } else {
            Status::Active
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Now in UTC as RFC 3339 with whole seconds (`2026-07-16T14:30:00Z`), as `meta.json` records
/// `saved_at` and completion dates.
pub fn now_rfc3339() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `meta.json`: machine-readable facts about one revision (format version 1).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Meta {
    /// Always [`FORMAT_VERSION`] when written by this version.
    pub schema_version: u32,
    /// Canonical story id.
    pub story: String,
    /// The story id as the user typed it (`ABC-12`), present only when it differs from `story`
    /// in letter case; shown by every view instead of `story` (docs/FORMAT.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story_display: Option<String>,
    /// Story title, if known.
    pub title: Option<String>,
    /// The story's branch (short name), if known.
    pub branch: Option<String>,
    /// Full hex id of the code commit at HEAD when saved.
    pub head: Option<String>,
    /// The default branch the merge-base was computed against (short name).
    pub default_branch: Option<String>,
    /// Full hex id of the merge-base of HEAD and the default branch.
    pub merge_base: Option<String>,
    /// Files changed: staged, unstaged, untracked, and committed since the merge-base.
    pub files_modified: Vec<FileChange>,
    /// Number of checked tasks.
    pub tasks_done: usize,
    /// Tasks done plus remaining.
    pub tasks_total: usize,
    /// Template name; `pair` for the default.
    pub template: String,
    /// Active or done.
    pub status: Status,
    /// 1 for the first revision, then the highest parent revision plus one.
    pub revision: u64,
    /// When saved, RFC 3339.
    pub saved_at: String,
    /// Tasks in the order they were completed, carried forward on every revision (absent in
    /// revisions written before it existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub completed: Vec<Completion>,
    /// Set on a revision an agent hook wrote (not a model or a person): `<agent> <event>`,
    /// e.g. `claude PreCompact`; also the `Checkpoint-Hook` trailer (docs/FORMAT.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook: Option<String>,
    /// On a hook revision: the full hex id of the last revision a model or person wrote (the
    /// last *confirmed* one), which staleness is measured from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmed: Option<String>,
    /// Duplicate sections the document holds that no count includes (`'Tasks Done' (line
    /// 15)`, as [`crate::model::Parsed::left_out`]); also the `Checkpoint-Left-Out` trailer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<String>,
    /// The agent's own plan: the items of its plan tool (Claude Code's task and todo tools,
    /// Codex `update_plan`, Gemini CLI `write_todos`) that match no task of the document, in
    /// the agent's order, as the last plan hook recorded them; carried forward on every
    /// revision, without the items a task of the new document now matches (absent in revisions
    /// written before it existed, and when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agent_plan: Vec<PlanItem>,
}

impl Meta {
    /// The `meta.json` of a new revision of `story` holding `doc`, written with `template`,
    /// saved now: format version, story (and the id as typed when it has capitals), title and
    /// task counts from the document, status active, revision 0 (the write path numbers it,
    /// see [`super::Store::update`]). Code state, branch and the completion log are the caller's.
    pub fn new(story: &StoryId, doc: &crate::model::Document, template: &str) -> Meta {
        let (done, total) = doc.task_counts();
        Meta {
            schema_version: FORMAT_VERSION,
            story: story.to_string(),
            story_display: story.has_case().then(|| story.shown().to_string()),
            title: doc.title.clone(),
            tasks_done: done,
            tasks_total: total,
            template: template.to_string(),
            status: Status::Active,
            saved_at: now_rfc3339(),
            ..Meta::default()
        }
    }
}

/// One item of an agent's own plan (see [`Meta::agent_plan`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct PlanItem {
    /// The item as the agent wrote it, one line of at most 500 characters.
    pub text: String,
    /// Its state in the agent's tool.
    pub status: PlanStatus,
}

/// A plan item's state, as the agents' plan tools name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlanStatus {
    /// Not started (`pending`).
    Pending,
    /// Being worked on (`in_progress`).
    InProgress,
    /// Finished (`completed`).
    Completed,
}

/// One completed task, as `log --completed` lists it (a line of the team format's `completed.md`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Completion {
    /// The task's text.
    pub task: String,
    /// When it was completed: RFC 3339, or a date `YYYY-MM-DD` when imported as such.
    #[schemars(extend("anyOf" = [
        {"type": "string", "format": "date-time"},
        {"type": "string", "format": "date"}
    ]))]
    pub date: String,
    /// Files touched; absent when none were recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub files: Vec<String>,
}

impl Revision {
    /// The revision number: the `Checkpoint-Revision` trailer, or `meta.json`'s when that is
    /// higher (a commit written by another tool may lack the trailer).
    pub fn number(&self) -> u64 {
        self.summary.revision.max(self.meta.revision)
    }
}

/// What `list` and `log` show, read from a commit alone (message trailers and signatures).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The checkpoint commit.
    pub commit: ObjectId,
    /// Its parents (previous tips).
    pub parents: Vec<ObjectId>,
    /// The message's first line.
    pub subject: String,
    /// The journal text between subject and trailers (may be empty).
    pub body: String,
    /// `Checkpoint-Story`.
    pub story: String,
    /// `Checkpoint-Story-Display` (the id in the case the user typed), empty when absent.
    pub story_display: String,
    /// `Checkpoint-Title`, empty when unknown.
    pub title: String,
    /// `Checkpoint-Branch`, empty when unknown.
    pub branch: String,
    /// `Checkpoint-Head`: meta.json's `head` (the code commit at save); `None` when absent or
    /// not a full hex id.
    pub head: Option<gix::ObjectId>,
    /// `Checkpoint-Merge-Base`: meta.json's `merge_base`; `None` when absent or not a full hex
    /// id.
    pub merge_base: Option<gix::ObjectId>,
    /// `Checkpoint-Tasks` done part.
    pub tasks_done: usize,
    /// `Checkpoint-Tasks` total part.
    pub tasks_total: usize,
    /// `Checkpoint-Status`.
    pub status: Status,
    /// `Checkpoint-Revision`.
    pub revision: u64,
    /// `Checkpoint-Hook` (`<agent> <event>` of the hook that wrote it), empty when a model or
    /// person wrote the revision.
    pub hook: String,
    /// `Checkpoint-Left-Out`: the duplicate sections no task count includes (`'Tasks Done'
    /// (line 15)`, `; `-separated in the trailer); empty when there are none.
    pub left_out: Vec<String>,
    /// `Checkpoint-Accepted-Secret` trailers: the values `save --allow-secret` accepted on this
    /// revision (fingerprint and kind, never the value), in order.
    pub accepted: Vec<crate::secrets::Accepted>,
    /// Author name as recorded.
    pub author: String,
    /// Author email as recorded.
    pub email: String,
    /// Committer time, seconds since the Unix epoch.
    pub time: i64,
    /// Committer time zone offset in seconds east of UTC.
    pub offset: i32,
}

/// A full revision: the summary plus the two blobs.
#[derive(Debug, Clone)]
pub struct Revision {
    /// Commit-level facts.
    pub summary: Summary,
    /// `checkpoint.md` as stored (UTF-8, LF).
    pub document: String,
    /// `meta.json` decoded.
    pub meta: Meta,
}

/// What a write puts into the new commit.
#[derive(Debug, Clone)]
pub struct NewRevision {
    /// The document; its size is checked against the cap.
    pub document: String,
    /// Metadata; `revision` is filled in by the store.
    pub meta: Meta,
    /// Commit subject (one line).
    pub subject: String,
    /// Journal text for the message body, may be empty.
    pub body: String,
    /// Credentials accepted on this revision (`save --allow-secret`): written as
    /// `Checkpoint-Accepted-Secret` trailers, never the values.
    pub accepted: Vec<crate::secrets::Accepted>,
}

/// The revision number of a new commit whose parents have revisions `parents`: the highest
/// plus one, 1 for a first revision (docs/FORMAT.md: `Checkpoint-Revision`).
pub fn next_revision(parents: impl IntoIterator<Item = u64>) -> u64 {
    parents.into_iter().max().unwrap_or(0).saturating_add(1)
}
