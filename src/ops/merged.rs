//! Completion rides the branch (seeds 000 and 003): whether a story's branch has landed in the
//! default branch, by a merge or a fast-forward (its tip is reachable from the default branch)
//! or by a squash (a commit on the default branch since the fork point names the story in a
//! `Checkpoint-Story:` trailer, or carries the same patch id as the branch's whole change,
//! `git patch-id --stable`).

use crate::error::Result;
use crate::gitstate;
use crate::store::{Meta, Revision, Store, Summary};
use gix::ObjectId;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;

/// How the branch landed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// Its tip is reachable from the default branch (a merge or a fast-forward).
    Merged,
    /// A commit on the default branch holds its change (a squash merge).
    Squashed,
}

/// A story's branch found in the default branch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Landed {
    /// The story's branch.
    pub branch: String,
    /// The default branch it landed in (short name).
    pub into: String,
    /// How.
    pub how: How,
    /// The branch tip that landed (merged) or the squash commit (squashed).
    pub commit: ObjectId,
}

impl Landed {
    /// `branch 'feature/x' was merged into main (a1b2c3d4e5f6)`.
    pub fn sentence_short(&self) -> String {
        let how = match self.how {
            How::Merged => "merged into",
            How::Squashed => "squash-merged into",
        };
        format!(
            "branch '{}' was {how} {} ({})",
            self.branch,
            self.into,
            &self.commit.to_string()[..12]
        )
    }

    /// [`Landed::sentence_short`] with what it means and the command that finishes the story.
    pub fn sentence(&self) -> String {
        format!(
            "{}: the story looks finished; `git checkpoint done --merged` archives it",
            self.sentence_short()
        )
    }
}

/// The most commits of the default branch a squash is looked for in.
const SQUASH_WALK: usize = 500;

/// Whether the branch `rev` was saved on has landed in the default branch: its local tip (else
/// the commit HEAD was at when saved) must hold work of its own (differ from the fork point the
/// revision recorded). With `squash`, also a squash commit on the default branch since the fork
/// point (two `git` calls: `log -p` and `patch-id`). `None` when it has not, when the default
/// branch is still at that fork point, when the branch is the default branch, or when the
/// revision recorded no branch or fork point.
///
/// # Errors
/// Storage errors; [`crate::Error::GitFailed`] when `git log` or `git patch-id` fails.
pub fn landed(store: &Store, rev: &Revision, squash: bool) -> Result<Option<Landed>> {
    landed_with(store, &Fork::of(&rev.meta), squash, &Landings::one())
}

/// What [`landed_with`] reads of a revision: these fields of its `meta.json` (docs/FORMAT.md),
/// which [`Store::meta`] reads alone, skipping the rest.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct Fork {
    /// `story`.
    #[serde(default)]
    pub story: String,
    /// `branch`: the branch it was saved on.
    #[serde(default)]
    pub branch: Option<String>,
    /// `merge_base`: where that branch left the default branch.
    #[serde(default)]
    pub merge_base: Option<String>,
    /// `head`: the commit HEAD was at when saved.
    #[serde(default)]
    pub head: Option<String>,
}

impl Fork {
    /// These fields of `meta`.
    pub fn of(meta: &Meta) -> Fork {
        Fork {
            story: meta.story.clone(),
            branch: meta.branch.clone(),
            merge_base: meta.merge_base.clone(),
            head: meta.head.clone(),
        }
    }

    /// These fields from the trailers of a revision's commit (`Checkpoint-Head` and
    /// `Checkpoint-Merge-Base`, docs/FORMAT.md), or `None` when it has neither: a revision
    /// written before they were, or one whose `meta.json` knows neither, which the caller then
    /// reads with [`Store::meta`].
    pub fn of_summary(summary: &Summary) -> Option<Fork> {
        if summary.head.is_none() && summary.merge_base.is_none() {
            return None;
        }
        Some(Fork {
            story: summary.story.clone(),
            branch: (!summary.branch.is_empty()).then(|| summary.branch.clone()),
            merge_base: summary.merge_base.map(|id| id.to_string()),
            head: summary.head.map(|id| id.to_string()),
        })
    }
}

/// What [`landed_with`] reads once for the many revisions of one call (`list` looks at up to
/// 200 stories): the default branch, and per branch tip whether the default branch holds it
/// (stories saved on one branch, or at one commit, share it).
#[derive(Debug, Default)]
pub struct Landings {
    default: OnceCell<Option<(String, ObjectId)>>,
    held: RefCell<HashMap<ObjectId, bool>>,
    heads: OnceCell<Option<HashMap<String, ObjectId>>>,
}

impl Landings {
    /// For a single revision: its branch's tip is looked up alone instead of from a listing of
    /// every local branch.
    pub fn one() -> Landings {
        let one = Landings::default();
        let _ = one.heads.set(None);
        one
    }

    /// The default branch and its tip ([`gitstate::default_branch`]), read at the first call;
    /// `None` when there is none (then no story has landed).
    pub fn default_branch(&self, store: &Store) -> Option<(String, ObjectId)> {
        self.default
            .get_or_init(|| gitstate::default_branch(store))
            .clone()
    }

    /// The tip of the local branch `refs/heads/<branch>` (a valid ref name), from one listing
    /// of `refs/heads/` instead of a look-up per story; a look-up when that listing failed or
    /// for [`Landings::one`].
    ///
    /// # Errors
    /// Storage errors of that look-up.
    fn head(&self, store: &Store, local: &str) -> Result<Option<ObjectId>> {
        let heads = self.heads.get_or_init(|| {
            store
                .refs("refs/heads/")
                .ok()
                .map(|v| v.into_iter().collect())
        });
        match heads {
            Some(h) => Ok(local
                .strip_prefix("refs/heads/")
                .and_then(|b| h.get(b))
                .copied()),
            None => store.tip(local),
        }
    }

    /// Whether `default_tip` holds `tip` (`tip` is their merge base), each `tip` asked once.
    fn holds(&self, store: &Store, tip: ObjectId, default_tip: ObjectId) -> Result<bool> {
        if let Some(known) = self.held.borrow().get(&tip) {
            return Ok(*known);
        }
        let held = store.merge_base(tip, default_tip)? == Some(tip);
        self.held.borrow_mut().insert(tip, held);
        Ok(held)
    }
}

/// [`landed`] for the [`Fork`] of a revision ([`Store::meta`]: all it reads of one), one of
/// many: `seen` keeps what the earlier ones read ([`Landings`]).
///
/// # Errors
/// As [`landed`].
pub fn landed_with(
    store: &Store,
    meta: &Fork,
    squash: bool,
    seen: &Landings,
) -> Result<Option<Landed>> {
    let (Some(branch), Some(fork)) = (meta.branch.as_deref(), meta.merge_base.as_deref()) else {
        return Ok(None);
    };
    let Ok(fork) = ObjectId::from_hex(fork.as_bytes()) else {
        return Ok(None);
    };
    let Some((into, default_tip)) = seen.default_branch(store) else {
        return Ok(None);
    };
    let into = into.strip_prefix("origin/").unwrap_or(&into).to_string();
    // A default branch still at the fork point (the usual case while a branch is in review)
    // holds nothing the branch did since: no merge, no fast-forward, no squash. Neither the
    // branch's tip nor any history is read.
    if branch == into || default_tip == fork {
        return Ok(None);
    }
    // The branch name is the document's text: a name git would refuse has no local tip.
    let local = format!("refs/heads/{branch}");
    let local_tip = match gix::refs::FullName::try_from(local.as_str()) {
        Ok(_) => seen.head(store, &local)?,
        Err(_) => None,
    };
    let tip = match local_tip {
        Some(t) => t,
        None => match meta
            .head
            .as_deref()
            .map(|h| ObjectId::from_hex(h.as_bytes()))
        {
            Some(Ok(h)) => h,
            _ => return Ok(None),
        },
    };
    if tip == fork {
        return Ok(None);
    }
    let landed = |how, commit| Landed {
        branch: branch.to_string(),
        into: into.clone(),
        how,
        commit,
    };
    if seen.holds(store, tip, default_tip)? {
        return Ok(Some(landed(How::Merged, tip)));
    }
    if !squash {
        return Ok(None);
    }
    Ok(squashed(store, &meta.story, fork, tip, default_tip)?.map(|c| landed(How::Squashed, c)))
}

/// A commit of `fork..default_tip` (first parents, merges left out, at most [`SQUASH_WALK`])
/// that names `story` in a `Checkpoint-Story:` trailer or has the patch id of `fork..tip` as one
/// change.
///
/// The walk, the trailers and the paths each commit changed are read in process; `git` runs
/// only when a commit changed exactly the paths the branch changed, which equal patch ids
/// require (a patch id hashes the diff, its file names included), or when the walk cannot be
/// read in process: then [`same_patch`]. So the common case, a default branch whose commits
/// since the fork point touched other files, starts no process.
fn squashed(
    store: &Store,
    story: &str,
    fork: ObjectId,
    tip: ObjectId,
    default_tip: ObjectId,
) -> Result<Option<ObjectId>> {
    let repo = store.repo();
    let trailer = format!("Checkpoint-Story: {story}");
    let Ok(walk) = repo
        .rev_walk([default_tip])
        .with_hidden([fork])
        .first_parent_only()
        .all()
    else {
        return same_patch(store, fork, tip, default_tip);
    };
    // The branch's paths are read at the first commit that needs them: a default branch with no
    // commits since the fork point (the usual case while the branch is in review) reads no tree.
    let mut branch_paths: Option<Vec<String>> = None;
    let mut candidate = false;
    let mut seen = 0;
    for info in walk {
        let Ok(info) = info else {
            return same_patch(store, fork, tip, default_tip);
        };
        let mut parents = info.parent_ids();
        let parent = parents.next().map(|p| p.detach());
        if parents.next().is_some() {
            continue; // a merge
        }
        seen += 1;
        if seen > SQUASH_WALK {
            break;
        }
        let Ok(commit) = repo.find_commit(info.id) else {
            return same_patch(store, fork, tip, default_tip);
        };
        if String::from_utf8_lossy(commit.message_raw_sloppy())
            .lines()
            .any(|l| l.trim().eq_ignore_ascii_case(&trailer))
        {
            return Ok(Some(info.id));
        }
        if !candidate {
            let branch_paths =
                branch_paths.get_or_insert_with(|| gitstate::changed_paths(repo, fork, tip));
            candidate = !branch_paths.is_empty()
                && parent
                    .is_none_or(|p| gitstate::changed_paths(repo, p, info.id) == *branch_paths);
        }
    }
    if !candidate {
        return Ok(None);
    }
    same_patch(store, fork, tip, default_tip)
}

/// The commit of `fork..default_tip` (first parents, merges left out, at most [`SQUASH_WALK`])
/// whose patch id (`git patch-id --stable`) is that of `fork..tip` as one change, by `git diff`
/// and `git log -p`.
fn same_patch(
    store: &Store,
    fork: ObjectId,
    tip: ObjectId,
    default_tip: ObjectId,
) -> Result<Option<ObjectId>> {
    let git = store.git();
    let range = format!("{fork}..{default_tip}");
    let limit = format!("--max-count={SQUASH_WALK}");
    let diff = git.run(&[
        "diff",
        "--no-color",
        "--no-ext-diff",
        &fork.to_string(),
        &tip.to_string(),
    ])?;
    let want = patch_ids(store, &diff.stdout)?;
    let Some((want, _)) = want.first() else {
        return Ok(None);
    };
    let patches = git.run(&[
        "log",
        "--first-parent",
        "--no-merges",
        &limit,
        "-p",
        "--no-color",
        "--no-ext-diff",
        "--format=commit %H",
        &range,
    ])?;
    Ok(patch_ids(store, &patches.stdout)?
        .into_iter()
        .find(|(id, _)| id == want)
        .and_then(|(_, c)| ObjectId::from_hex(c.as_bytes()).ok()))
}

/// `git patch-id --stable` of `patches`: (patch id, commit id) pairs.
fn patch_ids(store: &Store, patches: &[u8]) -> Result<Vec<(String, String)>> {
    if patches.is_empty() {
        return Ok(Vec::new());
    }
    let args = ["patch-id", "--stable"];
    let out = store.git().output_with(&args, Some(patches), &[])?;
    let out = crate::git::subprocess::checked(&args, out)?;
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let (p, c) = l.split_once(' ')?;
            Some((p.to_string(), c.to_string()))
        })
        .collect())
}
