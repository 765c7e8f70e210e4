//! A game tree written out by hand, as a [`Game`]: MAX moves at the root, MIN and MAX take
//! turns below, and each leaf holds its value for MAX. It has two written forms, which read
//! into the same tree:
//!
//! - **text**: a leaf is a number; an inner node is its moves in parentheses, each a tree,
//!   labelled or not (`label: tree`); `#` starts a comment. The tree of the textbook's figures
//!   (MAX's moves `a1`–`a3`, MIN's `b1`–`d3`):
//!
//!   ```text
//!   (a1: (b1: 3  b2: 12 b3: 8)
//!    a2: (c1: 2  c2: 4  c3: 6)
//!    a3: (d1: 14 d2: 5  d3: 2))
//!   ```
//!
//! - **JSON**: a leaf is a number; an inner node is an array of its moves; a labelled move is
//!   an object with one key, its label: `[{"a1": [3, 12, 8]}, {"a2": [2, 4, 6]}, {"a3": [14,
//!   5, 2]}]`.
//!
//! An unlabelled move is named by its place among its node's moves, from 1. A label is any run
//! of characters but white space, control characters, `(`, `)`, `:` and `#`; a node's moves
//! have distinct names. [`TreeFile`] reads the files `delve game solve` takes: these two forms
//! and CS188's game-tree tests.
//!
//! Trees are input: at most [`MAX_TREE_BYTES`] bytes are read; the text form is read with an
//! explicit stack, however deep it nests, and JSON nests at most 128 arrays and objects deep
//! (the JSON reader's limit). Errors name the file, line and column, and what was expected.

use crate::Game;
use crate::cs188::{Cs188Error, GraphTest};
use crate::pruning::{Prune, PruningReport, compare};
use delve_core::{Limits, ParseError, Report};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::HashSet;
use std::path::Path;

/// The largest tree file read: 1 MiB, far more than a tree written by hand (the textbook's
/// trees take a few dozen bytes) and a bound on the work of searching it.
pub const MAX_TREE_BYTES: u64 = 1 << 20;

/// The most bytes of a tree read: [`MAX_TREE_BYTES`], or the input limit
/// ([`delve_core::input::max_input`]) if it is lower.
fn max_bytes() -> u64 {
    MAX_TREE_BYTES.min(delve_core::input::max_input())
}

/// Why a tree could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TreeError {
    /// The file could not be read.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// What went wrong (in the message, not a separate cause, so it is printed once).
        error: std::io::Error,
    },
    /// The text or JSON is not a well-formed tree: where, and what was expected.
    #[error(transparent)]
    Syntax(#[from] ParseError<String>),
    /// The CS188 test is not well formed.
    #[error(transparent)]
    Cs188(#[from] Cs188Error),
}

/// A game tree: node 0 is the root, where MAX moves; each node's moves are named and in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameTree {
    /// Each node's moves: the move's name and the node it leads to.
    moves: Vec<Vec<(String, usize)>>,
    /// Each leaf's value for MAX (`None` at inner nodes).
    values: Vec<Option<f64>>,
    /// Each node's distance from the root, in moves.
    depths: Vec<u32>,
}

impl GameTree {
    /// Reads the text form from `text`; `file` names it in errors.
    ///
    /// ```
    /// use delve_game::tree::GameTree;
    /// let tree = GameTree::parse("t.tree", "(left: (3 12) right: 2)  # MIN answers left").unwrap();
    /// assert_eq!((tree.move_name(0, 0), tree.move_name(1, 1)), ("left", "2"));
    /// let err = GameTree::parse("t.tree", "(left: (3 x))").unwrap_err();
    /// assert_eq!(err.to_string(), "t.tree:1:11: expected a number (a leaf's value), `(` or `label:`, found `x`");
    /// ```
    pub fn parse(file: &str, text: &str) -> Result<GameTree, TreeError> {
        let err = |line, column, message: String| syntax(file, line, column, message);
        let mut tree = GameTree::default();
        let mut tokens = Lexer::new(text).peekable();
        // The inner nodes open at this point, innermost last.
        let mut open: Vec<Open> = Vec::new();
        // A label read, waiting for its move.
        let mut label: Option<(&str, usize, usize)> = None;
        let mut last = (1, 1);
        while let Some(Token { tok, line, column }) = tokens.next() {
            last = (line, column);
            let new = match tok {
                Tok::Word(w) if tokens.peek().is_some_and(|t| matches!(t.tok, Tok::Colon)) => {
                    tokens.next();
                    if open.is_empty() {
                        return Err(err(
                            line,
                            column,
                            format!("a label (`{}:`) goes before a move, inside `( )`", quote(w)),
                        ));
                    }
                    if let Some((l, _, _)) = label {
                        return Err(err(
                            line,
                            column,
                            format!("expected a move after `{}:`, found another label", quote(l)),
                        ));
                    }
                    check_label(w).map_err(|m| err(line, column, m))?;
                    label = Some((w, line, column));
                    continue;
                }
                Tok::Word(w) => match w.parse::<f64>() {
                    Ok(v) if v.is_finite() => Some(tree.node(Some(v), open.len())),
                    _ => {
                        let m = format!("expected a number (a leaf's value), `(` or `label:`, found `{}`", quote(w));
                        return Err(err(line, column, m));
                    }
                },
                Tok::Open => Some(tree.node(None, open.len())),
                Tok::Close => {
                    if let Some((l, line, column)) = label {
                        return Err(err(line, column, format!("expected a move after `{}:`, found `)`", quote(l))));
                    }
                    let Some(closed) = open.pop() else {
                        return Err(err(line, column, "`)` closes no `(`".into()));
                    };
                    if tree.moves[closed.node].is_empty() {
                        let m = "`()`: an inner node needs at least one move".into();
                        return Err(err(closed.line, closed.column, m));
                    }
                    None
                }
                Tok::Colon => return Err(err(line, column, "expected a label before `:`".into())),
            };
            let Some(node) = new else { continue };
            match open.last_mut() {
                Some(parent) => {
                    // A clash is shown where the move's name is: its label, or the move.
                    let (name, at) = match label.take() {
                        Some((l, line, column)) => (Some(l.to_string()), (line, column)),
                        None => (None, (line, column)),
                    };
                    tree.add_move(parent.node, name, node, &mut parent.names).map_err(|m| err(at.0, at.1, m))?;
                }
                None if node > 0 => {
                    return Err(err(line, column, "expected the end of the tree: the file holds one tree".into()));
                }
                None => {}
            }
            if matches!(tok, Tok::Open) {
                open.push(Open { node, line, column, names: HashSet::new() });
            }
        }
        if let Some(o) = open.last() {
            return Err(err(o.line, o.column, "`(` is never closed by `)`".into()));
        }
        if tree.moves.is_empty() {
            return Err(err(last.0, last.1, "expected a tree: a number, or moves in `( )`".into()));
        }
        Ok(tree)
    }

    /// Reads the JSON form from `text`; `file` names it in errors.
    ///
    /// ```
    /// use delve_game::tree::GameTree;
    /// let json = GameTree::parse_json("t.json", r#"[{"left": [3, 12]}, {"right": 2}]"#).unwrap();
    /// assert_eq!(json, GameTree::parse("t.tree", "(left: (3 12) right: 2)").unwrap());
    /// let err = GameTree::parse_json("t.json", "[1, []]").unwrap_err();
    /// assert_eq!(err.to_string(), "t.json:1:6: an inner node needs at least one move: `[]` is empty");
    /// ```
    pub fn parse_json(file: &str, text: &str) -> Result<GameTree, TreeError> {
        let mut tree = GameTree::default();
        let mut de = serde_json::Deserializer::from_str(text);
        let read = Move { tree: &mut tree, depth: 0, labelled: false }.deserialize(&mut de).and_then(|_| de.end());
        read.map_err(|e| {
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            let message = e.to_string();
            let message = message.strip_suffix(&suffix).unwrap_or(&message);
            let message = if message.starts_with("recursion limit exceeded") {
                "nested more than 128 arrays and objects deep, the JSON reader's limit".to_string()
            } else {
                message.to_string()
            };
            // serde_json counts bytes; columns count characters, as in every delve message.
            let line = text.lines().nth(e.line().saturating_sub(1)).unwrap_or("");
            let column = line.char_indices().take_while(|&(b, _)| b < e.column()).count().max(1);
            syntax(file, e.line().max(1), column, message)
        })?;
        Ok(tree)
    }

    /// The name of move number `action` at `node` (its label, or its place from 1).
    pub fn move_name(&self, node: usize, action: usize) -> &str {
        &self.moves[node][action].0
    }

    /// A new node `depth` moves below the root: a leaf of value `value`, or an inner node
    /// (`None`) whose moves follow.
    fn node(&mut self, value: Option<f64>, depth: usize) -> usize {
        self.moves.push(Vec::new());
        self.values.push(value);
        self.depths.push(u32::try_from(depth).unwrap_or(u32::MAX));
        self.moves.len() - 1
    }

    /// Adds the move `label` (`None`: named by its place) from `node` to `child`; `names` are
    /// the names of `node`'s moves so far.
    fn add_move(
        &mut self,
        node: usize,
        label: Option<String>,
        child: usize,
        names: &mut HashSet<String>,
    ) -> Result<(), String> {
        let moves = &mut self.moves[node];
        let name = label.unwrap_or_else(|| (moves.len() + 1).to_string());
        if !names.insert(name.clone()) {
            return Err(format!(
                "move `{}` given twice at this node (an unlabelled move is named by its place, from 1)",
                quote(&name)
            ));
        }
        moves.push((name, child));
        Ok(())
    }
}

impl Game for GameTree {
    /// A node.
    type State = usize;
    /// The index of a move among its node's moves.
    type Action = usize;
    fn num_agents(&self) -> usize {
        2
    }
    fn initial_state(&self) -> usize {
        0
    }
    fn to_move(&self, node: &usize) -> usize {
        (self.depths[*node] % 2) as usize
    }
    fn actions(&self, node: &usize) -> Vec<usize> {
        (0..self.moves[*node].len()).collect()
    }
    fn result(&self, node: &usize, action: &usize) -> usize {
        self.moves[*node][*action].1
    }
    fn is_terminal(&self, node: &usize) -> bool {
        self.moves[*node].is_empty()
    }
    fn utility(&self, node: &usize, agent: usize) -> f64 {
        let v = self.evaluate(node);
        if agent == 0 { v } else { -v }
    }
    /// A leaf's value; an inner node has no estimate (NaN): search a tree to its leaves.
    fn evaluate(&self, node: &usize) -> f64 {
        self.values[*node].unwrap_or(f64::NAN)
    }
}

/// An inner node being read: its index, where its `(` is, and its moves' names so far.
struct Open {
    node: usize,
    line: usize,
    column: usize,
    names: HashSet<String>,
}

/// A token of the text form.
#[derive(Clone, Copy)]
enum Tok<'t> {
    Open,
    Close,
    Colon,
    Word(&'t str),
}

/// A token and where it starts.
struct Token<'t> {
    tok: Tok<'t>,
    line: usize,
    column: usize,
}

/// The tokens of the text form, read as they are asked for: white space and comments skipped.
struct Lexer<'t> {
    text: &'t str,
    chars: std::iter::Peekable<std::str::CharIndices<'t>>,
    line: usize,
    column: usize,
}

impl<'t> Lexer<'t> {
    fn new(text: &'t str) -> Self {
        Lexer { text, chars: text.char_indices().peekable(), line: 1, column: 1 }
    }

    fn bump(&mut self) {
        if let Some((_, c)) = self.chars.next() {
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
    }
}

/// Whether `c` ends a word of the text form.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || matches!(c, '(' | ')' | ':' | '#')
}

impl<'t> Iterator for Lexer<'t> {
    type Item = Token<'t>;
    fn next(&mut self) -> Option<Token<'t>> {
        loop {
            let &(start, c) = self.chars.peek()?;
            let (line, column) = (self.line, self.column);
            let tok = match c {
                '#' => {
                    while self.chars.peek().is_some_and(|&(_, c)| c != '\n') {
                        self.bump();
                    }
                    continue;
                }
                c if c.is_whitespace() => {
                    self.bump();
                    continue;
                }
                '(' => Tok::Open,
                ')' => Tok::Close,
                ':' => Tok::Colon,
                _ => {
                    let mut end = start;
                    while let Some(&(b, c)) = self.chars.peek() {
                        if ends_word(c) {
                            break;
                        }
                        end = b + c.len_utf8();
                        self.bump();
                    }
                    return Some(Token { tok: Tok::Word(&self.text[start..end]), line, column });
                }
            };
            self.bump();
            return Some(Token { tok, line, column });
        }
    }
}

/// A parse error of `file`.
fn syntax(file: &str, line: usize, column: usize, message: String) -> TreeError {
    TreeError::Syntax(ParseError { file: Some(file.into()), line, column, kind: message })
}

/// At most 24 characters of `s`, control characters escaped, for an error message.
fn quote(s: &str) -> String {
    let mut out: String = s.chars().take(24).flat_map(char::escape_debug).collect();
    if s.chars().nth(24).is_some() {
        out.push('…');
    }
    out
}

/// Whether `label` can name a move: what the text form can write.
fn check_label(label: &str) -> Result<(), String> {
    if label.is_empty() {
        return Err("a move's label is empty".into());
    }
    if label.chars().any(|c| ends_word(c) || c.is_control()) {
        return Err(format!("the label `{}` has white space, a control character, `(`, `)`, `:` or `#`", quote(label)));
    }
    Ok(())
}

/// Reads one move of the JSON form into `tree`: a number, an array of moves or (when
/// `labelled`) `{"label": move}`. The value is the move's label and its node.
struct Move<'a> {
    tree: &'a mut GameTree,
    depth: usize,
    labelled: bool,
}

impl<'de> DeserializeSeed<'de> for Move<'_> {
    type Value = (Option<String>, usize);
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Move<'_> {
    type Value = (Option<String>, usize);

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if self.labelled {
            f.write_str("a number (a leaf's value), an array (an inner node's moves) or {\"label\": move}")
        } else {
            f.write_str("a number (a leaf's value) or an array (an inner node's moves)")
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        if !v.is_finite() {
            return Err(E::custom(format!("expected a finite number, found {v}")));
        }
        Ok((None, self.tree.node(Some(v), self.depth)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        self.visit_f64(v as f64)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        self.visit_f64(v as f64)
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let Move { tree, depth, .. } = self;
        let node = tree.node(None, depth);
        let mut names = HashSet::new();
        while let Some((label, child)) =
            seq.next_element_seed(Move { tree: &mut *tree, depth: depth + 1, labelled: true })?
        {
            tree.add_move(node, label, child, &mut names).map_err(de::Error::custom)?;
        }
        if tree.moves[node].is_empty() {
            return Err(de::Error::custom("an inner node needs at least one move: `[]` is empty"));
        }
        Ok((None, node))
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        if !self.labelled {
            return Err(de::Error::custom(
                "a labelled move `{\"label\": move}` goes inside an array, among its node's moves",
            ));
        }
        let Some(label) = map.next_key::<String>()? else {
            return Err(de::Error::custom("expected `{\"label\": move}`, found `{}`"));
        };
        check_label(&label).map_err(de::Error::custom)?;
        let (_, node) = map.next_value_seed(Move { tree: self.tree, depth: self.depth, labelled: false })?;
        if map.next_key::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::custom("a labelled move has one key, its label"));
        }
        Ok((Some(label), node))
    }
}

/// The forms of tree `delve game solve` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeFormat {
    /// The text form: nested parentheses.
    Text,
    /// The JSON form.
    Json,
    /// A CS188 `GraphGameTreeTest` file (its `alg` is not read; its depth is the cut-off).
    Cs188,
}

impl TreeFormat {
    /// The form a file's name says: `*.json` is JSON, `*.test` CS188, anything else text.
    pub fn of(path: &Path) -> TreeFormat {
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => TreeFormat::Json,
            Some("test") => TreeFormat::Cs188,
            _ => TreeFormat::Text,
        }
    }
}

impl std::str::FromStr for TreeFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "text" => Ok(TreeFormat::Text),
            "json" => Ok(TreeFormat::Json),
            "cs188" => Ok(TreeFormat::Cs188),
            _ => Err(format!("expected `text`, `json` or `cs188`, found `{}`", s.escape_debug())),
        }
    }
}

/// A tree read from a file in any of the [`TreeFormat`]s.
#[derive(Clone, Debug)]
pub enum TreeFile {
    /// A tree in the text or JSON form.
    Tree(GameTree),
    /// A CS188 test's tree, with its depth and number of agents.
    Cs188(GraphTest),
}

impl TreeFile {
    /// Reads a tree in `format` from `text`; `file` names it in errors.
    pub fn parse(file: &str, text: &str, format: TreeFormat) -> Result<TreeFile, TreeError> {
        Ok(match format {
            TreeFormat::Text => TreeFile::Tree(GameTree::parse(file, text)?),
            TreeFormat::Json => TreeFile::Tree(GameTree::parse_json(file, text)?),
            TreeFormat::Cs188 => TreeFile::Cs188(GraphTest::parse(file, text)?),
        })
    }

    /// Reads the file at `path` (at most [`MAX_TREE_BYTES`], or the input limit if lower) in
    /// `format`, or the one its name says ([`TreeFormat::of`]).
    pub fn read(path: &Path, format: Option<TreeFormat>) -> Result<TreeFile, TreeError> {
        let file = path.display().to_string();
        let text = delve_core::input::read_bytes_within(path, max_bytes())
            .and_then(delve_core::input::text)
            .map_err(|error| TreeError::Io { file: file.clone(), error })?;
        TreeFile::parse(&file, &text, format.unwrap_or_else(|| TreeFormat::of(path)))
    }

    /// Reads stdin (at most [`MAX_TREE_BYTES`], or the input limit if lower) in `format`;
    /// errors name it `stdin`.
    pub fn read_stdin(format: TreeFormat) -> Result<TreeFile, TreeError> {
        let text = delve_core::input::read_within(std::io::stdin().lock(), max_bytes())
            .and_then(delve_core::input::text)
            .map_err(|error| TreeError::Io { file: "stdin".into(), error })?;
        TreeFile::parse("stdin", &text, format)
    }

    /// Minimax and alpha-beta (cutting by `prune`) from the root, each within `limits`, side by
    /// side; with `explain`, every cut. A CS188 tree is searched to its test's depth.
    pub fn solve(&self, prune: Prune, explain: bool, limits: &Limits) -> Report<PruningReport> {
        match self {
            TreeFile::Tree(tree) => compare(tree, &0, prune, None, limits, explain)
                .report(tree, &0, |s, a| tree.move_name(*s, *a).to_string()),
            TreeFile::Cs188(test) => {
                let (game, root) = (&test.game, test.game.start());
                compare(game, &root, prune, Some(test.depth), limits, explain)
                    .report(game, &root, |s, a| game.action_name(s, *a).to_string())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pruning::PruningReport;
    use proptest::prelude::*;

    const FIGURE: &str = include_str!("../data/trees/figure-5-2.tree");
    const FIGURE_JSON: &str = include_str!("../data/trees/figure-5-2.json");
    const TIED: &str = include_str!("../data/trees/tied.tree");

    fn solve(tree: &GameTree, prune: Prune) -> PruningReport {
        TreeFile::Tree(tree.clone()).solve(prune, true, &Limits::none()).detail
    }

    #[test]
    fn the_textbook_tree_by_hand() {
        // Figure 5.2's tree, counted by hand from the pseudo code. Minimax visits the root, the
        // three MIN nodes and the nine leaves: 13 nodes. Alpha-beta: B = min(3, 12, 8) = 3
        // raises alpha to 3; C's first leaf 2 is below it, so C (worth at most 2) stops and
        // its leaves 4 and 6 are never visited: 11 nodes, 7 leaves. D = 2 ends on its last
        // leaf, which prunes nothing. The value is 3, by a1. Either cut rule: no ties here.
        let text = GameTree::parse("figure-5-2.tree", FIGURE).unwrap();
        assert_eq!(GameTree::parse_json("figure-5-2.json", FIGURE_JSON).unwrap(), text);
        for prune in [Prune::Strict, Prune::NonStrict] {
            let r = solve(&text, prune);
            assert_eq!((r.value, r.best_move.as_deref()), (Some(3.0), Some("a1")));
            assert_eq!((r.minimax.nodes, r.minimax.leaves), (13, 9));
            assert_eq!((r.alpha_beta.nodes, r.alpha_beta.leaves), (11, 7));
            // b = 3 moves a node, m = 2 moves deep: b^m = 9 leaves, b^(m/2) = 3.
            assert_eq!((r.b, r.m, r.b_pow_m, r.b_pow_half_m), (3, 2, 9.0, 3.0));
            let cuts = r.cuts.unwrap();
            assert_eq!(cuts.len(), 1);
            let c = &cuts[0];
            assert_eq!(
                (c.path.as_slice(), c.node, c.value, c.bound, c.bound_value),
                (&["a2".to_string()][..], "min", 2.0, "alpha", 3.0)
            );
            assert_eq!(c.pruned, ["c2", "c3"]);
        }
    }

    #[test]
    fn a_tie_is_cut_only_by_the_non_strict_rule() {
        // c1 = 3 ties alpha = 3: `v <= alpha` cuts C there (c2, c3 pruned: 11 nodes), `v < alpha`
        // does not (all 13). Both value the root 3 by a1, the first of the equal moves.
        let tree = GameTree::parse("tied.tree", TIED).unwrap();
        let strict = solve(&tree, Prune::Strict);
        let loose = solve(&tree, Prune::NonStrict);
        for r in [&strict, &loose] {
            assert_eq!((r.value, r.best_move.as_deref()), (Some(3.0), Some("a1")));
        }
        assert_eq!((strict.alpha_beta.nodes, loose.alpha_beta.nodes), (13, 11));
        assert_eq!(strict.cuts.unwrap(), []);
        let cut = &loose.cuts.unwrap()[0];
        assert_eq!(
            (cut.value, cut.bound_value, cut.pruned.as_slice()),
            (3.0, 3.0, &["c2".to_string(), "c3".into()][..])
        );
    }

    #[test]
    fn a_leaf_alone_is_a_tree() {
        let r = solve(&GameTree::parse("t", " -2.5 # just a leaf\n").unwrap(), Prune::Strict);
        assert_eq!((r.value, r.best_move, r.minimax.nodes, r.b, r.m), (Some(-2.5), None, 1, 0, 0));
        assert_eq!(GameTree::parse_json("t", "-2.5").unwrap(), GameTree::parse("t", "-2.5").unwrap());
    }

    fn error(text: &str) -> String {
        GameTree::parse("t.tree", text).unwrap_err().to_string()
    }

    fn json_error(text: &str) -> String {
        GameTree::parse_json("t.json", text).unwrap_err().to_string()
    }

    #[test]
    fn text_errors_name_line_and_column() {
        assert_eq!(
            error("(1\n  (2 x3))"),
            "t.tree:2:6: expected a number (a leaf's value), `(` or `label:`, found `x3`"
        );
        assert_eq!(error("(1 (2 3)"), "t.tree:1:1: `(` is never closed by `)`");
        assert_eq!(error("(1 2))"), "t.tree:1:6: `)` closes no `(`");
        assert_eq!(error("(1 ())"), "t.tree:1:4: `()`: an inner node needs at least one move");
        assert_eq!(
            error("(a: 1 a: 2)"),
            "t.tree:1:7: move `a` given twice at this node (an unlabelled move is named by its place, from 1)"
        );
        assert_eq!(
            error("(1 1: 3)"),
            "t.tree:1:4: move `1` given twice at this node (an unlabelled move is named by its place, from 1)"
        );
        assert_eq!(error("(a: b: 1)"), "t.tree:1:5: expected a move after `a:`, found another label");
        assert_eq!(error("(a: )"), "t.tree:1:2: expected a move after `a:`, found `)`");
        assert_eq!(error("a: 1"), "t.tree:1:1: a label (`a:`) goes before a move, inside `( )`");
        assert_eq!(error("(1 (: 2))"), "t.tree:1:5: expected a label before `:`");
        assert_eq!(error("(1 2)\n3"), "t.tree:2:1: expected the end of the tree: the file holds one tree");
        assert_eq!(error("# nothing\n"), "t.tree:1:1: expected a tree: a number, or moves in `( )`");
        assert_eq!(error("(1 inf)"), "t.tree:1:4: expected a number (a leaf's value), `(` or `label:`, found `inf`");
        // Control characters are escaped, long words cut.
        assert_eq!(
            error("(1 \u{1b}[31m)"),
            "t.tree:1:4: expected a number (a leaf's value), `(` or `label:`, found `\\u{1b}[31m`"
        );
        assert_eq!(
            error("(\u{7}: 1)"),
            "t.tree:1:2: the label `\\u{7}` has white space, a control character, `(`, `)`, `:` or `#`"
        );
        let long = format!("({})", "x".repeat(100));
        assert!(error(&long).ends_with(&format!("found `{}…`", "x".repeat(24))), "{}", error(&long));
        // Columns count characters.
        assert_eq!(error("(é: 1 ü)"), "t.tree:1:7: expected a number (a leaf's value), `(` or `label:`, found `ü`");
    }

    #[test]
    fn json_errors_name_line_and_column() {
        assert_eq!(
            json_error("[1,\n \"x\"]"),
            "t.json:2:4: invalid type: string \"x\", expected a number (a leaf's value), an array (an inner node's moves) or {\"label\": move}"
        );
        assert_eq!(
            json_error("{\"a\": 1}"),
            "t.json:1:1: a labelled move `{\"label\": move}` goes inside an array, among its node's moves"
        );
        assert_eq!(json_error("[{\"a\": 1, \"b\": 2}]"), "t.json:1:13: a labelled move has one key, its label");
        assert_eq!(
            json_error("[{\"a\": 1}, {\"a\": 2}]"),
            "t.json:1:20: move `a` given twice at this node (an unlabelled move is named by its place, from 1)"
        );
        assert_eq!(
            json_error("[{\"a b\": 1}]"),
            "t.json:1:7: the label `a b` has white space, a control character, `(`, `)`, `:` or `#`"
        );
        assert_eq!(json_error("[1, 2"), "t.json:1:5: EOF while parsing a list");
        assert_eq!(json_error("[1] [2]"), "t.json:1:5: trailing characters");
        assert_eq!(
            json_error("[\"é\", 1]"),
            "t.json:1:4: invalid type: string \"é\", expected a number (a leaf's value), an array (an inner node's moves) or {\"label\": move}"
        );
        assert_eq!(
            json_error(&"[".repeat(200)),
            "t.json:1:128: nested more than 128 arrays and objects deep, the JSON reader's limit"
        );
    }

    #[test]
    fn a_deep_tree_is_read_and_searched_without_recursion() {
        // 100,000 moves deep: recursion this deep overflows a test thread's 2 MiB stack.
        let n = 100_000;
        let text = format!("{}7{}", "(".repeat(n), ")".repeat(n));
        let tree = GameTree::parse("deep.tree", &text).unwrap();
        let r = solve(&tree, Prune::Strict);
        assert_eq!(
            (r.value, r.best_move.as_deref(), r.m, r.minimax.nodes),
            (Some(7.0), Some("1"), n as u64, n as u64 + 1)
        );
        assert_eq!(error(&"(".repeat(n)), "t.tree:1:100000: `(` is never closed by `)`");
    }

    #[test]
    fn files_are_read_by_their_names_form_and_bounded() {
        let dir = std::env::temp_dir().join(format!("delve-tree-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let json = dir.join("t.json");
        std::fs::write(&json, "[3, [1, 5]]").unwrap();
        assert!(matches!(TreeFile::read(&json, None), Ok(TreeFile::Tree(_))));
        // The same bytes read as text are not a tree.
        let err = TreeFile::read(&json, Some(TreeFormat::Text)).unwrap_err().to_string();
        assert!(err.contains("t.json:1:1: expected a number"), "{err}");
        let big = dir.join("big.tree");
        std::fs::write(&big, format!("({})", "1 ".repeat(MAX_TREE_BYTES as usize))).unwrap();
        let err = TreeFile::read(&big, None).unwrap_err().to_string();
        assert!(err.contains("big.tree: larger than the input limit of 1"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A tree to write out in both forms: a leaf's value, or moves with optional labels.
    #[derive(Clone, Debug)]
    enum Shape {
        Leaf(i8),
        Node(Vec<(bool, Shape)>),
    }

    fn shapes() -> impl Strategy<Value = Shape> {
        // Few distinct values, so ties (where the two rules differ) are common.
        let leaf = (-3i8..=3).prop_map(Shape::Leaf);
        leaf.prop_recursive(5, 120, 4, |inner| {
            proptest::collection::vec((any::<bool>(), inner), 1..=4).prop_map(Shape::Node)
        })
    }

    /// `shape` in the text form (labels `mI`, for the moves marked) and in JSON.
    fn write(shape: &Shape) -> (String, String) {
        match shape {
            Shape::Leaf(v) => (v.to_string(), v.to_string()),
            Shape::Node(moves) => {
                let (mut text, mut json) = (vec![], vec![]);
                for (i, (labelled, child)) in moves.iter().enumerate() {
                    let (t, j) = write(child);
                    if *labelled {
                        text.push(format!("m{i}: {t}"));
                        json.push(format!("{{\"m{i}\": {j}}}"));
                    } else {
                        text.push(t);
                        json.push(j);
                    }
                }
                (format!("(\n{}\n)", text.join(" # a comment\n")), format!("[{}]", json.join(", ")))
            }
        }
    }

    proptest! {
        #[test]
        fn both_cut_rules_agree_with_minimax(shape in shapes()) {
            let (text, json) = write(&shape);
            let tree = GameTree::parse("t.tree", &text).unwrap();
            prop_assert_eq!(&GameTree::parse_json("t.json", &json).unwrap(), &tree);
            let strict = solve(&tree, Prune::Strict);
            let loose = solve(&tree, Prune::NonStrict);
            // The same search tree for minimax, whatever the rule.
            prop_assert_eq!(strict.minimax, loose.minimax);
            prop_assert_eq!((strict.b, strict.m), (loose.b, loose.m));
            // The same value and move; cutting on ties never visits more nodes.
            prop_assert_eq!(strict.value, loose.value);
            prop_assert_eq!(&strict.best_move, &loose.best_move);
            prop_assert!(loose.alpha_beta.nodes <= strict.alpha_beta.nodes);
            prop_assert!(strict.alpha_beta.nodes <= strict.minimax.nodes);
            // Every node not visited was pruned by a cut: the cuts account for the difference.
            for r in [&strict, &loose] {
                prop_assert_eq!(r.alpha_beta.nodes == r.minimax.nodes, r.cuts.as_ref().unwrap().is_empty());
            }
        }

        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "[()a-c0-9: #\n\u{7}é.-]{0,40}") {
            if let Ok(tree) = GameTree::parse("t.tree", &text) {
                solve(&tree, Prune::NonStrict);
            }
            if let Ok(tree) = GameTree::parse_json("t.json", &text.replace('(', "[").replace(')', "]")) {
                solve(&tree, Prune::Strict);
            }
        }
    }
}
