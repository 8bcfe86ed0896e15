//! Concurrency and crash tests: many writers on one ref, writers on many refs sharing the
//! notes ref, and saves killed with SIGKILL at random moments.

use crate::common::Sandbox;
use std::path::Path;
use std::process::{Command, Stdio};

/// `processes` shell loops, each running `saves` sequential saves of the story its index maps
/// to; returns each loop's (exit status, stderr).
fn run_writers(
    sb: &Sandbox,
    repo: &Path,
    processes: usize,
    saves: usize,
    story: impl Fn(usize) -> String,
) -> Vec<(bool, String)> {
    let bin = assert_cmd::cargo::cargo_bin("git-checkpoint");
    let children: Vec<_> = (0..processes)
        .map(|p| {
            let mut cmd = Command::new("bash");
            sb.env(&mut cmd);
            // Each save must succeed: the loop stops at the first failure and reports it.
            let script = format!(
                "for i in $(seq 1 {saves}); do \"$0\" save {story} -m \"writer {p} save $i\" || exit 1; done",
                story = story(p)
            );
            cmd.current_dir(repo)
                .arg("-c")
                .arg(script)
                .arg(&bin)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            (
                out.status.success(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            )
        })
        .collect()
}

fn count(sb: &Sandbox, repo: &Path, rev: &str) -> usize {
    sb.git(repo, &["rev-list", "--count", rev])
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn eight_writers_on_one_story_lose_no_revision() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    sb.ok(&repo, &["save", "hot", "--title", "Contended"]);
    let before = count(&sb, &repo, "refs/checkpoints/hot");
    let results = run_writers(&sb, &repo, 8, 50, |_| "hot".to_string());
    for (ok, stderr) in &results {
        assert!(ok, "a writer failed: {}", errors(stderr));
    }
    assert_eq!(count(&sb, &repo, "refs/checkpoints/hot"), before + 400);
    let v = sb.json(&repo, &["resume", "hot", "--json"]);
    assert_eq!(v["revision"], 401);
    // Every writer's every save is in the history, once.
    let log = sb.git(&repo, &["log", "--format=%s", "refs/checkpoints/hot"]);
    for p in 0..8 {
        for i in 1..=50 {
            let subject = format!("writer {p} save {i}");
            assert_eq!(
                log.lines().filter(|l| *l == subject).count(),
                1,
                "{subject}"
            );
        }
    }
    sb.git(&repo, &["fsck", "--strict"]);
}

#[test]
fn eight_writers_on_eight_stories_lose_no_revision() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    let results = run_writers(&sb, &repo, 8, 50, |p| format!("story-{p}"));
    for (ok, stderr) in &results {
        assert!(ok, "a writer failed: {}", errors(stderr));
    }
    for p in 0..8 {
        assert_eq!(
            count(&sb, &repo, &format!("refs/checkpoints/story-{p}")),
            50
        );
    }
    // The notes index on HEAD, shared by all eight, has each story's latest revision.
    let note = sb.git(&repo, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    for p in 0..8 {
        assert!(
            note.contains(&format!("story-{p} ")) && note.contains(" r50 "),
            "{note}"
        );
    }
    sb.git(&repo, &["fsck", "--strict"]);
}

fn errors(stderr: &str) -> String {
    stderr
        .lines()
        .filter(|l| l.starts_with("error"))
        .collect::<Vec<_>>()
        .join("\n")
}
