//! `switch`: save the story being left (a revision recording the switch), then make another
//! story current. Prints nothing.

use crate::error::Result;
use crate::store::Store;
use crate::story::StoryId;

use super::save::{self, Saved};

/// What [`switch`] does.
#[derive(Debug, Clone)]
pub struct Options {
    /// The story being left (resolved by the front end as `save` would); `None`, or the story
    /// switched to, saves nothing.
    pub from: Option<StoryId>,
    /// The story to make current.
    pub to: StoryId,
    /// Journal entry for the revision saved on the story being left; default
    /// `switch to <story>`.
    pub message: Option<String>,
}

/// What [`switch`] did.
pub struct Report {
    /// The story left, when one was saved.
    pub from: Option<StoryId>,
    /// The revision saved on it.
    pub saved: Option<Saved>,
    /// The story now current.
    pub story: StoryId,
    /// Whether it has a checkpoint.
    pub checkpoint_exists: bool,
}

/// Saves `options.from` (unless it is `options.to`), then makes `options.to` current.
///
/// # Errors
/// As [`save::save`]; I/O errors writing the current story. The current story is unchanged on
/// error.
pub fn switch(store: &Store, options: Options) -> Result<Report> {
    let Options { from, to, message } = options;
    let from = from.filter(|f| *f != to);
    let mut saved = None;
    if let Some(from) = &from {
        let options = save::Options {
            message: Some(message.unwrap_or_else(|| format!("switch to {}", to.display()))),
            ..save::Options::default()
        };
        saved = Some(save::save(store, from, &options, None)?);
    }
    crate::current::set(store, &to)?;
    let checkpoint_exists = store.tip(&to.refname())?.is_some();
    Ok(Report {
        from,
        saved,
        story: to,
        checkpoint_exists,
    })
}
