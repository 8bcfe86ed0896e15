//! The `--json` documents: one type per document a command prints, and the JSON Schemas
//! generated from those types (`docs/json-schema/v1/`, written by `generate-docs`).
//!
//! Owns the shape of machine-readable output and nothing else: it builds no document from the
//! repository itself beyond plain conversions, and never prints. Every document is one JSON
//! value on stdout with snake_case fields, full hex object ids, RFC 3339 times and a
//! `schema_version` ([`SchemaVersion`]). Additive changes keep the version; anything else
//! increments it (docs/FORMAT.md, "JSON output").
//!
//! The schemas are strict: every object has `additionalProperties: false` and lists every
//! field it always carries in `required`, so a field added to a type without regenerating the
//! schemas, or a schema edited by hand, fails the test suite.

use crate::model::{Confidence, Gap, GapKind, JournalEntry, Parsed, Task};
use crate::notes::NoteLine;
use crate::stack::Entry;
use crate::store::{Completion, FileChange, Revision};
use crate::story::StoryId;
use crate::sync::Outcome;
use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use std::borrow::Cow;

/// Version of every `--json` document (the `schema_version` field).
pub const VERSION: u32 = 1;

/// Base of the schemas' `$id`s: a file's `$id` is this plus its file name.
pub const SCHEMA_BASE: &str = "https://git-checkpoint.invalid/json-schema/v1/";

pub use crate::names::{OID_PATTERN, STORY_PATTERN};
pub use crate::ops::diff::Changes;
pub use crate::time::rfc3339;

/// The `schema_version` field: serializes as [`VERSION`]; its schema is `{"const": 1}`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SchemaVersion;

impl Serialize for SchemaVersion {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(VERSION)
    }
}

impl JsonSchema for SchemaVersion {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "SchemaVersion".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({
            "const": VERSION,
            "description": "Version of this JSON output; additive changes keep it, anything else increments it."
        })
    }
}

/// The first fields of every document about one story (flattened into each): the version and
/// the story.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StoryHeader {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// Canonical story id.
    #[schemars(extend("pattern" = STORY_PATTERN))]
    pub story: String,
}

impl StoryHeader {
    /// The header for `story` (the canonical id).
    pub fn new(story: impl Into<String>) -> StoryHeader {
        StoryHeader {
            schema_version: SchemaVersion,
            story: story.into(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// resume, show, save

/// One gap of a parsed document as data ([`crate::model::Gap`]); its sentence is the entry of
/// `gaps` at the same index.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GapDetail {
    /// The section as the document names it (`Story`, `4. In-Flight Work`); null for a gap
    /// about the whole document or a top-level field.
    pub section: Option<String>,
    /// The field or line within the section (`Goal`), or a top-level field (`Stage`); null
    /// when the gap is about the whole section.
    pub field: Option<String>,
    /// What is wrong.
    pub kind: GapKind,
    /// For an open merge conflict (`kind` `conflict`): both sides, each with the author name
    /// and revision its marker records and its text verbatim (null when that side has no value
    /// or removed the item); null for every other gap, and for a conflict whose marker cannot
    /// be taken apart.
    pub conflict: Option<crate::model::conflict::Conflict>,
}

impl From<&Gap> for GapDetail {
    fn from(g: &Gap) -> Self {
        GapDetail {
            section: g.section.clone(),
            field: g.field.clone(),
            kind: g.kind,
            conflict: g.conflict.clone(),
        }
    }
}

/// One checkpoint revision, parsed: `resume --json`, `show --json` / `show --format json`,
/// and the `resume` of `stack pop --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint resume --json, show --json")]
pub struct Checkpoint {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// Full ref name the data was read from (active, archived or remote-tracking).
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// Story title (the document's, else `meta.json`'s); null when unknown.
    pub title: Option<String>,
    /// What the story is for; null when unknown.
    pub goal: Option<String>,
    /// Where the story comes from (issue URL, ticket); null when unknown.
    pub source: Option<String>,
    /// The story's branch (the document's, else `meta.json`'s); null when unknown.
    pub branch: Option<String>,
    /// The checkpoint commit shown.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// The revision number: 1 for the first, then the highest parent's plus one.
    #[schemars(range(min = 1))]
    pub revision: u64,
    /// The code commit at HEAD when saved; null when unknown (unborn branch).
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub head: Option<String>,
    /// Merge-base of HEAD and the default branch when saved; null when unknown.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub merge_base: Option<String>,
    /// `active`, or `done` for a finished (archived) story.
    #[schemars(extend("enum" = ["active", "done"]))]
    pub status: String,
    /// Template the revision was written with (`pair`, `team`, `pm`, `gstack` or a custom name).
    pub template: String,
    /// Texts of the checked tasks, in document order.
    pub tasks_done: Vec<String>,
    /// Texts of the unchecked tasks, in document order.
    pub tasks_remaining: Vec<String>,
    /// Every task with its id: the checked ones, then the unchecked ones, each in document
    /// order (the same texts as `tasks_done` and `tasks_remaining`).
    pub tasks: Vec<TaskItem>,
    /// Key decisions, one line each with the reason, in document order.
    pub decisions: Vec<String>,
    /// The "Next immediate action" line; null when unknown.
    pub next_action: Option<String>,
    /// Files changed when saved (as in `meta.json`).
    pub files_modified: Vec<FileChange>,
    /// `high` exactly when `gaps` is empty.
    pub confidence: Confidence,
    /// What is missing, malformed or unfilled, one sentence each.
    pub gaps: Vec<String>,
    /// The same gaps as data, in the same order: where each is and what kind it is.
    pub gap_details: Vec<GapDetail>,
    /// Sections that are not part of the template (ignored).
    pub ignored_sections: Vec<String>,
    /// Warnings about the checkpoint (age, branch, HEAD moved); empty for `show` and `save`.
    pub warnings: Vec<String>,
    /// Author name of the checkpoint commit.
    pub author: String,
    /// When the checkpoint commit was written, RFC 3339.
    #[schemars(extend("format" = "date-time"))]
    pub updated_at: String,
    /// The stored checkpoint.md.
    pub document: String,
    /// The item's stage (`pm`: design, plan, execute, finish); null when absent.
    pub stage: Option<String>,
    /// The document's own status line (`pm` Status, `gstack` status such as `in-progress`);
    /// null when absent.
    pub doc_status: Option<String>,
    /// Where the last session stopped (`pm` Stopped at); null when absent.
    pub stopped_at: Option<String>,
    /// The exact command or file to start with (`pm` Start with); null when absent.
    pub start_with: Option<String>,
    /// Checks that must all hold before the story is done (`pm` Done when); `done` marks met.
    pub done_when: Vec<Task>,
    /// Open questions and blockers, one per item.
    pub open_questions: Vec<String>,
    /// Facts the next session needs (`pm` Context, `gstack` Notes, `team` Cross-Session Notes).
    pub context: Vec<String>,
    /// Files to read or that were modified (`gstack` files_modified, `team` Critical File
    /// References), repository-relative paths.
    pub files: Vec<String>,
    /// Length of the session that wrote the document, in seconds (`gstack`); null when absent.
    pub session_duration_s: Option<u64>,
    /// Why the checkpoint was written (`team`: task_completed, idle, manual, lead_request);
    /// null when absent.
    pub trigger: Option<String>,
    /// Header: when the document was last written (free text); null when absent.
    pub last_updated: Option<String>,
    /// Header: who wrote it; null when absent.
    pub written_by: Option<String>,
    /// Other header fields of the template, in document order.
    pub fields: Vec<Field>,
    /// Other sections of the template, in document order.
    pub sections: Vec<Section>,
    /// Journal entries kept in the document (`team` Part B), oldest first.
    pub journal: Vec<JournalEntry>,
    /// What blocks `done`: every unchecked todo and every unmet "Done when" check, as phrases
    /// (`todo: T3 — docs`, `done when: tests pass`).
    pub unfinished: Vec<String>,
    /// Parts that arrived from a remote (a teammate's text), each with the revision it came
    /// from, by provenance (docs/FORMAT.md, "Provenance"); filled by `resume`, `show` and
    /// `stack pop`, empty in `save`.
    pub teammate_parts: Vec<TeammatePart>,
    /// The agent's own plan: the items of its plan tool that mean no task of the story, as
    /// the last plan hook recorded them (`meta.json` `agent_plan`, docs/FORMAT.md); empty when
    /// none.
    pub agent_plan: Vec<crate::store::PlanItem>,
}

/// One task of the checkpoint view, with the id `save --done` and `--todo` take.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TaskItem {
    /// The id leading the text (`T3`, `T3.1`); null when the text has none.
    pub id: Option<String>,
    /// The item's text without list marker and checkbox, id included.
    pub text: String,
    /// Whether it is done (listed in `tasks_done`).
    pub done: bool,
}

impl TaskItem {
    /// The item of task `t`, listed under Tasks Done when `done`.
    pub fn new(t: &Task, done: bool) -> TaskItem {
        TaskItem {
            id: t.id().map(str::to_string),
            text: t.text.clone(),
            done,
        }
    }
}

/// A header field of the template that has no field of its own.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Field {
    /// The key as written.
    pub key: String,
    /// The value as written.
    pub value: String,
}

/// One section of a custom template that has no field of its own.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Section {
    /// The heading's text.
    pub heading: String,
    /// The section's body (markdown).
    pub body: String,
}

impl Checkpoint {
    /// The view of revision `rev` of `story`, read from `refname`, parsed as `parsed`, with the
    /// `warnings` `resume` adds (none for `show` and `save`). Title and branch fall back on
    /// `meta.json` when the document has none; `revision` is the highest of the commit's and
    /// `meta.json`'s.
    pub fn new(
        story: &StoryId,
        refname: &str,
        rev: &Revision,
        parsed: &Parsed,
        warnings: &[String],
    ) -> Checkpoint {
        let d = &parsed.doc;
        let texts = |tasks: &[Task]| tasks.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
        Checkpoint {
            header: StoryHeader::new(story.as_str()),
            refname: refname.to_string(),
            title: d.title.clone().or_else(|| rev.meta.title.clone()),
            goal: d.goal.clone(),
            source: d.source.clone(),
            branch: d.branch.clone().or_else(|| rev.meta.branch.clone()),
            commit: rev.summary.commit.to_string(),
            revision: rev.number(),
            head: rev.meta.head.clone(),
            merge_base: rev.meta.merge_base.clone(),
            status: rev.meta.status.to_string(),
            template: rev.meta.template.clone(),
            tasks_done: texts(&d.tasks_done),
            tasks_remaining: texts(&d.tasks_remaining),
            tasks: d
                .tasks_done
                .iter()
                .map(|t| TaskItem::new(t, true))
                .chain(d.tasks_remaining.iter().map(|t| TaskItem::new(t, false)))
                .collect(),
            decisions: d.decisions.clone(),
            next_action: d.next_action.clone(),
            files_modified: rev.meta.files_modified.clone(),
            confidence: parsed.confidence,
            gaps: parsed.gap_sentences(),
            gap_details: parsed.gaps.iter().map(GapDetail::from).collect(),
            ignored_sections: parsed.ignored_sections.clone(),
            warnings: warnings.to_vec(),
            author: rev.summary.author.clone(),
            updated_at: rfc3339(rev.summary.time, rev.summary.offset),
            document: rev.document.clone(),
            stage: d.stage.clone(),
            doc_status: d.status.clone(),
            stopped_at: d.stopped_at.clone(),
            start_with: d.start_with.clone(),
            done_when: d.done_when.clone(),
            open_questions: d.open_questions.clone(),
            context: d.context.clone(),
            files: d.files.clone(),
            session_duration_s: d.session_duration_s,
            trigger: d.trigger.clone(),
            last_updated: d.last_updated.clone(),
            written_by: d.written_by.clone(),
            fields: fields(&d.fields),
            sections: d
                .sections
                .iter()
                .map(|(heading, body)| Section {
                    heading: heading.clone(),
                    body: body.clone(),
                })
                .collect(),
            journal: d.journal.clone(),
            unfinished: d.unfinished(),
            teammate_parts: Vec::new(),
            agent_plan: rev.meta.agent_plan.clone(),
        }
    }
}

impl Checkpoint {
    /// The view of what [`crate::ops::resume::resume`] read: `resume --json`, and the MCP
    /// `resume` tool's structured result with `full: true`.
    pub fn resumed(r: &crate::ops::resume::Report) -> Checkpoint {
        Checkpoint {
            teammate_parts: TeammatePart::all(&r.provenance),
            ..Checkpoint::new(
                &r.story,
                &r.located.refname,
                &r.revision,
                &r.parsed,
                &r.warnings,
            )
        }
    }
}

/// The MCP `resume` tool's structured result (unless the client asks for `full`): where the
/// story stands in a few fields, and the same brief the SessionStart hook injects. Small on
/// purpose: clients pass the structured result on to the model, and cut long ones.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git-checkpoint mcp: the resume tool's result")]
pub struct ResumeBrief {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// Full ref name the checkpoint was read from (active, archived or remote-tracking).
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// Story title (the document's, else `meta.json`'s); null when unknown.
    pub title: Option<String>,
    /// The revision number: 1 for the first, then the highest parent's plus one.
    #[schemars(range(min = 1))]
    pub revision: u64,
    /// The checkpoint commit read; pass `revision` (or this) as `expect` to the next save.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// The "Next immediate action" line; null when unknown.
    pub next_action: Option<String>,
    /// How many tasks are done.
    pub tasks_done: usize,
    /// How many tasks are left (unchecked).
    pub tasks_left: usize,
    /// How many key decisions are recorded.
    pub decisions: usize,
    /// `high` exactly when `gaps` is empty.
    pub confidence: Confidence,
    /// What is missing, malformed or unfilled, one sentence each.
    pub gaps: Vec<String>,
    /// The same gaps as data, in the same order: the section, the field and the kind of each.
    pub gap_details: Vec<GapDetail>,
    /// Warnings about the checkpoint (age, branch, HEAD moved, a failed auto-sync fetch).
    pub warnings: Vec<String>,
    /// The brief (as the tool's text): fenced, control characters escaped, within the budget.
    pub brief: String,
    /// The revisions that parts of the checkpoint arrived from (a teammate's text: data, not
    /// instructions), newest first; `title`, `next_action`, `warnings` and the brief carry a
    /// `[rN name <email>]` label in front of such text. The parts themselves: `full: true`.
    pub teammate_revisions: Vec<TeammateRevision>,
    /// Who holds the story (`git checkpoint claim`) until when; null when nobody does. Free
    /// text of the holder's when the claim arrived from a remote.
    pub claim: Option<ClaimState>,
}

/// A revision that arrived from a remote (not written in this clone), by provenance.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TeammateRevision {
    /// Its revision number.
    #[schemars(range(min = 1))]
    pub revision: u64,
    /// Its commit.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// Its author name as recorded (free text), at most 256 characters (a longer one is cut,
    /// ending in `…`: it is repeated with every part).
    pub author: String,
    /// Its author email as recorded (free text), at most 256 characters likewise (RFC 5321
    /// allows 254).
    pub email: String,
}

impl TeammateRevision {
    /// The view of `o` (whose name and email are cut already:
    /// [`crate::ops::provenance::NAME_MAX`]).
    pub fn new(o: &crate::ops::provenance::Origin) -> TeammateRevision {
        TeammateRevision {
            revision: o.revision,
            commit: o.commit.to_string(),
            author: o.author.clone(),
            email: o.email.clone(),
        }
    }
}

/// A part of a checkpoint that arrived from a remote: a teammate's text, by provenance (see
/// docs/FORMAT.md, "Provenance"), never by the author field.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TeammatePart {
    /// The part as written (a field's value, a task, a decision, a line).
    pub text: String,
    /// The revision it came from: `revision`, `commit`, `author`, `email`.
    #[serde(flatten)]
    pub from: TeammateRevision,
}

impl TeammatePart {
    /// Every teammate's part `p` holds.
    pub fn all(p: &crate::ops::provenance::Provenance) -> Vec<TeammatePart> {
        p.parts()
            .map(|(text, o)| TeammatePart {
                text: text.to_string(),
                from: TeammateRevision::new(o),
            })
            .collect()
    }
}

impl ResumeBrief {
    /// The small view of what [`crate::ops::resume::resume`] read; `brief` is its brief's
    /// text (empty when none was asked for).
    pub fn new(r: &crate::ops::resume::Report) -> ResumeBrief {
        let d = &r.parsed.doc;
        let tag = |s: &String| r.provenance.tag(s);
        let mut warnings: Vec<String> = r.warnings.iter().map(tag).collect();
        if let Some(e) = &r.not_fetched {
            warnings.push(format!("checkpoint.autoSync: not fetched: {}", e.chain()));
        }
        ResumeBrief {
            header: StoryHeader::new(r.story.as_str()),
            refname: r.located.refname.clone(),
            title: d.title.as_ref().or(r.revision.meta.title.as_ref()).map(tag),
            revision: r.revision.number(),
            commit: r.revision.summary.commit.to_string(),
            next_action: d.next_action.as_ref().map(tag),
            tasks_done: d.tasks_done.len(),
            tasks_left: d.tasks_remaining.len(),
            decisions: d.decisions.len(),
            confidence: r.parsed.confidence,
            gaps: r.parsed.gap_sentences(),
            gap_details: r.parsed.gaps.iter().map(GapDetail::from).collect(),
            warnings,
            brief: r.brief.as_ref().map(|b| b.text.clone()).unwrap_or_default(),
            teammate_revisions: r
                .provenance
                .origins()
                .into_iter()
                .map(TeammateRevision::new)
                .collect(),
            claim: r
                .claim
                .as_ref()
                .and_then(|(_, f)| ClaimState::of(&f.claim, crate::claims::now())),
        }
    }
}

fn fields(f: &[(String, String)]) -> Vec<Field> {
    f.iter()
        .map(|(key, value)| Field {
            key: key.clone(),
            value: value.clone(),
        })
        .collect()
}

/// `save --json`: the checkpoint written, or with `--print` the document that would be.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git checkpoint save --json")]
pub enum Save {
    /// A revision was written.
    Written(Box<Saved>),
    /// `--print`: nothing was written.
    Printed(SavePrint),
}

/// `save --json`: the checkpoint written (every field of `resume --json`) plus `mode` and
/// `previous`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Saved {
    /// The revision written, as `resume --json` shows it (without warnings).
    #[serde(flatten)]
    pub checkpoint: Checkpoint,
    /// `created` for a new story, `updated` otherwise.
    pub mode: SaveMode,
    /// The tip before this save; null when created.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub previous: Option<String>,
}

impl Save {
    /// The view of revision `saved` of `story` (as given or detected) written by a save.
    pub fn written(story: &StoryId, saved: &crate::ops::save::Saved) -> Save {
        let shown = story
            .clone()
            .shown_as(&saved.revision.summary.story_display);
        Save::Written(Box::new(Saved {
            checkpoint: Checkpoint::new(
                &shown,
                &saved.refname,
                &saved.revision,
                &saved.parsed,
                &[],
            ),
            mode: if saved.previous.is_some() {
                SaveMode::Updated
            } else {
                SaveMode::Created
            },
            previous: saved.previous.map(|p| p.to_string()),
        }))
    }

    /// The view of `preview`, rendered for `story` by `save --print`; nothing was written.
    pub fn printed(story: &StoryId, preview: &crate::ops::save::Preview) -> Save {
        Save::Printed(SavePrint {
            header: StoryHeader::new(story.as_str()),
            persisted: false,
            template: preview.template.clone(),
            confidence: preview.parsed.confidence,
            gaps: preview.parsed.gap_sentences(),
            document: preview.text.clone(),
        })
    }
}

/// The entries of `list --json` for what [`crate::ops::list::list`] found, newest first.
pub fn list(listing: &crate::ops::list::Listing) -> List {
    listing
        .rows
        .iter()
        .map(|(story, s)| ListEntry {
            next_action: listing.next_actions.get(story).cloned(),
            ..ListEntry::new(&listing.prefix, story, s)
        })
        .collect()
}

/// Whether a save created the story's ref or moved it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SaveMode {
    /// The ref did not exist.
    Created,
    /// The ref moved from `previous`.
    Updated,
}

/// `save --print --json`: the rendered document and its gaps; nothing written.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SavePrint {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// Always false: nothing was written.
    #[schemars(extend("const" = false))]
    pub persisted: bool,
    /// The template the document was rendered with.
    pub template: String,
    /// `high` exactly when `gaps` is empty.
    pub confidence: Confidence,
    /// What is missing, malformed or unfilled, one sentence each.
    pub gaps: Vec<String>,
    /// The document that would be saved.
    pub document: String,
}

// ---------------------------------------------------------------------------------------------
// list, log, diff, at, status, done

/// `list --json`: one object per checkpoint, newest first.
pub type List = Vec<ListEntry>;

/// One checkpoint in `list --json`, read from its tip commit alone.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ListEntry {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// Full ref name the data was read from.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// Title; empty when unknown.
    pub title: String,
    /// Branch; empty when unknown.
    pub branch: String,
    /// The tip commit.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// The tip's revision number.
    #[schemars(range(min = 1))]
    pub revision: u64,
    /// Checked tasks.
    pub tasks_done: usize,
    /// Tasks done plus remaining.
    pub tasks_total: usize,
    /// `active` or `done`.
    #[schemars(extend("enum" = ["active", "done"]))]
    pub status: String,
    /// Author name of the tip commit.
    pub author: String,
    /// When the tip was written, RFC 3339.
    #[schemars(extend("format" = "date-time"))]
    pub updated_at: String,
    /// Duplicate sections of the document that the task counts leave out (`'Tasks Done'
    /// (line 15)`); empty when none, or for revisions written before git-checkpoint recorded
    /// them.
    pub left_out: Vec<String>,
    /// The tip document's next action (as `resume` reads it); null when it has none.
    pub next_action: Option<String>,
}

impl ListEntry {
    /// The entry of `story`'s checkpoint under the ref namespace `prefix`, whose tip is `s`;
    /// `next_action` null (the summary does not hold it, see [`list`]).
    pub fn new(prefix: &str, story: &str, s: &crate::store::Summary) -> ListEntry {
        ListEntry {
            header: StoryHeader::new(story),
            refname: format!("{prefix}{story}"),
            title: s.title.clone(),
            branch: s.branch.clone(),
            commit: s.commit.to_string(),
            revision: s.revision,
            tasks_done: s.tasks_done,
            tasks_total: s.tasks_total,
            status: s.status.to_string(),
            author: s.author.clone(),
            updated_at: rfc3339(s.time, s.offset),
            left_out: s.left_out.clone(),
            next_action: None,
        }
    }
}

/// `log --json` (revisions) or `log --completed --json` (completed tasks).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git checkpoint log --json, log --completed --json")]
pub enum Log {
    /// `log --json`.
    Revisions(LogRevisions),
    /// `log --completed --json`.
    Completed(LogCompleted),
}

/// `log --json`: a story's revisions, newest first.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LogRevisions {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// Full ref name the data was read from.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// The revisions, newest first.
    pub revisions: Vec<LogRevision>,
    /// Where the history listed is cut: each revision whose parents are not in this clone
    /// (a shallow clone; `git checkpoint fetch --unshallow` brings them), newest first. Empty
    /// when the history is whole.
    pub cut_at: Vec<LogCut>,
}

/// A revision of `log --json` whose parents are not in this clone (`cut_at`).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LogCut {
    /// The revision number.
    pub revision: u64,
    /// Its commit.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// Its parents that are not here.
    pub missing: Vec<String>,
    /// True when they are missing because the clone is shallow (a deeper fetch brings them);
    /// false when they were lost otherwise.
    pub shallow: bool,
}

impl LogCut {
    /// The view of one [`crate::store::Cut`].
    pub fn new(c: &crate::store::Cut) -> LogCut {
        LogCut {
            revision: c.revision,
            commit: c.commit.to_string(),
            missing: c.missing.iter().map(ToString::to_string).collect(),
            shallow: c.shallow,
        }
    }
}

impl LogRevisions {
    /// The revisions of `story` read from `refname`: `history` as [`crate::store::Store::history`]
    /// returns it (newest first), each with its task counts' change from its first parent.
    pub fn new(story: &StoryId, refname: &str, history: &[crate::store::Summary]) -> LogRevisions {
        let by_id: std::collections::HashMap<_, _> =
            history.iter().map(|s| (s.commit, s)).collect();
        let revisions = history
            .iter()
            .map(|s| {
                let prev = s.parents.first().and_then(|p| by_id.get(p));
                let (pd, pt) = prev.map_or((0, 0), |p| (p.tasks_done, p.tasks_total));
                LogRevision {
                    revision: s.revision,
                    commit: s.commit.to_string(),
                    parents: s.parents.iter().map(|p| p.to_string()).collect(),
                    date: rfc3339(s.time, s.offset),
                    author: s.author.clone(),
                    email: s.email.clone(),
                    message: s.subject.clone(),
                    journal: s.body.clone(),
                    tasks_done: s.tasks_done,
                    tasks_total: s.tasks_total,
                    tasks_done_change: s.tasks_done as i64 - pd as i64,
                    tasks_total_change: s.tasks_total as i64 - pt as i64,
                    status: s.status.to_string(),
                    left_out: s.left_out.clone(),
                }
            })
            .collect();
        LogRevisions {
            header: StoryHeader::new(story.as_str()),
            refname: refname.to_string(),
            revisions,
            cut_at: Vec::new(),
        }
    }

    /// The same view saying where the history is cut ([`crate::store::Store::cuts`]).
    pub fn with_cuts(mut self, cuts: &[crate::store::Cut]) -> LogRevisions {
        self.cut_at = cuts.iter().map(LogCut::new).collect();
        self
    }
}

/// One revision in `log --json`, read from its commit alone.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LogRevision {
    /// The revision number.
    #[schemars(range(min = 1))]
    pub revision: u64,
    /// The checkpoint commit.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// Its parents (previous tips; two for a merge).
    #[schemars(inner(regex(pattern = r"^[0-9a-f]{40}([0-9a-f]{24})?$")))]
    pub parents: Vec<String>,
    /// Committer time, RFC 3339.
    #[schemars(extend("format" = "date-time"))]
    pub date: String,
    /// Author name.
    pub author: String,
    /// Author email.
    pub email: String,
    /// The commit subject.
    pub message: String,
    /// The message body before the trailers; may be empty.
    pub journal: String,
    /// Checked tasks.
    pub tasks_done: usize,
    /// Tasks done plus remaining.
    pub tasks_total: usize,
    /// `tasks_done` minus the first parent's (0 for the first revision).
    pub tasks_done_change: i64,
    /// `tasks_total` minus the first parent's (0 for the first revision).
    pub tasks_total_change: i64,
    /// `active` or `done`.
    #[schemars(extend("enum" = ["active", "done"]))]
    pub status: String,
    /// Duplicate sections the task counts leave out, as in `list --json`.
    pub left_out: Vec<String>,
}

/// `log --completed --json`: a story's completed tasks in completion order.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LogCompleted {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// Full ref name the data was read from.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// Oldest first: the tip's recorded log, else derived from the history.
    pub completed: Vec<Completion>,
}

/// `diff --json`: section-level changes between two revisions and the unified text diff.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint diff --json")]
pub struct Diff {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// The old revision's commit; null when the new one is the first.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub from: Option<String>,
    /// The new revision's commit.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub to: String,
    /// The old revision's number; null when the new one is the first.
    #[schemars(range(min = 1))]
    pub from_revision: Option<u64>,
    /// The new revision's number.
    #[schemars(range(min = 1))]
    pub to_revision: u64,
    /// What changed, section by section.
    pub changes: Changes,
    /// The unified diff of the two documents (3 lines of context).
    pub unified_diff: String,
}

impl Diff {
    /// The view of two revisions compared by [`crate::ops::diff::diff`].
    pub fn new(c: &crate::ops::diff::Compared) -> Diff {
        Diff {
            header: StoryHeader::new(c.story.as_str()),
            from: c.old.as_ref().map(|o| o.summary.commit.to_string()),
            to: c.new.summary.commit.to_string(),
            from_revision: c.old.as_ref().map(Revision::number),
            to_revision: c.new.number(),
            changes: c.changes.clone(),
            unified_diff: c.unified_diff.clone(),
        }
    }
}

/// `at --json`: the checkpoints taken at a code commit, from the notes index
/// `refs/notes/checkpoints`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint at --json")]
pub struct At {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// The code commit asked about.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// One per note line; empty when no checkpoint was saved there.
    pub checkpoints: Vec<NoteLine>,
}

/// `status --json`: how old the story's checkpoint is and how far HEAD and the working tree
/// moved since.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git checkpoint status --json")]
pub enum Status {
    /// The story has a checkpoint.
    Saved(Box<StatusSaved>),
    /// The story has no checkpoint yet (always stale).
    Missing(StatusMissing),
}

impl Status {
    /// The view of `story`'s freshness as [`crate::ops::status::status`] measured it under
    /// `limits`; `None` (no checkpoint) is [`Status::Missing`], always stale.
    pub fn new(
        story: &StoryId,
        st: Option<&crate::ops::status::Freshness>,
        limits: &crate::ops::status::Limits,
    ) -> Status {
        let refname = story.refname();
        let Some(st) = st else {
            return Status::Missing(StatusMissing {
                header: StoryHeader::new(story.as_str()),
                refname,
                exists: false,
                stale: true,
                reasons: vec!["no checkpoint yet".into()],
            });
        };
        let rev = &st.revision;
        let tip_rev = st.hook_tip.as_ref().unwrap_or(rev);
        let tip = tip_rev.summary.commit;
        Status::Saved(Box::new(StatusSaved {
            header: StoryHeader::new(st.story.as_str()),
            refname,
            exists: true,
            commit: tip.to_string(),
            revision: tip_rev.number(),
            confirmed_commit: rev.summary.commit.to_string(),
            confirmed_revision: rev.number(),
            hook: st.hook_tip.as_ref().map(|h| h.summary.hook.clone()),
            saved_at: rfc3339(rev.summary.time, rev.summary.offset),
            age_seconds: st.age,
            head: st.head.map(|h| h.to_string()),
            saved_head: rev.meta.head.clone(),
            commits_since: st.commits,
            files_changed_since: st.changed.clone().unwrap_or_default(),
            work_tree: st.changed.is_some(),
            max_age_seconds: limits.max_age,
            max_commits: limits.max_commits,
            stale: !st.reasons.is_empty(),
            reasons: st.reasons.clone(),
            open_conflicts: st.open_conflicts,
        }))
    }
}

/// `status --json` for a story with a checkpoint.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(extend(
    "if" = {"properties": {"stale": {"const": true}}},
    "then" = {"properties": {"reasons": {"minItems": 1}}},
    "else" = {"properties": {"reasons": {"maxItems": 0}}}
))]
pub struct StatusSaved {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// The active ref.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/checkpoints/"))]
    pub refname: String,
    /// Always true here.
    #[schemars(extend("const" = true))]
    pub exists: bool,
    /// The checkpoint tip.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// The tip's revision number.
    #[schemars(range(min = 1))]
    pub revision: u64,
    /// The revision staleness is measured from: the last one a model or person wrote (the tip
    /// unless a hook wrote the tip).
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub confirmed_commit: String,
    /// The confirmed revision's number (the one `status` says it was "saved" as).
    #[schemars(range(min = 1))]
    pub confirmed_revision: u64,
    /// `<agent> <event>` of the hook that wrote the tip; null when a model or person did.
    pub hook: Option<String>,
    /// RFC 3339 time of the confirmed revision.
    #[schemars(extend("format" = "date-time"))]
    pub saved_at: String,
    /// Seconds since the confirmed save (negative when its date is in the future).
    pub age_seconds: i64,
    /// HEAD now; null on an unborn branch.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub head: Option<String>,
    /// HEAD when saved; null when unknown.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub saved_head: Option<String>,
    /// Commits on HEAD the checkpoint has not seen; null when too many to count.
    pub commits_since: Option<usize>,
    /// Paths whose working-tree state differs from the one recorded, sorted; empty without a
    /// work tree.
    pub files_changed_since: Vec<String>,
    /// Whether the repository has a work tree to compare; false in a bare repository, where
    /// `files_changed_since` is empty because there are no files, not because none changed.
    pub work_tree: bool,
    /// The limit applied (`--max-age` or checkpoint.maxAge) in seconds; null when none.
    pub max_age_seconds: Option<i64>,
    /// The limit applied (`--max-commits` or checkpoint.maxCommits); null when none.
    pub max_commits: Option<u64>,
    /// Whether a limit is exceeded; the exit status is 1 when true.
    pub stale: bool,
    /// Why it is stale; empty when fresh.
    pub reasons: Vec<String>,
    /// Open merge conflicts in the tip's document (each a `conflict` gap of `resume`): both
    /// sides kept until a save sets the value or `sync --ours`/`--theirs` takes one.
    pub open_conflicts: usize,
}

/// `status --json` for a story without a checkpoint.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StatusMissing {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// The active ref (which does not exist).
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/checkpoints/"))]
    pub refname: String,
    /// Always false here.
    #[schemars(extend("const" = false))]
    pub exists: bool,
    /// Always true: no checkpoint is stale.
    #[schemars(extend("const" = true))]
    pub stale: bool,
    /// Why it is stale (`no checkpoint yet`).
    #[schemars(length(min = 1))]
    pub reasons: Vec<String>,
}

/// `done --json`: the archived final revision, or with `--purge` the refs deleted.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git checkpoint done --json")]
pub enum Done {
    /// The story was finished: its final revision is in the archive.
    Archived(DoneArchived),
    /// `--purge`: the refs were deleted.
    Purged(DonePurged),
}

impl Done {
    /// The view of what [`crate::ops::done::done`] did.
    pub fn new(r: &crate::ops::done::Report) -> Done {
        match r {
            crate::ops::done::Report::Finished {
                story, finished, ..
            } => Done::Archived(DoneArchived {
                header: StoryHeader::new(story.as_str()),
                refname: finished.refname.clone(),
                commit: finished.commit.to_string(),
                revision: finished.revision,
                status: "done".into(),
            }),
            crate::ops::done::Report::Purged { story, refs, .. } => Done::Purged(DonePurged {
                header: StoryHeader::new(story.as_str()),
                purged: refs.clone(),
            }),
        }
    }
}

/// `done --json`: the archived final revision.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DoneArchived {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// The archive ref written.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/checkpoints-archive/"))]
    pub refname: String,
    /// The final revision's commit.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// The final revision's number.
    pub revision: u64,
    /// Always `done`.
    #[schemars(extend("const" = "done"))]
    pub status: String,
}

/// `done --purge --json`: the refs deleted.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DonePurged {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// Full names of the refs deleted (active and/or archived).
    #[schemars(length(min = 1), inner(regex(pattern = "^refs/")))]
    pub purged: Vec<String>,
}

// ---------------------------------------------------------------------------------------------
// push, fetch, sync, setup

/// One ref as `git push --porcelain` reported it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PushedRef {
    /// The ref on the remote.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// git-push(1) status flag: ` ` fast-forward, `+` forced, `-` deleted (a finished or purged
    /// story, leased), `*` new, `=` up to date. Rejected refs (`!`) are never printed: the
    /// command fails instead.
    #[schemars(extend("enum" = [" ", "+", "-", "*", "="]))]
    pub flag: String,
    /// git's summary, e.g. `[new reference]` or `[up to date]`.
    pub summary: String,
}

impl From<&crate::remote::PushedRef> for PushedRef {
    fn from(r: &crate::remote::PushedRef) -> PushedRef {
        PushedRef {
            refname: r.to.clone(),
            flag: r.flag.to_string(),
            summary: r.summary.clone(),
        }
    }
}

/// The first fields of the documents of `push`, `fetch`, `sync` and `setup` (flattened into
/// each): the version and the remote used.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RemoteHeader {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// The remote used: the one named, else the branch's upstream remote, checkpoint.remote,
    /// then origin.
    #[schemars(length(min = 1))]
    pub remote: String,
}

impl RemoteHeader {
    /// The header for `remote`.
    pub fn new(remote: impl Into<String>) -> RemoteHeader {
        RemoteHeader {
            schema_version: SchemaVersion,
            remote: remote.into(),
        }
    }
}

/// `push --json`: each ref pushed, and what was integrated when a rejected push was fetched
/// and retried.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint push --json")]
pub struct Push {
    /// `schema_version` and `remote`.
    #[serde(flatten)]
    pub header: RemoteHeader,
    /// Each ref of the last attempt; empty when there was nothing to push (or `--dry-run`).
    pub pushed: Vec<PushedRef>,
    /// Integrated before a retry; empty when the first attempt was accepted.
    pub integrated: Vec<Outcome>,
    /// Whether this was `--dry-run`: nothing was written, `outgoing` says what would leave.
    pub dry_run: bool,
    /// With `--dry-run`, what a push would upload or delete; null otherwise.
    pub outgoing: Option<crate::ops::outgoing::Outgoing>,
}

/// `fetch --json`: the remote and what integrating each fetched ref did.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint fetch --json")]
pub struct Fetch {
    /// `schema_version` and `remote`.
    #[serde(flatten)]
    pub header: RemoteHeader,
    /// One outcome per fetched ref: archives, active refs, finished stories, then the notes
    /// ref; empty when the remote has no checkpoints.
    pub integrated: Vec<Outcome>,
    /// Stories whose open conflicts `--ours`/`--theirs` resolved, one revision each; empty
    /// otherwise.
    pub taken: Vec<crate::ops::resolve::Taken>,
}

/// `sync --json`: the remote, what was integrated (fetch, and any retry after a rejected
/// push), and each ref pushed.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint sync --json")]
pub struct Sync {
    /// `schema_version` and `remote`.
    #[serde(flatten)]
    pub header: RemoteHeader,
    /// Fetched refs integrated, in order: archives, active refs, finished stories, then the
    /// notes ref.
    pub integrated: Vec<Outcome>,
    /// Each ref pushed; empty when there was nothing to push (or `--dry-run`).
    pub pushed: Vec<PushedRef>,
    /// Stories whose open conflicts `--ours`/`--theirs` resolved before the push, one
    /// revision each; empty otherwise.
    pub taken: Vec<crate::ops::resolve::Taken>,
    /// Whether this was `--dry-run`: fetched into remote-tracking refs only, nothing
    /// integrated or pushed; `outgoing` says what the push would upload or delete.
    pub dry_run: bool,
    /// With `--dry-run`, what the push would upload or delete; null otherwise.
    pub outgoing: Option<crate::ops::outgoing::Outgoing>,
}

/// `agent status --json`: whether `git-checkpoint` is on PATH, and for each agent and scope
/// which files hold our hooks and skill and in what state.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint agent status --json")]
pub struct AgentStatus {
    /// Always 1.
    pub schema_version: SchemaVersion,
    /// Where `git-checkpoint` was found on PATH (the installed hooks run it by that name), or
    /// `null` when it is not there and no hook can run.
    pub binary: Option<String>,
    /// One entry per agent and place: Claude Code, Codex, Cursor, Gemini CLI in that order;
    /// project scope first (only inside a work tree), then user scope (only with HOME).
    pub agents: Vec<AgentPlace>,
    /// One entry per MCP client and place whose configuration can start `git-checkpoint mcp`
    /// (`agent install <agent> --mcp`): Claude Desktop (user scope only), Codex, Cursor,
    /// Gemini CLI in that order, project scope first.
    pub mcp: Vec<McpPlace>,
    /// The agents whose git-checkpoint plugin or extension is installed (`plugins/<agent>/`,
    /// installed with the agent's own command), in the order of `agents`.
    pub plugins: Vec<PluginPlace>,
    /// Double installs found, one sentence each with its fix: our hooks in more than one scope
    /// of an agent that takes them all (the model gets them twice), or beside its plugin.
    pub warnings: Vec<String>,
}

/// An agent's installed git-checkpoint plugin, in [`AgentStatus`].
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PluginPlace {
    /// `claude`, `codex`, `cursor` or `gemini`.
    #[schemars(extend("enum" = ["claude", "codex", "cursor", "gemini"]))]
    pub agent: String,
    /// The file (or folder) that shows it installed and enabled: Claude Code's settings with
    /// `enabledPlugins`, Codex's `config.toml`, Gemini CLI's `gemini-extension.json`, Cursor's
    /// plugin folder.
    pub file: String,
}

/// One MCP client's configuration file in one place, in [`AgentStatus`].
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct McpPlace {
    /// `claude-desktop`, `codex`, `cursor` or `gemini`.
    #[schemars(extend("enum" = ["claude-desktop", "codex", "cursor", "gemini"]))]
    pub client: String,
    /// `project` or `user`.
    pub scope: crate::agents::settings::Scope,
    /// The configuration file, in full.
    pub file: String,
    /// `installed` (our server's entry starts this `git-checkpoint`, an install would change
    /// nothing), `stale` (an entry of ours that an install would change: another path, another
    /// name, a duplicate) or `missing`.
    pub server: crate::agents::install::State,
    /// Why the file could not be read or checked (invalid JSON or TOML, a symlink leading out
    /// of the project), or `null`.
    pub problem: Option<String>,
}

/// One agent's hooks and skill in one place, in [`AgentStatus`].
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct AgentPlace {
    /// `claude`, `codex`, `cursor` or `gemini`.
    #[schemars(extend("enum" = ["claude", "codex", "cursor", "gemini"]))]
    pub agent: String,
    /// `project` or `user`.
    pub scope: crate::agents::settings::Scope,
    /// Whether this is the shared (committed) project file rather than the local one; only
    /// Claude Code has both, the other agents' one project file is reported with `false`.
    pub shared: bool,
    /// The hooks file, in full.
    pub hooks_file: String,
    /// `installed` (an install would change nothing), `stale` (entries of ours from another
    /// version, or some missing) or `missing`.
    pub hooks: crate::agents::install::State,
    /// The file carrying our skill, or `null` where the agent has none for this scope
    /// (Cursor's user rules live in its settings).
    pub skill_file: Option<String>,
    /// The skill's state as for `hooks`, or `null` with `skill_file`.
    pub skill: Option<crate::agents::install::State>,
    /// Why the hooks or skill file could not be read or checked (invalid JSON, a symlink
    /// leading out of the project), or `null`.
    pub problem: Option<String>,
    /// What the user still has to do for the hooks to run (Codex's trust step), or `null`.
    pub note: Option<String>,
}

/// `setup --json`: the configuration values added (or with `--undo` removed).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint setup --json")]
pub struct Setup {
    /// `schema_version` and `remote`.
    #[serde(flatten)]
    pub header: RemoteHeader,
    /// Whether values were removed (`--undo`) rather than added.
    pub undo: bool,
    /// Each value added or removed, in order; empty when nothing changed.
    pub changed: Vec<ConfigValue>,
}

/// One git config value `setup` added or removed.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ConfigValue {
    /// The git config key: `remote.<remote>.fetch` or `notes.rewriteRef`.
    #[schemars(extend("pattern" = r"^(remote\..+\.fetch|notes\.rewriteRef)$"))]
    pub key: String,
    /// A fetch refspec, or `refs/notes/checkpoints`.
    #[schemars(extend("pattern" = r"^\+?refs/"))]
    pub value: String,
}

// ---------------------------------------------------------------------------------------------
// claim, release, handoff

/// `claim --json`, `release --json` and `handoff --json`: what the command did to the story's
/// claim, and the claim now.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint claim --json")]
pub struct ClaimResult {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// The story.
    #[schemars(extend("pattern" = STORY_PATTERN))]
    pub story: String,
    /// What happened.
    pub action: ClaimAction,
    /// The previous holder when the claim was taken over or accepted; null otherwise.
    pub from: Option<crate::claims::Holder>,
    /// The claim now (`claim.json`); null when the story was never claimed.
    pub claim: Option<crate::claims::Claim>,
    /// The claim commit; null when the story was never claimed.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: Option<String>,
    /// The remote the claim was decided on (a leased push); null when claimed here only.
    pub remote: Option<String>,
    /// Why a remote exists but the claim was taken here only (it did not answer in time, or
    /// failed); null otherwise.
    pub local_only: Option<String>,
}

/// What `claim`, `release` or `handoff` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClaimAction {
    /// Nobody held it; now this holder does.
    Taken,
    /// Its holder renewed it (a later expiry).
    Renewed,
    /// Taken from another holder (expired, or `--force`).
    TakenOver,
    /// Accepted by the one it was handed to.
    Accepted,
    /// Released.
    Released,
    /// Nothing to release: nobody held it.
    NotHeld,
    /// Offered to someone (`handed_to`).
    Offered,
}

/// A live claim as list, status and the MCP resume show it: who holds the story until when,
/// and to whom it is offered.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ClaimState {
    /// Who holds it.
    pub holder: crate::claims::Holder,
    /// When it expires unless renewed (RFC 3339).
    pub expires_at: String,
    /// To whom the holder offers it; null when not offered.
    pub handed_to: Option<String>,
    /// The hand-off note; null when none.
    pub note: Option<String>,
}

impl ClaimState {
    /// The view of `claim` when it is live at `now` (seconds since the epoch), else `None`.
    pub fn of(claim: &crate::claims::Claim, now: i64) -> Option<ClaimState> {
        claim.live(now).then(|| ClaimState {
            holder: claim.holder.clone(),
            expires_at: claim.expires_at.clone(),
            handed_to: claim.handed_to.clone(),
            note: claim.note.clone(),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// start, switch, stack

/// `start --json`: the story made current in this worktree.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint start --json")]
pub struct Start {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// The story now current.
    #[schemars(extend("pattern" = STORY_PATTERN))]
    pub story: String,
    /// The story current before; null when none.
    #[schemars(extend("pattern" = STORY_PATTERN))]
    pub previous: Option<String>,
    /// Whether `refs/checkpoints/<story>` exists.
    pub checkpoint_exists: bool,
    /// The file that records the current story (`<git dir>/checkpoint/current`).
    #[schemars(length(min = 1))]
    pub file: String,
}

/// `switch --json`: the revision saved on the story left (if any) and the story made current.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint switch --json")]
#[schemars(extend(
    "if" = {"properties": {"saved": {"type": "object"}}},
    "then" = {"properties": {"from": {"type": "string"}}}
))]
pub struct Switch {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// The story current before; null when none.
    #[schemars(extend("pattern" = STORY_PATTERN))]
    pub from: Option<String>,
    /// The revision saved on `from`; null when there was no current story or it is the target.
    pub saved: Option<SwitchSaved>,
    /// The story now current.
    #[schemars(extend("pattern" = STORY_PATTERN))]
    pub story: String,
    /// Whether the new current story has a checkpoint.
    pub checkpoint_exists: bool,
}

/// The revision `switch` saved on the story it left.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SwitchSaved {
    /// The ref saved to.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/checkpoints/"))]
    pub refname: String,
    /// The revision written.
    #[schemars(extend("pattern" = OID_PATTERN))]
    pub commit: String,
    /// Its number.
    #[schemars(range(min = 1))]
    pub revision: u64,
}

/// `stack push|pop|list|drop --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git checkpoint stack push|pop|list|drop --json")]
pub enum Stack {
    /// `stack push --json`.
    Pushed(StackPushed),
    /// `stack pop --json`.
    Popped(Box<StackPopped>),
    /// `stack list --json`.
    List(StackList),
    /// `stack drop --json`.
    Dropped(StackDropped),
}

/// `stack push --json`: the entry pushed.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StackPushed {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// The entry now on top.
    pub pushed: Entry,
}

/// `stack pop --json`: the entry popped, and the popped story's resume view.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StackPopped {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// The entry removed from the top.
    pub popped: Entry,
    /// Whether `--switch` checked out the entry's branch.
    pub switched: bool,
    /// The stack after the pop, top first.
    pub remaining: Vec<Entry>,
    /// The popped story's resume view (now the current story).
    pub resume: Checkpoint,
}

/// `stack list --json`: the entries, top first.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StackList {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// Top first; empty when nothing is stacked.
    pub entries: Vec<Entry>,
}

/// `stack drop --json`: the entry removed.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StackDropped {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// The entry removed.
    pub dropped: Entry,
}

// ---------------------------------------------------------------------------------------------
// import, export, prompt

/// `import --json`: per story, the revisions written from the files; the stories pushed on
/// the stack from STACK.md; the story made current from NOW.md.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint import --json")]
pub struct Import {
    /// Version of this JSON output; additive changes keep it, anything else increments it.
    pub schema_version: SchemaVersion,
    /// One object per story, by story id.
    pub imported: Vec<Imported>,
    /// Stories pushed on the stack from STACK.md, top first.
    #[schemars(inner(regex(pattern = r"^[a-z0-9._-]+$")))]
    pub stack_pushed: Vec<String>,
    /// The story made current (from NOW.md); null when none.
    #[schemars(extend("pattern" = STORY_PATTERN))]
    pub current: Option<String>,
}

/// What `import` did for one story.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Imported {
    /// Canonical story id.
    #[schemars(extend("pattern" = STORY_PATTERN))]
    pub story: String,
    /// The active ref written to.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/checkpoints/"))]
    pub refname: String,
    /// Revisions written.
    pub written: usize,
    /// Documents already in the story's history, skipped.
    pub unchanged: usize,
    /// The files imported into this story.
    pub files: Vec<String>,
}

/// `export --json`: the checkpoint rendered in another system's format, and the files written
/// with `-o`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint export --json")]
#[schemars(extend(
    "allOf" = [
        {
            "if": {"properties": {"format": {"const": "team"}}},
            "then": {"properties": {"completed_md": {"type": "string"}}},
            "else": {"properties": {"completed_md": {"type": "null"}}}
        },
        {
            "if": {"properties": {"format": {"const": "pm"}}},
            "else": {"properties": {"stack_md": {"type": "null"}}}
        },
        {
            "if": {"properties": {"format": {"enum": ["pair", "gstack"]}}},
            "then": {"properties": {"written": {"maxItems": 1}}}
        }
    ]
))]
pub struct Export {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// The format rendered.
    #[schemars(extend("enum" = ["pair", "team", "pm", "gstack"]))]
    pub format: String,
    /// Paths written (with `-o`: the document, then completed.md for team when not empty or
    /// STACK.md for pm when stories are stacked); empty otherwise.
    #[schemars(length(max = 2))]
    pub written: Vec<String>,
    /// The rendered document.
    pub document: String,
    /// team: the completed.md text (may be empty); null for the other formats.
    pub completed_md: Option<String>,
    /// pm: the STACK.md text of the stacked stories, top first (null when none is stacked);
    /// null for the other formats.
    pub stack_md: Option<String>,
    /// What the format cannot hold of the stored document, one entry per field (or section
    /// the stored format did not read), said before anything was written; empty when the
    /// document is written as stored.
    pub dropped: Vec<crate::formats::dropped::Dropped>,
}

/// `prompt --json`: the hand-off text, its size and budget, and the parts dropped or
/// shortened to fit.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "git checkpoint prompt --json")]
pub struct Prompt {
    /// `schema_version` and `story`.
    #[serde(flatten)]
    pub header: StoryHeader,
    /// Length of `text` in characters (Unicode scalar values).
    pub chars: usize,
    /// The `--max-chars` budget; null when unlimited.
    pub max_chars: Option<usize>,
    /// The next action, or a placeholder when the checkpoint has none.
    pub next_action: String,
    /// The command to start with; always in the text.
    pub start_with: String,
    /// Parts dropped or shortened for the budget, in text order.
    #[schemars(extend(
        "uniqueItems" = true,
        "items" = {"enum": ["warnings", "document", "goal", "remaining", "agent_plan", "decisions", "done_when",
            "open_questions", "state", "context", "sections", "files", "journal"]}
    ))]
    pub omitted: Vec<String>,
    /// The hand-off text.
    pub text: String,
}

// ---------------------------------------------------------------------------------------------
// The schema files

/// A generated schema file: its name under `docs/json-schema/v1/`, the commands whose
/// `--json` output it describes, and the schema.
#[derive(Debug, Clone)]
pub struct SchemaFile {
    /// File name, e.g. `checkpoint.schema.json`; the schema's `$id` is [`SCHEMA_BASE`] plus it.
    pub file: &'static str,
    /// The commands (and subcommands) that print this document, e.g. `["resume", "show"]`;
    /// for an MCP tool's result, `the MCP <tool> tool`.
    pub commands: &'static [&'static str],
    /// The JSON Schema (draft 2020-12), keys sorted.
    pub schema: serde_json::Value,
}

impl SchemaFile {
    /// The file's contents: the schema pretty-printed with two-space indents, and a newline.
    pub fn text(&self) -> String {
        let mut text =
            serde_json::to_string_pretty(&self.schema).expect("a JSON value always serializes");
        text.push('\n');
        text
    }
}

/// Formats JSON Schema 2020-12 defines (section 7.3 of its validation vocabulary) that the
/// documents use; schemars' own (`uint64`, `int64`...) are dropped, since strict validators
/// reject unknown formats and `minimum` already says what `uint` would.
const STANDARD_FORMATS: &[&str] = &["date-time", "date"];

/// Adds `additionalProperties: false` to every object schema that does not say otherwise, and
/// drops formats outside [`STANDARD_FORMATS`].
fn strict(schema: &mut Schema) {
    if let Some(obj) = schema.as_object_mut() {
        let is_object = obj.get("type").and_then(|t| t.as_str()) == Some("object");
        if is_object && !obj.contains_key("additionalProperties") {
            obj.insert("additionalProperties".into(), false.into());
        }
        let format = obj.get("format").and_then(|f| f.as_str());
        if format.is_some_and(|f| !STANDARD_FORMATS.contains(&f)) {
            obj.remove("format");
        }
    }
}

fn schema_of<T: JsonSchema>(file: &str) -> serde_json::Value {
    let generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .with_transform(RecursiveTransform(strict))
        .into_generator();
    let mut schema = generator.into_root_schema_for::<T>().to_value();
    if let Some(obj) = schema.as_object_mut() {
        obj.insert("$id".into(), format!("{SCHEMA_BASE}{file}").into());
    }
    schema.sort_all_objects();
    schema
}

/// Every `--json` document's schema, by file name. `generate-docs` writes them to
/// `docs/json-schema/v1/`; the man page lists them.
pub fn schemas() -> Vec<SchemaFile> {
    fn file<T: JsonSchema>(file: &'static str, commands: &'static [&'static str]) -> SchemaFile {
        SchemaFile {
            file,
            commands,
            schema: schema_of::<T>(file),
        }
    }
    vec![
        file::<AgentStatus>("agent-status.schema.json", &["agent status"]),
        file::<At>("at.schema.json", &["at"]),
        file::<ClaimResult>("claim.schema.json", &["claim", "release", "handoff"]),
        file::<Checkpoint>("checkpoint.schema.json", &["resume", "show"]),
        file::<Diff>("diff.schema.json", &["diff"]),
        file::<Done>("done.schema.json", &["done"]),
        file::<Export>("export.schema.json", &["export"]),
        file::<Fetch>("fetch.schema.json", &["fetch"]),
        file::<Import>("import.schema.json", &["import"]),
        file::<ListDocument>("list.schema.json", &["list"]),
        file::<Log>("log.schema.json", &["log"]),
        file::<ResumeBrief>("mcp-resume.schema.json", &["the MCP resume tool"]),
        file::<Prompt>("prompt.schema.json", &["prompt"]),
        file::<Push>("push.schema.json", &["push"]),
        file::<Save>("save.schema.json", &["save"]),
        file::<Setup>("setup.schema.json", &["setup"]),
        file::<Stack>(
            "stack.schema.json",
            &["stack push", "stack pop", "stack list", "stack drop"],
        ),
        file::<Start>("start.schema.json", &["start"]),
        file::<Status>("status.schema.json", &["status"]),
        file::<Switch>("switch.schema.json", &["switch"]),
        file::<Sync>("sync.schema.json", &["sync"]),
    ]
}

/// [`List`] with a title of its own for the schema file.
struct ListDocument;

impl JsonSchema for ListDocument {
    fn schema_name() -> Cow<'static, str> {
        "List".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut schema = <List as JsonSchema>::json_schema(generator);
        schema.insert("title".into(), "git checkpoint list --json".into());
        schema.insert(
            "description".into(),
            "`list --json`: one object per checkpoint, newest first.".into(),
        );
        schema
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_object_is_closed() {
        fn walk(v: &serde_json::Value, path: &str) {
            match v {
                serde_json::Value::Object(o) => {
                    if o.get("type").and_then(|t| t.as_str()) == Some("object") {
                        assert_eq!(
                            o.get("additionalProperties"),
                            Some(&serde_json::Value::Bool(false)),
                            "{path}"
                        );
                    }
                    for (k, v) in o {
                        walk(v, &format!("{path}/{k}"));
                    }
                }
                serde_json::Value::Array(a) => {
                    for (i, v) in a.iter().enumerate() {
                        walk(v, &format!("{path}/{i}"));
                    }
                }
                _ => {}
            }
        }
        for s in schemas() {
            walk(&s.schema, s.file);
            assert_eq!(s.schema["$id"], format!("{SCHEMA_BASE}{}", s.file));
        }
    }

    #[test]
    fn schema_version_is_one() {
        assert_eq!(serde_json::to_value(SchemaVersion).unwrap(), 1);
    }
}
