//! Fitting the git ecosystem: completion under git's own bash completion, man
//! pages found by `git help`, config, colour and the pager, agent hooks, PR bodies.
//! Everything runs the real binary, real git, real bash and real man.

use crate::common::{assert_contains_all, bin, sh_quote, Sandbox, CP_MD, SEED_313};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `line` (a shell command line) on a pseudo-terminal via script(1), with the sandbox
/// environment plus `env`, and returns what the terminal received.
/// The terminal is an `xterm`; its `\r\n` line ends come back as `\n`.
fn tty(sb: &Sandbox, dir: &Path, line: &str, env: &[(&str, &str)]) -> String {
    let env = [&[("TERM", "xterm")], env].concat();
    String::from_utf8_lossy(&sb.on_terminal(dir, line, &env)).replace("\r\n", "\n")
}

/// A repo with a two-revision checkpoint `auth`.
fn repo_with_checkpoint(sb: &Sandbox) -> PathBuf {
    let repo = sb.repo("r");
    let cp = sb.file("cp.md", CP_MD.as_bytes());
    sb.ok(
        &repo,
        &["save", "auth", "-F", cp.to_str().unwrap(), "-m", "first"],
    );
    sb.ok(&repo, &["save", "auth", "--done", "c", "--decision", "d2"]);
    repo
}

// ---------------------------------------------------------------------------------------------
// Completion

/// Where git's own bash completion script lives on this machine (Debian's git package, or
/// git's contrib tree). `.ci/run` installs it when missing; tests never install anything.
fn git_bash_completion() -> PathBuf {
    let mut candidates = vec![
        PathBuf::from("/usr/share/bash-completion/completions/git"),
        PathBuf::from("/usr/share/git-core/contrib/completion/git-completion.bash"),
        PathBuf::from("/usr/local/share/git-core/contrib/completion/git-completion.bash"),
        PathBuf::from("/etc/bash_completion.d/git"),
    ];
    if let Ok(out) = Command::new("git").arg("--exec-path").output() {
        let exec = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        candidates.push(exec.join("../../share/git-core/contrib/completion/git-completion.bash"));
    }
    candidates
        .into_iter()
        .find(|p| p.is_file())
        .expect("git's bash completion script (git-completion.bash) is not installed; .ci/run installs it (apt-get install git)")
}

#[test]
fn bash_completes_git_checkpoint_through_gits_own_completion() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "313", "--todo", "t"]);
    sb.ok(&repo, &["save", "auth-flow", "--todo", "t"]);
    sb.git(
        &repo,
        &["remote", "add", "origin", "/nonexistent/remote.git"],
    );
    sb.git(
        &repo,
        &["config", "checkpoint.mine.sections", "Summary, Risks"],
    );
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions/git-checkpoint.bash");
    let script = format!(
        r#"
source {git}
source {ours}
# Simulate readline: split the line into COMP_WORDS and call the registered function the way
# bash's programmable completion does (`complete -p` names it).
comp() {{
    local line="$1"
    COMP_LINE="$line"; COMP_POINT=${{#line}}
    read -ra COMP_WORDS <<<"$line"
    [[ "$line" == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
    local fn
    fn=$(complete -p "${{COMP_WORDS[0]}}" | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
    COMPREPLY=()
    "$fn" "${{COMP_WORDS[0]}}" "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
    echo "$line|$(printf '%s,' "${{COMPREPLY[@]}}")"
}}
comp "git checkpoint sa"
comp "git checkpoint resume "
comp "git checkpoint show au"
comp "git checkpoint log --json 3"
comp "git-checkpoint diff 31"
comp "git-checkpoint "
comp "git checkpoint "
comp "git checkpoint --no"
comp "git checkpoint save --template "
comp "git checkpoint push "
comp "git checkpoint fetch o"
comp "git-checkpoint sync "
comp "git checkpoint list --remote "
comp "git checkpoint list --j"
"#,
        git = sh_quote(git_bash_completion().to_str().unwrap()),
        ours = sh_quote(ours.to_str().unwrap()),
    );
    let out = sb
        .with_bin_on_path("bash", &repo)
        .args(["--norc", "--noprofile", "-c", &script])
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reply = |line: &str| -> Vec<String> {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{line}|")))
            .unwrap_or_else(|| panic!("no completion for {line:?}: {text}"))
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.trim_end().to_string())
            .collect()
    };
    assert_eq!(reply("git checkpoint sa"), ["save"], "{text}");
    let resume = reply("git checkpoint resume ");
    assert!(resume.contains(&"313".to_string()), "{resume:?}");
    assert!(resume.contains(&"auth-flow".to_string()), "{resume:?}");
    assert_eq!(reply("git checkpoint show au"), ["auth-flow"], "{text}");
    assert_eq!(reply("git checkpoint log --json 3"), ["313"], "{text}");
    assert_eq!(reply("git-checkpoint diff 31"), ["313"], "{text}");
    assert!(reply("git-checkpoint ").contains(&"pr-body".to_string()));
    // Subcommands first, options after a '-'; the hidden generate-docs never.
    let top = reply("git checkpoint ");
    assert!(top.contains(&"save".to_string()), "{top:?}");
    assert!(
        !top.iter()
            .any(|w| w.starts_with('-') || w == "generate-docs"),
        "{top:?}"
    );
    assert_eq!(reply("git checkpoint --no"), ["--no-pager"], "{text}");
    assert_eq!(reply("git checkpoint list --j"), ["--json"], "{text}");
    // Values: template names (built-in and configured), remotes.
    assert_eq!(
        reply("git checkpoint save --template "),
        ["pair", "team", "pm", "gstack", "mine"],
        "{text}"
    );
    for line in [
        "git checkpoint push ",
        "git checkpoint fetch o",
        "git-checkpoint sync ",
        "git checkpoint list --remote ",
    ] {
        assert_eq!(reply(line), ["origin"], "{line}: {text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Man pages

/// Runs `program args` in `dir` with the sandbox's environment, `PATH` set to `path` and man
/// pages printed (`MANPAGER=cat`) 100 columns wide.
fn run_on_path(sb: &Sandbox, dir: &Path, path: &str, program: &str, args: &[&str]) -> Output {
    let mut cmd = Command::new(program);
    sb.env(&mut cmd);
    cmd.current_dir(dir)
        .args(args)
        .env("PATH", path)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "100")
        .output()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"))
}

/// Asserts that `git args` succeeded with a manual on stdout holding each of `wanted`.
fn assert_manual(out: &Output, args: &[&str], wanted: &[&str]) {
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "git {args:?}: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_contains_all(&text, wanted, &format!("git {args:?}"));
}

#[test]
fn install_man_in_a_clean_home_makes_git_help_show_our_page() {
    let (sb, repo) = Sandbox::with_repo();
    // What `cargo install` does: the binary in ~/.cargo/bin, on PATH.
    let cargo_bin = sb.path("home/.cargo/bin");
    std::fs::create_dir_all(&cargo_bin).unwrap();
    std::fs::copy(bin(), cargo_bin.join("git-checkpoint")).unwrap();
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", cargo_bin.display());
    let git = |args: &[&str]| run_on_path(&sb, &repo, &path, "git", args);
    let out = git(&["checkpoint", "install-man"]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stdout}{stderr}");
    let page = sb.path("home/.cargo/share/man/man1/git-checkpoint.1");
    assert!(page.is_file(), "{stdout}{stderr}");
    assert!(sb
        .path("home/.cargo/share/man/man1/git-checkpoint-save.1")
        .is_file());
    assert!(
        stdout.contains("`git help checkpoint` opens"),
        "man finds the page: {stdout}{stderr}"
    );
    for args in [&["help", "checkpoint"][..], &["checkpoint", "--help"][..]] {
        let out = git(args);
        assert_manual(
            &out,
            args,
            &[
                "git-checkpoint",
                "CONFIGURATION",
                "checkpoint.maxSize",
                "ENVIRONMENT",
                "GIT_PAGER",
                "EXIT STATUS",
                "STORAGE FORMAT",
                "Checkpoint-Format: 1",
                "JSON SCHEMA",
                "checkpoint.schema.json",
            ],
        );
    }
    // A subcommand page, as `git help checkpoint-save` would ask man.
    let out = Command::new("man")
        .args([
            "-l",
            page.with_file_name("git-checkpoint-save.1")
                .to_str()
                .unwrap(),
        ])
        .env("MANPAGER", "cat")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("--title"));
    // An explicit directory; a second run rewrites the same files.
    let dir = sb.path("mandir");
    sb.ok(&repo, &["install-man", dir.to_str().unwrap()]);
    sb.ok(&repo, &["install-man", dir.to_str().unwrap()]);
    assert_eq!(
        std::fs::read(dir.join("man1/git-checkpoint.1")).unwrap(),
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("man/git-checkpoint.1")).unwrap(),
        "install-man writes the committed pages"
    );
}

/// The README's first code block: the install-and-try line and the test line.
fn readme_first_block() -> Vec<String> {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start = readme.find("```sh\n").expect("README has a sh block") + "```sh\n".len();
    let len = readme[start..].find("```").expect("the block ends");
    readme[start..start + len]
        .lines()
        .map(str::to_string)
        .collect()
}

/// The README's first line on a fresh machine: only the binary's directory, git and man on
/// PATH, an empty HOME, no MANPATH. `cargo install` is stood in for by copying the built binary
/// where it puts it; the rest of the line runs as written. Then `git checkpoint --help`, which
/// git turns into `git help checkpoint`, must show our manual, under each `help.format` that
/// means man.
#[test]
fn readme_install_line_makes_git_checkpoint_help_open_the_manual() {
    let block = readme_first_block();
    assert_eq!(
        block.len(),
        2,
        "the README's first block is two commands: {block:?}"
    );
    assert_eq!(block[1], "cargo test --locked");
    let line = &block[0];
    assert!(line.starts_with("cargo install "), "{line}");
    let (sb, repo) = Sandbox::with_repo();
    let home = sb.path("home");
    let path = format!(
        "{}:/usr/local/bin:/usr/bin:/bin",
        home.join(".cargo/bin").display()
    );
    let script = format!(
        r#"cargo() {{ mkdir -p "$HOME/.cargo/bin" && cp {bin} "$HOME/.cargo/bin/git-checkpoint"; }}
{line}"#,
        bin = sh_quote(bin().to_str().unwrap()),
    );
    let run = |program: &str, args: &[&str]| run_on_path(&sb, &repo, &path, program, args);
    let out = run(
        "bash",
        &["--norc", "--noprofile", "-euo", "pipefail", "-c", &script],
    );
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "the README line failed: {stdout}{stderr}"
    );
    assert_eq!(stderr, "", "the README line prints no warning or hint");
    assert!(stdout.contains("CHECKPOINT RESUMED"), "{stdout}");
    for args in [
        &["checkpoint", "--help"][..],
        &["-c", "help.format=man", "checkpoint", "--help"][..],
        &["help", "-m", "checkpoint"][..],
    ] {
        let out = run("git", args);
        assert_manual(
            &out,
            args,
            &[
                "GIT-CHECKPOINT(1)",
                "Git Manual",
                "CONFIGURATION",
                "EXIT STATUS",
            ],
        );
    }
}

#[test]
fn install_man_names_an_unwritable_directory() {
    let (sb, repo) = Sandbox::with_repo();
    sb.file("blocker", b"a file, not a directory");
    let out = sb
        .cp(&repo)
        .args(["install-man", sb.path("blocker").to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("blocker") && err.contains("install-man DIR"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

// ---------------------------------------------------------------------------------------------
// Colour

#[test]
fn colour_follows_git_config_and_the_command_line_wins() {
    let sb = Sandbox::new();
    let repo = repo_with_checkpoint(&sb);
    let has_colour = |args: &[&str]| sb.ok(&repo, args).contains("\x1b[33m");
    assert!(!has_colour(&["log", "auth"]), "auto off a terminal");
    sb.git(&repo, &["config", "color.ui", "always"]);
    assert!(has_colour(&["log", "auth"]), "color.ui=always");
    sb.git(&repo, &["config", "color.checkpoint", "never"]);
    assert!(!has_colour(&["log", "auth"]), "color.checkpoint wins");
    assert!(
        has_colour(&["--color=always", "log", "auth"]),
        "--color wins"
    );
    assert!(has_colour(&["log", "auth", "--color"]), "--color alone");
    sb.git(&repo, &["config", "color.checkpoint", "false"]);
    assert!(!has_colour(&["log", "auth"]), "false means never");
    sb.git(&repo, &["config", "--unset", "color.checkpoint"]);
    sb.git(&repo, &["config", "color.ui", "never"]);
    let on_tty = tty(&sb, &repo, "git-checkpoint log auth", &[]);
    assert!(!on_tty.contains("\x1b[33m"), "color.ui=never on a terminal");
    sb.git(&repo, &["config", "--unset", "color.ui"]);
    let on_tty = tty(&sb, &repo, "git-checkpoint log auth", &[]);
    assert!(
        on_tty.contains("\x1b[33m"),
        "auto on a terminal: {on_tty:?}"
    );
    let on_tty = tty(&sb, &repo, "git-checkpoint log auth", &[("NO_COLOR", "1")]);
    assert!(!on_tty.contains("\x1b[33m"), "NO_COLOR");

    sb.git(&repo, &["config", "color.ui", "purple"]);
    let out = sb.cp(&repo).args(["log", "auth"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("color.ui") && err.contains("purple"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Pager

#[test]
fn log_diff_show_page_on_a_terminal_in_gits_order() {
    let sb = Sandbox::new();
    let repo = repo_with_checkpoint(&sb);
    let raw = |line: &str, env: &[(&str, &str)]| tty(&sb, &repo, line, env);
    // Colour escapes stripped (the pseudo-terminal gets colour).
    let paged = |line: &str, env: &[(&str, &str)]| {
        raw(line, env)
            .replace("\x1b[33m", "")
            .replace("\x1b[1m", "")
            .replace("\x1b[m", "")
    };
    let marker = [("GIT_PAGER", "sed s/^/PAGED:/")];
    for cmd in ["log auth", "diff auth", "show auth"] {
        let out = paged(&format!("git-checkpoint {cmd}"), &marker);
        assert!(out.lines().all(|l| l.starts_with("PAGED:")), "{cmd}: {out}");
        let out = paged(&format!("git-checkpoint --no-pager {cmd}"), &marker);
        assert!(!out.contains("PAGED:"), "{cmd} --no-pager: {out}");
    }
    // Commands that are not long output never page.
    let out = paged("git-checkpoint list --all", &marker);
    assert!(!out.contains("PAGED:"), "{out}");
    // Through git: `git checkpoint` pages, `git --no-pager checkpoint` does not.
    let out = paged("git checkpoint log auth", &marker);
    assert!(out.contains("PAGED:revision 2"), "{out}");
    let out = paged("git --no-pager checkpoint log auth", &marker);
    assert!(
        !out.contains("PAGED:") && out.contains("revision 2"),
        "{out}"
    );
    // git pages for us (pager.checkpoint): one pager, and colour as on a terminal.
    let out = raw("git -c pager.checkpoint=true checkpoint log auth", &marker);
    assert!(out.contains("PAGED:"), "{out}");
    assert!(!out.contains("PAGED:PAGED:"), "{out}");
    assert!(
        out.contains("\x1b[33m"),
        "colour under git's pager: {out:?}"
    );
    // Off a terminal: no pager, even with GIT_PAGER set.
    let out = sb
        .cp(&repo)
        .args(["log", "auth"])
        .env("GIT_PAGER", "sed s/^/PAGED:/")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains("PAGED:"));
    // Order: GIT_PAGER, then core.pager, then PAGER; cat means none.
    sb.git(&repo, &["config", "core.pager", "sed s/^/CORE:/"]);
    let out = paged("git-checkpoint log auth", &[("PAGER", "sed s/^/ENV:/")]);
    assert!(out.contains("CORE:revision 2"), "{out}");
    let out = paged("git-checkpoint log auth", &marker);
    assert!(out.contains("PAGED:revision 2"), "{out}");
    sb.git(&repo, &["config", "--unset", "core.pager"]);
    let out = paged("git-checkpoint log auth", &[("PAGER", "sed s/^/ENV:/")]);
    assert!(out.contains("ENV:revision 2"), "{out}");
    let out = paged("git-checkpoint log auth", &[("GIT_PAGER", "cat")]);
    assert!(out.starts_with("revision 2"), "{out}");
    sb.git(&repo, &["config", "pager.checkpoint", "false"]);
    let out = paged("git-checkpoint log auth", &marker);
    assert!(!out.contains("PAGED:"), "pager.checkpoint=false: {out}");
    sb.git(&repo, &["config", "--unset", "pager.checkpoint"]);
    // The pager's environment, as git sets it.
    let probe = [(
        "GIT_PAGER",
        "cat >/dev/null; echo \"LESS=$LESS LV=$LV IN_USE=$GIT_PAGER_IN_USE\"",
    )];
    let out = paged("env -u LESS -u LV git-checkpoint log auth", &probe);
    assert!(out.contains("LESS=FRX LV=-c IN_USE=true"), "{out}");
    let out = paged("LESS=R git-checkpoint log auth", &probe);
    assert!(out.contains("LESS=R "), "a user's LESS is kept: {out}");
}

// ---------------------------------------------------------------------------------------------
// Config

#[test]
fn config_keys_are_read_with_git_rules() {
    let (sb, repo) = Sandbox::with_repo();
    // Global config (GIT_CONFIG_GLOBAL) counts, the repository's wins over it.
    std::fs::write(
        sb.path("gitconfig"),
        "[checkpoint]\n\tmaxSize = 10\n\thookDetach = false\n",
    )
    .unwrap();
    let out = sb
        .cp(&repo)
        .args(["save", "auth", "--title", "too long for ten bytes"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("checkpoint.maxSize"));
    sb.git(&repo, &["config", "checkpoint.maxSize", "1m"]);
    sb.ok(&repo, &["save", "auth", "--title", "fits now"]);
    // Command-line config (git -c) is seen too.
    let out = sb
        .with_bin_on_path("git", &repo)
        .args(["-c", "color.checkpoint=always", "checkpoint", "log", "auth"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("\x1b[33m"));
    // `git -c` wins over the repository's value for the storage keys too.
    let out = sb
        .with_bin_on_path("git", &repo)
        .args([
            "-c",
            "checkpoint.maxSize=10",
            "checkpoint",
            "save",
            "auth",
            "--goal",
            "longer than ten",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("checkpoint.maxSize"));
    sb.git(&repo, &["switch", "-q", "-c", "work/story_77"]);
    let out = sb
        .with_bin_on_path("git", &repo)
        .args([
            "-c",
            r"checkpoint.storyPattern=story_(\d+)",
            "checkpoint",
            "save",
            "--todo",
            "t",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(sb.refs(&repo).contains("refs/checkpoints/77"));
}

#[test]
fn long_help_lists_config_env_and_exit_codes() {
    let out = Command::new(bin()).arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let man =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("man/git-checkpoint.1"))
            .unwrap();
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    for k in git_checkpoint::config::KEYS {
        assert!(help.contains(k.name), "--help lacks {}", k.name);
        assert!(man.contains(k.name), "the man page lacks {}", k.name);
        assert!(
            readme.contains(&format!("| `{}` |", k.name)),
            "the README lacks {}",
            k.name
        );
    }
    assert_contains_all(
        &help,
        &[
            "GIT_PAGER",
            "NO_COLOR",
            "GIT_CHECKPOINT_STORY",
            "Exit codes",
            "refs/checkpoints/<story>",
        ],
        "--help",
    );
}

// ---------------------------------------------------------------------------------------------
// Agent hooks

// `agent install`, `uninstall` and `status`: tests/cli/agent_install.rs.

#[test]
fn skill_file_teaches_git_checkpoint() {
    let skill =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("agents/SKILL.md"))
            .unwrap();
    assert!(skill.starts_with("---\nname: "), "skill front matter");
    assert_contains_all(
        &skill,
        &[
            "git-checkpoint save",
            "git-checkpoint resume",
            "description:",
        ],
        "agents/SKILL.md",
    );
}

// ---------------------------------------------------------------------------------------------
// PR bodies

/// What the PR body of seed 000's example holds.
const PR_BODY: &[&str] = &[
    "## Summary",
    "**Skill corpus effectiveness: trigger descriptions, shared references, ...** (story #313)",
    "Optimize the 35-skill corpus",
    "## Tasks done",
    "- [x] T1 — Router/catalog + correctness fixes — PR #325",
    "- [x] T2 — Authoring effectiveness standard — PR #319",
    "## Key decisions",
    "- Shared-reference naming: `skill-conventions/<topic>.md`",
    "## Remaining work",
    "- [ ] T6 — Completion criteria + steering pass",
    "**Next:** finish the negation sweep",
    "Source: github.com/foomakers/pair/issues/313",
    "Checkpoint: `",
];

fn assert_pr_body(body: &str) {
    assert_contains_all(body, PR_BODY, "the PR body");
}

#[test]
fn show_format_pr_and_pr_body_render_the_seed_example() {
    let (sb, repo) = Sandbox::with_repo();
    sb.git(
        &repo,
        &["switch", "-q", "-c", "chore/#313-t6-completion-criteria"],
    );
    let f = sb.file("seed.md", SEED_313.as_bytes());
    sb.ok(&repo, &["save", "313", "-F", f.to_str().unwrap()]);
    let body = sb.ok(&repo, &["show", "313", "--format", "pr"]);
    assert_pr_body(&body);
    assert!(body.contains("Checkpoint: `refs/checkpoints/313` revision 1"));
    assert_eq!(
        sb.ok(&repo, &["pr-body"]),
        body,
        "pr-body: story from the branch"
    );
    assert_eq!(
        sb.ok(
            &repo,
            &["pr-body", "--branch", "chore/#313-t6-completion-criteria"]
        ),
        body
    );
    let out = sb
        .cp(&repo)
        .args(["pr-body", "--branch", "main"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "no story: a usage error");
    assert!(String::from_utf8_lossy(&out.stderr).contains("'main'"));
}

/// The README's CI example, extracted from between its markers.
fn readme_ci_example() -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start = readme
        .find("<!-- ci-example -->")
        .expect("README has <!-- ci-example -->");
    let block = &readme[start..];
    let code = block
        .find("```sh\n")
        .expect("a sh block follows the marker")
        + 6;
    let end = block[code..].find("```").expect("the block ends") + code;
    block[code..end].to_string()
}

#[test]
fn readme_ci_example_runs_on_a_fresh_clone_of_a_bare_remote() {
    let sb = Sandbox::new();
    let repo = sb.repo("dev");
    let remote = sb.add_empty_origin(&repo, "remote.git");
    sb.git(
        &repo,
        &["switch", "-q", "-c", "chore/#313-t6-completion-criteria"],
    );
    let f = sb.file("seed.md", SEED_313.as_bytes());
    sb.ok(&repo, &["save", "-F", f.to_str().unwrap()]);
    sb.git(
        &repo,
        &[
            "push",
            "-q",
            "origin",
            "HEAD",
            "refs/checkpoints/*:refs/checkpoints/*",
        ],
    );

    // CI: a fresh clone, detached at the PR head, no checkpoint refs until the example fetches.
    let ci = sb.path("ci");
    sb.git(
        sb.tmp.path(),
        &[
            "clone",
            "-q",
            remote.to_str().unwrap(),
            ci.to_str().unwrap(),
        ],
    );
    sb.git(
        &ci,
        &[
            "checkout",
            "-q",
            "--detach",
            "origin/chore/#313-t6-completion-criteria",
        ],
    );
    assert!(sb.refs(&ci).lines().all(|l| !l.contains("checkpoints")));
    let out = sb
        .with_bin_on_path("bash", &ci)
        .args(["-euo", "pipefail", "-c", &readme_ci_example()])
        .env("GITHUB_HEAD_REF", "chore/#313-t6-completion-criteria")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "README CI example failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let body = std::fs::read_to_string(ci.join("pr-body.md")).unwrap();
    assert_pr_body(&body);
    assert!(
        body.contains("refs/remotes/origin/checkpoints/313"),
        "{body}"
    );
    // `show REMOTE/STORY` reads the same fetched copy.
    assert_eq!(sb.ok(&ci, &["show", "origin/313", "--format", "pr"]), body);
    let v = sb.json(&ci, &["show", "origin/313", "--json"]);
    assert_eq!(v["ref"], "refs/remotes/origin/checkpoints/313");
    let out = sb.cp(&ci).args(["show", "upstream/313"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("git fetch"));
}

#[test]
fn each_command_shows_the_about_of_the_command_list_in_its_own_help() {
    // clap adds a subcommand's arguments (and the about text of its Args doc) only when that
    // subcommand runs; the list in `--help` shows the variant's doc. The two must agree.
    let listed = listed_commands();
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut seen = 0;
    for (name, about) in &listed {
        let out = Command::new(bin()).args([name, "--help"]).output().unwrap();
        assert!(out.status.success(), "{name} --help failed");
        let own = String::from_utf8(out.stdout).unwrap();
        let first = words(own.split("\n\n").next().unwrap_or_default());
        // The list adds a command's visible aliases (`[alias: current]`); its own help does not.
        let about = words(about.split(" [alias").next().unwrap_or_default());
        assert!(
            !about.is_empty() && first.trim_end_matches('.') == about.trim_end_matches('.'),
            "`{name} --help` starts with {first:?}, the command list says {about:?}"
        );
        seen += 1;
    }
    assert!(seen >= 20, "only {seen} commands in --help");
}

/// (name, about) of every command in the top-level `--help` list, `help` left out; a wrapped
/// about continues on lines indented further.
fn listed_commands() -> Vec<(String, String)> {
    let out = Command::new(bin()).arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let commands = help
        .split("Commands:\n")
        .nth(1)
        .expect("--help has a Commands section")
        .split("\n\n")
        .next()
        .unwrap();
    let mut listed: Vec<(String, String)> = Vec::new();
    for line in commands.lines() {
        match line.trim().split_once("  ") {
            Some((name, about)) if line.starts_with("  ") && !line.starts_with("   ") => {
                listed.push((name.to_string(), about.trim().to_string()))
            }
            _ => {
                let (_, about) = listed.last_mut().expect("a command line first");
                about.push(' ');
                about.push_str(line.trim());
            }
        }
    }
    listed.retain(|(n, _)| n != "help");
    listed
}

/// No "(s)" plurals in any help text (clap's own `help` subcommand says "subcommand(s)", so
/// ours replaces it), and `help COMMAND` prints what `COMMAND --help` does.
#[test]
fn help_has_no_parenthesised_plurals_and_help_command_matches_dash_dash_help() {
    let run = |args: &[&str]| {
        let out = Command::new(bin()).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let mut commands: Vec<Vec<String>> = vec![vec![]];
    for (name, _) in listed_commands() {
        commands.push(vec![name]);
    }
    commands.push(vec!["stack".into(), "push".into()]);
    commands.push(vec!["agent".into(), "install".into()]);
    for c in &commands {
        for flag in ["-h", "--help"] {
            let mut args: Vec<&str> = c.iter().map(String::as_str).collect();
            args.push(flag);
            let text = run(&args);
            assert!(!text.contains("(s)"), "{args:?}:\n{text}");
        }
    }
    assert_eq!(run(&["help", "save"]), run(&["save", "--help"]));
    assert_eq!(
        run(&["help", "stack", "pop"]),
        run(&["stack", "pop", "--help"])
    );
    let out = Command::new(bin()).args(["help", "nope"]).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown command is a usage error"
    );
}
