//! What a push would upload or delete (`push --dry-run`, `sync --dry-run`), computed from the
//! local refs and the remote-tracking refs (the remote as last fetched), writing nothing: each
//! ref with the revisions the remote lacks, the deletions of finished and purged stories, the
//! notes added or changed, the refs held back, and what the secret guard would refuse.

use crate::error::Result;
use crate::names::NOTES_REF;
use crate::remote::tracking_notes;
use crate::store::Store;
use crate::story::StoryId;
use gix::ObjectId;
use std::collections::HashSet;

/// How a ref would change on the remote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// The remote lacks the ref: it would be created.
    Create,
    /// The remote's tip is an ancestor of ours: a fast-forward.
    Update,
    /// The histories diverged: the push is rejected, fetched, merged and pushed again (the
    /// merge revision is written then; `revisions` lists ours the remote lacks).
    Merge,
    /// The ref would be deleted (a finished or purged story), leased against `remote_tip`.
    Delete,
    /// The remote's tip is finished history (all of it in the story's archive) and ours a
    /// story reopened here: the ref is replaced, leased against `remote_tip`, once the
    /// remote's archive holds it (docs/FORMAT.md, "Endings"); nothing is merged.
    Replace,
}

/// One revision that would be uploaded.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct OutgoingRevision {
    /// The commit (full hex).
    #[schemars(extend("pattern" = crate::names::OID_PATTERN))]
    pub commit: String,
    /// Its revision number; null for a commit that is not a checkpoint (a purge record).
    pub revision: Option<u64>,
    /// Its subject line.
    pub subject: String,
}

/// One ref a push would change on the remote.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct OutgoingRef {
    /// The ref, the same name here and on the remote.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// What would happen to it.
    pub change: Change,
    /// The remote's tip as last fetched; null when it lacks the ref.
    #[schemars(extend("pattern" = crate::names::OID_PATTERN))]
    pub remote_tip: Option<String>,
    /// Our tip; null for a deletion.
    #[schemars(extend("pattern" = crate::names::OID_PATTERN))]
    pub local_tip: Option<String>,
    /// The revisions the remote lacks, newest first (at most `push::SCAN_LIMIT`).
    pub revisions: Vec<OutgoingRevision>,
}

/// A local ref a push keeps back.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct HeldRef {
    /// The ref.
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/"))]
    pub refname: String,
    /// Why, with what to do.
    pub reason: String,
}

/// Everything [`outgoing`] found.
#[derive(Debug, Clone, Default, serde::Serialize, schemars::JsonSchema)]
pub struct Outgoing {
    /// The refs that would change on the remote, in push order (checkpoints, archives, purge
    /// records, the notes ref, then deletions).
    pub refs: Vec<OutgoingRef>,
    /// The code commits whose checkpoint note would be uploaded (added or changed), full hex.
    pub notes: Vec<String>,
    /// Local refs never sent (copies of purged history).
    pub held: Vec<HeldRef>,
    /// What the secret guard would refuse, one message per ref (the push would fail).
    pub refused: Vec<String>,
}

/// What pushing `stories` (all when `None`) to `remote` would upload or delete, as the
/// remote-tracking refs say the remote stands. Reads only; the secret guard runs unless
/// `allow_secret` (or `checkpoint.secretScan=false`), each refusal collected, not raised.
///
/// # Errors
/// [`crate::Error::NotFound`] for a named story with no local ref; storage errors.
pub fn outgoing(
    store: &Store,
    remote: &str,
    stories: Option<&[StoryId]>,
    allow_secret: bool,
) -> Result<Outgoing> {
    let held = super::push::held(store)?;
    let plan = super::push::refspecs(store, remote, stories, &held)?;
    let sent = plan.sent.clone();
    let mut out = Outgoing::default();
    let mut sorted: Vec<&String> = held.iter().collect();
    sorted.sort();
    for r in sorted {
        out.held.push(HeldRef {
            refname: r.clone(),
            reason: "it holds history purged here or elsewhere (refs/checkpoints-purged/); see `git checkpoint status`".into(),
        });
    }
    // Refs that cannot be shared as they are (a broken notes ref): named with their fix.
    for (refname, reason) in plan.skipped {
        out.held.push(HeldRef { refname, reason });
    }
    let scan = crate::secrets::enabled(store, allow_secret)?;
    let mut scanned = HashSet::new();
    for (refname, tip) in &sent {
        let theirs = plan.theirs.get(refname).copied();
        if theirs == Some(*tip) {
            continue;
        }
        if refname == NOTES_REF {
            out.notes = changed_notes(store, remote, *tip);
        }
        let change = match theirs {
            None => Change::Create,
            Some(t) if store.merge_base(t, *tip)? == Some(t) => Change::Update,
            // Behind the remote: the fetch of a sync fast-forwards it; nothing is sent.
            Some(t) if store.merge_base(t, *tip)? == Some(*tip) => continue,
            Some(t)
                if crate::sync::finished_history(
                    store,
                    refname,
                    &crate::sync::tracking_ref(remote, refname),
                    t,
                )? =>
            {
                Change::Replace
            }
            Some(_) => Change::Merge,
        };
        let revisions = if refname == NOTES_REF {
            Vec::new()
        } else {
            revisions(store, *tip, theirs)?
        };
        if scan {
            let one = [(refname.clone(), *tip)];
            if let Err(e) = super::push::scan_tips(store, remote, &one, &plan.theirs, &mut scanned)
            {
                out.refused.push(e.to_string());
            }
        }
        out.refs.push(OutgoingRef {
            refname: refname.clone(),
            change,
            remote_tip: theirs.map(|t| t.to_string()),
            local_tip: Some(tip.to_string()),
            revisions,
        });
    }
    if stories.is_none() {
        for (refname, theirs) in crate::sync::deletions(store, remote)? {
            out.refs.push(OutgoingRef {
                refname,
                change: Change::Delete,
                remote_tip: Some(theirs.to_string()),
                local_tip: None,
                revisions: Vec::new(),
            });
        }
    }
    Ok(out)
}

/// The commits reachable from `tip` and not from `hidden`, newest first, at most
/// `push::SCAN_LIMIT`.
fn revisions(
    store: &Store,
    tip: ObjectId,
    hidden: Option<ObjectId>,
) -> Result<Vec<OutgoingRevision>> {
    let walk = store
        .repo()
        .rev_walk([tip])
        .with_hidden(hidden)
        .all()
        .map_err(|e| crate::error::Error::git(format!("cannot walk {tip}"), e))?;
    let mut out = Vec::new();
    for info in walk.take(super::push::SCAN_LIMIT) {
        let id = info
            .map_err(|e| crate::error::Error::git(format!("cannot walk {tip}"), e))?
            .id;
        let (revision, subject) = match store.summary(id) {
            Ok(s) => (Some(s.revision).filter(|n| *n > 0), s.subject),
            Err(_) => (None, subject_of(store, id)),
        };
        out.push(OutgoingRevision {
            commit: id.to_string(),
            revision,
            subject,
        });
    }
    Ok(out)
}

fn subject_of(store: &Store, id: ObjectId) -> String {
    store
        .repo()
        .find_commit(id)
        .ok()
        .and_then(|c| c.message().ok().map(|m| m.summary().to_string()))
        .unwrap_or_default()
}

/// The code commits whose note differs between our notes ref at `tip` and the remote's as
/// last fetched (every note when it has none), sorted.
fn changed_notes(store: &Store, remote: &str, tip: ObjectId) -> Vec<String> {
    let known = store.tip(&tracking_notes(remote)).ok().flatten();
    let paths = match known {
        Some(k) => crate::gitstate::changed_paths(store.repo(), k, tip),
        None => {
            let Some(tree) = store
                .repo()
                .find_commit(tip)
                .ok()
                .and_then(|c| c.tree().ok())
            else {
                return Vec::new();
            };
            let mut recorder = gix::traverse::tree::Recorder::default();
            if tree.traverse().breadthfirst(&mut recorder).is_err() {
                return Vec::new();
            }
            recorder
                .records
                .into_iter()
                .filter(|r| r.mode.is_blob())
                .map(|r| r.filepath.to_string())
                .collect()
        }
    };
    let mut commits: Vec<String> = paths.into_iter().map(|p| p.replace('/', "")).collect();
    commits.sort();
    commits
}
