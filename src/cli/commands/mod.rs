//! One module per subcommand, each with its `Args` and `run`. Shared here: finding the
//! repository and the story, and reading the revision a read command shows.
//!
//! An `Args` struct's doc comment is its command's about text as well as the `cli::Command`
//! variant's (clap builds a command's arguments only when it runs, and then that doc wins):
//! keep the two the same.

pub mod agent;
pub mod agent_hook;
pub mod at;
pub mod claim;
pub mod diff;
pub mod done;
pub mod export;
pub mod fetch;
pub mod generate;
pub mod handoff;
pub mod help;
pub mod import;
pub mod install_man;
pub mod list;
pub mod log;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod pr_body;
pub mod prompt;
pub mod push;
pub mod release;
pub mod resume;
pub mod save;
pub mod setup;
pub mod show;
pub mod stack;
pub mod start;
pub mod status;
pub mod switch;
pub mod sync;

use crate::cli::context::Context;
use crate::cli::output::Output;
use crate::cli::ui::Messages;
use git_checkpoint::error::Result;
use git_checkpoint::remote;
use git_checkpoint::store::Store;
use git_checkpoint::story::StoryId;

/// `-q/--quiet`, flattened into every command that writes.
#[derive(Debug, clap::Args)]
#[command(about = None, long_about = None)]
pub struct Quiet {
    /// Only errors and warnings on stderr, and the data asked for on stdout (`--json`).
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

/// `-q`, the `[REMOTE]` positional and `--json`: all of `fetch`'s and `sync`'s arguments and the
/// first of `setup`'s and `push`'s (flattened into each).
#[derive(Debug, clap::Args)]
#[command(about = None, long_about = None)]
pub struct RemoteArgs {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Remote name; default: the branch's upstream remote, then checkpoint.remote, then origin.
    pub remote: Option<String>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

impl RemoteArgs {
    /// [`Context::open`], and the remote to use: the one named, else the branch's upstream
    /// remote, `checkpoint.remote`, then `origin` ([`remote::choose`]).
    ///
    /// # Errors
    /// As [`Context::open`] and [`remote::choose`].
    pub fn open<'c>(
        &self,
        ctx: &'c mut Context,
    ) -> Result<(&'c mut Output, &'c mut Messages, Store, String)> {
        let (out, err, store) = ctx.open()?;
        let remote = remote::choose(&store, self.remote.as_deref())?;
        Ok((out, err, store, remote))
    }
}

/// `--allow-secret` and `--no-verify`: what `push` and `sync` may be told to let through
/// (flattened into each).
#[derive(Debug, clap::Args)]
#[command(about = None, long_about = None)]
pub struct PushGuards {
    /// Push even if a checkpoint holds what looks like a credential, including one accepted
    /// with `save --allow-secret` (this command only; see checkpoint.secretScan).
    #[arg(long)]
    pub allow_secret: bool,
    /// Do not run the repository's pre-push hook (as `git push --no-verify`).
    #[arg(long)]
    pub no_verify: bool,
}

impl PushGuards {
    /// The library's push guards these flags ask for.
    pub fn guards(&self) -> git_checkpoint::ops::push::Guards {
        git_checkpoint::ops::push::Guards {
            allow_secret: self.allow_secret,
            no_verify: self.no_verify,
        }
    }
}

/// `--ours` / `--theirs`: take one side of every open merge conflict (`fetch`, `sync`).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct TakeSide {
    /// Resolve every open merge conflict of the stories fetched by taking the side the
    /// conflict marker calls `ours` (the clone that merged), writing one revision per story.
    #[arg(long, conflicts_with = "theirs")]
    pub ours: bool,
    /// Likewise, taking the side the marker calls `theirs`: the side the merging clone fetched,
    /// whichever clone runs this (the marker names each side's author and revision; `resume`
    /// shows them).
    #[arg(long)]
    pub theirs: bool,
}

impl TakeSide {
    /// The side asked for, if any.
    pub fn pick(self) -> Option<git_checkpoint::model::conflict::Pick> {
        use git_checkpoint::model::conflict::Pick;
        match (self.ours, self.theirs) {
            (true, _) => Some(Pick::Ours),
            (_, true) => Some(Pick::Theirs),
            _ => None,
        }
    }
}

/// Prints one line per story whose conflicts `--ours`/`--theirs` resolved.
///
/// # Errors
/// I/O errors.
pub fn print_taken(
    out: &mut Output,
    taken: &[git_checkpoint::ops::resolve::Taken],
) -> std::io::Result<()> {
    for t in taken {
        out.line(&format!(
            "resolved     {:<40} {} (took {} in {}; revision {})",
            t.refname,
            &t.commit[..12.min(t.commit.len())],
            t.side,
            crate::cli::output::count(t.resolved, "conflict", "conflicts"),
            t.revision
        ))?;
    }
    Ok(())
}

/// Exit code of `resume --strict` when confidence is not high.
pub const EXIT_NEEDS_CONFIRMATION: i32 = 3;

pub use git_checkpoint::ops::locate::{resolve_story, Found, Located};

/// Prints how the story was found when it was not given, so nothing is silently guessed.
pub fn note_found(err: &mut Messages, story: &StoryId, found: &Found) {
    let shown = story.shown();
    match found {
        Found::Explicit => {}
        Found::Env => err.note(format_args!("story {shown} from GIT_CHECKPOINT_STORY")),
        Found::Branch(b) => err.note(format_args!("story {shown} detected from branch '{b}'")),
        Found::Recorded(b) => err.note(format_args!(
            "story {shown}: the only checkpoint recorded on the current branch '{b}'"
        )),
        Found::Current => err.note(format_args!(
            "story {shown} is this worktree's current story"
        )),
        Found::CurrentOverBranch(b, other) => err.warn(format_args!(
            "using story {}, this worktree's current story (`git checkpoint start`), not {} from branch '{b}'; name the story to use that one",
            story.display(),
            other.display()
        )),
    }
}

/// [`resolve_story`], with a note on stderr of how the story was found when it was not given.
///
/// # Errors
/// As [`resolve_story`].
pub fn resolve_story_noted(
    err: &mut Messages,
    store: &Store,
    explicit: Option<&str>,
    command: &'static str,
    by_recorded_branch: bool,
) -> Result<StoryId> {
    let (story, found) = resolve_story(store, explicit, command, by_recorded_branch)?;
    note_found(err, &story, &found);
    Ok(story)
}

/// [`git_checkpoint::ops::locate::locate_for_read`], with a note on stderr of how the story
/// was found when it was not given.
///
/// # Errors
/// As [`git_checkpoint::ops::locate::locate_for_read`].
pub fn locate_for_read(
    err: &mut Messages,
    store: &Store,
    explicit: Option<&str>,
    command: &'static str,
    archived: bool,
) -> Result<Located> {
    let (located, found) =
        git_checkpoint::ops::locate::locate_for_read(store, explicit, command, archived)?;
    note_found(err, &located.story, &found);
    note_remote_copy(err, explicit, &located);
    Ok(located)
}

/// A note when a story not given as `REMOTE/STORY` was read from a remote's copy because this
/// clone has no checkpoint of it (git's rule for a branch only a remote has).
pub fn note_remote_copy(
    err: &mut Messages,
    explicit: Option<&str>,
    located: &git_checkpoint::ops::locate::Located,
) {
    let named = explicit.is_some_and(|s| s.contains('/'));
    if let Some(remote) = git_checkpoint::ops::locate::remote_of(&located.refname) {
        if !named {
            err.note(format_args!(
                "story {} has no checkpoint in this clone: reading {remote}'s copy ({}); `git checkpoint save {}` continues from it",
                located.story.shown(),
                located.refname,
                located.story.shown()
            ));
        }
    }
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
