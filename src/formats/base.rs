//! What every format module shares and none owns: the save context a format fills a document
//! from, the seeds' timestamps, and the parse frame of the non-`pair` parsers. A leaf of
//! `formats`: the format modules build on it, and the dispatch in [`super`] on them.

use crate::gitstate::GitState;
use crate::model::sections::decode;
use crate::model::{Confidence, Document, Parsed};

/// What a save knows about the revision it is writing, for [`super::Format::fill_for_save`].
#[derive(Debug, Clone)]
pub struct Saving<'a> {
    /// When the revision is written, in the local time zone.
    pub now: chrono::DateTime<chrono::Local>,
    /// The code state the save gathered (branch, changed files...).
    pub state: &'a GitState,
    /// This revision's journal entry: one-line subject (the commit subject)...
    pub subject: String,
    /// ...and its markdown body (may be empty).
    pub body: String,
}

/// `YYYY-MM-DD HH:MM` in the local time zone: seed 000's and seed 003's "Last updated".
pub(super) fn minute_stamp(now: &chrono::DateTime<chrono::Local>) -> String {
    now.format("%Y-%m-%d %H:%M").to_string()
}

/// RFC 3339 to the second with the local offset: seed 001's and seed 004's timestamps.
pub(super) fn local_rfc3339(now: &chrono::DateTime<chrono::Local>) -> String {
    now.to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// The shared frame of the non-`pair` parsers: decodes `input`, lets `read` fill the
/// document, gaps and ignored sections from the text, and lowers confidence on any gap.
pub(super) fn parse_with(input: &[u8], read: impl FnOnce(&str, &mut Parsed)) -> Parsed {
    let mut gaps = Vec::new();
    let text = decode(input, &mut gaps);
    let mut p = Parsed {
        doc: Document::default(),
        confidence: Confidence::High,
        gaps,
        ignored_sections: Vec::new(),
        warnings: Vec::new(),
        left_out: Vec::new(),
        text: String::new(),
    };
    read(&text, &mut p);
    p.text = text;
    if !p.gaps.is_empty() {
        p.confidence = Confidence::NeedsConfirmation;
    }
    p
}

/// Parses a timestamp as the seeds and people write them: RFC 3339 (`Z`, `+08:00`), an offset
/// without a colon (`2026-06-02T14:45:56+0800`, as 15 of 27 real gstack files write it; ISO
/// 8601 basic offset), `YYYY-MM-DD HH:MM[:SS]` and `YYYY-MM-DDTHH:MM[:SS]` with or without an
/// offset, or a leading `YYYY-MM-DD` date (midnight). A time without an offset is local time,
/// as the seeds' `date` writes it ([`lacks_offset`] tells, so callers can say so). Returns
/// (seconds since the Unix epoch, UTC offset in seconds east), or `None` when `s` is none of
/// these.
pub fn parse_time(s: &str) -> Option<(i64, i32)> {
    let s = s.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Some((t.timestamp(), t.offset().local_minus_utc()));
    }
    for f in [
        "%Y-%m-%dT%H:%M:%S%.f%z",
        "%Y-%m-%dT%H:%M:%S%z",
        "%Y-%m-%d %H:%M:%S%z",
        "%Y-%m-%d %H:%M:%S %z",
        "%Y-%m-%dT%H:%M%z",
        "%Y-%m-%d %H:%M%z",
        "%Y-%m-%d %H:%M %z",
    ] {
        if let Ok(t) = chrono::DateTime::parse_from_str(s, f) {
            return Some((t.timestamp(), t.offset().local_minus_utc()));
        }
    }
    let naive = [
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
    ]
    .iter()
    .find_map(|f| chrono::NaiveDateTime::parse_from_str(s, f).ok())
    .or_else(|| {
        let d = chrono::NaiveDate::parse_from_str(s.get(..10)?, "%Y-%m-%d").ok()?;
        d.and_hms_opt(0, 0, 0)
    })?;
    use chrono::TimeZone;
    let local = chrono::Local.from_local_datetime(&naive).earliest()?;
    Some((local.timestamp(), local.offset().local_minus_utc()))
}

/// Whether `s` is a time [`parse_time`] reads without an offset (so as local time).
pub fn lacks_offset(s: &str) -> bool {
    let s = s.trim();
    parse_time(s).is_some()
        && chrono::DateTime::parse_from_rfc3339(s).is_err()
        && !s
            .get(10..)
            .is_some_and(|t| t.ends_with('Z') || t.contains('+') || t.rfind('-').is_some())
}

/// `text` lowercased, each run of characters `keep` rejects written as one `-`, with no `-` at
/// either end (`"Bill Export (v2)"` → `bill-export-v2`): a story id or file-name part made
/// from a title or a person's name.
pub(crate) fn slug(text: &str, keep: impl Fn(char) -> bool) -> String {
    let mapped: String = text
        .to_lowercase()
        .chars()
        .map(|c| if keep(c) { c } else { '-' })
        .collect();
    mapped
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}
