//! A plan: the moves of an optimal solution, laid out the ways people read them — per step (the
//! original solver's action list `[(0,R,1),(1,L,1)]`) and per truck (the original solver's arrows,
//! `[Truck 0] →↑.→.↓*`).

use crate::level::MAX_TRUCKS;
use crate::problem::{Action, Move, RgbProblem, State};
use delve_core::Solution;
use serde::Serialize;
use std::fmt;

/// One truck's move in a step: which truck, the move, and the segment's length (0 for a stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TruckMove {
    /// The truck's index.
    pub truck: usize,
    /// `S` (stop), `U`, `D`, `L` or `R`.
    #[serde(serialize_with = "as_letter")]
    pub action: Move,
    /// Cells to drive to the next event; 0 for a stop.
    pub length: u8,
    /// The truck found the bump it leaves enabled and dropped its top item there (FORMAT.md
    /// §5.3); in JSON only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bump: bool,
}

fn as_letter<S: serde::Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_char(m.letter())
}

/// One step of a plan: the moment it is taken, the moves, and the time to the next moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The time the moves are chosen.
    pub time: u32,
    /// The moves, in truck order.
    pub moves: Vec<TruckMove>,
    /// The step's cost: the time until some truck reaches its next event.
    pub cost: u32,
}

/// A complete plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Plan {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The time the goal is reached.
    pub cost: u32,
    /// The bumps the plan finds enabled (FORMAT.md §5.3), by cell (row-major index), in the
    /// order trucks reach them; every other bump of the level is disabled.
    pub bumps: Vec<usize>,
}

impl Plan {
    /// The plan of a solution found on `problem`.
    pub fn new(problem: &RgbProblem, solution: &Solution<State, Action, u32>) -> Plan {
        let mut time = 0;
        let mut steps = Vec::with_capacity(solution.actions.len());
        let mut bumps = Vec::new();
        for (state, action) in solution.states.iter().zip(&solution.actions) {
            for truck in (0..MAX_TRUCKS).filter(|&i| action.1 & (1 << i) != 0) {
                bumps.push(problem.graph().cells[state.trucks[truck].at as usize]);
            }
            let moves = action
                .0
                .iter()
                .enumerate()
                .filter_map(|(truck, m)| {
                    let m = (*m)?;
                    let length = match m {
                        Move::Stop => 0,
                        Move::Drive(d) => problem.exit(state.trucks[truck].at, d).map_or(0, |e| e.length),
                    };
                    Some(TruckMove { truck, action: m, length, bump: action.1 & (1 << truck) != 0 })
                })
                .collect();
            let cost = problem.step_cost(state, action).expect("a solution's actions are legal");
            steps.push(Step { time, moves, cost });
            time += cost;
        }
        Plan { steps, cost: solution.cost, bumps }
    }

    /// Each truck's moves in order, for the simulator and the route strings.
    pub fn routes(&self, trucks: usize) -> Vec<Vec<(Move, u8)>> {
        let mut routes = vec![Vec::new(); trucks.min(MAX_TRUCKS)];
        for step in &self.steps {
            for m in &step.moves {
                routes[m.truck].push((m.action, m.length));
            }
        }
        routes
    }

    /// Each truck's route in the original solver's arrows: an arrow per move followed by `.`
    /// repeated length − 1 times, `*` for the stop.
    pub fn arrows(&self, trucks: usize) -> Vec<String> {
        self.routes(trucks)
            .iter()
            .map(|route| {
                let mut s = String::new();
                for &(m, length) in route {
                    match m {
                        Move::Stop => s.push('*'),
                        Move::Drive(d) => {
                            s.push(d.arrow());
                            s.extend(std::iter::repeat_n('.', usize::from(length.saturating_sub(1))));
                        }
                    }
                }
                s
            })
            .collect()
    }

    /// The trucks in the order they first move (the order the original solver prints routes in),
    /// then the ones that never do.
    pub fn truck_order(&self, trucks: usize) -> Vec<usize> {
        let mut order: Vec<usize> = Vec::with_capacity(trucks);
        for m in self.steps.iter().flat_map(|s| &s.moves) {
            if !order.contains(&m.truck) {
                order.push(m.truck);
            }
        }
        order.extend((0..trucks).filter(|t| !order.contains(t)).collect::<Vec<_>>());
        order
    }
}

impl fmt::Display for Step {
    /// The original solver's notation: `[(0,R,1),(1,L,1)]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (k, m) in self.moves.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "({},{},{})", m.truck, m.action.letter(), m.length)?;
        }
        f.write_str("]")
    }
}
