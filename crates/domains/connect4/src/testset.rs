//! Pons's test-set files: one `<moves> <score>` per line.

use crate::board::{Position, PositionError};
use thiserror::Error;

/// One position of a test set, with its expected score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// The move string as written.
    pub moves: String,
    /// The position.
    pub position: Position,
    /// The expected score for the side to move.
    pub score: i32,
}

/// Why a test-set line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TestSetError {
    /// The line is not `<moves> <score>`.
    #[error("line {line}: expected `<moves> <score>`, found {text:?}")]
    Shape {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The moves are not a playable position.
    #[error("line {line}: {error}")]
    Position {
        /// 1-based line number.
        line: usize,
        /// What is wrong with the moves (in the message, not a separate cause, so it is
        /// printed once).
        error: PositionError,
    },
}

/// Reads a test set; blank lines are skipped.
pub fn parse(text: &str) -> Result<Vec<TestCase>, TestSetError> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let fields: Vec<&str> = raw.split_whitespace().collect();
        let (moves, score) = match fields[..] {
            [] => continue,
            [moves, score] => match score.parse::<i32>() {
                Ok(s) if (-21..=21).contains(&s) => (moves, s),
                _ => return Err(TestSetError::Shape { line, text: raw.to_string() }),
            },
            _ => return Err(TestSetError::Shape { line, text: raw.to_string() }),
        };
        let position = Position::parse(moves).map_err(|error| TestSetError::Position { line, error })?;
        cases.push(TestCase { moves: moves.to_string(), position, score });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_errors() {
        let cases = parse("4455 18\n\n44455554221 -15\n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!((cases[1].moves.as_str(), cases[1].score), ("44455554221", -15));
        assert_eq!(parse("4455").unwrap_err(), TestSetError::Shape { line: 1, text: "4455".into() });
        assert!(matches!(parse("4455 18\n48 2").unwrap_err(), TestSetError::Position { line: 2, .. }));
    }
}
