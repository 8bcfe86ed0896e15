//! Three-way, section-aware merge of checkpoint documents (used when two clones saved the same
//! story and their histories diverged).
//!
//! Checklist items merge by item, matched by task id (`T3`) when present, else by text: an item
//! checked, added or removed on one side and untouched on the other follows that side.
//! Decisions merge as an ordered union (a decision dropped on one side and untouched on the
//! other stays dropped). Single-value fields changed differently on both sides keep both values,
//! marked as a conflict, which the parser reports as a gap (confidence `needs_confirmation`).

use super::{Document, Task};
use std::collections::{HashMap, HashSet};

/// Marks a single-value field both sides changed; parsing reports it as a gap.
pub const CONFLICT: &str = "[conflict — needs confirmation]";

/// A single-value field of a [`Document`].
pub(crate) type Field = fn(&mut Document) -> &mut Option<String>;

/// The single-value fields the merge merges, in the order it reports conflicts, with the names
/// its conflicts use.
pub(crate) const SINGLE_FIELDS: [(&str, Field); 12] = [
    ("story", |d| &mut d.story),
    ("title", |d| &mut d.title),
    ("goal", |d| &mut d.goal),
    ("source", |d| &mut d.source),
    ("branch", |d| &mut d.branch),
    ("commit strategy", |d| &mut d.commit_strategy),
    ("next action", |d| &mut d.next_action),
    ("stage", |d| &mut d.stage),
    ("status", |d| &mut d.status),
    ("stopped at", |d| &mut d.stopped_at),
    ("start with", |d| &mut d.start_with),
    ("trigger", |d| &mut d.trigger),
];

/// The merged document and one sentence per conflict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// The merged document.
    pub doc: Document,
    /// Every conflict, e.g. `next action: ours "a", theirs "b"`.
    pub conflicts: Vec<String>,
}

/// Merges `ours` and `theirs`, which both descend from `base` (an empty document when the
/// histories share no ancestor). Header fields (last updated, written by) come from `ours`.
pub fn merge(base: &Document, ours: &Document, theirs: &Document) -> Merged {
    let mut conflicts = Vec::new();
    let mut field = |name: &str, b: &Option<String>, o: &Option<String>, t: &Option<String>| {
        if o == t || t == b {
            o.clone()
        } else if o == b {
            t.clone()
        } else {
            let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
            conflicts.push(format!(
                "{name}: ours \"{}\", theirs \"{}\"",
                show(o),
                show(t)
            ));
            Some(format!(
                "{CONFLICT} ours: {} | theirs: {}",
                show(o),
                show(t)
            ))
        }
    };
    // Each single-value field merges on its own; everything else (git-derived facts, header,
    // template extras) is ours.
    let mut doc = ours.clone();
    let (mut b, mut t) = (base.clone(), theirs.clone());
    for (name, get) in SINGLE_FIELDS {
        let o = get(&mut doc).clone();
        *get(&mut doc) = field(name, get(&mut b), &o, get(&mut t));
    }
    let merged = merge_checklist(
        &all_tasks(base),
        &all_tasks(ours),
        &all_tasks(theirs),
        &mut conflicts,
    );
    (doc.tasks_done, doc.tasks_remaining) = merged.into_iter().partition(|t| t.done);
    doc.done_when = merge_checklist(
        &base.done_when,
        &ours.done_when,
        &theirs.done_when,
        &mut conflicts,
    );
    doc.decisions = merge_decisions(&base.decisions, &ours.decisions, &theirs.decisions);
    doc.open_questions = merge_decisions(
        &base.open_questions,
        &ours.open_questions,
        &theirs.open_questions,
    );
    doc.context = merge_decisions(&base.context, &ours.context, &theirs.context);
    doc.files = merge_decisions(&base.files, &ours.files, &theirs.files);
    let mut headings: HashSet<String> = doc.sections.iter().map(|s| s.0.clone()).collect();
    for s in &theirs.sections {
        if headings.insert(s.0.clone()) {
            doc.sections.push(s.clone());
        }
    }
    let ours_entries: HashSet<&super::JournalEntry> = ours.journal.iter().collect();
    let mut new_entries: HashSet<&super::JournalEntry> = HashSet::new();
    for e in &theirs.journal {
        if !ours_entries.contains(e) && new_entries.insert(e) {
            doc.journal.push(e.clone());
        }
    }
    doc.journal.sort_by(|a, b| a.at.cmp(&b.at));
    Merged { doc, conflicts }
}

/// A task's identity: its task id, else its text (case-insensitive, whitespace-collapsed).
pub(crate) fn key(t: &Task) -> String {
    match t.id() {
        Some(id) => id.to_string(),
        None => t
            .text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase(),
    }
}

fn all_tasks(d: &Document) -> Vec<Task> {
    d.tasks_done
        .iter()
        .chain(&d.tasks_remaining)
        .cloned()
        .collect()
}

/// Merges checklists item by item (see the module docs); order: ours, then theirs' new items.
/// Linear in the items (each side indexed by key once; the first item of a key counts).
fn merge_checklist(b: &[Task], o: &[Task], t: &[Task], conflicts: &mut Vec<String>) -> Vec<Task> {
    let index = |list: &[Task]| {
        let mut map: HashMap<String, Task> = HashMap::with_capacity(list.len());
        for x in list {
            map.entry(key(x)).or_insert_with(|| x.clone());
        }
        map
    };
    let (bi, oi, ti) = (index(b), index(o), index(t));
    let mut seen: HashSet<String> = HashSet::new();
    let mut keys: Vec<String> = Vec::new();
    for x in o.iter().chain(t).chain(b) {
        let k = key(x);
        if seen.insert(k.clone()) {
            keys.push(k);
        }
    }
    let mut out = Vec::new();
    for k in keys {
        let (bb, oo, tt) = (
            bi.get(&k).cloned(),
            oi.get(&k).cloned(),
            ti.get(&k).cloned(),
        );
        let merged = if oo == tt || tt == bb {
            oo
        } else if oo == bb {
            tt
        } else {
            // Both sides changed the item differently.
            match (&oo, &tt) {
                (Some(x), Some(y)) => {
                    // Checked on either side wins; a text only one side reworded follows that
                    // side; a text both reworded differently is a conflict that keeps ours.
                    let base_text = bb.as_ref().map(|b| &b.text);
                    let text = if base_text == Some(&x.text) {
                        y.text.clone()
                    } else if base_text == Some(&y.text) {
                        x.text.clone()
                    } else {
                        if x.text != y.text {
                            conflicts.push(format!(
                                "task {k}: ours \"{}\", theirs \"{}\" (kept ours)",
                                x.text, y.text
                            ));
                        }
                        x.text.clone()
                    };
                    Some(Task {
                        text,
                        done: x.done || y.done,
                    })
                }
                (Some(x), None) | (None, Some(x)) => {
                    conflicts.push(format!(
                        "task \"{}\": changed on one side, removed on the other (kept)",
                        x.text
                    ));
                    Some(x.clone())
                }
                (None, None) => None,
            }
        };
        out.extend(merged);
    }
    out
}

/// The ordered union of `ours` and `theirs`, less what one side dropped from `base`; linear.
fn merge_decisions(base: &[String], ours: &[String], theirs: &[String]) -> Vec<String> {
    fn set(l: &[String]) -> HashSet<&str> {
        l.iter().map(String::as_str).collect()
    }
    let (b, o, t) = (set(base), set(ours), set(theirs));
    let keep = |d: &str| {
        let (in_o, in_t) = (o.contains(d), t.contains(d));
        if b.contains(d) {
            in_o && in_t
        } else {
            in_o || in_t
        }
    };
    let mut seen: HashSet<&str> = HashSet::new();
    let mut out: Vec<String> = Vec::new();
    for d in ours.iter().chain(theirs) {
        if keep(d) && seen.insert(d) {
            out.push(d.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(done: &[&str], todo: &[&str], decisions: &[&str], next: Option<&str>) -> Document {
        Document {
            story: Some("#1".into()),
            tasks_done: done
                .iter()
                .map(|t| Task {
                    text: t.to_string(),
                    done: true,
                })
                .collect(),
            tasks_remaining: todo
                .iter()
                .map(|t| Task {
                    text: t.to_string(),
                    done: false,
                })
                .collect(),
            decisions: decisions.iter().map(|s| s.to_string()).collect(),
            next_action: next.map(String::from),
            ..Document::default()
        }
    }

    #[test]
    fn one_sided_changes_follow_that_side() {
        let base = doc(&[], &["T1 — a", "T2 — b", "c"], &["d1"], Some("n"));
        let ours = doc(&["T1 — a"], &["T2 — b", "c"], &["d1", "d2"], Some("n"));
        let theirs = doc(&[], &["T1 — a", "T2 — b", "e"], &["d1", "d3"], Some("n2"));
        let m = merge(&base, &ours, &theirs);
        assert_eq!(m.conflicts, Vec::<String>::new());
        let texts = |t: &[Task]| t.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
        assert_eq!(texts(&m.doc.tasks_done), vec!["T1 — a"]);
        assert_eq!(texts(&m.doc.tasks_remaining), vec!["T2 — b", "e"]);
        assert_eq!(m.doc.decisions, vec!["d1", "d2", "d3"]);
        assert_eq!(m.doc.next_action.as_deref(), Some("n2"));
    }

    #[test]
    fn both_changed_fields_are_conflicts_and_parse_as_gaps() {
        let base = doc(&[], &["x"], &[], Some("n"));
        let ours = doc(&[], &["x"], &[], Some("ours next"));
        let theirs = doc(&[], &["x"], &[], Some("their next"));
        let m = merge(&base, &ours, &theirs);
        assert_eq!(m.conflicts.len(), 1);
        let next = m.doc.next_action.clone().unwrap();
        assert!(next.contains("ours next") && next.contains("their next"));
        let parsed = crate::model::parse(crate::model::render(&m.doc).as_bytes());
        assert_eq!(
            parsed.confidence,
            crate::model::Confidence::NeedsConfirmation
        );
        assert!(
            parsed
                .gaps
                .iter()
                .any(|g| g.kind == crate::model::GapKind::Conflict),
            "{:?}",
            parsed.gaps
        );
        assert!(parsed.doc.next_action.unwrap().contains("their next"));
    }

    #[test]
    fn task_ids_match_across_rewording_and_checking() {
        let base = doc(&[], &["T3 — write docs"], &[], None);
        let ours = doc(&["T3 — write docs"], &[], &[], None);
        let theirs = doc(&[], &["T3 — write the docs"], &[], None);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(m.doc.tasks_done.len(), 1);
        assert_eq!(m.doc.tasks_done[0].text, "T3 — write the docs");
        assert!(m.doc.tasks_remaining.is_empty());
    }

    #[test]
    fn rewording_on_one_side_and_checking_on_the_other_is_no_conflict() {
        // Merge symmetry: this used to be a conflict only when ours was the reworded side.
        let base = doc(&[], &["T3 — write docs"], &[], None);
        let reworded = doc(&[], &["T3 — write the docs"], &[], None);
        let checked = doc(&["T3 — write docs"], &[], &[], None);
        for (ours, theirs) in [(&reworded, &checked), (&checked, &reworded)] {
            let m = merge(&base, ours, theirs);
            assert_eq!(m.conflicts, Vec::<String>::new());
            assert_eq!(m.doc.tasks_done.len(), 1);
            assert_eq!(m.doc.tasks_done[0].text, "T3 — write the docs");
        }
    }

    #[test]
    fn disconnected_histories_take_the_union() {
        let ours = doc(&["a"], &["b"], &["d1"], Some("n1"));
        let theirs = doc(&["c"], &["b"], &["d2"], Some("n1"));
        let m = merge(&Document::default(), &ours, &theirs);
        assert_eq!(m.doc.tasks_done.len(), 2);
        assert_eq!(m.doc.tasks_remaining.len(), 1);
        assert_eq!(m.doc.decisions, vec!["d1", "d2"]);
        assert!(m.conflicts.is_empty());
    }

    #[test]
    fn merge_is_symmetric_up_to_order() {
        let base = doc(&[], &["a", "b"], &["d"], Some("n"));
        let ours = doc(&["a"], &["b", "x"], &["d", "e"], Some("n"));
        let theirs = doc(&[], &["a", "y"], &["d", "f"], Some("n"));
        let m1 = merge(&base, &ours, &theirs);
        let m2 = merge(&base, &theirs, &ours);
        let mut k1: Vec<_> = m1
            .doc
            .tasks_remaining
            .iter()
            .map(|t| t.text.clone())
            .collect();
        let mut k2: Vec<_> = m2
            .doc
            .tasks_remaining
            .iter()
            .map(|t| t.text.clone())
            .collect();
        k1.sort();
        k2.sort();
        assert_eq!(k1, k2);
        assert_eq!(m1.doc.tasks_done, m2.doc.tasks_done);
    }
}
