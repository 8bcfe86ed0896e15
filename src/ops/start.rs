//! `start`: make a story this worktree's current story (`<git dir>/checkpoint/current`), or
//! say which story is current and which one commands given no story use here. Prints nothing.

use crate::current;
use crate::error::Result;
use crate::store::Store;
use crate::story::StoryId;

use super::locate::{resolve_story, Found};

/// What [`start`] does.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The story to make current; `None` only reports the current one.
    pub story: Option<StoryId>,
}

/// What [`start`] did or found.
#[derive(Debug, Clone)]
pub enum Report {
    /// `story` is current now.
    Started {
        /// The story made current.
        story: StoryId,
        /// The story current before, if any.
        previous: Option<StoryId>,
        /// Whether the story has a checkpoint.
        checkpoint_exists: bool,
        /// The file that records the current story.
        file: String,
    },
    /// No story given: this one is current.
    Current {
        /// The current story.
        story: StoryId,
        /// The branch it was made current on, when recorded.
        branch: Option<String>,
        /// Whether the story has a checkpoint.
        checkpoint_exists: bool,
        /// The file that records the current story.
        file: String,
        /// The story commands given no story use here when it is another one (the
        /// environment, or a branch naming another story), and how it was found.
        used_instead: Option<(StoryId, Found)>,
    },
    /// No story given and none is current.
    NoneCurrent {
        /// The story commands given no story use here, and how it was found, when one is.
        used_instead: Option<(StoryId, Found)>,
    },
}

/// Makes `options.story` current, or reports the current story.
///
/// # Errors
/// I/O errors writing `<git dir>/checkpoint/current`; storage errors.
pub fn start(store: &Store, options: Options) -> Result<Report> {
    let Some(story) = options.story else {
        return show(store);
    };
    let previous = current::get(store);
    current::set(store, &story)?;
    let checkpoint_exists = store.tip(&story.refname())?.is_some();
    Ok(Report::Started {
        story,
        previous,
        checkpoint_exists,
        file: current::path(store).display().to_string(),
    })
}

fn show(store: &Store) -> Result<Report> {
    let Some((story, branch)) = current::get_with_branch(store) else {
        // What a command given no story would use instead, as `resolve_story` decides.
        let used_instead = resolve_story(store, None, "start", true).ok();
        return Ok(Report::NoneCurrent { used_instead });
    };
    let checkpoint_exists = store.tip(&story.refname())?.is_some();
    let used_instead = match resolve_story(store, None, "start", false) {
        Ok((s, found)) if s != story => Some((s, found)),
        _ => None,
    };
    Ok(Report::Current {
        story,
        branch,
        checkpoint_exists,
        file: current::path(store).display().to_string(),
        used_instead,
    })
}
