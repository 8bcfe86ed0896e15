//! The README's "Working as a team" walk-through, run as written: its `sh` blocks, in order, in
//! one bash in an empty directory of a sandbox (the built binary on PATH, HOME and the global
//! config the sandbox's, no identity in the environment: each clone sets its own). Every
//! command must exit 0 (or the `# exits N` its line says), and every `# ...` line under a
//! command must match a line of what that command printed, so the README and the product
//! cannot drift apart.

use crate::common::Sandbox;
use std::path::Path;
use std::time::Duration;

/// One command of the walk-through: its text as written, the exit code it must end with, and
/// the lines of its output (stdout and stderr together) the README shows under it.
#[derive(Debug)]
struct Step {
    command: String,
    exit: i32,
    shown: Vec<String>,
}

/// The `sh` blocks of the README section headed `## Working as a team`, in order, as steps: a
/// line not starting with `#` is a command (a trailing `\` joins the next line); a line
/// `# text` under it is a line of its output, where `...` stands for text left out.
fn walkthrough() -> Vec<Step> {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start = readme
        .find("\n## Working as a team\n")
        .expect("the README has a section `## Working as a team`");
    let section = &readme[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    let mut steps: Vec<Step> = Vec::new();
    let mut in_block = false;
    let mut pending = String::new();
    for line in section.lines() {
        if !in_block {
            in_block = line == "```sh";
            continue;
        }
        if line == "```" {
            in_block = false;
            continue;
        }
        if let Some(shown) = line.strip_prefix("# ") {
            let step = steps.last_mut().expect("an output line follows a command");
            step.shown.push(shown.to_string());
            continue;
        }
        if let Some(head) = line.strip_suffix('\\') {
            pending.push_str(head);
            continue;
        }
        let command = std::mem::take(&mut pending) + line;
        let exit = command.split_once("# exits ").map_or(0, |(_, n)| {
            n.trim().parse().expect("`# exits N` names a code")
        });
        steps.push(Step {
            command,
            exit,
            shown: Vec::new(),
        });
    }
    assert!(!in_block, "a block of the section is not closed");
    steps
}

/// Whether `line` holds the pieces of `shown` (split at `...`) in order.
fn matches(shown: &str, line: &str) -> bool {
    let mut rest = line;
    for piece in shown.split("...") {
        match rest.find(piece) {
            Some(i) => rest = &rest[i + piece.len()..],
            None => return false,
        }
    }
    true
}

/// The script bash runs: each command as written, between markers (a unit separator, the
/// step's number, then its exit code) that split the combined output by command.
fn script(steps: &[Step]) -> String {
    let mut s = String::from("exec 2>&1\n");
    for (i, step) in steps.iter().enumerate() {
        s.push_str(&format!("printf '\\037%d\\n' {i}\n"));
        s.push_str(&step.command);
        s.push_str("\nprintf '\\n\\037rc %d\\n' \"$?\"\n");
    }
    s
}

#[test]
fn readme_team_walkthrough_runs_as_written_and_prints_what_it_shows() {
    let steps = walkthrough();
    assert!(
        steps.len() >= 20 && steps.iter().any(|s| !s.shown.is_empty()),
        "the walk-through: {steps:#?}"
    );
    let sb = Sandbox::new();
    let dir = sb.path("team");
    std::fs::create_dir_all(&dir).unwrap();
    let script_path = sb.file("walkthrough.sh", script(&steps).as_bytes());
    let mut cmd = sb.with_bin_on_path("bash", &dir);
    cmd.args(["--norc", "--noprofile"])
        .arg(&script_path)
        // Each clone sets its own identity, as a reader's would have one.
        .env_remove("GIT_AUTHOR_NAME")
        .env_remove("GIT_AUTHOR_EMAIL")
        .env_remove("GIT_COMMITTER_NAME")
        .env_remove("GIT_COMMITTER_EMAIL");
    let run = sb.run_in_group(cmd, "walkthrough", Duration::from_secs(180));
    assert!(
        run.status.is_some_and(|s| s.success()),
        "the walk-through did not finish ({:?}): {}{}",
        run.status,
        run.stdout,
        run.stderr
    );
    // Chunk i: "<i>\n<output>\n\x1frc <code>\n".
    let chunks: Vec<&str> = run.stdout.split('\x1f').skip(1).collect();
    assert_eq!(
        chunks.len(),
        2 * steps.len(),
        "every command ran: {}",
        run.stdout
    );
    for (i, step) in steps.iter().enumerate() {
        let output = chunks[2 * i]
            .split_once('\n')
            .map_or("", |(_, rest)| rest)
            .trim_end_matches('\n');
        let code: i32 = chunks[2 * i + 1]
            .trim()
            .strip_prefix("rc ")
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no exit code for {:?}", step.command));
        assert_eq!(
            code, step.exit,
            "`{}` exited {code}, the README says {}:\n{output}",
            step.command, step.exit
        );
        for shown in &step.shown {
            assert!(
                output.lines().any(|l| matches(shown, l)),
                "`{}`: the README shows\n  {shown}\nbut it printed:\n{output}",
                step.command
            );
        }
    }
    // What the walk-through leaves on the remote: only the archive of the finished story.
    let refs = sb.git(
        &dir.join("team.git"),
        &["for-each-ref", "--format=%(refname)"],
    );
    assert!(
        refs.contains("refs/checkpoints-archive/42") && !refs.contains("refs/checkpoints/42"),
        "{refs}"
    );
}

#[test]
fn an_output_line_matches_with_its_elisions_in_order() {
    assert!(matches(
        "merged ... refs/checkpoints/42 ...",
        "merged       refs/checkpoints/42   abc"
    ));
    assert!(!matches(
        "  refs/checkpoints/42 ...",
        "= refs/checkpoints/42   [up to date]"
    ));
    assert!(!matches("b ... a", "a b"));
}
