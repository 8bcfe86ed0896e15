//! The bad-input corpus in `tests/corpus/` (see its README): story ids and documents through
//! `save` and `resume`. Each gives success or a one-line error, never a panic, and nothing is
//! written on error.

use crate::common::Sandbox;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::Output;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// Decodes one line of `story-ids.txt`: `\\`, `\t`, `\n`, `\r`, `\s`, `\xHH`.
fn decode(line: &str) -> Vec<u8> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'\\' => out.push(b'\\'),
                b't' => out.push(b'\t'),
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b's' => out.push(b' '),
                b'x' if i + 4 <= b.len() => {
                    let hex = std::str::from_utf8(&b[i + 2..i + 4]).expect("ASCII hex");
                    out.push(u8::from_str_radix(hex, 16).expect("two hex digits after \\x"));
                    i += 4;
                    continue;
                }
                other => panic!("unknown escape \\{} in {line:?}", other as char),
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// The state no failed command may change: every ref and the object counts.
fn snapshot(sb: &Sandbox, repo: &Path) -> (String, String) {
    (sb.refs(repo), sb.git(repo, &["count-objects", "-v"]))
}

/// Asserts `out` is a success or a one-line `error:`; returns whether it succeeded.
fn outcome(what: &str, out: &Output) -> bool {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(101), "{what} panicked: {stderr}");
    if out.status.success() {
        return true;
    }
    // 1: an error; 2: a usage error (an argument that is not UTF-8).
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "{what}: {:?} {stderr}",
        out.status
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "{what}: not one line: {stderr:?}"
    );
    assert!(stderr.starts_with("error: "), "{what}: {stderr:?}");
    assert!(stderr.ends_with('\n'), "{what}: {stderr:?}");
    false
}

#[test]
fn story_ids_save_or_fail_in_one_line() {
    let (sb, repo) = Sandbox::with_repo();
    let text = std::fs::read_to_string(corpus().join("story-ids.txt")).unwrap();
    let ids: Vec<Vec<u8>> = text
        .lines()
        .filter(|l| !l.starts_with("# "))
        .map(decode)
        .collect();
    assert!(ids.len() >= 50, "{} ids", ids.len());
    let (mut saved, mut refused) = (0, 0);
    for id in ids {
        let what = format!("story id {:?}", String::from_utf8_lossy(&id));
        let arg = OsString::from_vec(id);
        let before = snapshot(&sb, &repo);
        let out = sb
            .cp(&repo)
            .arg("save")
            .args(["-m", "corpus"])
            .arg("--")
            .arg(&arg)
            .output()
            .unwrap();
        if outcome(&format!("save {what}"), &out) {
            saved += 1;
            let out = sb
                .cp(&repo)
                .arg("resume")
                .arg("--")
                .arg(&arg)
                .output()
                .unwrap();
            assert!(
                outcome(&format!("resume {what}"), &out),
                "{what} saved but not resumed"
            );
        } else {
            refused += 1;
            assert_eq!(snapshot(&sb, &repo), before, "{what} failed but wrote");
        }
    }
    assert!(
        saved > 5 && refused > 20,
        "saved {saved}, refused {refused}"
    );
    sb.git(&repo, &["fsck", "--strict"]);
}

/// Inputs too large to commit, made here: (name, bytes).
fn generated() -> Vec<(&'static str, Vec<u8>)> {
    let cap = 1024 * 1024;
    let mut headings = String::new();
    for i in 0..10_000 {
        headings.push_str(&format!("## Heading {i}\ntext {i}\n"));
    }
    let mut nested = String::new();
    for i in 0..700 {
        nested.push_str(&" ".repeat(2 * i));
        nested.push_str(&format!("- [ ] level {i}\n"));
    }
    vec![
        ("over-the-cap", "x\n".repeat(cap / 2 + 1).into_bytes()),
        ("exactly-the-cap", {
            let mut v = b"## Story\nauth\n".to_vec();
            v.resize(cap, b'y');
            v
        }),
        ("10000-headings", headings.into_bytes()),
        ("nested-list-700-levels", nested.into_bytes()),
        ("nested-list-10000-on-one-line", {
            let mut s = "- ".repeat(10_000);
            s.push_str("deep\n");
            s.into_bytes()
        }),
        (
            "nested-quotes-50000",
            format!("{}x\n", "> ".repeat(50_000)).into_bytes(),
        ),
        ("huge-single-line", {
            let mut s = "## Story\n".to_string();
            s.push_str(&"word ".repeat(180_000));
            s.into_bytes()
        }),
        ("huge-single-line-no-spaces", vec![b'z'; 1000 * 1000]),
        ("100000-blank-lines", "\n".repeat(100_000).into_bytes()),
        ("100000-crlf", "a\r\n".repeat(100_000).into_bytes()),
        ("10000-todos", {
            let mut s = "## Remaining Todos\n".to_string();
            for i in 0..10_000 {
                s.push_str(&format!("- [ ] T{i} — todo {i}\n"));
            }
            s.into_bytes()
        }),
    ]
}

#[test]
fn documents_save_or_fail_in_one_line() {
    let (sb, repo) = Sandbox::with_repo();
    let mut docs: Vec<(String, PathBuf)> = std::fs::read_dir(corpus().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    docs.sort();
    assert!(docs.len() >= 30, "{} documents", docs.len());
    for (name, bytes) in generated() {
        docs.push((name.to_string(), sb.file(&format!("gen/{name}"), &bytes)));
    }
    let (mut saved, mut refused) = (Vec::new(), Vec::new());
    for (i, (name, path)) in docs.iter().enumerate() {
        let story = format!("doc-{i}");
        let before = snapshot(&sb, &repo);
        let out = sb
            .cp(&repo)
            .args(["save", &story, "-F"])
            .arg(path)
            .output()
            .unwrap();
        if outcome(&format!("save {name}"), &out) {
            saved.push(name.clone());
            for args in [vec!["resume", &story], vec!["resume", &story, "--json"]] {
                let out = sb.cp(&repo).args(&args).output().unwrap();
                assert!(outcome(&format!("{args:?} of {name}"), &out), "{name}");
            }
            // What is stored is UTF-8 with LF line endings and no BOM (docs/FORMAT.md).
            let stored = sb.git(
                &repo,
                &[
                    "cat-file",
                    "blob",
                    &format!("refs/checkpoints/{story}:checkpoint.md"),
                ],
            );
            assert!(
                !stored.contains('\r') && !stored.starts_with('\u{feff}'),
                "{name}"
            );
        } else {
            refused.push(name.clone());
            assert_eq!(snapshot(&sb, &repo), before, "{name} failed but wrote");
        }
    }
    assert!(
        refused.iter().any(|n| n == "over-the-cap"),
        "refused: {refused:?}"
    );
    assert!(
        refused.iter().any(|n| n == "empty.md"),
        "refused: {refused:?}"
    );
    assert!(saved.len() > 20, "saved: {saved:?}");
    sb.git(&repo, &["fsck", "--strict"]);
}
