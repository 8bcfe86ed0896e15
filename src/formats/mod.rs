//! Checkpoint formats (templates): how a [`Document`] is laid out as markdown and read back,
//! one module per format, behind the one [`Format`] enum that dispatches to them.
//!
//! | format | source | files |
//! | --- | --- | --- |
//! | [`pair`] (default) | seed 000 (`000_35a543d1a3795e07.txt`) | `.pair/working/checkpoints/<story>.md` |
//! | [`team`] | seed 001 (`001_fd10b1b00286d466.txt`) | `working-context.md` + `completed.md` |
//! | [`pm`] | seed 003 (`003_2905a4ea30828264.txt`) | `NOW.md` + `STACK.md` |
//! | [`gstack`] | seed 004 (`004_f995de0d9190175c.txt`) | `<YYYYMMDD>-<HHMMSS>-<slug>.md` |
//! | [`custom`] | `.checkpoint/templates/<name>.md` or `checkpoint.<name>.sections` | — |
//!
//! Every format's `parse` reports each missing, empty or unfilled required section as a gap,
//! so `resume` judges confidence the same way for all of them. Parsing never fails or panics.
//! This module owns the formats' codecs and their per-format rules; it writes no ref and no
//! file (the operations do).

mod base;
pub mod custom;
pub mod dropped;
pub mod extras;
pub mod gstack;
pub mod import;
pub mod pair;
mod plan;
pub mod pm;
pub mod pr;
mod slots;
pub mod team;

pub use base::{parse_time, Saving};
pub use custom::{Custom, SectionSpec};

use crate::error::Result;
use crate::model::{Confidence, Document, Parsed};
use crate::store::{Revision, Store};
use crate::story::StoryId;

/// Names of the built-in formats, in the order help lists them.
pub const BUILTIN: [&str; 4] = ["pair", "team", "pm", "gstack"];

/// A checkpoint format: one of the four built-in templates or a custom one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Format {
    /// The default five sections (seed 000), see [`pair`].
    Pair,
    /// Seed 001's working context: Part A snapshot + Part B journal, see [`team`].
    Team,
    /// Seed 003's `NOW.md`, see [`pm`].
    Pm,
    /// Seed 004's front matter + four sections, see [`gstack`].
    Gstack,
    /// A repository- or config-defined template, see [`custom`].
    Custom(Custom),
}

impl Format {
    /// The built-in format called `name` (`pair`, `team`, `pm`, `gstack`; exact, lowercase),
    /// or `None`.
    pub fn builtin(name: &str) -> Option<Format> {
        match name {
            "pair" => Some(Format::Pair),
            "team" => Some(Format::Team),
            "pm" => Some(Format::Pm),
            "gstack" => Some(Format::Gstack),
            _ => None,
        }
    }

    /// The format's name as recorded in `meta.json` and the `Checkpoint-Template` trailer.
    pub fn name(&self) -> &str {
        match self {
            Format::Pair => "pair",
            Format::Team => "team",
            Format::Pm => "pm",
            Format::Gstack => "gstack",
            Format::Custom(c) => &c.name,
        }
    }

    /// The headings (and, for `pm`, fields) this format requires, in order, for help and
    /// error messages.
    pub fn required_sections(&self) -> Vec<String> {
        match self {
            Format::Pair => pair::required_sections(),
            Format::Team => team::required_sections(),
            Format::Pm => pm::required_sections(),
            Format::Gstack => gstack::required_sections(),
            Format::Custom(c) => c.required_sections(),
        }
    }

    /// What `import` reads as this format, one line for help (empty for a custom template,
    /// which `import` does not read).
    pub fn files_read(&self) -> &'static str {
        match self {
            Format::Pair => pair::FILES_READ,
            Format::Team => team::FILES_READ,
            Format::Pm => pm::FILES_READ,
            Format::Gstack => gstack::FILES_READ,
            Format::Custom(_) => "",
        }
    }

    /// What `export` writes in this format, one line for help (empty for a custom template,
    /// which `export` does not write).
    pub fn files_written(&self) -> &'static str {
        match self {
            Format::Pair => pair::FILES_WRITTEN,
            Format::Team => team::FILES_WRITTEN,
            Format::Pm => pm::FILES_WRITTEN,
            Format::Gstack => gstack::FILES_WRITTEN,
            Format::Custom(_) => "",
        }
    }

    /// Renders `doc` in this format: UTF-8 markdown, LF line endings, one trailing newline.
    /// [`Format::parse`] reads it back to the same fields.
    pub fn render(&self, doc: &Document) -> String {
        // What the template has no place for follows it in the "Also recorded" block.
        let text = self.render_template(doc);
        let back = self.parse_template(text.as_bytes()).doc;
        extras::append(text, doc, &back)
    }

    /// The template's own rendering of `doc`, without the "Also recorded" block.
    fn render_template(&self, doc: &Document) -> String {
        // Pair renders its own front matter (the model's renderer is also the merge's);
        // gstack's front matter is its fields.
        let own = |body: String| format!("{}{body}", crate::model::front_matter(doc));
        match self {
            Format::Pair => pair::render(doc),
            Format::Team => own(team::render(doc)),
            Format::Pm => own(pm::render(doc)),
            Format::Gstack => gstack::render(doc),
            Format::Custom(c) => own(c.render(doc)),
        }
    }

    /// Parses `input` (any bytes; invalid UTF-8 is replaced and reported) as this format;
    /// gaps name what is missing, empty or unfilled. Never fails.
    pub fn parse(&self, input: &[u8]) -> Parsed {
        let (body, block) = extras::split(input);
        let Some(block) = block else {
            return self.parse_template(input);
        };
        let mut parsed = self.parse_template(body);
        let block = String::from_utf8_lossy(block).replace("\r\n", "\n");
        for (key, value) in extras::apply(&mut parsed.doc, &block) {
            let place = crate::model::Place::in_section("Also recorded", key);
            parsed.gaps.push(crate::model::Gap::conflict(place, &value));
            parsed.confidence = Confidence::NeedsConfirmation;
        }
        if !parsed.text.ends_with('\n') {
            parsed.text.push('\n');
        }
        parsed.text = format!("{}\n{}{block}", parsed.text, extras::MARKER);
        parsed
    }

    /// The template's own parse, without the "Also recorded" block.
    fn parse_template(&self, input: &[u8]) -> Parsed {
        let own = |mut p: Parsed| {
            p.doc.front_matter =
                crate::model::sections::front_matter(&p.text).map(|(fm, _)| fm.to_string());
            p
        };
        let mut p = match self {
            Format::Pair => return pair::parse(input),
            Format::Team => own(team::parse(input)),
            Format::Pm => own(pm::parse(input)),
            Format::Gstack => gstack::parse(input),
            Format::Custom(c) => own(c.parse(input)),
        };
        understood_as_people_write(&mut p);
        p
    }
}

/// What the template left unread and the vocabulary of names people write reads
/// ([`crate::model::parse`]): the next action and the branch when the template found none,
/// and the tasks and decisions when it found none of them (a `NOW.md` with `## Next 3
/// Actions`, a `working-context.md` not in the seed's form). Nothing the template read is
/// changed, so its own documents read back as they were written.
fn understood_as_people_write(p: &mut Parsed) {
    let d = &p.doc;
    let nothing = d.tasks_done.is_empty() && d.tasks_remaining.is_empty() && d.decisions.is_empty();
    if d.next_action.is_some() && d.branch.is_some() && !nothing {
        return;
    }
    let read = crate::model::parse(p.text.as_bytes()).doc;
    let d = &mut p.doc;
    if d.next_action.is_none() {
        d.next_action = read.next_action;
    }
    if d.branch.is_none() {
        d.branch = read.branch;
    }
    if nothing {
        d.tasks_done = read.tasks_done;
        d.tasks_remaining = read.tasks_remaining;
        d.decisions = read.decisions;
        if d.open_questions.is_empty() {
            d.open_questions = read.open_questions;
        }
    }
}

impl Format {
    /// Fills in what this format records on every save, after the content flags were applied
    /// to `doc`: `last_updated` always (`YYYY-MM-DD HH:MM` local for pair, pm and custom; RFC
    /// 3339 with the local offset for team and gstack, as their seeds write it), and the
    /// format's own defaults (see each module's `fill_for_save`).
    pub fn fill_for_save(&self, doc: &mut Document, saving: &Saving<'_>) {
        match self {
            Format::Pair => pair::fill_for_save(doc, saving),
            Format::Team => team::fill_for_save(doc, saving),
            Format::Pm => pm::fill_for_save(doc, saving),
            Format::Gstack => gstack::fill_for_save(doc, saving),
            Format::Custom(_) => custom::fill_for_save(doc, saving),
        }
    }
}

/// A checkpoint written as another system's files, as [`Format::export`] returns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// The format's own file (UTF-8 markdown, LF line endings).
    pub document: String,
    /// Seed 001's `completed.md` from the completion log (`team` only; may be empty).
    pub completed_md: Option<String>,
    /// Seed 003's `STACK.md` from the stack ref, top first (`pm` only, when stories are
    /// stacked).
    pub stack_md: Option<String>,
    /// Duplicate sections of the stored document that the export leaves out
    /// ([`Parsed::left_out`]); empty when the document is written as stored.
    pub left_out: Vec<String>,
    /// What the target format cannot hold of the stored document ([`dropped::dropped`]), in
    /// the document's order; empty when the document is written as stored.
    pub dropped: Vec<dropped::Dropped>,
}

impl Exported {
    /// The file written beside the document with `export -o`, as (file name, text): team's
    /// `completed.md` when the completion log is not empty, pm's `STACK.md` when stories are
    /// stacked; else `None`.
    pub fn beside(&self) -> Option<(&'static str, &str)> {
        let completed = self
            .completed_md
            .as_deref()
            .filter(|c| !c.is_empty())
            .map(|c| (team::COMPLETED_FILE_NAME, c));
        completed.or_else(|| {
            self.stack_md
                .as_deref()
                .map(|s| (crate::stack::STACK_MD, s))
        })
    }
}

impl Format {
    /// Writes revision `rev` of `story` in this format. A revision written in this same
    /// format is returned as stored (nothing lost or reflowed); otherwise it is parsed with
    /// its own format, missing story, branch and title are taken from `meta.json`, the
    /// format adds what its system expects (see each module's `fill_for_export`), and it is
    /// rendered; what the rendered file, read back with this format, lost is
    /// [`Exported::dropped`]. `team` also returns `completed.md`, `pm` the stack as `STACK.md` when stories
    /// are stacked.
    ///
    /// # Errors
    /// Storage errors reading the story's history (`team` rebuilds its journal from it) or
    /// the stack (`pm`).
    pub fn export(&self, store: &Store, story: &StoryId, rev: &Revision) -> Result<Exported> {
        let completed_md =
            (*self == Format::Team).then(|| team::render_completed_md(&rev.meta.completed));
        let stack_md = match self {
            Format::Pm => {
                let (_, mut stack) = crate::stack::read(store)?;
                for e in &mut stack.entries {
                    pm::complete_from_checkpoint(store, e, parse_revision);
                }
                (!stack.entries.is_empty()).then(|| pm::render_stack(&stack))
            }
            _ => None,
        };
        let source = rev.meta.template.as_str();
        if self.name() == source {
            return Ok(Exported {
                document: rev.document.clone(),
                completed_md,
                stack_md,
                left_out: Vec::new(),
                dropped: Vec::new(),
            });
        }
        let parsed = parse_revision(store, rev);
        let left_out = parsed.left_out;
        let ignored = parsed.ignored_sections;
        let mut d = parsed.doc;
        if d.story.is_none() {
            d.story = Some(story.display());
        }
        if d.branch.is_none() {
            d.branch = rev.meta.branch.clone();
        }
        if d.title.is_none() {
            d.title = rev.meta.title.clone();
        }
        match self {
            Format::Team => team::fill_for_export(&mut d, store, story, rev)?,
            Format::Pm => pm::fill_for_export(&mut d, rev),
            Format::Gstack => gstack::fill_for_export(&mut d, rev),
            Format::Pair | Format::Custom(_) => {}
        }
        let document = self.render(&d);
        // What the file written keeps is what the target format reads back from it.
        let back = self.parse(document.as_bytes()).doc;
        let dropped = dropped::dropped(&d, &back, &ignored);
        Ok(Exported {
            document,
            completed_md,
            stack_md,
            left_out,
            dropped,
        })
    }

    /// The file name this format's system gives revision `rev` of `story`: pair
    /// `<story>.md` with the story as written (seed 000 keeps it under
    /// `.pair/working/checkpoints/`), team
    /// `working-context.md`, pm `NOW.md`, gstack `<YYYYMMDD>-<HHMMSS>-<title-slug>.md` from the
    /// revision's commit time in its own offset; a custom template `<story>.md`.
    pub fn file_name(&self, story: &StoryId, rev: &Revision) -> String {
        match self {
            Format::Pair | Format::Custom(_) => format!("{}.md", story.shown()),
            Format::Team => team::FILE_NAME.into(),
            Format::Pm => pm::FILE_NAME.into(),
            Format::Gstack => gstack::file_name(story, rev),
        }
    }
}

/// The format new checkpoints use: `checkpoint.template` (trimmed, when not empty), else
/// `pair`.
pub fn default_name(store: &Store) -> String {
    store.config().template().trim().to_string()
}

/// Loads the format called `name`: built in, then `.checkpoint/templates/<name>.md` in the
/// working tree, then `checkpoint.<name>.sections` (comma-separated headings; a heading ending
/// in `(optional)` is not required); see [`custom::find`].
///
/// # Errors
/// [`crate::Error::Template`] for a malformed name or one that is defined nowhere;
/// [`crate::Error::Read`] when the skeleton file exists but cannot be read.
pub fn load(store: &Store, name: &str) -> Result<Format> {
    match Format::builtin(name) {
        Some(f) => Ok(f),
        None => custom::find(store, name).map(Format::Custom),
    }
}

/// The format a stored revision was written with (`meta.json`'s `template`, `pair` when
/// empty).
///
/// A custom template that can no longer be found is replaced by one whose sections are the
/// document's own level-2 headings ([`custom::from_document`]), and the returned note says
/// why it could not be loaded.
pub fn of_revision(store: &Store, rev: &Revision) -> (Format, Option<String>) {
    let name = if rev.meta.template.is_empty() {
        "pair"
    } else {
        rev.meta.template.as_str()
    };
    match load(store, name) {
        Ok(t) => (t, None),
        Err(e) => (
            Format::Custom(custom::from_document(name, &rev.document)),
            Some(e.chain().to_string()),
        ),
    }
}

/// Parses a stored revision with its own format ([`of_revision`]); a custom template that
/// can no longer be found is a gap. Never fails.
pub fn parse_revision(store: &Store, rev: &Revision) -> Parsed {
    let (t, note) = of_revision(store, rev);
    let mut p = t.parse(rev.document.as_bytes());
    if let Some(n) = note {
        p.gaps.push(crate::model::Gap::template(n));
        p.confidence = Confidence::NeedsConfirmation;
    }
    p
}

#[cfg(test)]
pub(crate) mod tests {
    use super::Format;
    use crate::model::{Document, Task};

    /// Renders `d` in `format` and parses the text back, asserting the parse found no gaps;
    /// returns the text and the document read from it.
    pub(crate) fn render_and_reparse(format: &Format, d: &Document) -> (String, Document) {
        let text = format.render(d);
        let p = format.parse(text.as_bytes());
        assert_eq!(p.gap_sentences(), Vec::<String>::new(), "{text}");
        (text, p.doc)
    }

    /// A document with every field the formats read.
    pub(crate) fn sample() -> Document {
        Document {
            story: Some("R-007".into()),
            title: Some("Rate limiting".into()),
            goal: Some("Protect the public API from bursts.".into()),
            branch: Some("feature/r-007-rate-limit".into()),
            tasks_done: vec![Task {
                text: "T1 — token bucket".into(),
                done: true,
            }],
            tasks_remaining: vec![Task {
                text: "T2 — burst test".into(),
                done: false,
            }],
            decisions: vec!["Token bucket over fixed window: bursts must pass".into()],
            next_action: Some("make the burst test pass".into()),
            last_updated: Some("2026-07-16T14:30:00Z".into()),
            stage: Some("execute".into()),
            status: Some("active".into()),
            stopped_at: Some("T1 merged".into()),
            start_with: Some("cargo test rate_limit::burst".into()),
            done_when: vec![Task {
                text: "`cargo test rate_limit` passes".into(),
                done: false,
            }],
            open_questions: vec!["Which limit for internal callers?".into()],
            context: vec!["Staging Redis is shared; use db 5".into()],
            files: vec!["src/limit.rs".into()],
            ..Document::default()
        }
    }

    #[test]
    fn seed_timestamps() {
        use super::parse_time;
        assert_eq!(parse_time("2026-07-16T14:30:00Z"), Some((1_784_212_200, 0)));
        assert_eq!(parse_time("2026-07-16 14:30"), Some((1_784_212_200, 0)));
        assert_eq!(parse_time("2026-07-16"), Some((1_784_160_000, 0)));
        // +0800 (no colon) is 8 hours east, never midnight UTC.
        assert_eq!(
            parse_time("2026-06-02T14:45:56+0800"),
            Some((1_780_382_756, 8 * 3600))
        );
        assert_eq!(
            parse_time("2026-06-02T14:45:56+08:00"),
            parse_time("2026-06-02T14:45:56+0800")
        );
        assert!(super::base::lacks_offset("2026-06-02 14:45"));
        assert!(!super::base::lacks_offset("2026-06-02T14:45:56+0800"));
        assert!(!super::base::lacks_offset("2026-06-02T14:45:56Z"));
        assert_eq!(parse_time("yesterday"), None);
    }

    #[test]
    fn garbage_never_panics() {
        use super::Format;
        use crate::model::Confidence;
        for t in [Format::Team, Format::Pm, Format::Gstack] {
            for s in [
                "",
                "---",
                "---\n",
                "# NOW\n- Item:",
                "### x\n- Checkpoint:\n  -",
                "## Part B\n### —",
            ] {
                let p = t.parse(s.as_bytes());
                assert_eq!(p.confidence, Confidence::NeedsConfirmation, "{s:?}");
            }
        }
        let _ = super::pm::parse_stack_md(b"### \n- Done when:\n");
    }
}
