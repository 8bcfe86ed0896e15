//! What `git-checkpoint agent hook <event> --agent <name>` does: reads the agent's payload,
//! works out the story of the payload's working directory, and decides the [`Reply`]. It never
//! creates a story (no checkpoint: nothing to say), never writes a revision identical to the
//! tip, and marks every revision it writes with the `Checkpoint-Hook` trailer. Printing the
//! reply in the agent's own protocol is the binary's job (`src/cli/commands/agent_hook.rs`).
//!
//! Per-event behaviour and the agents' payload fields: `docs/agents/HOOKS.md`. Small per-session
//! state (brief owed after a compaction, the last assistant message) lives in
//! `<git dir>/checkpoint-hooks/<agent>-<session>.json`, private to the work tree; what the
//! stop-time nudge last asked about is kept per story, not per session (`NudgeMemory`).

use super::{Action, Agent};
use crate::config::HOOK_DETACH;
use crate::error::{Error, Result};
pub use crate::model::mentions_id;
use crate::ops::{locate, prompt, save, status};
use crate::store::{Revision, Store};
use crate::story::StoryId;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The most stdin a hook reads: payloads are a few KB (Gemini's BeforeModel, which we do not
/// install, carries the whole request).
pub const PAYLOAD_CAP: u64 = 4 * 1024 * 1024;

/// Longest journal entry a hook takes from a compaction summary or an assistant message.
pub const JOURNAL_CAP: usize = 2000;

/// Most plan items taken from one plan/todo tool call.
pub const PLAN_CAP: usize = 100;

/// Session state files older than this are removed when a session starts (seconds; 7 days).
const SESSION_MAX_AGE: u64 = 7 * 86_400;

/// The fields of an agent's hook payload we use; every field is optional, unknown ones are
/// ignored. Claude Code, Codex and Gemini CLI use `cwd`, `session_id`, `hook_event_name`;
/// Cursor uses `workspace_roots` and `conversation_id`.
#[derive(Debug, Clone, Default)]
pub struct Payload {
    /// The session's working directory (Cursor: its first workspace root).
    pub cwd: Option<PathBuf>,
    /// The agent's session id (Cursor: `conversation_id`).
    pub session_id: Option<String>,
    /// SessionStart `source` (`startup`, `resume`, `clear`, `compact`).
    pub source: Option<String>,
    /// PreCompact/PreCompress `trigger` (`manual`, `auto`).
    pub trigger: Option<String>,
    /// Stop/AfterAgent `stop_hook_active`: the model is already continuing because of a stop
    /// hook.
    pub stop_hook_active: bool,
    /// Cursor stop `loop_count`: how many follow-ups a stop hook already caused.
    pub loop_count: u64,
    /// PostToolUse/AfterTool `tool_name`.
    pub tool_name: Option<String>,
    /// PostToolUse/AfterTool `tool_input`.
    pub tool_input: Value,
    /// The model's last message of the turn (`last_assistant_message`, Gemini `prompt_response`).
    pub last_message: Option<String>,
    /// Gemini CLI BeforeAgent/AfterAgent `prompt`: the request that starts an agent loop
    /// (BeforeAgent: also the reason a stop hook continued it with), and at AfterAgent the
    /// user's prompt the loop answers.
    pub prompt: Option<String>,
    /// Claude Code PostCompact `compact_summary`.
    pub compact_summary: Option<String>,
    /// The session's transcript file (`transcript_path`; Gemini CLI: JSON lines).
    pub transcript_path: Option<PathBuf>,
}

impl Payload {
    /// Reads the fields we use from a JSON payload; anything else (invalid JSON, another
    /// shape) gives an empty payload, so a hook never fails on its input.
    pub fn parse(bytes: &[u8]) -> Payload {
        let v: Value = serde_json::from_slice(bytes).unwrap_or(Value::Null);
        let text = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .map(str::to_string)
                .filter(|s| !s.is_empty())
        };
        let cwd = text("cwd").or_else(|| {
            v.get("workspace_roots")
                .and_then(Value::as_array)
                .and_then(|r| r.first())
                .and_then(Value::as_str)
                .map(str::to_string)
        });
        Payload {
            cwd: cwd.map(PathBuf::from),
            session_id: text("session_id").or_else(|| text("conversation_id")),
            source: text("source"),
            trigger: text("trigger"),
            stop_hook_active: v
                .get("stop_hook_active")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            loop_count: v.get("loop_count").and_then(Value::as_u64).unwrap_or(0),
            tool_name: text("tool_name"),
            tool_input: v.get("tool_input").cloned().unwrap_or(Value::Null),
            last_message: text("last_assistant_message").or_else(|| text("prompt_response")),
            compact_summary: text("compact_summary"),
            prompt: text("prompt"),
            transcript_path: text("transcript_path").map(PathBuf::from),
        }
    }
}

/// What the hook answers, printed by the binary in the agent's protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Nothing for the model or the user.
    Nothing,
    /// Text for the model's context (the brief).
    Context(String),
    /// Ask the model to continue its turn with this instruction (the stop-time nudge).
    Block(String),
    /// A line for the user, not the model (something went wrong; the agent goes on).
    Note(String),
}

/// A hook revision left to a detached process (`checkpoint.hookDetach`, default on): what
/// the refresh before compaction, after it or at session end would save. The binary hands it
/// to a child of its own as JSON on stdin (`agent hook <event> --agent <name> --detached`),
/// which runs [`run_refresh`]; the agent gets its answer without waiting for the work-tree
/// scan, as `git gc --auto` detaches (`gc.autoDetach`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Refresh {
    /// The story's canonical id.
    pub story: String,
    /// The revision's journal entry; its first line is the commit subject.
    pub message: String,
    /// The `Checkpoint-Hook` trailer's value: `<agent> <event>`.
    pub hook: String,
}

/// What a hook run decided: the answer for the agent, and a revision to write after
/// answering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The answer, printed in the agent's protocol.
    pub reply: Reply,
    /// A refresh to write in a detached process ([`Refresh`]); `None` when there is none or
    /// it was written already.
    pub refresh: Option<Refresh>,
    /// For the user (not the model): the error a detached refresh of this repository ran into
    /// since the last hook (taken once), and a bad setting this hook replaced with its default
    /// (`checkpoint.hookBudget`); one per line.
    pub earlier: Option<String>,
}

/// Runs `action` for `agent`'s `event` with `payload`, in `dir` (the payload's `cwd` when the
/// caller has it). `opened` is the store of `dir`'s repository when the caller has opened it
/// already (the process runs in `dir`); else it is discovered from `dir`. Never fails: outside
/// a repository, with no story or no checkpoint the reply is [`Reply::Nothing`]; a real error
/// becomes [`Reply::Note`]. A refresh is handed back in [`Outcome::refresh`] instead of written
/// when `checkpoint.hookDetach` is on (Unix only).
pub fn run(
    agent: Agent,
    event: &str,
    action: Action,
    payload: &Payload,
    dir: &Path,
    opened: Option<Store>,
) -> Outcome {
    let nothing = Outcome {
        reply: Reply::Nothing,
        refresh: None,
        earlier: None,
    };
    // Gemini CLI fires PreCompress(auto) before every model call, whether or not it then
    // compresses (ChatCompressionService.compress): only one that will compress counts.
    if agent == Agent::Gemini
        && action == Action::PreCompact
        && payload.trigger.as_deref() != Some("manual")
        && !gemini_will_compress(payload, dir)
    {
        return nothing;
    }
    let Some(store) = opened.or_else(|| Store::discover(dir).ok()) else {
        return nothing;
    };
    if store.workdir().is_none() {
        return nothing;
    }
    let hook = Hook {
        store: &store,
        agent,
        event,
        payload,
        detach: cfg!(unix) && store.config().boolean(&HOOK_DETACH, true).unwrap_or(true),
        deferred: std::cell::RefCell::new(None),
        misconfigured: std::cell::RefCell::new(None),
    };
    let reply = match hook.run(action) {
        Ok(r) => r,
        Err(e) => Reply::Note(note(event, &e)),
    };
    let earlier = [hook.misconfigured.into_inner(), take_detached_error(&store)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>();
    Outcome {
        reply,
        refresh: hook.deferred.into_inner(),
        earlier: (!earlier.is_empty()).then(|| earlier.join("\n")),
    }
}

/// Gemini CLI's default `model.compressionThreshold` (`DEFAULT_COMPRESSION_TOKEN_THRESHOLD` in
/// its chatCompressionService).
const GEMINI_COMPRESSION_THRESHOLD: f64 = 0.5;

/// Whether the Gemini CLI model call that fired PreCompress(auto) with `payload` compresses
/// the chat first: Gemini CLI 0.61 compresses when the prompt token count of the last model
/// response reaches the threshold times the model's context (`ChatCompressionService.compress`:
/// `originalTokenCount < threshold * tokenLimit(model)` means no compression). The count and
/// the model are the last `tokens.input` and `model` in the session's transcript
/// (`transcript_path`, JSON lines, its last 1 MiB read); the threshold is
/// `model.compressionThreshold` (older releases: `model.chatCompression.
/// contextPercentageThreshold`) of the project's `.gemini/settings.json` (under `dir`), else
/// the user's `~/.gemini/settings.json`, else 0.5; the context is 256,000
/// tokens for Gemma 4 models and 1,048,576 for the others (its `tokenLimit`). `false` when the
/// transcript cannot be read.
fn gemini_will_compress(payload: &Payload, dir: &Path) -> bool {
    let Some(path) = payload.transcript_path.as_deref() else {
        return false;
    };
    let Some((tokens, model)) = last_prompt_tokens(path) else {
        return false;
    };
    let threshold = gemini_threshold(dir).unwrap_or(GEMINI_COMPRESSION_THRESHOLD);
    let limit = if model.starts_with("gemma-4") {
        256_000.0
    } else {
        1_048_576.0
    };
    #[allow(clippy::cast_precision_loss)] // token counts are far below 2^52
    let tokens = tokens as f64;
    threshold > 0.0 && tokens >= threshold * limit
}

/// The last `tokens.input` of a Gemini CLI transcript (JSON lines) and the `model` of that
/// record, from its last 1 MiB.
fn last_prompt_tokens(path: &Path) -> Option<(u64, String)> {
    use std::io::{Read as _, Seek as _};
    let mut f = std::fs::File::open(path).ok()?;
    let len = f.metadata().ok()?.len();
    let from = len.saturating_sub(1 << 20);
    f.seek(std::io::SeekFrom::Start(from)).ok()?;
    let mut buf = Vec::new();
    f.take(1 << 20).read_to_end(&mut buf).ok()?;
    let text = String::from_utf8_lossy(&buf);
    text.lines().rev().find_map(|line| {
        let v: Value = serde_json::from_str(line).ok()?;
        let tokens = v.get("tokens")?.get("input")?.as_u64()?;
        let model = v.get("model").and_then(Value::as_str).unwrap_or("");
        Some((tokens, model.to_string()))
    })
}

/// `model.compressionThreshold` (or the older `model.chatCompression.contextPercentageThreshold`)
/// from the project's (`dir`'s `.gemini/settings.json`) else the user's Gemini CLI settings.
fn gemini_threshold(dir: &Path) -> Option<f64> {
    let read = |p: PathBuf| -> Option<f64> {
        let text = std::fs::read_to_string(p).ok()?;
        // Gemini CLI's settings may hold comments.
        let root =
            jsonc_parser::cst::CstRootNode::parse(&text, &jsonc_parser::ParseOptions::default())
                .ok()?;
        let v = root.value()?.to_serde_value()?;
        v.pointer("/model/compressionThreshold")
            .or_else(|| v.pointer("/model/chatCompression/contextPercentageThreshold"))?
            .as_f64()
    };
    let project = dir.join(".gemini/settings.json");
    let user = std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".gemini/settings.json"));
    read(project).or_else(|| user.and_then(read))
}

/// Writes `refresh` in the repository of `dir`: what the detached process runs. Its error,
/// if any, is also kept for the next hook to report ([`Outcome::earlier`]), since nobody
/// reads a detached process's output.
///
/// # Errors
/// Not a repository, a story id that does not parse, and [`save::save_if_changed`]'s errors
/// (a secret in the journal entry, a lock, storage).
pub fn run_refresh(refresh: &Refresh, dir: &Path) -> Result<()> {
    let store = Store::discover(dir)?;
    let saved = StoryId::parse(&refresh.story).and_then(|story| {
        let options = save::Options {
            message: Some(refresh.message.clone()),
            hook: Some(refresh.hook.clone()),
            ..save::Options::default()
        };
        save::save_if_changed(&store, &story, &options)
    });
    if let Err(e) = &saved {
        let path = Session::dir(&store).join(DETACHED_ERROR);
        let line = note(&format!("{} (detached)", refresh.hook), e);
        let _ = std::fs::create_dir_all(Session::dir(&store));
        let _ = std::fs::write(path, cut(&line, 1000));
    }
    saved.map(|_| ())
}

/// The line a hook shows the user for `e`. A refused credential gets its own words: a hook
/// cannot pass `--allow-secret`, and the refused text is dropped, not retried.
fn note(event: &str, e: &crate::error::Error) -> String {
    match e {
        crate::error::Error::Secret {
            place, line, kind, ..
        } => format!(
            "git-checkpoint hook {event}: nothing saved: line {line} of {place} holds a credential ({kind}); that text is dropped, the next hook or save records the rest"
        ),
        e => format!("git-checkpoint hook {event}: {e}"),
    }
}

/// The file in `<git dir>/checkpoint-hooks/` where a detached refresh leaves its error.
const DETACHED_ERROR: &str = "detached-error.txt";

/// The error a detached refresh left, removed as it is read.
fn take_detached_error(store: &Store) -> Option<String> {
    let path = Session::dir(store).join(DETACHED_ERROR);
    let text = read_capped(&path, 4096)?;
    let _ = std::fs::remove_file(&path);
    Some(String::from_utf8_lossy(&text).trim().to_string()).filter(|t| !t.is_empty())
}

/// How long a hook waits for the remote when it takes, renews or releases a claim (each of
/// the fetch and the push): session start must stay fast.
pub const CLAIM_REMOTE_LIMIT: std::time::Duration = std::time::Duration::from_secs(3);

/// What a hook does to its session's claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ClaimStep {
    /// Session start: take it when unclaimed, renew it when ours and due
    /// ([`crate::claims::Claim::renewal_due`]); a fresh claim of ours is left as it is.
    Take,
    /// A turn ended: renew ours when due ([`crate::claims::Claim::renewal_due`]), or take it
    /// again when it expired and nobody took it since.
    Renew,
    /// Session end: release it, when this session took it.
    Release,
}

/// One hook run's inputs.
struct Hook<'a> {
    store: &'a Store,
    agent: Agent,
    event: &'a str,
    payload: &'a Payload,
    /// Refreshes go to [`Hook::deferred`] for a detached process instead of being written.
    detach: bool,
    deferred: std::cell::RefCell<Option<Refresh>>,
    /// A bad setting the hook worked around with its default (for the user, not the model).
    misconfigured: std::cell::RefCell<Option<String>>,
}

impl Hook<'_> {
    fn run(&self, action: Action) -> Result<Reply> {
        let mut session = Session::load(self.store, self.agent, self.payload);
        // The model's last words of a turn are kept for the next revision a hook writes.
        if let Some(m) = &self.payload.last_message {
            session.state.last_message = Some(cut(m, JOURNAL_CAP));
        }
        let reply = match self.story() {
            Ok(None) => Ok(Reply::Nothing),
            Ok(Some((story, tip))) => self.act(action, &story, &tip, &mut session),
            Err(e) => Err(e),
        };
        // Kept also when the action failed: a brief owed after a compaction must still come,
        // and a last message the save refused (a secret) was taken, so it is not retried.
        if action == Action::End {
            session.remove();
        } else {
            session.save();
        }
        reply
    }

    fn act(
        &self,
        action: Action,
        story: &StoryId,
        tip: &Revision,
        session: &mut Session,
    ) -> Result<Reply> {
        match action {
            Action::Start => {
                session.state.brief_owed = false;
                session.state.nudged_prompt = None;
                session.prune();
                let taken = self.claim(story, ClaimStep::Take);
                // The budget holds the whole text the model gets: the note too.
                let reserve = taken.as_ref().map_or(0, |n| n.chars().count() + 2);
                let brief = self.brief(story, tip, reserve)?;
                Ok(match taken {
                    Some(note) => Reply::Context(format!("{brief}\n\n{note}")),
                    None => Reply::Context(brief),
                })
            }
            Action::Prompt => {
                // A new prompt of the user, not the continuation our nudge asked for.
                let ours = self
                    .payload
                    .prompt
                    .as_deref()
                    .is_some_and(|p| p.starts_with(NUDGE_PREFIX));
                if !ours {
                    session.state.nudged_prompt = None;
                }
                if !session.state.brief_owed {
                    return Ok(Reply::Nothing);
                }
                session.state.brief_owed = false;
                self.brief(story, tip, 0).map(Reply::Context)
            }
            Action::Plan => self.plan(story, tip),
            Action::PreCompact => {
                // Agents with no start event after a compaction get the brief at the next prompt.
                if matches!(self.agent, Agent::Gemini | Agent::Cursor) {
                    session.state.brief_owed = true;
                }
                let note = session.state.last_message.take();
                self.refresh(story, "before compaction", note.as_deref())
            }
            Action::PostCompact => match &self.payload.compact_summary {
                Some(s) => self.refresh(story, "compaction summary", Some(s)),
                None => Ok(Reply::Nothing),
            },
            Action::Stop => {
                self.claim(story, ClaimStep::Renew);
                self.nudge(story, tip, session)
            }
            Action::End => {
                let note = session.state.last_message.take();
                let reply = self.refresh(story, "session end", note.as_deref());
                self.claim(story, ClaimStep::Release);
                reply
            }
        }
    }

    /// The story of the work tree and its tip revision, or `None` (no story can be told, or
    /// it has no checkpoint: hooks never create one).
    fn story(&self) -> Result<Option<(StoryId, Revision)>> {
        let Ok((story, _)) = locate::resolve_story(self.store, None, "agent hook", true) else {
            return Ok(None);
        };
        // This clone's checkpoint, else the one remote's copy a fetch brought.
        let (refname, tip) = match locate::locate_story(self.store, &story, false) {
            Ok(found) => found,
            Err(
                Error::NotFound { .. } | Error::OnSeveralRemotes { .. } | Error::Finished { .. },
            ) => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(Some((story, self.store.read(&refname, tip)?)))
    }

    /// The brief within the configured budget less `reserve` characters (for what the hook
    /// adds after it); a hard cap, counted on the whole text.
    fn brief(&self, story: &StoryId, tip: &Revision, reserve: usize) -> Result<String> {
        // A bad budget must not cost the model its brief: the default is used, the user told.
        let budget = self.store.config().hook_budget().unwrap_or_else(|e| {
            *self.misconfigured.borrow_mut() =
                Some(format!("{}; the default is used", note(self.event, &e)));
            crate::config::DEFAULT_HOOK_BUDGET
        });
        // A hard cap: when the next action, start command and todo ids alone exceed it, they
        // are cut too (a teammate's first).
        let b = prompt::agent_brief(
            self.store,
            story,
            &story.refname(),
            tip,
            budget.saturating_sub(reserve),
            true,
        )?;
        Ok(b.text)
    }

    /// This session as a claim holder (the agent, the payload's session id).
    fn holder(&self) -> Result<crate::claims::Holder> {
        crate::claims::Holder::me(
            self.store,
            Some(self.agent.name()),
            self.payload.session_id.as_deref(),
        )
    }

    /// Takes, renews or releases this session's claim on `story` (`checkpoint.claimRemote`:
    /// on the remote too, waiting at most [`CLAIM_REMOTE_LIMIT`], else here only). Never
    /// fails: a claim someone else holds is left alone (the brief says who holds it), so is
    /// one of ours not yet due for renewal (no claim commit, no ref move, no remote), and an
    /// error only costs the claim. Returns a line for the model when the claim was taken here
    /// only although a remote exists.
    fn claim(&self, story: &StoryId, step: ClaimStep) -> Option<String> {
        use crate::ops::claim::{self, Action as ClaimAction};
        let me = self.holder().ok()?;
        let now = crate::claims::now();
        let current = crate::claims::current(self.store, story).ok()?;
        let live = current.as_ref().filter(|f| f.claim.live(now));
        // What a renewal would give the claim; a bad setting makes `claim::run` fail anyway.
        let renew_for = claim::duration(self.store, None).unwrap_or(claim::DEFAULT_DURATION);
        let action = match step {
            // Unclaimed, or ours and due for renewal (`Claim::renewal_due`: at most half its
            // period left). Ours and fresh: left as it is, nothing written (a renewal only
            // moves its expiry). Decided on what this clone knows (its claim ref and the
            // remote-tracking copy): a takeover on the remote since the last fetch is seen at
            // the next renewal or fetch, as between two hooks.
            ClaimStep::Take
                if live.is_none_or(|f| {
                    f.claim.holder.same_as(&me) && f.claim.renewal_due(renew_for, now)
                }) =>
            {
                ClaimAction::Claim
            }
            // Ours and due for renewal, or already expired (the session is still working: a
            // turn longer than the claim) unless released or offered to someone (the offer
            // stands for them). A claim someone else took since is not ours and stays
            // untouched, expired or not; one taken between this read and the write is refused
            // by `ops::claim`, which decides again on what it reads.
            ClaimStep::Renew
                if current.as_ref().is_some_and(|f| {
                    let c = &f.claim;
                    c.holder.same_as(&me)
                        && if c.live(now) {
                            c.renewal_due(renew_for, now)
                        } else {
                            !c.released && c.handed_to.is_none()
                        }
                }) =>
            {
                ClaimAction::Claim
            }
            // Taken by this very session.
            ClaimStep::Release
                if live.is_some_and(|f| {
                    f.claim.holder.same_as(&me)
                        && f.claim.holder.session.is_some()
                        && f.claim.holder.session == me.session
                }) =>
            {
                ClaimAction::Release
            }
            _ => return None,
        };
        let options = claim::Options {
            story: story.clone(),
            action,
            duration: None,
            force: false,
            me,
            remote_limit: Some(CLAIM_REMOTE_LIMIT),
            local_on_error: true,
        };
        let report = claim::run(self.store, &options).ok()?;
        report
            .local_only
            .map(|why| format!("git-checkpoint: {why}."))
    }

    /// Refuses a hook's write into `story` while another session holds its claim.
    fn check_claim(&self, story: &StoryId) -> Result<()> {
        let me = self.holder()?;
        crate::claims::check_write(
            self.store,
            story,
            Some(&me),
            false,
            "this session's hooks write nothing into it",
        )
    }

    /// `<agent> <event>`, the `Checkpoint-Hook` trailer's value.
    fn mark(&self) -> String {
        format!("{} {}", self.agent.name(), self.event)
    }

    /// Writes a hook revision of `story` with the current code state and `note` as the journal
    /// entry, unless it would say nothing new.
    fn refresh(&self, story: &StoryId, why: &str, note: Option<&str>) -> Result<Reply> {
        self.check_claim(story)?;
        let subject = format!("auto: {why} ({})", self.agent.display());
        let message = match note.map(str::trim).filter(|n| !n.is_empty()) {
            Some(n) => format!("{subject}\n\n{}", cut(n, JOURNAL_CAP)),
            None => subject,
        };
        if self.detach {
            *self.deferred.borrow_mut() = Some(Refresh {
                story: story.as_str().to_string(),
                message,
                hook: self.mark(),
            });
            return Ok(Reply::Nothing);
        }
        let options = save::Options {
            message: Some(message),
            hook: Some(self.mark()),
            ..save::Options::default()
        };
        save::save_if_changed(self.store, story, &options)?;
        Ok(Reply::Nothing)
    }

    /// Turns the agent's plan (its todo/plan tool's input) into the story's tasks and the
    /// agent's own plan (see [`plan_change`]).
    fn plan(&self, story: &StoryId, tip: &Revision) -> Result<Reply> {
        let items = plan_items(self.agent, self.payload);
        if items.is_empty() {
            return Ok(Reply::Nothing);
        }
        self.check_claim(story)?;
        let doc = crate::formats::parse_revision(self.store, tip).doc;
        let change = plan_change(&doc, &items);
        // Claude Code's task tools create or update one item per call; the other tools send
        // the whole plan each time.
        let one_item = matches!(
            self.payload.tool_name.as_deref(),
            Some("TaskCreate" | "TaskUpdate")
        );
        let plan = if one_item {
            let mut plan = tip.meta.agent_plan.clone();
            for item in change.plan {
                match plan.iter_mut().find(|p| p.text == item.text) {
                    Some(p) => p.status = item.status,
                    None => plan.push(item),
                }
            }
            plan
        } else {
            change.plan
        };
        if change.done.is_empty() && change.next.is_none() && plan == tip.meta.agent_plan {
            return Ok(Reply::Nothing);
        }
        let subject = format!(
            "auto: plan update ({}): {} done, {} in the agent's plan",
            self.agent.display(),
            change.done.len(),
            plan.len()
        );
        let options = save::Options {
            fields: save::Fields {
                done: change.done,
                next: change.next,
                ..save::Fields::default()
            },
            agent_plan: Some(plan),
            message: Some(subject),
            hook: Some(self.mark()),
            // A plan update changes the tasks only: the work tree is recorded by the next
            // refresh (before compaction, at session end) and looked at by every brief and
            // nudge, so this hook, which runs after every todo-tool call, does not scan it.
            keep_worktree: true,
            ..save::Options::default()
        };
        save::save_if_changed(self.store, story, &options)?;
        Ok(Reply::Nothing)
    }

    /// Asks the model once to save when commits or files moved since the last confirmed
    /// revision; never twice for the same state, never while it already continues for us.
    fn nudge(&self, story: &StoryId, tip: &Revision, session: &mut Session) -> Result<Reply> {
        if self.payload.stop_hook_active || self.payload.loop_count > 0 {
            return Ok(Reply::Nothing);
        }
        // At most once per prompt. Gemini CLI sends the results of the tools a continued turn
        // ran as a new request, whose end fires AfterAgent with `stop_hook_active` false again:
        // a model that commits after the nudge (a new state) would be asked again within the
        // same prompt. Its payload's `prompt` (the user's, kept through the loop) tells.
        let turn = self
            .payload
            .prompt
            .as_deref()
            .map(|p| format!("{:016x}", fnv1a(p.as_bytes())));
        if turn.is_some() && session.state.nudged_prompt == turn {
            return Ok(Reply::Nothing);
        }
        if !self
            .store
            .config()
            .boolean(&crate::config::HOOK_NUDGE, true)?
        {
            return Ok(Reply::Nothing);
        }
        // A story another session holds is not this one's to record: a save would be refused
        // (and `--force` is not for the model to reach for).
        if let Ok(me) = self.holder() {
            if crate::claims::held_by_other(self.store, story, &me)?.is_some() {
                return Ok(Reply::Nothing);
            }
        }
        let refname = story.refname();
        let confirmed = status::confirmed(self.store, &refname, tip)?;
        let base = confirmed.as_ref().unwrap_or(tip);
        // Without what `agent install` wrote: that is no work on the story.
        let status::Moved {
            commits,
            files,
            index_ids,
        } = status::moved_since(self.store, base)?;
        if commits.is_empty() && files.is_empty() {
            return Ok(Reply::Nothing);
        }
        // Remembered per story and state, not per session: a new or resumed session
        // (`claude --resume`, `codex exec resume --last`, `gemini --resume latest`) is not asked
        // again about the very state an earlier one was asked about.
        let memory = NudgeMemory::of(self.store, story);
        let last = memory.recall();
        // The tip's plan as remembered with the tip, else parsed (once per tip).
        let tip_id = tip.summary.commit.to_hex_with_len(16).to_string();
        let plan = match &last {
            Some(m) if m.tip == tip_id => m.plan,
            _ => plan_print(self.store, tip),
        };
        let print = memory.fingerprint(&state_print(
            self.store,
            base,
            &files,
            index_ids.as_ref(),
            plan,
        )?);
        if last.is_some_and(|m| m.print == print) {
            return Ok(Reply::Nothing);
        }
        memory.remember(&Nudged {
            print,
            tip: tip_id,
            plan,
        });
        session.state.nudged_prompt = turn;
        // The canonical id: `#42` would start a shell comment.
        Ok(Reply::Block(nudge_text(
            story.as_str(),
            base.number(),
            &commits,
            &files,
        )))
    }
}

/// How every [`nudge_text`] starts.
pub const NUDGE_PREFIX: &str = "git-checkpoint: ";

/// The stop-time instruction: what moved, and the exact command that records it.
pub fn nudge_text(
    story: &str,
    revision: u64,
    commits: &[(gix::ObjectId, String)],
    files: &[String],
) -> String {
    let mut moved = Vec::new();
    if !commits.is_empty() {
        let subjects: Vec<String> = commits
            .iter()
            .take(3)
            .map(|(_, s)| format!("\"{}\"", cut(s, 80)))
            .collect();
        let more = if commits.len() > 3 { ", ..." } else { "" };
        moved.push(format!(
            "{} ({}{more})",
            crate::human::count(commits.len(), "commit", "commits"),
            subjects.join(", ")
        ));
    }
    if !files.is_empty() {
        let shown: Vec<&str> = files.iter().take(5).map(String::as_str).collect();
        let more = if files.len() > 5 { ", ..." } else { "" };
        moved.push(format!(
            "{} ({}{more})",
            crate::human::count(files.len(), "changed file", "changed files"),
            shown.join(", ")
        ));
    }
    format!(
        "{NUDGE_PREFIX}{} since the last saved checkpoint of story {story} (revision {revision}). \
         Before you stop, record where the work stands: run \
         `git-checkpoint save {story} --done <task id> --next \"<the next action>\"` \
         (one --done per finished task; --todo and --decision for new ones). \
         If nothing worth recording changed, just stop.",
        moved.join(" and ")
    )
}

/// A plan item's state, as the agents' tools name it.
pub use crate::store::PlanStatus;

/// The plan items in a plan/todo tool call of `agent`: Claude Code `TodoWrite`
/// (`todos[].content`), `TaskCreate` (`subject`), `TaskUpdate` (`taskId`, `status`; the subject
/// is read from Claude Code's task file); Codex `update_plan` (`plan[].step`); Gemini CLI
/// `write_todos` (`todos[].description`). Cancelled or deleted items are left out; at most
/// [`PLAN_CAP`] items of at most 500 characters.
pub fn plan_items(agent: Agent, p: &Payload) -> Vec<(String, PlanStatus)> {
    let input = &p.tool_input;
    // No status is pending; one we do not know (or not a string) leaves the item out.
    let status = |v: Option<&Value>| match v {
        None | Some(Value::Null) => Some(PlanStatus::Pending),
        Some(v) => match v.as_str()? {
            "completed" => Some(PlanStatus::Completed),
            "in_progress" => Some(PlanStatus::InProgress),
            "pending" => Some(PlanStatus::Pending),
            _ => None,
        },
    };
    let list = |key: &str, text: &str| -> Vec<(String, PlanStatus)> {
        input
            .get(key)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|i| {
                        let t = item_text(i.get(text)?.as_str()?)?;
                        Some((t, status(i.get("status"))?))
                    })
                    .take(PLAN_CAP)
                    .collect()
            })
            .unwrap_or_default()
    };
    match (agent, p.tool_name.as_deref()) {
        (Agent::Claude, Some("TodoWrite")) => list("todos", "content"),
        (Agent::Claude, Some("TaskCreate")) => input
            .get("subject")
            .and_then(Value::as_str)
            .and_then(item_text)
            .map(|s| vec![(s, PlanStatus::Pending)])
            .unwrap_or_default(),
        (Agent::Claude, Some("TaskUpdate")) => {
            let Some(st) = status(input.get("status")) else {
                return Vec::new();
            };
            let subject = input
                .get("subject")
                .and_then(Value::as_str)
                .map(str::to_string)
                .or_else(|| claude_task_subject(p, input.get("taskId")?));
            subject
                .as_deref()
                .and_then(item_text)
                .map(|s| vec![(s, st)])
                .unwrap_or_default()
        }
        (Agent::Codex, Some("update_plan")) => list("plan", "step"),
        (Agent::Gemini, Some("write_todos")) => list("todos", "description"),
        _ => Vec::new(),
    }
}

/// A plan item's text as one line of at most 500 characters, or `None` when nothing is left:
/// line breaks and other whitespace runs become one space, control characters (C0, DEL, C1)
/// and bidirectional formatting characters (Unicode TR9: U+061C, U+200E, U+200F,
/// U+202A-U+202E, U+2066-U+2069) are dropped. A todo is one list item of the document, and the
/// model's own text must not carry terminal escapes or reorder what a reader sees.
fn item_text(s: &str) -> Option<String> {
    let kept: String = s
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control() && !prompt::is_bidi_control(*c))
        .collect();
    let one = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    (!one.is_empty()).then(|| cut(&one, 500))
}

/// The subject of Claude Code task `id` of the payload's session, from its task file
/// `<config dir>/tasks/<session>/<id>.json` (config dir: `CLAUDE_CONFIG_DIR`, else
/// `~/.claude`).
fn claude_task_subject(p: &Payload, id: &Value) -> Option<String> {
    let id = match id {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let safe = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    let session = p.session_id.as_deref()?;
    if !safe(&id) || !safe(session) {
        return None;
    }
    let dir = std::env::var_os("CLAUDE_CONFIG_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".claude")))?;
    let path = dir.join("tasks").join(session).join(format!("{id}.json"));
    let bytes = read_capped(&path, 256 * 1024)?;
    let v: Value = serde_json::from_slice(&bytes).ok()?;
    v.get("subject").and_then(Value::as_str).map(str::to_string)
}

/// What a plan changes in a document, by [`plan_change`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlanChange {
    /// Todos to mark done: a todo's id (or its whole text when it has none).
    pub done: Vec<String>,
    /// A new next action, when the current one names a task this change finishes.
    pub next: Option<String>,
    /// The items that mean no task of the document: the agent's own plan, in its order.
    pub plan: Vec<crate::store::PlanItem>,
}

/// Matches `items` to `doc`'s tasks (remaining and done) by id, then by words
/// ([`crate::model::similar::match_items`]: an item in the model's own words, "Build the FTS5
/// search index", means the todo "T1 — Build FTS5 search index"). A completed item finishes
/// the todo it means; an item that means no task is the agent's own plan
/// ([`PlanChange::plan`]), never a new todo, so a paraphrase never doubles the task list. When
/// the next action names a task this finishes, the next action becomes the plan's item in
/// progress (else its first pending one; the todo it means, when it means one), else the first
/// todo left.
pub fn plan_change(doc: &crate::model::Document, items: &[(String, PlanStatus)]) -> PlanChange {
    use crate::model::{similar, Task};
    let remaining = doc.tasks_remaining.len();
    let tasks: Vec<&Task> = doc.tasks_remaining.iter().chain(&doc.tasks_done).collect();
    let texts: Vec<&str> = items.iter().map(|(t, _)| t.as_str()).collect();
    let meant = similar::match_items(&tasks, &texts);
    let mut change = PlanChange::default();
    let mut finished: Vec<usize> = Vec::new();
    for ((text, st), m) in items.iter().zip(&meant) {
        match (st, m) {
            (PlanStatus::Completed, Some(t)) if *t < remaining => {
                if !finished.contains(t) {
                    let task = tasks[*t];
                    change
                        .done
                        .push(task.id().map_or_else(|| task.text.clone(), str::to_string));
                    finished.push(*t);
                }
            }
            (_, Some(_)) => {}
            (st, None) => {
                if !change.plan.iter().any(|p| p.text == *text) {
                    change.plan.push(crate::store::PlanItem {
                        text: text.clone(),
                        status: *st,
                    });
                }
            }
        }
    }
    let next = doc.next_action.as_deref().unwrap_or("");
    let names = |t: &Task| match t.id() {
        Some(id) => mentions_id(next, id),
        None => {
            let words = t.text.split_whitespace().collect::<Vec<_>>().join(" ");
            next.to_lowercase().contains(&words.to_lowercase())
        }
    };
    if !next.is_empty() && finished.iter().any(|&t| names(tasks[t])) {
        // The open item's todo when it means one still open, else its own words.
        let open = |s: PlanStatus| {
            items.iter().zip(&meant).find_map(|((text, st), m)| {
                if *st != s {
                    return None;
                }
                match m {
                    Some(t) if *t < remaining && !finished.contains(t) => {
                        Some(tasks[*t].text.clone())
                    }
                    Some(_) => None,
                    None => Some(text.clone()),
                }
            })
        };
        change.next = open(PlanStatus::InProgress)
            .or_else(|| open(PlanStatus::Pending))
            .or_else(|| {
                (0..remaining)
                    .find(|t| !finished.contains(t))
                    .map(|t| tasks[t].text.clone())
            })
            .map(|t| format!("continue with {t}"));
    }
    change
}

use crate::human::cut;

/// At most `cap` bytes of the file at `path`, or `None`.
fn read_capped(path: &Path, cap: u64) -> Option<Vec<u8>> {
    use std::io::Read as _;
    let mut buf = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(cap)
        .read_to_end(&mut buf)
        .ok()?;
    Some(buf)
}

/// FNV-1a, 64 bits: a stable fingerprint of the moved state (not for security).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The per-session state a hook keeps between events.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
struct State {
    /// A compaction dropped the brief; give it at the next prompt.
    #[serde(default)]
    brief_owed: bool,
    /// The model's last message, for the next hook revision's journal entry.
    #[serde(default)]
    last_message: Option<String>,
    /// Fingerprint of the user's prompt (Gemini CLI AfterAgent `prompt`) during whose agent
    /// loop the nudge was given; cleared by the next prompt of the user (BeforeAgent).
    #[serde(default)]
    nudged_prompt: Option<String>,
}

/// A fingerprint (16 hex digits) of a story's unsaved state as the nudge sees it: the confirmed
/// revision `base` it measures from, HEAD, each moved path of `files` with its index entry's
/// blob (from `index_ids` when the scan was git's, else from the index) and its work-tree size
/// and modification time (git's own way of telling a file changed without reading it), and
/// `plan`, the [`plan_print`] of the tip. Not the tip itself: a hook revision that changes no
/// section (a session's end) is no new state.
///
/// # Errors
/// [`Error::Git`] when HEAD cannot be read.
fn state_print(
    store: &Store,
    base: &Revision,
    files: &[String],
    index_ids: Option<&crate::gitstate::IndexIds>,
    plan: u64,
) -> Result<String> {
    use gix::bstr::ByteSlice as _;
    use std::fmt::Write as _;
    let head = crate::gitstate::head(store)?.head;
    let mut text = format!("{}\n{head:?}\n", base.summary.commit);
    // The scan's own answer when git gave it: a large index is not read again.
    let index = match index_ids {
        Some(_) => None,
        None => store.repo().index_or_empty().ok(),
    };
    for f in files.iter().take(10_000) {
        let _ = write!(text, "{f}");
        let id = match index_ids {
            Some(ids) => ids.get(f).copied(),
            None => index
                .as_ref()
                .and_then(|i| i.entry_by_path(f.as_bytes().as_bstr()))
                .map(|e| e.id),
        };
        if let Some(id) = id {
            let _ = write!(text, " {id}");
        }
        if let Some(m) = store
            .workdir()
            .and_then(|w| std::fs::symlink_metadata(w.join(f)).ok())
        {
            let mtime = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            let _ = write!(text, " {} {mtime}", m.len());
        }
        text.push('\n');
    }
    let _ = writeln!(text, "{plan:016x}");
    Ok(format!("{:016x}", fnv1a(text.as_bytes())))
}

/// A fingerprint of `tip`'s plan (its tasks, next action and the agent's own plan), for
/// [`state_print`]: the document parsed.
fn plan_print(store: &Store, tip: &Revision) -> u64 {
    use std::fmt::Write as _;
    let mut text = String::new();
    let doc = crate::formats::parse_revision(store, tip).doc;
    for t in doc.tasks_remaining.iter().chain(&doc.tasks_done) {
        let _ = writeln!(text, "{} {}", t.done, t.text);
    }
    let _ = writeln!(text, "{:?}", doc.next_action);
    for p in &tip.meta.agent_plan {
        let _ = writeln!(text, "{:?} {}", p.status, p.text);
    }
    fnv1a(text.as_bytes())
}

/// What the stop-time nudge last asked about, per story, kept as the target of the symlink
/// `<git dir>/checkpoint-hooks/nudged-<story hash>` (per work tree, as the state is; removed
/// with the session files after 7 days): `<print>.<tip>.<plan>`, see [`Nudged`]. Never
/// followed: only read with readlink(2).
///
/// A symlink, not a file: replacing a file by renaming a new one over it makes ext4 write the
/// new file's data out first (`auto_da_alloc`, ext4(5)), about 170 us of each nudge here; a
/// symlink's few bytes live in its inode (under 60 bytes: ext4's inline symlinks), and renaming
/// it over the last one is as atomic. Where symlinks are not made (not Unix), a file holds the
/// same text.
struct NudgeMemory {
    path: PathBuf,
    story: String,
}

/// The state the last nudge about a story was about.
struct Nudged {
    /// The [`NudgeMemory::fingerprint`] of the state's [`state_print`].
    print: String,
    /// The tip's commit then, its first 16 hex digits.
    tip: String,
    /// That tip's [`plan_print`]: not parsed again while the tip stays.
    plan: u64,
}

impl NudgeMemory {
    fn of(store: &Store, story: &StoryId) -> NudgeMemory {
        let name = format!("nudged-{:016x}", fnv1a(story.as_str().as_bytes()));
        NudgeMemory {
            path: Session::dir(store).join(name),
            story: story.as_str().to_string(),
        }
    }

    /// The memory of the state `print`: the story is hashed in too, so a hash collision of two
    /// story ids in the name is not taken for a memory of the other story.
    fn fingerprint(&self, print: &str) -> String {
        format!(
            "{:016x}",
            fnv1a(format!("{}\n{print}\n", self.story).as_bytes())
        )
    }

    /// What the last nudge about this story was about; `None` when none is remembered (or in
    /// a form this version does not read).
    fn recall(&self) -> Option<Nudged> {
        #[cfg(unix)]
        let text = std::fs::read_link(&self.path)
            .ok()?
            .into_os_string()
            .into_string()
            .ok()?;
        #[cfg(not(unix))]
        let text = String::from_utf8(read_capped(&self.path, 64)?).ok()?;
        let mut parts = text.split('.');
        let (Some(print), Some(tip), Some(plan), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        Some(Nudged {
            print: print.to_string(),
            tip: tip.to_string(),
            plan: u64::from_str_radix(plan, 16).ok()?,
        })
    }

    /// Records `nudged` as the state last nudged about; a failure is ignored (the memory only
    /// saves the model a repeated nudge).
    fn remember(&self, nudged: &Nudged) {
        let text = format!("{}.{}.{:016x}", nudged.print, nudged.tip, nudged.plan);
        #[cfg(unix)]
        {
            let Some(dir) = self.path.parent() else {
                return;
            };
            if std::fs::create_dir_all(dir).is_err() {
                return;
            }
            // An exclusively made name (symlink(2) fails on an existing one), then renamed over
            // the last memory; removed when the rename fails.
            if let Ok(link) = tempfile::Builder::new()
                .prefix(".tmp")
                .make_in(dir, |p| std::os::unix::fs::symlink(&text, p))
            {
                let _ = link.persist(&self.path);
            }
        }
        #[cfg(not(unix))]
        write_atomic(&self.path, &text);
    }
}

/// Writes `text` to `path` beside, then renamed, creating its directory; failures are ignored
/// (callers keep only what saves the model a repeated brief or nudge).
fn write_atomic(path: &Path, text: &str) {
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    if let Ok(mut tmp) = tempfile::NamedTempFile::new_in(dir) {
        use std::io::Write as _;
        if tmp.write_all(text.as_bytes()).is_ok() {
            let _ = tmp.persist(path);
        }
    }
}

/// [`State`] and where it is kept.
struct Session {
    path: Option<PathBuf>,
    state: State,
    loaded: Option<String>,
}

impl Session {
    fn dir(store: &Store) -> PathBuf {
        store.git_dir().join("checkpoint-hooks")
    }

    fn load(store: &Store, agent: Agent, p: &Payload) -> Session {
        let id: String = p
            .session_id
            .as_deref()
            .unwrap_or("default")
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .take(80)
            .collect();
        let path = Session::dir(store).join(format!("{}-{id}.json", agent.name()));
        let text = read_capped(&path, 64 * 1024).and_then(|b| String::from_utf8(b).ok());
        let state = text
            .as_deref()
            .and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_default();
        Session {
            path: Some(path),
            state,
            loaded: text,
        }
    }

    /// Writes the state when it changed (beside, then renamed); failures are ignored: the
    /// state only saves the model a repeated brief or nudge.
    fn save(&self) {
        let Some(path) = &self.path else { return };
        let Ok(text) = serde_json::to_string(&self.state) else {
            return;
        };
        if self.loaded.as_deref() == Some(text.as_str()) {
            return;
        }
        write_atomic(path, &text);
    }

    fn remove(&self) {
        if let Some(p) = &self.path {
            let _ = std::fs::remove_file(p);
        }
    }

    /// Removes state files of sessions not seen for [`SESSION_MAX_AGE`].
    fn prune(&self) {
        let Some(dir) = self.path.as_deref().and_then(Path::parent) else {
            return;
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let now = std::time::SystemTime::now();
        for e in entries.flatten().take(10_000) {
            let old = e
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| now.duration_since(t).ok())
                .is_some_and(|d| d.as_secs() > SESSION_MAX_AGE);
            if old {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Document, Task};

    fn task(t: &str) -> Task {
        Task {
            text: t.into(),
            done: false,
        }
    }

    #[test]
    fn payloads_of_each_agent_are_read_and_bad_ones_are_empty() {
        let p = Payload::parse(br#"{"cwd":"/r","session_id":"s1","stop_hook_active":true,"last_assistant_message":"done"}"#);
        assert_eq!(p.cwd, Some(PathBuf::from("/r")));
        assert!(p.stop_hook_active);
        assert_eq!(p.last_message.as_deref(), Some("done"));
        let c =
            Payload::parse(br#"{"workspace_roots":["/w"],"conversation_id":"c","loop_count":1}"#);
        assert_eq!(c.cwd, Some(PathBuf::from("/w")));
        assert_eq!(c.session_id.as_deref(), Some("c"));
        assert_eq!(c.loop_count, 1);
        let bad = Payload::parse(b"not json {");
        assert!(bad.cwd.is_none() && !bad.stop_hook_active);
    }

    #[test]
    fn a_completed_plan_item_finishes_its_todo_and_moves_the_next_action() {
        let doc = Document {
            tasks_remaining: vec![task("T1 — write the form"), task("T2 — wire the API")],
            next_action: Some("start T1: write the form component".into()),
            ..Document::default()
        };
        let items = vec![
            ("T1 — write the form".to_string(), PlanStatus::Completed),
            ("T2 — wire the API".to_string(), PlanStatus::InProgress),
            ("Run the linter".to_string(), PlanStatus::Pending),
        ];
        let c = plan_change(&doc, &items);
        assert_eq!(c.done, vec!["T1"]);
        assert_eq!(
            c.plan,
            vec![crate::store::PlanItem {
                text: "Run the linter".into(),
                status: PlanStatus::Pending
            }]
        );
        assert_eq!(c.next.as_deref(), Some("continue with T2 — wire the API"));
        // Matched by words when the plan drops the id; T10 is not T1.
        let by_words = plan_change(
            &doc,
            &[("Write the   FORM".to_string(), PlanStatus::Completed)],
        );
        assert_eq!(by_words.done, vec!["T1"]);
        assert!(!mentions_id("start T10 now", "T1"));
        assert!(mentions_id("start T1: x", "T1"));
        // A plan that only repeats the document changes nothing.
        let same = plan_change(&doc, &[("T2 — wire the API".into(), PlanStatus::Pending)]);
        assert_eq!(same, PlanChange::default());
    }

    #[test]
    fn plan_items_come_from_each_agents_tool() {
        let p = |tool: &str, input: Value| Payload {
            tool_name: Some(tool.into()),
            tool_input: input,
            ..Payload::default()
        };
        // (agent, the plan tool called, its input, the items read from it)
        let cases = [
            (
                Agent::Codex,
                "update_plan",
                serde_json::json!({"plan":[{"step":"T1","status":"completed"},{"step":"x","status":"weird"}]}),
                &[("T1", PlanStatus::Completed)][..],
            ),
            (
                Agent::Gemini,
                "write_todos",
                serde_json::json!({"todos":[{"description":"a","status":"cancelled"},{"description":"b","status":"pending"}]}),
                &[("b", PlanStatus::Pending)],
            ),
            (
                Agent::Claude,
                "TodoWrite",
                serde_json::json!({"todos":[{"content":"c","status":"in_progress"}]}),
                &[("c", PlanStatus::InProgress)],
            ),
            // Another agent's tool is not a plan.
            (
                Agent::Codex,
                "TodoWrite",
                serde_json::json!({"todos":[{"content":"c","status":"in_progress"}]}),
                &[],
            ),
        ];
        for (agent, tool, input, want) in cases {
            let want: Vec<_> = want.iter().map(|&(t, s)| (t.to_string(), s)).collect();
            assert_eq!(plan_items(agent, &p(tool, input)), want, "{agent:?} {tool}");
        }
    }
}
