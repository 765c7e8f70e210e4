//! `delve sokoban play`: the original solver's play mode. In a terminal: arrow keys move, D undoes,
//! R restarts, P solves fast and Space optimally from the current position, then the solution
//! plays back step by step; Q or Esc quits. Without a terminal, the moves are read as LURD
//! from standard input and the final position is printed (scriptable, and how it is tested).

use anyhow::Context;
use delve_core::{Limits, input};
use delve_sokoban::{Level, Mode, solve};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::time::Duration;

/// A position being played: the level's fixed layer and the moving pieces.
#[derive(Clone)]
pub(super) struct Game {
    level: Level,
    ordered: bool,
    player: (usize, usize),
    /// Box label (`$` or its letter) by square.
    boxes: HashMap<(usize, usize), u8>,
    /// The moves so far, in LURD.
    history: String,
}

impl Game {
    /// The start position of `level`.
    pub(super) fn new(level: &Level, ordered: bool) -> Game {
        let mut player = (0, 0);
        let mut boxes = HashMap::new();
        for r in 0..level.height() {
            for c in 0..level.width() {
                match level.cell(r, c) {
                    b'@' | b'+' => player = (r, c),
                    b'$' | b'*' => {
                        boxes.insert((r, c), b'$');
                    }
                    ch if ch.is_ascii_uppercase() => {
                        boxes.insert((r, c), ch);
                    }
                    _ => {}
                }
            }
        }
        Game { level: level.clone(), ordered, player, boxes, history: String::new() }
    }

    /// Whether `(r, c)` is a goal, and its letter when the level uses letters.
    fn goal(&self, (r, c): (usize, usize)) -> Option<u8> {
        match self.level.cell(r, c) {
            b'.' | b'*' | b'+' => Some(b'.'),
            ch if ch.is_ascii_lowercase() => Some(ch),
            _ => None,
        }
    }

    /// Plays one LURD letter (either case); `false` when it is not a legal move.
    pub(super) fn step(&mut self, letter: char) -> bool {
        let (dr, dc) = match letter.to_ascii_lowercase() {
            'u' => (-1, 0),
            'd' => (1, 0),
            'l' => (0, -1),
            'r' => (0, 1),
            _ => return false,
        };
        let go = |(r, c): (usize, usize)| (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
        let wall = |(r, c): (usize, usize)| self.level.cell(r, c) == b'#' || r >= self.level.height();
        let next = go(self.player);
        if wall(next) {
            return false;
        }
        let pushed = if let Some(&label) = self.boxes.get(&next) {
            let beyond = go(next);
            if wall(beyond) || self.boxes.contains_key(&beyond) {
                return false;
            }
            self.boxes.remove(&next);
            self.boxes.insert(beyond, label);
            true
        } else {
            false
        };
        self.player = next;
        let l = letter.to_ascii_lowercase();
        self.history.push(if pushed { l.to_ascii_uppercase() } else { l });
        true
    }

    /// Whether every box is on a goal (its own goal when ordered).
    pub(super) fn solved(&self) -> bool {
        delve_sokoban::replay(&self.level, &self.history, self.ordered).is_ok()
    }

    /// The moves so far.
    #[cfg(test)]
    fn history(&self) -> &str {
        &self.history
    }

    /// The pushes and moves so far.
    fn counts(&self) -> (usize, usize) {
        (self.history.chars().filter(char::is_ascii_uppercase).count(), self.history.len())
    }

    /// The position in XSB.
    pub(super) fn render(&self) -> String {
        let mut out = String::new();
        for r in 0..self.level.height() {
            let mut row = String::new();
            for c in 0..self.level.width() {
                let goal = self.goal((r, c));
                let ch = if self.player == (r, c) {
                    if goal.is_some() { '+' } else { '@' }
                } else if let Some(&label) = self.boxes.get(&(r, c)) {
                    match (label, goal) {
                        (b'$', Some(_)) => '*',
                        (label, _) => label as char,
                    }
                } else if let Some(g) = goal {
                    g as char
                } else if self.level.cell(r, c) == b'#' {
                    '#'
                } else {
                    ' '
                };
                row.push(ch);
            }
            out.push_str(row.trim_end());
            out.push('\n');
        }
        out
    }

    /// Undoes the last move.
    fn undo(&mut self) {
        let mut replayed = Game::new(&self.level, self.ordered);
        let mut moves = self.history.clone();
        moves.pop();
        for letter in moves.chars() {
            replayed.step(letter);
        }
        *self = replayed;
    }

    /// A solution from the current position in `mode`, or why there is none.
    fn solve_from_here(&self, mode: Mode, limits: &Limits) -> Result<String, String> {
        let here = Level::parse(&self.render()).map_err(|_| {
            "this position cannot be written as a level (a lettered box on its goal): restart (R) first".to_string()
        })?;
        let solved = solve(&here, self.ordered, mode, limits, delve_core::NoObserver).map_err(|e| e.to_string())?;
        match (solved.solution, solved.unsolved) {
            (Some(lurd), _) => Ok(lurd.text),
            (None, Some(why)) => Err(format!("not solved: {}", why.name())),
            (None, None) => Err("not solved".to_string()),
        }
    }
}

/// Runs play mode on `level`: interactive in a terminal, else LURD from stdin.
pub(super) fn play(level: &Level, ordered: bool, limits: &Limits) -> anyhow::Result<bool> {
    let mut game = Game::new(level, ordered);
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        let moves = input::read_stdin_text().context("reading moves from stdin")?;
        for (k, letter) in moves.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if !game.step(letter) {
                anyhow::bail!("move {}: `{letter}` is not a legal move here", k + 1);
            }
        }
        print!("{}", game.render());
        let (pushes, steps) = game.counts();
        let status = if game.solved() { "solved" } else { "not solved" };
        println!("{status}: {pushes} pushes, {steps} moves");
        return Ok(game.solved());
    }
    interactive(game, limits)
}

/// The terminal loop.
fn interactive(mut game: Game, limits: &Limits) -> anyhow::Result<bool> {
    use console::{Key, Term};
    let term = Term::stdout();
    let mut message = String::from("arrows move · D undo · R restart · P fast solve · Space optimal solve · Q quit");
    loop {
        term.clear_screen()?;
        let (pushes, steps) = game.counts();
        println!("Level {} \"{}\" — {pushes} pushes, {steps} moves", game.level.number, game.level.title);
        print!("{}", game.render());
        if game.solved() {
            println!("solved! ({pushes} pushes, {steps} moves) — R restart, Q quit");
        } else {
            println!("{message}");
        }
        let key = match term.read_key() {
            Ok(key) => key,
            Err(_) => return Ok(game.solved()),
        };
        let letter = match key {
            Key::ArrowUp => Some('u'),
            Key::ArrowDown => Some('d'),
            Key::ArrowLeft => Some('l'),
            Key::ArrowRight => Some('r'),
            _ => None,
        };
        if let Some(letter) = letter {
            if !game.solved() {
                game.step(letter);
            }
            continue;
        }
        match key {
            Key::Char('d' | 'D') | Key::Backspace => game.undo(),
            Key::Char('r' | 'R') => game = Game::new(&game.level, game.ordered),
            Key::Char('q' | 'Q') | Key::Escape => return Ok(game.solved()),
            Key::Char(c @ ('p' | 'P' | ' ')) => {
                let mode = if c == ' ' { Mode::Optimal } else { Mode::Fast };
                println!("solving ({} mode)…", mode.name());
                match game.solve_from_here(mode, limits) {
                    Ok(solution) => {
                        for letter in solution.chars() {
                            game.step(letter);
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
    fn steps_push_undo_and_render() {
        let level = Level::parse("######\n#@ $.#\n######\n").unwrap();
        let mut game = Game::new(&level, false);
        assert!(!game.step('u'), "a wall");
        assert!(game.step('r') && game.step('r'));
        assert_eq!(game.history(), "rR");
        assert_eq!(game.render(), "######\n#  @*#\n######\n");
        assert!(game.solved());
        game.undo();
        assert_eq!(game.render(), "######\n# @$.#\n######\n");
        assert!(!game.solved());
        assert_eq!(game.solve_from_here(Mode::Optimal, &Limits::none()), Ok("R".to_string()));
    }
}
