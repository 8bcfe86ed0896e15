//! `git-checkpoint`: parse the command line, run the command, map errors to exit codes.
//! Exit codes: 0 success, 1 error, 2 usage error, 3 `resume --strict` with confidence below high.
//!
//! On Linux with glibc the C `main` is ours (`no_main`): std's runtime start-up reads
//! /proc/self/maps to place a stack-overflow guard, which cost a twentieth of a `resume`. Our
//! `main` does the rest of what that start-up does for us: it ignores SIGPIPE (a closed pipe is
//! then an EPIPE error, which we treat as success) and makes sure fds 0-2 are open. std still
//! gets argc/argv from glibc, and `std::process::exit` still flushes stdout.
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

use clap::{CommandFactory, FromArgMatches};
mod cli;

use cli::commands;
use cli::context::Context;
use cli::{Cli, Command};

#[cfg(any(test, not(all(target_os = "linux", target_env = "gnu"))))]
fn main() {
    run()
}

/// The process entry point glibc calls; never returns (every path ends in `process::exit`).
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[no_mangle]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // SAFETY: called once, before any other thread exists; the calls only change this
    // process's signal disposition and file descriptors 0-2.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        // As std's start-up does: a closed standard fd is reopened on /dev/null, so a file we
        // open later never becomes "stdout".
        for fd in 0..3 {
            if libc::fcntl(fd, libc::F_GETFD) == -1
                && *libc::__errno_location() == libc::EBADF
                && libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) != fd
            {
                libc::abort();
            }
        }
    }
    run()
}

/// Parses the command line, runs the command and exits with its code.
fn run() -> ! {
    let mut command = Cli::command();
    let matches = match command.try_get_matches_from_mut(std::env::args_os()) {
        Ok(m) => m,
        // clap's own message spans several lines; every other error of ours is one line.
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidUtf8 => {
            cli::ui::Messages::stderr().error(
                "an argument is not valid UTF-8; story ids, messages and options must be UTF-8 (pass other content with -F FILE)",
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
    let quiet = cli.command.quiet();
    let mut ctx = match Context::new(cli.color.map(Into::into), cli.no_pager, quiet) {
        Ok(ctx) => ctx,
        Err(e) => exit_with(Err(e), &mut cli::ui::Messages::stderr()),
    };
    let result = match cli.command {
        Command::Save(a) => commands::save::run(a, &mut ctx),
        Command::Resume(a) => commands::resume::run(a, &mut ctx),
        Command::Show(a) => commands::show::run(a, &mut ctx),
        Command::List(a) => commands::list::run(a, &mut ctx),
        Command::Log(a) => commands::log::run(a, &mut ctx),
        Command::Diff(a) => commands::diff::run(a, &mut ctx),
        Command::Done(a) => commands::done::run(a, &mut ctx),
        Command::Push(a) => commands::push::run(a, &mut ctx),
        Command::Fetch(a) => commands::fetch::run(a, &mut ctx),
        Command::Sync(a) => commands::sync::run(a, &mut ctx),
        Command::Setup(a) => commands::setup::run(a, &mut ctx),
        Command::At(a) => commands::at::run(a, &mut ctx),
        Command::Start(a) => commands::start::run(a, &mut ctx),
        Command::Switch(a) => commands::switch::run(a, &mut ctx),
        Command::Stack(a) => commands::stack::run(a, &mut ctx),
        Command::Status(a) => commands::status::run(a, &mut ctx),
        Command::Import(a) => commands::import::run(a, &mut ctx),
        Command::Export(a) => commands::export::run(a, &mut ctx),
        Command::Prompt(a) => commands::prompt::run(a, &mut ctx),
        Command::PrBody(a) => commands::pr_body::run(a, &mut ctx),
        Command::InstallMan(a) => commands::install_man::run(a, &mut ctx),
        Command::Agent(a) => commands::agent::run(a, &mut ctx),
        Command::Help(a) => commands::help::run(a, &mut ctx),
        Command::GenerateDocs(a) => commands::generate::run(a),
    };
    ctx.ui.out.finish();
    exit_with(result, &mut ctx.ui.err)
}

/// Prints an error as one line and exits with the command's code (broken pipe is success).
fn exit_with(result: git_checkpoint::Result<i32>, err: &mut cli::ui::Messages) -> ! {
    let code = match result {
        Ok(code) => code,
        Err(git_checkpoint::Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            let e = anyhow::Error::from(e);
            err.error(cli::output::escape_controls(&format!("{e:#}")));
            1
        }
    };
    std::process::exit(code);
}
