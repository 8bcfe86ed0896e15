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
fn mcp_client() -> Option<PathBuf> {
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
fn run_client(sb: &Sandbox, script: &Path, dir: &Path, spec: &Value) -> Value {
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
fn spec(cwd: &Path, repo: &Path, calls: Value) -> Value {
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
        {"name": "resume", "arguments": {}},
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
    assert_eq!(names, ["diff", "list", "log", "resume", "save", "status"]);
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

    // resume: the brief as text, and exactly what `resume --json` prints.
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
