// Fifty embeds on one page (a long tutorial, a gallery), the library build
// from a plain static server: the page loads and a reader scrolls it to
// the end with the wheel while Chromium records every long task (a
// PerformanceObserver). Reported, not asserted by default (a shared
// machine's timings are not a test): with PERF_BUDGET=1 no task may take
// over 200 ms. Always checked: every embed starts (they start one at a
// time, nearest the reader first) and draws once in view, nothing logs an
// error. Run `npm run build:lib` first.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveFiles } from './static-server.mjs';
import { openChromium, root, waitUntil } from './support.mjs';

const LIB = join(root, 'dist-lib');
const MODES = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];
const COUNT = 50;
const BUDGET_MS = 200;
const strict = process.env.PERF_BUDGET === '1';

let server;
let browser;

before(async () => {
  assert.ok(existsSync(join(LIB, 'broadphase-embed.js')), 'expected dist-lib/: run `npm run build:lib` first');
  // Every third embed with a height of its own, the rest sized by their width; paragraphs between.
  const embeds = Array.from({ length: COUNT }, (_, i) => `<p>Paragraph ${i + 1} of the article.</p>\n<broadphase-playground id="e${i}" mode="${MODES[i % MODES.length]}"${i % 3 === 0 ? ' height="420"' : ''}></broadphase-playground>`);
  const page = `<!doctype html><meta charset="utf-8"><title>fifty embeds</title><link rel="icon" href="data:,">
<script>
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
</script>
<script type="module" src="/js/broadphase-embed.js"></script>
<main style="max-width: 760px; margin: 0 auto">${embeds.join('\n')}</main>`;
  server = await serveFiles({ '/js/broadphase-embed.js': join(LIB, 'broadphase-embed.js'), '/js/broadphase_bg.wasm': join(LIB, 'broadphase_bg.wasm'), '/index.html': { text: page } });
  browser = await openChromium({ width: 1000, height: 800 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test(`${COUNT} embeds load and scroll${strict ? ` with no task over ${BUDGET_MS} ms` : ' (long tasks reported; PERF_BUDGET=1 asserts them)'}`, async () => {
  const { page } = browser;
  await page.goto(`${server.url}/index.html`);
  // Loading: every embed starts, in turn, while the reader waits at the top.
  await waitUntil(page, `all ${COUNT} embeds to start`, () => [...document.querySelectorAll('broadphase-playground')].filter((el) => el.shadowRoot?.querySelector('canvas#world')).length, (n) => n === COUNT, 60_000);
  const loading = await page.evaluate(() => window.__longTasks.splice(0));
  // Scrolling to the end with the wheel, a notch at a time.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.mouse.move(500, 400);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(300);
  const scrolling = await page.evaluate(() => window.__longTasks.splice(0));
  // The last embed, in view now, draws.
  await waitUntil(page, 'the last embed to draw', (id) => document.getElementById(id).playground.frame, (f) => f > 2, 20_000, `e${COUNT - 1}`);
  const longest = (tasks) => Math.max(0, ...tasks.map((t) => t.ms));
  const over = [...loading, ...scrolling].filter((t) => t.ms > BUDGET_MS);
  console.log(`# ${COUNT} embeds: loading, ${loading.length} long tasks (longest ${longest(loading)} ms); scrolling, ${scrolling.length} (longest ${longest(scrolling)} ms); ${over.length} over ${BUDGET_MS} ms`);
  assert.deepEqual(browser.problems, [], 'expected no console errors');
  if (strict) assert.deepEqual(over, [], `expected no task over ${BUDGET_MS} ms`);
});
