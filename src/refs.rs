//! The ref backend seam: every ref read and write of ours (checkpoint tips, listings, the one
//! transaction path, HEAD and the branches `save` looks at) goes through [`Refs`], chosen once
//! when the store is opened from the repository's `extensions.refStorage`.
//!
//! - [`Refs::Files`] (loose and packed refs, git's default up to 2.x) is gix's, in process;
//!   a listing by prefix reads `packed-refs` and the loose files under the prefix itself
//!   (`list_packed_only`), which costs a fraction of gix's iteration at 100,000 refs.
//! - [`Refs::Git`] is every other backend, reftable above all (Git 3.0's default): refs are read
//!   with `git for-each-ref` and written with one `git update-ref --stdin -z` transaction per
//!   write. Objects stay on gix either way.
//!
//! Why git's plumbing for reftable: gix 0.90 (the newest release) implements only the files
//! backend, and on a `git init --ref-format=reftable` repository (probed with git 2.47.3) it is
//! wrong in ways that look like success:
//! - `gix::open` succeeds (it accepts `extensions.refStorage` and `repositoryformatversion=1`).
//! - `head()`, `head_name()`, `head_id()` and `rev_parse_single("HEAD")` fail: HEAD is git's
//!   stub `ref: refs/heads/.invalid`, which gix decodes as "This reference uses an unsupported
//!   storage backend, such as reftable".
//! - `try_find_reference("refs/heads/main")` and of an existing `refs/checkpoints/<s>` return
//!   `Ok(None)`: the refs live in `reftable/*.ref` tables gix does not read.
//! - `references()?.all()` yields one error (the stub file `refs/heads`), and
//!   `references()?.prefixed("refs/checkpoints/")` yields nothing, without an error.
//! - `edit_reference(s)` succeeds and writes a loose `refs/checkpoints/<s>` and its
//!   `logs/refs/...` reflog, which git never reads: `git for-each-ref` does not see them.
//!
//! Each git process costs about 2 ms, so [`Refs::Git`] keeps what it read for as long as the
//! reftable stack stays the same: every write to it (ours, git's, another process's) rewrites
//! `reftable/tables.list`, so a read first compares that small file with the one it read
//! before and reads refs again only when it changed. A lookup of one ref also brings HEAD and
//! the notes ref along, which every command that reads a checkpoint reads too.
//!
//! This module owns ref access only; it never touches a ref its callers do not name, and its
//! callers name only our namespaces (see [`crate::store`]) and read HEAD and branches.

use crate::error::{Error, Result};
use gix::bstr::ByteSlice;
use gix::refs::transaction::{Change, PreviousValue, RefEdit};
use gix::refs::Target;
use gix::ObjectId;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// Refs read along with any other one on [`Refs::Git`] (one `git for-each-ref` for all):
/// every save writes the notes index with the story's ref.
const COMPANIONS: [&str; 1] = [crate::names::NOTES_REF];

/// Where a repository's refs are read and written.
#[derive(Debug, Clone)]
pub(crate) enum Refs {
    /// The files backend (loose refs and `packed-refs`), read and written by gix.
    Files,
    /// Any other backend (reftable): through git's plumbing run on `git_dir`.
    Git {
        /// `git` bound to the repository, which runs the plumbing.
        git: crate::git::Git,
        /// The repository's git dir (a linked worktree's own, for its HEAD).
        git_dir: PathBuf,
        /// The common dir, where `reftable/tables.list.lock` is.
        common_dir: PathBuf,
        /// The all-zero id of the repository's object format: update-ref's "must not exist".
        null: ObjectId,
        /// What was read while the stack stayed the same; shared by clones of the store.
        cache: Arc<Mutex<Cache>>,
    },
}

/// What [`Refs::Git`] read while the reftable stack stayed the same.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    /// `reftable/tables.list` of the common dir (and of a linked worktree's git dir, which
    /// holds its HEAD) when the entries were read; `None` when it could not be read, and then
    /// nothing is kept.
    key: Option<Vec<u8>>,
    /// Full names read: their line, or `None` when they did not exist.
    refs: HashMap<String, Option<Row>>,
    /// HEAD as read.
    head: Option<Head>,
}

/// HEAD as read from the ref store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Head {
    /// The full name of the branch HEAD points at (`refs/heads/main`), even when it is unborn;
    /// `None` when HEAD is detached.
    pub branch: Option<String>,
    /// The object HEAD resolves to (not peeled); `None` on an unborn branch.
    pub id: Option<ObjectId>,
}

/// A ref found by [`Refs::find`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    /// The full name looked up.
    pub name: String,
    /// The ref it points at when it is symbolic (`refs/remotes/origin/HEAD` ->
    /// `refs/remotes/origin/main`).
    pub symref: Option<String>,
    /// The object it resolves to, tags peeled.
    pub peeled: ObjectId,
}

/// Refs as read during one step of a command that writes none ([`crate::store::Store::snapshot`]):
/// each tip read once, and `packed-refs` checked for a change once. A resume reads its story's
/// ref, its archive ref and the default branch several times over (locate, drift, provenance,
/// endings), and each read was a file open and a stat of `packed-refs`.
/// Kept on [`Refs::Files`] only: [`Refs::Git`] keeps its own [`Cache`].
#[derive(Debug, Default)]
pub(crate) struct Snapshot {
    /// Full names read: the object each points at, `None` when it did not exist.
    tips: HashMap<String, Option<ObjectId>>,
    /// `packed-refs` once read.
    packed: Option<Packed>,
}

/// The largest loose ref file read: a valid one is one line (an object id, or `ref: ` and a
/// ref name).
const MAX_LOOSE_REF: u64 = 64 * 1024;

/// `refname`, a full name in the repository's shared refs (`refs/...`, not the per-worktree
/// `refs/worktree/`, `refs/bisect/`, `refs/rewritten/`), read the way git's files backend reads
/// a name given in full (gitrepository-layout(5) `refs`, `packed-refs`): its loose file in the
/// common dir, else its `packed-refs` line. A ref that does not exist costs one failed open,
/// where gix's lookup, which treats every name as one to expand, also tries it under `tags/`,
/// `heads/` and `remotes/` (five opens and five `packed-refs` checks); commands look up refs
/// that do not exist all the time (the archive ref of an active story, a story's first save,
/// each story a fetch creates).
///
/// Returns `None` for a name this does not read (another name, a repository with a ref
/// namespace, a name that is not ASCII, which gix may precompose on macOS): the caller asks gix.
/// Otherwise the object it points at, `Ok(None)` when it does not exist or is symbolic (as
/// [`Refs::tip`]); [`Error::BrokenRef`] when the loose file is not a ref, [`Error::Git`] when
/// it or `packed-refs` cannot be read.
///
/// `packed` is where a [`Snapshot`] keeps `packed-refs` once read; `None` reads it as it is now.
fn read_full_name(
    repo: &gix::Repository,
    refname: &str,
    packed: Option<&mut Option<Packed>>,
) -> Option<Result<Option<ObjectId>>> {
    read_full_ref(repo, refname, packed)
        .map(|found| found.map(|r| r.and_then(|r| r.target.try_id().map(ToOwned::to_owned))))
}

/// `packed-refs` as gix read it (`None` when there is no such file).
type Packed = Option<gix::refs::file::packed::SharedBufferSnapshot>;

/// [`read_full_name`], returning the ref itself (its target may be symbolic): `Ok(None)` only
/// when it does not exist.
fn read_full_ref(
    repo: &gix::Repository,
    refname: &str,
    packed: Option<&mut Option<Packed>>,
) -> Option<Result<Option<gix::refs::Reference>>> {
    use std::io::Read as _;
    let per_worktree = ["refs/worktree/", "refs/bisect/", "refs/rewritten/"];
    if !refname.starts_with("refs/")
        || per_worktree.iter().any(|p| refname.starts_with(p))
        || !refname.is_ascii()
        || repo.refs.namespace.is_some()
    {
        return None;
    }
    let name: &gix::refs::FullNameRef = refname.try_into().ok()?;
    let context = || format!("cannot read {refname}");
    let path = repo.common_dir().join(refname);
    let mut content = Vec::new();
    let loose = std::fs::File::open(&path)
        .and_then(|f| f.take(MAX_LOOSE_REF + 1).read_to_end(&mut content));
    let broken = |reason| Error::BrokenRef {
        refname: refname.to_string(),
        path: path.clone(),
        reason,
    };
    Some(match loose {
        Ok(n) if n as u64 > MAX_LOOSE_REF => Err(broken("is larger than 64 KiB")),
        Ok(_) => gix::refs::file::loose::Reference::try_from_path(
            name.to_owned(),
            &content,
            repo.object_hash(),
        )
        .map(|r| Some(r.into()))
        .map_err(|_| broken("holds neither an object id nor `ref: <name>`")),
        // No file by that name: none, a file where a directory of the path should be, a
        // directory of refs below the name (Windows refuses to open one), or a name longer
        // than a file name may be (a teammate's branch name: only packed-refs can hold it).
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound
                    | std::io::ErrorKind::NotADirectory
                    | std::io::ErrorKind::IsADirectory
                    | std::io::ErrorKind::InvalidFilename
            ) || (cfg!(windows)
                && e.kind() == std::io::ErrorKind::PermissionDenied
                && path.is_dir()) =>
        {
            // gix checks whether `packed-refs` changed (a stat) on every read; a snapshot
            // checks once.
            let buffer = match packed {
                Some(Some(kept)) => Ok(kept.clone()),
                Some(slot) => repo
                    .refs
                    .cached_packed_buffer()
                    .inspect(|b| *slot = Some(b.clone())),
                None => repo.refs.cached_packed_buffer(),
            };
            match buffer {
                Ok(None) => Ok(None),
                Ok(Some(packed)) => match packed.try_find(name) {
                    Ok(found) => Ok(found.map(Into::into)),
                    Err(e) => Err(Error::git(context(), e)),
                },
                Err(e) => Err(Error::git(context(), e)),
            }
        }
        Err(e) => Err(Error::git(format!("cannot read {}", path.display()), e)),
    })
}

/// [`Refs::list`] on the files backend, reading `packed-refs` directly: its records are
/// sorted by name (gix sorts a file whose header does not say so when it loads it), so one
/// binary search finds the first and the records follow one another; the loose refs under
/// `prefix` (a few: the refs written since git last packed them) are read and take the place
/// of the packed records of the same name, as git's files backend reads them. No packed
/// ref's name is validated or copied beyond the one `String` of each row: gix's iteration,
/// which does both (and converts every record into an owned reference), cost about half a
/// microsecond a ref, the largest part of a push of 100,000 stories with nothing new.
///
/// Returns `None` when this does not apply and gix must list: a repository with a ref
/// namespace, a prefix that is not a directory of the shared refs (`refs/.../`, not
/// per-worktree), loose refs under `prefix` in a linked worktree's own git dir, or a loose
/// file under `prefix` this does not read as gix would (a name that is not plain ASCII or
/// ends in `.lock`, content that is not a ref: gix then reports it). Otherwise the rows as
/// [`Refs::list`] returns them, not yet sorted.
///
/// # Errors
/// [`Error::Git`] when `packed-refs` cannot be read or holds a record that is not one.
fn list_packed_only(
    repo: &gix::Repository,
    prefix: &str,
) -> Result<Option<Vec<(String, ObjectId)>>> {
    let per_worktree = ["refs/worktree/", "refs/bisect/", "refs/rewritten/"];
    if repo.refs.namespace.is_some()
        || !prefix.starts_with("refs/")
        || !prefix.ends_with('/')
        || per_worktree.iter().any(|p| prefix.starts_with(p))
    {
        return Ok(None);
    }
    if repo.git_dir() != repo.common_dir() {
        let none_here = match std::fs::read_dir(repo.git_dir().join(prefix)) {
            Ok(mut entries) => entries.next().is_none(),
            Err(e) => e.kind() == std::io::ErrorKind::NotFound,
        };
        if !none_here {
            return Ok(None);
        }
    }
    let mut loose = Vec::new();
    let dir = repo.common_dir().join(prefix);
    if !loose_refs(repo, prefix, &dir, String::new(), &mut loose) {
        return Ok(None);
    }
    loose.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = packed_under(repo, prefix)?;
    if !loose.is_empty() {
        // Loose over packed: a loose ref replaces the packed record of its name; a symbolic
        // one (never ours) hides it and is not listed, as gix's iteration does.
        out.retain(|(name, _)| {
            loose
                .binary_search_by(|(l, _)| l.as_str().cmp(name.as_str()))
                .is_err()
        });
        out.extend(loose.into_iter().filter_map(|(name, id)| Some((name, id?))));
    }
    Ok(Some(out))
}

/// Adds to `out` every loose ref file under `dir` (the directory of ref prefix `prefix`,
/// `below` the path inside it so far), as (name below the prefix, the object it points at, `None` when it
/// is symbolic). Returns false when a file is one this does not read as gix would: a name that
/// is not plain ASCII (gix may precompose it) or that git skips (`.lock`, a leading dot), or
/// content that is not a ref, which gix's listing then reports. A missing `dir` holds none.
fn loose_refs(
    repo: &gix::Repository,
    prefix: &str,
    dir: &Path,
    below: String,
    out: &mut Vec<(String, Option<ObjectId>)>,
) -> bool {
    use std::io::Read as _;
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && below.is_empty() => return true,
        Err(_) => return false,
    };
    for entry in entries {
        let Ok(entry) = entry else { return false };
        let Some(file) = entry.file_name().to_str().map(str::to_string) else {
            return false;
        };
        let plain = !file.starts_with('.')
            && !file.ends_with(".lock")
            && file
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.+=@,".contains(&b));
        if !plain {
            return false;
        }
        let Ok(kind) = entry.file_type() else {
            return false;
        };
        // Names are concatenated, not formatted: `list` reads every loose ref of a fresh fetch,
        // and `format!` was a quarter of the cost of each.
        let mut name = String::with_capacity(below.len() + file.len() + 1);
        name.push_str(&below);
        name.push_str(&file);
        if kind.is_dir() {
            name.push('/');
            if !loose_refs(repo, prefix, &entry.path(), name, out) {
                return false;
            }
            continue;
        }
        let mut content = Vec::new();
        let read = std::fs::File::open(entry.path())
            .and_then(|f| f.take(MAX_LOOSE_REF + 1).read_to_end(&mut content));
        if !matches!(read, Ok(n) if n as u64 <= MAX_LOOSE_REF) {
            return false;
        }
        let Ok(full) = gix::refs::FullName::try_from([prefix, name.as_str()].concat()) else {
            return false;
        };
        let Ok(r) =
            gix::refs::file::loose::Reference::try_from_path(full, &content, repo.object_hash())
        else {
            return false;
        };
        out.push((name, r.target.try_id().map(ToOwned::to_owned)));
    }
    true
}

/// The records of `packed-refs` under `prefix`, as (name without `prefix`, object), sorted.
///
/// # Errors
/// [`Error::Git`] when `packed-refs` cannot be read or holds a record that is not one.
fn packed_under(repo: &gix::Repository, prefix: &str) -> Result<Vec<(String, ObjectId)>> {
    let context = || format!("cannot list {prefix}");
    let Some(packed) = repo
        .refs
        .cached_packed_buffer()
        .map_err(|e| Error::git(context(), e))?
    else {
        return Ok(Vec::new());
    };
    let buffer: &gix::refs::packed::Buffer = &packed;
    let buf: &[u8] = buffer.as_ref();
    let hex_len = repo.object_hash().len_in_hex();
    let mut out = Vec::new();
    let mut at = packed_lower_bound(buf, prefix.as_bytes(), hex_len);
    while at < buf.len() {
        let (record, next) = packed_record(buf, at);
        at = next;
        if record.first() == Some(&b'^') {
            continue; // the peeled object of the record before
        }
        let Some((hex, name)) = split_record(record, hex_len) else {
            return Err(Error::git(
                context(),
                format!("malformed packed-refs record: {}", record.to_str_lossy()),
            ));
        };
        let Some(story) = name.strip_prefix(prefix.as_bytes()) else {
            break; // sorted: no later record has the prefix
        };
        let id = ObjectId::from_hex(hex).map_err(|e| Error::git(context(), e))?;
        out.push((story.to_str_lossy().into_owned(), id));
    }
    Ok(out)
}

/// [`Refs::list`] on the files backend through gix (loose refs over packed ones), not sorted.
///
/// # Errors
/// [`Error::Git`] when the refs cannot be read.
fn list_gix(repo: &gix::Repository, prefix: &str) -> Result<Vec<(String, ObjectId)>> {
    let mut out = Vec::new();
    let platform = repo
        .references()
        .map_err(|e| Error::git("cannot read refs", e))?;
    let iter = platform
        .prefixed(prefix)
        .map_err(|e| Error::git(format!("cannot list {prefix}"), e))?;
    for r in iter {
        let r = r.map_err(|e| Error::git(format!("cannot list {prefix}"), e))?;
        let name = r.name().as_bstr().to_str_lossy().into_owned();
        if let (Some(story), Some(id)) = (name.strip_prefix(prefix), r.target().try_id()) {
            out.push((story.to_string(), id.to_owned()));
        }
    }
    Ok(out)
}

/// The line of `buf` starting at `at` (without its line ending) and where the next starts.
fn packed_record(buf: &[u8], at: usize) -> (&[u8], usize) {
    let end = buf[at..]
        .iter()
        .position(|b| *b == b'\n')
        .map_or(buf.len(), |i| at + i);
    let line = &buf[at..end];
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    (line, (end + 1).min(buf.len()))
}

/// A `packed-refs` record line as (object id in hex, ref name), or `None` when it is not one.
fn split_record(line: &[u8], hex_len: usize) -> Option<(&[u8], &[u8])> {
    if line.len() <= hex_len + 1 || line[hex_len] != b' ' {
        return None;
    }
    Some((&line[..hex_len], &line[hex_len + 1..]))
}

/// Where in `buf` (sorted `packed-refs` records after the header) the first record whose name
/// is not less than `prefix` starts (`buf.len()` when none): a binary search over byte
/// offsets, each probe moved back to the start of its record (a peeled `^` line belongs to the
/// record before it).
fn packed_lower_bound(buf: &[u8], prefix: &[u8], hex_len: usize) -> usize {
    let record_start = |pos: usize| {
        let line = buf[..pos]
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |i| i + 1);
        if buf.get(line) == Some(&b'^') && line > 0 {
            buf[..line - 1]
                .iter()
                .rposition(|b| *b == b'\n')
                .map_or(0, |i| i + 1)
        } else {
            line
        }
    };
    let (mut lo, mut hi) = (0, buf.len());
    while lo < hi {
        let start = record_start(lo + (hi - lo) / 2).max(lo);
        let (record, mut next) = packed_record(buf, start);
        let less = match split_record(record, hex_len) {
            Some((_, name)) => name < prefix,
            None => true, // not a record: look further on
        };
        if less {
            // Past this record and its peeled line, if any.
            if buf.get(next) == Some(&b'^') {
                next = packed_record(buf, next).1;
            }
            lo = next.max(start + 1).min(hi);
        } else {
            hi = start;
        }
    }
    lo
}

/// The fewest edits of one transaction that [`Refs::edit`] writes straight into `packed-refs`
/// on the files backend. Each edit still takes its `<ref>.lock` (the compare-and-swap), but no
/// loose ref file is left behind (an existing one is deleted after `packed-refs` is
/// committed, as `git pack-refs` would), so a batch of integrations or remote-tracking updates
/// needs no `git pack-refs` afterwards. Below this, rewriting the whole `packed-refs` file
/// would cost more than the loose files do.
pub const PACKED_EDITS: usize = 100;

/// One gix transaction of `edits` that writes object-id updates into `packed-refs` and deletes
/// their loose files (gix-ref's `DeletionsAndNonSymbolicUpdatesRemoveLooseSourceReference`),
/// with the lock timeouts git reads (`core.filesRefLockTimeout`, default 100 ms;
/// `core.packedRefsTimeout`, default 1000 ms; git-config(1)).
fn edit_packed(
    repo: &gix::Repository,
    edits: Vec<RefEdit>,
    committer: Option<gix::actor::SignatureRef<'_>>,
) -> gix::Result<Vec<RefEdit>> {
    use gix::lock::acquire::Fail;
    use gix::refs::file::transaction::PackedRefs;
    let config = repo.config_snapshot();
    let timeout = |key: &str, default_ms: i64| match config.integer(key).unwrap_or(default_ms) {
        ms if ms < 0 => Fail::AfterDurationWithBackoff(std::time::Duration::MAX),
        0 => Fail::Immediately,
        ms => Fail::AfterDurationWithBackoff(std::time::Duration::from_millis(ms as u64)),
    };
    let (loose, packed) = (
        timeout("core.filesRefLockTimeout", 100),
        timeout("core.packedRefsTimeout", 1000),
    );
    repo.refs
        .transaction()
        .packed_refs(
            PackedRefs::DeletionsAndNonSymbolicUpdatesRemoveLooseSourceReference(Box::new(
                repo.objects.clone(),
            )),
        )
        .prepare(edits, loose, packed)?
        .commit(committer)
}

impl Refs {
    /// The backend of `repo`: [`Refs::Files`] unless `extensions.refStorage` names another
    /// format (gitrepository-layout(5), git-config(1) `extensions.refStorage`).
    pub fn of(repo: &gix::Repository) -> Refs {
        let storage = repo
            .config_snapshot()
            .string("extensions.refStorage")
            .map(|s| s.to_str_lossy().to_lowercase());
        match storage.as_deref() {
            None | Some("files") => Refs::Files,
            Some(_) => Refs::Git {
                git: crate::git::Git::new(repo.git_dir(), repo.workdir().map(Path::to_path_buf)),
                git_dir: repo.git_dir().to_path_buf(),
                common_dir: repo.common_dir().to_path_buf(),
                null: ObjectId::null(repo.object_hash()),
                cache: Arc::default(),
            },
        }
    }

    /// The cache of [`Refs::Git`], emptied first when the reftable stack changed since it was
    /// filled (or cannot be read). The stack is read before the refs, so what is kept is never
    /// older than the key it is kept under.
    fn cache(&self) -> Option<MutexGuard<'_, Cache>> {
        let Refs::Git {
            git_dir,
            common_dir,
            cache,
            ..
        } = self
        else {
            return None;
        };
        let mut key = std::fs::read(common_dir.join("reftable").join("tables.list")).ok();
        if let Some(k) = key.as_mut().filter(|_| git_dir != common_dir) {
            k.push(0);
            k.extend(
                std::fs::read(git_dir.join("reftable").join("tables.list")).unwrap_or_default(),
            );
        }
        // A panic while the lock was held leaves nothing half-done that matters: a cache.
        let mut guard = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if key.is_none() || guard.key != key {
            *guard = Cache {
                key,
                ..Cache::default()
            };
        }
        Some(guard)
    }

    /// Reads `names` (full names; HEAD among them when `head`) with one `git for-each-ref` and
    /// keeps every line in `cache`, and each of `names` that was not found as missing.
    fn read_into(&self, cache: &mut Cache, names: &[&str], head: bool) -> Result<()> {
        let rows = self.for_each_ref(names, head, false)?;
        for name in names {
            if *name != "HEAD" {
                cache.refs.insert((*name).to_string(), None);
            }
        }
        for r in rows {
            if r.name == "HEAD" {
                cache.head = Some(Head {
                    branch: r.symref.clone(),
                    id: Some(r.id),
                });
            } else {
                cache.refs.insert(r.name.clone(), Some(r));
            }
        }
        Ok(())
    }

    /// The commit `refname` points at directly, or `None` when it does not exist (or is
    /// symbolic: our refs never are). Read through `snapshot` when one is given: a name it
    /// holds is not read again, and one it does not is read and kept.
    ///
    /// # Errors
    /// [`Error::Git`] when the ref store cannot be read (an error is not kept).
    pub fn tip(
        &self,
        repo: &gix::Repository,
        refname: &str,
        mut snapshot: Option<&mut Snapshot>,
    ) -> Result<Option<ObjectId>> {
        match self {
            Refs::Files => {
                if let Some(tip) = snapshot.as_ref().and_then(|s| s.tips.get(refname)) {
                    return Ok(*tip);
                }
                let packed = snapshot.as_mut().map(|s| &mut s.packed);
                if let Some(found) = read_full_name(repo, refname, packed) {
                    if let (Some(s), Ok(tip)) = (snapshot, &found) {
                        s.tips.insert(refname.to_string(), *tip);
                    }
                    return found;
                }
                let r = repo
                    .try_find_reference(refname)
                    .map_err(|e| Error::git(format!("cannot read {refname}"), e))?;
                Ok(r.and_then(|r| r.target().try_id().map(|id| id.to_owned())))
            }
            Refs::Git { .. } => {
                let mut cache = self.cache().expect("the git backend has a cache");
                if !cache.refs.contains_key(refname) {
                    let mut names = vec![refname];
                    names.extend(COMPANIONS.iter().filter(|c| !cache.refs.contains_key(**c)));
                    let head = cache.head.is_none();
                    if head {
                        names.push("HEAD");
                    }
                    self.read_into(&mut cache, &names, head)?;
                }
                let found = cache.refs.get(refname).cloned().flatten();
                Ok(found.filter(|r| r.symref.is_none()).map(|r| r.id))
            }
        }
    }

    /// Every ref under `prefix` (ending in `/`) that points at an object directly, as (name
    /// without `prefix`, object), sorted by name.
    ///
    /// # Errors
    /// [`Error::Git`] when the ref store cannot be read.
    pub fn list(&self, repo: &gix::Repository, prefix: &str) -> Result<Vec<(String, ObjectId)>> {
        let mut out = Vec::new();
        match self {
            Refs::Files => {
                out = match list_packed_only(repo, prefix)? {
                    Some(packed) => packed,
                    None => list_gix(repo, prefix)?,
                };
            }
            Refs::Git { .. } => {
                let mut cache = self.cache().expect("the git backend has a cache");
                let head = cache.head.is_none();
                let patterns: &[&str] = if head { &[prefix, "HEAD"] } else { &[prefix] };
                for r in self.for_each_ref(patterns, head, false)? {
                    if r.name == "HEAD" {
                        cache.head = Some(Head {
                            branch: r.symref,
                            id: Some(r.id),
                        });
                        continue;
                    }
                    if let (Some(story), None) = (r.name.strip_prefix(prefix), &r.symref) {
                        out.push((story.to_string(), r.id));
                    }
                    cache.refs.insert(r.name.clone(), Some(r));
                }
            }
        }
        out.sort();
        Ok(out)
    }

    /// HEAD: the branch it names and the object that branch (or a detached HEAD) points at.
    ///
    /// # Errors
    /// [`Error::Git`] when HEAD cannot be read.
    pub fn head(&self, repo: &gix::Repository) -> Result<Head> {
        match self {
            Refs::Files => {
                let current = repo.head().map_err(|e| Error::git("cannot read HEAD", e))?;
                let branch = current
                    .referent_name()
                    .map(|n| n.as_bstr().to_str_lossy().into_owned());
                // The id HEAD's branch names, without reading the commit; peeling (which reads
                // the object to see whether it is a tag) only when the branch is itself symbolic.
                let id = match current.id() {
                    Some(id) => Some(id.detach()),
                    None if current.is_unborn() => None,
                    None => repo.head_id().ok().map(|id| id.detach()),
                };
                Ok(Head { branch, id })
            }
            Refs::Git { .. } => {
                let mut cache = self.cache().expect("the git backend has a cache");
                if let Some(head) = &cache.head {
                    return Ok(head.clone());
                }
                // `--include-root-refs` (git 2.46) lists HEAD with its target; an unborn HEAD
                // resolves to nothing and is not listed, so its branch comes from symbolic-ref.
                let mut names = vec!["HEAD"];
                names.extend(COMPANIONS.iter().filter(|c| !cache.refs.contains_key(**c)));
                self.read_into(&mut cache, &names, true)?;
                if cache.head.is_none() {
                    let out = self.run(&["symbolic-ref", "-q", "HEAD"], None)?;
                    let branch = out.status.success().then(|| text(&out.stdout));
                    cache.head = Some(Head { branch, id: None });
                }
                Ok(cache.head.clone().expect("just read"))
            }
        }
    }

    /// The refs among `names` (full names) that exist and resolve to an object, with their
    /// symbolic target and the object they resolve to (tags peeled); one `git for-each-ref`
    /// for all of them on [`Refs::Git`]. With a `snapshot`, `packed-refs` is checked for a
    /// change once for all of the snapshot's reads.
    ///
    /// # Errors
    /// [`Error::Git`] when the ref store cannot be read.
    pub fn find(
        &self,
        repo: &gix::Repository,
        names: &[&str],
        mut snapshot: Option<&mut Snapshot>,
    ) -> Result<Vec<Found>> {
        match self {
            Refs::Files => Ok(names
                .iter()
                .filter_map(|name| {
                    // A name read in full: one failed open for a ref that does not exist
                    // (`master` and `trunk` where the default branch is `main`), where gix's
                    // lookup tries it under `tags/`, `heads/` and `remotes/` too.
                    let packed = snapshot.as_mut().map(|s| &mut s.packed);
                    let mut r = match read_full_ref(repo, name, packed) {
                        Some(found) => gix::prelude::ReferenceExt::attach(found.ok()??, repo),
                        None => repo.try_find_reference(*name).ok()??,
                    };
                    let symref = r.target().try_name().map(|n| n.as_bstr().to_string());
                    let peeled = r.peel_to_id().ok()?.detach();
                    Some(Found {
                        name: (*name).to_string(),
                        symref,
                        peeled,
                    })
                })
                .collect()),
            Refs::Git { .. } => {
                let rows = self.for_each_ref(names, false, true)?;
                Ok(rows
                    .into_iter()
                    .filter(|r| names.contains(&r.name.as_str()))
                    .map(|r| Found {
                        peeled: r.peeled.unwrap_or(r.id),
                        name: r.name,
                        symref: r.symref,
                    })
                    .collect())
            }
        }
    }

    /// The object `spec` names (gitrevisions(7)): gix's `rev_parse_single`, or `git rev-parse
    /// --verify` on [`Refs::Git`] (any ref in `spec` lives where gix cannot read it).
    ///
    /// # Errors
    /// Why `spec` names no object.
    pub fn rev_parse(
        &self,
        repo: &gix::Repository,
        spec: &str,
    ) -> std::result::Result<ObjectId, Box<dyn std::error::Error + Send + Sync>> {
        match self {
            Refs::Files => Ok(repo.rev_parse_single(spec)?.detach()),
            Refs::Git { .. } => {
                let out = self.run(&["rev-parse", "--verify", "--end-of-options", spec], None)?;
                if !out.status.success() {
                    return Err(stderr(&out).into());
                }
                Ok(ObjectId::from_hex(text(&out.stdout).as_bytes())?)
            }
        }
    }

    /// The lock file that keeps `refname` from being written now, when it exists: its
    /// `<ref>.lock` on the files backend, the whole stack's `reftable/tables.list.lock` on
    /// reftable (held by another git process for a moment, or left by a crashed one).
    pub fn lock_held(&self, repo: &gix::Repository, refname: &str) -> Option<PathBuf> {
        let lock = match self {
            Refs::Files => repo.common_dir().join(format!("{refname}.lock")),
            Refs::Git { common_dir, .. } => stack_lock(common_dir),
        };
        lock.exists().then_some(lock)
    }

    /// Applies `edits` as one transaction, all or nothing, each a compare-and-swap on its
    /// expected previous value, with `committer` (name, email, and for gix the signature) in
    /// the reflog. On [`Refs::Git`] that is one `git update-ref --stdin -z` transaction
    /// (`start`, `update`/`delete` per edit, `prepare`, `commit`) with the first edit's reflog
    /// message for every ref (git 2.47 takes one `-m` per transaction; ours share their
    /// transaction's purpose) and `--create-reflog` when an edit asks for a reflog.
    ///
    /// # Errors
    /// [`Error::LockHeld`] when a lock is in the way; [`Error::RefsUnderRef`] when refs exist
    /// below one of the names; [`Error::Git`] otherwise (a lost race among them: the caller
    /// tells by reading the refs again).
    pub fn edit(
        &self,
        repo: &gix::Repository,
        edits: Vec<RefEdit>,
        committer: Option<&gix::actor::Signature>,
    ) -> Result<()> {
        let names: Vec<String> = edits
            .iter()
            .map(|e| e.name.as_bstr().to_str_lossy().into_owned())
            .collect();
        let failed = match self {
            Refs::Files => {
                let mut time = gix::date::parse::TimeBuf::default();
                let result = crate::signals::deferred(|| {
                    let committer = committer.map(|c| c.to_ref(&mut time));
                    if edits.len() >= PACKED_EDITS {
                        edit_packed(repo, edits, committer)
                    } else {
                        repo.edit_references_as(edits, committer)
                    }
                });
                match result {
                    Ok(_) => return Ok(()),
                    Err(e) => Error::git(format!("cannot update {}", names.join(", ")), e),
                }
            }
            Refs::Git { .. } => match self.update_ref(&edits, committer) {
                Ok(()) => return Ok(()),
                Err(e) => e,
            },
        };
        for name in &names {
            if let Some(lock) = self.lock_held(repo, name) {
                return Err(Error::LockHeld {
                    refname: name.clone(),
                    lock,
                });
            }
            if self.has_refs_under(repo, name)? {
                return Err(Error::RefsUnderRef {
                    refname: name.clone(),
                });
            }
        }
        Err(failed)
    }

    /// Whether refs exist below `name/` (so `name` itself cannot be created).
    fn has_refs_under(&self, repo: &gix::Repository, name: &str) -> Result<bool> {
        match self {
            Refs::Files => Ok(repo.common_dir().join(name).is_dir()),
            Refs::Git { .. } => Ok(!self.list(repo, &format!("{name}/"))?.is_empty()),
        }
    }

    /// [`Refs::edit`] through `git update-ref --stdin -z` (git-update-ref(1), "-z" format).
    fn update_ref(
        &self,
        edits: &[RefEdit],
        committer: Option<&gix::actor::Signature>,
    ) -> Result<()> {
        let Refs::Git {
            common_dir, null, ..
        } = self
        else {
            unreachable!("only the git backend runs update-ref");
        };
        let names = || {
            edits
                .iter()
                .map(|e| e.name.as_bstr().to_str_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut input = b"start\0".to_vec();
        let mut message = None;
        let mut create_reflog = false;
        for e in edits {
            let name = e.name.as_bstr();
            let old = |expected: &PreviousValue| match expected {
                PreviousValue::Any => Ok(String::new()),
                PreviousValue::MustNotExist => Ok(null.to_string()),
                PreviousValue::MustExistAndMatch(Target::Object(id))
                | PreviousValue::ExistingMustMatch(Target::Object(id)) => Ok(id.to_string()),
                other => Err(Error::git(
                    format!("cannot update {name}"),
                    format!("unsupported expected value {other:?}"),
                )),
            };
            if !e.deref {
                input.extend_from_slice(b"option no-deref\0");
            }
            match &e.change {
                Change::Update { log, expected, new } => {
                    let Target::Object(new) = new else {
                        return Err(Error::git(
                            format!("cannot update {name}"),
                            "symbolic refs are not written here",
                        ));
                    };
                    message.get_or_insert_with(|| log.message.to_string());
                    create_reflog |= log.force_create_reflog;
                    input.extend_from_slice(
                        format!("update {name}\0{new}\0{}\0", old(expected)?).as_bytes(),
                    );
                }
                Change::Delete { expected, .. } => {
                    input.extend_from_slice(
                        format!("delete {name}\0{}\0", old(expected)?).as_bytes(),
                    );
                }
            }
        }
        input.extend_from_slice(b"prepare\0commit\0");
        let mut args = vec!["update-ref"];
        if let Some(m) = message.as_deref() {
            args.extend(["-m", m]);
        }
        if create_reflog {
            args.push("--create-reflog");
        }
        args.extend(["--stdin", "-z"]);
        let out = self.run_with(&args, Some(&input), committer)?;
        if out.status.success() {
            return Ok(());
        }
        let why = stderr(&out);
        // Another writer holds the stack's lock (or auto-compacts it) for a moment: git says
        // so without naming a ref or a file (refs/reftable-backend.c, REFTABLE_LOCK_ERROR).
        if why.contains("cannot lock references") {
            return Err(Error::LockHeld {
                refname: names(),
                lock: stack_lock(common_dir),
            });
        }
        Err(Error::git(format!("cannot update {}", names()), why))
    }

    /// `git for-each-ref` of `patterns` (full names or prefixes ending in `/`; refnames hold no
    /// glob characters, git-check-ref-format(1)), with HEAD among them when `root`, peeling
    /// tags when `peel`.
    fn for_each_ref(&self, patterns: &[&str], root: bool, peel: bool) -> Result<Vec<Row>> {
        // Fields NUL-separated, one ref a line: a refname holds neither (git-check-ref-format(1)).
        let format = if peel {
            "--format=%(refname)%00%(objectname)%00%(symref)%00%(*objectname)"
        } else {
            "--format=%(refname)%00%(objectname)%00%(symref)"
        };
        let mut args = vec!["for-each-ref", format];
        if root {
            args.push("--include-root-refs");
        }
        args.push("--");
        args.extend(patterns);
        let out = self.run(&args, None)?;
        if !out.status.success() {
            return Err(Error::git(
                format!("cannot read {}", patterns.join(" ")),
                stderr(&out),
            ));
        }
        let mut rows = Vec::new();
        for line in out.stdout.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
            let mut fields = line.split(|b| *b == 0).map(|f| f.to_str_lossy());
            let (Some(name), Some(id)) = (fields.next(), fields.next()) else {
                continue;
            };
            let Ok(id) = ObjectId::from_hex(id.as_bytes()) else {
                continue;
            };
            let symref = fields
                .next()
                .filter(|s| !s.is_empty())
                .map(|s| s.into_owned());
            let peeled = fields
                .next()
                .and_then(|s| ObjectId::from_hex(s.as_bytes()).ok());
            rows.push(Row {
                name: name.into_owned(),
                id,
                symref,
                peeled,
            });
        }
        Ok(rows)
    }

    /// Runs `git args` in the repository with `input` on stdin.
    fn run(&self, args: &[&str], input: Option<&[u8]>) -> Result<std::process::Output> {
        self.run_with(args, input, None)
    }

    /// [`Refs::run`] with `committer`'s name and email for git's reflog entries (the identity
    /// gix would record; git then reads the time as it always does).
    fn run_with(
        &self,
        args: &[&str],
        input: Option<&[u8]>,
        committer: Option<&gix::actor::Signature>,
    ) -> Result<std::process::Output> {
        let Refs::Git { git, .. } = self else {
            unreachable!("only the git backend runs git");
        };
        let (name, email) = committer.map_or_else(Default::default, |c| {
            (
                c.name.to_str_lossy().into_owned(),
                c.email.to_str_lossy().into_owned(),
            )
        });
        let env: &[(&str, &str)] = if committer.is_some() {
            &[
                ("GIT_COMMITTER_NAME", &name),
                ("GIT_COMMITTER_EMAIL", &email),
            ]
        } else {
            &[]
        };
        git.output_with(args, input, env)
    }
}

/// One line of [`Refs::for_each_ref`].
#[derive(Debug, Clone)]
struct Row {
    name: String,
    id: ObjectId,
    symref: Option<String>,
    peeled: Option<ObjectId>,
}

/// The lock of the whole reftable stack (gitformat-reftable(5): `tables.list`).
fn stack_lock(common_dir: &Path) -> PathBuf {
    common_dir.join("reftable").join("tables.list.lock")
}

/// `bytes` as text without the trailing newline.
fn text(bytes: &[u8]) -> String {
    bytes.to_str_lossy().trim_end().to_string()
}

/// git's stderr, trimmed, for an error's source.
fn stderr(out: &std::process::Output) -> String {
    text(&out.stderr)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn git(dir: &Path, args: &[&str], input: Option<&str>) -> String {
        use std::io::Write as _;
        let mut child = std::process::Command::new("git")
            .current_dir(dir)
            .args(args)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.com")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.com")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("git runs");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(input.unwrap_or("").as_bytes())
            .expect("write");
        drop(stdin);
        let out = child.wait_with_output().expect("git finishes");
        assert!(out.status.success(), "git {args:?}");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Reading `packed-refs` directly lists what gix lists, for prefixes before, among and
    /// after the records, with peeled tags between them; a loose ref under the prefix (or a
    /// directory of them) hands the listing back to gix.
    #[test]
    fn packed_refs_read_directly_list_what_gix_lists() {
        let dir = tempfile::tempdir().expect("temp dir");
        let d = dir.path();
        git(d, &["init", "-q", "-b", "main"], None);
        git(d, &["commit", "-q", "--allow-empty", "-m", "one"], None);
        let head = git(d, &["rev-parse", "HEAD"], None);
        let mut script = String::new();
        for i in 0..300 {
            script.push_str(&format!("create refs/checkpoints/s{i:03} {head}\n"));
            if i % 7 == 0 {
                script.push_str(&format!("create refs/checkpoints-archive/s{i:03} {head}\n"));
                script.push_str(&format!(
                    "create refs/remotes/origin/checkpoints/s{i:03} {head}\n"
                ));
            }
        }
        script.push_str(&format!("create refs/checkpoints/s1x {head}\n"));
        git(d, &["update-ref", "--stdin"], Some(&script));
        for t in ["t1", "t2", "zz"] {
            git(d, &["tag", "-a", "-m", t, t], None);
        }
        git(d, &["pack-refs", "--all"], None);
        let repo = gix::open(d).expect("opens");
        let prefixes = [
            "refs/checkpoints/",
            "refs/checkpoints-archive/",
            "refs/remotes/origin/checkpoints/",
            "refs/tags/",
            "refs/heads/",
            "refs/a/",
            "refs/zzz/",
            "refs/checkpoints-purged/",
        ];
        for prefix in prefixes {
            let mut direct = list_packed_only(&repo, prefix)
                .expect("reads")
                .unwrap_or_else(|| panic!("{prefix} is all packed"));
            direct.sort();
            let mut by_gix = list_gix(&repo, prefix).expect("gix lists");
            by_gix.sort();
            assert_eq!(direct, by_gix, "{prefix}");
        }
        assert_eq!(
            list_packed_only(&repo, "refs/checkpoints/")
                .expect("reads")
                .map(|v| v.len()),
            Some(301)
        );
        // Loose refs (new, and over a packed one) are read too; a symbolic one hides its
        // packed record and is not listed; a file that is no ref hands the listing to gix.
        let first = git(d, &["rev-parse", "HEAD"], None);
        git(d, &["commit", "-q", "--allow-empty", "-m", "two"], None);
        let second = git(d, &["rev-parse", "HEAD"], None);
        git(d, &["update-ref", "refs/checkpoints/loose", &second], None);
        git(d, &["update-ref", "refs/checkpoints/s005", &second], None);
        git(
            d,
            &["update-ref", "refs/checkpoints/deep/er", &second],
            None,
        );
        git(
            d,
            &["symbolic-ref", "refs/checkpoints/s006", "refs/heads/main"],
            None,
        );
        let repo = gix::open(d).expect("opens");
        let mut direct = list_packed_only(&repo, "refs/checkpoints/")
            .expect("reads")
            .expect("loose refs are read");
        direct.sort();
        let mut by_gix = list_gix(&repo, "refs/checkpoints/").expect("gix lists");
        by_gix.sort();
        assert_eq!(direct, by_gix);
        assert_eq!(direct.len(), 302);
        let id = |hex: &str| ObjectId::from_hex(hex.as_bytes()).expect("hex");
        assert!(direct.contains(&("s005".to_string(), id(&second))));
        assert!(direct.contains(&("s004".to_string(), id(&first))));
        assert!(direct.contains(&("deep/er".to_string(), id(&second))));
        std::fs::write(d.join(".git/refs/checkpoints/junk"), "not a ref\n").expect("write");
        assert!(list_packed_only(&repo, "refs/checkpoints/")
            .expect("reads")
            .is_none());
        std::fs::remove_file(d.join(".git/refs/checkpoints/junk")).expect("remove");
        let listed = Refs::Files.list(&repo, "refs/checkpoints/").expect("lists");
        assert_eq!(listed.len(), 302);
        assert!(listed.windows(2).all(|w| w[0] < w[1]), "sorted");
    }
}
