//! Refs that someone else broke or cut short: a notes ref that is not a notes commit, foreign
//! refs under our namespaces, shallow checkpoint history, lost objects. Each must be named with
//! its fix, and must never stop the healthy stories from being saved, listed or shared.

use crate::common::{find_by, team, Sandbox, Transport};
use std::path::Path;

/// Writes an empty blob into `dir`'s object database and returns its id.
fn blob(sb: &Sandbox, dir: &Path) -> String {
    sb.git(dir, &["hash-object", "-w", "--stdin"])
        .trim()
        .to_string()
}

/// Writes the empty tree into `dir`'s object database and returns its id.
fn tree(sb: &Sandbox, dir: &Path) -> String {
    sb.git(dir, &["mktree"]).trim().to_string()
}

/// The refs of the bare origin, as `<oid> <ref>` lines.
fn origin_refs(t: &crate::common::Team) -> String {
    t.sb.refs(&t.origin)
}

/// The lines of `text` that mention `needle`.
fn lines_with<'a>(text: &'a str, needle: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.contains(needle)).collect()
}

// ---------------------------------------------------------------------------------------------
// Notes are never a single point of failure.

#[test]
fn a_broken_local_notes_ref_does_not_block_a_save() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "s1", "-q", "--next", "x"]);
    let bad = blob(&sb, &repo);
    sb.git(&repo, &["update-ref", "refs/notes/checkpoints", &bad]);
    let (_, err) = sb.ok_with_stderr(&repo, &["save", "s1", "--next", "y"]);
    // One warning line naming the ref, what it holds and both fixes.
    let warned = lines_with(&err, "refs/notes/checkpoints");
    assert_eq!(warned.len(), 1, "{err}");
    for want in [
        "warning:",
        "a blob",
        "git reflog refs/notes/checkpoints",
        "git update-ref -d refs/notes/checkpoints",
        "no note",
    ] {
        assert!(warned[0].contains(want), "want {want:?} in {err}");
    }
    // The story moved; the notes ref was left as it was.
    let log = sb.ok(&repo, &["log", "s1"]);
    assert!(log.contains("revision 2"), "{log}");
    let notes = sb.git(&repo, &["rev-parse", "refs/notes/checkpoints"]);
    assert_eq!(notes.trim(), bad);
    // Once removed, the next save writes its note again.
    sb.git(&repo, &["update-ref", "-d", "refs/notes/checkpoints"]);
    let (_, err) = sb.ok_with_stderr(&repo, &["save", "s1", "--next", "z"]);
    assert!(!err.contains("refs/notes/checkpoints"), "{err}");
    let note = sb.git(&repo, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    assert!(note.contains("s1 ") && note.contains(" r3 "), "{note}");
}

/// A teammate pushed `refs/notes/checkpoints` as a blob (then as a tree): the others' fetch,
/// push and sync still share every story and name the remote's notes ref with the fix.
fn a_broken_remote_notes_ref_does_not_stop_the_team(transport: Transport) {
    let t = team(transport);
    let sb = &t.sb;
    sb.ok(&t.b, &["save", "s2", "-q", "--next", "b's step"]);
    for bad in [blob(sb, &t.c), tree(sb, &t.c)] {
        sb.ok(
            &t.a,
            &["save", "s1", "-q", "--next", &format!("before {bad}")],
        );
        sb.ok(&t.a, &["push", "-q"]);
        sb.git(
            &t.c,
            &[
                "push",
                "-q",
                "--force",
                "origin",
                &format!("{bad}:refs/notes/checkpoints"),
            ],
        );
        // Fetch: the story arrives, the notes ref is skipped by name, with the fix.
        let (out, _) = sb.ok_with_stderr(&t.b, &["fetch"]);
        assert!(out.contains("refs/checkpoints/s1"), "{out}");
        let named = lines_with(&out, "notes/checkpoints");
        assert!(
            named.iter().any(|l| l.contains("skipped")),
            "fetch names the notes ref: {out}"
        );
        assert!(
            out.contains("not a notes commit") && out.contains(":refs/notes/checkpoints"),
            "{out}"
        );
        let v = sb.json(&t.b, &["fetch", "--json"]);
        let notes = find_by(&v["integrated"], "story", "refs/notes/checkpoints");
        assert_eq!(notes["action"], "skipped", "{v}");
        assert!(notes["reason"]
            .as_str()
            .unwrap()
            .contains("not a notes commit"));
        // Push and sync: the stories reach the remote; the remote's notes ref is left alone.
        let (out, _) = sb.ok_with_stderr(&t.b, &["push"]);
        assert!(out.contains("refs/checkpoints/s2"), "{out}");
        assert!(out.contains("not a notes commit"), "{out}");
        let (out, _) = sb.ok_with_stderr(&t.b, &["sync"]);
        assert!(out.contains("not a notes commit"), "{out}");
        sb.ok(&t.a, &["sync"]);
        let listed = sb.ok(&t.a, &["list", "--all"]);
        assert!(listed.contains("s2"), "{listed}");
        let remote = origin_refs(&t);
        assert!(
            remote.contains(&format!("{bad} refs/notes/checkpoints")),
            "{remote}"
        );
        // A save in the clone that fetched the broken ref goes on too.
        sb.ok(&t.b, &["save", "s2", "-q", "--next", "again"]);
    }
}

#[test]
fn a_broken_remote_notes_ref_does_not_stop_the_team_over_file() {
    a_broken_remote_notes_ref_does_not_stop_the_team(Transport::File);
}

#[test]
fn a_broken_remote_notes_ref_does_not_stop_the_team_over_git_daemon() {
    a_broken_remote_notes_ref_does_not_stop_the_team(Transport::Daemon);
}

#[test]
fn a_broken_local_notes_ref_does_not_stop_fetch_push_or_sync() {
    let t = team(Transport::File);
    let sb = &t.sb;
    sb.ok(&t.a, &["save", "s1", "-q", "--next", "x"]);
    sb.ok(&t.a, &["push", "-q"]);
    sb.ok(&t.b, &["save", "s2", "-q", "--next", "y"]);
    let bad = blob(sb, &t.b);
    sb.git(&t.b, &["update-ref", "refs/notes/checkpoints", &bad]);
    for cmd in ["fetch", "push", "sync"] {
        let (out, err) = sb.ok_with_stderr(&t.b, &[cmd]);
        let all = format!("{out}{err}");
        assert!(
            all.contains("refs/notes/checkpoints points at a blob")
                && all.contains("git update-ref -d refs/notes/checkpoints"),
            "{cmd}: {all}"
        );
    }
    let remote = origin_refs(&t);
    assert!(remote.contains("refs/checkpoints/s2"), "{remote}");
    assert!(
        !remote.contains(&bad),
        "our broken notes ref is never sent: {remote}"
    );
    assert!(sb.ok(&t.b, &["list", "--all"]).contains("s1"));
}

// ---------------------------------------------------------------------------------------------
// Foreign refs under our namespace: named and skipped, never a ghost row or an abort.

/// Makes `refs/checkpoints/blobby` a blob, `refs/checkpoints/treey` a tree and
/// `refs/checkpoints/plain` a plain code commit (no checkpoint.md) in `dir`.
fn foreign_refs(sb: &Sandbox, dir: &Path) {
    let b = blob(sb, dir);
    sb.git(dir, &["update-ref", "refs/checkpoints/blobby", &b]);
    let t = tree(sb, dir);
    sb.git(dir, &["update-ref", "refs/checkpoints/treey", &t]);
    sb.git(dir, &["update-ref", "refs/checkpoints/plain", "HEAD"]);
}

#[test]
fn list_names_and_skips_foreign_refs_instead_of_a_ghost_row() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "s1", "-q", "--next", "x"]);
    foreign_refs(&sb, &repo);
    let (out, err) = sb.ok_with_stderr(&repo, &["list", "--all"]);
    assert!(out.contains("s1"), "{out}");
    assert!(!out.contains("plain") && !out.contains("rev 0"), "{out}");
    for name in ["plain", "blobby", "treey"] {
        let line = lines_with(&err, &format!("refs/checkpoints/{name}"));
        assert_eq!(line.len(), 1, "{err}");
        assert!(
            line[0].contains("not a checkpoint")
                && line[0].contains(&format!("git update-ref -d refs/checkpoints/{name}")),
            "{err}"
        );
        assert!(
            !line[0].contains("supposed to be"),
            "no raw gix message: {err}"
        );
    }
    let v = sb.json(&repo, &["list", "--all", "--json"]);
    assert_eq!(crate::common::strings_of(&v, "story"), vec!["s1"], "{v}");
}

#[test]
fn log_diff_and_resume_of_a_foreign_ref_fail_naming_it() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "s1", "-q", "--next", "x"]);
    foreign_refs(&sb, &repo);
    for name in ["plain", "blobby", "treey"] {
        for cmd in [
            vec!["log", name],
            vec!["log", name, "--json"],
            vec!["diff", name],
            vec!["resume", name],
            vec!["status", name],
        ] {
            let err = sb.fails(
                &repo,
                &cmd,
                &[
                    &format!("refs/checkpoints/{name} is not a checkpoint"),
                    &format!("git update-ref -d refs/checkpoints/{name}"),
                ],
            );
            assert_eq!(err.trim().lines().count(), 1, "{cmd:?}: {err}");
            assert!(!err.contains("Expected object"), "{cmd:?}: {err}");
        }
    }
}

/// Local foreign refs, and foreign refs a teammate pushed, are named and skipped by push,
/// fetch and sync; every real story is shared.
fn foreign_refs_are_skipped_by_push_fetch_and_sync(transport: Transport) {
    let t = team(transport);
    let sb = &t.sb;
    sb.ok(&t.a, &["save", "s1", "-q", "--next", "x"]);
    foreign_refs(sb, &t.a);
    for cmd in ["push", "sync"] {
        let (out, _) = sb.ok_with_stderr(&t.a, &[cmd]);
        for name in ["plain", "blobby", "treey"] {
            assert!(
                lines_with(&out, &format!("refs/checkpoints/{name}"))
                    .iter()
                    .any(|l| l.contains("skipped")),
                "{cmd}: {out}"
            );
        }
        assert!(out.contains("is not a checkpoint"), "{cmd}: {out}");
    }
    let remote = origin_refs(&t);
    assert!(remote.contains("refs/checkpoints/s1"), "{remote}");
    for name in ["plain", "blobby", "treey"] {
        assert!(
            !remote.contains(&format!("refs/checkpoints/{name}")),
            "{remote}"
        );
    }
    // A teammate pushes foreign refs by hand, one of them over a story B also has.
    sb.ok(&t.b, &["save", "s2", "-q", "--next", "y"]);
    sb.ok(&t.b, &["push", "-q"]);
    let b = blob(sb, &t.c);
    for name in ["blobby", "s2"] {
        sb.git(
            &t.c,
            &[
                "push",
                "-q",
                "--force",
                "origin",
                &format!("{b}:refs/checkpoints/{name}"),
            ],
        );
    }
    sb.git(
        &t.c,
        &["push", "-q", "origin", "HEAD:refs/checkpoints/plain"],
    );
    sb.ok(&t.a, &["save", "s1", "-q", "--next", "again"]);
    for cmd in ["fetch", "sync"] {
        let (out, _) = sb.ok_with_stderr(&t.b, &[cmd]);
        for name in ["plain", "blobby", "s2"] {
            assert!(
                lines_with(&out, &format!("origin/checkpoints/{name}"))
                    .iter()
                    .any(|l| l.contains("skipped")),
                "{cmd}: {out}"
            );
        }
        assert!(
            out.contains(":refs/checkpoints/blobby"),
            "the fix on the remote: {out}"
        );
    }
    let local = sb.refs(&t.b);
    assert!(!local.contains(" refs/checkpoints/blobby"), "{local}");
    assert!(!local.contains(" refs/checkpoints/plain"), "{local}");
    assert!(local.contains(" refs/checkpoints/s1"), "{local}");
    // B's own s2 stays a checkpoint, and lists without a ghost or an error.
    let listed = sb.ok(&t.b, &["list", "--all"]);
    assert!(listed.contains("s2") && listed.contains("s1"), "{listed}");
    sb.ok(&t.b, &["resume", "s2"]);
}

#[test]
fn foreign_refs_are_skipped_by_push_fetch_and_sync_over_file() {
    foreign_refs_are_skipped_by_push_fetch_and_sync(Transport::File);
}

#[test]
fn foreign_refs_are_skipped_by_push_fetch_and_sync_over_git_daemon() {
    foreign_refs_are_skipped_by_push_fetch_and_sync(Transport::Daemon);
}

// ---------------------------------------------------------------------------------------------
// Shallow checkpoint history: where it is cut is said, and the fetch that deepens it named.

/// A bare origin holding story `s1` at revision 4 (and code commits after its saves), and a
/// complete clone `S` of it whose checkpoints were then fetched with `--depth=1`: its
/// refs/checkpoints/s1 holds revision 4 only.
fn shallow_story() -> (Sandbox, std::path::PathBuf) {
    let sb = Sandbox::new();
    let origin = sb.bare_origin();
    let a = sb.clone_origin("A");
    for (n, next) in ["one", "two", "three", "four"].iter().enumerate() {
        sb.ok(
            &a,
            &[
                "save",
                "s1",
                "-q",
                "--todo",
                &format!("T{n} — {next}"),
                "--next",
                next,
            ],
        );
    }
    sb.ok(&a, &["push", "-q"]);
    let url = format!("file://{}", origin.display());
    sb.git(&sb.path(""), &["clone", "-q", &url, "S"]);
    let s = sb.path("S");
    sb.git(
        &s,
        &[
            "fetch",
            "-q",
            "--depth=1",
            "origin",
            "+refs/checkpoints/*:refs/checkpoints/*",
        ],
    );
    (sb, s)
}

#[test]
fn log_says_where_a_shallow_history_is_cut() {
    let (sb, s) = shallow_story();
    let out = sb.ok(&s, &["log", "s1"]);
    assert!(
        out.contains("revision 4") && !out.contains("revision 3 "),
        "{out}"
    );
    let cut = lines_with(&out, "not in this shallow clone");
    assert_eq!(cut.len(), 1, "{out}");
    assert!(
        cut[0].contains("revision 4") && cut[0].contains("git checkpoint fetch --unshallow"),
        "{out}"
    );
    let v = sb.json(&s, &["log", "s1", "--json"]);
    let cuts = v["cut_at"].as_array().expect("cut_at");
    assert_eq!(cuts.len(), 1, "{v}");
    assert_eq!(cuts[0]["revision"], 4);
    assert_eq!(cuts[0]["shallow"], true);
    assert_eq!(
        cuts[0]["missing"][0], v["revisions"][0]["parents"][0],
        "{v}"
    );
    // `fetch --unshallow` brings the rest: four revisions, no cut.
    sb.ok(&s, &["fetch", "--unshallow"]);
    let v = sb.json(&s, &["log", "s1", "--json"]);
    assert_eq!(v["revisions"].as_array().unwrap().len(), 4, "{v}");
    assert_eq!(v["cut_at"], serde_json::json!([]));
    assert!(!sb.ok(&s, &["log", "s1"]).contains("shallow"));
}

#[test]
fn diff_and_resume_rev_name_the_shallow_clone_and_never_advise_deleting_the_ref() {
    let (sb, s) = shallow_story();
    for cmd in [
        vec!["diff", "s1"],
        vec!["diff", "s1", "2", "4"],
        vec!["resume", "s1", "--rev", "2"],
        vec!["show", "s1", "--rev", "3"],
    ] {
        let err = sb.fails(
            &s,
            &cmd,
            &[
                "not in this shallow clone",
                "`git checkpoint fetch --unshallow`",
                "refs/checkpoints/s1",
            ],
        );
        assert!(!err.contains("update-ref -d"), "{cmd:?}: {err}");
        assert!(!err.contains("could not be found"), "{cmd:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{cmd:?}: {err}");
    }
    sb.ok(&s, &["fetch", "--unshallow"]);
    let out = sb.ok(&s, &["diff", "s1"]);
    assert!(out.contains("revision 3 -> revision 4"), "{out}");
    let v = sb.json(&s, &["resume", "s1", "--rev", "2", "--json"]);
    assert_eq!(v["revision"], 2);
}

#[test]
fn status_in_a_shallow_clone_says_what_it_cannot_count() {
    let sb = Sandbox::new();
    let origin = sb.bare_origin();
    let a = sb.clone_origin("A");
    sb.ok(&a, &["save", "s1", "-q", "--next", "go"]);
    for n in ["c1", "c2"] {
        sb.git(&a, &["commit", "-q", "--allow-empty", "-m", n]);
    }
    sb.git(&a, &["push", "-q", "origin", "HEAD:main"]);
    sb.ok(&a, &["push", "-q"]);
    let url = format!("file://{}", origin.display());
    sb.git(&sb.path(""), &["clone", "-q", "--depth=1", &url, "S"]);
    let s = sb.path("S");
    sb.ok(&s, &["fetch", "-q"]);
    let (code, out, _) = sb.run(&s, &["status", "s1"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("not in this shallow clone")
            && out.contains("git checkpoint fetch --unshallow"),
        "{out}"
    );
    assert!(!out.contains("HEAD: 1 commit"), "a guess: {out}");
    sb.ok(&s, &["fetch", "--unshallow"]);
    let (_, out, _) = sb.run(&s, &["status", "s1"]);
    assert!(out.contains("HEAD: 2 commits since the save"), "{out}");
    assert!(!out.contains("shallow"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// Recovery never destroys: a lost object is restored, not the ref deleted.

/// Deletes the loose object `id` from `dir`'s object database (what a `git gc` race can lose).
fn lose_object(dir: &Path, id: &str) {
    let path = dir.join(".git/objects").join(&id[..2]).join(&id[2..]);
    std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

#[test]
fn a_lost_tip_blob_is_restored_or_saved_past_never_deleted() {
    let t = team(Transport::File);
    let sb = &t.sb;
    for n in ["a", "b", "c"] {
        sb.ok(
            &t.a,
            &[
                "save",
                "s1",
                "-q",
                "--todo",
                &format!("T{n} — {n}"),
                "--next",
                n,
            ],
        );
    }
    sb.ok(&t.a, &["push", "-q"]);
    let tip = sb.git(&t.a, &["rev-parse", "refs/checkpoints/s1"]);
    let doc = sb.git(&t.a, &["rev-parse", "refs/checkpoints/s1:checkpoint.md"]);
    let doc = doc.trim();
    lose_object(&t.a, doc);
    for cmd in [
        vec!["resume", "s1"],
        vec!["status", "s1"],
        vec!["diff", "s1"],
    ] {
        let err = sb.fails(
            &t.a,
            &cmd,
            &[
                "checkpoint.md",
                "missing from this clone",
                &format!("git fetch origin {doc}"),
                "git reflog refs/checkpoints/s1",
            ],
        );
        assert!(!err.contains("update-ref -d"), "{cmd:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{cmd:?}: {err}");
    }
    // The fix it names works: the object comes back from the remote, and resume reads it.
    sb.git(&t.a, &["fetch", "-q", "origin", doc]);
    assert!(sb.ok(&t.a, &["resume", "s1"]).contains("Tc — c"));
    // Lost again, a save goes on from the last readable revision, keeps the tip as its
    // parent and says so.
    lose_object(&t.a, doc);
    let (_, err) = sb.ok_with_stderr(&t.a, &["save", "s1", "--next", "d"]);
    let said = lines_with(&err, "cannot be read");
    assert_eq!(said.len(), 1, "{err}");
    for want in [
        "revision 3",
        "revision 2, the last readable one",
        "as its parent",
    ] {
        assert!(said[0].contains(want), "want {want:?}: {err}");
    }
    let v = sb.json(&t.a, &["resume", "s1", "--json"]);
    assert_eq!(v["revision"], 4);
    assert_eq!(v["next_action"], "d");
    let parent = sb.git(&t.a, &["rev-parse", "refs/checkpoints/s1^"]);
    assert_eq!(parent, tip, "the unreadable revision stays in the history");
}

#[test]
fn stack_push_scans_its_reason_for_secrets() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "s1", "-q", "--next", "x"]);
    let token = crate::common::github_token();
    let reason = format!("paged: use {token} to get in");
    let err = sb.fails(
        &repo,
        &["stack", "push", "s1", "--reason", &reason],
        &[
            "refusing to suspend",
            "--reason",
            "GitHub personal access token",
            "--allow-secret",
        ],
    );
    assert!(!err.contains(&token), "never echoed: {err}");
    assert!(
        !sb.refs(&repo).contains("refs/checkpoints-stack/"),
        "nothing written"
    );
    sb.ok(
        &repo,
        &["stack", "push", "s1", "--reason", &reason, "--allow-secret"],
    );
    assert!(sb.refs(&repo).contains("refs/checkpoints-stack/default"));
}

#[test]
fn a_teammates_story_differing_only_in_case_is_named_and_readable() {
    let t = team(Transport::File);
    let sb = &t.sb;
    sb.ok(&t.b, &["save", "abc", "-q", "--next", "b's own step"]);
    sb.ok(&t.b, &["push", "-q"]);
    // A teammate's story arrives under `ABC` (pushed by hand, or by an old version).
    sb.ok(&t.c, &["save", "xyz", "-q", "--next", "c's step"]);
    sb.git(
        &t.c,
        &[
            "push",
            "-q",
            "origin",
            "refs/checkpoints/xyz:refs/checkpoints/ABC",
        ],
    );
    let out = sb.ok(&t.b, &["fetch"]);
    let named = lines_with(&out, "origin/checkpoints/ABC");
    assert!(named.iter().any(|l| l.contains("skipped")), "{out}");
    assert!(out.contains("git checkpoint resume origin/ABC"), "{out}");
    let (_, err) = sb.ok_with_stderr(&t.b, &["list"]);
    let warned = lines_with(&err, "refs/remotes/origin/checkpoints/ABC");
    assert_eq!(warned.len(), 1, "{err}");
    assert!(
        warned[0].contains("warning:")
            && warned[0].contains("story abc")
            && warned[0].contains("git checkpoint resume origin/ABC"),
        "{err}"
    );
    assert!(
        !err.contains("only on origin"),
        "not counted as a story of its own: {err}"
    );
    // The way it names reads the teammate's copy, not ours.
    let v = sb.json(&t.b, &["resume", "origin/ABC", "--json"]);
    assert_eq!(v["next_action"], "c's step", "{v}");
    assert_eq!(v["ref"], "refs/remotes/origin/checkpoints/ABC");
    let ours = sb.json(&t.b, &["resume", "abc", "--json"]);
    assert_eq!(ours["next_action"], "b's own step");
}

/// The processes of process group `pgid` that are alive (not zombies), as (pid, name) from
/// /proc (Linux).
fn live_in_group(pgid: i32) -> Vec<(i32, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // pid (comm) state ppid pgrp ...: comm may hold spaces, so split after its ')'.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = stat[open + 1..close].to_string();
        let rest: Vec<&str> = stat[close + 2..].split(' ').collect();
        if rest.len() > 2 && rest[0] != "Z" && rest[2].parse::<i32>() == Ok(pgid) {
            out.push((pid, name));
        }
    }
    out
}

/// A `sync` killed with SIGKILL while its `git fetch` waits on the remote leaves no git behind
/// (its children die with it, and with them the ref locks they hold), so the next sync works.
#[cfg(target_os = "linux")]
#[test]
fn a_killed_sync_takes_its_git_children_with_it() {
    use std::os::unix::process::CommandExt as _;
    use std::time::{Duration, Instant};
    let sb = Sandbox::new();
    sb.bare_origin();
    let a = sb.clone_origin("A");
    sb.ok(&a, &["save", "s1", "-q", "--next", "x"]);
    // The remote answers only after a minute: the fetch of the sync is still waiting when the
    // sync is killed.
    sb.git(
        &a,
        &[
            "config",
            "remote.origin.uploadpack",
            "sleep 60 && git upload-pack",
        ],
    );
    let mut cmd = std::process::Command::new(crate::common::bin());
    sb.env(&mut cmd);
    cmd.current_dir(&a)
        .arg("sync")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0);
    let mut sync = cmd.spawn().unwrap();
    let pgid = sync.id() as i32;
    // Whatever happens, nothing of the group outlives the test.
    struct Reap(i32);
    impl Drop for Reap {
        fn drop(&mut self) {
            // SAFETY: kill(2) on the process group this test created.
            unsafe { libc::kill(-self.0, libc::SIGKILL) };
        }
    }
    let _reap = Reap(pgid);
    let git = |pgid| -> Vec<(i32, String)> {
        live_in_group(pgid)
            .into_iter()
            .filter(|(pid, name)| *pid != pgid && name == "git")
            .collect()
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while git(pgid).is_empty() {
        assert!(
            Instant::now() < deadline,
            "the sync never started git fetch"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: kill(2) on the child this test started.
    unsafe { libc::kill(pgid, libc::SIGKILL) };
    sync.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = git(pgid);
        if left.is_empty() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "git children outlived the killed sync: {left:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // No lock was left behind: the next sync (with a remote that answers) works.
    sb.git(&a, &["config", "--unset", "remote.origin.uploadpack"]);
    sb.ok(&a, &["sync", "-q"]);
}
