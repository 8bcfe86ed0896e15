//! `git checkpoint list`: one line per checkpoint, read from commits only (never blobs).

use super::{open, JSON_SCHEMA_VERSION};
use crate::error::Result;
use crate::gitstate;
use crate::output::{relative_time, rfc3339, Output};
use crate::store::{Summary, ACTIVE_PREFIX, ARCHIVE_PREFIX};
use serde_json::json;

/// Arguments of `list`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// List checkpoints of every branch, not only the current branch's.
    #[arg(long)]
    pub all: bool,
    /// List finished stories (refs/checkpoints-archive/) instead of active ones.
    #[arg(long)]
    pub archived: bool,
    /// Print one JSON array instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `list`; returns the exit code.
///
/// # Errors
/// Repository and storage errors.
pub fn run(args: Args, out: &mut Output) -> Result<i32> {
    let store = open()?;
    let prefix = if args.archived {
        ARCHIVE_PREFIX
    } else {
        ACTIVE_PREFIX
    };
    let branch = gitstate::head(&store.repo)?.branch;
    let mut rows: Vec<(String, Summary)> = Vec::new();
    let refs = store.refs(prefix)?;
    for (story, tip) in &refs {
        rows.push((story.clone(), store.summary(*tip)?));
    }
    let total = rows.len();
    // Detached HEAD has no branch to filter on: show everything.
    if !args.all && !args.archived {
        if let Some(b) = &branch {
            rows.retain(|(_, s)| s.branch == *b);
        }
    }
    rows.sort_by(|a, b| b.1.time.cmp(&a.1.time).then(a.0.cmp(&b.0)));

    if args.json {
        let items: Vec<_> = rows
            .iter()
            .map(|(story, s)| {
                json!({
                    "schema_version": JSON_SCHEMA_VERSION,
                    "story": story,
                    "ref": format!("{prefix}{story}"),
                    "title": s.title,
                    "branch": s.branch,
                    "commit": s.commit.to_string(),
                    "revision": s.revision,
                    "tasks_done": s.tasks_done,
                    "tasks_total": s.tasks_total,
                    "status": s.status,
                    "author": s.author,
                    "updated_at": rfc3339(s.time, s.offset),
                })
            })
            .collect();
        out.json(&serde_json::Value::Array(items))?;
        return Ok(0);
    }

    if total == 0 {
        if args.archived {
            eprintln!("no finished checkpoints (refs/checkpoints-archive/ is empty)");
        } else {
            eprintln!("no checkpoints yet; save one with `git checkpoint save <story>`, or fetch a teammate's with `git fetch origin '+refs/checkpoints/*:refs/remotes/origin/checkpoints/*'`");
        }
        return Ok(0);
    }
    let now = chrono::Utc::now().timestamp();
    let width = |f: fn(&(String, Summary)) -> usize| rows.iter().map(f).max().unwrap_or(0);
    let w_story = width(|r| r.0.len()).max(5);
    let w_branch = width(|r| r.1.branch.chars().count()).max(6);
    for (story, s) in &rows {
        let title: String = s.title.chars().take(50).collect();
        let line = format!(
            "{story:<w_story$}  {branch:<w_branch$}  {tasks:>7}  rev {rev:<3}  {status:<6}  {when:<15}  {title}",
            branch = s.branch,
            tasks = format!("{}/{}", s.tasks_done, s.tasks_total),
            rev = s.revision,
            status = s.status,
            when = relative_time(s.time, now),
        );
        out.line(line.trim_end())?;
    }
    let hidden = total - rows.len();
    if hidden > 0 {
        eprintln!(
            "({hidden} checkpoint(s) on other branches; `git checkpoint list --all` shows them)"
        );
    }
    Ok(0)
}
