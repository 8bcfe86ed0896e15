//! Whether a remote is ahead of this clone's checkpoint of a story, as last fetched: every view
//! of a story (resume, the brief, status) says so.

use crate::error::Result;
use crate::store::Store;

/// What a remote has of `story` that this clone's checkpoint lacks, as last fetched (by our
/// fetch or a plain `git fetch`): one sentence per remote whose copy is ahead of the local tip
/// or diverged from it (`origin has revision 7, this clone revision 5: ...`), with the command
/// that brings it in. Nothing when the story has no local checkpoint (the copy is what is read)
/// or every copy is in the local history.
///
/// # Errors
/// Storage errors.
pub fn remote_ahead(store: &Store, story: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let Ok(id) = crate::story::StoryId::parse(story) else {
        return Ok(out);
    };
    let Some(local) = store.tip(&id.refname())? else {
        return Ok(out);
    };
    for remote in store.remote_names() {
        let tracking = format!("{}{}", crate::remote::tracking_prefix(&remote), id.as_str());
        let Some(theirs) = store.tip(&tracking)? else {
            continue;
        };
        // A remote's copy that is no checkpoint (a blob pushed by hand) is named by fetch.
        if theirs == local || store.not_a_checkpoint(&tracking, theirs).is_some() {
            continue;
        }
        let base = store.merge_base(local, theirs)?;
        if base == Some(theirs) {
            continue;
        }
        let number = |c| store.summary(c).map(|s| s.revision);
        let (theirs_n, ours_n) = (number(theirs)?, number(local)?);
        let reopened = base != Some(local)
            && crate::sync::finished_history(store, &id.refname(), &tracking, local)?;
        out.push(if base == Some(local) {
            format!(
                "{remote} has revision {theirs_n}, this clone revision {ours_n}: `git checkpoint fetch {remote}` brings it in (the next save does too)"
            )
        } else if reopened {
            format!(
                "{remote} has the story reopened (revision {theirs_n}); this clone's revision {ours_n} is finished (in the story's archive): `git checkpoint sync {remote}` takes the reopened one (the next save does too)"
            )
        } else {
            format!(
                "{remote} has revision {theirs_n} and this clone revision {ours_n}, diverged: `git checkpoint sync {remote}` merges them (the next save does too)"
            )
        });
    }
    Ok(out)
}
