//! The current story of a worktree (`git checkpoint start`): one line in
//! `<git dir>/checkpoint/current`. The git dir of a linked worktree is private to it
//! (`.git/worktrees/<name>`), so every worktree has its own current story.
//!
//! Owns that one file only; never touches refs.

use crate::error::{Error, Result};
use crate::store::Store;
use crate::story::StoryId;
use std::path::PathBuf;

/// The file holding the current story of this worktree.
pub fn path(store: &Store) -> PathBuf {
    store.git_dir().join("checkpoint").join("current")
}

/// The current story, if one is set and still valid.
pub fn get(store: &Store) -> Option<StoryId> {
    get_with_branch(store).map(|(s, _)| s)
}

/// The current story and the branch it was made current on (`None` for files written before
/// the branch was recorded, or on a detached HEAD). The file's first line is the story, an
/// optional second line `branch <name>`.
pub fn get_with_branch(store: &Store) -> Option<(StoryId, Option<String>)> {
    use std::io::Read as _;
    let mut text = String::new();
    std::fs::File::open(path(store))
        .ok()?
        .take(4096)
        .read_to_string(&mut text)
        .ok()?;
    let mut lines = text.lines();
    let story = StoryId::parse(lines.next()?.trim()).ok()?;
    let branch = lines
        .find_map(|l| l.strip_prefix("branch "))
        .map(|b| b.trim().to_string())
        .filter(|b| !b.is_empty());
    Some((story, branch))
}

/// Sets the current story (written to a temporary file, then renamed into place), in the case it
/// was typed (`ABC-12`), so a first save of it shows it that way; [`get`] reads it canonically.
/// The current branch is recorded with it: on that branch the current story wins over the one
/// the branch name gives (see `ops::locate::resolve_story`).
///
/// # Errors
/// [`Error::Io`] when the git dir is not writable.
pub fn set(store: &Store, story: &StoryId) -> Result<()> {
    let p = path(store);
    let dir = p.parent().expect("the path has a parent");
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!("current.{}.tmp", std::process::id()));
    let branch = crate::gitstate::head(store)
        .ok()
        .and_then(|h| h.branch)
        .map(|b| format!("branch {b}\n"))
        .unwrap_or_default();
    crate::signals::replace_file(&p, &tmp, format!("{}\n{branch}", story.shown()).as_bytes())
        .map_err(Error::from)
}

/// Clears the current story; returns the one that was set.
///
/// # Errors
/// [`Error::Io`] when the file exists but cannot be removed.
pub fn clear(store: &Store) -> Result<Option<StoryId>> {
    let was = get(store);
    match std::fs::remove_file(path(store)) {
        Ok(()) => Ok(was),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(was),
        Err(e) => Err(e.into()),
    }
}

/// Clears the current story only when it is `story`.
///
/// # Errors
/// As [`clear`].
pub fn clear_if(store: &Store, story: &StoryId) -> Result<()> {
    if get(store).as_ref() == Some(story) {
        clear(store)?;
    }
    Ok(())
}
