//! Links the binary as a position-dependent executable: a git subcommand is started for every
//! call, and a PIE spends a measurable part of a short run applying tens of thousands of
//! relocations at startup (see bench/run.sh). Libraries and tests are unaffected.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
