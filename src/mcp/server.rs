//! The MCP server over stdio (rmcp): the tool list with its descriptions, the working directory
//! from the client's roots, and the mapping of [`super::tools`] results to tool results. The
//! runtime is built here, by [`run_stdio`], which only `git-checkpoint mcp` calls.

use super::tools::{self, Reply};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, Implementation, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_handler, tool_router, Peer, RoleServer, ServerHandler, ServiceExt};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the server waits for the client's answer to `roots/list`; once per session (and
/// once more after each `notifications/roots/list_changed`) when the client never answers.
const ROOTS_TIMEOUT: Duration = Duration::from_secs(10);

/// What the server knows of the client's roots.
#[derive(Clone, Debug, Default)]
enum Roots {
    /// Not asked yet, or the last answer had no `file://` root: ask on the next call.
    #[default]
    Unknown,
    /// The directory of the client's first `file://` root.
    Root(PathBuf),
    /// The client did not answer `roots/list` within [`ROOTS_TIMEOUT`]: calls use the
    /// process's working directory and do not ask again until the roots change.
    Unanswered,
}

/// The client's roots as last learnt, shared by the calls of one session.
#[derive(Default)]
struct RootsState {
    /// Bumped by each `notifications/roots/list_changed`; an answer learnt under an older
    /// count is stale.
    changes: AtomicU64,
    /// What was learnt, and the value of `changes` it was learnt under.
    known: Mutex<(u64, Roots)>,
    /// Held while `roots/list` is asked, so concurrent calls wait for one answer instead of
    /// each asking (and each waiting out the timeout).
    asking: tokio::sync::Mutex<()>,
}

impl RootsState {
    /// What is known under the current count of changes, if anything.
    fn current(&self) -> Roots {
        let changes = self.changes.load(Ordering::SeqCst);
        match self.known.lock() {
            Ok(k) if k.0 == changes => k.1.clone(),
            _ => Roots::Unknown,
        }
    }

    /// Records `roots`, learnt under the count of changes `changes`.
    fn learn(&self, changes: u64, roots: Roots) {
        if let Ok(mut k) = self.known.lock() {
            *k = (changes, roots);
        }
    }
}

/// What the server tells the model about itself at start-up (the `instructions`).
const INSTRUCTIONS: &str = "git-checkpoint keeps each story's checkpoint (tasks done, key decisions, remaining todos, next action) in git refs, so a new session continues where the last one stopped. At session start, and after a compaction, call resume before anything else and continue from its next action. After each finished task, after a decision and before a hand-off or the end of the session, call save (with done, decision and next). Never invent a story id: ask the user.";

/// The MCP server: its tools and the working directory the client's roots gave.
#[derive(Clone)]
pub struct Server {
    tool_router: ToolRouter<Self>,
    /// The client's roots, once asked; asked again when the client says its roots changed.
    roots: Arc<RootsState>,
}

impl Default for Server {
    fn default() -> Self {
        Self::new()
    }
}

impl Server {
    /// A server with every tool.
    pub fn new() -> Server {
        Server {
            tool_router: Self::tool_router(),
            roots: Arc::new(RootsState::default()),
        }
    }

    /// The directory a call works in: the client's first `file://` root when it offers roots,
    /// else the process's working directory. The client is asked once and its answer kept;
    /// a client that does not answer within [`ROOTS_TIMEOUT`] is not asked again until it
    /// sends `notifications/roots/list_changed`.
    #[allow(deprecated)] // SEP-2577 deprecates roots; the clients of today still send them
    async fn dir(&self, peer: &Peer<RoleServer>) -> PathBuf {
        let cwd = || std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        match self.roots.current() {
            Roots::Root(d) => return d,
            Roots::Unanswered => return cwd(),
            Roots::Unknown => {}
        }
        let Some(info) = peer.peer_info() else {
            return cwd();
        };
        // Roots are a server-to-client request, which protocol 2026-07-28 no longer has.
        if info.capabilities.roots.is_none()
            || info.protocol_version >= ProtocolVersion::V_2026_07_28
        {
            return cwd();
        }
        let _asking = self.roots.asking.lock().await;
        // Another call may have asked while this one waited.
        match self.roots.current() {
            Roots::Root(d) => return d,
            Roots::Unanswered => return cwd(),
            Roots::Unknown => {}
        }
        let changes = self.roots.changes.load(Ordering::SeqCst);
        let listed = tokio::time::timeout(ROOTS_TIMEOUT, peer.list_roots()).await;
        let root = match listed {
            Ok(Ok(r)) => r
                .roots
                .iter()
                .find_map(|root| super::uri::file_uri_path(&root.uri)),
            Ok(Err(_)) => None,
            Err(_) => {
                self.roots.learn(changes, Roots::Unanswered);
                None
            }
        };
        match root {
            Some(d) => {
                self.roots.learn(changes, Roots::Root(d.clone()));
                d
            }
            None => cwd(),
        }
    }

    /// Runs `f` in the call's directory on the blocking pool (the operations read git
    /// synchronously) and turns its outcome into a tool result.
    async fn call<P: Send + 'static>(
        &self,
        ctx: &RequestContext<RoleServer>,
        params: P,
        f: fn(&std::path::Path, &P) -> crate::Result<Reply>,
    ) -> CallToolResult {
        let dir = self.dir(&ctx.peer).await;
        let joined = tokio::task::spawn_blocking(move || f(&dir, &params)).await;
        match joined {
            Ok(Ok(reply)) => {
                let reply = reply.for_model(tools::REPLY_MAX_CHARS);
                let mut blocks = vec![ContentBlock::text(reply.text)];
                if reply.json_block {
                    blocks.push(ContentBlock::text(reply.structured.to_string()));
                }
                let mut r = CallToolResult::success(blocks);
                r.structured_content = Some(reply.structured);
                r
            }
            Ok(Err(e)) => CallToolResult::error(vec![ContentBlock::text(tools::error_text(&e))]),
            Err(e) => CallToolResult::error(vec![ContentBlock::text(format!(
                "error: the call failed: {e}"
            ))]),
        }
    }
}

#[tool_router]
impl Server {
    #[tool(
        description = "Read where the story stands: the hand-off brief (story, branch, tasks done and left, decisions, next action, the command to start with, warnings when the code moved on) as text (the same fenced brief the session-start hook gives, within max_chars), and a short summary (story, revision, commit, next action, task and decision counts, gaps, warnings, the brief) as structured content; full: true returns the whole state instead (the document `git checkpoint resume --json` prints). Call it first at session start, after a compaction or when picking up someone else's work, before any other work; then continue from the next action. When it says the checkpoint needs confirmation, read the gaps and ask the user. The story is detected from the branch when not given.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn resume(
        &self,
        ctx: RequestContext<RoleServer>,
        Parameters(p): Parameters<tools::ResumeParams>,
    ) -> CallToolResult {
        self.call(&ctx, p, tools::resume).await
    }

    #[tool(
        description = "Save a new revision of the story's checkpoint (a commit under refs/checkpoints/<story>; the branch, index and files are not touched). Call it after each finished task (done: [\"T2\"] and always a new next), when a decision is made (decision: \"Use X — because Y\"), and before a compaction, a hand-off or the end of the session (next: the exact next step). Task ids (T1, T2) are stable: done matches a todo by its id. Pass expect with the revision you read from resume so a save made since is not overwritten. Read before you write in a fresh session: resume first. Content that looks like a credential is refused and nothing is written. Never invent a story id; ask the user.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn save(
        &self,
        ctx: RequestContext<RoleServer>,
        Parameters(p): Parameters<tools::SaveParams>,
    ) -> CallToolResult {
        self.call(&ctx, p, tools::save).await
    }

    #[tool(
        description = "Finish the story: a final revision with status done, then its ref moves to refs/checkpoints-archive/<story> (nothing is lost; list no longer shows it, resume with archived reads it). Refused while todos or \"Done when\" checks are open, listing them, unless force is set. Call it only when the user says the story is finished.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn done(
        &self,
        ctx: RequestContext<RoleServer>,
        Parameters(p): Parameters<tools::DoneParams>,
    ) -> CallToolResult {
        self.call(&ctx, p, tools::done).await
    }

    #[tool(
        description = "List the checkpoints in this repository (story, title, branch, tasks done/total, revision, status), newest first; only the current branch's unless all is set. Call it to find which story to resume when resume cannot detect one.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn list(
        &self,
        ctx: RequestContext<RoleServer>,
        Parameters(p): Parameters<tools::ListParams>,
    ) -> CallToolResult {
        self.call(&ctx, p, tools::list).await
    }

    #[tool(
        description = "Show a story's revisions, newest first (number, commit, date, author, tasks done/total, journal). Call it to see how the work went or which revision to compare.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn log(
        &self,
        ctx: RequestContext<RoleServer>,
        Parameters(p): Parameters<tools::LogParams>,
    ) -> CallToolResult {
        self.call(&ctx, p, tools::log).await
    }

    #[tool(
        description = "Compare two revisions of a story: tasks done, todos and decisions added or removed, fields changed, and the unified diff of the documents. By default the tip against its parent. Call it to see what the last session changed.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn diff(
        &self,
        ctx: RequestContext<RoleServer>,
        Parameters(p): Parameters<tools::DiffParams>,
    ) -> CallToolResult {
        self.call(&ctx, p, tools::diff).await
    }

    #[tool(
        description = "Tell whether the story's checkpoint is stale: its age, the commits on HEAD and the files changed since the last confirmed save, and the reasons it is stale. Call it before ending a turn or a session: when stale, save with done, next and a message.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn status(
        &self,
        ctx: RequestContext<RoleServer>,
        Parameters(p): Parameters<tools::StatusParams>,
    ) -> CallToolResult {
        self.call(&ctx, p, tools::status).await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(
                "git-checkpoint",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(INSTRUCTIONS)
    }

    async fn on_roots_list_changed(&self, _ctx: rmcp::service::NotificationContext<RoleServer>) {
        self.roots.changes.fetch_add(1, Ordering::SeqCst);
    }
}

/// Serves MCP on stdin and stdout until the client closes stdin: builds a single-threaded
/// runtime (the only place one is built), runs the server behind `stdio_filter`
/// (which answers the lines that are not JSON-RPC messages), and returns once its last reply
/// is written.
///
/// # Errors
/// [`crate::Error::Io`] when the runtime cannot start or the session fails to initialize.
pub fn run_stdio() -> crate::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let filtered = super::stdio_filter::start(tokio::io::stdin(), tokio::io::stdout());
        let service = Server::new()
            .serve((filtered.read, filtered.write))
            .await
            .map_err(|e| crate::Error::Io(std::io::Error::other(format!("MCP session: {e}"))))?;
        service
            .waiting()
            .await
            .map_err(|e| crate::Error::Io(std::io::Error::other(e.to_string())))?;
        // The service has dropped its end: the copy ends once rmcp's last reply is written.
        let _ = tokio::time::timeout(Duration::from_secs(5), filtered.output_done).await;
        Ok(())
    })
}
