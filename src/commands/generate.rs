//! `git checkpoint generate-docs DIR` (hidden): writes the man pages (`DIR/man/*.1`) and shell
//! completions (`DIR/completions/*`) from the clap definitions. The committed `man/` and
//! `completions/` are its output; a test fails when they are stale.

use crate::cli::Cli;
use crate::error::Result;
use clap::CommandFactory;
use clap_complete::Shell;
use std::path::{Path, PathBuf};

/// Arguments of `generate-docs`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Directory that receives `man/` and `completions/` (the repository root to refresh them).
    pub dir: PathBuf,
}

/// Runs `generate-docs`.
///
/// # Errors
/// I/O errors writing the files.
pub fn run(args: Args) -> Result<i32> {
    generate(&args.dir)?;
    Ok(0)
}

/// Writes `git-checkpoint.1`, one `git-checkpoint-<sub>.1` per visible subcommand, and
/// completions for bash, zsh, fish, elvish and PowerShell under `dir`.
///
/// # Errors
/// I/O errors.
pub fn generate(dir: &Path) -> std::io::Result<()> {
    let man = dir.join("man");
    let completions = dir.join("completions");
    std::fs::create_dir_all(&man)?;
    std::fs::create_dir_all(&completions)?;
    let cmd = Cli::command().name("git-checkpoint");
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut buf)?;
    std::fs::write(man.join("git-checkpoint.1"), &buf)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("git-checkpoint-{}", sub.get_name());
        let page = sub
            .clone()
            .name(name.clone())
            .bin_name(format!("git checkpoint {}", sub.get_name()));
        let mut buf = Vec::new();
        clap_mangen::Man::new(page).render(&mut buf)?;
        std::fs::write(man.join(format!("{name}.1")), &buf)?;
    }
    for (shell, file) in [
        (Shell::Bash, "git-checkpoint.bash"),
        (Shell::Zsh, "_git-checkpoint"),
        (Shell::Fish, "git-checkpoint.fish"),
        (Shell::Elvish, "git-checkpoint.elv"),
        (Shell::PowerShell, "_git-checkpoint.ps1"),
    ] {
        let mut buf = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "git-checkpoint", &mut buf);
        std::fs::write(completions.join(file), &buf)?;
    }
    Ok(())
}
