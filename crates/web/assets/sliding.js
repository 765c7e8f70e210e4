// Sliding puzzles: play a board, solve it through /api/sliding/solve (streamed: IDA*'s
// bounds and the node counts arrive as the search runs), animate the optimal path, and draw
// the enumeration's histogram from /api/sliding/enumerate. States typed in any notation the
// CLI takes (keypad `789456B23` or numbers) are read by the server (/api/sliding/board); a
// keypad state is drawn with its keypad labels and solved toward the keypad goal.
import { $, api, el, header, say, statsLine, stream, svg, sleep } from './common.js';

await header('sliding');

// The board as /api/sliding/board read it: tile numbers (0 the blank), the goal's tiles,
// each tile's label and the notation the state was written in.
let rows = 3, cols = 3, tiles = [], goal = [], labels = [], notation = 'numbers', goalText = '';
let busy = false;
let job = null;

const atGoal = () => tiles.every((t, i) => t === goal[i]);
/** The state in its own notation: keypad labels with `B` for the blank, or numbers. */
const stateText = () => (notation === 'keypad' ? tiles.map((t) => labels[t] || 'B').join('') : tiles.join(' '));

// Board reads run one after another, and a solve waits for them, so a quick Set then Solve
// solves the board that was set.
let loading = Promise.resolve();

/** Reads `state` (and `goalInput`, if any) through the server and shows it. */
function load(state, goalInput, size) {
  loading = loading.catch(() => {}).then(() => read(state, goalInput, size));
  return loading;
}

async function read(state, goalInput, size) {
  const view = await api('/api/sliding/board', { state, goal: goalInput || undefined, size });
  ({ rows, cols, tiles, labels, notation } = view);
  goal = view.goal_tiles;
  goalText = view.goal;
  $('#goal').value = goalInput ? view.goal : '';
  $('#goal').placeholder = view.goal;
  $('#notation').textContent = notation === 'keypad' ? `keypad notation; goal ${view.goal}` : `goal ${view.goal}`;
  draw();
}

function draw() {
  const board = $('#board');
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${cols}, 64px)`;
  tiles.forEach((t, i) => {
    board.append(el('div', { class: t ? 'tile' : 'tile blank', 'data-tile': t, onclick: () => click(i) }, labels[t] ?? ''));
  });
  board.classList.toggle('at-goal', atGoal());
  board.dataset.atGoal = atGoal();
  board.dataset.notation = notation;
  $('#state').value = stateText();
}

/** Moves the blank one step: 'U', 'D', 'L' or 'R'; false when it cannot go there. */
function moveBlank(dir) {
  const b = tiles.indexOf(0);
  const [r, c] = [Math.floor(b / cols), b % cols];
  const [dr, dc] = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] }[dir];
  const [nr, nc] = [r + dr, c + dc];
  if (nr < 0 || nc < 0 || nr >= rows || nc >= cols) return false;
  const n = nr * cols + nc;
  [tiles[b], tiles[n]] = [tiles[n], tiles[b]];
  return true;
}

function click(i) {
  if (busy) return;
  const b = tiles.indexOf(0);
  const [r, c, br, bc] = [Math.floor(i / cols), i % cols, Math.floor(b / cols), b % cols];
  const dir = r === br - 1 && c === bc ? 'U' : r === br + 1 && c === bc ? 'D' : r === br && c === bc - 1 ? 'L' : r === br && c === bc + 1 ? 'R' : null;
  if (dir && moveBlank(dir)) draw();
}

document.addEventListener('keydown', (e) => {
  const dir = { ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' }[e.key];
  if (!dir || busy || document.activeElement?.tagName === 'INPUT') return;
  e.preventDefault();
  if (moveBlank(dir)) draw();
});

/** A new board of `text` (`3x3`) at the usual goal `1 2 … 0`. */
async function setSize(text) {
  const [r, c] = text.split('x').map(Number);
  const standard = [...Array(r * c - 1).keys()].map((i) => i + 1).concat([0]).join(' ');
  await load(standard, '', text);
  $('#histogram').replaceChildren();
  $('#moves').textContent = '';
}

function shuffle() {
  // A random walk from the goal keeps the board solvable.
  let last = null;
  const undo = { U: 'D', D: 'U', L: 'R', R: 'L' };
  for (let k = 0; k < 20 * rows * cols; k++) {
    const dirs = ['U', 'D', 'L', 'R'].filter((d) => d !== undo[last]);
    const d = dirs[Math.floor(Math.random() * dirs.length)];
    if (moveBlank(d)) last = d;
  }
  draw();
}

async function solve() {
  if (busy) return;
  busy = true;
  await loading.catch(() => {});
  $('#solve').disabled = true;
  $('#cancel').disabled = false;
  const status = $('#status');
  const bounds = [];
  say(status, 'solving…');
  const request = { state: stateText(), goal: goalText, size: `${rows}x${cols}`, algo: $('#algo').value, heuristic: $('#heuristic').value };
  job = stream('/api/sliding/solve', request, (name, data) => {
    if (name === 'iteration' && data.bound) bounds.push(data.bound.cost ?? data.bound.depth);
    if (name === 'stats' || name === 'iteration') {
      const b = bounds.length ? `; bounds ${bounds.join(', ')}` : '';
      say(status, `solving… expanded ${data.expanded.toLocaleString()}${b}`);
    }
  });
  try {
    const report = await job.done;
    $('#report').textContent = JSON.stringify(report, null, 1);
    if (report.unsolvable) {
      say(status, report.unsolvable, 'error');
    } else if (!report.solved) {
      say(status, statsLine(report), 'error');
    } else {
      say(status, `${report.moves} moves${report.optimal ? ' (optimal)' : ''}, heuristic ${report.heuristic}. ${statsLine(report)}`, 'good');
      $('#cancel').disabled = true;
      await play(report.path);
    }
  } catch (e) {
    say(status, e.message, 'error');
  } finally {
    busy = false;
    job = null;
    $('#solve').disabled = false;
    $('#cancel').disabled = true;
  }
}

/** Animates the moves of a solution, one per tick. */
async function play(path) {
  const moves = $('#moves');
  for (let i = 0; i < path.length; i++) {
    await sleep(Number($('#speed').max) + Number($('#speed').min) - Number($('#speed').value));
    moveBlank(path[i]);
    draw();
    moves.textContent = `move ${i + 1} of ${path.length}: ${path.slice(0, i + 1).join('')}`;
  }
  moves.textContent = `${path.length} moves played: ${path.join('')} — ${atGoal() ? 'at the goal' : 'not at the goal?'}`;
}

async function enumerate() {
  const status = $('#enum-status');
  say(status, `enumerating every ${rows}x${cols} state…`);
  $('#enumerate').disabled = true;
  try {
    const report = await stream('/api/sliding/enumerate', { board: `${rows}x${cols}`, row_major: true }, (name, d) => {
      if (name === 'progress') say(status, `enumerating: ${d.phase}, ${d.done.toLocaleString()} states`);
    }).done;
    $('#report').textContent = JSON.stringify(report, null, 1);
    if (!report.solved) {
      say(status, statsLine(report), 'error');
      return;
    }
    histogram(report);
    say(status, `${report.states.toLocaleString()} states; the hardest need ${report.max_depth} moves ` +
      `(${report.states_at_max_depth.toLocaleString()} of them); average ${report.average_depth.toFixed(2)}. ` +
      `${report.stats.elapsed_ms.toFixed(0)} ms`, 'good');
  } catch (e) {
    say(status, e.message, 'error');
  } finally {
    $('#enumerate').disabled = false;
  }
}

/** The states-per-depth bars, on a log scale when the counts span many orders. */
function histogram(report) {
  const counts = report.per_depth;
  const [w, h, pad] = [520, 240, 36];
  const max = Math.max(...counts);
  const bw = (w - pad) / counts.length;
  const chart = svg('svg', { width: w, height: h + 30, id: 'histogram-svg' });
  chart.append(svg('text', { x: pad, y: 12, 'font-size': 12 }, `${report.board}: states by minimum number of moves`));
  counts.forEach((c, d) => {
    const bh = (c / max) * (h - 30);
    const bar = svg('rect', { x: pad + d * bw, y: h - bh, width: Math.max(1, bw - 1), height: bh, fill: '#2f6fde' });
    bar.append(svg('title', {}, `${d} moves: ${c.toLocaleString()} states`));
    chart.append(bar);
    if (counts.length <= 40 || d % 5 === 0) {
      chart.append(svg('text', { x: pad + d * bw + bw / 2, y: h + 12, 'font-size': 9, 'text-anchor': 'middle' }, d));
    }
  });
  chart.append(svg('text', { x: pad, y: h + 26, 'font-size': 11 }, 'moves to the goal'));
  chart.append(svg('text', { x: 2, y: 30, 'font-size': 10 }, max.toLocaleString()));
  $('#histogram').replaceChildren(chart);
}

$('#size').addEventListener('change', (e) => setSize(e.target.value));
$('#shuffle').addEventListener('click', () => !busy && shuffle());
$('#reset').addEventListener('click', () => {
  if (busy) return;
  tiles = [...goal];
  draw();
});
$('#set').addEventListener('click', async () => {
  if (busy) return;
  try {
    await load($('#state').value, $('#goal').value.trim());
    $('#size').value = `${rows}x${cols}`;
    say($('#status'), '');
    $('#histogram').replaceChildren();
    $('#moves').textContent = '';
  } catch (e) {
    say($('#status'), e.message, 'error');
  }
});
$('#solve').addEventListener('click', solve);
$('#cancel').addEventListener('click', () => job?.cancel());
$('#enumerate').addEventListener('click', enumerate);
setSize('3x3');
