//! A scripted model server for driving the real agent CLIs (Claude Code, Codex, Gemini CLI)
//! offline: HTTP/1.1 on 127.0.0.1 (an ephemeral port), in a thread, with no dependency beyond
//! std and serde_json. It records every request and answers the agent's model calls from a
//! script, one step per call, in that agent's own wire format:
//!
//! - [`Wire::Anthropic`]: the Messages API, `POST /v1/messages` streamed as server-sent events
//!   (`message_start`, `content_block_*`, `message_delta`, `message_stop`), as Claude Code sends
//!   it with `ANTHROPIC_BASE_URL`; `count_tokens` and non-streamed calls are answered too.
//! - [`Wire::Responses`]: the OpenAI Responses API, `POST <base>/responses` streamed as events
//!   (`response.created`, `response.output_item.done`, `response.completed`), as Codex sends it
//!   for a `model_providers.<id>` with `wire_api = "responses"`.
//! - [`Wire::Gemini`]: `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` (one `data:`
//!   event per chunk), as Gemini CLI sends it with `GOOGLE_GEMINI_BASE_URL`; its non-streamed
//!   `:generateContent` calls (routing, compression summaries) get [`ModelServer::side_text`]
//!   without using a step, `:countTokens` a fixed count.
//!
//! Bounded: every connection has read and write timeouts, the accept loop polls a stop flag,
//! and dropping the server stops it. It never connects anywhere itself.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Which API the server speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    /// Anthropic Messages API (Claude Code).
    Anthropic,
    /// OpenAI Responses API (Codex).
    Responses,
    /// Gemini API `streamGenerateContent` (Gemini CLI).
    Gemini,
}

/// One scripted model turn.
#[derive(Debug, Clone)]
pub enum Step {
    /// The model answers with this text and ends its turn.
    Text(String),
    /// The model calls tool `name` with `input` (a JSON object); the agent runs it and calls the
    /// model again with the result.
    Tool { name: String, input: Value },
}

impl Step {
    pub fn text(t: &str) -> Step {
        Step::Text(t.to_string())
    }
    pub fn tool(name: &str, input: Value) -> Step {
        Step::Tool {
            name: name.to_string(),
            input,
        }
    }
}

/// A step plus the token usage the server reports for it (a large prompt count makes Codex
/// compact its context automatically).
#[derive(Debug, Clone)]
pub struct Scripted {
    pub step: Step,
    pub input_tokens: u64,
}

impl From<Step> for Scripted {
    fn from(step: Step) -> Scripted {
        Scripted {
            step,
            input_tokens: 10,
        }
    }
}

/// One request the server received.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    /// Path and query, as sent.
    pub path: String,
    /// The body as text (lossy UTF-8).
    pub body: String,
    /// Whether it used a script step (a model turn), as opposed to a side call.
    pub scripted: bool,
}

impl Request {
    /// The body parsed as JSON (`Null` when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

struct State {
    script: Vec<Scripted>,
    next: usize,
    requests: Vec<Request>,
    side_text: String,
}

/// The running server; dropping it stops it.
pub struct ModelServer {
    addr: SocketAddr,
    wire: Wire,
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
    accept: Option<JoinHandle<()>>,
}

/// How long one connection may sit idle (between or inside requests) before it is closed.
const IO_TIMEOUT: Duration = Duration::from_secs(20);
/// The largest request body accepted (agents send 50-200 KB of instructions and tools).
const MAX_BODY: usize = 16 << 20;

impl ModelServer {
    /// Starts a server on 127.0.0.1 with an ephemeral port that answers model turns from
    /// `script` in order; once the script is used up every turn answers "Done.".
    pub fn start(wire: Wire, script: Vec<Scripted>) -> ModelServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        listener
            .set_nonblocking(true)
            .expect("nonblocking listener");
        let addr = listener.local_addr().expect("local addr");
        let state = Arc::new(Mutex::new(State {
            script,
            next: 0,
            requests: Vec::new(),
            side_text: "<state_snapshot>scripted summary</state_snapshot>".to_string(),
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let (st, sp) = (state.clone(), stop.clone());
        let accept = std::thread::spawn(move || {
            while !sp.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let (st, sp) = (st.clone(), sp.clone());
                        std::thread::spawn(move || serve(stream, wire, &st, &sp));
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        ModelServer {
            addr,
            wire,
            state,
            stop,
            accept: Some(accept),
        }
    }

    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn wire(&self) -> Wire {
        self.wire
    }

    /// Appends steps to the script (for a later session against the same server).
    pub fn push(&self, steps: Vec<Scripted>) {
        self.state.lock().unwrap().script.extend(steps);
    }

    /// Sets the text of non-scripted side calls (Gemini's `:generateContent`).
    pub fn side_text(&self, text: &str) {
        self.state.lock().unwrap().side_text = text.to_string();
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Request> {
        self.state.lock().unwrap().requests.clone()
    }

    /// The requests that used a script step (the model turns), in order.
    pub fn turns(&self) -> Vec<Request> {
        self.requests().into_iter().filter(|r| r.scripted).collect()
    }
}

impl Drop for ModelServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(h) = self.accept.take() {
            let _ = h.join();
        }
    }
}

/// Serves requests on one connection (keep-alive) until EOF, an error, a timeout or stop.
fn serve(stream: TcpStream, wire: Wire, state: &Mutex<State>, stop: &AtomicBool) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(IO_TIMEOUT));
    let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
    let Ok(write_half) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(stream);
    let mut writer = write_half;
    while !stop.load(Ordering::SeqCst) {
        let Some((method, path, headers, body)) = read_request(&mut reader) else {
            return;
        };
        let (status, ctype, reply, scripted) = answer(wire, &method, &path, &body, state);
        state.lock().unwrap().requests.push(Request {
            method,
            path,
            body: String::from_utf8_lossy(&body).into_owned(),
            scripted,
        });
        let close = headers
            .iter()
            .any(|(k, v)| k == "connection" && v.eq_ignore_ascii_case("close"));
        let head = format!(
            "HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: {}\r\n\r\n",
            reply.len(),
            if close { "close" } else { "keep-alive" }
        );
        if writer.write_all(head.as_bytes()).is_err()
            || writer.write_all(reply.as_bytes()).is_err()
            || writer.flush().is_err()
            || close
        {
            return;
        }
    }
}

type Parsed = (String, String, Vec<(String, String)>, Vec<u8>);

/// Reads one request: request line, headers (names lowercased), body by Content-Length or
/// chunked transfer coding. `None` on EOF, timeout or a malformed request.
fn read_request(r: &mut BufReader<TcpStream>) -> Option<Parsed> {
    let mut line = String::new();
    if r.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_string();
    let path = parts.next()?.to_string();
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if r.read_line(&mut h).ok()? == 0 {
            return None;
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        let (k, v) = h.split_once(':')?;
        headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    let get = |name: &str| {
        headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let mut body = Vec::new();
    if get("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        loop {
            let mut size = String::new();
            r.read_line(&mut size).ok()?;
            let n = usize::from_str_radix(size.trim().split(';').next()?, 16).ok()?;
            if n == 0 {
                let mut end = String::new();
                r.read_line(&mut end).ok()?;
                break;
            }
            if body.len() + n > MAX_BODY {
                return None;
            }
            let mut chunk = vec![0; n + 2];
            r.read_exact(&mut chunk).ok()?;
            body.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = get("content-length").and_then(|v| v.parse::<usize>().ok()) {
        if n > MAX_BODY {
            return None;
        }
        body = vec![0; n];
        r.read_exact(&mut body).ok()?;
    }
    Some((method, path, headers, body))
}

/// The reply to one request: status line tail, content type, body, whether a step was used.
fn answer(
    wire: Wire,
    method: &str,
    path: &str,
    body: &[u8],
    state: &Mutex<State>,
) -> (&'static str, &'static str, String, bool) {
    const JSON: &str = "application/json";
    const SSE: &str = "text/event-stream";
    let not_found = (
        "404 Not Found",
        JSON,
        "{\"error\":\"not found\"}".into(),
        false,
    );
    if method != "POST" {
        return not_found;
    }
    let req: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let next = || {
        let mut s = state.lock().unwrap();
        let i = s.next;
        s.next += 1;
        (
            i,
            s.script
                .get(i)
                .cloned()
                .unwrap_or_else(|| Step::text("Done.").into()),
        )
    };
    match wire {
        Wire::Anthropic if path.starts_with("/v1/messages/count_tokens") => {
            ("200 OK", JSON, "{\"input_tokens\":10}".into(), false)
        }
        Wire::Anthropic if path.starts_with("/v1/messages") => {
            let model = req["model"].as_str().unwrap_or("claude").to_string();
            if req["stream"] == true {
                let (i, s) = next();
                ("200 OK", SSE, anthropic_sse(i, &s, &model), true)
            } else {
                // Side calls (titles, classifiers): a short text, no step used.
                let msg = json!({"id": "msg_side", "type": "message", "role": "assistant",
                    "model": model, "content": [{"type": "text", "text": "ok"}],
                    "stop_reason": "end_turn", "stop_sequence": null,
                    "usage": {"input_tokens": 10, "output_tokens": 1}});
                ("200 OK", JSON, msg.to_string(), false)
            }
        }
        Wire::Responses if path.ends_with("/responses") => {
            let (i, s) = next();
            ("200 OK", SSE, responses_sse(i, &s), true)
        }
        Wire::Gemini if path.contains(":streamGenerateContent") => {
            let (i, s) = next();
            let chunk = gemini_chunk(i, &s);
            ("200 OK", SSE, format!("data: {chunk}\r\n\r\n"), true)
        }
        Wire::Gemini if path.contains(":generateContent") => {
            let text = state.lock().unwrap().side_text.clone();
            let chunk = gemini_chunk(0, &Step::Text(text).into());
            ("200 OK", JSON, chunk.to_string(), false)
        }
        Wire::Gemini if path.contains(":countTokens") => {
            ("200 OK", JSON, "{\"totalTokens\":10}".into(), false)
        }
        _ => not_found,
    }
}

fn sse(event: &str, data: &Value) -> String {
    format!("event: {event}\ndata: {data}\n\n")
}

/// Messages API stream for one step (one content block, text or tool_use).
fn anthropic_sse(i: usize, s: &Scripted, model: &str) -> String {
    let mut out = sse(
        "message_start",
        &json!({"type": "message_start", "message": {"id": format!("msg_{i}"),
            "type": "message", "role": "assistant", "model": model, "content": [],
            "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": s.input_tokens, "output_tokens": 1}}}),
    );
    let (block, delta, stop) = match &s.step {
        Step::Text(t) => (
            json!({"type": "text", "text": ""}),
            json!({"type": "text_delta", "text": t}),
            "end_turn",
        ),
        Step::Tool { name, input } => (
            json!({"type": "tool_use", "id": format!("toolu_{i}"), "name": name, "input": {}}),
            json!({"type": "input_json_delta", "partial_json": input.to_string()}),
            "tool_use",
        ),
    };
    out += &sse(
        "content_block_start",
        &json!({"type": "content_block_start", "index": 0, "content_block": block}),
    );
    out += &sse(
        "content_block_delta",
        &json!({"type": "content_block_delta", "index": 0, "delta": delta}),
    );
    out += &sse(
        "content_block_stop",
        &json!({"type": "content_block_stop", "index": 0}),
    );
    out += &sse(
        "message_delta",
        &json!({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": null},
            "usage": {"output_tokens": 5}}),
    );
    out + &sse("message_stop", &json!({"type": "message_stop"}))
}

/// Responses API stream for one step (one output item, message or function_call).
fn responses_sse(i: usize, s: &Scripted) -> String {
    let id = format!("resp_{i}");
    let item = match &s.step {
        Step::Text(t) => json!({"type": "message", "role": "assistant", "id": format!("msg_{i}"),
            "content": [{"type": "output_text", "text": t}]}),
        Step::Tool { name, input } => json!({"type": "function_call", "id": format!("fc_{i}"),
            "call_id": format!("call_{i}"), "name": name, "arguments": input.to_string()}),
    };
    let usage = json!({"input_tokens": s.input_tokens, "input_tokens_details": null,
        "output_tokens": 5, "output_tokens_details": null, "total_tokens": s.input_tokens + 5});
    sse(
        "response.created",
        &json!({"type": "response.created", "response": {"id": id}}),
    ) + &sse(
        "response.output_item.done",
        &json!({"type": "response.output_item.done", "item": item}),
    ) + &sse(
        "response.completed",
        &json!({"type": "response.completed", "response": {"id": id, "usage": usage}}),
    )
}

/// One `GenerateContentResponse` for a step (a text or functionCall part).
fn gemini_chunk(_i: usize, s: &Scripted) -> Value {
    let part = match &s.step {
        Step::Text(t) => json!({"text": t}),
        Step::Tool { name, input } => json!({"functionCall": {"name": name, "args": input}}),
    };
    json!({"candidates": [{"content": {"parts": [part], "role": "model"},
        "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": s.input_tokens, "candidatesTokenCount": 5,
            "totalTokenCount": s.input_tokens + 5}})
}
