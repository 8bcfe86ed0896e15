//! Taking one side of open merge conflicts (`sync --ours`/`--theirs`, `fetch --ours`/
//! `--theirs`): a new revision whose document holds the side taken for every conflict marker
//! the tip holds. A side is only ever taken on request; the merge itself keeps both
//! (`model::merge`).

use crate::error::Result;
use crate::formats;
use crate::model::conflict::Pick;
use crate::store::{self, NewRevision, Store, ACTIVE_PREFIX};
use crate::sync::Outcome;

/// One story whose open conflicts were resolved.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct Taken {
    /// Canonical story id.
    #[schemars(length(min = 1))]
    pub story: String,
    /// The active ref written (`refs/checkpoints/<story>`).
    #[serde(rename = "ref")]
    #[schemars(extend("pattern" = "^refs/checkpoints/"))]
    pub refname: String,
    /// The revision written (full hex).
    #[schemars(extend("pattern" = crate::names::OID_PATTERN))]
    pub commit: String,
    /// Its revision number.
    pub revision: u64,
    /// `ours` or `theirs`, as the markers name the sides.
    pub side: String,
    /// How many conflicts were resolved.
    pub resolved: usize,
}

/// Whether `subject` is that of a revision [`take_in`] wrote (`take ours (…) in N
/// conflicts`, `take theirs (…) …`): its text is a side of a merge, not written anew.
pub fn took_a_side(subject: &str) -> bool {
    [Pick::Ours, Pick::Theirs]
        .into_iter()
        .any(|p| subject.starts_with(&subject_start(p)))
}

/// How the subject of a revision taking `pick` starts: `take theirs (`.
fn subject_start(pick: Pick) -> String {
    format!("take {} (", side_name(pick))
}

/// The word `--ours`/`--theirs` stand for.
pub fn side_name(pick: Pick) -> &'static str {
    match pick {
        Pick::Ours => "ours",
        Pick::Theirs => "theirs",
    }
}

/// Takes `pick` for every open conflict of the tip of each active story among `outcomes`
/// (what a fetch integrated): one revision per story that held any, written by
/// compare-and-swap on top of the tip, with the document re-rendered in the tip's template.
/// Stories without conflicts are left as they are. Returns the stories written, in outcome
/// order.
///
/// # Errors
/// Storage errors; [`crate::Error::NoIdentity`]; those of [`Store::update`].
pub fn take_side(store: &Store, outcomes: &[Outcome], pick: Pick) -> Result<Vec<Taken>> {
    let mut out = Vec::new();
    for o in outcomes {
        if !o.refname.starts_with(ACTIVE_PREFIX) || o.tip.is_none() {
            continue;
        }
        if let Some(t) = take_in(store, &o.story, &o.refname, pick)? {
            out.push(t);
        }
    }
    Ok(out)
}

/// [`take_side`] for one active ref.
///
/// # Errors
/// As [`take_side`].
pub fn take_in(store: &Store, story: &str, refname: &str, pick: Pick) -> Result<Option<Taken>> {
    let mut resolved = 0;
    let written = store.update_if(
        refname,
        None,
        |tip| {
            let Some(tip) = tip else { return Ok(None) };
            let parsed = formats::parse_revision(store, tip);
            let mut doc = parsed.doc;
            let mut authors: Vec<String> = Vec::new();
            for g in &parsed.gaps {
                if let Some(c) = &g.conflict {
                    let s = match pick {
                        Pick::Ours => &c.ours,
                        Pick::Theirs => &c.theirs,
                    };
                    let who = match (&s.author, s.revision) {
                        (Some(a), Some(r)) => format!("{a}, r{r}"),
                        _ => "unnamed".to_string(),
                    };
                    if !authors.contains(&who) {
                        authors.push(who);
                    }
                }
            }
            resolved = crate::model::resolve_conflicts(&mut doc, pick);
            if resolved == 0 {
                return Ok(None);
            }
            let (template, _) = formats::of_revision(store, tip);
            let (done, total) = doc.task_counts();
            let meta = store::Meta {
                title: doc.title.clone().or(tip.meta.title.clone()),
                tasks_done: done,
                tasks_total: total,
                saved_at: store::now_rfc3339(),
                hook: None,
                confirmed: None,
                ..tip.meta.clone()
            };
            Ok(Some(NewRevision {
                document: template.render(&doc),
                meta,
                subject: format!(
                    "{}{}) in {resolved} conflict{}",
                    subject_start(pick),
                    authors.join("; "),
                    if resolved == 1 { "" } else { "s" }
                ),
                body: String::new(),
                accepted: Vec::new(),
            }))
        },
        |_, _| Ok(Vec::new()),
    )?;
    let Some((commit, _)) = written else {
        return Ok(None);
    };
    let revision = store.summary(commit)?.revision;
    Ok(Some(Taken {
        story: story.to_string(),
        refname: refname.to_string(),
        commit: commit.to_string(),
        revision,
        side: side_name(pick).to_string(),
        resolved,
    }))
}
