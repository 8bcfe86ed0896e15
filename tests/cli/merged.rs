//! Completion rides the branch (issue 27, item 2): a story whose branch was merged,
//! fast-forwarded or squash-merged into the default branch says so in status, list and the
//! brief, and `done --merged` archives it.

use crate::common::Sandbox;
use std::path::{Path, PathBuf};

const BRANCH: &str = "feature/#42-login";

/// A repository on `main` with story 42 saved on its branch after one commit of its own; HEAD
/// back on `main`.
fn story_on_a_branch() -> (Sandbox, PathBuf) {
    let (sb, repo) = Sandbox::with_repo_on(BRANCH);
    std::fs::write(repo.join("login.rs"), "fn login() {}\n").unwrap();
    sb.git(&repo, &["add", "login.rs"]);
    sb.git(&repo, &["commit", "-q", "-m", "login form"]);
    sb.ok(
        &repo,
        &[
            "save",
            "42",
            "-q",
            "--todo",
            "T1 — form",
            "--next",
            "open the PR",
        ],
    );
    // Another story on main, whose branch never landed anywhere.
    sb.git(&repo, &["switch", "-q", "main"]);
    (sb, repo)
}

fn assert_seen_as_landed(sb: &Sandbox, repo: &Path, how: &str) {
    let said = format!("branch '{BRANCH}' was {how} main");
    let (code, status, _) = sb.run(repo, &["status", "42"]);
    assert!(status.contains(&said), "status ({code}): {status}");
    let (_, err) = sb.ok_with_stderr(repo, &["list"]);
    if how == "merged into" {
        assert!(err.contains(&format!("42: {said}")), "list: {err}");
    }
    let brief = sb.ok(repo, &["prompt", "42"]);
    if how == "merged into" {
        assert!(brief.contains(&said), "the brief: {brief}");
    }
    let out = sb.ok(repo, &["done", "--merged"]);
    assert!(
        out.contains(&format!("Story #42 done: {said}")),
        "done --merged: {out}"
    );
    let archived = sb.ok(repo, &["list", "--archived"]);
    assert!(archived.contains("42"), "{archived}");
    assert!(
        !sb.refs(repo).contains("refs/checkpoints/42\n"),
        "no longer active"
    );
    // Nothing left to finish.
    let (_, err) = sb.ok_with_stderr(repo, &["done", "--merged"]);
    assert!(err.contains("no active story's branch has landed"), "{err}");
}

#[test]
fn a_merged_branch_finishes_its_story() {
    let (sb, repo) = story_on_a_branch();
    // Not landed yet: nothing said, nothing finished.
    let status = sb.run(&repo, &["status", "42"]).1;
    assert!(!status.contains("was merged"), "{status}");
    std::fs::write(repo.join("other.rs"), "fn other() {}\n").unwrap();
    sb.git(&repo, &["add", "other.rs"]);
    sb.git(&repo, &["commit", "-q", "-m", "other work on main"]);
    sb.git(
        &repo,
        &["merge", "-q", "--no-ff", "-m", "Merge login", BRANCH],
    );
    assert_seen_as_landed(&sb, &repo, "merged into");
}

#[test]
fn list_names_a_merged_branch_deleted_since_and_one_that_never_landed_not() {
    let (sb, repo) = story_on_a_branch();
    // Story 43 on a branch of its own that never landed, saved there and left.
    sb.git(&repo, &["switch", "-q", "-c", "feature/43-other"]);
    std::fs::write(repo.join("other.rs"), "fn other() {}\n").unwrap();
    sb.git(&repo, &["add", "other.rs"]);
    sb.git(&repo, &["commit", "-q", "-m", "other work"]);
    sb.ok(&repo, &["save", "43", "-q", "--next", "go on"]);
    sb.git(&repo, &["switch", "-q", "main"]);
    sb.git(
        &repo,
        &["merge", "-q", "--no-ff", "-m", "Merge login", BRANCH],
    );
    // The merged branch is deleted (as after a pull request): the commit HEAD was at when the
    // story was saved still tells that it landed.
    sb.git(&repo, &["branch", "-q", "-D", BRANCH]);
    let (_, err) = sb.ok_with_stderr(&repo, &["list", "--all"]);
    assert!(
        err.contains(&format!("42: branch '{BRANCH}' was merged into main")),
        "list: {err}"
    );
    assert!(!err.contains("43:"), "list: {err}");
}

/// `list` reads where a story's branch left the default branch and where HEAD was from the
/// tip commit's `Checkpoint-Merge-Base` and `Checkpoint-Head` trailers (issue 31: it reads no
/// blob); a revision written before them has neither, and its `meta.json` still tells.
#[test]
fn list_finds_a_landing_from_the_trailers_and_from_an_older_revisions_meta_json() {
    let (sb, repo) = story_on_a_branch();
    let head = sb.git(&repo, &["rev-parse", BRANCH]).trim().to_string();
    let base = sb
        .git(&repo, &["merge-base", "main", BRANCH])
        .trim()
        .to_string();
    let message = sb.git(&repo, &["log", "-1", "--format=%B", "refs/checkpoints/42"]);
    assert!(
        message.contains(&format!("\nCheckpoint-Head: {head}\n")),
        "{message}"
    );
    assert!(
        message.contains(&format!("\nCheckpoint-Merge-Base: {base}\n")),
        "{message}"
    );
    sb.git(
        &repo,
        &["merge", "-q", "--no-ff", "-m", "Merge login", BRANCH],
    );
    sb.git(&repo, &["branch", "-q", "-D", BRANCH]);
    let said = format!("42: branch '{BRANCH}' was merged into main");
    let (_, err) = sb.ok_with_stderr(&repo, &["list", "--all"]);
    assert!(err.contains(&said), "list: {err}");

    // The same revision as an older version wrote it: same tree, no such trailers.
    let older: String = message
        .lines()
        .filter(|l| !l.starts_with("Checkpoint-Head:") && !l.starts_with("Checkpoint-Merge-Base:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let commit = sb
        .git_input(
            &repo,
            &["commit-tree", "refs/checkpoints/42^{tree}", "-F", "-"],
            &older,
        )
        .trim()
        .to_string();
    sb.git(&repo, &["update-ref", "refs/checkpoints/42", &commit]);
    let (_, err) = sb.ok_with_stderr(&repo, &["list", "--all"]);
    assert!(err.contains(&said), "list of an older revision: {err}");
}

#[test]
fn a_fast_forwarded_branch_finishes_its_story() {
    let (sb, repo) = story_on_a_branch();
    let (_, err) = sb.ok_with_stderr(&repo, &["done", "--merged"]);
    assert!(err.contains("no active story's branch has landed"), "{err}");
    sb.git(&repo, &["merge", "-q", "--ff-only", BRANCH]);
    assert_seen_as_landed(&sb, &repo, "merged into");
}

#[test]
fn a_squash_merged_branch_finishes_its_story() {
    let (sb, repo) = story_on_a_branch();
    std::fs::write(repo.join("other.rs"), "fn other() {}\n").unwrap();
    sb.git(&repo, &["add", "other.rs"]);
    sb.git(&repo, &["commit", "-q", "-m", "other work on main"]);
    sb.git(&repo, &["merge", "-q", "--squash", BRANCH]);
    sb.git(&repo, &["commit", "-q", "-m", "Login form (#7)"]);
    // The branch tip is not in main: only the patch id finds it.
    assert_seen_as_landed(&sb, &repo, "squash-merged into");
}

#[test]
fn a_squash_naming_the_story_in_a_trailer_finishes_it() {
    let (sb, repo) = story_on_a_branch();
    // The squash also changed the patch (a review fix), so only the trailer finds it.
    sb.git(&repo, &["merge", "-q", "--squash", BRANCH]);
    std::fs::write(repo.join("login.rs"), "fn login() { /* reviewed */ }\n").unwrap();
    sb.git(&repo, &["add", "login.rs"]);
    sb.git(
        &repo,
        &["commit", "-q", "-m", "Login form\n\nCheckpoint-Story: 42"],
    );
    assert_seen_as_landed(&sb, &repo, "squash-merged into");
}

#[test]
fn a_commit_on_main_touching_the_branchs_files_with_another_change_is_no_squash() {
    let (sb, repo) = story_on_a_branch();
    // Same file, other content: the paths match, the patch does not.
    std::fs::write(repo.join("login.rs"), "fn login_v2() {}\n").unwrap();
    sb.git(&repo, &["add", "login.rs"]);
    sb.git(&repo, &["commit", "-q", "-m", "a login of main's own"]);
    let status = sb.run(&repo, &["status", "42"]).1;
    assert!(!status.contains("squash-merged"), "{status}");
    assert!(!status.contains("was merged"), "{status}");
    let (_, err) = sb.ok_with_stderr(&repo, &["done", "--merged"]);
    assert!(err.contains("no active story's branch has landed"), "{err}");
}

#[test]
fn a_squash_behind_newer_commits_of_main_is_found() {
    let (sb, repo) = story_on_a_branch();
    sb.git(&repo, &["merge", "-q", "--squash", BRANCH]);
    sb.git(&repo, &["commit", "-q", "-m", "Login form (#7)"]);
    // Later work on main, one commit touching the squashed file again.
    std::fs::write(repo.join("other.rs"), "fn other() {}\n").unwrap();
    sb.git(&repo, &["add", "other.rs"]);
    sb.git(&repo, &["commit", "-q", "-m", "other work on main"]);
    std::fs::write(repo.join("login.rs"), "fn login() { /* later */ }\n").unwrap();
    sb.git(&repo, &["add", "login.rs"]);
    sb.git(&repo, &["commit", "-q", "-m", "touch login again"]);
    assert_seen_as_landed(&sb, &repo, "squash-merged into");
}
