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
