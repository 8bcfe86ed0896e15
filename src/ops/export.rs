//! `export`: write a checkpoint as the file another checkpoint system expects (seeds 000, 001,
//! 003, 004), to a path or back to the caller. Prints nothing.

use crate::error::{Error, Result};
use crate::files;
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
    /// Replace files git-checkpoint did not write, or that changed since it wrote them
    /// (`export --force`).
    pub force: bool,
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

/// Exports `options.story`'s tip in `options.format`, writing the files when `options.output`
/// names where, through [`crate::files`] (the one writer: exclusive temp file, replaced
/// atomically, mode kept; a symlink of the work tree is followed only when it leads inside it,
/// never into a git directory). An existing file is replaced only when it is ours
/// ([`crate::exported`]: it holds what this export writes, or what an earlier export wrote
/// there, unchanged since) or with `options.force`; every file is checked before the first is
/// written. `before_write` gets the export (what it cannot hold: [`Exported::dropped`]) after
/// the checks and before anything is written. The files written are recorded.
///
/// # Errors
/// [`Error::NotFound`] when the story has no checkpoint (a finished story's archived tip is
/// exported); storage errors;
/// [`Error::NotAFilePath`] when PATH names no file; [`Error::UnsafeWrite`] when it may not be
/// written (a symlink of the work tree leading out of it or into `.git/`, a read-only file;
/// nothing is written then); [`Error::WouldOverwrite`] for a file that is not ours (nothing is
/// written then); [`Error::Read`] when an existing file cannot be read; [`Error::Write`] when it
/// cannot be written.
pub fn export(
    store: &Store,
    options: Options,
    before_write: &mut dyn FnMut(&Exported),
) -> Result<Report> {
    let Options {
        story,
        format,
        output,
        force,
    } = options;
    // A finished story exports its final revision (an imported gstack `completed` story is
    // finished at once).
    let (refname, tip) = match super::locate::locate_story(store, &story, false) {
        Err(Error::Finished { .. }) => super::locate::locate_story(store, &story, true)?,
        found => found?,
    };
    let rev = store.read(&refname, tip)?;
    let story = story.shown_as(&rev.summary.story_display);
    let exported = format.export(store, &story, &rev)?;
    let mut written = Vec::new();
    if let Some(o) = &output {
        // `-o dir/` names a directory, as with cp and mv: made when missing (with its parents).
        let text = o.as_os_str().to_string_lossy();
        let git_dirs = vec![
            store.git_dir().to_path_buf(),
            store.common_dir().to_path_buf(),
        ];
        let named = |p: &Path| {
            files::Target::named(
                p.to_path_buf(),
                store.workdir().map(Path::to_path_buf),
                git_dirs.clone(),
            )
        };
        if (text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR)) && !o.is_dir() {
            files::create_dir(&named(o))?;
        }
        let path = if o.is_dir() {
            o.join(format.file_name(&story, &rev))
        } else {
            o.clone()
        };
        let beside = exported
            .beside()
            .map(|(name, c)| (path.with_file_name(name), c));
        if path.file_name().is_none() {
            return Err(Error::NotAFilePath { path });
        }
        // A missing directory is made only when `-o` ends in `/` (above), as with cp and mv.
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        if let Some(Err(cause)) = dir.map(std::fs::metadata) {
            return Err(Error::Write { path, cause });
        }
        // Both are checked before either is written.
        let targets: Vec<(files::Target, &str)> =
            std::iter::once((named(&path), exported.document.as_str()))
                .chain(beside.map(|(p, c)| (named(&p), c)))
                .collect();
        let mut reals = Vec::new();
        for (t, c) in &targets {
            let real = files::resolve(t)?;
            if !force {
                ours(store, &t.path, &real, c.as_bytes())?;
            }
            reals.push(real);
        }
        before_write(&exported);
        for (t, c) in &targets {
            files::write(t, c.as_bytes())?;
            written.push(t.path.display().to_string());
        }
        let record: Vec<(PathBuf, &[u8])> = reals
            .into_iter()
            .zip(&targets)
            .map(|(r, (_, c))| (r, c.as_bytes()))
            .collect();
        // Written already: a record that cannot be written only makes the next export over
        // these files ask for --force (crate::exported).
        let _ = crate::exported::record(store, &record);
    } else {
        before_write(&exported);
    }
    Ok(Report {
        story,
        format,
        exported,
        written,
    })
}

/// Whether the file at `real` (named `path` by the user) may be replaced by `new`: absent,
/// holding `new` already, or holding what an earlier export recorded there
/// ([`crate::exported`]).
///
/// # Errors
/// [`Error::WouldOverwrite`] saying why it is not ours; [`Error::Read`] when it exists but
/// cannot be read.
fn ours(store: &Store, path: &Path, real: &Path, new: &[u8]) -> Result<()> {
    // Reading a FIFO would block until someone writes to it: only regular files are ours.
    if std::fs::metadata(real).is_ok_and(|m| !m.is_file()) {
        return Err(Error::WouldOverwrite {
            path: path.to_path_buf(),
            reason: "it is not a regular file (a FIFO, socket or device)".into(),
        });
    }
    let old = match std::fs::read(real) {
        Ok(old) => old,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(cause) => {
            return Err(Error::Read {
                path: path.to_path_buf(),
                cause,
            })
        }
    };
    if old == new {
        return Ok(());
    }
    let size = crate::human::count(old.len(), "byte", "bytes");
    let reason = match crate::exported::recorded(store, real) {
        Some(id) if id == crate::exported::blob_id(&old) => return Ok(()),
        Some(_) => format!("it changed since git-checkpoint exported it (it now holds {size})"),
        None => format!("git-checkpoint did not write it ({size} that no export of ours wrote)"),
    };
    Err(Error::WouldOverwrite {
        path: path.to_path_buf(),
        reason,
    })
}
