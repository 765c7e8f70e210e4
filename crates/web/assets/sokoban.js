// Sokoban, the original solver's play mode in the browser: the level comes from /api/sokoban/level
// (a shipped collection's level by name, or pasted XSB); arrows move, D undoes, R restarts,
// P solves fast and Space optimally from the current position through /api/sokoban/solve
// (the report `delve sokoban solve --json` prints), the solution plays back step by step, and
// the search's time and node counts stay below the board. The rules are the server's: the page
// keeps only the history of moves, and every move, undo, restart and frame of a playback asks
// /api/sokoban/play for the position it then draws, and whether the solver calls it dead. In
// ordered mode each box and its goal share a colour (and the box a letter).
import { $, api, el, header, say, stream, sleep } from './common.js';

await header('sokoban');

let level = null; // { choice, number, title }
let game = null; // the last answer of /api/sokoban/play: rows, player, boxes, goals, history, …
let busy = false;
let job = null;
// The actions waiting their turn: keys pressed quickly act in order, each on the position
// the one before it led to.
let queue = Promise.resolve();

const key = (r, c) => `${r},${c}`;

/** Runs `action` once those queued before it are done; its error shows in the status line. */
function queued(action) {
  queue = queue.then(action).catch((e) => say($('#status'), e.message, 'error'));
  return queue;
}

/** The position after `moves` from the start of the level `choice` (up to the first illegal move). */
const play = (choice, moves) => api('/api/sokoban/play', { ...choice, moves, ordered: $('#ordered').checked });

// The colours of the pairs of box and goal, in turn (the original's red, blue, green, purple
// and yellow first).
const PAIRS = ['#e53935', '#1e88e5', '#43a047', '#8e24aa', '#fdd835', '#fb8c00', '#00897b', '#d81b60', '#6d4c41', '#757575'];
const pairColour = (id) => PAIRS[id % PAIRS.length];

/** Plays `moves` from the start of the level and draws where they lead. */
async function show(moves) {
  game = await play(level.choice, moves);
  draw();
  return game;
}

const isWall = (r, c) => game.rows[r]?.[c] === '#';

/** The letter of box `b`: its own on a lettered level; ordered, `A` for box 0 and on (up to `Z`). */
function letter(b) {
  if (b.label !== '$') return b.label;
  return game.ordered && game.goals.length <= 26 ? String.fromCharCode(65 + b.id) : '';
}

function draw() {
  const board = $('#board');
  const width = Math.max(...game.rows.map((x) => x.length));
  // Each goal's number: when ordered, box `id` belongs on goal `id`.
  const goals = new Map(game.goals.map(([r, c], i) => [key(r, c), i]));
  const boxes = new Map(game.boxes.map((b) => [key(...b.at), b]));
  board.style.gridTemplateColumns = `repeat(${width}, 34px)`;
  board.replaceChildren();
  for (let r = 0; r < game.rows.length; r++) {
    for (let c = 0; c < width; c++) {
      const classes = [isWall(r, c) ? 'wall' : reach.has(key(r, c)) ? 'floor' : 'outside'];
      const goal = goals.get(key(r, c));
      if (goal !== undefined) classes.push('goal');
      const node = el('div', { class: classes.join(' ') });
      if (goal !== undefined && game.ordered) {
        node.dataset.pair = goal;
        node.style.setProperty('--pair', pairColour(goal));
      }
      const box = boxes.get(key(r, c));
      if (box) {
        const div = el('div', { class: box.home ? 'box home' : 'box' }, letter(box));
        if (game.ordered) {
          div.dataset.pair = box.id;
          div.style.background = pairColour(box.id);
          div.style.color = '#fff';
        }
        node.append(div);
      }
      if (game.player[0] === r && game.player[1] === c) node.append(el('div', { class: 'player', id: 'player' }));
      board.append(node);
    }
  }
  board.dataset.solved = game.solved;
  board.dataset.ordered = game.ordered;
  $('#counters').textContent = `pushes ${game.pushes} · moves ${game.moves}${game.solved ? ' · solved!' : ''}`;
  $('#counters').className = game.solved ? 'status good' : 'status';
  // The original's words when the position can no longer be solved, and the solver's reason.
  $('#dead').textContent = game.dead ? `no valid moves, please go back: ${game.dead}` : '';
}

/** The statistics the original printed after a solve: the search's time, nodes generated, most held at once, and b*. */
function searchStats(report) {
  const ms = report.elapsed_ms;
  const time = ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
  const stats = [`search time ${time}`, `nodes generated ${report.nodes_generated}`, `max nodes held ${report.max_nodes}`];
  if (report.stats?.b_star !== undefined) stats.push(`b* ${report.stats.b_star.toFixed(3)}`);
  return stats;
}

/** Floor the player can reach from the start, so that the outside of the walls stays blank. */
let reach = new Set();
function computeReach() {
  reach = new Set();
  const width = Math.max(...game.rows.map((x) => x.length));
  const todo = [game.player];
  while (todo.length) {
    const [r, c] = todo.pop();
    if (r < 0 || c < 0 || r >= game.rows.length || c >= width || isWall(r, c) || reach.has(key(r, c))) continue;
    reach.add(key(r, c));
    todo.push([r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]);
  }
}

async function load(choice) {
  try {
    const { number, title } = await api('/api/sokoban/level', choice);
    game = await play(choice, '');
    level = { choice, number, title };
  } catch (e) {
    say($('#status'), e.message, 'error');
    return;
  }
  // Untitled levels are called by their number: no need to say it twice.
  const titled = level.title !== String(level.number);
  $('#title').textContent = (choice.level ?? 'pasted level') + (titled ? `: “${level.title}”` : '');
  computeReach();
  draw();
  $('#report').textContent = '';
  $('#search').textContent = '';
  say($('#status'), '');
  $('#board').focus();
}

/** Solves from the position the moves queued before lead to, then plays the solution back. */
function solveHere(mode) {
  if (busy || !game) return;
  // The keys pressed while it solves and plays back are dropped.
  busy = true;
  queued(() => solve(mode)).finally(() => { busy = false; });
}

async function solve(mode) {
  const status = $('#status');
  if (game.solved) return say(status, 'already solved: R restarts');
  if (!game.xsb) {
    const why = 'this position cannot be written as a level with its boxes paired as they are (a lettered box or the player on a goal, or ordered boxes out of reading order): D undoes, R restarts';
    return say(status, why, 'error');
  }
  $('#cancel').disabled = false;
  say(status, `solving (${mode})…`);
  job = stream('/api/sokoban/solve', { text: game.xsb, mode, ordered: game.ordered }, (name, d) => {
    if (name === 'stats') say(status, `solving (${mode})… ${d.generated.toLocaleString()} states generated, ${(d.elapsed_ms / 1000).toFixed(1)} s`);
  });
  try {
    const report = await job.done;
    $('#report').textContent = JSON.stringify(report, null, 1);
    const stats = searchStats(report).join(', ');
    if (!report.solved) {
      const why = report.stop_reason === 'no_solution' ? 'no solution from here' : `not solved: ${report.stop_reason}`;
      $('#search').textContent = `${mode} solve: ${why}; ${stats}`;
      say(status, report.stop_reason === 'no_solution' ? `${why}: D undoes, R restarts` : why, 'error');
      return;
    }
    const quality = mode === 'optimal' ? 'optimal: fewest pushes, then fewest moves' : 'not guaranteed optimal';
    $('#search').textContent = `${mode} solve: ${report.pushes} pushes, ${report.moves} moves (${quality}); ${stats}`;
    say(status, 'playing it back…', 'good');
    $('#cancel').disabled = true;
    await playBack(report.solution);
    say(status, `played back: ${report.solution}`, 'good');
  } catch (e) {
    say(status, e.message, 'error');
  } finally {
    job = null;
    $('#cancel').disabled = true;
  }
}

/** Plays `lurd` on from the current position, a move per frame, each frame the server's. */
async function playBack(lurd) {
  const from = game.history;
  for (let k = 1; k <= lurd.length; k++) {
    await sleep(Number($('#speed').max) + Number($('#speed').min) - Number($('#speed').value));
    const shown = await show(from + lurd.slice(0, k));
    if (shown.illegal) throw new Error(`move ${k} of the solution: ${shown.illegal.reason}`);
  }
}

document.addEventListener('keydown', (e) => {
  if (!game || ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName)) return;
  const dir = { ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r' }[e.key];
  const k = e.key.toLowerCase();
  if (dir || k === ' ') e.preventDefault();
  if (busy) return;
  // A blocked move leaves the history as it was; a solved level takes no more moves.
  if (dir) queued(() => game.solved || show(game.history + dir));
  else if (k === 'd' || e.key === 'Backspace') queued(() => show(game.history.slice(0, -1)));
  else if (k === 'r') {
    queued(async () => {
      await show('');
      say($('#status'), '');
    });
  } else if (k === 'p') solveHere('fast');
  else if (k === ' ') solveHere('optimal');
});

const { collections } = await api('/api/sokoban/levels');
for (const c of collections) $('#collection').append(el('option', { value: c.name }, `${c.name} (${c.titles.length})`));
const chosen = () => collections.find((c) => c.name === $('#collection').value);
$('#collection').addEventListener('change', () => { $('#number').max = chosen().titles.length; });
$('#number').max = chosen().titles.length;
/** Loads a level once the moves queued before are done; not while a solution plays back. */
const loadQueued = (choice) => busy || queued(() => load(choice));
$('#load').addEventListener('click', () => loadQueued({ level: `${$('#collection').value}/${$('#number').value}` }));
$('#number').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('#load').click(); });
$('#paste').addEventListener('click', () => loadQueued({ text: $('#xsb').value }));
// The keys act on the board: a button keeps no focus (Space would press it again).
for (const [id, mode] of [['#fast', 'fast'], ['#optimal', 'optimal']]) {
  $(id).addEventListener('click', () => { $('#board').focus(); solveHere(mode); });
}
$('#cancel').addEventListener('click', () => job?.cancel());
// Ordered or not: the same moves, replayed under the other rule.
$('#ordered').addEventListener('change', (e) => {
  $('#board').focus();
  // Not while a solution plays back: it was found under the rule the level is played by.
  if (busy) e.target.checked = game.ordered;
  else if (game) queued(() => show(game.history));
});
$('#xsb').value = '#######\n#     #\n# $$@ #\n#  .. #\n#######\n';
queued(() => load({ level: 'microban/1' }));
