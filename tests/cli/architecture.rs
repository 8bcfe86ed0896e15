//! The module graph stays acyclic: no file of `src/` reaches, through `crate::`, `super::`,
//! `self::` or a child module's path, a file that reaches it back. Layers (model → store →
//! formats → ops → front ends, with leaves for shared names) only hold while nothing runs back
//! up, and a cycle is where they start to.
//!
//! The library (`src/lib.rs` and its modules) and the binary (`src/main.rs` and `src/cli/`)
//! are separate crates and are checked separately. Test modules (`#[cfg(test)]`), comments and
//! string literals are not dependencies; a `pub use` of a module's own descendant is a facade
//! (a path to follow, not an edge), any other `use` is an edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One source file as a module: its path (`store::write`), its code, the child modules it
/// declares and the names it re-exports from its descendants (name → full path).
struct Module {
    file: PathBuf,
    code: String,
    children: BTreeSet<String>,
    facade: BTreeMap<String, Vec<String>>,
}

#[test]
fn no_module_cycles_in_the_library_or_the_binary() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut lib = BTreeMap::new();
    let mut bin = BTreeMap::new();
    collect(&src, &src, &mut lib, &mut bin);
    assert!(lib.len() > 20, "found only {} library modules", lib.len());
    let mut report = String::new();
    for (name, crate_modules) in [("library", lib), ("binary", bin)] {
        for cycle in cycles(&crate_modules) {
            report.push_str(&format!(
                "{name}: a cycle of {} files:\n{cycle}\n",
                cycle.lines().count()
            ));
        }
    }
    assert!(report.is_empty(), "module cycles:\n{report}");
}

/// A planted cycle between two files is found, with the lines that make it, and a facade's
/// re-export of its own child is not an edge.
#[test]
fn a_planted_cycle_is_found_and_a_facade_is_not_one() {
    let module = |code: &str, children: &[&str]| {
        let code = strip(code);
        let facade = facade(&code);
        Module {
            file: PathBuf::from("x.rs"),
            children: children.iter().map(|c| c.to_string()).collect(),
            facade,
            code,
        }
    };
    let mut m = BTreeMap::new();
    m.insert(
        vec![],
        module("pub mod a; pub mod b; pub mod c;", &["a", "b", "c"]),
    );
    m.insert(
        vec!["a".to_string()],
        module("use crate::b::{x, y::{z}};\n// crate::c::nothing\n", &[]),
    );
    m.insert(
        vec!["b".to_string()],
        module("fn f() { crate::a::g(); let s = \"crate::c\"; }", &["y"]),
    );
    m.insert(vec!["b".to_string(), "y".to_string()], module("", &[]));
    m.insert(
        vec!["c".to_string()],
        module(
            "pub use inner::Thing;\nmod inner;\n#[cfg(test)]\nmod tests { use crate::a; }",
            &["inner"],
        ),
    );
    m.insert(
        vec!["c".to_string(), "inner".to_string()],
        module("use super::Other;", &[]),
    );
    let found = cycles(&m);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("a -> b (crate::b::x)"), "{}", found[0]);
    assert!(found[0].contains("b -> a (crate::a::g)"), "{}", found[0]);
}

/// Reads every `.rs` file under `dir` into the library's or the binary's module map.
fn collect(
    root: &Path,
    dir: &Path,
    lib: &mut BTreeMap<Vec<String>, Module>,
    bin: &mut BTreeMap<Vec<String>, Module>,
) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("read src")
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, lib, bin);
            continue;
        }
        if path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        let rel = path.strip_prefix(root).expect("under src");
        let mut segs: Vec<String> = rel
            .with_extension("")
            .iter()
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        let is_bin = segs[0] == "main" || segs[0] == "cli" || segs[0] == "bin";
        if matches!(
            segs.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            segs.pop();
        }
        let code = strip(&std::fs::read_to_string(&path).expect("read a source file"));
        let children = children(&code);
        let facade = facade(&code);
        let module = Module {
            file: rel.to_path_buf(),
            code,
            children,
            facade,
        };
        if is_bin {
            bin.insert(segs, module);
        } else {
            lib.insert(segs, module);
        }
    }
}

/// The code without comments, string and char literals, and `#[cfg(test)]` items.
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(b.len(), |n| i + n);
            i = end;
        } else if rest.starts_with("/*") {
            let mut depth = 0usize;
            while i < b.len() {
                if text[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if text[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(hashes) = raw_string_start(rest) {
            let open = 2 + hashes; // r, hashes, quote
            let close = format!("\"{}", "#".repeat(hashes));
            let body = &text[i + open..];
            i = i + open + body.find(&close).map_or(body.len(), |n| n + close.len());
            out.push_str("\"\"");
        } else if b[i] == b'"' || (rest.starts_with("b\"") && !prev_ident(b, i)) {
            i += if b[i] == b'"' { 1 } else { 2 };
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '\u{1F600}'), not a lifetime ('a).
            let mut chars = rest[1..].char_indices();
            let end = match chars.next() {
                Some((_, '\\')) => rest[2..].find('\'').map(|n| n + 2),
                Some((_, c)) => rest[1 + c.len_utf8()..]
                    .starts_with('\'')
                    .then_some(1 + c.len_utf8()),
                None => None,
            };
            match end {
                Some(n) if n < 12 => {
                    i += n + 1;
                    out.push_str("' '");
                }
                _ => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else if rest.starts_with("#[cfg(test)]") {
            i += "#[cfg(test)]".len();
            i = skip_item(text, i);
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The number of `#` of a raw string (`r"`, `r#"`, `br##"`) starting at `rest`.
fn raw_string_start(rest: &str) -> Option<usize> {
    let r = rest.strip_prefix('b').unwrap_or(rest).strip_prefix('r')?;
    let hashes = r.len() - r.trim_start_matches('#').len();
    r[hashes..]
        .starts_with('"')
        .then_some(hashes + usize::from(rest.starts_with('b')))
}

fn prev_ident(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

/// The end of the item that starts at `from`: past its balanced `{ … }` or its `;`, whichever
/// comes first (attributes before it included).
fn skip_item(text: &str, from: usize) -> usize {
    let b = text.as_bytes();
    let mut i = from;
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            b';' if depth == 0 => return i + 1,
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The child modules a file declares (`mod x;`, `pub mod x;`, `pub(crate) mod x;`).
fn children(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for stmt in code.split(';') {
        let words: Vec<&str> = stmt.split_whitespace().collect();
        if let Some(p) = words.iter().position(|w| *w == "mod") {
            if let Some(name) = words.get(p + 1) {
                if words.len() == p + 2 && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    out.insert(name.to_string());
                }
            }
        }
    }
    out
}

/// `stmt` without the outer attributes (`#[cfg(feature = "x")]`) before it, trimmed.
fn without_attributes(stmt: &str) -> &str {
    let mut t = stmt.trim_start();
    while t.starts_with("#[") {
        let end = skip_brackets(t);
        t = t[end..].trim_start();
    }
    t
}

/// The end of the bracketed attribute `#[…]` at the start of `t`.
fn skip_brackets(t: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in t.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    t.len()
}

/// Every path a `use` tree or an expression names: `a::{b, c::{d}}` becomes `a::b`, `a::c::d`.
fn paths(code: &str) -> Vec<Vec<String>> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if is_ident_start(b[i]) && !prev_ident(b, i) && (i == 0 || b[i - 1] != b':') {
            let (paths, end) = path_tree(code, i);
            out.extend(paths);
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

/// The paths of the path or use tree starting at `i`, and where it ends.
fn path_tree(code: &str, mut i: usize) -> (Vec<Vec<String>>, usize) {
    let b = code.as_bytes();
    let mut prefix = Vec::new();
    loop {
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if start == i {
            return (vec![prefix], i);
        }
        prefix.push(code[start..i].to_string());
        let after = skip_ws(code, i);
        if !code[after..].starts_with("::") {
            return (vec![prefix], i);
        }
        i = skip_ws(code, after + 2);
        if code[i..].starts_with('{') {
            let mut out = Vec::new();
            i += 1;
            loop {
                i = skip_ws(code, i);
                if i >= b.len() {
                    return (out, i);
                }
                match b[i] {
                    b'}' => return (out, i + 1),
                    b',' => i += 1,
                    c if is_ident_start(c) => {
                        let (inner, end) = path_tree(code, i);
                        for p in inner {
                            let mut full = prefix.clone();
                            full.extend(p.into_iter().filter(|s| s != "self"));
                            out.push(full);
                        }
                        i = end;
                        // `as alias`
                        let next = skip_ws(code, i);
                        if code[next..].starts_with("as ") {
                            i = next + 3;
                            i = skip_ws(code, i);
                            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                                i += 1;
                            }
                        }
                    }
                    _ => i += 1,
                }
            }
        }
        if code[i..].starts_with('*') || code[i..].starts_with('<') {
            return (vec![prefix], i);
        }
    }
}

fn skip_ws(code: &str, mut i: usize) -> usize {
    let b = code.as_bytes();
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// What a file re-exports from its own children: `pub use child::{A, b::C}` maps `A` to
/// `child::A` and `C` to `child::b::C` (relative to the file's module).
fn facade(code: &str) -> BTreeMap<String, Vec<String>> {
    let children = children(code);
    let mut out = BTreeMap::new();
    for stmt in code.split(';') {
        let t = without_attributes(stmt);
        let Some(rest) = t
            .strip_prefix("pub use ")
            .or_else(|| t.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        for p in paths(rest) {
            let first = p.first().map(String::as_str);
            let p: Vec<String> = if first == Some("self") {
                p[1..].to_vec()
            } else {
                p
            };
            if p.first().is_some_and(|c| children.contains(c)) {
                if let Some(name) = p.last() {
                    out.insert(name.clone(), p.clone());
                }
            }
        }
    }
    out
}

/// Resolves `path`, named in module `at`, to the module file that defines what it names, or
/// `None` when it does not start at a module of this crate.
fn resolve(
    modules: &BTreeMap<Vec<String>, Module>,
    at: &[String],
    path: &[String],
) -> Option<Vec<String>> {
    if path.len() < 2 {
        return None;
    }
    let mut cur: Vec<String> = at.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            cur.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                cur.pop()?;
                rest = &rest[1..];
            }
        }
        Some(first) if modules.get(at).is_some_and(|m| m.children.contains(first)) => {}
        _ => return None,
    }
    loop {
        let Some(seg) = rest.first() else {
            return Some(cur);
        };
        let mut next = cur.clone();
        next.push(seg.clone());
        if modules.contains_key(&next) {
            cur = next;
            rest = &rest[1..];
            continue;
        }
        // A name a facade re-exports from one of its children: the child that defines it.
        let Some(target) = modules.get(&cur).and_then(|m| m.facade.get(seg)) else {
            return Some(cur);
        };
        let mut full = cur.clone();
        full.extend(target[..target.len() - 1].iter().cloned());
        while !modules.contains_key(&full) {
            full.pop();
        }
        return Some(full);
    }
}

/// The module's dependency edges: target module → the first path that names it.
fn edges(
    modules: &BTreeMap<Vec<String>, Module>,
    at: &[String],
    m: &Module,
) -> BTreeMap<Vec<String>, String> {
    let mut out = BTreeMap::new();
    for stmt_path in paths_without_child_facades(&m.code, &m.children) {
        if let Some(target) = resolve(modules, at, &stmt_path) {
            if target != at && !target.is_empty() {
                out.entry(target).or_insert_with(|| stmt_path.join("::"));
            }
        }
    }
    out
}

/// [`paths`] of the code without `mod` declarations and without `pub use` statements of the
/// file's own children (a facade, not a dependency).
fn paths_without_child_facades(code: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for stmt in code.split(';') {
        let t = without_attributes(stmt);
        let words: Vec<&str> = t.split_whitespace().collect();
        if words.iter().take(3).any(|w| *w == "mod") && words.len() <= 3 {
            continue;
        }
        let reexport = t
            .strip_prefix("pub use ")
            .or_else(|| t.strip_prefix("pub(crate) use "));
        match reexport {
            Some(rest) => {
                for p in paths(rest) {
                    let own = match p.first().map(String::as_str) {
                        Some("self") => p.get(1).is_some_and(|c| children.contains(c)),
                        Some(c) => children.contains(c),
                        None => false,
                    };
                    if !own {
                        out.push(p);
                    }
                }
            }
            None => out.extend(paths(stmt)),
        }
    }
    out
}

/// Every strongly connected set of more than one module, one line per edge inside it
/// (`a -> b (the path that names b)`), found by Tarjan's algorithm.
fn cycles(modules: &BTreeMap<Vec<String>, Module>) -> Vec<String> {
    let names: Vec<&Vec<String>> = modules.keys().collect();
    let index: BTreeMap<&Vec<String>, usize> =
        names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let graph: Vec<BTreeMap<usize, String>> = names
        .iter()
        .map(|n| {
            edges(modules, n, &modules[*n])
                .into_iter()
                .filter_map(|(t, why)| index.get(&t).map(|&i| (i, why)))
                .collect()
        })
        .collect();
    let mut t = Tarjan {
        graph: &graph,
        index: vec![None; names.len()],
        low: vec![0; names.len()],
        stack: Vec::new(),
        on_stack: vec![false; names.len()],
        next: 0,
        sccs: Vec::new(),
    };
    for v in 0..names.len() {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    let show = |i: usize| {
        let n = names[i].join("::");
        if n.is_empty() {
            "crate".to_string()
        } else {
            n
        }
    };
    t.sccs
        .into_iter()
        .filter(|s| s.len() > 1)
        .map(|s| {
            let set: BTreeSet<usize> = s.iter().copied().collect();
            let mut lines = Vec::new();
            for &a in &set {
                for (b, why) in &graph[a] {
                    if set.contains(b) {
                        lines.push(format!(
                            "  {} -> {} ({why}) in {}",
                            show(a),
                            show(*b),
                            modules[names[a]].file.display()
                        ));
                    }
                }
            }
            lines.join("\n")
        })
        .collect()
}

struct Tarjan<'g> {
    graph: &'g [BTreeMap<usize, String>],
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    stack: Vec<usize>,
    on_stack: Vec<bool>,
    next: usize,
    sccs: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: usize) {
        self.index[v] = Some(self.next);
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        let targets: Vec<usize> = self.graph[v].keys().copied().collect();
        for w in targets {
            match self.index[w] {
                None => {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                scc.push(w);
                if w == v {
                    break;
                }
            }
            self.sccs.push(scc);
        }
    }
}
