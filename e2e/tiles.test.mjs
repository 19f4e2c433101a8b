// Browser test of the tile editor (`?mode=tiles`, Metanet's N tutorial B, sections 2–3): serves the
// built page in-process (support.mjs: $BROADPHASE_DIST or dist/), drives
// headless Chromium, and checks what a person would: the preset map has
// slopes and curves and every edge the core reports is drawn; a dragged or
// arrow-keyed box highlights and lists exactly the cells `touchedCells`
// gives; painting a tile changes it and the edges around it; doors change
// edge states; a box pushed into a slope shows the core's push-out.
// Run `npx vite build` first (npm test does); then `node --test e2e/`.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, pixelAt, screenshots, waitUntil } from './support.mjs';

let page;
let baseUrl;
let problems;
let close;

before(async () => {
  ({ page, baseUrl, problems, close } = await launch());
});

after(async () => {
  await close?.();
});

// --- helpers ----------------------------------------------------------

async function open(query = '') {
  await page.goto(`${baseUrl}?mode=tiles${query}`);
  await waitUntil(page, 'the tile editor to draw its first frame', () => window.__broadphaseTiles?.frame ?? -1, (f) => f > 0, 20_000);
}

/** `[col, row, …]` from the readout's "(c,r) (c,r) …" text. */
function parseCells(text) {
  return [...text.matchAll(/\((\d+),(\d+)\)/g)].flatMap((m) => [Number(m[1]), Number(m[2])]);
}

/** Box i as drawn and listed, next to the core's answer for its current rectangle. */
async function boxState(i) {
  return page.evaluate((i) => {
    const t = window.__broadphaseTiles;
    const b = t.boxes()[i];
    return {
      box: b,
      core: Array.from(t.tiles.touchedCells(b.x, b.y, b.w, b.h)),
      drawn: t.highlightedCells(i),
      readout: t.readout(i),
    };
  }, i);
}

/**
 * Waits until box i's highlighted cells and its readout (list and count)
 * both equal `touchedCells` for the box where it is now; returns the state.
 */
async function expectShownCells(i, what) {
  const agree = (s) => {
    const listed = parseCells(s.readout?.cells ?? '');
    const n = s.core.length / 2;
    return (
      JSON.stringify(s.drawn) === JSON.stringify(s.core) &&
      JSON.stringify(listed) === JSON.stringify(s.core) &&
      s.readout?.count === `${n} ${n === 1 ? 'cell' : 'cells'}`
    );
  };
  const deadline = Date.now() + 5_000;
  let s;
  for (;;) {
    s = await boxState(i);
    if (agree(s)) return s;
    if (Date.now() > deadline) break;
    await page.waitForTimeout(40);
  }
  assert.fail(
    `expected box ${s.box.name} (${what}) at ${JSON.stringify(s.box)} to highlight and list touchedCells ${JSON.stringify(s.core)}; ` +
      `highlighted ${JSON.stringify(s.drawn)}, readout ${JSON.stringify(s.readout)}`,
  );
}

async function scale() {
  return page.evaluate(() => {
    const t = window.__broadphaseTiles;
    return t.worldToScreen(1, 0).x - t.worldToScreen(0, 0).x;
  });
}

async function toScreen(x, y) {
  return page.evaluate(([wx, wy]) => window.__broadphaseTiles.worldToScreen(wx, wy), [x, y]);
}

/** Drags with the mouse from one viewport point to another, holding still before letting go. */
async function drag(from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** Drags box i by its middle so its middle lands on world point (x, y). */
async function dragBoxCentreTo(i, x, y) {
  const b = (await boxState(i)).box;
  const from = await toScreen(b.x + b.w / 2, b.y + b.h / 2);
  const to = await toScreen(x, y);
  await drag(from, to);
  return { before: b, from, to };
}

/**
 * An empty cell whose eight neighbours are empty too, clear of every box
 * and its touched cells, away from the map's rim.
 */
async function findQuietCell(skip = []) {
  return page.evaluate((skip) => {
    const t = window.__broadphaseTiles;
    const w = t.tiles;
    const busy = new Set(skip.map(([c, r]) => `${c},${r}`));
    for (const b of t.boxes()) {
      const cells = w.touchedCells(b.x - 30, b.y - 30, b.w + 60, b.h + 60);
      for (let k = 0; k < cells.length; k += 2) busy.add(`${cells[k]},${cells[k + 1]}`);
    }
    for (let r = 3; r < w.rows - 3; r++) {
      for (let c = 3; c < w.cols - 3; c++) {
        let quiet = !busy.has(`${c},${r}`);
        for (let dr = -1; dr <= 1 && quiet; dr++) for (let dc = -1; dc <= 1 && quiet; dc++) quiet = w.tile(c + dc, r + dr) === 'empty';
        if (quiet) return [c, r];
      }
    }
    return null;
  }, skip);
}

async function cellCentre(col, row) {
  const ts = await page.evaluate(() => window.__broadphaseTiles.tiles.tileSize);
  return toScreen((col + 0.5) * ts, (row + 0.5) * ts);
}

async function edgesAround(col, row) {
  return page.evaluate(([c, r]) => ['left', 'right', 'top', 'bottom'].map((s) => window.__broadphaseTiles.tiles.edge(c, r, s)), [col, row]);
}

/**
 * Waits until the map layer shows the core's current revision; returns
 * the core's count of solid and interesting edges (`core`) and of doors.
 */
async function edgeCounts() {
  return waitUntil(
    page,
    "the map layer to show the core's current revision",
    () => {
      const t = window.__broadphaseTiles;
      const lines = t.tiles.edgeLines();
      let core = 0;
      let doors = 0;
      for (let i = 0; i < lines.length; i += 6) {
        if (lines[i + 4] !== 0) core += 1;
        if (lines[i + 5] !== 0) doors += 1;
      }
      return { drawn: t.map.revision, revision: t.tiles.revision, core, doors };
    },
    (c) => c.drawn === c.revision,
  );
}

// --- checks -----------------------------------------------------------

test('the n-level preset has slopes and curves, and every edge the core reports is drawn', async () => {
  await open();
  const info = await page.evaluate(() => {
    const t = window.__broadphaseTiles;
    const w = t.tiles;
    const names = [];
    for (let r = 0; r < w.rows; r++) for (let c = 0; c < w.cols; c++) names.push(w.tile(c, r));
    const edges = Array.from(w.edgeLines());
    return {
      names,
      edges,
      drawn: t.map.edgesRead,
      preset: document.getElementById('tiles-preset').value,
      presetOptions: [...document.querySelectorAll('#tiles-preset option')].map((o) => o.value),
      presets: w.constructor.presets(),
      shapes: w.constructor.shapes(),
      swatches: [...document.querySelectorAll('.tiles-swatch')].map((b) => b.dataset.shape),
      summary: document.getElementById('tiles-summary').textContent,
    };
  });
  assert.equal(info.preset, 'n-level', `expected the default preset "n-level", found "${info.preset}"`);
  assert.deepEqual(info.presetOptions, info.presets, 'expected the preset menu to list TileGrid.presets()');
  assert.deepEqual([...info.swatches].sort(), [...info.shapes].sort(), 'expected one palette swatch per TileGrid.shapes() name');
  const slopes = info.names.filter((n) => /^(slope45|shallow-small|shallow-large|steep-small|steep-large)-(tl|tr|bl|br)$/.test(n));
  const curves = info.names.filter((n) => /^(concave|convex)-(tl|tr|bl|br)$/.test(n));
  assert.ok(slopes.length >= 4, `expected slopes in the n-level map, found ${slopes.length}`);
  assert.ok(curves.length >= 4, `expected curves in the n-level map, found ${curves.length}`);
  const states = info.edges.filter((_, i) => i % 6 === 4);
  const solid = states.filter((s) => s === 1).length;
  const interesting = states.filter((s) => s === 2).length;
  assert.ok(solid > 0 && interesting > 0, `expected both solid and interesting edges, found ${solid} and ${interesting}`);
  assert.equal(info.drawn, info.edges.length / 6, `expected the map layer to draw all ${info.edges.length / 6} edge lines of the core, it read ${info.drawn}`);
  assert.ok(info.summary.includes(`${solid} solid, ${interesting} interesting`), `expected the map summary to count the edges, found "${info.summary}"`);

  // On screen: a solid edge is red, an interesting one grey (midpoints clear of the boxes).
  const sample = await page.evaluate(() => {
    const t = window.__broadphaseTiles;
    const e = t.tiles.edgeLines().slice();
    const boxes = t.boxes();
    const pick = (state) => {
      for (let i = 0; i < e.length; i += 6) {
        if (e[i + 4] !== state) continue;
        const x = (e[i] + e[i + 2]) / 2;
        const y = (e[i + 1] + e[i + 3]) / 2;
        if (boxes.some((b) => x > b.x - 60 && x < b.x + b.w + 60 && y > b.y - 60 && y < b.y + b.h + 60)) continue;
        return t.worldToScreen(x, y);
      }
      return null;
    };
    return { solid: pick(1), interesting: pick(2) };
  });
  const red = await pixelAt(page, sample.solid.x, sample.solid.y);
  assert.ok(red[0] > 180 && red[0] > red[1] + 80 && red[0] > red[2] + 60, `expected a solid edge drawn red, found rgb(${red.join(', ')})`);
  const grey = await pixelAt(page, sample.interesting.x, sample.interesting.y);
  const spread = Math.max(...grey) - Math.min(...grey);
  assert.ok(Math.min(...grey) > 120 && spread < 50, `expected an interesting edge drawn grey, found rgb(${grey.join(', ')})`);
});

test('dragging a box with the mouse highlights and lists exactly its touched cells', async () => {
  await open();
  const px = await scale();
  const start = await expectShownCells(0, 'at the start');
  const ts = await page.evaluate(() => window.__broadphaseTiles.tiles.tileSize);
  const b = start.box;
  const { from, to } = await dragBoxCentreTo(0, b.x + b.w / 2 + 3.4 * ts, b.y + b.h / 2 + 1.3 * ts);
  const moved = await expectShownCells(0, 'after a mouse drag');
  const expectedX = b.x + (to.x - from.x) / px;
  const expectedY = b.y + (to.y - from.y) / px;
  const slack = 1.5 / px; // mouse positions land on whole pixels
  assert.ok(
    Math.abs(moved.box.x - expectedX) <= slack && Math.abs(moved.box.y - expectedY) <= slack,
    `expected box A at (${expectedX.toFixed(2)}, ${expectedY.toFixed(2)}) ± ${slack.toFixed(2)}, found (${moved.box.x.toFixed(2)}, ${moved.box.y.toFixed(2)})`,
  );
  assert.notDeepEqual(moved.core, start.core, 'expected the drag to change the cells box A touches');

  // The corner handle resizes: box B grows by the drag.
  const wide = (await boxState(1)).box;
  const corner = await toScreen(wide.x + wide.w, wide.y + wide.h);
  await drag(corner, { x: corner.x + 40, y: corner.y - 30 });
  const grown = await expectShownCells(1, 'after resizing by its corner');
  assert.ok(
    Math.abs(grown.box.w - (wide.w + 40 / px)) <= slack && Math.abs(grown.box.h - Math.max(2, wide.h - 30 / px)) <= slack,
    `expected box B to become ${(wide.w + 40 / px).toFixed(1)} × ${Math.max(2, wide.h - 30 / px).toFixed(1)}, found ${grown.box.w.toFixed(1)} × ${grown.box.h.toFixed(1)}`,
  );
  assert.equal(grown.box.x, wide.x, 'expected resizing to keep the box\'s top-left corner');
});

test('arrow keys move the selected box and Shift+arrows resize it; the cells follow', async () => {
  await page.locator('#world').focus();
  await page.keyboard.press('1');
  assert.equal(await page.evaluate(() => window.__broadphaseTiles.selected), 0, 'expected "1" to select box A');
  const step = await page.evaluate(() => window.__broadphaseTiles.keyStep);
  const before = (await boxState(0)).box;
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowDown');
  const moved = await expectShownCells(0, 'after arrow keys');
  assert.ok(
    Math.abs(moved.box.x - (before.x + 5 * step)) < 1e-9 && Math.abs(moved.box.y - (before.y + 3 * step)) < 1e-9,
    `expected 5 × → and 3 × ↓ to move box A by (${5 * step}, ${3 * step}), it went from (${before.x}, ${before.y}) to (${moved.box.x}, ${moved.box.y})`,
  );
  for (let k = 0; k < 6; k++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  const resized = await expectShownCells(0, 'after Shift+arrow keys');
  assert.ok(
    Math.abs(resized.box.w - (before.w + 6 * step)) < 1e-9 && Math.abs(resized.box.h - (before.h + step)) < 1e-9,
    `expected Shift+arrows to grow box A to ${before.w + 6 * step} × ${before.h + step}, found ${resized.box.w} × ${resized.box.h}`,
  );
  assert.ok(resized.core.length > moved.core.length, `expected the bigger box to touch more cells (${moved.core.length / 2} before, ${resized.core.length / 2} after)`);

  // Another box by its readout button, then the keys move that one.
  await page.click('[data-box="3"] .tiles-box-name');
  await page.locator('#world').focus();
  const c0 = (await boxState(2)).box;
  await page.keyboard.press('ArrowLeft');
  const c1 = await expectShownCells(2, 'after selecting it in the readout and pressing ←');
  assert.ok(Math.abs(c1.box.x - (c0.x - step)) < 1e-9, `expected ← to move box C left by ${step}, it went ${c0.x} → ${c1.box.x}`);
});

test('the keyboard alone: Esc lets go of the box, the arrows move a tile cursor (drawn), Enter paints and erases, I draws a box that the arrows size; Tab leaves', async () => {
  await open();
  await page.locator('#world').focus();
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => window.__broadphaseTiles.selected), -1, 'expected Esc to let go of the selected box');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'world', 'expected the first Esc to keep the map focused');
  // The cursor starts in the middle of the view; three cells right, one down.
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  const cursor = await page.evaluate(() => window.__broadphaseTiles.cursor());
  assert.ok(Array.isArray(cursor), `expected a tile cursor, got ${JSON.stringify(cursor)}`);
  const [col, row] = cursor;
  const ts = await page.evaluate(() => window.__broadphaseTiles.tiles.tileSize);
  // Drawn: the cursor's dashed ring in the keyboard's colour on the cell's edge.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const ring = [];
  for (let i = 1; i < 8; i++) {
    const at = await page.evaluate(([x, y]) => window.__broadphaseTiles.worldToScreen(x, y), [(col + i / 8) * ts, row * ts]);
    ring.push(await pixelAt(page, at.x, at.y));
  }
  assert.ok(ring.some(([r, g, b]) => r > 200 && g > 150 && b < 140), `expected the cursor's amber ring on the cell's top edge, saw ${JSON.stringify(ring)}`);
  const shape = await page.evaluate(() => window.__broadphaseTiles.shape);
  const tileAt = () => page.evaluate(([c, r]) => window.__broadphaseTiles.tiles.tile(c, r), [col, row]);
  await page.keyboard.press('Enter');
  assert.equal(await tileAt(), shape, 'expected Enter to paint the shape in hand on the cursor\'s cell');
  await page.keyboard.press('e');
  await page.keyboard.press('Enter');
  assert.equal(await tileAt(), 'empty', 'expected Enter with Erase to empty the cell');
  await page.keyboard.press('Control+z');
  assert.equal(await tileAt(), shape, 'expected Ctrl+Z to bring the tile back');
  await page.keyboard.press('Delete');
  assert.equal(await tileAt(), 'empty', 'expected Delete to erase the cursor\'s cell');
  // A box on the cursor's cell, then sized from the keyboard.
  const count = await page.evaluate(() => window.__broadphaseTiles.boxes().length);
  await page.keyboard.press('i');
  const boxes = await page.evaluate(() => window.__broadphaseTiles.boxes());
  assert.equal(boxes.length, count + 1, 'expected I to draw a box');
  const made = boxes[boxes.length - 1];
  assert.deepEqual([made.x, made.y, made.w, made.h], [col * ts, row * ts, ts, ts], 'expected the new box on the cursor\'s cell');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  const sized = (await page.evaluate(() => window.__broadphaseTiles.boxes())).find((b) => b.id === made.id);
  assert.ok(sized.w > made.w, `expected Shift+arrows to widen the new box: ${made.w} → ${sized.w}`);
  await page.keyboard.press('Tab');
  assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'world', 'expected Tab to leave the map');
  const help = await page.evaluate(() => document.getElementById('stage-help').textContent);
  assert.match(help, /keyboard: Esc lets go of the box, then the arrows move a tile cursor, Enter paints, I draws a box/, `expected the help to say how: "${help}"`);
  // The tests after this one go on from a fresh editor.
  await open();
});

test('a finger drags a box too (touch pointer events, no page scroll)', async () => {
  const px = await scale();
  const c0 = (await boxState(2)).box;
  const from = await toScreen(c0.x + c0.w / 2, c0.y + c0.h / 2);
  const path = [0.25, 0.5, 0.75, 1].map((f) => ({ x: from.x + 60 * f, y: from.y + 45 * f }));
  const cdp = await page.context().newCDPSession(page);
  try {
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
    await touch('touchStart', from);
    for (const p of path) await touch('touchMove', p);
    await touch('touchEnd');
  } finally {
    await cdp.detach();
  }
  const c1 = await expectShownCells(2, 'after a touch drag');
  const slack = 1.5 / px;
  assert.ok(
    Math.abs(c1.box.x - (c0.x + 60 / px)) <= slack && Math.abs(c1.box.y - (c0.y + 45 / px)) <= slack,
    `expected the touch drag to move box C by (${(60 / px).toFixed(1)}, ${(45 / px).toFixed(1)}), it went from (${c0.x.toFixed(1)}, ${c0.y.toFixed(1)}) to (${c1.box.x.toFixed(1)}, ${c1.box.y.toFixed(1)})`,
  );
  const scrolled = await page.evaluate(() => [window.scrollX, window.scrollY]);
  assert.deepEqual(scrolled, [0, 0], 'expected the touch drag not to scroll the page');
  const touchAction = await page.locator('#world').evaluate((c) => getComputedStyle(c).touchAction);
  assert.equal(touchAction, 'pan-x pan-y', 'expected the canvas to leave one-finger scrolling to the page (touch-action: pan-x pan-y) and take the drag by cancelling its touchstart');
});

test('painting a tile by clicking changes it and the edges around it; R turns the shape; right-click erases', async () => {
  const cell = await findQuietCell();
  assert.ok(cell, 'expected an empty cell with empty neighbours to paint');
  const [col, row] = cell;
  assert.deepEqual(await edgesAround(col, row), ['empty', 'empty', 'empty', 'empty'], `expected cell (${col}, ${row})'s sides to start empty`);
  const edges0 = await edgeCounts();

  await page.click('.tiles-swatch[data-shape="convex-tl"]');
  await page.keyboard.press('r');
  // The panels catch up on the next frame.
  await waitUntil(
    page,
    'R to turn convex-tl a quarter clockwise into convex-tr, shown in hand and marked in the palette',
    () => ({
      inHand: document.getElementById('tiles-in-hand').textContent,
      pressed: [...document.querySelectorAll('.tiles-swatch[aria-pressed="true"]')].map((e) => e.dataset.shape),
    }),
    (s) => s.inHand === 'convex-tr' && s.pressed.length === 1 && s.pressed[0] === 'convex-tr',
  );

  const at = await cellCentre(col, row);
  await page.mouse.click(at.x, at.y);
  const shape = await page.evaluate(([c, r]) => window.__broadphaseTiles.tiles.tile(c, r), [col, row]);
  assert.equal(shape, 'convex-tr', `expected clicking cell (${col}, ${row}) to paint convex-tr, found "${shape}"`);
  const around = await edgesAround(col, row);
  assert.ok(around.every((s) => s !== 'empty'), `expected every side of a lone shaped tile to be solid or interesting, found ${JSON.stringify(around)}`);
  assert.deepEqual(around, ['interesting', 'solid', 'solid', 'interesting'], 'expected convex-tr: solid top and right, interesting left and bottom');
  const edges1 = await edgeCounts();
  assert.equal(edges1.core, edges0.core + 4, `expected the paint to add the cell's 4 edges (${edges0.core} → ${edges1.core})`);
  // Redrawn from the core's change journal: the painted cell and the four
  // beside its four new edges (what the journal reports: a 3 × 3 block),
  // with the ring their strokes reach into (5 × 5 cells copied into the
  // cache), reading only the edge lines around them, not the map.
  const map = await page.evaluate(() => window.__broadphaseTiles.map);
  assert.equal(map.cellsRedrawn, 25, `expected the paint to repaint the 5 × 5 cells around the painted one, repainted ${map.cellsRedrawn}`);
  assert.ok(map.edgesRead > 0 && map.edgesRead <= 7 * 7 * 2 + 14, `expected the repaint to read only the edge lines around those cells, it read ${map.edgesRead}`);

  // A full tile next to it: the shared side is solid from one cell only.
  await page.click('.tiles-swatch[data-shape="full"]');
  const right = await cellCentre(col + 1, row);
  await page.mouse.click(right.x, right.y);
  assert.equal(await page.evaluate(([c, r]) => window.__broadphaseTiles.tiles.edge(c, r, 'right'), [col, row]), 'empty', 'expected the side shared by convex-tr\'s solid right face and a full tile to simplify to empty');
  await edgeCounts();

  // The right button erases with any tool.
  await page.mouse.click(right.x, right.y, { button: 'right' });
  await page.mouse.click(at.x, at.y, { button: 'right' });
  const erased = await page.evaluate(([c, r]) => [window.__broadphaseTiles.tiles.tile(c, r), window.__broadphaseTiles.tiles.tile(c + 1, r)], [col, row]);
  assert.deepEqual(erased, ['empty', 'empty'], `expected right-clicks to erase both tiles, found ${JSON.stringify(erased)}`);
  const edges2 = await edgeCounts();
  assert.equal(edges2.core, edges0.core, 'expected the edges back to what they were');

  // A drag paints a stroke, one tile per cell crossed.
  await page.keyboard.press('p');
  const a = await cellCentre(col - 1, row);
  const b = await cellCentre(col + 1, row);
  await drag(a, b);
  const stroke = await page.evaluate(([c, r]) => [-1, 0, 1].map((d) => window.__broadphaseTiles.tiles.tile(c + d, r)), [col, row]);
  assert.deepEqual(stroke, ['full', 'full', 'full'], `expected a drag to paint three full tiles, found ${JSON.stringify(stroke)}`);
  await edgeCounts();
  await page.keyboard.press('e');
  await drag(a, b);
  await page.keyboard.press('p');
  const cleared = await page.evaluate(([c, r]) => [-1, 0, 1].map((d) => window.__broadphaseTiles.tiles.tile(c + d, r)), [col, row]);
  assert.deepEqual(cleared, ['empty', 'empty', 'empty'], `expected an eraser drag to empty them, found ${JSON.stringify(cleared)}`);
});

test('every quarter turn R makes is the shape\'s solid region turned a quarter', async () => {
  const mismatches = await page.evaluate(() => {
    const t = window.__broadphaseTiles;
    // What a shape looks like, straight from the core: no map needed.
    const W = t.tiles.constructor;
    const points = (name, turn) => {
      const o = W.shapeOutline(name, 16);
      const out = [];
      for (let i = 0; i < o.length; i += 2) {
        const [x, y] = turn ? [1 - o[i + 1], o[i]] : [o[i], o[i + 1]];
        out.push(`${x.toFixed(6)},${y.toFixed(6)}`.replace(/-0\.000000/g, '0.000000'));
      }
      return [...new Set(out)].sort().join(' ');
    };
    const bad = [];
    const keep = t.editor.shape;
    for (const name of W.shapes()) {
      if (name === 'empty') continue;
      t.editor.setShape(name);
      t.editor.rotate(true);
      const turned = t.editor.shape;
      if (points(name, true) !== points(turned, false)) bad.push(`${name} → ${turned}`);
    }
    t.editor.setShape(keep);
    return bad;
  });
  assert.deepEqual(mismatches, [], `expected each rotation to match the turned outline, these did not: ${mismatches.join(', ')}`);
});

test('the door tool cycles a cell side through closed, open and no door', async () => {
  const cell = await findQuietCell();
  assert.ok(cell, 'expected a quiet cell for a door');
  const [col, row] = cell;
  await page.keyboard.press('d');
  await waitUntil(page, 'D to pick the door tool', () => document.getElementById('tiles-tool-door').getAttribute('aria-pressed'), (p) => p === 'true');
  const ts = await page.evaluate(() => window.__broadphaseTiles.tiles.tileSize);
  const nearLeft = await toScreen((col + 0.12) * ts, (row + 0.5) * ts);
  const seen = [];
  for (let k = 0; k < 3; k++) {
    await page.mouse.click(nearLeft.x, nearLeft.y);
    seen.push(
      await page.evaluate(([c, r]) => {
        const t = window.__broadphaseTiles.tiles;
        return { edge: t.edge(c, r, 'left'), twin: t.edge(c - 1, r, 'right'), doors: t.doors().filter((d) => d !== 0).length };
      }, [col, row]),
    );
    await edgeCounts();
  }
  assert.deepEqual(
    seen,
    [
      { edge: 'solid', twin: 'solid', doors: 1 },
      { edge: 'empty', twin: 'empty', doors: 1 },
      { edge: 'empty', twin: 'empty', doors: 0 },
    ],
    'expected closed (solid), open (empty), then no door (empty), the same seen from both cells',
  );
  // An open door in a solid edge takes it out of the outline.
  const floor = await page.evaluate(() => {
    const w = window.__broadphaseTiles.tiles;
    for (let r = 1; r < w.rows; r++) for (let c = 2; c < w.cols - 2; c++) if (w.edge(c, r, 'top') === 'solid' && w.tile(c, r) === 'full' && w.tile(c, r - 1) === 'empty') return [c, r];
    return null;
  });
  assert.ok(floor, 'expected a floor: a full tile with its top edge solid');
  const before = await edgeCounts();
  const onTop = await toScreen((floor[0] + 0.5) * ts, (floor[1] + 0.08) * ts);
  await page.mouse.click(onTop.x, onTop.y);
  await page.mouse.click(onTop.x, onTop.y);
  const edge = await page.evaluate(([c, r]) => window.__broadphaseTiles.tiles.edge(c, r, 'top'), floor);
  assert.equal(edge, 'empty', 'expected an open door to make a solid floor edge empty');
  const afterOpen = await edgeCounts();
  assert.equal(afterOpen.core, before.core - 1, 'expected one edge fewer with the door open');
  assert.equal(afterOpen.doors, 1, 'expected the open door on the map');
  await page.keyboard.press('p');
});

test('a box dragged into a slope shows the push-out the core computes, and Resolve applies it', async () => {
  const target = await page.evaluate(() => {
    const w = window.__broadphaseTiles.tiles;
    for (let r = 1; r < w.rows - 1; r++) {
      for (let c = 1; c < w.cols - 1; c++) {
        const name = w.tile(c, r);
        if (!name.startsWith('slope45-')) continue;
        const corner = name.slice(-2);
        // The centroid of the solid triangle.
        return { c, r, name, fx: corner[1] === 'r' ? 2 / 3 : 1 / 3, fy: corner[0] === 'b' ? 2 / 3 : 1 / 3 };
      }
    }
    return null;
  });
  assert.ok(target, 'expected a 45° slope in the map');
  const ts = await page.evaluate(() => window.__broadphaseTiles.tiles.tileSize);
  await dragBoxCentreTo(0, (target.c + target.fx) * ts, (target.r + target.fy) * ts);
  const shown = await waitUntil(
    page,
    'a push-out arrow for box A',
    () => {
      const t = window.__broadphaseTiles;
      const b = t.boxes()[0];
      return { shown: t.pushShown(0), core: Array.from(t.tiles.pushOut(b.x, b.y, b.w, b.h)), text: t.readout(0) && document.querySelector('[data-box="1"] .tiles-push-text').textContent };
    },
    (s) => s.shown !== null,
  );
  assert.deepEqual(shown.shown, shown.core, `expected the arrow drawn to be pushOut's ${JSON.stringify(shown.core)}, drew ${JSON.stringify(shown.shown)}`);
  assert.ok(Math.hypot(...shown.core) > 0.5, `expected a real push out of ${target.name} at (${target.c}, ${target.r}), found ${JSON.stringify(shown.core)}`);
  assert.ok(shown.text.startsWith('push-out ('), `expected the readout to show the push-out, found "${shown.text}"`);
  await expectShownCells(0, `sunk in ${target.name}`);

  const before = (await boxState(0)).box;
  await page.click('[data-box="1"] .tiles-resolve');
  const after = await waitUntil(
    page,
    'Resolve to move box A out',
    () => {
      const t = window.__broadphaseTiles;
      const b = t.boxes()[0];
      return { box: b, rest: Array.from(t.tiles.pushOut(b.x, b.y, b.w, b.h)), shown: t.pushShown(0) };
    },
    (s) => s.box.x !== before.x || s.box.y !== before.y,
  );
  assert.ok(Math.abs(after.box.x - (before.x + shown.core[0])) < 1e-9 && Math.abs(after.box.y - (before.y + shown.core[1])) < 1e-9, 'expected Resolve to move the box by exactly the push-out');
  assert.ok(Math.hypot(...after.rest) < 1e-6, `expected the resolved box to need no more push, found ${JSON.stringify(after.rest)}`);
  await expectShownCells(0, 'after Resolve');
});

test('bad input to the wasm core shows a notice and the editor keeps working', async () => {
  const results = await page.evaluate(() => {
    const e = window.__broadphaseTiles.editor;
    return [e.setTile(9999, 0, 'full'), e.setTile(1, 1, 'hexagon'), e.loadPreset('no-such-map'), e.preset];
  });
  assert.deepEqual(results, [false, false, false, 'n-level'], 'expected refused edits to report false and leave the preset alone');
  const notice = await waitUntil(page, 'a notice about the refused edit', () => window.__broadphaseTiles.notice(), (n) => n !== null);
  assert.ok(/no-such-map|preset/.test(notice), `expected the notice to name the bad preset, found "${notice}"`);
  await page.locator('#world').focus();
  await page.keyboard.press('ArrowDown');
  await expectShownCells(0, 'after the refused edits');
});

test('presets and the shape in hand come from the URL and go back into it', async () => {
  await open('&preset=gallery&shape=concave-bl');
  const state = await page.evaluate(() => ({
    preset: document.getElementById('tiles-preset').value,
    inHand: document.getElementById('tiles-in-hand').textContent,
    tile: window.__broadphaseTiles.tiles.tile(2, 3),
  }));
  assert.deepEqual(state, { preset: 'gallery', inHand: 'concave-bl', tile: 'slope45-tl' }, 'expected ?preset=gallery&shape=concave-bl to load the gallery with concave-bl in hand');
  const galleryTiles = await page.evaluate(() => Array.from(window.__broadphaseTiles.tiles.tileIndices()));
  await page.selectOption('#tiles-preset', 'slopes');
  await waitUntil(page, 'preset=slopes in the address bar', () => new URLSearchParams(location.hash.slice(1)).get('preset'), (p) => p === 'slopes');
  const after = await edgeCounts();
  assert.ok(after.core > 0, 'expected the slopes preset to have edges');
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.startsWith('#mode=tiles'), `expected the mode to stay first in the hash, found "${hash}"`);
  // Same grid size: only the tiles that differ between the maps are repainted.
  const repaint = await page.evaluate((before) => {
    const t = window.__broadphaseTiles;
    const now = t.tiles.tileIndices();
    return { changed: before.filter((v, i) => v !== now[i]).length, redrawn: t.map.cellsRedrawn, all: t.tiles.cols * t.tiles.rows };
  }, galleryTiles);
  assert.ok(repaint.changed > 0, 'expected the slopes map to differ from the gallery');
  // The changed tiles and the cells beside edges that changed: far fewer than the map.
  assert.ok(repaint.redrawn >= repaint.changed && repaint.redrawn < repaint.all, `expected the ${repaint.changed} changed tiles (and their neighbours) to be repainted, not all ${repaint.all} cells; repainted ${repaint.redrawn}`);
  await page.click('#tiles-clear');
  const cleared = await page.evaluate(() => window.__broadphaseTiles.tiles.edgeLines().length);
  assert.equal(cleared, 0, 'expected Clear to leave no edges');
  await edgeCounts();
});

test('switching to another mode and back takes the editor down and brings it up again', async () => {
  await page.click('#tab-quadtree');
  await waitUntil(page, 'the tile editor to be gone', () => window.__broadphaseTiles === undefined && document.querySelector('#tiles-readout') === null, (gone) => gone);
  await page.keyboard.press('r'); // the tile editor's R must not fire any more
  await page.click('#tab-tiles');
  await waitUntil(page, 'the tile editor to draw again', () => window.__broadphaseTiles?.frame ?? -1, (f) => f > 0);
  const preset = await page.evaluate(() => window.__broadphaseTiles.editor.preset);
  assert.equal(preset, 'n-level', 'expected the tiles tab to open on the default preset');
  await expectShownCells(0, 'after coming back to the tab');
  assert.deepEqual(problems, [], `expected no console or page errors, found ${problems.join('; ')}`);
});

test('on a 2× screen the canvas backing store doubles and cells still line up', async () => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1440, height: 900, deviceScaleFactor: 2, mobile: false });
  try {
    const sizes = await waitUntil(
      page,
      'the canvas to match 2 × its CSS size',
      () => {
        const c = document.getElementById('world');
        const r = c.getBoundingClientRect();
        return { w: c.width, h: c.height, cssW: r.width, cssH: r.height, dpr: window.devicePixelRatio };
      },
      (s) => s.dpr === 2 && s.w === Math.round(s.cssW * 2) && s.h === Math.round(s.cssH * 2),
    );
    assert.equal(sizes.dpr, 2);
    await expectShownCells(1, 'on a 2× screen');
    const b = (await boxState(1)).box;
    const centre = await toScreen(b.x + b.w / 2, b.y + b.h / 2);
    const back = await page.evaluate(({ x, y }) => window.__broadphaseTiles.screenToWorld(x, y), centre);
    assert.ok(Math.abs(back.x - (b.x + b.w / 2)) < 1e-6 && Math.abs(back.y - (b.y + b.h / 2)) < 1e-6, 'expected screenToWorld to invert worldToScreen');
  } finally {
    await cdp.send('Emulation.clearDeviceMetricsOverride');
    await cdp.detach();
  }
});

test('screenshot: slopes and curves, coloured edges, a dragged box\'s touched cells and the readout', async () => {
  await open();
  const ts = await page.evaluate(() => window.__broadphaseTiles.tiles.tileSize);
  // Doors: the underside of the ledge's slope closed, a hatch opened in the floating platform.
  await page.keyboard.press('d');
  for (const [x, y, clicks] of [[4.5, 8.93, 1], [12.5, 15.07, 2]]) {
    const at = await toScreen(x * ts, y * ts);
    for (let k = 0; k < clicks; k++) await page.mouse.click(at.x, at.y);
  }
  await page.keyboard.press('p');
  // Box B dragged into the stair of 45° slopes at the bottom right.
  await dragBoxCentreTo(1, 22.6 * ts, 19.6 * ts);
  const b = await expectShownCells(1, 'dragged for the screenshot');
  assert.ok(b.core.length / 2 >= 6, `expected box B to touch several cells, found ${b.core.length / 2}`);
  const push = await waitUntil(page, 'a push-out arrow for box B', () => window.__broadphaseTiles.pushShown(1), (p) => p !== null);
  assert.ok(Math.hypot(...push) > 0, 'expected box B to need a push out of the slopes');
  assert.equal(await page.evaluate(() => window.__broadphaseTiles.tiles.doors().filter((d) => d !== 0).length), 2, 'expected two doors on the map');
  await page.locator('#world').focus();
  await page.keyboard.press('2');
  // Point at the readout, so no hover preview sits on the map.
  await page.mouse.move(1300, 700);
  await page.waitForTimeout(200);
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'tiles.png') });
  assert.deepEqual(problems, [], `expected no console or page errors, found ${problems.join('; ')}`);
});
