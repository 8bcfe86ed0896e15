//! Validates `--json` output against the JSON Schema files in docs/json-schema/v1/ (draft
//! 2020-12, generated from `git_checkpoint::json` and strict), with the maintained
//! `jsonschema` crate. [`crate::common::Sandbox::json`] calls
//! [`check`] on every JSON document a test reads, so every `--json` output in the suite is
//! checked.

use serde_json::Value;
use std::path::PathBuf;

/// Base of the schemas' `$id`s; relative `$ref`s between the files resolve against it.
pub const BASE: &str = git_checkpoint::json::SCHEMA_BASE;

/// The schema file that describes `args`' output, or `None` when `args` prints no JSON or the
/// command has no schema: the file `git_checkpoint::json::schemas()` lists for the command
/// (`stack push`, ...), the table the man page and generate-docs use.
pub fn schema_for(args: &[&str]) -> Option<&'static str> {
    let json = args.contains(&"--json")
        || args.contains(&"--format=json")
        || args.windows(2).any(|w| w == ["--format", "json"]);
    if !json {
        return None;
    }
    let command = match args {
        ["stack" | "agent", sub, ..] => format!("{} {sub}", args[0]),
        [c, ..] => c.to_string(),
        [] => return None,
    };
    git_checkpoint::json::schemas()
        .into_iter()
        .find(|s| s.commands.contains(&command.as_str()))
        .map(|s| s.file)
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/json-schema/v1")
}

/// Every schema file, parsed, as (file name, schema).
pub fn all() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir()).expect("docs/json-schema/v1 exists") {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".schema.json") {
            let text = std::fs::read_to_string(&path).unwrap();
            let v: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"));
            out.push((name, v));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The validation errors of `instance` against schema `file` (empty when valid).
pub fn errors(file: &str, instance: &Value) -> Vec<String> {
    let schemas = all();
    let mut builder = jsonschema::Registry::new();
    for (name, v) in &schemas {
        builder = builder
            .add(format!("{BASE}{name}"), v.clone())
            .expect("schema URI is valid");
    }
    let registry = builder.prepare().expect("schemas form a registry");
    let schema = &schemas
        .iter()
        .find(|(n, _)| n == file)
        .unwrap_or_else(|| panic!("no schema file {file}"))
        .1;
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .with_registry(&registry)
        .build(schema)
        .unwrap_or_else(|e| panic!("{file} is not a valid schema: {e}"));
    validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// Panics unless `value`, printed by `git-checkpoint args`, validates against its schema.
pub fn check(args: &[&str], value: &Value) {
    if let Some(file) = schema_for(args) {
        let errs = errors(file, value);
        assert!(
            errs.is_empty(),
            "git-checkpoint {args:?} output does not match docs/json-schema/v1/{file}:\n{}\n{value:#}",
            errs.join("\n")
        );
    }
}
