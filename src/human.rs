//! Text for people, as git writes it: counts and ages (`1 commit`, `5 minutes ago`), and
//! content made safe to show on a terminal.

/// `n` and the noun, singular for one: `1 ref`, `2 refs` (`many` is written as `n`).
pub fn count(n: impl std::fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    if n == "1" {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Formats the time since `then` (seconds since the epoch) like git's relative dates:
/// `5 minutes ago`, `3 days ago`.
pub fn relative_time(then: i64, now: i64) -> String {
    let d = now.saturating_sub(then);
    if d < 0 {
        return "in the future".into();
    }
    let plural = |n: i64, unit: &str| {
        if n == 1 {
            format!("1 {unit} ago")
        } else {
            format!("{n} {unit}s ago")
        }
    };
    match d {
        0..=89 => plural(d, "second"),
        90..=5399 => plural((d + 30) / 60, "minute"),
        5400..=129_599 => plural((d + 1800) / 3600, "hour"),
        129_600..=1_209_599 => plural((d + 43_200) / 86_400, "day"),
        1_209_600..=5_183_999 => plural((d + 302_400) / 604_800, "week"),
        5_184_000..=31_535_999 => plural((d + 1_296_000) / 2_592_000, "month"),
        _ => plural(d / 31_536_000, "year"),
    }
}

/// Replaces C0 controls (except newline and tab), DEL and C1 controls with visible escapes
/// (`\x1b`, `\x7f`, `\u{9b}`), so content cannot drive the terminal (ECMA-48), and the
/// Unicode bidirectional controls (U+200E, U+200F, U+202A..U+202E, U+2066..U+2069; UAX #9),
/// so content cannot reorder what is shown ("Trojan Source", CVE-2021-42574).
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if (0x80..=0x9f).contains(&(c as u32))
                || matches!(c as u32, 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069) =>
            {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// `json` (a serialized JSON document) with DEL, the C1 controls and the bidirectional controls
/// of [`escape_controls`] written as JSON escapes (`\u007f`, `\u009b`, `\u202e`): the same
/// document (RFC 8259, section 7: any character may be escaped), which a terminal shows
/// instead of obeying. JSON escapes the C0 controls itself; these characters can only stand
/// inside strings, so no other text changes.
pub fn escape_json_controls(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        let u = c as u32;
        if u == 0x7f
            || (0x80..=0x9f).contains(&u)
            || matches!(u, 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069)
        {
            out.push_str(&format!("\\u{u:04x}"));
        } else {
            out.push(c);
        }
    }
    out
}

/// `s` cut to at most `n` characters (Unicode scalar values), the last one `…` when anything
/// was cut; `s` itself when it fits.
pub fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_string();
    }
    let mut out: String = s.chars().take(n.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped() {
        assert_eq!(escape_controls("a\x1b]0;t\x07b"), "a\\x1b]0;t\\x07b");
        assert_eq!(escape_controls("x\ry\u{9b}"), "x\\x0dy\\u{9b}");
        assert_eq!(escape_controls("ok\n\tok"), "ok\n\tok");
    }

    #[test]
    fn json_controls_are_escaped_as_json() {
        let doc = serde_json::json!({"t": "a\u{1b}[31m\u{9b}\u{7f}\u{202e}b"}).to_string();
        let shown = escape_json_controls(&doc);
        assert_eq!(shown, r#"{"t":"a\u001b[31m\u009b\u007f\u202eb"}"#);
        let back: serde_json::Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(back.to_string(), doc);
    }

    #[test]
    fn relative() {
        assert_eq!(relative_time(0, 30), "30 seconds ago");
        assert_eq!(relative_time(0, 3600 * 3), "3 hours ago");
        assert_eq!(relative_time(0, 86_400 * 3), "3 days ago");
    }
}
