//! Three-way, section-aware merge of checkpoint documents (used when two clones saved the same
//! story and their histories diverged).
//!
//! Checklist items merge by item, matched by task id (`T3`) when present, else by text: an item
//! checked, added or removed on one side and untouched on the other follows that side.
//! Decisions merge as an ordered union (a decision dropped on one side and untouched on the
//! other stays dropped). What cannot take both sides (a single-value field changed differently
//! on both sides, a checklist item both reworded differently, or changed on one side and removed
//! on the other) keeps both, each with its author and revision, in a conflict marker
//! ([`super::conflict`]) that the parser reports as a gap (confidence `needs_confirmation`)
//! until a save or `sync --ours`/`--theirs` takes a side. No side wins silently.

use super::conflict::{marker, resolve, Pick, Sides};
use super::{Document, Task};
use std::collections::{HashMap, HashSet};

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

/// [`merge_sides`] with unnamed sides (`unknown`, revision 0 in the markers).
pub fn merge(base: &Document, ours: &Document, theirs: &Document) -> Merged {
    merge_sides(base, ours, theirs, &Sides::default())
}

/// Merges `ours` and `theirs`, which both descend from `base` (an empty document when the
/// histories share no ancestor). Header fields (last updated, written by) come from `ours`.
/// Each conflict marker names its sides by `sides`. Linear in the documents' size (each list
/// is indexed once; a marker is linear in the texts it holds).
pub fn merge_sides(base: &Document, ours: &Document, theirs: &Document, sides: &Sides) -> Merged {
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
            Some(marker("", sides, o.as_deref(), t.as_deref(), "(none)"))
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
        sides,
        &mut conflicts,
    );
    (doc.tasks_done, doc.tasks_remaining) = merged.into_iter().partition(|t| t.done);
    doc.done_when = merge_checklist(
        &base.done_when,
        &ours.done_when,
        &theirs.done_when,
        sides,
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

/// Takes `pick` for every open conflict of `doc` (the single-value fields and the checklist
/// items: Tasks Done, Remaining Todos, Done when) that [`super::conflict::read`] can take apart. Returns how many
/// were resolved. Linear in the document.
pub fn resolve_conflicts(doc: &mut Document, pick: Pick) -> usize {
    let mut n = 0;
    for (_, get) in SINGLE_FIELDS {
        let field = get(doc);
        if let Some(taken) = field.as_deref().and_then(|v| resolve(v, pick)) {
            *field = taken;
            n += 1;
        }
    }
    for list in [
        &mut doc.tasks_done,
        &mut doc.tasks_remaining,
        &mut doc.done_when,
    ] {
        let mut out = Vec::with_capacity(list.len());
        for mut t in list.drain(..) {
            match resolve(&t.text, pick) {
                Some(taken) => {
                    n += 1;
                    if let Some(text) = taken {
                        t.text = text;
                        out.push(t);
                    }
                }
                None => out.push(t),
            }
        }
        *list = out;
    }
    n
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
fn merge_checklist(
    b: &[Task],
    o: &[Task],
    t: &[Task],
    sides: &Sides,
    conflicts: &mut Vec<String>,
) -> Vec<Task> {
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
                    // side; a text both reworded differently keeps both, marked.
                    let base_text = bb.as_ref().map(|b| &b.text);
                    let text = if base_text == Some(&x.text) || x.text == y.text {
                        y.text.clone()
                    } else if base_text == Some(&y.text) {
                        x.text.clone()
                    } else {
                        conflicts.push(format!(
                            "task {k}: ours \"{}\", theirs \"{}\" (both kept until one is taken)",
                            x.text, y.text
                        ));
                        marker(&prefix(x), sides, Some(&x.text), Some(&y.text), "(removed)")
                    };
                    Some(Task {
                        text,
                        done: x.done || y.done,
                    })
                }
                (Some(x), None) | (None, Some(x)) => {
                    conflicts.push(format!(
                        "task \"{}\": changed on one side, removed on the other (both kept until one is taken)",
                        x.text
                    ));
                    let (o, t) = if oo.is_some() {
                        (Some(x.text.as_str()), None)
                    } else {
                        (None, Some(x.text.as_str()))
                    };
                    Some(Task {
                        text: marker(&prefix(x), sides, o, t, "(removed)"),
                        done: x.done,
                    })
                }
                (None, None) => None,
            }
        };
        out.extend(merged);
    }
    out
}

/// What a conflicted item's marker starts with: its task id and a space, so the item is still
/// found by id; nothing for an item without one.
fn prefix(t: &Task) -> String {
    t.id().map(|id| format!("{id} ")).unwrap_or_default()
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

    fn sides() -> Sides {
        use crate::model::conflict::Author;
        Sides {
            ours: Author {
                name: "Bob Builder".into(),
                revision: 3,
            },
            theirs: Author {
                name: "Alice".into(),
                revision: 2,
            },
        }
    }

    #[test]
    fn both_reworded_items_keep_both_sides_with_their_authors() {
        let base = doc(&[], &["T1 — form", "T2 — api", "plain"], &[], None);
        let ours = doc(
            &[],
            &["T1 — build form again", "T2 — api v2", "plain"],
            &[],
            None,
        );
        let theirs = doc(&["T1 — form `x` | y"], &["plain"], &[], None);
        let m = merge_sides(&base, &ours, &theirs, &sides());
        assert_eq!(m.conflicts.len(), 2, "{:?}", m.conflicts);
        // T1: both reworded; checked on one side, so the conflicted item is done.
        let t1 = &m.doc.tasks_done[0].text;
        assert!(t1.starts_with("T1 [conflict"), "{t1}");
        let c = crate::model::conflict::read(t1).unwrap();
        assert_eq!(c.ours.text.as_deref(), Some("T1 — build form again"));
        assert_eq!(c.ours.author.as_deref(), Some("Bob Builder"));
        assert_eq!(c.ours.revision, Some(3));
        assert_eq!(c.theirs.text.as_deref(), Some("T1 — form `x` | y"));
        assert_eq!(c.theirs.author.as_deref(), Some("Alice"));
        assert_eq!(c.theirs.revision, Some(2));
        // T2: changed here, removed there.
        let t2 = &m.doc.tasks_remaining[0].text;
        let c = crate::model::conflict::read(t2).unwrap();
        assert_eq!(c.ours.text.as_deref(), Some("T2 — api v2"));
        assert_eq!(c.theirs.text, None);
        assert!(t2.ends_with("theirs (Alice, r2): (removed)"), "{t2}");
        assert_eq!(m.doc.tasks_remaining[1].text, "plain");
        // The item is still found by its id.
        assert_eq!(key(&m.doc.tasks_done[0]), "T1");
        // Taking a side gives that side's text back, verbatim.
        let mut taken = m.doc.clone();
        assert_eq!(
            resolve_conflicts(&mut taken, crate::model::conflict::Pick::Theirs),
            2
        );
        assert_eq!(taken.tasks_done[0].text, "T1 — form `x` | y");
        assert_eq!(taken.tasks_remaining.len(), 1);
    }

    /// Every template renders the conflicts of a merge so that its parser reads them back:
    /// each is a conflict gap with both sides' texts (verbatim) and authors, the texts appear
    /// unchanged in the document, and taking a side gives that side's values.
    #[test]
    fn conflicts_round_trip_through_every_template() {
        use crate::formats::{Custom, Format};
        use crate::model::conflict::Pick;
        let mut base = doc(
            &["T0 — setup"],
            &["T1 — form", "T2 — api"],
            &["d"],
            Some("n"),
        );
        base.title = Some("Login".into());
        base.goal = Some("g".into());
        base.stage = Some("plan".into());
        base.branch = Some("feat/login".into());
        base.done_when = vec![Task {
            text: "T9 — tests pass".into(),
            done: false,
        }];
        let mut ours = base.clone();
        ours.title = Some("Login page".into());
        ours.goal = Some("g ours".into());
        ours.next_action = Some("write `form.rs` | then test".into());
        ours.stage = Some("execute".into());
        ours.tasks_remaining[0].text = "T1 — build form again".into();
        ours.tasks_remaining[1].text = "T2 — api v2".into();
        ours.done_when[0].text = "T9 — unit tests pass".into();
        let mut theirs = base.clone();
        theirs.title = Some("Login form".into());
        theirs.goal = Some("g theirs".into());
        theirs.next_action = Some("review ``x`` first".into());
        theirs.stage = Some("finish".into());
        theirs.tasks_remaining = vec![Task {
            text: "T1 — form (their words)".into(),
            done: false,
        }];
        theirs.done_when[0].text = "T9 — all tests pass".into();
        let m = merge_sides(&base, &ours, &theirs, &sides());
        assert_eq!(m.conflicts.len(), 7, "{:?}", m.conflicts);
        let formats = [
            Format::Pair,
            Format::Team,
            Format::Pm,
            Format::Gstack,
            Format::Custom(Custom::from_list(
                "mine",
                "Summary, Tasks Done, Remaining Work, Decisions, Next action, Done when",
            )),
        ];
        let texts = [
            ("Login page", "Login form"),
            ("g ours", "g theirs"),
            ("write `form.rs` | then test", "review ``x`` first"),
            ("execute", "finish"),
            ("T1 — build form again", "T1 — form (their words)"),
            ("T9 — unit tests pass", "T9 — all tests pass"),
        ];
        for f in formats {
            let text = f.render(&m.doc);
            let parsed = f.parse(text.as_bytes());
            let found: Vec<&crate::model::conflict::Conflict> = parsed
                .gaps
                .iter()
                .filter(|g| g.kind == crate::model::GapKind::Conflict)
                .filter_map(|g| g.conflict.as_ref())
                .collect();
            for (o, t) in texts {
                assert!(text.contains(o) && text.contains(t), "{}: {text}", f.name());
                assert!(
                    found.iter().any(|c| c.ours.text.as_deref() == Some(o)
                        && c.theirs.text.as_deref() == Some(t)
                        && c.ours.author.as_deref() == Some("Bob Builder")
                        && c.theirs.revision == Some(2)),
                    "{}: no conflict {o:?} / {t:?} in {:#?}\n{text}",
                    f.name(),
                    parsed.gaps
                );
            }
            assert!(
                found
                    .iter()
                    .any(|c| c.ours.text.as_deref() == Some("T2 — api v2")
                        && c.theirs.text.is_none()),
                "{}: {text}",
                f.name()
            );
            assert_eq!(
                parsed.confidence,
                crate::model::Confidence::NeedsConfirmation
            );
            // Rendering what was read gives the same markers back.
            let again = f.render(&parsed.doc);
            let reparsed = f.parse(again.as_bytes());
            let count = |p: &crate::model::Parsed| {
                p.gaps
                    .iter()
                    .filter(|g| g.kind == crate::model::GapKind::Conflict)
                    .count()
            };
            assert_eq!(count(&reparsed), count(&parsed), "{}", f.name());
            let mut taken = parsed.doc.clone();
            assert!(
                resolve_conflicts(&mut taken, Pick::Theirs) >= 7,
                "{}",
                f.name()
            );
            let resolved = f.render(&taken);
            let back = f.parse(resolved.as_bytes());
            assert_eq!(count(&back), 0, "{}: {resolved}", f.name());
            assert!(!resolved.contains(crate::model::CONFLICT));
            assert_eq!(back.doc.next_action.as_deref(), Some("review ``x`` first"));
            let all: Vec<&str> = back
                .doc
                .tasks_done
                .iter()
                .chain(&back.doc.tasks_remaining)
                .map(|t| t.text.as_str())
                .collect();
            assert!(
                all.contains(&"T1 — form (their words)"),
                "{}: {all:?}",
                f.name()
            );
            assert!(!all.iter().any(|t| t.starts_with("T2")), "{}", f.name());
        }
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
