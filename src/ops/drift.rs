//! What moved on since a checkpoint was saved: another branch, new commits on HEAD, an old
//! checkpoint, a revision only a hook wrote. Every view of a checkpoint (resume, the brief,
//! stack pop) reports the same warnings from here.

use crate::error::Result;
use crate::gitstate;
use crate::human::{count, relative_time};
use crate::store::{Revision, Store};

/// Age after which `resume` warns that a checkpoint is old, in seconds (7 days).
pub const STALE_AFTER_SECS: i64 = 7 * 86_400;

/// Warnings about the code having moved on since the save: another branch, new commits on
/// HEAD (with the files they touched), or an old checkpoint.
///
/// # Errors
/// [`crate::Error::Git`] when HEAD cannot be read.
pub fn warnings(store: &Store, tip: &Revision) -> Result<Vec<String>> {
    let refname = crate::story::StoryId::parse(&tip.meta.story)
        .map(|s| s.refname())
        .unwrap_or_default();
    let mut out = super::behind::remote_ahead(store, &tip.meta.story)?;
    // A hook's revision refreshes the code state and confirms nothing: measure from the last
    // revision a model or person wrote.
    let confirmed = super::status::confirmed(store, &refname, tip)?;
    if !tip.summary.hook.is_empty() {
        out.push(match &confirmed {
            Some(c) => format!(
                "revision {} was written by a hook ({}), not by a model or person: the last confirmed revision is {}, saved {}",
                tip.number(),
                tip.summary.hook,
                c.number(),
                relative_time(c.summary.time, chrono::Utc::now().timestamp())
            ),
            None => format!(
                "revision {} was written by a hook ({}); no model or person has confirmed this checkpoint",
                tip.number(),
                tip.summary.hook
            ),
        });
    }
    let rev = confirmed.as_ref().unwrap_or(tip);
    // Completion rides the branch: a merge or fast-forward into the default branch (squashes
    // are `status`'s and `done --merged`'s: they take a few git calls).
    if let Some(l) = super::merged::landed(store, tip, false)? {
        out.push(l.sentence());
    }
    let now = gitstate::head(store)?;
    if let (Some(saved), Some(current)) = (&rev.meta.branch, &now.branch) {
        if saved != current {
            out.push(format!(
                "the checkpoint was saved on branch '{saved}' but you are on '{current}' (git switch {saved})"
            ));
        }
    }
    if let (Some(saved), Some(head)) = (super::status::saved_head(rev), now.head) {
        if saved != head {
            let commits = gitstate::count(store.repo(), head, saved);
            let files = gitstate::changed_paths(store.repo(), saved, head);
            let commits = commits.map_or("many".to_string(), |n| n.to_string());
            let mut w = format!(
                "HEAD moved since the save: {}, {} changed since {}",
                count(commits, "commit", "commits"),
                count(files.len(), "file", "files"),
                &saved.to_string()[..12]
            );
            if !files.is_empty() {
                let shown: Vec<&str> = files.iter().take(5).map(String::as_str).collect();
                let more = if files.len() > 5 { ", ..." } else { "" };
                w.push_str(&format!(" ({}{more})", shown.join(", ")));
            }
            out.push(w);
        }
    }
    let age = chrono::Utc::now()
        .timestamp()
        .saturating_sub(rev.summary.time);
    if age > STALE_AFTER_SECS {
        out.push(format!(
            "the checkpoint is old: saved {}",
            relative_time(rev.summary.time, chrono::Utc::now().timestamp())
        ));
    }
    if let Ok(story) = crate::story::StoryId::parse(&tip.meta.story) {
        // Finished or purged elsewhere: said wherever the checkpoint is shown.
        out.extend(crate::endings::warnings(store, &story)?);
    }
    Ok(out)
}
