//! The three-way merge: base, ours and theirs separated by 0x1E bytes; see
//! `git_checkpoint::fuzzing::check_merge`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| git_checkpoint::fuzzing::check_merge(data));
