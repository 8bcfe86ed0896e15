//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`, see `fuzz/`) through the same
//! checks the fuzz targets run, on stable, in plain `cargo test`.

use git_checkpoint::fuzzing::{
    check_git_output, check_merge, check_parse, check_seed_files, check_untrusted,
};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} has no corpus files", dir.display());
    let failed: Vec<String> = files
        .iter()
        .filter(|p| {
            let data = std::fs::read(p).expect("corpus file");
            catch_unwind(AssertUnwindSafe(|| check(&data))).is_err()
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(failed.is_empty(), "{target} check panicked on {failed:#?}");
}

#[test]
fn parse_corpus_replays_cleanly() {
    replay("parse", check_parse);
}

#[test]
fn merge_corpus_replays_cleanly() {
    replay("merge", check_merge);
}

#[test]
fn seed_files_corpus_replays_cleanly() {
    replay("seed_files", check_seed_files);
}

#[test]
fn git_output_corpus_replays_cleanly() {
    replay("git_output", check_git_output);
}

#[test]
fn untrusted_corpus_replays_cleanly() {
    replay("untrusted", check_untrusted);
}
