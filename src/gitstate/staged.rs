//! The HEAD-to-index half of a status (what is staged), compared the way git's own status
//! compares it: a directory whose cache-tree entry (the index's `TREE` extension,
//! gitformat-index(5) "Cache tree") is valid and names the same tree as HEAD's holds nothing
//! staged and is not read; only the directories the cache tree marks changed are compared entry
//! by entry, as `git diff-index --cached` skips the others (unpack-trees.c,
//! `cache_tree_matches_traversal`). One staged file in a 200-file tree reads the four trees on
//! its path, not all of HEAD's.

use gix::bstr::{BString, ByteSlice, ByteVec};
use gix::index::extension::Tree as CacheTree;
use gix::objs::tree::EntryKind;
use gix::ObjectId;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::ops::Range;

/// The paths staged in `index` against HEAD's tree: added, deleted, or changed in content or
/// mode, in no particular order. An unborn HEAD compares against the empty tree.
///
/// `None` when the comparison is left to gix's status: the index has a conflict, an
/// intent-to-add entry or a sparse directory (which the cache tree does not describe), one of
/// HEAD's trees cannot be read, or a path was deleted and another added, which may be a rename
/// (gix's rename tracking lists it under its new path only, as `git status` does).
pub(super) fn staged(repo: &gix::Repository, index: &gix::index::State) -> Option<Vec<String>> {
    let unusual = |e: &gix::index::Entry| {
        e.stage_raw() != 0 || e.flags.contains(gix::index::entry::Flags::INTENT_TO_ADD)
    };
    if index.is_sparse() || index.entries().iter().any(unusual) {
        return None;
    }
    let head = repo.head_tree_id_or_empty().ok()?.detach();
    let (head_files, skipped) = head_files(repo, index, head)?;
    let entries = index.entries();
    let mut indexed = Vec::with_capacity(entries.len());
    let mut k = 0;
    for (i, entry) in entries.iter().enumerate() {
        while skipped.get(k).is_some_and(|r| r.end <= i) {
            k += 1;
        }
        if !skipped.get(k).is_some_and(|r| r.contains(&i)) {
            indexed.push(entry);
        }
    }
    // Both sorted by path: one merge.
    let mut out = Vec::new();
    let (mut deleted, mut added) = (false, false);
    let (mut h, mut x) = (head_files.iter().peekable(), indexed.iter().peekable());
    let path = |p: &[u8]| p.to_str_lossy().into_owned();
    loop {
        match (h.peek(), x.peek()) {
            (None, None) => break,
            (Some((p, ..)), None) => {
                out.push(path(p));
                deleted = true;
                h.next();
            }
            (None, Some(e)) => {
                out.push(path(e.path(index)));
                added = true;
                x.next();
            }
            (Some((p, kind, id)), Some(e)) => match p.as_slice().cmp(e.path(index).as_bytes()) {
                Ordering::Less => {
                    out.push(path(p));
                    deleted = true;
                    h.next();
                }
                Ordering::Greater => {
                    out.push(path(e.path(index)));
                    added = true;
                    x.next();
                }
                Ordering::Equal => {
                    if e.id != *id || e.mode.to_tree_entry_mode().map(|m| m.kind()) != Some(*kind) {
                        out.push(path(p));
                    }
                    h.next();
                    x.next();
                }
            },
        }
    }
    (!(deleted && added)).then_some(out)
}

/// A file of HEAD's tree: its path, kind and blob (or commit) id.
type HeadFile = (BString, EntryKind, ObjectId);

/// HEAD's files sorted by path, outside the directories the cache tree shows
/// unchanged, and the ranges of `index`'s entries inside those directories, sorted. A
/// directory counts as unchanged when its cache-tree entry is valid, names the same tree as
/// HEAD's and counts as many entries as the index holds under it.
fn head_files(
    repo: &gix::Repository,
    index: &gix::index::State,
    head: ObjectId,
) -> Option<(Vec<HeadFile>, Vec<Range<usize>>)> {
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    let mut pending: Vec<(ObjectId, BString, Option<&CacheTree>)> =
        vec![(head, BString::default(), index.tree())];
    while let Some((id, dir, cache)) = pending.pop() {
        if let Some(c) = cache.filter(|c| c.id == id) {
            let under = index.prefixed_entries_range(dir.as_bstr());
            if c.num_entries
                .is_some_and(|n| n as usize == under.as_ref().map_or(0, |r| r.len()))
            {
                skipped.extend(under);
                continue;
            }
        }
        let children: HashMap<&[u8], &CacheTree> = cache
            .map(|c| c.children.iter().map(|t| (t.name.as_slice(), t)).collect())
            .unwrap_or_default();
        let tree = repo.find_tree(id).ok()?;
        for entry in tree.iter() {
            let entry = entry.ok()?;
            let mut path = dir.clone();
            path.push_str(entry.filename());
            if entry.mode().is_tree() {
                let child = children.get(entry.filename().as_bytes()).copied();
                path.push(b'/');
                pending.push((entry.oid().to_owned(), path, child));
            } else {
                files.push((path, entry.mode().kind(), entry.oid().to_owned()));
            }
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    skipped.sort_by_key(|r| r.start);
    Some((files, skipped))
}
