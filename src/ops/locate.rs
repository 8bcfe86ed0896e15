//! Which story and which ref a command means: the story id given, else `GIT_CHECKPOINT_STORY`,
//! else the branch name, else the worktree's current story; for reads also a remote's copy
//! (`REMOTE/STORY`) and an older revision.

use crate::error::{Error, Result};
use crate::gitstate;
use crate::remote;
use crate::store::{self, Revision, Store};
use crate::story::{self, StoryId};
use gix::ObjectId;

/// How the story was found, for a note on stderr when it was not given explicitly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Given on the command line.
    Explicit,
    /// From `GIT_CHECKPOINT_STORY`.
    Env,
    /// Detected from the branch name.
    Branch(String),
    /// The single checkpoint recorded on the current branch.
    Recorded(String),
    /// The worktree's current story (`git checkpoint start`).
    Current,
    /// The worktree's current story, made current on this branch, which names another story:
    /// (the branch, the story its name gives).
    CurrentOverBranch(String, StoryId),
}

/// Resolves the story: explicit, else `GIT_CHECKPOINT_STORY`, else the worktree's current story
/// (`start`, `switch`, `stack pop`) when it was made current on this branch, else the branch
/// name (built-in patterns and `checkpoint.storyPattern`), else the current story made current
/// elsewhere; with `by_recorded_branch`, else the one checkpoint whose recorded branch is the
/// current branch. [`Found`] says which, so callers can tell the user.
///
/// # Errors
/// [`Error::InvalidStory`] for a bad id; [`Error::NoStory`] listing candidates otherwise.
pub fn resolve_story(
    store: &Store,
    explicit: Option<&str>,
    command: &'static str,
    by_recorded_branch: bool,
) -> Result<(StoryId, Found)> {
    if let Some(s) = explicit {
        return Ok((StoryId::parse(s)?, Found::Explicit));
    }
    if let Some(s) = std::env::var_os("GIT_CHECKPOINT_STORY").filter(|s| !s.is_empty()) {
        let id = StoryId::parse(&s.to_string_lossy()).map_err(|e| match e {
            Error::InvalidStory { input, rule } => Error::InvalidStory {
                input,
                rule: format!("{rule} (the id came from GIT_CHECKPOINT_STORY)"),
            },
            other => other,
        })?;
        return Ok((id, Found::Env));
    }
    let branch = gitstate::head(store)?.branch;
    let pattern = store.config_string("checkpoint.storyPattern");
    let from_branch = match &branch {
        Some(b) => story::detect_from_branch(b, pattern.as_deref())?,
        None => None,
    };
    let current = crate::current::get_with_branch(store);
    if let Some((id, set_on)) = &current {
        // Made current here (or before branches were recorded): the user's explicit choice.
        if set_on.is_none() || *set_on == branch {
            return Ok(match (&branch, from_branch) {
                (Some(b), Some(other)) if other != *id => {
                    (id.clone(), Found::CurrentOverBranch(b.clone(), other))
                }
                _ => (id.clone(), Found::Current),
            });
        }
    }
    if let (Some(b), Some(id)) = (&branch, from_branch) {
        return Ok((id, Found::Branch(b.clone())));
    }
    if let Some((id, _)) = current {
        return Ok((id, Found::Current));
    }
    let refs = store.refs(store::ACTIVE_PREFIX)?;
    if by_recorded_branch {
        if let Some(b) = &branch {
            let mut on_branch = Vec::new();
            for (id, tip) in &refs {
                let on_b = store.summary(*tip).is_ok_and(|s| s.branch == *b);
                if on_b && StoryId::parse(id).is_ok_and(|s| s.as_str() == id) {
                    on_branch.push(id.clone());
                }
            }
            if on_branch.len() == 1 {
                let id = StoryId::parse(&on_branch[0])?;
                return Ok((id, Found::Recorded(b.clone())));
            }
        }
    }
    let reason = match &branch {
        Some(b) => format!("no story id in branch '{b}'"),
        None => "HEAD is detached".to_string(),
    };
    let candidates = if refs.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = refs.iter().take(10).map(|(s, _)| s.as_str()).collect();
        let more = if refs.len() > 10 { ", ..." } else { "" };
        format!(" (checkpoints: {}{more})", names.join(", "))
    };
    Err(Error::NoStory {
        command,
        reason,
        candidates,
    })
}

/// The ref a read command looks at and its tip.
#[derive(Debug, Clone)]
pub struct Located {
    /// The story.
    pub story: StoryId,
    /// Full ref name: active, archived, or a remote-tracking ref.
    pub refname: String,
    /// The ref's commit.
    pub tip: ObjectId,
}

/// Finds what `resume`/`show`/`log`/`diff` read: `REMOTE/STORY` (a configured remote) reads the
/// remote-tracking ref `refs/remotes/<remote>/checkpoints/<story>`; otherwise the story is
/// resolved as by [`resolve_story`] (with the recorded-branch fallback) and read from the active
/// or, with `archived`, the archive namespace.
///
/// # Errors
/// [`Error::NotFound`] and [`Error::RemoteNotFound`] (not fetched) when the ref does not exist; story
/// resolution errors.
pub fn locate_for_read(
    store: &Store,
    explicit: Option<&str>,
    command: &'static str,
    archived: bool,
) -> Result<(Located, Found)> {
    // Story ids never contain '/', so `REMOTE/STORY` always means a remote's copy.
    if let Some((remote_name, id)) = explicit
        .and_then(|s| s.split_once('/'))
        .filter(|(r, id)| !r.is_empty() && !id.is_empty())
    {
        let story = StoryId::parse(id)?;
        let prefix = if archived {
            remote::tracking_archive_prefix(remote_name)
        } else {
            remote::tracking_prefix(remote_name)
        };
        // A remote's copy named in other letter case (`origin/ABC`, pushed by hand or an old
        // version) is never integrated: read as named, it can still be looked at.
        let exact = format!("{prefix}{id}");
        let refname = if id != story.as_str() && store.tip(&exact)?.is_some() {
            exact
        } else {
            format!("{prefix}{story}")
        };
        let tip = store.tip(&refname)?.ok_or_else(|| Error::RemoteNotFound {
            story: story.to_string(),
            refname: refname.clone(),
        })?;
        if let Some(e) = store.not_a_checkpoint(&refname, tip) {
            return Err(e);
        }
        return Ok((
            Located {
                story,
                refname,
                tip,
            },
            Found::Explicit,
        ));
    }
    let (story, found) = resolve_story(store, explicit, command, true)?;
    let (refname, tip) = locate_story(store, &story, archived)?;
    Ok((
        Located {
            story,
            refname,
            tip,
        },
        found,
    ))
}

/// The ref a story is read from, and its tip: this clone's (active, or with `archived` the
/// archive), else, as git does for a branch only a remote has (`git switch`), the one remote's
/// copy a fetch brought (`refs/remotes/<remote>/checkpoints/<story>`, our fetch's or a plain
/// `git fetch`'s once `setup` configured it). A save continues from that copy
/// ([`crate::sync::integrate_story`]).
///
/// # Errors
/// [`Error::Finished`] when only its archive is here (and not `archived`); [`Error::NotFound`]
/// when no ref has it; [`Error::OnSeveralRemotes`] when several remotes do
/// and this clone does not (name one: `REMOTE/STORY`); [`Error::NotACheckpoint`] when the ref
/// found is no checkpoint at all (a blob, a plain commit); storage errors.
pub fn locate_story(store: &Store, story: &StoryId, archived: bool) -> Result<(String, ObjectId)> {
    let (refname, tip) = find_story(store, story, archived)?;
    match store.not_a_checkpoint(&refname, tip) {
        Some(e) => Err(e),
        None => Ok((refname, tip)),
    }
}

/// [`locate_story`] without its test of what the ref points at.
fn find_story(store: &Store, story: &StoryId, archived: bool) -> Result<(String, ObjectId)> {
    let missing = match store::locate(store, story, archived) {
        Err(e @ Error::NotFound { .. }) => e,
        found => return found,
    };
    if !archived {
        if let Some(_archived) = store.tip(&story.archive_refname())? {
            return Err(Error::Finished {
                story: story.to_string(),
                refname: story.archive_refname(),
            });
        }
    }
    let mut copies = Vec::new();
    for r in store.remote_names() {
        let prefix = if archived {
            remote::tracking_archive_prefix(&r)
        } else {
            remote::tracking_prefix(&r)
        };
        let refname = format!("{prefix}{}", story.as_str());
        if let Some(tip) = store.tip(&refname)? {
            copies.push((refname, tip, r));
        }
    }
    match copies.len() {
        0 => Err(missing),
        1 => {
            let (refname, tip, _) = copies.remove(0);
            Ok((refname, tip))
        }
        _ => Err(Error::OnSeveralRemotes {
            story: story.to_string(),
            remotes: copies.into_iter().map(|(_, _, r)| r).collect(),
        }),
    }
}

/// The remote whose copy `refname` is (`refs/remotes/<remote>/...`), `None` for a ref of this
/// clone.
pub fn remote_of(refname: &str) -> Option<&str> {
    let rest = refname.strip_prefix("refs/remotes/")?;
    let (remote, kind) = rest.split_once('/')?;
    (kind.starts_with("checkpoints/") || kind.starts_with("checkpoints-archive/")).then_some(remote)
}

/// Reads the revision to show: the located tip, or `--rev N|COMMIT` from its history.
///
/// # Errors
/// [`Error::NoSuchRevision`], [`Error::AmbiguousRevision`], storage errors.
pub fn read_revision(store: &Store, at: &Located, rev: Option<&str>) -> Result<Revision> {
    let commit = match rev {
        None => at.tip,
        Some(r) => {
            let history = store.history(at.tip)?;
            store.resolve_revision(&history, at.story.as_str(), &at.refname, r)?
        }
    };
    store.read(&at.refname, commit)
}
