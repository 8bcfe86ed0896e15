//! `import` ([`import`]): plan the files, scan them for secrets, write the revisions, push
//! `STACK.md`'s entries and set the current story; prints nothing.
//!
//! Writing an import's planned revisions ([`crate::formats::import::plan`]) into one story's
//! ref: skipping what its history already holds, and keeping the history in date order when
//! the story already exists.
//!
//! A story's history is a commit chain that is only ever fast-forwarded (it is shared), so
//! revisions dated before the story's tip cannot go below it in place. They are written as a
//! side chain forked from the newest revision dated no later than the first of them (a root
//! when none is), joined to the tip by one merge commit that keeps the tip's document: the
//! tip stays the newest work, and `log` shows every revision with its own date. The merge is
//! what `sync` writes when two clones saved the same story (docs/FORMAT.md, "Merges").
//! Revisions dated after the tip go on top, oldest first, as a save would put them.

use crate::error::Result;
use crate::formats::import::{self as plan, Notice, Plan, Planned};
use crate::formats::Format;
use crate::json::rfc3339;
use crate::store::{
    expect, next_revision, now_rfc3339, update_edit, Meta, NewRevision, Step, Store,
};
use crate::story::StoryId;
use std::path::PathBuf;

/// What [`import`] does.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The files to import.
    pub paths: Vec<PathBuf>,
    /// Import everything into this story instead of the one each file names.
    pub story: Option<StoryId>,
    /// Read every file as this format; `None` recognises each file by its name and content.
    pub format: Option<Format>,
    /// Import even if a file holds what looks like a credential, recording it as accepted on
    /// the revisions written (see `checkpoint.secretScan`).
    pub allow_secret: bool,
    /// Import a file no format recognises anyway, as a pair checkpoint.
    pub force: bool,
}

/// Something the user should read while [`import`] runs; nothing stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A note or warning while the files are planned ([`plan::plan`]).
    Plan(Notice),
    /// A story that already had revisions got `written` imported revisions added to its history
    /// by date.
    Existing {
        /// The story.
        story: StoryId,
        /// Its tip before the import.
        existing: Existing,
        /// How many revisions were written into it.
        written: usize,
    },
    /// A story whose newest imported file says it is finished (gstack `status: completed`)
    /// was finished as `done` would finish it; `refname` is its archive ref.
    Finished {
        /// The story.
        story: StoryId,
        /// Its archive ref.
        refname: String,
    },
}

/// What [`import`] did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// One entry per story imported, in story order.
    pub imported: Vec<crate::json::Imported>,
    /// The stories pushed onto the stack from a `STACK.md`, top first.
    pub stack_pushed: Vec<String>,
    /// The story made current (`NOW.md`'s active item).
    pub current: Option<StoryId>,
}

/// Imports the files `options` names: reads and plans them all ([`plan::plan`]), scans every
/// planned revision for secrets before the first is written (unless
/// `options.allow_secret` or `checkpoint.secretScan=false`), writes each story's revisions
/// ([`write()`]), pushes the `STACK.md` entries the stack lacks, and makes `NOW.md`'s active story
/// current. Notes and warnings go to `on_event` as they arise.
///
/// # Errors
/// As [`plan::plan`] (nothing is written then); [`crate::Error::Secret`] when a revision
/// holds what looks like a credential (nothing is written); as [`write()`]; stack lock and
/// storage errors; I/O errors writing the current story.
pub fn import(store: &Store, options: Options, on_event: &mut dyn FnMut(Event)) -> Result<Report> {
    let plan_options = plan::Options {
        story: options.story.as_ref(),
        format: options.format.as_ref(),
        force: options.force,
    };
    let Plan {
        revisions: plans,
        sources,
        stack: stack_entries,
        current: make_current,
    } = plan::plan(store, &options.paths, plan_options, &mut |notice| {
        on_event(Event::Plan(notice))
    })?;

    // Every revision is scanned before the first is written, so a refusal writes nothing.
    if crate::secrets::enabled(store, options.allow_secret)? {
        for (story, planned) in &plans {
            for pl in planned {
                let place = format!("checkpoint.md of story {story} ({})", pl.subject);
                let journal = format!("{}\n{}", pl.subject, pl.body);
                crate::secrets::refuse(
                    &[(&place, &pl.document), ("the journal entry", &journal)],
                    "import",
                    "written",
                )?;
            }
        }
    }
    let mut imported = Vec::new();
    for (story, planned) in plans {
        let mut refname = story.refname();
        let finished = completed(&planned);
        let w = write(store, &story, planned, options.allow_secret)?;
        if let Some(existing) = w.existing.clone() {
            on_event(Event::Existing {
                story: story.clone(),
                existing,
                written: w.written,
            });
        }
        // gstack's `status: completed` on the newest file: the story is finished, as `done`
        // finishes it (its open items are the file's own business, so no check).
        if finished && w.written > 0 && store.tip(&refname)?.is_some() {
            let done = super::done::finish(
                store,
                &story,
                &super::done::Options {
                    message: Some("done: the imported checkpoint says status: completed"),
                    force: true,
                    allow_secret: options.allow_secret,
                },
            )?;
            refname = done.refname.clone();
            on_event(Event::Finished {
                story: story.clone(),
                refname: done.refname,
            });
        }
        imported.push(crate::json::Imported {
            story: story.as_str().to_string(),
            refname,
            written: w.written,
            unchanged: w.unchanged,
            files: sources.get(&story).cloned().unwrap_or_default(),
        });
    }

    let mut stack_pushed = Vec::new();
    if !stack_entries.is_empty() {
        let (_, current) = crate::stack::read(store)?;
        let missing: Vec<_> = stack_entries
            .iter()
            .filter(|(s, _)| !current.entries.iter().any(|e| e.story == s.as_str()))
            .collect();
        if !missing.is_empty() {
            super::stack::update(store, "stack: import STACK.md", |st| {
                // Bottom entries first, so STACK.md's top ends on top.
                for (s, e) in missing.iter().rev() {
                    if st.entries.iter().any(|x| x.story == s.as_str()) {
                        continue;
                    }
                    let tip = store.tip(&s.refname())?.map(|t| t.to_string());
                    st.entries.insert(0, e.to_stack_entry(s, tip));
                }
                Ok(())
            })?;
            stack_pushed = missing.iter().map(|(s, _)| s.to_string()).collect();
        }
    }
    if let Some(s) = &make_current {
        crate::current::set(store, s)?;
    }
    Ok(Report {
        imported,
        stack_pushed,
        current: make_current,
    })
}

/// Whether the newest of `planned` (by its time) is a gstack file whose status is
/// `completed` (seed 004's finished checkpoint).
fn completed(planned: &[Planned]) -> bool {
    planned
        .iter()
        .max_by_key(|p| p.time.map(|t| t.0))
        .is_some_and(|p| {
            p.template == "gstack"
                && p.doc
                    .status
                    .as_deref()
                    .is_some_and(|s| s.trim().eq_ignore_ascii_case("completed"))
        })
}

/// What [`write()`] did to one story.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    /// Revisions written (the merge that joins older revisions is not counted).
    pub written: usize,
    /// Planned revisions skipped because the history already holds them.
    pub unchanged: usize,
    /// The story's tip before the import, when the story existed and something was written.
    pub existing: Option<Existing>,
}

/// The tip a story had when an import into it began.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Existing {
    /// Its revision number.
    pub revision: u64,
    /// Its commit time (seconds since the epoch).
    pub time: i64,
    /// How many imported revisions are dated before it (written below it, joined by a merge).
    pub older: usize,
}

/// Writes `planned` (oldest first, as planned) into `story`'s ref, in date order; an
/// undated revision counts as dated now. Each revision is its own transaction, as a save;
/// the older revisions and their merge are one. With `allow_secret` (`import --allow-secret`,
/// the caller having scanned nothing), what the secret guard finds in a revision is recorded
/// on it as accepted (`Checkpoint-Accepted-Secret`), as `save --allow-secret` records it.
///
/// # Errors
/// Storage errors ([`crate::Error::TooLarge`], lost races past the retry policy, git errors);
/// [`crate::Error::Config`] for a bad `checkpoint.secretScan`.
pub fn write(
    store: &Store,
    story: &StoryId,
    mut planned: Vec<Planned>,
    allow_secret: bool,
) -> Result<Written> {
    let accept = allow_secret && store.config().secret_scan()?;
    let refname = story.refname();
    let now = chrono::Utc::now().timestamp();
    planned.sort_by_key(|p| p.time.map_or(now, |t| t.0));
    let mut out = Written::default();
    let mut todo = Vec::with_capacity(planned.len());
    let archive = story.archive_refname();
    for pl in planned {
        // A finished story's revisions are in its archive ref: a re-import writes none again.
        if already_there(store, &refname, &pl)? || already_there(store, &archive, &pl)? {
            out.unchanged += 1;
        } else {
            todo.push(pl);
        }
    }
    let Some(tip) = store.tip(&refname)? else {
        for pl in &todo {
            on_top(store, story, &refname, pl, accept)?;
        }
        out.written = todo.len();
        return Ok(out);
    };
    if todo.is_empty() {
        return Ok(out);
    }
    let tip = store.summary(tip)?;
    let split = todo.partition_point(|p| p.time.is_some_and(|t| t.0 < tip.time));
    let (older, newer) = todo.split_at(split);
    out.existing = Some(Existing {
        revision: tip.revision,
        time: tip.time,
        older: older.len(),
    });
    // A story deleted meanwhile has no tip to keep: the older revisions go on top instead.
    if !older.is_empty() && !below(store, story, &refname, older, accept)? {
        for pl in older {
            on_top(store, story, &refname, pl, accept)?;
        }
    }
    for pl in newer {
        on_top(store, story, &refname, pl, accept)?;
    }
    out.written = todo.len();
    Ok(out)
}

/// The `meta.json` of an imported revision.
fn meta(story: &StoryId, pl: &Planned) -> Meta {
    let mut meta = Meta::new(story, &pl.doc, pl.template);
    if let Some((secs, offset)) = pl.time {
        meta.saved_at = rfc3339(secs, offset);
    }
    meta.branch = pl.doc.branch.clone();
    meta.completed = pl.completed.clone();
    meta.left_out = Format::builtin(pl.template)
        .map(|f| f.parse(pl.document.as_bytes()).left_out)
        .unwrap_or_default();
    meta
}

/// The revision `pl` becomes; with `accept`, what the secret guard finds in it is recorded as
/// accepted.
fn new_revision(
    story: &StoryId,
    pl: &Planned,
    branch: Option<String>,
    accept: bool,
) -> Result<NewRevision> {
    let mut meta = meta(story, pl);
    meta.branch = meta.branch.or(branch);
    let mut new = NewRevision {
        document: pl.document.clone(),
        meta,
        subject: pl.subject.clone(),
        body: pl.body.clone(),
        accepted: Vec::new(),
    };
    if accept {
        let findings = crate::secrets::revision_findings(&new);
        if !findings.is_empty() {
            new.accepted = crate::secrets::judge_revision(&findings, &[], true)?.0;
        }
    }
    Ok(new)
}

/// Writes `pl` on top of the story's tip (a new story's first revision when there is none).
fn on_top(store: &Store, story: &StoryId, refname: &str, pl: &Planned, accept: bool) -> Result<()> {
    let here = crate::gitstate::head(store)?.branch;
    store.update_at(
        refname,
        pl.time,
        |current| {
            // The story's branch stays unless the file names one (as a save keeps it).
            let branch = current.and_then(|c| c.meta.branch.clone()).or(here.clone());
            new_revision(story, pl, branch, accept)
        },
        |_, _| Ok(Vec::new()),
    )?;
    Ok(())
}

/// Writes `older` (dated before the tip, oldest first) as a side chain from the newest
/// revision dated no later than the first, and a merge of the tip and that chain which keeps
/// the tip's document: one transaction. Returns false, writing nothing, when the story no
/// longer has a tip.
fn below(
    store: &Store,
    story: &StoryId,
    refname: &str,
    older: &[Planned],
    accept: bool,
) -> Result<bool> {
    store.check_identity()?;
    let first = older[0].time.map_or(i64::MIN, |t| t.0);
    store.transact(refname, || {
        let Some(tip) = store.tip(refname)? else {
            return Ok(Step::Nothing(false));
        };
        let current = store.read(refname, tip)?;
        let history = store.history(tip)?;
        let fork = history
            .iter()
            .filter(|s| s.time <= first)
            .max_by_key(|s| (s.time, s.revision));
        let (mut parent, mut number) = match fork {
            Some(f) => (vec![f.commit], f.revision),
            None => (Vec::new(), 0),
        };
        let mut completed = current.meta.completed.clone();
        // The tasks logged, in a set: linear in the records however many revisions there are.
        let mut logged: std::collections::HashSet<String> =
            completed.iter().map(|c| c.task.clone()).collect();
        for pl in older {
            let mut new = new_revision(story, pl, current.meta.branch.clone(), accept)?;
            number += 1;
            new.meta.revision = number;
            let commit = store.write_commit_at(&new, parent, pl.time)?;
            parent = vec![commit];
            for c in &pl.completed {
                if logged.insert(c.task.clone()) {
                    completed.push(c.clone());
                }
            }
        }
        completed.sort_by(|a, b| a.date.cmp(&b.date));
        let side = parent[0];
        let mut meta = current.meta.clone();
        meta.revision = next_revision([current.number(), number]);
        meta.saved_at = now_rfc3339();
        meta.completed = completed;
        meta.hook = None;
        meta.confirmed = None;
        let merge = NewRevision {
            document: current.document.clone(),
            meta,
            subject: format!(
                "import: {} dated before revision {} placed by date",
                crate::human::count(older.len(), "revision", "revisions"),
                current.number()
            ),
            body: String::new(),
            accepted: Vec::new(),
        };
        let commit = store.write_commit(&merge, vec![tip, side])?;
        Ok(Step::Write(
            vec![update_edit(
                refname,
                commit,
                expect(Some(tip)),
                "checkpoint: import",
            )],
            true,
        ))
    })
}

/// Whether the story's history already holds this document with this completion log.
fn already_there(store: &Store, refname: &str, pl: &Planned) -> Result<bool> {
    let Some(tip) = store.tip(refname)? else {
        return Ok(false);
    };
    for s in store.history(tip)? {
        let rev = store.read(refname, s.commit)?;
        if rev.document == pl.document && rev.meta.completed == pl.completed {
            return Ok(true);
        }
    }
    Ok(false)
}
