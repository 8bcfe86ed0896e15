//! `git checkpoint install-man [DIR]`: writes the man pages (rendered from this binary, so they
//! always match it) into `DIR/man1`, where `git help checkpoint` (`man git-checkpoint`) finds
//! them. `cargo install` cannot install man pages; this is the step after it.
//!
//! The default directory is chosen the way man-db and BSD man search without MANPATH: for each
//! `PATH` entry `X/bin` they also search `X/share/man` (manpath(5)). The binary's own directory
//! is on `PATH` (git found it there), so `<bindir>/../share/man` is searched whenever the binary
//! lives in a `bin` directory (`~/.cargo/bin` gives `~/.cargo/share/man`). Otherwise
//! `$XDG_DATA_HOME/man` (default `~/.local/share/man`). Afterwards `man -w` checks that man
//! finds the page and a hint says how to fix MANPATH when it does not.

use crate::cli::context::Context;
pub use crate::cli::self_args::InstallManArgs as Args;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::files;
use std::path::{Path, PathBuf};

/// Runs `install-man`: writes the pages, reports each path on stdout and a MANPATH hint on
/// stderr when `man` would not find them; returns the exit code.
///
/// # Errors
/// [`Error::NoManDir`] when no directory can be chosen (no HOME); [`Error::ManPageWrite`].
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let root = match args.dir {
        Some(d) => d,
        None => default_dir()?,
    };
    let dir = root.join("man1");
    let pages = super::generate::man_pages()?;
    let out = &mut ctx.ui.out;
    if args.dry_run {
        for (name, _) in &pages {
            out.line(&format!("would write {}", dir.join(name).display()))?;
        }
        return Ok(0);
    }
    // Through the one writer: inside a repository, its symlinks may not lead the pages out of
    // its work tree or into its git directory.
    let (tree, git_dirs) = match ctx.repo.store() {
        Ok(store) => (
            store.workdir().map(Path::to_path_buf),
            vec![
                store.git_dir().to_path_buf(),
                store.common_dir().to_path_buf(),
            ],
        ),
        Err(_) => (None, Vec::new()),
    };
    for (name, bytes) in &pages {
        let path = dir.join(name);
        let target = files::Target::named(path.clone(), tree.clone(), git_dirs.clone());
        files::write(&target, bytes).map_err(|e| match e {
            Error::Write { cause, .. } => write_error(&path, cause),
            e => e,
        })?;
    }
    let out = &mut ctx.ui.out;
    let err = &mut ctx.ui.err;
    out.line(&format!(
        "Installed {} man pages in {}",
        pages.len(),
        dir.display()
    ))?;
    match man_finds() {
        Some(found) if found.starts_with(&root) || same_file(&found, &dir) => {
            out.line(&format!("`git help checkpoint` opens {}", found.display()))?;
        }
        Some(found) => err.hint(format_args!(
            "man finds another page first: {}; put {} earlier in MANPATH",
            found.display(),
            root.display()
        )),
        None if which("man").is_none() => {
            err.hint(format_args!("no `man` program found; install man-db to read the pages"))
        }
        None => err.hint(format_args!(
            "man does not search {}; add it: export MANPATH=\"{}:$MANPATH\" (the trailing ':' keeps the default path)",
            root.display(),
            root.display()
        )),
    }
    Ok(0)
}

fn write_error(path: &Path, e: std::io::Error) -> Error {
    Error::ManPageWrite {
        path: path.to_path_buf(),
        cause: e,
    }
}

/// The default man directory, see the module documentation.
///
/// # Errors
/// [`Error::NoManDir`] when neither a `bin` directory nor HOME is available.
pub fn default_dir() -> Result<PathBuf> {
    if let Ok(exe) = std::env::current_exe() {
        if let Some(bin) = exe.parent() {
            if bin.file_name().is_some_and(|n| n == "bin") {
                if let Some(prefix) = bin.parent() {
                    return Ok(prefix.join("share").join("man"));
                }
            }
        }
    }
    if let Some(data) = std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(data).join("man"));
    }
    match std::env::var_os("HOME").filter(|v| !v.is_empty()) {
        Some(home) => Ok(PathBuf::from(home).join(".local/share/man")),
        None => Err(Error::NoManDir),
    }
}

/// The file `man -w git-checkpoint` resolves to, if man is installed and finds one.
fn man_finds() -> Option<PathBuf> {
    let out = std::process::Command::new("man")
        .args(["-w", "git-checkpoint"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let s = String::from_utf8_lossy(&out.stdout);
    let first = s.lines().next()?.trim();
    (out.status.success() && !first.is_empty()).then(|| PathBuf::from(first))
}

fn same_file(found: &Path, dir: &Path) -> bool {
    match (found.parent().map(Path::canonicalize), dir.canonicalize()) {
        (Some(Ok(a)), Ok(b)) => a == b,
        _ => false,
    }
}

/// The first `name` on PATH, if any.
fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}
