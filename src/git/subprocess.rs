//! The one way this crate runs `git`: a [`Git`] bound to a repository's git dir and work tree
//! (jj's `GitSubprocessContext`), so a command runs in the repository the [`crate::store::Store`]
//! opened and never in whatever directory the process happens to be in (the MCP server works
//! in its client's root, not its own directory).
//!
//! Every spawn gets `--git-dir=<dir>` (and `--work-tree=<dir>` with the work tree as its
//! directory when there is one), `LC_ALL=C` so git's messages are the ones we document and
//! parse, and a closed stdin unless input is passed explicitly. This module does not parse
//! output: its callers do.
//!
//! A git started here dies with the process that started it (Linux: `PR_SET_PDEATHSIG`, see
//! `die_with_parent`): a `sync` killed with SIGKILL would otherwise leave its `git fetch`
//! running, holding ref locks the next sync fails on.

use crate::error::{Error, Result};
use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `git` binary bound to one repository.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Git {
    /// The repository's git dir (a linked worktree's own, for its HEAD and index).
    git_dir: PathBuf,
    /// The work tree's top directory; `None` for a bare repository.
    work_tree: Option<PathBuf>,
}

impl Git {
    /// `git` for the repository at `git_dir` with work tree `work_tree` (`None`: bare).
    pub fn new(git_dir: impl Into<PathBuf>, work_tree: Option<PathBuf>) -> Git {
        Git {
            git_dir: git_dir.into(),
            work_tree,
        }
    }

    /// The git dir every command is given.
    pub fn git_dir(&self) -> &Path {
        &self.git_dir
    }

    /// A `git` command for `args`, ready to spawn: `--git-dir` and `--work-tree` set, run in
    /// the work tree (the git dir when bare), `LC_ALL=C`, stdin closed. The caller sets stdout
    /// and stderr as it needs them, and may add environment.
    pub fn command<S: AsRef<OsStr>>(&self, args: &[S]) -> Command {
        let mut cmd = Command::new("git");
        let mut git_dir = std::ffi::OsString::from("--git-dir=");
        git_dir.push(&self.git_dir);
        cmd.arg(git_dir);
        if let Some(work_tree) = &self.work_tree {
            let mut flag = std::ffi::OsString::from("--work-tree=");
            flag.push(work_tree);
            cmd.arg(flag).current_dir(work_tree);
        } else {
            cmd.current_dir(&self.git_dir);
        }
        cmd.args(args).env("LC_ALL", "C").stdin(Stdio::null());
        die_with_parent(&mut cmd);
        cmd
    }

    /// Runs `git args` to completion and returns its output whatever its exit status, for the
    /// callers that read a failure's output themselves (`git push --porcelain`).
    ///
    /// # Errors
    /// [`Error::Io`] when git cannot be started.
    pub fn output<S: AsRef<OsStr>>(&self, args: &[S]) -> Result<Output> {
        Ok(self.command(args).output()?)
    }

    /// [`Git::output`], waiting at most `limit`: `None` when git was still running then (it is
    /// killed and waited for, so no child outlives the call).
    ///
    /// # Errors
    /// [`Error::Io`] when git cannot be started or waited for.
    pub fn output_within<S: AsRef<OsStr>>(
        &self,
        args: &[S],
        limit: std::time::Duration,
    ) -> Result<Option<Output>> {
        let mut cmd = self.command(args);
        // Output goes to files, not pipes: a pipe git fills while nobody reads it would block it.
        let out = tempfile::tempfile()?;
        let err = tempfile::tempfile()?;
        cmd.stdout(out.try_clone()?).stderr(err.try_clone()?);
        let mut child = cmd.spawn()?;
        let deadline = std::time::Instant::now() + limit;
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if std::time::Instant::now() >= deadline {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(None);
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        let read = |mut f: std::fs::File| -> std::io::Result<Vec<u8>> {
            use std::io::{Read, Seek};
            let mut v = Vec::new();
            f.seek(std::io::SeekFrom::Start(0))?;
            f.take(1 << 20).read_to_end(&mut v)?;
            Ok(v)
        };
        Ok(Some(Output {
            status,
            stdout: read(out)?,
            stderr: read(err)?,
        }))
    }

    /// Runs `git args` and returns its output when it succeeds.
    ///
    /// # Errors
    /// [`Error::Io`] when git cannot be started; [`Error::GitFailed`] with the arguments, exit
    /// status and trimmed stderr when it exits unsuccessfully.
    pub fn run<S: AsRef<OsStr>>(&self, args: &[S]) -> Result<Output> {
        checked(args, self.output(args)?)
    }

    /// [`Git::output`] with `input` written to git's stdin (then closed), and `env` added to its
    /// environment.
    ///
    /// # Errors
    /// [`Error::Io`] when git cannot be started or waited for.
    pub fn output_with<S: AsRef<OsStr>>(
        &self,
        args: &[S],
        input: Option<&[u8]>,
        env: &[(&str, &str)],
    ) -> Result<Output> {
        let mut cmd = self.command(args);
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        if input.is_some() {
            cmd.stdin(Stdio::piped());
        }
        cmd.envs(env.iter().copied());
        let mut child = cmd.spawn()?;
        if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
            // A git that exits early closes its stdin: its stderr says why.
            let _ = stdin.write_all(input);
        }
        Ok(child.wait_with_output()?)
    }
}

/// Makes the child `cmd` starts get SIGTERM when this process dies, however it dies (SIGKILL
/// included), so no git outlives a killed git-checkpoint: prctl(2) `PR_SET_PDEATHSIG`, set
/// between fork and exec, and SIGTERM at once when the parent is already gone by then. SIGTERM,
/// not SIGKILL: git removes its lock files and temporary packs on SIGTERM (its tempfile
/// handlers), and ends the children it started (a transport's `upload-pack`) itself.
///
/// The signal is sent when the *thread* that started the child exits; every git here is
/// started and waited for by the same thread (the MCP server's tools run on blocking threads
/// that wait for their git). Elsewhere than Linux this does nothing.
#[cfg(target_os = "linux")]
fn die_with_parent(cmd: &mut Command) {
    use std::os::unix::process::CommandExt as _;
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: between fork and exec the closure calls only async-signal-safe functions
    // (prctl, getppid, raise: signal-safety(7)) and allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            // A failure leaves the child as it was before this existed: not an error.
            let _ = libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGTERM as libc::c_ulong,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
            );
            if libc::getppid() != parent {
                libc::raise(libc::SIGTERM);
            }
            Ok(())
        });
    }
}

/// See the Linux version: elsewhere a child is left as it is.
#[cfg(not(target_os = "linux"))]
fn die_with_parent(_cmd: &mut Command) {}

/// `out` when its status is success, else [`Error::GitFailed`] for `args`.
///
/// # Errors
/// [`Error::GitFailed`] when `out`'s status is not success.
pub fn checked<S: AsRef<OsStr>>(args: &[S], out: Output) -> Result<Output> {
    if out.status.success() {
        return Ok(out);
    }
    Err(Error::GitFailed {
        args: args
            .iter()
            .map(|a| a.as_ref().to_string_lossy().into_owned())
            .collect(),
        status: out.status,
        stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
    })
}
