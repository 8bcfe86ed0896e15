//! Deferring termination signals while files are half-written.
//!
//! gix writes each loose object to a temporary file in `objects/` and renames it into place, and
//! each ref update through a `<ref>.lock` file. A `SIGINT` (Ctrl-C), `SIGTERM`, `SIGHUP` or
//! `SIGQUIT` arriving in between would end the process with the temporary or lock file left
//! behind, and a leftover `.lock` blocks every later writer of that ref. So every write of ours
//! runs inside [`deferred`]: the signals are blocked for its duration (microseconds, or up to
//! `core.filesRefLockTimeout` while a ref transaction waits for a lock) and delivered when it
//! returns, when every file is either in place or removed. The process then ends as the signal's
//! default action says, exactly as it would have.
//!
//! Waiting between attempts and running `git` or an editor happen outside, so Ctrl-C stays
//! immediate there; a child process never inherits the blocked mask, because none is started
//! inside [`deferred`]. `SIGKILL` cannot be blocked: the crash tests show that a killed save
//! leaves at most a stale lock, which the next writer names (see [`crate::Error::LockHeld`]).
//!
//! The mask is per thread (POSIX `pthread_sigmask(3)`); git-checkpoint writes from one thread.
//! On non-Unix platforms [`deferred`] only calls the closure.

/// Runs `write` with `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGQUIT` blocked in the calling thread,
/// then restores the previous mask, so a signal that arrived meanwhile is handled only after
/// `write` has returned. Nested calls are fine: the inner one restores a mask that still blocks.
///
/// Returns what `write` returns; never fails (a mask that cannot be changed leaves the default
/// behaviour, which is what git-checkpoint had without this).
pub fn deferred<T>(write: impl FnOnce() -> T) -> T {
    let _guard = imp::Blocked::new();
    write()
}

/// Replaces the file `path` with `contents`: written to `tmp` (beside `path`, on the same file
/// system) and renamed over `path`, inside [`deferred`]. Afterwards `path` holds either the old
/// or the new contents, never a part, and `tmp` is gone, also when a step fails.
///
/// # Errors
/// The I/O error of the write or the rename (`tmp` has been removed then).
pub fn replace_file(
    path: &std::path::Path,
    tmp: &std::path::Path,
    contents: &[u8],
) -> std::io::Result<()> {
    deferred(|| {
        let written = std::fs::write(tmp, contents).and_then(|()| std::fs::rename(tmp, path));
        if written.is_err() {
            let _ = std::fs::remove_file(tmp);
        }
        written
    })
}

#[cfg(unix)]
mod imp {
    /// The thread's signal mask before blocking; restored on drop.
    pub struct Blocked {
        old: Option<libc::sigset_t>,
    }

    impl Blocked {
        pub fn new() -> Blocked {
            // SAFETY: sigset_t is plain data that sigemptyset initialises; pthread_sigmask only
            // reads `set` and writes `old`, both valid for the duration of the calls.
            unsafe {
                let mut set: libc::sigset_t = std::mem::zeroed();
                let mut old: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut set);
                for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
                    libc::sigaddset(&mut set, signal);
                }
                let ok = libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut old) == 0;
                Blocked {
                    old: ok.then_some(old),
                }
            }
        }
    }

    impl Drop for Blocked {
        fn drop(&mut self) {
            if let Some(old) = &self.old {
                // SAFETY: `old` is the mask pthread_sigmask filled in; restoring it delivers any
                // signal that became pending while blocked.
                unsafe {
                    libc::pthread_sigmask(libc::SIG_SETMASK, old, std::ptr::null_mut());
                }
            }
        }
    }
}

#[cfg(not(unix))]
mod imp {
    pub struct Blocked;

    impl Blocked {
        pub fn new() -> Blocked {
            Blocked
        }
    }
}
