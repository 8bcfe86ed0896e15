//! Finishing a story: a final revision with status `done` whose parents are the active tip (and
//! the previous archive tip, when the story was finished before), then the active ref moves to
//! `refs/checkpoints-archive/<story>` in one ref transaction, so nothing is lost. Purging
//! deletes both refs instead. Layout: docs/FORMAT.md.

use crate::error::{Error, Result};
use crate::store::{self, NewRevision, Status, Step, Store};
use crate::story::StoryId;
use gix::ObjectId;

/// How to finish a story.
#[derive(Debug, Clone, Default)]
pub struct Options<'a> {
    /// Journal text of the final revision (first line: the commit subject); default
    /// `done: <story>`.
    pub message: Option<&'a str>,
    /// Finish while todos or "Done when" checks are still open, or someone else holds the
    /// story's claim (`crate::claims`).
    pub force: bool,
    /// Write `message` even if it looks like it holds a credential.
    pub allow_secret: bool,
}

/// A finished story, as [`finish`] returns it.
#[derive(Debug, Clone)]
pub struct Finished {
    /// The story as the user typed it (for messages).
    pub shown: String,
    /// The archive ref now holding the story.
    pub refname: String,
    /// The final checkpoint commit.
    pub commit: ObjectId,
    /// Its revision number.
    pub revision: u64,
}

/// Writes the final revision of `story` and archives its ref, by compare-and-swap on both refs
/// (retried as every ref write is, see [`Store::transact`]). Clears the worktree's current
/// story when it was this one.
///
/// # Errors
/// [`Error::NotFound`] without an active checkpoint; [`Error::NotDone`] listing the open items
/// unless `force`; [`Error::Secret`] when the message looks like it holds a credential (unless
/// `allow_secret` or `checkpoint.secretScan=false`); [`Error::NoIdentity`],
/// [`Error::LockHeld`], [`Error::Contended`], [`Error::Git`]. Refs are untouched on error.
pub fn finish(store: &Store, story: &StoryId, options: &Options) -> Result<Finished> {
    let active = story.refname();
    let archive = story.archive_refname();
    store.check_identity()?;
    if let Some(message) = options.message {
        if crate::secrets::enabled(store, options.allow_secret)? {
            crate::secrets::refuse(&[("the journal entry", message)], "finish", "written")?;
        }
    }
    if let Some(lock) = store.lock_held(&active) {
        return Err(Error::LockHeld {
            refname: active,
            lock,
        });
    }
    crate::claims::check_write(store, story, None, options.force, "not finished")?;
    if !options.force {
        let (_, tip) = store::locate(store, story, false)?;
        let rev = store.read(&active, tip)?;
        let open_items = crate::formats::parse_revision(store, &rev).doc.unfinished();
        if !open_items.is_empty() {
            return Err(Error::NotDone {
                story: story
                    .clone()
                    .shown_as(&rev.summary.story_display)
                    .display()
                    .to_string(),
                open: open_items,
            });
        }
    }
    let finished = store.transact(&active, || {
        let (_, tip) = store::locate(store, story, false)?;
        let archived_tip = store.tip(&archive)?;
        let rev = store.read(&active, tip)?;
        let shown = story.clone().shown_as(&rev.summary.story_display).display();
        let mut meta = rev.meta.clone();
        meta.status = Status::Done;
        let archived_revision = match archived_tip {
            Some(t) => store.summary(t)?.revision,
            None => 0,
        };
        meta.revision = store::next_revision([rev.number(), archived_revision]);
        meta.saved_at = store::now_rfc3339();
        let subject = options
            .message
            .and_then(|m| m.lines().next())
            .map(str::to_string)
            .unwrap_or_else(|| format!("done: {shown}"));
        let body = options
            .message
            .and_then(|m| m.split_once('\n').map(|(_, r)| r.to_string()))
            .unwrap_or_default();
        let revision = meta.revision;
        let mut new = NewRevision {
            document: rev.document,
            meta,
            subject,
            body,
            accepted: Vec::new(),
        };
        // `--allow-secret` is recorded on the revision it wrote, as a save records it.
        if options.allow_secret && store.config().secret_scan()? {
            let findings = crate::secrets::revision_findings(&new);
            if !findings.is_empty() {
                let earlier = crate::secrets::accepted_history(store, &active, tip)?;
                new.accepted = crate::secrets::judge_revision(&findings, &earlier, true)?.0;
            }
        }
        // A story finished before keeps its earlier archive as a second parent.
        let parents: Vec<_> = std::iter::once(tip).chain(archived_tip).collect();
        let commit = store.write_commit(&new, parents)?;
        let edits = vec![
            store::update_edit(
                &archive,
                commit,
                store::expect(archived_tip),
                "checkpoint: done",
            ),
            store::delete_edit(&active, tip),
        ];
        Ok(Step::Write(
            edits,
            Finished {
                shown,
                refname: archive.clone(),
                commit,
                revision,
            },
        ))
    })?;
    crate::current::clear_if(store, story)?;
    Ok(finished)
}

/// The refs [`purge`] would delete (active and archive, those that exist) with their tips.
///
/// # Errors
/// [`Error::NotFound`] when neither exists; [`Error::Git`].
pub fn purge_targets(store: &Store, story: &StoryId) -> Result<Vec<(String, ObjectId)>> {
    let active = story.refname();
    let mut targets = Vec::new();
    for r in [active.clone(), story.archive_refname()] {
        if let Some(t) = store.tip(&r)? {
            targets.push((r, t));
        }
    }
    if targets.is_empty() {
        return Err(Error::NotFound {
            story: story.to_string(),
            refname: active,
        });
    }
    Ok(targets)
}

/// Deletes `targets` (from [`purge_targets`]) in one transaction, each only if it still points
/// where it did, and records the purge in `refs/checkpoints-purged/<story>`
/// ([`crate::endings::record`]): the next push sends the record and deletes the story on the
/// remote, and every clone that fetches the record removes its copies.
///
/// # Errors
/// [`Error::LockHeld`], [`Error::Git`] (also when a ref moved meanwhile); nothing is deleted
/// then.
pub fn purge(store: &Store, story: &StoryId, targets: &[(String, ObjectId)]) -> Result<()> {
    let edits = targets
        .iter()
        .map(|(r, t)| store::delete_edit(r, *t))
        .collect();
    let main = targets.first().map_or("", |(r, _)| r.as_str());
    if !store.apply_unless_moved(main, edits)? {
        return Err(Error::git(
            format!("cannot purge {story}"),
            "one of its refs moved since it was read",
        ));
    }
    crate::endings::record(store, story, targets)
}

/// The story `done` finishes: `given`, else detected as [`super::locate::resolve_story`]
/// does for `done` (without the recorded-branch fallback), with how it was found.
///
/// # Errors
/// As [`super::locate::resolve_story`].
pub fn story(store: &Store, given: Option<&str>) -> Result<(StoryId, super::locate::Found)> {
    super::locate::resolve_story(store, given, "done", false)
}

/// The `done` use case, for every front end: which story, and whether to finish or purge it.
pub struct Request<'a> {
    /// The story, from [`story`]: a front end resolves it first, so that it can say how the
    /// story was found before anything else happens (a confirmation is asked, an error is
    /// reported).
    pub story: StoryId,
    /// How the story was found, from [`story`].
    pub found: super::locate::Found,
    /// Finish (archive) or purge.
    pub action: Action<'a>,
}

/// What [`done`] does to the story.
pub enum Action<'a> {
    /// Write the final revision and archive the ref ([`finish`]).
    Finish(Options<'a>),
    /// Delete the active and archived refs for good ([`purge`]), once `confirm` (asked with
    /// the ref names, an interactive front end asks its user) says yes.
    Purge {
        /// Answers whether to delete the refs named; `false` keeps them
        /// ([`Error::NotPurged`]).
        confirm: &'a mut dyn FnMut(&[String]) -> Result<bool>,
    },
}

/// What [`done`] did.
#[derive(Debug, Clone)]
pub enum Report {
    /// The story was finished and archived.
    Finished {
        /// The story as given or detected.
        story: StoryId,
        /// How the story was found when it was not given.
        found: super::locate::Found,
        /// The final revision and where it is.
        finished: Finished,
    },
    /// The story's refs were deleted.
    Purged {
        /// The story as given or detected.
        story: StoryId,
        /// How the story was found when it was not given.
        found: super::locate::Found,
        /// The refs deleted (active, then archive, those that existed).
        refs: Vec<String>,
    },
}

/// Finishes or purges the story `request` names.
///
/// # Errors
/// As [`finish`], [`purge_targets`] and [`purge`]; [`Error::NotPurged`] when the purge was not
/// confirmed; errors of `confirm`.
pub fn done(store: &Store, request: Request) -> Result<Report> {
    let (story, found) = (request.story, request.found);
    match request.action {
        Action::Finish(options) => {
            let finished = finish(store, &story, &options)?;
            Ok(Report::Finished {
                story,
                found,
                finished,
            })
        }
        Action::Purge { confirm } => {
            let targets = purge_targets(store, &story)?;
            let refs: Vec<String> = targets.iter().map(|(r, _)| r.clone()).collect();
            if !confirm(&refs)? {
                return Err(Error::NotPurged { refs });
            }
            purge(store, &story, &targets)?;
            Ok(Report::Purged { story, found, refs })
        }
    }
}

/// A story `done --merged` finished: its branch landed in the default branch.
#[derive(Debug, Clone)]
pub struct FinishedMerged {
    /// The story.
    pub story: StoryId,
    /// How its branch landed.
    pub landed: super::merged::Landed,
    /// What finishing it wrote.
    pub finished: Finished,
}

/// `done --merged`: finishes every active story whose branch has landed in the default branch
/// ([`super::merged::landed`], squashes included), open todos or not (completion rides the
/// branch, seeds 000 and 003), each with the journal entry `done: branch '<b>' merged into
/// <default>`. Stories whose checkpoint cannot be read are left as they are.
///
/// # Errors
/// As [`finish`] for a story whose branch landed; storage errors listing the stories.
pub fn finish_merged(store: &Store) -> Result<Vec<FinishedMerged>> {
    let mut out = Vec::new();
    for (name, tip) in store.refs(store::ACTIVE_PREFIX)? {
        let Ok(story) = StoryId::parse(&name) else {
            continue;
        };
        let Ok(rev) = store.read(&story.refname(), tip) else {
            continue;
        };
        let Some(landed) = super::merged::landed(store, &rev, true)? else {
            continue;
        };
        let how = match landed.how {
            super::merged::How::Merged => "merged",
            super::merged::How::Squashed => "squash-merged",
        };
        let message = format!(
            "done: branch '{}' {how} into {}",
            landed.branch, landed.into
        );
        let finished = finish(
            store,
            &story,
            &Options {
                message: Some(&message),
                force: true,
                allow_secret: true,
            },
        )?;
        out.push(FinishedMerged {
            story,
            landed,
            finished,
        });
    }
    Ok(out)
}
