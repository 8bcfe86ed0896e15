//! Issue 15, finding 5: the seed formats' round trips lose nothing. Front matter is front
//! matter in every template; team stories are named from their heading and re-imports are
//! no-ops; pm's STACK.md is exported and its entries keep every field; and each format's
//! round trip (import, export, import into a fresh repository) gives the same `resume --json`.

use crate::common::Sandbox;
use serde_json::Value;
use std::path::Path;

const FRONT: &str = "---\nstory: auth\nowner: me\n---\n";

/// Imports or saves nothing; asserts `doc` (a resume document) has no section or gap made of
/// the front matter and that its stored text still opens with [`FRONT`].
fn assert_front_matter_kept(v: &Value) {
    let all = format!("{} {} {}", v["ignored_sections"], v["gaps"], v["sections"]);
    assert!(
        !all.contains("story: auth"),
        "front matter read as a section: {v:#}"
    );
    assert!(
        !all.contains("owner"),
        "front matter read as a section: {v:#}"
    );
    let doc = v["document"].as_str().unwrap();
    assert!(
        doc.starts_with(FRONT),
        "front matter not kept verbatim:\n{doc}"
    );
    assert_eq!(doc.matches(FRONT).count(), 1, "{doc}");
}

fn pair_doc() -> String {
    format!(
        "{FRONT}# Checkpoint: auth — Login\n\n**Last updated:** 2026-01-01 10:00\n\n## 1. Story\n\
         **ID:** auth\n**Title:** Login\n**Goal:** sign users in\n\n## 2. Branch\n**Branch:** `main`\n\n\
         ## 3. Tasks Done\n- [x] T1 — form\n\n## 4. Key Decisions\n- cookies over tokens\n\n\
         ## 5. Remaining Todos\n- [ ] T2 — submit\n\n**Next immediate action:** wire submit\n"
    )
}

fn export_to(sb: &Sandbox, repo: &Path, story: &str, format: &str, out: &Path) {
    std::fs::create_dir_all(out).unwrap();
    sb.ok(
        repo,
        &[
            "export",
            story,
            "--format",
            format,
            "-o",
            out.to_str().unwrap(),
        ],
    );
}

#[test]
fn front_matter_is_front_matter_in_pair_and_custom_templates() {
    let (sb, repo) = Sandbox::with_repo();
    // pair, saved whole with -F, then re-rendered by a flag save, then exported.
    let f = sb.file("auth.md", pair_doc().as_bytes());
    sb.ok(&repo, &["save", "auth", "-F", f.to_str().unwrap()]);
    let v = sb.json(&repo, &["resume", "auth", "--json"]);
    assert_eq!(v["confidence"], "high", "{:#}", v["gaps"]);
    assert_eq!(v["ignored_sections"], serde_json::json!([]));
    assert_front_matter_kept(&v);
    sb.ok(&repo, &["save", "auth", "--todo", "T3 — logout"]);
    let v = sb.json(&repo, &["resume", "auth", "--json"]);
    assert_front_matter_kept(&v);
    assert_eq!(v["confidence"], "high", "{:#}", v["gaps"]);
    let out = sb.path("out");
    export_to(&sb, &repo, "auth", "pair", &out);
    let exported = std::fs::read_to_string(out.join("auth.md")).unwrap();
    assert!(exported.starts_with(FRONT), "{exported}");
    // Imported from a file, too.
    let repo2 = sb.repo("r2");
    let imp = sb.file(".pair/working/checkpoints/auth.md", pair_doc().as_bytes());
    sb.ok(&repo2, &["import", imp.to_str().unwrap()]);
    let w = sb.json(&repo2, &["resume", "auth", "--json"]);
    assert_front_matter_kept(&w);
    assert_eq!(w["ignored_sections"], serde_json::json!([]));

    // A custom template keeps it through a flag save.
    sb.git(
        &repo,
        &[
            "config",
            "checkpoint.standup.sections",
            "Yesterday, Today, Blockers",
        ],
    );
    let c = format!(
        "{FRONT}# Checkpoint: su — Standup\n\n**Template:** standup\n\n## Yesterday\n\n- a\n\n\
         ## Today\n\n- b\n\n## Blockers\n\nNone\n"
    );
    let f = sb.file("su.md", c.as_bytes());
    sb.ok(
        &repo,
        &[
            "save",
            "su",
            "--template",
            "standup",
            "-F",
            f.to_str().unwrap(),
        ],
    );
    sb.ok(&repo, &["save", "su", "--question", "who reviews?"]);
    let v = sb.json(&repo, &["resume", "su", "--json"]);
    assert_front_matter_kept(&v);
    assert_eq!(v["open_questions"][0], "who reviews?");
}

const TEAM_CONTEXT: &str = include_str!("../corpus/seeds/team-working-context.md");
const TEAM_COMPLETED: &str = include_str!("../corpus/seeds/team-completed.md");

#[test]
fn team_story_is_the_heading_s_and_reimporting_working_context_alone_is_a_no_op() {
    let (sb, repo) = Sandbox::with_repo();
    // The directory is not the teammate's name; the heading is. The In-Flight item says what
    // comes next in its own words, and no **Next action:** line does.
    let context = TEAM_CONTEXT
        .replace(
            "# Working Context — api-backend",
            "# Working Context — api-lead",
        )
        .replace("**Next action:** make tests/limit.rs::burst pass\n", "")
        .replace(
            "(mid-implementation)",
            "(mid-implementation) — next: assert next_cursor is null",
        );
    let wc = sb.file(
        "zone/teammates/backend-1/working-context.md",
        context.as_bytes(),
    );
    let done = sb.file(
        "zone/teammates/backend-1/completed.md",
        TEAM_COMPLETED.as_bytes(),
    );
    let (wc, done) = (wc.to_str().unwrap(), done.to_str().unwrap());
    let r = sb.json(&repo, &["import", wc, done, "--json"]);
    assert_eq!(r["imported"][0]["story"], "api-lead", "{r:#}");
    assert_eq!(r["imported"][0]["written"], 3, "{r:#}");
    let v = sb.json(&repo, &["resume", "api-lead", "--json"]);
    assert_eq!(v["next_action"], "assert next_cursor is null", "{v:#}");
    assert_eq!(v["confidence"], "high", "{:#}", v["gaps"]);
    let completed =
        sb.json(&repo, &["log", "api-lead", "--completed", "--json"])["completed"].clone();
    assert_eq!(completed.as_array().unwrap().len(), 2, "{completed:#}");

    // working-context.md alone, then completed.md alone: nothing written, the log kept.
    let refs = sb.refs(&repo);
    for files in [&[wc][..], &[done][..]] {
        let again = sb.json(&repo, &[&["import"], files, &["--json"]].concat());
        assert_eq!(again["imported"][0]["story"], "api-lead", "{again:#}");
        assert_eq!(again["imported"][0]["written"], 0, "{again:#}");
        assert_eq!(sb.refs(&repo), refs, "{files:?}");
    }
    assert_eq!(
        sb.json(&repo, &["log", "api-lead", "--completed", "--json"])["completed"],
        completed
    );
    let out = sb.path("out");
    export_to(&sb, &repo, "api-lead", "team", &out);
    assert_eq!(
        std::fs::read_to_string(out.join("completed.md")).unwrap(),
        TEAM_COMPLETED
    );
    let exported = std::fs::read_to_string(out.join("working-context.md")).unwrap();
    assert!(
        exported.starts_with("# Working Context — api-lead\n"),
        "{exported}"
    );
}

const PM_NOW: &str = include_str!("../corpus/seeds/pm-NOW.md");

/// A STACK.md entry with every field seed 003's `push` writes.
const PM_STACK_FULL: &str = "# STACK

### R-009 Fix flaky login test

- Pushed: 2026-07-16 16:00
- Branch: feature/r-009-login
- Stage: execute
- Brief: planning/briefs/R-009.md
- Spec: none
- Plan: planning/plans/R-009.md
- Milestone: M2
- Started: 2026-07-10
- Reason: production outage needs the session
- Done when:
  - `cargo test login` passes 20 times in a row
  - [x] the flake is reproduced
- Checkpoint:
  - Stopped at: reproduced the flake locally
  - Next action: add a retry-free wait on the session cookie
  - Start with: cargo test login -- --nocapture
  - Decisions: none
  - Context: the flake needs TZ=UTC
";

#[test]
fn pm_stack_entry_keeps_every_field_and_export_writes_stack_md() {
    let (sb, repo) = Sandbox::with_repo();
    let now = sb.file("planning/NOW.md", PM_NOW.as_bytes());
    let stack = sb.file("planning/STACK.md", PM_STACK_FULL.as_bytes());
    let (now, stack) = (now.to_str().unwrap(), stack.to_str().unwrap());
    sb.ok(&repo, &["import", now, stack]);
    let list = sb.json(&repo, &["stack", "list", "--json"]);
    let e = &list["entries"][0];
    assert_eq!(e["story"], "r-009");
    assert_eq!(
        e["pushed_at"], "2026-07-16T16:00:00+00:00",
        "RFC 3339: {e:#}"
    );
    assert!(
        chrono::DateTime::parse_from_rfc3339(e["pushed_at"].as_str().unwrap()).is_ok(),
        "{e:#}"
    );
    assert_eq!(e["stopped_at"], "reproduced the flake locally", "{e:#}");
    assert_eq!(e["start_with"], "cargo test login -- --nocapture", "{e:#}");
    assert_eq!(
        e["fields"],
        serde_json::json!([
            ["Brief", "planning/briefs/R-009.md"],
            ["Spec", "none"],
            ["Plan", "planning/plans/R-009.md"],
            ["Milestone", "M2"],
            ["Started", "2026-07-10"]
        ])
    );
    assert_eq!(
        e["done_when"],
        serde_json::json!([
            {"text": "`cargo test login` passes 20 times in a row", "done": false},
            {"text": "the flake is reproduced", "done": true}
        ])
    );
    assert!(!e.to_string().contains("unknown"), "{e:#}");

    // Export writes NOW.md and STACK.md, both equal to the originals.
    let out = sb.path("out");
    export_to(&sb, &repo, "r-007", "pm", &out);
    assert_eq!(std::fs::read_to_string(out.join("NOW.md")).unwrap(), PM_NOW);
    assert_eq!(
        std::fs::read_to_string(out.join("STACK.md")).unwrap(),
        PM_STACK_FULL
    );
    let j = sb.json(&repo, &["export", "r-007", "--format", "pm", "--json"]);
    assert_eq!(j["stack_md"], PM_STACK_FULL);

    // Into a fresh repository: the same stack and the same stories.
    let repo2 = sb.repo("r2");
    let (n2, s2) = (out.join("NOW.md"), out.join("STACK.md"));
    sb.ok(
        &repo2,
        &["import", n2.to_str().unwrap(), s2.to_str().unwrap()],
    );
    let mut a = list.clone();
    let mut b = sb.json(&repo2, &["stack", "list", "--json"]);
    for v in [&mut a, &mut b] {
        v["entries"][0]["checkpoint"] = Value::Null;
    }
    assert_eq!(a, b);
    for story in ["r-007", "r-009"] {
        assert_eq!(
            without_times(sb.json(&repo, &["resume", story, "--json"])),
            without_times(sb.json(&repo2, &["resume", story, "--json"])),
            "{story}"
        );
    }
}

/// A resume document without what depends on when or where it ran: times, commit ids and the
/// repository's own state.
fn without_times(mut v: Value) -> Value {
    let o = v.as_object_mut().unwrap();
    for k in [
        "updated_at",
        "commit",
        "head",
        "merge_base",
        "warnings",
        "age_s",
        "author",
    ] {
        o.remove(k);
    }
    v
}
