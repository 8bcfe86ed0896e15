//! What people really hand us (issue 28): documents in the encodings their editors and shells
//! write, exports over files they wrote themselves, files that are no checkpoint at all, a
//! folder of gstack checkpoints. Every document here is our own, built in the test with the
//! structure of a real one in `../shared/cases/real/` (never its text).

use crate::common::Sandbox;
use std::path::Path;

/// A pair checkpoint of ours: story, goal, one task each way, a decision, the next action.
const PAIR: &str = "# Checkpoint: #41 — Export guard\n\n**Last updated:** 2026-05-02 09:15\n\n## 1. Story\n**ID:** #41\n**Title:** Export guard\n**Goal:** Keep users' files.\n\n## 2. Branch\n**Branch:** `feat/41-guard`\n\n## 3. Tasks Done\n- [x] T1 — read the target\n\n## 4. Key Decisions\n- Record what we wrote: content alone cannot tell\n\n## 5. Remaining Todos\n- [ ] T2 — refuse the overwrite\n**Next immediate action:** write the refusal test\n";

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let mut out = if big_endian {
        vec![0xFE, 0xFF]
    } else {
        vec![0xFF, 0xFE]
    };
    for u in text.encode_utf16() {
        out.extend(if big_endian {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        });
    }
    out
}

fn show(sb: &Sandbox, repo: &Path, story: &str) -> String {
    sb.ok(repo, &["show", story])
}

#[test]
fn utf16_from_a_powershell_redirect_is_decoded_and_saved_as_its_text() {
    let (sb, repo) = Sandbox::with_repo();
    for (name, big) in [("le.md", false), ("be.md", true)] {
        let crlf = PAIR.replace('\n', "\r\n");
        let f = sb.file(name, &utf16(&crlf, big));
        let (_, err) = sb.ok_with_stderr(&repo, &["save", "41", "-F", f.to_str().unwrap()]);
        let which = if big { "UTF-16 BE" } else { "UTF-16 LE" };
        assert!(err.contains(which), "{err}");
        assert!(err.contains("CRLF line endings: stored with LF"), "{err}");
        // The stored text is the document itself, not NUL-riddled lossy text.
        assert_eq!(show(&sb, &repo, "41"), PAIR);
        let r = sb.json(&repo, &["resume", "41", "--json"]);
        assert_eq!(r["next_action"], "write the refusal test", "{r:#}");
    }
}

#[test]
fn latin1_and_invalid_utf8_are_refused_naming_the_file_and_the_fix() {
    let (sb, repo) = Sandbox::with_repo();
    let mut latin1 = PAIR
        .replace("Keep users' files.", "Garder les fichiers de l'utilisateur")
        .into_bytes();
    // "Déjà" in Latin-1: 0xE9 and 0xE0 are no UTF-8.
    latin1.extend(b"\n## Context\n- D\xE9j\xE0 vu\n");
    let f = sb.file("notes-latin1.md", &latin1);
    let p = f.to_str().unwrap();
    for args in [
        vec!["save", "41", "-F", p],
        vec!["save", "41", "--journal", "-F", p],
        vec!["import", p, "--story", "41"],
    ] {
        let err = sb.fails(
            &repo,
            &args,
            &["notes-latin1.md", "not UTF-8", "iconv -f latin1 -t utf-8"],
        );
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    assert!(!sb.refs(&repo).contains("refs/checkpoints/41"));
}

#[test]
fn a_byte_order_mark_hides_no_front_matter_on_import() {
    let (sb, repo) = Sandbox::with_repo();
    let gstack = "---\nstatus: in-progress\nbranch: main\ntimestamp: 2026-05-02T09:15:00+08:00\nfiles_modified: []\n---\n\n## Working on: Bill export\n\n### Summary\nExport works.\n\n### Decisions Made\n- CSV first\n\n### Remaining Work\n1. PDF export\n\n### Notes\n- none yet\n";
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(gstack.as_bytes());
    let f = sb.file("g/20260502-091500-bill-export.md", &bytes);
    let r = sb.json(&repo, &["import", f.to_str().unwrap(), "--json"]);
    assert_eq!(r["imported"][0]["story"], "bill-export", "{r:#}");
    let shown = sb.ok(&repo, &["show", "bill-export"]);
    assert_eq!(shown, gstack);
    let v = sb.json(&repo, &["resume", "bill-export", "--json"]);
    assert_eq!(v["template"], "gstack", "{v:#}");
    assert_eq!(v["next_action"], "PDF export", "{v:#}");
}

/// A free-form `working-context.md` as a person keeps it (the structure of the real one: a
/// title with a dash, sections of its own, a YAML-ish state block, a table), about 5.5 KB.
fn free_form_working_context() -> String {
    let mut s = String::from("# Working Context — Release Captain\n\n## Release Train State\n\n```yaml\ntrain: 14\nstate: boarding\n```\n\n## Deliverables\n\n| item | owner | state |\n| --- | --- | --- |\n");
    let mut n = 0;
    while s.len() < 5400 {
        n += 1;
        s.push_str(&format!(
            "| deliverable {n} of the train | crew member {n} | waiting on review {n} |\n"
        ));
    }
    s.push_str("\n## Handover Notes\n\nThe captain hands over on Fridays.\n");
    s
}

#[test]
fn export_never_overwrites_a_file_it_did_not_write() {
    let (sb, repo) = Sandbox::with_repo();
    let mine = free_form_working_context();
    assert!(mine.len() > 5000, "{}", mine.len());
    let f = repo.join("working-context.md");
    std::fs::write(&f, &mine).unwrap();
    sb.ok(
        &repo,
        &["import", "working-context.md", "--force", "--story", "crew"],
    );
    // The real case: exit 0 and 783 bytes of empty sections over the user's file.
    let (code, out, err) = sb.run(
        &repo,
        &[
            "export",
            "crew",
            "--format",
            "team",
            "-o",
            "working-context.md",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        err,
        format!("error: refusing to overwrite working-context.md: git-checkpoint did not write it ({} bytes that no export of ours wrote); nothing was written; pass --force to replace it, or -o another path\n", mine.len())
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), mine);
    let entries = || std::fs::read_dir(&repo).unwrap().count();
    let before = entries();

    // A file it wrote and nobody changed since is its own: a second export replaces it.
    let out = repo.join("exported.md");
    let o = out.to_str().unwrap();
    sb.ok(&repo, &["export", "crew", "--format", "team", "-o", o]);
    sb.ok(&repo, &["save", "crew", "--next", "ship train 14"]);
    sb.ok(&repo, &["export", "crew", "--format", "team", "-o", o]);
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("ship train 14"));
    // Edited by hand since: refused again, the edit kept.
    let mut edited = std::fs::read_to_string(&out).unwrap();
    edited.push_str("\nmy own line\n");
    std::fs::write(&out, &edited).unwrap();
    sb.fails(
        &repo,
        &["export", "crew", "--format", "team", "-o", o],
        &["it changed since git-checkpoint exported it", "--force"],
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), edited);
    assert_eq!(entries(), before + 1, "no temp file left behind");

    // --force replaces it, atomically through the one writer.
    sb.ok(
        &repo,
        &[
            "export",
            "crew",
            "--format",
            "team",
            "-o",
            "working-context.md",
            "--force",
        ],
    );
    assert!(std::fs::read_to_string(&f)
        .unwrap()
        .starts_with("# Working Context"));
    assert!(sb.path("r/.git/checkpoint/exported").exists());
}

#[test]
fn export_says_before_writing_what_the_format_cannot_hold() {
    let (sb, repo) = Sandbox::with_repo();
    let gstack = "---\nstatus: in-progress\nbranch: feat/bills\ntimestamp: 2026-05-02T09:15:00+08:00\nsession_duration_s: 5400\nfiles_modified:\n  - src/bill.rs\n  - src/pdf.rs\n---\n\n## Working on: Bill export\n\n### Summary\nExport works.\n\n### Decisions Made\n- CSV first\n\n### Remaining Work\n1. PDF export\n\n### Notes\n- none yet\n";
    let f = sb.file("20260502-091500-bill-export.md", gstack.as_bytes());
    sb.ok(&repo, &["import", f.to_str().unwrap()]);
    let v = sb.json(
        &repo,
        &[
            "export",
            "bill-export",
            "--format",
            "team",
            "--json",
            "-o",
            "wc.md",
        ],
    );
    let dropped: Vec<&str> = v["dropped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["field"].as_str().unwrap())
        .collect();
    assert!(dropped.contains(&"session_duration_s"), "{v:#}");
    // The warnings come on stderr, one line per field, before the write is reported.
    std::fs::remove_file(repo.join("wc.md")).unwrap();
    let (out, err) = sb.ok_with_stderr(
        &repo,
        &["export", "bill-export", "--format", "team", "-o", "wc.md"],
    );
    assert!(
        err.contains("warning: the team format cannot hold session_duration_s (5400): left out of the export"),
        "{err}"
    );
    assert_eq!(out, "Wrote wc.md\n");
    // A long free-form hand-off with many sections no format reads: one line names the count
    // and the first five, not one warning per section.
    let mut long = String::from("# Project notes\n");
    for i in 1..=12 {
        long.push_str(&format!("\n## Area {i}\nsome words\n"));
    }
    let f = sb.file("notes.md", long.as_bytes());
    sb.ok(&repo, &["save", "notes", "-q", "-F", f.to_str().unwrap()]);
    let (_, err) = sb.ok_with_stderr(
        &repo,
        &["export", "notes", "--format", "team", "-o", "n.md"],
    );
    let lines: Vec<&str> = err.lines().filter(|l| l.contains("section")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains("12 sections") && lines[0].contains("and 7 more"),
        "{err}"
    );
    // The same format is the stored file itself: nothing dropped.
    let v = sb.json(
        &repo,
        &["export", "bill-export", "--format", "gstack", "--json"],
    );
    assert_eq!(v["dropped"], serde_json::json!([]), "{v:#}");
    assert_eq!(v["document"], gstack);
}

/// A team-culture page that only shares the checkpoint's file name (the structure of the
/// negative case: a bare `# Working Context`, a quote, prose with bold words and links, a
/// section of tools, a list of links), in Chinese like the real one but our own words.
const CULTURE_PAGE: &str = "# Working Context\n\n> 这里写的是我们小组的习惯，帮助新同事上手\n\n我们用 **Markdown** 写文档，也希望每个人写得**整洁**。\n\n推荐阅读 [排版指南](https://example.com/guide)。\n\n## 常用工具\n\n- 编辑器随意，提交前请格式化\n\n## 其他\n- [行为准则](https://example.com/code-of-conduct)\n";

#[test]
fn a_page_that_is_no_checkpoint_is_refused_and_force_imports_it() {
    let (sb, repo) = Sandbox::with_repo();
    let page = sb.file("handbook/working-context.md", CULTURE_PAGE.as_bytes());
    let readme = sb.file(
        "widget/README.md",
        b"# Widget\n\nA tiny widget.\n\n## Installation\n\n    cargo install widget\n\n## Usage\n\nRun `widget`.\n\n## License\n\nMIT\n",
    );
    for (f, headings) in [
        (&page, "'Working Context', '常用工具', '其他'"),
        (&readme, "'Widget', 'Installation', 'Usage', 'License'"),
    ] {
        let (code, out, err) = sb.run(&repo, &["import", f.to_str().unwrap()]);
        assert_eq!(code, 1, "{out}{err}");
        assert!(err.contains("is not a checkpoint"), "{err}");
        assert!(err.contains(headings), "{err}");
        assert!(err.contains("--force"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    assert!(!sb.refs(&repo).contains("refs/checkpoints/"));
    // The flag imports it anyway, named by its folder as a teammate's file is.
    let v = sb.json(
        &repo,
        &["import", page.to_str().unwrap(), "--force", "--json"],
    );
    assert_eq!(v["imported"][0]["story"], "handbook", "{v:#}");
    assert_eq!(sb.ok(&repo, &["show", "handbook"]), CULTURE_PAGE);
}

#[test]
fn an_empty_stack_md_says_so() {
    let (sb, repo) = Sandbox::with_repo();
    let f = sb.file("STACK.md", b"");
    let (out, err) = sb.ok_with_stderr(&repo, &["import", f.to_str().unwrap()]);
    assert!(
        err.contains("STACK.md holds no stack entry") && err.contains("nothing imported"),
        "{err}"
    );
    assert!(out.is_empty(), "{out}");
}

/// A teammate's free-form `working-context.md` (sections of their own, not Part A/Part B).
fn teammate_context(who: &str, task: &str) -> String {
    format!("# Working Context\n\n**Written by:** {who}\n\n## Completed Tasks\n- [x] {task}\n\n## Next Steps\n- review {task}\n")
}

#[test]
fn files_of_one_name_from_different_people_stay_different_stories() {
    let (sb, repo) = Sandbox::with_repo();
    // Two folders, one per teammate (seed 001's layout).
    let a = sb.file(
        "ctx/alice/working-context.md",
        teammate_context("Alice", "login form").as_bytes(),
    );
    let b = sb.file(
        "ctx/bob/working-context.md",
        teammate_context("Bob", "rate limiter").as_bytes(),
    );
    let v = sb.json(
        &repo,
        &["import", a.to_str().unwrap(), b.to_str().unwrap(), "--json"],
    );
    let stories: Vec<&str> = v["imported"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["story"].as_str().unwrap())
        .collect();
    assert_eq!(stories, ["alice", "bob"], "{v:#}");
    // The same folder name, told apart by their author lines; and a later import of a third
    // person's file of that name is not a revision of either.
    let c = sb.file(
        "x/team/working-context.md",
        teammate_context("Carol Ng", "docs").as_bytes(),
    );
    let d = sb.file(
        "y/team/working-context.md",
        teammate_context("Dan", "cache").as_bytes(),
    );
    let v = sb.json(
        &repo,
        &["import", c.to_str().unwrap(), d.to_str().unwrap(), "--json"],
    );
    let stories: Vec<&str> = v["imported"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["story"].as_str().unwrap())
        .collect();
    assert_eq!(stories, ["team-carol-ng", "team-dan"], "{v:#}");
    let e = sb.file(
        "z/alice/working-context.md",
        teammate_context("Erin", "search").as_bytes(),
    );
    let v = sb.json(&repo, &["import", e.to_str().unwrap(), "--json"]);
    assert_eq!(v["imported"][0]["story"], "alice-erin", "{v:#}");
    assert_eq!(v["imported"][0]["written"], 1, "{v:#}");
    let log = sb.json(&repo, &["log", "alice", "--json"]);
    assert_eq!(log["revisions"].as_array().unwrap().len(), 1, "{log:#}");
}

/// A gstack checkpoint of ours with the real ones' front matter (status, branch, timestamp
/// with its offset, files_modified) and four sections.
fn gstack_file(status: &str, at: &str, title: &str, next: &str) -> String {
    format!("---\nstatus: {status}\nbranch: main\ntimestamp: {at}\nfiles_modified:\n  - src/app.ts\n---\n\n## Working on: {title}\n\n### Summary\n{title} went well.\n\n### Decisions Made\n- keep the old API\n\n### Remaining Work\n1. {next}\n\n### Notes\n- nothing else\n")
}

#[test]
fn a_folder_of_gstack_checkpoints_is_one_story_with_its_history_in_order() {
    let (sb, repo) = Sandbox::with_repo();
    let files = [
        (
            "20260423-014530-handoff-ready.md",
            "ready-to-start",
            "2026-04-23T01:45:30+08:00",
            "Handoff ready",
            "start phase 1",
        ),
        (
            "20260424-005948-phase-1-complete.md",
            "in-progress",
            "2026-04-24T00:59:48+08:00",
            "Phase 1 complete",
            "start phase 2",
        ),
        (
            "20260519-142139-mainline-switch.md",
            "completed",
            "2026-05-19T14:21:39+08:00",
            "Mainline switch",
            "none",
        ),
        (
            "20260602-144556-pr5-merged.md",
            "in-progress",
            "2026-06-02T14:45:56+08:00",
            "PR 5 merged",
            "test on the simulator",
        ),
    ];
    let mut paths = Vec::new();
    // Given out of order: the history is by timestamp, not by argument.
    for (name, status, at, title, next) in files.iter().rev() {
        let p = sb.file(
            &format!("kids/checkpoints/{name}"),
            gstack_file(status, at, title, next).as_bytes(),
        );
        paths.push(p.to_str().unwrap().to_string());
    }
    let mut args = vec!["import"];
    args.extend(paths.iter().map(String::as_str));
    args.push("--json");
    let v = sb.json(&repo, &args);
    // One story, named after the project (gstack's <project>/checkpoints/), not four.
    assert_eq!(v["imported"].as_array().unwrap().len(), 1, "{v:#}");
    assert_eq!(v["imported"][0]["story"], "kids", "{v:#}");
    assert_eq!(v["imported"][0]["written"], 4, "{v:#}");
    let log = sb.json(&repo, &["log", "kids", "--json"]);
    let subjects: Vec<&str> = log["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        subjects,
        [
            "import 20260602-144556-pr5-merged.md",
            "import 20260519-142139-mainline-switch.md",
            "import 20260424-005948-phase-1-complete.md",
            "import 20260423-014530-handoff-ready.md",
        ],
        "{log:#}"
    );
    let r = sb.json(&repo, &["resume", "kids", "--json"]);
    assert_eq!(r["title"], "PR 5 merged", "{r:#}");
    assert_eq!(r["status"], "active", "{r:#}");
    assert_eq!(r["next_action"], "test on the simulator", "{r:#}");
    // Imported again: nothing new.
    let again = sb.json(&repo, &args);
    assert_eq!(again["imported"][0]["written"], 0, "{again:#}");
}

#[test]
fn gstack_completed_is_a_finished_story() {
    let (sb, repo) = Sandbox::with_repo();
    let a = sb.file(
        "billing/20260501-090000-invoices.md",
        gstack_file(
            "in-progress",
            "2026-05-01T09:00:00Z",
            "Invoices",
            "send them",
        )
        .as_bytes(),
    );
    let b = sb.file(
        "billing/20260502-090000-invoices-sent.md",
        gstack_file("completed", "2026-05-02T09:00:00Z", "Invoices sent", "none").as_bytes(),
    );
    let (out, err) =
        sb.ok_with_stderr(&repo, &["import", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(
        err.contains("story billing finished: its newest checkpoint says status: completed"),
        "{err}"
    );
    assert!(out.contains("refs/checkpoints-archive/billing"), "{out}");
    let refs = sb.refs(&repo);
    assert!(refs.contains("refs/checkpoints-archive/billing"), "{refs}");
    assert!(!refs.contains("refs/checkpoints/billing"), "{refs}");
    let r = sb.json(&repo, &["resume", "--archived", "billing", "--json"]);
    assert_eq!(r["status"], "done", "{r:#}");
    // Imported again: nothing written, not finished twice.
    let (out, err) =
        sb.ok_with_stderr(&repo, &["import", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(out.contains("0 revisions written, 2 unchanged"), "{out}");
    assert!(!err.contains("finished"), "{err}");
}

/// A FIFO given to `import` or as `export -o` is refused at once, naming it, instead of blocking
/// until somebody writes to it (before: both waited forever); a directory given to `import`
/// names the fix (its files).
#[test]
fn a_fifo_or_a_directory_is_refused_not_waited_on() {
    let (sb, repo) = Sandbox::with_repo();
    let st = std::process::Command::new("mkfifo")
        .arg(repo.join("pipe.md"))
        .status()
        .expect("mkfifo");
    assert!(st.success());
    std::fs::create_dir(repo.join("notes")).unwrap();
    sb.ok(&repo, &["save", "7", "-q", "-m", "x"]);
    // Bounded: the old code blocked on the FIFO for good.
    let bounded = |args: &[&str]| {
        let out = sb
            .cp(&repo)
            .args(args)
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?} exits 1, in time");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = bounded(&["import", "pipe.md"]);
    assert!(
        err.contains("pipe.md") && err.contains("not a regular file"),
        "{err}"
    );
    let err = bounded(&["import", "notes"]);
    assert!(
        err.contains("is a directory") && err.contains("notes/*.md"),
        "{err}"
    );
    let err = bounded(&["export", "7", "--format", "pair", "-o", "pipe.md"]);
    assert!(err.contains("not a regular file"), "{err}");
}
