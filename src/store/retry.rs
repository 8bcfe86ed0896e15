//! When to try a read or a write again, and how long to wait first: an object a concurrent
//! `git gc` moved between packs, or a ref another process holds locked. Both the read and the
//! write side of the store use it, so it sits below both.

use crate::error::{Error, Result};

/// Sleeps before retry `attempt` (none before the first): a few milliseconds, growing, with
/// jitter from the clock and pid so racing processes spread out.
pub fn backoff(attempt: u32) {
    backoff_by(attempt, 1000);
}

/// Sleeps before retry `attempt` (none before the first) between `unit` and twice `unit`
/// microseconds times `attempt` (capped at 32: with `MAX_ATTEMPTS` and a unit of 1 ms that
/// is 1.5 to 3 s in all, enough for a lock holder descheduled on a loaded machine), with
/// jitter from the clock and pid.
pub fn backoff_by(attempt: u32, unit: u64) {
    if attempt == 0 {
        return;
    }
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let jitter = u64::from((nanos ^ std::process::id().wrapping_mul(2_654_435_761)) % 1000);
    let steps = u64::from(attempt.min(32));
    let micros = unit * steps + jitter * unit / 1000 * steps;
    std::thread::sleep(std::time::Duration::from_micros(micros));
}

/// Whether `e` or one of its sources says a file or object was not found (gix-error's
/// classification: an I/O "not found", or gix's "object could not be found"). Under a
/// concurrent `git gc` that is transient: an empty fan-out directory was removed, or loose
/// objects moved into a new pack between two reads.
pub(super) fn vanished(e: &(dyn std::error::Error + 'static)) -> bool {
    gix_error::classify(e).is_not_found()
}

/// Runs `read`, and again at most three more times 10-20 ms apart while it fails because an
/// object was not found: an object a concurrent `git gc` is moving from loose into a new pack
/// can be missed by one lookup, and git's own readers look again after re-reading the pack
/// directory.
pub(super) fn again_if_vanished<T>(mut read: impl FnMut() -> Result<T>) -> Result<T> {
    let mut attempt = 0;
    loop {
        match read() {
            Err(Error::Git { source, .. }) if attempt < 3 && vanished(source.as_ref()) => {
                attempt += 1;
                backoff_by(attempt, 10_000);
            }
            result => return result,
        }
    }
}
