//! The entry that registers `git-checkpoint mcp` in each client's MCP configuration file, and
//! where that file is: pure functions for the installer (`agent install` adds the entry at
//! its key path with the installer's safe-writing rules, `agent uninstall` removes the entry it
//! recognises with [`is_ours`]). Nothing here reads or writes a file.
//!
//! Formats, from each client's documentation:
//! - Claude Desktop, `claude_desktop_config.json`: `{"mcpServers": {NAME: {"command", "args"}}}`.
//! - Cursor, `mcp.json` (`~/.cursor/` or the project's `.cursor/`): the same `mcpServers` object.
//! - Gemini CLI, `settings.json` (`~/.gemini/` or the project's `.gemini/`): the same
//!   `mcpServers` object.
//! - Codex, `config.toml` (`$CODEX_HOME`, default `~/.codex/`): a `[mcp_servers.NAME]` table
//!   with `command` and `args`.

use serde_json::{json, Value};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The name our server is registered under in every client.
pub const SERVER_NAME: &str = "git-checkpoint";

/// The arguments that start the server: `git-checkpoint mcp`.
pub const SERVER_ARGS: &[&str] = &["mcp"];

/// A client that reads an MCP configuration file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Client {
    /// Claude Desktop (`claude_desktop_config.json`; user scope only).
    ClaudeDesktop,
    /// The Cursor editor (`mcp.json`).
    Cursor,
    /// OpenAI's Codex CLI (`config.toml`).
    Codex,
    /// Google's Gemini CLI (`settings.json`).
    Gemini,
}

/// An entry for a JSON configuration file: set `value` at `key_path` (each element an object
/// key, creating the objects that are missing), replacing what is there.
#[derive(Debug, Clone, PartialEq)]
pub struct JsonEntry {
    /// Object keys from the top of the file: `["mcpServers", "git-checkpoint"]`.
    pub key_path: [&'static str; 2],
    /// The server's entry.
    pub value: Value,
}

/// An entry for Codex's TOML file: the table `key_path` (`[mcp_servers.git-checkpoint]`) with
/// the `command` and `args` keys, given both as values and as the table's text.
#[derive(Debug, Clone, PartialEq)]
pub struct TomlEntry {
    /// Table keys from the top of the file: `["mcp_servers", "git-checkpoint"]`.
    pub key_path: [&'static str; 2],
    /// The executable to start.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The whole table as TOML text, header first, ending in a newline (basic strings escaped
    /// as TOML v1.0.0 section "String" requires), for appending to the file.
    pub text: String,
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
    let command = binary.to_string_lossy().into_owned();
    let args: Vec<String> = SERVER_ARGS.iter().map(|a| a.to_string()).collect();
    let list: Vec<String> = args.iter().map(|a| toml_string(a)).collect();
    let text = format!(
        "[mcp_servers.{SERVER_NAME}]\ncommand = {}\nargs = [{}]\n",
        toml_string(&command),
        list.join(", ")
    );
    TomlEntry {
        key_path: ["mcp_servers", SERVER_NAME],
        command,
        args,
        text,
    }
}

/// `s` as a TOML basic string: `"` and `\` escaped, control characters as `\uXXXX` (or their
/// short escapes), everything else as is (TOML v1.0.0, "String").
pub fn toml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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
    match client {
        Client::ClaudeDesktop => None,
        Client::Cursor => Some(root.join(".cursor").join("mcp.json")),
        Client::Codex => Some(root.join(".codex").join("config.toml")),
        Client::Gemini => Some(root.join(".gemini").join("settings.json")),
    }
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
            e.text,
            "[mcp_servers.git-checkpoint]\ncommand = \"/opt/bin/git-checkpoint\"\nargs = [\"mcp\"]\n"
        );
        assert_eq!(
            (e.command.as_str(), e.args.as_slice()),
            (BIN, &["mcp".to_string()][..])
        );
        let odd = codex(Path::new("/home/a \"b\"\\c\u{7}/git-checkpoint"));
        assert!(odd
            .text
            .contains("command = \"/home/a \\\"b\\\"\\\\c\\u0007/git-checkpoint\"\n"));
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
        let none = |_: &str| None;
        assert_eq!(
            user_file(Client::Cursor, home, none),
            Path::new("/h/.cursor/mcp.json")
        );
        assert_eq!(
            user_file(Client::Codex, home, none),
            Path::new("/h/.codex/config.toml")
        );
        let codex_home = |k: &str| (k == "CODEX_HOME").then(|| OsString::from("/c"));
        assert_eq!(
            user_file(Client::Codex, home, codex_home),
            Path::new("/c/config.toml")
        );
        assert_eq!(
            user_file(Client::Gemini, home, none),
            Path::new("/h/.gemini/settings.json")
        );
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
