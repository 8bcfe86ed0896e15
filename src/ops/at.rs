//! `at`: the checkpoints taken at a code commit, read from the notes index
//! (`refs/notes/checkpoints`). Prints nothing.

use crate::error::Result;
use crate::notes::{self, NoteLine, NOTES_REF};
use crate::store::Store;
use gix::ObjectId;

/// What [`at`] looks up.
#[derive(Debug, Clone)]
pub struct Options {
    /// A commit: any revision git understands (`HEAD` by default in the CLI).
    pub commit: String,
}

/// What [`at`] found.
#[derive(Debug, Clone)]
pub struct Report {
    /// The commit the revision named.
    pub commit: ObjectId,
    /// The notes index's lines for it, in the note's order; empty when none was taken there.
    pub checkpoints: Vec<NoteLine>,
}

/// Reads the checkpoints recorded at `options.commit`.
///
/// # Errors
/// [`crate::Error::UnknownRevision`] when the revision names nothing, [`crate::Error::NotACommit`] when it
/// names a tree or a blob; storage errors.
pub fn at(store: &Store, options: Options) -> Result<Report> {
    let commit = store.commit_of(&options.commit)?;
    let text = notes::read(store, NOTES_REF, commit)?.unwrap_or_default();
    let checkpoints = text.lines().filter_map(NoteLine::parse).collect();
    Ok(Report {
        commit,
        checkpoints,
    })
}
