// Sokoban, the original solver's play mode in the browser: the level comes from /api/sokoban/level
// (a shipped collection's level by name, or pasted XSB); arrows move, D undoes, R restarts,
// P solves fast and Space optimally from the current position through /api/sokoban/solve
// (the report `delve sokoban solve --json` prints), and the solution plays back step by step.
import { $, api, el, header, say, stream, sleep } from './common.js';

await header('sokoban');

const DIRS = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
let level = null; // { name, number, title, rows }
let game = null; // { player: [r, c], boxes: Map('r,c' -> label), history: '' }
let busy = false;
let job = null;

const key = (r, c) => `${r},${c}`;
const cell = (r, c) => level.rows[r]?.[c] ?? ' ';
const isWall = (r, c) => r < 0 || c < 0 || r >= level.rows.length || cell(r, c) === '#';
/** The goal at (r, c): '.' or its letter (levels with lettered boxes), else null. */
function goalAt(r, c) {
  const ch = cell(r, c);
  if (ch === '.' || ch === '*' || ch === '+') return '.';
  return /[a-z]/.test(ch) ? ch : null;
}

function start() {
  const boxes = new Map();
  let player = [0, 0];
  level.rows.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === '@' || ch === '+') player = [r, c];
    if (ch === '$' || ch === '*') boxes.set(key(r, c), '$');
    else if (/[A-Z]/.test(ch)) boxes.set(key(r, c), ch);
  }));
  game = { player, boxes, history: '' };
}

/** Plays one LURD letter (either case); false when the move is not legal. */
function step(letter) {
  const [dr, dc] = DIRS[letter.toLowerCase()] ?? [0, 0];
  if (!dr && !dc) return false;
  const [r, c] = game.player;
  const [nr, nc] = [r + dr, c + dc];
  if (isWall(nr, nc)) return false;
  const label = game.boxes.get(key(nr, nc));
  if (label) {
    const [br, bc] = [nr + dr, nc + dc];
    if (isWall(br, bc) || game.boxes.has(key(br, bc))) return false;
    game.boxes.delete(key(nr, nc));
    game.boxes.set(key(br, bc), label);
  }
  game.player = [nr, nc];
  const l = letter.toLowerCase();
  game.history += label ? l.toUpperCase() : l;
  return true;
}

/** Whether every box is on a goal (a lettered box on its own goal). */
function solved() {
  for (const [k, label] of game.boxes) {
    const [r, c] = k.split(',').map(Number);
    const goal = goalAt(r, c);
    if (!goal || (label !== '$' && goal !== label.toLowerCase())) return false;
  }
  return true;
}

/** The current position as XSB, for solving from here. */
function xsb() {
  return level.rows.map((row, r) => {
    let line = '';
    for (let c = 0; c < Math.max(...level.rows.map((x) => x.length)); c++) {
      const goal = goalAt(r, c);
      const box = game.boxes.get(key(r, c));
      if (game.player[0] === r && game.player[1] === c) line += goal ? '+' : '@';
      else if (box) line += box === '$' && goal ? '*' : box;
      else if (goal) line += goal;
      else line += cell(r, c) === '#' ? '#' : ' ';
    }
    return line.trimEnd();
  }).join('\n') + '\n';
}

const counts = () => [[...game.history].filter((ch) => ch >= 'A' && ch <= 'Z').length, game.history.length];

function draw() {
  const board = $('#board');
  const width = Math.max(...level.rows.map((x) => x.length));
  board.style.gridTemplateColumns = `repeat(${width}, 34px)`;
  board.replaceChildren();
  for (let r = 0; r < level.rows.length; r++) {
    for (let c = 0; c < width; c++) {
      const goal = goalAt(r, c);
      const box = game.boxes.get(key(r, c));
      const classes = [isWall(r, c) ? 'wall' : inside(r, c) ? 'floor' : 'outside'];
      if (goal) classes.push('goal');
      const node = el('div', { class: classes.join(' ') });
      if (box) node.append(el('div', { class: goal && (box === '$' || goal === box.toLowerCase()) ? 'box home' : 'box' }, box === '$' ? '' : box));
      if (game.player[0] === r && game.player[1] === c) node.append(el('div', { class: 'player', id: 'player' }));
      board.append(node);
    }
  }
  const [pushes, moves] = counts();
  const done = solved();
  board.dataset.solved = done;
  $('#counters').textContent = `pushes ${pushes} · moves ${moves}${done ? ' · solved!' : ''}`;
  $('#counters').className = done ? 'status good' : 'status';
}

/** Floor the player can reach, so that the outside of the walls stays blank. */
let reach = new Set();
function computeReach() {
  reach = new Set();
  const todo = [game.player];
  while (todo.length) {
    const [r, c] = todo.pop();
    if (isWall(r, c) || reach.has(key(r, c)) || r >= level.rows.length || c > 200) continue;
    reach.add(key(r, c));
    for (const [dr, dc] of Object.values(DIRS)) todo.push([r + dr, c + dc]);
  }
}
const inside = (r, c) => reach.has(key(r, c));

async function load(choice) {
  if (busy) return;
  try {
    level = await api('/api/sokoban/level', choice);
  } catch (e) {
    say($('#status'), e.message, 'error');
    return;
  }
  level.choice = choice;
  // Untitled levels are called by their number: no need to say it twice.
  const titled = level.title !== String(level.number);
  $('#title').textContent = (choice.level ?? 'pasted level') + (titled ? `: “${level.title}”` : '');
  start();
  computeReach();
  draw();
  $('#report').textContent = '';
  say($('#status'), '');
  $('#board').focus();
}

function undo() {
  const moves = game.history.slice(0, -1);
  start();
  for (const l of moves) step(l);
}

async function solveHere(mode) {
  if (busy || !game) return;
  if (solved()) return say($('#status'), 'already solved: R restarts');
  busy = true;
  $('#cancel').disabled = false;
  const status = $('#status');
  say(status, `solving (${mode})…`);
  job = stream('/api/sokoban/solve', { text: xsb(), mode }, (name, d) => {
    if (name === 'stats') say(status, `solving (${mode})… ${d.generated.toLocaleString()} states generated, ${(d.elapsed_ms / 1000).toFixed(1)} s`);
  });
  try {
    const report = await job.done;
    $('#report').textContent = JSON.stringify(report, null, 1);
    if (!report.solved) {
      const why = report.stop_reason === 'no_solution' ? 'no solution from here: D undoes, R restarts' : `not solved: ${report.stop_reason}`;
      say(status, why, 'error');
      return;
    }
    const quality = mode === 'optimal' ? 'optimal: fewest pushes, then fewest moves' : 'fast: not guaranteed optimal';
    say(status, `${report.pushes} pushes, ${report.moves} moves (${quality}); ${report.nodes_generated.toLocaleString()} states generated in ${report.elapsed_ms.toFixed(report.elapsed_ms < 10 ? 1 : 0)} ms. Playing it back…`, 'good');
    $('#cancel').disabled = true;
    await playBack(report.solution);
    say(status, `played back: ${report.solution}`, 'good');
  } catch (e) {
    say(status, e.message, 'error');
  } finally {
    busy = false;
    job = null;
    $('#cancel').disabled = true;
  }
}

async function playBack(lurd) {
  for (const letter of lurd) {
    await sleep(Number($('#speed').max) + Number($('#speed').min) - Number($('#speed').value));
    step(letter);
    draw();
  }
}

document.addEventListener('keydown', (e) => {
  if (!game || ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName)) return;
  const dir = { ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r' }[e.key];
  const k = e.key.toLowerCase();
  if (dir || k === ' ') e.preventDefault();
  if (busy) return;
  if (dir) {
    if (!solved() && step(dir)) draw();
  } else if (k === 'd' || e.key === 'Backspace') {
    undo();
    draw();
  } else if (k === 'r') {
    start();
    draw();
    say($('#status'), '');
  } else if (k === 'p') solveHere('fast');
  else if (k === ' ') solveHere('optimal');
});

const { collections } = await api('/api/sokoban/levels');
for (const c of collections) $('#collection').append(el('option', { value: c.name }, `${c.name} (${c.titles.length})`));
const chosen = () => collections.find((c) => c.name === $('#collection').value);
$('#collection').addEventListener('change', () => { $('#number').max = chosen().titles.length; });
$('#number').max = chosen().titles.length;
$('#load').addEventListener('click', () => load({ level: `${$('#collection').value}/${$('#number').value}` }));
$('#number').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('#load').click(); });
$('#paste').addEventListener('click', () => load({ text: $('#xsb').value }));
// The keys act on the board: a button keeps no focus (Space would press it again).
for (const [id, mode] of [['#fast', 'fast'], ['#optimal', 'optimal']]) {
  $(id).addEventListener('click', () => { $('#board').focus(); solveHere(mode); });
}
$('#cancel').addEventListener('click', () => job?.cancel());
$('#xsb').value = '#######\n#     #\n# $$@ #\n#  .. #\n#######\n';
await load({ level: 'microban/1' });
