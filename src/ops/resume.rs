//! The `resume` use case, for every front end (the CLI's `resume`, the MCP `resume` tool):
//! fetch first when auto-sync is on, locate the story, read the revision, parse it, and say
//! what moved on since it was saved (another branch, new commits, an old checkpoint); with a
//! budget, also the brief an agent reads. Nothing is printed here and nothing is read from a
//! terminal: the front ends render the [`Report`].

use super::locate::{self, Found, Located};
use super::prompt::{self, Brief};
use super::AutoSync;
use crate::error::{Error, Result};
use crate::gitstate;
use crate::human::{count, relative_time};
use crate::model::Parsed;
use crate::store::{Revision, Store};
use crate::story::StoryId;

/// What to resume (the arguments of `resume` and of the MCP tool).
#[derive(Debug, Clone, Default)]
pub struct Options<'a> {
    /// Story id, or `REMOTE/STORY` for a remote's fetched copy; `None`: detected as
    /// [`locate::locate_for_read`] does.
    pub story: Option<&'a str>,
    /// An older revision: its number or commit id (see `log`); `None`: the tip.
    pub rev: Option<&'a str>,
    /// Read a finished story from refs/checkpoints-archive/.
    pub archived: bool,
    /// Fetch from the default remote first (best effort, see [`Report::not_fetched`]).
    pub auto_sync: AutoSync,
    /// Also write the brief an agent reads, within this budget (see [`Report::brief`]).
    pub brief: Option<BriefBudget>,
}

/// How many characters the brief of [`Options::brief`] may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BriefBudget {
    /// `checkpoint.hookBudget` (default 8000), the SessionStart hook's budget; when what is
    /// never cut (next action, start command, todo ids) alone exceeds it, the brief holds just
    /// that, as the hook's does.
    Configured,
    /// At most this many characters; [`Error::BudgetTooSmall`] when they cannot hold what is
    /// never cut (as `prompt --max-chars`).
    Chars(usize),
}

/// A resumed checkpoint, as [`resume`] returns it.
#[derive(Debug)]
pub struct Report {
    /// Where the story's checkpoint was found (the ref and its tip).
    pub located: Located,
    /// How the story was found when it was not given.
    pub found: Found,
    /// The story, shown as the user typed it when first saved.
    pub story: StoryId,
    /// The revision read (the tip, or the one asked for).
    pub revision: Revision,
    /// Its document, parsed with its template: confidence, gaps, ignored sections.
    pub parsed: Parsed,
    /// What moved on since the save ([`warnings`]), one sentence each.
    pub warnings: Vec<String>,
    /// Why the auto-sync fetch failed, when it ran and failed (the checkpoint was read from
    /// what the repository already had).
    pub not_fetched: Option<Error>,
    /// The brief (fenced, control characters escaped), when [`Options::brief`] asked for one.
    pub brief: Option<Brief>,
}

/// Resumes the story `options` names: fetches first when auto-sync is on (a failure is kept
/// in [`Report::not_fetched`]), locates the story, reads and parses the revision, gathers the
/// [`warnings`], and writes the brief when asked.
///
/// # Errors
/// As [`locate::locate_for_read`] (no story, no checkpoint, an unknown remote),
/// [`locate::read_revision`] (no such revision), [`warnings`], and [`prompt::agent_brief`];
/// [`Error::Config`] for a malformed `checkpoint.autoSync` or `checkpoint.hookBudget`.
pub fn resume(store: &Store, options: &Options) -> Result<Report> {
    let mut not_fetched = None;
    if options.auto_sync.enabled(store)? {
        let fetched = crate::remote::choose(store, None)
            .and_then(|remote| super::fetch::fetch(store, &remote));
        not_fetched = fetched.err();
    }
    let (located, found) =
        locate::locate_for_read(store, options.story, "resume", options.archived)?;
    let revision = locate::read_revision(store, &located, options.rev)?;
    let story = located
        .story
        .clone()
        .shown_as(&revision.summary.story_display);
    let parsed = crate::formats::parse_revision(store, &revision);
    let warnings = warnings(store, &revision)?;
    let brief = match options.brief {
        None => None,
        Some(budget) => {
            let (max, stretch) = match budget {
                BriefBudget::Configured => (store.config().hook_budget()?, true),
                BriefBudget::Chars(n) => (n, false),
            };
            Some(prompt::agent_brief(
                store,
                &located.story,
                &located.refname,
                revision.summary.commit,
                max,
                stretch,
            )?)
        }
    };
    Ok(Report {
        located,
        found,
        story,
        revision,
        parsed,
        warnings,
        not_fetched,
        brief,
    })
}

/// Age after which `resume` warns that a checkpoint is old, in seconds (7 days).
pub const STALE_AFTER_SECS: i64 = 7 * 86_400;

/// Warnings about the code having moved on since the save: another branch, new commits on
/// HEAD (with the files they touched), or an old checkpoint.
///
/// # Errors
/// [`crate::Error::Git`] when HEAD cannot be read.
pub fn warnings(store: &Store, tip: &Revision) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let refname = crate::story::StoryId::parse(&tip.meta.story)
        .map(|s| s.refname())
        .unwrap_or_default();
    // A hook's revision refreshes the code state and confirms nothing: measure from the last
    // revision a model or person wrote.
    let confirmed = super::status::confirmed(store, &refname, tip)?;
    if !tip.summary.hook.is_empty() {
        out.push(match &confirmed {
            Some(c) => format!(
                "revision {} was written by a hook ({}), not by a model or person: the last confirmed revision is {}, saved {}",
                tip.number(),
                tip.summary.hook,
                c.number(),
                relative_time(c.summary.time, chrono::Utc::now().timestamp())
            ),
            None => format!(
                "revision {} was written by a hook ({}); no model or person has confirmed this checkpoint",
                tip.number(),
                tip.summary.hook
            ),
        });
    }
    let rev = confirmed.as_ref().unwrap_or(tip);
    let now = gitstate::head(store)?;
    if let (Some(saved), Some(current)) = (&rev.meta.branch, &now.branch) {
        if saved != current {
            out.push(format!(
                "the checkpoint was saved on branch '{saved}' but you are on '{current}' (git switch {saved})"
            ));
        }
    }
    if let (Some(saved), Some(head)) = (super::status::saved_head(rev), now.head) {
        if saved != head {
            let commits = gitstate::count(&store.repo, head, saved);
            let files = gitstate::changed_paths(&store.repo, saved, head);
            let commits = commits.map_or("many".to_string(), |n| n.to_string());
            let mut w = format!(
                "HEAD moved since the save: {}, {} changed since {}",
                count(commits, "commit", "commits"),
                count(files.len(), "file", "files"),
                &saved.to_string()[..12]
            );
            if !files.is_empty() {
                let shown: Vec<&str> = files.iter().take(5).map(String::as_str).collect();
                let more = if files.len() > 5 { ", ..." } else { "" };
                w.push_str(&format!(" ({}{more})", shown.join(", ")));
            }
            out.push(w);
        }
    }
    let age = chrono::Utc::now()
        .timestamp()
        .saturating_sub(rev.summary.time);
    if age > STALE_AFTER_SECS {
        out.push(format!(
            "the checkpoint is old: saved {}",
            relative_time(rev.summary.time, chrono::Utc::now().timestamp())
        ));
    }
    Ok(out)
}
