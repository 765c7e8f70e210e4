//! Playing whole games: the turn loop (CS188's `Game.run`), a text renderer, and replays.

use crate::agents::{Distances, PacmanAgent};
use crate::ghosts::{Chance, GhostKind};
use crate::layout::Layout;
use crate::rules::{Dir, Rules, State};
use delve_core::{Clock, Limits, Report, Stats, StopReason};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// How a game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The final score.
    pub score: i32,
    /// Whether Pacman ate all the food.
    pub win: bool,
    /// Whether the game was stopped at the move cap (neither won nor lost).
    pub capped: bool,
    /// Every move in order: (agent, move).
    pub moves: Vec<(usize, Dir)>,
    /// Time Pacman's agent spent choosing its moves.
    pub think_time: Duration,
    /// States Pacman's searches generated, over the game.
    pub generated: u64,
    /// Why a limit (a deadline, Ctrl-C) ended the game before its end, if one did.
    pub stopped: Option<StopReason>,
}

impl GameRecord {
    /// How many moves Pacman made.
    pub fn pacman_moves(&self) -> usize {
        self.moves.iter().filter(|(a, _)| *a == 0).count()
    }
}

/// Plays one game from the rules' initial state. `pacman` picks Pacman's move given the
/// state and the number of moves he has made; `ghosts[i - 1]` drives ghost `i` (the last
/// kind repeats), drawing from `chance`. Stops when the game is won or lost, or after
/// `max_moves` Pacman moves. `watch` sees every state, the first included.
pub fn play(
    rules: &Rules,
    pacman: &mut dyn FnMut(&State, usize) -> (Dir, u64),
    ghosts: &[GhostKind],
    chance: &mut dyn Chance,
    max_moves: usize,
    watch: &mut dyn FnMut(&State),
) -> GameRecord {
    play_within(rules, pacman, ghosts, chance, max_moves, &Limits::none().clock(), watch)
}

/// [`play`], also ended before a Pacman move once `clock`'s deadline has passed or its cancel
/// flag is raised (the record's `stopped` says why).
pub fn play_within(
    rules: &Rules,
    pacman: &mut dyn FnMut(&State, usize) -> (Dir, u64),
    ghosts: &[GhostKind],
    chance: &mut dyn Chance,
    max_moves: usize,
    clock: &Clock,
    watch: &mut dyn FnMut(&State),
) -> GameRecord {
    let mut state = rules.initial_state();
    watch(&state);
    let mut record = GameRecord {
        score: 0,
        win: false,
        capped: false,
        moves: Vec::new(),
        think_time: Duration::ZERO,
        generated: 0,
        stopped: None,
    };
    let mut step = 0;
    while !state.is_over() {
        let agent = state.turn;
        let action = if agent == 0 {
            if step >= max_moves {
                record.capped = true;
                break;
            }
            if let Err(reason) = clock.check() {
                record.stopped = Some(reason);
                break;
            }
            let start = Instant::now();
            let (action, generated) = pacman(&state, step);
            record.think_time += start.elapsed();
            record.generated += generated;
            action
        } else {
            let kind = ghosts.get(agent - 1).or(ghosts.last()).copied().unwrap_or(GhostKind::Random);
            kind.choose(rules, &state, agent, chance)
        };
        debug_assert!(rules.legal(&state, agent).contains(&action), "illegal {action} by agent {agent}");
        state = rules.successor(&state, action);
        record.moves.push((agent, action));
        if agent == 0 {
            chance.pacman_moved(step);
            step += 1;
        }
        watch(&state);
    }
    record.score = state.score;
    record.win = state.win;
    record
}

/// Plays one game with a [`PacmanAgent`] (see [`play_within`]).
#[allow(clippy::too_many_arguments)]
pub fn play_agent(
    rules: &Rules,
    dist: &Distances,
    agent: &PacmanAgent,
    ghosts: &[GhostKind],
    chance: &mut dyn Chance,
    max_moves: usize,
    clock: &Clock,
    watch: &mut dyn FnMut(&State),
) -> GameRecord {
    let mut choose = |s: &State, _: usize| {
        let c = agent.choose(rules, dist, s, false);
        (c.action, c.stats.generated)
    };
    play_within(rules, &mut choose, ghosts, chance, max_moves, clock, watch)
}

/// The maze as text: walls `%`, food `.`, capsules `o`, Pacman `P`, ghosts `G` (`g` while
/// scared; a ghost between two cells is drawn on the nearer one, rounding up).
pub fn render(layout: &Layout, state: &State) -> String {
    let mut rows: Vec<Vec<char>> = (0..layout.height)
        .map(|y| {
            (0..layout.width)
                .map(|x| {
                    if layout.is_wall(x, y) {
                        '%'
                    } else if state.has_food(layout.width, x, y) {
                        '.'
                    } else {
                        ' '
                    }
                })
                .collect()
        })
        .collect();
    for (i, &(x, y)) in layout.capsules.iter().enumerate() {
        if state.capsules >> i & 1 == 1 {
            rows[y][x] = 'o';
        }
    }
    for ghost in &state.agents[1..] {
        let (x, y) = ghost.cell();
        rows[y][x] = if ghost.scared > 0 { 'g' } else { 'G' };
    }
    let (x, y) = state.pacman();
    rows[y][x] = 'P';
    let mut out = String::new();
    for row in rows.iter().rev() {
        out.extend(row.iter());
        out.push('\n');
    }
    out
}

/// A replay file: enough to play a game again move for move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// The layout's name or file.
    pub layout_name: String,
    /// The layout text.
    pub layout: String,
    /// How many ghosts played.
    pub ghosts: usize,
    /// The final score.
    pub score: i32,
    /// Whether Pacman won.
    pub win: bool,
    /// Every move: agent and move.
    pub moves: Vec<(usize, Dir)>,
}

/// Why a replay could not be played back.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The layout text does not parse.
    #[error("replay layout: {0}")]
    Layout(delve_core::ParseError<crate::layout::LayoutError>),
    /// A move is out of turn or illegal.
    #[error("move {index}: {what}")]
    BadMove {
        /// 0-based index of the move.
        index: usize,
        /// What is wrong.
        what: String,
    },
}

impl Replay {
    /// The states of the game, first to last, checking every move.
    pub fn states(&self) -> Result<(Rules, Vec<State>), ReplayError> {
        let layout = Layout::parse(&self.layout).map_err(ReplayError::Layout)?;
        let rules = Rules::new(std::sync::Arc::new(layout), Some(self.ghosts));
        let mut state = rules.initial_state();
        let mut states = vec![state.clone()];
        for (index, &(agent, action)) in self.moves.iter().enumerate() {
            if agent != state.turn {
                return Err(ReplayError::BadMove { index, what: format!("agent {agent} moves out of turn") });
            }
            if !rules.legal(&state, agent).contains(&action) {
                return Err(ReplayError::BadMove { index, what: format!("{action} is not legal for agent {agent}") });
            }
            state = rules.successor(&state, action);
            states.push(state.clone());
        }
        Ok((rules, states))
    }
}

/// The domain's part of the report of `delve pacman play --json`: how a series of games went,
/// and its settings, beside the keys every report has (`algorithm` is the agent; `stats`
/// hold the states Pacman's searches generated, and the time; `stop_reason` says why a limit (Ctrl-C)
/// ended the series before its last game, whose numbers are then left out).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayReport {
    /// Games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// `wins / games`.
    pub win_rate: f64,
    /// The mean final score.
    pub average_score: f64,
    /// Each game's final score.
    pub scores: Vec<i32>,
    /// Pacman's thinking time per move, in milliseconds.
    pub ms_per_move: f64,
    /// The layout's name (or file).
    pub layout: String,
    /// Pacman's agent.
    pub agent: &'static str,
    /// Its search depth in rounds.
    pub depth: u32,
    /// Its evaluation function.
    pub eval: &'static str,
    /// The ghosts' kind.
    pub ghosts: &'static str,
    /// The seed of the ghosts' random moves.
    pub seed: u64,
    /// Pacman's moves over all games.
    pub pacman_moves: usize,
    /// States generated per Pacman move.
    pub generated_per_move: f64,
}

impl PlayReport {
    /// The report of `records`, games of `agent` against `ghosts` on `layout` from `seed`,
    /// played in `elapsed` (a game a limit stopped counts only for `stop_reason`).
    pub fn new(
        records: &[GameRecord],
        layout: &str,
        agent: &PacmanAgent,
        ghosts: GhostKind,
        seed: u64,
        elapsed: Duration,
    ) -> Report<PlayReport> {
        let stop_reason = records.iter().find_map(|r| r.stopped);
        let played: Vec<&GameRecord> = records.iter().filter(|r| r.stopped.is_none()).collect();
        let records = played.as_slice();
        let games = u32::try_from(records.len()).unwrap_or(u32::MAX);
        let wins = u32::try_from(records.iter().filter(|r| r.win).count()).unwrap_or(u32::MAX);
        let scores: Vec<i32> = records.iter().map(|r| r.score).collect();
        let moves: usize = records.iter().map(|r| r.pacman_moves()).sum();
        let think: Duration = records.iter().map(|r| r.think_time).sum();
        let generated: u64 = records.iter().map(|r| r.generated).sum();
        let per_move = |x: f64| if moves == 0 { 0.0 } else { x / moves as f64 };
        let per_game = |x: f64| if games == 0 { 0.0 } else { x / f64::from(games) };
        let stats = Stats { generated, elapsed, ..Stats::default() };
        let detail = PlayReport {
            games,
            wins,
            win_rate: per_game(f64::from(wins)),
            average_score: per_game(scores.iter().map(|&s| f64::from(s)).sum()),
            scores,
            ms_per_move: per_move(think.as_secs_f64() * 1000.0),
            layout: layout.to_string(),
            agent: agent.kind.name(),
            depth: agent.depth,
            eval: agent.eval.name(),
            ghosts: ghosts.name(),
            seed,
            pacman_moves: moves,
            generated_per_move: per_move(generated as f64),
        };
        Report::job(agent.kind.name(), stop_reason, stats, detail)
    }
}
