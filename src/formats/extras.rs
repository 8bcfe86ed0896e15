//! The "Also recorded" block: what a save was given that its template has no place for (pair
//! has no "Start with", gstack no tasks done, team no stage...), written after the template's
//! own text so nothing a flag set is dropped (issue 15), and read back on parse.
//!
//! Format (docs/FORMAT.md): a line `<!-- git-checkpoint: also recorded -->`, a heading
//! `## Also recorded`, then one list item per value, `- **Key:** value`, continuation lines
//! indented by two spaces. Which values go there is found by rendering the document with its
//! template and parsing it back: whatever did not survive. Everything before the marker line is
//! the template's; the template's parser never sees the block.

use crate::model::{Document, Task};
use std::collections::HashSet;
use std::fmt::Write as _;

/// The line that starts the block.
pub const MARKER: &str = "<!-- git-checkpoint: also recorded -->";

/// Splits `input` into the template's text and the block's text after the marker (`None`
/// when there is no block). The marker counts only at the start of a line.
pub fn split(input: &[u8]) -> (&[u8], Option<&[u8]>) {
    let m = MARKER.as_bytes();
    // Every revision read is parsed: memmem, not a comparison at every byte (a tenth of
    // `resume`).
    for i in memchr::memmem::find_iter(input, m) {
        if i == 0 || input[i - 1] == b'\n' {
            let before = &input[..i];
            let before = before.strip_suffix(b"\n").unwrap_or(before);
            return (before, Some(&input[i + m.len()..]));
        }
    }
    (input, None)
}

/// The keys of the block, in the order written.
const KEYS: [&str; 14] = [
    "Title",
    "Goal",
    "Source",
    "Commit strategy",
    "Stage",
    "Stopped at",
    "Start with",
    "Next action",
    "Done",
    "Todo",
    "Decision",
    "Done when",
    "Context",
    "Open question",
];

/// The values of `doc` that `back` (what its template's parser read from its rendering) lost,
/// as (key, value) in [`KEYS`] order.
fn lost(doc: &Document, back: &Document) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let single = [
        (KEYS[0], &doc.title, &back.title),
        (KEYS[1], &doc.goal, &back.goal),
        (KEYS[2], &doc.source, &back.source),
        (KEYS[3], &doc.commit_strategy, &back.commit_strategy),
        (KEYS[4], &doc.stage, &back.stage),
        (KEYS[5], &doc.stopped_at, &back.stopped_at),
        (KEYS[6], &doc.start_with, &back.start_with),
        (KEYS[7], &doc.next_action, &back.next_action),
    ];
    for (key, want, got) in single {
        if let Some(w) = want.as_deref().map(str::trim).filter(|w| !w.is_empty()) {
            if got.as_deref().map(str::trim) != Some(w) {
                out.push((key, w.to_string()));
            }
        }
    }
    // Linear: what the parser read back is looked up in a set, not searched per value.
    let tasks = |key, want: &[Task], got: &[Task], out: &mut Vec<(&'static str, String)>| {
        let got: HashSet<&str> = got.iter().map(|g| g.text.trim()).collect();
        for t in want {
            if !got.contains(t.text.trim()) {
                out.push((key, t.text.trim().to_string()));
            }
        }
    };
    tasks(KEYS[8], &doc.tasks_done, &back.tasks_done, &mut out);
    tasks(
        KEYS[9],
        &doc.tasks_remaining,
        &back.tasks_remaining,
        &mut out,
    );
    let lines = |key, want: &[String], got: &[String], out: &mut Vec<(&'static str, String)>| {
        let got: HashSet<&str> = got.iter().map(|g| g.trim()).collect();
        for w in want {
            if !got.contains(w.trim()) {
                out.push((key, w.trim().to_string()));
            }
        }
    };
    lines(KEYS[10], &doc.decisions, &back.decisions, &mut out);
    let checks: HashSet<&str> = back.done_when.iter().map(|g| g.text.trim()).collect();
    for c in &doc.done_when {
        if !checks.contains(c.text.trim()) {
            let mark = if c.done { "[x]" } else { "[ ]" };
            out.push((KEYS[11], format!("{mark} {}", c.text.trim())));
        }
    }
    lines(KEYS[12], &doc.context, &back.context, &mut out);
    lines(
        KEYS[13],
        &doc.open_questions,
        &back.open_questions,
        &mut out,
    );
    out
}

/// `text` (a template's rendering of `doc`) followed by the block of what `back` (its parse)
/// lost; `text` unchanged when nothing was lost.
pub fn append(mut text: String, doc: &Document, back: &Document) -> String {
    let lost = lost(doc, back);
    if lost.is_empty() {
        return text;
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let _ = write!(text, "\n{MARKER}\n## Also recorded\n\n");
    for (key, value) in lost {
        let mut lines = value.lines();
        let _ = writeln!(text, "- **{key}:** {}", lines.next().unwrap_or(""));
        for l in lines {
            let _ = writeln!(text, "  {l}");
        }
    }
    text
}

/// Applies a block's values (the text after [`MARKER`]) to `doc`: single values replace,
/// list values are added when missing. Unknown keys and other lines are ignored. Returns the
/// entries (key, value) that hold an open merge conflict, in block order, for the caller to
/// report as gaps.
pub fn apply(doc: &mut Document, block: &str) -> Vec<(&'static str, String)> {
    let mut entries: Vec<(&'static str, String)> = Vec::new();
    for line in block.lines() {
        if let Some(rest) = line.strip_prefix("- **") {
            if let Some((key, value)) = rest.split_once(":** ") {
                if let Some(k) = KEYS.iter().find(|k| **k == key) {
                    entries.push((k, value.to_string()));
                    continue;
                }
            }
        }
        if let (Some(cont), Some(last)) = (line.strip_prefix("  "), entries.last_mut()) {
            last.1.push('\n');
            last.1.push_str(cont);
        }
    }
    // What each list holds already, by key: looked up in a set, so a block of tens of
    // thousands of values (a teammate's document) applies in linear time.
    let texts = |t: &[Task]| {
        t.iter()
            .map(|t| t.text.clone())
            .collect::<HashSet<String>>()
    };
    let strings = |l: &[String]| l.iter().cloned().collect::<HashSet<String>>();
    let mut held: [HashSet<String>; 6] = [
        texts(&doc.tasks_done),
        texts(&doc.tasks_remaining),
        strings(&doc.decisions),
        texts(&doc.done_when),
        strings(&doc.context),
        strings(&doc.open_questions),
    ];
    let conflicts = entries
        .iter()
        .filter(|(_, v)| crate::model::conflict::is_conflict(v))
        .map(|(k, v)| (*k, v.clone()))
        .collect();
    for (key, value) in entries {
        let v = Some(value.clone());
        let task = |done| Task {
            text: value.clone(),
            done,
        };
        let [done, todo, decisions, done_when, context, questions] = &mut held;
        let add = |list: &mut Vec<String>, held: &mut HashSet<String>| {
            if held.insert(value.clone()) {
                list.push(value.clone());
            }
        };
        match key {
            "Title" => doc.title = v,
            "Goal" => doc.goal = v,
            "Source" => doc.source = v,
            "Commit strategy" => doc.commit_strategy = v,
            "Stage" => doc.stage = v,
            "Stopped at" => doc.stopped_at = v,
            "Start with" => doc.start_with = v,
            "Next action" => doc.next_action = v,
            "Done" if done.insert(value.clone()) => doc.tasks_done.push(task(true)),
            "Todo" if todo.insert(value.clone()) => doc.tasks_remaining.push(task(false)),
            "Decision" => add(&mut doc.decisions, decisions),
            "Done when" => {
                let (done, text) = match (value.strip_prefix("[x] "), value.strip_prefix("[ ] ")) {
                    (Some(t), _) => (true, t),
                    (_, Some(t)) => (false, t),
                    _ => (false, value.as_str()),
                };
                if done_when.insert(text.to_string()) {
                    doc.done_when.push(Task {
                        text: text.to_string(),
                        done,
                    });
                }
            }
            "Context" => add(&mut doc.context, context),
            "Open question" => add(&mut doc.open_questions, questions),
            _ => {}
        }
    }
    conflicts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lost_values_round_trip_through_the_block() {
        let doc = Document {
            start_with: Some("cargo test".into()),
            context: vec!["two\nlines".into()],
            done_when: vec![Task {
                text: "tests pass".into(),
                done: true,
            }],
            ..Document::default()
        };
        let text = append("# T\n".into(), &doc, &Document::default());
        assert!(text.starts_with("# T\n\n<!-- git-checkpoint"), "{text}");
        let (before, block) = split(text.as_bytes());
        assert_eq!(before, b"# T\n");
        let mut back = Document::default();
        apply(&mut back, std::str::from_utf8(block.unwrap()).unwrap());
        assert_eq!(back.start_with, doc.start_with);
        assert_eq!(back.context, doc.context);
        assert_eq!(back.done_when, doc.done_when);
        // Nothing lost: no block.
        assert_eq!(append("x\n".into(), &doc, &doc), "x\n");
        // The marker counts only at a line start.
        assert!(split(format!("a {MARKER}").as_bytes()).1.is_none());
        let later = format!("a\nb {MARKER}\n{MARKER}\nrest");
        assert_eq!(
            split(later.as_bytes()),
            (format!("a\nb {MARKER}").as_bytes(), Some(&b"\nrest"[..]))
        );
    }
}
