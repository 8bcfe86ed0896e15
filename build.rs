//! Links the binary as a position-dependent executable: a git subcommand is started for every
//! call, and a PIE spends a measurable part of a short run applying tens of thousands of
//! relocations at startup (see bench/run.sh). Libraries and tests are unaffected.

fn main() {
    // Without this, cargo reruns the script (and relinks) whenever any file of the package
    // changes, a README edit included.
    println!("cargo:rerun-if-changed=build.rs");
    // A static build (`-C target-feature=+crt-static`) links as static-pie; -no-pie on top of
    // that yields a binary that crashes at start.
    let crt_static = std::env::var("CARGO_CFG_TARGET_FEATURE")
        .is_ok_and(|f| f.split(',').any(|f| f == "crt-static"));
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") && !crt_static {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
