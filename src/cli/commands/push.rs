//! `git checkpoint push [REMOTE] [STORY...|--all]`: push checkpoint refs, their archives and the
//! notes ref, never forced. A rejected ref is fetched, integrated and pushed again (bounded).

use crate::cli::context::Context;
use crate::cli::output::Output;
use crate::cli::ui::Messages;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::json;
use git_checkpoint::notes::NOTES_REF;
use git_checkpoint::remote::{self, PushedRef};
use git_checkpoint::store::{Store, ACTIVE_PREFIX, ARCHIVE_PREFIX};
use git_checkpoint::story::StoryId;
use git_checkpoint::sync::{self, Outcome};

/// How many times a push is attempted; after each rejection the remote is fetched and
/// integrated, and the next attempt waits a little longer (with jitter, so pushers racing for
/// the same refs spread out).
pub const PUSH_ATTEMPTS: u32 = 5;

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// Push checkpoints, archives and notes to a remote (never forced; merges and retries).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only errors and warnings on stderr, and the data asked for on stdout (`--json`).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Remote name; default: the branch's upstream remote, then checkpoint.remote, then origin.
    pub remote: Option<String>,
    /// Stories to push; default: every checkpoint and archive.
    pub stories: Vec<String>,
    /// Push every checkpoint and archive (the default when no story is named).
    #[arg(long, conflicts_with = "stories")]
    pub all: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
    /// Push even if a checkpoint holds what looks like a credential (this push only; see
    /// checkpoint.secretScan).
    #[arg(long)]
    pub allow_secret: bool,
}

/// Runs `push`; returns the exit code.
///
/// # Errors
/// Repository, transport and storage errors; [`Error::Rejected`] when refs stay rejected.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let out = &mut ctx.ui.out;
    let err = &mut ctx.ui.err;
    let store = ctx.repo.store()?;
    let remote = remote::choose(&store, args.remote.as_deref())?;
    // Pushing is never forced, so pushing everything is the safe default.
    let stories = if args.all || args.stories.is_empty() {
        None
    } else {
        Some(
            args.stories
                .iter()
                .map(|s| StoryId::parse(s))
                .collect::<Result<Vec<_>>>()?,
        )
    };
    let (pushed, integrated) =
        push_guarded(&store, &remote, stories.as_deref(), args.allow_secret)?;
    report(out, err, &remote, &pushed, &integrated, args.json)?;
    Ok(0)
}

/// A ref a push sends and the commit it points at.
pub type Sent = (String, gix::ObjectId);

/// What to push for `stories` (all when `None`): the refspecs, each ref to the same name on the
/// remote and never forced, and the refs they send with their current values. Everything is
/// sent as one glob per namespace (git matches an explicit refspec list against every ref, which
/// grows with the square of the number of stories); named stories are sent one by one.
///
/// # Errors
/// [`Error::NotFound`] for a named story with no local ref; storage errors.
pub fn refspecs(store: &Store, stories: Option<&[StoryId]>) -> Result<(Vec<String>, Vec<Sent>)> {
    let mut specs = Vec::new();
    let mut sent = Vec::new();
    match stories {
        None => {
            for prefix in [ACTIVE_PREFIX, ARCHIVE_PREFIX] {
                let refs = store.refs(prefix)?;
                if !refs.is_empty() {
                    specs.push(format!("{prefix}*:{prefix}*"));
                }
                sent.extend(
                    refs.into_iter()
                        .map(|(id, oid)| (format!("{prefix}{id}"), oid)),
                );
            }
        }
        Some(stories) => {
            for s in stories {
                let before = sent.len();
                for r in [s.refname(), s.archive_refname()] {
                    if let Some(oid) = store.tip(&r)? {
                        specs.push(format!("{r}:{r}"));
                        sent.push((r, oid));
                    }
                }
                if sent.len() == before {
                    return Err(Error::NotFound {
                        story: s.to_string(),
                        refname: s.refname(),
                    });
                }
            }
        }
    }
    if let Some(oid) = store.tip(NOTES_REF)? {
        specs.push(format!("{NOTES_REF}:{NOTES_REF}"));
        sent.push((NOTES_REF.to_string(), oid));
    }
    Ok((specs, sent))
}

/// [`push_guarded`] with the secret guard as configured (no `--allow-secret`).
///
/// # Errors
/// As [`push_guarded`].
pub fn push_with_retry(
    store: &Store,
    remote: &str,
    stories: Option<&[StoryId]>,
) -> Result<(Vec<PushedRef>, Vec<Outcome>)> {
    push_guarded(store, remote, stories, false)
}

/// Refuses to push when the tip of a checkpoint or archive ref that would be pushed holds a
/// credential in its document or commit message. Tips equal to the remote-tracking ref are
/// already on the remote and skipped.
///
/// # Errors
/// [`Error::Secret`] naming the ref, line and kind; storage errors.
pub fn scan_tips(store: &Store, remote: &str, sent: &[Sent]) -> Result<()> {
    for (from, tip) in sent {
        let (from, tip) = (from.as_str(), *tip);
        if !(from.starts_with(ACTIVE_PREFIX) || from.starts_with(ARCHIVE_PREFIX)) {
            continue;
        }
        let tracking = format!("refs/remotes/{remote}/{}", &from["refs/".len()..]);
        if store.tip(&tracking)? == Some(tip) {
            continue;
        }
        let revision = store.read(from, tip)?;
        let at = format!("{from} at {}", &tip.to_string()[..12]);
        let message = format!("{}\n{}", revision.summary.subject, revision.summary.body);
        git_checkpoint::secrets::refuse(
            &[
                (
                    &format!("{} of {at}", git_checkpoint::store::DOCUMENT_FILE),
                    &revision.document,
                ),
                (&format!("the commit message of {at}"), &message),
            ],
            "push",
            "pushed",
        )?;
    }
    Ok(())
}

/// Pushes; on rejection fetches, integrates and retries up to [`PUSH_ATTEMPTS`] times.
/// Returns the last per-ref results and everything integrated along the way. Before anything
/// is sent the tips are scanned for credentials ([`scan_tips`]) unless `allow_secret` or
/// `checkpoint.secretScan=false`.
///
/// # Errors
/// [`Error::Secret`] before pushing; [`Error::Rejected`] naming every ref still rejected;
/// transport and storage errors.
pub fn push_guarded(
    store: &Store,
    remote: &str,
    stories: Option<&[StoryId]>,
    allow_secret: bool,
) -> Result<(Vec<PushedRef>, Vec<Outcome>)> {
    let scan = git_checkpoint::secrets::enabled(store, allow_secret)?;
    let mut integrated = Vec::new();
    for attempt in 1..=PUSH_ATTEMPTS {
        let (specs, sent) = refspecs(store, stories)?;
        // Every attempt sends what it scanned: tips integrated after a rejection included.
        if scan {
            scan_tips(store, remote, &sent)?;
        }
        // Deletions (finished or purged stories) are leased against the value last fetched.
        let deletions = if stories.is_none() {
            sync::deletions(store, remote)?
        } else {
            Vec::new()
        };
        let mut specs = specs;
        specs.extend(deletions.iter().map(|(r, _)| format!(":{r}")));
        let leases: Vec<String> = deletions
            .iter()
            .map(|(r, oid)| format!("{r}:{oid}"))
            .collect();
        if specs.is_empty() {
            // Never run a bare `git push`: it would push branches by push.default.
            return Ok((Vec::new(), integrated));
        }
        let results = remote::push(remote, &specs, &leases)?;
        let accepted: Vec<(String, gix::ObjectId)> = sent
            .into_iter()
            .filter(|(r, _)| {
                results
                    .iter()
                    .any(|p| p.to == *r && matches!(p.flag, ' ' | '*' | '+' | '='))
            })
            .collect();
        sync::update_tracking(store, remote, &accepted)?;
        let deleted: Vec<&str> = results
            .iter()
            .filter(|r| r.flag == '-')
            .map(|r| r.to.as_str())
            .collect();
        if !deleted.is_empty() {
            // The remote no longer has them: neither does our view of it.
            for (r, oid) in &deletions {
                if deleted.contains(&r.as_str()) {
                    let tracking = r
                        .strip_prefix("refs/")
                        .map(|rest| format!("refs/remotes/{remote}/{rest}"))
                        .unwrap_or_default();
                    if store.tip(&tracking)? == Some(*oid) {
                        store.edit(vec![git_checkpoint::store::delete_edit(&tracking, *oid)])?;
                    }
                }
            }
            let mut left = sync::tombstones(store)?;
            left.retain(|t| !(t.remote == remote && deleted.contains(&t.refname.as_str())));
            sync::write_tombstones(store, &left)?;
        }
        let rejected: Vec<&PushedRef> = results.iter().filter(|r| r.rejected()).collect();
        if rejected.is_empty() {
            return Ok((results, integrated));
        }
        if attempt == PUSH_ATTEMPTS {
            return Err(Error::Rejected {
                remote: remote.to_string(),
                refs: rejected
                    .iter()
                    .map(|r| format!("{} {}", r.to, r.summary))
                    .collect::<Vec<_>>()
                    .join(", "),
                attempts: PUSH_ATTEMPTS,
            });
        }
        // Another pusher moved the refs (or held their locks on the remote) a moment ago.
        git_checkpoint::store::backoff_by(attempt, 25_000);
        integrated.extend(super::fetch::fetch_and_integrate(store, remote)?);
    }
    unreachable!("the last attempt returns")
}

fn report(
    out: &mut Output,
    err: &mut Messages,
    remote: &str,
    pushed: &[PushedRef],
    integrated: &[Outcome],
    json: bool,
) -> std::io::Result<()> {
    if json {
        return out.json(&json::Push {
            schema_version: json::SchemaVersion,
            remote: remote.to_string(),
            pushed: pushed.iter().map(json::PushedRef::from).collect(),
            integrated: integrated.to_vec(),
        });
    }
    if !integrated.is_empty() {
        super::fetch::print_outcomes(out, err, remote, integrated)?;
    }
    if pushed.is_empty() {
        return out.line("nothing to push");
    }
    for r in pushed {
        out.line(&format!("{} {:<40} {}", r.flag, r.to, r.summary))?;
    }
    Ok(())
}
