//! Where human and JSON output goes: terminal detection, colour (`--color`, `color.checkpoint`,
//! `color.ui`, `NO_COLOR`), the pager, progress on stderr, and escaping of terminal control
//! characters in content that may come from teammates.
//!
//! Owns formatting helpers only; commands decide what to say.

use std::io::{IsTerminal, Write};
use std::process::{Child, ChildStdin};

pub use git_checkpoint::config::ColorChoice;

/// Where the bytes go: standard output, or the pager's standard input.
enum Sink {
    Stdout(std::io::StdoutLock<'static>),
    /// Not a terminal: one write at the end instead of one per line.
    Buffered(std::io::BufWriter<std::io::StdoutLock<'static>>),
    Pager(std::io::BufWriter<ChildStdin>),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Stdout(s) => s.write(buf),
            Sink::Buffered(b) => b.write(buf),
            Sink::Pager(p) => p.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Stdout(s) => s.flush(),
            Sink::Buffered(b) => b.flush(),
            Sink::Pager(p) => p.flush(),
        }
    }
}

/// Standard output with the decisions about colour, paging and escaping made once.
pub struct Output {
    out: Sink,
    /// Standard output is a terminal.
    pub tty: bool,
    /// Text is shown to a person: a terminal, or the pager git started for us
    /// (`GIT_PAGER_IN_USE`); content is escaped ([`escape_controls`]). False for a pipe or file.
    pub shown: bool,
    /// Colour escapes may be written.
    pub color: bool,
    /// `-q`: human reports ([`Output::line`], [`Output::painted`]) are dropped; data
    /// ([`Output::json`], [`Output::raw`]) is still written.
    pub quiet: bool,
    /// The pager [`Output::start_pager`] would start (decided at construction).
    pager: Option<String>,
    child: Option<Child>,
}

/// `NO_COLOR` is set to a non-empty value (no-color.org) or `TERM=dumb`.
fn color_vetoed() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || std::env::var("TERM").is_ok_and(|t| t == "dumb")
}

impl Output {
    /// Locks stdout and decides colour from `choice`, the terminal and the environment.
    /// Never pages; see [`Output::configured`].
    pub fn new(choice: ColorChoice) -> Output {
        let stdout = std::io::stdout();
        let tty = stdout.is_terminal();
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty && !color_vetoed(),
        };
        let out = if tty {
            Sink::Stdout(stdout.lock())
        } else {
            Sink::Buffered(std::io::BufWriter::with_capacity(64 * 1024, stdout.lock()))
        };
        Output {
            out,
            tty,
            shown: tty,
            color,
            quiet: false,
            pager: None,
            child: None,
        }
    }

    /// Like [`Output::new`] with git's rules: `choice` (from `--color`) wins, else
    /// `color.checkpoint`, else `color.ui`, else auto. Auto colours a terminal, or output that
    /// git already pipes into its pager (`GIT_PAGER_IN_USE`, if `color.pager`), unless
    /// `NO_COLOR` is set or `TERM=dumb`. Unless `no_pager`, remembers the pager
    /// [`crate::cli::pager::choose`] picks, for [`Output::start_pager`].
    ///
    /// # Errors
    /// [`git_checkpoint::Error::Config`] for a malformed `color.*` value.
    pub fn configured(
        choice: Option<ColorChoice>,
        no_pager: bool,
        config: &git_checkpoint::config::Config,
    ) -> git_checkpoint::Result<Output> {
        let env = |k: &str| std::env::var(k).ok();
        let choice = match choice {
            Some(c) => c,
            None => config.color()?,
        };
        let mut out = Output::new(choice);
        if !out.tty && crate::cli::pager::in_use(&env) {
            // git's pager shows our output to a person just as a terminal does.
            out.shown = true;
            if choice == ColorChoice::Auto {
                out.color = config.color_pager()? && !color_vetoed();
            }
        }
        if !no_pager {
            out.pager = crate::cli::pager::choose(out.tty, &env, config);
        }
        Ok(out)
    }

    /// Sends the rest of the output through the pager chosen at construction, if any (on a
    /// terminal, not `--no-pager`). Colour and escaping stay as decided for the terminal.
    /// A pager that cannot be started is skipped: output goes to stdout as before.
    pub fn start_pager(&mut self) {
        let Some(pager) = self.pager.take() else {
            return;
        };
        if let Ok(mut child) = crate::cli::pager::spawn(&pager) {
            if let Some(stdin) = child.stdin.take() {
                let _ = self.out.flush();
                self.out = Sink::Pager(std::io::BufWriter::new(stdin));
                self.child = Some(child);
            }
        }
    }

    /// Flushes output and, when a pager runs, closes its input and waits for it to exit
    /// (as git does before exiting). Call once before the process exits.
    pub fn finish(&mut self) {
        let _ = self.out.flush();
        if let Some(mut child) = self.child.take() {
            // Dropping the pipe's writer is what tells the pager the output is complete.
            self.out = Sink::Stdout(std::io::stdout().lock());
            let _ = child.wait();
        }
    }

    /// Writes `text` and a newline; control characters are escaped on a terminal.
    ///
    /// # Errors
    /// I/O errors, including a broken pipe (the binary exits quietly on that).
    pub fn line(&mut self, text: &str) -> std::io::Result<()> {
        if self.quiet {
            Ok(())
        } else if self.shown {
            writeln!(self.out, "{}", escape_controls(text))
        } else {
            writeln!(self.out, "{text}")
        }
    }

    /// Writes content (a document, a brief, a PR body) as it is, except that control
    /// characters are made visible when a person sees it ([`Output::shown`]); a pipe or file
    /// gets the exact bytes. Written even with `-q`: it is the data asked for.
    ///
    /// # Errors
    /// I/O errors.
    pub fn content(&mut self, text: &str) -> std::io::Result<()> {
        if self.shown {
            self.out.write_all(escape_controls(text).as_bytes())
        } else {
            self.out.write_all(text.as_bytes())
        }
    }

    /// Writes `text` verbatim (no escaping, no newline added).
    ///
    /// # Errors
    /// I/O errors.
    pub fn raw(&mut self, text: &str) -> std::io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    /// Writes one JSON document and a newline. When a person sees it ([`Output::shown`]), DEL,
    /// C1 and bidirectional controls are written as JSON escapes (`\u202e`): the same document,
    /// which the terminal shows instead of obeying (JSON escapes the other controls itself).
    /// A pipe or file gets serde_json's bytes.
    ///
    /// # Errors
    /// I/O errors.
    pub fn json<T: serde::Serialize>(&mut self, value: &T) -> std::io::Result<()> {
        // Straight from the typed document, keys in its fields' order (the same for every
        // document of a kind), with no value tree per row (a third of `list --all --json` at
        // 10,000 stories); into memory, then one write (serde_json writes each quote, key and
        // comma on its own, and each went through the sink's dispatch: another tenth).
        let mut text = serde_json::to_vec_pretty(value)?;
        if self.shown {
            let shown =
                git_checkpoint::human::escape_json_controls(&String::from_utf8_lossy(&text));
            text = shown.into_bytes();
        }
        text.push(b'\n');
        self.out.write_all(&text)
    }

    /// Wraps already-escaped `text` in an SGR colour (`"1"` bold, `"33"` yellow...) when allowed.
    pub fn paint(&self, sgr: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{sgr}m{text}\x1b[m")
        } else {
            text.to_string()
        }
    }

    /// Writes a line that may already contain our own colour escapes; `content` parts must
    /// have gone through [`Output::safe`].
    ///
    /// # Errors
    /// I/O errors.
    pub fn painted(&mut self, text: &str) -> std::io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        writeln!(self.out, "{text}")
    }

    /// Escapes control characters in `text` when writing to a terminal.
    pub fn safe(&self, text: &str) -> String {
        if self.shown {
            escape_controls(text)
        } else {
            text.to_string()
        }
    }
}

// The escaping is the library's, so the fuzz targets check the routine the terminal gets.
pub use git_checkpoint::human::escape_controls;

// Counts and ages appear in library messages (resume warnings) too: the library owns them.
pub use git_checkpoint::human::{count, relative_time};

// RFC 3339 times are part of the JSON contract; the library owns the format.
pub use git_checkpoint::json::rfc3339;

/// Writes one line to stderr like `eprintln!`, but ignores write errors: a closed stderr
/// (`2>&1 | head -c1`) must not turn a finished command into a panic.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
