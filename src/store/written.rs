//! Provenance: which checkpoint commits this clone wrote.
//!
//! Every checkpoint commit written here (a save, a hook's revision, `done`, an import, a merge
//! made by `fetch` or `sync`) is recorded, before any ref points at it, in
//! `<common-dir>/checkpoint/written/<story>`: one full hex object id per line (and `clean <id>`
//! lines, [`Store::record_clean`]). A commit that is
//! not recorded arrived from elsewhere (a remote, through our fetch or a plain `git fetch`):
//! a teammate's. Author names and emails are never consulted: anyone sets them. The file is
//! bookkeeping of this clone, never shared: worktrees of one clone share it (the common
//! directory), other clones have their own. Format in `docs/FORMAT.md`, "Provenance".

use super::Store;
use crate::error::{Error, Result};
use gix::ObjectId;
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

/// The largest record a read accepts (about 400,000 revisions of one story); a bigger file is
/// read up to this size and the rest counts as not written here.
const MAX_RECORD: u64 = 16 << 20;

/// Whether `story` can name a file of its own: canonical ids only (`[a-z0-9._-]`, no leading
/// dot). Anything else is never recorded, so it reads as not written here.
fn file_name(story: &str) -> Option<&str> {
    let ok = !story.is_empty()
        && !story.starts_with('.')
        && story.len() <= 100
        && story
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b));
    ok.then_some(story)
}

impl Store {
    fn written_path(&self, story: &str) -> Option<PathBuf> {
        Some(
            self.common_dir()
                .join("checkpoint")
                .join("written")
                .join(file_name(story)?),
        )
    }

    /// Records that this clone wrote `commit`, a revision of `story`: one line appended
    /// (`O_APPEND`, one `write` of at most 65 bytes, so concurrent writers never interleave).
    /// Called by the store before any ref can point at the commit.
    ///
    /// # Errors
    /// [`Error::Io`] when the directory or the file cannot be written.
    pub(crate) fn record_written(&self, story: &str, commit: ObjectId) -> Result<()> {
        let Some(path) = self.written_path(story) else {
            return Ok(());
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        // The first record of a story written before provenance was recorded starts with what
        // its reflogs say this clone wrote.
        let mut line = String::new();
        if !path.exists() {
            for c in self.written_before_records(story) {
                line.push_str(&format!("{c}\n"));
            }
        }
        line.push_str(&format!("{commit}\n"));
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(&path)?;
        append_line(&mut file, line)?;
        Ok(())
    }

    /// For a story with no record yet (its revisions were written by a version that kept
    /// none): the commits its active and archive refs' reflogs show this clone writing (entries
    /// `checkpoint: save`, `checkpoint: done`, `checkpoint: import`; not `checkpoint: integrate`,
    /// which moved to what a fetch brought). Empty where git keeps no reflog we can read
    /// (reftable) or it expired: those revisions then read as a teammate's, the safe side.
    fn written_before_records(&self, story: &str) -> Vec<ObjectId> {
        let mut out = Vec::new();
        for prefix in [super::ACTIVE_PREFIX, super::ARCHIVE_PREFIX] {
            let refname = format!("{prefix}{story}");
            // A ref that does not exist (the archive ref of an active story) costs one failed
            // open this way, and the reflog is read by name: gix's reference lookup would read
            // the ref again, and try a missing one under `tags/`, `heads/` and `remotes/` too.
            if !matches!(self.tip(&refname), Ok(Some(_))) {
                continue;
            }
            let mut buf = Vec::new();
            let Ok(Some(lines)) = self.repo.refs.reflog_iter(refname.as_str(), &mut buf) else {
                continue;
            };
            for line in lines.flatten() {
                let msg = line.message.to_string();
                if ["checkpoint: save", "checkpoint: done", "checkpoint: import"]
                    .contains(&msg.as_str())
                {
                    out.extend(ObjectId::from_hex(line.new_oid).ok());
                }
            }
        }
        out
    }

    /// The checkpoint commits of `story` this clone wrote (see the module documentation), and
    /// those the record marks clean; empty when none are recorded.
    ///
    /// # Errors
    /// [`Error::Read`] when the record exists but cannot be read.
    pub fn written(&self, story: &str) -> Result<Written> {
        Ok(match self.record(story)? {
            Record::Text(text) => {
                let mut w = Written {
                    recorded: true,
                    ..Written::default()
                };
                for line in text.lines() {
                    let line = line.trim();
                    match line.strip_prefix(CLEAN) {
                        Some(hex) => w.clean.extend(ObjectId::from_hex(hex.as_bytes()).ok()),
                        None => w.ids.extend(ObjectId::from_hex(line.as_bytes()).ok()),
                    }
                }
                w
            }
            Record::Before(ids) => Written {
                ids: ids.into_iter().collect(),
                ..Written::default()
            },
        })
    }

    /// Records that `commit`, a revision of `story`, and every commit it descends from were
    /// written by this clone, as a provenance walk found: a line `clean <hex>` appended to the
    /// record (one `write`, `O_APPEND`). Only to a record that exists (`written` read one); a
    /// cache, so a failure (a read-only repository) leaves it unwritten and is not reported.
    pub(crate) fn record_clean(&self, story: &str, written: &Written, commit: ObjectId) {
        if !written.recorded || written.clean.contains(&commit) {
            return;
        }
        let Some(path) = self.written_path(story) else {
            return;
        };
        let line = format!("{CLEAN}{commit}\n");
        if let Ok(mut file) = std::fs::OpenOptions::new()
            .append(true)
            .read(true)
            .open(path)
        {
            let _ = append_line(&mut file, line);
        }
    }

    /// Whether this clone wrote `commit`, a checkpoint commit of `story`: what
    /// `written(story)?.contains(&commit)` says, by comparing the record's lines with the
    /// commit's hex id instead of parsing and hashing every line (the record grows by a line
    /// per revision and claim commit; a hook asks this several times).
    ///
    /// # Errors
    /// As [`Store::written`].
    pub fn wrote(&self, story: &str, commit: ObjectId) -> Result<bool> {
        Ok(match self.record(story)? {
            Record::Text(text) => {
                let hex = commit.to_hex().to_string();
                let bytes = text.as_bytes();
                let mut start = 0;
                memchr::memchr_iter(b'\n', bytes)
                    .chain(std::iter::once(bytes.len()))
                    .any(|end| {
                        let line = &bytes[start..end];
                        start = end + 1;
                        // `str::trim` (Unicode whitespace) only for a line that is not ASCII.
                        let line = match line.trim_ascii() {
                            t if t.is_ascii() => t,
                            t => std::str::from_utf8(t).map_or(t, |t| t.trim().as_bytes()),
                        };
                        line.eq_ignore_ascii_case(hex.as_bytes())
                    })
            }
            Record::Before(ids) => ids.contains(&commit),
        })
    }

    /// The record of `story` as text (at most [`MAX_RECORD`] bytes), or, when it has none
    /// yet, what its reflogs say this clone wrote.
    fn record(&self, story: &str) -> Result<Record> {
        let Some(path) = self.written_path(story) else {
            return Ok(Record::Before(Vec::new()));
        };
        let file = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Record::Before(self.written_before_records(story)))
            }
            Err(cause) => return Err(Error::Read { path, cause }),
        };
        let mut text = String::new();
        use std::io::Read;
        if let Err(cause) = file.take(MAX_RECORD).read_to_string(&mut text) {
            return Err(Error::Read { path, cause });
        }
        Ok(Record::Text(text))
    }
}

/// Appends `line` (ending in a newline) to `file`, opened to append and read, in one `write`;
/// after a newline first when the file does not end in one (a write cut short by a full disk
/// or a kill, a hand edit), so that a line never runs on from a cut-off one: `clean ` followed
/// by the next commit's id would mark that commit clean.
fn append_line(file: &mut std::fs::File, mut line: String) -> std::io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    if file.metadata()?.len() > 0 {
        let mut last = [0u8; 1];
        file.seek(SeekFrom::End(-1))?;
        file.read_exact(&mut last)?;
        if last[0] != b'\n' {
            line.insert(0, '\n');
        }
    }
    file.write_all(line.as_bytes())
}

/// How a line of the record marks a commit clean (see [`Store::record_clean`]).
const CLEAN: &str = "clean ";

/// What a story's record says ([`Store::written`]).
#[derive(Debug, Default)]
pub struct Written {
    /// The checkpoint commits this clone wrote.
    ids: HashSet<ObjectId>,
    /// Commits that, with every commit they descend from, this clone wrote.
    clean: HashSet<ObjectId>,
    /// Whether the record file exists (else `ids` came from the reflogs).
    recorded: bool,
}

impl Written {
    /// Whether this clone wrote `commit`.
    pub fn contains(&self, commit: &ObjectId) -> bool {
        self.ids.contains(commit)
    }

    /// Whether this clone wrote `commit` and every commit it descends from, as recorded by
    /// [`Store::record_clean`]: a `clean` line, and a line of the commit itself (a `clean`
    /// line alone, written by hand, proves nothing).
    pub fn is_clean(&self, commit: &ObjectId) -> bool {
        self.clean.contains(commit) && self.ids.contains(commit)
    }
}

/// A story's record of what this clone wrote.
enum Record {
    /// The record file's text.
    Text(String),
    /// No record file yet: the commits its reflogs show this clone writing.
    Before(Vec<ObjectId>),
}

#[cfg(test)]
mod tests {
    use super::file_name;
    use crate::store::Store;
    use gix::ObjectId;

    #[test]
    fn wrote_finds_a_line_of_the_id_in_any_case_and_spacing_and_nothing_else() {
        let dir = tempfile::tempdir().expect("temp dir");
        gix::init(dir.path()).expect("init");
        let store = Store::discover(dir.path()).expect("store");
        let id = ObjectId::from_hex(b"0123456789abcdef0123456789abcdef01234567").expect("id");
        let path = store.written_path("7").expect("a record path");
        std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
        for (text, want) in [
            ("0123456789abcdef0123456789abcdef01234567\n", true),
            ("x\n  0123456789ABCDEF0123456789abcdef01234567\r\n", true),
            (
                "y\n\u{a0}0123456789abcdef0123456789abcdef01234567\u{2003}",
                true,
            ),
            ("clean 0123456789abcdef0123456789abcdef01234567\n", false),
            ("0123456789abcdef0123456789abcdef012345670\n", false),
            ("0123456789abcdef0123456789abcdef0123456\n7", false),
            ("", false),
        ] {
            std::fs::write(&path, text).expect("write");
            assert_eq!(store.wrote("7", id).expect("read"), want, "{text:?}");
        }
    }

    #[test]
    fn only_canonical_ids_name_a_record() {
        assert_eq!(file_name("abc-12"), Some("abc-12"));
        for bad in ["", ".x", "a/b", "../x", "ABC", "a b", &"x".repeat(101)] {
            assert_eq!(file_name(bad), None, "{bad}");
        }
    }
}
