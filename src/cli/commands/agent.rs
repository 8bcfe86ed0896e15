//! `git-checkpoint agent install|uninstall|status`: a thin adapter over
//! `git_checkpoint::agents` (`install` edits the hooks JSON, `skill` the instruction file,
//! `settings` says where they live and writes them safely) and `git_checkpoint::mcp::clients`
//! (the MCP server's entry in a client's configuration, with `--mcp` and for Claude Desktop).
//! It turns the flags into a scope, prints the diff or what changed, and the notes a user needs
//! (Codex's trust step, a missing `git-checkpoint` on PATH).
//!
//! `agent hook <Event> --agent <name>` (hidden) is what the installed hooks run: see
//! `agent_hook.rs`.

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::agents::install::{self, State};
use git_checkpoint::agents::settings::{self, Roots, Scope, Target};
use git_checkpoint::agents::{self as lib, skill};
use git_checkpoint::error::{Error, Result};
use git_checkpoint::mcp::clients::{self, Client};
use std::path::{Path, PathBuf};

/// Connect coding agents (Claude Code, Codex, Cursor, Gemini CLI) to checkpoints.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `agent` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Add git-checkpoint's hooks and skill to an agent's configuration, with --mcp its MCP
    /// server too (replaces older entries of ours, keeps everything else; idempotent).
    Install(InstallArgs),
    /// Remove git-checkpoint's hooks, skill and MCP server from an agent's configuration.
    Uninstall(InstallArgs),
    /// Show where git-checkpoint's hooks, skill and MCP server are installed, and what is
    /// missing.
    Status(StatusArgs),
    /// Run one hook event for an agent (what the installed hooks call).
    #[command(hide = true)]
    Hook(super::agent_hook::HookArgs),
}

/// What the `<AGENT>` argument names: an agent with hooks, or Claude Desktop, which reaches
/// git-checkpoint only through its MCP server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// One of the library's hook agents.
    Agent(lib::Agent),
    /// Claude Desktop (`claude-desktop`): the MCP server only, user scope only.
    ClaudeDesktop,
}

impl Which {
    /// The MCP client this names, if it has an MCP configuration we edit.
    fn client(self) -> Option<Client> {
        match self {
            Which::Agent(a) => Client::for_agent(a),
            Which::ClaudeDesktop => Some(Client::ClaudeDesktop),
        }
    }

    fn display(self) -> &'static str {
        match self {
            Which::Agent(a) => a.display(),
            Which::ClaudeDesktop => Client::ClaudeDesktop.display(),
        }
    }
}

/// Help for `claude-desktop` beside [`lib::Agent::files`].
const CLAUDE_DESKTOP_FILES: &str = "Claude Desktop: the MCP server only, in claude_desktop_config.json (user: ~/Library/Application Support/Claude/ on macOS, %APPDATA%\\Claude\\ on Windows, $XDG_CONFIG_HOME/Claude/ elsewhere)";

/// The `<AGENT>` argument: one of the library's agents by name, each listed in help with
/// where its files live ([`lib::Agent::files`]), or `claude-desktop`.
fn agent_value() -> impl clap::builder::TypedValueParser<Value = Which> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    let values: Vec<PossibleValue> = lib::Agent::ALL
        .map(|a| PossibleValue::new(a.name()).help(a.files()))
        .into_iter()
        .chain([PossibleValue::new(Client::ClaudeDesktop.name()).help(CLAUDE_DESKTOP_FILES)])
        .collect();
    PossibleValuesParser::new(values).map(|name| match lib::Agent::from_name(&name) {
        Some(a) => Which::Agent(a),
        None => Which::ClaudeDesktop,
    })
}

/// Arguments of `agent install` and `agent uninstall`.
#[derive(Debug, clap::Args)]
pub struct InstallArgs {
    /// The agent to configure.
    #[arg(value_parser = agent_value())]
    pub agent: Which,
    /// This repository (the default): the agent's files under the work tree's top directory;
    /// for Claude Code its uncommitted .claude/settings.local.json.
    #[arg(long, conflicts_with = "user")]
    pub project: bool,
    /// Every project of the current user: the agent's files under HOME (or CLAUDE_CONFIG_DIR,
    /// CODEX_HOME).
    #[arg(long)]
    pub user: bool,
    /// Project scope, the shared file the team commits (Claude Code's .claude/settings.json;
    /// the other agents have only one project file).
    #[arg(long, conflicts_with = "user")]
    pub shared: bool,
    /// Also register the MCP server (`git-checkpoint mcp`, by its absolute path) in the
    /// agent's MCP configuration: Codex's config.toml, Cursor's mcp.json, Gemini CLI's
    /// settings.json. Implied for claude-desktop; Claude Code has its hooks (use `claude mcp
    /// add`). Uninstall removes the server with or without it.
    #[arg(long)]
    pub mcp: bool,
    /// Print the change as a diff; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// Arguments of `agent status`.
#[derive(Debug, clap::Args)]
pub struct StatusArgs {
    /// Only this agent (default: all).
    #[arg(value_parser = agent_value())]
    pub agent: Option<Which>,
    /// Print one JSON document (docs/json-schema/v1/agent-status.schema.json).
    #[arg(long)]
    pub json: bool,
}

/// Runs `agent`; returns the exit code.
///
/// # Errors
/// See [`install`], [`uninstall`], [`status`]; `hook` never fails.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    match args.action {
        Action::Install(a) => change(a, ctx, true),
        Action::Uninstall(a) => change(a, ctx, false),
        Action::Status(a) => status(a, ctx),
        Action::Hook(a) => Ok(super::agent_hook::run(a, &mut ctx.ui.out)),
    }
}

/// The roots for a command: the work tree top when `project` is wanted (required) or
/// merely possible.
fn roots(ctx: &mut Context, need_project: bool) -> Result<Roots> {
    let project = match ctx.repo.store() {
        Ok(store) => store.workdir().map(Path::to_path_buf),
        Err(e) if need_project => return Err(e),
        Err(_) => None,
    };
    if need_project && project.is_none() {
        return Err(Error::NoWorkTree);
    }
    Ok(Roots::from_env(project))
}

/// One file a change touches: where, what it held, what it will hold (`None`: removed).
struct FileChange {
    target: Target,
    old: Option<String>,
    new: Option<String>,
}

/// Runs `agent install` (`add`) or `agent uninstall`: computes every file's new text (hooks,
/// skill, and the MCP configuration with `--mcp`, for Claude Desktop, and always on
/// uninstall), then prints the diff (`--dry-run`) or writes them. A file that holds both the
/// hooks and the MCP servers (Gemini CLI's settings.json) gets both edits in one write.
///
/// # Errors
/// [`Error::SettingsFile`] / [`Error::McpConfigFile`] when a file cannot be parsed or has
/// another shape; [`Error::UnsafeWrite`] for a file that must not be written (a symlink out of
/// the project, a read-only file); [`Error::NoHome`], [`Error::NoWorkTree`];
/// [`Error::NoMcpConfig`] for `claude --mcp`; [`Error::UserScopeOnly`] for Claude Desktop with
/// `--project`/`--shared`; [`Error::Read`], [`Error::Write`]. Nothing is written when any file
/// fails its checks.
pub fn change(args: InstallArgs, ctx: &mut Context, add: bool) -> Result<i32> {
    let which = args.agent;
    let desktop = which == Which::ClaudeDesktop;
    if desktop && (args.project || args.shared) {
        return Err(Error::UserScopeOnly);
    }
    if add && args.mcp && which == Which::Agent(lib::Agent::Claude) {
        return Err(Error::NoMcpConfig);
    }
    let scope = if args.user || desktop {
        Scope::User
    } else {
        Scope::Project
    };
    let roots = roots(ctx, scope == Scope::Project)?;
    let mut files = Vec::new();
    if let Which::Agent(agent) = which {
        let hooks = settings::hooks_file(agent, scope, args.shared, &roots)?;
        let old = settings::read(&hooks)?;
        let new = if add {
            install::merge(agent, old.as_deref(), &hooks.path)?
        } else {
            install::unmerge(agent, old.as_deref(), &hooks.path)?
        };
        files.push(FileChange {
            new: (old.is_some() || add).then_some(new),
            target: hooks,
            old,
        });
        if let Some(target) = settings::skill_file(agent, scope, &roots)? {
            let old = settings::read(&target)?;
            let new = if add {
                Some(skill::installed(agent, old.as_deref()))
            } else {
                old.as_deref().and_then(|o| skill::removed(agent, o))
            };
            files.push(FileChange { target, old, new });
        }
        // Our section where an earlier install put it, if the agent reads another file now.
        for target in settings::other_skill_files(agent, scope, &roots)? {
            let Some(old) = settings::read(&target)? else {
                continue;
            };
            let new = skill::removed(agent, &old);
            if new.as_deref() != Some(old.as_str()) {
                files.push(FileChange {
                    target,
                    old: Some(old),
                    new,
                });
            }
        }
    }
    let register = add && (args.mcp || desktop);
    let mut binary = None;
    let mcp_target = match which.client().filter(|_| register || !add) {
        Some(client) => settings::mcp_file(client, scope, &roots)?.map(|t| (client, t)),
        None => None,
    };
    if let Some((client, target)) = mcp_target {
        if register {
            binary = Some(mcp_binary()?);
        }
        let edit = |old: Option<&str>| match &binary {
            Some(b) => clients::merge(client, old, &target.path, b),
            None => clients::unmerge(client, old, &target.path),
        };
        match files.iter_mut().find(|f| f.target.path == target.path) {
            Some(same) => {
                if let Some(text) = same.new.take() {
                    same.new = Some(edit(Some(&text))?);
                }
            }
            None => {
                let old = match settings::read(&target) {
                    Ok(old) => Some(old),
                    // Uninstall reads every client's file: one we may not write (a symlink
                    // out of the project, read-only) is fine while it holds nothing of ours.
                    Err(e @ Error::UnsafeWrite { .. }) if !register => {
                        let text = std::fs::read_to_string(&target.path).unwrap_or_default();
                        if text.contains(clients::SERVER_NAME) {
                            return Err(e);
                        }
                        None
                    }
                    Err(e) => return Err(e),
                };
                if let Some(old) = old {
                    let new = edit(old.as_deref())?;
                    files.push(FileChange {
                        new: (old.is_some() || add).then_some(new),
                        target,
                        old,
                    });
                }
            }
        }
    }
    if !add && matches!(which, Which::Agent(_)) {
        // A settings file left holding only empty objects is removed, not kept as a skeleton.
        for f in &mut files {
            if f.new.as_deref().is_some_and(install::holds_nothing) {
                f.new = None;
            }
        }
    }
    let out = &mut ctx.ui.out;
    let changed: Vec<&FileChange> = files.iter().filter(|f| f.old != f.new).collect();
    if changed.is_empty() {
        let mcp = touches_mcp(which, add, register);
        let what = match (which, add, mcp) {
            (Which::ClaudeDesktop, true, _) => "already has the git-checkpoint MCP server",
            (Which::ClaudeDesktop, false, _) => "has no git-checkpoint MCP server",
            (_, true, true) => "already has the git-checkpoint hooks, skill and MCP server",
            (_, true, false) => "already has the git-checkpoint hooks and skill",
            (_, false, true) => "has no git-checkpoint hooks, skill or MCP server",
            (_, false, false) => "has no git-checkpoint hooks or skill",
        };
        out.line(&format!("{} {what}; nothing to change", which.display()))?;
    }
    for f in &changed {
        if args.dry_run {
            out.line(&format!("would update {}:", f.target.path.display()))?;
            out.raw(&diff(f))?;
        } else {
            match (&f.new, which) {
                (Some(text), _) => settings::write(&f.target, text.as_bytes())?,
                (None, Which::Agent(agent)) => {
                    let keep = roots
                        .project
                        .as_deref()
                        .filter(|_| scope == Scope::Project)
                        .map_or_else(|| roots.user_dir(agent), |p| Ok(p.to_path_buf()))?;
                    settings::remove(&f.target, &keep)?;
                }
                // Only an agent's files are ever removed, never Claude Desktop's configuration.
                (None, Which::ClaudeDesktop) => {}
            }
            let verb = if f.new.is_none() {
                "removed"
            } else if f.old.is_none() {
                "created"
            } else {
                "updated"
            };
            out.line(&format!("{verb} {}", f.target.path.display()))?;
        }
    }
    let err = &mut ctx.ui.err;
    if let Which::Agent(agent) = which {
        let local = agent == lib::Agent::Claude && scope == Scope::Project && !args.shared;
        if add
            && local
            && !args.dry_run
            && files[0].old.is_none()
            && !git_ignores(&files[0].target.path)
        {
            err.note(format_args!(
                "{} is meant to stay uncommitted, but git does not ignore it here: add it to \
                 .gitignore (Claude Code does when it creates the file itself)",
                files[0].target.shown
            ));
        }
        if let Some(text) = files[0].new.as_deref() {
            if add && agent == lib::Agent::Gemini && install::has_comments(text) {
                err.note(format_args!(
                    "{} has comments; they are kept as they were",
                    files[0].target.path.display()
                ));
            }
        }
        if add {
            if agent == lib::Agent::Codex {
                err.note(format_args!("{}", settings::CODEX_TRUST));
            }
            if on_path().is_none() {
                err.warn(format_args!(
                    "git-checkpoint is not on PATH: the hooks run it by that name, so put its \
                     directory on PATH (cargo install puts it in ~/.cargo/bin)"
                ));
            }
        }
    }
    if let (Some(b), false) = (&binary, args.dry_run) {
        if !changed.is_empty() {
            err.note(format_args!(
                "{} starts the MCP server as `{} mcp` from its next start",
                which.display(),
                b.display()
            ));
        }
    }
    Ok(0)
}

/// Whether a change of `which` involves its MCP configuration (for the nothing-to-change line).
fn touches_mcp(which: Which, add: bool, register: bool) -> bool {
    which.client().is_some() && (register || !add)
}

/// The executable an MCP entry starts: the `git-checkpoint` on PATH when it is this program
/// (a stable path across upgrades), else this program's own path. Absolute either way: clients
/// start servers without a shell, and Claude Desktop without the user's PATH.
///
/// # Errors
/// [`Error::Io`] when the running program's path cannot be found.
fn mcp_binary() -> Result<PathBuf> {
    let me = std::env::current_exe()?;
    let real = |p: &Path| std::fs::canonicalize(p).ok();
    if let Some(found) = on_path().and_then(|p| std::path::absolute(p).ok()) {
        if real(&found).is_some() && real(&found) == real(&me) {
            return Ok(found);
        }
    }
    Ok(me)
}

/// Whether git ignores `path` (`git check-ignore`; false when git cannot tell).
fn git_ignores(path: &Path) -> bool {
    let dir = path.parent().unwrap_or(Path::new("."));
    let Ok(store) = git_checkpoint::store::Store::discover(dir) else {
        return false;
    };
    store
        .git()
        .command(&["check-ignore", "-q", "--"])
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

fn on_path() -> Option<PathBuf> {
    settings::find_on_path(
        "git-checkpoint",
        &std::env::var_os("PATH").unwrap_or_default(),
    )
}

/// The unified diff of one file change, headed `a/<shown>` / `b/<shown>` (`/dev/null` for a
/// side that does not exist).
fn diff(f: &FileChange) -> String {
    let shown = &f.target.shown;
    let a = f
        .old
        .as_ref()
        .map_or_else(|| "/dev/null".to_string(), |_| format!("a/{shown}"));
    let b = f
        .new
        .as_ref()
        .map_or_else(|| "/dev/null".to_string(), |_| format!("b/{shown}"));
    similar::TextDiff::from_lines(
        f.old.as_deref().unwrap_or(""),
        f.new.as_deref().unwrap_or(""),
    )
    .unified_diff()
    .context_radius(3)
    .header(&a, &b)
    .to_string()
}

/// Runs `agent status`: one line per agent and place, then one per MCP client and place (or
/// one JSON document).
///
/// # Errors
/// [`Error::Io`] when the running program's path cannot be found; otherwise only writing the
/// output fails: a file that cannot be read is reported in its row.
pub fn status(args: StatusArgs, ctx: &mut Context) -> Result<i32> {
    let roots = roots(ctx, false)?;
    let (agents, mcp_clients): (Vec<lib::Agent>, Vec<Client>) = match args.agent {
        Some(Which::Agent(a)) => (vec![a], Client::for_agent(a).into_iter().collect()),
        Some(Which::ClaudeDesktop) => (Vec::new(), vec![Client::ClaudeDesktop]),
        None => (lib::Agent::ALL.to_vec(), Client::ALL.to_vec()),
    };
    let mut rows = Vec::new();
    for agent in agents {
        let mut places = Vec::new();
        if roots.project.is_some() {
            places.push((Scope::Project, false));
            if agent == lib::Agent::Claude {
                places.push((Scope::Project, true));
            }
        }
        if roots.home.is_some() || roots.user_dir(agent).is_ok() {
            places.push((Scope::User, false));
        }
        for (scope, shared) in places {
            rows.push(place(agent, scope, shared, &roots));
        }
    }
    let server = mcp_binary()?;
    let mut mcp_rows = Vec::new();
    for client in mcp_clients {
        for scope in [Scope::Project, Scope::User] {
            if scope == Scope::Project && roots.project.is_none() {
                continue;
            }
            if let Ok(Some(t)) = settings::mcp_file(client, scope, &roots) {
                mcp_rows.push(mcp_place(client, t, &server));
            }
        }
    }
    let binary = on_path();
    let out = &mut ctx.ui.out;
    if args.json {
        out.json(&git_checkpoint::json::AgentStatus {
            schema_version: git_checkpoint::json::SchemaVersion,
            binary: binary.map(|p| p.display().to_string()),
            agents: rows.into_iter().map(|r| r.json).collect(),
            mcp: mcp_rows.into_iter().map(|r| r.json).collect(),
        })?;
        return Ok(0);
    }
    match &binary {
        Some(p) => out.line(&format!("git-checkpoint on PATH: {}", p.display()))?,
        None => out.line("git-checkpoint is not on PATH: no hook can run until it is")?,
    }
    let width = |f: fn(&Row) -> usize| rows.iter().map(f).max().unwrap_or(0);
    let wa = width(|r| r.json.agent.len()).max(5);
    let ws = width(|r| r.place.len()).max(5);
    let wf = width(|r| r.hooks_shown.len()).max(10);
    if !rows.is_empty() {
        out.line(&format!(
            "{:wa$}  {:ws$}  {:9}  {:wf$}  {:9}  skill file",
            "agent", "scope", "hooks", "hooks file", "skill"
        ))?;
    }
    for r in &rows {
        let skill = r.json.skill.map_or("-", state_name);
        out.line(
            format!(
                "{:wa$}  {:ws$}  {:9}  {:wf$}  {:9}  {}",
                r.json.agent,
                r.place,
                state_name(r.json.hooks),
                r.hooks_shown,
                skill,
                r.skill_shown
            )
            .trim_end(),
        )?;
    }
    if !mcp_rows.is_empty() {
        let wc = mcp_rows
            .iter()
            .map(|r| r.json.client.len())
            .max()
            .unwrap_or(0)
            .max(10);
        if !rows.is_empty() {
            out.line("")?;
        }
        out.line(&format!(
            "{:wc$}  {:7}  {:10}  file",
            "mcp client", "scope", "mcp server"
        ))?;
        for r in &mcp_rows {
            out.line(&format!(
                "{:wc$}  {:7}  {:10}  {}",
                r.json.client,
                r.json.scope.name(),
                state_name(r.json.server),
                r.shown
            ))?;
        }
    }
    for r in &rows {
        if let Some(p) = &r.json.problem {
            out.line(&format!("{} ({}): {p}", r.json.agent, r.place))?;
        }
    }
    for r in &mcp_rows {
        if let Some(p) = &r.json.problem {
            out.line(&format!(
                "{} ({}, mcp): {p}",
                r.json.client,
                r.json.scope.name()
            ))?;
        }
    }
    if mcp_rows.iter().any(|r| r.json.server == State::Stale) {
        out.line(&format!(
            "stale mcp server: an entry of ours that starts another program than {} (or a \
             duplicate); `git-checkpoint agent install <agent> --mcp` (same scope flags) fixes it",
            server.display()
        ))?;
    }
    let stale = rows
        .iter()
        .any(|r| r.json.hooks == State::Stale || r.json.skill == Some(State::Stale));
    if stale {
        out.line("stale: entries from another version; `git-checkpoint agent install <agent>` (with the same scope flags) replaces them")?;
    }
    if rows
        .iter()
        .any(|r| r.json.agent == "codex" && r.json.hooks != State::Missing)
    {
        out.line(&format!("codex: {}", settings::CODEX_TRUST))?;
    }
    Ok(0)
}

/// One MCP row of `agent status`: the JSON entry plus the file as the table shows it.
struct McpRow {
    json: git_checkpoint::json::McpPlace,
    shown: String,
}

fn mcp_place(client: Client, target: settings::Target, server: &Path) -> McpRow {
    let (server_state, problem) = match settings::read(&target)
        .and_then(|text| clients::inspect(client, text.as_deref(), &target.path, server))
    {
        Ok(state) => (state, None),
        Err(e) => (State::Missing, Some(e.chain().to_string())),
    };
    McpRow {
        shown: target.shown.clone(),
        json: git_checkpoint::json::McpPlace {
            client: client.name().to_string(),
            scope: target.scope,
            file: target.path.display().to_string(),
            server: server_state,
            problem,
        },
    }
}

/// One row of `agent status`: the JSON entry plus what the table shows.
struct Row {
    json: git_checkpoint::json::AgentPlace,
    place: String,
    hooks_shown: String,
    skill_shown: String,
}

fn state_name(s: State) -> &'static str {
    match s {
        State::Installed => "installed",
        State::Stale => "stale",
        State::Missing => "missing",
    }
}

fn place(agent: lib::Agent, scope: Scope, shared: bool, roots: &Roots) -> Row {
    let mut problem = None;
    let mut note_problem = |e: Error| {
        problem.get_or_insert_with(|| e.chain().to_string());
    };
    let hooks = settings::hooks_file(agent, scope, shared, roots);
    let (hooks_file, hooks_shown, hooks_state) = match &hooks {
        Ok(t) => {
            let state = settings::read(t)
                .and_then(|text| install::inspect(agent, text.as_deref(), &t.path))
                .unwrap_or_else(|e| {
                    note_problem(e);
                    State::Missing
                });
            (t.path.display().to_string(), t.shown.clone(), state)
        }
        Err(e) => (String::new(), e.to_string(), State::Missing),
    };
    let skill_target = settings::skill_file(agent, scope, roots).ok().flatten();
    let skill_state = skill_target.as_ref().map(|t| match settings::read(t) {
        Ok(text) => skill::state(agent, text.as_deref()),
        Err(e) => {
            note_problem(e);
            State::Missing
        }
    });
    let note = (agent == lib::Agent::Codex).then(|| settings::CODEX_TRUST.to_string());
    let place = match (scope, shared) {
        (Scope::Project, true) => "project --shared".to_string(),
        (s, _) => s.name().to_string(),
    };
    Row {
        place,
        hooks_shown,
        skill_shown: skill_target
            .as_ref()
            .map_or_else(|| "-".into(), |t| t.shown.clone()),
        json: git_checkpoint::json::AgentPlace {
            agent: agent.name().to_string(),
            scope,
            shared,
            hooks_file,
            hooks: hooks_state,
            skill_file: skill_target.map(|t| t.path.display().to_string()),
            skill: skill_state,
            problem,
            note,
        },
    }
}
