//! One module per subcommand, each with its `Args` and `run`. Shared here: finding the
//! repository and the story, and the JSON view of a checkpoint.

pub mod agent;
pub mod diff;
pub mod done;
pub mod generate;
pub mod install_man;
pub mod list;
pub mod log;
pub mod pr_body;
pub mod resume;
pub mod save;
pub mod show;

use crate::error::{Error, Result};
use crate::gitstate;
use crate::model::{self, Parsed};
use crate::output::rfc3339;
use crate::store::{self, Revision, Store};
use crate::story::{self, StoryId};
use serde_json::json;

/// Version of every `--json` document; see `docs/json-schema/`.
pub const JSON_SCHEMA_VERSION: u32 = 1;

/// Exit code of `resume --strict` when confidence is not high.
pub const EXIT_NEEDS_CONFIRMATION: i32 = 3;

/// Opens the repository from the current directory (honouring `GIT_DIR`/`GIT_WORK_TREE`).
///
/// # Errors
/// See [`Store::discover`].
pub fn open() -> Result<Store> {
    let cwd = std::env::current_dir().map_err(|e| Error::NotARepository(e.to_string()))?;
    Store::discover(&cwd)
}

/// How the story was found, for a note on stderr when it was not given explicitly.
pub enum Found {
    /// Given on the command line.
    Explicit,
    /// From `GIT_CHECKPOINT_STORY`.
    Env,
    /// Detected from the branch name.
    Branch(String),
    /// The single checkpoint recorded on the current branch.
    Recorded(String),
}

/// Resolves the story: explicit, else `GIT_CHECKPOINT_STORY`, else the branch name (built-in
/// patterns and `checkpoint.storyPattern`); with `by_recorded_branch`, else the one checkpoint
/// whose recorded branch is the current branch.
///
/// # Errors
/// [`Error::InvalidStory`] for a bad id; [`Error::NoStory`] listing candidates otherwise.
pub fn resolve_story(
    store: &Store,
    explicit: Option<&str>,
    command: &'static str,
    by_recorded_branch: bool,
) -> Result<(StoryId, Found)> {
    if let Some(s) = explicit {
        return Ok((StoryId::parse(s)?, Found::Explicit));
    }
    if let Some(s) = std::env::var_os("GIT_CHECKPOINT_STORY").filter(|s| !s.is_empty()) {
        return Ok((StoryId::parse(&s.to_string_lossy())?, Found::Env));
    }
    let branch = gitstate::head(&store.repo)?.branch;
    let pattern = store.config_string("checkpoint.storyPattern");
    if let Some(b) = &branch {
        if let Some(id) = story::detect_from_branch(b, pattern.as_deref())? {
            return Ok((id, Found::Branch(b.clone())));
        }
    }
    let refs = store.refs(store::ACTIVE_PREFIX)?;
    if by_recorded_branch {
        if let Some(b) = &branch {
            let mut on_branch = Vec::new();
            for (id, tip) in &refs {
                if store.summary(*tip)?.branch == *b {
                    on_branch.push(id.clone());
                }
            }
            if on_branch.len() == 1 {
                let id = StoryId::parse(&on_branch[0])?;
                return Ok((id, Found::Recorded(b.clone())));
            }
        }
    }
    let reason = match &branch {
        Some(b) => format!("no story id in branch '{b}'"),
        None => "HEAD is detached".to_string(),
    };
    let candidates = if refs.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = refs.iter().take(10).map(|(s, _)| s.as_str()).collect();
        let more = if refs.len() > 10 { ", ..." } else { "" };
        format!(" (checkpoints: {}{more})", names.join(", "))
    };
    Err(Error::NoStory {
        command,
        reason,
        candidates,
    })
}

/// Prints how the story was found when it was not given, so nothing is silently guessed.
pub fn note_found(story: &StoryId, found: &Found) {
    match found {
        Found::Explicit => {}
        Found::Env => eprintln!("note: story {story} from GIT_CHECKPOINT_STORY"),
        Found::Branch(b) => eprintln!("note: story {story} detected from branch '{b}'"),
        Found::Recorded(b) => eprintln!(
            "note: story {story}: the only checkpoint recorded on the current branch '{b}'"
        ),
    }
}

/// The JSON view of a checkpoint revision shared by `resume`, `show` and `save`.
pub fn view_json(
    story: &StoryId,
    refname: &str,
    rev: &Revision,
    parsed: &Parsed,
    warnings: &[String],
) -> serde_json::Value {
    let d = &parsed.doc;
    let texts = |tasks: &[model::Task]| tasks.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
    json!({
        "schema_version": JSON_SCHEMA_VERSION,
        "story": story.as_str(),
        "ref": refname,
        "title": d.title.clone().or_else(|| rev.meta.title.clone()),
        "goal": d.goal,
        "source": d.source,
        "branch": d.branch.clone().or_else(|| rev.meta.branch.clone()),
        "commit": rev.summary.commit.to_string(),
        "revision": rev.summary.revision.max(rev.meta.revision),
        "head": rev.meta.head,
        "merge_base": rev.meta.merge_base,
        "status": rev.meta.status,
        "template": rev.meta.template,
        "tasks_done": texts(&d.tasks_done),
        "tasks_remaining": texts(&d.tasks_remaining),
        "decisions": d.decisions,
        "next_action": d.next_action,
        "files_modified": rev.meta.files_modified,
        "confidence": parsed.confidence.as_str(),
        "gaps": parsed.gaps,
        "ignored_sections": parsed.ignored_sections,
        "warnings": warnings,
        "author": rev.summary.author,
        "updated_at": rfc3339(rev.summary.time, rev.summary.offset),
        "document": rev.document,
    })
}

/// Reads the revision to show: the tip of the active (or archived) ref, or `--rev N|COMMIT`.
///
/// # Errors
/// [`Error::NotFound`], [`Error::NoSuchRevision`], storage errors.
pub fn read_revision(
    store: &Store,
    story: &StoryId,
    archived: bool,
    rev: Option<&str>,
) -> Result<(String, Revision)> {
    let (refname, tip) = store::locate(store, story, archived)?;
    let commit = match rev {
        None => tip,
        Some(r) => {
            let history = store.history(tip)?;
            store::find_revision(&history, r)
                .map(|s| s.commit)
                .ok_or_else(|| Error::NoSuchRevision {
                    story: story.to_string(),
                    refname: refname.clone(),
                    rev: r.to_string(),
                })?
        }
    };
    let revision = store.read(&refname, commit)?;
    Ok((refname, revision))
}

/// A story argument that names a remote-tracking checkpoint: `origin/313` is story `313` at
/// `refs/remotes/origin/checkpoints/313`, the layout that
/// `git fetch origin '+refs/checkpoints/*:refs/remotes/origin/checkpoints/*'` creates.
/// Story ids never contain `/`, so the text after the last `/` is the story and the text
/// before it the remote. Returns `None` for a plain story id.
///
/// # Errors
/// [`Error::InvalidStory`] when the part after the last `/` is not a valid story id, or the
/// remote part is empty.
pub fn remote_story(input: &str) -> Result<Option<(StoryId, String)>> {
    let Some((remote, story)) = input.rsplit_once('/') else {
        return Ok(None);
    };
    if remote.is_empty() {
        return Err(Error::InvalidStory {
            input: input.to_string(),
            rule: "name a remote before '/', as in origin/313".into(),
        });
    }
    let story = StoryId::parse(story)?;
    let refname = remote_refname(remote, &story);
    Ok(Some((story, refname)))
}

/// `refs/remotes/<remote>/checkpoints/<story>`: where a fetched copy of a story lives.
pub fn remote_refname(remote: &str, story: &StoryId) -> String {
    format!("refs/remotes/{remote}/checkpoints/{}", story.as_str())
}

/// Reads a revision of the checkpoint at any ref (a remote-tracking copy, for example): the
/// tip, or `rev` (a number or commit) from its history.
///
/// # Errors
/// [`Error::RemoteNotFound`] when the ref does not exist, [`Error::NoSuchRevision`], storage
/// errors.
pub fn read_revision_at(
    store: &Store,
    story: &StoryId,
    refname: &str,
    rev: Option<&str>,
) -> Result<Revision> {
    let tip = store.tip(refname)?.ok_or_else(|| Error::RemoteNotFound {
        story: story.to_string(),
        refname: refname.to_string(),
    })?;
    let commit = match rev {
        None => tip,
        Some(r) => {
            let history = store.history(tip)?;
            store::find_revision(&history, r)
                .map(|s| s.commit)
                .ok_or_else(|| Error::NoSuchRevision {
                    story: story.to_string(),
                    refname: refname.to_string(),
                    rev: r.to_string(),
                })?
        }
    };
    store.read(refname, commit)
}
