//! What each MCP tool does, as plain functions: parameters in (deserialized from the call's
//! arguments, described to the client by their JSON Schema), a [`Reply`] or the library's
//! typed error out. They call the operations in [`crate::ops`], never the binary, and know
//! nothing of the protocol: `super::server` turns a [`Reply`] into a tool result and an
//! error into a tool error carrying the CLI's one-line message.
//!
//! Each reply's structured part is the document the matching `--json` command prints (the
//! schemas in docs/json-schema/v1/), wrapped in an object where the command prints an array;
//! except `resume`'s, a short summary (mcp-resume.schema.json) unless the client asks for the
//! full document: clients pass the structured part on to the model, and cut long ones.
//!
//! Every reply reaches the model through [`Reply::for_model`]: control characters escaped in
//! the text and in every string of the structured part (as human output escapes them), and the
//! whole reply held to [`REPLY_MAX_CHARS`].

use crate::error::{Error, Result};
use crate::json;
use crate::ops::{self, locate, save, status};
use crate::store::Store;
use schemars::JsonSchema;
use serde::Deserialize;
use std::path::Path;

/// A tool's answer: text for the model to read and the structured document.
#[derive(Debug, Clone)]
pub struct Reply {
    /// What the model reads first: the brief for `resume`, a short report otherwise.
    pub text: String,
    /// The JSON document (always an object), as the matching `--json` command prints it.
    pub structured: serde_json::Value,
    /// Whether the result also carries the structured part as a second text block (the MCP
    /// specification's fallback for clients that read no structured content). `resume`'s
    /// brief reply has none: Gemini CLI hands the model every text block, and the brief
    /// would come twice (16 KB where the budget is 8,000 characters).
    pub json_block: bool,
}

impl Reply {
    /// A reply whose text is `text` and whose structured part is `doc` serialized.
    fn new(text: String, doc: &impl serde::Serialize) -> Result<Reply> {
        let structured = serde_json::to_value(doc)
            .map_err(|e| Error::Io(std::io::Error::other(e.to_string())))?;
        Ok(Reply {
            text,
            structured,
            json_block: true,
        })
    }
}

/// The most characters one reply holds, counted on all the model reads of it: the text and the
/// structured part as JSON text (the structured content itself is the same document, which a
/// client reads instead of that text). About 20,000 tokens: under the 25,000 past which Claude
/// Code refuses a tool's result (`MAX_MCP_OUTPUT_TOKENS`, Claude Code docs "MCP output
/// limits"), with room for JSON's denser tokens.
pub const REPLY_MAX_CHARS: usize = 80_000;

/// No string of the structured part is cut below this many characters: ids, refs, dates and
/// story names stay whole.
const STRING_FLOOR: usize = 256;

fn chars(s: &str) -> usize {
    s.chars().count()
}

use crate::human::cut;

/// `v` with each string value passed through `f` (object keys are ours and kept).
fn map_strings(v: &serde_json::Value, f: &dyn Fn(&str) -> String) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::String(s) => Value::String(f(s)),
        Value::Array(a) => Value::Array(a.iter().map(|x| map_strings(x, f)).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), map_strings(x, f)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// `v` with each array holding at most `items` elements.
fn cut_arrays(v: &serde_json::Value, items: usize) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Array(a) => {
            Value::Array(a.iter().take(items).map(|x| cut_arrays(x, items)).collect())
        }
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), cut_arrays(x, items)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The longest string and the longest array in `v`.
fn longest(v: &serde_json::Value) -> (usize, usize) {
    use serde_json::Value;
    match v {
        Value::String(s) => (chars(s), 0),
        Value::Array(a) => a
            .iter()
            .map(longest)
            .fold((0, a.len()), |(s, n), (s2, n2)| (s.max(s2), n.max(n2))),
        Value::Object(o) => o
            .values()
            .map(longest)
            .fold((0, 0), |(s, n), (s2, n2)| (s.max(s2), n.max(n2))),
        _ => (0, 0),
    }
}

/// The largest `n` in `lo..=hi` for which `fits(n)`, `lo` when none (`fits` grows false with
/// `n`).
fn largest(lo: usize, hi: usize, fits: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (lo, hi);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

impl Reply {
    /// This reply as the model may read it. Control characters and bidirectional formatting
    /// characters are escaped ([`crate::human::escape_controls`]: `\x1b`, `\u{202e}`) in the
    /// text and in every string of the structured part. Then the whole reply (the text plus
    /// twice the structured part as JSON) is held to `max` characters: the structured part's
    /// longest strings are cut first (a teammate's outsized title or next action are those;
    /// never below [`STRING_FLOOR`]), then its longest arrays, then the text; a reply that was
    /// cut says so at the end of its text.
    pub fn for_model(self, max: usize) -> Reply {
        let escape = |s: &str| crate::human::escape_controls(s);
        let text = escape(&self.text);
        let structured = map_strings(&self.structured, &escape);
        let size = |v: &serde_json::Value| chars(&v.to_string());
        if chars(&text) + size(&structured) <= max {
            return Reply {
                text,
                structured,
                json_block: self.json_block,
            };
        }
        let note = format!(
            "\n… cut to stay within {max} characters (a long string ends in …); ask for less: a story, a smaller max_chars, no full"
        );
        // The structured part gets what the text leaves, the text at least half.
        let room = max.saturating_sub(chars(&text).min(max / 2) + chars(&note));
        let mut structured = structured;
        if size(&structured) > room {
            // Nothing longer than the room survives anyway: cut at once, then search.
            let v = map_strings(&structured, &|s: &str| cut(s, room.max(STRING_FLOOR)));
            let floored = map_strings(&v, &|s: &str| cut(s, STRING_FLOOR));
            structured = if size(&floored) > room {
                floored
            } else {
                let (long, _) = longest(&v);
                let fits = |n: usize| size(&map_strings(&v, &|s: &str| cut(s, n))) <= room;
                let n = largest(STRING_FLOOR, long.max(STRING_FLOOR), fits);
                map_strings(&v, &|s: &str| cut(s, n))
            };
        }
        if size(&structured) > room {
            let v = structured;
            let (_, items) = longest(&v);
            let n = largest(0, items, |n| size(&cut_arrays(&v, n)) <= room);
            structured = cut_arrays(&v, n);
        }
        let left = max.saturating_sub(size(&structured) + chars(&note));
        let mut text = cut(&text, left);
        text.push_str(&note);
        Reply {
            text,
            structured,
            json_block: self.json_block,
        }
    }
}

/// An error's text as a tool error carries it: the CLI's one-line message, control characters
/// escaped, at most [`REPLY_MAX_CHARS`].
pub fn error_text(e: &Error) -> String {
    cut(
        &crate::human::escape_controls(&format!("error: {}", e.chain())),
        REPLY_MAX_CHARS,
    )
}

/// Opens the repository that holds `dir` (the client's root, else the server's directory).
fn open(dir: &Path) -> Result<Store> {
    Store::discover(dir)
}

/// `resume`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResumeParams {
    /// Story id (`313`, `#313`, `ABC-12`), or `REMOTE/STORY` for a remote's fetched copy.
    /// Default: GIT_CHECKPOINT_STORY, the branch name, the worktree's current story, then the
    /// one checkpoint recorded on the current branch.
    #[serde(default)]
    pub story: Option<String>,
    /// Keep the brief within this many characters (default: checkpoint.hookBudget, 8000).
    #[serde(default)]
    pub max_chars: Option<usize>,
    /// Return the whole checkpoint (the document `git checkpoint resume --json` prints) as the
    /// structured result instead of the short summary. Large for a long story.
    #[serde(default)]
    pub full: bool,
}

/// `resume`: the budgeted, fenced brief the SessionStart hook injects (within `max_chars`,
/// default checkpoint.hookBudget) as text; as structured result the short summary
/// ([`json::ResumeBrief`]: story, revision, commit, next action, counts, gaps, warnings and the
/// brief), or with `full` the state as `resume --json` prints it.
///
/// # Errors
/// Repository, story and storage errors, as `resume`; [`Error::BudgetTooSmall`] when an
/// explicit `max_chars` cannot hold the start command.
pub fn resume(dir: &Path, p: &ResumeParams) -> Result<Reply> {
    let store = open(dir)?;
    resume_within(&store, p)
}

/// [`resume`] on an open `store`.
fn resume_within(store: &Store, p: &ResumeParams) -> Result<Reply> {
    let report = ops::resume::resume(
        store,
        &ops::resume::Options {
            story: p.story.as_deref(),
            brief: Some(match p.max_chars {
                Some(n) => ops::resume::BriefBudget::Chars(n),
                None => ops::resume::BriefBudget::Configured,
            }),
            ..ops::resume::Options::default()
        },
    )?;
    let mut text = report
        .brief
        .as_ref()
        .map(|b| b.text.clone())
        .unwrap_or_default();
    if let Some(e) = &report.not_fetched {
        text.push_str(&format!(
            "\nwarning: checkpoint.autoSync: not fetched: {}",
            e.chain()
        ));
    }
    if p.full {
        return Reply::new(text, &json::Checkpoint::resumed(&report));
    }
    let mut reply = Reply::new(text, &json::ResumeBrief::new(&report))?;
    reply.json_block = false;
    Ok(reply)
}

/// `save`'s arguments: the content flags of `git checkpoint save`, `document` for `-F`, and
/// `expect`. Not offered: `--edit` (no terminal), `-F FILE` and `--journal` (pass the text),
/// `--allow-secret` (a person's decision after checking the content: run the CLI).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveParams {
    /// Story id (`313`, `#313`, `ABC-12`); default: GIT_CHECKPOINT_STORY, then the branch name,
    /// then the worktree's current story. Never invent one: ask the user.
    #[serde(default)]
    pub story: Option<String>,
    /// The document fields to set or add to (`title`, `goal`, `done`, `todo`, ...).
    #[serde(flatten)]
    pub fields: save::Fields,
    /// Write with this template (pair, team, pm, gstack, or a custom one).
    #[serde(default)]
    pub template: Option<String>,
    /// This revision's journal entry (its first line becomes the commit subject).
    #[serde(default)]
    pub message: Option<String>,
    /// Replace the whole document with this markdown (as `save -F`); no content field may
    /// be given with it.
    #[serde(default)]
    pub document: Option<String>,
    /// Refuse to save unless the tip is this revision (its number or commit id, as `resume`
    /// and `log` report them): pass the revision you read, so a save made since is not
    /// overwritten.
    #[serde(default)]
    pub expect: Option<String>,
    /// Render the document that would be written and write nothing (`save --print`).
    #[serde(default)]
    pub print: bool,
}

impl SaveParams {
    /// The save these arguments ask for.
    pub fn options(&self) -> save::Options {
        save::Options {
            fields: self.fields.clone(),
            template: self.template.clone(),
            message: self.message.clone(),
            text: self.document.clone(),
            expect: self.expect.clone(),
            ..save::Options::default()
        }
    }
}

/// `save`: writes a revision (or with `print`, renders one); the structured part is what
/// `save --json` prints.
///
/// # Errors
/// As `save`: story, option, template, identity, size, lock, secret ([`Error::Secret`], the
/// CLI's message) and storage errors, and [`Error::Moved`]; nothing is written on
/// error.
pub fn save(dir: &Path, p: &SaveParams) -> Result<Reply> {
    let store = open(dir)?;
    let (story, found) = save::story(&store, p.story.as_deref())?;
    let request = save::Request {
        story,
        found,
        options: p.options(),
        print: p.print,
        auto_sync: ops::AutoSync::Configured,
    };
    let written = match save::run(&store, &request, None)? {
        save::Report::Printed { story, preview, .. } => {
            let doc = json::Save::printed(&story, &preview);
            return Reply::new(preview.text, &doc);
        }
        save::Report::Written(w) => w,
    };
    let shown = written.shown();
    let saved = &written.saved;
    let mut text = format!(
        "Saved story {} as revision {} ({}) on {}.",
        shown.display(),
        saved.revision.number(),
        &saved.commit.to_string()[..12],
        saved.refname
    );
    let mut warnings: Vec<String> = saved
        .parsed
        .gaps
        .iter()
        .map(|g| format!("gap: {g}"))
        .collect();
    if let Some(next) = saved.parsed.doc.next_action.as_deref() {
        warnings.extend(written.next_names_done.iter().map(|id| {
            format!("the next action still names {id}, which this save marked done: \"{next}\"; set the real next step with next")
        }));
    }
    warnings.extend(saved.held.iter().map(ToString::to_string));
    if let Some(why) = &saved.continued {
        warnings.push(why.clone());
    }
    if let Some(why) = &saved.no_note {
        warnings.push(format!("no note written: {why}"));
    }
    if let Some(e) = &written.not_pushed {
        warnings.push(format!("checkpoint.autoSync: not pushed: {}", e.chain()));
    }
    for w in &warnings {
        text.push_str(&format!("\nwarning: {w}"));
    }
    let doc = json::Save::written(&written.story, saved);
    Reply::new(text, &doc)
}

/// `done`'s arguments. Not offered: `--purge` (deleting a story for good is a person's
/// decision: run the CLI) and `--allow-secret`.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DoneParams {
    /// Story id; default: GIT_CHECKPOINT_STORY, the branch name, then the worktree's current
    /// story. Never invent one: ask the user.
    #[serde(default)]
    pub story: Option<String>,
    /// Journal text of the final revision (its first line becomes the commit subject).
    #[serde(default)]
    pub message: Option<String>,
    /// Finish even while todos or "Done when" checks are open.
    #[serde(default)]
    pub force: bool,
}

/// `done`: finishes and archives the story; the structured part is what `done --json` prints.
///
/// # Errors
/// As `done`: story, identity, lock, secret and storage errors, [`Error::NotDone`] with the
/// open items; refs are untouched on error.
pub fn done(dir: &Path, p: &DoneParams) -> Result<Reply> {
    let store = open(dir)?;
    let (story, found) = ops::done::story(&store, p.story.as_deref())?;
    let report = ops::done::done(
        &store,
        ops::done::Request {
            story,
            found,
            action: ops::done::Action::Finish(ops::done::Options {
                message: p.message.as_deref(),
                force: p.force,
                allow_secret: false,
            }),
        },
    )?;
    let text = match &report {
        ops::done::Report::Finished { finished, .. } => format!(
            "Story {} done: archived at {} (revision {}).",
            finished.shown, finished.refname, finished.revision
        ),
        ops::done::Report::Purged { refs, .. } => format!("Purged {}.", refs.join(", ")),
    };
    Reply::new(text, &json::Done::new(&report))
}

/// `list`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListParams {
    /// Every branch's checkpoints, not only the current branch's.
    #[serde(default)]
    pub all: bool,
    /// Finished stories (refs/checkpoints-archive/) instead of active ones.
    #[serde(default)]
    pub archived: bool,
    /// A remote's checkpoints as last fetched.
    #[serde(default)]
    pub remote: Option<String>,
}

/// The structured part of `list`: the array `list --json` prints, in an object.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ListReply {
    /// The entries of `list --json`, newest first.
    pub checkpoints: json::List,
    /// How many checkpoints the namespace holds before the current-branch filter.
    pub total: usize,
    /// Refs set aside (not ours, or unreadable), one warning each.
    pub ignored: Vec<String>,
}

/// `list`: the checkpoints, as `list --json` prints them.
///
/// # Errors
/// Repository and storage errors; an unknown remote.
pub fn list(dir: &Path, p: &ListParams) -> Result<Reply> {
    let store = open(dir)?;
    let opts = ops::list::Options {
        all: p.all,
        archived: p.archived,
        remote: p.remote.clone(),
        next_actions: true,
    };
    let listing = ops::list::list(&store, &opts)?;
    let checkpoints = json::list(&listing);
    let mut text = String::new();
    for e in &checkpoints {
        text.push_str(&format!(
            "{}  {}  {}/{} done  revision {}  {}  {}\n",
            e.header.story, e.branch, e.tasks_done, e.tasks_total, e.revision, e.status, e.title
        ));
    }
    let hidden = listing.total - checkpoints.len();
    if checkpoints.is_empty() {
        text.push_str("no checkpoints here; start one with the save tool\n");
    }
    if hidden > 0 {
        text.push_str(&format!(
            "({hidden} on other branches; all: true lists them)\n"
        ));
    }
    Reply::new(
        text.trim_end().to_string(),
        &ListReply {
            checkpoints,
            total: listing.total,
            ignored: listing.ignored,
        },
    )
}

/// `log`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogParams {
    /// Story id, or `REMOTE/STORY`; default as for `resume`.
    #[serde(default)]
    pub story: Option<String>,
    /// Read a finished story from refs/checkpoints-archive/.
    #[serde(default)]
    pub archived: bool,
}

/// `log`: the story's revisions, newest first, as `log --json` prints them.
///
/// # Errors
/// Repository, story and storage errors.
pub fn log(dir: &Path, p: &LogParams) -> Result<Reply> {
    let store = open(dir)?;
    let (at, _) = locate::locate_for_read(&store, p.story.as_deref(), "log", p.archived)?;
    let options = ops::log::Options {
        at,
        completed: false,
    };
    let log = ops::log::log(&store, options)?;
    let doc = json::LogRevisions::new(&log.story, &log.refname, &log.history).with_cuts(&log.cuts);
    let mut text = String::new();
    for r in &doc.revisions {
        text.push_str(&format!(
            "revision {} {} {} {}/{} done: {}\n",
            r.revision,
            &r.commit[..12],
            r.date,
            r.tasks_done,
            r.tasks_total,
            r.message
        ));
    }
    Reply::new(text.trim_end().to_string(), &doc)
}

/// `diff`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiffParams {
    /// Story id, or `REMOTE/STORY`; default as for `resume`.
    #[serde(default)]
    pub story: Option<String>,
    /// The old revision (number or commit id); default: the new one's parent.
    #[serde(default)]
    pub from: Option<String>,
    /// The new revision (number or commit id); default: the tip.
    #[serde(default)]
    pub to: Option<String>,
    /// Read a finished story from refs/checkpoints-archive/.
    #[serde(default)]
    pub archived: bool,
}

/// `diff`: what changed between two revisions, as `diff --json` prints it; the text is the
/// unified diff of the documents.
///
/// # Errors
/// Repository, story, revision and storage errors.
pub fn diff(dir: &Path, p: &DiffParams) -> Result<Reply> {
    let store = open(dir)?;
    let (at, _) = locate::locate_for_read(&store, p.story.as_deref(), "diff", p.archived)?;
    let compared = ops::diff::diff(&store, &at, p.from.as_deref(), p.to.as_deref())?;
    let doc = json::Diff::new(&compared);
    let text = if doc.unified_diff.is_empty() {
        "No changes.".to_string()
    } else {
        doc.unified_diff.clone()
    };
    Reply::new(text, &doc)
}

/// `status`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatusParams {
    /// Story id; default as for `resume`.
    #[serde(default)]
    pub story: Option<String>,
    /// Stale when older than this (90s, 30m, 2h, 1d, 1w); default: checkpoint.maxAge.
    #[serde(default)]
    pub max_age: Option<String>,
    /// Stale when HEAD moved more than this many commits; default: checkpoint.maxCommits.
    #[serde(default)]
    pub max_commits: Option<u64>,
}

/// `status`: how old the checkpoint is and how far the code moved, as `status --json`
/// prints it (a stale checkpoint is an answer, not an error).
///
/// # Errors
/// Repository, story and storage errors; a malformed `max_age`.
pub fn status(dir: &Path, p: &StatusParams) -> Result<Reply> {
    let store = open(dir)?;
    let (story, _) = locate::resolve_story(&store, p.story.as_deref(), "status", true)?;
    let limits = status::Limits::configured(&store, p.max_age.as_deref(), p.max_commits)?;
    let st = status::status(&store, &story, &limits)?;
    let text = match &st {
        None => format!(
            "{}: no checkpoint yet; save one with the save tool",
            story.display()
        ),
        Some(st) if st.reasons.is_empty() => format!(
            "{}: fresh (revision {})",
            st.story.display(),
            st.revision.number()
        ),
        Some(st) => format!(
            "{}: stale: {}; save the checkpoint",
            st.story.display(),
            st.reasons.join("; ")
        ),
    };
    Reply::new(text, &json::Status::new(&story, st.as_ref(), &limits))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Control characters are escaped in the text and the structured strings, and a reply of
    /// megabytes is held to the cap, its longest strings cut first, ids kept whole.
    #[test]
    fn replies_are_escaped_and_capped_on_the_whole_text() {
        let commit = "a".repeat(40);
        let reply = Reply {
            text: "title \u{1b}[31mred\u{202e}".into(),
            structured: serde_json::json!({"title": "\u{1b}[31m\u{9b}x\u{202e}", "commit": commit}),
            json_block: true,
        }
        .for_model(REPLY_MAX_CHARS);
        assert_eq!(reply.text, "title \\x1b[31mred\\u{202e}");
        assert_eq!(reply.structured["title"], "\\x1b[31m\\u{9b}x\\u{202e}");
        let huge = "x".repeat(2_000_000);
        let reply = Reply {
            text: huge.clone(),
            structured: serde_json::json!({
                "commit": commit,
                "title": huge,
                "tasks": vec!["y".repeat(300); 10_000],
                "brief": "b".repeat(5000),
            }),
            json_block: true,
        }
        .for_model(REPLY_MAX_CHARS);
        let total = chars(&reply.text) + chars(&reply.structured.to_string());
        assert!(total <= REPLY_MAX_CHARS, "{total}");
        assert_eq!(reply.structured["commit"], commit.as_str());
        assert!(reply.structured["title"].as_str().unwrap().ends_with('…'));
        assert!(reply.text.ends_with("no full"), "the cut is said");
    }

    /// The flattened document fields are read, an unknown name is still refused, and the
    /// schema a client sees lists the fields and admits nothing else.
    #[test]
    fn save_params_take_the_shared_fields_and_refuse_unknown_names() {
        let p: SaveParams =
            serde_json::from_str(r#"{"story":"S-1","todo":["T1 — a"],"next":"b","print":true}"#)
                .expect("valid parameters");
        assert_eq!(p.fields.todo, ["T1 — a"]);
        assert_eq!(p.fields.next.as_deref(), Some("b"));
        assert!(p.print);
        let err = serde_json::from_str::<SaveParams>(r#"{"todo":["a"],"todos":["b"]}"#)
            .expect_err("an unknown field");
        assert!(err.to_string().contains("todos"), "{err}");
        let schema = serde_json::to_value(schemars::schema_for!(SaveParams)).expect("schema");
        assert_eq!(schema["additionalProperties"], false, "{schema}");
        for name in [
            "story",
            "title",
            "done_when",
            "question",
            "document",
            "expect",
        ] {
            assert!(
                schema["properties"].get(name).is_some(),
                "{name} in {schema}"
            );
        }
    }
}
