//! Races, editors, unusual repository states and pipes.

use crate::common::{Sandbox, CP_MD};
use predicates::prelude::*;
use std::process::Stdio;

#[test]
fn concurrent_saves_lose_no_update() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    sb.ok(&repo, &["save", "race", "--title", "Race"]);
    let n = 8;
    let children: Vec<_> = (0..n)
        .map(|i| {
            let mut cmd =
                std::process::Command::new(assert_cmd::cargo::cargo_bin("git-checkpoint"));
            sb.env(&mut cmd);
            cmd.current_dir(&repo)
                .args(["save", "race", "--todo", &format!("todo number {i}")])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut succeeded = Vec::new();
    for (i, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        if out.status.success() {
            succeeded.push(i);
        } else {
            // A process may give up, but then it must say so; it never exits 0 having lost it.
            assert!(String::from_utf8_lossy(&out.stderr).contains("error:"));
        }
    }
    assert!(!succeeded.is_empty());
    let v = sb.json(&repo, &["resume", "race", "--json"]);
    let todos: Vec<String> = v["tasks_remaining"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    for i in &succeeded {
        assert!(
            todos.contains(&format!("todo number {i}")),
            "todo {i} lost: {todos:?}"
        );
    }
    let commits = sb.git(&repo, &["rev-list", "--count", "refs/checkpoints/race"]);
    assert_eq!(commits.trim(), (succeeded.len() + 1).to_string());
    assert_eq!(v["revision"], succeeded.len() as u64 + 1);
    sb.git(&repo, &["fsck", "--strict"]);
}

#[test]
fn edit_opens_the_git_editor_on_the_current_document() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    sb.ok(&repo, &["save", "ed", "--todo", "old todo"]);
    let editor = sb.file(
        "editor.sh",
        b"#!/bin/sh\nsed -i 's/old todo/edited todo/' \"$1\"\n",
    );
    let status = std::process::Command::new("chmod")
        .args(["+x", editor.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success());
    sb.cp(&repo)
        .env("GIT_EDITOR", editor.to_str().unwrap())
        .args(["save", "ed", "--edit"])
        .assert()
        .success();
    let v = sb.json(&repo, &["resume", "ed", "--json"]);
    assert_eq!(v["tasks_remaining"], serde_json::json!(["edited todo"]));
    // A failing editor writes nothing.
    let before = sb.refs(&repo);
    sb.cp(&repo)
        .env("GIT_EDITOR", "false")
        .args(["save", "ed", "--edit"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("nothing was written"));
    assert_eq!(sb.refs(&repo), before);
}

#[test]
fn unborn_branch_and_detached_head_work() {
    let sb = Sandbox::new();
    let dir = sb.path("unborn");
    std::fs::create_dir_all(&dir).unwrap();
    sb.git(&dir, &["init", "-q", "-b", "main"]);
    std::fs::write(dir.join("new.txt"), "x").unwrap();
    sb.ok(&dir, &["save", "u1", "--title", "Before the first commit"]);
    let v = sb.json(&dir, &["resume", "u1", "--json"]);
    assert_eq!(v["head"], serde_json::Value::Null);
    assert_eq!(v["branch"], "main");
    assert_eq!(v["files_modified"][0]["path"], "new.txt");
    assert_eq!(v["files_modified"][0]["state"], "untracked");

    let repo = sb.repo("r");
    sb.git(&repo, &["checkout", "-q", "--detach"]);
    sb.ok(&repo, &["save", "d1"]);
    sb.cp(&repo)
        .args(["save"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("HEAD is detached"));
}

#[test]
fn stdin_input_and_broken_pipe() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    sb.cp(&repo)
        .args(["save", "auth", "-F", "-"])
        .write_stdin(CP_MD)
        .assert()
        .success();
    let big = "x".repeat(100_000);
    sb.ok(&repo, &["save", "auth", "--decision", &big]);
    // A reader that goes away early: exit quietly, like git.
    let mut cmd = std::process::Command::new("bash");
    sb.env(&mut cmd);
    cmd.current_dir(&repo).arg("-c").arg(format!(
        "{} show auth | (head -c 10 >/dev/null; sleep 0.2); echo \"${{PIPESTATUS[0]}}\"",
        assert_cmd::cargo::cargo_bin("git-checkpoint").display()
    ));
    let out = cmd.output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn repository_is_found_like_git_finds_it() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    let elsewhere = sb.path("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    sb.cp(&elsewhere)
        .env("GIT_DIR", repo.join(".git"))
        .env("GIT_WORK_TREE", &repo)
        .args(["save", "envstory"])
        .assert()
        .success();
    assert!(sb.refs(&repo).contains("refs/checkpoints/envstory"));
    sb.cp(&elsewhere)
        .args(["list"])
        .env("GIT_CEILING_DIRECTORIES", sb.path(""))
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a git repository"));
}
