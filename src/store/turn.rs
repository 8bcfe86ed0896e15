//! Writers of this clone take turns: before [`Store::transact`](super::Store::transact) plans a
//! ref update it holds an advisory lock (flock(2), `File::lock`) on
//! `<common-dir>/checkpoint/turns/<nn>`, one of 64 files chosen by the ref's name. Writers of
//! the same ref (every save moves the shared notes ref) then plan one after the other instead
//! of all planning at once and all but one losing the compare-and-swap: 32 writers on 32
//! stories wasted most of their work on lost races and backed off for up to seconds
//! (bench/writers.sh).
//!
//! The turn is an optimisation only. The compare-and-swap under git's own `<ref>.lock` stays
//! what keeps writes correct, against other clones' worktrees on another file system, git
//! itself and any tool that moves our refs. So a turn that cannot be had (a read-only or odd
//! file system, [`WAIT`] passed while another writer holds it) is simply not taken. The kernel
//! drops the lock when its holder exits, however it exits: a crashed writer leaves no turn held.

use std::cell::RefCell;
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How many turn files there are: refs whose names hash alike share one.
const BUCKETS: u64 = 64;

/// How long a writer waits for its turn before it plans without one (a holder stuck in a plan:
/// a lazy fetch of a partial clone's object, a stopped process).
pub const WAIT: Duration = Duration::from_secs(5);

thread_local! {
    /// The turn files this thread holds: a transaction nested in another's plan (or one whose
    /// ref shares a file with the outer one) must not wait for itself.
    static HELD: RefCell<Vec<PathBuf>> = const { RefCell::new(Vec::new()) };
}

/// A held turn, released when dropped (the lock goes with the file's last descriptor).
#[derive(Debug)]
pub struct Turn {
    path: PathBuf,
    _file: File,
}

impl Drop for Turn {
    fn drop(&mut self) {
        HELD.with(|h| h.borrow_mut().retain(|p| p != &self.path));
    }
}

/// Waits up to [`WAIT`] for the turn of writers of `refname` in the clone whose common
/// directory is `common_dir`. Returns `None` (plan without a turn) when this thread already
/// holds that turn, when the file cannot be created or locked, or when the wait ran out.
pub fn take(common_dir: &Path, refname: &str) -> Option<Turn> {
    let path = common_dir
        .join("checkpoint")
        .join("turns")
        .join(format!("{:02x}", bucket(refname)));
    if HELD.with(|h| h.borrow().contains(&path)) {
        return None;
    }
    let file = open(&path)?;
    let file = match file.try_lock() {
        Ok(()) => file,
        Err(TryLockError::WouldBlock) => wait(file)?,
        Err(TryLockError::Error(_)) => return None,
    };
    HELD.with(|h| h.borrow_mut().push(path.clone()));
    Some(Turn { path, _file: file })
}

fn open(path: &Path) -> Option<File> {
    let open = || {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
    };
    match open() {
        Ok(f) => Some(f),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(path.parent()?).ok()?;
            open().ok()
        }
        Err(_) => None,
    }
}

/// A blocking lock, bounded by [`WAIT`]: a thread blocks in `flock` and hands the locked file
/// over; when the wait ran out, the file it would hand over is dropped, which unlocks it.
fn wait(file: File) -> Option<File> {
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("checkpoint-turn".into())
        .spawn(move || {
            if file.lock().is_ok() {
                let _ = tx.send(file);
            }
        })
        .ok()?;
    rx.recv_timeout(WAIT).ok()
}

/// FNV-1a of the ref name, modulo [`BUCKETS`]: stable across runs and builds, so every process
/// of every version picks the same file for a ref.
fn bucket(refname: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in refname.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h % BUCKETS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_take_of_a_held_turn_does_not_wait_for_itself() {
        let dir = tempfile::tempdir().unwrap();
        let outer = take(dir.path(), "refs/notes/checkpoints").expect("a free turn is taken");
        assert!(take(dir.path(), "refs/notes/checkpoints").is_none());
        drop(outer);
        assert!(take(dir.path(), "refs/notes/checkpoints").is_some());
    }

    #[test]
    fn a_turn_held_by_another_open_file_is_waited_for_and_then_taken() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir
            .path()
            .join("checkpoint/turns")
            .join(format!("{:02x}", bucket("refs/checkpoints/42")));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let other = File::create(&path).unwrap();
        other.lock().unwrap();
        let release = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            drop(other);
        });
        let start = std::time::Instant::now();
        let turn = take(dir.path(), "refs/checkpoints/42");
        release.join().unwrap();
        assert!(turn.is_some());
        assert!(start.elapsed() >= Duration::from_millis(90));
    }
}
