//! Building blocks shared by the non-`pair` templates: decoding input, splitting a document
//! into front matter and headed blocks, and reading list items, `Key: value` fields and
//! paragraphs out of one block. Block structure comes from pulldown-cmark (CommonMark 0.31), so
//! headings and list markers inside fenced code never count.

use super::gap::{Gap, Place};
use super::text::{
    code_ranges, decode_utf8, field_line, headings, is_none_marker, is_placeholder, is_unknown,
    item_text, InCode,
};
use super::Task;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// Decodes input bytes like [`super::parse`] does: BOM dropped, CRLF/CR to LF, invalid UTF-8
/// replaced (and reported as a gap).
pub(crate) fn decode(input: &[u8], gaps: &mut Vec<Gap>) -> String {
    // Every leading BOM: an editor that adds one to a file that had one leaves two.
    let mut input = input;
    while let Some(rest) = input.strip_prefix(b"\xEF\xBB\xBF") {
        input = rest;
    }
    let decoded = decode_utf8(input);
    if decoded.contains('\u{FFFD}') {
        gaps.push(Gap::invalid_utf8());
    }
    if decoded.contains('\r') {
        decoded.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        decoded
    }
}

/// One headed block: the heading and the text up to the next heading of any level.
#[derive(Debug, Clone)]
pub(crate) struct Block {
    /// 1 for `#`, 2 for `##`...
    pub level: u8,
    /// Heading text as written (inline markup removed).
    pub name: String,
    /// 1-based line of the heading.
    pub line: usize,
    /// The body, trimmed of surrounding blank lines.
    pub body: String,
}

/// A document split into its parts.
#[derive(Debug, Clone, Default)]
pub(crate) struct Split {
    /// YAML front matter between leading `---` lines, without the fences.
    pub front_matter: Option<String>,
    /// Text before the first heading (after front matter).
    pub preamble: String,
    /// Every top-level heading with its body, in order.
    pub blocks: Vec<Block>,
}

/// YAML front matter at the very start of `text` (LF line endings, as [`decode`] leaves them):
/// a first line `---`, then every line up to the next line that is `---` (trailing white space
/// allowed), as Jekyll, Hugo and pandoc read it. Returns the lines between the fences
/// (verbatim, each with its LF) and the byte offset just after the closing fence's line, or
/// `None` when `text` does not open with `---` or the fence is never closed (then the `---` is
/// CommonMark's, a thematic break or a setext underline).
pub(crate) fn front_matter(text: &str) -> Option<(&str, usize)> {
    let after = text.strip_prefix("---\n")?;
    let mut pos = 0;
    for l in after.split_inclusive('\n') {
        if l.trim_end() == "---" {
            return Some((&after[..pos], 4 + pos + l.len()));
        }
        pos += l.len();
    }
    None
}

/// Splits `text` into front matter, preamble and headed blocks.
pub(crate) fn split(text: &str) -> Split {
    let mut out = Split::default();
    let mut rest = text;
    let mut line_offset = 0;
    if let Some((inner, end)) = front_matter(text) {
        out.front_matter = Some(inner.to_string());
        rest = &text[end..];
        line_offset = text[..end].matches('\n').count();
    }
    let hs = headings(rest);
    let first = hs.first().map_or(rest.len(), |h| h.range.start);
    out.preamble = rest[..first].trim().to_string();
    for (i, h) in hs.iter().enumerate() {
        let end = hs.get(i + 1).map_or(rest.len(), |n| n.range.start);
        let body = &rest[h.range.end.min(end)..end];
        out.blocks.push(Block {
            level: match h.level {
                HeadingLevel::H1 => 1,
                HeadingLevel::H2 => 2,
                HeadingLevel::H3 => 3,
                HeadingLevel::H4 => 4,
                HeadingLevel::H5 => 5,
                HeadingLevel::H6 => 6,
            },
            name: h.name.clone(),
            line: h.line + line_offset,
            body: body.trim_matches('\n').trim_end().to_string(),
        });
    }
    out
}

/// Normalises a heading for matching: numbering (`3.`, `3)`) and a trailing colon dropped,
/// lowercased, whitespace collapsed.
pub(crate) fn norm(name: &str) -> String {
    let n = name.trim_start_matches(|c: char| c.is_ascii_digit());
    let n = if n.len() < name.len() {
        n.trim_start_matches(['.', ')'])
    } else {
        n
    };
    let n = n.trim().trim_end_matches(':').trim().to_lowercase();
    n.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Top-level list items of `body` (bullets or numbered), with checkbox state. Continuation
/// lines and nested lists stay in the item's text, dedented.
pub(crate) fn items(body: &str) -> Vec<Task> {
    items_and_paragraphs(body).0
}

/// Top-level paragraphs of `body` (not inside lists, quotes or code), trimmed.
pub(crate) fn paragraphs(body: &str) -> Vec<String> {
    items_and_paragraphs(body).1
}

/// [`items`] and [`paragraphs`] of `body` from one parser pass (the parser's block pass is most
/// of the cost of reading a section).
pub(crate) fn items_and_paragraphs(body: &str) -> (Vec<Task>, Vec<String>) {
    let mut items = Vec::new();
    let mut paragraphs = Vec::new();
    let mut lists = 0usize;
    let mut quotes = 0usize;
    let mut item: Option<(usize, bool)> = None;
    let mut para: Option<usize> = None;
    for (event, range) in Parser::new_ext(body, Options::ENABLE_TASKLISTS).into_offset_iter() {
        match event {
            Event::Start(Tag::List(_)) => lists += 1,
            Event::End(TagEnd::List(_)) => lists = lists.saturating_sub(1),
            Event::Start(Tag::BlockQuote(_)) => quotes += 1,
            Event::End(TagEnd::BlockQuote(_)) => quotes = quotes.saturating_sub(1),
            Event::Start(Tag::Item) if lists == 1 => item = Some((range.start, false)),
            Event::TaskListMarker(checked) if lists == 1 => {
                if let Some((_, c)) = item.as_mut() {
                    *c = checked;
                }
            }
            Event::End(TagEnd::Item) if lists == 1 => {
                if let Some((start, done)) = item.take() {
                    let text = item_text(&body[start..range.end]);
                    items.push(Task { text, done });
                }
            }
            Event::Start(Tag::Paragraph) if lists + quotes == 0 => para = Some(range.start),
            Event::End(TagEnd::Paragraph) if lists + quotes == 0 => {
                if let Some(start) = para.take() {
                    let p = body[start..range.end].trim();
                    if !p.is_empty() {
                        paragraphs.push(p.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    (items, paragraphs)
}

/// The body rows of every table of `body` (GFM tables), outside lists, each as its non-empty
/// cells joined by ` | `.
pub(crate) fn table_rows(body: &str) -> Vec<String> {
    if !body.contains('|') {
        return Vec::new();
    }
    let mut rows = Vec::new();
    let mut row: Option<Vec<String>> = None;
    let mut cell: Option<usize> = None;
    let mut head = false;
    for (event, range) in Parser::new_ext(body, Options::ENABLE_TABLES).into_offset_iter() {
        match event {
            Event::Start(Tag::TableHead) => head = true,
            Event::End(TagEnd::TableHead) => head = false,
            Event::Start(Tag::TableRow) if !head => row = Some(Vec::new()),
            Event::Start(Tag::TableCell) => cell = Some(range.start),
            Event::End(TagEnd::TableCell) => {
                if let (Some(r), Some(start)) = (row.as_mut(), cell.take()) {
                    let c = body[start..range.end].trim().trim_matches('|').trim();
                    if !c.is_empty() {
                        r.push(c.to_string());
                    }
                }
            }
            Event::End(TagEnd::TableRow) => {
                if let Some(r) = row.take() {
                    if !r.is_empty() {
                        rows.push(r.join(" | "));
                    }
                }
            }
            _ => {}
        }
    }
    rows
}

/// Removes the lines of `body` that are fields with one of `keys` (lowercase), outside code
/// blocks. Returns the fields found and the rest of the body.
pub(crate) fn take_fields(body: &str, keys: &[&str]) -> (Vec<(String, String)>, String) {
    let code = code_ranges(body);
    let mut found = Vec::new();
    let mut rest = String::with_capacity(body.len());
    let mut offset = 0;
    let mut in_code = InCode::new(&code);
    for line in body.split_inclusive('\n') {
        let in_code = in_code.at(offset);
        offset += line.len();
        if !in_code {
            if let Some((k, v)) = field_line(line.trim_end_matches('\n')) {
                if keys.contains(&k.as_str()) {
                    found.push((k, v));
                    rest.push('\n');
                    continue;
                }
            }
        }
        rest.push_str(line);
    }
    (found, rest)
}

/// A `- Key: value` list item, with its nested items (for `- Done when:` followed by a list).
#[derive(Debug, Clone, Default)]
pub(crate) struct FieldItem {
    /// The key as written (`Stopped at`).
    pub key: String,
    /// The value on the key's line (may be empty).
    pub value: String,
    /// Nested list items, if any.
    pub nested: Vec<Task>,
}

/// Reads every top-level list item of `body` shaped `Key: value`; other items are skipped.
pub(crate) fn field_items(body: &str) -> Vec<FieldItem> {
    let mut out = Vec::new();
    for it in items(body) {
        let (first, rest) = it.text.split_once('\n').unwrap_or((&it.text, ""));
        let Some((key, value)) = key_value(first) else {
            continue;
        };
        out.push(FieldItem {
            key,
            value,
            nested: items(rest),
        });
    }
    out
}

/// Splits `Key: value` (or `**Key:** value`) keeping the key as written.
pub(crate) fn key_value(line: &str) -> Option<(String, String)> {
    let l = line.trim();
    if let Some(rest) = l.strip_prefix("**") {
        let (k, v) = rest.split_once("**")?;
        let (k, v) = match k.strip_suffix(':') {
            Some(k) => (k, v),
            None => (k, v.strip_prefix(':')?),
        };
        return Some((k.trim().to_string(), strip_code(v)));
    }
    let (k, v) = l.split_once(':')?;
    if k.is_empty()
        || k.len() > 40
        || !k
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-')
        || !(v.is_empty() || v.starts_with(' '))
    {
        return None;
    }
    Some((k.trim().to_string(), v.trim().to_string()))
}

/// `s` trimmed, without the backticks of one code span around all of it (`` `main` `` ->
/// `main`); as it is when it holds more than one span.
pub(crate) fn strip_code(s: &str) -> String {
    let s = s.trim();
    s.strip_prefix('`')
        .and_then(|x| x.strip_suffix('`'))
        .filter(|x| !x.contains('`'))
        .unwrap_or(s)
        .trim()
        .to_string()
}

/// Whether `s` says "nothing here" (`None`, `none yet`, `n/a`, `-`).
pub(crate) fn is_none(s: &str) -> bool {
    is_none_marker(s)
}

/// Checks one value: unknown markers and unfilled placeholders become gaps and `None`.
pub(crate) fn value(v: Option<&str>, what: Place<'_>, gaps: &mut Vec<Gap>) -> Option<String> {
    let v = v?.trim();
    if v.is_empty() || is_none_marker(v) {
        return None;
    }
    if super::conflict::is_conflict(v) {
        // Both sides stay visible; the gap asks someone to take one.
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

/// Keeps real items: "none" markers dropped, unknown markers and placeholders become gaps.
pub(crate) fn real(items: Vec<Task>, what: Place<'_>, gaps: &mut Vec<Gap>) -> Vec<Task> {
    items
        .into_iter()
        .filter(|t| {
            let s = t.text.trim();
            if s.is_empty() || is_none_marker(s) {
                false
            } else if super::conflict::is_conflict(s) {
                gaps.push(Gap::conflict(what, s));
                true
            } else if is_unknown(s) {
                gaps.push(Gap::unknown_item(what));
                false
            } else if is_placeholder(s) {
                gaps.push(Gap::placeholder_item(what, s));
                false
            } else {
                true
            }
        })
        .collect()
}

/// List items of `body` if it has any, else its paragraphs as items; "None" yields nothing.
pub(crate) fn lines_or_items(body: &str, what: Place<'_>, gaps: &mut Vec<Gap>) -> Vec<String> {
    let (its, paragraphs) = items_and_paragraphs(body);
    let raw: Vec<Task> = if its.is_empty() {
        paragraphs
            .into_iter()
            .map(|p| Task {
                text: p,
                done: false,
            })
            .collect()
    } else {
        its
    };
    real(raw, what, gaps).into_iter().map(|t| t.text).collect()
}

/// Writes a list item; continuation lines are indented so they stay inside it.
pub(crate) fn push_item(out: &mut String, marker: &str, text: &str) {
    let mut lines = text.lines();
    out.push_str(marker);
    out.push_str(lines.next().unwrap_or(""));
    out.push('\n');
    let pad = " ".repeat(marker.chars().count().min(4));
    for l in lines {
        if !l.is_empty() {
            out.push_str(&pad);
            out.push_str(l);
        }
        out.push('\n');
    }
}

/// Renders plain items, or `None` when there are none.
pub(crate) fn push_list(out: &mut String, items: &[String]) {
    if items.is_empty() {
        out.push_str("None\n");
    }
    for i in items {
        push_item(out, "- ", i);
    }
}

/// Renders checklist items, or `None` when there are none.
pub(crate) fn push_checks(out: &mut String, items: &[Task]) {
    if items.is_empty() {
        out.push_str("None\n");
    }
    for t in items {
        push_item(out, if t.done { "- [x] " } else { "- [ ] " }, &t.text);
    }
}

/// One-line form of a value: newlines become spaces.
pub(crate) fn one_line(s: &str) -> String {
    s.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// [`one_line`] of `v`, or `default` (as given) when there is no value.
pub(crate) fn one_line_or(v: Option<&str>, default: &str) -> String {
    v.map_or_else(|| default.to_string(), one_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_reads_front_matter_and_blocks() {
        let s = split("---\na: 1\n---\n\nintro\n\n## One\nx\n\n```\n## not\n```\n### Two\n- y\n");
        assert_eq!(s.front_matter.as_deref(), Some("a: 1\n"));
        assert_eq!(s.preamble, "intro");
        assert_eq!(s.blocks.len(), 2);
        assert_eq!(s.blocks[0].name, "One");
        assert_eq!(s.blocks[0].line, 7);
        assert!(s.blocks[0].body.contains("## not"));
        assert_eq!(s.blocks[1].level, 3);
    }

    #[test]
    fn field_items_keep_nested_lists() {
        let f = field_items("- Stage: execute\n- Done when:\n  - tests pass\n  - docs\n- plain\n");
        assert_eq!(f.len(), 2);
        assert_eq!(f[0].key, "Stage");
        assert_eq!(f[0].value, "execute");
        assert_eq!(f[1].nested.len(), 2);
        assert_eq!(f[1].nested[1].text, "docs");
    }

    #[test]
    fn take_fields_skips_code_in_a_block_of_many_code_blocks() {
        // Each line was looked up in every code block: (lines x code blocks), 40,000 code
        // blocks took minutes in a debug build.
        let n = 40_000;
        let mut body = String::new();
        for i in 0..n {
            body.push_str(&format!(
                "- todo {i}\n\n  ```\n  Next action: no {i}\n  ```\n\n"
            ));
        }
        body.push_str("Next action: yes\n");
        let t = std::time::Instant::now();
        let (found, rest) = take_fields(&body, &["next action"]);
        assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
        assert_eq!(found, vec![("next action".to_string(), "yes".to_string())]);
        assert_eq!(rest.len(), body.len() - "Next action: yes".len());
        assert!(rest.contains(&format!("  Next action: no {}\n", n - 1)));
    }

    #[test]
    fn norm_drops_numbering() {
        assert_eq!(norm("3. Tasks  Done:"), "tasks done");
        assert_eq!(norm("Notes"), "notes");
    }
}
