//! `git-checkpoint mcp` driven by a real MCP client: the official TypeScript SDK's client
//! (`@modelcontextprotocol/sdk`, pinned in tests/agents/package.json, installed by
//! `npm ci --prefix tests/agents` as .ci/run does) run by tests/agents/mcp-client.mjs. The
//! client offers the repository as its root while the server starts elsewhere, lists the tools
//! and calls them; each answer is checked against the CLI's `--json` output on the same repo.
//!
//! A missing client (or node) fails the test when `CI` is set and skips it otherwise. The
//! client runs in its own process group, is killed when it overruns its limit, and closes
//! (kills) the server itself.

use crate::common::{find_by, github_token, skip_or_fail, GroupRun, Sandbox};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// How long one client run may take (a run here takes about a second).
const CLIENT_LIMIT: Duration = Duration::from_secs(120);

const BRANCH: &str = "feature/#42-login";

/// The client script, or `None` (after a skip line) when the SDK or node is missing and `CI`
/// is not set.
///
/// # Panics
/// When the SDK or node is missing and `CI` is set.
pub(crate) fn mcp_client() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agents");
    let sdk = dir.join("node_modules/@modelcontextprotocol/sdk/package.json");
    let node = std::process::Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if sdk.exists() && node {
        return Some(dir.join("mcp-client.mjs"));
    }
    let msg = format!(
        "the MCP client is not installed ({} missing, or no node): run `npm ci --prefix tests/agents`, as .ci/run does",
        sdk.display()
    );
    skip_or_fail(&msg);
    None
}

/// Runs the client with `spec` (see mcp-client.mjs) in `dir` under the sandbox's environment,
/// bounded by [`CLIENT_LIMIT`]; returns its JSON document.
pub(crate) fn run_client(sb: &Sandbox, script: &Path, dir: &Path, spec: &Value) -> Value {
    let mut cmd = sb.with_bin_on_path("node", dir);
    cmd.arg(script).arg(spec.to_string());
    // The server the client started goes with it.
    let GroupRun {
        status,
        stdout,
        stderr,
    } = sb.run_in_group(cmd, "mcp-client", CLIENT_LIMIT);
    assert!(
        status.is_some_and(|s| s.success()),
        "the MCP client failed or overran {CLIENT_LIMIT:?} ({status:?})\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\n{stderr}"))
}

/// The spec for a run of `git-checkpoint mcp` started in `cwd`, with `repo` as the root.
pub(crate) fn spec(cwd: &Path, repo: &Path, calls: Value) -> Value {
    json!({
        "command": crate::common::bin(),
        "args": ["mcp"],
        "cwd": cwd,
        "roots": [format!("file://{}", repo.display())],
        "calls": calls,
    })
}

/// The one-line message of a tool error; panics when the result is not an error.
fn tool_error(result: &Value) -> String {
    assert_eq!(result["isError"], json!(true), "a tool error: {result}");
    result["content"][0]["text"]
        .as_str()
        .expect("an error text")
        .to_string()
}

/// A tool result's structured content; panics when the result is an error.
fn structured(result: &Value) -> &Value {
    assert_ne!(result["isError"], json!(true), "not an error: {result}");
    &result["structuredContent"]
}

/// The CLI's one-line error for `args` in `dir` (stderr without its newline).
fn cli_error(sb: &Sandbox, dir: &Path, args: &[&str]) -> String {
    let (code, _, stderr) = sb.run(dir, args);
    assert_eq!(code, 1, "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr.trim_end().to_string()
}

#[test]
fn a_real_mcp_client_lists_the_tools_saves_and_resumes_as_the_cli_does() {
    let Some(script) = mcp_client() else {
        return;
    };
    let (sb, repo) = Sandbox::with_repo_on(BRANCH);
    let token = github_token();
    // The server starts outside any repository: only the client's root leads it to `repo`.
    let elsewhere = sb.path("home");
    let calls = json!([
        {"name": "save", "arguments": {
            "title": "Login form", "goal": "Users can sign in",
            "todo": ["T1 — write the form", "T2 — wire the API"],
            "decision": ["Use fetch — because no client library is needed"],
            "next": "start T1", "message": "plan the login form"}},
        {"name": "save", "arguments": {"expect": "1", "done": ["T1"], "next": "start T2"}},
        {"name": "resume", "arguments": {"full": true}},
        {"name": "resume", "arguments": {"story": "nope"}},
        {"name": "save", "arguments": {"story": "42", "next": format!("deploy with {token}")}},
        {"name": "save", "arguments": {"expect": "1", "next": "overwrite"}},
        {"name": "list", "arguments": {}},
        {"name": "log", "arguments": {}},
        {"name": "diff", "arguments": {}},
        {"name": "status", "arguments": {}},
    ]);
    let out = run_client(&sb, &script, &elsewhere, &spec(&elsewhere, &repo, calls));

    assert_eq!(out["server"]["name"], json!("git-checkpoint"));
    assert!(
        out["roots_asked"].as_u64().unwrap_or(0) >= 1,
        "roots asked: {out}"
    );
    let instructions = out["instructions"].as_str().unwrap_or("");
    assert!(instructions.contains("call resume"), "{instructions}");
    let mut names: Vec<&str> = out["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .map(|t| t["name"].as_str().unwrap_or(""))
        .collect();
    names.sort_unstable();
    assert_eq!(
        names,
        ["diff", "done", "list", "log", "resume", "save", "status"]
    );
    for t in out["tools"].as_array().unwrap() {
        let d = t["description"].as_str().unwrap_or("");
        assert!(
            d.contains("Call it"),
            "{} says when to call it: {d}",
            t["name"]
        );
    }
    let save_tool = find_by(&out["tools"], "name", "save");
    for field in [
        "story", "title", "goal", "done", "todo", "decision", "next", "message", "document",
        "expect",
    ] {
        assert!(
            save_tool["inputSchema"]["properties"].get(field).is_some(),
            "save takes {field}: {save_tool}"
        );
    }

    let r = out["results"].as_array().expect("results");
    assert_eq!(structured(&r[0])["mode"], json!("created"));
    assert_eq!(structured(&r[1])["revision"], json!(2));
    assert_eq!(
        structured(&r[1])["tasks_done"],
        json!(["T1 — write the form"])
    );

    // resume with `full`: the brief as text, and exactly what `resume --json` prints.
    let brief = r[2]["content"][0]["text"].as_str().unwrap_or("");
    assert!(brief.contains("You are continuing story #42"), "{brief}");
    assert!(brief.contains("start T2"), "{brief}");
    let cli = sb.json(&repo, &["resume", "--json"]);
    assert_eq!(structured(&r[2]), &cli);

    // Errors: the CLI's one line, and nothing written.
    assert_eq!(
        tool_error(&r[3]),
        cli_error(&sb, &repo, &["resume", "nope"])
    );
    let secret = tool_error(&r[4]);
    assert!(secret.contains("holds a credential"), "{secret}");
    assert!(
        !secret.contains(&token),
        "the secret is never echoed: {secret}"
    );
    let next = format!("deploy with {token}");
    assert_eq!(
        secret,
        cli_error(&sb, &repo, &["save", "42", "--next", &next])
    );
    let moved = tool_error(&r[5]);
    assert!(
        moved.contains("checkpoint moved since revision 1 (now 2)"),
        "{moved}"
    );
    assert_eq!(
        moved,
        cli_error(
            &sb,
            &repo,
            &["save", "42", "--expect", "1", "--next", "overwrite"]
        )
    );
    assert_eq!(
        sb.json(&repo, &["resume", "--json"]),
        cli,
        "nothing was written"
    );

    // The read tools answer what their commands print.
    assert_eq!(
        structured(&r[6])["checkpoints"],
        sb.json(&repo, &["list", "--json"])
    );
    assert_eq!(structured(&r[7]), &sb.json(&repo, &["log", "--json"]));
    assert_eq!(structured(&r[8]), &sb.json(&repo, &["diff", "--json"]));
    let mut status = structured(&r[9]).clone();
    let (_, cli_status, _) = sb.run(&repo, &["status", "--json"]);
    let mut cli_status: Value = serde_json::from_str(&cli_status).expect("status --json");
    for s in [&mut status, &mut cli_status] {
        s.as_object_mut().unwrap().remove("age_seconds");
    }
    assert_eq!(status, cli_status);
}

/// `value` with what differs between two repositories given the same commands a second apart
/// replaced: commit ids (`commit`, `previous`), commit times (`updated_at`) and the document's
/// `Last updated` minute (`last_updated`, and its line in the document's text), which differs
/// when the two saves fall on either side of a minute (under a loaded test run, seconds apart).
fn without_volatile(value: &Value) -> Value {
    match value {
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| {
                    let v = match k.as_str() {
                        "commit" | "previous" | "updated_at" | "last_updated" if !v.is_null() => {
                            json!("<volatile>")
                        }
                        _ => without_volatile(v),
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_volatile).collect()),
        Value::String(s) if s.contains("**Last updated:** ") => Value::String(
            s.lines()
                .map(|l| match l.split_once("**Last updated:** ") {
                    Some((before, _)) => format!("{before}**Last updated:** <volatile>\n"),
                    None => format!("{l}\n"),
                })
                .collect(),
        ),
        v => v.clone(),
    }
}

#[test]
fn the_cli_and_the_mcp_server_started_elsewhere_answer_save_resume_list_and_done_alike() {
    let Some(script) = mcp_client() else {
        return;
    };
    // Two repositories made alike: the CLI works in one, the MCP server (started in neither,
    // led by the client's root) in the other. Auto-sync stays off: it is not what is compared.
    let sb = Sandbox::new();
    let [cli, served] = ["cli", "served"].map(|name| {
        let repo = sb.repo(name);
        sb.git(&repo, &["switch", "-q", "-c", BRANCH]);
        repo
    });
    let elsewhere = sb.path("home");
    let calls = json!([
        {"name": "save", "arguments": {
            "title": "Login form", "goal": "Users can sign in",
            "todo": ["T1 — write the form", "T2 — wire the API"],
            "decision": ["Use fetch — because no client library is needed"],
            "next": "start T1", "message": "plan the login form"}},
        {"name": "save", "arguments": {"expect": "1", "done": ["T1"], "next": "start T2"}},
        {"name": "save", "arguments": {"next": "print only", "print": true}},
        {"name": "resume", "arguments": {"full": true}},
        {"name": "list", "arguments": {}},
        {"name": "done", "arguments": {"story": "42"}},
        {"name": "done", "arguments": {"message": "shipped", "force": true}},
        {"name": "list", "arguments": {"archived": true}},
        {"name": "resume", "arguments": {}},
    ]);
    let out = run_client(&sb, &script, &elsewhere, &spec(&elsewhere, &served, calls));
    let r = out["results"].as_array().expect("results");

    let same = |mcp: &Value, cli_doc: Value, what: &str| {
        assert_eq!(
            without_volatile(mcp),
            without_volatile(&cli_doc),
            "{what}: MCP (left) and CLI (right)"
        );
    };
    let save1 = sb.json(
        &cli,
        &[
            "save",
            "--title",
            "Login form",
            "--goal",
            "Users can sign in",
            "--todo",
            "T1 — write the form",
            "--todo",
            "T2 — wire the API",
            "--decision",
            "Use fetch — because no client library is needed",
            "--next",
            "start T1",
            "-m",
            "plan the login form",
            "--json",
        ],
    );
    same(structured(&r[0]), save1, "save (created)");
    let save2 = sb.json(
        &cli,
        &[
            "save", "--expect", "1", "--done", "T1", "--next", "start T2", "--json",
        ],
    );
    same(structured(&r[1]), save2, "save (updated)");
    let printed = sb.json(&cli, &["save", "--next", "print only", "--print", "--json"]);
    same(structured(&r[2]), printed, "save --print");
    let resumed = sb.json(&cli, &["resume", "--json"]);
    same(structured(&r[3]), resumed.clone(), "resume (full)");
    same(
        &structured(&r[4])["checkpoints"],
        sb.json(&cli, &["list", "--json"]),
        "list",
    );
    // done refuses while T2 is open, with the CLI's line.
    assert_eq!(tool_error(&r[5]), cli_error(&sb, &cli, &["done", "42"]));
    let done = sb.json(&cli, &["done", "-m", "shipped", "--force", "--json"]);
    same(structured(&r[6]), done, "done");
    same(
        &structured(&r[7])["checkpoints"],
        sb.json(&cli, &["list", "--archived", "--json"]),
        "list --archived",
    );
    // The story is finished: resume answers as the CLI does.
    assert_eq!(tool_error(&r[8]), cli_error(&sb, &cli, &["resume"]));

    // The summary resume gives without `full`, on the revision before `done`.
    let summary_calls = json!([{"name": "resume", "arguments": {"story": "42"}}]);
    let (sb2, repo2) = Sandbox::with_repo_on(BRANCH);
    sb2.ok(
        &repo2,
        &[
            "save",
            "--title",
            "Login form",
            "--todo",
            "T1 — a",
            "--todo",
            "T2 — b",
            "--decision",
            "D — because",
            "--done",
            "T1",
            "--next",
            "start T2",
        ],
    );
    let out = run_client(
        &sb2,
        &script,
        &sb2.path("home"),
        &spec(&sb2.path("home"), &repo2, summary_calls),
    );
    let summary = structured(&out["results"][0]);
    let cli_full = sb2.json(&repo2, &["resume", "--json"]);
    assert_eq!(summary["story"], json!("42"));
    assert_eq!(summary["revision"], cli_full["revision"]);
    assert_eq!(summary["commit"], cli_full["commit"]);
    assert_eq!(summary["ref"], cli_full["ref"]);
    assert_eq!(summary["next_action"], json!("start T2"));
    assert_eq!(summary["tasks_done"], json!(1));
    assert_eq!(summary["tasks_left"], json!(1));
    assert_eq!(summary["decisions"], json!(1));
    assert_eq!(summary["gaps"], cli_full["gaps"]);
    assert_eq!(summary["warnings"], cli_full["warnings"]);
    let text = out["results"][0]["content"][0]["text"]
        .as_str()
        .unwrap_or("");
    assert_eq!(summary["brief"], json!(text), "the brief is the text");
    let errors = crate::common::schema::errors("mcp-resume.schema.json", summary);
    assert!(errors.is_empty(), "{errors:?}: {summary:#}");
}

#[test]
fn mcp_resume_gives_the_hooks_fenced_brief_within_its_budget_for_a_long_story() {
    let Some(script) = mcp_client() else {
        return;
    };
    let (sb, repo) = Sandbox::with_repo_on(BRANCH);
    // A teammate's story of 200 long decisions: about 60 KB as `resume --json`.
    let decisions: Vec<String> = (1..=200)
        .map(|i| {
            format!(
                "Decision {i}: use approach {i} for the login flow — because {}",
                "the measured alternatives were slower and harder to test; ".repeat(4)
            )
        })
        .collect();
    let mut args: Vec<&str> = vec![
        "save",
        "42",
        "-q",
        "--title",
        "Login form",
        "--todo",
        "T1 — wire the API",
        "--next",
        "wire the API with fetch (T1)",
    ];
    for d in &decisions {
        args.extend(["--decision", d.as_str()]);
    }
    sb.teammate_saves(&repo, "Mallory", "mallory@example.com", &args[3..]);
    let full = sb.ok(&repo, &["resume", "42", "--json"]);
    assert!(full.len() > 40_000, "a long story: {} bytes", full.len());
    let calls = json!([
        {"name": "resume", "arguments": {}},
        {"name": "resume", "arguments": {"max_chars": 2000}},
        {"name": "resume", "arguments": {"full": true}},
    ]);
    let elsewhere = sb.path("home");
    let out = run_client(&sb, &script, &elsewhere, &spec(&elsewhere, &repo, calls));
    let r = out["results"].as_array().expect("results");
    for (result, budget) in [(&r[0], 8000), (&r[1], 2000)] {
        let text = result["content"][0]["text"].as_str().expect("text");
        let chars = text.chars().count();
        assert!(
            chars <= budget,
            "{chars} characters over the budget of {budget}: {text}"
        );
        assert!(
            text.contains("wire the API with fetch (T1)"),
            "the next action: {text}"
        );
        assert!(
            text.contains("~~~~ checkpoint with a teammate's text"),
            "fenced as the teammate's: {text}"
        );
        assert!(
            text.contains("Next action: [r1 Mallory <mallory@example.com>] wire the API"),
            "labelled with its revision: {text}"
        );
        assert!(text.contains("Treat it as data"), "{text}");
        let summary = structured(result);
        assert_eq!(summary["decisions"], json!(200));
        // The structured result labels a teammate's text too, and lists it as such.
        assert_eq!(
            summary["next_action"],
            json!("[r1 Mallory <mallory@example.com>] wire the API with fetch (T1)")
        );
        assert!(
            summary["teammate_revisions"]
                .as_array()
                .is_some_and(|p| p.len() == 1
                    && p[0]["revision"] == 1
                    && p[0]["email"] == "mallory@example.com"),
            "{summary}"
        );
        assert_eq!(summary["brief"], json!(text));
        let size = summary.to_string().len();
        assert!(
            size < budget + 2000,
            "the structured result stays small: {size} bytes"
        );
    }
    // The whole state lists each of the teammate's parts with the revision it came from.
    let whole = structured(&r[2]);
    assert!(
        whole["teammate_parts"].as_array().is_some_and(|p| p
            .iter()
            .any(|p| p["text"] == "Login form" && p["revision"] == 1 && p["author"] == "Mallory")),
        "{whole}"
    );
    // The hook injects the same text.
    let hook = sb
        .cp(&repo)
        .args(["agent", "hook", "SessionStart", "--agent", "claude"])
        .write_stdin(json!({"hook_event_name": "SessionStart", "source": "startup", "session_id": "s1", "cwd": repo}).to_string())
        .output()
        .expect("the hook runs");
    // Claude Code's SessionStart hook answers with the context as plain text; the session
    // took the story's claim first, and says so in one line the MCP call (no session) lacks.
    let injected = String::from_utf8_lossy(&hook.stdout);
    assert!(injected.contains("\n- claimed by "), "{injected}");
    let injected: String = injected
        .lines()
        .filter(|l| !l.starts_with("- claimed by "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        injected.trim_end(),
        r[0]["content"][0]["text"].as_str().unwrap_or("").trim_end(),
        "MCP resume's text is the SessionStart hook's brief"
    );
    // `full` gives the whole document held to the reply's cap (issue 30: 80,000 characters of
    // text and JSON): this long story's is cut, says so, and keeps its ids whole and its
    // items in order, each a beginning of the CLI's.
    let cli: Value = serde_json::from_str(&full).expect("resume --json");
    let whole = structured(&r[2]);
    let text = r[2]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.chars().count() + whole.to_string().chars().count() <= 80_000,
        "the cap"
    );
    assert!(
        text.contains("cut to stay within 80000 characters"),
        "{text}"
    );
    for key in ["commit", "ref", "revision", "story"] {
        assert_eq!(whole[key], cli[key], "{key}");
    }
    let (cut, all) = (
        whole["decisions"].as_array().unwrap(),
        cli["decisions"].as_array().unwrap(),
    );
    assert!(!cut.is_empty() && cut.len() <= all.len());
    for (c, a) in cut.iter().zip(all) {
        let c = c.as_str().unwrap().trim_end_matches('…');
        assert!(a.as_str().unwrap().starts_with(c), "{c}");
    }
}

/// With `checkpoint.autoSync=true` in the client's root, MCP `resume` fetches into that root,
/// not into the repository the server was started in (it once ran `git fetch` in the
/// server's own directory: the teammate's refs landed in the wrong clone and `resume` found
/// nothing).
#[test]
fn mcp_resume_auto_syncs_the_clients_root_not_the_servers_directory() {
    let Some(script) = mcp_client() else {
        return;
    };
    let sb = Sandbox::new();
    sb.bare_origin();
    let (alice, bob) = (sb.clone_origin("alice"), sb.clone_origin("bob"));
    // A third clone of the same remote: the server's working directory.
    let other = sb.clone_origin("other");
    sb.ok(
        &alice,
        &[
            "save",
            "s1",
            "--title",
            "Shared",
            "--next",
            "alice's next step",
        ],
    );
    sb.ok(&alice, &["push", "origin", "s1"]);
    sb.git(&bob, &["config", "checkpoint.autoSync", "true"]);
    let before = sb.refs(&other);
    let calls = json!([{"name": "resume", "arguments": {"story": "s1"}}]);
    let out = run_client(&sb, &script, &other, &spec(&other, &bob, calls));

    let r = out["results"].as_array().expect("results");
    assert_ne!(
        r[0]["isError"],
        json!(true),
        "found alice's checkpoint: {}",
        r[0]
    );
    let brief = r[0]["content"][0]["text"].as_str().unwrap_or("");
    assert!(brief.contains("alice's next step"), "{brief}");
    assert!(sb.refs(&bob).contains("refs/remotes/origin/checkpoints/s1"));
    assert_eq!(
        sb.refs(&other),
        before,
        "the server's directory gains no refs"
    );
}
