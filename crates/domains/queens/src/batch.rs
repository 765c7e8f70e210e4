//! The original assignment's batch interface: an input file of lines `N algorithm`, and for each
//! line an output file `N_algorithm_output.txt` holding one solution as 1-based rows separated by
//! single spaces, or `no solution`.
//!
//! Blank lines and lines starting with `#` are skipped; algorithm names are case-insensitive.
//! A malformed line is reported with its line (and column) and the other lines still run.

use crate::board::rows_line;
use crate::error::{BatchError, OutputError};
use crate::{Algorithm, QueensDetail};
use delve_core::{Report, Stats, batch_outcome};
use serde::Serialize;

/// One well-formed input line.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchLine {
    /// Line number (1-based).
    pub line: usize,
    /// Board size.
    pub n: usize,
    /// Algorithm.
    pub algorithm: Algorithm,
}

impl BatchLine {
    /// The output file name, `N_algorithm_output.txt`.
    pub fn output_name(&self) -> String {
        output_name(self.n, self.algorithm)
    }
}

/// One line's entry in a batch's report: the line, the file written (`None` when a limit
/// stopped the line, or when no files are written), and the run's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchResult {
    /// Line number (1-based).
    pub line: usize,
    /// The output file written.
    pub file: Option<String>,
    /// The run's report.
    #[serde(flatten)]
    pub report: Report<QueensDetail>,
}

/// The report of a batch (the CLI's `batch --json`): the input, a result per line run, and
/// the lines that could not be run, with their messages.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchOutput {
    /// The input file, as given.
    pub input: String,
    /// The lines run, in file order.
    pub results: Vec<BatchResult>,
    /// Malformed lines and lines the solver refused.
    pub errors: Vec<String>,
}

impl BatchOutput {
    /// The batch's report (`batch --json`): solved when every line run was, else as
    /// [`batch_outcome`] says; the lines' statistics summed into `stats` (the batch's time).
    pub fn report(self, mut stats: Stats) -> Report<BatchOutput> {
        let (outcome, stop_reason) =
            batch_outcome(self.results.iter().map(|r| (r.report.outcome, r.report.stop_reason)));
        for r in &self.results {
            stats.absorb(&r.report.stats);
        }
        Report::from_parts("batch", outcome, stop_reason, stats, self)
    }
}

/// `N_algorithm_output.txt`.
pub fn output_name(n: usize, algorithm: Algorithm) -> String {
    format!("{n}_{}_output.txt", algorithm.name())
}

/// Reads a batch input: the well-formed lines and the errors of the others, in file order.
///
/// ```
/// use delve_queens::{Algorithm, parse_batch};
/// let (lines, errors) = parse_batch("5 bfs\n5 hc\nfive csp\n5 csp\n");
/// assert_eq!(lines.iter().map(|l| l.algorithm).collect::<Vec<_>>(), [Algorithm::Search(delve_core::Algorithm::Bfs), Algorithm::Hc, Algorithm::Csp]);
/// assert_eq!(errors[0].to_string(), "line 3, column 1: `five` is not a board size (a positive integer)");
/// ```
pub fn parse_batch(text: &str) -> (Vec<BatchLine>, Vec<BatchError>) {
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.strip_prefix('\u{feff}').unwrap_or(raw);
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        match parse_line(line, raw) {
            Ok(l) => lines.push(l),
            Err(e) => errors.push(e),
        }
    }
    (lines, errors)
}

/// Whitespace-separated tokens with their 1-based columns.
fn tokens(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in s.char_indices() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(st)) => {
                out.push((s[..st].chars().count() + 1, &s[st..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((s[..st].chars().count() + 1, &s[st..]));
    }
    out
}

fn parse_line(line: usize, raw: &str) -> Result<BatchLine, BatchError> {
    let toks = tokens(raw);
    if toks.len() < 2 {
        return Err(BatchError::MissingField { line, text: raw.trim().to_string() });
    }
    let (ncol, ntok) = toks[0];
    let n = match ntok.parse::<usize>() {
        Ok(n) if n >= 1 => n,
        _ => return Err(BatchError::BadSize { line, col: ncol, token: ntok.to_string() }),
    };
    let (acol, atok) = toks[1];
    let algorithm =
        atok.parse::<Algorithm>().map_err(|_| BatchError::BadAlgorithm { line, col: acol, token: atok.to_string() })?;
    if let Some(&(col, token)) = toks.get(2) {
        return Err(BatchError::Extra { line, col, token: token.to_string() });
    }
    Ok(BatchLine { line, n, algorithm })
}

/// The content of an output file: the 1-based rows and a newline, or `no solution`.
pub fn format_output(rows: Option<&[u32]>) -> String {
    match rows {
        Some(rows) => format!("{}\n", rows_line(rows)),
        None => "no solution\n".to_string(),
    }
}

/// Reads an output file back: `None` for `no solution`, else the 0-based rows.
///
/// ```
/// assert_eq!(delve_queens::parse_output("1 3 5 2 4\n").unwrap(), Some(vec![0, 2, 4, 1, 3]));
/// assert_eq!(delve_queens::parse_output("no solution").unwrap(), None);
/// ```
pub fn parse_output(text: &str) -> Result<Option<Vec<u32>>, OutputError> {
    let t = text.trim();
    if t == "no solution" {
        return Ok(None);
    }
    tokens(t)
        .into_iter()
        .map(|(col, tok)| match tok.parse::<u32>() {
            Ok(r) if r >= 1 => Ok(r - 1),
            _ => Err(OutputError { col, token: tok.to_string() }),
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_lines_are_named_and_the_rest_kept() {
        let text = "\u{feff}5 bfs\n\n# comment\n8\n0 hc\n 6  quantum\n7 CSP extra\n4 Min-Conflicts\n";
        let (lines, errors) = parse_batch(text);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            (lines[0].line, lines[0].n, lines[0].algorithm),
            (1, 5, Algorithm::Search(delve_core::Algorithm::Bfs))
        );
        assert_eq!((lines[1].line, lines[1].algorithm), (8, Algorithm::MinConflicts));
        let msgs: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(msgs[0], "line 4: expected `N algorithm`, found `8`");
        assert_eq!(msgs[1], "line 5, column 1: `0` is not a board size (a positive integer)");
        assert!(msgs[2].starts_with("line 6, column 5: unknown algorithm `quantum`"), "{}", msgs[2]);
        assert_eq!(msgs[3], "line 7, column 7: unexpected `extra` after the algorithm");
        assert_eq!(lines[1].output_name(), "4_min-conflicts_output.txt");
    }

    #[test]
    fn outputs_round_trip() {
        let rows = [4u32, 2, 0, 3, 1];
        assert_eq!(format_output(Some(&rows)), "5 3 1 4 2\n");
        assert_eq!(parse_output(&format_output(Some(&rows))).unwrap(), Some(rows.to_vec()));
        assert_eq!(parse_output(&format_output(None)).unwrap(), None);
        assert_eq!(parse_output("1 x 3").unwrap_err(), OutputError { col: 3, token: "x".into() });
    }
}
