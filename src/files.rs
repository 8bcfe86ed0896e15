//! The one writer of the files git-checkpoint writes outside the git directory: `export -o`,
//! `agent install` and `agent uninstall` (hooks settings, skills, rules, instruction files, MCP
//! configuration), `install-man`, `generate-docs`. What lives under `.git/checkpoint*` (session
//! state, the current story, pending deletions) is ours and written by its own module; nothing
//! here writes there.
//!
//! A repository is content somebody else chose: it can commit a symlink at any name we might
//! write (a target, a temp file beside it, a directory on the way) pointing at a shell rc file
//! or at `.git/config`. So, for every [`Target`]:
//!
//! 1. The new text goes to a temp file created exclusively (`O_EXCL`, random name, by the
//!    `tempfile` crate) in the real target's directory, gets the replaced file's mode (a new file
//!    gets what the umask leaves of 0666), is synced and renamed over the real target, inside
//!    [`crate::signals::deferred`]. Nothing can be planted at the temp name: it is fresh and its
//!    creation fails on anything already there.
//! 2. A symlink on the path (the target itself or a directory on the way) is followed only when
//!    its own place is outside the work tree (the repository cannot have put it there: the user
//!    did), or when what it leads to is inside the work tree. A symlink lying in the work tree
//!    and leading out of it is refused, whether committed or not.
//! 3. The real file must lie under [`Target::within`] when that is not empty: the work tree for
//!    a project file, HOME (or the agent's own directory) for a user's file, which must also be
//!    owned by the user.
//! 4. Never into a git directory: the repository's git dir and common dir, and any directory
//!    named `.git`.
//! 5. A dangling symlink and a read-only file are refused. Nothing is written when a check
//!    fails; the error ([`Error::UnsafeWrite`]) names the path, what is wrong and the fix.
//!
//! This module must not print, and must not know who calls it (the wording of the fixes comes
//! from the target's [`Rule`]).

use crate::error::{Error, Result};
use std::ffi::OsString;
use std::io::Write as _;
use std::path::{Component, Path, PathBuf};

/// Whose file a [`Target`] is, which says where it may resolve and what the fix of a refusal is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// A file of the project (`agent install --project`): it must resolve inside the work tree.
    Project,
    /// A file of the user's (`agent install --user`): under HOME or the agent's directory, and
    /// owned by the user.
    User,
    /// A path the user named (`export -o`, `install-man DIR`): anywhere the user can write,
    /// except through a symlink of the work tree leading out of it, or into a git directory.
    Named,
}

/// A file we write: where, whose, and the places that bound it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The path as the user or the agent names it (may be or pass through a symlink).
    pub path: PathBuf,
    /// Whose file it is.
    pub rule: Rule,
    /// The directories the real file must be under (any of them); empty: anywhere.
    pub within: Vec<PathBuf>,
    /// The work tree, when there is one: a symlink lying in it may only lead into it.
    pub tree: Option<PathBuf>,
    /// The repository's git directories (git dir, common dir): never written into.
    pub git_dirs: Vec<PathBuf>,
    /// The path for people: relative to the project top (`.claude/settings.local.json`),
    /// `~/...` under HOME, else as given.
    pub shown: String,
}

impl Target {
    /// A path the user named ([`Rule::Named`]) in a repository with work tree `tree` (none when
    /// bare) and git directories `git_dirs`.
    pub fn named(path: PathBuf, tree: Option<PathBuf>, git_dirs: Vec<PathBuf>) -> Target {
        Target {
            shown: path.display().to_string(),
            path,
            rule: Rule::Named,
            within: Vec::new(),
            tree,
            git_dirs,
        }
    }

    /// The same rules for another path (a file beside this one, a directory below it).
    pub fn at(&self, path: PathBuf) -> Target {
        Target {
            shown: path.display().to_string(),
            path,
            ..self.clone()
        }
    }

    fn refuse(&self, reason: String, fix: String) -> Error {
        Error::UnsafeWrite {
            path: self.path.clone(),
            reason,
            fix,
        }
    }

    /// What a user can do about a symlink we will not follow.
    fn fix_link(&self) -> String {
        match self.rule {
            Rule::Project => "remove the symlink, or install for your user with --user".into(),
            Rule::User => "point the symlink at a file under HOME, or edit the file by hand".into(),
            Rule::Named => "remove the symlink, or write to another path".into(),
        }
    }
}

/// Why a path could not be followed.
enum Walk {
    /// This symlink leads to nothing.
    Dangling(PathBuf),
    /// Too many symlinks (a loop).
    Loop(PathBuf),
    Io(PathBuf, std::io::Error),
}

/// Where a path really leads.
struct Walked {
    /// The real path: every symlink resolved, components that do not exist yet appended.
    real: PathBuf,
    /// The first symlink followed that lies inside the work tree.
    tree_link: Option<PathBuf>,
    /// Whether any symlink was followed.
    followed: bool,
}

/// The most symlinks one path may pass through (Linux's `MAXSYMLINKS`, path_resolution(7)).
const MAX_LINKS: usize = 40;

/// A component still to resolve, with the symlink it came from (for a dangling one).
enum Step {
    Root(PathBuf),
    Parent,
    Name(OsString, Option<PathBuf>),
}

fn steps(path: &Path, from: Option<&Path>) -> Vec<Step> {
    let mut root = PathBuf::new();
    let mut out = Vec::new();
    for c in path.components() {
        match c {
            Component::Prefix(p) => root.push(p.as_os_str()),
            Component::RootDir => {
                root.push(c.as_os_str());
                out.push(Step::Root(std::mem::take(&mut root)));
            }
            Component::CurDir => {}
            Component::ParentDir => out.push(Step::Parent),
            Component::Normal(n) => out.push(Step::Name(n.to_os_string(), from.map(Into::into))),
        }
    }
    out
}

/// Resolves `path` one component at a time, as the kernel does (path_resolution(7)), noting the
/// first symlink followed whose own place is inside `tree` (a real path).
fn walk(path: &Path, tree: Option<&Path>) -> std::result::Result<Walked, Walk> {
    let abs = std::path::absolute(path).map_err(|e| Walk::Io(path.to_path_buf(), e))?;
    let mut todo = steps(&abs, None);
    todo.reverse();
    let mut cur = PathBuf::new();
    let mut links = 0;
    let mut tree_link = None;
    let mut missing = false;
    while let Some(step) = todo.pop() {
        match step {
            Step::Root(r) => cur = r,
            Step::Parent => {
                cur.pop();
            }
            Step::Name(name, from) => {
                let next = cur.join(&name);
                if missing {
                    cur = next;
                    continue;
                }
                match std::fs::symlink_metadata(&next) {
                    Ok(m) if m.is_symlink() => {
                        links += 1;
                        if links > MAX_LINKS {
                            return Err(Walk::Loop(next));
                        }
                        let to =
                            std::fs::read_link(&next).map_err(|e| Walk::Io(next.clone(), e))?;
                        if tree_link.is_none() && tree.is_some_and(|t| cur.starts_with(t)) {
                            tree_link = Some(next.clone());
                        }
                        let mut more = steps(&to, Some(&next));
                        more.reverse();
                        todo.extend(more);
                    }
                    Ok(_) => cur = next,
                    // Missing, or a file where a directory should be (the write then fails
                    // naming the path).
                    Err(e)
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                        ) =>
                    {
                        if let Some(link) =
                            from.filter(|_| e.kind() == std::io::ErrorKind::NotFound)
                        {
                            return Err(Walk::Dangling(link));
                        }
                        missing = true;
                        cur = next;
                    }
                    Err(e) => return Err(Walk::Io(next, e)),
                }
            }
        }
    }
    Ok(Walked {
        real: cur,
        tree_link,
        followed: links > 0,
    })
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The real file `target` names (symlinks followed) after checking the rules of the module
/// documentation. The file itself need not exist.
///
/// # Errors
/// [`Error::UnsafeWrite`] naming the path, what is wrong and the fix: a symlink of the work
/// tree leading out of it, a real file outside [`Target::within`], in a git directory, or
/// (user's files) another user's, a dangling symlink or a loop, a read-only file;
/// [`Error::Read`] when a directory cannot be examined.
pub fn resolve(target: &Target) -> Result<PathBuf> {
    let tree = target.tree.as_deref().map(canonical);
    let Walked {
        real,
        tree_link,
        followed,
    } = walk(&target.path, tree.as_deref()).map_err(|e| match e {
        Walk::Dangling(link) => target.refuse(
            format!("{} is a symlink to a missing file", link.display()),
            "remove the symlink or create its target".into(),
        ),
        Walk::Loop(link) => target.refuse(
            format!("{} leads to too many symlinks (a loop)", link.display()),
            "remove the symlink".into(),
        ),
        Walk::Io(path, cause) => Error::Read { path, cause },
    })?;
    let within: Vec<PathBuf> = target.within.iter().map(|w| canonical(w)).collect();
    if !within.is_empty() && !within.iter().any(|w| real.starts_with(w)) {
        return Err(match target.rule {
            Rule::Project => target.refuse(
                format!(
                    "it resolves to {}, outside the project's work tree",
                    real.display()
                ),
                target.fix_link(),
            ),
            Rule::User | Rule::Named => target.refuse(
                format!(
                    "it resolves to {}, outside your home directory",
                    real.display()
                ),
                target.fix_link(),
            ),
        });
    }
    if let (Some(link), Some(tree)) = (&tree_link, &tree) {
        if !real.starts_with(tree) {
            return Err(target.refuse(
                format!(
                    "the symlink {} leads to {}, outside the work tree",
                    link.display(),
                    real.display()
                ),
                target.fix_link(),
            ));
        }
    }
    let in_git_dir = target
        .git_dirs
        .iter()
        .any(|g| real.starts_with(canonical(g)))
        || real.components().any(|c| c.as_os_str() == ".git");
    if in_git_dir {
        return Err(target.refuse(
            format!("it resolves to {}, inside a git directory", real.display()),
            if followed {
                target.fix_link()
            } else {
                "git-checkpoint never writes into a git directory: choose a path outside it".into()
            },
        ));
    }
    if let Ok(meta) = std::fs::metadata(&real) {
        if target.rule == Rule::User && !owned_by_us(&meta) {
            return Err(target.refuse(
                format!("{} belongs to another user", real.display()),
                "run as its owner, or edit the file by hand".into(),
            ));
        }
        if meta.is_file() && meta.permissions().readonly() {
            return Err(target.refuse(
                "it is read-only".into(),
                format!(
                    "make it writable (chmod u+w {}) or edit it by hand",
                    target.path.display()
                ),
            ));
        }
    }
    Ok(real)
}

#[cfg(unix)]
fn owned_by_us(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    // SAFETY: geteuid has no preconditions and cannot fail.
    meta.uid() == unsafe { libc::geteuid() }
}

#[cfg(not(unix))]
fn owned_by_us(_meta: &std::fs::Metadata) -> bool {
    true
}

/// The text of `target` (through symlinks), `None` when it does not exist. Checks it with
/// [`resolve`] first, so a dry run refuses what a write would.
///
/// # Errors
/// As [`resolve`]; [`Error::Read`] when it exists but cannot be read (or is not UTF-8).
pub fn read(target: &Target) -> Result<Option<String>> {
    let real = resolve(target)?;
    match std::fs::read(&real) {
        Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|e| Error::Read {
            path: target.path.clone(),
            cause: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(cause) => Err(Error::Read {
            path: target.path.clone(),
            cause,
        }),
    }
}

/// Makes the directory `target` names, with its parents, after [`resolve`] checked where it
/// leads (`export -o dir/`).
///
/// # Errors
/// As [`resolve`]; [`Error::Write`] when a directory cannot be made.
pub fn create_dir(target: &Target) -> Result<()> {
    let real = resolve(target)?;
    std::fs::create_dir_all(&real).map_err(|cause| Error::Write {
        path: target.path.clone(),
        cause,
    })
}

/// Replaces the file `target` names with `contents` as described in the module docs (exclusive
/// temp file, mode kept, atomic rename, through a checked symlink), creating its directories.
///
/// # Errors
/// As [`resolve`]; [`Error::Write`] when a directory cannot be made or the file written.
pub fn write(target: &Target, contents: &[u8]) -> Result<()> {
    let real = resolve(target)?;
    let fail = |cause: std::io::Error| Error::Write {
        path: target.path.clone(),
        cause,
    };
    let dir = real
        .parent()
        .ok_or_else(|| fail(std::io::Error::other("no parent directory")))?;
    std::fs::create_dir_all(dir).map_err(fail)?;
    let old_mode = std::fs::metadata(&real).ok().map(|m| m.permissions());
    crate::signals::deferred(|| {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".git-checkpoint-").suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            // A new file gets what the umask leaves of 0666, as any editor's would.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let mut tmp = builder.tempfile_in(dir)?;
        if let Some(mode) = old_mode {
            // Set explicitly: the umask applied at creation must not narrow the old mode.
            tmp.as_file().set_permissions(mode)?;
        }
        tmp.write_all(contents)?;
        tmp.as_file().sync_all()?;
        tmp.persist(&real).map_err(|e| e.error)?;
        Ok(())
    })
    .map_err(fail)
}

/// Removes the file `target` names (a symlink itself, not its target), after [`resolve`]
/// checked it, and then its parent directories below `keep` that are left empty.
///
/// # Errors
/// As [`resolve`]; [`Error::Write`] when it cannot be removed.
pub fn remove(target: &Target, keep: &Path) -> Result<()> {
    let real = resolve(target)?;
    let doomed = if std::fs::symlink_metadata(&target.path).is_ok_and(|m| m.is_symlink()) {
        target.path.clone()
    } else {
        real
    };
    match std::fs::remove_file(&doomed) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(cause) => {
            return Err(Error::Write {
                path: target.path.clone(),
                cause,
            })
        }
    }
    let mut dir = target.path.parent();
    while let Some(d) = dir {
        if d == keep || !d.starts_with(keep) || std::fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn named(dir: &Path, rel: &str) -> Target {
        let tree = dir.join("repo");
        Target::named(tree.join(rel), Some(tree.clone()), vec![tree.join(".git")])
    }

    #[test]
    fn symlinks_of_the_tree_may_not_lead_out_of_it_or_into_git() {
        let d = tempfile::tempdir().unwrap();
        let d = &canonical(d.path());
        std::fs::create_dir_all(d.join("repo/.git")).unwrap();
        std::fs::create_dir_all(d.join("repo/sub")).unwrap();
        std::fs::write(d.join("rc"), "mine").unwrap();
        std::fs::write(d.join("repo/sub/inside.md"), "").unwrap();
        std::fs::write(d.join("repo/.git/config"), "[core]").unwrap();
        symlink("../rc", d.join("repo/out.md")).unwrap();
        symlink(".git/config", d.join("repo/cfg.md")).unwrap();
        symlink("sub/inside.md", d.join("repo/in.md")).unwrap();
        symlink("..", d.join("repo/up")).unwrap();
        symlink("nowhere", d.join("repo/dangling.md")).unwrap();
        symlink("loop", d.join("repo/loop")).unwrap();
        let refused = |rel: &str| match resolve(&named(d, rel)) {
            Err(Error::UnsafeWrite { reason, .. }) => reason,
            other => panic!("{rel}: {other:?}"),
        };
        assert!(refused("out.md").contains("outside the work tree"));
        assert!(refused("up/rc").contains("outside the work tree"));
        assert!(refused("cfg.md").contains("inside a git directory"));
        assert!(refused(".git/new").contains("inside a git directory"));
        assert!(refused("dangling.md").contains("missing file"));
        assert!(refused("loop").contains("loop"));
        assert_eq!(
            resolve(&named(d, "in.md")).unwrap(),
            d.join("repo/sub/inside.md")
        );
        assert_eq!(
            resolve(&named(d, "new/dir/x.md")).unwrap(),
            d.join("repo/new/dir/x.md")
        );
        // Outside the work tree a symlink is the user's own: followed.
        symlink("rc", d.join("mine")).unwrap();
        let t = named(d, "x").at(d.join("mine"));
        assert_eq!(resolve(&t).unwrap(), d.join("rc"));
        write(&t, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(d.join("rc")).unwrap(), "new");
        assert!(std::fs::symlink_metadata(d.join("mine"))
            .unwrap()
            .is_symlink());
    }
}
