//! Which task of a document an item written in other words means: an agent's plan item
//! ("Build the FTS5 search index") against the story's todos ("T1 — Build FTS5 search index").
//! Pure: text in, indices out.
//!
//! An item that names a task id (`T2`, anywhere in it, as a word of its own) means that task and
//! no other: an id the document does not have matches nothing, so an item the model numbered
//! itself never finishes a task of another number. An item without an id means the task whose
//! words it shares most, when they share at least [`THRESHOLD`] of the two texts' words together
//! (Jaccard index of the two word sets) and no other task shares as many. Words are compared
//! lowercased, split at anything not a letter or digit, with [`STOP_WORDS`] dropped and a few
//! English endings taken off ([`stem`]), so "Writing the search box UI" and "Search box UI" are
//! close. Each task is meant by at most one id-less item (the closest first), so two items never
//! finish one task by words. Cost: one word set per text, then a comparison of sets per item and
//! task (items are capped by the caller).

use super::{task_id, Task};
use std::collections::BTreeSet;

/// The least share of words (Jaccard index: shared words over all words of both) an item and a
/// task must have for the item to mean the task: 3 of the 4 words of "Add GET /search endpoint"
/// and "Add search endpoint" (0.75) match; 2 of 4 (0.5) do not.
pub const THRESHOLD: f64 = 0.6;

/// Words that say nothing about which task is meant.
pub const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "as", "at", "be", "by", "for", "from", "in", "into", "is", "it", "its", "of",
    "on", "or", "our", "so", "that", "the", "then", "this", "to", "up", "we", "with",
];

/// `word` (lowercase) with one plural or verb ending taken off: `-s` (not `-ss`), then `-ing`
/// or `-ed`, then a final `-e`, each only when at least three letters stay. "indexes", "index";
/// "writing", "write"; "added", "adds", "add" each become one word.
pub fn stem(word: &str) -> String {
    let mut w = word;
    let cut = |w: &str, suffix: &str| -> Option<usize> {
        (w.len() >= suffix.len() + 3 && w.ends_with(suffix)).then(|| w.len() - suffix.len())
    };
    if !w.ends_with("ss") {
        if let Some(n) = cut(w, "s") {
            w = &w[..n];
        }
    }
    if let Some(n) = cut(w, "ing").or_else(|| cut(w, "ed")) {
        w = &w[..n];
    }
    if let Some(n) = cut(w, "e") {
        w = &w[..n];
    }
    w.to_string()
}

/// The word set of `text` as [`THRESHOLD`] compares it: lowercased, split at anything not a
/// letter or digit, without task ids, [`STOP_WORDS`], and with [`stem`] applied.
pub fn words(text: &str) -> BTreeSet<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !STOP_WORDS.contains(w) && !is_id(w))
        .map(stem)
        .collect()
}

/// The Jaccard index of two word sets: shared words over all words; 0 when both are empty.
pub fn similarity(a: &BTreeSet<String>, b: &BTreeSet<String>) -> f64 {
    let shared = a.intersection(b).count();
    let all = a.len() + b.len() - shared;
    if all == 0 {
        0.0
    } else {
        shared as f64 / all as f64
    }
}

/// Whether `word` (lowercase) is a task id: `t` then digits, optionally `.` and digits.
fn is_id(word: &str) -> bool {
    task_id(word).is_some_and(|id| id.len() == word.len())
}

/// The task ids `text` names as words of their own (`T2`, `t2`, `(T2)`, `T2:`), uppercase, in
/// order, each once.
pub fn ids_in(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut before: Option<char> = None;
    for (i, c) in text.char_indices() {
        if matches!(c, 'T' | 't') && !before.is_some_and(char::is_alphanumeric) {
            if let Some(id) = task_id(&text[i..]) {
                let up = id.to_uppercase();
                if !out.contains(&up) {
                    out.push(up);
                }
            }
        }
        before = Some(c);
    }
    out
}

/// For each of `items`, the index in `tasks` of the task it means, or `None` (see the module
/// comment): by id, then by words.
pub fn match_items(tasks: &[&Task], items: &[&str]) -> Vec<Option<usize>> {
    let ids: Vec<Option<String>> = tasks
        .iter()
        .map(|t| t.id().map(str::to_uppercase))
        .collect();
    let mut out: Vec<Option<usize>> = vec![None; items.len()];
    let mut by_words: Vec<usize> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let named = ids_in(item);
        if named.is_empty() {
            by_words.push(i);
            continue;
        }
        // The first id the item names that the document has.
        out[i] = named
            .iter()
            .find_map(|n| ids.iter().position(|id| id.as_deref() == Some(n.as_str())));
    }
    if by_words.is_empty() {
        return out;
    }
    let task_words: Vec<BTreeSet<String>> = tasks.iter().map(|t| words(&t.text)).collect();
    // Every close enough (item, task) pair, closest first; an item whose two closest tasks are
    // as close means neither.
    let mut pairs: Vec<(f64, usize, usize)> = Vec::new();
    for &i in &by_words {
        let w = words(items[i]);
        let mut scored: Vec<(f64, usize)> = task_words
            .iter()
            .enumerate()
            .map(|(t, tw)| (similarity(&w, tw), t))
            .filter(|(s, _)| *s >= THRESHOLD)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        if scored.len() > 1 && scored[0].0 == scored[1].0 {
            continue;
        }
        pairs.extend(scored.into_iter().map(|(s, t)| (s, i, t)));
    }
    pairs.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut taken = vec![false; tasks.len()];
    for (_, i, t) in pairs {
        if out[i].is_none() && !taken[t] {
            out[i] = Some(t);
            taken[t] = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(t: &str) -> Task {
        Task {
            text: t.into(),
            done: false,
        }
    }

    #[test]
    fn paraphrased_items_mean_their_tasks_and_nothing_else() {
        let tasks = [
            task("T1 — Build FTS5 search index"),
            task("T2 — Add search endpoint"),
            task("T3 — Search box UI"),
        ];
        let refs: Vec<&Task> = tasks.iter().collect();
        let items = [
            "Build the FTS5 search index",
            "Add GET /search endpoint",
            "Write the search box UI",
            "Benchmark the ranking on 10k rows",
            "search",
        ];
        assert_eq!(
            match_items(&refs, &items),
            [Some(0), Some(1), Some(2), None, None]
        );
        // By id wherever it stands; an id the document lacks means nothing; T10 is not T1.
        let items = ["Endpoint (T2)", "t3: ui", "T9 — Add search endpoint", "T10"];
        assert_eq!(match_items(&refs, &items), [Some(1), Some(2), None, None]);
        // One task is meant by one item at most: the closer one.
        let items = ["Add the search endpoint tests", "Add search endpoint"];
        assert_eq!(match_items(&refs, &items), [None, Some(1)]);
    }

    #[test]
    fn words_drop_ids_stop_words_and_endings() {
        let w = |s: &str| words(s).into_iter().collect::<Vec<_>>();
        assert_eq!(w("T1 — Writing the Indexes!"), ["index", "writ"]);
        assert_eq!(w("write an index"), ["index", "writ"]);
        assert_eq!(w("Adds; added, add"), ["add"]);
        assert_eq!(stem("class"), "class");
        assert_eq!(
            ids_in("do T2 then (t3.1), not FT5, tt4 or T2x; T5."),
            ["T2", "T3.1", "T5"]
        );
    }
}
