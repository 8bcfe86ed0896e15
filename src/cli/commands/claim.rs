//! `git checkpoint claim STORY [--for DURATION] [--force]`: take, renew or accept the claim on a
//! story, so one session works it at a time. With a remote, the remote decides by a leased push
//! (exactly one of racing clones wins); a loser exits 4 naming the holder.

use super::Quiet;
use crate::cli::context::Context;
use crate::cli::output::Output;
use crate::cli::ui::Messages;
use git_checkpoint::claims::Holder;
use git_checkpoint::error::Result;
use git_checkpoint::json;
use git_checkpoint::ops::claim::{self, Action, Outcome};
use git_checkpoint::story::StoryId;

/// How long the remote may take to answer a claim command (the fetch, then the push).
pub const REMOTE_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Claim a story: one holder at a time (taken on the remote by a leased push).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story to claim.
    pub story: String,
    /// How long the claim lasts unless renewed (30m, 2h, 1d); default: checkpoint.claimDuration,
    /// else 2h.
    #[arg(long = "for", value_name = "DURATION", value_parser = parse_for)]
    pub duration: Option<i64>,
    /// Take the claim even while someone else holds it.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `--for`: a duration (s, m, h, d, w; a bare number is seconds), in seconds, above zero.
fn parse_for(s: &str) -> std::result::Result<i64, String> {
    git_checkpoint::config::parse_duration(s)
        .filter(|d| *d > 0)
        .ok_or_else(|| "expected a duration such as 30m, 2h or 1d".to_string())
}

/// Runs `claim`; returns the exit code.
///
/// # Errors
/// [`Error::Held`] naming the holder; repository, identity and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let story = StoryId::parse(&args.story)?;
    execute(
        ctx,
        story,
        Action::Claim,
        args.duration,
        args.force,
        args.json,
    )
}

/// Runs `action` on `story`'s claim and prints the result (shared by `claim`, `release` and
/// `handoff`).
///
/// # Errors
/// As [`claim::run`].
pub fn execute(
    ctx: &mut Context,
    story: StoryId,
    action: Action,
    duration: Option<i64>,
    force: bool,
    as_json: bool,
) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let options = claim::Options {
        me: Holder::me(&store, None, None)?,
        story,
        action,
        duration,
        force,
        remote_limit: Some(REMOTE_LIMIT),
        local_on_error: false,
    };
    let report = claim::run(&store, &options)?;
    render(out, err, &report, as_json)?;
    Ok(0)
}

fn render(out: &mut Output, err: &mut Messages, r: &claim::Report, as_json: bool) -> Result<()> {
    if let Some(why) = &r.local_only {
        err.warn(format_args!("{why}"));
    }
    let (action, from) = match &r.outcome {
        Outcome::Taken => (json::ClaimAction::Taken, None),
        Outcome::Renewed => (json::ClaimAction::Renewed, None),
        Outcome::TakenOver { from, .. } => (json::ClaimAction::TakenOver, Some(from.clone())),
        Outcome::Accepted { from } => (json::ClaimAction::Accepted, Some(from.clone())),
        Outcome::Released => (json::ClaimAction::Released, None),
        Outcome::NotHeld => (json::ClaimAction::NotHeld, None),
        Outcome::Offered => (json::ClaimAction::Offered, None),
    };
    if as_json {
        out.json(&json::ClaimResult {
            schema_version: json::SchemaVersion,
            story: r.story.as_str().to_string(),
            action,
            from,
            claim: r.claim.clone(),
            commit: r.commit.map(|c| c.to_string()),
            remote: r.remote.clone(),
            local_only: r.local_only.clone(),
        })?;
        return Ok(());
    }
    let story = r.story.display();
    let until = r
        .claim
        .as_ref()
        .map(|c| c.expires_at.clone())
        .unwrap_or_default();
    let on = r
        .remote
        .as_ref()
        .map(|rm| format!(" (on {rm})"))
        .unwrap_or_default();
    let line = match &r.outcome {
        Outcome::Taken => format!("Claimed {story} until {until}{on}"),
        Outcome::Renewed => format!("Renewed the claim on {story} until {until}{on}"),
        Outcome::TakenOver { from, expired } => format!(
            "Claimed {story} until {until}{on}: taken over from {}{}",
            from.describe(),
            if *expired {
                ", whose claim had expired"
            } else {
                " (--force)"
            }
        ),
        Outcome::Accepted { from } => format!(
            "Claimed {story} until {until}{on}: accepted the hand-off from {}",
            from.describe()
        ),
        Outcome::Released => format!("Released {story}{on}"),
        Outcome::NotHeld => format!("{story} is not claimed: nothing to release"),
        Outcome::Offered => format!(
            "Offered {story} to {}{on}; it stays yours until they claim it (or until {until})",
            r.claim
                .as_ref()
                .and_then(|c| c.handed_to.clone())
                .unwrap_or_default()
        ),
    };
    out.line(&line)?;
    Ok(())
}
