//! Sections as document fields, shared by the `team`, `gstack` and custom templates: which
//! field a heading holds ([`Slot`]), rendering a field under its heading and reading it back,
//! and matching a template's declared sections against a parsed document's blocks.
//!
//! Pure: no git, no files. Heading names follow the seeds' own words (seed 001's nine Part A
//! sections, seed 004's Summary / Decisions Made / Remaining Work / Notes, and the synonyms
//! custom templates use).

use crate::model::sections::{
    items, items_and_paragraphs, key_value, lines_or_items, norm, one_line, one_line_or,
    paragraphs, push_checks, push_item, push_list, real, strip_code, take_fields, value, Block,
};
use crate::model::{Document, Gap, Parsed, Place, Task, UNKNOWN};
use std::fmt::Write;

/// Which document field a section heading holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Slot {
    /// `goal` (Summary, Goal, Objective, Current Objective).
    Goal,
    /// `branch`.
    Branch,
    /// `tasks_done` (Tasks Done, Completed...).
    TasksDone,
    /// `tasks_remaining`, with a `Next action:` line when no section holds it.
    Remaining,
    /// `tasks_remaining` as a numbered list whose first item is the next action (gstack).
    RemainingNumbered,
    /// `decisions`.
    Decisions,
    /// `next_action`.
    NextAction,
    /// `context` (Notes, Context, Cross-Session Notes).
    Context,
    /// `open_questions`.
    OpenQuestions,
    /// `done_when`.
    DoneWhen,
    /// `files`.
    Files,
    /// `start_with`.
    StartWith,
    /// Kept as text in `sections`.
    Extra,
}

/// The slot a heading maps to (numbering, case and a trailing colon ignored).
pub(super) fn slot_for(heading: &str) -> Slot {
    match norm(heading).as_str() {
        "goal" | "summary" | "objective" | "current objective" => Slot::Goal,
        "branch" => Slot::Branch,
        "tasks done"
        | "done"
        | "completed"
        | "completed tasks"
        | "completed since last checkpoint" => Slot::TasksDone,
        "remaining todos" | "remaining tasks" | "todos" | "remaining work" | "in-flight work"
        | "in flight work" => Slot::Remaining,
        "key decisions" | "decisions" | "decisions made" | "decisions and rationale" => {
            Slot::Decisions
        }
        "next action" | "next immediate action" | "next step" | "next" => Slot::NextAction,
        "notes" | "context" | "cross-session notes" => Slot::Context,
        "open questions" | "open questions and blockers" | "blockers" | "open question" => {
            Slot::OpenQuestions
        }
        "done when" => Slot::DoneWhen,
        "files" | "critical file references" | "files modified" => Slot::Files,
        "start with" => Slot::StartWith,
        _ => Slot::Extra,
    }
}

pub(super) fn extra<'a>(doc: &'a Document, heading: &str) -> Option<&'a str> {
    let n = norm(heading);
    doc.sections
        .iter()
        .find(|(h, _)| norm(h) == n)
        .map(|(_, b)| b.as_str())
}

pub(super) fn render_slot(
    out: &mut String,
    slot: Slot,
    heading: &str,
    doc: &Document,
    next_in_list: bool,
) {
    let req = |v: &Option<String>| one_line_or(v.as_deref(), UNKNOWN);
    match slot {
        Slot::Goal => {
            let _ = writeln!(out, "{}", doc.goal.as_deref().unwrap_or("None"));
        }
        Slot::Branch => {
            let _ = match &doc.branch {
                Some(b) => writeln!(out, "`{}`", one_line(b)),
                None => writeln!(out, "{UNKNOWN}"),
            };
        }
        Slot::TasksDone => push_checks(out, &doc.tasks_done),
        Slot::Remaining => {
            push_checks(out, &doc.tasks_remaining);
            if next_in_list {
                let _ = writeln!(out, "\n**Next action:** {}", req(&doc.next_action));
            }
        }
        Slot::RemainingNumbered => {
            let mut list: Vec<&str> = Vec::new();
            if let Some(n) = &doc.next_action {
                if doc.tasks_remaining.first().map(|t| t.text.as_str()) != Some(n) {
                    list.push(n);
                }
            }
            list.extend(doc.tasks_remaining.iter().map(|t| t.text.as_str()));
            if list.is_empty() {
                out.push_str("None\n");
            }
            for (i, t) in list.iter().enumerate() {
                push_item(out, &format!("{}. ", i + 1), t);
            }
        }
        Slot::Decisions => push_list(out, &doc.decisions),
        Slot::NextAction => {
            let _ = writeln!(out, "{}", req(&doc.next_action));
        }
        Slot::Context => push_list(out, &doc.context),
        Slot::OpenQuestions => push_list(out, &doc.open_questions),
        Slot::DoneWhen => push_checks(out, &doc.done_when),
        Slot::Files => push_list(out, &doc.files),
        Slot::StartWith => {
            let _ = match &doc.start_with {
                Some(s) => writeln!(out, "`{}`", one_line(s)),
                None => writeln!(out, "{UNKNOWN}"),
            };
        }
        Slot::Extra => {
            let _ = writeln!(out, "{}", extra(doc, heading).unwrap_or("None"));
        }
    }
}

pub(super) fn parse_slot(slot: Slot, b: &Block, doc: &mut Document, gaps: &mut Vec<Gap>) {
    let name = b.name.trim().to_string();
    let what = Place::section(&name);
    match slot {
        Slot::Goal => {
            let text = paragraphs(&b.body).join("\n\n");
            let text = if text.is_empty() {
                b.body.trim().to_string()
            } else {
                text
            };
            doc.goal = value(Some(&text), what, gaps);
        }
        Slot::Branch => {
            let first = b.body.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            let v = key_value(first)
                .map(|(_, v)| v)
                .unwrap_or(first.to_string());
            doc.branch = value(Some(&strip_code(&v)), what, gaps);
        }
        Slot::TasksDone => {
            doc.tasks_done = lines_or_items(&b.body, what, gaps)
                .into_iter()
                .map(|text| Task { text, done: true })
                .collect();
        }
        Slot::Remaining => {
            let (fields, rest) =
                take_fields(&b.body, &["next action", "next immediate action", "next"]);
            if let Some((_, v)) = fields.first() {
                doc.next_action = value(Some(v), Place::in_section(&name, "Next action"), gaps);
            }
            let (its, paragraphs) = items_and_paragraphs(&rest);
            let its = if its.is_empty() {
                paragraphs
                    .into_iter()
                    .map(|text| Task { text, done: false })
                    .collect()
            } else {
                its
            };
            for t in real(its, what, gaps) {
                if t.done {
                    doc.tasks_done.push(t);
                } else {
                    doc.tasks_remaining.push(t);
                }
            }
        }
        Slot::RemainingNumbered => {
            let (its, paragraphs) = items_and_paragraphs(&b.body);
            // Steps written as bold labels, each over its own list (`**Step 0 — Revert:**`):
            // the steps are the work, their lists the detail.
            let steps: Vec<Task> = paragraphs
                .iter()
                .filter_map(|p| step_label(p))
                .map(|text| Task { text, done: false })
                .collect();
            let its = if steps.len() >= 2 { steps } else { its };
            let its = real(its, what, gaps);
            doc.next_action = its.first().map(|t| t.text.clone());
            doc.tasks_remaining = its
                .into_iter()
                .map(|t| Task {
                    text: t.text,
                    done: false,
                })
                .collect();
        }
        Slot::Decisions => doc.decisions = lines_or_items(&b.body, what, gaps),
        Slot::NextAction => doc.next_action = value(Some(&one_line(&b.body)), what, gaps),
        Slot::Context => doc.context = lines_or_items(&b.body, what, gaps),
        Slot::OpenQuestions => doc.open_questions = lines_or_items(&b.body, what, gaps),
        Slot::DoneWhen => doc.done_when = real(items(&b.body), what, gaps),
        Slot::Files => {
            doc.files = lines_or_items(&b.body, what, gaps)
                .into_iter()
                .map(|f| strip_code(&f))
                .collect()
        }
        Slot::StartWith => doc.start_with = value(Some(&strip_code(&b.body)), what, gaps),
        Slot::Extra => {
            if !crate::model::sections::is_none(&b.body) {
                doc.sections.push((name, b.body.trim().to_string()));
            }
        }
    }
}

/// The label of a paragraph whose first line is bold as a whole (`**Step 1 — Base:**`),
/// without the emphasis and a trailing colon.
fn step_label(p: &str) -> Option<String> {
    let first = p.lines().next()?.trim();
    let inner = first.strip_prefix("**")?.strip_suffix("**")?;
    if inner.contains("**") {
        return None;
    }
    let inner = inner.trim().trim_end_matches([':', '：']).trim();
    (!inner.is_empty()).then(|| inner.to_string())
}

/// `sections` (heading, slot) as declared sections that are all required, for
/// [`fill_sections`].
pub(super) fn all_required(sections: &[(&str, Slot)]) -> Vec<(String, Slot, bool)> {
    sections
        .iter()
        .map(|(h, s)| (h.to_string(), *s, true))
        .collect()
}

/// Matches declared sections (heading, slot, required) against blocks: fills `p`'s document,
/// reports missing, empty and duplicate sections as its gaps and undeclared ones as ignored.
/// `blocks` are candidates at the template's section level.
pub(super) fn fill_sections(declared: &[(String, Slot, bool)], blocks: &[&Block], p: &mut Parsed) {
    let Parsed {
        doc,
        gaps: p_gaps,
        ignored_sections: ignored,
        left_out,
        ..
    } = p;
    let has_next_section = declared.iter().any(|d| d.1 == Slot::NextAction);
    let mut seen = vec![None::<usize>; declared.len()];
    for b in blocks {
        let n = norm(&b.name);
        // The exact heading, else one the vocabulary reads as the same field
        // (`Decisions Made（…）` for `Decisions Made`).
        let field = crate::model::vocab::classify(&b.name);
        let at = declared
            .iter()
            .position(|(h, _, _)| norm(h) == n)
            .or_else(|| {
                field.and_then(|f| {
                    declared
                        .iter()
                        .position(|(h, _, _)| crate::model::vocab::classify(h) == Some(f))
                })
            });
        match at {
            Some(i) => {
                if let Some(line) = seen[i] {
                    p_gaps.push(Gap::duplicate_section(&declared[i].0, line, b.line));
                    left_out.push(crate::model::left_out_entry(&declared[i].0, b.line));
                    continue;
                }
                seen[i] = Some(b.line);
                if b.body.trim().is_empty() {
                    if declared[i].2 {
                        p_gaps.push(Gap::empty_section(&declared[i].0));
                    }
                    continue;
                }
                let slot = declared[i].1;
                let slot = if slot == Slot::Remaining && has_next_section {
                    Slot::Remaining
                } else {
                    slot
                };
                parse_slot(slot, b, doc, p_gaps);
            }
            None => ignored.push(format!("{} (line {})", b.name, b.line)),
        }
    }
    for (i, (h, _, required)) in declared.iter().enumerate() {
        if seen[i].is_none() && *required {
            p_gaps.push(Gap::missing_section(h));
        }
    }
}

pub(super) fn italic_field(line: &str) -> Option<(String, String)> {
    let l = line.trim();
    let l = l
        .strip_prefix('_')
        .and_then(|x| x.strip_suffix('_'))
        .or_else(|| l.strip_prefix('*').and_then(|x| x.strip_suffix('*')))
        .unwrap_or(l);
    key_value(l)
}

pub(super) fn header_title(h1: &str, prefixes: &[&str]) -> (Option<String>, Option<String>) {
    let mut name = h1.trim();
    for p in prefixes {
        if let Some(rest) = name.strip_prefix(p) {
            name = rest.trim_start_matches([':', ' ']).trim();
            break;
        }
    }
    let name = name.trim_start_matches(['—', '-', ' ']).trim();
    let (story, title) = match name.split_once(" — ").or_else(|| name.split_once(" - ")) {
        Some((s, t)) => (s.trim(), Some(t.trim())),
        None => (name, None),
    };
    let story =
        (!story.is_empty() && !crate::model::is_placeholder(story)).then(|| story.to_string());
    let title = title
        .filter(|t| !t.is_empty() && !crate::model::is_placeholder(t))
        .map(String::from);
    (story, title)
}
