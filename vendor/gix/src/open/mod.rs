use std::path::PathBuf;

use crate::bstr::BString;

/// Permissions associated with various resources of a git repository
#[derive(Copy, Clone, Ord, PartialOrd, PartialEq, Eq, Debug, Hash)]
pub struct Permissions {
    /// Control which environment variables may be accessed.
    pub env: permissions::Environment,
    /// Permissions related where git configuration should be loaded from.
    pub config: permissions::Config,
    /// Permissions related to where `gitattributes` should be loaded from.
    pub attributes: permissions::Attributes,
}

/// The options used in [`ThreadSafeRepository::open_opts()`][crate::ThreadSafeRepository::open_opts()].
///
/// ### Replacement Objects for the object database
///
/// The environment variables `GIT_REPLACE_REF_BASE` and `GIT_ALLOC_LIMIT` are mapped to
/// `gitoxide.objects.replaceRefBase` and `gitoxide.objects.allocLimit` respectively.
/// The presence of `GIT_NO_REPLACE_OBJECTS` sets `core.useReplaceRefs=false`. Replacements are enabled by default.
///
/// Use [Permissions] to control which environment variables can be read, and config-overrides to control these values programmatically.
#[derive(Clone)]
pub struct Options {
    pub(crate) object_store_slots: gix_odb::store::init::Slots,
    /// Define what is allowed while opening a repository.
    pub permissions: Permissions,
    pub(crate) git_dir_trust: Option<gix_sec::Trust>,
    /// Warning: this one is copied to config::Cache - don't change it after repo open or keep in sync.
    pub(crate) filter_config_section: Option<fn(&gix_config::file::Metadata) -> bool>,
    pub(crate) lossy_config: bool,
    pub(crate) lenient_config: bool,
    pub(crate) bail_if_untrusted: bool,
    pub(crate) api_config_overrides: Vec<BString>,
    pub(crate) cli_config_overrides: Vec<BString>,
    pub(crate) git_installation_config_path: Option<Box<std::path::Path>>,
    pub(crate) system_config_path: Option<Box<std::path::Path>>,
    /// Whether repository-local environment variables like `GIT_WORK_TREE` and `GIT_INDEX_FILE` may be applied.
    /// This is disabled when reusing these options to enter another repository.
    pub(crate) use_repository_local_environment: bool,
    /// Whether to treat the input path as a git directory without first trying `<path>/.git`.
    /// This only controls how the current call's input is interpreted, so it is reset after path resolution.
    /// Retaining it would make later submodule or worktree opens that clone these options skip their normal
    /// `<path>/.git` lookup as well.
    pub(crate) open_path_as_is: bool,
    /// Internal to pass an already obtained CWD on to where it may also be used.
    /// This avoids the CWD being queried more than once per repo.
    pub(crate) current_dir: Option<PathBuf>,
}

mod options;
pub mod permissions;
mod repository;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_of_options() {
        let actual = std::mem::size_of::<Options>();
        let limit = 160;
        assert!(
            actual <= limit,
            "{actual} <= {limit}: size shouldn't change without us knowing (on windows, it's bigger)"
        );
    }
}
