//! `git checkpoint status`: how old the current story's checkpoint is and how far HEAD and the
//! working tree moved since; exits 1 when stale by `--max-age` or `--max-commits` (defaults
//! from `checkpoint.maxAge` and `checkpoint.maxCommits`), for idle hooks (seed 001).

use super::resolve_story;
use crate::cli::context::Context;
use crate::cli::output::{relative_time, rfc3339};
use git_checkpoint::error::{Error, Result};
use git_checkpoint::gitstate;
use git_checkpoint::json;
use gix::ObjectId;

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

/// Parses a duration: one or more `<number><unit>` with units s, m, h, d, w (a bare number is
/// seconds). Returns seconds.
pub fn parse_duration(s: &str) -> Option<i64> {
    let s = s.trim().to_lowercase();
    if s.is_empty() {
        return None;
    }
    if let Ok(n) = s.parse::<i64>() {
        return (n >= 0).then_some(n);
    }
    let mut total: i64 = 0;
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            'w' => 604_800,
            _ => return None,
        };
        let n: i64 = num.parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
        num.clear();
    }
    num.is_empty().then_some(total)
}

/// Runs `status`; returns 0 when fresh, [`EXIT_STALE`] when stale or missing.
///
/// # Errors
/// Repository, story, configuration and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let (story, found) = resolve_story(&store, args.story.as_deref(), "status", true)?;
    super::note_found(err, &story, &found);
    let (age_text, age_key) = match &args.max_age {
        Some(v) => (Some(v.clone()), "--max-age"),
        None => (
            store.config_string(git_checkpoint::config::MAX_AGE.name),
            git_checkpoint::config::MAX_AGE.name,
        ),
    };
    let max_age = match age_text {
        None => None,
        Some(v) => Some(parse_duration(&v).ok_or_else(|| Error::Config {
            key: age_key.into(),
            value: v.clone(),
            reason: "expected a duration such as 90s, 30m, 2h, 1d, 1w or 1h30m".into(),
        })?),
    };
    let max_commits = match args.max_commits {
        Some(n) => Some(n),
        None => match store.config_string(git_checkpoint::config::MAX_COMMITS.name) {
            None => None,
            Some(v) => Some(v.trim().parse::<u64>().map_err(|_| Error::Config {
                key: git_checkpoint::config::MAX_COMMITS.name.into(),
                value: v.clone(),
                reason: "expected a number of commits such as 3".into(),
            })?),
        },
    };
    let refname = story.refname();
    let now = chrono::Utc::now().timestamp();
    let Some(tip) = store.tip(&refname)? else {
        if args.json {
            out.json(&json::Status::Missing(json::StatusMissing {
                schema_version: json::SchemaVersion,
                story: story.as_str().to_string(),
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
    let rev = store.read(&refname, tip)?;
    let story = story.shown_as(&rev.summary.story_display);
    let age = now - rev.summary.time;
    let git = gitstate::head(&store.repo)?;
    let saved_head = rev
        .meta
        .head
        .as_deref()
        .and_then(|h| ObjectId::from_hex(h.as_bytes()).ok());
    let commits = match (saved_head, git.head) {
        (Some(s), Some(h)) if s != h => gitstate::count(&store.repo, h, s),
        (None, Some(h)) => gitstate::count(&store.repo, h, h).map(|_| 0),
        _ => Some(0),
    };
    let saved_files: Vec<(String, git_checkpoint::store::FileState)> = rev
        .meta
        .files_modified
        .iter()
        .filter(|f| f.state != git_checkpoint::store::FileState::Committed)
        .map(|f| (f.path.clone(), f.state))
        .collect();
    let now_files: Vec<(String, git_checkpoint::store::FileState)> = gitstate::status(&store.repo)?
        .into_iter()
        .map(|f| (f.path, f.state))
        .collect();
    let mut changed: Vec<String> = now_files
        .iter()
        .filter(|f| !saved_files.contains(f))
        .chain(saved_files.iter().filter(|f| !now_files.contains(f)))
        .map(|f| f.0.clone())
        .collect();
    changed.sort();
    changed.dedup();
    let mut reasons = Vec::new();
    if let Some(m) = max_age {
        if age > m {
            reasons.push(format!("older than {m} seconds"));
        }
    }
    if let Some(m) = max_commits {
        match commits {
            Some(n) if n as u64 > m => {
                reasons.push(format!("{n} commits since the save (more than {m})"))
            }
            None => reasons.push(format!("more than {m} commits since the save")),
            _ => {}
        }
    }
    let stale = !reasons.is_empty();
    if args.json {
        out.json(&json::Status::Saved(json::StatusSaved {
            schema_version: json::SchemaVersion,
            story: story.as_str().to_string(),
            refname,
            exists: true,
            commit: tip.to_string(),
            saved_at: rfc3339(rev.summary.time, rev.summary.offset),
            age_seconds: age,
            head: git.head.map(|h| h.to_string()),
            saved_head: rev.meta.head.clone(),
            commits_since: commits,
            files_changed_since: changed,
            max_age_seconds: max_age,
            max_commits,
            stale,
            reasons,
        }))?;
    } else {
        out.line(&format!(
            "{}: saved {} (revision {})",
            story.display(),
            relative_time(rev.summary.time, now),
            rev.summary.revision
        ))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90"), Some(90));
        assert_eq!(parse_duration("30m"), Some(1800));
        assert_eq!(parse_duration("1h30m"), Some(5400));
        assert_eq!(parse_duration("2d"), Some(172_800));
        assert_eq!(parse_duration("1w"), Some(604_800));
        assert_eq!(parse_duration("5x"), None);
        assert_eq!(parse_duration("m"), None);
        assert_eq!(parse_duration("10"), Some(10));
        assert_eq!(parse_duration("99999999999999999999w"), None);
    }
}
