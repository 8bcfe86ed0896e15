//! The section names people write, per document field: the one vocabulary every parser asks
//! which field a heading (or a bold label line such as `**Completed:**`) holds.
//!
//! Names are matched after [`normalize`]: case, numbering (`## 1. Done`), leading emoji and
//! symbols (`🔑 KEY DECISIONS MADE`, `### ✅ Done`), a trailing colon and trailing qualifiers
//! (`Tasks Done (chronological)`, `Decisions Made（…）`, `Remaining Work / Next Steps`,
//! `決着済 — 蒸し返さない`) do not matter. Each name of [`VOCABULARY`] says where it was seen;
//! more names come from `git config checkpoint.section.<field>` (multi-valued), which the
//! repository layer hands to [`set_configured`] when it opens the configuration.
//!
//! Pure: no I/O; the configured names are a process-wide table set once per repository.

use std::sync::RwLock;

/// A document field a section can hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// The story id and title.
    Story,
    /// The story's branch.
    Branch,
    /// Work that is finished.
    Done,
    /// Work still to do.
    Remaining,
    /// Work not started yet: remaining, never done.
    NotStarted,
    /// Blockers and open questions, never decisions.
    Blocked,
    /// Decisions taken, with their reasons.
    Decisions,
    /// What to do next: the first item is the next action, the others are remaining.
    Next,
    /// Facts the next session needs.
    Context,
}

impl Field {
    /// Every field, in the order the documentation lists them.
    pub const ALL: [Field; 9] = [
        Field::Story,
        Field::Branch,
        Field::Done,
        Field::Remaining,
        Field::NotStarted,
        Field::Blocked,
        Field::Decisions,
        Field::Next,
        Field::Context,
    ];

    /// The field's name in `checkpoint.section.<field>` and in docs/FORMAT.md.
    pub fn key(self) -> &'static str {
        match self {
            Field::Story => "story",
            Field::Branch => "branch",
            Field::Done => "done",
            Field::Remaining => "remaining",
            Field::NotStarted => "notStarted",
            Field::Blocked => "blocked",
            Field::Decisions => "decisions",
            Field::Next => "next",
            Field::Context => "context",
        }
    }
}

/// One accepted name: the field it holds, the name as [`normalize`] leaves it, and where the
/// name was seen (a seed template, or the kind of real document it was read in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Name {
    /// The field.
    pub field: Field,
    /// The normalised name (lowercase, no numbering, emoji or qualifier).
    pub name: &'static str,
    /// Where it was seen.
    pub seen: &'static str,
}

const fn n(field: Field, name: &'static str, seen: &'static str) -> Name {
    Name { field, name, seen }
}

use Field::{Blocked, Branch, Context, Decisions, Done, Next, NotStarted, Remaining, Story};

/// Every name that ships, per field. docs/FORMAT.md prints this table.
pub const VOCABULARY: &[Name] = &[
    n(Story, "story", "the pair template"),
    n(
        Branch,
        "branch",
        "the pair template; `**Branch:**` header lines of .claude/handoff.md",
    ),
    n(Branch, "branches", "hand-off documents"),
    n(
        Branch,
        "브랜치",
        "Korean .claude/handoff.md (`## 브랜치 / 커밋`)",
    ),
    n(Branch, "ブランチ", "Japanese hand-offs"),
    n(Branch, "分支", "Chinese hand-offs"),
    n(Done, "tasks done", "the pair template"),
    n(
        Done,
        "done",
        "the pair template; `### Done` of .claude/handoff.md",
    ),
    n(Done, "completed", "claude-progress.txt (`**Completed:**`)"),
    n(Done, "completed tasks", "working-context.md"),
    n(Done, "completed since last checkpoint", "the team template"),
    n(Done, "finished", "hand-off documents"),
    n(
        Done,
        "recently completed work",
        "checkpoint.md (`## Recently Completed Work`)",
    ),
    n(Done, "recently completed", "hand-off documents"),
    n(
        Done,
        "recently done",
        "checkpoint.md (`### Recently Done (this session)`)",
    ),
    n(Done, "accomplished", "hand-off documents"),
    n(Done, "what was done", "hand-off documents"),
    n(Done, "done this session", "hand-off documents"),
    n(Done, "완료", "Korean hand-offs"),
    n(Done, "완료된 것", "Korean .claude/handoff.md"),
    n(Done, "완료한 것", "Korean hand-offs"),
    n(Done, "完了", "Japanese hand-offs"),
    n(Done, "完了したこと", "Japanese hand-offs"),
    n(
        Done,
        "このセッションで入ったもの",
        "Japanese .claude/handoff.md",
    ),
    n(Done, "已完成", "Chinese hand-offs"),
    n(Done, "完成", "Chinese hand-offs"),
    n(Remaining, "remaining todos", "the pair template"),
    n(Remaining, "remaining tasks", "pair variants"),
    n(Remaining, "remaining work", "the gstack template"),
    n(Remaining, "remaining", "hand-off documents"),
    n(Remaining, "todos", "pair variants"),
    n(Remaining, "todo", "hand-off documents"),
    n(Remaining, "to do", "hand-off documents"),
    n(
        Remaining,
        "in progress",
        "claude-progress.txt (`**In Progress:**`)",
    ),
    n(Remaining, "in-flight work", "the team template"),
    n(Remaining, "in flight work", "the team template"),
    n(Remaining, "open tasks", "hand-off documents"),
    n(
        Remaining,
        "scope",
        "coordination hand-offs (a numbered Scope list of todos)",
    ),
    n(Remaining, "later", "planning/NOW.md (`## Later`)"),
    n(Remaining, "backlog", "hand-off documents"),
    n(Remaining, "남은 작업", "Korean hand-offs"),
    n(Remaining, "진행 중인 작업", "Korean .claude/handoff.md"),
    n(Remaining, "残タスク", "Japanese hand-offs"),
    n(Remaining, "残作業", "Japanese hand-offs"),
    n(Remaining, "残り", "Japanese hand-offs"),
    n(Remaining, "剩余工作", "Chinese hand-offs"),
    n(Remaining, "待办", "Chinese hand-offs"),
    n(Remaining, "待辦", "Traditional Chinese hand-offs"),
    n(
        NotStarted,
        "not started",
        "`### Not Started` of .claude/handoff.md",
    ),
    n(NotStarted, "not yet started", "hand-off documents"),
    n(NotStarted, "pending", "hand-off documents"),
    n(NotStarted, "not done", "hand-off documents"),
    n(NotStarted, "未着手", "Japanese hand-offs"),
    n(NotStarted, "시작 전", "Korean hand-offs"),
    n(NotStarted, "未开始", "Chinese hand-offs"),
    n(Blocked, "blockers", "claude-progress.txt (`**Blockers:**`)"),
    n(Blocked, "blocker", "hand-off documents"),
    n(Blocked, "blocked", "hand-off documents"),
    n(
        Blocked,
        "open questions",
        "the pm template; .claude/handoff.md",
    ),
    n(Blocked, "open question", "the pm template"),
    n(Blocked, "open questions and blockers", "the pm template"),
    n(Blocked, "known issues", "claude-progress.txt"),
    n(Blocked, "블로커", "Korean hand-offs"),
    n(Blocked, "ブロッカー", "Japanese hand-offs"),
    n(Blocked, "阻塞", "Chinese hand-offs"),
    n(Decisions, "key decisions", "the pair template"),
    n(Decisions, "decisions", "pair variants"),
    n(
        Decisions,
        "decisions made",
        "the gstack template; .claude/handoff.md",
    ),
    n(
        Decisions,
        "key decisions made",
        "hand-off documents (`🔑 KEY DECISIONS MADE`)",
    ),
    n(
        Decisions,
        "important decisions",
        "working-context.md; claude-progress.txt",
    ),
    n(Decisions, "decisions and rationale", "custom templates"),
    n(Decisions, "decision log", "hand-off documents"),
    n(
        Decisions,
        "주요 결정",
        "Korean .claude/handoff.md (`## 주요 결정 / 맥락`)",
    ),
    n(Decisions, "결정", "Korean hand-offs"),
    n(Decisions, "決定事項", "Japanese hand-offs"),
    n(
        Decisions,
        "決着済",
        "Japanese .claude/handoff.md (`## 決着済 — 蒸し返さない`)",
    ),
    n(Decisions, "决定", "Chinese hand-offs"),
    n(Decisions, "关键决策", "Chinese hand-offs"),
    n(Decisions, "決策", "Traditional Chinese hand-offs"),
    n(
        Next,
        "next action",
        "the pair template (`Next immediate action`)",
    ),
    n(Next, "next immediate action", "the pair template"),
    n(Next, "next actions", "NOW.md (`## Next 3 Actions`)"),
    n(
        Next,
        "next step",
        "Japanese .claude/handoff.md (`## Next step`)",
    ),
    n(Next, "next steps", ".claude/handoff.md; working-context.md"),
    n(Next, "next", "planning/NOW.md; hand-off documents"),
    n(Next, "next up", "checkpoint.md (`Next up`)"),
    n(Next, "now", "planning/NOW.md (`## Now`)"),
    n(Next, "what to work on next", "hand-off documents"),
    n(
        Next,
        "next session",
        "claude-progress.txt (`**Next Session:**`)",
    ),
    n(
        Next,
        "next session should",
        "claude-progress.txt (`**Next Session Should:**`)",
    ),
    n(
        Next,
        "first action next session",
        "NOW.md hand-off template",
    ),
    n(
        Next,
        "remaining steps",
        "plan-writing checkpoints (`## Remaining steps`)",
    ),
    n(
        Next,
        "deployment instructions",
        "checkpoint.md (`### DEPLOYMENT INSTRUCTIONS`, a command block)",
    ),
    n(Next, "다음에 할 것", "Korean .claude/handoff.md"),
    n(Next, "다음 단계", "Korean hand-offs"),
    n(Next, "다음 작업", "Korean hand-offs"),
    n(Next, "次のステップ", "Japanese hand-offs"),
    n(Next, "次にやること", "Japanese hand-offs"),
    n(Next, "次のアクション", "Japanese hand-offs"),
    n(Next, "下一步", "Chinese hand-offs"),
    n(Next, "下一步行动", "Chinese hand-offs"),
    n(Next, "接下来", "Chinese hand-offs"),
    n(Context, "context", "the pm template"),
    n(Context, "notes", "the gstack template"),
    n(Context, "cross-session notes", "the team template"),
    n(Context, "what we were working on", ".claude/handoff.md"),
    n(
        Context,
        "load-bearing context",
        "Japanese .claude/handoff.md",
    ),
    n(Context, "맥락", "Korean hand-offs"),
    n(Context, "주의사항", "Korean .claude/handoff.md"),
    n(Context, "コンテキスト", "Japanese hand-offs"),
    n(Context, "背景", "Chinese and Japanese hand-offs"),
    n(Context, "上下文", "Chinese hand-offs"),
];

static CONFIGURED: RwLock<Vec<(Field, String)>> = RwLock::new(Vec::new());

/// Replaces the names added by configuration (`checkpoint.section.<field>`), each as written;
/// they are normalised here. Called by the repository layer when it opens a repository.
pub fn set_configured(names: Vec<(Field, String)>) {
    let names = names
        .into_iter()
        .map(|(f, s)| (f, normalize(&s)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    if let Ok(mut c) = CONFIGURED.write() {
        *c = names;
    }
}

/// Normalises a heading or label for matching: leading numbering (`3.`, `3)`, `0a.`), emoji,
/// symbols and a checkbox dropped; a trailing colon dropped; lowercased; white space
/// collapsed; a standalone number between words dropped (`Next 3 Actions` -> `next actions`).
/// Qualifiers are left: see [`candidates`].
pub fn normalize(name: &str) -> String {
    let mut n = name.trim();
    loop {
        let before = n.len();
        n = n.trim_start_matches(|c: char| {
            !(c.is_alphanumeric() || c == '(' || c == '（' || c == '[') || c.is_ascii_digit()
        });
        // `0a.` numbering: one letter after digits, then a dot.
        if n.len() < before {
            if let Some(rest) = n.strip_prefix(|c: char| c.is_ascii_lowercase()) {
                if rest.starts_with('.') {
                    n = rest;
                }
            }
        }
        n = n.trim_start_matches(['.', ')', ' ']);
        for cb in ["[ ]", "[x]", "[X]"] {
            if let Some(rest) = n.strip_prefix(cb) {
                n = rest;
            }
        }
        if n.len() == before {
            break;
        }
    }
    let n = n
        .trim()
        .trim_end_matches([':', '：'])
        .trim()
        .trim_end_matches(|c: char| !c.is_alphanumeric() && !")）]".contains(c))
        .trim()
        .to_lowercase();
    let words: Vec<&str> = n.split_whitespace().collect();
    let last = words.len().saturating_sub(1);
    words
        .iter()
        .enumerate()
        .filter(|(i, w)| *i == 0 || *i == last || !w.chars().all(|c| c.is_ascii_digit()))
        .map(|(_, w)| *w)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every character at which [`candidates`] cuts or splits a name: a name holding none is its
/// only candidate.
const VARIANT_CHARS: [char; 12] = [
    '(', '（', '[', '—', '–', '-', ':', '：', '/', '／', '&', '＆',
];

/// The names a normalised heading may mean, most specific first: as it is, without a
/// trailing qualifier (`(…)`, `（…）`, ` — …`, ` - …`, `: …`), and each part of a `/` list
/// (`Remaining Work / Next Steps`).
fn candidates(n: &str) -> Vec<String> {
    let mut out = vec![n.to_string()];
    let mut base = n.to_string();
    for open in ['(', '（', '['] {
        if let Some(i) = base.find(open) {
            if i > 0 {
                base = base[..i].trim().to_string();
            }
        }
    }
    // Each separator holds one of these characters, and most names hold none (a search for a
    // separator first builds a searcher for it).
    if base.contains(['—', '–', '-', ':', '：']) {
        for sep in [" — ", " – ", " - ", ": ", "：", " — ", " —", "—"] {
            if let Some(i) = base.find(sep) {
                if i > 0 {
                    base = base[..i].trim().to_string();
                }
            }
        }
    }
    let base = base.trim_end_matches([':', '：']).trim().to_string();
    if base != n {
        out.push(base.clone());
    }
    for part in base.split(['/', '／', '&', '＆']) {
        let p = part.trim().to_string();
        if !p.is_empty() && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

fn lookup(n: &str) -> Option<Field> {
    if let Ok(c) = CONFIGURED.read() {
        if let Some((f, _)) = c.iter().find(|(_, s)| s == n) {
            return Some(*f);
        }
    }
    VOCABULARY.iter().find(|v| v.name == n).map(|v| v.field)
}

/// The field a heading or label holds, or `None` when no accepted name matches.
pub fn classify(heading: &str) -> Option<Field> {
    let n = normalize(heading);
    if n.is_empty() {
        return None;
    }
    // The name as written is the usual case; its variants (each a few substring searches) only
    // when it is none. `candidates` lists it first, so the answer is the same; a name without
    // any character that starts a variant (a bracket, a separator, a trailing colon) has none.
    lookup(&n).or_else(|| {
        n.contains(VARIANT_CHARS)
            .then(|| candidates(&n).iter().skip(1).find_map(|c| lookup(c)))
            .flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_format_lists_every_name_with_its_source() {
        let doc = include_str!("../../docs/FORMAT.md");
        for v in VOCABULARY {
            let row = format!("| `{}` | {} | {} |", v.field.key(), v.name, v.seen);
            assert!(doc.contains(&row), "docs/FORMAT.md lacks {row}");
        }
    }

    /// `classify` skips `candidates` for a name without [`VARIANT_CHARS`]: it has no variant.
    #[test]
    fn a_name_without_variant_characters_is_its_only_candidate() {
        for h in [
            "Last updated",
            "Written by",
            "次のステップ",
            "완료된 것",
            "Next 3 Actions",
            "T1 x y",
        ] {
            let n = normalize(h);
            assert!(!n.contains(VARIANT_CHARS), "{n}");
            assert_eq!(candidates(&n), vec![n.clone()], "{h}");
        }
        assert!(candidates(&normalize("Decisions / Context")).len() > 1);
    }

    #[test]
    fn configured_names_are_normalised_and_read() {
        set_configured(vec![(Next, "Prochaine étape".into())]);
        assert_eq!(classify("## 2. Prochaine étape (lundi)"), Some(Next));
        set_configured(Vec::new());
        assert_eq!(classify("Prochaine étape"), None);
    }

    #[test]
    fn names_as_people_write_them() {
        for (h, f) in [
            ("1. Done", Done),
            ("🔑 KEY DECISIONS MADE", Decisions),
            ("Tasks Done (chronological)", Done),
            (
                "Decisions Made（使用者答覆，下個 session 直接照這個做）",
                Decisions,
            ),
            ("Remaining Work（下個 session 的 11 步驟）", Remaining),
            ("Remaining Work / Next Steps", Remaining),
            ("브랜치 / 커밋", Branch),
            ("주요 결정 / 맥락", Decisions),
            ("決着済 — 蒸し返さない", Decisions),
            ("Next 3 Actions", Next),
            ("Next step", Next),
            ("다음에 할 것", Next),
            ("下一步", Next),
            ("次のステップ", Next),
            ("完了", Done),
            ("완료된 것", Done),
            ("### Not Started", NotStarted),
            ("Blockers", Blocked),
            ("Next Session Should:", Next),
            ("✅ Done", Done),
        ] {
            assert_eq!(classify(h), Some(f), "{h}");
        }
        for h in [
            "Approach",
            "Key Files",
            "Why this is urgent",
            "Rules",
            "2026-04-10",
        ] {
            assert_eq!(classify(h), None, "{h}");
        }
    }
}
