//! The commit message of a checkpoint: subject, journal body and the `Checkpoint-*` trailer
//! block (`docs/FORMAT.md`), composed on write and split on read; and git's size suffixes.

use super::{NewRevision, FORMAT_VERSION};

/// Trailer keys in the order they are written.
pub(crate) fn compose_message(new: &NewRevision) -> String {
    // git refuses NUL in a commit message (fsck: nulInCommit): it becomes U+FFFD, as
    // undecodable input does.
    let clean = |s: &str| {
        s.replace(['\n', '\r'], " ")
            .replace('\0', "\u{FFFD}")
            .trim()
            .to_string()
    };
    let m = &new.meta;
    let mut msg = clean(&new.subject);
    msg.push_str("\n\n");
    let body = new.body.replace('\0', "\u{FFFD}");
    let body = body.trim();
    if !body.is_empty() {
        msg.push_str(body);
        msg.push_str("\n\n");
    }
    let mut trailer = |k: &str, v: &str| {
        msg.push_str(&format!("Checkpoint-{k}: {}\n", clean(v)));
    };
    trailer("Story", &m.story);
    if let Some(shown) = m.story_display.as_deref().filter(|d| *d != m.story) {
        trailer("Story-Display", shown);
    }
    trailer("Title", m.title.as_deref().unwrap_or(""));
    trailer("Branch", m.branch.as_deref().unwrap_or(""));
    // The code state `list`'s landed check needs, so that it reads no blob (meta.json).
    if let Some(h) = &m.head {
        trailer("Head", h);
    }
    if let Some(b) = &m.merge_base {
        trailer("Merge-Base", b);
    }
    trailer("Tasks", &format!("{}/{}", m.tasks_done, m.tasks_total));
    if !m.left_out.is_empty() {
        trailer("Left-Out", &m.left_out.join("; "));
    }
    trailer("Status", m.status.as_str());
    trailer("Revision", &m.revision.to_string());
    trailer("Template", &m.template);
    trailer("Format", &FORMAT_VERSION.to_string());
    if let Some(h) = &m.hook {
        trailer("Hook", h);
    }
    for a in &new.accepted {
        msg.push_str(&format!(
            "{}: {}\n",
            crate::secrets::ACCEPTED_TRAILER,
            clean(&a.trailer_value())
        ));
    }
    msg
}

/// Splits a commit message into subject, body and the trailing `Key: value` block.
pub(crate) fn split_message(message: &str) -> (&str, &str, Vec<(&str, &str)>) {
    let message = message.trim_end();
    let (subject, rest) = message.split_once('\n').unwrap_or((message, ""));
    let rest = rest.trim_matches('\n');
    // memchr's searches: `str::rfind` and `split_once` with a `&str` pattern set up a two-way
    // searcher on every call, which was a tenth of `list`'s own work at 10,000 stories.
    let (body, last) = match memchr::memmem::rfind(rest.as_bytes(), b"\n\n") {
        Some(i) => (&rest[..i], &rest[i + 2..]),
        None => ("", rest),
    };
    let mut trailers = Vec::with_capacity(8);
    for line in lines(last) {
        match split_key_value(line) {
            Some((k, v)) if !k.contains(' ') => trailers.push((k.trim(), v.trim())),
            // Not a trailer block: the last paragraph is part of the body.
            _ => return (subject, rest.trim(), Vec::new()),
        }
    }
    if trailers.is_empty() {
        return (subject, rest.trim(), Vec::new());
    }
    (subject, body.trim(), trailers)
}

/// `text.lines()` by [`memchr`]: the text between line feeds, a carriage return before one
/// dropped, no empty last line after a final line feed. (`str::lines` sets up a char searcher
/// per line, a tenth of reading a commit's trailers.)
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut start = 0;
    let unterminated = !text.is_empty() && !text.ends_with('\n');
    memchr::memchr_iter(b'\n', bytes)
        .map(Some)
        .chain(unterminated.then_some(None))
        .map(move |feed| match feed {
            Some(i) => {
                let line = &text[start..i];
                start = i + 1;
                line.strip_suffix('\r').unwrap_or(line)
            }
            None => &text[start..],
        })
}

/// `line.split_once(": ")`, by [`memchr`]: the text before the first `": "` and after it.
fn split_key_value(line: &str) -> Option<(&str, &str)> {
    let bytes = line.as_bytes();
    memchr::memchr_iter(b':', bytes)
        .find(|&i| bytes.get(i + 1) == Some(&b' '))
        .map(|i| (&line[..i], &line[i + 2..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Meta, Status};

    proptest::proptest! {
        /// The memchr split finds what `str::split_once(": ")` finds, on any text.
        #[test]
        fn key_value_split_is_split_once(line in "[a-zé: \\-]{0,12}") {
            proptest::prop_assert_eq!(split_key_value(&line), line.split_once(": "));
        }

        /// The memchr lines are `str::lines`, on any text.
        #[test]
        fn lines_are_str_lines(text in "[a\r\né:]{0,16}") {
            proptest::prop_assert_eq!(lines(&text).collect::<Vec<_>>(), text.lines().collect::<Vec<_>>());
        }
    }

    #[test]
    fn message_round_trip() {
        let new = NewRevision {
            document: String::new(),
            meta: Meta {
                story: "313".into(),
                title: Some("A\ntitle".into()),
                tasks_done: 2,
                tasks_total: 3,
                status: Status::Active,
                revision: 4,
                template: "pair".into(),
                ..Meta::default()
            },
            subject: "did things".into(),
            body: "line one\n\nline two".into(),
            accepted: vec![crate::secrets::Accepted {
                fingerprint: "0123456789ab".into(),
                kind: "GitHub personal access token".into(),
            }],
        };
        let msg = compose_message(&new);
        let (subject, body, trailers) = split_message(&msg);
        assert_eq!(subject, "did things");
        assert_eq!(body, "line one\n\nline two");
        assert!(trailers.contains(&("Checkpoint-Title", "A title")));
        assert!(trailers.contains(&("Checkpoint-Tasks", "2/3")));
        assert_eq!(
            trailers.last(),
            Some(&(
                "Checkpoint-Accepted-Secret",
                "0123456789ab GitHub personal access token"
            ))
        );
        assert!(!msg.contains("Checkpoint-Story-Display"), "{msg}");
        let shown = NewRevision {
            meta: Meta {
                story: "abc-12".into(),
                story_display: Some("ABC-12".into()),
                ..new.meta.clone()
            },
            ..new
        };
        let msg = compose_message(&shown);
        let (_, _, trailers) = split_message(&msg);
        assert_eq!(
            &trailers[..2],
            &[
                ("Checkpoint-Story", "abc-12"),
                ("Checkpoint-Story-Display", "ABC-12")
            ]
        );
    }

    #[test]
    fn messages_never_hold_nul() {
        let new = NewRevision {
            document: String::new(),
            meta: Meta {
                story: "s".into(),
                title: Some("a\0b".into()),
                ..Meta::default()
            },
            subject: "x\0y".into(),
            body: "p\0q".into(),
            accepted: Vec::new(),
        };
        let msg = compose_message(&new);
        assert!(!msg.contains('\0'), "{msg:?}");
        assert!(msg.contains("a\u{FFFD}b") && msg.starts_with("x\u{FFFD}y"));
    }
}
