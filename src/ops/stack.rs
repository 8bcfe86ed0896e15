//! The suspended-story stack's operations (`stack push`, `pop`, `drop`); storage of the stack
//! itself is [`crate::stack`].

use crate::error::{Error, Result};
use crate::formats;
use crate::gitstate;
use crate::stack::{self, Entry, Stack};
use crate::store::{self, FileState, Store};
use crate::story::StoryId;

/// Changes the stack by compare-and-swap (the stack ref's `stack.json` and its `STACK.md`,
/// rendered by [`formats::pm::render_stack`]): `change` gets the current stack and edits it (or
/// fails, and nothing is written); on a lost race it runs again on the new stack. Returns the
/// stack as written.
///
/// # Errors
/// Errors from `change`; [`Error::Contended`], [`Error::LockHeld`], [`Error::Git`].
pub fn update<F>(store: &Store, message: &str, mut change: F) -> Result<Stack>
where
    F: FnMut(&mut Stack) -> Result<()>,
{
    store.check_identity()?;
    store.transact(store::STACK_REF, || {
        let (tip, mut stack) = stack::read(store)?;
        change(&mut stack)?;
        stack.schema_version = 1;
        let json = serde_json::to_vec_pretty(&stack).expect("the stack always serialises");
        let md = formats::pm::render_stack(&stack);
        let commit = store.write_files_commit(
            &[
                (stack::STACK_MD, md.as_bytes()),
                (stack::STACK_FILE, json.as_slice()),
            ],
            &format!("{message}\n"),
            tip.into_iter().collect(),
            None,
        )?;
        let edit = store::update_edit(
            store::STACK_REF,
            commit,
            store::expect(tip),
            "checkpoint: stack",
        );
        Ok(store::Step::Write(vec![edit], stack))
    })
}

/// Pushes `story` (which must have a checkpoint) on the stack and clears it as current. The
/// reason is scanned for credentials like a save's text (it is written into the stack ref),
/// unless `allow_secret` or `checkpoint.secretScan=false`.
///
/// # Errors
/// [`Error::BadReason`] when the reason is empty or holds a line break or a control character
/// (bidirectional ones included); [`Error::Secret`] when it holds a credential (nothing is
/// written); [`Error::NotFound`] without a checkpoint; [`Error::AlreadyStacked`] when it is already stacked.
pub fn push(store: &Store, story: &StoryId, reason: &str, allow_secret: bool) -> Result<Entry> {
    if crate::secrets::enabled(store, allow_secret)? {
        crate::secrets::refuse(&[("the --reason text", reason)], "suspend", "written")?;
    }
    let why = if reason.trim().is_empty() {
        Some("it is empty")
    } else if reason.trim().contains(['\n', '\r']) {
        Some("it holds a line break")
    } else if reason.chars().any(|c| {
        c.is_control() || matches!(c as u32, 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069)
    }) {
        Some("it holds a control character")
    } else {
        None
    };
    if let Some(why) = why {
        return Err(Error::BadReason {
            reason: reason.to_string(),
            why,
        });
    }
    let (refname, tip) = crate::store::locate(store, story, false)?;
    let rev = store.read(&refname, tip)?;
    let mut d = formats::parse_revision(store, &rev).doc;
    d.title = d.title.or(rev.meta.title.clone());
    d.branch = d.branch.or(rev.meta.branch.clone());
    // As the checkpoint records it, whatever case the id was typed in here.
    let shown = StoryId::parse(story.as_str())?
        .shown_as(rev.meta.story_display.as_deref().unwrap_or_default());
    let entry = Entry::from_document(
        &shown,
        &d,
        reason.trim().to_string(),
        store::now_rfc3339(),
        Some(tip.to_string()),
    );
    update(store, &format!("stack: push {story}"), |s| {
        if s.entries.iter().any(|e| e.story == story.as_str()) {
            return Err(Error::AlreadyStacked {
                story: story.to_string(),
            });
        }
        s.entries.insert(0, entry.clone());
        Ok(())
    })?;
    crate::current::clear_if(store, story)?;
    Ok(entry)
}

/// Removes `want` (the top when `None`) from the stack.
///
/// # Errors
/// [`Error::NotStacked`] when the story is not on the stack, [`Error::StackEmpty`] when the
/// stack is empty; as
/// [`update`].
pub fn drop(store: &Store, want: Option<&StoryId>) -> Result<Entry> {
    let mut dropped = None;
    update(store, "stack: drop", |s| {
        let i = match want {
            Some(w) => s.entries.iter().position(|e| e.story == w.as_str()),
            None => (!s.entries.is_empty()).then_some(0),
        };
        let Some(i) = i else {
            return Err(match want {
                Some(w) => Error::NotStacked {
                    story: w.to_string(),
                },
                None => Error::StackEmpty,
            });
        };
        dropped = Some(s.entries.remove(i));
        Ok(())
    })?;
    Ok(dropped.expect("update ran the change"))
}

/// What [`pop`] did.
#[derive(Debug, Clone)]
pub struct Popped {
    /// The story popped (now the worktree's current story).
    pub story: StoryId,
    /// Its stack entry.
    pub entry: Entry,
    /// Whether its branch was checked out (`--switch`).
    pub switched: bool,
    /// The stack after the pop.
    pub remaining: Stack,
}

/// Pops the top story and makes it current; with `switch`, first checks out its branch with
/// the user's `git switch` when HEAD is elsewhere (refused on a working tree with changes).
/// When another story is current, it is refused unless `force` (seed 003: "push the active
/// item, then pop").
///
/// # Errors
/// [`Error::StackEmpty`]; [`Error::PopWouldReplace`] when another story is current and not
/// `force`; with `switch`, [`Error::DirtyWorkTree`] when the working tree has
/// changes, [`Error::SwitchNeedsWorkTree`] in a bare repository and [`Error::SwitchFailed`]
/// when `git switch` fails; [`Error::PoppedElsewhere`] when another process popped it
/// meanwhile; storage errors.
pub fn pop(store: &Store, switch: bool, force: bool) -> Result<Popped> {
    let (_, s) = stack::read(store)?;
    let Some(top) = s.entries.first().cloned() else {
        return Err(Error::StackEmpty);
    };
    // Named as their checkpoints show them (`R-9`, not the canonical `r-9`).
    let shown = |s: &StoryId| {
        store
            .tip(&s.refname())
            .ok()
            .flatten()
            .and_then(|t| store.summary(t).ok())
            .map(|sum| s.clone().shown_as(&sum.story_display))
            .unwrap_or_else(|| s.clone())
    };
    let story = shown(&StoryId::parse(&top.story)?);
    if let Some(current) = crate::current::get(store).filter(|c| *c != story && !force) {
        return Err(Error::PopWouldReplace {
            current: shown(&current).display(),
            top: story.display(),
        });
    }
    let here = gitstate::head(store)?.branch;
    let mut switched = false;
    if switch {
        if let Some(b) = top.branch.as_ref().filter(|b| here.as_ref() != Some(*b)) {
            let dirty: Vec<String> = gitstate::status(store)?
                .into_iter()
                .filter(|f| f.state != FileState::Untracked)
                .map(|f| f.path)
                .collect();
            if !dirty.is_empty() {
                return Err(Error::DirtyWorkTree {
                    branch: b.clone(),
                    paths: dirty,
                });
            }
            store.workdir().ok_or(Error::SwitchNeedsWorkTree)?;
            let status = store
                .git()
                .command(&["switch", "--quiet", "--", b])
                .status()?;
            if !status.success() {
                return Err(Error::SwitchFailed {
                    branch: b.clone(),
                    status,
                });
            }
            switched = true;
            store.forget_head();
        }
    }
    let mut popped = None;
    let remaining = update(store, &format!("stack: pop {story}"), |s| {
        match s.entries.iter().position(|e| e.story == top.story) {
            Some(i) => {
                popped = Some(s.entries.remove(i));
                Ok(())
            }
            None => Err(Error::PoppedElsewhere {
                story: story.to_string(),
            }),
        }
    })?;
    crate::current::set(store, &story)?;
    Ok(Popped {
        story,
        entry: popped.unwrap_or(top),
        switched,
        remaining,
    })
}

/// The stack's entries, top first (`stack list`).
///
/// # Errors
/// Storage errors reading the stack.
pub fn list(store: &Store) -> Result<Vec<Entry>> {
    Ok(stack::read(store)?.1.entries)
}

/// What [`pop_and_read`] did: the pop and the checkpoint of the story popped, as `resume`
/// reads it.
#[derive(Debug, Clone)]
pub struct PoppedCheckpoint {
    /// What [`pop`] did; its story shown as its checkpoint was saved.
    pub popped: Popped,
    /// The story's active ref.
    pub refname: String,
    /// Its tip.
    pub revision: store::Revision,
    /// The tip's document, parsed with its own format.
    pub parsed: crate::model::Parsed,
    /// What `resume` warns about it ([`super::drift::warnings`]).
    pub warnings: Vec<String>,
    /// Which of its parts arrived from a remote (a teammate's).
    pub provenance: super::provenance::Provenance,
}

/// [`pop`], then reads the popped story's checkpoint to resume it (`stack pop`).
///
/// # Errors
/// As [`pop`]; [`Error::NotFound`] when the story popped has no checkpoint; storage errors.
pub fn pop_and_read(store: &Store, switch: bool, force: bool) -> Result<PoppedCheckpoint> {
    let mut popped = pop(store, switch, force)?;
    let (refname, tip) = store::locate(store, &popped.story, false)?;
    let revision = store.read(&refname, tip)?;
    popped.story = popped.story.shown_as(&revision.summary.story_display);
    let parsed = formats::parse_revision(store, &revision);
    let warnings = super::drift::warnings(store, &revision)?;
    let provenance = super::provenance::provenance(store, &refname, &revision, Some(&parsed.doc))?;
    Ok(PoppedCheckpoint {
        popped,
        refname,
        revision,
        parsed,
        warnings,
        provenance,
    })
}
