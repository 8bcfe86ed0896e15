//! `setup`: make plain `git fetch` bring a remote's checkpoints into remote-tracking refs, and
//! make notes follow amend and rebase (`notes.rewriteRef`). Idempotent; `undo` removes exactly
//! the values it adds. Config is written with `git config`, keeping every existing value.
//! Prints nothing.

use crate::error::{Error, Result};
use crate::json::ConfigValue;
use crate::notes::NOTES_REF;
use crate::remote;
use crate::store::Store;

/// What [`setup`] does.
#[derive(Debug, Clone)]
pub struct Options {
    /// The remote to configure.
    pub remote: String,
    /// Remove the values setup adds instead of adding them.
    pub undo: bool,
}

/// What [`setup`] changed.
#[derive(Debug, Clone)]
pub struct Report {
    /// The remote configured.
    pub remote: String,
    /// Whether the values were removed.
    pub undo: bool,
    /// The values added (or with `undo` removed), in the order written; empty when nothing
    /// changed.
    pub changed: Vec<ConfigValue>,
}

/// Adds (or with `options.undo` removes) the remote's checkpoint fetch refspecs and
/// `notes.rewriteRef`, in this repository's config file (`git config --local`): a value
/// already set in any scope is not added again, and undo leaves values of other scopes (the
/// user's global config) alone.
///
/// # Errors
/// [`Error::SetConfig`] when `git config` fails; I/O errors running `git`.
pub fn setup(store: &Store, options: Options) -> Result<Report> {
    let Options { remote, undo } = options;
    let mut wanted: Vec<(String, String)> = remote::fetch_refspecs(&remote)
        .into_iter()
        .map(|spec| (format!("remote.{remote}.fetch"), spec))
        .collect();
    wanted.push(("notes.rewriteRef".into(), NOTES_REF.into()));
    let mut changed = Vec::new();
    for (key, value) in wanted {
        // Adding looks at every scope (a value the global config already has needs no local
        // copy); removing only at this repository's file, the one setup writes: a global
        // value is the user's, and `git config --unset-all` could not remove it anyway.
        let present = current(store, &key, undo)?.contains(&value);
        let op: &[&str] = match (undo, present) {
            (false, false) => &["config", "--local", "--add"],
            (true, true) => &["config", "--local", "--fixed-value", "--unset-all"],
            _ => continue,
        };
        let mut cmd: Vec<String> = op.iter().map(|s| s.to_string()).collect();
        cmd.push(key.clone());
        cmd.push(value.clone());
        let o = store.git().output(&cmd)?;
        if !o.status.success() {
            let stderr = String::from_utf8_lossy(&o.stderr).trim().to_string();
            return Err(Error::SetConfig {
                key,
                // `git config` says nothing for some failures (exit 5: nothing to unset).
                stderr: if stderr.is_empty() {
                    format!("it exited with {} and said nothing", o.status)
                } else {
                    stderr
                },
            });
        }
        changed.push(ConfigValue { key, value });
    }
    Ok(Report {
        remote,
        undo,
        changed,
    })
}

/// The values of `key`: in every scope, or with `local` in this repository's config file only.
fn current(store: &Store, key: &str, local: bool) -> Result<Vec<String>> {
    let scope: &[&str] = if local { &["--local"] } else { &[] };
    let args: Vec<&str> = ["config"]
        .iter()
        .chain(scope)
        .chain(&["--get-all", key])
        .copied()
        .collect();
    let o = store.git().output(&args)?;
    Ok(String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(String::from)
        .collect())
}
