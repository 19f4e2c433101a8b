// Browser test of bench.html: run at 1,000 and 10,000 objects, check that it
// completes, that every contender's pair count agrees (362 and 3,540, the
// scene's known counts), that the chart is drawn and the table filled, and
// save screenshots (desktop and phone).

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, screenshots, waitUntil } from './support.mjs';

let page;
let baseUrl;
let problems;
let close;

before(async () => {
  ({ page, baseUrl, problems, close } = await launch({ width: 1200, height: 1000 }));
});

after(async () => {
  await close?.();
});

test('bench.html runs every contender at 1k and 10k, the pair counts agree, and the chart is drawn', async () => {
  await page.goto(`${baseUrl}bench.html`);
  await waitUntil(page, 'the Run button to be ready', () => !document.getElementById('bench-run').disabled, (ready) => ready, 20_000);
  // The playground links here.
  await page.click('#bench-run');
  await waitUntil(page, 'the benchmark to finish', () => window.__bench, (s) => s?.done === true || s?.error !== null, 180_000);
  const state = await page.evaluate(() => window.__bench);
  assert.equal(state.error, null, `expected no disagreement or load failure, got ${state.error}`);
  const counts = {};
  for (const r of state.rows) (counts[r.n] ??= new Set()).add(r.pairs);
  assert.deepEqual(Object.fromEntries(Object.entries(counts).map(([n, s]) => [n, [...s]])), { 1000: [362], 10000: [3540] }, 'expected every contender to find the known pairs');
  // No time is one tick of the page's 100 µs clock: each reading covers at least 5 ms of frames.
  for (const r of state.rows) {
    assert.ok(r.median * r.framesPerReading >= 5, `expected ${r.contender} at ${r.n} to be read over batches of frames, found ${r.framesPerReading} frames of ${r.median.toFixed(3)} ms a reading`);
  }
  const contenders = new Set(state.rows.map((r) => r.contender));
  assert.ok(contenders.size >= 8, `expected the wasm structures and three JS libraries, ran ${[...contenders]}`);
  const chart = await page.evaluate(() => ({ lines: document.querySelectorAll('#bench-chart-wide polyline').length, rows: document.querySelectorAll('#bench-rows tr').length }));
  assert.ok(chart.lines >= 8, `expected a line per contender, found ${chart.lines}`);
  assert.equal(chart.rows, state.rows.length, 'expected a table row per result');
  const bar = await page.evaluate(() => {
    const p = document.getElementById('bench-progress');
    return { value: p.value, max: p.max };
  });
  assert.equal(bar.value, bar.max, `expected a finished run's progress bar full, found ${bar.value} of ${bar.max}`);
  const status = await page.textContent('#bench-status');
  assert.match(status, /every contender found the same pairs/);
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'bench.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the chart's 11-unit text must stay readable: the drawing shown is the narrow one.
  const shown = await page.evaluate(() => {
    const svg = [...document.querySelectorAll('#bench-chart svg')].find((e) => e.getBoundingClientRect().width > 0);
    return { id: svg?.id, scale: svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 0, lines: svg?.querySelectorAll('polyline').length };
  });
  assert.ok(shown.scale * 11 >= 10, `expected the chart's text at 10 CSS px or more on a phone, found ${(shown.scale * 11).toFixed(1)} (${shown.id})`);
  assert.equal(shown.lines, chart.lines, 'expected every contender in the phone chart');
  await page.locator('#bench-chart').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screenshots, 'phone-bench-chart.png') });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshots, 'phone-bench.png') });
  console.log(state.rows.map((r) => `${r.contender} @ ${r.n}: ${r.median.toFixed(2)} ms`).join('\n'));
  assert.deepEqual(problems, [], 'expected no console errors');
});

test('the playground links to the benchmark page', async () => {
  await page.goto(baseUrl);
  const href = await page.getAttribute('a[href$="bench.html"]', 'href');
  assert.ok(href !== null, 'expected a link to bench.html in the playground');
});
