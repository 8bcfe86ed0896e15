//! `git-checkpoint agent hook <EVENT> --agent <NAME>` (hidden): what the installed hooks run.
//! Reads the agent's JSON payload on stdin (at most [`hook::PAYLOAD_CAP`] bytes; nothing when
//! stdin is a terminal), lets [`hook::run`] decide, and prints the reply in that agent's own
//! protocol. It always exits 0: a hook must never block the agent, and exit 2 would block
//! compaction or stopping in some agents. Protocols: `docs/agents/HOOKS.md`.

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
}

/// Runs one hook event; always returns 0.
pub fn run(args: HookArgs, out: &mut Output) -> i32 {
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
    let reply = hook::run(agent, &args.event, action, &payload, &dir);
    print(agent, &args.event, reply, out);
    0
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
