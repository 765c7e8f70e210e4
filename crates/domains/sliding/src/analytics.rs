//! The reference's sample analytics: a CSV of observed puzzles (`puzzle_number,pattern`)
//! summarised by pattern, by puzzle number and by minimum number of moves.

use crate::board::Board;
use crate::error::Error;
use crate::notation::{Notation, format_state, parse_state};
use crate::state::Grid;
use std::collections::HashMap;

/// One CSV row.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// 1-based line of the row in the file.
    pub line: usize,
    /// The puzzle number (kept as text; sorted numerically when all are numbers).
    pub puzzle: String,
    /// The pattern as written (trimmed).
    pub pattern: String,
    /// The parsed pattern.
    pub grid: Grid,
}

/// The parsed samples file.
#[derive(Clone, Debug)]
pub struct Samples {
    /// The rows, in file order.
    pub rows: Vec<Sample>,
    /// The board every pattern is on.
    pub board: Board,
    /// The notation of the patterns (keypad when any uses `B`).
    pub notation: Notation,
}

/// One CSV record: each field with its 1-based line and column.
type Record = Vec<(String, usize, usize)>;

/// Splits CSV text into records of fields (RFC 4180: quotes, doubled quotes, CRLF, a
/// leading UTF-8 BOM), each field with its 1-based line and column.
fn csv_records(path: &str, text: &str) -> Result<Vec<Record>, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut record: Record = Vec::new();
    let mut field = String::new();
    let (mut line, mut col) = (1usize, 1usize);
    let mut field_start = (1usize, 1usize);
    let mut in_quotes = false;
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    let err = |line, column, message: &str| Error::Csv { path: path.into(), line, column, message: message.into() };
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                    col += 2;
                    continue;
                }
                '"' => in_quotes = false,
                '\n' => {
                    field.push(c);
                    line += 1;
                    col = 0;
                }
                _ => field.push(c),
            }
            col += 1;
            continue;
        }
        match c {
            '"' if field.trim().is_empty() && !quoted => {
                field.clear();
                in_quotes = true;
                quoted = true;
            }
            '"' => return Err(err(line, col, "unexpected quote inside an unquoted field")),
            ',' => {
                record.push((std::mem::take(&mut field), field_start.0, field_start.1));
                quoted = false;
                field_start = (line, col + 1);
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                record.push((std::mem::take(&mut field), field_start.0, field_start.1));
                quoted = false;
                records.push(std::mem::take(&mut record));
                line += 1;
                col = 0;
                field_start = (line, 1);
            }
            _ if quoted && !c.is_whitespace() => return Err(err(line, col, "text after a closing quote")),
            _ => field.push(c),
        }
        col += 1;
    }
    if in_quotes {
        return Err(err(field_start.0, field_start.1, "unterminated quoted field"));
    }
    if !field.is_empty() || !record.is_empty() || quoted {
        record.push((field, field_start.0, field_start.1));
        records.push(record);
    }
    Ok(records)
}

/// Parses a samples CSV: rows `puzzle_number,pattern`, an optional header row, blank lines
/// ignored. `board` fixes the size (otherwise it is inferred from the first pattern).
/// Errors carry the line and column of the offending field.
///
/// ```
/// use delve_sliding::analytics::parse_samples;
/// let s = parse_samples("s.csv", "\u{feff}puzzle_number,pattern\r\n\"1\",\"359B26478\"\r\n2,8734B9265\r\n", None).unwrap();
/// assert_eq!(s.rows.len(), 2);
/// assert_eq!(s.rows[1].puzzle, "2");
/// ```
pub fn parse_samples(path: &str, text: &str, board: Option<Board>) -> Result<Samples, Error> {
    let mut rows = Vec::new();
    let mut board = board;
    let mut notation = None;
    for (i, record) in csv_records(path, text)?.into_iter().enumerate() {
        if record.iter().all(|(f, _, _)| f.trim().is_empty()) {
            continue;
        }
        let (line, col) = (record[0].1, record[0].2);
        if record.len() != 2 {
            return Err(Error::Csv {
                path: path.into(),
                line,
                column: col,
                message: format!("expected 2 fields (puzzle_number,pattern), found {}", record.len()),
            });
        }
        let puzzle = record[0].0.trim().to_string();
        let pattern = record[1].0.trim().to_string();
        let parsed = parse_state(&pattern, board);
        if i == 0 && puzzle.parse::<f64>().is_err() && parsed.is_err() {
            continue; // a header row, e.g. `puzzle_number,pattern`
        }
        if puzzle.is_empty() {
            return Err(Error::Csv { path: path.into(), line, column: col, message: "empty puzzle number".into() });
        }
        let (grid, n) = parsed.map_err(|e| Error::Csv {
            path: path.into(),
            line: record[1].1,
            column: record[1].2,
            message: e.to_string(),
        })?;
        board.get_or_insert(grid.board());
        if notation.is_some_and(|prev| prev != n) {
            return Err(Error::Csv {
                path: path.into(),
                line: record[1].1,
                column: record[1].2,
                message: "this pattern mixes notations with earlier rows (keypad `B` vs row-major 0)".into(),
            });
        }
        notation = Some(n);
        rows.push(Sample { line, puzzle, pattern: format_state(&grid, n), grid });
    }
    let (Some(board), Some(notation)) = (board, notation) else {
        return Err(Error::Csv { path: path.into(), line: 1, column: 1, message: "no samples in the file".into() });
    };
    Ok(Samples { rows, board, notation })
}

/// Statistics of one distinct pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternStat {
    /// The pattern, in the file's notation.
    pub pattern: String,
    /// How many samples show it.
    pub count: usize,
    /// The minimum number of moves that solve it.
    pub moves: u32,
}

/// Statistics of one puzzle number.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStat {
    /// The puzzle number.
    pub puzzle: String,
    /// How many samples carry it.
    pub count: usize,
    /// How many distinct patterns it showed.
    pub patterns: usize,
}

/// How many patterns and samples need a given number of moves.
#[derive(Clone, Debug, PartialEq)]
pub struct MovesBucket {
    /// The minimum number of moves.
    pub moves: u32,
    /// Distinct patterns needing that many.
    pub patterns: usize,
    /// Samples needing that many.
    pub samples: usize,
}

/// Everything the reference computes from the samples.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Number of samples.
    pub samples: usize,
    /// Distinct patterns in order of first appearance.
    pub patterns: Vec<PatternStat>,
    /// Puzzle numbers (numerically sorted when they all are numbers).
    pub puzzles: Vec<PuzzleStat>,
    /// Mean minimum moves over the distinct patterns.
    pub pattern_average: f64,
    /// Mean minimum moves over the samples (each pattern weighted by its appearances).
    pub weighted_average: f64,
    /// Median of the distinct patterns' minimum moves.
    pub median: f64,
    /// The most common minimum move counts among distinct patterns (ties all listed).
    pub modes: Vec<u32>,
    /// Patterns and samples per minimum number of moves, from the smallest to the largest.
    pub by_moves: Vec<MovesBucket>,
    /// `similarity[i][j]` = number of patterns puzzle `i` and puzzle `j` have in common.
    pub similarity: Vec<Vec<usize>>,
}

impl Analysis {
    /// The easiest pattern's minimum moves.
    pub fn min_moves(&self) -> u32 {
        self.by_moves.first().map_or(0, |b| b.moves)
    }
    /// The hardest pattern's minimum moves.
    pub fn max_moves(&self) -> u32 {
        self.by_moves.last().map_or(0, |b| b.moves)
    }
}

/// Analyses `samples`; `moves(grid)` gives a pattern's minimum number of moves (`None` if it
/// cannot reach the goal, which is reported with the row's line).
pub fn analyze(path: &str, samples: &Samples, mut moves: impl FnMut(&Grid) -> Option<u32>) -> Result<Analysis, Error> {
    let mut patterns: Vec<PatternStat> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut per_sample = Vec::with_capacity(samples.rows.len());
    for row in &samples.rows {
        let i = match index.get(row.pattern.as_str()) {
            Some(&i) => i,
            None => {
                let m = moves(&row.grid).ok_or_else(|| Error::Csv {
                    path: path.into(),
                    line: row.line,
                    column: 1,
                    message: format!("pattern {} cannot reach the goal (wrong permutation parity)", row.pattern),
                })?;
                patterns.push(PatternStat { pattern: row.pattern.clone(), count: 0, moves: m });
                index.insert(&row.pattern, patterns.len() - 1);
                patterns.len() - 1
            }
        };
        patterns[i].count += 1;
        per_sample.push(i);
    }
    // Puzzle numbers, numerically sorted when possible.
    let mut names: Vec<&str> = samples.rows.iter().map(|r| r.puzzle.as_str()).collect();
    names.sort_by(|a, b| match (a.parse::<f64>(), b.parse::<f64>()) {
        (Ok(x), Ok(y)) => x.total_cmp(&y).then_with(|| a.cmp(b)),
        _ => a.cmp(b),
    });
    names.dedup();
    let sets: Vec<Vec<bool>> = names
        .iter()
        .map(|name| {
            let mut set = vec![false; patterns.len()];
            for (row, &p) in samples.rows.iter().zip(&per_sample) {
                if row.puzzle == *name {
                    set[p] = true;
                }
            }
            set
        })
        .collect();
    let puzzles = names
        .iter()
        .zip(&sets)
        .map(|(name, set)| PuzzleStat {
            puzzle: name.to_string(),
            count: samples.rows.iter().filter(|r| r.puzzle == *name).count(),
            patterns: set.iter().filter(|&&b| b).count(),
        })
        .collect();
    let similarity = sets
        .iter()
        .map(|a| sets.iter().map(|b| a.iter().zip(b).filter(|(x, y)| **x && **y).count()).collect())
        .collect();

    let n = samples.rows.len();
    let pattern_average = patterns.iter().map(|p| p.moves as f64).sum::<f64>() / patterns.len() as f64;
    let weighted_average = patterns.iter().map(|p| p.moves as f64 * p.count as f64).sum::<f64>() / n as f64;
    let mut sorted: Vec<u32> = patterns.iter().map(|p| p.moves).collect();
    sorted.sort_unstable();
    let median = if sorted.len() % 2 == 1 {
        sorted[sorted.len() / 2] as f64
    } else {
        (sorted[sorted.len() / 2 - 1] as f64 + sorted[sorted.len() / 2] as f64) / 2.0
    };
    let (lo, hi) = (sorted[0], *sorted.last().expect("at least one pattern"));
    let by_moves: Vec<MovesBucket> = (lo..=hi)
        .map(|m| MovesBucket {
            moves: m,
            patterns: patterns.iter().filter(|p| p.moves == m).count(),
            samples: patterns.iter().filter(|p| p.moves == m).map(|p| p.count).sum(),
        })
        .collect();
    let top = by_moves.iter().map(|b| b.patterns).max().unwrap_or(0);
    let modes = by_moves.iter().filter(|b| b.patterns == top).map(|b| b.moves).collect();
    Ok(Analysis {
        samples: n,
        patterns,
        puzzles,
        pattern_average,
        weighted_average,
        median,
        modes,
        by_moves,
        similarity,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_bom_and_errors() {
        let r = csv_records("f", "\u{feff}a,\"b,c\"\r\n\"x\"\"y\",z\n").unwrap();
        assert_eq!(r[0][1].0, "b,c");
        assert_eq!(r[1][0].0, "x\"y");
        assert_eq!((r[1][1].1, r[1][1].2), (2, 8));
        let e = csv_records("f", "1,\"abc\n").unwrap_err().to_string();
        assert_eq!(e, "f:1:3: unterminated quoted field");
        let e = csv_records("f", "1,ab\"c\n").unwrap_err().to_string();
        assert_eq!(e, "f:1:5: unexpected quote inside an unquoted field");
    }

    #[test]
    fn sample_errors_point_at_the_field() {
        let e = parse_samples("s.csv", "1,789456B23\n2,78945B\n", None).unwrap_err().to_string();
        assert!(e.starts_with("s.csv:2:3: "), "{e}");
        let e = parse_samples("s.csv", "1,789456B23,x\n", None).unwrap_err().to_string();
        assert_eq!(e, "s.csv:1:1: expected 2 fields (puzzle_number,pattern), found 3");
        let e = parse_samples("s.csv", "", None).unwrap_err().to_string();
        assert!(e.contains("no samples"), "{e}");
        let e = parse_samples("s.csv", "1,789456B23\n1,1 2 3 4 5 6 7 8 0\n", None).unwrap_err().to_string();
        assert!(e.contains("mixes notations"), "{e}");
    }
}
