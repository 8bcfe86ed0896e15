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
/// `notes.rewriteRef`.
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
        let present = current(store, &key)?.contains(&value);
        let op: &[&str] = match (undo, present) {
            (false, false) => &["config", "--add"],
            (true, true) => &["config", "--fixed-value", "--unset-all"],
            _ => continue,
        };
        let mut cmd: Vec<String> = op.iter().map(|s| s.to_string()).collect();
        cmd.push(key.clone());
        cmd.push(value.clone());
        let o = store.git().output(&cmd)?;
        if !o.status.success() {
            return Err(Error::SetConfig {
                key,
                stderr: String::from_utf8_lossy(&o.stderr).trim().to_string(),
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

fn current(store: &Store, key: &str) -> Result<Vec<String>> {
    let o = store.git().output(&["config", "--get-all", key])?;
    Ok(String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(String::from)
        .collect())
}
