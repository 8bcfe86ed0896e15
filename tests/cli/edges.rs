//! Edges a git user trips on (issue 30, item 8): revisions named as git names them, recovery
//! advice that restores the last good revision, `setup --undo` beside a global
//! `notes.rewriteRef`, `status` in a bare repository, the formats' names in help texts,
//! `agent uninstall` keeping the user's files, `log -n`/`--oneline`, and the JSON fields
//! scripts asked for.

use crate::common::{read_json, Sandbox};
use std::path::Path;

/// Runs `args` in `dir`; asserts exit code `code` and that stderr is one `error: ` line;
/// returns that line.
fn one_error_line(sb: &Sandbox, dir: &Path, args: &[&str], code: i32) -> String {
    let (got, out, err) = sb.run(dir, args);
    assert_eq!(got, code, "{args:?}: stdout {out}\nstderr {err}");
    assert!(out.is_empty(), "{args:?}: nothing on stdout: {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    for raw in ["delegate", "NthAncestor", "input=", "NotFound", "peel"] {
        assert!(!err.contains(raw), "{args:?}: gix's words ({raw}): {err}");
    }
    err.trim_end().to_string()
}

/// `at` of a revision that does not exist names the input, why, and what to run instead, in
/// one line and git's words, exit 1 (a failure, as `git checkpoint resume` of a missing story:
/// the input was read against the repository). Before: "not a commit: \"HEAD~1\":
/// delegate.traverse(NthAncestor(1)) failed, input=\"~1\": Commit 1430cd1 has 0 ancestors
/// ...".
#[test]
fn at_names_a_missing_revision_and_the_fix_as_git_does() {
    let (sb, repo) = Sandbox::with_repo();
    let e = one_error_line(&sb, &repo, &["at", "HEAD~1"], 1);
    assert!(
        e.starts_with("error: HEAD~1: no such revision (HEAD has no parent"),
        "{e}"
    );
    assert!(e.contains("git log"), "the fix: {e}");
    let e = one_error_line(&sb, &repo, &["at", "HEAD^2"], 1);
    assert!(
        e.starts_with("error: HEAD^2: no such revision (HEAD has no parent"),
        "{e}"
    );
    let e = one_error_line(&sb, &repo, &["at", "nosuchrev"], 1);
    assert!(
        e.starts_with("error: nosuchrev: no such revision (unknown revision"),
        "{e}"
    );
    let e = one_error_line(&sb, &repo, &["at", "nosuchrev~2", "--json"], 1);
    assert!(
        e.starts_with("error: nosuchrev~2: no such revision (unknown revision nosuchrev"),
        "{e}"
    );

    sb.git(&repo, &["commit", "-q", "--allow-empty", "-m", "second"]);
    let e = one_error_line(&sb, &repo, &["at", "HEAD~3"], 1);
    assert!(
        e.starts_with(
            "error: HEAD~3: no such revision (HEAD has only 1 ancestor along the first parent)"
        ),
        "{e}"
    );
    let e = one_error_line(&sb, &repo, &["at", "main^^^"], 1);
    assert!(
        e.starts_with("error: main^^^: no such revision (main^ has no parent"),
        "{e}"
    );
    // What does exist still answers.
    sb.ok(&repo, &["at", "HEAD~1"]);
    sb.ok(&repo, &["at", "main^"]);

    // No commit at all: git's own words for an unborn branch.
    let empty = sb.path("empty");
    std::fs::create_dir_all(&empty).unwrap();
    sb.git(&empty, &["init", "-q", "-b", "main"]);
    for args in [&["at"][..], &["at", "HEAD~1"], &["at", "@"]] {
        let e = one_error_line(&sb, &empty, args, 1);
        assert!(
            e.contains(
                "no such revision (your current branch 'main' does not have any commits yet)"
            ),
            "{args:?}: {e}"
        );
        assert!(e.contains("git commit"), "the fix: {e}");
    }
}

/// Deletes the loose object `id` of `repo` (what a `git gc` race or a disk fault leaves).
fn lose_object(repo: &Path, id: &str) {
    let path = repo.join(".git/objects").join(&id[..2]).join(&id[2..]);
    std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// A tip whose `checkpoint.md` was lost: every command that reads it names the missing object
/// and the reflog to restore from; it no longer advises `git update-ref -d`, which throws the
/// whole history away. A save goes on from the last readable revision.
#[test]
fn a_broken_tip_is_restored_to_the_last_good_revision_not_deleted() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &["save", "42", "-q", "-m", "first", "--todo", "T1 — one"],
    );
    sb.ok(
        &repo,
        &["save", "42", "-q", "-m", "second", "--todo", "T2 — two"],
    );
    let good = sb.git(&repo, &["rev-parse", "refs/checkpoints/42~1"]);
    let broken = sb.git(&repo, &["rev-parse", "refs/checkpoints/42"]);
    let (good, broken) = (good.trim(), broken.trim());
    let blob = sb.git(&repo, &["rev-parse", "refs/checkpoints/42:checkpoint.md"]);
    lose_object(&repo, blob.trim());
    for args in [&["resume", "42"][..], &["status", "42"], &["diff", "42"]] {
        let e = one_error_line(&sb, &repo, args, 1);
        assert!(
            e.contains("git reflog refs/checkpoints/42") && e.contains(blob.trim()),
            "{args:?}: names the object and the reflog: {e}"
        );
        assert!(!e.contains("update-ref -d"), "{args:?}: {e}");
    }
    // A save goes on from the last readable revision, keeping the broken one as its parent.
    let (out, err) = sb.ok_with_stderr(&repo, &["save", "42", "-m", "third"]);
    assert!(
        err.contains("went on from revision 1, the last readable one"),
        "{out}{err}"
    );
    assert_eq!(
        sb.git(&repo, &["rev-parse", "refs/checkpoints/42~1"])
            .trim(),
        broken
    );
    assert_eq!(
        sb.git(&repo, &["rev-parse", "refs/checkpoints/42~2"])
            .trim(),
        good
    );
    let v = sb.json(&repo, &["resume", "42", "--json"]);
    assert_eq!(v["revision"], 3, "{v}");
}

/// An old revision that cannot be read does not get the healthy ref deleted: the message says
/// the tip is fine, and names the tip.
#[test]
fn a_broken_old_revision_keeps_the_tip_and_says_so() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &["save", "42", "-q", "-m", "first", "--todo", "T1 — one"],
    );
    sb.ok(
        &repo,
        &["save", "42", "-q", "-m", "second", "--todo", "T2 — two"],
    );
    let old = sb.git(&repo, &["rev-parse", "refs/checkpoints/42~1:checkpoint.md"]);
    lose_object(&repo, old.trim());
    let tip = sb.git(&repo, &["rev-parse", "refs/checkpoints/42"]);
    let e = one_error_line(&sb, &repo, &["resume", "42", "--rev", "1"], 1);
    assert!(!e.contains("update-ref -d"), "{e}");
    assert!(e.contains("the ref and its history are sound"), "{e}");
    assert_eq!(
        sb.git(&repo, &["rev-parse", "refs/checkpoints/42"]),
        tip,
        "the ref is kept"
    );
    sb.ok(&repo, &["resume", "42"]);
}

/// A lost commit in the middle of a story's history (a `git gc` race in a full clone, not a
/// shallow one): `log` lists what it can reach and says where the history is cut and how to
/// get the rest back, instead of failing with "cannot walk the history". Before: exit 1, no
/// revision listed.
#[test]
fn a_lost_middle_revision_cuts_the_log_instead_of_failing_it() {
    let (sb, repo) = Sandbox::with_repo();
    for m in ["first", "second", "third"] {
        sb.ok(&repo, &["save", "42", "-q", "-m", m]);
    }
    let middle = sb.git(&repo, &["rev-parse", "refs/checkpoints/42~1"]);
    lose_object(&repo, middle.trim());
    let out = sb.ok(&repo, &["log", "42", "--oneline"]);
    assert!(out.contains("r3 third"), "{out}");
    assert!(!out.contains("first"), "{out}");
    let (out, _) = sb.ok_with_stderr(&repo, &["log", "42"]);
    assert!(
        out.contains("History cut here") && out.contains(&middle.trim()[..12]),
        "names the missing parent: {out}"
    );
    let v = sb.json(&repo, &["log", "42", "--json"]);
    assert_eq!(v["cut_at"][0]["revision"], 3, "{v}");
    // The next save still builds on the tip.
    sb.ok(&repo, &["save", "42", "-q", "-m", "fourth"]);
    assert_eq!(sb.json(&repo, &["resume", "42", "--json"])["revision"], 4);
}

/// `setup --undo` with `notes.rewriteRef` also in the global config: it removes what setup
/// added here and leaves the user's global value alone. Before: exit 1 with "error: git config
/// notes.rewriteRef failed: " and nothing after it.
#[test]
fn setup_undo_leaves_a_global_notes_rewrite_ref_alone() {
    let (sb, repo) = Sandbox::with_repo();
    sb.add_empty_origin(&repo, "o.git");
    let global = sb.path("gitconfig");
    let mut text = std::fs::read_to_string(&global).unwrap();
    text.push_str("[notes]\n\trewriteRef = refs/notes/checkpoints\n");
    std::fs::write(&global, &text).unwrap();

    let added = sb.ok(&repo, &["setup"]);
    assert!(added.contains("added remote.origin.fetch"), "{added}");
    let undone = sb.ok(&repo, &["setup", "--undo"]);
    assert!(undone.contains("removed remote.origin.fetch"), "{undone}");
    assert_eq!(std::fs::read_to_string(&global).unwrap(), text);

    // Set here as well: undo removes this repository's value only.
    sb.git(
        &repo,
        &[
            "config",
            "--add",
            "notes.rewriteRef",
            "refs/notes/checkpoints",
        ],
    );
    let undone = sb.ok(&repo, &["setup", "--undo"]);
    assert!(undone.contains("removed notes.rewriteRef"), "{undone}");
    assert_eq!(std::fs::read_to_string(&global).unwrap(), text);
    let again = sb.ok(&repo, &["setup", "--undo"]);
    assert!(again.contains("nothing to undo"), "{again}");
}

/// `status` in a bare repository says there is no work tree instead of counting none of its
/// files ("Working tree: 0 files changed since the save"); `--json` says so too.
#[test]
fn status_in_a_bare_repository_says_there_is_no_work_tree() {
    let sb = Sandbox::new();
    let origin = sb.bare_origin();
    let clone = sb.clone_origin("c");
    sb.ok(&clone, &["save", "42", "-q", "-m", "first"]);
    sb.ok(&clone, &["push", "-q"]);
    let (code, out, err) = sb.run(&origin, &["status", "42"]);
    assert!(code == 0 || code == 1, "{out}{err}");
    assert!(
        out.contains("Working tree: none (a bare repository has no work tree)"),
        "{out}"
    );
    assert!(!out.contains("files changed"), "{out}");
    let out = sb
        .cp(&origin)
        .args(["status", "42", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    crate::common::schema::check(&["status", "42", "--json"], &v);
    assert_eq!(v["work_tree"], false, "{v}");
    let v = sb.json(&clone, &["status", "42", "--json"]);
    assert_eq!(v["work_tree"], true, "{v}");
}

/// Help texts call the formats by the names users type (pair, team, pm, gstack), never by
/// the seed numbers of the project's history ("Seed 000 checkpoint files").
#[test]
fn help_texts_name_the_formats_users_know() {
    let (sb, repo) = Sandbox::with_repo();
    for cmd in ["import", "export"] {
        let help = sb.ok(&repo, &[cmd, "--help"]);
        assert!(!help.to_lowercase().contains("seed 0"), "{cmd}: {help}");
        for name in ["pair:", "team:", "pm:", "gstack:"] {
            assert!(help.contains(name), "{cmd}: {name} in {help}");
        }
    }
    let help = sb.ok(&repo, &["import", "--help"]);
    assert!(
        help.contains("pair:   The pair format's checkpoint files"),
        "{help}"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["man", "completions"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            let text = std::fs::read_to_string(&p).unwrap().to_lowercase();
            assert!(!text.contains("seed 0"), "{}", p.display());
        }
    }
}

/// `agent uninstall` takes out what install wrote and nothing the user made: an instruction
/// file the user created (empty) before installing stays, and so does a skill file the user
/// edited after installing (named on stderr) and a hooks file the user created as an empty
/// skeleton. What install created itself still goes.
#[test]
fn agent_uninstall_keeps_files_the_user_created_or_edited() {
    let (sb, repo) = Sandbox::with_repo();
    sb.file("r/AGENTS.md", b"");
    sb.file("r/GEMINI.md", b"\n");
    let cursor_hooks = "{\"version\": 1, \"hooks\": {}}\n";
    sb.file("r/.cursor/hooks.json", cursor_hooks.as_bytes());
    for agent in ["claude", "codex", "cursor", "gemini"] {
        sb.ok(&repo, &["agent", "install", agent, "-q"]);
    }
    let skill = repo.join(".claude/skills/git-checkpoint/SKILL.md");
    let mut edited = std::fs::read_to_string(&skill).unwrap();
    edited.push_str("\nMy own rule: run the tests first.\n");
    std::fs::write(&skill, &edited).unwrap();

    let (_, err) = sb.ok_with_stderr(&repo, &["agent", "uninstall", "claude"]);
    assert_eq!(std::fs::read_to_string(&skill).unwrap(), edited);
    assert!(
        err.contains("SKILL.md") && err.contains("kept"),
        "the kept file is named: {err}"
    );
    for agent in ["codex", "cursor", "gemini"] {
        sb.ok(&repo, &["agent", "uninstall", agent, "-q"]);
    }
    assert_eq!(std::fs::read_to_string(repo.join("AGENTS.md")).unwrap(), "");
    assert_eq!(
        std::fs::read_to_string(repo.join("GEMINI.md")).unwrap(),
        "\n"
    );
    let v = read_json(&repo.join(".cursor/hooks.json"));
    assert_eq!(v, serde_json::json!({"version": 1, "hooks": {}}));
    // What install created is gone.
    assert!(!repo.join(".cursor/rules").exists());
    assert!(!repo.join(".codex").exists());
    assert!(!repo.join(".gemini").exists());
    assert!(!repo.join(".claude/settings.local.json").exists());
}

/// `log -n N` / `--max-count N` and `--oneline`, as `git log` has them; `-n` limits
/// `--json` too, and each revision's task change still counts from its parent.
#[test]
fn log_takes_max_count_and_oneline() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &["save", "42", "-q", "-m", "first", "--todo", "T1 — one"],
    );
    sb.ok(&repo, &["save", "42", "-q", "-m", "second", "--done", "T1"]);
    sb.ok(
        &repo,
        &["save", "42", "-q", "-m", "third", "--todo", "T2 — two"],
    );
    let ids: Vec<String> = sb
        .git(&repo, &["log", "--format=%H", "refs/checkpoints/42"])
        .lines()
        .map(|l| l[..12].to_string())
        .collect();

    let one = sb.ok(&repo, &["log", "42", "-n", "1"]);
    assert!(one.contains("revision 3"), "{one}");
    assert!(!one.contains("revision 2"), "{one}");
    let two = sb.ok(&repo, &["log", "42", "--max-count=2"]);
    assert!(
        two.contains("revision 2") && !two.contains("revision 1"),
        "{two}"
    );
    assert_eq!(sb.ok(&repo, &["log", "42", "-n", "0"]), "");

    let oneline = sb.ok(&repo, &["log", "42", "--oneline"]);
    let want = format!(
        "{} r3 third\n{} r2 second\n{} r1 first\n",
        ids[0], ids[1], ids[2]
    );
    assert_eq!(oneline, want);
    let short = sb.ok(&repo, &["log", "42", "--oneline", "-n", "2"]);
    assert_eq!(
        short,
        want.lines()
            .take(2)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );

    let v = sb.json(&repo, &["log", "42", "-n", "2", "--json"]);
    let revs = v["revisions"].as_array().unwrap();
    assert_eq!(revs.len(), 2, "{v}");
    assert_eq!(revs[1]["revision"], 2);
    assert_eq!(revs[1]["tasks_done_change"], 1, "from its parent: {v}");
}

/// The JSON views carry what their text shows: `status --json` the revision numbers,
/// `diff --json` the two revisions compared, `list --json` each story's next action, and
/// `resume --json` each task with its id.
#[test]
fn json_views_carry_revisions_next_actions_and_task_ids() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &[
            "save",
            "42",
            "-q",
            "-m",
            "first",
            "--todo",
            "T1 — one",
            "--next",
            "write it",
        ],
    );
    sb.ok(
        &repo,
        &[
            "save",
            "42",
            "-q",
            "-m",
            "second",
            "--done",
            "T1",
            "--todo",
            "T2 — two",
        ],
    );
    sb.ok(&repo, &["save", "7", "-q", "-m", "other"]);

    let v = sb.json(&repo, &["status", "42", "--json"]);
    assert_eq!(v["revision"], 2, "{v}");
    assert_eq!(v["confirmed_revision"], 2, "{v}");

    let v = sb.json(&repo, &["diff", "42", "--json"]);
    assert_eq!(
        (v["from_revision"].clone(), v["to_revision"].clone()),
        (1.into(), 2.into()),
        "{v}"
    );
    let v = sb.json(&repo, &["diff", "42", "2", "1", "--json"]);
    assert_eq!(v["from_revision"], 2, "{v}");
    assert_eq!(v["to_revision"], 1, "{v}");

    let v = sb.json(&repo, &["list", "--all", "--json"]);
    let by = |story: &str| {
        v.as_array()
            .unwrap()
            .iter()
            .find(|e| e["story"] == story)
            .unwrap_or_else(|| panic!("{story} in {v}"))
            .clone()
    };
    assert_eq!(by("42")["next_action"], "write it", "{v}");
    assert!(by("7")["next_action"].is_null(), "{v}");

    let v = sb.json(&repo, &["resume", "42", "--json"]);
    assert_eq!(
        v["tasks"],
        serde_json::json!([
            {"id": "T1", "text": "T1 — one", "done": true},
            {"id": "T2", "text": "T2 — two", "done": false},
        ]),
        "{v}"
    );
}

/// `stack push --reason` takes one line of text: empty, multi-line and control-character
/// reasons (a terminal escape, a right-to-left override) are refused naming the fix, nothing
/// stacked; before they were stacked and `stack list` printed them raw over several lines.
#[test]
fn stack_push_takes_a_one_line_reason() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "9", "-q", "--next", "x"]);
    for (reason, why) in [
        ("", "it is empty"),
        ("line1\nline2\n## 5. Remaining Todos", "line break"),
        ("ok \u{1b}[31mred", "control character"),
        ("ok \u{202e} evil", "control character"),
    ] {
        let arg = format!("--reason={reason}");
        let err = sb.fails(&repo, &["stack", "push", "9", &arg], &[why]);
        assert!(err.contains("pass one line of text"), "{err}");
    }
    assert!(!sb.ok(&repo, &["stack", "list"]).contains('9'));
    sb.ok(
        &repo,
        &["stack", "push", "9", "--reason", "paged for the outage"],
    );
    assert!(sb
        .ok(&repo, &["stack", "list"])
        .contains("paged for the outage"));
}
