// Browser test of what a link, or the core itself, can ask of the page
// beyond what it can hold: degenerate scenes (every box in one place, one
// grid cell for 200,000 boxes, a box covering the world) keep every task
// under a second and, where the core refuses something (more pairs than
// one call returns), say so in a notice; a packed value that inflates to
// 400 MB is refused with the renderer's peak memory barely moved; and a
// core that traps (forced at an allocation) gives a clear error on the
// next call while the page starts a fresh core and says so.
// Serves $BROADPHASE_DIST (default dist/).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createDeflateRaw } from 'node:zlib';
import { after, before, test } from 'node:test';
import { launch, waitUntil } from './support.mjs';

let browser;
let page;

before(async () => {
  browser = await launch();
  page = browser.page;
  // Every task the page runs longer than 50 ms, from the first load on.
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
});

after(async () => {
  await browser?.close();
});

/** Opens `hash` in a fresh document, waits until `ready()` holds in the page, and returns the longest task seen since (ms). */
async function open(hash, ready, what, timeout = 60_000) {
  await page.goto('about:blank');
  await page.goto(`${browser.baseUrl}#${hash}`);
  await waitUntil(page, what, ready, (ok) => ok === true, timeout);
  // A few more frames: the scene runs (or stays paused) after it showed.
  await page.waitForTimeout(1500);
  return page.evaluate(() => Math.max(0, ...window.__longTasks));
}

const noticeText = () => page.evaluate(() => {
  const settings = document.getElementById('settings-notice');
  const stage = [...document.querySelectorAll('.notice, [role="status"]')].map((n) => (n.hidden ? '' : n.textContent)).join(' ');
  return `${settings.hidden ? '' : settings.textContent} ${stage}`;
});

/** A seeded generator (xorshift32), so the degenerate scenes are the same every run. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

test('12,000 identical boxes in the quadtree: the pairs are refused with a notice, the page stays responsive', async () => {
  const boxes = '1,1,1,1;'.repeat(12_000);
  const longest = await open(`mode=quadtree&boxes=${boxes}`, () => (window.__broadphase?.frame ?? 0) > 2, 'the quadtree mode with 12,000 identical boxes');
  const notice = await noticeText();
  assert.match(notice, /refused the pairs[\s\S]*more than 4194304 overlapping pairs/, `expected a notice that the pairs were refused, saw: ${notice}`);
  assert.equal(await page.evaluate(() => window.__broadphase.world.count), 12_000, 'expected the World to stay usable');
  assert.ok(longest < 1000, `expected no task over a second, the longest took ${Math.round(longest)} ms`);
  assert.ok(!browser.problems.some((p) => /RuntimeError|unreachable|already borrowed/.test(p)), `expected no trap, saw ${browser.problems.join('; ')}`);
  console.log(`# 12,000 identical boxes: longest task ${Math.round(longest)} ms`);
});

test('one grid cell for 200,000 boxes: no task over a second', async () => {
  browser.problems.length = 0;
  const longest = await open('mode=grids&cell=1000000&n=200000', () => (window.__broadphase?.steps ?? 0) > 3, 'the grids mode with one cell', 120_000);
  assert.ok(longest < 1000, `expected no task over a second at 200,000 objects, the longest took ${Math.round(longest)} ms`);
  assert.deepEqual(browser.problems, [], `expected no errors, found ${browser.problems.join('; ')}`);
  console.log(`# one cell, 200,000 boxes: longest task ${Math.round(longest)} ms`);
});

test('seeded degenerate scenes through links: no trap, no task over a second, a notice where pairs were refused', async () => {
  const rand = random(20260127);
  const scenes = [];
  for (const structure of ['brute-force', 'quadtree', 'quadtree-leaves', 'grid', 'loose-grid']) {
    // Every box in one place: 2,500 of them (3.1 million pairs: held), then 3,000 (4.5 million: refused).
    for (const n of [2500, 3000]) scenes.push({ name: `${n} identical boxes, ${structure}`, hash: `mode=grids&structure=${structure}&boxes=${'5,5,2,2;'.repeat(n)}`, refused: n * (n - 1) / 2 > 4194304 });
    // A box covering the world, the rest spread out.
    const spread = Array.from({ length: 2000 }, () => `${(rand() * 990).toFixed(1)},${(rand() * 990).toFixed(1)},${(1 + rand() * 9).toFixed(1)},${(1 + rand() * 9).toFixed(1)}`);
    scenes.push({ name: `a box covering the world, ${structure}`, hash: `mode=grids&structure=${structure}&boxes=0,0,1000,1000;${spread.join(';')}`, refused: false });
  }
  // One cell for everything, seeded scenes.
  for (const structure of ['grid', 'loose-grid']) scenes.push({ name: `one cell, 20,000 boxes, ${structure}`, hash: `mode=grids&structure=${structure}&cell=1000000&n=20000&seed=${Math.floor(rand() * 1000)}`, refused: false });
  for (const scene of scenes) {
    browser.problems.length = 0;
    const longest = await open(scene.hash, () => (window.__broadphase?.frame ?? 0) > 2, scene.name);
    const notice = await noticeText();
    if (scene.refused) assert.match(notice, /refused the pairs/, `${scene.name}: expected a notice that the pairs were refused, saw: ${notice}`);
    else assert.doesNotMatch(notice, /refused the pairs/, `${scene.name}: expected the pairs held`);
    assert.ok(longest < 1000, `${scene.name}: expected no task over a second, the longest took ${Math.round(longest)} ms`);
    assert.ok(!browser.problems.some((p) => /RuntimeError|unreachable|already borrowed|stopped/.test(p)), `${scene.name}: expected no trap, saw ${browser.problems.join('; ')}`);
    console.log(`# ${scene.name}: longest task ${Math.round(longest)} ms${scene.refused ? ', refused with a notice' : ''}`);
  }
});

/** VmHWM (peak resident memory) of every Chromium renderer process, KB by pid. */
function rendererPeaks() {
  const peaks = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('--type=renderer')) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /VmHWM:\s+(\d+) kB/.exec(status);
      if (kb) peaks.set(pid, Number(kb[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return peaks;
}

/** `~` + base64url of 400 MB of one repeated character, deflated raw (streamed: the test holds no 400 MB buffer). */
async function bomb(megabytes) {
  const deflate = createDeflateRaw({ level: 9 });
  const parts = [];
  deflate.on('data', (chunk) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1 << 20, '1');
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return `~${Buffer.concat(parts).toString('base64url')}`;
}

test('a link that inflates to 400 MB is refused with the renderer peak memory up by less than 50 MB', async () => {
  browser.problems.length = 0;
  const value = await bomb(400);
  await page.goto('about:blank');
  await page.goto(`${browser.baseUrl}#mode=quadtree&n=50`);
  await waitUntil(page, 'the quadtree mode', () => (window.__broadphase?.frame ?? 0) > 2, (ok) => ok, 30_000);
  // The page settled: its own first frames' memory is not the link's.
  await page.waitForTimeout(1000);
  const before = rendererPeaks();
  // The same document follows the new address (a fragment navigation), in the same renderer.
  await page.evaluate((hash) => {
    location.hash = hash;
  }, `mode=quadtree&boxes=${value}`);
  await waitUntil(page, 'the refusal notice', () => document.getElementById('settings-notice').textContent, (t) => /unpacks to more than/.test(t ?? ''), 60_000);
  const after = rendererPeaks();
  let rise = 0;
  for (const [pid, kb] of after) rise = Math.max(rise, kb - (before.get(pid) ?? 0));
  console.log(`# a ${(value.length / 1024).toFixed(0)} KB link inflating to 400 MB: renderer peak rose by ${(rise / 1024).toFixed(1)} MB`);
  assert.ok(after.size > 0, 'expected to find the renderer process');
  assert.ok(rise < 50 * 1024, `expected the renderer's peak memory to rise by less than 50 MB, it rose by ${(rise / 1024).toFixed(1)} MB`);
});

test('a core that traps: the next call says so clearly, and the page starts a fresh core with a notice', async () => {
  browser.problems.length = 0;
  await page.goto('about:blank');
  await page.goto(`${browser.baseUrl}#mode=quadtree&n=300&seed=5`);
  await waitUntil(page, 'the quadtree mode', () => (window.__broadphase?.frame ?? 0) > 2, (ok) => ok, 30_000);
  const errors = await page.evaluate(() => {
    const world = window.__broadphase.world;
    const tiles = world.tiles;
    window.__broadphaseCore.failNextAllocation();
    const caught = [];
    // An allocation the core cannot refuse (a new tile grid) fails: the core traps.
    for (const call of [() => tiles.reset(9, 9, 9), () => world.count, () => world.pairs()]) {
      try {
        call();
        caught.push(null);
      } catch (error) {
        caught.push({ name: error.name, message: error.message });
      }
    }
    return caught;
  });
  for (const error of errors) {
    assert.ok(error !== null, 'expected every call on the stopped core to throw');
    assert.equal(error.name, 'CoreStoppedError');
    assert.match(error.message, /^the broadphase core stopped after an internal error \(out of memory: an allocation of \d+ bytes failed\); its Worlds are lost: call init\(\)/);
    assert.doesNotMatch(error.message, /already borrowed/);
  }
  // The page: a fresh core, the scene rebuilt from the address, and a notice.
  await waitUntil(page, 'the notice of the restart', () => document.querySelector('[data-core-restarted]')?.textContent ?? '', (t) => /stopped after an internal error/.test(t), 15_000);
  const notice = await page.evaluate(() => document.querySelector('[data-core-restarted]').textContent);
  assert.match(notice, /A fresh core was started and the scene rebuilt from the address/);
  const fresh = await waitUntil(page, 'frames of the rebuilt scene', () => ({ count: window.__broadphase?.world.count, frame: window.__broadphase?.frame ?? 0 }), (s) => s.count === 300 && s.frame > 5, 15_000);
  assert.equal(fresh.count, 300);
  // The old World stays stopped; a new one works.
  const after = await page.evaluate(() => {
    const world = window.__broadphase.world;
    const id = world.insert(1, 1, 2, 2);
    world.validate();
    return { id, pairs: world.pairs().length >= 0 };
  });
  assert.ok(after.id > 300);
  await page.screenshot({ path: new URL('screenshots/core-restarted.png', import.meta.url).pathname });
  const traps = browser.problems.filter((p) => !/CoreStoppedError|stopped after an internal error/.test(p));
  assert.deepEqual(traps, [], `expected no errors but the trap's own, found ${traps.join('; ')}`);
});

test('a core that traps under a tutorial page: every embed starts again with a notice', async () => {
  browser.problems.length = 0;
  await page.goto('about:blank');
  await page.goto(`${browser.baseUrl}tutorial.html`);
  const embeds = () => [...document.querySelectorAll('broadphase-playground')].map((e) => ({ id: e.id, frame: e.playground?.frame ?? 0, note: e.shadowRoot?.querySelector('[data-core-restarted]')?.textContent ?? null }));
  // Every embed on screen draws (the page is tall: scroll each into view in turn).
  const ids = await page.evaluate(() => [...document.querySelectorAll('broadphase-playground')].map((e) => e.id));
  for (const id of ids) {
    await page.evaluate((id) => document.getElementById(id).scrollIntoView(), id);
    await waitUntil(page, `the embed ${id} drawing`, (id) => document.getElementById(id).playground?.frame ?? 0, (f) => f > 2, 30_000, id);
  }
  const framesBefore = await page.evaluate(embeds);
  const error = await page.evaluate(() => {
    const { World, failNextAllocation } = window.__broadphaseCore;
    const tiles = new World(10, 10).tiles;
    failNextAllocation();
    try {
      tiles.reset(9, 9, 9);
      return null;
    } catch (e) {
      return `${e.name}: ${e.message}`;
    }
  });
  assert.match(error ?? '', /^CoreStoppedError: the broadphase core stopped after an internal error/);
  for (const id of ids) {
    await page.evaluate((id) => document.getElementById(id).scrollIntoView(), id);
    const after = await waitUntil(page, `the embed ${id} rebuilt with a note`, (id) => {
      const e = document.getElementById(id);
      return { frame: e.playground?.frame ?? 0, note: e.shadowRoot?.querySelector('[data-core-restarted]')?.textContent ?? null };
    }, (s) => s.note !== null && s.frame > 2, 30_000, id);
    assert.match(after.note, /stopped after an internal error \(out of memory: an allocation of \d+ bytes failed\)\. A fresh core was started and this playground rebuilt from its settings/);
  }
  console.log(`# embeds restarted: ${framesBefore.map((e) => e.id).join(', ')}`);
  await page.evaluate((id) => document.getElementById(id).scrollIntoView(), ids[0]);
  await page.screenshot({ path: new URL('screenshots/core-restarted-embed.png', import.meta.url).pathname });
  const others = browser.problems.filter((p) => !/CoreStoppedError|stopped after an internal error/.test(p));
  assert.deepEqual(others, [], `expected no errors but the trap's own, found ${others.join('; ')}`);
});
