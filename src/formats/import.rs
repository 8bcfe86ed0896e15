//! Reading other checkpoint systems' files into planned revisions, for `git checkpoint import`:
//! which format each file is, which story it belongs to, and the revisions it becomes. The
//! per-format rules live in the format modules ([`super::pair`], [`super::team`],
//! [`super::pm`], [`super::gstack`]); this module recognises files and collects the plan.
//!
//! Reads the files and the story refs (a lone `completed.md` attaches to a stored story); writes
//! nothing: the caller scans, writes the revisions, pushes the stack entries and sets the
//! current story.

pub use super::plan::{Notice, Planned};
use super::pm::StackMdEntry;
use super::{gstack, pair, pm, team, Format};
use crate::error::{Error, Result};
use crate::store::{Completion, Store};
use crate::story::StoryId;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How to read the files.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    /// Import everything into this story instead of the one each file names.
    pub story: Option<&'a StoryId>,
    /// Read every file as this format; `None` recognises each file by its name and content.
    pub format: Option<&'a Format>,
    /// Import a file no format recognises anyway, as a pair checkpoint (`import --force`).
    pub force: bool,
}

/// What an import will write, as [`plan`] returns it.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// Revisions per story, oldest first.
    pub revisions: BTreeMap<StoryId, Vec<Planned>>,
    /// The files each story's revisions come from, as given (for the report).
    pub sources: BTreeMap<StoryId, Vec<String>>,
    /// `STACK.md` entries to push, top of the stack first.
    pub stack: Vec<(StoryId, StackMdEntry)>,
    /// The story to make current (`NOW.md`'s active item).
    pub current: Option<StoryId>,
}

impl Plan {
    fn add(&mut self, story: StoryId, planned: Planned) {
        self.revisions.entry(story).or_default().push(planned);
    }

    fn source(&mut self, story: &StoryId, path: &Path) {
        self.sources
            .entry(story.clone())
            .or_default()
            .push(path.display().to_string());
    }
}

/// A file as one format reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pair,
    TeamContext,
    TeamCompleted,
    PmNow,
    PmStack,
    Gstack,
}

/// Which kind of file `path` holding `text` is: the format given, split by file where a
/// format has two (team, pm); else recognised by name and content in the order completed.md,
/// STACK.md, NOW.md, gstack, working-context.md, and pair for anything else.
fn recognise(path: &Path, text: &str, format: Option<&Format>) -> Kind {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let completed_like = team::is_completed_md(&name, text);
    let stack_like = pm::is_stack_md(&name, text);
    match format {
        Some(Format::Pair | Format::Custom(_)) => Kind::Pair,
        Some(Format::Team) if completed_like => Kind::TeamCompleted,
        Some(Format::Team) => Kind::TeamContext,
        Some(Format::Pm) if stack_like => Kind::PmStack,
        Some(Format::Pm) => Kind::PmNow,
        Some(Format::Gstack) => Kind::Gstack,
        None if completed_like => Kind::TeamCompleted,
        None if stack_like => Kind::PmStack,
        None if pm::is_now_md(&name, text) => Kind::PmNow,
        None if gstack::is_checkpoint_file(text) => Kind::Gstack,
        None if team::is_working_context(text) => Kind::TeamContext,
        None => Kind::Pair,
    }
}

/// Reads and plans every file in `paths`: each is recognised ([`Options::format`]), parsed,
/// assigned a story and turned into revisions by its format's rules. Every file is read and
/// parsed before the plan is returned, so an error means nothing should be written. Files
/// over `store.max_size()` bytes are refused. Notes and warnings go to `notice` as they
/// arise.
///
/// # Errors
/// [`Error::Read`] or [`Error::TooLarge`] for a file that cannot be read; [`Error::Encoding`]
/// for one that is not UTF-8 or UTF-16 with a byte order mark; [`Error::NothingToImport`]
/// naming the file a format can read nothing from, [`Error::NoStoryForFile`] for one whose story
/// cannot be told, [`Error::CompletedWithoutCheckpoint`] for a lone `completed.md` whose story
/// has no checkpoint; [`Error::Config`] for a bad
/// `checkpoint.storyPattern`; storage errors.
pub fn plan(
    store: &Store,
    paths: &[PathBuf],
    options: Options<'_>,
    notice: &mut dyn FnMut(Notice),
) -> Result<Plan> {
    let explicit = options.story;
    let mut plan = Plan::default();
    let mut completed_by_dir: BTreeMap<PathBuf, Vec<Completion>> = BTreeMap::new();
    let mut team_files: Vec<(PathBuf, String)> = Vec::new();
    let mut gstack_files: Vec<gstack::File> = Vec::new();
    let mut by_name: Vec<(StoryId, PathBuf, Planned)> = Vec::new();

    for path in paths {
        let bytes = read(path, store.max_size())?;
        // Decoded first (UTF-16, byte order marks): a mark must not hide front matter.
        let decoded = crate::encoding::decode(&bytes, path)?;
        for n in decoded.notes {
            notice(Notice::Note(n));
        }
        let text = decoded.text.replace("\r\n", "\n");
        match recognise(path, &text, options.format) {
            Kind::TeamCompleted => {
                completed_by_dir
                    .entry(dir_of(path))
                    .or_default()
                    .extend(team::parse_completed_md(&text));
            }
            Kind::TeamContext => team_files.push((path.clone(), text)),
            Kind::Gstack => gstack_files.push(gstack::read_file(path, &text)?),
            Kind::Pair => {
                let auto = options.format.is_none();
                let names = [generic_folder(path), stem(path)];
                let (mut story, planned) =
                    pair::import_file(path, &text, explicit, &names, !auto && !options.force)?;
                if auto && !options.force {
                    if let Some(reason) = unrecognised(&planned.doc, &text) {
                        return Err(Error::Unrecognised {
                            path: path.clone(),
                            reason,
                        });
                    }
                }
                // A story the document names, unless it is only a generic word of its title
                // (`# Handoff — 2026-04-24`); else named by its file or folder alone, and whose
                // file it is decides the story below.
                let named_inside = planned
                    .doc
                    .story
                    .as_deref()
                    .is_some_and(|s| StoryId::parse(s.trim()).is_ok() && !generic(s));
                if explicit.is_none() && !named_inside {
                    story = super::plan::story_of(None, &names, path)?;
                    by_name.push((story, path.clone(), planned));
                } else {
                    plan.source(&story, path);
                    plan.add(story, planned);
                }
            }
            Kind::PmNow => {
                if let Some((story, planned)) = pm::import_now(path, &text, explicit, notice)? {
                    plan.current = Some(story.clone());
                    plan.source(&story, path);
                    plan.add(story, planned);
                }
            }
            Kind::PmStack => {
                let entries = pm::import_stack(path, &text, notice)?;
                if entries.is_empty() {
                    notice(Notice::Warning(format!(
                        "{} holds no stack entry (`### <ID> <Title>`): nothing imported from it",
                        path.display()
                    )));
                }
                for (story, planned, entry) in entries {
                    plan.source(&story, path);
                    plan.add(story.clone(), planned);
                    plan.stack.push((story, entry));
                }
            }
        }
    }
    for (story, path, planned) in people(store, by_name)? {
        plan.source(&story, &path);
        plan.add(story, planned);
    }
    for (path, text) in &team_files {
        let given = completed_by_dir.remove(&dir_of(path));
        let (story, mut revisions) =
            team::import_context(path, text, given.clone().unwrap_or_default(), explicit)?;
        // Without its completed.md, the story's stored completion log stands (seed 001's log
        // is append-only): re-importing working-context.md alone then plans exactly the
        // revisions already written, and a later export still writes the whole log.
        if given.is_none() {
            let stored = stored_completions(store, &story)?;
            if !stored.is_empty() {
                revisions = team::import_context(path, text, stored, explicit)?.1;
            }
        }
        plan.source(&story, path);
        for planned in revisions {
            plan.add(story.clone(), planned);
        }
    }
    for (dir, completed) in completed_by_dir {
        let (story, planned) =
            team::import_completed(store, &dir, completed, explicit, super::parse_revision)?;
        plan.add(story, planned);
    }
    let pattern = store.config_string("checkpoint.storyPattern");
    for (story, path, planned) in gstack::import_files(gstack_files, explicit, pattern.as_deref())?
    {
        plan.source(&story, &path);
        plan.add(story, planned);
    }
    Ok(plan)
}

/// File names people give their hand-off whatever the story (`working-context.md`,
/// `.claude/handoff.md`, `claude-progress.txt`, `NOW.md`): such a file is named by its
/// folder, as seed 001 keeps one folder per teammate, not by its name.
const GENERIC_NAMES: [&str; 11] = [
    "working-context",
    "checkpoint",
    "handoff",
    "hand-off",
    "claude-progress",
    "progress",
    "now",
    "notes",
    "context",
    "session",
    "status",
];

/// Whether `name` is one of [`GENERIC_NAMES`] (case, spaces and `_` aside: `Working Context`).
fn generic(name: &str) -> bool {
    let n = name.trim().to_lowercase().replace([' ', '_'], "-");
    GENERIC_NAMES.contains(&n.as_str())
}

/// The file name of `path` without its extension.
fn stem(path: &Path) -> Option<String> {
    path.file_stem().map(|s| s.to_string_lossy().into_owned())
}

/// For a file with a generic name ([`GENERIC_NAMES`]), the name of the nearest folder above
/// it that is not hidden (`.claude/handoff.md` belongs to the project holding `.claude`);
/// `None` for any other file.
fn generic_folder(path: &Path) -> Option<String> {
    if !generic(&stem(path)?) {
        return None;
    }
    let abs = std::path::absolute(path).ok()?;
    abs.ancestors()
        .skip(1)
        .filter_map(|a| a.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .find(|n| !n.starts_with('.'))
}

/// Words of a hand-off's headings and bold labels, in the four languages of the real
/// documents (issue 28's corpus): a document with one of them is a checkpoint of some kind even
/// when no format reads its sections.
const HANDOFF_WORDS: [&str; 39] = [
    "checkpoint",
    "next",
    "handoff",
    "hand off",
    "session",
    "next step",
    "next steps",
    "next action",
    "next up",
    "what s next",
    "todo",
    "todos",
    "to do",
    "done",
    "completed",
    "remaining",
    "decision",
    "decisions",
    "blocker",
    "blockers",
    "progress",
    "in flight",
    "resume",
    "下一步",
    "待办",
    "已完成",
    "决定",
    "决策",
    "次に",
    "次の",
    "完了",
    "決定",
    "決着",
    "残件",
    "残り",
    "다음",
    "완료",
    "결정",
    "남은",
];

/// Why `doc` (a file read as pair when no format recognised it) is no checkpoint, or `None`
/// when it is one: it is when the parse read any checkpoint content (tasks, decisions, a next
/// action, a goal, a branch or status line, context, questions, a journal), when its H1 is a
/// seed's header (`# Checkpoint: …`, `# Working Context — <name>`), or when a heading or bold
/// label holds a word of [`HANDOFF_WORDS`].
fn unrecognised(doc: &crate::model::Document, text: &str) -> Option<String> {
    let read = doc.goal.is_some()
        || doc.branch.is_some()
        || doc.next_action.is_some()
        || doc.status.is_some()
        || doc.stage.is_some()
        || doc.stopped_at.is_some()
        || doc.start_with.is_some()
        || !doc.tasks_done.is_empty()
        || !doc.tasks_remaining.is_empty()
        || !doc.decisions.is_empty()
        || !doc.done_when.is_empty()
        || !doc.open_questions.is_empty()
        || !doc.context.is_empty()
        || !doc.journal.is_empty();
    if read {
        return None;
    }
    let mut headings = Vec::new();
    let mut labels = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") || t.starts_with("~~~") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Plain-text logs head their entries `=== Session: … ===` (claude-progress.txt).
        if let Some(h) = t.strip_prefix("===").and_then(|h| h.strip_suffix("===")) {
            headings.push(h.trim().to_string());
        }
        if let Some(h) = t.strip_prefix('#') {
            let h = h.trim_start_matches('#');
            if h.starts_with(' ') || h.is_empty() {
                headings.push(h.trim().to_string());
            }
        }
        let mut rest = t;
        while let Some((_, after)) = rest.split_once("**") {
            let Some((label, more)) = after.split_once("**") else {
                break;
            };
            labels.push(label.to_string());
            rest = more;
        }
    }
    let seed_header = headings.first().is_some_and(|h| {
        let l = h.to_lowercase();
        l.starts_with("checkpoint:")
            || [
                "working context —",
                "working context -",
                "working context –",
            ]
            .iter()
            .any(|p| l.starts_with(p) && l.len() > p.len() + 1)
    });
    let words = |s: &str| -> bool {
        let norm: String = s
            .to_lowercase()
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { ' ' })
            .collect();
        let norm = format!(
            " {} ",
            norm.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        HANDOFF_WORDS.iter().any(|w| {
            if w.is_ascii() {
                norm.contains(&format!(" {w} "))
            } else {
                norm.contains(w)
            }
        })
    };
    if seed_header || headings.iter().chain(&labels).any(|h| words(h)) {
        return None;
    }
    let shown: Vec<String> = headings
        .iter()
        .take(5)
        .map(|h| format!("'{}'", crate::human::cut(h, 40)))
        .collect();
    Some(if shown.is_empty() {
        "it has no heading, section or field a checkpoint format reads".into()
    } else {
        format!(
            "none of its headings ({}{}) is a section a checkpoint format reads, and it has no task, decision, next step or branch",
            shown.join(", "),
            if headings.len() > 5 { ", …" } else { "" }
        )
    })
}

/// Stories of the files named by their file or folder alone (`by_name`): the same name from
/// different people stays apart. A file whose author line (`written_by`) differs from another
/// file's of the same story in this import, or from the stored story's tip, goes to
/// `<story>-<author>` instead.
///
/// # Errors
/// Storage errors reading a stored tip.
fn people(
    store: &Store,
    by_name: Vec<(StoryId, PathBuf, Planned)>,
) -> Result<Vec<(StoryId, PathBuf, Planned)>> {
    let author = |p: &Planned| {
        p.doc
            .written_by
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(str::to_string)
    };
    let mut authors: BTreeMap<StoryId, std::collections::BTreeSet<String>> = BTreeMap::new();
    for (story, _, planned) in &by_name {
        if let Some(a) = author(planned) {
            authors.entry(story.clone()).or_default().insert(a);
        }
    }
    let mut out = Vec::new();
    for (story, path, planned) in by_name {
        let Some(a) = author(&planned) else {
            out.push((story, path, planned));
            continue;
        };
        let several = authors.get(&story).is_some_and(|s| s.len() > 1);
        let stored = match crate::store::locate(store, &story, false) {
            Ok((refname, tip)) => {
                let rev = store.read(&refname, tip)?;
                super::parse_revision(store, &rev).doc.written_by
            }
            Err(_) => None,
        };
        let other = stored.is_some_and(|s| s.trim() != a);
        let story = if several || other {
            person(&story, &a)
        } else {
            story
        };
        out.push((story, path, planned));
    }
    Ok(out)
}

/// `<story>-<author>`, the author lowercased with every run of other characters than letters
/// and digits one `-`; `story` itself when that is no valid id.
fn person(story: &StoryId, author: &str) -> StoryId {
    let slug = super::base::slug(author, char::is_alphanumeric);
    StoryId::parse(&format!("{story}-{slug}")).unwrap_or_else(|_| story.clone())
}

/// The completion log of `story`'s tip; empty when the story has no checkpoint.
///
/// # Errors
/// Storage errors reading the tip.
fn stored_completions(store: &Store, story: &StoryId) -> Result<Vec<Completion>> {
    match crate::store::locate(store, story, false) {
        Ok((refname, tip)) => Ok(store.read(&refname, tip)?.meta.completed),
        Err(_) => Ok(Vec::new()),
    }
}

/// The directory holding `path`, absolute (empty when it cannot be told).
fn dir_of(path: &Path) -> PathBuf {
    std::path::absolute(path)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_default()
}

/// Reads `path`, refusing anything over `limit` bytes before reading it.
fn read(path: &Path, limit: u64) -> Result<Vec<u8>> {
    let meta = std::fs::metadata(path).map_err(|cause| Error::Read {
        path: path.to_path_buf(),
        cause,
    })?;
    // A FIFO or device would block or never end: only regular files are read.
    if !meta.is_file() {
        let why = if meta.is_dir() {
            format!(
                "it is a directory; pass the files in it ({}/*.md)",
                path.display()
            )
        } else {
            "it is not a regular file (a FIFO, socket or device); pass a file".to_string()
        };
        return Err(Error::Read {
            path: path.to_path_buf(),
            cause: std::io::Error::new(std::io::ErrorKind::InvalidInput, why),
        });
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::plan::story_of;

    #[test]
    fn files_are_recognised_by_name_then_content() {
        let kind = |name: &str, text: &str| recognise(Path::new(name), text, None);
        assert_eq!(kind("completed.md", ""), Kind::TeamCompleted);
        assert_eq!(
            kind("log.md", "- 2026-07-15 | T3 | limiter | files: -\n"),
            Kind::TeamCompleted
        );
        assert_eq!(kind("STACK.md", ""), Kind::PmStack);
        assert_eq!(
            kind("x.md", "# STACK\n\n### A-1\n- Pushed: now\n"),
            Kind::PmStack
        );
        assert_eq!(kind("NOW.md", ""), Kind::PmNow);
        assert_eq!(kind("x.md", "# NOW\n- Item: A-1\n"), Kind::PmNow);
        assert_eq!(
            kind(
                "x.md",
                "---\nstatus: in-progress\ntimestamp: 2026-07-16\n---\n"
            ),
            Kind::Gstack
        );
        assert_eq!(
            kind("x.md", "# Working Context — a\n## Part A — Snapshot\n"),
            Kind::TeamContext
        );
        assert_eq!(kind("313.md", "## Story\n#313\n"), Kind::Pair);
    }

    #[test]
    fn a_given_format_wins_and_splits_its_two_files() {
        let kind = |name: &str, f: Format| recognise(Path::new(name), "# NOW\n", Some(&f));
        assert_eq!(kind("NOW.md", Format::Pair), Kind::Pair);
        assert_eq!(kind("completed.md", Format::Team), Kind::TeamCompleted);
        assert_eq!(kind("NOW.md", Format::Team), Kind::TeamContext);
        assert_eq!(kind("STACK.md", Format::Pm), Kind::PmStack);
        assert_eq!(kind("a.md", Format::Pm), Kind::PmNow);
        assert_eq!(kind("NOW.md", Format::Gstack), Kind::Gstack);
    }

    #[test]
    fn stories_come_from_the_flag_then_the_first_valid_candidate() {
        let path = Path::new("x.md");
        let flag = StoryId::parse("A-1").expect("valid id");
        let c = [
            None,
            Some("not a story!".to_string()),
            Some("#313".to_string()),
        ];
        assert_eq!(story_of(Some(&flag), &c, path).ok(), Some(flag));
        assert_eq!(story_of(None, &c, path).ok(), StoryId::parse("#313").ok());
        assert!(story_of(None, &[None], path).is_err());
    }
}
