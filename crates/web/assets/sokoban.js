// Sokoban, the original solver's play mode in the browser: the level comes from /api/sokoban/level
// (a shipped collection's level by name, or pasted XSB); arrows move, D undoes, R restarts,
// P solves fast and Space optimally from the current position through /api/sokoban/solve
// (the report `delve sokoban solve --json` prints), and the solution plays back step by step.
// The rules are the server's: the page keeps only the history of moves, and every move, undo,
// restart and frame of a playback asks /api/sokoban/play for the position it then draws.
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
const play = (choice, moves) => api('/api/sokoban/play', { ...choice, moves });

/** Plays `moves` from the start of the level and draws where they lead. */
async function show(moves) {
  game = await play(level.choice, moves);
  draw();
  return game;
}

const isWall = (r, c) => game.rows[r]?.[c] === '#';

function draw() {
  const board = $('#board');
  const width = Math.max(...game.rows.map((x) => x.length));
  const goals = new Set(game.goals.map(([r, c]) => key(r, c)));
  const boxes = new Map(game.boxes.map((b) => [key(...b.at), b]));
  board.style.gridTemplateColumns = `repeat(${width}, 34px)`;
  board.replaceChildren();
  for (let r = 0; r < game.rows.length; r++) {
    for (let c = 0; c < width; c++) {
      const classes = [isWall(r, c) ? 'wall' : reach.has(key(r, c)) ? 'floor' : 'outside'];
      if (goals.has(key(r, c))) classes.push('goal');
      const node = el('div', { class: classes.join(' ') });
      const box = boxes.get(key(r, c));
      if (box) node.append(el('div', { class: box.home ? 'box home' : 'box' }, box.label === '$' ? '' : box.label));
      if (game.player[0] === r && game.player[1] === c) node.append(el('div', { class: 'player', id: 'player' }));
      board.append(node);
    }
  }
  board.dataset.solved = game.solved;
  $('#counters').textContent = `pushes ${game.pushes} · moves ${game.moves}${game.solved ? ' · solved!' : ''}`;
  $('#counters').className = game.solved ? 'status good' : 'status';
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
  $('#cancel').disabled = false;
  say(status, `solving (${mode})…`);
  job = stream('/api/sokoban/solve', { text: game.rows.join('\n') + '\n', mode }, (name, d) => {
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
$('#xsb').value = '#######\n#     #\n# $$@ #\n#  .. #\n#######\n';
queued(() => load({ level: 'microban/1' }));
