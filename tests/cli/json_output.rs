//! The `--json` contract: every command that offers `--json` (found from `--help`, walking
//! subcommands) is run on a real repository with a real bare remote, and each document
//! validates against its strict schema in docs/json-schema/v1/ (generated from
//! `git_checkpoint::json`; `generated.rs` checks the files are fresh). The schemas forbid
//! unknown fields and require every field, and docs/FORMAT.md names every field.

use crate::common::{bin, schema, Sandbox, CP_MD};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// The subcommand names listed in the `Commands:` section of a `--help` text.
fn subcommands(help: &str) -> Vec<String> {
    let Some(section) = help.split("Commands:\n").nth(1) else {
        return Vec::new();
    };
    let section = section.split("\n\n").next().unwrap_or_default();
    section
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect()
}

fn help(path: &[String]) -> String {
    let out = Command::new(bin())
        .args(path)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "{path:?} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// Every command path (`save`, `stack push`, ...) whose `--help` lists a `--json` option.
fn commands_with_json() -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut todo: Vec<Vec<String>> = subcommands(&help(&[]))
        .into_iter()
        .map(|c| vec![c])
        .collect();
    while let Some(path) = todo.pop() {
        let text = help(&path);
        let subs = subcommands(&text);
        if subs.is_empty() {
            if text.lines().any(|l| l.trim_start().starts_with("--json")) {
                found.insert(path.join(" "));
            }
        } else {
            for s in subs {
                let mut p = path.clone();
                p.push(s);
                todo.push(p);
            }
        }
    }
    found
}

/// The command path `args` runs: the first word, and the second for `stack`.
fn command_path(args: &[&str]) -> String {
    match args {
        ["stack" | "agent", sub, ..] => format!("{} {sub}", args[0]),
        [c, ..] => c.to_string(),
        [] => String::new(),
    }
}

/// Runs `args` in `dir`, asserts exit status `code`, parses stdout and validates it.
fn json_exit(sb: &Sandbox, dir: &Path, args: &[&str], code: i32) -> Value {
    let out = sb.cp(dir).args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {stdout}"));
    schema::check(args, &v);
    v
}

#[test]
fn every_command_with_json_output_validates_against_its_strict_schema() {
    let (sb, repo) = Sandbox::with_repo();
    sb.add_empty_origin(&repo, "o.git");
    let cp = sb.file("cp.md", CP_MD.as_bytes());
    let cp = cp.to_str().unwrap();
    std::fs::create_dir_all(sb.path("exported")).unwrap();
    let pair_file = sb.path("exported/auth.md");
    let pair_file = pair_file.to_str().unwrap();
    // (arguments, exit status), in an order where each run has what it needs; `!commit` makes
    // a code commit.
    let runs: &[(&[&str], i32)] = &[
        (&["save", "auth", "-F", cp, "--json"], 0),
        (
            &["save", "auth", "--done", "c", "--decision", "d2", "--json"],
            0,
        ),
        (&["save", "auth", "--print", "--json"], 0),
        (&["save", "other", "--todo", "x", "--json"], 0),
        (&["resume", "auth", "--json"], 0),
        (&["resume", "auth", "--rev", "1", "--json"], 0),
        (&["show", "auth", "--json"], 0),
        (&["show", "auth", "--format", "json"], 0),
        (&["list", "--all", "--json"], 0),
        (&["log", "auth", "--json"], 0),
        (&["log", "auth", "--completed", "--json"], 0),
        (&["diff", "auth", "--json"], 0),
        (&["diff", "auth", "1", "2", "--json"], 0),
        (&["diff", "other", "--json"], 0),
        (&["at", "--json"], 0),
        (&["status", "auth", "--json"], 0),
        (&["save", "auth", "--json"], 0),
        (&["!commit"], 0),
        (&["status", "auth", "--max-commits", "0", "--json"], 1),
        (&["status", "nothing-yet", "--json"], 1),
        (&["start", "auth", "--json"], 0),
        (&["switch", "other", "--json"], 0),
        (
            &["stack", "push", "other", "--reason", "blocked", "--json"],
            0,
        ),
        (&["stack", "list", "--json"], 0),
        (&["stack", "pop", "--json"], 0),
        (&["stack", "push", "auth", "--reason", "later", "--json"], 0),
        (&["stack", "drop", "--json"], 0),
        (&["stack", "list", "--json"], 0),
        (&["prompt", "auth", "--json"], 0),
        (&["prompt", "auth", "--max-chars", "300", "--json"], 0),
        (&["export", "auth", "--format", "team", "--json"], 0),
        (
            &[
                "export", "auth", "--format", "pair", "-o", pair_file, "--json",
            ],
            0,
        ),
        (&["import", pair_file, "--json"], 0),
        (&["setup", "--json"], 0),
        (&["setup", "--json"], 0),
        (&["push", "--json"], 0),
        (&["fetch", "--json"], 0),
        (&["sync", "--json"], 0),
        (&["done", "auth", "--json"], 0),
        (&["list", "--archived", "--json"], 0),
        (&["resume", "auth", "--archived", "--json"], 0),
        (&["sync", "--json"], 0),
        (&["done", "other", "--purge", "--yes", "--json"], 0),
        (&["claim", "auth", "--json"], 0),
        (&["handoff", "auth", "--to", "bob@example.com", "--json"], 0),
        (&["release", "auth", "--json"], 0),
        (&["setup", "--undo", "--json"], 0),
        (&["agent", "install", "codex"], -1),
        (&["agent", "status", "--json"], 0),
    ];
    let mut covered = BTreeSet::new();
    let mut outputs: Vec<(Vec<&str>, Value)> = Vec::new();
    for (args, code) in runs {
        if args == &["!commit"] {
            sb.git(&repo, &["commit", "-q", "--allow-empty", "-m", "code"]);
            continue;
        }
        if *code == -1 {
            sb.ok(&repo, args);
            continue;
        }
        assert!(schema::schema_for(args).is_some(), "{args:?} has a schema");
        outputs.push((args.to_vec(), json_exit(&sb, &repo, args, *code)));
        covered.insert(command_path(args));
    }
    // The runs reach the documents' interesting variants, not only empty ones.
    let first = |prefix: &[&str]| {
        outputs
            .iter()
            .find(|(a, _)| a.starts_with(prefix))
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("no run of {prefix:?}"))
    };
    assert_eq!(first(&["save", "auth", "--done"])["mode"], "updated");
    assert_eq!(first(&["save", "auth", "--print"])["persisted"], false);
    assert!(first(&["at"])["checkpoints"][0]["story"].is_string());
    assert!(first(&["switch"])["saved"]["commit"].is_string());
    assert_eq!(first(&["stack", "pop"])["resume"]["story"], "other");
    assert!(first(&["export", "auth", "--format", "team"])["completed_md"].is_string());
    assert_eq!(first(&["import"])["imported"][0]["story"], "auth");
    assert!(!first(&["push"])["pushed"].as_array().unwrap().is_empty());
    assert!(!first(&["setup"])["changed"].as_array().unwrap().is_empty());
    assert_eq!(first(&["done", "auth"])["status"], "done");
    assert!(first(&["agent", "status"])["agents"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["agent"] == "codex" && r["scope"] == "project" && r["hooks"] == "installed"));
    assert!(first(&["done", "other"])["purged"][0].is_string());
    let wanted = commands_with_json();
    assert!(
        wanted.contains("stack pop") && wanted.contains("save"),
        "{wanted:?}"
    );
    let missing: Vec<_> = wanted.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "commands with --json that this test does not run: {missing:?}"
    );
}

#[test]
fn every_command_with_json_output_has_a_schema_file() {
    let files: Vec<String> = schema::all().into_iter().map(|(n, _)| n).collect();
    for command in commands_with_json() {
        let mut args: Vec<&str> = command.split(' ').collect();
        args.push("--json");
        let file = schema::schema_for(&args).unwrap_or_else(|| {
            panic!("`{command} --json`: git_checkpoint::json::schemas() lists no schema")
        });
        assert!(
            files.contains(&file.to_string()),
            "{file} missing for {command}"
        );
    }
    // And no schema names a command that has no --json.
    let wanted = commands_with_json();
    for s in git_checkpoint::json::schemas() {
        // An MCP tool's result has no --json; tests/cli/mcp.rs validates it.
        for c in s.commands.iter().filter(|c| !c.starts_with("the MCP ")) {
            assert!(wanted.contains(*c), "{}: `{c}` has no --json", s.file);
        }
    }
    for (name, v) in schema::all() {
        assert_eq!(
            v["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{name}"
        );
        assert_eq!(
            v["$id"],
            format!("{}{name}", schema::BASE),
            "{name}: $id matches its file name"
        );
    }
}

/// Every object schema in `v` (recursively), with its JSON pointer.
fn object_schemas<'a>(v: &'a Value, at: String, out: &mut Vec<(String, &'a Value)>) {
    match v {
        Value::Object(o) => {
            if o.get("type") == Some(&Value::from("object")) {
                out.push((at.clone(), v));
            }
            for (k, child) in o {
                object_schemas(child, format!("{at}/{k}"), out);
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                object_schemas(child, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn schemas_are_strict_and_the_validator_rejects_extra_and_missing_fields() {
    for (name, v) in schema::all() {
        let mut objects = Vec::new();
        object_schemas(&v, String::new(), &mut objects);
        assert!(!objects.is_empty(), "{name} describes objects");
        for (at, o) in objects {
            assert_eq!(
                o["additionalProperties"],
                Value::Bool(false),
                "{name}#{at} accepts unknown fields"
            );
            let props: BTreeSet<&str> = o["properties"]
                .as_object()
                .map(|p| p.keys().map(String::as_str).collect())
                .unwrap_or_default();
            let required: BTreeSet<&str> = o["required"]
                .as_array()
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            // The one field that may be absent: files of a `log --completed` entry.
            let optional: BTreeSet<&str> = props.difference(&required).copied().collect();
            assert!(
                optional.is_empty()
                    || (name == "log.schema.json" && optional == BTreeSet::from(["files"])),
                "{name}#{at}: not required: {optional:?}"
            );
        }
    }

    let (sb, repo) = Sandbox::with_repo();
    let cp = sb.file("cp.md", CP_MD.as_bytes());
    sb.ok(&repo, &["save", "auth", "-F", cp.to_str().unwrap()]);
    sb.git(&repo, &["commit", "-q", "--allow-empty", "-m", "more"]);
    let cases: &[(&[&str], &str)] = &[
        (&["resume", "auth", "--json"], "/files_modified"),
        (&["save", "auth", "--todo", "y", "--json"], ""),
        (&["list", "--json"], "/0"),
        (&["log", "auth", "--json"], "/revisions/0"),
        (&["status", "auth", "--json"], ""),
        (&["stack", "list", "--json"], ""),
        (&["diff", "auth", "--json"], "/changes"),
        (&["agent", "status", "--json"], "/agents/0"),
    ];
    for (args, nested) in cases {
        let file = schema::schema_for(args).unwrap();
        let v = sb.json(&repo, args);
        assert!(schema::errors(file, &v).is_empty());
        // An extra field at the top fails.
        let mut extra = v.clone();
        match &mut extra {
            Value::Object(o) => o.insert("unexpected".into(), Value::from(1)),
            Value::Array(a) => a[0]
                .as_object_mut()
                .unwrap()
                .insert("unexpected".into(), Value::from(1)),
            _ => unreachable!(),
        };
        let errs = schema::errors(file, &extra);
        assert!(!errs.is_empty(), "{args:?}: an extra field validates");
        // An extra field in a nested object fails too.
        if !nested.is_empty() {
            let mut deep = v.clone();
            let target = deep.pointer_mut(nested).unwrap();
            if let Value::Array(a) = target {
                a.push(serde_json::json!({"path": "x", "state": "staged"}));
                let last = a.last_mut().unwrap();
                last["unexpected"] = Value::from(true);
            } else {
                target["unexpected"] = Value::from(true);
            }
            assert!(
                !schema::errors(file, &deep).is_empty(),
                "{args:?}: an extra field at {nested} validates"
            );
        }
        // A missing field fails.
        let mut missing = v.clone();
        let obj = match &mut missing {
            Value::Array(a) => a[0].as_object_mut().unwrap(),
            o => o.as_object_mut().unwrap(),
        };
        let key = obj.keys().find(|k| *k != "schema_version").unwrap().clone();
        obj.remove(&key);
        assert!(
            !schema::errors(file, &missing).is_empty(),
            "{args:?}: without {key} validates"
        );
    }
    // Wrong values fail as before.
    let mut v = sb.json(&repo, &["list", "--json"]);
    v[0]["commit"] = Value::from("not-hex");
    assert!(!schema::errors("list.schema.json", &v).is_empty());
    let mut v = sb.json(&repo, &["resume", "auth", "--json"]);
    v["schema_version"] = Value::from(2);
    assert!(!schema::errors("checkpoint.schema.json", &v).is_empty());
}

#[test]
fn format_md_names_every_json_field() {
    let format =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/FORMAT.md"))
            .unwrap();
    let section = format
        .split("## JSON output")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("docs/FORMAT.md has a JSON output section");
    for (name, v) in schema::all() {
        assert!(
            section.contains(&format!("`{name}`")),
            "FORMAT.md does not list {name}"
        );
        let mut objects = Vec::new();
        object_schemas(&v, String::new(), &mut objects);
        for (at, o) in objects {
            for field in o["properties"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|p| p.0)
            {
                let word = regex::Regex::new(&format!(r"\b{}\b", regex::escape(field))).unwrap();
                assert!(
                    word.is_match(section),
                    "docs/FORMAT.md's JSON section does not name `{field}` ({name}#{at})"
                );
            }
        }
    }
}
