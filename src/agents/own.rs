//! Which changed files of a work tree are only `agent install`'s doing, so no view counts them
//! as work on the story (`status`, a save's `files_modified`, the brief, the stop-time nudge),
//! from the table of the files it writes ([`super::PROJECT_FILES`]):
//!
//! - the agents' settings files (hooks, MCP entries: `.claude/settings.local.json`,
//!   `.codex/config.toml`, ...) and the files that are ours whole (Claude Code's skill, the
//!   Cursor rule) are the agent's configuration, never work on a story, whoever changed them;
//! - the instruction files the user writes too (`AGENTS.md`, `AGENTS.override.md`,
//!   `GEMINI.md`) are ours only when, with our section taken out ([`skill::removed`], as
//!   `agent uninstall` does), what is left is what was there before: the file at HEAD for the
//!   work tree (nothing for an untracked file), at the merge-base for a committed change. A line
//!   of the user's outside our markers is work. A file larger than [`READ_CAP`], not UTF-8 or
//!   unreadable is the user's.

use super::{parts_at, skill, Part};
use crate::error::Result;
use crate::store::{FileChange, FileState, Store};
use gix::ObjectId;

/// The largest instruction file this module reads to decide.
pub const READ_CAP: u64 = 1024 * 1024;

/// Whether `path` (repository-relative) is one the user writes too, so that only our part of
/// it is ours: an instruction file holding our section.
fn shared_with_user(path: &str) -> bool {
    parts_at(path)
        .iter()
        .any(|p| matches!(p, Part::Skill(a) if !skill::whole_file(*a)))
}

/// Whether the change of the file at `path` (repository-relative) from `before` to `after`
/// (`None`: no file) is only ours: see the module comment. False for a path outside
/// [`super::PROJECT_FILES`].
pub fn only_ours(path: &str, before: Option<&str>, after: Option<&str>) -> bool {
    if parts_at(path).is_empty() {
        return false;
    }
    if !shared_with_user(path) {
        return true;
    }
    let left = |t: Option<&str>| -> String {
        let mut t = t.unwrap_or("").to_string();
        for part in parts_at(path) {
            if let Part::Skill(a) = part {
                t = skill::removed(*a, &t).unwrap_or_default();
            }
        }
        t
    };
    left(before).trim_end() == left(after).trim_end()
}

/// The text of `path` in commit `commit`: `Some(None)` when it has no such file, `None` when it
/// cannot be told (not UTF-8, larger than [`READ_CAP`], not a file, unreadable).
fn at_commit(store: &Store, commit: ObjectId, path: &str) -> Option<Option<String>> {
    let tree = store.repo().find_commit(commit).ok()?.tree().ok()?;
    let Some(entry) = tree.lookup_entry_by_path(path).ok()? else {
        return Some(None);
    };
    if !entry.mode().is_blob() {
        return None;
    }
    let data = store.blob(entry.object_id()).ok()?;
    if data.len() as u64 > READ_CAP {
        return None;
    }
    String::from_utf8(data).ok().map(Some)
}

/// The text of `path` in the work tree: `Some(None)` when there is no such file, `None` when it
/// cannot be told.
fn in_work_tree(store: &Store, path: &str) -> Option<Option<String>> {
    use std::io::Read as _;
    let full = store.workdir()?.join(path);
    let file = match std::fs::File::open(&full) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(None),
        Err(_) => return None,
    };
    let mut data = Vec::new();
    file.take(READ_CAP + 1).read_to_end(&mut data).ok()?;
    if data.len() as u64 > READ_CAP {
        return None;
    }
    String::from_utf8(data).ok().map(Some)
}

/// Whether the work tree's `path` differs from HEAD (`head`, `None` on an unborn branch) only by
/// what `agent install` wrote.
pub fn work_tree_change_is_ours(store: &Store, head: Option<ObjectId>, path: &str) -> bool {
    if parts_at(path).is_empty() {
        return false;
    }
    if !shared_with_user(path) {
        return true;
    }
    let before = match head {
        Some(h) => at_commit(store, h, path),
        None => Some(None),
    };
    match (before, in_work_tree(store, path)) {
        (Some(b), Some(a)) => only_ours(path, b.as_deref(), a.as_deref()),
        _ => false,
    }
}

/// `files` (a save's file list) without the changes that are only ours: staged, unstaged and
/// untracked ones against HEAD (`head`), committed ones between `merge_base` and `head`.
///
/// # Errors
/// None today; reads that fail keep the file (it counts as the user's work).
pub fn work_files(
    store: &Store,
    files: Vec<FileChange>,
    head: Option<ObjectId>,
    merge_base: Option<ObjectId>,
) -> Result<Vec<FileChange>> {
    Ok(files
        .into_iter()
        .filter(|f| {
            if parts_at(&f.path).is_empty() {
                return true;
            }
            if !shared_with_user(&f.path) {
                return false;
            }
            let ours = match f.state {
                FileState::Committed => match (merge_base, head) {
                    (Some(base), Some(h)) => {
                        match (
                            at_commit(store, base, &f.path),
                            at_commit(store, h, &f.path),
                        ) {
                            (Some(b), Some(a)) => only_ours(&f.path, b.as_deref(), a.as_deref()),
                            _ => false,
                        }
                    }
                    _ => false,
                },
                _ => work_tree_change_is_ours(store, head, &f.path),
            };
            !ours
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::Agent;

    #[test]
    fn our_section_of_a_shared_file_is_ours_and_the_users_change_is_not() {
        let rules = "# Rules\n\nUse tabs.\n";
        let with_ours = skill::installed(Agent::Codex, Some(rules));
        assert!(only_ours("AGENTS.md", Some(rules), Some(&with_ours)));
        let alone = skill::installed(Agent::Gemini, None);
        assert!(only_ours("GEMINI.md", None, Some(&alone)));
        let edited = with_ours.replace("Use tabs.", "Use spaces.");
        assert!(!only_ours("AGENTS.md", Some(rules), Some(&edited)));
        // The agents' settings are their configuration, whoever wrote what in them.
        assert!(only_ours(
            ".gemini/settings.json",
            None,
            Some("{\"theme\": 1}")
        ));
        assert!(only_ours(
            ".claude/skills/git-checkpoint/SKILL.md",
            None,
            Some("x")
        ));
        // Not a file of ours.
        assert!(!only_ours(".claude/commands/review.md", None, Some("x")));
    }
}
