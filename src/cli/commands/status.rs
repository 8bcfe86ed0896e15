//! `git checkpoint status`: how old the current story's checkpoint is and how far HEAD and the
//! working tree moved since; exits 1 when stale by `--max-age` or `--max-commits` (defaults
//! from `checkpoint.maxAge` and `checkpoint.maxCommits`), for idle hooks (seed 001).

use super::resolve_story_noted;
use crate::cli::context::Context;
use crate::cli::output::relative_time;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::status;

/// Exit code when the checkpoint is stale (or missing).
pub const EXIT_STALE: i32 = 1;

/// How old the checkpoint is and how far HEAD and the working tree moved; exit 1 when stale.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default: GIT_CHECKPOINT_STORY, the current story made current on this
    /// branch, the branch name, then the current story (`git checkpoint current`).
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
    let story = resolve_story_noted(err, &store, args.story.as_deref(), "status", true)?;
    let limits = status::Limits::configured(&store, args.max_age.as_deref(), args.max_commits)?;
    let now = chrono::Utc::now().timestamp();
    let st = status::status(&store, &story, &limits)?;
    for w in git_checkpoint::endings::warnings(&store, &story)? {
        err.warn(w);
    }
    if args.json {
        out.json(&json::Status::new(&story, st.as_ref(), &limits))?;
        return Ok(match &st {
            Some(st) if st.reasons.is_empty() => 0,
            _ => EXIT_STALE,
        });
    }
    let Some(st) = st else {
        out.line(&format!(
            "{}: no checkpoint yet; save one with `git checkpoint save {}`",
            story.display(),
            story.shown()
        ))?;
        return Ok(EXIT_STALE);
    };
    let status::Freshness {
        story,
        revision: rev,
        hook_tip,
        commits,
        changed,
        reasons,
        open_conflicts,
        landed,
        claim,
        ..
    } = st;
    let stale = !reasons.is_empty();
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
    match &changed {
        None => out.line("Working tree: none (a bare repository has no work tree)")?,
        Some(changed) => out.line(&format!(
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
        ))?,
    }
    if open_conflicts > 0 {
        out.line(&format!(
            "{}: both sides kept; `git checkpoint resume {story}` shows them, a save that sets each value or `git checkpoint sync --ours`/`--theirs` resolves them",
            crate::cli::output::count(open_conflicts, "open conflict", "open conflicts")
        ))?;
    }
    if let Some(l) = &landed {
        out.line(&format!("Branch: {}", l.sentence()))?;
    }
    if let Some(c) = &claim {
        out.line(&format!(
            "Claim: {}",
            crate::cli::output::escape_controls(c)
        ))?;
    }
    if stale {
        out.line(&format!(
            "stale: {}; run `git checkpoint save {story}`",
            reasons.join("; ")
        ))?;
    }
    Ok(if stale { EXIT_STALE } else { 0 })
}
