//! Sharing through real remotes: bare repositories by path and a git daemon on loopback.
//! Cases C16-C22 and the scenarios of the sharing issue.

use crate::common::{find_by, strings, strings_of, Sandbox};
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// TWO-CLONES: a bare `o.git` and clones `A` and `B` at the same `main` commit.
fn two_clones() -> (Sandbox, PathBuf, PathBuf, PathBuf) {
    let sb = Sandbox::new();
    let origin = sb.bare_origin();
    let (a, b) = (sb.clone_origin("A"), sb.clone_origin("B"));
    (sb, origin, a, b)
}

/// Saves `args` (the story first) in `dir` and pushes that story to `origin`.
fn save_and_push(sb: &Sandbox, dir: &Path, args: &[&str]) {
    let save: Vec<&str> = std::iter::once("save")
        .chain(args.iter().copied())
        .collect();
    sb.ok(dir, &save);
    sb.ok(dir, &["push", "origin", args[0]]);
}

/// The messages of `story`'s revisions in `dir`, newest first (`log --json`).
fn messages(sb: &Sandbox, dir: &Path, story: &str) -> Vec<String> {
    let log = sb.json(dir, &["log", story, "--json"]);
    let revisions = log["revisions"].as_array().unwrap();
    revisions
        .iter()
        .map(|r| r["message"].as_str().unwrap().to_string())
        .collect()
}

fn history(sb: &Sandbox, dir: &Path, rev: &str) -> Vec<String> {
    sb.git(dir, &["rev-list", rev])
        .lines()
        .map(String::from)
        .collect()
}

fn tip(sb: &Sandbox, dir: &Path, r: &str) -> String {
    sb.git(dir, &["rev-parse", r]).trim().to_string()
}

#[test]
fn a_pushes_b_fetches_and_resumes_every_field() {
    let (sb, _, a, b) = two_clones();
    sb.ok(
        &a,
        &[
            "save",
            "313",
            "--title",
            "Shared",
            "--goal",
            "Hand over",
            "--done",
            "T1 — one",
            "--todo",
            "T2 — two",
            "--decision",
            "refs not files",
            "--next",
            "do T2",
        ],
    );
    sb.ok(&a, &["push", "origin", "313"]);
    // Before integrating, the remote-tracking ref can be read directly.
    sb.ok(&b, &["fetch"]);
    let theirs = sb.json(&b, &["resume", "origin/313", "--json"]);
    assert_eq!(theirs["ref"], "refs/remotes/origin/checkpoints/313");
    let v = sb.json(&b, &["resume", "313", "--json"]);
    let mine = sb.json(&a, &["resume", "313", "--json"]);
    for field in [
        "title",
        "goal",
        "branch",
        "commit",
        "revision",
        "head",
        "tasks_done",
        "tasks_remaining",
        "decisions",
        "next_action",
        "confidence",
        "document",
    ] {
        assert_eq!(v[field], mine[field], "{field}");
        assert_eq!(theirs[field], mine[field], "{field}");
    }
    assert_eq!(v["confidence"], "high");
    let listed = sb.json(&b, &["list", "--remote", "origin", "--json"]);
    assert_eq!(listed[0]["story"], "313");
    assert_eq!(listed[0]["ref"], "refs/remotes/origin/checkpoints/313");
}

#[test]
fn c16_second_pusher_merges_first_and_a_fresh_clone_is_told_how_to_fetch() {
    let (sb, origin, a, b) = two_clones();
    save_and_push(&sb, &a, &["auth", "--title", "Auth"]);
    sb.ok(&b, &["save", "login", "--title", "Login"]);
    // B's notes ref diverged from the remote's: the push fetches, merges and retries.
    let out = sb.ok(&b, &["push", "origin", "login"]);
    assert!(out.contains("refs/notes/checkpoints"), "{out}");
    let remote_refs = sb.refs(&origin);
    assert!(remote_refs.contains("refs/checkpoints/auth"));
    assert!(remote_refs.contains("refs/checkpoints/login"));
    // C22: the note on the shared commit lists both stories.
    let head = tip(&sb, &a, "HEAD");
    let note = sb.git(&origin, &["notes", "--ref=checkpoints", "show", &head]);
    assert!(note.lines().any(|l| l.starts_with("auth ")), "{note}");
    assert!(note.lines().any(|l| l.starts_with("login ")), "{note}");
    assert_eq!(note.lines().count(), 2);

    sb.git(&sb.path(""), &["clone", "-q", "o.git", "C"]);
    let c = sb.path("C");
    sb.cp(&c)
        .args(["list"])
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("git checkpoint fetch origin"));
    sb.ok(&c, &["fetch"]);
    let all = sb.json(&c, &["list", "--all", "--json"]);
    assert_eq!(all.as_array().unwrap().len(), 2);
    let at = sb.json(&c, &["at", "--json"]);
    assert_eq!(at["checkpoints"].as_array().unwrap().len(), 2);
}

#[test]
fn c17_fetch_never_overwrites_an_unpushed_revision() {
    let (sb, _, a, b) = two_clones();
    save_and_push(&sb, &a, &["auth", "--todo", "from A"]);
    sb.ok(
        &b,
        &["save", "auth", "--todo", "from B", "-m", "B's own revision"],
    );
    let mine = tip(&sb, &b, "refs/checkpoints/auth");
    sb.cp(&b)
        .args(["fetch"])
        .assert()
        .success()
        .stdout(predicate::str::contains("merged"));
    let after = tip(&sb, &b, "refs/checkpoints/auth");
    assert!(history(&sb, &b, &after).contains(&mine));
    let messages = messages(&sb, &b, "auth");
    assert!(
        messages.iter().any(|m| m == "B's own revision"),
        "{messages:?}"
    );
    let v = sb.json(&b, &["resume", "auth", "--json"]);
    let todos = v["tasks_remaining"].as_array().unwrap();
    assert!(todos.contains(&"from A".into()) && todos.contains(&"from B".into()));
}

#[test]
fn c18_diverged_histories_keep_all_four_revisions_and_push_fast_forward() {
    let (sb, origin, a, b) = two_clones();
    sb.ok(
        &a,
        &["save", "auth", "--todo", "T1 — shared", "--next", "start"],
    );
    sb.ok(&a, &["push", "origin", "auth"]);
    sb.ok(&b, &["fetch"]);
    // Both save twice offline from the same base.
    sb.ok(&a, &["save", "auth", "--done", "T1", "-m", "A1"]);
    sb.ok(&a, &["save", "auth", "--next", "next from A", "-m", "A2"]);
    sb.ok(&b, &["save", "auth", "--todo", "T2 — from B", "-m", "B1"]);
    sb.ok(&b, &["save", "auth", "--next", "next from B", "-m", "B2"]);
    let revs: Vec<String> = [&a, &b]
        .iter()
        .flat_map(|d| history(&sb, d, "refs/checkpoints/auth")[..2].to_vec())
        .collect();
    sb.ok(&a, &["sync"]);
    let before = tip(&sb, &origin, "refs/checkpoints/auth");
    let out = sb.json(&b, &["sync", "--json"]);
    let merged = find_by(&out["integrated"], "ref", "refs/checkpoints/auth");
    assert_eq!(merged["action"], "merged");
    assert_eq!(merged["conflicts"].as_array().unwrap().len(), 1, "{merged}");
    assert!(merged["conflicts"][0]
        .as_str()
        .unwrap()
        .starts_with("next action"));
    let pushed = find_by(&out["pushed"], "ref", "refs/checkpoints/auth");
    assert_eq!(pushed["flag"], " ", "a fast-forward: {pushed}");
    let after = tip(&sb, &origin, "refs/checkpoints/auth");
    assert!(history(&sb, &origin, &after).contains(&before));
    sb.ok(&a, &["sync"]);
    for dir in [&a, &b, &origin] {
        let h = history(&sb, dir, "refs/checkpoints/auth");
        for r in &revs {
            assert!(h.contains(r), "{r} missing in {}", dir.display());
        }
    }
    let final_tip = tip(&sb, &a, "refs/checkpoints/auth");
    assert_eq!(final_tip, tip(&sb, &b, "refs/checkpoints/auth"));
    assert_eq!(final_tip, after);
    let parents = sb.git(&a, &["rev-list", "--parents", "-1", &final_tip]);
    assert_eq!(parents.split_whitespace().count(), 3, "a merge commit");
    let v = sb.json(&a, &["resume", "auth", "--json"]);
    assert_eq!(v["confidence"], "needs_confirmation");
    assert_eq!(v["tasks_done"], serde_json::json!(["T1 — shared"]));
    assert_eq!(v["tasks_remaining"], serde_json::json!(["T2 — from B"]));
    let next = v["next_action"].as_str().unwrap();
    assert!(next.contains("next from A") && next.contains("next from B"));
    sb.git(&a, &["fsck", "--strict"]);
    sb.git(&origin, &["fsck", "--strict"]);
}

#[test]
fn c18_histories_without_a_common_ancestor_merge_too() {
    let (sb, origin, a, b) = two_clones();
    sb.ok(&a, &["save", "auth", "--todo", "a1", "-m", "A1"]);
    sb.ok(&a, &["save", "auth", "--todo", "a2", "-m", "A2"]);
    sb.ok(&b, &["save", "auth", "--todo", "b1", "-m", "B1"]);
    sb.ok(&b, &["save", "auth", "--todo", "b2", "-m", "B2"]);
    sb.ok(&a, &["push", "origin", "auth"]);
    sb.ok(&b, &["push", "origin", "auth"]);
    let messages = messages(&sb, &b, "auth");
    for m in ["A1", "A2", "B1", "B2"] {
        assert!(messages.iter().any(|x| x == m), "{m} missing: {messages:?}");
    }
    let remote_tip = tip(&sb, &origin, "refs/checkpoints/auth");
    assert_eq!(remote_tip, tip(&sb, &b, "refs/checkpoints/auth"));
    let v = sb.json(&b, &["resume", "auth", "--json"]);
    assert_eq!(v["tasks_remaining"].as_array().unwrap().len(), 4);
}

#[test]
fn c19_simultaneous_pushes_of_different_stories_both_land() {
    let (sb, origin, a, b) = two_clones();
    sb.ok(&a, &["save", "auth"]);
    sb.ok(&b, &["save", "login"]);
    let spawn = |dir: &Path| {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("git-checkpoint"));
        sb.env(&mut cmd);
        cmd.current_dir(dir)
            .args(["push", "--all", "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (pa, pb) = (spawn(&a), spawn(&b));
    for child in [pa, pb] {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(v["pushed"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["flag"] != "!"));
    }
    let refs = sb.refs(&origin);
    assert!(refs.contains("refs/checkpoints/auth") && refs.contains("refs/checkpoints/login"));
    let head = tip(&sb, &a, "HEAD");
    let note = sb.git(&origin, &["notes", "--ref=checkpoints", "show", &head]);
    assert_eq!(note.lines().count(), 2, "{note}");
}

#[test]
fn a_ref_still_rejected_fails_naming_it() {
    let (sb, origin, a, _) = two_clones();
    // A server-side hook that refuses every checkpoint update: retries cannot help.
    let hook = origin.join("hooks/pre-receive");
    std::fs::write(&hook, "#!/bin/sh\necho 'refusing for test' >&2\nexit 1\n").unwrap();
    sb.git(&a, &["update-index", "--refresh"]);
    let status = std::process::Command::new("chmod")
        .args(["+x", hook.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success());
    sb.ok(&a, &["save", "auth"]);
    // Refused at once (no fetch-and-retry rounds), naming the ref and git's reason.
    sb.fails(
        &a,
        &["push", "origin", "auth"],
        &[
            "origin refused refs/checkpoints/auth [remote rejected] (pre-receive hook declined)",
            "a retry cannot help",
        ],
    );
}

#[test]
fn c22_fetch_from_a_remote_without_checkpoints_or_notes_is_a_no_op() {
    let (sb, _, a, _) = two_clones();
    let before = sb.refs(&a);
    sb.cp(&a)
        .args(["fetch", "origin"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no checkpoints on origin"));
    sb.cp(&a).args(["sync"]).assert().success();
    assert_eq!(sb.refs(&a), before);
    sb.fails(&a, &["fetch", "nosuch"], &["no such remote 'nosuch'"]);
}

#[test]
fn a_forced_user_refspec_does_not_destroy_a_local_revision() {
    let (sb, _, a, b) = two_clones();
    save_and_push(&sb, &a, &["auth", "--todo", "A's"]);
    sb.git(
        &b,
        &[
            "config",
            "--add",
            "remote.origin.fetch",
            "+refs/checkpoints/*:refs/checkpoints/*",
        ],
    );
    sb.ok(
        &b,
        &["save", "auth", "--todo", "B's unpushed", "-m", "unpushed"],
    );
    let mine = tip(&sb, &b, "refs/checkpoints/auth");
    sb.ok(&b, &["fetch"]);
    assert!(history(&sb, &b, "refs/checkpoints/auth").contains(&mine));
    let v = sb.json(&b, &["resume", "auth", "--json"]);
    assert!(v["tasks_remaining"]
        .as_array()
        .unwrap()
        .contains(&"B's unpushed".into()));
}

#[test]
fn c20_notes_follow_amend_after_setup_and_resume_never_needs_them() {
    let (sb, _, a, _) = two_clones();
    sb.git(
        &a,
        &["config", "--add", "notes.rewriteRef", "refs/notes/commits"],
    );
    sb.ok(&a, &["setup"]);
    let rewrite = sb.git(&a, &["config", "--get-all", "notes.rewriteRef"]);
    assert_eq!(rewrite, "refs/notes/commits\nrefs/notes/checkpoints\n");
    let fetch = sb.git(&a, &["config", "--get-all", "remote.origin.fetch"]);
    assert!(fetch.contains("+refs/checkpoints/*:refs/remotes/origin/checkpoints/*"));
    // Idempotent.
    sb.cp(&a)
        .args(["setup"])
        .assert()
        .success()
        .stdout("already set up\n");
    assert_eq!(
        sb.git(&a, &["config", "--get-all", "notes.rewriteRef"]),
        rewrite
    );

    std::fs::write(a.join("f.txt"), "x").unwrap();
    sb.git(&a, &["add", "f.txt"]);
    sb.git(&a, &["commit", "-q", "-m", "work"]);
    sb.ok(&a, &["save", "auth", "--title", "Amended"]);
    sb.git(&a, &["commit", "-q", "--amend", "-m", "work, amended"]);
    let note = sb.git(&a, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    assert!(note.starts_with("auth "), "{note}");
    let v = sb.json(&a, &["resume", "auth", "--json"]);
    assert_eq!(v["title"], "Amended");
    // Without the notes ref at all, resume still works: the ref chain is the truth.
    sb.git(&a, &["update-ref", "-d", "refs/notes/checkpoints"]);
    let v = sb.json(&a, &["resume", "auth", "--json"]);
    assert_eq!(v["title"], "Amended");
    // A plain git fetch now brings checkpoints.
    sb.ok(&a, &["push", "origin", "auth"]);
    sb.git(&a, &["fetch", "-q"]);
    assert!(sb.refs(&a).contains("refs/remotes/origin/checkpoints/auth"));
    // --undo removes exactly what setup added.
    sb.ok(&a, &["setup", "--undo"]);
    assert_eq!(
        sb.git(&a, &["config", "--get-all", "notes.rewriteRef"]),
        "refs/notes/commits\n"
    );
    assert_eq!(
        sb.git(&a, &["config", "--get-all", "remote.origin.fetch"]),
        "+refs/heads/*:refs/remotes/origin/*\n"
    );
}

#[test]
fn c21_three_hundred_notes_fan_out_one_note_per_commit() {
    let (sb, repo) = Sandbox::with_repo();
    // 300 commits, each with a note, written by git itself (fast-import keeps it quick).
    let mut script = String::new();
    for i in 1..=300 {
        script.push_str(&format!(
            "commit refs/heads/main\nmark :{i}\ncommitter A <a@example.com> {} +0000\ndata 2\nc\n",
            1_700_000_000 + i
        ));
        if i == 1 {
            script.push_str("from refs/heads/main^0\n");
        }
        script.push('\n');
    }
    sb.git_input(&repo, &["fast-import", "--quiet"], &script);
    sb.git(&repo, &["reset", "-q", "--hard", "main"]);
    for c in sb.git(&repo, &["rev-list", "-300", "HEAD"]).lines() {
        sb.git(
            &repo,
            &[
                "notes",
                "--ref=checkpoints",
                "add",
                "-m",
                "older index line",
                c,
            ],
        );
    }
    let paths = sb.git(
        &repo,
        &["ls-tree", "-r", "--name-only", "refs/notes/checkpoints"],
    );
    assert!(
        paths
            .lines()
            .all(|p| p.len() == 41 && p.as_bytes()[2] == b'/'),
        "git fanned out"
    );
    sb.ok(&repo, &["save", "auth", "--title", "Fan-out"]);
    let paths = sb.git(
        &repo,
        &["ls-tree", "-r", "--name-only", "refs/notes/checkpoints"],
    );
    assert_eq!(paths.lines().count(), 300, "exactly one note per commit");
    assert!(paths
        .lines()
        .all(|p| p.len() == 41 && p.as_bytes()[2] == b'/'));
    let note = sb.git(&repo, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    assert!(
        note.contains("older index line") && note.contains("auth "),
        "{note}"
    );
    let at = sb.json(&repo, &["at", "HEAD", "--json"]);
    assert_eq!(at["checkpoints"][0]["story"], "auth");
    assert_eq!(at["checkpoints"][0]["revision"], 1);
    sb.git(&repo, &["fsck", "--strict"]);
}

#[test]
fn shallow_clone_fetches_and_resumes() {
    let (sb, origin, a, _) = two_clones();
    sb.ok(&a, &["save", "auth", "--title", "Deep"]);
    save_and_push(&sb, &a, &["auth", "--todo", "more"]);
    let url = format!("file://{}", origin.display());
    sb.git(&sb.path(""), &["clone", "-q", "--depth", "1", &url, "S"]);
    let s = sb.path("S");
    sb.ok(&s, &["fetch"]);
    let v = sb.json(&s, &["resume", "auth", "--json"]);
    assert_eq!(v["title"], "Deep");
    assert_eq!(v["revision"], 2);
    save_and_push(&sb, &s, &["auth", "--done", "more"]);
}

#[test]
fn over_the_git_protocol_on_loopback() {
    let sb = Sandbox::new();
    sb.bare_origin();
    let (_daemon, url) = sb.git_daemon();
    for c in ["A", "B"] {
        sb.git(&sb.path(""), &["clone", "-q", &url, c]);
    }
    let (a, b) = (sb.path("A"), sb.path("B"));
    sb.ok(
        &a,
        &[
            "save",
            "net",
            "--title",
            "Over the wire",
            "--next",
            "pull it",
        ],
    );
    sb.ok(&a, &["push"]);
    sb.ok(&b, &["save", "net", "--todo", "B's part"]);
    sb.ok(&b, &["sync"]);
    sb.ok(&a, &["sync"]);
    let va = sb.json(&a, &["resume", "net", "--json"]);
    let vb = sb.json(&b, &["resume", "net", "--json"]);
    assert_eq!(va["commit"], vb["commit"]);
    assert_eq!(va["title"], "Over the wire");
    assert_eq!(vb["tasks_remaining"], serde_json::json!(["B's part"]));
}

#[test]
fn a_story_finished_on_one_clone_is_finished_everywhere() {
    let (sb, origin, a, b) = two_clones();
    sb.ok(&a, &["save", "auth", "--todo", "x"]);
    sb.ok(&a, &["push"]);
    sb.ok(&b, &["fetch"]);
    sb.ok(&a, &["done", "auth", "--force"]);
    sb.ok(&a, &["push"]);
    let remote_refs = sb.refs(&origin);
    assert!(
        !remote_refs.contains("refs/checkpoints/auth"),
        "{remote_refs}"
    );
    assert!(remote_refs.contains("refs/checkpoints-archive/auth"));
    let v = sb.json(&b, &["fetch", "--json"]);
    let actions = strings_of(&v["integrated"], "action");
    assert!(actions.contains(&"finished"), "{actions:?}");
    let refs = sb.refs(&b);
    assert!(!refs.contains("refs/checkpoints/auth"));
    assert!(refs.contains("refs/checkpoints-archive/auth"));
    assert_eq!(
        sb.json(&b, &["resume", "auth", "--archived", "--json"])["status"],
        "done"
    );
}

/// A purge reaches the remote and every clone that fetches; new work saved on top of the
/// purged history (which keeps it reachable) never goes back to the remote: it stays in the
/// clone that wrote it, reported (tests/cli/endings.rs has the three-clone scenarios).
#[test]
fn a_purge_reaches_the_remote_and_the_clones_that_fetch() {
    let (sb, origin, a, b) = two_clones();
    sb.ok(&a, &["save", "gone"]);
    sb.ok(&a, &["save", "kept"]);
    sb.ok(&a, &["push"]);
    sb.ok(&b, &["fetch"]);
    sb.ok(&a, &["done", "gone", "--purge", "--yes"]);
    sb.ok(&a, &["sync"]);
    assert!(!sb.refs(&origin).contains("refs/checkpoints/gone"));
    assert!(sb.refs(&origin).contains("refs/checkpoints-purged/gone"));
    assert!(
        !sb.refs(&a).contains("refs/checkpoints/gone"),
        "{}",
        sb.refs(&a)
    );
    sb.ok(&b, &["fetch"]);
    assert!(!sb.refs(&b).contains("refs/checkpoints/gone"));
    assert!(!sb.refs(&b).contains("refs/remotes/origin/checkpoints/gone"));

    // Purged on A, but B saved more meanwhile and pushed before A's purge reached origin:
    // A's sync deletes it there, B keeps its work and is told.
    sb.ok(&a, &["fetch"]);
    sb.ok(&a, &["done", "kept", "--purge", "--yes"]);
    sb.ok(&b, &["save", "kept", "--todo", "B's new work"]);
    sb.ok(&b, &["push"]);
    sb.ok(&a, &["sync"]);
    assert!(!sb.refs(&origin).contains("refs/checkpoints/kept"));
    let out = sb.ok(&b, &["sync"]);
    assert!(out.contains("kept was purged elsewhere"), "{out}");
    assert!(!sb.refs(&origin).contains("refs/checkpoints/kept"));
    let v = sb.json(&b, &["resume", "kept", "--json"]);
    assert_eq!(v["tasks_remaining"], serde_json::json!(["B's new work"]));
}

#[test]
fn auto_sync_pushes_after_save_and_fetches_before_resume() {
    let (sb, origin, a, b) = two_clones();
    for dir in [&a, &b] {
        sb.git(dir, &["config", "checkpoint.autoSync", "true"]);
    }
    sb.ok(&a, &["save", "auto", "--title", "Shared by itself"]);
    assert!(sb.refs(&origin).contains("refs/checkpoints/auto"));
    let v = sb.json(&b, &["resume", "auto", "--json"]);
    assert_eq!(v["title"], "Shared by itself");
}

/// A `checkpoint.autoSync` that is not a boolean fails the save before anything is written:
/// the error says nothing was written, so no revision may be left behind (before issue 25's
/// restructuring the save wrote revision 2 and then failed with exit 1).
#[test]
fn a_bad_auto_sync_value_fails_the_save_before_it_writes() {
    let (sb, _origin, a, _b) = two_clones();
    sb.ok(&a, &["save", "kept", "--title", "Kept"]);
    sb.git(&a, &["config", "checkpoint.autoSync", "maybe"]);
    let (code, _, stderr) = sb.run(&a, &["save", "kept", "--done", "more"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("checkpoint.autoSync"), "{stderr}");
    sb.git(&a, &["config", "--unset", "checkpoint.autoSync"]);
    let v = sb.json(&a, &["resume", "kept", "--json"]);
    assert_eq!(v["revision"], 1, "nothing was written: {v}");
}

/// Shell loop in `dir`: `times` runs of `git-checkpoint <args>` (`{i}` replaced by the run
/// number). A failed run stops the loop, unless `go_on`: then the loop carries on and the
/// failure shows only in stderr. Returns the running child.
fn looped(sb: &Sandbox, dir: &Path, times: usize, args: &str, go_on: bool) -> std::process::Child {
    let mut cmd = std::process::Command::new("bash");
    sb.env(&mut cmd);
    let script = format!(
        "for i in $(seq 1 {times}); do \"$0\" {args} || {on_failure}; done",
        args = args.replace("{i}", "$i"),
        on_failure = if go_on { "true" } else { "exit 1" }
    );
    cmd.current_dir(dir)
        .arg("-c")
        .arg(script)
        .arg(assert_cmd::cargo::cargo_bin("git-checkpoint"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn saves_running_while_sync_runs_lose_nothing() {
    let (sb, origin, a, b) = two_clones();
    save_and_push(&sb, &a, &["shared", "--title", "Shared"]);
    sb.ok(&b, &["sync"]);
    // In A: two writers on the shared story, one on a story of its own, and sync in a loop.
    // In B at the same time: saves on the shared story and syncs, so A's syncs keep finding
    // diverged histories to merge while A's writers move the same ref.
    // Every save must succeed. A sync may give up after its bounded retries when the other
    // clone pushed in between every time (it says so and exits 1); nothing else may go wrong.
    let saves = vec![
        looped(&sb, &a, 15, "save shared -m \"A1 save {i}\"", false),
        looped(&sb, &a, 15, "save shared -m \"A2 save {i}\"", false),
        looped(&sb, &a, 15, "save solo -m \"A3 save {i}\"", false),
        looped(&sb, &b, 10, "save shared -m \"B save {i}\"", false),
    ];
    let syncs = vec![
        looped(&sb, &a, 12, "sync", true),
        looped(&sb, &b, 5, "sync", true),
    ];
    for child in saves {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for child in syncs {
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let failed: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error")).collect();
        for line in &failed {
            assert!(
                line.contains("rejected") && line.contains("attempts"),
                "{stderr}"
            );
        }
        eprintln!("a sync loop gave up {} times", failed.len());
    }
    // Settle: A, B, then A again, so both clones and the remote hold everything.
    sb.ok(&a, &["sync"]);
    sb.ok(&b, &["sync"]);
    sb.ok(&a, &["sync"]);
    let mut expected: Vec<String> = (1..=15)
        .flat_map(|i| [format!("A1 save {i}"), format!("A2 save {i}")])
        .chain((1..=10).map(|i| format!("B save {i}")))
        .collect();
    expected.sort();
    let solo: Vec<String> = (1..=15).map(|i| format!("A3 save {i}")).collect();
    for dir in [&a, &b, &origin] {
        let subjects = |r: &str| -> Vec<String> {
            let mut s: Vec<String> = sb
                .git(dir, &["log", "--no-merges", "--format=%s", r])
                .lines()
                .filter(|l| l.contains(" save "))
                .map(String::from)
                .collect();
            s.sort();
            s
        };
        assert_eq!(subjects("refs/checkpoints/shared"), expected, "{dir:?}");
        let mut got = subjects("refs/checkpoints/solo");
        let mut want = solo.clone();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{dir:?}");
        sb.git(dir, &["fsck", "--strict", "--no-dangling"]);
    }
    assert_eq!(
        tip(&sb, &a, "refs/checkpoints/shared"),
        tip(&sb, &origin, "refs/checkpoints/shared")
    );
}

#[test]
fn many_diverged_stories_integrate_through_one_pack() {
    let (sb, origin, a, b) = two_clones();
    // 30 merges write 120 objects: over git's unpack limit (100), so they go into one pack.
    let stories: Vec<String> = (1..=30).map(|i| format!("s{i}")).collect();
    for s in &stories {
        sb.ok(&a, &["save", s, "--todo", "T1 — first", "--next", "start"]);
    }
    sb.ok(&a, &["push", "--all"]);
    sb.ok(&b, &["fetch"]);
    for s in &stories {
        sb.ok(&a, &["save", s, "--done", "T1", "-m", &format!("A on {s}")]);
        sb.ok(
            &b,
            &[
                "save",
                s,
                "--todo",
                "T2 — from B",
                "-m",
                &format!("B on {s}"),
            ],
        );
    }
    sb.ok(&a, &["push", "--all"]);
    let v = sb.json(&b, &["sync", "--json"]);
    let merged = v["integrated"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["action"] == "merged" && o["story"] != "refs/notes/checkpoints")
        .count();
    assert_eq!(merged, 30, "{v}");
    // The merge commits are in a pack, not loose, and no .keep file is left behind.
    for s in &stories {
        let merge = tip(&sb, &b, &format!("refs/checkpoints/{s}"));
        let loose = b.join(".git/objects").join(&merge[..2]).join(&merge[2..]);
        assert!(!loose.exists(), "{s}: {merge} is loose");
    }
    let keep: Vec<_> = std::fs::read_dir(b.join(".git/objects/pack"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".keep"))
        .collect();
    assert!(keep.is_empty(), "{keep:?}");
    sb.git(&b, &["fsck", "--strict", "--no-dangling"]);
    for s in &stories {
        let r = format!("refs/checkpoints/{s}");
        let messages = sb.git(&origin, &["log", "--format=%s", &r]);
        assert!(
            messages.contains(&format!("A on {s}")) && messages.contains(&format!("B on {s}")),
            "{s}: {messages}"
        );
        assert_eq!(tip(&sb, &b, &r), tip(&sb, &origin, &r));
    }
    let v = sb.json(&b, &["resume", "s30", "--json"]);
    assert_eq!(v["tasks_done"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["tasks_remaining"].as_array().unwrap().len(), 1, "{v}");
}

#[test]
fn push_and_sync_run_the_users_pre_push_hook_and_no_verify_skips_it() {
    let (sb, origin, a, _b) = two_clones();
    sb.ok(&a, &["save", "s1", "-q", "--title", "Hooked"]);
    // The organisation's scanner, as a pre-push hook that refuses everything.
    let log = sb.path("pre-push.log");
    let hook = a.join(".git/hooks/pre-push");
    std::fs::write(
        &hook,
        format!(
            "#!/bin/sh\ncat >> '{}'\necho 'scanner: refused' >&2\nexit 1\n",
            log.display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let (code, _, err) = sb.run(&a, &["push", "origin", "s1"]);
    assert_ne!(code, 0);
    assert!(err.contains("scanner: refused"), "{err}");
    let seen = std::fs::read_to_string(&log).unwrap();
    assert!(
        seen.contains("refs/checkpoints/s1"),
        "the hook saw the refs: {seen}"
    );
    assert_eq!(sb.git(&origin, &["for-each-ref", "refs/checkpoints"]), "");
    let (code, _, _) = sb.run(&a, &["sync"]);
    assert_ne!(code, 0, "sync pushes through the hook too");
    assert_eq!(sb.git(&origin, &["for-each-ref", "refs/checkpoints"]), "");
    sb.ok(&a, &["push", "origin", "s1", "-q", "--no-verify"]);
    assert!(sb
        .git(&origin, &["for-each-ref", "refs/checkpoints"])
        .contains("refs/checkpoints/s1"));
    sb.ok(&a, &["sync", "-q", "--no-verify"]);
}

#[test]
fn a_push_with_nothing_new_runs_no_git_push_and_says_so() {
    let (sb, origin, a, b) = two_clones();
    save_and_push(&sb, &a, &["s1", "-q", "--next", "one"]);
    save_and_push(&sb, &a, &["s2", "-q", "--next", "two"]);
    // A pre-push hook that records each `git push` it sees and lets it through.
    let log = sb.path("pushes.log");
    let hook = a.join(".git/hooks/pre-push");
    std::fs::write(
        &hook,
        format!("#!/bin/sh\necho push >> '{}'\n", log.display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    // Every ref holds what the remote has: nothing is sent, git is not asked to list them all.
    for args in [&["push"][..], &["push", "origin", "s1"]] {
        let out = sb.ok(&a, args);
        assert_eq!(out.trim(), "nothing to push", "{args:?}: {out}");
    }
    let out = sb.ok(&a, &["sync"]);
    assert_eq!(
        out.lines().last(),
        Some("nothing to push to origin"),
        "{out}"
    );
    let json = sb.json(&a, &["push", "--json"]);
    assert_eq!(json["pushed"], serde_json::json!([]), "{json}");
    assert!(!log.exists(), "no git push ran");
    // A teammate moved s1 on the remote since A last fetched: A still has nothing to send and
    // leaves it alone; its next fetch brings it.
    sb.git(
        &b,
        &[
            "fetch",
            "-q",
            "origin",
            "+refs/checkpoints/*:refs/checkpoints/*",
        ],
    );
    save_and_push(&sb, &b, &["s1", "-q", "--next", "moved by B"]);
    assert_eq!(sb.ok(&a, &["push"]).trim(), "nothing to push");
    assert_eq!(
        tip(&sb, &origin, "refs/checkpoints/s1"),
        tip(&sb, &b, "refs/checkpoints/s1")
    );
    sb.ok(&a, &["fetch", "-q"]);
    assert!(sb.ok(&a, &["resume", "s1"]).contains("moved by B"));
    // New work is pushed through git as always.
    sb.ok(&a, &["save", "s2", "-q", "--next", "three"]);
    let out = sb.ok(&a, &["push"]);
    assert!(out.contains("refs/checkpoints/s2"), "{out}");
    assert_eq!(
        tip(&sb, &origin, "refs/checkpoints/s2"),
        tip(&sb, &a, "refs/checkpoints/s2")
    );
    assert!(std::fs::read_to_string(&log).unwrap().contains("push"));
}

#[test]
fn a_remote_name_that_reads_as_an_option_is_refused() {
    let (sb, origin, a, _b) = two_clones();
    sb.ok(&a, &["save", "s1", "-q", "--title", "Named"]);
    sb.git(
        &a,
        &[
            "config",
            "remote.--upload-pack=touch pwned.url",
            origin.to_str().unwrap(),
        ],
    );
    sb.git(&a, &["config", "remote.-x.url", origin.to_str().unwrap()]);
    for args in [
        &["push", "--", "-x"][..],
        &["fetch", "--", "-x"],
        &["sync", "--", "--upload-pack=touch pwned"],
    ] {
        let (code, _, err) = sb.run(&a, args);
        assert_ne!(code, 0, "{args:?}");
        assert!(
            err.contains("is not a valid remote name"),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    sb.git(&a, &["config", "checkpoint.remote", "-x"]);
    sb.git(&a, &["config", "--unset", "branch.main.remote"]);
    let (code, _, err) = sb.run(&a, &["push"]);
    assert_ne!(code, 0);
    assert!(err.contains("'-x' is not a valid remote name"), "{err}");
    assert!(!a.join("pwned").exists());
    assert_eq!(sb.git(&origin, &["for-each-ref", "refs/checkpoints"]), "");
}

/// Runs every command that reads or writes checkpoints in `repo` (a clone of `origin` on
/// `main`, whose origin already holds story `shared` with 2 revisions), asserting each
/// succeeds and what a user would check: save, resume, list, log, diff, stack push/pop, the
/// notes lookup (`at`), push, fetch, sync, done.
fn every_command_works_in(sb: &Sandbox, repo: &Path, what: &str) {
    sb.ok(repo, &["fetch", "-q"]);
    let v = sb.json(repo, &["resume", "shared", "--json"]);
    assert_eq!(v["revision"], 2, "{what}: {v}");
    assert_eq!(v["next_action"], "ship it", "{what}");
    sb.ok(
        repo,
        &["save", "shared", "-q", "--done", "T1", "--next", "tag it"],
    );
    sb.ok(
        repo,
        &["save", "local", "-q", "--title", "Here", "--todo", "T1 — x"],
    );
    let list = sb.ok(repo, &["list"]);
    assert!(
        list.contains("shared") && list.contains("local"),
        "{what}: {list}"
    );
    let log = sb.ok(repo, &["log", "shared"]);
    assert!(
        log.contains("revision 3") && log.contains("revision 1"),
        "{what}: {log}"
    );
    let diff = sb.ok(repo, &["diff", "shared", "2", "3"]);
    assert!(diff.contains("T1"), "{what}: {diff}");
    sb.ok(
        repo,
        &["stack", "push", "local", "--reason", "interrupt", "-q"],
    );
    sb.ok(repo, &["stack", "pop", "-q"]);
    let head = sb.git(repo, &["rev-parse", "HEAD"]);
    let at = sb.json(repo, &["at", head.trim(), "--json"]);
    assert!(
        at["checkpoints"].to_string().contains("shared"),
        "{what}: {at}"
    );
    sb.ok(repo, &["push", "-q"]);
    sb.ok(repo, &["sync", "-q"]);
    sb.ok(repo, &["done", "local", "--force", "-q"]);
    sb.ok(repo, &["push", "-q"]);
    sb.git(repo, &["fsck", "--no-dangling"]);
}

/// A bare origin (`o.git`, object format `format`) holding story `shared` (2 revisions, next
/// action "ship it") pushed from the clone `seed-clone`; serves filters to partial clones.
fn origin_with_a_story(sb: &Sandbox, format: &str) -> PathBuf {
    origin_with_a_story_in(sb, format, "files")
}

/// [`origin_with_a_story`] with the bare origin's refs in `ref_format` (`files`, `reftable`).
fn origin_with_a_story_in(sb: &Sandbox, format: &str, ref_format: &str) -> PathBuf {
    let seed = sb.path("seed");
    std::fs::create_dir_all(&seed).unwrap();
    sb.git(
        &seed,
        &[
            "init",
            "-q",
            "-b",
            "main",
            &format!("--object-format={format}"),
        ],
    );
    std::fs::write(seed.join("README.md"), "# project\n").unwrap();
    sb.git(&seed, &["add", "."]);
    sb.git(&seed, &["commit", "-q", "-m", "initial"]);
    let top = sb.path("");
    let ref_format = format!("--ref-format={ref_format}");
    sb.git(
        &top,
        &[
            "clone",
            "-q",
            "--bare",
            &ref_format,
            seed.to_str().unwrap(),
            "o.git",
        ],
    );
    let origin = sb.path("o.git");
    sb.git(&origin, &["config", "uploadpack.allowFilter", "true"]);
    sb.git(&top, &["clone", "-q", "o.git", "seed-clone"]);
    let c = sb.path("seed-clone");
    sb.ok(
        &c,
        &[
            "save", "shared", "-q", "--title", "Shared", "--todo", "T1 — a",
        ],
    );
    sb.ok(&c, &["save", "shared", "-q", "--next", "ship it"]);
    sb.ok(&c, &["push", "-q"]);
    origin
}

#[test]
fn every_command_works_in_sha256_partial_and_shallow_clones() {
    for (format, clone, what) in [
        ("sha256", &[][..], "SHA-256 clone"),
        (
            "sha1",
            &["--filter=blob:none"][..],
            "--filter=blob:none clone",
        ),
        ("sha1", &["--depth", "1"][..], "--depth 1 clone"),
    ] {
        let sb = Sandbox::new();
        let origin = origin_with_a_story(&sb, format);
        let url = format!("file://{}", origin.display());
        let mut args = vec!["clone", "-q"];
        args.extend(clone);
        args.extend([url.as_str(), "c"]);
        sb.git(&sb.path(""), &args);
        let c = sb.path("c");
        let shown = sb.git(&c, &["rev-parse", "--show-object-format"]);
        assert_eq!(shown.trim(), format, "{what}");
        match clone.first() {
            Some(&"--depth") => assert!(c.join(".git/shallow").exists(), "{what}"),
            Some(_) => assert_eq!(
                sb.git(&c, &["config", "remote.origin.promisor"]).trim(),
                "true"
            ),
            None => {}
        }
        every_command_works_in(&sb, &c, what);
    }
}

/// Git 3.0 makes reftable the default: every command works in a reftable clone, against a
/// files-backend and a reftable bare remote alike, and git itself sees every ref we write
/// (`git for-each-ref`, `git log`), in both repositories; nothing is left as loose ref files
/// git would not read. The files-backend clone runs the same flow as the control.
#[test]
fn every_command_works_in_reftable_and_files_repositories() {
    for (clone_format, remote_format) in [
        ("files", "files"),
        ("reftable", "files"),
        ("reftable", "reftable"),
        ("files", "reftable"),
    ] {
        let what = format!("{clone_format} clone of a {remote_format} remote");
        let sb = Sandbox::new();
        let origin = origin_with_a_story_in(&sb, "sha1", remote_format);
        let top = sb.path("");
        let url = format!("file://{}", origin.display());
        let format = format!("--ref-format={clone_format}");
        sb.git(&top, &["clone", "-q", &format, &url, "c"]);
        let c = sb.path("c");
        for (dir, want) in [(&c, clone_format), (&origin, remote_format)] {
            let shown = sb.git(dir, &["rev-parse", "--show-ref-format"]);
            assert_eq!(shown.trim(), want, "{what}");
        }
        every_command_works_in(&sb, &c, &what);

        // git sees our refs: the story, the notes index, the archive of `done local`.
        let refs = sb.git(&c, &["for-each-ref", "--format=%(refname)"]);
        for r in [
            "refs/checkpoints/shared",
            "refs/checkpoints-archive/local",
            "refs/notes/checkpoints",
            "refs/remotes/origin/checkpoints/shared",
        ] {
            assert!(refs.lines().any(|l| l == r), "{what}: {r} in {refs}");
        }
        assert!(
            !refs.lines().any(|l| l == "refs/checkpoints/local"),
            "{what}: {refs}"
        );
        let log = sb.git(
            &c,
            &[
                "log",
                "--format=%(trailers:key=Checkpoint-Revision,valueonly)",
                "refs/checkpoints/shared",
            ],
        );
        let revisions: Vec<&str> = log.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(revisions, ["3", "2", "1"], "{what}: {log}");
        let reflog = sb.git(
            &c,
            &["reflog", "show", "--format=%gs", "refs/checkpoints/shared"],
        );
        assert!(reflog.contains("checkpoint: save"), "{what}: {reflog}");
        // And the remote holds what was pushed, as git reads it there.
        let ours = sb.git(&c, &["rev-parse", "refs/checkpoints/shared"]);
        let theirs = sb.git(&origin, &["rev-parse", "refs/checkpoints/shared"]);
        assert_eq!(ours, theirs, "{what}");
        let remote_refs = sb.git(&origin, &["for-each-ref", "--format=%(refname)"]);
        assert!(
            remote_refs.contains("refs/checkpoints-archive/local")
                && remote_refs.contains("refs/notes/checkpoints"),
            "{what}: {remote_refs}"
        );
        if clone_format == "reftable" {
            // Nothing written where only gix would read it.
            assert!(!c.join(".git/refs/checkpoints").exists(), "{what}");
            assert!(!c.join(".git/refs/notes").exists(), "{what}");
            assert!(!c.join(".git/logs").exists(), "{what}");
        }

        // A second clone (in the remote's format) sees it through sync, and diverged saves
        // of the two meet again.
        let other = format!("--ref-format={remote_format}");
        sb.git(&top, &["clone", "-q", &other, &url, "d"]);
        let d = sb.path("d");
        sb.ok(&d, &["sync", "-q"]);
        let v = sb.json(&d, &["resume", "shared", "--json"]);
        assert_eq!(v["revision"], 3, "{what}: {v}");
        sb.ok(&d, &["save", "shared", "-q", "--next", "from d"]);
        sb.ok(&d, &["push", "-q"]);
        sb.ok(&c, &["save", "shared", "-q", "--decision", "diverged in c"]);
        sb.ok(&c, &["sync", "-q"]);
        let v = sb.json(&c, &["resume", "shared", "--json"]);
        assert_eq!(v["next_action"], "from d", "{what}: {v}");
        assert!(v.to_string().contains("diverged in c"), "{what}: {v}");
        assert_eq!(
            sb.git(&c, &["rev-parse", "refs/checkpoints/shared"]),
            sb.git(&origin, &["rev-parse", "refs/checkpoints/shared"]),
            "{what}"
        );
        sb.git(&c, &["fsck", "--no-dangling"]);
    }
}

/// In a `--filter=blob:none` clone, a plain `git fetch` (with the refspecs `setup` adds)
/// brings a teammate's checkpoint commits and trees but not their blobs (and in a
/// `--filter=tree:0` clone not their trees either); reading them fetches what is missing from
/// the promisor remote, as git does, instead of failing.
#[test]
fn a_partial_clone_reads_the_objects_a_plain_git_fetch_left_behind() {
    for filter in ["blob:none", "tree:0"] {
        a_partial_clone_reads_what_a_plain_git_fetch_left_behind(filter);
    }
}

fn a_partial_clone_reads_what_a_plain_git_fetch_left_behind(filter: &str) {
    let sb = Sandbox::new();
    let origin = origin_with_a_story(&sb, "sha1");
    let url = format!("file://{}", origin.display());
    let filter_arg = format!("--filter={filter}");
    sb.git(&sb.path(""), &["clone", "-q", &filter_arg, &url, "c"]);
    let c = sb.path("c");
    sb.ok(&c, &["setup", "-q"]);
    let teammate = sb.path("seed-clone");
    sb.ok(
        &teammate,
        &["save", "shared", "-q", "--next", "from the teammate"],
    );
    sb.ok(&teammate, &["push", "-q"]);
    sb.git(&c, &["fetch", "-q"]);
    let tracking = "refs/remotes/origin/checkpoints/shared";
    let missing = |sb: &Sandbox| {
        let objects = sb.git(&c, &["rev-list", "--objects", "--missing=print", tracking]);
        objects.lines().filter(|l| l.starts_with('?')).count()
    };
    // 3 revisions x (checkpoint.md, meta.json), less what the blobs share.
    assert!(
        missing(&sb) >= 3,
        "{filter}: the fetch left no object behind"
    );

    let v = sb.json(&c, &["resume", "origin/shared", "--json"]);
    assert_eq!(v["revision"], 3, "{filter}: {v}");
    assert_eq!(v["next_action"], "from the teammate", "{filter}: {v}");
    let log = sb.ok(&c, &["log", "origin/shared"]);
    assert!(
        log.contains("revision 3") && log.contains("revision 1"),
        "{log}"
    );
    let diff = sb.ok(&c, &["diff", "origin/shared", "2", "3"]);
    assert!(diff.contains("from the teammate"), "{diff}");
    sb.ok(&c, &["sync", "-q"]);
    let v = sb.json(&c, &["resume", "shared", "--json"]);
    assert_eq!(v["revision"], 3, "{filter}: {v}");
    // The notes index the sync took over (its trees, in a tree:0 clone) is read and extended.
    sb.ok(&c, &["save", "shared", "-q", "--next", "from c"]);
    let head = sb.git(&c, &["rev-parse", "HEAD"]);
    let at = sb.json(&c, &["at", head.trim(), "--json"]);
    assert!(at.to_string().contains("from c"), "{filter}: {at}");
    sb.git(&c, &["fsck", "--no-dangling"]);
}

#[test]
fn a_diverged_merge_of_two_large_todo_lists_keeps_every_item() {
    let (sb, _origin, a, b) = two_clones();
    sb.ok(&a, &["save", "big", "-q", "--title", "Big"]);
    sb.ok(&a, &["push", "-q"]);
    sb.ok(&b, &["fetch", "-q"]);
    // Each side adds 5,000 todos of its own: the merge must be linear to stay quick (the
    // closing note measures 2 x 20,000 with the release binary).
    for (dir, side) in [(&a, 'A'), (&b, 'B')] {
        let mut doc = String::from("# Checkpoint: big — Big\n\n## 1. Story\n**ID:** big\n**Title:** Big\n\n## 5. Remaining Todos\n");
        for i in 0..5000 {
            doc.push_str(&format!("- [ ] {side}{i} item\n"));
        }
        let file = sb.file(&format!("{side}.md"), doc.as_bytes());
        sb.ok(dir, &["save", "big", "-q", "-F", file.to_str().unwrap()]);
    }
    sb.ok(&a, &["push", "-q"]);
    sb.ok(&b, &["sync", "-q"]);
    let v = sb.json(&b, &["resume", "big", "--json"]);
    assert_eq!(v["tasks_remaining"].as_array().unwrap().len(), 10_000);
    assert_eq!(v["revision"], 3);
}

/// Two teammates' documents, each within `checkpoint.maxSize`, can merge into one above it.
/// The merge is still written (up to `checkpoint.maxReadSize`): sync succeeds, both sides'
/// items are kept, and the outcome names the size and the fix as a conflict. Before, the
/// merge failed with "larger than the limit", which aborted the whole fetch for every story
/// and left this one diverged on every sync. The next save has to fit `maxSize` again.
#[test]
fn a_merge_over_max_size_is_written_and_flagged_not_refused() {
    let (sb, _origin, a, b) = two_clones();
    save_and_push(&sb, &a, &["big", "-q", "--title", "Big"]);
    sb.ok(&b, &["fetch", "-q"]);
    save_and_push(&sb, &b, &["small", "-q", "--title", "Small"]);
    let n = 15_000;
    for (dir, side) in [(&a, 'a'), (&b, 'b')] {
        let mut doc =
            String::from("# Big\n\n## Story\nbig\n\n## Next action\ngo on\n\n## Remaining todos\n");
        for i in 0..n {
            doc.push_str(&format!("- [ ] {side} item {i} with padding text\n"));
        }
        assert!(doc.len() < 1 << 20 && 2 * doc.len() > 1 << 20);
        let file = sb.file(&format!("{side}.md"), doc.as_bytes());
        sb.ok(dir, &["save", "big", "-q", "-F", file.to_str().unwrap()]);
    }
    sb.ok(&a, &["push", "-q"]);
    let v = sb.json(&b, &["sync", "--json"]);
    let big = find_by(&v["integrated"], "story", "big");
    assert_eq!(big["action"], "merged", "{big}");
    let conflicts = strings(&big["conflicts"]).join("\n");
    assert!(
        conflicts.contains("over checkpoint.maxSize (1048576 bytes)")
            && conflicts.contains("git checkpoint save big -F"),
        "{conflicts}"
    );
    let r = sb.json(&b, &["resume", "big", "--json"]);
    assert_eq!(r["tasks_remaining"].as_array().unwrap().len(), 2 * n);
    sb.ok(&a, &["fetch", "-q"]);
    let r = sb.json(&a, &["resume", "big", "--json"]);
    assert_eq!(r["tasks_remaining"].as_array().unwrap().len(), 2 * n);
    sb.fails(
        &b,
        &["save", "big", "--next", "trim it"],
        &["checkpoint.maxSize"],
    );
    let short = sb.file(
        "short.md",
        b"# Big\n\n## Story\nbig\n\n## Next action\ntrimmed\n",
    );
    sb.ok(&b, &["save", "big", "-q", "-F", short.to_str().unwrap()]);
}

/// After a plain `git fetch` (set up by `setup`), a save integrates the fetched story but adds
/// its note to a notes ref behind the remote's: the first push is rejected for the notes only,
/// and the retry lists the story, which the first attempt landed, as up to date. The report
/// says what the push did.
#[test]
fn a_story_pushed_while_the_notes_ref_was_retried_is_reported_as_pushed() {
    let (sb, origin, a, b) = two_clones();
    for dir in [&a, &b] {
        sb.ok(dir, &["setup", "-q"]);
    }
    save_and_push(&sb, &a, &["42", "--next", "a"]);
    sb.git(&b, &["fetch", "-q"]);
    sb.ok(&b, &["save", "42", "-q", "--next", "b"]);
    let out = sb.ok(&b, &["push"]);
    let line = out
        .lines()
        .find(|l| l.contains("refs/checkpoints/42"))
        .unwrap_or_else(|| panic!("no line for the story: {out}"));
    assert!(
        line.starts_with("  refs/checkpoints/42") && line.contains(".."),
        "the story's line says it moved: {out}"
    );
    assert!(!out.contains("[up to date]"), "{out}");
    assert_eq!(
        tip(&sb, &origin, "refs/checkpoints/42"),
        tip(&sb, &b, "refs/checkpoints/42")
    );
}

/// `fetch origin <story>` fetches and integrates that story only (its active and archived refs
/// and the notes), not a story whose id starts with the same characters, nor any other; a
/// story the remote lacks is no error.
#[test]
fn fetch_of_one_story_brings_that_story_only() {
    let (sb, _, a, b) = two_clones();
    for s in ["s1", "s10", "other"] {
        save_and_push(&sb, &a, &[s, "--todo", &format!("from A on {s}")]);
    }
    sb.ok(&a, &["done", "other", "--force"]);
    sb.ok(&a, &["push", "origin"]);
    sb.ok(&b, &["fetch", "origin", "s1"]);
    let refs = sb.git(&b, &["for-each-ref", "--format=%(refname)"]);
    assert!(refs.contains("refs/checkpoints/s1\n"), "{refs}");
    assert!(
        refs.contains("refs/remotes/origin/checkpoints/s1\n"),
        "{refs}"
    );
    assert!(refs.contains("refs/notes/checkpoints\n"), "{refs}");
    for absent in ["s10", "other"] {
        assert!(!refs.contains(absent), "{absent} came too:\n{refs}");
    }
    let v = sb.json(&b, &["resume", "s1", "--json"]);
    assert_eq!(v["tasks_remaining"][0], "from A on s1");
    // An archived story comes as its archive; one nobody has is no error.
    sb.ok(&b, &["fetch", "origin", "other", "nobody"]);
    let refs = sb.git(&b, &["for-each-ref", "--format=%(refname)"]);
    assert!(refs.contains("refs/checkpoints-archive/other\n"), "{refs}");
    assert!(!refs.contains("refs/checkpoints/other\n"), "{refs}");
    assert!(!refs.contains("s10"), "{refs}");
    // A diverged story is merged, as by a fetch of everything.
    sb.ok(&a, &["save", "s1", "--todo", "again from A"]);
    sb.ok(&a, &["push", "origin", "s1"]);
    sb.ok(&b, &["save", "s1", "--todo", "from B"]);
    sb.cp(&b)
        .args(["fetch", "origin", "s1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("merged"));
    let v = sb.json(&b, &["resume", "s1", "--json"]);
    let todos = v["tasks_remaining"].as_array().unwrap();
    assert!(
        todos.contains(&"again from A".into()) && todos.contains(&"from B".into()),
        "{todos:?}"
    );
}

/// `fetch origin 42` asks the remote for story 42's refs only: with protocol v2 the remote
/// lists the refs under `refs/<namespace>/42` (`ref-prefix`), not every story it holds, which
/// at 100,000 stories made the fetch cost up to 1.7x a plain `git fetch` of the story's ref.
/// Stories whose id starts with 42 get no remote-tracking ref, namespaces the remote lacks for
/// the story fail nothing, and a claim or archive ref the remote deleted goes from the
/// remote-tracking refs. Before, the remote's listing (GIT_TRACE_PACKET) held every story.
#[test]
fn fetch_of_one_story_lists_only_that_story_on_the_remote_and_prunes_what_it_deleted() {
    let (sb, origin, a, b) = two_clones();
    for s in ["42", "420", "4200", "7"] {
        save_and_push(&sb, &a, &[s, "--todo", &format!("from A on {s}")]);
    }
    sb.ok(&a, &["done", "7", "--force"]);
    sb.ok(&a, &["push", "origin"]);
    let tip42 = tip(&sb, &a, "refs/checkpoints/42");
    sb.git(
        &origin,
        &["update-ref", "refs/checkpoints-claims/42", &tip42],
    );
    let trace = sb.path("packets.trace");
    sb.ok_with_env(
        &b,
        &["fetch", "origin", "42"],
        &[("GIT_TRACE_PACKET", trace.to_str().unwrap())],
    );
    let trace = std::fs::read_to_string(&trace).unwrap();
    assert!(
        trace.contains("ref-prefix refs/checkpoints/42\n")
            && trace.contains("ref-prefix refs/checkpoints-claims/42\n"),
        "{trace}"
    );
    assert!(
        !trace.contains("refs/checkpoints-archive/7"),
        "the remote listed another story:\n{trace}"
    );
    let refs = sb.git(&b, &["for-each-ref", "--format=%(refname)"]);
    for present in [
        "refs/checkpoints/42\n",
        "refs/remotes/origin/checkpoints/42\n",
        "refs/remotes/origin/checkpoints-claims/42\n",
        "refs/notes/checkpoints\n",
    ] {
        assert!(refs.contains(present), "{present} missing:\n{refs}");
    }
    assert!(!refs.contains("420"), "420 or 4200 came too:\n{refs}");
    sb.ok(&b, &["fetch", "origin", "7"]);
    let refs = sb.git(&b, &["for-each-ref", "--format=%(refname)"]);
    assert!(
        refs.contains("refs/remotes/origin/checkpoints-archive/7\n"),
        "{refs}"
    );
    // The remote drops 42's claim and 7's archive: both go from the remote-tracking refs.
    sb.git(&origin, &["update-ref", "-d", "refs/checkpoints-claims/42"]);
    sb.git(&origin, &["update-ref", "-d", "refs/checkpoints-archive/7"]);
    sb.ok(&b, &["fetch", "origin", "42", "7"]);
    let refs = sb.git(&b, &["for-each-ref", "--format=%(refname)"]);
    assert!(
        !refs.contains("refs/remotes/origin/checkpoints-claims/42"),
        "{refs}"
    );
    assert!(
        !refs.contains("refs/remotes/origin/checkpoints-archive/7"),
        "{refs}"
    );
    assert!(
        refs.contains("refs/remotes/origin/checkpoints/42\n"),
        "{refs}"
    );
    assert!(!refs.contains("420"), "{refs}");
}

/// A fetch that brings many stories leaves their refs packed (`git pack-refs --auto` limited
/// to our namespaces), so later listings do not read one file per ref; a loose ref of the
/// user's (a branch) stays loose. Before, every fetched story left two loose ref files.
#[test]
fn a_big_fetch_packs_our_refs_and_no_other() {
    let (sb, _, a, b) = two_clones();
    sb.ok(&a, &["save", "s0", "--todo", "first"]);
    let tip = tip(&sb, &a, "refs/checkpoints/s0");
    let script: String = (1..=150)
        .map(|i| format!("create refs/checkpoints/s{i} {tip}\n"))
        .collect();
    sb.git_input(&a, &["update-ref", "--stdin"], &script);
    sb.ok(&a, &["push", "origin"]);
    sb.git(&b, &["branch", "mine"]);
    sb.ok(&b, &["fetch", "origin"]);
    let git_dir = b.join(".git");
    let loose = |dir: &str| {
        let d = git_dir.join(dir);
        std::fs::read_dir(&d).map(|r| r.count()).unwrap_or(0)
    };
    assert_eq!(loose("refs/checkpoints"), 0, "local story refs left loose");
    assert_eq!(
        loose("refs/remotes/origin/checkpoints"),
        0,
        "remote-tracking refs left loose"
    );
    assert!(
        git_dir.join("refs/heads/mine").is_file(),
        "the branch was packed"
    );
    let packed = std::fs::read_to_string(git_dir.join("packed-refs")).unwrap();
    assert!(packed.contains("refs/checkpoints/s150\n"), "{packed}");
    assert!(!packed.contains("refs/heads/mine"), "{packed}");
    // The file is git's format (gitrepository-layout(5), git's refs/packed-backend.c): the
    // header git writes, then one `<id> <name>` record per line, sorted, with no name twice.
    let mut lines = packed.lines();
    assert_eq!(
        lines.next(),
        Some("# pack-refs with: peeled fully-peeled sorted ")
    );
    let names: Vec<&str> = lines
        .filter(|l| !l.starts_with('^'))
        .map(|l| {
            let (id, name) = l.split_once(' ').expect("a record");
            assert!(
                id.len() == 40 && id.bytes().all(|b| b.is_ascii_hexdigit()),
                "{l}"
            );
            name
        })
        .collect();
    assert!(
        names.windows(2).all(|w| w[0] < w[1]),
        "not sorted: {packed}"
    );
    assert!(packed.ends_with('\n'));
    for prefix in ["refs/checkpoints/", "refs/remotes/origin/checkpoints/"] {
        let n = names.iter().filter(|n| n.starts_with(prefix)).count();
        assert_eq!(n, 151, "{prefix}: {packed}");
    }
    assert_eq!(sb.ok(&b, &["list", "--all"]).lines().count(), 151);
}

/// In `dir`, a child of `base` (a checkpoint commit) whose document's next action reads
/// `next`, for each of `stories`, each story's ref moved to it.
fn diverge(sb: &Sandbox, dir: &Path, base: &str, stories: &[String], next: &str) {
    let doc = sb.git(dir, &["cat-file", "blob", &format!("{base}:checkpoint.md")]);
    assert!(doc.contains("base action"), "{doc}");
    let blob = sb.git_input(
        dir,
        &["hash-object", "-w", "--stdin"],
        &doc.replace("base action", next),
    );
    let listing = sb.git(dir, &["ls-tree", base]);
    let tree_of = |blob: &str| {
        let lines: String = listing
            .lines()
            .map(|l| match l.strip_suffix("\tcheckpoint.md") {
                Some(_) => format!("100644 blob {}\tcheckpoint.md\n", blob.trim()),
                None => format!("{l}\n"),
            })
            .collect();
        sb.git_input(dir, &["mktree"], &lines)
    };
    let tree = tree_of(&blob);
    let message = sb.git(dir, &["log", "-1", "--format=%B", base]);
    let commit = sb.git_input(
        dir,
        &["commit-tree", tree.trim(), "-p", base, "-F", "-"],
        &message,
    );
    let script: String = stories
        .iter()
        .map(|s| format!("update refs/checkpoints/{s} {}\n", commit.trim()))
        .collect();
    sb.git_input(dir, &["update-ref", "--stdin"], &script);
}

/// A sync of many diverged stories (more than one planning thread's share, more than one ref
/// transaction's worth of loose files) merges every one, each merge keeping both sides'
/// next action, pushes them all, and leaves no loose ref file of ours behind: the local refs
/// and the remote-tracking refs are written into `packed-refs`, which git reads (`fsck`,
/// `for-each-ref`, `ls-remote` agree).
#[test]
fn a_sync_of_many_diverged_stories_merges_each_and_leaves_them_packed() {
    let (sb, _, a, b) = two_clones();
    sb.ok(&a, &["save", "s0", "--next", "base action"]);
    let base = tip(&sb, &a, "refs/checkpoints/s0");
    let stories: Vec<String> = (0..150).map(|i| format!("s{i}")).collect();
    let script: String = stories[1..]
        .iter()
        .map(|s| format!("create refs/checkpoints/{s} {base}\n"))
        .collect();
    sb.git_input(&a, &["update-ref", "--stdin"], &script);
    sb.ok(&a, &["push", "origin"]);
    sb.ok(&b, &["fetch", "origin"]);
    diverge(&sb, &b, &base, &stories, "theirs from B");
    sb.ok(&b, &["push", "origin"]);
    diverge(&sb, &a, &base, &stories, "ours from A");
    let ours = tip(&sb, &a, "refs/checkpoints/s149");
    let theirs = tip(&sb, &b, "refs/checkpoints/s149");
    assert_ne!(ours, theirs);

    sb.ok(&a, &["sync", "origin"]);

    let listed = sb.git(
        &a,
        &[
            "for-each-ref",
            "--format=%(refname) %(objectname)",
            "refs/checkpoints/",
        ],
    );
    assert_eq!(listed.lines().count(), 150, "{listed}");
    for line in listed.lines() {
        let (name, tip) = line.split_once(' ').unwrap();
        let parents = sb.git(&a, &["rev-list", "--parents", "-n1", tip]);
        assert_eq!(
            parents.split_whitespace().skip(1).collect::<Vec<_>>(),
            [ours.as_str(), theirs.as_str()],
            "{name} is no merge of ours and theirs"
        );
        let doc = sb.git(&a, &["cat-file", "blob", &format!("{tip}:checkpoint.md")]);
        assert!(
            doc.contains("ours from A") && doc.contains("theirs from B"),
            "{name} lost a side: {doc}"
        );
    }
    let remote = sb.git(&a, &["ls-remote", "origin", "refs/checkpoints/*"]);
    for line in listed.lines() {
        let (name, tip) = line.split_once(' ').unwrap();
        assert!(
            remote.contains(&format!("{tip}\t{name}\n")),
            "{name} not pushed"
        );
        let tracking = name.replace("refs/", "refs/remotes/origin/");
        assert_eq!(
            sb.git(&a, &["rev-parse", &tracking]).trim(),
            tip,
            "{tracking}"
        );
    }
    let git_dir = a.join(".git");
    for dir in ["refs/checkpoints", "refs/remotes/origin/checkpoints"] {
        let left = std::fs::read_dir(git_dir.join(dir)).map_or(0, |r| r.count());
        assert_eq!(left, 0, "loose ref files left in {dir}");
    }
    sb.git(&a, &["fsck", "--no-dangling"]);
}
