//! Seed 003's STACK.md and seed 001's completed.md read, rendered and read again; see
//! `git_checkpoint::fuzzing::check_seed_files`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| git_checkpoint::fuzzing::check_seed_files(data));
