//! The extension module behind `import delve`: thin bindings from Python to delve's crates.
//! The Python side (`python/delve`) wraps these functions in one module per domain and turns
//! their reports into `delve.Report` objects.

mod connect4;
mod cs188;
mod csp;
mod game;
mod guard;
mod pacman;
mod queens;
mod rgb;
mod route;
mod search;
mod sliding;
mod sokoban;
mod sudoku;
mod tictactoe;
mod vision;

use pyo3::prelude::*;

/// The native part of the `delve` package.
#[pymodule]
fn _delve(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_search, m)?)?;
    m.add_function(wrap_pyfunction!(csp::csp_solve, m)?)?;
    m.add_function(wrap_pyfunction!(route::route_solve, m)?)?;
    m.add_function(wrap_pyfunction!(route::route_list, m)?)?;
    m.add_function(wrap_pyfunction!(queens::queens_solve, m)?)?;
    m.add_function(wrap_pyfunction!(queens::queens_count, m)?)?;
    m.add_function(wrap_pyfunction!(queens::queens_batch, m)?)?;
    m.add_function(wrap_pyfunction!(queens::queens_algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_parse, m)?)?;
    m.add_function(wrap_pyfunction!(sliding::sliding_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sliding::sliding_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(sliding::sliding_enumerate, m)?)?;
    m.add_function(wrap_pyfunction!(sliding::sliding_lookup, m)?)?;
    m.add_function(wrap_pyfunction!(sliding::sliding_analyze, m)?)?;
    m.add_function(wrap_pyfunction!(sliding::sliding_pool, m)?)?;
    m.add_function(wrap_pyfunction!(sliding::sliding_samples_needed, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_levels, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::connect4_solve, m)?)?;
    m.add_function(wrap_pyfunction!(tictactoe::tictactoe_count, m)?)?;
    m.add_function(wrap_pyfunction!(rgb::rgb_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_bench, m)?)?;
    m.add_function(wrap_pyfunction!(pacman::pacman_play, m)?)?;
    m.add_function(wrap_pyfunction!(pacman::pacman_grade, m)?)?;
    m.add_function(wrap_pyfunction!(pacman::pacman_layouts, m)?)?;
    m.add_function(wrap_pyfunction!(cs188::game_cs188, m)?)?;
    m.add_function(wrap_pyfunction!(vision::sliding_read, m)?)?;
    Ok(())
}
