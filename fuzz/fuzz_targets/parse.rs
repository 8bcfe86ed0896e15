//! The document parser (default and every built-in template) on arbitrary bytes; see
//! `git_checkpoint::fuzzing::check_parse`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| git_checkpoint::fuzzing::check_parse(data));
