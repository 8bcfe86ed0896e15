//! Where each agent's hook settings and instruction files live, and how they are written.
//!
//! This module owns paths and the safe write; what goes into a file is [`super::install`] and
//! [`super::skill`]. It must not print.
//!
//! Locations (each agent's documentation, confirmed in the pinned CLIs of tests/agents):
//!
//! | agent | project (default) | project, shared | user |
//! | --- | --- | --- | --- |
//! | Claude Code | `.claude/settings.local.json` | `.claude/settings.json` | `$CLAUDE_CONFIG_DIR/settings.json` (default `~/.claude`) |
//! | Codex | `.codex/hooks.json` | same | `$CODEX_HOME/hooks.json` (default `~/.codex`) |
//! | Cursor | `.cursor/hooks.json` | same | `~/.cursor/hooks.json` |
//! | Gemini CLI | `.gemini/settings.json` | same | `~/.gemini/settings.json` |
//!
//! The MCP server's entry (`agent install --mcp`, see [`crate::mcp::clients`]) goes to Codex's
//! `config.toml` (`.codex/` or `$CODEX_HOME`), Cursor's `mcp.json` (`.cursor/` or `~/.cursor/`),
//! Gemini CLI's `settings.json` (the hooks file) and Claude Desktop's
//! `claude_desktop_config.json` (user scope only; see [`mcp_file`]), with the same write rules.
//!
//! Claude Code is the only one with an uncommitted local settings file (it git-ignores it when
//! it creates it); the others have one project file, which is the default and the shared one.
//!
//! Writes (issue 13): the new text goes to a temp file created exclusively (`O_EXCL`, random
//! name, by the `tempfile` crate) in the target's directory, gets the replaced file's mode, is
//! synced and renamed over the target, inside [`crate::signals::deferred`]. A symlink at the
//! temp path cannot be followed: the name is fresh and creation fails on anything there. A
//! settings path that is a symlink (or lies under a symlinked directory) is written through to
//! the real file, after [`resolve`] checked where that is: inside the project's work tree for
//! project scope; under HOME (or the agent's configured directory) and owned by the user for
//! user scope. A read-only file is refused. Nothing is written when a check fails.

use super::{project_path, Agent, Part};
use crate::error::{Error, Result};
use crate::mcp::clients::{self, Client};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// What a user must do before Codex runs the hooks we install (docs/agents/HARNESS.md, "Trust";
/// Codex's hooks docs): it runs unmanaged hooks only once trusted, and `codex exec` skips
/// untrusted ones silently.
pub const CODEX_TRUST: &str = "Codex runs these hooks only after you trust them: start `codex`, \
    open `/hooks` and trust the git-checkpoint entries (again after an install changes them); \
    project hooks also need the project trusted. Until then `codex exec` skips them without a word";

/// Which configuration an install targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// The repository: files under the work tree's top directory.
    Project,
    /// Every project of the user: files under HOME (or the agent's configured directory).
    User,
}

impl Scope {
    /// `project` or `user`.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Project => "project",
            Scope::User => "user",
        }
    }
}

/// The directories paths are made from: the project's work tree top (when in one), HOME, and
/// the agents' own directory variables.
#[derive(Debug, Clone, Default)]
pub struct Roots {
    /// The work tree's top directory, when there is one.
    pub project: Option<PathBuf>,
    /// `HOME`, when set and not empty.
    pub home: Option<PathBuf>,
    /// `CLAUDE_CONFIG_DIR`, when set and not empty (Claude Code's user directory).
    pub claude_config_dir: Option<PathBuf>,
    /// `CODEX_HOME`, when set and not empty (Codex's user directory).
    pub codex_home: Option<PathBuf>,
    /// `XDG_CONFIG_HOME` (`APPDATA` on Windows), when set and not empty: where Claude
    /// Desktop's configuration lives off macOS.
    pub config_home: Option<PathBuf>,
}

impl Roots {
    /// The roots from the environment, with `project` as the work tree top.
    pub fn from_env(project: Option<PathBuf>) -> Roots {
        // A relative directory is taken from the current one, as the agents' own loaders do
        // (path checks compare real, absolute paths).
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .map(|p| std::path::absolute(&p).unwrap_or(p))
        };
        Roots {
            project,
            home: var("HOME"),
            claude_config_dir: var("CLAUDE_CONFIG_DIR"),
            codex_home: var("CODEX_HOME"),
            config_home: var(if cfg!(windows) {
                "APPDATA"
            } else {
                "XDG_CONFIG_HOME"
            }),
        }
    }

    /// The agent's user directory: `$CLAUDE_CONFIG_DIR` / `$CODEX_HOME` when set, else
    /// `~/.claude`, `~/.codex`, `~/.cursor`, `~/.gemini`.
    ///
    /// # Errors
    /// [`Error::NoHome`] when the default is needed and HOME is not set.
    pub fn user_dir(&self, agent: Agent) -> Result<PathBuf> {
        let configured = match agent {
            Agent::Claude => self.claude_config_dir.clone(),
            Agent::Codex => self.codex_home.clone(),
            Agent::Cursor | Agent::Gemini => None,
        };
        if let Some(dir) = configured {
            return Ok(dir);
        }
        let home = self.home.as_ref().ok_or(Error::NoHome)?;
        Ok(home.join(match agent {
            Agent::Claude => ".claude",
            Agent::Codex => ".codex",
            Agent::Cursor => ".cursor",
            Agent::Gemini => ".gemini",
        }))
    }

    fn project(&self) -> Result<&Path> {
        self.project.as_deref().ok_or(Error::NoWorkTree)
    }
}

/// A file we write: where, for which scope, and the directory it must stay in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The path as the agent reads it (may be or pass through a symlink).
    pub path: PathBuf,
    /// The scope it belongs to.
    pub scope: Scope,
    /// The directories the real file must be under: the work tree top (project), or HOME and
    /// the agent's user directory (user).
    pub within: Vec<PathBuf>,
    /// The path for people: relative to the project top (`.claude/settings.local.json`), or
    /// `~/...` under HOME, else in full.
    pub shown: String,
}

impl Target {
    fn new(path: PathBuf, scope: Scope, roots: &Roots, agent: Agent) -> Target {
        let mut within = Vec::new();
        match scope {
            Scope::Project => within.extend(roots.project.clone()),
            Scope::User => {
                within.extend(roots.home.clone());
                if let Ok(dir) = roots.user_dir(agent) {
                    within.push(dir);
                }
            }
        }
        Target::within(path, scope, roots, within)
    }

    fn within(path: PathBuf, scope: Scope, roots: &Roots, within: Vec<PathBuf>) -> Target {
        let rel = |base: &Option<PathBuf>| {
            base.as_ref()
                .and_then(|b| path.strip_prefix(b).ok())
                .map(|p| p.to_string_lossy().into_owned())
        };
        let shown = match scope {
            Scope::Project => rel(&roots.project),
            Scope::User => rel(&roots.home).map(|r| format!("~/{r}")),
        }
        .unwrap_or_else(|| path.to_string_lossy().into_owned());
        Target {
            path,
            scope,
            within,
            shown,
        }
    }
}

/// The hooks file of `agent` for `scope`; `shared` picks Claude Code's committed
/// `.claude/settings.json` over its local file (the other agents have one project file).
///
/// # Errors
/// [`Error::NoWorkTree`] for project scope outside a work tree; [`Error::NoHome`].
pub fn hooks_file(agent: Agent, scope: Scope, shared: bool, roots: &Roots) -> Result<Target> {
    let path = match scope {
        Scope::Project => {
            let part = if shared {
                Part::SharedHooks(agent)
            } else {
                Part::Hooks(agent)
            };
            roots
                .project()?
                .join(project_path(part).expect("every agent has a project hooks file"))
        }
        Scope::User => roots.user_dir(agent)?.join(match agent {
            Agent::Codex | Agent::Cursor => "hooks.json",
            Agent::Claude | Agent::Gemini => "settings.json",
        }),
    };
    Ok(Target::new(path, scope, roots, agent))
}

/// Where the agent loads our instructions from (see [`super::skill`]): Claude Code's skill
/// folder, Codex's `AGENTS.md` (or `AGENTS.override.md`, see [`codex_instructions`]), Gemini
/// CLI's `GEMINI.md` (its default context file name), a Cursor rule file. `None` for Cursor's
/// user scope, whose user rules live in its settings UI, not in a file.
///
/// # Errors
/// As [`hooks_file`].
pub fn skill_file(agent: Agent, scope: Scope, roots: &Roots) -> Result<Option<Target>> {
    let path = match (agent, scope) {
        (Agent::Claude | Agent::Gemini | Agent::Cursor, Scope::Project) => roots
            .project()?
            .join(project_path(Part::Skill(agent)).expect("every agent has a skill file")),
        (Agent::Claude, Scope::User) => roots
            .user_dir(agent)?
            .join("skills/git-checkpoint/SKILL.md"),
        (Agent::Codex, Scope::Project) => codex_instructions(roots.project()?)[0].clone(),
        (Agent::Codex, Scope::User) => codex_instructions(&roots.user_dir(agent)?)[0].clone(),
        (Agent::Gemini, Scope::User) => roots.user_dir(agent)?.join("GEMINI.md"),
        (Agent::Cursor, Scope::User) => return Ok(None),
    };
    Ok(Some(Target::new(path, scope, roots, agent)))
}

/// Codex's instruction files in `dir` (the project top, or its home), the one it reads first:
/// `AGENTS.override.md` when that file is there and not blank, else `AGENTS.md`. Codex reads
/// one file per directory, the override first, and skips empty ones (developers.openai.com,
/// Codex "Custom instructions with AGENTS.md", "How Codex discovers guidance"); our section in
/// `AGENTS.md` beside a user's override would never reach the model.
pub fn codex_instructions(dir: &Path) -> [PathBuf; 2] {
    use std::io::Read as _;
    let (over, plain) = (dir.join("AGENTS.override.md"), dir.join("AGENTS.md"));
    // A blank file of any size is skipped as empty; a look at its first 64 KiB tells.
    let mut head = Vec::new();
    let read = std::fs::File::open(&over).and_then(|f| f.take(64 * 1024).read_to_end(&mut head));
    match read {
        Ok(_) if !head.trim_ascii().is_empty() => [over, plain],
        _ => [plain, over],
    }
}

/// The instruction files `agent install` did not choose for `agent` in `scope` but that an
/// earlier install may have written our section into: Codex's other file of
/// [`codex_instructions`] (a user who adds an override after installing). `agent install` and
/// `agent uninstall` remove our section from these, so it stands only where the agent reads it.
///
/// # Errors
/// As [`hooks_file`].
pub fn other_skill_files(agent: Agent, scope: Scope, roots: &Roots) -> Result<Vec<Target>> {
    let dir = match (agent, scope) {
        (Agent::Codex, Scope::Project) => roots.project()?.to_path_buf(),
        (Agent::Codex, Scope::User) => roots.user_dir(agent)?,
        _ => return Ok(Vec::new()),
    };
    let [_, other] = codex_instructions(&dir);
    Ok(vec![Target::new(other, scope, roots, agent)])
}

/// The MCP configuration file of `client` for `scope` (see [`crate::mcp::clients::user_file`]
/// and [`crate::mcp::clients::project_file`]); `None` for Claude Desktop's project scope,
/// which does not exist. A user file must stay under HOME, or under the client's configured
/// directory (`CODEX_HOME`; Claude Desktop's `XDG_CONFIG_HOME`).
///
/// # Errors
/// As [`hooks_file`].
pub fn mcp_file(client: Client, scope: Scope, roots: &Roots) -> Result<Option<Target>> {
    let (path, within) = match scope {
        Scope::Project => match clients::project_file(client, roots.project()?) {
            Some(path) => (path, roots.project.iter().cloned().collect()),
            None => return Ok(None),
        },
        Scope::User => {
            let home = roots.home.as_deref();
            let configured = match client {
                Client::Codex => roots.codex_home.clone(),
                Client::ClaudeDesktop => roots.config_home.clone(),
                Client::Cursor | Client::Gemini => None,
            };
            let Some(base) = home.or(configured.as_deref()) else {
                return Err(Error::NoHome);
            };
            let env = |name: &str| match name {
                "CODEX_HOME" => roots.codex_home.clone().map(Into::into),
                "XDG_CONFIG_HOME" | "APPDATA" => roots.config_home.clone().map(Into::into),
                _ => None,
            };
            let path = clients::user_file(client, base, env);
            if home.is_none() && configured.as_ref().is_none_or(|c| !path.starts_with(c)) {
                return Err(Error::NoHome);
            }
            let mut within: Vec<PathBuf> = roots.home.iter().cloned().collect();
            within.extend(configured);
            (path, within)
        }
    };
    Ok(Some(Target::within(path, scope, roots, within)))
}

fn refuse(target: &Target, reason: String, fix: &str) -> Error {
    Error::UnsafeWrite {
        path: target.path.clone(),
        reason,
        fix: fix.to_string(),
    }
}

/// The real file `target` names (symlinks followed) after checking that it may be written:
/// under `Target::within`, owned by the user for user scope, not read-only. The file itself
/// need not exist.
///
/// # Errors
/// [`Error::UnsafeWrite`] naming the path, what is wrong and the fix: a project path resolving
/// outside the work tree, a user path resolving outside HOME or to another user's file, a
/// dangling symlink, a read-only file; [`Error::Read`] when a directory cannot be examined.
pub fn resolve(target: &Target) -> Result<PathBuf> {
    let real = real_path(&target.path).map_err(|e| match e {
        Resolve::Dangling(link) => refuse(
            target,
            format!("{} is a symlink to a missing file", link.display()),
            "remove the symlink or create its target",
        ),
        Resolve::Io(path, cause) => Error::Read { path, cause },
    })?;
    let within: Vec<PathBuf> = target
        .within
        .iter()
        .map(|w| std::fs::canonicalize(w).unwrap_or_else(|_| w.clone()))
        .collect();
    if !within.iter().any(|w| real.starts_with(w)) {
        return Err(match target.scope {
            Scope::Project => refuse(
                target,
                format!(
                    "it resolves to {}, outside the project's work tree",
                    real.display()
                ),
                "remove the symlink, or install for your user with --user",
            ),
            Scope::User => refuse(
                target,
                format!(
                    "it resolves to {}, outside your home directory",
                    real.display()
                ),
                "point the symlink at a file under HOME, or edit the file by hand",
            ),
        });
    }
    if let Ok(meta) = std::fs::metadata(&real) {
        if target.scope == Scope::User && !owned_by_us(&meta) {
            return Err(refuse(
                target,
                format!("{} belongs to another user", real.display()),
                "run as its owner, or edit the file by hand",
            ));
        }
        if meta.permissions().readonly() {
            return Err(refuse(
                target,
                "it is read-only".into(),
                &format!(
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

enum Resolve {
    Dangling(PathBuf),
    Io(PathBuf, std::io::Error),
}

/// `path` with every symlink resolved, also when its last components do not exist yet (they
/// are appended to the deepest existing ancestor's real path).
fn real_path(path: &Path) -> std::result::Result<PathBuf, Resolve> {
    let mut missing = Vec::new();
    let mut cur = path.to_path_buf();
    loop {
        match std::fs::symlink_metadata(&cur) {
            Ok(_) => {
                let real = std::fs::canonicalize(&cur).map_err(|e| {
                    if e.kind() == std::io::ErrorKind::NotFound {
                        Resolve::Dangling(cur.clone())
                    } else {
                        Resolve::Io(cur.clone(), e)
                    }
                })?;
                return Ok(missing.iter().rev().fold(real, |p, c| p.join(c)));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let (Some(parent), Some(name)) = (cur.parent(), cur.file_name()) else {
                    return Err(Resolve::Io(cur.clone(), e));
                };
                missing.push(name.to_os_string());
                cur = parent.to_path_buf();
            }
            Err(e) => return Err(Resolve::Io(cur, e)),
        }
    }
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

/// The first `name` on `path` (a `PATH` value) that is an executable file, as the shell would
/// find it, or `None`.
pub fn find_on_path(name: &str, path: &std::ffi::OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .filter(|d| !d.as_os_str().is_empty())
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(p: &Path) -> bool {
    p.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots(dir: &Path) -> Roots {
        Roots {
            project: Some(dir.join("repo")),
            home: Some(dir.join("home")),
            claude_config_dir: None,
            codex_home: None,
            config_home: None,
        }
    }

    #[test]
    fn paths_follow_the_agents_docs_and_variables() {
        let r = roots(Path::new("/x"));
        let f = |a, s, shared| hooks_file(a, s, shared, &r).unwrap().path;
        assert_eq!(
            f(Agent::Claude, Scope::Project, false),
            Path::new("/x/repo/.claude/settings.local.json")
        );
        assert_eq!(
            f(Agent::Claude, Scope::Project, true),
            Path::new("/x/repo/.claude/settings.json")
        );
        assert_eq!(
            f(Agent::Codex, Scope::User, false),
            Path::new("/x/home/.codex/hooks.json")
        );
        let t = hooks_file(Agent::Claude, Scope::Project, false, &r).unwrap();
        assert_eq!(t.shown, ".claude/settings.local.json");
        let t = hooks_file(Agent::Gemini, Scope::User, false, &r).unwrap();
        assert_eq!(t.shown, "~/.gemini/settings.json");
        let r = Roots {
            claude_config_dir: Some("/c".into()),
            codex_home: Some("/k".into()),
            ..r
        };
        assert_eq!(
            hooks_file(Agent::Claude, Scope::User, false, &r)
                .unwrap()
                .path,
            Path::new("/c/settings.json")
        );
        assert_eq!(
            skill_file(Agent::Codex, Scope::User, &r)
                .unwrap()
                .unwrap()
                .path,
            Path::new("/k/AGENTS.md")
        );
        assert!(skill_file(Agent::Cursor, Scope::User, &r)
            .unwrap()
            .is_none());
        let none = Roots::default();
        assert!(matches!(
            hooks_file(Agent::Gemini, Scope::Project, false, &none),
            Err(Error::NoWorkTree)
        ));
        assert!(matches!(
            hooks_file(Agent::Gemini, Scope::User, false, &none),
            Err(Error::NoHome)
        ));
    }
}
