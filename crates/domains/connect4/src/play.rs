//! What `delve connect4` shows, shared by the command line and the web page: the report of
//! `solve --json`, each column's score before a move (`play`), and the move the solver picks
//! when some scores could not be settled in time.

use crate::board::{Position, WIDTH};
use crate::solver::Solver;
use delve_core::{Limits, OutcomeKind, Stats, StopReason};
use serde::{Serialize, Serializer};
use std::time::{Duration, Instant};

/// Columns centre first: the order ties are broken in.
const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// The position's own keys of a solve's report, beside the keys every report shares: Pons's
/// score for the side to move and a best move (1-based), or, when a limit stopped the
/// search, how far it got.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionReport {
    /// The position as given (columns 1-7 in the order played).
    pub position: String,
    /// Pons's score for the side to move (with a weak solve, only its sign); `null` when a
    /// limit stopped the search.
    pub score: Option<i32>,
    /// Nodes searched (up to the stop, when stopped; as `stats.expanded`).
    pub nodes: u64,
    /// Time of the solve in microseconds (up to the stop, when stopped).
    pub micros: u128,
    /// A best move, column 1 to 7; `null` when a limit stopped the search.
    pub best_move: Option<usize>,
}

/// The report of `delve connect4 solve --json` (and of the web page's solve): the keys every
/// report shares (`algorithm` `"negamax"`, `solved`, `outcome`, `stop_reason`: why a limit
/// stopped the search, `stats`) and the position's own ([`PositionReport`]).
pub type SolveReport = delve_core::Report<PositionReport>;

/// The name of the solver's search, as its reports give it.
pub const ALGORITHM: &str = "negamax";

/// The report of the position written `moves`: its score and best move (0-based), or why a
/// limit stopped the search, after `nodes` nodes and `elapsed`.
fn solve_report(moves: &str, found: Result<(i32, usize), StopReason>, nodes: u64, elapsed: Duration) -> SolveReport {
    let (outcome, stop_reason) = match found {
        Ok(_) => (OutcomeKind::Solved, None),
        Err(reason) => (OutcomeKind::Stopped, Some(reason)),
    };
    let detail = PositionReport {
        position: moves.trim().to_string(),
        score: found.ok().map(|(score, _)| score),
        nodes,
        micros: elapsed.as_micros(),
        best_move: found.ok().map(|(_, best)| best + 1),
    };
    let stats = Stats { expanded: nodes, elapsed, ..Stats::default() };
    SolveReport::from_parts(ALGORITHM, outcome, stop_reason, stats, detail)
}

impl Solver {
    /// Solves `position` (written `moves`) and finds a best move, within `limits`: the report
    /// `delve connect4 solve` prints. A limit that stops either search gives a report with
    /// its `stop_reason`, the nodes and time spent, and no score or move.
    pub fn report(&mut self, moves: &str, position: &Position, weak: bool, limits: &Limits) -> SolveReport {
        let start = Instant::now();
        let found = self
            .solve(position, weak, limits)
            .and_then(|solution| Ok((solution, self.best_move(position, solution.score, weak, limits)?)));
        match found {
            Ok((solution, best)) => solve_report(moves, Ok((solution.score, best)), solution.nodes, solution.elapsed),
            Err(reason) => solve_report(moves, Err(reason), self.last_nodes, start.elapsed()),
        }
    }
}

/// One column's score for the side to move, as `delve connect4 play` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnScore {
    /// The column is full (`-`; JSON `null`).
    Full,
    /// Pons's score of the game after this move, for the player making it.
    Score(i32),
    /// A limit stopped the solve before the score was settled (`?`; JSON `"?"`).
    Unsettled(StopReason),
}

impl std::fmt::Display for ColumnScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ColumnScore::Full => f.write_str("-"),
            ColumnScore::Score(v) => write!(f, "{v}"),
            ColumnScore::Unsettled(_) => f.write_str("?"),
        }
    }
}

impl Serialize for ColumnScore {
    /// A number, `null` for a full column, `"?"` for an unsettled one.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ColumnScore::Full => serializer.serialize_none(),
            ColumnScore::Score(v) => serializer.serialize_i32(*v),
            ColumnScore::Unsettled(_) => serializer.serialize_str("?"),
        }
    }
}

impl Solver {
    /// Every column's score for the side to move (strong solves), each column within
    /// `limits` afresh: a column the limits stop is [`ColumnScore::Unsettled`].
    pub fn column_scores(&mut self, position: &Position, limits: &Limits) -> [ColumnScore; WIDTH] {
        let mut scores = [ColumnScore::Full; WIDTH];
        for (column, score) in scores.iter_mut().enumerate() {
            *score = match self.column_score(position, column, false, limits) {
                Ok(None) => ColumnScore::Full,
                Ok(Some(v)) => ColumnScore::Score(v),
                Err(reason) => ColumnScore::Unsettled(reason),
            };
        }
        scores
    }
}

/// The solver's move (0-based) given each column's score: the best known score when it does
/// not lose, else the first unsettled column (centre first), else the least bad known one.
pub fn choose(position: &Position, scores: &[ColumnScore; WIDTH]) -> usize {
    let known = CENTRE_FIRST.iter().filter_map(|&c| match scores[c] {
        ColumnScore::Score(v) => Some((v, c)),
        _ => None,
    });
    let best_known = known.max_by_key(|&(v, c)| (v, std::cmp::Reverse(CENTRE_FIRST.iter().position(|&x| x == c))));
    let unknown = CENTRE_FIRST.iter().copied().find(|&c| matches!(scores[c], ColumnScore::Unsettled(_)));
    match (best_known, unknown) {
        // A known non-losing move beats an unknown one; an unknown one beats a known loss.
        (Some((v, c)), _) if v >= 0 => c,
        (_, Some(c)) => c,
        (Some((_, c)), None) => c,
        (None, None) => CENTRE_FIRST.into_iter().find(|&c| position.can_play(c)).unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SolverConfig;

    #[test]
    fn scores_show_and_serialise_as_the_cli_and_the_page_expect() {
        let scores = [ColumnScore::Full, ColumnScore::Score(-2), ColumnScore::Unsettled(StopReason::Timeout)];
        let shown: Vec<String> = scores.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["-", "-2", "?"]);
        assert_eq!(serde_json::to_string(&scores).unwrap(), r#"[null,-2,"?"]"#);
    }

    #[test]
    fn the_choice_prefers_known_wins_then_unsettled_columns_then_the_least_loss() {
        let p = Position::new();
        let s = |v: i32| ColumnScore::Score(v);
        let q = ColumnScore::Unsettled(StopReason::Timeout);
        assert_eq!(choose(&p, &[s(-3), s(-1), q, s(-4), q, s(2), s(0)]), 5);
        assert_eq!(choose(&p, &[s(-3), s(-1), q, s(-4), q, s(-2), s(-1)]), 2, "unsettled beats a known loss");
        assert_eq!(choose(&p, &[s(-3), s(-1), s(-5), s(-4), s(-6), s(-2), s(-1)]), 1);
        // Equal scores: the centre first.
        assert_eq!(choose(&p, &[s(0); WIDTH]), 3);
    }

    #[test]
    fn column_scores_match_the_solver() {
        let mut solver = Solver::new(SolverConfig { table_bits: 12, ..SolverConfig::default() });
        let p = Position::parse("44455554221").unwrap();
        let scores = solver.column_scores(&p, &Limits::none());
        let best = solver.solve(&p, false, &Limits::none()).unwrap().score;
        assert!(scores.contains(&ColumnScore::Score(best)), "{scores:?} {best}");
        assert!(scores.iter().all(|s| matches!(s, ColumnScore::Score(v) if *v <= best)), "{scores:?}");
        let solution = solver.solve(&Position::parse("4455").unwrap(), false, &Limits::none()).unwrap();
        let report = solve_report(" 4455 ", Ok((solution.score, 2)), solution.nodes, solution.elapsed);
        let d = &report.detail;
        assert_eq!((d.position.as_str(), d.score, d.best_move), ("4455", Some(18), Some(3)));
    }

    #[test]
    fn a_stopped_solve_reports_why_and_how_far_it_got() {
        let mut solver = Solver::new(SolverConfig { table_bits: 12, ..SolverConfig::default() });
        // The empty board takes minutes; 20,000 nodes take milliseconds.
        let report = solver.report(" ", &Position::new(), false, &Limits::none().max_expanded(20_000));
        let d = &report.detail;
        assert_eq!((d.score, d.best_move, report.stop_reason), (None, None, Some(StopReason::NodeLimit)));
        assert!(d.nodes >= 20_000 && report.stats.expanded == d.nodes, "{report:?}");
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["stop_reason"], "node_limit");
        assert!(json["score"].is_null() && json["best_move"].is_null(), "{json}");
        // A finished solve has every key, `stop_reason` null.
        let report = solver.report("4455", &Position::parse("4455").unwrap(), false, &Limits::none());
        assert_eq!((report.detail.score, report.stop_reason), (Some(18), None));
        let json = serde_json::to_value(&report).unwrap();
        let mut keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        let mut all = ["algorithm", "outcome", "solved", "stats", "stop_reason"].to_vec();
        all.extend(["best_move", "micros", "nodes", "position", "score"]);
        all.sort_unstable();
        assert_eq!(keys, all);
        assert_eq!((json["algorithm"].as_str(), json["solved"].as_bool()), (Some("negamax"), Some(true)));
    }
}
