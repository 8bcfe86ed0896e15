//! Which checkpoints `list` shows: the tips under one namespace (active, archived or a
//! remote's), read from commits only (never blobs), newest first. Refs that are not ours are
//! set aside with a reason instead of failing the listing.

use crate::error::Result;
use crate::remote;
use crate::store::{Store, Summary, ACTIVE_PREFIX, ARCHIVE_PREFIX};
use crate::story::StoryId;

/// What to list (the flags of `list`).
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Every active checkpoint, not only those of the current branch.
    pub all: bool,
    /// Finished stories (refs/checkpoints-archive/).
    pub archived: bool,
    /// A remote's fetched checkpoints (its remote-tracking refs) instead of the local ones.
    pub remote: Option<String>,
    /// Also read each listed tip's document for its next action ([`Listing::next_actions`]):
    /// one blob and one parse per row, so only for the views that show it (`--json`, MCP).
    pub next_actions: bool,
}

/// The checkpoints [`list`] found.
#[derive(Debug, Clone)]
pub struct Listing {
    /// The ref namespace read (`refs/checkpoints/`, the archive, or a remote-tracking prefix).
    pub prefix: String,
    /// Story id and tip summary, newest first (then by id); filtered to the current branch
    /// unless `all`, `archived` or `remote` was asked for (or HEAD is detached).
    pub rows: Vec<(String, Summary)>,
    /// How many checkpoints the namespace holds before the branch filter.
    pub total: usize,
    /// One warning per ref set aside (not a story id we write, or an unreadable tip), naming
    /// how to remove it.
    pub ignored: Vec<String>,
    /// For the local active listing: one sentence per listed story a remote has moved ahead
    /// of (or diverged from) as last fetched, and one per remote with stories this clone does
    /// not have, naming the command that shows or brings them.
    pub remote: Vec<String>,
    /// With [`Options::next_actions`]: each listed story's next action (the tip document's, as
    /// `resume` reads it), by story id; stories without one (or whose tip cannot be read) are
    /// not in it.
    pub next_actions: std::collections::HashMap<String, String>,
}

/// Lists the checkpoints `opts` asks for.
///
/// # Errors
/// [`crate::Error::NoSuchRemote`] for an unknown remote; storage errors reading the refs or HEAD.
pub fn list(store: &Store, opts: &Options) -> Result<Listing> {
    let prefix = match &opts.remote {
        Some(r) => remote::tracking_prefix(&remote::choose(store, Some(r))?),
        None if opts.archived => ARCHIVE_PREFIX.to_string(),
        None => ACTIVE_PREFIX.to_string(),
    };
    let branch = crate::gitstate::head(store)?.branch;
    let mut ignored = Vec::new();
    let tips = store.refs(&prefix)?;
    // Summaries are large: growing the vector by doubling copied them into fresh memory.
    let mut rows: Vec<(String, Summary)> = Vec::with_capacity(tips.len());
    for (story, tip) in &tips {
        // Refs made outside git-checkpoint must not hide the healthy ones.
        match StoryId::parse(story) {
            Ok(s) if s.as_str() == story => {}
            Ok(s) => {
                ignored.push(case_twin(&prefix, story, &s, opts.remote.as_deref()));
                continue;
            }
            Err(_) => {
                ignored.push(format!(
                    "ignoring {prefix}{story}: not a story id git-checkpoint writes (remove it with `git update-ref -d {prefix}{story}`)"
                ));
                continue;
            }
        }
        let summary = match store.summary(*tip) {
            Ok(s) if s.revision > 0 => {
                rows.push((story.clone(), s));
                continue;
            }
            other => other,
        };
        let refname = format!("{prefix}{story}");
        // A ref that is no checkpoint at all (a blob, a plain commit) is named, not listed as
        // a revision 0; told apart only for a tip without trailers (a checkpoint has them).
        if let Some(crate::Error::NotACheckpoint { what, oid, fix, .. }) =
            store.not_a_checkpoint(&refname, *tip)
        {
            ignored.push(format!(
                "ignoring {refname}: it points at {what} ({oid}), not a checkpoint, made outside git-checkpoint; {fix}"
            ));
            continue;
        }
        match summary {
            Ok(s) => rows.push((story.clone(), s)),
            Err(e) => ignored.push(format!(
                "ignoring {refname}: {} (remove it with `git update-ref -d {refname}`)",
                e.chain()
            )),
        }
    }
    let total = rows.len();
    // Before the branch filter: a story whose branch landed is usually on another branch.
    let landed_notes = if opts.remote.is_none() && !opts.archived {
        landed(store, &rows)?
    } else {
        Vec::new()
    };
    // Detached HEAD has no branch to filter on: show everything.
    if !opts.all && !opts.archived && opts.remote.is_none() {
        if let Some(b) = &branch {
            rows.retain(|(_, s)| s.branch == *b);
        }
    }
    // Newest first, then by story. The order is found on indices and the rows moved once:
    // sorting the rows themselves moved each large summary about log2(n) times (5% of `list`
    // at 1,000 stories, callgrind).
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&rows[a], &rows[b]);
        b.1.time.cmp(&a.1.time).then(a.0.cmp(&b.0))
    });
    let mut taken: Vec<Option<(String, Summary)>> = rows.into_iter().map(Some).collect();
    let rows: Vec<(String, Summary)> = order.into_iter().filter_map(|i| taken[i].take()).collect();
    let mut remote = if opts.remote.is_none() && !opts.archived {
        // `tips` is the active namespace here: scanned once for both.
        let (notes, twins) = remote_state(store, &rows, &tips)?;
        ignored.extend(twins);
        notes
    } else {
        Vec::new()
    };
    remote.extend(landed_notes);
    if opts.remote.is_none() && !opts.archived {
        remote.extend(claimed(store, &rows)?);
    }
    let mut next_actions = std::collections::HashMap::new();
    if opts.next_actions {
        for (story, s) in &rows {
            // A tip that cannot be read shows no next action; `resume` names what is wrong.
            let Ok(rev) = store.read(&format!("{prefix}{story}"), s.commit) else {
                continue;
            };
            if let Some(next) = crate::formats::parse_revision(store, &rev).doc.next_action {
                next_actions.insert(story.clone(), next);
            }
        }
    }
    Ok(Listing {
        prefix,
        rows,
        total,
        ignored,
        remote,
        next_actions,
    })
}

/// One sentence per listed story someone holds (`git checkpoint claim`): one scan of the
/// claim refs here and of each remote's, then only the claimed stories are read.
fn claimed(store: &Store, rows: &[(String, Summary)]) -> Result<Vec<String>> {
    let mut names: std::collections::HashSet<String> = store
        .refs(crate::names::CLAIMS_PREFIX)?
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    for r in store.remote_names() {
        names.extend(
            store
                .refs(&remote::tracking_claims_prefix(&r))?
                .into_iter()
                .map(|(s, _)| s),
        );
    }
    let mut out = Vec::new();
    for (story, _) in rows.iter().filter(|(s, _)| names.contains(s)) {
        let Ok(id) = StoryId::parse(story) else {
            continue;
        };
        if let Some((line, _)) = crate::claims::live_line(store, &id)? {
            out.push(format!("{story}: {line}"));
        }
    }
    Ok(out)
}

/// The most listed stories whose branch `list` checks for having landed.
const LANDED_ROWS: usize = 200;

/// One sentence per listed story (the first [`LANDED_ROWS`]) whose branch was merged or
/// fast-forwarded into the default branch (squashes: `status`, `done --merged`).
/// Reads the commit's `Checkpoint-Head` and `Checkpoint-Merge-Base` trailers, and a story's
/// `meta.json` (not its document) only for a revision written without them; nothing when the
/// repository has no default branch to have landed in.
fn landed(store: &Store, rows: &[(String, Summary)]) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let seen = super::merged::Landings::default();
    if rows.is_empty() || seen.default_branch(store).is_none() {
        return Ok(out);
    }
    for (story, s) in rows.iter().take(LANDED_ROWS) {
        let fork = match super::merged::Fork::of_summary(s) {
            Some(f) => f,
            None => match store
                .meta::<super::merged::Fork>(&format!("{ACTIVE_PREFIX}{story}"), s.commit)
            {
                Ok(f) => f,
                Err(_) => continue,
            },
        };
        if let Some(l) = super::merged::landed_with(store, &fork, false, &seen)? {
            out.push(format!("{story}: {}", l.sentence()));
        }
    }
    Ok(out)
}

/// The warning for `refname` (`<prefix><name>`), whose id is story `id` in other letter case
/// (`ABC` for `abc`, written by hand or an old version): story ids ignore case, so it is never
/// merged into `id`'s ref; it says how to read it (a remote's copy through `REMOTE/NAME`, which
/// reads the ref as named).
fn case_twin(prefix: &str, name: &str, id: &StoryId, remote: Option<&str>) -> String {
    let refname = format!("{prefix}{name}");
    let read = match remote {
        Some(r) => format!("`git checkpoint resume {r}/{name}` reads it"),
        None => format!("`git show {refname}:checkpoint.md` shows it"),
    };
    format!(
        "not listed: {refname} differs only in letter case from story {}, and story ids ignore case, so it is never merged into {}; {read}",
        id.as_str(),
        id.refname()
    )
}

/// What the remotes have that `rows` (the local active listing) lack, as last fetched: one scan
/// of each remote's tracking refs; ancestry is looked at only for stories whose tips differ.
/// `all_local` is every active ref (story and tip) in [`Store::refs`]' sorted order.
/// Returns those notes, and one warning per remote copy whose id differs only in letter case
/// from a canonical one ([`case_twin`]): fetch leaves it in the remote-tracking ref.
fn remote_state(
    store: &Store,
    rows: &[(String, Summary)],
    all_local: &[(String, gix::ObjectId)],
) -> Result<(Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    let mut twins = Vec::new();
    let local: std::collections::HashMap<&str, gix::ObjectId> = rows
        .iter()
        .map(|(s, sum)| (s.as_str(), sum.commit))
        .collect();
    // Every local story with its tip, sorted as each remote's listing is: walked side by side
    // with it, so a story at the same tip on both sides (most of them after a fetch) costs a
    // comparison, not a look-up.
    for r in store.remote_names() {
        let mut only_there = 0;
        let prefix = remote::tracking_prefix(&r);
        let mut here = all_local.iter().peekable();
        for (story, tip) in store.refs(&prefix)? {
            while here.next_if(|(s, _)| s.as_str() < story.as_str()).is_some() {}
            let mine = here.next_if(|(s, _)| *s == story).map(|(_, t)| *t);
            if mine == Some(tip) && StoryId::parse(&story).is_ok_and(|id| id.as_str() == story) {
                continue; // the same revision here and there: nothing to say
            }
            if let Ok(id) = StoryId::parse(&story) {
                if id.as_str() != story {
                    twins.push(case_twin(&prefix, &story, &id, Some(&r)));
                    continue;
                }
            }
            match local.get(story.as_str()) {
                Some(ours) if *ours != tip => {
                    out.extend(
                        super::behind::remote_ahead(store, &story)?
                            .into_iter()
                            .map(|w| format!("{}: {w}", story)),
                    );
                }
                Some(_) => {}
                None if mine.is_none() => only_there += 1,
                None => {}
            }
        }
        if only_there > 0 {
            out.push(format!(
                "{} only on {r}, not in this clone: `git checkpoint list --remote {r}` lists them, `git checkpoint resume <story>` reads one",
                crate::human::count(only_there, "story", "stories")
            ));
        }
    }
    out.dedup();
    Ok((out, twins))
}
