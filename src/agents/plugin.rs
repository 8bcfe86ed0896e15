//! The plugin each agent installs with its own command (Claude Code, Codex and Cursor plugins
//! with their marketplace entries, a Gemini CLI extension), generated from the tables
//! `agent install` writes from: the events and matchers of [`Agent::hooks`], the entry shapes of
//! [`super::install`], the skill of [`super::skill`]. `git-checkpoint generate-docs` writes them
//! into the repository (`plugins/<agent>/`), and a test fails when the committed ones are stale.
//!
//! This module owns the text of every file; it must not read or write files.
//!
//! Every hook of a plugin runs one small launcher, `hooks/git-checkpoint.sh <Event>` (POSIX
//! sh, started through `sh` so a lost executable bit cannot stop it), which finds the binary
//! (PATH, then `~/.cargo/bin`), runs `git-checkpoint agent hook <Event> --agent <name>
//! --from-plugin` (which stands down when our settings-file hooks are installed too, so the
//! brief never arrives twice), prints one install hint at the session's start when the binary
//! is missing, and always exits 0. `git-checkpoint.sh mcp` starts the MCP server the same way
//! (Codex's plugin names `git-checkpoint` instead: it starts a plugin's server only by a bare
//! name or a path inside the plugin, and expands no variable in its arguments).
//!
//! Layouts and variables, from each agent's plugin documentation and confirmed with the pinned
//! CLIs of tests/agents (installed offline from the folder, then a session; see
//! docs/agents/PLUGINS.md):
//!
//! | agent | marketplace | manifest | plugin root in commands |
//! | --- | --- | --- | --- |
//! | Claude Code | `.claude-plugin/marketplace.json` | `.claude-plugin/plugin.json` (hooks in `hooks/hooks.json`, skills in `skills/`, MCP servers in `.mcp.json`) | `${CLAUDE_PLUGIN_ROOT}` |
//! | Codex | `.agents/plugins/marketplace.json` | `.codex-plugin/plugin.json` (`hooks`, `skills`, `mcpServers` paths) | `${PLUGIN_ROOT}` |
//! | Gemini CLI | none: `gemini extensions install <dir>` | `gemini-extension.json` (hooks in `hooks/hooks.json`, `contextFileName`, `mcpServers`) | `${extensionPath}` |
//! | Cursor | `.cursor-plugin/marketplace.json` | `.cursor-plugin/plugin.json` (`hooks`, `rules` paths) | commands relative to the plugin (`./hooks/...`) |

use super::{install, skill, Action, Agent};

/// The name of every plugin, extension and marketplace: installed as
/// `git-checkpoint@git-checkpoint` (Claude Code, Codex).
pub const NAME: &str = "git-checkpoint";

/// Where the plugins live in the repository, one folder per agent (`plugins/claude`, ...).
pub const DIR: &str = "plugins";

/// The launcher every hook runs, relative to the plugin's folder.
pub const LAUNCHER: &str = "hooks/git-checkpoint.sh";

/// What the plugins say they are.
const DESCRIPTION: &str = "Checkpoints of the story you work on, kept in git refs: the brief \
    at session start and after compaction, the agent's plan recorded as tasks, a reminder to \
    save when work moved, and the MCP server (git-checkpoint's hooks, skill and server).";

/// The agents that have a plugin, in the order the README lists them.
pub const AGENTS: [Agent; 4] = [Agent::Claude, Agent::Codex, Agent::Gemini, Agent::Cursor];

/// One file of a plugin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// Its path in the repository, `/`-separated (`plugins/claude/hooks/hooks.json`).
    pub path: String,
    /// Its text.
    pub text: String,
    /// Whether it is written executable (mode 0755; the launcher).
    pub executable: bool,
}

/// The folder of `agent`'s plugin in the repository (`plugins/claude`).
pub fn folder(agent: Agent) -> String {
    format!("{DIR}/{}", agent.name())
}

/// The one-line install from a checkout of the repository, run in its top directory, as the
/// README shows it for `agent`.
pub fn install_line(agent: Agent) -> String {
    let dir = folder(agent);
    match agent {
        Agent::Claude => format!(
            "claude plugin marketplace add \"$PWD/{dir}\" && claude plugin install {NAME}@{NAME}"
        ),
        Agent::Codex => format!(
            "codex plugin marketplace add \"$PWD/{dir}\" && codex plugin add {NAME}@{NAME}"
        ),
        Agent::Gemini => format!("gemini extensions install \"$PWD/{dir}\""),
        Agent::Cursor => format!(
            "mkdir -p ~/.cursor/plugins/local && cp -R \"$PWD/{dir}\" ~/.cursor/plugins/local/{NAME}"
        ),
    }
}

/// The event at which a session starts for `agent` (where the launcher's install hint goes).
fn start_event(agent: Agent) -> &'static str {
    agent
        .hooks()
        .iter()
        .find(|h| h.action == Action::Start)
        .map_or("SessionStart", |h| h.event)
}

/// The text the launcher prints when it finds no binary (no quote or backslash: it goes into
/// a JSON string as is).
const HINT: &str = "git-checkpoint is not installed (not on PATH, not in ~/.cargo/bin), so its \
    plugin does nothing: install it with `cargo install --locked --path <a checkout>` (see its \
    README)";

/// The launcher of `agent`'s plugin (see the module docs).
pub fn launcher(agent: Agent) -> String {
    let start = start_event(agent);
    // What a hook prints when there is no binary: at the start event, the hint in the field
    // each agent shows the user; for Cursor, whose hooks answer JSON, `{}` (hint on stderr).
    let missing = match agent {
        Agent::Cursor => format!(
            "  if [ \"$1\" = {start} ]; then printf '%s\\n' \"$hint\" >&2; fi\n  printf '{{}}\\n'\n"
        ),
        _ => format!(
            "  if [ \"$1\" = {start} ]; then printf '{{\"systemMessage\": \"%s\"}}\\n' \"$hint\"; fi\n"
        ),
    };
    format!(
        "#!/bin/sh
# The launcher of git-checkpoint's {display} plugin, generated by `git-checkpoint
# generate-docs` (src/agents/plugin.rs): do not edit.
#
# `git-checkpoint.sh <Event>` runs `git-checkpoint agent hook <Event> --agent {name}
# --from-plugin` (which does nothing when `git-checkpoint agent install` put our hooks in a
# settings file too) and always exits 0: a hook must never block the agent.
# `git-checkpoint.sh mcp` starts the MCP server.
bin=$(command -v git-checkpoint 2>/dev/null) || bin=
if [ -z \"$bin\" ] && [ -x \"$HOME/.cargo/bin/git-checkpoint\" ]; then
  bin=$HOME/.cargo/bin/git-checkpoint
fi
if [ -z \"$bin\" ]; then
  hint='{HINT}'
  if [ \"$1\" = mcp ]; then printf '%s\\n' \"$hint\" >&2; exit 1; fi
{missing}  exit 0
fi
if [ \"$1\" = mcp ]; then exec \"$bin\" mcp; fi
\"$bin\" agent hook \"$1\" --agent {name} --from-plugin
exit 0
",
        display = agent.display(),
        name = agent.name(),
    )
}

/// The order of the manifests' keys (serde_json's maps are sorted).
const KEYS: &[&str] = &[
    "name",
    "displayName",
    "version",
    "description",
    "owner",
    "author",
    "license",
    "source",
    "path",
    "policy",
    "installation",
    "authentication",
    "category",
    "interface",
    "shortDescription",
    "developerName",
    "contextFileName",
    "skills",
    "rules",
    "hooks",
    "mcpServers",
    "command",
    "args",
    "plugins",
];

/// `value` as JSON text: keys in the order of [`KEYS`], two-space indent, a final newline.
fn json(value: &serde_json::Value) -> String {
    install::ordered_json(value, KEYS)
}

/// The `mcpServers` object of a plugin: our server's `entry` under [`NAME`].
fn servers(entry: serde_json::Value) -> serde_json::Value {
    serde_json::Value::Object([(NAME.to_string(), entry)].into_iter().collect())
}

/// The MCP server entry of a plugin whose root is `root` (an agent's variable): the launcher.
fn mcp_server(root: &str) -> serde_json::Value {
    servers(serde_json::json!({"command": "sh", "args": [format!("{root}/{LAUNCHER}"), "mcp"]}))
}

/// Every file of every plugin, for `version` (the crate's), paths under [`DIR`].
pub fn files(version: &str) -> Vec<File> {
    use serde_json::json;
    let mut out = Vec::new();
    for agent in AGENTS {
        let dir = folder(agent);
        let mut add = |path: &str, text: String| {
            out.push(File {
                path: format!("{dir}/{path}"),
                executable: path == LAUNCHER,
                text,
            });
        };
        let hooks = |root: &str| {
            install::plugin_file(agent, &|event| match agent {
                Agent::Cursor => format!("./{LAUNCHER} {event}"),
                _ => format!("sh \"{root}/{LAUNCHER}\" {event}"),
            })
        };
        let owner = json!({"name": NAME});
        let license = env!("CARGO_PKG_LICENSE");
        match agent {
            Agent::Claude => {
                let root = "${CLAUDE_PLUGIN_ROOT}";
                add(
                    ".claude-plugin/marketplace.json",
                    json(&json!({
                        "name": NAME,
                        "owner": owner,
                        "description": DESCRIPTION,
                        "plugins": [{"name": NAME, "source": "./", "description": DESCRIPTION,
                            "version": version}],
                    })),
                );
                add(
                    ".claude-plugin/plugin.json",
                    json(
                        &json!({"name": NAME, "version": version, "description": DESCRIPTION,
                        "author": owner, "license": license}),
                    ),
                );
                add("hooks/hooks.json", hooks(root));
                add(".mcp.json", json(&json!({"mcpServers": mcp_server(root)})));
                add(
                    "skills/git-checkpoint/SKILL.md",
                    skill::installed(agent, None),
                );
            }
            Agent::Codex => {
                let root = "${PLUGIN_ROOT}";
                add(
                    ".agents/plugins/marketplace.json",
                    json(&json!({
                        "name": NAME,
                        "interface": {"displayName": NAME},
                        "plugins": [{"name": NAME,
                            "source": {"source": "local", "path": "./"},
                            "policy": {"installation": "AVAILABLE",
                                "authentication": "ON_INSTALL"},
                            "category": "Productivity"}],
                    })),
                );
                add(
                    ".codex-plugin/plugin.json",
                    json(&json!({
                        "name": NAME, "version": version, "description": DESCRIPTION,
                        "author": owner, "license": license,
                        "skills": "./skills/", "hooks": "./hooks/hooks.json",
                        "mcpServers": "./.mcp.json",
                        "interface": {"displayName": NAME, "shortDescription": DESCRIPTION,
                            "developerName": NAME, "category": "Productivity"},
                    })),
                );
                add("hooks/hooks.json", hooks(root));
                // Codex starts a plugin's server only by a bare name or a path inside the
                // plugin, with no variable in its arguments, and a path runs it from there
                // instead of the session's directory: the binary on PATH, by name.
                let server = json!({"command": "git-checkpoint", "args": ["mcp"]});
                add(".mcp.json", json(&json!({"mcpServers": servers(server)})));
                add("skills/git-checkpoint/SKILL.md", skill::SKILL.to_string());
            }
            Agent::Gemini => {
                let root = "${extensionPath}";
                add(
                    "gemini-extension.json",
                    json(&json!({
                        "name": NAME, "version": version, "description": DESCRIPTION,
                        "contextFileName": "GEMINI.md",
                        "mcpServers": mcp_server(root),
                    })),
                );
                add("hooks/hooks.json", hooks(root));
                add("GEMINI.md", skill::body().to_string());
            }
            Agent::Cursor => {
                add(
                    ".cursor-plugin/marketplace.json",
                    json(&json!({
                        "name": NAME,
                        "owner": owner,
                        "plugins": [{"name": NAME, "source": "./", "description": DESCRIPTION}],
                    })),
                );
                add(
                    ".cursor-plugin/plugin.json",
                    json(&json!({
                        "name": NAME, "displayName": NAME, "version": version,
                        "description": DESCRIPTION, "author": owner, "license": license,
                        "rules": "./rules/", "hooks": "./hooks/hooks.json",
                    })),
                );
                add("hooks/hooks.json", hooks(""));
                add("rules/git-checkpoint.mdc", skill::installed(agent, None));
            }
        }
        add(LAUNCHER, launcher(agent));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn file<'a>(files: &'a [File], path: &str) -> &'a File {
        files
            .iter()
            .find(|f| f.path == path)
            .unwrap_or_else(|| panic!("no {path}"))
    }

    #[test]
    fn every_hook_of_the_table_runs_the_launcher_with_its_event() {
        let files = files("1.2.3");
        for agent in AGENTS {
            let path = format!("{}/hooks/hooks.json", folder(agent));
            let v: Value = serde_json::from_str(&file(&files, &path).text).unwrap();
            for h in agent.hooks() {
                let entry = &v["hooks"][h.event][0];
                let cmd = if agent == Agent::Cursor {
                    entry["command"].as_str().unwrap().to_string()
                } else {
                    assert_eq!(entry["matcher"].as_str(), h.matcher, "{path} {}", h.event);
                    entry["hooks"][0]["command"].as_str().unwrap().to_string()
                };
                assert!(
                    cmd.ends_with(&format!("{LAUNCHER}\" {}", h.event))
                        || cmd == format!("./{LAUNCHER} {}", h.event),
                    "{path}: {cmd}"
                );
                assert!(!crate::agents::is_ours(&cmd), "{cmd}");
            }
            let launcher = file(&files, &format!("{}/{LAUNCHER}", folder(agent)));
            assert!(launcher.executable);
            assert!(launcher.text.contains(&format!(
                "agent hook \"$1\" --agent {} --from-plugin",
                agent.name()
            )));
            assert!(launcher.text.contains(start_event(agent)));
        }
        assert_eq!(start_event(Agent::Cursor), "sessionStart");
        let v: Value =
            serde_json::from_str(&file(&files, "plugins/cursor/hooks/hooks.json").text).unwrap();
        assert_eq!(v["version"], 1);
        assert_eq!(v["hooks"]["stop"][0]["loop_limit"], 1);
        let v: Value =
            serde_json::from_str(&file(&files, "plugins/gemini/gemini-extension.json").text)
                .unwrap();
        assert_eq!(v["version"], "1.2.3");
        assert_eq!(v["mcpServers"][NAME]["args"][1], "mcp");
    }

    #[test]
    fn the_hint_fits_in_a_json_string_and_a_single_quoted_shell_word() {
        assert!(!HINT.contains(['"', '\\', '\'', '\n']));
    }
}
