// N-Queens: watch an algorithm place the queens. The search's `expand` events (streamed
// from /api/queens/solve, one per assignment or local-search step) carry the board; they are
// replayed at the chosen speed, then the report's placement is drawn.
import { $, el, header, say, statsLine, stream, sleep } from './common.js';

await header('queens');

let playing = false;
let job = null;

/** Pairs of queens that attack each other, and the columns involved. */
function conflicts(rows) {
  const bad = new Set();
  let pairs = 0;
  for (let a = 0; a < rows.length; a++) {
    for (let b = a + 1; b < rows.length; b++) {
      if (rows[a] === null || rows[b] === null || rows[a] === undefined || rows[b] === undefined) continue;
      if (rows[a] === rows[b] || Math.abs(rows[a] - rows[b]) === b - a) {
        pairs++;
        bad.add(a);
        bad.add(b);
      }
    }
  }
  return { pairs, bad };
}

/** Draws the board: rows[c] is the 0-based row of column c's queen (null: none yet). */
function draw(n, rows) {
  const size = Math.max(12, Math.min(48, Math.floor(480 / n)));
  const { pairs, bad } = conflicts(rows);
  const table = el('table', { class: 'chess', id: 'chess', 'data-conflicts': pairs });
  for (let r = 0; r < n; r++) {
    const tr = el('tr');
    for (let c = 0; c < n; c++) {
      const queen = rows[c] === r;
      const cls = `${(r + c) % 2 ? 'dark' : 'light'}${queen ? (bad.has(c) ? ' attacked' : ' queen') : ''}`;
      tr.append(el('td', { class: cls, style: `width:${size}px;height:${size}px;font-size:${size * 0.7}px` }, queen ? '♛' : ''));
    }
    table.append(tr);
  }
  $('#board').replaceChildren(table);
  return pairs;
}

async function watch() {
  const n = Number($('#n').value);
  if (!(n >= 1 && n <= 64)) return say($('#status'), 'the page draws boards of 1 to 64 queens', 'error');
  $('#watch').disabled = true;
  $('#stop').disabled = false;
  delete $('#board').dataset.solved;
  say($('#status'), 'starting…');
  playing = true;
  const frames = [];
  let finished = false;
  let report = null;
  let error = null;
  job = stream('/api/queens/solve', { n, algo: $('#algo').value, seed: Number($('#seed').value) }, (name, d) => {
    if (name === 'expand' && Array.isArray(d.state)) frames.push(d);
  });
  job.done.then((r) => { report = r; }, (e) => { error = e; }).finally(() => { finished = true; });
  // Replay the steps as they arrive, at the chosen speed.
  let shown = 0;
  while (playing && (!finished || shown < frames.length)) {
    if (shown < frames.length) {
      const f = frames[shown++];
      const rows = Array.from({ length: n }, (_, c) => (f.state[c] === undefined ? null : f.state[c]));
      const pairs = draw(n, rows);
      say($('#status'), `step ${f.expanded}: ${pairs} attacking pair${pairs === 1 ? '' : 's'}`);
      await sleep(500 - Number($('#speed').value));
    } else {
      await sleep(20);
    }
  }
  while (!finished) await sleep(20);
  $('#watch').disabled = false;
  $('#stop').disabled = true;
  if (error) return say($('#status'), error.message, 'error');
  $('#report').textContent = JSON.stringify(report, null, 1);
  $('#summary').textContent = statsLine(report);
  if (report.rows) {
    const pairs = draw(n, report.rows.map((r) => r - 1));
    $('#board').dataset.solved = pairs === 0;
    say($('#status'), `placed: ${report.rows.join(' ')} (rows of columns 1 to ${n}, 1-based) — ${frames.length} steps shown`, 'good');
  } else {
    say($('#status'), statsLine(report), 'error');
  }
}

$('#watch').addEventListener('click', watch);
$('#stop').addEventListener('click', () => { playing = false; job?.cancel(); });
$('#n').addEventListener('change', () => draw(Number($('#n').value), []));
draw(8, []);
