//! git status --porcelain=v2 -z output and commit messages (compose/split laws); see
//! `git_checkpoint::fuzzing::check_git_output`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| git_checkpoint::fuzzing::check_git_output(data));
