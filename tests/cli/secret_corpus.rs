//! The secret guard against two corpora in tests/data/secrets/: `kinds.txt`, realistic
//! credential formats built from each provider's documentation of its token format (values
//! fabricated), and `benign.txt`, look-alikes that are not credentials. Prints the detection
//! and false-positive rates and holds them to the targets (issue 13): at least 95% of the kinds
//! caught with their kind, at most 3% of the look-alikes refused.

use git_checkpoint::secrets;
use std::collections::BTreeMap;

/// Marker the kinds corpus puts inside each credential so the file holds none; removed here.
const DEFANG: &str = "\u{27e6}\u{27e7}";
/// Marker standing for a line break inside one case (a manifest, a `config.json`).
const NEWLINE: char = '\u{2424}';

fn corpus(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/secrets/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("#|"))
        .map(|l| l.replace(DEFANG, "").replace(NEWLINE, "\n"))
        .collect()
}

/// (expected kind, line) of every case of kinds.txt.
fn kinds() -> Vec<(String, String)> {
    corpus("kinds.txt")
        .into_iter()
        .map(|l| {
            let (kind, line) = l.split_once('\t').expect("kind<TAB>line");
            (kind.to_string(), line.to_string())
        })
        .collect()
}

#[test]
fn the_guard_catches_the_kinds_and_spares_the_look_alikes() {
    // Kinds: a kind counts as caught when every one of its cases is found with that kind.
    let mut by_kind: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut missed = Vec::new();
    for (kind, line) in kinds() {
        let found = secrets::scan(&line).map(|f| f.kind);
        let entry = by_kind.entry(kind.clone()).or_default();
        entry.0 += 1;
        if found == Some(kind.as_str()) {
            entry.1 += 1;
        } else {
            missed.push(format!("{kind}: found {found:?}"));
        }
    }
    let kinds = by_kind.len();
    let caught = by_kind.values().filter(|(n, ok)| n == ok).count();
    let cases: usize = by_kind.values().map(|(n, _)| n).sum();
    let cases_caught: usize = by_kind.values().map(|(_, ok)| ok).sum();

    let benign = corpus("benign.txt");
    let refused: Vec<_> = benign
        .iter()
        .filter_map(|l| secrets::scan(l).map(|f| format!("{} <- {l}", f.kind)))
        .collect();

    let detection = 100.0 * caught as f64 / kinds as f64;
    let false_positives = 100.0 * refused.len() as f64 / benign.len() as f64;
    println!(
        "secret guard: {caught} of {kinds} kinds caught ({detection:.1}%; {cases_caught} of {cases} cases); \
         {} of {} look-alikes refused ({false_positives:.1}%)",
        refused.len(),
        benign.len()
    );
    println!(
        "kinds: {}",
        by_kind.keys().cloned().collect::<Vec<_>>().join(", ")
    );
    for m in &missed {
        println!("missed: {m}");
    }
    for r in &refused {
        println!("refused: {r}");
    }
    assert!(kinds >= 40, "the corpus holds at least 40 kinds: {kinds}");
    assert!(
        benign.len() >= 150,
        "at least 150 look-alikes: {}",
        benign.len()
    );
    assert!(
        detection >= 95.0,
        "detection {detection:.1}% < 95%: {missed:#?}"
    );
    assert!(
        false_positives <= 3.0,
        "false positives {false_positives:.1}% > 3%: {refused:#?}"
    );
}

#[test]
fn findings_never_hold_the_secret() {
    for (kind, line) in kinds() {
        let Some(f) = secrets::scan(&line) else {
            continue;
        };
        let shown = format!("{f:?}");
        // The fingerprint is 12 hex digits of a hash, not a piece of the value.
        assert_eq!(f.fingerprint.len(), 12, "{kind}");
        for token in line.split(|c: char| !c.is_ascii_alphanumeric()) {
            if token.len() >= 12 {
                assert!(!shown.contains(token), "{kind}: {shown}");
            }
        }
    }
}

#[test]
fn save_refuses_each_kind_and_keeps_the_look_alikes() {
    let (sb, repo) = crate::common::Sandbox::with_repo();
    let before = sb.refs(&repo);
    // One save per kind through the real binary: refused with the kind named, nothing written.
    let mut seen = std::collections::BTreeSet::new();
    for (kind, line) in kinds() {
        if !seen.insert(kind.clone()) {
            continue;
        }
        sb.fails(
            &repo,
            &["save", "leak", &format!("--context={line}")],
            &[
                &format!("holds a credential ({kind})"),
                "nothing was written",
            ],
        );
    }
    assert_eq!(sb.refs(&repo), before);
    // Look-alikes are saved as they are.
    for line in corpus("benign.txt").iter().step_by(9) {
        sb.ok(&repo, &["save", "fine", "-q", &format!("--context={line}")]);
    }
}

// The five placements, through the real binary (issue 30, Build 4): a credential is refused
// wherever it would reach a shared ref, and a look-alike is let through.

use crate::common::Sandbox;
use std::path::Path;

/// Whether a run was the guard's refusal (`refusing to …: … holds a credential (…)`).
fn is_refusal(code: i32, stderr: &str) -> bool {
    code != 0 && stderr.contains("holds a credential")
}

/// The indexes of `cases` that `refuses` refuses, found by halving: a set the command lets
/// through holds none, so a corpus of mostly let-through look-alikes costs a few runs.
fn refused_by(cases: &[String], refuses: &mut dyn FnMut(&[String]) -> bool) -> Vec<usize> {
    fn go(
        cases: &[String],
        from: usize,
        refuses: &mut dyn FnMut(&[String]) -> bool,
        out: &mut Vec<usize>,
    ) {
        if cases.is_empty() || !refuses(cases) {
            return;
        }
        if cases.len() == 1 {
            out.push(from);
            return;
        }
        let mid = cases.len() / 2;
        go(&cases[..mid], from, refuses, out);
        go(&cases[mid..], from + mid, refuses, out);
    }
    let mut out = Vec::new();
    go(cases, 0, refuses, &mut out);
    out
}

/// A checkpoint document whose context holds `lines`.
fn document(lines: &[String]) -> String {
    format!(
        "# Checkpoint: s — placements\n\n## Context\n\n{}\n\n## Remaining Todos\n\n- [ ] T1 — go on\n",
        lines.join("\n")
    )
}

/// One placement's result: kinds caught (every case of the kind refused), look-alikes refused.
struct Figures {
    place: &'static str,
    kinds: usize,
    caught: usize,
    missed: Vec<String>,
    look_alikes: usize,
    refused: Vec<String>,
}

impl Figures {
    fn new(place: &'static str, cases: &[(String, String)], caught: &[bool]) -> Figures {
        let mut by_kind: BTreeMap<&str, bool> = BTreeMap::new();
        let mut missed = Vec::new();
        for ((kind, _), ok) in cases.iter().zip(caught) {
            *by_kind.entry(kind).or_insert(true) &= *ok;
            if !ok {
                missed.push(kind.clone());
            }
        }
        Figures {
            place,
            kinds: by_kind.len(),
            caught: by_kind.values().filter(|ok| **ok).count(),
            missed,
            look_alikes: 0,
            refused: Vec::new(),
        }
    }

    fn with_refused(mut self, benign: &[String], refused: &[usize]) -> Figures {
        self.look_alikes = benign.len();
        self.refused = refused.iter().map(|&i| benign[i].clone()).collect();
        self
    }

    fn caught_pct(&self) -> f64 {
        100.0 * self.caught as f64 / self.kinds as f64
    }

    fn false_pct(&self) -> f64 {
        100.0 * self.refused.len() as f64 / self.look_alikes as f64
    }
}

/// Runs `args` in `dir` with `checkpoint.secretScan` set to `scan`.
fn run_scan(sb: &Sandbox, dir: &Path, scan: bool, args: &[&str]) -> (i32, String, String) {
    let o = sb
        .cp(dir)
        .env("GIT_CONFIG_COUNT", "1")
        .env("GIT_CONFIG_KEY_0", "checkpoint.secretScan")
        .env("GIT_CONFIG_VALUE_0", if scan { "true" } else { "false" })
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// (a) The document: `save -F` of a document holding the case.
fn in_the_document(
    sb: &Sandbox,
    repo: &Path,
    cases: &[(String, String)],
    benign: &[String],
) -> Figures {
    let file = sb.path("doc.md");
    let mut save = |lines: &[String]| {
        std::fs::write(&file, document(lines)).unwrap();
        let (code, _, err) = sb.run(repo, &["save", "a", "-q", "-F", file.to_str().unwrap()]);
        assert!(code == 0 || is_refusal(code, &err), "{err}");
        is_refusal(code, &err)
    };
    let caught: Vec<bool> = cases
        .iter()
        .map(|(_, l)| save(std::slice::from_ref(l)))
        .collect();
    let refused = refused_by(benign, &mut save);
    Figures::new("document (save -F)", cases, &caught).with_refused(benign, &refused)
}

/// The flags a case is put into, in turn; `reason` is `stack push --reason`.
const FLAGS: &[&str] = &[
    "--message",
    "--next",
    "--decision",
    "--context",
    "--title",
    "--goal",
    "--todo",
    "--question",
    "--stopped-at",
    "--start-with",
    "--done-when",
    "--strategy",
    "reason",
];

/// (b) Flags: each case in one flag of `save` (in turn, see [`FLAGS`]) or in `stack push
/// --reason`; the look-alikes all at once in the repeatable flags and in one reason.
fn in_flags(sb: &Sandbox, repo: &Path, cases: &[(String, String)], benign: &[String]) -> Figures {
    sb.ok(repo, &["save", "b", "-q", "--next=start"]);
    let run = |flag: &str, value: &str| -> bool {
        let arg = if flag == "reason" {
            format!("--reason={value}")
        } else {
            format!("{flag}={value}")
        };
        let args: Vec<&str> = if flag == "reason" {
            vec!["stack", "push", "b", &arg]
        } else {
            vec!["save", "b", "-q", &arg]
        };
        let (code, _, err) = sb.run(repo, &args);
        // A reason of several lines is refused as such (one line of the stack's list) after
        // the secret scan: no secret found.
        let one_line = flag == "reason" && err.contains("pass one line of text");
        assert!(
            code == 0 || one_line || is_refusal(code, &err),
            "{args:?}: {err}"
        );
        if code == 0 && flag == "reason" {
            sb.ok(repo, &["stack", "pop", "-q"]);
        }
        is_refusal(code, &err)
    };
    let caught: Vec<bool> = cases
        .iter()
        .enumerate()
        .map(|(i, (_, l))| run(FLAGS[i % FLAGS.len()], l))
        .collect();
    let repeatable = [
        "--decision",
        "--context",
        "--todo",
        "--question",
        "--done-when",
    ];
    let refused = refused_by(benign, &mut |lines: &[String]| {
        let args: Vec<String> = lines
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{}={l}", repeatable[i % repeatable.len()]))
            .collect();
        let mut all = vec!["save", "b", "-q"];
        all.extend(args.iter().map(String::as_str));
        let (code, _, err) = sb.run(repo, &all);
        assert!(code == 0 || is_refusal(code, &err), "{err}");
        is_refusal(code, &err) || run("reason", &lines.join("\n"))
    });
    Figures::new(
        "flags (save --message/--next/…, stack push --reason)",
        cases,
        &caught,
    )
    .with_refused(benign, &refused)
}

/// (c) Notes: the notes ref holds the case (a note written by another tool, or by a version
/// before the guard) and `push` sends it.
fn in_notes(sb: &Sandbox, repo: &Path, cases: &[(String, String)], benign: &[String]) -> Figures {
    sb.ok(repo, &["save", "c", "-q", "--next=start", "-m", "notes"]);
    sb.ok(repo, &["push", "-q"]);
    let note = sb.path("note.txt");
    let mut push = |lines: &[String]| {
        std::fs::write(&note, format!("{}\n", lines.join("\n"))).unwrap();
        let blob = sb.git(repo, &["hash-object", "-w", note.to_str().unwrap()]);
        sb.git(
            repo,
            &[
                "notes",
                "--ref=checkpoints",
                "add",
                "-f",
                "-C",
                blob.trim(),
                "HEAD",
            ],
        );
        // What `push` would refuse, without sending (a real push follows below).
        let v = sb.json(repo, &["push", "--dry-run", "--json"]);
        let refused = v["outgoing"]["refused"].as_array().unwrap();
        for r in refused {
            assert!(
                r.as_str().unwrap().contains("refs/notes/checkpoints"),
                "{r}"
            );
        }
        !refused.is_empty()
    };
    let caught: Vec<bool> = cases
        .iter()
        .map(|(_, l)| push(std::slice::from_ref(l)))
        .collect();
    let refused = refused_by(benign, &mut push);
    // A real push refuses the note, naming it, and sends nothing.
    push(&[cases[0].1.clone()]);
    let (code, _, err) = sb.run(repo, &["push"]);
    assert!(is_refusal(code, &err) && err.contains("the note"), "{err}");
    push(&["nothing secret here".to_string()]);
    Figures::new("notes (refs/notes/checkpoints, push)", cases, &caught)
        .with_refused(benign, &refused)
}

/// Writes, with one `git fast-import`, a story `refs/checkpoints/<name>` per `(name, title)`
/// whose one revision is `base`'s (same document, same message with its story renamed) but
/// whose `meta.json` has `title` (JSON-escaped, as any writer escapes it) and the story's name.
fn stories_with_meta_titles(sb: &Sandbox, repo: &Path, base: &str, titles: &[(String, String)]) {
    let git = |args: &[&str]| sb.git(repo, args);
    let tip = format!("refs/checkpoints/{base}");
    let doc = git(&["rev-parse", &format!("{tip}:checkpoint.md")]);
    let message = git(&["log", "-1", "--format=%B", &tip]);
    let meta: serde_json::Value =
        serde_json::from_str(&git(&["show", &format!("{tip}:meta.json")])).unwrap();
    let mut stream = String::new();
    for (name, title) in titles {
        let mut meta = meta.clone();
        meta["title"] = serde_json::Value::String(title.clone());
        meta["story"] = serde_json::Value::String(name.clone());
        let meta = serde_json::to_string_pretty(&meta).unwrap();
        let message = message.replace(
            &format!("Checkpoint-Story: {base}"),
            &format!("Checkpoint-Story: {name}"),
        );
        stream.push_str(&format!(
            "commit refs/checkpoints/{name}\ncommitter T <t@example.com> 1764000000 +0000\ndata {}\n{message}\nM 100644 {} checkpoint.md\nM 100644 inline meta.json\ndata {}\n{meta}\n\n",
            message.len() + 1,
            doc.trim(),
            meta.len(),
        ));
    }
    sb.git_input(repo, &["fast-import", "--quiet"], &stream);
}

/// The stories `push --dry-run --json` says it would refuse, as their names (`prefix` and a
/// number), each with the place the refusal names.
fn refused_stories(sb: &Sandbox, repo: &Path, prefix: &str) -> BTreeMap<String, String> {
    let v = sb.json(repo, &["push", "--dry-run", "--json"]);
    let mut out = BTreeMap::new();
    for r in v["outgoing"]["refused"].as_array().unwrap() {
        let r = r.as_str().unwrap();
        let at = format!("refs/checkpoints/{prefix}");
        if let Some(i) = r.find(&at) {
            let name: String = r[i + "refs/checkpoints/".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            out.insert(name, r.to_string());
        }
    }
    out
}

/// (d) `meta.json`, after unescaping: a revision whose `meta.json` title holds the case
/// (escaped: `\n`, `\"`) and `push` would send it.
fn in_meta_json(
    sb: &Sandbox,
    repo: &Path,
    cases: &[(String, String)],
    benign: &[String],
) -> Figures {
    sb.ok(repo, &["save", "d", "-q", "--next=start", "-m", "meta"]);
    let titles: Vec<(String, String)> = cases
        .iter()
        .enumerate()
        .map(|(i, (_, l))| (format!("d-kind-{i}"), l.clone()))
        .collect();
    stories_with_meta_titles(sb, repo, "d", &titles);
    let refused = refused_stories(sb, repo, "d-kind-");
    for place in refused.values() {
        assert!(place.contains("meta.json"), "{place}");
    }
    let caught: Vec<bool> = titles
        .iter()
        .map(|(n, _)| refused.contains_key(n))
        .collect();
    let mut round = 0;
    let refused = refused_by(benign, &mut |lines: &[String]| {
        round += 1;
        let name = format!("d-benign-{round}");
        stories_with_meta_titles(sb, repo, "d", &[(name.clone(), lines.join("\n"))]);
        let refused = refused_stories(sb, repo, "d-benign-").contains_key(&name);
        sb.git(
            repo,
            &["update-ref", "-d", &format!("refs/checkpoints/{name}")],
        );
        refused
    });
    // The stories holding a credential are refused by a real push too, nothing sent.
    for (n, _) in titles.iter().take(3) {
        let (code, _, err) = sb.run(repo, &["push", "origin", n]);
        assert!(is_refusal(code, &err) && err.contains("meta.json"), "{err}");
    }
    for (n, _) in &titles {
        sb.git(
            repo,
            &["update-ref", "-d", &format!("refs/checkpoints/{n}")],
        );
    }
    Figures::new("meta.json (unescaped, push)", cases, &caught).with_refused(benign, &refused)
}

/// (e) Every revision pushed: an older revision holds the case (saved with the guard off) and
/// the tip no longer does; `push` must refuse all the same.
fn in_every_revision(
    sb: &Sandbox,
    repo: &Path,
    cases: &[(String, String)],
    benign: &[String],
) -> Figures {
    let file = sb.path("rev.md");
    let clean = sb.path("clean.md");
    std::fs::write(&clean, document(&["nothing secret here".to_string()])).unwrap();
    let story = |name: &str, lines: &[String]| {
        std::fs::write(&file, document(lines)).unwrap();
        for (scan, f) in [(false, &file), (true, &clean)] {
            let (code, _, err) = run_scan(
                sb,
                repo,
                scan,
                &["save", name, "-q", "-F", f.to_str().unwrap()],
            );
            assert_eq!(code, 0, "{err}");
        }
    };
    let names: Vec<String> = (0..cases.len()).map(|i| format!("e-kind-{i}")).collect();
    for (n, (_, l)) in names.iter().zip(cases) {
        story(n, std::slice::from_ref(l));
    }
    let refused = refused_stories(sb, repo, "e-kind-");
    let caught: Vec<bool> = names.iter().map(|n| refused.contains_key(n)).collect();
    // A real push and a real sync refuse, naming the older revision; nothing is sent.
    let (code, _, err) = sb.run(repo, &["push", "origin", &names[0]]);
    assert!(
        is_refusal(code, &err) && err.contains("refs/checkpoints/e-kind-0 at"),
        "{err}"
    );
    let (code, _, err) = sb.run(repo, &["sync"]);
    assert!(is_refusal(code, &err), "{err}");
    for n in &names {
        sb.git(
            repo,
            &["update-ref", "-d", &format!("refs/checkpoints/{n}")],
        );
    }
    let mut round = 0;
    let refused = refused_by(benign, &mut |lines: &[String]| {
        round += 1;
        let name = format!("e-benign-{round}");
        story(&name, lines);
        let refused = refused_stories(sb, repo, "e-benign-").contains_key(&name);
        sb.git(
            repo,
            &["update-ref", "-d", &format!("refs/checkpoints/{name}")],
        );
        refused
    });
    Figures::new("every revision pushed (push, sync)", cases, &caught)
        .with_refused(benign, &refused)
}

#[test]
fn the_guard_holds_in_all_five_placements() {
    let cases = kinds();
    let benign = corpus("benign.txt");
    let (sb, repo) = Sandbox::with_repo();
    sb.add_empty_origin(&repo, "o.git");
    let started = std::time::Instant::now();
    let figures = [
        in_the_document(&sb, &repo, &cases, &benign),
        in_flags(&sb, &repo, &cases, &benign),
        in_notes(&sb, &repo, &cases, &benign),
        in_meta_json(&sb, &repo, &cases, &benign),
        in_every_revision(&sb, &repo, &cases, &benign),
    ];
    println!(
        "secret guard, five placements ({} kinds, {} cases, {} look-alikes; {:.0} s):",
        figures[0].kinds,
        cases.len(),
        benign.len(),
        started.elapsed().as_secs_f64()
    );
    for f in &figures {
        println!(
            "  {}: {} of {} kinds caught ({:.1}%), {} of {} look-alikes refused ({:.1}%)",
            f.place,
            f.caught,
            f.kinds,
            f.caught_pct(),
            f.refused.len(),
            f.look_alikes,
            f.false_pct()
        );
        for m in &f.missed {
            println!("    missed: {m}");
        }
        for r in &f.refused {
            println!("    refused: {r}");
        }
    }
    for f in &figures {
        assert!(f.kinds >= 40 && f.look_alikes >= 40, "{}", f.place);
        assert!(
            f.caught_pct() >= 95.0,
            "{}: caught {:.1}% < 95%: {:?}",
            f.place,
            f.caught_pct(),
            f.missed
        );
        assert!(
            f.false_pct() <= 3.0,
            "{}: false positives {:.1}% > 3%: {:?}",
            f.place,
            f.false_pct(),
            f.refused
        );
    }
    // Nothing holding a credential reached the remote.
    let remote = sb.git(&sb.path("o.git"), &["for-each-ref", "--format=%(refname)"]);
    assert!(!remote.contains("kind-"), "{remote}");
}
