//! The user interface of one process: standard output (with colour, paging and escaping, see
//! [`Output`]) and standard error for warnings, notes and hints, with `-q` applied once.
//!
//! Commands write only through a [`Ui`]; nothing else in the binary prints. Model: jj's
//! `cli/src/ui.rs`.

pub use crate::cli::output::Output;
use std::fmt::Display;
use std::io::Write;

/// Standard output and standard error of a command.
pub struct Ui {
    /// Data and reports: standard output, or the pager.
    pub out: Output,
    /// Warnings, notes and hints.
    pub err: Messages,
}

impl Ui {
    /// A `Ui` over `out` and the process's standard error.
    pub fn new(out: Output) -> Ui {
        Ui {
            out,
            err: Messages::stderr(),
        }
    }
}

/// Where messages for the person go (standard error unless a test gives another writer).
/// Write errors are ignored: a closed stderr (`2>&1 | head -c1`) must not fail a command that
/// did its work.
pub struct Messages {
    sink: Box<dyn Write>,
    /// `-q`: notes, hints and progress are dropped; warnings and errors are not.
    pub quiet: bool,
}

impl Messages {
    /// Messages to the process's standard error, not quiet.
    pub fn stderr() -> Messages {
        Messages {
            sink: Box::new(std::io::stderr()),
            quiet: false,
        }
    }

    /// Messages to `sink` (a test's buffer), not quiet.
    #[cfg(test)]
    pub fn to(sink: Box<dyn Write>) -> Messages {
        Messages { sink, quiet: false }
    }

    /// Writes `prefix` and `text` as one line, with control and bidi characters made
    /// visible: messages may quote a teammate's content, and a person reads them.
    fn put(&mut self, prefix: &str, text: impl Display) {
        let text = crate::cli::output::escape_controls(&text.to_string());
        // One write per message (stderr is unbuffered): a line of another process writing to
        // the same terminal or log is not cut into it.
        let _ = self.sink.write_all(format!("{prefix}{text}\n").as_bytes());
    }

    /// `warning: <text>`, shown even with `-q`.
    pub fn warn(&mut self, text: impl Display) {
        self.put("warning: ", text);
    }

    /// `error: <text>`, shown even with `-q`.
    pub fn error(&mut self, text: impl Display) {
        self.put("error: ", text);
    }

    /// `note: <text>`, dropped with `-q`.
    pub fn note(&mut self, text: impl Display) {
        if !self.quiet {
            self.put("note: ", text);
        }
    }

    /// `hint: <text>`, dropped with `-q`.
    pub fn hint(&mut self, text: impl Display) {
        if !self.quiet {
            self.put("hint: ", text);
        }
    }

    /// A plain line for the person (an empty listing, a status), dropped with `-q`.
    pub fn info(&mut self, text: impl Display) {
        if !self.quiet {
            self.put("", text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);
    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("not poisoned").write(b)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn quiet_keeps_warnings_and_drops_notes() {
        let buf = Buf::default();
        let mut m = Messages::to(Box::new(buf.clone()));
        m.quiet = true;
        m.note("n");
        m.hint("h");
        m.info("i");
        m.warn("w");
        m.error("e");
        let text = String::from_utf8(buf.0.lock().expect("not poisoned").clone()).unwrap();
        assert_eq!(text, "warning: w\nerror: e\n");
    }
}
