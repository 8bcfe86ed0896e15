use super::util;

use crate::error::{ErrorExt, bail, message, validation};
use crate::{
    Result,
    config::{
        cache::util::{ApplyLeniency, ApplyLeniencyDefaultValue},
        tree::{Core, Extensions, gitoxide},
    },
    repository::FormatVersion,
};

/// A utility to deal with the cyclic dependency between the ref store and the configuration. The ref-store needs the
/// object hash kind, and the configuration needs the current branch name to resolve conditional includes with `onbranch`.
pub(crate) struct StageOne {
    pub git_dir_config: gix_config::File,
    pub buf: Vec<u8>,

    pub is_bare: Option<bool>,
    pub lossy: bool,
    pub object_hash: gix_hash::Kind,
    pub reflog: Option<gix_ref::store::WriteReflog>,
    pub precompose_unicode: bool,
    pub protect_windows: bool,
}

/// Initialization
impl StageOne {
    pub fn new(
        common_dir: &std::path::Path,
        git_dir: &std::path::Path,
        git_dir_trust: gix_sec::Trust,
        lossy: bool,
        lenient: bool,
        mut filter_config_section: fn(&gix_config::file::Metadata) -> bool,
    ) -> Result<Self> {
        let mut buf = Vec::with_capacity(512);
        let mut config = load_config(
            common_dir.join("config"),
            &mut buf,
            gix_config::Source::Local,
            git_dir_trust,
            lossy,
            lenient,
        )?;

        let is_bare = util::config_bool_opt(&config, &Core::BARE, "core.bare", lenient)?;
        let repo_format_version = Core::REPOSITORY_FORMAT_VERSION
            .try_into_repository_format_version(config.integer(Core::REPOSITORY_FORMAT_VERSION))?
            .unwrap_or_default();
        let object_hash = match (repo_format_version, config.string(Extensions::OBJECT_FORMAT)) {
            // objectFormat is a repository format version 1 extension.
            (FormatVersion::V1, Some(format)) => Extensions::OBJECT_FORMAT.try_into_object_format(format)?,
            (FormatVersion::V0, Some(_)) => {
                bail!(validation(
                    "extensions.objectFormat is a v1-only extension, but the repository format version is 0; set core.repositoryFormatVersion=1 to use it, or remove extensions.objectFormat to fall back to the default Sha1 format (if supported by this build)"
                ));
            }
            (FormatVersion::V0 | FormatVersion::V1, None) => legacy_object_hash()?,
        };

        // Relative links are resolved by discovery regardless of this compatibility marker.
        let relative_worktrees =
            Extensions::RELATIVE_WORKTREES.enrich_error(config.boolean(Extensions::RELATIVE_WORKTREES))?;
        if repo_format_version == FormatVersion::V0 && relative_worktrees.is_some() {
            bail!(validation(
                "extensions.relativeWorktrees requires core.repositoryFormatVersion=1",
            ));
        }
        let extension_worktree = util::config_bool(
            &config,
            &Extensions::WORKTREE_CONFIG,
            "extensions.worktreeConfig",
            false,
            lenient,
        )?;
        if extension_worktree {
            let worktree_config = load_config(
                git_dir.join("config.worktree"),
                &mut buf,
                gix_config::Source::Worktree,
                git_dir_trust,
                lossy,
                lenient,
            )?;
            config.append(worktree_config)?;
        }
        let precompose_unicode = Core::PRECOMPOSE_UNICODE
            .enrich_error(config.boolean(Core::PRECOMPOSE_UNICODE))
            .with_leniency(lenient)?
            .unwrap_or_default();

        const IS_WINDOWS: bool = cfg!(windows);
        let protect_windows = gitoxide::Core::PROTECT_WINDOWS
            .enrich_error(config.boolean_filter(gitoxide::Core::PROTECT_WINDOWS, &mut filter_config_section))
            .with_lenient_default_value(lenient, Some(IS_WINDOWS))?
            .unwrap_or(IS_WINDOWS);

        let reflog = util::query_refupdates(&config, lenient)?;
        Ok(StageOne {
            git_dir_config: config,
            buf,
            is_bare,
            lossy,
            object_hash,
            reflog,
            precompose_unicode,
            protect_windows,
        })
    }
}

/// Return the object hash for a repository that does not set `extensions.objectFormat`.
///
/// Git interprets a missing objectFormat as the original Sha1 layout, so we return
/// gix_hash::Kind::Sha1 whenever this build can handle it.
/// In Sha256-only builds we cannot open such a repository, so return an error instead.
fn legacy_object_hash() -> Result<gix_hash::Kind> {
    #[cfg(feature = "sha1")]
    {
        Ok(gix_hash::Kind::Sha1)
    }
    #[cfg(not(feature = "sha1"))]
    {
        Err(message("Cannot handle objects formatted as \"sha1\"").unsupported_error())
    }
}

fn load_config(
    config_path: std::path::PathBuf,
    buf: &mut Vec<u8>,
    source: gix_config::Source,
    git_dir_trust: gix_sec::Trust,
    lossy: bool,
    lenient: bool,
) -> Result<gix_config::File> {
    let metadata = gix_config::file::Metadata::from(source)
        .at(&config_path)
        .with(git_dir_trust);
    let mut file = match std::fs::File::open(&config_path) {
        Ok(f) => f,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(gix_config::File::new(metadata)),
        Err(err) => {
            let err = err.and_raise(message!(
                "Could not read configuration file at \"{}\"",
                config_path.display()
            ));
            if lenient {
                gix_trace::warn!("ignoring: {err:#?}");
                return Ok(gix_config::File::new(metadata));
            } else {
                return Err(err);
            }
        }
    };

    buf.clear();
    if let Err(err) = std::io::copy(&mut file, buf) {
        let err = err.and_raise(message!(
            "Could not read configuration file at \"{}\"",
            config_path.display()
        ));
        if lenient {
            gix_trace::warn!("ignoring: {err:#?}");
            buf.clear();
        } else {
            return Err(err);
        }
    }

    let config = gix_config::File::from_bytes_owned(
        buf,
        metadata,
        gix_config::file::init::Options {
            includes: gix_config::file::includes::Options::no_follow(),
            ..util::base_options(lossy, lenient)
        },
    )?;

    Ok(config)
}
