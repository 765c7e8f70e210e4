//! `delve pacman`: Berkeley CS188's multi-agent Pacman. `play` runs games of a Pacman agent
//! (reflex, minimax, alpha-beta, expectimax on `delve_game`) against random or directional
//! ghosts, drawn in the terminal, saved as replays, summarised as text or `--json`; `replay`
//! shows a saved game again; `grade` runs CS188's own test files for Pacman games and gives
//! the points its autograder would. Thin: the game, agents and grading are `delve_pacman`'s.

use crate::common::{self, Status};
use anyhow::{Context, bail};
use clap::{Args, Subcommand, ValueEnum};
use delve_core::{rand::SeedableRng, random::SeededRng};
use delve_pacman::agents::{AgentError, AgentSpec, Distances};
use delve_pacman::grade::{GradeError, GradeReport, QuestionOutcome, grade_question, question_dirs};
use delve_pacman::layout::Layout;
use delve_pacman::play::{PlayReport, Replay, play_agent, render};
use delve_pacman::rules::{Rules, State};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `delve pacman`.
#[derive(Args, Debug)]
pub struct PacmanArgs {
    #[command(subcommand)]
    command: PacmanCommand,
}

#[derive(Subcommand, Debug)]
enum PacmanCommand {
    /// Play games: a Pacman agent against ghosts, drawn in the terminal or summarised.
    #[command(after_help = "The layout is a built-in name (capsuleClassic contestClassic mediumClassic \
minimaxClassic openClassic originalClassic powerClassic smallClassic testClassic trappedClassic \
trickyClassic) or a `.lay` file. Depth counts rounds: one move of Pacman and of every ghost. \
Exit status: 0 when Pacman wins every game, 1 when he loses one, 2 for bad input.\n\n\
Examples:\n  delve pacman play --layout testClassic --agent reflex --quiet\n  \
delve pacman play --layout smallClassic --agent expectimax --depth 2 --eval better --games 3 --seed 1 --quiet\n  \
delve pacman play --layout minimaxClassic --agent alphabeta --depth 3 --games 5 --json\n  \
delve pacman play --layout openClassic --agent reflex --games 2 --replay /tmp/delve-pacman-games.jsonl --quiet\n  \
delve pacman play --layout contestClassic --agent expectimax --depth 3 --ghosts directional --ghost-model directional --far-ghosts 6 --quiet")]
    Play(PlayArgs),
    /// Show a game saved with `play --replay`, move by move.
    #[command(
        after_help = "Examples:\n  delve pacman replay crates/domains/pacman/data/replays/testClassic-reflex.jsonl --game 2"
    )]
    Replay(ReplayArgs),
    /// Run CS188's test files for Pacman games and give its autograder's points.
    #[command(after_help = "DIR is a question folder (with a CONFIG file) or a folder of them. Runs the \
PacmanGameTreeTests (a graded game where the states the agent creates per move must match \
the counts of Berkeley's own agents), the EvalAgentTests (games with thresholds on wins and average score) \
and any GraphGameTreeTests beside them. Exit status: 0 when every test passes, 1 when one \
fails, 2 for bad input.\n\n\
Examples:\n  delve pacman grade crates/domains/pacman/data/cs188/q2\n  \
delve pacman grade crates/domains/pacman/data/cs188 --json")]
    Grade(GradeArgs),
}

/// Pacman agents.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AgentName {
    /// One move ahead, judged by a hand-made evaluation.
    Reflex,
    /// Minimax: every ghost plays its worst for Pacman.
    Minimax,
    /// Minimax's move, fewer states (CS188-exact pruning).
    Alphabeta,
    /// Ghosts move uniformly at random; Pacman maximises the expected value.
    Expectimax,
}

/// Evaluation functions.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum EvalName {
    /// The game score (CS188's scoreEvaluationFunction).
    Score,
    /// Score plus maze distances to food, ghosts and capsules, and scared timers.
    Better,
}

/// Ghost agents.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum GhostName {
    /// Every legal move equally likely.
    Random,
    /// Towards Pacman (away while scared) with probability 0.8.
    Directional,
}

/// Expectimax's model of the ghosts.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ModelName {
    /// Every legal move equally likely.
    Uniform,
    /// As directional ghosts move.
    Directional,
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Built-in layout name or `.lay` file.
    #[arg(long, value_name = "NAME|FILE")]
    layout: String,
    /// Pacman's agent.
    #[arg(long, value_enum)]
    agent: AgentName,
    /// Search depth in rounds (minimax, alphabeta, expectimax).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
    depth: u32,
    /// Evaluation function of the searches.
    #[arg(long, value_enum, default_value = "better")]
    eval: EvalName,
    /// The ghosts' behaviour.
    #[arg(long, value_enum, default_value = "random")]
    ghosts: GhostName,
    /// How expectimax expects the ghosts to move: uniformly (CS188's model) or as directional
    /// ghosts do.
    #[arg(long, value_enum, default_value = "uniform")]
    ghost_model: ModelName,
    /// With `--ghost-model directional`: ghosts farther than D steps from Pacman are expected
    /// to make only their likeliest move, which makes expectimax several times cheaper (the
    /// contest agent is depth 5 with `--far-ghosts 6`).
    #[arg(long, value_name = "D")]
    far_ghosts: Option<u32>,
    /// Play with only the first K ghosts of the layout (CS188's -k).
    #[arg(long, value_name = "K")]
    num_ghosts: Option<usize>,
    /// How many games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Seed of the ghosts' random moves (same seed, same games).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// End a game after this many Pacman moves (it counts as not won).
    #[arg(long, default_value_t = 5000, value_name = "N")]
    max_moves: usize,
    /// Do not draw the games, print only the summary.
    #[arg(long)]
    quiet: bool,
    /// Milliseconds between frames when drawing to a terminal.
    #[arg(long, default_value_t = 80, value_name = "MS")]
    delay: u64,
    /// Save every game to FILE (JSON Lines, one game per line) for `delve pacman replay`.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
    /// Print one JSON object: {"games","wins","win_rate","average_score","scores","ms_per_move",…,"stop_reason"}.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// A file written by `delve pacman play --replay`.
    file: PathBuf,
    /// Which game of the file (1 = the first).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,
    /// Milliseconds between frames when drawing to a terminal.
    #[arg(long, default_value_t = 80, value_name = "MS")]
    delay: u64,
}

#[derive(Args, Debug)]
struct GradeArgs {
    /// A CS188 question folder (`q1`, …) or a folder of them (`test_cases`).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Limits for each test and each of its searches (a stop ends the grading with exit
    /// status 1), and `--json`: one JSON object instead of the autograder's report.
    #[command(flatten)]
    limits: common::LimitArgs,
    #[command(flatten)]
    output: common::OutputArgs,
}

/// Runs `delve pacman`.
pub fn run(args: PacmanArgs) -> anyhow::Result<Status> {
    match args.command {
        PacmanCommand::Play(args) => play(&args),
        PacmanCommand::Replay(args) => replay(&args),
        PacmanCommand::Grade(args) => grade(&args),
    }
}

/// A built-in layout by name, else a `.lay` file.
fn load_layout(spec: &str) -> anyhow::Result<Layout> {
    if let Some(layout) = Layout::named(spec) {
        return Ok(layout);
    }
    let path = Path::new(spec);
    if !path.exists() {
        let names: Vec<&str> = Layout::names().collect();
        bail!("no layout `{spec}`: not a built-in name ({}) nor a file", names.join(", "));
    }
    Ok(Layout::read(path)?)
}

/// Draws one frame: clears the screen first when animating.
fn draw_frame(out: &mut impl Write, layout: &Layout, state: &State, title: &str, animate: bool) -> std::io::Result<()> {
    if animate {
        write!(out, "\x1b[2J\x1b[H")?;
    }
    writeln!(out, "{title}")?;
    write!(out, "{}", render(layout, state))?;
    if !animate {
        writeln!(out)?;
    }
    out.flush()
}

fn play(args: &PlayArgs) -> anyhow::Result<Status> {
    let layout = load_layout(&args.layout)?;
    let rules = Rules::new(Arc::new(layout), args.num_ghosts);
    let dist = Distances::new(&rules);
    // The names clap accepted, checked and built as every front end builds them.
    let name = |v: Option<clap::builder::PossibleValue>| v.map(|v| v.get_name().to_string()).unwrap_or_default();
    let (agent, eval) = (name(args.agent.to_possible_value()), name(args.eval.to_possible_value()));
    let (ghosts, model) = (name(args.ghosts.to_possible_value()), name(args.ghost_model.to_possible_value()));
    let spec = AgentSpec {
        agent: &agent,
        depth: args.depth,
        eval: &eval,
        ghosts: &ghosts,
        ghost_model: &model,
        far_ghosts: args.far_ghosts,
    };
    let (agent, ghost) = match spec.build() {
        Ok(built) => built,
        Err(AgentError::FarGhosts) => {
            bail!("--far-ghosts needs --ghost-model directional (a uniform model has no likeliest move)")
        }
        Err(e) => return Err(e.into()),
    };
    let mut replay_file = match &args.replay {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        )),
        None => None,
    };
    let draw = !args.quiet && !args.json;
    let animate = draw && std::io::stdout().is_terminal() && args.delay > 0;
    let mut rng = SeededRng::seed_from_u64(args.seed);
    // Ctrl-C ends the game in play before Pacman's next move, and the series with it.
    let clock = common::interruptible().clock();
    let start = std::time::Instant::now();
    let mut records = Vec::new();
    let stdout = std::io::stdout();
    for game in 1..=args.games {
        let mut out = stdout.lock();
        let mut io_error = None;
        let mut round = 0usize;
        let mut watch = |s: &State| {
            if !draw || io_error.is_some() || (s.turn != 0 && !s.is_over()) {
                return;
            }
            let title = format!("game {game} of {}, move {round}, score {}", args.games, s.score);
            round += 1;
            if let Err(e) = draw_frame(&mut out, &rules.layout, s, &title, animate) {
                io_error = Some(e);
            }
            if animate {
                std::thread::sleep(Duration::from_millis(args.delay));
            }
        };
        let record = play_agent(&rules, &dist, &agent, &[ghost], &mut rng, args.max_moves, &clock, &mut watch);
        if let Some(e) = io_error {
            return Err(e.into());
        }
        drop(out);
        if let Some(reason) = record.stopped {
            if !args.json {
                println!("game {game}: stopped ({reason}) after {} Pacman moves", record.pacman_moves());
            }
            records.push(record);
            break;
        }
        if let Some(file) = &mut replay_file {
            let saved = Replay {
                layout_name: args.layout.clone(),
                layout: rules.layout.text.clone(),
                ghosts: rules.ghosts,
                score: record.score,
                win: record.win,
                moves: record.moves.clone(),
            };
            serde_json::to_writer(&mut *file, &saved)?;
            writeln!(file)?;
        }
        if !args.json {
            let how = if record.win {
                "won"
            } else if record.capped {
                "stopped at the move cap"
            } else {
                "lost"
            };
            println!("game {game}: {how}, score {} ({} Pacman moves)", record.score, record.pacman_moves());
        }
        records.push(record);
    }
    if let Some(mut file) = replay_file {
        file.flush()?;
    }
    let report = PlayReport::new(&records, &args.layout, &agent, ghost, args.seed, start.elapsed());
    let (stop_reason, played) = (report.stop_reason, &report.detail);
    let all_won = played.wins == played.games && stop_reason.is_none();
    if args.json {
        common::print_json(&report);
    } else {
        println!(
            "{} {}: {} won ({:.0}%), average score {:.1}, {:.3} ms and {:.0} states generated per move",
            played.games,
            common::plural(u64::from(played.games), "game"),
            played.wins,
            100.0 * played.win_rate,
            played.average_score,
            played.ms_per_move,
            played.generated_per_move
        );
        if let Some(reason) = stop_reason {
            println!("stopped: {reason} after {} of {} games", played.games, args.games);
        }
    }
    Ok(Status::from_solved(all_won))
}

fn replay(args: &ReplayArgs) -> anyhow::Result<Status> {
    let text =
        delve_core::input::read_text(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let index = usize::try_from(args.game - 1).unwrap_or(usize::MAX);
    let Some(line) = lines.get(index) else {
        bail!("{}: game {} asked for, the file has {}", args.file.display(), args.game, lines.len());
    };
    let saved: Replay = serde_json::from_str(line)
        .with_context(|| format!("{}:{}: not a saved game", args.file.display(), index + 1))?;
    let (rules, states) = saved.states().with_context(|| format!("{}:{}", args.file.display(), index + 1))?;
    let animate = std::io::stdout().is_terminal() && args.delay > 0;
    let mut out = std::io::stdout().lock();
    for (round, s) in states.iter().filter(|s| s.turn == 0 || s.is_over()).enumerate() {
        let title = format!("{} game {}, move {round}, score {}", saved.layout_name, args.game, s.score);
        draw_frame(&mut out, &rules.layout, s, &title, animate)?;
        if animate {
            std::thread::sleep(Duration::from_millis(args.delay));
        }
    }
    let last = states.last().map_or(0, |s| s.score);
    if last != saved.score {
        bail!("{}: the moves replay to score {last}, the file says {}", args.file.display(), saved.score);
    }
    let how = if saved.win { "won" } else { "not won" };
    writeln!(out, "{}: {how}, score {}", saved.layout_name, saved.score)?;
    Ok(Status::Done)
}

fn grade(args: &GradeArgs) -> anyhow::Result<Status> {
    let start = std::time::Instant::now();
    let dirs = question_dirs(&args.dir)?;
    let mut progress = common::Progress::new("grading");
    let limits = args.limits.limits();
    let mut questions = Vec::new();
    let mut stop_reason = None;
    for dir in &dirs {
        let q = match grade_question(dir, &limits, &mut |file| progress.show(file, 0, None)) {
            Err(GradeError::Stopped(reason)) => {
                stop_reason = Some(reason);
                break;
            }
            other => other?,
        };
        if !args.output.json {
            print_question(&q);
        }
        questions.push(q);
    }
    drop(progress);
    let graded = questions.len();
    let report = GradeReport::new(questions, stop_reason, start.elapsed());
    let GradeReport { points, max_points, passed, failed, .. } = report.detail;
    if args.output.json {
        common::print_json(&report);
    } else {
        println!("Total: {points}/{max_points} ({passed} tests passed, {failed} failed)");
        if let Some(reason) = stop_reason {
            println!("stopped: {reason} after {graded} of {} questions", dirs.len());
        }
    }
    Ok(Status::from_solved(failed == 0 && stop_reason.is_none()))
}

/// A question as CS188's autograder reports it.
fn print_question(q: &QuestionOutcome) {
    println!("Question {} ({})", q.question, q.class);
    for t in &q.tests {
        let verdict = if t.passed { "PASS" } else { "FAIL" };
        if t.max_points > 0 {
            println!("*** {verdict}: {} ({} of {} points)", t.file, t.points, t.max_points);
        } else {
            println!("*** {verdict}: {}", t.file);
        }
        for m in &t.messages {
            println!("***     {m}");
        }
    }
    println!("### Question {}: {}/{}\n", q.question, q.points, q.max_points);
}
