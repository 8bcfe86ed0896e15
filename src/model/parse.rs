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
use super::vocab::{self, Field};
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
/// replaced by U+FFFD, and any U+FFFD in the text is reported as a gap.
///
/// Sections are headings (any level) whose name the vocabulary ([`super::vocab`]) knows for a
/// field: the template's own (`## 3. Tasks Done`) and the names people write (`### Not
/// Started`, `🔑 KEY DECISIONS MADE`, `Decisions Made（…）`, `## 다음에 할 것`), numbering,
/// case, emoji and trailing qualifiers ignored. A line that is only a label (`**Completed:**`,
/// `NEXT SESSION:`) is a sub-heading, and `=== … ===` lines are headings. A section runs to the
/// next known heading or the next other heading of its own level or above, so a sub-heading
/// keeps its own meaning and an unknown one belongs to its section. Of several dated entries
/// (`### Session 1 - 2025-11-27`, `## [2025-08-09 23:05]`) only the newest is read, and a
/// warning says so. Field lines anywhere outside code (`**Branch:** x`, `- Branch: \`x\` @
/// \`sha\``, two fields on one line separated by `·`, front matter `branch:` / `next:`,
/// `**Next Session Should:** …`) give the branch and the next action when no section does.
/// Any other heading of level 1 or 2 after the first section starts an ignored section.
/// Never fails, never panics.
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
    let masked = match &front {
        Some((_, end)) => {
            let blank: String = text[..*end]
                .bytes()
                .map(|b| if b == b'\n' { '\n' } else { ' ' })
                .collect();
            format!("{blank}{}", &text[*end..])
        }
        None => text.clone(),
    };
    let (headings0, code0) = outline(&masked);
    // Label lines become headings; line numbers stay (one line for one line). Without any,
    // the text is the same and so is its outline.
    let outline_text = label_headings(&masked, &code0);
    let (headings, code) = if outline_text == masked {
        (headings0, code0)
    } else {
        outline(&outline_text)
    };
    let outline_text = outline_text.as_str();
    let mut doc = Document {
        front_matter: front.as_ref().map(|(inner, _)| inner.clone()),
        ..Document::default()
    };
    let mut ignored_sections = Vec::new();
    let mut warnings = Vec::new();
    let mut left_out = Vec::new();

    let mut older = Vec::new();
    let skipped = {
        let mut flags = vec![false; headings.len()];
        for i in older_entries(&headings, &mut warnings, &mut older) {
            flags[i] = true;
        }
        flags
    };
    let kinds: Vec<Option<Field>> = headings
        .iter()
        .enumerate()
        .map(|(i, h)| {
            // The document's own title (`# Now`, `# NOW.md`) is no section of it.
            let title = i == 0
                && h.level == HeadingLevel::H1
                && headings.len() > 1
                && !OWN_NAMES.contains(&vocab::normalize(&h.name).as_str());
            if skipped[i] || title {
                None
            } else {
                vocab::classify(&h.name)
            }
        })
        .collect();

    // Section boundaries: known headings at any level; unknown ones at level 1-2, or at the
    // level of the known section they follow or above (a sibling sub-heading ends it).
    let mut bounds: Vec<usize> = Vec::new();
    let mut open_level: Option<HeadingLevel> = None;
    for (i, h) in headings.iter().enumerate() {
        let bound = if kinds[i].is_some() {
            open_level = Some(h.level);
            true
        } else if skipped[i] {
            false
        } else if h.level <= HeadingLevel::H2 || open_level.is_some_and(|l| h.level <= l) {
            open_level = None;
            true
        } else {
            false
        };
        if bound {
            bounds.push(i);
        }
    }
    let first_section = bounds.iter().position(|i| kinds[*i].is_some());
    let header_end = first_section
        .map(|p| headings[bounds[p]].range.start)
        .unwrap_or(outline_text.len());

    // (field, normalised name, line, body)
    let mut sections: Vec<(Field, String, usize, Range<usize>)> = Vec::new();
    let mut order = Vec::new();
    for (n, hi) in bounds.iter().enumerate() {
        let h = &headings[*hi];
        let end = bounds
            .get(n + 1)
            .map(|j| headings[*j].range.start)
            .unwrap_or(outline_text.len());
        let body = h.range.end.min(end)..end;
        match kinds[*hi] {
            Some(field) => {
                let name = vocab::normalize(&h.name);
                let k = index_of(field);
                match sections
                    .iter()
                    .find(|(f, nm, _, _)| index_of(*f) == k && *nm == name)
                {
                    Some((_, _, line, _)) => {
                        gaps.push(Gap::duplicate_section(SECTIONS[k], *line, h.line));
                        left_out.push(left_out_entry(SECTIONS[k], h.line));
                    }
                    None => {
                        sections.push((field, name, h.line, body));
                        order.push(k);
                    }
                }
            }
            // A heading whose body is only its sub-sections (`## Current State` over `###
            // Done`) leaves nothing unread.
            None if (first_section.is_some_and(|f| n > f) || h.level == HeadingLevel::H2)
                && !(outline_text[body.clone()].trim().is_empty()
                    && bounds
                        .get(n + 1)
                        .is_some_and(|j| kinds[*j].is_some() && headings[*j].level > h.level)) =>
            {
                ignored_sections.push(format!("{} (line {})", h.name, h.line));
            }
            None => {}
        }
    }
    if order.windows(2).any(|w| w[0] > w[1]) {
        warnings.push("sections are not in the template's order".into());
    }

    let title_guess = read_header(&outline_text[..header_end], &headings, header_end, &mut doc);
    // A `Next …:` field line is the next action a person reads first, before any list.
    if let Some((fm, _)) = &front {
        document_fields(fm, &[], &[], &mut doc, true);
    }
    document_fields(outline_text, &code, &older, &mut doc, true);
    // The template's sections, then blockers and context (see `index_of`).
    let mut seen = [false; SECTIONS.len() + 2];
    let mut empty = [false; SECTIONS.len() + 2];
    let mut first_open: Option<String> = None;
    for (field, name, _, body) in &sections {
        let k = index_of(*field);
        let before = doc.tasks_remaining.len();
        let section = Section::read(outline_text, body.clone(), &code, k);
        let first = !seen[k];
        seen[k] = true;
        if section.is_empty() {
            // An empty "not started" or blockers list is nothing missing.
            if matches!(field, Field::Done | Field::Decisions | Field::Remaining)
                || (k < 2 && first)
            {
                empty[k] = true;
            }
            continue;
        }
        empty[k] = false;
        apply(*field, name, section, &mut doc, &mut gaps, title_guess);
        if first_open.is_none()
            && matches!(field, Field::Remaining | Field::Next)
            && !OWN_NAMES.contains(&name.as_str())
        {
            first_open = doc.tasks_remaining.get(before).map(|t| t.text.clone());
        }
    }
    if let Some((fm, _)) = &front {
        document_fields(fm, &[], &[], &mut doc, false);
    }
    document_fields(outline_text, &code, &older, &mut doc, false);
    if doc.branch.is_none() {
        doc.branch = inline_branch(outline_text, &code, &older);
    }
    if doc.next_action.is_none() {
        // Without a next step stated, the first open todo of a list the person wrote.
        doc.next_action = first_open
            .as_deref()
            .map(|t| t.lines().next().unwrap_or("").to_string());
    }
    for (k, name) in SECTIONS.iter().enumerate() {
        let told = match k {
            0 => doc.story.is_some() || doc.title.is_some(),
            1 => doc.branch.is_some(),
            4 => doc.next_action.is_some() || !doc.tasks_remaining.is_empty(),
            _ => false,
        };
        if !seen[k] && !told {
            gaps.push(Gap::missing_section(name));
        } else if empty[k] && !told {
            gaps.push(Gap::empty_section(name));
        }
    }
    if doc.branch.is_some() {
        // A branch read from a header line fills what the Branch section left unnamed.
        gaps.retain(|g| {
            !(g.kind == super::GapKind::NoValue && g.section.as_deref() == Some("Branch"))
        });
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

/// The template section (index of [`SECTIONS`]) a field's items land in.
fn index_of(field: Field) -> usize {
    match field {
        Field::Story => 0,
        Field::Branch => 1,
        Field::Done => 2,
        Field::Decisions => 3,
        // Blockers and context fill no template section; they count as neither missing
        // nor duplicate of one (5 is past the template's sections).
        Field::Blocked => 5,
        Field::Context => 6,
        Field::Remaining | Field::NotStarted | Field::Next => 4,
    }
}

/// `text` with every line that is only a label (`**Completed:**`, `**Next Session:**`,
/// `NEXT SESSION:`, or any label the vocabulary knows, outside code and unindented) written
/// as a level-6 heading, and every `=== Session: … ===` line as a level-2 heading. One line
/// in, one line out, so line numbers stay.
fn label_headings(text: &str, code: &[Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut in_code = InCode::new(code);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let inside = in_code.at(offset);
        offset += line.len();
        let body = line.trim_end_matches('\n');
        let nl = &line[body.len()..];
        if !inside {
            if let Some(h) = label_heading(body) {
                out.push_str(&h);
                out.push_str(nl);
                continue;
            }
        }
        out.push_str(line);
    }
    out
}

fn label_heading(line: &str) -> Option<String> {
    if line.starts_with([' ', '\t']) || line.len() > 200 {
        return None;
    }
    let t = line.trim_end();
    if t.len() > 6 && t.starts_with("===") && t.ends_with("===") {
        let name = t.trim_matches('=').trim();
        if !name.is_empty() {
            // `===== Title =====` is the document's title, `=== Session: … ===` an entry.
            let level = if t.starts_with("=====") { "#" } else { "##" };
            return Some(format!("{level} {name}"));
        }
    }
    let (label, marked) = if let Some(rest) = t.strip_prefix("**") {
        let inner = rest
            .strip_suffix(":**")
            .or_else(|| rest.strip_suffix("**:"))
            .or_else(|| rest.strip_suffix("：**"))?;
        (inner, true)
    } else {
        (t.strip_suffix(':').or_else(|| t.strip_suffix('：'))?, false)
    };
    let label = label.trim();
    if label.is_empty() || label.chars().count() > 40 || label.contains(['*', '`', ':', '[']) {
        return None;
    }
    if !marked
        && (label.starts_with(['-', '*', '+', '>', '|'])
            || label.chars().next().is_some_and(|c| c.is_ascii_digit()))
    {
        return None;
    }
    let caps = label.chars().any(char::is_uppercase)
        && !label.chars().any(char::is_lowercase)
        && label
            .chars()
            .all(|c| c.is_alphanumeric() || " -/&".contains(c));
    if marked || caps || vocab::classify(label).is_some() {
        Some(format!("###### {label}"))
    } else {
        None
    }
}

/// Dated entries: of two or more headings of one level that each hold a date
/// (`YYYY-MM-DD`), the newest (the first of the newest date) is read; the headings inside the
/// others are returned, to be read as no section, and a warning says how many were left.
fn older_entries(
    headings: &[Heading],
    warnings: &mut Vec<String>,
    ranges: &mut Vec<Range<usize>>,
) -> Vec<usize> {
    let dated: Vec<(usize, String)> = headings
        .iter()
        .enumerate()
        .filter(|(_, h)| h.level > HeadingLevel::H1)
        .filter_map(|(i, h)| date_in(&h.name).map(|d| (i, d)))
        .collect();
    let Some(level) = dated.first().map(|(i, _)| headings[*i].level) else {
        return Vec::new();
    };
    let dated: Vec<(usize, String)> = dated
        .into_iter()
        .filter(|(i, _)| headings[*i].level == level)
        .collect();
    if dated.len() < 2 {
        return Vec::new();
    }
    let newest = dated
        .iter()
        .fold(&dated[0], |best, e| if e.1 > best.1 { e } else { best });
    let mut skipped = Vec::new();
    for (i, _) in dated.iter().filter(|e| e.0 != newest.0) {
        let mut end = usize::MAX;
        for (j, h) in headings.iter().enumerate().skip(i + 1) {
            if h.level <= level {
                end = h.range.start;
                break;
            }
            skipped.push(j);
        }
        ranges.push(headings[*i].range.start..end);
    }
    warnings.push(format!(
        "read the newest of {} dated entries, '{}' (line {}); the {} earlier ones are kept as written",
        dated.len(),
        headings[newest.0].name,
        headings[newest.0].line,
        dated.len() - 1
    ));
    skipped
}

/// The first `YYYY-MM-DD` in `s`.
fn date_in(s: &str) -> Option<String> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(9)).find_map(|i| {
        let w = &b[i..i + 10];
        let shape = w.iter().enumerate().all(|(j, c)| match j {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        });
        shape.then(|| s[i..i + 10].to_string())
    })
}

/// `Label: value` fields anywhere in `text` outside code (front matter, header block, list
/// items, block quotes, several on one line separated by ` · ` or ` | `): the branch and the
/// next action when no section gave them.
fn document_fields(
    text: &str,
    code: &[Range<usize>],
    older: &[Range<usize>],
    doc: &mut Document,
    next_only: bool,
) {
    let mut in_code = InCode::new(code);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        // Earlier dated entries say what was next then.
        let inside = in_code.at(offset) || older.iter().any(|r| r.contains(&offset));
        offset += line.len();
        if inside || (doc.branch.is_some() && doc.next_action.is_some()) {
            continue;
        }
        for (field, value) in label_values(line.trim_end_matches('\n')) {
            match field {
                Field::Branch if doc.branch.is_none() && !next_only => {
                    doc.branch = branch_value(&value);
                }
                Field::Next if doc.next_action.is_none() => {
                    let v = value.trim();
                    if !v.is_empty()
                        && !is_none_marker(v)
                        && !is_placeholder(v)
                        && !is_unknown(v)
                        && !super::conflict::is_conflict(v)
                    {
                        doc.next_action = Some(v.to_string());
                    }
                }
                _ => {}
            }
        }
    }
}

/// The `Label: value` fields of one line whose label the vocabulary knows.
pub(crate) fn label_values(line: &str) -> Vec<(Field, String)> {
    // Most lines hold no label at all.
    if !line.contains(':') && !line.contains('：') {
        return Vec::new();
    }
    let mut l = line.trim();
    while let Some(rest) = l.strip_prefix('>') {
        l = rest.trim_start();
    }
    let l = ["- ", "* ", "+ "]
        .iter()
        .find_map(|m| l.strip_prefix(m))
        .unwrap_or_else(|| {
            let digits = l.chars().take_while(char::is_ascii_digit).count();
            if digits > 0 {
                l[digits..]
                    .strip_prefix(". ")
                    .or_else(|| l[digits..].strip_prefix(") "))
                    .unwrap_or(l)
            } else {
                l
            }
        });
    let mut out = Vec::new();
    let mut read = |part: &str| {
        let p = part.trim();
        let (key, value) = if let Some(rest) = p.strip_prefix("**") {
            let Some((k, v)) = rest.split_once("**") else {
                return;
            };
            match k.strip_suffix(':').or_else(|| k.strip_suffix('：')) {
                Some(k) => (k, v),
                None => match v.strip_prefix(':').or_else(|| v.strip_prefix('：')) {
                    Some(v) => (k, v),
                    None => return,
                },
            }
        } else {
            let Some((k, v)) = p.split_once(':').or_else(|| p.split_once('：')) else {
                return;
            };
            (k, v)
        };
        let key = key.trim();
        if key.is_empty()
            || key.chars().count() > 40
            || !key
                .chars()
                .all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-')
        {
            return;
        }
        let value = value.trim();
        if value.is_empty() {
            return;
        }
        if let Some(f @ (Field::Branch | Field::Next)) = vocab::classify(key) {
            out.push((f, value.to_string()));
        }
    };
    // Several fields on one line (`a: x · b: y`, `a: x | b: y`); the split only where a line
    // holds a separator's character.
    if l.contains(['·', '|']) {
        l.split(" · ")
            .flat_map(|p| p.split(" | "))
            .for_each(&mut read);
    } else {
        read(l);
    }
    out
}

/// A branch named in prose, outside code: the word `branch` followed (across a line break
/// too) by a code span (`…, branch \`chore/metrics\`.`).
fn inline_branch(text: &str, code: &[Range<usize>], older: &[Range<usize>]) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find("branch") {
        let at = from + i;
        from = at + 6;
        let word_start = at == 0 || !lower.as_bytes()[at - 1].is_ascii_alphanumeric();
        if !word_start || code.iter().chain(older).any(|r| r.contains(&at)) {
            continue;
        }
        let rest = text[from..].trim_start_matches([':', ' ', '\n', '\t']);
        if let Some(after) = rest.strip_prefix('`') {
            if let Some((name, _)) = after.split_once('`') {
                if !name.is_empty() && !name.contains(char::is_whitespace) {
                    return Some(name.to_string());
                }
            }
        }
    }
    None
}

/// The branch named by a field's value: the first code span (`` `x` @ `sha` `` -> `x`), else
/// the first word, without emphasis and trailing punctuation.
fn branch_value(v: &str) -> Option<String> {
    let v = v.trim();
    let name = match v.find('`') {
        Some(i) => v[i + 1..].split('`').next().unwrap_or(""),
        None => v.split_whitespace().next().unwrap_or(""),
    };
    let name = name
        .trim_matches(|c| c == '*' || c == '_' || c == '"' || c == '\'')
        .trim_end_matches(['.', ',', ';', ')']);
    (!name.is_empty() && !is_none_marker(name) && !is_placeholder(name) && !is_unknown(name))
        .then(|| name.to_string())
}

/// Reads the H1 title and the header's `Last updated` / `Written by` lines. The H1 is this
/// template's `Checkpoint: <story> — <title>` when it opens with `Checkpoint` and what comes
/// before ` — ` is one word (a story id); any other H1 is the title as a whole (`Handoff —
/// 2026-04-24`, `Cofi Development Checkpoint — 2026-04-10`), never just what follows a dash.
/// Returns whether the title is only a guess that a Story section's ID replaces.
fn read_header(header: &str, headings: &[Heading], end: usize, doc: &mut Document) -> bool {
    let mut guess = false;
    if let Some(h) = headings
        .iter()
        .find(|h| h.range.start < end && h.level == HeadingLevel::H1)
    {
        let whole = h.name.trim();
        // ASCII case only: a character that lowercases to ASCII (KELVIN SIGN) must not shift
        // the slice off a character boundary.
        let ours = whole
            .get(.."checkpoint".len())
            .is_some_and(|p| p.eq_ignore_ascii_case("checkpoint"));
        let name = if ours {
            whole["checkpoint".len()..].trim_start_matches(':').trim()
        } else {
            whole
        };
        // The same values the Story section's fields refuse (see `checked`).
        let real = |v: &str| !v.is_empty() && !is_placeholder(v) && !is_unknown(v);
        // An unknown story is written as the marker, which itself contains " — ".
        if let Some(rest) = name.strip_prefix(super::UNKNOWN).filter(|_| ours) {
            let rest = rest.trim_start();
            let t = rest.strip_prefix("— ").or_else(|| rest.strip_prefix("- "));
            doc.title = t.map(str::trim).filter(|t| real(t)).map(String::from);
        } else {
            let split = name.split_once(" — ").or_else(|| name.split_once(" - "));
            match split {
                Some((s, t)) if ours && !s.trim().contains(char::is_whitespace) => {
                    if real(s.trim()) {
                        doc.story = Some(s.trim().to_string());
                    }
                    doc.title = Some(t.trim()).filter(|t| real(t)).map(String::from);
                }
                None if ours && !name.contains(char::is_whitespace) => {
                    if real(name) {
                        doc.story = Some(name.to_string());
                    }
                }
                _ => {
                    // A title of several words: the whole line, the template's word dropped.
                    let t = if ours && !name.is_empty() {
                        name
                    } else {
                        whole
                    };
                    if real(t) {
                        doc.title = Some(t.to_string());
                        guess = ours;
                    }
                }
            }
        }
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
    guess
}

/// One section's content, split into field lines, top-level list items and loose paragraphs.
#[derive(Default)]
struct Section {
    fields: Vec<(String, String)>,
    items: Vec<Task>,
    loose: Vec<String>,
    /// Body rows of the section's tables, each as one item (cells joined by ` | `).
    rows: Vec<Task>,
    /// The sub-heading the body opens with, if it opens with one (`### Immediate Next
    /// Component: Toast`).
    first_heading: Option<String>,
    /// The first command of the body's first fenced code block (not a `#` comment line).
    first_command: Option<String>,
    /// The body's sub-headings when every one is marked done (`### ✅ Button Component`),
    /// their marks taken off: each is then one finished task, its list its details.
    done_headings: Vec<String>,
}

/// The sub-headings (levels 1-5) of `body` when there is at least one and every one starts
/// with a done mark (✅, ✔, ☑, `[x]`), marks taken off; empty otherwise. A `#` line in a code block counts
/// as an unmarked heading, which only ever turns this off.
fn done_headings(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in body.lines() {
        let t = line.trim_start();
        let hashes = t.len() - t.trim_start_matches('#').len();
        // Level 6 is a label line (`**Button Features:**`, [`label_headings`]): details.
        if hashes == 0 || hashes >= 6 || !t[hashes..].starts_with(' ') {
            continue;
        }
        let name = t[hashes..].trim().trim_end_matches('#').trim();
        let rest = ["✅", "✔️", "✔", "☑️", "☑", "[x]", "[X]"]
            .iter()
            .find_map(|m| name.strip_prefix(m));
        match rest.map(str::trim) {
            Some(text) if !text.is_empty() => out.push(text.to_string()),
            _ => return Vec::new(),
        }
    }
    out
}

impl Section {
    /// Reads the section whose body is `text[body]`; `code` holds the code blocks of all of
    /// `text` (from [`outline`]): a section starts at a heading, which closes every open block,
    /// so its code blocks are those the whole document has within its range.
    fn read(text: &str, body: Range<usize>, code: &[Range<usize>], section: usize) -> Section {
        let mut out = Section::default();
        let mut offset = body.start;
        let body = &text[body];
        let mut fence: Option<&str> = None;
        for l in body.lines() {
            let t = l.trim();
            match fence {
                None => {
                    if t.starts_with("```") || t.starts_with("~~~") {
                        fence = Some(&t[..3]);
                    }
                }
                Some(f) if t.starts_with(f) => break,
                Some(_) => {
                    if !t.is_empty() && !t.starts_with('#') {
                        out.first_command = Some(t.to_string());
                        break;
                    }
                }
            }
        }
        let opening = body.trim_start_matches(['\n', ' ']);
        if opening.starts_with('#') && !opening.starts_with("######") {
            let line = opening.lines().next().unwrap_or("");
            let name = line
                .trim_start_matches('#')
                .trim()
                .trim_end_matches('#')
                .trim();
            if line.trim_start_matches('#').starts_with(' ') && !name.is_empty() {
                out.first_heading = Some(name.to_string());
            }
        }
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

        out.done_headings = done_headings(&rest);
        (out.items, out.loose) = super::sections::items_and_paragraphs(&rest);
        out.rows = super::sections::table_rows(&rest)
            .into_iter()
            .map(|text| Task { text, done: false })
            .collect();
        out
    }

    fn is_empty(&self) -> bool {
        self.fields.is_empty()
            && self.items.is_empty()
            && self.loose.is_empty()
            && self.rows.is_empty()
            && self.first_command.is_none()
            && self.first_heading.is_none()
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

/// Whether a list item is struck through as a whole (`~~done~~`): done, as a person reads it.
fn struck(text: &str) -> bool {
    let t = text.lines().next().unwrap_or("").trim();
    t.len() > 4 && t.starts_with("~~") && t.ends_with("~~")
}

/// Whether an item says there is nothing (`Nothing - clean stopping point`, `None — all
/// committed`).
fn says_nothing(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("").trim();
    let lower = first.to_lowercase();
    ["none", "nothing", "n/a", "없음", "なし", "無し", "无"]
        .iter()
        .any(|w| {
            lower == *w
                || [" -", " —", " –", " (", ",", ".", " ("]
                    .iter()
                    .any(|sep| lower.starts_with(&format!("{w}{sep}")))
        })
}

/// The names of the template's own sections, whose loose text is a gap rather than an item.
const OWN_NAMES: [&str; 5] = [
    "tasks done",
    "remaining todos",
    "key decisions",
    "story",
    "branch",
];

fn apply(
    field: Field,
    name: &str,
    s: Section,
    doc: &mut Document,
    gaps: &mut Vec<Gap>,
    title_guess: bool,
) {
    let k = index_of(field);
    let own = OWN_NAMES.contains(&name);
    let gap_name = SECTIONS.get(k).copied().unwrap_or("");
    let loose_first = s
        .loose
        .first()
        .and_then(|p| p.lines().next())
        .map(str::to_string);
    match field {
        Field::Story => {
            let id = s
                .field(&["id", "story"])
                .map(str::to_string)
                .or(loose_first);
            match checked(id.as_deref(), Place::in_section("Story", "ID"), gaps) {
                Some(id) => {
                    if title_guess && doc.title.as_deref() == Some(id.as_str()) {
                        doc.title = None;
                    }
                    doc.story = Some(id);
                }
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
        Field::Branch => {
            if doc.branch.is_some() {
                return;
            }
            let branch = s.field(&["branch"]).map(str::to_string).or(loose_first);
            doc.branch = checked(
                branch.as_deref(),
                Place::in_section("Branch", "branch name"),
                gaps,
            );
            if branch.is_none() {
                // A `- 브랜치: \`x\`` item names it in the section's own words.
                let named = s.items.iter().find_map(|t| {
                    label_values(t.text.lines().next().unwrap_or(""))
                        .into_iter()
                        .find(|(f, _)| *f == Field::Branch)
                        .and_then(|(_, v)| branch_value(&v))
                });
                match named {
                    Some(b) => doc.branch = Some(b),
                    None => gaps.push(Gap::no_value("Branch", "branch name")),
                }
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
        Field::Done if !own && !s.done_headings.is_empty() => {
            // `### ✅ Button Component` sub-sections: a person counts the components, not the
            // bullets describing each (seen in a team working-context.md).
            doc.tasks_done.extend(
                s.done_headings
                    .into_iter()
                    .map(|text| Task { text, done: true }),
            );
        }
        Field::Done => {
            let rows = if own {
                s.items
            } else {
                let mut all = s.rows.clone();
                all.extend(s.items);
                all
            };
            doc.tasks_done.extend(
                real_items(rows, gap_name, gaps)
                    .into_iter()
                    .map(|t| Task { done: true, ..t }),
            );
            if own || !s.rows.is_empty() {
                loose_text(&s.loose, gap_name, gaps);
            } else {
                for p in s.loose.iter().filter(|p| !is_none_marker(p)) {
                    doc.tasks_done.push(Task {
                        text: p.clone(),
                        done: true,
                    });
                }
            }
        }
        Field::Decisions => {
            let items = if s.items.is_empty() && !own {
                s.rows.clone()
            } else {
                s.items
            };
            doc.decisions.extend(
                real_items(items, gap_name, gaps)
                    .into_iter()
                    .map(|t| t.text),
            );
            for p in s.loose.iter().filter(|p| !is_none_marker(p)) {
                if is_unknown(p) || is_placeholder(p) {
                    gaps.push(Gap::placeholder_text(gap_name, p));
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
        Field::Blocked | Field::Context => {
            let mut texts: Vec<String> = s.items.into_iter().map(|t| t.text).collect();
            texts.extend(s.loose);
            texts.retain(|t| !t.trim().is_empty() && !is_none_marker(t) && !says_nothing(t));
            if field == Field::Blocked {
                doc.open_questions.extend(texts);
            } else {
                doc.context.extend(texts);
            }
        }
        Field::Remaining | Field::NotStarted | Field::Next => {
            let field_value = s.field(&["next immediate action", "next action", "next"]);
            if field_value.is_some() {
                // The section's own field line wins, and reports what it holds.
                doc.next_action = checked(
                    field_value,
                    Place::in_section("Remaining Todos", "Next immediate action"),
                    gaps,
                );
            }
            let mut items = real_items(s.items, gap_name, gaps);
            if !own {
                items.retain(|t| !says_nothing(&t.text));
            }
            if field == Field::Next && doc.next_action.is_none() {
                doc.next_action = s.first_heading.clone().or_else(|| {
                    items
                        .iter()
                        .find(|t| !t.done && !struck(&t.text))
                        .map(|t| t.text.lines().next().unwrap_or("").to_string())
                        .or_else(|| s.first_command.clone())
                        .or_else(|| {
                            s.loose
                                .iter()
                                .find(|p| !is_none_marker(p))
                                .map(|p| super::sections::one_line(p))
                        })
                });
            }
            for t in items {
                if (t.done || struck(&t.text)) && field != Field::NotStarted {
                    doc.tasks_done.push(Task { done: true, ..t });
                } else {
                    doc.tasks_remaining.push(Task { done: false, ..t });
                }
            }
            if own {
                loose_text(&s.loose, gap_name, gaps);
            } else if field != Field::Next {
                for p in s
                    .loose
                    .iter()
                    .filter(|p| !is_none_marker(p) && !says_nothing(p))
                {
                    doc.tasks_remaining.push(Task {
                        text: p.clone(),
                        done: false,
                    });
                }
            }
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
    fn not_started_under_current_state_is_remaining_and_blockers_are_not_decisions() {
        let doc = "# Handoff: x\n\n**Branch:** feat-1\n\n## Current State\n\n### Done\n- a\n\n### Not Started\n- b\n- c\n\n## Decisions Made\n- d\n\n### Blockers\n- e\n\n## Next Steps\n1. f\n";
        let p = parse(doc.as_bytes());
        assert_eq!(p.doc.tasks_done.len(), 1);
        assert_eq!(p.doc.tasks_remaining.len(), 3);
        assert_eq!(p.doc.decisions, vec!["d"]);
        assert_eq!(p.doc.open_questions, vec!["e"]);
        assert_eq!(p.doc.next_action.as_deref(), Some("f"));
        assert_eq!(p.doc.branch.as_deref(), Some("feat-1"));
        assert_eq!(p.doc.title.as_deref(), Some("Handoff: x"));
        // Current State holds only known sub-sections: nothing of it is ignored.
        assert!(p.ignored_sections.is_empty(), "{:?}", p.ignored_sections);
    }

    #[test]
    fn a_qualified_heading_is_never_both_missing_and_ignored() {
        let doc = "## Story\nauth\n## Branch\nmain\n## Tasks Done (chronological)\n- a\n## 🔑 KEY DECISIONS MADE\n- b\n## Remaining Work / Next Steps\n- c\n";
        let p = parse(doc.as_bytes());
        assert_eq!(p.gap_sentences(), Vec::<String>::new());
        assert!(p.ignored_sections.is_empty());
        assert_eq!(p.doc.tasks_done.len(), 1);
        assert_eq!(p.doc.decisions.len(), 1);
    }

    #[test]
    fn titles_are_never_just_the_text_after_a_dash() {
        for (h1, title) in [
            (
                "# Cofi Development Checkpoint — 2026-04-10",
                "Cofi Development Checkpoint — 2026-04-10",
            ),
            (
                "# CHECKPOINT: Board Fix - Bug Resolved",
                "Board Fix - Bug Resolved",
            ),
            (
                "# Checkpoint: #964 plan-writing (2026-07-12)",
                "#964 plan-writing (2026-07-12)",
            ),
            ("# Handoff — 2026-04-24", "Handoff — 2026-04-24"),
        ] {
            let p = parse(format!("{h1}\n\n## Next\n- x\n").as_bytes());
            assert_eq!(p.doc.title.as_deref(), Some(title), "{h1}");
        }
        let p = parse(b"# Checkpoint: auth \xE2\x80\x94 Rate limits\n");
        assert_eq!(p.doc.story.as_deref(), Some("auth"));
        assert_eq!(p.doc.title.as_deref(), Some("Rate limits"));
    }

    #[test]
    fn garbage_never_panics() {
        for s in [
            "# chec\u{212A}point: x — y\n",
            "# \u{212A}\n## Done\n- a\n",
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
