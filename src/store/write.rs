//! Writes: checkpoint objects (blobs, tree, commit, with the configured identity) and the
//! one path that moves refs, [`Store::transact`] (compare-and-swap, retried on a lost race
//! or a held lock). Objects written for a lost attempt are left for `git gc`.

use super::retry::{backoff, vanished};
use super::{
    compose_message, next_revision, NewRevision, Revision, Store, DOCUMENT_FILE, MAX_ATTEMPTS,
    META_FILE,
};
use crate::error::{Error, Result};
use gix::bstr::ByteSlice;
use gix::objs::tree::{Entry, EntryKind};
use gix::refs::transaction::{Change, LogChange, PreviousValue, RefEdit, RefLog};
use gix::refs::Target;
use gix::ObjectId;

/// What [`Store::update_folding`] wrote.
#[derive(Debug)]
pub struct Updated {
    /// The new commit.
    pub commit: ObjectId,
    /// The tip it was written against (`None` for a new story).
    pub previous: Option<ObjectId>,
    /// The tip that could not be read when the write went on from an older revision.
    pub unreadable: Option<super::Unreadable>,
    /// Whether the new commit replaced the tip ("Quiet history").
    pub folded: bool,
}

/// `key` (`user.name`, `user.email`, ...) from the user's own global git config when the
/// environment masks it: `GIT_CONFIG_GLOBAL` set to the null device (`/dev/null`, `NUL`).
/// Gemini CLI runs every shell command of its model so (with `GIT_CONFIG_NOSYSTEM=1`), to keep a
/// repository's config from running code; the identity of most users lives only in
/// `~/.gitconfig`, so the `git-checkpoint save` its stop-time nudge asks for failed with "no
/// identity". Only identity keys are read, from `$XDG_CONFIG_HOME/git/config` (else
/// `~/.config/git/config`) and then `~/.gitconfig`, the later winning, as git-config(1) orders
/// them ("FILES"); includes are not followed. `None` when the config is not masked or the key is
/// unset or empty.
fn masked_global(key: &str) -> Option<String> {
    let masked = std::env::var_os("GIT_CONFIG_GLOBAL")
        .is_some_and(|v| v == "/dev/null" || v.eq_ignore_ascii_case("nul"));
    if !masked {
        return None;
    }
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".config")))
        .map(|d| d.join("git/config"));
    let files = [home.map(|h| h.join(".gitconfig")), xdg];
    files.into_iter().flatten().find_map(|path| {
        if !path.is_file() {
            return None;
        }
        let file =
            gix::config::File::from_path_no_includes(path, gix::config::Source::User).ok()?;
        let v = file.string(key)?.to_str_lossy().trim().to_string();
        (!v.is_empty()).then_some(v)
    })
}

/// A signature for `person` (name, email) at the time the environment variable `date_var`
/// gives, parsed as git parses it (absolute forms only), else now.
///
/// # Errors
/// [`Error::Git`] for a date that does not parse.
fn dated_signature(person: (String, String), date_var: &str) -> Result<gix::actor::Signature> {
    let time = match std::env::var(date_var) {
        Ok(date) => gix::date::parse(&date, None).map_err(|e| Error::git("bad date", e))?,
        Err(_) => gix::date::Time::now_local_or_utc(),
    };
    Ok(gix::actor::Signature {
        name: person.0.into(),
        email: person.1.into(),
        time,
    })
}

/// git's default identity (`ident_default_name` and `ident_default_email` in git's ident.c),
/// without its look-ups of the password database and the domain name: the login name
/// (`$USER`, else `$LOGNAME`, else `unknown`) and `<login>@<host name>` (`EMAIL` wins when set).
fn default_ident() -> (String, String) {
    let login = ["USER", "LOGNAME"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .map(|v| v.trim().to_string())
        .find(|v| !v.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    let email = std::env::var("EMAIL")
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| format!("{login}@{}", crate::claims::host()));
    (login, email)
}

impl Store {
    /// Checks that a commit can be written: an identity is configured.
    ///
    /// # Errors
    /// [`Error::NoIdentity`] when `user.name`/`user.email` (or the `GIT_*` variables) are unset.
    pub fn check_identity(&self) -> Result<()> {
        self.signatures().map(|_| ())
    }

    /// Name and email for `role` (`author` or `committer`), resolved as git-commit-tree(1)
    /// describes: `GIT_<ROLE>_NAME`/`_EMAIL`, then `<role>.name`/`.email`, then
    /// `user.name`/`user.email`, then (email only) `EMAIL`. Empty values count as unset. When
    /// the environment masks the user's global config with the null device, the keys are also
    /// read from that config (see [`masked_global`]).
    pub fn person(&self, role: &str) -> Option<(String, String)> {
        let upper = role.to_ascii_uppercase();
        let pick = |env: String, keys: [String; 2], fallback: Option<&str>| {
            std::env::var(env)
                .ok()
                .into_iter()
                .chain(keys.iter().filter_map(|k| self.config_string(k)))
                .chain(keys.iter().filter_map(|k| masked_global(k)))
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
        extra: G,
    ) -> Result<Option<(ObjectId, Option<ObjectId>)>>
    where
        F: FnMut(Option<&Revision>) -> Result<Option<NewRevision>>,
        G: FnMut(ObjectId, &NewRevision) -> Result<Vec<RefEdit>>,
    {
        let written = self.update_from(
            refname,
            time,
            false,
            |c| Ok(change(c)?.map(|n| (n, false))),
            extra,
        )?;
        Ok(written.map(|u| (u.commit, u.previous)))
    }

    /// [`Store::update_if`] for a save. `change` may ask that the new commit replace the tip
    /// (`(new, true)`): it is then written with the tip's parents instead of the tip, and
    /// numbered from them, so the tip leaves the story's history (the caller keeps what it
    /// held: docs/FORMAT.md, "Quiet history"). When the tip cannot be read because an object
    /// of it is missing ([`Store::read_for_write`]), `change` gets the newest readable revision
    /// instead, the new commit still has the tip as its parent (no revision leaves the history,
    /// and nothing is folded) and a revision number above the tip's. The ref still moves by
    /// compare-and-swap from the tip read.
    ///
    /// # Errors
    /// As [`Store::update`]; the tip's read error when no revision of it can be read; storage
    /// errors reading the tip's parents.
    pub fn update_folding<F, G>(
        &self,
        refname: &str,
        change: F,
        extra: G,
    ) -> Result<Option<Updated>>
    where
        F: FnMut(Option<&Revision>) -> Result<Option<(NewRevision, bool)>>,
        G: FnMut(ObjectId, &NewRevision) -> Result<Vec<RefEdit>>,
    {
        self.update_from(refname, None, true, change, extra)
    }

    /// [`Store::update_folding`], going on past a missing object of the tip only when
    /// `past_missing`.
    fn update_from<F, G>(
        &self,
        refname: &str,
        time: Option<(i64, i32)>,
        past_missing: bool,
        mut change: F,
        mut extra: G,
    ) -> Result<Option<Updated>>
    where
        F: FnMut(Option<&Revision>) -> Result<Option<(NewRevision, bool)>>,
        G: FnMut(ObjectId, &NewRevision) -> Result<Vec<RefEdit>>,
    {
        self.check_identity()?;
        self.transact(refname, || {
            let tip = self.tip(refname)?;
            let (current, unreadable) = match tip {
                Some(t) if past_missing => {
                    let (rev, skipped) = self.read_for_write(refname, t)?;
                    (Some(rev), skipped)
                }
                Some(t) => (Some(self.read(refname, t)?), None),
                None => (None, None),
            };
            let Some((mut new, fold)) = change(current.as_ref())? else {
                return Ok(Step::Nothing(None));
            };
            let (parents, folded) = match &current {
                Some(c) if fold && unreadable.is_none() => (c.summary.parents.clone(), true),
                _ => (tip.into_iter().collect::<Vec<_>>(), false),
            };
            let numbers = if folded {
                parents
                    .iter()
                    .map(|p| self.summary(*p).map(|s| s.revision))
                    .collect::<Result<Vec<_>>>()?
            } else {
                current
                    .iter()
                    .map(Revision::number)
                    .chain(unreadable.as_ref().map(|s| s.revision))
                    .collect()
            };
            new.meta.revision = next_revision(numbers);
            let commit = self.write_commit_at(&new, parents, time)?;
            let mut edits = vec![update_edit(
                refname,
                commit,
                expect(tip),
                "checkpoint: save",
            )];
            edits.extend(extra(commit, &new)?);
            Ok(Step::Write(
                edits,
                Some(Updated {
                    commit,
                    previous: tip,
                    unreadable,
                    folded,
                }),
            ))
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
    /// Writers of this clone take turns first ([`super::turn`]: an advisory lock per ref,
    /// waited for at most [`super::turn::WAIT`]), so they seldom race each other at all.
    ///
    /// Lost races alone never end it early: each round of `MAX_ATTEMPTS` some other writer
    /// won, so a loser starts another round until [`CONTENDED_PATIENCE`] has passed (32
    /// writers saving one story on a loaded 2-core machine lost 64 in a row, bench/writers.sh).
    /// So does a lock that was another file at the end of the last round (live writers taking
    /// turns); the same lock file through two rounds is reported.
    ///
    /// # Errors
    /// Errors from `plan` (nothing is written); [`Error::LockHeld`] when a lock stays through
    /// every attempt (a crashed process's: the message names it); [`Error::Contended`] after
    /// lost races for [`CONTENDED_PATIENCE`]; [`Error::Git`] when the transaction fails for
    /// another reason.
    pub fn transact<T>(
        &self,
        refname: &str,
        mut plan: impl FnMut() -> Result<Step<T>>,
    ) -> Result<T> {
        // A write's plan compares with the refs as they are now, not as a snapshot saw them.
        self.end_snapshot();
        let deadline = std::time::Instant::now() + CONTENDED_PATIENCE;
        // Writers of this clone plan one after the other (held until this returns).
        let _turn = super::turn::take(self.common_dir(), refname);
        // The lock file a round ended on: the same file again at the end of the next round is
        // a crashed writer's; another one is a live writer's turn.
        let mut last_lock = None;
        loop {
            let in_time = || std::time::Instant::now() < deadline;
            match self.transact_round(refname, &mut plan) {
                Err(Error::Contended { .. }) if in_time() => {}
                Err(Error::LockHeld { refname, lock }) if in_time() => {
                    let seen = Some((lock.clone(), lock_identity(&lock)));
                    if seen == last_lock {
                        return Err(Error::LockHeld { refname, lock });
                    }
                    last_lock = seen;
                }
                other => return other,
            }
        }
    }

    /// One round of [`Store::transact`]: at most `MAX_ATTEMPTS` attempts.
    fn transact_round<T>(
        &self,
        refname: &str,
        plan: &mut impl FnMut() -> Result<Step<T>>,
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

    /// Applies `edits`, planned once from refs read earlier (a purge, a batch of merges,
    /// remote-tracking refs after a push), through [`Store::transact`] as one transaction,
    /// unless one of them no longer matches its expected previous value (another writer moved
    /// the ref): then nothing is written and it returns false. `refname` names the main ref in
    /// errors. True (nothing to do) for no edits.
    ///
    /// # Errors
    /// As [`Store::transact`].
    pub fn apply_unless_moved(&self, refname: &str, edits: Vec<RefEdit>) -> Result<bool> {
        if edits.is_empty() {
            return Ok(true);
        }
        self.transact(refname, || {
            Ok(if self.raced(&edits)? {
                Step::Nothing(false)
            } else {
                Step::Write(edits.clone(), true)
            })
        })
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
        let (Some(c), Some(a)) = (self.person("committer"), self.person("author")) else {
            return Err(Error::NoIdentity);
        };
        let committer = match self.repo.committer() {
            Some(sig) => sig.map_err(|e| Error::git("bad committer date", e))?.into(),
            // The identity came from the masked global config, which gix does not read.
            None => dated_signature(c, "GIT_COMMITTER_DATE")?,
        };
        let author = match self.repo.author() {
            Some(sig) => sig.map_err(|e| Error::git("bad author date", e))?.into(),
            None => dated_signature(a, "GIT_AUTHOR_DATE")?,
        };
        Ok((committer, author))
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
        let commit = self.write_files_commit(
            &[
                (DOCUMENT_FILE, new.document.as_bytes()),
                (META_FILE, meta.as_slice()),
            ],
            &compose_message(new),
            parents,
            time,
        )?;
        // Before any ref can point at it: what this clone wrote is its own (provenance).
        self.record_written(&new.meta.story, commit)?;
        Ok(commit)
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

    /// Applies `edits` as one transaction (all or nothing, see [`crate::refs`]). Callers only
    /// pass refs in our namespaces: checkpoints, their archive, the stack, our notes ref and our
    /// remote-tracking refs.
    ///
    /// Private to this module: every ref moves through [`Store::transact`].
    ///
    /// # Errors
    /// [`Error::LockHeld`] when a lock of one of the refs exists; [`Error::RefsUnderRef`]
    /// when refs exist below one of them; [`Error::Git`].
    /// Packs the loose refs of our namespaces into `packed-refs` when git judges it worth it:
    /// `git pack-refs --auto` with one `--include` per namespace ([`OUR_REF_PATTERNS`]), so no
    /// other ref is packed, and git's heuristic (git 2.47 on: more loose refs than about five
    /// times the log2 of the packed ones) decides; an older git packs them whenever asked.
    /// A fetch that brought thousands of stories otherwise leaves one file per ref (two with
    /// the remote-tracking ref), which makes every later listing read them all, and git's own
    /// `gc --auto` never packs them. Nothing is done on another ref backend (reftable compacts
    /// itself). An optimization only: when git fails (one older than 2.42 has no
    /// `--include`), nothing changes and nothing is reported.
    pub fn pack_our_refs(&self) {
        if !matches!(self.refs, crate::refs::Refs::Files) {
            return;
        }
        let mut args = vec!["pack-refs", "--auto"];
        for p in OUR_REF_PATTERNS {
            args.extend(["--include", p]);
        }
        let _ = self.git().output(&args);
    }

    fn edit(&self, edits: Vec<RefEdit>) -> Result<()> {
        self.end_snapshot();
        // Our own committer for the reflog: gix's would resolve the time zone again.
        let committer = self.reflog_committer()?;
        self.refs.edit(&self.repo, edits, Some(&committer))
    }

    /// The identity of the reflog entries a ref update writes: the committer of new commits
    /// ([`Store::signatures`]) when one is configured, else git's default identity, as git
    /// itself writes reflogs without one (`git_committer_info(0)` in git's ident.c, not the
    /// strict form commits use): so a fetch, a sync's integration or a claim in a clone with
    /// no `user.name` moves its refs as `git fetch` does, where a save still asks for one.
    ///
    /// # Errors
    /// [`Error::Git`] for a bad `GIT_COMMITTER_DATE`.
    fn reflog_committer(&self) -> Result<gix::actor::Signature> {
        match self.signatures() {
            Ok((committer, _)) => Ok(committer),
            Err(Error::NoIdentity) => dated_signature(default_ident(), "GIT_COMMITTER_DATE"),
            Err(e) => Err(e),
        }
    }
}

/// Our ref namespaces as `git pack-refs --include` patterns (glob(7), `*` crossing `/`):
/// checkpoints, archives, purge records and claims, the notes ref, and each remote's tracking
/// refs of them.
pub const OUR_REF_PATTERNS: [&str; 6] = [
    "refs/checkpoints/*",
    "refs/checkpoints-*",
    "refs/notes/checkpoints",
    "refs/remotes/*/checkpoints/*",
    "refs/remotes/*/checkpoints-*",
    "refs/remotes/*/notes/checkpoints",
];

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

/// How long [`Store::transact`] goes on while other writers keep winning the race for its refs
/// before it gives up with [`Error::Contended`].
pub const CONTENDED_PATIENCE: std::time::Duration = std::time::Duration::from_secs(30);

/// What tells one lock file from the next at the same path: its inode (on unix) and its
/// modification time; `None` when it is gone.
fn lock_identity(lock: &std::path::Path) -> Option<(u64, Option<std::time::SystemTime>)> {
    let meta = std::fs::symlink_metadata(lock).ok()?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let inode = 0;
    Some((inode, meta.modified().ok()))
}
