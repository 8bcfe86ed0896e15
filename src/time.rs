//! Time as every document writes it: RFC 3339 (`2026-03-01T10:00:00+01:00`). A leaf.

/// Formats `secs` (seconds since the Unix epoch) with UTC offset `offset` (seconds east) as
/// RFC 3339 (`2026-03-01T10:00:00+01:00`), the time format of every document. An offset
/// out of range is taken as UTC; a time out of range gives the empty string.
pub fn rfc3339(secs: i64, offset: i32) -> String {
    let tz = chrono::FixedOffset::east_opt(offset)
        .unwrap_or_else(|| chrono::FixedOffset::east_opt(0).expect("zero offset is valid"));
    chrono::DateTime::from_timestamp(secs, 0)
        .map(|t| t.with_timezone(&tz).to_rfc3339())
        .unwrap_or_default()
}
