//! The `team` template, seed 001 (`001_fd10b1b00286d466.txt`, the agent-team "teammate"
//! checkpoint): `working-context.md` holds Part A, a nine-section current-state snapshot
//! overwritten on each save, and Part B, the recent work journal (one timestamped entry per
//! save); `completed.md` beside it is the append-only log of completed tasks.
//!
//! Owns the codec of both files, what a new team checkpoint gets by default (a journal entry
//! per save), how their files are imported (Part B entries become revisions carrying their own
//! times) and exported (the journal rebuilt from the commit history). Writes nothing itself.

use super::base::Saving;
use super::plan::{check_parsed, file_name, story_of, Planned};
use super::slots::{all_required, fill_sections, header_title, italic_field, render_slot, Slot};
use crate::error::{Error, Result};
use crate::model::sections::{norm, one_line, split, value, Block};
use crate::model::{Document, Gap, JournalEntry, Parsed, Place, UNKNOWN};
use crate::store::{Completion, Revision, Store};
use crate::story::StoryId;
use std::fmt::Write;
use std::path::Path;

/// What `import --format team` reads, one line for help.
pub const FILES_READ: &str = "The team format's `working-context.md` / `completed.md`";

/// What `export --format team` writes, one line for help.
pub const FILES_WRITTEN: &str = "`working-context.md`, plus `completed.md` beside it with `-o`";

/// How many journal entries the `team` template keeps in Part B (the full journal is the
/// commit history; seed 001 keeps the journal bounded the same way).
pub const JOURNAL_KEEP: usize = 10;

/// Part A's nine sections in seed 001's order, with the document field each holds.
const SECTIONS: [(&str, Slot); 9] = [
    ("1. Current Objective", Slot::Goal),
    ("2. Active Task", Slot::Extra),
    ("3. Completed Since Last Checkpoint", Slot::TasksDone),
    ("4. In-Flight Work", Slot::Remaining),
    ("5. Decisions and Rationale", Slot::Decisions),
    ("6. Open Questions and Blockers", Slot::OpenQuestions),
    ("7. Commitments to Others", Slot::Extra),
    ("8. Critical File References", Slot::Files),
    ("9. Cross-Session Notes", Slot::Context),
];

/// The snapshot's file name in seed 001.
pub const FILE_NAME: &str = "working-context.md";

/// The completion log's file name in seed 001, beside [`FILE_NAME`].
pub const COMPLETED_FILE_NAME: &str = "completed.md";

/// Before exporting another format's revision as team: without a journal, Part B is rebuilt
/// from the story's last [`JOURNAL_KEEP`] revisions (oldest first, each its commit time in
/// RFC 3339, subject and body), and the story is written as its canonical id.
///
/// # Errors
/// Storage errors reading the history.
pub(super) fn fill_for_export(
    d: &mut Document,
    store: &Store,
    story: &StoryId,
    rev: &Revision,
) -> Result<()> {
    if d.journal.is_empty() {
        let mut history = store.history(rev.summary.commit)?;
        history.reverse();
        let skip = history.len().saturating_sub(JOURNAL_KEEP);
        d.journal = history[skip..]
            .iter()
            .map(|s| JournalEntry {
                at: crate::time::rfc3339(s.time, s.offset),
                subject: s.subject.clone(),
                body: s.body.clone(),
            })
            .collect();
    }
    if d.story.as_deref() == Some(&story.display()) {
        d.story = Some(story.shown().to_string());
    }
    Ok(())
}

/// On every save: `last_updated` as RFC 3339 with the local offset, and one Part B journal
/// entry (seed 001 appends one per checkpoint) stamped now in UTC with the save's subject and
/// body.
pub fn fill_for_save(doc: &mut Document, saving: &Saving<'_>) {
    doc.last_updated = Some(super::base::local_rfc3339(&saving.now));
    doc.journal.push(JournalEntry {
        at: saving
            .now
            .with_timezone(&chrono::Utc)
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        subject: saving.subject.clone(),
        body: saving.body.clone(),
    });
}

/// The headings the template requires (Part A's nine sections), for help and error messages.
pub fn required_sections() -> Vec<String> {
    SECTIONS.iter().map(|s| s.0.to_string()).collect()
}

/// Renders `doc` as seed 001's `working-context.md`: an H1 `Working Context — <story>`, Part A
/// (the nine sections; unknown required values as [`UNKNOWN`]) and Part B (the last
/// [`JOURNAL_KEEP`] journal entries, oldest first). UTF-8 markdown, LF line endings, one
/// trailing newline; [`parse`] reads it back to the same fields.
pub fn render(doc: &Document) -> String {
    let mut out = String::new();
    let who = doc
        .story
        .as_deref()
        .or(doc.written_by.as_deref())
        .unwrap_or(UNKNOWN);
    let _ = writeln!(out, "# Working Context — {}", one_line(who));
    let _ = writeln!(
        out,
        "_Last updated: {}_",
        doc.last_updated.as_deref().unwrap_or(UNKNOWN)
    );
    out.push_str(
        "\n## Part A — Current-State Snapshot (overwritten, regenerated each time, correctable)\n",
    );
    let _ = writeln!(
        out,
        "_Checkpoint trigger: {}_",
        doc.trigger.as_deref().unwrap_or("manual")
    );
    for (heading, slot) in SECTIONS {
        let _ = writeln!(out, "\n### {heading}");
        render_slot(
            &mut out,
            slot,
            heading.split_once(". ").map_or(heading, |x| x.1),
            doc,
            true,
        );
    }
    out.push_str("\n## Part B — Work Journal (append-only, forms a work history)\n");
    out.push_str(
        "<!-- One entry per save; the full journal is the checkpoint's commit history. -->\n",
    );
    let skip = doc.journal.len().saturating_sub(JOURNAL_KEEP);
    for e in &doc.journal[skip..] {
        let _ = writeln!(out, "\n### {} — {}", one_line(&e.at), one_line(&e.subject));
        if !e.body.trim().is_empty() {
            let _ = writeln!(out, "{}", e.body.trim_end());
        }
    }
    out
}

/// Parses seed 001's `working-context.md`. Never fails: a missing Part A, a missing or empty
/// section and every `[unknown …]` marker are gaps (confidence then needs confirmation); a
/// missing Part B is only a warning (the first write of the new format has none).
pub fn parse(input: &[u8]) -> Parsed {
    super::base::parse_with(input, read)
}

fn read(text: &str, p: &mut Parsed) {
    let sp = split(text);
    let mut part = 0;
    let mut part_a: Vec<&Block> = Vec::new();
    let (mut saw_a, mut saw_b) = (false, false);
    for b in &sp.blocks {
        let n = norm(&b.name);
        if b.level == 1 {
            let (story, _) = header_title(&b.name, &["Working Context"]);
            p.doc.story = story;
            for l in b.body.lines() {
                if let Some((k, v)) = italic_field(l) {
                    if norm(&k) == "last updated" {
                        p.doc.last_updated =
                            value(Some(&v), Place::field("Last updated"), &mut p.gaps);
                    }
                }
            }
        } else if b.level == 2 && n.starts_with("part a") {
            part = 1;
            saw_a = true;
            for l in b.body.lines() {
                if let Some((k, v)) = italic_field(l) {
                    if norm(&k) == "checkpoint trigger" {
                        p.doc.trigger = Some(v);
                    }
                }
            }
        } else if b.level == 2 && n.starts_with("part b") {
            part = 2;
            saw_b = true;
        } else if part == 2 && b.level >= 3 {
            let (at, subject) = match b
                .name
                .split_once(" — ")
                .or_else(|| b.name.split_once(" - "))
            {
                Some((a, s)) => (a.trim().to_string(), s.trim().to_string()),
                None => (b.name.trim().to_string(), String::new()),
            };
            p.doc.journal.push(JournalEntry {
                at,
                subject,
                body: b.body.trim().to_string(),
            });
        } else if b.level >= 3 || part == 1 {
            part_a.push(b);
        } else {
            p.ignored_sections
                .push(format!("{} (line {})", b.name, b.line));
        }
    }
    if !saw_a {
        p.gaps
            .push(Gap::missing_part("Part A — Current-State Snapshot"));
    }
    if !saw_b {
        p.warnings
            .push("no 'Part B — Work Journal' (first write of the new format)".into());
    }
    let declared = all_required(&SECTIONS);
    // Headings match without their numbers ("Current Objective" is "1. Current Objective").
    fill_sections(&declared, &part_a, p);
    if p.doc.next_action.is_none() {
        p.doc.next_action = in_flight_next(&p.doc.tasks_remaining);
    }
    // Team extras are stored under their heading without the number.
    for (h, _) in p.doc.sections.iter_mut() {
        if let Some((_, rest)) = h.split_once(". ") {
            if h.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                *h = rest.to_string();
            }
        }
    }
}

/// The next action an In-Flight Work item states in its own words: seed 001 asks each item
/// for "the exact next action for the successor", written `<what> — next: <action>` (also
/// ` - next:`, `; next:`, `, next:`, `Next:`). The first open item that says so wins; `None`
/// when none does.
fn in_flight_next(items: &[crate::model::Task]) -> Option<String> {
    items.iter().find_map(|t| {
        let lower = t.text.to_ascii_lowercase();
        ["— next:", "- next:", "; next:", ", next:", "– next:"]
            .iter()
            .filter_map(|m| lower.find(m).map(|i| i + m.len()))
            .min()
            .map(|i| t.text[i..].trim().to_string())
            .filter(|n| !n.is_empty())
    })
}

/// Parses seed 001's `completed.md`: one line per task,
/// `- <date> | <task id> | <summary> | files: <paths>` (`*` bullets too). A task id of `-`
/// means none; `files:` is a comma-separated list (`-` for none). Dates stay `YYYY-MM-DD` or
/// become RFC 3339 (UTC when the line gives no offset), as docs/FORMAT.md stores them.
/// Returns the records in file order; lines that are not records (no date, fewer than three
/// fields) are skipped, so this never fails.
pub fn parse_completed_md(text: &str) -> Vec<Completion> {
    let mut out = Vec::new();
    for l in text.lines() {
        let Some(l) = l
            .trim()
            .strip_prefix("- ")
            .or_else(|| l.trim().strip_prefix("* "))
        else {
            continue;
        };
        let parts: Vec<&str> = l.split('|').map(str::trim).collect();
        if parts.len() < 3 {
            continue;
        }
        let id = parts[1];
        let task = if id.is_empty() || id == "-" {
            parts[2].to_string()
        } else {
            format!("{id} — {}", parts[2])
        };
        let files = parts
            .get(3)
            .and_then(|f| f.strip_prefix("files:"))
            .map(|f| {
                f.split(',')
                    .map(str::trim)
                    .filter(|f| !f.is_empty() && *f != "-")
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default();
        // Dates are kept as `YYYY-MM-DD` or RFC 3339 (docs/FORMAT.md); `YYYY-MM-DD HH:MM`
        // becomes RFC 3339 in UTC; a line without a date is not a completion record.
        let Some(date) = normalize_date(parts[0]) else {
            continue;
        };
        out.push(Completion { task, date, files });
    }
    out
}

/// `YYYY-MM-DD` stays; `YYYY-MM-DD HH:MM[:SS]` and RFC 3339 become RFC 3339; else `None`.
fn normalize_date(s: &str) -> Option<String> {
    let s = s.trim();
    if chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").is_ok() {
        return Some(s.to_string());
    }
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Some(t.to_rfc3339());
    }
    ["%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|f| chrono::NaiveDateTime::parse_from_str(s, f).ok())
        .map(|t| {
            t.and_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        })
}

/// Renders seed 001's `completed.md` from a completion log, one line per record in log order:
/// `- <date> | <task id> | <summary> | files: <paths>` (`-` for no id or no files; `|` and
/// newlines in the summary become spaces). [`parse_completed_md`] reads it back.
pub fn render_completed_md(log: &[Completion]) -> String {
    let mut out = String::new();
    for c in log {
        let (id, summary) = match crate::model::task_id(&c.task) {
            Some(id) => (
                id.to_string(),
                c.task[id.len()..]
                    .trim_start_matches([' ', '—', '-', ':'])
                    .trim()
                    .to_string(),
            ),
            None => ("-".to_string(), c.task.clone()),
        };
        let files = if c.files.is_empty() {
            "-".to_string()
        } else {
            c.files.join(", ")
        };
        let _ = writeln!(
            out,
            "- {} | {id} | {} | files: {files}",
            c.date,
            summary.replace(['\n', '|'], " ")
        );
    }
    out
}

/// Whether `import` reads a file called `name` (lowercased) holding `text` as `completed.md`:
/// by name, or every non-blank line a `- ` item with at least two `|`.
pub(super) fn is_completed_md(name: &str, text: &str) -> bool {
    name == COMPLETED_FILE_NAME
        || (!text.trim().is_empty()
            && text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .all(|l| l.trim_start().starts_with("- ") && l.matches('|').count() >= 2))
}

/// Whether `import` recognises `text` as seed 001's `working-context.md`.
pub(super) fn is_working_context(text: &str) -> bool {
    text.contains("Part A") && text.contains("Working Context")
}

/// `import` of seed 001's `working-context.md`, with the `completed.md` records found in the
/// same directory: one revision per Part B journal entry, oldest first, each at the entry's
/// time with its subject and body and the journal up to it; each revision's completion log
/// holds the records dated no later than it (the last holds them all). Without a journal,
/// one revision `import <file name>`. The story is `explicit`, else the H1's
/// (`# Working Context — <name>`, seed 001's skeleton), else the directory's name (seed 001
/// keeps one directory per teammate).
///
/// # Errors
/// [`crate::Error::NothingToImport`] when the file holds nothing team can read;
/// [`crate::Error::NoStoryForFile`] when it names no valid story.
pub(super) fn import_context(
    path: &Path,
    text: &str,
    completed: Vec<Completion>,
    explicit: Option<&StoryId>,
) -> Result<(StoryId, Vec<Planned>)> {
    let p = parse(text.as_bytes());
    check_parsed(&p, path)?;
    let story = story_of(explicit, &[p.doc.story.clone(), parent_name(path)], path)?;
    let entries = p.doc.journal.clone();
    let n = entries.len().max(1);
    let mut out = Vec::new();
    for k in 0..n {
        let mut doc = p.doc.clone();
        doc.journal.truncate(k + 1);
        let last = k + 1 == n;
        let time = entries.get(k).and_then(|e| super::base::parse_time(&e.at));
        let done: Vec<Completion> = completed
            .iter()
            .filter(|c| {
                last || matches!((super::base::parse_time(&c.date), time), (Some(a), Some(b)) if a.0 <= b.0)
            })
            .cloned()
            .collect();
        let (subject, body) = match entries.get(k) {
            Some(e) => (e.subject.clone(), e.body.clone()),
            None => (format!("import {}", file_name(path)), String::new()),
        };
        // The file itself when it is the whole story (as pair and pm keep theirs), so an
        // export gives it back unchanged; earlier revisions are rendered with the journal up to
        // them.
        let document = if last && entries.len() <= JOURNAL_KEEP {
            p.text.clone()
        } else {
            render(&doc)
        };
        out.push(Planned {
            document,
            template: "team",
            time,
            subject: if subject.is_empty() {
                format!("journal {}", entries.get(k).map_or("", |e| e.at.as_str()))
            } else {
                subject
            },
            body,
            completed: done,
            doc,
        });
    }
    Ok((story, out))
}

/// `import` of a `completed.md` without its `working-context.md`: one revision of the
/// story's current document whose completion log gains the records it lacks. The story is
/// `explicit`, else the one the `working-context.md` in `dir` names in its H1, else the
/// directory's name.
///
/// # Errors
/// [`crate::Error::NoStoryForFile`] when the story cannot be told;
/// [`crate::Error::CompletedWithoutCheckpoint`] when it has no checkpoint; storage errors.
///
/// `parse_stored` reads the stored revision with its own format ([`super::parse_revision`], passed
/// in by the import above this module).
pub(super) fn import_completed(
    store: &Store,
    dir: &Path,
    completed: Vec<Completion>,
    explicit: Option<&StoryId>,
    parse_stored: fn(&Store, &crate::store::Revision) -> crate::model::Parsed,
) -> Result<(StoryId, Planned)> {
    let file = dir.join(COMPLETED_FILE_NAME);
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
    // The story its working-context.md beside it names, as an import of both would use.
    let beside = std::fs::read(dir.join(FILE_NAME))
        .ok()
        .and_then(|b| parse(&b).doc.story);
    let story = story_of(explicit, &[beside, name], &file)?;
    let (refname, tip) = crate::store::locate(store, &story, false).map_err(|_| {
        Error::CompletedWithoutCheckpoint {
            path: file.clone(),
            story: story.to_string(),
        }
    })?;
    let rev = store.read(&refname, tip)?;
    let doc = parse_stored(store, &rev).doc;
    let mut all = rev.meta.completed.clone();
    // A set of what is logged: an imported completed.md of any length merges in linear time.
    let mut logged: std::collections::HashSet<Completion> = all.iter().cloned().collect();
    for c in completed {
        if logged.insert(c.clone()) {
            all.push(c);
        }
    }
    let revision = Planned {
        document: rev.document.clone(),
        template: "team",
        time: None,
        subject: format!("import {COMPLETED_FILE_NAME}"),
        body: String::new(),
        completed: all,
        doc,
    };
    Ok((story, revision))
}

/// The name of the directory holding `path` (seed 001: the teammate's).
fn parent_name(path: &Path) -> Option<String> {
    let abs = std::path::absolute(path).ok()?;
    Some(abs.parent()?.file_name()?.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::tests::{render_and_reparse, sample};
    use crate::formats::Format;

    #[test]
    fn team_round_trips_with_journal() {
        let mut d = sample();
        d.story = Some("api-backend".into());
        d.sections = vec![
            ("Active Task".into(), "- T2 burst test".into()),
            (
                "Commitments to Others".into(),
                "- To lead: report by 17:00".into(),
            ),
        ];
        d.journal = vec![JournalEntry {
            at: "2026-07-16T14:30:00Z".into(),
            subject: "limiter wired".into(),
            body: "- **What happened**: wired it".into(),
        }];
        let (text, back) = render_and_reparse(&Format::Team, &d);
        assert_eq!(back.journal, d.journal);
        assert_eq!(back.sections, d.sections);
        assert_eq!(back.goal, d.goal);
        assert_eq!(back.files, d.files);
        assert_eq!(back.next_action, d.next_action);
        assert_eq!(Format::Team.render(&back), text);
    }

    #[test]
    fn completed_md_lines() {
        let c = parse_completed_md(
            "- 2026-07-15 | T3 | rate limiter | files: src/a.rs, src/b.rs\nnoise\n",
        );
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].task, "T3 — rate limiter");
        assert_eq!(c[0].files, vec!["src/a.rs", "src/b.rs"]);
        assert_eq!(
            render_completed_md(&c),
            "- 2026-07-15 | T3 | rate limiter | files: src/a.rs, src/b.rs\n"
        );
    }
}
