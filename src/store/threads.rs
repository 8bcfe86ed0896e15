//! Work over many independent stories split across threads, each with its own handle on the
//! repository: gix's handles are not `Send` without its `parallel` feature, so each thread
//! opens the repository itself, from the git directory and the options the [`Store`] was
//! opened with.

use super::Store;
use crate::error::Result;

/// The most threads [`Store::chunked`] runs.
const MAX_THREADS: usize = 8;

impl Store {
    /// Runs `work` over `items` split into consecutive chunks, on up to as many threads as the
    /// machine has cores (at most 8), giving each at least `min_chunk` items; each thread's
    /// `work` gets its own [`Store`] of this repository (its configuration read again, `git
    /// -c` overrides included; object writes kept in memory as by [`Store::in_memory`]) and
    /// its chunk. With one thread, `work` runs here on [`Store::in_memory`]; with no items, not
    /// at all. Returns the results in chunk order.
    ///
    /// The chunk of a thread that cannot open the repository again runs on this thread
    /// instead, once that thread has ended.
    ///
    /// # Errors
    /// The first chunk's error, in item order.
    pub(crate) fn chunked<T: Sync, R: Send>(
        &self,
        items: &[T],
        min_chunk: usize,
        work: impl Fn(&Store, &[T]) -> Result<R> + Sync,
    ) -> Result<Vec<R>> {
        if items.is_empty() {
            return Ok(Vec::new());
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = cores
            .min(MAX_THREADS)
            .min(items.len() / min_chunk.max(1))
            .max(1);
        if threads == 1 {
            return Ok(vec![work(&self.in_memory(), items)?]);
        }
        let size = items.len().div_ceil(threads);
        let work = &work;
        std::thread::scope(|scope| {
            let running: Vec<_> = items
                .chunks(size)
                .map(|chunk| {
                    let git_dir = self.repo.path().to_path_buf();
                    let options = self.repo.open_options().clone();
                    let thread = scope.spawn(move || {
                        let repo = gix::open_opts(git_dir, options).ok()?;
                        let config = crate::config::Config::from_repo(&repo);
                        let store = Store::open(repo, config).ok()?.in_memory();
                        Some(work(&store, chunk))
                    });
                    (thread, chunk)
                })
                .collect();
            running
                .into_iter()
                .map(|(thread, chunk)| {
                    match thread
                        .join()
                        .unwrap_or_else(|p| std::panic::resume_unwind(p))
                    {
                        Some(done) => done,
                        // A thread that could not open the repository again: its chunk here.
                        None => work(&self.in_memory(), chunk),
                    }
                })
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A repository of its own: `git init` in a temp dir (the real git).
    fn repo() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let ok = std::process::Command::new("git")
            .args(["init", "-q"])
            .arg(dir.path())
            .status()
            .unwrap()
            .success();
        assert!(ok, "git init failed");
        let store = Store::discover(dir.path()).unwrap();
        (dir, store)
    }

    #[test]
    fn chunks_come_back_in_order_each_with_a_store_of_the_same_repository() {
        let (_dir, store) = repo();
        let items: Vec<usize> = (0..1000).collect();
        let common = store.common_dir().to_path_buf();
        let parts = store
            .chunked(&items, 10, |s, chunk| {
                assert_eq!(s.common_dir(), common);
                Ok(chunk.to_vec())
            })
            .unwrap();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(parts.len(), cores.min(MAX_THREADS));
        assert_eq!(parts.concat(), items);
    }

    #[test]
    fn the_first_failing_chunk_in_item_order_is_the_error() {
        let (_dir, store) = repo();
        let items: Vec<usize> = (0..1000).collect();
        let failed = store.chunked(&items, 10, |_, chunk| {
            if chunk.contains(&999) || chunk.contains(&0) {
                Err(crate::error::Error::NotARepository(format!(
                    "chunk from {}",
                    chunk[0]
                )))
            } else {
                Ok(())
            }
        });
        let e = failed.unwrap_err().to_string();
        assert!(e.contains("chunk from 0"), "{e}");
    }
}
