//! Issue 15, finding 5: the seed formats' round trips lose nothing. Front matter is front
//! matter in every template; team stories are named from their heading and re-imports are
//! no-ops; pm's STACK.md is exported and its entries keep every field; and each format's
//! round trip (import, export, import into a fresh repository) gives the same `resume --json`.

use crate::common::{Sandbox, ITEM_A_PM};
use serde_json::Value;
use std::path::Path;

const FRONT: &str = "---\nstory: auth\nowner: me\n---\n";

/// Asserts `v` (a resume document) has no section or gap made of the front matter and that its
/// stored text still opens with [`FRONT`], once.
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
    let [wc, done] = sb.text_files([
        ("zone/teammates/backend-1/working-context.md", &context),
        ("zone/teammates/backend-1/completed.md", TEAM_COMPLETED),
    ]);
    let r = sb.json(&repo, &["import", &wc, &done, "--json"]);
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
    for files in [&[wc.as_str()][..], &[done.as_str()][..]] {
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
    let (sb, repo, [now, stack]) = Sandbox::with_repo_and_files([
        ("planning/NOW.md", PM_NOW),
        ("planning/STACK.md", PM_STACK_FULL),
    ]);
    sb.ok(&repo, &["import", &now, &stack]);
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

// ---------------------------------------------------------------------------------------------
// Round trips: import, export in the same format, import the export into a fresh repository;
// `resume --json` (without times) and the stack must be the same, and the exported files must
// equal the originals up to the white space `whitespace_only` allows (listed on stderr).

/// One sample: the files as (path under the sandbox, text) and the stories they make, each
/// exported in turn (pm: only the first, NOW.md's item; the others come back in STACK.md).
struct Sample {
    name: &'static str,
    format: &'static str,
    files: Vec<(&'static str, &'static str)>,
    stories: &'static [&'static str],
}

/// `a` and `b` differ at most in white space: trailing blanks on a line, blank lines, and the
/// final newline. Returns a description of each difference, empty when the texts are equal.
fn whitespace_only(a: &str, b: &str) -> Vec<String> {
    let norm = |s: &str| -> Vec<String> {
        s.lines()
            .map(|l| l.trim_end().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    };
    assert_eq!(
        norm(a),
        norm(b),
        "more than white space differs:\n{a}\n----\n{b}"
    );
    let mut out = Vec::new();
    if a == b {
        return out;
    }
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    if la.iter().any(|l| l.ends_with([' ', '\t'])) {
        out.push("trailing blanks dropped".to_string());
    }
    let blanks = |v: &[&str]| v.iter().filter(|l| l.trim().is_empty()).count();
    if blanks(&la) != blanks(&lb) {
        out.push(format!(
            "blank lines: {} in the original, {} exported",
            blanks(&la),
            blanks(&lb)
        ));
    }
    if a.ends_with('\n') != b.ends_with('\n') || a.ends_with("\n\n") != b.ends_with("\n\n") {
        out.push("final newline normalised to one".to_string());
    }
    if out.is_empty() {
        out.push("other white space".to_string());
    }
    out
}

/// [`round_trip`] for each of `samples`.
fn round_trip_each(samples: Vec<Sample>) {
    for s in samples {
        round_trip(&s);
    }
}

fn round_trip(sample: &Sample) {
    let (sb, repo) = Sandbox::with_repo();
    let mut paths = Vec::new();
    for (rel, text) in &sample.files {
        paths.push(sb.file(rel, text.as_bytes()));
    }
    let args: Vec<&str> = std::iter::once("import")
        .chain(paths.iter().map(|p| p.to_str().unwrap()))
        .collect();
    sb.ok(&repo, &args);
    // Export each story into its own directory, as its system lays files out.
    let mut exported = Vec::new();
    for (i, story) in sample.stories.iter().enumerate() {
        let out = sb.path(&format!("export/{i}"));
        std::fs::create_dir_all(&out).unwrap();
        let e = sb.json(
            &repo,
            &[
                "export",
                story,
                "--format",
                sample.format,
                "-o",
                out.to_str().unwrap(),
                "--json",
            ],
        );
        for w in e["written"].as_array().unwrap() {
            let p = std::path::PathBuf::from(w.as_str().unwrap());
            if !exported.contains(&p) {
                exported.push(p);
            }
        }
        // pm: one NOW.md holds the current item; its STACK.md the rest.
        if sample.format == "pm" {
            break;
        }
    }
    // Each original file against the exported file of the same name (gstack: same stamp).
    // gstack names files `<YYYYMMDD>-<HHMMSS>-<slug>.md`: matched by slug, and only the newest
    // file of a slug, as export writes a story's tip.
    let slug = |p: &Path| {
        let n = p.file_name().unwrap().to_string_lossy().into_owned();
        if sample.format == "gstack" {
            n.get(16..).unwrap_or(&n).to_string()
        } else {
            n
        }
    };
    for (rel, text) in &sample.files {
        let name = slug(Path::new(rel));
        let newer = sample.files.iter().any(|(r, _)| {
            slug(Path::new(r)) == name && Path::new(r).file_name() > Path::new(rel).file_name()
        });
        if newer {
            eprintln!(
                "round trip {} {rel}: an older revision; export writes the tip",
                sample.name
            );
            continue;
        }
        let Some(e) = exported.iter().find(|p| slug(p) == name) else {
            panic!("{}: {rel} was not exported: {exported:?}", sample.name);
        };
        assert_eq!(
            e.file_name(),
            Path::new(rel).file_name(),
            "{}: exported under another name",
            sample.name
        );
        let got = std::fs::read_to_string(e).unwrap();
        let diffs = whitespace_only(text, &got);
        eprintln!(
            "round trip {} {rel}: {}",
            sample.name,
            if diffs.is_empty() {
                "identical".to_string()
            } else {
                diffs.join("; ")
            }
        );
    }
    let repo2 = sb.repo("r2");
    let args: Vec<&str> = std::iter::once("import")
        .chain(exported.iter().map(|p| p.to_str().unwrap()))
        .collect();
    sb.ok(&repo2, &args);
    for story in sample.stories {
        // A gstack story whose newest file says `completed` is finished on import.
        let resume = |repo: &Path| {
            let finished = sb.refs(repo).contains(&format!(
                "refs/checkpoints-archive/{}",
                story.to_lowercase()
            ));
            let args: &[&str] = if finished {
                &["resume", "--archived", story, "--json"]
            } else {
                &["resume", story, "--json"]
            };
            without_times(sb.json(repo, args))
        };
        let mut a = resume(&repo);
        let mut b = resume(&repo2);
        // gstack's export writes the tip only, so the second repository has fewer revisions.
        if sample.format == "gstack" {
            a["revision"] = Value::Null;
            b["revision"] = Value::Null;
        }
        assert_eq!(a, b, "{}: {story}", sample.name);
        assert_eq!(
            a["confidence"], "high",
            "{}: {story}: {:#}",
            sample.name, a["gaps"]
        );
    }
    let stack = |r: &Path| {
        let mut v = sb.json(r, &["stack", "list", "--json"]);
        for e in v["entries"].as_array_mut().unwrap() {
            e["checkpoint"] = Value::Null;
        }
        v
    };
    assert_eq!(stack(&repo), stack(&repo2), "{}", sample.name);
    // Only team's completion log comes from a file; the others' is derived at import, dated
    // with the import's time.
    let completed = |r: &Path, s: &str| {
        let finished = sb
            .refs(r)
            .contains(&format!("refs/checkpoints-archive/{}", s.to_lowercase()));
        let args: &[&str] = if finished {
            &["log", "--archived", s, "--completed", "--json"]
        } else {
            &["log", s, "--completed", "--json"]
        };
        let mut c = sb.json(r, args)["completed"].clone();
        if sample.format != "team" {
            for e in c.as_array_mut().unwrap() {
                e["date"] = Value::Null;
            }
        }
        c
    };
    for story in sample.stories {
        assert_eq!(
            completed(&repo, story),
            completed(&repo2, story),
            "{}: {story}",
            sample.name
        );
    }
}

/// Seed 000: header (Last updated, Written by), Story (ID, Title, Goal, Source), Branch
/// (Branch, Commit strategy, Commits so far), Tasks Done, Key Decisions, Remaining Todos with
/// the next immediate action, a trailing Template Notes section, front matter.
fn pair_samples() -> Vec<Sample> {
    let p1 = crate::common::SEED_313;
    let p2 = "---
owner: pair
story: auth
---
# Checkpoint: AUTH-7 — Login form

**Last updated:** 2026-07-17 09:05
**Written by:** review session

## 1. Story
**ID:** AUTH-7
**Title:** Login form
**Goal:** Users sign in with e-mail and password.
**Source:** https://tracker.example/AUTH-7

## 2. Branch
**Branch:** `feature/#7-login-form`
**Commit strategy:** squash at the end
**Commits so far:** 4 — \"validate the e-mail field\"

## 3. Tasks Done
- [x] T1 — form layout
- [x] T2 — e-mail validation, with a
  second line that continues the item

## 4. Key Decisions
- Cookies over local storage: the API already sets them
- No captcha yet — see docs/adr/0004.md

## 5. Remaining Todos
- [ ] T3 — password rules
- [ ] T4 — error messages
**Next immediate action:** write the password rule tests in tests/login.rs.

## Template Notes
This section is the template's own and is ignored.
";
    let p3 = "# Checkpoint: ops-12 — Rotate the deploy keys

**Last updated:** 2026-07-18 18:40
**Written by:** night shift

## 1. Story
**ID:** ops-12
**Title:** Rotate the deploy keys
**Goal:** Every deploy key is younger than 90 days.
**Source:** runbook/keys.md

## 2. Branch
**Branch:** `ops/12-rotate-keys`
**Commit strategy:** commit-per-task
**Commits so far:** 1 — \"list the keys\"

## 3. Tasks Done
- [x] T1 — list every key and its age

## 4. Key Decisions
- Rotate staging first, because production deploys read the same vault path

## 5. Remaining Todos
- [ ] T2 — rotate staging
- [ ] T3 — rotate production
- [ ] T4 — delete the old keys
**Next immediate action:** run `scripts/rotate.sh staging` and check the deploy.
";
    vec![
        Sample {
            name: "pair 313",
            format: "pair",
            files: vec![(".pair/working/checkpoints/313.md", p1)],
            stories: &["313"],
        },
        Sample {
            name: "pair AUTH-7",
            format: "pair",
            files: vec![(".pair/working/checkpoints/AUTH-7.md", p2)],
            stories: &["AUTH-7"],
        },
        Sample {
            name: "pair ops-12",
            format: "pair",
            files: vec![(".pair/working/checkpoints/ops-12.md", p3)],
            stories: &["ops-12"],
        },
    ]
}

#[test]
fn pair_round_trips_three_samples() {
    round_trip_each(pair_samples());
}

/// Seed 001: the H1 with the teammate's name, Last updated, Part A's trigger and nine
/// sections (None where empty), Part B's journal entries, and completed.md (ids, no id,
/// files, no files).
fn team_samples() -> Vec<Sample> {
    let t2 = "# Working Context — docs-writer
_Last updated: 2026-07-20T08:15:00Z_

## Part A — Current-State Snapshot (overwritten, regenerated each time, correctable)
_Checkpoint trigger: idle_

### 1. Current Objective
awaiting next assignment

### 2. Active Task
None

### 3. Completed Since Last Checkpoint
- [x] T8 — API reference for /v2/limits

### 4. In-Flight Work
- [ ] T9 — changelog entry (paused) — next: ask the lead which release it goes in

### 5. Decisions and Rationale
- Decision: one page per endpoint | Reason: search finds them | Alternatives considered: one long page

### 6. Open Questions and Blockers
None

### 7. Commitments to Others
- To lead: I will send the draft by Friday.

### 8. Critical File References
- docs/api/limits.md

### 9. Cross-Session Notes
None

## Part B — Work Journal (append-only, forms a work history)

### 2026-07-20T08:15:00Z — limits page done
- **What happened**: wrote docs/api/limits.md
- **Recent conversation summary**: lead asked for examples
";
    let t2_done = "- 2026-07-19 | T7 | style guide | files: -
- 2026-07-20 | - | fixed broken links | files: docs/index.md
- 2026-07-20 | T8 | API reference for /v2/limits | files: docs/api/limits.md
";
    let t3 = "# Working Context — qa-1
_Last updated: 2026-07-21T17:45:00Z_

## Part A — Current-State Snapshot (overwritten, regenerated each time, correctable)
_Checkpoint trigger: lead_request_

### 1. Current Objective
Make the pagination suite green on CI.

### 2. Active Task
- T12 — pagination tests; accepted when tests/pagination.rs passes on CI three times
- Current step: last page case

### 3. Completed Since Last Checkpoint
- [x] T11 — fixture generator in tests/fixtures/mod.rs

### 4. In-Flight Work
- [ ] T12 — last page case in tests/pagination.rs (mid-implementation)
- [ ] T13 — cursor expiry case (blocked: needs a clock fake)

**Next action:** assert next_cursor is null on the last page

### 5. Decisions and Rationale
- Decision: fixtures generated, not committed | Reason: they drift | Alternatives considered: golden files
- Decision: no sleeps | Reason: CI is slow | Alternatives considered: retries

### 6. Open Questions and Blockers
- Who owns the clock fake?
- Is a cursor valid after a deploy?

### 7. Commitments to Others
- To api-backend: I will file the cursor bug today.
- To lead: green suite by Thursday.

### 8. Critical File References
- tests/pagination.rs
- tests/fixtures/mod.rs
- src/api/cursor.rs

### 9. Cross-Session Notes
- CI runs with TZ=UTC; run locally with TZ=UTC too

## Part B — Work Journal (append-only, forms a work history)

### 2026-07-21T09:00:00Z — picked up T11
- **What happened**: read the suite, planned the fixtures

### 2026-07-21T13:20:00Z — fixtures done
- **What happened**: T11 finished
- **Verbatim key exchanges**:
  > lead: no golden files, please

### 2026-07-21T17:45:00Z — last page case started
- **What happened**: started the last page case
- **Last 3-4 turns (verbatim)**:
  > me: the last page returns a cursor
  > api-backend: that is a bug, file it
";
    let t3_done = "- 2026-07-21 | T11 | fixture generator | files: tests/fixtures/mod.rs\n";
    vec![
        Sample {
            name: "team api-backend",
            format: "team",
            files: vec![
                (
                    "zone/api/teammates/api-backend/working-context.md",
                    TEAM_CONTEXT,
                ),
                (
                    "zone/api/teammates/api-backend/completed.md",
                    TEAM_COMPLETED,
                ),
            ],
            stories: &["api-backend"],
        },
        Sample {
            name: "team docs-writer",
            format: "team",
            files: vec![
                ("zone/docs/teammates/writer/working-context.md", t2),
                ("zone/docs/teammates/writer/completed.md", t2_done),
            ],
            stories: &["docs-writer"],
        },
        Sample {
            name: "team qa-1",
            format: "team",
            files: vec![
                ("zone/qa/teammates/qa-1/working-context.md", t3),
                ("zone/qa/teammates/qa-1/completed.md", t3_done),
            ],
            stories: &["qa-1"],
        },
    ]
}

#[test]
fn team_round_trips_three_samples() {
    round_trip_each(team_samples());
}

/// Seed 003: NOW.md's Status, Item, Session, Stage, Brief, Spec, Plan, Milestone, Started,
/// Done when, Plan steps, the Checkpoint block (Stopped at, Next action, Start with,
/// Decisions, Context, Open question), and STACK.md entries with every field.
fn pm_samples() -> Vec<Sample> {
    let n2 = "# NOW

- Status: active
- Item: R-021 Export invoices as CSV
- Session: feature/r-021-csv
- Stage: plan
- Brief: planning/briefs/R-021.md
- Spec: planning/specs/R-021.md
- Plan: none
- Milestone: M3
- Started: 2026-07-22

## Done when

- [ ] `cargo test export::csv` passes
- [x] the column list is agreed

## Plan steps

- [ ] T1 — writer
- [ ] T2 — command

## Checkpoint 2026-07-22 11:10

- Stopped at: spec reviewed
- Next action: write the plan
- Start with: planning/specs/R-021.md
- Decisions:
  - RFC 4180 quoting, because Excel reads it
  - no streaming yet, because invoices are small
- Context:
  - the finance team opens the files in Excel
  - amounts are in cents
- Open question:
  - Which date format?
  - Do credit notes count?
";
    let s2 = "# STACK

### R-018 Slow search

- Pushed: 2026-07-21 10:30
- Branch: feature/r-018-search
- Stage: execute
- Brief: none
- Spec: planning/specs/R-018.md
- Plan: planning/plans/R-018.md
- Milestone: M3
- Started: 2026-07-19
- Reason: invoices are due first
- Done when:
  - p95 under 200 ms on staging
- Checkpoint:
  - Stopped at: profiled the query
  - Next action: add the trigram index
  - Start with: psql -f db/explain.sql
  - Decisions: none
  - Context: staging has production-sized data

### R-015 Flaky upload

- Pushed: 2026-07-20 09:00
- Branch: feature/r-015-upload
- Stage: design
- Brief: planning/briefs/R-015.md
- Spec: none
- Plan: none
- Milestone: none
- Started: 2026-07-18
- Reason: waiting for the storage team
- Done when:
  - uploads pass 50 runs in a row
- Checkpoint:
  - Stopped at: wrote the brief
  - Next action: ask the storage team about retries
  - Start with: planning/briefs/R-015.md
  - Decisions: none
  - Context: none
";
    let n3 = "# NOW

- Status: active
- Item: R-030 Dark mode
- Session: feature/r-030-dark
- Stage: finish
- Brief: planning/briefs/R-030.md
- Spec: planning/specs/R-030.md
- Plan: planning/plans/R-030.md
- Milestone: M4
- Started: 2026-07-25

## Done when

- [x] every page passes the contrast check
- [ ] the toggle is in settings

## Plan steps

- [x] T1 — colour tokens
- [x] T2 — page styles
- [ ] T3 — settings toggle

## Checkpoint 2026-07-27 16:00

- Stopped at: T2 merged
- Next action: add the toggle to settings
- Start with: npm test -- settings
- Decisions: tokens in CSS variables, because the theme switches at run time
- Context: design signed off on 2026-07-26
";
    vec![
        Sample {
            name: "pm R-007",
            format: "pm",
            files: vec![
                ("planning/NOW.md", PM_NOW),
                ("planning/STACK.md", PM_STACK_FULL),
            ],
            stories: &["r-007", "r-009"],
        },
        Sample {
            name: "pm R-021",
            format: "pm",
            files: vec![("planning/NOW.md", n2), ("planning/STACK.md", s2)],
            stories: &["r-021", "r-018", "r-015"],
        },
        Sample {
            name: "pm R-030",
            format: "pm",
            files: vec![("planning/NOW.md", n3)],
            stories: &["r-030"],
        },
    ]
}

#[test]
fn pm_round_trips_three_samples() {
    round_trip_each(pm_samples());
}

/// Seed 004: front matter (status, branch, timestamp, session_duration_s, files_modified), the
/// `Working on:` title, Summary, Decisions Made, Remaining Work, Notes; several files of one
/// story.
fn gstack_samples() -> Vec<Sample> {
    let g2 = "---
status: completed
branch: fix/PAY-310-rounding
timestamp: 2026-05-02T09:45:00+02:00
session_duration_s: 2700
files_modified:
  - src/money.rs
  - tests/money.rs
  - docs/rounding.md
---

## Working on: Invoice rounding

### Summary

Totals now round half to even; the docs say so.

### Decisions Made

- Banker's rounding, because the ledger uses it
- Round once per invoice, not per line

### Remaining Work

1. Tell support about the change

### Notes

- Old invoices keep their totals
- The ledger export was already correct
";
    let g3a = "---
status: in-progress
branch: feat/WEB-88-onboarding
timestamp: 2026-06-10T16:20:00Z
session_duration_s: 1800
files_modified:
  - web/onboarding.tsx
---

## Working on: Onboarding tour

### Summary

The first two steps of the tour render.

### Decisions Made

- Steps are data, not components

### Remaining Work

1. Step three
2. Skip button

### Notes

- Needs the feature flag `tour` on
";
    let g3b = "---
status: in-progress
branch: feat/WEB-88-onboarding
timestamp: 2026-06-11T10:05:00Z
session_duration_s: 4200
files_modified:
  - web/onboarding.tsx
  - web/tour/steps.ts
---

## Working on: Onboarding tour

### Summary

All three steps render; the skip button is next.

### Decisions Made

- Steps are data, not components
- The tour remembers where it stopped, in local storage

### Remaining Work

1. Skip button
2. Analytics events

### Notes

- Needs the feature flag `tour` on
- Design wants the skip button on every step
";
    vec![
        Sample {
            name: "gstack ABC-42",
            format: "gstack",
            files: vec![
                ("cp/20260330-100000-auth-refactor.md", GSTACK_1),
                ("cp/20260331-143000-auth-refactor.md", GSTACK_2),
            ],
            stories: &["abc-42"],
        },
        Sample {
            name: "gstack PAY-310",
            format: "gstack",
            files: vec![("cp/20260502-094500-invoice-rounding.md", g2)],
            stories: &["pay-310"],
        },
        Sample {
            name: "gstack WEB-88",
            format: "gstack",
            files: vec![
                ("cp/20260610-162000-onboarding-tour.md", g3a),
                ("cp/20260611-100500-onboarding-tour.md", g3b),
            ],
            stories: &["web-88"],
        },
    ]
}

const GSTACK_1: &str = include_str!("../corpus/seeds/gstack-20260330-100000-auth-refactor.md");
const GSTACK_2: &str = include_str!("../corpus/seeds/gstack-20260331-143000-auth-refactor.md");

#[test]
fn gstack_round_trips_three_samples() {
    round_trip_each(gstack_samples());
}

#[test]
fn front_matter_is_front_matter_in_team_and_pm_templates() {
    let (sb, repo) = Sandbox::with_repo();
    for (story, template, text) in [
        ("api-backend", "team", format!("{FRONT}{TEAM_CONTEXT}")),
        ("r-007", "pm", format!("{FRONT}{PM_NOW}")),
    ] {
        let f = sb.file(&format!("{story}.md"), text.as_bytes());
        sb.ok(
            &repo,
            &[
                "save",
                story,
                "--template",
                template,
                "-F",
                f.to_str().unwrap(),
            ],
        );
        let v = sb.json(&repo, &["resume", story, "--json"]);
        assert_front_matter_kept(&v);
        assert_eq!(v["confidence"], "high", "{story}: {:#}", v["gaps"]);
        // A flag save renders the document again, front matter first.
        sb.ok(
            &repo,
            &["save", story, "--decision", "keep the front matter"],
        );
        let v = sb.json(&repo, &["resume", story, "--json"]);
        assert_front_matter_kept(&v);
        assert_eq!(v["confidence"], "high", "{story}: {:#}", v["gaps"]);
    }
}

#[test]
fn stack_push_keeps_the_checkpoint_block_and_export_writes_it_to_stack_md() {
    let (sb, repo) = Sandbox::with_repo_on("item-a");
    let rest = [
        "--todo",
        "T1 — parser",
        "--decision",
        "hand-written parser",
        "--context",
        "grammar in docs/",
    ];
    sb.ok(&repo, &[&["save", "A-1"], &ITEM_A_PM[..], &rest].concat());
    sb.ok(&repo, &["stack", "push", "A-1", "--reason", "prod outage"]);
    let e = sb.json(&repo, &["stack", "list", "--json"])["entries"][0].clone();
    assert_eq!(e["stopped_at"], "plan done", "{e:#}");
    assert_eq!(e["start_with"], "cargo test parser", "{e:#}");
    assert_eq!(e["story_display"], "A-1", "{e:#}");
    assert_eq!(e["done_when"][0]["text"], "parser tests pass", "{e:#}");
    assert_eq!(e["decisions"][0], "hand-written parser", "{e:#}");
    sb.ok(
        &repo,
        &[
            "save",
            "B-2",
            "--template",
            "pm",
            "--title",
            "Hotfix",
            "--next",
            "fix it",
        ],
    );
    let out = sb.path("out");
    export_to(&sb, &repo, "B-2", "pm", &out);
    let stack = std::fs::read_to_string(out.join("STACK.md")).unwrap();
    for want in [
        "### A-1 Item A\n",
        "- Branch: item-a\n",
        "- Stage: execute\n",
        "- Reason: prod outage\n",
        "  - parser tests pass\n",
        "  - Stopped at: plan done\n",
        "  - Next action: write the parser\n",
        "  - Start with: cargo test parser\n",
        "  - Decisions: hand-written parser\n",
        "  - Context: grammar in docs/\n",
    ] {
        assert!(stack.contains(want), "{want:?} missing:\n{stack}");
    }
    assert!(!stack.contains("unknown"), "{stack}");
    let pushed = stack.lines().find(|l| l.starts_with("- Pushed: ")).unwrap();
    assert!(
        chrono::NaiveDateTime::parse_from_str(&pushed[10..], "%Y-%m-%d %H:%M").is_ok(),
        "{pushed}"
    );
}

#[test]
fn an_entry_stacked_before_entries_kept_the_checkpoint_block_is_completed_from_its_checkpoint() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &[
            "save",
            "a-1",
            "--template",
            "pm",
            "--title",
            "Item A",
            "--stage",
            "plan",
            "--done-when",
            "tests pass",
            "--next",
            "write it",
            "--start-with",
            "cargo test",
            "--stopped-at",
            "spec read",
        ],
    );
    sb.ok(&repo, &["stack", "push", "a-1", "--reason", "later"]);
    // Rewrite the entry as an older version wrote it: no checkpoint block.
    let stack_ref = "refs/checkpoints-stack/default";
    let json = sb.git(&repo, &["show", &format!("{stack_ref}:stack.json")]);
    let mut v: Value = serde_json::from_str(&json).unwrap();
    let e = v["entries"][0].as_object_mut().unwrap();
    for k in [
        "stopped_at",
        "start_with",
        "fields",
        "done_when",
        "decisions",
        "context",
        "open_questions",
        "story_display",
    ] {
        e.remove(k);
    }
    let old = sb.file(
        "old-stack.json",
        serde_json::to_string(&v).unwrap().as_bytes(),
    );
    let blob = sb.git(&repo, &["hash-object", "-w", old.to_str().unwrap()]);
    let md = sb.git(&repo, &["rev-parse", &format!("{stack_ref}:STACK.md")]);
    let listing = format!(
        "100644 blob {}\tSTACK.md\n100644 blob {}\tstack.json\n",
        md.trim(),
        blob.trim()
    );
    let listing_file = sb.file("tree.txt", listing.as_bytes());
    let tree = {
        let mut cmd = std::process::Command::new("git");
        sb.env(&mut cmd);
        let out = cmd
            .args(["mktree"])
            .current_dir(&repo)
            .stdin(std::fs::File::open(&listing_file).unwrap())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let parent = sb.git(&repo, &["rev-parse", stack_ref]);
    let commit = sb.git(
        &repo,
        &[
            "commit-tree",
            tree.trim(),
            "-p",
            parent.trim(),
            "-m",
            "stack: old format",
        ],
    );
    sb.git(
        &repo,
        &["update-ref", stack_ref, commit.trim(), parent.trim()],
    );
    assert_eq!(
        sb.json(&repo, &["stack", "list", "--json"])["entries"][0]["stopped_at"],
        Value::Null
    );
    sb.ok(
        &repo,
        &["save", "b-2", "--template", "pm", "--next", "fix it"],
    );
    let j = sb.json(&repo, &["export", "b-2", "--format", "pm", "--json"]);
    let stack = j["stack_md"].as_str().unwrap();
    for want in [
        "  - tests pass\n",
        "  - Stopped at: spec read\n",
        "  - Start with: cargo test\n",
    ] {
        assert!(stack.contains(want), "{want:?} missing:\n{stack}");
    }
    assert!(!stack.contains("unknown"), "{stack}");
}
