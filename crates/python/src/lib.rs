//! The extension module behind `import delve`: thin bindings from Python to delve's crates.
//! The Python side (`python/delve`) wraps these functions in one module per domain and turns
//! their reports into `delve.Report` objects.

mod game;
mod guard;
mod route;
mod search;

use pyo3::prelude::*;

/// The native part of the `delve` package.
#[pymodule]
fn _delve(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_search, m)?)?;
    m.add_function(wrap_pyfunction!(route::route_solve, m)?)?;
    m.add_function(wrap_pyfunction!(route::route_list, m)?)?;
    Ok(())
}
