//! `git-checkpoint mcp` driven over stdio straight from Rust, line by line, for what a
//! well-behaved client (tests/cli/mcp.rs) never does: a client that never answers the server's
//! `roots/list` (asked once, and again after the client says its roots changed), and lines that
//! are not JSON-RPC requests (JSON-RPC 2.0 section 5.1).

use crate::common::{bin, Sandbox};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long one awaited reply may take: above the server's 10 s roots wait, so a test fails on
/// its assertion and not here.
const REPLY_LIMIT: Duration = Duration::from_secs(40);

/// A running `git-checkpoint mcp` with piped stdio; killed when dropped.
struct Wire {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Value>,
    /// The server's `roots/list` requests seen so far (never answered).
    roots_asked: usize,
}

impl Wire {
    /// Starts the server in `dir` under the sandbox's environment and sends `initialize` (a
    /// client that offers roots) and `notifications/initialized`.
    fn start(sb: &Sandbox, dir: &Path) -> Wire {
        let mut cmd = Command::new(bin());
        sb.env(&mut cmd);
        cmd.arg("mcp")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = cmd.spawn().expect("git-checkpoint mcp starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let value = serde_json::from_str(&line)
                    .unwrap_or_else(|e| json!({"not_json": line, "error": e.to_string()}));
                if tx.send(value).is_err() {
                    break;
                }
            }
        });
        let mut wire = Wire {
            child,
            stdin,
            lines,
            roots_asked: 0,
        };
        wire.send(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {"roots": {"listChanged": true}},
            "clientInfo": {"name": "wire-test", "version": "1"}}}),
        );
        let init = wire.reply(1);
        assert!(init["result"]["serverInfo"].is_object(), "{init}");
        wire.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        wire
    }

    fn send_raw(&mut self, line: &str) {
        self.stdin
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| self.stdin.flush())
            .expect("the server reads its stdin");
    }

    fn send(&mut self, message: &Value) {
        self.send_raw(&message.to_string());
    }

    /// The next message from the server that is not a `roots/list` request (those are counted
    /// and left unanswered).
    fn next(&mut self) -> Value {
        let deadline = Instant::now() + REPLY_LIMIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(m) if m["method"] == json!("roots/list") => self.roots_asked += 1,
                Ok(m) => return m,
                Err(RecvTimeoutError::Timeout) => panic!("no reply within {REPLY_LIMIT:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server closed its stdout"),
            }
        }
    }

    /// The response with `id`; panics on any other message first.
    fn reply(&mut self, id: u64) -> Value {
        let m = self.next();
        assert_eq!(m["id"], json!(id), "the reply to request {id}: {m}");
        m
    }
}

impl Drop for Wire {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_client_that_never_answers_roots_list_waits_for_it_once_per_session() {
    let (sb, repo) = Sandbox::with_repo();
    let mut wire = Wire::start(&sb, &repo);
    let started = Instant::now();
    for id in 2..5 {
        wire.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "list", "arguments": {"all": true}}}));
        let r = wire.reply(id);
        assert!(r["result"]["content"].is_array(), "a tool result: {r}");
    }
    let took = started.elapsed();
    // The server waits 10 s for the first answer and then stops asking: three calls took 30 s
    // before (one wait each).
    assert!(took < Duration::from_secs(15), "three calls took {took:?}");
    assert_eq!(wire.roots_asked, 1, "roots asked once");

    // A change of roots is a reason to ask again (and to wait once more).
    wire.send(&json!({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}));
    wire.send(&json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": {"name": "list", "arguments": {"all": true}}}));
    let r = wire.reply(5);
    assert!(r["result"]["content"].is_array(), "a tool result: {r}");
    assert_eq!(wire.roots_asked, 2, "roots asked again after they changed");
}

#[test]
fn a_line_that_is_not_a_request_gets_an_error_reply_and_the_server_goes_on() {
    let (sb, repo) = Sandbox::with_repo();
    let mut wire = Wire::start(&sb, &repo);

    wire.send_raw("this is not json {");
    let r = wire.next();
    assert_eq!(r["error"]["code"], json!(-32700), "a parse error: {r}");
    assert_eq!(r.get("id"), Some(&Value::Null), "id null: {r}");
    assert_eq!(r["jsonrpc"], json!("2.0"), "{r}");

    wire.send_raw(r#"{"foo": "bar"}"#);
    let r = wire.next();
    assert_eq!(r["error"]["code"], json!(-32600), "an invalid request: {r}");
    assert_eq!(r.get("id"), Some(&Value::Null), "id null: {r}");

    wire.send_raw(r#"{"jsonrpc": "2.0", "id": 7, "method": 12}"#);
    let r = wire.next();
    assert_eq!(r["error"]["code"], json!(-32600), "an invalid request: {r}");
    assert_eq!(r["id"], json!(7), "the id it could read: {r}");

    wire.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}));
    let r = wire.reply(2);
    let tools = r["result"]["tools"].as_array().map_or(0, Vec::len);
    assert_eq!(tools, 7, "tools/list still answers: {r}");
}
