//! Open merge conflicts as the document records them: the marker a merge writes when it cannot
//! take both sides of a value, how it is read back, and how a side is taken.
//!
//! A conflict is written where the value goes (a field's value, a checklist item's text), so
//! every template renders and parses it like any other value and a teammate who resumes the
//! document reads it (docs/FORMAT.md, "Merges"):
//!
//! ```text
//! [conflict — needs confirmation] ours (Bob, r3): `T1 — build form again` | theirs (Alice, r2): `T1 — form`
//! ```
//!
//! A checklist item keeps its task id in front (`T1 [conflict — …] …`), so it is still found by
//! id. Each side is named by the author of its revision and that revision's number, and holds
//! its text verbatim in a code span whose fence is longer than any backtick run of the text
//! (CommonMark 0.31, section 6.1), or `(none)` / `(removed)` when that side has no value.
//! Pure: no I/O.

/// Marks a value both sides of a merge changed; parsing reports it as a gap.
pub const CONFLICT: &str = "[conflict — needs confirmation]";

/// Who wrote one side of a merge: the author name of the side's tip and its revision number.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Author {
    /// The tip commit's author name (free text; see [`label`] for what the marker keeps).
    pub name: String,
    /// The tip's `Checkpoint-Revision` (0 when unknown).
    pub revision: u64,
}

/// The two sides of a merge, as their conflict markers name them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sides {
    /// The side of the clone that merges (the first parent).
    pub ours: Author,
    /// The side that was fetched (the second parent).
    pub theirs: Author,
}

/// One side of an open conflict, as read from its marker.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Side {
    /// The author name the marker records; null in a marker written before names were
    /// recorded (`ours: A | theirs: B`, as builds before 0.1.0 wrote it).
    pub author: Option<String>,
    /// The revision number the marker records; null as for `author`.
    pub revision: Option<u64>,
    /// The side's text, verbatim; null when that side has no value (`(none)`) or removed the
    /// item (`(removed)`).
    pub text: Option<String>,
}

/// An open conflict read from a value: both sides.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Conflict {
    /// The side of the clone that wrote the merge.
    pub ours: Side,
    /// The side it fetched.
    pub theirs: Side,
}

/// Which side to take when resolving ([`resolve`]); `ours`/`theirs` as the marker names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The side written first (`ours (…)`).
    Ours,
    /// The side written second (`theirs (…)`).
    Theirs,
}

/// The marker's name for an author: the name without the characters that delimit the marker
/// (`(`, `)`, `,`, `|`, `:`, backticks) or control characters, whitespace collapsed;
/// `unknown` when nothing is left.
pub fn label(name: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '(' | ')' | ',' | '|' | ':' | '`') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let words: Vec<&str> = kept.split_whitespace().collect();
    if words.is_empty() {
        "unknown".into()
    } else {
        words.join(" ")
    }
}

/// Wraps `s` in a code span that gives it back verbatim: a fence one longer than its longest
/// backtick run, padded by one space on each side when it starts or ends with a backtick or a
/// space (CommonMark 0.31, section 6.1, strips exactly that padding). Linear in `s`.
fn span(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = s.starts_with(['`', ' ']) || s.ends_with(['`', ' ']);
    if pad && !s.trim().is_empty() {
        format!("{fence} {s} {fence}")
    } else {
        format!("{fence}{s}{fence}")
    }
}

/// The conflict marker for a value both sides changed: `PREFIX[conflict — needs confirmation]
/// ours (NAME, rN): `A` | theirs (NAME, rM): `B``, a side without a value written as
/// `absent` (`(none)` for a field, `(removed)` for a checklist item). `prefix` is empty for a
/// field and `T1 ` for a checklist item with a task id. Linear in the texts.
pub fn marker(
    prefix: &str,
    sides: &Sides,
    ours: Option<&str>,
    theirs: Option<&str>,
    absent: &str,
) -> String {
    let value = |v: Option<&str>| v.map(span).unwrap_or_else(|| absent.to_string());
    format!(
        "{prefix}{CONFLICT} ours ({}, r{}): {} | theirs ({}, r{}): {}",
        label(&sides.ours.name),
        sides.ours.revision,
        value(ours),
        label(&sides.theirs.name),
        sides.theirs.revision,
        value(theirs)
    )
}

/// Reads `(NAME, rN): ` at the start of `s`; returns the name, the number and the rest.
fn read_label(s: &str) -> Option<(String, u64, &str)> {
    let s = s.strip_prefix('(')?;
    let close = s.find(')')?;
    let (name, rev) = s[..close].rsplit_once(", r")?;
    let revision = rev.parse().ok()?;
    let rest = s[close + 1..].strip_prefix(": ")?;
    Some((name.to_string(), revision, rest))
}

/// Reads one side's value at the start of `s` (a code span, `(none)` or `(removed)`); returns
/// the text (`None` for no value) and the rest.
fn read_value(s: &str) -> Option<(Option<String>, &str)> {
    for absent in ["(none)", "(removed)"] {
        if let Some(rest) = s.strip_prefix(absent) {
            return Some((None, rest));
        }
    }
    let n = s.len() - s.trim_start_matches('`').len();
    if n == 0 {
        return None;
    }
    let body = &s[n..];
    // The closing fence is the first run of exactly n backticks.
    let mut i = 0;
    let bytes = body.as_bytes();
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let run = bytes[i..].iter().take_while(|b| **b == b'`').count();
            if run == n {
                let inner = &body[..i];
                let inner = if inner.len() >= 2
                    && inner.starts_with(' ')
                    && inner.ends_with(' ')
                    && !inner.trim().is_empty()
                {
                    &inner[1..inner.len() - 1]
                } else {
                    inner
                };
                return Some((Some(inner.to_string()), &body[i + n..]));
            }
            i += run;
        } else {
            i += 1;
        }
    }
    None
}

/// The open conflict `value` records, if it holds a conflict marker: both sides with their
/// authors and texts. The older marker (`[conflict — needs confirmation] ours: A | theirs: B`,
/// no authors, texts unquoted, written by builds before 0.1.0) is read by splitting at the
/// first ` | theirs: `.
/// `None` when `value` holds no marker, or one this reader cannot take apart (then it is
/// still an open conflict, see [`is_conflict`], only without its sides).
pub fn read(value: &str) -> Option<Conflict> {
    let (_, after) = split(value)?;
    if let Some(old) = after.strip_prefix(" ours: ") {
        let (o, t) = old.split_once(" | theirs: ")?;
        let side = |v: &str| Side {
            author: None,
            revision: None,
            text: (v.trim() != "(none)").then(|| v.trim().to_string()),
        };
        return Some(Conflict {
            ours: side(o),
            theirs: side(t),
        });
    }
    let (on, orev, rest) = read_label(after.strip_prefix(" ours ")?)?;
    let (otext, rest) = read_value(rest)?;
    let (tn, trev, rest) = read_label(rest.strip_prefix(" | theirs ")?)?;
    let (ttext, rest) = read_value(rest)?;
    if !rest.trim().is_empty() {
        return None;
    }
    Some(Conflict {
        ours: Side {
            author: Some(on),
            revision: Some(orev),
            text: otext,
        },
        theirs: Side {
            author: Some(tn),
            revision: Some(trev),
            text: ttext,
        },
    })
}

/// The text before the marker and the text after it.
fn split(value: &str) -> Option<(&str, &str)> {
    let at = value.find(CONFLICT)?;
    Some((&value[..at], &value[at + CONFLICT.len()..]))
}

/// Whether `value` holds a conflict marker (an open conflict).
pub fn is_conflict(value: &str) -> bool {
    value.contains(CONFLICT)
}

/// What taking `pick` makes of `value`: `None` when `value` is no conflict this reader can take
/// apart (left as it is), `Some(None)` when the side taken has no value (the field is cleared,
/// the item removed), else `Some(Some(text))`.
pub fn resolve(value: &str, pick: Pick) -> Option<Option<String>> {
    let c = read(value)?;
    Some(match pick {
        Pick::Ours => c.ours.text,
        Pick::Theirs => c.theirs.text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sides() -> Sides {
        Sides {
            ours: Author {
                name: "Bob (laptop), Jr.".into(),
                revision: 3,
            },
            theirs: Author {
                name: "Alice".into(),
                revision: 2,
            },
        }
    }

    #[test]
    fn markers_read_back_verbatim() {
        let texts = [
            "T1 — form",
            "a `code` span",
            "`starts",
            "ends`",
            " spaced ",
            "``` three | theirs (x, r1): `y`",
            "two\nlines",
            "ours: a | theirs: b",
        ];
        for o in texts {
            for t in texts {
                let m = marker("T1 ", &sides(), Some(o), Some(t), "(removed)");
                let c = read(&m).unwrap_or_else(|| panic!("unread: {m}"));
                assert_eq!(c.ours.text.as_deref(), Some(o), "{m}");
                assert_eq!(c.theirs.text.as_deref(), Some(t), "{m}");
                assert_eq!(c.ours.author.as_deref(), Some("Bob laptop Jr."));
                assert_eq!(c.ours.revision, Some(3));
                assert_eq!(c.theirs.author.as_deref(), Some("Alice"));
                assert_eq!(c.theirs.revision, Some(2));
                assert!(m.contains(o) && m.contains(t));
            }
        }
        let m = marker("", &sides(), None, Some("x"), "(none)");
        assert_eq!(resolve(&m, Pick::Ours), Some(None));
        assert_eq!(resolve(&m, Pick::Theirs), Some(Some("x".into())));
        assert_eq!(resolve("plain", Pick::Ours), None);
    }

    #[test]
    fn old_markers_are_read_without_authors() {
        let c = read("[conflict — needs confirmation] ours: a | theirs: (none)").unwrap();
        assert_eq!(c.ours.text.as_deref(), Some("a"));
        assert_eq!(c.ours.author, None);
        assert_eq!(c.theirs.text, None);
    }
}
