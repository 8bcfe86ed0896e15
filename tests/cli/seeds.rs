//! Issue 4: every seed workflow on refs — templates, journal, stack, current story, staleness,
//! import/export round trips and the hand-off prompt. The documents, in tests/corpus/seeds/, are
//! written from each seed's template and example.

use crate::common::{assert_contains_all, strings_of, Sandbox, ITEM_A_PM, SEED_313};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const TEAM_CONTEXT: &str = include_str!("../corpus/seeds/team-working-context.md");
const TEAM_COMPLETED: &str = include_str!("../corpus/seeds/team-completed.md");
const PM_NOW: &str = include_str!("../corpus/seeds/pm-NOW.md");
const PM_STACK: &str = include_str!("../corpus/seeds/pm-STACK.md");
const GSTACK_1: &str = include_str!("../corpus/seeds/gstack-20260330-100000-auth-refactor.md");
const GSTACK_2: &str = include_str!("../corpus/seeds/gstack-20260331-143000-auth-refactor.md");

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

/// Asserts every field of a resume document named in `fields` (separated by white space) is
/// present and non-empty.
fn assert_fields(v: &Value, fields: &str) {
    for f in fields.split_whitespace() {
        let x = &v[f];
        let empty = x.is_null()
            || x.as_str().is_some_and(str::is_empty)
            || x.as_array().is_some_and(Vec::is_empty);
        assert!(!empty, "field {f} is empty in {v:#}");
    }
}

/// The structure that must survive export and re-import.
fn structure(v: &Value) -> Value {
    let mut out = serde_json::Map::new();
    const KEYS: &str = "title goal branch tasks_done tasks_remaining decisions next_action stage \
        stopped_at start_with done_when open_questions context files sections fields template \
        confidence";
    for k in KEYS.split_whitespace() {
        out.insert(k.into(), v[k].clone());
    }
    Value::Object(out)
}

/// Imports `files` and asserts they make one story, `story`, with `written` new revisions.
fn assert_imported(sb: &Sandbox, repo: &Path, files: &[&str], story: &str, written: u64) {
    let r = sb.json(repo, &[&["import"], files, &["--json"]].concat());
    assert_eq!(r["imported"][0]["story"], story, "{r:#}");
    assert_eq!(r["imported"][0]["written"], written, "{r:#}");
}

/// The `resume --json` fields a checkpoint of `template` imported from its seed fills, space
/// separated.
fn seed_fields(template: &str) -> &'static str {
    match template {
        "pair" => "title goal source branch tasks_done tasks_remaining decisions next_action",
        "team" => {
            "goal branch tasks_done tasks_remaining decisions next_action open_questions context \
             files sections journal trigger last_updated"
        }
        "pm" => {
            "title branch stage doc_status done_when tasks_done tasks_remaining stopped_at \
             next_action start_with decisions context open_questions fields"
        }
        "gstack" => {
            "title goal branch doc_status last_updated session_duration_s files decisions \
             tasks_remaining next_action context"
        }
        other => panic!("no seed of template {other}"),
    }
}

/// Resumes `story` (the current one when `None`) and asserts a high confidence, the
/// `template` and every one of its [`seed_fields`] non-empty; returns the resume document.
fn resume_high(sb: &Sandbox, repo: &Path, story: Option<&str>, template: &str) -> Value {
    let story: Vec<&str> = story.into_iter().collect();
    let v = sb.json(repo, &[&["resume"], &story[..], &["--json"]].concat());
    assert_eq!(v["confidence"], "high", "{:#}", v["gaps"]);
    assert_eq!(v["template"], template);
    assert_fields(&v, seed_fields(template));
    v
}

/// Imports `files` again and asserts nothing is written: every import reports 0 revisions
/// written and no ref moves.
fn assert_reimport_writes_nothing(sb: &Sandbox, repo: &Path, files: &[&str]) {
    let refs = sb.refs(repo);
    let again = sb.json(repo, &[&["import"], files, &["--json"]].concat());
    let imported = again["imported"].as_array().unwrap();
    assert!(!imported.is_empty(), "{again:#}");
    assert!(imported.iter().all(|i| i["written"] == 0), "{again:#}");
    assert_eq!(sb.refs(repo), refs);
}

/// Exports `story` as `format` to `out` with `extra` arguments;
/// returns stdout.
fn export(
    sb: &Sandbox,
    repo: &Path,
    story: &str,
    format: &str,
    out: &Path,
    extra: &[&str],
) -> String {
    let out = out.to_str().unwrap();
    sb.ok(
        repo,
        &[&["export", story, "--format", format, "-o", out], extra].concat(),
    )
}

/// Imports `files` into a new repository `r2` and asserts `story` resumes there with the
/// [`structure`] of `v`; returns `r2` and its resume document.
fn assert_reimported_elsewhere(
    sb: &Sandbox,
    files: &[&Path],
    story: &str,
    v: &Value,
) -> (PathBuf, Value) {
    let repo2 = sb.repo("r2");
    let args: Vec<&str> = std::iter::once("import")
        .chain(files.iter().map(|f| f.to_str().unwrap()))
        .collect();
    sb.ok(&repo2, &args);
    let w = sb.json(&repo2, &["resume", story, "--json"]);
    assert_eq!(structure(&w), structure(v));
    (repo2, w)
}

#[test]
fn pair_file_imports_resumes_high_exports_and_reimports_the_same() {
    let (sb, repo) = Sandbox::with_repo();
    let f = sb.file(".pair/working/checkpoints/313.md", SEED_313.as_bytes());
    assert_imported(&sb, &repo, &[f.to_str().unwrap()], "313", 1);
    let v = resume_high(&sb, &repo, Some("313"), "pair");
    assert_eq!(
        v["tasks_remaining"],
        json!(["T6 — Completion criteria + steering pass"])
    );
    // Importing again changes nothing.
    assert_reimport_writes_nothing(&sb, &repo, &[f.to_str().unwrap()]);
    // Export to the pair location, re-import elsewhere: same structure.
    let out = sb.path("out");
    std::fs::create_dir_all(&out).unwrap();
    export(&sb, &repo, "313", "pair", &out, &[]);
    let exported = out.join("313.md");
    assert_eq!(std::fs::read_to_string(&exported).unwrap(), SEED_313);
    assert_reimported_elsewhere(&sb, &[&exported], "313", &v);
}

#[test]
fn team_working_context_imports_journal_as_revisions_and_round_trips() {
    let (sb, repo, [wc, done]) = Sandbox::with_repo_and_files([
        (
            "zone/api_team/teammates/api-backend/working-context.md",
            TEAM_CONTEXT,
        ),
        (
            "zone/api_team/teammates/api-backend/completed.md",
            TEAM_COMPLETED,
        ),
    ]);
    assert_imported(&sb, &repo, &[&wc, &done], "api-backend", 3);
    let v = resume_high(&sb, &repo, Some("api-backend"), "team");
    assert_eq!(v["next_action"], "make tests/limit.rs::burst pass");
    assert_eq!(v["sections"][1]["heading"], "Commitments to Others");
    assert_eq!(v["journal"].as_array().unwrap().len(), 3);
    // Journal entries are revisions carrying their own timestamps.
    let log = sb.json(&repo, &["log", "api-backend", "--json"]);
    let revs = log["revisions"].as_array().unwrap();
    assert_eq!(revs.len(), 3);
    assert_eq!(revs[2]["message"], "picked up T3");
    assert_eq!(revs[2]["date"], "2026-07-16T09:00:00+00:00");
    assert_eq!(revs[0]["date"], "2026-07-16T15:10:00+00:00");
    assert!(s(&revs[1]["journal"]).contains("keep it in memory"));
    // completed.md became the completion log.
    let c = sb.json(&repo, &["log", "api-backend", "--completed", "--json"]);
    assert_eq!(c["completed"][0]["task"], "T2 — config loader");
    assert_eq!(c["completed"][1]["date"], "2026-07-16");
    assert_eq!(
        c["completed"][1]["files"],
        json!(["src/limit.rs", "tests/limit.rs"])
    );
    // Twice changes nothing.
    assert_reimport_writes_nothing(&sb, &repo, &[&wc, &done]);
    // Export: working-context.md + completed.md; re-import gives the same structure.
    let out = sb.path("export/api-backend");
    std::fs::create_dir_all(&out).unwrap();
    export(&sb, &repo, "api-backend", "team", &out, &[]);
    let ecd = out.join("completed.md");
    assert_eq!(std::fs::read_to_string(&ecd).unwrap(), TEAM_COMPLETED);
    let ewc = out.join("working-context.md");
    let (repo2, w) = assert_reimported_elsewhere(&sb, &[&ewc, &ecd], "api-backend", &v);
    assert_eq!(w["journal"], v["journal"]);
    assert_eq!(
        sb.json(&repo2, &["log", "api-backend", "--completed", "--json"])["completed"],
        c["completed"]
    );
}

#[test]
fn pm_now_and_stack_import_resume_and_round_trip() {
    let (sb, repo, [now, stack]) = Sandbox::with_repo_and_files([
        ("planning/NOW.md", PM_NOW),
        ("planning/STACK.md", PM_STACK),
    ]);
    let r = sb.json(&repo, &["import", &now, &stack, "--json"]);
    assert_eq!(r["current"], "r-007");
    assert_eq!(r["stack_pushed"], json!(["r-009"]));
    let v = resume_high(&sb, &repo, None, "pm");
    assert_eq!(v["story"], "r-007", "the imported NOW.md item is current");
    assert_eq!(v["start_with"], "cargo test limit::burst");
    assert_eq!(v["stage"], "execute");
    assert_eq!(
        v["done_when"][0],
        json!({"text": "`cargo test limit` passes", "done": false})
    );
    let list = sb.json(&repo, &["stack", "list", "--json"]);
    assert_eq!(list["entries"][0]["story"], "r-009");
    assert_eq!(
        list["entries"][0]["reason"],
        "production outage needs the session"
    );
    let stacked = sb.json(&repo, &["resume", "r-009", "--json"]);
    assert_eq!(
        stacked["next_action"],
        "add a retry-free wait on the session cookie"
    );
    // Twice changes nothing.
    assert_reimport_writes_nothing(&sb, &repo, &[&now, &stack]);
    // Export NOW.md and re-import: same structure.
    let out = sb.path("out/NOW.md");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    export(&sb, &repo, "r-007", "pm", &out, &[]);
    assert_reimported_elsewhere(&sb, &[&out], "r-007", &v);
}

#[test]
fn gstack_files_import_in_timestamp_order_and_round_trip() {
    // Given newest first: import still writes them oldest first.
    let (sb, repo, [b, a]) = Sandbox::with_repo_and_files([
        ("cp/20260331-143000-auth-refactor.md", GSTACK_2),
        ("cp/20260330-100000-auth-refactor.md", GSTACK_1),
    ]);
    // The story comes from the branch name.
    assert_imported(&sb, &repo, &[&b, &a], "abc-42", 2);
    let log = sb.json(&repo, &["log", "abc-42", "--json"]);
    let revs = log["revisions"].as_array().unwrap();
    assert_eq!(revs[0]["date"], "2026-03-31T14:30:00-07:00");
    assert_eq!(revs[1]["date"], "2026-03-30T10:00:00-07:00");
    let v = resume_high(&sb, &repo, Some("abc-42"), "gstack");
    assert_eq!(v["files"], json!(["src/auth.rs", "src/session.rs"]));
    assert_eq!(v["session_duration_s"], 5400);
    assert_eq!(v["next_action"], "Update callers in src/api/*.rs");
    // The diff between the two files is section by section.
    let d = sb.json(&repo, &["diff", "abc-42", "--json"]);
    assert_eq!(
        d["changes"]["decisions_added"],
        json!(["Keep verify() sync: no async runtime in the CLI"])
    );
    assert_reimport_writes_nothing(&sb, &repo, &[&a, &b]);
    let out = sb.path("out");
    std::fs::create_dir_all(&out).unwrap();
    let e: Value =
        serde_json::from_str(&export(&sb, &repo, "abc-42", "gstack", &out, &["--json"])).unwrap();
    let written = PathBuf::from(s(&e["written"][0]));
    assert!(
        written.to_str().unwrap().ends_with("-auth-refactor.md"),
        "{written:?}"
    );
    assert_eq!(std::fs::read_to_string(&written).unwrap(), GSTACK_2);
    assert_reimported_elsewhere(&sb, &[&written], "abc-42", &v);
}

#[test]
fn seed_003_sequence_push_interrupt_pop_and_done_when_checks() {
    let (sb, repo) = Sandbox::with_repo_on("item-a");
    sb.ok(&repo, &["start", "A-1"]);
    let todo = ["--todo", "T1 — write the parser"];
    sb.ok(&repo, &[&["save"], &ITEM_A_PM[..], &todo].concat());
    let v = sb.json(&repo, &["resume", "--json"]);
    assert_eq!(v["story"], "a-1");
    assert_eq!(v["template"], "pm");
    // The note names the story as typed, not as its lowercased ref component.
    let (_, _, err) = sb.run(&repo, &["status"]);
    assert!(
        err.contains("note: story A-1 is this worktree's current story"),
        "{err}"
    );
    // Interruption: push A, work on B on the branch that is checked out.
    let p = sb.json(
        &repo,
        &["stack", "push", "--reason", "prod outage", "--json"],
    );
    assert_eq!(p["pushed"]["story"], "a-1");
    assert_eq!(p["pushed"]["branch"], "item-a");
    // A-1 is no longer current: a save without a story has nothing to go on.
    sb.cp(&repo).args(["save"]).assert().failure();
    sb.git(&repo, &["switch", "-q", "-c", "hotfix"]);
    sb.ok(&repo, &["start", "B-2"]);
    sb.ok(
        &repo,
        &[
            "save",
            "--title",
            "Hotfix",
            "--todo",
            "T1 — fix",
            "--next",
            "fix it",
        ],
    );
    sb.ok(&repo, &["save", "--done", "T1", "-m", "fixed"]);
    sb.ok(&repo, &["done"]);
    assert!(sb.refs(&repo).contains("refs/checkpoints-archive/b-2"));
    // Pop A: refused on a dirty tree, naming the file; then restored with its branch.
    std::fs::write(repo.join("dirty.txt"), "x").unwrap();
    sb.git(&repo, &["add", "dirty.txt"]);
    let (code, _, err) = sb.run(&repo, &["stack", "pop", "--switch"]);
    assert_eq!(code, 1);
    assert!(err.contains("dirty.txt"), "{err}");
    assert_eq!(
        sb.json(&repo, &["stack", "list", "--json"])["entries"][0]["story"],
        "a-1"
    );
    sb.git(&repo, &["commit", "-q", "-m", "hotfix"]);
    let popped = sb.json(&repo, &["stack", "pop", "--switch", "--json"]);
    assert_eq!(popped["switched"], true);
    assert_eq!(popped["resume"]["next_action"], "write the parser");
    assert_eq!(popped["remaining"], json!([]));
    assert_eq!(
        sb.git(&repo, &["branch", "--show-current"]).trim(),
        "item-a"
    );
    // done refuses while the todo and the Done-when check are open, naming them.
    let (code, _, err) = sb.run(&repo, &["done"]);
    assert_eq!(code, 1);
    assert!(err.contains("todo: T1 — write the parser"), "{err}");
    assert!(err.contains("done when: parser tests pass"), "{err}");
    assert!(sb.refs(&repo).contains("refs/checkpoints/a-1"));
    sb.ok(&repo, &["save", "--done", "T1"]);
    let (code, _, err) = sb.run(&repo, &["done"]);
    assert_eq!(code, 1);
    assert!(
        !err.contains("todo:") && err.contains("parser tests pass"),
        "{err}"
    );
    // A check the story does not have is refused, naming the unmet ones; nothing is written.
    let before = sb.refs(&repo);
    sb.fails(
        &repo,
        &["save", "--met", "lint is clean"],
        &[
            "no Done-when check \"lint is clean\" in story ",
            "unmet checks are \"parser tests pass\"",
        ],
    );
    assert_eq!(sb.refs(&repo), before);
    // Not archived yet: the error points at the archive list, not at creating the story.
    sb.fails(
        &repo,
        &["resume", "--archived", "a-1"],
        &["(refs/checkpoints-archive/a-1); `git checkpoint list --archived` lists"],
    );
    sb.ok(&repo, &["save", "--met", "parser tests"]);
    sb.ok(&repo, &["done"]);
    let refs = sb.refs(&repo);
    assert!(
        refs.contains("refs/checkpoints-archive/a-1") && !refs.contains("refs/checkpoints/a-1")
    );
    sb.git(&repo, &["fsck", "--strict"]);
}

#[test]
fn done_force_and_stack_drop() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "x", "--todo", "open"]);
    sb.ok(&repo, &["stack", "push", "x", "--reason", "later"]);
    sb.ok(&repo, &["stack", "drop", "x"]);
    assert_eq!(
        sb.json(&repo, &["stack", "list", "--json"])["entries"],
        json!([])
    );
    let (code, _, err) = sb.run(&repo, &["stack", "pop"]);
    assert_eq!(code, 1);
    assert!(err.contains("nothing stacked"), "{err}");
    sb.cp(&repo).args(["done", "x"]).assert().failure();
    sb.ok(&repo, &["done", "x", "--force"]);
}

#[test]
fn current_story_is_per_worktree_and_switch_saves_the_old_one() {
    let (sb, repo) = Sandbox::with_repo();
    sb.git(&repo, &["worktree", "add", "-q", "../wt", "-b", "other"]);
    sb.ok(&repo, &["start", "one"]);
    sb.ok(&repo, &["save", "--title", "One"]);
    sb.ok(&sb.path("wt"), &["start", "two"]);
    sb.ok(&sb.path("wt"), &["save", "--title", "Two"]);
    assert_eq!(sb.json(&repo, &["resume", "--json"])["story"], "one");
    assert_eq!(
        sb.json(&sb.path("wt"), &["resume", "--json"])["story"],
        "two"
    );
    // The branch name wins over the current story.
    sb.git(&repo, &["switch", "-q", "-c", "feature/#77-x"]);
    sb.ok(&repo, &["save"]);
    assert!(sb.refs(&repo).contains("refs/checkpoints/77"));
    sb.git(&repo, &["switch", "-q", "main"]);
    let sw = sb.json(&repo, &["switch", "three", "--json"]);
    assert_eq!(sw["from"], "one");
    assert_eq!(sw["story"], "three");
    let log = sb.json(&repo, &["log", "one", "--json"]);
    assert_eq!(log["revisions"][0]["message"], "switch to three");
    let (code, out, _) = sb.run(&repo, &["status", "--json"]);
    assert_eq!(code, 1, "three has no checkpoint yet: stale");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["story"], "three");
    assert_eq!(v["exists"], false);
}

#[test]
fn journal_of_five_saves_and_completed_tasks_in_order() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &[
            "save",
            "j",
            "--todo",
            "T1 — a",
            "--todo",
            "T2 — b",
            "--todo",
            "T3 — c",
            "-m",
            "planned the work",
        ],
    );
    sb.ok(
        &repo,
        &[
            "save",
            "j",
            "--done",
            "T2",
            "-m",
            "T2 first\nit was blocking T1",
        ],
    );
    let notes = sb.file(
        "entry.md",
        b"T3 done\n\nDecided to keep the cache.\n> lead: fine by me\n",
    );
    sb.ok(
        &repo,
        &[
            "save",
            "j",
            "--done",
            "T3",
            "--journal",
            "-F",
            notes.to_str().unwrap(),
        ],
    );
    sb.ok(
        &repo,
        &[
            "save",
            "j",
            "--decision",
            "keep the cache",
            "-m",
            "recorded a decision",
        ],
    );
    sb.ok(&repo, &["save", "j", "--done", "T1", "-m", "T1 done"]);
    let log = sb.json(&repo, &["log", "j", "--json"]);
    let msgs = strings_of(&log["revisions"], "message");
    assert_eq!(
        msgs,
        [
            "T1 done",
            "recorded a decision",
            "T3 done",
            "T2 first",
            "planned the work"
        ]
    );
    assert_eq!(log["revisions"][3]["journal"], "it was blocking T1");
    assert!(s(&log["revisions"][2]["journal"]).contains("> lead: fine by me"));
    let text = sb.ok(&repo, &["log", "j"]);
    assert_eq!(text.matches("revision ").count(), 5, "{text}");
    let c = sb.json(&repo, &["log", "j", "--completed", "--json"]);
    let tasks = strings_of(&c["completed"], "task");
    assert_eq!(tasks, ["T2 — b", "T3 — c", "T1 — a"]);
    assert!(s(&c["completed"][0]["date"]).contains('T'));
    let human = sb.ok(&repo, &["log", "j", "--completed"]);
    let lines: Vec<&str> = human.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].ends_with("T2 — b") && lines[2].ends_with("T1 — a"),
        "{human}"
    );
    // -F without --journal still replaces the document, and refuses content flags.
    sb.fails(
        &repo,
        &["save", "j", "-F", notes.to_str().unwrap(), "--todo", "x"],
        &["--journal"],
    );
}

#[test]
fn team_template_renders_recent_journal_as_part_b() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &[
            "save",
            "tm",
            "--template",
            "team",
            "--goal",
            "Ship it",
            "--todo",
            "T1 — x",
            "--next",
            "do x",
            "-m",
            "first entry",
        ],
    );
    sb.ok(
        &repo,
        &[
            "save",
            "tm",
            "--done",
            "T1",
            "-m",
            "second entry\nwith details",
        ],
    );
    let v = sb.json(&repo, &["resume", "tm", "--json"]);
    assert_eq!(v["template"], "team", "the template is reused");
    let doc = s(&v["document"]);
    assert!(doc.contains("## Part B — Work Journal"), "{doc}");
    assert!(doc.contains(" — first entry\n"), "{doc}");
    assert!(doc.contains(" — second entry\nwith details"), "{doc}");
    assert_eq!(v["journal"].as_array().unwrap().len(), 2);
    let trailer = sb.git(&repo, &["log", "-1", "--format=%B", "refs/checkpoints/tm"]);
    assert!(trailer.contains("Checkpoint-Template: team"), "{trailer}");
}

#[test]
fn custom_templates_from_the_repository_and_from_config() {
    let (sb, repo) = Sandbox::with_repo();
    std::fs::create_dir_all(repo.join(".checkpoint/templates")).unwrap();
    std::fs::write(
        repo.join(".checkpoint/templates/review.md"),
        "# Review checkpoint\n\n## Summary\n\n## Risks\n\n## Remaining Work\n\n## Next action\n\n## Notes (optional)\n",
    )
    .unwrap();
    sb.ok(
        &repo,
        &[
            "save",
            "rv",
            "--template",
            "review",
            "--goal",
            "Review the parser",
            "--todo",
            "read lexer.rs",
            "--next",
            "read parser.rs",
        ],
    );
    let v = sb.json(&repo, &["resume", "rv", "--json"]);
    assert_eq!(v["template"], "review");
    // Risks is required and still "None": that is content, not a gap.
    assert_eq!(v["confidence"], "high", "{:#}", v["gaps"]);
    let doc = s(&v["document"]).replace("## Risks\n\nNone\n", "");
    let f = sb.file("cut.md", doc.as_bytes());
    sb.ok(&repo, &["save", "rv", "-F", f.to_str().unwrap()]);
    let v = sb.json(&repo, &["resume", "rv", "--json"]);
    assert_eq!(v["gaps"], json!(["missing section 'Risks'"]));
    // From config.
    sb.git(
        &repo,
        &[
            "config",
            "checkpoint.standup.sections",
            "Yesterday, Today, Blockers",
        ],
    );
    sb.git(&repo, &["config", "checkpoint.template", "standup"]);
    sb.ok(&repo, &["save", "su", "--question", "need a DB account"]);
    let v = sb.json(&repo, &["resume", "su", "--json"]);
    assert_eq!(v["template"], "standup");
    assert_eq!(v["open_questions"], json!(["need a DB account"]));
    // Unknown template: one line naming it and the fix; nothing written.
    let refs = sb.refs(&repo);
    let (code, _, err) = sb.run(&repo, &["save", "zz", "--template", "nope"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("\"nope\"") && err.contains(".checkpoint/templates/nope.md"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(sb.refs(&repo), refs);
}

#[test]
fn status_max_commits_is_stale_after_four_commits_and_fresh_after_save() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["start", "st"]);
    let (code, _, _) = sb.run(&repo, &["status", "--max-commits", "3"]);
    assert_eq!(code, 1, "no checkpoint yet is stale");
    sb.ok(&repo, &["save", "--title", "Staleness"]);
    for i in 0..3 {
        sb.git(
            &repo,
            &["commit", "-q", "--allow-empty", "-m", &format!("c{i}")],
        );
    }
    let (code, out, _) = sb.run(&repo, &["status", "--max-commits", "3"]);
    assert_eq!(code, 0, "{out}");
    sb.git(&repo, &["commit", "-q", "--allow-empty", "-m", "c3"]);
    let (code, out, _) = sb.run(&repo, &["status", "--max-commits", "3", "--json"]);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["commits_since"], 4);
    assert_eq!(v["stale"], true);
    sb.ok(&repo, &["save"]);
    let (code, out, _) = sb.run(&repo, &["status", "--max-commits", "3"]);
    assert_eq!(code, 0, "{out}");
    // Defaults from config; a bad value names the key and the fix.
    sb.git(&repo, &["config", "checkpoint.maxCommits", "0"]);
    sb.git(&repo, &["commit", "-q", "--allow-empty", "-m", "c4"]);
    let (code, out, err) = sb.run(&repo, &["status"]);
    assert_eq!(code, 1);
    assert!(
        format!("{out}{err}").contains("stale: 1 commit since the save (more than 0)"),
        "{out}{err}"
    );
    sb.git(&repo, &["config", "checkpoint.maxAge", "soon"]);
    let (code, _, err) = sb.run(&repo, &["status"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("checkpoint.maxAge") && err.contains("30m"),
        "{err}"
    );
    assert_eq!(
        sb.run(&repo, &["status", "--max-age", "1h", "--max-commits", "5"])
            .0,
        0
    );
}

#[test]
fn prompt_within_1500_chars_keeps_next_action_and_start_command() {
    let (sb, repo) = Sandbox::with_repo();
    let mut args: Vec<String> = [
        "save",
        "big",
        "--template",
        "pm",
        "--title",
        "A very large item",
        "--next",
        "run the migration dry-run and compare row counts",
        "--start-with",
        "cargo run --bin migrate -- --dry-run",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for i in 0..40 {
        args.push("--todo".into());
        args.push(format!(
            "T{i} — step number {i} of the long migration plan, with enough words to matter"
        ));
        args.push("--decision".into());
        args.push(format!(
            "decision {i}: we chose option {i} because the alternative broke compatibility"
        ));
        args.push("--context".into());
        args.push(format!(
            "context note {i} that a fresh session should know about the environment"
        ));
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    sb.ok(&repo, &refs);
    let full = sb.ok(&repo, &["prompt", "big"]);
    assert!(full.chars().count() > 5000, "the checkpoint is large");
    let text = sb.ok(&repo, &["prompt", "big", "--max-chars", "1500"]);
    assert!(text.chars().count() <= 1500, "{}", text.chars().count());
    let wanted = [
        "Next action: run the migration dry-run and compare row counts",
        "Start with: cargo run --bin migrate -- --dry-run",
        "Remaining work (keep the ids in your plan or todo items: `",
    ];
    assert_contains_all(&text, &wanted, "the 1500-character brief");
    let next_at = text.find("Next action").unwrap();
    let remaining_at = text.find("Remaining work").unwrap();
    assert!(next_at < remaining_at, "most important first");
    let v = sb.json(&repo, &["prompt", "big", "--max-chars", "1500", "--json"]);
    assert!(v["chars"].as_u64().unwrap() <= 1500);
    assert!(v["omitted"]
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o == "context"));
    // Without a start-with, the start command is derived, with a switch when on another branch.
    sb.ok(&repo, &["save", "small", "--next", "go"]);
    sb.git(&repo, &["switch", "-q", "-c", "elsewhere"]);
    let t = sb.ok(&repo, &["prompt", "small", "--max-chars", "200"]);
    assert!(
        t.contains("Start with: git switch main && git checkpoint resume small"),
        "{t}"
    );
    let (code, _, err) = sb.run(&repo, &["prompt", "small", "--max-chars", "10"]);
    assert_eq!(code, 2, "a budget too small is a usage error");
    assert!(err.contains("--max-chars"), "{err}");
}

#[test]
fn every_new_command_prints_one_json_document() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "k", "--next", "n"]);
    for args in [
        &["start", "k", "--json"][..],
        &["status", "--json"],
        &["stack", "push", "--reason", "r", "--json"],
        &["stack", "list", "--json"],
        &["stack", "pop", "--json"],
        &["stack", "push", "k", "--reason", "r", "--json"],
        &["stack", "drop", "--json"],
        &["switch", "k", "--json"],
        &["export", "k", "--format", "gstack", "--json"],
        &["prompt", "k", "--json"],
        &["log", "k", "--completed", "--json"],
    ] {
        let v = sb.json(&repo, args);
        assert_eq!(v["schema_version"], 1, "{args:?}: {v}");
    }
    let f = sb.file("x/NOW.md", PM_NOW.as_bytes());
    assert_eq!(
        sb.json(&repo, &["import", f.to_str().unwrap(), "--json"])["schema_version"],
        1
    );
    // Bad input: one line, non-zero, nothing written.
    let refs = sb.refs(&repo);
    let missing = sb.path("nope.md");
    let (code, _, err) = sb.run(&repo, &["import", missing.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("nope.md") && err.lines().count() == 1, "{err}");
    let junk = sb.file("junk.md", b"just some words\n");
    let (code, _, err) = sb.run(&repo, &["import", junk.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("junk.md"), "{err}");
    assert_eq!(sb.refs(&repo), refs);
}

#[test]
fn stack_pop_never_replaces_another_current_story_silently() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "R-7", "-q", "--title", "Suspended work"]);
    sb.ok(&repo, &["save", "R-9", "-q", "--title", "Active work"]);
    sb.ok(
        &repo,
        &["stack", "push", "R-7", "--reason", "hotfix first", "-q"],
    );
    sb.ok(&repo, &["start", "R-9", "-q"]);
    let (code, _, err) = sb.run(&repo, &["stack", "pop"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("story R-9 is current here; popping R-7 would replace it")
            && err.contains("git checkpoint stack push R-9"),
        "{err}"
    );
    let list = sb.json(&repo, &["stack", "list", "--json"]);
    assert!(
        list.to_string().contains("R-7"),
        "still on the stack: {list}"
    );
    // Seed 003's way: push the active item, then pop.
    sb.ok(
        &repo,
        &["stack", "push", "R-9", "--reason", "back to R-7", "-q"],
    );
    sb.ok(&repo, &["stack", "pop", "-q"]);
    let (_, out, _) = sb.run(&repo, &["start"]);
    // As its checkpoint shows it, not the canonical `r-9`.
    assert!(out.contains("Current story: R-9"), "R-9 popped next: {out}");
}
