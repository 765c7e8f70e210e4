//! Minimax, alpha-beta and expectimax: one depth-first search for all three and for every
//! [`Game`], on an explicit stack (no recursion, however deep the cut-off).
//!
//! Counting follows the path searches: a node is *expanded* when its moves are asked for
//! (never at a terminal state or at the cut-off), a state is *generated* when a move is
//! played to create it, and `max_frontier` is the deepest point reached (in states on the
//! path). The observer sees [`Event::Expand`](delve_core::Event::Expand) and
//! [`Event::Generate`](delve_core::Event::Generate) with `g` = `depth` = the number of moves
//! from the root; answering `Prune` to an expansion evaluates the node as if cut off, to a
//! generation skips that move.

use crate::Game;
use delve_core::{Finished, Limits, Meter, NodeInfo, Observer, OutcomeKind, Stats, StopReason};

/// Which search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Every other agent minimises agent 0's value; the whole tree to the cut-off is searched.
    Minimax,
    /// Minimax's value with alpha-beta pruning, CS188-exact: cuts only on strict inequality
    /// (`v > beta` at a maximising node, `v < alpha` at a minimising one), alpha and beta
    /// passed down from the root, successors created one at a time so that a pruned move's
    /// state is never generated.
    AlphaBeta,
    /// Alpha-beta as AIMA writes it: also cuts on ties (`v >= beta` at a maximising node,
    /// `v <= alpha` at a minimising one). Same value and move as minimax, and with few
    /// distinct payoffs (±1, 0) far fewer states than the strict rule: 18,296 against 146,119
    /// generated from the empty tic-tac-toe board, the very states aima-python visits.
    AlphaBetaAima,
    /// Every other agent picks a move at random (uniformly unless
    /// [`Game::chance_weights`] weighs the moves); its nodes take the (weighted) mean.
    Expectimax,
}

impl Method {
    /// The short name reports use: `minimax`, `alphabeta`, `expectimax`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Minimax => "minimax",
            Method::AlphaBeta | Method::AlphaBetaAima => "alphabeta",
            Method::Expectimax => "expectimax",
        }
    }
}

/// What a search decided at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<A> {
    /// The root's value for agent 0.
    pub value: f64,
    /// The best move for the agent to move (the first of equally good ones); `None` when the
    /// root is terminal or cut off, or is a chance node of expectimax.
    pub action: Option<A>,
}

/// A game search's decision, or why it stopped, with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult<A> {
    /// The method's short name (`"minimax"`, `"alphabeta"`, `"expectimax"`).
    pub algorithm: &'static str,
    /// The decision, or the limit (or observer) that stopped the search.
    pub outcome: Result<Decision<A>, StopReason>,
    /// What the search did.
    pub stats: Stats,
}

impl<A> GameResult<A> {
    /// The decision, if the search finished.
    pub fn decision(&self) -> Option<&Decision<A>> {
        self.outcome.as_ref().ok()
    }
}

/// How a game search that answers `Ok` when it finished ended: solved, or stopped.
pub(crate) fn kind_of<T>(outcome: &Result<T, StopReason>) -> OutcomeKind {
    if outcome.is_ok() { OutcomeKind::Solved } else { OutcomeKind::Stopped }
}

/// `solved` when the search finished.
impl<A> Finished for GameResult<A> {
    fn algorithm(&self) -> &'static str {
        self.algorithm
    }
    fn outcome(&self) -> OutcomeKind {
        kind_of(&self.outcome)
    }
    fn stop_reason(&self) -> Option<StopReason> {
        self.outcome.as_ref().err().copied()
    }
    fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// Minimax from `state`: agent 0 maximises, every other agent minimises. `depth` is the
/// cut-off in rounds (one round = one move of every agent; `None`: play to the end), where
/// [`Game::evaluate`] stands in for the utility.
pub fn minimax<G, O>(
    game: &G,
    state: &G::State,
    depth: Option<u32>,
    limits: &Limits,
    observer: O,
) -> GameResult<G::Action>
where
    G: Game,
    O: Observer<G::State, u32>,
{
    search(game, state, Method::Minimax, depth, limits, observer)
}

/// Alpha-beta from `state`: minimax's value, fewer states. See [`Method::AlphaBeta`] for the
/// exact pruning rule and [`minimax`] for `depth`.
///
/// This is CS188's exact alpha-beta (strict cuts, no table), whose generated states must
/// match the course's answers. For speed on a two-player zero-sum game, use the
/// [`Negamax`](crate::Negamax) engine: with payoffs of only ±1 strict cuts prune little and the
/// same positions are searched again and again, so on Nim with heaps 3-4-5 this search expands
/// 219,570 nodes and the engine 171 (`cargo run -p delve-game --example nim`). Write the game
/// once as a [`ZeroSum`](crate::ZeroSum) and [`TwoPlayer`](crate::TwoPlayer) runs it here too.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_game::{alpha_beta, cs188::GraphTest};
/// // CS188's q3/0-small-tree: the `deeper` branch is cut after C (2 < 4).
/// let test = GraphTest::parse("small.test", r#"class: "GraphGameTreeTest"
/// alg: "AlphaBetaAgent"
/// depth: "3"
/// num_agents: "2"
/// start_state: "root"
/// win_states: "A C"
/// lose_states: "B D"
/// successors: """
/// root pacLeft minLeft
/// root pacRight minRight
/// minLeft gLeft A
/// minLeft gRight B
/// minRight gLeft C
/// minRight gRight deeper
/// deeper pacLeft D
/// """
/// evaluation: """
/// A 4.0
/// B 3.0
/// C 2.0
/// D 1000.0
/// """
/// "#).unwrap();
/// let game = &test.game;
/// let out = alpha_beta(game, &game.start(), Some(test.depth), &Limits::none(), NoObserver);
/// let decision = out.decision().unwrap();
/// assert_eq!(decision.value, 3.0);
/// assert_eq!(game.action_name(&game.start(), decision.action.unwrap()), "pacLeft");
/// assert_eq!(out.stats.generated, 5); // minLeft, A, B, minRight, C — never `deeper`
/// ```
pub fn alpha_beta<G, O>(
    game: &G,
    state: &G::State,
    depth: Option<u32>,
    limits: &Limits,
    observer: O,
) -> GameResult<G::Action>
where
    G: Game,
    O: Observer<G::State, u32>,
{
    search(game, state, Method::AlphaBeta, depth, limits, observer)
}

/// Expectimax from `state`: agent 0 maximises, every other agent moves at random, uniformly
/// unless [`Game::chance_weights`] says otherwise (its node's value is the weighted mean of
/// its successors'). See [`minimax`] for `depth`.
pub fn expectimax<G, O>(
    game: &G,
    state: &G::State,
    depth: Option<u32>,
    limits: &Limits,
    observer: O,
) -> GameResult<G::Action>
where
    G: Game,
    O: Observer<G::State, u32>,
{
    search(game, state, Method::Expectimax, depth, limits, observer)
}

/// Runs `method` from `state` with the cut-off `depth` in rounds (`None`: to the end).
pub fn search<G, O>(
    game: &G,
    state: &G::State,
    method: Method,
    depth: Option<u32>,
    limits: &Limits,
    observer: O,
) -> GameResult<G::Action>
where
    G: Game,
    O: Observer<G::State, u32>,
{
    run(game, state, method, depth, limits, observer, None)
}

/// A cut alpha-beta made: at the node `path` leads to, the value found so far reached the
/// bound the node was searched within, so its remaining moves were never tried.
#[derive(Clone, Debug, PartialEq)]
pub struct Cut {
    /// The moves from the search's root to the node, each as its index among its node's
    /// [`Game::actions`].
    pub path: Vec<usize>,
    /// Whether the node maximises (cut by beta) or minimises (cut by alpha).
    pub maximising: bool,
    /// The node's value so far: the best of the moves it tried.
    pub value: f64,
    /// The bound that value reached: beta at a maximising node, alpha at a minimising one.
    pub bound: f64,
    /// The moves never tried, as indices among the node's moves: always the last ones.
    pub pruned: std::ops::Range<usize>,
}

/// [`search`], telling `on_cut` of every cut that prunes at least one move (only the
/// alpha-beta methods cut). The cuts come in the order the search makes them.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_game::{Method, search_with_cuts, tree::GameTree};
/// // MAX takes 3 from its first move; the second move's MIN node finds 2 < 3 and stops.
/// let tree = GameTree::parse("t.tree", "(a: (3 5) b: (2 9 7))").unwrap();
/// let mut cuts = Vec::new();
/// let out = search_with_cuts(&tree, &0, Method::AlphaBeta, None, &Limits::none(), NoObserver, &mut |c| cuts.push(c));
/// assert_eq!(out.decision().unwrap().value, 3.0);
/// assert_eq!((cuts[0].path.as_slice(), cuts[0].value, cuts[0].bound), (&[1][..], 2.0, 3.0));
/// assert_eq!(cuts[0].pruned, 1..3); // 9 and 7
/// ```
pub fn search_with_cuts<G, O>(
    game: &G,
    state: &G::State,
    method: Method,
    depth: Option<u32>,
    limits: &Limits,
    observer: O,
    on_cut: &mut dyn FnMut(Cut),
) -> GameResult<G::Action>
where
    G: Game,
    O: Observer<G::State, u32>,
{
    run(game, state, method, depth, limits, observer, Some(on_cut))
}

fn run<G, O>(
    game: &G,
    state: &G::State,
    method: Method,
    depth: Option<u32>,
    limits: &Limits,
    observer: O,
    on_cut: Option<&mut dyn FnMut(Cut)>,
) -> GameResult<G::Action>
where
    G: Game,
    O: Observer<G::State, u32>,
{
    let mut meter = Meter::new(limits, observer);
    let max_plies = depth.map(|d| d.saturating_mul(u32::try_from(game.num_agents()).unwrap_or(u32::MAX)));
    let outcome = meter.start::<G::State, u32>(method.name()).and_then(|()| {
        let mut searcher = Searcher { game, method, max_plies, meter: &mut meter, on_cut };
        searcher.root(state).map(|(value, action)| Decision { value, action })
    });
    let stats = meter.finish_with::<G::State, u32>(kind_of(&outcome), outcome.as_ref().err().copied());
    GameResult { algorithm: method.name(), outcome, stats }
}

/// What kind of node a state is, given the agent to move and the method.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Max,
    Min,
    Chance,
}

struct Searcher<'a, 'm, 'l, 'c, G, O> {
    game: &'a G,
    method: Method,
    max_plies: Option<u32>,
    meter: &'m mut Meter<'l, O>,
    /// Told of every cut, when someone asked.
    on_cut: Option<&'c mut dyn FnMut(Cut)>,
}

/// A node whose moves are being searched: the search keeps these on its own stack, not the
/// call stack, so a deep cut-off (or a game with cycles and no cut-off) costs heap memory,
/// which the limits bound, never a stack overflow.
struct Frame<S, A> {
    /// The node's state; `None` for the root, which the caller lends.
    state: Option<S>,
    ply: u32,
    alpha: f64,
    beta: f64,
    kind: Kind,
    best: f64,
    best_action: Option<A>,
    /// Successors valued so far.
    children: u32,
    actions: std::iter::Enumerate<std::vec::IntoIter<A>>,
    /// The move whose successor is being valued, and its index among the moves.
    pending: Option<(usize, A)>,
    weights: Option<Vec<f64>>,
    total_weight: f64,
}

/// What entering a state gives: its value at once, or a node to search.
enum Entered<S, A> {
    Value(f64),
    Node(Frame<S, A>),
}

impl<G: Game, O: Observer<G::State, u32>> Searcher<'_, '_, '_, '_, G, O> {
    /// The value of `root` and its best move.
    fn root(&mut self, root: &G::State) -> Result<(f64, Option<G::Action>), StopReason> {
        let mut stack = match self.enter(root, None, 0, f64::NEG_INFINITY, f64::INFINITY)? {
            Entered::Value(v) => return Ok((v, None)),
            Entered::Node(frame) => vec![frame],
        };
        // The value just found for the top frame's pending move.
        let mut returned: Option<f64> = None;
        loop {
            let frame = stack.last_mut().expect("the root stays until the end");
            let mut done = false;
            if let Some(v) = returned.take() {
                let index = frame.pending.as_ref().map_or(0, |(i, _)| *i);
                done = Self::take(frame, v, self.method);
                if done
                    && let Some(on_cut) = self.on_cut.as_mut()
                    && let Some(cut) = Self::cut(&stack, index)
                {
                    on_cut(cut);
                }
            }
            let frame = stack.last_mut().expect("the root stays until the end");
            if !done && let Some((i, action)) = frame.actions.next() {
                let state = frame.state.as_ref().unwrap_or(root);
                let child = self.game.result(state, &action);
                let ply = frame.ply + 1;
                if !self.meter.generated(NodeInfo { state: &child, g: ply, h: None, depth: Some(ply) })? {
                    continue;
                }
                frame.pending = Some((i, action));
                let (alpha, beta) = (frame.alpha, frame.beta);
                match self.enter(root, Some(child), ply, alpha, beta)? {
                    Entered::Value(v) => returned = Some(v),
                    Entered::Node(next) => stack.push(next),
                }
                continue;
            }
            let frame = stack.pop().expect("a frame is on the stack");
            let (value, action) = match (frame.kind, frame.children) {
                // The observer dropped every move: judge the node as if cut off.
                (_, 0) => (self.game.evaluate(frame.state.as_ref().unwrap_or(root)), None),
                (Kind::Chance, _) => (frame.best / frame.total_weight, None),
                _ => (frame.best, frame.best_action),
            };
            if stack.is_empty() {
                return Ok((value, action));
            }
            returned = Some(value);
        }
    }

    /// Starts on the state `owned` (`None`: `root`), `ply` moves below the root, within the
    /// window `(alpha, beta)` (only alpha-beta reads it): its value when it is terminal, cut
    /// off or pruned by the observer, else a frame to search its moves from.
    fn enter(
        &mut self,
        root: &G::State,
        owned: Option<G::State>,
        ply: u32,
        alpha: f64,
        beta: f64,
    ) -> Result<Entered<G::State, G::Action>, StopReason> {
        let game = self.game;
        let state = owned.as_ref().unwrap_or(root);
        if game.is_terminal(state) {
            return Ok(Entered::Value(game.utility(state, 0)));
        }
        if self.max_plies.is_some_and(|max| ply >= max) {
            return Ok(Entered::Value(game.evaluate(state)));
        }
        let info = NodeInfo { state, g: ply, h: None, depth: Some(ply) };
        if !self.meter.expanding(info)? {
            return Ok(Entered::Value(game.evaluate(state)));
        }
        self.meter.frontier(ply as usize + 1);
        // The stack holds one frame a ply: bounded by the memory limit like any frontier.
        self.meter.memory((ply as u64 + 1) * std::mem::size_of::<Frame<G::State, G::Action>>() as u64)?;
        let kind = match (game.to_move(state), self.method) {
            (0, _) => Kind::Max,
            (_, Method::Expectimax) => Kind::Chance,
            _ => Kind::Min,
        };
        let actions = game.actions(state);
        let weights = if kind == Kind::Chance { game.chance_weights(state, &actions) } else { None };
        Ok(Entered::Node(Frame {
            state: owned,
            ply,
            alpha,
            beta,
            kind,
            best: match kind {
                Kind::Max => f64::NEG_INFINITY,
                Kind::Min => f64::INFINITY,
                Kind::Chance => 0.0,
            },
            best_action: None,
            children: 0,
            actions: actions.into_iter().enumerate(),
            pending: None,
            weights,
            total_weight: 0.0,
        }))
    }

    /// The cut the top frame of `stack` just made after its move number `index`, if it prunes
    /// a move.
    fn cut(stack: &[Frame<G::State, G::Action>], index: usize) -> Option<Cut> {
        let (frame, below) = stack.split_last()?;
        let left = frame.actions.len();
        if left == 0 {
            return None;
        }
        let maximising = frame.kind == Kind::Max;
        Some(Cut {
            path: below.iter().map(|f| f.pending.as_ref().map_or(0, |(i, _)| *i)).collect(),
            maximising,
            value: frame.best,
            bound: if maximising { frame.beta } else { frame.alpha },
            pruned: index + 1..index + 1 + left,
        })
    }

    /// Takes the value `v` of `frame`'s pending move; true when alpha-beta (`method`) cuts the
    /// frame's remaining moves off.
    fn take(frame: &mut Frame<G::State, G::Action>, v: f64, method: Method) -> bool {
        let (prune, ties) = match method {
            Method::AlphaBeta => (true, false),
            Method::AlphaBetaAima => (true, true),
            Method::Minimax | Method::Expectimax => (false, false),
        };
        let (i, action) = frame.pending.take().expect("a move was pending");
        frame.children += 1;
        match frame.kind {
            Kind::Max => {
                if v > frame.best || frame.best_action.is_none() {
                    (frame.best, frame.best_action) = (v.max(frame.best), Some(action));
                }
                if prune {
                    if frame.best > frame.beta || (ties && frame.best == frame.beta) {
                        return true;
                    }
                    frame.alpha = frame.alpha.max(frame.best);
                }
            }
            Kind::Min => {
                if v < frame.best || frame.best_action.is_none() {
                    (frame.best, frame.best_action) = (v.min(frame.best), Some(action));
                }
                if prune {
                    if frame.best < frame.alpha || (ties && frame.best == frame.alpha) {
                        return true;
                    }
                    frame.beta = frame.beta.min(frame.best);
                }
            }
            Kind::Chance => {
                let w = frame.weights.as_ref().and_then(|w| w.get(i).copied()).unwrap_or(1.0);
                frame.best += w * v;
                frame.total_weight += w;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Agent 0 has one move, to a chance node whose two moves end the game with 0 or 10;
    /// `weights` weighs them (None: uniform).
    struct Coin {
        weights: Option<Vec<f64>>,
    }

    impl Game for Coin {
        type State = u8; // 0 root, 1 chance node, 2 and 3 the ends
        type Action = u8;
        fn num_agents(&self) -> usize {
            2
        }
        fn initial_state(&self) -> u8 {
            0
        }
        fn to_move(&self, s: &u8) -> usize {
            usize::from(*s == 1)
        }
        fn actions(&self, s: &u8) -> Vec<u8> {
            if *s == 0 { vec![1] } else { vec![2, 3] }
        }
        fn result(&self, _: &u8, a: &u8) -> u8 {
            *a
        }
        fn is_terminal(&self, s: &u8) -> bool {
            *s >= 2
        }
        fn utility(&self, s: &u8, _: usize) -> f64 {
            if *s == 2 { 0.0 } else { 10.0 }
        }
        fn evaluate(&self, _: &u8) -> f64 {
            0.0
        }
        fn chance_weights(&self, _: &u8, actions: &[u8]) -> Option<Vec<f64>> {
            self.weights.as_ref().map(|w| w[..actions.len()].to_vec())
        }
    }

    #[test]
    fn expectimax_weighs_chance_moves_when_the_game_says_how() {
        let value =
            |weights| expectimax(&Coin { weights }, &0, None, &Limits::none(), NoObserver).decision().unwrap().value;
        assert_eq!(value(None), 5.0);
        assert_eq!(value(Some(vec![3.0, 1.0])), 2.5);
        // Minimax and alpha-beta never ask.
        let worst = minimax(&Coin { weights: Some(vec![3.0, 1.0]) }, &0, None, &Limits::none(), NoObserver);
        assert_eq!(worst.decision().unwrap().value, 0.0);
    }
    use delve_core::{Event, FnObserver, NoObserver};
    use proptest::prelude::*;

    /// A random game tree: node 0 is the root, `children[i]` lists node i's children (empty
    /// for a leaf), `values[i]` is node i's evaluation; agents move in turn.
    #[derive(Debug, Clone)]
    struct Tree {
        agents: usize,
        children: Vec<Vec<usize>>,
        values: Vec<f64>,
    }

    impl Game for Tree {
        type State = (usize, usize);
        type Action = usize;
        fn num_agents(&self) -> usize {
            self.agents
        }
        fn initial_state(&self) -> (usize, usize) {
            (0, 0)
        }
        fn to_move(&self, s: &(usize, usize)) -> usize {
            s.1
        }
        fn actions(&self, s: &(usize, usize)) -> Vec<usize> {
            (0..self.children[s.0].len()).collect()
        }
        fn result(&self, s: &(usize, usize), a: &usize) -> (usize, usize) {
            (self.children[s.0][*a], (s.1 + 1) % self.agents)
        }
        fn is_terminal(&self, s: &(usize, usize)) -> bool {
            self.children[s.0].is_empty()
        }
        fn utility(&self, s: &(usize, usize), _: usize) -> f64 {
            self.values[s.0]
        }
        fn evaluate(&self, s: &(usize, usize)) -> f64 {
            self.values[s.0]
        }
    }

    /// Builds a tree from a preorder list of branching factors (0 = leaf) and leaf values.
    fn tree(agents: usize, shape: &[(u8, i8)], max_nodes: usize) -> Tree {
        let mut t = Tree { agents, children: vec![vec![]], values: vec![0.0] };
        let mut open = vec![0usize];
        let mut it = shape.iter().cycle();
        while let Some(node) = open.pop() {
            let &(branch, value) = it.next().unwrap();
            t.values[node] = f64::from(value);
            let branch = if t.children.len() + usize::from(branch) > max_nodes { 0 } else { usize::from(branch) };
            for _ in 0..branch {
                t.children.push(vec![]);
                t.values.push(0.0);
                let child = t.children.len() - 1;
                t.children[node].push(child);
                open.push(child);
            }
        }
        t
    }

    fn generated(t: &Tree, method: Method, depth: Option<u32>) -> (GameResult<usize>, Vec<usize>) {
        let mut seen = vec![];
        let out = search(
            t,
            &(0, 0),
            method,
            depth,
            &Limits::none(),
            FnObserver(|e: &Event<'_, (usize, usize), u32>, _: &_| {
                if let Event::Generate(n) = e {
                    seen.push(n.state.0)
                }
            }),
        );
        (out, seen)
    }

    proptest! {
        #[test]
        fn alpha_beta_has_the_minimax_value(
            agents in 2usize..=3,
            shape in proptest::collection::vec((0u8..=3, -9i8..=9), 1..40),
            depth in proptest::option::of(0u32..4),
        ) {
            let t = tree(agents, &shape, 200);
            let (mm, mm_gen) = generated(&t, Method::Minimax, depth);
            let mm = mm.decision().unwrap();
            let (strict, strict_gen) = generated(&t, Method::AlphaBeta, depth);
            let (ties, ties_gen) = generated(&t, Method::AlphaBetaAima, depth);
            for (ab, ab_gen) in [(strict.decision().unwrap(), &strict_gen), (ties.decision().unwrap(), &ties_gen)] {
                prop_assert_eq!(mm.value, ab.value);
                // Alpha-beta generates a subsequence of minimax's states, in the same order.
                let mut rest = mm_gen.iter();
                prop_assert!(ab_gen.iter().all(|s| rest.any(|m| m == s)));
                // The first best move keeps its exact value, so it is the move chosen.
                prop_assert_eq!(&mm.action, &ab.action);
            }
            // Cutting on ties too prunes at least as much.
            let mut rest = strict_gen.iter();
            prop_assert!(ties_gen.iter().all(|s| rest.any(|m| m == s)));
        }

        #[test]
        fn expectimax_is_never_below_minimax(
            shape in proptest::collection::vec((0u8..=3, -9i8..=9), 1..40),
        ) {
            let t = tree(2, &shape, 200);
            let mm = search(&t, &(0, 0), Method::Minimax, None, &Limits::none(), NoObserver);
            let ex = search(&t, &(0, 0), Method::Expectimax, None, &Limits::none(), NoObserver);
            prop_assert!(ex.decision().unwrap().value >= mm.decision().unwrap().value - 1e-9);
        }
    }

    #[test]
    fn a_three_agent_tree_by_hand() {
        // Root (max) → two ghosts (min, min) → leaves.
        let t = Tree {
            agents: 3,
            children: vec![
                vec![1, 2],
                vec![3, 4],
                vec![5, 6],
                vec![7, 8],
                vec![9],
                vec![10],
                vec![11],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![],
            ],
            values: vec![0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 5.0, 1.0, 7.0, 3.0, 4.0],
        };
        // Node 1: min over (min(5, 1), 7) = 1; node 2: min(3, 4) = 3. The root takes 3.
        for method in [Method::Minimax, Method::AlphaBeta] {
            let out = search(&t, &(0, 0), method, None, &Limits::none(), NoObserver);
            assert_eq!(out.decision(), Some(&Decision { value: 3.0, action: Some(1) }), "{method:?}");
        }
        // Expectimax: node 1 = mean(mean(5, 1), 7) = 5; node 2 = mean(3, 4) = 3.5.
        let out = search(&t, &(0, 0), Method::Expectimax, None, &Limits::none(), NoObserver);
        assert_eq!(out.decision(), Some(&Decision { value: 5.0, action: Some(0) }));
        // One round is three moves: the leaves are reached, three states deep on the stack.
        let out = search(&t, &(0, 0), Method::Minimax, Some(1), &Limits::none(), NoObserver);
        assert_eq!(out.decision().unwrap().value, 3.0);
        assert_eq!(out.stats.max_frontier, 3);
        // Depth 0 cuts off at the root: its evaluation, no move, nothing expanded.
        let out = search(&t, &(0, 0), Method::AlphaBeta, Some(0), &Limits::none(), NoObserver);
        assert_eq!(out.decision(), Some(&Decision { value: 0.0, action: None }));
        assert_eq!(out.stats.expanded, 0);
    }

    #[test]
    fn the_observer_can_drop_a_move() {
        // Root → leaves 1 (value 5) and 2 (value 3): dropping node 1 leaves only 3.
        let t = Tree { agents: 2, children: vec![vec![1, 2], vec![], vec![]], values: vec![0.0, 5.0, 3.0] };
        struct DropFirst;
        impl delve_core::Observer<(usize, usize), u32> for DropFirst {
            fn on_event(&mut self, e: &Event<'_, (usize, usize), u32>, _: &delve_core::Live) -> delve_core::Control {
                match e {
                    Event::Generate(n) if n.state.0 == 1 => delve_core::Control::Prune,
                    _ => delve_core::Control::Continue,
                }
            }
        }
        let out = search(&t, &(0, 0), Method::Minimax, None, &Limits::none(), DropFirst);
        assert_eq!(out.decision(), Some(&Decision { value: 3.0, action: Some(1) }));
        assert_eq!((out.stats.expanded, out.stats.generated), (1, 2));
    }

    #[test]
    fn a_node_limit_stops_the_search() {
        let t = tree(2, &[(2, 1), (2, -1), (0, 3)], 200);
        let out = search(&t, &(0, 0), Method::Minimax, None, &Limits::none().max_expanded(3), NoObserver);
        assert_eq!(out.outcome, Err(StopReason::NodeLimit));
        assert_eq!(out.stats.expanded, 3);
        let report = out.report(());
        assert_eq!((report.solved, report.stop_name()), (false, Some("node_limit")));
    }
}
