//! The committed man pages, completions and JSON Schemas are exactly what the CLI generates.

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
    assert!(out.join("man/git-checkpoint-save.1").exists());
    assert!(out
        .join("docs/json-schema/v1/checkpoint.schema.json")
        .exists());
}
