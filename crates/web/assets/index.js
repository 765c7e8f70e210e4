// The index: one card per domain page, from the server's registry of domains.
import { api, el, header, $ } from './common.js';

await header('');
const { domains } = await api('/api/domains');
for (const d of domains) {
  if (!d.page) continue;
  $('#cards').append(el('a', { href: d.page, id: `card-${d.name}` },
    el('div', { class: 'panel' }, el('h2', {}, d.title), el('p', {}, d.about))));
}
