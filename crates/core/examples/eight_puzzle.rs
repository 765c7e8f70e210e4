//! The 8-puzzle by A* and IDA*, with the Manhattan-distance heuristic: a `Problem` written by
//! hand, a packed state (one `u64`), and an `expand` that fills the search's buffer.
//!
//! Run: `cargo run --release -p delve-core --example eight_puzzle`

use delve_core::prelude::*;

/// A board as 9 nibbles (cell i holds tile `(b >> 4i) & 15`, 0 = blank).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Board(u64);

impl Board {
    fn parse(s: &str) -> Board {
        Board(s.bytes().enumerate().fold(0, |b, (i, c)| b | u64::from(c - b'0') << (4 * i)))
    }
    fn tile(self, cell: usize) -> u64 {
        (self.0 >> (4 * cell)) & 15
    }
    fn blank(self) -> usize {
        (0..9).find(|&c| self.tile(c) == 0).unwrap_or(0)
    }
    /// The board with the tile at `from` slid into the blank at `to`.
    fn slide(self, from: usize, to: usize) -> Board {
        let tile = self.tile(from);
        Board(self.0 & !(15 << (4 * from)) | tile << (4 * to))
    }
}

struct EightPuzzle {
    start: Board,
    goal: Board,
}

impl Problem for EightPuzzle {
    type State = Board;
    type Action = char;
    type Cost = u32;

    fn initial_state(&self) -> Board {
        self.start
    }
    fn is_goal(&self, b: &Board) -> bool {
        *b == self.goal
    }
    /// The blank moves up, down, left or right (the letter names the blank's move).
    fn expand(&self, b: &Board, out: &mut Vec<Successor<Board, char, u32>>) {
        let blank = b.blank();
        let (r, c) = (blank / 3, blank % 3);
        for (ok, from, action) in [
            (r > 0, blank.wrapping_sub(3), 'U'),
            (r < 2, blank + 3, 'D'),
            (c > 0, blank.wrapping_sub(1), 'L'),
            (c < 2, blank + 1, 'R'),
        ] {
            if ok {
                out.push(Successor { action, state: b.slide(from, blank), cost: 1 });
            }
        }
    }
    /// Manhattan distance of every tile to its goal cell: admissible and consistent.
    fn heuristic(&self, b: &Board) -> u32 {
        (0..9)
            .filter(|&c| b.tile(c) != 0)
            .map(|c| {
                let home = (0..9).find(|&g| self.goal.tile(g) == b.tile(c)).unwrap_or(c);
                ((c / 3).abs_diff(home / 3) + (c % 3).abs_diff(home % 3)) as u32
            })
            .sum()
    }
}

fn main() {
    // The hardest 8-puzzle instance: 31 moves from the standard goal.
    let puzzle = EightPuzzle { start: Board::parse("867254301"), goal: Board::parse("123456780") };
    let by_astar = astar(&puzzle, &Limits::none(), NoObserver);
    let by_idastar = idastar(&puzzle, &Limits::none(), NoObserver);
    let (a, i) = (by_astar.solution().expect("solvable"), by_idastar.solution().expect("solvable"));
    assert_eq!((a.cost, i.cost), (31, 31));
    println!("A*:   {} moves {} ({})", a.cost, a.actions.iter().collect::<String>(), by_astar.stats);
    println!("IDA*: {} moves {} ({})", i.cost, i.actions.iter().collect::<String>(), by_idastar.stats);
}
