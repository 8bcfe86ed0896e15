//! Which pager long output goes through, decided as git decides it (pager.c, `git_pager` and
//! `setup_pager`), and starting it.
//!
//! Order: no pager unless stdout is a terminal; then `GIT_PAGER`, `core.pager`, `PAGER`, `less`;
//! an empty value or `cat` means none. `git --no-pager checkpoint` reaches us as
//! `GIT_PAGER=cat` (git's `commit_pager_choice` exports it for external commands), so it needs
//! no special case; when git already pages for us (`pager.checkpoint=true`) stdout is a pipe and
//! `GIT_PAGER_IN_USE=true` is set. The pager runs through `sh -c`, with `LESS=FRX` and `LV=-c`
//! added when unset (git's default `PAGER_ENV`) and `GIT_PAGER_IN_USE=true` exported.
//!
//! This module owns the decision and the child process; it never writes output itself.

use git_checkpoint::config::Config;
use std::process::{Child, Command, Stdio};

/// git's default pager when nothing is configured.
pub const DEFAULT_PAGER: &str = "less";

/// Variables git sets for the pager when the user has not (`PAGER_ENV` default).
pub const PAGER_ENV: &[(&str, &str)] = &[("LESS", "FRX"), ("LV", "-c")];

/// The pager command to use, or `None` for no pager.
///
/// `stdout_is_tty`: whether standard output is a terminal. `env` looks up environment
/// variables (injected so the order can be tested). `config` supplies `core.pager` and
/// `pager.checkpoint` (false turns paging off; a command string is used as the pager, like git).
pub fn choose(
    stdout_is_tty: bool,
    env: &dyn Fn(&str) -> Option<String>,
    config: &Config,
) -> Option<String> {
    if !stdout_is_tty {
        return None;
    }
    let (enabled, per_command) = config.pager_checkpoint().unwrap_or((true, None));
    if !enabled {
        return None;
    }
    let pager = env("GIT_PAGER")
        .or(per_command)
        .or_else(|| config.core_pager())
        .or_else(|| env("PAGER"))
        .unwrap_or_else(|| DEFAULT_PAGER.to_string());
    let trimmed = pager.trim();
    if trimmed.is_empty() || trimmed == "cat" {
        None
    } else {
        Some(pager)
    }
}

/// Whether git (or another git-checkpoint) already pipes our output into a pager:
/// `GIT_PAGER_IN_USE` is a true boolean (git's `pager_in_use`).
pub fn in_use(env: &dyn Fn(&str) -> Option<String>) -> bool {
    env("GIT_PAGER_IN_USE")
        .and_then(|v| git_checkpoint::config::parse_bool(&v))
        .unwrap_or(false)
}

/// Starts `pager` via `sh -c` with a piped stdin, git's pager environment and
/// `GIT_PAGER_IN_USE=true`.
///
/// # Errors
/// I/O errors spawning the shell.
pub fn spawn(pager: &str) -> std::io::Result<Child> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(pager).stdin(Stdio::piped());
    for (k, v) in PAGER_ENV {
        if std::env::var_os(k).is_none() {
            cmd.env(k, v);
        }
    }
    cmd.env("GIT_PAGER_IN_USE", "true");
    cmd.spawn()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(vars: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn git_order() {
        let c = Config::default();
        let both = env_of(&[("GIT_PAGER", "most"), ("PAGER", "more")]);
        assert_eq!(choose(true, &both, &c).as_deref(), Some("most"));
        let pager_only = env_of(&[("PAGER", "more")]);
        assert_eq!(choose(true, &pager_only, &c).as_deref(), Some("more"));
        assert_eq!(choose(true, &env_of(&[]), &c).as_deref(), Some("less"));
        assert_eq!(choose(false, &both, &c), None);
        assert_eq!(choose(true, &env_of(&[("GIT_PAGER", "cat")]), &c), None);
        assert_eq!(choose(true, &env_of(&[("GIT_PAGER", "")]), &c), None);
    }

    #[test]
    fn pager_in_use_is_a_boolean() {
        assert!(in_use(&env_of(&[("GIT_PAGER_IN_USE", "true")])));
        assert!(!in_use(&env_of(&[("GIT_PAGER_IN_USE", "0")])));
        assert!(!in_use(&env_of(&[])));
    }
}
