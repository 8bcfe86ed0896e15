use std::collections::BTreeSet;

use crate::error::{ErrorExt, ResultExt, bail, message, validation};
use gix_ref::{FullName, FullNameRef};

use crate::{
    Result,
    bstr::{BStr, ByteSlice},
    config::{
        cache::util::ApplyLeniencyDefault,
        tree::{Branch, Push},
    },
    push, remote,
};

/// Query configuration related to branches.
impl crate::Repository {
    /// Return a set of unique short branch names for which custom configuration exists in the configuration,
    /// if we deem them [trustworthy][crate::open::Options::filter_config_section()].
    ///
    /// ### Note
    ///
    /// Branch names that have illformed UTF-8 will silently be skipped.
    pub fn branch_names(&self) -> BTreeSet<&str> {
        self.subsection_str_names_of("branch")
    }

    /// Returns the validated reference name of the upstream branch on the remote associated with the given `name`,
    /// which will be used when *merging*.
    /// The returned value corresponds to the `branch.<short_branch_name>.merge` configuration key for [`remote::Direction::Fetch`].
    /// For the [push direction](`remote::Direction::Push`) the Git configuration is used for a variety of different outcomes,
    /// similar to what would happen when running `git push <name>`.
    ///
    /// Returns `None` if there is nothing configured, or if no remote or remote ref is configured.
    ///
    /// ### Note
    ///
    /// The returned name refers to what Git calls upstream branch (as opposed to upstream *tracking* branch).
    /// The value is also fast to retrieve compared to its tracking branch.
    ///
    /// See also [`Reference::remote_ref_name()`](crate::Reference::remote_ref_name()).
    #[doc(alias = "branch_upstream_name", alias = "git2")]
    pub fn branch_remote_ref_name(&self, name: &FullNameRef, direction: remote::Direction) -> Option<Result<FullName>> {
        match direction {
            remote::Direction::Fetch => {
                let short_name = name.shorten();
                self.config
                    .resolved
                    .string_by("branch", Some(short_name), Branch::MERGE.name)
                    .map(|name| {
                        if name.starts_with(b"refs/") {
                            crate::config::tree::branch::Merge::try_into_fullrefname(name)
                        } else {
                            gix_ref::Category::LocalBranch.to_full_name(name.as_bstr()).or_error()
                        }
                        .or_raise(|| validation("The configured name of the remote ref to merge wasn't valid"))
                    })
            }
            remote::Direction::Push => {
                let remote = match self.branch_remote(name.shorten(), direction)? {
                    Ok(r) => r,
                    Err(err) => return Some(Err(err)),
                };
                if remote.push_specs.is_empty() {
                    let push_default =
                        match self
                            .config
                            .resolved
                            .string(Push::DEFAULT)
                            .map_or(Ok(Default::default()), |v| {
                                Push::DEFAULT
                                    .try_into_default(v)
                                    .with_lenient_default(self.config.lenient_config)
                            }) {
                            Ok(v) => v,
                            Err(err) => return Some(Err(err)),
                        };
                    match push_default {
                        push::Default::Nothing => None,
                        push::Default::Current | push::Default::Matching => Some(Ok(name.to_owned())),
                        push::Default::Upstream => self.branch_remote_ref_name(name, remote::Direction::Fetch),
                        push::Default::Simple => match self.branch_remote_ref_name(name, remote::Direction::Fetch)? {
                            Ok(fetch_ref) if fetch_ref.as_ref() == name => Some(Ok(fetch_ref)),
                            Err(err) => Some(Err(err)),
                            Ok(_different_fetch_ref) => None,
                        },
                    }
                } else {
                    matching_remote(name, remote.push_specs.iter(), self.object_hash()).map(|res| res.or_error())
                }
            }
        }
    }

    /// Return the validated name of the reference that tracks the corresponding reference of `name` on the remote for
    /// `direction`. Note that a branch with that name might not actually exist.
    ///
    /// * with `remote` being [remote::Direction::Fetch], we return the tracking branch that is on the destination
    ///   side of a `src:dest` refspec. For instance, with `name` being `main` and the default refspec
    ///   `refs/heads/*:refs/remotes/origin/*`, `refs/heads/main` would match and produce `refs/remotes/origin/main`.
    /// * with `remote` being [remote::Direction::Push], we return the tracking branch that corresponds to the remote
    ///   branch that we would push to. For instance, with `name` being `main` and no setup at all, we
    ///   would push to `refs/heads/main` on the remote. And that one would be fetched matching the
    ///   `refs/heads/*:refs/remotes/origin/*` fetch refspec, hence `refs/remotes/origin/main` is returned.
    ///   Note that `push` refspecs can be used to map `main` to `other` (using a push refspec `refs/heads/main:refs/heads/other`),
    ///   which would then lead to `refs/remotes/origin/other` to be returned instead.
    ///
    /// Note that if there is an ambiguity, that is if `name` maps to multiple tracking branches, the first matching mapping
    /// is returned, according to the order in which the fetch or push refspecs occur in the configuration file.
    ///
    /// See also [`Reference::remote_tracking_ref_name()`](crate::Reference::remote_tracking_ref_name()).
    #[doc(alias = "branch_upstream_name", alias = "git2")]
    pub fn branch_remote_tracking_ref_name(
        &self,
        name: &FullNameRef,
        direction: remote::Direction,
    ) -> Option<Result<FullName>> {
        let remote_ref = match self.branch_remote_ref_name(name, direction)? {
            Ok(r) => r,
            Err(err) => {
                return Some(Err(err.and_raise(message(
                    "Could not get the remote reference to translate into the local tracking branch",
                ))));
            }
        };
        let remote = match self.branch_remote(name.shorten(), direction)? {
            Ok(r) => r,
            Err(err) => {
                return Some(Err(err.and_raise(message(
                    "Couldn't find remote to obtain fetch-specs for mapping to the tracking reference",
                ))));
            }
        };

        if remote.fetch_specs.is_empty() {
            return None;
        }
        matching_remote(remote_ref.as_ref(), remote.fetch_specs.iter(), self.object_hash())
            .map(|res| res.or_raise(|| message("The name of the tracking reference was invalid")))
    }

    /// Given a local `tracking_branch` name, find the remote that maps to it along with the name of the branch on
    /// the side of the remote, also called upstream branch.
    ///
    /// Return `Ok(None)` if there is no remote with fetch-refspecs that would match `tracking_branch` on the right-hand side,
    /// or `Err` if the matches were ambiguous. All configured remotes are searched, and their fetch refspecs are reverse-mapped.
    /// A single valid mapping is required: mappings from multiple remotes or multiple mappings within one remote are ambiguous.
    /// Destinations match literally, and the source must be a valid full reference name; abbreviated sources
    /// aren't expanded into branch names.
    pub fn upstream_branch_and_remote_for_tracking_branch(
        &self,
        tracking_branch: &FullNameRef,
    ) -> Result<Option<(FullName, crate::Remote<'_>)>> {
        if tracking_branch.category() != Some(gix_ref::Category::RemoteBranch) {
            bail!(validation(format!(
                "The input branch '{}' needs to be a remote tracking branch",
                tracking_branch.as_bstr()
            )));
        }

        let mut candidates = Vec::new();
        let mut ambiguous_remotes = Vec::new();
        for remote_name in self.remote_names() {
            let remote = self.find_remote(remote_name)?;
            let out = remote.reverse_map_tracking_ref(tracking_branch);
            match &out.mappings[..] {
                [] => {}
                [one] => candidates.push((remote.clone(), one.lhs.clone().into_owned())),
                [..] => ambiguous_remotes.push(remote),
            }
        }

        if candidates.len() == 1 {
            let (remote, candidate) = candidates.pop().expect("just checked for one entry");
            let upstream_branch = source_ref_to_full_name(candidate)?;
            return Ok(Some((upstream_branch, remote)));
        }
        if !ambiguous_remotes.is_empty() || candidates.len() > 1 {
            let remotes = ambiguous_remotes
                .into_iter()
                .map(|r| r.name)
                .chain(candidates.into_iter().map(|(r, _)| r.name))
                .flatten()
                .map(|name| name.as_bstr().to_string())
                .collect::<Vec<_>>()
                .join(", ");
            bail!(validation(format!(
                "Found ambiguous remotes without 1:1 mapping or more than one match: {remotes}"
            )));
        }
        Ok(None)
    }

    /// Returns the unvalidated name of the remote associated with the given `short_branch_name`,
    /// typically `main` instead of `refs/heads/main`.
    /// In some cases, the returned name will be an URL.
    /// Returns `None` if the remote was not found or if the name contained illformed UTF-8.
    ///
    /// * if `direction` is [remote::Direction::Fetch], we will query the `branch.<short_name>.remote` configuration.
    /// * if `direction` is [remote::Direction::Push], the push remote will be queried by means of `branch.<short_name>.pushRemote`
    ///   or `remote.pushDefault` as fallback.
    ///
    /// See also [`Reference::remote_name()`](crate::Reference::remote_name()) for a more typesafe version
    /// to be used when a `Reference` is available.
    ///
    /// `short_branch_name` can typically be obtained by [shortening a full branch name](FullNameRef::shorten()).
    #[doc(alias = "branch_upstream_remote", alias = "git2")]
    pub fn branch_remote_name<'a>(
        &self,
        short_branch_name: impl Into<&'a BStr>,
        direction: remote::Direction,
    ) -> Option<remote::Name<'_>> {
        let name = short_branch_name.into();
        let config = &self.config.resolved;
        (direction == remote::Direction::Push)
            .then(|| {
                config
                    .string_by("branch", Some(name), Branch::PUSH_REMOTE.name)
                    .or_else(|| config.string(crate::config::tree::Remote::PUSH_DEFAULT))
            })
            .flatten()
            .or_else(|| config.string_by("branch", Some(name), Branch::REMOTE.name))
            .map(Into::into)
    }

    /// Like [`branch_remote_name(…)`](Self::branch_remote_name()), but returns a [Remote](crate::Remote).
    /// `short_branch_name` is the name to use for looking up `branch.<short_branch_name>.*` values in the
    /// configuration.
    ///
    /// See also [`Reference::remote()`](crate::Reference::remote()).
    pub fn branch_remote<'a>(
        &self,
        short_branch_name: impl Into<&'a BStr>,
        direction: remote::Direction,
    ) -> Option<Result<crate::Remote<'_>>> {
        let name = self.branch_remote_name(short_branch_name, direction)?;
        self.try_find_remote(name.as_bstr()).or_else(|| match name {
            remote::Name::Url(url) => gix_url::parse(&url).and_then(|url| self.remote_at(url)).into(),
            remote::Name::Symbol(_) => None,
        })
    }
}

fn source_ref_to_full_name(source: gix_refspec::match_group::SourceRef<'_>) -> Result<FullName> {
    match source {
        gix_refspec::match_group::SourceRef::FullName(name) => gix_ref::FullName::try_from(name.into_owned())
            .or_raise(|| validation("The upstream branch name is invalid")),
        gix_refspec::match_group::SourceRef::ObjectId(_) => {
            unreachable!("Such a reverse mapping isn't ever produced")
        }
    }
}

fn matching_remote<'a>(
    lhs: &FullNameRef,
    specs: impl IntoIterator<Item = &'a gix_refspec::RefSpec>,
    object_hash: gix_hash::Kind,
) -> Option<std::result::Result<FullName, gix_validate::reference::name::Error>> {
    let search = gix_refspec::MatchGroup {
        specs: specs
            .into_iter()
            .map(gix_refspec::RefSpec::to_ref)
            .filter(|spec| spec.source().is_some() && spec.destination().is_some())
            .collect(),
    };
    let null_id = object_hash.null();
    let out = search.match_lhs(
        Some(gix_refspec::match_group::Item {
            full_ref_name: lhs.as_bstr(),
            target: &null_id,
            object: None,
        })
        .into_iter(),
    );
    out.mappings
        .into_iter()
        .next()
        .and_then(|m| m.rhs.map(|name| FullName::try_from(name.into_owned())))
}
