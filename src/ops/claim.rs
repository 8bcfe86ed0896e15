//! Claims as use cases: `claim`, `release` and `handoff` decide the story's next claim from
//! its current one and write it with exactly one winner. Without a remote (or with
//! `checkpoint.claimRemote=false`) the claim ref here moves by compare-and-swap
//! ([`Store::transact`]), which worktrees of one repository share. With one, the remote
//! decides: its value is fetched, the new claim commit is pushed leased on it
//! (`--force-with-lease=<ref>:<value>`, empty for "must not exist"), and only the push git
//! accepts wins; a loser fetches again and reports the holder. Format: `crate::claims`.

use crate::claims::{self, Claim, Holder};
use crate::config::{CLAIM_DURATION, CLAIM_REMOTE};
use crate::error::{Error, Result};
use crate::store::{self, Store};
use crate::story::StoryId;
use gix::ObjectId;
use std::time::Duration;

/// Default claim duration in seconds (2 hours) when `checkpoint.claimDuration` is unset.
pub const DEFAULT_DURATION: i64 = 2 * 3600;

/// What to do to a story's claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Take it, renew it (the holder), or accept it (the one it is handed to).
    Claim,
    /// Release it (the holder; anyone with `force`).
    Release,
    /// Offer it to `to`, with an optional note.
    Handoff {
        /// Who it is offered to: an email, a name, an agent or a session id.
        to: String,
        /// The hand-off note.
        note: Option<String>,
    },
}

/// Options of [`run`].
#[derive(Debug, Clone)]
pub struct Options {
    /// The story.
    pub story: StoryId,
    /// What to do.
    pub action: Action,
    /// How long the claim lasts (seconds); `None`: `checkpoint.claimDuration`, else 2 hours.
    pub duration: Option<i64>,
    /// Take (or release, or hand off) a live claim someone else holds.
    pub force: bool,
    /// Who acts.
    pub me: Holder,
    /// How long to wait for the remote's git (each of the fetch and the push); `None` claims
    /// here only.
    pub remote_limit: Option<Duration>,
    /// Claim here only when the remote fails (unreachable, refused), as when it does not
    /// answer in time; else its error is returned. Hooks, which must never block the agent,
    /// set it.
    pub local_on_error: bool,
}

/// How the claim changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Taken: nobody held it.
    Taken,
    /// Renewed by its holder (a later expiry).
    Renewed,
    /// Taken over from `from`: expired, or forced.
    TakenOver {
        /// The previous holder.
        from: Holder,
        /// Whether the previous claim had expired (else `--force`).
        expired: bool,
    },
    /// Accepted: it was handed to this holder by `from`.
    Accepted {
        /// The holder who offered it.
        from: Holder,
    },
    /// Released.
    Released,
    /// Nothing to release: nobody held it.
    NotHeld,
    /// Offered to someone (`handed_to`).
    Offered,
}

/// What [`run`] did.
#[derive(Debug, Clone)]
pub struct Report {
    /// The story.
    pub story: StoryId,
    /// How the claim changed.
    pub outcome: Outcome,
    /// The claim now (`None` when nobody ever claimed the story).
    pub claim: Option<Claim>,
    /// Its commit.
    pub commit: Option<ObjectId>,
    /// The remote the claim was taken on, when one was.
    pub remote: Option<String>,
    /// Why the claim was taken here only although a remote exists (it did not answer in
    /// time, or failed), or `None`.
    pub local_only: Option<String>,
}

/// The duration `options` ask for, in seconds: `options.duration`, else
/// `checkpoint.claimDuration`, else [`DEFAULT_DURATION`].
///
/// # Errors
/// [`Error::Config`] for a `checkpoint.claimDuration` that does not parse.
pub fn duration(store: &Store, given: Option<i64>) -> Result<i64> {
    if let Some(d) = given {
        return Ok(d.max(1));
    }
    match store.config().string(&CLAIM_DURATION) {
        None => Ok(DEFAULT_DURATION),
        Some(v) => crate::config::parse_duration(&v)
            .filter(|d| *d > 0)
            .ok_or_else(|| Error::Config {
                key: CLAIM_DURATION.name.to_string(),
                value: v.clone(),
                reason: "expected a duration such as 30m, 2h or 1d".into(),
            }),
    }
}

/// The remote a claim of this repository is taken on: the story's remote
/// ([`crate::remote::choose`]) unless `checkpoint.claimRemote` is false or none is configured.
///
/// # Errors
/// [`Error::Config`] for a `checkpoint.claimRemote` that is not a boolean.
pub fn claim_remote(store: &Store) -> Result<Option<String>> {
    if !store.config().boolean(&CLAIM_REMOTE, true)? {
        return Ok(None);
    }
    Ok(crate::remote::choose(store, None).ok())
}

/// Decides the claim after `current` for `options` at `now`: `Ok(None)` when nothing is to be
/// written.
///
/// # Errors
/// [`Error::Held`] when someone else's live claim stands in the way and `force` is off.
pub fn decide(
    current: Option<&Claim>,
    options: &Options,
    duration: i64,
    now: i64,
) -> Result<Option<(Claim, Outcome)>> {
    let me = &options.me;
    let story = &options.story;
    let live = current.filter(|c| c.live(now));
    let ours = live.is_some_and(|c| c.holder.same_as(me));
    let fresh = |previous: Option<Holder>| Claim {
        schema_version: 1,
        story: story.as_str().to_string(),
        holder: me.clone(),
        taken_at: claims::at(now),
        expires_at: claims::at(now + duration),
        released: false,
        handed_to: None,
        note: None,
        previous,
    };
    let held = |c: &Claim, what: &str| {
        claims::held_error(
            story,
            c,
            what,
            "wait for it to expire, or pass --force to take it over",
        )
    };
    match &options.action {
        Action::Claim => match (current, live) {
            (_, Some(c)) if ours => {
                let mut c = c.clone();
                c.expires_at = claims::at(now + duration);
                Ok(Some((c, Outcome::Renewed)))
            }
            (_, Some(c)) if c.handed_to.as_deref().is_some_and(|w| me.is_named(w)) => Ok(Some((
                fresh(Some(c.holder.clone())),
                Outcome::Accepted {
                    from: c.holder.clone(),
                },
            ))),
            (_, Some(c)) if options.force => Ok(Some((
                fresh(Some(c.holder.clone())),
                Outcome::TakenOver {
                    from: c.holder.clone(),
                    expired: false,
                },
            ))),
            (_, Some(c)) => Err(held(c, "not claimed")),
            (Some(c), None) if !c.released && !c.holder.same_as(me) => Ok(Some((
                fresh(Some(c.holder.clone())),
                Outcome::TakenOver {
                    from: c.holder.clone(),
                    expired: true,
                },
            ))),
            _ => Ok(Some((fresh(None), Outcome::Taken))),
        },
        Action::Release => match (current, live) {
            (_, Some(c)) if ours || options.force => {
                let mut c = c.clone();
                c.released = true;
                c.handed_to = None;
                c.note = None;
                c.expires_at = claims::at(now);
                Ok(Some((c, Outcome::Released)))
            }
            (_, Some(c)) => Err(held(c, "not released")),
            _ => Ok(None),
        },
        Action::Handoff { to, note } => {
            let mut c = match live {
                Some(c) if ours || options.force => c.clone(),
                Some(c) => return Err(held(c, "not handed off")),
                None => fresh(current.map(|c| c.holder.clone())),
            };
            c.handed_to = Some(to.trim().to_string());
            c.note = note.clone().filter(|n| !n.trim().is_empty());
            Ok(Some((c, Outcome::Offered)))
        }
    }
}

/// Claims, releases or hands off `options.story` (see the module documentation). A remote
/// that does not answer within `options.remote_limit`, or fails, leaves the claim taken here
/// only, said in [`Report::local_only`].
///
/// # Errors
/// [`Error::Held`] naming the holder when someone else's live claim stands in the way (after
/// losing a race too); [`Error::NoIdentity`]; [`Error::Contended`] after repeated lost races;
/// storage errors.
pub fn run(store: &Store, options: &Options) -> Result<Report> {
    store.check_identity()?;
    let duration = duration(store, options.duration)?;
    let remote = match options.remote_limit {
        Some(_) => claim_remote(store)?,
        None => None,
    };
    let mut local_only = None;
    if let (Some(remote), Some(limit)) = (&remote, options.remote_limit) {
        match on_remote(store, options, remote, limit, duration) {
            Ok(Some(report)) => return Ok(report),
            Ok(None) => {
                local_only = Some(format!(
                    "{remote} did not answer within {} s: claimed in this clone only",
                    limit.as_secs()
                ))
            }
            Err(e @ (Error::FetchFailed { .. } | Error::PushFailed { .. }))
                if options.local_on_error =>
            {
                local_only = Some(format!("{}: claimed in this clone only", e.chain()))
            }
            Err(e) => return Err(e),
        }
    }
    let mut report = locally(store, options, duration)?;
    report.local_only = local_only;
    Ok(report)
}

/// The compare-and-swap on the claim ref here.
fn locally(store: &Store, options: &Options, duration: i64) -> Result<Report> {
    let refname = claims::refname(&options.story);
    store.transact(&refname, || {
        let tip = store.tip(&refname)?;
        let current = tip.map(|t| claims::read(store, &refname, t)).transpose()?;
        let Some((claim, outcome)) = decide(current.as_ref(), options, duration, claims::now())?
        else {
            return Ok(store::Step::Nothing(report(
                options,
                Outcome::NotHeld,
                current,
                tip,
            )));
        };
        let commit = claims::write(store, &claim, tip)?;
        Ok(store::Step::Write(
            vec![store::update_edit(
                &refname,
                commit,
                store::expect(tip),
                "checkpoint: claim",
            )],
            report(options, outcome, Some(claim), Some(commit)),
        ))
    })
}

fn report(
    options: &Options,
    outcome: Outcome,
    claim: Option<Claim>,
    commit: Option<ObjectId>,
) -> Report {
    Report {
        story: options.story.clone(),
        outcome,
        claim,
        commit,
        remote: None,
        local_only: None,
    }
}

/// Most leased pushes one claim tries (each loss fetches the winner's claim and decides again:
/// a holder then refuses, a release lets the next attempt take it).
const REMOTE_ATTEMPTS: usize = 4;

/// The leased push; `Ok(None)` when the remote did not answer in time.
fn on_remote(
    store: &Store,
    options: &Options,
    remote: &str,
    limit: Duration,
    duration: i64,
) -> Result<Option<Report>> {
    let refname = claims::refname(&options.story);
    let tracking = format!(
        "{}{}",
        crate::remote::tracking_claims_prefix(remote),
        options.story.as_str()
    );
    for _ in 0..REMOTE_ATTEMPTS {
        let Some(expected) =
            crate::remote::fetch_claim(store, remote, &options.story, claims::CLAIM_FILE, limit)?
        else {
            return Ok(None);
        };
        // The fetch may have added packs: gix sizes its table of pack indices when it opens a
        // repository, and one full of them refuses every object read and write after that.
        // Opened again, it has room for what is on disk now.
        let reopened = Store::discover(store.workdir().unwrap_or(store.git_dir()))?;
        let store = &reopened;
        // What the remote holds is now known here too: status, list, save and the brief of
        // this clone name the holder even when this claim loses. Best effort: it is a copy of
        // what the remote says, and the worktrees of one clone racing for the claim share it.
        let _ = set_ref(store, &tracking, expected);
        let current = expected
            .map(|e| claims::read(store, &tracking, e))
            .transpose()?;
        let decided = decide(current.as_ref(), options, duration, claims::now())?;
        let Some((claim, outcome)) = decided else {
            let mut r = report(options, Outcome::NotHeld, current, expected);
            r.remote = Some(remote.to_string());
            return Ok(Some(r));
        };
        let commit = claims::write(store, &claim, expected)?;
        let Some(pushed) =
            crate::remote::push_leased(store, remote, &refname, commit, expected, limit)?
        else {
            return Ok(None);
        };
        if pushed.rejected() {
            continue;
        }
        // Won: the claim ref here and the remote-tracking ref now say so.
        set_ref(store, &refname, Some(commit))?;
        let _ = set_ref(store, &tracking, Some(commit));
        let mut r = report(options, outcome, Some(claim), Some(commit));
        r.remote = Some(remote.to_string());
        return Ok(Some(r));
    }
    Err(Error::Contended {
        refname,
        attempts: REMOTE_ATTEMPTS as u32,
    })
}

/// Points `refname` (a claim ref of ours) at `value`, or deletes it for `None`, by
/// compare-and-swap on its current tip; nothing when it already holds `value`.
fn set_ref(store: &Store, refname: &str, value: Option<ObjectId>) -> Result<()> {
    store.transact(refname, || {
        let tip = store.tip(refname)?;
        Ok(match (tip, value) {
            (t, v) if t == v => store::Step::Nothing(()),
            (t, Some(v)) => store::Step::Write(
                vec![store::update_edit(
                    refname,
                    v,
                    store::expect(t),
                    "checkpoint: claim",
                )],
                (),
            ),
            (Some(t), None) => store::Step::Write(vec![store::delete_edit(refname, t)], ()),
            (None, None) => store::Step::Nothing(()),
        })
    })
}

/// Releases `me`'s live claim on `story` after the story was finished or purged, here and on
/// the remote (waiting at most `remote_limit`; a remote that fails or is slow leaves it
/// released here only). `Ok(None)` when `me` holds no live claim on it (someone else's claim
/// is left alone).
///
/// # Errors
/// Storage errors reading the claim or writing the release.
pub fn release_own(
    store: &Store,
    story: &StoryId,
    me: Holder,
    remote_limit: Duration,
) -> Result<Option<Report>> {
    let now = claims::now();
    let ours = claims::current(store, story)?
        .is_some_and(|f| f.claim.live(now) && f.claim.holder.same_as(&me));
    if !ours {
        return Ok(None);
    }
    let options = Options {
        story: story.clone(),
        action: Action::Release,
        duration: None,
        force: false,
        me,
        remote_limit: Some(remote_limit),
        local_on_error: true,
    };
    run(store, &options).map(Some)
}
