//! What an export into another format cannot hold (issue 28): the values of the stored
//! document that the target format's file, read back, no longer has (gstack's
//! `session_duration_s` in a team file, team's journal in a gstack one), and the sections the
//! stored revision's own format did not read (a free-form file imported as pair keeps its
//! headings only in the stored text). `export` says them before it writes. Pure: compares two
//! documents.

use crate::model::{Document, Task};
use std::collections::HashSet;

/// One field (or section) an export leaves out, as `export` warns about it and `--json` lists
/// it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Dropped {
    /// The document field, as `resume --json` names it (`files`, `session_duration_s`,
    /// `journal`), or `section` for a section the stored format did not read.
    pub field: String,
    /// What of it is left out, for people: `3 of 3 items`, `'Team Notes' (line 12)`.
    pub detail: String,
}

fn blank(v: &Option<String>) -> bool {
    v.as_deref().is_none_or(|s| s.trim().is_empty())
}

/// What `back` (the exported file as the target format reads it) lost of `doc` (the stored
/// document as exported), field by field in the document's order, then each of `ignored`
/// (the sections the stored revision's format did not read, `Name (line N)`). A value counts
/// as lost when `doc` has it and `back` has nothing there; a list item when `back`'s list lacks
/// its text. Values the target writes differently (a status it maps) are not losses.
pub fn dropped(doc: &Document, back: &Document, ignored: &[String]) -> Vec<Dropped> {
    let mut out = Vec::new();
    let mut push = |field: &str, detail: String| {
        out.push(Dropped {
            field: field.to_string(),
            detail,
        });
    };
    let single = [
        ("story", &doc.story, &back.story),
        ("title", &doc.title, &back.title),
        ("goal", &doc.goal, &back.goal),
        ("source", &doc.source, &back.source),
        ("branch", &doc.branch, &back.branch),
        (
            "commit_strategy",
            &doc.commit_strategy,
            &back.commit_strategy,
        ),
        ("commits_so_far", &doc.commits_so_far, &back.commits_so_far),
        ("next_action", &doc.next_action, &back.next_action),
        ("last_updated", &doc.last_updated, &back.last_updated),
        ("written_by", &doc.written_by, &back.written_by),
        ("stage", &doc.stage, &back.stage),
        ("status", &doc.status, &back.status),
        ("stopped_at", &doc.stopped_at, &back.stopped_at),
        ("start_with", &doc.start_with, &back.start_with),
        ("trigger", &doc.trigger, &back.trigger),
    ];
    for (field, want, got) in single {
        if !blank(want) && blank(got) {
            let v = want.as_deref().unwrap_or_default().trim();
            push(field, format!("\"{}\"", crate::human::cut(v, 60)));
        }
    }
    if let (Some(s), None) = (doc.session_duration_s, back.session_duration_s) {
        push("session_duration_s", s.to_string());
    }
    let tasks = |t: &[Task]| {
        t.iter()
            .map(|t| t.text.trim().to_string())
            .collect::<Vec<_>>()
    };
    let lists = [
        (
            "tasks_done",
            tasks(&doc.tasks_done),
            tasks(&back.tasks_done),
        ),
        (
            "tasks_remaining",
            tasks(&doc.tasks_remaining),
            tasks(&back.tasks_remaining),
        ),
        ("decisions", doc.decisions.clone(), back.decisions.clone()),
        ("done_when", tasks(&doc.done_when), tasks(&back.done_when)),
        (
            "open_questions",
            doc.open_questions.clone(),
            back.open_questions.clone(),
        ),
        ("context", doc.context.clone(), back.context.clone()),
        ("files", doc.files.clone(), back.files.clone()),
    ];
    for (field, want, got) in lists {
        let got: HashSet<&str> = got.iter().map(|s| s.trim()).collect();
        let lost = want.iter().filter(|w| !got.contains(w.trim())).count();
        if lost > 0 {
            push(
                field,
                format!(
                    "{lost} of {} {}",
                    want.len(),
                    if want.len() == 1 { "item" } else { "items" }
                ),
            );
        }
    }
    if back.journal.len() < doc.journal.len() {
        push(
            "journal",
            format!(
                "{} of {} entries",
                doc.journal.len() - back.journal.len(),
                doc.journal.len()
            ),
        );
    }
    let fields: HashSet<&str> = back.fields.iter().map(|(k, _)| k.as_str()).collect();
    for (k, _) in &doc.fields {
        if !fields.contains(k.as_str()) {
            push("fields", format!("'{k}'"));
        }
    }
    let sections: HashSet<&str> = back.sections.iter().map(|(h, _)| h.as_str()).collect();
    for (h, _) in &doc.sections {
        if !sections.contains(h.as_str()) {
            push("sections", format!("'{h}'"));
        }
    }
    if doc.front_matter.is_some() && back.front_matter.is_none() {
        push("front_matter", "the YAML block".into());
    }
    for s in ignored {
        push("section", format!("'{s}'"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_target_lost_is_listed_field_by_field() {
        let doc = Document {
            goal: Some("g".into()),
            session_duration_s: Some(5400),
            files: vec!["a.rs".into(), "b.rs".into()],
            status: Some("in-progress".into()),
            ..Document::default()
        };
        let back = Document {
            goal: Some("g".into()),
            files: vec!["a.rs".into()],
            status: Some("active".into()),
            ..Document::default()
        };
        let d = dropped(&doc, &back, &["Team Notes (line 12)".into()]);
        let got: Vec<(&str, &str)> = d
            .iter()
            .map(|d| (d.field.as_str(), d.detail.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("session_duration_s", "5400"),
                ("files", "1 of 2 items"),
                ("section", "'Team Notes (line 12)'")
            ]
        );
    }
}
