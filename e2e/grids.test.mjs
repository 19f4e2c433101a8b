// Browser test of the grids mode: for the normal and the loose grid, a
// dragged object's drawn stored / searched cells are exactly what the core's
// storedIn / searchedIn say (and differ as the two grids should), and the
// comparison of every structure on the current scene agrees with brute
// force. Serves $BROADPHASE_DIST (default dist/); see support.mjs.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, scale, screenshots, toScreen, waitUntil } from './support.mjs';

let browser;
let page;

before(async () => {
  browser = await launch();
  page = browser.page;
});

after(async () => {
  await browser?.close();
});

/** Cells as sorted "x,y,w,h" strings (the core's box layout), for order-free comparison. */
function cellSet(flat) {
  const out = [];
  for (let i = 0; i + 4 <= flat.length; i += 4) out.push(flat.slice(i, i + 4).map((v) => v.toFixed(6)).join(','));
  return out.sort();
}

/**
 * A box overlapping nothing, smaller than a cell, at least three cells from
 * every wall (so a loose grid searches all five cells), with room around it.
 */
async function findLoneSmallBox(exclude = []) {
  return page.evaluate((exclude) => {
    const w = window.__broadphase.world;
    const [, , cell] = w.gridGeometry();
    const ids = w.slotIds().slice();
    const boxes = w.slotBoxes().slice();
    const overlapping = w.slotOverlapping().slice();
    const margin = Math.max(3 * cell, 0.15 * w.width);
    for (let s = 0; s < ids.length; s++) {
      const id = ids[s];
      if (id === 0 || overlapping[s] || exclude.includes(id)) continue;
      const [x, y, bw, bh] = boxes.slice(4 * s, 4 * s + 4);
      const nearWall = x < margin || y < margin || x + bw > w.width - margin || y + bh > w.height - margin;
      if (!nearWall && bw >= 6 && bh >= 6 && bw < 0.8 * cell && bh < 0.8 * cell) return { id, x, y, w: bw, h: bh, cell };
    }
    return null;
  }, exclude);
}

async function pause() {
  if (await page.evaluate(() => !window.__broadphase.settings.paused)) await page.click('#pause');
  await waitUntil(page, 'the simulation to be paused', () => !window.__broadphase.settings.paused, (r) => r === false);
}

/** Drags box `a` by (dx, dy) CSS px, holding still before the release (no throw). */
async function dragBy(a, dx, dy) {
  const from = await toScreen(page, a.x + a.w / 2, a.y + a.h / 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  return { x: from.x + dx, y: from.y + dy };
}

test('grids mode opens from its tab with loose-grid selected and the automatic cell size shown', async () => {
  await page.goto(`${browser.baseUrl}?n=800&seed=4`);
  await waitUntil(page, 'the quadtree mode to draw frames', () => window.__broadphase?.frame ?? -1, (f) => f > 2, 20_000);
  await page.click('#tab-grids');
  const state = await waitUntil(
    page,
    'the grids mode to draw frames',
    () => {
      const bp = window.__broadphase;
      return bp && { mode: bp.mode, frame: bp.frame, structure: bp.world.structure, hash: location.hash };
    },
    (s) => s && s.mode === 'grids' && s.frame > 2,
    20_000,
  );
  assert.equal(state.structure, 'loose-grid', `expected grids mode to start with loose-grid, found ${state.structure}`);
  assert.match(state.hash, /mode=grids/, `expected #mode=grids in the address, found "${state.hash}"`);
  const options = await page.locator('#structure option').allTextContents();
  const all = await page.evaluate(() => window.__broadphase.world.constructor.structures());
  assert.deepEqual(options, all, `expected every structure in the select, found ${JSON.stringify(options)}`);
  const auto = await page.evaluate(() => window.__broadphase.world.cellSize);
  const shown = Number(await page.locator('#cell-size').inputValue());
  assert.ok(Math.abs(shown - auto) < 0.01, `expected the cell-size box to show the automatic size ${auto}, found ${shown}`);
  assert.match(await page.locator('#cell-size-state').textContent(), /Automatic/, 'expected the cell size to be labelled automatic');
});

for (const structure of ['grid', 'loose-grid']) {
  test(`${structure}: the dragged object's drawn stored and searched cells are storedIn and searchedIn`, async () => {
    await pause();
    await page.selectOption('#structure', structure);
    await waitUntil(page, `the world to use ${structure}`, () => window.__broadphase.world.structure, (s) => s === structure);
    const a = await findLoneSmallBox();
    assert.ok(a, `expected a lone box smaller than a cell, away from the walls, under ${structure}`);
    const px = await scale(page);
    // Move it by one and a half cells: it changes cells on the way.
    await dragBy(a, 1.5 * a.cell * px, 0.5 * a.cell * px);
    const seen = await waitUntil(
      page,
      `the cells layer to draw #${a.id}'s cells`,
      (id) => {
        const bp = window.__broadphase;
        const d = bp.grids.drawn;
        return d && { drawn: d, stored: Array.from(bp.world.storedIn(id)), searched: Array.from(bp.world.searchedIn(id)), box: Array.from(bp.world.box(id)) };
      },
      (s) => s && s.drawn.id === a.id && s.drawn.structure === structure,
      5_000,
      a.id,
    );
    assert.ok(Math.abs(seen.box[0] - a.x) > a.cell, `expected the drag to move #${a.id} by more than a cell, it went ${a.x.toFixed(1)} → ${seen.box[0].toFixed(1)}`);
    assert.deepEqual(cellSet(seen.drawn.stored), cellSet(seen.stored), `expected the drawn stored cells of #${a.id} to equal storedIn`);
    assert.deepEqual(cellSet(seen.drawn.searched), cellSet(seen.searched), `expected the drawn searched cells of #${a.id} to equal searchedIn`);
    const stored = seen.stored.length / 4;
    const searched = seen.searched.length / 4;
    if (structure === 'loose-grid') {
      assert.equal(stored, 1, `expected a loose grid to store a small object in 1 cell, found ${stored}`);
      assert.equal(searched, 5, `expected a loose grid to search 5 cells for a small object away from the border, found ${searched}`);
      assert.notDeepEqual(cellSet(seen.stored), cellSet(seen.searched), 'expected stored ≠ searched in the loose grid');
      assert.ok(cellSet(seen.searched).includes(cellSet(seen.stored)[0]), 'expected the loose grid to search its own cell');
    } else {
      assert.ok(stored >= 1 && stored <= 4, `expected a small box to touch 1–4 cells, found ${stored}`);
      assert.deepEqual(cellSet(seen.stored), cellSet(seen.searched), 'expected stored = searched in the normal grid');
    }
    const counts = [await page.locator('#grid-stored-count').textContent(), await page.locator('#grid-searched-count').textContent()];
    assert.deepEqual(counts, [`${stored} ${stored === 1 ? 'cell' : 'cells'}`, `${searched} ${searched === 1 ? 'cell' : 'cells'}`], `expected the panel to show the counts, found ${JSON.stringify(counts)}`);
  });
}

test('a set cell size reaches the core and the grid drawn from gridGeometry', async () => {
  await page.locator('#cell-size').fill('40');
  await page.locator('#cell-size').press('Enter');
  const g = await waitUntil(page, 'cell size 40', () => Array.from(window.__broadphase.world.gridGeometry()), (g) => g[2] === 40);
  const side = await page.evaluate(() => window.__broadphase.world.width);
  assert.ok(g[3] * 40 >= side && g[4] * 40 >= side, `expected ${g[3]} × ${g[4]} cells of 40 to cover the world side ${side}`);
  // The URL is rewritten on the next frame.
  await waitUntil(page, 'cell-size=40 in the address', () => location.hash, (q) => /[#&]cell-size=40(&|$)/.test(q));
  assert.match(await page.locator('#cell-size-state').textContent(), /Set to 40/);
});

test('the comparison runs every structure on this scene: all ✓, equal pair counts', async () => {
  await pause();
  await page.selectOption('#structure', 'loose-grid');
  const started = await page.evaluate(() => performance.now());
  await page.click('#compare-run');
  const result = await waitUntil(
    page,
    'the comparison to finish',
    () => {
      const g = window.__broadphase.grids;
      return { comparing: g.comparing, result: g.compare };
    },
    (s) => !s.comparing && s.result && s.result.finishedAt > started,
    30_000,
  );
  const all = await page.evaluate(() => window.__broadphase.world.constructor.structures());
  const count = await page.evaluate(() => window.__broadphase.world.count);
  assert.equal(result.result.count, count, `expected the comparison to copy all ${count} boxes, it used ${result.result.count}`);
  assert.equal(result.result.reference, 'brute-force', 'expected brute force to be the reference at 800 objects');
  const rows = await page.locator('#compare-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      structure: tr.dataset.structure,
      same: tr.querySelector('[data-col="same"]')?.textContent ?? '',
      // A long number is shortened in its cell ("320k"); its title holds it whole.
      pairs: tr.querySelector('[data-col="pairs"]')?.title ?? '',
      tests: tr.querySelector('[data-col="tests"]')?.title ?? '',
      us: tr.querySelector('[data-col="us"]')?.title ?? '',
    })),
  );
  const whole = (title) => Number(/^[\d,.]+/.exec(title)?.[0].replace(/,/g, ''));
  assert.deepEqual(rows.map((r) => r.structure), all, `expected one row per structure, found ${JSON.stringify(rows.map((r) => r.structure))}`);
  for (const r of rows) {
    assert.ok(r.same.startsWith('✓'), `expected ${r.structure}'s row to show ✓, found "${r.same}"`);
    assert.ok(whole(r.us) > 0, `expected a mean µs for ${r.structure}, found "${r.us}"`);
  }
  // Each time rests on at least 20 ms of frames: 200 steps of the page's 100 µs clock.
  for (const r of result.result.rows) {
    assert.ok(r.meanMicros * r.timedFrames >= 20_000 - 1e-6, `expected ${r.structure}'s time to be read over at least 20 ms of frames, found ${r.timedFrames} frames of ${r.meanMicros.toFixed(1)} µs`);
  }
  const pairCounts = new Set(rows.map((r) => r.pairs));
  assert.equal(pairCounts.size, 1, `expected every structure to find the same number of pairs, found ${JSON.stringify(rows.map((r) => [r.structure, r.pairs]))}`);
  const bruteTests = whole(rows.find((r) => r.structure === 'brute-force').tests);
  assert.equal(bruteTests, (count * (count - 1)) / 2, `expected brute force to test all ${(count * (count - 1)) / 2} pairs`);
  for (const r of rows.filter((r) => r.structure !== 'brute-force')) {
    assert.ok(whole(r.tests) < bruteTests, `expected ${r.structure} to test fewer pairs than brute force, found ${r.tests}`);
  }
});

test('above 5 000 objects the comparison skips brute force and says so', async () => {
  await page.goto(`${browser.baseUrl}?mode=grids&n=6000&seed=2&paused`);
  await waitUntil(page, 'the grids mode to draw frames', () => window.__broadphase?.frame ?? -1, (f) => f > 2, 20_000);
  const result = await waitUntil(page, 'the automatic comparison', () => window.__broadphase.grids.compare, (r) => r !== null, 60_000);
  assert.notEqual(result.reference, 'brute-force');
  const skipped = await page.locator('#compare-table tr[data-structure="brute-force"] [data-col="skipped"]').textContent();
  assert.match(skipped, /skipped \(too slow/, `expected the brute-force row to say it was skipped, found "${skipped}"`);
  assert.match(await page.locator('#compare-note').textContent(), /Brute force skipped/);
  const marks = await page.locator('#compare-table [data-col="same"]').allTextContents();
  assert.ok(marks.length === 4 && marks.every((m) => m.startsWith('✓')), `expected ✓ for the four other structures, found ${JSON.stringify(marks)}`);
});

test('screenshot: the comparison and a dragged object’s stored vs searched cells (loose grid)', async () => {
  await page.goto(`${browser.baseUrl}?mode=grids&n=800&seed=4&paused`);
  await waitUntil(page, 'the grids mode to draw frames', () => window.__broadphase?.frame ?? -1, (f) => f > 2, 20_000);
  await waitUntil(page, 'the automatic comparison', () => window.__broadphase.grids.compare, (r) => r !== null, 30_000);
  const a = await findLoneSmallBox();
  assert.ok(a, 'expected a lone small box to drag');
  // Zoom in around the box so the cells read clearly.
  const centre = await toScreen(page, a.x + a.w / 2, a.y + a.h / 2);
  await page.mouse.move(centre.x, centre.y);
  for (let i = 0; i < 5; i++) {
    await page.mouse.wheel(0, -200);
    await page.waitForTimeout(30);
  }
  const px = await scale(page);
  await dragBy(a, 1.3 * a.cell * px, 0.6 * a.cell * px);
  await waitUntil(page, 'the dragged box’s cells to be drawn', (id) => window.__broadphase.grids.drawn?.id === id, (ok) => ok, 5_000, a.id);
  await waitUntil(page, 'the re-run after the drag', () => window.__broadphase.grids.comparing, (c) => c === false, 30_000);
  await page.locator('#compare').scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'grids.png') });
  assert.deepEqual(browser.problems, [], `expected no console or page errors, found ${browser.problems.join('; ')}`);
});
