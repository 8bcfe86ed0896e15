//! The operations behind the commands: plain option structs in, typed results out, nothing
//! printed. The binary's commands convert their arguments into these options and print the
//! results; one operation calls another through these functions, never through a command.
//! Model: gitoxide-core's `repository/*.rs`.

pub mod agent;
pub mod at;
pub mod behind;
pub mod claim;
pub mod diff;
pub mod done;
pub mod drift;
pub mod export;
pub mod fetch;
pub mod import;
pub mod list;
pub mod locate;
pub mod log;
pub mod merged;
pub mod outgoing;
pub mod pr_body;
pub mod prompt;
pub mod provenance;
pub mod push;
pub mod resolve;
pub mod resume;
pub mod save;
pub mod setup;
pub mod show;
pub mod stack;
pub mod start;
pub mod status;
pub mod switch;
pub mod sync;

/// Whether a use case shares through the default remote by itself: `resume` fetches before it
/// reads, `save` pushes after it writes. Either is best effort: a failure is reported with the
/// result, never instead of it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AutoSync {
    /// As `checkpoint.autoSync` says (default false).
    #[default]
    Configured,
    /// Never, whatever the configuration says.
    Off,
}

impl AutoSync {
    /// True when the operation should share.
    ///
    /// # Errors
    /// [`crate::Error::Config`] for a malformed `checkpoint.autoSync`.
    pub fn enabled(self, store: &crate::store::Store) -> crate::error::Result<bool> {
        match self {
            AutoSync::Configured => store.config().auto_sync(),
            AutoSync::Off => Ok(false),
        }
    }
}
