//! The planned revisions an import writes, and the helpers every format's import rules share
//! (the story a file belongs to, the refusal of a file nothing was read from). A leaf of
//! `formats`: the format modules build their plans on it, and [`super::import`] collects them.

use crate::error::{Error, Result};
use crate::model::{Document, Parsed};
use crate::store::Completion;
use crate::story::StoryId;
use std::path::Path;

/// One revision to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    /// The document, as the file held it (or rendered in its format).
    pub document: String,
    /// The format's name, for `meta.json`.
    pub template: &'static str,
    /// The commit time the file gives (seconds since the epoch, offset seconds east), if any.
    pub time: Option<(i64, i32)>,
    /// The commit subject.
    pub subject: String,
    /// The commit body (may be empty).
    pub body: String,
    /// The story's completion log as of this revision.
    pub completed: Vec<Completion>,
    /// The document as parsed.
    pub doc: Document,
}

/// Something the user should read while the files are planned; nothing stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// Informational (`NOW.md` is idle, so it is skipped).
    Note(String),
    /// A problem in a file that was read anyway (a `STACK.md` entry without an id).
    Warning(String),
}

/// The story a file belongs to: `explicit` (`--story`), else the first candidate that is a
/// valid story id.
///
/// # Errors
/// [`Error::NoStoryForFile`] naming `path` when no candidate is one.
pub(super) fn story_of(
    explicit: Option<&StoryId>,
    candidates: &[Option<String>],
    path: &Path,
) -> Result<StoryId> {
    if let Some(s) = explicit {
        return Ok(s.clone());
    }
    for c in candidates.iter().flatten() {
        if let Ok(id) = StoryId::parse(c.trim()) {
            return Ok(id);
        }
    }
    Err(Error::NoStoryForFile {
        path: path.to_path_buf(),
    })
}

/// Refuses a file its format read nothing from.
///
/// # Errors
/// [`Error::NothingToImport`] naming `path`.
pub(super) fn check_parsed(p: &Parsed, path: &Path) -> Result<()> {
    if p.doc == Document::default() {
        return Err(Error::NothingToImport {
            path: path.to_path_buf(),
        });
    }
    Ok(())
}

/// `path`'s file name, for commit subjects (`import NOW.md`).
pub(super) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// A planned revision with no time, body or completion log: `import <file name>`.
pub(super) fn planned(path: &Path, template: &'static str, p: Parsed) -> Planned {
    Planned {
        document: p.text,
        template,
        time: None,
        subject: format!("import {}", file_name(path)),
        body: String::new(),
        completed: Vec::new(),
        doc: p.doc,
    }
}
