//! The Berkeley CS188 multi-agent project's game-tree tests (`GraphGameTreeTest`): read a
//! `*.test` file into a [`GraphGame`], run its agent, and check the move and the set of
//! generated states against the `*.solution` file beside it.
//!
//! The files are `key: "value"` lines and `key: """` blocks closed by a `"""` line; `#`
//! starts a comment. A test names its agent (`alg`: `MinimaxAgent`, `AlphaBetaAgent`,
//! `ExpectimaxAgent`), `depth` (rounds), `num_agents`, `start_state`, `win_states`,
//! `lose_states`, `successors` (`state action next` lines, in the order the moves are
//! returned) and `evaluation` (`state value` lines). A solution gives `action`, the root's
//! move, and `generated`, every state whose creation the agent asked for, plus the root.
//! Win and lose states are terminal whatever follows them; a state's value is its
//! evaluation, at terminal states and at the depth cut-off alike.
//!
//! Every error names the file, line and column.

use crate::{Game, Method, search};
use delve_core::{Event, FnObserver, Limits, ParseError, Stats, StopReason};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Why a test or solution file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum Cs188Error {
    /// The file could not be read.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// What went wrong (in the message, not a separate cause, so it is printed once).
        error: std::io::Error,
    },
    /// The file is not a well-formed game-tree test or solution: where, and what was expected.
    #[error(transparent)]
    Syntax(#[from] ParseError<String>),
    /// A folder given for its tests has no `*.test` files.
    #[error("{0}: no `*.test` files in this folder")]
    NoTests(String),
}

/// A value of a test file and where its text starts.
#[derive(Debug)]
struct Field {
    text: String,
    line: usize,
    column: usize,
}

impl Field {
    /// The value's lines, each with its line number and the column of its first character.
    fn lines(&self) -> impl Iterator<Item = (usize, usize, &str)> {
        self.text.split('\n').enumerate().map(|(i, l)| (self.line + i, if i == 0 { self.column } else { 1 }, l))
    }
}

/// The words of `line` with their columns, counting from `column`.
fn words(column: usize, line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, (b, c)) in line.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, b)),
            (true, Some((ci, sb))) => {
                out.push((column + ci, &line[sb..b]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((ci, sb)) = start {
        out.push((column + ci, &line[sb..]));
    }
    out
}

/// A parsed key/value file, keeping where each value was.
struct Fields<'a> {
    file: &'a str,
    map: HashMap<String, Field>,
    /// The last line, for errors about missing keys.
    end: usize,
}

impl<'a> Fields<'a> {
    fn error(&self, line: usize, column: usize, message: impl Into<String>) -> Cs188Error {
        Cs188Error::Syntax(ParseError { file: Some(self.file.into()), line, column, kind: message.into() })
    }

    fn parse(file: &'a str, text: &str) -> Result<Self, Cs188Error> {
        let mut fields = Fields { file, map: HashMap::new(), end: 1 };
        // Comments run from `#` to the end of the line, inside blocks too (as Berkeley's
        // reader does).
        let lines: Vec<&str> = text.lines().map(|l| l.find('#').map_or(l, |i| &l[..i])).collect();
        fields.end = lines.len().max(1);
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            let number = i + 1;
            i += 1;
            if line.trim().is_empty() {
                continue;
            }
            let Some((key, rest)) = line.split_once(':') else {
                return Err(fields.error(number, 1, "expected `key: \"value\"` or `key: \"\"\"`"));
            };
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphabetic() || c == '_') {
                return Err(fields.error(number, 1, format!("expected a key of letters and `_`, found `{key}`")));
            }
            let value_col = key.chars().count() + 2;
            let Some(rest) = rest.strip_prefix(' ') else {
                return Err(fields.error(number, value_col, "expected a space after `:`"));
            };
            let field = if rest.trim_end() == "\"\"\"" {
                let mut body = Vec::new();
                loop {
                    let Some(l) = lines.get(i) else {
                        return Err(fields.error(
                            number,
                            value_col + 1,
                            format!("`{key}`: block not closed by `\"\"\"`"),
                        ));
                    };
                    i += 1;
                    if l.trim() == "\"\"\"" {
                        break;
                    }
                    body.push(*l);
                }
                Field { text: body.join("\n"), line: number + 1, column: 1 }
            } else {
                let trimmed = rest.trim_end();
                match trimmed.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
                    Some(v) if trimmed.len() >= 2 => Field { text: v.to_string(), line: number, column: value_col + 2 },
                    _ => return Err(fields.error(number, value_col + 1, "expected a value in double quotes")),
                }
            };
            if fields.map.insert(key.to_string(), field).is_some() {
                return Err(fields.error(number, 1, format!("`{key}` given twice")));
            }
        }
        Ok(fields)
    }

    fn get(&self, key: &str) -> Result<&Field, Cs188Error> {
        self.map.get(key).ok_or_else(|| self.error(self.end, 1, format!("missing key `{key}`")))
    }

    /// A one-word value.
    fn word(&self, key: &str) -> Result<(usize, usize, &str), Cs188Error> {
        let f = self.get(key)?;
        match words(f.column, &f.text)[..] {
            [(col, w)] if !f.text.contains('\n') => Ok((f.line, col, w)),
            _ => Err(self.error(f.line, f.column, format!("`{key}`: expected one word"))),
        }
    }

    /// A whole number value.
    fn number(&self, key: &str, min: u32) -> Result<u32, Cs188Error> {
        let (line, col, w) = self.word(key)?;
        match w.parse::<u32>() {
            Ok(n) if n >= min => Ok(n),
            _ => Err(self.error(line, col, format!("`{key}`: expected a whole number ≥ {min}, found `{w}`"))),
        }
    }
}

/// The most moves (`depth` × `num_agents`) a test may ask its agent to look ahead: far past
/// CS188's tests (a few dozen), and a bound on the work of checking a test before it runs.
pub const MAX_PLIES: u32 = 10_000;

/// A state of a [`GraphGame`]: a node of the tree and the agent to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GraphState {
    /// The node (see [`GraphGame::name`]).
    pub node: usize,
    /// The agent to move: agents take turns, 0 (Pacman) at the root.
    pub agent: usize,
}

/// A game given as an explicit graph: named states, moves in file order, win and lose
/// states, and an evaluation for the states a search may stop at. Its value for agent 0 is
/// the evaluation; the other agents are scored with its negation.
#[derive(Clone, Debug)]
pub struct GraphGame {
    names: Vec<String>,
    moves: Vec<Vec<(String, usize)>>,
    ends: Vec<bool>,
    values: Vec<Option<f64>>,
    start: usize,
    agents: usize,
}

impl GraphGame {
    /// The root, with agent 0 to move.
    pub fn start(&self) -> GraphState {
        GraphState { node: self.start, agent: 0 }
    }
    /// A node's name.
    pub fn name(&self, node: usize) -> &str {
        &self.names[node]
    }
    /// The name of move number `action` in `state` (as in the file).
    pub fn action_name(&self, state: &GraphState, action: usize) -> &str {
        &self.moves[state.node][action].0
    }
    fn value(&self, node: usize) -> f64 {
        // `GraphTest::parse` checks that every state its depth can evaluate has a value.
        self.values[node].unwrap_or(f64::NAN)
    }
}

impl Game for GraphGame {
    type State = GraphState;
    type Action = usize;
    fn num_agents(&self) -> usize {
        self.agents
    }
    fn initial_state(&self) -> GraphState {
        self.start()
    }
    fn to_move(&self, state: &GraphState) -> usize {
        state.agent
    }
    fn actions(&self, state: &GraphState) -> Vec<usize> {
        (0..self.moves[state.node].len()).collect()
    }
    fn result(&self, state: &GraphState, action: &usize) -> GraphState {
        GraphState { node: self.moves[state.node][*action].1, agent: (state.agent + 1) % self.agents }
    }
    fn is_terminal(&self, state: &GraphState) -> bool {
        self.ends[state.node] || self.moves[state.node].is_empty()
    }
    fn utility(&self, state: &GraphState, agent: usize) -> f64 {
        let v = self.value(state.node);
        if agent == 0 { v } else { -v }
    }
    fn evaluate(&self, state: &GraphState) -> f64 {
        self.value(state.node)
    }
}

/// A `GraphGameTreeTest`: the agent to run, its depth, and the tree.
#[derive(Clone, Debug)]
pub struct GraphTest {
    /// The agent (`alg`).
    pub method: Method,
    /// The cut-off in rounds (`depth`).
    pub depth: u32,
    /// The tree.
    pub game: GraphGame,
}

/// What running a test's agent gave.
#[derive(Clone, Debug)]
pub struct TreeRun {
    /// The root's move, by name.
    pub action: Option<String>,
    /// The root's value.
    pub value: f64,
    /// The root and every state created by a move, by name.
    pub generated: BTreeSet<String>,
    /// The search's statistics.
    pub stats: Stats,
    /// Why the search stopped before deciding (a limit, Ctrl-C), if it did.
    pub stop_reason: Option<StopReason>,
}

impl GraphTest {
    /// Reads a test from `text`; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, Cs188Error> {
        let f = Fields::parse(file, text)?;
        let (line, col, class) = f.word("class")?;
        if class != "GraphGameTreeTest" {
            return Err(f.error(line, col, format!("expected class `GraphGameTreeTest`, found `{class}`")));
        }
        let (line, col, alg) = f.word("alg")?;
        let method = match alg {
            "MinimaxAgent" => Method::Minimax,
            "AlphaBetaAgent" => Method::AlphaBeta,
            "ExpectimaxAgent" => Method::Expectimax,
            _ => {
                return Err(f.error(
                    line,
                    col,
                    format!("expected `MinimaxAgent`, `AlphaBetaAgent` or `ExpectimaxAgent`, found `{alg}`"),
                ));
            }
        };
        let depth = f.number("depth", 0)?;
        let agents = f.number("num_agents", 1)? as usize;
        let plies = u64::from(depth) * agents as u64;
        if plies > u64::from(MAX_PLIES) {
            let (line, col, _) = f.word("depth")?;
            return Err(f.error(
                line,
                col,
                format!("`depth` × `num_agents` is {plies} moves; at most {MAX_PLIES} are searched"),
            ));
        }
        let mut game = GraphGame { names: vec![], moves: vec![], ends: vec![], values: vec![], start: 0, agents };
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut node = |game: &mut GraphGame, name: &str| {
            *index.entry(name.to_string()).or_insert_with(|| {
                game.names.push(name.to_string());
                game.moves.push(vec![]);
                game.ends.push(false);
                game.values.push(None);
                game.names.len() - 1
            })
        };
        game.start = node(&mut game, f.word("start_state")?.2);
        for key in ["win_states", "lose_states"] {
            let field = f.get(key)?;
            for (_, col, l) in field.lines() {
                for (_, w) in words(col, l) {
                    let n = node(&mut game, w);
                    game.ends[n] = true;
                }
            }
        }
        let field = f.get("successors")?;
        for (line, col, l) in field.lines() {
            match words(col, l)[..] {
                [] => {}
                [(_, from), (c, action), (_, to)] => {
                    let (from, to) = (node(&mut game, from), node(&mut game, to));
                    if game.moves[from].iter().any(|(a, _)| a == action) {
                        return Err(f.error(line, c, format!("move `{action}` given twice for this state")));
                    }
                    game.moves[from].push((action.to_string(), to));
                }
                _ => return Err(f.error(line, col, "expected `state action next_state`")),
            }
        }
        let field = f.get("evaluation")?;
        for (line, col, l) in field.lines() {
            match words(col, l)[..] {
                [] => {}
                [(_, state), (c, value)] => {
                    let v = value
                        .parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .ok_or_else(|| f.error(line, c, format!("expected a finite number, found `{value}`")))?;
                    let n = node(&mut game, state);
                    if game.values[n].replace(v).is_some() {
                        return Err(f.error(line, 1, format!("`{state}` evaluated twice")));
                    }
                }
                _ => return Err(f.error(line, col, "expected `state value`")),
            }
        }
        let test = GraphTest { method, depth, game };
        if let Some(missing) = test.unvalued() {
            return Err(f.error(
                field.line,
                1,
                format!("`{missing}` has no evaluation, but it is terminal or at the depth cut-off"),
            ));
        }
        Ok(test)
    }

    /// Reads a test file.
    pub fn read(path: &Path) -> Result<Self, Cs188Error> {
        GraphTest::parse(&path.display().to_string(), &read(path)?)
    }

    /// The first state the search could evaluate that has no evaluation. The states are
    /// walked a ply at a time, each ply's states once, so the walk holds one ply's states and
    /// takes at most [`MAX_PLIES`] steps, whatever cycles the tree has.
    fn unvalued(&self) -> Option<&str> {
        let game = &self.game;
        let max = self.depth as usize * game.agents;
        let mut layer = vec![game.start()];
        for ply in 0..=max {
            let mut next = Vec::new();
            for s in &layer {
                if game.is_terminal(s) || ply == max {
                    if game.values[s.node].is_none() {
                        return Some(game.name(s.node));
                    }
                    continue;
                }
                next.extend(game.actions(s).iter().map(|a| game.result(s, a)));
            }
            next.sort_unstable_by_key(|s| (s.node, s.agent));
            next.dedup();
            if next.is_empty() {
                break;
            }
            layer = next;
        }
        None
    }

    /// Runs the test's agent at its depth.
    pub fn run(&self, limits: &Limits) -> TreeRun {
        let game = &self.game;
        let mut generated = BTreeSet::from([game.name(game.start).to_string()]);
        let observer = FnObserver(|e: &Event<'_, GraphState, u32>, _: &_| {
            if let Event::Generate(n) = e {
                generated.insert(game.name(n.state.node).to_string());
            }
        });
        let out = search(game, &game.start(), self.method, Some(self.depth), limits, observer);
        let decision = out.decision();
        TreeRun {
            action: decision.and_then(|d| d.action).map(|a| game.action_name(&game.start(), a).to_string()),
            value: decision.map_or(f64::NAN, |d| d.value),
            generated,
            stats: out.stats,
            stop_reason: out.outcome.as_ref().err().copied(),
        }
    }
}

/// A `*.solution` file: the expected move and generated states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The root's move.
    pub action: String,
    /// The generated states.
    pub generated: BTreeSet<String>,
}

impl Expected {
    /// Reads a solution from `text`; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, Cs188Error> {
        let f = Fields::parse(file, text)?;
        let action = f.word("action")?.2.to_string();
        let field = f.get("generated")?;
        let generated = field.lines().flat_map(|(_, c, l)| words(c, l)).map(|(_, w)| w.to_string()).collect();
        Ok(Expected { action, generated })
    }
}

/// The verdict on one test.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The test file.
    pub file: PathBuf,
    /// The question folder it sits in (`q2`, …), if any.
    pub question: Option<String>,
    /// The agent.
    pub method: Method,
    /// What the agent did.
    pub run: TreeRun,
    /// What the solution expects.
    pub expected: Expected,
}

impl Verdict {
    /// The move and the generated states both match.
    pub fn passed(&self) -> bool {
        self.run.action.as_deref() == Some(self.expected.action.as_str())
            && self.run.generated == self.expected.generated
    }
}

/// Any CS188 test or solution file read as its `key: "value"` fields, for the test classes
/// other crates check (Pacman's game tests and game-play thresholds, say).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestFile {
    /// Each key's value and the line where the value starts.
    fields: HashMap<String, (String, usize)>,
}

impl TestFile {
    /// Parses `text` (errors name `file`, line and column).
    pub fn parse(file: &str, text: &str) -> Result<TestFile, Cs188Error> {
        let f = Fields::parse(file, text)?;
        Ok(TestFile { fields: f.map.into_iter().map(|(k, v)| (k, (v.text, v.line))).collect() })
    }

    /// Reads and parses a file.
    pub fn read(path: &Path) -> Result<TestFile, Cs188Error> {
        TestFile::parse(&path.display().to_string(), &read(path)?)
    }

    /// The value of `key`, if given (a block's lines joined by newlines).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.get(key).map(|(v, _)| v.as_str())
    }

    /// The line where `key`'s value starts, if given.
    pub fn line(&self, key: &str) -> Option<usize> {
        self.fields.get(key).map(|(_, l)| *l)
    }
}

/// Checks one test: `path` is its `*.test` file (or its `*.solution`, or the name without
/// either when no file has that name, or a test file under another name such as `tree.txt`);
/// the solution is the `*.solution` file beside it.
///
/// The search runs within `limits`; a stopped run fails the test and says why
/// ([`TreeRun::stop_reason`]).
pub fn check(path: &Path, limits: &Limits) -> Result<Verdict, Cs188Error> {
    // A name without an extension is the test's own file when one is there (a device or a
    // FIFO is then refused by name), and the name's `*.test` otherwise.
    let test_path = match path.extension().and_then(|e| e.to_str()) {
        Some("test" | "solution") => path.with_extension("test"),
        None if path.symlink_metadata().is_err() => path.with_extension("test"),
        _ => path.to_path_buf(),
    };
    let solution_path = path.with_extension("solution");
    let test = GraphTest::read(&test_path)?;
    let expected = Expected::parse(&solution_path.display().to_string(), &read(&solution_path)?)?;
    let question = test_path.parent().and_then(Path::file_name).and_then(|n| n.to_str()).map(str::to_string);
    Ok(Verdict { file: test_path, question, method: test.method, run: test.run(limits), expected })
}

/// Checks a test given as text: `test` is the `*.test` file's text, `solution` its
/// `*.solution`'s; errors and the verdict name the test `name`.
pub fn check_text(name: &str, test: &str, solution: &str, limits: &Limits) -> Result<Verdict, Cs188Error> {
    let graph = GraphTest::parse(name, test)?;
    let expected = Expected::parse(&format!("{name} (solution)"), solution)?;
    Ok(Verdict { file: PathBuf::from(name), question: None, method: graph.method, run: graph.run(limits), expected })
}

/// The test files `paths` name: files as given, folders' `*.test` files sorted by name.
pub fn test_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Cs188Error> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let io = |error| Cs188Error::Io { file: path.display().to_string(), error };
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(io)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "test"))
                .collect();
            if inside.is_empty() {
                return Err(Cs188Error::NoTests(path.display().to_string()));
            }
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// One test in the report of `delve game cs188 --json`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FileReport {
    /// The test file.
    pub file: String,
    /// The question folder it sits in (`q2`, …), if any.
    pub question: Option<String>,
    /// Whether the move and the generated states both match the solution.
    pub passed: bool,
    /// The agent's move, if it decided one.
    pub action: Option<String>,
    /// The solution's move.
    pub expected_action: String,
    /// Why the search stopped before deciding, if a limit stopped it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<&'static str>,
}

/// The domain's part of the report of `delve game cs188 --json`: every test's verdict and the
/// counts, beside the keys every report has.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Cs188Report {
    /// The tests, in the order they ran.
    pub files: Vec<FileReport>,
    /// Tests passed.
    pub passed: usize,
    /// Tests failed.
    pub failed: usize,
}

impl Cs188Report {
    /// The report of `verdicts`, run in `elapsed`: a job named `cs188`, complete when every
    /// test ran to a decision, else stopped by the first limit that stopped one. Its stats
    /// add up the tests' searches.
    pub fn of(verdicts: &[Verdict], elapsed: std::time::Duration) -> delve_core::Report<Cs188Report> {
        let files: Vec<FileReport> = verdicts
            .iter()
            .map(|v| FileReport {
                file: v.file.display().to_string(),
                question: v.question.clone(),
                passed: v.passed(),
                action: v.run.action.clone(),
                expected_action: v.expected.action.clone(),
                stop_reason: v.run.stop_reason.map(StopReason::name),
            })
            .collect();
        let passed = files.iter().filter(|f| f.passed).count();
        let mut stats = delve_core::Stats { elapsed, ..Default::default() };
        for v in verdicts {
            stats.absorb(&v.run.stats);
        }
        let stop = verdicts.iter().find_map(|v| v.run.stop_reason);
        delve_core::Report::job("cs188", stop, stats, Cs188Report { failed: files.len() - passed, files, passed })
    }
}

fn read(path: &Path) -> Result<String, Cs188Error> {
    delve_core::input::read_text(path).map_err(|error| Cs188Error::Io { file: path.display().to_string(), error })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_file_gives_values_and_lines() {
        let f =
            TestFile::parse("x.test", "class: \"EvalAgentTest\"\n# note\nlayout: \"\"\"\n%%\n%%\n\"\"\"\n").unwrap();
        assert_eq!((f.get("class"), f.line("class")), (Some("EvalAgentTest"), Some(1)));
        assert_eq!((f.get("layout"), f.line("layout")), (Some("%%\n%%"), Some(4)));
        assert_eq!(f.get("missing"), None);
        assert!(TestFile::parse("x.test", "class EvalAgentTest\n").is_err());
    }

    const SMALL: &str = r#"class: "GraphGameTreeTest"
alg: "MinimaxAgent"
depth: "3"
# a comment
num_agents: "2"
start_state: "root"
win_states: "A C"
lose_states: "B D"
successors: """
root pacLeft minLeft
root pacRight minRight
minLeft gLeft A
minLeft gRight B
minRight gLeft C
minRight gRight deeper
deeper pacLeft D
"""
evaluation: """
A 4.0
B 3.0
C 2.0
D 1000.0
"""
"#;

    fn error(text: &str) -> String {
        GraphTest::parse("t.test", text).unwrap_err().to_string()
    }

    #[test]
    fn the_small_tree_runs_every_agent() {
        let test = GraphTest::parse("t.test", SMALL).unwrap();
        let run = test.run(&Limits::none());
        assert_eq!((run.action.as_deref(), run.value), (Some("pacLeft"), 3.0));
        let all: BTreeSet<String> =
            ["A", "B", "C", "D", "deeper", "minLeft", "minRight", "root"].map(String::from).into();
        assert_eq!(run.generated, all);
        let ab = GraphTest { method: Method::AlphaBeta, ..test.clone() }.run(&Limits::none());
        assert_eq!((ab.action.as_deref(), ab.value), (Some("pacLeft"), 3.0));
        assert!(!ab.generated.contains("deeper") && !ab.generated.contains("D"));
        let ex = GraphTest { method: Method::Expectimax, ..test }.run(&Limits::none());
        // minLeft = 3.5, minRight = (2 + 1000) / 2 = 501.
        assert_eq!((ex.action.as_deref(), ex.value), (Some("pacRight"), 501.0));
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            error(&SMALL.replace("depth: \"3\"", "depth: \"x\"")),
            "t.test:3:9: `depth`: expected a whole number ≥ 0, found `x`"
        );
        assert_eq!(error(&SMALL.replace("B 3.0", "B three")), "t.test:20:3: expected a finite number, found `three`");
        assert_eq!(
            error(&SMALL.replace("deeper pacLeft D", "deeper pacLeft")),
            "t.test:16:1: expected `state action next_state`"
        );
        assert_eq!(
            error(&SMALL.replace("MinimaxAgent", "Minimax")),
            "t.test:2:7: expected `MinimaxAgent`, `AlphaBetaAgent` or `ExpectimaxAgent`, found `Minimax`"
        );
        assert_eq!(
            error(&SMALL.replace("D 1000.0\n", "")),
            "t.test:19:1: `D` has no evaluation, but it is terminal or at the depth cut-off"
        );
        assert_eq!(error("class: GraphGameTreeTest\n"), "t.test:1:8: expected a value in double quotes");
        assert_eq!(error(&SMALL.replace("start_state: \"root\"\n", "")), "t.test:22:1: missing key `start_state`");
        assert_eq!(
            error(&SMALL.replace("D 1000.0\n\"\"\"", "D 1000.0")),
            "t.test:18:13: `evaluation`: block not closed by `\"\"\"`"
        );
        assert_eq!(
            error("class: \"PacmanGameTreeTest\""),
            "t.test:1:9: expected class `GraphGameTreeTest`, found `PacmanGameTreeTest`"
        );
    }

    #[test]
    fn the_cut_off_needs_evaluations_only_where_it_falls() {
        // At depth 1 the search stops at `deeper`, which then needs a value; D does not.
        let shallow = SMALL.replace("depth: \"3\"", "depth: \"1\"").replace("D 1000.0\n", "deeper 7.0\n");
        let run = GraphTest::parse("t.test", &shallow).unwrap().run(&Limits::none());
        assert!(!run.generated.contains("D") && run.generated.contains("deeper"));
        assert_eq!(
            error(&shallow.replace("deeper 7.0\n", "")).split(": ").nth(1),
            Some("`deeper` has no evaluation, but it is terminal or at the depth cut-off")
        );
    }

    /// A tree whose two states lead to each other: `a` → `b` → `a` …, by `ways` moves each.
    fn cycle(depth: u32, ways: usize) -> String {
        let mut successors = String::new();
        for w in 0..ways {
            successors += &format!("a x{w} b\nb y{w} a\n");
        }
        format!(
            "class: \"GraphGameTreeTest\"\nalg: \"MinimaxAgent\"\ndepth: \"{depth}\"\nnum_agents: \"2\"\n\
             start_state: \"a\"\nwin_states: \"\"\nlose_states: \"\"\nsuccessors: \"\"\"\n{successors}\"\"\"\n\
             evaluation: \"\"\"\na 1.0\nb 2.0\n\"\"\"\n"
        )
    }

    #[test]
    fn a_cycle_as_deep_as_allowed_runs_without_recursion() {
        // 10,000 moves deep: recursion this deep overflows a test thread's 2 MiB stack.
        let test = GraphTest::parse("t.test", &cycle(MAX_PLIES / 2, 1)).unwrap();
        let run = test.run(&Limits::none());
        assert_eq!((run.action.as_deref(), run.value, run.stop_reason), (Some("x0"), 1.0, None));
        assert_eq!(run.stats.max_frontier, u64::from(MAX_PLIES));
        // Deeper is refused where the depth is written.
        assert_eq!(
            error(&cycle(100_000, 1)),
            "t.test:3:9: `depth` × `num_agents` is 200000 moves; at most 10000 are searched"
        );
    }

    #[test]
    fn an_exponential_tree_stops_at_a_limit() {
        // Two moves a state, 80 moves deep: 2^80 paths, stopped by the node limit.
        let test = GraphTest::parse("t.test", &cycle(40, 2)).unwrap();
        let run = test.run(&Limits::none().max_expanded(5_000));
        assert_eq!((run.action, run.stop_reason), (None, Some(StopReason::NodeLimit)));
        assert_eq!(run.stats.expanded, 5_000);
    }
}
