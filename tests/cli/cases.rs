//! The cases of `shared/cases/README.md` (C01-C15): each asserts what a user would notice
//! (refs, JSON fields, exit codes, error text) and that refused commands write nothing.

use crate::common::{sh_quote, strings, Sandbox, CP_MD};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

// ---------------------------------------------------------------------------------------------
// Helpers

/// Runs `git-checkpoint args` in `dir` and returns the raw output (any exit code).
fn run(sb: &Sandbox, dir: &Path, args: &[&str]) -> Output {
    sb.cp(dir).args(args).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Asserts `out` is a clean refusal (exit 1, an `error:` line, no panic) and returns stderr.
fn refused(out: &Output, what: &str) -> String {
    refused_with(out, what, 1)
}

/// As [`refused`], for input refused as a usage error (an invalid story id): exit 2.
fn refused_as_usage(out: &Output, what: &str) -> String {
    refused_with(out, what, 2)
}

/// Asserts `out` exited with `code` and one `error:` line on stderr; returns stderr.
fn refused_with(out: &Output, what: &str, code: i32) -> String {
    let err = stderr(out);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: expected exit {code}, got {:?}\nstdout: {}\nstderr: {err}",
        out.status.code(),
        stdout(out)
    );
    assert!(err.starts_with("error: "), "{what}: stderr: {err}");
    assert!(!err.contains("panicked"), "{what}: stderr: {err}");
    err
}

/// What a refused command must leave untouched: every ref and the object count.
fn snapshot(sb: &Sandbox, dir: &Path) -> (String, String) {
    (sb.refs(dir), sb.git(dir, &["count-objects", "-v"]))
}

/// Writes a document into the sandbox (outside any repo) and returns its path as a string.
fn doc(sb: &Sandbox, name: &str, content: &[u8]) -> String {
    sb.file(name, content).to_str().unwrap().to_string()
}

/// `.lock` files and empty directories under the checkpoint ref and reflog directories.
fn leftovers(git_dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let entries: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        if entries.is_empty() {
            out.push(dir.to_path_buf());
        }
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "lock") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    for d in ["refs/checkpoints", "logs/refs/checkpoints"] {
        walk(&git_dir.join(d), &mut out);
    }
    out
}

/// Quotes `s` for `sh`.
/// Runs `git-checkpoint args` in `dir` with stdout and stderr on a pseudo-terminal (util-linux
/// `script`), in the sandbox environment; returns everything the terminal received.
fn on_tty(sb: &Sandbox, dir: &Path, args: &[&str]) -> Vec<u8> {
    on_tty_env(sb, dir, args, &[])
}

/// [`on_tty`] with extra environment variables.
fn on_tty_env(sb: &Sandbox, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Vec<u8> {
    let bin = assert_cmd::cargo::cargo_bin("git-checkpoint");
    let mut line = sh_quote(bin.to_str().unwrap());
    for a in args {
        line.push(' ');
        line.push_str(&sh_quote(a));
    }
    sb.on_terminal(dir, &line, env)
}

/// A new repo at `name` created with extra `git init` options, with one empty commit.
fn repo_with(sb: &Sandbox, name: &str, init: &[&str]) -> PathBuf {
    let dir = sb.path(name);
    std::fs::create_dir_all(&dir).unwrap();
    let mut args = vec!["init", "-q", "-b", "main"];
    args.extend_from_slice(init);
    sb.git(&dir, &args);
    sb.git(&dir, &["commit", "-q", "--allow-empty", "-m", "initial"]);
    dir
}

// ---------------------------------------------------------------------------------------------
// C01: reftable

#[test]
fn c01_reftable_repository_works_and_git_sees_its_refs() {
    let sb = Sandbox::new();
    let repo = repo_with(&sb, "r", &["--ref-format=reftable"]);
    assert_eq!(
        sb.git(&repo, &["rev-parse", "--show-ref-format"]).trim(),
        "reftable"
    );
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    sb.ok(&repo, &["save", "auth", "-F", &cp]);
    sb.ok(&repo, &["save", "auth", "-q", "--next", "ship"]);
    // git reads both revisions and the notes index where it keeps refs (the reftable stack),
    // and nothing was written as loose refs that only gix would read.
    let refs = sb.git(&repo, &["for-each-ref", "--format=%(refname)"]);
    assert_eq!(
        refs,
        "refs/checkpoints/auth\nrefs/heads/main\nrefs/notes/checkpoints\n"
    );
    let log = sb.git(&repo, &["log", "--format=%s", "refs/checkpoints/auth"]);
    assert_eq!(log.lines().count(), 2, "{log}");
    assert!(!repo.join(".git/refs/checkpoints").exists());
    assert!(!repo.join(".git/logs").exists());
    let reflog = sb.git(&repo, &["reflog", "show", "refs/checkpoints/auth"]);
    assert_eq!(reflog.lines().count(), 2, "{reflog}");
    let note = sb.git(&repo, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    assert!(note.contains("auth ") && note.contains(" r2 "), "{note}");

    let v = sb.json(&repo, &["resume", "auth", "--json"]);
    assert_eq!(v["revision"], 2);
    assert_eq!(v["next_action"], "ship");
    assert_eq!(v["branch"], "main", "{v}");
    assert!(sb.ok(&repo, &["list", "--all"]).contains("auth"));
    let status = sb.json(&repo, &["status", "--json"]);
    assert!(status.to_string().contains("auth"), "{status}");

    // A detached HEAD and an unborn branch are read as git reads them.
    sb.git(&repo, &["checkout", "-q", "--detach"]);
    sb.ok(&repo, &["save", "auth", "-q", "--next", "detached"]);
    let v = sb.json(&repo, &["resume", "auth", "--json"]);
    assert_eq!(v["revision"], 3);
    sb.git(&repo, &["checkout", "-q", "--orphan", "fresh"]);
    sb.ok(&repo, &["save", "other", "-q", "--title", "Unborn"]);
    let v = sb.json(&repo, &["resume", "other", "--json"]);
    assert_eq!(v["branch"], "fresh", "{v}");

    // HEAD moved by git within one command (`stack pop --switch`) is read again after.
    sb.git(&repo, &["checkout", "-q", "-b", "feat", "main"]);
    sb.ok(&repo, &["save", "fs", "-q", "--title", "On feat"]);
    sb.ok(&repo, &["stack", "push", "fs", "-q", "--reason", "later"]);
    sb.git(&repo, &["checkout", "-q", "main"]);
    sb.ok(&repo, &["stack", "pop", "--switch", "-q"]);
    assert_eq!(sb.git(&repo, &["branch", "--show-current"]).trim(), "feat");
    // The current story is recorded with the branch HEAD names after the switch.
    let current = std::fs::read_to_string(repo.join(".git/checkpoint/current")).unwrap();
    assert_eq!(current.lines().collect::<Vec<_>>(), ["fs", "branch feat"]);
}

// ---------------------------------------------------------------------------------------------
// C02: SHA-256

#[test]
fn c02_sha256_repository_works_with_64_hex_ids() {
    let sb = Sandbox::new();
    let repo = repo_with(&sb, "r", &["--object-format=sha256"]);
    let head = sb.git(&repo, &["rev-parse", "HEAD"]).trim().to_string();
    assert_eq!(head.len(), 64);
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());

    sb.ok(&repo, &["save", "auth", "-F", &cp]);
    let tip = sb
        .git(&repo, &["rev-parse", "refs/checkpoints/auth"])
        .trim()
        .to_string();
    assert_eq!(tip.len(), 64);
    assert_eq!(
        sb.git(
            &repo,
            &["cat-file", "-p", "refs/checkpoints/auth:checkpoint.md"]
        ),
        CP_MD
    );

    let v = sb.json(&repo, &["resume", "auth", "--json"]);
    assert_eq!(v["commit"], tip.as_str());
    assert_eq!(v["head"], head.as_str());
    assert_eq!(v["ref"], "refs/checkpoints/auth");
    assert_eq!(v["branch"], "main");
    assert_eq!(v["tasks_done"], json!(["a"]));
    assert_eq!(v["decisions"], json!(["b"]));
    assert_eq!(v["tasks_remaining"], json!(["c"]));
    assert_eq!(v["confidence"], "high");
    assert_eq!(v["revision"], 1);
    let text = sb.ok(&repo, &["resume", "auth"]);
    assert!(text.contains("CHECKPOINT RESUMED:"), "{text}");

    // A second revision, history and diff work too.
    sb.ok(&repo, &["save", "auth", "--done", "c"]);
    let log = sb.json(&repo, &["log", "auth", "--json"]);
    let revs = log["revisions"].as_array().unwrap();
    assert_eq!(revs.len(), 2);
    assert_eq!(revs[1]["commit"], tip.as_str());
    assert_eq!(revs[0]["parents"], json!([tip]));
    let d = sb.json(&repo, &["diff", "auth", "--json"]);
    assert_eq!(d["changes"]["tasks_done"], json!(["c"]));
    assert_eq!(d["from"], tip.as_str());
    let list = sb.json(&repo, &["list", "--all", "--json"]);
    assert_eq!(list[0]["commit"].as_str().unwrap().len(), 64);
    sb.git(&repo, &["fsck", "--strict"]);
}

// ---------------------------------------------------------------------------------------------
// C03: no identity

#[test]
fn c03_no_identity_writes_nothing_and_says_how_to_set_one() {
    let (sb, repo) = Sandbox::with_repo();
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    let before = snapshot(&sb, &repo);
    let anonymous = |args: &[&str]| {
        sb.cp(&repo)
            .env_remove("GIT_AUTHOR_NAME")
            .env_remove("GIT_AUTHOR_EMAIL")
            .env_remove("GIT_COMMITTER_NAME")
            .env_remove("GIT_COMMITTER_EMAIL")
            .env_remove("EMAIL")
            .args(args)
            .output()
            .unwrap()
    };

    let out = anonymous(&["save", "auth", "-F", &cp]);
    let err = refused(&out, "save without an identity");
    assert!(err.contains("git config user.name"), "stderr: {err}");
    assert!(err.contains("user.email"), "stderr: {err}");
    // Atomic: no ref, no note, no object.
    assert_eq!(snapshot(&sb, &repo), before);
    assert!(leftovers(&repo.join(".git")).is_empty());

    // Once an identity is configured, the same command works and records it.
    sb.git(&repo, &["config", "user.name", "Cy Config"]);
    sb.git(&repo, &["config", "user.email", "cy@example.com"]);
    let out = anonymous(&["save", "auth", "-F", &cp]);
    assert!(out.status.success(), "{}", stderr(&out));
    let log = sb.json(&repo, &["log", "auth", "--json"]);
    assert_eq!(log["revisions"][0]["author"], "Cy Config");
    assert_eq!(log["revisions"][0]["email"], "cy@example.com");
}

/// A clone with no identity at all (a fresh CI runner, an agent's container) reads what the
/// remote has as `git fetch` does: git writes reflog entries under its default identity
/// (login@host) instead of refusing, and so do the fetch, the integration and `resume`; only a
/// save, which writes a commit, asks for a name.
#[test]
fn c03_a_clone_without_identity_fetches_and_resumes_as_git_fetch_does() {
    let (sb, repo) = Sandbox::with_repo();
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    sb.add_empty_origin(&repo, "o.git");
    sb.ok(&repo, &["save", "auth", "-F", &cp]);
    sb.ok(&repo, &["push", "-q"]);
    sb.git(&sb.path(""), &["clone", "-q", "o.git", "fresh"]);
    let fresh = sb.path("fresh");
    let anonymous = |args: &[&str]| {
        sb.cp(&fresh)
            .env_remove("GIT_AUTHOR_NAME")
            .env_remove("GIT_AUTHOR_EMAIL")
            .env_remove("GIT_COMMITTER_NAME")
            .env_remove("GIT_COMMITTER_EMAIL")
            .env_remove("EMAIL")
            .env("USER", "runner")
            .args(args)
            .output()
            .unwrap()
    };
    let out = anonymous(&["fetch"]);
    assert!(
        out.status.success(),
        "fetch without an identity: {}",
        stderr(&out)
    );
    let tip = sb.git(&repo, &["rev-parse", "refs/checkpoints/auth"]);
    assert_eq!(sb.git(&fresh, &["rev-parse", "refs/checkpoints/auth"]), tip);
    // The reflog entry names git's default identity, as git's own would.
    let reflog = sb.git(
        &fresh,
        &[
            "reflog",
            "show",
            "--format=%gn <%ge>",
            "refs/checkpoints/auth",
        ],
    );
    assert!(reflog.starts_with("runner <runner@"), "reflog: {reflog}");
    let out = anonymous(&["resume", "auth", "--json"]);
    assert!(out.status.success(), "resume: {}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["revision"], 1);
    // A save still needs a name: it writes a commit.
    let out = anonymous(&["save", "auth", "-F", &cp]);
    let err = refused(&out, "save without an identity");
    assert!(err.contains("git config user.name"), "stderr: {err}");
    assert_eq!(sb.git(&fresh, &["rev-parse", "refs/checkpoints/auth"]), tip);
}

// ---------------------------------------------------------------------------------------------
// C04: nesting

#[test]
fn c04_nested_story_under_an_existing_one_is_refused_cleanly() {
    let (sb, repo) = Sandbox::with_repo();
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    sb.ok(&repo, &["save", "auth", "-F", &cp]);
    let before = snapshot(&sb, &repo);

    let out = run(&sb, &repo, &["save", "auth/login", "-F", &cp]);
    let err = refused_as_usage(&out, "save auth/login");
    assert!(err.contains("'/' is not allowed"), "stderr: {err}");
    assert!(err.contains("auth/login"), "names the input: {err}");
    assert_eq!(snapshot(&sb, &repo), before);
    assert_eq!(leftovers(&repo.join(".git")), Vec::<PathBuf>::new());
    let names: Vec<String> = std::fs::read_dir(repo.join(".git/refs/checkpoints"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["auth"]);
    assert!(repo.join(".git/refs/checkpoints/auth").is_file());
    // The existing story is intact.
    let v = sb.json(&repo, &["resume", "auth", "--json"]);
    assert_eq!(v["revision"], 1);
    assert_eq!(v["tasks_remaining"], json!(["c"]));
}

#[test]
fn c04_nested_story_first_is_refused_and_leaves_no_directory() {
    let (sb, repo) = Sandbox::with_repo();
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    let before = snapshot(&sb, &repo);

    let out = run(&sb, &repo, &["save", "x/y", "-F", &cp]);
    let err = refused_as_usage(&out, "save x/y");
    assert!(err.contains("'/' is not allowed"), "stderr: {err}");
    assert_eq!(snapshot(&sb, &repo), before);
    assert!(
        !repo.join(".git/refs/checkpoints").exists(),
        "no directory may be left behind"
    );
    assert_eq!(leftovers(&repo.join(".git")), Vec::<PathBuf>::new());

    // The parent story can then be saved normally.
    sb.ok(&repo, &["save", "x", "-F", &cp]);
    assert_eq!(
        sb.git(
            &repo,
            &["for-each-ref", "--format=%(refname)", "refs/checkpoints"]
        ),
        "refs/checkpoints/x\n"
    );
    assert_eq!(leftovers(&repo.join(".git")), Vec::<PathBuf>::new());
}

// ---------------------------------------------------------------------------------------------
// C05: story ids

#[test]
fn c05_every_rejected_story_id_names_its_rule_and_writes_nothing() {
    let (sb, repo) = Sandbox::with_repo();
    let before = snapshot(&sb, &repo);
    let cases: &[(&str, &str)] = &[
        ("a|b", "'|' is not allowed in file names on Windows"),
        ("aux", "Windows device names"),
        ("aux.md", "Windows device names"),
        ("CON", "Windows device names"),
        ("-x", "a leading '-' is not allowed"),
        ("HEAD", "'HEAD' and '@' are reserved"),
        ("@", "'HEAD' and '@' are reserved"),
        ("foo.lock", "a trailing '.lock' is not allowed"),
        ("a..b", "'..' is not allowed"),
        ("x@{1}", "'@{' is not allowed"),
        (".hidden", "a leading '.' is not allowed"),
        ("a/", "'/' is not allowed"),
        ("a b", "spaces are not allowed"),
        ("\t", "control characters are not allowed"),
        ("Ünï", "only ASCII letters"),
        ("", "it is empty"),
    ];
    for (id, rule) in cases {
        for cmd in ["save", "resume", "log"] {
            // `--` so that `-x` reaches the validator instead of the option parser.
            let out = run(&sb, &repo, &[cmd, "--", id]);
            let err = refused_as_usage(&out, &format!("{cmd} {id:?}"));
            assert!(
                err.contains("invalid story id"),
                "{cmd} {id:?}: stderr: {err}"
            );
            assert!(err.contains(rule), "{cmd} {id:?}: want {rule:?}: {err}");
        }
        // The environment variable goes through the same validator.
        let out = sb
            .cp(&repo)
            .env("GIT_CHECKPOINT_STORY", id)
            .args(["save", "--title", "x"])
            .output()
            .unwrap();
        if !id.is_empty() {
            let err = refused_as_usage(&out, &format!("GIT_CHECKPOINT_STORY={id:?}"));
            assert!(err.contains(rule), "env {id:?}: want {rule:?}: {err}");
        }
    }
    assert_eq!(snapshot(&sb, &repo), before, "nothing written");
    assert!(!repo.join(".git/refs/checkpoints").exists());
}

#[test]
fn c05_accepted_ids_are_portable_and_case_variants_are_one_visible_story() {
    let (sb, repo) = Sandbox::with_repo();
    for (input, canonical) in [
        ("ABC-12", "abc-12"),
        ("#313", "313"),
        ("a_b.c-1", "a_b.c-1"),
    ] {
        let out = sb.ok(&repo, &["save", input, "--title", "t"]);
        assert!(
            out.contains(&format!("refs/checkpoints/{canonical}")),
            "save {input} must name the ref it wrote: {out}"
        );
        assert!(repo.join(".git/refs/checkpoints").join(canonical).is_file());
    }
    // `ABC`, `abc` and `#Abc` are one story, one ref, and every save says which.
    for input in ["ABC", "abc", "#Abc"] {
        let out = sb.ok(&repo, &["save", input, "--title", input]);
        assert!(out.contains("refs/checkpoints/abc"), "{out}");
    }
    let refs = sb.git(
        &repo,
        &["for-each-ref", "--format=%(refname)", "refs/checkpoints"],
    );
    assert_eq!(
        refs,
        "refs/checkpoints/313\nrefs/checkpoints/a_b.c-1\nrefs/checkpoints/abc\nrefs/checkpoints/abc-12\n"
    );
    let v = sb.json(&repo, &["resume", "ABC", "--json"]);
    assert_eq!(v["story"], "abc");
    assert_eq!(v["revision"], 3);
    assert_eq!(v["title"], "#Abc");
}

// ---------------------------------------------------------------------------------------------
// C06: a held lock

#[test]
fn c06_held_lock_is_named_kept_and_the_chain_is_unchanged() {
    let (sb, repo) = Sandbox::with_repo();
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    sb.ok(&repo, &["save", "auth", "-F", &cp]);
    let tip = sb.git(&repo, &["rev-parse", "refs/checkpoints/auth"]);
    let lock = repo.join(".git/refs/checkpoints/auth.lock");
    std::fs::write(&lock, b"").unwrap();
    let refs = sb.refs(&repo);

    for args in [
        &["save", "auth", "--done", "c"][..],
        &["save", "auth", "-F", &cp],
        &["done", "auth"],
    ] {
        let out = run(&sb, &repo, args);
        let err = refused(&out, &format!("{args:?} with a held lock"));
        assert!(
            err.contains("refs/checkpoints/auth.lock"),
            "{args:?} must name the lock file: {err}"
        );
        assert!(
            err.contains("another git process"),
            "{args:?} must give the likely cause: {err}"
        );
        assert!(lock.exists(), "{args:?} deleted the lock");
        assert_eq!(
            std::fs::read(&lock).unwrap(),
            b"",
            "{args:?} wrote the lock"
        );
        assert_eq!(sb.git(&repo, &["rev-parse", "refs/checkpoints/auth"]), tip);
        assert_eq!(sb.refs(&repo), refs);
    }
    assert_eq!(
        sb.git(&repo, &["rev-list", "--count", "refs/checkpoints/auth"]),
        "1\n"
    );

    // Once the lock is gone, the next save continues the same chain.
    std::fs::remove_file(&lock).unwrap();
    sb.ok(&repo, &["save", "auth", "--done", "c"]);
    let v = sb.json(&repo, &["resume", "auth", "--json"]);
    assert_eq!(v["revision"], 2);
    assert_eq!(
        sb.git(&repo, &["rev-parse", "refs/checkpoints/auth~1"]),
        tip
    );
}

// ---------------------------------------------------------------------------------------------
// C07: worktrees

fn stories(v: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["story"].as_str().unwrap().to_string(),
                e["branch"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn c07_worktrees_share_checkpoints_and_resume_picks_the_current_branch() {
    let (sb, repo) = Sandbox::with_repo_on("feature-a");
    sb.ok(&repo, &["save", "a", "--title", "Story A"]);
    sb.git(
        &repo,
        &["worktree", "add", "-q", "../wt", "-b", "feature-b"],
    );
    let wt = sb.path("wt");
    sb.ok(&wt, &["save", "b", "--title", "Story B"]);

    // Both refs live in the common dir, none in the worktree's private dir.
    assert!(repo.join(".git/refs/checkpoints/a").is_file());
    assert!(repo.join(".git/refs/checkpoints/b").is_file());
    assert!(!repo.join(".git/worktrees/wt/refs/checkpoints").exists());
    let want = vec![
        ("a".to_string(), "feature-a".to_string()),
        ("b".to_string(), "feature-b".to_string()),
    ];
    for dir in [&repo, &wt] {
        assert_eq!(
            stories(&sb.json(dir, &["list", "--all", "--json"])),
            want,
            "list --all in {}",
            dir.display()
        );
        let text = sb.ok(dir, &["list", "--all"]);
        assert!(
            text.contains("Story A") && text.contains("Story B"),
            "{text}"
        );
    }
    // Without --all each worktree lists its own branch's story.
    assert_eq!(
        stories(&sb.json(&repo, &["list", "--json"])),
        vec![want[0].clone()]
    );
    assert_eq!(
        stories(&sb.json(&wt, &["list", "--json"])),
        vec![want[1].clone()]
    );

    // resume with no story: the checkpoint recorded on the current branch, and it says so.
    let out = run(&sb, &repo, &["resume", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    crate::common::schema::check(&["resume", "--json"], &v);
    assert_eq!(v["story"], "a");
    assert_eq!(v["title"], "Story A");
    assert_eq!(v["branch"], "feature-a");
    assert_eq!(v["warnings"], json!([]));
    let err = stderr(&out);
    assert!(
        err.contains(
            "note: story a: the only checkpoint recorded on the current branch 'feature-a'"
        ),
        "stderr: {err}"
    );
    let out = run(&sb, &wt, &["resume", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    crate::common::schema::check(&["resume", "--json"], &v);
    assert_eq!(v["story"], "b");
    assert!(stderr(&out).contains("current branch 'feature-b'"));
    // The other worktree's story is still readable by name.
    assert_eq!(
        sb.json(&repo, &["resume", "b", "--json"])["title"],
        "Story B"
    );
}

// ---------------------------------------------------------------------------------------------
// C08: discovery

#[test]
fn c08_subdirectory_and_git_dir_find_the_same_repository() {
    let (sb, repo) = Sandbox::with_repo();
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    let sub = repo.join("sub/dir");
    std::fs::create_dir_all(&sub).unwrap();
    sb.ok(&sub, &["save", "auth", "-F", &cp]);
    assert!(repo.join(".git/refs/checkpoints/auth").is_file());
    assert!(!sub.join(".git").exists());
    assert_eq!(sb.json(&repo, &["resume", "auth", "--json"])["revision"], 1);

    // GIT_DIR/GIT_WORK_TREE win over the current directory, even inside another repo.
    let decoy = sb.repo("decoy");
    let decoy_refs = sb.refs(&decoy);
    let via_env = |args: &[&str]| {
        sb.cp(&decoy)
            .env("GIT_DIR", repo.join(".git"))
            .env("GIT_WORK_TREE", &repo)
            .args(args)
            .output()
            .unwrap()
    };
    let out = via_env(&["save", "auth", "--done", "c"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = via_env(&["resume", "auth", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    crate::common::schema::check(&["resume", "auth", "--json"], &v);
    assert_eq!(v["revision"], 2);
    assert_eq!(v["branch"], "main");
    assert_eq!(
        v["head"].as_str().unwrap(),
        sb.git(&repo, &["rev-parse", "HEAD"]).trim()
    );
    assert_eq!(sb.refs(&decoy), decoy_refs, "the decoy repo is untouched");
    assert_eq!(
        sb.git(&repo, &["rev-list", "--count", "refs/checkpoints/auth"]),
        "2\n"
    );

    // From a plain directory, with only the env variables.
    let elsewhere = sb.path("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let out = sb
        .cp(&elsewhere)
        .env("GIT_DIR", repo.join(".git"))
        .env("GIT_WORK_TREE", &repo)
        .args(["log", "auth", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    crate::common::schema::check(&["log", "auth", "--json"], &log);
    assert_eq!(log["revisions"].as_array().unwrap().len(), 2);
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
}

#[test]
fn c08_outside_a_repository_is_refused_and_nothing_is_created() {
    let (sb, repo) = Sandbox::with_repo();
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    let before = snapshot(&sb, &repo);
    let outside = sb.path("outside");
    std::fs::create_dir_all(&outside).unwrap();
    let home = sb.path("home");
    let home_before = std::fs::read_dir(&home).unwrap().count();

    for args in [
        &["save", "auth", "-F", &cp][..],
        &["save", "auth", "--title", "x"],
        &["resume", "auth"],
        &["list"],
        &["log", "auth"],
        &["diff", "auth"],
        &["show", "auth"],
    ] {
        let out = sb
            .cp(&outside)
            .env("GIT_CEILING_DIRECTORIES", sb.tmp.path())
            .args(args)
            .output()
            .unwrap();
        let err = refused(&out, &format!("{args:?} outside a repo"));
        assert!(err.contains("not a git repository"), "{args:?}: {err}");
    }
    // GIT_DIR pointing at something that is not a repository.
    let out = sb
        .cp(&repo)
        .env("GIT_DIR", &outside)
        .args(["save", "auth", "-F", &cp])
        .output()
        .unwrap();
    let err = refused(&out, "GIT_DIR at a plain directory");
    assert!(err.contains("not a git repository"), "{err}");

    assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
    assert_eq!(std::fs::read_dir(&home).unwrap().count(), home_before);
    assert_eq!(snapshot(&sb, &repo), before);
}

// ---------------------------------------------------------------------------------------------
// C09: HEAD, index and working tree are never touched

#[test]
fn c09_no_command_touches_head_index_or_working_tree() {
    let (sb, repo) = Sandbox::with_repo();
    std::fs::write(repo.join("tracked.txt"), "one\n").unwrap();
    std::fs::write(repo.join("staged.txt"), "one\n").unwrap();
    sb.git(&repo, &["add", "tracked.txt", "staged.txt"]);
    sb.git(&repo, &["commit", "-q", "-m", "files"]);
    sb.git(&repo, &["switch", "-q", "-c", "feature"]);
    sb.git(
        &repo,
        &["commit", "-q", "--allow-empty", "-m", "on feature"],
    );
    std::fs::write(repo.join("staged.txt"), "two\n").unwrap();
    sb.git(&repo, &["add", "staged.txt"]);
    std::fs::write(repo.join("tracked.txt"), "changed, not staged\n").unwrap();
    std::fs::write(repo.join("untracked.txt"), "new\n").unwrap();
    // Old mtimes, then one status to settle the index, so that only a write by us changes it.
    sb.git(
        &repo,
        &["-c", "core.quotePath=false", "status", "--porcelain"],
    );
    for f in ["tracked.txt", "staged.txt", "untracked.txt"] {
        let t = std::fs::File::options()
            .write(true)
            .open(repo.join(f))
            .unwrap();
        t.set_modified(
            std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_577_836_800),
        )
        .unwrap();
    }
    sb.git(&repo, &["status", "--porcelain"]);
    let state = |sb: &Sandbox| {
        (
            sb.worktree_state(&repo),
            sb.git(&repo, &["symbolic-ref", "HEAD"]),
            sb.git(
                &repo,
                &["for-each-ref", "refs/heads", "refs/tags", "refs/stash"],
            ),
            std::fs::read(repo.join("tracked.txt")).unwrap(),
            std::fs::read(repo.join("staged.txt")).unwrap(),
            std::fs::read(repo.join("untracked.txt")).unwrap(),
        )
    };
    let before = state(&sb);
    assert!(before.0 .1.contains("M  staged.txt"), "{}", before.0 .1);
    assert!(before.0 .1.contains(" M tracked.txt"), "{}", before.0 .1);
    assert!(before.0 .1.contains("?? untracked.txt"), "{}", before.0 .1);

    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    let commands: &[&[&str]] = &[
        &["save", "auth", "-F", &cp, "-m", "first"],
        &["save", "auth", "--done", "c", "--decision", "d2"],
        &["save", "auth", "--print"],
        &["resume", "auth"],
        &["resume", "auth", "--json"],
        &["prompt", "auth"],
        &["list"],
        &["list", "--all", "--json"],
        &["log", "auth"],
        &["log", "auth", "--json"],
        &["diff", "auth"],
        &["diff", "auth", "1", "2", "--json"],
        &["show", "auth"],
        &["show", "auth", "--json"],
        &["done", "auth"],
        &["list", "--archived"],
    ];
    for args in commands {
        sb.ok(&repo, args);
        assert_eq!(state(&sb), before, "after git-checkpoint {args:?}");
    }
    // The files-modified record saw the state it must not change.
    let v = sb.json(&repo, &["resume", "auth", "--archived", "--json"]);
    let files = v["files_modified"].to_string();
    for f in ["staged.txt", "tracked.txt", "untracked.txt"] {
        assert!(files.contains(f), "{files}");
    }
    assert_eq!(state(&sb), before);
}

/// The (state, path) pairs a `save` without `-F` recorded for `story`, sorted.
fn recorded_files(sb: &Sandbox, repo: &Path, story: &str) -> Vec<(String, String)> {
    sb.ok(repo, &["save", story, "--todo", "x"]);
    let v = sb.json(repo, &["resume", story, "--json"]);
    let mut files: Vec<(String, String)> = v["files_modified"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap().to_string();
            (s("state"), s("path"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn c09_staged_files_are_those_git_status_shows_in_nested_directories() {
    let (sb, repo) = Sandbox::with_repo();
    for f in [
        "d/e/a.txt",
        "d/e/b.txt",
        "d/keep",
        "f/a",
        "f/b",
        "g/x",
        "top",
        "sh.sh",
    ] {
        std::fs::create_dir_all(repo.join(f).parent().unwrap()).unwrap();
        std::fs::write(
            repo.join(f),
            format!("{f}: a line long enough to be similar\n"),
        )
        .unwrap();
    }
    sb.git(&repo, &["add", "-A"]);
    sb.git(&repo, &["commit", "-q", "-m", "files"]);
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(s, p)| (s.to_string(), p.to_string()))
            .collect()
    };
    assert_eq!(recorded_files(&sb, &repo, "clean"), pairs(&[]));

    // Additions, modifications and a mode change deep in unchanged trees; intent-to-add is
    // not staged (git status: " A"), so it is recorded as unstaged.
    std::fs::write(repo.join("d/e/new.txt"), "new\n").unwrap();
    std::fs::write(repo.join("g/x"), "changed\n").unwrap();
    std::fs::create_dir_all(repo.join("h")).unwrap();
    std::fs::write(repo.join("h/ita"), "ita\n").unwrap();
    sb.git(&repo, &["add", "d/e/new.txt", "g/x"]);
    sb.git(&repo, &["add", "-N", "h/ita"]);
    sb.git(&repo, &["update-index", "--chmod=+x", "sh.sh"]);
    let staged = [
        ("staged", "d/e/new.txt"),
        ("staged", "g/x"),
        ("staged", "sh.sh"),
        ("unstaged", "h/ita"),
        ("unstaged", "sh.sh"),
    ];
    assert_eq!(recorded_files(&sb, &repo, "added"), pairs(&staged));

    // Deletions only: a whole directory removed from the index (its files stay, untracked).
    sb.git(&repo, &["reset", "-q"]);
    sb.git(&repo, &["rm", "-q", "-r", "--cached", "f"]);
    let unstaged = [
        ("unstaged", "g/x"),
        ("untracked", "d/e/new.txt"),
        ("untracked", "h/ita"),
    ];
    let mut deleted = vec![("staged", "f/a"), ("staged", "f/b")];
    deleted.extend(unstaged);
    deleted.extend([("untracked", "f/a"), ("untracked", "f/b")]);
    deleted.sort();
    assert_eq!(recorded_files(&sb, &repo, "deleted"), pairs(&deleted));

    // A staged rename is recorded under its new path only (git status: "R old -> new").
    sb.git(&repo, &["reset", "-q"]);
    sb.git(&repo, &["mv", "d/e/a.txt", "d/moved.txt"]);
    let mut renamed = vec![("staged", "d/moved.txt")];
    renamed.extend(unstaged);
    assert_eq!(recorded_files(&sb, &repo, "renamed"), pairs(&renamed));
}

/// The (state, path) pairs `git status --porcelain --no-renames --untracked-files=all` shows,
/// sorted: what a save must record.
fn git_status_files(sb: &Sandbox, repo: &Path) -> Vec<(String, String)> {
    let out = sb.git(
        repo,
        &[
            "status",
            "--porcelain",
            "--no-renames",
            "--untracked-files=all",
            "-z",
        ],
    );
    let mut files = Vec::new();
    for rec in out.split('\0').filter(|r| r.len() > 3) {
        let (x, y, path) = (&rec[..1], &rec[1..2], rec[3..].to_string());
        if x == "?" {
            files.push(("untracked".to_string(), path));
            continue;
        }
        if x != " " {
            files.push(("staged".to_string(), path.clone()));
        }
        if y != " " {
            files.push(("unstaged".to_string(), path));
        }
    }
    files.sort();
    files
}

#[test]
fn staged_files_compared_through_the_cache_tree_are_those_git_status_shows() {
    // Only the directories the index's cache tree marks changed are compared with HEAD's
    // trees; every other directory is taken as unchanged. Each step checks a save's record
    // against git's own status, and that the step staged what it meant to.
    let (sb, repo) = Sandbox::with_repo();
    for f in [
        "a/b/c/deep.txt",
        "a/b/side.txt",
        "a/top.txt",
        "f/one",
        "f/two",
        "g/x",
        "sh.sh",
    ] {
        std::fs::create_dir_all(repo.join(f).parent().unwrap()).unwrap();
        std::fs::write(repo.join(f), format!("{f}\n")).unwrap();
    }
    sb.git(&repo, &["add", "-A"]);
    sb.git(&repo, &["commit", "-q", "-m", "files"]);
    let check = |story: &str, staged: &[&str]| {
        let want = git_status_files(&sb, &repo);
        let shown: Vec<&str> = want
            .iter()
            .filter(|(s, _)| s == "staged")
            .map(|(_, p)| p.as_str())
            .collect();
        assert_eq!(shown, staged, "git status after step {story}");
        assert_eq!(recorded_files(&sb, &repo, story), want, "step {story}");
    };
    check("clean", &[]);

    // A change three directories deep, a file in a new directory, a mode change at the top,
    // and work left unstaged and untracked beside them.
    std::fs::write(repo.join("a/b/c/deep.txt"), "changed\n").unwrap();
    std::fs::create_dir_all(repo.join("n/m")).unwrap();
    std::fs::write(repo.join("n/m/new.txt"), "new\n").unwrap();
    sb.git(&repo, &["add", "a/b/c/deep.txt", "n/m/new.txt"]);
    sb.git(&repo, &["update-index", "--chmod=+x", "sh.sh"]);
    std::fs::write(repo.join("a/top.txt"), "unstaged\n").unwrap();
    std::fs::write(repo.join("a/b/scratch"), "untracked\n").unwrap();
    check("modified", &["a/b/c/deep.txt", "n/m/new.txt", "sh.sh"]);
    // `git write-tree` makes the cache tree valid everywhere, naming the staged trees: each
    // directory is then told from HEAD's by its id alone.
    sb.git(&repo, &["write-tree"]);
    check("written", &["a/b/c/deep.txt", "n/m/new.txt", "sh.sh"]);
    // From two directories down (the scan then names the work tree `../..`).
    assert_eq!(
        recorded_files(&sb, &repo.join("a/b"), "below"),
        git_status_files(&sb, &repo),
        "saved from a/b"
    );

    // A whole directory deleted from the index and a file changed again in an unchanged one.
    sb.git(&repo, &["reset", "-q"]);
    sb.git(&repo, &["rm", "-q", "-r", "--cached", "f"]);
    std::fs::write(repo.join("g/x"), "changed\n").unwrap();
    sb.git(&repo, &["add", "g/x"]);
    check("deleted", &["f/one", "f/two", "g/x"]);

    // An index whose cache tree is invalid everywhere (rebuilt with add): every tree compared.
    sb.git(&repo, &["read-tree", "--empty"]);
    sb.git(&repo, &["add", "a", "f", "g", "sh.sh", "n"]);
    check(
        "rebuilt",
        &[
            "a/b/c/deep.txt",
            "a/b/scratch",
            "a/top.txt",
            "g/x",
            "n/m/new.txt",
        ],
    );

    // Committed: the cache tree is valid again and nothing is staged.
    sb.git(&repo, &["add", "-A"]);
    sb.git(&repo, &["commit", "-q", "-m", "more"]);
    check("committed", &[]);

    // An unborn branch: everything in the index is staged against the empty tree.
    let fresh = sb.path("fresh");
    sb.git(&sb.path(""), &["init", "-q", fresh.to_str().unwrap()]);
    std::fs::create_dir_all(fresh.join("src")).unwrap();
    std::fs::write(fresh.join("src/lib.rs"), "fn x() {}\n").unwrap();
    std::fs::write(fresh.join("README"), "hi\n").unwrap();
    sb.git(&fresh, &["add", "src/lib.rs"]);
    assert_eq!(
        recorded_files(&sb, &fresh, "unborn"),
        git_status_files(&sb, &fresh),
        "unborn branch"
    );
}

// ---------------------------------------------------------------------------------------------
// C10: size limit

#[test]
fn c10_a_120_mb_document_is_refused_before_any_object_is_written() {
    let (sb, repo) = Sandbox::with_repo();
    let big = sb.path("big.md");
    let size: u64 = 120 * 1024 * 1024;
    {
        let f = std::fs::File::create(&big).unwrap();
        f.set_len(size).unwrap();
    }
    let before = snapshot(&sb, &repo);
    let started = std::time::Instant::now();
    let out = run(&sb, &repo, &["save", "auth", "-F", big.to_str().unwrap()]);
    let err = refused(&out, "save of a 120 MB document");
    assert!(err.contains(&format!("{size} bytes")), "size: {err}");
    assert!(err.contains("1048576 bytes"), "limit: {err}");
    assert!(err.contains("checkpoint.maxSize"), "setting: {err}");
    assert_eq!(snapshot(&sb, &repo), before);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "refusal took {:?}",
        started.elapsed()
    );
}

#[test]
fn c10_configured_max_size_is_enforced_for_files_and_flags() {
    let (sb, repo) = Sandbox::with_repo();
    sb.git(&repo, &["config", "checkpoint.maxSize", "100"]);
    let text = format!("{CP_MD}- d\n- e\n- f\n- g\n");
    let len = text.len();
    assert!(len > 100);
    let f = doc(&sb, "cp.md", text.as_bytes());
    let before = snapshot(&sb, &repo);

    let out = run(&sb, &repo, &["save", "auth", "-F", &f]);
    let err = refused(&out, "save -F over checkpoint.maxSize");
    assert!(
        err.contains(&format!("{len} bytes, larger than the limit of 100 bytes")),
        "{err}"
    );
    assert!(err.contains("checkpoint.maxSize"), "{err}");
    assert_eq!(snapshot(&sb, &repo), before);

    // A document composed from flags is held to the same limit.
    let long = "x".repeat(200);
    let out = run(&sb, &repo, &["save", "auth", "--title", &long]);
    let err = refused(&out, "save --title over checkpoint.maxSize");
    assert!(err.contains("larger than the limit of 100 bytes"), "{err}");
    assert_eq!(snapshot(&sb, &repo), before);

    // Raising the limit (git's size suffixes) lets the same file through.
    sb.git(&repo, &["config", "checkpoint.maxSize", "1k"]);
    sb.ok(&repo, &["save", "auth", "-F", &f]);
    assert_eq!(
        sb.git(
            &repo,
            &["cat-file", "-p", "refs/checkpoints/auth:checkpoint.md"]
        ),
        text
    );

    // A malformed value is named, not ignored.
    sb.git(&repo, &["config", "checkpoint.maxSize", "lots"]);
    let out = run(&sb, &repo, &["save", "auth", "-F", &f]);
    let err = refused(&out, "malformed checkpoint.maxSize");
    assert!(err.contains("checkpoint.maxSize"), "{err}");
    assert!(err.contains("lots"), "{err}");
}

#[test]
fn c10_stdin_over_the_limit_is_refused_with_its_real_size() {
    let (sb, repo) = Sandbox::with_repo();
    let before = snapshot(&sb, &repo);
    let size = 2 * 1024 * 1024;
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("git-checkpoint"));
    sb.env(&mut cmd);
    cmd.current_dir(&repo)
        .args(["save", "auth", "-F", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        // The reader may stop early; a broken pipe is expected then.
        let _ = stdin.write_all(&vec![b'x'; size]);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = refused(&out, "save -F - over the limit");
    assert!(err.contains("1048576 bytes"), "limit: {err}");
    assert!(err.contains("checkpoint.maxSize"), "{err}");
    // The size stated must be the input's, or say "more than" the limit: never a made-up one.
    assert!(
        err.contains(&format!("{size} bytes")) || err.contains("more than 1048576"),
        "size: {err}"
    );
    assert_eq!(snapshot(&sb, &repo), before);
}

#[test]
fn c10_list_and_log_read_commits_only_never_blobs() {
    let (sb, repo) = Sandbox::with_repo();
    let cp = doc(&sb, "cp.md", CP_MD.as_bytes());
    sb.ok(&repo, &["save", "auth", "-F", &cp, "-m", "first"]);
    // Remove both blobs of the checkpoint: anything that loads them fails.
    for name in ["checkpoint.md", "meta.json"] {
        let id = sb
            .git(
                &repo,
                &["rev-parse", &format!("refs/checkpoints/auth:{name}")],
            )
            .trim()
            .to_string();
        std::fs::remove_file(repo.join(".git/objects").join(&id[..2]).join(&id[2..])).unwrap();
    }
    let list = sb.json(&repo, &["list", "--all", "--json"]);
    assert_eq!(list[0]["story"], "auth");
    assert_eq!(list[0]["tasks_done"], 1);
    assert_eq!(list[0]["tasks_total"], 2);
    assert!(sb.ok(&repo, &["list"]).contains("auth"));
    let log = sb.json(&repo, &["log", "auth", "--json"]);
    assert_eq!(log["revisions"][0]["message"], "first");
    assert!(sb.ok(&repo, &["log", "auth"]).contains("first"));
    // resume does need the document, and says which part is missing.
    let out = run(&sb, &repo, &["resume", "auth"]);
    let err = refused(&out, "resume with the document blob missing");
    assert!(err.contains("checkpoint.md"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// C11-C14: documents, through `save -F` and `resume --json`

/// Saves `content` as story `story` with `-F` and returns `resume --json`.
fn save_and_resume(sb: &Sandbox, repo: &Path, story: &str, content: &[u8]) -> (Output, Value) {
    let f = doc(sb, &format!("{story}.md"), content);
    let out = run(sb, repo, &["save", story, "-F", &f]);
    assert!(
        out.status.success(),
        "save {story} failed: {}",
        stderr(&out)
    );
    (out, sb.json(repo, &["resume", story, "--json"]))
}

#[test]
fn c11_headings_inside_fences_are_not_sections() {
    let (sb, repo) = Sandbox::with_repo();
    let text = "## Story\nauth\n## Branch\nmain\n## Key Decisions\n- b\n\n```\n## Tasks Done\n- not a task\n```\n\n~~~\n## Remaining Todos\n- [ ] not a todo\n~~~\n## Remaining Todos\n- c\n";
    let (_, v) = save_and_resume(&sb, &repo, "auth", text.as_bytes());
    assert_eq!(v["gaps"], json!(["missing section 'Tasks Done'"]));
    assert_eq!(v["confidence"], "needs_confirmation");
    assert_eq!(v["tasks_done"], json!([]));
    assert_eq!(v["tasks_remaining"], json!(["c"]));
    assert_eq!(v["decisions"][0], "b");
    for d in v["decisions"].as_array().unwrap() {
        assert!(!d.as_str().unwrap().starts_with("not a"), "{d}");
    }
    assert_eq!(v["ignored_sections"], json!([]));
    // The fences are kept verbatim inside Key Decisions.
    let stored = v["document"].as_str().unwrap();
    assert_eq!(stored, text);
    let decisions = &stored
        [stored.find("## Key Decisions").unwrap()..stored.rfind("## Remaining Todos").unwrap()];
    assert!(
        decisions.contains("```\n## Tasks Done\n- not a task\n```"),
        "{decisions}"
    );
    assert!(
        decisions.contains("~~~\n## Remaining Todos\n- [ ] not a todo\n~~~"),
        "{decisions}"
    );
    assert_eq!(sb.ok(&repo, &["show", "auth"]), text);
    let out = run(&sb, &repo, &["resume", "auth", "--strict"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stdout(&out).contains("missing section 'Tasks Done'"));
}

#[test]
fn c12_crlf_and_cr_line_endings_give_identical_sections() {
    let (sb, repo) = Sandbox::with_repo();
    let fields = [
        "title",
        "goal",
        "branch",
        "tasks_done",
        "tasks_remaining",
        "decisions",
        "next_action",
        "confidence",
        "gaps",
        "ignored_sections",
        "document",
    ];
    let (_, lf) = save_and_resume(&sb, &repo, "lf", CP_MD.as_bytes());
    assert_eq!(lf["branch"], "main");
    assert_eq!(lf["tasks_done"], json!(["a"]));
    assert_eq!(lf["decisions"], json!(["b"]));
    assert_eq!(lf["tasks_remaining"], json!(["c"]));
    assert_eq!(lf["gaps"], json!([]));
    assert_eq!(lf["confidence"], "high");
    for (story, ending) in [("crlf", "\r\n"), ("cr", "\r")] {
        let (_, v) = save_and_resume(&sb, &repo, story, CP_MD.replace('\n', ending).as_bytes());
        for f in fields {
            assert_eq!(v[f], lf[f], "{story}: field {f}");
        }
        let json_text = v.to_string();
        assert!(!json_text.contains("\\r"), "{story}: a \\r in {json_text}");
        let shown = run(&sb, &repo, &["show", story]);
        assert!(!shown.stdout.contains(&b'\r'), "{story}: show has a CR");
    }
}

#[test]
fn c13_bom_is_ignored() {
    let (sb, repo) = Sandbox::with_repo();
    let with_bom = format!("\u{feff}{CP_MD}");
    let (_, v) = save_and_resume(&sb, &repo, "auth", with_bom.as_bytes());
    assert_eq!(v["gaps"], json!([]), "the first section (Story) is found");
    assert_eq!(v["confidence"], "high");
    assert_eq!(v["branch"], "main");
    assert_eq!(v["tasks_done"], json!(["a"]));
    assert_eq!(v["document"], CP_MD);
    let shown = run(&sb, &repo, &["show", "auth"]);
    assert!(!shown.stdout.starts_with(b"\xEF\xBB\xBF"));
}

/// A document with a Latin-1 byte, as a user's editor might save it.
fn latin1_doc() -> Vec<u8> {
    let mut bytes = CP_MD.as_bytes().to_vec();
    bytes.extend_from_slice(b"- caf\xE9\n");
    bytes
}

#[test]
fn c13_latin1_bytes_are_refused_by_save_naming_the_file_and_the_fix() {
    // Issue 28: a Latin-1 file was saved as lossy text with exit 0. Now nothing is written
    // and the one-line error says how to convert it.
    let (sb, repo) = Sandbox::with_repo();
    let f = doc(&sb, "latin1.md", &latin1_doc());
    let out = run(&sb, &repo, &["save", "text", "-F", &f]);
    assert!(!out.status.success(), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(
        err.contains("latin1.md cannot be read: it is not UTF-8"),
        "{err}"
    );
    assert!(err.contains("iconv -f latin1 -t utf-8"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // Through stdin as well.
    let out = sb
        .cp(&repo)
        .args(["save", "other", "-F", "-", "--json"])
        .write_stdin(latin1_doc())
        .output()
        .unwrap();
    assert!(!out.status.success(), "{}", stdout(&out));
    assert!(stderr(&out).contains("standard input"), "{}", stderr(&out));
    assert!(!sb.refs(&repo).contains("refs/checkpoints/"));
}

#[test]
fn c13_replacement_characters_are_still_reported_when_resuming() {
    // The session that resumes is not the one that saved: text an older version stored
    // lossily (U+FFFD where bytes were replaced) must still show in its confidence report, not
    // read as a clean, high-confidence checkpoint.
    let (sb, repo) = Sandbox::with_repo();
    let mut lossy = CP_MD.as_bytes().to_vec();
    lossy.extend_from_slice("- caf\u{fffd}\n".as_bytes());
    let (_, v) = save_and_resume(&sb, &repo, "auth", &lossy);
    assert_eq!(v["tasks_remaining"], json!(["c", "caf\u{fffd}"]));
    assert_eq!(v["confidence"], "needs_confirmation");
    let gaps = v["gaps"].to_string();
    assert!(gaps.contains("not valid UTF-8"), "gaps: {gaps}");
}

#[test]
fn c14_placeholders_lower_confidence_template_notes_are_ignored() {
    let (sb, repo) = Sandbox::with_repo();
    let text = "## Story\nauth\n## Branch\nmain\n## Template Notes\nfill every section\n## Tasks Done\n- a\n## Key Decisions\n- [Decision and rationale]\n## Remaining Todos\n- [ ] <todo>\n- [ ] add rate limit\n";
    let (out, v) = save_and_resume(&sb, &repo, "auth", text.as_bytes());
    assert_eq!(v["confidence"], "needs_confirmation");
    let gaps = strings(&v["gaps"]);
    assert_eq!(gaps.len(), 2, "{gaps:?}");
    // A gap names its section and quotes the placeholder.
    let gap = |section: &str, placeholder: &str| {
        gaps.iter()
            .any(|g| g.contains(section) && g.contains(placeholder))
    };
    assert!(gap("Key Decisions", "[Decision and rationale]"), "{gaps:?}");
    assert!(gap("Remaining Todos", "<todo>"), "{gaps:?}");
    assert_eq!(v["tasks_remaining"], json!(["add rate limit"]));
    assert_eq!(
        v["tasks_done"],
        json!(["a"]),
        "Tasks Done after the notes is parsed"
    );
    assert_eq!(v["decisions"], json!([]));
    assert_eq!(v["ignored_sections"], json!(["Template Notes (line 5)"]));
    let err = stderr(&out);
    assert!(err.contains("ignored section Template Notes"), "{err}");
    assert!(err.contains("<todo>"), "{err}");
    let out = run(&sb, &repo, &["resume", "auth", "--strict"]);
    assert_eq!(out.status.code(), Some(3));
    // The same document without placeholders is high confidence, notes still ignored.
    let filled = text
        .replace(
            "- [Decision and rationale]",
            "- use JWT because sessions do not scale",
        )
        .replace("- [ ] <todo>\n", "");
    let (_, v) = save_and_resume(&sb, &repo, "filled", filled.as_bytes());
    assert_eq!(v["confidence"], "high");
    assert_eq!(v["gaps"], json!([]));
    assert_eq!(v["ignored_sections"], json!(["Template Notes (line 5)"]));
}

// ---------------------------------------------------------------------------------------------
// C15: terminal control characters

const HOSTILE_TITLE: &str = "Login \x1b]0;pwned\x07 flow";
const HOSTILE_DECISION: &str = "use JWT \x1b[2K erased";
const HOSTILE_TODO: &str = "\x1b[8m hidden todo";
const HOSTILE_NEXT: &str = "next \u{9b}31m c1";
const HOSTILE_MESSAGE: &str = "msg \x1b]0;subject\x07\n\nbody \x1b[8m hidden\r overwrite";
const HOSTILE_AUTHOR: &str = "Eve \x1b]0;author\x07";
const HOSTILE_PLACEHOLDER: &str = "<\x1b[2K>";

/// Saves a clean revision, then a hostile one (content, message, author, and a placeholder
/// that becomes a gap) from a terminal, whose output must already be escaped.
fn hostile_repo(sb: &Sandbox) -> PathBuf {
    let repo = sb.repo("r");
    sb.ok(&repo, &["save", "auth", "--title", "Plain", "--todo", "t1"]);
    let out = on_tty_env(
        sb,
        &repo,
        &[
            "save",
            "auth",
            "--title",
            HOSTILE_TITLE,
            "--decision",
            HOSTILE_DECISION,
            "--todo",
            HOSTILE_TODO,
            "--todo",
            HOSTILE_PLACEHOLDER,
            "--next",
            HOSTILE_NEXT,
            "-m",
            HOSTILE_MESSAGE,
        ],
        &[("GIT_AUTHOR_NAME", HOSTILE_AUTHOR)],
    );
    assert_escaped(
        "save",
        &out,
        &["Login \\x1b]0;pwned\\x07 flow", "<\\x1b[2K>"],
    );
    assert_eq!(
        sb.git(&repo, &["rev-list", "--count", "refs/checkpoints/auth"]),
        "2\n"
    );
    repo
}

/// Asserts a terminal received no raw control characters, only their escaped forms.
fn assert_escaped(what: &str, out: &[u8], expect: &[&str]) {
    let text = String::from_utf8_lossy(out);
    assert!(
        !out.contains(&0x1b),
        "{what}: raw ESC on the terminal: {text:?}"
    );
    assert!(
        !out.contains(&0x07),
        "{what}: raw BEL on the terminal: {text:?}"
    );
    assert!(
        !text.contains('\u{9b}'),
        "{what}: raw C1 CSI on the terminal: {text:?}"
    );
    assert!(text.contains("\\x1b"), "{what}: no escaped ESC: {text:?}");
    for e in expect {
        assert!(text.contains(e), "{what}: want {e:?} in {text:?}");
    }
}

fn check_terminal_output(sb: &Sandbox, dir: &Path) {
    let list = on_tty(sb, dir, &["list", "--all"]);
    assert_escaped("list", &list, &["Login \\x1b]0;pwned\\x07 flow"]);

    let resume = on_tty(sb, dir, &["resume", "auth"]);
    assert_escaped(
        "resume",
        &resume,
        &[
            "Login \\x1b]0;pwned\\x07 flow",
            "use JWT \\x1b[2K erased",
            "\\x1b[8m hidden todo",
            "next \\u{9b}31m c1",
            "unfilled placeholder item: <\\x1b[2K>",
        ],
    );

    let log = on_tty(sb, dir, &["log", "auth"]);
    assert_escaped(
        "log",
        &log,
        &[
            "Eve \\x1b]0;author\\x07",
            "msg \\x1b]0;subject\\x07",
            "body \\x1b[8m hidden\\x0d overwrite",
        ],
    );

    let diff = on_tty(sb, dir, &["diff", "auth"]);
    assert_escaped(
        "diff",
        &diff,
        &[
            "Login \\x1b]0;pwned\\x07 flow",
            "use JWT \\x1b[2K erased",
            "\\x1b[8m hidden todo",
        ],
    );

    let show = on_tty(sb, dir, &["show", "auth"]);
    assert_escaped("show", &show, &["use JWT \\x1b[2K erased"]);

    // Raw bytes only on explicit request.
    let raw = on_tty(sb, dir, &["show", "auth", "--raw"]);
    let raw = String::from_utf8_lossy(&raw).into_owned();
    assert!(raw.contains(HOSTILE_DECISION), "show --raw: {raw:?}");
    assert!(raw.contains(HOSTILE_TITLE), "show --raw: {raw:?}");

    // Not a terminal: the document is passed through byte for byte.
    let piped = sb.ok(dir, &["show", "auth"]);
    assert!(piped.contains(HOSTILE_TITLE), "{piped:?}");
    assert!(piped.contains(HOSTILE_DECISION), "{piped:?}");
    assert!(piped.contains(HOSTILE_TODO), "{piped:?}");
    assert!(piped.contains(HOSTILE_NEXT), "{piped:?}");
    let v = sb.json(dir, &["resume", "auth", "--json"]);
    assert_eq!(v["title"], HOSTILE_TITLE);
    assert_eq!(v["decisions"], json!([HOSTILE_DECISION]));
    let log = sb.json(dir, &["log", "auth", "--json"]);
    assert_eq!(log["revisions"][0]["author"], HOSTILE_AUTHOR);
    assert_eq!(log["revisions"][0]["message"], "msg \x1b]0;subject\x07");
}

#[test]
fn c15_control_characters_are_escaped_on_a_terminal() {
    let sb = Sandbox::new();
    let repo = hostile_repo(&sb);
    check_terminal_output(&sb, &repo);
}

#[test]
fn c15_fetched_checkpoints_are_escaped_on_a_terminal_too() {
    let sb = Sandbox::new();
    let repo = hostile_repo(&sb);
    sb.git(
        sb.tmp.path(),
        &["clone", "-q", repo.to_str().unwrap(), "clone"],
    );
    let clone = sb.path("clone");
    sb.git(
        &clone,
        &[
            "fetch",
            "-q",
            "origin",
            "refs/checkpoints/*:refs/checkpoints/*",
        ],
    );
    assert_eq!(
        sb.git(&clone, &["rev-parse", "refs/checkpoints/auth"]),
        sb.git(&repo, &["rev-parse", "refs/checkpoints/auth"])
    );
    check_terminal_output(&sb, &clone);
}
