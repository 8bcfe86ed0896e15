//! Fetching a remote's checkpoints through the user's `git fetch` into the remote-tracking
//! namespace (`refs/remotes/<remote>/checkpoints/*`), then integrating them: behind is
//! fast-forwarded, ahead is left alone, diverged histories get a merge commit.

use crate::error::Result;
use crate::store::Store;
use crate::sync::{self, Outcome};

/// Fetches from `remote` and integrates what came in; returns one outcome per ref that changed
/// or was skipped.
///
/// # Errors
/// Transport errors from `git fetch`; storage errors while integrating.
pub fn fetch(store: &Store, remote: &str) -> Result<Vec<Outcome>> {
    packed_after(store, fetch_unpacked(store, remote)?)
}

/// [`fetch`] without the packing of refs afterwards: for [`super::sync::sync`], whose push
/// rewrites the remote-tracking refs the fetch wrote loose (straight into `packed-refs` when
/// they are many, [`crate::refs::PACKED_EDITS`]) and which asks git to pack once at its end
/// ([`packed_after`]).
///
/// # Errors
/// As [`fetch`].
pub(crate) fn fetch_unpacked(store: &Store, remote: &str) -> Result<Vec<Outcome>> {
    crate::remote::fetch(store, remote)?;
    sync::integrate(store, remote)
}

/// Refs a fetch must have changed (remote-tracking and local, loose files both) before
/// [`packed_after`] asks git whether to pack them.
pub const PACK_AFTER: usize = 100;

/// Returns `outcomes`, after asking git to pack our refs ([`Store::pack_our_refs`]) when at
/// least [`PACK_AFTER`] of them moved or came new.
pub(crate) fn packed_after(store: &Store, outcomes: Vec<Outcome>) -> Result<Vec<Outcome>> {
    let moved = outcomes
        .iter()
        .filter(|o| o.action != sync::Action::UpToDate)
        .count();
    if moved >= PACK_AFTER {
        store.pack_our_refs();
    }
    Ok(outcomes)
}

/// [`fetch`] of `stories` only: their refs in each of our namespaces and the notes ref are
/// fetched ([`crate::remote::fetch_stories`]) and integrated
/// ([`sync::integrate_stories`]); no other story's ref is fetched, read or moved (but for a
/// remote ref whose name continues the id with a character no story id has, which only a
/// remote-tracking ref receives: [`crate::remote::story_refspecs`]). The remote lists only the
/// refs whose names start with one of theirs, so the cost does not grow with the number of
/// stories it holds beyond what a plain `git fetch` of one ref costs.
///
/// # Errors
/// As [`fetch`].
pub fn fetch_stories(
    store: &Store,
    remote: &str,
    stories: &[crate::story::StoryId],
) -> Result<Vec<Outcome>> {
    crate::remote::fetch_stories(store, remote, stories)?;
    sync::integrate_stories(store, remote, Some(stories))
}

/// [`fetch`] that, in a shallow clone, fetches the whole history first
/// ([`crate::remote::fetch_unshallow`]): what `log`, `diff` and `resume --rev` ask for when a
/// revision is not in the clone.
///
/// # Errors
/// As [`fetch`].
pub fn fetch_unshallow(store: &Store, remote: &str) -> Result<Vec<Outcome>> {
    crate::remote::fetch_unshallow(store, remote)?;
    packed_after(store, sync::integrate(store, remote)?)
}
