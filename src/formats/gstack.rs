//! The `gstack` template, seed 004 (`004_f995de0d9190175c.txt`, gstack "checkpoint"):
//! timestamped files `<YYYYMMDD>-<HHMMSS>-<title-slug>.md` with YAML front matter (status,
//! branch, timestamp, session_duration_s, files_modified) and the sections Summary, Decisions
//! Made, Remaining Work and Notes.
//!
//! Owns the codec, a new gstack checkpoint's defaults (status `in-progress`, the changed files
//! as files_modified), how its files are imported (each file a revision, in timestamp order)
//! and exported (a timestamped file name). Writes nothing itself.

use super::base::Saving;
use super::plan::{check_parsed, planned, story_of, Planned};
use super::slots::{all_required, fill_sections, render_slot, Slot};
use crate::error::Result;
use crate::model::sections::{norm, one_line, one_line_or, split, value};
use crate::model::{Document, Gap, Parsed, Place, UNKNOWN};
use crate::store::Revision;
use crate::story::StoryId;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// What `import --format gstack` reads, one line for help.
pub const FILES_READ: &str = "The gstack format's timestamped checkpoint files";

/// What `export --format gstack` writes, one line for help.
pub const FILES_WRITTEN: &str = "A timestamped checkpoint file with front matter";

/// The four sections in seed 004's order, with the document field each holds.
const SECTIONS: [(&str, Slot); 4] = [
    ("Summary", Slot::Goal),
    ("Decisions Made", Slot::Decisions),
    ("Remaining Work", Slot::RemainingNumbered),
    ("Notes", Slot::Context),
];

/// Before exporting another format's revision as gstack: the timestamp is the revision's
/// commit time, files_modified the changed files `meta.json` recorded (when the document
/// has none), and the status `completed` for a done story, else `in-progress` (when the
/// document has none, or pm's status, which means something else).
pub(super) fn fill_for_export(d: &mut Document, rev: &Revision) {
    let source = rev.meta.template.as_str();
    if source != "gstack" {
        d.last_updated = Some(crate::time::rfc3339(rev.summary.time, rev.summary.offset));
    }
    if d.files.is_empty() {
        d.files = rev
            .meta
            .files_modified
            .iter()
            .map(|f| f.path.clone())
            .collect();
        d.files.dedup();
    }
    if d.status.is_none() || source == "pm" {
        d.status = Some(
            if rev.meta.status == crate::store::Status::Done {
                "completed"
            } else {
                "in-progress"
            }
            .into(),
        );
    }
}

/// Seed 004's file name for revision `rev`: `<YYYYMMDD>-<HHMMSS>-<title-slug>.md`, a gstack
/// document's own front matter timestamp, else the commit time, in its own offset (seed 004 stamps with `date +%Y%m%d-%H%M%S`, local time)
/// and the title (else the story id) lowercased, every run of characters other than ASCII
/// letters and digits one `-`.
pub fn file_name(story: &StoryId, rev: &Revision) -> String {
    // An imported file's commit keeps its timestamp's offset, so its name comes back as is; a
    // gstack document's own timestamp wins over a later commit that kept it (`done`'s).
    let own = (rev.meta.template == "gstack")
        .then(|| {
            rev.document
                .lines()
                .take_while(|l| !l.starts_with("## "))
                .find_map(|l| l.strip_prefix("timestamp:"))
                .and_then(super::base::parse_time)
        })
        .flatten();
    let (time, offset) = own.unwrap_or((rev.summary.time, rev.summary.offset));
    let t = chrono::DateTime::from_timestamp(time, 0)
        .unwrap_or_default()
        .with_timezone(
            &chrono::FixedOffset::east_opt(offset)
                .unwrap_or_else(|| chrono::FixedOffset::east_opt(0).expect("0 is a valid offset")),
        );
    let title = rev.meta.title.clone().unwrap_or_else(|| story.to_string());
    let slug = super::base::slug(&title, |c| c.is_ascii_alphanumeric());
    format!("{}-{slug}.md", t.format("%Y%m%d-%H%M%S"))
}

/// On every save: status `in-progress` unless the document has one, `files_modified` from the
/// changed files git reports (consecutive duplicates dropped), and the timestamp as RFC 3339
/// with the local offset (seed 004's front matter).
pub fn fill_for_save(doc: &mut Document, saving: &Saving<'_>) {
    if doc.status.is_none() {
        doc.status = Some("in-progress".into());
    }
    doc.files = saving.state.files.iter().map(|f| f.path.clone()).collect();
    doc.files.dedup();
    doc.last_updated = Some(super::base::local_rfc3339(&saving.now));
}

/// The headings the template requires, for help and error messages.
pub fn required_sections() -> Vec<String> {
    SECTIONS.iter().map(|s| s.0.to_string()).collect()
}

/// Renders `doc` as a seed 004 checkpoint file: YAML front matter (status, default
/// `in-progress`; branch; timestamp; session_duration_s when known; files_modified), then
/// `## Working on: <title>` and the sections Summary, Decisions Made, Remaining Work (numbered,
/// the next action first) and Notes. UTF-8 markdown, LF line endings, one trailing newline;
/// [`parse`] reads it back.
pub fn render(doc: &Document) -> String {
    let mut out = String::from("---\n");
    for (key, value, default) in [
        ("status", &doc.status, "in-progress"),
        ("branch", &doc.branch, UNKNOWN),
        ("timestamp", &doc.last_updated, UNKNOWN),
    ] {
        let _ = writeln!(out, "{key}: {}", one_line_or(value.as_deref(), default));
    }
    if let Some(s) = doc.session_duration_s {
        let _ = writeln!(out, "session_duration_s: {s}");
    }
    if doc.files.is_empty() {
        out.push_str("files_modified: []\n");
    } else {
        out.push_str("files_modified:\n");
        for f in &doc.files {
            let _ = writeln!(out, "  - {}", one_line(f));
        }
    }
    out.push_str("---\n\n");
    let _ = writeln!(
        out,
        "## Working on: {}",
        one_line_or(doc.title.as_deref(), UNKNOWN)
    );
    for (heading, slot) in SECTIONS {
        let _ = writeln!(out, "\n### {heading}\n");
        render_slot(&mut out, slot, heading, doc, false);
    }
    out
}

/// Reads the YAML subset gstack writes: `key: value` and `key:` followed by `  - item` lines.
fn front_matter(fm: &str) -> Vec<(String, String, Vec<String>)> {
    let mut out: Vec<(String, String, Vec<String>)> = Vec::new();
    for line in fm.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some(item) = t.strip_prefix("- ") {
            if let Some(last) = out.last_mut() {
                last.2.push(unquote(item));
            }
            continue;
        }
        if let Some((k, v)) = t.split_once(':') {
            let v = v.trim();
            let v = if v == "[]" { "" } else { v };
            out.push((k.trim().to_string(), unquote(v), Vec::new()));
        }
    }
    out
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    for q in ['"', '\''] {
        if let Some(x) = s.strip_prefix(q).and_then(|x| x.strip_suffix(q)) {
            return x.to_string();
        }
    }
    s.to_string()
}

/// Parses a seed 004 checkpoint file. Never fails: missing front matter or one of its keys
/// (status, branch, timestamp), a `session_duration_s` that is not a number, a missing
/// `Working on:` heading and a missing or empty section are gaps.
pub fn parse(input: &[u8]) -> Parsed {
    super::base::parse_with(input, read)
}

fn read(text: &str, p: &mut Parsed) {
    let sp = split(text);
    match &sp.front_matter {
        None => p
            .gaps
            .push(Gap::missing_front_matter("status, branch, timestamp")),
        Some(fm) => {
            let kv = front_matter(fm);
            let get = |k: &str| kv.iter().find(|(key, _, _)| key == k);
            for want in ["status", "branch", "timestamp"] {
                if get(want).is_none() {
                    p.gaps.push(Gap::front_matter_key(want));
                }
            }
            p.doc.status =
                get("status").and_then(|x| value(Some(&x.1), Place::field("status"), &mut p.gaps));
            p.doc.branch =
                get("branch").and_then(|x| value(Some(&x.1), Place::field("branch"), &mut p.gaps));
            p.doc.last_updated = get("timestamp")
                .and_then(|x| value(Some(&x.1), Place::field("timestamp"), &mut p.gaps));
            if let Some((_, v, _)) = get("session_duration_s") {
                match v.parse() {
                    Ok(n) => p.doc.session_duration_s = Some(n),
                    Err(_) => p.gaps.push(Gap::not_a_number("session_duration_s", v)),
                }
            }
            if let Some((_, _, files)) = get("files_modified") {
                p.doc.files = files.clone();
            }
        }
    }
    let mut title_seen = false;
    let mut candidates = Vec::new();
    for b in &sp.blocks {
        let n = norm(&b.name);
        if b.level <= 2 && n.starts_with("working on") {
            title_seen = true;
            let t = b.name.split_once(':').map_or("", |x| x.1).trim();
            p.doc.title = value(Some(t), Place::field("Working on"), &mut p.gaps);
        } else {
            candidates.push(b);
        }
    }
    if !title_seen {
        p.gaps.push(Gap::missing_heading("Working on: <title>"));
    }
    let declared = all_required(&SECTIONS);
    fill_sections(&declared, &candidates, p);
}

/// A gstack file read for import: its timestamp (seconds, offset), path and parsed content.
pub(super) type File = (Option<(i64, i32)>, PathBuf, Parsed);

/// Whether `import` recognises `text` as a seed 004 file: front matter with a timestamp.
pub(super) fn is_checkpoint_file(text: &str) -> bool {
    text.starts_with("---") && text.contains("\ntimestamp:")
}

/// Parses a seed 004 file for [`import_files`].
///
/// # Errors
/// [`crate::Error::NothingToImport`] when the file holds nothing gstack can read.
pub(super) fn read_file(path: &Path, text: &str) -> Result<File> {
    let mut p = parse(text.as_bytes());
    check_parsed(&p, path)?;
    if let Some(t) = p
        .doc
        .last_updated
        .as_deref()
        .filter(|t| super::base::lacks_offset(t))
    {
        p.warnings.push(format!(
            "timestamp '{t}' has no UTC offset: read as local time"
        ));
    }
    let time = p
        .doc
        .last_updated
        .as_deref()
        .and_then(super::base::parse_time);
    Ok((time, path.to_path_buf(), p))
}

/// `import` of seed 004 files: each file one revision at its own timestamp, oldest first (then
/// by path). The story is `explicit`, else the one the front matter's branch names (with
/// `pattern`, `checkpoint.storyPattern`), else the project's: files of one folder that name no
/// story are one project's checkpoints (seed 004 keeps them in one folder per project, each
/// file titled by what it was working on then), so when that folder holds more than one title
/// they are one story named after the folder ([`folder_story`]), its history the files in
/// order; a lone title is its own story, the file name's title slug. Returns (story, path,
/// revision) in that order.
///
/// # Errors
/// [`crate::Error::Config`] for a bad `pattern`; [`crate::Error::NoStoryForFile`] when a file
/// names no valid story.
pub(super) fn import_files(
    mut files: Vec<File>,
    explicit: Option<&StoryId>,
    pattern: Option<&str>,
) -> Result<Vec<(StoryId, PathBuf, Planned)>> {
    files.sort_by_key(|(t, p, _)| (t.map(|t| t.0), p.clone()));
    let mut named = Vec::with_capacity(files.len());
    // The titles of the files that name no story, per folder.
    let mut titles: std::collections::BTreeMap<PathBuf, std::collections::BTreeSet<String>> =
        Default::default();
    for (time, path, p) in files {
        let from_branch = match p.doc.branch.as_deref() {
            Some(b) => crate::story::detect_from_branch(b, pattern)?.map(|s| s.to_string()),
            None => None,
        };
        if explicit.is_none() && from_branch.is_none() {
            titles
                .entry(folder(&path))
                .or_default()
                .insert(slug_of(&path).unwrap_or_default());
        }
        named.push((time, path, p, from_branch));
    }
    let mut out = Vec::new();
    for (time, path, p, from_branch) in named {
        let project = titles
            .get(&folder(&path))
            .filter(|t| t.len() > 1)
            .and_then(|_| folder_story(&path));
        let story = story_of(explicit, &[from_branch, project, slug_of(&path)], &path)?;
        let mut revision = planned(&path, "gstack", p);
        revision.time = time;
        out.push((story, path, revision));
    }
    Ok(out)
}

/// The absolute folder holding `path` (empty when it cannot be told).
fn folder(path: &Path) -> PathBuf {
    std::path::absolute(path)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_default()
}

/// The story of a folder of one project's checkpoints: the folder's name, lowercased, every
/// run of characters other than letters and digits one `-`; for gstack's own
/// `<project>/checkpoints/` folder, the project's name.
fn folder_story(path: &Path) -> Option<String> {
    let dir = folder(path);
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().to_lowercase());
    let mut n = name(&dir)?;
    if n == "checkpoints" {
        n = dir.parent().and_then(name)?;
    }
    let slug: String = n
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    Some(
        slug.split('-')
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("-"),
    )
}

/// The title slug of a seed 004 file name `<YYYYMMDD>-<HHMMSS>-<title-slug>.md`, else the
/// whole file stem.
fn slug_of(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_string_lossy().into_owned();
    let mut parts = stem.splitn(3, '-');
    let (a, b, rest) = (parts.next()?, parts.next(), parts.next());
    if a.len() == 8 && a.chars().all(|c| c.is_ascii_digit()) {
        if let (Some(b), Some(rest)) = (b, rest) {
            if b.chars().all(|c| c.is_ascii_digit()) {
                return Some(rest.to_string());
            }
        }
    }
    Some(stem)
}

#[cfg(test)]
mod tests {
    use crate::formats::tests::{render_and_reparse, sample};
    use crate::formats::Format;

    #[test]
    fn gstack_round_trips() {
        let mut d = sample();
        d.status = Some("in-progress".into());
        d.session_duration_s = Some(5400);
        d.tasks_done.clear();
        let (_, back) = render_and_reparse(&Format::Gstack, &d);
        assert_eq!(back.title.as_deref(), Some("Rate limiting"));
        assert_eq!(back.files, vec!["src/limit.rs"]);
        assert_eq!(back.session_duration_s, Some(5400));
        assert_eq!(
            back.next_action.as_deref(),
            Some("make the burst test pass")
        );
        assert_eq!(
            Format::Gstack.render(&back),
            Format::Gstack.render(
                &Format::Gstack
                    .parse(Format::Gstack.render(&back).as_bytes())
                    .doc
            )
        );
    }

    #[test]
    fn file_names_give_their_title_slug() {
        use super::slug_of;
        use std::path::Path;
        let slug = |p: &str| slug_of(Path::new(p));
        assert_eq!(
            slug("20260716-143000-rate-limit.md").as_deref(),
            Some("rate-limit")
        );
        assert_eq!(slug("notes.md").as_deref(), Some("notes"));
        assert_eq!(slug("2026-x-y.md").as_deref(), Some("2026-x-y"));
    }
}
