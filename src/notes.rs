//! The notes index: `refs/notes/checkpoints` annotates each code commit where checkpoints were
//! saved with one line per story (`<story> <checkpoint-commit> r<revision> <subject>`), so
//! `git log --notes=checkpoints` shows where each checkpoint was taken.
//!
//! Notes are a derived index: resume never reads them. Trees are edited with gix's notes
//! plumbing, which writes git's fan-out layout (`ab/cdef...`, git-notes(1)) and reads any
//! fan-out depth. This module builds notes commits; the notes ref moves through
//! [`Store::transact`] like every ref, in a transaction of its own after a save's checkpoint ref
//! ([`add_line`]), so savers of different stories never redo their checkpoint for each other.

use crate::error::{Error, Result};
use crate::store::{update_edit, PreviousValue, Store};
use gix::bstr::ByteSlice;
use gix::note::plumbing::State;
use gix::refs::transaction::RefEdit;
use gix::ObjectId;
use std::collections::BTreeMap;

pub use crate::names::NOTES_REF;

/// One line of a note: a checkpoint taken at the annotated commit.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct NoteLine {
    /// Canonical story id.
    #[schemars(extend("pattern" = crate::names::STORY_PATTERN))]
    pub story: String,
    /// The checkpoint commit (full hex).
    #[schemars(extend("pattern" = crate::names::OID_PATTERN))]
    pub checkpoint: String,
    /// Its revision number.
    #[schemars(range(min = 1))]
    pub revision: u64,
    /// Its subject line; may be empty.
    pub summary: String,
}

impl NoteLine {
    /// Formats the line as stored: `<story> <checkpoint> r<revision> <summary>`.
    pub fn format(&self) -> String {
        let summary = self.summary.replace(['\n', '\r'], " ");
        format!(
            "{} {} r{} {}",
            self.story,
            self.checkpoint,
            self.revision,
            summary.trim()
        )
        .trim_end()
        .to_string()
    }

    /// Parses a stored line; `None` for lines in another format (kept verbatim by merges).
    pub fn parse(line: &str) -> Option<NoteLine> {
        let mut parts = line.splitn(4, ' ');
        let story = parts.next()?.to_string();
        let checkpoint = parts.next()?.to_string();
        let revision = parts.next()?.strip_prefix('r')?.parse().ok()?;
        if !checkpoint.bytes().all(|b| b.is_ascii_hexdigit()) || checkpoint.len() < 40 {
            return None;
        }
        Some(NoteLine {
            story,
            checkpoint,
            revision,
            summary: parts.next().unwrap_or("").to_string(),
        })
    }
}

/// Merges note texts: the union of their lines, keeping for each story only the lines of its
/// highest revision (two lines remain when diverged clones saved the same revision). Lines we
/// cannot parse are kept. Output is sorted by story, one line each, ending in a newline.
pub fn merge_text<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    let mut by_story: BTreeMap<String, Vec<NoteLine>> = BTreeMap::new();
    let mut other: Vec<String> = Vec::new();
    for text in texts {
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match NoteLine::parse(line) {
                Some(n) => by_story.entry(n.story.clone()).or_default().push(n),
                None => {
                    if !other.iter().any(|o| o == line) {
                        other.push(line.to_string());
                    }
                }
            }
        }
    }
    let mut out = String::new();
    for lines in by_story.values() {
        let max = lines.iter().map(|l| l.revision).max().unwrap_or(0);
        let mut seen = Vec::new();
        for l in lines.iter().filter(|l| l.revision == max) {
            if !seen.contains(&l.checkpoint) {
                seen.push(l.checkpoint.clone());
                out.push_str(&l.format());
                out.push('\n');
            }
        }
    }
    for o in other {
        out.push_str(&o);
        out.push('\n');
    }
    out
}

/// Why `tip`, the value of the notes ref `refname` (ours, or a remote's as fetched), cannot be
/// read as a notes commit: [`Error::BrokenNotes`] naming what it points at (a blob, a tree, a
/// tag, a missing object) and the fix, or `None` when it is a commit. A notes ref is an index
/// (docs/FORMAT.md, "Notes index"), so callers skip it and go on with the stories.
pub fn broken(store: &Store, refname: &str, tip: ObjectId) -> Option<Error> {
    let kind = match store.repo().find_header(tip) {
        Ok(h) if h.kind() == gix::object::Kind::Commit => return None,
        Ok(h) => match h.kind() {
            gix::object::Kind::Blob => "a blob",
            gix::object::Kind::Tree => "a tree",
            _ => "a tag",
        },
        Err(_) => "an object missing from this clone",
    };
    // `refs/remotes/<remote>/notes/checkpoints`: a remote's, as last fetched.
    let remote = refname
        .strip_prefix("refs/remotes/")
        .and_then(|r| r.strip_suffix("/notes/checkpoints"));
    let fix = match remote {
        Some(remote) => format!(
            "{remote}'s notes were neither merged nor pushed over, and the stories were shared as usual; restore it on {remote} (`git push --force {remote} <notes commit>:{NOTES_REF}`) or delete it there (`git push {remote} :{NOTES_REF}`)"
        ),
        None => format!(
            "restore it from `git reflog {refname}` (`git update-ref {refname} <commit>`) or remove it with `git update-ref -d {refname}` (notes are only an index: no checkpoint is lost)"
        ),
    };
    Some(Error::BrokenNotes {
        refname: refname.to_string(),
        kind,
        oid: tip.to_hex_with_len(12).to_string(),
        fix,
    })
}

/// The notes ref's current commit and its tree (the empty tree when the ref does not exist).
///
/// # Errors
/// [`Error::BrokenNotes`] when the ref is not a notes commit ([`broken`]).
fn root(store: &Store, refname: &str) -> Result<(Option<ObjectId>, ObjectId)> {
    let tip = store.tip(refname)?;
    if let Some(e) = tip.and_then(|t| broken(store, refname, t)) {
        return Err(e);
    }
    let tree = match tip {
        Some(t) => store
            .repo()
            .find_commit(t)
            .and_then(|c| c.tree_id())
            .map_err(|e| Error::git(format!("{refname} does not point at a notes commit"), e))?
            .detach(),
        None => ObjectId::empty_tree(store.repo().object_hash()),
    };
    store.prefetch_tree(tree);
    Ok((tip, tree))
}

/// Reads the note `refname` holds for `commit`, if any.
///
/// # Errors
/// [`Error::BrokenNotes`] when `refname` is not a notes commit; [`Error::Git`] when the notes
/// tree cannot be read.
pub fn read(store: &Store, refname: &str, commit: ObjectId) -> Result<Option<String>> {
    let (_, tree) = root(store, refname)?;
    let mut state = State::new(tree, store.repo())
        .map_err(|e| Error::git(format!("cannot read {refname}"), e))?;
    let blob = state
        .get(&commit, store.repo())
        .map_err(|e| Error::git(format!("cannot read {refname}"), e))?;
    blob_text(store, blob)
}

fn blob_text(store: &Store, blob: Option<ObjectId>) -> Result<Option<String>> {
    let Some(blob) = blob else {
        return Ok(None);
    };
    let data = store
        .blob(blob)
        .map_err(|e| Error::git(format!("cannot read note blob {blob}"), e))?;
    Ok(Some(data.to_str_lossy().into_owned()))
}

/// Adds `line` to the note on `commit` in a transaction of its own on the notes ref, planned
/// again from the notes ref as it is now whenever another writer moved it first
/// ([`Store::transact`]: compare-and-swap, retried with backoff). With `replaced` (code
/// commit, checkpoint commit: a folded hook revision, docs/FORMAT.md "Quiet history") the line
/// of that replaced checkpoint goes from its code commit's note (the note itself when nothing
/// else is left in it) in the same notes commit. What `save` runs once its checkpoint ref
/// moved: the note being an index (docs/FORMAT.md, "Notes index"), writers of different stories
/// wait for each other only for this small write, and never redo their checkpoint for it.
///
/// # Errors
/// [`Error::BrokenNotes`] when the notes ref is not a notes commit; [`Error::Contended`] or
/// [`Error::LockHeld`] when it kept moving or stayed locked for [`NOTE_PATIENCE`];
/// [`Error::Git`].
pub fn add_line(
    store: &Store,
    commit: ObjectId,
    line: &NoteLine,
    replaced: Option<(ObjectId, ObjectId)>,
) -> Result<()> {
    // Every writer of the repository races for this one ref: under 32 savers on a loaded
    // 2-core machine one lost 64 rounds in a row. Each round some writer wins, so a loser
    // goes on (a fresh round of attempts, backoff restarting) until NOTE_PATIENCE has passed.
    let deadline = std::time::Instant::now() + NOTE_PATIENCE;
    loop {
        let written = store.transact(NOTES_REF, || {
            let edit = crate::signals::deferred(|| write_line(store, commit, line, replaced))?;
            Ok(crate::store::Step::Write(vec![edit], ()))
        });
        match written {
            Err(Error::Contended { .. } | Error::LockHeld { .. })
                if std::time::Instant::now() < deadline => {}
            other => return other,
        }
    }
}

/// How long [`add_line`] goes on trying to write a note while other writers keep winning the
/// notes ref (or holding its lock) before it gives up and the save warns `no note written`.
pub const NOTE_PATIENCE: std::time::Duration = std::time::Duration::from_secs(30);

/// `text` without the lines naming checkpoint commit `checkpoint`.
fn without_checkpoint(text: &str, checkpoint: &str) -> String {
    text.lines()
        .filter(|l| NoteLine::parse(l).is_none_or(|n| n.checkpoint != checkpoint))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn write_line(
    store: &Store,
    commit: ObjectId,
    line: &NoteLine,
    replaced: Option<(ObjectId, ObjectId)>,
) -> Result<RefEdit> {
    let (tip, tree) = root(store, NOTES_REF)?;
    let err = |e| Error::git(format!("cannot update {NOTES_REF}"), e);
    let mut state = State::new(tree, store.repo()).map_err(err)?;
    let gone = replaced.map(|(_, c)| c.to_string());
    if let Some((at, _)) = replaced.filter(|(at, _)| *at != commit) {
        let text = blob_text(store, state.get(&at, store.repo()).map_err(err)?)?;
        if let (Some(text), Some(gone)) = (text, &gone) {
            let kept = without_checkpoint(&text, gone);
            let blob = if kept.trim().is_empty() {
                None
            } else {
                Some(
                    store
                        .repo()
                        .write_blob(kept.as_bytes())
                        .map_err(err)?
                        .detach(),
                )
            };
            state.edit(at, blob, store.repo()).map_err(err)?;
        }
    }
    let existing = blob_text(store, state.get(&commit, store.repo()).map_err(err)?)?;
    let existing = match (existing, &gone) {
        (Some(t), Some(gone)) => Some(without_checkpoint(&t, gone)),
        (e, _) => e,
    };
    let text = merge_text([existing.as_deref().unwrap_or(""), line.format().as_str()]);
    let blob = store
        .repo()
        .write_blob(text.as_bytes())
        .map_err(err)?
        .detach();
    let edit = state.replace(commit, blob, store.repo()).map_err(err)?;
    let message = format!("checkpoint: note {} r{}", line.story, line.revision);
    let notes_commit = store.write_plain_commit(edit.tree, tip.into_iter().collect(), &message)?;
    Ok(update_edit(
        NOTES_REF,
        notes_commit,
        expected(tip),
        "checkpoint: note",
    ))
}

/// Every note in the notes tree of commit `notes_commit`: annotated object -> note blob.
///
/// # Errors
/// [`Error::Git`] when a tree cannot be read.
pub fn all(store: &Store, notes_commit: ObjectId) -> Result<BTreeMap<ObjectId, ObjectId>> {
    let tree = store
        .repo()
        .find_commit(notes_commit)
        .and_then(|c| c.tree_id())
        .map_err(|e| Error::git(format!("{notes_commit} is not a notes commit"), e))?
        .detach();
    store.prefetch_tree(tree);
    let mut out = BTreeMap::new();
    walk(store, tree, String::new(), &mut out)?;
    Ok(out)
}

/// Collects notes at any fan-out depth: path components concatenate to the object's hex id.
fn walk(
    store: &Store,
    tree: ObjectId,
    prefix: String,
    out: &mut BTreeMap<ObjectId, ObjectId>,
) -> Result<()> {
    let t = store
        .repo()
        .find_tree(tree)
        .map_err(|e| Error::git(format!("cannot read notes tree {tree}"), e))?;
    let hex_len = store.repo().object_hash().len_in_hex();
    for entry in t.iter() {
        let entry = entry.map_err(|e| Error::git(format!("bad notes tree {tree}"), e))?;
        let name = format!("{prefix}{}", entry.filename().to_str_lossy());
        if !name.bytes().all(|b| b.is_ascii_hexdigit()) || name.len() > hex_len {
            continue; // not part of the notes layout; git ignores it too
        }
        let id = entry.object_id();
        if entry.mode().is_tree() {
            walk(store, id, name, out)?;
        } else if name.len() == hex_len {
            if let Ok(annotated) = ObjectId::from_hex(name.as_bytes()) {
                out.insert(annotated, id);
            }
        }
    }
    Ok(())
}

/// Writes a notes commit merging `theirs` into `ours` (both notes commits): notes only on one
/// side are taken as they are, notes on both are merged line by line ([`merge_text`]). Returns
/// the merge commit, with parents `ours` and `theirs`.
///
/// # Errors
/// [`Error::Git`] when objects cannot be read or written.
pub fn merge(store: &Store, ours: ObjectId, theirs: ObjectId) -> Result<ObjectId> {
    crate::signals::deferred(|| write_merge(store, ours, theirs))
}

fn write_merge(store: &Store, ours: ObjectId, theirs: ObjectId) -> Result<ObjectId> {
    let err = |e| Error::git(format!("cannot merge {NOTES_REF}"), e);
    let our_notes = all(store, ours)?;
    let their_notes = all(store, theirs)?;
    let our_tree = store
        .repo()
        .find_commit(ours)
        .and_then(|c| c.tree_id())
        .map_err(err)?
        .detach();
    let mut state = State::new(our_tree, store.repo()).map_err(err)?;
    for (object, their_blob) in &their_notes {
        let blob = match our_notes.get(object) {
            None => *their_blob,
            Some(our_blob) if our_blob == their_blob => continue,
            Some(our_blob) => {
                let a = blob_text(store, Some(*our_blob))?.unwrap_or_default();
                let b = blob_text(store, Some(*their_blob))?.unwrap_or_default();
                let text = merge_text([a.as_str(), b.as_str()]);
                store
                    .repo()
                    .write_blob(text.as_bytes())
                    .map_err(err)?
                    .detach()
            }
        };
        state.edit(*object, Some(blob), store.repo()).map_err(err)?;
    }
    let tree = state.write(store.repo()).map_err(err)?;
    store.write_plain_commit(tree, vec![ours, theirs], "checkpoint: merge notes")
}

fn expected(tip: Option<ObjectId>) -> PreviousValue {
    match tip {
        Some(t) => PreviousValue::MustExistAndMatch(gix::refs::Target::Object(t)),
        None => PreviousValue::MustNotExist,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(story: &str, c: char, rev: u64) -> String {
        NoteLine {
            story: story.into(),
            checkpoint: c.to_string().repeat(40),
            revision: rev,
            summary: format!("summary {rev}"),
        }
        .format()
    }

    #[test]
    fn lines_round_trip() {
        let l = line("auth", 'a', 3);
        assert_eq!(NoteLine::parse(&l).unwrap().format(), l);
        assert_eq!(NoteLine::parse("free text"), None);
    }

    #[test]
    fn merge_keeps_every_story_and_the_latest_revision() {
        let a = format!("{}\n", line("auth", 'a', 1));
        let b = format!("{}\n{}\n", line("auth", 'b', 2), line("login", 'c', 1));
        let m = merge_text([a.as_str(), b.as_str()]);
        assert_eq!(
            m,
            format!("{}\n{}\n", line("auth", 'b', 2), line("login", 'c', 1))
        );
        // Diverged clones at the same revision: both lines stay.
        let c = format!("{}\n", line("auth", 'd', 2));
        let m2 = merge_text([m.as_str(), c.as_str()]);
        assert_eq!(m2.lines().filter(|l| l.starts_with("auth ")).count(), 2);
        assert_eq!(merge_text([m2.as_str(), m2.as_str()]), m2);
    }
}
