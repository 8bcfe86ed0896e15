//! The checkpoint document: the five sections of the pair template (Story, Branch, Tasks Done,
//! Key Decisions, Remaining Todos) as data, rendered to markdown and parsed back.
//!
//! This module owns the document model only; it knows nothing about git or refs. The other
//! templates (team, pm, gstack, custom) are in [`crate::formats`], built on the pure helpers
//! of `sections`.

pub mod conflict;
mod gap;
mod merge;
mod parse;
mod render;
pub(crate) mod sections;
pub mod similar;
mod text;
pub mod vocab;

pub use conflict::CONFLICT;
pub use gap::{Gap, GapKind, Place};
/// A checklist item's identity in a merge (task id, else normalised text).
pub(crate) use merge::{key as merge_key, SINGLE_FIELDS};
pub use merge::{merge, merge_sides, resolve_conflicts, Merged};
pub(crate) use parse::left_out_entry;
pub use parse::{parse, Confidence, Parsed};
pub use render::render;
pub(crate) use render::{front_matter, heading};
pub(crate) use text::is_placeholder;

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
///
/// For each of `texts` in turn (trimmed), with the texts held in a set: linear in the list
/// and the texts.
fn push_all_unlisted<S: AsRef<str>>(list: &mut Vec<Task>, texts: &[S]) {
    let mut held: std::collections::HashSet<String> =
        list.iter().map(|t| t.text.to_ascii_lowercase()).collect();
    for text in texts {
        let text = text.as_ref().trim();
        if held.insert(text.to_ascii_lowercase()) {
            list.push(Task {
                text: text.to_string(),
                done: false,
            });
        }
    }
}

/// Appends each of `items` to `list` unless the same string is there already (or, with
/// `skip_empty`, it is empty); linear, the list's strings held in a set.
pub(crate) fn push_all_new(list: &mut Vec<String>, items: &[&str], skip_empty: bool) {
    let mut held: std::collections::HashSet<String> = list.iter().cloned().collect();
    for item in items {
        if !(skip_empty && item.is_empty()) && held.insert(item.to_string()) {
            list.push(item.to_string());
        }
    }
}

/// For [`Document::meet_all`]'s prefix look-up: the indices of `lower` sorted by their text,
/// and a sparse table of that order: `mins[k][i]` is the least index among `order[i..i + 2^k]`.
fn first_in_runs(lower: &[String]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let mut order: Vec<usize> = (0..lower.len()).collect();
    order.sort_by(|&a, &b| lower[a].cmp(&lower[b]));
    let mut mins = vec![order.clone()];
    let mut width = 1;
    while 2 * width <= order.len() {
        let prev = mins.last().expect("the first level is there");
        let next = (0..=order.len() - 2 * width)
            .map(|i| prev[i].min(prev[i + width]))
            .collect();
        mins.push(next);
        width *= 2;
    }
    (order, mins)
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
        self.mark_all_done(&[text]) == 1
    }

    /// [`Document::mark_done`] for each of `texts` in turn; returns how many todos moved.
    /// Linear in the texts and tasks: todos are found by key in a map and Tasks Done's texts
    /// and ids are held in sets, so thousands of `--done` (an MCP save's list) do not each scan
    /// the lists.
    pub fn mark_all_done<S: AsRef<str>>(&mut self, texts: &[S]) -> usize {
        use std::collections::{HashMap, HashSet, VecDeque};
        // A text with a task id matches the first todo with that id, one without the first todo
        // of the same text, both ignoring ASCII case: strings equal but for ASCII case both
        // have an id or both have none, so a todo is only ever found by its own kind of key.
        let key = |text: &str| match task_id(text) {
            Some(id) => (true, id.to_ascii_lowercase()),
            None => (false, text.to_ascii_lowercase()),
        };
        let mut todos: HashMap<(bool, String), VecDeque<usize>> = HashMap::new();
        for (i, t) in self.tasks_remaining.iter().enumerate() {
            todos.entry(key(&t.text)).or_default().push_back(i);
        }
        let mut done_texts: HashSet<String> = HashSet::new();
        let mut done_ids: HashSet<String> = HashSet::new();
        for t in &self.tasks_done {
            done_texts.insert(t.text.to_ascii_lowercase());
            done_ids.extend(t.id().map(str::to_ascii_lowercase));
        }
        let mut moved = vec![false; self.tasks_remaining.len()];
        let mut count = 0;
        for text in texts {
            let text = text.as_ref().trim();
            let id = task_id(text);
            let pos = todos.get_mut(&key(text)).and_then(VecDeque::pop_front);
            // Marking a done task done again changes nothing.
            if pos.is_none()
                && id.is_some_and(|id| id == text)
                && done_ids.contains(&text.to_ascii_lowercase())
            {
                continue;
            }
            // `--done T3` alone keeps the todo's full text; `--done "T3 — new words"` wins.
            let final_text = match (pos, id) {
                (Some(i), Some(id)) if id == text => self.tasks_remaining[i].text.clone(),
                _ => text.to_string(),
            };
            if let Some(i) = pos {
                moved[i] = true;
                count += 1;
            }
            // As push_all_unlisted: never the same text (ignoring ASCII case) twice.
            if done_texts.insert(final_text.to_ascii_lowercase()) {
                done_ids.extend(task_id(&final_text).map(str::to_ascii_lowercase));
                self.tasks_done.push(Task {
                    text: final_text,
                    done: true,
                });
            }
        }
        if count > 0 {
            let mut moved = moved.into_iter();
            self.tasks_remaining
                .retain(|_| !moved.next().unwrap_or(false));
        }
        count
    }

    /// Adds an unchecked todo unless one with the same text exists.
    pub fn add_todo(&mut self, text: &str) {
        self.add_todos(&[text]);
    }

    /// [`Document::add_todo`] for each of `texts` in turn, in linear time.
    pub fn add_todos<S: AsRef<str>>(&mut self, texts: &[S]) {
        push_all_unlisted(&mut self.tasks_remaining, texts);
    }

    /// Adds a decision unless the same line is already recorded.
    pub fn add_decision(&mut self, text: &str) {
        self.add_decisions(&[text]);
    }

    /// [`Document::add_decision`] for each of `texts` in turn, in linear time.
    pub fn add_decisions<S: AsRef<str>>(&mut self, texts: &[S]) {
        let texts: Vec<&str> = texts.iter().map(|t| t.as_ref().trim()).collect();
        push_all_new(&mut self.decisions, &texts, false);
    }

    /// Tasks done and total (done + remaining).
    pub fn task_counts(&self) -> (usize, usize) {
        let done = self.tasks_done.len();
        (done, done + self.tasks_remaining.len())
    }

    /// Adds a "Done when" check unless one with the same text exists.
    pub fn add_done_when(&mut self, text: &str) {
        self.add_done_whens(&[text]);
    }

    /// [`Document::add_done_when`] for each of `texts` in turn, in linear time.
    pub fn add_done_whens<S: AsRef<str>>(&mut self, texts: &[S]) {
        push_all_unlisted(&mut self.done_when, texts);
    }

    /// Marks the "Done when" check whose text equals `text` (or starts with it) as met.
    /// Returns whether one matched.
    pub fn meet(&mut self, text: &str) -> bool {
        self.meet_all(&[text]) == 1
    }

    /// [`Document::meet`] for each of `texts` in turn; returns how many matched. The checks'
    /// lowercased texts are computed once: an exact text is looked up in a map, a prefix in
    /// the sorted texts (those starting with it are a run there, and the first check of the
    /// run in document order is found by a range-minimum table), so thousands of `met` do not
    /// each lowercase and scan every check.
    pub fn meet_all<S: AsRef<str>>(&mut self, texts: &[S]) -> usize {
        let lower: Vec<String> = self
            .done_when
            .iter()
            .map(|t| t.text.to_lowercase())
            .collect();
        let mut exact: std::collections::HashMap<&str, usize> = Default::default();
        for (i, l) in lower.iter().enumerate() {
            exact.entry(l.as_str()).or_insert(i);
        }
        let mut prefixes: Option<(Vec<usize>, Vec<Vec<usize>>)> = None;
        let mut count = 0;
        for text in texts {
            let text = text.as_ref().trim().to_lowercase();
            let pos = exact.get(text.as_str()).copied().or_else(|| {
                if text.is_empty() {
                    return None;
                }
                let (order, mins) = prefixes.get_or_insert_with(|| first_in_runs(&lower));
                let lo = order.partition_point(|&i| lower[i] < text);
                let hi = lo + order[lo..].partition_point(|&i| lower[i].starts_with(&text));
                (lo < hi).then(|| {
                    let k = (hi - lo).ilog2() as usize;
                    mins[k][lo].min(mins[k][hi - (1 << k)])
                })
            });
            if let Some(i) = pos {
                self.done_when[i].done = true;
                count += 1;
            }
        }
        count
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

/// Whether `text` names task `id` as a word (`T1` in "start T1:" but not in "T10").
pub fn mentions_id(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + id.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_digit() || c == '.')
    })
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

    /// The list options one item at a time, as they were before the batch forms.
    mod one_by_one {
        use super::super::{task_id, Document, Task};

        fn push_unlisted(list: &mut Vec<Task>, text: String, done: bool) {
            if !list.iter().any(|t| t.text.eq_ignore_ascii_case(&text)) {
                list.push(Task { text, done });
            }
        }

        pub fn mark_done(d: &mut Document, text: &str) -> bool {
            let text = text.trim();
            let id = task_id(text);
            let pos = d.tasks_remaining.iter().position(|t| match (id, t.id()) {
                (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
                _ => t.text.eq_ignore_ascii_case(text),
            });
            if pos.is_none()
                && id.is_some_and(|id| id == text)
                && d.tasks_done
                    .iter()
                    .any(|t| t.id().is_some_and(|x| x.eq_ignore_ascii_case(text)))
            {
                return false;
            }
            let moved = pos.map(|i| d.tasks_remaining.remove(i));
            let final_text = match (&moved, id) {
                (Some(t), Some(id)) if id == text => t.text.clone(),
                _ => text.to_string(),
            };
            push_unlisted(&mut d.tasks_done, final_text, true);
            moved.is_some()
        }

        pub fn add_todo(d: &mut Document, text: &str) {
            push_unlisted(&mut d.tasks_remaining, text.trim().to_string(), false);
        }

        pub fn meet(d: &mut Document, text: &str) -> bool {
            let text = text.trim().to_lowercase();
            let exact = d
                .done_when
                .iter()
                .position(|t| t.text.to_lowercase() == text);
            let pos = exact.or_else(|| {
                d.done_when
                    .iter()
                    .position(|t| !text.is_empty() && t.text.to_lowercase().starts_with(&text))
            });
            pos.map(|i| d.done_when[i].done = true).is_some()
        }
    }

    #[test]
    fn the_list_options_in_one_pass_do_what_one_at_a_time_did() {
        let todos = [
            "T1 — one",
            "t2 — two",
            "plain",
            "PLAIN",
            "T1 — again",
            "T3.1: sub",
            "Ünïcode x",
            "  spaced  ",
            "T4",
            "T40 — forty",
        ];
        let dones = [
            "T1",
            "t1",
            "T1",
            "plain",
            "Plain",
            "T2 — renamed",
            "T3.1",
            "t3.1",
            "ünïcode X",
            "Ünïcode x",
            "spaced",
            "T4",
            "T4",
            "T9",
            "T9",
            "new one",
            "NEW ONE",
            "T40",
            "T40 — forty",
            "",
        ];
        let checks = [
            "Tests pass",
            "tests pass",
            "Docs written",
            "docs",
            "Ärger",
            "ä",
            "",
            "nothing",
            "TESTS",
            "test",
            "d",
        ];
        let mut start = Document::default();
        start.tasks_done.push(Task {
            text: "T4 — done before".into(),
            done: true,
        });
        for c in [
            "Tests pass twice",
            "docs written",
            "Tests pass",
            "Ärger",
            "docs",
        ] {
            start.done_when.push(Task {
                text: c.into(),
                done: false,
            });
        }
        let mut old = start.clone();
        for t in todos {
            one_by_one::add_todo(&mut old, t);
        }
        let moved_old = dones
            .iter()
            .filter(|t| one_by_one::mark_done(&mut old, t))
            .count();
        let met_old = checks
            .iter()
            .filter(|t| one_by_one::meet(&mut old, t))
            .count();
        let mut new = start;
        new.add_todos(&todos);
        assert_eq!(new.mark_all_done(&dones), moved_old);
        assert_eq!(new.meet_all(&checks), met_old);
        assert_eq!(new, old);
        assert!(moved_old > 3 && met_old > 3, "{moved_old} {met_old}");
    }

    #[test]
    fn list_options_of_tens_of_thousands_apply_in_linear_time() {
        // One at a time, each item scanned its list: (items x list) string comparisons, and
        // `meet` lowercased every check for every item; minutes in a debug build.
        let n = 40_000;
        let mut d = Document::default();
        let t = std::time::Instant::now();
        let todos: Vec<String> = (0..n).map(|i| format!("T{i} — todo {i}")).collect();
        d.add_todos(&todos);
        d.add_todos(&todos);
        let dones: Vec<String> = (0..n).step_by(2).map(|i| format!("t{i}")).collect();
        assert_eq!(d.mark_all_done(&dones), n / 2);
        assert_eq!(d.mark_all_done(&dones), 0);
        let checks: Vec<String> = (0..n).map(|i| format!("Check {i} holds")).collect();
        d.add_done_whens(&checks);
        // Prefixes: "check 1" is first met by "Check 1 holds", "check 12" by "Check 12 holds".
        let met: Vec<String> = (0..n).step_by(2).map(|i| format!("check {i}")).collect();
        assert_eq!(d.meet_all(&met), n / 2);
        let decisions: Vec<String> = (0..2 * n).map(|i| format!("d {}", i % n)).collect();
        d.add_decisions(&decisions);
        assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
        assert_eq!(d.task_counts(), (n / 2, n));
        assert_eq!(
            d.tasks_done[n / 2 - 1].text,
            format!("T{} — todo {}", n - 2, n - 2)
        );
        assert_eq!(d.tasks_remaining[0].text, "T1 — todo 1");
        assert_eq!(d.done_when.iter().filter(|c| c.done).count(), n / 2);
        assert!(d.done_when[n - 2].done && !d.done_when[n - 1].done);
        assert_eq!(d.decisions.len(), n);
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
