//! `show`: one stored revision of a story as it is, parsed when the front end renders it as JSON
//! or as a pull-request body. Prints nothing.

use crate::error::Result;
use crate::formats;
use crate::model::Parsed;
use crate::store::{Revision, Store};
use crate::story::StoryId;

use super::locate::{read_revision, Located};

/// What [`show`] reads.
#[derive(Debug, Clone)]
pub struct Options {
    /// The ref to read ([`super::locate::locate_for_read`]).
    pub at: Located,
    /// An older revision: its number or commit id (`--rev`); `None` for the tip.
    pub rev: Option<String>,
    /// Parse the document with its own format (for JSON and PR bodies).
    pub parse: bool,
}

/// What [`show`] read.
#[derive(Debug, Clone)]
pub struct Report {
    /// The story, shown as it was saved.
    pub story: StoryId,
    /// The full ref name read.
    pub refname: String,
    /// The revision read.
    pub revision: Revision,
    /// Its parsed document, when [`Options::parse`] asked for it.
    pub parsed: Option<Parsed>,
    /// Which parts of the revision arrived from a remote (a teammate's).
    pub provenance: super::provenance::Provenance,
}

/// Reads the revision `options` name.
///
/// # Errors
/// As [`read_revision`]: [`crate::Error::NoSuchRevision`], [`crate::Error::AmbiguousRevision`],
/// storage errors.
pub fn show(store: &Store, options: Options) -> Result<Report> {
    let revision = read_revision(store, &options.at, options.rev.as_deref())?;
    let Located { story, refname, .. } = options.at;
    let story = story.shown_as(&revision.summary.story_display);
    let parsed = options
        .parse
        .then(|| formats::parse_revision(store, &revision));
    let provenance =
        super::provenance::provenance(store, &refname, &revision, parsed.as_ref().map(|p| &p.doc))?;
    Ok(Report {
        story,
        refname,
        revision,
        parsed,
        provenance,
    })
}
