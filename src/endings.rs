//! Endings that propagate: purge records. A purge (`done --purge`) deletes a story's refs here
//! and leaves `refs/checkpoints-purged/<story>`, a small commit whose tree holds only
//! `purged.json` (the purged tips and every revision id of the purged history, never their
//! content) and whose parents are earlier purge records of the same story only, so the purged
//! history stays unreachable. The record is pushed and fetched like the checkpoints; a clone
//! that learns of it removes its copies of the purged revisions, and keeps (never pushing) a
//! copy with new work on top, reported. Layout: docs/FORMAT.md, "Endings".
//!
//! Reads and writes records and answers which refs they cover; turning that into sync
//! outcomes is `sync.rs`'s job (this module must not depend on it).

use crate::error::{Error, Result};
use crate::names::{ACTIVE_PREFIX, ARCHIVE_PREFIX, PURGED_PREFIX};
use crate::remote::tracking_purged_prefix;
use crate::store::{self, Store};
use crate::story::StoryId;
use gix::ObjectId;
use std::collections::{HashMap, HashSet};

/// The file a purge record's tree holds.
pub const PURGE_FILE: &str = "purged.json";

/// Most commits a walk from a tip looks at to find purged history below new work.
pub const WALK_LIMIT: usize = crate::gitstate::WALK_LIMIT;

/// The content of `purged.json` (docs/FORMAT.md, "Endings").
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// 1.
    pub schema_version: u32,
    /// The canonical story id.
    pub story: String,
    /// When the latest purge of this record was made (RFC 3339).
    pub purged_at: String,
    /// The refs purged and their tips, latest purge last (`{ref, commit}`).
    pub tips: Vec<PurgedTip>,
    /// Every revision of the purged histories (full hex ids, sorted).
    pub revisions: Vec<String>,
}

/// One purged ref and the tip it had.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PurgedTip {
    /// `refs/checkpoints/<story>` or `refs/checkpoints-archive/<story>`, here or on a remote.
    #[serde(rename = "ref")]
    pub refname: String,
    /// Its tip when purged (full hex).
    pub commit: String,
}

/// How a purge record bears on a tip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cover {
    /// The tip is a purged revision (equal to or an ancestor of a purged tip).
    Purged,
    /// The tip is new work on top of purged revisions.
    OnTop,
}

/// The purged revisions of every story that has a purge record, here and as fetched from
/// remotes.
#[derive(Debug, Default)]
pub struct Purges {
    by_story: HashMap<String, HashSet<ObjectId>>,
}

impl Purges {
    /// Whether no story has a purge record.
    pub fn is_empty(&self) -> bool {
        self.by_story.is_empty()
    }

    /// The stories with a purge record, sorted.
    pub fn stories(&self) -> Vec<String> {
        let mut s: Vec<String> = self.by_story.keys().cloned().collect();
        s.sort();
        s
    }

    /// Whether `story` has a purge record.
    pub fn has(&self, story: &str) -> bool {
        self.by_story.contains_key(story)
    }

    /// How `story`'s records bear on `tip`: [`Cover::Purged`] when `tip` is a purged
    /// revision, [`Cover::OnTop`] when one of its first [`WALK_LIMIT`] ancestors is, `None`
    /// otherwise (also for a story with no record: no walk then).
    ///
    /// # Errors
    /// [`Error::Git`] when the history of `tip` cannot be walked.
    pub fn cover(&self, store: &Store, story: &str, tip: ObjectId) -> Result<Option<Cover>> {
        let Some(set) = self.by_story.get(story) else {
            return Ok(None);
        };
        if set.contains(&tip) {
            return Ok(Some(Cover::Purged));
        }
        let walk = store
            .repo()
            .rev_walk([tip])
            .all()
            .map_err(|e| Error::git(format!("cannot walk {tip}"), e))?;
        for info in walk.take(WALK_LIMIT) {
            let Ok(info) = info else { break };
            if set.contains(&info.id) {
                return Ok(Some(Cover::OnTop));
            }
        }
        Ok(None)
    }
}

/// Reads a record commit's `purged.json`.
///
/// # Errors
/// [`Error::Corrupt`] when the commit holds no readable record.
pub fn read(store: &Store, refname: &str, id: ObjectId) -> Result<Record> {
    store.json_file(refname, id, PURGE_FILE)
}

/// Every purge record here (`refs/checkpoints-purged/*`) and fetched from every remote
/// (`refs/remotes/<remote>/checkpoints-purged/*`): one read per record, nothing per story.
///
/// # Errors
/// Storage errors; [`Error::Corrupt`] for a record that cannot be read.
pub fn load(store: &Store) -> Result<Purges> {
    let mut purges = Purges::default();
    let mut prefixes = vec![PURGED_PREFIX.to_string()];
    prefixes.extend(
        store
            .remote_names()
            .iter()
            .map(|r| tracking_purged_prefix(r)),
    );
    for prefix in prefixes {
        for (story, id) in store.refs(&prefix)? {
            let record = read(store, &format!("{prefix}{story}"), id)?;
            let set = purges.by_story.entry(story).or_default();
            set.extend(
                record
                    .revisions
                    .iter()
                    .chain(record.tips.iter().map(|t| &t.commit))
                    .filter_map(|h| ObjectId::from_hex(h.as_bytes()).ok()),
            );
        }
    }
    Ok(purges)
}

/// Records a purge of `story` in `refs/checkpoints-purged/<story>`: the tips of `targets` (the
/// refs deleted here) and of every remote-tracking ref of the story, and every revision
/// reachable from them, joined to the story's earlier record (its parent). Compare-and-swap.
///
/// # Errors
/// Storage errors; [`Error::NoIdentity`].
pub fn record(store: &Store, story: &StoryId, targets: &[(String, ObjectId)]) -> Result<()> {
    let mut tips: Vec<(String, ObjectId)> = targets.to_vec();
    for remote in store.remote_names() {
        for (prefix, local) in [
            (crate::remote::tracking_prefix(&remote), story.refname()),
            (
                crate::remote::tracking_archive_prefix(&remote),
                story.archive_refname(),
            ),
        ] {
            if let Some(oid) = store.tip(&format!("{prefix}{}", story.as_str()))? {
                if !tips.iter().any(|(_, t)| *t == oid) {
                    tips.push((format!("{remote}:{local}"), oid));
                }
            }
        }
    }
    let walk = store
        .repo()
        .rev_walk(tips.iter().map(|(_, t)| *t))
        .all()
        .map_err(|e| Error::git(format!("cannot walk the history of {story}"), e))?;
    let mut revisions = HashSet::new();
    for info in walk {
        let info =
            info.map_err(|e| Error::git(format!("cannot walk the history of {story}"), e))?;
        revisions.insert(info.id);
    }
    let refname = purged_refname(story);
    let new_tips: Vec<PurgedTip> = tips
        .iter()
        .map(|(r, t)| PurgedTip {
            refname: r.clone(),
            commit: t.to_string(),
        })
        .collect();
    store.transact(&refname, || {
        let previous = store.tip(&refname)?;
        let mut record = match previous {
            Some(p) => read(store, &refname, p)?,
            None => Record::default(),
        };
        let mut all: HashSet<String> = record.revisions.drain(..).collect();
        all.extend(revisions.iter().map(|r| r.to_string()));
        let mut all: Vec<String> = all.into_iter().collect();
        all.sort();
        record.schema_version = 1;
        record.story = story.as_str().to_string();
        record.purged_at = store::now_rfc3339();
        record.revisions = all;
        for t in &new_tips {
            if !record.tips.contains(t) {
                record.tips.push(t.clone());
            }
        }
        let id = write_record(store, &record, previous.into_iter().collect())?;
        Ok(store::Step::Write(
            vec![store::update_edit(
                &refname,
                id,
                store::expect(previous),
                "checkpoint: purge",
            )],
            (),
        ))
    })
}

/// Writes a record commit with `parents` (earlier records only); no ref moves.
fn write_record(store: &Store, record: &Record, parents: Vec<ObjectId>) -> Result<ObjectId> {
    let json = serde_json::to_vec_pretty(record).expect("a record always serialises");
    let trailers: String = record
        .tips
        .iter()
        .map(|t| format!("Checkpoint-Purged: {} {}\n", t.refname, t.commit))
        .collect();
    let message = format!(
        "checkpoint: purged {}\n\n{}",
        record.story,
        trailers.trim_end()
    );
    store.write_files_commit(&[(PURGE_FILE, json.as_slice())], &message, parents, None)
}

/// `refs/checkpoints-purged/<story>`.
pub fn purged_refname(story: &StoryId) -> String {
    format!("{PURGED_PREFIX}{}", story.as_str())
}

/// Brings `remote`'s purge records (as fetched) into the local ones: a missing local record is
/// created, one behind fast-forwarded, diverged ones joined in a new record with both as
/// parents. Returns the stories whose record changed.
///
/// # Errors
/// Storage errors; [`Error::Corrupt`] for a record that cannot be read.
pub fn integrate_records(store: &Store, remote: &str) -> Result<Vec<String>> {
    let prefix = tracking_purged_prefix(remote);
    let mut changed = Vec::new();
    for (story, theirs) in store.refs(&prefix)? {
        let Ok(id) = StoryId::parse(&story) else {
            continue;
        };
        if id.as_str() != story {
            continue;
        }
        let refname = purged_refname(&id);
        let moved = store.transact(&refname, || {
            let ours = store.tip(&refname)?;
            let new = match ours {
                None => theirs,
                Some(o) if o == theirs => return Ok(store::Step::Nothing(false)),
                Some(o) => match store.merge_base(o, theirs)? {
                    Some(b) if b == theirs => return Ok(store::Step::Nothing(false)),
                    Some(b) if b == o => theirs,
                    _ => {
                        let a = read(store, &refname, o)?;
                        let b = read(store, &format!("{prefix}{story}"), theirs)?;
                        let mut revisions: Vec<String> = a
                            .revisions
                            .iter()
                            .chain(&b.revisions)
                            .cloned()
                            .collect::<HashSet<_>>()
                            .into_iter()
                            .collect();
                        revisions.sort();
                        let mut tips = a.tips.clone();
                        tips.extend(b.tips.into_iter().filter(|t| !a.tips.contains(t)));
                        let joined = Record {
                            schema_version: 1,
                            story: story.clone(),
                            purged_at: a.purged_at.max(b.purged_at),
                            tips,
                            revisions,
                        };
                        write_record(store, &joined, vec![o, theirs])?
                    }
                },
            };
            Ok(store::Step::Write(
                vec![store::update_edit(
                    &refname,
                    new,
                    store::expect(ours),
                    "checkpoint: integrate",
                )],
                true,
            ))
        })?;
        if moved {
            changed.push(story);
        }
    }
    Ok(changed)
}

/// A local ref of a story covered by a purge record, as [`covered_local`] finds it.
#[derive(Debug, Clone)]
pub struct Covered {
    /// The story.
    pub story: String,
    /// `refs/checkpoints/<story>` or `refs/checkpoints-archive/<story>`.
    pub refname: String,
    /// Its tip.
    pub tip: ObjectId,
    /// Whether it is purged history or new work on top of it.
    pub cover: Cover,
}

/// The local checkpoint and archive refs that `purges` cover (one look-up per purged story).
///
/// # Errors
/// Storage errors.
pub fn covered_local(store: &Store, purges: &Purges) -> Result<Vec<Covered>> {
    let mut out = Vec::new();
    for story in purges.stories() {
        for prefix in [ACTIVE_PREFIX, ARCHIVE_PREFIX] {
            let refname = format!("{prefix}{story}");
            let Some(tip) = store.tip(&refname)? else {
                continue;
            };
            if let Some(cover) = purges.cover(store, &story, tip)? {
                out.push(Covered {
                    story: story.clone(),
                    refname,
                    tip,
                    cover,
                });
            }
        }
    }
    Ok(out)
}

/// What a user should be told about how `story` ended elsewhere, one sentence each: a local
/// copy of purged history (or new work on top of it), or a story both active and archived.
/// For `resume`, `status` and `list`.
///
/// # Errors
/// Storage errors.
pub fn warnings(store: &Store, story: &StoryId) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let active = store.tip(&story.refname())?;
    let archived = store.tip(&story.archive_refname())?;
    let mut records = vec![purged_refname(story)];
    records.extend(
        store
            .remote_names()
            .iter()
            .map(|r| format!("{}{}", tracking_purged_prefix(r), story.as_str())),
    );
    let mut purges = Purges::default();
    for r in &records {
        if let Some(id) = store.tip(r)? {
            let record = read(store, r, id)?;
            purges
                .by_story
                .entry(story.as_str().to_string())
                .or_default()
                .extend(
                    record
                        .revisions
                        .iter()
                        .filter_map(|h| ObjectId::from_hex(h.as_bytes()).ok()),
                );
        }
    }
    for (refname, tip) in [
        (story.refname(), active),
        (story.archive_refname(), archived),
    ] {
        let Some(tip) = tip else { continue };
        match purges.cover(store, story.as_str(), tip)? {
            Some(Cover::Purged) => out.push(format!(
                "{story} was purged elsewhere ({}); this copy of {refname} is never pushed and the next `git checkpoint fetch` removes it",
                purged_refname(story)
            )),
            Some(Cover::OnTop) => out.push(purged_on_top(store, story, &refname, tip)?),
            None => {}
        }
    }
    if let (Some(a), Some(z)) = (active, archived) {
        if !reopened(store, a, z)? {
            out.push(active_and_archived(store, story, a, z, Side::Unknown)?);
        }
    }
    Ok(out)
}

/// Whether a story both active (tip `active`) and archived (tip `archived`) was reopened: saved
/// again after it was finished, so that its active history shares no revision with its archive
/// (a save after `done` starts a new history, docs/FORMAT.md "Reopening"). That is the user's
/// choice, not a race to tell about: a revision saved on top of history that was finished
/// meanwhile shares it.
///
/// # Errors
/// [`crate::Error::Git`] when the commit graph cannot be walked.
pub fn reopened(store: &Store, active: ObjectId, archived: ObjectId) -> Result<bool> {
    Ok(store.merge_base(active, archived)?.is_none())
}

/// The sentence for a local ref with new work on top of purged history.
///
/// # Errors
/// Storage errors.
pub fn purged_on_top(
    store: &Store,
    story: &StoryId,
    refname: &str,
    tip: ObjectId,
) -> Result<String> {
    let n = store.summary(tip)?.revision;
    Ok(format!(
        "{story} was purged elsewhere ({}) while you saved revision {n} here on top of the purged history: it stays here and is never pushed; `git checkpoint done {story} --purge --yes` to purge it too, or `git checkpoint export {story}` and start a new story from it ({refname})",
        purged_refname(story)
    ))
}

/// Where the two sides of a story both active and archived come from.
#[derive(Debug, Clone, Copy)]
pub enum Side<'a> {
    /// Not known (both refs are here).
    Unknown,
    /// Finished on this remote while the active revision was saved here.
    FinishedOn(&'a str),
    /// Finished here while the active revision was saved on this remote.
    SavedOn(&'a str),
}

/// The sentence for a story both active (`active`) and archived (`archived`): which side
/// finished it, both revisions, and the one-line choice.
///
/// # Errors
/// Storage errors.
pub fn active_and_archived(
    store: &Store,
    story: &StoryId,
    active: ObjectId,
    archived: ObjectId,
    side: Side,
) -> Result<String> {
    let finished = store.summary(archived)?.revision;
    let saved = store.summary(active)?.revision;
    let what = match side {
        Side::Unknown => format!(
            "{story} was finished (revision {finished}) and saved again (revision {saved})"
        ),
        Side::FinishedOn(r) => format!(
            "{story} was finished on {r} (revision {finished}) while you saved revision {saved} here"
        ),
        Side::SavedOn(r) => format!(
            "{story} was finished here (revision {finished}) while revision {saved} was saved on {r}"
        ),
    };
    Ok(format!(
        "{what}: it is both active and archived; `git checkpoint done {story}` to finish it too, or keep saving to reopen it"
    ))
}

/// [`warnings`] for every story that needs one, sorted by story: those both active and
/// archived here, and those with a local copy of purged history. For `list`: two ref listings
/// and one read per purge record, a summary read only per story warned about.
///
/// # Errors
/// Storage errors.
pub fn all_warnings(store: &Store) -> Result<Vec<String>> {
    let archived: HashSet<String> = store
        .refs(ARCHIVE_PREFIX)?
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    let mut stories: Vec<String> = Vec::new();
    if !archived.is_empty() {
        stories.extend(
            store
                .refs(ACTIVE_PREFIX)?
                .into_iter()
                .map(|(s, _)| s)
                .filter(|s| archived.contains(s)),
        );
    }
    let purges = load(store)?;
    stories.extend(covered_local(store, &purges)?.into_iter().map(|c| c.story));
    stories.sort();
    stories.dedup();
    let mut out = Vec::new();
    for s in stories {
        if let Ok(story) = StoryId::parse(&s) {
            out.extend(warnings(store, &story)?);
        }
    }
    Ok(out)
}
