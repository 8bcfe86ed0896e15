//! One module per subcommand, each with its `Args` and `run`. Shared here: finding the
//! repository and the story, and reading the revision a read command shows.

pub mod agent;
pub mod at;
pub mod diff;
pub mod done;
pub mod export;
pub mod fetch;
pub mod generate;
pub mod import;
pub mod install_man;
pub mod list;
pub mod log;
pub mod pr_body;
pub mod prompt;
pub mod push;
pub mod resume;
pub mod save;
pub mod setup;
pub mod show;
pub mod stack;
pub mod start;
pub mod status;
pub mod switch;
pub mod sync;

use crate::cli::ui::Messages;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::gitstate;
use git_checkpoint::model::Parsed;
use git_checkpoint::remote;
use git_checkpoint::store::{self, Revision, Store};
use git_checkpoint::story::{self, StoryId};
use gix::ObjectId;

/// Exit code of `resume --strict` when confidence is not high.
pub const EXIT_NEEDS_CONFIRMATION: i32 = 3;

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
    /// The worktree's current story (`git checkpoint start`).
    Current,
}

/// Resolves the story: explicit, else `GIT_CHECKPOINT_STORY`, else the branch name (built-in
/// patterns and `checkpoint.storyPattern`), else the worktree's current story (`start`); with
/// `by_recorded_branch`, else the one checkpoint whose recorded branch is the current branch.
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
        let id = StoryId::parse(&s.to_string_lossy()).map_err(|e| match e {
            Error::InvalidStory { input, rule } => Error::InvalidStory {
                input,
                rule: format!("{rule} (the id came from GIT_CHECKPOINT_STORY)"),
            },
            other => other,
        })?;
        return Ok((id, Found::Env));
    }
    let branch = gitstate::head(&store.repo)?.branch;
    let pattern = store.config_string("checkpoint.storyPattern");
    if let Some(b) = &branch {
        if let Some(id) = story::detect_from_branch(b, pattern.as_deref())? {
            return Ok((id, Found::Branch(b.clone())));
        }
    }
    if let Some(id) = git_checkpoint::current::get(store) {
        return Ok((id, Found::Current));
    }
    let refs = store.refs(store::ACTIVE_PREFIX)?;
    if by_recorded_branch {
        if let Some(b) = &branch {
            let mut on_branch = Vec::new();
            for (id, tip) in &refs {
                let on_b = store.summary(*tip).is_ok_and(|s| s.branch == *b);
                if on_b && StoryId::parse(id).is_ok_and(|s| s.as_str() == id) {
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
pub fn note_found(err: &mut Messages, story: &StoryId, found: &Found) {
    match found {
        Found::Explicit => {}
        Found::Env => err.note(format_args!("story {story} from GIT_CHECKPOINT_STORY")),
        Found::Branch(b) => err.note(format_args!("story {story} detected from branch '{b}'")),
        Found::Recorded(b) => err.note(format_args!(
            "story {story}: the only checkpoint recorded on the current branch '{b}'"
        )),
        Found::Current => err.note(format_args!(
            "story {story} is this worktree's current story"
        )),
    }
}

/// Parses a stored revision with the template it was written with.
pub fn parse_rev(store: &Store, rev: &Revision) -> Parsed {
    git_checkpoint::formats::parse_revision(store, rev)
}

/// The ref a read command looks at and its tip.
pub struct Located {
    /// The story.
    pub story: StoryId,
    /// Full ref name: active, archived, or a remote-tracking ref.
    pub refname: String,
    /// The ref's commit.
    pub tip: ObjectId,
}

/// Finds what `resume`/`show`/`log`/`diff` read: `REMOTE/STORY` (a configured remote) reads the
/// remote-tracking ref `refs/remotes/<remote>/checkpoints/<story>`; otherwise the story is
/// resolved as by [`resolve_story`] (with the recorded-branch fallback) and read from the active
/// or, with `archived`, the archive namespace.
///
/// # Errors
/// [`Error::NotFound`] and [`Error::Conflict`] (not fetched) when the ref does not exist; story
/// resolution errors.
pub fn locate_for_read(
    err: &mut Messages,
    store: &Store,
    explicit: Option<&str>,
    command: &'static str,
    archived: bool,
) -> Result<Located> {
    // Story ids never contain '/', so `REMOTE/STORY` always means a remote's copy.
    if let Some((remote_name, id)) = explicit
        .and_then(|s| s.split_once('/'))
        .filter(|(r, id)| !r.is_empty() && !id.is_empty())
    {
        let story = StoryId::parse(id)?;
        let prefix = if archived {
            remote::tracking_archive_prefix(remote_name)
        } else {
            remote::tracking_prefix(remote_name)
        };
        let refname = format!("{prefix}{story}");
        let tip = store.tip(&refname)?.ok_or_else(|| Error::RemoteNotFound {
            story: story.to_string(),
            refname: refname.clone(),
        })?;
        return Ok(Located {
            story,
            refname,
            tip,
        });
    }
    let (story, found) = resolve_story(store, explicit, command, true)?;
    note_found(err, &story, &found);
    let (refname, tip) = store::locate(store, &story, archived)?;
    Ok(Located {
        story,
        refname,
        tip,
    })
}

/// Reads the revision to show: the located tip, or `--rev N|COMMIT` from its history.
///
/// # Errors
/// [`Error::NoSuchRevision`], storage errors.
pub fn read_revision(store: &Store, at: &Located, rev: Option<&str>) -> Result<Revision> {
    let commit = match rev {
        None => at.tip,
        Some(r) => {
            let history = store.history(at.tip)?;
            store::find_revision(&history, r)
                .map(|s| s.commit)
                .ok_or_else(|| Error::NoSuchRevision {
                    story: at.story.to_string(),
                    refname: at.refname.clone(),
                    rev: r.to_string(),
                })?
        }
    };
    store.read(&at.refname, commit)
}

/// The `--format` values of `import` and `export`: the built-in formats by name, in
/// [`git_checkpoint::formats::BUILTIN`] order, each with its module's help line; `auto` first for `import`.
fn format_values(import: bool) -> clap::builder::PossibleValuesParser {
    use clap::builder::PossibleValue;
    let auto = import
        .then(|| PossibleValue::new("auto").help("Recognise each file by its name and content"));
    let builtin = git_checkpoint::formats::BUILTIN.iter().filter_map(|name| {
        let f = git_checkpoint::formats::Format::builtin(name)?;
        let help = if import {
            f.files_read()
        } else {
            f.files_written()
        };
        Some(PossibleValue::new(*name).help(help))
    });
    clap::builder::PossibleValuesParser::new(auto.into_iter().chain(builtin))
}

/// `import --format`: a built-in format, or `None` for `auto`.
pub fn import_format(
) -> impl clap::builder::TypedValueParser<Value = Option<git_checkpoint::formats::Format>> {
    use clap::builder::TypedValueParser;
    format_values(true).map(|name| git_checkpoint::formats::Format::builtin(&name))
}

/// `export --format`: a built-in format.
pub fn export_format(
) -> impl clap::builder::TypedValueParser<Value = git_checkpoint::formats::Format> {
    use clap::builder::TypedValueParser;
    format_values(false).map(|name| {
        git_checkpoint::formats::Format::builtin(&name)
            .expect("every possible value names a built-in format")
    })
}
