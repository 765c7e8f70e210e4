//! `delve sokoban play`: the original solver's play mode. In a terminal: arrow keys move, D undoes,
//! R restarts, P solves fast and Space optimally from the current position, then the solution
//! plays back step by step and the search's time and node counts stay on screen; Q or Esc
//! quits. A push into a position the solver's dead-square and freeze tests call dead says "no
//! valid moves, please go back", as the original did. In ordered mode each box and its goal
//! share a letter (box `A`, goal `a`) and, on a terminal, a colour. Without a terminal, the
//! moves are read as LURD from standard input (`P` and `O` solve fast and optimally from there)
//! and the final position is printed (scriptable, and how it is tested).

use super::quality;
use anyhow::Context;
use console::{Color, style};
use delve_core::{Limits, NoObserver, Stats, input};
use delve_sokoban::{DeadCheck, Mode, Playthrough, Step, Unsolved, solve};
use std::io::IsTerminal;
use std::time::Duration;

/// What a P or Space solve from the position played found.
struct Found {
    /// The solution from there, if one was found.
    solution: Option<String>,
    /// What to say: the counts, or why there is none, and the search's statistics.
    said: String,
}

/// The statistics the original printed after a solve: the search's time, the nodes it
/// generated, the most it held at once, and the effective branching factor b* when it found
/// a solution.
fn search_stats(stats: &Stats) -> Vec<String> {
    let ms = stats.elapsed_ms();
    let time = if ms < 1000.0 { format!("{ms:.1} ms") } else { format!("{:.2} s", ms / 1000.0) };
    let mut said = vec![
        format!("search time {time}"),
        format!("nodes generated {}", stats.generated),
        format!("max nodes held {}", stats.max_frontier),
    ];
    said.extend(stats.branching_factor().map(|b| format!("b* {b:.3}")));
    said
}

/// Solves from the position of `game` in `mode`.
fn solve_from_here(game: &Playthrough, mode: Mode, limits: &Limits) -> Found {
    let name = mode.name();
    let nothing = |said: String| Found { solution: None, said };
    let Some(here) = game.to_level() else {
        return nothing(format!(
            "{name} solve: this position cannot be written as a level with its boxes paired as they are \
             (a lettered box or the player on a goal, or ordered boxes out of reading order): undo (D) or \
             restart (R) first"
        ));
    };
    let solved = match solve(&here, game.is_ordered(), mode, limits, NoObserver) {
        Ok(solved) => solved,
        Err(e) => return nothing(format!("{name} solve: {e}")),
    };
    let stats = search_stats(&solved.stats).join(", ");
    match (solved.solution, solved.unsolved) {
        (Some(lurd), _) => Found {
            said: format!("{name} solve: {} pushes, {} moves ({}); {stats}", lurd.pushes, lurd.moves, quality(mode)),
            solution: Some(lurd.text),
        },
        (None, Some(Unsolved::NoSolution)) => nothing(format!("{name} solve: no solution from here; {stats}")),
        (None, why) => nothing(format!("{name} solve: not solved: {}; {stats}", why.map_or("stopped", Unsolved::name))),
    }
}

/// The colours of the pairs of box and goal, in turn (the original's red, blue, green,
/// purple and yellow first).
const PAIRS: [u8; 10] = [196, 33, 34, 129, 178, 208, 37, 199, 94, 245];

/// The position as text: XSB, and when boxes are paired with goals, box i and goal i with one
/// letter (`A` and `a`; `*` a box on its own goal) and one colour, shown on a terminal. Past 26
/// boxes a plain level keeps `$` and `.`, in colour.
fn draw(game: &Playthrough) -> String {
    let plain = game.render();
    if !game.is_ordered() {
        return plain;
    }
    let mut cells: Vec<Vec<String>> = plain.lines().map(|row| row.chars().map(String::from).collect()).collect();
    let lettered = game.level().has_letters();
    let letters = lettered || game.goals().len() <= 26;
    let paint = |id: usize, glyph: char| style(glyph).fg(Color::Color256(PAIRS[id % PAIRS.len()])).bold().to_string();
    let letter = |base: u8, id: usize| if letters { char::from(base + id as u8) } else { char::from(base) };
    for (id, &(r, c)) in game.goals().iter().enumerate() {
        // An empty goal: `.`, or its letter on a lettered level.
        let Some(cell) = cells.get_mut(r).and_then(|row| row.get_mut(c)) else { continue };
        let drawn = cell.chars().next().unwrap_or(' ');
        if drawn == '.' || drawn.is_ascii_lowercase() {
            let glyph = if lettered {
                drawn
            } else if letters {
                letter(b'a', id)
            } else {
                '.'
            };
            *cell = paint(id, glyph);
        }
    }
    for b in game.boxes() {
        let glyph = match (b.home, b.label) {
            (true, _) => '*',
            (false, '$') if letters => letter(b'A', b.id),
            (false, label) => label,
        };
        if let Some(cell) = cells.get_mut(b.at.0).and_then(|row| row.get_mut(b.at.1)) {
            *cell = paint(b.id, glyph);
        }
    }
    cells.iter().map(|row| row.concat() + "\n").collect()
}

/// Runs play mode on `game`: interactive in a terminal, else LURD from stdin.
pub(super) fn play(game: Playthrough, limits: &Limits) -> anyhow::Result<bool> {
    let check = DeadCheck::new(game.level(), game.is_ordered());
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return piped(game, &check, limits);
    }
    interactive(game, &check, limits)
}

/// Plays the moves of standard input, saying each solve and each push into a dead position,
/// and prints the final position.
fn piped(mut game: Playthrough, check: &DeadCheck, limits: &Limits) -> anyhow::Result<bool> {
    let moves = input::read_stdin_text().context("reading moves from stdin")?;
    let mut dead = check.check(&game).is_some();
    for (k, letter) in moves.chars().filter(|c| !c.is_whitespace()).enumerate() {
        if let Some(mode) = match letter {
            'p' | 'P' => Some(Mode::Fast),
            'o' | 'O' => Some(Mode::Optimal),
            _ => None,
        } {
            let found = solve_from_here(&game, mode, limits);
            println!("{}", found.said);
            for letter in found.solution.iter().flat_map(|s| s.chars()) {
                // The solution was found from this position.
                let _ = game.step(letter);
            }
            dead = check.check(&game).is_some();
            continue;
        }
        match game.step(letter) {
            Err(_) => anyhow::bail!("move {}: `{letter}` is not a legal move here", k + 1),
            Ok(Step::Walk) => {}
            Ok(Step::Push) => {
                let now = check.check(&game);
                if let (Some(why), false) = (now, dead) {
                    println!("move {}: no valid moves, please go back: {why}", k + 1);
                }
                dead = now.is_some();
            }
        }
    }
    print!("{}", draw(&game));
    let (pushes, steps) = game.counts();
    let status = if game.is_solved() { "solved" } else { "not solved" };
    println!("{status}: {pushes} pushes, {steps} moves");
    Ok(game.is_solved())
}

/// The terminal loop.
fn interactive(mut game: Playthrough, check: &DeadCheck, limits: &Limits) -> anyhow::Result<bool> {
    use console::{Key, Term};
    let term = Term::stdout();
    let keys = "arrows move · D undo · R restart · P fast solve · Space optimal solve · Q quit";
    // What the last solve said, until the next one or a restart.
    let mut said = String::new();
    loop {
        term.clear_screen()?;
        let (pushes, steps) = game.counts();
        println!("Level {} \"{}\" — {pushes} pushes, {steps} moves", game.level().number, game.level().title);
        print!("{}", draw(&game));
        if game.is_solved() {
            println!("solved! ({pushes} pushes, {steps} moves) — R restart, Q quit");
        } else if let Some(why) = check.check(&game) {
            println!("no valid moves, please go back: {why}");
        }
        if !said.is_empty() {
            println!("{said}");
        }
        if !game.is_solved() {
            println!("{keys}");
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
            Key::Char('r' | 'R') => {
                game = Playthrough::new(game.level(), game.is_ordered());
                said.clear();
            }
            Key::Char('q' | 'Q') | Key::Escape => return Ok(game.is_solved()),
            Key::Char(c @ ('p' | 'P' | ' ')) => {
                let mode = if c == ' ' { Mode::Optimal } else { Mode::Fast };
                println!("solving ({} mode)…", mode.name());
                let found = solve_from_here(&game, mode, limits);
                said = found.said;
                for letter in found.solution.iter().flat_map(|s| s.chars()) {
                    // The solution was found from this position.
                    let _ = game.step(letter);
                    term.clear_screen()?;
                    println!("playing back: {said}");
                    print!("{}", draw(&game));
                    std::thread::sleep(Duration::from_millis(120));
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_sokoban::Level;

    #[test]
    fn solves_from_the_position_played_and_says_the_search_stats() {
        let level = Level::parse("#######\n#@ $ .#\n#######\n").unwrap();
        let mut game = Playthrough::new(&level, false);
        assert!(game.step('r').is_ok() && game.step('r').is_ok());
        let found = solve_from_here(&game, Mode::Optimal, &Limits::none());
        assert_eq!(found.solution.as_deref(), Some("R"));
        let said = found.said;
        assert!(
            said.starts_with(
                "optimal solve: 1 pushes, 1 moves (optimal: fewest pushes, then fewest moves); search time "
            )
        );
        assert!(said.contains(", nodes generated 1, max nodes held "), "{said}");
        // One node generated for a one-push solution: b* is 1.
        assert!(said.ends_with(", b* 1.000"), "{said}");
    }

    #[test]
    fn ordered_boxes_and_their_goals_share_a_letter() {
        let level = Level::parse("########\n#@     #\n#  $ $ #\n# .  . #\n#      #\n########\n").unwrap();
        // Unordered: plain XSB.
        assert_eq!(draw(&Playthrough::new(&level, false)), level.to_string());
        let mut game = Playthrough::new(&level, true);
        let letters = "########\n#@     #\n#  A B #\n# a  b #\n#      #\n########\n";
        assert_eq!(console::strip_ansi_codes(&draw(&game)), letters);
        // Box B pushed down onto its goal: `*`, in its colour.
        for letter in "rrrrD".chars() {
            game.step(letter).unwrap();
        }
        let home = "########\n#      #\n#  A @ #\n# a  * #\n#      #\n########\n";
        assert_eq!(console::strip_ansi_codes(&draw(&game)), home);
        // Lettered levels keep their letters.
        let lettered = Level::parse("#######\n#@ C c#\n# A a #\n#######\n").unwrap();
        assert_eq!(console::strip_ansi_codes(&draw(&Playthrough::new(&lettered, false))), lettered.to_string());
    }
}
