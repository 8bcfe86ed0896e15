//! The fix a [`Error::Corrupt`] revision names: a broken tip is restored to the last revision
//! that still reads (the newest earlier value in the ref's reflog, else its first parents),
//! by a compare-and-swap from the broken tip; an older revision that cannot be read leaves a
//! healthy tip, so the ref must stay. `git update-ref -d`, which throws the whole history away,
//! is named only when nothing earlier reads. Reads only.

use super::Store;
use crate::error::Error;
use gix::ObjectId;

/// How many earlier values a search for the last good revision tries.
const CANDIDATES: usize = 50;

impl Store {
    /// `err` with the fix for revision `id` of `refname` when it is [`Error::Corrupt`]; other
    /// errors unchanged.
    pub(super) fn with_recovery(&self, refname: &str, id: ObjectId, err: Error) -> Error {
        match err {
            Error::Corrupt {
                refname: r,
                oid,
                reason,
                ..
            } if r == refname => {
                let fix = self.recovery(refname, id);
                Error::Corrupt {
                    refname: r,
                    oid,
                    reason,
                    fix,
                }
            }
            e => e,
        }
    }

    /// What to do about revision `id` of `refname`, which cannot be read.
    fn recovery(&self, refname: &str, id: ObjectId) -> String {
        let tip = match self.tip(refname) {
            Ok(Some(tip)) => tip,
            _ => return super::default_fix(refname),
        };
        if tip != id {
            return format!(
                "it is an older revision: the tip ({tip}) is not affected, so keep the ref (`git log {refname}` shows the history)"
            );
        }
        for (good, from) in self.earlier_values(refname, id) {
            if let Ok(rev) = self.read_unadvised(refname, good) {
                return format!(
                    "restore the last good revision {} ({from}) with `git update-ref {refname} {good} {id}`, then save again",
                    rev.number()
                );
            }
        }
        format!(
            "no earlier revision of it reads either: inspect it with `git log {refname}`; `git update-ref -d {refname}` removes the story with its whole history"
        )
    }

    /// Earlier values of `refname` than `broken`, newest first, each with where it was found:
    /// the ref's reflog (when git keeps one gix reads: not on reftable), then `broken`'s first
    /// parents (when its commit reads); at most [`CANDIDATES`], without repeats.
    fn earlier_values(&self, refname: &str, broken: ObjectId) -> Vec<(ObjectId, String)> {
        let mut out: Vec<(ObjectId, String)> = Vec::new();
        let mut push = |id: ObjectId, from: String| {
            if id != broken && !id.is_null() && !out.iter().any(|(o, _)| *o == id) {
                out.push((id, from));
            }
        };
        if let Ok(r) = self.repo().find_reference(refname) {
            let mut log = r.log_iter();
            if let Ok(Some(lines)) = log.all() {
                let lines: Vec<_> = lines.flatten().collect();
                for (age, line) in lines.iter().rev().enumerate() {
                    // Entry `age` (0 the newest) moved the ref from `@{age+1}` to `@{age}`.
                    for (hex, n) in [(&line.new_oid, age), (&line.previous_oid, age + 1)] {
                        if let Ok(id) = ObjectId::from_hex(hex) {
                            push(id, format!("{refname}@{{{n}}} in its reflog"));
                        }
                    }
                }
            }
        }
        let mut at = broken;
        for n in 1..=CANDIDATES {
            let Ok(s) = self.summary(at) else { break };
            let Some(&parent) = s.parents.first() else {
                break;
            };
            push(parent, format!("the tip's {}", ordinal_parent(n)));
            at = parent;
        }
        out.truncate(CANDIDATES);
        out
    }
}

/// `parent` for 1, `grandparent` for 2, `ancestor N back` beyond.
fn ordinal_parent(n: usize) -> String {
    match n {
        1 => "parent".to_string(),
        2 => "grandparent".to_string(),
        n => format!("ancestor {n} back"),
    }
}
