//! The encodings of the documents a user hands us (`save -F`, `import`): what their editor or
//! shell wrote, decoded to the UTF-8 text every parser reads, or refused with the fix.
//!
//! Accepted: UTF-8 with or without byte order marks (every leading one is dropped: an editor
//! that adds one to a file that had one leaves two), and UTF-16 little or big endian with its
//! byte order mark (what Windows PowerShell's `>` and `Out-File` write, The Unicode Standard
//! §3.10 D98, D100). Refused, never stored as lossy text: bytes that are not UTF-8 (Latin-1,
//! Windows-1252), UTF-16 without a byte order mark and other text holding NUL bytes, UTF-32,
//! and UTF-16 with an unpaired surrogate. Line endings are left to the parsers (they read CRLF
//! and CR as LF, and store LF); a CRLF file is noted here so the user is told.
//!
//! A leaf: depends on nothing of the crate but [`crate::error`].

use crate::error::{Error, Result};
use std::path::Path;

/// A document decoded by [`decode`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The text: UTF-8, no leading byte order mark, line endings as the input had them.
    pub text: String,
    /// What the user should be told about how it was read (`read as UTF-16 LE`, CRLF line
    /// endings stored as LF), one sentence each naming the input; empty for plain UTF-8 with
    /// LF line endings.
    pub notes: Vec<String>,
}

/// How `path` is named in messages: `standard input` for `-`.
fn shown(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".into()
    } else {
        path.display().to_string()
    }
}

/// The command that converts `path` from `from` to UTF-8, for an error's fix.
fn iconv(path: &Path, from: &str) -> String {
    if path.as_os_str() == "-" {
        format!("pipe it through `iconv -f {from} -t utf-8`")
    } else {
        let p = path.display();
        format!("convert it first: iconv -f {from} -t utf-8 {p} > {p}.utf8 && mv {p}.utf8 {p}")
    }
}

/// Decodes `bytes`, the document read from `path` (`-` for standard input), as described in
/// the module documentation.
///
/// # Errors
/// [`Error::Encoding`] naming the input, what was found (the first invalid byte and its
/// offset) and the fix (the `iconv` command): bytes that are not UTF-8, NUL bytes, UTF-32,
/// UTF-16 of odd length or with an unpaired surrogate. Nothing is decoded lossily.
pub fn decode(bytes: &[u8], path: &Path) -> Result<Decoded> {
    let refuse = |found: String, from: &str| Error::Encoding {
        path: path.to_path_buf(),
        found,
        fix: iconv(path, from),
    };
    let mut notes = Vec::new();
    if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) || bytes.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return Err(refuse("it is UTF-32".into(), "utf-32"));
    }
    let text = if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        notes.push(format!(
            "{} was read as UTF-16 LE (byte order mark)",
            shown(path)
        ));
        utf16(rest, u16::from_le_bytes).map_err(|f| refuse(f, "utf-16"))?
    } else if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        notes.push(format!(
            "{} was read as UTF-16 BE (byte order mark)",
            shown(path)
        ));
        utf16(rest, u16::from_be_bytes).map_err(|f| refuse(f, "utf-16"))?
    } else {
        match std::str::from_utf8(bytes) {
            Ok(s) => s.to_owned(),
            Err(e) => {
                let at = e.valid_up_to();
                let zeros = bytes.iter().filter(|b| **b == 0).count();
                return Err(if zeros * 4 >= bytes.len() {
                    refuse(
                        "it is not UTF-8 (it looks like UTF-16 without a byte order mark)".into(),
                        "utf-16le",
                    )
                } else {
                    refuse(
                        format!(
                            "it is not UTF-8 (byte 0x{:02X} at offset {at}; Latin-1 or Windows-1252?)",
                            bytes[at]
                        ),
                        "latin1",
                    )
                });
            }
        }
    };
    // Every leading byte order mark (two when an editor added one to a file that had one).
    let text = match text.trim_start_matches('\u{FEFF}') {
        t if t.len() == text.len() => text,
        t => t.to_string(),
    };
    if let Some(at) = text.find('\0') {
        return Err(refuse(
            format!("it holds a NUL byte at offset {at} (UTF-16 without a byte order mark, or not text)"),
            "utf-16le",
        ));
    }
    if text.contains("\r\n") {
        notes.push(format!(
            "{} has CRLF line endings: stored with LF ones (what every view and export writes)",
            shown(path)
        ));
    }
    Ok(Decoded { text, notes })
}

/// UTF-16 code units from `bytes` (after the byte order mark) decoded to a `String`; the error
/// says what was wrong.
fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> std::result::Result<String, String> {
    if !bytes.len().is_multiple_of(2) {
        return Err("it is UTF-16 of an odd number of bytes (cut short?)".into());
    }
    let units = bytes.chunks_exact(2).map(|c| unit([c[0], c[1]]));
    char::decode_utf16(units)
        .enumerate()
        .map(|(i, c)| {
            c.map_err(|e| {
                format!(
                    "it is UTF-16 with an unpaired surrogate 0x{:04X} at offset {}",
                    e.unpaired_surrogate(),
                    2 + 2 * i
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(s: &str) -> Vec<u8> {
        let mut out = vec![0xFF, 0xFE];
        for u in s.encode_utf16() {
            out.extend(u.to_le_bytes());
        }
        out
    }

    #[test]
    fn utf8_with_and_without_marks_is_the_same_text() {
        let p = Path::new("a.md");
        for input in [
            &b"---\nstatus: x\n---\n"[..],
            b"\xEF\xBB\xBF---\nstatus: x\n---\n",
            b"\xEF\xBB\xBF\xEF\xBB\xBF---\nstatus: x\n---\n",
        ] {
            let d = decode(input, p).expect("utf-8");
            assert_eq!(d.text, "---\nstatus: x\n---\n");
            assert!(d.notes.is_empty());
        }
    }

    #[test]
    fn utf16_with_a_mark_is_decoded_both_ways() {
        let p = Path::new("a.md");
        let le = decode(&utf16le("# Tâche ✓\r\n"), p).expect("utf-16 le");
        assert_eq!(le.text, "# Tâche ✓\r\n");
        assert!(le.notes[0].contains("UTF-16 LE"), "{:?}", le.notes);
        assert!(le.notes[1].contains("CRLF"), "{:?}", le.notes);
        let mut be = vec![0xFE, 0xFF];
        for u in "é𝄞".encode_utf16() {
            be.extend(u.to_be_bytes());
        }
        assert_eq!(decode(&be, p).expect("utf-16 be").text, "é𝄞");
    }

    #[test]
    fn what_is_not_text_we_can_read_is_refused_with_the_fix() {
        let p = Path::new("notes.md");
        let e = decode(b"caf\xE9\n", p).expect_err("latin-1").to_string();
        assert!(
            e.contains("notes.md") && e.contains("0xE9 at offset 3"),
            "{e}"
        );
        assert!(e.contains("iconv -f latin1 -t utf-8 notes.md"), "{e}");
        let e = decode(b"a\0b\0", p).expect_err("nul").to_string();
        assert!(e.contains("NUL") && e.contains("utf-16le"), "{e}");
        let e = decode(&[0xFF, 0xFE, 0x41], p).expect_err("odd").to_string();
        assert!(e.contains("odd"), "{e}");
        let e = decode(&[0xFF, 0xFE, 0x00, 0xD8], p)
            .expect_err("surrogate")
            .to_string();
        assert!(e.contains("surrogate 0xD800"), "{e}");
        let e = decode(b"\xE9", Path::new("-"))
            .expect_err("stdin")
            .to_string();
        assert!(e.starts_with("standard input"), "{e}");
    }
}
