//! The library's typed errors. Each variant names what failed (story, ref, path, oid) and, where
//! there is one, the fix; the binary prints them as one line (`error: ...`) and picks the exit code.
//! This module must not print or exit.

use std::path::PathBuf;

/// Everything the library can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The current directory (or `GIT_DIR`) is not inside a git repository.
    #[error("not a git repository (or any of the parent directories): {0}")]
    NotARepository(String),
    /// The repository stores refs in a format whose writes gix would make invisible to git.
    #[error("reftable ref storage is not supported (extensions.refStorage={0}); convert the repository with `git refs migrate --ref-format=files` or use a files-backend clone")]
    UnsupportedRefStorage(String),
    /// A story id failed validation; `rule` says which rule it broke.
    #[error("invalid story id {input:?}: {rule}")]
    InvalidStory {
        /// The id as it was given.
        input: String,
        /// The rule it broke, phrased as the fix.
        rule: String,
    },
    /// No story was given and none could be detected.
    #[error("cannot detect the story: {reason}; pass it explicitly (git checkpoint {command} <story>){candidates}")]
    NoStory {
        /// The command that needed a story.
        command: &'static str,
        /// Why detection failed.
        reason: String,
        /// Pre-formatted ` (candidates: a, b)` list or empty.
        candidates: String,
    },
    /// No checkpoint exists for the story.
    #[error("no checkpoint found for story {story} ({refname}); start one with `git checkpoint save {story}`")]
    NotFound {
        /// The canonical story id.
        story: String,
        /// The ref that was looked up.
        refname: String,
    },
    /// A remote-tracking checkpoint ref (`refs/remotes/<remote>/checkpoints/<story>`) is missing.
    #[error("no checkpoint for story {story} at {refname}; fetch it first with `git checkpoint fetch <remote>` (or `git fetch <remote> '+refs/checkpoints/*:refs/remotes/<remote>/checkpoints/*'`)")]
    RemoteNotFound {
        /// The canonical story id.
        story: String,
        /// The ref that was looked up.
        refname: String,
    },
    /// No committer identity is configured.
    #[error("no identity configured for the checkpoint commit; set one with `git config user.name \"Your Name\"` and `git config user.email you@example.com` (or GIT_COMMITTER_NAME/GIT_COMMITTER_EMAIL)")]
    NoIdentity,
    /// The document is larger than `checkpoint.maxSize`.
    #[error("checkpoint document is {}{size} bytes, larger than the limit of {limit} bytes (checkpoint.maxSize); shorten it or raise the limit with `git config checkpoint.maxSize <bytes>`", if *.at_least { "more than " } else { "" })]
    TooLarge {
        /// Size of the document in bytes (a lower bound when `at_least`).
        size: u64,
        /// The input was endless or too long to count; `size` is how far it was read.
        at_least: bool,
        /// The limit in bytes.
        limit: u64,
    },
    /// A ref lock file is held by another process (or left behind by a crashed one).
    #[error("cannot lock ref {refname}: {} exists; another git process may be running, or one crashed (remove the file only if no git process is running)", lock.display())]
    LockHeld {
        /// The ref that could not be locked.
        refname: String,
        /// The lock file's path.
        lock: PathBuf,
    },
    /// The ref kept moving under us; the update was not applied.
    #[error("{refname} changed concurrently {attempts} times; nothing was written, try again")]
    Contended {
        /// The contended ref.
        refname: String,
        /// How many attempts were made.
        attempts: u32,
    },
    /// The remote kept rejecting refs after fetching and integrating.
    #[error("{remote} rejected {refs} after {attempts} attempts (fetched and merged in between); run `git checkpoint sync {remote}` or check the remote's permissions")]
    Rejected {
        /// The remote name.
        remote: String,
        /// Each rejected ref with git's summary.
        refs: String,
        /// Attempts made.
        attempts: u32,
    },
    /// A requested revision of a checkpoint does not exist.
    #[error("no revision {rev} in the history of {refname}; see `git checkpoint log {story}`")]
    NoSuchRevision {
        /// The story.
        story: String,
        /// The ref whose history was searched.
        refname: String,
        /// The revision as given (a number or a commit).
        rev: String,
    },
    /// Content about to be written or pushed holds what looks like a credential (the secret
    /// guard; `checkpoint.secretScan`, `--allow-secret`). Never carries the secret itself.
    #[error("refusing to {verb}: line {line} of {place} holds a credential ({kind}); nothing was {done}. Remove it, or pass --allow-secret to {verb} it anyway (`git config checkpoint.secretScan false` turns the scan off)")]
    Secret {
        /// The command's verb: `save`, `import`, `push`.
        verb: &'static str,
        /// What was scanned: `checkpoint.md`, the journal entry, a ref's tip.
        place: String,
        /// 1-based line number within `place`.
        line: usize,
        /// What it looks like, from [`crate::secrets::Finding::kind`].
        kind: &'static str,
        /// `written` or `pushed`.
        done: &'static str,
    },
    /// A stored checkpoint commit lacks the expected tree entries or metadata.
    #[error("{refname} at {oid} is not a checkpoint commit: {reason}; inspect it with `git log {refname}`, remove it with `git update-ref -d {refname}`")]
    Corrupt {
        /// The ref.
        refname: String,
        /// The offending object id (full hex).
        oid: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A file could not be read.
    #[error("cannot read {}: {cause}", path.display())]
    Read {
        /// The path.
        path: PathBuf,
        /// The underlying error (already in the message, so not chained again).
        cause: std::io::Error,
    },
    /// A configuration value is malformed.
    #[error("bad config value {key}={value:?}: {reason}")]
    Config {
        /// The `section.key` name.
        key: String,
        /// The value found.
        value: String,
        /// What is expected instead.
        reason: String,
    },
    /// The archive already holds a checkpoint of this story (or the active one exists) in a way
    /// the command cannot reconcile.
    #[error("{0}")]
    Conflict(String),
    /// A template name that is not built in and not defined by the repository or config.
    #[error("unknown template {name:?}: {reason}")]
    Template {
        /// The name as given or recorded.
        name: String,
        /// What is wrong, phrased with the fix.
        reason: String,
    },
    /// Input given to a command is not usable; the message names the input and the fix.
    #[error("{0}")]
    Input(String),
    /// An error reported by gix while reading or writing objects and refs.
    #[error("{context}: {message}")]
    Git {
        /// What we were doing.
        context: String,
        /// gix's message.
        message: String,
    },
    /// An I/O error from writing output or running the editor.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl Error {
    /// Wraps any displayable gix error with what we were doing when it happened.
    pub fn git(context: impl Into<String>, err: impl std::fmt::Display) -> Self {
        Error::Git {
            context: context.into(),
            message: err.to_string(),
        }
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
