//! Parses a checkpoint document (CommonMark, spec 0.31) into a [`Document`] plus a report of
//! what parsed, what is missing or malformed, and a confidence.
//!
//! Block structure comes from pulldown-cmark, so headings inside fenced code, block quotes or
//! list items are never sections, and ATX and setext headings are both recognised. Field lines
//! (`**Key:** value`) and list items are then read from each section's own source text.

use super::gap::{Gap, Place};
use super::text::{
    decode_utf8, field_line, is_none_marker, is_placeholder, is_unknown, outline, Heading, InCode,
};
use super::{Document, Task, SECTIONS};
use pulldown_cmark::HeadingLevel;
use std::ops::Range;

/// How far a parsed document can be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    /// All five sections parsed cleanly, no gaps.
    High,
    /// Something is missing, malformed, duplicated or a placeholder; see the gaps.
    NeedsConfirmation,
}

impl Confidence {
    /// `high` or `needs_confirmation`, as in JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::High => "high",
            Confidence::NeedsConfirmation => "needs_confirmation",
        }
    }
}

/// The result of [`parse`].
#[derive(Debug, Clone)]
pub struct Parsed {
    /// What could be read.
    pub doc: Document,
    /// `High` exactly when `gaps` is empty.
    pub confidence: Confidence,
    /// Each thing missing, malformed, duplicated or unfilled: where, what kind, and the
    /// sentence shown for it (its `Display`).
    pub gaps: Vec<Gap>,
    /// Sections that are not part of the template (e.g. `Template Notes (line 40)`); ignored.
    pub ignored_sections: Vec<String>,
    /// Oddities that do not lower confidence (sections out of order).
    pub warnings: Vec<String>,
    /// Sections left out of the document because an earlier section of the same name was used
    /// (`'Tasks Done' (line 15)`): their tasks are in no count and no view. Each is also a gap;
    /// this list lets views that count or render tasks say what they left out.
    pub left_out: Vec<String>,
    /// The decoded text: UTF-8, LF line endings, no BOM. This is what gets stored.
    pub text: String,
}

impl Parsed {
    /// The gaps' sentences, in order: what `--json` output and warnings show.
    pub fn gap_sentences(&self) -> Vec<String> {
        self.gaps.iter().map(ToString::to_string).collect()
    }
}

/// Parses `input` (bytes as read from a file or blob).
///
/// Leading UTF-8 BOMs are dropped; CRLF and lone CR become LF; bytes that are not UTF-8 are
/// replaced by U+FFFD, and any U+FFFD in the text is reported as a gap. Sections are headings (any level) named like the
/// template's (`## 3. Tasks Done`, numbering optional, case-insensitive); any other heading of
/// level 1 or 2 after the first section starts an ignored section. Never fails, never panics.
pub fn parse(input: &[u8]) -> Parsed {
    // Every leading BOM: an editor that adds one to a file that had one leaves two.
    let mut input = input;
    while let Some(rest) = input.strip_prefix(b"\xEF\xBB\xBF") {
        input = rest;
    }
    let mut gaps = Vec::new();
    // Lossy decoding leaves U+FFFD in the stored text, so a later resume reports it too.
    let decoded = decode_utf8(input);
    if decoded.contains('\u{FFFD}') {
        gaps.push(Gap::invalid_utf8());
    }
    let text = if decoded.contains('\r') {
        decoded.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        decoded
    };

    // Front matter is no part of the outline: its closing `---` would make its last line a
    // setext heading. Blanking it in place keeps every offset and line number of the rest.
    let front = super::sections::front_matter(&text).map(|(inner, end)| (inner.to_string(), end));
    let masked;
    let outline_text = match &front {
        Some((_, end)) => {
            let blank: String = text[..*end]
                .bytes()
                .map(|b| if b == b'\n' { '\n' } else { ' ' })
                .collect();
            masked = format!("{blank}{}", &text[*end..]);
            masked.as_str()
        }
        None => text.as_str(),
    };
    let (headings, code) = outline(outline_text);
    let mut doc = Document {
        front_matter: front.map(|(inner, _)| inner),
        ..Document::default()
    };
    let mut ignored_sections = Vec::new();
    let mut warnings = Vec::new();
    let mut left_out = Vec::new();
    let mut found: Vec<Option<(usize, Range<usize>)>> = vec![None; SECTIONS.len()];
    let mut order = Vec::new();

    // Section boundaries: known headings at any level, unknown ones at level 1-2.
    let bounds: Vec<(usize, Option<usize>)> = headings
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let known = section_index(&h.name);
            (known.is_some() || h.level <= HeadingLevel::H2).then_some((i, known))
        })
        .collect();
    let first_section = bounds.iter().position(|(_, k)| k.is_some());
    let header_end = first_section
        .map(|p| headings[bounds[p].0].range.start)
        .unwrap_or(text.len());

    for (n, (hi, known)) in bounds.iter().enumerate() {
        let h = &headings[*hi];
        let end = bounds
            .get(n + 1)
            .map(|(j, _)| headings[*j].range.start)
            .unwrap_or(text.len());
        let body = h.range.end.min(end)..end;
        match known {
            Some(k) => match &found[*k] {
                Some((line, _)) => {
                    gaps.push(Gap::duplicate_section(SECTIONS[*k], *line, h.line));
                    left_out.push(left_out_entry(SECTIONS[*k], h.line));
                }
                None => {
                    found[*k] = Some((h.line, body));
                    order.push(*k);
                }
            },
            None if first_section.is_some_and(|f| n > f) || h.level == HeadingLevel::H2 => {
                ignored_sections.push(format!("{} (line {})", h.name, h.line));
            }
            None => {}
        }
    }
    if order.windows(2).any(|w| w[0] > w[1]) {
        warnings.push("sections are not in the template's order".into());
    }

    read_header(&outline_text[..header_end], &headings, header_end, &mut doc);
    for (k, slot) in found.iter().enumerate() {
        let name = SECTIONS[k];
        let Some((_, body)) = slot else {
            gaps.push(Gap::missing_section(name));
            continue;
        };
        let section = Section::read(outline_text, body.clone(), &code, k);
        if section.is_empty() {
            gaps.push(Gap::empty_section(name));
            continue;
        }
        apply(k, section, &mut doc, &mut gaps);
    }

    let confidence = if gaps.is_empty() {
        Confidence::High
    } else {
        Confidence::NeedsConfirmation
    };
    Parsed {
        doc,
        confidence,
        gaps,
        ignored_sections,
        warnings,
        left_out,
        text,
    }
}

/// One entry of [`Parsed::left_out`]: `'<section>' (line <n>)`.
pub(crate) fn left_out_entry(section: &str, line: usize) -> String {
    format!("'{section}' (line {line})")
}

/// Maps a heading to one of [`SECTIONS`]: optional numbering (`3.`, `3)`), case and a trailing
/// colon are ignored.
fn section_index(name: &str) -> Option<usize> {
    let n = name.trim_start_matches(|c: char| c.is_ascii_digit());
    let n = if n.len() < name.len() {
        n.trim_start_matches(['.', ')'])
    } else {
        n
    };
    let n = n.trim().trim_end_matches(':').trim().to_lowercase();
    let n = n.split_whitespace().collect::<Vec<_>>().join(" ");
    match n.as_str() {
        "story" => Some(0),
        "branch" => Some(1),
        "tasks done" | "done" | "completed tasks" => Some(2),
        "key decisions" | "decisions" => Some(3),
        "remaining todos" | "remaining tasks" | "todos" | "remaining work" => Some(4),
        _ => None,
    }
}

fn read_header(header: &str, headings: &[Heading], end: usize, doc: &mut Document) {
    if let Some(h) = headings
        .iter()
        .find(|h| h.range.start < end && h.level == HeadingLevel::H1)
    {
        let name = h.name.trim();
        let name = name
            .strip_prefix("Checkpoint:")
            .or_else(|| name.strip_prefix("Checkpoint"))
            .unwrap_or(name)
            .trim();
        // An unknown story is written as the marker, which itself contains " — ".
        let (story, title) = match name.strip_prefix(super::UNKNOWN) {
            Some(rest) => {
                let rest = rest.trim_start();
                let t = rest.strip_prefix("— ").or_else(|| rest.strip_prefix("- "));
                ("", t.map(str::trim))
            }
            None => match name.split_once(" — ").or_else(|| name.split_once(" - ")) {
                Some((s, t)) => (s.trim(), Some(t.trim())),
                None => (name, None),
            },
        };
        // The same values the Story section's fields refuse (see `checked`).
        let real = |v: &str| !v.is_empty() && !is_placeholder(v) && !is_unknown(v);
        if real(story) {
            doc.story = Some(story.to_string());
        }
        doc.title = title.filter(|t| real(t)).map(String::from);
    }
    for line in header.lines() {
        if let Some((key, value)) = field_line(line) {
            if is_unknown(&value) {
                continue;
            }
            match key.as_str() {
                "last updated" => doc.last_updated = Some(value),
                "written by" => doc.written_by = Some(value),
                _ => {}
            }
        }
    }
}

/// One section's content, split into field lines, top-level list items and loose paragraphs.
#[derive(Default)]
struct Section {
    fields: Vec<(String, String)>,
    items: Vec<Task>,
    loose: Vec<String>,
}

impl Section {
    /// Reads the section whose body is `text[body]`; `code` holds the code blocks of all of
    /// `text` (from [`outline`]): a section starts at a heading, which closes every open block,
    /// so its code blocks are those the whole document has within its range.
    fn read(text: &str, body: Range<usize>, code: &[Range<usize>], section: usize) -> Section {
        let mut out = Section::default();
        let mut offset = body.start;
        let body = &text[body];
        // Field lines come out first: an unindented `**Next immediate action:**` right after a
        // list item is a lazy continuation in CommonMark, but it is a field, not item text.
        let mut rest = String::with_capacity(body.len());
        let mut in_code = InCode::new(code);
        for line in body.split_inclusive('\n') {
            let in_code = in_code.at(offset);
            offset += line.len();
            if !in_code {
                if let Some((key, value)) = field_line(line.trim_end_matches('\n')) {
                    if is_field_of(&key, section) {
                        out.fields.push((key, value));
                        rest.push('\n');
                        continue;
                    }
                }
            }
            rest.push_str(line);
        }

        (out.items, out.loose) = super::sections::items_and_paragraphs(&rest);
        out
    }

    fn is_empty(&self) -> bool {
        self.fields.is_empty() && self.items.is_empty() && self.loose.is_empty()
    }

    fn field(&self, keys: &[&str]) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| keys.contains(&k.as_str()))
            .map(|(_, v)| v.as_str())
    }
}

fn is_field_of(key: &str, section: usize) -> bool {
    match section {
        0 => matches!(key, "id" | "story" | "title" | "goal" | "source"),
        1 => matches!(
            key,
            "branch" | "commit strategy" | "commits so far" | "commits"
        ),
        4 => matches!(key, "next immediate action" | "next action" | "next"),
        _ => false,
    }
}

/// Checks a value: unknown markers and unfilled placeholders become gaps and yield `None`.
fn checked(value: Option<&str>, what: Place<'_>, gaps: &mut Vec<Gap>) -> Option<String> {
    let v = value?.trim();
    if v.is_empty() {
        return None;
    }
    if super::conflict::is_conflict(v) {
        // Both values stay visible; the gap asks someone to take one.
        gaps.push(Gap::conflict(what, v));
        return Some(v.to_string());
    }
    if is_unknown(v) {
        gaps.push(Gap::unknown(what));
        return None;
    }
    if is_placeholder(v) {
        gaps.push(Gap::placeholder(what, v));
        return None;
    }
    Some(v.to_string())
}

/// Keeps the real items, turning unknown markers and placeholders into gaps.
fn real_items(items: Vec<Task>, name: &str, gaps: &mut Vec<Gap>) -> Vec<Task> {
    items
        .into_iter()
        .filter(|t| {
            if super::conflict::is_conflict(&t.text) {
                // Both sides stay visible; the gap asks someone to take one.
                gaps.push(Gap::conflict(Place::section(name), &t.text));
                true
            } else if is_unknown(&t.text) {
                gaps.push(Gap::unknown_item(Place::section(name)));
                false
            } else if is_placeholder(&t.text) {
                gaps.push(Gap::placeholder_item(Place::section(name), &t.text));
                false
            } else {
                !t.text.is_empty()
            }
        })
        .collect()
}

fn apply(k: usize, s: Section, doc: &mut Document, gaps: &mut Vec<Gap>) {
    let name = SECTIONS[k];
    let loose_first = s
        .loose
        .first()
        .and_then(|p| p.lines().next())
        .map(str::to_string);
    match k {
        0 => {
            let id = s
                .field(&["id", "story"])
                .map(str::to_string)
                .or(loose_first);
            match checked(id.as_deref(), Place::in_section("Story", "ID"), gaps) {
                Some(id) => doc.story = Some(id),
                None if id.is_none() && doc.story.is_none() => {
                    gaps.push(Gap::no_value("Story", "ID"));
                }
                None => {}
            }
            let title = s.field(&["title"]);
            match checked(title, Place::in_section("Story", "Title"), gaps) {
                Some(t) => doc.title = Some(t),
                // An explicit unknown Title wins over the H1 line, which cannot tell a story
                // id containing " — " from "<story> — <title>".
                None if title.is_some_and(|t| !t.trim().is_empty()) => doc.title = None,
                None => {}
            }
            doc.goal = checked(s.field(&["goal"]), Place::in_section("Story", "Goal"), gaps);
            doc.source = checked(
                s.field(&["source"]),
                Place::in_section("Story", "Source"),
                gaps,
            );
        }
        1 => {
            let branch = s.field(&["branch"]).map(str::to_string).or(loose_first);
            doc.branch = checked(
                branch.as_deref(),
                Place::in_section("Branch", "branch name"),
                gaps,
            );
            if branch.is_none() {
                gaps.push(Gap::no_value("Branch", "branch name"));
            }
            doc.commit_strategy = checked(
                s.field(&["commit strategy"]),
                Place::in_section("Branch", "Commit strategy"),
                gaps,
            );
            doc.commits_so_far = checked(
                s.field(&["commits so far", "commits"]),
                Place::in_section("Branch", "Commits so far"),
                gaps,
            );
        }
        2 => {
            doc.tasks_done = real_items(s.items, name, gaps)
                .into_iter()
                .map(|t| Task { done: true, ..t })
                .collect();
            loose_text(&s.loose, name, gaps);
        }
        3 => {
            doc.decisions = real_items(s.items, name, gaps)
                .into_iter()
                .map(|t| t.text)
                .collect();
            for p in s.loose.iter().filter(|p| !is_none_marker(p)) {
                if is_unknown(p) || is_placeholder(p) {
                    gaps.push(Gap::placeholder_text(name, p));
                } else {
                    // Trailing blanks dropped per line, as list items' lines are: the decision
                    // is rendered back as an item.
                    // A leading checkbox is dropped, as it is from items.
                    let lines: Vec<&str> = p.lines().map(str::trim_end).collect();
                    let text = lines.join("\n");
                    let text = ["[ ] ", "[x] ", "[X] "]
                        .iter()
                        .find_map(|c| text.strip_prefix(c))
                        .unwrap_or(&text);
                    doc.decisions.push(text.to_string());
                }
            }
        }
        _ => {
            doc.next_action = checked(
                s.field(&["next immediate action", "next action", "next"]),
                Place::in_section("Remaining Todos", "Next immediate action"),
                gaps,
            );
            for t in real_items(s.items, name, gaps) {
                if t.done {
                    doc.tasks_done.push(t);
                } else {
                    doc.tasks_remaining.push(t);
                }
            }
            loose_text(&s.loose, name, gaps);
        }
    }
}

fn loose_text(loose: &[String], name: &str, gaps: &mut Vec<Gap>) {
    for p in loose.iter().filter(|p| !is_none_marker(p)) {
        gaps.push(Gap::not_an_item(name, p.lines().next().unwrap_or("")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::render;

    // The example checkpoint of seed 000, shared with the integration tests.
    const SEED_313: &str = include_str!("../../tests/corpus/seeds/313.md");

    #[test]
    fn unknown_markers_are_found_in_any_case_and_script() {
        assert!(is_unknown("[UNKNOWN — ask]"));
        assert!(is_unknown("Goal: [Unknown]"));
        assert!(is_unknown("Ziel — [unknown]"));
        // KELVIN SIGN lowercases to an ASCII 'k'.
        assert!(is_unknown("[un\u{212A}nown]"));
        assert!(!is_unknown("T1 — form"));
        assert!(!is_unknown("[x] done"));
        assert!(!is_unknown("unknown, no bracket"));
    }

    const SETUP: &str =
        "## Story\nauth\n## Branch\nmain\n## Tasks Done\n- a\n## Key Decisions\n- b\n## Remaining Todos\n- c\n";

    #[test]
    fn seed_example_parses_with_high_confidence() {
        let p = parse(SEED_313.as_bytes());
        assert_eq!(p.gap_sentences(), Vec::<String>::new());
        assert_eq!(p.confidence, Confidence::High);
        let d = &p.doc;
        assert_eq!(d.story.as_deref(), Some("#313"));
        assert_eq!(
            d.branch.as_deref(),
            Some("chore/#313-t6-completion-criteria")
        );
        assert_eq!(d.tasks_done.len(), 2);
        assert_eq!(d.tasks_remaining.len(), 1);
        assert_eq!(
            d.tasks_remaining[0].text,
            "T6 — Completion criteria + steering pass"
        );
        assert_eq!(d.decisions.len(), 1);
        assert!(d
            .next_action
            .as_deref()
            .unwrap()
            .starts_with("finish the negation sweep"));
        assert_eq!(d.written_by.as_deref(), Some("implement session"));
        assert_eq!(d.commit_strategy.as_deref(), Some("commit-per-task"));
    }

    #[test]
    fn render_round_trips() {
        let p = parse(SEED_313.as_bytes());
        let again = parse(render(&p.doc).as_bytes());
        assert_eq!(again.doc, p.doc);
        assert_eq!(again.confidence, Confidence::High);
    }

    #[test]
    fn one_missing_section_is_exactly_one_gap() {
        let cut = SEED_313.replace("## 4. Key Decisions\n- Shared-reference naming: `skill-conventions/<topic>.md` — see 2026-07-13-shared-reference-naming.md\n", "");
        let p = parse(cut.as_bytes());
        assert_eq!(p.gap_sentences(), ["missing section 'Key Decisions'"]);
        assert_eq!(p.confidence, Confidence::NeedsConfirmation);
    }

    #[test]
    fn template_notes_are_ignored_and_reported() {
        let with = format!("{SEED_313}\n## Template Notes\n- fill every section\n");
        let p = parse(with.as_bytes());
        assert_eq!(p.confidence, Confidence::High);
        assert_eq!(p.ignored_sections.len(), 1);
        assert!(p.ignored_sections[0].starts_with("Template Notes"));
        assert_eq!(p.doc.tasks_remaining.len(), 1);
    }

    #[test]
    fn setup_document_is_valid() {
        let p = parse(SETUP.as_bytes());
        assert_eq!(p.gap_sentences(), Vec::<String>::new());
        assert_eq!(p.doc.story.as_deref(), Some("auth"));
        assert_eq!(p.doc.branch.as_deref(), Some("main"));
        assert_eq!(p.doc.tasks_done[0].text, "a");
        assert_eq!(p.doc.decisions, vec!["b"]);
        assert_eq!(p.doc.tasks_remaining[0].text, "c");
    }

    #[test]
    fn fenced_headings_are_not_sections() {
        // C11
        let doc = "## Story\nauth\n## Branch\nmain\n## Key Decisions\n- b\n\n```\n## Tasks Done\n```\n\n~~~\n## Remaining Todos\n~~~\n## Remaining Todos\n- c\n";
        let p = parse(doc.as_bytes());
        assert_eq!(p.gap_sentences(), ["missing section 'Tasks Done'"]);
        assert_eq!(p.doc.tasks_remaining[0].text, "c");
        assert_eq!(p.doc.decisions[0], "b");
        assert!(p.text.contains("```\n## Tasks Done\n```"));
    }

    #[test]
    fn line_endings_and_bom_do_not_matter() {
        // C12, C13
        let crlf = SETUP.replace('\n', "\r\n");
        let cr = SETUP.replace('\n', "\r");
        let bom = format!("\u{feff}{SETUP}");
        let base = parse(SETUP.as_bytes()).doc;
        for variant in [crlf, cr, bom] {
            let p = parse(variant.as_bytes());
            assert_eq!(p.doc, base);
            assert_eq!(p.confidence, Confidence::High);
            assert!(!p.text.contains('\r'));
        }
    }

    #[test]
    fn latin1_is_decoded_lossily_with_a_gap() {
        let mut bytes = SETUP.as_bytes().to_vec();
        bytes.extend_from_slice(b"- caf\xE9\n");
        let p = parse(&bytes);
        assert_eq!(p.confidence, Confidence::NeedsConfirmation);
        assert_eq!(p.gaps[0].kind, crate::model::GapKind::Encoding);
        assert_eq!(p.doc.tasks_remaining[1].text, "caf\u{fffd}");
    }

    #[test]
    fn placeholders_are_gaps_and_real_items_stay() {
        // C14
        let doc = "## Story\nauth\n## Branch\nmain\n## Template Notes\nfill it\n## Tasks Done\n- a\n## Key Decisions\n- [Decision and rationale]\n## Remaining Todos\n- [ ] <todo>\n- [ ] add rate limit\n";
        let p = parse(doc.as_bytes());
        assert_eq!(p.confidence, Confidence::NeedsConfirmation);
        assert_eq!(p.gaps.len(), 2, "{:?}", p.gaps);
        assert!(p
            .gaps
            .iter()
            .any(|g| g.to_string().contains("[Decision and rationale]")));
        assert!(p.gaps.iter().any(|g| g.to_string().contains("<todo>")));
        assert_eq!(p.doc.tasks_remaining.len(), 1);
        assert_eq!(p.doc.tasks_remaining[0].text, "add rate limit");
        assert_eq!(p.doc.tasks_done[0].text, "a");
        assert!(p.ignored_sections[0].starts_with("Template Notes"));
    }

    #[test]
    fn duplicates_are_flagged_with_lines() {
        let doc = format!("{SETUP}## Branch\nother\n");
        let p = parse(doc.as_bytes());
        assert_eq!(p.gaps.len(), 1);
        assert!(
            p.gaps[0].to_string().contains("lines 3 and 11"),
            "{}",
            p.gaps[0]
        );
        assert_eq!(p.doc.branch.as_deref(), Some("main"));
    }

    #[test]
    fn setext_headings_are_sections() {
        let doc = "Story\n=====\nauth\n\nBranch\n------\nmain\n\nTasks Done\n---\n- a\n\nKey Decisions\n---\n- b\n\nRemaining Todos\n---\n- c\n";
        let p = parse(doc.as_bytes());
        assert_eq!(p.gap_sentences(), Vec::<String>::new());
    }

    #[test]
    fn unknown_markers_are_gaps() {
        let doc = SETUP.replace(
            "## Branch\nmain",
            &format!("## Branch\n{}", crate::model::UNKNOWN),
        );
        let p = parse(doc.as_bytes());
        assert_eq!(p.doc.branch, None);
        assert_eq!(p.gaps.len(), 1, "{:?}", p.gaps);
    }

    #[test]
    fn unknown_story_and_header_values_round_trip_as_none() {
        // The unknown-story marker contains " — ", which split the H1 line into story and title;
        // unknown header values (Written by, Last updated) came back as the marker text.
        for title in [None, Some("Rate limits".to_string())] {
            let d = crate::model::Document {
                title,
                ..Default::default()
            };
            let back = parse(render(&d).as_bytes()).doc;
            assert_eq!(back, d);
        }
    }

    #[test]
    fn an_unknown_title_field_wins_over_the_h1_line() {
        // Found by the parse fuzz target: a story id containing " — " without a title.
        let d = crate::model::Document {
            story: Some("auth — phase 2".into()),
            ..Default::default()
        };
        let back = parse(render(&d).as_bytes()).doc;
        assert_eq!(back, d);
    }

    #[test]
    fn a_decision_paragraph_round_trips_as_an_item() {
        // Found by the parse fuzz target: a line's trailing blank survived in the paragraph but
        // not in the item it is rendered as.
        let doc = SETUP.replace("- b\n", "first line \nsecond\n");
        let d = parse(doc.as_bytes()).doc;
        assert_eq!(d.decisions, vec!["first line\nsecond"]);
        assert_eq!(parse(render(&d).as_bytes()).doc, d);
        // ... and a leading checkbox, which the item drops.
        let doc = SETUP.replace("- b\n", "[x] chosen\n");
        let d = parse(doc.as_bytes()).doc;
        assert_eq!(d.decisions, vec!["chosen"]);
        assert_eq!(parse(render(&d).as_bytes()).doc, d);
    }

    #[test]
    fn a_branch_with_backticks_round_trips_through_its_code_span() {
        // Found by the parse fuzz target: the renderer's longer fence was never unwrapped.
        for branch in ["`odd", "a`b", "x``y`", "``"] {
            let d = crate::model::Document {
                branch: Some(branch.into()),
                ..Default::default()
            };
            assert_eq!(parse(render(&d).as_bytes()).doc, d, "{branch}");
        }
        assert_eq!(super::super::text::code_span_content("`a`"), Some("a"));
        assert_eq!(
            super::super::text::code_span_content("`` a`b ``"),
            Some("a`b")
        );
        assert_eq!(super::super::text::code_span_content("`a``"), None);
        assert_eq!(super::super::text::code_span_content("``a`` b``"), None);
    }

    #[test]
    fn an_unknown_marker_in_the_h1_line_is_not_a_title() {
        // Found by the parse fuzz target: the H1 line took a title the Title field refuses.
        let d = parse("# Checkpoint: x — a [unknown b\n".as_bytes()).doc;
        assert_eq!(d.title, None);
        assert_eq!(d.story.as_deref(), Some("x"));
    }

    #[test]
    fn garbage_never_panics() {
        for s in [
            "",
            "#",
            "##",
            "- [",
            "**:**",
            "```",
            "## Story\n**ID:**",
            "\u{0}\u{1b}[2K",
            "1.\n##1.",
            "* **",
        ] {
            let _ = parse(s.as_bytes());
        }
        assert_eq!(parse(b"").gaps.len(), 5);
    }
}
