//! Pushing checkpoint refs, their archives and the notes ref to a remote through the user's
//! `git push` (credentials, hooks and `insteadOf` rules apply), never forced. A rejected ref is
//! fetched, integrated and pushed again, a bounded number of times.

use crate::error::{Error, Result};
use crate::names::NOTES_REF;
use crate::names::PURGED_PREFIX;
use crate::remote::{self, PushedRef};
use crate::store::{Store, ACTIVE_PREFIX, ARCHIVE_PREFIX};
use crate::story::StoryId;
use crate::sync::{self, Outcome};
use std::collections::{HashMap, HashSet};

/// Gives each ref `results` lists as up to date the result of the earlier attempt that moved
/// it (in `landed`, by remote ref), then records in `landed` the refs this attempt moved
/// (fast-forwarded, created, forced or deleted).
fn carry_landed(results: &mut [PushedRef], landed: &mut HashMap<String, PushedRef>) {
    for r in results.iter_mut() {
        if r.flag == '=' {
            if let Some(before) = landed.get(&r.to) {
                *r = before.clone();
            }
        } else if matches!(r.flag, ' ' | '*' | '+' | '-') {
            landed.insert(r.to.clone(), r.clone());
        }
    }
}

/// How many times a push is attempted; after each rejection the remote is fetched and
/// integrated, and the next attempt waits twice as long (50-100 ms first, at most 1.6-3.2 s,
/// with jitter, so pushers racing for the same refs drift apart). Every save adds a note, so
/// clones that save and sync at once all race for the notes ref: four clones syncing after
/// every save needed more than five attempts with a linear wait (stress.rs), and on a 2-core
/// machine at a load of 15 one of them still lost ten in a row.
pub const PUSH_ATTEMPTS: u32 = 16;

/// A ref a push sends and the commit it points at.
pub type Sent = (String, gix::ObjectId);

/// What a push sends, from [`refspecs`].
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// The refspecs for `git push` (negative ones included).
    pub specs: Vec<String>,
    /// The refs they send that the remote lacks or holds at another value (as last fetched:
    /// their remote-tracking ref), with their current values. A ref whose remote-tracking ref
    /// already holds its value is in the refspecs only: nothing reads it again, and the push
    /// reports it up to date (or, when the remote moved meanwhile, rejects it). When this is
    /// empty, with nothing to delete, no `git push` runs ([`push_fetched`]).
    pub sent: Vec<Sent>,
    /// Refs kept back because they cannot be shared as they are, each with the sentence
    /// naming it and the fix: a checkpoint ref that is no checkpoint (a blob, a plain commit:
    /// [`Store::not_a_checkpoint`]), a notes ref that is not a notes commit, here or on the
    /// remote as last fetched.
    pub skipped: Vec<(String, String)>,
    /// The remote's value as last fetched (its remote-tracking ref) of each ref in
    /// [`Plan::sent`] that has one, by our ref's name: read once with the plan, so that the
    /// scan and the bookkeeping after the push look each ref up here rather than in the ref
    /// store, one ref at a time.
    pub theirs: HashMap<String, gix::ObjectId>,
}

/// What to push to `remote` for `stories` (all when `None`): the refspecs, each ref to the same
/// name on the remote and never forced, and the refs among them not already on the remote as
/// last fetched, with their current values ([`Plan::sent`]). The
/// notes ref is sent only when it is a notes commit here and on the remote as last fetched
/// (otherwise it is in [`Plan::skipped`]: notes never stop the stories). Everything is
/// sent as one glob per namespace (git matches an explicit refspec list against every ref, which
/// grows with the square of the number of stories); named stories are sent one by one. Refs in
/// `held` (copies of history purged elsewhere, `crate::endings`) are never sent: a negative
/// refspec (`^<ref>`, git 2.29) keeps each out of the globs. Every purge record goes with a
/// push of everything.
///
/// # Errors
/// [`Error::NotFound`] for a named story with no local ref; storage errors.
pub fn refspecs(
    store: &Store,
    remote: &str,
    stories: Option<&[StoryId]>,
    held: &HashSet<String>,
) -> Result<Plan> {
    let mut specs = Vec::new();
    let mut sent = Vec::new();
    let mut skipped = Vec::new();
    let mut remote_has = HashMap::new();
    match stories {
        None => {
            for prefix in [ACTIVE_PREFIX, ARCHIVE_PREFIX, PURGED_PREFIX] {
                let refs = store.refs(prefix)?;
                if !refs.is_empty() {
                    specs.push(format!("{prefix}*:{prefix}*"));
                }
                // What the remote has, as last fetched: only refs that differ from it are
                // looked at (a ref the remote already holds is no news, foreign or not). Both
                // listings are sorted by name: one walk side by side pairs each ref with its
                // remote-tracking ref, with no map and nothing allocated for a ref that is
                // up to date (a push of 100,000 stories is mostly that).
                let tracking = format!("refs/remotes/{remote}/{}", &prefix["refs/".len()..]);
                let known = store.refs(&tracking)?;
                let mut known = known.iter().peekable();
                for (id, oid) in refs {
                    while known.next_if(|(k, _)| k.as_str() < id.as_str()).is_some() {}
                    let theirs = known.next_if(|(k, _)| *k == id).map(|(_, t)| *t);
                    let current = theirs == Some(oid);
                    if current && held.is_empty() {
                        continue;
                    }
                    let r = format!("{prefix}{id}");
                    // Ours, or the remote's copy it would replace (a blob pushed by hand over a
                    // story, which a push never forces): named, and kept out of the push.
                    let foreign = (prefix != PURGED_PREFIX && !current)
                        .then(|| {
                            store.not_a_checkpoint(&r, oid).or_else(|| {
                                theirs.and_then(|t| {
                                    store.not_a_checkpoint(&format!("{tracking}{id}"), t)
                                })
                            })
                        })
                        .flatten();
                    if let Some(e) = foreign {
                        specs.push(format!("^{r}"));
                        skipped.push((r, e.to_string()));
                    } else if held.contains(&r) {
                        specs.push(format!("^{r}"));
                    } else if !current {
                        if let Some(t) = theirs {
                            remote_has.insert(r.clone(), t);
                        }
                        sent.push((r, oid));
                    }
                }
            }
        }
        Some(stories) => {
            for s in stories {
                let mut found = false;
                for r in [s.refname(), s.archive_refname()] {
                    if let Some(oid) = store.tip(&r)? {
                        found = true;
                        let tracking = format!("refs/remotes/{remote}/{}", &r["refs/".len()..]);
                        let known = store.tip(&tracking)?;
                        let theirs = known.filter(|t| *t != oid);
                        let foreign = store
                            .not_a_checkpoint(&r, oid)
                            .or_else(|| theirs.and_then(|t| store.not_a_checkpoint(&tracking, t)));
                        if let Some(e) = foreign {
                            skipped.push((r, e.to_string()));
                        } else if !held.contains(&r) {
                            specs.push(format!("{r}:{r}"));
                            if known != Some(oid) {
                                if let Some(t) = known {
                                    remote_has.insert(r.clone(), t);
                                }
                                sent.push((r, oid));
                            }
                        }
                    }
                }
                if !found {
                    return Err(Error::NotFound {
                        story: s.to_string(),
                        refname: s.refname(),
                    });
                }
            }
        }
    }
    if let Some(oid) = store.tip(NOTES_REF)? {
        let tracking = crate::remote::tracking_notes(remote);
        let theirs = store.tip(&tracking)?;
        let broken = crate::notes::broken(store, NOTES_REF, oid)
            .map(|e| (NOTES_REF.to_string(), e))
            .or_else(|| {
                theirs
                    .and_then(|t| crate::notes::broken(store, &tracking, t).map(|e| (tracking, e)))
            });
        match broken {
            Some((refname, e)) => skipped.push((refname, e.to_string())),
            None => {
                specs.push(format!("{NOTES_REF}:{NOTES_REF}"));
                if theirs != Some(oid) {
                    if let Some(t) = theirs {
                        remote_has.insert(NOTES_REF.to_string(), t);
                    }
                    sent.push((NOTES_REF.to_string(), oid));
                }
            }
        }
    }
    Ok(Plan {
        specs,
        sent,
        skipped,
        theirs: remote_has,
    })
}

/// Adds to `out` an [`Action::Skipped`](sync::Action::Skipped) outcome for each of `skipped`
/// (ref, reason) that `out` does not already skip ([`sync::extend_once`]).
pub fn add_skipped(out: &mut Vec<Outcome>, skipped: &[(String, String)]) {
    let more = skipped
        .iter()
        .map(|(refname, reason)| Outcome {
            story: if refname.ends_with("notes/checkpoints") {
                NOTES_REF.to_string()
            } else {
                refname.rsplit('/').next().unwrap_or(refname).to_string()
            },
            refname: refname.clone(),
            action: sync::Action::Skipped,
            tip: None,
            conflicts: Vec::new(),
            reason: Some(reason.clone()),
        })
        .collect();
    sync::extend_once(out, more);
}

/// The local refs a push keeps back: those holding history purged here or elsewhere (new
/// work on top of it included), as the purge records known here say.
///
/// # Errors
/// Storage errors; [`Error::Corrupt`] for a record that cannot be read.
pub fn held(store: &Store) -> Result<HashSet<String>> {
    let purges = crate::endings::load(store)?;
    if purges.is_empty() {
        return Ok(HashSet::new());
    }
    Ok(crate::endings::covered_local(store, &purges)?
        .into_iter()
        .map(|c| c.refname)
        .collect())
}

/// Whether a rejection can pass on a retry: the remote moved (`[rejected] (fetch first)`,
/// `(non-fast-forward)`, `(stale info)` of a lease), which a fetch and merge fix, or a ref
/// lock was held on the remote (`[remote rejected] (failed to update ref)`, `(cannot lock
/// ref ...)`). Anything else the remote says (a hook declined, a permission, a shallow
/// update) stays as it is. Summaries: git-push(1), OUTPUT.
fn transient(r: &PushedRef) -> bool {
    let s = r.summary.as_str();
    s.starts_with("[rejected]")
        || s.contains("stale info")
        || s.contains("failed to update ref")
        || s.contains("lock")
}

/// Most revisions of one ref [`scan_tips`] reads; a longer new history is scanned from its tip
/// down to this many (a first push of a story rarely has more than a few hundred).
pub const SCAN_LIMIT: usize = crate::gitstate::WALK_LIMIT;

/// Refuses to push when a revision that would reach the remote holds a credential: for each
/// checkpoint or archive ref sent, every revision reachable from its tip and not from its
/// remote-tracking ref (what the remote lacks, as far as the last fetch knows; at most
/// [`SCAN_LIMIT`]), each revision's document, `meta.json` and commit message. `theirs` holds
/// those remote-tracking values by our ref's name ([`Plan::theirs`]); tips equal to theirs are
/// already on the remote and skipped. `scanned` holds the
/// revisions and note blobs already found clean (by an earlier attempt of the same push): they
/// are not read again, which keeps a retry's window between its fetch and its push short;
/// those found clean now are added.
///
/// # Errors
/// [`Error::AcceptedSecret`] for a credential `save --allow-secret` accepted on the story
/// (naming the revision holding it and the one that accepted it), [`Error::Secret`] for any
/// other, each naming the ref, revision, part, line and kind; storage errors.
pub fn scan_tips(
    store: &Store,
    remote: &str,
    sent: &[Sent],
    theirs: &HashMap<String, gix::ObjectId>,
    scanned: &mut std::collections::HashSet<gix::ObjectId>,
) -> Result<()> {
    let mut walks = Vec::new();
    for (from, tip) in sent {
        let (from, tip) = (from.as_str(), *tip);
        if from == NOTES_REF {
            scan_notes(store, remote, tip, scanned)?;
            continue;
        }
        if !(from.starts_with(ACTIVE_PREFIX) || from.starts_with(ARCHIVE_PREFIX)) {
            continue;
        }
        let known = theirs.get(from).copied();
        if known != Some(tip) {
            walks.push((from, tip, known));
        }
    }
    // Each ref's walk is its own: they are split over threads ([`Store::chunked`]).
    let seen = &*scanned;
    let found = store.chunked(&walks, SCAN_CHUNK, |store, chunk| {
        let mut clean = Vec::new();
        for &(from, tip, known) in chunk {
            let walk = store
                .repo()
                .rev_walk([tip])
                .with_hidden(known)
                .all()
                .map_err(|e| crate::error::Error::git(format!("cannot walk {from}"), e))?;
            let mut accepted = None;
            for info in walk.take(SCAN_LIMIT) {
                let id = info
                    .map_err(|e| crate::error::Error::git(format!("cannot walk {from}"), e))?
                    .id;
                if seen.contains(&id) {
                    continue;
                }
                scan_revision(store, from, tip, id, &mut accepted)?;
                clean.push(id);
            }
        }
        Ok(clean)
    })?;
    scanned.extend(found.into_iter().flatten());
    Ok(())
}

/// The fewest refs [`scan_tips`] gives one thread to walk and scan.
const SCAN_CHUNK: usize = 64;

/// Scans the notes of the notes ref's `tip` that its remote-tracking ref lacks (added or
/// changed since, or every note when the remote has none yet; at most [`SCAN_LIMIT`]).
fn scan_notes(
    store: &Store,
    remote: &str,
    tip: gix::ObjectId,
    scanned: &mut std::collections::HashSet<gix::ObjectId>,
) -> Result<()> {
    let known = store.tip(&crate::remote::tracking_notes(remote))?;
    if known == Some(tip) || scanned.contains(&tip) {
        return Ok(());
    }
    let tree = store
        .repo()
        .find_commit(tip)
        .map_err(notes_error)?
        .tree()
        .map_err(notes_error)?;
    let paths = match known {
        Some(k) => crate::gitstate::changed_paths(store.repo(), k, tip),
        None => {
            let mut recorder = gix::traverse::tree::Recorder::default();
            tree.traverse()
                .breadthfirst(&mut recorder)
                .map_err(notes_error)?;
            recorder
                .records
                .into_iter()
                .filter(|r| r.mode.is_blob())
                .map(|r| r.filepath.to_string())
                .collect()
        }
    };
    let at = format!("{NOTES_REF} at {}", &tip.to_string()[..12]);
    for path in paths.into_iter().take(SCAN_LIMIT) {
        let Some(entry) = tree.lookup_entry_by_path(&path).map_err(notes_error)? else {
            continue; // deleted since the last push
        };
        if scanned.contains(entry.oid()) {
            continue;
        }
        let blob = store.blob(entry.oid().to_owned()).map_err(notes_error)?;
        let text = String::from_utf8_lossy(&blob);
        crate::secrets::refuse(
            &[(&format!("the note {path} of {at}"), &text)],
            "push",
            "pushed",
        )?;
        scanned.insert(entry.oid().to_owned());
    }
    scanned.insert(tip);
    Ok(())
}

fn notes_error(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Error {
    Error::git(format!("cannot read {NOTES_REF}"), e)
}

/// Scans one revision's document, `meta.json` and commit message (see [`scan_tips`]). A
/// finding whose value the history of `tip` accepted (`save --allow-secret`; read into
/// `accepted` on the ref's first finding) is [`Error::AcceptedSecret`], any other
/// [`Error::Secret`].
fn scan_revision(
    store: &Store,
    refname: &str,
    tip: gix::ObjectId,
    id: gix::ObjectId,
    accepted: &mut Option<Vec<crate::secrets::AcceptedOn>>,
) -> Result<()> {
    let revision = store.read(refname, id)?;
    let short = &id.to_string()[..12];
    let message = format!("{}\n{}", revision.summary.subject, revision.summary.body);
    let meta = serde_json::to_string_pretty(&revision.meta).unwrap_or_default();
    let parts: [(&'static str, &str); 3] = [
        (crate::store::DOCUMENT_FILE, &revision.document),
        (crate::store::META_FILE, &meta),
        ("the commit message", &message),
    ];
    for (part, text) in parts {
        // meta.json's strings are scanned unescaped (a key escaped onto one line).
        let found = if part == crate::store::META_FILE {
            crate::secrets::scan_json(text)
        } else {
            crate::secrets::scan(text)
        };
        let Some(f) = found else {
            continue;
        };
        if accepted.is_none() {
            *accepted = Some(crate::secrets::accepted_history(store, refname, tip)?);
        }
        let on = accepted
            .iter()
            .flatten()
            .find(|a| a.accepted.fingerprint == f.fingerprint);
        return Err(match on {
            Some(on) => Error::AcceptedSecret {
                refname: refname.to_string(),
                revision: revision.number(),
                commit: short.to_string(),
                accepted_on: on.revision,
                kind: f.kind,
                line: f.line,
                place: part,
            },
            None => Error::Secret {
                verb: "push",
                place: format!("{part} of {refname} at {short}"),
                line: f.line,
                kind: f.kind,
                done: "pushed",
            },
        });
    }
    Ok(())
}

/// How [`push`] guards what it sends.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Guards {
    /// Send even what looks like a credential (`--allow-secret`).
    pub allow_secret: bool,
    /// Skip the user's `pre-push` hook (`--no-verify`, as for `git push`).
    pub no_verify: bool,
}

/// Pushes `stories` (every checkpoint and archive when `None`, with the purge records) and the
/// notes ref to `remote`, never forced; on rejection fetches, integrates and retries up to
/// [`PUSH_ATTEMPTS`] times. First fetches the remote's purge records and applies them
/// ([`sync::apply_purges`]), so a story purged elsewhere is removed here rather than sent back;
/// copies with new work on top of purged history stay here unsent ([`held`]); remote copies of
/// purged history are deleted ([`sync::deletions`]). Returns the last per-ref results and
/// everything integrated along the way; no results, and no `git push` run, when every ref
/// holds the value the remote had as last fetched and nothing is to be deleted (what jj's
/// `git push` does: "Nothing changed."). Before anything
/// is sent the tips are scanned for credentials ([`scan_tips`]) unless `guards.allow_secret`
/// or `checkpoint.secretScan=false`; git runs the user's `pre-push` hook unless
/// `guards.no_verify`.
///
/// # Errors
/// [`Error::Secret`] before pushing; [`Error::Rejected`] naming every ref still rejected;
/// [`Error::PushFailed`] when the `pre-push` hook refuses; transport and storage errors.
pub fn push(
    store: &Store,
    remote: &str,
    stories: Option<&[StoryId]>,
    guards: Guards,
) -> Result<(Vec<PushedRef>, Vec<Outcome>)> {
    // What was purged elsewhere is learnt and applied first, so it is never sent back.
    crate::remote::fetch_purged(store, remote)?;
    let mut purged = Vec::new();
    sync::apply_purges(store, remote, &mut purged)?;
    // Notes a plain `git fetch` brought are ours before the first attempt, not after a rejection.
    if let Some(o) = sync::integrate_fetched_notes(store, remote)? {
        if o.action == sync::Action::Skipped {
            purged.push(o);
        }
    }
    let (pushed, integrated) = push_fetched(store, remote, stories, guards)?;
    sync::extend_once(&mut purged, integrated);
    Ok((pushed, purged))
}

/// [`push`] without its first fetch and application of the remote's purge records, for a
/// caller that has just fetched and integrated everything ([`super::sync::sync`]).
///
/// # Errors
/// As [`push`].
pub fn push_fetched(
    store: &Store,
    remote: &str,
    stories: Option<&[StoryId]>,
    guards: Guards,
) -> Result<(Vec<PushedRef>, Vec<Outcome>)> {
    let scan = crate::secrets::enabled(store, guards.allow_secret)?;
    let mut scanned = std::collections::HashSet::new();
    let mut integrated = Vec::new();
    // Refs that landed in an earlier attempt: a retry lists them as up to date, but what the
    // user is told is what the push did (a story pushed while the notes ref was rejected).
    let mut landed_before = HashMap::new();
    for attempt in 1..=PUSH_ATTEMPTS {
        let held = held(store)?;
        let Plan {
            specs,
            sent,
            skipped,
            theirs,
        } = refspecs(store, remote, stories, &held)?;
        add_skipped(&mut integrated, &skipped);
        // Every attempt sends what it scanned: tips integrated after a rejection included.
        // The rules' one-time set-up only when there is something to scan (a push of what the
        // remote already has scans nothing); a retry sets it up before its fetch.
        if scan && !sent.is_empty() {
            crate::secrets::prepare();
            scan_tips(store, remote, &sent, &theirs, &mut scanned)?;
        }
        // Deletions (finished or purged stories) are leased against the value last fetched.
        let deletions = if stories.is_none() {
            sync::deletions(store, remote)?
        } else {
            Vec::new()
        };
        let mut specs = specs;
        specs.extend(deletions.iter().map(|(r, _)| format!(":{r}")));
        // So is the replacement of a reopened story's active ref whose history the remote's
        // archive holds (a lease lets git move it where it is no fast-forward).
        let replacements = sync::replacements(store, remote, &sent, &theirs)?;
        let leases: Vec<String> = deletions
            .iter()
            .chain(&replacements)
            .map(|(r, oid)| format!("{r}:{oid}"))
            .collect();
        // Never run a bare `git push` (it would push branches by push.default), nor one with
        // nothing to send or delete (replacements are among the refs sent): every ref holds
        // the value the remote had as last fetched, so git would only list each as up to
        // date, after both ends listed every ref (on 100,000 stories, more CPU than all the
        // rest of the push). The remote was reached already: [`push`] fetched its purge
        // records, sync everything. A ref the remote moved since is seen at the next fetch,
        // as jj's `git push` does. Only on the first attempt: a retry reports what the
        // earlier one landed.
        if specs.is_empty() || (attempt == 1 && sent.is_empty() && deletions.is_empty()) {
            return Ok((Vec::new(), integrated));
        }
        let mut results = remote::push(store, remote, &specs, &leases, !guards.no_verify)?;
        carry_landed(&mut results, &mut landed_before);
        // Only the refs sent ([`Plan::sent`]: their remote-tracking ref is not already there)
        // move, those that landed; a push of what the remote has moves none.
        // One pass over git's lines (`--porcelain` lists every ref, up to date or not), each
        // looked up among the refs sent by binary search: matching every ref against every
        // line grew with the square of the stories (44 s of CPU for a no-op push of 100,000).
        if !sent.is_empty() {
            let mut sent = sent;
            sent.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            let mut landed = vec![false; sent.len()];
            for p in results
                .iter()
                .filter(|p| matches!(p.flag, ' ' | '*' | '+' | '='))
            {
                if let Ok(i) = sent.binary_search_by(|(r, _)| r.as_str().cmp(p.to.as_str())) {
                    landed[i] = true;
                }
            }
            let moved: Vec<(String, gix::ObjectId)> = sent
                .into_iter()
                .zip(landed)
                .filter_map(|(s, l)| l.then_some(s))
                .collect();
            sync::update_tracking(store, remote, &moved)?;
        }
        let deleted: HashSet<&str> = results
            .iter()
            .filter(|r| r.flag == '-')
            .map(|r| r.to.as_str())
            .collect();
        if !deleted.is_empty() {
            // The remote no longer has them: neither does our view of it.
            for (r, oid) in &deletions {
                if deleted.contains(r.as_str()) {
                    let tracking = r
                        .strip_prefix("refs/")
                        .map(|rest| format!("refs/remotes/{remote}/{rest}"))
                        .unwrap_or_default();
                    if store.tip(&tracking)? == Some(*oid) {
                        store.apply_unless_moved(
                            &tracking,
                            vec![crate::store::delete_edit(&tracking, *oid)],
                        )?;
                    }
                }
            }
            let mut left = sync::tombstones(store)?;
            left.retain(|t| !(t.remote == remote && deleted.contains(t.refname.as_str())));
            sync::write_tombstones(store, &left)?;
        }
        if !results.iter().any(PushedRef::rejected) {
            return Ok((results, integrated));
        }
        let refused: Vec<String> = results
            .iter()
            .filter(|r| r.rejected() && !transient(r))
            .map(|r| format!("{} {}", r.to, r.summary))
            .collect();
        if !refused.is_empty() {
            return Err(Error::Refused {
                remote: remote.to_string(),
                refs: refused.join(", "),
            });
        }
        // Another pusher moved the refs (or held their locks on the remote) a moment ago.
        // Doubling each time (50-100 ms, then 100-200 ms, ... at most 1.6-3.2 s): pushers that
        // keep colliding on the notes ref drift apart.
        crate::store::backoff_by(1 << (attempt - 1).min(5), 50_000);
        if scan {
            // Before the fetch: the next attempt may scan what it integrates.
            crate::secrets::prepare();
        }
        integrated.extend(super::fetch::fetch(store, remote)?);
        // A rejected ref whose local tip is now the remote's (another clone's story we hold a
        // copy of, fast-forwarded by that fetch) has nothing left to send: not a failure.
        let mut left = Vec::new();
        for r in results.iter_mut().filter(|r| r.rejected()) {
            let tracking = format!("refs/remotes/{remote}/{}", r.to.trim_start_matches("refs/"));
            let local = store.tip(&r.to)?;
            if local.is_some() && local == store.tip(&tracking)? {
                r.flag = '=';
                r.summary = "[up to date after fetch]".into();
            } else {
                left.push(format!("{} {}", r.to, r.summary));
            }
        }
        if left.is_empty() {
            return Ok((results, integrated));
        }
        if attempt == PUSH_ATTEMPTS {
            return Err(Error::Rejected {
                remote: remote.to_string(),
                refs: left.join(", "),
                attempts: PUSH_ATTEMPTS,
            });
        }
    }
    unreachable!("the last attempt returns")
}
