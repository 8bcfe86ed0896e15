//! Reads of checkpoint objects: a commit's summary, a revision's blobs, a story's history,
//! within `checkpoint.maxReadSize`; missing objects are fetched from a partial clone's promisor
//! remote, and looked up again while a concurrent `git gc` moves them. Never writes a ref.

use super::retry::{again_if_vanished, vanished};
use super::{corrupt, split_message, Revision, Status, Store, Summary, DOCUMENT_FILE, META_FILE};
use crate::error::{Error, Result};
use gix::bstr::ByteSlice;
use gix::ObjectId;

impl Store {
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
        // `CommitRef::author` trims name and email with Unicode's whitespace (a few thousand
        // instructions each, in bstr's tables): done here only when the first or last byte is
        // not printable ASCII (`is_ascii_graphic`: a space is not), as no trim changes the rest.
        let author = gix::actor::SignatureRef::from_bytes(c.author)
            .map_err(|e| Error::git(format!("bad author in {id}"), e))?;
        let trim = |s: &'_ gix::bstr::BStr| -> String {
            let plain = |b: Option<&u8>| b.is_none_or(u8::is_ascii_graphic);
            if plain(s.first()) && plain(s.last()) {
                s.to_str_lossy().into_owned()
            } else {
                use gix::bstr::ByteSlice;
                s.trim().to_str_lossy().into_owned()
            }
        };
        // The committer's time alone: `committer()` would trim its name and email too.
        let time = c
            .time()
            .map_err(|e| Error::git(format!("bad committer in {id}"), e))?;
        Ok(Summary {
            commit: id,
            parents: c.parents().collect(),
            subject: subject.to_string(),
            body: body.to_string(),
            story: get("Checkpoint-Story").to_string(),
            story_display: get("Checkpoint-Story-Display").to_string(),
            title: get("Checkpoint-Title").to_string(),
            branch: get("Checkpoint-Branch").to_string(),
            head: ObjectId::from_hex(get("Checkpoint-Head").as_bytes()).ok(),
            merge_base: ObjectId::from_hex(get("Checkpoint-Merge-Base").as_bytes()).ok(),
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
            author: trim(author.name),
            email: trim(author.email),
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

    /// The JSON file `name` of the tree of commit `id` (a claim or purge record of `refname`),
    /// decoded.
    ///
    /// # Errors
    /// [`Error::Corrupt`] naming `refname` when the commit, its tree or the file cannot be read,
    /// or the file is not the JSON `T` expects.
    pub fn json_file<T: serde::de::DeserializeOwned>(
        &self,
        refname: &str,
        id: ObjectId,
        name: &str,
    ) -> Result<T> {
        let bad = |why: String| corrupt(refname, id, why);
        let commit = self.repo.find_commit(id).map_err(|e| bad(e.to_string()))?;
        let tree = commit.tree().map_err(|e| bad(e.to_string()))?;
        let entry = tree
            .find_entry(name)
            .ok_or_else(|| bad(format!("no {name}")))?;
        let blob = self
            .blob(entry.oid().to_owned())
            .map_err(|e| bad(e.to_string()))?;
        serde_json::from_slice(&blob).map_err(|e| bad(format!("{name}: {e}")))
    }

    /// [`Error::NotACheckpoint`] when `tip`, the value of `refname`, is no checkpoint at all: a
    /// blob, a tree or a tag, or a commit with no `Checkpoint-Revision` trailer whose tree has
    /// no `checkpoint.md` (docs/FORMAT.md, "Refs": foreign refs). `None` for a checkpoint
    /// commit, and for a value that cannot be told (a missing object, a commit over the read
    /// limit): the read that follows reports those. Reads the commit only, and its tree only
    /// when the trailers are missing.
    pub fn not_a_checkpoint(&self, refname: &str, tip: ObjectId) -> Option<Error> {
        use gix::object::Kind;
        // The usual tip first: a loose checkpoint commit, read once (its header alone would
        // open and inflate the file a second time). Anything larger is not read whole before
        // its header says what it is.
        if self.loose_within_read_limit(&tip) && self.summary(tip).is_ok_and(|s| s.revision > 0) {
            return None;
        }
        let what = match self.repo.find_header(tip).ok()?.kind() {
            Kind::Commit => {
                if self.summary(tip).ok()?.revision > 0 {
                    return None;
                }
                // No trailers: a checkpoint written with plain git still has its document.
                let tree = self.repo.find_commit(tip).ok()?.tree().ok()?;
                if tree.find_entry(DOCUMENT_FILE).is_some() {
                    return None;
                }
                "a commit whose tree has no checkpoint.md"
            }
            Kind::Blob => "a blob",
            Kind::Tree => "a tree",
            Kind::Tag => "a tag",
        };
        Some(foreign(refname, tip, what))
    }

    /// Reads the full revision at commit `id` of `refname` (used in error messages).
    ///
    /// # Errors
    /// [`Error::Corrupt`] when the tree lacks `checkpoint.md`, `meta.json` is not valid JSON,
    /// or an object stays missing after three more lookups (10-20 ms apart), with the fix:
    /// for the tip, restoring the last revision that reads (see `recovery.rs`), for an older
    /// revision, keeping the ref; [`Error::Git`] when objects cannot be read.
    pub fn read(&self, refname: &str, id: ObjectId) -> Result<Revision> {
        self.read_unadvised(refname, id)
            .map_err(|e| self.with_recovery(refname, id, e))
    }

    /// [`Store::read`] without looking for the fix of a [`Error::Corrupt`] (what the search for
    /// one reads with).
    pub(super) fn read_unadvised(&self, refname: &str, id: ObjectId) -> Result<Revision> {
        match again_if_vanished(|| self.read_once(refname, id)) {
            Err(Error::Git { .. }) if self.beyond_shallow(id) => Err(Error::NotInShallowClone {
                refname: refname.to_string(),
                what: format!("commit {}", id.to_hex_with_len(12)),
            }),
            Err(Error::Git { context, source }) if vanished(source.as_ref()) => Err(self
                .missing(refname, id)
                .unwrap_or_else(|| corrupt(refname, id, format!("{context}: {source}")))),
            result => result,
        }
    }

    /// [`Error::MissingObject`] for the first object of revision `id` of `refname` that is not
    /// here (the commit, its tree, `checkpoint.md`, `meta.json`), with the fix: fetch it by id
    /// from a remote that has the story (git's protocol v2 serves any reachable object), or
    /// restore an earlier tip from the reflog; a save goes on from the last readable revision
    /// when the commit is here. `None` when every object is here after all.
    fn missing(&self, refname: &str, id: ObjectId) -> Option<Error> {
        let present = |o: ObjectId| self.repo.has_object(o);
        let (what, object) = if !present(id) {
            ("the commit", id)
        } else {
            let commit = self.repo.find_commit(id).ok()?;
            let tree_id = commit.tree_id().ok()?.detach();
            if !present(tree_id) {
                ("its tree", tree_id)
            } else {
                let tree = self.repo.find_tree(tree_id).ok()?;
                [DOCUMENT_FILE, META_FILE].iter().find_map(|name| {
                    let entry = tree.find_entry(*name)?;
                    (!present(entry.object_id())).then(|| (*name, entry.object_id()))
                })?
            }
        };
        let remote = self.remote_for(refname);
        let mut fix = format!(
            "fetch it from a remote that has the story (`git fetch {remote} {object}`), or restore an earlier tip from `git reflog {refname}` (`git update-ref {refname} <commit>`)"
        );
        if object != id {
            fix.push_str(
                "; `git checkpoint save` goes on from the last readable revision and keeps this one in the history",
            );
        }
        Some(Error::MissingObject {
            refname: refname.to_string(),
            commit: id.to_hex_with_len(12).to_string(),
            what,
            object: object.to_string(),
            fix,
        })
    }

    /// The remote to fetch a lost object of `refname` from: the one whose copy it is
    /// (`refs/remotes/<remote>/...`), else the first configured, else `<remote>`.
    fn remote_for(&self, refname: &str) -> String {
        refname
            .strip_prefix("refs/remotes/")
            .and_then(|r| r.split_once('/'))
            .map(|(r, _)| r.to_string())
            .or_else(|| {
                self.repo
                    .remote_names()
                    .iter()
                    .next()
                    .map(|r| r.to_string())
            })
            .unwrap_or_else(|| "<remote>".to_string())
    }

    /// The revision a write of `refname` builds on when its tip `tip` cannot be read because an
    /// object of it is missing ([`Error::MissingObject`]) but its commit is here: the newest
    /// readable revision along first parents (at most 1,000 back), with what was skipped. Any
    /// other failure, or none readable, is the tip's own error.
    ///
    /// # Errors
    /// The error reading `tip` when there is no readable revision to go on from.
    pub fn read_for_write(
        &self,
        refname: &str,
        tip: ObjectId,
    ) -> Result<(Revision, Option<Unreadable>)> {
        let (err, what, object) = match self.read(refname, tip) {
            Ok(rev) => return Ok((rev, None)),
            Err(e @ Error::MissingObject { .. }) => {
                let Error::MissingObject { what, object, .. } = &e else {
                    unreachable!("matched above")
                };
                let (what, object) = (what.to_string(), object.clone());
                (e, what, object)
            }
            Err(e) => return Err(e),
        };
        let Ok(top) = self.summary(tip) else {
            return Err(err);
        };
        let mut at = top.parents.first().copied();
        for _ in 0..1000 {
            let Some(id) = at else { break };
            match self.read(refname, id) {
                Ok(rev) => {
                    return Ok((
                        rev,
                        Some(Unreadable {
                            revision: top.revision,
                            commit: tip,
                            what,
                            fetch: format!("git fetch {} {object}", self.remote_for(refname)),
                        }),
                    ))
                }
                Err(Error::MissingObject { .. }) => {
                    at = self
                        .summary(id)
                        .ok()
                        .and_then(|s| s.parents.first().copied());
                }
                Err(_) => break,
            }
        }
        Err(err)
    }

    /// Whether objects are read through replace refs (`refs/replace/`, git-replace(1)): some
    /// exist, and neither `GIT_NO_REPLACE_OBJECTS` nor `core.useReplaceRefs=false` turns them
    /// off (gix reads them when it opens the repository).
    pub fn has_object_replacements(&self) -> bool {
        !self.repo.objects.ignore_replacements
            && self
                .repo
                .objects
                .store_ref()
                .replacements()
                .next()
                .is_some()
    }

    /// Whether the repository is a shallow clone (a non-empty `<git dir>/shallow`).
    pub fn is_shallow(&self) -> bool {
        self.repo.is_shallow().unwrap_or(false)
    }

    /// Whether the commit `id` is missing because the repository is shallow: it is not here,
    /// and it is a parent of a commit of the shallow boundary (`<git dir>/shallow`,
    /// gitrepository-layout(5)), so a deeper fetch brings it.
    pub fn beyond_shallow(&self, id: ObjectId) -> bool {
        if self.repo.has_object(id) {
            return false;
        }
        let Ok(Some(boundary)) = self.repo.shallow_commits() else {
            return false;
        };
        boundary.iter().any(|c| {
            self.repo
                .find_commit(*c)
                .is_ok_and(|c| c.parent_ids().any(|p| p == id))
        })
    }

    /// Where `history` ([`Store::history`] of one tip) is cut: each revision with parents that
    /// are not in this clone, newest first. Empty for a whole history (every parent is in it, so
    /// nothing else is looked up).
    pub fn cuts(&self, history: &[Summary]) -> Vec<Cut> {
        let listed: std::collections::HashSet<ObjectId> =
            history.iter().map(|s| s.commit).collect();
        history
            .iter()
            .filter_map(|s| {
                let missing: Vec<ObjectId> = s
                    .parents
                    .iter()
                    .filter(|p| !listed.contains(*p) && !self.repo.has_object(**p))
                    .copied()
                    .collect();
                (!missing.is_empty()).then(|| Cut {
                    revision: s.revision,
                    commit: s.commit,
                    shallow: missing.iter().all(|p| self.beyond_shallow(*p)),
                    missing,
                })
            })
            .collect()
    }

    /// The one commit `rev` names in `history` (the history of `refname`, story `story`), as
    /// [`resolve_revision`] finds it; a revision a shallow clone lacks is said to be so.
    ///
    /// # Errors
    /// As [`resolve_revision`]; [`Error::NotInShallowClone`] instead of
    /// [`Error::NoSuchRevision`] when the history is cut at a shallow boundary.
    pub fn resolve_revision(
        &self,
        history: &[Summary],
        story: &str,
        refname: &str,
        rev: &str,
    ) -> Result<ObjectId> {
        match resolve_revision(history, story, refname, rev) {
            Err(Error::NoSuchRevision { .. }) if self.cuts(history).iter().any(|c| c.shallow) => {
                Err(Error::NotInShallowClone {
                    refname: refname.to_string(),
                    what: match rev.parse::<u64>() {
                        Ok(n) if rev.len() < 7 => format!("revision {n}"),
                        _ => format!("revision {rev}"),
                    },
                })
            }
            found => found,
        }
    }

    /// The tree of checkpoint commit `id`; in a partial clone that lacks it, fetched first.
    fn commit_tree<'r>(&'r self, id: ObjectId, commit: &gix::Commit<'r>) -> Result<gix::Tree<'r>> {
        let tree_err = |e| Error::git(format!("cannot read the tree of {id}"), e);
        match commit.tree() {
            Ok(tree) => Ok(tree),
            // A `--filter=tree:0` clone lacks trees as well: git fetches the tree, then gix,
            // which looks at the pack directory again after a miss, reads it.
            Err(e) if vanished(&e) && self.is_partial_clone() => {
                let tree_id = commit.tree_id().map_err(tree_err)?.detach();
                self.fetch_from_promisor("tree", tree_id)
                    .map_err(|why| Error::git(format!("cannot read the tree of {id}"), why))?;
                self.repo.find_tree(tree_id).map_err(tree_err)
            }
            Err(e) => Err(tree_err(e)),
        }
    }

    /// The `meta.json` of checkpoint commit `id` (the value of `refname`) alone, as `T` (a
    /// [`super::Meta`], or a struct of the few fields a caller reads: serde skips the rest),
    /// for a caller that needs no document (`list`'s landed check, over up to 200 stories):
    /// what [`Store::read`] gives as [`Revision::meta`], without reading `checkpoint.md`. The
    /// same limits (`checkpoint.maxReadSize`) and partial-clone fetches apply.
    ///
    /// # Errors
    /// [`Error::Corrupt`] when the commit has no readable `meta.json`; [`Error::Git`] when an
    /// object cannot be read; [`Error::TooLargeToRead`].
    pub fn meta<T: serde::de::DeserializeOwned>(&self, refname: &str, id: ObjectId) -> Result<T> {
        again_if_vanished(|| {
            let commit = self.repo.find_commit(id).map_err(|e| {
                if vanished(&e) {
                    Error::git(format!("cannot read commit {id}"), e)
                } else {
                    corrupt(refname, id, e.to_string())
                }
            })?;
            let tree = self.commit_tree(id, &commit)?;
            match self.tree_file(refname, id, &tree, META_FILE)? {
                Some(bytes) => serde_json::from_slice(&bytes)
                    .map_err(|e| corrupt(refname, id, format!("{META_FILE} is not valid: {e}"))),
                None => Err(corrupt(refname, id, format!("its tree has no {META_FILE}"))),
            }
        })
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
        let tree = self.commit_tree(id, &commit)?;
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

    /// The history of `tip`: every reachable checkpoint commit, newest revision first. A
    /// parent that is not in this clone (a shallow clone's boundary, or an object lost to a
    /// `git gc` race) ends the walk on its line of history; [`Store::cuts`] says where.
    ///
    /// # Errors
    /// [`Error::Git`] when `tip` or a commit that is present cannot be read.
    pub fn history(&self, tip: ObjectId) -> Result<Vec<Summary>> {
        let mut seen = std::collections::HashSet::from([tip]);
        let mut queue = vec![tip];
        let mut out = Vec::new();
        while let Some(id) = queue.pop() {
            let summary = match self.summary(id) {
                Ok(s) => s,
                Err(_) if id != tip && !self.repo.has_object(id) => continue,
                Err(e) => return Err(e),
            };
            queue.extend(summary.parents.iter().filter(|p| seen.insert(**p)));
            out.push(summary);
        }
        out.sort_by(|a, b| b.revision.cmp(&a.revision).then(b.time.cmp(&a.time)));
        Ok(out)
    }
}

/// [`Error::NotACheckpoint`] for `refname` pointing at `what` (`tip`), with the fix: a local
/// ref is looked at and removed here, a remote's copy (`refs/remotes/<r>/<rest>`) on the remote.
fn foreign(refname: &str, tip: ObjectId, what: &'static str) -> Error {
    let on_remote = refname
        .strip_prefix("refs/remotes/")
        .and_then(|r| r.split_once('/'));
    let fix = match on_remote {
        Some((remote, rest)) => format!(
            "it is skipped; look at it with `git cat-file -p {refname}`, and whoever may remove it on {remote}: `git push {remote} :refs/{rest}`"
        ),
        None => format!(
            "look at it with `git cat-file -p {refname}`, and remove it with `git update-ref -d {refname}` if nobody needs it"
        ),
    };
    Error::NotACheckpoint {
        refname: refname.to_string(),
        what,
        oid: tip.to_hex_with_len(12).to_string(),
        fix,
    }
}

/// A tip that could not be read for a write ([`Store::read_for_write`]): the write went on
/// from an older revision, and kept this one as its parent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// The tip's revision number.
    pub revision: u64,
    /// The tip's commit.
    pub commit: ObjectId,
    /// What of it is missing (`checkpoint.md`, `meta.json`, `its tree`).
    pub what: String,
    /// The command that fetches the missing object from a remote that has the story.
    pub fetch: String,
}

/// A revision whose parents are not in this clone ([`Store::cuts`]): the history read from a
/// tip ends there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The revision's number (`Checkpoint-Revision`).
    pub revision: u64,
    /// The revision's commit.
    pub commit: ObjectId,
    /// Its parents that are not here.
    pub missing: Vec<ObjectId>,
    /// Whether they are missing because the clone is shallow (a deeper fetch brings them).
    pub shallow: bool,
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
