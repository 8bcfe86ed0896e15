//! The floor of `git checkpoint list --all`: a program that does only the work no listing of
//! every story can avoid (start a process, discover and open the repository with gix as the
//! binary does, walk the checkpoint refs here and read each tip's commit to print its ref name and
//! subject, and name the remote-tracking checkpoint refs of every remote), and nothing a user reads from list
//! beyond that (no `meta.json`, no task counts, no landed branches, no columns).
//!
//! `bench/remote.sh` times it beside `list --all` and `git for-each-ref --format='%(refname)
//! %(contents:subject)' refs/checkpoints`, so that list's ratio to for-each-ref can be read
//! against the best any list could do on the same machine (issue 31). Usage: `floor_list` in a
//! repository; exit 1 on any error.
use gix::bstr::ByteSlice;
use std::io::Write;

fn main() {
    if let Err(e) = list() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn list() -> Result<(), Box<dyn std::error::Error>> {
    let repo = gix::discover_with_environment_overrides(".")?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let platform = repo.references()?;
    for prefix in ["refs/checkpoints/", "refs/remotes/"] {
        for r in platform.prefixed(prefix)? {
            let mut r = r?;
            let name = r.name().as_bstr().to_owned();
            if prefix == "refs/remotes/" {
                // A story only on a remote is named, its commit not read.
                if name.contains_str("/checkpoints/") {
                    writeln!(out, "{name}")?;
                }
                continue;
            }
            let commit = r.peel_to_commit()?;
            let subject = commit.message()?.summary();
            writeln!(out, "{name} {subject}")?;
        }
    }
    out.flush()?;
    Ok(())
}
