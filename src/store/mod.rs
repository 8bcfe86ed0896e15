//! Checkpoint storage on refs: one ref per story pointing at a commit whose tree holds
//! `checkpoint.md` and `meta.json`; the commit chain is the history. Every write is a
//! compare-and-swap on the ref. The on-ref layout is specified in `docs/FORMAT.md`. Objects
//! are read and written through gix; refs through the backend [`crate::refs`] picks at open
//! (gix on the files backend, git's plumbing on reftable).
//!
//! This module owns reads and writes of checkpoint objects and refs. It never touches HEAD,
//! the index, the working tree, or any ref outside [`ACTIVE_PREFIX`], [`ARCHIVE_PREFIX`] and
//! [`STACK_REF`].

use crate::error::{Error, Result};
use crate::story::StoryId;
use gix::bstr::ByteSlice;
use gix::objs::tree::{Entry, EntryKind};
pub use gix::refs::transaction::PreviousValue;
use gix::refs::transaction::{Change, LogChange, RefEdit, RefLog};
use gix::refs::Target;
use gix::ObjectId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Namespace of active checkpoints: `refs/checkpoints/<story>`.
pub const ACTIVE_PREFIX: &str = "refs/checkpoints/";
/// Namespace of finished checkpoints: `refs/checkpoints-archive/<story>`.
pub const ARCHIVE_PREFIX: &str = "refs/checkpoints-archive/";
/// The suspended-story stack (`git checkpoint stack`): a commit chain whose tree holds
/// `stack.json` and `STACK.md`; see `docs/FORMAT.md`.
pub const STACK_REF: &str = "refs/checkpoints-stack/default";
/// Version of the on-ref format (tree layout, `meta.json`, trailers); see `docs/FORMAT.md`.
pub const FORMAT_VERSION: u32 = 1;
/// Name of the document blob in a checkpoint commit's tree.
pub const DOCUMENT_FILE: &str = "checkpoint.md";
/// Name of the metadata blob in a checkpoint commit's tree.
pub const META_FILE: &str = "meta.json";
/// Default for `checkpoint.maxSize`: 1 MiB.
pub const DEFAULT_MAX_SIZE: u64 = 1024 * 1024;
/// How often a compare-and-swap write is retried after losing a race or finding a ref locked
/// by another writer: enough for 8 processes saving in a loop on one story (or sharing the
/// notes ref), about a second of backoff in all.
pub(crate) const MAX_ATTEMPTS: u32 = 64;

/// Bytes of decoded objects a [`Store`] keeps in memory, so the objects a command reads more than
/// once (HEAD's commit, the tip) are opened and inflated once.
const OBJECT_CACHE_BYTES: usize = 1 << 20;

/// One changed path in the working tree or on the branch, as recorded in `meta.json`.
#[derive(
    Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct FileChange {
    /// Repository-relative path, `/`-separated.
    pub path: String,
    /// Where the change is.
    pub state: FileState,
}

/// Where a recorded file change is (`meta.json` `files_modified[].state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FileState {
    /// In the index, not committed.
    Staged,
    /// Not tracked by git and not ignored.
    Untracked,
    /// Changed on the branch since the merge-base with the default branch.
    Committed,
    /// Changed in the working tree, not staged (also any state a newer writer names that this
    /// version does not know).
    #[serde(other)]
    Unstaged,
}

impl FileState {
    /// The name `meta.json` uses: `staged`, `unstaged`, `untracked`, `committed`.
    pub fn as_str(self) -> &'static str {
        match self {
            FileState::Staged => "staged",
            FileState::Unstaged => "unstaged",
            FileState::Untracked => "untracked",
            FileState::Committed => "committed",
        }
    }
}

impl std::fmt::Display for FileState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A story's state (`meta.json` `status`, the `Checkpoint-Status` trailer).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Finished with `done` (its ref is in the archive).
    Done,
    /// Being worked on (also any value this version does not know).
    #[default]
    #[serde(other)]
    Active,
}

impl Status {
    /// `active` or `done`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Done => "done",
        }
    }

    /// The trailer's value: `done` is done, anything else active.
    pub fn parse(text: &str) -> Status {
        if text.trim().eq_ignore_ascii_case("done") {
            Status::Done
        } else {
            Status::Active
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Now in UTC as RFC 3339 with whole seconds (`2026-07-16T14:30:00Z`), as `meta.json` records
/// `saved_at` and completion dates.
pub fn now_rfc3339() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `meta.json`: machine-readable facts about one revision (format version 1).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Meta {
    /// Always [`FORMAT_VERSION`] when written by this version.
    pub schema_version: u32,
    /// Canonical story id.
    pub story: String,
    /// The story id as the user typed it (`ABC-12`), present only when it differs from `story`
    /// in letter case; shown by every view instead of `story` (docs/FORMAT.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story_display: Option<String>,
    /// Story title, if known.
    pub title: Option<String>,
    /// The story's branch (short name), if known.
    pub branch: Option<String>,
    /// Full hex id of the code commit at HEAD when saved.
    pub head: Option<String>,
    /// The default branch the merge-base was computed against (short name).
    pub default_branch: Option<String>,
    /// Full hex id of the merge-base of HEAD and the default branch.
    pub merge_base: Option<String>,
    /// Files changed: staged, unstaged, untracked, and committed since the merge-base.
    pub files_modified: Vec<FileChange>,
    /// Number of checked tasks.
    pub tasks_done: usize,
    /// Tasks done plus remaining.
    pub tasks_total: usize,
    /// Template name; `pair` for the default.
    pub template: String,
    /// Active or done.
    pub status: Status,
    /// 1 for the first revision, then the highest parent revision plus one.
    pub revision: u64,
    /// When saved, RFC 3339.
    pub saved_at: String,
    /// Tasks in the order they were completed, carried forward on every revision (absent in
    /// revisions written before it existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub completed: Vec<Completion>,
    /// Set on a revision an agent hook wrote (not a model or a person): `<agent> <event>`,
    /// e.g. `claude PreCompact`; also the `Checkpoint-Hook` trailer (docs/FORMAT.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook: Option<String>,
    /// On a hook revision: the full hex id of the last revision a model or person wrote (the
    /// last *confirmed* one), which staleness is measured from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmed: Option<String>,
    /// Duplicate sections the document holds that no count includes (`'Tasks Done' (line
    /// 15)`, as [`crate::model::Parsed::left_out`]); also the `Checkpoint-Left-Out` trailer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<String>,
}

impl Meta {
    /// The `meta.json` of a new revision of `story` holding `doc`, written with `template`,
    /// saved now: format version, story (and the id as typed when it has capitals), title and
    /// task counts from the document, status active, revision 0 (the write path numbers it,
    /// see [`Store::update`]). Code state, branch and the completion log are the caller's.
    pub fn new(story: &StoryId, doc: &crate::model::Document, template: &str) -> Meta {
        let (done, total) = doc.task_counts();
        Meta {
            schema_version: FORMAT_VERSION,
            story: story.to_string(),
            story_display: story.has_case().then(|| story.shown().to_string()),
            title: doc.title.clone(),
            tasks_done: done,
            tasks_total: total,
            template: template.to_string(),
            status: Status::Active,
            saved_at: now_rfc3339(),
            ..Meta::default()
        }
    }
}

/// One completed task, as `log --completed` lists it (seed 001's `completed.md` line).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Completion {
    /// The task's text.
    pub task: String,
    /// When it was completed: RFC 3339, or a date `YYYY-MM-DD` when imported as such.
    #[schemars(extend("anyOf" = [
        {"type": "string", "format": "date-time"},
        {"type": "string", "format": "date"}
    ]))]
    pub date: String,
    /// Files touched; absent when none were recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub files: Vec<String>,
}

impl Revision {
    /// The revision number: the `Checkpoint-Revision` trailer, or `meta.json`'s when that is
    /// higher (a commit written by another tool may lack the trailer).
    pub fn number(&self) -> u64 {
        self.summary.revision.max(self.meta.revision)
    }
}

/// What `list` and `log` show, read from a commit alone (message trailers and signatures).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The checkpoint commit.
    pub commit: ObjectId,
    /// Its parents (previous tips).
    pub parents: Vec<ObjectId>,
    /// The message's first line.
    pub subject: String,
    /// The journal text between subject and trailers (may be empty).
    pub body: String,
    /// `Checkpoint-Story`.
    pub story: String,
    /// `Checkpoint-Story-Display` (the id in the case the user typed), empty when absent.
    pub story_display: String,
    /// `Checkpoint-Title`, empty when unknown.
    pub title: String,
    /// `Checkpoint-Branch`, empty when unknown.
    pub branch: String,
    /// `Checkpoint-Tasks` done part.
    pub tasks_done: usize,
    /// `Checkpoint-Tasks` total part.
    pub tasks_total: usize,
    /// `Checkpoint-Status`.
    pub status: Status,
    /// `Checkpoint-Revision`.
    pub revision: u64,
    /// `Checkpoint-Hook` (`<agent> <event>` of the hook that wrote it), empty when a model or
    /// person wrote the revision.
    pub hook: String,
    /// `Checkpoint-Left-Out`: the duplicate sections no task count includes (`'Tasks Done'
    /// (line 15)`, `; `-separated in the trailer); empty when there are none.
    pub left_out: Vec<String>,
    /// `Checkpoint-Accepted-Secret` trailers: the values `save --allow-secret` accepted on this
    /// revision (fingerprint and kind, never the value), in order.
    pub accepted: Vec<crate::secrets::Accepted>,
    /// Author name as recorded.
    pub author: String,
    /// Author email as recorded.
    pub email: String,
    /// Committer time, seconds since the Unix epoch.
    pub time: i64,
    /// Committer time zone offset in seconds east of UTC.
    pub offset: i32,
}

/// A full revision: the summary plus the two blobs.
#[derive(Debug, Clone)]
pub struct Revision {
    /// Commit-level facts.
    pub summary: Summary,
    /// `checkpoint.md` as stored (UTF-8, LF).
    pub document: String,
    /// `meta.json` decoded.
    pub meta: Meta,
}

/// What a write puts into the new commit.
#[derive(Debug, Clone)]
pub struct NewRevision {
    /// The document; its size is checked against the cap.
    pub document: String,
    /// Metadata; `revision` is filled in by the store.
    pub meta: Meta,
    /// Commit subject (one line).
    pub subject: String,
    /// Journal text for the message body, may be empty.
    pub body: String,
    /// Credentials accepted on this revision (`save --allow-secret`): written as
    /// `Checkpoint-Accepted-Secret` trailers, never the values.
    pub accepted: Vec<crate::secrets::Accepted>,
}

/// An open repository with checkpoint storage.
pub struct Store {
    /// The gix repository handle; private to the library, which reads and writes through it.
    pub(crate) repo: gix::Repository,
    /// Where refs are read and written: gix, or git's plumbing for reftable.
    pub(crate) refs: crate::refs::Refs,
    max_size: u64,
    /// `checkpoint.maxReadSize` (at least `max_size`): the largest document, `meta.json` or
    /// commit a read accepts.
    max_read: u64,
    config: crate::config::Config,
}

/// [`Error::Corrupt`]: the commit `id` of `refname` is not a checkpoint commit, for `reason`.
pub(crate) fn corrupt(refname: &str, id: ObjectId, reason: String) -> Error {
    Error::Corrupt {
        refname: refname.to_string(),
        oid: id.to_string(),
        reason,
    }
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

    /// The store of `repo`, whose configuration (with `git -c` overrides) is `config`.
    ///
    /// Refs go through gix on the files backend and through git's plumbing on any other
    /// (`extensions.refStorage=reftable`), see [`crate::refs`]; objects through gix always.
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
        Ok(Store {
            repo,
            refs,
            max_size,
            max_read,
            config,
        })
    }

    /// The branch and commit at HEAD (see [`crate::gitstate::head`]).
    ///
    /// # Errors
    /// [`Error::Git`] when HEAD cannot be read.
    pub fn head(&self) -> Result<crate::gitstate::GitState> {
        crate::gitstate::head(self)
    }

    /// `git` bound to this repository (its git dir and work tree): how the crate runs git.
    pub fn git(&self) -> crate::git::Git {
        crate::git::Git::new(
            self.repo.git_dir(),
            self.repo.workdir().map(Path::to_path_buf),
        )
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

    /// The commit `refname` points at, or `None` when the ref does not exist.
    ///
    /// # Errors
    /// [`Error::Git`] when the ref store cannot be read.
    pub fn tip(&self, refname: &str) -> Result<Option<ObjectId>> {
        self.refs.tip(&self.repo, refname)
    }

    /// All refs under `prefix` (`refs/checkpoints/`), as (story id, commit), sorted by id.
    ///
    /// # Errors
    /// [`Error::Git`] when the ref store cannot be read.
    pub fn refs(&self, prefix: &str) -> Result<Vec<(String, ObjectId)>> {
        self.refs.list(&self.repo, prefix)
    }

    /// Reads the commit `id` without touching its blobs. A commit a concurrent `git gc` is
    /// moving into a new pack is looked up again, as [`Store::read`] does.
    ///
    /// # Errors
    /// [`Error::Git`] when the object is missing (after three more lookups) or not a commit.
    pub fn summary(&self, id: ObjectId) -> Result<Summary> {
        again_if_vanished(|| {
            let commit = self
                .repo
                .find_commit(id)
                .map_err(|e| Error::git(format!("cannot read checkpoint commit {id}"), e))?;
            self.check_read_size(
                format_args!("commit {id}"),
                id,
                "the commit",
                commit.data.len(),
            )?;
            Self::summary_of(id, &commit)
        })
    }

    /// Whether `id` is a loose object too small on disk to inflate past `checkpoint.maxReadSize`:
    /// zlib's deflate expands at most 1,032 to 1 (zlib's "Technical Details"), so a file of
    /// `maxReadSize / 1032` bytes or less cannot. Loose objects are `objects/<2 hex>/<rest>`
    /// (gitrepository-layout(5)); false for a packed object, one in an alternate, or any
    /// error, whose size the caller then reads from the object's header.
    fn loose_within_read_limit(&self, id: &gix::oid) -> bool {
        let hex = id.to_hex().to_string();
        let path = self
            .repo
            .objects
            .store_ref()
            .path()
            .join(&hex[..2])
            .join(&hex[2..]);
        std::fs::symlink_metadata(path)
            .is_ok_and(|m| m.is_file() && m.len().saturating_mul(1032) <= self.max_read)
    }

    /// [`Error::TooLargeToRead`] when `size` bytes of `what` (of commit `id`, which `at` names:
    /// a ref, or the commit itself) are over `checkpoint.maxReadSize`; `at` is formatted only
    /// then, as `list` checks thousands of commits.
    fn check_read_size(
        &self,
        at: impl std::fmt::Display,
        id: ObjectId,
        what: &str,
        size: usize,
    ) -> Result<()> {
        let size = size as u64;
        if size <= self.max_read {
            return Ok(());
        }
        Err(Error::TooLargeToRead {
            at: at.to_string(),
            commit: id.to_string()[..12].to_string(),
            what: what.to_string(),
            size,
            limit: self.max_read,
        })
    }

    /// [`Store::summary`] of a commit already read.
    fn summary_of(id: ObjectId, commit: &gix::Commit<'_>) -> Result<Summary> {
        let c = commit
            .decode()
            .map_err(|e| Error::git(format!("cannot decode commit {id}"), e))?;
        let message = c.message.to_str_lossy();
        let (subject, body, trailers) = split_message(&message);
        let get = |k: &str| {
            trailers
                .iter()
                .find(|(key, _)| key.eq_ignore_ascii_case(k))
                .map_or("", |(_, v)| *v)
        };
        let tasks = get("Checkpoint-Tasks");
        let (done, total) = tasks.split_once('/').unwrap_or(("0", "0"));
        let author = c
            .author()
            .map_err(|e| Error::git(format!("bad author in {id}"), e))?;
        let committer = c
            .committer()
            .map_err(|e| Error::git(format!("bad committer in {id}"), e))?;
        let time = committer.time().unwrap_or_default();
        Ok(Summary {
            commit: id,
            parents: c.parents().collect(),
            subject: subject.to_string(),
            body: body.to_string(),
            story: get("Checkpoint-Story").to_string(),
            story_display: get("Checkpoint-Story-Display").to_string(),
            title: get("Checkpoint-Title").to_string(),
            branch: get("Checkpoint-Branch").to_string(),
            tasks_done: done.trim().parse().unwrap_or(0),
            tasks_total: total.trim().parse().unwrap_or(0),
            status: Status::parse(get("Checkpoint-Status")),
            revision: get("Checkpoint-Revision").parse().unwrap_or(0),
            hook: get("Checkpoint-Hook").to_string(),
            left_out: get("Checkpoint-Left-Out")
                .split("; ")
                .filter(|s| !s.trim().is_empty())
                .map(str::to_string)
                .collect(),
            accepted: trailers
                .iter()
                .filter(|(k, _)| k.eq_ignore_ascii_case(crate::secrets::ACCEPTED_TRAILER))
                .filter_map(|(_, v)| crate::secrets::Accepted::parse(v))
                .collect(),
            author: author.name.to_str_lossy().into_owned(),
            email: author.email.to_str_lossy().into_owned(),
            time: time.seconds,
            offset: time.offset,
        })
    }

    /// The bytes of the file `name` in `tree`, the tree of commit `id` of `refname` (both used
    /// in error messages); `None` when the tree has no entry `name`.
    ///
    /// # Errors
    /// [`Error::Corrupt`] when the entry is not a file; [`Error::Git`] when the blob cannot be
    /// read.
    pub fn tree_file(
        &self,
        refname: &str,
        id: ObjectId,
        tree: &gix::Tree<'_>,
        name: &str,
    ) -> Result<Option<Vec<u8>>> {
        let Some(entry) = tree.find_entry(name) else {
            return Ok(None);
        };
        if !entry.mode().is_blob() {
            return Err(corrupt(
                refname,
                id,
                format!("{name} is not a file in its tree"),
            ));
        }
        // The size from the object's header, before anything is inflated: a teammate's
        // 67 MB meta.json is refused without reading it. A small loose object cannot hold more
        // than the limit, and its header would be one more open and inflate of the file.
        if !self.loose_within_read_limit(&entry.object_id()) {
            if let Ok(header) = self.repo.find_header(entry.object_id()) {
                let size = usize::try_from(header.size()).unwrap_or(usize::MAX);
                self.check_read_size(refname, id, name, size)?;
            }
        }
        let data = self
            .blob(entry.object_id())
            .map_err(|e| Error::git(format!("cannot read {name} of {id}"), e))?;
        // A partial clone's blob has no header here until fetched.
        self.check_read_size(refname, id, name, data.len())?;
        Ok(Some(data))
    }

    /// The content of the blob `id`, read through gix; in a partial clone, a blob gix does not
    /// have is read with `git cat-file blob`, which fetches it from the promisor remote as every
    /// git command does (gix 0.90 never fetches a missing object). A plain `git fetch` of
    /// checkpoint refs into a `--filter=blob:none` clone leaves their blobs behind that way.
    ///
    /// # Errors
    /// gix's error when the object is missing and the repository is not a partial clone (or
    /// gix cannot read it for another reason); git's message when the fetch fails.
    pub fn blob(
        &self,
        id: ObjectId,
    ) -> std::result::Result<Vec<u8>, Box<dyn std::error::Error + Send + Sync>> {
        match self.repo.find_object(id) {
            Ok(obj) => Ok(obj.detach().data),
            Err(e) if vanished(&e) && self.is_partial_clone() => self
                .fetch_from_promisor("blob", id)
                .map_err(|why| format!("{e}; {why}").into()),
            Err(e) => Err(e.into()),
        }
    }

    /// In a partial clone, fetches the tree `id` and every tree below it from the promisor
    /// remote when `id` is missing (`git ls-tree -r`, for which git fetches each missing tree);
    /// nothing otherwise. For trees that gix reads whole (the notes index and its fan-out); a
    /// fetch that fails shows in the read that follows.
    pub(crate) fn prefetch_tree(&self, id: ObjectId) {
        if self.repo.has_object(id) || !self.is_partial_clone() {
            return;
        }
        let _ = self
            .git()
            .command(&["ls-tree", "-r", &id.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
    }

    /// The content of the object `id` of type `kind` (`blob`, `tree`) as `git cat-file` reads
    /// it, fetching it from the promisor remote when it is missing (git stores what it
    /// fetched in a promisor pack, where gix finds it afterwards).
    ///
    /// # Errors
    /// Why git could not read or fetch it (its stderr).
    fn fetch_from_promisor(
        &self,
        kind: &str,
        id: ObjectId,
    ) -> std::result::Result<Vec<u8>, String> {
        let out = self
            .git()
            .output(&["cat-file", kind, &id.to_string()])
            .map_err(|e| format!("cannot run `git cat-file`: {e}"))?;
        if out.status.success() {
            return Ok(out.stdout);
        }
        let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
        Err(format!(
            "`git cat-file` could not fetch it from the promisor remote: {why}"
        ))
    }

    /// Whether the repository is a partial clone: `extensions.partialClone` names its promisor
    /// remote, or a remote has `remote.<name>.promisor` set (gitrepository-layout(5),
    /// partial-clone docs: either makes git fetch missing objects on demand).
    fn is_partial_clone(&self) -> bool {
        let config = self.repo.config_snapshot();
        config.string("extensions.partialClone").is_some()
            || self
                .repo
                .remote_names()
                .iter()
                .any(|r| config.boolean(format!("remote.{r}.promisor").as_str()) == Some(true))
    }

    /// Reads the full revision at commit `id` of `refname` (used in error messages).
    ///
    /// # Errors
    /// [`Error::Corrupt`] when the tree lacks `checkpoint.md`, `meta.json` is not valid JSON,
    /// or an object stays missing after three more lookups (10-20 ms apart); [`Error::Git`]
    /// when objects cannot be read.
    pub fn read(&self, refname: &str, id: ObjectId) -> Result<Revision> {
        match again_if_vanished(|| self.read_once(refname, id)) {
            Err(Error::Git { context, source }) if vanished(source.as_ref()) => {
                Err(corrupt(refname, id, format!("{context}: {source}")))
            }
            result => result,
        }
    }

    /// One attempt of [`Store::read`]; a missing object is [`Error::Git`] here.
    fn read_once(&self, refname: &str, id: ObjectId) -> Result<Revision> {
        let corrupt = |reason: String| corrupt(refname, id, reason);
        let commit = self.repo.find_commit(id).map_err(|e| {
            if vanished(&e) {
                Error::git(format!("cannot read commit {id}"), e)
            } else {
                corrupt(e.to_string())
            }
        })?;
        self.check_read_size(refname, id, "the commit", commit.data.len())?;
        let summary = Self::summary_of(id, &commit).map_err(|e| corrupt(e.chain().to_string()))?;
        let tree_err = |e| Error::git(format!("cannot read the tree of {id}"), e);
        let tree = match commit.tree() {
            Ok(tree) => tree,
            // A `--filter=tree:0` clone lacks trees as well: git fetches the tree, then gix,
            // which looks at the pack directory again after a miss, reads it.
            Err(e) if vanished(&e) && self.is_partial_clone() => {
                let tree_id = commit.tree_id().map_err(tree_err)?.detach();
                self.fetch_from_promisor("tree", tree_id)
                    .map_err(|why| Error::git(format!("cannot read the tree of {id}"), why))?;
                self.repo.find_tree(tree_id).map_err(tree_err)?
            }
            Err(e) => return Err(tree_err(e)),
        };
        let blob = |name: &str| self.tree_file(refname, id, &tree, name);
        let document = blob(DOCUMENT_FILE)?
            .ok_or_else(|| corrupt(format!("its tree has no {DOCUMENT_FILE}")))?;
        let meta = match blob(META_FILE)? {
            Some(bytes) => serde_json::from_slice(&bytes)
                .map_err(|e| corrupt(format!("{META_FILE} is not valid: {e}")))?,
            None => return Err(corrupt(format!("its tree has no {META_FILE}"))),
        };
        Ok(Revision {
            summary,
            document: String::from_utf8(document)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            meta,
        })
    }

    /// The history of `tip`: every reachable checkpoint commit, newest revision first.
    ///
    /// # Errors
    /// [`Error::Git`] when the walk fails.
    pub fn history(&self, tip: ObjectId) -> Result<Vec<Summary>> {
        let walk = self
            .repo
            .rev_walk([tip])
            .all()
            .map_err(|e| Error::git(format!("cannot walk the history of {tip}"), e))?;
        let mut out = Vec::new();
        for info in walk {
            let info =
                info.map_err(|e| Error::git(format!("cannot walk the history of {tip}"), e))?;
            out.push(self.summary(info.id)?);
        }
        out.sort_by(|a, b| b.revision.cmp(&a.revision).then(b.time.cmp(&a.time)));
        Ok(out)
    }

    /// Checks that a commit can be written: an identity is configured.
    ///
    /// # Errors
    /// [`Error::NoIdentity`] when `user.name`/`user.email` (or the `GIT_*` variables) are unset.
    pub fn check_identity(&self) -> Result<()> {
        self.signatures().map(|_| ())
    }

    /// Name and email for `role` (`author` or `committer`), resolved as git-commit-tree(1)
    /// describes: `GIT_<ROLE>_NAME`/`_EMAIL`, then `<role>.name`/`.email`, then
    /// `user.name`/`user.email`, then (email only) `EMAIL`. Empty values count as unset.
    pub fn person(&self, role: &str) -> Option<(String, String)> {
        let upper = role.to_ascii_uppercase();
        let pick = |env: String, keys: [String; 2], fallback: Option<&str>| {
            std::env::var(env)
                .ok()
                .into_iter()
                .chain(keys.iter().filter_map(|k| self.config_string(k)))
                .chain(fallback.and_then(|f| std::env::var(f).ok()))
                .map(|v| v.trim().to_string())
                .find(|v| !v.is_empty())
        };
        let name = pick(
            format!("GIT_{upper}_NAME"),
            [format!("{role}.name"), "user.name".to_string()],
            None,
        )?;
        let email = pick(
            format!("GIT_{upper}_EMAIL"),
            [format!("{role}.email"), "user.email".to_string()],
            Some("EMAIL"),
        )?;
        Some((name, email))
    }

    /// Creates or updates `refname` by compare-and-swap. `change` receives the current tip's
    /// revision (or `None`) and returns what to write; `extra` receives the new commit and may
    /// add ref edits (the notes index) that are applied in the same transaction. On a lost race
    /// (any of the refs moved) both are called again with fresh state, a bounded number of
    /// times. Returns the new commit and the previous tip.
    ///
    /// Nothing is written when `change` fails, the identity is missing or the document exceeds
    /// `checkpoint.maxSize`. Objects written before a failed ref update are unreferenced and
    /// left for `git gc`, as git itself does.
    ///
    /// # Errors
    /// [`Error::NoIdentity`], [`Error::TooLarge`], [`Error::LockHeld`] when a `<ref>.lock` stays
    /// through every attempt,
    /// [`Error::Contended`] after repeated lost races, errors from the closures, [`Error::Git`].
    pub fn update<F, G>(
        &self,
        refname: &str,
        change: F,
        extra: G,
    ) -> Result<(ObjectId, Option<ObjectId>)>
    where
        F: FnMut(Option<&Revision>) -> Result<NewRevision>,
        G: FnMut(ObjectId, &NewRevision) -> Result<Vec<RefEdit>>,
    {
        self.update_at(refname, None, change, extra)
    }

    /// [`Store::update`] with the commit's author and committer time set to `time` (seconds
    /// since the epoch, offset east of UTC in seconds) instead of now; `import` uses it so a
    /// journal entry keeps its original timestamp.
    ///
    /// # Errors
    /// As [`Store::update`].
    pub fn update_at<F, G>(
        &self,
        refname: &str,
        time: Option<(i64, i32)>,
        mut change: F,
        extra: G,
    ) -> Result<(ObjectId, Option<ObjectId>)>
    where
        F: FnMut(Option<&Revision>) -> Result<NewRevision>,
        G: FnMut(ObjectId, &NewRevision) -> Result<Vec<RefEdit>>,
    {
        let written = self.update_if(refname, time, |c| change(c).map(Some), extra)?;
        Ok(written.expect("the change always writes"))
    }

    /// [`Store::update_at`] where `change` may decide that nothing is to be written (`None`,
    /// e.g. a hook whose revision would equal the tip); then returns `None` and writes nothing.
    ///
    /// # Errors
    /// As [`Store::update`].
    pub fn update_if<F, G>(
        &self,
        refname: &str,
        time: Option<(i64, i32)>,
        mut change: F,
        mut extra: G,
    ) -> Result<Option<(ObjectId, Option<ObjectId>)>>
    where
        F: FnMut(Option<&Revision>) -> Result<Option<NewRevision>>,
        G: FnMut(ObjectId, &NewRevision) -> Result<Vec<RefEdit>>,
    {
        self.check_identity()?;
        self.transact(refname, || {
            let tip = self.tip(refname)?;
            let current = tip.map(|t| self.read(refname, t)).transpose()?;
            let Some(mut new) = change(current.as_ref())? else {
                return Ok(Step::Nothing(None));
            };
            new.meta.revision = next_revision(current.iter().map(Revision::number));
            let commit = self.write_commit_at(&new, tip.into_iter().collect(), time)?;
            let mut edits = vec![update_edit(
                refname,
                commit,
                expect(tip),
                "checkpoint: save",
            )];
            edits.extend(extra(commit, &new)?);
            Ok(Step::Write(edits, Some((commit, tip))))
        })
    }

    /// The one write path for refs: runs `plan` against the refs as they are now and applies
    /// the edits it returns as one transaction, each edit a compare-and-swap (its expected
    /// previous value). When another writer moved one of the refs meanwhile (a lost race), or
    /// a `<ref>.lock` of another git process is in the way, it waits a little ([`backoff`])
    /// and plans again from fresh state, at most `MAX_ATTEMPTS` times. `refname` names the
    /// main ref in errors. Returns what `plan` returned with the edits that were applied.
    ///
    /// Objects `plan` wrote for an attempt that lost are unreferenced and left for `git gc`,
    /// as git itself does.
    ///
    /// # Errors
    /// Errors from `plan` (nothing is written); [`Error::LockHeld`] when a lock stays through
    /// every attempt (a crashed process's: the message names it); [`Error::Contended`] after
    /// repeated lost races; [`Error::Git`] when the transaction fails for another reason.
    pub fn transact<T>(
        &self,
        refname: &str,
        mut plan: impl FnMut() -> Result<Step<T>>,
    ) -> Result<T> {
        // A lock held by a live writer is gone in a moment: wait for it like for a lost race.
        let mut locked: Option<Error> = None;
        let mut names = vec![refname.to_string()];
        for attempt in 0..MAX_ATTEMPTS {
            backoff(attempt);
            if let Some((name, lock)) = names
                .iter()
                .find_map(|n| self.lock_held(n).map(|l| (n.clone(), l)))
            {
                locked = Some(Error::LockHeld {
                    refname: name,
                    lock,
                });
                continue;
            }
            let (edits, value) = match plan() {
                Ok(Step::Nothing(value)) => return Ok(value),
                Ok(Step::Write(edits, value)) => (edits, value),
                // A concurrent `git gc` removed the empty fan-out directory `objects/xx/` an
                // object write was renaming into (git's object writer retries the same way,
                // object-file.c `finalize_object_file`), or moved loose objects a read wanted
                // into a new pack: plan again. Every object write happens in a plan.
                Err(Error::Git { source, .. })
                    if attempt + 1 < MAX_ATTEMPTS && vanished(source.as_ref()) =>
                {
                    continue
                }
                Err(e) => return Err(e),
            };
            names = edits
                .iter()
                .map(|e| e.name.as_bstr().to_str_lossy().into_owned())
                .collect();
            match self.edit(edits.clone()) {
                Ok(()) => return Ok(value),
                Err(e @ Error::LockHeld { .. }) => locked = Some(e),
                Err(e) => {
                    locked = None;
                    if !(conflicted(&e) || self.raced(&edits)?) {
                        return Err(e);
                    }
                }
            }
        }
        Err(locked.unwrap_or_else(|| Error::Contended {
            refname: refname.to_string(),
            attempts: MAX_ATTEMPTS,
        }))
    }

    /// Whether any of `edits` no longer matches its expected previous value (another writer
    /// moved the ref), which makes a failed transaction worth retrying.
    ///
    /// # Errors
    /// [`Error::Git`] when refs cannot be read.
    pub fn raced(&self, edits: &[RefEdit]) -> Result<bool> {
        for e in edits {
            let expected = match &e.change {
                Change::Update { expected, .. } | Change::Delete { expected, .. } => expected,
            };
            let current = self.tip(&e.name.as_bstr().to_str_lossy())?;
            let moved = match expected {
                PreviousValue::MustNotExist => current.is_some(),
                PreviousValue::MustExistAndMatch(Target::Object(id))
                | PreviousValue::ExistingMustMatch(Target::Object(id)) => current != Some(*id),
                _ => false,
            };
            if moved {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Writes a commit of `tree` with `parents` and `message`, authored by the configured
    /// identity; no ref is touched.
    ///
    /// # Errors
    /// [`Error::NoIdentity`]; [`Error::Git`].
    pub fn write_plain_commit(
        &self,
        tree: ObjectId,
        parents: Vec<ObjectId>,
        message: &str,
    ) -> Result<ObjectId> {
        self.write_plain_commit_at(tree, parents, message, None)
    }

    /// [`Store::write_plain_commit`] with author and committer time `time` (seconds since the
    /// epoch, offset east of UTC in seconds) instead of now.
    ///
    /// # Errors
    /// [`Error::NoIdentity`]; [`Error::Git`].
    pub fn write_plain_commit_at(
        &self,
        tree: ObjectId,
        parents: Vec<ObjectId>,
        message: &str,
        time: Option<(i64, i32)>,
    ) -> Result<ObjectId> {
        let (mut committer, mut author) = self.signatures()?;
        if let Some((seconds, offset)) = time {
            let t = gix::date::Time { seconds, offset };
            author.time = t;
            committer.time = t;
        }
        let commit = gix::objs::Commit {
            tree,
            parents: parents.into(),
            author,
            committer,
            encoding: None,
            message: message.into(),
            extra_headers: Vec::new(),
        };
        crate::signals::deferred(|| {
            Ok(self
                .repo
                .write_object(&commit)
                .map_err(|e| Error::git("cannot write commit", e))?
                .detach())
        })
    }

    /// Committer and author for new commits. The time is now in the local time zone (from
    /// chrono, which reads the zone once) unless `GIT_COMMITTER_DATE`/`GIT_AUTHOR_DATE` is set,
    /// in which case gix parses it as git would.
    ///
    /// # Errors
    /// [`Error::NoIdentity`] when a name or email is missing; [`Error::Git`] for a bad date.
    pub fn signatures(&self) -> Result<(gix::actor::Signature, gix::actor::Signature)> {
        let dated = std::env::var_os("GIT_COMMITTER_DATE").is_some()
            || std::env::var_os("GIT_AUTHOR_DATE").is_some();
        if !dated {
            let now = chrono::Local::now();
            let time = gix::date::Time {
                seconds: now.timestamp(),
                offset: now.offset().local_minus_utc(),
            };
            let sig = |role: &str| -> Result<gix::actor::Signature> {
                let (name, email) = self.person(role).ok_or(Error::NoIdentity)?;
                Ok(gix::actor::Signature {
                    name: name.into(),
                    email: email.into(),
                    time,
                })
            };
            return Ok((sig("committer")?, sig("author")?));
        }
        if self.person("committer").is_none() || self.person("author").is_none() {
            return Err(Error::NoIdentity);
        }
        let committer = self
            .repo
            .committer()
            .ok_or(Error::NoIdentity)?
            .map_err(|e| Error::git("bad committer date", e))?;
        let author = self
            .repo
            .author()
            .ok_or(Error::NoIdentity)?
            .map_err(|e| Error::git("bad author date", e))?;
        Ok((committer.into(), author.into()))
    }

    /// Writes the blobs, tree and commit for `new` with `parents`; no ref is touched.
    ///
    /// # Errors
    /// [`Error::TooLarge`] before anything is written; [`Error::Git`].
    pub fn write_commit(&self, new: &NewRevision, parents: Vec<ObjectId>) -> Result<ObjectId> {
        self.write_commit_at(new, parents, None)
    }

    /// [`Store::write_commit`] with an explicit author/committer time (seconds, offset).
    ///
    /// # Errors
    /// As [`Store::write_commit`].
    pub fn write_commit_at(
        &self,
        new: &NewRevision,
        parents: Vec<ObjectId>,
        time: Option<(i64, i32)>,
    ) -> Result<ObjectId> {
        self.write_commit_within(new, parents, time, self.max_size)
    }

    /// Writes the merge commit of a diverged story: as [`Store::write_commit`], but the
    /// document may be as large as `checkpoint.maxReadSize`, not only `checkpoint.maxSize`. The
    /// union of two documents each within `maxSize` can exceed it; refusing it would leave the
    /// story diverged on every sync, with nothing lost but nothing integrated either, and it
    /// stays readable up to `maxReadSize`. The next save still has to fit `maxSize`.
    ///
    /// # Errors
    /// As [`Store::write_commit`], [`Error::TooLarge`] above `maxReadSize`.
    pub fn write_merge_commit(
        &self,
        new: &NewRevision,
        parents: Vec<ObjectId>,
    ) -> Result<ObjectId> {
        self.write_commit_within(new, parents, None, self.max_read)
    }

    fn write_commit_within(
        &self,
        new: &NewRevision,
        parents: Vec<ObjectId>,
        time: Option<(i64, i32)>,
        limit: u64,
    ) -> Result<ObjectId> {
        let size = new.document.len() as u64;
        if size > limit {
            return Err(Error::TooLarge {
                size,
                at_least: false,
                limit,
            });
        }
        let meta = serde_json::to_vec_pretty(&new.meta).expect("Meta always serialises");
        self.write_files_commit(
            &[
                (DOCUMENT_FILE, new.document.as_bytes()),
                (META_FILE, meta.as_slice()),
            ],
            &compose_message(new),
            parents,
            time,
        )
    }

    /// Writes blobs for `files` (name, content; names sorted by the caller as git requires), a
    /// tree holding them, and a commit with `message` and `parents`; no ref is touched.
    ///
    /// # Errors
    /// [`Error::NoIdentity`]; [`Error::Git`].
    pub fn write_files_commit(
        &self,
        files: &[(&str, &[u8])],
        message: &str,
        parents: Vec<ObjectId>,
        time: Option<(i64, i32)>,
    ) -> Result<ObjectId> {
        let werr = |e| Error::git("cannot write checkpoint objects", e);
        crate::signals::deferred(|| {
            let mut entries = Vec::new();
            for (name, content) in files {
                let id = self.repo.write_blob(content).map_err(werr)?.detach();
                entries.push(Entry {
                    mode: EntryKind::Blob.into(),
                    filename: (*name).into(),
                    oid: id,
                });
            }
            entries.sort_by(|a, b| a.filename.cmp(&b.filename));
            let tree = gix::objs::Tree { entries };
            let tree_id = self.repo.write_object(&tree).map_err(werr)?.detach();
            self.write_plain_commit_at(tree_id, parents, message, time)
        })
    }

    /// The lock file that keeps `refname` from being written when it exists (another git
    /// process holds the ref, or one crashed), so commands can refuse before doing any work:
    /// `<ref>.lock`, or on reftable the stack's `reftable/tables.list.lock`.
    pub fn lock_held(&self, refname: &str) -> Option<std::path::PathBuf> {
        self.refs.lock_held(&self.repo, refname)
    }

    /// Applies `edits` as one transaction (all or nothing, see [`crate::refs`]). Callers only
    /// pass refs in our namespaces: checkpoints, their archive, the stack, our notes ref and our
    /// remote-tracking refs.
    ///
    /// # Errors
    /// [`Error::LockHeld`] when a lock of one of the refs exists; [`Error::RefsUnderRef`]
    /// when refs exist below one of them; [`Error::Git`].
    pub fn edit(&self, edits: Vec<RefEdit>) -> Result<()> {
        // Our own committer for the reflog: gix's would resolve the time zone again.
        let signatures = self.signatures().ok();
        self.refs
            .edit(&self.repo, edits, signatures.as_ref().map(|(c, _)| c))
    }
}

/// What one attempt of [`Store::transact`] decided.
#[derive(Debug)]
pub enum Step<T> {
    /// Nothing to write (the refs are already as wanted): return the value.
    Nothing(T),
    /// Apply these edits as one transaction, then return the value.
    Write(Vec<RefEdit>, T),
}

/// The expected previous value of a compare-and-swap on a ref whose tip was read as `tip`:
/// it must still point there, or still not exist.
pub fn expect(tip: Option<ObjectId>) -> PreviousValue {
    match tip {
        Some(t) => PreviousValue::MustExistAndMatch(Target::Object(t)),
        None => PreviousValue::MustNotExist,
    }
}

/// Whether a failed transaction lost a race: gix found, under the ref's lock, a value other
/// than the expected one (or a ref that must not exist). [`Store::raced`] cannot always tell:
/// when `git gc` packs refs at that moment, a read outside the lock may still see the packed
/// value gix cached before the rewrite.
fn conflicted(e: &Error) -> bool {
    use gix::refs::file::transaction::prepare::{MustNotExist, ReferenceOutOfDate};
    let Error::Git { source, .. } = e else {
        return false;
    };
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(source.as_ref());
    while let Some(err) = cause {
        if err.is::<ReferenceOutOfDate>() || err.is::<MustNotExist>() {
            return true;
        }
        cause = err.source();
    }
    false
}

/// Whether `e` or one of its sources says a file or object was not found (gix-error's
/// classification: an I/O "not found", or gix's "object could not be found"). Under a
/// concurrent `git gc` that is transient: an empty fan-out directory was removed, or loose
/// objects moved into a new pack between two reads.
fn vanished(e: &(dyn std::error::Error + 'static)) -> bool {
    gix_error::classify(e).is_not_found()
}

/// Runs `read`, and again at most three more times 10-20 ms apart while it fails because an
/// object was not found: an object a concurrent `git gc` is moving from loose into a new pack
/// can be missed by one lookup, and git's own readers look again after re-reading the pack
/// directory.
fn again_if_vanished<T>(mut read: impl FnMut() -> Result<T>) -> Result<T> {
    let mut attempt = 0;
    loop {
        match read() {
            Err(Error::Git { source, .. }) if attempt < 3 && vanished(source.as_ref()) => {
                attempt += 1;
                backoff_by(attempt, 10_000);
            }
            result => return result,
        }
    }
}

/// The revision number of a new commit whose parents have revisions `parents`: the highest
/// plus one, 1 for a first revision (docs/FORMAT.md: `Checkpoint-Revision`).
pub fn next_revision(parents: impl IntoIterator<Item = u64>) -> u64 {
    parents.into_iter().max().unwrap_or(0).saturating_add(1)
}

/// Sleeps before retry `attempt` (none before the first): a few milliseconds, growing, with
/// jitter from the clock and pid so racing processes spread out.
pub fn backoff(attempt: u32) {
    backoff_by(attempt, 1000);
}

/// Sleeps before retry `attempt` (none before the first) between `unit` and twice `unit`
/// microseconds times `attempt` (capped at 32: with [`MAX_ATTEMPTS`] and a unit of 1 ms that
/// is 1.5 to 3 s in all, enough for a lock holder descheduled on a loaded machine), with
/// jitter from the clock and pid.
pub fn backoff_by(attempt: u32, unit: u64) {
    if attempt == 0 {
        return;
    }
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let jitter = u64::from((nanos ^ std::process::id().wrapping_mul(2_654_435_761)) % 1000);
    let steps = u64::from(attempt.min(32));
    let micros = unit * steps + jitter * unit / 1000 * steps;
    std::thread::sleep(std::time::Duration::from_micros(micros));
}

/// A ref update edit with a reflog message, never dereferencing.
pub fn update_edit(refname: &str, new: ObjectId, expected: PreviousValue, msg: &str) -> RefEdit {
    RefEdit {
        change: Change::Update {
            log: LogChange {
                mode: RefLog::AndReference,
                // git logs only branches, remote-tracking refs and notes by default; a
                // checkpoint's reflog lets `git reflog` restore a tip an outside tool broke
                // (git appends to a reflog that exists, so its own updates are logged too).
                force_create_reflog: true,
                message: msg.into(),
            },
            expected,
            new: Target::Object(new),
        },
        name: refname.try_into().expect("story refnames are validated"),
        deref: false,
    }
}

/// A ref deletion edit that only applies while the ref still points at `expected`.
pub fn delete_edit(refname: &str, expected: ObjectId) -> RefEdit {
    RefEdit {
        change: Change::Delete {
            expected: PreviousValue::MustExistAndMatch(Target::Object(expected)),
            log: RefLog::AndReference,
        },
        name: refname.try_into().expect("story refnames are validated"),
        deref: false,
    }
}

/// Looks up revision `rev` (a revision number, or a hex commit id or prefix of at least 4
/// digits) in `history`: every revision it names (more than one when it is ambiguous: two
/// clones' revisions with the same number before a merge, or a short prefix).
pub fn find_revisions<'a>(history: &'a [Summary], rev: &str) -> Vec<&'a Summary> {
    if let Ok(n) = rev.parse::<u64>() {
        if rev.len() < 7 {
            return history.iter().filter(|s| s.revision == n).collect();
        }
    }
    let rev = rev.to_lowercase();
    if rev.len() < 4 {
        return Vec::new();
    }
    history
        .iter()
        .filter(|s| s.commit.to_string().starts_with(&rev))
        .collect()
}

/// The one commit `rev` names in the history of `refname` (story `story`), for `--rev` and
/// `diff`'s arguments.
///
/// # Errors
/// [`Error::NoSuchRevision`] when it names none; [`Error::AmbiguousRevision`] naming the
/// candidates (commit prefix, revision number, subject) when it names several.
pub fn resolve_revision(
    history: &[Summary],
    story: &str,
    refname: &str,
    rev: &str,
) -> Result<ObjectId> {
    match find_revisions(history, rev).as_slice() {
        [one] => Ok(one.commit),
        [] => Err(Error::NoSuchRevision {
            story: story.to_string(),
            refname: refname.to_string(),
            rev: rev.to_string(),
        }),
        many => Err(Error::AmbiguousRevision {
            rev: rev.to_string(),
            candidates: many
                .iter()
                .map(|s| {
                    format!(
                        "{} (revision {}, {})",
                        &s.commit.to_string()[..12],
                        s.revision,
                        s.subject
                    )
                })
                .collect(),
        }),
    }
}

/// Trailer keys in the order they are written.
pub(crate) fn compose_message(new: &NewRevision) -> String {
    // git refuses NUL in a commit message (fsck: nulInCommit): it becomes U+FFFD, as
    // undecodable input does.
    let clean = |s: &str| {
        s.replace(['\n', '\r'], " ")
            .replace('\0', "\u{FFFD}")
            .trim()
            .to_string()
    };
    let m = &new.meta;
    let mut msg = clean(&new.subject);
    msg.push_str("\n\n");
    let body = new.body.replace('\0', "\u{FFFD}");
    let body = body.trim();
    if !body.is_empty() {
        msg.push_str(body);
        msg.push_str("\n\n");
    }
    let mut trailer = |k: &str, v: &str| {
        msg.push_str(&format!("Checkpoint-{k}: {}\n", clean(v)));
    };
    trailer("Story", &m.story);
    if let Some(shown) = m.story_display.as_deref().filter(|d| *d != m.story) {
        trailer("Story-Display", shown);
    }
    trailer("Title", m.title.as_deref().unwrap_or(""));
    trailer("Branch", m.branch.as_deref().unwrap_or(""));
    trailer("Tasks", &format!("{}/{}", m.tasks_done, m.tasks_total));
    if !m.left_out.is_empty() {
        trailer("Left-Out", &m.left_out.join("; "));
    }
    trailer("Status", m.status.as_str());
    trailer("Revision", &m.revision.to_string());
    trailer("Template", &m.template);
    trailer("Format", &FORMAT_VERSION.to_string());
    if let Some(h) = &m.hook {
        trailer("Hook", h);
    }
    for a in &new.accepted {
        msg.push_str(&format!(
            "{}: {}\n",
            crate::secrets::ACCEPTED_TRAILER,
            clean(&a.trailer_value())
        ));
    }
    msg
}

/// Splits a commit message into subject, body and the trailing `Key: value` block.
pub(crate) fn split_message(message: &str) -> (&str, &str, Vec<(&str, &str)>) {
    let message = message.trim_end();
    let (subject, rest) = message.split_once('\n').unwrap_or((message, ""));
    let rest = rest.trim_matches('\n');
    // memchr's searches: `str::rfind` and `split_once` with a `&str` pattern set up a two-way
    // searcher on every call, which was a tenth of `list`'s own work at 10,000 stories.
    let (body, last) = match memchr::memmem::rfind(rest.as_bytes(), b"\n\n") {
        Some(i) => (&rest[..i], &rest[i + 2..]),
        None => ("", rest),
    };
    let mut trailers = Vec::with_capacity(8);
    for line in last.lines() {
        match split_key_value(line) {
            Some((k, v)) if !k.contains(' ') => trailers.push((k.trim(), v.trim())),
            // Not a trailer block: the last paragraph is part of the body.
            _ => return (subject, rest.trim(), Vec::new()),
        }
    }
    if trailers.is_empty() {
        return (subject, rest.trim(), Vec::new());
    }
    (subject, body.trim(), trailers)
}

/// `line.split_once(": ")`, by [`memchr`]: the text before the first `": "` and after it.
fn split_key_value(line: &str) -> Option<(&str, &str)> {
    let bytes = line.as_bytes();
    memchr::memchr_iter(b':', bytes)
        .find(|&i| bytes.get(i + 1) == Some(&b' '))
        .map(|i| (&line[..i], &line[i + 2..]))
}

/// Parses `1048576`, `512k`, `2m`, `1g` (git's integer suffixes, powers of 1024).
pub(crate) fn parse_size(s: &str) -> Option<u64> {
    let s = s.trim().to_lowercase();
    let (num, mult) = match s.chars().last()? {
        'k' => (&s[..s.len() - 1], 1024),
        'm' => (&s[..s.len() - 1], 1024 * 1024),
        'g' => (&s[..s.len() - 1], 1024 * 1024 * 1024),
        _ => (s.as_str(), 1),
    };
    num.parse::<u64>().ok()?.checked_mul(mult)
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
    use super::*;

    proptest::proptest! {
        /// The memchr split finds what `str::split_once(": ")` finds, on any text.
        #[test]
        fn key_value_split_is_split_once(line in "[a-zé: \\-]{0,12}") {
            proptest::prop_assert_eq!(split_key_value(&line), line.split_once(": "));
        }
    }

    #[test]
    fn message_round_trip() {
        let new = NewRevision {
            document: String::new(),
            meta: Meta {
                story: "313".into(),
                title: Some("A\ntitle".into()),
                tasks_done: 2,
                tasks_total: 3,
                status: Status::Active,
                revision: 4,
                template: "pair".into(),
                ..Meta::default()
            },
            subject: "did things".into(),
            body: "line one\n\nline two".into(),
            accepted: vec![crate::secrets::Accepted {
                fingerprint: "0123456789ab".into(),
                kind: "GitHub personal access token".into(),
            }],
        };
        let msg = compose_message(&new);
        let (subject, body, trailers) = split_message(&msg);
        assert_eq!(subject, "did things");
        assert_eq!(body, "line one\n\nline two");
        assert!(trailers.contains(&("Checkpoint-Title", "A title")));
        assert!(trailers.contains(&("Checkpoint-Tasks", "2/3")));
        assert_eq!(
            trailers.last(),
            Some(&(
                "Checkpoint-Accepted-Secret",
                "0123456789ab GitHub personal access token"
            ))
        );
        assert!(!msg.contains("Checkpoint-Story-Display"), "{msg}");
        let shown = NewRevision {
            meta: Meta {
                story: "abc-12".into(),
                story_display: Some("ABC-12".into()),
                ..new.meta.clone()
            },
            ..new
        };
        let msg = compose_message(&shown);
        let (_, _, trailers) = split_message(&msg);
        assert_eq!(
            &trailers[..2],
            &[
                ("Checkpoint-Story", "abc-12"),
                ("Checkpoint-Story-Display", "ABC-12")
            ]
        );
    }

    #[test]
    fn messages_never_hold_nul() {
        let new = NewRevision {
            document: String::new(),
            meta: Meta {
                story: "s".into(),
                title: Some("a\0b".into()),
                ..Meta::default()
            },
            subject: "x\0y".into(),
            body: "p\0q".into(),
            accepted: Vec::new(),
        };
        let msg = compose_message(&new);
        assert!(!msg.contains('\0'), "{msg:?}");
        assert!(msg.contains("a\u{FFFD}b") && msg.starts_with("x\u{FFFD}y"));
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("512k"), Some(512 * 1024));
        assert_eq!(parse_size("2M"), Some(2 * 1024 * 1024));
        assert_eq!(parse_size("10"), Some(10));
        assert_eq!(parse_size("x"), None);
    }
}
