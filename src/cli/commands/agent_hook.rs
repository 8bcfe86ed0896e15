//! `git-checkpoint agent hook <EVENT> --agent <NAME>` (hidden): what the installed hooks run.
//! Reads the agent's JSON payload on stdin (at most [`hook::PAYLOAD_CAP`] bytes; nothing when
//! stdin is a terminal), lets [`hook::run`] decide, and prints the reply in that agent's own
//! protocol. It always exits 0: a hook must never block the agent, and exit 2 would block
//! compaction or stopping in some agents. Protocols: `docs/agents/HOOKS.md`.

use crate::cli::context::Context;
use crate::cli::output::Output;
use git_checkpoint::agents::hook::{self, Payload, Reply};
use git_checkpoint::agents::Agent;
use std::io::{IsTerminal as _, Read as _};
use std::path::PathBuf;

/// Arguments of `agent hook`.
#[derive(Debug, clap::Args)]
pub struct HookArgs {
    /// The agent's event name as its settings file spells it (e.g. `SessionStart`).
    pub event: String,
    /// The agent (claude, codex, cursor, gemini); an unknown one gets no answer.
    #[arg(long, default_value = "claude")]
    pub agent: String,
    /// Internal: stdin is a refresh to write (`hook::Refresh` as JSON), from the hook run that
    /// detached it.
    #[arg(long, hide = true)]
    pub detached: bool,
    /// Run by a plugin's launcher (plugins/<agent>/hooks/git-checkpoint.sh): do nothing when
    /// `agent install` put our hooks in one of the agent's settings files that apply here too,
    /// which answer instead (the brief must not arrive twice).
    #[arg(long)]
    pub from_plugin: bool,
}

/// Runs one hook event; always returns 0. The repository the context found at start-up is
/// the hook's when the payload's `cwd` is the process's own directory (agents run their hooks
/// in the project): it is not discovered and opened a second time.
pub fn run(args: HookArgs, ctx: &mut Context) -> i32 {
    let out = &mut ctx.ui.out;
    if args.detached {
        let mut input = Vec::new();
        let _ = std::io::stdin()
            .lock()
            .take(hook::PAYLOAD_CAP)
            .read_to_end(&mut input);
        return run_detached(&input);
    }
    let Some(agent) = Agent::from_name(&args.agent) else {
        return 0;
    };
    let Some(action) = agent.action(&args.event) else {
        return 0;
    };
    let mut input = Vec::new();
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        let _ = stdin.lock().take(hook::PAYLOAD_CAP).read_to_end(&mut input);
    }
    let payload = Payload::parse(&input);
    let dir = payload
        .cwd
        .clone()
        .filter(|d| d.is_dir())
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("."));
    if args.from_plugin && git_checkpoint::ops::agent::settings_hooks_apply(agent, &dir) {
        print(agent, &args.event, Reply::Nothing, out);
        return 0;
    }
    let here = std::env::current_dir().is_ok_and(|cwd| cwd == dir);
    let opened = here.then(|| ctx.repo.store().ok()).flatten();
    let outcome = hook::run(agent, &args.event, action, &payload, &dir, opened);
    let mut reply = outcome.reply;
    if let Some(refresh) = outcome.refresh {
        // Written here after all when no process can be started.
        if detach(&refresh, &dir).is_err() {
            if let Err(e) = hook::run_refresh(&refresh, &dir) {
                reply = Reply::Note(format!("git-checkpoint hook {}: {e}", args.event));
            }
        }
    }
    if let Some(earlier) = outcome.earlier {
        eprintln!("{}", crate::cli::output::escape_controls(&earlier));
    }
    print(agent, &args.event, reply, out);
    0
}

/// The detached process's side of `--detached`: writes the refresh on stdin.
fn run_detached(input: &[u8]) -> i32 {
    let Ok(refresh) = serde_json::from_slice::<hook::Refresh>(input) else {
        return 0;
    };
    let dir = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let _ = hook::run_refresh(&refresh, &dir);
    0
}

/// Starts this binary again, in `dir`, in a process group of its own (so an agent that stops
/// its hook's group does not stop it) with no terminal output, and hands it `refresh` on
/// stdin; does not wait for it.
///
/// # Errors
/// When the process cannot be started or its stdin cannot be written.
fn detach(refresh: &hook::Refresh, dir: &std::path::Path) -> std::io::Result<()> {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let json = serde_json::to_vec(refresh)?;
    let mut cmd = Command::new(std::env::current_exe()?);
    cmd.args(["agent", "hook", "--detached", "--", "refresh"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    // Not waited for: it outlives this process, which exits right after answering.
    #[allow(clippy::zombie_processes)]
    let mut child = cmd.spawn()?;
    let mut stdin = child.stdin.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
    stdin.write_all(&json)
}

/// Prints `reply` as `agent` expects it for `event`.
fn print(agent: Agent, event: &str, reply: Reply, out: &mut Output) {
    use serde_json::json;
    let body = match (agent, reply) {
        (Agent::Cursor, Reply::Nothing) => json!({}).to_string(),
        (_, Reply::Nothing) => return,
        // Claude Code and Codex add a start hook's plain stdout to the context.
        (Agent::Claude | Agent::Codex, Reply::Context(text)) => text,
        (Agent::Gemini, Reply::Context(text)) => json!({
            "hookSpecificOutput": {"hookEventName": event, "additionalContext": text}
        })
        .to_string(),
        (Agent::Cursor, Reply::Context(text)) => json!({ "additional_context": text }).to_string(),
        (Agent::Cursor, Reply::Block(reason)) => json!({ "followup_message": reason }).to_string(),
        (_, Reply::Block(reason)) => json!({"decision": "block", "reason": reason}).to_string(),
        // Gemini CLI turns stderr into a system message anyway; say it in its own field.
        (Agent::Gemini, Reply::Note(text)) => json!({ "systemMessage": text }).to_string(),
        (_, Reply::Note(text)) => {
            eprintln!("{}", crate::cli::output::escape_controls(&text));
            if agent == Agent::Cursor {
                json!({}).to_string()
            } else {
                return;
            }
        }
    };
    let _ = out.raw(&body);
}
