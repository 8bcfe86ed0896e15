//! The one file writer (issue 30, Build 1): every file written outside `.git/checkpoint*`
//! (`export -o`, `agent install` and `uninstall`: hooks, skills, rules, instruction files) goes
//! through an exclusive temp file, keeps the user's mode, follows a symlink of the work tree
//! only when it leads inside it, and never writes into `.git/`. The attacks are repositories
//! that commit symlinks at the names we write.

use crate::common::Sandbox;
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

/// Makes `link` a symlink to `target`, creating `link`'s missing parent directories.
fn symlink(target: impl AsRef<Path>, link: &Path) {
    std::fs::create_dir_all(link.parent().expect("a link has a directory")).unwrap();
    std::os::unix::fs::symlink(target, link).unwrap();
}

/// Commits everything in `repo`'s work tree (the repository as an attacker shares it).
fn commit_all(sb: &Sandbox, repo: &Path, message: &str) {
    sb.git(repo, &["add", "-A"]);
    sb.git(repo, &["commit", "-q", "-m", message]);
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// Runs `git-checkpoint args` in `repo` through `sh`, which first plants a symlink to `victim`
/// at `.NAME.<pid>.tmp` (the temp name `export` used to write beside `-o NAME`: the pid is the
/// shell's, which `exec` hands to git-checkpoint). Returns (exit code, stderr).
fn with_planted_temp(
    sb: &Sandbox,
    repo: &Path,
    name: &str,
    victim: &Path,
    args: &[&str],
) -> (i32, String) {
    let mut cmd = std::process::Command::new("sh");
    sb.env(&mut cmd);
    cmd.current_dir(repo)
        .arg("-c")
        .arg(format!(
            "ln -s \"$1\" \".{name}.$$.tmp\" && shift && exec \"$@\""
        ))
        .arg("sh")
        .arg(victim)
        .arg(crate::common::bin())
        .args(args);
    let out = cmd.output().expect("sh runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 30, first finding: `export -o` wrote a predictable temp name beside the target, so a
/// committed symlink there sent a teammate's `$(touch PWNED)` into a shell rc file outside the
/// repository. Now the temp file is created exclusively under a random name: the rc file is
/// untouched and the export lands where it was asked to.
#[test]
fn export_never_writes_through_a_symlink_at_the_temp_name() {
    let (sb, repo) = Sandbox::with_repo();
    let victim = sb.file("home/.bashrc", b"# rc\n");
    sb.ok(&repo, &["save", "42", "-q", "--title", "$(touch PWNED)"]);
    let (code, err) = with_planted_temp(
        &sb,
        &repo,
        "notes.md",
        &victim,
        &["export", "42", "--format", "pair", "-o", "notes.md"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(read(&victim), "# rc\n", "the rc file outside was written");
    let written = repo.join("notes.md");
    assert!(!std::fs::symlink_metadata(&written).unwrap().is_symlink());
    assert!(read(&written).contains("$(touch PWNED)"));
}

/// A symlink committed at the export target (named by `-o`, or the format's own name when `-o`
/// is a directory) that leads out of the work tree is refused: one line naming the path and
/// the fix, a non-zero exit, the outside file untouched. Into `.git/` likewise, and through a
/// committed directory symlink. Before, the outside file was replaced or written through.
#[test]
fn export_refuses_a_committed_symlink_leading_out_of_the_work_tree_or_into_git() {
    let (sb, repo) = Sandbox::with_repo();
    let victim = sb.file("home/.bashrc", b"# rc\n");
    sb.ok(&repo, &["save", "42", "-q", "--title", "$(touch PWNED)"]);
    let default_name = {
        let v = sb.json(
            &repo,
            &["export", "42", "--format", "pair", "-o", "probe/", "--json"],
        );
        let w = v["written"][0].as_str().unwrap().to_string();
        std::fs::remove_dir_all(repo.join("probe")).unwrap();
        Path::new(&w)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    };
    symlink(&victim, &repo.join("notes.md"));
    symlink(&victim, &repo.join(&default_name));
    symlink("../outside", &repo.join("out"));
    std::fs::create_dir_all(sb.path("outside")).unwrap();
    symlink(".git/config", &repo.join("cfg.md"));
    commit_all(&sb, &repo, "planted links");
    let config = read(&repo.join(".git/config"));

    for (arg, shown) in [
        ("notes.md", "notes.md"),
        (".", default_name.as_str()),
        ("out/", "out/"),
        ("cfg.md", "cfg.md"),
        (".git/x.md", ".git/x.md"),
    ] {
        let (code, out, err) = sb.run(&repo, &["export", "42", "--format", "pair", "-o", arg]);
        assert_ne!(code, 0, "-o {arg} succeeded: {out}");
        assert_eq!(err.trim().lines().count(), 1, "-o {arg}: {err}");
        assert!(err.contains(shown), "-o {arg}: want {shown:?} in {err}");
        assert!(
            err.contains("remove the symlink") || err.contains("outside it"),
            "-o {arg}: no fix in {err}"
        );
        assert!(out.is_empty(), "-o {arg}: {out}");
    }
    assert_eq!(read(&victim), "# rc\n");
    assert_eq!(read(&repo.join(".git/config")), config);
    assert_eq!(std::fs::read_dir(sb.path("outside")).unwrap().count(), 0);
    assert!(!repo.join(".git/x.md").exists());
    sb.git(&repo, &["status", "--short"]);
}

/// What the user made on purpose still works: a symlink inside the work tree leading inside it
/// is written through (the link kept), and so is the user's own symlink outside the work tree
/// (the repository cannot have put it there). The replaced file keeps its mode (before, an
/// export over a 0600 file left it 0644).
#[test]
fn export_writes_through_the_users_own_symlinks_and_keeps_the_mode() {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "42", "-q", "--title", "Parser"]);
    sb.file("r/docs/real.md", b"old\n");
    symlink("docs/real.md", &repo.join("inside.md"));
    sb.ok(
        &repo,
        &[
            "export",
            "42",
            "--format",
            "pair",
            "-o",
            "inside.md",
            "--force",
        ],
    );
    assert!(std::fs::symlink_metadata(repo.join("inside.md"))
        .unwrap()
        .is_symlink());
    assert!(read(&repo.join("docs/real.md")).contains("Parser"));

    let mine = sb.file("home/notes/real.md", b"old\n");
    let link = sb.path("home/current.md");
    symlink(&mine, &link);
    sb.ok(
        &repo,
        &[
            "export",
            "42",
            "--format",
            "pair",
            "-o",
            link.to_str().unwrap(),
            "--force",
        ],
    );
    assert!(read(&mine).contains("Parser"));
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());

    let private = repo.join("private.md");
    std::fs::write(&private, "old\n").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    sb.ok(
        &repo,
        &[
            "export",
            "42",
            "--format",
            "pair",
            "-o",
            "private.md",
            "--force",
        ],
    );
    let mode = std::fs::metadata(&private).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "mode {mode:o}");
    assert!(read(&private).contains("Parser"));
}

/// Issue 30, second finding: `agent install` followed a committed `SKILL.md`, `AGENTS.md`,
/// `GEMINI.md`, Cursor rule or settings file that is a symlink to `.git/config`, wrote into it
/// (git then failed with "bad config line 1") and exited 0. Now each is refused in one line
/// naming the file and the fix, `.git/config` is untouched and git still works; so is a
/// committed `.claude -> .git` directory symlink.
#[test]
fn agent_install_refuses_committed_symlinks_into_git() {
    for (agent, file) in [
        ("claude", ".claude/skills/git-checkpoint/SKILL.md"),
        ("claude", ".claude/settings.local.json"),
        ("codex", "AGENTS.md"),
        ("gemini", "GEMINI.md"),
        ("cursor", ".cursor/rules/git-checkpoint.mdc"),
        ("claude", ".claude"),
    ] {
        let (sb, repo) = Sandbox::with_repo();
        let link = repo.join(file);
        let depth = Path::new(file).components().count() - 1;
        let to = if file == ".claude" {
            ".git".to_string()
        } else {
            format!("{}.git/config", "../".repeat(depth))
        };
        symlink(&to, &link);
        commit_all(&sb, &repo, "planted link");
        let config = read(&repo.join(".git/config"));
        let before: Vec<_> = std::fs::read_dir(repo.join(".git"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        let (code, out, err) = sb.run(&repo, &["agent", "install", agent]);
        assert_ne!(code, 0, "{file}: install succeeded: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{file}: {err}");
        assert!(
            err.contains(file)
                && err.contains("inside a git directory")
                && err.contains("remove the symlink"),
            "{file}: {err}"
        );
        assert_eq!(
            read(&repo.join(".git/config")),
            config,
            "{file}: .git/config written"
        );
        let after: Vec<_> = std::fs::read_dir(repo.join(".git"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(before, after, "{file}: a file appeared in .git/");
        sb.git(&repo, &["status", "--short"]);
        sb.fails(
            &repo,
            &["agent", "install", agent, "--dry-run"],
            &["inside a git directory"],
        );
    }
}
