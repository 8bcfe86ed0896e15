//! Hermetic test repositories: real `git` and the real `git-checkpoint` binary, in temp dirs,
//! with no system or user config, a temp HOME, fixed identities, TZ=UTC.

#![allow(dead_code)]

pub mod agent_server;
pub mod schema;

use assert_cmd::Command;
use assert_fs::prelude::*;
use assert_fs::TempDir;
use std::path::{Path, PathBuf};

/// The five-section document of `shared/cases/README.md` (SETUP).
pub const CP_MD: &str = "## Story\nauth\n## Branch\nmain\n## Tasks Done\n- a\n## Key Decisions\n- b\n## Remaining Todos\n- c\n";

/// The example checkpoint of seed 000 (story #313).
pub const SEED_313: &str = include_str!("../../corpus/seeds/313.md");

/// The hook events `agent install claude` installs; Codex's hooks go by the same names.
pub const CLAUDE_CODE_EVENTS: [&str; 6] = [
    "SessionStart",
    "PostToolUse",
    "PreCompact",
    "PostCompact",
    "Stop",
    "SessionEnd",
];

/// The hook events `agent install gemini` installs.
pub const GEMINI_EVENTS: [&str; 6] = [
    "SessionStart",
    "BeforeAgent",
    "AfterTool",
    "PreCompress",
    "AfterAgent",
    "SessionEnd",
];

/// A GitHub personal access token (`ghp_` and 36 characters: `chars` repeated as needed),
/// assembled at run time so that no file of the tests holds one.
pub fn github_token_from(chars: &str) -> String {
    let body: String = chars.chars().cycle().take(36).collect();
    format!("gh{}_{body}", 'p')
}

/// The GitHub personal access token the secret tests use (see [`github_token_from`]).
pub fn github_token() -> String {
    github_token_from("aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY")
}

/// Seed 003's item A (the pm template) as `save` arguments: its title, stage, Done-when check,
/// next action, where to start and where work stopped; the story and todos are the caller's.
pub const ITEM_A_PM: [&str; 14] = [
    "--template",
    "pm",
    "--title",
    "Item A",
    "--stage",
    "execute",
    "--done-when",
    "parser tests pass",
    "--next",
    "write the parser",
    "--start-with",
    "cargo test parser",
    "--stopped-at",
    "plan done",
];

/// The built `git-checkpoint` binary.
pub fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("git-checkpoint")
}

/// PATH with the directory of the built binary first, so `git checkpoint` runs it.
pub fn path_with_bin() -> String {
    let bin = bin();
    let dir = bin.parent().expect("the binary has a directory");
    let rest = std::env::var("PATH").unwrap_or_default();
    format!("{}:{rest}", dir.display())
}

/// Asserts `text` contains each of `wanted`; `what` names the text in the failure message.
pub fn assert_contains_all(text: &str, wanted: &[&str], what: &str) {
    for want in wanted {
        assert!(text.contains(want), "{what}: want {want:?} in\n{text}");
    }
}

/// The strings of the JSON array `v`, in order; panics showing `v` when it is not an array of
/// strings.
pub fn strings(v: &serde_json::Value) -> Vec<&str> {
    let items = v.as_array().unwrap_or_else(|| panic!("not an array: {v}"));
    items
        .iter()
        .map(|s| {
            s.as_str()
                .unwrap_or_else(|| panic!("not a string: {s} in {v}"))
        })
        .collect()
}

/// The string `field` of each object in the JSON array `v`, in order; panics showing `v` when
/// `v` is not an array or an object has no such string.
pub fn strings_of<'a>(v: &'a serde_json::Value, field: &str) -> Vec<&'a str> {
    let items = v.as_array().unwrap_or_else(|| panic!("not an array: {v}"));
    items
        .iter()
        .map(|o| {
            o[field]
                .as_str()
                .unwrap_or_else(|| panic!("no string {field:?} in {o} of {v}"))
        })
        .collect()
}

/// The first object of the JSON array `v` whose `field` is `value`; panics showing `v` when
/// `v` is not an array or holds no such object.
pub fn find_by<'a>(v: &'a serde_json::Value, field: &str, value: &str) -> &'a serde_json::Value {
    let items = v.as_array().unwrap_or_else(|| panic!("not an array: {v}"));
    items
        .iter()
        .find(|o| o[field] == value)
        .unwrap_or_else(|| panic!("no {field} = {value:?} in {v}"))
}

/// `s` quoted for a POSIX shell: in single quotes, each `'` written as `'\''`.
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The JSON document in the file at `path`; panics naming the file when it is missing or not
/// JSON.
pub fn read_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON ({e}): {text}", path.display()))
}

/// For a test that needs a tool which may not be installed (an agent CLI, node, the MCP SDK):
/// panics with `msg` when `CI` is set (not empty), so that CI never passes without the test;
/// elsewhere prints `skipping: <msg>` on stderr, and the caller returns early.
pub fn skip_or_fail(msg: &str) {
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        panic!("{msg}");
    }
    eprintln!("skipping: {msg}");
}

/// How a [`Sandbox::run_in_group`] run ended.
pub struct GroupRun {
    /// The exit status; `None` when the run overran its limit and was killed.
    pub status: Option<std::process::ExitStatus>,
    pub stdout: String,
    pub stderr: String,
}

/// A sandbox: a temp dir holding an empty global config and HOME, plus any repos made in it.
pub struct Sandbox {
    pub tmp: TempDir,
}

/// A git daemon serving the sandbox on 127.0.0.1 (receive-pack on), in a process group of its
/// own that is killed on drop: `git daemon` runs `git-daemon` as a child (and that one forks a
/// child per connection), which killing `git` alone would leave running.
pub struct GitDaemon(std::process::Child);

impl Drop for GitDaemon {
    fn drop(&mut self) {
        // SAFETY: kill(2) on the process group the daemon was started in; no memory is shared.
        unsafe { libc::kill(-(self.0.id() as libc::pid_t), libc::SIGKILL) };
        let _ = self.0.wait();
    }
}

impl Sandbox {
    /// Starts a [`GitDaemon`] on a free port serving the sandbox (so the bare origin is
    /// `git://127.0.0.1:<port>/o.git`) and waits, at most 10 s, until `git ls-remote` reaches
    /// it; returns it with that URL.
    pub fn git_daemon(&self) -> (GitDaemon, String) {
        use std::os::unix::process::CommandExt as _;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut cmd = std::process::Command::new("git");
        self.env(&mut cmd);
        let base = self.path("");
        let child = cmd
            .args([
                "daemon",
                "--export-all",
                "--enable=receive-pack",
                "--reuseaddr",
                "--listen=127.0.0.1",
                &format!("--port={port}"),
                &format!("--base-path={}", base.display()),
                base.to_str().unwrap(),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap();
        let daemon = GitDaemon(child);
        let url = format!("git://127.0.0.1:{port}/o.git");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let mut probe = std::process::Command::new("git");
            self.env(&mut probe);
            if probe
                .args(["ls-remote", &url])
                .output()
                .unwrap()
                .status
                .success()
            {
                return (daemon, url);
            }
            assert!(
                std::time::Instant::now() < deadline,
                "git daemon did not start"
            );
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }

    pub fn new() -> Sandbox {
        let tmp = TempDir::new().expect("temp dir");
        tmp.child("home").create_dir_all().unwrap();
        // Hook refreshes are written before the hook returns, so a test reads them at once;
        // the detached default has its own tests (hooks.rs).
        tmp.child("gitconfig")
            .write_str("[checkpoint]\n\thookDetach = false\n")
            .unwrap();
        Sandbox { tmp }
    }

    /// A sandbox holding one new repository, `r` (see [`Sandbox::repo`]).
    pub fn with_repo() -> (Sandbox, PathBuf) {
        let sb = Sandbox::new();
        let repo = sb.repo("r");
        (sb, repo)
    }

    /// [`Sandbox::with_repo`] with `r` switched to a new branch `branch` (at its one commit).
    pub fn with_repo_on(branch: &str) -> (Sandbox, PathBuf) {
        let (sb, repo) = Sandbox::with_repo();
        sb.git(&repo, &["switch", "-q", "-c", branch]);
        (sb, repo)
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.tmp.path().join(rel)
    }

    /// Applies the hermetic environment to a command.
    pub fn env(&self, cmd: &mut std::process::Command) {
        cmd.env_remove("GIT_DIR")
            .env_remove("GIT_WORK_TREE")
            .env_remove("GIT_INDEX_FILE")
            .env_remove("GIT_CHECKPOINT_STORY")
            .env_remove("NO_COLOR")
            .env_remove("GIT_EDITOR")
            .env_remove("GIT_PAGER")
            .env_remove("GIT_PAGER_IN_USE")
            .env_remove("MANPATH")
            // Agents' own directories: the tests' HOME decides.
            .env_remove("CLAUDE_CONFIG_DIR")
            .env_remove("CODEX_HOME")
            // No user pager on a pseudo-terminal; pager tests set GIT_PAGER themselves.
            .env("PAGER", "cat")
            .env_remove("EMAIL")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", self.path("gitconfig"))
            .env("HOME", self.path("home"))
            .env("XDG_CONFIG_HOME", self.path("home/.config"))
            .env("GIT_AUTHOR_NAME", "Ada Author")
            .env("GIT_AUTHOR_EMAIL", "ada@example.com")
            .env("GIT_COMMITTER_NAME", "Ada Author")
            .env("GIT_COMMITTER_EMAIL", "ada@example.com")
            .env("TZ", "UTC")
            .env("LC_ALL", "C")
            .env("TERM", "dumb");
    }

    /// `program` in `dir` with the hermetic environment and [`path_with_bin`] as PATH.
    pub fn with_bin_on_path(
        &self,
        program: impl AsRef<std::ffi::OsStr>,
        dir: &Path,
    ) -> std::process::Command {
        let mut cmd = std::process::Command::new(program);
        self.env(&mut cmd);
        cmd.current_dir(dir).env("PATH", path_with_bin());
        cmd
    }

    /// Runs `cmd` with stdin closed in a process group of its own, its stdout and stderr going
    /// to the sandbox files `<name>.out` and `<name>.err`; waits until it exits or `limit`
    /// passes (then `status` is `None`), and kills the whole group either way, so that the
    /// children it started (hooks, servers) go with it, finished or not.
    pub fn run_in_group(
        &self,
        mut cmd: std::process::Command,
        name: &str,
        limit: std::time::Duration,
    ) -> GroupRun {
        use std::os::unix::process::CommandExt as _;
        let out_path = self.path(&format!("{name}.out"));
        let err_path = self.path(&format!("{name}.err"));
        cmd.stdin(std::process::Stdio::null())
            .stdout(std::fs::File::create(&out_path).expect("stdout file"))
            .stderr(std::fs::File::create(&err_path).expect("stderr file"))
            .process_group(0);
        let mut child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {:?}: {e}", cmd.get_program()));
        let pgid = child.id() as libc::pid_t;
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait for the child") {
                break Some(s);
            }
            if start.elapsed() > limit {
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        // SAFETY: kill(2) on a process group we created; no memory is shared.
        unsafe { libc::kill(-pgid, libc::SIGKILL) };
        if status.is_none() {
            let _ = child.wait();
        }
        let read =
            |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
        GroupRun {
            status,
            stdout: read(&out_path),
            stderr: read(&err_path),
        }
    }

    /// Runs the shell command `line` in `dir` with stdout and stderr on a pseudo-terminal
    /// (util-linux script(1)), stdin closed, the hermetic environment with [`path_with_bin`]
    /// as PATH, plus `env`; asserts it succeeds and returns the bytes the terminal received
    /// (its line ends are `\r\n`).
    pub fn on_terminal(&self, dir: &Path, line: &str, env: &[(&str, &str)]) -> Vec<u8> {
        let out = self
            .with_bin_on_path("script", dir)
            .args(["-qec", line, "/dev/null"])
            .stdin(std::process::Stdio::null())
            .envs(env.iter().copied())
            .output()
            .expect("script(1) runs");
        assert!(
            out.status.success(),
            "on a terminal: {line} failed ({}): {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    }

    /// Runs real git in `dir` and returns stdout; panics on failure.
    pub fn git(&self, dir: &Path, args: &[&str]) -> String {
        let mut cmd = std::process::Command::new("git");
        self.env(&mut cmd);
        cmd.current_dir(dir).args(args);
        // Setup commits get fixed dates so their ids are reproducible.
        cmd.env("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
            .env("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z");
        let out = cmd.output().expect("git runs");
        assert!(
            out.status.success(),
            "git {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// [`Sandbox::git`] with `input` written to git's standard input (`fast-import`,
    /// `update-ref --stdin`, `mktree`, `hash-object --stdin`); returns stdout, panics on failure.
    pub fn git_input(&self, dir: &Path, args: &[&str], input: &str) -> String {
        use std::io::Write as _;
        let mut cmd = std::process::Command::new("git");
        self.env(&mut cmd);
        cmd.current_dir(dir)
            .args(args)
            .env("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
            .env("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = cmd.spawn().expect("git runs");
        // Written from a thread: git may fill its output pipe before it has read all input.
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let out = child.wait_with_output().expect("git runs");
        writer.join().unwrap().expect("git reads its input");
        assert!(
            out.status.success(),
            "git {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// A new repo `name` (`git init -q -b main`, one empty commit).
    pub fn repo(&self, name: &str) -> PathBuf {
        let dir = self.path(name);
        std::fs::create_dir_all(&dir).unwrap();
        self.git(&dir, &["init", "-q", "-b", "main"]);
        self.git(&dir, &["commit", "-q", "--allow-empty", "-m", "initial"]);
        dir
    }

    /// A bare repository `o.git` holding one empty commit on `main` (cloned from a new
    /// repository `seed`); returns its path.
    pub fn bare_origin(&self) -> PathBuf {
        let seed = self.repo("seed");
        let top = self.path("");
        self.git(
            &top,
            &["clone", "-q", "--bare", seed.to_str().unwrap(), "o.git"],
        );
        self.path("o.git")
    }

    /// A clone `name` of `o.git` (see [`Sandbox::bare_origin`]), `o.git` as its `origin`.
    pub fn clone_origin(&self, name: &str) -> PathBuf {
        self.git(&self.path(""), &["clone", "-q", "o.git", name]);
        self.path(name)
    }

    /// Makes a new empty bare repository `name` and adds it to `repo` as `origin`; returns its
    /// path.
    pub fn add_empty_origin(&self, repo: &Path, name: &str) -> PathBuf {
        let remote = self.path(name);
        let url = remote.to_str().unwrap();
        self.git(&self.path(""), &["init", "-q", "--bare", url]);
        self.git(repo, &["remote", "add", "origin", url]);
        remote
    }

    /// A teammate's save that arrives the way a teammate's work does: `repo`'s checkpoints are
    /// pushed to its `origin` (a new bare `teammate-origin.git` when it has none), a clone
    /// `teammate` fetches them, saves `args` there as `name <email>`, pushes, and `repo` runs
    /// `git checkpoint fetch`. Returns the teammate's clone.
    pub fn teammate_saves(&self, repo: &Path, name: &str, email: &str, args: &[&str]) -> PathBuf {
        let has_origin = self
            .git(repo, &["remote"])
            .lines()
            .any(|l| l.trim() == "origin");
        if !has_origin {
            self.add_empty_origin(repo, "teammate-origin.git");
        }
        self.ok(repo, &["push", "-q"]);
        let url = self.git(repo, &["remote", "get-url", "origin"]);
        let mate = self.path("teammate");
        if !mate.exists() {
            self.git(&self.path(""), &["clone", "-q", url.trim(), "teammate"]);
            self.git(&mate, &["config", "user.name", name]);
            self.git(&mate, &["config", "user.email", email]);
        }
        self.ok(&mate, &["fetch", "-q"]);
        let mut save = vec!["save", "42", "-q"];
        save.extend_from_slice(args);
        // The sandbox's GIT_AUTHOR_* would win over the clone's config.
        let who = [("GIT_AUTHOR_NAME", name), ("GIT_AUTHOR_EMAIL", email)];
        self.ok_with_env(&mate, &save, &who);
        self.ok(&mate, &["push", "-q"]);
        self.ok(repo, &["fetch", "-q"]);
        mate
    }

    /// `git-checkpoint` in `dir` with the hermetic environment.
    pub fn cp(&self, dir: &Path) -> Command {
        let mut std_cmd =
            std::process::Command::new(assert_cmd::cargo::cargo_bin("git-checkpoint"));
        self.env(&mut std_cmd);
        std_cmd.current_dir(dir);
        Command::from_std(std_cmd)
    }

    /// Writes `content` to `rel` in the sandbox and returns its path.
    pub fn file(&self, rel: &str, content: &[u8]) -> PathBuf {
        let p = self.path(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&p, content).unwrap();
        p
    }

    /// [`Sandbox::with_repo`] with each `(rel, text)` of `files` written in the sandbox (see
    /// [`Sandbox::text_files`]); returns the sandbox, the repository and the files' paths.
    pub fn with_repo_and_files<const N: usize>(
        files: [(&str, &str); N],
    ) -> (Sandbox, PathBuf, [String; N]) {
        let (sb, repo) = Sandbox::with_repo();
        let paths = sb.text_files(files);
        (sb, repo, paths)
    }

    /// Writes each `(rel, text)` of `files` in the sandbox (see [`Sandbox::file`]) and returns
    /// their paths as strings, in the same order.
    pub fn text_files<const N: usize>(&self, files: [(&str, &str); N]) -> [String; N] {
        files.map(|(rel, text)| {
            let p = self.file(rel, text.as_bytes());
            p.to_str().expect("sandbox paths are UTF-8").to_string()
        })
    }

    /// Runs `git-checkpoint args` in `dir`, asserts success, returns stdout.
    pub fn ok(&self, dir: &Path, args: &[&str]) -> String {
        self.ok_with_stderr(dir, args).0
    }

    /// Runs `git-checkpoint args` in `dir`, asserts success, returns (stdout, stderr).
    pub fn ok_with_stderr(&self, dir: &Path, args: &[&str]) -> (String, String) {
        self.ok_with_env(dir, args, &[])
    }

    /// Runs `git-checkpoint args` in `dir` with each `(name, value)` of `env` set, asserts
    /// success, returns (stdout, stderr).
    pub fn ok_with_env(&self, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (String, String) {
        let out = self
            .cp(dir)
            .args(args)
            .envs(env.iter().copied())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            out.status.success(),
            "git-checkpoint {args:?} with {env:?} failed ({}): {stderr}",
            out.status
        );
        (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
    }

    /// Runs `git-checkpoint args` in `dir`, asserts it fails and that stderr contains every
    /// one of `wanted`; returns stderr.
    pub fn fails(&self, dir: &Path, args: &[&str], wanted: &[&str]) -> String {
        let out = self.cp(dir).args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            !out.status.success(),
            "git-checkpoint {args:?} succeeded; stderr: {stderr}"
        );
        for w in wanted {
            assert!(
                stderr.contains(w),
                "git-checkpoint {args:?}: want {w:?} in stderr: {stderr}"
            );
        }
        stderr
    }

    /// Runs `git-checkpoint args` in `dir` whatever it exits with: (exit code, -1 when killed
    /// by a signal; stdout; stderr).
    pub fn run(&self, dir: &Path, args: &[&str]) -> (i32, String, String) {
        let o = self.cp(dir).args(args).output().unwrap();
        (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    }

    /// Runs `git-checkpoint args --json`-style commands and parses stdout as JSON.
    pub fn json(&self, dir: &Path, args: &[&str]) -> serde_json::Value {
        let s = self.ok(dir, args);
        let v = serde_json::from_str(&s).unwrap_or_else(|e| panic!("not JSON ({e}): {s}"));
        schema::check(args, &v);
        v
    }

    /// Every ref in the repo with its value (`git for-each-ref`).
    pub fn refs(&self, dir: &Path) -> String {
        self.git(dir, &["for-each-ref", "--format=%(objectname) %(refname)"])
    }

    /// The claim history of `story` in `dir`, oldest first: each commit of
    /// `refs/checkpoints-claims/<story>` (first parents) with its `claim.json`; empty when the
    /// story was never claimed.
    pub fn claim_history(&self, dir: &Path, story: &str) -> Vec<(String, serde_json::Value)> {
        let refname = format!("refs/checkpoints-claims/{story}");
        let mut cmd = std::process::Command::new("git");
        self.env(&mut cmd);
        let out = cmd
            .current_dir(dir)
            .args(["rev-list", "--first-parent", "--reverse", &refname, "--"])
            .output()
            .expect("git runs");
        if !out.status.success() {
            return Vec::new();
        }
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|c| {
                let text = self.git(dir, &["show", &format!("{c}:claim.json")]);
                let v = serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("{c}:claim.json is not JSON ({e}): {text}"));
                (c.to_string(), v)
            })
            .collect()
    }

    /// HEAD, index and working tree state: what no command may change.
    pub fn worktree_state(&self, dir: &Path) -> (String, String, Vec<u8>) {
        let head = self.git(dir, &["rev-parse", "HEAD"]);
        let status = self.git(dir, &["status", "--porcelain", "--untracked-files=all"]);
        let index = std::fs::read(dir.join(".git/index")).unwrap_or_default();
        (head, status, index)
    }
}

/// How the clones of a [`Team`] reach the bare origin.
#[derive(Clone, Copy, Debug)]
pub enum Transport {
    /// `file://<sandbox>/o.git`.
    File,
    /// `git://127.0.0.1:<port>/o.git`, served by a [`GitDaemon`].
    Daemon,
}

/// A bare `o.git` and three clones `A`, `B`, `C` reaching it by one [`Transport`]; the
/// daemon (when one runs) lives as long as the value.
pub struct Team {
    pub sb: Sandbox,
    pub origin: PathBuf,
    pub a: PathBuf,
    pub b: PathBuf,
    pub c: PathBuf,
    _daemon: Option<GitDaemon>,
}

/// A [`Team`] reaching its origin by `transport`.
pub fn team(transport: Transport) -> Team {
    let sb = Sandbox::new();
    let origin = sb.bare_origin();
    let (daemon, url) = match transport {
        Transport::File => (None, format!("file://{}", origin.display())),
        Transport::Daemon => {
            let (d, url) = sb.git_daemon();
            (Some(d), url)
        }
    };
    for name in ["A", "B", "C"] {
        sb.git(&sb.path(""), &["clone", "-q", &url, name]);
    }
    Team {
        a: sb.path("A"),
        b: sb.path("B"),
        c: sb.path("C"),
        origin,
        sb,
        _daemon: daemon,
    }
}
