//! Progress of long operations (syncing many stories, importing many files) on stderr, only when
//! stderr is a terminal: `label: 3/40` redrawn in place, then cleared. Off a terminal (pipes,
//! CI logs, agents) it writes nothing, so scripted output stays clean.
//!
//! This module owns only that one line on stderr.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Redraws at most this often, so fast loops do not flood the terminal.
const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// A progress counter: `Progress::new("Fetching", 40)`, `tick()` per item, `finish()` at the end
/// (also done on drop).
pub struct Progress {
    label: String,
    total: u64,
    done: u64,
    sink: Option<Box<dyn Write>>,
    last: Option<Instant>,
}

impl Progress {
    /// A counter of `total` items (0 when unknown) titled `label`, drawn on stderr only when
    /// stderr is a terminal.
    pub fn new(label: &str, total: u64) -> Progress {
        let sink: Option<Box<dyn Write>> = if std::io::stderr().is_terminal() {
            Some(Box::new(std::io::stderr()))
        } else {
            None
        };
        Progress::to(label, total, sink)
    }

    /// A counter drawing to `sink` (`None`: silent). For tests and callers with their own
    /// terminal check.
    pub fn to(label: &str, total: u64, sink: Option<Box<dyn Write>>) -> Progress {
        Progress {
            label: label.to_string(),
            total,
            done: 0,
            sink,
            last: None,
        }
    }

    /// Counts one item done and redraws when due (and always for the last item).
    pub fn tick(&mut self) {
        self.done += 1;
        let due = self.last.is_none_or(|t| t.elapsed() >= REDRAW_EVERY);
        if due || self.done == self.total {
            self.draw();
        }
    }

    fn draw(&mut self) {
        let Some(sink) = self.sink.as_mut() else {
            return;
        };
        let line = if self.total > 0 {
            format!("\r{}: {}/{}", self.label, self.done, self.total)
        } else {
            format!("\r{}: {}", self.label, self.done)
        };
        // Progress is best effort: a closed stderr must not fail the operation.
        let _ = sink.write_all(line.as_bytes()).and_then(|_| sink.flush());
        self.last = Some(Instant::now());
    }

    /// Clears the line (if anything was drawn) and stops drawing.
    pub fn finish(&mut self) {
        if let Some(mut sink) = self.sink.take() {
            if self.last.is_some() {
                let _ = sink.write_all(b"\r\x1b[K").and_then(|_| sink.flush());
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
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
            self.0.lock().expect("not poisoned").extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn draws_and_clears_on_a_terminal_sink() {
        let buf = Buf::default();
        let mut p = Progress::to("Fetching", 2, Some(Box::new(buf.clone())));
        p.tick();
        p.tick();
        p.finish();
        let s = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert!(s.starts_with("\rFetching: 1/2"), "{s:?}");
        assert!(s.contains("Fetching: 2/2"), "{s:?}");
        assert!(s.ends_with("\r\x1b[K"), "{s:?}");
    }

    #[test]
    fn silent_without_a_sink() {
        let mut p = Progress::to("x", 3, None);
        p.tick();
        p.finish();
    }
}
