// RGB Express: draw a level (from /api/rgb/level: the cells, their roads, items, warehouses
// and trucks; format version 2's buttons, gates and bumps) and animate the trucks along the
// optimal plan (/api/rgb/show: the report and the independent replay's frames, one per time
// unit, with the gates closed and the items dropped on bumps at that time).
import { $, api, el, header, say, statsLine, svg, sleep } from './common.js';

await header('rgb');

const COLOUR = { red: '#d64545', green: '#1f9d55', blue: '#2f6fde', yellow: '#e0b000', white: '#ffffff' };
const S = 40;
let layout = null;
let source = { level: 'P-7' };
let trucks = [];

const centre = (i) => [(i % layout.cols) * S + S / 2, Math.floor(i / layout.cols) * S + S / 2];

function draw(l) {
  layout = l;
  const map = svg('svg', { width: l.cols * S, height: l.rows * S, id: 'rgb-map', style: 'background:#f3efe6;border-radius:6px' });
  const road = svg('g', { stroke: '#8b8f99', 'stroke-width': 8, 'stroke-linecap': 'round' });
  const marks = svg('g');
  l.cells.forEach((cell, i) => {
    const [x, y] = centre(i);
    for (const d of cell.links) {
      const [dx, dy] = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] }[d];
      road.append(svg('line', { x1: x, y1: y, x2: x + (dx * S) / 2, y2: y + (dy * S) / 2 }));
    }
    if (cell.kind === 'item') {
      marks.append(svg('rect', { x: x - 9, y: y - 9, width: 18, height: 18, rx: 3, fill: COLOUR[cell.colour], id: `item-${i}`, class: 'item' }));
    } else if (cell.kind === 'warehouse') {
      marks.append(svg('rect', { x: x - 15, y: y - 15, width: 30, height: 30, rx: 2, fill: 'none', stroke: COLOUR[cell.colour], 'stroke-width': 4 }));
      marks.append(svg('text', { x, y: y + 6, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 700, fill: COLOUR[cell.colour], id: `warehouse-${i}` }, cell.colour[0].toUpperCase()));
    }
  });
  for (const b of l.buttons) {
    const [x, y] = centre(b.cell);
    marks.append(svg('circle', { cx: x, cy: y, r: 8, fill: b.on ? '#6a4fb3' : '#c9bde8', stroke: '#6a4fb3', 'stroke-width': 2, class: 'button' }));
    marks.append(svg('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 10, fill: '#fff' }, b.group));
  }
  for (const g of l.gates) {
    const [x, y] = centre(g.cell);
    marks.append(svg('rect', { x: x - 14, y: y - 4, width: 28, height: 8, rx: 2, fill: '#6a4fb3', id: `gate-${g.cell}`, class: 'gate', opacity: g.on ? 0.25 : 1 }));
  }
  for (const cell of l.bumps) {
    const [x, y] = centre(cell);
    marks.append(svg('circle', { cx: x, cy: y, r: 11, fill: 'none', stroke: '#5b4636', 'stroke-width': 3, 'stroke-dasharray': '4 3', class: 'bump' }));
  }
  const dropped = svg('g', { id: 'dropped' });
  map.append(road, marks, dropped);
  trucks = l.trucks.map((t, k) => {
    const [x, y] = centre(t.start);
    const g = svg('g', { class: 'truck', id: `truck-${k}`, transform: `translate(${x},${y})` },
      svg('circle', { r: 13, fill: COLOUR[t.colour], stroke: '#222', 'stroke-width': 2 }),
      svg('text', { y: 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700, fill: t.colour === 'white' ? '#222' : '#fff' }, k));
    map.append(g);
    return g;
  });
  $('#map').replaceChildren(map);
  say($('#status'), `${l.name}: ${l.rows}×${l.cols}, ${l.trucks.length} trucks, capacity ${l.capacity}`);
}

function showFrame(f) {
  f.trucks.forEach((t, k) => {
    const [x, y] = centre(t.cell);
    trucks[k].setAttribute('transform', `translate(${x},${y})`);
    trucks[k].style.opacity = t.stopped ? 0.55 : 1;
  });
  const lying = new Set(f.items);
  layout.cells.forEach((c, i) => {
    if (c.kind === 'item') $(`#item-${i}`).style.display = lying.has(i) ? '' : 'none';
  });
  const closed = new Set(f.closed);
  for (const g of layout.gates) $(`#gate-${g.cell}`).setAttribute('opacity', closed.has(g.cell) ? 1 : 0.25);
  $('#dropped').replaceChildren(...f.dropped.map((d) => {
    const [x, y] = centre(d.cell);
    return svg('rect', { x: x - 7, y: y - 7, width: 14, height: 14, rx: 2, fill: COLOUR[d.colour], stroke: '#222', class: 'dropped' });
  }));
  for (const w of f.served) {
    const mark = $(`#warehouse-${w}`);
    if (mark) mark.textContent = '✓';
  }
}

async function open(choice) {
  source = choice;
  try {
    draw(await api('/api/rgb/level', choice));
    $('#map').dataset.done = false;
  } catch (e) {
    say($('#status'), e.message, 'error');
  }
}

async function play() {
  $('#play').disabled = true;
  say($('#status'), 'solving…');
  try {
    const show = await api('/api/rgb/show', { ...source, rules: $('#rules').value, algo: $('#algo').value });
    draw(show.layout);
    const r = show.report;
    $('#report').textContent = JSON.stringify(r, null, 1);
    if (!r.solved) return say($('#status'), statsLine(r), 'error');
    $('#routes').replaceChildren(...r.routes.map((route, k) => el('div', {}, `truck ${k}: ${route}`)));
    for (const f of show.frames) {
      showFrame(f);
      say($('#status'), `time ${f.time} of ${r.cost}`);
      await sleep(1050 - Number($('#speed').value));
    }
    say($('#status'), `delivered at time ${r.cost} (optimal). ${statsLine(r)}`, 'good');
    $('#map').dataset.done = true;
  } catch (e) {
    say($('#status'), e.message, 'error');
  } finally {
    $('#play').disabled = false;
  }
}

const { levels } = await api('/api/rgb/levels');
$('#level').replaceChildren(...levels.map((n) => el('option', { selected: n === 'P-7' }, n)));
$('#level').addEventListener('change', (e) => open({ level: e.target.value }));
$('#draw-text').addEventListener('click', () => open({ text: $('#text').value }));
$('#play').addEventListener('click', play);
await open({ level: 'P-7' });
