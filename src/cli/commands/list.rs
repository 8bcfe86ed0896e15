//! `git checkpoint list`: one line per checkpoint, read from commits only (never blobs).

use crate::cli::context::Context;
use crate::cli::output::relative_time;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::remote;
use git_checkpoint::store::Summary;
use git_checkpoint::story::StoryId;
use std::fmt::Write as _;

/// List checkpoints: story, title, branch, updated, tasks, revisions, status.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// List checkpoints of every branch, not only the current branch's.
    #[arg(long)]
    pub all: bool,
    /// List finished stories (refs/checkpoints-archive/) instead of active ones.
    #[arg(long)]
    pub archived: bool,
    /// List a remote's checkpoints as last fetched (refs/remotes/<REMOTE>/checkpoints/).
    #[arg(long, value_name = "REMOTE", conflicts_with = "archived")]
    pub remote: Option<String>,
    /// Print one JSON array instead of text.
    #[arg(long)]
    pub json: bool,
}

impl Args {
    /// The listing these arguments ask for.
    pub fn options(&self) -> git_checkpoint::ops::list::Options {
        git_checkpoint::ops::list::Options {
            all: self.all,
            archived: self.archived,
            remote: self.remote.clone(),
            next_actions: self.json,
        }
    }
}

/// Runs `list`; returns the exit code.
///
/// # Errors
/// Repository and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, mut store) = ctx.open()?;
    store.without_object_cache();
    let listing = git_checkpoint::ops::list::list(&store, &args.options())?;
    for w in &listing.ignored {
        err.warn(w);
    }
    for w in &listing.remote {
        err.note(format_args!("{w}"));
    }
    if args.remote.is_none() {
        for w in git_checkpoint::endings::all_warnings(&store)? {
            err.warn(w);
        }
    }

    if args.json {
        out.json(&json::list(&listing))?;
        return Ok(0);
    }

    let (rows, total) = (&listing.rows, listing.total);
    if total == 0 {
        if let Some(r) = &args.remote {
            err.info(format_args!(
                "no checkpoints from {r} (none fetched yet?); run `git checkpoint fetch {r}`"
            ));
        } else if args.archived {
            err.info(format_args!(
                "no finished checkpoints (refs/checkpoints-archive/ is empty)"
            ));
        } else {
            err.info(format_args!("{}", empty_hint(&store)?));
        }
        return Ok(0);
    }
    let now = chrono::Utc::now().timestamp();
    let width = |f: fn(&(String, Summary)) -> usize| rows.iter().map(f).max().unwrap_or(0);
    // People see the id as it was typed (`ABC-12`); the ref keeps the canonical `abc-12`.
    let shown = |(story, s): &(String, Summary)| -> String {
        match StoryId::parse(story) {
            Ok(id) => id.shown_as(&s.story_display).shown().to_string(),
            Err(_) => story.clone(),
        }
    };
    let w_story = width(|r| r.0.len()).max(5);
    let w_branch = width(|r| r.1.branch.chars().count()).max(6);
    // `story  branch  tasks  rev N  status  when  title`, padded by hand into one reused
    // buffer: `format!` with widths cost about 4,000 instructions a row (10,000 rows).
    let (mut line, mut cell) = (String::new(), String::new());
    for row in rows {
        let s = &row.1;
        line.clear();
        pad(&mut line, &shown(row), w_story, false);
        pad(&mut line, &s.branch, w_branch, false);
        cell.clear();
        let star = if s.left_out.is_empty() { "" } else { "*" };
        let _ = write!(cell, "{}/{}{star}", s.tasks_done, s.tasks_total);
        pad(&mut line, &cell, 7, true);
        cell.clear();
        let _ = write!(cell, "rev {}", s.revision);
        pad(&mut line, &cell, 7, false);
        pad(&mut line, s.status.as_str(), 6, false);
        pad(&mut line, &relative_time(s.time, now), 15, false);
        let title = s
            .title
            .char_indices()
            .nth(50)
            .map_or(s.title.as_str(), |(i, _)| &s.title[..i]);
        line.push_str(title);
        out.line(line.trim_end())?;
    }
    let partial: Vec<String> = rows
        .iter()
        .filter(|r| !r.1.left_out.is_empty())
        .map(|r| format!("{} leaves out {}", shown(r), r.1.left_out.join(", ")))
        .collect();
    if !partial.is_empty() {
        err.info(format_args!(
            "(* the count leaves out duplicate sections: {}; `git checkpoint resume <story>` shows them)",
            partial.join("; ")
        ));
    }
    let hidden = total - rows.len();
    if hidden > 0 {
        err.info(format_args!(
            "({} on other branches; `git checkpoint list --all` shows them)",
            crate::cli::output::count(hidden, "checkpoint", "checkpoints")
        ));
    }
    // Left to the process's exit: freeing thousands of summaries one by one, and the object
    // store's maps, was 5% of `list`'s instructions at 1,000 stories. A listing is plain data
    // and this store wrote nothing (no lock or temporary file is left behind).
    std::mem::forget(listing);
    std::mem::forget(store);
    Ok(0)
}

/// Appends `text` to `line` padded with spaces to `width` characters (on the left when
/// `right`, aligning it right), then the two spaces between columns.
fn pad(line: &mut String, text: &str, width: usize, right: bool) {
    let fill = width.saturating_sub(text.chars().count());
    if !right {
        line.push_str(text);
    }
    line.extend(std::iter::repeat_n(' ', fill));
    if right {
        line.push_str(text);
    }
    line.push_str("  ");
}

/// What to say when there are no local checkpoints: a clone carries none by default, so point
/// at what was fetched already or at how to fetch.
fn empty_hint(store: &git_checkpoint::store::Store) -> Result<String> {
    let finished = store.refs(git_checkpoint::store::ARCHIVE_PREFIX)?.len();
    if finished > 0 {
        return Ok(format!(
            "no open checkpoints; {} (`git checkpoint list --archived`)",
            crate::cli::output::count(finished, "finished story", "finished stories")
        ));
    }
    let remotes = store.remote_names();
    for r in &remotes {
        let n = store.refs(&remote::tracking_prefix(r))?.len();
        if n > 0 {
            return Ok(format!(
                "no local checkpoints; {n} fetched from {r}: `git checkpoint list --remote {r}`, or integrate them with `git checkpoint fetch {r}`"
            ));
        }
    }
    Ok(match remotes.first() {
        Some(r) => format!(
            "no local checkpoints; a clone does not carry them: fetch your team's with `git checkpoint fetch {r}` (and `git checkpoint setup {r}` to make plain `git fetch` bring them), or start one with `git checkpoint save <story>`"
        ),
        None => "no checkpoints yet; start one with `git checkpoint save <story>`".to_string(),
    })
}
