//! Checkpoint templates: how a [`Document`] is laid out as markdown and read back.
//!
//! Built in: `pair` (seed 000's five sections, see [`super::render`] and [`super::parse`]),
//! `team` (seed 001's `working-context.md`: Part A, a nine-section current-state snapshot, and
//! Part B, the recent work journal), `pm` (seed 003's `NOW.md`: status fields, "Done when"
//! checks and the checkpoint block) and `gstack` (seed 004: YAML front matter, then Summary,
//! Decisions Made, Remaining Work, Notes). Custom templates declare their sections; each
//! section is filled from the document field its heading names (see [`Slot`]) or kept as text.
//!
//! Every template's `parse` reports each missing, empty or unfilled required section as a gap,
//! so `resume` judges confidence the same way for all of them. Parsing never fails or panics.

use super::sections::{
    decode, field_items, items, items_and_paragraphs, key_value, lines_or_items, norm, one_line,
    paragraphs, push_checks, push_item, push_list, real, split, take_fields, value, Block,
    FieldItem,
};
use super::{Confidence, Document, JournalEntry, Parsed, Task, UNKNOWN};
use std::fmt::Write;

/// Names of the built-in templates.
pub const BUILTIN: [&str; 4] = ["pair", "team", "pm", "gstack"];

/// How many journal entries the `team` template keeps in Part B (the full journal is the
/// commit history; seed 001 keeps the journal bounded the same way).
pub const JOURNAL_KEEP: usize = 10;

/// A template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Template {
    /// The default five sections (seed 000).
    Pair,
    /// Seed 001's working context: Part A snapshot + Part B journal.
    Team,
    /// Seed 003's `NOW.md`.
    Pm,
    /// Seed 004's front matter + four sections.
    Gstack,
    /// A repository- or config-defined template.
    Custom(Custom),
}

/// A custom template: its name and declared sections, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Custom {
    /// The template's name (`review`).
    pub name: String,
    /// Its sections in order.
    pub sections: Vec<SectionSpec>,
}

/// One declared section of a custom template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionSpec {
    /// The heading as it is rendered.
    pub heading: String,
    /// Whether a missing or empty section lowers confidence.
    pub required: bool,
}

/// Which document field a section heading holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
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
pub fn slot_for(heading: &str) -> Slot {
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

const TEAM_SECTIONS: [(&str, Slot); 9] = [
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

const GSTACK_SECTIONS: [(&str, Slot); 4] = [
    ("Summary", Slot::Goal),
    ("Decisions Made", Slot::Decisions),
    ("Remaining Work", Slot::RemainingNumbered),
    ("Notes", Slot::Context),
];

impl Template {
    /// The built-in template called `name`, if any.
    pub fn builtin(name: &str) -> Option<Template> {
        match name {
            "pair" => Some(Template::Pair),
            "team" => Some(Template::Team),
            "pm" => Some(Template::Pm),
            "gstack" => Some(Template::Gstack),
            _ => None,
        }
    }

    /// The template's name as recorded in `meta.json` and the `Checkpoint-Template` trailer.
    pub fn name(&self) -> &str {
        match self {
            Template::Pair => "pair",
            Template::Team => "team",
            Template::Pm => "pm",
            Template::Gstack => "gstack",
            Template::Custom(c) => &c.name,
        }
    }

    /// The headings this template requires, for help and error messages.
    pub fn required_sections(&self) -> Vec<String> {
        match self {
            Template::Pair => super::SECTIONS.iter().map(|s| s.to_string()).collect(),
            Template::Team => TEAM_SECTIONS.iter().map(|s| s.0.to_string()).collect(),
            Template::Pm => vec![
                "Item".into(),
                "Stage".into(),
                "Done when".into(),
                "Checkpoint".into(),
            ],
            Template::Gstack => GSTACK_SECTIONS.iter().map(|s| s.0.to_string()).collect(),
            Template::Custom(c) => c
                .sections
                .iter()
                .filter(|s| s.required)
                .map(|s| s.heading.clone())
                .collect(),
        }
    }

    /// Renders `doc` in this template: UTF-8 markdown, LF line endings, one trailing newline.
    /// [`Template::parse`] reads it back to the same fields.
    pub fn render(&self, doc: &Document) -> String {
        match self {
            Template::Pair => super::render(doc),
            Template::Team => render_team(doc),
            Template::Pm => render_pm(doc),
            Template::Gstack => render_gstack(doc),
            Template::Custom(c) => render_custom(c, doc),
        }
    }

    /// Parses `input` as this template; gaps name what is missing, empty or unfilled.
    pub fn parse(&self, input: &[u8]) -> Parsed {
        match self {
            Template::Pair => super::parse(input),
            other => {
                let mut gaps = Vec::new();
                let text = decode(input, &mut gaps);
                let mut p = Parsed {
                    doc: Document::default(),
                    confidence: Confidence::High,
                    gaps,
                    ignored_sections: Vec::new(),
                    warnings: Vec::new(),
                    text,
                };
                let text = p.text.clone();
                match other {
                    Template::Team => parse_team(&text, &mut p),
                    Template::Pm => parse_pm(&text, &mut p),
                    Template::Gstack => parse_gstack(&text, &mut p),
                    Template::Custom(c) => parse_custom(c, &text, &mut p),
                    Template::Pair => {}
                }
                if !p.gaps.is_empty() {
                    p.confidence = Confidence::NeedsConfirmation;
                }
                p
            }
        }
    }
}

impl Custom {
    /// A custom template from a markdown skeleton (`.checkpoint/templates/<name>.md`): every
    /// level-2 heading is a section, required unless its text ends with `(optional)`.
    pub fn from_skeleton(name: &str, markdown: &str) -> Custom {
        let sp = split(&markdown.replace("\r\n", "\n"));
        let sections = sp
            .blocks
            .iter()
            .filter(|b| b.level == 2)
            .map(|b| spec(&b.name))
            .collect();
        Custom {
            name: name.to_string(),
            sections,
        }
    }

    /// A custom template from a comma-separated list (`checkpoint.<name>.sections`).
    pub fn from_list(name: &str, list: &str) -> Custom {
        Custom {
            name: name.to_string(),
            sections: list
                .split([',', ';'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(spec)
                .collect(),
        }
    }
}

fn spec(heading: &str) -> SectionSpec {
    let h = heading.trim();
    let lower = h.to_lowercase();
    match lower.strip_suffix("(optional)") {
        Some(_) => SectionSpec {
            heading: h[..h.len() - "(optional)".len()].trim().to_string(),
            required: false,
        },
        None => SectionSpec {
            heading: h.to_string(),
            required: true,
        },
    }
}

// ---- slots shared by team, gstack and custom templates -------------------------------------

fn extra<'a>(doc: &'a Document, heading: &str) -> Option<&'a str> {
    let n = norm(heading);
    doc.sections
        .iter()
        .find(|(h, _)| norm(h) == n)
        .map(|(_, b)| b.as_str())
}

fn render_slot(out: &mut String, slot: Slot, heading: &str, doc: &Document, next_in_list: bool) {
    let req = |v: &Option<String>| v.as_deref().map(one_line).unwrap_or(UNKNOWN.to_string());
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

fn strip_code(s: &str) -> String {
    let s = s.trim();
    s.strip_prefix('`')
        .and_then(|x| x.strip_suffix('`'))
        .filter(|x| !x.contains('`'))
        .unwrap_or(s)
        .trim()
        .to_string()
}

fn parse_slot(slot: Slot, b: &Block, doc: &mut Document, gaps: &mut Vec<String>) {
    let what = b.name.trim().to_string();
    match slot {
        Slot::Goal => {
            let text = paragraphs(&b.body).join("\n\n");
            let text = if text.is_empty() {
                b.body.trim().to_string()
            } else {
                text
            };
            doc.goal = value(Some(&text), &what, gaps);
        }
        Slot::Branch => {
            let first = b.body.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            let v = key_value(first)
                .map(|(_, v)| v)
                .unwrap_or(first.to_string());
            doc.branch = value(Some(&strip_code(&v)), &what, gaps);
        }
        Slot::TasksDone => {
            doc.tasks_done = lines_or_items(&b.body, &what, gaps)
                .into_iter()
                .map(|text| Task { text, done: true })
                .collect();
        }
        Slot::Remaining => {
            let (fields, rest) =
                take_fields(&b.body, &["next action", "next immediate action", "next"]);
            if let Some((_, v)) = fields.first() {
                doc.next_action = value(Some(v), &format!("{what}: Next action"), gaps);
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
            for t in real(its, &what, gaps) {
                if t.done {
                    doc.tasks_done.push(t);
                } else {
                    doc.tasks_remaining.push(t);
                }
            }
        }
        Slot::RemainingNumbered => {
            let its = real(items(&b.body), &what, gaps);
            doc.next_action = its.first().map(|t| t.text.clone());
            doc.tasks_remaining = its
                .into_iter()
                .map(|t| Task {
                    text: t.text,
                    done: false,
                })
                .collect();
        }
        Slot::Decisions => doc.decisions = lines_or_items(&b.body, &what, gaps),
        Slot::NextAction => doc.next_action = value(Some(&one_line(&b.body)), &what, gaps),
        Slot::Context => doc.context = lines_or_items(&b.body, &what, gaps),
        Slot::OpenQuestions => doc.open_questions = lines_or_items(&b.body, &what, gaps),
        Slot::DoneWhen => doc.done_when = real(items(&b.body), &what, gaps),
        Slot::Files => {
            doc.files = lines_or_items(&b.body, &what, gaps)
                .into_iter()
                .map(|f| strip_code(&f))
                .collect()
        }
        Slot::StartWith => doc.start_with = value(Some(&strip_code(&b.body)), &what, gaps),
        Slot::Extra => {
            if !super::sections::is_none(&b.body) {
                doc.sections.push((what, b.body.trim().to_string()));
            }
        }
    }
}

/// Matches declared sections against blocks: fills the document, reports missing, empty and
/// duplicate sections. `blocks` are candidates at the template's section level.
fn fill_sections(
    declared: &[(String, Slot, bool)],
    blocks: &[&Block],
    doc: &mut Document,
    p_gaps: &mut Vec<String>,
    ignored: &mut Vec<String>,
) {
    let has_next_section = declared.iter().any(|d| d.1 == Slot::NextAction);
    let mut seen = vec![None::<usize>; declared.len()];
    for b in blocks {
        let n = norm(&b.name);
        match declared.iter().position(|(h, _, _)| norm(h) == n) {
            Some(i) => {
                if let Some(line) = seen[i] {
                    p_gaps.push(format!(
                        "duplicate section '{}' at lines {} and {}; the first is used",
                        declared[i].0, line, b.line
                    ));
                    continue;
                }
                seen[i] = Some(b.line);
                if b.body.trim().is_empty() {
                    if declared[i].2 {
                        p_gaps.push(format!("empty section '{}'", declared[i].0));
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
            p_gaps.push(format!("missing section '{h}'"));
        }
    }
}

fn italic_field(line: &str) -> Option<(String, String)> {
    let l = line.trim();
    let l = l
        .strip_prefix('_')
        .and_then(|x| x.strip_suffix('_'))
        .or_else(|| l.strip_prefix('*').and_then(|x| x.strip_suffix('*')))
        .unwrap_or(l);
    key_value(l)
}

fn header_title(h1: &str, prefixes: &[&str]) -> (Option<String>, Option<String>) {
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
        (!story.is_empty() && !super::parse::is_placeholder(story)).then(|| story.to_string());
    let title = title
        .filter(|t| !t.is_empty() && !super::parse::is_placeholder(t))
        .map(String::from);
    (story, title)
}

// ---- team (seed 001) -----------------------------------------------------------------------

fn render_team(doc: &Document) -> String {
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
    for (heading, slot) in TEAM_SECTIONS {
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

fn parse_team(text: &str, p: &mut Parsed) {
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
                        p.doc.last_updated = value(Some(&v), "Last updated", &mut p.gaps);
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
            .push("missing 'Part A — Current-State Snapshot'".into());
    }
    if !saw_b {
        p.warnings
            .push("no 'Part B — Work Journal' (first write of the new format)".into());
    }
    let declared: Vec<(String, Slot, bool)> = TEAM_SECTIONS
        .iter()
        .map(|(h, s)| (h.to_string(), *s, true))
        .collect();
    // Headings match without their numbers ("Current Objective" is "1. Current Objective").
    fill_sections(
        &declared,
        &part_a,
        &mut p.doc,
        &mut p.gaps,
        &mut p.ignored_sections,
    );
    // Team extras are stored under their heading without the number.
    for (h, _) in p.doc.sections.iter_mut() {
        if let Some((_, rest)) = h.split_once(". ") {
            if h.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                *h = rest.to_string();
            }
        }
    }
}

// ---- pm (seed 003) -------------------------------------------------------------------------

const PM_KNOWN: [&str; 5] = ["status", "item", "session", "branch", "stage"];

fn render_pm(doc: &Document) -> String {
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
    let _ = writeln!(
        out,
        "- Session: {}",
        doc.branch
            .as_deref()
            .map(one_line)
            .unwrap_or(UNKNOWN.into())
    );
    let _ = writeln!(
        out,
        "- Stage: {}",
        doc.stage.as_deref().map(one_line).unwrap_or(UNKNOWN.into())
    );
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
    let req = |v: &Option<String>| v.as_deref().map(one_line).unwrap_or(UNKNOWN.into());
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

fn list_value(f: &FieldItem, what: &str, gaps: &mut Vec<String>) -> Vec<String> {
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
    gaps: &mut Vec<String>,
) -> Vec<String> {
    let mut seen = Vec::new();
    for f in fields {
        let k = norm(&f.key);
        let what = format!("Checkpoint: {}", f.key);
        match k.as_str() {
            "stopped at" => doc.stopped_at = value(Some(&f.value), &what, gaps),
            "next action" => doc.next_action = value(Some(&f.value), &what, gaps),
            "start with" => doc.start_with = value(Some(&strip_code(&f.value)), &what, gaps),
            "decisions" => doc.decisions = list_value(f, &what, gaps),
            "context" => doc.context = list_value(f, &what, gaps),
            "open question" | "open questions" => doc.open_questions = list_value(f, &what, gaps),
            _ => continue,
        }
        seen.push(k);
    }
    seen
}

fn parse_pm(text: &str, p: &mut Parsed) {
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
            p.doc.done_when = real(items(&b.body), "Done when", &mut p.gaps);
            if p.doc.done_when.is_empty() {
                p.gaps.push("empty section 'Done when'".into());
            }
        } else if matches!(n.as_str(), "plan steps" | "plan" | "tasks" | "steps") {
            for t in real(items(&b.body), &b.name, &mut p.gaps) {
                if t.done {
                    p.doc.tasks_done.push(t);
                } else {
                    p.doc.tasks_remaining.push(t);
                }
            }
        } else if n.starts_with("checkpoint") {
            if saw_checkpoint {
                p.gaps.push(format!(
                    "duplicate section 'Checkpoint' at line {}; the first is used",
                    b.line
                ));
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
                    p.gaps
                        .push(format!("Checkpoint has no '{}' line", capital(want)));
                }
            }
            for (what, v) in [
                ("Stopped at", &p.doc.stopped_at),
                ("Next action", &p.doc.next_action),
                ("Start with", &p.doc.start_with),
            ] {
                if v.is_none() && seen.iter().any(|s| *s == what.to_lowercase()) {
                    p.gaps.push(format!("Checkpoint: {what} is empty"));
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
            "status" => p.doc.status = value(Some(&v), "Status", &mut p.gaps),
            "item" => {
                if let Some(v) = value(Some(&v), "Item", &mut p.gaps) {
                    let (id, title) = v.split_once(' ').unwrap_or((&v, ""));
                    if id.contains(['[', '<']) {
                        p.gaps.push(format!("Item has no ID: {v}"));
                    } else {
                        p.doc.story = Some(id.to_string());
                    }
                    let title = title.trim();
                    if !title.is_empty() {
                        p.doc.title = Some(title.to_string());
                    }
                }
            }
            "session" | "branch" => p.doc.branch = value(Some(&v), &k, &mut p.gaps),
            "stage" => p.doc.stage = value(Some(&v), "Stage", &mut p.gaps),
            _ => p.doc.fields.push((k, v)),
        }
    }
    if p.doc.status.as_deref() == Some("idle") {
        p.gaps.push("NOW.md is idle: no active item".into());
    }
    for want in ["item", "stage"] {
        if !saw.iter().any(|s| s == want) {
            p.gaps.push(format!("missing field '{}'", capital(want)));
        }
    }
    if !saw_done_when {
        p.gaps.push("missing section 'Done when'".into());
    }
    if !saw_checkpoint {
        p.gaps.push("missing section 'Checkpoint'".into());
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

/// Renders seed 003's `STACK.md`: one `### <ID> <Title>` entry per suspended item, top first.
pub fn render_stack_md(entries: &[StackMdEntry]) -> String {
    let mut out = String::from("# STACK\n");
    for e in entries {
        let d = &e.doc;
        let _ = writeln!(
            out,
            "\n### {}{}\n",
            d.story.as_deref().map(one_line).unwrap_or(UNKNOWN.into()),
            d.title
                .as_deref()
                .map(|t| format!(" {}", one_line(t)))
                .unwrap_or_default()
        );
        let _ = writeln!(out, "- Pushed: {}", one_line(&e.pushed));
        let _ = writeln!(
            out,
            "- Branch: {}",
            d.branch.as_deref().map(one_line).unwrap_or(UNKNOWN.into())
        );
        let _ = writeln!(
            out,
            "- Stage: {}",
            d.stage.as_deref().map(one_line).unwrap_or(UNKNOWN.into())
        );
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
pub fn parse_stack_md(input: &[u8]) -> (Vec<StackMdEntry>, Vec<String>) {
    let mut gaps = Vec::new();
    let text = decode(input, &mut gaps);
    let sp = split(&text);
    let mut out = Vec::new();
    for b in sp.blocks.iter().filter(|b| b.level == 3) {
        let mut e = StackMdEntry::default();
        let name = b.name.trim();
        let (id, title) = name.split_once(' ').unwrap_or((name, ""));
        if id.is_empty() {
            gaps.push(format!("stack entry at line {} has no ID", b.line));
            continue;
        }
        e.doc.story = Some(id.to_string());
        e.doc.title = Some(title.trim().to_string()).filter(|t| !t.is_empty());
        e.doc.status = Some("active".into());
        for f in field_items(&b.body) {
            match norm(&f.key).as_str() {
                "pushed" => e.pushed = f.value.clone(),
                "branch" | "session" => e.doc.branch = value(Some(&f.value), "Branch", &mut gaps),
                "stage" => e.doc.stage = value(Some(&f.value), "Stage", &mut gaps),
                "reason" => e.reason = f.value.clone(),
                "done when" => {
                    e.doc.done_when = real(f.nested.clone(), "Done when", &mut gaps);
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

// ---- gstack (seed 004) ---------------------------------------------------------------------

fn render_gstack(doc: &Document) -> String {
    let mut out = String::from("---\n");
    let _ = writeln!(
        out,
        "status: {}",
        doc.status
            .as_deref()
            .map(one_line)
            .unwrap_or("in-progress".into())
    );
    let _ = writeln!(
        out,
        "branch: {}",
        doc.branch
            .as_deref()
            .map(one_line)
            .unwrap_or(UNKNOWN.into())
    );
    let _ = writeln!(
        out,
        "timestamp: {}",
        doc.last_updated
            .as_deref()
            .map(one_line)
            .unwrap_or(UNKNOWN.into())
    );
    if let Some(s) = doc.session_duration_s {
        let _ = writeln!(out, "session_duration_s: {s}");
    }
    if doc.files.is_empty() {
        out.push_str("files_modified: []\n");
    } else {
        out.push_str("files_modified:\n");
        for f in &doc.files {
            let _ = writeln!(out, "  - {}", one_line(f));
        }
    }
    out.push_str("---\n\n");
    let _ = writeln!(
        out,
        "## Working on: {}",
        doc.title.as_deref().map(one_line).unwrap_or(UNKNOWN.into())
    );
    for (heading, slot) in GSTACK_SECTIONS {
        let _ = writeln!(out, "\n### {heading}\n");
        render_slot(&mut out, slot, heading, doc, false);
    }
    out
}

/// Reads the YAML subset gstack writes: `key: value` and `key:` followed by `  - item` lines.
fn front_matter(fm: &str) -> Vec<(String, String, Vec<String>)> {
    let mut out: Vec<(String, String, Vec<String>)> = Vec::new();
    for line in fm.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some(item) = t.strip_prefix("- ") {
            if let Some(last) = out.last_mut() {
                last.2.push(unquote(item));
            }
            continue;
        }
        if let Some((k, v)) = t.split_once(':') {
            let v = v.trim();
            let v = if v == "[]" { "" } else { v };
            out.push((k.trim().to_string(), unquote(v), Vec::new()));
        }
    }
    out
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    for q in ['"', '\''] {
        if let Some(x) = s.strip_prefix(q).and_then(|x| x.strip_suffix(q)) {
            return x.to_string();
        }
    }
    s.to_string()
}

fn parse_gstack(text: &str, p: &mut Parsed) {
    let sp = split(text);
    match &sp.front_matter {
        None => p
            .gaps
            .push("missing front matter (status, branch, timestamp)".into()),
        Some(fm) => {
            let kv = front_matter(fm);
            let get = |k: &str| kv.iter().find(|(key, _, _)| key == k);
            for want in ["status", "branch", "timestamp"] {
                if get(want).is_none() {
                    p.gaps.push(format!("front matter has no '{want}'"));
                }
            }
            p.doc.status = get("status").and_then(|x| value(Some(&x.1), "status", &mut p.gaps));
            p.doc.branch = get("branch").and_then(|x| value(Some(&x.1), "branch", &mut p.gaps));
            p.doc.last_updated =
                get("timestamp").and_then(|x| value(Some(&x.1), "timestamp", &mut p.gaps));
            if let Some((_, v, _)) = get("session_duration_s") {
                match v.parse() {
                    Ok(n) => p.doc.session_duration_s = Some(n),
                    Err(_) => p
                        .gaps
                        .push(format!("session_duration_s is not a number: {v}")),
                }
            }
            if let Some((_, _, files)) = get("files_modified") {
                p.doc.files = files.clone();
            }
        }
    }
    let mut title_seen = false;
    let mut candidates = Vec::new();
    for b in &sp.blocks {
        let n = norm(&b.name);
        if b.level <= 2 && n.starts_with("working on") {
            title_seen = true;
            let t = b.name.split_once(':').map_or("", |x| x.1).trim();
            p.doc.title = value(Some(t), "Working on", &mut p.gaps);
        } else {
            candidates.push(b);
        }
    }
    if !title_seen {
        p.gaps.push("missing heading 'Working on: <title>'".into());
    }
    let declared: Vec<(String, Slot, bool)> = GSTACK_SECTIONS
        .iter()
        .map(|(h, s)| (h.to_string(), *s, true))
        .collect();
    fill_sections(
        &declared,
        &candidates,
        &mut p.doc,
        &mut p.gaps,
        &mut p.ignored_sections,
    );
}

// ---- custom --------------------------------------------------------------------------------

fn render_custom(c: &Custom, doc: &Document) -> String {
    let mut out = String::new();
    let story = doc.story.as_deref().map(one_line).unwrap_or(UNKNOWN.into());
    let _ = match &doc.title {
        Some(t) => writeln!(out, "# Checkpoint: {story} — {}", one_line(t)),
        None => writeln!(out, "# Checkpoint: {story}"),
    };
    out.push('\n');
    let _ = writeln!(out, "**Template:** {}", c.name);
    if let Some(l) = &doc.last_updated {
        let _ = writeln!(out, "**Last updated:** {}", one_line(l));
    }
    if let Some(w) = &doc.written_by {
        let _ = writeln!(out, "**Written by:** {}", one_line(w));
    }
    let has_next = c
        .sections
        .iter()
        .any(|s| slot_for(&s.heading) == Slot::NextAction);
    for s in &c.sections {
        let _ = writeln!(out, "\n## {}\n", s.heading);
        render_slot(&mut out, slot_for(&s.heading), &s.heading, doc, !has_next);
    }
    out
}

fn parse_custom(c: &Custom, text: &str, p: &mut Parsed) {
    let sp = split(text);
    let mut candidates = Vec::new();
    for b in &sp.blocks {
        if b.level == 1 {
            let (story, title) = header_title(&b.name, &["Checkpoint"]);
            p.doc.story = story;
            p.doc.title = title;
            for l in b.body.lines() {
                if let Some((k, v)) = key_value(l) {
                    match norm(&k).as_str() {
                        "last updated" => p.doc.last_updated = Some(v),
                        "written by" => p.doc.written_by = Some(v),
                        _ => {}
                    }
                }
            }
        } else {
            candidates.push(b);
        }
    }
    if c.sections.is_empty() {
        p.gaps
            .push(format!("template '{}' declares no sections", c.name));
    }
    let declared: Vec<(String, Slot, bool)> = c
        .sections
        .iter()
        .map(|s| (s.heading.clone(), slot_for(&s.heading), s.required))
        .collect();
    fill_sections(
        &declared,
        &candidates,
        &mut p.doc,
        &mut p.gaps,
        &mut p.ignored_sections,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Document {
        Document {
            story: Some("R-007".into()),
            title: Some("Rate limiting".into()),
            goal: Some("Protect the public API from bursts.".into()),
            branch: Some("feature/r-007-rate-limit".into()),
            tasks_done: vec![Task {
                text: "T1 — token bucket".into(),
                done: true,
            }],
            tasks_remaining: vec![Task {
                text: "T2 — burst test".into(),
                done: false,
            }],
            decisions: vec!["Token bucket over fixed window: bursts must pass".into()],
            next_action: Some("make the burst test pass".into()),
            last_updated: Some("2026-07-16T14:30:00Z".into()),
            stage: Some("execute".into()),
            status: Some("active".into()),
            stopped_at: Some("T1 merged".into()),
            start_with: Some("cargo test rate_limit::burst".into()),
            done_when: vec![Task {
                text: "`cargo test rate_limit` passes".into(),
                done: false,
            }],
            open_questions: vec!["Which limit for internal callers?".into()],
            context: vec!["Staging Redis is shared; use db 5".into()],
            files: vec!["src/limit.rs".into()],
            ..Document::default()
        }
    }

    #[test]
    fn pm_round_trips_with_high_confidence() {
        let d = sample();
        let text = Template::Pm.render(&d);
        let p = Template::Pm.parse(text.as_bytes());
        assert_eq!(p.gaps, Vec::<String>::new(), "{text}");
        assert_eq!(p.doc.stage.as_deref(), Some("execute"));
        assert_eq!(p.doc.done_when, d.done_when);
        assert_eq!(p.doc.start_with, d.start_with);
        assert_eq!(p.doc.tasks_remaining, d.tasks_remaining);
        assert_eq!(p.doc.story.as_deref(), Some("R-007"));
        let again = Template::Pm.render(&p.doc);
        assert_eq!(again, text);
    }

    #[test]
    fn gstack_round_trips() {
        let mut d = sample();
        d.status = Some("in-progress".into());
        d.session_duration_s = Some(5400);
        d.tasks_done.clear();
        let text = Template::Gstack.render(&d);
        let p = Template::Gstack.parse(text.as_bytes());
        assert_eq!(p.gaps, Vec::<String>::new(), "{text}");
        assert_eq!(p.doc.title.as_deref(), Some("Rate limiting"));
        assert_eq!(p.doc.files, vec!["src/limit.rs"]);
        assert_eq!(p.doc.session_duration_s, Some(5400));
        assert_eq!(
            p.doc.next_action.as_deref(),
            Some("make the burst test pass")
        );
        assert_eq!(
            Template::Gstack.render(&p.doc),
            Template::Gstack.render(
                &Template::Gstack
                    .parse(Template::Gstack.render(&p.doc).as_bytes())
                    .doc
            )
        );
    }

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
        let text = Template::Team.render(&d);
        let p = Template::Team.parse(text.as_bytes());
        assert_eq!(p.gaps, Vec::<String>::new(), "{text}");
        assert_eq!(p.doc.journal, d.journal);
        assert_eq!(p.doc.sections, d.sections);
        assert_eq!(p.doc.goal, d.goal);
        assert_eq!(p.doc.files, d.files);
        assert_eq!(p.doc.next_action, d.next_action);
        assert_eq!(Template::Team.render(&p.doc), text);
    }

    #[test]
    fn custom_sections_are_required_and_mapped() {
        let c = Custom::from_skeleton(
            "review",
            "# x\n## Summary\n## Risks\n## Next action\n## Notes (optional)\n",
        );
        assert_eq!(c.sections.len(), 4);
        assert!(!c.sections[3].required);
        let t = Template::Custom(c);
        let mut d = sample();
        d.sections = vec![("Risks".into(), "- data loss".into())];
        let text = t.render(&d);
        let p = t.parse(text.as_bytes());
        assert_eq!(p.gaps, Vec::<String>::new(), "{text}");
        assert_eq!(p.doc.next_action, d.next_action);
        let cut = text.replace("## Risks", "## Other");
        let p = t.parse(cut.as_bytes());
        assert_eq!(p.gaps, vec!["missing section 'Risks'".to_string()]);
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
        assert_eq!(gaps, Vec::<String>::new());
        assert_eq!(back[0].reason, "prod is down");
        assert_eq!(back[0].doc.next_action, e.doc.next_action);
        assert_eq!(back[0].doc.done_when, e.doc.done_when);
    }

    #[test]
    fn garbage_never_panics() {
        for t in [Template::Team, Template::Pm, Template::Gstack] {
            for s in [
                "",
                "---",
                "---\n",
                "# NOW\n- Item:",
                "### x\n- Checkpoint:\n  -",
                "## Part B\n### —",
            ] {
                let p = t.parse(s.as_bytes());
                assert_eq!(p.confidence, Confidence::NeedsConfirmation, "{s:?}");
            }
        }
        let _ = parse_stack_md(b"### \n- Done when:\n");
    }
}
