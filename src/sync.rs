//! Integrating fetched checkpoints: for each story tracked from a remote, fast-forward the local
//! ref when it is behind, leave it when ahead or equal, and write a merge commit (both tips as
//! parents, document merged section by section) when the histories diverged. Notes merge by
//! line union. Every ref move is compare-and-swap; no local revision is ever dropped.
//!
//! Local object and ref work only (gix); the transport is `remote.rs`.

use crate::endings::{self, Cover, Purges};
use crate::error::{Error, Result};
use crate::formats;
use crate::model::{self, Document};
use crate::names::NOTES_REF;
use crate::notes;
use crate::pack;
use crate::remote::{tracking_archive_prefix, tracking_notes, tracking_prefix};
use crate::store::{
    self, expect, update_edit, Meta, NewRevision, PreviousValue, Status, Store, ACTIVE_PREFIX,
    ARCHIVE_PREFIX,
};
use crate::story::StoryId;
use gix::refs::transaction::RefEdit;
use gix::ObjectId;
use std::collections::{HashMap, HashSet};

/// What happened to one ref.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Local and remote are the same commit.
    UpToDate,
    /// Local has everything the remote has, and more.
    Ahead,
    /// The local ref did not exist and now points at the remote's tip.
    Created,
    /// The local ref moved forward to the remote's tip.
    FastForward,
    /// Diverged: a merge commit was written.
    Merged,
    /// The local active ref held only finished history (all of it in the story's archive)
    /// and now points at the remote's tip, which does not descend from it: the story was
    /// finished and reopened on the remote (nothing of the local ref is lost: the archive
    /// holds it).
    Reopened,
    /// Not integrated (finished or purged here, an id we refuse, or a ref that is no checkpoint
    /// or notes commit at all); see the reason.
    Skipped,
    /// The active ref was removed: its whole history is in the story's archive (finished).
    Finished,
    /// The local ref was removed: its history was purged (a purge record, see
    /// `crate::endings`).
    Purged,
    /// Finished on one side while saved on the other: the story is both active and archived
    /// until the user chooses (the reason says how).
    RacedFinish,
    /// Purged elsewhere while new work was saved here on top of it: kept here, never pushed
    /// (the reason says what to do).
    RacedPurge,
}

/// The outcome for one story (or the notes ref, with `story` = `refs/notes/checkpoints`).
///
/// In `fetch`, `push` and `sync --json` (`integrated`); the schema's conditions: `reason` is
/// a sentence exactly for `skipped`, `finished`, `purged`, `raced_finish` and `raced_purge`,
/// `tip` is null only when skipped, and only `merged` has conflicts.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
#[schemars(extend("allOf" = [
    {
        "if": {"properties": {"action": {"enum": ["skipped", "finished", "purged", "raced_finish", "raced_purge"]}}},
        "then": {"properties": {"reason": {"type": "string", "minLength": 1}}},
        "else": {"properties": {"reason": {"type": "null"}}}
    },
    {
        "if": {"properties": {"action": {"const": "skipped"}}},
        "else": {"properties": {"tip": {"type": "string"}}}
    },
    {
        "if": {"properties": {"action": {"const": "merged"}}},
        "else": {"properties": {"conflicts": {"maxItems": 0}}}
    }
]))]
pub struct Outcome {
    /// Canonical story id; `refs/notes/checkpoints` for the notes ref; the name as fetched
    /// when it is not a canonical id (then skipped).
    #[schemars(length(min = 1))]
    pub story: String,
    /// The local ref concerned (the remote-tracking ref when skipped as not canonical, or as no
    /// checkpoint or notes commit).
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// What happened.
    pub action: Action,
    /// The local tip afterwards (full hex); null only when skipped and there is no local ref.
    #[schemars(extend("pattern" = crate::names::OID_PATTERN))]
    pub tip: Option<String>,
    /// Merge conflicts, one sentence each (confidence drops to `needs_confirmation`).
    pub conflicts: Vec<String>,
    /// Why it was skipped, finished or purged, or the choice a race leaves; null otherwise.
    pub reason: Option<String>,
}

/// Appends `more` to `out`, except a [`Action::Skipped`] outcome for a ref `out` already
/// skips: a broken ref is said once when a sync's fetch and push both meet it.
pub fn extend_once(out: &mut Vec<Outcome>, more: Vec<Outcome>) {
    for o in more {
        let said = o.action == Action::Skipped
            && out
                .iter()
                .any(|p| p.action == Action::Skipped && p.refname == o.refname);
        if !said {
            out.push(o);
        }
    }
}

/// Integrates everything fetched from `remote` into the local refs.
///
/// # Errors
/// Storage errors; [`Error::LockHeld`]; [`Error::Contended`] when a ref keeps moving.
pub fn integrate(store: &Store, remote: &str) -> Result<Vec<Outcome>> {
    integrate_stories(store, remote, None)
}

/// [`integrate`] of `stories` only (all when `None`): their active and archived refs as
/// fetched from `remote`, the purge records and the notes ref. With stories named, only their
/// refs are read, never a listing of every story.
///
/// # Errors
/// As [`integrate`].
pub fn integrate_stories(
    store: &Store,
    remote: &str,
    stories: Option<&[StoryId]>,
) -> Result<Vec<Outcome>> {
    let mut out = Vec::new();
    let purges = apply_purges(store, remote, &mut out)?;
    let mut tombstones: Vec<Option<Tombstone>> = tombstones(store)?.into_iter().map(Some).collect();
    // This remote's pending deletions by ref, the first of each as a scan would find it: one
    // look-up per fetched ref instead of a scan of the list.
    let mut pending: HashMap<String, usize> = HashMap::new();
    for (i, t) in tombstones.iter().enumerate() {
        if let Some(t) = t.as_ref().filter(|t| t.remote == remote) {
            pending.entry(t.refname.clone()).or_insert(i);
        }
    }
    // Archives first, so a story finished on either side is known before its active ref.
    for (prefix, local_prefix) in [
        (tracking_archive_prefix(remote), ARCHIVE_PREFIX),
        (tracking_prefix(remote), ACTIVE_PREFIX),
    ] {
        let mut batch: Vec<(usize, StoryId, String, ObjectId)> = Vec::new();
        let mut voided = false;
        for (name, theirs) in named_refs(store, &prefix, stories)? {
            let story = match StoryId::parse(&name) {
                Ok(s) if s.as_str() == name => s,
                parsed => {
                    let reason = match parsed {
                        // Story ids ignore case: `ABC` is never merged into `abc`, but is read.
                        Ok(s) => format!(
                            "its id differs only in letter case from story {}, and story ids ignore case, so it is left in the remote-tracking ref; `git checkpoint resume {remote}/{name}{}` reads it",
                            s.as_str(),
                            if local_prefix == ARCHIVE_PREFIX { " --archived" } else { "" }
                        ),
                        Err(_) => {
                            "not a canonical story id; left in the remote-tracking ref".into()
                        }
                    };
                    out.push(Outcome {
                        story: name.clone(),
                        refname: format!("{prefix}{name}"),
                        action: Action::Skipped,
                        tip: None,
                        conflicts: Vec::new(),
                        reason: Some(reason),
                    });
                    continue;
                }
            };
            let refname = format!("{local_prefix}{}", story.as_str());
            if purges.cover(store, story.as_str(), theirs)?.is_some() {
                let mut o = outcome(story.as_str(), &refname, Action::Skipped, None);
                o.reason = Some(format!(
                    "purged ({}); the next push deletes it on {remote}",
                    endings::purged_refname(&story)
                ));
                out.push(o);
                continue;
            }
            if let Some(&i) = pending.get(&refname) {
                if tombstones[i].as_ref().is_some_and(|t| t.oid == theirs) {
                    let mut o = outcome(story.as_str(), &refname, Action::Skipped, None);
                    o.reason = Some("purged here; the next push deletes it on the remote".into());
                    out.push(o);
                    continue;
                }
                // New work arrived on the remote since the purge: it wins, the purge is void.
                // (Each ref is fetched once, so it is not looked up again.)
                tombstones[i] = None;
                voided = true;
            }
            // A placeholder, replaced by the batch's outcome below (outcomes keep ref order).
            batch.push((out.len(), story.clone(), refname.clone(), theirs));
            out.push(outcome(story.as_str(), &refname, Action::Skipped, None));
        }
        if voided {
            // Written once for the whole list, before any ref moves, as each removal was.
            let left: Vec<Tombstone> = tombstones.iter().flatten().cloned().collect();
            write_tombstones(store, &left)?;
        }
        for ((slot, ..), o) in batch.iter().zip(integrate_batch(store, remote, &batch)?) {
            out[*slot] = o;
        }
    }
    out.extend(finish_archived(store, remote, stories)?);
    if let Some(theirs) = store.tip(&tracking_notes(remote))? {
        out.push(integrate_notes(store, remote, theirs)?);
    }
    Ok(out)
}

/// The refs under `prefix` as (story id, tip), sorted: every one when `stories` is `None`, else
/// those of the named stories that exist (one look-up each).
fn named_refs(
    store: &Store,
    prefix: &str,
    stories: Option<&[StoryId]>,
) -> Result<Vec<(String, ObjectId)>> {
    let Some(stories) = stories else {
        return store.refs(prefix);
    };
    let mut out = Vec::new();
    for s in stories {
        if let Some(tip) = store.tip(&format!("{prefix}{}", s.as_str()))? {
            out.push((s.as_str().to_string(), tip));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Integrates what was fetched of one story (its remote-tracking refs of every remote, as
/// [`integrate`] would, a plain `git fetch` included) into its active ref: a fast-forward when
/// behind, a merge commit when diverged, nothing when ahead or equal. A save calls this first, so
/// it never forks from a stale local tip. Refs of a purge still to be pushed, and stories
/// finished here, are left alone.
///
/// # Errors
/// As [`integrate`].
pub fn integrate_story(store: &Store, story: &StoryId) -> Result<Vec<Outcome>> {
    let refname = story.refname();
    let pending: Vec<Tombstone> = tombstones(store)?;
    let purges = endings::load(store)?;
    let mut out = Vec::new();
    for remote in store.remote_names() {
        let tracking = format!("{}{}", tracking_prefix(&remote), story.as_str());
        let Some(theirs) = store.tip(&tracking)? else {
            continue;
        };
        if store.tip(&refname)? == Some(theirs)
            || pending
                .iter()
                .any(|t| t.remote == remote && t.refname == refname && t.oid == theirs)
            || (purges.has(story.as_str())
                && purges.cover(store, story.as_str(), theirs)?.is_some())
        {
            continue;
        }
        let o = integrate_ref(store, story, &refname, theirs, &remote)?;
        if !matches!(o.action, Action::UpToDate | Action::Ahead) {
            out.push(o);
        }
    }
    Ok(out)
}

/// Whether `ancestor` is reachable from `descendant` (or equal).
fn is_ancestor(store: &Store, ancestor: ObjectId, descendant: ObjectId) -> Result<bool> {
    if ancestor == descendant {
        return Ok(true);
    }
    Ok(merge_base(store, ancestor, descendant)? == Some(ancestor))
}

fn merge_base(store: &Store, a: ObjectId, b: ObjectId) -> Result<Option<ObjectId>> {
    store.merge_base(a, b)
}

fn outcome(story: &str, refname: &str, action: Action, tip: Option<ObjectId>) -> Outcome {
    Outcome {
        story: story.to_string(),
        refname: refname.to_string(),
        action,
        tip: tip.map(|t| t.to_string()),
        conflicts: Vec::new(),
        reason: None,
    }
}

/// Integrates every `(slot, story, local ref, their tip)` of `items` at once, in the order
/// given: merges are computed with their objects kept in memory, the objects are then written
/// together ([`pack::persist`]: one pack when there are many), and every ref moves in one
/// transaction. When a ref moved meanwhile (a save during the sync) the transaction changes
/// nothing and each story is integrated on its own, with compare-and-swap and retries.
fn integrate_batch(
    store: &Store,
    remote: &str,
    items: &[(usize, StoryId, String, ObjectId)],
) -> Result<Vec<Outcome>> {
    let one_by_one = || {
        items
            .iter()
            .map(|(_, story, refname, theirs)| {
                integrate_ref(store, story, refname, *theirs, remote)
            })
            .collect::<Result<Vec<_>>>()
    };
    if items.len() < 2 {
        return one_by_one();
    }
    let (planned, objects) = plan_batch(store, remote, items)?;
    let edits: Vec<RefEdit> = planned.iter().filter_map(|(_, e)| e.clone()).collect();
    let applied = crate::signals::deferred(|| -> Result<bool> {
        let keep = pack::persist(store.repo(), &objects)?;
        let main = edits
            .first()
            .map(|e| e.name.as_bstr().to_string())
            .unwrap_or_default();
        let applied = store.apply_unless_moved(&main, edits).unwrap_or(false);
        if let Some(keep) = keep {
            // The refs point into the pack now (or nothing does, and gc may take it).
            let _ = std::fs::remove_file(keep);
        }
        Ok(applied)
    })?;
    if applied {
        Ok(planned.into_iter().map(|(o, _)| o).collect())
    } else {
        one_by_one()
    }
}

/// The fewest items [`plan_batch`] gives one thread.
const PLAN_CHUNK: usize = 64;

/// Plans the integration of every item of `items` ([`plan_tip`], with [`merge_commit`] for a
/// diverged story), in the order given, without moving a ref: returns each outcome with the
/// edit that applies it, and the objects the merges wrote (kept in memory). Stories are
/// independent, so the items are split over threads ([`Store::chunked`], [`PLAN_CHUNK`]
/// items at least each).
///
/// # Errors
/// The first error of any item, in item order.
#[allow(clippy::type_complexity)]
fn plan_batch(
    store: &Store,
    remote: &str,
    items: &[(usize, StoryId, String, ObjectId)],
) -> Result<(Vec<(Outcome, Option<RefEdit>)>, gix::odb::memory::Storage)> {
    let results = store.chunked(items, PLAN_CHUNK, |memory, chunk| {
        let mut planned = Vec::with_capacity(chunk.len());
        for (_, story, refname, theirs) in chunk {
            planned.push(match finished(memory, story, refname, *theirs)? {
                Some(o) => (o, None),
                None => plan_tip(
                    memory,
                    story.as_str(),
                    refname,
                    (&tracking_ref(remote, refname), *theirs),
                    Kind::Checkpoint,
                    |ours, base| merge_commit(memory, refname, ours, *theirs, base, remote),
                )?,
            });
        }
        Ok((planned, memory.take_objects()))
    })?;
    let mut planned = Vec::with_capacity(items.len());
    let mut objects = gix::odb::memory::Storage::default();
    for (part, mut written) in results {
        planned.extend(part);
        objects.extend(std::mem::take(&mut *written));
    }
    Ok((planned, objects))
}

/// A story finished locally must not come back from an older active ref: the outcome that
/// skips it, when that is the case.
fn finished(
    store: &Store,
    story: &StoryId,
    refname: &str,
    theirs: ObjectId,
) -> Result<Option<Outcome>> {
    if refname.starts_with(ACTIVE_PREFIX) {
        if let Some(archived) = store.tip(&story.archive_refname())? {
            if is_ancestor(store, theirs, archived)? {
                let mut o = outcome(
                    story.as_str(),
                    refname,
                    Action::Skipped,
                    store.tip(refname)?,
                );
                o.reason = Some(format!("finished ({})", story.archive_refname()));
                return Ok(Some(o));
            }
        }
    }
    Ok(None)
}

/// Whether `ours`, the value of the active ref `refname`, is finished history: all of it is
/// in the story's archive, here or on the remote whose remote-tracking ref `from` is (as last
/// fetched). A finished story reopened elsewhere replaces it rather than merging the finished
/// revisions back in.
pub(crate) fn finished_history(
    store: &Store,
    refname: &str,
    from: &str,
    ours: ObjectId,
) -> Result<bool> {
    let Some(name) = refname.strip_prefix(ACTIVE_PREFIX) else {
        return Ok(false);
    };
    // The remote whose tracking ref `from` is ([`tracking_prefix`] and the name; a remote's
    // name may hold slashes), and its archive of the story.
    let remote_archive = from
        .strip_prefix("refs/remotes/")
        .and_then(|r| r.strip_suffix(name))
        .and_then(|r| r.strip_suffix("/checkpoints/"))
        .map(|remote| format!("{}{name}", tracking_archive_prefix(remote)));
    for archive in std::iter::once(format!("{ARCHIVE_PREFIX}{name}")).chain(remote_archive) {
        if let Some(archived) = store.tip(&archive)? {
            if is_ancestor(store, ours, archived)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

fn integrate_ref(
    store: &Store,
    story: &StoryId,
    refname: &str,
    theirs: ObjectId,
    remote: &str,
) -> Result<Outcome> {
    if let Some(o) = finished(store, story, refname, theirs)? {
        return Ok(o);
    }
    integrate_tip(
        store,
        story.as_str(),
        refname,
        (&tracking_ref(remote, refname), theirs),
        Kind::Checkpoint,
        |ours, base| merge_commit(store, refname, ours, theirs, base, remote),
    )
}

/// The remote-tracking ref of `remote` for our ref `refname` (`refs/<rest>` ->
/// `refs/remotes/<remote>/<rest>`), as the fetch refspecs map them.
pub(crate) fn tracking_ref(remote: &str, refname: &str) -> String {
    format!(
        "refs/remotes/{remote}/{}",
        refname.strip_prefix("refs/").unwrap_or(refname)
    )
}

/// What [`plan_tip`] moves: a story's checkpoint (or archive) ref, or the notes ref. Each has
/// its own test of a value that cannot be integrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `refs/checkpoints/<story>` or `refs/checkpoints-archive/<story>`.
    Checkpoint,
    /// `refs/notes/checkpoints`.
    Notes,
}

/// Why `value` of `refname` cannot be integrated as a `kind` (a notes ref that is not a notes
/// commit, a checkpoint ref that points at a blob or a plain commit), as a sentence naming the
/// ref and the fix; `None` when it can.
fn unusable(store: &Store, kind: Kind, refname: &str, value: ObjectId) -> Option<String> {
    match kind {
        Kind::Notes => notes::broken(store, refname, value).map(|e| e.to_string()),
        Kind::Checkpoint => store
            .not_a_checkpoint(refname, value)
            .map(|e| e.to_string()),
    }
}

/// What moving `refname` towards `theirs` (the value of the remote-tracking ref `from`)
/// takes, without moving it: nothing when equal or ahead, a fast-forward when behind, else the
/// commit `merge(ours, merge_base)` returns (with its conflicts). Either side that is not a
/// `kind` at all (see [`unusable`]) is skipped, naming that ref. Returns the outcome and the
/// compare-and-swap edit that applies it (`None` when the ref stays).
fn plan_tip(
    store: &Store,
    name: &str,
    refname: &str,
    (from, theirs): (&str, ObjectId),
    kind: Kind,
    mut merge: impl FnMut(ObjectId, Option<ObjectId>) -> Result<(ObjectId, Vec<String>)>,
) -> Result<(Outcome, Option<RefEdit>)> {
    let ours = store.tip(refname)?;
    if ours != Some(theirs) {
        let bad = unusable(store, kind, from, theirs)
            .map(|r| (from, r))
            .or_else(|| ours.and_then(|o| unusable(store, kind, refname, o).map(|r| (refname, r))));
        if let Some((at, reason)) = bad {
            let mut o = outcome(name, at, Action::Skipped, ours);
            o.reason = Some(reason);
            return Ok((o, None));
        }
    }
    let (action, new_tip, conflicts) = match ours {
        None => (Action::Created, theirs, Vec::new()),
        Some(o) if o == theirs => {
            return Ok((outcome(name, refname, Action::UpToDate, ours), None))
        }
        Some(o) => match merge_base(store, o, theirs)? {
            Some(b) if b == theirs => {
                return Ok((outcome(name, refname, Action::Ahead, ours), None))
            }
            Some(b) if b == o => (Action::FastForward, theirs, Vec::new()),
            _ if kind == Kind::Checkpoint && finished_history(store, refname, from, o)? => {
                (Action::Reopened, theirs, Vec::new())
            }
            base => {
                let (commit, conflicts) = merge(o, base)?;
                (Action::Merged, commit, conflicts)
            }
        },
    };
    let edit = update_edit(refname, new_tip, expect(ours), "checkpoint: integrate");
    let mut o = outcome(name, refname, action, Some(new_tip));
    o.conflicts = conflicts;
    Ok((o, Some(edit)))
}

/// Moves `refname` towards `theirs` as [`plan_tip`] says, by compare-and-swap; retried when the
/// ref moves meanwhile.
fn integrate_tip(
    store: &Store,
    name: &str,
    refname: &str,
    theirs: (&str, ObjectId),
    kind: Kind,
    mut merge: impl FnMut(ObjectId, Option<ObjectId>) -> Result<(ObjectId, Vec<String>)>,
) -> Result<Outcome> {
    store.transact(refname, || {
        Ok(
            match plan_tip(store, name, refname, theirs, kind, &mut merge)? {
                (o, Some(edit)) => store::Step::Write(vec![edit], o),
                (o, None) => store::Step::Nothing(o),
            },
        )
    })
}

/// Writes the merge commit of `ours` and `theirs` for a diverged story.
fn merge_commit(
    store: &Store,
    refname: &str,
    ours: ObjectId,
    theirs: ObjectId,
    base: Option<ObjectId>,
    remote: &str,
) -> Result<(ObjectId, Vec<String>)> {
    let our_rev = store.read(refname, ours)?;
    let their_rev = store.read(refname, theirs)?;
    // Each side is read with the template it was written with; the merge is written with ours.
    let base_doc = match base {
        Some(b) => formats::parse_revision(store, &store.read(refname, b)?).doc,
        None => Document::default(),
    };
    let our_doc = formats::parse_revision(store, &our_rev).doc;
    let their_doc = formats::parse_revision(store, &their_rev).doc;
    let (template, _) = formats::of_revision(store, &our_rev);
    // Each conflict keeps both sides in the document, named by author and revision.
    let side = |r: &store::Revision| model::conflict::Author {
        name: r.summary.author.clone(),
        revision: r.number(),
    };
    let sides = model::conflict::Sides {
        ours: side(&our_rev),
        theirs: side(&their_rev),
    };
    let merged = model::merge_sides(&base_doc, &our_doc, &their_doc, &sides);
    let (done, total) = merged.doc.task_counts();
    let newer = if their_rev.summary.time > our_rev.summary.time {
        &their_rev.meta
    } else {
        &our_rev.meta
    };
    let meta = Meta {
        title: merged.doc.title.clone(),
        branch: merged.doc.branch.clone().or(newer.branch.clone()),
        tasks_done: done,
        tasks_total: total,
        status: if our_rev.meta.status == Status::Done && their_rev.meta.status == Status::Done {
            Status::Done
        } else {
            our_rev.meta.status
        },
        revision: store::next_revision([our_rev.number(), their_rev.number()]),
        saved_at: store::now_rfc3339(),
        ..newer.clone()
    };
    // The completion log is a union: a task completed on either side stays completed, in date
    // order (a set of the tasks logged keeps it linear).
    let mut completed = our_rev.meta.completed.clone();
    let mut logged: std::collections::HashSet<String> =
        completed.iter().map(|c| c.task.clone()).collect();
    for c in &their_rev.meta.completed {
        if logged.insert(c.task.clone()) {
            completed.push(c.clone());
        }
    }
    completed.sort_by(|a, b| a.date.cmp(&b.date));
    let meta = Meta { completed, ..meta };
    let document = template.render(&merged.doc);
    let mut conflicts = merged.conflicts;
    if document.len() as u64 > store.max_size() {
        conflicts.push(format!(
            "the merged document is {} bytes, over checkpoint.maxSize ({} bytes): shorten it (`git checkpoint save {} -F <shorter file>`) or raise the limit before the next save",
            document.len(),
            store.max_size(),
            our_rev.meta.story
        ));
    }
    let n = conflicts.len();
    let subject = format!(
        "merge {remote} into {}: {n} conflict{}",
        our_rev.meta.story,
        if n == 1 { "" } else { "s" }
    );
    let new = NewRevision {
        document,
        meta,
        subject,
        body: conflicts
            .iter()
            .map(|c| format!("conflict: {c}"))
            .collect::<Vec<_>>()
            .join("\n"),
        accepted: Vec::new(),
    };
    let commit = store.write_merge_commit(&new, vec![ours, theirs])?;
    Ok((commit, conflicts))
}

/// Merges the notes ref as last fetched from `remote` (our fetch or a plain `git fetch`) into
/// ours, by line union, when it has notes ours lacks: what a push does first, so it is not
/// rejected for the notes ref after a save took in only the fetched checkpoint. Returns the
/// outcome when there was a notes ref to integrate: [`Action::Skipped`] with the reason when
/// ours or theirs is not a notes commit ([`notes::broken`]).
///
/// # Errors
/// Storage errors; [`Error::LockHeld`]; [`Error::Contended`].
pub fn integrate_fetched_notes(store: &Store, remote: &str) -> Result<Option<Outcome>> {
    match store.tip(&tracking_notes(remote))? {
        Some(theirs) => integrate_notes(store, remote, theirs).map(Some),
        None => Ok(None),
    }
}

/// Integrates `theirs`, `remote`'s notes ref as fetched, into ours; a notes ref on either side
/// that is not a notes commit is skipped with its fix (notes never stop the stories).
fn integrate_notes(store: &Store, remote: &str, theirs: ObjectId) -> Result<Outcome> {
    let from = tracking_notes(remote);
    integrate_tip(
        store,
        NOTES_REF,
        NOTES_REF,
        (&from, theirs),
        Kind::Notes,
        |ours, _| Ok((notes::merge(store, ours, theirs)?, Vec::new())),
    )
}

/// Removes each active ref whose whole history is in its story's archive: the story was
/// finished (here or by a teammate) and nothing was saved on it since. Compare-and-swap.
/// Only stories with an archive ref are looked at: listing the active refs instead reads every
/// story's loose ref, on every fetch.
fn finish_archived(
    store: &Store,
    remote: &str,
    stories: Option<&[StoryId]>,
) -> Result<Vec<Outcome>> {
    let mut out = Vec::new();
    for (name, archived) in named_refs(store, ARCHIVE_PREFIX, stories)? {
        let Ok(story) = StoryId::parse(&name) else {
            continue;
        };
        let Some(tip) = store.tip(&story.refname())? else {
            continue;
        };
        // Refs made outside git-checkpoint are left alone (fetch and list name them).
        if store.not_a_checkpoint(&story.refname(), tip).is_some()
            || store
                .not_a_checkpoint(&story.archive_refname(), archived)
                .is_some()
        {
            continue;
        }
        if is_ancestor(store, tip, archived)? {
            let refname = story.refname();
            // Not applied when someone saved meanwhile: that new work keeps the story active.
            if store.apply_unless_moved(&refname, vec![store::delete_edit(&refname, tip)])? {
                let mut o = outcome(story.as_str(), &refname, Action::Finished, Some(archived));
                o.reason = Some(format!("finished; kept in {}", story.archive_refname()));
                out.push(o);
            }
        } else if !endings::reopened(store, tip, archived)? {
            // Saved on one side while finished on the other: both stay, the user chooses.
            let tracked = |prefix: String| store.tip(&format!("{prefix}{name}"));
            let active_there = tracked(tracking_prefix(remote))? == Some(tip);
            let archive_there = tracked(tracking_archive_prefix(remote))? == Some(archived);
            let side = match (active_there, archive_there) {
                (false, true) => endings::Side::FinishedOn(remote),
                (true, false) => endings::Side::SavedOn(remote),
                _ => endings::Side::Unknown,
            };
            let refname = story.refname();
            let mut o = outcome(story.as_str(), &refname, Action::RacedFinish, Some(tip));
            o.reason = Some(endings::active_and_archived(
                store, &story, tip, archived, side,
            )?);
            out.push(o);
        }
    }
    Ok(out)
}

/// Takes in `remote`'s purge records (as fetched) and applies every record known here to the
/// local refs: a ref holding purged revisions only is removed ([`Action::Purged`]), one with
/// new work on top is kept and reported ([`Action::RacedPurge`]); outcomes go to `out`.
/// Returns the purges, for the fetched refs to be checked against. Linear in the number of
/// purge records; nothing is read per story without one.
///
/// # Errors
/// Storage errors; [`Error::Corrupt`] for a record that cannot be read.
pub fn apply_purges(store: &Store, remote: &str, out: &mut Vec<Outcome>) -> Result<Purges> {
    endings::integrate_records(store, remote)?;
    let purges = endings::load(store)?;
    for c in endings::covered_local(store, &purges)? {
        let Ok(story) = StoryId::parse(&c.story) else {
            continue;
        };
        match c.cover {
            Cover::Purged => {
                // Not applied when someone saved meanwhile: that work is reported next time.
                if store
                    .apply_unless_moved(&c.refname, vec![store::delete_edit(&c.refname, c.tip)])?
                {
                    let mut o = outcome(&c.story, &c.refname, Action::Purged, Some(c.tip));
                    o.reason = Some(format!(
                        "purged ({}); removed here",
                        endings::purged_refname(&story)
                    ));
                    out.push(o);
                }
            }
            Cover::OnTop => {
                let mut o = outcome(&c.story, &c.refname, Action::RacedPurge, Some(c.tip));
                o.reason = Some(endings::purged_on_top(store, &story, &c.refname, c.tip)?);
                out.push(o);
            }
        }
    }
    Ok(purges)
}

/// A purged story's ref as a remote had it when last fetched: the next push deletes it there
/// with `--force-with-lease` against `oid`, and fetches skip it meanwhile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tombstone {
    /// The remote name.
    pub remote: String,
    /// The ref on the remote (`refs/checkpoints/<story>` or the archive ref).
    pub refname: String,
    /// Its value as last fetched.
    pub oid: ObjectId,
}

fn tombstone_path(store: &Store) -> std::path::PathBuf {
    store.common_dir().join("checkpoint").join("purged")
}

/// Pending remote deletions of purged stories, from `<common-dir>/checkpoint/purged`
/// (lines `<remote> <ref> <oid>`; our own bookkeeping, not checkpoint data).
///
/// # Errors
/// [`Error::Read`] when the file exists but cannot be read.
pub fn tombstones(store: &Store) -> Result<Vec<Tombstone>> {
    let path = tombstone_path(store);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(cause) => return Err(Error::Read { path, cause }),
    };
    Ok(text
        .lines()
        .filter_map(|l| {
            let mut p = l.split(' ');
            let (remote, refname, oid) = (p.next()?, p.next()?, p.next()?);
            Some(Tombstone {
                remote: remote.to_string(),
                refname: refname.to_string(),
                oid: ObjectId::from_hex(oid.as_bytes()).ok()?,
            })
        })
        .collect())
}

/// Replaces the pending deletions (written to a temp file, then renamed).
///
/// # Errors
/// I/O errors.
pub fn write_tombstones(store: &Store, list: &[Tombstone]) -> Result<()> {
    let path = tombstone_path(store);
    if list.is_empty() {
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e.into()),
            _ => return Ok(()),
        }
    }
    std::fs::create_dir_all(path.parent().expect("has a parent"))?;
    let tmp = path.with_extension("tmp");
    let text: String = list
        .iter()
        .map(|t| format!("{} {} {}\n", t.remote, t.refname, t.oid))
        .collect();
    crate::signals::replace_file(&path, &tmp, text.as_bytes())?;
    Ok(())
}

/// Records, for every remote that has (as last fetched) a ref of `story`, that the next push
/// should delete it there.
///
/// # Errors
/// Storage and I/O errors.
pub fn add_tombstones(store: &Store, story: &StoryId) -> Result<()> {
    let mut list = tombstones(store)?;
    for remote in store.repo().remote_names() {
        let remote = remote.to_string();
        for (tracking, refname) in [
            (tracking_prefix(&remote), story.refname()),
            (tracking_archive_prefix(&remote), story.archive_refname()),
        ] {
            if let Some(oid) = store.tip(&format!("{tracking}{}", story.as_str()))? {
                list.retain(|t| !(t.remote == remote && t.refname == refname));
                list.push(Tombstone {
                    remote: remote.clone(),
                    refname,
                    oid,
                });
            }
        }
    }
    write_tombstones(store, &list)
}

/// Remote deletions the next push to `remote` should make, as (remote ref, expected value):
/// purged stories, and active refs of stories finished here whose remote history is entirely
/// in the local archive.
///
/// # Errors
/// Storage errors.
pub fn deletions(store: &Store, remote: &str) -> Result<Vec<(String, ObjectId)>> {
    let mut out: Vec<(String, ObjectId)> = tombstones(store)?
        .into_iter()
        .filter(|t| t.remote == remote)
        .map(|t| (t.refname, t.oid))
        .collect();
    let mut listed: HashSet<String> = out.iter().map(|(r, _)| r.clone()).collect();
    // Purged here or elsewhere: the remote's copies of purged history, and of new work on top
    // of it (which would keep the purged revisions reachable there), go.
    let purges = endings::load(store)?;
    for name in purges.stories() {
        for (tracking, refname) in [
            (tracking_prefix(remote), format!("{ACTIVE_PREFIX}{name}")),
            (
                tracking_archive_prefix(remote),
                format!("{ARCHIVE_PREFIX}{name}"),
            ),
        ] {
            if let Some(theirs) = store.tip(&format!("{tracking}{name}"))? {
                if purges.cover(store, &name, theirs)?.is_some() && listed.insert(refname.clone()) {
                    out.push((refname, theirs));
                }
            }
        }
    }
    for (name, archived) in store.refs(ARCHIVE_PREFIX)? {
        let Ok(story) = StoryId::parse(&name) else {
            continue;
        };
        if store.tip(&story.refname())?.is_some() {
            continue;
        }
        let tracking = format!("{}{}", tracking_prefix(remote), story.as_str());
        if let Some(theirs) = store.tip(&tracking)? {
            if is_ancestor(store, theirs, archived)? && listed.insert(story.refname()) {
                out.push((story.refname(), theirs));
            }
        }
    }
    Ok(out)
}

/// Active refs among `sent` (ref, value to push) that the next push to `remote` may move
/// although the value does not descend from the remote's (`theirs`, as last fetched), as
/// (remote ref, expected value) leases: a story finished and then saved again (reopened) while
/// the remote still had its older active ref, when the remote's archive of the story, as last
/// fetched, already holds that ref's whole history. Nothing of the remote's is lost: its
/// revisions stay in its archive, as a push of everything would delete a finished active ref
/// ([`deletions`]). Any other non-fast-forward is left to the fetch and merge before the next
/// attempt. A story whose archive the remote does not have yet gets one once the push sending
/// the archive landed. Format: docs/FORMAT.md, "Endings".
///
/// # Errors
/// Storage errors.
pub fn replacements(
    store: &Store,
    remote: &str,
    sent: &[(String, ObjectId)],
    theirs: &HashMap<String, ObjectId>,
) -> Result<Vec<(String, ObjectId)>> {
    let mut out = Vec::new();
    for (refname, ours) in sent {
        let Some(name) = refname.strip_prefix(ACTIVE_PREFIX) else {
            continue;
        };
        let Some(&theirs) = theirs.get(refname) else {
            continue;
        };
        let archive = format!("{}{name}", tracking_archive_prefix(remote));
        let Some(archived) = store.tip(&archive)? else {
            continue;
        };
        if !is_ancestor(store, theirs, *ours)? && is_ancestor(store, theirs, archived)? {
            out.push((refname.clone(), theirs));
        }
    }
    Ok(out)
}

/// After a push, points our remote-tracking refs at what the remote now has (as git does for
/// configured refspecs), so the next push and fetch know the remote's state.
///
/// # Errors
/// Storage errors.
pub fn update_tracking(store: &Store, remote: &str, pushed: &[(String, ObjectId)]) -> Result<()> {
    let mut edits = Vec::new();
    for (refname, oid) in pushed {
        let tracking = if let Some(id) = refname.strip_prefix(ACTIVE_PREFIX) {
            format!("{}{id}", tracking_prefix(remote))
        } else if let Some(id) = refname.strip_prefix(ARCHIVE_PREFIX) {
            format!("{}{id}", tracking_archive_prefix(remote))
        } else if let Some(id) = refname.strip_prefix(crate::names::PURGED_PREFIX) {
            format!("{}{id}", crate::remote::tracking_purged_prefix(remote))
        } else if refname == NOTES_REF {
            tracking_notes(remote)
        } else {
            continue;
        };
        if store.tip(&tracking)? != Some(*oid) {
            edits.push(update_edit(
                &tracking,
                *oid,
                PreviousValue::Any,
                "checkpoint: push",
            ));
        }
    }
    let main = edits
        .first()
        .map(|e| e.name.as_bstr().to_string())
        .unwrap_or_default();
    store.apply_unless_moved(&main, edits).map(|_| ())
}
