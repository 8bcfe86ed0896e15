//! `git checkpoint push [REMOTE] [STORY...|--all]`: push checkpoint refs, their archives and the
//! notes ref, never forced. A rejected ref is fetched, integrated and pushed again (bounded).

use super::{PushGuards, RemoteArgs};
use crate::cli::context::Context;
use crate::cli::output::Output;
use crate::cli::ui::Messages;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::push;
use git_checkpoint::remote::PushedRef;
use git_checkpoint::story::StoryId;
use git_checkpoint::sync::Outcome;

/// Push checkpoints, archives and notes to a remote (never forced; merges and retries).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q`, `[REMOTE]`, `--json`.
    #[command(flatten)]
    pub common: RemoteArgs,
    /// Stories to push; default: every checkpoint and archive.
    pub stories: Vec<String>,
    /// Push every checkpoint and archive (the default when no story is named).
    #[arg(long, conflicts_with = "stories")]
    pub all: bool,
    /// `--allow-secret`, `--no-verify`.
    #[command(flatten)]
    pub guards: PushGuards,
    /// Write nothing and contact no remote: list every ref, revision and note that would be
    /// uploaded or deleted (compared with the remote as last fetched), the refs held back, and
    /// what the secret guard would refuse.
    #[arg(long, short = 'n')]
    pub dry_run: bool,
}

/// Runs `push`; returns the exit code.
///
/// # Errors
/// Repository, transport and storage errors; [`Error::Rejected`] when refs stay rejected.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store, remote) = args.common.open(ctx)?;
    // Pushing is never forced, so pushing everything is the safe default.
    let stories = if args.all || args.stories.is_empty() {
        None
    } else {
        Some(
            args.stories
                .iter()
                .map(|s| StoryId::parse(s))
                .collect::<Result<Vec<_>>>()?,
        )
    };
    let guards = args.guards.guards();
    if args.dry_run {
        let outgoing = git_checkpoint::ops::outgoing::outgoing(
            &store,
            &remote,
            stories.as_deref(),
            guards.allow_secret,
        )?;
        if args.common.json {
            out.json(&json::Push {
                header: json::RemoteHeader::new(remote),
                pushed: Vec::new(),
                integrated: Vec::new(),
                dry_run: true,
                outgoing: Some(outgoing),
            })?;
        } else {
            print_outgoing(out, &remote, &outgoing, "as last fetched")?;
        }
        return Ok(0);
    }
    let (pushed, integrated) = push::push(&store, &remote, stories.as_deref(), guards)?;
    report(out, err, &remote, &pushed, &integrated, args.common.json)?;
    Ok(0)
}

fn report(
    out: &mut Output,
    err: &mut Messages,
    remote: &str,
    pushed: &[PushedRef],
    integrated: &[Outcome],
    json: bool,
) -> std::io::Result<()> {
    if json {
        return out.json(&json::Push {
            header: json::RemoteHeader::new(remote.to_string()),
            pushed: pushed.iter().map(json::PushedRef::from).collect(),
            integrated: integrated.to_vec(),
            dry_run: false,
            outgoing: None,
        });
    }
    if !integrated.is_empty() {
        super::fetch::print_outcomes(out, err, remote, integrated)?;
    }
    if pushed.is_empty() {
        return out.line("nothing to push");
    }
    // `<flag> <ref padded to 40 characters> <summary>`, built in one reused buffer: a push of
    // every story prints a line per story, and `format!` with a width cost about a tenth of
    // the process's own CPU for a push with nothing new.
    let mut line = String::new();
    for r in pushed {
        line.clear();
        line.push(r.flag);
        line.push(' ');
        line.push_str(&r.to);
        line.extend(std::iter::repeat_n(
            ' ',
            40usize.saturating_sub(r.to.chars().count()),
        ));
        line.push(' ');
        line.push_str(&r.summary);
        out.line(&line)?;
    }
    Ok(())
}

/// Prints what a push would upload or delete ([`git_checkpoint::ops::outgoing::Outgoing`]):
/// one line per ref with its revisions under it, the notes, the refs held back and what the
/// secret guard would refuse. `known` says how current the remote's view is.
///
/// # Errors
/// I/O errors.
pub fn print_outgoing(
    out: &mut Output,
    remote: &str,
    outgoing: &git_checkpoint::ops::outgoing::Outgoing,
    known: &str,
) -> std::io::Result<()> {
    use git_checkpoint::ops::outgoing::Change;
    let short = |s: &str| s[..12.min(s.len())].to_string();
    if outgoing.refs.is_empty() {
        out.line(&format!("nothing to push to {remote} ({known})"))?;
    } else {
        out.line(&format!("would push to {remote} ({known}):"))?;
    }
    for r in &outgoing.refs {
        let what = match r.change {
            Change::Create => "create",
            Change::Update => "update",
            Change::Merge => "merge",
            Change::Delete => "delete",
            Change::Replace => "replace",
        };
        let detail = match r.change {
            Change::Delete => format!(
                "{remote} has {}",
                short(r.remote_tip.as_deref().unwrap_or(""))
            ),
            Change::Replace => format!(
                "{}; {remote}'s {} stays in the story's archive",
                crate::cli::output::count(r.revisions.len(), "revision", "revisions"),
                short(r.remote_tip.as_deref().unwrap_or(""))
            ),
            _ => crate::cli::output::count(r.revisions.len(), "revision", "revisions"),
        };
        out.line(&format!("  {what:<6} {:<40} {detail}", r.refname))?;
        for v in &r.revisions {
            let n = v.revision.map(|n| format!("r{n}")).unwrap_or_default();
            out.line(&out.safe(&format!(
                "           {n:<4} {} {}",
                short(&v.commit),
                v.subject
            )))?;
        }
    }
    for c in &outgoing.notes {
        out.line(&format!("  note   on {}", short(c)))?;
    }
    for h in &outgoing.held {
        out.line(&format!("  held   {:<40} ({})", h.refname, h.reason))?;
    }
    for r in &outgoing.refused {
        let line = out.safe(&format!("  the secret guard would refuse: {r}"));
        out.painted(&out.paint("33", &line))?;
    }
    out.line("dry run: nothing was written or sent")
}
