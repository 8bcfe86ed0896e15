//! What `save` and `resume` learn about the repository's code state, read through gix: branch,
//! HEAD, upstream with ahead/behind, the default branch and merge-base, commits on the branch
//! since then, and staged/unstaged/untracked files.
//!
//! Read-only: nothing here writes objects, refs, the index or the working tree (index stat
//! refreshes computed by gix's status are deliberately dropped, not written back). Refs (HEAD,
//! branches) are read through the store's backend (`crate::refs`), objects through gix.

use crate::error::{Error, Result};
use crate::store::{FileChange, FileState, Store};
use gix::bstr::ByteSlice;
use gix::ObjectId;
use std::collections::HashMap;

mod staged;

/// Longest history walk when counting commits, so huge histories stay fast.
pub const WALK_LIMIT: usize = 10_000;

/// A snapshot of the code state.
#[derive(Debug, Clone, Default)]
pub struct GitState {
    /// Current branch, short name (`feature/#313-x`); `None` when HEAD is detached.
    pub branch: Option<String>,
    /// The commit HEAD points at; `None` on an unborn branch.
    pub head: Option<ObjectId>,
    /// The branch's upstream as a short remote-tracking name (`origin/main`).
    pub upstream: Option<String>,
    /// Commits on HEAD not on the upstream.
    pub ahead: Option<usize>,
    /// Commits on the upstream not on HEAD.
    pub behind: Option<usize>,
    /// The default branch (short name) the merge-base is taken against.
    pub default_branch: Option<String>,
    /// Merge-base of HEAD and the default branch.
    pub merge_base: Option<ObjectId>,
    /// Commits on HEAD since the merge-base, newest first: (id, subject).
    pub commits: Vec<(ObjectId, String)>,
    /// Changed files: staged, unstaged, untracked, then committed since the merge-base.
    pub files: Vec<FileChange>,
}

/// Reads the current branch and HEAD only (cheap; what `resume` needs).
///
/// # Errors
/// [`Error::Git`] when HEAD cannot be read.
pub fn head(store: &Store) -> Result<GitState> {
    Ok(state_of(&store.head()?))
}

/// The [`GitState`] holding only the branch (short name) and commit of `head`.
fn state_of(head: &crate::refs::Head) -> GitState {
    GitState {
        branch: head.branch.as_deref().map(shorten),
        head: head.id,
        ..GitState::default()
    }
}

/// The short name of the full ref name `name` (`refs/heads/a/b` -> `a/b`), as gix shortens.
fn shorten(name: &str) -> String {
    match gix::refs::FullName::try_from(name) {
        Ok(full) => full.as_ref().shorten().to_str_lossy().into_owned(),
        Err(_) => name.strip_prefix("refs/heads/").unwrap_or(name).to_string(),
    }
}

/// The files committed between a merge-base and a HEAD, as already known (a previous
/// revision's `meta.json` records them with both commit ids). They depend on those two ids
/// only, so [`gather`] takes them instead of diffing the two trees again.
#[derive(Debug, Clone, Copy)]
pub struct KnownCommitted<'a> {
    /// The merge-base they were computed from.
    pub merge_base: ObjectId,
    /// The HEAD they were computed for.
    pub head: ObjectId,
    /// The recorded files; only those with state `committed` are taken.
    pub files: &'a [FileChange],
}

/// Reads the code state for `save`. With `scan` (from [`start_scan`]), also lists the staged,
/// unstaged and untracked files it finds (the costly part: one stat per tracked file and a
/// directory walk); without it only commits are read. The refs and commits are read while a
/// scan by git's own `status` runs. The committed files come from `known` when its merge-base
/// and HEAD are today's, else from a diff of the two trees.
///
/// # Errors
/// [`Error::Git`] when HEAD or the status cannot be read.
pub fn gather(
    store: &Store,
    scan: Option<PendingScan>,
    known: Option<KnownCommitted<'_>>,
) -> Result<GitState> {
    let current = store.head()?;
    let state = state_of(&current);
    let mut state = gather_commits(store, state, current, known)?;
    if let Some(scan) = scan {
        // The work tree's files go first.
        let mut files = scan.finish(store)?.files;
        files.append(&mut state.files);
        state.files = files;
    }
    Ok(state)
}

/// The part of [`gather`] after HEAD and the work tree: upstream, default branch, merge-base,
/// commits and committed files.
fn gather_commits(
    store: &Store,
    mut state: GitState,
    current: crate::refs::Head,
    known: Option<KnownCommitted<'_>>,
) -> Result<GitState> {
    let repo = store.repo();
    let Some(head) = state.head else {
        return Ok(state);
    };
    let upstream = current
        .branch
        .as_deref()
        .and_then(|name| gix::refs::FullName::try_from(name).ok())
        .and_then(|name| {
            repo.branch_remote_tracking_ref_name(name.as_ref(), gix::remote::Direction::Fetch)
        })
        .and_then(|up| up.ok())
        .map(|up| up.as_bstr().to_str_lossy().into_owned());
    // One lookup of every ref needed below (one `git for-each-ref` on reftable).
    let candidates = default_branch_candidates(repo);
    let names: Vec<&str> = upstream
        .iter()
        .chain(&candidates)
        .map(String::as_str)
        .collect();
    let found = store.find_refs(&names).unwrap_or_default();
    if let Some(up) = upstream.as_deref() {
        if let Some(r) = found.iter().find(|r| r.name == up) {
            state.ahead = count(repo, head, r.peeled);
            state.behind = count(repo, r.peeled, head);
            state.upstream = Some(shorten(up));
        }
    }
    if let Some((name, id)) = pick_default_branch(&candidates, &found) {
        if let Ok(Some(base)) = repo.merge_base(head, id) {
            let base = base.detach();
            state.merge_base = Some(base);
            state.commits = commits_since(repo, head, base);
            match known {
                Some(k) if k.merge_base == base && k.head == head => state.files.extend(
                    k.files
                        .iter()
                        .filter(|f| f.state == FileState::Committed)
                        .cloned(),
                ),
                _ => state.files.extend(committed_files(repo, base, head)),
            }
        }
        state.default_branch = Some(name);
    }
    Ok(state)
}

/// The default branch: `origin/HEAD`'s target, else `init.defaultBranch`, `main`, `master`,
/// `trunk`, whichever exists first. Returns its short name and tip.
pub fn default_branch(store: &Store) -> Option<(String, ObjectId)> {
    let candidates = default_branch_candidates(store.repo());
    if let crate::refs::Refs::Git { .. } = store.refs {
        // One `git for-each-ref` for all of them.
        let names: Vec<&str> = candidates.iter().map(String::as_str).collect();
        let found = store.find_refs(&names).ok()?;
        return pick_default_branch(&candidates, &found);
    }
    // One file read per name, in order, up to the first that decides: `main` is not looked
    // for under `master` and `trunk` too.
    candidates.iter().find_map(|name| {
        let found = store.find_refs(&[name.as_str()]).ok()?;
        pick_default_branch(&candidates, &found)
    })
}

/// The refs [`default_branch`] looks at, in order: `refs/remotes/origin/HEAD`, then
/// `refs/heads/` of `init.defaultBranch`, `main`, `master`, `trunk`.
fn default_branch_candidates(repo: &gix::Repository) -> Vec<String> {
    let configured = repo
        .config_snapshot()
        .string("init.defaultBranch")
        .map(|v| v.to_str_lossy().into_owned());
    let mut names = vec!["refs/remotes/origin/HEAD".to_string()];
    for name in configured
        .into_iter()
        .chain(["main", "master", "trunk"].map(String::from))
    {
        let full = format!("refs/heads/{name}");
        if !names.contains(&full) {
            names.push(full);
        }
    }
    names
}

/// [`default_branch`] among the refs `found` of `candidates` ([`default_branch_candidates`]).
fn pick_default_branch(
    candidates: &[String],
    found: &[crate::refs::Found],
) -> Option<(String, ObjectId)> {
    let origin_head = found
        .iter()
        .find(|r| r.name == "refs/remotes/origin/HEAD")
        .and_then(|r| Some((r.symref.as_deref()?, r.peeled)));
    if let Some((target, id)) = origin_head {
        return Some((shorten(target), id));
    }
    candidates.iter().skip(1).find_map(|name| {
        let r = found.iter().find(|r| &r.name == name)?;
        Some((name["refs/heads/".len()..].to_string(), r.peeled))
    })
}

/// Commits reachable from `from` but not from `hidden`, or `None` past [`WALK_LIMIT`].
pub fn count(repo: &gix::Repository, from: ObjectId, hidden: ObjectId) -> Option<usize> {
    let walk = repo.rev_walk([from]).with_hidden([hidden]).all().ok()?;
    let n = walk.take(WALK_LIMIT + 1).filter(|i| i.is_ok()).count();
    (n <= WALK_LIMIT).then_some(n)
}

/// Commits reachable from `head` but not from `base`, newest first, with their subjects (at most
/// [`WALK_LIMIT`]).
pub fn commits_since(
    repo: &gix::Repository,
    head: ObjectId,
    base: ObjectId,
) -> Vec<(ObjectId, String)> {
    let Ok(walk) = repo.rev_walk([head]).with_hidden([base]).all() else {
        return Vec::new();
    };
    walk.take(WALK_LIMIT)
        .filter_map(|info| {
            let info = info.ok()?;
            let commit = info.object().ok()?;
            let subject = commit
                .message()
                .ok()
                .map(|m| m.summary().to_str_lossy().into_owned())
                .unwrap_or_default();
            Some((info.id, subject))
        })
        .collect()
}

/// Paths changed between the trees of `old` and `new` (commits).
pub fn changed_paths(repo: &gix::Repository, old: ObjectId, new: ObjectId) -> Vec<String> {
    let tree = |id: ObjectId| repo.find_commit(id).ok()?.tree().ok();
    let (Some(a), Some(b)) = (tree(old), tree(new)) else {
        return Vec::new();
    };
    // The plain tree walk: no rename tracking, no blob-diff setup (which would load the index),
    // and directories are not files.
    let mut recorder = gix::diff::tree::Recorder::default();
    let walked = gix::diff::tree(
        gix::objs::TreeRefIter::from_bytes(&a.data, a.id.kind()),
        gix::objs::TreeRefIter::from_bytes(&b.data, b.id.kind()),
        gix::diff::tree::State::default(),
        &repo.objects,
        &mut recorder,
    );
    if walked.is_err() {
        return Vec::new();
    }
    use gix::diff::tree::recorder::Change;
    let mut paths: Vec<String> = recorder
        .records
        .iter()
        .filter_map(|c| match c {
            Change::Addition {
                entry_mode, path, ..
            }
            | Change::Deletion {
                entry_mode, path, ..
            }
            | Change::Modification {
                entry_mode, path, ..
            } => (!entry_mode.is_tree()).then(|| path.to_str_lossy().into_owned()),
        })
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

fn committed_files(repo: &gix::Repository, base: ObjectId, head: ObjectId) -> Vec<FileChange> {
    changed_paths(repo, base, head)
        .into_iter()
        .map(|path| FileChange {
            path,
            state: FileState::Committed,
        })
        .collect()
}

/// Staged, unstaged and untracked files (like `git status --porcelain`), sorted by state then path.
///
/// gix scans in this thread (gix is built without its `parallel` feature): it scans only work
/// trees of fewer than 1,000 files, where starting its six threads cost more than they saved
/// (a 200-file tree: `prompt` 15.5 ms with them, 8.7 ms without, bench/floor.sh). What is
/// staged is compared only in the directories the index's cache tree marks changed, as git's
/// own status does (see `staged`). Where
/// git has what gix lacks (a configured `core.fsmonitor`, or its untracked cache in the index)
/// or is faster anyway (1,000 files or more; see `git_scan`, `index_favours_git`), the
/// scan is git's own `status --porcelain=v2 -z` instead, and untracked directories are listed
/// as `dir/`, as git shows them.
///
/// # Errors
/// [`Error::Git`] when the index or working tree cannot be read.
pub fn status(store: &Store) -> Result<Vec<FileChange>> {
    scan(store).map(|s| s.files)
}

/// The work tree's changes as [`status`] lists them and, when the scan was git's own, the
/// blob each listed tracked file's index entry names.
#[derive(Debug, Default)]
pub struct Scan {
    /// As [`status`] returns them.
    pub files: Vec<FileChange>,
    /// Path to the blob of its index entry (the porcelain's `hI`), for each changed tracked
    /// file the scan of `git status --porcelain=v2` listed (not unmerged ones); `None` when gix
    /// scanned (the caller reads the index itself, which is small then).
    pub index_ids: Option<IndexIds>,
}

/// [`status`], keeping what git's scan said of the index ([`Scan::index_ids`]): a caller
/// that needs the index entries of the changed files does not read a large index again.
///
/// # Errors
/// As [`status`].
pub fn scan(store: &Store) -> Result<Scan> {
    start_scan(store).finish(store)
}

/// Starts the scan of [`scan`]: when git's own `status` is the one to run (always on reftable,
/// whose HEAD gix's status cannot read; else as [`git_scan`] decides), it is started now, and
/// the caller reads what it needs meanwhile. Never fails: a git that cannot be started fails
/// (or is replaced by gix's scan) in [`PendingScan::finish`].
pub fn start_scan(store: &Store) -> PendingScan {
    let repo = store.repo();
    if repo.workdir().is_none() {
        return PendingScan { git: None };
    }
    let reftable = matches!(store.refs, crate::refs::Refs::Git { .. });
    let git = store.git();
    let started = match git_scan(repo) {
        GitScan::Split => match (spawn_tracked_by_git(&git), spawn_untracked_by_git(&git)) {
            (Ok(tracked), Ok(untracked)) => Some(Started::Split { tracked, untracked }),
            // One of two that could not start: the whole status alone.
            (tracked, untracked) => {
                for mut child in [tracked, untracked].into_iter().flatten() {
                    let _ = child.kill();
                    let _ = child.wait();
                }
                Some(Started::Whole(spawn_status_by_git(&git)))
            }
        },
        GitScan::Whole => Some(Started::Whole(spawn_status_by_git(&git))),
        GitScan::No if reftable => Some(Started::Whole(spawn_status_by_git(&git))),
        GitScan::No => None,
    };
    PendingScan { git: started }
}

/// A scan begun by [`start_scan`], ended by [`PendingScan::finish`]; dropped unfinished, it
/// stops the git processes it started and waits for them.
#[derive(Debug)]
pub struct PendingScan {
    git: Option<Started>,
}

/// The git processes a [`PendingScan`] started.
#[derive(Debug)]
enum Started {
    /// `git status` (see [`spawn_status_by_git`]); `Err` when it could not be started.
    Whole(std::io::Result<std::process::Child>),
    /// The same scan in two processes that run at once ([`GitScan::Split`]).
    Split {
        tracked: std::process::Child,
        untracked: std::process::Child,
    },
}

impl Started {
    /// What the processes reported once they exit; `None` when one could not be started or
    /// failed.
    fn finish(self) -> Option<(Vec<FileChange>, IndexIds)> {
        match self {
            Started::Whole(child) => status_of_child(child.ok()?),
            Started::Split { tracked, untracked } => {
                let untracked = untracked_of_child(untracked);
                let (mut files, ids) = status_of_child(tracked)?;
                files.extend(untracked?);
                Some((files, ids))
            }
        }
    }

    /// Stops the processes and waits for them.
    fn stop(self) {
        let children = match self {
            Started::Whole(child) => vec![child.ok()],
            Started::Split { tracked, untracked } => vec![Some(tracked), Some(untracked)],
        };
        for mut child in children.into_iter().flatten() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl PendingScan {
    /// Whether git processes were started, so that the scan ends when they exit: work the
    /// caller does before [`PendingScan::finish`] overlaps them.
    pub fn in_flight(&self) -> bool {
        self.git.is_some()
    }

    /// The scan's result, as [`scan`] returns it: the files the started git reported once it
    /// exits, else (or when it failed on the files backend) gix's scan. On the files backend,
    /// where git was not started, a parsed index showing git's scan to be faster
    /// ([`index_favours_git`]) runs git's after all.
    ///
    /// # Errors
    /// [`Error::Git`] when `git status` failed on reftable, or the index or work tree cannot
    /// be read.
    pub fn finish(mut self, store: &Store) -> Result<Scan> {
        let repo = store.repo();
        if repo.workdir().is_none() {
            return Ok(Scan::default());
        }
        let err = |e: Box<dyn std::error::Error + Send + Sync>| {
            Error::git("cannot compute the working tree status", e)
        };
        let started = self.git.take();
        let tried_git = started.is_some();
        let by_git = started
            .and_then(Started::finish)
            .map(|(files, ids)| (files, Some(ids)));
        let out = match by_git {
            Some(out) => out,
            // gix's status reads HEAD (for the HEAD-to-index comparison, and for
            // `.gitmodules` when the work tree and index have none), which it cannot on
            // reftable.
            None if matches!(store.refs, crate::refs::Refs::Git { .. }) => {
                return Err(err("`git status` failed".into()));
            }
            None => {
                let scanning = scanning_repo(repo);
                let repo = scanning.as_ref().unwrap_or(repo);
                let index = repo.index_or_empty().map_err(|e| err(e.into()))?;
                // Not again when git has just failed.
                let by_git = (!tried_git && index_favours_git(&index))
                    .then(|| status_by_git(&store.git()))
                    .flatten();
                match by_git {
                    Some(files) => files,
                    None => (status_by_gix(repo, index)?, None),
                }
            }
        };
        Ok(Scan {
            files: sorted(out.0),
            index_ids: out.1,
        })
    }
}

impl Drop for PendingScan {
    fn drop(&mut self) {
        if let Some(started) = self.git.take() {
            started.stop();
        }
    }
}

/// `files` sorted by state, then path, without duplicates.
fn sorted(mut files: Vec<FileChange>) -> Vec<FileChange> {
    files.sort_by(|a, b| (a.state.as_str(), &a.path).cmp(&(b.state.as_str(), &b.path)));
    files.dedup();
    files
}

/// The scan of [`status`] through gix, unsorted: what is staged from the cache tree
/// ([`staged::staged`]), the rest from gix's index-to-work-tree scan; gix's own HEAD-to-index
/// comparison (which reads every one of HEAD's trees) only where the cache tree cannot serve.
fn status_by_gix(repo: &gix::Repository, index: gix::worktree::Index) -> Result<Vec<FileChange>> {
    let err = |e| Error::git("cannot compute the working tree status", e);
    let staged = staged::staged(repo, &index);
    let platform = repo
        .status(gix::progress::Discard)
        .map_err(err)?
        .index(gix::worktree::IndexPersistedOrInMemory::Persisted(index))
        .untracked_files(gix::status::UntrackedFiles::Files);
    let no_patterns = Vec::<gix::bstr::BString>::new();
    let mut out = Vec::new();
    if let Some(staged) = staged {
        out.extend(staged.into_iter().map(|path| FileChange {
            path,
            state: FileState::Staged,
        }));
        for item in platform
            .into_index_worktree_iter(no_patterns)
            .map_err(err)?
        {
            out.extend(worktree_change(&item.map_err(err)?));
        }
    } else {
        for item in platform.into_iter(no_patterns).map_err(err)? {
            match item.map_err(err)? {
                gix::status::Item::IndexWorktree(change) => out.extend(worktree_change(&change)),
                gix::status::Item::TreeIndex(change) => out.push(FileChange {
                    path: change.location().to_str_lossy().into_owned(),
                    state: FileState::Staged,
                }),
            }
        }
    }
    Ok(out)
}

/// Index entries from which git's own status is faster than gix's scan even without a cache:
/// gix 0.90's untracked walk and HEAD-to-index comparison cost about four times git's
/// instructions (a 20,000-file work tree with one staged file: 180 M against `git status`'s
/// 47 M under callgrind, 70 ms against 55 ms wall; at 2,000 files 16 ms against 12 ms), which
/// outweighs starting a git process (about 2 ms) well before 1,000 files (bench/worktree.sh).
const GIT_SCAN_MIN_ENTRIES: usize = 1_000;

/// How the work tree is scanned, as far as is known before the index is parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GitScan {
    /// By gix, unless the parsed index says otherwise ([`index_favours_git`]).
    No,
    /// By one `git status`.
    Whole,
    /// By `git status --untracked-files=no` and `git ls-files --others` at once: git's
    /// untracked walk runs in one thread after the stat of every tracked file, and the two
    /// halves take about as long as each other (20,000 files: 12 ms and 8 ms against 20 ms for
    /// the whole), so on two cores the pair ends in about three quarters of the time.
    Split,
}

/// How git's own status should scan this work tree, as far as is known before the index is
/// parsed:
/// - [`GitScan::Whole`] when the user configured a file-system monitor (`core.fsmonitor`, a
///   hook or git's daemon: git then stats only what it reports), which gix does not use;
/// - when the index file's header counts [`GIT_SCAN_MIN_ENTRIES`] entries or more,
///   [`GitScan::Split`] where the halves can run at once and list what one status would (more
///   than one CPU, the untracked-files mode is git's default `normal`, and
///   `core.untrackedCache` is unset or false: `true` or `keep` given, the index may hold a
///   cache only `git status` reads), else
///   [`GitScan::Whole`];
/// - [`GitScan::No`] otherwise.
///
/// Sources: git-config(1) `core.fsmonitor`, `core.untrackedCache`,
/// `status.showUntrackedFiles`; gitformat-index(5), its header (`DIRC`, version, number of
/// entries, each 4 bytes, network order).
fn git_scan(repo: &gix::Repository) -> GitScan {
    let config = repo.config_snapshot();
    let set = |key: &str| {
        config.string(key).map(|v| {
            let v = v.to_str_lossy().trim().to_ascii_lowercase();
            !matches!(v.as_str(), "" | "false" | "no" | "off" | "0")
        })
    };
    if set("core.fsmonitor") == Some(true) {
        return GitScan::Whole;
    }
    if index_entries(&repo.index_path()).is_none_or(|n| n < GIT_SCAN_MIN_ENTRIES) {
        return GitScan::No;
    }
    let normal = config
        .string("status.showUntrackedFiles")
        .is_none_or(|v| v.to_str_lossy().trim().eq_ignore_ascii_case("normal"));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if normal && set("core.untrackedCache") != Some(true) && cores > 1 {
        GitScan::Split
    } else {
        GitScan::Whole
    }
}

/// Whether the parsed `index` shows git's scan to be the faster one where its header did not:
/// it holds git's untracked cache (the `UNTR` extension that `core.untrackedCache` makes git
/// keep: git then reads only the directories whose mtime changed; gix does not use it), or,
/// split, it has [`GIT_SCAN_MIN_ENTRIES`] entries in all. Source: gitformat-index(5)
/// "Untracked cache", "Split index".
fn index_favours_git(index: &gix::worktree::Index) -> bool {
    index.untracked().is_some() || index.entries().len() >= GIT_SCAN_MIN_ENTRIES
}

/// The number of entries the index file at `path` says it holds (its header; a split index's
/// own file counts only its own entries). `None` when it cannot be read or is not an index.
fn index_entries(path: &std::path::Path) -> Option<usize> {
    use std::io::Read;
    let mut header = [0u8; 12];
    std::fs::File::open(path)
        .ok()?
        .read_exact(&mut header)
        .ok()?;
    let (magic, rest) = header.split_at(4);
    let count: [u8; 4] = rest[4..8].try_into().ok()?;
    (magic == b"DIRC").then(|| u32::from_be_bytes(count) as usize)
}

/// The work tree's changes as `git status --porcelain=v2 -z` reports them, run by `git` (in
/// its work tree) with `--no-optional-locks` (so it never takes the index lock an agent's own git command may
/// need) and the user's own untracked-files mode (the untracked cache serves only that mode):
/// an untracked directory is listed as `dir/`, as `git status` shows it. `None` when git
/// cannot be run or fails (the caller scans with gix instead). Unsorted.
fn status_by_git(git: &crate::git::Git) -> Option<(Vec<FileChange>, Option<IndexIds>)> {
    status_of_child(spawn_status_by_git(git).ok()?).map(|(files, ids)| (files, Some(ids)))
}

/// The arguments of the `git status --porcelain=v2 -z --no-renames` that [`status_by_git`]
/// runs.
const STATUS: [&str; 5] = [
    "--no-optional-locks",
    "status",
    "--porcelain=v2",
    "-z",
    "--no-renames",
];

/// Starts the `git status` of [`status_by_git`].
fn spawn_status_by_git(git: &crate::git::Git) -> std::io::Result<std::process::Child> {
    spawn_listing(git, &STATUS)
}

/// Starts the tracked half of [`GitScan::Split`]: [`spawn_status_by_git`]'s status without
/// its untracked walk (`--untracked-files=no`).
fn spawn_tracked_by_git(git: &crate::git::Git) -> std::io::Result<std::process::Child> {
    let mut args = STATUS.to_vec();
    args.push("--untracked-files=no");
    spawn_listing(git, &args)
}

/// Starts the untracked half of [`GitScan::Split`]: `git ls-files --others --exclude-standard
/// --directory --no-empty-directory -z`, run (as every git here) at the work tree's top, lists
/// the untracked files and directories `git status` lists in its `normal` mode, with the same
/// exclude files, relative to the top, an untracked directory as `dir/` (git-ls-files(1),
/// git-status(1) `--untracked-files`).
fn spawn_untracked_by_git(git: &crate::git::Git) -> std::io::Result<std::process::Child> {
    spawn_listing(
        git,
        &[
            "--no-optional-locks",
            "ls-files",
            "-z",
            "--others",
            "--exclude-standard",
            "--directory",
            "--no-empty-directory",
        ],
    )
}

/// Starts `git args` with its output piped to us and its errors dropped (a failure shows in
/// its exit status, and the caller then scans another way).
fn spawn_listing(git: &crate::git::Git, args: &[&str]) -> std::io::Result<std::process::Child> {
    git.command(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
}

/// The untracked paths a `git ls-files` started by [`spawn_untracked_by_git`] lists, once it
/// exits; `None` when it fails.
fn untracked_of_child(child: std::process::Child) -> Option<Vec<FileChange>> {
    let out = child.wait_with_output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(
        out.stdout
            .split(|b| *b == 0)
            .filter(|p| !p.is_empty())
            .map(|path| FileChange {
                path: String::from_utf8_lossy(path).into_owned(),
                state: FileState::Untracked,
            })
            .collect(),
    )
}

/// The files a `git status` started by [`spawn_status_by_git`] reports, once it exits, and
/// their index entries' blobs ([`Scan::index_ids`]); `None` when it fails.
fn status_of_child(child: std::process::Child) -> Option<(Vec<FileChange>, IndexIds)> {
    let out = child.wait_with_output().ok()?;
    if !out.status.success() {
        return None;
    }
    let mut ids = IndexIds::new();
    Some((parse_records(&out.stdout, &mut ids), ids))
}

/// Path to the blob its index entry names, as [`Scan::index_ids`].
pub type IndexIds = HashMap<String, ObjectId>;

/// Parses `git status --porcelain=v2 -z` records (git-status(1), "Porcelain Format Version
/// 2"): `1 XY ...` (changed), `2 XY ... <path>\0<orig>` (renamed or copied), `u XY ...`
/// (unmerged), `? <path>` (untracked); an X other than `.` is staged, a Y other than `.`
/// unstaged, an unmerged entry unstaged. Other records (`!`, `#`) are skipped. Linear in the
/// input.
pub fn parse_porcelain_v2(out: &[u8]) -> Vec<FileChange> {
    parse_records(out, &mut IndexIds::new())
}

/// [`parse_porcelain_v2`], also putting into `ids` the `hI` field (the index entry's blob) of
/// each `1` and `2` record, by path (none for a path the index no longer has: its `hI` is all
/// zeros).
fn parse_records(out: &[u8], ids: &mut IndexIds) -> Vec<FileChange> {
    let mut files = Vec::new();
    let mut records = out.split(|b| *b == 0);
    let mut push = |path: &[u8], state| {
        files.push(FileChange {
            path: String::from_utf8_lossy(path).into_owned(),
            state,
        })
    };
    while let Some(record) = records.next() {
        let fields = match record.first() {
            Some(b'1') => 9,
            Some(b'2') => 10,
            Some(b'u') => 11,
            Some(b'?') => {
                if let Some(path) = record.get(2..).filter(|p| !p.is_empty()) {
                    push(path, FileState::Untracked);
                }
                continue;
            }
            _ => continue,
        };
        if record[0] == b'2' {
            // The original path follows as a record of its own.
            records.next();
        }
        let mut parts = record.splitn(fields, |b| *b == b' ');
        let xy = parts.nth(1).unwrap_or_default();
        let Some(path) = parts.last().filter(|p| !p.is_empty()) else {
            continue;
        };
        if record[0] == b'u' {
            push(path, FileState::Unstaged);
            continue;
        }
        // `1 XY sub mH mI mW hH hI path`: the eighth field (`2` records the same).
        if let Some(id) = record
            .split(|b| *b == b' ')
            .nth(7)
            .and_then(|hex| ObjectId::from_hex(hex).ok())
            .filter(|id| !id.is_null())
        {
            ids.insert(String::from_utf8_lossy(path).into_owned(), id);
        }
        if xy.first().is_some_and(|x| *x != b'.') {
            push(path, FileState::Staged);
        }
        if xy.get(1).is_some_and(|y| *y != b'.') {
            push(path, FileState::Unstaged);
        }
    }
    files
}

/// An index-to-work-tree change as [`status`] records it: unstaged or untracked, or `None`
/// for an entry that did not change.
fn worktree_change(change: &gix::status::index_worktree::Item) -> Option<FileChange> {
    let state = match change.summary()? {
        gix::status::index_worktree::iter::Summary::Added => FileState::Untracked,
        _ => FileState::Unstaged,
    };
    Some(FileChange {
        path: change.rela_path().to_str_lossy().into_owned(),
        state,
    })
}

/// A clone of `repo` for one status scan, or `None` if the index setting cannot be applied
/// (the caller then scans with `repo` as it is):
///
/// - It reads the index without verifying its checksum, like git, which verifies it only in
///   `git fsck` (read-cache.c, `verify_index_checksum`): hashing the whole file costs more than
///   parsing it (a sixth of a save on a 10,000-file repository). gix reads `index.skipHash`
///   for that; set in memory here, it applies to the one index snapshot that the status and
///   its submodule lookup share. Nothing here writes the index, so git's meaning of the key
///   (write no checksum) never applies.
/// - Its work tree is named from the current directory when that is the work tree or inside
///   it (see [`relative_workdir`]).
fn scanning_repo(repo: &gix::Repository) -> Option<gix::Repository> {
    let mut repo = repo.clone();
    let mut config = repo.config_snapshot_mut();
    config
        .set_value(&gix::config::tree::Index::SKIP_HASH, "true")
        .ok()?;
    config.commit().ok()?;
    if let Some(relative) = repo.workdir().and_then(relative_workdir) {
        // Checked by gix (it lists the directory); on failure the absolute path stays.
        let _ = repo.set_workdir(relative);
    }
    Some(repo)
}

/// `workdir` named from the current directory (`.`, `..`, `../..`) when the current directory
/// is `workdir` or inside it; `None` otherwise. The kernel resolves a relative path from the
/// current directory instead of walking every component from `/`: a scan makes a `stat` or
/// `open` call per file and directory (a 200-file tree: about 350), and walking the absolute
/// path's components was a tenth of its kernel time (perf, bench/floor.sh's tree under
/// `/tmp/<dir>/<dir>`). Nothing here changes directory, so the name stays right for the scan.
fn relative_workdir(workdir: &std::path::Path) -> Option<std::path::PathBuf> {
    let cwd = std::env::current_dir().ok()?;
    let below = cwd.strip_prefix(workdir).ok()?;
    let up = below.components().count();
    Some(if up == 0 {
        ".".into()
    } else {
        std::iter::repeat_n("..", up).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_header_gives_the_entry_count_and_anything_else_none() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("index");
        std::fs::write(&path, b"DIRC\0\0\0\x02\0\0\x4e\x20rest").expect("write");
        assert_eq!(index_entries(&path), Some(20_000));
        std::fs::write(&path, b"DIRX\0\0\0\x02\0\0\x4e\x20").expect("write");
        assert_eq!(index_entries(&path), None);
        std::fs::write(&path, b"DIRC\0\0").expect("write");
        assert_eq!(index_entries(&path), None);
        assert_eq!(index_entries(&dir.path().join("missing")), None);
    }

    #[test]
    fn porcelain_v2_records_become_staged_unstaged_and_untracked_files() {
        let out = b"1 M. N... 100644 100644 100644 aaaa bbbb src/a b.rs\0\
1 .M N... 100644 100644 100644 aaaa aaaa lib.rs\0\
1 MM N... 100644 100644 100644 aaaa bbbb both.rs\0\
2 R. N... 100644 100644 100644 aaaa aaaa R100 new.rs\0old.rs\0\
u UU N... 100644 100644 100644 100644 aaaa bbbb cccc conflict.rs\0\
? notes/\0? draft.txt\0! target/\0";
        let got: Vec<(String, &str)> = parse_porcelain_v2(out)
            .into_iter()
            .map(|f| (f.path, f.state.as_str()))
            .collect();
        let want = [
            ("src/a b.rs", "staged"),
            ("lib.rs", "unstaged"),
            ("both.rs", "staged"),
            ("both.rs", "unstaged"),
            ("new.rs", "staged"),
            ("conflict.rs", "unstaged"),
            ("notes/", "untracked"),
            ("draft.txt", "untracked"),
        ];
        let want: Vec<(String, &str)> = want.iter().map(|(p, s)| (p.to_string(), *s)).collect();
        assert_eq!(got, want);
        assert!(parse_porcelain_v2(b"").is_empty());
        assert!(parse_porcelain_v2(b"1 M.\0?\0u\0").is_empty());
    }

    #[test]
    fn porcelain_v2_records_name_the_index_blob_of_each_changed_tracked_file() {
        let (h, i) = ("a".repeat(40), "b".repeat(40));
        let zero = "0".repeat(40);
        let out = format!(
            "1 M. N... 100644 100644 100644 {h} {i} src/a b.rs\0\
1 D. N... 100644 000000 000000 {h} {zero} gone.rs\0\
u UU N... 100644 100644 100644 100644 {h} {i} {h} conflict.rs\0? draft.txt\0"
        );
        let mut ids = IndexIds::new();
        let files = parse_records(out.as_bytes(), &mut ids);
        assert_eq!(files.len(), 4);
        let want = IndexIds::from([(
            "src/a b.rs".to_string(),
            ObjectId::from_hex(i.as_bytes()).unwrap(),
        )]);
        assert_eq!(
            ids, want,
            "none for a deleted entry, a conflict or an untracked file"
        );
    }
}
