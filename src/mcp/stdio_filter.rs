//! The stdio edge of the MCP server: a filter between stdin and rmcp that answers the lines
//! rmcp cannot take itself.
//!
//! rmcp's stdio transport (3.11) drops a line that is not JSON without a reply, and answers
//! JSON that is not a JSON-RPC message with an error that has no `id` member at all. JSON-RPC
//! 2.0 (section 5, "Response object", and 5.1, "Error object") asks for an error response with
//! `"id": null` in both cases: -32700 "Parse error" for invalid JSON and -32600 "Invalid
//! Request" for JSON that is not a valid request. The filter reads stdin line by line (at most
//! [`MAX_LINE`] bytes a line, as rmcp does), answers those lines itself on stdout and passes
//! every other line on to rmcp unchanged; rmcp's own output goes to stdout a whole line at a
//! time, so the two never interleave within a line.

use serde_json::{json, Value};
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

/// The longest line read, in bytes (rmcp's own `DEFAULT_MAX_LINE_LENGTH`, 16 MiB).
const MAX_LINE: usize = 16 * 1024 * 1024;

/// The buffer of each in-process pipe between the filter and rmcp, in bytes.
const PIPE: usize = 64 * 1024;

/// JSON-RPC 2.0's "Parse error": the line is not JSON.
const PARSE_ERROR: i64 = -32700;

/// JSON-RPC 2.0's "Invalid Request": JSON that is not a valid request, notification or
/// response.
const INVALID_REQUEST: i64 = -32600;

/// The two ends rmcp serves on (read, write) and the task that copies rmcp's output to
/// `output`; the task ends once rmcp has dropped its end and everything it wrote is flushed.
pub(super) struct Filtered {
    /// What rmcp reads: the lines of `input` the filter let through.
    pub(super) read: DuplexStream,
    /// What rmcp writes: copied to `output` a line at a time.
    pub(super) write: DuplexStream,
    /// The copy of rmcp's output; await it after the service ends so no reply is lost.
    pub(super) output_done: JoinHandle<()>,
}

/// Starts the filter on the current tokio runtime: one task reads `input` and answers or passes
/// on each line, another copies rmcp's replies to `output`. Write errors on `output` end the
/// copy (the client is gone); the end of `input` closes rmcp's input, which ends the session.
pub(super) fn start<R, W>(input: R, output: W) -> Filtered
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (rmcp_read, to_rmcp) = tokio::io::duplex(PIPE);
    let (rmcp_write, from_rmcp) = tokio::io::duplex(PIPE);
    let output = Arc::new(Mutex::new(output));

    let replies = Arc::clone(&output);
    tokio::spawn(async move {
        let mut input = BufReader::new(input);
        let mut to_rmcp = to_rmcp;
        let mut line = Vec::new();
        loop {
            line.clear();
            let read = read_line(&mut input, &mut line).await;
            let reply = match read {
                Ok(Line::Eof) | Err(_) => break,
                Ok(Line::TooLong) => Some(error(
                    INVALID_REQUEST,
                    "Invalid Request: the line is longer than 16 MiB",
                    Value::Null,
                )),
                Ok(Line::Read) => check(&line),
            };
            match reply {
                Some(reply) => {
                    let mut bytes = reply.to_string().into_bytes();
                    bytes.push(b'\n');
                    let mut out = replies.lock().await;
                    if out.write_all(&bytes).await.is_err() || out.flush().await.is_err() {
                        break;
                    }
                }
                None => {
                    if to_rmcp.write_all(&line).await.is_err() {
                        break;
                    }
                    if !line.ends_with(b"\n") && to_rmcp.write_all(b"\n").await.is_err() {
                        break;
                    }
                }
            }
        }
        // rmcp reads the end of its input and ends the session.
        let _ = to_rmcp.shutdown().await;
    });

    let output_done = tokio::spawn(async move {
        let mut from_rmcp = BufReader::new(from_rmcp);
        let mut line = Vec::new();
        loop {
            line.clear();
            match from_rmcp.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let mut out = output.lock().await;
                    if out.write_all(&line).await.is_err() || out.flush().await.is_err() {
                        break;
                    }
                }
            }
        }
    });

    Filtered {
        read: rmcp_read,
        write: rmcp_write,
        output_done,
    }
}

/// What [`read_line`] found.
enum Line {
    /// A line (with its `\n`, unless the input ended without one) is in the buffer.
    Read,
    /// The line was longer than [`MAX_LINE`]; it was read to its end and dropped.
    TooLong,
    /// The input ended.
    Eof,
}

/// Reads one line into `line` without letting it grow past [`MAX_LINE`] bytes.
///
/// # Errors
/// The read error of `input`.
async fn read_line<R: AsyncRead + Unpin>(
    input: &mut BufReader<R>,
    line: &mut Vec<u8>,
) -> std::io::Result<Line> {
    let mut too_long = false;
    loop {
        let available = input.fill_buf().await?;
        if available.is_empty() {
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => Line::TooLong,
                (false, true) => Line::Eof,
                (false, false) => Line::Read,
            });
        }
        let newline = available.iter().position(|b| *b == b'\n');
        let take = newline.map_or(available.len(), |i| i + 1);
        if !too_long && line.len().saturating_add(take) > MAX_LINE {
            too_long = true;
            line.clear();
        }
        if !too_long {
            line.extend_from_slice(&available[..take]);
        }
        input.consume(take);
        if newline.is_some() {
            return Ok(if too_long { Line::TooLong } else { Line::Read });
        }
    }
}

/// The error response for a line that is not a JSON-RPC 2.0 message, or `None` for a line to
/// pass on to rmcp (a request, notification or response by the shape JSON-RPC 2.0 sections 4
/// and 5 give, or a blank line, which rmcp skips).
fn check(line: &[u8]) -> Option<Value> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    // RFC 8259 section 8.1 lets a parser ignore a leading byte order mark; rmcp does.
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let value: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(_) => return Some(error(PARSE_ERROR, "Parse error", Value::Null)),
    };
    let invalid = |why: &str, id: Value| {
        Some(error(
            INVALID_REQUEST,
            &format!("Invalid Request: {why}"),
            id,
        ))
    };
    let Some(message) = value.as_object() else {
        return invalid(
            if value.is_array() {
                "batches are not supported"
            } else {
                "not a JSON object"
            },
            Value::Null,
        );
    };
    // An id the reply can carry: a string or an integer (MCP allows no other); else null.
    let id = message.get("id");
    let usable_id = id.filter(|i| i.is_string() || i.is_i64() || i.is_u64());
    let reply_id = usable_id.cloned().unwrap_or(Value::Null);
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid("\"jsonrpc\" must be \"2.0\"", reply_id);
    }
    if id.is_some() && usable_id.is_none() {
        return invalid("\"id\" must be a string or an integer", Value::Null);
    }
    match message.get("method") {
        Some(Value::String(_)) => match message.get("params") {
            None | Some(Value::Object(_) | Value::Array(_)) => None,
            Some(_) => invalid("\"params\" must be an object or an array", reply_id),
        },
        Some(_) => invalid("\"method\" must be a string", reply_id),
        None => {
            let answers = message.contains_key("result") != message.contains_key("error");
            if id.is_some() && answers {
                None
            } else {
                invalid("no \"method\", and not a response", reply_id)
            }
        }
    }
}

/// A JSON-RPC 2.0 error response (section 5.1).
fn error(code: i64, message: &str, id: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(line: &str) -> Option<(i64, Value)> {
        check(line.as_bytes()).map(|r| (r["error"]["code"].as_i64().unwrap_or(0), r["id"].clone()))
    }

    #[test]
    fn invalid_json_is_a_parse_error_with_a_null_id() {
        assert_eq!(code("{not json\n"), Some((PARSE_ERROR, Value::Null)));
        assert_eq!(
            code("\u{feff}{\"jsonrpc\": \n"),
            Some((PARSE_ERROR, Value::Null))
        );
    }

    #[test]
    fn json_that_is_no_request_is_invalid_with_the_id_it_could_read() {
        assert_eq!(code("[]"), Some((INVALID_REQUEST, Value::Null)));
        assert_eq!(code("42"), Some((INVALID_REQUEST, Value::Null)));
        assert_eq!(
            code(r#"{"foo":"bar"}"#),
            Some((INVALID_REQUEST, Value::Null))
        );
        assert_eq!(
            code(r#"{"jsonrpc":"1.0","id":7,"method":"ping"}"#),
            Some((INVALID_REQUEST, json!(7)))
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":"a","method":1}"#),
            Some((INVALID_REQUEST, json!("a")))
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#),
            Some((INVALID_REQUEST, Value::Null))
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":3,"method":"ping","params":"x"}"#),
            Some((INVALID_REQUEST, json!(3)))
        );
    }

    #[test]
    fn messages_and_blank_lines_pass() {
        assert_eq!(code("\r\n"), None);
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
            None
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            None
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":0,"result":{"roots":[]}}"#),
            None
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":"x","error":{"code":-1,"message":"no"}}"#),
            None
        );
    }
}
