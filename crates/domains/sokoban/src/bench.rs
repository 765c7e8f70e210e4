//! Benchmarks over a collection: how many levels run at once and on how many threads, the
//! levels solved from a shared queue, and the report `delve sokoban bench --json` prints.

use crate::{Level, Mode, ParseError, Report, SolveError, solve_parallel};
use delve_core::{Limits, NoObserver, Stats, batch_outcome, jobs};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The bench's own keys of its report, beside the keys every report shares.
#[derive(Clone, Debug, Serialize)]
pub struct BenchDetail {
    /// Each level solved (or stopped), in level order.
    pub levels: Vec<Report>,
    /// How many were solved.
    pub solved_levels: usize,
    /// Wall-clock time of the whole bench, in milliseconds (as `stats.elapsed_ms`).
    pub total_ms: f64,
    /// How many levels ran at once.
    pub jobs: usize,
    /// Threads each level ran on (its A*'s; two for `any`'s race).
    pub threads: usize,
    /// Levels that are bad input (malformed), with the message.
    pub errors: Vec<BenchError>,
    /// Levels the solvers cannot take (past their size limits), with the reason: not solved,
    /// and the bench goes on past them.
    pub unsupported: Vec<BenchError>,
}

/// The report of `delve sokoban bench --json`: `solved` when every level was, `stop_reason`
/// the first limit that stopped a level, `stats` the levels' counts added up over the whole
/// bench's time, and the levels' own reports in [`BenchDetail`].
pub type BenchReport = delve_core::Report<BenchDetail>;

/// The report in `mode` of `levels`, `errors` and `unsupported` levels (both sorted here by
/// level) after `total`, with `jobs` levels at once on `threads` threads each. Unsupported
/// levels count as not solved.
pub fn report(
    mode: Mode,
    levels: Vec<Report>,
    (mut errors, mut unsupported): (Vec<BenchError>, Vec<BenchError>),
    total: Duration,
    (jobs, threads): (usize, usize),
) -> BenchReport {
    errors.sort_by_key(|e| e.level);
    unsupported.sort_by_key(|e| e.level);
    let solved_levels = levels.iter().filter(|r| r.solved).count();
    let unsolved = unsupported.iter().map(|_| (delve_core::OutcomeKind::NoSolution, None));
    let (outcome, stop_reason) = batch_outcome(levels.iter().map(|r| (r.outcome, r.stop_reason)).chain(unsolved));
    let mut stats = Stats { elapsed: total, ..Stats::default() };
    for r in &levels {
        stats.absorb(&r.stats);
    }
    let total_ms = (total.as_secs_f64() * 1e6).round() / 1e3;
    let detail = BenchDetail { levels, solved_levels, total_ms, jobs, threads, errors, unsupported };
    delve_core::Report::from_parts(mode.algorithm(), outcome, stop_reason, stats, detail)
}

/// Sorts the results of [`solve_levels`] on `levels` (read from `file`, which the messages
/// name): the levels' reports, and the levels the solvers cannot take (past their size
/// limits) as `unsupported`; any other failure goes to `errors`.
pub fn sort_results(
    levels: &[Level],
    results: Vec<Result<Report, SolveError>>,
    file: Option<&std::path::Path>,
    errors: &mut Vec<BenchError>,
) -> (Vec<Report>, Vec<BenchError>) {
    let sorted = levels.iter().zip(results).map(|(level, result)| LevelResult::new(level, result, file));
    sort_level_results(sorted, errors)
}

/// Splits levels' results into the reports and the unsupported levels; failures go to
/// `errors`.
pub fn sort_level_results(
    results: impl IntoIterator<Item = LevelResult>,
    errors: &mut Vec<BenchError>,
) -> (Vec<Report>, Vec<BenchError>) {
    let (mut reports, mut unsupported) = (Vec::new(), Vec::new());
    for result in results {
        match result {
            LevelResult::Report(report) => reports.push(report),
            LevelResult::Unsupported(e) => unsupported.push(e),
            LevelResult::Failed(e) => errors.push(e),
        }
    }
    (reports, unsupported)
}

/// One level's result as a bench keeps it, in a form that travels (as JSON) between the
/// processes of a distributed bench.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum LevelResult {
    /// Solved or stopped: its report.
    Report(Report),
    /// Past the solvers' size limits.
    Unsupported(BenchError),
    /// Anything else that went wrong.
    Failed(BenchError),
}

impl LevelResult {
    /// The result of solving `level` (read from `file`, which messages name).
    pub fn new(level: &Level, result: Result<Report, SolveError>, file: Option<&std::path::Path>) -> LevelResult {
        match result {
            Ok(report) => LevelResult::Report(report),
            Err(SolveError::TooLarge(mut p)) => {
                p.file = file.map(std::path::Path::to_path_buf);
                LevelResult::Unsupported(BenchError { level: level.number, error: p.to_string() })
            }
            Err(e) => LevelResult::Failed(BenchError { level: level.number, error: e.to_string() }),
        }
    }
}

/// A level of the collection that is bad input or that the solvers cannot take, with the
/// message.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchError {
    /// The level's number (as in its file: from 1 in XSB, by its header in a course file).
    pub level: usize,
    /// What is wrong with it.
    pub error: String,
}

/// Levels `from..=to` of a collection parsed level by level, whose levels are numbered from
/// `first` (1 in XSB, the first `Level N` header in a course file): the well-formed ones, and
/// the malformed ones as errors with their numbers (the others still run).
pub fn choose(
    all: Vec<Result<Level, ParseError>>,
    first: usize,
    from: usize,
    to: usize,
) -> (Vec<Level>, Vec<BenchError>) {
    let mut chosen = Vec::new();
    let mut errors = Vec::new();
    for (k, level) in all.into_iter().enumerate() {
        let number = first + k;
        match level {
            _ if number < from || number > to => {}
            Ok(level) => chosen.push(level),
            Err(e) => errors.push(BenchError { level: number, error: e.to_string() }),
        }
    }
    (chosen, errors)
}

/// How many levels run at once, and on how many threads each, on `cores` cores, given the
/// jobs and threads asked for. A level's parallel A* never gets more threads than there are
/// cores, and while it runs on several, jobs × threads stays within the cores: its threads
/// wait on each other, so more of them than cores only starve. Without `jobs`, the cores over
/// the threads a level takes (two for `any`, else `threads`, else one); without `threads`,
/// the cores over the jobs (`any`: its two racing searches). Single-threaded levels may be
/// more than the cores (the system shares the time out). At least one each.
pub fn jobs_and_threads(mode: Mode, jobs: Option<usize>, threads: Option<usize>, cores: usize) -> (usize, usize) {
    let any = mode == Mode::Any;
    let cores = cores.max(1);
    let per_level = match threads {
        _ if any => 2,
        Some(n) => n.clamp(1, cores),
        None => 1,
    };
    let fit = (cores / per_level).max(1);
    let jobs = match jobs {
        Some(n) if per_level > 1 && !any => n.clamp(1, fit),
        Some(n) => n.max(1),
        None => fit,
    };
    let threads = match threads {
        _ if any => 2,
        Some(_) => per_level,
        None => (cores / jobs).max(1),
    };
    (jobs, threads)
}

/// Solves `levels` on `jobs` threads that take them in order from the core's job queue
/// ([`jobs::map_in_order`]); each level runs on `threads` threads within `limits`.
/// `on_level(number, started)` hears when a level starts and ends. The results come back in
/// level order, a level past the solver's limits as its error. Once the limits' cancellation
/// flag is raised no level is started: the results are those of the levels started (a
/// prefix, the interrupted ones with their stats).
pub fn solve_levels(
    levels: &[Level],
    (ordered, mode): (bool, Mode),
    (jobs, threads): (usize, usize),
    limits: &Limits,
    on_level: &(dyn Fn(usize, bool) + Sync),
) -> Vec<Result<Report, SolveError>> {
    jobs::map_in_order(
        levels,
        jobs,
        limits,
        || (),
        |(), level| {
            on_level(level.number, true);
            let result = solve_level(level, (ordered, mode), threads, limits);
            on_level(level.number, false);
            result
        },
    )
}

/// Solves one level of a bench on `threads` threads within `limits`: its report, or the
/// error when it is past the solver's limits.
pub fn solve_level(
    level: &Level,
    (ordered, mode): (bool, Mode),
    threads: usize,
    limits: &Limits,
) -> Result<Report, SolveError> {
    solve_parallel(level, ordered, mode, threads, limits, NoObserver).map(|s| s.report(level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_share_out_the_cores_and_any_takes_two_threads() {
        let split = |cores, mode, jobs, threads| jobs_and_threads(mode, jobs, threads, cores);
        let o = Mode::Optimal;
        assert_eq!(split(4, o, Some(1), Some(3)), (1, 3));
        assert_eq!(split(4, o, Some(1), None), (1, 4));
        assert_eq!(split(4, o, None, Some(1)), (4, 1));
        assert_eq!(split(4, o, Some(8), Some(1)), (8, 1));
        assert_eq!(split(2, Mode::Any, Some(3), None), (3, 2));
        assert_eq!(split(1, Mode::Any, None, None), (1, 2));
        // More parallel threads than cores would starve: clamped to the cores.
        assert_eq!(split(2, o, Some(20), Some(64)), (1, 2));
        assert_eq!(split(8, o, Some(20), Some(2)), (4, 2));
        assert_eq!(split(2, o, None, Some(64)), (1, 2));
        for cores in 1..=9 {
            let (jobs, threads) = split(cores, o, None, None);
            assert!(jobs * threads <= cores && jobs >= 1 && threads >= 1, "{cores}: {jobs} × {threads}");
        }
    }

    #[test]
    fn malformed_levels_are_errors_in_their_place() {
        let all = parse_levels_of("#####\n#@$.#\n#####\n\n#####\n#@$!#\n#####\n\n#####\n#@$.#\n#####\n");
        let (chosen, errors) = choose(all, 1, 2, 3);
        assert_eq!(chosen.iter().map(|l| l.number).collect::<Vec<_>>(), [3]);
        assert_eq!(errors.iter().map(|e| e.level).collect::<Vec<_>>(), [2]);
    }

    #[test]
    fn course_files_are_chosen_by_their_numbers_from_0() {
        let text = "Level 0\n#####\n#@$.#\n#####\n\nLevel 1\n#####\n#@$!#\n#####\n\nLevel 2\n#####\n#*$ #\n#####\n";
        let all = crate::parse_course(text).expect("a course file");
        let (chosen, errors) = choose(all.clone(), 0, 0, 0);
        assert_eq!((chosen.iter().map(|l| l.number).collect::<Vec<_>>(), errors.len()), (vec![0], 0));
        let (chosen, errors) = choose(all, 0, 1, 2);
        assert_eq!(chosen.iter().map(|l| l.number).collect::<Vec<_>>(), [2]);
        assert_eq!(errors.iter().map(|e| e.level).collect::<Vec<_>>(), [1]);
    }

    fn parse_levels_of(text: &str) -> Vec<Result<Level, ParseError>> {
        crate::parse_levels(text).expect("a collection")
    }
}
