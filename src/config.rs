//! Settings read from `git config`: the one table of keys git-checkpoint reads ([`KEYS`], which
//! the man page and `--help` print), and a typed reader over git's configuration files
//! (system, global, repository, worktree, `GIT_CONFIG_*` overrides) with the defaults applied.
//!
//! The command line always wins: callers ask this module only when no flag was given.
//! This module reads configuration; it never writes it and never prints.

use crate::error::{Error, Result};
use gix::bstr::ByteSlice;
use std::path::Path;

/// `--color` choices, as in git.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// One configuration key: its name as `git config` spells it, its default, and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// `section.name`, camelCase as in git's documentation (git compares names case-insensitively).
    pub name: &'static str,
    /// The default as a user would write it, or a description such as `color.ui`.
    pub default: &'static str,
    /// What the key changes, one sentence.
    pub meaning: &'static str,
}

/// `checkpoint.storyPattern`: a regex with one capture group matched against the branch name.
pub const STORY_PATTERN: Key = Key {
    name: "checkpoint.storyPattern",
    default: "built-in patterns: feature/#313-x, 313-x, feat/ABC-123-x",
    meaning: "regex with one capture group, matched against the branch name to find the story",
};
/// `checkpoint.maxSize`: the largest document accepted.
pub const MAX_SIZE: Key = Key {
    name: "checkpoint.maxSize",
    default: "1m",
    meaning: "largest checkpoint document a save accepts, in bytes (k, m, g suffixes); a sync merge of two documents may exceed it, up to checkpoint.maxReadSize, and says so",
};
/// `checkpoint.maxReadSize`: the largest `checkpoint.md`, `meta.json` or commit read from a
/// ref (refs come from teammates' clones: a huge one must not exhaust memory).
pub const MAX_READ_SIZE: Key = Key {
    name: "checkpoint.maxReadSize",
    default: "8m",
    meaning: "largest checkpoint.md, meta.json or checkpoint commit read from a ref, in bytes (k, m, g suffixes; never less than checkpoint.maxSize); a larger one is refused, naming the ref",
};
/// `checkpoint.template`: the template of new checkpoints.
pub const TEMPLATE: Key = Key {
    name: "checkpoint.template",
    default: "pair",
    meaning: "template of new checkpoints: pair, team, pm, gstack or a custom template's name",
};
/// `checkpoint.<name>.sections`: a custom template declared in configuration. Not one key but
/// one per template name, listed for the documentation; `formats` reads it by name.
pub const TEMPLATE_SECTIONS: Key = Key {
    name: "checkpoint.<name>.sections",
    default: "none",
    meaning:
        "a custom template's sections, comma-separated (a heading ending in (optional) is optional)",
};
/// `checkpoint.section.<field>`: more section names for one field of a hand-off document.
/// Not one key but one per field, listed for the documentation; multi-valued.
pub const SECTION_NAMES: Key = Key {
    name: "checkpoint.section.<field>",
    default: "none",
    meaning: "more section names (multi-valued, git config --add) read as the field story, branch, done, remaining, notStarted, blocked, decisions, next or context, beside the built-in English, Japanese, Korean and Chinese ones",
};
/// `checkpoint.remote`: the remote that sharing commands talk to.
pub const REMOTE: Key = Key {
    name: "checkpoint.remote",
    default: "origin",
    meaning:
        "remote that push, fetch and sync use when none is given and the branch has no upstream",
};
/// `checkpoint.autoSync`: share after saving, fetch before resuming.
pub const AUTO_SYNC: Key = Key {
    name: "checkpoint.autoSync",
    default: "false",
    meaning: "true: push the story after each save and fetch before resume",
};
/// `checkpoint.secretScan`: the secret guard of save, import and push.
pub const SECRET_SCAN: Key = Key {
    name: "checkpoint.secretScan",
    default: "true",
    meaning: "refuse to save, import or push content that holds a credential (false: no scan)",
};
/// `checkpoint.maxAge`: `status` reports a checkpoint older than this as stale.
pub const MAX_AGE: Key = Key {
    name: "checkpoint.maxAge",
    default: "never stale by age",
    meaning: "age after which status reports the checkpoint stale (90s, 30m, 2h, 1d, 1w, 1h30m); --max-age wins",
};
/// `checkpoint.maxCommits`: `status` reports a checkpoint as stale after this many commits.
pub const MAX_COMMITS: Key = Key {
    name: "checkpoint.maxCommits",
    default: "never stale by commits",
    meaning: "status reports the checkpoint stale after more than this many commits on HEAD since the save; --max-commits wins",
};
/// `checkpoint.hookBudget`: the largest brief an agent hook gives the model.
pub const HOOK_BUDGET: Key = Key {
    name: "checkpoint.hookBudget",
    default: "8000",
    meaning: "most characters of the brief an agent hook puts into the model's context",
};
/// `checkpoint.fetchTimeout`: how long `resume` waits for a fetch of a story it did not find.
pub const FETCH_TIMEOUT: Key = Key {
    name: "checkpoint.fetchTimeout",
    default: "5",
    meaning: "seconds resume (the command and the MCP tool) waits for a fetch of a story neither this clone nor a remote-tracking ref has; 0 never fetches",
};
/// `checkpoint.hookNudge`: whether the stop-time hook asks the model to save.
pub const HOOK_NUDGE: Key = Key {
    name: "checkpoint.hookNudge",
    default: "true",
    meaning: "whether an agent's stop hook asks the model once per turn to save when work moved",
};
/// `checkpoint.hookDetach`: whether hook refreshes are written by a detached process.
pub const HOOK_DETACH: Key = Key {
    name: "checkpoint.hookDetach",
    default: "true",
    meaning: "whether the hooks before compaction, after it and at session end write their revision in a detached process, so the agent never waits for the work-tree scan",
};
/// `checkpoint.claimRemote`: whether a claim is also taken on the story's remote.
pub const CLAIM_REMOTE: Key = Key {
    name: "checkpoint.claimRemote",
    default: "true",
    meaning: "whether claim, release, handoff and the agent hooks take a story's claim on the remote too (an atomic leased push of refs/checkpoints-claims/<story>), so clones racing for it get one winner; false claims in this clone only",
};
/// `checkpoint.claimDuration`: how long a claim lasts unless renewed.
pub const CLAIM_DURATION: Key = Key {
    name: "checkpoint.claimDuration",
    default: "2h",
    meaning: "how long a claim lasts when claim --for is not given (units s, m, h, d, w); agent hooks renew it while the session works",
};
/// `color.checkpoint`: colour for git-checkpoint, overriding `color.ui`.
pub const COLOR_CHECKPOINT: Key = Key {
    name: "color.checkpoint",
    default: "the value of color.ui",
    meaning: "colour for git checkpoint: auto, always, never (or true/false, as for color.ui)",
};
/// `color.ui`: git's colour switch for every command.
pub const COLOR_UI: Key = Key {
    name: "color.ui",
    default: "auto",
    meaning: "git's colour switch, honoured when color.checkpoint is not set",
};
/// `color.pager`: whether output going through the pager is coloured.
pub const COLOR_PAGER: Key = Key {
    name: "color.pager",
    default: "true",
    meaning: "colour output that goes through the pager (with auto)",
};
/// `pager.checkpoint`: false turns the pager off, as git's `pager.<cmd>`.
pub const PAGER_CHECKPOINT: Key = Key {
    name: "pager.checkpoint",
    default: "true",
    meaning: "false: log, diff and show never start a pager (git reads it too)",
};
/// `core.pager`: the pager command, after `GIT_PAGER`.
pub const CORE_PAGER: Key = Key {
    name: "core.pager",
    default: "$PAGER, else less",
    meaning: "pager for log, diff and show on a terminal (GIT_PAGER wins)",
};
/// `core.editor`: the editor of `save --edit`, after `GIT_EDITOR`.
pub const CORE_EDITOR: Key = Key {
    name: "core.editor",
    default: "$VISUAL, $EDITOR, else vi",
    meaning: "editor for save --edit (GIT_EDITOR wins)",
};

/// Every key git-checkpoint reads, in the order the documentation lists them: the one table
/// `--help`, the man page and the README's configuration table are made from.
pub const KEYS: &[Key] = &[
    STORY_PATTERN,
    MAX_SIZE,
    MAX_READ_SIZE,
    TEMPLATE,
    TEMPLATE_SECTIONS,
    SECTION_NAMES,
    REMOTE,
    AUTO_SYNC,
    SECRET_SCAN,
    MAX_AGE,
    MAX_COMMITS,
    HOOK_BUDGET,
    HOOK_NUDGE,
    FETCH_TIMEOUT,
    HOOK_DETACH,
    CLAIM_REMOTE,
    CLAIM_DURATION,
    COLOR_CHECKPOINT,
    COLOR_UI,
    COLOR_PAGER,
    PAGER_CHECKPOINT,
    CORE_PAGER,
    CORE_EDITOR,
];

/// Default of [`HOOK_BUDGET`]: below the 10,000 characters Claude Code and Codex keep of a
/// hook's output before they cut it to a preview.
pub const DEFAULT_HOOK_BUDGET: usize = 8000;

/// The smallest [`HOOK_BUDGET`] accepted, in characters.
pub const MIN_HOOK_BUDGET: usize = 200;

/// Default of [`MAX_SIZE`] in bytes (1 MiB).
pub const DEFAULT_MAX_SIZE: u64 = 1024 * 1024;

/// Default of [`MAX_READ_SIZE`] in bytes (8 MiB): eight documents of the largest size a save
/// accepts, and a `resume --json` of a `meta.json` that large stays well under 100 MB.
pub const DEFAULT_MAX_READ_SIZE: u64 = 8 * 1024 * 1024;

/// git's configuration as one merged view, with typed getters that apply the defaults.
#[derive(Debug, Clone, Default)]
pub struct Config {
    file: Option<std::rc::Rc<gix::config::File>>,
    /// `git -c key=value` settings (from `GIT_CONFIG_PARAMETERS`), lowercased keys, last wins.
    overrides: Vec<(String, Option<String>)>,
}

impl Config {
    /// The configuration seen from `dir`, and the repository found there (discovered as git
    /// does: `GIT_DIR`/`GIT_WORK_TREE`, else upwards from `dir`) or why none was. Outside a
    /// repository: the global files and `git -c` overrides only. Never fails: unreadable
    /// configuration reads as empty, and commands that need the repository report the error.
    pub fn discover(dir: &Path) -> (Config, std::result::Result<gix::Repository, String>) {
        match gix::discover_with_environment_overrides(dir) {
            Ok(repo) => (Config::from_repo(&repo), Ok(repo)),
            Err(e) => {
                let mut file = gix::config::File::from_globals().unwrap_or_default();
                if let Ok(env) = gix::config::File::from_environment_overrides() {
                    let _ = file.append(env);
                }
                let config = Config {
                    file: Some(std::rc::Rc::new(file)),
                    overrides: command_line_overrides(),
                };
                (config, Err(e.to_string()))
            }
        }
    }

    /// The configuration of an open repository, plus `git -c` settings passed down by git.
    pub fn from_repo(repo: &gix::Repository) -> Config {
        Config {
            file: Some(std::rc::Rc::new(repo.config_snapshot().plumbing().clone())),
            overrides: command_line_overrides(),
        }
    }

    /// The `git -c` value of `key`: `Some(None)` for a bare `-c key` (true).
    fn overridden(&self, key: &Key) -> Option<Option<String>> {
        let name = key.name.to_ascii_lowercase();
        self.overrides
            .iter()
            .rev()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    }

    /// The raw string value of `key` (the last one wins, as in git; `git -c` over files), if
    /// set. A bare `-c key` reads as `true`.
    pub fn string(&self, key: &Key) -> Option<String> {
        self.value(key.name)
    }

    /// The raw string value of the key `name` as `git config` spells it (any key, e.g.
    /// `core.editor` or `checkpoint.<name>.sections`), with `git -c` over files; a bare
    /// `-c key` reads as `true`.
    pub fn value(&self, name: &str) -> Option<String> {
        let lower = name.to_ascii_lowercase();
        if let Some((_, v)) = self.overrides.iter().rev().find(|(k, _)| *k == lower) {
            return Some(v.clone().unwrap_or_else(|| "true".into()));
        }
        self.file
            .as_ref()?
            .string(name)
            .map(|v| v.to_str_lossy().into_owned())
    }

    /// Every value of the multi-valued key `name` (`git config --add`), in the order git lists
    /// them (files, then `git -c` settings).
    pub fn values(&self, name: &str) -> Vec<String> {
        let mut out: Vec<String> = self
            .file
            .as_ref()
            .and_then(|f| f.strings(name))
            .unwrap_or_default()
            .iter()
            .map(|v| v.to_str_lossy().into_owned())
            .collect();
        let lower = name.to_ascii_lowercase();
        out.extend(
            self.overrides
                .iter()
                .filter(|(k, _)| *k == lower)
                .filter_map(|(_, v)| v.clone()),
        );
        out
    }

    /// The section names `checkpoint.section.<field>` adds to the vocabulary of each field
    /// (see [`crate::model::vocab`]), as (field, name as written).
    pub fn section_names(&self) -> Vec<(crate::model::vocab::Field, String)> {
        crate::model::vocab::Field::ALL
            .iter()
            .flat_map(|f| {
                self.values(&format!("checkpoint.section.{}", f.key()))
                    .into_iter()
                    .map(move |v| (*f, v))
            })
            .collect()
    }

    /// A boolean key, with git's spellings (`true`/`yes`/`on`/`1`, `false`/`no`/`off`/`0`, and
    /// a bare key meaning true).
    ///
    /// # Errors
    /// [`Error::Config`] for any other value.
    pub fn boolean(&self, key: &Key, default: bool) -> Result<bool> {
        if let Some(v) = self.overridden(key) {
            let v = v.unwrap_or_default();
            return parse_bool(&v).ok_or_else(|| Error::Config {
                key: key.name.into(),
                value: v,
                reason: "expected a boolean: true or false".into(),
            });
        }
        let Some(file) = &self.file else {
            return Ok(default);
        };
        match file.boolean(key.name) {
            Ok(v) => Ok(v.unwrap_or(default)),
            Err(_) => Err(Error::Config {
                key: key.name.into(),
                value: self.string(key).unwrap_or_default(),
                reason: "expected a boolean: true or false".into(),
            }),
        }
    }

    /// [`STORY_PATTERN`], if set.
    pub fn story_pattern(&self) -> Option<String> {
        self.string(&STORY_PATTERN)
    }

    /// [`MAX_SIZE`] in bytes; default [`DEFAULT_MAX_SIZE`].
    ///
    /// # Errors
    /// [`Error::Config`] for a value that is not a byte count such as `512k`.
    pub fn max_size(&self) -> Result<u64> {
        match self.string(&MAX_SIZE) {
            None => Ok(DEFAULT_MAX_SIZE),
            Some(v) => parse_size(&v).ok_or_else(|| Error::Config {
                key: MAX_SIZE.name.into(),
                value: v,
                reason: "expected a byte count such as 1048576, 512k or 2m".into(),
            }),
        }
    }

    /// [`MAX_READ_SIZE`] in bytes (default [`DEFAULT_MAX_READ_SIZE`]), and never less than
    /// [`Config::max_size`], so what a save accepted can be read back.
    ///
    /// # Errors
    /// [`Error::Config`] for a value of either key that is not a byte count such as `512k`.
    pub fn max_read_size(&self) -> Result<u64> {
        let read = match self.string(&MAX_READ_SIZE) {
            None => DEFAULT_MAX_READ_SIZE,
            Some(v) => parse_size(&v).ok_or_else(|| Error::Config {
                key: MAX_READ_SIZE.name.into(),
                value: v,
                reason: "expected a byte count such as 8388608, 512k or 16m".into(),
            })?,
        };
        Ok(read.max(self.max_size()?))
    }

    /// [`MAX_AGE`] in seconds, if set.
    ///
    /// # Errors
    /// [`Error::Config`] for a value that is not a duration such as `30m`.
    pub fn max_age(&self) -> Result<Option<i64>> {
        match self.string(&MAX_AGE) {
            None => Ok(None),
            Some(v) => parse_duration(&v).map(Some).ok_or_else(|| Error::Config {
                key: MAX_AGE.name.into(),
                value: v,
                reason: "expected a duration such as 90s, 30m, 2h, 1d, 1w or 1h30m".into(),
            }),
        }
    }

    /// [`HOOK_BUDGET`] in characters, default [`DEFAULT_HOOK_BUDGET`].
    ///
    /// # Errors
    /// [`Error::Config`] for a value that is not a number of characters of at least 200.
    pub fn hook_budget(&self) -> Result<usize> {
        match self.string(&HOOK_BUDGET) {
            None => Ok(DEFAULT_HOOK_BUDGET),
            Some(v) => match v.trim().parse::<usize>() {
                Ok(n) if n >= MIN_HOOK_BUDGET => Ok(n),
                _ => Err(Error::Config {
                    key: HOOK_BUDGET.name.into(),
                    value: v,
                    reason: "expected a number of characters of at least 200, such as 8000".into(),
                }),
            },
        }
    }

    /// [`MAX_COMMITS`], if set.
    ///
    /// # Errors
    /// [`Error::Config`] for a value that is not a number of commits.
    pub fn max_commits(&self) -> Result<Option<u64>> {
        match self.string(&MAX_COMMITS) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse::<u64>()
                .map(Some)
                .map_err(|_| Error::Config {
                    key: MAX_COMMITS.name.into(),
                    value: v,
                    reason: "expected a number of commits such as 3".into(),
                }),
        }
    }

    /// [`TEMPLATE`]; default `pair`.
    pub fn template(&self) -> String {
        self.string(&TEMPLATE)
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| "pair".into())
    }

    /// [`REMOTE`]; default `origin`.
    pub fn remote(&self) -> String {
        self.string(&REMOTE)
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| "origin".into())
    }

    /// [`FETCH_TIMEOUT`]; default 5 seconds, `0` for never.
    ///
    /// # Errors
    /// [`Error::Config`] for a value that is not a whole number of seconds up to 600.
    pub fn fetch_timeout(&self) -> Result<std::time::Duration> {
        match self.string(&FETCH_TIMEOUT) {
            None => Ok(std::time::Duration::from_secs(5)),
            Some(v) => match v.trim().parse::<u64>() {
                Ok(n) if n <= 600 => Ok(std::time::Duration::from_secs(n)),
                _ => Err(Error::Config {
                    key: FETCH_TIMEOUT.name.into(),
                    value: v,
                    reason: "expected a number of seconds from 0 to 600, such as 5".into(),
                }),
            },
        }
    }

    /// [`AUTO_SYNC`]; default false.
    ///
    /// # Errors
    /// [`Error::Config`] for a non-boolean value.
    pub fn auto_sync(&self) -> Result<bool> {
        self.boolean(&AUTO_SYNC, false)
    }

    /// [`SECRET_SCAN`]; default true.
    ///
    /// # Errors
    /// [`Error::Config`] for a non-boolean value.
    pub fn secret_scan(&self) -> Result<bool> {
        self.boolean(&SECRET_SCAN, true)
    }

    /// The colour setting from [`COLOR_CHECKPOINT`], else [`COLOR_UI`], else `auto`.
    /// Values as git's colour booleans: `always`, `never`, `auto`; `true` means auto and
    /// `false` never (git-config(1), color.ui).
    ///
    /// # Errors
    /// [`Error::Config`] naming the key for any other value.
    pub fn color(&self) -> Result<ColorChoice> {
        for key in [&COLOR_CHECKPOINT, &COLOR_UI] {
            if let Some(v) = self.string(key) {
                return parse_colorbool(&v).ok_or_else(|| Error::Config {
                    key: key.name.into(),
                    value: v,
                    reason: "expected always, never, auto, true or false".into(),
                });
            }
        }
        // A bare `[color] ui` line (no value) is true, hence auto.
        Ok(ColorChoice::Auto)
    }

    /// [`COLOR_PAGER`]; default true.
    ///
    /// # Errors
    /// [`Error::Config`] for a non-boolean value.
    pub fn color_pager(&self) -> Result<bool> {
        self.boolean(&COLOR_PAGER, true)
    }

    /// [`PAGER_CHECKPOINT`] as a switch: false turns paging off. A string value names a
    /// pager command, as git's `pager.<cmd>` does, and is returned as `Some`.
    ///
    /// # Errors
    /// None today; kept fallible for symmetry with the other getters.
    pub fn pager_checkpoint(&self) -> Result<(bool, Option<String>)> {
        match self.string(&PAGER_CHECKPOINT) {
            None => Ok((true, None)),
            Some(v) => match parse_bool(&v) {
                Some(b) => Ok((b, None)),
                None => Ok((true, Some(v))),
            },
        }
    }

    /// [`CORE_PAGER`], if set.
    pub fn core_pager(&self) -> Option<String> {
        self.string(&CORE_PAGER)
    }
}

/// Parses a duration: one or more `<number><unit>` with units s, m, h, d, w (a bare number is
/// seconds). Returns seconds.
pub fn parse_duration(s: &str) -> Option<i64> {
    let s = s.trim().to_lowercase();
    if s.is_empty() {
        return None;
    }
    if let Ok(n) = s.parse::<i64>() {
        return (n >= 0).then_some(n);
    }
    let mut total: i64 = 0;
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            'w' => 604_800,
            _ => return None,
        };
        let n: i64 = num.parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
        num.clear();
    }
    num.is_empty().then_some(total)
}

/// The `git -c` settings git passes to the commands it runs, from `GIT_CONFIG_PARAMETERS`.
fn command_line_overrides() -> Vec<(String, Option<String>)> {
    std::env::var("GIT_CONFIG_PARAMETERS")
        .map(|p| parse_config_parameters(&p))
        .unwrap_or_default()
}

/// Parses `GIT_CONFIG_PARAMETERS` as git writes it (config.c, `git_config_push_parameter`):
/// single-quoted words (`'` inside written as `'\''`) separated by spaces, each either
/// `'key=value'` (older git) or `'key'='value'` (git 2.31 and later), or `'key'` alone.
/// Keys are lowercased for lookup. Malformed input yields what parsed before it.
pub fn parse_config_parameters(text: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    // Reads one '...' word (with \' escapes between quoted runs); None at the end or on junk.
    let word = |chars: &mut std::iter::Peekable<std::str::Chars>| -> Option<String> {
        let mut w = String::new();
        if chars.next()? != '\'' {
            return None;
        }
        loop {
            match chars.next()? {
                '\'' => {
                    if chars.peek() == Some(&'\\') {
                        chars.next();
                        chars.next(); // the escaped quote
                        w.push('\'');
                        if chars.next()? != '\'' {
                            return None;
                        }
                    } else {
                        return Some(w);
                    }
                }
                c => w.push(c),
            }
        }
    };
    loop {
        while chars.peek() == Some(&' ') {
            chars.next();
        }
        if chars.peek().is_none() {
            break;
        }
        let Some(first) = word(&mut chars) else {
            break;
        };
        if chars.peek() == Some(&'=') {
            chars.next();
            let Some(value) = word(&mut chars) else {
                break;
            };
            out.push((first.to_ascii_lowercase(), Some(value)));
        } else {
            match first.split_once('=') {
                Some((k, v)) => out.push((k.to_ascii_lowercase(), Some(v.to_string()))),
                None => out.push((first.to_ascii_lowercase(), None)),
            }
        }
    }
    out
}

/// git's boolean spellings (git-config(1), "boolean"); `None` for anything else.
pub fn parse_bool(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" | "" => Some(true),
        "false" | "no" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// git's colour booleans (`git_config_colorbool`): `never`, `always`, `auto`, or a boolean
/// where true means auto.
pub fn parse_colorbool(v: &str) -> Option<ColorChoice> {
    match v.trim().to_ascii_lowercase().as_str() {
        "never" => Some(ColorChoice::Never),
        "always" => Some(ColorChoice::Always),
        "auto" => Some(ColorChoice::Auto),
        other => parse_bool(other).map(|b| {
            if b {
                ColorChoice::Auto
            } else {
                ColorChoice::Never
            }
        }),
    }
}

/// Parses `1048576`, `512k`, `2m`, `1g` (git's integer suffixes, powers of 1024, as
/// git-config(1) reads integers).
pub(crate) fn parse_size(s: &str) -> Option<u64> {
    let s = s.trim().to_lowercase();
    let (num, mult) = match s.chars().last()? {
        'k' => (&s[..s.len() - 1], 1024),
        'm' => (&s[..s.len() - 1], 1024 * 1024),
        'g' => (&s[..s.len() - 1], 1024 * 1024 * 1024),
        _ => (s.as_str(), 1),
    };
    num.parse::<u64>().ok()?.checked_mul(mult)
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes() {
        assert_eq!(super::parse_size("512k"), Some(512 * 1024));
        assert_eq!(super::parse_size("2M"), Some(2 * 1024 * 1024));
        assert_eq!(super::parse_size("10"), Some(10));
        assert_eq!(super::parse_size("x"), None);
    }

    use super::*;

    #[test]
    fn colorbools_follow_git() {
        assert_eq!(parse_colorbool("true"), Some(ColorChoice::Auto));
        assert_eq!(parse_colorbool("false"), Some(ColorChoice::Never));
        assert_eq!(parse_colorbool("Always"), Some(ColorChoice::Always));
        assert_eq!(parse_colorbool("auto"), Some(ColorChoice::Auto));
        assert_eq!(parse_colorbool("sometimes"), None);
    }

    #[test]
    fn empty_config_gives_defaults() {
        let c = Config::default();
        assert_eq!(c.max_size().unwrap(), DEFAULT_MAX_SIZE);
        assert_eq!(c.template(), "pair");
        assert_eq!(c.remote(), "origin");
        assert!(!c.auto_sync().unwrap());
        assert_eq!(c.color().unwrap(), ColorChoice::Auto);
        assert!(c.color_pager().unwrap());
        assert_eq!(c.pager_checkpoint().unwrap(), (true, None));
    }

    #[test]
    fn the_read_cap_is_never_below_the_write_cap() {
        let parse = |text: &str| Config {
            file: Some(std::rc::Rc::new(text.parse::<gix::config::File>().unwrap())),
            overrides: Vec::new(),
        };
        let c = parse("[checkpoint]\n\tmaxReadSize = 2m\n");
        assert_eq!(c.max_read_size().unwrap(), 2 << 20);
        let c = parse("[checkpoint]\n\tmaxReadSize = 1k\n\tmaxSize = 3m\n");
        assert_eq!(c.max_read_size().unwrap(), 3 << 20);
        assert!(parse("[checkpoint]\n\tmaxReadSize = lots\n")
            .max_read_size()
            .is_err());
    }

    #[test]
    fn values_are_read_and_checked() {
        let file: gix::config::File =
            "[checkpoint]\n\tmaxSize = 2k\n\tautoSync = yes\n\tremote = up\n[color]\n\tui = never\n\tcheckpoint = always\n[pager]\n\tcheckpoint = false\n"
                .parse()
                .unwrap();
        let c = Config {
            file: Some(std::rc::Rc::new(file)),
            overrides: Vec::new(),
        };
        assert_eq!(c.max_size().unwrap(), 2048);
        assert_eq!(c.max_read_size().unwrap(), DEFAULT_MAX_READ_SIZE);
        assert!(c.auto_sync().unwrap());
        assert_eq!(c.remote(), "up");
        assert_eq!(c.color().unwrap(), ColorChoice::Always);
        assert_eq!(c.pager_checkpoint().unwrap(), (false, None));
        let bad: gix::config::File = "[color]\n\tui = purple\n".parse().unwrap();
        let err = Config {
            file: Some(std::rc::Rc::new(bad)),
            overrides: Vec::new(),
        }
        .color()
        .unwrap_err()
        .to_string();
        assert!(err.contains("color.ui") && err.contains("purple"), "{err}");
    }

    #[test]
    fn git_c_parameters_parse_in_both_formats() {
        let p = parse_config_parameters(
            "'color.ui'='always' 'Pager.Checkpoint=false' 'x.y' 'a.b'='it'\\''s'",
        );
        assert_eq!(
            p,
            vec![
                ("color.ui".into(), Some("always".into())),
                ("pager.checkpoint".into(), Some("false".into())),
                ("x.y".into(), None),
                ("a.b".into(), Some("it's".into())),
            ]
        );
        let c = Config {
            file: None,
            overrides: p,
        };
        assert_eq!(c.color().unwrap(), ColorChoice::Always);
        assert_eq!(c.pager_checkpoint().unwrap(), (false, None));
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90"), Some(90));
        assert_eq!(parse_duration("30m"), Some(1800));
        assert_eq!(parse_duration("1h30m"), Some(5400));
        assert_eq!(parse_duration("2d"), Some(172_800));
        assert_eq!(parse_duration("1w"), Some(604_800));
        assert_eq!(parse_duration("5x"), None);
        assert_eq!(parse_duration("m"), None);
        assert_eq!(parse_duration("10"), Some(10));
        assert_eq!(parse_duration("99999999999999999999w"), None);
    }
}
