//! Counts and ages for people, as git writes them: `1 commit`, `3 files`, `5 minutes ago`.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative() {
        assert_eq!(relative_time(0, 30), "30 seconds ago");
        assert_eq!(relative_time(0, 3600 * 3), "3 hours ago");
        assert_eq!(relative_time(0, 86_400 * 3), "3 days ago");
    }
}
