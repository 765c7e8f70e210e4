//! Errors of the CSP crate: building a model.

use thiserror::Error;

/// A model that cannot be built as asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CspError {
    /// A constraint names a variable that does not exist.
    #[error("unknown variable {var} (the model has {count})")]
    UnknownVariable {
        /// The variable asked for.
        var: usize,
        /// How many variables exist.
        count: usize,
    },
    /// A constraint names the same variable twice.
    #[error("variable {0} appears twice in one constraint")]
    RepeatedVariable(usize),
    /// An all-different with offsets got a different number of offsets than variables.
    #[error("{vars} variables but {offsets} offsets")]
    ArityMismatch {
        /// Number of variables.
        vars: usize,
        /// Number of offsets.
        offsets: usize,
    },
}
