//! `git checkpoint pr-body`: a pull-request description for the story of the current branch
//! (or `--branch`, for CI where HEAD is detached), read from the local checkpoint or, with
//! `--remote`, from a fetched copy. `show STORY --format pr` renders the same body.
//!
//! Owns the PR body layout ([`render`]): Summary, Tasks done, Key decisions, Remaining work,
//! then link lines. Markdown as GitHub and GitLab render it (task-list items for tasks).

use super::{note_found, parse_rev, resolve_story, Found};
use crate::cli::context::Context;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::model::{self, Parsed};
use git_checkpoint::store::Revision;
use git_checkpoint::story::{self, StoryId};

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
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
    let (refname, tip) = match &args.remote {
        Some(remote) => {
            let refname = format!(
                "{}{}",
                git_checkpoint::remote::tracking_prefix(remote),
                story.as_str()
            );
            let tip = store.tip(&refname)?.ok_or_else(|| Error::RemoteNotFound {
                story: story.to_string(),
                refname: refname.clone(),
            })?;
            (refname, tip)
        }
        None => git_checkpoint::store::locate(&store, &story, false)?,
    };
    let rev = store.read(&refname, tip)?;
    let story = story.shown_as(&rev.summary.story_display);
    let parsed = parse_rev(&store, &rev);
    out.raw(&render(&story, &refname, &rev, &parsed))?;
    Ok(0)
}

/// Renders the PR description of one checkpoint revision as Markdown: `## Summary` (title, story,
/// goal), `## Tasks done` (checked task-list items), `## Key decisions`, `## Remaining work`
/// (unchecked items and the next action), then a rule and link lines (source, branch, the
/// checkpoint ref with revision and commit). Lists that are empty say `None.`. Unknown markers
/// are left out. Ends with a newline.
pub fn render(story: &StoryId, refname: &str, rev: &Revision, parsed: &Parsed) -> String {
    let d = &parsed.doc;
    let known = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != model::UNKNOWN)
            .map(str::to_string)
    };
    let mut s = String::from("## Summary\n\n");
    let title = known(&d.title).or_else(|| known(&rev.meta.title));
    match title {
        Some(t) => s.push_str(&format!("**{t}** (story {})\n", story.display())),
        None => s.push_str(&format!("Story {}\n", story.display())),
    }
    if let Some(goal) = known(&d.goal) {
        s.push_str(&format!("\n{goal}\n"));
    }
    let list = |s: &mut String, heading: &str, items: Vec<String>| {
        s.push_str(&format!("\n## {heading}\n\n"));
        if items.is_empty() {
            s.push_str("None.\n");
        }
        for i in items {
            s.push_str(&i);
            s.push('\n');
        }
    };
    list(
        &mut s,
        "Tasks done",
        d.tasks_done
            .iter()
            .map(|t| format!("- [x] {}", t.text))
            .collect(),
    );
    list(
        &mut s,
        "Key decisions",
        d.decisions.iter().map(|t| format!("- {t}")).collect(),
    );
    let mut remaining: Vec<String> = d
        .tasks_remaining
        .iter()
        .map(|t| format!("- [ ] {}", t.text))
        .collect();
    if let Some(next) = known(&d.next_action) {
        if !remaining.is_empty() {
            remaining.push(String::new());
        }
        remaining.push(format!("**Next:** {next}"));
    }
    list(&mut s, "Remaining work", remaining);
    s.push_str("\n---\n\n");
    if let Some(source) = known(&d.source) {
        s.push_str(&format!("Source: {source}  \n"));
    }
    if let Some(branch) = known(&d.branch).or_else(|| rev.meta.branch.clone()) {
        s.push_str(&format!("Branch: `{}`  \n", branch.trim_matches('`')));
    }
    s.push_str(&format!(
        "Checkpoint: `{refname}` revision {} (`{}`), read with `git checkpoint resume {}`\n",
        rev.summary.revision,
        &rev.summary.commit.to_string()[..12],
        story.as_str()
    ));
    s
}
