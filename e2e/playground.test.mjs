// Browser test of the quadtree mode: serves the built page ($BROADPHASE_DIST,
// default dist/) in-process with Vite's preview() on a free port (see
// support.mjs), drives headless Chromium through
// playwright-core, and checks what a person would: the world runs, every
// structure's pairs equal brute force, dragging moves boxes and the
// highlights follow, the camera sees what a scan says it sees.
// Run `npx vite build` first (npm test does); then `node --test e2e/`.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, pixelAt, screenshots, waitUntil as waitUntilIn } from './support.mjs';

let browser;
let page;
let baseUrl;
let pageProblems = [];

before(async () => {
  browser = await launch();
  ({ page, baseUrl, problems: pageProblems } = browser);
});

after(async () => {
  await browser?.close();
});

// --- helpers ----------------------------------------------------------

/** Opens the page with URL settings and waits until frames are being drawn. */
async function open(query) {
  await page.goto(`${baseUrl}?${query}`);
  await waitUntil('the playground to start drawing frames', () => window.__broadphase?.frame ?? -1, (f) => f > 2, 20_000);
}

function waitUntil(what, probe, ok, timeout = 15_000, arg = undefined) {
  return waitUntilIn(page, what, probe, ok, timeout, arg);
}

async function statText(id) {
  return (await page.locator(`#stat-${id}`).textContent())?.trim() ?? '';
}

function parseCount(text) {
  const n = Number(text.replace(/[,\s]/g, ''));
  assert.ok(Number.isFinite(n), `expected a number, found "${text}"`);
  return n;
}

async function pause() {
  if (await page.evaluate(() => !window.__broadphase.settings.paused)) await page.click('#pause');
  await waitUntil('the simulation to be paused', () => !window.__broadphase.settings.paused, (r) => r === false);
}

/**
 * Waits for a brute-force check of `structure`: of the boxes on screen when
 * paused, or any one since the structure was chosen when running.
 */
async function waitForFreshCheck(structure, { running = false, timeout = 20_000 } = {}) {
  return waitUntil(
    `a brute-force check of "${structure}"${running ? '' : ' on the current boxes'}`,
    (name) => {
      const bp = window.__broadphase;
      const c = bp.check;
      return c && { structure: c.structure, version: c.version, current: bp.version, agree: c.agree };
    },
    (c) => c && c.structure === structure && (running || c.version === c.current),
    timeout,
    structure,
  );
}

/** A box overlapping nothing, away from the camera and the canvas edges. */
async function findLoneBox(excludeIds = []) {
  return page.evaluate((exclude) => {
    const bp = window.__broadphase;
    const w = bp.world;
    const cam = bp.camera;
    const ids = w.slotIds().slice();
    const boxes = w.slotBoxes().slice();
    const overlapping = w.slotOverlapping().slice();
    const margin = 0.08 * w.width;
    for (let s = 0; s < ids.length; s++) {
      const id = ids[s];
      if (id === 0 || overlapping[s] || exclude.includes(id)) continue;
      const [x, y, bw, bh] = boxes.slice(4 * s, 4 * s + 4);
      const nearCamera = x < cam.x + cam.w + margin && cam.x - margin < x + bw && y < cam.y + cam.h + margin && cam.y - margin < y + bh;
      const nearWall = x < margin || y < margin || x + bw > w.width - margin || y + bh > w.height - margin;
      if (!nearCamera && !nearWall && bw >= 8 && bh >= 8) return { id, x, y, w: bw, h: bh };
    }
    return null;
  }, excludeIds);
}

async function toScreen(x, y) {
  return page.evaluate(([wx, wy]) => window.__broadphase.worldToScreen(wx, wy), [x, y]);
}

async function scale() {
  return page.evaluate(() => {
    const bp = window.__broadphase;
    return bp.worldToScreen(1, 0).x - bp.worldToScreen(0, 0).x;
  });
}

// --- checks -----------------------------------------------------------

test('the wasm world runs and shows the requested object count', async () => {
  await open('n=3000&seed=7&structure=quadtree');
  const before = await page.evaluate(() => ({ frame: window.__broadphase.frame, steps: window.__broadphase.steps }));
  await page.waitForTimeout(600);
  const later = await page.evaluate(() => ({ frame: window.__broadphase.frame, steps: window.__broadphase.steps, count: window.__broadphase.world.count }));
  assert.ok(later.frame > before.frame + 5, `expected the frame counter to advance by more than 5 in 0.6 s, went ${before.frame} → ${later.frame}`);
  assert.ok(later.steps > before.steps, `expected step() to run while playing, steps went ${before.steps} → ${later.steps}`);
  assert.equal(later.count, 3000, `expected the world to hold 3000 objects, found ${later.count}`);
  await waitUntil('#stat-objects to show 3,000', () => document.getElementById('stat-objects')?.textContent, (t) => t === '3,000');
  assert.equal(await page.locator('#stats').getAttribute('aria-live'), 'polite', 'expected the stats region to be aria-live="polite"');
  const options = await page.locator('#structure option').allTextContents();
  const structures = await page.evaluate(() => window.__broadphase.world.constructor.structures());
  assert.deepEqual(options, structures, `expected the structure select to list World.structures() ${JSON.stringify(structures)}, found ${JSON.stringify(options)}`);
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});

test('every structure reports the pairs brute force finds (quadtree and quadtree-leaves first)', async () => {
  await pause();
  const all = await page.evaluate(() => window.__broadphase.world.constructor.structures());
  const order = ['quadtree', 'quadtree-leaves', ...all.filter((s) => s !== 'quadtree' && s !== 'quadtree-leaves')];
  for (const structure of order.filter((s) => all.includes(s))) {
    await page.selectOption('#structure', structure);
    const check = await waitForFreshCheck(structure);
    const shownPairs = parseCount(await statText('pairs'));
    const shownChecked = parseCount(await statText('check-structure'));
    const shownBrute = parseCount(await statText('brute-pairs'));
    const agree = await statText('agree');
    assert.ok(shownPairs > 0, `expected the 3000-box scene to have overlapping pairs under ${structure}, found ${shownPairs}`);
    assert.equal(shownChecked, shownBrute, `expected ${structure}'s pairs on the checked frame to equal brute force's, found ${shownChecked} vs ${shownBrute}`);
    // Paused: the checked frame is the one on screen, so the live count agrees too.
    assert.equal(shownPairs, shownBrute, `expected the live pair count to equal the brute-force count while paused, found ${shownPairs} vs ${shownBrute}`);
    assert.ok(agree.endsWith('✓') && check.agree, `expected #stat-agree to end with ✓ for ${structure}, found "${agree}"`);
    const frameLabel = await statText('check-frame');
    assert.match(frameLabel, /^\(frame [\d,]+\)$/, `expected the check's label to name the frame it checked, found "${frameLabel}"`);
  }
  // The tutorials' own limits (one uses 4 objects, 5 levels).
  await page.selectOption('#structure', 'quadtree');
  await page.locator('#max-objects').fill('4');
  await page.locator('#max-levels').fill('5');
  const limits = await page.evaluate(() => [window.__broadphase.world.maxObjects, window.__broadphase.world.maxLevels]);
  assert.deepEqual(limits, [4, 5], `expected the sliders to set quadtree limits [4, 5], found ${JSON.stringify(limits)}`);
  await waitForFreshCheck('quadtree');
  const agree = await statText('agree');
  assert.ok(agree.endsWith('✓'), `expected ✓ with limits 4/5, found "${agree}"`);
});

test('dragging a box onto another moves it by the drag and both turn red', async () => {
  await pause();
  const a = await findLoneBox();
  assert.ok(a, 'expected a box overlapping nothing, away from the camera and walls, to drag');
  const b = await findLoneBox([a.id]);
  assert.ok(b, 'expected a second lone box to drop the first onto');
  const px = await scale();
  const from = await toScreen(a.x + a.w / 2, a.y + a.h / 2);
  const to = await toScreen(b.x + b.w / 2, b.y + b.h / 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  const midDrag = await page.evaluate((id) => ({ v: Array.from(window.__broadphase.world.velocity(id)), kind: window.__broadphase.playground.interaction.dragKind }), a.id);
  assert.equal(midDrag.kind, 'box', `expected pressing on box #${a.id} to start a box drag, found ${midDrag.kind}`);
  assert.deepEqual(midDrag.v, [0, 0], `expected the dragged box to be at rest, found velocity ${JSON.stringify(midDrag.v)}`);
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.waitForTimeout(200); // hold still, so the release is not a throw
  await page.mouse.up();

  const moved = await page.evaluate((id) => Array.from(window.__broadphase.world.box(id)), a.id);
  const expectedX = a.x + (to.x - from.x) / px;
  const expectedY = a.y + (to.y - from.y) / px;
  const slack = 1.5 / px; // mouse positions land on whole pixels
  assert.ok(
    Math.abs(moved[0] - expectedX) <= slack && Math.abs(moved[1] - expectedY) <= slack,
    `expected box #${a.id} at (${expectedX.toFixed(2)}, ${expectedY.toFixed(2)}) ± ${slack.toFixed(2)} after the drag, found (${moved[0].toFixed(2)}, ${moved[1].toFixed(2)})`,
  );
  const v = await page.evaluate((id) => Array.from(window.__broadphase.world.velocity(id)), a.id);
  assert.deepEqual(v, [0, 0], `expected a box released from a still pointer to stay at rest, found velocity ${JSON.stringify(v)}`);

  const state = await waitUntil(
    `boxes #${a.id} and #${b.id} to be flagged overlapping`,
    ([ida, idb]) => {
      const w = window.__broadphase.world;
      const ids = w.slotIds();
      const flags = w.slotOverlapping();
      const flag = (id) => flags[Array.prototype.indexOf.call(ids, id)] ?? 0;
      return { a: flag(ida), b: flag(idb) };
    },
    (s) => s.a === 1 && s.b === 1,
    5_000,
    [a.id, b.id],
  );
  assert.deepEqual(state, { a: 1, b: 1 });
  const pairs = await page.evaluate(() => Array.from(window.__broadphase.world.pairs()));
  const [lo, hi] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  const listed = pairs.some((_, i) => i % 2 === 0 && pairs[i] === lo && pairs[i + 1] === hi);
  assert.ok(listed, `expected pairs() to list (${lo}, ${hi}) after the drop`);

  // The highlight on screen: the dropped box's centre is painted red (once
  // the brief white halo of the pair that just began, pairsBegan, has faded).
  await page.waitForTimeout(450);
  const centre = await toScreen(moved[0] + moved[2] / 2, moved[1] + moved[3] / 2);
  const pixel = await pixelAt(page, centre.x, centre.y);
  assert.ok(pixel[0] > 150 && pixel[0] > pixel[1] + 60 && pixel[0] > pixel[2] + 40, `expected the dropped box's centre to be drawn red, found rgb(${pixel.join(', ')})`);
});

test('a box let go while the pointer moves is thrown, at a capped speed', async () => {
  await pause();
  const a = await findLoneBox();
  assert.ok(a, 'expected a lone box to throw');
  const from = await toScreen(a.x + a.w / 2, a.y + a.h / 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y + 20, { steps: 4 });
  await page.mouse.up();
  const [vx, vy] = await page.evaluate((id) => Array.from(window.__broadphase.world.velocity(id)), a.id);
  const speed = Math.hypot(vx, vy);
  assert.ok(vx > 0 && speed > 8 && speed <= 240 + 1e-9, `expected a rightward throw at 8..240 units/s, found velocity (${vx.toFixed(1)}, ${vy.toFixed(1)})`);
});

test('the camera sees exactly what a scan over the boxes finds, after moving and resizing it', async () => {
  await pause();
  const px = await scale();
  const cam0 = await page.evaluate(() => ({ ...window.__broadphase.camera }));
  // Move: grab the label tab above the top-left corner.
  const tab = await toScreen(cam0.x, cam0.y);
  const move = { x: -90, y: 70 };
  await page.mouse.move(tab.x + 12, tab.y - 10);
  await page.mouse.down();
  await page.mouse.move(tab.x + 12 + move.x, tab.y - 10 + move.y, { steps: 6 });
  await page.mouse.up();
  const cam1 = await page.evaluate(() => ({ ...window.__broadphase.camera }));
  assert.ok(
    Math.abs(cam1.x - (cam0.x + move.x / px)) < 1.5 / px && Math.abs(cam1.y - (cam0.y + move.y / px)) < 1.5 / px,
    `expected the camera to move by (${(move.x / px).toFixed(1)}, ${(move.y / px).toFixed(1)}) world units, it went from (${cam0.x.toFixed(1)}, ${cam0.y.toFixed(1)}) to (${cam1.x.toFixed(1)}, ${cam1.y.toFixed(1)})`,
  );
  // Resize: grab the bottom-right handle.
  const corner = await toScreen(cam1.x + cam1.w, cam1.y + cam1.h);
  const grow = { x: 60, y: 45 };
  await page.mouse.move(corner.x - 2, corner.y - 2);
  await page.mouse.down();
  await page.mouse.move(corner.x - 2 + grow.x, corner.y - 2 + grow.y, { steps: 6 });
  await page.mouse.up();
  const cam2 = await page.evaluate(() => ({ ...window.__broadphase.camera }));
  assert.ok(
    Math.abs(cam2.w - (cam1.w + grow.x / px)) < 1.5 / px && Math.abs(cam2.h - (cam1.h + grow.y / px)) < 1.5 / px,
    `expected the camera to grow to ${(cam1.w + grow.x / px).toFixed(1)} × ${(cam1.h + grow.y / px).toFixed(1)}, found ${cam2.w.toFixed(1)} × ${cam2.h.toFixed(1)}`,
  );

  const result = await waitUntil(
    'the camera highlights to match a brute-force scan of slotBoxes',
    () => {
      const bp = window.__broadphase;
      const w = bp.world;
      const c = bp.camera;
      const ids = w.slotIds().slice();
      const b = w.slotBoxes().slice();
      const scan = [];
      for (let s = 0; s < ids.length; s++) {
        if (ids[s] === 0) continue;
        const [x, y, bw, bh] = b.slice(4 * s, 4 * s + 4);
        if (x < c.x + c.w && c.x < x + bw && y < c.y + c.h && c.y < y + bh) scan.push(ids[s]);
      }
      scan.sort((p, q) => p - q);
      return { shown: bp.cameraHits(), scan, stat: document.getElementById('stat-camera')?.textContent };
    },
    (r) => r.shown.length === r.scan.length && r.shown.every((id, i) => id === r.scan[i]) && r.stat === r.scan.length.toLocaleString('en-US'),
  );
  assert.ok(result.scan.length > 0, 'expected the camera to see some boxes');
});

test('keyboard: Space plays and pauses, "." advances exactly one step', async () => {
  await page.locator('#world').focus();
  await pause();
  const steps0 = await page.evaluate(() => window.__broadphase.steps);
  await page.keyboard.press('.');
  const steps1 = await waitUntil('one step after "."', () => window.__broadphase.steps, (s) => s !== steps0);
  await page.waitForTimeout(200);
  const steps2 = await page.evaluate(() => window.__broadphase.steps);
  assert.equal(steps2 - steps0, 1, `expected "." to advance exactly 1 step, went ${steps0} → ${steps1} → ${steps2}`);
  await page.keyboard.press(' ');
  await waitUntil('Space to resume the simulation', () => !window.__broadphase.settings.paused, (r) => r === true);
  const label = await page.locator('#pause').textContent();
  assert.equal(label, 'Pause', `expected the play/pause button to read "Pause" while running, found "${label}"`);
});

test('screenshot: a few thousand boxes, the quadtree, the camera and the stats', async () => {
  await open('n=2500&seed=3&structure=quadtree');
  await waitForFreshCheck('quadtree', { running: true });
  // Hover a box filed deep in the tree, so its label and node show.
  const box = await page.evaluate(() => {
    const w = window.__broadphase.world;
    const cam = window.__broadphase.camera;
    let best = null;
    for (const id of w.slotIds().slice()) {
      if (id === 0) continue;
      const [x, y, bw, bh] = w.box(id);
      if (x < cam.x + cam.w * 1.3 && cam.x - cam.w * 0.3 < x + bw && y < cam.y + cam.h * 1.3 && cam.y - cam.h * 0.3 < y + bh) continue;
      const nodes = w.storedIn(id);
      if (nodes.length !== 4) continue;
      const area = (nodes[2] - nodes[0]) * (nodes[3] - nodes[1]);
      if (best === null || area < best.area) best = { x, y, w: bw, h: bh, area };
    }
    return best;
  });
  if (box) {
    const p = await toScreen(box.x + box.w / 2, box.y + box.h / 2);
    await page.mouse.move(p.x, p.y);
  }
  await page.waitForTimeout(300);
  const agree = await statText('agree');
  assert.ok(agree.endsWith('✓'), `expected ✓ in the stats before the screenshot, found "${agree}"`);
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'playground.png') });
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});

test('after the world renumbers its slots, a press picks the box drawn on top', async () => {
  // From 4096 objects up, pairs() renumbers the slots in space order (the
  // first time right after populate). Boxes are drawn in slot order, so of
  // two overlapping boxes the one in the higher slot is on top, and a press
  // on both must pick it: the page has to follow the renumbering.
  await open('n=6000&seed=3&structure=loose-grid');
  await pause();
  const generation = await page.evaluate(() => window.__broadphase.world.slotGeneration);
  assert.ok(generation >= 1, `expected 6000 fresh objects to have been renumbered, slotGeneration is ${generation}`);
  const spots = await page.evaluate(() => {
    const bp = window.__broadphase;
    const w = bp.world;
    const cam = bp.camera;
    // Read the views only: calling pairs() here could renumber the slots
    // behind the page's back.
    const ids = Array.from(w.slotIds());
    const overlapping = w.slotOverlapping().slice();
    const pairs = [];
    for (let s = 0; s < ids.length && pairs.length < 200; s++) {
      if (!overlapping[s]) continue;
      const [x, y, bw, bh] = w.box(ids[s]);
      for (const other of Array.from(w.query(x, y, bw, bh))) if (other > ids[s]) pairs.push(ids[s], other);
    }
    const found = [];
    for (let i = 0; i < pairs.length && found.length < 6; i += 2) {
      const [a, b] = [w.box(pairs[i]), w.box(pairs[i + 1])];
      const x0 = Math.max(a[0], b[0]), x1 = Math.min(a[0] + a[2], b[0] + b[2]);
      const y0 = Math.max(a[1], b[1]), y1 = Math.min(a[1] + a[3], b[1] + b[3]);
      if (x1 - x0 < 3 || y1 - y0 < 3) continue; // room to press inside both
      const [x, y] = [(x0 + x1) / 2, (y0 + y1) / 2];
      const margin = 0.05 * w.width;
      if (x > cam.x - margin && x < cam.x + cam.w + margin && y > cam.y - margin && y < cam.y + cam.h + margin) continue;
      const under = Array.from(w.query(x - 0.5, y - 0.5, 1, 1));
      if (under.length !== 2) continue; // exactly these two under the press
      const slotOf = (id) => ids.indexOf(id);
      const top = slotOf(pairs[i]) > slotOf(pairs[i + 1]) ? pairs[i] : pairs[i + 1];
      found.push({ x, y, top, ids: [pairs[i], pairs[i + 1]] });
    }
    return found;
  });
  assert.ok(spots.length >= 3, `expected at least 3 overlapping pairs to press, found ${spots.length}`);
  for (const spot of spots) {
    const at = await toScreen(spot.x, spot.y);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.up();
    const selected = await page.evaluate(() => window.__broadphase.playground.interaction.selectedId);
    assert.equal(selected, spot.top, `pressing where #${spot.ids[0]} and #${spot.ids[1]} overlap should pick #${spot.top}, drawn on top`);
  }
});

test('20 000 objects stay responsive and still agree with brute force', async (t) => {
  await open('n=20000&seed=1&structure=quadtree');
  await page.waitForTimeout(1500);
  const f0 = await page.evaluate(() => ({ frame: window.__broadphase.frame, t: performance.now() }));
  await page.waitForTimeout(3000);
  const f1 = await page.evaluate(() => ({ frame: window.__broadphase.frame, t: performance.now(), us: window.__broadphase.stepMicros }));
  const fps = ((f1.frame - f0.frame) * 1000) / (f1.t - f0.t);
  t.diagnostic(`20k objects: ${fps.toFixed(1)} fps, ${f1.us.toFixed(0)} µs per step + pairs (headless, software canvas)`);
  assert.ok(fps >= 10, `expected at least 10 frames per second with 20 000 objects, measured ${fps.toFixed(1)}`);
  const check = await waitUntil(
    'a brute-force check of the 20 000-box scene',
    () => window.__broadphase.check,
    (c) => c !== null && c.count === 20000,
    90_000,
  );
  t.diagnostic(`20k brute-force scan: ${check.scanMillis.toFixed(0)} ms of work spread over frames, ${check.brutePairs} pairs`);
  assert.ok(check.agree, `expected the quadtree's ${check.structurePairs} pairs to equal brute force's ${check.brutePairs}`);
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});
