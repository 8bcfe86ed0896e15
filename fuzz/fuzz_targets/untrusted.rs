//! hook payloads, the secret guard and terminal escaping on arbitrary bytes; see
//! `git_checkpoint::fuzzing::check_untrusted`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| git_checkpoint::fuzzing::check_untrusted(data));
