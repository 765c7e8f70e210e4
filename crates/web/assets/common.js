// What every page shares: the API client (JSON and event streams), the navigation bar, and
// small DOM helpers. Plain ES module; no build step.

/** An element: el('div', {class: 'x'}, child, 'text', ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** An SVG element. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export const $ = (sel) => document.querySelector(sel);

/**
 * This page's token, from its <meta name="delve-token">: the server gives each page load its
 * own, the page sends it with every job, and only it can cancel those jobs.
 */
export const token = document.querySelector('meta[name="delve-token"]')?.content ?? '';

/** The headers of a job request: JSON, and the page's token. */
function jobHeaders(extra = {}) {
  const own = token ? { 'x-delve-token': token } : {};
  return { 'content-type': 'application/json', ...own, ...extra };
}

/** POSTs `body` as JSON (GETs when body is undefined); the JSON answer, or throws the API's error message. */
export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: jobHeaders(), body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

/**
 * Runs a job as a stream of the core observer's events (Server-Sent Events over a POST).
 * onEvent(name, data) sees every event; the promise gives the final report. The returned
 * object's cancel() asks the server to stop the search (it then still sends the report).
 */
export function stream(path, body, onEvent = () => {}) {
  let job = null;
  let cancelled = false;
  const controller = new AbortController();
  const done = (async () => {
    const response = await fetch(path, {
      method: 'POST', signal: controller.signal,
      headers: jobHeaders({ accept: 'text/event-stream' }),
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      throw new Error(data.error || `${response.status}`);
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let report = null;
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let name = 'message';
        const lines = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) lines.push(line.slice(5).trimStart());
        }
        if (!lines.length) continue;
        const data = JSON.parse(lines.join('\n'));
        if (name === 'job') {
          job = data.job;
          if (cancelled) cancel();
        } else if (name === 'report') report = data;
        else if (name === 'error') throw new Error(data.error);
        else onEvent(name, data);
      }
    }
    if (!report) throw new Error('the stream ended without a report');
    return report;
  })();
  async function cancel() {
    cancelled = true;
    if (job !== null) await api('/api/cancel', { job, token }).catch(() => {});
  }
  return { done, cancel, abort: () => controller.abort() };
}

/** The navigation bar, from the server's list of domains. */
export async function header(current) {
  const bar = el('header', {}, el('a', { href: '/', class: 'brand' }, 'delve'));
  document.body.prepend(bar);
  try {
    const { domains } = await api('/api/domains');
    for (const d of domains) {
      if (d.page) bar.append(el('a', { href: d.page, class: d.name === current ? 'here' : '' }, d.title));
    }
  } catch (e) {
    bar.append(el('span', {}, `(cannot reach the server: ${e.message})`));
  }
}

/** Shows a message in a status line; kind is '', 'error' or 'good'. */
export function say(node, text, kind = '') {
  node.textContent = text;
  node.className = `status ${kind}`;
}

/** The one-line summary of a report's statistics. */
export function statsLine(report) {
  const s = report.stats;
  const why = report.solved ? 'solved' : report.outcome === 'complete' ? 'complete' : report.stop_reason === 'no_solution' ? 'no solution' : `stopped (${report.stop_reason})`;
  return `${report.algorithm}: ${why}; expanded ${s.expanded.toLocaleString()}, generated ${s.generated.toLocaleString()}, ` +
    `iterations ${s.iterations}, ${s.elapsed_ms.toFixed(1)} ms`;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
