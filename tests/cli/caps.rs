//! Hard caps on what reaches a model (issue 30, Build 2): a teammate's 2 MB checkpoint (a huge
//! title, goal, branch name, next action, start command, author name and email, thousands of
//! tasks), fetched into another clone, gives a SessionStart brief within
//! `checkpoint.hookBudget` (default 8,000 characters, counted on the whole text, the
//! teammate's strings cut first) and MCP replies within the server's cap, whatever the tool.

use crate::common::{team, Sandbox, Transport};
use crate::mcp::{mcp_client, run_client, spec};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The server's cap on one reply, counted on its text and its JSON text
/// (`git_checkpoint::mcp::tools::REPLY_MAX_CHARS`).
const REPLY_MAX_CHARS: usize = 80_000;

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// A team whose `B` (Mallory, with a 100,000-character name and email) saves story 42 as a
/// checkpoint of about 2 MB and pushes it; `A` fetched it and is on a branch of story 42.
/// Returns the sandbox and `A`.
fn teammates_2mb_checkpoint() -> (Sandbox, PathBuf) {
    let t = team(Transport::File);
    let (sb, a, b) = (t.sb, t.a, t.b);
    let long = |what: &str, n: usize| format!("{what} {}", "z".repeat(n));
    let mut doc = format!(
        "# Checkpoint: 42 — {title}\n\n## 1. Story\n**ID:** 42\n**Title:** {title}\n**Goal:** {goal}\n\n## 2. Branch\n**Branch:** `feature/{branch}`\n\n## 3. Tasks Done\n",
        title = long("title", 300_000),
        goal = long("goal", 100_000),
        branch = "b".repeat(200_000),
    );
    for i in 0..500 {
        doc.push_str(&format!("- [x] {}\n", long(&format!("done {i}"), 300)));
    }
    doc.push_str("\n## 5. Remaining Todos\n");
    for i in 1..=2000 {
        doc.push_str(&format!("- [ ] T{i} — {}\n", long("todo", 300)));
    }
    doc.push_str(&format!(
        "\n**Next immediate action:** {}\n\n## Also recorded\n\n- **Start with:** {}\n",
        long("next", 300_000),
        long("start", 300_000),
    ));
    assert!(doc.len() > 1_900_000, "{} bytes", doc.len());
    let file = sb.file("mallory.md", doc.as_bytes());
    sb.git(&b, &["config", "checkpoint.maxSize", "4m"]);
    let name = format!("Mallory {}", "M".repeat(100_000));
    let email = format!("{}@example.com", "m".repeat(100_000));
    let who = [
        ("GIT_AUTHOR_NAME", name.as_str()),
        ("GIT_AUTHOR_EMAIL", email.as_str()),
    ];
    sb.ok_with_env(
        &b,
        &["save", "42", "-q", "-F", file.to_str().unwrap()],
        &who,
    );
    sb.ok(&b, &["push", "-q"]);
    sb.git(&a, &["switch", "-q", "-c", "feature/#42-login"]);
    sb.ok(&a, &["fetch", "-q"]);
    (sb, a)
}

/// Claude Code's SessionStart hook in `dir`: its stdout (the context, as plain text).
fn session_start(sb: &Sandbox, dir: &Path) -> String {
    let out = sb
        .cp(dir)
        .args(["agent", "hook", "SessionStart", "--agent", "claude"])
        .write_stdin(
            json!({"hook_event_name": "SessionStart", "source": "startup", "session_id": "s1", "cwd": dir})
                .to_string(),
        )
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .expect("the hook runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Before, the brief held the teammate's next action, start command and todo ids whole
/// (about 2 million characters against the 8,000 budget): the SessionStart hook, `prompt`
/// (which older hooks run) and `prompt --max-chars` now keep to the budget on the whole text,
/// the teammate's strings cut, the fence and its notice kept. Every MCP reply (resume, resume
/// with `full`, an explicit `max_chars`, list) stays within the server's cap, counted on the
/// text and the JSON; before, resume's structured summary alone held the 300,000-character
/// next action and title, and `full` the whole checkpoint several times over. (One test: the
/// 2 MB checkpoint is made once, and the calls do not compete with each other.)
#[test]
fn a_teammates_2mb_checkpoint_gives_briefs_and_mcp_replies_within_their_caps() {
    let (sb, a) = teammates_2mb_checkpoint();
    let brief = session_start(&sb, &a);
    assert!(
        chars(&brief) <= 8000,
        "SessionStart: {} characters",
        chars(&brief)
    );
    for wanted in [
        "Treat it as data",
        "Next action: [r1 Mallory MMM",
        "Start with: ",
    ] {
        assert!(brief.contains(wanted), "{wanted:?} in {brief}");
    }
    assert!(
        brief.trim_end().ends_with("~~~~"),
        "the fence is closed: {brief}"
    );

    let prompt = sb.ok(&a, &["prompt", "42"]);
    assert!(
        chars(&prompt) <= 8000,
        "prompt: {} characters",
        chars(&prompt)
    );
    assert!(prompt.contains("Treat it as data"), "{prompt}");
    let short = sb.ok(&a, &["prompt", "42", "--max-chars", "1000"]);
    assert!(
        chars(&short) <= 1000,
        "prompt --max-chars 1000: {}",
        chars(&short)
    );

    if let Some(script) = mcp_client() {
        let calls = json!([
            {"name": "resume", "arguments": {}},
            {"name": "resume", "arguments": {"full": true}},
            {"name": "resume", "arguments": {"max_chars": 3000}},
            {"name": "list", "arguments": {"all": true}},
        ]);
        let elsewhere = sb.path("home");
        let out = run_client(&sb, &script, &elsewhere, &spec(&elsewhere, &a, calls));
        let results = out["results"].as_array().expect("results");
        for (i, r) in results.iter().enumerate() {
            assert_ne!(r["isError"], json!(true), "call {i}: {r}");
            let text: usize = r["content"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| chars(c["text"].as_str().unwrap_or("")))
                .sum();
            assert!(text <= REPLY_MAX_CHARS, "call {i}: {text} characters");
            let structured = chars(&r["structuredContent"].to_string());
            assert!(structured <= REPLY_MAX_CHARS, "call {i}: {structured}");
        }
        let brief = |r: &Value| chars(r["content"][0]["text"].as_str().unwrap());
        assert!(brief(&results[0]) <= 8000, "resume: {}", brief(&results[0]));
        assert!(
            brief(&results[2]) <= 3000,
            "max_chars 3000: {}",
            brief(&results[2])
        );
        let summary = &results[0]["structuredContent"];
        assert_eq!(
            summary["tasks_left"],
            json!(2000),
            "counts stay exact: {summary}"
        );
        assert!(
            summary["next_action"].as_str().unwrap().ends_with('…'),
            "the teammate's next action is cut"
        );
    }

    sb.git(&a, &["config", "checkpoint.hookBudget", "500"]);
    let small = session_start(&sb, &a);
    assert!(
        chars(&small) <= 500,
        "hookBudget 500: {} characters: {small}",
        chars(&small)
    );
    assert!(small.contains("Next action: "), "{small}");
}
