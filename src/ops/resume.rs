//! The `resume` use case, for every front end (the CLI's `resume`, the MCP `resume` tool):
//! fetch first when auto-sync is on, locate the story, read the revision, parse it, and say
//! what moved on since it was saved (another branch, new commits, an old checkpoint); with a
//! budget, also the brief an agent reads. Nothing is printed here and nothing is read from a
//! terminal: the front ends render the [`Report`].

pub use super::drift::{warnings, STALE_AFTER_SECS};
use super::locate::{self, Found, Located};
use super::prompt::{self, Brief};
use super::provenance::Provenance;
use super::AutoSync;
use crate::error::{Error, Result};
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
    /// Which parts of the revision arrived from a remote (a teammate's), by provenance.
    pub provenance: Provenance,
    /// The story's live claim ([`crate::claims::live_line`]): the line, and the claim.
    pub claim: Option<(String, crate::claims::Found)>,
}

/// Why [`resume`] failed, with what the front end still tells its user: a failed auto-sync
/// fetch, and how the story was found when it was located before the failure (as on success,
/// these come before the error).
#[derive(Debug)]
pub struct Failed {
    /// The error.
    pub error: Error,
    /// Why the auto-sync fetch failed, when it ran and failed.
    pub not_fetched: Option<Error>,
    /// The story located, and how it was found, when the failure came after that.
    pub located: Option<(Located, Found)>,
}

impl From<Box<Failed>> for Error {
    fn from(failed: Box<Failed>) -> Self {
        failed.error
    }
}

/// Resumes the story `options` names: fetches first when auto-sync is on (a failure is kept
/// in [`Report::not_fetched`]), locates the story, reads and parses the revision, gathers the
/// [`warnings`], and writes the brief when asked.
///
/// # Errors
/// A [`Failed`], whose error is as [`locate::locate_for_read`] (no story, no checkpoint, an
/// unknown remote), [`locate::read_revision`] (no such revision), [`warnings`], and
/// [`prompt::agent_brief`]; [`Error::Config`] for a malformed `checkpoint.autoSync` or
/// `checkpoint.hookBudget`.
pub fn resume(store: &Store, options: &Options) -> std::result::Result<Report, Box<Failed>> {
    let failed = |error| {
        Box::new(Failed {
            error,
            not_fetched: None,
            located: None,
        })
    };
    let mut not_fetched = None;
    if options.auto_sync.enabled(store).map_err(failed)? {
        let fetched = crate::remote::choose(store, None)
            .and_then(|remote| super::fetch::fetch(store, &remote));
        not_fetched = fetched.err();
    }
    let mut located = locate::locate_for_read(store, options.story, "resume", options.archived);
    // Not in this clone nor in any remote-tracking ref: ask the remote for just this story,
    // within `checkpoint.fetchTimeout` (a fresh clone has fetched no checkpoint yet).
    if let Err(Error::NotFound { story, .. }) = &located {
        if let Some(fetch) = fetch_missing(store, story).map_err(failed)? {
            match fetch {
                Ok(()) => {
                    located =
                        locate::locate_for_read(store, options.story, "resume", options.archived)
                }
                Err(e) => not_fetched = not_fetched.or(Some(e)),
            }
        }
    }
    let (located, found) = match located {
        Ok(at) => at,
        Err(error) => {
            return Err(Box::new(Failed {
                error,
                not_fetched,
                located: None,
            }))
        }
    };
    // Reading writes no ref: each one read once (locate, drift, provenance and endings ask
    // for the story's refs and the default branch several times over).
    match store.snapshot(|| read(store, options, &located)) {
        Ok((story, revision, parsed, warnings, brief, provenance, claim)) => Ok(Report {
            located,
            found,
            story,
            revision,
            parsed,
            warnings,
            not_fetched,
            brief,
            provenance,
            claim,
        }),
        Err(error) => Err(Box::new(Failed {
            error,
            not_fetched,
            located: Some((located, found)),
        })),
    }
}

/// Fetches `story` alone from the default remote when `checkpoint.fetchTimeout` allows (not 0)
/// and a remote is configured: `None` when no fetch was tried, else whether it worked (a
/// fetch still running at the timeout is an error saying so).
///
/// # Errors
/// [`Error::Config`] for a malformed `checkpoint.fetchTimeout`.
fn fetch_missing(store: &Store, story: &str) -> Result<Option<Result<()>>> {
    let limit = store.config().fetch_timeout()?;
    let (Ok(id), false) = (StoryId::parse(story), limit.is_zero()) else {
        return Ok(None);
    };
    let Ok(remote) = crate::remote::choose(store, None) else {
        return Ok(None);
    };
    Ok(Some(
        match crate::remote::fetch_story(store, &remote, &id, limit) {
            Ok(true) => Ok(()),
            Ok(false) => Err(Error::FetchFailed {
                remote,
                stderr: format!(
                    "no answer within {} s (checkpoint.fetchTimeout)",
                    limit.as_secs()
                ),
            }),
            Err(e) => Err(e),
        },
    ))
}

/// What [`resume`] reads once the story is located.
type Read = (
    StoryId,
    Revision,
    Parsed,
    Vec<String>,
    Option<Brief>,
    Provenance,
    Option<(String, crate::claims::Found)>,
);

/// Reads, parses and briefs the revision [`resume`] located.
fn read(store: &Store, options: &Options, located: &Located) -> Result<Read> {
    let revision = locate::read_revision(store, located, options.rev)?;
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
                &revision,
                max,
                stretch,
            )?)
        }
    };
    let provenance =
        super::provenance::provenance(store, &located.refname, &revision, Some(&parsed.doc))?;
    let claim = crate::claims::live_line(store, &located.story)?;
    Ok((story, revision, parsed, warnings, brief, provenance, claim))
}
