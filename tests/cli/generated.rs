//! The committed man pages, completions, JSON Schemas and agent plugins are exactly what the
//! CLI generates.

use crate::common::Sandbox;

#[test]
fn man_pages_completions_and_schemas_are_fresh() {
    let sb = Sandbox::new();
    let out = sb.path("gen");
    sb.ok(&sb.path(""), &["generate-docs", out.to_str().unwrap()]);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["man", "completions", "docs/json-schema/v1"] {
        let mut generated: Vec<_> = std::fs::read_dir(out.join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        generated.sort();
        let mut committed: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        committed.sort();
        assert_eq!(
            committed, generated,
            "{dir}/ is stale: run `cargo run -- generate-docs .`"
        );
        for name in generated {
            let want = std::fs::read(out.join(dir).join(&name)).unwrap();
            let have = std::fs::read(root.join(dir).join(&name)).unwrap();
            assert!(
                want == have,
                "{dir}/{} is stale: run `cargo run -- generate-docs .`",
                name.to_string_lossy()
            );
        }
    }
    // The plugins: every file under plugins/, byte for byte, and the launcher executable.
    let generated = files_under(&out.join("plugins"));
    let committed = files_under(&root.join("plugins"));
    let names =
        |f: &[(String, Vec<u8>, bool)]| f.iter().map(|(n, ..)| n.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&committed),
        names(&generated),
        "plugins/ is stale: run `cargo run -- generate-docs .`"
    );
    for (want, have) in generated.iter().zip(&committed) {
        assert!(
            want == have,
            "plugins/{} is stale (or its mode): run `cargo run -- generate-docs .`",
            want.0
        );
    }
    assert!(generated
        .iter()
        .any(|(n, _, x)| n == "claude/hooks/git-checkpoint.sh" && *x));
    assert!(out.join("man/git-checkpoint-save.1").exists());
    assert!(out
        .join("docs/json-schema/v1/checkpoint.schema.json")
        .exists());
}

/// Every file under `dir`, as (path relative to `dir` with `/`, bytes, executable), sorted.
fn files_under(dir: &std::path::Path) -> Vec<(String, Vec<u8>, bool)> {
    use std::os::unix::fs::PermissionsExt as _;
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
                continue;
            }
            let rel = p
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let mode = std::fs::metadata(&p).unwrap().permissions().mode();
            out.push((rel, std::fs::read(&p).unwrap(), mode & 0o111 != 0));
        }
    }
    out.sort();
    out
}
