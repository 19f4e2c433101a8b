// Browser test of the rays mode: serves the built page ($BROADPHASE_DIST,
// default dist/) in-process (see support.mjs), opens $BROADPHASE_RAYS_PATH
// (default index.html?mode=rays) in headless Chromium, and checks what a
// learner sees against the wasm World itself: the shaded cells are
// traceCells in order, the readout is castRay, the step-through's numbers
// are traceSteps, the enemy's state is lineOfSight.
// Run `npx vite build` first (npm test does); then `node --test e2e/`.
// The mode alone: `npx vite build --config www/modes/rays/vite.dev.config.ts`
// and `BROADPHASE_DIST=/tmp/dist-rays node --test e2e/rays.test.mjs`.

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
      return { same, shaded: bp.shadedCells(), expected: Array.from(bp.world.traceCells(r.x0, r.y0, r.x1, r.y1)) };
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
    hit: h.objectId !== 0 ? `object #${h.objectId}` : `tile (${h.col}, ${h.row})`,
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

test('dragging ray end B re-traces: the shaded cells are traceCells, in order', async () => {
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

  const { shaded, expected } = await tracedNow();
  assert.ok(expected.length >= 2 * 8, `expected the new ray to pass through at least 8 cells, traceCells gave ${expected.length / 2}`);
  assert.deepEqual(shaded, expected, `expected the shaded cells to be traceCells in order:\n  shaded   ${pairs(shaded)}\n  expected ${pairs(expected)}`);
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
  assert.equal(shownBox.hit, 'object #4');
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
  await page.click('#dda-step');
  for (let k = 0; k < 5; k++) {
    if (k > 0) await page.keyboard.press('n');
    const s = steps.slice(9 * k, 9 * k + 9);
    const want = { index: k, cell: `(${s[0]}, ${s[1]})`, tMaxX: param(s[5]), tMaxY: param(s[6]), tDeltaX: param(s[7]), tDeltaY: param(s[8]) };
    const shown = await waitUntil(
      `the step panel to show step ${k}`,
      () => {
        const text = (id) => document.getElementById(id)?.textContent ?? null;
        return {
          index: window.__broadphaseRays.stepIndex,
          cell: text('dda-cell'),
          tMaxX: text('dda-tmax-x'),
          tMaxY: text('dda-tmax-y'),
          tDeltaX: text('dda-tdelta-x'),
          tDeltaY: text('dda-tdelta-y'),
        };
      },
      (r) => JSON.stringify(r) === JSON.stringify(want),
    );
    assert.deepEqual(shown, want);
    // The axis named next is the one with the smaller tMax, and the next step goes there.
    const next = await page.locator('#dda-next').textContent();
    const axis = s[5] < s[6] ? 'step x' : s[6] < s[5] ? 'step y' : 'step both';
    assert.ok(next.includes(axis), `expected step ${k} (tMaxX ${s[5]}, tMaxY ${s[6]}) to announce "${axis}", found "${next}"`);
    const t = steps.slice(9 * (k + 1), 9 * (k + 1) + 2);
    assert.ok(next.includes(`(${t[0]}, ${t[1]})`), `expected step ${k} to name the next cell (${t[0]}, ${t[1]}), found "${next}"`);
    assert.deepEqual(await page.evaluate(() => window.__broadphaseRays.shadedCells().length / 2), k + 1, `expected ${k + 1} cells shaded at step ${k}`);
  }
  await page.keyboard.press('Shift+N');
  await waitUntil('Shift+N to go one step back', () => window.__broadphaseRays.stepIndex, (i) => i === 3);
  await page.keyboard.press('Escape');
  await waitUntil('Esc to show the whole ray again', () => window.__broadphaseRays.stepIndex, (i) => i === null);
});

test('keyboard: Tab picks A on the focused canvas, arrows move it, the trace follows', async () => {
  const ts = await tileSize();
  await page.locator('#world').focus();
  const before = await ray();
  await page.keyboard.press('Tab');
  const selected = await page.evaluate(() => window.__broadphaseRays.mode.ui.selected);
  assert.equal(selected, 'start', `expected Tab on the canvas to pick the ray start, found ${selected}`);
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
    const shown = bp.mode.model.sight.block;
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
