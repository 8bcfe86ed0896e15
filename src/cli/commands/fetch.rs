//! `git checkpoint fetch [REMOTE] [STORY...]`: fetch checkpoints, archives and notes (of the
//! stories named, or all) into remote-tracking refs, then integrate each story (fast-forward, or
//! merge when diverged).

use super::{RemoteArgs, TakeSide};
use crate::cli::context::Context;
use crate::cli::output::Output;
use crate::cli::ui::Messages;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::sync::{Action, Outcome};

/// Fetch a remote's checkpoints into remote-tracking refs and integrate them.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q`, `[REMOTE]`, `--json`.
    #[command(flatten)]
    pub common: RemoteArgs,
    /// `--ours`, `--theirs`.
    #[command(flatten)]
    pub take: TakeSide,
    /// Stories to fetch: only their refs (active, archived, purge record, claim) and the
    /// notes ref are fetched and integrated; default: every story.
    pub stories: Vec<String>,
    /// In a shallow clone, fetch the whole history (as `git fetch --unshallow`, which makes
    /// the code's history complete too), so that `log`, `diff` and `resume --rev` reach every
    /// revision. In a complete clone, a plain fetch.
    #[arg(long, conflicts_with = "stories")]
    pub unshallow: bool,
}

/// Runs `fetch`; returns the exit code.
///
/// # Errors
/// Repository, transport and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store, remote) = args.common.open(ctx)?;
    let outcomes = if args.unshallow {
        git_checkpoint::ops::fetch::fetch_unshallow(&store, &remote)?
    } else if !args.stories.is_empty() {
        let stories = args
            .stories
            .iter()
            .map(|s| git_checkpoint::story::StoryId::parse(s))
            .collect::<Result<Vec<_>>>()?;
        git_checkpoint::ops::fetch::fetch_stories(&store, &remote, &stories)?
    } else {
        git_checkpoint::ops::fetch::fetch(&store, &remote)?
    };
    let taken = match args.take.pick() {
        Some(pick) => git_checkpoint::ops::resolve::take_side(&store, &outcomes, pick)?,
        None => Vec::new(),
    };
    if args.common.json {
        out.json(&json::Fetch {
            header: json::RemoteHeader::new(remote),
            integrated: outcomes,
            taken,
        })?;
    } else {
        print_outcomes(out, err, &remote, &outcomes)?;
        super::print_taken(out, &taken)?;
    }
    Ok(0)
}

/// Prints one line per ref that changed (or was skipped), and every merge conflict.
///
/// # Errors
/// I/O errors.
pub fn print_outcomes(
    out: &mut Output,
    err: &mut Messages,
    remote: &str,
    outcomes: &[Outcome],
) -> std::io::Result<()> {
    let mut unchanged = 0;
    for o in outcomes {
        let what = match o.action {
            Action::UpToDate | Action::Ahead => {
                unchanged += 1;
                continue;
            }
            Action::Created => "new",
            Action::FastForward => "fast-forward",
            Action::Merged => "merged",
            Action::Reopened => "reopened",
            Action::Skipped => "skipped",
            Action::Finished => "finished",
            Action::Purged => "purged",
            Action::RacedFinish | Action::RacedPurge => "raced",
        };
        let tip = o
            .tip
            .as_deref()
            .map(|t| &t[..12.min(t.len())])
            .unwrap_or("");
        out.line(&format!("{what:<12} {:<40} {tip}", o.refname))?;
        for c in &o.conflicts {
            let line = out.safe(&format!("  conflict: {c}"));
            out.painted(&out.paint("33", &line))?;
        }
        match (&o.reason, o.action) {
            (Some(r), Action::RacedFinish | Action::RacedPurge) => {
                // Both outcomes and the one-line choice, under the row.
                let line = out.safe(&format!("  {r}"));
                out.painted(&out.paint("33", &line))?;
            }
            (Some(r), _) => out.line(&format!("  ({r})"))?,
            (None, _) => {}
        }
    }
    if outcomes.is_empty() {
        out.line(&format!("no checkpoints on {remote}"))?;
    } else if unchanged > 0 {
        out.line(&format!(
            "{} already up to date with {remote}",
            crate::cli::output::count(unchanged, "ref", "refs")
        ))?;
    }
    let conflicts: usize = outcomes.iter().map(|o| o.conflicts.len()).sum();
    if conflicts > 0 {
        err.note(format_args!(
            "{} kept both sides in the document until a save sets the value or `--ours`/`--theirs` takes one; `git checkpoint resume` lists them as gaps",
            crate::cli::output::count(conflicts, "merge conflict", "merge conflicts")
        ));
    }
    Ok(())
}
