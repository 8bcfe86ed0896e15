//! `git checkpoint save`: create or update a story's checkpoint in place.

use super::{note_found, open, resolve_story, JSON_SCHEMA_VERSION};
use crate::error::{Error, Result};
use crate::gitstate::{self, GitState};
use crate::model::{self, Document, Parsed};
use crate::notes;
use crate::output::Output;
use crate::store::{Meta, NewRevision, Revision, Store, FORMAT_VERSION};
use crate::story::StoryId;
use serde_json::json;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Arguments of `save`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id (`313`, `#313`, `ABC-12`); default: GIT_CHECKPOINT_STORY, then the branch name.
    pub story: Option<String>,
    /// Set the story's title.
    #[arg(long)]
    pub title: Option<String>,
    /// Set the story's goal.
    #[arg(long)]
    pub goal: Option<String>,
    /// Set where the story comes from (issue URL, ticket).
    #[arg(long)]
    pub source: Option<String>,
    /// Set the commit strategy (e.g. commit-per-task).
    #[arg(long, value_name = "TEXT")]
    pub strategy: Option<String>,
    /// Record a task as done; a leading task id (`T3`) moves the matching todo. Repeatable.
    #[arg(long, value_name = "TEXT", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub done: Vec<String>,
    /// Add a remaining todo. Repeatable.
    #[arg(long, value_name = "TEXT", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub todo: Vec<String>,
    /// Add a key decision (one line, with the reason). Repeatable.
    #[arg(long, value_name = "TEXT", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub decision: Vec<String>,
    /// Set the next immediate action.
    #[arg(long, value_name = "TEXT")]
    pub next: Option<String>,
    /// This revision's journal text (first line becomes the commit subject).
    #[arg(short = 'm', long, value_name = "TEXT")]
    pub message: Option<String>,
    /// Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported.
    #[arg(short = 'F', long, value_name = "FILE", conflicts_with_all = ["title", "goal", "source", "strategy", "done", "todo", "decision", "next", "edit"])]
    pub file: Option<PathBuf>,
    /// Edit the document in the editor git uses (GIT_EDITOR, core.editor, VISUAL, EDITOR).
    #[arg(long)]
    pub edit: bool,
    /// Render and print the checkpoint; write nothing.
    #[arg(long, alias = "no-persist")]
    pub print: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `save`; returns the exit code.
///
/// # Errors
/// Repository, story, identity, size, lock and storage errors; nothing is written on error.
pub fn run(args: Args, out: &mut Output) -> Result<i32> {
    let store = open()?;
    let (story, found) = resolve_story(&store, args.story.as_deref(), "save", false)?;
    note_found(&story, &found);
    let state = gitstate::gather(&store.repo)?;
    let refname = story.refname();

    // Input that must not be read twice: the file, and the editor session.
    let file = match &args.file {
        Some(path) => Some(read_input(path, store.max_size())?),
        None => None,
    };
    let edited = if args.edit {
        let tip = store.tip(&refname)?;
        let current = tip.map(|t| store.read(&refname, t)).transpose()?;
        let text = compose(&args, &story, &state, current.as_ref(), &store).0;
        Some((tip, edit(&store, &text)?))
    } else {
        None
    };

    let build = |current: Option<&Revision>| -> Result<(String, Parsed)> {
        if let Some(bytes) = &file {
            if bytes.iter().all(u8::is_ascii_whitespace) {
                return Err(Error::Conflict(format!(
                    "{} is empty; nothing was written (to finish a story use `git checkpoint done`)",
                    args.file.as_deref().map(|p| p.display().to_string()).unwrap_or_default()
                )));
            }
            let parsed = model::parse(bytes);
            return Ok((parsed.text.clone(), parsed));
        }
        if let Some((edited_on, text)) = &edited {
            if current.map(|c| c.summary.commit) != *edited_on {
                return Err(Error::Conflict(format!(
                    "{refname} changed while the editor was open; nothing was written (your text is in {})",
                    edit_path(&store).display()
                )));
            }
            if text.trim().is_empty() {
                return Err(Error::Conflict(
                    "the edited checkpoint is empty; nothing was written".into(),
                ));
            }
            let parsed = model::parse(text.as_bytes());
            return Ok((parsed.text.clone(), parsed));
        }
        let (text, _) = compose(&args, &story, &state, current, &store);
        let parsed = model::parse(text.as_bytes());
        Ok((text, parsed))
    };

    if args.print {
        let tip = store.tip(&refname)?;
        let current = tip.map(|t| store.read(&refname, t)).transpose()?;
        let (text, parsed) = build(current.as_ref())?;
        if args.json {
            out.json(&json!({
                "schema_version": JSON_SCHEMA_VERSION,
                "story": story.as_str(),
                "persisted": false,
                "confidence": parsed.confidence.as_str(),
                "gaps": parsed.gaps,
                "document": text,
            }))?;
        } else {
            out.line(&text)?;
            report_gaps(&parsed);
        }
        return Ok(0);
    }

    let mut last: Option<Parsed> = None;
    let (commit, previous) = store.update(
        &refname,
        |current| {
            let (text, parsed) = build(current)?;
            let meta = meta(&story, &parsed.doc, &state, current);
            let subject = subject(&args, &story, &parsed.doc);
            let body = args
                .message
                .as_deref()
                .and_then(|m| m.split_once('\n').map(|(_, rest)| rest.to_string()))
                .unwrap_or_default();
            last = Some(parsed);
            Ok(NewRevision {
                document: text,
                meta,
                subject,
                body,
            })
        },
        |commit, new| {
            // The notes index on the code commit rides in the same ref transaction.
            let Some(head) = state.head else {
                return Ok(Vec::new());
            };
            let line = notes::NoteLine {
                story: story.to_string(),
                checkpoint: commit.to_string(),
                revision: new.meta.revision,
                summary: new.subject.clone(),
            };
            Ok(vec![notes::add_line_edit(&store, head, &line)?])
        },
    )?;
    let parsed = last.expect("update calls the closure before succeeding");
    let written = store.read(&refname, commit)?;
    let mode = if previous.is_some() {
        "Updated in place"
    } else {
        "Created"
    };
    let d = &parsed.doc;
    let (done, total) = d.task_counts();
    if args.json {
        let mut v = super::view_json(&story, &refname, &written, &parsed, &[]);
        v["mode"] = json!(if previous.is_some() {
            "updated"
        } else {
            "created"
        });
        v["previous"] = json!(previous.map(|p| p.to_string()));
        out.json(&v)?;
    } else {
        let title = d.title.as_deref().unwrap_or(model::UNKNOWN);
        out.painted(&out.paint("1", "CHECKPOINT WRITTEN:"))?;
        out.line(&format!("├── Story:    {}: {title}", story.display()))?;
        out.line(&format!(
            "├── Branch:   {}",
            d.branch.as_deref().unwrap_or(model::UNKNOWN)
        ))?;
        out.line(&format!("├── Ref:      {refname}"))?;
        out.line(&format!("├── Mode:     {mode}"))?;
        out.line(&format!("├── Tasks:    {done} done / {total} total"))?;
        out.line(&format!(
            "└── Revision: {} ({})",
            written.summary.revision,
            &commit.to_string()[..12]
        ))?;
        report_gaps(&parsed);
    }
    Ok(0)
}

fn report_gaps(parsed: &Parsed) {
    for gap in &parsed.gaps {
        crate::say!("warning: gap: {}", crate::output::escape_controls(gap));
    }
    for s in &parsed.ignored_sections {
        crate::say!(
            "note: ignored section {} (not part of the template)",
            crate::output::escape_controls(s)
        );
    }
}

/// The document after applying the content flags to the current one (or a new one).
fn compose(
    args: &Args,
    story: &StoryId,
    state: &GitState,
    current: Option<&Revision>,
    store: &Store,
) -> (String, Document) {
    let mut doc = match current {
        Some(c) => model::parse(c.document.as_bytes()).doc,
        None => Document {
            story: Some(story.display()),
            ..Document::default()
        },
    };
    if doc.story.is_none() {
        doc.story = Some(story.display());
    }
    let set = |field: &mut Option<String>, v: &Option<String>| {
        if let Some(v) = v {
            *field = Some(v.trim().to_string()).filter(|v| !v.is_empty());
        }
    };
    set(&mut doc.title, &args.title);
    set(&mut doc.goal, &args.goal);
    set(&mut doc.source, &args.source);
    set(&mut doc.commit_strategy, &args.strategy);
    set(&mut doc.next_action, &args.next);
    for t in &args.todo {
        doc.add_todo(t);
    }
    for t in &args.done {
        doc.mark_done(t);
    }
    for d in &args.decision {
        doc.add_decision(d);
    }
    if let Some(b) = &state.branch {
        doc.branch = Some(b.clone());
    }
    if state.merge_base.is_some() {
        let n = state.commits.len();
        doc.commits_so_far = Some(match state.commits.first() {
            Some((_, subject)) => format!("{n} — \"{subject}\""),
            None => "0".to_string(),
        });
    }
    doc.last_updated = Some(chrono::Local::now().format("%Y-%m-%d %H:%M").to_string());
    if let Some(Ok(sig)) = store.repo.committer() {
        doc.written_by = Some(sig.name.to_string());
    }
    (model::render(&doc), doc)
}

fn meta(story: &StoryId, doc: &Document, state: &GitState, current: Option<&Revision>) -> Meta {
    let (done, total) = doc.task_counts();
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    Meta {
        schema_version: FORMAT_VERSION,
        story: story.to_string(),
        title: doc.title.clone(),
        branch: doc
            .branch
            .clone()
            .or_else(|| state.branch.clone())
            .or_else(|| current.and_then(|c| c.meta.branch.clone())),
        head: state.head.map(|h| h.to_string()),
        default_branch: state.default_branch.clone(),
        merge_base: state.merge_base.map(|b| b.to_string()),
        files_modified: state.files.clone(),
        tasks_done: done,
        tasks_total: total,
        template: "pair".into(),
        status: "active".into(),
        revision: 0,
        saved_at: now,
    }
}

fn subject(args: &Args, story: &StoryId, doc: &Document) -> String {
    if let Some(first) = args.message.as_deref().and_then(|m| m.lines().next()) {
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

/// Reads `-F` input, refusing anything over `limit` bytes before reading it whole.
fn read_input(path: &Path, limit: u64) -> Result<Vec<u8>> {
    let rerr = |cause| Error::Read {
        path: path.to_path_buf(),
        cause,
    };
    let mut reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        let f = std::fs::File::open(path).map_err(rerr)?;
        let size = f.metadata().map_err(rerr)?.len();
        if size > limit {
            return Err(Error::TooLarge {
                size,
                at_least: false,
                limit,
            });
        }
        Box::new(f)
    };
    let mut bytes = Vec::new();
    (&mut reader)
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(rerr)?;
    if bytes.len() as u64 > limit {
        // Report the real size when it is countable: read on (discarding) up to a bound, so an
        // endless stream (`/dev/zero`, `yes |`) still fails at once.
        let bound = limit.saturating_mul(16).max(16 * 1024 * 1024);
        let rest =
            std::io::copy(&mut (&mut reader).take(bound), &mut std::io::sink()).map_err(rerr)?;
        return Err(Error::TooLarge {
            size: bytes.len() as u64 + rest,
            at_least: rest == bound,
            limit,
        });
    }
    Ok(bytes)
}

fn edit_path(store: &Store) -> PathBuf {
    store.repo.git_dir().join("CHECKPOINT_EDITMSG")
}

/// Opens `text` in the editor git would use and returns the edited text.
fn edit(store: &Store, text: &str) -> Result<String> {
    let editor = std::env::var("GIT_EDITOR")
        .ok()
        .or_else(|| store.config_string("core.editor"))
        .or_else(|| std::env::var("VISUAL").ok())
        .or_else(|| std::env::var("EDITOR").ok())
        .filter(|e| !e.trim().is_empty())
        .unwrap_or_else(|| "vi".to_string());
    let path = edit_path(store);
    std::fs::write(&path, text)?;
    // Like git: the editor string is a shell snippet, the file its first argument.
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$@\""))
        .arg(&editor)
        .arg(&path)
        .status()?;
    if !status.success() {
        return Err(Error::Conflict(format!(
            "the editor '{editor}' exited with {status}; nothing was written"
        )));
    }
    let edited = std::fs::read(&path).map_err(|cause| Error::Read {
        path: path.clone(),
        cause,
    })?;
    Ok(String::from_utf8_lossy(&edited).into_owned())
}
