//! Custom templates: a repository skeleton (`.checkpoint/templates/<name>.md`, one `## Heading`
//! per section) or a git config list (`checkpoint.<name>.sections`). Not from a seed: the seeds
//! ask for "customisation of emphasis" (seed 001) and a "Template Notes" section that is not
//! part of the document (seed 000); each declared section maps to the document field its
//! heading names (the synonyms are the seeds' own headings) or is kept as text.
//!
//! Owns the template definition, finding it in the working tree or config, and its codec.

use super::base::Saving;
use super::slots::{fill_sections, header_title, render_slot, slot_for, Slot};
use crate::error::{Error, Result};
use crate::model::sections::{key_value, norm, one_line, one_line_or, split};
use crate::model::{heading, Document, Gap, Parsed, UNKNOWN};
use crate::store::Store;
use std::fmt::Write;

/// A custom template: its name and declared sections, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Custom {
    /// The template's name (`review`).
    pub name: String,
    /// Its sections in order.
    pub sections: Vec<SectionSpec>,
}

/// One declared section of a custom template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionSpec {
    /// The heading as it is rendered.
    pub heading: String,
    /// Whether a missing or empty section lowers confidence.
    pub required: bool,
}

impl Custom {
    /// A custom template from a markdown skeleton (`.checkpoint/templates/<name>.md`): every
    /// level-2 heading is a section, required unless its text ends with `(optional)`.
    pub fn from_skeleton(name: &str, markdown: &str) -> Custom {
        let sp = split(&markdown.replace("\r\n", "\n"));
        let sections = sp
            .blocks
            .iter()
            .filter(|b| b.level == 2)
            .map(|b| spec(&b.name))
            .collect();
        Custom {
            name: name.to_string(),
            sections,
        }
    }

    /// A custom template from a comma-separated list (`checkpoint.<name>.sections`).
    pub fn from_list(name: &str, list: &str) -> Custom {
        Custom {
            name: name.to_string(),
            sections: list
                .split([',', ';'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(spec)
                .collect(),
        }
    }
}

fn spec(heading: &str) -> SectionSpec {
    let h = heading.trim();
    let lower = h.to_lowercase();
    match lower.strip_suffix("(optional)") {
        Some(_) => SectionSpec {
            heading: h[..h.len() - "(optional)".len()].trim().to_string(),
            required: false,
        },
        None => SectionSpec {
            heading: h.to_string(),
            required: true,
        },
    }
}

impl Custom {
    /// The headings of the required sections, in order, for help and error messages.
    pub fn required_sections(&self) -> Vec<String> {
        self.sections
            .iter()
            .filter(|s| s.required)
            .map(|s| s.heading.clone())
            .collect()
    }

    /// Renders `doc`: an H1 `Checkpoint: <story> — <title>`, `**Template:**`, `**Last
    /// updated:**` and `**Written by:**` lines, then one `## <heading>` per declared section in
    /// order, each filled from the field its heading names (the seeds' headings and their synonyms) or from the
    /// document's extra section of that heading. Without a next-action section, the remaining
    /// todos carry a `**Next action:**` line. UTF-8 markdown, LF, one trailing newline.
    pub fn render(&self, doc: &Document) -> String {
        render(self, doc)
    }

    /// Parses `input` with this template's sections. Never fails: a missing, empty or
    /// duplicate declared section and every `[unknown …]` marker are gaps; undeclared
    /// sections are listed as ignored.
    pub fn parse(&self, input: &[u8]) -> Parsed {
        super::base::parse_with(input, |text, p| read(self, text, p))
    }
}

fn render(c: &Custom, doc: &Document) -> String {
    let mut out = String::new();
    let story = one_line_or(doc.story.as_deref(), UNKNOWN);
    heading(
        &mut out,
        &story,
        doc.title.as_deref().map(one_line).as_deref(),
    );
    let _ = writeln!(out, "**Template:** {}", c.name);
    if let Some(l) = &doc.last_updated {
        let _ = writeln!(out, "**Last updated:** {}", one_line(l));
    }
    if let Some(w) = &doc.written_by {
        let _ = writeln!(out, "**Written by:** {}", one_line(w));
    }
    let has_next = c
        .sections
        .iter()
        .any(|s| slot_for(&s.heading) == Slot::NextAction);
    for s in &c.sections {
        let _ = writeln!(out, "\n## {}\n", s.heading);
        render_slot(&mut out, slot_for(&s.heading), &s.heading, doc, !has_next);
    }
    out
}

fn read(c: &Custom, text: &str, p: &mut Parsed) {
    let sp = split(text);
    let mut candidates = Vec::new();
    for b in &sp.blocks {
        if b.level == 1 {
            let (story, title) = header_title(&b.name, &["Checkpoint"]);
            p.doc.story = story;
            p.doc.title = title;
            for l in b.body.lines() {
                if let Some((k, v)) = key_value(l) {
                    match norm(&k).as_str() {
                        "last updated" => p.doc.last_updated = Some(v),
                        "written by" => p.doc.written_by = Some(v),
                        _ => {}
                    }
                }
            }
        } else {
            candidates.push(b);
        }
    }
    if c.sections.is_empty() {
        p.gaps.push(Gap::template(format!(
            "template '{}' declares no sections",
            c.name
        )));
    }
    let declared: Vec<(String, Slot, bool)> = c
        .sections
        .iter()
        .map(|s| (s.heading.clone(), slot_for(&s.heading), s.required))
        .collect();
    fill_sections(&declared, &candidates, p);
}

/// On every save: `last_updated` as `YYYY-MM-DD HH:MM` local time, as for `pair`.
pub fn fill_for_save(doc: &mut Document, saving: &Saving<'_>) {
    doc.last_updated = Some(super::base::minute_stamp(&saving.now));
}

/// Whether `name` may name a custom template: 1 to 40 lowercase ASCII letters, digits, `-`
/// and `_`, not starting with `-` (it becomes a file name and a config key).
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && !name.starts_with('-')
}

/// Finds the custom template `name`: `.checkpoint/templates/<name>.md` in the working tree
/// first, then `checkpoint.<name>.sections` in git config.
///
/// # Errors
/// [`Error::Template`] for a malformed name, a skeleton that declares no sections, or a name
/// defined nowhere; [`Error::Read`] when the skeleton exists but cannot be read.
pub fn find(store: &Store, name: &str) -> Result<Custom> {
    if !valid_name(name) {
        return Err(Error::Template {
            name: name.to_string(),
            reason: "template names use lowercase ASCII letters, digits, '-' and '_'".into(),
        });
    }
    if let Some(root) = store.workdir() {
        let path = root
            .join(".checkpoint")
            .join("templates")
            .join(format!("{name}.md"));
        if path.is_file() {
            let text = std::fs::read(&path).map_err(|cause| Error::Read {
                path: path.clone(),
                cause,
            })?;
            let custom = Custom::from_skeleton(name, &String::from_utf8_lossy(&text));
            if custom.sections.is_empty() {
                return Err(Error::Template {
                    name: name.to_string(),
                    reason: format!(
                        "{} declares no sections; add one `## Heading` line per section",
                        path.display()
                    ),
                });
            }
            return Ok(custom);
        }
    }
    if let Some(list) = store.config_string(&format!("checkpoint.{name}.sections")) {
        let custom = Custom::from_list(name, &list);
        if !custom.sections.is_empty() {
            return Ok(custom);
        }
    }
    Err(Error::Template {
        name: name.to_string(),
        reason: format!(
            "built-in templates are pair, team, pm and gstack; define '{name}' in .checkpoint/templates/{name}.md (one `## Heading` per section) or with `git config checkpoint.{name}.sections \"Summary, Next action\"`"
        ),
    })
}

/// A stand-in for a custom template that can no longer be found: its sections are the stored
/// document's own level-2 headings, none required, so the document still parses.
pub fn from_document(name: &str, document: &str) -> Custom {
    let headings: Vec<String> = document
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .map(|h| format!("{h} (optional)"))
        .collect();
    Custom::from_list(name, &headings.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::tests::{render_and_reparse, sample};
    use crate::formats::Format;

    #[test]
    fn custom_sections_are_required_and_mapped() {
        let c = Custom::from_skeleton(
            "review",
            "# x\n## Summary\n## Risks\n## Next action\n## Notes (optional)\n",
        );
        assert_eq!(c.sections.len(), 4);
        assert!(!c.sections[3].required);
        let t = Format::Custom(c);
        let mut d = sample();
        d.sections = vec![("Risks".into(), "- data loss".into())];
        let (text, back) = render_and_reparse(&t, &d);
        assert_eq!(back.next_action, d.next_action);
        let cut = text.replace("## Risks", "## Other");
        let p = t.parse(cut.as_bytes());
        assert_eq!(p.gap_sentences(), ["missing section 'Risks'"]);
    }
}
