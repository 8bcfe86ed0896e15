//! Sync: fetch and integrate, then push everything, as one operation.

use crate::error::Result;
use crate::remote::PushedRef;
use crate::store::Store;
use crate::sync::Outcome;

/// What [`sync`] did.
#[derive(Debug, Clone)]
pub struct Synced {
    /// Refs integrated from the remote, by the fetch and by pushes retried after a rejection.
    pub integrated: Vec<Outcome>,
    /// Per-ref results of the last push.
    pub pushed: Vec<PushedRef>,
    /// Stories whose open conflicts were resolved to one side (`--ours`/`--theirs`) before
    /// the push; empty otherwise.
    pub taken: Vec<super::resolve::Taken>,
}

/// Fetches and integrates `remote`'s checkpoints, then pushes every checkpoint, archive and the
/// notes ref (never forced; the secret guard applies as configured unless
/// `guards.allow_secret`, and refuses secrets accepted with `save --allow-secret` too; the
/// user's `pre-push` hook runs unless `guards.no_verify`).
///
/// # Errors
/// As [`super::fetch::fetch`] and [`super::push::push`].
pub fn sync(store: &Store, remote: &str, guards: super::push::Guards) -> Result<Synced> {
    sync_taking(store, remote, guards, None)
}

/// [`sync`], and with `take`, between the fetch and the push, takes that side of every open
/// conflict of each story the remote has ([`super::resolve::take_side`]), so what is pushed
/// holds no conflict marker of theirs.
///
/// # Errors
/// As [`sync`] and [`super::resolve::take_side`].
pub fn sync_taking(
    store: &Store,
    remote: &str,
    guards: super::push::Guards,
    take: Option<crate::model::conflict::Pick>,
) -> Result<Synced> {
    if crate::secrets::enabled(store, guards.allow_secret)? {
        // Before the fetch: the push after it races other pushers for the notes ref.
        crate::secrets::prepare();
    }
    let mut integrated = super::fetch::fetch_unpacked(store, remote)?;
    let taken = match take {
        Some(pick) => super::resolve::take_side(store, &integrated, pick)?,
        None => Vec::new(),
    };
    let (pushed, more) = super::push::push_fetched(store, remote, None, guards)?;
    // What the fetch already skipped (a broken notes ref) is said once.
    crate::sync::extend_once(&mut integrated, more);
    // One packing of refs for the whole sync, after the push moved the remote-tracking refs.
    let integrated = super::fetch::packed_after(store, integrated)?;
    Ok(Synced {
        integrated,
        pushed,
        taken,
    })
}

/// `sync --dry-run`: fetches `remote` into its remote-tracking refs only (as `git fetch` with
/// `git checkpoint setup`'s refspecs does; no checkpoint, archive, purge record or notes ref of
/// ours moves), then says what the push of a sync would upload or delete
/// ([`super::outgoing::outgoing`]).
///
/// # Errors
/// Transport errors from `git fetch`; storage errors.
pub fn dry_run(
    store: &Store,
    remote: &str,
    allow_secret: bool,
) -> Result<super::outgoing::Outgoing> {
    crate::remote::fetch(store, remote)?;
    super::outgoing::outgoing(store, remote, None, allow_secret)
}
