//! Reading through a pack's `.idx` (gix-pack, patched in vendor/gix-pack: the 64-bit offset
//! table is sized from the file's length on open and each large offset is checked where it is
//! read): a damaged index gives an error, never a panic, an out-of-bounds read or another
//! object's content, and a well-formed large offset is followed.

use crate::common::Sandbox;
use std::path::{Path, PathBuf};

/// A new sandbox and its repository `r` whose only pack holds story `s` (its checkpoint.md
/// carrying `marker`), loose objects removed; returns them, the `.idx` path and the blob id
/// of checkpoint.md.
fn packed_story(marker: &str) -> (Sandbox, PathBuf, PathBuf, String) {
    let (sb, repo) = Sandbox::with_repo();
    sb.ok(&repo, &["save", "s", "-q", "--title", marker]);
    sb.git(&repo, &["repack", "-adq"]);
    sb.git(&repo, &["prune-packed"]);
    let pack_dir = repo.join(".git/objects/pack");
    let idx: Vec<_> = std::fs::read_dir(&pack_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "idx"))
        .collect();
    assert_eq!(idx.len(), 1, "one pack in {}", pack_dir.display());
    let blob = sb
        .git(&repo, &["rev-parse", "refs/checkpoints/s:checkpoint.md"])
        .trim()
        .to_owned();
    (sb, repo, idx[0].clone(), blob)
}

/// The bytes of a version 2 `.idx`.
fn read_idx(idx: &Path) -> Vec<u8> {
    let data = std::fs::read(idx).unwrap();
    assert_eq!(&data[..8], b"\xfftOc\0\0\0\x02", "a version 2 index");
    data
}

/// Replaces the `.idx` (git writes it read-only, so it is removed first).
fn write_idx(idx: &Path, data: &[u8]) {
    std::fs::remove_file(idx).unwrap();
    std::fs::write(idx, data).unwrap();
}

/// Where the 32-bit pack offset of object `id` sits in the version 2 index `data` (gitformat-pack(5):
/// header, 256-entry fan-out, sorted ids, CRCs, then the offsets, 4 bytes each).
fn offset_entry(data: &[u8], id: &str) -> usize {
    let n = u32::from_be_bytes(data[8 + 255 * 4..8 + 256 * 4].try_into().unwrap()) as usize;
    let ids = &data[8 + 1024..8 + 1024 + n * 20];
    let want: Vec<u8> = (0..20)
        .map(|i| u8::from_str_radix(&id[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let pos = ids
        .chunks_exact(20)
        .position(|c| c == want.as_slice())
        .unwrap_or_else(|| panic!("{id} is in the index"));
    8 + 1024 + n * 24 + pos * 4
}

/// The bytes of the version 2 index `idx` and where in them the 32-bit pack offset of object
/// `id` sits (see [`offset_entry`]).
fn idx_with_offset_of(idx: &Path, id: &str) -> (Vec<u8>, usize) {
    let data = read_idx(idx);
    let at = offset_entry(&data, id);
    (data, at)
}

/// Asserts a failed run ended with an error of ours, not a panic or a signal.
fn assert_clean_failure(code: i32, stderr: &str) {
    assert!(code == 1 || code == 2, "exit {code}, stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "a panic: {stderr}");
    assert!(stderr.starts_with("error:"), "one error: {stderr}");
}

#[test]
fn a_truncated_pack_index_is_an_error_on_read() {
    let (sb, repo, idx, _) = packed_story("Truncated index");
    let data = read_idx(&idx);
    // Cut inside the offset table, and just before the trailing hashes.
    for keep in [data.len() / 2, data.len() - 41, data.len() - 8] {
        write_idx(&idx, &data[..keep]);
        let (code, out, stderr) = sb.run(&repo, &["resume", "s"]);
        assert!(
            !out.contains("Truncated index"),
            "read a truncated index: {out}"
        );
        assert_clean_failure(code, &stderr);
    }
    write_idx(&idx, &data);
    assert!(sb.ok(&repo, &["resume", "s"]).contains("Truncated index"));
}

#[test]
fn a_large_offset_the_index_lacks_is_an_error_for_that_object_only() {
    let (sb, repo, idx, blob) = packed_story("Bad large offset");
    let (mut data, at) = idx_with_offset_of(&idx, &blob);
    // The high bit names entry 5 of the 64-bit table, which this index does not have (an entry
    // past the table would otherwise read the trailing hashes as an offset, or past the file).
    data[at..at + 4].copy_from_slice(&(0x8000_0005u32).to_be_bytes());
    write_idx(&idx, &data);
    let (code, out, stderr) = sb.run(&repo, &["resume", "s"]);
    assert!(!out.contains("Bad large offset"), "read the blob: {out}");
    assert_clean_failure(code, &stderr);
    // The other objects of the pack are still read: the commit and its trailers.
    let list = sb.ok(&repo, &["list", "--all"]);
    assert!(list.contains("Bad large offset"), "list --all: {list}");
}

#[test]
fn an_offset_in_the_64_bit_table_is_followed() {
    let (sb, repo, idx, blob) = packed_story("Large offset");
    let (mut data, at) = idx_with_offset_of(&idx, &blob);
    let offset = u32::from_be_bytes(data[at..at + 4].try_into().unwrap());
    assert_eq!(offset & 0x8000_0000, 0, "a small pack has small offsets");
    // Move the blob's offset into a one-entry 64-bit table before the two trailing hashes (the
    // index's own checksum is not checked when it is read, by git or gix).
    data[at..at + 4].copy_from_slice(&0x8000_0000u32.to_be_bytes());
    let trailer = data.split_off(data.len() - 40);
    data.extend_from_slice(&u64::from(offset).to_be_bytes());
    data.extend_from_slice(&trailer);
    write_idx(&idx, &data);
    let doc = sb.git(&repo, &["cat-file", "-p", &blob]);
    assert!(doc.contains("Large offset"), "git reads the index: {doc}");
    let out = sb.ok(&repo, &["resume", "s"]);
    assert!(out.contains("Large offset"), "resume: {out}");
}
