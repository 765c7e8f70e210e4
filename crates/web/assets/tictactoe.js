// Tic-tac-toe against the engine: /api/tictactoe/move gives every free cell's value under
// best play (alpha-beta to the end of the game) and the best move, which the engine plays.
import { $, api, el, header, say, statsLine } from './common.js';

await header('tictactoe');

let board = '.........';
let human = 'X';
let advice = null;
let thinking = false;

const toMove = () => ([...board].filter((c) => c === 'X').length === [...board].filter((c) => c === 'O').length ? 'X' : 'O');

function draw() {
  const grid = $('#ttt');
  grid.replaceChildren();
  grid.dataset.board = board;
  [...board].forEach((c, i) => {
    const hint = advice && $('#hints').checked && advice.scores[i] !== null && advice.to_move === human ? word(advice.scores[i]) : '';
    const best = hint && advice.best === i;
    grid.append(el('button', { id: `cell-${i}`, class: best ? 'best' : '', onclick: () => play(i) },
      c === '.' ? '' : c, hint ? el('span', { class: 'score' }, hint) : ''));
  });
}

/** A value for X as the mover's result. */
function word(v) {
  const mine = advice.to_move === 'X' ? v : -v;
  return mine > 0 ? 'win' : mine < 0 ? 'loss' : 'draw';
}

async function ask() {
  advice = await api('/api/tictactoe/move', { board });
  $('#report').textContent = JSON.stringify(advice, null, 1);
  return advice;
}

function over(a) {
  if (!a.winner) return false;
  const text = a.winner === 'draw' ? 'a draw' : a.winner === human ? 'you win' : 'the engine wins';
  say($('#status'), `game over: ${text}`, a.winner === human ? 'good' : '');
  $('#ttt').dataset.over = a.winner;
  return true;
}

async function engine() {
  thinking = true;
  try {
    const a = await ask();
    if (over(a)) return;
    board = board.slice(0, a.best) + toMove() + board.slice(a.best + 1);
    const after = await ask();
    draw();
    if (!over(after)) say($('#status'), `the engine played cell ${a.best + 1}; your move (${statsLine(a)})`);
  } finally {
    thinking = false;
  }
}

async function play(i) {
  if (thinking || board[i] !== '.' || toMove() !== human || (advice && advice.winner)) return;
  board = board.slice(0, i) + human + board.slice(i + 1);
  draw();
  await engine();
}

async function start(side) {
  human = side;
  board = '.........';
  advice = null;
  delete $('#ttt').dataset.over;
  say($('#status'), side === 'X' ? 'your move' : 'the engine opens…');
  if (side === 'O') await engine();
  else { await ask(); draw(); }
}

$('#new-x').addEventListener('click', () => start('X'));
$('#new-o').addEventListener('click', () => start('O'));
$('#hints').addEventListener('change', draw);
draw();
await start('X');
