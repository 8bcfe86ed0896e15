//! `pr-body`: a pull-request description for a story, read from the local checkpoint or from a
//! remote's fetched copy. The layout is [`crate::formats::pr`]'s. Prints nothing.

use crate::error::{Error, Result};
use crate::formats;
use crate::remote;
use crate::store::Store;
use crate::story::StoryId;

/// What [`pr_body`] renders.
#[derive(Debug, Clone)]
pub struct Options {
    /// The story (resolved by the front end).
    pub story: StoryId,
    /// Read the copy fetched from this remote (`refs/remotes/<remote>/checkpoints/<story>`)
    /// instead of the local checkpoint.
    pub remote: Option<String>,
}

/// What [`pr_body`] rendered.
#[derive(Debug, Clone)]
pub struct Report {
    /// The story, shown as it was saved.
    pub story: StoryId,
    /// The full ref name read.
    pub refname: String,
    /// The body: markdown as GitHub and GitLab render it.
    pub body: String,
}

/// Renders the pull-request body of `options.story`'s tip.
///
/// # Errors
/// [`Error::RemoteNotFound`] when `options.remote` names a copy that was not fetched;
/// [`Error::NotFound`] when the story has no checkpoint; storage errors.
pub fn pr_body(store: &Store, options: Options) -> Result<Report> {
    let story = options.story;
    let (refname, tip) = match &options.remote {
        Some(remote) => {
            let refname = format!("{}{}", remote::tracking_prefix(remote), story.as_str());
            let tip = store.tip(&refname)?.ok_or_else(|| Error::RemoteNotFound {
                story: story.to_string(),
                refname: refname.clone(),
            })?;
            (refname, tip)
        }
        None => super::locate::locate_story(store, &story, false)?,
    };
    let rev = store.read(&refname, tip)?;
    let story = story.shown_as(&rev.summary.story_display);
    let parsed = formats::parse_revision(store, &rev);
    let body = formats::pr::render(&story, &refname, &rev, &parsed);
    let prov = super::provenance::provenance(store, &refname, &rev, Some(&parsed.doc))?;
    let body = labelled(body, &prov, &story);
    Ok(Report {
        story,
        refname,
        body,
    })
}

/// A pull-request `body` with a teammate's text (by `prov`) saying whose it is (an agent may
/// open the PR with it): each such line labelled after its list marker, and a closing line on
/// what the labels mean; when nothing of it was written here (a CI job's clone), one closing
/// line saying so instead.
pub fn labelled(body: String, prov: &super::provenance::Provenance, story: &StoryId) -> String {
    if prov.is_empty() {
        body
    } else if prov.all_theirs() {
        // Nothing of it was written here (a CI job's clone): one line says so.
        let revs: Vec<String> = prov
            .origins()
            .iter()
            .map(|o| o.revision.to_string())
            .collect();
        format!(
            "{body}\n_All of this description comes from checkpoint revision{} {} of story {}, written in another clone and fetched from a remote._\n",
            if revs.len() == 1 { "" } else { "s" },
            revs.join(", "),
            story.shown()
        )
    } else {
        let mut tagged: String = body.lines().map(|l| prov.tag_line(l) + "\n").collect();
        tagged.push_str(
            "\n_Parts marked [rN name <email>] were written in another clone (revision N, fetched from a remote)._\n",
        );
        tagged
    }
}
