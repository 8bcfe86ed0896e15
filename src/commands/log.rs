//! `git checkpoint log`: a story's revisions, newest first, read from commits only.

use super::{note_found, open, resolve_story, JSON_SCHEMA_VERSION};
use crate::error::Result;
use crate::output::{rfc3339, Output};
use crate::store;
use serde_json::json;
use std::collections::HashMap;

/// Arguments of `log`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default as for `resume`.
    pub story: Option<String>,
    /// Read a finished story from refs/checkpoints-archive/.
    #[arg(long)]
    pub archived: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `log`; returns the exit code.
///
/// # Errors
/// Repository, story and storage errors.
pub fn run(args: Args, out: &mut Output) -> Result<i32> {
    let store = open()?;
    let (story, found) = resolve_story(&store, args.story.as_deref(), "log", true)?;
    note_found(&story, &found);
    let (refname, tip) = store::locate(&store, &story, args.archived)?;
    let history = store.history(tip)?;
    out.start_pager();
    let by_id: HashMap<_, _> = history.iter().map(|s| (s.commit, s)).collect();
    let change = |s: &store::Summary| {
        let prev = s.parents.first().and_then(|p| by_id.get(p));
        let (pd, pt) = prev.map_or((0, 0), |p| (p.tasks_done, p.tasks_total));
        (
            s.tasks_done as i64 - pd as i64,
            s.tasks_total as i64 - pt as i64,
        )
    };
    if args.json {
        let revisions: Vec<_> = history
            .iter()
            .map(|s| {
                let (dd, dt) = change(s);
                json!({
                    "revision": s.revision,
                    "commit": s.commit.to_string(),
                    "parents": s.parents.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
                    "date": rfc3339(s.time, s.offset),
                    "author": s.author,
                    "email": s.email,
                    "message": s.subject,
                    "journal": s.body,
                    "tasks_done": s.tasks_done,
                    "tasks_total": s.tasks_total,
                    "tasks_done_change": dd,
                    "tasks_total_change": dt,
                    "status": s.status,
                })
            })
            .collect();
        out.json(&json!({
            "schema_version": JSON_SCHEMA_VERSION,
            "story": story.as_str(),
            "ref": refname,
            "revisions": revisions,
        }))?;
        return Ok(0);
    }
    for s in &history {
        let (dd, _) = change(s);
        let date = rfc3339(s.time, s.offset).replace('T', " ");
        let head = out.paint("33", &format!("revision {}", s.revision));
        out.painted(&format!("{head} {}", &s.commit.to_string()[..12]))?;
        out.line(&format!("Author: {} <{}>", s.author, s.email))?;
        out.line(&format!("Date:   {date}"))?;
        let delta = if dd > 0 {
            format!(" (+{dd} done)")
        } else {
            String::new()
        };
        out.line(&format!(
            "Tasks:  {}/{} done{delta}, status {}",
            s.tasks_done, s.tasks_total, s.status
        ))?;
        out.line("")?;
        out.line(&format!("    {}", s.subject))?;
        for l in s.body.lines() {
            out.line(&format!("    {l}"))?;
        }
        out.line("")?;
    }
    Ok(0)
}
