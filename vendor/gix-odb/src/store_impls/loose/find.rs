use gix_error::Result;
use std::{cmp::Ordering, collections::HashSet};

use gix_error::{Message, ResultExt, bail, corruption, message};

use crate::store_impls::loose::{HEADER_MAX_SIZE, Store, hash_path};

/// Object lookup
impl Store {
    /// Returns true if the given id is contained in our repository.
    pub fn contains(&self, id: &gix_hash::oid) -> bool {
        debug_assert_eq!(self.object_hash, id.kind());
        hash_path(id, self.path.clone()).is_file()
    }

    /// Given a `prefix`, find an object that matches it uniquely within this loose object
    /// database as `Ok(Some(Ok(<oid>)))`.
    /// If there is more than one object matching the object `Ok(Some(Err(()))` is returned.
    ///
    /// Finally, if no object matches, the return value is `Ok(None)`.
    ///
    /// The outer `Result` is to indicate errors during file system traversal.
    ///
    /// Pass `candidates` to obtain the set of all object ids matching `prefix`, with the same return value as
    /// one would have received if it remained `None`.
    pub fn lookup_prefix(
        &self,
        prefix: gix_hash::Prefix,
        mut candidates: Option<&mut HashSet<gix_hash::ObjectId>>,
    ) -> std::result::Result<Option<crate::store::prefix::lookup::Outcome>, crate::loose::iter::Error> {
        let single_directory_iter = crate::loose::Iter {
            inner: gix_fs::walkdir_new(&self.path.join(prefix.as_oid().to_hex_with_len(2).to_string()), false)
                .min_depth(1)
                .max_depth(1)
                .follow_links(false)
                .into_iter(),
            hash_hex_len: prefix.as_oid().kind().len_in_hex(),
        };
        let mut candidate = None;
        for oid in single_directory_iter {
            let oid = match oid {
                Ok(oid) => oid,
                Err(err) => {
                    return match err.io_error() {
                        Some(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
                        None | Some(_) => Err(err),
                    };
                }
            };
            if prefix.cmp_oid(&oid) == Ordering::Equal {
                match &mut candidates {
                    Some(candidates) => {
                        candidates.insert(oid);
                    }
                    None => {
                        if candidate.is_some() {
                            return Ok(Some(Err(())));
                        }
                        candidate = Some(oid);
                    }
                }
            }
        }

        match &mut candidates {
            Some(candidates) => match candidates.len() {
                0 => Ok(None),
                1 => Ok(candidates.iter().next().copied().map(Ok)),
                _ => Ok(Some(Err(()))),
            },
            None => Ok(candidate.map(Ok)),
        }
    }

    /// Return the object identified by the given [`ObjectId`][gix_hash::ObjectId] if present in this database,
    /// writing its raw data into the given `out` buffer.
    ///
    /// Returns `Err` if there was an error locating or reading the object. Returns `Ok<None>` if
    /// there was no such object.
    /// Failures include [metadata](gix_error::Error::metadata()) `path` (native path), the loose object file.
    pub fn try_find<'a>(&self, id: &gix_hash::oid, out: &'a mut Vec<u8>) -> Result<Option<gix_object::Data<'a>>> {
        debug_assert_eq!(self.object_hash, id.kind());
        self.find_inner(id, out)
            .or_raise(|| Message::new("Could not read loose object").with("path", self.object_path(id)))
    }

    /// Return only the decompressed size of the object and its kind without fully reading it into memory as tuple of `(size, kind)`.
    /// Returns `None` if `id` does not exist in the database.
    /// Failures include [metadata](gix_error::Error::metadata()) `path` (native path), the loose object file.
    pub fn try_header(&self, id: &gix_hash::oid) -> Result<Option<(u64, gix_object::Kind)>> {
        let path = hash_path(id, self.path.clone());
        let context = || Message::new("Could not read loose object header").with("path", path.as_path());
        let map = match self.map_loose_object(&path).or_raise(context)? {
            Some(map) => map,
            None => return Ok(None),
        };
        let mut header = [0_u8; HEADER_MAX_SIZE];
        let mut inflate = gix_zlib::Inflate::default();
        let (status, _consumed_in, consumed_out) = inflate.prefix(&map, &mut header).or_raise(context)?;

        if status == gix_zlib::Status::BufError {
            bail!(
                corruption(
                    "Could not read loose object header: the zlib status indicated an error, status was 'BufError'",
                )
                .with("path", path.as_path())
            );
        }
        let (kind, size, _header_size) = gix_object::decode::loose_header(&header[..consumed_out]).or_raise(context)?;
        Ok(Some((size, kind)))
    }

    /// Decode failures retain [metadata](gix_error::Error::metadata()) `actual` and `expected` (unsigned inflated byte counts).
    /// Allocation diagnostics include requested sizes and configured limits in their messages, not metadata.
    fn find_inner<'a>(&self, id: &gix_hash::oid, out: &'a mut Vec<u8>) -> Result<Option<gix_object::Data<'a>>> {
        let path = hash_path(id, self.path.clone());
        let map = match self.map_loose_object(&path)? {
            Some(map) => map,
            None => return Ok(None),
        };
        let mut header = [0_u8; HEADER_MAX_SIZE];

        let mut inflate = gix_zlib::Inflate::default();
        let (status, consumed_in, consumed_out) = inflate.prefix(&map, &mut header)?;
        if status == gix_zlib::Status::BufError {
            bail!(corruption("The zlib status indicated an error, status was 'BufError'"));
        }

        let (kind, size, header_size) = gix_object::decode::loose_header(&header[..consumed_out])?;
        self.ensure_in_alloc_limit(size)?;
        let size_usize = usize::try_from(size).or_raise(|| {
            message!(
                "Cannot store loose object of {size} bytes in memory: the object size cannot be represented in memory"
            )
            .allocation_failure()
        })?;
        let decompressed_body_prefix_len = consumed_out
            .checked_sub(header_size)
            .ok_or_else(|| size_mismatch(consumed_out as u64, header_size as u64))?;

        if decompressed_body_prefix_len > size_usize
            || (status == gix_zlib::Status::StreamEnd && decompressed_body_prefix_len != size_usize)
        {
            return Err(size_mismatch(decompressed_body_prefix_len as u64, size));
        }

        // If the first inflate already reached the end of the stream, the fixed-size `header` buffer
        // contains the complete decompressed object, so we can skip a second streaming inflate pass.
        out.clear();
        out.try_reserve(size_usize.saturating_add(header_size))
            .or_raise(|| message!("Cannot store loose object of {size} bytes in memory"))?;
        if status == gix_zlib::Status::StreamEnd {
            out.extend_from_slice(&header[header_size..consumed_out]);
        } else {
            let n = inflate.rest(
                &map[consumed_in..],
                &header[..consumed_out],
                header_size,
                out,
                size_usize,
            )?;
            if n as u64 != size {
                return Err(size_mismatch(n as u64, size));
            }
        }
        Ok(Some(gix_object::Data {
            kind,
            object_hash: id.kind(),
            data: out,
        }))
    }

    /// Allocation-limit diagnostics include the requested size and configured limit in their messages.
    fn ensure_in_alloc_limit(&self, size: u64) -> Result {
        if let Some(limit) = self.alloc_limit_bytes.filter(|limit| size > *limit as u64) {
            bail!(
                "Cannot store loose object of {size} bytes in memory: the object exceeds the configured allocation limit of {limit} bytes"
                    .allocation_limit()
            );
        }
        Ok(())
    }

    fn map_loose_object(&self, path: &std::path::Path) -> Result<Option<mmap::Bytes>> {
        let map = match mmap::read_only(path) {
            Ok(map) => map,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => bail!(err),
        };
        if map.is_empty() {
            bail!(gix_error::corruption("Empty loose object file"));
        }
        Ok(Some(map))
    }
}

mod mmap {
    use std::io::Read;
    use std::path::Path;

    /// Loose object files up to this size are read into memory instead of mapped: most loose
    /// objects (commits, trees, small blobs) are a few KiB, and mapping one costs an `mmap`, a
    /// page fault and a `munmap` where one `read` does (about 9 us against 3.6 us per object).
    const READ_MAX: u64 = 64 * 1024;

    /// A loose object file's bytes: read when small, mapped otherwise.
    pub enum Bytes {
        Read(Vec<u8>),
        Mapped(memmap2::Mmap),
    }

    impl std::ops::Deref for Bytes {
        type Target = [u8];
        fn deref(&self) -> &[u8] {
            match self {
                Bytes::Read(v) => v,
                Bytes::Mapped(m) => m,
            }
        }
    }

    /// `NotFound` when `path` is not a regular file (a directory opens too): what
    /// `Store::contains` says of it.
    pub fn read_only(path: &Path) -> std::io::Result<Bytes> {
        let file = std::fs::File::open(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotADirectory => std::io::ErrorKind::NotFound.into(),
            _ => e,
        })?;
        let metadata = file.metadata()?;
        if !metadata.is_file() {
            return Err(std::io::ErrorKind::NotFound.into());
        }
        let len = metadata.len();
        if len <= READ_MAX {
            let mut buf = Vec::with_capacity(len as usize);
            // At most `len` bytes: one `read` for the whole file, no second one to see its end.
            file.take(len).read_to_end(&mut buf)?;
            return Ok(Bytes::Read(buf));
        }
        // SAFETY: we have to take the risk of somebody changing the file underneath. Git never writes into the same file.
        #[allow(unsafe_code)]
        unsafe {
            memmap2::MmapOptions::new().map_copy_read_only(&file)
        }
        .map(Bytes::Mapped)
    }
}

/// Report invalid inflation sizes in [metadata](gix_error::Error::metadata()) `actual` and `expected` (unsigned byte
/// counts).
fn size_mismatch(actual: u64, expected: u64) -> gix_error::Error {
    gix_error::message("Loose object size mismatch: invalid size of inflated loose object")
        .with("actual", actual)
        .with("expected", expected)
        .corrupted_error()
}
