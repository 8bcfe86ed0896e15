//! The command line: global options and one subcommand per module in `commands/`.
//! Doc comments here are the help text (and the man pages).

use crate::commands;
use crate::output::ColorChoice;
use clap::{Parser, Subcommand};

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
    max_term_width = 100
)]
pub struct Cli {
    /// When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true, value_name = "WHEN")]
    pub color: ColorChoice,

    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
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
}
