//! `git checkpoint pr-body`: a pull-request description for the story of the current branch
//! (or `--branch`, for CI where HEAD is detached), read from the local checkpoint or, with
//! `--remote`, from a fetched copy. `show STORY --format pr` renders the same body.
//!
//! The PR body layout is [`git_checkpoint::formats::pr::render`]'s: Summary, Tasks done, Key decisions, Remaining work,
//! then link lines. Markdown as GitHub and GitLab render it (task-list items for tasks).

use super::{note_found, resolve_story, Found};
use crate::cli::context::Context;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::ops::pr_body;
use git_checkpoint::story::{self};

/// Render a pull-request description for the story of the current branch.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default: GIT_CHECKPOINT_STORY, then the branch name (see --branch).
    pub story: Option<String>,
    /// Detect the story from this branch name instead of HEAD's (CI checkouts are often
    /// detached: pass e.g. "$GITHUB_HEAD_REF").
    #[arg(long, value_name = "NAME")]
    pub branch: Option<String>,
    /// Read the copy fetched from REMOTE (refs/remotes/REMOTE/checkpoints/<story>) instead of
    /// the local checkpoint.
    #[arg(long, value_name = "REMOTE")]
    pub remote: Option<String>,
}

/// Runs `pr-body`: prints the body on stdout; returns the exit code.
///
/// # Errors
/// Repository, story and storage errors; [`Error::RemoteNotFound`] when `--remote` names a copy
/// that was not fetched.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let (story, found) = match (&args.story, &args.branch) {
        (None, Some(branch)) if std::env::var_os("GIT_CHECKPOINT_STORY").is_none() => {
            let pattern = store.config_string("checkpoint.storyPattern");
            match story::detect_from_branch(branch, pattern.as_deref())? {
                Some(id) => (id, Found::Branch(branch.clone())),
                None => {
                    return Err(Error::NoStory {
                        command: "pr-body",
                        reason: format!("no story id in branch '{branch}' (--branch)"),
                        candidates: String::new(),
                    })
                }
            }
        }
        _ => resolve_story(&store, args.story.as_deref(), "pr-body", true)?,
    };
    note_found(err, &story, &found);
    let options = pr_body::Options {
        story,
        remote: args.remote,
    };
    out.content(&pr_body::pr_body(&store, options)?.body)?;
    Ok(0)
}
