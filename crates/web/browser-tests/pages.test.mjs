// Browser tests of delve's local page: start `delve serve` on a free loopback port, drive
// Debian's Chromium with playwright-core, load every page, play and solve, and take
// screenshots. Run with `npm test` (node's built-in test runner).
//
// DELVE: the delve binary (default: ../../../target/debug/delve); CHROMIUM: the browser
// (default /usr/bin/chromium); SCREENSHOTS: where the PNGs go (default: a temporary folder).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const DELVE = process.env.DELVE ?? path.join(here, '../../../target/debug/delve');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOTS ?? mkdtempSync(path.join(tmpdir(), 'delve-shots-'));
// The flags this closed network needs: no background connections, no sandbox as root.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

let server;
let base;
let context;
let profile;
const problems = [];

before(async () => {
  server = spawn(DELVE, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`delve serve exited with ${code}: ${out}`)));
    setTimeout(() => reject(new Error(`delve serve printed no address: ${out}`)), 15000);
  });
  mkdirSync(SHOTS, { recursive: true });
  profile = mkdtempSync(path.join(tmpdir(), 'delve-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 760 },
  });
});

after(async () => {
  await context?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
  console.log(`screenshots: ${SHOTS}`);
});

/** A page at `route`, with its console errors and uncaught exceptions collected. */
async function open(route) {
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`${route}: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`${route}: console: ${m.text()}`));
  await page.goto(base + route.replace(/^\//, ''));
  return page;
}

/** Moves a range input to its maximum (the fastest animation). */
const fastest = (page, sel) => page.$eval(sel, (e) => { e.value = e.max; });

const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

function clean(route) {
  const mine = problems.filter((p) => p.startsWith(route));
  assert.deepEqual(mine, [], `errors on ${route}`);
}

test('the index links every page', async () => {
  const page = await open('/');
  await page.waitForSelector('#card-lab');
  const links = await page.$$eval('.cards a', (as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(links, ['/sliding', '/queens', '/rgb', '/tictactoe', '/sokoban', '/connect4', '/pacman', '/lab']);
  const nav = await page.$$eval('header a', (as) => as.map((a) => a.textContent));
  assert.ok(nav.includes('Search lab'), nav.join(','));
  await shot(page, 'index');
  clean('/');
  await page.close();
});

test('sliding: play with the keys and clicks, solve, the animation ends on the goal, the histogram', async () => {
  const page = await open('/sliding');
  await page.waitForSelector('.tile');
  assert.equal(await page.$eval('#board', (b) => b.dataset.atGoal), 'true');
  // The blank starts bottom right: ArrowUp moves it up, a click on the tile left of it moves it left.
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.$eval('#state', (e) => e.value), '1 2 3 4 5 0 7 8 6');
  await page.click('[data-tile="5"]');
  assert.equal(await page.$eval('#state', (e) => e.value), '1 2 3 4 0 5 7 8 6');
  assert.equal(await page.$eval('#board', (b) => b.dataset.atGoal), 'false');
  // A board four moves from the goal.
  await page.fill('#state', '0 1 3 4 2 5 7 8 6');
  await page.click('#set');
  await fastest(page, '#speed');
  await page.click('#solve');
  await page.waitForSelector('#board[data-at-goal="true"]', { timeout: 20000 });
  const moves = await page.textContent('#moves');
  assert.match(moves, /^4 moves played: .* at the goal$/);
  const status = await page.textContent('#status');
  assert.match(status, /4 moves \(optimal\)/);
  await page.click('#enumerate');
  await page.waitForSelector('#histogram-svg', { timeout: 20000 });
  assert.match(await page.textContent('#enum-status'), /181,440 states; the hardest need 31 moves/);
  // A harder board, solved and animated as well, for the screenshot.
  await page.fill('#state', '8 6 7 2 5 4 3 0 1');
  await page.click('#set');
  await page.click('#solve');
  await page.waitForSelector('#board[data-at-goal="true"]', { timeout: 30000 });
  assert.match(await page.textContent('#moves'), /^31 moves played/);
  await shot(page, 'sliding');
  clean('/sliding');
  await page.close();
});

test('sliding: a keypad state is drawn with its labels and solved to the keypad goal', async () => {
  const page = await open('/sliding');
  await page.waitForSelector('.tile');
  // Two moves from the keypad goal 789456B23: the blank goes left, then down.
  await page.fill('#state', '7895B6423');
  await page.click('#set');
  await page.waitForSelector('#board[data-notation="keypad"]');
  const labels = await page.$$eval('#board .tile', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(labels, ['7', '8', '9', '5', '', '6', '4', '2', '3']);
  assert.match(await page.textContent('#notation'), /keypad notation; goal 789456B23/);
  await fastest(page, '#speed');
  await page.click('#solve');
  await page.waitForSelector('#board[data-at-goal="true"]', { timeout: 20000 });
  assert.match(await page.textContent('#moves'), /^2 moves played: LD — at the goal$/);
  assert.equal(await page.$eval('#state', (e) => e.value), '789456B23');
  clean('/sliding');
  await page.close();
});

test('sliding: a long solve is cancelled with the page\'s token', async () => {
  const page = await open('/sliding');
  await page.waitForSelector('.tile');
  // Each page load has a token of its own, 128 random bits.
  const token = await page.$eval('meta[name="delve-token"]', (m) => m.content);
  assert.match(token, /^[0-9a-f]{32}$/);
  const again = await context.newPage();
  await again.goto(base + 'sliding');
  assert.notEqual(await again.$eval('meta[name="delve-token"]', (m) => m.content), token);
  await again.close();
  const sent = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') sent.push({ path: new URL(r.url()).pathname, token: r.headers()['x-delve-token'], body: r.postData() });
  });
  // A 4x4 board that IDA* with linear conflict does not solve within the server's time limit.
  await page.selectOption('#size', '4x4');
  await page.fill('#state', '15 14 8 12 10 11 9 13 2 6 5 1 3 4 7 0');
  await page.click('#set');
  await page.click('#solve');
  await page.waitForFunction(() => /expanded/.test(document.querySelector('#status').textContent));
  const cancelled = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cancel');
  await page.click('#cancel');
  assert.equal((await cancelled).status(), 200);
  await page.waitForFunction(() => /stopped \(cancelled\)/.test(document.querySelector('#status').textContent), null, { timeout: 10000 });
  // The solve carried the page's token, and the cancel named the job's random id with it.
  const solve = sent.find((s) => s.path === '/api/sliding/solve');
  assert.equal(solve.token, token);
  const cancel = JSON.parse(sent.find((s) => s.path === '/api/cancel').body);
  assert.equal(cancel.token, token);
  assert.match(cancel.job, /^[0-9a-f]{32}$/);
  clean('/sliding');
  await page.close();
});

test('queens: min-conflicts places the queens while we watch', async () => {
  const page = await open('/queens');
  await page.fill('#n', '12');
  await fastest(page, '#speed');
  await page.click('#watch');
  await page.waitForSelector('#board[data-solved="true"]', { timeout: 20000 });
  assert.match(await page.textContent('#status'), /^placed: /);
  assert.equal(await page.$$eval('#chess td.queen', (q) => q.length), 12);
  // Backtracking too, streamed assignment by assignment.
  await page.selectOption('#algo', 'csp');
  await page.fill('#n', '8');
  await page.click('#watch');
  await page.waitForSelector('#board[data-solved="true"]', { timeout: 20000 });
  assert.match(await page.textContent('#summary'), /^csp: solved/);
  await shot(page, 'queens');
  clean('/queens');
  await page.close();
});

test('rgb: the level is drawn and the trucks deliver everything along the optimal plan', async () => {
  const page = await open('/rgb');
  await page.waitForSelector('#truck-3');
  assert.match(await page.textContent('#status'), /^P-7: 8×11, 4 trucks/);
  // Mid-way (time 8 of 19) for the screenshot, then the rest at full speed.
  await page.$eval('#speed', (e) => { e.value = 800; });
  await page.click('#play');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('time 8 of'), null, { timeout: 30000 });
  await shot(page, 'rgb');
  await fastest(page, '#speed');
  await page.waitForSelector('#map[data-done="true"]', { timeout: 30000 });
  assert.match(await page.textContent('#status'), /^delivered at time 19 \(optimal\)/);
  const lying = await page.$$eval('.item', (items) => items.filter((i) => i.style.display !== 'none').length);
  assert.equal(lying, 0);
  // Format version 2's elements: E-1's button and two gates, F-1's bump (the red truck
  // leaves the yellow item on it for the yellow truck; EXPECTED.md: 11 and 13).
  await page.selectOption('#level', 'archiloque/E-1');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('E-1:'));
  assert.equal(await page.$$eval('#rgb-map .gate', (g) => g.length), 2);
  assert.equal(await page.$$eval('#rgb-map .button', (b) => b.length), 1);
  await page.selectOption('#level', 'archiloque/F-1');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('F-1:'));
  assert.equal(await page.$$eval('#rgb-map .bump', (b) => b.length), 1);
  await page.click('#play');
  await page.waitForSelector('#map[data-done="true"]', { timeout: 30000 });
  assert.match(await page.textContent('#status'), /^delivered at time 13 \(optimal\)/);
  clean('/rgb');
  await page.close();
});

test('tic-tac-toe: the engine answers every move and never loses', async () => {
  const page = await open('/tictactoe');
  await page.waitForSelector('#cell-8');
  for (let turn = 0; turn < 5; turn++) {
    if (await page.$eval('#ttt', (t) => t.dataset.over !== undefined)) break;
    const board = await page.$eval('#ttt', (t) => t.dataset.board);
    const free = [...board].findIndex((c) => c === '.');
    await page.click(`#cell-${free}`);
    await page.waitForFunction((n) => [...document.querySelector('#ttt').dataset.board].filter((c) => c !== '.').length >= n
      || document.querySelector('#ttt').dataset.over, (turn + 1) * 2, { timeout: 10000 });
  }
  const over = await page.$eval('#ttt', (t) => t.dataset.over);
  assert.ok(over === 'O' || over === 'draw', `result ${over}`);
  await page.click('#new-x');
  await page.click('#cell-4');
  await page.waitForFunction(() => document.querySelector('#ttt').dataset.board.includes('O'));
  await page.waitForSelector('.score');
  await shot(page, 'tictactoe');
  clean('/tictactoe');
  await page.close();
});

test('search lab: iterative lengthening on the RGB Express Custom level, as the original report steps it', async () => {
  const page = await open('/lab');
  await page.waitForSelector('#from');
  await page.selectOption('#problem', 'rgb');
  assert.equal(await page.$eval('#rgb-level', (s) => s.value), 'Custom');
  await page.selectOption('#algo', 'ils');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#summary').textContent.includes('cost 6'));
  // The report's limits: Find Cost 0, 1, 3, 4, 5, 6.
  assert.deepEqual(await page.$$eval('#bounds span', (b) => b.map((s) => s.textContent)), ['0', '1', '3', '4', '5', '6']);
  // The step before the limit-3 iteration starts: what limit 1 cut off, four states at cost 3
  // (each truck had two roads), the fourth a crash of the two trucks at (4, 3).
  const found = await page.evaluate(() => {
    const step = document.querySelector('#step');
    for (let k = 0; k <= Number(step.max); k++) {
      step.value = k;
      step.dispatchEvent(new Event('input'));
      if (/: iteration 2, bound 3$/.test(document.querySelector('#now').textContent)) {
        step.value = k - 1;
        step.dispatchEvent(new Event('input'));
        return true;
      }
    }
    return false;
  });
  assert.ok(found, 'the limit-3 iteration is in the trace');
  const rows = await page.$$eval('#frontier tr', (trs) => trs.slice(1).map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows, [
    ['0:(2,1) 1:(2,5)', '3', '–', '–'],
    ['0:(2,1) 1:(4,3)', '3', '–', '–'],
    ['0:(4,3) 1:(2,5)', '3', '–', '–'],
    ['0:(4,3) 1:(4,3) crash', '3', '–', '–'],
  ]);
  assert.equal(await page.$$eval('#lab-rgb .lab-truck', (t) => t.length), 2);
  await page.click('#last');
  assert.match(await page.textContent('#now'), /finish: solved/);
  clean('/lab');
  await page.close();
});

test('search lab: step through A* and iterative lengthening on Romania, the grid and the 8-puzzle', async () => {
  const page = await open('/lab');
  await page.waitForSelector('#from');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#summary').textContent.includes('cost 418'));
  await page.click('#last');
  assert.match(await page.textContent('#now'), /finish: solved/);
  await page.click('#first');
  await page.click('#next');
  assert.match(await page.textContent('#now'), /^event 2 of \d+: expand Arad {2}g=0 h=(\d+) f=\1$/);
  await page.click('#next');
  assert.match(await page.textContent('#now'), /generate Zerind {2}g=75 h=\d+ f=\d+/);
  assert.match(await page.textContent('#frontier'), /Zerind75\d+\d+/);
  await page.selectOption('#algo', 'ils');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelectorAll('#bounds span').length === 18, null, { timeout: 10000 });
  assert.equal(await page.$eval('#bounds', (b) => b.lastElementChild.textContent), '418');
  await page.selectOption('#algo', 'astar');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#summary').textContent.includes('cost 418'));
  await page.$eval('#step', (s) => { s.value = 14; s.dispatchEvent(new Event('input')); });
  await shot(page, 'lab');
  await page.selectOption('#problem', 'grid');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#summary').textContent.includes('cost'));
  await page.click('#last');
  assert.equal(await page.$eval('#view', (v) => v.dataset.done), 'true');
  await page.selectOption('#problem', 'puzzle');
  await page.selectOption('#algo', 'idastar');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#summary').textContent.includes('moves'));
  await page.click('#last');
  assert.match(await page.textContent('#lab-puzzle'), /moves of the blank/);
  clean('/lab');
  await page.close();
});

/** Presses the arrow keys of a LURD string (either case). */
async function lurd(page, moves) {
  const keys = { l: 'ArrowLeft', u: 'ArrowUp', r: 'ArrowRight', d: 'ArrowDown' };
  for (const m of moves) await page.keyboard.press(keys[m.toLowerCase()]);
}

/** Waits for the Sokoban counters to read `text` (each key asks the server for the position). */
const counters = (page, text) => page.waitForFunction((t) => document.querySelector('#counters').textContent === t, text);

test('sokoban: play a level to the goal with the keyboard, undo, restart, Space plays the optimal solution back', async () => {
  const page = await open('/sokoban');
  await page.waitForSelector('#player');
  assert.match(await page.textContent('#title'), /^microban\/1/);
  await page.selectOption('#collection', 'microban');
  await page.fill('#number', '2');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#title').textContent.startsWith('microban/2'));
  // The solution of `delve sokoban play --help`'s example, typed on the arrow keys.
  await lurd(page, 'rddLruulDuullddR');
  await page.waitForSelector('#board[data-solved="true"]');
  assert.equal(await page.textContent('#counters'), 'pushes 3 · moves 16 · solved!');
  await page.keyboard.press('d');
  await counters(page, 'pushes 2 · moves 15');
  await page.keyboard.press('r');
  await counters(page, 'pushes 0 · moves 0');
  // Space: the optimal solve from the current position, played back step by step.
  await lurd(page, 'r');
  await fastest(page, '#speed');
  await page.keyboard.press('Space');
  await page.waitForSelector('#board[data-solved="true"]', { timeout: 20000 });
  assert.match(await page.textContent('#counters'), /^pushes 3 · moves \d+ · solved!$/);
  assert.match(await page.textContent('#status'), /^played back: /);
  // The search's statistics, as the original printed them (microban_optimal.tsv: 3 pushes).
  assert.match(await page.textContent('#search'),
    /^optimal solve: 3 pushes, \d+ moves \(optimal: fewest pushes, then fewest moves\); search time [\d.]+ (ms|s), nodes generated \d+, max nodes held \d+, b\* [\d.]+$/);
  // Level 1 mid-playback, for the screenshot; P (fast) then finishes another level.
  await page.fill('#number', '1');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#title').textContent.startsWith('microban/1'));
  await page.$eval('#speed', (e) => { e.value = 400; });
  await page.keyboard.press('Space');
  await page.waitForFunction(() => /moves (1[4-9]|2\d)$/.test(document.querySelector('#counters').textContent), null, { timeout: 20000 });
  await shot(page, 'sokoban');
  await fastest(page, '#speed');
  await page.waitForSelector('#board[data-solved="true"]', { timeout: 20000 });
  assert.equal(await page.textContent('#counters'), 'pushes 8 · moves 33 · solved!');
  await page.fill('#number', '3');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#title').textContent.startsWith('microban/3'));
  await page.keyboard.press('p');
  await page.waitForSelector('#board[data-solved="true"]', { timeout: 20000 });
  clean('/sokoban');
  await page.close();
});

test('sokoban: ordered boxes share their goals\' colours, a push into a dead corner says so', async () => {
  const page = await open('/sokoban');
  await page.waitForSelector('#player');
  // Microban 2 ordered: three boxes, each with a colour of its own, the same as its goal's.
  await page.fill('#number', '2');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#title').textContent.startsWith('microban/2'));
  await page.check('#ordered');
  await page.waitForSelector('#board[data-ordered="true"] .box[data-pair]');
  const pairs = await page.$$eval('#board [data-pair]', (nodes) => nodes.map((n) => ({
    pair: n.dataset.pair,
    box: n.classList.contains('box'),
    colour: n.classList.contains('box') ? getComputedStyle(n).backgroundColor : getComputedStyle(n, '::before').backgroundColor,
  })));
  const colour = (pair, box) => pairs.find((p) => p.pair === pair && p.box === box)?.colour;
  // Two boxes stand on goals, which then show the box; the third goal, b, is empty.
  assert.deepEqual(pairs.filter((p) => p.box).map((p) => p.pair).sort(), ['0', '1', '2']);
  assert.equal(colour('1', false), colour('1', true), 'box 1 and its goal');
  assert.equal(new Set(pairs.filter((p) => p.box).map((p) => p.colour)).size, 3, 'one colour a pair');
  assert.deepEqual(await page.$$eval('#board .box', (b) => b.map((x) => x.textContent)), ['A', 'B', 'C']);
  await page.uncheck('#ordered');
  await page.waitForSelector('#board[data-ordered="false"]');
  assert.equal(await page.$$eval('#board [data-pair]', (n) => n.length), 0);
  // A pasted level: the box pushed up onto the goal's row, then into its corner.
  await page.fill('#xsb', '######\n#  . #\n# $  #\n#   @#\n######\n');
  await page.click('#paste');
  await page.waitForFunction(() => document.querySelector('#title').textContent === 'pasted level');
  await lurd(page, 'llU');
  await counters(page, 'pushes 1 · moves 3');
  assert.equal(await page.textContent('#dead'), '');
  await lurd(page, 'ruL');
  await counters(page, 'pushes 2 · moves 6');
  assert.equal(await page.textContent('#dead'),
    'no valid moves, please go back: the box at row 2, column 2 can never reach its goal from there');
  await page.keyboard.press('d');
  await counters(page, 'pushes 1 · moves 5');
  assert.equal(await page.textContent('#dead'), '');
  clean('/sokoban');
  await page.close();
});

test('connect4: a move, the solver answers, each column scored', async () => {
  const page = await open('/connect4');
  await page.selectOption('#think', '0.2');
  await page.waitForFunction(() => document.querySelector('#score-4').textContent !== '', null, { timeout: 20000 });
  // The bottom slot of column 4 (the slots run row by row from the top).
  await page.click('#c4 .slot:nth-child(39)');
  await page.waitForFunction(() => document.querySelector('#c4').dataset.position.length === 2
    && document.querySelector('#score-1').textContent !== '', null, { timeout: 20000 });
  assert.match(await page.textContent('#status'), /^the solver played column \d; your move/);
  // A later position (from Pons's test set Test_L2_R1): every column settles to a number.
  await page.fill('#position', '64115442265757253615');
  await page.click('#set');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('your move'), null, { timeout: 20000 });
  const scores = await page.$$eval('.c4-scores .score', (s) => s.map((x) => x.textContent));
  assert.equal(scores.length, 7);
  assert.ok(scores.every((s) => /^-?\d+$/.test(s)), scores.join(' '));
  // The move the scores say is best: the game goes on, and the solver answers.
  const best = await page.$$eval('.c4-scores .score', (s) => s.findIndex((x) => x.classList.contains('best')));
  assert.ok(best >= 0, 'a best column is marked');
  await page.click(`#c4 .slot:nth-child(${36 + best})`);
  await page.waitForFunction(() => document.querySelector('#c4').dataset.position.length === 22
    && document.querySelector('#status').textContent.includes('your move'), null, { timeout: 20000 });
  assert.equal(await page.$eval('#c4', (b) => b.dataset.over), undefined);
  assert.equal(await page.textContent('#sides'), 'You play red (X, first); the solver plays yellow (O, second).');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'connect4');
  clean('/connect4');
  await page.close();
});

test('pacman: an agent plays a seeded game and the score changes as it replays', async () => {
  const page = await open('/pacman');
  await page.waitForSelector('#layout option[value="smallClassic"]', { state: 'attached' });
  await page.selectOption('#layout', 'smallClassic');
  await page.selectOption('#agent', 'expectimax');
  await page.selectOption('#depth', '2');
  await page.fill('#seed', '3');
  await page.click('#play');
  await page.waitForFunction(() => Number(document.querySelector('#score').dataset.frame) >= 25, null, { timeout: 30000 });
  const score = Number(await page.$eval('#score', (s) => s.dataset.score));
  assert.notEqual(score, 0, 'the score changed');
  await shot(page, 'pacman');
  await fastest(page, '#speed');
  await page.waitForSelector('#score[data-done]', { timeout: 30000 });
  assert.match(await page.textContent('#status'), /^expectimax depth 2 on smallClassic, seed 3: (won|lost), score -?\d+/);
  clean('/pacman');
  await page.close();
});
