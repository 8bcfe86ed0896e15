//! Issue 28: hand-off documents as people write them. Each test reads our own document with the
//! structure of one of the 16 real documents in `../shared/cases/real/` (its headings, fields,
//! lists, dates, oddities and language; none of their text) and asserts what a person reading it
//! takes from it: the next action, the branch, how many items are done, remaining and decided,
//! and that the stored bytes come back (`show`) and the checkpoint exports.

use crate::common::Sandbox;
use serde_json::Value;

/// How the document reaches git-checkpoint.
#[derive(Clone, Copy)]
enum Via {
    /// `save s1 -F <file>`.
    Save,
    /// `import <file>` (the story the importer gives it).
    Import,
    /// `import --story s1 <file>`.
    ImportAs,
}

/// What a person reads from the document.
struct Want<'a> {
    next: Option<&'a str>,
    branch: Option<&'a str>,
    done: usize,
    remaining: usize,
    decisions: usize,
}

/// Stores `text` as `rel` via `via`, then asserts `want` on `resume --json`, that `show`
/// returns the bytes, and that `export --format <format>` carries the next action. Returns
/// the resume document.
fn read_as(via: Via, rel: &str, text: &str, format: &str, want: Want<'_>) -> Value {
    // Checked out on a branch no document names, so a branch read from one is told apart.
    let (sb, repo) = Sandbox::with_repo_on("checked-out");
    let path = sb.file(rel, text.as_bytes());
    let path = path.to_str().expect("UTF-8 path");
    let story = match via {
        Via::Save => {
            sb.ok(&repo, &["save", "s1", "-F", path]);
            "s1".to_string()
        }
        Via::Import | Via::ImportAs => {
            let mut args = vec!["import", path, "--json"];
            if matches!(via, Via::ImportAs) {
                args.extend(["--story", "s1"]);
            }
            let r = sb.json(&repo, &args);
            r["imported"][0]["story"]
                .as_str()
                .unwrap_or_else(|| panic!("no story imported: {r:#}"))
                .to_string()
        }
    };
    let v = sb.json(&repo, &["resume", &story, "--json"]);
    let count = |f: &str| v[f].as_array().map_or(0, Vec::len);
    match want.next {
        Some(n) => {
            let got = v["next_action"]
                .as_str()
                .unwrap_or_else(|| panic!("no next action: {v:#}"));
            assert!(got.starts_with(n), "next action {got:?}, want {n:?}");
        }
        None => assert!(
            v["next_action"].is_null(),
            "next action {}",
            v["next_action"]
        ),
    }
    match want.branch {
        Some(b) => assert_eq!(v["branch"], b, "branch"),
        // Without one in the document, the branch checked out at save time.
        None => assert_eq!(v["branch"], "checked-out", "branch"),
    }
    assert_eq!(
        (
            count("tasks_done"),
            count("tasks_remaining"),
            count("decisions")
        ),
        (want.done, want.remaining, want.decisions),
        "done/remaining/decisions of {v:#}"
    );
    // Storage is exact: `show` returns the document as written.
    assert_eq!(sb.ok(&repo, &["show", &story]), text, "show of {rel}");
    let exported = sb.ok(&repo, &["export", &story, "--format", format]);
    if let Some(n) = want.next {
        let start: String = n.chars().take(12).collect();
        assert!(
            exported.contains(&start),
            "export lost the next action: {exported}"
        );
    }
    let human = sb.ok(&repo, &["resume", &story]);
    for line in human.lines().take(12) {
        assert!(
            line.chars().count() <= 400,
            "resume line of {} chars",
            line.chars().count()
        );
    }
    check_no_contradiction(&v);
    let mut v = v;
    v["human"] = Value::String(human);
    v
}

/// Never "missing section X" beside "ignored section X (…)".
fn check_no_contradiction(v: &Value) {
    let gaps: Vec<&str> = v["gaps"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let ignored: Vec<&str> = v["ignored_sections"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    for g in &gaps {
        if let Some(name) = g
            .strip_prefix("missing section '")
            .and_then(|r| r.strip_suffix('\''))
        {
            let lower = name.to_lowercase();
            assert!(
                !ignored.iter().any(|i| i.to_lowercase().starts_with(&lower)),
                "{g} beside ignored {ignored:?}"
            );
        }
    }
}

#[test]
fn plan_writing_checkpoint_names_its_branch_in_a_bullet_and_its_next_step_in_a_paragraph() {
    // Like pair/jarv1s-964-plan-writing-checkpoint.md: `Checkpoint: #N slug (date)` without
    // a dash, `- Branch: \`x\` @ \`sha\`` bullet, very long numbered lines, a paragraph of
    // remaining steps and a FINAL section appended later.
    let long = "x".repeat(600);
    let doc = format!(
        "# Checkpoint: #512 schema-rollout (2026-03-04)\n\n\
Pointer-style notes for resuming the plan of issue #512 if the session restarts.\n\n\
## Where things stand\n\n\
- Branch: `spec/512-schema-rollout` @ `4c1d2e3f` (spec committed).\n\
- Spec: `docs/specs/schema-rollout.md` (approved).\n\
- Gates: plan review before any build. Do NOT start the builder.\n\n\
## 6-task plan structure (finalized; recon complete)\n\n\
1. Index schema — new `packages/registry/index.ts` {long}\n\
2. Manifest field `ownedTables` {long}\n\
3. Migration `0042_rollout.sql`\n\n\
## Key deviations to note in the plan\n\n\
- Failed installs come from a new column, not the journal.\n\n\
## Remaining steps\n\n\
Write the plan in chunks → self-review → prettier → commit by explicit path → present it.\n\n\
## FINAL (2026-03-04, post-write)\n\n\
Plan COMPLETE at `docs/plans/schema-rollout.md`. Remaining: review, then approval.\n"
    );
    let v = read_as(
        Via::Save,
        "plan-writing-checkpoint.md",
        &doc,
        "pair",
        Want {
            next: Some("Write the plan in chunks"),
            branch: Some("spec/512-schema-rollout"),
            done: 0,
            remaining: 0,
            decisions: 0,
        },
    );
    // The title is the document's own, never the text after a dash.
    assert_eq!(v["title"], "#512 schema-rollout (2026-03-04)");
}

#[test]
fn coordination_handoff_reads_two_bold_fields_on_one_line_and_its_scope_as_todos() {
    // Like pair/jarv1s-handoff-1350.md.
    let doc = "# Handoff — task #2207 (worker must respect retry_policy)\n\n\
- **Issue:** #2207 (read it in full).\n\
- **Parent epic:** #2100. Blocks #2101.\n\
- **Worktree:** `~/work/.claude/worktrees/retry-2207` · **Branch:** `task/2207-worker-retry`\n\
- **Tier:** sensitive (worker, live queue path).\n\n\
## Why this is urgent\n\n\
**The queue is stuck right now.** Every retry loops forever.\n\n\
## The defect in one paragraph\n\n\
`makeWorker` (`packages/queue/src/worker.ts:40`) ignores `retryPolicy` when the job came over RPC.\n\n\
## Scope\n\n\
1. Move retry selection into one shared helper; call it from both entry points.\n\
2. Honour `params.retryPolicy` in `worker.launch`.\n\
3. Regression test **at the RPC seam**.\n\
4. Log a non-secret reason code when a launch fails.\n\n\
## Already ruled out — do not re-probe\n\n\
Disk, inodes and file descriptors are fine.\n\n\
## Rules\n\n\
- **Never `git add -A`** — stage explicit paths.\n\
- Prod is off-limits.\n";
    let v = read_as(
        Via::Save,
        "handoff-2207.md",
        doc,
        "pair",
        Want {
            next: Some("Move retry selection into one shared helper"),
            branch: Some("task/2207-worker-retry"),
            done: 0,
            remaining: 4,
            decisions: 0,
        },
    );
    assert_eq!(
        v["title"],
        "Handoff — task #2207 (worker must respect retry_policy)"
    );
}

#[test]
fn working_context_with_completed_sub_sections_and_next_steps() {
    // Like team/design-system-working-context.md: `## Completed Tasks` of `### ✅ …`
    // sub-sections (each one finished task, as a person counts them: 21 in the real file, not
    // its 388 bullets of details), `## Important Decisions`, `## Next Steps` / `### Immediate Next …`,
    // repeated completion summaries.
    let doc = "# Component Library - Working Context\n\n\
## Project Overview\n\
A web component library built on design tokens.\n\n\
## Completed Tasks\n\n\
### ✅ Button Component\n\n\
**Button Features:**\n\
- Variants: primary, secondary\n\
- Sizes: small, large\n\n\
### ✅ Input Component\n\
- Label and hint text\n\
\x20\x20- nested: error state\n\n\
## Important Decisions\n\
- Shadow DOM for style isolation\n\
- Tokens as CSS custom properties\n\
- One event name scheme: `lib-<component>-<event>`\n\n\
## Next Steps\n\n\
### Immediate Next Component: Tooltip Component\n\
**Priority**: feedback component\n\
**Features to implement**:\n\
- Placement: top, bottom\n\
- Delay: configurable\n\n\
## Task 2 Completion Summary\n\
Input shipped with 40 tests.\n\n\
## Task 3 Completion Summary\n\
Button shipped with 35 tests.\n";
    read_as(
        Via::Import,
        "team/working-context.md",
        doc,
        "team",
        Want {
            next: Some("Immediate Next Component: Tooltip Component"),
            branch: None,
            done: 2,
            remaining: 2,
            decisions: 3,
        },
    );
}

#[test]
fn a_culture_page_named_working_context_holds_nothing_of_a_checkpoint() {
    // Like team/handbook-working-context-zh.md, the negative case: the parser reads no next
    // action, branch, task or decision from it (refusing its import is the importer's).
    let doc = "# Working Context\n\n\
我们的团队重视透明和坦诚的沟通。每个人都可以在周会上提出问题。\n\n\
远程工作时请保持在线状态，并及时回复同事的消息。\n\n\
## 科学上网工具\n\n\
请向管理员申请账号，不要在公共电脑上保存密码。\n\n\
## 其他\n\n\
有任何建议，欢迎直接联系负责人。\n";
    let (sb, repo) = Sandbox::with_repo();
    let path = sb.file("handbook/working-context.md", doc.as_bytes());
    sb.ok(&repo, &["save", "s1", "-F", path.to_str().unwrap()]);
    let v = sb.json(&repo, &["resume", "s1", "--json"]);
    assert!(v["next_action"].is_null(), "{v:#}");
    assert_eq!(v["branch"], "main");
    for f in ["tasks_done", "tasks_remaining", "decisions"] {
        assert_eq!(v[f].as_array().map_or(0, Vec::len), 0, "{f}");
    }
    assert_eq!(v["confidence"], "needs_confirmation");
}

#[test]
fn coordinator_context_of_yaml_and_tables_states_no_next_step() {
    // Like team/dev-harness-working-context-build-coordinator.md: the team header over a
    // YAML block, a deliverables table and a file list.
    let doc = "# Working Context — Release Coordinator\n\n\
## Build Plan State\n\n\
```yaml\n\
current_wave: 2\n\
state:\n\
\x20\x20wave_1: completed   # Models\n\
\x20\x20wave_2: pending     # Dispatcher\n\
```\n\n\
## Wave 1 Completion Report\n\n\
### Deliverables (from plan §3)\n\n\
| # | Deliverable | Status |\n\
|---|-------------|--------|\n\
| 1 | Step model | ✅ Pass |\n\
| 2 | Error types | ✅ Pass |\n\n\
### Files Created\n\n\
```\n\
src/step.py   — Step model\n\
```\n";
    let v = read_as(
        Via::Import,
        "coord/working-context.md",
        doc,
        "team",
        Want {
            next: None,
            branch: None,
            done: 0,
            remaining: 0,
            decisions: 0,
        },
    );
    assert_eq!(v["confidence"], "needs_confirmation");
}

#[test]
fn session_now_md_gives_its_next_three_actions() {
    // Like pm/openclaw-NOW.md.
    let doc = "# NOW.md\n\n\
Last updated: 2026-01-12 08:30 UTC\n\n\
## Current Objective\n\
Keep session notes durable across restarts.\n\n\
## Current Focus\n\
Rebuild the notes workflow before feature work.\n\n\
## Next 3 Actions\n\
1. Append to `notes/YYYY-MM-DD.md` after each block of work.\n\
2. Move lasting preferences into `NOTES.md`.\n\
3. End each session with a hand-off snapshot.\n\n\
## Open Thread to Resume\n\
The login page is mid-migration to a custom button. Next: set the client secret in the env file.\n\n\
## Session Handoff Template\n\
- Done:\n\
- In progress:\n\
- Decisions made:\n\
- Blockers:\n\
- First action next session:\n";
    read_as(
        Via::ImportAs,
        "openclaw/NOW.md",
        doc,
        "pm",
        Want {
            next: Some("Append to `notes/YYYY-MM-DD.md`"),
            branch: None,
            done: 0,
            remaining: 3,
            decisions: 0,
        },
    );
}

#[test]
fn planning_now_md_names_its_branch_inline_and_now_is_the_next_action() {
    // Like pm/testpulse-planning-NOW.md: `## Now / ## Next / ## Later / ## Owner actions`.
    let doc = "# Now\n\n\
Current focus for agent sessions. History lives in git.\n\n\
## Now\n\
- Metrics catch-up: reviewer baseline (`planning/metrics.md`), branch\n\
\x20\x20`chore/metrics-baseline`.\n\n\
## Next\n\
- S-007 Teams (approved with the defaults).\n\
- S-008 Purge job for deleted teams.\n\n\
## Later\n\
- Re-plan by outcome at the end of phase 4.\n\n\
## Owner actions outstanding\n\
- Add repository secrets for staging.\n\
- Turn on admin enforcement on `main`.\n";
    read_as(
        Via::ImportAs,
        "planning/NOW.md",
        doc,
        "pm",
        Want {
            next: Some("Metrics catch-up: reviewer baseline"),
            branch: Some("chore/metrics-baseline"),
            done: 0,
            remaining: 4,
            decisions: 0,
        },
    );
}

#[test]
fn gstack_handoff_with_full_width_qualifiers_reads_decisions_and_steps() {
    // Like gstack/20260423-014530-handoff-to-next-session-ready-to-start.md (Traditional
    // Chinese, `status: ready-to-start`, full-width bracket qualifiers, bold step labels).
    let doc = "---\n\
status: ready-to-start\n\
branch: maker/garden-ui\n\
timestamp: 2026-03-11T22:10:05+08:00\n\
files_modified:\n\
\x20\x20- src/app/home.tsx\n\
\x20\x20- src/theme/colors.ts\n\
---\n\n\
## Working on: 花園 App UI 重做 — 交接給下個 session\n\n\
### Summary\n\
本 session 完成設計稿比對，下個 session 直接實作。\n\n\
### Decisions Made（使用者答覆，下個 session 直接照做）\n\
- **主色**：採用綠色系。\n\
- **字體**：標題用襯線字。\n\n\
### Remaining Work（下個 session 的 3 步驟，照順序跑）\n\n\
**Step 0（5 min）— 還原錯誤改動：**\n\
- `git checkout src/app/home.tsx`\n\n\
**Step 1（30 min）— 設計系統基底：**\n\
- 新增 `src/design/tokens.ts`\n\n\
**Step 2（60 min）— 首頁重做：**\n\
```tsx\n\
<Home />\n\
```\n\n\
### Notes\n\
- 帳號：owner@example.com\n";
    let v = read_as(
        Via::Import,
        "gstack/20260311-221005-garden-ui-handoff.md",
        doc,
        "gstack",
        Want {
            next: Some("Step 0（5 min）— 還原錯誤改動"),
            branch: Some("maker/garden-ui"),
            done: 0,
            remaining: 3,
            decisions: 2,
        },
    );
    assert_eq!(v["updated_at"], "2026-03-11T22:10:05+08:00");
}

#[test]
fn gstack_offset_without_colon_is_read_at_its_offset() {
    // Like gstack/20260602-144556-….md: `+0800`, emoji-prefixed remaining items.
    let doc = "---\n\
status: in-progress\n\
branch: main\n\
timestamp: 2026-05-10T09:15:30+0800\n\
files_modified: []\n\
---\n\n\
## Working on: PR #9 merged — 帳號功能落地\n\n\
### Summary\n\
合併 PR #9，測試全綠。\n\n\
### Decisions Made\n\
- **合併方式：merge commit** — 保留歷史。\n\
- **不觸發部署** — 手機 App 不自動部署。\n\n\
### Remaining Work\n\
1. 🟢 **使用者正在手動測試**（模擬器）。等回饋。\n\
2. 🔴 **開放前必做**：設定寄件網域。\n\
3. 未來：邀請流程擴充。\n\n\
### Notes\n\
- 測試：41/41。\n";
    let v = read_as(
        Via::Import,
        "gstack/20260510-091530-pr9-merged.md",
        doc,
        "gstack",
        Want {
            next: Some("🟢 **使用者正在手動測試**"),
            branch: Some("main"),
            done: 0,
            remaining: 3,
            decisions: 2,
        },
    );
    // 09:15:30 at +08:00, not midnight UTC of the date.
    assert_eq!(v["updated_at"], "2026-05-10T09:15:30+08:00");
}

#[test]
fn all_caps_checkpoint_with_a_dated_entry_keeps_its_whole_title() {
    // Like other/argos-CHECKPOINT.md: `# CHECKPOINT: … - …`, a dated `## [date] - Type:`
    // entry, no trailing newline.
    let doc = "# CHECKPOINT: Sensor Board Fix - Checksum Bug Resolved\n\n\
**Last Updated:** 2025-07-01 18:20:00  \n\
**Status:** SENSOR FIX READY - checksum issue diagnosed and solution prepared\n\n\
## [2025-07-01 18:20:00] - Type: FIX/CRITICAL - Sensor Board Checksum Fix\n\n\
### ROOT CAUSE IDENTIFIED\n\
- **EXACT ISSUE**: the loader rejects a trailing checksum byte\n\n\
### SOLUTION IMPLEMENTED\n\
- Created fixed image: `board_fixed.bin`\n\n\
### HARDWARE VALIDATION COMPLETED\n\
- ✅ USB detection\n\
- ❌ Enumeration: blocked by the loader bug\n\n\
### DEPLOYMENT INSTRUCTIONS\n\
```bash\n\
# Apply the fix (requires sudo):\n\
sudo ./scripts/fix-board.sh\n\
```\n\n\
### SYSTEM STATUS\n\
- **Hardware**: ✅ OPERATIONAL\n\n\
**The board will be operational after applying this fix.**";
    let v = read_as(
        Via::Save,
        "CHECKPOINT.md",
        doc,
        "pair",
        Want {
            next: Some("sudo ./scripts/fix-board.sh"),
            branch: None,
            done: 0,
            remaining: 0,
            decisions: 0,
        },
    );
    assert_eq!(v["title"], "Sensor Board Fix - Checksum Bug Resolved");
}

#[test]
fn development_checkpoint_with_tables_reads_next_up_and_the_branch_line() {
    // Like other/cofi-checkpoint.md: `# … Checkpoint — date`, tables, a list numbered from
    // `0.` with `0a.`, `## How to Resume` ending in `Next up:`.
    let doc = "# Widget Development Checkpoint — 2026-03-15\n\n\
## Repo & Infra\n\n\
| Item | Value |\n\
|------|-------|\n\
| Repo | `~/src/widget` |\n\n\
## Critical Rules\n\n\
0. Never push to `main` directly.\n\
0a. Run `make test` first.\n\
1. Keep commits small.\n\n\
## Current Branch State\n\n\
Branch: `develop`. Local work is not yet pushed.\n\n\
## Recently Completed Work\n\n\
### Slot occlusion\n\
- Rectangle subtraction for hidden slots\n\
- Configurable threshold\n\n\
### Repeat last action\n\
- `.` repeats the last command\n\n\
## Open Tickets\n\n\
| ID | Title | Status |\n\
|----|-------|--------|\n\
| TKT-41 | Window-ready timing | Backlog |\n\n\
## How to Resume\n\n\
1. `cd ~/src/widget`\n\
2. `make test` — verify all tests pass\n\
3. Next up: **TKT-41** (window-ready timing) or **TKT-42** (split the key handler)\n";
    let v = read_as(
        Via::Save,
        "checkpoint.md",
        doc,
        "pair",
        Want {
            next: Some("**TKT-41** (window-ready timing)"),
            branch: Some("develop"),
            done: 3,
            remaining: 0,
            decisions: 0,
        },
    );
    assert_eq!(v["title"], "Widget Development Checkpoint — 2026-03-15");
}

#[test]
fn claude_handoff_not_started_items_are_remaining_never_done() {
    // Like other/hassette-claude-handoff.md: `**Branch:**` in the header block, `## Current
    // State` with `### Done` and `### Not Started`, `## Decisions Made`, `## Next Steps`.
    let doc = "# Handoff: Guide Rewrite Brief for Issue #77\n\n\
**Date:** 2026-02-02\n\
**Project:** gadget\n\
**Branch:** worktree-77\n\n\
## What We Were Working On\n\n\
Issue #77 rewrites the guide outline-first.\n\n\
## Approach\n\n\
1. Read the issue.\n\
2. Ran the review workflow.\n\n\
## Current State\n\n\
### Done\n\
- Brief written and committed\n\
- Pushed to `worktree-77`\n\n\
### Not Started\n\
- Phase 1: outline\n\
- Phase 2: per-page outlines\n\
- Phase 3: writing\n\n\
## Uncommitted Changes\n\n\
None — all changes committed.\n\n\
## Decisions Made\n\n\
- **Blank slate** — every page starts empty.\n\
- **Long-lived docs branch** — one big PR at the end.\n\
- **Two exemplar pages** — chosen in Phase 1.\n\n\
## Open Questions\n\n\
- Which pages become the exemplars\n\n\
## Next Steps\n\n\
1. Run the define step on the brief to get work packages\n\
2. Execute Phase 1\n\
3. Create the docs branch\n";
    let v = read_as(
        Via::Save,
        "handoff.md",
        doc,
        "pair",
        Want {
            next: Some("Run the define step on the brief"),
            branch: Some("worktree-77"),
            done: 2,
            remaining: 6,
            decisions: 3,
        },
    );
    let done: Vec<&str> = v["tasks_done"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        !done.iter().any(|t| t.starts_with("Phase")),
        "not started counted done: {done:?}"
    );
    assert_eq!(v["open_questions"].as_array().map_or(0, Vec::len), 1);
    // Every section is understood: nothing missing, nothing contradictory.
    assert_eq!(v["confidence"], "high", "{v:#}");
}

#[test]
fn japanese_handoff_reads_next_step_settled_decisions_and_a_commit_table() {
    // Like other/lean-doc-claude-handoff-ja.md.
    let doc = "# Handoff — 2026-05-02 (残件掃き R1〜R3)\n\n\
## State\n\n\
- Branch: **`main`** / clean / **`1a2b3c4`** まで push 済み\n\
- `cargo test` = **12 passed / 0 failed**\n\n\
## このセッションで入ったもの\n\n\
| | 内容 | commit |\n\
|---|---|---|\n\
| **R1** | キーを一か所に集約 | `1111111` |\n\
| **R2** | NOTICE の網羅を検査 | `2222222` |\n\
| 修正 | rustdoc のリンク | `3333333` |\n\n\
## 残っている判断 — 無し\n\n\
## 決着済 — 蒸し返さない\n\n\
- **綴りは解決させる**【決定 2026-05-02】\n\
\x20\x20実装は `module_for` (曖昧なら答えない)。\n\
- **R3 は保留のまま**【ユーザー判断】\n\n\
## Next step\n\n\
**計画は全項目が決着した。** 残りは計画を閉じること。\n\n\
## Files to read first\n\n\
- `docs/plans/sweep.md`\n";
    read_as(
        Via::Save,
        "handoff-ja.md",
        doc,
        "pair",
        Want {
            next: Some("**計画は全項目が決着した。**"),
            branch: Some("main"),
            done: 3,
            remaining: 0,
            decisions: 2,
        },
    );
}

#[test]
fn progress_file_reads_next_session_should_and_only_the_newest_session() {
    // Like other/parking-reminder-claude-progress.txt: bold label lines over lists, sessions
    // newest first, a commented-out template at the end.
    let doc = "# Claude Progress Notes - Bike Reminder\n\n\
> This file tracks session-by-session progress.\n\n\
---\n\n\
## Current Status\n\n\
**Phase:** Maintenance\n\
**Next Session Should:** Check the icon cache on Android, or pick an item from FEATURES.md\n\n\
---\n\n\
## Quick Reference\n\n\
**Important Decisions:**\n\
- Webhook base URL is the public one\n\
- Reminders escalate after 10 minutes\n\n\
## Session Log\n\n\
### Session 2 - 2025-10-03 (Evening)\n\
**Completed:**\n\
- Fixed the acknowledge button\n\
- Added offline support\n\
- Deployed v1.4.0\n\n\
**In Progress:**\n\
- Nothing - clean stopping point\n\n\
**Blockers:**\n\
- None\n\n\
**Next Session:**\n\
- Project is stable\n\
- Revisit the icon if asked\n\n\
### Session 1 - 2025-10-01 (Bootstrap)\n\
**Completed:**\n\
- Bootstrapped this file\n\n\
**Next Session:**\n\
- Anything\n\n\
<!--\n\
━━━━━━━━━━━━━━━━━━━━\n\
### Session N - DATE\n\
**Completed:**\n\
- item\n\
━━━━━━━━━━━━━━━━━━━━\n\
-->\n";
    let v = read_as(
        Via::Save,
        "claude-progress.txt",
        doc,
        "pair",
        Want {
            next: Some("Check the icon cache on Android"),
            branch: None,
            done: 3,
            remaining: 2,
            decisions: 2,
        },
    );
    // What was not read is said: the earlier session.
    let h = v["human"].as_str().unwrap_or_default();
    assert!(h.contains("newest of 2 dated entries"), "{h}");
}

#[test]
fn korean_handoff_reads_branch_section_done_next_and_decisions() {
    // Like other/runner-claude-handoff-ko.md.
    let doc = "# Handoff — 2026-02-14\n\n\
## 브랜치 / 커밋\n\
- 브랜치: `feat/m/board-game`\n\
- 최근 커밋:\n\
\x20\x20aa11bb2 fix(board): 버튼 활성화\n\
\x20\x20cc33dd4 feat(board): 미리보기\n\n\
## 미커밋 변경사항\n\
없음\n\n\
## 진행 중인 작업\n\
없음 — 이번 세션 수정 완료 후 배포됨.\n\n\
## 완료된 것\n\
- \"확정\" 버튼 비활성화 버그 수정\n\
\x20\x20- 원인: 조건이 잘못됨\n\n\
## 다음에 할 것\n\
1. **전체 플레이 검증** — 배포 사이트에서:\n\
\x20\x20\x20- 굴리기 → 선택 → 확정\n\n\
## 주요 결정 / 맥락\n\
- `stop(roomId, combo?)`: combo가 있으면 적용 후 저장\n\
- 버튼 조건: 선택 전에는 비활성\n\
- main과 동일 상태인지 확인 필요\n\n\
## 주의사항\n\
- 두 기기로 끝까지 테스트 안 함\n";
    read_as(
        Via::Save,
        "handoff-ko.md",
        doc,
        "pair",
        Want {
            next: Some("**전체 플레이 검증**"),
            branch: Some("feat/m/board-game"),
            done: 1,
            remaining: 1,
            decisions: 3,
        },
    );
}

#[test]
fn plain_text_progress_log_reads_the_newest_session_block() {
    // Like other/votebeats-claude-progress.txt: no markdown headings, `=== Session: … ===`
    // blocks newest first, upper-case labels.
    let mut doc = String::from("===== Tapes Development Progress =====\n");
    for (n, next) in [
        (12, "Keep regression testing"),
        (11, "Fix the flaky login test"),
        (10, "Write docs"),
    ] {
        doc.push_str(&format!(
            "=== Session: 2026-01-{n:02} (Session {n}) ===\n\
Status: 40/40 features passing\n\n\
SERVERS:\n\
- Backend on port 3002\n\n\
NEXT SESSION:\n\
- {next}\n\
- Keep all features green\n\n"
        ));
    }
    doc.push_str("=== Session: 2026-01-09 (Session 9) ===\nNEXT SESSION: Old plan\n");
    let v = read_as(
        Via::Save,
        "claude-progress.txt",
        &doc,
        "pair",
        Want {
            next: Some("Keep regression testing"),
            branch: None,
            done: 0,
            remaining: 2,
            decisions: 0,
        },
    );
    assert_eq!(v["title"], "Tapes Development Progress");
}

#[test]
fn section_names_added_by_configuration_are_read() {
    // `checkpoint.section.<field>`, multi-valued: a French hand-off.
    let (sb, repo) = Sandbox::with_repo();
    sb.git(
        &repo,
        &[
            "config",
            "--add",
            "checkpoint.section.next",
            "Prochaine étape",
        ],
    );
    sb.git(
        &repo,
        &["config", "--add", "checkpoint.section.done", "Fait"],
    );
    sb.git(
        &repo,
        &["config", "--add", "checkpoint.section.done", "Terminé"],
    );
    let doc = "# Passation\n\n## Fait\n- a\n\n## Terminé\n- b\n\n## Prochaine étape\n- écrire les tests\n";
    let path = sb.file("passation.md", doc.as_bytes());
    sb.ok(&repo, &["save", "s1", "-F", path.to_str().unwrap()]);
    let v = sb.json(&repo, &["resume", "s1", "--json"]);
    assert_eq!(v["next_action"], "écrire les tests");
    assert_eq!(v["tasks_done"].as_array().map_or(0, Vec::len), 2);
}

#[test]
fn a_brief_carries_a_document_nothing_was_read_from_and_caps_every_line() {
    // The dev-harness look-alike: no next action, task or decision is read, yet the brief
    // carries its text (it said only "Next action: unknown" before), and a 20 KB item is cut.
    let (sb, repo) = Sandbox::with_repo();
    let huge = "y".repeat(20_000);
    let doc = format!(
        "# Working Context — Release Coordinator\n\n## Wave 1 Completion Report\n\n\
The dispatcher shipped with 133 tests.\n\n## Notes\n\n{huge}\n"
    );
    let path = sb.file("working-context.md", doc.as_bytes());
    sb.ok(&repo, &["save", "s1", "-F", path.to_str().unwrap()]);
    let brief = sb.ok(&repo, &["prompt", "s1"]);
    assert!(
        brief.contains("The dispatcher shipped with 133 tests."),
        "{brief}"
    );
    for l in brief.lines() {
        assert!(
            l.chars().count() <= 1100,
            "brief line of {} chars",
            l.chars().count()
        );
    }
    // A document with a next step: the brief opens with it.
    let doc = "# Handoff\n\n## Next step\n\nShip the dispatcher.\n";
    let path = sb.file("h.md", doc.as_bytes());
    sb.ok(&repo, &["save", "s2", "-F", path.to_str().unwrap()]);
    let brief = sb.ok(&repo, &["prompt", "s2"]);
    let next = brief
        .lines()
        .find(|l| l.starts_with("Next action:"))
        .unwrap_or_default();
    assert_eq!(next, "Next action: Ship the dispatcher.");
}
