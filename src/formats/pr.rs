//! The pull-request body: what `show --format pr` and `pr-body` render from a checkpoint, for
//! PR tooling (`gh pr edit --body-file`). GitHub-flavoured Markdown task lists.

use crate::model::{self, Parsed};
use crate::store::Revision;
use crate::story::StoryId;

/// Renders the PR description of one checkpoint revision as Markdown: `## Summary` (title, story,
/// goal), `## Tasks done` (checked task-list items), `## Key decisions`, `## Remaining work`
/// (unchecked items and the next action), then a rule and link lines (source, branch, the
/// checkpoint ref with revision and commit). Lists that are empty say `None.`. Unknown markers
/// are left out; duplicate sections ([`Parsed::left_out`]) are named in a quoted line after
/// `## Remaining work`. Ends with a newline.
pub fn render(story: &StoryId, refname: &str, rev: &Revision, parsed: &Parsed) -> String {
    let d = &parsed.doc;
    let known = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != model::UNKNOWN)
            .map(str::to_string)
    };
    let mut s = String::from("## Summary\n\n");
    let title = known(&d.title).or_else(|| known(&rev.meta.title));
    match title {
        Some(t) => s.push_str(&format!("**{t}** (story {})\n", story.display())),
        None => s.push_str(&format!("Story {}\n", story.display())),
    }
    if let Some(goal) = known(&d.goal) {
        s.push_str(&format!("\n{goal}\n"));
    }
    let list = |s: &mut String, heading: &str, items: Vec<String>| {
        s.push_str(&format!("\n## {heading}\n\n"));
        if items.is_empty() {
            s.push_str("None.\n");
        }
        for i in items {
            s.push_str(&i);
            s.push('\n');
        }
    };
    list(
        &mut s,
        "Tasks done",
        d.tasks_done
            .iter()
            .map(|t| format!("- [x] {}", t.text))
            .collect(),
    );
    list(
        &mut s,
        "Key decisions",
        d.decisions.iter().map(|t| format!("- {t}")).collect(),
    );
    let mut remaining: Vec<String> = d
        .tasks_remaining
        .iter()
        .map(|t| format!("- [ ] {}", t.text))
        .collect();
    if let Some(next) = known(&d.next_action) {
        if !remaining.is_empty() {
            remaining.push(String::new());
        }
        remaining.push(format!("**Next:** {next}"));
    }
    list(&mut s, "Remaining work", remaining);
    if !parsed.left_out.is_empty() {
        s.push_str(&format!(
            "\n> Left out of this summary: the duplicate {} {} of the checkpoint; `git checkpoint resume {}` shows them.\n",
            if parsed.left_out.len() == 1 { "section" } else { "sections" },
            parsed.left_out.join(", "),
            story.as_str()
        ));
    }
    s.push_str("\n---\n\n");
    if let Some(source) = known(&d.source) {
        s.push_str(&format!("Source: {source}  \n"));
    }
    if let Some(branch) = known(&d.branch).or_else(|| rev.meta.branch.clone()) {
        s.push_str(&format!("Branch: `{}`  \n", branch.trim_matches('`')));
    }
    s.push_str(&format!(
        "Checkpoint: `{refname}` revision {} (`{}`), read with `git checkpoint resume {}`\n",
        rev.summary.revision,
        &rev.summary.commit.to_string()[..12],
        story.as_str()
    ));
    s
}
