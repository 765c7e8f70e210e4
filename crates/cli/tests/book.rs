//! The guide in `docs/` and README.md keep their promises: every `delve` command they show
//! runs and prints what they say it prints, and every link between their pages resolves.
//!
//! How a chapter writes an example:
//!
//! - A fenced block whose info string starts with `console` is a transcript. Each line that
//!   starts with `$ ` is a command (a line ending in `\` continues on the next); the lines up
//!   to the next `$ ` line are its expected output: stdout, then stderr.
//! - Commands run with `sh -c` from the repository's root, with this build's `delve` first on
//!   the `PATH`, so pipes and redirections work as in a terminal.
//! - The expected exit code is 0, or `N` for a block written `console,exit=N`.
//! - Output is compared line by line, trailing spaces ignored. A line that is just `…` stands
//!   for any number of lines; a `…` inside a line stands for any text. Durations (a number
//!   followed by `ns`, `µs`, `ms`, `s`, `min` or `h`) are masked on both sides, so times may
//!   differ from the guide's. A command shown with no output is checked for its exit code
//!   only.
//! - `console,norun` is for what cannot run unattended (`delve serve`, the play modes): such a
//!   block is shown, not run. Blocks written `sh`, `bash` or `shell` hold other tools'
//!   commands (cargo, mdbook), never a `delve` command.
//!
//! `BOOK_CHAPTER=route.md cargo test -p delve-cli --test book` runs one chapter's examples
//! (`BOOK_CHAPTER=README.md` the README's).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest a guide example may take in this (optimised test) build.
const EXAMPLE_TIMEOUT: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

fn book_src() -> PathBuf {
    root().join("docs/src")
}

/// Every Markdown page of the book, by path relative to `docs/src`.
fn pages() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![book_src()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/src is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                let rel = path.strip_prefix(book_src()).unwrap().to_string_lossy().replace('\\', "/");
                out.insert(rel, std::fs::read_to_string(&path).expect("a UTF-8 page"));
            }
        }
    }
    out
}

/// One fenced code block: its info string, its first line's number and its lines.
struct Block {
    info: String,
    line: usize,
    lines: Vec<String>,
}

/// The fenced code blocks of a page, and its text outside them (code blocks blanked, so links
/// inside code are not taken for links).
fn split(text: &str) -> (Vec<Block>, String) {
    let mut blocks = Vec::new();
    let mut prose = String::new();
    let mut open: Option<(String, Block)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut open {
            None => {
                let fence: String = trimmed.chars().take_while(|&c| c == '`' || c == '~').collect();
                if fence.len() >= 3 && fence.chars().all(|c| c == fence.chars().next().unwrap()) {
                    let info = trimmed[fence.len()..].trim().to_string();
                    open = Some((fence, Block { info, line: i + 1, lines: Vec::new() }));
                    prose.push('\n');
                } else {
                    prose.push_str(line);
                    prose.push('\n');
                }
            }
            Some((fence, block)) => {
                if trimmed.starts_with(fence.as_str()) && trimmed.trim_end() == trimmed[..fence.len()].trim_end() {
                    let (_, block) = open.take().unwrap();
                    blocks.push(block);
                } else {
                    block.lines.push(line.to_string());
                }
                prose.push('\n');
            }
        }
    }
    if let Some((_, block)) = open {
        panic!("a code block opened on line {} is never closed", block.line);
    }
    (blocks, prose)
}

/// One command of a transcript and what it should print.
struct Example {
    page: String,
    line: usize,
    command: String,
    expected: Vec<String>,
    exit: i32,
}

fn examples(page: &str, text: &str) -> (Vec<Example>, usize) {
    let (blocks, _) = split(text);
    let mut out = Vec::new();
    let mut shown = 0;
    for block in blocks {
        let mut parts = block.info.split(',').map(str::trim);
        let lang = parts.next().unwrap_or("");
        let attrs: Vec<&str> = parts.collect();
        if matches!(lang, "sh" | "bash" | "shell") {
            for (k, l) in block.lines.iter().enumerate() {
                let l = l.trim_start();
                assert!(
                    !(l.starts_with("delve ") || l.starts_with("$ delve")),
                    "{page}:{}: a delve command in a `{lang}` block; show it in a `console` block so it runs",
                    block.line + k + 1
                );
            }
            continue;
        }
        if lang != "console" {
            continue;
        }
        if attrs.contains(&"norun") {
            shown += 1;
            continue;
        }
        let exit = attrs
            .iter()
            .find_map(|a| a.strip_prefix("exit="))
            .map(|n| n.parse().unwrap_or_else(|_| panic!("{page}:{}: bad exit={n}", block.line)))
            .unwrap_or(0);
        let mut k = 0;
        while k < block.lines.len() {
            let line = &block.lines[k];
            let Some(first) = line.strip_prefix("$ ") else {
                panic!("{page}:{}: output before any `$ ` command", block.line + k + 1);
            };
            let start = block.line + k + 1;
            let mut command = first.to_string();
            while command.ends_with('\\') && k + 1 < block.lines.len() {
                command.pop();
                k += 1;
                command.push_str(block.lines[k].trim_start());
            }
            k += 1;
            let mut expected = Vec::new();
            while k < block.lines.len() && !block.lines[k].starts_with("$ ") {
                expected.push(block.lines[k].clone());
                k += 1;
            }
            out.push(Example { page: page.to_string(), line: start, command, expected, exit });
        }
    }
    (out, shown)
}

/// Replaces each duration (`12.5 ms`, `3s`, `1,234 µs`) by a marker.
fn mask_times(line: &str) -> String {
    const UNITS: [&str; 7] = ["ns", "µs", "us", "ms", "min", "s", "h"];
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_alphanumeric());
        if starts_number {
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.' || chars[j] == ',') {
                j += 1;
            }
            // A trailing `.` or `,` ends the sentence, not the number.
            while matches!(chars[j - 1], '.' | ',') {
                j -= 1;
            }
            let mut u = j;
            if u < chars.len() && chars[u] == ' ' {
                u += 1;
            }
            let rest: String = chars[u..].iter().collect();
            let unit = UNITS.iter().find(|unit| {
                rest.starts_with(**unit) && !rest[unit.len()..].chars().next().is_some_and(char::is_alphanumeric)
            });
            if let Some(unit) = unit {
                out.push_str("⟨time⟩");
                i = u + unit.chars().count();
                continue;
            }
            out.extend(&chars[i..j]);
            i = j;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Whether `actual` matches the pattern line, where `…` stands for any text.
fn line_matches(pattern: &str, actual: &str) -> bool {
    let parts: Vec<&str> = pattern.split('…').collect();
    if parts.len() == 1 {
        return pattern == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() || !actual.ends_with(last) {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the actual lines match the expected ones, where a `…` line stands for any lines.
fn lines_match(expected: &[String], actual: &[String]) -> bool {
    // matches[i][j]: expected[i..] matches actual[j..].
    let (n, m) = (expected.len(), actual.len());
    let mut matches = vec![vec![false; m + 1]; n + 1];
    matches[n][m] = true;
    for i in (0..n).rev() {
        for j in (0..=m).rev() {
            matches[i][j] = if expected[i] == "…" {
                matches[i + 1][j] || (j < m && matches[i][j + 1])
            } else {
                j < m && line_matches(&expected[i], &actual[j]) && matches[i + 1][j + 1]
            };
        }
    }
    matches[0][0]
}

fn normalise(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(|l| mask_times(l.trim_end())).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Runs one example; returns a description of what went wrong, if anything did.
fn run(example: &Example, bin_dir: &Path) -> Option<String> {
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&example.command)
        .current_dir(root())
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        stdout.read_to_end(&mut s).ok();
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        stderr.read_to_end(&mut s).ok();
        s
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > EXAMPLE_TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            return Some(format!("took over {} s", EXAMPLE_TIMEOUT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    let both = format!("{stdout}{stderr}");
    if both.contains("panicked") {
        return Some(format!("panicked:\n{both}"));
    }
    if status.code() != Some(example.exit) {
        return Some(format!("exited {:?}, the guide expects {}:\n{both}", status.code(), example.exit));
    }
    let expected: Vec<String> = example.expected.iter().map(|l| mask_times(l.trim_end())).collect();
    let expected = {
        let mut e = expected;
        while e.last().is_some_and(String::is_empty) {
            e.pop();
        }
        e
    };
    if expected.is_empty() {
        return None;
    }
    let actual = normalise(&both);
    if lines_match(&expected, &actual) {
        None
    } else {
        Some(format!(
            "printed something else.\n--- the guide shows:\n{}\n--- it printed:\n{}",
            example.expected.join("\n"),
            both.trim_end()
        ))
    }
}

#[test]
fn every_example_in_the_guide_runs_and_prints_what_the_guide_shows() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_delve"));
    let bin_dir = bin.parent().unwrap().to_path_buf();
    let only = std::env::var("BOOK_CHAPTER").ok();
    let mut failures = Vec::new();
    let (mut ran, mut shown) = (0, 0);
    let mut all = pages();
    all.insert("../../README.md".into(), std::fs::read_to_string(root().join("README.md")).expect("README.md"));
    for (page, text) in all {
        if only.as_ref().is_some_and(|o| *o != page && format!("../../{o}") != page) {
            continue;
        }
        let (examples, not_run) = examples(&page, &text);
        shown += not_run;
        for example in examples {
            ran += 1;
            if let Some(problem) = run(&example, &bin_dir) {
                failures.push(format!("docs/src/{}:{}: `{}` {problem}", example.page, example.line, example.command));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {ran} guide examples failed:\n\n{}", failures.len(), failures.join("\n\n"));
    if only.is_none() {
        assert!(ran >= 50, "only {ran} examples ran: the guide should show its commands at work");
        assert!(shown <= ran / 5, "{shown} examples are not run, against {ran} that are");
    }
    eprintln!("{ran} guide examples ran; {shown} shown without running");
}

/// mdBook's anchor for a heading: lower case, spaces to `-`, other punctuation dropped.
fn anchor(heading: &str) -> String {
    let mut text = String::new();
    let mut in_link_target = false;
    let mut prev = ' ';
    for ch in heading.chars() {
        // `[text](target)` keeps only its text.
        if prev == ']' && ch == '(' {
            in_link_target = true;
        } else if in_link_target && ch == ')' {
            in_link_target = false;
            prev = ch;
            continue;
        }
        if !in_link_target {
            text.push(ch);
        }
        prev = ch;
    }
    text.chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_lowercase().next().unwrap())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The anchors a page's headings get, with mdBook's `-1`, `-2` suffixes for repeats.
fn anchors(text: &str) -> BTreeSet<String> {
    let (_, prose) = split(text);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for line in prose.lines() {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let id = anchor(line[hashes..].trim());
            let n = seen.entry(id.clone()).or_insert(0);
            out.insert(if *n == 0 { id.clone() } else { format!("{id}-{n}") });
            *n += 1;
        }
    }
    out
}

/// The targets of the inline links `[text](target)` in a page's prose.
fn links(text: &str) -> Vec<(usize, String)> {
    let (_, prose) = split(text);
    let mut out = Vec::new();
    for (i, line) in prose.lines().enumerate() {
        // Inline code is not a link.
        let mut clean = String::new();
        let mut in_code = false;
        for ch in line.chars() {
            if ch == '`' {
                in_code = !in_code;
            } else if !in_code {
                clean.push(ch);
            }
        }
        let mut rest = clean.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("").to_string();
            out.push((i + 1, target));
            rest = &after[end..];
        }
    }
    out
}

/// Checks one link of `from` (a path relative to the root); returns what is wrong with it.
fn check_link(from: &Path, target: &str, inside_book: bool) -> Option<String> {
    if target.is_empty() {
        return Some("an empty link".into());
    }
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, fragment) = match target.split_once('#') {
        Some((f, a)) => (f, Some(a)),
        None => (target, None),
    };
    let resolved = if file.is_empty() { root().join(from) } else { root().join(from).parent().unwrap().join(file) };
    let Ok(resolved) = resolved.canonicalize() else {
        return Some(format!("{target}: no such file"));
    };
    if inside_book && !resolved.starts_with(book_src()) {
        return Some(format!("{target}: outside docs/src, so the built book cannot follow it"));
    }
    if let Some(fragment) = fragment
        && resolved.extension().is_some_and(|e| e == "md")
    {
        let text = std::fs::read_to_string(&resolved).expect("a UTF-8 page");
        if !anchors(&text).contains(fragment) {
            return Some(format!("{target}: no heading with the anchor #{fragment}"));
        }
    }
    None
}

#[test]
fn every_link_in_the_guide_and_the_readme_resolves() {
    let mut broken = Vec::new();
    let pages = pages();
    for (page, text) in &pages {
        let from = Path::new("docs/src").join(page);
        for (line, target) in links(text) {
            if let Some(problem) = check_link(&from, &target, true) {
                broken.push(format!("{}:{line}: {problem}", from.display()));
            }
        }
    }
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    for (line, target) in links(&readme) {
        if let Some(problem) = check_link(Path::new("README.md"), &target, false) {
            broken.push(format!("README.md:{line}: {problem}"));
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));

    // Every page is in the table of contents, so mdBook builds it.
    let summary = &pages["SUMMARY.md"];
    let listed: BTreeSet<String> = links(summary).into_iter().map(|(_, t)| t).collect();
    let missing: Vec<&String> = pages.keys().filter(|p| *p != "SUMMARY.md" && !listed.contains(*p)).collect();
    assert!(missing.is_empty(), "pages not in docs/src/SUMMARY.md: {missing:?}");
}

#[test]
fn the_checks_themselves_work() {
    assert_eq!(mask_times("stats: expanded 5, 0.008 ms"), "stats: expanded 5, ⟨time⟩");
    assert_eq!(mask_times("solved 90 of 90 in 422.9 s."), "solved 90 of 90 in ⟨time⟩.");
    assert_eq!(mask_times("3 sokoban levels, 2s"), "3 sokoban levels, ⟨time⟩");
    assert_eq!(mask_times("4 boxes"), "4 boxes");
    assert_eq!(mask_times("x2 s"), "x2 s");
    assert!(line_matches("cost: … (4 roads)", "cost: 418 (4 roads)"));
    assert!(!line_matches("cost: … (4 roads)", "cost: 418 (5 roads)"));
    assert!(line_matches("a…b…c", "abc"));
    assert!(!line_matches("a…b…c", "acb"));
    let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&lines(&["a", "…", "d"]), &lines(&["a", "b", "c", "d"])));
    assert!(lines_match(&lines(&["a", "…"]), &lines(&["a"])));
    assert!(!lines_match(&lines(&["a", "…", "d"]), &lines(&["a", "b", "c"])));
    assert!(!lines_match(&lines(&["a", "b"]), &lines(&["a", "b", "c"])));
    assert_eq!(anchor("Route finding: `delve route`"), "route-finding-delve-route");
    assert_eq!(anchor("The [map](x.md) format"), "the-map-format");
    let page = "# A\n## B\n```\n# not a heading\n```\n## B\nsee [x](y.md#b) and `[no](link)`\n";
    assert_eq!(anchors(page), ["a", "b", "b-1"].into_iter().map(String::from).collect());
    assert_eq!(links(page), vec![(7, "y.md#b".to_string())]);
    let (examples, _) = examples(
        "t.md",
        "```console,exit=1\n$ delve a \\\n  --b\nout\n…\n$ delve c\n```\n```console,norun\n$ delve serve\n```\n",
    );
    assert_eq!(examples.len(), 2);
    assert_eq!((examples[0].command.as_str(), examples[0].exit), ("delve a --b", 1));
    assert_eq!(examples[0].expected, ["out", "…"]);
    assert!(examples[1].expected.is_empty());
}
