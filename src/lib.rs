//! git-checkpoint keeps each story's checkpoint (where the work stands: story, branch, tasks
//! done, key decisions, remaining todos, next action) in git itself, as a commit under
//! `refs/checkpoints/<story>`. Saving moves the ref by compare-and-swap and the commit chain is
//! the history; resuming reads the tip.
//!
//! The library holds the model and the storage; the `git-checkpoint` binary is a thin CLI over it.
//!
//! ```no_run
//! use git_checkpoint::{model, store::Store, story::StoryId};
//! let store = Store::discover(std::path::Path::new("."))?;
//! let story = StoryId::parse("#313")?;
//! let (refname, tip) = git_checkpoint::store::locate(&store, &story, false)?;
//! let revision = store.read(&refname, tip)?;
//! let parsed = model::parse(revision.document.as_bytes());
//! println!("{} tasks left", parsed.doc.tasks_remaining.len());
//! # Ok::<(), git_checkpoint::Error>(())
//! ```

pub mod agents;
pub mod claims;
pub mod config;
pub mod current;
pub mod encoding;
pub mod endings;
pub mod error;
pub mod exported;
pub mod files;
pub mod formats;
pub mod git;
pub mod gitstate;
pub mod human;
pub mod json;
pub mod mcp;
pub mod model;
pub mod names;
pub mod notes;
pub mod ops;
pub mod pack;
pub(crate) mod refs;
pub mod remote;
pub mod secrets;
pub mod signals;
pub mod stack;
pub mod store;
pub mod story;
pub mod sync;
pub mod time;

#[doc(hidden)]
pub mod fuzzing;

pub use error::{Error, ErrorKind, Result};
