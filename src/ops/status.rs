//! Whether a story's checkpoint is stale (`status`, idle hooks of seed 001): how old it is and
//! how far HEAD and the working tree moved since it was saved.

use crate::error::Result;
use crate::gitstate;
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

/// How fresh a checkpoint is, by [`status`].
#[derive(Debug, Clone)]
pub struct Freshness {
    /// The story, shown as the user typed it.
    pub story: StoryId,
    /// The tip revision.
    pub revision: Revision,
    /// Seconds since it was saved.
    pub age: i64,
    /// HEAD's commit now.
    pub head: Option<ObjectId>,
    /// Commits on HEAD since the save (`None`: too many to count).
    pub commits: Option<usize>,
    /// Paths whose working-tree state differs from the one recorded, sorted.
    pub changed: Vec<String>,
    /// Why it is stale; empty when fresh.
    pub reasons: Vec<String>,
}

/// The freshness of `story`'s checkpoint under `limits`; `None` when it has none.
///
/// # Errors
/// Storage errors; [`crate::Error::Git`] when HEAD or the working tree cannot be read.
pub fn status(store: &Store, story: &StoryId, limits: &Limits) -> Result<Option<Freshness>> {
    let (max_age, max_commits) = (limits.max_age, limits.max_commits);
    let refname = story.refname();
    let now = chrono::Utc::now().timestamp();
    let Some(tip) = store.tip(&refname)? else {
        return Ok(None);
    };
    let rev = store.read(&refname, tip)?;
    let story = story.clone().shown_as(&rev.summary.story_display);
    let age = now - rev.summary.time;
    let git = gitstate::head(&store.repo)?;
    let saved_head = rev
        .meta
        .head
        .as_deref()
        .and_then(|h| ObjectId::from_hex(h.as_bytes()).ok());
    let commits = match (saved_head, git.head) {
        (Some(s), Some(h)) if s != h => gitstate::count(&store.repo, h, s),
        (None, Some(h)) => gitstate::count(&store.repo, h, h).map(|_| 0),
        _ => Some(0),
    };
    let saved_files: Vec<(String, FileState)> = rev
        .meta
        .files_modified
        .iter()
        .filter(|f| f.state != FileState::Committed)
        .map(|f| (f.path.clone(), f.state))
        .collect();
    let now_files: Vec<(String, FileState)> = gitstate::status(&store.repo)?
        .into_iter()
        .map(|f| (f.path, f.state))
        .collect();
    let mut changed: Vec<String> = now_files
        .iter()
        .filter(|f| !saved_files.contains(f))
        .chain(saved_files.iter().filter(|f| !now_files.contains(f)))
        .map(|f| f.0.clone())
        .collect();
    changed.sort();
    changed.dedup();
    let mut reasons = Vec::new();
    if let Some(m) = max_age {
        if age > m {
            reasons.push(format!("older than {m} seconds"));
        }
    }
    if let Some(m) = max_commits {
        match commits {
            Some(n) if n as u64 > m => {
                reasons.push(format!("{n} commits since the save (more than {m})"))
            }
            None => reasons.push(format!("more than {m} commits since the save")),
            _ => {}
        }
    }
    Ok(Some(Freshness {
        story,
        revision: rev,
        age,
        head: git.head,
        commits,
        changed,
        reasons,
    }))
}
