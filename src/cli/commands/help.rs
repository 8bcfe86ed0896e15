//! `git checkpoint help [COMMAND...]`: the long help of a command, the same text as
//! `git checkpoint COMMAND --help` (clap's own `help` subcommand is turned off: its wording
//! cannot be changed and says "subcommand(s)").

use crate::cli::context::Context;
pub use crate::cli::self_args::HelpArgs as Args;
use git_checkpoint::error::{Error, Result};

/// Runs `help`: prints the long help of the command named by `args` on stdout.
///
/// # Errors
/// [`Error::NoSuchCommand`] naming an unknown command; I/O errors writing.
pub fn run(args: Args, ctx: &mut Context) -> Result<i32> {
    let mut root = crate::cli::command();
    let mut cmd = &mut root;
    for name in &args.command {
        cmd = match cmd.find_subcommand_mut(name) {
            Some(sub) if !sub.is_hide_set() => sub,
            _ => {
                return Err(Error::NoSuchCommand {
                    command: name.clone(),
                })
            }
        };
    }
    let text = cmd.render_long_help().to_string();
    ctx.ui.out.raw(&text)?;
    Ok(0)
}
