//! Which parts of a story's checkpoint came from another clone, by provenance, never by the
//! author field (anyone sets it).
//!
//! A revision is this clone's when the store recorded writing it ([`Store::written`]); any
//! other revision arrived from a remote: a teammate's. Each part of the tip (a field's value, a
//! task, a decision, a line of a section or the journal, the title, branch and template) is
//! traced back, like `git blame` at the granularity of parts, to the revision that introduced
//! it: following any parent that already held the same text. A part is a teammate's when
//! that revision is not this clone's, or when it is a hook's revision, a merge made here or a
//! revision taking one side of conflicts (`--ours`/`--theirs`) and the part embeds a teammate's
//! text (a hook that re-renders or moves a task, a merge that writes both sides of a conflict,
//! a `--theirs` that keeps the teammate's side: none launders it). A part someone here rewrote (a save
//! of this clone, not a hook's, whose text no parent had) is this clone's again.
//!
//! Text is compared by its letters and digits only, lowercased, so re-rendering (list markers,
//! checkboxes, dashes, spacing) keeps a part's origin. The walk reads at most [`WINDOW`]
//! revisions; a part still present where the walk stops counts as a teammate's when the window
//! holds any revision from elsewhere. Format of the record: `docs/FORMAT.md`, "Provenance".

use crate::error::Result;
use crate::formats;
use crate::model::Document;
use crate::store::{Meta, Revision, Store, Summary, Written};
use aho_corasick::AhoCorasick;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use gix::ObjectId;
use std::collections::VecDeque;

/// The most revisions one provenance walk reads.
pub const WINDOW: usize = 1000;

/// Parts this short are matched only whole, never found inside a longer text.
const MIN_EMBEDDED: usize = 6;

/// A part is found inside a longer text by its first this many characters: the automaton
/// grows with its patterns, and a teammate's megabyte of parts must not take minutes to build
/// (a text holding the start of a teammate's part is counted as holding it).
const EMBEDDED_PREFIX: usize = 128;

/// The first [`EMBEDDED_PREFIX`] characters of `k`.
fn prefix(k: &str) -> &str {
    if k.len() <= EMBEDDED_PREFIX {
        return k;
    }
    k.char_indices()
        .nth(EMBEDDED_PREFIX)
        .map_or(k, |(i, _)| &k[..i])
}

/// The most characters of a teammate's name, and of their email, a label shows.
const LABEL_PART: usize = 64;

/// The most characters of a teammate's name or email an [`Origin`] keeps: it goes with each
/// of their parts, into views and labels (RFC 5321 allows 254 for an address).
pub const NAME_MAX: usize = 256;

/// `s`, cut to [`NAME_MAX`] characters (the last one `…`) when longer.
fn cut_name(s: &str) -> String {
    match s.char_indices().nth(NAME_MAX - 1) {
        Some((i, _)) if s[i..].chars().nth(1).is_some() => format!("{}…", &s[..i]),
        _ => s.to_string(),
    }
}

/// The revision a teammate's part comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// Its `Checkpoint-Revision`.
    pub revision: u64,
    /// The commit.
    pub commit: ObjectId,
    /// Author name as recorded (free text: shown only as data), at most [`NAME_MAX`]
    /// characters.
    pub author: String,
    /// Author email as recorded, at most [`NAME_MAX`] characters.
    pub email: String,
}

impl Origin {
    /// `r7 Alice <alice@example.com>`: how a fenced part is labelled; a name or email longer
    /// than 64 characters is cut (ending in `…`).
    pub fn label(&self) -> String {
        // A teammate's name and email are free text: cut, so that a label stays a label.
        fn cut(s: &str) -> std::borrow::Cow<'_, str> {
            match s.char_indices().nth(LABEL_PART) {
                Some((i, _)) => std::borrow::Cow::Owned(format!("{}…", &s[..i])),
                None => std::borrow::Cow::Borrowed(s),
            }
        }
        format!(
            "r{} {} <{}>",
            self.revision,
            cut(&self.author),
            cut(&self.email)
        )
    }
}

/// The provenance of a tip's parts, as [`provenance`] computes it.
#[derive(Debug, Clone, Default)]
pub struct Provenance {
    /// Each revision a teammate's part comes from, once, with its [`Origin::label`].
    origins: Vec<(Origin, String)>,
    /// Every part of the tip by key: the index in `origins` of a teammate's, `None` for this
    /// clone's.
    keys: HashMap<String, Option<usize>>,
    /// A teammate's parts as written, in the tip's order, with their origins' indexes.
    texts: Vec<(String, usize)>,
    /// How many parts of the tip are this clone's.
    mine: usize,
    /// The keys of a teammate's parts long enough to be found inside a text, sorted, with
    /// their origins' indexes.
    long: Vec<(String, usize)>,
    /// An automaton over the prefixes of `long`, built on the first text that needs it (a
    /// teammate's thousands of long parts take a while to build, and most briefs never ask).
    embedded: std::sync::OnceLock<Option<AhoCorasick>>,
    /// What searching texts for `long` one part at a time has cost so far, in the units of
    /// [`Provenance::of`].
    searched: std::cell::Cell<usize>,
}

/// The index of the part of `long` whose [`prefix`] `text` holds, as the automaton reports
/// it (aho-corasick's standard semantics: the match ending first, the longest of those, the
/// first added of those); `None` when `text` holds none.
fn first_embedded<T>(text: &str, long: &[(String, T)]) -> Option<usize> {
    long.iter()
        .enumerate()
        .filter_map(|(i, (k, _))| {
            let p = prefix(k);
            // A part longer than the text cannot be in it (and a search would first build
            // a searcher for it).
            if p.len() > text.len() {
                return None;
            }
            // Rabin-Karp: no searcher to build per part (memmem's costs more than a short
            // text's search), and at most [`EMBEDDED_PREFIX`] steps per byte of the text.
            memchr::arch::all::rabinkarp::Finder::new(p.as_bytes())
                .find(text.as_bytes(), p.as_bytes())
                .map(|at| (at + p.len(), p.len(), i))
        })
        .min_by_key(|&(end, len, i)| (end, std::cmp::Reverse(len), i))
        .map(|(_, _, i)| i)
}

/// An automaton finding any of `keys`' [`prefix`]es (a noncontiguous NFA: built in one pass,
/// which a search over a brief's few texts does not need to make up for).
fn automaton<'k>(keys: impl Iterator<Item = &'k str>) -> Option<AhoCorasick> {
    AhoCorasick::builder()
        .kind(Some(aho_corasick::AhoCorasickKind::NoncontiguousNFA))
        .build(keys.map(prefix))
        .ok()
}

impl Provenance {
    /// Whether every part of the tip is this clone's.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// Where `text` (a part of the tip, or a text made of parts: a warning naming the branch,
    /// `heading: body`) comes from when it is, or holds, a teammate's part; `None` when it is
    /// this clone's.
    pub fn of(&self, text: &str) -> Option<&Origin> {
        self.find(text).map(|i| &self.origins[i].0)
    }

    /// [`Provenance::of`], as the index of the origin in `origins`.
    fn find(&self, text: &str) -> Option<usize> {
        let k = key(text);
        if k.is_empty() {
            return None;
        }
        if let Some(&Some(i)) = self.keys.get(&k) {
            return Some(i);
        }
        // A labelled line (`**Title:** x`, `- Stage: x`): its value may be a short part.
        if let Some(&Some(i)) = text
            .split_once(':')
            .and_then(|(_, v)| self.keys.get(&key(v)))
        {
            return Some(i);
        }
        if self.long.is_empty() {
            return None;
        }
        // A brief asks about a few dozen texts that are no part: each is searched for the
        // parts one by one until that has cost about what building the automaton would (per
        // byte of its patterns, about what one search costs per part: measured with
        // callgrind), then the automaton answers. Either way the cost stays within twice the
        // better one's.
        if self.embedded.get().is_none() {
            let size: usize = self.long.iter().map(|(l, _)| prefix(l).len()).sum();
            let cost = self.long.len() * (1 + k.len() / 64);
            if self.searched.get() + cost <= size {
                self.searched.set(self.searched.get() + cost);
                return first_embedded(&k, &self.long).map(|i| self.long[i].1);
            }
        }
        let ac = self
            .embedded
            .get_or_init(|| automaton(self.long.iter().map(|(k, _)| k.as_str())))
            .as_ref()?;
        ac.find(&k).map(|m| self.long[m.pattern().as_usize()].1)
    }

    /// Whether every part of the tip came from another clone (a clone that only reads the
    /// story: a CI job, a reviewer's).
    pub fn all_theirs(&self) -> bool {
        !self.texts.is_empty() && self.mine == 0
    }

    /// Every teammate's part of the tip as written, with its origin, in document order.
    pub fn parts(&self) -> impl Iterator<Item = (&str, &Origin)> {
        self.texts
            .iter()
            .map(|(t, i)| (t.as_str(), &self.origins[*i].0))
    }

    /// `text` with its origin's label in front (`[r7 Alice <a@example.com>] text`) when it is
    /// or holds a teammate's part; as it is otherwise.
    pub fn tag(&self, text: &str) -> String {
        match self.find(text) {
            Some(i) => labelled(&self.origins[i].1, "", text),
            None => text.to_string(),
        }
    }

    /// A markdown line of the document with its origin's label after its list marker and
    /// checkbox (`- [ ] [r7 Alice <a@example.com>] text`), or in front when it has none; as it
    /// is when it holds no teammate's part.
    pub fn tag_line(&self, line: &str) -> String {
        let Some(i) = self.find(line) else {
            return line.to_string();
        };
        let indent = line.len() - line.trim_start().len();
        let rest = &line[indent..];
        let mut marker = ["- ", "* ", "+ "]
            .iter()
            .find(|m| rest.starts_with(*m))
            .map_or(0, |m| m.len());
        if marker == 0 {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && rest[digits..].starts_with(". ") {
                marker = digits + 2;
            }
        }
        if marker > 0 {
            if let Some(b) = ["[ ] ", "[x] ", "[X] "]
                .iter()
                .find(|b| rest[marker..].starts_with(*b))
            {
                marker += b.len();
            }
        }
        let at = indent + marker;
        labelled(&self.origins[i].1, &line[..at], &line[at..])
    }

    /// Every revision a teammate's part of the tip comes from, newest first.
    pub fn origins(&self) -> Vec<&Origin> {
        let mut out: Vec<&Origin> = self.origins.iter().map(|(o, _)| o).collect();
        out.sort_by(|a, b| b.revision.cmp(&a.revision).then(a.commit.cmp(&b.commit)));
        out
    }
}

/// `before[label] after`, in one allocation.
fn labelled(label: &str, before: &str, after: &str) -> String {
    let mut out = String::with_capacity(before.len() + label.len() + 3 + after.len());
    out.push_str(before);
    out.push('[');
    out.push_str(label);
    out.push_str("] ");
    out.push_str(after);
    out
}

/// The origins of a teammate's parts, one per revision, each labelled once.
#[derive(Default)]
struct Origins {
    list: Vec<(Origin, String)>,
    by_commit: HashMap<ObjectId, usize>,
}

impl Origins {
    /// The index of the origin of revision `s`, added on first use.
    fn of(&mut self, s: &Summary) -> usize {
        *self.by_commit.entry(s.commit).or_insert_with(|| {
            let o = Origin {
                revision: s.revision,
                commit: s.commit,
                author: cut_name(&s.author),
                email: cut_name(&s.email),
            };
            let label = o.label();
            self.list.push((o, label));
            self.list.len() - 1
        })
    }
}

/// A part's identity: its letters and digits, lowercased, after a leading list marker (`- `,
/// `2. `) and checkbox (`- [x] `), so a task keeps its identity when checked, moved or
/// renumbered.
pub fn key(text: &str) -> String {
    let mut t = text.trim_start();
    for marker in ["- ", "* ", "+ "] {
        t = t.strip_prefix(marker).unwrap_or(t);
    }
    // A numbered item (`2. `).
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && t[digits..].starts_with(". ") {
        t = &t[digits + 2..];
    }
    for checkbox in ["[ ]", "[x]", "[X]"] {
        t = t.strip_prefix(checkbox).unwrap_or(t);
    }
    // ASCII (nearly every character of a checkpoint) by byte; Unicode's case mapping only
    // for the rest: a teammate's megabyte-long part costs milliseconds, not seconds.
    let mut out = Vec::with_capacity(t.len());
    let bytes = t.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii() {
            if b.is_ascii_alphanumeric() {
                out.push(b.to_ascii_lowercase());
            }
            i += 1;
            continue;
        }
        // `i` is at a character boundary: only whole characters were stepped over.
        let Some(c) = t[i..].chars().next() else {
            break;
        };
        if c.is_alphanumeric() {
            let mut buf = [0; 4];
            for l in c.to_lowercase() {
                out.extend_from_slice(l.encode_utf8(&mut buf).as_bytes());
            }
        }
        i += c.len_utf8();
    }
    // Whole characters only went in.
    String::from_utf8(out).unwrap_or_default()
}

/// Every part of a document and its meta whose origin matters, as text.
fn parts(doc: &Document, meta: &Meta) -> Vec<String> {
    let mut out: Vec<String> = [
        &doc.title,
        &doc.goal,
        &doc.source,
        &doc.branch,
        &doc.commit_strategy,
        &doc.commits_so_far,
        &doc.next_action,
        &doc.last_updated,
        &doc.written_by,
        &doc.stage,
        &doc.status,
        &doc.stopped_at,
        &doc.start_with,
        &doc.trigger,
        &meta.title,
        &meta.branch,
    ]
    .into_iter()
    .flatten()
    .cloned()
    .collect();
    out.push(meta.template.clone());
    for t in doc
        .tasks_done
        .iter()
        .chain(&doc.tasks_remaining)
        .chain(&doc.done_when)
    {
        out.push(t.text.clone());
    }
    for list in [
        &doc.decisions,
        &doc.open_questions,
        &doc.context,
        &doc.files,
    ] {
        out.extend(list.iter().cloned());
    }
    for (k, v) in &doc.fields {
        out.push(v.clone());
        out.push(format!("{k}: {v}"));
    }
    for (heading, body) in &doc.sections {
        out.push(heading.clone());
        out.extend(body.lines().map(str::to_string));
    }
    for e in &doc.journal {
        out.push(e.subject.clone());
        out.extend(e.body.lines().map(str::to_string));
    }
    if let Some(fm) = &doc.front_matter {
        out.extend(fm.lines().map(str::to_string));
    }
    out
}

/// The revisions of a walk, by commit.
type Nodes = HashMap<ObjectId, Node>;

/// A teammate's texts in the window, each with the revision it is credited to.
type TeammateTexts = Vec<(String, ObjectId)>;

/// One revision of the walk.
struct Node {
    summary: Summary,
    /// Parents inside the window.
    parents: Vec<ObjectId>,
    /// Whether a parent could not be read (beyond the window, or missing: a shallow history).
    cut: bool,
    /// The keys of its parts, read on first use.
    keys: Option<HashSet<String>>,
}

/// The revisions within the [`WINDOW`] from `tip` (whose summary is `head`), breadth first,
/// commit headers only; with `clean`, the walk does not go below a commit it marks clean.
/// Also whether it stopped at one.
///
/// # Errors
/// Storage errors reading `tip`'s ancestors that were found readable.
fn walk(
    store: &Store,
    tip: ObjectId,
    head: Summary,
    clean: Option<&Written>,
) -> Result<(HashMap<ObjectId, Node>, bool)> {
    let mut nodes: HashMap<ObjectId, Node> = HashMap::new();
    let mut stopped = false;
    let mut queue = VecDeque::from([(tip, head)]);
    while let Some((id, summary)) = queue.pop_front() {
        if nodes.contains_key(&id) {
            continue;
        }
        let parents = summary.parents.clone();
        let mut node = Node {
            summary,
            parents: Vec::new(),
            cut: false,
            keys: None,
        };
        if clean.is_some_and(|w| w.is_clean(&id)) {
            stopped = true;
            nodes.insert(id, node);
            continue;
        }
        for p in parents {
            if nodes.contains_key(&p) || queue.iter().any(|(q, _)| *q == p) {
                node.parents.push(p);
                continue;
            }
            // Each parent is read once: its summary goes into the queue.
            match (nodes.len() + 1 + queue.len() < WINDOW)
                .then(|| store.summary(p).ok())
                .flatten()
            {
                Some(s) => {
                    node.parents.push(p);
                    queue.push_back((p, s));
                }
                None => node.cut = true,
            }
        }
        nodes.insert(id, node);
    }
    Ok((nodes, stopped))
}

/// The provenance of the parts of `tip`, a revision of the story on `refname`; `doc` is
/// `tip`'s document as the caller parsed it ([`formats::parse_revision`]), parsed here when
/// `None`.
///
/// # Errors
/// Storage errors reading the record or a revision.
pub fn provenance(
    store: &Store,
    refname: &str,
    tip: &Revision,
    doc: Option<&Document>,
) -> Result<Provenance> {
    let head = tip.summary.clone();
    let tip_rev = tip;
    let tip = head.commit;
    let written = store.written(&head.story)?;
    // With replace refs (git-replace(1)) in effect, a commit's ancestry is not what it was
    // when it was marked clean, nor what it will be once they go: no mark is read or written.
    let replaced = store.has_object_replacements();
    if !replaced && written.is_clean(&tip) {
        return Ok(Provenance::default());
    }
    // Most stories are this clone's alone: walk down to the revisions the record marks clean
    // (this clone's, and all they descend from), and when all above them are this clone's too,
    // mark the tip so, and the next call reads one commit instead of the window.
    let (near, stopped) = walk(store, tip, head.clone(), (!replaced).then_some(&written))?;
    if near.iter().all(|(id, n)| written.contains(id) && !n.cut) {
        if !replaced {
            store.record_clean(&head.story, &written, tip);
        }
        return Ok(Provenance::default());
    }
    let mut nodes = if stopped {
        walk(store, tip, head, None)?.0
    } else {
        near
    };
    if nodes.keys().all(|id| written.contains(id)) {
        return Ok(Provenance::default());
    }
    let read_keys = |nodes: &mut HashMap<ObjectId, Node>, id: ObjectId| -> Result<()> {
        let node = nodes.get_mut(&id).expect("walked");
        if node.keys.is_none() {
            let rev = store.read(refname, id)?;
            let doc = formats::parse_revision(store, &rev).doc;
            node.keys = Some(parts(&doc, &rev.meta).iter().map(|p| key(p)).collect());
        }
        Ok(())
    };
    // The tip's parts and their keys, parsed once (the caller's parse when it has one).
    let tip_parts: Vec<(String, String)> = {
        let parsed;
        let doc = match doc {
            Some(d) => d,
            None => {
                parsed = formats::parse_revision(store, tip_rev).doc;
                &parsed
            }
        };
        parts(doc, &tip_rev.meta)
            .into_iter()
            .map(|p| (key(&p), p))
            .collect()
    };
    let mut origins = Origins::default();
    // A teammate's texts anywhere in the window, for parts a hook or a merge here re-wrote:
    // found on the first such part (most tips have none).
    let mut in_window: Option<(Option<AhoCorasick>, TeammateTexts)> = None;
    let mut keys: HashMap<String, Option<usize>> = HashMap::with_capacity(tip_parts.len());
    let mut texts = Vec::new();
    let mut mine = 0;
    for (k, text) in &tip_parts {
        if k.is_empty() || keys.contains_key(k) {
            continue;
        }
        // Back to the revision that introduced the part.
        let mut at = tip;
        let beyond;
        loop {
            let parents = nodes[&at].parents.clone();
            let mut next = None;
            for p in parents {
                read_keys(&mut nodes, p)?;
                if nodes[&p].keys.as_ref().expect("read").contains(k) {
                    next = Some(p);
                    break;
                }
            }
            match next {
                Some(p) => at = p,
                None => {
                    beyond = nodes[&at].cut;
                    break;
                }
            }
        }
        let summary = &nodes[&at].summary;
        let ours = written.contains(&at) && !beyond;
        // A hook's revision, a merge, and a revision taking one side of conflicts copy text
        // from other revisions: none of them launders a teammate's.
        let rewritten_here = || {
            summary.hook.is_empty()
                && summary.parents.len() < 2
                && !super::resolve::took_a_side(&summary.subject)
        };
        let from = if !ours {
            Some(origins.of(summary))
        } else if rewritten_here() {
            None
        } else {
            if in_window.is_none() {
                let found = teammate_texts(&mut nodes, tip, &tip_parts, &written, &read_keys)?;
                let ac = automaton(found.iter().map(|(k, _)| k.as_str()));
                in_window = Some((ac, found));
            }
            let (ac, found) = in_window.as_ref().expect("found above");
            ac.as_ref()
                .and_then(|ac| ac.find(k))
                .map(|m| origins.of(&nodes[&found[m.pattern().as_usize()].1].summary))
        };
        if let Some(i) = from {
            texts.push((text.clone(), i));
        } else {
            mine += 1;
        }
        keys.insert(k.clone(), from);
    }
    let mut long: Vec<(String, usize)> = keys
        .iter()
        .filter_map(|(k, i)| Some((k, (*i)?)))
        .filter(|(k, _)| k.chars().nth(MIN_EMBEDDED - 1).is_some())
        .map(|(k, i)| (k.clone(), i))
        .collect();
    long.sort_unstable();
    Ok(Provenance {
        origins: origins.list,
        keys,
        texts,
        mine,
        long,
        embedded: std::sync::OnceLock::new(),
        searched: std::cell::Cell::new(0),
    })
}

/// Every text of a teammate's in the window: the keys of the parts of each revision not this
/// clone's ([`MIN_EMBEDDED`] characters or longer; the tip's from `tip_parts`, its `(key,
/// text)` pairs), each once, with the oldest such revision holding it (by revision number,
/// then commit id: the same answer on every run).
///
/// # Errors
/// What `read_keys` returns reading a revision's parts.
fn teammate_texts(
    nodes: &mut Nodes,
    tip: ObjectId,
    tip_parts: &[(String, String)],
    written: &Written,
    read_keys: &dyn Fn(&mut Nodes, ObjectId) -> Result<()>,
) -> Result<TeammateTexts> {
    let mut theirs: Vec<(u64, ObjectId)> = nodes
        .iter()
        .filter(|(id, _)| !written.contains(id))
        .map(|(id, n)| (n.summary.revision, *id))
        .collect();
    theirs.sort_unstable();
    let long = |k: &&String| k.chars().nth(MIN_EMBEDDED - 1).is_some();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (_, id) in theirs {
        let mut ks: Vec<&String> = if id == tip {
            tip_parts.iter().map(|(k, _)| k).filter(long).collect()
        } else {
            read_keys(nodes, id)?;
            nodes[&id].keys.iter().flatten().filter(long).collect()
        };
        ks.sort_unstable();
        for k in ks {
            if seen.insert(k.clone()) {
                out.push((k.clone(), id));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{automaton, first_embedded, key, prefix, Origin, Provenance, EMBEDDED_PREFIX};

    #[test]
    fn keys_ignore_rendering() {
        assert_eq!(
            key("- [x] T1 — Build the form"),
            key("T1 - build  the FORM")
        );
        assert_eq!(key("x"), "x");
    }

    #[test]
    fn a_label_goes_after_the_list_marker() {
        let o = Origin {
            revision: 3,
            commit: gix::ObjectId::null(gix::hash::Kind::Sha1),
            author: "A".into(),
            email: "a@x".into(),
        };
        let label = o.label();
        let mut p = Provenance {
            origins: vec![(o, label)],
            ..Default::default()
        };
        p.keys.insert(key("do the thing"), Some(0));
        p.keys.insert(key("mine"), None);
        assert_eq!(
            p.tag_line("- [ ] do the thing"),
            "- [ ] [r3 A <a@x>] do the thing"
        );
        assert_eq!(
            p.tag_line("  2. do the thing"),
            "  2. [r3 A <a@x>] do the thing"
        );
        assert_eq!(p.tag_line("do the thing"), "[r3 A <a@x>] do the thing");
        assert_eq!(p.tag_line("- mine"), "- mine");
        assert_eq!(key("**Next action:** 다음에 할 것"), "nextaction다음에할것");
        assert_eq!(key(" — "), "");
        // Unicode's lowercase, which may be longer than the letter.
        assert_eq!(
            key("- [x] Straße İZMİR, 2. Étape"),
            "straßei\u{307}zmi\u{307}r2étape"
        );
    }

    /// The part-by-part search answers what the automaton answers, so which of them runs
    /// never changes a label.
    #[test]
    fn searching_part_by_part_finds_what_the_automaton_finds() {
        let origin = |r| Origin {
            revision: r,
            commit: gix::ObjectId::null(gix::hash::Kind::Sha1),
            author: "A".into(),
            email: "a@x".into(),
        };
        let long_part = "p".repeat(EMBEDDED_PREFIX + 40);
        let parts = [
            "tokenbucket",
            "bucket",
            "alertwhenthrottled",
            "throttled",
            "stuck",
            long_part.as_str(),
        ];
        let long: Vec<(String, Origin)> = parts
            .iter()
            .zip(1..)
            .map(|(k, r)| (k.to_string(), origin(r)))
            .collect();
        let ac = automaton(long.iter().map(|(k, _)| k.as_str())).expect("built");
        let texts = [
            "writethetokenbucketnow",
            "abucketofthrottled",
            "alertwhenthrottledfor15minutes",
            "nothinghere",
            "stuckinthetokenbucket",
            "xx".to_string().leak(),
            format!("a{}", prefix(&long_part)).leak(),
        ];
        for t in texts {
            assert_eq!(
                first_embedded(t, &long),
                ac.find(t).map(|m| m.pattern().as_usize()),
                "{t}"
            );
        }
        // And through `of`, past the point where the automaton takes over.
        let p = Provenance {
            origins: long.iter().map(|(_, o)| (o.clone(), o.label())).collect(),
            long: long
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (k.clone(), i))
                .collect(),
            ..Default::default()
        };
        for _ in 0..200 {
            assert_eq!(
                p.of("write the token bucket now").map(|o| o.revision),
                Some(1)
            );
            assert_eq!(p.of("no teammate text"), None);
        }
        assert!(p.embedded.get().is_some(), "the automaton took over");
    }
}
