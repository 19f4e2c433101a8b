// Every <broadphase-playground> snippet of docs/EMBED.md, pasted as written
// into a plain page that loads the library build (dist-lib/, from a plain
// static server), in a 624 px column on a desktop and on a 390 px phone
// (touch): the canvas at least 55 % of the element's height, nothing of the
// element outside it or cut off, nothing scrolling inside it, on every tab
// and every page of every panel, the Share panel whole inside it with one
// link to the full playground on show, and every box the snippet places on
// its map. Run `npm run build:lib` first.
//
// "As written", for the snippets that are not plain element markup:
// - a JSX or MDX component used as `<Playground a="…" b={`…`} />` (the
//   Next.js and Starlight recipes) renders the element with those props as
//   its attributes (the recipe's component spreads them onto it), so its
//   use is the element with the same attributes, a template literal's text
//   as the attribute's;
// - the components' own `<broadphase-playground {...props} />` is no
//   snippet of its own (it renders whatever a use passes);
// - reStructuredText's `.. raw:: html` block passes its indented lines
//   through as HTML: the element as it stands there.
// Snippets that come out the same are rendered once.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { misfits, settled } from './fit.mjs';
import { serveFiles } from './static-server.mjs';
import { openChromium, root } from './support.mjs';

const LIB = join(root, 'dist-lib');

/** The snippets, as an author pastes them, each once. */
export function embedSnippets(markdown) {
  const found = [];
  for (const block of markdown.matchAll(/^```\w*\n([\s\S]*?)^```/gm)) {
    const text = block[1];
    for (const m of text.matchAll(/<broadphase-playground\b([^>{]*)><\/broadphase-playground>/g)) found.push(m[0]);
    for (const m of text.matchAll(/<Playground\b([\s\S]*?)\/>/g)) {
      const attrs = m[1].replace(/=\{`([\s\S]*?)`\}/g, '="$1"');
      found.push(`<broadphase-playground${attrs.trimEnd()}></broadphase-playground>`);
    }
  }
  return [...new Set(found)];
}

const snippets = embedSnippets(readFileSync(join(root, 'docs', 'EMBED.md'), 'utf8'));

let server;
before(async () => {
  assert.ok(existsSync(join(LIB, 'broadphase-embed.js')), 'expected dist-lib/: run `npm run build:lib` first');
  const page = (column) => ({
    text: `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>snippets</title><link rel="icon" href="data:,">
<script type="module" src="/js/broadphase-embed.js"></script>
<body><main${column}>${snippets.map((s) => `<section><p>Some text before.</p>\n${s}\n<p>Some text after.</p></section>`).join('\n')}</main></body>`,
  });
  server = await serveFiles({
    '/js/broadphase-embed.js': join(LIB, 'broadphase-embed.js'),
    '/js/broadphase_bg.wasm': join(LIB, 'broadphase_bg.wasm'),
    '/column.html': page(' style="max-width: 624px; margin: 0 auto"'),
    '/phone.html': page(''),
  });
});

after(async () => {
  await server?.close();
});

/** What fails for embed `id` as it shows now: misfits, inner scrollers, the canvas's share. */
async function check(page, id, where) {
  const fit = await misfits(page, id);
  const failures = fit.bad.map((b) => `${where}: ${b}`);
  if (fit.canvasShare < 0.55) failures.push(`${where}: the canvas is ${(100 * fit.canvasShare).toFixed(0)} % of the ${Math.round(fit.height)} px element`);
  const scrollers = await page.evaluate((id) => {
    const out = [];
    for (const el of document.getElementById(id).shadowRoot.querySelectorAll('*')) {
      const cs = getComputedStyle(el);
      const y = /auto|scroll/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
      const x = /auto|scroll/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1;
      if (x || y) out.push(`${el.localName}.${[...el.classList].join('.')} scrolls (${el.scrollWidth} × ${el.scrollHeight} in ${el.clientWidth} × ${el.clientHeight})`);
    }
    return out;
  }, id);
  return [...failures, ...scrollers.map((s) => `${where}: ${s}`)];
}

for (const [name, size] of [
  ['a 624 px column', { width: 1000, height: 900 }],
  ['a 390 px phone', { width: 390, height: 844, touch: true }],
]) {
  test(`every docs/EMBED.md snippet (${snippets.length}) in ${name}: the canvas ≥ 55 %, nothing clipped, no inner scroller, on every tab and page and in Share; every box on its map`, async () => {
    const browser = await openChromium(size);
    const { page } = browser;
    try {
      await page.goto(`${server.url}/${size.touch ? 'phone' : 'column'}.html`);
      const count = await page.evaluate(() => {
        const all = [...document.querySelectorAll('broadphase-playground')];
        all.forEach((el, i) => (el.id = `snippet-${i}`));
        return all.length;
      });
      assert.equal(count, snippets.length, 'expected every snippet to make one element');
      const failures = [];
      for (let i = 0; i < count; i++) {
        const id = `snippet-${i}`;
        const what = `snippet ${i + 1} (${snippets[i].replace(/\s+/g, ' ').slice(0, 70)}…)`;
        await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'center' }), id);
        await page.evaluate((id) => document.getElementById(id).ready, id);
        // The layout and the pages settle over the first frames: checked once they hold still.
        await settled(page, id);
        const tabs = await page.evaluate((id) => [...document.getElementById(id).shadowRoot.querySelectorAll('.panel-tab')].filter((t) => t.getClientRects().length > 0).length, id);
        for (let t = 0; t < Math.max(1, tabs); t++) {
          let where = `${what}, first view`;
          if (tabs > 0) {
            where = await page.evaluate(
              ([id, t]) => {
                const tab = [...document.getElementById(id).shadowRoot.querySelectorAll('.panel-tab')].filter((b) => b.getClientRects().length > 0)[t];
                tab.click();
                return tab.textContent;
              },
              [id, t],
            );
            where = `${what}, tab "${where}"`;
            await settled(page, id);
          }
          for (let p = 0; ; p++) {
            failures.push(...(await check(page, id, p === 0 ? where : `${where}, page ${p + 1}`)));
            const turned = await page.evaluate((id) => {
              const next = document.getElementById(id).shadowRoot.querySelector('.panel-pager:not([hidden]) [data-turn="next"]');
              if (next === null || next.disabled) return false;
              next.click();
              return true;
            }, id);
            if (!turned || p > 12) break;
            await settled(page, id);
          }
        }
        // The Share panel opens whole inside the element, nothing in it scrolling but its text fields.
        const share = await page.evaluate(async (id) => {
          const host = document.getElementById(id);
          const button = host.shadowRoot.querySelector('[data-tool=share]');
          if (button === null || button.getClientRects().length === 0) return ['no Share tool on show'];
          button.click();
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const panel = host.shadowRoot.querySelector('.share-panel');
          const [p, h] = [panel.getBoundingClientRect(), host.getBoundingClientRect()];
          const out = [];
          if (p.top < h.top - 0.5 || p.bottom > h.bottom + 0.5 || p.left < h.left - 0.5 || p.right > h.right + 0.5) out.push(`the Share panel spans ${Math.round(p.left - h.left)}..${Math.round(p.right - h.left)} × ${Math.round(p.top - h.top)}..${Math.round(p.bottom - h.top)} of ${Math.round(h.width)} × ${Math.round(h.height)}`);
          if (panel.scrollHeight > panel.clientHeight + 1) out.push(`the Share panel scrolls (${panel.scrollHeight} in ${panel.clientHeight} px)`);
          const open = [...panel.querySelectorAll('a'), ...host.shadowRoot.querySelectorAll('[data-tool=open-playground]')].filter((a) => a.getClientRects().length > 0);
          if (open.length !== 1) out.push(`${open.length} links to the full playground on show (expected one: in the tools or in the panel)`);
          panel.querySelector('.share-close').click();
          return out;
        }, id);
        failures.push(...share.map((s) => `${what}, Share: ${s}`));
        // Every box lies wholly on its map: a map written as text keeps the
        // presets' tile size (24 world units a cell), two characters a cell.
        const state = await page.evaluate((id) => document.getElementById(id).getState(), id);
        if (state.mode === 'tiles' && typeof state.boxes === 'string') {
          const rows = String(state.tiles ?? '').split('\n').map((r) => r.trim()).filter((r) => r.length > 0 && !/[:=]/.test(r));
          const [w, h] = [Math.max(...rows.map((r) => r.length / 2)) * 24, rows.length * 24];
          state.boxes.split(';').forEach((box, b) => {
            const [x, y, bw, bh] = box.split(',').map(Number);
            if (!(x >= 0 && y >= 0 && x + bw <= w && y + bh <= h)) failures.push(`${what}: box ${b + 1} (${x}, ${y}, ${bw} × ${bh}) is not on its ${w} × ${h} map`);
          });
        }
      }
      assert.deepEqual(browser.problems, [], 'expected no console errors');
      assert.deepEqual(failures, [], failures.join('\n'));
    } finally {
      await browser.close();
    }
  });
}
