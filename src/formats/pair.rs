//! The `pair` template, the default, seed 000 (`000_35a543d1a3795e07.txt`, the "pair"
//! capability skill, with its user story in `002_3c44c6c058c3c614.txt`): one file per story,
//! `.pair/working/checkpoints/<story>.md`, with a header (Last updated, Written by) and five
//! sections: Story, Branch, Tasks Done, Key Decisions, Remaining Todos.
//!
//! The codec itself is the document model's ([`crate::model::render`], [`crate::model::parse`]):
//! the pair template is the model's own shape. This module gives it the same face as the other
//! formats. Writes nothing itself.

use super::base::Saving;
use super::plan::{check_parsed, planned, story_of, Planned};
use crate::error::Result;
use crate::model::{Document, Parsed};
use crate::story::StoryId;
use std::path::Path;

/// What `import --format pair` reads, one line for help.
pub const FILES_READ: &str =
    "The pair format's checkpoint files (`.pair/working/checkpoints/<story>.md`)";

/// What `export --format pair` writes, one line for help.
pub const FILES_WRITTEN: &str = "`.pair/working/checkpoints/<story>.md`";

/// On every save: `last_updated` as `YYYY-MM-DD HH:MM` local time (seed 000's header).
pub fn fill_for_save(doc: &mut Document, saving: &Saving<'_>) {
    doc.last_updated = Some(super::base::minute_stamp(&saving.now));
}

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

/// `import` of a seed 000 checkpoint file: one revision, `import <file name>`, whose story is
/// `explicit`, else the file's Story line, else the first valid one of `names` (what the import
/// gives: the file name without its extension, or the folder of a generic name like
/// `working-context.md`). With `check`, a file pair reads nothing from is refused.
///
/// # Errors
/// [`crate::Error::NothingToImport`] when `check` and the file holds nothing pair can read;
/// [`crate::Error::NoStoryForFile`] when it names no valid story.
pub(super) fn import_file(
    path: &Path,
    text: &str,
    explicit: Option<&StoryId>,
    names: &[Option<String>],
    check: bool,
) -> Result<(StoryId, Planned)> {
    let p = parse(text.as_bytes());
    if check {
        check_parsed(&p, path)?;
    }
    let candidates: Vec<Option<String>> = std::iter::once(p.doc.story.clone())
        .chain(names.iter().cloned())
        .collect();
    let story = story_of(explicit, &candidates, path)?;
    Ok((story, planned(path, "pair", p)))
}
