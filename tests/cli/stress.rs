//! Concurrency and crash tests: many writers on one ref, writers on many refs sharing the
//! notes ref, and saves killed with SIGKILL at random moments.

use crate::common::Sandbox;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// `processes` shell loops, each running `saves` sequential saves of the story its index maps
/// to; returns each loop's (exit status, stderr).
fn run_writers(
    sb: &Sandbox,
    repo: &Path,
    processes: usize,
    saves: usize,
    story: impl Fn(usize) -> String,
) -> Vec<(bool, String)> {
    let children: Vec<_> = (0..processes)
        .map(|p| {
            // Each save must succeed: the loop stops at the first failure and reports it.
            let script = format!(
                "for i in $(seq 1 {saves}); do \"$0\" save {story} -m \"writer {p} save $i\" || exit 1; done",
                story = story(p)
            );
            script_with_bin(sb, repo, &script, 1200)
        })
        .collect();
    children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            (
                out.status.success(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            )
        })
        .collect()
}

/// Starts `script` with `bash -c` in `dir`, the binary as its `$0`, killed after
/// `limit_secs`; its stdout is dropped and its stderr piped.
fn script_with_bin(sb: &Sandbox, dir: &Path, script: &str, limit_secs: u32) -> Child {
    let mut cmd = Command::new("timeout");
    sb.env(&mut cmd);
    cmd.current_dir(dir)
        .args([&limit_secs.to_string(), "bash", "-c", script])
        .arg(assert_cmd::cargo::cargo_bin("git-checkpoint"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Asserts the history of `refs/checkpoints/<story>` holds each save `i` (1 to `saves`) of
/// each writer `p` (0 to `writers - 1`) of [`run_writers`] exactly once.
fn assert_every_save_once(sb: &Sandbox, repo: &Path, story: &str, writers: usize, saves: usize) {
    let log = sb.git(
        repo,
        &["log", "--format=%s", &format!("refs/checkpoints/{story}")],
    );
    for p in 0..writers {
        for i in 1..=saves {
            let subject = format!("writer {p} save {i}");
            let n = log.lines().filter(|l| *l == subject).count();
            assert_eq!(n, 1, "{subject}");
        }
    }
}

/// `git-checkpoint args` in `repo` with its output dropped, ready to spawn.
fn quiet<S: AsRef<std::ffi::OsStr>>(sb: &Sandbox, repo: &Path, args: &[S]) -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("git-checkpoint"));
    sb.env(&mut cmd);
    cmd.current_dir(repo)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd
}

/// A delay range, in microseconds, that covers a whole save of `story` in `repo`: the mean of
/// three timed saves (at least 1 ms), plus a fifth, so that a delay drawn from it lands
/// anywhere in a save, in a debug build or a release one.
fn save_span(sb: &Sandbox, repo: &Path, story: &str) -> u64 {
    let start = std::time::Instant::now();
    for i in 0..3 {
        sb.ok(repo, &["save", story, "-m", &format!("timing {i}")]);
    }
    (start.elapsed().as_micros() as u64 / 3).max(1000) * 6 / 5
}

fn count(sb: &Sandbox, repo: &Path, rev: &str) -> usize {
    sb.git(repo, &["rev-list", "--count", rev])
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn eight_writers_on_one_story_lose_no_revision() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "hot", "--title", "Contended"]);
    let before = count(&sb, &repo, "refs/checkpoints/hot");
    let results = run_writers(&sb, &repo, 8, 50, |_| "hot".to_string());
    for (ok, stderr) in &results {
        assert!(ok, "a writer failed: {}", errors(stderr));
    }
    assert_eq!(count(&sb, &repo, "refs/checkpoints/hot"), before + 400);
    let v = sb.json(&repo, &["resume", "hot", "--json"]);
    assert_eq!(v["revision"], 401);
    // Every writer's every save is in the history, once.
    assert_every_save_once(&sb, &repo, "hot", 8, 50);
    sb.git(&repo, &["fsck", "--strict"]);
}

/// The compare-and-swap on reftable (`git update-ref --stdin` with each ref's old value, one
/// transaction per save with the notes index): writers racing on one story, and so on the
/// notes ref, all land; a lost race is planned again, never overwritten or lost.
#[test]
fn writers_racing_in_a_reftable_repository_lose_no_revision() {
    let sb = Sandbox::new();
    let repo = sb.path("r");
    std::fs::create_dir_all(&repo).unwrap();
    sb.git(
        &repo,
        &["init", "-q", "-b", "main", "--ref-format=reftable"],
    );
    sb.git(&repo, &["commit", "-q", "--allow-empty", "-m", "initial"]);
    sb.ok(&repo, &["save", "hot", "-q", "--title", "Contended"]);
    let results = run_writers(&sb, &repo, 4, 20, |p| {
        if p < 3 { "hot" } else { "cool" }.to_string()
    });
    for (ok, stderr) in &results {
        assert!(ok, "a writer failed: {}", errors(stderr));
    }
    assert_eq!(count(&sb, &repo, "refs/checkpoints/hot"), 61);
    assert_eq!(count(&sb, &repo, "refs/checkpoints/cool"), 20);
    let v = sb.json(&repo, &["resume", "hot", "--json"]);
    assert_eq!(v["revision"], 61);
    assert_every_save_once(&sb, &repo, "hot", 3, 20);
    let reflog = sb.git(&repo, &["reflog", "show", "refs/checkpoints/hot"]);
    assert_eq!(reflog.lines().count(), 61, "{reflog}");
    let note = sb.git(&repo, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    assert!(note.contains("hot ") && note.contains("cool "), "{note}");
    sb.git(&repo, &["fsck", "--strict"]);
}

#[test]
fn eight_writers_on_eight_stories_lose_no_revision() {
    let (sb, repo) = Sandbox::with_repo();
    let results = run_writers(&sb, &repo, 8, 50, |p| format!("story-{p}"));
    for (ok, stderr) in &results {
        assert!(ok, "a writer failed: {}", errors(stderr));
    }
    for p in 0..8 {
        assert_eq!(
            count(&sb, &repo, &format!("refs/checkpoints/story-{p}")),
            50
        );
    }
    // The notes index on HEAD, shared by all eight, has each story's latest revision.
    let note = sb.git(&repo, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    for p in 0..8 {
        assert!(
            note.contains(&format!("story-{p} ")) && note.contains(" r50 "),
            "{note}"
        );
    }
    sb.git(&repo, &["fsck", "--strict"]);
}

fn errors(stderr: &str) -> String {
    stderr
        .lines()
        .filter(|l| l.starts_with("error"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A small deterministic generator (xorshift64*), so a failing run can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

/// Every file below `dir`, at any depth, for which `keep` is true.
fn files_below(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if keep(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// Lock files left in the repository's ref store.
fn locks(repo: &Path) -> Vec<PathBuf> {
    let mut out = files_below(&repo.join(".git/refs"), |p| {
        p.extension().is_some_and(|x| x == "lock")
    });
    let packed = repo.join(".git/packed-refs.lock");
    if packed.exists() {
        out.push(packed);
    }
    out
}

#[test]
fn a_save_killed_at_any_moment_never_corrupts() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "crash", "--title", "Killed"]);
    let span = save_span(&sb, &repo, "crash");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut stale, mut completed) = (0, 0);
    for round in 0..200 {
        let args = ["save", "crash", "--todo", &format!("round {round}")];
        let mut child = quiet(&sb, &repo, &args).spawn().unwrap();
        std::thread::sleep(std::time::Duration::from_micros(rng.below(span)));
        child.kill().unwrap(); // SIGKILL
        if child.wait().unwrap().success() {
            completed += 1;
        }
        // Every checkpoint ref, and the notes ref, names a valid commit.
        for r in ["refs/checkpoints/crash", "refs/notes/checkpoints"] {
            sb.git(
                &repo,
                &["rev-parse", "--verify", "-q", &format!("{r}^{{commit}}")],
            );
        }
        sb.git(&repo, &["show", "-s", "refs/checkpoints/crash"]);
        sb.git(
            &repo,
            &["cat-file", "-e", "refs/checkpoints/crash:checkpoint.md"],
        );
        sb.git(
            &repo,
            &["cat-file", "-e", "refs/checkpoints/crash:meta.json"],
        );
        if round % 20 == 0 {
            sb.git(&repo, &["fsck", "--no-dangling"]);
        }
        // The next save succeeds, unless the killed one left a ref lock: then it fails naming
        // it, and succeeds once it is removed.
        let left = locks(&repo);
        let next = sb
            .cp(&repo)
            .args(["save", "crash", "-m", &format!("after round {round}")])
            .output()
            .unwrap();
        if let Some(lock) = left.first() {
            stale += 1;
            let stderr = String::from_utf8_lossy(&next.stderr);
            // A lock of the notes ref alone never blocks a save: it is written without its
            // note line, and the warning names the lock.
            let notes_only = left
                .iter()
                .all(|l| l.ends_with("refs/notes/checkpoints.lock"));
            let want = if notes_only { 0 } else { 1 };
            assert_eq!(next.status.code(), Some(want), "round {round}: {stderr}");
            assert!(
                stderr.contains(&lock.display().to_string()),
                "round {round}: {stderr}"
            );
            for l in &left {
                std::fs::remove_file(l).unwrap();
            }
            sb.ok(
                &repo,
                &["save", "crash", "-m", &format!("unlocked {round}")],
            );
        } else {
            assert!(
                next.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&next.stderr)
            );
        }
    }
    sb.git(&repo, &["fsck", "--strict", "--no-dangling"]);
    sb.json(&repo, &["resume", "crash", "--json"]);
    eprintln!("200 kills: {completed} saves completed first, {stale} stale locks");
}

/// Files a process may leave in the git dir when it stops half-way: `*.lock` anywhere, gix's
/// loose-object temp files (`objects/.tmp*`, `objects/tmp*`), and our own `*.tmp` files.
fn leftovers(git_dir: &Path) -> Vec<PathBuf> {
    let objects = git_dir.join("objects");
    files_below(git_dir, |p| {
        let name = p.file_name().unwrap().to_string_lossy();
        name.ends_with(".lock")
            || name.ends_with(".tmp")
            || (p.starts_with(&objects) && (name.starts_with(".tmp") || name.starts_with("tmp")))
    })
}

#[test]
fn sigint_at_any_moment_leaves_no_lock_or_temp_file() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "int", "--title", "Interrupted"]);
    sb.ok(&repo, &["start", "int"]); // `switch`/`start` write the current-story file too
    let span = save_span(&sb, &repo, "int");
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut interrupted, mut completed) = (0, 0);
    for round in 0..150 {
        // Alternate a save (objects, notes, two refs) and a switch (our own temp file).
        let args: Vec<String> = if round % 3 == 2 {
            vec!["switch".into(), "int".into()]
        } else {
            vec![
                "save".into(),
                "int".into(),
                "--todo".into(),
                format!("round {round}"),
            ]
        };
        let mut cmd = quiet(&sb, &repo, &args);
        // A shell starts background jobs with SIGINT ignored, and children inherit that (CI
        // may run us so): give the save git's usual disposition, as a terminal would.
        // SAFETY: signal(2) is async-signal-safe, as pre_exec requires.
        unsafe {
            cmd.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
        let child = cmd.spawn().unwrap();
        std::thread::sleep(std::time::Duration::from_micros(rng.below(span)));
        // SAFETY: kill(2) with a pid we spawned and have not yet reaped.
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
        let status = child.wait_with_output().unwrap().status;
        match status.signal() {
            Some(libc::SIGINT) => interrupted += 1,
            Some(other) => panic!("round {round}: ended by signal {other}"),
            None => {
                assert!(status.success(), "round {round}: {status}");
                completed += 1;
            }
        }
        let left = leftovers(&repo.join(".git"));
        assert!(left.is_empty(), "round {round} ({args:?}) left {left:?}");
        sb.git(
            &repo,
            &["cat-file", "-e", "refs/checkpoints/int:checkpoint.md"],
        );
    }
    sb.ok(&repo, &["save", "int", "-m", "after the interrupts"]);
    sb.git(&repo, &["fsck", "--strict", "--no-dangling"]);
    eprintln!("150 SIGINTs: {interrupted} interrupted, {completed} completed first");
    assert!(
        interrupted > 0,
        "no round was interrupted: the delays are too long"
    );
}

/// A shell loop in `repo` running `body` until the file `stop` appears (at most 10 minutes);
/// stopped by [`stop_loop`].
fn start_loop(sb: &Sandbox, repo: &Path, body: &str) -> std::process::Child {
    let mut cmd = Command::new("timeout");
    sb.env(&mut cmd);
    cmd.current_dir(repo)
        .args(["600", "bash", "-c"])
        .arg(format!(
            "n=0; while [ ! -e ../stop ]; do {body}; n=$((n+1)); done; echo $n"
        ))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Stops a [`start_loop`] loop; returns how many rounds it ran.
fn stop_loop(sb: &Sandbox, child: std::process::Child) -> usize {
    std::fs::write(sb.path("stop"), "").unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .unwrap_or(0)
}

#[test]
fn a_thousand_saves_beside_looping_gc_and_maintenance_lose_none() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "gc", "-q", "--title", "Beside gc"]);
    let gc = start_loop(
        &sb,
        &repo,
        "git gc -q >/dev/null 2>&1; git maintenance run --task=gc --quiet >/dev/null 2>&1",
    );
    let results = run_writers(&sb, &repo, 1, 999, |_| "gc".into());
    let rounds = stop_loop(&sb, gc);
    for (ok, stderr) in &results {
        assert!(ok, "a save failed beside gc: {}", errors(stderr));
    }
    assert!(rounds >= 2, "gc ran {rounds} times");
    assert_eq!(count(&sb, &repo, "refs/checkpoints/gc"), 1000);
    sb.git(&repo, &["fsck", "--no-dangling"]);
    let v = sb.json(&repo, &["resume", "gc", "--json"]);
    assert_eq!(v["revision"], 1000);
}

#[test]
fn four_clones_saving_and_syncing_at_once_end_with_forty_revisions() {
    for transport in ["file", "git daemon"] {
        let sb = Sandbox::new();
        let origin = sb.bare_origin();
        let (_daemon, url) = match transport {
            "file" => (None, format!("file://{}", origin.display())),
            _ => {
                let (d, url) = sb.git_daemon();
                (Some(d), url)
            }
        };
        let clones: Vec<_> = (0..4)
            .map(|i| {
                let name = format!("c{i}");
                sb.git(&sb.path(""), &["clone", "-q", &url, &name]);
                sb.path(&name)
            })
            .collect();
        let children: Vec<_> = clones
            .iter()
            .enumerate()
            .map(|(i, dir)| {
                let script = format!(
                    "for k in $(seq 1 10); do \"$0\" save s{i} -q -m \"clone {i} save $k\" && \"$0\" sync -q || exit 1; done"
                );
                script_with_bin(&sb, dir, &script, 300)
            })
            .collect();
        for c in children {
            let out = c.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{transport}: a save or sync failed: {}",
                errors(&String::from_utf8_lossy(&out.stderr))
            );
        }
        let total: usize = (0..4)
            .map(|i| count(&sb, &origin, &format!("refs/checkpoints/s{i}")))
            .sum();
        assert_eq!(total, 40, "{transport}");
        for dir in &clones {
            sb.ok(dir, &["sync", "-q"]);
            let list = sb.json(dir, &["list", "--json"]);
            assert_eq!(
                list.as_array().map(Vec::len),
                Some(4),
                "{transport}: {list}"
            );
        }
    }
}

/// Sixteen writers on sixteen stories and sixteen more on one story, all at once: every save
/// succeeds, every revision is in its story's history once, and the note on HEAD has each
/// story's latest line. Before the note had a transaction of its own, every save raced every
/// other for the notes ref and redid its checkpoint on each lost race; under this load some
/// saves failed ("kept moving") on a story only one writer touched.
#[test]
fn sixteen_writers_on_sixteen_stories_and_sixteen_on_one_lose_nothing() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "hot", "-q", "--title", "Contended"]);
    let saves = 4;
    let results = run_writers(&sb, &repo, 32, saves, |p| {
        if p < 16 {
            format!("own-{p}")
        } else {
            "hot".to_string()
        }
    });
    for (ok, stderr) in &results {
        assert!(ok, "a writer failed: {}", errors(stderr));
        assert!(!stderr.contains("no note written"), "{stderr}");
    }
    let note = sb.git(&repo, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    for p in 0..16 {
        let story = format!("own-{p}");
        assert_eq!(
            count(&sb, &repo, &format!("refs/checkpoints/{story}")),
            saves
        );
        let log = sb.git(
            &repo,
            &["log", "--format=%s", &format!("refs/checkpoints/{story}")],
        );
        for i in 1..=saves {
            let subject = format!("writer {p} save {i}");
            assert_eq!(
                log.lines().filter(|l| *l == subject).count(),
                1,
                "{subject}"
            );
        }
        assert!(
            note.lines()
                .any(|l| l.starts_with(&format!("{story} ")) && l.contains(&format!(" r{saves} "))),
            "{story} r{saves} missing from the note:\n{note}"
        );
    }
    assert_eq!(count(&sb, &repo, "refs/checkpoints/hot"), 1 + 16 * saves);
    let hot = 1 + 16 * saves;
    assert!(
        note.lines()
            .any(|l| l.starts_with("hot ") && l.contains(&format!(" r{hot} "))),
        "hot r{hot} missing from the note:\n{note}"
    );
    let log = sb.git(&repo, &["log", "--format=%s", "refs/checkpoints/hot"]);
    for p in 16..32 {
        for i in 1..=saves {
            let subject = format!("writer {p} save {i}");
            assert_eq!(
                log.lines().filter(|l| *l == subject).count(),
                1,
                "{subject}"
            );
        }
    }
    sb.git(&repo, &["fsck", "--strict"]);
}

/// Writers of one clone take turns on an advisory lock per ref (`checkpoint/turns/`, FORMAT.md
/// "Writers' turns"), but a process that holds every turn and never lets go (stopped, stuck)
/// only delays a save by the bounded wait: the save lands, with its note, and the stuck holder
/// cannot make it fail or hang.
#[test]
fn a_writer_holding_every_turn_only_delays_a_save() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(
        &repo,
        &["save", "42", "--title", "Turns", "--next", "first"],
    );
    let turns = repo.join(".git/checkpoint/turns");
    std::fs::create_dir_all(&turns).unwrap();
    // The bucket files are 00..3f; a holder of all of them holds every ref's turn.
    let held: Vec<std::fs::File> = (0..64)
        .map(|n| {
            let f = std::fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(turns.join(format!("{n:02x}")))
                .unwrap();
            f.lock().unwrap();
            f
        })
        .collect();
    let start = std::time::Instant::now();
    sb.ok(&repo, &["save", "42", "--next", "second"]);
    let waited = start.elapsed();
    drop(held);
    assert!(
        waited >= std::time::Duration::from_secs(5),
        "the save waited for its turn first ({waited:?})"
    );
    assert!(
        waited < std::time::Duration::from_secs(60),
        "the wait is bounded ({waited:?})"
    );
    let v = sb.json(&repo, &["resume", "42", "--json"]);
    assert_eq!(v["revision"], 2);
    assert_eq!(v["next_action"], "second");
    let note = sb.git(&repo, &["notes", "--ref=checkpoints", "show", "HEAD"]);
    assert!(note.contains(" r2 "), "the note line of revision 2: {note}");
}
