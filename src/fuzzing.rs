//! The checks behind the fuzz targets in `fuzz/` and their corpus replay in `cargo test`: one
//! implementation, so the replay runs exactly what the fuzzer ran. Each check panics when an
//! invariant breaks (that is how libFuzzer sees a failure). Not a stable API.

use crate::formats::{Format, BUILTIN};
use crate::model::{merge, parse, render, Document, Task, CONFLICT};

/// Separates the three documents (base, ours, theirs) of a merge input: ASCII Record Separator.
pub const MERGE_SEPARATOR: u8 = 0x1e;

/// Parses `data` with the default parser and with every built-in template, renders each result
/// in its template and parses that again: nothing may panic. For the default (`pair`) template,
/// one render/parse round makes the document a fixed point:
/// `render(parse(render(d))) == render(d)` where `d = parse(data).doc`.
pub fn check_parse(data: &[u8]) {
    let first = parse(data);
    let rendered = render(&first.doc);
    let again = parse(rendered.as_bytes());
    let rerendered = render(&again.doc);
    assert_eq!(
        rerendered, rendered,
        "render(parse(render(d))) differs from render(d)"
    );

    for name in BUILTIN {
        let template = Format::builtin(name).expect("built-in template");
        let p = template.parse(data);
        let text = template.render(&p.doc);
        let _ = template.parse(text.as_bytes());
    }
}

/// Splits `data` at [`MERGE_SEPARATOR`] into base, ours and theirs (missing parts are empty),
/// parses each with the default parser and merges them; nothing may panic. Then checks the
/// merge laws in [`check_merge_laws`].
pub fn check_merge(data: &[u8]) {
    let mut parts = data.splitn(3, |b| *b == MERGE_SEPARATOR);
    let mut next = || parse(parts.next().unwrap_or_default()).doc;
    let (base, ours, theirs) = (next(), next(), next());
    check_merge_laws(&base, &ours, &theirs);
}

/// The merge laws, for documents as the default parser produces them (no template extras:
/// sections, journal and header fields other than the pair template's are empty):
///
/// - the merged document renders and parses again without panicking;
/// - [`assert_idempotent`] for each document;
/// - [`assert_fast_forward`] for each pair of documents;
/// - [`assert_symmetric`].
pub fn check_merge_laws(base: &Document, ours: &Document, theirs: &Document) {
    let m = merge(base, ours, theirs);
    let _ = parse(render(&m.doc).as_bytes());
    for x in [base, ours, theirs] {
        assert_idempotent(base, x);
    }
    for (b, x) in [(base, ours), (base, theirs), (ours, theirs)] {
        assert_fast_forward(b, x);
    }
    assert_symmetric(base, ours, theirs);
}

/// `merge(b, x, x)` is `x` without duplicate items ([`dedup`]), without conflicts: both sides
/// agree.
pub fn assert_idempotent(b: &Document, x: &Document) {
    let same = merge(b, x, x);
    assert_eq!(same.doc, dedup(x), "merge(b, x, x) is not x");
    assert!(same.conflicts.is_empty(), "merge(b, x, x) has conflicts");
}

/// Merging `x` with its ancestor `b` is a fast-forward to `x`, without conflicts:
/// `merge(b, x, b)` is `dedup(x)` exactly (ours is the descendant) and `merge(b, b, x)` is
/// `dedup(x)` up to item order and the fields taken from ours (theirs is the descendant).
pub fn assert_fast_forward(b: &Document, x: &Document) {
    let ff = merge(b, x, b);
    assert_eq!(ff.doc, dedup(x), "merge(b, x, b) is not x");
    assert!(ff.conflicts.is_empty(), "merge(b, x, b) has conflicts");

    let ff = merge(b, b, x);
    assert!(ff.conflicts.is_empty(), "merge(b, b, x) has conflicts");
    let mut want = dedup(x);
    take_ours_fields(&mut want, b);
    assert_eq!(sorted(ff.doc), sorted(want), "merge(b, b, x) is not x");
}

/// `x` as the merge sees it: checklist items are identified by task id (else by their
/// whitespace-collapsed, lowercased text) and string lists by value, so only the first of
/// several items with the same identity is kept. Tasks Done and Remaining Todos count as one
/// checklist.
pub fn dedup(x: &Document) -> Document {
    let mut d = x.clone();
    let mut seen = Vec::new();
    let mut keep = |t: &Task| {
        let k = crate::model::merge_key(t);
        let new = !seen.contains(&k);
        seen.push(k);
        new
    };
    d.tasks_done.retain(&mut keep);
    d.tasks_remaining.retain(&mut keep);
    let mut seen = Vec::new();
    d.done_when.retain(|t| {
        let k = crate::model::merge_key(t);
        let new = !seen.contains(&k);
        seen.push(k);
        new
    });
    for list in [
        &mut d.decisions,
        &mut d.open_questions,
        &mut d.context,
        &mut d.files,
    ] {
        let mut out: Vec<String> = Vec::new();
        for s in list.drain(..) {
            if !out.contains(&s) {
                out.push(s);
            }
        }
        *list = out;
    }
    d
}

/// Copies into `d` the fields a merge takes from ours rather than merging: the header (last
/// updated, written by), git-derived facts (commits so far, session duration) and template
/// extras (other header fields).
fn take_ours_fields(d: &mut Document, ours: &Document) {
    d.last_updated = ours.last_updated.clone();
    d.written_by = ours.written_by.clone();
    d.commits_so_far = ours.commits_so_far.clone();
    d.session_duration_s = ours.session_duration_s;
    d.fields = ours.fields.clone();
}

/// `d` with every list sorted (for comparisons up to order).
fn sorted(mut d: Document) -> Document {
    let by_key = |a: &Task, b: &Task| {
        (crate::model::merge_key(a), &a.text, a.done).cmp(&(
            crate::model::merge_key(b),
            &b.text,
            b.done,
        ))
    };
    d.tasks_done.sort_by(by_key);
    d.tasks_remaining.sort_by(by_key);
    d.done_when.sort_by(by_key);
    d.decisions.sort();
    d.open_questions.sort();
    d.context.sort();
    d.files.sort();
    d.sections.sort();
    d.journal
        .sort_by(|a, b| (&a.at, &a.subject, &a.body).cmp(&(&b.at, &b.subject, &b.body)));
    d
}

/// `a = merge(base, ours, theirs)` and `b = merge(base, theirs, ours)` agree up to:
///
/// - item order (each puts its ours' items first);
/// - the fields taken from ours (see `take_ours_fields`);
/// - conflicts: a single-value field both sides changed is `CONFLICT ours: X | theirs: Y` in
///   one and `CONFLICT ours: Y | theirs: X` in the other; a task both sides reworded differently
///   keeps its ours' text in each, and each reports that conflict. Both report the same number
///   of conflicts.
pub fn assert_symmetric(base: &Document, ours: &Document, theirs: &Document) {
    let a = merge(base, ours, theirs);
    let b = merge(base, theirs, ours);
    assert_eq!(
        a.conflicts.len(),
        b.conflicts.len(),
        "the two merge orders report different conflicts: {:?} vs {:?}",
        a.conflicts,
        b.conflicts
    );
    let (mut x, mut y) = (a.doc.clone(), b.doc.clone());
    let (mut o, mut t) = (ours.clone(), theirs.clone());

    // Single-value fields: equal, or the same conflict with the sides swapped.
    let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
    for (name, get) in crate::model::SINGLE_FIELDS {
        let (vo, vt) = (show(get(&mut o)), show(get(&mut t)));
        let (fx, fy) = (get(&mut x), get(&mut y));
        if fx != fy {
            assert_eq!(
                (fx.as_deref(), fy.as_deref()),
                (
                    Some(format!("{CONFLICT} ours: {vo} | theirs: {vt}").as_str()),
                    Some(format!("{CONFLICT} ours: {vt} | theirs: {vo}").as_str())
                ),
                "{name} differs between the two merge orders"
            );
            assert!(a
                .conflicts
                .contains(&format!("{name}: ours \"{vo}\", theirs \"{vt}\"")));
            assert!(b
                .conflicts
                .contains(&format!("{name}: ours \"{vt}\", theirs \"{vo}\"")));
            *fx = None;
            *fy = None;
        }
    }

    // Checklists: the same items with the same state; a text may differ only as a reported
    // both-reworded conflict.
    let pairs = [
        (&mut x.tasks_done, &mut y.tasks_done),
        (&mut x.tasks_remaining, &mut y.tasks_remaining),
        (&mut x.done_when, &mut y.done_when),
    ];
    for (lx, ly) in pairs {
        assert_eq!(lx.len(), ly.len(), "checklists differ: {lx:?} vs {ly:?}");
        for tx in lx.iter_mut() {
            let k = crate::model::merge_key(tx);
            let ty = ly
                .iter_mut()
                .find(|t| crate::model::merge_key(t) == k && t.done == tx.done)
                .unwrap_or_else(|| panic!("item {k:?} is missing from the other order"));
            if tx.text != ty.text {
                let ours = format!(
                    "task {k}: ours \"{}\", theirs \"{}\" (kept ours)",
                    tx.text, ty.text
                );
                let theirs = format!(
                    "task {k}: ours \"{}\", theirs \"{}\" (kept ours)",
                    ty.text, tx.text
                );
                assert!(
                    a.conflicts.contains(&ours) && b.conflicts.contains(&theirs),
                    "task {k} differs without a conflict: {:?} vs {:?}",
                    tx.text,
                    ty.text
                );
                ty.text = tx.text.clone();
            }
        }
    }

    take_ours_fields(&mut y, &x);
    // Sections: the same headings (ours' body wins for a heading both have).
    let headings = |d: &Document| {
        let mut h: Vec<String> = d.sections.iter().map(|s| s.0.clone()).collect();
        h.sort();
        h
    };
    assert_eq!(headings(&x), headings(&y), "sections differ");
    y.sections = x.sections.clone();
    assert_eq!(sorted(x), sorted(y), "the two merge orders differ");
}
