//! Link options of the binary (libraries and tests are unaffected); a git subcommand is
//! started for every call, so its start-up and first pages count:
//!
//! - Position-dependent: a PIE spends a measurable part of a short run applying tens of
//!   thousands of relocations at startup (see bench/run.sh).
//! - Hot functions first: where the linker is LLD, `link/symbol-order.txt` (written by
//!   bench/symbol-order.sh) places the functions the frequent calls run together, so each
//!   text page fault maps code the call runs (a 200-file `status`: 267 page faults and
//!   2.70 ms laid out by rustc, 198 and 2.34 ms in that order). LLD's
//!   `--symbol-ordering-file` (ld.lld(1)); names the binary does not have are skipped.

use std::path::Path;
use std::process::Command;

fn main() {
    // Without this, cargo reruns the script (and relinks) whenever any file of the package
    // changes, a README edit included.
    println!("cargo:rerun-if-changed=build.rs");
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    if env("CARGO_CFG_TARGET_OS") != "linux" {
        return;
    }
    // A static build (`-C target-feature=+crt-static`, .cargo/config.toml's on x86-64) is made
    // position-dependent there by `-C relocation-model=static`; without it rustc links a
    // static-pie, and -no-pie on top of that yields a binary that crashes at start.
    let crt_static = env("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static");
    if !crt_static {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    let order = Path::new(&env("CARGO_MANIFEST_DIR")).join("link/symbol-order.txt");
    println!("cargo:rerun-if-changed={}", order.display());
    if links_with_lld(
        &env("TARGET"),
        &env("RUSTC"),
        &env("CARGO_ENCODED_RUSTFLAGS"),
    ) && order.is_file()
    {
        println!(
            "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
            order.display()
        );
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
}

/// Whether rustc links for `target` with its own LLD: the default for x86_64-unknown-linux-gnu
/// since Rust 1.90 (its release notes: LLD by default on x86_64-unknown-linux-gnu), unless a
/// linker is configured (cargo's `RUSTC_LINKER`, the `CARGO_TARGET_<T>_LINKER` environment:
/// rustc then adds no `-fuse-ld=lld`) or the flags choose a linker, its flavour or its
/// features (`-C linker`, `-C linker-flavor`, `-Z linker-features`, `-C link-self-contained`,
/// `-fuse-ld`). Another linker would refuse LLD's option, so in doubt the answer is no.
fn links_with_lld(target: &str, rustc: &str, flags: &str) -> bool {
    if target != "x86_64-unknown-linux-gnu"
        || ["linker", "link-self-contained", "fuse-ld"]
            .iter()
            .any(|f| flags.contains(f))
        || std::env::var_os("RUSTC_LINKER").is_some()
        || std::env::var_os("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER").is_some()
    {
        return false;
    }
    let Ok(out) = Command::new(if rustc.is_empty() { "rustc" } else { rustc })
        .arg("-V")
        .output()
    else {
        return false;
    };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let version = String::from_utf8_lossy(&out.stdout);
    let mut parts = version
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .split(['.', '-'])
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    out.status.success() && (major, minor) >= (1, 90)
}
