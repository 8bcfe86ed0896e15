//! Transport through the user's `git` binary: gix has no push, and the user's credential
//! helpers, ssh config and `insteadOf` rules live with git. Fetch uses glob refspecs into
//! remote-tracking refs only; push is never forced and its per-ref result comes from
//! `git push --porcelain`, never from error wording.
//!
//! This module runs git and parses its output; integrating what was fetched is `sync.rs`'s job.

use crate::error::{Error, Result};
use crate::names::{CLAIMS_PREFIX, NOTES_REF, PURGED_PREFIX};
use crate::store::{Store, ACTIVE_PREFIX, ARCHIVE_PREFIX};

/// Where a remote's checkpoints are tracked locally: `refs/remotes/<remote>/checkpoints/`.
pub fn tracking_prefix(remote: &str) -> String {
    format!("refs/remotes/{remote}/checkpoints/")
}

/// Where a remote's archived checkpoints are tracked: `refs/remotes/<remote>/checkpoints-archive/`.
pub fn tracking_archive_prefix(remote: &str) -> String {
    format!("refs/remotes/{remote}/checkpoints-archive/")
}

/// Where a remote's purge records are tracked: `refs/remotes/<remote>/checkpoints-purged/`.
pub fn tracking_purged_prefix(remote: &str) -> String {
    format!("refs/remotes/{remote}/checkpoints-purged/")
}

/// Where a remote's claims are tracked: `refs/remotes/<remote>/checkpoints-claims/`.
pub fn tracking_claims_prefix(remote: &str) -> String {
    format!("refs/remotes/{remote}/checkpoints-claims/")
}

/// Where a remote's notes ref is tracked: `refs/remotes/<remote>/notes/checkpoints`.
pub fn tracking_notes(remote: &str) -> String {
    format!("refs/remotes/{remote}/notes/checkpoints")
}

/// The fetch refspecs: globs only (an exact refspec for a ref the remote lacks fails the whole
/// fetch), forced only into remote-tracking refs, never into `refs/checkpoints/*`.
pub fn fetch_refspecs(remote: &str) -> Vec<String> {
    vec![
        format!("+{ACTIVE_PREFIX}*:{}*", tracking_prefix(remote)),
        format!("+{ARCHIVE_PREFIX}*:{}*", tracking_archive_prefix(remote)),
        format!("+{PURGED_PREFIX}*:{}*", tracking_purged_prefix(remote)),
        format!("+{CLAIMS_PREFIX}*:{}*", tracking_claims_prefix(remote)),
        format!("+{NOTES_REF}*:{}*", tracking_notes(remote)),
    ]
}

/// Picks the remote: `explicit`, else the current branch's upstream remote, else
/// `checkpoint.remote`, else `origin`.
///
/// # Errors
/// [`Error::InvalidRemote`] when the name is not one git accepts (or starts with `-`);
/// [`Error::NoSuchRemote`] when the chosen remote is not configured.
pub fn choose(store: &Store, explicit: Option<&str>) -> Result<String> {
    let from_branch = || {
        let short = crate::gitstate::head(store).ok()?.branch?;
        store.config_string(&format!("branch.{short}.remote"))
    };
    let name = explicit
        .map(String::from)
        .or_else(from_branch)
        .or_else(|| store.config_string("checkpoint.remote"))
        .unwrap_or_else(|| "origin".to_string());
    if !valid_name(&name) {
        return Err(Error::InvalidRemote { remote: name });
    }
    if !is_configured(store, &name) {
        return Err(Error::NoSuchRemote { remote: name });
    }
    Ok(name)
}

/// Whether `name` is a name git accepts for a remote (remote.c `valid_remote_name`:
/// `refs/remotes/<name>/test` passes `git check-ref-format`) and cannot be read as an option
/// (no leading `-`).
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && gix::refs::FullName::try_from(format!("refs/remotes/{name}/test")).is_ok()
}

/// Whether `name` is a configured remote (`remote.<name>.*`).
pub fn is_configured(store: &Store, name: &str) -> bool {
    store
        .repo()
        .remote_names()
        .iter()
        .any(|n| AsRef::<[u8]>::as_ref(n) == name.as_bytes())
}

/// Fetches the remote's checkpoints, archives and notes into remote-tracking refs.
/// `--refmap=` keeps a user-configured (possibly forced) refspec from also updating
/// `refs/checkpoints/*`; `--prune` drops tracking refs of stories the remote no longer has;
/// `--no-auto-gc` keeps git from starting `gc --auto` in the background while we integrate
/// (it would repack and pack refs under our ref updates); the user's next `git` command runs it.
/// `--no-filter` brings every object of what is fetched even into a partial clone.
///
/// Runs in `store`'s repository, whatever the process's directory.
///
/// # Errors
/// [`Error::FetchFailed`] with git's stderr when the fetch fails; [`Error::Io`] when git cannot
/// be started.
pub fn fetch(store: &Store, remote: &str) -> Result<()> {
    fetch_with(store, remote, fetch_refspecs(remote))
}

/// [`fetch`], and in a shallow clone (`<git dir>/shallow`) with `--unshallow`, so the whole
/// history comes: the checkpoints' and, git being what it is, the code's (git-fetch(1),
/// `--unshallow`). A complete clone is fetched as by [`fetch`] (git refuses `--unshallow`
/// there).
///
/// # Errors
/// As [`fetch`].
pub fn fetch_unshallow(store: &Store, remote: &str) -> Result<()> {
    let mut args = fetch_args(remote, true, fetch_refspecs(remote));
    if store.is_shallow() {
        args.insert(1, "--unshallow".to_string());
    }
    let out = store.git().output(&args)?;
    if !out.status.success() {
        return Err(fetch_failed(remote, &out));
    }
    Ok(())
}

/// Fetches only the remote's purge records (`refs/checkpoints-purged/*`) into their
/// remote-tracking refs, pruning those the remote no longer has: what a push learns first, so
/// that it never sends back a story purged elsewhere. Options as [`fetch`].
///
/// # Errors
/// As [`fetch`].
pub fn fetch_purged(store: &Store, remote: &str) -> Result<()> {
    let spec = format!("+{PURGED_PREFIX}*:{}*", tracking_purged_prefix(remote));
    fetch_with(store, remote, vec![spec])
}

/// What may follow a story id in another ref's name that [`story_refspecs`] keeps out with a
/// negative refspec: the characters of a story id in either case, and `/` (a ref nested
/// under the id's name). A ref of another tool continuing with anything else (`42@x`) still
/// comes, into its remote-tracking ref only. Each negative refspec costs git a comparison per
/// local ref during `--prune`, so the list is kept to what our refs hold.
const NEXT_CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/";

/// The most stories [`story_refspecs`] names with narrow globs: each costs git about 0.25 s
/// at 100,000 remote-tracking refs while it prunes, where the remote's listing of every story
/// costs about 1.5 s more than a fetch of one ref (git 2.47, 2 busy CPUs).
pub const NARROW_STORIES: usize = 4;

/// The fetch refspecs for `stories` only, one per line of `git fetch --stdin`: for each of our
/// namespaces (active, archive, purge record, claim) and each story `<id>` (none that starts
/// with another story asked for), the narrow glob `+refs/<ns>/<id>*:<tracking>/<id>*`, then
/// the negative refspecs (`^<ref>`, git 2.29) that keep every other ref it matches out: one
/// `^refs/<ns>/<id><c>*` per character `c` of `NEXT_CHARS` (those of a story id in either
/// case, and `/`), going down the characters of any longer story asked for, with
/// `^refs/<ns>/<prefix>` for each name between the two that is not asked for; and the notes
/// ref's glob. About 270 lines per story. Each costs git a comparison per local ref while it
/// prunes (`--prune`): about 0.25 s at 100,000 remote-tracking refs (git 2.47, 2 busy CPUs).
///
/// Why globs: an exact refspec for a ref the remote lacks fails the whole fetch ("couldn't find
/// remote ref"), and a story lacks most namespaces. Why narrow ones: with protocol v2 git asks
/// the remote only for the refs under each glob's part before `*` (`ref-prefix`,
/// gitprotocol-v2(5) `ls-refs`), so the remote lists this story's refs and those whose id
/// starts with it, not every story it holds; negative refspecs are not sent. (A `*` matches any
/// string, `/` included: git-fetch(1), `<refspec>`.) A name that cannot be a ref (`a..*`) is
/// left out: git refuses such a refspec, and no ref has that name.
///
/// Beyond [`NARROW_STORIES`] stories, one glob per story, `+refs/checkpoints*/<id>:<the
/// remote's>/checkpoints*/<id>`, which names that story's ref in each namespace and nothing
/// else without any negative refspec, but which the remote answers with every ref under
/// `refs/checkpoints` (its `ref-prefix`): cheaper then than hundreds of negative refspecs
/// each.
pub fn story_refspecs(remote: &str, stories: &[crate::story::StoryId]) -> Vec<String> {
    let ids: std::collections::BTreeSet<&str> = stories.iter().map(|s| s.as_str()).collect();
    let mut specs = Vec::new();
    if ids.len() > NARROW_STORIES {
        for id in &ids {
            specs.push(format!(
                "+refs/checkpoints*/{id}:refs/remotes/{remote}/checkpoints*/{id}"
            ));
        }
        specs.push(format!("+{NOTES_REF}*:{}*", tracking_notes(remote)));
        return specs;
    }
    for (src, dst) in [
        (ACTIVE_PREFIX.to_string(), tracking_prefix(remote)),
        (ARCHIVE_PREFIX.to_string(), tracking_archive_prefix(remote)),
        (PURGED_PREFIX.to_string(), tracking_purged_prefix(remote)),
        (CLAIMS_PREFIX.to_string(), tracking_claims_prefix(remote)),
    ] {
        for id in &ids {
            if ids.iter().any(|o| o != id && id.starts_with(o)) {
                continue; // Fetched through the shorter id's glob.
            }
            specs.push(format!("+{src}{id}*:{dst}{id}*"));
            exclude_others(&mut specs, &src, id, &ids);
        }
    }
    specs.push(format!("+{NOTES_REF}*:{}*", tracking_notes(remote)));
    specs
}

/// Pushes the negative refspecs that keep out of `<src><prefix>*` every ref but those of
/// `ids`: `^<src><prefix>` unless `prefix` is one of them, then for each next character one
/// level down toward a longer id, or `^<src><prefix><c>*` when no id continues that way.
fn exclude_others(
    specs: &mut Vec<String>,
    src: &str,
    prefix: &str,
    ids: &std::collections::BTreeSet<&str>,
) {
    let valid = |name: &str| gix::refs::FullName::try_from(name.replace('*', "x")).is_ok();
    if !ids.contains(prefix) && valid(&format!("{src}{prefix}")) {
        specs.push(format!("^{src}{prefix}"));
    }
    for &c in NEXT_CHARS {
        let longer = format!("{prefix}{}", c as char);
        if ids.iter().any(|i| i.starts_with(&longer)) {
            exclude_others(specs, src, &longer, ids);
        } else if valid(&format!("{src}{longer}*")) {
            specs.push(format!("^{src}{longer}*"));
        }
    }
}

/// Fetches only `stories` ([`story_refspecs`]: each one's active, archived, purge-record and
/// claim refs, and the notes ref) into their remote-tracking refs, pruning those of them the
/// remote no longer has (`--prune` leaves a ref a negative refspec names alone), other
/// stories' remote-tracking refs untouched. Options as [`fetch`]; the refspecs go on git's
/// stdin (`git fetch --stdin`, git 2.29), hundreds of them per story being too long for a
/// command line on Windows. What it costs is what `git fetch` of one exact ref costs, whatever
/// the number of stories on the remote: the remote lists the refs under `refs/<ns>/<id>` only
/// (see [`story_refspecs`]), and git reads no object of another story.
///
/// # Errors
/// As [`fetch`].
pub fn fetch_stories(store: &Store, remote: &str, stories: &[crate::story::StoryId]) -> Result<()> {
    let mut args = fetch_args(remote, true, Vec::new());
    args.insert(1, "--stdin".to_string());
    let mut input = story_refspecs(remote, stories).join("\n");
    input.push('\n');
    let out = store
        .git()
        .output_with(&args, Some(input.as_bytes()), &[])?;
    if !out.status.success() {
        return Err(fetch_failed(remote, &out));
    }
    Ok(())
}

fn fetch_with(store: &Store, remote: &str, refspecs: Vec<String>) -> Result<()> {
    let out = store.git().output(&fetch_args(remote, true, refspecs))?;
    if !out.status.success() {
        return Err(fetch_failed(remote, &out));
    }
    Ok(())
}

/// `git fetch` of `refspecs` from `remote` into remote-tracking refs, as [`fetch`] describes
/// its options; `--prune` when `prune`.
fn fetch_args(remote: &str, prune: bool, refspecs: Vec<String>) -> Vec<String> {
    let mut args: Vec<String> = [
        "fetch",
        "--quiet",
        "--no-tags",
        "--no-write-fetch-head",
        "--no-recurse-submodules",
        "--no-auto-gc",
        // In a partial clone (`--filter=blob:none`) the checkpoints' own blobs come too: they
        // are small, and `resume` must read a teammate's checkpoint offline.
        "--no-filter",
        "--refmap=",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if prune {
        args.push("--prune".into());
    }
    args.extend(["--".to_string(), remote.to_string()]);
    args.extend(refspecs);
    args
}

fn fetch_failed(remote: &str, out: &std::process::Output) -> Error {
    Error::FetchFailed {
        remote: remote.to_string(),
        stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
    }
}

/// Fetches one story's active and archived refs from `remote` into its remote-tracking refs,
/// waiting at most `limit` (a story nobody has is not an error: the refspecs are globs, which
/// match nothing then). The globs `refs/checkpoints/<story>*` also bring stories whose id
/// starts with this one's; only remote-tracking refs move. Returns whether the fetch finished in
/// time.
///
/// # Errors
/// [`Error::FetchFailed`] with git's stderr when the fetch fails; [`Error::Io`] when git cannot
/// be started.
pub fn fetch_story(
    store: &Store,
    remote: &str,
    story: &crate::story::StoryId,
    limit: std::time::Duration,
) -> Result<bool> {
    let id = story.as_str();
    let args = fetch_args(
        remote,
        false,
        vec![
            format!("+{ACTIVE_PREFIX}{id}*:{}{id}*", tracking_prefix(remote)),
            format!(
                "+{ARCHIVE_PREFIX}{id}*:{}{id}*",
                tracking_archive_prefix(remote)
            ),
        ],
    );
    match store.git().output_within(&args, limit)? {
        None => Ok(false),
        Some(out) if out.status.success() => Ok(true),
        Some(out) => Err(fetch_failed(remote, &out)),
    }
}

/// The remote's value of one story's claim ref (`refs/checkpoints-claims/<story>`), read by
/// `git ls-remote`, with its commit fetched when this clone lacks it. The fetch names no
/// destination (`--refmap=`, `--no-write-fetch-head`): it moves no ref, so processes of one
/// clone (its worktrees) racing for a claim never fail on each other's ref locks. Waits at most
/// `limit` for each git. Returns `None` when git did not finish in time, `Some(None)` when the
/// remote has no claim, else the remote's value, its commit present here with the whole of
/// `file`, the path its tree holds (checked by [`has_whole`]).
///
/// # Errors
/// [`Error::FetchFailed`] with git's stderr when git fails, or when the ref kept moving between
/// reading and fetching it; [`Error::Io`] when git cannot be started.
pub fn fetch_claim(
    store: &Store,
    remote: &str,
    story: &crate::story::StoryId,
    file: &str,
    limit: std::time::Duration,
) -> Result<Option<Option<gix::ObjectId>>> {
    let refname = format!("{CLAIMS_PREFIX}{}", story.as_str());
    for _ in 0..3 {
        let listed = store.git().output_within(
            &["ls-remote", "--refs", "--", remote, refname.as_str()],
            limit,
        )?;
        let Some(listed) = listed else {
            return Ok(None);
        };
        if !listed.status.success() {
            return Err(fetch_failed(remote, &listed));
        }
        let value = String::from_utf8_lossy(&listed.stdout)
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .find(|(_, name)| *name == refname)
            .and_then(|(oid, _)| gix::ObjectId::from_hex(oid.as_bytes()).ok());
        let Some(value) = value else {
            return Ok(Some(None));
        };
        if has_whole(store, value, file)? {
            return Ok(Some(Some(value)));
        }
        let args = fetch_args(remote, false, vec![refname.clone()]);
        match store.git().output_within(&args, limit)? {
            None => return Ok(None),
            Some(out) if !out.status.success() => return Err(fetch_failed(remote, &out)),
            Some(_) if has_whole(store, value, file)? => return Ok(Some(Some(value))),
            // The ref moved between ls-remote and the fetch: read it again.
            Some(_) => continue,
        }
    }
    Err(Error::FetchFailed {
        remote: remote.to_string(),
        stderr: format!("{refname} kept moving while it was fetched"),
    })
}

/// Whether the repository has commit `id` whole (the commit, its tree and the blob at `file`),
/// asked of git (`cat-file -e <id>:<file>`): a pack a fetch just wrote is
/// not always seen by gix's object store of this process, and a concurrent fetch into the same
/// object store (a worktree, another racer) unpacks a small pack object by object, the commit
/// before its tree, so the commit alone may be there before the rest.
fn has_whole(store: &Store, id: gix::ObjectId, file: &str) -> Result<bool> {
    let spec = format!("{id}:{file}");
    Ok(store
        .git()
        .output(&["cat-file", "-e", spec.as_str()])?
        .status
        .success())
}

/// Pushes `commit` to `refname` on `remote` leased on the remote's value `expected` (`None`:
/// the ref must not exist there), without the `pre-push` hook, waiting at most `limit`:
/// `git push --porcelain --no-verify --force-with-lease=<ref>:<expected> -- <remote>
/// <commit>:<ref>` (git-push(1), `--force-with-lease`). Returns `None` when git did not
/// finish in time, else the ref's result (rejected when the lease failed).
///
/// # Errors
/// [`Error::PushFailed`] when git fails without a per-ref result; [`Error::Io`].
pub fn push_leased(
    store: &Store,
    remote: &str,
    refname: &str,
    commit: gix::ObjectId,
    expected: Option<gix::ObjectId>,
    limit: std::time::Duration,
) -> Result<Option<PushedRef>> {
    let lease = expected.map(|e| e.to_string()).unwrap_or_default();
    let args = [
        "push".to_string(),
        "--porcelain".into(),
        "--no-verify".into(),
        "--no-recurse-submodules".into(),
        format!("--force-with-lease={refname}:{lease}"),
        "--".into(),
        remote.into(),
        format!("{commit}:{refname}"),
    ];
    let Some(out) = store.git().output_within(&args, limit)? else {
        return Ok(None);
    };
    let result = parse_porcelain(&String::from_utf8_lossy(&out.stdout))
        .into_iter()
        .find(|r| r.to == refname);
    match result {
        Some(r) => Ok(Some(r)),
        None => Err(Error::PushFailed {
            remote: remote.to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        }),
    }
}

/// One ref's result from `git push --porcelain`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushedRef {
    /// Status flag: ` ` fast-forward, `+` forced, `-` deleted, `*` new, `=` up to date,
    /// `!` rejected (git-push(1), OUTPUT).
    pub flag: char,
    /// Local ref (empty for a deletion).
    pub from: String,
    /// Remote ref.
    pub to: String,
    /// git's summary, e.g. `[rejected] (fetch first)`.
    pub summary: String,
}

impl PushedRef {
    /// Whether git refused this ref.
    pub fn rejected(&self) -> bool {
        self.flag == '!'
    }
}

/// Parses `git push --porcelain` output: `<flag>\t<from>:<to>\t<summary>` lines between the
/// `To <url>` line and `Done` (git-push(1), OUTPUT).
pub fn parse_porcelain(stdout: &str) -> Vec<PushedRef> {
    stdout
        .lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, '\t');
            let flag_field = parts.next()?;
            let refs = parts.next()?;
            let summary = parts.next().unwrap_or("").to_string();
            let mut flag_chars = flag_field.chars();
            let flag = flag_chars.next()?;
            if flag_chars.next().is_some() || !" +-*=!".contains(flag) {
                return None;
            }
            let (from, to) = refs.split_once(':')?;
            Some(PushedRef {
                flag,
                from: from.to_string(),
                to: to.to_string(),
                summary,
            })
        })
        .collect()
}

/// Pushes `refspecs` (never forced) plus `leases` (`--force-with-lease=<ref>:<expect>`), and
/// returns each ref's result. With `verify` git runs the user's `pre-push` hook, as a plain
/// `git push` does (githooks(5)); without it, `--no-verify`. Runs in `store`'s repository,
/// whatever the process's directory.
///
/// # Errors
/// [`Error::PushFailed`] when git fails without reporting per-ref results (an unreachable
/// remote, a `pre-push` hook that refused); [`Error::Io`] when git cannot be started.
pub fn push(
    store: &Store,
    remote: &str,
    refspecs: &[String],
    leases: &[String],
    verify: bool,
) -> Result<Vec<PushedRef>> {
    if refspecs.is_empty() {
        // A bare `git push` would push branches by push.default: never run it.
        return Ok(Vec::new());
    }
    let mut args: Vec<String> = vec![
        "push".into(),
        "--porcelain".into(),
        "--no-recurse-submodules".into(),
    ];
    if !verify {
        args.push("--no-verify".into());
    }
    args.extend(leases.iter().map(|l| format!("--force-with-lease={l}")));
    // The remote's name is never read as an option.
    args.push("--".into());
    args.push(remote.into());
    args.extend(refspecs.iter().cloned());
    let out = store.git().output(&args)?;
    let results = parse_porcelain(&String::from_utf8_lossy(&out.stdout));
    if results.is_empty() && !out.status.success() {
        return Err(Error::PushFailed {
            remote: remote.to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether git would fetch `name` with `specs` (a positive glob matches, no negative
    /// does: git-fetch(1), `<refspec>`).
    fn fetched(specs: &[String], name: &str) -> bool {
        let glob = |p: &str| match p.split_once('*') {
            Some((head, tail)) => {
                name.len() >= head.len() + tail.len()
                    && name.starts_with(head)
                    && name.ends_with(tail)
            }
            None => p == name,
        };
        let positive = specs.iter().any(|s| {
            s.strip_prefix('+')
                .and_then(|s| s.split_once(':'))
                .is_some_and(|(src, _)| glob(src))
        });
        let negative = specs.iter().any(|s| s.strip_prefix('^').is_some_and(&glob));
        positive && !negative
    }

    fn ids(names: &[&str]) -> Vec<crate::story::StoryId> {
        names
            .iter()
            .map(|n| crate::story::StoryId::parse(n).unwrap())
            .collect()
    }

    #[test]
    fn story_refspecs_name_the_stories_asked_for_and_no_other() {
        let specs = story_refspecs("o", &ids(&["42", "4200", "v1.2"]));
        assert!(specs.contains(&"+refs/checkpoints/42*:refs/remotes/o/checkpoints/42*".into()));
        assert!(specs.contains(
            &"+refs/checkpoints-claims/42*:refs/remotes/o/checkpoints-claims/42*".into()
        ));
        assert!(
            specs.contains(&"+refs/notes/checkpoints*:refs/remotes/o/notes/checkpoints*".into())
        );
        // 4200 comes through 42's glob: no glob of its own.
        assert!(!specs
            .iter()
            .any(|s| s.starts_with("+refs/checkpoints/4200")));
        for ns in [
            "checkpoints",
            "checkpoints-archive",
            "checkpoints-purged",
            "checkpoints-claims",
        ] {
            for (name, wanted) in [
                ("42", true),
                ("4200", true),
                ("v1.2", true),
                ("4", false),
                ("420", false),
                ("421", false),
                ("4201", false),
                ("42000", false),
                ("42A", false),
                ("42-x", false),
                ("42/x", false),
                ("4200/x", false),
                ("v1.20", false),
                ("v1.2.3", false),
                ("v1", false),
                ("7", false),
            ] {
                let r = format!("refs/{ns}/{name}");
                assert_eq!(fetched(&specs, &r), wanted, "{r}");
            }
        }
    }

    #[test]
    fn story_refspecs_beyond_a_few_stories_are_one_glob_each() {
        let names = ["1", "2", "3", "4", "40"];
        let specs = story_refspecs("o", &ids(&names));
        assert_eq!(specs.len(), names.len() + 1, "{specs:?}");
        assert!(!specs.iter().any(|s| s.starts_with('^')));
        for name in names {
            for ns in ["checkpoints", "checkpoints-archive", "checkpoints-claims"] {
                assert!(fetched(&specs, &format!("refs/{ns}/{name}")), "{ns}/{name}");
            }
        }
        for other in [
            "refs/checkpoints/400",
            "refs/checkpoints/5",
            "refs/checkpoints/4/x",
        ] {
            assert!(!fetched(&specs, other), "{other}");
        }
    }

    #[test]
    fn story_refspecs_leave_out_names_that_cannot_be_refs() {
        // Between `a` and `a.b` lies `a.`, which no ref is named; `a..*` is no refspec.
        let specs = story_refspecs("o", &ids(&["a", "a.b"]));
        assert!(!specs.contains(&"^refs/checkpoints/a.".into()), "{specs:?}");
        assert!(!specs.iter().any(|s| s.contains("..")), "{specs:?}");
        assert!(specs.contains(&"^refs/checkpoints/a.c*".into()));
        assert!(fetched(&specs, "refs/checkpoints/a.b"));
        assert!(!fetched(&specs, "refs/checkpoints/a.bc"));
        for s in &specs {
            let name = s.trim_start_matches(['+', '^']).split(':').next().unwrap();
            assert!(
                gix::refs::FullName::try_from(name.replace('*', "x")).is_ok(),
                "{s}"
            );
        }
    }

    #[test]
    fn porcelain_lines() {
        let out = "To /tmp/o.git\n*\trefs/checkpoints/a:refs/checkpoints/a\t[new reference]\n!\trefs/checkpoints/b:refs/checkpoints/b\t[rejected] (fetch first)\n=\trefs/notes/checkpoints:refs/notes/checkpoints\t[up to date]\n-\t:refs/checkpoints/c\t[deleted]\nDone\n";
        let r = parse_porcelain(out);
        assert_eq!(r.len(), 4);
        assert_eq!(r[0].flag, '*');
        assert!(r[1].rejected());
        assert_eq!(r[1].to, "refs/checkpoints/b");
        assert_eq!(r[3].from, "");
    }
}
