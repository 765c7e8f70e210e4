//! `delve sokoban play`: the original solver's play mode. In a terminal: arrow keys move, D undoes,
//! R restarts, P solves fast and Space optimally from the current position, then the solution
//! plays back step by step; Q or Esc quits. Without a terminal, the moves are read as LURD
//! from standard input and the final position is printed (scriptable, and how it is tested).

use anyhow::Context;
use delve_core::{Limits, input};
use delve_sokoban::{Level, Mode, Playthrough, solve};
use std::io::IsTerminal;
use std::time::Duration;

/// A solution from the position of `game` in `mode`, or why there is none.
fn solve_from_here(game: &Playthrough, mode: Mode, limits: &Limits) -> Result<String, String> {
    let here = Level::parse(&game.render()).map_err(|_| {
        "this position cannot be written as a level (a lettered box on its goal): restart (R) first".to_string()
    })?;
    let solved = solve(&here, game.is_ordered(), mode, limits, delve_core::NoObserver).map_err(|e| e.to_string())?;
    match (solved.solution, solved.unsolved) {
        (Some(lurd), _) => Ok(lurd.text),
        (None, Some(why)) => Err(format!("not solved: {}", why.name())),
        (None, None) => Err("not solved".to_string()),
    }
}

/// Runs play mode on `level`: interactive in a terminal, else LURD from stdin.
pub(super) fn play(level: &Level, ordered: bool, limits: &Limits) -> anyhow::Result<bool> {
    let mut game = Playthrough::new(level, ordered);
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        let moves = input::read_stdin_text().context("reading moves from stdin")?;
        for (k, letter) in moves.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if game.step(letter).is_err() {
                anyhow::bail!("move {}: `{letter}` is not a legal move here", k + 1);
            }
        }
        print!("{}", game.render());
        let (pushes, steps) = game.counts();
        let status = if game.is_solved() { "solved" } else { "not solved" };
        println!("{status}: {pushes} pushes, {steps} moves");
        return Ok(game.is_solved());
    }
    interactive(game, limits)
}

/// The terminal loop.
fn interactive(mut game: Playthrough, limits: &Limits) -> anyhow::Result<bool> {
    use console::{Key, Term};
    let term = Term::stdout();
    let mut message = String::from("arrows move · D undo · R restart · P fast solve · Space optimal solve · Q quit");
    loop {
        term.clear_screen()?;
        let (pushes, steps) = game.counts();
        println!("Level {} \"{}\" — {pushes} pushes, {steps} moves", game.level().number, game.level().title);
        print!("{}", game.render());
        if game.is_solved() {
            println!("solved! ({pushes} pushes, {steps} moves) — R restart, Q quit");
        } else {
            println!("{message}");
        }
        let key = match term.read_key() {
            Ok(key) => key,
            Err(_) => return Ok(game.is_solved()),
        };
        let letter = match key {
            Key::ArrowUp => Some('u'),
            Key::ArrowDown => Some('d'),
            Key::ArrowLeft => Some('l'),
            Key::ArrowRight => Some('r'),
            _ => None,
        };
        if let Some(letter) = letter {
            if !game.is_solved() {
                // A blocked move does nothing, as in the game.
                let _ = game.step(letter);
            }
            continue;
        }
        match key {
            Key::Char('d' | 'D') | Key::Backspace => game.undo(),
            Key::Char('r' | 'R') => game = Playthrough::new(game.level(), game.is_ordered()),
            Key::Char('q' | 'Q') | Key::Escape => return Ok(game.is_solved()),
            Key::Char(c @ ('p' | 'P' | ' ')) => {
                let mode = if c == ' ' { Mode::Optimal } else { Mode::Fast };
                println!("solving ({} mode)…", mode.name());
                match solve_from_here(&game, mode, limits) {
                    Ok(solution) => {
                        for letter in solution.chars() {
                            // The solution was found from this position.
                            let _ = game.step(letter);
                            term.clear_screen()?;
                            println!("playing the {} solution: {solution}", mode.name());
                            print!("{}", game.render());
                            std::thread::sleep(Duration::from_millis(120));
                        }
                    }
                    Err(why) => message = why,
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_from_the_position_played() {
        let level = Level::parse("#######\n#@ $ .#\n#######\n").unwrap();
        let mut game = Playthrough::new(&level, false);
        assert!(game.step('r').is_ok() && game.step('r').is_ok());
        assert_eq!(solve_from_here(&game, Mode::Optimal, &Limits::none()), Ok("R".to_string()));
    }
}
