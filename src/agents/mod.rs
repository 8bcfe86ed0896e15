//! The coding agents git-checkpoint connects to, and which of each agent's hook events we use
//! for what. This module owns the table that both the installer (which writes the hook entries)
//! and the hook runner (`agent hook`, which answers them) read, so the two cannot drift.
//!
//! Event names, matchers and payloads are each agent's own; sources:
//! Claude Code <https://code.claude.com/docs/en/hooks>, Codex
//! <https://developers.openai.com/codex/hooks>, Gemini CLI `docs/hooks/reference.md`, Cursor
//! <https://cursor.com/docs/agent/hooks>; what the pinned versions really send is in
//! `docs/agents/HARNESS.md` and the per-agent protocol in `docs/agents/HOOKS.md`.

pub mod hook;
pub mod install;
pub mod own;
pub mod plugin;
pub mod settings;
pub mod skill;

/// A coding agent whose hooks we know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agent {
    /// Claude Code.
    Claude,
    /// OpenAI Codex CLI.
    Codex,
    /// Cursor (editor and `cursor-agent`).
    Cursor,
    /// Gemini CLI.
    Gemini,
}

impl Agent {
    /// Every agent, in the order help and status list them.
    pub const ALL: [Agent; 4] = [Agent::Claude, Agent::Codex, Agent::Cursor, Agent::Gemini];

    /// The name used on the command line and in installed commands (`claude`, `codex`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Codex => "codex",
            Agent::Cursor => "cursor",
            Agent::Gemini => "gemini",
        }
    }

    /// The agent's name as its makers write it (`Claude Code`, ...), for messages.
    pub fn display(self) -> &'static str {
        match self {
            Agent::Claude => "Claude Code",
            Agent::Codex => "Codex",
            Agent::Cursor => "Cursor",
            Agent::Gemini => "Gemini CLI",
        }
    }

    /// Where the agent's files live, one line for help: the hooks file per scope and where
    /// its skill or instructions go.
    pub fn files(self) -> &'static str {
        match self {
            Agent::Claude => "Claude Code: .claude/settings.local.json (project; --shared: .claude/settings.json) or $CLAUDE_CONFIG_DIR/settings.json (user, default ~/.claude), skill in skills/git-checkpoint/",
            Agent::Codex => "OpenAI Codex: .codex/hooks.json or $CODEX_HOME/hooks.json (default ~/.codex), skill in AGENTS.md (AGENTS.override.md when the user has one: Codex reads it first), MCP server (--mcp) in config.toml; hooks run once trusted in Codex's /hooks",
            Agent::Cursor => "Cursor: .cursor/hooks.json or ~/.cursor/hooks.json, rule in .cursor/rules/, MCP server (--mcp) in mcp.json",
            Agent::Gemini => "Gemini CLI: .gemini/settings.json or ~/.gemini/settings.json (hooks and MCP server, --mcp), skill in GEMINI.md",
        }
    }

    /// Whether the model gets our brief or instructions twice when our hooks and skill are in
    /// two of the agent's places (project and user): Codex runs both copies of each hook and
    /// reads both `AGENTS.md`; Gemini CLI runs identical hooks once but reads both `GEMINI.md`;
    /// Cursor is taken to be like them (its CLI is not among the tested ones). Claude Code runs
    /// identical commands once and loads one skill of a name. Measured with the pinned CLIs
    /// (issue 29); `agent install` refuses a second place where this is true.
    pub fn doubles_across_scopes(self) -> bool {
        !matches!(self, Agent::Claude)
    }

    /// The agent named `name` (as [`Agent::name`] spells it), or `None`.
    pub fn from_name(name: &str) -> Option<Agent> {
        Agent::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The hook events we install for this agent and what each does, in install order.
    pub fn hooks(self) -> &'static [Hook] {
        match self {
            Agent::Claude => CLAUDE,
            Agent::Codex => CODEX,
            Agent::Cursor => CURSOR,
            Agent::Gemini => GEMINI,
        }
    }

    /// What `event` (the agent's own event name, e.g. `SessionStart`, or one of the older
    /// `session-start`/`pre-compact`/`session-end` spellings earlier installers wrote) does
    /// for this agent; `None` for an event we do not handle.
    pub fn action(self, event: &str) -> Option<Action> {
        if let Some(h) = self.hooks().iter().find(|h| h.event == event) {
            return Some(h.action);
        }
        match event {
            "session-start" => Some(Action::Start),
            "pre-compact" => Some(Action::PreCompact),
            "session-end" => Some(Action::End),
            _ => None,
        }
    }
}

/// What our hook does on an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// A session starts, resumes, is cleared or was compacted: give the model the brief.
    Start,
    /// The user sent a prompt: give the brief once if a compaction dropped it since.
    Prompt,
    /// The agent's plan/todo tool ran: turn its plan into the checkpoint's tasks.
    Plan,
    /// The context is about to be compacted: record the state and, for agents with no start
    /// event after compaction, remember to give the brief at the next prompt.
    PreCompact,
    /// The context was compacted: keep the compaction summary as a journal entry.
    PostCompact,
    /// The model finished its turn: ask it once to save when work moved since the last save.
    Stop,
    /// The session ends: record the state.
    End,
}

/// One hook entry we install: the agent's event name, the matcher the entry carries (`None`:
/// none, every occurrence), and what our hook does on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hook {
    /// The agent's event name, as its settings file spells it.
    pub event: &'static str,
    /// The entry's `matcher` (a tool name or session-start source pattern).
    pub matcher: Option<&'static str>,
    /// What [`Action`] the event triggers.
    pub action: Action,
}

const fn hook(event: &'static str, matcher: Option<&'static str>, action: Action) -> Hook {
    Hook {
        event,
        matcher,
        action,
    }
}

const START_SOURCES: Option<&str> = Some("startup|resume|clear|compact");

const CLAUDE: &[Hook] = &[
    hook("SessionStart", START_SOURCES, Action::Start),
    hook(
        "PostToolUse",
        Some("TodoWrite|TaskCreate|TaskUpdate"),
        Action::Plan,
    ),
    hook("PreCompact", None, Action::PreCompact),
    hook("PostCompact", None, Action::PostCompact),
    hook("Stop", None, Action::Stop),
    hook("SessionEnd", None, Action::End),
];

const CODEX: &[Hook] = &[
    hook("SessionStart", START_SOURCES, Action::Start),
    hook("PostToolUse", Some("update_plan"), Action::Plan),
    hook("PreCompact", None, Action::PreCompact),
    hook("PostCompact", None, Action::PostCompact),
    hook("Stop", None, Action::Stop),
    hook("SessionEnd", None, Action::End),
];

const GEMINI: &[Hook] = &[
    hook("SessionStart", None, Action::Start),
    hook("BeforeAgent", None, Action::Prompt),
    hook("AfterTool", Some("write_todos"), Action::Plan),
    hook("PreCompress", None, Action::PreCompact),
    hook("AfterAgent", None, Action::Stop),
    hook("SessionEnd", None, Action::End),
];

const CURSOR: &[Hook] = &[
    hook("sessionStart", None, Action::Start),
    hook("preCompact", None, Action::PreCompact),
    hook("stop", None, Action::Stop),
    hook("sessionEnd", None, Action::End),
];

/// What every installed hook command starts with; an entry whose command starts with it (or
/// with one of [`LEGACY_COMMANDS`]) is ours, so a reinstall or an upgrade replaces it.
pub const COMMAND_PREFIX: &str = "git-checkpoint agent hook ";

/// Commands earlier versions installed; recognised as ours, so an upgrade replaces them.
pub const LEGACY_COMMANDS: &[&str] = &[
    "git checkpoint prompt",
    "git checkpoint save -m \"auto: pre-compact\"",
    "git checkpoint save -m \"auto: session end\"",
    "git checkpoint agent hook ",
];

/// The command an installed hook runs for `event`: the binary itself (not through `git`'s
/// dispatch, which costs a process), found on PATH.
pub fn command(agent: Agent, event: &str) -> String {
    format!("{COMMAND_PREFIX}{event} --agent {}", agent.name())
}

/// Whether `command` (an installed hook's command string) is one of ours, current or older.
pub fn is_ours(command: &str) -> bool {
    let c = command.trim_start();
    c.starts_with(COMMAND_PREFIX) || LEGACY_COMMANDS.iter().any(|l| c.starts_with(l))
}

/// What part of a project file `agent install` writes (see [`PROJECT_FILES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The agent's hook entries, in its project hooks file.
    Hooks(Agent),
    /// Claude Code's hook entries in its committed `.claude/settings.json` (`--shared`).
    SharedHooks(Agent),
    /// The skill or instructions: the whole file ([`skill::whole_file`]) or our section of a
    /// file the user shares with us.
    Skill(Agent),
    /// The agent's MCP client entry for our server (`--mcp`).
    Mcp(Agent),
}

/// Every file `agent install` writes in a project, relative to the work tree's top, with what
/// of it is ours: the one table the installer takes its project paths from (through
/// [`project_path`]) and the views that leave our files out of the user's work read
/// (`status`, `files_modified`, the brief, the nudge: [`own`]). Codex reads `AGENTS.override.md`
/// instead of `AGENTS.md` when the user has one ([`settings::codex_instructions`]).
pub const PROJECT_FILES: &[(&str, &[Part])] = &[
    (".claude/settings.local.json", &[Part::Hooks(Agent::Claude)]),
    (".claude/settings.json", &[Part::SharedHooks(Agent::Claude)]),
    (
        ".claude/skills/git-checkpoint/SKILL.md",
        &[Part::Skill(Agent::Claude)],
    ),
    (".codex/hooks.json", &[Part::Hooks(Agent::Codex)]),
    (".codex/config.toml", &[Part::Mcp(Agent::Codex)]),
    ("AGENTS.md", &[Part::Skill(Agent::Codex)]),
    ("AGENTS.override.md", &[Part::Skill(Agent::Codex)]),
    (".cursor/hooks.json", &[Part::Hooks(Agent::Cursor)]),
    (
        ".cursor/rules/git-checkpoint.mdc",
        &[Part::Skill(Agent::Cursor)],
    ),
    (".cursor/mcp.json", &[Part::Mcp(Agent::Cursor)]),
    (
        ".gemini/settings.json",
        &[Part::Hooks(Agent::Gemini), Part::Mcp(Agent::Gemini)],
    ),
    ("GEMINI.md", &[Part::Skill(Agent::Gemini)]),
];

/// The project file (relative to the work tree's top) that holds `part`, from
/// [`PROJECT_FILES`]; `SharedHooks` of an agent without a shared file is its `Hooks` file. The
/// first listed wins (Codex's `AGENTS.md` over `AGENTS.override.md`). `None` for Claude Code's
/// MCP entry: its MCP client here is Claude Desktop, which has no project file.
pub fn project_path(part: Part) -> Option<&'static str> {
    let find = |p: Part| {
        PROJECT_FILES
            .iter()
            .find(|(_, parts)| parts.contains(&p))
            .map(|(path, _)| *path)
    };
    match part {
        Part::SharedHooks(agent) => find(part).or_else(|| find(Part::Hooks(agent))),
        _ => find(part),
    }
}

/// What `agent install` may have written at `path` (repository-relative, `/`-separated), from
/// [`PROJECT_FILES`]; empty for any other path.
pub fn parts_at(path: &str) -> &'static [Part] {
    PROJECT_FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map_or(&[], |(_, parts)| parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_installed_event_has_an_action_and_a_command_we_recognise() {
        for a in Agent::ALL {
            assert_eq!(Agent::from_name(a.name()), Some(a));
            for h in a.hooks() {
                assert_eq!(a.action(h.event), Some(h.action));
                assert!(is_ours(&command(a, h.event)));
            }
        }
        assert_eq!(
            Agent::Claude.action("pre-compact"),
            Some(Action::PreCompact)
        );
        assert_eq!(Agent::Claude.action("Notification"), None);
        assert!(is_ours("git checkpoint prompt"));
        for a in Agent::ALL {
            assert!(project_path(Part::Hooks(a)).is_some(), "{a:?}");
            assert!(project_path(Part::SharedHooks(a)).is_some(), "{a:?}");
            assert!(project_path(Part::Skill(a)).is_some(), "{a:?}");
            assert_eq!(project_path(Part::Mcp(a)).is_some(), a != Agent::Claude);
        }
        assert_eq!(parts_at("GEMINI.md"), &[Part::Skill(Agent::Gemini)]);
        assert!(parts_at(".claude/commands/review.md").is_empty());
        assert!(!is_ours("echo git-checkpoint agent hook"));
    }
}
