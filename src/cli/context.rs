//! The context a command runs in, built once in `main`: the repository (discovered once,
//! opened as a [`Store`] when a command first asks, carrying the typed configuration with
//! `git -c` overrides applied) and the [`Ui`]. Model: jj's `CommandHelper`.
//!
//! Its parts are separate fields so a command can hold the output and open the store at once.

use crate::cli::ui::{Messages, Output, Ui};
use git_checkpoint::config::{ColorChoice, Config};
use git_checkpoint::error::{Error, Result};
use git_checkpoint::store::Store;

/// What every command gets.
pub struct Context {
    /// Output and messages.
    pub ui: Ui,
    /// The repository, opened on demand.
    pub repo: Repo,
}

impl Context {
    /// Discovers the repository from the current directory (once), reads git's configuration
    /// there (`git -c` overrides included) and decides colour and paging as git does:
    /// `color` (from `--color`) wins over the configuration; `no_pager` turns the pager off;
    /// `quiet` (`-q`) drops notes and human reports.
    ///
    /// # Errors
    /// [`Error::Config`] for a malformed `color.*` or `pager.*` value.
    pub fn new(color: Option<ColorChoice>, no_pager: bool, quiet: bool) -> Result<Context> {
        let cwd = std::env::current_dir().unwrap_or_else(|_| ".".into());
        let (config, found) = Config::discover(&cwd);
        let mut ui = Ui::new(Output::configured(color, no_pager, &config)?);
        ui.err.quiet = quiet;
        ui.out.quiet = quiet;
        Ok(Context {
            ui,
            repo: Repo {
                found: Some(found),
                config,
            },
        })
    }

    /// The output, the messages and the opened store, for a command that needs all three.
    ///
    /// # Errors
    /// As [`Repo::store`].
    pub fn open(&mut self) -> Result<(&mut Output, &mut Messages, Store)> {
        let store = self.repo.store()?;
        Ok((&mut self.ui.out, &mut self.ui.err, store))
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
