//! The checks behind the fuzz targets in `fuzz/` and their corpus replay in `cargo test`: one
//! implementation, so the replay runs exactly what the fuzzer ran. Each check panics when an
//! invariant breaks (that is how libFuzzer sees a failure). Not a stable API.

use crate::formats::{pm, team, Format, BUILTIN};
use crate::model::{merge, parse, render, Document, Task};
use crate::store::{compose_message, split_message, Meta, NewRevision};

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

/// Seed 003's `STACK.md` and seed 001's `completed.md`, as `import` reads them from a
/// teammate's files: each is parsed, rendered and parsed again; nothing may panic, and the
/// second parse finds as many entries (records) as the first: rendering loses none.
pub fn check_seed_files(data: &[u8]) {
    let (entries, _) = pm::parse_stack_md(data);
    let (again, _) = pm::parse_stack_md(pm::render_stack_md(&entries).as_bytes());
    assert_eq!(
        again.len(),
        entries.len(),
        "STACK.md entries lost by a render"
    );

    let text = String::from_utf8_lossy(data);
    let log = team::parse_completed_md(&text);
    let again = team::parse_completed_md(&team::render_completed_md(&log));
    assert_eq!(
        again.len(),
        log.len(),
        "completed.md records lost by a render"
    );
}

/// What git prints and stores, as read back from a repository someone else wrote:
/// `git status --porcelain=v2 -z` output and commit messages. Nothing may panic. `data` split
/// at [`MERGE_SEPARATOR`] also gives a subject, a title and a journal body for a revision's
/// message: composing it and splitting it again gives back the subject and the title (one
/// line each, NUL as U+FFFD, trimmed), the body (trimmed) and the story trailer.
pub fn check_git_output(data: &[u8]) {
    let _ = crate::gitstate::parse_porcelain_v2(data);
    let text = String::from_utf8_lossy(data);
    let _ = split_message(&text);

    let mut parts = text.splitn(3, char::from(MERGE_SEPARATOR));
    let mut next = || parts.next().unwrap_or_default().to_string();
    let (subject, title, body) = (next(), next(), next());
    let new = NewRevision {
        document: String::new(),
        meta: Meta {
            story: "s".into(),
            title: Some(title.clone()),
            ..Meta::default()
        },
        subject: subject.clone(),
        body: body.clone(),
        accepted: Vec::new(),
    };
    let message = compose_message(&new);
    let (s, b, trailers) = split_message(&message);
    let one_line = |v: &str| {
        v.replace(['\n', '\r'], " ")
            .replace('\0', "\u{FFFD}")
            .trim()
            .to_string()
    };
    assert_eq!(s, one_line(&subject), "subject");
    assert_eq!(b, body.replace('\0', "\u{FFFD}").trim(), "body");
    assert!(
        trailers.contains(&("Checkpoint-Story", "s")),
        "{trailers:?}"
    );
    assert!(
        trailers.contains(&("Checkpoint-Title", one_line(&title).as_str())),
        "{trailers:?}"
    );
}

/// Content that arrives from outside: an agent's hook payload, and text the secret guard and
/// the terminal escaping see. Nothing may panic; a finding names a line of the text; escaped
/// text holds no control character other than newline and tab, and no bidi control.
pub fn check_untrusted(data: &[u8]) {
    let _ = crate::agents::hook::Payload::parse(data);
    let text = String::from_utf8_lossy(data);
    if let Some(f) = crate::secrets::scan(&text) {
        assert!(
            f.line >= 1 && f.line <= text.split('\n').count(),
            "finding on line {} of {}",
            f.line,
            text.split('\n').count()
        );
    }
    let shown = crate::human::escape_controls(&text);
    assert!(
        !shown.chars().any(|c| {
            let n = c as u32;
            (n < 0x20 && c != '\n' && c != '\t')
                || (0x7f..=0x9f).contains(&n)
                || matches!(n, 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069)
        }),
        "a control character was left in {shown:?}"
    );
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
/// - conflicts: a single-value field both sides changed holds the marker `ours X | theirs Y`
///   in one and `ours Y | theirs X` in the other; a task both sides reworded differently (or
///   changed on one side and removed on the other) holds both texts likewise, swapped. Both
///   report the same number of conflicts.
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
    let sides = crate::model::conflict::Sides::default();
    let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
    for (name, get) in crate::model::SINGLE_FIELDS {
        let (o_value, t_value) = (get(&mut o).clone(), get(&mut t).clone());
        let (vo, vt) = (show(&o_value), show(&t_value));
        let (fx, fy) = (get(&mut x), get(&mut y));
        if fx != fy {
            let (po, pt) = (o_value.as_deref(), t_value.as_deref());
            let marker = crate::model::conflict::marker;
            assert_eq!(
                (fx.as_deref(), fy.as_deref()),
                (
                    Some(marker("", &sides, po, pt, "(none)").as_str()),
                    Some(marker("", &sides, pt, po, "(none)").as_str())
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

    // Checklists: the same items with the same state; a text may differ only as a conflict
    // that keeps both sides, swapped between the two orders.
    let pairs = [
        (&mut x.tasks_done, &mut y.tasks_done),
        (&mut x.tasks_remaining, &mut y.tasks_remaining),
        (&mut x.done_when, &mut y.done_when),
    ];
    // An item's identity: its merge key, but for a conflicted item without a task id (whose
    // marker is its text, sides in merge order) both sides' texts in sorted order.
    let identity = |t: &Task| match (t.id(), crate::model::conflict::read(&t.text)) {
        (None, Some(c)) => {
            let mut sides = [c.ours.text, c.theirs.text];
            sides.sort();
            format!("{sides:?}")
        }
        _ => crate::model::merge_key(t),
    };
    for (lx, ly) in pairs {
        assert_eq!(lx.len(), ly.len(), "checklists differ: {lx:?} vs {ly:?}");
        for tx in lx.iter_mut() {
            let k = identity(tx);
            let ty = ly
                .iter_mut()
                .find(|t| identity(t) == k && t.done == tx.done)
                .unwrap_or_else(|| panic!("item {k:?} is missing from the other order"));
            if tx.text != ty.text {
                let read = crate::model::conflict::read;
                let (cx, cy) = (read(&tx.text), read(&ty.text));
                assert!(
                    cx.is_some()
                        && cy.is_some()
                        && cx.as_ref().map(|c| &c.ours.text) == cy.as_ref().map(|c| &c.theirs.text)
                        && cx.as_ref().map(|c| &c.theirs.text) == cy.as_ref().map(|c| &c.ours.text),
                    "task {k} differs without a conflict that keeps both: {:?} vs {:?}",
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
