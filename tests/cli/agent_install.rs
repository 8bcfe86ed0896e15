//! `agent install`, `agent uninstall` and `agent status` on real files: where each agent's hooks
//! and skill go, that upgrades replace our older entries, that uninstall leaves none of ours,
//! and the safe-write rules of issue 13 (planted symlinks, modes, read-only files, JSONC, large
//! numbers).

use crate::common::{path_with_bin, read_json, Sandbox, CLAUDE_CODE_EVENTS};
use serde_json::Value;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

/// Makes `link` a symlink to `target` (relative targets are resolved from `link`'s
/// directory), creating `link`'s missing parent directories.
fn symlink(target: impl AsRef<Path>, link: &Path) {
    std::fs::create_dir_all(link.parent().expect("a link has a directory")).unwrap();
    std::os::unix::fs::symlink(target, link).unwrap();
}

/// Whether `p` is itself a symlink (not followed).
fn is_symlink(p: &Path) -> bool {
    std::fs::symlink_metadata(p).unwrap().is_symlink()
}

/// Runs `git-checkpoint args` in `repo` and asserts it is refused: it fails with a one-line
/// error that names each of `wanted`, and the file at `untouched` is as it was.
fn refused_in_one_line(
    sb: &Sandbox,
    repo: &Path,
    args: &[&str],
    wanted: &[&str],
    untouched: &Path,
) {
    let before = read(untouched);
    let err = sb.fails(repo, args, wanted);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert_eq!(
        read(untouched),
        before,
        "{} was written",
        untouched.display()
    );
}

/// A user's own file `home/dotfiles/<name>` holding `content`, and `link` (a path in the
/// sandbox's HOME) a symlink to it; returns both paths.
fn dotfile_linked_from(sb: &Sandbox, name: &str, content: &[u8], link: &str) -> (PathBuf, PathBuf) {
    let real = sb.file(&format!("home/dotfiles/{name}"), content);
    let link = sb.path(link);
    symlink(&real, &link);
    (real, link)
}

/// The text of the file at `p`; panics naming it when it cannot be read.
fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// Every hook command in a hooks file, whatever the agent's shape.
fn commands(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                if let Some(Value::String(c)) = o.get("command") {
                    out.push(c.clone());
                }
                o.values().for_each(|v| walk(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    walk(v, &mut out);
    out
}

fn ours(c: &str) -> bool {
    c.starts_with("git-checkpoint ") || c.starts_with("git checkpoint ")
}

/// The commands of ours under each event of a hooks file.
fn our_entries(v: &Value, event: &str) -> Vec<String> {
    commands(&v["hooks"][event])
        .into_iter()
        .filter(|c| ours(c))
        .collect()
}

#[test]
fn agent_install_claude_writes_the_local_file_keeps_keys_and_is_idempotent() {
    let (sb, repo) = Sandbox::with_repo();
    let existing = "{\n  \"permissions\": {\n    \"allow\": [\"Bash(npm test)\"]\n  },\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"PreCompact\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"echo mine\"}]}\n    ]\n  }\n}\n";
    let local = repo.join(".claude/settings.local.json");
    let shared = repo.join(".claude/settings.json");
    sb.file("r/.claude/settings.local.json", existing.as_bytes());

    let dry = sb.ok(&repo, &["agent", "install", "claude", "--dry-run"]);
    assert_eq!(read(&local), existing);
    assert!(
        !repo.join(".claude/skills").exists(),
        "dry run writes nothing"
    );
    assert!(dry.contains("--- a/.claude/settings.local.json"), "{dry}");
    assert!(dry.contains("+++ b/.claude/settings.local.json"), "{dry}");
    assert!(
        dry.contains("--- /dev/null\n+++ b/.claude/skills/git-checkpoint/SKILL.md"),
        "{dry}"
    );
    assert!(
        dry.contains("+") && dry.contains("git-checkpoint agent hook SessionStart --agent claude"),
        "{dry}"
    );
    assert!(
        !dry.lines()
            .any(|l| l.starts_with('-') && (l.contains("model") || l.contains("permissions"))),
        "{dry}"
    );

    sb.ok(&repo, &["agent", "install", "claude", "--project"]);
    assert!(!shared.exists(), "the project default is the local file");
    // Created by us and not ignored: the installer says so.
    std::fs::remove_file(&local).unwrap();
    let (_, err) = sb.ok_with_stderr(&repo, &["agent", "install", "claude"]);
    assert!(err.contains("add it to .gitignore"), "{err}");
    sb.file("r/.gitignore", b".claude/settings.local.json\n");
    std::fs::remove_file(&local).unwrap();
    let (_, err) = sb.ok_with_stderr(&repo, &["agent", "install", "claude"]);
    assert!(!err.contains(".gitignore"), "{err}");
    std::fs::remove_file(repo.join(".gitignore")).unwrap();
    std::fs::write(&local, existing).unwrap();
    sb.ok(&repo, &["agent", "install", "claude"]);
    let text = read(&local);
    assert!(
        text.starts_with(&existing[..existing.find("\n    ]").unwrap()]),
        "the user's text kept byte for byte: {text}"
    );
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["model"], "opus");
    let start = &v["hooks"]["SessionStart"][0];
    assert_eq!(
        start["hooks"][0]["command"],
        "git-checkpoint agent hook SessionStart --agent claude"
    );
    assert_eq!(start["matcher"], "startup|resume|clear|compact");
    assert_eq!(
        v["hooks"]["PostToolUse"][0]["matcher"],
        "TodoWrite|TaskCreate|TaskUpdate"
    );
    let pre = v["hooks"]["PreCompact"].as_array().unwrap();
    assert_eq!(pre.len(), 2, "ours added beside the user's: {text}");
    assert_eq!(pre[0]["hooks"][0]["command"], "echo mine");
    for event in CLAUDE_CODE_EVENTS {
        assert_eq!(
            our_entries(&v, event),
            [format!("git-checkpoint agent hook {event} --agent claude")]
        );
    }
    let skill = read(&repo.join(".claude/skills/git-checkpoint/SKILL.md"));
    assert!(
        skill.starts_with("---\nname: git-checkpoint\n") && skill.contains("--next"),
        "{skill}"
    );

    let again = sb.ok(&repo, &["agent", "install", "claude"]);
    assert!(again.contains("nothing to change"), "{again}");
    assert_eq!(read(&local), text);
    let again = sb.ok(&repo, &["agent", "install", "claude", "--dry-run"]);
    assert!(again.contains("nothing to change"), "{again}");

    // --shared picks the committed file.
    sb.ok(&repo, &["agent", "install", "claude", "--shared"]);
    let v = read_json(&shared);
    assert_eq!(our_entries(&v, "Stop").len(), 1);
}

#[test]
fn agent_install_writes_each_agents_own_format_and_instructions() {
    let (sb, repo) = Sandbox::with_repo();
    sb.file("r/AGENTS.md", b"# Team rules\n\nRun `make check`.\n");
    let (_, err) = sb.ok_with_stderr(&repo, &["agent", "install", "codex"]);
    assert!(
        err.contains("/hooks") && err.contains("trust"),
        "the trust step: {err}"
    );
    assert!(!err.contains("codex_hooks"), "no deprecated flag: {err}");
    let codex = read_json(&repo.join(".codex/hooks.json"));
    assert_eq!(
        our_entries(&codex, "SessionStart"),
        ["git-checkpoint agent hook SessionStart --agent codex"]
    );
    assert_eq!(codex["hooks"]["PostToolUse"][0]["matcher"], "update_plan");
    assert!(codex["hooks"]["SessionEnd"].is_array());
    let agents = read(&repo.join("AGENTS.md"));
    assert!(
        agents.starts_with("# Team rules\n\nRun `make check`.\n\n<!-- git-checkpoint:begin -->\n"),
        "{agents}"
    );
    assert!(
        agents.ends_with("<!-- git-checkpoint:end -->\n"),
        "{agents}"
    );

    sb.ok(&repo, &["agent", "install", "cursor"]);
    let cursor = read_json(&repo.join(".cursor/hooks.json"));
    assert_eq!(cursor["version"], 1);
    assert_eq!(
        cursor["hooks"]["sessionStart"][0]["command"],
        "git-checkpoint agent hook sessionStart --agent cursor"
    );
    assert_eq!(cursor["hooks"]["stop"][0]["loop_limit"], 1);
    let rule = read(&repo.join(".cursor/rules/git-checkpoint.mdc"));
    assert!(
        rule.starts_with("---\ndescription: ") && rule.contains("\nalwaysApply: true\n---\n"),
        "{rule}"
    );

    sb.ok(&repo, &["agent", "install", "gemini", "--user"]);
    let gemini = read_json(&sb.path("home/.gemini/settings.json"));
    let h = &gemini["hooks"]["SessionStart"][0]["hooks"][0];
    assert_eq!(
        h["command"],
        "git-checkpoint agent hook SessionStart --agent gemini"
    );
    assert_eq!(h["name"], "git-checkpoint");
    assert_eq!(h["type"], "command");
    assert_eq!(gemini["hooks"]["AfterTool"][0]["matcher"], "write_todos");
    assert!(read(&sb.path("home/.gemini/GEMINI.md")).starts_with("<!-- git-checkpoint:begin -->\n"));
    assert!(!repo.join(".gemini").exists());

    // A settings file that is not JSON is left alone, with the path and the fix named.
    sb.file("r/.claude/settings.local.json", b"{ not json");
    let (code, _, err) = sb.run(&repo, &["agent", "install", "claude"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(".claude/settings.local.json") && err.contains("not valid JSON"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert_eq!(
        read(&repo.join(".claude/settings.local.json")),
        "{ not json"
    );
    assert!(!repo.join(".claude/skills").exists(), "nothing written");
    // Unknown agents are a usage error listing the known ones.
    let (code, _, err) = sb.run(&repo, &["agent", "install", "vim"]);
    assert_eq!(code, 2);
    assert!(err.contains("claude"), "{err}");
}

/// What the installer of version 0.1.0 wrote for Claude Code, plus a user's hook in one of its
/// groups and a second copy of one of ours.
const LEGACY_CLAUDE: &str = r#"{
  "hooks": {
    "SessionStart": [
      {
        "matcher": "startup|resume|clear|compact",
        "hooks": [{"type": "command", "command": "git checkpoint prompt"}]
      }
    ],
    "PreCompact": [
      {
        "hooks": [
          {"type": "command", "command": "echo mine"},
          {"type": "command", "command": "git checkpoint save -m \"auto: pre-compact\""}
        ]
      }
    ],
    "SessionEnd": [
      {"hooks": [{"type": "command", "command": "git checkpoint save -m \"auto: session end\""}]},
      {"hooks": [{"type": "command", "command": "git checkpoint save -m \"auto: session end\""}]}
    ]
  }
}
"#;

#[test]
fn agent_install_upgrades_legacy_entries_to_exactly_one_current_entry_per_event() {
    let (sb, repo) = Sandbox::with_repo();
    let file = sb.file("r/.claude/settings.local.json", LEGACY_CLAUDE.as_bytes());
    let before = sb.json(&repo, &["agent", "status", "claude", "--json"]);
    assert_eq!(before["agents"][0]["hooks"], "stale");
    let human = sb.ok(&repo, &["agent", "status", "claude"]);
    assert!(
        human.contains("stale") && human.contains("agent install"),
        "{human}"
    );

    sb.ok(&repo, &["agent", "install", "claude"]);
    let v = read_json(&file);
    for event in CLAUDE_CODE_EVENTS {
        assert_eq!(
            our_entries(&v, event),
            [format!("git-checkpoint agent hook {event} --agent claude")],
            "{event}: {v:#}"
        );
    }
    assert!(
        commands(&v).contains(&"echo mine".to_string()),
        "the user's hook kept"
    );
    assert!(
        !commands(&v).iter().any(|c| c.starts_with("git checkpoint")),
        "{v:#}"
    );
    let after = sb.json(&repo, &["agent", "status", "claude", "--json"]);
    assert_eq!(after["agents"][0]["hooks"], "installed");
    assert_eq!(after["agents"][0]["skill"], "installed");
}

/// Codex reads `AGENTS.override.md` instead of `AGENTS.md` when the override is there and not
/// blank (one file per directory). Our section goes where Codex reads it: into `AGENTS.md`
/// while there is no override (or a blank one), then into the override, leaving `AGENTS.md`
/// as the user wrote it. `agent status` names that file, and uninstall takes the section out.
#[test]
fn codex_instructions_go_where_codex_reads_them_agents_override_md_first() {
    let (sb, repo) = Sandbox::with_repo();
    let marker = "<!-- git-checkpoint:begin -->";
    sb.file("r/AGENTS.md", b"# Rules\n");
    sb.file("r/AGENTS.override.md", b"  \n");
    sb.ok(&repo, &["agent", "install", "codex", "-q"]);
    assert!(
        read(&repo.join("AGENTS.md")).contains(marker),
        "a blank override is skipped"
    );
    assert_eq!(read(&repo.join("AGENTS.override.md")), "  \n");

    sb.file("r/AGENTS.override.md", b"# Local override\n");
    sb.ok(&repo, &["agent", "install", "codex", "-q"]);
    let over = read(&repo.join("AGENTS.override.md"));
    assert!(
        over.starts_with("# Local override\n\n") && over.contains(marker),
        "{over}"
    );
    assert_eq!(
        read(&repo.join("AGENTS.md")),
        "# Rules\n",
        "moved, not copied"
    );
    let v = sb.json(&repo, &["agent", "status", "codex", "--json"]);
    let row = &v["agents"][0];
    assert_eq!(row["skill"], "installed");
    assert!(
        row["skill_file"]
            .as_str()
            .unwrap()
            .ends_with("AGENTS.override.md"),
        "{row}"
    );

    sb.ok(&repo, &["agent", "uninstall", "codex", "-q"]);
    assert_eq!(read(&repo.join("AGENTS.override.md")), "# Local override\n");
    assert_eq!(read(&repo.join("AGENTS.md")), "# Rules\n");
}

/// Install then uninstall in a clean repository leaves it clean: the settings files install
/// created hold nothing but empty objects afterwards and are removed with their folders, so
/// `git status` shows nothing (it showed `.claude/`, `.codex/`, `.cursor/`, `.gemini/`). A file
/// that still holds anything of the user's is kept (see the test below).
#[test]
fn install_then_uninstall_leaves_a_clean_repository_clean() {
    let (sb, repo) = Sandbox::with_repo();
    let before = sb.git(&repo, &["status", "--porcelain", "--untracked-files=all"]);
    sb.ok(&repo, &["agent", "install", "claude", "-q"]);
    for agent in ["codex", "cursor", "gemini"] {
        sb.ok(&repo, &["agent", "install", agent, "-q", "--mcp"]);
    }
    assert_ne!(sb.git(&repo, &["status", "--porcelain"]), before);
    for agent in ["claude", "codex", "cursor", "gemini"] {
        sb.ok(&repo, &["agent", "uninstall", agent, "-q"]);
    }
    assert_eq!(
        sb.git(&repo, &["status", "--porcelain", "--untracked-files=all"]),
        before
    );
    for dir in [".claude", ".codex", ".cursor", ".gemini"] {
        assert!(!repo.join(dir).exists(), "{dir} is left");
    }
}

#[test]
fn agent_uninstall_leaves_no_entry_of_ours_and_keeps_the_users() {
    let (sb, repo) = Sandbox::with_repo();
    sb.file("r/GEMINI.md", b"Be brief.\n");
    sb.file("r/AGENTS.md", b"# Rules\n");
    for agent in ["claude", "codex", "cursor", "gemini"] {
        sb.ok(&repo, &["agent", "install", agent]);
    }
    // The user adds a hook of their own next to ours after installing.
    let files = [
        ("claude", ".claude/settings.local.json", "Stop"),
        ("codex", ".codex/hooks.json", "Stop"),
        ("cursor", ".cursor/hooks.json", "stop"),
        ("gemini", ".gemini/settings.json", "AfterAgent"),
    ];
    for (agent, rel, stop) in files {
        let path = repo.join(rel);
        let mut v = read_json(&path);
        let mine = if agent == "cursor" {
            serde_json::json!({"command": "echo mine"})
        } else {
            serde_json::json!({"hooks": [{"type": "command", "name": "mine", "command": "echo mine"}]})
        };
        v["hooks"][stop].as_array_mut().unwrap().push(mine);
        std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    }
    let dry = sb.ok(&repo, &["agent", "uninstall", "gemini", "--dry-run"]);
    assert!(
        dry.contains("-<!-- git-checkpoint:begin -->")
            && dry.contains("-            \"command\": \"git-checkpoint agent hook"),
        "{dry}"
    );
    assert!(repo.join("GEMINI.md").exists());
    for (agent, rel, stop) in files {
        sb.ok(&repo, &["agent", "uninstall", agent]);
        let v = read_json(&repo.join(rel));
        let cmds = commands(&v);
        assert_eq!(
            cmds,
            ["echo mine"],
            "{agent}: only the user's hook is left: {v:#}"
        );
        assert_eq!(
            v["hooks"].as_object().unwrap().keys().collect::<Vec<_>>(),
            [stop],
            "{agent}: emptied events dropped"
        );
        let again = sb.ok(&repo, &["agent", "uninstall", agent]);
        assert!(again.contains("nothing to change"), "{again}");
    }
    assert!(
        !repo.join(".claude/skills").exists(),
        "the skill and its folders are gone"
    );
    assert!(!repo.join(".cursor/rules").exists());
    assert_eq!(read(&repo.join("GEMINI.md")), "Be brief.\n");
    assert_eq!(read(&repo.join("AGENTS.md")), "# Rules\n");
    let status = sb.json(&repo, &["agent", "status", "--json"]);
    for row in status["agents"].as_array().unwrap() {
        assert_eq!(row["hooks"], "missing", "{row}");
    }
}

#[test]
fn agent_install_never_writes_through_a_planted_symlink_outside_the_project() {
    let (sb, repo) = Sandbox::with_repo();
    let victim = sb.file("home/.bashrc", b"# rc\n");
    // The fixed temp path older versions used, planted as a symlink to the rc file.
    symlink(
        &victim,
        &repo.join(".claude/settings.local.json.git-checkpoint.tmp"),
    );
    symlink(&victim, &repo.join(".claude/settings.local.json.tmp"));
    // Issue 13 finding 1 exactly: the shared file's old fixed temp path.
    symlink(
        &victim,
        &repo.join(".claude/settings.json.git-checkpoint.tmp"),
    );
    sb.ok(&repo, &["agent", "install", "claude", "--shared"]);
    assert_eq!(read(&victim), "# rc\n");
    assert!(read_json(&repo.join(".claude/settings.json"))["hooks"].is_object());
    sb.ok(&repo, &["agent", "install", "claude"]);
    assert_eq!(read(&victim), "# rc\n");
    assert!(read_json(&repo.join(".claude/settings.local.json"))["hooks"].is_object());
    let leftovers: Vec<_> = std::fs::read_dir(repo.join(".claude"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".git-checkpoint-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // The settings file itself a symlink out of the project: refused, nothing written.
    let outside = sb.file("outside/settings.json", b"{}\n");
    symlink(&outside, &repo.join(".codex/hooks.json"));
    refused_in_one_line(
        &sb,
        &repo,
        &["agent", "install", "codex"],
        &[".codex/hooks.json", "outside the project", "--user"],
        &outside,
    );
    sb.fails(
        &repo,
        &["agent", "install", "codex", "--dry-run"],
        &["outside the project"],
    );
    assert!(
        !repo.join("AGENTS.md").exists(),
        "nothing written when a file is refused"
    );

    // A directory component: .gemini -> ../outside.
    symlink("../outside", &repo.join(".gemini"));
    sb.fails(
        &repo,
        &["agent", "install", "gemini"],
        &[".gemini/settings.json", "outside the project"],
    );
    assert_eq!(
        std::fs::read_dir(sb.path("outside")).unwrap().count(),
        1,
        "nothing new outside"
    );
    let status = sb.json(&repo, &["agent", "status", "gemini", "--json"]);
    assert!(status["agents"][0]["problem"]
        .as_str()
        .unwrap()
        .contains("outside the project"));

    // A symlink inside the project is fine: written through, the link kept.
    sb.file("r/config/cursor.json", b"{}\n");
    symlink("../config/cursor.json", &repo.join(".cursor/hooks.json"));
    sb.ok(&repo, &["agent", "install", "cursor"]);
    assert!(is_symlink(&repo.join(".cursor/hooks.json")));
    assert_eq!(read_json(&repo.join("config/cursor.json"))["version"], 1);
}

#[test]
fn agent_install_user_symlinks_are_written_through_to_the_users_own_file() {
    let (sb, repo) = Sandbox::with_repo();
    let dark = b"{\n  \"theme\": \"dark\"\n}\n";
    let (real, link) = dotfile_linked_from(&sb, "claude.json", dark, "home/.claude/settings.json");
    sb.ok(&repo, &["agent", "install", "claude", "--user"]);
    assert!(is_symlink(&link), "the link is kept");
    let v = read_json(&real);
    assert_eq!(v["theme"], "dark");
    assert_eq!(our_entries(&v, "SessionEnd").len(), 1);
    assert!(sb
        .path("home/.claude/skills/git-checkpoint/SKILL.md")
        .exists());

    // A user symlink leading out of HOME is refused.
    let elsewhere = sb.file("shared/gemini.json", b"{}\n");
    symlink(&elsewhere, &sb.path("home/.gemini/settings.json"));
    sb.fails(
        &repo,
        &["agent", "install", "gemini", "--user"],
        &[".gemini/settings.json", "outside your home directory"],
    );
    assert_eq!(read(&elsewhere), "{}\n");
}

#[test]
fn agent_install_keeps_the_mode_and_refuses_a_read_only_file() {
    let (sb, repo) = Sandbox::with_repo();
    let file = sb.file("r/.gemini/settings.json", b"{}\n");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    sb.ok(&repo, &["agent", "install", "gemini"]);
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "0600 stays 0600");
    assert!(read(&file).contains("git-checkpoint"));

    let ro = sb.file("r/.cursor/hooks.json", b"{\"version\": 1}\n");
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    refused_in_one_line(
        &sb,
        &repo,
        &["agent", "install", "cursor"],
        &[".cursor/hooks.json", "read-only", "chmod u+w"],
        &ro,
    );
    assert!(!repo.join(".cursor/rules").exists());
}

#[test]
fn agent_install_accepts_gemini_comments_keeps_them_and_keeps_large_numbers() {
    let (sb, repo) = Sandbox::with_repo();
    let text = "{\n  // the model we use\n  \"model\": {\"name\": \"gemini-2.5-pro\"},\n  /* a block\n     comment */\n  \"ui\": {\"seed\": 123456789012345678901234567890, \"ratio\": 0.1000000000000000055511151231257827}\n}\n";
    let file = sb.file("r/.gemini/settings.json", text.as_bytes());
    let (_, err) = sb.ok_with_stderr(&repo, &["agent", "install", "gemini"]);
    assert!(err.contains("comments; they are kept"), "{err}");
    let new = read(&file);
    assert!(new.starts_with("{\n  // the model we use\n  \"model\": {\"name\": \"gemini-2.5-pro\"},\n  /* a block\n     comment */\n  \"ui\": {\"seed\": 123456789012345678901234567890, \"ratio\": 0.1000000000000000055511151231257827},\n"), "{new}");
    assert!(new.contains("git-checkpoint agent hook BeforeAgent --agent gemini"));
    sb.ok(&repo, &["agent", "uninstall", "gemini"]);
    let back = read(&file);
    assert!(
        back.contains("// the model we use") && back.contains("123456789012345678901234567890"),
        "{back}"
    );
    assert!(!back.contains("git-checkpoint"), "{back}");

    // Claude Code's settings are plain JSON: comments are refused, not dropped.
    sb.file("r/.claude/settings.local.json", b"{\n  // mine\n}\n");
    sb.fails(
        &repo,
        &["agent", "install", "claude"],
        &["settings.local.json", "comments"],
    );
    assert_eq!(
        read(&repo.join(".claude/settings.local.json")),
        "{\n  // mine\n}\n"
    );
}

#[test]
fn agent_install_honours_claude_config_dir_and_codex_home() {
    let (sb, repo) = Sandbox::with_repo();
    let claude_dir = sb.path("cfg/claude");
    let codex_dir = sb.path("cfg/codex");
    for (agent, var, dir) in [
        ("claude", "CLAUDE_CONFIG_DIR", &claude_dir),
        ("codex", "CODEX_HOME", &codex_dir),
    ] {
        let env = [(var, dir.to_str().unwrap())];
        sb.ok_with_env(&repo, &["agent", "install", agent, "--user"], &env);
    }
    assert!(read_json(&claude_dir.join("settings.json"))["hooks"]["SessionStart"].is_array());
    assert!(claude_dir.join("skills/git-checkpoint/SKILL.md").exists());
    assert!(read_json(&codex_dir.join("hooks.json"))["hooks"]["SessionStart"].is_array());
    assert!(read(&codex_dir.join("AGENTS.md")).contains("git-checkpoint:begin"));
    assert!(!sb.path("home/.claude").exists() && !sb.path("home/.codex").exists());
    let env = [("CLAUDE_CONFIG_DIR", claude_dir.to_str().unwrap())];
    let (out, _) = sb.ok_with_env(&repo, &["agent", "status", "--json"], &env);
    let v: Value = serde_json::from_str(&out).unwrap();
    let user = v["agents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["agent"] == "claude" && r["scope"] == "user")
        .unwrap();
    assert_eq!(user["hooks"], "installed");
    assert_eq!(
        user["hooks_file"],
        claude_dir.join("settings.json").to_str().unwrap()
    );
}

#[test]
fn agent_status_names_files_states_the_path_and_the_codex_trust_step() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["agent", "install", "codex"]);
    let (text, _) = sb.ok_with_env(&repo, &["agent", "status"], &[("PATH", &path_with_bin())]);
    assert!(text.starts_with("git-checkpoint on PATH: /"), "{text}");
    let row = |agent: &str, scope: &str| {
        text.lines()
            .find(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                w.first() == Some(&agent) && w.get(1) == Some(&scope)
            })
            .unwrap_or_else(|| panic!("no {agent} {scope} row: {text}"))
            .to_string()
    };
    let codex = row("codex", "project");
    assert!(
        codex.contains("installed")
            && codex.contains(".codex/hooks.json")
            && codex.contains("AGENTS.md"),
        "{codex}"
    );
    assert!(row("claude", "project").contains("missing"));
    assert!(row("cursor", "user").contains("~/.cursor/hooks.json"));
    assert!(
        text.contains("codex: Codex runs these hooks only after you trust them"),
        "{text}"
    );

    // Without git-checkpoint on PATH, status and install say so.
    let no_bin = [("PATH", "/nonexistent")];
    let (out, _) = sb.ok_with_env(&repo, &["agent", "status", "--json"], &no_bin);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["binary"], Value::Null);
    let (_, err) = sb.ok_with_env(&repo, &["agent", "install", "cursor"], &no_bin);
    assert!(err.contains("not on PATH"), "{err}");

    // Outside a repository: user scope only.
    let elsewhere = sb.path("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let v = sb.json(&elsewhere, &["agent", "status", "--json"]);
    let rows = v["agents"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r["scope"] == "user"));
}

#[test]
fn a_relative_claude_config_dir_is_taken_from_the_current_directory() {
    let (sb, repo) = crate::common::Sandbox::with_repo();
    let env = [("CLAUDE_CONFIG_DIR", "rel-claude")];
    sb.ok_with_env(&repo, &["agent", "install", "claude", "--user"], &env);
    let v: Value = serde_json::from_str(&read(&repo.join("rel-claude/settings.json"))).unwrap();
    assert!(!our_entries(&v, "SessionStart").is_empty(), "{v}");
}

/// A settings file with a duplicate `hooks` key (or event) is refused: JSON loaders read the
/// last one, so entries written into the first would never run.
#[test]
fn a_duplicate_hooks_key_or_event_is_refused_and_nothing_is_written() {
    let (sb, repo) = crate::common::Sandbox::with_repo();
    for text in [
        r#"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"mine"}]}]},"hooks":{}}"#,
        r#"{"hooks":{"Stop":[],"Stop":[]}}"#,
    ] {
        let file = repo.join(".codex/hooks.json");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, text).unwrap();
        sb.fails(
            &repo,
            &["agent", "install", "codex"],
            &["appears twice", "hooks.json"],
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    }
}

/// The server entries of ours in an `mcpServers` object: (name, command, args).
fn our_servers(servers: &Value) -> Vec<(String, String, Value)> {
    servers
        .as_object()
        .map(|o| {
            o.iter()
                .filter(|(_, v)| {
                    v["command"]
                        .as_str()
                        .is_some_and(|c| c.ends_with("/git-checkpoint"))
                })
                .map(|(k, v)| {
                    (
                        k.clone(),
                        v["command"].as_str().unwrap().to_string(),
                        v["args"].clone(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn mcp_row<'a>(status: &'a Value, client: &str, scope: &str) -> &'a Value {
    status["mcp"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["client"] == client && r["scope"] == scope)
        .unwrap_or_else(|| panic!("no {client} {scope} mcp row: {status:#}"))
}

#[test]
fn agent_install_mcp_registers_the_server_keeps_the_users_servers_and_uninstall_takes_only_ours() {
    let (sb, repo) = Sandbox::with_repo();
    let bin = crate::common::bin();
    let bin = bin.to_str().unwrap();
    // Cursor: mcp.json beside hooks.json, the user's server kept byte for byte.
    let existing = "{\n  \"mcpServers\": {\n    \"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp\"]}\n  }\n}\n";
    let mcp = sb.file("r/.cursor/mcp.json", existing.as_bytes());
    let dry = sb.ok(&repo, &["agent", "install", "cursor", "--mcp", "--dry-run"]);
    assert!(
        dry.contains("+++ b/.cursor/mcp.json") && dry.contains("+    \"git-checkpoint\": {"),
        "{dry}"
    );
    assert_eq!(read(&mcp), existing, "a dry run writes nothing");
    assert!(!repo.join(".cursor/hooks.json").exists());
    let (_, err) = sb.ok_with_stderr(&repo, &["agent", "install", "cursor", "--mcp"]);
    assert!(err.contains("starts the MCP server as"), "{err}");
    let text = read(&mcp);
    assert!(text.starts_with("{\n  \"mcpServers\": {\n    \"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp\"]},\n"), "{text}");
    let v = read_json(&mcp);
    assert_eq!(
        v["mcpServers"]["git-checkpoint"],
        serde_json::json!({"command": bin, "args": ["mcp"]})
    );
    assert!(read_json(&repo.join(".cursor/hooks.json"))["hooks"]["stop"].is_array());
    let again = sb.ok(&repo, &["agent", "install", "cursor", "--mcp"]);
    assert!(
        again.contains(
            "already has the git-checkpoint hooks, skill and MCP server; nothing to change"
        ),
        "{again}"
    );
    assert_eq!(read(&mcp), text);
    // Without --mcp a reinstall leaves the server alone.
    let plain = sb.ok(&repo, &["agent", "install", "cursor"]);
    assert!(plain.contains("nothing to change"), "{plain}");
    assert_eq!(read(&mcp), text);
    let status = sb.json(&repo, &["agent", "status", "--json"]);
    assert_eq!(mcp_row(&status, "cursor", "project")["server"], "installed");
    assert_eq!(mcp_row(&status, "cursor", "user")["server"], "missing");
    assert_eq!(
        mcp_row(&status, "claude-desktop", "user")["server"],
        "missing"
    );
    let table = sb.ok(&repo, &["agent", "status", "cursor"]);
    assert!(
        table
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["cursor", "project", "installed", ".cursor/mcp.json"]),
        "{table}"
    );
    sb.ok(&repo, &["agent", "uninstall", "cursor"]);
    assert_eq!(read(&mcp), existing, "only our entry is gone");
    // A file we never wrote, in a dialect we refuse (comments), does not stop an uninstall.
    sb.ok(&repo, &["agent", "install", "cursor"]);
    let commented_mcp = "{\n  // mine\n  \"mcpServers\": {}\n}\n";
    std::fs::write(&mcp, commented_mcp).unwrap();
    sb.ok(&repo, &["agent", "uninstall", "cursor"]);
    assert_eq!(read(&mcp), commented_mcp);
    assert!(
        !repo.join(".cursor/hooks.json").exists(),
        "the hooks file install created, holding nothing else, is removed"
    );
    std::fs::write(&mcp, existing).unwrap();
    let again = sb.ok(&repo, &["agent", "uninstall", "cursor"]);
    assert!(
        again.contains("has no git-checkpoint hooks, skill or MCP server; nothing to change"),
        "{again}"
    );

    // Gemini CLI: hooks and server in one settings.json with comments, one write.
    let commented =
        "{\n  // mine\n  \"mcpServers\": {\n    \"docs\": {\"command\": \"docs-mcp\"}\n  }\n}\n";
    let settings = sb.file("r/.gemini/settings.json", commented.as_bytes());
    let out = sb.ok(&repo, &["agent", "install", "gemini", "--mcp"]);
    assert_eq!(out.matches("settings.json").count(), 1, "{out}");
    let text = read(&settings);
    assert!(text.starts_with("{\n  // mine\n  \"mcpServers\": {\n    \"docs\": {\"command\": \"docs-mcp\"},\n    \"git-checkpoint\": {"), "{text}");
    assert!(
        text.contains("git-checkpoint agent hook SessionStart --agent gemini"),
        "{text}"
    );
    assert!(sb
        .ok(&repo, &["agent", "install", "gemini", "--mcp"])
        .contains("nothing to change"));
    sb.ok(&repo, &["agent", "uninstall", "gemini"]);
    let text = read(&settings);
    assert!(!text.contains("git-checkpoint"), "{text}");
    assert!(
        text.contains("// mine") && text.contains("\"docs\": {\"command\": \"docs-mcp\"}"),
        "{text}"
    );

    // Codex: config.toml through toml_edit, comments and the user's tables kept.
    let toml = "# my settings\nmodel = \"o3\" # the default\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\nargs = []\n";
    let config = sb.file("home/.codex/config.toml", toml.as_bytes());
    sb.ok(&repo, &["agent", "install", "codex", "--user", "--mcp"]);
    let text = read(&config);
    assert_eq!(
        text,
        format!("{toml}\n[mcp_servers.git-checkpoint]\ncommand = \"{bin}\"\nargs = [\"mcp\"]\n")
    );
    assert!(sb
        .ok(&repo, &["agent", "install", "codex", "--user", "--mcp"])
        .contains("nothing to change"));
    let status = sb.json(&repo, &["agent", "status", "codex", "--json"]);
    assert_eq!(mcp_row(&status, "codex", "user")["server"], "installed");
    assert_eq!(
        status["mcp"].as_array().unwrap().len(),
        2,
        "codex only: {status:#}"
    );
    // An entry of ours from an older path is stale and an install points it here.
    std::fs::write(&config, text.replace(bin, "/old/bin/git-checkpoint")).unwrap();
    let status = sb.json(&repo, &["agent", "status", "codex", "--json"]);
    assert_eq!(mcp_row(&status, "codex", "user")["server"], "stale");
    sb.ok(&repo, &["agent", "install", "codex", "--user", "--mcp"]);
    assert_eq!(read(&config), text);
    sb.ok(&repo, &["agent", "uninstall", "codex", "--user"]);
    assert_eq!(read(&config).trim_end(), toml.trim_end());

    // Claude Desktop: the server only, in its user file; no hooks, no skill.
    let desktop = sb.path("home/.config/Claude/claude_desktop_config.json");
    sb.fails(
        &repo,
        &["agent", "install", "claude-desktop", "--project"],
        &["only a user configuration"],
    );
    assert!(!desktop.exists());
    sb.fails(
        &repo,
        &["agent", "install", "claude", "--mcp"],
        &["claude mcp add"],
    );
    assert!(!repo.join(".claude").exists(), "nothing written");
    let out = sb.ok(&repo, &["agent", "install", "claude-desktop"]);
    assert_eq!(out.trim(), format!("created {}", desktop.display()));
    assert_eq!(
        our_servers(&read_json(&desktop)["mcpServers"]),
        [(
            "git-checkpoint".to_string(),
            bin.to_string(),
            serde_json::json!(["mcp"])
        )]
    );
    assert!(sb
        .ok(&repo, &["agent", "install", "claude-desktop"])
        .contains("Claude Desktop already has the git-checkpoint MCP server; nothing to change"));
    let status = sb.json(&repo, &["agent", "status", "claude-desktop", "--json"]);
    assert_eq!(status["agents"], serde_json::json!([]));
    assert_eq!(
        mcp_row(&status, "claude-desktop", "user")["server"],
        "installed"
    );
    sb.ok(&repo, &["agent", "uninstall", "claude-desktop"]);
    assert!(our_servers(&read_json(&desktop)["mcpServers"]).is_empty());
    // Another program's entry under our name is never overwritten.
    std::fs::write(
        &desktop,
        "{\"mcpServers\": {\"git-checkpoint\": {\"command\": \"npx\"}}}",
    )
    .unwrap();
    sb.fails(
        &repo,
        &["agent", "install", "claude-desktop"],
        &["another server's entry", "npx"],
    );
    sb.ok(&repo, &["agent", "uninstall", "claude-desktop"]);
    assert_eq!(
        read(&desktop),
        "{\"mcpServers\": {\"git-checkpoint\": {\"command\": \"npx\"}}}"
    );
}

#[test]
fn agent_install_mcp_follows_the_symlink_rules_of_the_hooks() {
    let (sb, repo) = Sandbox::with_repo();
    // A project mcp.json linked out of the project: refused, nothing written (hooks neither).
    let outside = sb.file("outside/mcp.json", b"{}\n");
    symlink(&outside, &repo.join(".cursor/mcp.json"));
    refused_in_one_line(
        &sb,
        &repo,
        &["agent", "install", "cursor", "--mcp"],
        &[".cursor/mcp.json", "outside the project"],
        &outside,
    );
    assert!(
        !repo.join(".cursor/hooks.json").exists(),
        "nothing written when a file is refused"
    );
    // Uninstall reads it through the link: nothing of ours there, nothing to refuse; with an
    // entry of ours there, it is refused.
    sb.ok(&repo, &["agent", "uninstall", "cursor"]);
    assert_eq!(read(&outside), "{}\n");
    let ours = "{\"mcpServers\": {\"git-checkpoint\": {\"command\": \"/x/git-checkpoint\", \"args\": [\"mcp\"]}}}\n";
    std::fs::write(&outside, ours).unwrap();
    sb.fails(
        &repo,
        &["agent", "uninstall", "cursor"],
        &["outside the project"],
    );
    assert_eq!(read(&outside), ours);
    std::fs::write(&outside, "{}\n").unwrap();
    let status = sb.json(&repo, &["agent", "status", "cursor", "--json"]);
    assert!(mcp_row(&status, "cursor", "project")["problem"]
        .as_str()
        .unwrap()
        .contains("outside the project"));

    // A link inside the project is written through and kept.
    std::fs::remove_file(repo.join(".cursor/mcp.json")).unwrap();
    sb.file("r/config/mcp.json", b"{}\n");
    symlink("../config/mcp.json", &repo.join(".cursor/mcp.json"));
    sb.ok(&repo, &["agent", "install", "cursor", "--mcp"]);
    assert!(is_symlink(&repo.join(".cursor/mcp.json")));
    assert_eq!(
        our_servers(&read_json(&repo.join("config/mcp.json"))["mcpServers"]).len(),
        1
    );

    // A user config.toml linked to the user's dotfiles: written through, mode kept.
    let o3 = b"model = \"o3\"\n";
    let (real, link) = dotfile_linked_from(&sb, "codex.toml", o3, "home/.codex/config.toml");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
    sb.ok(&repo, &["agent", "install", "codex", "--user", "--mcp"]);
    assert!(is_symlink(&link));
    let text = read(&real);
    assert!(
        text.starts_with("model = \"o3\"\n\n[mcp_servers.git-checkpoint]\n"),
        "{text}"
    );
    assert_eq!(
        std::fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o600
    );
    sb.ok(&repo, &["agent", "uninstall", "codex", "--user"]);
    assert_eq!(read(&real), "model = \"o3\"\n");

    // Claude Desktop's file linked out of HOME: refused.
    let elsewhere = sb.file("shared/claude.json", b"{}\n");
    symlink(
        &elsewhere,
        &sb.path("home/.config/Claude/claude_desktop_config.json"),
    );
    sb.fails(
        &repo,
        &["agent", "install", "claude-desktop"],
        &["claude_desktop_config.json", "outside your home directory"],
    );
    assert_eq!(read(&elsewhere), "{}\n");
}

/// Codex takes the hooks and instructions of every scope together (Gemini CLI the
/// instructions), so a second scope is refused, naming the first and the fix, with nothing
/// written; `--mcp-only` registers the server alone where the hooks are elsewhere. Claude Code
/// runs identical hooks once, so both its scopes are fine. `agent status` warns about a double
/// install it finds (made outside the repository, where no project was in sight) and about our
/// hooks beside the agent's plugin.
#[test]
fn a_second_scope_is_refused_where_the_agent_takes_both_and_status_warns_about_doubles() {
    let (sb, repo) = Sandbox::with_repo();
    let home = sb.path("home");
    sb.ok(&repo, &["agent", "install", "codex"]);
    let err = sb.fails(
        &repo,
        &["agent", "install", "codex", "--user", "--mcp"],
        &[
            "Codex already has git-checkpoint's hooks in .codex/hooks.json (project scope)",
            "twice",
            "`git-checkpoint agent uninstall codex --project`",
            "--mcp-only",
        ],
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!home.join(".codex").exists(), "nothing written");
    let out = sb.ok(
        &repo,
        &["agent", "install", "codex", "--user", "--mcp-only"],
    );
    assert_eq!(out.trim().lines().count(), 1, "{out}");
    let config = read(&home.join(".codex/config.toml"));
    assert!(config.contains("[mcp_servers.git-checkpoint]"), "{config}");
    assert!(!home.join(".codex/hooks.json").exists());
    assert!(!home.join(".codex/AGENTS.md").exists());
    assert!(sb
        .ok(
            &repo,
            &["agent", "install", "codex", "--user", "--mcp-only"]
        )
        .contains("Codex already has the git-checkpoint MCP server; nothing to change"));
    let (_, quiet) = sb.ok_with_stderr(&repo, &["agent", "status"]);
    assert!(!quiet.contains("warning"), "{quiet}");

    // The user's Gemini CLI hooks refuse a project install, and name the fix.
    let elsewhere = sb.path("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    sb.ok(&elsewhere, &["agent", "install", "gemini", "--user"]);
    sb.fails(
        &repo,
        &["agent", "install", "gemini"],
        &[
            "~/.gemini/settings.json (user scope)",
            "`git-checkpoint agent uninstall gemini --user`",
        ],
    );
    assert!(!repo.join(".gemini").exists() && !repo.join("GEMINI.md").exists());
    // Claude Code: both scopes, no refusal, no warning.
    sb.ok(&repo, &["agent", "install", "claude"]);
    sb.ok(&repo, &["agent", "install", "claude", "--user"]);

    // Codex's user hooks installed where no project was in sight: status in the project warns.
    sb.ok(&elsewhere, &["agent", "install", "codex", "--user"]);
    let (_, warned) = sb.ok_with_stderr(&repo, &["agent", "status"]);
    assert!(
        warned.contains(
            "warning: codex: git-checkpoint's hooks and instructions are installed in 2 places \
             (project, user), and Codex takes them all, so the model gets them twice; keep one: \
             `git-checkpoint agent uninstall codex --user`"
        ),
        "{warned}"
    );
    assert!(!warned.contains("claude:"), "{warned}");
    let v = sb.json(&repo, &["agent", "status", "--json"]);
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1, "{v:#}");
    assert_eq!(v["plugins"], serde_json::json!([]));

    // Claude Code's plugin enabled in the user's settings, beside the project's hooks.
    let settings = home.join(".claude/settings.json");
    let mut user = read_json(&settings);
    user["enabledPlugins"] = serde_json::json!({"git-checkpoint@git-checkpoint": true});
    std::fs::write(&settings, user.to_string()).unwrap();
    let v = sb.json(&repo, &["agent", "status", "claude", "--json"]);
    assert_eq!(
        v["plugins"],
        serde_json::json!([{"agent": "claude", "file": settings.to_str().unwrap()}])
    );
    let warnings = v["warnings"].to_string();
    assert!(
        warnings.contains("claude: the git-checkpoint plugin is installed")
            && warnings.contains("stand down"),
        "{warnings}"
    );

    // `--mcp-only` uninstalls the server alone.
    sb.ok(
        &repo,
        &["agent", "uninstall", "codex", "--user", "--mcp-only"],
    );
    assert!(!read(&home.join(".codex/config.toml")).contains("git-checkpoint"));
    assert!(home.join(".codex/hooks.json").exists());
}

/// Runs `agent hook EVENT --agent claude` in `repo` with `extra` added to the payload; returns
/// stdout.
fn claude_hook(sb: &Sandbox, repo: &Path, event: &str, extra: Value) -> String {
    let mut payload = serde_json::json!({"cwd": repo, "session_id": "s-1"});
    payload
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let input = payload.to_string();
    let out = sb
        .cp(repo)
        .args(["agent", "hook", event, "--agent", "claude"])
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Issue 29, why 6: the files `agent install` writes (settings, hooks, skills, rules, MCP
/// entries, our section of a committed AGENTS.md) are not the user's work: `status`, the
/// brief, the nudge and a save's `files_modified` leave them out, and name the user's own
/// changes, also beside ours in the same directory or file.
#[test]
fn the_files_agent_install_writes_are_not_work_on_the_story() {
    let (sb, repo) = Sandbox::with_repo();
    std::fs::write(repo.join("AGENTS.md"), "# Rules\n\nUse tabs.\n").unwrap();
    sb.git(&repo, &["add", "AGENTS.md"]);
    sb.git(&repo, &["commit", "-q", "-m", "rules"]);
    sb.git(&repo, &["switch", "-q", "-c", "feature/#42-login"]);
    sb.ok(
        &repo,
        &["save", "-q", "--todo", "T1 — form", "--next", "start T1"],
    );
    sb.ok(&repo, &["agent", "install", "claude", "-q"]);
    sb.ok(&repo, &["agent", "install", "claude", "-q", "--shared"]);
    for agent in ["codex", "cursor", "gemini"] {
        sb.ok(&repo, &["agent", "install", agent, "-q", "--mcp"]);
    }
    // The user's own work, one file beside ours.
    std::fs::write(repo.join("form.rs"), "fn form() {}\n").unwrap();
    std::fs::create_dir_all(repo.join(".claude/commands")).unwrap();
    std::fs::write(repo.join(".claude/commands/review.md"), "Review.\n").unwrap();
    let work = [".claude/commands/review.md", "form.rs"];

    let st = sb.json(&repo, &["status", "42", "--json"]);
    assert_eq!(st["files_changed_since"], serde_json::json!(work), "{st}");
    let brief = claude_hook(
        &sb,
        &repo,
        "SessionStart",
        serde_json::json!({"source": "startup"}),
    );
    assert!(brief.contains("changed: form.rs"), "{brief}");
    assert!(!brief.contains("changed: AGENTS.md"), "{brief}");
    assert!(!brief.contains("changed: .claude/settings"), "{brief}");
    let nudge = claude_hook(&sb, &repo, "Stop", serde_json::json!({}));
    assert!(
        nudge.contains("2 changed files (.claude/commands/review.md, form.rs)"),
        "{nudge}"
    );
    sb.ok(&repo, &["save", "42", "-q", "-m", "form drafted"]);
    let v = sb.json(&repo, &["resume", "42", "--json"]);
    let recorded: Vec<&str> = v["files_modified"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(recorded, work, "{v}");
    let st = sb.json(&repo, &["status", "42", "--json"]);
    assert_eq!(st["files_changed_since"], serde_json::json!([]), "{st}");

    // A change of the user's own beside our section is work again.
    let agents = read(&repo.join("AGENTS.md"));
    std::fs::write(
        repo.join("AGENTS.md"),
        agents.replace("Use tabs.", "Use spaces."),
    )
    .unwrap();
    let st = sb.json(&repo, &["status", "42", "--json"]);
    assert_eq!(
        st["files_changed_since"],
        serde_json::json!(["AGENTS.md"]),
        "{st}"
    );
}
