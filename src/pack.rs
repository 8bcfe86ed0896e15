//! Writing many new objects at once: one pack instead of one loose file per object.
//!
//! Integrating a fetch can write thousands of objects (four per merged story). As loose objects
//! that is thousands of files to create, and `git push` then reads them back one by one. Like
//! `git fetch` (`fetch.unpackLimit`), we keep them loose below [`UNPACK_LIMIT`] objects and
//! write one pack otherwise, with its index, through gix-pack. The pack format is
//! gitformat-pack(5), version 2, with every entry whole (no deltas: `git gc` finds them later).

use crate::error::{Error, Result};
use gix::odb::memory::Storage;
use gix::odb::pack;
use gix::zlib::stream::deflate::{Compress, FlushCompress};
use std::path::PathBuf;

/// Fewer new objects than this are written loose; git's default `transfer.unpackLimit`.
pub const UNPACK_LIMIT: usize = 100;

/// Writes `objects` (object id -> kind and uncompressed content, as gix's in-memory object store
/// holds them) into `repo`'s object database: loose objects when there are fewer than
/// [`UNPACK_LIMIT`], else one pack and its index in `objects/pack/`.
///
/// Returns the pack's `.keep` file, which stops a concurrent `git gc` from deleting the new
/// pack before any ref points into it; the caller removes it once the refs are updated, as
/// `git fetch` does. `None` when the objects were written loose (or there were none).
///
/// # Errors
/// [`Error::Git`] when an object or the pack cannot be written.
pub fn persist(repo: &gix::Repository, objects: &Storage) -> Result<Option<PathBuf>> {
    if objects.len() < UNPACK_LIMIT {
        use gix::objs::Write as _;
        for (kind, data) in objects.values() {
            repo.objects
                .write_buf(*kind, data)
                .map_err(|e| Error::git("cannot write an object", e))?;
        }
        return Ok(None);
    }
    let data = encode(repo.object_hash(), objects)?;
    let pack_dir = repo.objects.store_ref().path().join("pack");
    let outcome = pack::Bundle::write_to_directory(
        &mut data.as_slice(),
        Some(&pack_dir),
        &mut gix::progress::Discard,
        &std::sync::atomic::AtomicBool::new(false),
        None::<gix::objs::find::Never>,
        repo.object_hash(),
        pack::bundle::write::Options::default(),
    )
    .map_err(|e| {
        Error::git(
            format!("cannot write a pack into {}", pack_dir.display()),
            e,
        )
    })?;
    Ok(outcome.keep_path)
}

/// The pack stream of `objects`: header, one undeltified zlib-compressed entry per object,
/// trailing checksum of everything before it (gitformat-pack(5)).
fn encode(hash: gix::hash::Kind, objects: &Storage) -> Result<Vec<u8>> {
    let err = |e| Error::git("cannot encode a pack", e);
    let count = u32::try_from(objects.len()).map_err(|_| Error::PackTooLarge {
        objects: objects.len(),
    })?;
    let mut out = Vec::with_capacity(objects.values().map(|(_, d)| d.len() / 2 + 16).sum());
    out.extend_from_slice(&pack::data::header::encode(pack::data::Version::V2, count));
    // One compressor for every entry: setting one up costs more than compressing a checkpoint.
    let mut zlib = Compress::new(gix::zlib::Compression::BEST_SPEED);
    let mut chunk = vec![0u8; 64 * 1024];
    for (kind, data) in objects.values() {
        let header = match kind {
            gix::objs::Kind::Blob => pack::data::entry::Header::Blob,
            gix::objs::Kind::Tree => pack::data::entry::Header::Tree,
            gix::objs::Kind::Commit => pack::data::entry::Header::Commit,
            gix::objs::Kind::Tag => pack::data::entry::Header::Tag,
        };
        header.write_to(data.len() as u64, &mut out)?;
        zlib.reset();
        let mut input = data.as_slice();
        loop {
            let (read, written) = (zlib.total_in(), zlib.total_out());
            let status = zlib
                .compress(input, &mut chunk, FlushCompress::Finish)
                .map_err(err)?;
            out.extend_from_slice(&chunk[..(zlib.total_out() - written) as usize]);
            input = &input[(zlib.total_in() - read) as usize..];
            if status == gix::zlib::Status::StreamEnd {
                break;
            }
        }
    }
    let mut hasher = gix::hash::hasher(hash);
    hasher.update(&out);
    let checksum = hasher.try_finalize().map_err(err)?;
    out.extend_from_slice(checksum.as_slice());
    Ok(out)
}
