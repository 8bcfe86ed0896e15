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
                let (story, planned) = pair::import_file(path, &text, explicit)?;
                plan.source(&story, path);
                plan.add(story, planned);
            }
            Kind::PmNow => {
                if let Some((story, planned)) = pm::import_now(path, &text, explicit, notice)? {
                    plan.current = Some(story.clone());
                    plan.source(&story, path);
                    plan.add(story, planned);
                }
            }
            Kind::PmStack => {
                for (story, planned, entry) in pm::import_stack(path, &text, notice)? {
                    plan.source(&story, path);
                    plan.add(story.clone(), planned);
                    plan.stack.push((story, entry));
                }
            }
        }
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
