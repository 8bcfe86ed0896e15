//! `git checkpoint agent install claude|codex|cursor|gemini [--project|--user] [--dry-run]`:
//! merges hooks into the agent's own configuration so that a session start prints the resume
//! brief of the current story (`git checkpoint prompt`) and compaction or session end saves a
//! checkpoint first. Existing settings are kept byte for byte in meaning and key order; our
//! entries are added only when missing, so a second run changes nothing. `--dry-run` prints the
//! change as a unified diff.
//!
//! `agent hook EVENT --agent NAME` (hidden) is what the Gemini CLI and Cursor hooks run: those
//! agents want JSON on stdout, so it runs `prompt` (or `save`) and wraps the output; it always
//! exits 0 so a missing story never blocks the agent.
//!
//! Formats: Claude Code settings.json `hooks` (SessionStart, PreCompact, SessionEnd); Codex
//! hooks.json (same shape; SessionStart, PreCompact); Gemini CLI settings.json `hooks`
//! (SessionStart, PreCompress, SessionEnd); Cursor hooks.json version 1 (sessionStart,
//! preCompact, sessionEnd).

use super::Quiet;
use crate::cli::context::Context;
use git_checkpoint::agents;
use git_checkpoint::error::{Error, Result};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use std::path::{Path, PathBuf};

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
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
    /// Merge git-checkpoint hooks into an agent's configuration (never overwrites; idempotent).
    Install(InstallArgs),
    /// Run one hook event for an agent (what the installed hooks call).
    #[command(hide = true)]
    Hook(super::agent_hook::HookArgs),
}

/// The coding agents whose hook configuration we know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Agent {
    /// Claude Code: .claude/settings.json (project) or ~/.claude/settings.json (user).
    Claude,
    /// OpenAI Codex: .codex/hooks.json or ~/.codex/hooks.json (needs `[features] codex_hooks = true`).
    Codex,
    /// Cursor: .cursor/hooks.json or ~/.cursor/hooks.json.
    Cursor,
    /// Gemini CLI: .gemini/settings.json or ~/.gemini/settings.json.
    Gemini,
}

/// Arguments of `agent install`.
#[derive(Debug, clap::Args)]
pub struct InstallArgs {
    /// The agent to configure.
    #[arg(value_enum)]
    pub agent: Agent,
    /// Configure this repository (the default): the file under the work tree's top directory.
    #[arg(long, conflicts_with = "user")]
    pub project: bool,
    /// Configure every project of the current user: the file under HOME.
    #[arg(long)]
    pub user: bool,
    /// Print the change as a diff; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// Runs `agent`; returns the exit code.
///
/// # Errors
/// See [`install`]; `hook` never fails.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    match args.action {
        Action::Install(a) => install(a, ctx),
        Action::Hook(a) => Ok(super::agent_hook::run(a, &mut ctx.ui.out)),
    }
}

/// One hook entry to merge: the event key in the agent's file, an optional matcher, the command.
struct Wanted {
    event: &'static str,
    matcher: Option<&'static str>,
    command: String,
}

/// The file an agent reads, relative to the project top or HOME.
fn relative_path(agent: Agent) -> &'static str {
    match agent {
        Agent::Claude => ".claude/settings.json",
        Agent::Codex => ".codex/hooks.json",
        Agent::Cursor => ".cursor/hooks.json",
        Agent::Gemini => ".gemini/settings.json",
    }
}

/// The hooks git-checkpoint installs for `agent`: every entry of [`agents::Agent::hooks`].
fn wanted(agent: Agent) -> Vec<Wanted> {
    let a = lib_agent(agent);
    a.hooks()
        .iter()
        .map(|h| Wanted {
            event: h.event,
            matcher: h.matcher,
            command: agents::command(a, h.event),
        })
        .collect()
}

/// The library's agent for the command line's.
fn lib_agent(agent: Agent) -> agents::Agent {
    match agent {
        Agent::Claude => agents::Agent::Claude,
        Agent::Codex => agents::Agent::Codex,
        Agent::Cursor => agents::Agent::Cursor,
        Agent::Gemini => agents::Agent::Gemini,
    }
}

/// Runs `agent install`: merges, then writes (or prints the diff with `--dry-run`).
///
/// # Errors
/// [`Error::SettingsFile`] when the existing file is not valid JSON or its `hooks` has another
/// shape (nothing is written); [`Error::NoHome`] or [`Error::NoWorkTree`] when no HOME or
/// project directory is found; [`Error::Write`].
pub fn install(args: InstallArgs, ctx: &mut Context) -> Result<i32> {
    let out = &mut ctx.ui.out;
    let err = &mut ctx.ui.err;
    let base = if args.user {
        std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(PathBuf::from)
            .ok_or(Error::NoHome)?
    } else {
        let store = ctx.repo.store()?;
        store
            .workdir()
            .map(Path::to_path_buf)
            .ok_or(Error::NoWorkTree)?
    };
    let path = base.join(relative_path(args.agent));
    let old = match std::fs::read_to_string(&path) {
        Ok(s) => Some(s),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(cause) => return Err(Error::Read { path, cause }),
    };
    let new = merge(args.agent, old.as_deref(), &path)?;
    let shown = relative_path(args.agent);
    if old.as_deref() == Some(new.as_str()) {
        out.line(&format!(
            "{} already has the git-checkpoint hooks; nothing to change",
            path.display()
        ))?;
        return Ok(0);
    }
    if args.dry_run {
        let diff = similar::TextDiff::from_lines(old.as_deref().unwrap_or(""), &new)
            .unified_diff()
            .context_radius(3)
            .header(
                &if old.is_some() {
                    format!("a/{shown}")
                } else {
                    "/dev/null".to_string()
                },
                &format!("b/{shown}"),
            )
            .to_string();
        out.line(&format!("would update {}:", path.display()))?;
        out.raw(&diff)?;
        return Ok(0);
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| write_error(&path, e))?;
    }
    // Write beside and rename, so a crash never leaves a half-written settings file.
    let tmp = path.with_extension("json.git-checkpoint.tmp");
    git_checkpoint::signals::replace_file(&path, &tmp, new.as_bytes())
        .map_err(|e| write_error(&path, e))?;
    out.line(&format!("updated {}", path.display()))?;
    if args.agent == Agent::Codex {
        err.note(format_args!(
            "Codex runs hooks only with `[features]\ncodex_hooks = true` in config.toml"
        ));
    }
    Ok(0)
}

fn write_error(path: &Path, e: std::io::Error) -> Error {
    Error::Write {
        path: path.to_path_buf(),
        cause: e,
    }
}

/// Merges our hooks into `existing` (the file's text, `None` when absent) and returns the new
/// text: pretty JSON indented as the file was (default two spaces) with a final newline, every
/// existing key kept in its order.
/// A hook whose command is already present anywhere under the event is not added again.
///
/// # Errors
/// [`Error::SettingsFile`] naming `path` when `existing` is not a JSON object, or `hooks` or an
/// event entry is not of the expected type.
pub fn merge(agent: Agent, existing: Option<&str>, path: &Path) -> Result<String> {
    let bad = |what: String| Error::SettingsFile {
        path: path.to_path_buf(),
        reason: what,
    };
    let mut root = match existing.filter(|s| !s.trim().is_empty()) {
        None => J::Obj(Vec::new()),
        Some(text) => {
            serde_json::from_str::<J>(text).map_err(|e| bad(format!("not valid JSON ({e})")))?
        }
    };
    let J::Obj(top) = &mut root else {
        return Err(bad("the top level is not a JSON object".into()));
    };
    if agent == Agent::Cursor && !top.iter().any(|(k, _)| k == "version") {
        top.insert(0, ("version".into(), J::Num(1.into())));
    }
    let hooks = entry(top, "hooks", || J::Obj(Vec::new()));
    let J::Obj(events) = hooks else {
        return Err(bad("\"hooks\" is not an object".into()));
    };
    for w in wanted(agent) {
        let list = entry(events, w.event, || J::Arr(Vec::new()));
        let J::Arr(items) = list else {
            return Err(bad(format!("\"hooks.{}\" is not an array", w.event)));
        };
        if items.iter().any(|i| i.mentions_command(&w.command)) {
            continue;
        }
        let command = J::Obj(vec![
            ("type".into(), J::Str("command".into())),
            ("command".into(), J::Str(w.command.clone())),
        ]);
        let item = match agent {
            Agent::Cursor => J::Obj(vec![("command".into(), J::Str(w.command.clone()))]),
            Agent::Gemini => {
                let named = J::Obj(vec![
                    ("name".into(), J::Str("git-checkpoint".into())),
                    ("type".into(), J::Str("command".into())),
                    ("command".into(), J::Str(w.command.clone())),
                ]);
                J::Obj(vec![("hooks".into(), J::Arr(vec![named]))])
            }
            Agent::Claude | Agent::Codex => {
                let mut fields = Vec::new();
                if let Some(m) = w.matcher {
                    fields.push(("matcher".into(), J::Str(m.into())));
                }
                fields.push(("hooks".into(), J::Arr(vec![command])));
                J::Obj(fields)
            }
        };
        items.push(item);
    }
    // Keep the file's indentation (its first indented line), else two spaces.
    let indent = existing
        .and_then(|t| {
            t.lines()
                .skip(1)
                .map(|l| &l[..l.len() - l.trim_start().len()])
                .find(|w| !w.is_empty())
        })
        .unwrap_or("  ");
    let mut buf = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(indent.as_bytes());
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, formatter);
    root.serialize(&mut ser).map_err(|e| bad(e.to_string()))?;
    let mut text = String::from_utf8(buf).map_err(|e| bad(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// The value of `key` in an ordered object, inserted (at the end) with `make` when missing.
fn entry<'a>(obj: &'a mut Vec<(String, J)>, key: &str, make: impl FnOnce() -> J) -> &'a mut J {
    let pos = match obj.iter().position(|(k, _)| k == key) {
        Some(p) => p,
        None => {
            obj.push((key.to_string(), make()));
            obj.len() - 1
        }
    };
    &mut obj[pos].1
}

/// JSON with object keys in file order (serde_json's own map sorts them), so merging never
/// reorders a user's settings.
#[derive(Debug, Clone, PartialEq)]
enum J {
    Null,
    Bool(bool),
    Num(serde_json::Number),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    /// Whether `command` appears as a `command` string anywhere inside.
    fn mentions_command(&self, command: &str) -> bool {
        match self {
            J::Obj(fields) => fields.iter().any(|(k, v)| {
                (k == "command" && matches!(v, J::Str(s) if s == command))
                    || v.mentions_command(command)
            }),
            J::Arr(items) => items.iter().any(|i| i.mentions_command(command)),
            _ => false,
        }
    }
}

impl Serialize for J {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            J::Null => s.serialize_unit(),
            J::Bool(b) => s.serialize_bool(*b),
            J::Num(n) => n.serialize(s),
            J::Str(t) => s.serialize_str(t),
            J::Arr(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for i in items {
                    seq.serialize_element(i)?;
                }
                seq.end()
            }
            J::Obj(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for J {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<J, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = J;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_unit<E: de::Error>(self) -> std::result::Result<J, E> {
                Ok(J::Null)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> std::result::Result<J, E> {
                Ok(J::Bool(b))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> std::result::Result<J, E> {
                Ok(J::Num(n.into()))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> std::result::Result<J, E> {
                Ok(J::Num(n.into()))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> std::result::Result<J, E> {
                serde_json::Number::from_f64(n)
                    .map(J::Num)
                    .ok_or_else(|| E::custom("number out of range"))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> std::result::Result<J, E> {
                Ok(J::Str(s.to_string()))
            }
            fn visit_string<E: de::Error>(self, s: String) -> std::result::Result<J, E> {
                Ok(J::Str(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> std::result::Result<J, A::Error> {
                let mut items = Vec::new();
                while let Some(i) = a.next_element()? {
                    items.push(i);
                }
                Ok(J::Arr(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> std::result::Result<J, A::Error> {
                let mut fields: Vec<(String, J)> = Vec::new();
                while let Some((k, v)) = a.next_entry::<String, J>()? {
                    // Duplicate keys: the last wins, as in serde_json, at the first one's place.
                    match fields.iter_mut().find(|(key, _)| *key == k) {
                        Some(slot) => slot.1 = v,
                        None => fields.push((k, v)),
                    }
                }
                Ok(J::Obj(fields))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXISTING: &str = r#"{
  "permissions": {"allow": ["Bash(ls)"]},
  "model": "opus",
  "hooks": {"PreCompact": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}
}"#;

    #[test]
    fn merge_keeps_keys_in_order_and_is_idempotent() {
        let p = Path::new("s.json");
        let once = merge(Agent::Claude, Some(EXISTING), p).unwrap();
        let perm = once.find("\"permissions\"").unwrap();
        let model = once.find("\"model\"").unwrap();
        assert!(perm < model, "{once}");
        assert!(once.contains("echo hi"));
        assert!(once.contains("git-checkpoint agent hook SessionStart --agent claude"));
        assert!(once.contains("git-checkpoint agent hook PreCompact --agent claude"));
        let twice = merge(Agent::Claude, Some(&once), p).unwrap();
        assert_eq!(once, twice);
    }

    #[test]
    fn every_agent_merges_into_nothing() {
        for a in [Agent::Claude, Agent::Codex, Agent::Cursor, Agent::Gemini] {
            let t = merge(a, None, Path::new("x")).unwrap();
            let v: serde_json::Value = serde_json::from_str(&t).unwrap();
            assert!(v["hooks"].is_object(), "{t}");
            assert_eq!(merge(a, Some(&t), Path::new("x")).unwrap(), t);
        }
    }

    #[test]
    fn indentation_is_kept() {
        let t = merge(Agent::Cursor, Some("{\n\t\"x\": 1\n}\n"), Path::new("h")).unwrap();
        assert!(t.contains("\n\t\"version\": 1,\n\t\"x\": 1"), "{t}");
    }

    #[test]
    fn wrong_shapes_are_refused() {
        let p = Path::new("s.json");
        assert!(merge(Agent::Claude, Some("[1]"), p).is_err());
        assert!(merge(Agent::Claude, Some("{\"hooks\": 3}"), p).is_err());
        let e = merge(Agent::Claude, Some("{oops"), p)
            .unwrap_err()
            .to_string();
        assert!(e.contains("s.json") && e.contains("not valid JSON"), "{e}");
    }
}
