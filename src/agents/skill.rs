//! The skill we ship (`agents/SKILL.md`, embedded in the binary) and the text of each agent's
//! instruction file that carries it.
//!
//! This module owns the text only; where the file is and how it is written is
//! [`super::settings`]. It must not read or write files.
//!
//! - Claude Code loads skills from `skills/<name>/SKILL.md` (front matter `name`,
//!   `description`): the file is ours, written whole.
//! - Cursor loads rules from `.cursor/rules/*.mdc` (front matter `description`, `globs`,
//!   `alwaysApply`): the file is ours, with `alwaysApply: true`.
//! - Codex reads `AGENTS.md` and Gemini CLI `GEMINI.md` (its default `context.fileName`), files
//!   the user also writes: ours is a section between [`BEGIN`] and [`END`], replaced in place
//!   on reinstall and cut on uninstall, the rest of the file kept byte for byte. A file install
//!   created for the section says so inside it ([`CREATED`]); uninstall removes only such a
//!   file, and leaves one the user made (even empty) as it was before.
//!
//! Uninstall removes a whole file only when it is what install writes: one the user edited is
//! theirs now and stays.

use super::install::State;
use super::Agent;

/// `agents/SKILL.md`: front matter (`name`, `description`) and the instructions.
pub const SKILL: &str = include_str!("../../agents/SKILL.md");

/// The line that opens our section in `AGENTS.md` / `GEMINI.md`.
pub const BEGIN: &str = "<!-- git-checkpoint:begin -->";
/// The line that closes it.
pub const END: &str = "<!-- git-checkpoint:end -->";

/// What our section's comment says when install created the file for it: uninstall removes
/// the file only then (when nothing else is left in it).
pub const CREATED: &str = "install created this file";

/// The skill's front matter value `key` (one line), or "".
fn front(key: &str) -> &'static str {
    SKILL
        .lines()
        .skip(1)
        .take_while(|l| *l != "---")
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(": ")))
        .unwrap_or("")
}

/// The skill without its front matter.
pub fn body() -> &'static str {
    SKILL
        .strip_prefix("---\n")
        .and_then(|r| r.split_once("\n---\n"))
        .map_or(SKILL, |(_, b)| b.trim_start_matches('\n'))
}

/// Whether the agent's file is ours whole (Claude Code, Cursor) rather than a section in a
/// file the user shares with us (Codex, Gemini CLI).
pub fn whole_file(agent: Agent) -> bool {
    matches!(agent, Agent::Claude | Agent::Cursor)
}

/// Our section: the markers around the body, its headings one level down (it sits inside the
/// user's document), ending with a newline. With `created`, its comment says install created
/// the file ([`CREATED`]).
pub fn section(created: bool) -> String {
    let whose = if created {
        format!(" ({CREATED}: uninstall removes it when nothing else is in it)")
    } else {
        String::new()
    };
    let mut out = format!(
        "{BEGIN}\n<!-- Written by `git-checkpoint agent install`{whose}; replaced on reinstall, \
         removed by `git-checkpoint agent uninstall`. Edit outside the markers. -->\n"
    );
    let mut fenced = false;
    for line in body().lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && line.starts_with('#') {
            out.push('#');
        }
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(END);
    out.push('\n');
    out
}

/// The whole file for [`whole_file`] agents.
fn file(agent: Agent) -> String {
    match agent {
        Agent::Cursor => format!(
            "---\ndescription: {}\nglobs:\nalwaysApply: true\n---\n\n{}",
            front("description"),
            body()
        ),
        _ => SKILL.to_string(),
    }
}

/// Where our section is in `text`: the byte range from the start of the [`BEGIN`] line to the
/// end of the [`END`] line (its newline included).
fn find(text: &str) -> Option<std::ops::Range<usize>> {
    let start = text
        .match_indices(BEGIN)
        .map(|(i, _)| i)
        .find(|&i| i == 0 || text[..i].ends_with('\n'))?;
    let end_at = start + text[start..].find(END)?;
    let mut end = end_at + END.len();
    if text[end..].starts_with('\n') {
        end += 1;
    }
    Some(start..end)
}

/// Whether our section in `text` (the range [`find`] returns) says install created the file.
fn created(text: &str, r: &std::ops::Range<usize>) -> bool {
    text[r.clone()].contains(CREATED)
}

/// The agent's instruction file with our skill in it, from `existing` (`None`: no file): the
/// whole file for Claude Code and Cursor; for Codex and Gemini CLI our section replaced in
/// place (keeping whether install created the file), or appended after a blank line (a new
/// file's section says install created it).
pub fn installed(agent: Agent, existing: Option<&str>) -> String {
    if whole_file(agent) {
        return file(agent);
    }
    let Some(text) = existing else {
        return section(true);
    };
    if let Some(r) = find(text) {
        let ours = section(created(text, &r));
        return format!("{}{ours}{}", &text[..r.start], &text[r.end..]);
    }
    if text.is_empty() {
        return section(false);
    }
    // One blank line before ours, always added (never taken from the user's text), so that
    // `removed` takes back exactly what was added.
    let sep = if text.ends_with('\n') { "\n" } else { "\n\n" };
    format!("{text}{sep}{}", section(false))
}

/// What is left of `existing` without our skill: `None` when the file should go (ours whole
/// and as install writes it, or nothing but our section in a file install created), else the
/// text with our section and the blank line we put before it cut. `Some(existing)` unchanged
/// when nothing of ours is in it, or when a whole file differs from what install writes (the
/// user edited it: theirs now, see [`edited`]).
pub fn removed(agent: Agent, existing: &str) -> Option<String> {
    if whole_file(agent) {
        return (existing != file(agent)).then(|| existing.to_string());
    }
    let Some(r) = find(existing) else {
        return Some(existing.to_string());
    };
    let mut before = &existing[..r.start];
    if before.ends_with("\n\n") {
        before = &before[..before.len() - 1];
    }
    let rest = format!("{before}{}", &existing[r.end..]);
    if rest.trim().is_empty() && created(existing, &r) {
        None
    } else {
        Some(rest)
    }
}

/// Whether `existing`, the agent's whole skill file, differs from what install writes: edited
/// by the user (or written by another version), so [`removed`] keeps it.
pub fn edited(agent: Agent, existing: &str) -> bool {
    whole_file(agent) && existing != file(agent)
}

/// Whether our skill is in `existing`, current or from another version.
pub fn state(agent: Agent, existing: Option<&str>) -> State {
    let Some(text) = existing else {
        return State::Missing;
    };
    if installed(agent, Some(text)) == text {
        State::Installed
    } else if whole_file(agent) || find(text).is_some() {
        State::Stale
    } else {
        State::Missing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skill_tells_the_model_to_set_next_and_resume() {
        assert!(SKILL.starts_with("---\nname: git-checkpoint\n"));
        assert!(!front("description").is_empty());
        for must in [
            "--done T<n> --next",
            "ALWAYS give `--next`",
            "git-checkpoint resume",
            "Never invent",
        ] {
            assert!(SKILL.contains(must), "SKILL.md lacks {must:?}");
        }
        assert!(!body().starts_with("---"));
        let mdc = installed(Agent::Cursor, None);
        assert!(
            mdc.starts_with("---\ndescription: Save and resume"),
            "{mdc}"
        );
        assert!(
            mdc.contains("\nalwaysApply: true\n---\n\n# Checkpoints"),
            "{mdc}"
        );
    }

    #[test]
    fn the_section_is_replaced_in_place_and_cut_leaving_the_rest() {
        let user = "# My project\n\nRun `make test`.\n";
        let once = installed(Agent::Codex, Some(user));
        assert!(once.starts_with(user), "{once}");
        assert!(
            once.contains("\n## Checkpoints with"),
            "headings demoted: {once}"
        );
        assert_eq!(state(Agent::Codex, Some(&once)), State::Installed);
        let edited = once.replace("Record decisions", "Record OLD decisions") + "\nMore of mine.\n";
        assert_eq!(state(Agent::Codex, Some(&edited)), State::Stale);
        let again = installed(Agent::Codex, Some(&edited));
        assert_eq!(again, format!("{once}\nMore of mine.\n"));
        assert_eq!(
            removed(Agent::Codex, &again).unwrap(),
            format!("{user}\nMore of mine.\n")
        );
        assert_eq!(removed(Agent::Codex, &once).unwrap(), user);
        assert_eq!(
            removed(Agent::Gemini, &installed(Agent::Gemini, None)),
            None
        );
        // A file the user made, even empty, stays as it was.
        for user in ["", "\n", "  \n\n"] {
            let with = installed(Agent::Gemini, Some(user));
            assert_eq!(installed(Agent::Gemini, Some(&with)), with, "{user:?}");
            assert_eq!(removed(Agent::Gemini, &with).as_deref(), Some(user));
        }
        let created = installed(Agent::Codex, None);
        assert!(created.contains(CREATED), "{created}");
        assert_eq!(
            installed(Agent::Codex, Some(&created)),
            created,
            "kept on reinstall"
        );
        assert_eq!(state(Agent::Codex, Some(&created)), State::Installed);
        assert_eq!(removed(Agent::Gemini, user).unwrap(), user);
        assert_eq!(state(Agent::Gemini, Some(user)), State::Missing);
        let no_newline = installed(Agent::Gemini, Some("x"));
        assert_eq!(removed(Agent::Gemini, &no_newline).unwrap(), "x\n");
    }
}
