//! The core workflow of issue 2 and seed 000: save, resume from elsewhere, update in place,
//! story detection, gaps.

use crate::common::{find_by, strings_of, Sandbox, CP_MD, SEED_313};
use predicates::prelude::*;

#[test]
fn save_then_resume_from_worktree_and_subdirectory_returns_every_field() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &[
            "save",
            "313",
            "--title",
            "Skill pass",
            "--goal",
            "Optimize the corpus",
            "--done",
            "T1 — router fixes",
            "--todo",
            "T2 — docs",
            "--todo",
            "T3 — ship",
            "--decision",
            "Use refs because files get lost",
            "--next",
            "write the docs",
        ],
    );
    std::fs::create_dir_all(repo.join("sub/dir")).unwrap();
    sb.git(&repo, &["worktree", "add", "-q", "../wt", "-b", "other"]);
    for dir in [repo.join("sub/dir"), sb.path("wt")] {
        let v = sb.json(&dir, &["resume", "313", "--json"]);
        assert_eq!(v["story"], "313");
        assert_eq!(v["title"], "Skill pass");
        assert_eq!(v["goal"], "Optimize the corpus");
        assert_eq!(v["branch"], "main");
        assert_eq!(v["tasks_done"], serde_json::json!(["T1 — router fixes"]));
        assert_eq!(
            v["tasks_remaining"],
            serde_json::json!(["T2 — docs", "T3 — ship"])
        );
        assert_eq!(
            v["decisions"],
            serde_json::json!(["Use refs because files get lost"])
        );
        assert_eq!(v["next_action"], "write the docs");
        assert_eq!(v["confidence"], "high");
        assert_eq!(v["revision"], 1);
        assert_eq!(v["schema_version"], 1);
        assert_eq!(v["commit"].as_str().unwrap().len(), 40);
        assert_eq!(
            v["head"].as_str().unwrap(),
            sb.git(&repo, &["rev-parse", "HEAD"]).trim()
        );
        assert!(v["updated_at"].as_str().unwrap().contains('T'));
    }
    // The linked worktree is on another branch: resume says so.
    let v = sb.json(&sb.path("wt"), &["resume", "313", "--json"]);
    assert!(v["warnings"][0]
        .as_str()
        .unwrap()
        .contains("saved on branch 'main'"));
}

#[test]
fn second_save_updates_in_place_one_ref_two_commits() {
    let (sb, repo) = Sandbox::with_repo();
    sb.cp(&repo)
        .args(["save", "313", "--todo", "T1 — a"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Created"));
    sb.cp(&repo)
        .args(["save", "#313", "--done", "T1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Updated in place"))
        .stdout(predicate::str::contains("1 done / 1 total"));
    let refs = sb.git(&repo, &["for-each-ref", "refs/checkpoints"]);
    assert_eq!(refs.lines().count(), 1, "{refs}");
    let log = sb.git(&repo, &["log", "--format=%H", "refs/checkpoints/313"]);
    assert_eq!(log.lines().count(), 2);
    // The ref is a commit whose tree holds the two documented files.
    let tree = sb.git(&repo, &["ls-tree", "--name-only", "refs/checkpoints/313"]);
    assert_eq!(tree, "checkpoint.md\nmeta.json\n");
    let v = sb.json(&repo, &["resume", "313", "--json"]);
    assert_eq!(v["tasks_done"], serde_json::json!(["T1 — a"]));
    assert_eq!(v["tasks_remaining"], serde_json::json!([]));
    assert_eq!(v["revision"], 2);
    sb.git(&repo, &["fsck", "--strict"]);
}

#[test]
fn seed_example_resumes_with_high_confidence() {
    let (sb, repo) = Sandbox::with_repo();
    let f = sb.file("313.md", SEED_313.as_bytes());
    sb.ok(&repo, &["save", "313", "-F", f.to_str().unwrap()]);
    let v = sb.json(&repo, &["resume", "313", "--json"]);
    assert_eq!(v["confidence"], "high");
    assert_eq!(v["gaps"], serde_json::json!([]));
    assert_eq!(v["tasks_done"].as_array().unwrap().len(), 2);
    assert_eq!(
        v["tasks_remaining"],
        serde_json::json!(["T6 — Completion criteria + steering pass"])
    );
    assert_eq!(v["decisions"].as_array().unwrap().len(), 1);
    assert!(v["next_action"]
        .as_str()
        .unwrap()
        .starts_with("finish the negation sweep"));
    assert_eq!(v["branch"], "chore/#313-t6-completion-criteria");
    // show returns the document as stored.
    assert_eq!(sb.ok(&repo, &["show", "313"]), SEED_313);
    // The human block is the seed's resume format.
    sb.cp(&repo)
        .args(["resume", "313"])
        .assert()
        .success()
        .stdout(predicate::str::contains("CHECKPOINT RESUMED:"))
        .stdout(predicate::str::contains("Tasks left: T6"))
        .stdout(predicate::str::contains("Decisions:  1 recorded"))
        .stdout(predicate::str::contains("Confidence: High"));
}

#[test]
fn a_removed_section_is_exactly_that_gap_and_template_notes_are_ignored() {
    let (sb, repo) = Sandbox::with_repo();
    let cut = SEED_313.replace(
        "## 4. Key Decisions\n- Shared-reference naming: `skill-conventions/<topic>.md` — see 2026-07-13-shared-reference-naming.md\n",
        "",
    );
    let f = sb.file("cut.md", cut.as_bytes());
    sb.ok(&repo, &["save", "313", "-F", f.to_str().unwrap()]);
    let v = sb.json(&repo, &["resume", "313", "--json"]);
    assert_eq!(v["confidence"], "needs_confirmation");
    assert_eq!(
        v["gaps"],
        serde_json::json!(["missing section 'Key Decisions'"])
    );
    sb.cp(&repo)
        .args(["resume", "313", "--strict"])
        .assert()
        .code(3);

    let notes = format!("{SEED_313}\n## Template Notes\n- [Decision and rationale]\n");
    let f = sb.file("notes.md", notes.as_bytes());
    sb.ok(&repo, &["save", "313", "-F", f.to_str().unwrap()]);
    let v = sb.json(&repo, &["resume", "313", "--json"]);
    assert_eq!(v["confidence"], "high");
    assert_eq!(v["ignored_sections"][0], "Template Notes (line 28)");
    sb.cp(&repo)
        .args(["resume", "313", "--strict"])
        .assert()
        .success();
}

/// How an implicit story was found is said before anything else: before a save, resume or
/// done fails, before the editor opens; a failed auto-sync fetch is warned about before resume
/// fails too.
#[test]
fn save_resume_and_done_say_how_the_story_was_found_before_failing() {
    let (sb, repo) = Sandbox::with_repo();
    sb.git(&repo, &["switch", "-q", "-c", "feature/#256-publish-pr"]);
    let note = "note: story 256 detected from branch 'feature/#256-publish-pr'";
    // The note, then the error (and nothing after it).
    let note_then = |args: &[&str], error: &str| {
        let err = sb.fails(&repo, args, &[error]);
        let (at_note, at_error) = (err.find(note), err.find(error));
        assert!(
            at_note.is_some() && at_note < at_error,
            "{args:?}: the note comes first: {err}"
        );
    };
    note_then(&["save", "--done", "T9"], "no task T9 in story #256");
    sb.ok(&repo, &["save", "-q", "--todo", "T1 — publish"]);
    note_then(&["resume", "--rev", "9"], "no revision 9");
    note_then(&["done"], "story #256 is not done");
    note_then(&["done", "--purge"], "not purged");
    // Before the editor runs.
    let out = sb
        .cp(&repo)
        .env("GIT_EDITOR", "echo EDITING >&2; true")
        .args(["save", "--edit"])
        .assert()
        .success();
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.find(note).is_some() && err.find(note) < err.find("EDITING"),
        "{err}"
    );
    // The failed auto-sync fetch is warned about, then how the story was found, then the error.
    sb.git(&repo, &["config", "checkpoint.autoSync", "true"]);
    let err = sb.fails(&repo, &["resume", "--rev", "9"], &["no revision 9"]);
    let fetch = err.find("warning: checkpoint.autoSync: not fetched: no such remote 'origin'");
    assert!(
        fetch.is_some() && fetch < err.find(note) && err.find(note) < err.find("no revision 9"),
        "{err}"
    );
    sb.fails(
        &repo,
        &["resume", "nowhere"],
        &[
            "warning: checkpoint.autoSync: not fetched",
            "no checkpoint found for story nowhere",
        ],
    );
}

#[test]
fn story_is_detected_from_the_branch_or_save_stops() {
    let (sb, repo) = Sandbox::with_repo();
    let before = sb.refs(&repo);
    sb.fails(&repo, &["save", "--title", "x"], &["pass it explicitly"]);
    assert_eq!(sb.refs(&repo), before, "nothing written");
    sb.git(&repo, &["switch", "-q", "-c", "feature/#256-publish-pr"]);
    let (_, err) = sb.ok_with_stderr(&repo, &["save", "--title", "Publish PR"]);
    assert!(err.contains("story 256 detected from branch"), "{err}");
    assert!(sb.refs(&repo).contains("refs/checkpoints/256"));
    sb.git(&repo, &["switch", "-q", "-c", "feat/ABC-123-login"]);
    sb.ok(&repo, &["save"]);
    assert!(sb.refs(&repo).contains("refs/checkpoints/abc-123"));
    // A configured pattern.
    sb.git(
        &repo,
        &["config", "checkpoint.storyPattern", "^work/story_([0-9]+)$"],
    );
    sb.git(&repo, &["switch", "-q", "-c", "work/story_77"]);
    sb.ok(&repo, &["save"]);
    assert!(sb.refs(&repo).contains("refs/checkpoints/77"));
    // The environment variable.
    sb.cp(&repo)
        .env("GIT_CHECKPOINT_STORY", "#88")
        .args(["save"])
        .assert()
        .success();
    assert!(sb.refs(&repo).contains("refs/checkpoints/88"));
}

#[test]
fn print_writes_nothing_and_returns_the_text() {
    let (sb, repo) = Sandbox::with_repo();
    let before = sb.refs(&repo);
    let count = sb.git(&repo, &["count-objects"]);
    sb.cp(&repo)
        .args(["save", "313", "--print", "--title", "T", "--todo", "T1 — x"])
        .assert()
        .success()
        .stdout(predicate::str::contains("# Checkpoint: #313 — T"))
        .stdout(predicate::str::contains("- [ ] T1 — x"));
    assert_eq!(sb.refs(&repo), before);
    assert_eq!(sb.git(&repo, &["count-objects"]), count);
    sb.cp(&repo)
        .args(["save", "313", "--no-persist"])
        .assert()
        .success();
    assert_eq!(sb.refs(&repo), before);
}

#[test]
fn list_log_diff_and_done() {
    let (sb, repo) = Sandbox::with_repo();
    let f = sb.file("cp.md", CP_MD.as_bytes());
    sb.ok(
        &repo,
        &["save", "auth", "-F", f.to_str().unwrap(), "-m", "first"],
    );
    sb.ok(
        &repo,
        &[
            "save",
            "auth",
            "--done",
            "c",
            "--decision",
            "d2",
            "-m",
            "second",
        ],
    );
    sb.git(&repo, &["switch", "-q", "-c", "side"]);
    sb.ok(&repo, &["save", "other", "--title", "Other work"]);

    let list = sb.ok(&repo, &["list"]);
    assert!(list.contains("other") && !list.contains("auth"), "{list}");
    let all = sb.json(&repo, &["list", "--all", "--json"]);
    let stories = strings_of(&all, "story");
    assert_eq!(stories.len(), 2);
    let auth = find_by(&all, "story", "auth");
    assert_eq!(auth["tasks_done"], 2);
    assert_eq!(auth["tasks_total"], 2);
    assert_eq!(auth["revision"], 2);
    assert_eq!(auth["branch"], "main");

    let log = sb.json(&repo, &["log", "auth", "--json"]);
    let revs = log["revisions"].as_array().unwrap();
    assert_eq!(revs.len(), 2);
    assert_eq!(revs[0]["message"], "second");
    assert_eq!(revs[0]["tasks_done_change"], 1);
    assert_eq!(revs[1]["message"], "first");

    let diff = sb.ok(&repo, &["diff", "auth"]);
    assert!(diff.contains("Tasks done:\n  [x] c"), "{diff}");
    assert!(diff.contains("Decisions added:\n  + d2"), "{diff}");
    assert!(diff.contains("+- [x] c"), "{diff}");
    let d = sb.json(&repo, &["diff", "auth", "1", "2", "--json"]);
    assert_eq!(d["changes"]["tasks_done"], serde_json::json!(["c"]));

    sb.ok(&repo, &["done", "auth"]);
    let refs = sb.refs(&repo);
    assert!(!refs.contains("refs/checkpoints/auth"));
    assert!(refs.contains("refs/checkpoints-archive/auth"));
    assert!(!sb.ok(&repo, &["list", "--all"]).contains("auth"));
    assert!(sb.ok(&repo, &["list", "--archived"]).contains("auth"));
    let v = sb.json(&repo, &["resume", "auth", "--archived", "--json"]);
    assert_eq!(v["status"], "done");
    assert_eq!(v["revision"], 3);
    assert_eq!(
        sb.json(&repo, &["log", "auth", "--archived", "--json"])["revisions"]
            .as_array()
            .unwrap()
            .len(),
        3
    );

    sb.cp(&repo)
        .args(["done", "auth", "--purge"])
        .assert()
        .failure();
    assert!(sb.refs(&repo).contains("refs/checkpoints-archive/auth"));
    sb.ok(&repo, &["done", "auth", "--purge", "--yes"]);
    // Only the purge record is left, and it keeps none of the story's revisions reachable.
    let refs = sb.refs(&repo);
    let left: Vec<&str> = refs.lines().filter(|l| l.contains("auth")).collect();
    assert_eq!(left.len(), 1, "{refs}");
    assert!(left[0].ends_with(" refs/checkpoints-purged/auth"), "{refs}");
    let reachable = sb.git(&repo, &["rev-list", "refs/checkpoints-purged/auth"]);
    assert_eq!(reachable.lines().count(), 1, "{reachable}");
    sb.git(&repo, &["fsck", "--strict"]);
}

#[test]
fn resume_without_story_uses_the_checkpoint_recorded_on_this_branch() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "auth", "--title", "Auth"]);
    sb.cp(&repo)
        .args(["resume", "--json"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "only checkpoint recorded on the current branch 'main'",
        ));
    sb.ok(&repo, &["save", "login"]);
    sb.fails(&repo, &["resume"], &["auth, login"]);
}

#[test]
fn files_changed_since_the_save_are_files_not_directories() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "f", "--title", "Files"]);
    std::fs::create_dir_all(repo.join("src/deep/er")).unwrap();
    std::fs::write(repo.join("src/deep/er/x.rs"), "fn x() {}\n").unwrap();
    sb.git(&repo, &["add", "."]);
    sb.git(&repo, &["commit", "-q", "-m", "one file"]);
    let v = sb.json(&repo, &["resume", "f", "--json"]);
    let w = v["warnings"][0].as_str().unwrap();
    assert!(
        w.contains("1 commit, 1 file changed") && w.contains("(src/deep/er/x.rs)"),
        "{w}"
    );
    sb.git(&repo, &["switch", "-q", "-c", "topic"]);
    std::fs::write(repo.join("src/deep/er/y.rs"), "fn y() {}\n").unwrap();
    sb.git(&repo, &["add", "."]);
    sb.git(&repo, &["commit", "-q", "-m", "on topic"]);
    sb.ok(&repo, &["save", "f", "--todo", "more"]);
    let meta = sb.git(&repo, &["cat-file", "-p", "refs/checkpoints/f:meta.json"]);
    let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
    assert_eq!(
        meta["files_modified"],
        serde_json::json!([{"path": "src/deep/er/y.rs", "state": "committed"}])
    );
}

#[test]
fn committed_files_follow_new_commits_and_survive_saves_without_them() {
    // save reuses the previous revision's committed files while merge-base and HEAD are the
    // same; any new commit (or a new merge-base) must show in the next save.
    let (sb, repo) = Sandbox::with_repo_on("topic");
    let commit = |name: &str| {
        std::fs::write(repo.join(name), format!("{name}\n")).unwrap();
        sb.git(&repo, &["add", name]);
        sb.git(&repo, &["commit", "-q", "-m", name]);
    };
    let committed = || -> Vec<String> {
        let meta = sb.git(&repo, &["cat-file", "-p", "refs/checkpoints/c:meta.json"]);
        let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
        meta["files_modified"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["state"] == "committed")
            .map(|f| f["path"].as_str().unwrap().to_string())
            .collect()
    };
    let doc = sb.file("doc.md", CP_MD.as_bytes());
    let doc = doc.to_str().unwrap();
    commit("a.txt");
    sb.ok(&repo, &["save", "c", "-F", doc]);
    assert_eq!(committed(), ["a.txt"]);
    sb.ok(&repo, &["save", "c", "-F", doc]);
    assert_eq!(
        committed(),
        ["a.txt"],
        "a save with no new commit keeps the list"
    );
    commit("b.txt");
    sb.ok(&repo, &["save", "c", "-F", doc]);
    assert_eq!(committed(), ["a.txt", "b.txt"], "a new commit shows");
    // main moves on and topic merges it: a new merge-base, so a.txt and b.txt only.
    sb.git(&repo, &["switch", "-q", "main"]);
    commit("m.txt");
    sb.git(&repo, &["switch", "-q", "topic"]);
    sb.git(&repo, &["merge", "-q", "--no-edit", "main"]);
    sb.ok(&repo, &["save", "c", "-F", doc]);
    assert_eq!(
        committed(),
        ["a.txt", "b.txt"],
        "the new merge-base is used"
    );
    // Same HEAD, new merge-base: main catches up with topic, nothing is ahead of it.
    sb.git(&repo, &["branch", "-f", "main", "topic"]);
    sb.ok(&repo, &["save", "c", "-F", doc]);
    assert!(committed().is_empty(), "{:?}", committed());
    // Back to before the merge (topic at b, main at the first commit): a.txt and b.txt again.
    sb.git(&repo, &["reset", "-q", "--hard", "HEAD~1"]);
    sb.git(&repo, &["branch", "-f", "main", "HEAD~2"]);
    // A save with content flags scans the worktree too; committed files stay as they are.
    std::fs::write(repo.join("w.txt"), "w\n").unwrap();
    sb.ok(&repo, &["save", "c", "--todo", "T9 more"]);
    assert_eq!(committed(), ["a.txt", "b.txt"]);
}

#[test]
fn story_ids_are_shown_as_typed_and_the_ref_is_canonical() {
    let (sb, repo) = Sandbox::with_repo();
    let saved = sb.ok(
        &repo,
        &[
            "save", "ABC-12", "--title", "Login", "--goal", "g", "--todo", "T1 — x",
        ],
    );
    assert!(saved.contains("Story:    ABC-12: Login"), "{saved}");
    assert!(sb.refs(&repo).contains("refs/checkpoints/abc-12\n"));
    // Saved again typed in lower case: the recorded form stays.
    sb.ok(&repo, &["save", "abc-12", "--done", "T1"]);
    let list = sb.ok(&repo, &["list"]);
    assert!(list.starts_with("ABC-12 "), "{list}");
    assert!(!list.contains("abc-12"), "{list}");
    let resume = sb.ok(&repo, &["resume", "abc-12"]);
    assert!(resume.contains("Story:      ABC-12: Login"), "{resume}");
    assert!(resume.contains("**ID:** ABC-12"), "{resume}");
    assert!(resume.contains("# Checkpoint: ABC-12 — Login"), "{resume}");
    let pr = sb.ok(&repo, &["show", "abc-12", "--format", "pr"]);
    assert!(pr.contains("(story ABC-12)"), "{pr}");
    let prompt = sb.ok(&repo, &["prompt", "abc-12"]);
    assert!(prompt.contains("story ABC-12"), "{prompt}");
    assert!(
        prompt.contains("Start with: git checkpoint resume ABC-12\n"),
        "{prompt}"
    );
    // Machines get the canonical id: the ref, meta.json, the notes index, JSON output.
    let message = sb.git(
        &repo,
        &["log", "-1", "--format=%B", "refs/checkpoints/abc-12"],
    );
    assert!(
        message.contains("Checkpoint-Story: abc-12\nCheckpoint-Story-Display: ABC-12\n"),
        "{message}"
    );
    let meta = sb.git(
        &repo,
        &["cat-file", "-p", "refs/checkpoints/abc-12:meta.json"],
    );
    let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
    assert_eq!(
        (meta["story"].as_str(), meta["story_display"].as_str()),
        (Some("abc-12"), Some("ABC-12"))
    );
    let listed = sb.json(&repo, &["list", "--json"]);
    assert_eq!(listed[0]["story"], "abc-12");
    // Typed with other capitals, the new form replaces the recorded one.
    sb.ok(&repo, &["save", "Abc-12", "-m", "renamed"]);
    assert!(sb.ok(&repo, &["list"]).starts_with("Abc-12 "));
    // An id typed in lower case records nothing extra: such commits are as before.
    sb.ok(&repo, &["save", "auth", "--todo", "t"]);
    let message = sb.git(
        &repo,
        &["log", "-1", "--format=%B", "refs/checkpoints/auth"],
    );
    assert!(!message.contains("Story-Display"), "{message}");
    let meta = sb.git(
        &repo,
        &["cat-file", "-p", "refs/checkpoints/auth:meta.json"],
    );
    assert!(!meta.contains("story_display"), "{meta}");
}

#[test]
fn quiet_writes_print_nothing_but_still_write() {
    let (sb, repo) = Sandbox::with_repo();
    // A new checkpoint with gaps (no goal): without -q that warns and prints the block.
    let loud = sb
        .cp(&repo)
        .args(["save", "Q-1", "--title", "t"])
        .output()
        .unwrap();
    assert!(loud.status.success());
    assert!(!loud.stdout.is_empty() && !loud.stderr.is_empty());
    for args in [
        &["save", "Q-1", "-q", "--todo", "T1 — a", "--next", "a"][..],
        &["save", "-q", "Q-2", "--title", "u"],
        &["start", "-q", "Q-2"],
        &["done", "Q-1", "-q", "--force"],
    ] {
        let out = sb.cp(&repo).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert_eq!(
            (out.stdout.as_slice(), out.stderr.as_slice()),
            (&b""[..], &b""[..]),
            "{args:?} printed something"
        );
    }
    let refs = sb.refs(&repo);
    assert!(refs.contains("refs/checkpoints/q-2"), "{refs}");
    assert!(refs.contains("refs/checkpoints-archive/q-1"), "{refs}");
    // -q never hides the data asked for.
    let v = sb.json(&repo, &["save", "Q-2", "-q", "--json", "--goal", "g"]);
    assert_eq!(v["goal"], "g");
}

#[test]
fn gap_warnings_name_the_flag_and_go_to_stderr_once_per_field() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    let out = sb
        .cp(&repo)
        .args(["save", "s1", "--title", "T", "--todo", "t"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr,
        "warning: Goal is missing: pass --goal\nwarning: Next immediate action is missing: pass --next\n"
    );
    assert!(!stdout.contains("warning"), "{stdout}");
    // pm: a line written as unknown is one warning, not "unknown" and then "empty".
    let out = sb
        .cp(&repo)
        .args([
            "save",
            "s2",
            "--template",
            "pm",
            "--title",
            "T",
            "--stage",
            "plan",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    for field in ["Stopped at", "Next action", "Start with", "Done when"] {
        assert_eq!(stderr.matches(field).count(), 1, "{field}: {stderr}");
    }
    assert!(
        stderr.contains("Stopped at is missing: pass --stopped-at"),
        "{stderr}"
    );
    // With -F the flags do not apply: the file is where the field goes.
    let cp = sb.file(
        "cp.md",
        b"## Story\n**ID:** s3\n**Goal:** [unknown \xe2\x80\x94 needs confirmation]\n",
    );
    let out = sb
        .cp(&repo)
        .args(["save", "s3", "-F", cp.to_str().unwrap()])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: Goal is missing: fill it in "),
        "{stderr}"
    );
    // No "(s)" plurals: one commit and one file are singular.
    sb.file("r/a.txt", b"a");
    sb.git(&repo, &["add", "a.txt"]);
    sb.git(&repo, &["commit", "-q", "-m", "a"]);
    let status = sb.cp(&repo).args(["status", "s1"]).output().unwrap();
    let text = String::from_utf8_lossy(&status.stdout);
    assert!(text.contains("HEAD: 1 commit since the save"), "{text}");
    let out = sb.cp(&repo).args(["resume", "s1"]).output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        stderr.contains("warning: HEAD moved since the save: 1 commit, 1 file changed"),
        "{stderr}"
    );
    assert!(!stdout.contains("warning:"), "{stdout}");
}

#[test]
fn a_story_started_with_capitals_is_saved_and_listed_with_them() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    sb.ok(&repo, &["start", "R-7"]);
    let saved = sb.ok(
        &repo,
        &["save", "--title", "T", "--goal", "g", "--next", "n"],
    );
    assert!(saved.contains("Story:    R-7: T"), "{saved}");
    assert!(sb.refs(&repo).contains("refs/checkpoints/r-7\n"));
    assert!(sb.ok(&repo, &["list"]).starts_with("R-7 "));
}
