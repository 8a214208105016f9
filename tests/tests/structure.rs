//! The house rules of the source tree (issue 70), checked on every test run:
//!
//! - no production file longer than [`MAX_LINES`] lines (test modules and test files aside), so
//!   that a file stays one job a reader can hold;
//! - no two files import each other (`use` paths and inline `crate::`/`super::` paths, followed
//!   through re-exports such as `pub(crate) use definition::variant`), so that the imports show
//!   the layers. A module and its parent (`mod.rs`, `lib.rs`) are one unit and may use each
//!   other's items: that is how Rust modules expose their parts.
//!
//! Each rule has a list of the known exceptions still to be fixed; an exception that no longer
//! occurs fails the test too, so the lists only shrink.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

/// The longest production file, in lines.
const MAX_LINES: usize = 1000;

/// The crates whose sources are checked (the tests crate holds test code only).
const CRATES: [&str; 7] = [
    "movegen", "eval", "engine", "protocol", "referee", "gui", "cli",
];

/// Files over [`MAX_LINES`] that are still to be split (issue 70).
const KNOWN_LONG: [&str; 0] = [];

/// File pairs that still import each other (issue 70), each written in name order.
const KNOWN_LOOPS: [(&str, &str); 0] = [];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate lives in the workspace")
        .to_path_buf()
}

/// Every `.rs` file under `dir`, with its path relative to the workspace.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let rel = p.strip_prefix(root).expect("under the workspace");
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The production part of a file: everything before its `#[cfg(test)]` module (by the
/// project's convention the last item), or nothing for a file of tests.
fn production(rel: &str, text: &str) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if name == "tests.rs" || rel.contains("/tests/") {
        return String::new();
    }
    match text.find("#[cfg(test)]\nmod ") {
        Some(i) => text[..i].to_string(),
        None => text.to_string(),
    }
}

/// The module path of a source file of a crate (`src/a/b.rs` and `src/a/b/mod.rs` are `a::b`;
/// `lib.rs` and `main.rs` the root; a binary's other roots under `src/bin/` are skipped).
fn module_of(src_rel: &str) -> Option<Vec<String>> {
    let mut parts: Vec<String> = src_rel
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if parts.first().is_some_and(|p| p == "bin") {
        return None;
    }
    match parts.last().map(String::as_str) {
        Some("lib") | Some("main") if parts.len() == 1 => Some(Vec::new()),
        Some("mod") => {
            parts.pop();
            Some(parts)
        }
        _ => Some(parts),
    }
}

/// The source with comments and string literals blanked (so that paths in them are not read).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            // A character literal such as '{' (lifetimes have no closing quote).
            i += 3;
            out.push_str("' '");
        } else if b[i] == b'\'' && b.get(i + 1) == Some(&b'\\') {
            i += 2;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// The full paths of a use tree such as `super::{a::B, c::{self, D}}` (aliases dropped, `*`
/// kept as a segment).
fn expand_use(tree: &str) -> Vec<Vec<String>> {
    fn split_top(s: &str) -> Vec<&str> {
        let (mut depth, mut start, mut parts) = (0, 0, Vec::new());
        for (i, c) in s.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&s[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&s[start..]);
        parts
    }
    fn go(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
        let tree = tree.trim();
        if tree.is_empty() {
            return;
        }
        if let Some(open) = tree.find('{') {
            let head: Vec<String> = tree[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let close = tree.rfind('}').unwrap_or(tree.len());
            let mut p = prefix.to_vec();
            p.extend(head);
            for part in split_top(&tree[open + 1..close]) {
                go(&p, part, out);
            }
        } else {
            let path = tree.split(" as ").next().unwrap_or(tree);
            let mut p = prefix.to_vec();
            for seg in path.split("::").map(str::trim).filter(|s| !s.is_empty()) {
                if seg != "self" || p.is_empty() {
                    p.push(seg.to_string());
                }
            }
            out.push(p);
        }
    }
    let mut out = Vec::new();
    go(&[], tree, &mut out);
    out
}

/// One crate's modules: which file each is, and what names each file's `use` items bring in.
struct Crate {
    /// Module path to file.
    files: BTreeMap<Vec<String>, String>,
    /// Per module, the names its `use` items define and the paths they stand for (relative
    /// paths made absolute).
    aliases: HashMap<Vec<String>, HashMap<String, Vec<String>>>,
    /// Per file, the paths it uses (absolute, or `None`-rooted for outside crates: dropped).
    uses: BTreeMap<String, Vec<Vec<String>>>,
}

impl Crate {
    fn read(root: &Path, name: &str) -> Crate {
        let src = root.join(name).join("src");
        let mut rels = Vec::new();
        rust_files(root, &src, &mut rels);
        let mut files = BTreeMap::new();
        let mut texts = BTreeMap::new();
        let prefix = format!("{name}/src/");
        for rel in rels {
            let Some(module) = module_of(rel.strip_prefix(&prefix).unwrap_or(&rel)) else {
                continue;
            };
            let text = fs::read_to_string(root.join(&rel)).expect("readable source");
            texts.insert(
                module.clone(),
                (rel.clone(), code_only(&production(&rel, &text))),
            );
            files.insert(module, rel);
        }
        let mut krate = Crate {
            files,
            aliases: HashMap::new(),
            uses: BTreeMap::new(),
        };
        for (module, (rel, code)) in &texts {
            let mut paths = Vec::new();
            let mut names = HashMap::new();
            for stmt in use_statements(code) {
                for p in expand_use(&stmt) {
                    if let Some(abs) = krate.absolute(module, &p) {
                        if let Some(last) = p.last().filter(|l| *l != "*") {
                            names.insert(last.clone(), abs.clone());
                        }
                        paths.push(abs);
                    }
                }
            }
            for p in inline_paths(code) {
                if let Some(abs) = krate.absolute(module, &p) {
                    paths.push(abs);
                }
            }
            krate.aliases.insert(module.clone(), names);
            krate.uses.insert(rel.clone(), paths);
        }
        krate
    }

    /// `p`, used in `module`, as a path from the crate root; None for another crate's path.
    fn absolute(&self, module: &[String], p: &[String]) -> Option<Vec<String>> {
        let first = p.first()?;
        let (mut base, rest) = match first.as_str() {
            "crate" => (Vec::new(), &p[1..]),
            "self" => (module.to_vec(), &p[1..]),
            "super" => {
                let mut m = module.to_vec();
                let mut rest = p;
                while rest.first().is_some_and(|s| s == "super") {
                    m.pop();
                    rest = &rest[1..];
                }
                (m, rest)
            }
            _ => {
                // A 2018 path: a child module of this one, or another crate.
                let mut child = module.to_vec();
                child.push(first.clone());
                if self.files.contains_key(&child) {
                    (module.to_vec(), p)
                } else {
                    return None;
                }
            }
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file an absolute path leads to: down the modules, through the aliases.
    fn file_of(&self, path: &[String]) -> Option<String> {
        let mut path = path.to_vec();
        for _ in 0..16 {
            let mut module = Vec::new();
            let mut redirected = false;
            for (i, seg) in path.iter().enumerate() {
                let mut child = module.clone();
                child.push(seg.clone());
                if self.files.contains_key(&child) {
                    module = child;
                    continue;
                }
                if let Some(target) = self.aliases.get(&module).and_then(|a| a.get(seg)) {
                    if target != &path[..=i] {
                        let mut p = target.clone();
                        p.extend(path[i + 1..].iter().cloned());
                        path = p;
                        redirected = true;
                    }
                }
                break;
            }
            if !redirected {
                return self.files.get(&module).cloned();
            }
        }
        None
    }

    /// The module path of a file.
    fn module_path(&self, file: &str) -> Vec<String> {
        self.files
            .iter()
            .find(|(_, f)| f.as_str() == file)
            .map(|(m, _)| m.clone())
            .unwrap_or_default()
    }
}

/// The text of each top-level `use` item (without `use` and the `;`).
fn use_statements(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = find_word(rest, "use ") {
        let after = &rest[i + 4..];
        let Some(end) = after.find(';') else { break };
        out.push(after[..end].replace('\n', " "));
        rest = &after[end..];
    }
    out
}

/// Where the word `w` starts in `s` at a word boundary.
fn find_word(s: &str, w: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s[from..].find(w) {
        let at = from + i;
        let before = s[..at].chars().next_back();
        if before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) {
            return Some(at);
        }
        from = at + w.len();
    }
    None
}

/// Paths written inline in code: `crate::a::b` and `super::a::b` (not `use` items, which
/// [`use_statements`] reads).
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for root in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(root) {
            let at = from + i;
            from = at + root.len();
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let tail: String = code[at..]
                .chars()
                .take_while(|&c| c.is_alphanumeric() || c == '_' || c == ':')
                .collect();
            let segs: Vec<String> = tail
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            if segs.len() > 1 {
                out.push(segs);
            }
        }
    }
    out
}

#[test]
fn no_production_file_is_longer_than_the_limit() {
    let root = workspace();
    let mut long = BTreeSet::new();
    let mut counted = 0;
    for c in CRATES {
        let mut rels = Vec::new();
        rust_files(&root, &root.join(c).join("src"), &mut rels);
        for rel in rels {
            let text = fs::read_to_string(root.join(&rel)).expect("readable source");
            let lines = production(&rel, &text).lines().count();
            counted += 1;
            if lines > MAX_LINES {
                long.insert((rel, lines));
            }
        }
    }
    assert!(counted > 100, "only {counted} files found: wrong root?");
    let known: BTreeSet<&str> = KNOWN_LONG.iter().copied().collect();
    let new: Vec<_> = long
        .iter()
        .filter(|(f, _)| !known.contains(f.as_str()))
        .collect();
    assert!(
        new.is_empty(),
        "production files over {MAX_LINES} lines (split them by job): {new:?}"
    );
    let stale: Vec<_> = known
        .iter()
        .filter(|k| !long.iter().any(|(f, _)| f == *k))
        .collect();
    assert!(
        stale.is_empty(),
        "no longer over {MAX_LINES} lines: remove from KNOWN_LONG: {stale:?}"
    );
}

#[test]
fn no_two_files_import_each_other() {
    let root = workspace();
    let mut loops = BTreeSet::new();
    let mut edges_seen = 0;
    for c in CRATES {
        let krate = Crate::read(&root, c);
        let mut edges: BTreeSet<(String, String)> = BTreeSet::new();
        for (file, paths) in &krate.uses {
            for p in paths {
                if let Some(to) = krate.file_of(p) {
                    if &to != file {
                        edges.insert((file.clone(), to));
                    }
                }
            }
        }
        edges_seen += edges.len();
        for (a, b) in &edges {
            if a < b && edges.contains(&(b.clone(), a.clone())) {
                let (ma, mb) = (krate.module_path(a), krate.module_path(b));
                // A module and its parent are one unit (the parent declares and exposes it).
                let related = ma.len() + 1 == mb.len() && mb.starts_with(&ma)
                    || mb.len() + 1 == ma.len() && ma.starts_with(&mb);
                if !related {
                    loops.insert((a.clone(), b.clone()));
                }
            }
        }
    }
    assert!(
        edges_seen > 100,
        "only {edges_seen} imports found: the reader is broken"
    );
    let known: BTreeSet<(String, String)> = KNOWN_LOOPS
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let new: Vec<_> = loops.difference(&known).collect();
    assert!(new.is_empty(), "files that import each other: {new:#?}");
    let stale: Vec<_> = known.difference(&loops).collect();
    assert!(
        stale.is_empty(),
        "no longer a loop: remove from KNOWN_LOOPS: {stale:?}"
    );
}

/// The reader itself, on a use tree with groups, `self` and aliases.
#[test]
fn use_trees_expand_to_full_paths() {
    let paths = expand_use("super::{a::B, c::{self, D as E}, *}");
    let text: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(text, ["super::a::B", "super::c", "super::c::D", "super::*"]);
    assert_eq!(
        inline_paths("let x = crate::tt::Bound::Exact; super::f(); a::crate_x::y"),
        [
            vec![
                "crate".to_string(),
                "tt".into(),
                "Bound".into(),
                "Exact".into()
            ],
            vec!["super".to_string(), "f".into()],
        ]
    );
    assert_eq!(
        code_only("a // crate::x\n\"super::y\" '{' b"),
        "a \n\"\" ' ' b"
    );
}

/// Longer loops too: no file reaches itself through a chain of imports (a module and its
/// parent count as one unit, as above).
#[test]
fn no_chain_of_imports_comes_back() {
    let root = workspace();
    let mut cycles = Vec::new();
    for c in CRATES {
        let krate = Crate::read(&root, c);
        let mut imports: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
        for (file, paths) in &krate.uses {
            for p in paths {
                let Some(to) = krate.file_of(p) else { continue };
                let (ma, mb) = (krate.module_path(file), krate.module_path(&to));
                let related = ma.len() + 1 == mb.len() && mb.starts_with(&ma)
                    || mb.len() + 1 == ma.len() && ma.starts_with(&mb);
                if &to != file && !related {
                    imports.entry(file.clone()).or_default().insert(to);
                }
            }
        }
        for start in imports.keys() {
            let mut seen = BTreeSet::new();
            let mut stack = vec![vec![start.clone()]];
            while let Some(chain) = stack.pop() {
                let last = chain.last().expect("a chain has a file");
                for next in imports.get(last).into_iter().flatten() {
                    if next == start {
                        cycles.push(chain.join(" -> "));
                    } else if seen.insert(next.clone()) {
                        let mut longer = chain.clone();
                        longer.push(next.clone());
                        stack.push(longer);
                    }
                }
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "chains of imports that come back: {cycles:#?}"
    );
}
