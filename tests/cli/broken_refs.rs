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
