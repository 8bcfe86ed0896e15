//! `export`: write a checkpoint as the file another checkpoint system expects (seeds 000, 001,
//! 003, 004), to a path or back to the caller. Prints nothing.

use crate::error::{Error, Result};
use crate::formats::{Exported, Format};
use crate::store::Store;
use crate::story::StoryId;
use std::path::{Path, PathBuf};

/// What [`export`] does.
#[derive(Debug, Clone)]
pub struct Options {
    /// The story (resolved by the front end).
    pub story: StoryId,
    /// The file format to write.
    pub format: Format,
    /// Write to this path instead of returning the text only; a directory gets the system's
    /// usual file name (a path ending in `/` is a directory, made when missing).
    pub output: Option<PathBuf>,
}

/// What [`export`] produced.
#[derive(Debug, Clone)]
pub struct Report {
    /// The story, shown as it was saved.
    pub story: StoryId,
    /// The format written.
    pub format: Format,
    /// The exported files' text.
    pub exported: Exported,
    /// The paths written, the format's own file first (empty without [`Options::output`]).
    pub written: Vec<String>,
}

fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path.file_name().ok_or_else(|| Error::NotAFilePath {
        path: path.to_path_buf(),
    })?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    crate::signals::replace_file(path, &tmp, text.as_bytes()).map_err(|e| Error::Write {
        path: path.to_path_buf(),
        cause: e,
    })
}

/// Exports `options.story`'s tip in `options.format`, writing the files (each replaced
/// atomically) when `options.output` names where.
///
/// # Errors
/// [`Error::NotFound`] when the story has no checkpoint; storage errors;
/// [`Error::NotAFilePath`] or [`Error::Write`] when the path cannot be written.
pub fn export(store: &Store, options: Options) -> Result<Report> {
    let Options {
        story,
        format,
        output,
    } = options;
    let (refname, tip) = super::locate::locate_story(store, &story, false)?;
    let rev = store.read(&refname, tip)?;
    let story = story.shown_as(&rev.summary.story_display);
    let exported = format.export(store, &story, &rev)?;
    let mut written = Vec::new();
    if let Some(o) = &output {
        // `-o dir/` names a directory, as with cp and mv: made when missing (with its parents).
        let text = o.as_os_str().to_string_lossy();
        if (text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR)) && !o.is_dir() {
            std::fs::create_dir_all(o).map_err(|e| Error::Write {
                path: o.clone(),
                cause: e,
            })?;
        }
        let path = if o.is_dir() {
            o.join(format.file_name(&story, &rev))
        } else {
            o.clone()
        };
        let beside = exported
            .beside()
            .map(|(name, c)| (path.with_file_name(name), c));
        write_atomic(&path, &exported.document)?;
        written.push(path.display().to_string());
        if let Some((p, c)) = beside {
            write_atomic(&p, c)?;
            written.push(p.display().to_string());
        }
    }
    Ok(Report {
        story,
        format,
        exported,
        written,
    })
}
