//! Property tests (proptest) of the document model: render then parse gives the same document;
//! merge is symmetric up to conflict order; merging a revision with its own ancestor is a
//! fast-forward. The merge laws are the ones the merge fuzz target checks
//! (`git_checkpoint::fuzzing`).

use git_checkpoint::fuzzing::{assert_fast_forward, assert_idempotent, assert_symmetric};
use git_checkpoint::model::{parse, render, Document, Task};
use proptest::prelude::*;

/// One line of free text: letters (with accents and an em dash), digits and the markdown
/// characters people type (`*`, `_`, backticks, `#`, brackets, `<>`, `|`, `:`, `\`...).
///
/// It starts and ends with a letter or digit, and never contains `[unknown`, because by design
/// the parser reads a value or item that is wrapped in `[...]` or `<...>` as an unfilled
/// template placeholder, one containing `[unknown` as the "could not be determined" marker (both
/// become gaps, not text), and a value wrapped in one backtick code span as its contents. It has
/// no line breaks: field values are one line by design (the renderer joins lines), and list
/// items are single-line in this model's uses.
fn text() -> impl Strategy<Value = String> {
    "[A-Za-z0-9éü][A-Za-z0-9éü —:;,.!?()\\[\\]<>*_`#|/&'\"+=~\\\\-]{0,30}[A-Za-z0-9éü]"
        .prop_filter("not the unknown marker", |s| {
            !s.to_lowercase().contains("[unknown")
        })
}

/// A story id as `StoryId` accepts them (`#313`, `auth-rate-limits`). Ids have no spaces: the
/// `# Checkpoint: <story> — <title>` line splits at the first ` — ` / ` - `.
fn story() -> impl Strategy<Value = String> {
    prop_oneof!["#[1-9][0-9]{0,4}", "[a-z0-9][a-z0-9._/#-]{0,20}[a-z0-9]"]
}

/// A branch name (git ref characters; no backticks, which the code span would have to escape).
fn branch() -> impl Strategy<Value = String> {
    "[a-z0-9][a-z0-9._/#-]{0,30}[a-z0-9]"
}

/// A checklist item, with a task id (`T3 — x`, `T3.1: x`) or without.
fn task(done: bool) -> impl Strategy<Value = Task> {
    (
        prop::option::of((1u32..40, prop::option::of(1u32..5), "( —|:)")),
        text(),
    )
        .prop_map(move |(id, t)| {
            let text = match id {
                Some((n, Some(sub), sep)) => format!("T{n}.{sub}{sep} {t}"),
                Some((n, None, sep)) => format!("T{n}{sep} {t}"),
                None => t,
            };
            Task { text, done }
        })
}

/// A document with the fields the default (`pair`) template carries.
fn document() -> impl Strategy<Value = Document> {
    let story_part = (
        prop::option::of(story()),
        prop::option::of(text()),
        prop::option::of(text()),
        prop::option::of(text()),
    );
    let branch_part = (
        prop::option::of(branch()),
        prop::option::of(text()),
        prop::option::of(text()),
    );
    let lists = (
        prop::collection::vec(task(true), 0..5),
        prop::collection::vec(task(false), 0..5),
        prop::collection::vec(text(), 0..4),
    );
    let header = (
        prop::option::of(text()),
        prop::option::of(text()),
        prop::option::of(text()),
    );
    (story_part, branch_part, lists, header).prop_map(
        |(
            (story, title, goal, source),
            (branch, commit_strategy, commits_so_far),
            (tasks_done, tasks_remaining, decisions),
            (next_action, last_updated, written_by),
        )| Document {
            story,
            title,
            goal,
            source,
            branch,
            commit_strategy,
            commits_so_far,
            tasks_done,
            tasks_remaining,
            decisions,
            next_action,
            last_updated,
            written_by,
            ..Document::default()
        },
    )
}

/// Edits one side makes to a shared ancestor, as numbers picked by proptest.
#[derive(Debug, Clone)]
struct Edit {
    check: Vec<usize>,
    drop: Vec<usize>,
    reword: Vec<(usize, String)>,
    add: Vec<Task>,
    decide: Vec<String>,
    undecide: Vec<usize>,
    next_action: Option<Option<String>>,
    goal: Option<Option<String>>,
}

fn edit() -> impl Strategy<Value = Edit> {
    (
        prop::collection::vec(0usize..8, 0..3),
        prop::collection::vec(0usize..8, 0..2),
        prop::collection::vec((0usize..8, text()), 0..2),
        prop::collection::vec(task(false), 0..3),
        prop::collection::vec(text(), 0..2),
        prop::collection::vec(0usize..4, 0..2),
        prop::option::of(prop::option::of(text())),
        prop::option::of(prop::option::of(text())),
    )
        .prop_map(
            |(check, drop, reword, add, decide, undecide, next_action, goal)| Edit {
                check,
                drop,
                reword,
                add,
                decide,
                undecide,
                next_action,
                goal,
            },
        )
}

/// Applies `e` to a copy of `base`: checks, rewords (keeping a task id) and drops todos, adds
/// todos and decisions, drops decisions, changes the next action and the goal.
fn apply(base: &Document, e: &Edit) -> Document {
    let mut d = base.clone();
    for (i, words) in &e.reword {
        if let Some(t) = d.tasks_remaining.get_mut(*i) {
            t.text = match t.id() {
                Some(id) => format!("{id} — {words}"),
                None => words.clone(),
            };
        }
    }
    for i in &e.check {
        if *i < d.tasks_remaining.len() {
            let mut t = d.tasks_remaining.remove(*i);
            t.done = true;
            d.tasks_done.push(t);
        }
    }
    for i in &e.drop {
        if *i < d.tasks_remaining.len() {
            d.tasks_remaining.remove(*i);
        }
    }
    d.tasks_remaining.extend(e.add.iter().cloned());
    for i in &e.undecide {
        if *i < d.decisions.len() {
            d.decisions.remove(*i);
        }
    }
    d.decisions.extend(e.decide.iter().cloned());
    if let Some(n) = &e.next_action {
        d.next_action = n.clone();
    }
    if let Some(g) = &e.goal {
        d.goal = g.clone();
    }
    d
}

proptest! {
    #[test]
    fn render_then_parse_gives_the_same_document(d in document()) {
        let rendered = render(&d);
        let parsed = parse(rendered.as_bytes());
        prop_assert_eq!(parsed.doc, d, "rendered:\n{}", rendered);
    }

    #[test]
    fn merge_is_symmetric_up_to_conflict_order(
        base in document(),
        o in edit(),
        t in edit(),
    ) {
        let (ours, theirs) = (apply(&base, &o), apply(&base, &t));
        assert_symmetric(&base, &ours, &theirs);
    }

    #[test]
    fn merge_of_unrelated_documents_is_symmetric(
        base in document(),
        ours in document(),
        theirs in document(),
    ) {
        assert_symmetric(&base, &ours, &theirs);
    }

    #[test]
    fn merging_with_an_ancestor_is_a_fast_forward(ancestor in document(), e in edit()) {
        let descendant = apply(&ancestor, &e);
        assert_fast_forward(&ancestor, &descendant);
        assert_idempotent(&ancestor, &descendant);
    }
}
