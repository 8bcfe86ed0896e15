//! The operations behind the commands: plain option structs in, typed results out, nothing
//! printed. The binary's commands convert their arguments into these options and print the
//! results; one operation calls another through these functions, never through a command.
//! Model: gitoxide-core's `repository/*.rs`.

pub mod agent;
pub mod at;
pub mod diff;
pub mod done;
pub mod export;
pub mod fetch;
pub mod import;
pub mod list;
pub mod locate;
pub mod log;
pub mod pr_body;
pub mod prompt;
pub mod push;
pub mod resume;
pub mod save;
pub mod setup;
pub mod show;
pub mod stack;
pub mod start;
pub mod status;
pub mod switch;
pub mod sync;
