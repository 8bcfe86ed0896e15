//! `git checkpoint save`: create or update a story's checkpoint in place.

use super::note_found;
use super::Quiet;
use crate::cli::context::Context;
use crate::cli::output::Output;
use crate::cli::ui::Messages;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::json;
use git_checkpoint::model::{self, Gap, Parsed};
use git_checkpoint::ops::save;
use git_checkpoint::store::Store;
use git_checkpoint::story::StoryId;
use std::path::PathBuf;

/// Create or update a story's checkpoint in place (a new revision on its ref).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `-q/--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Story id (`313`, `#313`, `ABC-12`); default: GIT_CHECKPOINT_STORY, the current story made
    /// current on this branch, the branch name, then the current story (`git checkpoint current`).
    pub story: Option<String>,
    /// Set the story's title (an empty value clears it).
    #[arg(long)]
    pub title: Option<String>,
    /// Set the story's goal (an empty value clears it).
    #[arg(long)]
    pub goal: Option<String>,
    /// Set where the story comes from (issue URL, ticket).
    #[arg(long)]
    pub source: Option<String>,
    /// Set the commit strategy (e.g. commit-per-task).
    #[arg(long, value_name = "TEXT")]
    pub strategy: Option<String>,
    /// Record a task as done; a leading task id (`T3`) moves the matching todo. Repeatable.
    #[arg(long, value_name = "TEXT", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub done: Vec<String>,
    /// Add a remaining todo. Repeatable.
    #[arg(long, value_name = "TEXT", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub todo: Vec<String>,
    /// Add a key decision (one line, with the reason). Repeatable.
    #[arg(long, value_name = "TEXT", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub decision: Vec<String>,
    /// Set the next immediate action (an empty value clears it).
    #[arg(long, value_name = "TEXT")]
    pub next: Option<String>,
    /// Set the item's stage (pm: design, plan, execute, finish).
    #[arg(long, value_name = "STAGE")]
    pub stage: Option<String>,
    /// Set where the last session stopped.
    #[arg(long, value_name = "TEXT")]
    pub stopped_at: Option<String>,
    /// Set the exact command or file the next session starts with.
    #[arg(long, value_name = "COMMAND")]
    pub start_with: Option<String>,
    /// Set the story's branch (by default a story keeps its branch when saved from another).
    #[arg(long, value_name = "BRANCH")]
    pub branch: Option<String>,
    /// Add a "Done when" check that `done` requires. Repeatable.
    #[arg(long, value_name = "CHECK")]
    pub done_when: Vec<String>,
    /// Mark the "Done when" check with this text (or text prefix) as met. Repeatable.
    #[arg(long, value_name = "CHECK")]
    pub met: Vec<String>,
    /// Add a context note the next session needs. Repeatable.
    #[arg(long, value_name = "TEXT")]
    pub context: Vec<String>,
    /// Add an open question or blocker. Repeatable.
    #[arg(long, value_name = "TEXT")]
    pub question: Vec<String>,
    /// Write with template NAME (pair, team, pm, gstack, or a custom one); recorded and reused
    /// by later revisions. Default: the checkpoint's template, else `checkpoint.template`, else pair.
    #[arg(long, value_name = "NAME")]
    pub template: Option<String>,
    /// This revision's journal entry (first line becomes the commit subject).
    #[arg(short = 'm', long, value_name = "TEXT")]
    pub message: Option<String>,
    /// Take the journal entry from `-F FILE` instead of the document.
    #[arg(long)]
    pub journal: bool,
    /// Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported.
    /// With `--journal`, FILE is the journal entry instead.
    #[arg(short = 'F', long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Edit the document in the editor git uses (GIT_EDITOR, core.editor, VISUAL, EDITOR).
    #[arg(long)]
    pub edit: bool,
    /// Render and print the checkpoint; write nothing.
    #[arg(long, alias = "no-persist")]
    pub print: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
    /// Write even if the content holds what looks like a credential (this save only; see
    /// checkpoint.secretScan). The revision records each value accepted (its kind and a
    /// fingerprint, never the value): later saves holding it warn instead of refusing, and
    /// push refuses it unless given --allow-secret again.
    #[arg(long)]
    pub allow_secret: bool,
    /// Refuse unless the checkpoint is still at this revision (number or commit id, as
    /// `resume --json` reports it): for whole-document saves based on what you read.
    #[arg(long, value_name = "REV")]
    pub expect: Option<String>,
    /// Save even while someone else holds the story's claim (`git checkpoint claim`).
    #[arg(long)]
    pub force: bool,
}

impl Args {
    /// The save these arguments ask for.
    pub fn options(&self) -> save::Options {
        save::Options {
            fields: save::Fields {
                title: self.title.clone(),
                goal: self.goal.clone(),
                source: self.source.clone(),
                strategy: self.strategy.clone(),
                done: self.done.clone(),
                todo: self.todo.clone(),
                decision: self.decision.clone(),
                next: self.next.clone(),
                stage: self.stage.clone(),
                stopped_at: self.stopped_at.clone(),
                start_with: self.start_with.clone(),
                done_when: self.done_when.clone(),
                met: self.met.clone(),
                context: self.context.clone(),
                question: self.question.clone(),
            },
            template: self.template.clone(),
            message: self.message.clone(),
            journal: self.journal,
            file: self.file.clone(),
            stdin: None,
            text: None,
            edit: self.edit,
            allow_secret: self.allow_secret,
            expect: self.expect.clone(),
            branch: self.branch.clone(),
            hook: None,
            keep_worktree: false,
            claimant: None,
            force: self.force,
            agent_plan: None,
        }
    }
}

/// Runs `save`; returns the exit code.
///
/// # Errors
/// Repository, story, identity, size, lock and storage errors; nothing is written on error.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let (out, err, store) = ctx.open()?;
    // How the story was found is said first, before the editor opens or an error is reported.
    let (story, found) = save::story(&store, args.story.as_deref())?;
    note_found(err, &story, &found);
    let mut options = args.options();
    if options.reads_stdin() {
        // Refuse impossible options before waiting for standard input.
        options.check()?;
        options.stdin = Some(save::read_limited(
            &mut std::io::stdin().lock(),
            std::path::Path::new("-"),
            store.max_size(),
        )?);
    }
    let request = save::Request {
        story,
        found,
        options,
        print: args.print,
        auto_sync: git_checkpoint::ops::AutoSync::Configured,
    };
    let mut editor = |text: &str| edit(&store, text);
    let editor: Option<save::Editor<'_>> = args.edit.then_some(&mut editor);
    let written = match save::run(&store, &request, editor)? {
        save::Report::Printed { story, preview, .. } => {
            return print(&story, *preview, &args, out, err);
        }
        save::Report::Written(w) => w,
    };
    let save::Written {
        story,
        saved,
        next_names_done,
        kept_branch,
        not_pushed,
        ..
    } = *written;
    // What a fetch had brought was integrated first: the save went on top of it.
    for o in &saved.integrated {
        use git_checkpoint::sync::Action;
        let what = match o.action {
            Action::Merged => "merged with",
            Action::Reopened => "replaced by",
            Action::FastForward | Action::Created => "fast-forwarded to",
            // Nothing of the fetched copy was taken (skipped, finished, purged): no note.
            _ => continue,
        };
        err.note(format_args!(
            "{} {what} the fetched copy first, then saved on top{}",
            o.refname,
            if o.action == Action::Reopened {
                " (the story was reopened elsewhere; this clone's finished revisions stay in its archive)".to_string()
            } else if o.conflicts.is_empty() {
                String::new()
            } else {
                format!(
                    " ({} conflicts kept for a save to resolve)",
                    o.conflicts.len()
                )
            }
        ));
    }
    for n in &saved.input_notes {
        err.note(n);
    }
    print_saved(&saved, &story, &args, out, err)?;
    if let Some(why) = &saved.continued {
        err.warn(format_args!("{why}"));
    }
    if let Some(why) = &saved.no_note {
        err.warn(format_args!("no note written: {why}"));
    }
    // Written all the same: the person accepted these values on an earlier revision.
    for held in &saved.held {
        err.warn(format_args!("{held}"));
    }
    // The next action still names a task this save marked done (`--done T2` without a new
    // `--next`), which would send the next session to redo it.
    if let Some(next) = saved.parsed.doc.next_action.as_deref() {
        for id in &next_names_done {
            err.warn(format_args!(
                "the next action still names {id}, which this save marked done: \"{}\"; set the real next step with --next",
                crate::cli::output::escape_controls(next)
            ));
        }
    }
    if let Some((kept, here)) = kept_branch {
        err.note(format_args!(
            "story {} stays on branch {kept} (you are on {here}); --branch {here} moves it",
            story.display()
        ));
    }
    // The save stands either way; sharing it is best effort and says when it fails.
    if let Some(e) = not_pushed {
        err.warn(format_args!(
            "checkpoint.autoSync: not pushed: {}",
            e.chain()
        ));
    }
    Ok(0)
}

/// Opens `text` in the editor git would use (`GIT_EDITOR`, `core.editor`, `VISUAL`, `EDITOR`,
/// else `vi`; git-var(1)) on [`save::edit_path`], and returns the edited text.
///
/// # Errors
/// [`Error::EditorFailed`] when the editor exits unsuccessfully; I/O errors writing or reading
/// the file.
fn edit(store: &Store, text: &str) -> Result<String> {
    let editor = std::env::var("GIT_EDITOR")
        .ok()
        .or_else(|| store.config_string("core.editor"))
        .or_else(|| std::env::var("VISUAL").ok())
        .or_else(|| std::env::var("EDITOR").ok())
        .filter(|e| !e.trim().is_empty())
        .unwrap_or_else(|| "vi".to_string());
    let path = save::edit_path(store);
    std::fs::write(&path, text)?;
    // Like git: the editor string is a shell snippet, the file its first argument.
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$@\""))
        .arg(&editor)
        .arg(&path)
        .status()?;
    if !status.success() {
        return Err(Error::EditorFailed { editor, status });
    }
    let edited = std::fs::read(&path).map_err(|cause| Error::Read {
        path: path.clone(),
        cause,
    })?;
    Ok(String::from_utf8_lossy(&edited).into_owned())
}

/// Prints the "CHECKPOINT WRITTEN" block (or the JSON view, with `--json`) for a [`Saved`]
/// revision written from `args`, and warns about its gaps.
///
/// # Errors
/// I/O errors.
pub fn print_saved(
    saved: &save::Saved,
    story: &StoryId,
    args: &Args,
    out: &mut Output,
    err: &mut Messages,
) -> Result<()> {
    let save::Saved {
        refname,
        commit,
        previous,
        parsed,
        revision: written,
        ..
    } = saved;
    let mode = if previous.is_some() {
        "Updated in place"
    } else {
        "Created"
    };
    let story = &story.clone().shown_as(&written.summary.story_display);
    let d = &parsed.doc;
    let (done, total) = d.task_counts();
    if args.json {
        out.json(&json::Save::written(story, saved))?;
    } else {
        let title = d.title.as_deref().unwrap_or(model::UNKNOWN);
        out.painted(&out.paint("1", "CHECKPOINT WRITTEN:"))?;
        out.line(&format!("├── Story:    {}: {title}", story.display()))?;
        out.line(&format!(
            "├── Branch:   {}",
            d.branch
                .as_deref()
                .or(written.meta.branch.as_deref())
                .unwrap_or(model::UNKNOWN)
        ))?;
        out.line(&format!("├── Ref:      {refname}"))?;
        out.line(&format!("├── Template: {}", written.meta.template))?;
        out.line(&format!("├── Mode:     {mode}"))?;
        out.line(&format!("├── Tasks:    {done} done / {total} total"))?;
        out.line(&format!(
            "└── Revision: {} ({})",
            written.summary.revision,
            &commit.to_string()[..12]
        ))?;
        report_gaps(err, parsed, args);
    }
    Ok(())
}

/// `--print`: print what would be written (nothing was).
fn print(
    story: &StoryId,
    preview: save::Preview,
    args: &Args,
    out: &mut Output,
    err: &mut Messages,
) -> Result<i32> {
    if args.json {
        out.json(&json::Save::printed(story, &preview))?;
    } else {
        out.line(&preview.text)?;
        report_gaps(err, &preview.parsed, args);
    }
    Ok(0)
}

/// Warns about the document's gaps, one warning per field, each naming how to fill it (see
/// [`gap_warnings`]), and notes ignored sections; `-q` drops both (`resume` still lists the
/// gaps).
fn report_gaps(err: &mut Messages, parsed: &Parsed, args: &Args) {
    if err.quiet {
        return;
    }
    let file = args.file.as_deref().filter(|_| !args.journal);
    for w in gap_warnings(&parsed.gaps, file) {
        err.warn(crate::cli::output::escape_controls(&w));
    }
    for s in &parsed.ignored_sections {
        err.note(format_args!(
            "ignored section {} (not part of the template)",
            crate::cli::output::escape_controls(s)
        ));
    }
    for w in &parsed.warnings {
        err.note(format_args!("{}", crate::cli::output::escape_controls(w)));
    }
}

/// The `save` option that fills a document field, by the field's name as gaps give it
/// (lowercase, without a section number): the pair fields, the team and gstack sections and the
/// pm lines (the formats' slots). Fields no option fills (Active Task, Files) are not listed.
const FILLED_BY: &[(&str, &str)] = &[
    ("title", "--title"),
    ("working on", "--title"),
    ("goal", "--goal"),
    ("current objective", "--goal"),
    ("summary", "--goal"),
    ("objective", "--goal"),
    ("source", "--source"),
    ("commit strategy", "--strategy"),
    ("tasks done", "--done"),
    ("completed since last checkpoint", "--done"),
    ("remaining todos", "--todo"),
    ("remaining work", "--todo"),
    ("in-flight work", "--todo"),
    ("plan steps", "--todo"),
    ("key decisions", "--decision"),
    ("decisions", "--decision"),
    ("decisions made", "--decision"),
    ("decisions and rationale", "--decision"),
    ("next immediate action", "--next"),
    ("next action", "--next"),
    ("stage", "--stage"),
    ("stopped at", "--stopped-at"),
    ("start with", "--start-with"),
    ("done when", "--done-when"),
    ("context", "--context"),
    ("notes", "--context"),
    ("cross-session notes", "--context"),
    ("open questions", "--question"),
    ("open questions and blockers", "--question"),
];

/// The field a gap says is missing, empty, unknown or an unfilled placeholder, by its name as
/// written (`Goal`, `Done when`): the gap's field, else its section, without a section number
/// (`4. In-Flight Work` is `In-Flight Work`); `None` for any other gap (a conflict, a bad item,
/// invalid UTF-8), which is reported as it is.
fn missing_field(gap: &Gap) -> Option<&str> {
    if !gap.kind.is_unfilled() {
        return None;
    }
    let name = gap.field.as_deref().or(gap.section.as_deref())?.trim();
    let name = name
        .split_once(". ")
        .filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        .map_or(name, |(_, rest)| rest);
    (!name.is_empty()).then_some(name)
}

/// The warnings for `gaps` after a save: a missing field as `Goal is missing: pass --goal`
/// (after `-F FILE`: `fill it in FILE`), other gaps as they are, and one warning per field: a
/// field the parser reports twice (unknown, then empty) is warned about once.
fn gap_warnings(gaps: &[Gap], file: Option<&std::path::Path>) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for gap in gaps {
        let Some(name) = missing_field(gap) else {
            out.push(gap.to_string());
            continue;
        };
        let key = name.to_lowercase();
        if seen.contains(&key) {
            continue;
        }
        let fill = match (file, FILLED_BY.iter().find(|(f, _)| *f == key)) {
            (Some(path), _) => format!(": fill it in {}", path.display()),
            (None, Some((_, flag))) => format!(": pass {flag}"),
            (None, None) => String::new(),
        };
        seen.push(key);
        out.push(format!("{name} is missing{fill}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use git_checkpoint::model::Place;

    fn warnings(gaps: &[Gap]) -> Vec<String> {
        gap_warnings(gaps, None)
    }

    #[test]
    fn a_missing_field_names_the_flag_that_fills_it() {
        let gaps = [
            Gap::unknown(Place::in_section("Story", "Goal")),
            Gap::placeholder(
                Place::in_section("Remaining Todos", "Next immediate action"),
                "[Next]",
            ),
            Gap::empty_section("Done when"),
            Gap::missing_field("Stage"),
            Gap::unknown(Place::in_section("4. In-Flight Work", "Next action")),
            Gap::missing_section("9. Cross-Session Notes"),
            Gap::missing_section("2. Active Task"),
        ];
        assert_eq!(
            gaps.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "Story: Goal is marked [unknown — needs confirmation]",
                "Remaining Todos: Next immediate action is an unfilled placeholder: [Next]",
                "empty section 'Done when'",
                "missing field 'Stage'",
                "4. In-Flight Work: Next action is marked [unknown — needs confirmation]",
                "missing section '9. Cross-Session Notes'",
                "missing section '2. Active Task'",
            ]
        );
        assert_eq!(
            warnings(&gaps),
            [
                "Goal is missing: pass --goal",
                "Next immediate action is missing: pass --next",
                "Done when is missing: pass --done-when",
                "Stage is missing: pass --stage",
                "Next action is missing: pass --next",
                "Cross-Session Notes is missing: pass --context",
                "Active Task is missing",
            ]
        );
        let from_file = gap_warnings(
            &[Gap::unknown(Place::in_section("Story", "Goal"))],
            Some(std::path::Path::new("cp.md")),
        );
        assert_eq!(from_file, ["Goal is missing: fill it in cp.md"]);
    }

    #[test]
    fn one_field_yields_one_warning_and_other_gaps_stay_as_they_are() {
        assert_eq!(
            warnings(&[
                Gap::unknown(Place::in_section("Checkpoint", "Stopped at")),
                Gap::empty_field("Checkpoint", "Stopped at"),
                Gap::invalid_utf8(),
                Gap::conflict(
                    Place::in_section("Story", "Title"),
                    "[conflict — needs confirmation] ours: a | theirs: b"
                ),
                Gap::no_value("Story", "ID"),
                Gap::unknown_item(Place::section("Tasks Done")),
            ]),
            [
                "Stopped at is missing: pass --stopped-at",
                "the document is not valid UTF-8; invalid bytes were replaced with U+FFFD",
                "Story: Title has a merge conflict: [conflict — needs confirmation] ours: a | theirs: b",
                "Story: no ID",
                "Tasks Done has an item marked [unknown — needs confirmation]",
            ]
        );
    }
}
