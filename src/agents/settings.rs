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
//! Writes go through [`crate::files`], the one writer: exclusive temp file, mode kept, atomic
//! rename; a symlink is written through only where [`crate::files::resolve`] allows it (inside the
//! project's work tree and not into a git directory for project scope; under HOME or the agent's
//! directory, and the user's own file, for user scope). Nothing is written when a check fails.

use super::{project_path, Agent, Part};
use crate::error::{Error, Result};
use crate::files::Rule;
pub use crate::files::{read, remove, resolve, write, Target};
use crate::mcp::clients::{self, Client};
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
    /// The repository's git directories (git dir, common dir): never written into.
    pub git_dirs: Vec<PathBuf>,
}

impl Roots {
    /// The roots from the environment, with `project` as the work tree top and `git_dirs` the
    /// repository's git directories.
    pub fn from_env(project: Option<PathBuf>, git_dirs: Vec<PathBuf>) -> Roots {
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
            git_dirs,
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

/// The target of a file of `agent` for `scope`: bounded by the work tree (project), or HOME and
/// the agent's user directory (user).
fn target(path: PathBuf, scope: Scope, roots: &Roots, agent: Agent) -> Target {
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
    target_within(path, scope, roots, within)
}

fn target_within(path: PathBuf, scope: Scope, roots: &Roots, within: Vec<PathBuf>) -> Target {
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
        rule: match scope {
            Scope::Project => Rule::Project,
            Scope::User => Rule::User,
        },
        within,
        tree: roots.project.clone(),
        git_dirs: roots.git_dirs.clone(),
        shown,
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
    Ok(target(path, scope, roots, agent))
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
    Ok(Some(target(path, scope, roots, agent)))
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
    Ok(vec![target(other, scope, roots, agent)])
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
    Ok(Some(target_within(path, scope, roots, within)))
}

/// Where `agent`'s git-checkpoint plugin (or extension, see [`super::plugin`]) shows as
/// installed and enabled, or `None`: Claude Code's `enabledPlugins` entry
/// `git-checkpoint@<marketplace>` set to true in its user settings or a project settings file;
/// Codex's `[plugins."git-checkpoint@<marketplace>"]` table in its user `config.toml` (not
/// `enabled = false`); Gemini CLI's `extensions/git-checkpoint/` in its user directory;
/// Cursor's `plugins/local/git-checkpoint/` in `~/.cursor`. Files that cannot be read or parsed
/// count as not saying so.
pub fn plugin_installed(agent: Agent, roots: &Roots) -> Option<PathBuf> {
    let name = super::plugin::NAME;
    let ours = |key: &str| key.split_once('@').is_some_and(|(n, _)| n == name);
    let user = roots.user_dir(agent).ok();
    match agent {
        Agent::Claude => {
            let mut files: Vec<PathBuf> =
                user.map(|d| d.join("settings.json")).into_iter().collect();
            if let Some(p) = &roots.project {
                files.push(p.join(".claude/settings.json"));
                files.push(p.join(".claude/settings.local.json"));
            }
            files.into_iter().find(|f| {
                let Ok(text) = std::fs::read_to_string(f) else {
                    return false;
                };
                let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
                v.get("enabledPlugins")
                    .and_then(|e| e.as_object())
                    .is_some_and(|e| e.iter().any(|(k, v)| ours(k) && v == true))
            })
        }
        Agent::Codex => {
            let file = user?.join("config.toml");
            let text = std::fs::read_to_string(&file).ok()?;
            let doc: toml_edit::DocumentMut = text.parse().ok()?;
            let plugins = doc.get("plugins")?.as_table_like()?;
            let enabled = plugins.iter().any(|(k, v)| {
                ours(k) && v.get("enabled").and_then(|e| e.as_bool()).unwrap_or(true)
            });
            enabled.then_some(file)
        }
        Agent::Gemini => {
            let file = user?
                .join("extensions")
                .join(name)
                .join("gemini-extension.json");
            file.is_file().then_some(file)
        }
        Agent::Cursor => {
            let dir = user?.join("plugins/local").join(name);
            dir.is_dir().then_some(dir)
        }
    }
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
            git_dirs: vec![dir.join("repo/.git")],
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
