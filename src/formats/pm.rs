//! The `pm` template, seed 003 (`003_2905a4ea30828264.txt`, "pm-checkpoint"): `NOW.md` holds
//! the active item (status fields, "Done when" checks, plan steps and the checkpoint block)
//! and `STACK.md` the suspended operations, top first, each with its own checkpoint block.
//!
//! Owns the codec of both files, a new pm checkpoint's defaults (status `active`), how they
//! are imported (NOW.md's item becomes the current story, STACK.md's entries are pushed on the
//! stack) and exported. Writes nothing itself.

use super::base::Saving;
use super::plan::{check_parsed, file_name, planned, story_of, Notice, Planned};
use crate::error::{Error, Result};
use crate::model::sections::strip_code;
use crate::model::sections::{
    decode, field_items, items, key_value, norm, one_line, one_line_or, push_checks, push_item,
    real, split, value, FieldItem,
};
use crate::model::{Document, Gap, GapKind, Parsed, Place, UNKNOWN};
use crate::stack;
use crate::store::Revision;
use crate::story::StoryId;
use std::fmt::Write;
use std::path::Path;

/// What `import --format pm` reads, one line for help.
pub const FILES_READ: &str = "The pm format's `NOW.md` / `STACK.md`";

/// What `export --format pm` writes, one line for help.
pub const FILES_WRITTEN: &str =
    "`NOW.md`, plus `STACK.md` beside it with `-o` when stories are stacked";

const PM_KNOWN: [&str; 5] = ["status", "item", "session", "branch", "stage"];

/// The active item's file name in seed 003.
pub const FILE_NAME: &str = "NOW.md";

/// Before exporting another format's revision as pm: the item is `active` (NOW.md holds the
/// active item).
pub(super) fn fill_for_export(d: &mut Document, rev: &Revision) {
    if rev.meta.template != "pm" {
        d.status = Some("active".into());
    }
}

/// On every save: Status `active` unless the document has one (seed 003's NOW.md always
/// names its status), and `last_updated` as `YYYY-MM-DD HH:MM` local time.
pub fn fill_for_save(doc: &mut Document, saving: &Saving<'_>) {
    if doc.status.is_none() {
        doc.status = Some("active".into());
    }
    doc.last_updated = Some(super::base::minute_stamp(&saving.now));
}

/// The fields and sections the template requires, for help and error messages.
pub fn required_sections() -> Vec<String> {
    vec![
        "Item".into(),
        "Stage".into(),
        "Done when".into(),
        "Checkpoint".into(),
    ]
}

/// Renders `doc` as seed 003's `NOW.md`: `# NOW`, the status fields (Status, Item, Session,
/// Stage, then other header fields), `## Done when` checks, `## Plan steps`, the
/// `## Checkpoint <date>` block (Stopped at, Next action, Start with, Decisions, Context, Open
/// question) and any other sections. Unknown required values render as [`UNKNOWN`]. UTF-8
/// markdown, LF line endings, one trailing newline; [`parse`] reads it back.
pub fn render(doc: &Document) -> String {
    let mut out = String::from("# NOW\n\n");
    let _ = writeln!(
        out,
        "- Status: {}",
        doc.status.as_deref().unwrap_or("active")
    );
    let item = match (&doc.story, &doc.title) {
        (Some(s), Some(t)) => format!("{} {}", one_line(s), one_line(t)),
        (Some(s), None) => one_line(s),
        (None, Some(t)) => format!("{UNKNOWN} {}", one_line(t)),
        (None, None) => UNKNOWN.to_string(),
    };
    let _ = writeln!(out, "- Item: {item}");
    for (key, value) in [("Session", &doc.branch), ("Stage", &doc.stage)] {
        let _ = writeln!(out, "- {key}: {}", one_line_or(value.as_deref(), UNKNOWN));
    }
    for (k, v) in &doc.fields {
        let _ = writeln!(out, "- {}: {}", one_line(k), one_line(v));
    }
    out.push_str("\n## Done when\n\n");
    push_checks(&mut out, &doc.done_when);
    out.push_str("\n## Plan steps\n\n");
    let mut steps = doc.tasks_done.clone();
    steps.extend(doc.tasks_remaining.iter().cloned());
    push_checks(&mut out, &steps);
    let _ = writeln!(
        out,
        "\n## Checkpoint {}\n",
        doc.last_updated
            .as_deref()
            .map(one_line)
            .unwrap_or_default()
    );
    out.push_str(&checkpoint_fields(doc, ""));
    for (h, b) in &doc.sections {
        let _ = writeln!(out, "\n## {}\n\n{}", one_line(h), b.trim_end());
    }
    out
}

/// The checkpoint block's items (Stopped at ... Open question), each line prefixed by `indent`.
fn checkpoint_fields(doc: &Document, indent: &str) -> String {
    let mut out = String::new();
    let req = |v: &Option<String>| one_line_or(v.as_deref(), UNKNOWN);
    let _ = writeln!(out, "{indent}- Stopped at: {}", req(&doc.stopped_at));
    let _ = writeln!(out, "{indent}- Next action: {}", req(&doc.next_action));
    let _ = writeln!(out, "{indent}- Start with: {}", req(&doc.start_with));
    let many = |out: &mut String, key: &str, list: &[String]| match list {
        [] => {
            let _ = writeln!(out, "{indent}- {key}: none");
        }
        [one] if !one.contains('\n') => {
            let _ = writeln!(out, "{indent}- {key}: {one}");
        }
        _ => {
            let _ = writeln!(out, "{indent}- {key}:");
            for d in list {
                push_item(out, &format!("{indent}  - "), d);
            }
        }
    };
    many(&mut out, "Decisions", &doc.decisions);
    many(&mut out, "Context", &doc.context);
    if !doc.open_questions.is_empty() {
        many(&mut out, "Open question", &doc.open_questions);
    }
    out
}

fn list_value(f: &FieldItem, what: Place<'_>, gaps: &mut Vec<Gap>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(v) = value(Some(&f.value), what, gaps) {
        out.push(v);
    }
    out.extend(
        real(f.nested.clone(), what, gaps)
            .into_iter()
            .map(|t| t.text),
    );
    out
}

/// Reads the checkpoint block's fields into `doc`; returns which were present.
fn read_checkpoint_fields(
    fields: &[FieldItem],
    doc: &mut Document,
    gaps: &mut Vec<Gap>,
) -> Vec<String> {
    let mut seen = Vec::new();
    for f in fields {
        let k = norm(&f.key);
        let what = Place::in_section("Checkpoint", &f.key);
        match k.as_str() {
            "stopped at" => doc.stopped_at = value(Some(&f.value), what, gaps),
            "next action" => doc.next_action = value(Some(&f.value), what, gaps),
            "start with" => doc.start_with = value(Some(&strip_code(&f.value)), what, gaps),
            "decisions" => doc.decisions = list_value(f, what, gaps),
            "context" => doc.context = list_value(f, what, gaps),
            "open question" | "open questions" => doc.open_questions = list_value(f, what, gaps),
            _ => continue,
        }
        seen.push(k);
    }
    seen
}

/// Parses seed 003's `NOW.md`. Never fails: a missing Item or Stage field, a missing or empty
/// `Done when` or `Checkpoint`, a checkpoint line left out, and an idle NOW.md are gaps.
pub fn parse(input: &[u8]) -> Parsed {
    super::base::parse_with(input, read)
}

fn read(text: &str, p: &mut Parsed) {
    let sp = split(text);
    let mut header = sp.preamble.clone();
    let mut saw_done_when = false;
    let mut saw_checkpoint = false;
    for b in &sp.blocks {
        let n = norm(&b.name);
        if b.level == 1 {
            header.push('\n');
            header.push_str(&b.body);
        } else if n == "done when" {
            saw_done_when = true;
            p.doc.done_when = real(items(&b.body), Place::section("Done when"), &mut p.gaps);
            if p.doc.done_when.is_empty() {
                p.gaps.push(Gap::empty_section("Done when"));
            }
        } else if matches!(n.as_str(), "plan steps" | "plan" | "tasks" | "steps") {
            for t in real(items(&b.body), Place::section(&b.name), &mut p.gaps) {
                if t.done {
                    p.doc.tasks_done.push(t);
                } else {
                    p.doc.tasks_remaining.push(t);
                }
            }
        } else if n.starts_with("checkpoint") {
            if saw_checkpoint {
                p.gaps.push(Gap::duplicate_section_at("Checkpoint", b.line));
                p.left_out
                    .push(crate::model::left_out_entry("Checkpoint", b.line));
                continue;
            }
            saw_checkpoint = true;
            let date = b.name.trim()["Checkpoint".len().min(b.name.trim().len())..].trim();
            if !date.is_empty() {
                p.doc.last_updated = Some(date.to_string());
            }
            let seen = read_checkpoint_fields(&field_items(&b.body), &mut p.doc, &mut p.gaps);
            for want in [
                "stopped at",
                "next action",
                "start with",
                "decisions",
                "context",
            ] {
                if !seen.iter().any(|s| s == want) {
                    p.gaps.push(Gap::missing_line("Checkpoint", &capital(want)));
                }
            }
            for (what, v) in [
                ("Stopped at", &p.doc.stopped_at),
                ("Next action", &p.doc.next_action),
                ("Start with", &p.doc.start_with),
            ] {
                // A line marked unknown or left a placeholder has its gap already.
                let has_gap = |g: &Gap| {
                    g.section.as_deref() == Some("Checkpoint")
                        && g.field.as_deref() == Some(what)
                        && matches!(g.kind, GapKind::Unknown | GapKind::Placeholder)
                };
                if v.is_none()
                    && seen.iter().any(|s| *s == what.to_lowercase())
                    && !p.gaps.iter().any(has_gap)
                {
                    p.gaps.push(Gap::empty_field("Checkpoint", what));
                }
            }
        } else {
            p.doc
                .sections
                .push((b.name.trim().to_string(), b.body.trim().to_string()));
        }
    }
    let mut saw = Vec::new();
    for line in header.lines() {
        let l = line.trim();
        let l = l
            .strip_prefix("- ")
            .or_else(|| l.strip_prefix("* "))
            .unwrap_or(l);
        let Some((k, v)) = key_value(l) else { continue };
        let n = norm(&k);
        saw.push(n.clone());
        match n.as_str() {
            "status" => p.doc.status = value(Some(&v), Place::field("Status"), &mut p.gaps),
            "item" => {
                if let Some(v) = value(Some(&v), Place::field("Item"), &mut p.gaps) {
                    let (id, title) = v.split_once(' ').unwrap_or((&v, ""));
                    if id.contains(['[', '<']) {
                        p.gaps.push(Gap::no_id("Item", &v));
                    } else {
                        p.doc.story = Some(id.to_string());
                    }
                    let title = title.trim();
                    if !title.is_empty() {
                        p.doc.title = Some(title.to_string());
                    }
                }
            }
            "session" | "branch" => p.doc.branch = value(Some(&v), Place::field(&k), &mut p.gaps),
            "stage" => p.doc.stage = value(Some(&v), Place::field("Stage"), &mut p.gaps),
            _ => p.doc.fields.push((k, v)),
        }
    }
    if p.doc.status.as_deref() == Some("idle") {
        p.gaps.push(Gap::idle("NOW.md"));
    }
    for want in ["item", "stage"] {
        if !saw.iter().any(|s| s == want) {
            p.gaps.push(Gap::missing_field(&capital(want)));
        }
    }
    if !saw_done_when {
        p.gaps.push(Gap::missing_section("Done when"));
    }
    if !saw_checkpoint {
        p.gaps.push(Gap::missing_section("Checkpoint"));
    }
    let _ = PM_KNOWN;
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// One suspended operation of seed 003's `STACK.md`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StackMdEntry {
    /// The item as a document (story, title, branch, stage, Done when, checkpoint block).
    pub doc: Document,
    /// `Reason`, verbatim.
    pub reason: String,
    /// `Pushed`, as written.
    pub pushed: String,
}

impl StackMdEntry {
    /// The entry as the stack ref keeps it, for `story` whose checkpoint tip is `checkpoint`
    /// (full hex id): every field of the entry (title, branch, stage, the other fields such as
    /// Brief and Milestone, Done when, and the checkpoint block), the reason verbatim and the
    /// pushed time as RFC 3339 ([`pushed_rfc3339`]; kept as written when it is no time).
    pub fn to_stack_entry(&self, story: &StoryId, checkpoint: Option<String>) -> stack::Entry {
        stack::Entry::from_document(
            story,
            &self.doc,
            self.reason.clone(),
            pushed_rfc3339(&self.pushed).unwrap_or_else(|| self.pushed.clone()),
            checkpoint,
        )
    }

    /// A stack ref entry as a `STACK.md` entry, the inverse of [`Self::to_stack_entry`]: the
    /// pushed time is written back as seed 003's `YYYY-MM-DD HH:MM` in its own offset.
    pub fn from_stack_entry(e: &stack::Entry) -> StackMdEntry {
        let pushed = chrono::DateTime::parse_from_rfc3339(&e.pushed_at)
            .map(|t| t.format("%Y-%m-%d %H:%M").to_string())
            .unwrap_or_else(|_| e.pushed_at.clone());
        StackMdEntry {
            doc: Document {
                story: Some(e.story_display.clone().unwrap_or_else(|| e.story.clone())),
                title: e.title.clone(),
                branch: e.branch.clone(),
                stage: e.stage.clone(),
                status: Some("active".into()),
                next_action: e.next_action.clone(),
                stopped_at: e.stopped_at.clone(),
                start_with: e.start_with.clone(),
                fields: e.fields.clone(),
                done_when: e.done_when.clone(),
                decisions: e.decisions.clone(),
                context: e.context.clone(),
                open_questions: e.open_questions.clone(),
                ..Document::default()
            },
            reason: e.reason.clone(),
            pushed,
        }
    }
}

/// A STACK.md `Pushed` time as RFC 3339: seed 003 writes `YYYY-MM-DD HH:MM` in local time, so
/// that is read in the local time zone (an ambiguous local time takes the earlier instant);
/// RFC 3339 stays as it is. `None` for anything else.
pub fn pushed_rfc3339(pushed: &str) -> Option<String> {
    let s = pushed.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Some(t.to_rfc3339_opts(chrono::SecondsFormat::Secs, false));
    }
    let naive = ["%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|f| chrono::NaiveDateTime::parse_from_str(s, f).ok())?;
    let local = naive.and_local_timezone(chrono::Local).earliest()?;
    Some(local.to_rfc3339_opts(chrono::SecondsFormat::Secs, false))
}

/// Fills in what an entry written before stack entries kept the checkpoint block lacks (Stopped
/// at, Start with, other fields, Done when, decisions, context, open questions) from the
/// story's checkpoint at the push (`checkpoint`), so `STACK.md` shows it instead of unknown
/// markers. Nothing changes when the entry has any of them, names no checkpoint, or that
/// checkpoint cannot be read (the entry is then written as it is).
///
/// `parse` reads a revision with its own format ([`super::parse_revision`], passed in by the
/// dispatch above this module).
pub fn complete_from_checkpoint(
    store: &crate::store::Store,
    e: &mut stack::Entry,
    parse: fn(&crate::store::Store, &Revision) -> crate::model::Parsed,
) {
    let bare = e.stopped_at.is_none()
        && e.start_with.is_none()
        && e.fields.is_empty()
        && e.done_when.is_empty()
        && e.decisions.is_empty()
        && e.context.is_empty()
        && e.open_questions.is_empty();
    let Some(hex) = e.checkpoint.as_deref().filter(|_| bare) else {
        return;
    };
    let (Ok(id), Ok(story)) = (
        gix::ObjectId::from_hex(hex.as_bytes()),
        StoryId::parse(&e.story),
    ) else {
        return;
    };
    let Ok(rev) = store.read(&story.refname(), id) else {
        return;
    };
    let d = parse(store, &rev).doc;
    e.stopped_at = d.stopped_at;
    e.start_with = d.start_with;
    e.fields = d.fields;
    e.done_when = d.done_when;
    e.decisions = d.decisions;
    e.context = d.context;
    e.open_questions = d.open_questions;
    if e.next_action.is_none() {
        e.next_action = d.next_action;
    }
}

/// Seed 003's `STACK.md` for the stack ref's `stack`, top first; see [`render_stack_md`].
pub fn render_stack(stack: &stack::Stack) -> String {
    let entries: Vec<StackMdEntry> = stack
        .entries
        .iter()
        .map(StackMdEntry::from_stack_entry)
        .collect();
    render_stack_md(&entries)
}

/// Renders seed 003's `STACK.md`: one `### <ID> <Title>` entry per suspended item, top first.
pub fn render_stack_md(entries: &[StackMdEntry]) -> String {
    let mut out = String::from("# STACK\n");
    for e in entries {
        let d = &e.doc;
        let _ = writeln!(
            out,
            "\n### {}{}\n",
            one_line_or(d.story.as_deref(), UNKNOWN),
            d.title
                .as_deref()
                .map(|t| format!(" {}", one_line(t)))
                .unwrap_or_default()
        );
        let _ = writeln!(out, "- Pushed: {}", one_line(&e.pushed));
        let _ = writeln!(
            out,
            "- Branch: {}",
            one_line_or(d.branch.as_deref(), UNKNOWN)
        );
        let _ = writeln!(out, "- Stage: {}", one_line_or(d.stage.as_deref(), UNKNOWN));
        for (k, v) in &d.fields {
            let _ = writeln!(out, "- {}: {}", one_line(k), one_line(v));
        }
        let _ = writeln!(out, "- Reason: {}", one_line(&e.reason));
        out.push_str("- Done when:\n");
        for t in &d.done_when {
            push_item(&mut out, if t.done { "  - [x] " } else { "  - " }, &t.text);
        }
        out.push_str("- Checkpoint:\n");
        out.push_str(&checkpoint_fields(d, "  "));
    }
    out
}

/// Parses seed 003's `STACK.md`, top entry first. Entries without an ID are skipped with a gap.
pub fn parse_stack_md(input: &[u8]) -> (Vec<StackMdEntry>, Vec<Gap>) {
    let mut gaps = Vec::new();
    let text = decode(input, &mut gaps);
    let sp = split(&text);
    let mut out = Vec::new();
    for b in sp.blocks.iter().filter(|b| b.level == 3) {
        let mut e = StackMdEntry::default();
        let name = b.name.trim();
        let (id, title) = name.split_once(' ').unwrap_or((name, ""));
        if id.is_empty() {
            gaps.push(Gap::stack_entry_without_id(b.line));
            continue;
        }
        e.doc.story = Some(id.to_string());
        e.doc.title = Some(title.trim().to_string()).filter(|t| !t.is_empty());
        e.doc.status = Some("active".into());
        for f in field_items(&b.body) {
            match norm(&f.key).as_str() {
                "pushed" => e.pushed = f.value.clone(),
                "branch" | "session" => {
                    e.doc.branch = value(Some(&f.value), Place::field("Branch"), &mut gaps)
                }
                "stage" => e.doc.stage = value(Some(&f.value), Place::field("Stage"), &mut gaps),
                "reason" => e.reason = f.value.clone(),
                "done when" => {
                    e.doc.done_when =
                        real(f.nested.clone(), Place::section("Done when"), &mut gaps);
                }
                "checkpoint" => {
                    let sub: Vec<FieldItem> = f
                        .nested
                        .iter()
                        .filter_map(|t| {
                            let (first, rest) = t.text.split_once('\n').unwrap_or((&t.text, ""));
                            let (key, value) = key_value(first)?;
                            Some(FieldItem {
                                key,
                                value,
                                nested: items(rest),
                            })
                        })
                        .collect();
                    read_checkpoint_fields(&sub, &mut e.doc, &mut gaps);
                }
                _ => e.doc.fields.push((f.key.clone(), f.value.clone())),
            }
        }
        out.push(e);
    }
    (out, gaps)
}

/// Whether `import` reads a file called `name` (lowercased) holding `text` as `STACK.md`.
pub(super) fn is_stack_md(name: &str, text: &str) -> bool {
    name == "stack.md" || text.contains("\n- Pushed:")
}

/// Whether `import` reads a file called `name` (lowercased) holding `text` as `NOW.md`.
pub(super) fn is_now_md(name: &str, text: &str) -> bool {
    name == "now.md" || text.trim_start().starts_with("# NOW")
}

/// `import` of seed 003's `NOW.md`: one revision of the active item (its story `explicit`,
/// else the Item's id), timed by the Checkpoint date, and the item becomes the current story.
/// An idle NOW.md has no active item: a note, and `None`.
///
/// # Errors
/// [`crate::Error::NothingToImport`] when the file holds nothing pm can read;
/// [`crate::Error::NoStoryForFile`] when it names no valid story.
pub(super) fn import_now(
    path: &Path,
    text: &str,
    explicit: Option<&StoryId>,
    notice: &mut dyn FnMut(Notice),
) -> Result<Option<(StoryId, Planned)>> {
    let p = parse(text.as_bytes());
    if p.doc.status.as_deref() == Some("idle") {
        notice(Notice::Note(format!(
            "{} is idle: no active item to import",
            path.display()
        )));
        return Ok(None);
    }
    check_parsed(&p, path)?;
    let story = story_of(explicit, std::slice::from_ref(&p.doc.story), path)?;
    let time = p
        .doc
        .last_updated
        .as_deref()
        .and_then(super::base::parse_time);
    let mut revision = planned(path, "pm", p);
    revision.time = time;
    Ok(Some((story, revision)))
}

/// `import` of seed 003's `STACK.md`: each entry, top first, a pm revision of its own story
/// (the `### <ID> <Title>` heading's id; `--story` does not apply) and an entry to push on the
/// stack. Entries `parse_stack_md` skips are warnings.
///
/// # Errors
/// [`crate::Error::BadStackEntry`] naming the entry whose id is not a valid story id.
pub(super) fn import_stack(
    path: &Path,
    text: &str,
    notice: &mut dyn FnMut(Notice),
) -> Result<Vec<(StoryId, Planned, StackMdEntry)>> {
    let (entries, gaps) = parse_stack_md(text.as_bytes());
    for g in gaps {
        notice(Notice::Warning(format!("{}: {g}", path.display())));
    }
    for e in &entries {
        if pushed_rfc3339(&e.pushed).is_none() {
            notice(Notice::Warning(format!(
                "{}: {}: Pushed '{}' is not a time (YYYY-MM-DD HH:MM); kept as written",
                path.display(),
                e.doc.story.as_deref().unwrap_or_default(),
                e.pushed
            )));
        }
    }
    entries
        .into_iter()
        .map(|e| {
            let id = e.doc.story.clone().unwrap_or_default();
            let story = StoryId::parse(&id).map_err(|_| Error::BadStackEntry {
                path: path.to_path_buf(),
                id: id.clone(),
            })?;
            let revision = Planned {
                document: render(&e.doc),
                template: "pm",
                time: None,
                subject: format!("import {} (stacked: {})", file_name(path), e.reason),
                body: String::new(),
                completed: Vec::new(),
                doc: e.doc.clone(),
            };
            Ok((story, revision, e))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::tests::{render_and_reparse, sample};
    use crate::formats::Format;

    #[test]
    fn pm_round_trips_with_high_confidence() {
        let d = sample();
        let (text, back) = render_and_reparse(&Format::Pm, &d);
        assert_eq!(back.stage.as_deref(), Some("execute"));
        assert_eq!(back.done_when, d.done_when);
        assert_eq!(back.start_with, d.start_with);
        assert_eq!(back.tasks_remaining, d.tasks_remaining);
        assert_eq!(back.story.as_deref(), Some("R-007"));
        let again = Format::Pm.render(&back);
        assert_eq!(again, text);
    }

    #[test]
    fn a_checkpoint_line_marked_unknown_is_one_gap() {
        let p = parse(
            "# NOW\n- Item: R-1 x\n- Stage: plan\n## Done when\n- [ ] t\n## Checkpoint\n- Stopped at: [unknown — needs confirmation]\n- Next action: n\n- Start with: s\n- Decisions: d\n- Context: c\n"
                .as_bytes(),
        );
        let about: Vec<&Gap> = p
            .gaps
            .iter()
            .filter(|g| g.field.as_deref() == Some("Stopped at"))
            .collect();
        assert_eq!(about.len(), 1, "{:?}", p.gaps);
    }

    #[test]
    fn stack_md_round_trips() {
        let e = StackMdEntry {
            doc: sample(),
            reason: "prod is down".into(),
            pushed: "2026-07-16 15:00".into(),
        };
        let text = render_stack_md(std::slice::from_ref(&e));
        let (back, gaps) = parse_stack_md(text.as_bytes());
        assert_eq!(gaps, Vec::<Gap>::new());
        assert_eq!(back[0].reason, "prod is down");
        assert_eq!(back[0].doc.next_action, e.doc.next_action);
        assert_eq!(back[0].doc.done_when, e.doc.done_when);
    }
}
