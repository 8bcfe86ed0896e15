//! The floor of `git checkpoint save` among parallel writers: a program that does only the
//! writes no save can avoid, and none of the reading, parsing, scanning and reporting around
//! them. It starts a process, discovers and opens the repository with gix as the binary does,
//! and then, each under an advisory lock per ref (as the binary's writers take turns):
//!
//! 1. writes the message as `checkpoint.md` (blob, tree, commit on the story's tip) and moves
//!    `refs/checkpoints/<story>` by compare-and-swap;
//! 2. appends `<story> <commit> r<n> <message>` to the note on `HEAD` in `refs/notes/checkpoints`
//!    (blob, tree, commit) and moves the notes ref by compare-and-swap: the index every save
//!    keeps (docs/FORMAT.md, "Notes").
//!
//! With `--scan` it first scans the work tree (tracked and untracked files, one thread, as
//! `examples/floor_status.rs`) and writes the changed paths into the document: the floor of a
//! save with git state, which `bench/floor.sh` times beside the gstack seed's chain.
//!
//! `bench/writers.sh` runs it as a fourth set-up beside `git update-ref` and `save`, so that the
//! ratio of save's throughput to update-ref's can be read against the best any save could do
//! on the same machine (issue 31). Usage: `floor_save [--scan] STORY MESSAGE` in a repository with a
//! commit; exit 1 on any error.

use gix::bstr::ByteSlice;
use gix::objs::tree::{Entry, EntryKind};
use std::fs::File;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let scan = args.first().is_some_and(|a| a == "--scan");
    if scan {
        args.remove(0);
    }
    let [story, message] = &args[..] else {
        eprintln!("usage: floor_save [--scan] STORY MESSAGE");
        std::process::exit(2);
    };
    if let Err(e) = save(story, message, scan) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn save(story: &str, message: &str, scan: bool) -> Result<()> {
    let repo = gix::discover_with_environment_overrides(".")?;
    let head = repo.head_id()?.detach();
    let mut document = message.to_string();
    if scan {
        document.push_str(&changed_paths(&repo)?);
    }
    let message = document.as_str();
    let refname = format!("refs/checkpoints/{story}");
    let (commit, revision) = with_turn(&repo, &refname, || {
        let tip = repo.try_find_reference(refname.as_str())?;
        let (parents, revision) = match tip {
            Some(mut r) => {
                let c = r.peel_to_commit()?;
                let n = c.message_raw()?.lines().next_back().and_then(|l| {
                    l.strip_prefix(b"Revision: ")
                        .and_then(|n| std::str::from_utf8(n).ok()?.parse::<u64>().ok())
                });
                (vec![c.id], n.unwrap_or(0) + 1)
            }
            None => (Vec::new(), 1),
        };
        let tree = one_file_tree(&repo, "checkpoint.md", message.as_bytes())?;
        let msg = format!("{message}\n\nRevision: {revision}\n");
        let id = repo.commit(refname.as_str(), msg, tree, parents)?.detach();
        Ok((id, revision))
    })?;
    let line = format!("{story} {commit} r{revision} {message}\n");
    with_turn(&repo, "refs/notes/checkpoints", || {
        let tip = repo.try_find_reference("refs/notes/checkpoints")?;
        let (parents, mut entries) = match tip {
            Some(mut r) => {
                let c = r.peel_to_commit()?;
                let tree = c.tree()?.decode()?.to_owned();
                (vec![c.id], tree.entries)
            }
            None => (Vec::new(), Vec::new()),
        };
        let name = head.to_string();
        let mut text = Vec::new();
        if let Some(e) = entries.iter().find(|e| e.filename == name.as_str()) {
            text = repo.find_object(e.oid)?.detach().data;
        }
        text.extend_from_slice(line.as_bytes());
        let blob = repo.write_blob(&text)?.detach();
        entries.retain(|e| e.filename != name.as_str());
        entries.push(Entry {
            mode: EntryKind::Blob.into(),
            filename: name.as_str().into(),
            oid: blob,
        });
        entries.sort_by(|a, b| a.filename.cmp(&b.filename));
        let tree = repo.write_object(&gix::objs::Tree { entries })?.detach();
        repo.commit(
            "refs/notes/checkpoints",
            "Notes added by 'git checkpoint save'",
            tree,
            parents,
        )?;
        Ok(())
    })
}

/// The work tree's changes as lines of `- <path>`: a one-thread gix scan of tracked and
/// untracked files, as `examples/floor_status.rs` does (the git state a save records).
fn changed_paths(repo: &gix::Repository) -> Result<String> {
    let mut out = String::from("\n\n## Files\n");
    let items = repo
        .status(gix::progress::Discard)?
        .untracked_files(gix::status::UntrackedFiles::Files)
        .into_iter(Vec::<gix::bstr::BString>::new())?;
    for item in items {
        out.push_str(&format!("- {}\n", item?.location()));
    }
    Ok(out)
}

/// A tree holding one file.
fn one_file_tree(repo: &gix::Repository, name: &str, data: &[u8]) -> Result<gix::ObjectId> {
    let blob = repo.write_blob(data)?.detach();
    let tree = gix::objs::Tree {
        entries: vec![Entry {
            mode: EntryKind::Blob.into(),
            filename: name.into(),
            oid: blob,
        }],
    };
    Ok(repo.write_object(&tree)?.detach())
}

/// Runs `write` holding an advisory lock for `refname`, again while another writer won the
/// compare-and-swap (`repo.commit` expects the parent it read, or no ref).
fn with_turn<T>(
    repo: &gix::Repository,
    refname: &str,
    mut write: impl FnMut() -> Result<T>,
) -> Result<T> {
    let dir = repo.common_dir().join("floor-turns");
    std::fs::create_dir_all(&dir)?;
    let lock = File::create(dir.join(refname.replace('/', "%")))?;
    lock.lock()?;
    let mut attempts = 0;
    loop {
        match write() {
            Ok(v) => return Ok(v),
            Err(_) if attempts < 100 => attempts += 1,
            Err(e) => return Err(e),
        }
    }
}
