//! `git checkpoint log`: a story's revisions, newest first, read from commits only.

use super::locate_for_read;
use crate::cli::context::Context;
use crate::cli::output::rfc3339;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::log;

/// Show a story's revisions, newest first.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default as for `resume`.
    pub story: Option<String>,
    /// Read a finished story from refs/checkpoints-archive/.
    #[arg(long)]
    pub archived: bool,
    /// List the completed tasks in the order they were completed, with dates.
    #[arg(long, conflicts_with_all = ["max_count", "oneline"])]
    pub completed: bool,
    /// Show only the N newest revisions (as `git log -n`).
    #[arg(short = 'n', long, value_name = "N")]
    pub max_count: Option<usize>,
    /// One line per revision: its short commit id, `r<N>` and its subject (as `git log
    /// --oneline`).
    #[arg(long, conflicts_with = "json")]
    pub oneline: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `log`; returns the exit code.
///
/// # Errors
/// Repository, story and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let at = locate_for_read(err, &store, args.story.as_deref(), "log", args.archived)?;
    let options = log::Options {
        at,
        completed: args.completed,
    };
    let log::Report {
        story,
        refname,
        history,
        cuts,
        completed,
    } = log::log(&store, options)?;
    if let Some(log) = completed {
        if args.json {
            out.json(&json::Log::Completed(json::LogCompleted {
                header: json::StoryHeader::new(story.as_str()),
                refname,
                completed: log,
            }))?;
        } else if log.is_empty() {
            err.info(format_args!(
                "no completed tasks yet for {}",
                story.display()
            ));
        } else {
            for c in &log {
                let files = if c.files.is_empty() {
                    String::new()
                } else {
                    format!("  (files: {})", c.files.join(", "))
                };
                out.line(&format!("{}  {}{files}", c.date, c.task))?;
            }
        }
        return Ok(0);
    }
    out.start_pager();
    // Counted from the whole history, so the last revision shown still compares with its
    // parent; then cut to `-n`.
    let mut view = json::LogRevisions::new(&story, &refname, &history).with_cuts(&cuts);
    let shown = args.max_count.unwrap_or(usize::MAX);
    view.revisions.truncate(shown);
    if args.json {
        out.json(&json::Log::Revisions(view))?;
        return Ok(0);
    }
    if args.oneline {
        for s in history.iter().take(shown) {
            let id = out.paint("33", &s.commit.to_string()[..12]);
            let subject = out.safe(&s.subject);
            out.painted(&format!("{id} r{} {subject}", s.revision))?;
        }
        return Ok(0);
    }
    let revisions = view.revisions;
    for (s, r) in history.iter().zip(&revisions) {
        let dd = r.tasks_done_change;
        let date = rfc3339(s.time, s.offset).replace('T', " ");
        let head = out.paint("33", &format!("revision {}", s.revision));
        out.painted(&format!("{head} {}", &s.commit.to_string()[..12]))?;
        // As git log marks a merge: the parents' short ids.
        if s.parents.len() > 1 {
            let parents: Vec<String> = s
                .parents
                .iter()
                .map(|p| p.to_string()[..12].to_string())
                .collect();
            out.line(&format!("Merge:  {}", parents.join(" ")))?;
        }
        if !s.hook.is_empty() {
            out.line(&format!("Hook:   {} (written by an agent hook)", s.hook))?;
        }
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
        if !s.left_out.is_empty() {
            out.line(&format!(
                "Left out of the counts (duplicate sections): {}",
                s.left_out.join(", ")
            ))?;
        }
        out.line("")?;
        out.line(&format!("    {}", s.subject))?;
        for l in s.body.lines() {
            out.line(&format!("    {l}"))?;
        }
        out.line("")?;
        // Where the history stops short: said under the revision, as git log --graph marks a
        // grafted commit.
        if let Some(c) = cuts.iter().find(|c| c.commit == s.commit) {
            out.line(&cut_line(c))?;
            out.line("")?;
        }
    }
    Ok(0)
}

/// The line `log` prints under a revision whose parents are not in this clone.
fn cut_line(c: &git_checkpoint::store::Cut) -> String {
    let parents: Vec<String> = c
        .missing
        .iter()
        .map(|p| p.to_hex_with_len(12).to_string())
        .collect();
    if c.shallow {
        format!(
            "History cut here: revision {}'s parent {} is not in this shallow clone; `git checkpoint fetch --unshallow` brings the rest",
            c.revision,
            parents.join(", ")
        )
    } else {
        let full: Vec<String> = c.missing.iter().map(ToString::to_string).collect();
        format!(
            "History cut here: revision {}'s parent {} is missing from this clone; a remote that has the story sends it back: `git fetch <remote> {}`",
            c.revision,
            parents.join(", "),
            full.join(" ")
        )
    }
}
