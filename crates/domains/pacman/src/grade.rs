//! CS188's autograder for the multi-agent project, for what concerns whole Pacman games:
//!
//! - `PacmanGameTreeTest` (`q2/8-pacman-game`, `q3/8-pacman-game`, `q4/7-pacman-game`): a game on
//!   smallClassic against two directional ghosts where Pacman always plays the move of Berkeley's
//!   own agent and the ghosts draw from Python's random numbers reseeded after every Pacman move,
//!   so the game is the autograder's own, move for move. At every move the agent under test
//!   searches the position; the number of distinct states it creates must equal one of Berkeley's
//!   own agents' counts and its move must be one they accept.
//! - `EvalAgentTest` (q1, q5, extra): play the games, then points for the average score, the
//!   games not timed out and the wins, against the file's minimums and thresholds. The
//!   ghosts draw from delve's generator seeded with the file's `randomSeed` (these tests are
//!   statistical: they are not CS188's games move for move, which would need its agents' own
//!   random tie-breaks too).
//! - `GraphGameTreeTest`s found beside them run through `delve_game::cs188::check`.
//!
//! Questions score as CS188's do: a `PassAllTestsQuestion` gets its points only when every
//! test passes, a `PartialCreditQuestion` sums its tests' points (all of them lost if a test
//! fails outright).

use crate::agents::{AgentKind, Distances, Eval, PacmanAgent};
use crate::ghosts::{GhostKind, GraderChance};
use crate::layout::Layout;
use crate::play::{play_agent, play_within};
use crate::rules::{Dir, Rules};
use delve_core::rand::SeedableRng;
use delve_core::{Clock, Limits, Report, Stats, StopReason};
use delve_game::Method;
use delve_game::cs188::{Cs188Error, TestFile};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The agent `ContestAgent` stands for in the `extra` question: expectimax to depth 5 with
/// the `better` evaluation, expecting the ghosts to move as directional ghosts do, and ghosts
/// more than 6 steps from Pacman to make only their likeliest move. Each ply deeper scores
/// more on contestClassic; the far ghosts' single move makes depth 5 cost what depth 4 does
/// with every ghost branching (BENCHMARKS.md has the scores). When the depth-5 search
/// generates fewer than 20,000 states (a position with little branching) it searches again
/// to depth 6, which then still fits the time a move may take.
pub const CONTEST_AGENT: PacmanAgent = PacmanAgent {
    model: Some(GhostKind::Directional),
    far_ghosts: Some(6),
    deepen_below: Some(20_000),
    ..PacmanAgent::cs188(AgentKind::Search(Method::Expectimax), 5, Eval::Better)
};

/// The most Pacman moves of a graded game before it is called off (no CS188 game comes near).
const MAX_MOVES: usize = 5000;

/// Why grading could not run.
#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    /// A test or solution file is malformed.
    #[error(transparent)]
    File(#[from] Cs188Error),
    /// A file or folder could not be read.
    #[error("{path}: {error}")]
    Io {
        /// The path.
        path: String,
        /// What went wrong (in the message, not a separate cause, so it is printed once).
        error: std::io::Error,
    },
    /// A value is not what the test class needs.
    #[error("{file}:{line}: {message}")]
    Value {
        /// The file.
        file: String,
        /// Its line (1 when unknown).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// No question folders (with a `CONFIG`) in the folder.
    #[error("{0}: no CS188 question here (a folder with a CONFIG file, or folders of them)")]
    NoQuestion(String),
    /// A limit (Ctrl-C) stopped a graded game: the test has no verdict.
    #[error("grading stopped: {0}")]
    Stopped(StopReason),
}

/// One test's outcome.
#[derive(Clone, Debug, Serialize)]
pub struct TestOutcome {
    /// The test file.
    pub file: String,
    /// Its class (`PacmanGameTreeTest`, `EvalAgentTest`, `GraphGameTreeTest`).
    pub class: String,
    /// Whether it passed (for `EvalAgentTest`: every minimum met).
    pub passed: bool,
    /// Points earned (`EvalAgentTest` only).
    pub points: u32,
    /// Points it can earn (`EvalAgentTest` only).
    pub max_points: u32,
    /// What happened, line by line, as the autograder would say it.
    pub messages: Vec<String>,
    /// The scores of the games played (`EvalAgentTest`), or per move the distinct states
    /// the agent created (`PacmanGameTreeTest`).
    pub numbers: Vec<i64>,
}

/// One question's outcome.
#[derive(Clone, Debug, Serialize)]
pub struct QuestionOutcome {
    /// The folder name (`q1`, …, `extra`).
    pub question: String,
    /// Its CONFIG class.
    pub class: String,
    /// Points earned.
    pub points: u32,
    /// Its CONFIG's `max_points`.
    pub max_points: u32,
    /// Its tests, by file name.
    pub tests: Vec<TestOutcome>,
}

/// The domain's part of the report of `delve pacman grade --json`: every question graded, and
/// the totals, beside the keys every report has (`stop_reason` says why grading ended before
/// its last test: Ctrl-C, or a limit that stopped a test's search).
#[derive(Clone, Debug, Serialize)]
pub struct GradeReport {
    /// The questions graded, in order.
    pub questions: Vec<QuestionOutcome>,
    /// Points earned.
    pub points: u32,
    /// Points the questions can earn.
    pub max_points: u32,
    /// Tests passed.
    pub passed: usize,
    /// Tests failed.
    pub failed: usize,
}

impl GradeReport {
    /// The report of `questions`, graded in `elapsed` until `stop_reason` (if a limit
    /// stopped the grading): a job named `grade`.
    pub fn new(
        questions: Vec<QuestionOutcome>,
        stop_reason: Option<StopReason>,
        elapsed: std::time::Duration,
    ) -> Report<GradeReport> {
        let points = questions.iter().map(|q| q.points).sum();
        let max_points = questions.iter().map(|q| q.max_points).sum();
        let passed = questions.iter().flat_map(|q| &q.tests).filter(|t| t.passed).count();
        let failed = questions.iter().map(|q| q.tests.len()).sum::<usize>() - passed;
        let stats = Stats { elapsed, ..Stats::default() };
        Report::job("grade", stop_reason, stats, GradeReport { questions, points, max_points, passed, failed })
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> GradeError + '_ {
    move |error| GradeError::Io { path: path.display().to_string(), error }
}

/// The question folders under `dir`: `dir` itself if it has a `CONFIG` with `max_points`,
/// else its sub-folders that do, in the root CONFIG's `order` and then by name.
pub fn question_dirs(dir: &Path) -> Result<Vec<PathBuf>, GradeError> {
    let is_question = |d: &Path| TestFile::read(&d.join("CONFIG")).is_ok_and(|c| c.get("max_points").is_some());
    if is_question(dir) {
        return Ok(vec![dir.to_path_buf()]);
    }
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io(dir))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && is_question(p))
        .collect();
    // The root CONFIG's `order` first (CS188 runs q1 q2 …), then the rest by name.
    let order: Vec<String> = TestFile::read(&dir.join("CONFIG"))
        .ok()
        .and_then(|c| c.get("order").map(|o| o.split_whitespace().map(str::to_string).collect()))
        .unwrap_or_default();
    let rank = |p: &PathBuf| {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        (order.iter().position(|o| *o == name).unwrap_or(order.len()), name)
    };
    dirs.sort_by_key(rank);
    if dirs.is_empty() {
        return Err(GradeError::NoQuestion(dir.display().to_string()));
    }
    Ok(dirs)
}

/// Grades one question folder. `progress` hears about each test before it runs. Every test
/// runs within `limits`: its deadline or cancel flag stops a graded game before Pacman's next
/// move, and every search of a move or a game tree is bounded by them too; the first stop
/// ends the grading with [`GradeError::Stopped`].
pub fn grade_question(
    dir: &Path,
    limits: &Limits,
    progress: &mut dyn FnMut(&str),
) -> Result<QuestionOutcome, GradeError> {
    let config = TestFile::read(&dir.join("CONFIG"))?;
    let class = config.get("class").unwrap_or("PassAllTestsQuestion").to_string();
    let max_points = number(&config, &dir.join("CONFIG"), "max_points")?.unwrap_or(0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io(dir))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect();
    files.sort();
    let mut tests = Vec::new();
    for file in &files {
        progress(&file.display().to_string());
        tests.push(grade_test(file, limits)?);
    }
    let all_passed = tests.iter().all(|t| t.passed);
    let points = match class.as_str() {
        "PartialCreditQuestion" if all_passed => tests.iter().map(|t| t.points).sum(),
        "PartialCreditQuestion" => 0,
        _ if all_passed && !tests.is_empty() => max_points,
        _ => 0,
    };
    let question = dir.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned());
    Ok(QuestionOutcome { question, class, points, max_points, tests })
}

/// Grades one `*.test` file by its class; `limits` as for [`grade_question`].
pub fn grade_test(file: &Path, limits: &Limits) -> Result<TestOutcome, GradeError> {
    let test = TestFile::read(file)?;
    let class = test.get("class").unwrap_or("").to_string();
    let name = file.display().to_string();
    match class.as_str() {
        "PacmanGameTreeTest" => game_tree_test(file, &test, limits),
        "EvalAgentTest" => eval_agent_test(file, &test, &limits.clock()),
        "GraphGameTreeTest" => {
            let v = delve_game::cs188::check(file, limits)?;
            if let Some(reason) = v.run.stop_reason {
                return Err(GradeError::Stopped(reason));
            }
            let messages = if v.passed() { Vec::new() } else { vec!["wrong move or generated states".to_string()] };
            Ok(TestOutcome {
                file: name,
                class,
                passed: v.passed(),
                points: 0,
                max_points: 0,
                messages,
                numbers: Vec::new(),
            })
        }
        other => Err(GradeError::Value {
            file: name,
            line: test.line("class").unwrap_or(1),
            message: format!("test class `{other}` is not one this grader runs"),
        }),
    }
}

/// A whole-number value of `key`, if given.
fn number(test: &TestFile, file: &Path, key: &str) -> Result<Option<u32>, GradeError> {
    test.get(key)
        .map(|v| {
            v.trim().parse::<u32>().map_err(|_| GradeError::Value {
                file: file.display().to_string(),
                line: test.line(key).unwrap_or(1),
                message: format!("`{key}`: expected a whole number, found `{v}`"),
            })
        })
        .transpose()
}

/// Whole numbers separated by spaces (thresholds); empty when the key is absent.
fn numbers(test: &TestFile, file: &Path, key: &str) -> Result<Vec<f64>, GradeError> {
    let Some(v) = test.get(key) else { return Ok(Vec::new()) };
    v.split_whitespace()
        .map(|w| {
            w.parse::<f64>().map_err(|_| GradeError::Value {
                file: file.display().to_string(),
                line: test.line(key).unwrap_or(1),
                message: format!("`{key}`: expected numbers, found `{w}`"),
            })
        })
        .collect()
}

fn value_error(file: &Path, test: &TestFile, key: &str, message: String) -> GradeError {
    GradeError::Value { file: file.display().to_string(), line: test.line(key).unwrap_or(1), message }
}

/// The agent a test names (`alg` or `agentName`, with `agentArgs` such as `evalFn=better`).
fn agent_of(file: &Path, test: &TestFile, key: &str) -> Result<PacmanAgent, GradeError> {
    let name = test.get(key).ok_or_else(|| value_error(file, test, key, format!("missing `{key}`")))?;
    let mut agent = match name {
        "ReflexAgent" => PacmanAgent::cs188(AgentKind::Reflex, 1, Eval::Score),
        "MinimaxAgent" => PacmanAgent::cs188(AgentKind::Search(Method::Minimax), 2, Eval::Score),
        "AlphaBetaAgent" => PacmanAgent::cs188(AgentKind::Search(Method::AlphaBeta), 2, Eval::Score),
        "ExpectimaxAgent" => PacmanAgent::cs188(AgentKind::Search(Method::Expectimax), 2, Eval::Score),
        "ContestAgent" => CONTEST_AGENT,
        other => return Err(value_error(file, test, key, format!("unknown agent `{other}`"))),
    };
    for arg in test.get("agentArgs").unwrap_or("").split(',').map(str::trim).filter(|a| !a.is_empty()) {
        match arg.split_once('=') {
            Some(("evalFn", "better" | "betterEvaluationFunction")) => agent.eval = Eval::Better,
            Some(("evalFn", "scoreEvaluationFunction")) => agent.eval = Eval::Score,
            Some(("depth", d)) if d.parse::<u32>().is_ok() => agent.depth = d.parse().unwrap_or(2),
            _ => return Err(value_error(file, test, "agentArgs", format!("unknown agent argument `{arg}`"))),
        }
    }
    if let Some(depth) = number(test, file, "depth")? {
        agent.depth = depth;
    }
    Ok(agent)
}

/// The ghosts of an `EvalAgentTest`: `[RandomGhost(1), DirectionalGhost(2), …]`.
fn ghosts_of(file: &Path, test: &TestFile) -> Result<Vec<GhostKind>, GradeError> {
    let text = test.get("ghosts").unwrap_or("[RandomGhost(1)]").trim();
    let inner = text.strip_prefix('[').and_then(|t| t.strip_suffix(']'));
    let inner =
        inner.ok_or_else(|| value_error(file, test, "ghosts", format!("expected `[Ghost(1), …]`, found `{text}`")))?;
    inner
        .split("),")
        .map(|g| {
            let g = g.trim();
            if g.starts_with("RandomGhost(") {
                Ok(GhostKind::Random)
            } else if g.starts_with("DirectionalGhost(") {
                Ok(GhostKind::Directional)
            } else {
                Err(value_error(file, test, "ghosts", format!("unknown ghost `{g}`")))
            }
        })
        .collect()
}

/// An `EvalAgentTest`: play the games and award the threshold points.
fn eval_agent_test(file: &Path, test: &TestFile, clock: &Clock) -> Result<TestOutcome, GradeError> {
    let agent = agent_of(file, test, "agentName")?;
    let layout_name = test.get("layoutName").unwrap_or("");
    let layout = Layout::named(layout_name)
        .ok_or_else(|| value_error(file, test, "layoutName", format!("unknown layout `{layout_name}`")))?;
    let ghosts = ghosts_of(file, test)?;
    let games = number(test, file, "numGames")?.unwrap_or(1);
    let seed = number(test, file, "randomSeed")?.unwrap_or(0);
    let max_time = number(test, file, "maxTime")?.map(f64::from);
    let rules = Rules::new(Arc::new(layout), Some(ghosts.len()));
    let dist = Distances::new(&rules);
    let mut rng = delve_core::random::SeededRng::seed_from_u64(u64::from(seed));
    let (mut scores, mut wins, mut timeouts) = (Vec::new(), 0u32, 0u32);
    for _ in 0..games {
        let start = Instant::now();
        let g = play_agent(&rules, &dist, &agent, &ghosts, &mut rng, MAX_MOVES, clock, &mut |_| {});
        if let Some(reason) = g.stopped {
            return Err(GradeError::Stopped(reason));
        }
        if max_time.is_some_and(|t| start.elapsed().as_secs_f64() > t) {
            timeouts += 1;
        }
        wins += u32::from(g.win);
        scores.push(i64::from(g.score));
    }
    let average = scores.iter().sum::<i64>() as f64 / f64::from(games.max(1));
    let minimum = |key: &str| number(test, file, key).map(|m| m.map(f64::from));
    let criteria = [
        (average, minimum("scoreMinimum")?, numbers(test, file, "scoreThresholds")?, "average score"),
        (
            f64::from(games - timeouts),
            minimum("nonTimeoutMinimum")?,
            numbers(test, file, "nonTimeoutThresholds")?,
            "games not timed out",
        ),
        (f64::from(wins), minimum("winsMinimum")?, numbers(test, file, "winsThresholds")?, "wins"),
    ];
    let mut messages = vec![format!("{} games: scores {scores:?}, {wins} wins, average {average}", games)];
    let (mut points, mut max_points, mut passed) = (0u32, 0u32, true);
    for (value, minimum, thresholds, name) in &criteria {
        max_points += thresholds.len() as u32;
        if minimum.is_none() && thresholds.is_empty() {
            continue;
        }
        let ok = minimum.is_none_or(|m| *value >= m);
        if ok {
            let earned = thresholds.iter().filter(|t| *value >= **t).count() as u32;
            points += earned;
            messages.push(format!("{value} {name} ({earned} of {} points)", thresholds.len()));
        } else {
            passed = false;
            messages.push(format!("{value} {name} (fail: below minimum value {})", minimum.unwrap_or(0.0)));
        }
    }
    if !passed {
        points = 0;
    }
    Ok(TestOutcome {
        file: file.display().to_string(),
        class: "EvalAgentTest".into(),
        passed,
        points,
        max_points,
        messages,
        numbers: scores,
    })
}

/// One move's accepted answers: (moves, distinct states) per reference agent.
type MoveAnswers = Vec<(Vec<String>, usize)>;

/// A `PacmanGameTreeTest` (see the module's documentation).
fn game_tree_test(file: &Path, test: &TestFile, limits: &Limits) -> Result<TestOutcome, GradeError> {
    let agent = agent_of(file, test, "alg")?;
    let seed = number(test, file, "seed")?.unwrap_or(0);
    let text = test.get("layout").ok_or_else(|| value_error(file, test, "layout", "missing `layout`".into()))?;
    let layout = Layout::parse(text).map_err(|e| {
        value_error(file, test, "layout", format!("layout line {}, column {}: {}", e.line, e.column, e.kind))
    })?;
    let solution_path = file.with_extension("solution");
    let solution = TestFile::read(&solution_path)?;
    let json_lines = |key: &str| -> Result<Vec<serde_json::Value>, GradeError> {
        let text =
            solution.get(key).ok_or_else(|| value_error(&solution_path, &solution, key, format!("missing `{key}`")))?;
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                serde_json::from_str(l)
                    .map_err(|e| value_error(&solution_path, &solution, key, format!("`{key}`: {e}")))
            })
            .collect()
    };
    let names = |v: &serde_json::Value| -> Vec<String> {
        v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default()
    };
    let optimal: Vec<MoveAnswers> = json_lines("optimalActions")?
        .iter()
        .map(|line| {
            line.as_array()
                .map(|refs| refs.iter().map(|r| (names(&r[0]), r[1].as_u64().unwrap_or(0) as usize)).collect())
                .unwrap_or_default()
        })
        .collect();
    let as_sets = |lines: Vec<serde_json::Value>| -> Vec<Vec<Vec<String>>> {
        lines.iter().map(|l| l.as_array().map(|refs| refs.iter().map(&names).collect()).unwrap_or_default()).collect()
    };
    let alt_depth = as_sets(json_lines("altDepthActions")?);
    let partial_ply = as_sets(json_lines("partialPlyBugActions")?);
    if optimal.iter().any(|m| m.is_empty() || m[0].0.is_empty()) {
        return Err(value_error(&solution_path, &solution, "optimalActions", "a move with no accepted answer".into()));
    }

    let rules = Rules::new(Arc::new(layout), Some(2));
    let dist = Distances::new(&rules);
    let refs = optimal[0].len();
    let mut consistent_optimal = vec![true; refs];
    let mut consistent_alt = vec![true; alt_depth.first().map_or(0, Vec::len)];
    let mut consistent_partial = vec![true; partial_ply.first().map_or(0, Vec::len)];
    let mut wrong_states: Option<(usize, usize, Vec<usize>)> = None;
    let mut suboptimal = Vec::new();
    let mut counts = Vec::new();
    let mut too_long = false;
    let mut stopped = None;
    let mut pacman = |state: &crate::rules::State, step: usize| -> (Dir, u64) {
        let Some(answers) = optimal.get(step) else {
            too_long = true;
            return (rules.legal(state, 0)[0], 0);
        };
        if stopped.is_some() {
            return (Dir::Stop, 0);
        }
        let choice = match agent.choose_within(&rules, &dist, state, true, limits) {
            Ok(choice) => choice,
            // A limit stopped this move's search: the game ends at the next move (below).
            Err(reason) => {
                stopped = Some(reason);
                return (Dir::Stop, 0);
            }
        };
        let distinct = choice.distinct.unwrap_or(0);
        counts.push(distinct as i64);
        let name = choice.action.name();
        for (i, (moves, _)) in answers.iter().enumerate() {
            if !moves.iter().any(|m| m == name) && i < consistent_optimal.len() {
                consistent_optimal[i] = false;
            }
        }
        if !answers.iter().any(|(_, count)| *count == distinct) && wrong_states.is_none() {
            wrong_states = Some((step, distinct, answers.iter().map(|a| a.1).collect()));
        }
        if !answers.iter().any(|(moves, _)| moves.iter().any(|m| m == name)) {
            suboptimal.push((step, name, answers[0].0[0].clone()));
        }
        for (i, set) in alt_depth.get(step).into_iter().flatten().enumerate() {
            if !set.iter().any(|m| m == name) && i < consistent_alt.len() {
                consistent_alt[i] = false;
            }
        }
        for (i, set) in partial_ply.get(step).into_iter().flatten().enumerate() {
            if !set.iter().any(|m| m == name) && i < consistent_partial.len() {
                consistent_partial[i] = false;
            }
        }
        let forced = Dir::from_name(&answers[0].0[0]).unwrap_or(Dir::Stop);
        (forced, choice.stats.generated)
    };
    let mut chance = GraderChance::new(seed);
    let clock = limits.clock();
    let record =
        play_within(&rules, &mut pacman, &[GhostKind::Directional], &mut chance, MAX_MOVES, &clock, &mut |_| {});
    if let Some(reason) = record.stopped.or(stopped) {
        return Err(GradeError::Stopped(reason));
    }
    let mut messages = vec![format!(
        "{} Pacman moves, final score {}, {}",
        record.pacman_moves(),
        record.score,
        if record.win { "won" } else { "lost" }
    )];
    let passed = if too_long {
        messages.push(format!(
            "the game ran past the solution's {} moves: the ghosts did not move as in CS188",
            optimal.len()
        ));
        false
    } else if let Some((step, got, want)) = wrong_states {
        messages.push(format!("Bug: Wrong number of states expanded (move {}: {got}, accepted {want:?})", step + 1));
        false
    } else if consistent_optimal.contains(&true) {
        true
    } else if consistent_partial.contains(&true) {
        messages.push("Bug: Partial Ply Bug".into());
        false
    } else if consistent_alt.contains(&true) {
        messages.push("Bug: Search depth off by 1".into());
        false
    } else {
        if let Some((step, got, want)) = suboptimal.first() {
            messages.push(format!("Bug: Suboptimal moves (move {}: {got}, expected {want})", step + 1));
        }
        false
    };
    if record.pacman_moves() != optimal.len() && !too_long {
        messages.push(format!(
            "the game ended after {} moves, the solution has {}",
            record.pacman_moves(),
            optimal.len()
        ));
    }
    Ok(TestOutcome {
        file: file.display().to_string(),
        class: "PacmanGameTreeTest".into(),
        passed: passed && record.pacman_moves() == optimal.len(),
        points: 0,
        max_points: 0,
        messages,
        numbers: counts,
    })
}
