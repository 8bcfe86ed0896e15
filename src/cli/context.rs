//! The context a command runs in, built once in `main`: the repository (discovered once,
//! opened as a [`Store`] when a command first asks), the typed configuration with `git -c`
//! overrides applied, and the [`Ui`]. Model: jj's `CommandHelper`.
//!
//! Its parts are separate fields so a command can hold the output and open the store at once.

use crate::cli::ui::Ui;
use git_checkpoint::config::Config;
use git_checkpoint::error::{Error, Result};
use git_checkpoint::store::Store;

/// What every command gets.
pub struct Context {
    /// Output and messages.
    pub ui: Ui,
    /// git's configuration as seen from the current directory.
    pub config: Config,
    /// The repository, opened on demand.
    pub repo: Repo,
}

impl Context {
    /// Discovers the repository from the current directory (once) and reads its configuration.
    pub fn discover() -> (Config, Repo) {
        let cwd = std::env::current_dir().unwrap_or_else(|_| ".".into());
        let (config, found) = Config::discover(&cwd);
        let repo = Repo {
            found: Some(found),
            config: config.clone(),
        };
        (config, repo)
    }
}

/// The repository found from the current directory, until [`Repo::store`] takes it.
pub struct Repo {
    found: Option<std::result::Result<gix::Repository, String>>,
    config: Config,
}

impl Repo {
    /// Opens the checkpoint store (the repository discovered at start-up; a second call
    /// discovers it again).
    ///
    /// # Errors
    /// [`Error::NotARepository`] outside a repository; as [`Store::open`].
    pub fn store(&mut self) -> Result<Store> {
        match self.found.take() {
            Some(Ok(repo)) => Store::open(repo, self.config.clone()),
            Some(Err(e)) => Err(Error::NotARepository(e)),
            None => {
                let cwd =
                    std::env::current_dir().map_err(|e| Error::NotARepository(e.to_string()))?;
                Store::discover(&cwd)
            }
        }
    }
}
