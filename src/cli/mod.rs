//! The command line: global options and one subcommand per module in `commands/`.
//! Doc comments here are the help text (and the man pages).

pub mod commands;
pub mod context;
pub mod output;
pub mod pager;
pub mod reference;
pub mod self_args;
pub mod ui;

use clap::{CommandFactory, Parser, Subcommand};
use git_checkpoint::config::ColorChoice;

/// Keep each story's checkpoint (story, branch, tasks done, decisions, remaining todos, next
/// action) in git refs, so a fresh session resumes exactly where the last one stopped.
///
/// Checkpoints live at refs/checkpoints/<story>: each save is a commit whose tree holds
/// checkpoint.md and meta.json, and the commit chain is the history.
#[derive(Debug, Parser)]
#[command(
    name = "git-checkpoint",
    bin_name = "git checkpoint",
    version,
    max_term_width = 100,
    disable_help_subcommand = true
)]
pub struct Cli {
    /// The options every subcommand takes.
    #[command(flatten)]
    pub globals: Globals,

    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The options every subcommand takes (`global`: clap copies them into each subcommand).
#[derive(Debug, clap::Args)]
pub struct Globals {
    /// When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never.
    /// `--color` alone means always. Default: color.checkpoint, else color.ui, else auto.
    #[arg(long, value_enum, global = true, value_name = "WHEN", num_args = 0..=1, require_equals = true, default_missing_value = "always", help_heading = GLOBAL_OPTIONS)]
    pub color: Option<ColorWhen>,

    /// Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`).
    #[arg(long, global = true, help_heading = GLOBAL_OPTIONS)]
    pub no_pager: bool,
}

/// [`Cli`]'s root without its subcommands: the same name, settings and global options (a test
/// holds them equal), which [`slim_tree`] gives the one subcommand a call names.
#[derive(Debug, Parser)]
#[command(
    name = "git-checkpoint",
    bin_name = "git checkpoint",
    version,
    max_term_width = 100,
    disable_help_subcommand = true
)]
struct Root {
    #[command(flatten)]
    globals: Globals,
}

/// The tree to parse `args` (the process's arguments, its name first) with when the first
/// argument names a subcommand (or an alias of one): the root holding that subcommand alone.
/// Before parsing, clap copies the global options into every subcommand of the root
/// (`Command::_build_self`): for the ~30 subcommands, about 60,000 instructions and 18 fresh
/// heap pages, a thirtieth of a `resume` (callgrind); the subcommands themselves are built
/// only when matched (`#[command(defer)]`). `None` otherwise (an option first, a misspelt
/// name): parse with [`Cli::command`]. A call the slim tree rejects is parsed again with the
/// whole tree, so that every error reads as it always has.
pub fn slim_tree(args: &[std::ffi::OsString]) -> Option<clap::Command> {
    let full = Cli::command();
    let sub = full.find_subcommand(args.get(1)?)?.clone();
    Some(Root::command().subcommand(sub).subcommand_required(true))
}

/// The help heading of the options every command takes, listed after the command's own.
const GLOBAL_OPTIONS: &str = "Global options";

/// `--color` values (clap's side of [`ColorChoice`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl From<ColorWhen> for ColorChoice {
    fn from(c: ColorWhen) -> ColorChoice {
        match c {
            ColorWhen::Auto => ColorChoice::Auto,
            ColorWhen::Always => ColorChoice::Always,
            ColorWhen::Never => ColorChoice::Never,
        }
    }
}

/// The whole command tree with every subcommand's arguments in place and the reference tables
/// after the long help, for help, man pages, completions and checks. [`Cli::command`] alone
/// leaves both out (see [`Command`] and [`for_help`]).
pub fn command() -> clap::Command {
    let mut cmd = for_help(Cli::command());
    cmd.build();
    cmd
}

/// `root` with the storage, configuration, environment and exit-code tables
/// ([`reference::long_help`]) after its `--help`. Only a run that prints help asks for it:
/// laying the tables out took a quarter of the instructions of `--version`.
pub fn for_help(root: clap::Command) -> clap::Command {
    root.after_long_help(reference::long_help())
}

/// Subcommands.
///
/// Each subcommand's arguments are added only when that subcommand runs (`defer`): building all
/// of them took a fifth of a short command such as `resume`. So the about text clap shows comes
/// from the `Args` struct's doc, which must match the variant's doc here (a test checks).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
#[allow(clippy::large_enum_variant)] // parsed once per process; boxing buys nothing
pub enum Command {
    /// Create or update a story's checkpoint in place (a new revision on its ref).
    Save(commands::save::Args),
    /// Read a story's latest checkpoint and report where the work stands.
    Resume(commands::resume::Args),
    /// Print the stored checkpoint document as is (markdown or JSON).
    Show(commands::show::Args),
    /// List checkpoints: story, title, branch, updated, tasks, revisions, status.
    List(commands::list::Args),
    /// Show a story's revisions, newest first.
    Log(commands::log::Args),
    /// Compare two revisions section by section, then as text.
    Diff(commands::diff::Args),
    /// Finish a story: a final revision, then archive its ref (or purge it).
    Done(commands::done::Args),
    /// Push checkpoints, archives and notes to a remote (never forced; merges and retries).
    Push(commands::push::Args),
    /// Fetch a remote's checkpoints into remote-tracking refs and integrate them.
    Fetch(commands::fetch::Args),
    /// Fetch, integrate, then push everything.
    Sync(commands::sync::Args),
    /// Configure a remote so plain `git fetch` brings checkpoints, and notes follow rewrites.
    Setup(commands::setup::Args),
    /// Claim a story: one holder at a time (taken on the remote by a leased push).
    Claim(commands::claim::Args),
    /// Release the claim on a story.
    Release(commands::release::Args),
    /// Offer the claim on a story to a named teammate or agent.
    Handoff(commands::handoff::Args),
    /// List the checkpoints taken at a code commit (from refs/notes/checkpoints).
    At(commands::at::Args),
    /// Make a story this worktree's current story (used when no story is given).
    #[command(visible_alias = "current")]
    Start(commands::start::Args),
    /// Save the current story, then make another one current.
    Switch(commands::switch::Args),
    /// Suspend stories on a stack kept in git and restore them: push, pop, list, drop.
    Stack(commands::stack::Args),
    /// How old the checkpoint is and how far HEAD and the working tree moved; exit 1 when stale.
    Status(commands::status::Args),
    /// Import checkpoint files of the pair, team, pm and gstack systems.
    Import(commands::import::Args),
    /// Write a checkpoint as a pair, team, pm or gstack file.
    Export(commands::export::Args),
    /// Print a self-contained hand-off text for a fresh session or a subagent.
    Prompt(commands::prompt::Args),
    /// Render a pull-request description for the story of the current branch.
    PrBody(commands::pr_body::Args),
    /// Install the man pages where `git help checkpoint` finds them.
    InstallMan(self_args::InstallManArgs),
    /// Connect coding agents (Claude Code, Codex, Cursor, Gemini CLI) to checkpoints.
    Agent(commands::agent::Args),
    /// Serve checkpoints to MCP clients over stdio (resume, save, done, list, log, diff, status).
    #[cfg(feature = "mcp")]
    Mcp(commands::mcp::Args),
    /// Show the help of a command (the same as `git checkpoint COMMAND --help`).
    Help(self_args::HelpArgs),
    /// Write man pages, shell completions and JSON Schemas into a directory (for packagers).
    #[command(hide = true)]
    GenerateDocs(self_args::GenerateArgs),
}

impl Command {
    /// `-q/--quiet`, on the commands that write.
    pub fn quiet(&self) -> bool {
        match self {
            Command::Fetch(a) => a.common.quiet.quiet,
            Command::Sync(a) => a.common.quiet.quiet,
            Command::Setup(a) => a.common.quiet.quiet,
            Command::Stack(a) => {
                a.quiet.quiet && !matches!(a.action, commands::stack::Action::List { .. })
            }
            Command::Save(a) => a.quiet.quiet,
            Command::Claim(a) => a.quiet.quiet,
            Command::Release(a) => a.quiet.quiet,
            Command::Handoff(a) => a.quiet.quiet,
            Command::Done(a) => a.quiet.quiet,
            Command::Push(a) => a.common.quiet.quiet,
            Command::Start(a) => a.quiet.quiet,
            Command::Switch(a) => a.quiet.quiet,
            Command::Import(a) => a.quiet.quiet,
            Command::Export(a) => a.quiet.quiet,
            Command::Agent(a) => a.quiet.quiet,
            Command::InstallMan(a) => a.quiet.quiet,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::FromArgMatches;

    #[test]
    fn the_slim_root_is_the_whole_trees_root() {
        let (full, slim) = (Cli::command(), Root::command());
        assert_eq!(full.get_name(), slim.get_name());
        assert_eq!(full.get_bin_name(), slim.get_bin_name());
        assert_eq!(full.get_version(), slim.get_version());
        assert_eq!(
            full.is_disable_help_subcommand_set(),
            slim.is_disable_help_subcommand_set()
        );
        let ids = |c: &clap::Command| {
            c.get_arguments()
                .map(|a| format!("{a:?}"))
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&full), ids(&slim));
    }

    #[test]
    fn a_call_parses_the_same_with_the_slim_tree_and_rejects_as_the_whole_tree() {
        let parse = |mut tree: clap::Command, args: &[std::ffi::OsString]| {
            tree.try_get_matches_from_mut(args)
                .map(|mut m| format!("{:?}", Cli::from_arg_matches_mut(&mut m)))
                .map_err(|e| e.kind())
        };
        for line in [
            "status 42",
            "resume --color=never 7 --no-pager",
            "current",
            "agent hook Stop --agent claude",
            "save 42 -m --no-pager --todo x",
            "log --color 42",
            "status --bogus",
            "agent hook",
        ] {
            let args: Vec<std::ffi::OsString> = std::iter::once("git-checkpoint")
                .chain(line.split(' '))
                .map(Into::into)
                .collect();
            let slim = slim_tree(&args).expect("names a subcommand");
            assert_eq!(slim.get_subcommands().count(), 1, "{line}");
            assert_eq!(parse(slim, &args), parse(Cli::command(), &args), "{line}");
        }
        let args: Vec<std::ffi::OsString> = vec!["git-checkpoint".into(), "--no-pager".into()];
        assert!(slim_tree(&args).is_none());
        assert!(slim_tree(&args[..1]).is_none());
    }
}
