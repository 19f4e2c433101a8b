// The grids mode's comparison table fits the narrowest column an embed
// gives a panel, with the widest numbers a run prints: 5,000 objects (the
// most brute force runs on) make brute force's 12,497,500 tests, times of
// thousands of µs and ratios of thousandths, measured by the page's own
// run. In a 624 px column (the panels beside the canvas, 300 px) and on
// 390 and 320 px phones: on every page of the "All structures" tab the
// table lies inside its panel's padding and nothing is cut off (fit.mjs).
// Every number's length is bounded in tests/ts/compare-format.test.mjs.
// Run `npm run build:lib` first.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { misfits, settled } from './fit.mjs';
import { serveFiles } from './static-server.mjs';
import { openChromium, root } from './support.mjs';

const LIB = join(root, 'dist-lib');
const ELEMENT = '<broadphase-playground id="grids" mode="grids" count="5000" seed="3" height="480"></broadphase-playground>';

let server;
before(async () => {
  assert.ok(existsSync(join(LIB, 'broadphase-embed.js')), 'expected dist-lib/: run `npm run build:lib` first');
  const page = (column) => ({
    text: `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>compare</title><link rel="icon" href="data:,">
<script type="module" src="/js/broadphase-embed.js"></script>
<body><main${column}><p>Some text before.</p>\n${ELEMENT}\n<p>Some text after.</p></main></body>`,
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

/** Where the table reaches beyond its panel's content box, if it does. */
function tableOverflow(page) {
  return page.evaluate(() => {
    const root = document.getElementById('grids').shadowRoot;
    const table = root.querySelector('#compare-table');
    if (table.getClientRects().length === 0) return null;
    const section = root.querySelector('section#compare');
    const cs = getComputedStyle(section);
    const s = section.getBoundingClientRect();
    const right = s.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
    const t = table.getBoundingClientRect();
    const cells = [...table.querySelectorAll('tbody td')].map((td) => td.textContent);
    return t.right > right + 0.5 ? `the table reaches ${(t.right - right).toFixed(1)} px past its panel's content (${Math.round(t.width)} px wide; cells ${cells.join(' ')})` : null;
  });
}

for (const [name, size, file] of [
  ['a 624 px column', { width: 1000, height: 900 }, 'column'],
  ['a 390 px phone', { width: 390, height: 844, touch: true }, 'phone'],
  ['a 320 px phone', { width: 320, height: 700, touch: true }, 'phone'],
]) {
  test(`the comparison of 5,000 objects fits its panel in ${name}: every page of "All structures" whole, its table inside the padding`, async () => {
    const browser = await openChromium(size);
    const { page } = browser;
    try {
      await page.goto(`${server.url}/${file}.html`);
      await page.evaluate(() => document.getElementById('grids').scrollIntoView({ block: 'center' }));
      await page.evaluate(() => document.getElementById('grids').ready);
      // The automatic comparison runs every structure on the 5,000 boxes: every row measured.
      await page.waitForFunction(
        () => {
          const root = document.getElementById('grids').shadowRoot;
          const rows = [...root.querySelectorAll('#compare-table tbody tr')];
          return rows.length === 5 && rows.every((tr) => tr.querySelector('[data-col="tests"]') !== null) && !root.querySelector('#compare-run').disabled;
        },
        null,
        { timeout: 60_000, polling: 200 },
      );
      const brute = await page.evaluate(() => document.getElementById('grids').shadowRoot.querySelector('#compare-table tr[data-structure="brute-force"] [data-col="tests"]').title);
      assert.match(brute, /^12,497,500 /, `expected brute force's 12,497,500 tests in full in the cell's title, found "${brute}"`);
      await page.evaluate(() => [...document.getElementById('grids').shadowRoot.querySelectorAll('.panel-tab')].find((t) => /All structures/.test(t.textContent)).click());
      await settled(page, 'grids');
      const failures = [];
      let sawTable = false;
      for (let p = 0; p <= 12; p++) {
        const where = `page ${p + 1}`;
        const fit = await misfits(page, 'grids');
        failures.push(...fit.bad.map((b) => `${where}: ${b}`));
        const over = await tableOverflow(page);
        if (over !== null) failures.push(`${where}: ${over}`);
        sawTable ||= await page.evaluate(() => document.getElementById('grids').shadowRoot.querySelector('#compare-table tbody tr:not([data-off-page])')?.getClientRects().length > 0);
        const turned = await page.evaluate(() => {
          const next = document.getElementById('grids').shadowRoot.querySelector('.panel-pager:not([hidden]) [data-turn="next"]');
          if (next === null || next.disabled) return false;
          next.click();
          return true;
        });
        if (!turned) break;
        await settled(page, 'grids');
      }
      assert.ok(sawTable, 'expected the comparison table on one of the pages');
      assert.deepEqual(browser.problems, [], 'expected no console errors');
      assert.deepEqual(failures, [], failures.join('\n'));
    } finally {
      await browser.close();
    }
  });
}
