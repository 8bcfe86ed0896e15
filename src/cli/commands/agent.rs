//! `git-checkpoint agent install|uninstall|status`: a thin front end over
//! [`git_checkpoint::ops::agent`] (which files change and how, written safely; where our
//! hooks, skill and MCP server are installed). It turns the flags into options, prints the diff
//! or what changed, and the notes a user needs (Codex's trust step, a missing
//! `git-checkpoint` on PATH).
//!
//! `agent hook <Event> --agent <name>` (hidden) is what the installed hooks run: see
//! `agent_hook.rs`.

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::agents::install::State;
use git_checkpoint::agents::settings::{self, Roots, Scope};
use git_checkpoint::agents::{self as lib};
use git_checkpoint::error::{Error, Result};
use git_checkpoint::mcp::clients::Client;
use git_checkpoint::ops::agent::{self, Row, Which};
use std::path::Path;

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
    /// Only the MCP server, no hooks or skill: registers it (as --mcp does) where another
    /// scope already has the hooks, e.g. `agent install codex --user --mcp-only` beside project
    /// hooks; uninstall removes only the server.
    #[arg(long)]
    pub mcp_only: bool,
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
        Action::Hook(a) => Ok(super::agent_hook::run(a, ctx)),
    }
}

/// The roots for a command: the work tree top when `project` is wanted (required) or
/// merely possible.
fn roots(ctx: &mut Context, need_project: bool) -> Result<Roots> {
    let (project, git_dirs) = match ctx.repo.store() {
        Ok(store) => (
            store.workdir().map(Path::to_path_buf),
            vec![
                store.git_dir().to_path_buf(),
                store.common_dir().to_path_buf(),
            ],
        ),
        Err(e) if need_project => return Err(e),
        Err(_) => (None, Vec::new()),
    };
    if need_project && project.is_none() {
        return Err(Error::NoWorkTree);
    }
    Ok(Roots::from_env(project, git_dirs))
}

/// Runs `agent install` (`add`) or `agent uninstall` ([`agent::change`]): prints the diff of
/// each file (`--dry-run`) or what was written, then the notes a user needs.
///
/// # Errors
/// As [`agent::change`]; repository errors for project scope.
pub fn change(args: InstallArgs, ctx: &mut Context, add: bool) -> Result<i32> {
    let options = agent::Options {
        which: args.agent,
        project: args.project,
        user: args.user,
        shared: args.shared,
        mcp: args.mcp,
        mcp_only: args.mcp_only,
        dry_run: args.dry_run,
    };
    let scope = options.scope(add)?;
    let roots = roots(ctx, scope == Scope::Project)?;
    let out = &mut ctx.ui.out;
    let report = agent::change(&roots, options, add, &mut |f| {
        if args.dry_run {
            out.line(&format!("would update {}:", f.target.path.display()))?;
            out.raw(&f.diff())?;
        } else {
            out.line(&format!("{} {}", f.verb(), f.target.path.display()))?;
        }
        Ok(())
    })?;
    let which = report.which;
    if report.changed == 0 {
        let only_server = which == Which::ClaudeDesktop || args.mcp_only;
        let what = match (only_server, add, report.touches_mcp) {
            (true, true, _) => "already has the git-checkpoint MCP server",
            (true, false, _) => "has no git-checkpoint MCP server",
            (_, true, true) => "already has the git-checkpoint hooks, skill and MCP server",
            (_, true, false) => "already has the git-checkpoint hooks and skill",
            (_, false, true) => "has no git-checkpoint hooks, skill or MCP server",
            (_, false, false) => "has no git-checkpoint hooks or skill",
        };
        out.line(&format!("{} {what}; nothing to change", which.display()))?;
    }
    let err = &mut ctx.ui.err;
    if let (Which::Agent(agent), false) = (which, args.mcp_only) {
        if let Some(shown) = &report.unignored_local {
            err.note(format_args!(
                "{shown} is meant to stay uncommitted, but git does not ignore it here: add it to \
                 .gitignore (Claude Code does when it creates the file itself)"
            ));
        }
        for shown in &report.kept {
            err.note(format_args!(
                "{shown} kept: it differs from the skill install writes (edited since?); delete \
                 it yourself if nothing in it is yours"
            ));
        }
        if let Some(path) = &report.kept_comments {
            err.note(format_args!(
                "{} has comments; they are kept as they were",
                path.display()
            ));
        }
        if add {
            if agent == lib::Agent::Codex {
                err.note(format_args!("{}", settings::CODEX_TRUST));
            }
            if report.on_path.is_none() {
                err.warn(format_args!(
                    "git-checkpoint is not on PATH: the hooks run it by that name, so put its \
                     directory on PATH (cargo install puts it in ~/.cargo/bin)"
                ));
            }
        }
    }
    if let (Some(b), false) = (&report.mcp_binary, args.dry_run) {
        if report.changed > 0 {
            err.note(format_args!(
                "{} starts the MCP server as `{} mcp` from its next start",
                which.display(),
                b.display()
            ));
        }
    }
    Ok(0)
}

/// Runs `agent status`: one line per agent and place, then one per MCP client and place (or
/// one JSON document).
///
/// # Errors
/// [`Error::Io`] when the running program's path cannot be found; otherwise only writing the
/// output fails: a file that cannot be read is reported in its row.
pub fn status(args: StatusArgs, ctx: &mut Context) -> Result<i32> {
    let roots = roots(ctx, false)?;
    let agent::StatusReport {
        binary,
        server,
        rows,
        mcp_rows,
        plugins,
        doubles,
    } = agent::status(&roots, agent::StatusOptions { which: args.agent })?;
    let out = &mut ctx.ui.out;
    if args.json {
        out.json(&git_checkpoint::json::AgentStatus {
            schema_version: git_checkpoint::json::SchemaVersion,
            binary: binary.map(|p| p.display().to_string()),
            agents: rows.into_iter().map(|r| r.json).collect(),
            mcp: mcp_rows.into_iter().map(|r| r.json).collect(),
            plugins: plugins
                .iter()
                .map(|(a, p)| git_checkpoint::json::PluginPlace {
                    agent: a.name().to_string(),
                    file: p.display().to_string(),
                })
                .collect(),
            warnings: doubles.iter().map(|d| d.message()).collect(),
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
    for (agent, file) in &plugins {
        out.line(&format!(
            "{}: the git-checkpoint plugin is installed ({})",
            agent.name(),
            file.display()
        ))?;
    }
    for d in &doubles {
        ctx.ui.err.warn(format_args!("{}", d.message()));
    }
    Ok(0)
}

fn state_name(s: State) -> &'static str {
    match s {
        State::Installed => "installed",
        State::Stale => "stale",
        State::Missing => "missing",
    }
}
