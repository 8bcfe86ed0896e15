//! Checkpoint storage on refs: one ref per story pointing at a commit whose tree holds
//! `checkpoint.md` and `meta.json`; the commit chain is the history. Every write is a
//! compare-and-swap on the ref. The on-ref layout is specified in `docs/FORMAT.md`. Objects
//! are read and written through gix; refs through the backend `crate::refs` picks at open
//! (gix on the files backend, git's plumbing on reftable).
//!
//! This module owns reads and writes of checkpoint objects and refs. It never touches HEAD,
//! the index, the working tree, or any ref outside [`ACTIVE_PREFIX`], [`ARCHIVE_PREFIX`] and
//! [`STACK_REF`].
//!
//! One file per job: `revision.rs` is the stored format (what `meta.json` and a checkpoint
//! commit hold), `trailers.rs` the commit message's trailer block, `read.rs` reads objects and
//! revisions, `recovery.rs` the fix for a revision that cannot be read,
//! `revspec.rs` resolves a code commit named on the command line (and says why a
//! name leads nowhere), `write.rs` writes objects and moves refs (through [`Store::transact`], the one
//! path that updates a ref). This file opens the repository and names what the rest of the
//! crate may ask of it.

mod read;
mod recovery;
mod retry;
mod revision;
mod revspec;
mod threads;
mod trailers;
mod turn;
mod write;
mod written;

pub use read::{find_revisions, resolve_revision, Cut, Unreadable};
pub use retry::{backoff, backoff_by};
pub use revision::{
    next_revision, now_rfc3339, Completion, FileChange, FileState, Meta, NewRevision, PlanItem,
    PlanStatus, Revision, Status, Summary, DOCUMENT_FILE, FORMAT_VERSION, META_FILE,
};
pub(crate) use trailers::{compose_message, split_message};
pub use write::{delete_edit, expect, update_edit, Step, Updated, OUR_REF_PATTERNS};
pub use written::Written;

use crate::error::{Error, Result};
use crate::story::StoryId;
pub use gix::refs::transaction::PreviousValue;
use gix::ObjectId;
use std::path::Path;

pub use crate::names::{ACTIVE_PREFIX, ARCHIVE_PREFIX, STACK_REF};
/// Default for `checkpoint.maxSize`: 1 MiB.
pub const DEFAULT_MAX_SIZE: u64 = 1024 * 1024;
/// How often a compare-and-swap write is retried after losing a race or finding a ref locked
/// by another writer: enough for 8 processes saving in a loop on one story (or sharing the
/// notes ref), about a second of backoff in all.
pub(crate) const MAX_ATTEMPTS: u32 = 64;

/// Bytes of decoded objects a [`Store`] keeps in memory, so the objects a command reads more than
/// once (HEAD's commit, the tip) are opened and inflated once.
const OBJECT_CACHE_BYTES: usize = 1 << 20;

/// An open repository with checkpoint storage.
pub struct Store {
    /// The gix repository handle: the crate reads through [`Store::repo`] and the named
    /// accessors, and writes through the store.
    repo: gix::Repository,
    /// Where refs are read and written: gix, or git's plumbing for reftable.
    pub(crate) refs: crate::refs::Refs,
    max_size: u64,
    /// `checkpoint.maxReadSize` (at least `max_size`): the largest document, `meta.json` or
    /// commit a read accepts.
    max_read: u64,
    config: crate::config::Config,
    /// HEAD once read ([`Store::head`]).
    head: std::sync::Mutex<Option<crate::refs::Head>>,
    /// The refs read while a [`Store::snapshot`] runs.
    snapshot: std::sync::Mutex<Option<crate::refs::Snapshot>>,
}

/// [`Error::Corrupt`]: the commit `id` of `refname` is not a checkpoint commit, for `reason`;
/// the fix is [`default_fix`] ([`Store::read`] names a better one for a checkpoint ref).
pub(crate) fn corrupt(refname: &str, id: ObjectId, reason: String) -> Error {
    Error::Corrupt {
        refname: refname.to_string(),
        oid: id.to_string(),
        reason,
        fix: default_fix(refname),
    }
}

/// The fix for a broken commit of `refname` when nothing better is known: look at it, or
/// remove the ref.
pub(crate) fn default_fix(refname: &str) -> String {
    format!("inspect it with `git log {refname}`, remove it with `git update-ref -d {refname}`")
}
impl Store {
    /// A handle on the same repository whose object writes stay in memory (and are readable
    /// through it) until [`Store::take_objects`]; refs are shared. For writing many objects at
    /// once with [`crate::pack::persist`].
    pub fn in_memory(&self) -> Store {
        Store {
            repo: self.repo.clone().with_object_memory(),
            refs: self.refs.clone(),
            max_size: self.max_size,
            max_read: self.max_read,
            config: self.config.clone(),
            head: std::sync::Mutex::default(),
            snapshot: std::sync::Mutex::default(),
        }
    }

    /// The objects written through an [`Store::in_memory`] handle so far (none for a plain
    /// one), taken out of it: object id -> kind and uncompressed content.
    pub fn take_objects(&self) -> gix::odb::memory::Storage {
        self.repo.objects.reset_object_memory().unwrap_or_default()
    }

    /// Discovers the repository like git does (`GIT_DIR`/`GIT_WORK_TREE` when set, else
    /// upwards from `dir`) and opens it with [`Store::open`].
    ///
    /// # Errors
    /// [`Error::NotARepository`] when none is found; as [`Store::open`].
    pub fn discover(dir: &Path) -> Result<Store> {
        let repo = gix::discover_with_environment_overrides(dir)
            .map_err(|e| Error::NotARepository(e.to_string()))?;
        let config = crate::config::Config::from_repo(&repo);
        Store::open(repo, config)
    }

    /// Drops the cache of decoded objects that [`Store::open`] sets up, for a scan that reads
    /// each object once (`list` reads one commit per story): copying every object into the
    /// cache, and the fresh memory that takes, was about a fifth of `list`'s page faults at 1,000
    /// stories.
    pub fn without_object_cache(&mut self) {
        self.repo.object_cache_size(0);
    }

    /// The store of `repo`, whose configuration (with `git -c` overrides) is `config`.
    ///
    /// Refs go through gix on the files backend and through git's plumbing on any other
    /// (`extensions.refStorage=reftable`), see `crate::refs`; objects through gix always.
    ///
    /// # Errors
    /// [`Error::Config`] for a malformed `checkpoint.maxSize`.
    pub fn open(mut repo: gix::Repository, config: crate::config::Config) -> Result<Store> {
        // A save reads HEAD's commit and the checkpoint tip several times over (state, merge
        // base, previous revision, notes); without a cache every read opens and inflates the
        // loose object again. `GIX_OBJECT_CACHE_MEMORY` still overrides the size.
        repo.object_cache_size_if_unset(OBJECT_CACHE_BYTES);
        // And a cache of delta bases, as git keeps (core.deltaBaseCacheLimit): the trees a
        // save diffs are deltas in a cloned repository's pack, and without it each one
        // re-inflates its whole delta chain. gix's own default (64 entries, 96 MiB at most).
        if !repo.objects.has_pack_cache() {
            repo.objects
                .set_pack_cache(|| Box::<gix_pack::cache::lru::StaticLinkedList<64>>::default());
        }
        let refs = crate::refs::Refs::of(&repo);
        let max_size = config.max_size()?;
        let max_read = config.max_read_size()?;
        // The section names this repository's configuration adds to the vocabulary.
        crate::model::vocab::set_configured(config.section_names());
        Ok(Store {
            repo,
            refs,
            max_size,
            max_read,
            config,
            head: std::sync::Mutex::default(),
            snapshot: std::sync::Mutex::default(),
        })
    }

    ///
    /// # Errors
    /// [`Error::Git`] when HEAD cannot be read.
    /// `git` bound to this repository (its git dir and work tree): how the crate runs git.
    pub fn git(&self) -> crate::git::Git {
        crate::git::Git::new(
            self.repo.git_dir(),
            self.repo.workdir().map(Path::to_path_buf),
        )
    }

    /// HEAD: the branch it names and the commit it is at ([`crate::refs::Refs::head`]), read
    /// once per store. An operation asks several times (the branch, drift warnings, the
    /// merged check, the code state), each a read of HEAD and of its branch's ref, and no
    /// write of the store moves either; after running git that does (`git switch`), call
    /// [`Store::forget_head`].
    ///
    /// # Errors
    /// [`Error::Git`] when HEAD cannot be read (not remembered: the next call reads again).
    pub(crate) fn head(&self) -> Result<crate::refs::Head> {
        let mut kept = self
            .head
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(head) = kept.as_ref() {
            return Ok(head.clone());
        }
        let head = self.refs.head(&self.repo)?;
        *kept = Some(head.clone());
        Ok(head)
    }

    /// Runs `read`, a step that writes no ref, with each ref it reads through [`Store::tip`]
    /// and [`Store::find_refs`] read once, and `packed-refs` checked for a change once
    /// ([`crate::refs::Snapshot`]): what it sees is the refs as they were when each was
    /// first read. A ref write through the store ends the snapshot (the compare-and-swap of a
    /// write reads the refs as they are now); running git that moves refs inside `read` is
    /// not done. Inside another snapshot, `read` runs in that one.
    pub(crate) fn snapshot<T>(&self, read: impl FnOnce() -> T) -> T {
        let started = {
            let mut kept = self.kept_snapshot();
            let start = kept.is_none();
            if start {
                *kept = Some(crate::refs::Snapshot::default());
            }
            start
        };
        let out = read();
        if started {
            self.end_snapshot();
        }
        out
    }

    /// Ends the [`Store::snapshot`] that runs, if any: refs are read as they are from now on.
    pub(crate) fn end_snapshot(&self) {
        *self.kept_snapshot() = None;
    }

    fn kept_snapshot(&self) -> std::sync::MutexGuard<'_, Option<crate::refs::Snapshot>> {
        // A panic while the lock was held leaves nothing half-done that matters: a cache.
        self.snapshot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The refs among `names` (full names) that exist ([`crate::refs::Refs::find`]), read
    /// through the [`Store::snapshot`] that runs, if any.
    ///
    /// # Errors
    /// [`Error::Git`] when the ref store cannot be read.
    pub(crate) fn find_refs(&self, names: &[&str]) -> Result<Vec<crate::refs::Found>> {
        self.refs
            .find(&self.repo, names, self.kept_snapshot().as_mut())
    }

    /// Makes the next [`Store::head`] read HEAD again.
    pub(crate) fn forget_head(&self) {
        *self
            .head
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }

    /// The gix repository, for the gix reads the store does not name (status, tree diffs,
    /// notes fan-out, packs); writes go through the store.
    pub(crate) fn repo(&self) -> &gix::Repository {
        &self.repo
    }

    /// The repository's git dir (a linked worktree's own: `.git/worktrees/<name>`), where
    /// per-worktree files such as the current story live.
    pub fn git_dir(&self) -> &Path {
        self.repo.git_dir()
    }

    /// The git dir shared by every worktree of the repository.
    pub fn common_dir(&self) -> &Path {
        self.repo.common_dir()
    }

    /// The best common ancestor of commits `a` and `b`, or `None` when they share no history,
    /// which is also the answer when either is an object of another kind (a blob or tree a
    /// foreign ref points at has no history).
    ///
    /// # Errors
    /// [`Error::Git`] when the commit graph cannot be walked.
    pub fn merge_base(&self, a: ObjectId, b: ObjectId) -> Result<Option<ObjectId>> {
        self.repo
            .merge_base(a, b)
            .map(|id| id.map(|id| id.detach()))
            .or_else(|e| {
                let not_commit = |id: ObjectId| {
                    self.repo
                        .find_header(id)
                        .is_ok_and(|h| h.kind() != gix::object::Kind::Commit)
                };
                if not_commit(a) || not_commit(b) {
                    return Ok(None);
                }
                Err(Error::git(
                    format!("cannot compute the merge-base of {a} and {b}"),
                    e,
                ))
            })
    }

    /// The work tree's top directory; `None` in a bare repository.
    pub fn workdir(&self) -> Option<&Path> {
        self.repo.workdir()
    }

    /// The object `spec` names (`HEAD`, a branch, an abbreviated id; gitrevisions(7)).
    ///
    /// # Errors
    /// gix's (or git's) reason when `spec` does not parse or names nothing.
    pub fn rev_parse_single(
        &self,
        spec: &str,
    ) -> std::result::Result<ObjectId, Box<dyn std::error::Error + Send + Sync>> {
        self.refs.rev_parse(&self.repo, spec)
    }

    /// The names of the configured remotes, sorted.
    pub fn remote_names(&self) -> Vec<String> {
        self.repo
            .remote_names()
            .iter()
            .map(|n| n.to_string())
            .collect()
    }

    /// Reads a string config value (e.g. `checkpoint.storyPattern`), if set; `git -c` wins.
    pub fn config_string(&self, key: &str) -> Option<String> {
        self.config.value(key)
    }

    /// The repository's configuration, with `git -c` overrides.
    pub fn config(&self) -> &crate::config::Config {
        &self.config
    }

    /// The maximum document size in bytes (`checkpoint.maxSize`, default 1 MiB).
    pub fn max_size(&self) -> u64 {
        self.max_size
    }

    /// The commit `refname` points at, or `None` when the ref does not exist; inside a
    /// [`Store::snapshot`], as it was when first read there.
    ///
    /// # Errors
    /// [`Error::Git`] when the ref store cannot be read.
    pub fn tip(&self, refname: &str) -> Result<Option<ObjectId>> {
        self.refs
            .tip(&self.repo, refname, self.kept_snapshot().as_mut())
    }

    /// All refs under `prefix` (`refs/checkpoints/`), as (story id, commit), sorted by id.
    ///
    /// # Errors
    /// [`Error::Git`] when the ref store cannot be read.
    pub fn refs(&self, prefix: &str) -> Result<Vec<(String, ObjectId)>> {
        self.refs.list(&self.repo, prefix)
    }

    /// The lock file that keeps `refname` from being written when it exists (another git
    /// process holds the ref, or one crashed), so commands can refuse before doing any work:
    /// `<ref>.lock`, or on reftable the stack's `reftable/tables.list.lock`.
    pub fn lock_held(&self, refname: &str) -> Option<std::path::PathBuf> {
        self.refs.lock_held(&self.repo, refname)
    }
}

/// The ref a story lives at, active or archived, with its tip.
///
/// # Errors
/// [`Error::NotFound`] when neither ref exists (or the requested one does not).
pub fn locate(store: &Store, story: &StoryId, archived: bool) -> Result<(String, ObjectId)> {
    let refname = if archived {
        story.archive_refname()
    } else {
        story.refname()
    };
    match store.tip(&refname)? {
        Some(tip) => Ok((refname, tip)),
        None => Err(Error::NotFound {
            story: story.to_string(),
            refname,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::{expect, update_edit, Step, Store};
    use gix::ObjectId;
    use std::path::Path;

    /// Runs git in `dir` and returns its trimmed stdout.
    fn git(dir: &Path, args: &[&str]) -> String {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_AUTHOR_NAME", "A")
            .env("GIT_AUTHOR_EMAIL", "a@x")
            .env("GIT_COMMITTER_NAME", "A")
            .env("GIT_COMMITTER_EMAIL", "a@x")
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?}: {out:?}");
        String::from_utf8(out.stdout)
            .expect("utf-8")
            .trim()
            .to_string()
    }

    #[test]
    fn a_snapshot_reads_each_ref_once_and_a_write_reads_them_as_they_are() {
        let dir = tempfile::tempdir().expect("temp dir");
        let d = dir.path();
        git(d, &["init", "-q"]);
        let tree = git(d, &["hash-object", "-t", "tree", "-w", "/dev/null"]);
        let commit = |m: &str| {
            ObjectId::from_hex(git(d, &["commit-tree", &tree, "-m", m]).as_bytes()).expect("id")
        };
        let (a, b, c) = (commit("a"), commit("b"), commit("c"));
        let name = "refs/checkpoints/7";
        git(d, &["update-ref", name, &a.to_string()]);
        // Packed, as after a fetch: the snapshot keeps packed-refs as first read too.
        git(d, &["pack-refs", "--all"]);
        let store = Store::discover(d).expect("store");
        store.snapshot(|| {
            assert_eq!(store.tip(name).expect("read"), Some(a));
            git(d, &["update-ref", name, &b.to_string()]);
            assert_eq!(store.tip(name).expect("read"), Some(a), "read once");
            assert_eq!(store.tip("refs/checkpoints/9").expect("read"), None);
            // A write compares with the ref as it is now (b), not as the snapshot saw it.
            let wrote = store.transact(name, || {
                let now = store.tip(name)?;
                Ok(Step::Write(
                    vec![update_edit(name, c, expect(now), "test")],
                    now,
                ))
            });
            assert_eq!(wrote.expect("written"), Some(b));
            assert_eq!(store.tip(name).expect("read"), Some(c));
        });
        git(d, &["update-ref", name, &a.to_string()]);
        assert_eq!(
            store.tip(name).expect("read"),
            Some(a),
            "no snapshot: as it is"
        );
    }
}
