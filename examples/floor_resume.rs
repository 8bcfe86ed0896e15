//! The floor of `git checkpoint resume`: a program that does only the work no resume can avoid
//! (start a process, discover and open the repository with gix as the binary does, read the
//! story's ref, its commit, its tree and `checkpoint.md`, and write the document to stdout), and
//! nothing a user reads from resume beyond the bytes (no parse, no drift warnings, no claim).
//!
//! `bench/floor.sh` times it beside `resume` and `git cat-file -p ref:checkpoint.md`, so that a
//! ratio of resume to cat-file can be read against the best any resume could do on the same
//! machine (issue 31). Usage: `floor_resume STORY` in a repository; exit 1 when the story or its
//! document is missing.

use std::io::Write;

fn main() {
    let Some(story) = std::env::args().nth(1) else {
        eprintln!("usage: floor_resume STORY");
        std::process::exit(2);
    };
    match read(&story) {
        Ok(bytes) => {
            let _ = std::io::stdout().lock().write_all(&bytes);
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}

/// The bytes of `checkpoint.md` at the tip of `refs/checkpoints/<story>`.
fn read(story: &str) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let repo = gix::discover_with_environment_overrides(".")?;
    let mut tip = repo.find_reference(format!("refs/checkpoints/{story}").as_str())?;
    let commit = tip.peel_to_commit()?;
    let tree = commit.tree()?;
    let entry = tree
        .find_entry("checkpoint.md")
        .ok_or("the checkpoint has no checkpoint.md")?;
    let blob = entry.object()?.detach();
    Ok(blob.data)
}
