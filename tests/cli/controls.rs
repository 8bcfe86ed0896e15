//! Control characters escaped in every channel (issue 30, Build 5): `--json` on a terminal and
//! every MCP reply, as human output already escapes them. A checkpoint whose title, tasks and
//! next action hold an SGR sequence (`ESC[31m`), a C1 CSI (U+009B), DEL and a bidirectional
//! override (U+202E, "Trojan Source") must not reach a terminal or a model raw; JSON on a pipe
//! stays exact.

use crate::common::{sh_quote, Sandbox};
use crate::mcp::{mcp_client, run_client, spec};
use serde_json::{json, Value};

const TITLE: &str = "Login \x1b[31mred\x1b[0m \u{202e}gnp.exe";
const TODO: &str = "T1 — wire \u{9b}31m the API\x7f";
const NEXT: &str = "review \u{202e}fdp.sh and \x1b]0;pwned\x07";

/// The characters that must not arrive raw (newline, tab and carriage return aside: a
/// terminal's line discipline adds `\r`).
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| {
            let u = c as u32;
            (u < 0x20 && !matches!(c, '\n' | '\t' | '\r'))
                || u == 0x7f
                || (0x80..=0x9f).contains(&u)
                || matches!(u, 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069)
        })
        .collect()
}

fn hostile(sb: &Sandbox) -> std::path::PathBuf {
    let repo = sb.repo("r");
    sb.git(&repo, &["switch", "-q", "-c", "feature/#42-login"]);
    sb.ok(
        &repo,
        &[
            "save", "42", "-q", "--title", TITLE, "--todo", TODO, "--next", NEXT,
        ],
    );
    repo
}

/// `resume --json` and `list --json` on a terminal: no raw control or bidi character (before,
/// U+202E, U+009B and DEL went through: JSON escapes only U+0000-U+001F), and what the terminal
/// shows is still exact JSON with the same values (`\u202e` is a JSON escape). On a pipe the
/// bytes are unchanged.
#[test]
fn json_on_a_terminal_escapes_controls_and_stays_the_same_json() {
    let sb = Sandbox::new();
    let repo = hostile(&sb);
    let bin = crate::common::bin();
    for args in [["resume", "42", "--json"], ["list", "--all", "--json"]] {
        let line = std::iter::once(bin.to_str().unwrap())
            .chain(args)
            .map(sh_quote)
            .collect::<Vec<_>>()
            .join(" ");
        let out = sb.on_terminal(&repo, &line, &[]);
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(raw_controls(&text).is_empty(), "{args:?}: {text:?}");
        let on_tty: Value = serde_json::from_str(&text).expect("JSON on the terminal");
        let piped = sb.ok(&repo, &args);
        let v: Value = serde_json::from_str(&piped).expect("JSON on a pipe");
        assert_eq!(on_tty, v, "{args:?}: the same document");
        assert!(piped.contains('\u{202e}'), "a pipe gets the exact bytes");
    }
    let v = sb.json(&repo, &["resume", "42", "--json"]);
    assert_eq!(v["title"], TITLE);
    assert_eq!(v["next_action"], NEXT);
}

/// Every MCP reply (resume's brief and summary, resume with `full`, list, log, status) shows
/// control and bidi characters as escapes (`\x1b`, `\u{202e}`), in its text, its JSON text
/// and its structured content. Before, the summary's title and next action and `list`'s text
/// carried them raw.
#[test]
fn mcp_replies_escape_controls_in_text_and_structured_content() {
    let Some(script) = mcp_client() else {
        return;
    };
    let sb = Sandbox::new();
    let repo = hostile(&sb);
    let calls = json!([
        {"name": "resume", "arguments": {}},
        {"name": "resume", "arguments": {"full": true}},
        {"name": "list", "arguments": {}},
        {"name": "log", "arguments": {}},
        {"name": "status", "arguments": {}},
        {"name": "resume", "arguments": {"story": "nope\u{202e}"}},
    ]);
    let elsewhere = sb.path("home");
    let out = run_client(&sb, &script, &elsewhere, &spec(&elsewhere, &repo, calls));
    let results = out["results"].as_array().expect("results");
    for (i, r) in results.iter().enumerate() {
        for c in r["content"].as_array().unwrap() {
            let t = c["text"].as_str().unwrap_or("");
            assert!(raw_controls(t).is_empty(), "call {i}: {t:?}");
        }
        let s = r["structuredContent"].to_string();
        let decoded: Value = r["structuredContent"].clone();
        let strings = decoded.to_string();
        assert!(raw_controls(&s).is_empty(), "call {i}: {s:?}");
        // Escaped in the values themselves, not only in the JSON text.
        assert!(!strings.contains("\\u001b"), "call {i}: {strings}");
    }
    let summary = &results[0]["structuredContent"];
    assert_eq!(
        summary["title"],
        "Login \\x1b[31mred\\x1b[0m \\u{202e}gnp.exe"
    );
    let brief = results[0]["content"][0]["text"].as_str().unwrap();
    assert!(brief.contains("review \\u{202e}fdp.sh"), "{brief}");
    let list = results[2]["content"][0]["text"].as_str().unwrap();
    assert!(list.contains("Login \\x1b[31mred"), "{list}");
}
