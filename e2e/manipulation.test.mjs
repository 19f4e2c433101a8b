// Browser tests of direct manipulation: drawing, resizing and deleting boxes
// in the tile editor, undo and redo, snapping, touch that scrolls the page
// (and pinch that zooms the view), share links that keep every edit, the
// hierarchy's Shift-drag detach and keyboard attach, and number boxes that
// refuse bad values visibly. Each test checks what a person would see.
// Run `npx vite build` first (npm test does); then `node --test e2e/`.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, screenshots, waitUntil } from './support.mjs';

let page;
let context;
let baseUrl;
let problems;
let close;

before(async () => {
  ({ page, context, baseUrl, problems, close } = await launch());
});

after(async () => {
  await close?.();
});

// --- helpers ----------------------------------------------------------------

async function openTiles(hash = '') {
  // A fresh page each time: a hash-only navigation would keep the old editor's edits.
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=tiles${hash}`);
  await waitUntil(page, 'the tile editor to draw', () => window.__broadphaseTiles?.frame ?? -1, (f) => f > 1, 20_000);
}

const T = (fn, arg) => page.evaluate(fn, arg);

async function toScreen(x, y, handle = '__broadphaseTiles') {
  return page.evaluate(([x, y, h]) => window[h].worldToScreen(x, y), [x, y, handle]);
}

/** Two frames, so what changed is on the canvas. */
async function settle(handle = '__broadphaseTiles') {
  const f0 = await page.evaluate((h) => window[h].frame, handle);
  await waitUntil(page, 'two more frames', (h) => window[h].frame, (f) => f >= f0 + 2, 5_000, handle);
}

/** The canvas's pixels, with no hover, no focus ring and box A selected (so two pages can match). */
async function canvasPicture() {
  await page.mouse.move(2, 2);
  await page.evaluate(() => {
    document.activeElement?.blur?.();
    const t = window.__broadphaseTiles;
    t.editor.select(t.boxes()[0].id);
  });
  await settle();
  return page.evaluate(() => document.getElementById('world').toDataURL());
}

/** An empty cell with empty neighbours, away from every box. */
async function quietCell() {
  return T(() => {
    const t = window.__broadphaseTiles;
    const w = t.tiles;
    const busy = new Set();
    for (const b of t.boxes()) {
      const cells = w.touchedCells(Math.max(0, b.x - 40), Math.max(0, b.y - 40), b.w + 80, b.h + 80);
      for (let k = 0; k < cells.length; k += 2) busy.add(`${cells[k]},${cells[k + 1]}`);
    }
    for (let r = 3; r < w.rows - 3; r++) {
      for (let c = 3; c < w.cols - 6; c++) {
        let quiet = true;
        for (let dr = -1; dr <= 1 && quiet; dr++) for (let dc = -1; dc <= 4 && quiet; dc++) quiet = w.tile(c + dc, r + dr) === 'empty' && !busy.has(`${c + dc},${r + dr}`);
        if (quiet) return [c, r];
      }
    }
    return null;
  });
}

async function cellCentre(col, row) {
  const ts = await T(() => window.__broadphaseTiles.tiles.tileSize);
  return toScreen((col + 0.5) * ts, (row + 0.5) * ts);
}

/**
 * A one-finger touch path through CDP (real touch events: the browser may
 * scroll); `holdMs` keeps the finger still first (a long press).
 */
async function touchPath(points, holdMs = 0) {
  const cdp = await context.newCDPSession(page);
  try {
    const send = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
    await send('touchStart', points[0]);
    if (holdMs > 0) await page.waitForTimeout(holdMs);
    for (const p of points.slice(1)) {
      await send('touchMove', p);
      await page.waitForTimeout(16);
    }
    await send('touchEnd');
  } finally {
    await cdp.detach();
  }
}

// --- boxes in the tile editor ---------------------------------------------------

test('the Box tool and Shift-drag draw new boxes whose touched cells are the core\'s', async () => {
  await openTiles();
  const cell = await quietCell();
  assert.ok(cell, 'expected a quiet stretch of map to draw on');
  const n0 = (await T(() => window.__broadphaseTiles.boxes())).length;
  const a = await cellCentre(cell[0], cell[1]);
  const b = await cellCentre(cell[0] + 2, cell[1] + 1);

  await page.click('#tiles-tool-box');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
  const boxes = await T(() => window.__broadphaseTiles.boxes());
  assert.equal(boxes.length, n0 + 1, `expected the Box tool drag to add a box (${n0} → ${boxes.length})`);
  const drawn = boxes[boxes.length - 1];
  assert.equal(drawn.name, 'D', `expected the fourth box to be labelled D, got ${drawn.name}`);
  await settle();
  const shown = await T((i) => {
    const t = window.__broadphaseTiles;
    const b = t.boxes()[i];
    return { core: Array.from(t.tiles.touchedCells(b.x, b.y, b.w, b.h)), drawn: t.highlightedCells(i), readout: t.readout(i) };
  }, boxes.length - 1);
  assert.deepEqual(shown.drawn, shown.core, 'expected the new box\'s highlighted cells to be touchedCells for it');
  const listed = [...shown.readout.cells.matchAll(/\((\d+),(\d+)\)/g)].flatMap((m) => [Number(m[1]), Number(m[2])]);
  assert.deepEqual(listed, shown.core, 'expected the readout to list the new box\'s touched cells');
  assert.equal(shown.core.length / 2, 6, `expected a box from cell (${cell}) to two cells right and one down to touch 3 × 2 cells`);

  // Shift-drag with the paint tool draws a box too, and paints nothing.
  await page.click('#tiles-tool-paint');
  const ascii0 = await T(() => window.__broadphaseTiles.tiles.ascii());
  const c = await cellCentre(cell[0] + 3, cell[1] - 1);
  await page.keyboard.down('Shift');
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await page.mouse.move(c.x + 30, c.y + 20, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  assert.equal((await T(() => window.__broadphaseTiles.boxes())).length, n0 + 2, 'expected Shift-drag to draw a second box');
  assert.equal(await T(() => window.__broadphaseTiles.tiles.ascii()), ascii0, 'expected Shift-drag to paint no tile');

  // Delete removes the selected box; Ctrl+Z brings it back under its label.
  await page.keyboard.press('Delete');
  assert.equal((await T(() => window.__broadphaseTiles.boxes())).length, n0 + 1, 'expected Delete to remove the selected box');
  await page.keyboard.press('Control+z');
  const back = await T(() => window.__broadphaseTiles.boxes().map((b) => b.name));
  assert.deepEqual(back.slice(-2), ['D', 'E'], `expected undo to bring box E back, boxes are ${back}`);
  assert.deepEqual(problems, [], 'expected no console errors');
});

test('every edge and corner resizes a box; the middle of a tiny box moves it, by mouse and by finger', async () => {
  await openTiles();
  const box = await T(() => window.__broadphaseTiles.boxes()[1]);
  // The left edge: x moves, the right edge stays.
  const left = await toScreen(box.x, box.y + box.h / 2);
  await page.mouse.move(left.x, left.y);
  await page.mouse.down();
  await page.mouse.move(left.x - 30, left.y, { steps: 3 });
  await page.mouse.up();
  const b1 = await T(() => window.__broadphaseTiles.boxes()[1]);
  assert.ok(b1.x < box.x - 5, `expected the left-edge drag to move x left (${box.x} → ${b1.x})`);
  assert.ok(Math.abs(b1.x + b1.w - (box.x + box.w)) < 1e-9, 'expected the right edge to stay put');
  assert.equal(b1.y, box.y, 'expected y to stay put');
  // The top-right corner: the top and the right move.
  const corner = await toScreen(b1.x + b1.w, b1.y);
  await page.mouse.move(corner.x, corner.y);
  await page.mouse.down();
  await page.mouse.move(corner.x + 20, corner.y - 20, { steps: 3 });
  await page.mouse.up();
  const b2 = await T(() => window.__broadphaseTiles.boxes()[1]);
  assert.ok(b2.w > b1.w + 5 && b2.y < b1.y - 5 && Math.abs(b2.y + b2.h - (b1.y + b1.h)) < 1e-9, `expected the top-right corner to grow the box up and right: ${JSON.stringify(b1)} → ${JSON.stringify(b2)}`);

  // A tiny box: a finger on it scrolls the page; held still first (a long
  // press), on its middle, it moves it, never resizes it.
  await T(() => {
    const t = window.__broadphaseTiles;
    const b = t.boxes()[0];
    t.editor.setBoxRect(b.id, b.x, b.y, 6, 4);
  });
  const tiny = await T(() => window.__broadphaseTiles.boxes()[0]);
  const mid = await toScreen(tiny.x + tiny.w / 2, tiny.y + tiny.h / 2);
  await touchPath([0, 0.25, 0.5, 0.75, 1].map((f) => ({ x: mid.x + 40 * f, y: mid.y + 25 * f })), 600);
  const moved = await T(() => window.__broadphaseTiles.boxes()[0]);
  assert.equal(moved.w, tiny.w, `expected the finger to move the tiny box, not resize it (w ${tiny.w} → ${moved.w})`);
  assert.equal(moved.h, tiny.h, 'expected its height to stay');
  assert.ok(moved.x > tiny.x + 5, `expected the tiny box to move right (${tiny.x} → ${moved.x})`);
});

test('a paint stroke is one undo step: Ctrl+Z restores the picture pixel for pixel, and redo repaints it', async () => {
  await openTiles();
  const cell = await quietCell();
  const before = await canvasPicture();
  const ascii0 = await T(() => window.__broadphaseTiles.tiles.ascii());
  const a = await cellCentre(cell[0], cell[1]);
  const b = await cellCentre(cell[0] + 3, cell[1]);
  await page.click('#tiles-tool-paint');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
  const ascii1 = await T(() => window.__broadphaseTiles.tiles.ascii());
  assert.notEqual(ascii1, ascii0, 'expected the stroke to paint tiles');
  const painted = await canvasPicture();
  assert.notEqual(painted, before, 'expected the stroke to change the picture');
  await page.keyboard.press('Control+z');
  assert.equal(await T(() => window.__broadphaseTiles.tiles.ascii()), ascii0, 'expected one Ctrl+Z to undo the whole stroke');
  const undone = await canvasPicture();
  assert.ok(undone === before, 'expected the picture after Ctrl+Z to equal the one before the stroke, pixel for pixel');
  await page.keyboard.press('Control+Shift+z');
  assert.equal(await T(() => window.__broadphaseTiles.tiles.ascii()), ascii1, 'expected Shift+Ctrl+Z to redo the stroke');
  const map = await T(() => window.__broadphaseTiles.map);
  assert.ok(map.partialRepaints > 0, 'expected undo and redo to repaint only the cells that changed');
  // The buttons do the same.
  await page.click('#tiles-undo');
  assert.equal(await T(() => window.__broadphaseTiles.tiles.ascii()), ascii0, 'expected the Undo button to undo');
});

test('snapping puts box edges on cell lines, and arrows then move by whole cells', async () => {
  await openTiles();
  await page.click('.canvas-tool[data-tool="snap"]');
  const ts = await T(() => window.__broadphaseTiles.tiles.tileSize);
  const box = await T(() => window.__broadphaseTiles.boxes()[1]);
  const from = await toScreen(box.x + box.w / 2, box.y + box.h / 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 37, from.y + 23, { steps: 4 });
  await page.mouse.up();
  const b = await T(() => window.__broadphaseTiles.boxes()[1]);
  const onLine = (v) => Math.abs(v / ts - Math.round(v / ts)) < 1e-9;
  assert.ok(onLine(b.x) || onLine(b.x + b.w), `expected a snapped drag to put the left or right edge on a cell line, box is ${JSON.stringify(b)}`);
  assert.ok(onLine(b.y) || onLine(b.y + b.h), `expected a snapped drag to put the top or bottom edge on a cell line, box is ${JSON.stringify(b)}`);
  await page.keyboard.press('ArrowDown');
  const c = await T(() => window.__broadphaseTiles.boxes()[1]);
  assert.ok(onLine(c.y + c.h) && c.y > b.y, `expected ArrowDown to move a whole cell onto a line, ${b.y} → ${c.y}`);
  // Hovering a cell names it, its tile and its four edge states.
  const cell = await cellCentre(1, 1);
  await page.mouse.move(cell.x, cell.y);
  await waitUntil(page, 'the hover line to name cell (1,1)', () => document.getElementById('tiles-hover')?.textContent ?? '', (t) => /^\(1,1\) \S+ · left \w+ · top \w+ · right \w+ · bottom \w+$/.test(t));
});

// --- touch --------------------------------------------------------------------------

test('on a phone a one-finger swipe over the map scrolls the page and paints nothing; two fingers zoom', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await openTiles();
    const ascii0 = await T(() => window.__broadphaseTiles.tiles.ascii());
    const rect = await page.locator('#world').boundingBox();
    // Over open map: away from every box.
    const x = rect.x + rect.width * 0.5;
    const y0 = rect.y + rect.height * 0.8;
    await touchPath([0, 0.2, 0.4, 0.6, 0.8, 1].map((f) => ({ x, y: y0 - 300 * f })));
    await page.waitForTimeout(300);
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(scrolled > 50, `expected the swipe to scroll the page, scrollY is ${scrolled}`);
    assert.equal(await T(() => window.__broadphaseTiles.tiles.ascii()), ascii0, 'expected the swipe to change no tile');

    // Two fingers pinch the view, not the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    const r = await page.locator('#world').boundingBox();
    const probe = () => T(() => window.__broadphaseTiles.worldToScreen(100, 100));
    const p0 = await probe();
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    const cdp = await context.newCDPSession(page);
    try {
      const send = (type, d) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: d === null ? [] : [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }] });
      await send('touchStart', 30);
      for (const d of [40, 55, 70, 90]) {
        await send('touchMove', d);
        await page.waitForTimeout(16);
      }
      await send('touchEnd', null);
    } finally {
      await cdp.detach();
    }
    const p1 = await probe();
    const spread = Math.hypot(p1.x - cx, p1.y - cy) / Math.max(1, Math.hypot(p0.x - cx, p0.y - cy));
    assert.ok(spread > 1.5, `expected the pinch to zoom in about 3× around its middle, points spread ${spread.toFixed(2)}×`);
    assert.equal(await T(() => window.__broadphaseTiles.tiles.ascii()), ascii0, 'expected the pinch to change no tile');
    // Edit by touch on: the same swipe paints.
    await page.click('#tiles-touch-edit');
    await page.click('.canvas-tool[data-tool="fit"]');
    await page.evaluate(() => window.scrollTo(0, 0));
    const rr = await page.locator('#world').boundingBox();
    const spot = await page.evaluate(([x, y]) => {
      const t = window.__broadphaseTiles;
      for (let r = 2; r < t.tiles.rows - 2; r++) for (let c = 2; c < t.tiles.cols - 2; c++) if (t.tiles.tile(c, r) === 'empty' && t.boxes().every((b) => Array.from(t.tiles.touchedCells(b.x, b.y, b.w, b.h)).join() !== `${c},${r}`)) {
        const p = t.worldToScreen((c + 0.5) * t.tiles.tileSize, (r + 0.5) * t.tiles.tileSize);
        if (p.x > x + 10 && p.y > y + 10 && p.y < innerHeight - 10) return p;
      }
      return null;
    }, [rr.x, rr.y]);
    await touchPath([spot, { x: spot.x + 2, y: spot.y + 1 }]);
    assert.notEqual(await T(() => window.__broadphaseTiles.tiles.ascii()), ascii0, 'expected a touch with "Edit by touch" on to paint');
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});

// --- share links ----------------------------------------------------------------------

test('a link keeps painted tiles, doors and moved boxes: a new page shows the same picture', async () => {
  await openTiles();
  const cell = await quietCell();
  const at = await cellCentre(cell[0], cell[1]);
  await page.click('#tiles-tool-paint');
  await page.mouse.click(at.x, at.y);
  const box = await T(() => window.__broadphaseTiles.boxes()[2]);
  const from = await toScreen(box.x + box.w / 2, box.y + box.h / 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 41, from.y + 17, { steps: 4 });
  await page.mouse.up();
  const picture = await canvasPicture();
  const state = await T(() => ({ ascii: window.__broadphaseTiles.tiles.ascii(), boxes: window.__broadphaseTiles.boxes() }));
  await waitUntil(page, 'the address to carry the map and the boxes', () => location.hash, (h) => /tiles=/.test(h) && /boxes=/.test(h));
  const link = await page.evaluate(() => location.href);
  assert.ok(/tiles=~/.test(link), `expected the long map to be packed (~…) in the link, got ${link.slice(0, 120)}…`);
  assert.ok(link.length < 2000, `expected a compact link, it is ${link.length} characters`);

  const second = await context.newPage();
  try {
    await second.goto(link);
    await waitUntil(second, 'the linked tile editor to draw', () => window.__broadphaseTiles?.frame ?? -1, (f) => f > 1, 20_000);
    const again = await second.evaluate(() => ({ ascii: window.__broadphaseTiles.tiles.ascii(), boxes: window.__broadphaseTiles.boxes() }));
    assert.equal(again.ascii, state.ascii, 'expected the link to carry the painted map');
    assert.deepEqual(again.boxes.map(({ name, x, y, w, h }) => [name, x, y, w, h]), state.boxes.map(({ name, x, y, w, h }) => [name, x, y, w, h]), 'expected the link to carry every box exactly');
    const prev = page;
    page = second;
    try {
      const shown = await canvasPicture();
      if (shown !== picture) {
        const diff = await second.evaluate(async ([a, b]) => {
          const load = async (src) => {
            const img = new Image();
            img.src = src;
            await img.decode();
            const c = new OffscreenCanvas(img.width, img.height);
            const g = c.getContext('2d');
            g.drawImage(img, 0, 0);
            return g.getImageData(0, 0, img.width, img.height).data;
          };
          const [da, db] = [await load(a), await load(b)];
          const w = document.getElementById('world').width;
          let n = 0;
          let box = [1e9, 1e9, -1, -1];
          for (let i = 0; i < da.length; i += 4) {
            if (da[i] !== db[i] || da[i + 1] !== db[i + 1] || da[i + 2] !== db[i + 2]) {
              n++;
              const x = (i / 4) % w;
              const y = Math.floor(i / 4 / w);
              box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
            }
          }
          const pts = []; for (let i = 0; i < da.length && pts.length < 400; i += 4) if (da[i] !== db[i] || da[i + 1] !== db[i + 1] || da[i + 2] !== db[i + 2]) pts.push([(i / 4) % w, Math.floor(i / 4 / w)]);
          const cl = {}; for (const [x, y] of pts) { const k = `${Math.floor(x / 40)},${Math.floor(y / 40)}`; cl[k] = (cl[k] ?? 0) + 1; }
          return { n, box: JSON.stringify(cl) };
        }, [picture, shown]);
        const where = await second.evaluate(() => {
          const t = window.__broadphaseTiles;
          const r = document.getElementById('world').getBoundingClientRect();
          return t.boxes().map((b) => { const p = t.worldToScreen(b.x, b.y); return [b.name, Math.round(p.x - r.left), Math.round(p.y - r.top)]; });
        });
        assert.fail(`expected the linked page to draw the same picture, pixel for pixel; ${diff.n} pixels differ within ${diff.box}; cell ${cell} at ${JSON.stringify(at)}; boxes ${JSON.stringify(where)}`);
      }
    } finally {
      page = prev;
    }
    assert.equal(await second.locator('#settings-notice').isHidden(), true, 'expected no settings notice for a link the page wrote');
  } finally {
    await second.close();
  }
});

// --- hierarchy ------------------------------------------------------------------------

async function openHierarchy() {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=hierarchy&paused`);
  await waitUntil(page, 'the hierarchy mode to draw', () => window.__broadphase?.frame ?? -1, (f) => f > 1, 20_000);
}

const H = (fn, arg) => page.evaluate(fn, arg);

test('hierarchy: a child dropped on its parent is picked first, Shift-drag detaches it; a link keeps the links', async () => {
  await openHierarchy();
  const { child, parent } = await H(() => {
    const p = window.__broadphase.hierarchy.forest.parents;
    const [child, parent] = Object.entries(p).map(([c, q]) => [Number(c), q]).find(([, q]) => q !== 0);
    return { child, parent };
  });
  // The usual attach leaves the child on its parent's centre.
  await H(([c, p]) => {
    const w = window.__broadphase.world;
    const [px, py, pw, ph] = w.box(p);
    const [, , cw, ch] = w.box(c);
    w.update(c, px + pw / 2 - cw / 2, py + ph / 2 - ch / 2, cw, ch);
    window.__broadphase.playground.worldEdited();
  }, [child, parent]);
  await page.waitForTimeout(100);
  const [cx, cy] = await H((c) => {
    const [x, y, w, h] = window.__broadphase.world.box(c);
    return [x + w / 2, y + h / 2];
  }, child);
  const parentBefore = await H((p) => Array.from(window.__broadphase.world.box(p)), parent);
  const from = await H(([x, y]) => window.__broadphase.worldToScreen(x, y), [cx, cy]);
  // Out to empty space, far from everything.
  const empty = await H(() => {
    const w = window.__broadphase.world;
    for (let y = 5; y < w.height - 5; y += 7) for (let x = 5; x < w.width - 5; x += 7) if (w.query(x - 6, y - 6, 12, 12).length === 0) return window.__broadphase.worldToScreen(x, y);
    return null;
  });
  await page.keyboard.down('Shift');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(empty.x, empty.y, { steps: 8 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  await page.keyboard.up('Shift');
  assert.equal(await H((c) => window.__broadphase.world.parentOf(c), child), 0, `expected Shift-dragging child #${child} off its parent to detach it`);
  assert.deepEqual(await H((p) => Array.from(window.__broadphase.world.box(p)), parent), parentBefore, 'expected the parent to stay where it was');
  await waitUntil(page, 'the address to carry the links and the moved box', () => location.hash, (h) => /links=/.test(h) && /moved=/.test(h));

  const link = await page.evaluate(() => location.href);
  const links = await H(() => JSON.stringify(window.__broadphase.hierarchy.forest.parents));
  const box = await H((c) => Array.from(window.__broadphase.world.box(c)), child);
  await page.goto('about:blank');
  await page.goto(link);
  await waitUntil(page, 'the linked hierarchy to draw', () => window.__broadphase?.frame ?? -1, (f) => f > 1, 20_000);
  assert.equal(await H(() => JSON.stringify(window.__broadphase.hierarchy.forest.parents)), links, 'expected the link to carry every parent link');
  assert.deepEqual(await H((c) => Array.from(window.__broadphase.world.box(c)), child), box, 'expected the link to carry the moved box exactly');
});

test('hierarchy: "Attach selected to…" then Enter on another chip attaches from the keyboard', async () => {
  await openHierarchy();
  const roots = await H(() => Object.entries(window.__broadphase.hierarchy.forest.parents).filter(([, p]) => p === 0).map(([c]) => Number(c)));
  const [child, parent] = [roots[roots.length - 1], roots[roots.length - 2]];
  await page.locator(`#tree .chip[data-id="${child}"]`).focus();
  await page.keyboard.press('Enter');
  await waitUntil(page, `#${child} to be selected`, () => document.querySelector('#selection-info')?.textContent ?? '', (t) => t.startsWith(`#${child}:`));
  await page.locator('#attach-pick').focus();
  await page.keyboard.press('Enter');
  await page.locator(`#queue .chip[data-id="${parent}"]`).focus();
  await page.keyboard.press('Enter');
  await waitUntil(page, `#${child} to be attached to #${parent}`, (c) => window.__broadphase.world.parentOf(c), (p) => p === parent, 5_000, child);
  // Undo takes the link back; redo makes it again.
  await page.locator('#world').focus();
  await page.keyboard.press('Control+z');
  await waitUntil(page, `undo to detach #${child}`, (c) => window.__broadphase.world.parentOf(c), (p) => p === 0, 5_000, child);
  await page.keyboard.press('Control+Shift+z');
  await waitUntil(page, `redo to attach #${child} again`, (c) => window.__broadphase.world.parentOf(c), (p) => p === parent, 5_000, child);
});

// --- number boxes -------------------------------------------------------------------------

test('an invalid object count is flagged with the allowed range and not applied', async () => {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=quadtree&n=300&paused`);
  await waitUntil(page, 'the quadtree mode to draw', () => window.__broadphase?.frame ?? -1, (f) => f > 1, 20_000);
  for (const bad of ['-5', '250000', '2.5']) {
    await page.fill('#count', bad);
    await page.press('#count', 'Enter');
    const shown = await page.evaluate(() => ({
      invalid: document.getElementById('count').getAttribute('aria-invalid'),
      message: document.getElementById('count-error').textContent,
      hidden: document.getElementById('count-error').hidden,
      count: window.__broadphase.world.count,
      value: document.getElementById('count').value,
    }));
    assert.equal(shown.invalid, 'true', `expected ${bad} to be flagged invalid`);
    assert.ok(!shown.hidden && /from 1 to 200,000/.test(shown.message), `expected the message to give the allowed range, got "${shown.message}"`);
    assert.equal(shown.count, 300, `expected ${bad} not to change the world (still 300 objects), found ${shown.count}`);
    assert.equal(shown.value, bad, 'expected the refused text to stay shown');
  }
  await page.fill('#count', '500');
  await page.press('#count', 'Enter');
  await waitUntil(page, 'a valid count to apply', () => window.__broadphase.world.count, (n) => n === 500);
  assert.equal(await page.getAttribute('#count', 'aria-invalid'), 'false', 'expected a valid count to clear the flag');
  assert.match(await page.getAttribute('#count-range', 'aria-valuetext'), /^500 objects$/, 'expected the slider to announce the object count');
});

// --- phone screenshots ----------------------------------------------------------------------

test('screenshots of every mode at phone size (390 × 844)', async () => {
  mkdirSync(screenshots, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const mode of ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays']) {
      await page.goto(`${baseUrl}#mode=${mode}`);
      await page.waitForTimeout(600);
      const tools = await page.locator('.canvas-tools .canvas-tool').count();
      assert.ok(tools >= 3, `expected the zoom buttons over the ${mode} canvas, found ${tools} tools`);
      const box = await page.locator('.canvas-tools').boundingBox();
      assert.ok(box !== null && box.y + box.height <= 844, `expected the ${mode} canvas tools on the first screen`);
      await page.screenshot({ path: join(screenshots, `phone-${mode}.png`) });
    }
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});

test('quadtree: a thrown box is one undo step; Ctrl+Z puts it back where it was, redo throws it again', async () => {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=quadtree&n=200&paused`);
  await waitUntil(page, 'the quadtree mode to draw', () => window.__broadphase?.frame ?? -1, (f) => f > 1, 20_000);
  const box = await page.evaluate(() => {
    const bp = window.__broadphase;
    const w = bp.world;
    const ids = w.slotIds().slice();
    const boxes = w.slotBoxes().slice();
    const overlapping = w.slotOverlapping().slice();
    const cam = bp.camera;
    for (let s = 0; s < ids.length; s++) {
      const [x, y, bw, bh] = boxes.slice(4 * s, 4 * s + 4);
      const nearCamera = x < cam.x + cam.w + 30 && cam.x - 30 < x + bw && y < cam.y + cam.h + 30 && cam.y - 30 < y + bh;
      if (ids[s] !== 0 && !overlapping[s] && bw >= 8 && bh >= 8 && !nearCamera && x > 0.1 * w.width && x < 0.6 * w.width && y > 0.1 * w.height && y < 0.8 * w.height) return { id: ids[s], box: [x, y, bw, bh] };
    }
    return null;
  });
  assert.ok(box, 'expected a box away from the camera to throw');
  const [x, y, bw, bh] = box.box;
  const from = await page.evaluate(([wx, wy]) => window.__broadphase.worldToScreen(wx, wy), [x + bw / 2, y + bh / 2]);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y + 25, { steps: 5 });
  await page.mouse.up();
  const thrown = await page.evaluate((id) => Array.from(window.__broadphase.world.box(id)), box.id);
  assert.ok(thrown[0] > x + 5, `expected the drag to move box #${box.id}: ${x} → ${thrown[0]}`);
  await page.keyboard.press('Control+z');
  const back = await page.evaluate((id) => ({ box: Array.from(window.__broadphase.world.box(id)), v: Array.from(window.__broadphase.world.velocity(id)) }), box.id);
  assert.deepEqual(back.box, box.box, 'expected Ctrl+Z to put the thrown box back where it was');
  await page.keyboard.press('Control+Shift+z');
  const again = await page.evaluate((id) => Array.from(window.__broadphase.world.box(id)), box.id);
  assert.deepEqual(again, thrown, 'expected redo to put it where the throw left it');
});

test('grids: Enter on the canvas selects a box and the arrows move it; Ctrl+Z undoes a move', async () => {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=grids&n=200&paused`);
  await waitUntil(page, 'the grids mode to draw', () => window.__broadphase?.frame ?? -1, (f) => f > 1, 20_000);
  await page.locator('#world').focus();
  // Enter walks the boxes; Tab would leave the canvas.
  await page.keyboard.press('Enter');
  const id = await page.evaluate(() => window.__broadphase.playground.interaction.selectedId);
  assert.ok(id > 0, 'expected Enter on the canvas to select a box');
  const before = await page.evaluate((i) => Array.from(window.__broadphase.world.box(i)), id);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const after = await page.evaluate((i) => Array.from(window.__broadphase.world.box(i)), id);
  assert.ok(after[0] > before[0] && after[1] > before[1], `expected the arrows to move box #${id} right and down: ${before} → ${after}`);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'world', 'expected focus to stay on the canvas');
  await page.keyboard.press('Control+z');
  const undone = await page.evaluate((i) => Array.from(window.__broadphase.world.box(i)), id);
  assert.ok(undone[0] > before[0] && undone[1] === before[1], `expected Ctrl+Z to undo the last move only: ${before} → ${undone}`);
  await page.keyboard.press('Control+z');
  const back = await page.evaluate((i) => Array.from(window.__broadphase.world.box(i)), id);
  assert.deepEqual(back, before, 'expected a second Ctrl+Z to put the box back');
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => window.__broadphase.playground.interaction.selectedId), 0, 'expected Esc to clear the selection');
});

test('rays: with Snap on a dragged ray end lands exactly on a cell corner; Ctrl+Z puts it back', async () => {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=rays&paused`);
  await waitUntil(page, 'the rays mode to draw', () => window.__broadphaseRays?.frame ?? -1, (f) => f > 1, 20_000);
  const ts = await page.evaluate(() => window.__broadphaseRays.tiles.tileSize);
  const ray0 = await page.evaluate(() => ({ ...window.__broadphaseRays.ray }));
  await page.click('.canvas-tool[data-tool="snap"]');
  const from = await toScreen(ray0.x0, ray0.y0, '__broadphaseRays');
  // Aim a little off a corner: snapping must land on it exactly.
  const cx = (Math.round(ray0.x0 / ts) + 2) * ts + ts * 0.13;
  const cy = (Math.round(ray0.y0 / ts) + 1) * ts - ts * 0.11;
  const to = await toScreen(cx, cy, '__broadphaseRays');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  const ray1 = await page.evaluate(() => ({ ...window.__broadphaseRays.ray }));
  assert.equal(ray1.x0 % ts, 0, `expected the snapped end on a vertical cell line, x0 = ${ray1.x0}`);
  assert.equal(ray1.y0 % ts, 0, `expected the snapped end on a horizontal cell line, y0 = ${ray1.y0}`);
  await page.keyboard.press('Control+z');
  const ray2 = await page.evaluate(() => ({ ...window.__broadphaseRays.ray }));
  assert.deepEqual([ray2.x0, ray2.y0], [ray0.x0, ray0.y0], 'expected Ctrl+Z to put the ray end back');
});

test('rays: a ray along the platform\'s top reports the face\'s normal, not the reversed direction', async () => {
  for (const ray of ['250_360_350_360', '350_360_250_360']) {
    await page.goto('about:blank');
    await page.goto(`${baseUrl}#mode=rays&paused&ray=${ray}`);
    await waitUntil(page, 'the rays mode to draw', () => window.__broadphaseRays?.frame ?? -1, (f) => f > 1, 20_000);
    const hit = await page.evaluate(() => window.__broadphaseRays.hit());
    assert.ok(hit !== null, `expected ray ${ray} along the platform's top to touch it`);
    assert.deepEqual([hit.t, hit.normalX, hit.normalY], [0, 0, -1], `expected ray ${ray} to hit at t = 0 with the top face's normal (0, -1), got ${JSON.stringify(hit)}`);
  }
});

test('the library\'s World says "this World was freed" after free(), and a second free() is harmless', async () => {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=quadtree&n=50&paused`);
  await waitUntil(page, 'the quadtree mode to draw', () => window.__broadphase?.frame ?? -1, (f) => f > 1, 20_000);
  const seen = await page.evaluate(() => {
    const World = window.__broadphase.world.constructor;
    const w = new World(10, 10);
    const other = new World(10, 10);
    other.insert(1, 1, 1, 1);
    w.free();
    const messages = [];
    for (const call of [() => w.insert(1, 1, 1, 1), () => w.pairs(), () => w.count]) {
      try {
        call();
        messages.push('no error');
      } catch (e) {
        messages.push(e.message);
      }
    }
    w.free();
    return { messages, other: other.count };
  });
  for (const m of seen.messages) assert.match(m, /^this World was freed/, `expected "this World was freed", got "${m}"`);
  assert.equal(seen.other, 1, 'expected another World to be untouched');
});

test('boxes whose pairs just began flash (pairsBegan), and the flashes are real new pairs', async () => {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=quadtree&n=2000&seed=5`);
  await waitUntil(page, 'the quadtree mode to run', () => window.__broadphase?.frame ?? -1, (f) => f > 30, 20_000);
  const seen = await page.evaluate(async () => {
    const pg = window.__broadphase.playground;
    // Sample a frame: the ids that flash must be in this frame's pairs or have been very recently.
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    const began = Array.from(pg.sim.beganAt.entries()).filter(([, t]) => now - t < 300).map(([id]) => id);
    return { began: began.length };
  });
  assert.ok(seen.began > 0, 'expected some boxes to flash as their pairs begin in a moving scene of 2000');
});

// --- rulers ---------------------------------------------------------------------------------

test('the Rulers button shows column and row numbers in Tiles and Rays; zoomed in, they follow the view', async () => {
  mkdirSync(screenshots, { recursive: true });
  for (const [mode, handle] of [['tiles', '__broadphaseTiles'], ['rays', '__broadphaseRays']]) {
    await page.goto('about:blank');
    await page.goto(`${baseUrl}#mode=${mode}`);
    await waitUntil(page, `the ${mode} mode to draw`, (h) => window[h]?.frame ?? -1, (f) => f > 1, 20_000, handle);
    assert.equal(await page.evaluate((h) => window[h].rulers(), handle), null, `expected the ${mode} rulers off at first`);
    await page.click('[data-tool="rulers"]');
    assert.equal(await page.getAttribute('[data-tool="rulers"]', 'aria-pressed'), 'true');
    const fitted = await waitUntil(page, `the ${mode} rulers to draw`, (h) => window[h].rulers(), (r) => r !== null && r.step > 0, 5_000, handle);
    assert.deepEqual([fitted.firstCol, fitted.firstRow], [0, 0], `expected the fitted ${mode} map's rulers to start at column 0 and row 0`);
    if (mode === 'rays') await page.screenshot({ path: join(screenshots, 'rays-rulers.png') });
    // Zoomed far in on the middle: the first labelled column and row are well past 0, every one labelled.
    for (let i = 0; i < 8; i++) await page.click('[data-tool="zoom-in"]');
    await settle(handle);
    const zoomed = await page.evaluate((h) => window[h].rulers(), handle);
    assert.ok(zoomed.firstCol > 3 && zoomed.firstRow > 3, `expected the zoomed ${mode} rulers to start past the map's corner, got ${JSON.stringify(zoomed)}`);
    assert.equal(zoomed.step, 1, 'expected every index labelled when cells are wide');
    await page.click('[data-tool="rulers"]');
    assert.equal(await page.evaluate((h) => window[h].rulers(), handle), null, `expected the ${mode} rulers off again`);
  }
});
