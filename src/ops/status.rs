//! Whether a story's checkpoint is stale (`status`, idle hooks of seed 001): how old it is and
//! how far HEAD and the working tree moved since it was saved.

use crate::config;
use crate::error::Result;
use crate::gitstate::{self, IndexIds};
use crate::store::{FileState, Revision, Store};
use crate::story::StoryId;
use gix::ObjectId;

/// When a checkpoint counts as stale; `None` never.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Stale when older than this many seconds.
    pub max_age: Option<i64>,
    /// Stale when HEAD has more than this many commits the checkpoint has not seen.
    pub max_commits: Option<u64>,
}

impl Limits {
    /// The limits a check uses: `max_age` (a duration such as `2h`, as [`config::parse_duration`]
    /// reads it) and `max_commits` when given, else `checkpoint.maxAge` and
    /// `checkpoint.maxCommits`.
    ///
    /// # Errors
    /// [`crate::Error::Config`] for a malformed duration, given or configured.
    pub fn configured(
        store: &Store,
        max_age: Option<&str>,
        max_commits: Option<u64>,
    ) -> Result<Limits> {
        let max_age = match max_age {
            Some(v) => Some(
                config::parse_duration(v).ok_or_else(|| crate::Error::Config {
                    key: "--max-age".into(),
                    value: v.to_string(),
                    reason: "expected a duration such as 90s, 30m, 2h, 1d, 1w or 1h30m".into(),
                })?,
            ),
            None => store.config().max_age()?,
        };
        let max_commits = match max_commits {
            Some(n) => Some(n),
            None => store.config().max_commits()?,
        };
        Ok(Limits {
            max_age,
            max_commits,
        })
    }
}

/// How fresh a checkpoint is, by [`status`].
#[derive(Debug, Clone)]
pub struct Freshness {
    /// The story, shown as the user typed it.
    pub story: StoryId,
    /// The revision staleness is measured from: the tip, or when a hook wrote the tip, the last
    /// revision a model or person wrote (see [`confirmed`]).
    pub revision: Revision,
    /// The tip, when a hook wrote it (it refreshed the code state, it confirms nothing).
    pub hook_tip: Option<Revision>,
    /// Seconds since it was saved.
    pub age: i64,
    /// HEAD's commit now.
    pub head: Option<ObjectId>,
    /// Commits on HEAD since the save (`None`: too many to count).
    pub commits: Option<usize>,
    /// Paths whose working-tree state differs from the one recorded, sorted; `None` in a
    /// repository without a work tree (bare), where there is nothing to compare.
    pub changed: Option<Vec<String>>,
    /// Why it is stale; empty when fresh.
    pub reasons: Vec<String>,
    /// Open merge conflicts in the tip's document (its `conflict` gaps).
    pub open_conflicts: usize,
    /// Where its branch landed in the default branch (merged, fast-forwarded or squashed),
    /// when it did.
    pub landed: Option<super::merged::Landed>,
    /// The story's live claim as one line ([`crate::claims::live_line`]); `None` when nobody
    /// holds it.
    pub claim: Option<String>,
}

/// The freshness of `story`'s checkpoint under `limits`; `None` when it has none.
///
/// # Errors
/// Storage errors; [`crate::Error::Git`] when HEAD or the working tree cannot be read.
pub fn status(store: &Store, story: &StoryId, limits: &Limits) -> Result<Option<Freshness>> {
    let (max_age, max_commits) = (limits.max_age, limits.max_commits);
    let now = chrono::Utc::now().timestamp();
    // This clone's checkpoint, else the one remote's copy a fetch brought.
    let (refname, tip) = match super::locate::locate_story(store, story, false) {
        Ok(found) => found,
        Err(crate::error::Error::NotFound { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let tip_rev = store.read(&refname, tip)?;
    let story = story.clone().shown_as(&tip_rev.summary.story_display);
    let open_conflicts = crate::formats::parse_revision(store, &tip_rev)
        .gaps
        .iter()
        .filter(|g| g.kind == crate::model::GapKind::Conflict)
        .count();
    // The newest revision knows the branch's fork point best.
    let landed = super::merged::landed(store, &tip_rev, true)?;
    // What a shallow clone lacks is said, with the fetch that brings it, not guessed at.
    let mut cut = Vec::new();
    let by_hook = tip_rev.meta.hook.is_some() || !tip_rev.summary.hook.is_empty();
    let (rev, hook_tip) = match confirmed(store, &refname, &tip_rev)? {
        Some(c) => (c, Some(tip_rev)),
        None => {
            if by_hook && store.is_shallow() {
                cut.push(format!(
                    "the last revision a person or model wrote before the hook's revision {} is not in this shallow clone, so freshness counts from the hook's: `git checkpoint fetch --unshallow`",
                    tip_rev.number()
                ));
            }
            (tip_rev, None)
        }
    };
    let age = now - rev.summary.time;
    let git = gitstate::head(store)?;
    let saved_head = saved_head(&rev);
    let commits = match (saved_head, git.head) {
        (Some(s), Some(h)) if s != h && !store.repo().has_object(s) && store.is_shallow() => {
            cut.push(format!(
                "the commit it was saved at ({}) is not in this shallow clone, so the commits since cannot be counted: `git checkpoint fetch --unshallow`",
                s.to_hex_with_len(12)
            ));
            None
        }
        (Some(s), Some(h)) if s != h => gitstate::count(store.repo(), h, s),
        (None, Some(h)) => gitstate::count(store.repo(), h, h).map(|_| 0),
        _ => Some(0),
    };
    let changed = match store.workdir() {
        Some(_) => Some(changed_files(store, &rev)?.0),
        None => None,
    };
    // A remote ahead of (or diverged from) this clone's checkpoint makes it stale too.
    let mut reasons = super::behind::remote_ahead(store, story.as_str())?;
    if let Some(m) = max_age {
        if age > m {
            reasons.push(format!("older than {m} second{}", plural(m)));
        }
    }
    if let Some(m) = max_commits {
        match commits {
            Some(n) if n as u64 > m => reasons.push(format!(
                "{n} commit{} since the save (more than {m})",
                plural(n as i64)
            )),
            None => reasons.push(format!("more than {m} commits since the save")),
            _ => {}
        }
    }
    reasons.extend(cut);
    let claim = crate::claims::live_line(store, &story)?.map(|(l, _)| l);
    Ok(Some(Freshness {
        story,
        revision: rev,
        hook_tip,
        age,
        head: git.head,
        commits,
        changed,
        reasons,
        open_conflicts,
        landed,
        claim,
    }))
}

/// The last revision a model or person wrote when a hook wrote `tip` (a revision of
/// `refname`): the one its `meta.json` `confirmed` names, else the newest first-parent ancestor
/// without a `Checkpoint-Hook` trailer (at most [`CONFIRMED_WALK`] back). `None` when `tip` is
/// not a hook revision, or no confirmed revision is found.
///
/// # Errors
/// Storage errors reading the revision found.
pub fn confirmed(store: &Store, refname: &str, tip: &Revision) -> Result<Option<Revision>> {
    if tip.meta.hook.is_none() && tip.summary.hook.is_empty() {
        return Ok(None);
    }
    let named = tip
        .meta
        .confirmed
        .as_deref()
        .and_then(|h| ObjectId::from_hex(h.as_bytes()).ok());
    if let Some(id) = named {
        if let Ok(rev) = store.read(refname, id) {
            return Ok(Some(rev));
        }
    }
    let mut at = tip.summary.parents.first().copied();
    for _ in 0..CONFIRMED_WALK {
        let Some(id) = at else { break };
        let Ok(s) = store.summary(id) else { break };
        if s.hook.is_empty() {
            return store.read(refname, id).map(Some);
        }
        at = s.parents.first().copied();
    }
    Ok(None)
}

/// How far back [`confirmed`] walks when a revision does not name its confirmed one.
pub const CONFIRMED_WALK: usize = 1000;

/// What moved since a revision, as [`moved_since`] returns it.
#[derive(Debug)]
pub struct Moved {
    /// Commits on HEAD the revision has not seen (id, subject), newest first.
    pub commits: Vec<(ObjectId, String)>,
    /// Paths whose working-tree state differs from the one it recorded, sorted.
    pub files: Vec<String>,
    /// The index entry's blob of each of `files` that has one, when git's scan named them
    /// ([`gitstate::Scan::index_ids`]); `None`: read the index.
    pub index_ids: Option<IndexIds>,
}

/// What moved since `rev` was saved: the commits on HEAD it has not seen (newest first, with
/// subjects; at most [`gitstate::WALK_LIMIT`]) and the paths whose working-tree state differs
/// from the one it recorded (sorted).
///
/// # Errors
/// [`crate::Error::Git`] when HEAD or the working tree cannot be read.
pub fn moved_since(store: &Store, rev: &Revision) -> Result<Moved> {
    let git = gitstate::head(store)?;
    let saved_head = saved_head(rev);
    let commits = match (saved_head, git.head) {
        (Some(s), Some(h)) if s != h => gitstate::commits_since(store.repo(), h, s),
        _ => Vec::new(),
    };
    let (files, index_ids) = changed_files(store, rev)?;
    Ok(Moved {
        commits,
        files,
        index_ids,
    })
}

/// The code commit HEAD was at when `rev` was saved; `None` when unknown (unborn branch).
pub(crate) fn saved_head(rev: &Revision) -> Option<ObjectId> {
    let hex = rev.meta.head.as_deref()?;
    ObjectId::from_hex(hex.as_bytes()).ok()
}

/// Paths whose working-tree state differs from the one `rev` recorded, sorted; empty without
/// a work tree (a bare repository has no files to compare).
///
/// Per clone: the file list a revision records is the work tree of the clone that wrote it. A
/// revision another clone wrote (fetched: not in [`Store::written`]) says nothing about this
/// work tree, so against it every file that differs from HEAD and the index here counts. With
/// them, the index blobs the scan named ([`gitstate::Scan::index_ids`]), of those paths.
fn changed_files(store: &Store, rev: &Revision) -> Result<(Vec<String>, Option<IndexIds>)> {
    use std::collections::HashSet;
    if store.workdir().is_none() {
        return Ok((Vec::new(), None));
    }
    let written_here = store.wrote(&rev.summary.story, rev.summary.commit)?;
    let saved_files: Vec<(String, FileState)> = rev
        .meta
        .files_modified
        .iter()
        .filter(|_| written_here)
        .filter(|f| f.state != FileState::Committed)
        .map(|f| (f.path.clone(), f.state))
        .collect();
    let scan = gitstate::scan(store)?;
    let now_files: Vec<(String, FileState)> =
        scan.files.into_iter().map(|f| (f.path, f.state)).collect();
    // Hash sets: a work tree of tens of thousands of untracked files stays linear.
    let (saved, now): (HashSet<_>, HashSet<_>) =
        (saved_files.iter().collect(), now_files.iter().collect());
    let mut changed: Vec<String> = now_files
        .iter()
        .filter(|f| !saved.contains(f))
        .chain(saved_files.iter().filter(|f| !now.contains(f)))
        .map(|f| f.0.clone())
        .collect();
    changed.sort();
    changed.dedup();
    // What `agent install` wrote (hooks, skill, instructions, MCP entry) is no work on the
    // story; only the files of its table are read to tell.
    if changed
        .iter()
        .any(|p| !crate::agents::parts_at(p).is_empty())
    {
        let head = gitstate::head(store)?.head;
        changed.retain(|p| !crate::agents::own::work_tree_change_is_ours(store, head, p));
    }
    let ids = scan.index_ids.map(|mut ids| {
        ids.retain(|p, _| changed.binary_search(p).is_ok());
        ids
    });
    Ok((changed, ids))
}

/// `"s"` unless `n` is 1: "1 second", "2 seconds".
fn plural(n: i64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
