//! Story ids: the one validator, canonical form, and detection from a branch name.
//!
//! A story id becomes exactly one ref component, `refs/checkpoints/<id>`, so the rules are
//! git-check-ref-format(1) plus what keeps a loose ref file portable to every filesystem
//! (Windows reserved names and characters, case-insensitive and normalising filesystems).
//! This module owns no I/O.

use crate::error::{Error, Result};

/// Longest accepted story id, in bytes.
pub const MAX_LEN: usize = 100;

/// A validated story id. Its canonical form (a leading `#` removed, ASCII letters lowercased)
/// names the ref, so `#ABC-12`, `abc-12` and `ABC-12` are one story and one ref on every
/// filesystem; it also keeps the form the user typed (`ABC-12`), which is what people are shown.
/// Equality, ordering and hashing use the canonical form only.
#[derive(Debug, Clone)]
pub struct StoryId {
    /// Canonical: `[a-z0-9._-]`, the ref component.
    id: String,
    /// As typed, without the leading `#`; differs from `id` only in letter case.
    shown: String,
}

impl PartialEq for StoryId {
    fn eq(&self, other: &StoryId) -> bool {
        self.id == other.id
    }
}

impl Eq for StoryId {}

impl PartialOrd for StoryId {
    fn partial_cmp(&self, other: &StoryId) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for StoryId {
    fn cmp(&self, other: &StoryId) -> std::cmp::Ordering {
        self.id.cmp(&other.id)
    }
}

impl std::hash::Hash for StoryId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

/// Windows device names, reserved with or without an extension (`aux`, `aux.md`).
const DEVICE_NAMES: &[&str] = &[
    "con", "prn", "aux", "nul", "com0", "com1", "com2", "com3", "com4", "com5", "com6", "com7",
    "com8", "com9", "lpt0", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

/// Whether `id` (without its `#`) is of the common kind that every rule of [`StoryId::parse`]
/// accepts, checked in one pass: ASCII letters, digits, `-` and `_` only (`313`, `ABC-12`),
/// not empty, no leading `-`, within [`MAX_LEN`], not `HEAD`, not a Windows device name. Of
/// the rules, only those can reject such an id; ids with a `.` or anything else take the rules.
fn is_plain(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_LEN
        && !id.starts_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && !id.eq_ignore_ascii_case("head")
        && !DEVICE_NAMES.iter().any(|d| id.eq_ignore_ascii_case(d))
}

impl StoryId {
    /// Validates `input` and returns the story id, keeping `input`'s letter case for display.
    ///
    /// Accepted: ASCII letters, digits, `-`, `_` and `.`, at most [`MAX_LEN`] bytes, after one
    /// optional leading `#`. `/` is not allowed: a story is a single ref component, which rules
    /// out nesting conflicts such as `auth` vs `auth/login`.
    ///
    /// # Errors
    /// [`Error::InvalidStory`] naming the first rule broken, checked in this order: empty,
    /// `/`, control character, space, git's forbidden characters `~^:?*[\`, Windows-reserved
    /// characters `|<>"`, non-ASCII, `..`, `@{`, the names `HEAD` and `@`, a leading `-` or `.`,
    /// a trailing `.lock`, `.`, a Windows device name, any other character, the length limit.
    pub fn parse(input: &str) -> Result<StoryId> {
        let id = input.strip_prefix('#').unwrap_or(input);
        if is_plain(id) {
            return Ok(StoryId {
                id: id.to_ascii_lowercase(),
                shown: id.to_string(),
            });
        }
        Self::parse_by_rules(input)
    }

    /// [`StoryId::parse`] rule by rule, in the order its errors are documented.
    fn parse_by_rules(input: &str) -> Result<StoryId> {
        let fail = |rule: &str| {
            Err(Error::InvalidStory {
                input: input.to_string(),
                rule: rule.to_string(),
            })
        };
        let id = input.strip_prefix('#').unwrap_or(input);
        if id.is_empty() {
            return fail("it is empty; give a story id such as 313 or ABC-12");
        }
        if id.contains('/') {
            return fail(
                "'/' is not allowed: a story id is a single ref component (use '-' instead)",
            );
        }
        if id.chars().any(|c| c.is_control()) {
            return fail("control characters are not allowed");
        }
        if id.contains(' ') {
            return fail("spaces are not allowed (use '-' instead)");
        }
        if let Some(c) = id.chars().find(|c| "~^:?*[\\".contains(*c)) {
            return fail(&format!(
                "'{c}' is not allowed in ref names (git-check-ref-format(1))"
            ));
        }
        if let Some(c) = id.chars().find(|c| "|<>\"".contains(*c)) {
            return fail(&format!("'{c}' is not allowed in file names on Windows"));
        }
        if !id.is_ascii() {
            return fail("only ASCII letters, digits, '-', '_' and '.' are allowed (non-ASCII names differ between filesystems)");
        }
        if id.contains("..") {
            return fail("'..' is not allowed in ref names (git-check-ref-format(1))");
        }
        if id.contains("@{") {
            return fail("'@{' is not allowed in ref names (git-check-ref-format(1))");
        }
        if id.eq_ignore_ascii_case("head") || id == "@" {
            return fail("'HEAD' and '@' are reserved names in git");
        }
        if id.starts_with('-') {
            return fail("a leading '-' is not allowed (it would read as an option)");
        }
        if id.starts_with('.') {
            return fail("a leading '.' is not allowed (git-check-ref-format(1))");
        }
        if id.to_ascii_lowercase().ends_with(".lock") {
            return fail("a trailing '.lock' is not allowed (git-check-ref-format(1))");
        }
        if id.ends_with('.') {
            return fail("a trailing '.' is not allowed (git-check-ref-format(1))");
        }
        let stem = id.split('.').next().unwrap_or(id).to_ascii_lowercase();
        if DEVICE_NAMES.contains(&stem.as_str()) {
            return fail("Windows device names (CON, PRN, AUX, NUL, COM1-9, LPT1-9) are not allowed, with or without an extension");
        }
        if let Some(c) = id
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || "-_.".contains(*c)))
        {
            return fail(&format!(
                "'{c}' is not allowed; use ASCII letters, digits, '-', '_' and '.'"
            ));
        }
        if id.len() > MAX_LEN {
            return fail(&format!("it is longer than {MAX_LEN} characters"));
        }
        Ok(StoryId {
            id: id.to_ascii_lowercase(),
            shown: id.to_string(),
        })
    }

    /// The canonical id, e.g. `313` or `abc-12`: what refs, notes and JSON `story` fields hold.
    pub fn as_str(&self) -> &str {
        &self.id
    }

    /// The id in the letter case it was typed or recorded in, without `#`: `ABC-12`, `313`.
    /// What the `Checkpoint-Story-Display` trailer records (docs/FORMAT.md).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// Whether the shown form differs from the canonical one (it has capital letters).
    pub fn has_case(&self) -> bool {
        self.shown != self.id
    }

    /// This story shown as `recorded` says (a `Checkpoint-Story-Display` trailer or a document's
    /// ID field, with or without `#`), when `recorded` is a valid id of the same story; else
    /// unchanged. A recorded form of another story is ignored, never shown.
    pub fn shown_as(self, recorded: &str) -> StoryId {
        match StoryId::parse(recorded.trim()) {
            Ok(r) if r.id == self.id => r,
            _ => self,
        }
    }

    /// The active ref, `refs/checkpoints/<id>`.
    pub fn refname(&self) -> String {
        format!("{}{}", crate::names::ACTIVE_PREFIX, self.id)
    }

    /// The archive ref, `refs/checkpoints-archive/<id>`, where `done` moves a finished story.
    pub fn archive_refname(&self) -> String {
        format!("{}{}", crate::names::ARCHIVE_PREFIX, self.id)
    }

    /// How the id is shown to people: `#313` for numeric ids, else the id as typed (`ABC-12`).
    pub fn display(&self) -> String {
        if self.id.bytes().all(|b| b.is_ascii_digit()) {
            format!("#{}", self.id)
        } else {
            self.shown.clone()
        }
    }
}

/// The canonical id (ref names are built with it); [`StoryId::display`] is for people.
impl std::fmt::Display for StoryId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.id)
    }
}

/// Detects a story id from a branch's short name (`feature/#313-x`, `chore/#313-x`, `313-x`,
/// `feat/ABC-123-x`, `ABC-123`), trying `custom` first when given.
///
/// `custom` is `checkpoint.storyPattern`: a regex with one capture group, matched against the
/// short branch name. Returns `None` when nothing matches or the match is not a valid id.
///
/// # Errors
/// [`Error::Config`] when `custom` is not a valid regex with at least one capture group.
pub fn detect_from_branch(branch: &str, custom: Option<&str>) -> Result<Option<StoryId>> {
    if let Some(pattern) = custom {
        let re = regex::Regex::new(pattern).map_err(|e| Error::Config {
            key: "checkpoint.storyPattern".into(),
            value: pattern.into(),
            reason: format!(
                "not a valid regex: {}",
                e.to_string()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        })?;
        if re.captures_len() < 2 {
            return Err(Error::Config {
                key: "checkpoint.storyPattern".into(),
                value: pattern.into(),
                reason: "the regex needs one capture group around the story id".into(),
            });
        }
        if let Some(id) = re
            .captures(branch)
            .and_then(|c| c.get(1))
            .and_then(|m| StoryId::parse(m.as_str()).ok())
        {
            return Ok(Some(id));
        }
    }
    // The last path component carries the id: `feature/#313-x` -> `#313-x`.
    let leaf = branch.rsplit('/').next().unwrap_or(branch);
    let leaf = leaf.strip_prefix('#').unwrap_or(leaf);
    if let Some(digits) = leading_number(leaf) {
        return Ok(StoryId::parse(digits).ok());
    }
    // Ticket keys: `ABC-123`, upper-case letters (as trackers write them), then digits.
    let letters: String = leaf
        .chars()
        .take_while(|c| c.is_ascii_uppercase())
        .collect();
    if letters.len() >= 2 {
        let rest = &leaf[letters.len()..];
        if let Some(rest) = rest.strip_prefix('-') {
            if let Some(num) = leading_number(rest) {
                return Ok(StoryId::parse(&format!("{letters}-{num}")).ok());
            }
        }
    }
    Ok(None)
}

/// The ASCII digits `s` starts with, when they end the name or a `-` or `_` follows them
/// (`313-login` -> `313`); `None` otherwise (`313x`, `v2`).
fn leading_number(s: &str) -> Option<&str> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let rest = &s[end..];
    (end > 0 && (rest.is_empty() || rest.starts_with(['-', '_']))).then(|| &s[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The one-pass check never accepts what the rules refuse, and gives the same id and
        /// display form (other ids go through the rules alone).
        #[test]
        fn plain_ids_are_what_the_rules_accept(input in "#?[A-Za-z0-9_.@~ {/-]{0,12}|#?(?i:head|con|aux|lpt1|com9)") {
            let id = input.strip_prefix('#').unwrap_or(&input);
            if is_plain(id) {
                let by_rules = StoryId::parse_by_rules(&input);
                proptest::prop_assert!(by_rules.is_ok(), "{input:?}: {by_rules:?}");
                let seen = |s: StoryId| (s.as_str().to_string(), s.shown().to_string());
                proptest::prop_assert_eq!(
                    StoryId::parse(&input).ok().map(seen),
                    by_rules.ok().map(seen)
                );
            }
        }
    }

    #[test]
    fn long_plain_ids_take_the_rules_and_their_length_limit() {
        let long = "a".repeat(MAX_LEN + 1);
        assert!(!is_plain(&long));
        assert!(StoryId::parse(&long).is_err());
        assert!(is_plain(&"a".repeat(MAX_LEN)));
    }

    fn rule(input: &str) -> String {
        match StoryId::parse(input) {
            Err(Error::InvalidStory { rule, .. }) => rule,
            other => panic!("{input:?} was accepted: {other:?}"),
        }
    }

    #[test]
    fn hash_and_case_are_one_story() {
        assert_eq!(
            StoryId::parse("#313").unwrap(),
            StoryId::parse("313").unwrap()
        );
        assert_eq!(StoryId::parse("ABC-12").unwrap().as_str(), "abc-12");
        assert_eq!(StoryId::parse("#313").unwrap().display(), "#313");
    }

    #[test]
    fn the_typed_case_is_shown_and_the_ref_is_canonical() {
        let s = StoryId::parse("#ABC-12").unwrap();
        assert_eq!(
            (s.as_str(), s.shown(), s.display()),
            ("abc-12", "ABC-12", "ABC-12".into())
        );
        assert_eq!(s.refname(), "refs/checkpoints/abc-12");
        assert_eq!(s.to_string(), "abc-12");
        assert!(s.has_case());
        assert_eq!(s, StoryId::parse("abc-12").unwrap());
        let lower = StoryId::parse("abc-12").unwrap();
        assert!(!lower.has_case());
        assert_eq!(lower.clone().shown_as("ABC-12").display(), "ABC-12");
        assert_eq!(lower.clone().shown_as("#Abc-12").display(), "Abc-12");
        assert_eq!(lower.clone().shown_as("XYZ-1").display(), "abc-12");
        assert_eq!(lower.shown_as("").display(), "abc-12");
    }

    #[test]
    fn every_rejection_names_its_rule() {
        assert!(rule("").contains("empty"));
        assert!(rule("#").contains("empty"));
        assert!(rule("a/b").contains("'/'"));
        assert!(rule("a\tb").contains("control"));
        assert!(rule("a b").contains("spaces"));
        assert!(rule("a|b").contains("Windows"));
        assert!(rule("a\"b").contains("Windows"));
        assert!(rule("a:b").contains("git-check-ref-format"));
        assert!(rule("Ünï").contains("ASCII"));
        assert!(rule("a..b").contains("'..'"));
        assert!(rule("x@{1}").contains("'@{'"));
        assert!(rule("HEAD").contains("reserved"));
        assert!(rule("@").contains("reserved"));
        assert!(rule("-x").contains("leading '-'"));
        assert!(rule(".hidden").contains("leading '.'"));
        assert!(rule("foo.lock").contains(".lock"));
        assert!(rule("a.").contains("trailing '.'"));
        assert!(rule("aux").contains("device"));
        assert!(rule("CON").contains("device"));
        assert!(rule("aux.md").contains("device"));
        assert!(rule("a%b").contains("'%'"));
        assert!(rule(&"a".repeat(101)).contains("longer"));
    }

    #[test]
    fn detects_ids_from_branches() {
        let d = |b: &str| detect_from_branch(b, None).unwrap().map(|s| s.id);
        assert_eq!(d("feature/#313-publish").as_deref(), Some("313"));
        assert_eq!(
            d("chore/#313-t6-completion-criteria").as_deref(),
            Some("313")
        );
        assert_eq!(d("313-fix").as_deref(), Some("313"));
        assert_eq!(d("feat/ABC-123-login").as_deref(), Some("abc-123"));
        assert_eq!(d("main"), None);
        assert_eq!(d("feature/v2-thing"), None);
        assert_eq!(d("release-2024"), None);
    }

    #[test]
    fn custom_pattern_wins_and_is_checked() {
        let got = detect_from_branch("work/story_77", Some(r"story_(\d+)")).unwrap();
        assert_eq!(got.unwrap().as_str(), "77");
        assert!(detect_from_branch("x", Some("(")).is_err());
        assert!(detect_from_branch("x", Some("x")).is_err());
    }
}
