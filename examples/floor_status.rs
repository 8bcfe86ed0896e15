//! The floor of `git checkpoint status`, `prompt` and the agents' hooks in a small work tree: a
//! program that does only the work none of them can avoid (start a process, open the repository
//! with gix as the binary does, read the story's `checkpoint.md`, and scan the work tree against
//! the index and HEAD with gix in this thread, as `src/gitstate.rs` does below 1,000 files), then
//! prints the number of changed paths and the document's size. No parse, no comparison with the saved state, no text.
//!
//! `bench/floor.sh` times it beside those commands and `git status --porcelain` (issue 31).
//! Usage: `floor_status STORY` in a repository with a work tree; exit 1 on any error.

fn main() {
    let Some(story) = std::env::args().nth(1) else {
        eprintln!("usage: floor_status STORY");
        std::process::exit(2);
    };
    match scan(&story) {
        Ok((changed, size)) => println!("{changed} {size}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}

/// The number of paths the work-tree scan reports and the size of `checkpoint.md` at the tip
/// of `refs/checkpoints/<story>`.
fn scan(story: &str) -> Result<(usize, usize), Box<dyn std::error::Error>> {
    let repo = gix::discover_with_environment_overrides(".")?;
    let document = {
        let mut tip = repo.find_reference(format!("refs/checkpoints/{story}").as_str())?;
        let commit = tip.peel_to_commit()?;
        let tree = commit.tree()?;
        let entry = tree
            .find_entry("checkpoint.md")
            .ok_or("the checkpoint has no checkpoint.md")?;
        let blob = entry.object()?.detach();
        blob.data.len()
    };
    let mut changed = 0;
    let items = repo
        .status(gix::progress::Discard)?
        .untracked_files(gix::status::UntrackedFiles::Files)
        .into_iter(Vec::<gix::bstr::BString>::new())?;
    for item in items {
        item?;
        changed += 1;
    }
    Ok((changed, document))
}
