//! A code commit named on the command line (`git checkpoint at HEAD~1`), and, when the name
//! leads nowhere, why in git's words: an unborn branch ("your current branch 'main' does not
//! have any commits yet", as `git log` says), an unknown name, a `~N`/`^N` step past the
//! first commit. Reads objects and refs only.

use super::Store;
use crate::error::{Error, Result};
use gix::ObjectId;

/// The reason for a name that is no ref and no object id (git says "unknown revision").
const UNKNOWN: &str = "unknown revision";

/// How many objects an error message walks at most to find where a `~N` step runs out.
const WALK_LIMIT: u64 = 100_000;

impl Store {
    /// The commit `spec` names (gitrevisions(7): `HEAD`, a branch, a tag, an abbreviated id,
    /// `~N`/`^N` steps), an annotated tag peeled to its commit.
    ///
    /// # Errors
    /// [`Error::UnknownRevision`] naming `spec`, why it names nothing (the branch has no
    /// commits yet, no ref or object of that name, which step runs past the first commit) and
    /// the command that shows what exists; [`Error::NotACommit`] when it names a tree or a
    /// blob.
    pub fn commit_of(&self, spec: &str) -> Result<ObjectId> {
        let id = match self.rev_parse_single(spec) {
            Ok(id) => id,
            Err(e) => {
                let (reason, fix) = self.why_nothing(spec, &*e);
                return Err(Error::UnknownRevision {
                    rev: spec.to_string(),
                    reason,
                    fix,
                });
            }
        };
        let object = self
            .repo()
            .find_object(id)
            .map_err(|e| Error::git(format!("cannot read {id} ({spec})"), e))?;
        let kind = object.kind;
        object
            .peel_to_kind(gix::object::Kind::Commit)
            .map(|c| c.id)
            .map_err(|_| Error::NotACommit {
                rev: spec.to_string(),
                kind: kind.to_string(),
            })
    }

    /// Why `spec` names no object, and the fix, as (reason, fix); `err` is what rev-parse said.
    fn why_nothing(&self, spec: &str, err: &(dyn std::error::Error + 'static)) -> (String, String) {
        if let Some(branch) = self.unborn_named(spec) {
            return (
                format!("your current branch '{branch}' does not have any commits yet"),
                "commit first (`git commit`): a checkpoint is recorded at a commit".to_string(),
            );
        }
        let (base, steps) = split_steps(spec);
        if !steps.is_empty() {
            match self.rev_parse_single(base) {
                Err(e) => {
                    let (reason, fix) = self.why_nothing(base, &*e);
                    if reason == UNKNOWN {
                        return (format!("{UNKNOWN} {base}"), fix);
                    }
                    return (reason, fix);
                }
                Ok(id) => {
                    if let Some(why) = self.step_past_the_end(base, id, &steps) {
                        return why;
                    }
                }
            }
        }
        let said = innermost(err);
        if said.to_ascii_lowercase().contains("ambiguous") {
            return (
                format!("{spec} is ambiguous: {said}"),
                "give more hex digits of the commit id".to_string(),
            );
        }
        if is_plain_name(spec) {
            return (
                UNKNOWN.to_string(),
                "`git branch -a`, `git tag` and `git log --oneline` list the names there are"
                    .to_string(),
            );
        }
        (
            said,
            "name a commit as gitrevisions(7) does (a branch, a tag, HEAD~1, an id)".to_string(),
        )
    }

    /// The branch HEAD names when it has no commit yet and `spec` names HEAD (or that branch)
    /// before any step.
    fn unborn_named(&self, spec: &str) -> Option<String> {
        let head = self.head().ok()?;
        if head.id.is_some() {
            return None;
        }
        let full = head.branch?;
        let short = full
            .strip_prefix("refs/heads/")
            .unwrap_or(&full)
            .to_string();
        let (base, _) = split_steps(spec);
        [base == "HEAD", base == "@", base == short, base == full]
            .contains(&true)
            .then_some(short)
    }

    /// Where a walk of `steps` from commit `id` (named `base`) runs out, as (reason, fix);
    /// `None` when every step leads somewhere (rev-parse failed for another reason).
    fn step_past_the_end(
        &self,
        base: &str,
        id: ObjectId,
        steps: &[(char, u64)],
    ) -> Option<(String, String)> {
        let parents = |id: ObjectId| -> Option<Vec<ObjectId>> {
            let object = self.repo().find_object(id).ok()?;
            let commit = object.peel_to_commit().ok()?;
            Some(commit.parent_ids().map(|p| p.detach()).collect())
        };
        let fix = |named: &str| format!("`git log --oneline {named}` lists the commits there are");
        let mut at = id;
        let mut named = base.to_string();
        for &(kind, n) in steps {
            match kind {
                '~' => {
                    for walked in 0..n.min(WALK_LIMIT) {
                        let Some(&first) = parents(at)?.first() else {
                            let reason = if walked == 0 {
                                format!("{named} has no parent")
                            } else {
                                format!(
                                    "{named} has only {walked} {} along the first parent",
                                    if walked == 1 { "ancestor" } else { "ancestors" }
                                )
                            };
                            return Some((reason, fix(&named)));
                        };
                        at = first;
                    }
                    named = format!("{named}~{n}");
                }
                _ => {
                    if n > 0 {
                        let ps = parents(at)?;
                        let Some(&p) = ps.get(n as usize - 1) else {
                            let reason = match ps.len() {
                                0 => format!("{named} has no parent"),
                                1 => format!("{named} has only 1 parent"),
                                k => format!("{named} has only {k} parents"),
                            };
                            return Some((reason, fix(&named)));
                        };
                        at = p;
                    }
                    named = if n == 1 {
                        format!("{named}^")
                    } else {
                        format!("{named}^{n}")
                    };
                }
            }
        }
        None
    }
}

/// `spec` split into its base and its trailing `~N` / `^N` steps (`~` alone is `~1`, `^`
/// alone `^1`; gitrevisions(7)), in order. `HEAD~2^2` is (`HEAD`, [('~', 2), ('^', 2)]).
fn split_steps(spec: &str) -> (&str, Vec<(char, u64)>) {
    let bytes = spec.as_bytes();
    let mut start = bytes.len();
    // Walk back over `[~^][0-9]*` groups.
    loop {
        let mut i = start;
        while i > 0 && bytes[i - 1].is_ascii_digit() {
            i -= 1;
        }
        if i > 0 && matches!(bytes[i - 1], b'~' | b'^') {
            start = i - 1;
        } else {
            break;
        }
    }
    let (base, tail) = spec.split_at(start);
    let mut steps = Vec::new();
    let mut chars = tail.char_indices().peekable();
    while let Some((_, kind)) = chars.next() {
        let mut digits = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if !c.is_ascii_digit() {
                break;
            }
            digits.push(c);
            chars.next();
        }
        // More digits than fit are past any history: the walk reports where it ends.
        steps.push((
            kind,
            digits
                .parse()
                .unwrap_or(if digits.is_empty() { 1 } else { u64::MAX }),
        ));
    }
    (base, steps)
}

/// Whether `spec` reads as a ref name or an object id rather than an expression (`a:path`,
/// `@{1}`, `^{tree}`, `a..b`, `:/text`).
fn is_plain_name(spec: &str) -> bool {
    !spec.is_empty()
        && !spec.contains(':')
        && !spec.contains("@{")
        && !spec.contains("^{")
        && !spec.contains("..")
}

/// The last error of `err`'s source chain, as it displays: the cause, without the layers of
/// context gix wraps around it.
fn innermost(err: &(dyn std::error::Error + 'static)) -> String {
    let mut last = err;
    while let Some(next) = last.source() {
        last = next;
    }
    last.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_split_as_gitrevisions_reads_them() {
        assert_eq!(split_steps("HEAD~1"), ("HEAD", vec![('~', 1)]));
        assert_eq!(split_steps("HEAD"), ("HEAD", vec![]));
        assert_eq!(
            split_steps("main^^2~3"),
            ("main", vec![('^', 1), ('^', 2), ('~', 3)])
        );
        assert_eq!(split_steps("a~"), ("a", vec![('~', 1)]));
        assert_eq!(split_steps("v1.2^{commit}"), ("v1.2^{commit}", vec![]));
        assert_eq!(
            split_steps("x~99999999999999999999999"),
            ("x", vec![('~', u64::MAX)])
        );
        assert_eq!(split_steps("abc123"), ("abc123", vec![]));
    }

    #[test]
    fn plain_names_are_told_from_expressions() {
        assert!(is_plain_name("nosuchrev"));
        assert!(is_plain_name("feature/x"));
        assert!(!is_plain_name("HEAD:README"));
        assert!(!is_plain_name("main@{1}"));
        assert!(!is_plain_name("a..b"));
    }
}
