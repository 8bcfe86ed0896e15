//! Claims: who holds a story. `refs/checkpoints-claims/<story>` points at a small commit whose
//! tree holds only `claim.json` (the holder, when it was taken and when it expires, whether it
//! was released, to whom it is offered, who held it before) and whose parent is the previous
//! claim commit of the story. A fetch brings a remote's claims into
//! `refs/remotes/<remote>/checkpoints-claims/`; a claim is taken on the remote by an atomic
//! leased push (`ops::claim`). Layout: docs/FORMAT.md, "Claims".
//!
//! Reads and writes claim commits and answers who holds a story; deciding a claim and talking
//! to the remote is `ops::claim`'s job.

use crate::error::{Error, Result};
use crate::names::CLAIMS_PREFIX;
use crate::remote::tracking_claims_prefix;
use crate::store::{self, Store};
use crate::story::StoryId;
use gix::ObjectId;

/// The file a claim commit's tree holds.
pub const CLAIM_FILE: &str = "claim.json";

/// Environment variable naming the session a command runs for (an agent's session id).
pub const SESSION_ENV: &str = "GIT_CHECKPOINT_SESSION";

/// Environment variable naming the agent a command runs for (`claude`, `codex`, ...).
pub const AGENT_ENV: &str = "GIT_CHECKPOINT_AGENT";

/// Who holds (or wants) a claim.
#[derive(
    Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct Holder {
    /// Name from the git identity (`user.name`, `GIT_AUTHOR_NAME`).
    pub name: String,
    /// Email from the git identity.
    pub email: String,
    /// The agent (`claude`, `codex`, `cursor`, `gemini`), or `null` when not known.
    #[serde(default)]
    pub agent: Option<String>,
    /// The agent's session id, or `null` when not known.
    #[serde(default)]
    pub session: Option<String>,
    /// The host name of the machine.
    pub host: String,
}

impl Holder {
    /// This process as a holder: the author identity (git-commit-tree(1) order), `agent` and
    /// `session` when given, else `GIT_CHECKPOINT_AGENT` and `GIT_CHECKPOINT_SESSION`, and
    /// the host name.
    ///
    /// # Errors
    /// [`Error::NoIdentity`] when no name or email is configured.
    pub fn me(store: &Store, agent: Option<&str>, session: Option<&str>) -> Result<Holder> {
        let (name, email) = store.person("author").ok_or(Error::NoIdentity)?;
        let env = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        Ok(Holder {
            name,
            email,
            agent: agent.map(str::to_string).or_else(|| env(AGENT_ENV)),
            session: session.map(str::to_string).or_else(|| env(SESSION_ENV)),
            host: host(),
        })
    }

    /// Whether `self` and `other` are one holder: the same email and host, and the same
    /// session unless either does not know its session (a command run by hand, or by the
    /// agent itself, on the holder's machine counts as the holder).
    pub fn same_as(&self, other: &Holder) -> bool {
        self.email.eq_ignore_ascii_case(&other.email)
            && self.host == other.host
            && match (&self.session, &other.session) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            }
    }

    /// Whether `who` (a hand-off's addressee) names this holder: its email, name, session or
    /// agent, ignoring case.
    pub fn is_named(&self, who: &str) -> bool {
        let who = who.trim();
        [
            Some(&self.email),
            Some(&self.name),
            self.session.as_ref(),
            self.agent.as_ref(),
        ]
        .into_iter()
        .flatten()
        .any(|v| v.eq_ignore_ascii_case(who))
    }

    /// One line: `Name <email> (agent, session S) on host`.
    pub fn describe(&self) -> String {
        let mut s = format!("{} <{}>", self.name, self.email);
        let what: Vec<String> = [
            self.agent.clone(),
            self.session.as_ref().map(|x| format!("session {x}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !what.is_empty() {
            s.push_str(&format!(" ({})", what.join(", ")));
        }
        s.push_str(&format!(" on {}", self.host));
        s
    }
}

/// The content of `claim.json` (docs/FORMAT.md, "Claims").
#[derive(
    Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct Claim {
    /// 1.
    pub schema_version: u32,
    /// The canonical story id.
    pub story: String,
    /// Who holds it.
    pub holder: Holder,
    /// When the holder took it (RFC 3339).
    pub taken_at: String,
    /// When it expires unless renewed (RFC 3339).
    pub expires_at: String,
    /// Whether the holder released it (then nobody holds it).
    pub released: bool,
    /// To whom the holder offers it (`handoff --to`), or `null`.
    #[serde(default)]
    pub handed_to: Option<String>,
    /// The hand-off's note, or `null`.
    #[serde(default)]
    pub note: Option<String>,
    /// Who held it before, when it was taken over or accepted, or `null`.
    #[serde(default)]
    pub previous: Option<Holder>,
}

impl Claim {
    /// Expiry in seconds since the epoch (0 when unreadable: expired).
    pub fn expires(&self) -> i64 {
        chrono::DateTime::parse_from_rfc3339(&self.expires_at)
            .map(|t| t.timestamp())
            .unwrap_or(0)
    }

    /// Whether it holds the story at `now` (seconds since the epoch): not released, not
    /// expired.
    pub fn live(&self, now: i64) -> bool {
        !self.released && self.expires() > now
    }

    /// Seconds the claim was taken for (its expiry minus when it was taken, at least 1).
    pub fn duration(&self) -> i64 {
        let taken = chrono::DateTime::parse_from_rfc3339(&self.taken_at)
            .map(|t| t.timestamp())
            .unwrap_or(0);
        (self.expires() - taken).max(1)
    }

    /// Whether its holder's agent hooks renew it at `now` rather than leave it as it is: it
    /// is not live, or at most half its period is left. The period is its own
    /// [`Claim::duration`] capped at `renew_for` (what a renewal gives it:
    /// `checkpoint.claimDuration`), so a claim renewed many times (its `taken_at` stays) is
    /// not renewed at every hook, and a claim taken by hand for longer is not cut short by a
    /// session's start. Rule: docs/FORMAT.md, "Claims" (a renewal only moves `expires_at`, so
    /// leaving a fresh claim alone changes nothing but the claim history's length).
    pub fn renewal_due(&self, renew_for: i64, now: i64) -> bool {
        if !self.live(now) {
            return true;
        }
        let period = self.duration().min(renew_for.max(1));
        self.expires() - now <= period / 2
    }
}

/// A story's claim as read from a ref.
#[derive(Debug, Clone)]
pub struct Found {
    /// The ref it was read from (ours, or a remote-tracking ref).
    pub refname: String,
    /// The claim commit.
    pub commit: ObjectId,
    /// Its content.
    pub claim: Claim,
    /// Whether this clone wrote the commit (else its text arrived from a remote).
    pub written_here: bool,
}

/// `refs/checkpoints-claims/<story>`.
pub fn refname(story: &StoryId) -> String {
    format!("{CLAIMS_PREFIX}{}", story.as_str())
}

/// Now, seconds since the epoch.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// `secs` as RFC 3339 in UTC.
pub fn at(secs: i64) -> String {
    crate::time::rfc3339(secs, 0)
}

/// This machine's host name (`gethostname(2)`), else `HOSTNAME`, else `unknown`.
pub fn host() -> String {
    #[cfg(unix)]
    {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer is valid for its length; gethostname writes at most that.
        let rc = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
        if rc == 0 {
            let end = buf.iter().position(|b| *b == 0).unwrap_or(buf.len());
            let h = String::from_utf8_lossy(&buf[..end]).trim().to_string();
            if !h.is_empty() {
                return h;
            }
        }
    }
    std::env::var("HOSTNAME")
        .or_else(|_| std::env::var("COMPUTERNAME"))
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Reads a claim commit's `claim.json`.
///
/// # Errors
/// [`Error::Corrupt`] when the commit holds no readable claim.
pub fn read(store: &Store, refname: &str, id: ObjectId) -> Result<Claim> {
    let bad = |why: String| store::corrupt(refname, id, why);
    // A pack a fetch of this process just wrote is not always seen by gix: ask git then.
    if !store.repo().has_object(id) {
        let spec = format!("{id}:{CLAIM_FILE}");
        let out = store.git().output(&["cat-file", "blob", spec.as_str()])?;
        if !out.status.success() {
            return Err(bad(String::from_utf8_lossy(&out.stderr).trim().to_string()));
        }
        return serde_json::from_slice(&out.stdout).map_err(|e| bad(format!("{CLAIM_FILE}: {e}")));
    }
    store.json_file(refname, id, CLAIM_FILE)
}

/// Writes a claim commit with `parent` (the previous claim commit); no ref moves. Recorded as
/// written here (provenance) before any ref can point at it.
///
/// # Errors
/// [`Error::NoIdentity`]; [`Error::Git`]; [`Error::Io`] when the record cannot be written.
pub fn write(store: &Store, claim: &Claim, parent: Option<ObjectId>) -> Result<ObjectId> {
    let json = serde_json::to_vec_pretty(claim).expect("a claim always serialises");
    let verb = if claim.released {
        "released"
    } else if claim.handed_to.is_some() {
        "offered"
    } else {
        "claimed"
    };
    let message = format!(
        "checkpoint: {verb} {}\n\nCheckpoint-Claim: {} until {}",
        claim.story,
        claim.holder.describe(),
        claim.expires_at
    );
    let id = store.write_files_commit(
        &[(CLAIM_FILE, json.as_slice())],
        &message,
        parent.into_iter().collect(),
        None,
    )?;
    store.record_written(&claim.story, id)?;
    Ok(id)
}

/// The story's claim: of its claim ref here and its remote-tracking copies, the newest (a
/// descendant wins; between unrelated ones, the remote's, which is what a leased push decides
/// on), or `None` when there is none.
///
/// # Errors
/// Storage errors; [`Error::Corrupt`] for a claim that cannot be read.
pub fn current(store: &Store, story: &StoryId) -> Result<Option<Found>> {
    let mut refs = vec![refname(story)];
    refs.extend(
        store
            .remote_names()
            .iter()
            .map(|r| format!("{}{}", tracking_claims_prefix(r), story.as_str())),
    );
    let mut best: Option<(String, ObjectId)> = None;
    for r in refs {
        let Some(id) = store.tip(&r)? else { continue };
        best = match best {
            None => Some((r, id)),
            Some((br, bid)) if bid == id => Some((br, bid)),
            Some((br, bid)) => {
                // `bid` below `id`: `id` is newer; otherwise keep the newer-looking remote one.
                let base = store.merge_base(bid, id)?;
                if base == Some(bid) || base != Some(id) {
                    Some((r, id))
                } else {
                    Some((br, bid))
                }
            }
        };
    }
    let Some((r, id)) = best else {
        return Ok(None);
    };
    let claim = read(store, &r, id)?;
    let written_here = store.wrote(story.as_str(), id)?;
    Ok(Some(Found {
        refname: r,
        commit: id,
        claim,
        written_here,
    }))
}

/// The story's claim when someone other than `me` holds it now (live, see
/// [`Holder::same_as`]).
///
/// # Errors
/// As [`current`].
pub fn held_by_other(store: &Store, story: &StoryId, me: &Holder) -> Result<Option<Found>> {
    Ok(current(store, story)?.filter(|f| f.claim.live(now()) && !f.claim.holder.same_as(me)))
}

/// [`Error::Held`] for `found`, saying what was `refused` and the `fix`.
pub fn held_error(story: &StoryId, found: &Claim, refused: &str, fix: &str) -> Error {
    Error::Held {
        story: story.to_string(),
        holder: found.holder.describe(),
        until: found.expires_at.clone(),
        refused: refused.to_string(),
        fix: fix.to_string(),
    }
}

/// Refuses a write into `story` (a save, `done`, a hook's revision) while another holder's
/// claim is live, unless `force`. `me` is who writes; `None` asks [`Holder::me`] (no identity:
/// nothing to compare, the write goes on and fails later for want of one).
///
/// # Errors
/// [`Error::Held`] naming the holder; storage errors reading the claim.
pub fn check_write(
    store: &Store,
    story: &StoryId,
    me: Option<&Holder>,
    force: bool,
    what: &str,
) -> Result<()> {
    if force {
        return Ok(());
    }
    let mine;
    let me = match me {
        Some(m) => m,
        None => match Holder::me(store, None, None) {
            Ok(m) => {
                mine = m;
                &mine
            }
            Err(_) => return Ok(()),
        },
    };
    if let Some(f) = held_by_other(store, story, me)? {
        return Err(held_error(
            story,
            &f.claim,
            what,
            "pass --force to write anyway, or wait for the claim to expire",
        ));
    }
    Ok(())
}

/// The story's live claim as one line for a person or an agent (`claimed by Ada <a@x> (claude,
/// session s1, host h) until <time>`, and the offer when handed off), `[from a remote] ` in
/// front when the claim commit was not written in this clone (its text is a teammate's);
/// `None` when nobody holds it.
///
/// # Errors
/// As [`current`].
pub fn live_line(store: &Store, story: &StoryId) -> Result<Option<(String, Found)>> {
    let Some(found) = current(store, story)? else {
        return Ok(None);
    };
    let c = &found.claim;
    if !c.live(now()) {
        return Ok(None);
    }
    let from = if found.written_here {
        ""
    } else {
        "[from a remote] "
    };
    let mut text = format!(
        "{from}claimed by {} until {}",
        c.holder.describe(),
        c.expires_at
    );
    if let Some(to) = &c.handed_to {
        text.push_str(&format!("; offered to {to}"));
        if let Some(n) = &c.note {
            text.push_str(&format!(" ({n})"));
        }
        text.push_str(&format!(": {to} takes it with `git checkpoint claim`"));
    }
    Ok(Some((text, found)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(email: &str, session: Option<&str>) -> Holder {
        Holder {
            name: "N".into(),
            email: email.into(),
            agent: None,
            session: session.map(str::to_string),
            host: "h".into(),
        }
    }

    #[test]
    fn one_holder_is_one_email_host_and_session() {
        assert!(h("a@x", Some("s")).same_as(&h("A@x", Some("s"))));
        assert!(!h("a@x", Some("s")).same_as(&h("a@x", Some("t"))));
        assert!(h("a@x", None).same_as(&h("a@x", Some("t"))));
        assert!(!h("a@x", None).same_as(&h("b@x", None)));
        assert!(h("a@x", Some("s1")).is_named("S1"));
        assert_eq!(h("a@x", Some("s")).describe(), "N <a@x> (session s) on h");
    }

    #[test]
    fn renewal_is_due_in_the_last_half_of_the_claim_or_of_a_renewals_duration() {
        let c = |taken: i64, expires: i64, released: bool| Claim {
            schema_version: 1,
            story: "s".into(),
            holder: h("a@x", Some("s")),
            taken_at: at(taken),
            expires_at: at(expires),
            released,
            handed_to: None,
            note: None,
            previous: None,
        };
        let two_h = 7200;
        // Taken for 2h: fresh for its first hour, due from then on.
        assert!(!c(0, two_h, false).renewal_due(two_h, 10));
        assert!(!c(0, two_h, false).renewal_due(two_h, 3599));
        assert!(c(0, two_h, false).renewal_due(two_h, 3600));
        // Renewed many times (taken long ago): half of the 2h a renewal gives, not of the age.
        assert!(!c(0, 100_000, false).renewal_due(two_h, 100_000 - 3601));
        assert!(c(0, 100_000, false).renewal_due(two_h, 100_000 - 3600));
        // Taken by hand for a day: left alone until its last hour (half of a renewal's 2h).
        assert!(!c(0, 86_400, false).renewal_due(two_h, 60_000));
        // Expired or released: due (whether it may be taken again is the caller's rule).
        assert!(c(0, two_h, false).renewal_due(two_h, two_h));
        assert!(c(0, two_h, true).renewal_due(two_h, 10));
    }
}
