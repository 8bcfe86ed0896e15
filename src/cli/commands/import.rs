//! `git checkpoint import PATH...`: bring checkpoints from the four seed systems into refs.
//!
//! Recognised files: pair `.pair/working/checkpoints/<id>.md`; team `working-context.md`
//! (Part B journal entries become revisions carrying their own timestamps) plus `completed.md`
//! in the same directory; pm `NOW.md` (the active item, made current) and `STACK.md` (each
//! entry a checkpoint, pushed on the stack in the same order); gstack timestamped files (front
//! matter + sections, each file a revision in timestamp order).
//!
//! Idempotent: a planned revision whose document and completion log already appear in the
//! story's history is skipped, so importing the same files twice changes nothing.

use crate::cli::context::Context;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::formats::pm::parse_stack_md;
use git_checkpoint::formats::{self, Format};
use git_checkpoint::gitstate;
use git_checkpoint::json;
use git_checkpoint::model::{Document, Parsed};
use git_checkpoint::stack;
use git_checkpoint::store::{Completion, Meta, NewRevision, Store, FORMAT_VERSION};
use git_checkpoint::story::{self, StoryId};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// Import checkpoint files of the pair, team, pm and gstack systems.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only errors and warnings on stderr, and the data asked for on stdout (`--json`).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Files to import.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Import into this story instead of the one each file names.
    #[arg(long)]
    pub story: Option<String>,
    /// How to read the files.
    // `std::option::Option` keeps clap from making the flag optional: `auto` parses to `None`.
    #[arg(long, value_parser = super::import_format(), default_value = "auto")]
    pub format: std::option::Option<Format>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
    /// Import even if a file holds what looks like a credential (this import only; see
    /// checkpoint.secretScan).
    #[arg(long)]
    pub allow_secret: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pair,
    TeamContext,
    TeamCompleted,
    PmNow,
    PmStack,
    Gstack,
}

/// A gstack file: its timestamp, path and parsed content.
type GstackFile = (Option<(i64, i32)>, PathBuf, Parsed);

/// One revision to write.
struct Planned {
    document: String,
    template: &'static str,
    time: Option<(i64, i32)>,
    subject: String,
    body: String,
    completed: Vec<Completion>,
    doc: Document,
}

fn kind(path: &Path, text: &str, format: Option<&Format>) -> Kind {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let completed_like = name == "completed.md"
        || (!text.trim().is_empty()
            && text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .all(|l| l.trim_start().starts_with("- ") && l.matches('|').count() >= 2));
    let stack_like = name == "stack.md" || text.contains("\n- Pushed:");
    let now_like = name == "now.md" || text.trim_start().starts_with("# NOW");
    let gstack_like = text.starts_with("---") && text.contains("\ntimestamp:");
    let team_like = text.contains("Part A") && text.contains("Working Context");
    match format {
        Some(Format::Pair | Format::Custom(_)) => Kind::Pair,
        Some(Format::Team) if completed_like => Kind::TeamCompleted,
        Some(Format::Team) => Kind::TeamContext,
        Some(Format::Pm) if stack_like => Kind::PmStack,
        Some(Format::Pm) => Kind::PmNow,
        Some(Format::Gstack) => Kind::Gstack,
        None if completed_like => Kind::TeamCompleted,
        None if stack_like => Kind::PmStack,
        None if now_like => Kind::PmNow,
        None if gstack_like => Kind::Gstack,
        None if team_like => Kind::TeamContext,
        None => Kind::Pair,
    }
}

fn read(path: &Path, limit: u64) -> Result<Vec<u8>> {
    let meta = std::fs::metadata(path).map_err(|cause| Error::Read {
        path: path.to_path_buf(),
        cause,
    })?;
    if meta.len() > limit {
        return Err(Error::TooLarge {
            size: meta.len(),
            at_least: false,
            limit,
        });
    }
    std::fs::read(path).map_err(|cause| Error::Read {
        path: path.to_path_buf(),
        cause,
    })
}

fn parent_name(path: &Path) -> Option<String> {
    let abs = std::path::absolute(path).ok()?;
    Some(abs.parent()?.file_name()?.to_string_lossy().into_owned())
}

fn story_of(
    explicit: Option<&StoryId>,
    candidates: &[Option<String>],
    path: &Path,
) -> Result<StoryId> {
    if let Some(s) = explicit {
        return Ok(s.clone());
    }
    for c in candidates.iter().flatten() {
        if let Ok(id) = StoryId::parse(c.trim()) {
            return Ok(id);
        }
    }
    Err(Error::Input(format!(
        "cannot tell which story {} belongs to; pass --story <id>",
        path.display()
    )))
}

fn check_parsed(p: &Parsed, path: &Path) -> Result<()> {
    if p.doc == Document::default() {
        return Err(Error::Input(format!(
            "{} has nothing this format can read; check --format (pair, team, pm, gstack)",
            path.display()
        )));
    }
    Ok(())
}

fn slug_of(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_string_lossy().into_owned();
    // gstack names files `<YYYYMMDD>-<HHMMSS>-<title-slug>.md`.
    let mut parts = stem.splitn(3, '-');
    let (a, b, rest) = (parts.next()?, parts.next(), parts.next());
    if a.len() == 8 && a.chars().all(|c| c.is_ascii_digit()) {
        if let (Some(b), Some(rest)) = (b, rest) {
            if b.chars().all(|c| c.is_ascii_digit()) {
                return Some(rest.to_string());
            }
        }
    }
    Some(stem)
}

/// Runs `import`; returns the exit code.
///
/// # Errors
/// [`Error::Read`] / [`Error::Input`] naming the file that cannot be read or placed; storage
/// errors. Every file is read and parsed before anything is written.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let explicit = args.story.as_deref().map(StoryId::parse).transpose()?;
    let here = gitstate::head(&store.repo)?.branch;
    let pattern = store.config_string("checkpoint.storyPattern");
    let mut plans: BTreeMap<StoryId, Vec<Planned>> = BTreeMap::new();
    let mut sources: BTreeMap<StoryId, Vec<String>> = BTreeMap::new();
    let mut completed_by_dir: BTreeMap<PathBuf, Vec<Completion>> = BTreeMap::new();
    let mut team_files: Vec<(PathBuf, String)> = Vec::new();
    let mut gstack_files: Vec<GstackFile> = Vec::new();
    let mut stack_entries = Vec::new();
    let mut make_current = None;

    for path in &args.paths {
        let bytes = read(path, store.max_size())?;
        let text = String::from_utf8_lossy(&bytes).replace("\r\n", "\n");
        let dir = std::path::absolute(path)
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        match kind(path, &text, args.format.as_ref()) {
            Kind::TeamCompleted => {
                completed_by_dir
                    .entry(dir)
                    .or_default()
                    .extend(formats::team::parse_completed_md(&text));
            }
            Kind::TeamContext => team_files.push((path.clone(), text)),
            Kind::Gstack => {
                let p = Format::Gstack.parse(text.as_bytes());
                check_parsed(&p, path)?;
                let t = p.doc.last_updated.as_deref().and_then(formats::parse_time);
                gstack_files.push((t, path.clone(), p));
            }
            Kind::Pair => {
                let p = Format::Pair.parse(text.as_bytes());
                check_parsed(&p, path)?;
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                let story = story_of(explicit.as_ref(), &[p.doc.story.clone(), stem], path)?;
                sources
                    .entry(story.clone())
                    .or_default()
                    .push(path.display().to_string());
                plans.entry(story).or_default().push(Planned {
                    document: p.text.clone(),
                    template: "pair",
                    time: None,
                    subject: format!("import {}", file_name(path)),
                    body: String::new(),
                    completed: Vec::new(),
                    doc: p.doc,
                });
            }
            Kind::PmNow => {
                let p = Format::Pm.parse(text.as_bytes());
                if p.doc.status.as_deref() == Some("idle") {
                    err.note(format_args!(
                        "{} is idle: no active item to import",
                        path.display()
                    ));
                    continue;
                }
                check_parsed(&p, path)?;
                let story = story_of(explicit.as_ref(), std::slice::from_ref(&p.doc.story), path)?;
                make_current = Some(story.clone());
                sources
                    .entry(story.clone())
                    .or_default()
                    .push(path.display().to_string());
                let time = p.doc.last_updated.as_deref().and_then(formats::parse_time);
                plans.entry(story).or_default().push(Planned {
                    document: p.text.clone(),
                    template: "pm",
                    time,
                    subject: format!("import {}", file_name(path)),
                    body: String::new(),
                    completed: Vec::new(),
                    doc: p.doc,
                });
            }
            Kind::PmStack => {
                let (entries, gaps) = parse_stack_md(text.as_bytes());
                for g in gaps {
                    err.warn(format_args!("{}: {g}", path.display()));
                }
                for e in entries {
                    let id = e.doc.story.clone().unwrap_or_default();
                    let story = StoryId::parse(&id).map_err(|_| {
                        Error::Input(format!(
                            "{}: stack entry {id:?} is not a usable story id; fix its `### <ID> <Title>` heading",
                            path.display()
                        ))
                    })?;
                    let document = Format::Pm.render(&e.doc);
                    sources
                        .entry(story.clone())
                        .or_default()
                        .push(path.display().to_string());
                    plans.entry(story.clone()).or_default().push(Planned {
                        document,
                        template: "pm",
                        time: None,
                        subject: format!("import {} (stacked: {})", file_name(path), e.reason),
                        body: String::new(),
                        completed: Vec::new(),
                        doc: e.doc.clone(),
                    });
                    stack_entries.push((story, e));
                }
            }
        }
    }

    // Team: Part B entries become revisions with their own times; completed.md alongside.
    for (path, text) in &team_files {
        let p = Format::Team.parse(text.as_bytes());
        check_parsed(&p, path)?;
        let dir = std::path::absolute(path)
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        let completed = completed_by_dir.remove(&dir).unwrap_or_default();
        let story = story_of(
            explicit.as_ref(),
            &[parent_name(path), p.doc.story.clone()],
            path,
        )?;
        sources
            .entry(story.clone())
            .or_default()
            .push(path.display().to_string());
        let entries = p.doc.journal.clone();
        let n = entries.len().max(1);
        for k in 0..n {
            let mut doc = p.doc.clone();
            doc.journal.truncate(k + 1);
            let last = k + 1 == n;
            let time = entries.get(k).and_then(|e| formats::parse_time(&e.at));
            let done: Vec<Completion> = completed
                .iter()
                .filter(|c| {
                    last || matches!((formats::parse_time(&c.date), time), (Some(a), Some(b)) if a.0 <= b.0)
                })
                .cloned()
                .collect();
            let (subject, body) = match entries.get(k) {
                Some(e) => (e.subject.clone(), e.body.clone()),
                None => (format!("import {}", file_name(path)), String::new()),
            };
            let document = if last && entries.len() <= formats::team::JOURNAL_KEEP {
                Format::Team.render(&p.doc)
            } else {
                Format::Team.render(&doc)
            };
            plans.entry(story.clone()).or_default().push(Planned {
                document,
                template: "team",
                time,
                subject: if subject.is_empty() {
                    format!("journal {}", entries.get(k).map_or("", |e| e.at.as_str()))
                } else {
                    subject
                },
                body,
                completed: done,
                doc,
            });
        }
    }
    // A completed.md without its working-context.md updates the story's completion log.
    for (dir, completed) in completed_by_dir {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
        let story = story_of(explicit.as_ref(), &[name], &dir.join("completed.md"))?;
        let (refname, tip) = git_checkpoint::store::locate(&store, &story, false).map_err(|_| {
            Error::Input(format!(
                "{}: no checkpoint for story {story} to attach the completed tasks to; import its working-context.md with it",
                dir.join("completed.md").display()
            ))
        })?;
        let rev = store.read(&refname, tip)?;
        let doc = super::parse_rev(&store, &rev).doc;
        let mut all = rev.meta.completed.clone();
        for c in completed {
            if !all.contains(&c) {
                all.push(c);
            }
        }
        plans.entry(story).or_default().push(Planned {
            document: rev.document.clone(),
            template: "team",
            time: None,
            subject: "import completed.md".into(),
            body: String::new(),
            completed: all,
            doc,
        });
    }
    // gstack: every file a revision, oldest first.
    gstack_files.sort_by_key(|(t, p, _)| (t.map(|t| t.0), p.clone()));
    for (time, path, p) in gstack_files {
        let from_branch = match p.doc.branch.as_deref() {
            Some(b) => story::detect_from_branch(b, pattern.as_deref())?.map(|s| s.to_string()),
            None => None,
        };
        let story = story_of(explicit.as_ref(), &[from_branch, slug_of(&path)], &path)?;
        sources
            .entry(story.clone())
            .or_default()
            .push(path.display().to_string());
        plans.entry(story).or_default().push(Planned {
            document: p.text.clone(),
            template: "gstack",
            time,
            subject: format!("import {}", file_name(&path)),
            body: String::new(),
            completed: Vec::new(),
            doc: p.doc,
        });
    }

    // Every revision is scanned before the first is written, so a refusal writes nothing.
    if git_checkpoint::secrets::enabled(&store, args.allow_secret)? {
        for (story, planned) in &plans {
            for pl in planned {
                let place = format!("checkpoint.md of story {story} ({})", pl.subject);
                let journal = format!("{}\n{}", pl.subject, pl.body);
                git_checkpoint::secrets::refuse(
                    &[(&place, &pl.document), ("the journal entry", &journal)],
                    "import",
                    "written",
                )?;
            }
        }
    }
    let mut report = Vec::new();
    for (story, planned) in plans {
        let refname = story.refname();
        let (mut written, mut unchanged) = (0, 0);
        for pl in planned {
            if already_there(&store, &refname, &pl)? {
                unchanged += 1;
                continue;
            }
            let branch = pl.doc.branch.clone().or(here.clone());
            store.update_at(
                &refname,
                pl.time,
                |_current| {
                    let (done, total) = pl.doc.task_counts();
                    let saved_at = match pl.time {
                        Some((s, o)) => crate::cli::output::rfc3339(s, o),
                        None => {
                            chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                        }
                    };
                    Ok(NewRevision {
                        document: pl.document.clone(),
                        meta: Meta {
                            schema_version: FORMAT_VERSION,
                            story: story.to_string(),
                            story_display: story.has_case().then(|| story.shown().to_string()),
                            title: pl.doc.title.clone(),
                            branch: branch.clone(),
                            tasks_done: done,
                            tasks_total: total,
                            template: pl.template.to_string(),
                            status: git_checkpoint::store::Status::Active,
                            saved_at,
                            completed: pl.completed.clone(),
                            ..Meta::default()
                        },
                        subject: pl.subject.clone(),
                        body: pl.body.clone(),
                    })
                },
                |_, _| Ok(Vec::new()),
            )?;
            written += 1;
        }
        report.push(json::Imported {
            story: story.as_str().to_string(),
            refname,
            written,
            unchanged,
            files: sources.get(&story).cloned().unwrap_or_default(),
        });
    }

    let mut pushed = Vec::new();
    if !stack_entries.is_empty() {
        let (_, current) = stack::read(&store)?;
        let missing: Vec<_> = stack_entries
            .iter()
            .filter(|(s, _)| !current.entries.iter().any(|e| e.story == s.as_str()))
            .collect();
        if !missing.is_empty() {
            stack::update(&store, "stack: import STACK.md", |st| {
                // Bottom entries first, so STACK.md's top ends on top.
                for (s, e) in missing.iter().rev() {
                    if st.entries.iter().any(|x| x.story == s.as_str()) {
                        continue;
                    }
                    let tip = store.tip(&s.refname())?.map(|t| t.to_string());
                    st.entries.insert(
                        0,
                        stack::Entry {
                            story: s.to_string(),
                            title: e.doc.title.clone(),
                            branch: e.doc.branch.clone(),
                            stage: e.doc.stage.clone(),
                            reason: e.reason.clone(),
                            pushed_at: e.pushed.clone(),
                            checkpoint: tip,
                            next_action: e.doc.next_action.clone(),
                        },
                    );
                }
                Ok(())
            })?;
            pushed = missing.iter().map(|(s, _)| s.to_string()).collect();
        }
    }
    if let Some(s) = &make_current {
        git_checkpoint::current::set(&store, s)?;
    }

    if args.json {
        out.json(&json::Import {
            schema_version: json::SchemaVersion,
            imported: report,
            stack_pushed: pushed,
            current: make_current.map(|s| s.to_string()),
        })?;
    } else {
        for r in &report {
            out.line(&format!(
                "{}: {} revision(s) written, {} unchanged ({})",
                r.story, r.written, r.unchanged, r.refname
            ))?;
        }
        if !pushed.is_empty() {
            out.line(&format!("stack: pushed {}", pushed.join(", ")))?;
        }
        if let Some(s) = &make_current {
            out.line(&format!("Current story: {s}"))?;
        }
    }
    Ok(0)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
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
