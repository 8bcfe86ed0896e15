//! The plugins in `plugins/<agent>/` (written by `generate-docs`): their launcher
//! (`hooks/git-checkpoint.sh`) finds the binary on PATH, then in `~/.cargo/bin`, stands down
//! where `agent install` put our hooks in a settings file too, prints one install hint when
//! the binary is missing, and always exits 0. The real CLIs installing and running them are in
//! agents.rs.

use crate::common::Sandbox;
use serde_json::{json, Value};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The repository's launcher of `agent`'s plugin.
fn launcher(agent: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("plugins")
        .join(agent)
        .join("hooks/git-checkpoint.sh")
}

/// PATH without any directory that holds a `git-checkpoint`.
fn path_without_bin() -> String {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|d| !d.join("git-checkpoint").exists())
        .collect();
    std::env::join_paths(dirs)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// Runs `sh <launcher of agent> <arg>` in `dir` with `payload` on stdin, the sandbox's
/// environment and a PATH without the binary; returns (exit code, stdout, stderr).
fn launch(
    sb: &Sandbox,
    dir: &Path,
    agent: &str,
    arg: &str,
    payload: &Value,
) -> (i32, String, String) {
    let mut cmd = std::process::Command::new("sh");
    sb.env(&mut cmd);
    let mut child = cmd
        .current_dir(dir)
        .arg(launcher(agent))
        .arg(arg)
        .env("PATH", path_without_bin())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start the launcher");
    // The launcher may exit before reading: a broken pipe is fine.
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(payload.to_string().as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A repository on `feature/#42-login` with a checkpoint of story 42.
fn story_repo(sb: &Sandbox) -> PathBuf {
    let repo = sb.repo("r");
    sb.git(&repo, &["switch", "-q", "-c", "feature/#42-login"]);
    sb.ok(
        &repo,
        &[
            "save",
            "--title",
            "Login form",
            "--next",
            "build the form",
            "-m",
            "first",
        ],
    );
    repo
}

#[test]
fn the_launcher_finds_the_binary_stands_down_beside_settings_hooks_and_hints_once_when_missing() {
    let sb = Sandbox::new();
    let repo = story_repo(&sb);
    let start = json!({"cwd": repo, "session_id": "s1", "source": "startup",
        "hook_event_name": "SessionStart"});
    let stop = json!({"cwd": repo, "session_id": "s1", "stop_hook_active": false});

    // No binary on PATH or in ~/.cargo/bin: one hint at the session's start, in the field
    // the agent shows the user; nothing at the other events; exit 0 all the same.
    let (code, out, err) = launch(&sb, &repo, "claude", "SessionStart", &start);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let hint = v["systemMessage"].as_str().unwrap();
    assert!(
        hint.contains("git-checkpoint is not installed") && hint.contains("cargo install"),
        "{hint}"
    );
    for (agent, event) in [
        ("claude", "Stop"),
        ("codex", "Stop"),
        ("gemini", "AfterAgent"),
    ] {
        assert_eq!(
            launch(&sb, &repo, agent, event, &stop),
            (0, String::new(), String::new())
        );
    }
    let (code, out, err) = launch(&sb, &repo, "cursor", "sessionStart", &start);
    assert_eq!((code, out.trim()), (0, "{}"), "Cursor's hooks answer JSON");
    assert!(err.contains("git-checkpoint is not installed"), "{err}");
    let (code, _, err) = launch(&sb, &repo, "gemini", "mcp", &json!({}));
    assert_eq!(code, 1, "no server to start");
    assert!(err.contains("git-checkpoint is not installed"), "{err}");

    // In ~/.cargo/bin (where `cargo install` puts it): the brief.
    let cargo_bin = sb.path("home/.cargo/bin");
    std::fs::create_dir_all(&cargo_bin).unwrap();
    std::os::unix::fs::symlink(crate::common::bin(), cargo_bin.join("git-checkpoint")).unwrap();
    for agent in ["claude", "codex"] {
        let (code, out, err) = launch(&sb, &repo, agent, "SessionStart", &start);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains("You are continuing story #42"),
            "{agent}: {out}"
        );
    }
    let (_, out, _) = launch(&sb, &repo, "gemini", "SessionStart", &start);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert!(v["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap()
        .contains("Login form"));

    // `agent install` put our hooks in the project's settings: the plugin's hooks stand down
    // (the settings hooks answer), for that agent only.
    sb.ok(&repo, &["agent", "install", "claude"]);
    assert_eq!(
        launch(&sb, &repo, "claude", "SessionStart", &start),
        (0, String::new(), String::new())
    );
    let (_, out, _) = launch(&sb, &repo, "codex", "SessionStart", &start);
    assert!(out.contains("You are continuing story #42"), "{out}");
    // The user's settings count too.
    let elsewhere = sb.path("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    sb.ok(&elsewhere, &["agent", "install", "codex", "--user"]);
    assert_eq!(
        launch(&sb, &repo, "codex", "SessionStart", &start),
        (0, String::new(), String::new())
    );
    // Cursor answers `{}` when standing down, as when it has nothing to say.
    sb.ok(&repo, &["agent", "install", "cursor"]);
    let cursor = json!({"workspace_roots": [repo], "conversation_id": "c1"});
    let (_, out, _) = launch(&sb, &repo, "cursor", "sessionStart", &cursor);
    assert_eq!(out.trim(), "{}");
}

/// What the launcher runs, directly: `agent hook ... --from-plugin` answers where no settings
/// hooks apply and is silent where they do.
#[test]
fn agent_hook_from_plugin_answers_only_without_settings_hooks() {
    let sb = Sandbox::new();
    let repo = story_repo(&sb);
    let start = json!({"cwd": repo, "session_id": "s1", "source": "startup"}).to_string();
    let hook = |args: &[&str]| {
        let out = sb
            .cp(&repo)
            .args(args)
            .write_stdin(start.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let plugin = [
        "agent",
        "hook",
        "SessionStart",
        "--agent",
        "gemini",
        "--from-plugin",
    ];
    assert!(hook(&plugin).contains("Login form"));
    sb.ok(&repo, &["agent", "install", "gemini"]);
    assert_eq!(hook(&plugin), "");
    assert!(
        hook(&plugin[..5]).contains("Login form"),
        "the settings hook answers"
    );
}

/// The README shows each plugin's one-line install, as the library spells it.
#[test]
fn the_readme_shows_each_plugins_install_line() {
    let readme = include_str!("../../README.md");
    for agent in git_checkpoint::agents::plugin::AGENTS {
        let line = git_checkpoint::agents::plugin::install_line(agent);
        assert!(readme.contains(&line), "README.md lacks {line:?}");
    }
}
