// The Search lab: run one of the library's algorithms on a small problem with its events
// streamed (/api/route/search, /api/sliding/solve, /api/lab/grid, /api/rgb/solve), then step
// through them:
// the frontier (generated, not yet expanded), the explored set, g, h and f of each node, and
// the bound of each iteration of iterative lengthening, deepening and IDA*. Everything shown
// is rebuilt from the events the library emitted, nothing is searched again here.
import { $, api, el, header, say, statsLine, stream, svg, sleep } from './common.js';

await header('lab');

const GRID = ['S....#....', '.##..#.~~.', '..#....~~.', '..####.##.', '.......#G.'].join('\n');
const PUZZLE = '1 2 3 0 4 6 7 5 8';
let romania = null;
let rgbLevels = null;
let rgbLayout = null;
let trace = [];
let report = null;
let problem = 'romania';
let request = null;
let playing = false;

const key = (s) => JSON.stringify(s);

/**
 * An RGB Express state in a line: each truck as `index:(row,col)` where it stands, with `→`
 * when it is still driving there and `·n` for the cells left, `+n` for the items it carries
 * and `■` once stopped; `crash` when two trucks met.
 */
function rgbLabel(s) {
  const trucks = s.trucks.map((t, i) => `${i}:${t.left ? '→' : ''}(${t.at[0]},${t.at[1]})` +
    `${t.left ? `·${t.left}` : ''}${t.load ? `+${t.load}` : ''}${t.stopped ? '■' : ''}`);
  return trucks.join(' ') + (s.crashed ? ' crash' : '');
}

function label(s) {
  if (problem === 'romania') return s;
  if (problem === 'grid') return `(${s[0]},${s[1]})`;
  if (problem === 'rgb') return rgbLabel(s);
  return s.join('');
}

function inputs() {
  problem = $('#problem').value;
  const box = $('#inputs');
  box.replaceChildren();
  if (problem === 'romania') {
    const names = romania.cities.map((c) => c.name);
    const pick = (id, v) => el('select', { id }, ...names.map((n) => el('option', { selected: n === v }, n)));
    box.append(el('label', {}, 'From ', pick('from', 'Arad')), ' ', el('label', {}, 'To ', pick('to', 'Bucharest')));
  } else if (problem === 'puzzle') {
    box.append(el('label', {}, 'Start ', el('input', { id: 'puzzle', type: 'text', size: 20, value: PUZZLE })));
  } else if (problem === 'rgb') {
    // The original report steps iterative lengthening through its Custom level.
    box.append(el('label', {}, 'Level ', el('select', { id: 'rgb-level' },
      ...rgbLevels.map((n) => el('option', { selected: n === 'Custom' }, n)))));
  } else {
    box.append(el('label', {}, 'Grid (# wall, ~ mud costs 3) ', el('textarea', { id: 'grid', rows: 5, cols: 14, spellcheck: 'false' }, GRID)));
  }
  trace = [];
  report = null;
  rgbLayout = null;
  $('#summary').textContent = '';
  $('#key').textContent = problem === 'rgb'
    ? 'truck:(row,col): where it stands; → driving there, ·n cells left; +n items carried; ■ stopped' : '';
  render();
}

async function run() {
  const algo = $('#algo').value;
  let path;
  if (problem === 'romania') {
    path = '/api/route/search';
    request = { from: $('#from').value, to: $('#to').value, algo };
  } else if (problem === 'puzzle') {
    path = '/api/sliding/solve';
    request = { state: $('#puzzle').value, size: '3x3', algo, heuristic: 'manhattan' };
  } else if (problem === 'rgb') {
    path = '/api/rgb/solve';
    request = { level: $('#rgb-level').value, algo };
  } else {
    path = '/api/lab/grid';
    request = { grid: $('#grid').value, algo };
  }
  $('#run').disabled = true;
  // The last run's summary goes at once, so nothing reads it as this run's.
  $('#summary').textContent = '';
  say($('#now'), 'running…');
  const events = [];
  try {
    if (problem === 'rgb') rgbLayout = await api('/api/rgb/level', { level: request.level });
    report = await stream(path, request, (name, d) => events.push([name, d])).done;
    trace = events.filter(([n]) => ['start', 'iteration', 'expand', 'generate', 'finish'].includes(n));
    $('#summary').textContent = statsLine(report) + (report.cost !== undefined && report.cost !== null ? `; cost ${report.cost}` : '') +
      (report.moves !== undefined && typeof report.moves === 'number' ? `; ${report.moves} moves` : '');
    const shown = trace.filter(([n]) => n === 'expand').length;
    if (shown < report.stats.expanded) $('#summary').textContent += ` — the trace stops after ${shown} expansions`;
    $('#step').max = Math.max(0, trace.length - 1);
    $('#step').value = 0;
    render();
  } catch (e) {
    say($('#now'), e.message, 'error');
  } finally {
    $('#run').disabled = false;
  }
}

/** The search as it stood after event k. */
function replay(k) {
  const s = { frontier: new Map(), explored: new Set(), current: null, bound: null, iteration: -1, event: trace[k] };
  for (let i = 0; i <= k && i < trace.length; i++) {
    const [name, d] = trace[i];
    if (name === 'iteration') {
      s.frontier.clear();
      s.explored.clear();
      s.bound = d.bound;
      s.iteration = d.index;
    } else if (name === 'expand') {
      const id = key(d.state);
      s.frontier.delete(id);
      s.explored.add(id);
      s.current = d;
    } else if (name === 'generate') {
      const id = key(d.state);
      const old = s.frontier.get(id);
      if (!s.explored.has(id) && (!old || d.g < old.g)) s.frontier.set(id, { ...d, f: d.g + (d.h ?? 0) });
    }
  }
  return s;
}

/** The solution's states, for the last step. */
function solution() {
  if (!report || !report.solved) return new Set();
  if (problem === 'romania') return new Set(report.path.map(key));
  if (problem === 'grid') return new Set(report.path.map(key));
  return new Set();
}

function colour(id, s, done) {
  if (done && solution().has(id)) return '#1f9d55';
  if (s.current && key(s.current.state) === id) return '#d64545';
  if (s.frontier.has(id)) return '#f0a030';
  if (s.explored.has(id)) return '#b4bccb';
  return null;
}

function render() {
  const k = Number($('#step').value);
  const s = replay(k);
  const done = trace.length > 0 && k === trace.length - 1;
  if (problem === 'romania') drawRomania(s, done);
  else if (problem === 'grid') drawGrid(s, done);
  else if (problem === 'rgb') drawRgb(s);
  else drawPuzzle(s, done);
  // Bounds of every iteration, the current one highlighted.
  const bounds = trace.filter(([n]) => n === 'iteration').map(([, d]) => d);
  $('#bounds').replaceChildren(...bounds.map((d) => el('span', { class: d.index === s.iteration ? 'now' : '' },
    d.bound === null ? `#${d.index}` : d.bound.cost ?? `depth ${d.bound.depth}`)));
  if (!bounds.length) $('#bounds').textContent = '(one iteration, no bound)';
  $('#counts').textContent = `frontier ${s.frontier.size}, explored ${s.explored.size}`;
  const rows = [...s.frontier.values()].sort((a, b) => a.f - b.f || a.g - b.g).slice(0, 12);
  $('#frontier').replaceChildren(el('tr', {}, el('th', {}, 'state'), el('th', {}, 'g'), el('th', {}, 'h'), el('th', {}, 'f')),
    ...rows.map((d) => el('tr', {}, el('td', {}, label(d.state)), el('td', {}, d.g), el('td', {}, d.h ?? '–'), el('td', {}, d.h === null ? '–' : d.f))));
  if (!trace.length) return say($('#now'), 'choose a problem and an algorithm, then Run');
  const [name, d] = trace[k] || [];
  let text = `event ${k + 1} of ${trace.length}: ${name}`;
  if (name === 'expand' || name === 'generate') {
    text += ` ${label(d.state)}  g=${d.g}` + (d.h !== null ? ` h=${d.h} f=${d.g + d.h}` : '') + (d.depth !== null ? ` depth=${d.depth}` : '');
  } else if (name === 'iteration') {
    text += ` ${d.index}` + (d.bound ? `, bound ${d.bound.cost ?? d.bound.depth}` : '');
  } else if (name === 'finish') {
    text += `: ${d.outcome}${d.stop_reason ? ` (${d.stop_reason})` : ''}`;
  } else if (name === 'start') {
    text += ` ${d.algorithm}`;
  }
  say($('#now'), text, done && report.solved ? 'good' : '');
  $('#view').dataset.done = done;
}

function drawRomania(s, done) {
  const xs = romania.cities.map((c) => c.x), ys = romania.cities.map((c) => c.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const [w, h, pad] = [600, 400, 30];
  const at = (c) => [pad + ((c.x - x0) / (x1 - x0)) * (w - 4 * pad), h - pad - ((c.y - y0) / (y1 - y0)) * (h - 2 * pad)];
  const byName = Object.fromEntries(romania.cities.map((c) => [c.name, c]));
  const map = svg('svg', { width: w, height: h, id: 'lab-map' });
  const path = done && report?.solved ? report.path : [];
  for (const c of romania.cities) {
    for (const r of c.roads) {
      if (r.to < c.name) continue;
      const [[ax, ay], [bx, by]] = [at(c), at(byName[r.to])];
      const i = path.indexOf(c.name), j = path.indexOf(r.to);
      const onPath = i >= 0 && j >= 0 && Math.abs(i - j) === 1;
      map.append(svg('line', { x1: ax, y1: ay, x2: bx, y2: by, stroke: onPath ? '#1f9d55' : '#c5cad4', 'stroke-width': onPath ? 5 : 2 }));
      map.append(svg('text', { x: (ax + bx) / 2, y: (ay + by) / 2 - 2, 'font-size': 9, fill: '#8a92a3' }, r.cost));
    }
  }
  for (const c of romania.cities) {
    const [x, y] = at(c);
    const fill = colour(key(c.name), s, done) || '#fff';
    const edge = c.name === request?.from || c.name === request?.to ? 3 : 1.5;
    map.append(svg('circle', { cx: x, cy: y, r: 8, fill, stroke: '#333', 'stroke-width': edge }));
    const f = s.frontier.get(key(c.name));
    map.append(svg('text', { x: x + 10, y: y + 4, 'font-size': 11 }, c.name + (f && f.h !== null ? ` f=${f.f}` : f ? ` g=${f.g}` : '')));
  }
  $('#view').replaceChildren(map);
}

function drawGrid(s, done) {
  const lines = (request?.grid ?? $('#grid').value).split('\n').filter((l) => l.trim());
  const C = 44;
  const map = svg('svg', { width: lines[0].length * C, height: lines.length * C, id: 'lab-grid' });
  lines.forEach((line, r) => [...line].forEach((ch, c) => {
    const id = key([r, c]);
    const base = ch === '#' ? '#39404f' : ch === '~' ? '#cdb58f' : '#fff';
    map.append(svg('rect', { x: c * C, y: r * C, width: C - 2, height: C - 2, fill: colour(id, s, done) || base, stroke: '#ccc' }));
    const f = s.frontier.get(id);
    const text = ch === 'S' || ch === 'G' ? ch : f ? (f.h !== null ? `f${f.f}` : `g${f.g}`) : ch === '~' ? '~' : '';
    if (text) map.append(svg('text', { x: c * C + C / 2 - 1, y: r * C + C / 2 + 4, 'text-anchor': 'middle', 'font-size': 12 }, text));
  }));
  $('#view').replaceChildren(map);
}

const RGB_COLOUR = { red: '#d64545', green: '#1f9d55', blue: '#2f6fde', yellow: '#e0b000', white: '#ffffff' };

/** The RGB Express level, its trucks where the node being expanded has them. */
function drawRgb(s) {
  const box = el('div', { id: 'lab-rgb' });
  $('#view').replaceChildren(box);
  const l = rgbLayout;
  if (!l) return;
  const C = 40;
  const map = svg('svg', { width: l.cols * C, height: l.rows * C, style: 'background:#f3efe6;border-radius:6px' });
  const at = (r, c) => [c * C + C / 2, r * C + C / 2];
  const done = new Set((s.current?.state.done ?? []).map(([r, c]) => r * l.cols + c));
  l.cells.forEach((cell, i) => {
    const [x, y] = at(Math.floor(i / l.cols), i % l.cols);
    for (const d of cell.links) {
      const [dx, dy] = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] }[d];
      map.append(svg('line', { x1: x, y1: y, x2: x + (dx * C) / 2, y2: y + (dy * C) / 2, stroke: '#8b8f99', 'stroke-width': 7 }));
    }
    const fill = RGB_COLOUR[cell.colour];
    if (cell.kind === 'item' && !done.has(i)) {
      map.append(svg('rect', { x: x - 8, y: y - 8, width: 16, height: 16, rx: 3, fill }));
    } else if (cell.kind === 'warehouse') {
      map.append(svg('rect', { x: x - 13, y: y - 13, width: 26, height: 26, fill: done.has(i) ? fill : 'none', stroke: fill, 'stroke-width': 3, opacity: done.has(i) ? 0.5 : 1 }));
    }
  });
  const trucks = s.current ? s.current.state.trucks : l.trucks.map((t) => ({ at: [Math.floor(t.start / l.cols), t.start % l.cols], left: 0 }));
  trucks.forEach((t, k) => {
    const [x, y] = at(t.at[0], t.at[1]);
    // A truck still driving is drawn faded on the event it drives to.
    map.append(svg('circle', { cx: x, cy: y, r: 11, fill: RGB_COLOUR[l.trucks[k].colour], stroke: '#222', 'stroke-width': 2, opacity: t.left ? 0.45 : 1, class: 'lab-truck' }));
    map.append(svg('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, fill: '#fff' }, k));
  });
  box.append(map, el('div', { class: 'status' }, s.current ? `being expanded: ${rgbLabel(s.current.state)}` : l.name));
}

function drawPuzzle(s, done) {
  const tiles = done && report?.solved ? report.states.at(-1).split(/\s+/).map(Number) : s.current?.state;
  const box = el('div', { id: 'lab-puzzle' });
  if (tiles) {
    const b = el('div', { class: 'board', style: 'grid-template-columns: repeat(3, 64px)' },
      ...tiles.map((t) => el('div', { class: t ? 'tile' : 'tile blank' }, t || '')));
    box.append(el('div', { class: 'status' }, done ? 'the goal' : 'being expanded'), b);
  }
  if (done && report?.solved) box.append(el('div', { class: 'status good' }, `moves of the blank: ${report.path.join(' ')}`));
  $('#view').replaceChildren(box);
}

async function autoplay() {
  playing = !playing;
  $('#playing').textContent = playing ? '❚❚ pause' : '▶ play';
  while (playing && Number($('#step').value) < trace.length - 1) {
    $('#step').value = Number($('#step').value) + 1;
    render();
    await sleep(500 - Number($('#speed').value));
  }
  playing = false;
  $('#playing').textContent = '▶ play';
}

const go = (k) => { $('#step').value = Math.max(0, Math.min(trace.length - 1, k)); render(); };
$('#first').addEventListener('click', () => go(0));
$('#prev').addEventListener('click', () => go(Number($('#step').value) - 1));
$('#next').addEventListener('click', () => go(Number($('#step').value) + 1));
$('#last').addEventListener('click', () => go(trace.length - 1));
$('#step').addEventListener('input', render);
$('#playing').addEventListener('click', autoplay);
$('#run').addEventListener('click', run);
$('#problem').addEventListener('change', inputs);
document.addEventListener('keydown', (e) => {
  if (document.activeElement?.tagName === 'INPUT' || document.activeElement?.tagName === 'TEXTAREA') return;
  if (e.key === 'ArrowRight') go(Number($('#step').value) + 1);
  if (e.key === 'ArrowLeft') go(Number($('#step').value) - 1);
});
romania = await api('/api/route/list', { map: 'romania' });
rgbLevels = (await api('/api/rgb/levels')).levels;
inputs();
