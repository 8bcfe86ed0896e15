//! `git checkpoint status`: how old the current story's checkpoint is and how far HEAD and the
//! working tree moved since; exits 1 when stale by `--max-age` or `--max-commits` (defaults
//! from `checkpoint.maxAge` and `checkpoint.maxCommits`), for idle hooks (seed 001).

use super::resolve_story;
use crate::cli::context::Context;
use crate::cli::output::{relative_time, rfc3339};
use git_checkpoint::config;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::json;
use git_checkpoint::ops::status;

/// Exit code when the checkpoint is stale (or missing).
pub const EXIT_STALE: i32 = 1;

// This doc is the command's about text as well as the `cli::Command` variant's (clap builds
// a command's arguments only when it runs, and then this doc wins): keep the two the same.
/// How old the checkpoint is and how far HEAD and the working tree moved; exit 1 when stale.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default: GIT_CHECKPOINT_STORY, the branch name, then the current story.
    pub story: Option<String>,
    /// Stale when older than DURATION (`90s`, `30m`, `2h`, `1d`, `1w`, `1h30m`); default
    /// `checkpoint.maxAge`.
    #[arg(long, value_name = "DURATION")]
    pub max_age: Option<String>,
    /// Stale when HEAD has more than N commits the checkpoint has not seen; default
    /// `checkpoint.maxCommits`.
    #[arg(long, value_name = "N")]
    pub max_commits: Option<u64>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `status`; returns 0 when fresh, [`EXIT_STALE`] when stale or missing.
///
/// # Errors
/// Repository, story, configuration and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let (story, found) = resolve_story(&store, args.story.as_deref(), "status", true)?;
    super::note_found(err, &story, &found);
    let max_age = match &args.max_age {
        Some(v) => Some(config::parse_duration(v).ok_or_else(|| Error::Config {
            key: "--max-age".into(),
            value: v.clone(),
            reason: "expected a duration such as 90s, 30m, 2h, 1d, 1w or 1h30m".into(),
        })?),
        None => store.config().max_age()?,
    };
    let max_commits = match args.max_commits {
        Some(n) => Some(n),
        None => store.config().max_commits()?,
    };
    let limits = status::Limits {
        max_age,
        max_commits,
    };
    let refname = story.refname();
    let now = chrono::Utc::now().timestamp();
    let Some(st) = status::status(&store, &story, &limits)? else {
        if args.json {
            out.json(&json::Status::Missing(json::StatusMissing {
                header: json::StoryHeader::new(story.as_str()),
                refname,
                exists: false,
                stale: true,
                reasons: vec!["no checkpoint yet".into()],
            }))?;
        } else {
            out.line(&format!(
                "{}: no checkpoint yet; save one with `git checkpoint save {story}`",
                story.display()
            ))?;
        }
        return Ok(EXIT_STALE);
    };
    let status::Freshness {
        story,
        revision: rev,
        hook_tip,
        age,
        head,
        commits,
        changed,
        reasons,
    } = st;
    let tip = hook_tip.as_ref().unwrap_or(&rev).summary.commit;
    let hook = hook_tip.as_ref().map(|h| h.summary.hook.clone());
    let stale = !reasons.is_empty();
    if args.json {
        out.json(&json::Status::Saved(Box::new(json::StatusSaved {
            header: json::StoryHeader::new(story.as_str()),
            refname,
            exists: true,
            commit: tip.to_string(),
            confirmed_commit: rev.summary.commit.to_string(),
            hook,
            saved_at: rfc3339(rev.summary.time, rev.summary.offset),
            age_seconds: age,
            head: head.map(|h| h.to_string()),
            saved_head: rev.meta.head.clone(),
            commits_since: commits,
            files_changed_since: changed,
            max_age_seconds: max_age,
            max_commits,
            stale,
            reasons,
        })))?;
    } else {
        out.line(&format!(
            "{}: saved {} (revision {})",
            story.display(),
            relative_time(rev.summary.time, now),
            rev.number()
        ))?;
        if let Some(h) = &hook_tip {
            out.line(&format!(
                "refreshed by a hook ({}) {} (revision {}): it confirms nothing, so freshness counts from revision {}",
                h.summary.hook,
                relative_time(h.summary.time, now),
                h.number(),
                rev.number()
            ))?;
        }
        out.line(&format!(
            "HEAD: {} since the save",
            crate::cli::output::count(
                commits.map_or("many".to_string(), |n| n.to_string()),
                "commit",
                "commits"
            )
        ))?;
        out.line(&format!(
            "Working tree: {} changed since the save{}",
            crate::cli::output::count(changed.len(), "file", "files"),
            if changed.is_empty() {
                String::new()
            } else {
                format!(
                    " ({})",
                    changed
                        .iter()
                        .take(5)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        ))?;
        if stale {
            out.line(&format!(
                "stale: {}; run `git checkpoint save {story}`",
                reasons.join("; ")
            ))?;
        }
    }
    Ok(if stale { EXIT_STALE } else { 0 })
}
