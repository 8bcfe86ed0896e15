//! `git-checkpoint`: parse the command line, run the command, map errors to exit codes.
//! Exit codes: 0 success, 1 error, 2 usage error, 3 `resume --strict` with confidence below high.

use clap::{CommandFactory, FromArgMatches};
use git_checkpoint::cli::{Cli, Command};
use git_checkpoint::commands;
use git_checkpoint::config::Config;
use git_checkpoint::output::Output;

fn main() {
    let mut command = Cli::command();
    let matches = match command.try_get_matches_from_mut(std::env::args_os()) {
        Ok(m) => m,
        // clap's own message spans several lines; every other error of ours is one line.
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidUtf8 => {
            git_checkpoint::say!(
                "error: an argument is not valid UTF-8; story ids, messages and options must be UTF-8 (pass other content with -F FILE)"
            );
            std::process::exit(2);
        }
        Err(e) => e.exit(),
    };
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command).exit());
    // The parser's tree of ~20 subcommands is not needed again, and freeing it costs a tenth of
    // a short run such as `resume`; the process ends soon and the OS takes the memory back.
    std::mem::forget(command);
    std::mem::forget(matches);
    let cwd = std::env::current_dir().unwrap_or_else(|_| ".".into());
    let result = Output::configured(cli.color, cli.no_pager, &Config::discover(&cwd));
    let mut out = match result {
        Ok(out) => out,
        Err(e) => exit_with(Err(e)),
    };
    let result = match cli.command {
        Command::Save(a) => commands::save::run(a, &mut out),
        Command::Resume(a) => commands::resume::run(a, &mut out),
        Command::Show(a) => commands::show::run(a, &mut out),
        Command::List(a) => commands::list::run(a, &mut out),
        Command::Log(a) => commands::log::run(a, &mut out),
        Command::Diff(a) => commands::diff::run(a, &mut out),
        Command::Done(a) => commands::done::run(a, &mut out),
        Command::Push(a) => commands::push::run(a, &mut out),
        Command::Fetch(a) => commands::fetch::run(a, &mut out),
        Command::Sync(a) => commands::sync::run(a, &mut out),
        Command::Setup(a) => commands::setup::run(a, &mut out),
        Command::At(a) => commands::at::run(a, &mut out),
        Command::Start(a) => commands::start::run(a, &mut out),
        Command::Switch(a) => commands::switch::run(a, &mut out),
        Command::Stack(a) => commands::stack::run(a, &mut out),
        Command::Status(a) => commands::status::run(a, &mut out),
        Command::Import(a) => commands::import::run(a, &mut out),
        Command::Export(a) => commands::export::run(a, &mut out),
        Command::Prompt(a) => commands::prompt::run(a, &mut out),
        Command::PrBody(a) => commands::pr_body::run(a, &mut out),
        Command::InstallMan(a) => commands::install_man::run(a, &mut out),
        Command::Agent(a) => commands::agent::run(a, &mut out),
        Command::GenerateDocs(a) => commands::generate::run(a),
    };
    out.finish();
    exit_with(result)
}

/// Prints an error as one line and exits with the command's code (broken pipe is success).
fn exit_with(result: git_checkpoint::Result<i32>) -> ! {
    let code = match result {
        Ok(code) => code,
        Err(git_checkpoint::Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            let e = anyhow::Error::from(e);
            git_checkpoint::say!(
                "error: {}",
                git_checkpoint::output::escape_controls(&format!("{e:#}"))
            );
            1
        }
    };
    std::process::exit(code);
}
