//! [`ParseError`]: where in a text a domain's parser found something wrong (file when known,
//! 1-based line and column) and what (the domain's own error kind). Every domain's file format
//! reports through it, so every message reads `FILE:LINE:COL: what was expected`.

use std::fmt;
use std::path::PathBuf;

/// A parse error at a place in a text; `K` is the domain's kind of error.
///
/// Displays as `FILE:LINE:COL: message`, or `line LINE, column COL: message` for text that
/// did not come from a file.
///
/// ```
/// use delve_core::ParseError;
/// let mut e = ParseError { file: None, line: 3, column: 7, kind: "expected a number" };
/// assert_eq!(e.to_string(), "line 3, column 7: expected a number");
/// e.file = Some("my.txt".into());
/// assert_eq!(e.to_string(), "my.txt:3:7: expected a number");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError<K> {
    /// The file the text came from, if any.
    pub file: Option<PathBuf>,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) where the problem starts.
    pub column: usize,
    /// What went wrong.
    pub kind: K,
}

impl<K: fmt::Display> fmt::Display for ParseError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{}:{}:{}: {}", file.display(), self.line, self.column, self.kind),
            None => write!(f, "line {}, column {}: {}", self.line, self.column, self.kind),
        }
    }
}

impl<K: fmt::Debug + fmt::Display> std::error::Error for ParseError<K> {}
