// Browser test of the rays mode: serves the built page ($BROADPHASE_DIST,
// default dist/) in-process (see support.mjs), opens $BROADPHASE_RAYS_PATH
// (default index.html?mode=rays) in headless Chromium, and checks what a
// learner sees against the wasm World itself: the shaded cells are
// traceCells in order up to castRay's hit (none after it), the readout is
// castRay, the stepper's numbers are traceSteps, the enemy's state is
// lineOfSight.
// Run `npx vite build` first (npm test does); then `node --test e2e/`.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, screenshots, waitUntil as waitUntilIn } from './support.mjs';

const RAYS_PATH = process.env.BROADPHASE_RAYS_PATH ?? 'index.html?mode=rays';

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

/** Opens the mode with extra query settings; boxes paused so hits stay put. */
async function open(query = 'paused') {
  const sep = RAYS_PATH.includes('?') ? '&' : '?';
  await page.goto(`${baseUrl}${RAYS_PATH}${query ? sep + query : ''}`);
  await waitUntil('the rays mode to start drawing frames', () => window.__broadphaseRays?.frame ?? -1, (f) => f > 2, 20_000);
}

function waitUntil(what, probe, ok, timeout = 10_000, arg = undefined) {
  return waitUntilIn(page, what, probe, ok, timeout, arg);
}

async function toScreen(x, y) {
  return page.evaluate(([wx, wy]) => window.__broadphaseRays.worldToScreen(wx, wy), [x, y]);
}

/** CSS px per world unit. */
async function scale() {
  return page.evaluate(() => {
    const bp = window.__broadphaseRays;
    return bp.worldToScreen(1, 0).x - bp.worldToScreen(0, 0).x;
  });
}

async function ray() {
  return page.evaluate(() => ({ ...window.__broadphaseRays.ray }));
}

async function tileSize() {
  return page.evaluate(() => window.__broadphaseRays.tiles.tileSize);
}

/** Drags with the mouse from world point `from` to world point `to`. */
async function drag(from, to) {
  const a = await toScreen(from.x, from.y);
  const b = await toScreen(to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  return { dx: b.x - a.x, dy: b.y - a.y };
}

/** Waits until a frame has traced the current ray; returns what it shaded and what the World says. */
async function tracedNow() {
  return waitUntil(
    'a frame to trace the current ray',
    () => {
      const bp = window.__broadphaseRays;
      const r = bp.ray;
      const t = bp.tracedRay();
      const same = r.x0 === t.x0 && r.y0 === t.y0 && r.x1 === t.x1 && r.y1 === t.y1;
      // The cells the segment enters at or before the first hit: the walk stops there.
      const cells = Array.from(bp.world.tiles.traceCells(r.x0, r.y0, r.x1, r.y1));
      const steps = Array.from(bp.tiles.traceSteps(r.x0, r.y0, r.x1, r.y1));
      const hit = bp.world.castRay(r.x0, r.y0, r.x1, r.y1);
      let visited = cells.length / 2;
      if (hit !== undefined) {
        visited = 0;
        while (visited < steps.length / 9 && steps[9 * visited + 2] <= hit.t) visited += 1;
        visited = Math.max(visited, 1);
      }
      return { same, shaded: bp.shadedCells(), expected: cells.slice(0, 2 * visited), all: cells, shown: document.getElementById('ray-cells')?.textContent };
    },
    (s) => s.same,
  );
}

/** castRay for the current ray (a plain object: nothing to free). */
async function castNow() {
  return page.evaluate(() => {
    const bp = window.__broadphaseRays;
    const r = bp.ray;
    return bp.world.castRay(r.x0, r.y0, r.x1, r.y1) ?? null;
  });
}

/** The readout text castRay's hit should produce (the panel's format, panels.ts formatHit). */
function readoutFor(h) {
  if (h === null) return { hit: 'nothing', t: '—', point: '—', normal: '—' };
  return {
    hit: h.objectId !== 0 ? `box #${h.objectId}` : `tile (${h.col}, ${h.row})`,
    t: h.t.toFixed(4),
    point: `(${h.x.toFixed(2)}, ${h.y.toFixed(2)})`,
    normal: `(${h.normalX.toFixed(3)}, ${h.normalY.toFixed(3)})`,
  };
}

/** In the page: the readout's texts. */
function readout() {
  const text = (id) => document.getElementById(id)?.textContent ?? null;
  return { hit: text('ray-hit'), t: text('ray-t'), point: text('ray-point'), normal: text('ray-normal') };
}

/** The step panel's number format: ∞ for an axis the ray does not move along. */
function param(v) {
  return v === Infinity ? '∞' : v.toFixed(4);
}

function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push(`(${flat[i]}, ${flat[i + 1]})`);
  return out.join(' ');
}

// --- checks -----------------------------------------------------------

test('dragging ray end B re-traces: the shaded cells are traceCells, in order, up to the hit, and counted so', async () => {
  await open();
  const ts = await tileSize();
  const before = await ray();
  const px = await scale();
  // Down past the slab in the middle of the map.
  const target = { x: 12.6 * ts, y: 17.4 * ts };
  const moved = await drag({ x: before.x1, y: before.y1 }, target);
  const after = await ray();
  const slack = 1.5 / px; // mouse positions land on whole pixels
  const want = { x: before.x1 + moved.dx / px, y: before.y1 + moved.dy / px };
  assert.ok(
    Math.abs(after.x1 - want.x) <= slack && Math.abs(after.y1 - want.y) <= slack,
    `expected B at (${want.x.toFixed(2)}, ${want.y.toFixed(2)}) ± ${slack.toFixed(2)} after the drag, found (${after.x1.toFixed(2)}, ${after.y1.toFixed(2)})`,
  );
  assert.deepEqual([after.x0, after.y0], [before.x0, before.y0], 'expected dragging B to leave A where it was');

  const { shaded, expected, all } = await tracedNow();
  assert.ok(expected.length >= 2 * 5, `expected the new ray to visit at least 5 cells, traceCells gave ${expected.length / 2} before the hit`);
  assert.ok(all.length > expected.length, 'expected the segment to go on past its hit (the cells after it not visited)');
  assert.deepEqual(shaded, expected, `expected the shaded cells to be traceCells in order up to the hit:\n  shaded   ${pairs(shaded)}\n  expected ${pairs(expected)}`);
  const counted = await waitUntil('the readout to count the visited cells', () => document.getElementById('ray-cells')?.textContent, (t) => t === String(expected.length / 2));
  assert.equal(counted, String(expected.length / 2));
  // The walk itself: every step to an edge or corner neighbour.
  for (let i = 2; i < shaded.length; i += 2) {
    const dc = Math.abs(shaded[i] - shaded[i - 2]);
    const dr = Math.abs(shaded[i + 1] - shaded[i - 1]);
    assert.ok(dc <= 1 && dr <= 1 && dc + dr >= 1, `expected visit ${i / 2} to neighbour visit ${i / 2 - 1}, found ${pairs(shaded.slice(i - 2, i + 2))}`);
  }
});

test('the hit readout is castRay: a tile face, then a box', async () => {
  const hit = await castNow();
  assert.ok(hit !== null && hit.objectId === 0, `expected the ray into the slab to hit a tile, castRay gave ${JSON.stringify(hit)}`);
  const want = readoutFor(hit);
  const shown = await waitUntil('the readout to show castRay', readout, (r) => JSON.stringify(r) === JSON.stringify(want));
  assert.deepEqual(shown, want);
  const shownHit = await page.evaluate(() => window.__broadphaseRays.hit());
  assert.ok(Math.abs(shownHit.t - hit.t) === 0 && shownHit.x === hit.x && shownHit.y === hit.y, 'expected the drawn hit to be castRay\'s exactly');
  assert.ok(Math.hypot(hit.normalX, hit.normalY) > 0.999, `expected a unit normal, found (${hit.normalX}, ${hit.normalY})`);

  // Aim down onto the resting box #4 (assigning to the live ray, as the console can).
  const ts = await tileSize();
  const box = await page.evaluate(() => Array.from(window.__broadphaseRays.world.box(4)));
  const cx = box[0] + box[2] / 2;
  await page.evaluate((r) => Object.assign(window.__broadphaseRays.ray, r), { x0: cx, y0: box[1] - 2.5 * ts, x1: cx, y1: box[1] + box[3] / 2 });
  const boxHit = await castNow();
  assert.equal(boxHit?.objectId, 4, `expected a ray dropped onto box #4 to hit it, castRay gave ${JSON.stringify(boxHit)}`);
  const wantBox = readoutFor(boxHit);
  const shownBox = await waitUntil('the readout to show the box hit', readout, (r) => JSON.stringify(r) === JSON.stringify(wantBox));
  assert.equal(shownBox.hit, 'box #4');
  assert.equal(shownBox.normal, '(0.000, -1.000)', 'expected a ray falling onto a box top to report the normal (0, -1)');
});

test('step-through: the panel shows traceSteps, one cell per N', async () => {
  await open();
  const ts = await tileSize();
  // A diagonal-ish ray with both axes moving.
  await page.evaluate((k) => Object.assign(window.__broadphaseRays.ray, { x0: 2.3 * k, y0: 2.6 * k, x1: 9.8 * k, y1: 6.1 * k }), ts);
  await tracedNow();
  const steps = await page.evaluate(() => {
    const r = window.__broadphaseRays.ray;
    return Array.from(window.__broadphaseRays.tiles.traceSteps(r.x0, r.y0, r.x1, r.y1));
  });
  assert.ok(steps.length >= 9 * 5, `expected at least 5 DDA steps, traceSteps gave ${steps.length / 9}`);
  const { expected } = await tracedNow();
  const visited = expected.length / 2;
  await page.click('#stepper-step');
  for (let k = 0; k < 5; k++) {
    if (k > 0) await page.keyboard.press('n');
    const s = steps.slice(9 * k, 9 * k + 9);
    const want = { index: k, count: `Step ${k + 1} of ${visited}`, cell: `(${s[0]}, ${s[1]})`, tMaxX: param(s[5]), tMaxY: param(s[6]), tDeltaX: param(s[7]), tDeltaY: param(s[8]) };
    const shown = await waitUntil(
      `the stepper to show step ${k + 1}`,
      () => {
        const value = (label) => document.querySelector(`#stepper-readouts dt[data-label="${label}"]`)?.nextElementSibling?.textContent ?? null;
        return {
          index: window.__broadphaseRays.stepIndex,
          count: document.getElementById('stepper-count')?.textContent,
          cell: value('cell (col, row)'),
          tMaxX: value('tMaxX'),
          tMaxY: value('tMaxY'),
          tDeltaX: value('tDeltaX'),
          tDeltaY: value('tDeltaY'),
        };
      },
      (r) => JSON.stringify(r) === JSON.stringify(want),
    );
    assert.deepEqual(shown, want);
    // The axis named next is the one with the smaller tMax, and the next step goes there.
    const next = await page.locator('#stepper-next').textContent();
    const axis = s[5] < s[6] ? 'step x' : s[6] < s[5] ? 'step y' : 'step both';
    assert.ok(next.includes(axis), `expected step ${k} (tMaxX ${s[5]}, tMaxY ${s[6]}) to announce "${axis}", found "${next}"`);
    const t = steps.slice(9 * (k + 1), 9 * (k + 1) + 2);
    assert.ok(next.includes(`(${t[0]}, ${t[1]})`), `expected step ${k} to name the next cell (${t[0]}, ${t[1]}), found "${next}"`);
    // The panel follows the key at once; the canvas on its next frame.
    await waitUntil(`${k + 1} cells shaded at step ${k + 1}`, () => window.__broadphaseRays.shadedCells().length / 2, (n) => n === k + 1);
  }
  await page.keyboard.press('Shift+N');
  await waitUntil('Shift+N to go one step back', () => window.__broadphaseRays.stepIndex, (i) => i === 3);
  await page.keyboard.press('Escape');
  await waitUntil('Esc to show the whole ray again', () => window.__broadphaseRays.stepIndex, (i) => i === null);
});

test('keyboard: Enter picks A on the focused canvas, arrows move it, the trace follows', async () => {
  const ts = await tileSize();
  await page.locator('#world').focus();
  const before = await ray();
  await page.keyboard.press('Enter');
  const selected = await page.evaluate(() => window.__broadphaseRays.model.ui.selected);
  assert.equal(selected, 'start', `expected Enter on the canvas to pick the ray start, found ${selected}`);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  const after = await ray();
  assert.ok(
    Math.abs(after.x0 - (before.x0 + 6)) < 1e-9 && Math.abs(after.y0 - (before.y0 + ts)) < 1e-9,
    `expected A to move by (6, ${ts}), it went from (${before.x0}, ${before.y0}) to (${after.x0}, ${after.y0})`,
  );
  const { shaded, expected } = await tracedNow();
  assert.deepEqual(shaded, expected, 'expected the shaded cells to follow the moved ray');
  const focused = await page.evaluate(() => document.activeElement?.id);
  assert.equal(focused, 'world', 'expected the canvas to keep focus while picking handles');
});

test('the enemy loses the player behind a wall and sees them in the open', async () => {
  await open();
  // Candidate spots: empty cells' centres, away from the other handles.
  const spots = await page.evaluate(() => {
    const bp = window.__broadphaseRays;
    const w = bp.tiles;
    const ts = w.tileSize;
    const e = bp.enemy;
    const p = bp.player;
    const r = bp.ray;
    const far = (x, y, q) => Math.hypot(x - q.x, y - q.y) > 2 * ts;
    const blocked = [];
    const clear = [];
    for (let row = 1; row < w.rows - 1; row++) {
      for (let col = 1; col < w.cols - 1; col++) {
        if (w.tile(col, row) !== 'empty') continue;
        const x = (col + 0.5) * ts;
        const y = (row + 0.5) * ts;
        if (!far(x, y, e) || !far(x, y, { x: r.x0, y: r.y0 }) || !far(x, y, { x: r.x1, y: r.y1 })) continue;
        const d = Math.hypot(x - p.x, y - p.y);
        (w.lineOfSight(e.x, e.y, x, y) ? clear : blocked).push({ x, y, d });
      }
    }
    const nearest = (list) => list.sort((a, b) => a.d - b.d)[0] ?? null;
    return { blocked: nearest(blocked), clear: nearest(clear.filter((c) => c.d > 3 * ts)), player: { ...p } };
  });
  assert.ok(spots.blocked && spots.clear, `expected a hidden spot and a visible spot on the map, found ${JSON.stringify(spots)}`);

  await drag(spots.player, spots.blocked);
  const hidden = await waitUntil(
    'the enemy to say "lost you"',
    () => ({ text: document.getElementById('sight-state')?.textContent, sees: window.__broadphaseRays.sees() }),
    (s) => s.text === 'lost you',
  );
  assert.equal(hidden.sees, false);
  // The red part of the sight line ends where castRay (tiles only) meets the wall.
  const block = await page.evaluate(() => {
    const bp = window.__broadphaseRays;
    const { enemy: e, player: p } = bp;
    // The tiles' own cast: boxes do not block sight.
    const h = bp.tiles.castRay(e.x, e.y, p.x, p.y);
    const cast = h && { x: h.x, y: h.y, t: h.t };
    const shown = bp.model.sight.block;
    return { los: bp.tiles.lineOfSight(e.x, e.y, p.x, p.y), cast, shown: shown && { x: shown.x, y: shown.y, t: shown.t } };
  });
  assert.equal(block.los, false, 'expected lineOfSight to be false for the hidden spot');
  assert.ok(block.cast !== null, 'expected castRay to find the wall between the enemy and the hidden player');
  assert.deepEqual(block.shown, block.cast, 'expected the sight line to turn red exactly at castRay\'s hit');

  const here = await page.evaluate(() => ({ ...window.__broadphaseRays.player }));
  await drag(here, spots.clear);
  const seen = await waitUntil(
    'the enemy to say "sees you"',
    () => ({ text: document.getElementById('sight-state')?.textContent, sees: window.__broadphaseRays.sees() }),
    (s) => s.text === 'sees you',
  );
  assert.equal(seen.sees, true);
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});

test('the boxes bounce off the tiles in the core\'s step: never inside a tile, frame after frame', async () => {
  await open('');
  const seen = await page.evaluate(async () => {
    const bp = window.__broadphaseRays;
    const world = bp.world;
    const ids = Array.from(world.slotIds()).filter((id) => id !== 0);
    const start = ids.map((id) => Array.from(world.box(id)));
    let worst = 0;
    let frames = 0;
    let colliders = 0;
    for (const id of ids) if (world.tileResponse(id) === 'bounce') colliders += 1;
    // Every frame for two seconds: each box against the narrow phase's push-out.
    const until = performance.now() + 2000;
    while (performance.now() < until) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      frames += 1;
      for (const id of ids) {
        const [x, y, w, h] = world.box(id);
        const [dx, dy] = bp.tiles.pushOut(x, y, w, h);
        worst = Math.max(worst, Math.hypot(dx, dy));
      }
    }
    const moved = ids.filter((id, k) => world.box(id)[0] !== start[k][0] || world.box(id)[1] !== start[k][1]).length;
    return { boxes: ids.length, colliders, frames, worst, moved };
  });
  assert.equal(seen.colliders, seen.boxes, `expected every box to collide with the tiles in the core, ${seen.colliders} of ${seen.boxes} do`);
  assert.ok(seen.frames > 20, `expected the mode to run frames, ran ${seen.frames}`);
  assert.ok(seen.moved >= seen.boxes - 1, `expected the moving boxes to move, ${seen.moved} of ${seen.boxes} did`);
  assert.ok(seen.worst < 1e-9, `expected no box ever inside a tile after a step, the deepest needed a push-out of ${seen.worst}`);
});

test('a wasm error is a notice, not a crash: a NaN ray is refused and the mode keeps drawing', async () => {
  const good = await ray();
  await page.evaluate(() => {
    window.__broadphaseRays.ray.x0 = NaN;
  });
  const notice = await waitUntil(
    'a notice about the refused ray',
    () => {
      const n = document.getElementById('notice');
      return { hidden: n?.hidden, text: n?.textContent ?? '' };
    },
    (n) => n.hidden === false && /finite/.test(n.text),
  );
  assert.match(notice.text, /x0/, `expected the notice to name the bad argument x0, found "${notice.text}"`);
  const f0 = await page.evaluate(() => window.__broadphaseRays.frame);
  await page.waitForTimeout(300);
  const f1 = await page.evaluate(() => window.__broadphaseRays.frame);
  assert.ok(f1 > f0 + 3, `expected frames to keep coming after the error, went ${f0} → ${f1}`);
  await page.evaluate((r) => Object.assign(window.__broadphaseRays.ray, r), good);
  const { shaded, expected } = await tracedNow();
  assert.deepEqual(shaded, expected, 'expected the trace to recover once the ray is finite again');
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});

test('screenshot: a ray trace with shaded cells, entry points and the hit normal', async () => {
  await open('paused');
  await page.waitForTimeout(300);
  const hit = await page.evaluate(() => window.__broadphaseRays.hit());
  assert.ok(hit !== null, 'expected the default ray to hit something for the screenshot');
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'rays.png') });
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});

// --- drawn boxes, undo, share links with the view --------------------------

/**
 * A stretch of open map `cols` × `rows` cells (plus one open cell on each
 * side) clear of every box, far from the handles: its top-left cell.
 */
async function openStretch(cols = 3, rows = 2) {
  return page.evaluate(([cols, rows]) => {
    const bp = window.__broadphaseRays;
    const t = bp.tiles;
    const ts = t.tileSize;
    const boxes = bp.model.boxes();
    const handles = [bp.ray.x0, bp.ray.y0, bp.ray.x1, bp.ray.y1, bp.enemy.x, bp.enemy.y, bp.player.x, bp.player.y];
    for (let r = 1; r + rows < t.rows - 1; r++) {
      for (let c = 2; c + cols < t.cols - 2; c++) {
        let open = true;
        for (let dr = -1; dr <= rows && open; dr++) for (let dc = -2; dc <= cols + 1 && open; dc++) open = t.tile(c + dc, r + dr) === 'empty';
        if (!open) continue;
        const [x0, y0, x1, y1] = [(c - 2) * ts, (r - 1) * ts, (c + cols + 2) * ts, (r + rows + 1) * ts];
        if (boxes.some((b) => b.x < x1 && x0 < b.x + b.w && b.y < y1 && y0 < b.y + b.h)) continue;
        let near = false;
        for (let i = 0; i < handles.length; i += 2) near ||= handles[i] > x0 - ts && handles[i] < x1 + ts && handles[i + 1] > y0 - ts && handles[i + 1] < y1 + ts;
        if (!near) return [c, r];
      }
    }
    return null;
  }, [cols, rows]);
}

/** Shift-drags on the canvas from world point a to world point b (draws a box). */
async function shiftDrag(a, b) {
  const from = await toScreen(a.x, a.y);
  const to = await toScreen(b.x, b.y);
  await page.keyboard.down('Shift');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 3 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
}

const drawnBoxes = () => page.evaluate(() => window.__broadphaseRays.drawnBoxes());

/** Waits for a frame drawn after now. */
async function nextFrames(n = 2) {
  const f0 = await page.evaluate(() => window.__broadphaseRays.frame);
  await waitUntil('more frames', () => window.__broadphaseRays.frame, (f) => f >= f0 + n);
}

test('a Shift-drag on empty space draws a box: its listed cells are touchedCells, the ray hits it, undo removes it and redo brings it back', async () => {
  await open('paused');
  const ts = await tileSize();
  const cell = await openStretch();
  assert.ok(cell, 'expected an open stretch of map to draw on');
  const [c, r] = cell;
  // The ray first, across the stretch, so undo (which restores the ray too) keeps it.
  const y = (r + 1) * ts;
  await page.evaluate((rr) => Object.assign(window.__broadphaseRays.ray, rr), { x0: (c - 1.5) * ts, y0: y, x1: (c + 4.5) * ts, y1: y });
  await nextFrames();
  assert.equal(await drawnBoxes().then((b) => b.length), 0, 'expected no drawn boxes on a fresh page');
  await shiftDrag({ x: (c + 0.3) * ts, y: (r + 0.25) * ts }, { x: (c + 2.6) * ts, y: (r + 1.7) * ts });
  await nextFrames();
  const drawn = await drawnBoxes();
  assert.equal(drawn.length, 1, 'expected the Shift-drag to draw one box');
  const box = drawn[0];
  assert.equal(box.name, `#${box.id}`, 'expected the drawn box named by its id, as the hit readout names it (A and B are the ray\'s ends)');
  const shown = await page.evaluate((b) => {
    const bp = window.__broadphaseRays;
    return { core: Array.from(bp.tiles.touchedCells(b.x, b.y, b.w, b.h)), tinted: bp.drawnCells(0), readout: bp.drawnReadout(0), hit: bp.hit(), text: document.getElementById('ray-hit').textContent };
  }, box);
  assert.equal(shown.core.length / 2, 6, `expected a box over 3 × 2 cells to touch 6 cells, core says ${shown.core}`);
  assert.deepEqual(box.cells, shown.core, 'expected the drawn box\'s cells to be touchedCells');
  assert.deepEqual(shown.tinted, shown.core, 'expected the canvas to tint exactly touchedCells');
  const listed = [...shown.readout.cells.matchAll(/\((\d+),(\d+)\)/g)].flatMap((m) => [Number(m[1]), Number(m[2])]);
  assert.deepEqual(listed, shown.core, 'expected the panel to list the drawn box\'s touched cells');
  assert.equal(shown.readout.count, '6 cells');
  assert.equal(shown.hit?.objectId, box.id, `expected the ray to hit the drawn box #${box.id}, it hit ${JSON.stringify(shown.hit)}`);
  assert.equal(shown.text, `box #${box.id}`, 'expected the readout to name the drawn box as the canvas does');
  const core = await page.evaluate((rr) => window.__broadphaseRays.world.castRay(rr.x0, rr.y0, rr.x1, rr.y1)?.objectId, await ray());
  assert.equal(core, box.id, 'expected the World\'s own castRay to hit the drawn box');

  await page.keyboard.press('Control+z');
  await nextFrames();
  assert.equal((await drawnBoxes()).length, 0, 'expected Ctrl+Z to remove the drawn box');
  assert.notEqual((await page.evaluate(() => window.__broadphaseRays.hit()))?.objectId, box.id, 'expected the ray to stop hitting the removed box');

  await page.keyboard.press('Control+Shift+z');
  await nextFrames();
  const back = await drawnBoxes();
  assert.equal(back.length, 1, 'expected redo to bring the box back');
  assert.deepEqual([back[0].name, back[0].x, back[0].y, back[0].w, back[0].h], [box.name, box.x, box.y, box.w, box.h], 'expected the same box, name and place');
  assert.equal((await page.evaluate(() => window.__broadphaseRays.hit()))?.objectId, back[0].id, 'expected the ray to hit the box again');

  // Copy, then Delete on the selected copy; undo brings the copy back.
  await page.click('.rays-duplicate');
  assert.equal((await drawnBoxes()).length, 2, 'expected Copy to duplicate the box');
  await page.locator('#world').focus();
  await page.keyboard.press('Delete');
  assert.equal((await drawnBoxes()).length, 1, 'expected Delete to remove the selected copy');
  await page.keyboard.press('Control+z');
  assert.equal((await drawnBoxes()).length, 2, 'expected undo to bring the copy back');
  await page.keyboard.press('Control+d');
  const three = await drawnBoxes();
  assert.equal(new Set(three.map((b) => b.name)).size, 3, `expected Ctrl+D to add a third box with a name of its own, found ${three.map((b) => b.name)}`);
  assert.equal(three[2].name, `#${three[2].id}`, 'expected the copy named by its id');
  // With a ray end picked (Enter on the canvas), Delete leaves the boxes alone.
  await page.locator('#world').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Delete');
  assert.equal((await drawnBoxes()).length, 3, 'expected Delete to act only on a selected box, not while a ray end is picked');
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});

/** The canvas's pixels with no hover, no focus and no selection, so two pages can match. */
async function raysPicture(p) {
  await p.mouse.move(2, 2);
  await p.evaluate(() => {
    document.activeElement?.blur?.();
    const m = window.__broadphaseRays.model;
    m.drawn.selected = 0;
    m.drawn.changed();
    m.ui.selected = null;
  });
  const f0 = await p.evaluate(() => window.__broadphaseRays.frame);
  await waitUntilIn(p, 'two frames', () => window.__broadphaseRays.frame, (f) => f >= f0 + 2, 5_000);
  return p.evaluate(() => document.getElementById('world').toDataURL());
}

test('a box drawn from the keyboard: I on the focused canvas draws one in the middle of the view, the arrows move it and Shift+arrows size it; the help says so', async () => {
  await open();
  await page.locator('#world').focus();
  await page.keyboard.press('i');
  await nextFrames();
  const [made] = await drawnBoxes();
  assert.ok(made !== undefined, 'expected I to draw a box');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await nextFrames();
  const [after] = await drawnBoxes();
  assert.ok(after.x > made.x, `expected the arrows to move the new box right: x ${made.x} → ${after.x}`);
  assert.ok(after.h > made.h, `expected Shift+arrows to make the new box taller: h ${made.h} → ${after.h}`);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await nextFrames();
  assert.equal((await drawnBoxes()).length, 0, 'expected undo to take the keyboard\'s box back, step by step');
  const help = await page.evaluate(() => document.getElementById('stage-help').textContent);
  assert.match(help, /I draws a box/, `expected the help to say how: "${help}"`);
});

test('a link keeps the drawn boxes and the zoom and pan: a new page shows the same picture', async () => {
  await page.goto('about:blank');
  await open('paused');
  const ts = await tileSize();
  const [c, r] = await openStretch();
  await shiftDrag({ x: (c + 0.2) * ts, y: (r + 0.3) * ts }, { x: (c + 1.8) * ts, y: (r + 1.5) * ts });
  // Zoom in twice and pan by dragging empty space.
  await page.click('[data-tool="zoom-in"]');
  await page.click('[data-tool="zoom-in"]');
  const rect = await page.locator('#world').boundingBox();
  const sx = rect.x + rect.width * 0.15;
  const sy = rect.y + rect.height * 0.85;
  const picked = await page.evaluate(([x, y]) => {
    const bp = window.__broadphaseRays;
    const p = bp.screenToWorld(x, y);
    return { p, boxes: bp.model.boxes().some((b) => p.x >= b.x - 4 && p.x <= b.x + b.w + 4 && p.y >= b.y - 4 && p.y <= b.y + b.h + 4) };
  }, [sx, sy]);
  assert.ok(!picked.boxes, 'expected the pan to start on empty space');
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(sx + 37, sy - 23, { steps: 5 });
  await page.mouse.up();
  const view = await page.evaluate(() => window.__broadphaseRays.view);
  assert.ok(Math.abs(view.zoom - 1.5625) < 1e-12, `expected two zoom-ins (1.25²), zoom is ${view.zoom}`);
  const boxes = await drawnBoxes();
  const picture = await raysPicture(page);
  // The view alone writes too (at most every 250 ms): wait for the hash to hold the final one.
  const size = await page.evaluate(() => [window.__broadphaseRays.model.width, window.__broadphaseRays.model.height]);
  // Written to 9 significant digits (a reload lands within a ten-thousandth of a pixel), not 17.
  const nine = (n) => String(Number(n.toPrecision(9)));
  const expectView = `view=${nine(view.zoom)}_${nine(view.centreX / size[0])}_${nine(view.centreY / size[1])}`;
  await waitUntil('the address to carry the boxes and the final view', () => decodeURIComponent(location.hash), (h) => /boxes=/.test(h) && h.includes(expectView), 5_000);
  const link = await page.evaluate(() => location.href);
  assert.ok(!link.includes('?'), `expected only the hash to be written (the old query dropped), got ${link}`);

  const second = await browser.context.newPage();
  try {
    await second.goto(link);
    await waitUntilIn(second, 'the linked rays mode to draw', () => window.__broadphaseRays?.frame ?? -1, (f) => f > 2, 20_000);
    const again = await second.evaluate(() => ({ view: window.__broadphaseRays.view, boxes: window.__broadphaseRays.drawnBoxes() }));
    assert.deepEqual(again.boxes.map(({ name, x, y, w, h }) => [name, x, y, w, h]), boxes.map(({ name, x, y, w, h }) => [name, x, y, w, h]), 'expected the link to carry the drawn box exactly');
    assert.ok(Math.abs(again.view.zoom / view.zoom - 1) < 1e-8, `expected the link to carry the zoom, ${again.view.zoom} vs ${view.zoom}`);
    // Within a thousandth of a screen pixel (the picture below is compared pixel for pixel).
    const px = await second.evaluate(() => window.__broadphaseRays.model.viewport.scale);
    assert.ok(Math.abs(again.view.centreX - view.centreX) * px < 1e-3 && Math.abs(again.view.centreY - view.centreY) * px < 1e-3, `expected the link to carry the pan, ${JSON.stringify(again.view)} vs ${JSON.stringify(view)}`);
    const shown = await raysPicture(second);
    assert.ok(shown === picture, 'expected the linked page to show the same picture, pixel for pixel');
  } finally {
    await second.close();
  }
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});

test('a view out of range in the address is clamped, said in the settings notice and the console', async () => {
  await page.goto('about:blank');
  const warnings = browser.warnings;
  warnings.length = 0;
  await page.goto(`${baseUrl}#mode=rays&paused&view=500_1.5_-0.25`);
  await waitUntil('the rays mode to draw', () => window.__broadphaseRays?.frame ?? -1, (f) => f > 2, 20_000);
  const state = await page.evaluate(() => ({
    view: window.__broadphaseRays.view,
    width: window.__broadphaseRays.model.width,
    notice: document.getElementById('settings-notice').hidden ? null : document.getElementById('settings-notice').textContent,
  }));
  assert.equal(state.view.zoom, 60, 'expected the zoom clamped to 60');
  assert.equal(state.view.centreX, state.width, 'expected the centre x clamped to the world\'s right edge');
  assert.equal(state.view.centreY, 0, 'expected the centre y clamped to the top');
  assert.match(state.notice ?? '', /view clamped: zoom 500 to 60, centre x 1\.5 to 1, centre y -0\.25 to 0/, `expected the settings notice to say what was clamped, it says ${state.notice}`);
  assert.ok(warnings.some((w) => /view clamped/.test(w)), `expected a console warning about the view, saw ${JSON.stringify(warnings)}`);
});

test('every mode with zoom takes its view from the link', async () => {
  const cases = {
    quadtree: ['__broadphase', 'window.__broadphase.world.width', 'window.__broadphase.world.height'],
    grids: ['__broadphase', 'window.__broadphase.world.width', 'window.__broadphase.world.height'],
    hierarchy: ['__broadphase', 'window.__broadphase.world.width', 'window.__broadphase.world.height'],
    tiles: ['__broadphaseTiles', 'window.__broadphaseTiles.editor.mapWidth', 'window.__broadphaseTiles.editor.mapHeight'],
    rays: ['__broadphaseRays', 'window.__broadphaseRays.model.width', 'window.__broadphaseRays.model.height'],
    play: ['__broadphasePlay', 'window.__broadphasePlay.game().width', 'window.__broadphasePlay.game().height'],
  };
  for (const [mode, [handle, wExpr, hExpr]] of Object.entries(cases)) {
    await page.goto('about:blank');
    await page.goto(`${baseUrl}#mode=${mode}&paused&view=4_0.3_0.6`);
    await waitUntil(`the ${mode} mode to draw`, (h) => window[h]?.frame ?? -1, (f) => f > 2, 20_000, handle);
    const got = await page.evaluate(
      ([h, wExpr, hExpr]) => {
        const W = (0, eval)(wExpr);
        const H = (0, eval)(hExpr);
        const canvas = document.getElementById('world').getBoundingClientRect();
        const at = window[h].worldToScreen(0.3 * W, 0.6 * H);
        return { dx: at.x - (canvas.left + canvas.width / 2), dy: at.y - (canvas.top + canvas.height / 2), hash: location.hash };
      },
      [handle, wExpr, hExpr],
    );
    assert.ok(Math.abs(got.dx) <= 1 && Math.abs(got.dy) <= 1, `expected ${mode} to centre the view on (0.3, 0.6) of its world, it is off by (${got.dx}, ${got.dy})`);
    assert.match(got.hash, /view=4_0\.3_0\.6/, `expected ${mode}'s address to keep the view`);
  }
});

test('screenshots: drawn boxes in the rays mode at desktop and phone size', async () => {
  mkdirSync(screenshots, { recursive: true });
  await page.goto('about:blank');
  await open('paused');
  const ts = await tileSize();
  const [c, r] = await openStretch();
  const y = (r + 1) * ts;
  await page.evaluate((rr) => Object.assign(window.__broadphaseRays.ray, rr), { x0: (c - 1.5) * ts, y0: y, x1: (c + 4.5) * ts, y1: y });
  await shiftDrag({ x: (c + 0.3) * ts, y: (r + 0.25) * ts }, { x: (c + 2.6) * ts, y: (r + 1.7) * ts });
  await nextFrames();
  const link = await page.evaluate(() => location.href);
  await page.screenshot({ path: join(screenshots, 'rays-drawn-boxes.png') });
  // The phone: 390 × 844 with touch emulated, the same link; a finger taps the box to select it (its handles show).
  const phone = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(phone);
  try {
    await phone.setViewportSize({ width: 390, height: 844 });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    // Zoomed in 3× on the box through the link's view, so the phone picture shows it.
    const [W, H] = await page.evaluate(() => [window.__broadphaseRays.model.width, window.__broadphaseRays.model.height]);
    const d = (await drawnBoxes())[0];
    await phone.goto(`${link}&view=3_${(d.x + d.w / 2) / W}_${(d.y + d.h / 2) / H}`);
    await waitUntilIn(phone, 'the phone rays mode to draw', () => window.__broadphaseRays?.frame ?? -1, (f) => f > 2, 20_000);
    const b = await phone.evaluate(() => window.__broadphaseRays.drawnBoxes()[0]);
    assert.ok(b, 'expected the phone page to show the drawn box from the link');
    const at = await phone.evaluate(([x, y]) => window.__broadphaseRays.worldToScreen(x, y), [b.x + b.w / 2, b.y + b.h / 2]);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at.x, y: at.y, id: 1 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await waitUntilIn(phone, 'the tap to select the box', () => window.__broadphaseRays.model.drawn.selected, (id) => id === b.id, 5_000);
    await phone.waitForTimeout(200);
    await phone.screenshot({ path: join(screenshots, 'phone-rays-drawn-boxes.png') });
    await phone.locator('#rays-drawn').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(screenshots, 'phone-rays-drawn-list.png') });
  } finally {
    await cdp.detach();
    await phone.close();
  }
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});

test('a drawn box resizes from its corners and edges and moves from its middle; each drag is one undo step', async () => {
  await page.goto('about:blank');
  await open('paused');
  const ts = await tileSize();
  const [c, r] = await openStretch(3, 2);
  await shiftDrag({ x: (c + 0.25) * ts, y: (r + 0.25) * ts }, { x: (c + 2.75) * ts, y: (r + 1.75) * ts });
  const k = await scale();
  /** Drags box A's handle (ex, ey: -1 left/top, 1 right/bottom, 0 middle) by (dx, dy) CSS px. */
  const dragHandle = async (ex, ey, dx, dy) => {
    const b = (await drawnBoxes())[0];
    const at = await toScreen(b.x + ((ex + 1) / 2) * b.w, b.y + ((ey + 1) / 2) * b.h);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + dx / 2, at.y + dy / 2, { steps: 2 });
    await page.mouse.move(at.x + dx, at.y + dy, { steps: 2 });
    await page.mouse.up();
    return [b, (await drawnBoxes())[0]];
  };
  const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1.5 / k, `${what}: expected ${b.toFixed(2)}, got ${a.toFixed(2)}`);
  for (const [ex, ey] of [[1, 1], [-1, -1], [1, -1], [-1, 1], [0, 1], [0, -1], [1, 0], [-1, 0]]) {
    const [b0, b1] = await dragHandle(ex, ey, 10 * (ex || 1), 8 * (ey || 1));
    const dx = ex === 0 ? 0 : 10 * ex / k;
    const dy = ey === 0 ? 0 : 8 * ey / k;
    near(ex < 0 ? b1.x : b1.x + b1.w, (ex < 0 ? b0.x : b0.x + b0.w) + (ex < 0 ? dx : ex > 0 ? dx : 0), `handle (${ex},${ey}) x edge`);
    near(ey < 0 ? b1.y : b1.y + b1.h, (ey < 0 ? b0.y : b0.y + b0.h) + (ey < 0 ? dy : ey > 0 ? dy : 0), `handle (${ex},${ey}) y edge`);
    if (ex === 0) near(b1.w, b0.w, `handle (${ex},${ey}) keeps the width`);
    if (ey === 0) near(b1.h, b0.h, `handle (${ex},${ey}) keeps the height`);
    const cells = await page.evaluate((b) => Array.from(window.__broadphaseRays.tiles.touchedCells(b.x, b.y, b.w, b.h)), b1);
    assert.deepEqual(b1.cells, cells, 'expected the listed cells to follow the resize');
    await page.keyboard.press('Control+z');
    const back = (await drawnBoxes())[0];
    assert.deepEqual([back.x, back.y, back.w, back.h], [b0.x, b0.y, b0.w, b0.h], `expected Ctrl+Z to undo the (${ex},${ey}) resize in one step`);
  }
  // A finger on the middle moves the box (and does not scroll the page).
  const b0 = (await drawnBoxes())[0];
  const mid = await toScreen(b0.x + b0.w / 2, b0.y + b0.h / 2);
  const cdp = await browser.context.newCDPSession(page);
  try {
    const send = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
    await send('touchStart', mid);
    for (let i = 1; i <= 4; i++) {
      await send('touchMove', { x: mid.x + 5 * i, y: mid.y + 3 * i });
      await page.waitForTimeout(16);
    }
    await send('touchEnd');
  } finally {
    await cdp.detach();
  }
  const b1 = (await drawnBoxes())[0];
  near(b1.x - b0.x, 20 / k, 'the finger moved the box in x');
  near(b1.y - b0.y, 12 / k, 'the finger moved the box in y');
  near(b1.w, b0.w, 'a move keeps the width');
  assert.deepEqual(pageProblems, [], `expected no console or page errors, found ${pageProblems.join('; ')}`);
});
