//! Saving a checkpoint: the document is composed from the previous revision and the options
//! (or taken whole from a file or the editor), parsed with its template, scanned for
//! credentials, and written as a new commit on `refs/checkpoints/<story>` by compare-and-swap,
//! then a line on the code commit's note in a transaction of its own (`notes::add_line`).
//!
//! Nothing here reads a terminal, standard input or starts an editor: the front end reads
//! `-F -` into [`Options::stdin`] and passes the editor of `--edit` in as an [`Editor`].

use crate::error::{Error, Result};
use crate::formats::{self, Format};
use crate::gitstate::{self, GitState};
use crate::model::{Document, Parsed};
use crate::notes;
use crate::store::{Completion, FileState, Meta, NewRevision, Revision, Store, Updated};
use crate::story::StoryId;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The document fields a save sets or adds to: text fields replace one (an empty value clears
/// it), list fields add items. Shared by `git checkpoint save`'s flags and the MCP `save` tool's
/// parameters (which take it as JSON, flattened; unknown names are the caller's to refuse).
#[derive(Debug, Clone, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Fields {
    /// Set the story's title.
    pub title: Option<String>,
    /// Set the story's goal.
    pub goal: Option<String>,
    /// Set where the story comes from (issue URL, ticket).
    pub source: Option<String>,
    /// Set the commit strategy (e.g. commit-per-task).
    pub strategy: Option<String>,
    /// Tasks to record as done; a leading task id (`T3`) moves the matching todo. Set `next`
    /// too, or the next action may still name a finished task.
    pub done: Vec<String>,
    /// Remaining todos to add, each with a stable id (`T4 — write the tests`).
    pub todo: Vec<String>,
    /// Key decisions to add, one line each with the reason (`Use X — because Y`).
    pub decision: Vec<String>,
    /// Set the next immediate action.
    pub next: Option<String>,
    /// Set the item's stage (pm template: design, plan, execute, finish).
    pub stage: Option<String>,
    /// Set where the last session stopped.
    pub stopped_at: Option<String>,
    /// Set the exact command or file the next session starts with.
    pub start_with: Option<String>,
    /// "Done when" checks to add (what `done` requires).
    pub done_when: Vec<String>,
    /// "Done when" checks (text or text prefix) to mark as met.
    pub met: Vec<String>,
    /// Context notes the next session needs.
    pub context: Vec<String>,
    /// Open questions or blockers to add.
    pub question: Vec<String>,
}

impl Fields {
    /// True when no field is set: a save of a whole document (`file`, `text`) may not also
    /// set fields.
    pub fn is_empty(&self) -> bool {
        self.title.is_none()
            && self.goal.is_none()
            && self.source.is_none()
            && self.strategy.is_none()
            && self.done.is_empty()
            && self.todo.is_empty()
            && self.decision.is_empty()
            && self.next.is_none()
            && self.stage.is_none()
            && self.stopped_at.is_none()
            && self.start_with.is_none()
            && self.done_when.is_empty()
            && self.met.is_empty()
            && self.context.is_empty()
            && self.question.is_empty()
    }
}

/// What a save changes. Text options replace a field (an empty value clears it); list options
/// add items. `file` replaces the whole document (or, with `journal`, gives the journal entry).
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The document fields to set or add to.
    pub fields: Fields,
    /// The template to write with; default: the checkpoint's, else `checkpoint.template`.
    pub template: Option<String>,
    /// This revision's journal entry (first line: the commit subject).
    pub message: Option<String>,
    /// `file` is the journal entry, not the document.
    pub journal: bool,
    /// The whole document (`-` for standard input, given as `stdin`), or the journal entry
    /// with `journal`.
    pub file: Option<PathBuf>,
    /// Standard input for `file` `-`, read by the front end (at most the size limit and one
    /// byte more, see [`read_limited`]): ops read no standard input themselves.
    pub stdin: Option<Vec<u8>>,
    /// The whole document as text, from a caller that holds it in memory (the MCP server);
    /// read like `file` (the same size limit and checks), and exclusive with it.
    pub text: Option<String>,
    /// Open the document in the editor (the [`Editor`] the front end passes in) before
    /// writing.
    pub edit: bool,
    /// Write even if the content looks like it holds a credential.
    pub allow_secret: bool,
    /// The story's branch; default: the one it has, else the current branch.
    pub branch: Option<String>,
    /// The revision this save is based on (a revision number, or a commit id of at least 4
    /// hex digits, as `resume --json` reports them): refuse when the tip is another one.
    pub expect: Option<String>,
    /// Written by an agent hook, not a model or person: `<agent> <event>` (the
    /// `Checkpoint-Hook` trailer). Such a revision points at the last confirmed one.
    pub hook: Option<String>,
    /// Record the staged, unstaged and untracked files of the latest revision again instead of
    /// scanning the work tree (the one costly step of a save: a stat per tracked file and a
    /// directory walk). For revisions that change only the document, such as a hook's plan
    /// update, which runs after every todo-tool call and must stay fast in big work trees. The
    /// commits and the files committed since the merge-base are still read. Without a latest
    /// revision the work tree is scanned as usual.
    pub keep_worktree: bool,
    /// Who writes, for the claim check (`crate::claims`); `None`: this process's identity and
    /// `GIT_CHECKPOINT_SESSION`.
    pub claimant: Option<crate::claims::Holder>,
    /// Write even while someone else holds the story's claim.
    pub force: bool,
    /// The agent's own plan to record (`meta.json`'s `agent_plan`, written by the plan hooks);
    /// `None` carries the latest revision's forward. Either way the items a task of the new
    /// document now means ([`crate::model::similar::match_items`]) are left out.
    pub agent_plan: Option<Vec<crate::store::PlanItem>>,
}

/// The editor of `save --edit`, from the front end that has one: given the document, returns
/// it as edited. A front end that edits a file keeps it at [`edit_path`], which
/// [`Error::ChangedWhileEditing`] names.
pub type Editor<'a> = &'a mut dyn FnMut(&str) -> Result<String>;

/// A document rendered and parsed as [`save`] would write it, by [`preview`].
#[derive(Debug, Clone)]
pub struct Preview {
    /// The template's name.
    pub template: String,
    /// The document.
    pub text: String,
    /// The document parsed with its template.
    pub parsed: Parsed,
}

/// Renders and parses the document a save with `args` would write; writes nothing.
///
/// # Errors
/// Option, template and read errors, as [`save`].
pub fn preview(store: &Store, story: &StoryId, args: &Options) -> Result<Preview> {
    args.check()?;
    let refname = story.refname();
    let (current, state) = current_and_state(store, &refname, args, None)?;
    let template = choose_template(store, args, current.as_ref())?;
    let (text, parsed) = match &args.file {
        Some(path) if !args.journal => {
            let parsed = template.parse(&read_input(path, args, store.max_size())?.0);
            (parsed.text.clone(), parsed)
        }
        _ => {
            let text = compose(
                args,
                story,
                &state,
                current.as_ref(),
                store,
                &template,
                args.message.as_deref(),
            )?;
            let parsed = template.parse(text.as_bytes());
            (text, parsed)
        }
    };
    Ok(Preview {
        template: template.name().to_string(),
        text,
        parsed,
    })
}

/// A written revision, as [`save`] returns it.
pub struct Saved {
    /// The story's ref.
    pub refname: String,
    /// The new checkpoint commit.
    pub commit: gix::ObjectId,
    /// The previous tip, `None` when the checkpoint was created.
    pub previous: Option<gix::ObjectId>,
    /// The written document, parsed with its template.
    pub parsed: Parsed,
    /// The revision as stored.
    pub revision: Revision,
    /// The branch HEAD named when the code state was read (short name; `None` when detached).
    pub here: Option<String>,
    /// Credentials the revision holds that an earlier revision accepted with `--allow-secret`
    /// (`revision N holds an accepted secret`): written, and to be warned about.
    pub held: Vec<crate::secrets::Held>,
    /// What was integrated from remote-tracking refs before the save (a fast-forward to what a
    /// fetch brought, or a merge), empty when the local tip was current.
    pub integrated: Vec<crate::sync::Outcome>,
    /// Why no note was written on the code commit ([`Error::BrokenNotes`]: the notes ref is
    /// not a notes commit), naming the ref and the fix; `None` when the note was written or
    /// there was no code commit to annotate. The revision is written either way.
    pub no_note: Option<String>,
    /// When the tip could not be read because an object of it is missing
    /// ([`crate::store::Store::read_for_write`]): what was missing, the revision the save went
    /// on from, and that the unreadable one stays in the history, as one sentence.
    pub continued: Option<String>,
    /// How the `-F` file was read, when the user should be told ([`crate::encoding`]: read as
    /// UTF-16, CRLF line endings stored as LF), one sentence each.
    pub input_notes: Vec<String>,
}

impl Options {
    /// Checks option combinations that cannot work together (what [`save`] checks first; a
    /// front end checks before it reads standard input for them).
    ///
    /// # Errors
    /// [`Error::TextWithFile`], [`Error::FileWithContentOptions`],
    /// [`Error::JournalWithoutFile`], [`Error::JournalTwice`].
    pub fn check(&self) -> Result<()> {
        check_options(self)
    }

    /// True when `file` names standard input (`-F -`), which the front end reads into `stdin`.
    pub fn reads_stdin(&self) -> bool {
        self.file.as_deref() == Some(Path::new("-"))
    }
}

/// Checks option combinations that cannot work together.
fn check_options(args: &Options) -> Result<()> {
    if args.text.is_some() && (args.file.is_some() || args.journal || args.edit) {
        return Err(Error::TextWithFile);
    }
    if (args.file.is_some() || args.text.is_some()) && !args.journal {
        let content = !args.fields.is_empty() || args.edit;
        if content {
            return Err(Error::FileWithContentOptions);
        }
    }
    if args.journal {
        if args.file.is_none() {
            return Err(Error::JournalWithoutFile);
        }
        if args.message.is_some() {
            return Err(Error::JournalTwice);
        }
    }
    Ok(())
}

/// The note line a save writes once its checkpoint ref moved: the code commit it annotates,
/// the line, and the (code commit, checkpoint commit) of a folded revision whose line goes.
type PendingNote = (
    gix::ObjectId,
    notes::NoteLine,
    Option<(gix::ObjectId, gix::ObjectId)>,
);

/// Writes one revision of `story` from `args` (a new commit on its ref by compare-and-swap, then
/// the notes line on HEAD's commit in its own transaction). With `args.edit`, `editor` edits
/// the composed document before the write; the write is refused when the tip moved meanwhile.
///
/// # Errors
/// Repository, template, identity, size, lock and storage errors; the editor's errors;
/// [`Error::ChangedWhileEditing`]; [`Error::InputNotGiven`] for `args.edit` without `editor`
/// or `-F -` without `args.stdin`. Nothing is written on error.
pub fn save(
    store: &Store,
    story: &StoryId,
    args: &Options,
    editor: Option<Editor<'_>>,
) -> Result<Saved> {
    let saved = write(store, story, args, false, editor)?;
    Ok(saved.expect("a save that may not skip always writes"))
}

/// [`save`], except that nothing is written (and `None` returned) when the new revision would
/// say what the tip says: the same document apart from its "last updated" stamp, the same code
/// state (HEAD, branch, files) and no journal entry. What hooks use, so that a hook never
/// writes a revision identical to the tip. A story without a checkpoint is not created.
///
/// # Errors
/// As [`save`].
pub fn save_if_changed(store: &Store, story: &StoryId, args: &Options) -> Result<Option<Saved>> {
    write(store, story, args, true, None)
}

/// Whether `new` says nothing `current` does not (see [`save_if_changed`]).
fn same_as(current: &Revision, new: &NewRevision, parsed: &Parsed, template: &Format) -> bool {
    // A file `agent install` writes that the tip lists and the new revision leaves out (as
    // only ours: revisions written before such files were left out of `files_modified` list
    // them) is no news about the story.
    let ours_before = |f: &&crate::store::FileChange| {
        !crate::agents::parts_at(&f.path).is_empty()
            && !new.meta.files_modified.iter().any(|n| n.path == f.path)
    };
    let tip_files: Vec<&crate::store::FileChange> = current
        .meta
        .files_modified
        .iter()
        .filter(|f| !ours_before(f))
        .collect();
    let new_files: Vec<&crate::store::FileChange> = new.meta.files_modified.iter().collect();
    // Both documents through the same parser (parse_revision would add the history's journal).
    let mut before = template.parse(current.document.as_bytes()).doc;
    let mut after = parsed.doc.clone();
    for d in [&mut before, &mut after] {
        d.last_updated = None;
        d.written_by = None;
    }
    let (a, b) = (&current.meta, &new.meta);
    before == after
        && a.head == b.head
        && a.branch == b.branch
        && tip_files == new_files
        && a.template == b.template
        && a.agent_plan == b.agent_plan
}

/// The agent's plan a new revision holding `doc` records: `args.agent_plan`, else the one of
/// `current` carried forward when this clone wrote `current` (a teammate's agent plan is their
/// model's text, which the brief would show unfenced), without the items that now mean a task
/// of `doc`.
///
/// # Errors
/// Storage errors reading which revisions this clone wrote.
fn agent_plan(
    store: &Store,
    args: &Options,
    current: Option<&Revision>,
    doc: &Document,
) -> Result<Vec<crate::store::PlanItem>> {
    let plan = match (&args.agent_plan, current) {
        (Some(p), _) => p.clone(),
        (None, Some(c)) if !c.meta.agent_plan.is_empty() => {
            if !store.wrote(&c.summary.story, c.summary.commit)? {
                return Ok(Vec::new());
            }
            c.meta.agent_plan.clone()
        }
        _ => return Ok(Vec::new()),
    };
    let tasks: Vec<&crate::model::Task> =
        doc.tasks_remaining.iter().chain(&doc.tasks_done).collect();
    let texts: Vec<&str> = plan.iter().map(|p| p.text.as_str()).collect();
    let meant = crate::model::similar::match_items(&tasks, &texts);
    Ok(plan
        .into_iter()
        .zip(meant)
        .filter(|(_, m)| m.is_none())
        .map(|(p, _)| p)
        .collect())
}

fn write(
    store: &Store,
    story: &StoryId,
    args: &Options,
    skip_same: bool,
    editor: Option<Editor<'_>>,
) -> Result<Option<Saved>> {
    check_options(args)?;
    // The work tree's scan (git's own `status` in a large one) runs while the refs are read.
    let early = (!args.keep_worktree && scans_worktree(args)).then(|| gitstate::start_scan(store));
    if early.as_ref().is_some_and(gitstate::PendingScan::in_flight)
        && matches!(store.config().secret_scan(), Ok(true))
    {
        // Built while git scans, not after: the scan of the new revision needs it.
        crate::secrets::prepare();
    }
    crate::claims::check_write(
        store,
        story,
        args.claimant.as_ref(),
        args.force,
        "not saved",
    )?;
    let refname = story.refname();
    // What was fetched first (our fetch or a plain `git fetch`): a save never forks from a
    // stale local tip. A whole document written against the tip as it was is merged with what
    // arrived (three-way, conflicts kept), never laid over it.
    let before = store.tip(&refname)?;
    let integrated = crate::sync::integrate_story(store, story)?;
    let stale =
        before.filter(|b| !integrated.is_empty() && store.tip(&refname).ok() != Some(Some(*b)));
    let (current, state) = current_and_state(store, &refname, args, early)?;

    // Input that must not be read twice: the file, and the editor session.
    let mut input_notes = Vec::new();
    let file = match (&args.file, &args.text) {
        (Some(path), _) => {
            let (bytes, notes) = read_input(path, args, store.max_size())?;
            input_notes = notes;
            Some(bytes)
        }
        (None, Some(text)) => {
            let (size, limit) = (text.len() as u64, store.max_size());
            if size > limit {
                return Err(Error::TooLarge {
                    size,
                    at_least: false,
                    limit,
                });
            }
            Some(text.clone().into_bytes())
        }
        (None, None) => None,
    };
    let (document_file, journal_text) = if args.journal {
        let text = file
            .as_ref()
            .map(|b| String::from_utf8_lossy(b).replace("\r\n", "\n"));
        (None, text)
    } else {
        (file, args.message.clone())
    };
    let template = choose_template(store, args, current.as_ref())?;
    // The document from the options, on top of the revision it is based on.
    let composed = |current: Option<&Revision>| {
        compose(
            args,
            story,
            &state,
            current,
            store,
            &template,
            journal_text.as_deref(),
        )
    };
    let edited = if args.edit {
        let editor = editor.ok_or(Error::InputNotGiven {
            what: "--edit (an editor)",
        })?;
        let text = composed(current.as_ref())?;
        Some((current.as_ref().map(|c| c.summary.commit), editor(&text)?))
    } else {
        None
    };

    // A whole document based on `stale` (the tip before integration) lands on `current` merged.
    let onto = |parsed: Parsed, current: Option<&Revision>| -> (String, Parsed) {
        match (stale, current) {
            (Some(base), Some(cur)) if cur.summary.commit != base => {
                let Ok(base) = store.read(&refname, base) else {
                    return (parsed.text.clone(), parsed);
                };
                let base_doc = formats::parse_revision(store, &base).doc;
                let cur_doc = formats::parse_revision(store, cur).doc;
                let merged = crate::model::merge(&base_doc, &parsed.doc, &cur_doc);
                let text = template.render(&merged.doc);
                let parsed = template.parse(text.as_bytes());
                (text, parsed)
            }
            _ => (parsed.text.clone(), parsed),
        }
    };
    let build = |current: Option<&Revision>| -> Result<(String, Parsed)> {
        if let Some(bytes) = &document_file {
            if bytes.iter().all(u8::is_ascii_whitespace) {
                return Err(match &args.file {
                    Some(path) => Error::EmptyInput { path: path.clone() },
                    None => Error::EmptyText,
                });
            }
            let parsed = template.parse(bytes);
            return Ok(onto(parsed, current));
        }
        if let Some((edited_on, text)) = &edited {
            if current.map(|c| c.summary.commit) != *edited_on {
                return Err(Error::ChangedWhileEditing {
                    refname: refname.to_string(),
                    kept: edit_path(store),
                });
            }
            if text.trim().is_empty() {
                return Err(Error::EmptyEdit);
            }
            let parsed = template.parse(text.as_bytes());
            return Ok((parsed.text.clone(), parsed));
        }
        let text = composed(current)?;
        let parsed = template.parse(text.as_bytes());
        Ok((text, parsed))
    };

    // With --allow-secret the scan still runs: what it finds is recorded as accepted.
    let guard = store.config().secret_scan()?;
    let mut held: Vec<crate::secrets::Held> = Vec::new();
    let mut last: Option<Parsed> = None;
    let mut written: Option<(String, Meta)> = None;
    let mut no_note: Option<String> = None;
    let mut based_on: Option<u64> = None;
    // The tip a new revision replaces ("Quiet history"): its code commit and checkpoint
    // commit, for the notes index.
    let replaced: std::cell::Cell<Option<(Option<gix::ObjectId>, gix::ObjectId)>> =
        std::cell::Cell::new(None);
    // The note line of the attempt that landed, written after the checkpoint ref.
    let mut note: Option<PendingNote> = None;
    let Some(updated) = store.update_folding(
        &refname,
        |current| {
            if skip_same && current.is_none() {
                return Ok(None);
            }
            if let Some(want) = &args.expect {
                check_expect(story, want, current)?;
            }
            let (text, parsed) = build(current)?;
            let shown = shown(story, current);
            let mut meta = meta(&shown, &parsed.doc, &state, current);
            meta.left_out = parsed.left_out.clone();
            meta.template = template.name().to_string();
            meta.completed = completed(store, current, &parsed.doc);
            meta.agent_plan = agent_plan(store, args, current, &parsed.doc)?;
            let subject = subject(journal_text.as_deref(), &shown, &parsed.doc);
            let body = journal_text
                .as_deref()
                .and_then(|m| m.trim().split_once('\n').map(|(_, rest)| rest.to_string()))
                .unwrap_or_default();
            if let Some(h) = &args.hook {
                meta.hook = Some(h.clone());
                // The last confirmed revision: the tip's own pointer when a hook wrote the tip.
                meta.confirmed = current.and_then(|c| match &c.meta.hook {
                    Some(_) => c.meta.confirmed.clone(),
                    None => Some(c.summary.commit.to_string()),
                });
            }
            let mut new = NewRevision {
                document: text,
                meta,
                subject,
                body,
                accepted: Vec::new(),
            };
            // A hook's generic subject is no news; its journal text (a compaction summary, the
            // model's last message) is, unless the tip already holds it or it says nothing
            // ("Done.", "ok").
            let no_news = journal_text.is_none()
                || args.hook.is_some()
                    && current.is_some_and(|c| {
                        trivial(&new.body) || new.body.trim() == own_entry(&c.summary.body)
                    });
            if skip_same && no_news {
                if let Some(c) = current {
                    if same_as(c, &new, &parsed, &template) {
                        return Ok(None);
                    }
                }
            }
            // Only the tip itself is folded, never past a revision that cannot be read.
            let fold = match current {
                Some(c) if store.tip(&refname)? == Some(c.summary.commit) => {
                    folds(store, &refname, c, &new, &parsed.doc, args.hook.is_some())?
                }
                _ => false,
            };
            replaced.set(None);
            if let (true, Some(c)) = (fold, current) {
                new.body = folded_body(&new.body, c);
                replaced.set(Some((super::status::saved_head(c), c.summary.commit)));
            }
            last = Some(parsed);
            based_on = current.map(Revision::number);
            held.clear();
            if guard {
                let findings = crate::secrets::revision_findings(&new);
                if !findings.is_empty() {
                    // What earlier revisions accepted is not refused again (only warned about);
                    // the history is read only when there is something to look up.
                    let earlier = match current {
                        Some(c) => {
                            crate::secrets::accepted_history(store, &refname, c.summary.commit)?
                        }
                        None => Vec::new(),
                    };
                    let (accepted, still) =
                        crate::secrets::judge_revision(&findings, &earlier, args.allow_secret)?;
                    new.accepted = accepted;
                    held = still;
                }
            }
            Ok(Some((new, fold)))
        },
        |commit, new| {
            // What this attempt wrote (its revision number is set by now), for the report.
            written = Some((new.document.clone(), new.meta.clone()));
            // The notes index on the code commit is written once the checkpoint ref moved, in
            // a transaction of its own: writers of different stories never redo their save
            // for each other's notes.
            note = state.head.map(|head| {
                let line = notes::NoteLine {
                    story: story.to_string(),
                    checkpoint: commit.to_string(),
                    revision: new.meta.revision,
                    summary: new.subject.clone(),
                };
                let gone = match replaced.get() {
                    Some((Some(at), gone)) => Some((at, gone)),
                    _ => None,
                };
                (head, line, gone)
            });
            Ok(Vec::new())
        },
    )?
    else {
        return Ok(None);
    };
    if let Some((head, line, gone)) = &note {
        // Notes are an index: one broken by hand, or a notes ref other writers kept moving
        // through every attempt, never fails a save that landed (it is named instead).
        if let Err(e) = notes::add_line(store, *head, line, *gone) {
            no_note = Some(e.to_string());
        }
    }
    let Updated {
        commit,
        previous,
        unreadable,
        ..
    } = updated;
    let parsed = last.expect("update calls the closure before succeeding");
    let (document, meta) = written.expect("update calls the closure before succeeding");
    // The document and meta are those just written: only the commit is read back.
    let revision = Revision {
        summary: store.summary(commit)?,
        document,
        meta,
    };
    let continued = unreadable.map(|u| {
        format!(
            "revision {n} ({}) of {refname} cannot be read: {} is missing from this clone (a `git gc` race or a damaged copy); this save went on from revision {}, the last readable one, and keeps revision {n} in the history as its parent (`{}` brings the object back to see what revision {n} changed)",
            u.commit.to_hex_with_len(12),
            u.what,
            based_on.unwrap_or(0),
            u.fetch,
            n = u.revision,
        )
    });
    Ok(Some(Saved {
        refname,
        commit,
        previous,
        parsed,
        revision,
        here: state.branch.clone(),
        held,
        integrated,
        no_note,
        continued,
        input_notes,
    }))
}

/// The checkpoint's latest revision (if any) and the code state to record with the next one;
/// the work tree's scan is `early`, when the caller started it.
fn current_and_state(
    store: &Store,
    refname: &str,
    args: &Options,
    early: Option<gitstate::PendingScan>,
) -> Result<(Option<Revision>, GitState)> {
    let tip = store.tip(refname)?;
    // A tip with an object lost (a `git gc` race) is built on from the last readable revision.
    let current = tip
        .map(|t| store.read_for_write(refname, t).map(|(rev, _)| rev))
        .transpose()?;
    // `-F` hands over the whole document: the working-tree scan is the caller's business
    // (commits since the merge-base are still recorded).
    let kept = current.as_ref().filter(|_| args.keep_worktree).map(|c| {
        c.meta
            .files_modified
            .iter()
            .filter(|f| f.state != FileState::Committed)
            .cloned()
            .collect::<Vec<_>>()
    });
    let scan = (scans_worktree(args) && kept.is_none())
        .then(|| early.unwrap_or_else(|| gitstate::start_scan(store)));
    let mut state = gitstate::gather(store, scan, known_committed(current.as_ref()))?;
    if let Some(kept) = kept {
        // gather lists the work tree's files before the committed ones.
        state.files.splice(0..0, kept);
    }
    // What `agent install` wrote (hooks, skill, instructions, MCP entry) is no work on the
    // story.
    let files = std::mem::take(&mut state.files);
    state.files = crate::agents::own::work_files(store, files, state.head, state.merge_base)?;
    Ok((current, state))
}

/// Whether a save with `args` scans the work tree: not when `-F` hands over the whole
/// document (a journal entry given with `-F` still records the work tree).
fn scans_worktree(args: &Options) -> bool {
    args.file.is_none() || args.journal
}

/// The committed files `current` recorded, with the merge-base and HEAD they were computed for.
fn known_committed(current: Option<&Revision>) -> Option<gitstate::KnownCommitted<'_>> {
    let meta = &current?.meta;
    let id = |hex: &Option<String>| gix::ObjectId::from_hex(hex.as_deref()?.as_bytes()).ok();
    Some(gitstate::KnownCommitted {
        merge_base: id(&meta.merge_base)?,
        head: id(&meta.head)?,
        files: &meta.files_modified,
    })
}

/// The template to write with: `--template`, else the checkpoint's, else the default.
fn choose_template(store: &Store, args: &Options, current: Option<&Revision>) -> Result<Format> {
    let name = match (&args.template, current) {
        (Some(t), _) => t.trim().to_string(),
        (None, Some(c)) if !c.meta.template.is_empty() => c.meta.template.clone(),
        _ => crate::formats::default_name(store),
    };
    crate::formats::load(store, &name)
}

/// The completion log: the previous revision's, plus tasks newly in Tasks Done (dated now).
/// Linear in the tasks: the look-ups are hash sets, so a document of tens of thousands of tasks
/// (a teammate's, fetched) saves in milliseconds, not seconds.
fn completed(store: &Store, current: Option<&Revision>, doc: &Document) -> Vec<Completion> {
    use std::collections::HashSet;
    let mut log = current
        .map(|c| c.meta.completed.clone())
        .unwrap_or_default();
    let mut logged: HashSet<String> = log.iter().map(|c| c.task.clone()).collect();
    if doc.tasks_done.iter().all(|t| logged.contains(&t.text)) {
        return log; // Every done task is logged already: nothing to add, no need to parse.
    }
    let before: HashSet<String> = current
        .map(|c| {
            crate::formats::parse_revision(store, c)
                .doc
                .tasks_done
                .into_iter()
                .map(|t| t.text)
                .collect()
        })
        .unwrap_or_default();
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    for t in &doc.tasks_done {
        if !before.contains(&t.text) && logged.insert(t.text.clone()) {
            log.push(Completion {
                task: t.text.clone(),
                date: now.clone(),
                files: Vec::new(),
            });
        }
    }
    log
}

/// The document after applying the content flags to the current one (or a new one), rendered
/// with `template`.
fn compose(
    args: &Options,
    story: &StoryId,
    state: &GitState,
    current: Option<&Revision>,
    store: &Store,
    template: &Format,
    journal: Option<&str>,
) -> Result<String> {
    let mut doc = match current {
        Some(c) => crate::formats::parse_revision(store, c).doc,
        None => Document {
            story: Some(story.display()),
            ..Document::default()
        },
    };
    check_task_ids(&doc, story, args)?;
    if doc.story.is_none() {
        doc.story = Some(story.display());
    }
    // Text options replace a field; an empty value clears it.
    for (field, value) in [
        (&mut doc.title, &args.fields.title),
        (&mut doc.goal, &args.fields.goal),
        (&mut doc.source, &args.fields.source),
        (&mut doc.commit_strategy, &args.fields.strategy),
        (&mut doc.next_action, &args.fields.next),
        (&mut doc.stage, &args.fields.stage),
        (&mut doc.stopped_at, &args.fields.stopped_at),
        (&mut doc.start_with, &args.fields.start_with),
    ] {
        if let Some(v) = value {
            *field = Some(v.trim().to_string()).filter(|v| !v.is_empty());
        }
    }
    // List options add items, in this order: a todo added and marked done in one save is done.
    // Each list in one pass (sets and maps, not a scan of the document per item): an MCP save
    // may carry tens of thousands of items.
    let f = &args.fields;
    doc.add_todos(&f.todo);
    doc.mark_all_done(&f.done);
    doc.add_decisions(&f.decision);
    doc.add_done_whens(&f.done_when);
    doc.meet_all(&f.met);
    add_new(&mut doc.context, &f.context);
    add_new(&mut doc.open_questions, &f.question);
    // The story keeps its branch when saved from another one, unless told (`--branch`).
    match (&args.branch, &doc.branch, &state.branch) {
        (Some(b), _, _) => doc.branch = Some(b.trim().to_string()).filter(|b| !b.is_empty()),
        (None, None, Some(b)) => doc.branch = Some(b.clone()),
        _ => {}
    }
    if state.merge_base.is_some() {
        let n = state.commits.len();
        doc.commits_so_far = Some(match state.commits.first() {
            Some((_, subject)) => format!("{n} — \"{subject}\""),
            None => "0".to_string(),
        });
    }
    if let Some((name, _)) = store.person("committer") {
        doc.written_by = Some(name);
    }
    let saving = crate::formats::Saving {
        now: chrono::Local::now(),
        state,
        subject: subject(journal, story, &doc),
        body: journal
            .and_then(|m| m.trim().split_once('\n').map(|(_, r)| r.trim().to_string()))
            .unwrap_or_default(),
    };
    template.fill_for_save(&mut doc, &saving);
    Ok(template.render(&doc))
}

/// Refuses the save when the tip is not `want` (a revision number or commit id prefix).
///
/// # Errors
/// [`Error::Moved`] naming both revisions.
fn check_expect(story: &StoryId, want: &str, current: Option<&Revision>) -> Result<()> {
    let want = want.trim();
    let matches = current.is_some_and(|c| {
        want.parse::<u64>().is_ok_and(|n| n == c.number())
            || want.len() >= 4
                && want.chars().all(|ch| ch.is_ascii_hexdigit())
                && c.summary
                    .commit
                    .to_string()
                    .starts_with(&want.to_lowercase())
    });
    if matches || (current.is_none() && want == "0") {
        return Ok(());
    }
    Err(Error::Moved {
        story: story.shown().to_string(),
        expected: want.to_string(),
        now: current.map_or(0, Revision::number),
    })
}

/// Refuses a bare `--done T9` that names no task of `doc`, and a `--todo "T3 — ..."` whose id
/// another task already has (ids compare ignoring ASCII case).
///
/// # Errors
/// [`Error::UnknownTask`] listing the open ids; [`Error::DuplicateTask`] naming the task.
fn check_task_ids(doc: &Document, story: &StoryId, args: &Options) -> Result<()> {
    use std::collections::{HashMap, HashSet};
    // Ids compare ignoring ASCII case: they are looked up lowercased, in sets and maps built
    // once, so a save of thousands of `--done` and `--todo` is linear.
    let fold = |s: &str| s.to_ascii_lowercase();
    let all = || doc.tasks_remaining.iter().chain(&doc.tasks_done);
    let added: HashSet<String> = args
        .fields
        .todo
        .iter()
        .filter_map(|t| crate::model::task_id(t.trim()).map(fold))
        .collect();
    let known: HashSet<String> = all().filter_map(|t| t.id().map(fold)).collect();
    for d in &args.fields.done {
        let d = d.trim();
        if crate::model::task_id(d) == Some(d)
            && !added.contains(&fold(d))
            && !known.contains(&fold(d))
        {
            return Err(Error::UnknownTask {
                id: d.to_string(),
                story: story.display(),
                open: doc
                    .tasks_remaining
                    .iter()
                    .filter_map(|t| t.id().map(str::to_string))
                    .collect(),
            });
        }
    }
    // `--met` matches a check by its whole text or a prefix, ignoring case (Document::meet),
    // among the checks the story has and those this save adds. In the sorted checks, the first
    // not less than `wanted` starts with it exactly when any does.
    if !args.fields.met.is_empty() {
        let mut checks: Vec<String> = doc
            .done_when
            .iter()
            .map(|c| c.text.trim().to_lowercase())
            .chain(
                args.fields
                    .done_when
                    .iter()
                    .map(|c| c.trim().to_lowercase()),
            )
            .collect();
        checks.sort_unstable();
        for m in &args.fields.met {
            let wanted = m.trim().to_lowercase();
            let first = checks.get(checks.partition_point(|c| *c < wanted));
            let found = first
                .is_some_and(|c| *c == wanted || (!wanted.is_empty() && c.starts_with(&wanted)));
            if !found {
                return Err(Error::UnknownCheck {
                    check: m.trim().to_string(),
                    story: story.display(),
                    unmet: doc
                        .done_when
                        .iter()
                        .filter(|c| !c.done)
                        .map(|c| c.text.clone())
                        .collect(),
                });
            }
        }
    }
    // Per id: its first task, and the first whose text differs from that one's (ignoring ASCII
    // case); the first task of the id whose text differs from a todo's is one of the two.
    let mut by_id: HashMap<String, (&crate::model::Task, Option<&crate::model::Task>)> =
        HashMap::new();
    for o in all() {
        let Some(id) = o.id() else { continue };
        let entry = by_id.entry(fold(id)).or_insert((o, None));
        if entry.1.is_none() && !entry.0.text.eq_ignore_ascii_case(&o.text) {
            entry.1 = Some(o);
        }
    }
    for t in &args.fields.todo {
        let t = t.trim();
        let Some(id) = crate::model::task_id(t) else {
            continue;
        };
        let other = by_id.get(&fold(id)).and_then(|(first, differing)| {
            if first.text.eq_ignore_ascii_case(t) {
                *differing
            } else {
                Some(*first)
            }
        });
        if let Some(other) = other {
            return Err(Error::DuplicateTask {
                id: id.to_string(),
                story: story.display(),
                existing: other.text.clone(),
            });
        }
    }
    Ok(())
}

/// Appends each of `items` to `list`, trimmed, unless it is empty or already there.
fn add_new(list: &mut Vec<String>, items: &[String]) {
    let items: Vec<&str> = items.iter().map(|i| i.trim()).collect();
    crate::model::push_all_new(list, &items, true);
}

/// The story as this revision records it for display: typed with capitals, the user's form
/// wins (it also corrects an earlier one); typed in lower case, the form already recorded stays.
/// The most bytes of journal a folded revision's body holds; past it the next revision is
/// written on top instead (nothing is dropped).
pub const FOLD_JOURNAL_LIMIT: usize = 64 * 1024;

/// The line that starts each journal entry a folded revision keeps of a revision it replaced:
/// `folded: <RFC 3339 time> <subject>`, then that revision's body (docs/FORMAT.md, "Quiet
/// history").
pub const FOLDED: &str = "folded: ";

/// Whether a hook's journal text says nothing worth a revision of its own: fewer than three
/// words (runs of letters and digits) in at most 20 characters, none with a digit ("Done.",
/// "ok", "x", "All done!"; not "T1 done.").
pub fn trivial(text: &str) -> bool {
    let t = text.trim();
    let words: Vec<&str> = t
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    t.chars().count() <= 20
        && words.len() < 3
        && !words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()))
}

/// A revision body's own journal text, and the entries of the revisions folded into it (each
/// starting with [`FOLDED`]), both trimmed.
fn split_folded(body: &str) -> (&str, &str) {
    let body = body.trim();
    if body.starts_with(FOLDED) {
        return ("", body);
    }
    match body.find(&format!("\n\n{FOLDED}")) {
        Some(i) => (body[..i].trim(), body[i..].trim()),
        None => (body, ""),
    }
}

/// A revision body's own journal text: without the entries of the revisions folded into it.
fn own_entry(body: &str) -> &str {
    split_folded(body).0
}

/// The body of a revision that replaces `tip`: its own journal text `own`, then `tip`'s entry
/// (a [`FOLDED`] line with its time and subject, its own text on the next lines), then the
/// entries folded into `tip` before: newest first, blank lines between entries.
fn folded_body(own: &str, tip: &Revision) -> String {
    let (tip_own, earlier) = split_folded(&tip.summary.body);
    let mut entry = format!(
        "{FOLDED}{} {}",
        crate::time::rfc3339(tip.summary.time, tip.summary.offset),
        tip.summary.subject
    );
    if !tip_own.is_empty() {
        entry.push('\n');
        entry.push_str(tip_own);
    }
    [own.trim(), entry.as_str(), earlier]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// `doc` without what a save fills from the code state and the clock: the document's own
/// sections and fields only.
fn sections(doc: &Document, template: &str) -> Document {
    let mut d = doc.clone();
    d.last_updated = None;
    d.written_by = None;
    d.commits_so_far = None;
    d.session_duration_s = None;
    d.journal.clear();
    if template == "gstack" {
        // Its front matter's files_modified is the work tree's file list.
        d.files.clear();
    }
    d
}

/// Whether `commit` of `story` is on a remote, as last fetched or pushed: a remote-tracking ref
/// of the story (active or archived) is it or descends from it.
///
/// # Errors
/// Storage errors.
fn pushed(store: &Store, story: &str, commit: gix::ObjectId) -> Result<bool> {
    for remote in store.remote_names() {
        for prefix in [
            crate::remote::tracking_prefix(&remote),
            crate::remote::tracking_archive_prefix(&remote),
        ] {
            if let Some(theirs) = store.tip(&format!("{prefix}{story}"))? {
                if theirs == commit || store.merge_base(commit, theirs)? == Some(commit) {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// Whether the new revision `new` (holding `doc`; a hook's when `hook`) replaces the tip `tip`
/// of `refname` instead of going on top of it (docs/FORMAT.md, "Quiet history"). Only a hook
/// revision this clone wrote, with one parent, no accepted secret, not on any remote as last
/// fetched or pushed, is replaced, and only when nothing of the document is lost: the new
/// revision is a hook's and changes no section of the tip's document, or the tip changed no
/// section of its parent's. The journal must stay within [`FOLD_JOURNAL_LIMIT`].
///
/// # Errors
/// Storage errors.
fn folds(
    store: &Store,
    refname: &str,
    tip: &Revision,
    new: &NewRevision,
    doc: &Document,
    hook: bool,
) -> Result<bool> {
    let s = &tip.summary;
    let by_hook = tip.meta.hook.is_some() || !s.hook.is_empty();
    if !by_hook || s.parents.len() != 1 || !s.accepted.is_empty() {
        return Ok(false);
    }
    if new.body.len() + s.subject.len() + s.body.len() > FOLD_JOURNAL_LIMIT {
        return Ok(false);
    }
    if !store.wrote(&s.story, s.commit)? || pushed(store, &s.story, s.commit)? {
        return Ok(false);
    }
    let tip_doc = sections(&formats::parse_revision(store, tip).doc, &tip.meta.template);
    if hook && sections(doc, &new.meta.template) == tip_doc {
        return Ok(true);
    }
    let Ok(parent) = store.read(refname, s.parents[0]) else {
        return Ok(false);
    };
    let parent_doc = sections(
        &formats::parse_revision(store, &parent).doc,
        &parent.meta.template,
    );
    Ok(parent_doc == tip_doc)
}

fn shown(story: &StoryId, current: Option<&Revision>) -> StoryId {
    match current {
        Some(c) if !story.has_case() => story.clone().shown_as(&c.summary.story_display),
        _ => story.clone(),
    }
}

fn meta(story: &StoryId, doc: &Document, state: &GitState, current: Option<&Revision>) -> Meta {
    Meta {
        branch: doc
            .branch
            .clone()
            .or_else(|| state.branch.clone())
            .or_else(|| current.and_then(|c| c.meta.branch.clone())),
        head: state.head.map(|h| h.to_string()),
        default_branch: state.default_branch.clone(),
        merge_base: state.merge_base.map(|b| b.to_string()),
        files_modified: state.files.clone(),
        ..Meta::new(story, doc, "pair")
    }
}

fn subject(journal: Option<&str>, story: &StoryId, doc: &Document) -> String {
    if let Some(first) = journal.and_then(|m| m.trim().lines().next()) {
        if !first.trim().is_empty() {
            return first.trim().to_string();
        }
    }
    let (done, total) = doc.task_counts();
    let mut s = format!("checkpoint {}: {done}/{total} tasks done", story.display());
    if let Some(next) = &doc.next_action {
        let next: String = next.chars().take(60).collect();
        s.push_str(&format!("; next: {next}"));
    }
    s
}

/// Reads `-F` input: the file, or for `-` what the front end read from standard input
/// (`args.stdin`), refusing anything over `limit` bytes (a file before reading it whole), and
/// decodes it ([`crate::encoding::decode`]). Returns the UTF-8 bytes (no byte order mark) and
/// what the user should be told about how they were read.
///
/// # Errors
/// [`Error::InputNotGiven`], [`Error::TooLarge`], [`Error::Read`]; [`Error::Encoding`] for
/// input that is not UTF-8 or UTF-16 with a byte order mark.
fn read_input(path: &Path, args: &Options, limit: u64) -> Result<(Vec<u8>, Vec<String>)> {
    let bytes = read_raw(path, args, limit)?;
    let decoded = crate::encoding::decode(&bytes, path)?;
    Ok((decoded.text.into_bytes(), decoded.notes))
}

/// The bytes of `-F` input, as [`read_input`] reads them before decoding.
fn read_raw(path: &Path, args: &Options, limit: u64) -> Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let bytes = args.stdin.clone().ok_or(Error::InputNotGiven {
            what: "-F - (standard input)",
        })?;
        let size = bytes.len() as u64;
        if size > limit {
            return Err(Error::TooLarge {
                size,
                at_least: false,
                limit,
            });
        }
        return Ok(bytes);
    }
    let rerr = |cause| Error::Read {
        path: path.to_path_buf(),
        cause,
    };
    let mut f = std::fs::File::open(path).map_err(rerr)?;
    let size = f.metadata().map_err(rerr)?.len();
    if size > limit {
        return Err(Error::TooLarge {
            size,
            at_least: false,
            limit,
        });
    }
    read_limited(&mut f, path, limit)
}

/// Reads `reader` (the input named `path`, `-` for standard input) whole, refusing more than
/// `limit` bytes: it reads at most `limit + 1`, then, to report the real size when it is
/// countable, reads on (discarding) up to a bound, so an endless stream (`/dev/zero`, `yes |`)
/// still fails at once. What a front end reads standard input with for [`Options::stdin`].
///
/// # Errors
/// [`Error::Read`] naming `path`; [`Error::TooLarge`] with the size (`at_least` when the bound
/// was reached).
pub fn read_limited(reader: &mut dyn Read, path: &Path, limit: u64) -> Result<Vec<u8>> {
    let rerr = |cause| Error::Read {
        path: path.to_path_buf(),
        cause,
    };
    let mut bytes = Vec::new();
    (&mut *reader)
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(rerr)?;
    if bytes.len() as u64 > limit {
        let bound = limit.saturating_mul(16).max(16 * 1024 * 1024);
        let rest =
            std::io::copy(&mut (&mut *reader).take(bound), &mut std::io::sink()).map_err(rerr)?;
        return Err(Error::TooLarge {
            size: bytes.len() as u64 + rest,
            at_least: rest == bound,
            limit,
        });
    }
    Ok(bytes)
}

/// The file a front end's editor keeps the document of `save --edit` in
/// (`$GIT_DIR/CHECKPOINT_EDITMSG`), which [`Error::ChangedWhileEditing`] names.
pub fn edit_path(store: &Store) -> PathBuf {
    store.git_dir().join("CHECKPOINT_EDITMSG")
}

/// The `save` use case, for every front end (the CLI's `save`, the MCP `save` tool): which
/// story, what to write, and whether to share it.
#[derive(Debug, Clone)]
pub struct Request {
    /// The story, from [`story`]: a front end resolves it first, so that it can say how the
    /// story was found before anything else happens (an editor opens, an error is reported).
    pub story: StoryId,
    /// How the story was found, from [`story`].
    pub found: super::locate::Found,
    /// What to write.
    pub options: Options,
    /// Render the document that would be written and write nothing (`save --print`).
    pub print: bool,
    /// Push the story to the default remote after writing (best effort, see
    /// [`Written::not_pushed`]); the push's secret guard follows `options.allow_secret`.
    pub auto_sync: super::AutoSync,
}

/// What [`run`] did.
pub enum Report {
    /// `print`: the document that would be written; nothing was written.
    Printed {
        /// The story.
        story: StoryId,
        /// How the story was found when it was not given.
        found: super::locate::Found,
        /// The rendered document and its parse.
        preview: Box<Preview>,
    },
    /// A revision was written.
    Written(Box<Written>),
}

/// A revision [`run`] wrote, with what the front ends warn about.
pub struct Written {
    /// The story as given or detected.
    pub story: StoryId,
    /// How the story was found when it was not given.
    pub found: super::locate::Found,
    /// The revision written.
    pub saved: Saved,
    /// Task ids this save marked done that the next action still names (a next session
    /// would redo them), in the order given.
    pub next_names_done: Vec<String>,
    /// The branch the story stays on when it was saved from another (`(kept, here)`) and no
    /// branch was given.
    pub kept_branch: Option<(String, String)>,
    /// Why the auto-sync push failed, when it ran and failed (the revision stands).
    pub not_pushed: Option<Error>,
}

impl Written {
    /// The story as shown: as the user typed it when first saved.
    pub fn shown(&self) -> StoryId {
        self.story
            .clone()
            .shown_as(&self.saved.revision.summary.story_display)
    }
}

/// The story a save writes: `given`, else detected as [`super::locate::resolve_story`] does
/// for `save` (without the recorded-branch fallback), with how it was found.
///
/// # Errors
/// As [`super::locate::resolve_story`].
pub fn story(store: &Store, given: Option<&str>) -> Result<(StoryId, super::locate::Found)> {
    super::locate::resolve_story(store, given, "save", false)
}

/// Saves as `request` asks: renders (`print`) or writes the revision (with `editor` for
/// `--edit`, see [`save`]), gathers what to warn about, and pushes the story when auto-sync
/// is on.
///
/// # Errors
/// As [`preview`] and [`save`]; [`Error::Config`] for a malformed `checkpoint.autoSync`.
/// Nothing is written on error; a failed auto-sync push is not an error
/// ([`Written::not_pushed`]).
pub fn run(store: &Store, request: &Request, editor: Option<Editor<'_>>) -> Result<Report> {
    let (story, found) = (request.story.clone(), request.found.clone());
    if request.print {
        let preview = Box::new(preview(store, &story, &request.options)?);
        return Ok(Report::Printed {
            story,
            found,
            preview,
        });
    }
    // Read before writing: a malformed setting fails the save before anything is written.
    let share = request.auto_sync.enabled(store)?;
    let saved = save(store, &story, &request.options, editor)?;
    let next_names_done = match saved.parsed.doc.next_action.as_deref() {
        None => Vec::new(),
        Some(next) => request
            .options
            .fields
            .done
            .iter()
            .filter_map(|d| crate::model::task_id(d.trim()))
            .filter(|id| crate::model::mentions_id(next, id))
            .map(str::to_string)
            .collect(),
    };
    let kept_branch = match (&saved.parsed.doc.branch, &saved.here) {
        (Some(kept), Some(here)) if kept != here && request.options.branch.is_none() => {
            Some((kept.clone(), here.clone()))
        }
        _ => None,
    };
    let mut not_pushed = None;
    if share {
        let shared = crate::remote::choose(store, None).and_then(|remote| {
            let guards = super::push::Guards {
                allow_secret: request.options.allow_secret,
                no_verify: false,
            };
            super::push::push(store, &remote, Some(std::slice::from_ref(&story)), guards)
        });
        not_pushed = shared.err();
    }
    Ok(Report::Written(Box::new(Written {
        story,
        found,
        saved,
        next_names_done,
        kept_branch,
        not_pushed,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trivial_last_messages_and_folded_journal_entries() {
        for t in ["Done.", "ok", "x", "All done!", "  "] {
            assert!(trivial(t), "{t:?}");
        }
        for t in [
            "T1 done.",
            "Wired the login API.",
            "Refactored everything carefully",
        ] {
            assert!(!trivial(t), "{t:?}");
        }
        let body = "Started tests.\n\nfolded: 2026-12-01T10:00:00+00:00 auto: x\nWired it.";
        assert_eq!(
            split_folded(body),
            (
                "Started tests.",
                "folded: 2026-12-01T10:00:00+00:00 auto: x\nWired it."
            )
        );
        assert_eq!(own_entry("folded: t s\nb"), "");
        assert_eq!(own_entry("plain"), "plain");
    }
}
