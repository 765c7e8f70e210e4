//! No file cycles inside a crate: for every crate of the workspace, the files of `src/` and
//! the `crate::` / `super::` paths their code names (comments and unit tests aside) form a
//! graph, which must have no cycle. A `mod` declaration is not an edge; naming a module by
//! path is.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `src/` folder of the workspace's crates.
fn crate_sources() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for parent in ["crates", "crates/domains"] {
        let Ok(entries) = std::fs::read_dir(root().join(parent)) else { continue };
        for entry in entries.flatten() {
            let src = entry.path().join("src");
            if src.join("lib.rs").exists() || src.join("main.rs").exists() {
                out.push(src);
            }
        }
    }
    out.sort();
    out
}

/// The `.rs` files under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `src/a/b.rs` and `src/a/b/mod.rs` are `["a", "b"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The paths a file names: `crate::a::b…` and `super::…`, resolved to module paths (as
/// long as they can be read: identifiers joined by `::`; a `{` group adds each member).
fn named_paths(module: &[String], text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    // Inside an inline `mod x { … }` (tests, mostly), `super` is the file's own module.
    let inline_mod = inline_module_start(text);
    let parent = module[..module.len().saturating_sub(1)].to_vec();
    for prefix in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(at) = text[from..].find(prefix) {
            let start = from + at;
            from = start + prefix.len();
            // A whole word: not `my_crate::` or `self.crate::`.
            if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
                continue;
            }
            let mut path = match prefix {
                "crate::" => Vec::new(),
                _ if inline_mod.is_some_and(|at| start > at) => module.to_vec(),
                _ => parent.clone(),
            };
            let mut rest = &text[from..];
            loop {
                let ident: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if ident.is_empty() {
                    if let Some(group) = rest.strip_prefix('{') {
                        let end = group.find('}').unwrap_or(group.len());
                        for member in group[..end].split(',') {
                            let member: String =
                                member.trim().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                            if !member.is_empty() && member != "self" {
                                let mut p = path.clone();
                                p.push(member);
                                out.push(p);
                            }
                        }
                    }
                    break;
                }
                rest = &rest[ident.len()..];
                path.push(ident);
                match rest.strip_prefix("::") {
                    Some(next) => rest = next,
                    None => break,
                }
            }
            out.push(path);
        }
    }
    out
}

/// Where the first inline module (`mod name {`) of a file starts, if it has one.
fn inline_module_start(text: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let t = t.strip_prefix("pub ").or_else(|| t.strip_prefix("pub(crate) ")).unwrap_or(t);
        if let Some(rest) = t.strip_prefix("mod ")
            && rest.trim_end().ends_with('{')
        {
            return Some(offset);
        }
        offset += line.len();
    }
    None
}

/// The file a module path lands in: the longest prefix that is a file's module.
fn file_of<'a>(modules: &'a BTreeMap<Vec<String>, PathBuf>, path: &[String]) -> Option<&'a PathBuf> {
    (0..=path.len()).rev().find_map(|n| modules.get(&path[..n]))
}

/// The file graph's cycles: its strongly connected components of more than one file.
fn cycles(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    // Tarjan's algorithm, iteratively small enough here to write recursively: graphs have
    // at most a few hundred files.
    struct State<'g> {
        edges: &'g BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'g PathBuf, usize>,
        low: BTreeMap<&'g PathBuf, usize>,
        stack: Vec<&'g PathBuf>,
        on_stack: BTreeSet<&'g PathBuf>,
        out: Vec<Vec<PathBuf>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g PathBuf) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The `crate::`/`super::` edges between the files of one crate.
fn file_graph(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files.iter().map(|f| (module_of(src, f), f.clone())).collect();
    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a readable source file");
        // Comments (doc links included) and unit tests (`#[cfg(test)]` to the end, as this
        // workspace writes them) are no dependency of the code.
        let code = text.split("\n#[cfg(test)]").next().unwrap_or(&text);
        let text: String = code
            .lines()
            .map(|line| match line.find("//") {
                Some(at) => &line[..at],
                None => line,
            })
            .collect::<Vec<_>>()
            .join("\n");
        let module = module_of(src, file);
        let targets = edges.entry(file.clone()).or_default();
        for path in named_paths(&module, &text) {
            if let Some(target) = file_of(&modules, &path) {
                // Naming one's own module or an ancestor's items through the root file is no
                // file edge when the target is the crate root (every file may use the root's
                // re-exports only through their own files, which this already resolves).
                if target != file && !module_of(src, target).is_empty() {
                    targets.insert(target.clone());
                }
            }
        }
    }
    edges
}

#[test]
fn no_crate_has_a_file_cycle() {
    let mut found = Vec::new();
    for src in crate_sources() {
        for cycle in cycles(&file_graph(&src)) {
            let names: Vec<String> =
                cycle.iter().map(|f| f.strip_prefix(root()).unwrap_or(f).display().to_string()).collect();
            found.push(names.join(" ↔ "));
        }
    }
    assert!(found.is_empty(), "file cycles:\n{}", found.join("\n"));
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let p = |s: &str| PathBuf::from(s);
    let mut edges = BTreeMap::new();
    edges.insert(p("a"), BTreeSet::from([p("b")]));
    edges.insert(p("b"), BTreeSet::from([p("c")]));
    edges.insert(p("c"), BTreeSet::from([p("a")]));
    edges.insert(p("d"), BTreeSet::from([p("a")]));
    assert_eq!(cycles(&edges), vec![vec![p("a"), p("b"), p("c")]]);
    let module = vec!["x".to_string(), "y".to_string()];
    let named = named_paths(&module, "use crate::a::{b, c::d};\nlet v = super::z::w();\nmy_crate::q");
    assert!(named.contains(&vec!["a".to_string(), "b".to_string()]), "{named:?}");
    assert!(named.contains(&vec!["a".to_string(), "c".to_string()]), "{named:?}");
    assert!(named.contains(&vec!["x".to_string(), "z".to_string(), "w".to_string()]), "{named:?}");
    assert!(!named.iter().any(|p| p.first().is_some_and(|s| s == "q")), "{named:?}");
}
