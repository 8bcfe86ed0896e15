//! `git checkpoint done`: a final revision with status `done`, then the ref moves to
//! refs/checkpoints-archive/<story> in one ref transaction, so nothing is lost and `list` no
//! longer shows it. `--purge` deletes instead (confirmed).

use super::{note_found, resolve_story};
use crate::cli::context::Context;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::json;
use git_checkpoint::store::{self, NewRevision, PreviousValue};
use std::io::{BufRead, IsTerminal, Write};

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// Finish a story: a final revision, then archive its ref (or purge it).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only errors and warnings on stderr, and the data asked for on stdout (`--json`).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Story id; default: GIT_CHECKPOINT_STORY, then the branch name.
    pub story: Option<String>,
    /// Journal text for the final revision.
    #[arg(short = 'm', long, value_name = "TEXT")]
    pub message: Option<String>,
    /// Delete the checkpoint and its archive for good instead of archiving.
    #[arg(long)]
    pub purge: bool,
    /// Do not ask for confirmation (needed for --purge off a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Finish even while todos or "Done when" checks are open.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

const ATTEMPTS: u32 = 16;

/// Runs `done`; returns the exit code.
///
/// # Errors
/// Repository, story, identity, lock and storage errors; refs are untouched on error.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let out = &mut ctx.ui.out;
    let err = &mut ctx.ui.err;
    let store = ctx.repo.store()?;
    let (story, found) = resolve_story(&store, args.story.as_deref(), "done", false)?;
    note_found(err, &story, &found);
    let active = story.refname();
    let archive = story.archive_refname();

    if args.purge {
        let targets: Vec<(String, gix::ObjectId)> = [&active, &archive]
            .into_iter()
            .filter_map(|r| store.tip(r).transpose().map(|t| t.map(|t| (r.clone(), t))))
            .collect::<Result<_>>()?;
        if targets.is_empty() {
            return Err(Error::NotFound {
                story: story.to_string(),
                refname: active,
            });
        }
        let names: Vec<&str> = targets.iter().map(|(r, _)| r.as_str()).collect();
        if !args.yes && !confirm(&format!("Delete {} for good?", names.join(" and ")))? {
            return Err(Error::Conflict(format!(
                "not purged: {} kept (pass --yes to purge without asking)",
                names.join(", ")
            )));
        }
        store.edit(
            targets
                .iter()
                .map(|(r, t)| store::delete_edit(r, *t))
                .collect(),
        )?;
        // Remotes that have the story learn of the purge on the next push.
        git_checkpoint::sync::add_tombstones(&store, &story)?;
        if args.json {
            out.json(&json::Done::Purged(json::DonePurged {
                schema_version: json::SchemaVersion,
                story: story.as_str().to_string(),
                purged: names.iter().map(|n| n.to_string()).collect(),
            }))?;
        } else {
            out.line(&format!("Purged {}", names.join(", ")))?;
        }
        return Ok(0);
    }

    store.check_identity()?;
    if let Some(lock) = store.lock_held(&active) {
        return Err(Error::LockHeld {
            refname: active,
            lock,
        });
    }
    if !args.force {
        let (_, tip) = store::locate(&store, &story, false)?;
        let rev = store.read(&active, tip)?;
        let open_items = super::parse_rev(&store, &rev).doc.unfinished();
        if !open_items.is_empty() {
            return Err(Error::Input(format!(
                "story {} is not done: {} still open ({}); finish them (`git checkpoint save --done T<n>` / `--met <check>`) or pass --force",
                story.clone().shown_as(&rev.summary.story_display).display(),
                open_items.len(),
                open_items.join("; ")
            )));
        }
    }
    for attempt in 0..ATTEMPTS {
        store::backoff(attempt);
        let (_, tip) = store::locate(&store, &story, false)?;
        let archived_tip = store.tip(&archive)?;
        let rev = store.read(&active, tip)?;
        let shown = story.clone().shown_as(&rev.summary.story_display).display();
        let mut meta = rev.meta.clone();
        meta.status = "done".into();
        // The highest revision among both parents, plus one (docs/FORMAT.md).
        let archived_revision = match archived_tip {
            Some(t) => store.summary(t)?.revision,
            None => 0,
        };
        meta.revision = rev
            .summary
            .revision
            .max(rev.meta.revision)
            .max(archived_revision)
            .saturating_add(1);
        meta.saved_at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let subject = args
            .message
            .as_deref()
            .and_then(|m| m.lines().next())
            .map(str::to_string)
            .unwrap_or_else(|| format!("done: {shown}"));
        let body = args
            .message
            .as_deref()
            .and_then(|m| m.split_once('\n').map(|(_, r)| r.to_string()))
            .unwrap_or_default();
        let new = NewRevision {
            document: rev.document.clone(),
            meta,
            subject,
            body,
        };
        // A story finished before keeps its earlier archive as a second parent.
        let parents: Vec<_> = std::iter::once(tip).chain(archived_tip).collect();
        let commit = store.write_commit(&new, parents)?;
        let expected = match archived_tip {
            Some(t) => PreviousValue::MustExistAndMatch(gix::refs::Target::Object(t)),
            None => PreviousValue::MustNotExist,
        };
        let edits = vec![
            store::update_edit(&archive, commit, expected, "checkpoint: done"),
            store::delete_edit(&active, tip),
        ];
        match store.edit(edits) {
            Ok(()) => {
                git_checkpoint::current::clear_if(&store, &story)?;
                if args.json {
                    out.json(&json::Done::Archived(json::DoneArchived {
                        schema_version: json::SchemaVersion,
                        story: story.as_str().to_string(),
                        refname: archive.clone(),
                        commit: commit.to_string(),
                        revision: new.meta.revision,
                        status: "done".into(),
                    }))?;
                } else {
                    out.line(&format!(
                        "Story {} done: archived at {archive} (revision {}); `git checkpoint resume --archived {story}` reads it",
                        shown,
                        new.meta.revision
                    ))?;
                }
                return Ok(0);
            }
            Err(e) => {
                if store.tip(&active)? != Some(tip) || store.tip(&archive)? != archived_tip {
                    continue;
                }
                return Err(e);
            }
        }
    }
    Err(Error::Contended {
        refname: active,
        attempts: ATTEMPTS,
    })
}

fn confirm(question: &str) -> Result<bool> {
    if !std::io::stdin().is_terminal() {
        return Ok(false);
    }
    let _ = write!(std::io::stderr(), "{question} [y/N] ");
    std::io::stderr().flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes"))
}
