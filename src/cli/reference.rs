//! The reference tables: configuration keys ([`git_checkpoint::config::KEYS`]), environment
//! variables ([`ENVIRONMENT`]) and exit codes ([`EXIT_CODES`]), each written once here and
//! rendered into `--help` ([`long_help`]), the man page (`generate.rs`) and the README (a test
//! fails when the README's tables differ from [`readme_tables`]). Nothing else lists them.

use git_checkpoint::config::KEYS;
use git_checkpoint::ErrorKind;

/// An environment variable (or a group read together) and what it does.
pub struct Var {
    /// The names, comma-separated, as the user sets them.
    pub name: &'static str,
    /// What it changes, one or two sentences.
    pub meaning: &'static str,
}

/// Environment variables git-checkpoint reads or sets, in the order the documentation lists
/// them.
pub const ENVIRONMENT: &[Var] = &[
    Var {
        name: "GIT_CHECKPOINT_STORY",
        meaning: "Story to use when none is given on the command line.",
    },
    Var {
        name: "GIT_CHECKPOINT_SESSION, GIT_CHECKPOINT_AGENT",
        meaning: "The agent session (and agent) a command runs for, recorded in the claims it takes: a claim held by another session of the same person on the same host is someone else's. The agent hooks use the session of their payload.",
    },
    Var {
        name: "GIT_DIR, GIT_WORK_TREE",
        meaning: "Honoured as by git.",
    },
    Var {
        name: "NO_COLOR",
        meaning: "When set and not empty, no colour (unless --color=always).",
    },
    Var {
        name: "GIT_PAGER, PAGER",
        meaning: "The pager, in git's order: GIT_PAGER, pager.checkpoint (a command), core.pager, PAGER, less. \"cat\" or empty means no pager. git --no-pager checkpoint exports GIT_PAGER=cat.",
    },
    Var {
        name: "LESS, LV",
        meaning: "Set to FRX and -c for the pager when unset, as git does.",
    },
    Var {
        name: "GIT_PAGER_IN_USE",
        meaning: "Set to true by git when it pipes our output into its pager (pager.checkpoint=true): no second pager is started and --color=auto colours as on a terminal (if color.pager). Exported to the pager we start.",
    },
    Var {
        name: "GIT_EDITOR, VISUAL, EDITOR",
        meaning: "Editor for save --edit, in git's order with core.editor after GIT_EDITOR.",
    },
    Var {
        name: "MANPATH",
        meaning: "Where man looks for pages; install-man warns when its directory is not searched.",
    },
    Var {
        name: "HOME, XDG_DATA_HOME",
        meaning: "install-man's fallback directory is $XDG_DATA_HOME/man, else ~/.local/share/man; agent install --user writes under HOME.",
    },
    Var {
        name: "CLAUDE_CONFIG_DIR, CODEX_HOME",
        meaning: "Claude Code's and Codex's user directories (default ~/.claude, ~/.codex): agent install, uninstall and status --user use them.",
    },
];

/// An exit code and when the process ends with it.
pub struct Exit {
    /// The code.
    pub code: i32,
    /// A short name for it, as the README and the man page show it.
    pub name: &'static str,
    /// When, one sentence.
    pub meaning: &'static str,
    /// The kinds of library error that end the process with this code (see [`code_for`]).
    pub kinds: &'static [ErrorKind],
}

/// Every exit code, in order. `main` maps a library error to its code through this table
/// ([`code_for`]); clap's own usage errors exit 2 as well.
pub const EXIT_CODES: &[Exit] = &[
    Exit {
        code: 0,
        name: "success",
        meaning: "The command did what was asked (also when the reader of our output closes the pipe).",
        kinds: &[],
    },
    Exit {
        code: 1,
        name: "failure",
        meaning: "The command failed: one line on stderr naming the input and the fix; nothing was written. status: the checkpoint is stale or missing.",
        kinds: &[ErrorKind::Failure],
    },
    Exit {
        code: 2,
        name: "usage",
        meaning: "The input was wrong: an unknown option or a missing value, or input refused before anything is read or written (an invalid story id, on the command line or in GIT_CHECKPOINT_STORY; no story given or detected; options that cannot be combined; an option value out of range; an unknown command).",
        kinds: &[ErrorKind::Usage],
    },
    Exit {
        code: super::commands::EXIT_NEEDS_CONFIRMATION,
        name: "needs confirmation",
        meaning: "resume --strict: the checkpoint parsed with confidence below high.",
        kinds: &[],
    },
    Exit {
        code: 4,
        name: "held",
        meaning: "The story is claimed by someone else (claim, release, handoff, save, done): one line on stderr names the holder (name <email>, agent and session, host) and the expiry, and the fix (wait for the expiry, or --force); nothing was written.",
        kinds: &[ErrorKind::Held],
    },
];

/// The exit code for a library error of `kind`: the row of [`EXIT_CODES`] that lists it
/// (every kind is listed once; a test checks it).
pub fn code_for(kind: ErrorKind) -> i32 {
    EXIT_CODES
        .iter()
        .find(|e| e.kinds.contains(&kind))
        .map_or(1, |e| e.code)
}

/// Storage and story ids, for `--help` (docs/FORMAT.md is the specification).
const STORAGE: &str = "\
Storage (format 1, see docs/FORMAT.md):
  refs/checkpoints/<story>          active checkpoint: a commit whose tree holds checkpoint.md and meta.json
  refs/checkpoints-archive/<story>  finished stories (`done`)
  refs/notes/checkpoints            one line per story on each code commit where one was saved
  refs/remotes/<remote>/checkpoints/<story>  a remote's checkpoints as last fetched
  refs/checkpoints-stack/default    suspended stories (`stack`)
  <git dir>/checkpoint/current      this worktree's current story (`start`)
  Each save is a commit whose parent is the previous tip; its message ends with Checkpoint-* trailers.

Story ids: ASCII letters, digits, '-', '_', '.'; a leading '#' is dropped and the ref name is
lowercased, so #ABC-12 and abc-12 are one story, shown as typed (ABC-12). '/' is not allowed.";

/// Width `--help` lays its tables out in (the CLI's `max_term_width`).
const WIDTH: usize = 100;

/// Lines of `name  text`, the text wrapped at [`WIDTH`] under its own column.
fn aligned(rows: &[(String, String)]) -> String {
    let name_width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let indent = 2 + name_width + 2;
    let mut out = String::new();
    for (name, text) in rows {
        let mut line = format!("  {name:<name_width$}  ");
        let mut room = WIDTH.saturating_sub(indent);
        let mut first = true;
        for word in text.split_whitespace() {
            if !first && word.len() + 1 > room {
                out.push_str(line.trim_end());
                out.push('\n');
                line = " ".repeat(indent);
                room = WIDTH.saturating_sub(indent);
                first = true;
            }
            if !first {
                line.push(' ');
                room = room.saturating_sub(1);
            }
            line.push_str(word);
            room = room.saturating_sub(word.len());
            first = false;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The text after `--help`'s option list: storage, story ids, then the configuration keys,
/// environment variables and exit codes from their tables.
pub fn long_help() -> String {
    let keys: Vec<(String, String)> = KEYS
        .iter()
        .map(|k| {
            (
                k.name.to_string(),
                format!("{} (default: {})", k.meaning, k.default),
            )
        })
        .collect();
    let vars: Vec<(String, String)> = ENVIRONMENT
        .iter()
        .map(|v| (v.name.to_string(), v.meaning.to_string()))
        .collect();
    let codes: Vec<(String, String)> = EXIT_CODES
        .iter()
        .map(|e| (e.code.to_string(), format!("{}: {}", e.name, e.meaning)))
        .collect();
    format!(
        "{STORAGE}\n\nConfiguration (git config; the command line wins):\n{}\nEnvironment:\n{}\nExit codes:\n{}",
        aligned(&keys),
        aligned(&vars),
        aligned(&codes).trim_end()
    )
}

/// A Markdown table cell: `|` escaped (GFM tables), no line breaks.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Each comma-separated name in backticks: `` `GIT_PAGER`, `PAGER` ``.
fn code_names(names: &str) -> String {
    names
        .split(", ")
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where the README holds [`readme_tables`]: between these two lines.
pub const README_MARKERS: (&str, &str) = (
    "<!-- reference tables: generated by `cargo run -- generate-docs .` -->\n",
    "<!-- end of reference tables -->\n",
);

/// The README's three reference tables (configuration, environment, exit codes) as Markdown.
pub fn readme_tables() -> String {
    let mut out = String::from("| key | default | meaning |\n| --- | --- | --- |\n");
    for k in KEYS {
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            k.name,
            cell(k.default),
            cell(k.meaning)
        ));
    }
    out.push_str("\n| environment | meaning |\n| --- | --- |\n");
    for v in ENVIRONMENT {
        out.push_str(&format!(
            "| {} | {} |\n",
            code_names(v.name),
            cell(v.meaning)
        ));
    }
    out.push_str("\n| exit code | name | meaning |\n| --- | --- | --- |\n");
    for e in EXIT_CODES {
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            e.code,
            e.name,
            cell(e.meaning)
        ));
    }
    out
}

/// `readme` with the text between [`README_MARKERS`] replaced by [`readme_tables`]; `None`
/// when the markers are missing.
pub fn with_readme_tables(readme: &str) -> Option<String> {
    let (open, close) = README_MARKERS;
    let start = readme.find(open)? + open.len();
    let end = start + readme[start..].find(close)?;
    Some(format!(
        "{}{}{}",
        &readme[..start],
        readme_tables(),
        &readme[end..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_every_row_within_the_width() {
        let help = long_help();
        for k in KEYS {
            assert!(help.contains(k.name), "{}", k.name);
        }
        for v in ENVIRONMENT {
            assert!(help.contains(v.name), "{}", v.name);
        }
        let tables = &help[help.find("Configuration").unwrap()..];
        for line in tables.lines() {
            assert!(line.len() <= WIDTH, "{line:?}");
        }
    }

    #[test]
    fn every_error_kind_has_exactly_one_code() {
        for kind in [ErrorKind::Usage, ErrorKind::Failure] {
            let rows: Vec<i32> = EXIT_CODES
                .iter()
                .filter(|e| e.kinds.contains(&kind))
                .map(|e| e.code)
                .collect();
            assert_eq!(rows.len(), 1, "{kind:?} is in rows {rows:?}");
        }
        assert_eq!(code_for(ErrorKind::Failure), 1);
        assert_eq!(code_for(ErrorKind::Usage), 2);
    }

    #[test]
    fn the_readme_holds_the_tables() {
        let readme = include_str!("../../README.md");
        let want = with_readme_tables(readme).expect("README.md has the reference-table markers");
        assert!(
            want == readme,
            "README.md's reference tables are stale: run `cargo run -- generate-docs .`; they are:\n{}",
            readme_tables()
        );
    }

    #[test]
    fn long_text_wraps_under_its_column() {
        let t = aligned(&[("ab".into(), "word ".repeat(40)), ("c".into(), "x".into())]);
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines.len() > 2, "{t}");
        assert!(lines[0].starts_with("  ab  word"));
        assert!(lines[1].starts_with("      word"), "{t}");
        assert_eq!(*lines.last().unwrap(), "  c   x");
    }
}
