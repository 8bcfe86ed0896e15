//! Claims: one holder per story, over plain git (`claim`, `release`, `handoff`; the claim
//! ref `refs/checkpoints-claims/<story>`, docs/FORMAT.md "Claims").

use crate::common::{bin, team, Sandbox, Transport};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The exit code of a command refused because someone else holds the story.
const HELD: i32 = 4;

/// Person `i`: name, email and session.
fn person(i: usize) -> (String, String, String) {
    (
        format!("Racer {i}"),
        format!("racer{i}@example.com"),
        format!("session-{i}"),
    )
}

/// `git-checkpoint args` in `dir` as person `i`.
fn as_person(sb: &Sandbox, dir: &Path, i: usize, args: &[&str]) -> Command {
    program_as(sb, bin().as_os_str(), dir, i, args)
}

/// `program args` in `dir` with the hermetic environment, as person `i`.
fn program_as(
    sb: &Sandbox,
    program: &std::ffi::OsStr,
    dir: &Path,
    i: usize,
    args: &[&str],
) -> Command {
    let (name, email, session) = person(i);
    let mut cmd = Command::new(program);
    sb.env(&mut cmd);
    cmd.current_dir(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", &name)
        .env("GIT_AUTHOR_EMAIL", &email)
        .env("GIT_COMMITTER_NAME", &name)
        .env("GIT_COMMITTER_EMAIL", &email)
        .env("GIT_CHECKPOINT_SESSION", &session);
    cmd
}

/// Runs `cmd` to its end, at most 60 s; returns (code, stdout, stderr).
fn finish(mut child: Child, what: &str) -> (i32, String, String) {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not finish within 60 s");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn run(cmd: &mut Command, what: &str) -> (i32, String, String) {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, what)
}

/// Rounds of the race; each takes about half a second on two cores.
const ROUNDS: usize = 50;

#[test]
fn racing_clones_and_worktrees_get_exactly_one_winner_and_losers_name_it() {
    let t = team(Transport::Daemon);
    let sb = &t.sb;
    // Four checkouts: A, a worktree of A, B and C; two racers in each.
    sb.git(&t.a, &["worktree", "add", "-q", "../A2"]);
    let a2 = sb.path("A2");
    let dirs: [&PathBuf; 4] = [&t.a, &a2, &t.b, &t.c];
    let racers: Vec<(usize, &PathBuf)> = (0..8).map(|i| (i, dirs[i / 2])).collect();
    let started = Instant::now();
    for round in 0..ROUNDS {
        let barrier = sb.path(&format!("go-{round}"));
        let children: Vec<(usize, Child)> = racers
            .iter()
            .map(|(i, dir)| {
                // Every racer waits for the barrier file, so all eight start together.
                let script = format!(
                    "while [ ! -e '{}' ]; do sleep 0.005; done; exec '{}' claim race",
                    barrier.display(),
                    bin().display()
                );
                let mut sh = program_as(sb, "sh".as_ref(), dir, *i, &["-c", &script]);
                sh.stdin(Stdio::null())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped());
                (*i, sh.spawn().unwrap())
            })
            .collect();
        std::fs::write(&barrier, "").unwrap();
        let results: Vec<(usize, (i32, String, String))> = children
            .into_iter()
            .map(|(i, c)| (i, finish(c, &format!("racer {i} of round {round}"))))
            .collect();
        let winners: Vec<usize> = results
            .iter()
            .filter(|(_, r)| r.0 == 0)
            .map(|(i, _)| *i)
            .collect();
        assert_eq!(
            winners.len(),
            1,
            "round {round}: exactly one winner, got {winners:?}: {results:#?}"
        );
        let w = winners[0];
        let (wname, wemail, wsession) = person(w);
        for (i, (code, _, err)) in &results {
            if *i == w {
                continue;
            }
            assert_eq!(*code, HELD, "round {round}, racer {i}: {err}");
            let holder = format!("{wname} <{wemail}> (session {wsession})");
            assert!(
                err.contains("story race is claimed by")
                    && err.contains(&holder)
                    && err.contains("--force"),
                "round {round}, racer {i} names the holder {holder}: {err}"
            );
        }
        // The remote holds the winner's claim; the winner releases it for the next round.
        let remote = sb.git(
            &t.origin,
            &["show", "refs/checkpoints-claims/race:claim.json"],
        );
        assert!(remote.contains(&wemail), "{remote}");
        let (code, out, err) = run(
            &mut as_person(sb, racers[w].1, w, &["release", "race"]),
            "release",
        );
        assert_eq!(code, 0, "{out}{err}");
    }
    eprintln!(
        "{ROUNDS} rounds of 8 racers in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// Runs a Claude Code hook `event` in `dir` for `session`; returns (stdout, stderr).
fn claude_hook(sb: &Sandbox, dir: &Path, event: &str, session: &str) -> (String, String) {
    use std::io::Write as _;
    let mut cmd = Command::new(bin());
    sb.env(&mut cmd);
    let mut child = cmd
        .current_dir(dir)
        .args(["agent", "hook", event, "--agent", "claude"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let payload = serde_json::json!({"cwd": dir, "session_id": session, "hook_event_name": event});
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(payload.to_string().as_bytes());
    let (code, out, err) = finish(child, event);
    assert_eq!(code, 0, "{event}: {out}{err}");
    (out, err)
}

#[test]
fn expiry_renewal_handoff_and_saves_into_a_claimed_story() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "auth", "--todo", "T1 — login", "-q"]);
    // Racer 1 claims for an hour; racer 2 is refused with the holder named. Racer 1 then
    // renews for one second (on a loaded machine a one-second claim could lapse before racer
    // 2 even asked), and once it expired racer 2 takes it over and is told whose it was.
    let (code, out, err) = run(
        &mut as_person(&sb, &repo, 1, &["claim", "auth", "--for", "1h"]),
        "claim",
    );
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = run(&mut as_person(&sb, &repo, 2, &["claim", "auth"]), "claim");
    assert_eq!(code, HELD, "{err}");
    assert!(err.contains("Racer 1 <racer1@example.com>"), "{err}");
    let (code, out, err) = run(
        &mut as_person(&sb, &repo, 1, &["claim", "auth", "--for", "1s"]),
        "renew for 1s",
    );
    assert_eq!(code, 0, "{out}{err}");
    std::thread::sleep(Duration::from_millis(1500));
    let (code, out, err) = run(&mut as_person(&sb, &repo, 2, &["claim", "auth"]), "claim");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("taken over from Racer 1 <racer1@example.com>")
            && out.contains("whose claim had expired"),
        "{out}"
    );
    // Renewal by the holder keeps it live with a later expiry.
    let (code, out, _) = run(
        &mut as_person(&sb, &repo, 2, &["claim", "auth", "--json"]),
        "renew",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["action"], "renewed");
    // A save by someone else is refused, naming the holder; --force saves.
    let (code, _, err) = run(
        &mut as_person(&sb, &repo, 3, &["save", "auth", "--next", "x"]),
        "save",
    );
    assert_eq!(code, HELD, "{err}");
    assert!(
        err.contains("claimed by Racer 2 <racer2@example.com> (session session-2)")
            && err.contains("not saved"),
        "{err}"
    );
    let (code, _, err) = run(
        &mut as_person(&sb, &repo, 3, &["save", "auth", "--next", "x", "--force"]),
        "save --force",
    );
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&mut as_person(&sb, &repo, 3, &["done", "auth"]), "done");
    assert_eq!(code, HELD, "{err}");
    // Hand-off: offered to racer 4, seen in the brief, refused to racer 3, accepted by 4.
    let (code, _, err) = run(
        &mut as_person(
            &sb,
            &repo,
            2,
            &[
                "handoff",
                "auth",
                "--to",
                "racer4@example.com",
                "-m",
                "yours now",
            ],
        ),
        "handoff",
    );
    assert_eq!(code, 0, "{err}");
    let brief = sb.ok(&repo, &["prompt", "auth"]);
    assert!(
        brief.contains("claimed by Racer 2 <racer2@example.com>")
            && brief.contains("offered to racer4@example.com (yours now)"),
        "{brief}"
    );
    let (code, _, _) = run(&mut as_person(&sb, &repo, 3, &["claim", "auth"]), "claim");
    assert_eq!(code, HELD);
    let (code, out, err) = run(&mut as_person(&sb, &repo, 4, &["claim", "auth"]), "claim");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("accepted the hand-off from Racer 2"), "{out}");
}

#[test]
fn hooks_take_the_claim_at_start_and_write_nothing_into_another_sessions_story() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "auth", "--todo", "T1 — login", "-q"]);
    sb.ok(&repo, &["start", "auth", "-q"]);
    // Session one starts: it takes the claim.
    claude_hook(&sb, &repo, "SessionStart", "one");
    let claim = sb.git(&repo, &["show", "refs/checkpoints-claims/auth:claim.json"]);
    assert!(claim.contains("\"session\": \"one\""), "{claim}");
    // Session two starts in the same clone: the brief says who holds it, no claim is taken.
    let (out, _) = claude_hook(&sb, &repo, "SessionStart", "two");
    assert!(out.contains("claimed by Ada Author"), "{out}");
    let tip = sb.git(&repo, &["rev-parse", "refs/checkpoints/auth"]);
    std::fs::write(repo.join("work.txt"), "changed\n").unwrap();
    // Work moved: session one, the holder, is asked to save at its turn's end; session two
    // is not asked to save into a story it does not hold.
    let (out, _) = claude_hook(&sb, &repo, "Stop", "two");
    assert!(!out.contains("Before you stop"), "{out}");
    let (out, _) = claude_hook(&sb, &repo, "Stop", "one");
    assert!(out.contains("Before you stop"), "{out}");
    // Session two's end writes nothing into the story session one holds.
    let (out, err) = claude_hook(&sb, &repo, "SessionEnd", "two");
    assert_eq!(sb.git(&repo, &["rev-parse", "refs/checkpoints/auth"]), tip);
    assert!(
        format!("{out}{err}").contains("hooks write nothing into it"),
        "{out}{err}"
    );
    // Session one's end writes its revision and releases the claim.
    claude_hook(&sb, &repo, "SessionEnd", "one");
    assert_ne!(sb.git(&repo, &["rev-parse", "refs/checkpoints/auth"]), tip);
    let claim = sb.git(&repo, &["show", "refs/checkpoints-claims/auth:claim.json"]);
    assert!(claim.contains("\"released\": true"), "{claim}");
}

#[test]
fn a_teammates_claim_is_shown_inside_the_fence() {
    let t = team(Transport::File);
    // B's own story; A claims it on the remote; B fetches.
    t.sb.ok(
        &t.b,
        &[
            "save",
            "42",
            "-q",
            "--todo",
            "T1 — form",
            "--next",
            "write T1",
        ],
    );
    t.sb.ok(&t.b, &["push", "-q"]);
    t.sb.ok(&t.a, &["fetch", "-q"]);
    let (code, out, err) = run(
        &mut as_person(&t.sb, &t.a, 1, &["claim", "42", "--for", "1h"]),
        "A claims",
    );
    assert_eq!(code, 0, "{out}{err}");
    t.sb.ok(&t.b, &["fetch", "-q"]);
    let brief = t.sb.ok(&t.b, &["prompt", "42"]);
    let fence = brief
        .find("~~~~ checkpoint with a teammate's text")
        .unwrap_or_else(|| panic!("the claim is a teammate's text: {brief}"));
    let claimed = brief
        .find("claimed by Racer 1")
        .unwrap_or_else(|| panic!("{brief}"));
    assert!(
        fence < claimed,
        "the holder's name is inside the fence: {brief}"
    );
    assert!(
        brief.contains("holds text from a teammate's claim"),
        "{brief}"
    );
    // B's own parts stay unlabelled.
    assert!(brief.contains("Next action: write T1\n"), "{brief}");
    // Every view names the holder, marked as a teammate's text.
    let held = "[from a remote] claimed by Racer 1 <racer1@example.com>";
    let status = t.sb.run(&t.b, &["status", "42"]).1;
    assert!(
        status.contains(&format!("Claim: {held}")),
        "status: {status}"
    );
    let (_, err) = t.sb.ok_with_stderr(&t.b, &["list"]);
    assert!(err.contains(&format!("42: {held}")), "list: {err}");
    let (_, err) = t.sb.ok_with_stderr(&t.b, &["resume", "42"]);
    assert!(err.contains(held), "resume: {err}");
}

/// A clone whose claim lost on the remote knows the holder from then on, without a fetch of
/// its own: its save is refused naming the holder and `status` shows the claim. (Before, the
/// claim's fetch left no remote-tracking ref: the save went through and status said nothing.)
#[test]
fn a_clone_that_lost_a_claim_names_the_holder_everywhere_without_fetching() {
    let t = team(Transport::File);
    t.sb.ok(&t.a, &["save", "42", "-q", "--todo", "T1 — form"]);
    t.sb.ok(&t.a, &["push", "-q"]);
    t.sb.ok(&t.b, &["fetch", "-q"]);
    let (code, out, err) = run(&mut as_person(&t.sb, &t.a, 1, &["claim", "42"]), "A claims");
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = run(&mut as_person(&t.sb, &t.b, 2, &["claim", "42"]), "B claims");
    assert_eq!(code, HELD, "{err}");
    assert!(
        err.contains("claimed by Racer 1 <racer1@example.com>"),
        "{err}"
    );
    let (code, _, err) = run(
        &mut as_person(&t.sb, &t.b, 2, &["save", "42", "--next", "mine"]),
        "B saves",
    );
    assert_eq!(code, HELD, "{err}");
    assert!(
        err.contains("claimed by Racer 1 <racer1@example.com>") && err.contains("not saved"),
        "{err}"
    );
    let status = t.sb.run(&t.b, &["status", "42"]).1;
    assert!(
        status.contains("Claim: [from a remote] claimed by Racer 1 <racer1@example.com>"),
        "{status}"
    );
    // A release on the remote is mirrored the same way at B's next claim, which then wins.
    let (code, out, err) = run(
        &mut as_person(&t.sb, &t.a, 1, &["release", "42"]),
        "A releases",
    );
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&mut as_person(&t.sb, &t.b, 2, &["claim", "42"]), "B claims");
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn a_sessions_start_leaves_its_fresh_claim_alone_and_renews_it_near_its_expiry() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "auth", "--todo", "T1 — login", "-q"]);
    sb.ok(&repo, &["start", "auth", "-q"]);
    let tip = || sb.git(&repo, &["rev-parse", "refs/checkpoints-claims/auth"]);
    let claim = || -> serde_json::Value {
        serde_json::from_str(&sb.git(&repo, &["show", "refs/checkpoints-claims/auth:claim.json"]))
            .unwrap()
    };
    // Session one starts, then starts again (resumed, cleared, compacted): its fresh claim
    // stands as it is, no claim commit written, and it still holds the story.
    claude_hook(&sb, &repo, "SessionStart", "one");
    let first = tip();
    let (out, _) = claude_hook(&sb, &repo, "SessionStart", "one");
    assert_eq!(tip(), first, "a fresh claim was written again");
    assert!(out.contains("T1 — login"), "the brief still comes: {out}");
    let status = sb.ok(&repo, &["status", "auth"]);
    assert!(
        status.contains("claimed by Ada Author") && status.contains("(claude, session one)"),
        "{status}"
    );
    let (out, _) = claude_hook(&sb, &repo, "SessionStart", "two");
    assert!(
        out.contains("session one"),
        "another session is told who holds it: {out}"
    );
    assert_eq!(tip(), first);
    // A claim taken by hand for longer than `checkpoint.claimDuration` (2h) is not cut short
    // by the session's start.
    let one = [
        ("GIT_CHECKPOINT_SESSION", "one"),
        ("GIT_CHECKPOINT_AGENT", "claude"),
    ];
    sb.ok_with_env(&repo, &["claim", "auth", "--for", "1d", "-q"], &one);
    let day = (tip(), claim());
    claude_hook(&sb, &repo, "SessionStart", "one");
    assert_eq!((tip(), claim()), day, "a day's claim was renewed at start");
    // Near its expiry (at most half of it left), the session's start renews it.
    sb.ok_with_env(&repo, &["claim", "auth", "--for", "2s", "-q"], &one);
    std::thread::sleep(Duration::from_millis(1100));
    let near = (tip(), claim());
    claude_hook(&sb, &repo, "SessionStart", "one");
    let renewed = claim();
    assert_ne!(tip(), near.0, "a claim near its expiry was not renewed");
    assert_eq!(renewed["holder"]["session"], "one", "{renewed}");
    assert!(
        expires(&renewed) > now() + 3600,
        "renewed for checkpoint.claimDuration: {renewed}"
    );
}

#[test]
fn a_turns_end_renews_the_sessions_claim_and_takes_it_again_once_expired_but_never_anothers() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "auth", "--todo", "T1 — login", "-q"]);
    sb.ok(&repo, &["start", "auth", "-q"]);
    // Commands run for session one count as the session (the hooks' holder).
    let one = [
        ("GIT_CHECKPOINT_SESSION", "one"),
        ("GIT_CHECKPOINT_AGENT", "claude"),
    ];
    let history = || sb.claim_history(&repo, "auth");
    // A claim far from its expiry: a turn's end leaves it alone.
    sb.ok_with_env(&repo, &["claim", "auth", "--for", "1h", "-q"], &one);
    claude_hook(&sb, &repo, "Stop", "one");
    assert_eq!(history().len(), 1, "{:#?}", history());
    // The session's claim lapsed during a long turn: the turn's end takes it again.
    sb.ok_with_env(&repo, &["claim", "auth", "--for", "1s", "-q"], &one);
    std::thread::sleep(Duration::from_millis(1500));
    let lapsed = history().last().unwrap().1.clone();
    claude_hook(&sb, &repo, "Stop", "one");
    let h = history();
    assert_eq!(h.len(), 3, "taken again at the turn's end: {h:#?}");
    let again = &h[2].1;
    assert_eq!(again["holder"]["session"], "one", "{again}");
    assert_eq!(again["released"], false, "{again}");
    assert!(
        expires(again) > expires(&lapsed) && expires(again) > now(),
        "a live claim with a later expiry: {again}"
    );
    // Another session's claim that expired is not the session's to take at a turn's end.
    let (code, out, err) = run(
        &mut as_person(&sb, &repo, 2, &["claim", "auth", "--for", "1s", "--force"]),
        "claim --force",
    );
    assert_eq!(code, 0, "{out}{err}");
    std::thread::sleep(Duration::from_millis(1500));
    let before = history();
    claude_hook(&sb, &repo, "Stop", "one");
    assert_eq!(history(), before, "another's expired claim was touched");
    // Nor one the session released, or offered to someone else before it expired.
    sb.ok_with_env(&repo, &["claim", "auth", "-q"], &one);
    sb.ok_with_env(&repo, &["release", "auth", "-q"], &one);
    let before = history();
    claude_hook(&sb, &repo, "Stop", "one");
    assert_eq!(history(), before, "a released claim was taken again");
    sb.git(&repo, &["config", "checkpoint.claimDuration", "1s"]);
    sb.ok_with_env(
        &repo,
        &["handoff", "auth", "--to", "racer3@example.com", "-q"],
        &one,
    );
    sb.git(&repo, &["config", "--unset", "checkpoint.claimDuration"]);
    std::thread::sleep(Duration::from_millis(1500));
    let before = history();
    claude_hook(&sb, &repo, "Stop", "one");
    assert_eq!(history(), before, "an offered claim was taken back");
}

/// Seconds since the epoch.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// A `claim.json`'s `expires_at`, in seconds since the epoch.
pub fn expires(claim: &serde_json::Value) -> i64 {
    let at = claim["expires_at"].as_str().unwrap_or_default();
    chrono::DateTime::parse_from_rfc3339(at)
        .unwrap_or_else(|e| panic!("expires_at {at:?}: {e}"))
        .timestamp()
}
