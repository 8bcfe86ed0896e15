//! `git-checkpoint`: parse the command line, run the command, map errors to exit codes.
//! Exit codes: 0 success, 1 error, 2 usage error, 3 `resume --strict` with confidence below high;
//! a library error's code comes from its kind through `cli::reference::EXIT_CODES`.
//!
//! On Linux with glibc the C `main` is ours (`no_main`): std's runtime start-up places a
//! stack-overflow guard (it reads /proc/self/maps through `pthread_getattr_np` and maps an
//! alternate signal stack), which is most of what a static `git-checkpoint` costs before it
//! runs. Our `main` does the rest of what that start-up does for us: it ignores SIGPIPE (a
//! closed pipe is then an EPIPE error, which we treat as success) and makes sure fds 0-2 are
//! open. std still gets argc/argv from glibc, and `std::process::exit` still flushes stdout.
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
#[unsafe(no_mangle)]
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
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The slim tree when the call names a subcommand first; any error comes from the whole
    // tree, as it always has.
    let parse = |mut command: clap::Command| {
        let parsed = command.try_get_matches_from_mut(&args);
        (command, parsed)
    };
    let (mut command, parsed) = match cli::slim_tree(&args).map(parse) {
        Some((slim, Ok(m))) => (slim, Ok(m)),
        _ => parse(Cli::command()),
    };
    let mut matches = match parsed {
        Ok(m) => m,
        // Help is rendered by a second parse of a tree that carries the reference tables,
        // which the common case (a command that runs) does not build.
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => {
            match cli::for_help(Cli::command()).try_get_matches_from(&args) {
                Err(help) => help.exit(),
                Ok(_) => e.exit(),
            }
        }
        // clap's own message spans several lines; every other error of ours is one line.
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidUtf8 => {
            // Name the argument, its invalid bytes escaped (`"de\xFFmo"`), when it is the only
            // one (a path may be non-UTF-8 and accepted, so with two we cannot tell which).
            let mut invalid = args.iter().skip(1).filter(|a| a.to_str().is_none());
            let bad = match (invalid.next(), invalid.next()) {
                (Some(a), None) => format!("argument {a:?}"),
                _ => "an argument".to_string(),
            };
            cli::ui::Messages::stderr().error(format_args!(
                "{bad} is not valid UTF-8; story ids, messages and options must be UTF-8 (pass other content with -F FILE)",
            ));
            std::process::exit(2);
        }
        Err(e) => e.exit(),
    };
    // `_mut` takes the values out instead of parsing a clone of every match.
    let cli =
        Cli::from_arg_matches_mut(&mut matches).unwrap_or_else(|e| e.format(&mut command).exit());
    // The parser's tree of ~20 subcommands is not needed again, and freeing it costs a tenth of
    // a short run such as `resume`; the process ends soon and the OS takes the memory back.
    std::mem::forget(command);
    std::mem::forget(matches);
    let command = match cli.command {
        // The server owns stdout (the protocol) and needs no repository of the process's own:
        // it runs before the context, which locks stdout and discovers the repository.
        #[cfg(feature = "mcp")]
        Command::Mcp(a) => exit_with(commands::mcp::run(a), &mut cli::ui::Messages::stderr()),
        other => other,
    };
    let quiet = command.quiet();
    let mut ctx = match Context::new(
        cli.globals.color.map(Into::into),
        cli.globals.no_pager,
        quiet,
    ) {
        Ok(ctx) => ctx,
        Err(e) => exit_with(Err(e), &mut cli::ui::Messages::stderr()),
    };
    let result = match command {
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
        Command::Claim(a) => commands::claim::run(a, &mut ctx),
        Command::Release(a) => commands::release::run(a, &mut ctx),
        Command::Handoff(a) => commands::handoff::run(a, &mut ctx),
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
        #[cfg(feature = "mcp")]
        Command::Mcp(_) => unreachable!("served before the context is built"),
        Command::Help(a) => commands::help::run(a, &mut ctx),
        Command::GenerateDocs(a) => commands::generate::run(a),
    };
    ctx.ui.out.finish();
    exit_with(result, &mut ctx.ui.err)
}

/// Prints an error as one line and exits with the command's code, or the code the exit-status
/// table gives the error's kind (broken pipe is success).
fn exit_with(result: git_checkpoint::Result<i32>, err: &mut cli::ui::Messages) -> ! {
    let code = match result {
        Ok(code) => code,
        Err(git_checkpoint::Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            let code = cli::reference::code_for(e.kind());
            let e = anyhow::Error::from(e);
            err.error(cli::output::escape_controls(&format!("{e:#}")));
            code
        }
    };
    std::process::exit(code);
}
