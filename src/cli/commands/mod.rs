//! One module per subcommand, each with its `Args` and `run`. Shared here: finding the
//! repository and the story, and reading the revision a read command shows.

pub mod agent;
pub mod at;
pub mod diff;
pub mod done;
pub mod export;
pub mod fetch;
pub mod generate;
pub mod help;
pub mod import;
pub mod install_man;
pub mod list;
pub mod log;
pub mod pr_body;
pub mod prompt;
pub mod push;
pub mod resume;
pub mod save;
pub mod setup;
pub mod show;
pub mod stack;
pub mod start;
pub mod status;
pub mod switch;
pub mod sync;

use crate::cli::ui::Messages;
use git_checkpoint::error::Result;
use git_checkpoint::store::Store;
use git_checkpoint::story::StoryId;

/// Exit code of `resume --strict` when confidence is not high.
pub const EXIT_NEEDS_CONFIRMATION: i32 = 3;

pub use git_checkpoint::ops::locate::{read_revision, resolve_story, Found, Located};

/// Prints how the story was found when it was not given, so nothing is silently guessed.
pub fn note_found(err: &mut Messages, story: &StoryId, found: &Found) {
    match found {
        Found::Explicit => {}
        Found::Env => err.note(format_args!("story {story} from GIT_CHECKPOINT_STORY")),
        Found::Branch(b) => err.note(format_args!("story {story} detected from branch '{b}'")),
        Found::Recorded(b) => err.note(format_args!(
            "story {story}: the only checkpoint recorded on the current branch '{b}'"
        )),
        Found::Current => err.note(format_args!(
            "story {story} is this worktree's current story"
        )),
    }
}

/// [`git_checkpoint::ops::locate::locate_for_read`], with a note on stderr of how the story
/// was found when it was not given.
///
/// # Errors
/// As [`git_checkpoint::ops::locate::locate_for_read`].
pub fn locate_for_read(
    err: &mut Messages,
    store: &Store,
    explicit: Option<&str>,
    command: &'static str,
    archived: bool,
) -> Result<Located> {
    let (located, found) =
        git_checkpoint::ops::locate::locate_for_read(store, explicit, command, archived)?;
    note_found(err, &located.story, &found);
    Ok(located)
}

/// The `--format` values of `import` and `export`: the built-in formats by name, in
/// [`git_checkpoint::formats::BUILTIN`] order, each with its module's help line; `auto` first for `import`.
fn format_values(import: bool) -> clap::builder::PossibleValuesParser {
    use clap::builder::PossibleValue;
    let auto = import
        .then(|| PossibleValue::new("auto").help("Recognise each file by its name and content"));
    let builtin = git_checkpoint::formats::BUILTIN.iter().filter_map(|name| {
        let f = git_checkpoint::formats::Format::builtin(name)?;
        let help = if import {
            f.files_read()
        } else {
            f.files_written()
        };
        Some(PossibleValue::new(*name).help(help))
    });
    clap::builder::PossibleValuesParser::new(auto.into_iter().chain(builtin))
}

/// `import --format`: a built-in format, or `None` for `auto`.
pub fn import_format(
) -> impl clap::builder::TypedValueParser<Value = Option<git_checkpoint::formats::Format>> {
    use clap::builder::TypedValueParser;
    format_values(true).map(|name| git_checkpoint::formats::Format::builtin(&name))
}

/// `export --format`: a built-in format.
pub fn export_format(
) -> impl clap::builder::TypedValueParser<Value = git_checkpoint::formats::Format> {
    use clap::builder::TypedValueParser;
    format_values(false).map(|name| {
        git_checkpoint::formats::Format::builtin(&name)
            .expect("every possible value names a built-in format")
    })
}
