//! Gaps: what a parsed document lacks or cannot be trusted on, as data (section, field, kind)
//! with the sentence each front end shows. The wording of every gap lives here, in the
//! constructors; parsers say what they found, front ends decide what to do about it (which
//! option fills a field) from the typed fields, never from the sentence.

use std::fmt;

/// What is wrong with a section or field; see [`Gap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GapKind {
    /// A section, field or line the format requires is absent.
    Missing,
    /// A section or field is present but holds nothing.
    Empty,
    /// A value is marked `[unknown — needs confirmation]`.
    Unknown,
    /// A value is an unfilled template placeholder (`[Goal]`, `<todo>`).
    Placeholder,
    /// A value or checklist item holds both sides of a merge conflict (`[conflict — needs
    /// confirmation]`), each with its author and revision: an open conflict, which a save that
    /// sets the value or `sync --ours`/`--theirs` resolves.
    Conflict,
    /// An item of a list is marked unknown.
    UnknownItem,
    /// An item (or paragraph) of a list is an unfilled placeholder.
    PlaceholderItem,
    /// A section appears twice; the first is used.
    Duplicate,
    /// A checklist section holds text that is not a checklist item.
    NotAnItem,
    /// A section or line that must name something (the story id, the branch) names nothing.
    NoValue,
    /// The front matter, or one of its keys, is missing.
    FrontMatter,
    /// A heading the format requires is missing.
    Heading,
    /// A value cannot be read as what it must be (a number).
    Malformed,
    /// The document was not valid UTF-8.
    Encoding,
    /// The document says no work is active.
    Idle,
    /// The document's template cannot be used (declares no sections, cannot be found).
    Template,
}

impl GapKind {
    /// Whether the gap says a field has no usable value (missing, empty, marked unknown or a
    /// placeholder), which writing the field fills.
    pub fn is_unfilled(self) -> bool {
        matches!(
            self,
            GapKind::Missing | GapKind::Empty | GapKind::Unknown | GapKind::Placeholder
        )
    }
}

/// One gap: where it is, what kind it is, and the sentence shown for it ([`fmt::Display`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    /// The section as the document (or template) names it (`Story`, `4. In-Flight Work`,
    /// `Checkpoint`); `None` for a gap about the whole document or a top-level field.
    pub section: Option<String>,
    /// The field or line within the section (`Goal`, `Stopped at`), or a top-level field
    /// (`Stage`); `None` when the gap is about the whole section.
    pub field: Option<String>,
    /// What is wrong.
    pub kind: GapKind,
    /// For a [`GapKind::Conflict`]: both sides with their authors, when the marker could be
    /// taken apart ([`super::conflict::read`]); `None` for every other gap.
    pub conflict: Option<super::conflict::Conflict>,
    /// The sentence, worded by the constructor.
    text: String,
}

impl fmt::Display for Gap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Where a value was read: a section, a field, or a field within a section; displayed as
/// `Section: Field`, the way gaps name it.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    /// The section, as the document names it.
    pub section: Option<&'a str>,
    /// The field within it, or outside any section.
    pub field: Option<&'a str>,
}

impl<'a> Place<'a> {
    /// A whole section.
    pub fn section(section: &'a str) -> Self {
        Place {
            section: Some(section),
            field: None,
        }
    }

    /// A field outside any section (front matter, a pm line).
    pub fn field(field: &'a str) -> Self {
        Place {
            section: None,
            field: Some(field),
        }
    }

    /// A field within a section.
    pub fn in_section(section: &'a str, field: &'a str) -> Self {
        Place {
            section: Some(section),
            field: Some(field),
        }
    }
}

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.section, self.field) {
            (Some(s), Some(x)) => write!(f, "{s}: {x}"),
            (Some(s), None) | (None, Some(s)) => f.write_str(s),
            (None, None) => Ok(()),
        }
    }
}

impl Gap {
    fn new(kind: GapKind, section: Option<&str>, field: Option<&str>, text: String) -> Self {
        Gap {
            section: section.map(str::to_string),
            field: field.map(str::to_string),
            kind,
            conflict: None,
            text,
        }
    }

    fn at(kind: GapKind, place: Place<'_>, text: String) -> Self {
        Gap::new(kind, place.section, place.field, text)
    }

    /// `missing section 'NAME'`.
    pub fn missing_section(name: &str) -> Self {
        Gap::new(
            GapKind::Missing,
            Some(name),
            None,
            format!("missing section '{name}'"),
        )
    }

    /// `empty section 'NAME'`.
    pub fn empty_section(name: &str) -> Self {
        Gap::new(
            GapKind::Empty,
            Some(name),
            None,
            format!("empty section '{name}'"),
        )
    }

    /// `missing field 'NAME'` (a top-level field).
    pub fn missing_field(name: &str) -> Self {
        Gap::new(
            GapKind::Missing,
            None,
            Some(name),
            format!("missing field '{name}'"),
        )
    }

    /// `SECTION has no 'FIELD' line`.
    pub fn missing_line(section: &str, field: &str) -> Self {
        Gap::new(
            GapKind::Missing,
            Some(section),
            Some(field),
            format!("{section} has no '{field}' line"),
        )
    }

    /// `SECTION: FIELD is empty`.
    pub fn empty_field(section: &str, field: &str) -> Self {
        Gap::new(
            GapKind::Empty,
            Some(section),
            Some(field),
            format!("{section}: {field} is empty"),
        )
    }

    /// `PLACE is marked [unknown — needs confirmation]`.
    pub fn unknown(place: Place<'_>) -> Self {
        Gap::at(
            GapKind::Unknown,
            place,
            format!("{place} is marked {}", super::UNKNOWN),
        )
    }

    /// `PLACE is an unfilled placeholder: VALUE`.
    pub fn placeholder(place: Place<'_>, value: &str) -> Self {
        Gap::at(
            GapKind::Placeholder,
            place,
            format!("{place} is an unfilled placeholder: {value}"),
        )
    }

    /// `PLACE has a merge conflict: VALUE`, with both sides as data when the marker can be
    /// taken apart.
    pub fn conflict(place: Place<'_>, value: &str) -> Self {
        let mut g = Gap::at(
            GapKind::Conflict,
            place,
            format!("{place} has a merge conflict: {value}"),
        );
        g.conflict = super::conflict::read(value);
        g
    }

    /// `PLACE has an item marked [unknown — needs confirmation]`.
    pub fn unknown_item(place: Place<'_>) -> Self {
        Gap::at(
            GapKind::UnknownItem,
            place,
            format!("{place} has an item marked {}", super::UNKNOWN),
        )
    }

    /// `PLACE has an unfilled placeholder item: ITEM`.
    pub fn placeholder_item(place: Place<'_>, item: &str) -> Self {
        Gap::at(
            GapKind::PlaceholderItem,
            place,
            format!("{place} has an unfilled placeholder item: {item}"),
        )
    }

    /// `SECTION has an unfilled placeholder: TEXT` (a paragraph of a list section).
    pub fn placeholder_text(section: &str, text: &str) -> Self {
        Gap::new(
            GapKind::PlaceholderItem,
            Some(section),
            None,
            format!("{section} has an unfilled placeholder: {text}"),
        )
    }

    /// `SECTION has text that is not a checklist item: "LINE"`.
    pub fn not_an_item(section: &str, first_line: &str) -> Self {
        Gap::new(
            GapKind::NotAnItem,
            Some(section),
            None,
            format!("{section} has text that is not a checklist item: {first_line:?}"),
        )
    }

    /// `duplicate section 'NAME' at lines A and B; the first is used`.
    pub fn duplicate_section(name: &str, first: usize, again: usize) -> Self {
        Gap::new(
            GapKind::Duplicate,
            Some(name),
            None,
            format!("duplicate section '{name}' at lines {first} and {again}; the first is used"),
        )
    }

    /// `duplicate section 'NAME' at line N; the first is used` (only the second's line known).
    pub fn duplicate_section_at(name: &str, again: usize) -> Self {
        Gap::new(
            GapKind::Duplicate,
            Some(name),
            None,
            format!("duplicate section '{name}' at line {again}; the first is used"),
        )
    }

    /// The document was not UTF-8.
    pub fn invalid_utf8() -> Self {
        Gap::new(
            GapKind::Encoding,
            None,
            None,
            "the document is not valid UTF-8; invalid bytes were replaced with U+FFFD".into(),
        )
    }

    /// `SECTION: no WHAT` (`Story: no ID`, `Branch: no branch name`).
    pub fn no_value(section: &str, what: &str) -> Self {
        Gap::new(
            GapKind::NoValue,
            Some(section),
            Some(what),
            format!("{section}: no {what}"),
        )
    }

    /// `FIELD has no ID: VALUE` (a pm `Item` line without an id).
    pub fn no_id(field: &str, value: &str) -> Self {
        Gap::new(
            GapKind::NoValue,
            None,
            Some(field),
            format!("{field} has no ID: {value}"),
        )
    }

    /// `stack entry at line N has no ID`.
    pub fn stack_entry_without_id(line: usize) -> Self {
        Gap::new(
            GapKind::NoValue,
            None,
            None,
            format!("stack entry at line {line} has no ID"),
        )
    }

    /// `missing front matter (KEYS)`.
    pub fn missing_front_matter(keys: &str) -> Self {
        Gap::new(
            GapKind::FrontMatter,
            None,
            None,
            format!("missing front matter ({keys})"),
        )
    }

    /// `front matter has no 'KEY'`.
    pub fn front_matter_key(key: &str) -> Self {
        Gap::new(
            GapKind::FrontMatter,
            None,
            Some(key),
            format!("front matter has no '{key}'"),
        )
    }

    /// `missing heading 'HEADING'`.
    pub fn missing_heading(heading: &str) -> Self {
        Gap::new(
            GapKind::Heading,
            None,
            None,
            format!("missing heading '{heading}'"),
        )
    }

    /// `missing 'PART'`: a part heading of the document (team's `Part A`) is missing.
    pub fn missing_part(part: &str) -> Self {
        Gap::new(
            GapKind::Heading,
            Some(part),
            None,
            format!("missing '{part}'"),
        )
    }

    /// `FIELD is not a number: VALUE`.
    pub fn not_a_number(field: &str, value: &str) -> Self {
        Gap::new(
            GapKind::Malformed,
            None,
            Some(field),
            format!("{field} is not a number: {value}"),
        )
    }

    /// `FILE is idle: no active item`.
    pub fn idle(file: &str) -> Self {
        Gap::new(
            GapKind::Idle,
            None,
            None,
            format!("{file} is idle: no active item"),
        )
    }

    /// A template that cannot be used; `text` says why.
    pub fn template(text: String) -> Self {
        Gap::new(GapKind::Template, None, None, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_name_the_place_as_section_colon_field() {
        let g = Gap::unknown(Place::in_section("Story", "Goal"));
        assert_eq!(
            g.to_string(),
            format!("Story: Goal is marked {}", crate::model::UNKNOWN)
        );
        assert_eq!(g.section.as_deref(), Some("Story"));
        assert_eq!(g.field.as_deref(), Some("Goal"));
        assert_eq!(g.kind, GapKind::Unknown);
        let g = Gap::placeholder(Place::field("status"), "[x]");
        assert_eq!(g.to_string(), "status is an unfilled placeholder: [x]");
        assert_eq!(
            Gap::not_an_item("Tasks Done", "hi").to_string(),
            "Tasks Done has text that is not a checklist item: \"hi\""
        );
    }
}
