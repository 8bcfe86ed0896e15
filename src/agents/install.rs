//! Merging our hook entries into an agent's settings JSON and taking them out again.
//!
//! This module owns the text edit only: given the file's text it returns the new text. Where the
//! file lives and how it is written safely is [`super::settings`]; what the entries run is the
//! table in [`super`]. It must not read or write files.
//!
//! The file is edited in place through a concrete syntax tree (`jsonc_parser::cst`), so
//! everything we do not touch stays byte for byte: key order, indentation, spacing, comments
//! (legal in Gemini CLI's settings), and numbers as written (a 20-digit integer is never
//! rounded through `f64`). Our entries are the handlers whose command [`super::is_ours`]
//! recognises, current or from an earlier version; an install leaves exactly one current entry
//! per event, replacing ours in place, and an uninstall leaves none.
//!
//! Entry shapes, from each agent's hooks reference (see [`super`] for the links):
//! - Claude Code and Codex: `{"hooks": {EVENT: [{"matcher": M, "hooks": [{"type": "command",
//!   "command": C}]}]}}` (`matcher` only where the event takes one).
//! - Gemini CLI: the same groups; each handler also has a `name`.
//! - Cursor: `{"version": 1, "hooks": {event: [{"command": C}]}}`; its `stop` entry carries
//!   `loop_limit` (how many follow-up messages the hook may submit in a row; Cursor's default is
//!   5), set to 1 so the save reminder comes once.

use super::{command, is_ours, Agent};
use crate::error::{Error, Result};
use jsonc_parser::cst::{CstArray, CstInputValue, CstNode, CstObject, CstRootNode};
use jsonc_parser::ParseOptions;
use serde_json::{json, Value};
use std::path::Path;

/// The `name` our Gemini CLI handlers carry (Gemini CLI shows it in its hook list and warning).
pub const GEMINI_HOOK_NAME: &str = "git-checkpoint";

/// How many follow-up messages in a row Cursor lets our `stop` hook submit.
pub const CURSOR_STOP_LOOP_LIMIT: u64 = 1;

/// Whether our entries are present in a settings file, as [`inspect`] finds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Every current entry is there and an install would change nothing.
    Installed,
    /// Some entry of ours is there, but an install would change the file (an entry from an
    /// older version, one missing, a duplicate, or a changed matcher).
    Stale,
    /// No entry of ours (or no file).
    Missing,
}

/// Merges our hooks for `agent` into `existing` (the file's text; `None` or blank when there is
/// no file) and returns the new text. Entries of ours already there (current or older) are
/// replaced in place, so the result has exactly one current entry per event of
/// [`Agent::hooks`]; everything else is kept as written. Idempotent: merging the result again
/// returns it unchanged. A new file is indented with two spaces and ends with a newline.
///
/// # Errors
/// [`Error::SettingsFile`] naming `path` when `existing` does not parse (JSON; Gemini CLI's
/// settings may also have `//` and `/* */` comments), its top level is not an object, `hooks`
/// is not an object, or one of our events is not an array.
pub fn merge(agent: Agent, existing: Option<&str>, path: &Path) -> Result<String> {
    edit(agent, existing, path, true)
}

/// Takes every entry of ours (current and older) out of `existing` and returns the new text. A
/// group left with no handler goes, and so does an event whose array it emptied; everything
/// else stays as written (an emptied `hooks` object too).
///
/// # Errors
/// As [`merge`].
pub fn unmerge(agent: Agent, existing: Option<&str>, path: &Path) -> Result<String> {
    edit(agent, existing, path, false)
}

/// Whether our entries for `agent` are in `existing` (see [`State`]).
///
/// # Errors
/// As [`merge`].
pub fn inspect(agent: Agent, existing: Option<&str>, path: &Path) -> Result<State> {
    let Some(text) = existing.filter(|t| !t.trim().is_empty()) else {
        return Ok(State::Missing);
    };
    if merge(agent, Some(text), path)? == text {
        return Ok(State::Installed);
    }
    if unmerge(agent, Some(text), path)? == text {
        Ok(State::Missing)
    } else {
        Ok(State::Stale)
    }
}

/// Whether a settings file's `text` holds nothing once our entries are gone: blank, or a JSON
/// object whose members are all empty objects or arrays (`{"hooks": {}}`), besides Cursor's
/// `"version"` number. `agent uninstall` removes such a file (install created it, or it said
/// nothing) instead of leaving a skeleton behind; a file with comments or any other value is
/// the user's and stays.
pub fn holds_nothing(text: &str) -> bool {
    if text.trim().is_empty() {
        return true; // Codex's config.toml once our server's table is gone.
    }
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(text) else {
        return false;
    };
    map.iter().all(|(k, v)| match v {
        Value::Object(o) => o.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Number(_) => k == "version",
        _ => false,
    })
}

/// Whether `text` has a `//` or `/* */` comment outside strings (what only Gemini CLI accepts).
pub fn has_comments(text: &str) -> bool {
    jsonc_parser::parse_to_ast(
        text,
        &jsonc_parser::CollectOptions {
            comments: jsonc_parser::CommentCollectionStrategy::Separate,
            tokens: false,
        },
        &ParseOptions::default(),
    )
    .ok()
    .and_then(|r| r.comments)
    .is_some_and(|c| !c.is_empty())
}

/// The entry we install for `event`, as JSON.
fn wanted(agent: Agent, event: &str, matcher: Option<&str>) -> Value {
    entry(agent, event, matcher, command(agent, event))
}

/// The entry for `event` running `cmd`, in the agent's shape (see the module docs).
fn entry(agent: Agent, event: &str, matcher: Option<&str>, cmd: String) -> Value {
    match agent {
        Agent::Cursor => {
            if event == "stop" {
                json!({"command": cmd, "loop_limit": CURSOR_STOP_LOOP_LIMIT})
            } else {
                json!({ "command": cmd })
            }
        }
        Agent::Claude | Agent::Codex | Agent::Gemini => {
            let handler = if agent == Agent::Gemini {
                json!({"name": GEMINI_HOOK_NAME, "type": "command", "command": cmd})
            } else {
                json!({"type": "command", "command": cmd})
            };
            let mut group = serde_json::Map::new();
            if let Some(m) = matcher {
                group.insert("matcher".into(), Value::String(m.into()));
            }
            group.insert("hooks".into(), Value::Array(vec![handler]));
            Value::Object(group)
        }
    }
}

/// The hooks file of a plugin or extension for `agent` (see [`super::plugin`]): the entries
/// [`merge`] installs into an empty settings file, in the same shape and order, each running
/// `command(event)` instead of [`command`]. Indented with two spaces, ends with a newline.
pub fn plugin_file(agent: Agent, command: &dyn Fn(&str) -> String) -> String {
    let root = CstRootNode::parse("{}\n", &options(agent)).expect("an empty object parses");
    let top = root
        .value()
        .and_then(|v| v.as_object())
        .expect("the top level is an object");
    if agent == Agent::Cursor {
        top.append("version", CstInputValue::Number("1".into()));
    }
    let hooks = top
        .append("hooks", CstInputValue::Object(Vec::new()))
        .object_value()
        .expect("hooks was just added as an object");
    for h in agent.hooks() {
        let e = entry(agent, h.event, h.matcher, command(h.event));
        hooks.append(h.event, CstInputValue::Array(vec![input(&e)]));
    }
    let mut out = root.to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// `v` (an object) as JSON text the way [`plugin_file`] writes it: two-space indent, a final
/// newline, each object's keys in the order of `order` (keys not in it first, sorted).
pub(crate) fn ordered_json(v: &Value, order: &[&str]) -> String {
    let root = CstRootNode::parse("{}\n", &json_options(false)).expect("an empty object parses");
    let top = root
        .value()
        .and_then(|v| v.as_object())
        .expect("the top level is an object");
    if let CstInputValue::Object(fields) = cst_input(v, order) {
        for (k, v) in fields {
            top.append(&k, v);
        }
    }
    let mut out = root.to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Key order of our hook entries, as [`wanted`] writes them (serde_json's map is sorted, so the
/// order is spelled out here).
const HOOK_KEYS: [&str; 6] = ["matcher", "name", "type", "command", "loop_limit", "hooks"];

/// `v` as the CST's input value for a JSON(C) file we edit in place; an object's keys go in
/// the order of `order`, after any key not in it (those stay in serde_json's sorted order).
pub(crate) fn cst_input(v: &Value, order: &[&str]) -> CstInputValue {
    match v {
        Value::Null => CstInputValue::Null,
        Value::Bool(b) => CstInputValue::Bool(*b),
        Value::Number(n) => CstInputValue::Number(n.to_string()),
        Value::String(s) => CstInputValue::String(s.clone()),
        Value::Array(a) => CstInputValue::Array(a.iter().map(|v| cst_input(v, order)).collect()),
        Value::Object(o) => {
            let mut fields: Vec<(String, CstInputValue)> = o
                .iter()
                .map(|(k, v)| (k.clone(), cst_input(v, order)))
                .collect();
            fields.sort_by_key(|(k, _)| order.iter().position(|o| o == k));
            CstInputValue::Object(fields)
        }
    }
}

/// `v` as the CST's input value, keys in the order [`wanted`] writes them.
fn input(v: &Value) -> CstInputValue {
    cst_input(v, &HOOK_KEYS)
}

/// Parse options: strict JSON, plus comments for Gemini CLI (whose loader strips them).
fn options(agent: Agent) -> ParseOptions {
    json_options(agent == Agent::Gemini)
}

/// Strict JSON parse options for a settings file, with comments allowed when `comments` (the
/// loaders of Gemini CLI's and the MCP clients' files that strip them).
pub(crate) fn json_options(comments: bool) -> ParseOptions {
    ParseOptions {
        allow_comments: comments,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

fn edit(agent: Agent, existing: Option<&str>, path: &Path, install: bool) -> Result<String> {
    let bad = |reason: String| Error::SettingsFile {
        path: path.to_path_buf(),
        reason,
    };
    let blank = existing.is_none_or(|t| t.trim().is_empty());
    if blank && !install {
        return Ok(existing.unwrap_or("").to_string());
    }
    let text = if blank {
        "{}\n"
    } else {
        existing.unwrap_or("")
    };
    // The CST keeps comments as tokens whatever the options say: refuse them here where the
    // agent's own loader is plain JSON.
    if agent != Agent::Gemini && has_comments(text) {
        return Err(bad(format!(
            "not valid JSON (it has comments, which {}'s loader does not accept)",
            agent.display()
        )));
    }
    let root = CstRootNode::parse(text, &options(agent))
        .map_err(|e| bad(format!("not valid JSON ({e})")))?;
    let Some(top) = root.value().and_then(|v| v.as_object()) else {
        return Err(bad("the top level is not a JSON object".into()));
    };
    // JSON loaders take the last of duplicate keys, the CST edits the first: refuse, or our
    // entries would be written where the agent never looks.
    let duplicate = |names: Vec<String>| {
        let mut seen = std::collections::HashSet::new();
        names.into_iter().find(|n| !seen.insert(n.clone()))
    };
    let names = |o: &jsonc_parser::cst::CstObject| -> Vec<String> {
        o.properties()
            .iter()
            .filter_map(|p| p.decoded_name())
            .collect()
    };
    if let Some(key) = duplicate(names(&top)).filter(|k| k == "hooks") {
        return Err(bad(format!(
            "\"{key}\" appears twice; the agent reads only the last one: merge them into one"
        )));
    }
    if let Some(h) = top
        .get("hooks")
        .and_then(|p| p.value())
        .and_then(|v| v.as_object())
    {
        if let Some(event) = duplicate(names(&h)) {
            return Err(bad(format!(
                "\"hooks.{event}\" appears twice; the agent reads only the last one: merge them into one"
            )));
        }
    }
    let hooks = match top.get("hooks") {
        Some(prop) => match prop.value().and_then(|v| v.as_object()) {
            Some(o) => Some(o),
            None => return Err(bad("\"hooks\" is not an object".into())),
        },
        None if install => top
            .append("hooks", CstInputValue::Object(Vec::new()))
            .object_value(),
        None => None,
    };
    let Some(hooks) = hooks else {
        return Ok(text.to_string());
    };
    if install && agent == Agent::Cursor && top.get("version").is_none() {
        top.insert(0, "version", CstInputValue::Number("1".into()));
    }
    for prop in hooks.properties() {
        let Some(event) = prop.decoded_name() else {
            continue;
        };
        let want = install
            .then(|| agent.hooks().iter().find(|h| h.event == event))
            .flatten();
        let Some(list) = prop.value().and_then(|v| v.as_array()) else {
            if want.is_some() {
                return Err(bad(format!("\"hooks.{event}\" is not an array")));
            }
            continue;
        };
        let wanted = want.map(|h| wanted(agent, h.event, h.matcher));
        let removed = settle(agent, &list, wanted.as_ref());
        if removed && list.elements().is_empty() && wanted.is_none() {
            prop.remove();
        }
    }
    if install {
        for h in agent.hooks() {
            if hooks.get(h.event).is_none() {
                let entry = input(&wanted(agent, h.event, h.matcher));
                hooks.append(h.event, CstInputValue::Array(vec![entry]));
            }
        }
    }
    let mut out = root.to_string();
    if blank && !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// Brings one event's array to what we want: with `wanted`, exactly one entry of ours equal to
/// it (the first group holding only ours is kept or replaced in place; else it is appended);
/// without, none. Handlers of ours inside a group that also holds the user's are taken out of
/// it. Returns whether anything of ours was removed.
fn settle(agent: Agent, list: &CstArray, wanted: Option<&Value>) -> bool {
    let mut kept = false;
    let mut removed = false;
    for group in list.elements() {
        let (ours, all) = our_handlers(agent, &group);
        if ours.is_empty() {
            continue;
        }
        match wanted {
            Some(w) if all && !kept => {
                if group.to_serde_value().as_ref() != Some(w) {
                    if let Some(obj) = group.as_object() {
                        obj.replace_with(input(w));
                    }
                }
                kept = true;
            }
            _ if all => {
                group.remove();
                removed = true;
            }
            _ => {
                for h in ours {
                    h.remove();
                }
                removed = true;
            }
        }
    }
    if let (Some(w), false) = (wanted, kept) {
        list.append(input(w));
    }
    removed
}

/// The handlers of ours in one element of an event's array, and whether they are all of its
/// handlers (so the element itself is ours). For Cursor the element is the handler.
fn our_handlers(agent: Agent, group: &CstNode) -> (Vec<CstNode>, bool) {
    let Some(obj) = group.as_object() else {
        return (Vec::new(), false);
    };
    if agent == Agent::Cursor {
        return if handler_is_ours(&obj) {
            (vec![group.clone()], true)
        } else {
            (Vec::new(), false)
        };
    }
    let Some(handlers) = obj.array_value("hooks") else {
        return (Vec::new(), false);
    };
    let all = handlers.elements();
    let ours: Vec<CstNode> = all
        .iter()
        .filter(|h| h.as_object().is_some_and(|o| handler_is_ours(&o)))
        .cloned()
        .collect();
    let every = !ours.is_empty() && ours.len() == all.len();
    (ours, every)
}

fn handler_is_ours(handler: &CstObject) -> bool {
    handler
        .get("command")
        .and_then(|p| p.value())
        .and_then(|v| v.as_string_lit())
        .and_then(|s| s.decoded_value().ok())
        .is_some_and(|c| is_ours(&c))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXISTING: &str = r#"{
  "permissions": {"allow": ["Bash(ls)"]},
  "model": "opus",
  "big": 123456789012345678901234567890,
  "hooks": {"PreCompact": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}
}"#;

    fn p() -> &'static Path {
        Path::new("s.json")
    }

    #[test]
    fn merge_keeps_the_rest_byte_for_byte_and_is_idempotent() {
        let once = merge(Agent::Claude, Some(EXISTING), p()).unwrap();
        assert!(
            once.starts_with(
                "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]},\n  \"model\": \"opus\",\n  \"big\": 123456789012345678901234567890,\n"
            ),
            "{once}"
        );
        assert!(once.contains("echo hi"));
        assert!(once.contains(&command(Agent::Claude, "SessionStart")));
        let v: Value = serde_json::from_str(&once).unwrap();
        for h in Agent::Claude.hooks() {
            assert!(v["hooks"][h.event].is_array(), "{}: {once}", h.event);
        }
        assert_eq!(v["hooks"]["PreCompact"].as_array().unwrap().len(), 2);
        assert_eq!(merge(Agent::Claude, Some(&once), p()).unwrap(), once);
        assert_eq!(
            inspect(Agent::Claude, Some(&once), p()).unwrap(),
            State::Installed
        );
        assert_eq!(
            inspect(Agent::Claude, Some(EXISTING), p()).unwrap(),
            State::Missing
        );
    }

    #[test]
    fn every_agent_merges_into_nothing_and_unmerges_to_no_entry() {
        for a in Agent::ALL {
            let t = merge(a, None, Path::new("x")).unwrap();
            assert!(t.ends_with("}\n"), "{t}");
            let v: Value = serde_json::from_str(&t).unwrap();
            assert!(v["hooks"].is_object(), "{t}");
            assert_eq!(merge(a, Some(&t), Path::new("x")).unwrap(), t);
            let gone = unmerge(a, Some(&t), Path::new("x")).unwrap();
            assert!(!gone.contains("git-checkpoint"), "{gone}");
            let v: Value = serde_json::from_str(&gone).unwrap();
            assert_eq!(v["hooks"], json!({}), "{gone}");
        }
        let cursor: Value =
            serde_json::from_str(&merge(Agent::Cursor, None, p()).unwrap()).unwrap();
        assert_eq!(cursor["version"], 1);
        assert_eq!(cursor["hooks"]["stop"][0]["loop_limit"], 1);
        let gemini: Value =
            serde_json::from_str(&merge(Agent::Gemini, None, p()).unwrap()).unwrap();
        let h = &gemini["hooks"]["AfterTool"][0];
        assert_eq!(h["matcher"], "write_todos");
        assert_eq!(h["hooks"][0]["name"], GEMINI_HOOK_NAME);
        assert_eq!(h["hooks"][0]["type"], "command");
    }

    #[test]
    fn legacy_entries_are_replaced_in_place_and_users_kept() {
        let old = r#"{
    "hooks": {
        "SessionStart": [
            {"matcher": "startup|resume|clear|compact", "hooks": [{"type": "command", "command": "git checkpoint prompt"}]},
            {"hooks": [{"type": "command", "command": "echo mine"}]}
        ],
        "PreCompact": [
            {"hooks": [{"type": "command", "command": "echo a"}, {"type": "command", "command": "git checkpoint save -m \"auto: pre-compact\""}]}
        ],
        "SessionEnd": [
            {"hooks": [{"type": "command", "command": "git checkpoint save -m \"auto: session end\""}]},
            {"hooks": [{"type": "command", "command": "git-checkpoint agent hook SessionEnd --agent claude"}]}
        ]
    }
}
"#;
        assert_eq!(
            inspect(Agent::Claude, Some(old), p()).unwrap(),
            State::Stale
        );
        let new = merge(Agent::Claude, Some(old), p()).unwrap();
        let v: Value = serde_json::from_str(&new).unwrap();
        let start = v["hooks"]["SessionStart"].as_array().unwrap();
        assert_eq!(start.len(), 2, "{new}");
        assert_eq!(
            start[0]["hooks"][0]["command"],
            command(Agent::Claude, "SessionStart"),
            "replaced in place"
        );
        assert_eq!(start[1]["hooks"][0]["command"], "echo mine");
        let pre = v["hooks"]["PreCompact"].as_array().unwrap();
        assert_eq!(pre.len(), 2, "{new}");
        assert_eq!(pre[0]["hooks"].as_array().unwrap().len(), 1);
        assert_eq!(pre[0]["hooks"][0]["command"], "echo a");
        assert_eq!(v["hooks"]["SessionEnd"].as_array().unwrap().len(), 1);
        assert!(
            new.contains("\n        \"SessionStart\": [\n"),
            "indent kept: {new}"
        );
        assert_eq!(merge(Agent::Claude, Some(&new), p()).unwrap(), new);

        let gone = unmerge(Agent::Claude, Some(&new), p()).unwrap();
        let v: Value = serde_json::from_str(&gone).unwrap();
        assert_eq!(v["hooks"]["SessionStart"].as_array().unwrap().len(), 1);
        assert_eq!(v["hooks"]["PreCompact"][0]["hooks"][0]["command"], "echo a");
        assert!(v["hooks"].get("SessionEnd").is_none(), "{gone}");
        assert!(!gone.contains("checkpoint"), "{gone}");
    }

    #[test]
    fn gemini_comments_are_kept_and_others_refuse_them() {
        let text = "{\n  // my model\n  \"model\": {\"name\": \"gemini-2.5-pro\"}, /* tail */\n  \"n\": 1\n}\n";
        assert!(has_comments(text));
        assert!(!has_comments("{\"a\": \"// not a comment\"}"));
        let new = merge(Agent::Gemini, Some(text), p()).unwrap();
        assert!(new.starts_with("{\n  // my model\n  \"model\": {\"name\": \"gemini-2.5-pro\"}, /* tail */\n  \"n\": 1,\n"), "{new}");
        assert_eq!(merge(Agent::Gemini, Some(&new), p()).unwrap(), new);
        let back = unmerge(Agent::Gemini, Some(&new), p()).unwrap();
        assert!(
            back.contains("// my model") && back.contains("/* tail */"),
            "{back}"
        );
        let e = merge(Agent::Claude, Some(text), p())
            .unwrap_err()
            .to_string();
        assert!(e.contains("s.json") && e.contains("comments"), "{e}");
    }

    #[test]
    fn wrong_shapes_are_refused() {
        assert!(merge(Agent::Claude, Some("[1]"), p()).is_err());
        assert!(merge(Agent::Claude, Some("{\"hooks\": 3}"), p()).is_err());
        assert!(merge(Agent::Claude, Some("{\"hooks\": {\"Stop\": 3}}"), p()).is_err());
        // An event we do not use may hold anything.
        assert!(merge(Agent::Claude, Some("{\"hooks\": {\"Other\": 3}}"), p()).is_ok());
        let e = merge(Agent::Claude, Some("{oops"), p())
            .unwrap_err()
            .to_string();
        assert!(e.contains("s.json") && e.contains("not valid JSON"), "{e}");
    }

    #[test]
    fn tabs_are_kept() {
        let t = merge(Agent::Cursor, Some("{\n\t\"x\": 1\n}\n"), p()).unwrap();
        assert!(
            t.starts_with("{\n\t\"version\": 1,\n\t\"x\": 1,\n\t\"hooks\": {\n\t\t"),
            "{t}"
        );
    }
}
