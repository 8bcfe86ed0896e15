//! Work over many independent stories split across threads, each with its own handle on the
//! repository: gix's handles are not `Send` without its `parallel` feature, so each thread
//! opens the repository itself, from the git directory and the options the [`Store`] was
//! opened with.

use super::Store;
use crate::error::{Error, Result};

/// The most threads [`Store::chunked`] runs.
const MAX_THREADS: usize = 8;

impl Store {
    /// Runs `work` over `items` split into consecutive chunks, on up to as many threads as the
    /// machine has cores (at most 8), giving each at least `min_chunk` items; each thread's
    /// `work` gets its own [`Store`] of this repository (its configuration read again, `git
    /// -c` overrides included; object writes kept in memory as by [`Store::in_memory`]) and
    /// its chunk. With one thread, `work` runs here on [`Store::in_memory`]. Returns the
    /// results in chunk order.
    ///
    /// # Errors
    /// The first chunk's error, in item order; [`Error::NotARepository`] when a thread cannot
    /// open the repository again.
    pub(crate) fn chunked<T: Sync, R: Send>(
        &self,
        items: &[T],
        min_chunk: usize,
        work: impl Fn(&Store, &[T]) -> Result<R> + Sync,
    ) -> Result<Vec<R>> {
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
                    scope.spawn(move || {
                        let repo = gix::open_opts(git_dir, options)
                            .map_err(|e| Error::NotARepository(e.to_string()))?;
                        let config = crate::config::Config::from_repo(&repo);
                        let store = Store::open(repo, config)?.in_memory();
                        work(&store, chunk)
                    })
                })
                .collect();
            running
                .into_iter()
                .map(|t| t.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        })
    }
}
