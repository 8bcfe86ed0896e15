//! The checkpoint document: the five sections of the pair template (Story, Branch, Tasks Done,
//! Key Decisions, Remaining Todos) as data, rendered to markdown and parsed back.
//!
//! This module owns the document model only; it knows nothing about git or refs. The other
//! templates (team, pm, gstack, custom) are in [`crate::formats`], built on the pure helpers
//! of `sections`.

mod merge;
mod parse;
mod render;
pub(crate) mod sections;

/// A checklist item's identity in a merge (task id, else normalised text).
pub(crate) use merge::{key as merge_key, SINGLE_FIELDS};
pub use merge::{merge, Merged, CONFLICT};
pub(crate) use parse::is_placeholder;
pub(crate) use parse::left_out_entry;
pub use parse::{parse, Confidence, Parsed};
pub use render::render;
pub(crate) use render::{front_matter, heading};

/// The marker written for anything that could not be determined; parsing it yields a gap.
pub const UNKNOWN: &str = "[unknown — needs confirmation]";

/// The five sections of the default (`pair`) template, in their order.
pub const SECTIONS: [&str; 5] = [
    "Story",
    "Branch",
    "Tasks Done",
    "Key Decisions",
    "Remaining Todos",
];

/// One checklist item.
#[derive(
    Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct Task {
    /// The item's text without list marker and checkbox, e.g. `T1 — Router fixes — PR #325`.
    pub text: String,
    /// Whether the item is checked (`- [x]`).
    pub done: bool,
}

impl Task {
    /// A task id leading the text (`T3`, `T3.1`), if any.
    pub fn id(&self) -> Option<&str> {
        task_id(&self.text)
    }
}

/// Appends a task of `text` to `list` unless an item with the same text (ignoring ASCII case)
/// is already there, so a repeated `--todo`, `--done` or check never lists the item twice.
fn push_unlisted(list: &mut Vec<Task>, text: String, done: bool) {
    if !list.iter().any(|t| t.text.eq_ignore_ascii_case(&text)) {
        list.push(Task { text, done });
    }
}

/// Returns the task id (`T` or `t` followed by digits, optionally `.digits`) that starts `text`.
pub fn task_id(text: &str) -> Option<&str> {
    // `t3` is T3 as typed (ids compare ignoring ASCII case).
    let rest = text.strip_prefix(['T', 't'])?;
    let mut end = 1 + rest.chars().take_while(|c| c.is_ascii_digit()).count();
    if end == 1 {
        return None;
    }
    if let Some(sub) = text[end..].strip_prefix('.') {
        let n = sub.chars().take_while(|c| c.is_ascii_digit()).count();
        if n > 0 {
            end += 1 + n;
        }
    }
    match text[end..].chars().next() {
        None => Some(&text[..end]),
        Some(c) if !c.is_alphanumeric() => Some(&text[..end]),
        _ => None,
    }
}

/// A checkpoint document. `None` fields are unknown and render as [`UNKNOWN`] where the template
/// requires them (title, goal, branch, next action) and are left out otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// The story as written in the document (`#313`).
    pub story: Option<String>,
    /// One-line title.
    pub title: Option<String>,
    /// What the story is for.
    pub goal: Option<String>,
    /// Where the story comes from (issue URL, ticket).
    pub source: Option<String>,
    /// The story's branch.
    pub branch: Option<String>,
    /// How work is committed, e.g. `commit-per-task`.
    pub commit_strategy: Option<String>,
    /// Free text: how many commits so far and the latest subject.
    pub commits_so_far: Option<String>,
    /// Checked items of Tasks Done.
    pub tasks_done: Vec<Task>,
    /// Items of Remaining Todos.
    pub tasks_remaining: Vec<Task>,
    /// Key decisions, one line each with the reason.
    pub decisions: Vec<String>,
    /// The "Next immediate action" line.
    pub next_action: Option<String>,
    /// Header: when the document was last written (free text, `YYYY-MM-DD HH:MM` when we write it).
    pub last_updated: Option<String>,
    /// Header: who wrote it.
    pub written_by: Option<String>,
    /// The item's stage (`pm`: design, plan, execute, finish).
    pub stage: Option<String>,
    /// The document's own status line (`pm` Status, `gstack` status such as `in-progress`).
    pub status: Option<String>,
    /// Where the last session stopped (`pm` Stopped at).
    pub stopped_at: Option<String>,
    /// The exact command or file to start with (`pm` Start with).
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
    /// Length of the session that wrote the document, in seconds (`gstack`).
    pub session_duration_s: Option<u64>,
    /// Why the checkpoint was written (`team`: task_completed, idle, manual, lead_request).
    pub trigger: Option<String>,
    /// Other header fields of the template, in document order: (key as written, value).
    pub fields: Vec<(String, String)>,
    /// Other sections of the template, in document order: (heading, markdown body).
    pub sections: Vec<(String, String)>,
    /// Journal entries kept in the document (`team` Part B), oldest first.
    pub journal: Vec<JournalEntry>,
    /// YAML front matter the document opened with, the lines between the `---` fences verbatim
    /// (each ending in LF); rendered back above the heading by every template but `gstack`,
    /// whose own front matter is its fields.
    pub front_matter: Option<String>,
}

/// One work-journal entry: a timestamped subject with free markdown text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, serde::Serialize, schemars::JsonSchema)]
pub struct JournalEntry {
    /// When, as written (ISO 8601 / RFC 3339 when we write it).
    pub at: String,
    /// One-line subject.
    pub subject: String,
    /// Markdown body (may be empty).
    pub body: String,
}

impl Document {
    /// Records `text` as done: a todo whose task id (or whole text) matches moves to Tasks Done
    /// and is checked; otherwise a new checked item is added. Returns whether a todo moved.
    pub fn mark_done(&mut self, text: &str) -> bool {
        let text = text.trim();
        let id = task_id(text);
        let pos = self
            .tasks_remaining
            .iter()
            .position(|t| match (id, t.id()) {
                (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
                _ => t.text.eq_ignore_ascii_case(text),
            });
        // Marking a done task done again changes nothing.
        if pos.is_none()
            && id.is_some_and(|id| id == text)
            && self
                .tasks_done
                .iter()
                .any(|t| t.id().is_some_and(|d| d.eq_ignore_ascii_case(text)))
        {
            return false;
        }
        let moved = pos.map(|i| self.tasks_remaining.remove(i));
        // `--done T3` alone keeps the todo's full text; `--done "T3 — new words"` wins.
        let final_text = match (&moved, id) {
            (Some(t), Some(id)) if id == text => t.text.clone(),
            _ => text.to_string(),
        };
        push_unlisted(&mut self.tasks_done, final_text, true);
        moved.is_some()
    }

    /// Adds an unchecked todo unless one with the same text exists.
    pub fn add_todo(&mut self, text: &str) {
        push_unlisted(&mut self.tasks_remaining, text.trim().to_string(), false);
    }

    /// Adds a decision unless the same line is already recorded.
    pub fn add_decision(&mut self, text: &str) {
        let text = text.trim();
        if !self.decisions.iter().any(|d| d == text) {
            self.decisions.push(text.to_string());
        }
    }

    /// Tasks done and total (done + remaining).
    pub fn task_counts(&self) -> (usize, usize) {
        let done = self.tasks_done.len();
        (done, done + self.tasks_remaining.len())
    }

    /// Adds a "Done when" check unless one with the same text exists.
    pub fn add_done_when(&mut self, text: &str) {
        push_unlisted(&mut self.done_when, text.trim().to_string(), false);
    }

    /// Marks the "Done when" check whose text equals `text` (or starts with it) as met.
    /// Returns whether one matched.
    pub fn meet(&mut self, text: &str) -> bool {
        let text = text.trim().to_lowercase();
        let exact = self
            .done_when
            .iter()
            .position(|t| t.text.to_lowercase() == text);
        let pos = exact.or_else(|| {
            self.done_when
                .iter()
                .position(|t| !text.is_empty() && t.text.to_lowercase().starts_with(&text))
        });
        match pos {
            Some(i) => {
                self.done_when[i].done = true;
                true
            }
            None => false,
        }
    }

    /// What blocks `done`: every unchecked todo and every unmet "Done when" check, as
    /// human phrases (`todo: T3 — docs`, `done when: tests pass`).
    pub fn unfinished(&self) -> Vec<String> {
        self.tasks_remaining
            .iter()
            .filter(|t| !t.done)
            .map(|t| format!("todo: {}", first_line(&t.text)))
            .chain(
                self.done_when
                    .iter()
                    .filter(|t| !t.done)
                    .map(|t| format!("done when: {}", first_line(&t.text))),
            )
            .collect()
    }
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_ids() {
        assert_eq!(task_id("T3 — x"), Some("T3"));
        assert_eq!(task_id("T3.1: x"), Some("T3.1"));
        assert_eq!(task_id("T12"), Some("T12"));
        assert_eq!(task_id("Test"), None);
        assert_eq!(task_id("T3x"), None);
        assert_eq!(task_id("add T3"), None);
    }

    #[test]
    fn done_by_task_id_moves_the_todo() {
        let mut d = Document::default();
        d.add_todo("T3 — write docs");
        d.add_todo("T4 — ship");
        assert!(d.mark_done("T3"));
        assert_eq!(d.tasks_done[0].text, "T3 — write docs");
        assert_eq!(d.tasks_remaining.len(), 1);
        assert!(!d.mark_done("something else"));
        assert_eq!(d.task_counts(), (2, 3));
    }
}
