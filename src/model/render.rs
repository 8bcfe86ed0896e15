//! Renders a [`Document`] with the default (`pair`) template.

use super::{Document, Task, UNKNOWN};
use std::fmt::Write;

/// The document's front matter between its `---` fences, or "" when it has none.
pub(crate) fn front_matter(doc: &Document) -> String {
    match &doc.front_matter {
        Some(fm) if fm.is_empty() || fm.ends_with('\n') => format!("---\n{fm}---\n"),
        Some(fm) => format!("---\n{fm}\n---\n"),
        None => String::new(),
    }
}

/// Renders `doc` as the pair template: its front matter verbatim, if any, then a header (`# Checkpoint: <story> — <title>`, Last updated,
/// Written by) and the five numbered sections. Unknown required values are written as
/// [`UNKNOWN`]; empty lists as `_None yet._`. Output is UTF-8 with LF line endings and ends with
/// one newline; [`super::parse`] reads it back to an equal document.
pub fn render(doc: &Document) -> String {
    let mut out = front_matter(doc);
    let story = doc.story.as_deref().map(one_line).unwrap_or(UNKNOWN.into());
    heading(
        &mut out,
        &story,
        doc.title.as_deref().map(one_line).as_deref(),
    );
    field(&mut out, "Last updated", doc.last_updated.as_deref(), true);
    field(&mut out, "Written by", doc.written_by.as_deref(), true);

    out.push_str("\n## 1. Story\n");
    field(&mut out, "ID", Some(&story), true);
    field(&mut out, "Title", doc.title.as_deref(), true);
    field(&mut out, "Goal", doc.goal.as_deref(), true);
    field(&mut out, "Source", doc.source.as_deref(), false);

    out.push_str("\n## 2. Branch\n");
    match &doc.branch {
        Some(b) => {
            let b = one_line(b);
            let _ = writeln!(out, "**Branch:** {}", code_span(&b));
        }
        None => field(&mut out, "Branch", None, true),
    }
    field(
        &mut out,
        "Commit strategy",
        doc.commit_strategy.as_deref(),
        false,
    );
    field(
        &mut out,
        "Commits so far",
        doc.commits_so_far.as_deref(),
        false,
    );

    out.push_str("\n## 3. Tasks Done\n");
    list(&mut out, &doc.tasks_done);
    out.push_str("\n## 4. Key Decisions\n");
    if doc.decisions.is_empty() {
        out.push_str("_None yet._\n");
    }
    for d in &doc.decisions {
        item(&mut out, "- ", d);
    }
    out.push_str("\n## 5. Remaining Todos\n");
    list(&mut out, &doc.tasks_remaining);
    // A blank line keeps the field out of the last item (CommonMark lazy continuation).
    out.push('\n');
    field(
        &mut out,
        "Next immediate action",
        doc.next_action.as_deref(),
        true,
    );
    out
}

fn list(out: &mut String, tasks: &[Task]) {
    if tasks.is_empty() {
        out.push_str("_None yet._\n");
    }
    for t in tasks {
        let marker = if t.done { "- [x] " } else { "- [ ] " };
        item(out, marker, &t.text);
    }
}

/// Writes a list item; continuation lines are indented so they stay inside the item.
fn item(out: &mut String, marker: &str, text: &str) {
    let mut lines = text.lines();
    let _ = writeln!(out, "{marker}{}", lines.next().unwrap_or(""));
    for l in lines {
        if l.is_empty() {
            out.push('\n');
        } else {
            let _ = writeln!(out, "  {l}");
        }
    }
}

fn field(out: &mut String, key: &str, value: Option<&str>, required: bool) {
    match value {
        Some(v) => {
            let _ = writeln!(out, "**{key}:** {}", one_line(v));
        }
        None if required => {
            let _ = writeln!(out, "**{key}:** {UNKNOWN}");
        }
        None => {}
    }
}

/// Writes the heading line `# Checkpoint: <story> — <title>` (without the dash when there is no
/// title) and a blank line; `story` and `title` are already on one line.
pub(crate) fn heading(out: &mut String, story: &str, title: Option<&str>) {
    let _ = match title {
        Some(t) => writeln!(out, "# Checkpoint: {story} — {t}"),
        None => writeln!(out, "# Checkpoint: {story}"),
    };
    out.push('\n');
}

/// Field values live on one line; embedded newlines become spaces.
fn one_line(s: &str) -> String {
    s.split(['\n', '\r'])
        .collect::<Vec<_>>()
        .join(" ")
        .trim()
        .to_string()
}

/// Wraps `s` in a code span whose fence is longer than any backtick run inside it
/// (CommonMark 0.31, section 6.1).
fn code_span(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    if longest > 0 || s.starts_with(' ') || s.ends_with(' ') {
        format!("{fence} {s} {fence}")
    } else {
        format!("{fence}{s}{fence}")
    }
}
