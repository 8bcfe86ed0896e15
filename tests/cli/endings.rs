//! Endings that propagate (issue 26, items 3 and 6): a purge or a finish made in one clone
//! reaches the remote and the other clones and is never undone by a teammate's sync; a save
//! racing a finish is reported with both outcomes; `--dry-run` shows what would leave. Three
//! clones of one bare repository, reached over `file://` and over `git daemon` on 127.0.0.1.

use crate::common::{strings_of, team, Sandbox, Team, Transport};
use std::path::Path;

/// What the remote holds: `git ls-remote` of the bare repository, ref names only.
fn remote_refs(t: &Team) -> Vec<String> {
    t.sb.git(&t.a, &["ls-remote", t.origin.to_str().unwrap()])
        .lines()
        .filter_map(|l| l.split('\t').nth(1).map(String::from))
        .collect()
}

fn has(refs: &[String], r: &str) -> bool {
    refs.iter().any(|x| x == r)
}

fn local_refs(sb: &Sandbox, dir: &Path) -> String {
    sb.refs(dir)
}

/// A saves `leak` (with a revision the purge must take away) and `keep`, pushes; B and C sync.
fn shared_leak(t: &Team) {
    let sb = &t.sb;
    sb.ok(
        &t.a,
        &["save", "leak", "--title", "Leaked", "--todo", "rotate it"],
    );
    sb.ok(&t.a, &["save", "leak", "--done", "rotate it"]);
    sb.ok(&t.a, &["save", "keep", "--title", "Kept"]);
    sb.ok(&t.a, &["sync"]);
    for dir in [&t.b, &t.c] {
        sb.ok(dir, &["sync"]);
        assert!(local_refs(sb, dir).contains("refs/checkpoints/leak"));
    }
}

fn purge_then_teammate_sync_does_not_bring_it_back(transport: Transport) {
    let t = team(transport);
    let sb = &t.sb;
    shared_leak(&t);
    let leaked = sb.git(&t.a, &["rev-parse", "refs/checkpoints/leak"]);
    let leaked = leaked.trim();
    sb.ok(&t.a, &["done", "leak", "--purge", "--yes"]);
    sb.ok(&t.a, &["sync"]);
    let remote = remote_refs(&t);
    assert!(!has(&remote, "refs/checkpoints/leak"), "{remote:?}");
    assert!(has(&remote, "refs/checkpoints-purged/leak"), "{remote:?}");

    // B saves other work and syncs: the purge reaches B, and B's sync sends nothing back.
    sb.ok(&t.b, &["save", "keep", "--todo", "B's part"]);
    let out = sb.ok(&t.b, &["sync"]);
    assert!(
        out.contains("purged") && out.contains("refs/checkpoints/leak"),
        "{out}"
    );
    let remote = remote_refs(&t);
    assert!(!has(&remote, "refs/checkpoints/leak"), "{remote:?}");
    assert!(has(&remote, "refs/checkpoints/keep"), "{remote:?}");
    assert!(!local_refs(sb, &t.b).contains("checkpoints/leak"));

    // C, at its next `git checkpoint fetch`, loses its copy too.
    let v = sb.json(&t.c, &["fetch", "--json"]);
    let leak: Vec<&serde_json::Value> = v["integrated"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["story"] == "leak")
        .collect();
    assert!(
        leak.iter()
            .any(|o| o["action"] == "purged" && o["ref"] == "refs/checkpoints/leak"),
        "{v}"
    );
    let refs = local_refs(sb, &t.c);
    assert!(!refs.contains("refs/checkpoints/leak"), "{refs}");
    assert!(
        !refs.contains("refs/remotes/origin/checkpoints/leak"),
        "{refs}"
    );
    let listed = sb.json(&t.c, &["list", "--all", "--json"]);
    assert_eq!(strings_of(&listed, "story"), vec!["keep"], "{listed}");
    sb.fails(&t.c, &["resume", "leak"], &["leak"]);
    sb.ok(&t.c, &["sync"]);
    let remote = remote_refs(&t);
    assert!(!has(&remote, "refs/checkpoints/leak"), "{remote:?}");
    // The record names the purged tip but keeps nothing of it reachable, here or there.
    let record = sb.git(
        &t.c,
        &["log", "-1", "--format=%B", "refs/checkpoints-purged/leak"],
    );
    assert!(record.contains(leaked), "{record}");
    for dir in [&t.a, &t.b, &t.c, &t.origin] {
        let reachable = sb.git(dir, &["rev-list", "--all"]);
        assert!(!reachable.contains(leaked), "{}", dir.display());
    }
}

#[test]
fn purge_then_teammate_sync_does_not_bring_it_back_over_file() {
    purge_then_teammate_sync_does_not_bring_it_back(Transport::File);
}

#[test]
fn purge_then_teammate_sync_does_not_bring_it_back_over_git_daemon() {
    purge_then_teammate_sync_does_not_bring_it_back(Transport::Daemon);
}

fn plain_git_fetch_then_our_commands_do_not_resurrect(transport: Transport) {
    let t = team(transport);
    let sb = &t.sb;
    sb.ok(&t.c, &["setup"]);
    shared_leak(&t);
    sb.ok(&t.a, &["done", "leak", "--purge", "--yes"]);
    sb.ok(&t.a, &["sync"]);

    // C learns of the purge with a plain `git fetch` (setup's refspecs bring the record).
    sb.git(&t.c, &["fetch", "-q"]);
    assert!(local_refs(sb, &t.c).contains("refs/remotes/origin/checkpoints-purged/leak"));
    let (_, stderr) = sb.ok_with_stderr(&t.c, &["list", "--all"]);
    assert!(stderr.contains("leak was purged elsewhere"), "{stderr}");
    let v = sb.json(&t.c, &["resume", "leak", "--json"]);
    let warned = v["warnings"].as_array().unwrap();
    assert!(
        warned
            .iter()
            .any(|w| w.as_str().unwrap().contains("purged elsewhere")),
        "{v}"
    );
    let (_, stderr) = sb.ok_with_stderr(&t.c, &["status", "leak"]);
    assert!(stderr.contains("purged elsewhere"), "{stderr}");

    // A push (no fetch of ours before it) sends nothing back, and removes C's copy.
    let out = sb.ok(&t.c, &["push"]);
    assert!(out.contains("purged"), "{out}");
    let remote = remote_refs(&t);
    assert!(!has(&remote, "refs/checkpoints/leak"), "{remote:?}");
    assert!(!local_refs(sb, &t.c).contains("refs/checkpoints/leak"));
}

#[test]
fn plain_git_fetch_then_our_commands_do_not_resurrect_over_file() {
    plain_git_fetch_then_our_commands_do_not_resurrect(Transport::File);
}

#[test]
fn plain_git_fetch_then_our_commands_do_not_resurrect_over_git_daemon() {
    plain_git_fetch_then_our_commands_do_not_resurrect(Transport::Daemon);
}

fn done_racing_a_save_is_reported_with_both_outcomes(transport: Transport) {
    let t = team(transport);
    let sb = &t.sb;
    sb.ok(&t.a, &["save", "x", "--title", "Race", "--todo", "one"]);
    sb.ok(&t.a, &["sync"]);
    sb.ok(&t.b, &["sync"]);
    sb.ok(&t.c, &["sync"]);
    // A finishes x (revision 2) and pushes; B, who had x, saves revision 2 there and syncs.
    sb.ok(&t.a, &["done", "x", "--force"]);
    sb.ok(&t.a, &["sync"]);
    sb.ok(&t.b, &["save", "x", "--todo", "two"]);
    let out = sb.ok(&t.b, &["sync"]);
    assert!(
        out.contains(
            "x was finished on origin (revision 2) while you saved revision 2 here: it is both active and archived; `git checkpoint done x` to finish it too, or keep saving to reopen it"
        ),
        "{out}"
    );
    let remote = remote_refs(&t);
    assert!(has(&remote, "refs/checkpoints/x"), "{remote:?}");
    assert!(has(&remote, "refs/checkpoints-archive/x"), "{remote:?}");
    // Never active and archived at once without a warning: list, status, resume say so.
    let (_, stderr) = sb.ok_with_stderr(&t.b, &["list", "--all"]);
    assert!(stderr.contains("both active and archived"), "{stderr}");
    let (_, stderr) = sb.ok_with_stderr(&t.b, &["status", "x"]);
    assert!(stderr.contains("both active and archived"), "{stderr}");
    let v = sb.json(&t.b, &["resume", "x", "--json"]);
    assert!(
        v["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w.as_str().unwrap().contains("both active and archived")),
        "{v}"
    );
    // C, who did nothing, sees the same state at its sync, as JSON.
    let v = sb.json(&t.c, &["sync", "--json"]);
    let raced: Vec<&serde_json::Value> = v["integrated"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["action"] == "raced_finish")
        .collect();
    assert_eq!(raced.len(), 1, "{v}");
    assert!(raced[0]["reason"]
        .as_str()
        .unwrap()
        .contains("`git checkpoint done x`"));
    // B takes the choice: both ends meet in the archive, and the remote has one ending.
    sb.ok(&t.b, &["done", "x", "--force"]);
    sb.ok(&t.b, &["sync"]);
    let remote = remote_refs(&t);
    assert!(!has(&remote, "refs/checkpoints/x"), "{remote:?}");
    let out = sb.ok(&t.a, &["sync"]);
    assert!(!out.contains("raced"), "{out}");
    let v = sb.json(&t.a, &["resume", "x", "--archived", "--json"]);
    assert_eq!(v["status"], "done");
}

#[test]
fn done_racing_a_save_is_reported_with_both_outcomes_over_file() {
    done_racing_a_save_is_reported_with_both_outcomes(Transport::File);
}

#[test]
fn done_racing_a_save_is_reported_with_both_outcomes_over_git_daemon() {
    done_racing_a_save_is_reported_with_both_outcomes(Transport::Daemon);
}

fn new_work_on_top_of_a_purge_stays_home(transport: Transport) {
    let t = team(transport);
    let sb = &t.sb;
    shared_leak(&t);
    sb.ok(&t.a, &["done", "leak", "--purge", "--yes"]);
    sb.ok(&t.a, &["sync"]);
    // B saved on top of the leaked history before hearing of the purge.
    sb.ok(&t.b, &["save", "leak", "--todo", "B's new work"]);
    let out = sb.ok(&t.b, &["sync"]);
    assert!(
        out.contains("raced") && out.contains("leak was purged elsewhere"),
        "{out}"
    );
    assert!(
        out.contains("git checkpoint done leak --purge --yes"),
        "{out}"
    );
    let remote = remote_refs(&t);
    assert!(!has(&remote, "refs/checkpoints/leak"), "{remote:?}");
    // Kept in B, and said so wherever it is shown.
    let v = sb.json(&t.b, &["resume", "leak", "--json"]);
    assert_eq!(v["tasks_remaining"], serde_json::json!(["B's new work"]));
    assert!(v["warnings"].to_string().contains("never pushed"), "{v}");
    // B purges it too: nothing comes back anywhere.
    sb.ok(&t.b, &["done", "leak", "--purge", "--yes"]);
    sb.ok(&t.b, &["sync"]);
    sb.ok(&t.c, &["sync"]);
    assert!(!local_refs(sb, &t.c).contains("refs/checkpoints/leak"));
    assert!(!has(&remote_refs(&t), "refs/checkpoints/leak"));
}

#[test]
fn new_work_on_top_of_a_purge_stays_home_over_file() {
    new_work_on_top_of_a_purge_stays_home(Transport::File);
}

#[test]
fn new_work_on_top_of_a_purge_stays_home_over_git_daemon() {
    new_work_on_top_of_a_purge_stays_home(Transport::Daemon);
}

/// The refs a `--dry-run --json` document says would change, sorted.
fn would_change(v: &serde_json::Value) -> Vec<String> {
    let mut refs: Vec<String> = v["outgoing"]["refs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ref"].as_str().unwrap().to_string())
        .collect();
    refs.sort();
    refs
}

fn everything(t: &Team) -> (String, String, String) {
    let remote = t.sb.git(&t.a, &["ls-remote", t.origin.to_str().unwrap()]);
    (local_refs(&t.sb, &t.a), local_refs(&t.sb, &t.c), remote)
}

fn dry_run_lists_exactly_what_a_real_push_then_does(transport: Transport) {
    let t = team(transport);
    let sb = &t.sb;
    sb.ok(&t.a, &["save", "x", "--title", "X", "--todo", "one"]);
    sb.ok(&t.a, &["save", "y", "--title", "Y"]);
    sb.ok(&t.a, &["save", "gone", "--title", "Gone"]);
    sb.ok(&t.a, &["sync"]);
    // Revision 2 of x, a new story z, y finished, gone purged: what leaves?
    sb.ok(&t.a, &["save", "x", "--done", "one"]);
    sb.ok(&t.a, &["save", "z", "--title", "Z"]);
    sb.ok(&t.a, &["done", "y", "--force"]);
    sb.ok(&t.a, &["done", "gone", "--purge", "--yes"]);
    let before = everything(&t);
    let dry = sb.json(&t.a, &["push", "--dry-run", "--json"]);
    let synced = sb.json(&t.a, &["sync", "--dry-run", "--json"]);
    let text = sb.ok(&t.a, &["push", "--dry-run"]);
    assert_eq!(everything(&t), before, "a dry run writes nothing");
    assert_eq!(dry["dry_run"], true);
    let wanted = [
        "refs/checkpoints-archive/y",
        "refs/checkpoints-purged/gone",
        "refs/checkpoints/gone",
        "refs/checkpoints/x",
        "refs/checkpoints/y",
        "refs/checkpoints/z",
        "refs/notes/checkpoints",
    ];
    assert_eq!(would_change(&dry), wanted, "{dry:#}");
    assert_eq!(would_change(&synced), wanted, "{synced:#}");
    let x = dry["outgoing"]["refs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ref"] == "refs/checkpoints/x")
        .unwrap();
    assert_eq!(x["change"], "update");
    assert_eq!(x["revisions"].as_array().unwrap().len(), 1, "{x}");
    assert_eq!(x["revisions"][0]["revision"], 2);
    let x_tip = sb.git(&t.a, &["rev-parse", "refs/checkpoints/x"]);
    assert_eq!(x["revisions"][0]["commit"], x_tip.trim());
    assert!(!dry["outgoing"]["notes"].as_array().unwrap().is_empty());
    for line in [
        "update refs/checkpoints/x",
        "create refs/checkpoints/z",
        "delete refs/checkpoints/gone",
        "delete refs/checkpoints/y",
        "create refs/checkpoints-archive/y",
        "dry run: nothing was written or sent",
    ] {
        assert!(
            text.lines().any(|l| l
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .starts_with(line)),
            "{line}: {text}"
        );
    }
    // The real push then changes exactly those refs.
    let real = sb.json(&t.a, &["push", "--json"]);
    let mut pushed: Vec<String> = real["pushed"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["flag"] != "=")
        .map(|r| r["ref"].as_str().unwrap().to_string())
        .collect();
    pushed.sort();
    assert_eq!(pushed, wanted, "{real:#}");
    let after = sb.json(&t.a, &["push", "--dry-run", "--json"]);
    assert_eq!(would_change(&after), Vec::<String>::new(), "{after:#}");

    // What the secret guard would refuse is listed, and the dry run still writes nothing.
    let token = crate::common::github_token();
    sb.ok(
        &t.c,
        &[
            "save",
            "s",
            "--title",
            "Keys",
            "--context",
            &format!("token {token}"),
            "--allow-secret",
        ],
    );
    let before = everything(&t);
    let dry = sb.json(&t.c, &["sync", "--dry-run", "--json"]);
    let refused = dry["outgoing"]["refused"].as_array().unwrap();
    assert_eq!(refused.len(), 1, "{dry:#}");
    assert!(
        refused[0].as_str().unwrap().contains("refs/checkpoints/s"),
        "{dry:#}"
    );
    assert!(!refused[0].as_str().unwrap().contains(&token));
    let (a0, c0, r0) = before;
    let (a1, c1, r1) = everything(&t);
    assert_eq!((a1, r1), (a0, r0), "A and the remote are untouched");
    // C's own refs: only its remote-tracking refs moved (the fetch), no checkpoint ref.
    let ours = |refs: &str| -> Vec<String> {
        refs.lines()
            .filter(|l| !l.contains("refs/remotes/"))
            .map(String::from)
            .collect()
    };
    assert_eq!(ours(&c1), ours(&c0));
    sb.fails(&t.c, &["push"], &["refs/checkpoints/s"]);
}

#[test]
fn dry_run_lists_exactly_what_a_real_push_then_does_over_file() {
    dry_run_lists_exactly_what_a_real_push_then_does(Transport::File);
}

#[test]
fn dry_run_lists_exactly_what_a_real_push_then_does_over_git_daemon() {
    dry_run_lists_exactly_what_a_real_push_then_does(Transport::Daemon);
}

/// A finished story saved again (reopened) where the remote still has its older active ref:
/// the reopening clone's sync lands (the remote's older revisions stay in its archive), and a
/// teammate who had the old active ref takes the reopened one, by our sync or by a plain
/// `git fetch` and a save, instead of merging the finished revisions back in as conflicts.
fn a_story_reopened_after_done_syncs_and_reaches_teammates(transport: Transport) {
    let t = team(transport);
    let sb = &t.sb;
    sb.ok(
        &t.a,
        &["save", "r", "--title", "Reopen", "--goal", "first goal"],
    );
    sb.ok(&t.a, &["sync"]);
    sb.ok(&t.b, &["sync"]);
    sb.ok(&t.c, &["sync"]);
    let first = sb.git(&t.a, &["rev-parse", "refs/checkpoints/r"]);
    // A finishes r without pushing, then saves it again.
    sb.ok(&t.a, &["done", "r", "--force"]);
    sb.ok(&t.a, &["save", "r", "--goal", "reopened goal"]);
    // The dry run says what the push will do: a replacement, not a merge.
    let planned = sb.ok(&t.a, &["push", "--dry-run"]);
    assert!(
        planned.contains("replace refs/checkpoints/r ") && !planned.contains("merge "),
        "{planned}"
    );
    let out = sb.ok(&t.a, &["sync"]);
    // A reopening is the user's choice: no command warns about the story being both active
    // and archived (a save on top of revisions finished meanwhile is warned about, above).
    assert!(
        !out.contains("raced") && !out.contains("both active and archived"),
        "{out}"
    );
    for args in [&["list"][..], &["status", "r"], &["resume", "r"], &["sync"]] {
        let (_, stdout, stderr) = sb.run(&t.a, args);
        assert!(
            !format!("{stdout}{stderr}").contains("both active and archived"),
            "{args:?}: {stdout}{stderr}"
        );
    }
    let reopened = sb.git(&t.a, &["rev-parse", "refs/checkpoints/r"]);
    let on_remote = sb.git(&t.a, &["ls-remote", t.origin.to_str().unwrap()]);
    assert!(
        on_remote.contains(&format!("{}\trefs/checkpoints/r\n", reopened.trim())),
        "{on_remote}"
    );
    // The remote keeps the first revision, in its archive.
    let archived = sb.git(&t.a, &["rev-parse", "refs/checkpoints-archive/r"]);
    assert!(on_remote.contains(&format!("{}\trefs/checkpoints-archive/r", archived.trim())));
    sb.git(
        &t.a,
        &["merge-base", "--is-ancestor", first.trim(), archived.trim()],
    );

    // B syncs: the reopened story replaces its finished copy.
    let out = sb.ok(&t.b, &["sync"]);
    assert!(
        out.contains("reopened") && out.contains("refs/checkpoints/r"),
        "{out}"
    );
    assert!(!out.contains("raced"), "{out}");
    assert_eq!(sb.git(&t.b, &["rev-parse", "refs/checkpoints/r"]), reopened);
    let shown = sb.ok(&t.b, &["show", "r"]);
    assert!(
        shown.contains("reopened goal") && !shown.contains("first goal"),
        "{shown}"
    );

    // C brings it with plain git, then saves: the save goes on top of the reopened story.
    sb.git(
        &t.c,
        &[
            "fetch",
            "origin",
            "+refs/checkpoints/*:refs/remotes/origin/checkpoints/*",
            "+refs/checkpoints-archive/*:refs/remotes/origin/checkpoints-archive/*",
        ],
    );
    let (_, stdout, stderr) = sb.run(&t.c, &["status", "r"]);
    assert!(
        format!("{stdout}{stderr}").contains("origin has the story reopened (revision 1); this clone's revision 1 is finished (in the story's archive): `git checkpoint sync origin` takes the reopened one"),
        "{stderr}"
    );
    let (_, stderr) = sb.ok_with_stderr(&t.c, &["save", "r", "-m", "C's note"]);
    assert!(
        stderr.contains("refs/checkpoints/r replaced by the fetched copy first, then saved on top (the story was reopened elsewhere"),
        "{stderr}"
    );
    let shown = sb.ok(&t.c, &["show", "r"]);
    assert!(shown.contains("reopened goal"), "{shown}");
    assert!(!shown.contains("conflict"), "{shown}");
    sb.git(
        &t.c,
        &[
            "merge-base",
            "--is-ancestor",
            reopened.trim(),
            "refs/checkpoints/r",
        ],
    );
    sb.ok(&t.c, &["sync"]);
}

#[test]
fn a_story_reopened_after_done_syncs_and_reaches_teammates_over_file() {
    a_story_reopened_after_done_syncs_and_reaches_teammates(Transport::File);
}
