//! No silent side wins (issue 26, item 2): when two clones saved the same story and a sync
//! merges, what cannot take both sides keeps both, with their authors, in the document: every
//! clone that resumes it sees an open conflict (a gap, `--strict` exits 3, first in the brief,
//! counted by `status`) until a save sets the value or `sync --ours`/`--theirs` takes a side.
//! Three clones of a bare repository, over `file://` and over `git daemon` on 127.0.0.1.

use crate::common::Sandbox;
use std::path::{Path, PathBuf};

const ALICE: [(&str, &str); 2] = [
    ("GIT_AUTHOR_NAME", "Alice Adams"),
    ("GIT_AUTHOR_EMAIL", "alice@example.com"),
];
const BOB: [(&str, &str); 2] = [
    ("GIT_AUTHOR_NAME", "Bob Brown"),
    ("GIT_AUTHOR_EMAIL", "bob@example.com"),
];

/// Three clones (alice, bob, carol) of the sandbox's bare `o.git` through `url`.
fn three_clones(sb: &Sandbox, url: &str) -> [PathBuf; 3] {
    ["alice", "bob", "carol"].map(|c| {
        sb.git(&sb.path(""), &["clone", "-q", url, c]);
        sb.path(c)
    })
}

fn file_url(sb: &Sandbox) -> String {
    format!("file://{}", sb.path("o.git").display())
}

/// `git-checkpoint args` in `dir` as `who`: (exit code, stdout, stderr).
fn run_as(sb: &Sandbox, dir: &Path, who: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
    let o = sb
        .cp(dir)
        .args(args)
        .envs(who.iter().copied())
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The repro of the issue: alice saves story 42 with `T1 — form` and pushes; bob saves 42 with
/// `T1 — build form again` (and another next action) without fetching, then syncs.
fn diverge(sb: &Sandbox, alice: &Path, bob: &Path) {
    let common = ["--title", "Login", "--goal", "Users sign in"];
    let mut a = vec![
        "save",
        "42",
        "--todo",
        "T1 — form",
        "--next",
        "build the form",
    ];
    a.extend(common);
    sb.ok_with_env(alice, &a, &ALICE);
    sb.ok(alice, &["push"]);
    let mut b = vec![
        "save",
        "42",
        "--todo",
        "T1 — build form again",
        "--next",
        "rebuild the form",
    ];
    b.extend(common);
    sb.ok_with_env(bob, &b, &BOB);
    let (code, out, err) = run_as(sb, bob, &BOB, &["sync"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("merged"), "{out}");
}

/// The conflict gaps of `resume 42 --json` in `dir`, as (section, field, ours, theirs) with
/// each side as (author, revision, text).
fn open_conflicts(sb: &Sandbox, dir: &Path) -> Vec<serde_json::Value> {
    let v = sb.json(dir, &["resume", "42", "--json"]);
    let details = v["gap_details"].as_array().unwrap();
    assert_eq!(details.len(), v["gaps"].as_array().unwrap().len());
    details
        .iter()
        .filter(|g| g["kind"] == "conflict")
        .cloned()
        .collect()
}

fn side(author: &str, revision: u64, text: &str) -> serde_json::Value {
    serde_json::json!({"author": author, "revision": revision, "text": text})
}

/// What every clone that reads the merge sees: both texts verbatim with their authors, as
/// gaps; `--strict` exits 3; `status` counts the conflicts; the brief lists them first.
fn assert_sees_the_conflict(sb: &Sandbox, dir: &Path) {
    let conflicts = open_conflicts(sb, dir);
    assert_eq!(conflicts.len(), 2, "{conflicts:#?}");
    let task = conflicts
        .iter()
        .find(|g| g["section"] == "Remaining Todos" && g["field"].is_null())
        .unwrap_or_else(|| panic!("no task conflict: {conflicts:#?}"));
    assert_eq!(
        task["conflict"]["ours"],
        side("Bob Brown", 1, "T1 — build form again")
    );
    assert_eq!(
        task["conflict"]["theirs"],
        side("Alice Adams", 1, "T1 — form")
    );
    let next = conflicts
        .iter()
        .find(|g| g["field"] == "Next immediate action")
        .unwrap_or_else(|| panic!("no next action conflict: {conflicts:#?}"));
    assert_eq!(next["conflict"]["ours"]["text"], "rebuild the form");
    assert_eq!(next["conflict"]["theirs"]["text"], "build the form");

    let (code, out, _) = sb.run(dir, &["resume", "42", "--strict"]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("`T1 — build form again`") && out.contains("`T1 — form`"),
        "{out}"
    );
    assert!(out.contains("has a merge conflict"), "{out}");
    assert!(out.contains("(Bob Brown, r1)") && out.contains("(Alice Adams, r1)"));

    let (_, status, _) = sb.run(dir, &["status", "42"]);
    assert!(status.contains("2 open conflicts"), "{status}");
    let status = sb.json(dir, &["status", "42", "--json"]);
    assert_eq!(status["open_conflicts"], 2);

    let brief = sb.ok(dir, &["prompt", "42"]);
    let warnings = brief
        .split("Warnings:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no warnings in the brief: {brief}"));
    let lines: Vec<&str> = warnings
        .lines()
        .take_while(|l| l.starts_with("- "))
        .collect();
    assert!(lines.len() >= 2, "{brief}");
    assert!(
        lines[0].starts_with("- open conflict:") && lines[1].starts_with("- open conflict:"),
        "conflicts are not listed first: {lines:#?}"
    );
    assert!(
        lines[..2].iter().any(|l| l.contains("`T1 — form`")),
        "{lines:#?}"
    );
}

/// What the remote holds for story 42 (its tip's document, via a fresh look at `o.git`).
fn remote_document(sb: &Sandbox) -> String {
    sb.git(
        &sb.path("o.git"),
        &["show", "refs/checkpoints/42:checkpoint.md"],
    )
}

fn strict_passes(sb: &Sandbox, dir: &Path) {
    let (code, out, err) = sb.run(dir, &["resume", "42", "--strict"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(open_conflicts(sb, dir).is_empty());
    let (_, status, _) = sb.run(dir, &["status", "42"]);
    assert!(!status.contains("open conflict"), "{status}");
}

/// The path end to end: bob's sync keeps both sides on the remote; carol, who only
/// fetches, sees the conflict; `sync --theirs` takes alice's side everywhere.
fn conflict_is_kept_then_taken(url: &str, sb: &Sandbox) {
    let [alice, bob, carol] = three_clones(sb, url);
    diverge(sb, &alice, &bob);
    // The remote holds the merge, with both texts and their authors in the document.
    let remote = remote_document(sb);
    assert!(
        remote.contains("`T1 — build form again`")
            && remote.contains("`T1 — form`")
            && remote.contains("ours (Bob Brown, r1)")
            && remote.contains("theirs (Alice Adams, r1)"),
        "{remote}"
    );
    assert_sees_the_conflict(sb, &bob);
    sb.ok(&carol, &["fetch"]);
    assert_sees_the_conflict(sb, &carol);

    // Taking a side is an explicit choice, recorded and pushed.
    let (code, out, err) = run_as(sb, &bob, &BOB, &["sync", "--theirs"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("resolved") && out.contains("took theirs in 2 conflicts"),
        "{out}"
    );
    strict_passes(sb, &bob);
    let v = sb.json(&bob, &["resume", "42", "--json"]);
    assert_eq!(v["tasks_remaining"], serde_json::json!(["T1 — form"]));
    assert_eq!(v["next_action"], "build the form");
    let remote = remote_document(sb);
    assert!(!remote.contains("[conflict"), "{remote}");
    assert!(remote.contains("- [ ] T1 — form\n"), "{remote}");
    for dir in [&alice, &carol] {
        sb.ok(dir, &["fetch"]);
        strict_passes(sb, dir);
    }
}

#[test]
fn a_merge_keeps_both_sides_until_sync_theirs_over_file_url() {
    let sb = Sandbox::new();
    sb.bare_origin();
    let url = file_url(&sb);
    conflict_is_kept_then_taken(&url, &sb);
}

#[test]
fn a_merge_keeps_both_sides_until_sync_theirs_over_git_daemon() {
    let sb = Sandbox::new();
    sb.bare_origin();
    let (_daemon, url) = sb.git_daemon();
    conflict_is_kept_then_taken(&url, &sb);
}

/// A save whose document sets the conflicted values resolves them; `fetch --ours` takes the
/// merging side in another clone.
fn conflict_is_resolved_by_a_save(url: &str, sb: &Sandbox) {
    let [alice, bob, carol] = three_clones(sb, url);
    diverge(sb, &alice, &bob);
    sb.ok(&carol, &["fetch"]);
    assert_sees_the_conflict(sb, &carol);
    // Carol writes the whole document: both values set, no marker left.
    let doc = sb.file(
        "carol.md",
        "# Checkpoint: 42 — Login\n\n## 1. Story\n**ID:** 42\n**Title:** Login\n**Goal:** Users sign in\n\n## 2. Branch\n**Branch:** `main`\n\n## 3. Tasks Done\n_None yet._\n\n## 4. Key Decisions\n_None yet._\n\n## 5. Remaining Todos\n- [ ] T1 — build the form once\n\n**Next immediate action:** build it once\n"
            .as_bytes(),
    );
    sb.ok(&carol, &["save", "42", "-F", doc.to_str().unwrap()]);
    strict_passes(sb, &carol);
    sb.ok(&carol, &["sync"]);
    let remote = remote_document(sb);
    assert!(!remote.contains("[conflict"), "{remote}");
    for dir in [&alice, &bob] {
        sb.ok(dir, &["fetch"]);
        strict_passes(sb, dir);
        let v = sb.json(dir, &["resume", "42", "--json"]);
        assert_eq!(
            v["tasks_remaining"],
            serde_json::json!(["T1 — build the form once"])
        );
    }
}

#[test]
fn a_save_that_sets_the_values_resolves_the_conflict_over_file_url() {
    let sb = Sandbox::new();
    sb.bare_origin();
    let url = file_url(&sb);
    conflict_is_resolved_by_a_save(&url, &sb);
}

#[test]
fn a_save_that_sets_the_values_resolves_the_conflict_over_git_daemon() {
    let sb = Sandbox::new();
    sb.bare_origin();
    let (_daemon, url) = sb.git_daemon();
    conflict_is_resolved_by_a_save(&url, &sb);
}

#[test]
fn fetch_ours_takes_the_merging_side_and_a_partial_save_leaves_the_rest_open() {
    let sb = Sandbox::new();
    sb.bare_origin();
    let url = file_url(&sb);
    let [alice, bob, _carol] = three_clones(&sb, &url);
    diverge(&sb, &alice, &bob);
    // Setting only the next action resolves that conflict, not the task's.
    sb.ok_with_env(&bob, &["save", "42", "--next", "agree on T1"], &BOB);
    let conflicts = open_conflicts(&sb, &bob);
    assert_eq!(conflicts.len(), 1, "{conflicts:#?}");
    assert_eq!(conflicts[0]["section"], "Remaining Todos");
    let (_, status, _) = sb.run(&bob, &["status", "42"]);
    assert!(status.contains("1 open conflict:"), "{status}");
    sb.ok(&bob, &["push"]);
    // Alice takes what the marker calls ours (bob's side, who merged).
    let v = sb.json(&alice, &["fetch", "--ours", "--json"]);
    assert_eq!(v["taken"][0]["story"], "42");
    assert_eq!(v["taken"][0]["side"], "ours");
    assert_eq!(v["taken"][0]["resolved"], 1);
    strict_passes(&sb, &alice);
    let v = sb.json(&alice, &["resume", "42", "--json"]);
    assert_eq!(
        v["tasks_remaining"],
        serde_json::json!(["T1 — build form again"])
    );
    assert_eq!(v["next_action"], "agree on T1");
    // Both flags at once are refused before anything is read.
    sb.fails(
        &alice,
        &["sync", "--ours", "--theirs"],
        &["cannot be used with"],
    );
}
