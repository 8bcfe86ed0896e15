//! Task ids and stale overwrites (issue 15, findings 2 and 4): `save --done` never invents a
//! task from an id, ids are unique and compare ignoring case, a repeated `--done` changes
//! nothing, and `--expect REV` refuses a save based on an older revision.

use crate::common::{find_by, Sandbox};

fn story(sb: &Sandbox) -> std::path::PathBuf {
    let repo = sb.repo("r");
    sb.ok(
        &repo,
        &[
            "save",
            "7",
            "-q",
            "--todo",
            "T1 — form",
            "--todo",
            "T2 — API",
            "--next",
            "T1",
        ],
    );
    repo
}

fn tasks(sb: &Sandbox, repo: &std::path::Path) -> (Vec<String>, Vec<String>) {
    let v = sb.json(repo, &["resume", "7", "--json"]);
    let list = |k: &str| {
        v[k].as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect()
    };
    (list("tasks_done"), list("tasks_remaining"))
}

#[test]
fn an_unknown_task_id_is_refused_with_the_open_ids_and_nothing_is_written() {
    let sb = Sandbox::new();
    let repo = story(&sb);
    let before = sb.refs(&repo);
    sb.fails(
        &repo,
        &["save", "7", "--done", "T9"],
        &["no task T9 in story #7", "open tasks are T1, T2"],
    );
    assert_eq!(sb.refs(&repo), before);
    // A new done task is still recorded when given with its text.
    sb.ok(
        &repo,
        &["save", "7", "-q", "--done", "T3 — found and fixed a typo"],
    );
    assert_eq!(tasks(&sb, &repo).0, ["T3 — found and fixed a typo"]);
}

#[test]
fn ids_compare_ignoring_case_and_a_repeated_done_changes_nothing() {
    let sb = Sandbox::new();
    let repo = story(&sb);
    sb.ok(&repo, &["save", "7", "-q", "--done", "t1", "--next", "T2"]);
    assert_eq!(
        tasks(&sb, &repo),
        (vec!["T1 — form".into()], vec!["T2 — API".into()])
    );
    sb.ok(&repo, &["save", "7", "-q", "--done", "T1"]);
    sb.ok(&repo, &["save", "7", "-q", "--done", "t1"]);
    assert_eq!(tasks(&sb, &repo).0, ["T1 — form"], "T1 is not added again");
}

#[test]
fn a_todo_reusing_an_id_is_refused() {
    let sb = Sandbox::new();
    let repo = story(&sb);
    sb.fails(
        &repo,
        &["save", "7", "--todo", "T1 — something else"],
        &["already has task T1", "T1 — form"],
    );
    sb.fails(
        &repo,
        &["save", "7", "--todo", "t2: other"],
        &["already has task t2"],
    );
    // The same todo again is not a duplicate: it is already there.
    sb.ok(&repo, &["save", "7", "-q", "--todo", "T2 — API"]);
    assert_eq!(tasks(&sb, &repo).1, ["T1 — form", "T2 — API"]);
}

#[test]
fn expect_refuses_a_save_based_on_an_older_revision() {
    let sb = Sandbox::new();
    let repo = story(&sb);
    let v = sb.json(&repo, &["resume", "7", "--json"]);
    let commit = v["commit"].as_str().unwrap().to_string();
    // Another session saves revision 2 with a new todo.
    sb.ok(&repo, &["save", "7", "-q", "--todo", "T3 — docs"]);
    let doc = sb.file(
        "whole.md",
        sb.ok(&repo, &["show", "7", "--rev", "1"]).as_bytes(),
    );
    let before = sb.refs(&repo);
    sb.fails(
        &repo,
        &["save", "7", "-F", doc.to_str().unwrap(), "--expect", "1"],
        &[
            "checkpoint moved since revision 1 (now 2)",
            "nothing was written",
        ],
    );
    sb.fails(
        &repo,
        &[
            "save",
            "7",
            "-F",
            doc.to_str().unwrap(),
            "--expect",
            &commit[..12],
        ],
        &["moved since revision"],
    );
    assert_eq!(sb.refs(&repo), before);
    sb.ok(
        &repo,
        &["save", "7", "-q", "--todo", "T4 — ship", "--expect", "2"],
    );
    assert_eq!(tasks(&sb, &repo).1.len(), 4);
}

#[test]
fn the_current_story_set_on_this_branch_wins_over_the_branch_and_says_so() {
    let (sb, repo) = Sandbox::with_repo_on("feature/#42-login");
    sb.ok(
        &repo,
        &["save", "-q", "--title", "Login", "--todo", "T1 — form"],
    );
    let login = sb.git(&repo, &["rev-parse", "refs/checkpoints/42"]);
    sb.ok(&repo, &["start", "R-7"]);
    let (code, _, err) = sb.run(&repo, &["save", "-q", "--title", "Hotfix"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("using story R-7, this worktree's current story") && err.contains("not #42"),
        "{err}"
    );
    assert_eq!(
        sb.git(&repo, &["rev-parse", "refs/checkpoints/42"]),
        login,
        "#42 untouched"
    );
    assert_eq!(
        sb.json(&repo, &["resume", "r-7", "--json"])["title"],
        "Hotfix"
    );
    let shown = sb.ok(&repo, &["start"]);
    assert!(
        shown.contains("Current story: R-7, made current on branch feature/#42-login"),
        "{shown}"
    );
    // On another branch that names a story, the branch's story is used again.
    sb.git(&repo, &["switch", "-q", "-c", "feature/#50-other"]);
    sb.ok(&repo, &["save", "-q", "--title", "Other"]);
    assert_eq!(
        sb.json(&repo, &["resume", "50", "--json"])["title"],
        "Other"
    );
    // No current story: `start` says so and exits 1.
    let fresh = sb.repo("fresh");
    sb.fails(&fresh, &["start"], &["no current story"]);
}

#[test]
fn every_flag_save_accepts_is_stored_in_every_template() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    for t in ["pair", "team", "pm", "gstack"] {
        let s = format!("s-{t}");
        sb.ok(
            &repo,
            &[
                "save",
                &s,
                "-q",
                "--template",
                t,
                "--title",
                "TTT",
                "--goal",
                "GGG",
                "--source",
                "SRC",
                "--todo",
                "T1 — one",
                "--todo",
                "T2 — two",
                "--done",
                "T1",
                "--decision",
                "DEC",
                "--next",
                "NEXTX",
                "--stage",
                "STAGEX",
                "--stopped-at",
                "STOPX",
                "--start-with",
                "STARTX",
                "--done-when",
                "DWX",
                "--context",
                "CTXX",
                "--question",
                "QQX",
            ],
        );
        sb.ok(&repo, &["save", &s, "-q", "--met", "DWX"]);
        let v = sb.json(&repo, &["resume", &s, "--json"]);
        for (k, want) in [
            ("title", "TTT"),
            ("goal", "GGG"),
            ("source", "SRC"),
            ("next_action", "NEXTX"),
            ("stage", "STAGEX"),
            ("stopped_at", "STOPX"),
            ("start_with", "STARTX"),
        ] {
            assert_eq!(v[k], want, "{t}: {k} in {v}");
        }
        assert_eq!(v["tasks_done"][0], "T1 — one", "{t}");
        assert!(
            v["tasks_remaining"]
                .as_array()
                .unwrap()
                .contains(&"T2 — two".into()),
            "{t}"
        );
        assert_eq!(v["decisions"][0], "DEC", "{t}");
        assert_eq!(
            v["done_when"][0],
            serde_json::json!({"text": "DWX", "done": true}),
            "{t}"
        );
        assert_eq!(v["context"][0], "CTXX", "{t}");
        assert_eq!(v["open_questions"][0], "QQX", "{t}");
        assert_eq!(v["confidence"], "high", "{t}: {}", v["gaps"]);
    }
    // pair keeps what it has no place for after its five sections.
    let doc = sb.ok(&repo, &["show", "s-pair"]);
    assert!(
        doc.contains("## Also recorded\n\n- **Stage:** STAGEX\n"),
        "{doc}"
    );
}

#[test]
fn a_save_from_another_branch_keeps_the_storys_branch_unless_told() {
    let (sb, repo) = Sandbox::with_repo_on("feature/#42-login");
    sb.ok(&repo, &["save", "-q", "--todo", "T1 — form"]);
    sb.git(&repo, &["switch", "-q", "main"]);
    let (code, _, err) = sb.run(&repo, &["save", "42", "--decision", "D"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("story #42 stays on branch feature/#42-login (you are on main)"),
        "{err}"
    );
    let v = sb.json(&repo, &["resume", "42", "--json"]);
    assert_eq!(v["branch"], "feature/#42-login", "{v}");
    sb.ok(&repo, &["save", "42", "-q", "--branch", "main"]);
    assert_eq!(
        sb.json(&repo, &["resume", "42", "--json"])["branch"],
        "main"
    );
}

#[test]
fn a_revision_number_two_clones_both_wrote_is_refused_as_ambiguous_naming_both() {
    let sb = Sandbox::new();
    sb.bare_origin();
    let (a, b) = (sb.clone_origin("A"), sb.clone_origin("B"));
    sb.ok(&a, &["save", "auth", "-q", "--todo", "T1 — shared"]);
    sb.ok(&a, &["push", "-q", "origin", "auth"]);
    sb.ok(&b, &["fetch", "-q"]);
    sb.ok(
        &a,
        &["save", "auth", "-q", "--decision", "from A", "-m", "A2"],
    );
    sb.ok(
        &b,
        &["save", "auth", "-q", "--decision", "from B", "-m", "B2"],
    );
    sb.ok(&a, &["sync", "-q"]);
    sb.ok(&b, &["sync", "-q"]);
    let err = sb.fails(
        &b,
        &["show", "auth", "--rev", "2"],
        &["revision 2 is ambiguous"],
    );
    assert!(err.contains("A2") && err.contains("B2"), "{err}");
    sb.fails(
        &b,
        &["diff", "auth", "2", "3"],
        &["revision 2 is ambiguous"],
    );
    // `log` marks the merge as git log does.
    let log = sb.ok(&b, &["log", "auth"]);
    assert!(log.lines().nth(1).unwrap().starts_with("Merge:  "), "{log}");
    // A commit id picks one.
    let v = sb.json(&b, &["log", "auth", "--json"]);
    let a2 = find_by(&v["revisions"], "message", "A2")["commit"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(sb
        .ok(&b, &["show", "auth", "--rev", &a2[..10]])
        .contains("from A"));
}

/// A pair document whose second `Tasks Done` and `Remaining Todos` sections are duplicates.
const DUPLICATED: &str = "# Checkpoint: 8\n\n**Story:** 8\n**Branch:** main\n\n\
## Tasks Done\n- [x] T1 first\n\n## Key Decisions\n- none\n\n\
## Remaining Todos\n- [ ] T2 second\n\n## Next Action\nT2\n\n\
## Tasks Done\n- [x] T3 third\n\n## Remaining Todos\n- [ ] T4 fourth\n- [ ] T5 fifth\n";

#[test]
fn every_view_that_counts_or_renders_tasks_says_which_duplicate_sections_it_left_out() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    let doc = sb.file("doc.md", DUPLICATED.as_bytes());
    sb.ok(&repo, &["save", "8", "-q", "-F", doc.to_str().unwrap()]);
    let named = ["'Tasks Done' (line 18)", "'Remaining Todos' (line 21)"];

    let (code, list, err) = sb.run(&repo, &["list"]);
    assert_eq!(code, 0, "{err}");
    assert!(list.contains(" 1/2* "), "{list}");
    crate::common::assert_contains_all(&err, &named, "list's note");
    let v = sb.json(&repo, &["list", "--json"]);
    assert_eq!(v[0]["left_out"], serde_json::json!(named), "{v}");

    let log = sb.ok(&repo, &["log", "8"]);
    crate::common::assert_contains_all(&log, &named, "log");
    assert_eq!(
        sb.json(&repo, &["log", "8", "--json"])["revisions"][0]["left_out"],
        serde_json::json!(named)
    );

    for args in [&["pr-body", "8"][..], &["show", "8", "--format", "pr"][..]] {
        let body = sb.ok(&repo, args);
        assert!(
            body.contains("> Left out of this summary"),
            "{args:?}: {body}"
        );
        crate::common::assert_contains_all(&body, &named, "the PR body");
    }

    let (code, _, err) = sb.run(&repo, &["export", "8", "--format", "team"]);
    assert_eq!(code, 0, "{err}");
    crate::common::assert_contains_all(&err, &named, "export's warning");

    // Without duplicates nothing is flagged anywhere.
    sb.ok(&repo, &["save", "9", "-q", "--todo", "T1 — only"]);
    let v = sb.json(&repo, &["list", "--json"]);
    let nine = find_by(&v, "story", "9");
    assert_eq!(nine["left_out"], serde_json::json!([]));
    assert!(!sb.ok(&repo, &["pr-body", "9"]).contains("Left out"));
}

#[test]
fn importing_into_an_existing_story_says_so_and_keeps_the_newest_work_on_top() {
    let sb = Sandbox::new();
    let repo = sb.repo("r");
    // Today's work on the story, then last July's journal of the same story imported.
    sb.ok(
        &repo,
        &[
            "save",
            "api-backend",
            "-q",
            "--done",
            "T9 — newer work",
            "--next",
            "T10",
        ],
    );
    let file = sb.file(
        "working-context.md",
        include_bytes!("../corpus/seeds/team-working-context.md"),
    );
    let (code, out, err) = sb.run(&repo, &["import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 revisions written"), "{out}");
    assert!(
        err.contains("story api-backend already had revisions (tip: revision 1"),
        "{err}"
    );
    assert!(err.contains("3 dated before the tip"), "{err}");

    // The tip is still today's document; the imported revisions sit below it by date.
    let v = sb.json(&repo, &["resume", "api-backend", "--json"]);
    assert_eq!(v["next_action"], "T10", "{v}");
    let log = sb.json(&repo, &["log", "api-backend", "--json"]);
    let revs = log["revisions"].as_array().unwrap();
    assert_eq!(revs.len(), 5, "{log}");
    assert_eq!(revs[0]["parents"].as_array().unwrap().len(), 2, "{log}");
    let dates: Vec<&str> = sb
        .git(
            &repo,
            &[
                "log",
                "--format=%cI",
                "--first-parent",
                "refs/checkpoints/api-backend^2",
            ],
        )
        .leak()
        .lines()
        .collect();
    assert_eq!(
        dates,
        [
            "2026-07-16T15:10:00Z",
            "2026-07-16T12:30:00Z",
            "2026-07-16T09:00:00Z"
        ]
    );

    // Importing the same file again writes nothing and says nothing about the story.
    let (code, out, err) = sb.run(&repo, &["import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("0 revisions written, 3 unchanged"), "{out}");
    assert!(!err.contains("already had revisions"), "{err}");
}

#[test]
fn current_shows_the_current_story_and_what_wins_over_it_here() {
    let (sb, repo) = Sandbox::with_repo_on("feature/#42-login");
    let (code, out, err) = sb.run(&repo, &["current"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("no current story in this worktree")
            && err.contains("commands given no story use #42 (from branch feature/#42-login)"),
        "{err}"
    );

    sb.ok(&repo, &["start", "R-7", "-q"]);
    let (code, out, err) = sb.run(&repo, &["current"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Current story: R-7, made current on branch feature/#42-login"),
        "{out}"
    );
    assert!(!err.contains("commands given no story use"), "{err}");

    // On another branch naming another story, the branch's story wins: `current` says so.
    sb.git(&repo, &["switch", "-q", "-c", "feature/#50-x"]);
    let (_, out, err) = sb.run(&repo, &["current"]);
    assert!(out.contains("Current story: R-7"), "{out}");
    assert!(
        err.contains("commands given no story use #50 here (from branch feature/#50-x)")
            && err.contains("`git checkpoint start R-7`"),
        "{err}"
    );
}

#[test]
fn commands_in_messages_name_the_story_as_typed() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "ABC-9", "-q", "--title", "Typed"]);
    sb.ok(&repo, &["save", "ABC-9", "-q", "--todo", "T1 — more"]);
    sb.fails(
        &repo,
        &["save", "ABC-9", "--next", "x", "--expect", "1"],
        &["(`git checkpoint resume ABC-9`)"],
    );
    sb.ok(&repo, &["start", "R-8"]);
    let (code, out, _) = sb.run(&repo, &["status"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("R-8: no checkpoint yet; save one with `git checkpoint save R-8`"),
        "{out}"
    );
}
