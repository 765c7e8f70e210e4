// Pacman: /api/pacman/play plays one seeded game on the server (the agents and rules of
// `delve pacman play`, within the job's limits) and answers with its report, the maze and a
// frame per Pacman move; the page replays the frames at the chosen speed.
import { $, api, el, header, say, stream, sleep } from './common.js';

await header('pacman');

const GHOST_COLOURS = ['#e8453c', '#f49ac1', '#3fc7e8', '#f5a742'];
let job = null;
let run = 0;

function size(maze) {
  const cell = Math.max(10, Math.min(30, Math.floor(640 / maze.width), Math.floor(520 / maze.height)));
  const canvas = $('#maze');
  canvas.width = maze.width * cell;
  canvas.height = maze.height * cell;
  return cell;
}

/** Draws the maze, the food left, Pacman and the ghosts of `f` (y counts from the bottom). */
function draw(maze, food, f, cell) {
  const ctx = $('#maze').getContext('2d');
  const px = (x) => x * cell + cell / 2;
  const py = (y) => (maze.height - 1 - y) * cell + cell / 2;
  ctx.fillStyle = '#0b0d1a';
  ctx.fillRect(0, 0, maze.width * cell, maze.height * cell);
  maze.rows.forEach((row, r) => [...row].forEach((ch, x) => {
    const y = maze.height - 1 - r;
    if (ch === '%') {
      ctx.fillStyle = '#2547c9';
      ctx.fillRect(x * cell + 1, r * cell + 1, cell - 2, cell - 2);
    } else if (food.has(`${x},${y}`)) {
      ctx.fillStyle = '#f2e6c9';
      const big = ch === 'o';
      ctx.beginPath();
      ctx.arc(px(x), py(y), big ? cell * 0.28 : cell * 0.1, 0, 2 * Math.PI);
      ctx.fill();
    }
  }));
  f.ghosts.forEach((g, i) => {
    const [x, y] = g.at;
    ctx.fillStyle = g.scared > 0 ? '#f5f5f5' : GHOST_COLOURS[i % GHOST_COLOURS.length];
    const r = cell * 0.42;
    ctx.beginPath();
    ctx.arc(px(x), py(y) - r * 0.15, r, Math.PI, 0);
    ctx.lineTo(px(x) + r, py(y) + r);
    ctx.lineTo(px(x) - r, py(y) + r);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#111';
    ctx.fillRect(px(x) - r * 0.5, py(y) - r * 0.35, r * 0.3, r * 0.3);
    ctx.fillRect(px(x) + r * 0.2, py(y) - r * 0.35, r * 0.3, r * 0.3);
  });
  const [x, y] = f.pacman;
  const angle = { East: 0, North: -Math.PI / 2, West: Math.PI, South: Math.PI / 2 }[f.dir] ?? 0;
  ctx.fillStyle = '#ffd23f';
  ctx.beginPath();
  ctx.moveTo(px(x), py(y));
  ctx.arc(px(x), py(y), cell * 0.42, angle + 0.35, angle + 2 * Math.PI - 0.35);
  ctx.closePath();
  ctx.fill();
}

/** Food and capsules of the maze, by "x,y". */
function foodOf(maze) {
  const food = new Set();
  maze.rows.forEach((row, r) => [...row].forEach((ch, x) => {
    if (ch === '.' || ch === 'o') food.add(`${x},${maze.height - 1 - r}`);
  }));
  return food;
}

async function playGame() {
  const mine = ++run;
  $('#play').disabled = true;
  $('#cancel').disabled = false;
  const status = $('#status');
  say(status, 'the server plays the game…');
  $('#score').dataset.frame = '';
  const request = {
    layout: $('#layout').value, agent: $('#agent').value, depth: Number($('#depth').value), eval: $('#eval').value,
    ghosts: $('#ghosts').value, seed: Number($('#seed').value),
  };
  job = stream('/api/pacman/play', request);
  let game;
  try {
    game = await job.done;
  } catch (e) {
    say(status, e.message, 'error');
    return;
  } finally {
    job = null;
    $('#play').disabled = false;
    $('#cancel').disabled = true;
  }
  const { report, maze, frames } = game;
  $('#report').textContent = 'the report follows the replay';
  const what = `${report.agent} depth ${report.depth} on ${report.layout}, seed ${report.seed}`;
  const cost = `${report.pacman_moves} moves, ${report.ms_per_move.toFixed(2)} ms and ` +
    `${Math.round(report.generated_per_move).toLocaleString()} states generated per move`;
  say(status, `${what}: replaying the game (${cost})…`);
  const cell = size(maze);
  const food = foodOf(maze);
  const scoreLine = $('#score');
  for (let i = 0; i < frames.length; i++) {
    if (mine !== run) return; // a newer game took over
    const f = frames[i];
    food.delete(`${Math.round(f.pacman[0])},${Math.round(f.pacman[1])}`);
    draw(maze, food, f, cell);
    scoreLine.textContent = `move ${i} of ${frames.length - 1} · score ${f.score}`;
    scoreLine.dataset.frame = i;
    scoreLine.dataset.score = f.score;
    if (i + 1 < frames.length) await sleep(Number($('#speed').max) + Number($('#speed').min) - Number($('#speed').value));
  }
  scoreLine.textContent += ` · ${game.result}`;
  scoreLine.dataset.done = game.result;
  $('#report').textContent = JSON.stringify({ ...game, maze: undefined, frames: `${frames.length} frames` }, null, 1);
  const why = game.stop_reason ? ` (${game.stop_reason}: the server's limit cut the game short)` : '';
  say(status, `${what}: ${game.result}, score ${report.scores[0]}, ${cost}${why}`,
    game.result === 'won' ? 'good' : game.stop_reason ? 'error' : '');
}

const { layouts } = await api('/api/pacman/layouts');
for (const name of layouts) $('#layout').append(el('option', { value: name, selected: name === 'smallClassic' }, name));
$('#play').addEventListener('click', playGame);
$('#cancel').addEventListener('click', () => job?.cancel());
/** The chosen layout, drawn before any game. */
async function preview() {
  run++;
  try {
    const maze = await api('/api/pacman/layout', { layout: $('#layout').value });
    const start = { pacman: maze.pacman, dir: 'West', ghosts: maze.ghosts.map((at) => ({ at, scared: 0 })) };
    draw(maze, foodOf(maze), start, size(maze));
    say($('#status'), 'choose an agent and press Play');
  } catch (e) {
    say($('#status'), e.message, 'error');
  }
}
$('#layout').addEventListener('change', preview);
preview();
