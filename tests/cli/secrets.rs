//! The secret guard: save, import and push refuse content holding a credential, naming the
//! line and the kind but never the secret; `--allow-secret` and `checkpoint.secretScan=false`.

use crate::common::{assert_contains_all, github_token, github_token_from, Sandbox};
use std::path::{Path, PathBuf};

/// A document whose line 7 holds the token.
fn leaky_doc(token: &str) -> String {
    format!(
        "## Story\nleak\n## Branch\nmain\n## Tasks Done\n- a\n- deployed with {token}\n## Key Decisions\n- b\n## Remaining Todos\n- c\n"
    )
}

fn objects(sb: &Sandbox, repo: &Path) -> String {
    sb.git(repo, &["count-objects", "-v"])
}

fn one_line_error(stderr: &[u8]) -> String {
    let s = String::from_utf8_lossy(stderr).into_owned();
    assert_eq!(s.lines().count(), 1, "one line: {s}");
    assert!(s.starts_with("error: "), "{s}");
    s
}

/// Runs `git-checkpoint args` in `dir` and asserts the secret guard refused it: exit 1, a
/// one-line error holding each of `wanted` and never `token`, and no ref of `unmoved` (the
/// repository written to, or the remote pushed to) moved; returns the error.
fn refused(
    sb: &Sandbox,
    dir: &Path,
    args: &[&str],
    token: &str,
    unmoved: &Path,
    wanted: &[&str],
) -> String {
    let before = sb.refs(unmoved);
    let out = sb.cp(dir).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let err = one_line_error(&out.stderr);
    assert_contains_all(&err, wanted, "the error");
    assert!(!err.contains(token), "the secret is never echoed: {err}");
    assert_eq!(
        sb.refs(unmoved),
        before,
        "{args:?} moved a ref of {}",
        unmoved.display()
    );
    err
}

fn bare_remote(sb: &Sandbox) -> (PathBuf, PathBuf) {
    (sb.bare_origin(), sb.clone_origin("a"))
}

#[test]
fn save_refuses_a_github_token_naming_the_line() {
    let (sb, repo) = Sandbox::with_repo();
    let token = github_token();
    let file = sb.file("leak.md", leaky_doc(&token).as_bytes());
    let (refs, objs) = (sb.refs(&repo), objects(&sb, &repo));
    let args = ["save", "leak", "-F", file.to_str().unwrap()];
    let wanted = [
        "line 7 of checkpoint.md",
        "GitHub personal access token",
        "nothing was written",
        "--allow-secret",
    ];
    refused(&sb, &repo, &args, &token, &repo, &wanted);
    assert_eq!(objects(&sb, &repo), objs);

    // Flags and the journal are scanned too.
    sb.fails(
        &repo,
        &["save", "leak", "--todo", &format!("rotate {token}")],
        &["checkpoint.md holds a credential"],
    );
    sb.fails(
        &repo,
        &["save", "leak", "-m", &format!("done\nused {token}")],
        &["line 2 of the journal entry holds a credential (GitHub personal access token)"],
    );
    assert_eq!(sb.refs(&repo), refs);

    // --allow-secret overrides for that value; a new one is guarded again.
    sb.ok(
        &repo,
        &[
            "save",
            "leak",
            "-F",
            file.to_str().unwrap(),
            "--allow-secret",
        ],
    );
    assert!(sb.refs(&repo).contains("refs/checkpoints/leak"));
    sb.fails(
        &repo,
        &[
            "save",
            "leak",
            "--todo",
            &format!("rotate {}", other_token()),
        ],
        &["holds a credential (GitHub personal access token)"],
    );
}

/// Another GitHub personal access token, unlike [`github_token`].
fn other_token() -> String {
    github_token_from("Zq8Wx7Vc6Bn5Mm4Lk3Jh2Gf1Dd0Ss9Aa8Pp7Oo6")
}

/// The `Checkpoint-Accepted-Secret` trailers of `rev`'s commit message.
fn accepted_trailers(sb: &Sandbox, repo: &Path, rev: &str) -> Vec<String> {
    sb.git(repo, &["log", "-1", "--format=%B", rev])
        .lines()
        .filter_map(|l| l.strip_prefix("Checkpoint-Accepted-Secret: "))
        .map(str::to_string)
        .collect()
}

/// Saves story `leak` in `repo` from [`leaky_doc`] with `--allow-secret`; returns the token.
fn save_accepted(sb: &Sandbox, repo: &Path) -> String {
    let token = github_token();
    let file = sb.file("leak.md", leaky_doc(&token).as_bytes());
    let file = file.to_str().unwrap();
    sb.ok(repo, &["save", "leak", "-q", "-F", file, "--allow-secret"]);
    token
}

#[test]
fn allow_secret_is_recorded_and_later_saves_warn_instead_of_refusing() {
    let (sb, repo) = Sandbox::with_repo();
    let token = save_accepted(&sb, &repo);
    // The revision names the kind and a fingerprint of the value, never the value: the first
    // 12 hex digits of the value's SHA-256 blob id, as git computes it.
    let sha256 = sb.path("sha256");
    sb.git(
        sb.tmp.path(),
        &[
            "init",
            "-q",
            "--object-format=sha256",
            sha256.to_str().unwrap(),
        ],
    );
    let raw = sb.file("value", token.as_bytes());
    let blob = sb.git(&sha256, &["hash-object", raw.to_str().unwrap()]);
    std::fs::remove_file(&raw).unwrap();
    let trailers = accepted_trailers(&sb, &repo, "refs/checkpoints/leak");
    assert_eq!(
        trailers,
        vec![format!(
            "{} GitHub personal access token",
            &blob.trim()[..12]
        )]
    );
    let message = sb.git(
        &repo,
        &["log", "-1", "--format=%B", "refs/checkpoints/leak"],
    );
    assert!(!message.contains(&token), "{message}");

    // A later save that still holds the same value warns and proceeds.
    let out = sb
        .cp(&repo)
        .args(["save", "leak", "-q", "--next", "rotate the token"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // The line is the token's line in the new revision's document.
    let document = sb.git(&repo, &["show", "refs/checkpoints/leak:checkpoint.md"]);
    let line = 1 + document.lines().position(|l| l.contains(&token)).unwrap();
    assert!(
        stderr.contains(&format!(
            "warning: revision 1 holds an accepted secret (GitHub personal access token, line {line})"
        )),
        "{stderr}"
    );
    assert!(!stderr.contains(&token), "{stderr}");
    let v = sb.json(&repo, &["resume", "leak", "--json"]);
    assert_eq!(v["revision"], 2, "{v}");
    // Revision 2 accepted nothing new: the acceptance stays on revision 1.
    assert!(accepted_trailers(&sb, &repo, "refs/checkpoints/leak").is_empty());
    // The journal entry counts too, and says where it holds it.
    let out = sb
        .cp(&repo)
        .args(["save", "leak", "-q", "-m", &format!("notes\nused {token}")])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("(GitHub personal access token, line 2 of the journal entry)"),
        "{stderr}"
    );

    // A new secret is refused as before, and nothing is written.
    let before = sb.refs(&repo);
    sb.fails(
        &repo,
        &[
            "save",
            "leak",
            "--context",
            &format!("and {}", other_token()),
        ],
        &[
            "holds a credential (GitHub personal access token)",
            "nothing was written",
        ],
    );
    assert_eq!(sb.refs(&repo), before);
    // Accepting it records only the new value.
    sb.ok(
        &repo,
        &[
            "save",
            "leak",
            "-q",
            "--context",
            &format!("and {}", other_token()),
            "--allow-secret",
        ],
    );
    assert_eq!(
        accepted_trailers(&sb, &repo, "refs/checkpoints/leak").len(),
        1
    );
}

#[test]
fn push_and_sync_refuse_a_range_holding_an_accepted_secret() {
    let sb = Sandbox::new();
    let (origin, a) = bare_remote(&sb);
    let token = save_accepted(&sb, &a);
    sb.ok(&a, &["save", "leak", "-q", "--next", "ship it"]);
    let tip = sb.git(&a, &["rev-parse", "--short=12", "refs/checkpoints/leak"]);
    let document = sb.git(&a, &["show", "refs/checkpoints/leak:checkpoint.md"]);
    let line = 1 + document.lines().position(|l| l.contains(&token)).unwrap();
    let accepted = format!(
        "refusing to push: revision 2 of refs/checkpoints/leak ({}) holds a secret accepted with --allow-secret on revision 1 (GitHub personal access token, line {line} of checkpoint.md)",
        tip.trim()
    );
    let wanted = [&accepted, "Push with --allow-secret", "nothing was pushed"];
    for args in [vec!["push", "origin", "leak"], vec!["push"], vec!["sync"]] {
        refused(&sb, &a, &args, &token, &origin, &wanted);
    }
    // Given again, it is sent; sync takes the flag too.
    sb.ok(&a, &["sync", "-q", "--allow-secret"]);
    assert!(sb.refs(&origin).contains("refs/checkpoints/leak"));
    sb.ok(&a, &["save", "leak", "-q", "--next", "tag it"]);
    sb.fails(
        &a,
        &["push", "origin", "leak"],
        &["revision 3 of refs/checkpoints/leak"],
    );
    sb.ok(&a, &["push", "origin", "leak", "-q", "--allow-secret"]);
}

#[test]
fn secret_scan_config_turns_the_guard_off() {
    let (sb, repo) = Sandbox::with_repo();
    let file = sb.file("leak.md", leaky_doc(&github_token()).as_bytes());
    sb.git(&repo, &["config", "checkpoint.secretScan", "false"]);
    sb.ok(&repo, &["save", "leak", "-F", file.to_str().unwrap()]);
    sb.git(&repo, &["config", "checkpoint.secretScan", "maybe"]);
    sb.fails(
        &repo,
        &["save", "leak", "-m", "x"],
        &["checkpoint.secretScan"],
    );
}

#[test]
fn import_refuses_before_writing_any_story() {
    let (sb, repo) = Sandbox::with_repo();
    let clean = sb.file(
        "in/a1.md",
        b"# Checkpoint: a1 \xe2\x80\x94 Clean\n\n## 1. Story\n**ID:** a1\n",
    );
    let leaky = sb.file(
        "in/z9.md",
        format!(
            "# Checkpoint: z9 \u{2014} Leaky\n\n## 1. Story\n**ID:** z9\n- {}\n",
            github_token()
        )
        .as_bytes(),
    );
    let before = sb.refs(&repo);
    sb.fails(
        &repo,
        &["import", clean.to_str().unwrap(), leaky.to_str().unwrap()],
        &["refusing to import", "GitHub personal access token"],
    );
    assert_eq!(sb.refs(&repo), before);
    sb.ok(
        &repo,
        &[
            "import",
            clean.to_str().unwrap(),
            leaky.to_str().unwrap(),
            "--allow-secret",
        ],
    );
}

#[test]
fn push_refuses_a_tip_holding_a_github_token() {
    let sb = Sandbox::new();
    let (origin, a) = bare_remote(&sb);
    let token = github_token();
    let file = sb.file("leak.md", leaky_doc(&token).as_bytes());
    // Written with the scan off (another tool, or an older version): the push still guards.
    sb.git(&a, &["config", "checkpoint.secretScan", "false"]);
    sb.ok(&a, &["save", "leak", "-F", file.to_str().unwrap()]);
    sb.git(&a, &["config", "--unset", "checkpoint.secretScan"]);
    let wanted = [
        "refusing to push",
        "line 7 of checkpoint.md of refs/checkpoints/leak at ",
        "GitHub personal access token",
        "nothing was pushed",
    ];
    for args in [vec!["push", "origin", "leak"], vec!["push"], vec!["sync"]] {
        refused(&sb, &a, &args, &token, &origin, &wanted);
    }
    let v = sb.json(&a, &["push", "origin", "leak", "--allow-secret", "--json"]);
    assert!(v["pushed"].to_string().contains("refs/checkpoints/leak"));
    assert!(sb.refs(&origin).contains("refs/checkpoints/leak"));
    // Once on the remote, an unchanged tip is not scanned again.
    sb.ok(&a, &["push", "origin", "leak"]);
}

#[test]
fn push_scans_the_commit_message_too() {
    let sb = Sandbox::new();
    let (origin, a) = bare_remote(&sb);
    sb.ok(
        &a,
        &[
            "save",
            "msg",
            "-m",
            &format!("deploy\n\nkey in {}", github_token()),
            "--allow-secret",
        ],
    );
    sb.fails(
        &a,
        &["push", "origin", "msg"],
        &[
            "revision 1 of refs/checkpoints/msg",
            "line 2 of the commit message)",
        ],
    );
    assert!(!sb.refs(&origin).contains("checkpoints"));
}

#[test]
fn push_scans_every_revision_the_remote_lacks_not_only_the_tip() {
    let sb = Sandbox::new();
    let (origin, a) = bare_remote(&sb);
    let token = github_token();
    sb.ok(&a, &["save", "old", "-q", "--title", "Clean start"]);
    sb.ok(&a, &["push", "origin", "old", "-q"]);
    // A revision holding the token (saved with --allow-secret), then one that removes it: the
    // tip is clean, the revision before it would reach the remote all the same.
    sb.ok(
        &a,
        &[
            "save",
            "old",
            "-q",
            "--context",
            &format!("token {token}"),
            "--allow-secret",
        ],
    );
    let leaky = sb.git(&a, &["rev-parse", "--short=12", "refs/checkpoints/old"]);
    let clean = sb.file("clean.md", b"# Clean again\n\n## Next Action\n\nship it\n");
    sb.ok(&a, &["save", "old", "-q", "-F", clean.to_str().unwrap()]);
    let leaky = format!("revision 2 of refs/checkpoints/old ({})", leaky.trim());
    refused(
        &sb,
        &a,
        &["push", "origin", "old"],
        &token,
        &origin,
        &[&leaky],
    );
    // What the remote already has is not scanned again: the first revision was pushed.
    sb.ok(&a, &["push", "origin", "old", "-q", "--allow-secret"]);
    sb.ok(&a, &["save", "old", "-q", "--next", "tag the release"]);
    sb.ok(&a, &["push", "origin", "old", "-q"]);
}

#[test]
fn done_refuses_a_message_holding_a_credential_and_archives_nothing() {
    let sb = Sandbox::new();
    let (_origin, a) = bare_remote(&sb);
    sb.ok(&a, &["save", "fin", "-q", "--title", "Almost there"]);
    let token = github_token();
    let args = ["done", "fin", "-m", &format!("shipped with {token}")];
    let wanted = ["refusing to finish: line 1 of the journal entry holds a credential"];
    refused(&sb, &a, &args, &token, &a, &wanted);
    sb.ok(
        &a,
        &[
            "done",
            "fin",
            "-q",
            "-m",
            &format!("shipped with {token}"),
            "--allow-secret",
        ],
    );
    assert!(sb.refs(&a).contains("refs/checkpoints-archive/fin"));
}

#[test]
fn push_scans_the_notes_it_sends() {
    let sb = Sandbox::new();
    let (origin, a) = bare_remote(&sb);
    sb.ok(&a, &["save", "n", "-q", "--title", "Noted"]);
    sb.ok(&a, &["push", "origin", "-q"]);
    // Another tool wrote a note holding a token on the notes ref we share.
    let token = github_token();
    sb.git(
        &a,
        &[
            "notes",
            "--ref=checkpoints",
            "append",
            "-m",
            &format!("deploy key {token}"),
            "HEAD",
        ],
    );
    let head = sb.git(&a, &["rev-parse", "HEAD"]);
    let before = sb.refs(&origin);
    let note = format!("of the note {} of refs/notes/checkpoints", head.trim());
    refused(&sb, &a, &["push", "origin"], &token, &origin, &[&note]);
    sb.ok(&a, &["push", "origin", "-q", "--allow-secret"]);
    assert_ne!(sb.refs(&origin), before);
}

#[test]
fn import_and_done_record_what_allow_secret_accepted() {
    let (sb, repo) = Sandbox::with_repo();
    let token = github_token();
    let file = sb.file("leak.md", leaky_doc(&token).as_bytes());
    sb.fails(
        &repo,
        &["import", file.to_str().unwrap(), "--story", "leak"],
        &["GitHub personal access token"],
    );
    sb.ok(
        &repo,
        &[
            "import",
            file.to_str().unwrap(),
            "--story",
            "leak",
            "--allow-secret",
        ],
    );
    let imported = accepted_trailers(&sb, &repo, "refs/checkpoints/leak");
    assert_eq!(imported.len(), 1, "{imported:?}");
    assert!(imported[0].ends_with(" GitHub personal access token"));
    // So a later save of the imported story warns instead of refusing it as a new secret.
    let (code, _, err) = sb.run(&repo, &["save", "leak", "-q", "--next", "rotate it"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("revision 1 holds an accepted secret"), "{err}");

    // `done -m` with a credential, accepted: recorded on the archived revision.
    let other = other_token();
    let message = format!("shipped with {other}");
    sb.ok(
        &repo,
        &[
            "done",
            "leak",
            "--force",
            "-q",
            "-m",
            &message,
            "--allow-secret",
        ],
    );
    let trailers = accepted_trailers(&sb, &repo, "refs/checkpoints-archive/leak");
    // The message's token only: the document's was accepted on revision 1 already.
    assert_eq!(trailers.len(), 1, "{trailers:?}");
    assert_ne!(trailers[0], imported[0]);
}
