//! The arguments of the commands about this program itself (`help`, `install-man`,
//! `generate-docs`). They build on the whole command tree ([`super::Cli`]), so their `Args`
//! live here, below it, and their modules in `commands/` hold only what they run: the tree
//! names their arguments without reaching the code that reads the tree.
//!
//! Each `Args` doc comment is its command's about text, as in every command module.

use super::commands::Quiet;
use std::path::PathBuf;

/// Show the help of a command (the same as `git checkpoint COMMAND --help`).
#[derive(Debug, clap::Args)]
pub struct HelpArgs {
    /// The command, and for `stack` and `agent` its subcommand; none: this program's help.
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// Install the man pages where `git help checkpoint` finds them.
#[derive(Debug, clap::Args)]
pub struct InstallManArgs {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Man directory (a MANPATH entry); pages go into DIR/man1. Default: <bindir>/../share/man
    /// when this binary is in a `bin` directory (man searches it via PATH), else
    /// $XDG_DATA_HOME/man or ~/.local/share/man.
    pub dir: Option<PathBuf>,
    /// Print where the pages would go; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// Write man pages, shell completions, JSON Schemas and the agents' plugins into a directory
/// (for packagers).
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// Directory that receives `man/`, `completions/`, `docs/json-schema/v1/` and `plugins/`
    /// (the repository root to refresh them).
    pub dir: PathBuf,
}
