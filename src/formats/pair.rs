//! The `pair` template, the default, seed 000 (`000_35a543d1a3795e07.txt`, the "pair"
//! capability skill, with its user story in `002_3c44c6c058c3c614.txt`): one file per story,
//! `.pair/working/checkpoints/<story>.md`, with a header (Last updated, Written by) and five
//! sections: Story, Branch, Tasks Done, Key Decisions, Remaining Todos.
//!
//! The codec itself is the document model's ([`crate::model::render`], [`crate::model::parse`]):
//! the pair template is the model's own shape. This module gives it the same face as the other
//! formats. Writes nothing itself.

use crate::model::{Document, Parsed};

/// The five section headings, for help and error messages.
pub fn required_sections() -> Vec<String> {
    crate::model::SECTIONS
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Renders `doc` as seed 000's checkpoint file; see [`crate::model::render`].
pub fn render(doc: &Document) -> String {
    crate::model::render(doc)
}

/// Parses seed 000's checkpoint file; never fails; see [`crate::model::parse`].
pub fn parse(input: &[u8]) -> Parsed {
    crate::model::parse(input)
}
