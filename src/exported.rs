//! The record of the files `export -o` wrote, so a later export knows which files it may
//! replace (issue 28: an export overwrote a user's own 5.5 KB `working-context.md`).
//!
//! One file, `<common git dir>/checkpoint/exported` (shared by the worktrees of a clone, as an
//! export from any of them writes the same files): one line per file,
//! `<blob id> <path>`, the SHA-256 git blob id of the bytes written (what
//! `git hash-object --object-format=sha256 FILE` prints) and the file's real path (absolute,
//! symlinks resolved, UTF-8). The newest line for a path wins; the record keeps the
//! [`KEEP`] newest paths. A file is ours to replace when it is absent, when it holds exactly
//! what the export would write, or when its blob id is the one recorded for its path; anything
//! else is refused unless `--force` (`ops::export`). A path that is not UTF-8 or holds a
//! newline is not recorded, and a record that cannot be read or written makes the next export
//! over that file ask for `--force`: every failure leans toward not overwriting.
//!
//! Owns that one file; never touches refs and never writes outside the git directory.

use crate::store::Store;
use std::path::{Path, PathBuf};

/// How many paths the record keeps (the oldest are dropped).
pub const KEEP: usize = 1000;

/// The record's path.
pub fn path(store: &Store) -> PathBuf {
    store.common_dir().join("checkpoint").join("exported")
}

/// The SHA-256 git blob id of `bytes`, in hex: what the record holds for a file.
pub fn blob_id(bytes: &[u8]) -> String {
    gix::objs::compute_hash(gix::hash::Kind::Sha256, gix::objs::Kind::Blob, bytes)
        .expect("SHA-256 has no collision detection that could fail")
        .to_string()
}

/// The record's lines, oldest first, as (blob id, path); empty when there is none or it
/// cannot be read.
fn lines(store: &Store) -> Vec<(String, String)> {
    std::fs::read_to_string(path(store))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(id, p)| (id.to_string(), p.to_string()))
        .collect()
}

/// The blob id recorded for the real path `real`, if any.
pub fn recorded(store: &Store, real: &Path) -> Option<String> {
    let want = real.to_str()?;
    lines(store)
        .into_iter()
        .rev()
        .find(|(_, p)| p == want)
        .map(|(id, _)| id)
}

/// Records that `bytes` were written at each real path of `written`.
///
/// # Errors
/// I/O errors creating the directory or replacing the record (the files are written already;
/// the caller may report it, and the next export over them asks for `--force`).
pub fn record(store: &Store, written: &[(PathBuf, &[u8])]) -> std::io::Result<()> {
    let mut all = lines(store);
    for (real, bytes) in written {
        let Some(p) = real.to_str().filter(|p| !p.contains('\n')) else {
            continue;
        };
        all.retain(|(_, q)| q != p);
        all.push((blob_id(bytes), p.to_string()));
    }
    let skip = all.len().saturating_sub(KEEP);
    let text: String = all[skip..]
        .iter()
        .map(|(id, p)| format!("{id} {p}\n"))
        .collect();
    let file = path(store);
    let dir = file.parent().expect("the path has a parent");
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!("exported.{}.tmp", std::process::id()));
    crate::signals::replace_file(&file, &tmp, text.as_bytes())
}
