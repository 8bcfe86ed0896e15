//! The text-level building blocks of every parser: decoding input, headings and code blocks
//! from one pulldown-cmark pass (CommonMark 0.31), `Key: value` field lines, list item text,
//! and the markers (placeholder, unknown, none) a template's fields may hold. A leaf of
//! `model`: [`super::parse`] and [`super::sections`] both build on it, neither on the other.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::ops::Range;

pub(super) struct Heading {
    pub(super) level: HeadingLevel,
    pub(super) name: String,
    pub(super) range: Range<usize>,
    pub(super) line: usize,
}

/// `input` as a `String`, invalid UTF-8 replaced by U+FFFD. Valid input (the usual case) takes
/// the validator's fast path rather than the lossy decoder's chunk by chunk walk.
pub(crate) fn decode_utf8(input: &[u8]) -> String {
    match std::str::from_utf8(input) {
        Ok(s) => s.to_owned(),
        Err(_) => String::from_utf8_lossy(input).into_owned(),
    }
}

/// Top-level headings (not inside block quotes or lists), with their 1-based line.
pub(super) fn headings(text: &str) -> Vec<Heading> {
    outline(text).0
}

/// [`headings`] and the byte range of every code block (fenced or indented, at any depth) of
/// `text`, from one parser pass.
pub(super) fn outline(text: &str) -> (Vec<Heading>, Vec<Range<usize>>) {
    let mut out = Vec::new();
    let mut code = Vec::new();
    let mut code_start = None;
    let mut depth = 0usize;
    let mut current: Option<(HeadingLevel, Range<usize>, String)> = None;
    // Line numbers are counted on from the previous heading, not from the start each time.
    let (mut counted, mut line) = (0, 1);
    for (event, range) in Parser::new_ext(text, Options::empty()).into_offset_iter() {
        match event {
            Event::Start(Tag::BlockQuote(_) | Tag::List(_)) => depth += 1,
            Event::End(TagEnd::BlockQuote(_) | TagEnd::List(_)) => depth = depth.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => code_start = Some(range.start),
            Event::End(TagEnd::CodeBlock) => {
                if let Some(s) = code_start.take() {
                    code.push(s..range.end);
                }
            }
            Event::Start(Tag::Heading { level, .. }) if depth == 0 => {
                current = Some((level, range, String::new()));
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, _, name)) = current.as_mut() {
                    name.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, range, name)) = current.take() {
                    line += text[counted..range.start].matches('\n').count();
                    counted = range.start;
                    out.push(Heading {
                        level,
                        name: name.trim().to_string(),
                        range,
                        line,
                    });
                }
            }
            _ => {}
        }
    }
    (out, code)
}

/// Whether offsets, asked in increasing order, are inside one of `code`'s ranges (sorted and
/// disjoint, as [`outline`] and [`code_ranges`] return code blocks, which never nest): a cursor
/// that only moves forward, so a walk over a section's lines costs (lines + code blocks), not
/// (lines x code blocks) as a scan of every range per line did.
pub(super) struct InCode<'a> {
    code: &'a [Range<usize>],
}

pub(super) fn code_ranges(body: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (event, range) in Parser::new_ext(body, Options::empty()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(_)) => start = Some(range.start),
            Event::End(TagEnd::CodeBlock) => {
                if let Some(s) = start.take() {
                    out.push(s..range.end);
                }
            }
            _ => {}
        }
    }
    out
}

/// Reads `**Key:** value`, `**Key**: value` or `Key: value` (optionally after a list marker).
/// Returns the key lowercased and the value with a wrapping code span removed.
pub(super) fn field_line(line: &str) -> Option<(String, String)> {
    let l = line.trim();
    let l = ["- ", "* ", "+ "]
        .iter()
        .find_map(|m| l.strip_prefix(m))
        .unwrap_or(l);
    let (key, value) = if let Some(rest) = l.strip_prefix("**") {
        let (key, value) = rest.split_once("**")?;
        let value = value.trim_start();
        match key.strip_suffix(':') {
            Some(k) => (k, value),
            None => (key, value.strip_prefix(':')?),
        }
    } else {
        let (key, value) = l.split_once(':')?;
        if key.is_empty()
            || key.len() > 30
            || !key.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
            || !value.starts_with(' ')
        {
            return None;
        }
        (key, value)
    };
    let key = key.trim().to_lowercase();
    let value = value.trim();
    let value = code_span_content(value).unwrap_or(value).trim();
    Some((key, value.to_string()))
}

/// The content of `v` when all of it is one code span (CommonMark 0.31, section 6.1): a fence
/// of n backticks, content with no run of exactly n backticks, the same fence; one space
/// stripped from each end when both ends have one and the content is not all spaces.
pub(super) fn code_span_content(v: &str) -> Option<&str> {
    let n = v.len() - v.trim_start_matches('`').len();
    if n == 0 {
        return None;
    }
    let inner = v[n..].strip_suffix(&v[..n])?;
    if inner.is_empty()
        || inner.ends_with('`')
        || inner.split(|c| c != '`').any(|run| run.len() == n)
    {
        return None;
    }
    if inner.len() >= 2
        && inner.starts_with(' ')
        && inner.ends_with(' ')
        && !inner.trim().is_empty()
    {
        Some(&inner[1..inner.len() - 1])
    } else {
        Some(inner)
    }
}

/// Strips the list marker and checkbox from an item's source and dedents continuation lines.
pub(super) fn item_text(src: &str) -> String {
    let mut lines = src.lines();
    let first = lines.next().unwrap_or("");
    let trimmed = first.trim_start();
    let lead = first.len() - trimmed.len();
    let marker_len = if trimmed.starts_with(['-', '*', '+']) {
        1
    } else {
        trimmed.chars().take_while(|c| c.is_ascii_digit()).count() + 1
    };
    let after = &trimmed[marker_len.min(trimmed.len())..];
    let content = after.trim_start();
    let indent = lead + marker_len + (after.len() - content.len());
    let content = ["[ ] ", "[x] ", "[X] "]
        .iter()
        .find_map(|c| content.strip_prefix(c))
        .unwrap_or(content);
    let mut out = content.trim_end().to_string();
    for l in lines {
        out.push('\n');
        let strip = l.len() - l.trim_start().len();
        out.push_str(l[strip.min(indent)..].trim_end());
    }
    out.trim_end().to_string()
}

pub(crate) fn is_placeholder(s: &str) -> bool {
    let s = s.trim();
    (s.starts_with('[') && s.ends_with(']') && !s[1..].contains('['))
        || (s.starts_with('<') && s.ends_with('>') && !s.contains(' '))
        || (s.starts_with('<') && s.ends_with('>') && s.len() < 40)
}

pub(super) fn is_unknown(s: &str) -> bool {
    const MARKER: &[u8] = b"[unknown";
    if !s.contains('[') {
        // No character lowercases to '[': without one there is no marker. Most text lands
        // here, and text with a dash or quote (not ASCII) would otherwise be lowercased.
        false
    } else if s.is_ascii() {
        // The common case, without the allocation of a lowercased copy.
        s.as_bytes()
            .windows(MARKER.len())
            .any(|w| w.eq_ignore_ascii_case(MARKER))
    } else {
        s.to_lowercase().contains("[unknown")
    }
}

pub(super) fn is_none_marker(s: &str) -> bool {
    let s = s
        .trim()
        .trim_matches(|c| c == '_' || c == '*' || c == '.')
        .to_lowercase();
    matches!(
        s.as_str(),
        "none" | "none yet" | "n/a" | "nothing yet" | "-"
    )
}

impl<'a> InCode<'a> {
    pub(super) fn new(code: &'a [Range<usize>]) -> Self {
        InCode { code }
    }

    /// Whether `offset` is in a code block; `offset` must not be less than the one before.
    pub(super) fn at(&mut self, offset: usize) -> bool {
        while self.code.first().is_some_and(|r| r.end <= offset) {
            self.code = &self.code[1..];
        }
        self.code.first().is_some_and(|r| r.contains(&offset))
    }
}
