//! `git checkpoint diff`: what changed between two revisions, section by section, then as a
//! unified text diff.

use super::locate_for_read;
use crate::cli::context::Context;
use crate::cli::output::Output;
use git_checkpoint::error::Result;
use git_checkpoint::json;

/// Compare two revisions section by section, then as text.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Story id; default as for `resume`.
    pub story: Option<String>,
    /// Old revision (number or commit); default: the tip's parent.
    pub rev1: Option<String>,
    /// New revision (number or commit); default: the tip.
    pub rev2: Option<String>,
    /// Read a finished story from refs/checkpoints-archive/.
    #[arg(long)]
    pub archived: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

use git_checkpoint::ops::diff::label;

/// Runs `diff`; returns the exit code.
///
/// # Errors
/// Repository, story, revision and storage errors.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    let at = locate_for_read(err, &store, args.story.as_deref(), "diff", args.archived)?;
    let compared =
        git_checkpoint::ops::diff::diff(&store, &at, args.rev1.as_deref(), args.rev2.as_deref())?;
    out.start_pager();
    if args.json {
        out.json(&json::Diff::new(&compared))?;
        return Ok(0);
    }
    let git_checkpoint::ops::diff::Compared {
        story,
        old,
        new,
        changes: c,
        unified_diff: text,
    } = compared;
    let (from, to) = (label(old.as_ref()), label(Some(&new)));
    out.painted(&out.paint("1", &format!("{} {from} -> {to}", story.display())))?;
    let mut any = false;
    let mut section =
        |out: &mut Output, title: &str, items: &[String], mark: &str| -> std::io::Result<()> {
            if !items.is_empty() {
                any = true;
                out.line(&format!("{title}:"))?;
                for i in items {
                    out.line(&format!("  {mark} {i}"))?;
                }
            }
            Ok(())
        };
    section(out, "Tasks done", &c.tasks_done, "[x]")?;
    section(out, "Todos added", &c.todos_added, "+")?;
    section(out, "Todos removed", &c.todos_removed, "-")?;
    section(out, "Decisions added", &c.decisions_added, "+")?;
    section(out, "Decisions removed", &c.decisions_removed, "-")?;
    for (field, added, removed) in &c.lists_changed {
        section(out, &format!("{field} added"), added, "+")?;
        section(out, &format!("{field} removed"), removed, "-")?;
    }
    for (field, a, b) in &c.fields_changed {
        any = true;
        let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
        out.line(&format!("{field} changed: {} -> {}", show(a), show(b)))?;
    }
    if !any {
        out.line("No section changes.")?;
    }
    out.line("")?;
    for line in text.lines() {
        let painted = match line.chars().next() {
            Some('+') if !line.starts_with("+++") => out.paint("32", &out.safe(line)),
            Some('-') if !line.starts_with("---") => out.paint("31", &out.safe(line)),
            Some('@') => out.paint("36", &out.safe(line)),
            _ => out.safe(line),
        };
        out.painted(&painted)?;
    }
    Ok(0)
}
