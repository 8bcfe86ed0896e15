//! The secret guard over the store: whether it is on for a command, what a revision about to
//! be written holds, and which findings the story's history already accepted. The scanner it
//! uses ([`super::scan`]) knows nothing of the store; this module sits above both.

use super::{scan_all, Accepted, Finding};
use crate::error::{Error, Result};

/// Whether the guard refuses for a command: not with its `--allow-secret` (`allow`) nor with
/// `checkpoint.secretScan=false`.
///
/// # Errors
/// [`Error::Config`] for a `checkpoint.secretScan` that is not a boolean.
pub fn enabled(store: &crate::store::Store, allow: bool) -> Result<bool> {
    if allow {
        return Ok(false);
    }
    store.config().secret_scan()
}

/// The places of a revision about to be written that the guard scans, in order.
pub const REVISION_PLACES: [&str; 3] = [
    crate::store::DOCUMENT_FILE,
    "the journal entry",
    crate::store::META_FILE,
];

/// Every finding of a revision about to be written: its document (`checkpoint.md`), then its
/// journal entry (subject and body, numbered as the `-m` text; its subject is also the line
/// the notes index records), then its `meta.json` as written (pretty-printed, without the
/// completion log, whose task texts come from documents), each string holding an escape also
/// unescaped ([`super::scan_json`]; its first finding), each with its place (one of
/// [`REVISION_PLACES`]).
pub fn revision_findings(new: &crate::store::NewRevision) -> Vec<(&'static str, Finding)> {
    let journal = if new.body.trim().is_empty() {
        new.subject.clone()
    } else {
        format!("{}\n{}", new.subject, new.body)
    };
    let [document, journal_place, meta_place] = REVISION_PLACES;
    // The completion log repeats task texts of this or an earlier document, scanned there:
    // left out, so a long story's save does not scan its tasks twice.
    let meta = crate::store::Meta {
        completed: Vec::new(),
        ..new.meta.clone()
    };
    let meta = serde_json::to_string_pretty(&meta).unwrap_or_default();
    scan_all(&new.document)
        .into_iter()
        .map(|f| (document, f))
        .chain(scan_all(&journal).into_iter().map(|f| (journal_place, f)))
        .chain(super::scan_json(&meta).map(|f| (meta_place, f)))
        .collect()
}

/// An accepted credential and the revision of the story that accepted it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcceptedOn {
    /// The trailer's content.
    pub accepted: Accepted,
    /// The revision number that recorded it (`Checkpoint-Revision`).
    pub revision: u64,
    /// That revision's commit.
    pub commit: gix::ObjectId,
}

/// Most commits [`accepted_history`] reads.
pub const HISTORY_LIMIT: usize = 100_000;

/// Every credential accepted on `tip` or a revision it descends from (all parents, newest
/// first; at most [`HISTORY_LIMIT`] commits, read without their blobs), for `refname` (used
/// in errors). A value accepted more than once is listed once, at its earliest revision.
///
/// # Errors
/// [`Error::Git`] when the history cannot be walked or a commit read.
pub fn accepted_history(
    store: &crate::store::Store,
    refname: &str,
    tip: gix::ObjectId,
) -> Result<Vec<AcceptedOn>> {
    let walk = store
        .repo()
        .rev_walk([tip])
        .all()
        .map_err(|e| Error::git(format!("cannot walk {refname}"), e))?;
    let mut found: Vec<AcceptedOn> = Vec::new();
    for info in walk.take(HISTORY_LIMIT) {
        let id = info
            .map_err(|e| Error::git(format!("cannot walk {refname}"), e))?
            .id;
        let summary = store.summary(id)?;
        for accepted in summary.accepted {
            let on = AcceptedOn {
                accepted,
                revision: summary.revision,
                commit: id,
            };
            // Newest first: an older acceptance of the same value replaces a newer one.
            match found
                .iter_mut()
                .find(|a| a.accepted.fingerprint == on.accepted.fingerprint)
            {
                Some(a) if on.revision <= a.revision => *a = on,
                Some(_) => {}
                None => found.push(on),
            }
        }
    }
    Ok(found)
}

/// A credential a new revision holds that an earlier revision accepted: what `save` warns
/// about instead of refusing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// The revision that accepted it.
    pub revision: u64,
    /// The guard's kind.
    pub kind: &'static str,
    /// 1-based line in `place`.
    pub line: usize,
    /// One of [`REVISION_PLACES`].
    pub place: &'static str,
}

/// The guard's verdict on a revision about to be written whose `findings` are not empty,
/// given what the story's history already accepted (`earlier`): with `allow` (`--allow-secret`)
/// the values to record as newly accepted (once each, none already in `earlier`); without it
/// the findings every one of which an earlier revision accepted, as [`Held`] warnings.
///
/// # Errors
/// [`Error::Secret`] for the first finding no earlier revision accepted, without `allow`.
pub fn judge_revision(
    findings: &[(&'static str, Finding)],
    earlier: &[AcceptedOn],
    allow: bool,
) -> Result<(Vec<Accepted>, Vec<Held>)> {
    let known = |f: &Finding| {
        earlier
            .iter()
            .find(|a| a.accepted.fingerprint == f.fingerprint)
    };
    if allow {
        let mut new: Vec<Accepted> = Vec::new();
        for (_, f) in findings {
            if known(f).is_none() && !new.iter().any(|a| a.fingerprint == f.fingerprint) {
                new.push(Accepted {
                    fingerprint: f.fingerprint.clone(),
                    kind: f.kind.to_string(),
                });
            }
        }
        return Ok((new, Vec::new()));
    }
    let mut held = Vec::new();
    for (place, f) in findings {
        match known(f) {
            Some(a) => held.push(Held {
                revision: a.revision,
                kind: f.kind,
                line: f.line,
                place,
            }),
            None => {
                return Err(Error::Secret {
                    verb: "save",
                    place: (*place).to_string(),
                    line: f.line,
                    kind: f.kind,
                    done: "written",
                })
            }
        }
    }
    Ok((Vec::new(), held))
}

impl std::fmt::Display for Held {
    /// `revision N holds an accepted secret (<kind>, line L)`, with ` of the journal entry`
    /// after the line number when it is there rather than in the document.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "revision {} holds an accepted secret ({}, line {}",
            self.revision, self.kind, self.line
        )?;
        if self.place != crate::store::DOCUMENT_FILE {
            write!(f, " of {}", self.place)?;
        }
        f.write_str(")")
    }
}
