//! Names every layer shares and none owns: the refs of the on-ref layout (docs/FORMAT.md) and
//! the patterns the JSON schemas give ids. A leaf: it depends on nothing of the crate, so the
//! store, the formats and the front ends can all name these without reaching into each other.

/// Namespace of active checkpoints: `refs/checkpoints/<story>`.
pub const ACTIVE_PREFIX: &str = "refs/checkpoints/";
/// Namespace of finished checkpoints: `refs/checkpoints-archive/<story>`.
pub const ARCHIVE_PREFIX: &str = "refs/checkpoints-archive/";
/// Namespace of purge records: `refs/checkpoints-purged/<story>` (since 0.1.0; docs/FORMAT.md,
/// "Endings").
pub const PURGED_PREFIX: &str = "refs/checkpoints-purged/";
/// Namespace of claims: `refs/checkpoints-claims/<story>`, who holds a story (since 0.1;
/// docs/FORMAT.md, "Claims").
pub const CLAIMS_PREFIX: &str = "refs/checkpoints-claims/";
/// The suspended-story stack (`git checkpoint stack`): a commit chain whose tree holds
/// `stack.json` and `STACK.md`; see `docs/FORMAT.md`.
pub const STACK_REF: &str = "refs/checkpoints-stack/default";

/// The notes ref git-checkpoint writes: one note per code commit a checkpoint was taken at
/// (git-notes(1); docs/FORMAT.md, "Notes").
pub const NOTES_REF: &str = "refs/notes/checkpoints";

/// Full hex object id: 40 characters for SHA-1 repositories, 64 for SHA-256.
pub const OID_PATTERN: &str = "^[0-9a-f]{40}([0-9a-f]{24})?$";

/// A canonical (case-folded) story id, as in ref names.
pub const STORY_PATTERN: &str = "^[a-z0-9._-]+$";
