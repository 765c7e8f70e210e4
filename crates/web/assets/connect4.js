// Connect Four against the solver: /api/connect4/move gives each column's score for the side
// to move (Pons's scores, `?` where the think time ran out) and the solver's column, as
// `delve connect4 play` prints them.
import { $, api, el, header, say } from './common.js';

await header('connect4');

const [W, H] = [7, 6];
let moves = '';
let human = 'X';
let advice = null;
let over = null;
let thinking = false;

/** The stones, column by column from the bottom: 'X' or 'O'. */
function columns(m = moves) {
  const cols = Array.from({ length: W }, () => []);
  [...m].forEach((ch, i) => cols[Number(ch) - 1].push(i % 2 === 0 ? 'X' : 'O'));
  return cols;
}
const toMove = () => (moves.length % 2 === 0 ? 'X' : 'O');

/** 'X' or 'O' when that player has four in a row, 'draw' on a full board, else null. */
function result() {
  const cols = columns();
  const at = (c, r) => (c >= 0 && c < W ? cols[c][r] : undefined);
  for (let c = 0; c < W; c++) {
    for (let r = 0; r < H; r++) {
      const p = at(c, r);
      if (!p) continue;
      for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        if ([1, 2, 3].every((k) => at(c + dc * k, r + dr * k) === p)) return p;
      }
    }
  }
  return moves.length === W * H ? 'draw' : null;
}

function draw() {
  const cols = columns();
  const board = $('#c4');
  board.replaceChildren();
  board.dataset.position = moves;
  for (let r = H - 1; r >= 0; r--) {
    for (let c = 0; c < W; c++) {
      const p = cols[c][r];
      board.append(el('div', { class: 'slot', onclick: () => play(c) }, el('div', { class: p ? `stone ${p}` : 'stone' })));
    }
  }
  const row = $('#scores');
  row.replaceChildren();
  for (let c = 0; c < W; c++) {
    const s = advice && !over ? advice.scores[c] : undefined;
    const text = s === undefined ? '' : s === null ? '–' : String(s);
    const best = advice && !over && advice.best_move === c + 1 && toMove() === human;
    const kind = typeof s === 'number' ? (s > 0 ? 'win' : s < 0 ? 'loss' : 'draw') : '';
    row.append(el('div', { id: `score-${c + 1}`, class: `score ${kind}${best ? ' best' : ''}` }, text));
  }
  $('#position').value = moves;
  const colour = (p) => (p === 'X' ? 'red (X, first)' : 'yellow (O, second)');
  $('#sides').textContent = `You play ${colour(human)}; the solver plays ${colour(human === 'X' ? 'O' : 'X')}.`;
}

function finish() {
  over = result();
  if (!over) return false;
  const text = over === 'draw' ? 'a draw' : over === human ? 'you win!' : 'the solver wins';
  say($('#status'), `game over: ${text}`, over === human ? 'good' : '');
  $('#c4').dataset.over = over;
  draw();
  return true;
}

async function ask() {
  const side = toMove();
  say($('#status'), side === human ? 'scoring your columns…' : 'the solver thinks…');
  advice = await api('/api/connect4/move', { position: moves, think: Number($('#think').value) });
  $('#report').textContent = JSON.stringify(advice, null, 1);
  return advice;
}

async function solverMoves() {
  thinking = true;
  try {
    const a = await ask();
    moves += String(a.best_move);
    advice = null;
    draw();
    if (finish()) return;
    await ask();
    draw();
    const unsettled = advice.scores.filter((s) => s === '?').length;
    say($('#status'), `the solver played column ${a.best_move}; your move` +
      (unsettled ? ` (${unsettled} column${unsettled > 1 ? 's' : ''} not settled in ${advice.think} s)` : ''));
  } catch (e) {
    say($('#status'), e.message, 'error');
  } finally {
    thinking = false;
  }
}

async function play(c) {
  if (thinking || over || toMove() !== human || columns()[c].length >= H) return;
  moves += String(c + 1);
  advice = null;
  draw();
  if (finish()) return;
  await solverMoves();
}

/** A new game from `from` (the moves so far), the human playing `side`. */
async function start(side, from = '') {
  if (thinking) return;
  human = side;
  moves = from;
  over = null;
  advice = null;
  delete $('#c4').dataset.over;
  draw();
  if (finish()) return;
  if (toMove() !== human) return solverMoves();
  thinking = true;
  try {
    await ask();
    draw();
    say($('#status'), 'your move: click a column');
  } catch (e) {
    say($('#status'), e.message, 'error');
  } finally {
    thinking = false;
  }
}

$('#new-x').addEventListener('click', () => start('X'));
$('#set').addEventListener('click', () => {
  const from = $('#position').value.replace(/\s+/g, '');
  const cols = Array(W).fill(0);
  for (const ch of from) {
    const c = Number(ch);
    if (!(c >= 1 && c <= W) || ++cols[c - 1] > H) return say($('#status'), `“${from}” is not a position: columns 1 to 7, at most 6 stones each`, 'error');
  }
  // You play the side to move.
  start(from.length % 2 === 0 ? 'X' : 'O', from);
});
$('#new-o').addEventListener('click', () => start('O'));
draw();
await start('X');
