//! The entry that registers `git-checkpoint mcp` in each client's MCP configuration file, where
//! that file is, and the text edits that add and remove it: pure functions for the installer
//! (`agent install --mcp` merges the entry with [`merge`], `agent uninstall` takes out every
//! entry [`is_ours`] recognises with [`unmerge`], `agent status` asks [`inspect`]). Nothing here
//! reads or writes a file; where the file lives and how it is written safely is
//! [`crate::agents::settings`].
//!
//! Formats, from each client's documentation:
//! - Claude Desktop, `claude_desktop_config.json`: `{"mcpServers": {NAME: {"command", "args"}}}`.
//! - Cursor, `mcp.json` (`~/.cursor/` or the project's `.cursor/`): the same `mcpServers` object.
//! - Gemini CLI, `settings.json` (`~/.gemini/` or the project's `.gemini/`): the same
//!   `mcpServers` object.
//! - Codex, `config.toml` (`$CODEX_HOME`, default `~/.codex/`): a `[mcp_servers.NAME]` table
//!   with `command` and `args`.
//!
//! The JSON files are edited in place through `jsonc_parser`'s concrete syntax tree and the TOML
//! file through `toml_edit`'s document, so what we do not touch stays as written (order,
//! indentation, comments; Gemini CLI's settings may have `//` comments, the other JSON files are
//! plain JSON). Keys the user added to our entry (`env`, `timeout`, ...) are kept; only its
//! `command` and `args` are ours.

use crate::agents::install::State;
use crate::agents::Agent;
use crate::error::{Error, Result};
use jsonc_parser::cst::{CstInputValue, CstObject, CstRootNode};
use serde_json::{json, Value};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The name our server is registered under in every client.
pub const SERVER_NAME: &str = "git-checkpoint";

/// The arguments that start the server: `git-checkpoint mcp`.
pub const SERVER_ARGS: &[&str] = &["mcp"];

/// A client that reads an MCP configuration file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Client {
    /// Claude Desktop (`claude_desktop_config.json`; user scope only).
    ClaudeDesktop,
    /// OpenAI's Codex CLI (`config.toml`).
    Codex,
    /// The Cursor editor (`mcp.json`).
    Cursor,
    /// Google's Gemini CLI (`settings.json`).
    Gemini,
}

impl Client {
    /// Every client, in the order status lists them.
    pub const ALL: [Client; 4] = [
        Client::ClaudeDesktop,
        Client::Codex,
        Client::Cursor,
        Client::Gemini,
    ];

    /// The name on the command line and in `agent status --json`: `claude-desktop`, `codex`,
    /// `cursor`, `gemini` (the agent's name for the clients that are also hook agents).
    pub fn name(self) -> &'static str {
        match self {
            Client::ClaudeDesktop => "claude-desktop",
            Client::Codex => "codex",
            Client::Cursor => "cursor",
            Client::Gemini => "gemini",
        }
    }

    /// The client's name as its makers write it, for messages.
    pub fn display(self) -> &'static str {
        match self {
            Client::ClaudeDesktop => "Claude Desktop",
            Client::Codex => "Codex",
            Client::Cursor => "Cursor",
            Client::Gemini => "Gemini CLI",
        }
    }

    /// The MCP client that is the hook agent `agent`, or `None` for Claude Code (whose hooks
    /// give it the brief; `claude mcp add` registers a server there).
    pub fn for_agent(agent: Agent) -> Option<Client> {
        match agent {
            Agent::Claude => None,
            Agent::Codex => Some(Client::Codex),
            Agent::Cursor => Some(Client::Cursor),
            Agent::Gemini => Some(Client::Gemini),
        }
    }
}

/// An entry for a JSON configuration file: set `value` at `key_path` (each element an object
/// key, creating the objects that are missing).
#[derive(Debug, Clone, PartialEq)]
pub struct JsonEntry {
    /// Object keys from the top of the file: `["mcpServers", "git-checkpoint"]`.
    pub key_path: [&'static str; 2],
    /// The server's entry.
    pub value: Value,
}

/// An entry for Codex's TOML file: the table `key_path` (`[mcp_servers.git-checkpoint]`) with
/// the `command` and `args` keys.
#[derive(Debug, Clone, PartialEq)]
pub struct TomlEntry {
    /// Table keys from the top of the file: `["mcp_servers", "git-checkpoint"]`.
    pub key_path: [&'static str; 2],
    /// The executable to start.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
}

/// The `mcpServers` entry for a JSON-configured client (Claude Desktop, Cursor, Gemini CLI);
/// `binary` is the absolute path of the `git-checkpoint` executable (the client starts it
/// without a shell, so no `git` dispatch and no PATH lookup).
pub fn json_entry(binary: &Path) -> JsonEntry {
    JsonEntry {
        key_path: ["mcpServers", SERVER_NAME],
        value: json!({
            "command": binary.to_string_lossy(),
            "args": SERVER_ARGS,
        }),
    }
}

/// Claude Desktop's entry (see [`json_entry`]).
pub fn claude_desktop(binary: &Path) -> JsonEntry {
    json_entry(binary)
}

/// Cursor's `mcp.json` entry (see [`json_entry`]).
pub fn cursor(binary: &Path) -> JsonEntry {
    json_entry(binary)
}

/// Gemini CLI's `settings.json` entry (see [`json_entry`]).
pub fn gemini(binary: &Path) -> JsonEntry {
    json_entry(binary)
}

/// Codex's `config.toml` table for `binary` (see [`TomlEntry`]).
pub fn codex(binary: &Path) -> TomlEntry {
    TomlEntry {
        key_path: ["mcp_servers", SERVER_NAME],
        command: binary.to_string_lossy().into_owned(),
        args: SERVER_ARGS.iter().map(|a| a.to_string()).collect(),
    }
}

/// Whether a server entry (the object under `mcpServers.<name>`, or Codex's table read as
/// JSON) is one of ours, whatever its name: its command is a `git-checkpoint` executable
/// (any directory, any version) and its arguments start with `mcp`. What an upgrade replaces
/// and `agent uninstall` removes.
pub fn is_ours(entry: &Value) -> bool {
    let command = entry.get("command").and_then(Value::as_str).unwrap_or("");
    let name = command.rsplit(['/', '\\']).next().unwrap_or("");
    let ours = name == "git-checkpoint" || name == "git-checkpoint.exe";
    let first = entry
        .get("args")
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(Value::as_str);
    ours && first == Some("mcp")
}

/// The client's user-level configuration file, under `home` and the environment `env` (a
/// lookup such as `std::env::var_os`): Claude Desktop's per platform (macOS `~/Library/
/// Application Support/Claude/`, Windows `%APPDATA%\Claude\`, elsewhere `$XDG_CONFIG_HOME/
/// Claude/` or `~/.config/Claude/`), `~/.cursor/mcp.json`, `$CODEX_HOME/config.toml` (default
/// `~/.codex/`) and `~/.gemini/settings.json`.
pub fn user_file(client: Client, home: &Path, env: impl Fn(&str) -> Option<OsString>) -> PathBuf {
    let set = |name: &str| env(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    match client {
        Client::ClaudeDesktop => {
            let dir = if cfg!(target_os = "macos") {
                home.join("Library/Application Support")
            } else if cfg!(windows) {
                set("APPDATA").unwrap_or_else(|| home.join("AppData/Roaming"))
            } else {
                set("XDG_CONFIG_HOME").unwrap_or_else(|| home.join(".config"))
            };
            dir.join("Claude").join("claude_desktop_config.json")
        }
        Client::Cursor => home.join(".cursor").join("mcp.json"),
        Client::Codex => set("CODEX_HOME")
            .unwrap_or_else(|| home.join(".codex"))
            .join("config.toml"),
        Client::Gemini => home.join(".gemini").join("settings.json"),
    }
}

/// The client's project-level configuration file in the worktree `root`; `None` for Claude
/// Desktop, which has none. Codex reads `.codex/config.toml` only in a project the user
/// trusts.
pub fn project_file(client: Client, root: &Path) -> Option<PathBuf> {
    let agent = match client {
        Client::ClaudeDesktop => return None,
        Client::Cursor => Agent::Cursor,
        Client::Codex => Agent::Codex,
        Client::Gemini => Agent::Gemini,
    };
    crate::agents::project_path(crate::agents::Part::Mcp(agent)).map(|p| root.join(p))
}

/// Merges our server entry for `binary` into `existing` (the file's text; `None` or blank when
/// there is no file) and returns the new text: exactly one entry of ours, named
/// [`SERVER_NAME`], whose `command` is `binary` and whose `args` are [`SERVER_ARGS`]. An entry
/// of ours already under that name is updated in place (other keys in it kept); entries of ours
/// under other names go; everything else is kept as written. Idempotent. A new JSON file is
/// indented with two spaces and ends with a newline.
///
/// # Errors
/// [`Error::McpConfigFile`] naming `path` when `existing` does not parse (JSON, with comments
/// only for Gemini CLI; TOML v1.0 for Codex), its top level or `mcpServers` (`mcp_servers`)
/// is not an object (table), a key we edit appears twice, or the entry named
/// [`SERVER_NAME`] is another program's (we do not overwrite it).
pub fn merge(client: Client, existing: Option<&str>, path: &Path, binary: &Path) -> Result<String> {
    match client {
        Client::Codex => edit_toml(existing, path, Some(binary)),
        _ => edit_json(client, existing, path, Some(binary)),
    }
}

/// Takes every entry of ours (see [`is_ours`], whatever its name) out of `existing` and returns
/// the new text; everything else stays as written (an emptied `mcpServers` object too). No
/// file (`None`) stays no file: the result is empty. A text that does not contain
/// `git-checkpoint` at all is returned as it is, unparsed: `agent uninstall` reads every
/// client's file, and one we never wrote (in a dialect we refuse, say) must not make it fail.
///
/// # Errors
/// As [`merge`], except that another program's entry named [`SERVER_NAME`] is left alone.
pub fn unmerge(client: Client, existing: Option<&str>, path: &Path) -> Result<String> {
    if let Some(text) = existing.filter(|t| !t.contains(SERVER_NAME)) {
        return Ok(text.to_string());
    }
    match client {
        Client::Codex => edit_toml(existing, path, None),
        _ => edit_json(client, existing, path, None),
    }
}

/// Whether our entry is in `existing`: [`State::Installed`] when [`merge`] with `binary` would
/// change nothing, [`State::Stale`] when an entry of ours is there but would change (another
/// path, another name, a duplicate), else [`State::Missing`].
///
/// # Errors
/// As [`merge`].
pub fn inspect(
    client: Client,
    existing: Option<&str>,
    path: &Path,
    binary: &Path,
) -> Result<State> {
    let Some(text) = existing.filter(|t| !t.trim().is_empty()) else {
        return Ok(State::Missing);
    };
    if unmerge(client, Some(text), path)? == text {
        return Ok(State::Missing);
    }
    match merge(client, Some(text), path, binary) {
        Ok(new) if new == text => Ok(State::Installed),
        Ok(_) => Ok(State::Stale),
        Err(e) => Err(e),
    }
}

fn bad(path: &Path, reason: String) -> Error {
    Error::McpConfigFile {
        path: path.to_path_buf(),
        reason,
    }
}

fn taken(path: &Path, command: Option<&str>, key: &str) -> Error {
    let what = command.map_or_else(String::new, |c| format!(" (command {c:?})"));
    bad(
        path,
        format!(
            "\"{key}\" is another server's entry{what}: rename or remove it, then install again"
        ),
    )
}

/// The JSON clients' edit: `binary` `Some` installs, `None` uninstalls.
fn edit_json(
    client: Client,
    existing: Option<&str>,
    path: &Path,
    binary: Option<&Path>,
) -> Result<String> {
    let blank = existing.is_none_or(|t| t.trim().is_empty());
    if blank && binary.is_none() {
        return Ok(existing.unwrap_or("").to_string());
    }
    let text = if blank {
        "{}\n"
    } else {
        existing.unwrap_or("")
    };
    let comments = client == Client::Gemini;
    // The CST keeps comments whatever the options say: refuse them where the client's loader
    // is plain JSON.
    if !comments && crate::agents::install::has_comments(text) {
        return Err(bad(
            path,
            format!(
                "not valid JSON (it has comments, which {}'s loader does not accept)",
                client.display()
            ),
        ));
    }
    let options = crate::agents::install::json_options(comments);
    let root = CstRootNode::parse(text, &options)
        .map_err(|e| bad(path, format!("not valid JSON ({e})")))?;
    let Some(top) = root.value().and_then(|v| v.as_object()) else {
        return Err(bad(path, "the top level is not a JSON object".into()));
    };
    // JSON loaders take the last of duplicate keys, the CST edits the first: refuse.
    let twice = |o: &CstObject, key: &str| {
        o.properties()
            .iter()
            .filter(|p| p.decoded_name().as_deref() == Some(key))
            .count()
            > 1
    };
    if twice(&top, "mcpServers") {
        return Err(bad(
            path,
            "\"mcpServers\" appears twice; the client reads only the last one: merge them into one"
                .into(),
        ));
    }
    let servers = match top.get("mcpServers") {
        Some(prop) => match prop.value().and_then(|v| v.as_object()) {
            Some(o) => o,
            None => return Err(bad(path, "\"mcpServers\" is not an object".into())),
        },
        None if binary.is_some() => top.object_value_or_set("mcpServers"),
        None => return Ok(text.to_string()),
    };
    if twice(&servers, SERVER_NAME) {
        return Err(bad(
            path,
            format!("\"mcpServers.{SERVER_NAME}\" appears twice; the client reads only the last one: merge them into one"),
        ));
    }
    let want = binary.map(|b| json_entry(b).value);
    let mut kept = false;
    for prop in servers.properties() {
        let name = prop.decoded_name().unwrap_or_default();
        let value = prop.value().and_then(|v| v.to_serde_value());
        let ours = value.as_ref().is_some_and(is_ours);
        if !ours {
            if name == SERVER_NAME && want.is_some() {
                let command = value.as_ref().and_then(|v| v.get("command")?.as_str());
                return Err(taken(path, command, &format!("mcpServers.{SERVER_NAME}")));
            }
            continue;
        }
        match (&want, prop.value().and_then(|v| v.as_object())) {
            (Some(w), Some(entry)) if name == SERVER_NAME && !kept => {
                for key in ["command", "args"] {
                    let now = entry.get(key).and_then(|p| p.value()?.to_serde_value());
                    if now.as_ref() != Some(&w[key]) {
                        match entry.get(key) {
                            Some(p) => p.set_value(input(&w[key])),
                            None => {
                                entry.append(key, input(&w[key]));
                            }
                        }
                    }
                }
                kept = true;
            }
            _ => prop.remove(),
        }
    }
    if let (Some(w), false) = (&want, kept) {
        servers.append(SERVER_NAME, input(w));
    }
    let mut out = root.to_string();
    if blank && !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// `v` as the CST's input value; our entry's keys in the order `command`, `args`.
fn input(v: &Value) -> CstInputValue {
    crate::agents::install::cst_input(v, &["command", "args"])
}

/// A TOML server entry read as the JSON [`is_ours`] takes (`command` and `args` only).
fn toml_entry_json(item: &toml_edit::Item) -> Value {
    let Some(t) = item.as_table_like() else {
        return Value::Null;
    };
    let command = t.get("command").and_then(|i| i.as_str());
    let args: Option<Vec<&str>> = t
        .get("args")
        .and_then(|i| i.as_array())
        .map(|a| a.iter().filter_map(|v| v.as_str()).collect());
    json!({"command": command, "args": args})
}

/// Codex's edit of `config.toml`: `binary` `Some` installs, `None` uninstalls.
fn edit_toml(existing: Option<&str>, path: &Path, binary: Option<&Path>) -> Result<String> {
    use toml_edit::{value, Array, DocumentMut, Item, Table};
    let blank = existing.is_none_or(|t| t.trim().is_empty());
    if blank && binary.is_none() {
        return Ok(existing.unwrap_or("").to_string());
    }
    let text = existing.unwrap_or("");
    let mut doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let first = e.to_string();
        let first = first.lines().next().unwrap_or("").trim().to_string();
        bad(path, format!("not valid TOML ({first})"))
    })?;
    let want = binary.map(codex);
    if doc.get("mcp_servers").is_none() {
        let Some(_) = want else {
            return Ok(text.to_string());
        };
        let mut t = Table::new();
        t.set_implicit(true);
        doc.insert("mcp_servers", Item::Table(t));
    }
    let Some(servers) = doc
        .get_mut("mcp_servers")
        .and_then(|i| i.as_table_like_mut())
    else {
        return Err(bad(path, "\"mcp_servers\" is not a table".into()));
    };
    let entries: Vec<(String, Value)> = servers
        .iter()
        .map(|(k, item)| (k.to_string(), toml_entry_json(item)))
        .collect();
    let mut kept = false;
    for (name, entry) in entries {
        if !is_ours(&entry) {
            if name == SERVER_NAME && want.is_some() {
                let command = entry.get("command").and_then(Value::as_str);
                return Err(taken(path, command, &format!("mcp_servers.{SERVER_NAME}")));
            }
            continue;
        }
        match (
            &want,
            servers.get_mut(&name).and_then(|i| i.as_table_like_mut()),
        ) {
            (Some(w), Some(t)) if name == SERVER_NAME => {
                if t.get("command").and_then(|i| i.as_str()) != Some(w.command.as_str()) {
                    t.insert("command", value(w.command.as_str()));
                }
                let args: Option<Vec<&str>> = t
                    .get("args")
                    .and_then(|i| i.as_array())
                    .map(|a| a.iter().filter_map(|v| v.as_str()).collect());
                if args != Some(w.args.iter().map(String::as_str).collect()) {
                    t.insert(
                        "args",
                        value(w.args.iter().map(String::as_str).collect::<Array>()),
                    );
                }
                kept = true;
            }
            _ => {
                servers.remove(&name);
            }
        }
    }
    if let (Some(w), false) = (&want, kept) {
        let mut t = Table::new();
        t.insert("command", value(w.command.as_str()));
        t.insert(
            "args",
            value(w.args.iter().map(String::as_str).collect::<Array>()),
        );
        if !text.trim().is_empty() {
            t.decor_mut().set_prefix("\n");
        }
        if let Some(servers) = doc
            .get_mut("mcp_servers")
            .and_then(|i| i.as_table_like_mut())
        {
            servers.insert(SERVER_NAME, Item::Table(t));
        }
    }
    let mut out = doc.to_string();
    if blank && !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIN: &str = "/opt/bin/git-checkpoint";

    #[test]
    fn json_clients_get_an_mcp_servers_entry_that_starts_the_binary() {
        for entry in [
            claude_desktop(Path::new(BIN)),
            cursor(Path::new(BIN)),
            gemini(Path::new(BIN)),
        ] {
            assert_eq!(entry.key_path, ["mcpServers", "git-checkpoint"]);
            assert_eq!(entry.value, json!({"command": BIN, "args": ["mcp"]}));
            assert!(is_ours(&entry.value));
        }
    }

    #[test]
    fn codex_gets_a_toml_table_with_escaped_strings() {
        let e = codex(Path::new(BIN));
        assert_eq!(e.key_path, ["mcp_servers", "git-checkpoint"]);
        assert_eq!(
            (e.command.as_str(), e.args.as_slice()),
            (BIN, &["mcp".to_string()][..])
        );
        let p = Path::new("config.toml");
        let new = merge(Client::Codex, None, p, Path::new(BIN)).unwrap();
        assert_eq!(
            new,
            "[mcp_servers.git-checkpoint]\ncommand = \"/opt/bin/git-checkpoint\"\nargs = [\"mcp\"]\n"
        );
        let odd = Path::new("/home/a \"b\"\\c\u{7}/git-checkpoint");
        let text = merge(Client::Codex, None, p, odd).unwrap();
        let back: toml_edit::DocumentMut = text.parse().unwrap();
        assert_eq!(
            back["mcp_servers"]["git-checkpoint"]["command"].as_str(),
            odd.to_str(),
            "{text}"
        );
    }

    /// Installs our entry into `existing` at `p`, checks that installing again changes nothing
    /// and that [`inspect`] then finds it installed; returns the file after the first install.
    fn installed_once(client: Client, existing: &str, p: &Path) -> String {
        let once = merge(client, Some(existing), p, Path::new(BIN)).unwrap();
        assert_eq!(
            merge(client, Some(&once), p, Path::new(BIN)).unwrap(),
            once,
            "{client:?}: a second install changes nothing"
        );
        assert_eq!(
            inspect(client, Some(&once), p, Path::new(BIN)).unwrap(),
            State::Installed,
            "{client:?}"
        );
        once
    }

    #[test]
    fn json_merge_keeps_the_users_servers_and_comments_and_is_idempotent() {
        let p = Path::new("settings.json");
        let existing = "{\n  // mine\n  \"theme\": \"dark\",\n  \"mcpServers\": {\n    \"other\": {\"command\": \"npx\", \"args\": [\"-y\", \"other\"]}\n  }\n}\n";
        let once = installed_once(Client::Gemini, existing, p);
        assert!(once.starts_with("{\n  // mine\n  \"theme\": \"dark\",\n  \"mcpServers\": {\n    \"other\": {\"command\": \"npx\", \"args\": [\"-y\", \"other\"]},\n"), "{once}");
        assert_eq!(
            inspect(
                Client::Gemini,
                Some(&once),
                p,
                Path::new("/new/git-checkpoint")
            )
            .unwrap(),
            State::Stale
        );
        assert_eq!(
            inspect(Client::Gemini, Some(existing), p, Path::new(BIN)).unwrap(),
            State::Missing
        );
        let back = unmerge(Client::Gemini, Some(&once), p).unwrap();
        let v: Value = serde_json::from_str(&back.replace("// mine", "")).unwrap();
        assert_eq!(
            v["mcpServers"]
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            ["other"],
            "{back}"
        );
        assert!(back.contains("// mine"), "{back}");
        // Comments are refused where the client's loader is plain JSON.
        let e = merge(Client::Cursor, Some(existing), p, Path::new(BIN))
            .unwrap_err()
            .to_string();
        assert!(e.contains("comments"), "{e}");
        // A new file; an upgrade moves our entry, keeping the user's keys in it.
        let new = merge(Client::Cursor, None, p, Path::new(BIN)).unwrap();
        assert_eq!(new, "{\n  \"mcpServers\": {\n    \"git-checkpoint\": {\n      \"command\": \"/opt/bin/git-checkpoint\",\n      \"args\": [\"mcp\"]\n    }\n  }\n}\n");
        let with_env = new.replace(
            "\"args\": [\"mcp\"]",
            "\"args\": [\"mcp\"],\n      \"env\": {\"A\": \"1\"}",
        );
        let moved = merge(
            Client::Cursor,
            Some(&with_env),
            p,
            Path::new("/new/git-checkpoint"),
        )
        .unwrap();
        let v: Value = serde_json::from_str(&moved).unwrap();
        assert_eq!(
            v["mcpServers"]["git-checkpoint"],
            json!({"command": "/new/git-checkpoint", "args": ["mcp"], "env": {"A": "1"}})
        );
    }

    #[test]
    fn another_programs_entry_under_our_name_is_refused_and_left_by_uninstall() {
        let p = Path::new("mcp.json");
        let theirs =
            "{\"mcpServers\": {\"git-checkpoint\": {\"command\": \"npx\", \"args\": [\"gc\"]}}}";
        let e = merge(Client::Cursor, Some(theirs), p, Path::new(BIN))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("another server's entry") && e.contains("npx"),
            "{e}"
        );
        assert_eq!(unmerge(Client::Cursor, Some(theirs), p).unwrap(), theirs);
        let toml = "[mcp_servers.git-checkpoint]\ncommand = \"npx\"\n";
        assert!(merge(Client::Codex, Some(toml), p, Path::new(BIN)).is_err());
        assert_eq!(unmerge(Client::Codex, Some(toml), p).unwrap(), toml);
        for bad in [
            "[1]",
            "{\"mcpServers\": 3}",
            "{\"mcpServers\": {}, \"mcpServers\": {}}",
            "{oops",
        ] {
            assert!(
                merge(Client::ClaudeDesktop, Some(bad), p, Path::new(BIN)).is_err(),
                "{bad}"
            );
        }
        assert!(merge(Client::Codex, Some("mcp_servers = 3\n"), p, Path::new(BIN)).is_err());
        let e = merge(Client::Codex, Some("[x\n"), p, Path::new(BIN))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not valid TOML"), "{e}");
    }

    #[test]
    fn toml_merge_keeps_comments_and_other_servers_and_uninstall_takes_ours_only() {
        let p = Path::new("config.toml");
        let existing = "# my codex\nmodel = \"o3\"\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\" # keep\nargs = []\n";
        let once = installed_once(Client::Codex, existing, p);
        assert!(once.starts_with(existing), "{once}");
        assert!(once.ends_with("\n[mcp_servers.git-checkpoint]\ncommand = \"/opt/bin/git-checkpoint\"\nargs = [\"mcp\"]\n"), "{once}");
        let back = unmerge(Client::Codex, Some(&once), p).unwrap();
        assert_eq!(back.trim_end(), existing.trim_end(), "{back}");
        // An older path is updated in place; an entry of ours under another name goes.
        let two = format!("{once}\n[mcp_servers.checkpoints]\ncommand = \"/old/git-checkpoint\"\nargs = [\"mcp\"]\n")
            .replace("/opt/bin/", "/old/bin/");
        assert_eq!(
            inspect(Client::Codex, Some(&two), p, Path::new(BIN)).unwrap(),
            State::Stale
        );
        let fixed = merge(Client::Codex, Some(&two), p, Path::new(BIN)).unwrap();
        assert_eq!(fixed, once, "{fixed}");
        // An inline table works too.
        let inline = "mcp_servers = { docs = { command = \"d\" } }\n";
        let new = merge(Client::Codex, Some(inline), p, Path::new(BIN)).unwrap();
        let v: toml_edit::DocumentMut = new.parse().unwrap();
        assert_eq!(
            v["mcp_servers"]["git-checkpoint"]["command"].as_str(),
            Some(BIN),
            "{new}"
        );
        assert_eq!(unmerge(Client::Codex, Some(&new), p).unwrap(), inline);
    }

    #[test]
    fn our_entries_are_recognised_by_command_and_first_argument() {
        assert!(is_ours(
            &json!({"command": "/usr/local/bin/git-checkpoint", "args": ["mcp", "-v"]})
        ));
        assert!(is_ours(
            &json!({"command": "C:\\tools\\git-checkpoint.exe", "args": ["mcp"]})
        ));
        assert!(!is_ours(
            &json!({"command": "/usr/bin/git-checkpoint", "args": ["resume"]})
        ));
        assert!(!is_ours(
            &json!({"command": "/usr/bin/other", "args": ["mcp"]})
        ));
        assert!(!is_ours(
            &json!({"command": "npx", "args": ["git-checkpoint", "mcp"]})
        ));
        assert!(!is_ours(&json!({"url": "http://127.0.0.1:1/mcp"})));
    }

    #[test]
    fn files_follow_home_and_the_environment() {
        let home = Path::new("/h");
        type Env = fn(&str) -> Option<OsString>;
        let none: Env = |_| None;
        let codex_home: Env = |k| (k == "CODEX_HOME").then(|| OsString::from("/c"));
        for (client, env, want) in [
            (Client::Cursor, none, "/h/.cursor/mcp.json"),
            (Client::Codex, none, "/h/.codex/config.toml"),
            (Client::Codex, codex_home, "/c/config.toml"),
            (Client::Gemini, none, "/h/.gemini/settings.json"),
        ] {
            assert_eq!(user_file(client, home, env), Path::new(want), "{client:?}");
        }
        if cfg!(target_os = "linux") {
            assert_eq!(
                user_file(Client::ClaudeDesktop, home, none),
                Path::new("/h/.config/Claude/claude_desktop_config.json")
            );
        }
        assert_eq!(project_file(Client::ClaudeDesktop, Path::new("/p")), None);
        assert_eq!(
            project_file(Client::Cursor, Path::new("/p")),
            Some(PathBuf::from("/p/.cursor/mcp.json"))
        );
    }
}
