// The steppers of the quadtree, grids and tiles modes in headless Chromium: each
// lesson stepped, and at chosen steps what the panel and the "Next:" line
// say checked against values computed here without the trace — a World
// built in Node from the same boxes (its `quadtreeNodes()`, `storedIn()`,
// `query()` and `queryCandidateTests`), a brute force over the boxes, and
// the tile map's own `edge()`, `touchedCells()` and `pushOut()`;
// the names the canvas draws against the panel's; the lessons loaded from
// the page's picker and from an embed's attribute.
// Run `npx vite build` and a release wasm build first; then `node --test e2e/teach.test.mjs`.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { World } from '../benches/core.mjs';
import { launch, screenshots, waitUntil as waitUntilIn } from './support.mjs';

let browser;
let page;
let baseUrl;
let problems = [];

before(async () => {
  browser = await launch({ width: 1280, height: 800 });
  ({ page, baseUrl, problems } = browser);
});

after(async () => {
  await browser?.close();
});

function waitUntil(what, probe, ok, timeout = 15_000, arg = undefined) {
  return waitUntilIn(page, what, probe, ok, timeout, arg);
}

/** Opens the playground at `query` and waits for frames and a stepper with steps. */
async function open(query) {
  await page.goto(`${baseUrl}index.html?${query}`);
  await waitUntil('the mode to draw frames', () => (window.__broadphase ?? window.__broadphaseTiles ?? window.__broadphaseRays)?.frame ?? -1, (f) => f > 2, 20_000);
}

/** What the stepper shows: step, count, says, next, readouts by label. */
function panel() {
  return page.evaluate(() => {
    const el = document.querySelector('.stepper');
    const readouts = {};
    for (const stat of document.querySelectorAll('#stepper-readouts .stat')) readouts[stat.querySelector('dt').dataset.label] = stat.querySelector('dd').textContent;
    return {
      step: Number(el?.dataset.step || 0),
      count: Number(el?.dataset.count || 0),
      says: document.getElementById('stepper-says')?.textContent ?? '',
      next: document.getElementById('stepper-next')?.textContent ?? '',
      readouts,
    };
  });
}

/** Moves the stepper to step `k` (1 is the first) with its scrubber, and waits for the panel. */
async function goTo(k) {
  await page.evaluate((k) => {
    const s = document.getElementById('stepper-scrubber');
    s.value = String(k);
    s.dispatchEvent(new Event('input', { bubbles: true }));
  }, k);
  return waitUntil(`step ${k} on the panel`, () => Number(document.querySelector('.stepper')?.dataset.step || 0), (v) => v === k);
}

/** Every step's panel, in order (the lessons are short). */
async function allSteps() {
  const { count } = await panel();
  const out = [];
  for (let k = 1; k <= count; k++) {
    await goTo(k);
    out.push(await panel());
  }
  return out;
}

/** The live scene's boxes, by id: the lesson's, in insertion order. */
function liveBoxes() {
  return page.evaluate(() => {
    const w = window.__broadphase.world;
    const out = [];
    for (const id of w.slotIds()) if (id !== 0) out.push([id, ...w.box(id)]);
    return out.sort((a, b) => a[0] - b[0]);
  });
}

/** A World in Node with `boxes` inserted in order, as the lesson builds it. */
function worldOf(side, structure, boxes, setup) {
  const w = new World(side, side);
  w.setStructure(structure);
  setup(w);
  for (const [, x, y, bw, bh] of boxes) w.insert(x, y, bw, bh);
  return w;
}

function overlaps(a, b) {
  return a[1] < b[1] + b[3] && b[1] < a[1] + a[3] && a[2] < b[2] + b[4] && b[2] < a[2] + a[4];
}

function shot(name) {
  mkdirSync(screenshots, { recursive: true });
  return page.screenshot({ path: join(screenshots, `teach-${name}.png`) });
}

test('the quadtree lesson: splits, straddlers, a collapse and the query, as a World built here says', async () => {
  await open('mode=quadtree&lesson=quadtree-build');
  await waitUntil('the lesson to open at step 1', () => Number(document.querySelector('.stepper')?.dataset.step || 0), (s) => s === 1);
  const boxes = await liveBoxes();
  assert.equal(boxes.length, 19, 'the lesson has nineteen boxes');
  const steps = await allSteps();
  const limits = (w) => w.setQuadtreeLimits(4, 5);

  // The first split: inserting #5 into a root holding four.
  const split = steps.findIndex((s) => s.readouts.operation === 'insert #5' && /splits/.test(s.says));
  assert.ok(split > 0, 'a split step while inserting #5');
  const four = worldOf(256, 'quadtree', boxes.slice(0, 4), limits);
  assert.equal(four.quadtreeNodes().length, 6, 'four boxes: the root alone');
  const five = worldOf(256, 'quadtree', boxes.slice(0, 5), limits);
  const rootOnly = (w, id) => [...w.storedIn(id)].join(',') === '0,0,256,256';
  const movedDown = boxes.slice(0, 5).filter(([id]) => !rootOnly(five, id)).length;
  assert.equal(steps[split].readouts.objects, '5');
  assert.equal(steps[split].readouts['max objects'], '4');
  assert.equal(steps[split].readouts['move down'], String(movedDown));
  assert.equal(steps[split].readouts.stay, String(5 - movedDown));
  assert.ok(five.quadtreeNodes().length > 6, 'five boxes: the root split');
  assert.match(steps[split - 1].next, /^Next: 5 objects > 4 at level 0: the root \(level 0\) splits/);
  four.free();
  five.free();

  // #7 straddles the world's midlines: stored in the root, as storedIn says.
  const all = worldOf(256, 'quadtree', boxes, limits);
  assert.ok(rootOnly(all, 7), 'the World files #7 in the root');
  const lands = steps.find((s) => s.readouts.operation === 'insert #7' && /lands in/.test(s.says));
  assert.match(lands.says, /#7 lands in the root \(level 0\): it straddles a midline/);

  // Removing #9 collapses the bottom-right quadrant.
  const isInner = (w, x, y, side) => {
    const n = w.quadtreeNodes();
    for (let i = 0; i < n.length; i += 6) if (n[i] === x && n[i + 1] === y && n[i + 2] === side && n[i + 5] === 0) return true;
    return false;
  };
  assert.ok(isInner(all, 128, 128, 128), 'before: the bottom-right quadrant is split');
  all.remove(9);
  assert.ok(!isInner(all, 128, 128, 128), 'after: it is a leaf again');
  const collapse = steps.find((s) => s.readouts.operation === 'remove #9' && /collapse/.test(s.says));
  assert.ok(collapse, 'a collapse step while removing #9');
  assert.match(collapse.says, /level-1 node x 128–256, y 128–256/);

  // The query for #12: what query() returns, the tests it made, n − 1.
  const b12 = all.box(12);
  const found = all.query(...b12).length;
  const tested = all.queryCandidateTests;
  const last = steps[steps.length - 1];
  assert.equal(last.readouts.operation, 'query #12');
  assert.equal(last.readouts.found, String(found));
  assert.equal(last.readouts.tested, String(tested));
  assert.equal(last.readouts['brute force (n − 1)'], String(all.count - 1));
  assert.match(last.next, /^Next: the end/);
  // The overlapping candidates listed are query()'s answer without #12 itself.
  const answer = [...all.query(...b12)].filter((id) => id !== 12).map((id) => `#${id}`).join(' ') || 'none';
  assert.equal(last.readouts.overlapping, answer);
  // Every candidate said to overlap does, by brute force.
  const live = new Map(boxes.map((b) => [b[0], b]));
  for (const s of steps.filter((s) => s.readouts.operation === 'query #12' && s.readouts.verdict === 'overlaps')) {
    const other = live.get(Number(s.readouts.candidate.slice(1)));
    assert.ok(overlaps(other, live.get(12)), `${s.readouts.candidate} overlaps #12`);
  }
  all.free();

  // The canvas names the step's place as the panel does.
  await goTo(split + 1);
  const drawn = await waitUntil('the canvas to draw the split', () => window.__broadphase.teach.drawn, (d) => d.step === split + 1);
  assert.equal(drawn.place, 'level 0');
  assert.match(steps[split].readouts.node, /\(level 0\)/, 'the panel names the node the canvas labels');
  await shot('quadtree-split');
  assert.deepEqual(problems, []);
});

test('the leaves lesson says where the core counts a split differently from the tutorials, and its query equals query()', async () => {
  await open('mode=quadtree&lesson=leaves-build');
  const boxes = await liveBoxes();
  const steps = await allSteps();
  assert.ok(steps.some((s) => /only \d+ fit one quadrant .*unlike the tutorials/.test(s.says)), 'a no-split where straddlers are not counted');
  assert.ok(steps.some((s) => /The tutorials count every object toward a split/.test(s.says)), 'a split that says how the core counts');
  const w = worldOf(256, 'quadtree-leaves', boxes, (w) => w.setQuadtreeLimits(4, 5));
  w.remove(9);
  const found = w.query(...w.box(12)).length;
  const last = steps[steps.length - 1];
  assert.equal(last.readouts.found, String(found));
  assert.equal(last.readouts.tested, String(w.queryCandidateTests));
  w.free();
  assert.deepEqual(problems, []);
});

for (const [lesson, structure] of [
  ['grid-insert', 'grid'],
  ['loose-grid', 'loose-grid'],
]) {
  test(`the ${lesson} lesson: the cells and partners of #4 as a World built here and brute force say`, async () => {
    await open(`mode=grids&lesson=${lesson}`);
    const boxes = await liveBoxes();
    const steps = await allSteps();
    const w = worldOf(256, structure, boxes, (w) => w.setCellSize(32));
    const cells = [];
    const s4 = w.storedIn(4);
    for (let i = 0; i < s4.length; i += 4) cells.push(`cell (${s4[i] / 32}, ${s4[i + 1] / 32})`);
    const insert4 = steps.filter((s) => s.readouts.operation === 'insert #4' && s.readouts.cell !== undefined).map((s) => s.readouts.cell);
    assert.deepEqual(insert4.sort(), cells.sort(), 'the cells #4 is listed in');
    const partners = boxes.filter((b) => b[0] !== 4 && overlaps(b, boxes[3])).length;
    const last = steps[steps.length - 1];
    assert.equal(last.readouts.operation, 'pairs #4');
    assert.equal(last.readouts.found, String(partners));
    assert.equal(last.readouts['brute force (n − 1)'], String(boxes.length - 1));
    // The canvas names the cell the panel names.
    const at = steps.findIndex((s) => s.readouts.operation === 'pairs #4' && s.readouts.cell !== undefined);
    await goTo(at + 1);
    const drawn = await waitUntil('the canvas to draw the cell', () => window.__broadphase.grids.teach.drawn, (d) => d.step === at + 1);
    assert.equal(drawn.place, steps[at].readouts.cell);
    if (structure === 'loose-grid') assert.ok(steps.some((s) => /east, south-west, south and south-east neighbours/.test(s.says)), 'why the centre and four forward neighbours');
    await shot(lesson);
    w.free();
    assert.deepEqual(problems, []);
  });
}

test('the live scene: a selected box’s query, stepped, equals query() of the paused world', async () => {
  await open('mode=quadtree&n=300&seed=5&selected=7&paused');
  await page.keyboard.press('n');
  await page.click('#stepper-step');
  const { count } = await panel();
  assert.ok(count > 2);
  await goTo(count);
  const last = await panel();
  const expected = await page.evaluate(() => {
    const w = window.__broadphase.world;
    const found = w.query(...w.box(7)).length;
    return { found, tested: w.queryCandidateTests, n: w.count };
  });
  assert.equal(last.readouts.found, String(expected.found));
  assert.equal(last.readouts.tested, String(expected.tested));
  assert.equal(last.readouts['brute force (n − 1)'], String(expected.n - 1));

  // A link to a step of a moment: the search of the world at the link's tick, once it is there.
  await open('mode=grids&n=300&seed=2&selected=5&tick=90&paused&step=3');
  const at = await waitUntil('step 3 of the search at tick 90', () => ({ step: Number(document.querySelector('.stepper')?.dataset.step || 0), tick: window.__broadphase.playground.currentTick }), (v) => v.step === 3);
  assert.equal(at.tick, 90);
  await goTo(1);
  const first = await panel();
  const box = await page.evaluate(() => [...window.__broadphase.world.box(5)]);
  const fmt = (v) => String(Number(v.toFixed(2)));
  assert.match(first.says, new RegExp(`followed for #5 \\(box \\(${fmt(box[0])}, ${fmt(box[1])}\\)`), 'the trace is of #5 where the world has it at the link\'s tick');
});

/** Grows boxes 1–40 of the live loose grid fivefold with the core's own update (the page's pairs() does not run while paused), so the next pair search picks the cells again; the cell size before. */
function growPastTheCells(p) {
  return p.evaluate(() => {
    const w = window.__broadphase.world;
    for (let id = 1; id <= 40; id++) {
      const [x, y, bw, bh] = w.box(id);
      w.update(id, x, y, bw * 5, bh * 5);
    }
    return w.gridGeometry()[2];
  });
}

test('the live loose grid: a pair search that picks the cells again steps through the re-pick, its words and the cells before and after', async () => {
  await open('mode=grids&structure=loose-grid&n=300&seed=2&selected=150&paused');
  const oldSize = await growPastTheCells(page);
  await page.keyboard.press('n');
  await page.click('#stepper-step');
  const steps = await allSteps();
  const newSize = await page.evaluate(() => window.__broadphase.world.gridGeometry()[2]);
  assert.notEqual(newSize, oldSize, 'the search picked new cells, as pairs() would');
  const fmt = (v) => String(Number(v.toFixed(2)));
  assert.equal(steps[1].readouts.operation, 'pairs #150');
  assert.match(steps[1].says, /^First, as pairs\(\) does before its search: \d+ boxes, grown by update past the cells, lie on the oversize list/);
  assert.match(steps[1].next, /^Next: The cell size goes from/);
  assert.ok(steps[2].says.startsWith(`The cell size goes from ${fmt(oldSize)} to ${fmt(newSize)}: all 300 objects are filed again in the new cells.`), steps[2].says);
  assert.equal(steps[2].readouts['cell size'], `${fmt(oldSize)} → ${fmt(newSize)}`);
  // The canvas draws the cells the step is in: the old ones until the refiling, the new from it on.
  for (const [k, size] of [[2, oldSize], [3, newSize], [4, newSize]]) {
    await goTo(k);
    const drawn = await waitUntil(`the canvas at step ${k}`, () => window.__broadphase.grids.teach.drawn, (d) => d.step === k);
    assert.equal(drawn.cellSize, size, `step ${k}: cells of ${size}`);
  }
  // What the search found is what pairs() of that world finds.
  await goTo(steps.length);
  const last = await panel();
  const partners = await page.evaluate(() => {
    const pairs = window.__broadphase.world.pairs();
    let n = 0;
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === 150 || pairs[i + 1] === 150) n++;
    return n;
  });
  assert.equal(last.readouts.found, String(partners));
  await goTo(3);
  await shot('loose-grid-repick');
  assert.deepEqual(problems, []);
});

test('screenshot: the re-pick on a phone (390 × 844, touch)', async () => {
  const phone = await launch({ width: 390, height: 844, touch: true });
  try {
    await phone.page.goto(`${phone.baseUrl}index.html?mode=grids&structure=loose-grid&n=300&seed=2&selected=150&paused`);
    await waitUntilIn(phone.page, 'the grids mode to draw frames', () => window.__broadphase?.frame ?? -1, (f) => f > 2, 20_000);
    await growPastTheCells(phone.page);
    await phone.page.evaluate(() => document.getElementById('stepper-step').click());
    await phone.page.evaluate(() => {
      const s = document.getElementById('stepper-scrubber');
      s.value = '3';
      s.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitUntilIn(phone.page, 'the refile step on the canvas', () => window.__broadphase.grids.teach.drawn.step, (s) => s === 3);
    mkdirSync(screenshots, { recursive: true });
    await phone.page.screenshot({ path: join(screenshots, 'teach-phone-loose-grid-repick.png') });
    await phone.page.evaluate(() => document.querySelector('.stepper').scrollIntoView());
    await phone.page.screenshot({ path: join(screenshots, 'teach-phone-loose-grid-repick-stepper.png') });
    assert.deepEqual(phone.problems, []);
  } finally {
    await phone.close();
  }
});

/** Per mode, the lessons its picker offers (the page's own list, read from the picker). */
const LESSON_MODES = ['quadtree', 'grids', 'tiles', 'rays', 'hierarchy'];

test('every mode’s lessons load from the page’s picker and from an embed’s attribute, at step 1', async () => {
  const all = {};
  for (const mode of LESSON_MODES) {
    await open(`mode=${mode}`);
    const lessons = await page.evaluate(() => [...document.querySelectorAll('#stepper-lesson option')].map((o) => o.value).filter((v) => v !== ''));
    assert.ok(lessons.length > 0, `${mode} offers lessons`);
    all[mode] = lessons;
    for (const lesson of lessons) {
      await page.selectOption('#stepper-lesson', lesson);
      await waitUntil(
        `${mode}: the ${lesson} lesson at step 1 from the picker`,
        () => ({ href: location.href, step: document.querySelector('.stepper')?.dataset.step, picked: document.getElementById('stepper-lesson')?.value }),
        (v) => v.href.includes(`lesson=${lesson}`) && v.step === '1' && v.picked === lesson,
        20_000,
      );
    }
  }
  await page.goto(`${baseUrl}tutorial.html`);
  for (const [mode, lessons] of Object.entries(all)) {
    for (const lesson of lessons) {
      const state = await page.evaluate(
        async ([mode, lesson]) => {
          const el = document.createElement('broadphase-playground');
          el.setAttribute('mode', mode);
          el.setAttribute('lesson', lesson);
          el.style.height = '480px';
          document.querySelector('main').prepend(el);
          el.scrollIntoView();
          try {
            for (let i = 0; i < 300; i++) {
              await new Promise((r) => setTimeout(r, 50));
              const s = el.stepState;
              if (s !== null && s.step !== null && s.says !== '') return { step: s.step, count: s.count, lesson: el.getState().lesson };
            }
            return null;
          } finally {
            el.remove();
          }
        },
        [mode, lesson],
      );
      assert.ok(state !== null, `${mode}: the embed with lesson="${lesson}" opened at a step`);
      assert.equal(state.step, 1, `${mode}/${lesson}: step 1`);
      assert.equal(state.lesson, lesson);
      assert.ok(state.count > 1, `${mode}/${lesson}: steps to walk (${state.count})`);
    }
  }
  assert.deepEqual(problems, []);
});

test('tiles: a side’s state from its two tiles, and the push-out, as edge(), touchedCells() and pushOut() say', async () => {
  await open('mode=tiles&lesson=interesting-edge');
  let steps = await allSteps();
  const edge = await page.evaluate(() => window.__broadphaseTiles.tiles.edge(4, 2, 'right'));
  const stored = steps.find((s) => s.readouts.state !== undefined);
  assert.equal(stored.readouts.state, edge, 'the stored state is what edge() returns');
  assert.equal(stored.readouts['side asked'], "cell (4, 2)'s right side");
  assert.match(steps[0].next, /^Next: From cell \(5, 2\)/, 'the second view is from the cell across the side');
  await goTo(2);
  const drawn = await waitUntil('the canvas to outline the cell', () => window.__broadphaseTiles.stepDrawn, (d) => d.step === 2);
  assert.equal(drawn.cell, steps[1].readouts['seen from']);
  await shot('tiles-edge');

  await open('mode=tiles&lesson=push-out');
  steps = await allSteps();
  const expected = await page.evaluate(() => {
    const t = window.__broadphaseTiles;
    const b = t.boxes()[0];
    const cells = [...t.tiles.touchedCells(b.x, b.y, b.w, b.h)];
    return { push: [...t.tiles.pushOut(b.x, b.y, b.w, b.h)], cells };
  });
  const firstRound = [];
  for (const s of steps) {
    if (/^Round 2/.test(s.says)) break;
    if (s.readouts.tile !== undefined) firstRound.push(s.readouts.cell);
  }
  const cells = [];
  for (let i = 0; i < expected.cells.length; i += 2) cells.push(`cell (${expected.cells[i]}, ${expected.cells[i + 1]})`);
  assert.deepEqual(firstRound.sort(), cells.sort(), 'round 1 tests the cells touchedCells() lists');
  const num = (n) => String(Math.round(n * 10) / 10).replace('-', '−');
  const last = steps[steps.length - 1];
  assert.equal(last.readouts.pushOut, `(${num(expected.push[0])}, ${num(expected.push[1])})`, 'the total is what pushOut() returns');
  const deepest = steps.find((s) => /deepest contact/.test(s.says));
  assert.ok(deepest, 'a deepest contact');
  await goTo(steps.indexOf(deepest) + 1);
  const shown = await waitUntil('the canvas to outline the deepest cell', () => window.__broadphaseTiles.stepDrawn, (d) => d.step === steps.indexOf(deepest) + 1);
  assert.equal(shown.cell, deepest.readouts.cell);
  await shot('tiles-push-out');

  // The Edge tool: a click near a cell side explains that side.
  await page.click('#tiles-tool-edge');
  const at = await page.evaluate(() => {
    const t = window.__broadphaseTiles;
    const ts = t.tiles.tileSize;
    return t.worldToScreen(4 * ts + ts / 2, 3 * ts + 2);
  });
  await page.mouse.click(at.x, at.y);
  const p = await waitUntil('the stepper on the clicked side', () => document.querySelector('#stepper-readouts dd')?.textContent ?? '', (v) => v.includes('cell (4, 3)'));
  assert.match(p, /cell \(4, 3\)'s top side/);
  assert.deepEqual(problems, []);
});

/** The numbers of a readout such as "(120, −3.5)": the panel's minus sign read back. */
function pointOf(text) {
  return text.replace(/[()]/g, '').split(',').map((v) => Number(v.trim().replace('−', '-')));
}

test('tiles: a fast box’s step from contact to contact, as castBox() and step() on a World built here say', async () => {
  await open('mode=tiles&lesson=tile-step');
  const steps = await allSteps();
  // The lesson's map, as the page holds it, and its box with the lesson's own velocity.
  const scene = await page.evaluate(() => {
    const t = window.__broadphaseTiles;
    const b = t.boxes()[0];
    return { ascii: t.tiles.ascii(), ts: t.tiles.tileSize, cols: t.tiles.cols, rows: t.tiles.rows, box: [b.x, b.y, b.w, b.h] };
  });
  const [vx, vy] = [2400, 2400];
  const w = new World(scene.cols * scene.ts, scene.rows * scene.ts);
  try {
    w.tiles.loadAscii(scene.ascii, scene.ts);
    const [x, y, bw, bh] = scene.box;
    const id = w.insert(x, y, bw, bh);
    w.setVelocity(id, vx, vy);
    w.setTileResponse(id, 'bounce');
    // The first contact: a box cast along the step's whole displacement.
    const hit = w.castBox(x, y, bw, bh, vx / 60, vy / 60, id);
    assert.ok(hit !== undefined, 'the lesson’s box meets something this step');
    const moves = steps.filter((s) => s.readouts.move !== undefined);
    const first = moves[0];
    assert.ok(first, 'the stepper shows the moves');
    const near = (got, want, what) => assert.ok(Math.abs(got - want) <= 0.051, `${what}: the panel says ${got}, the World here ${want}`);
    const [lx, ly] = pointOf(first.readouts['left at']);
    near(lx, hit.x, 'the first contact’s x');
    near(ly, hit.y, 'the first contact’s y');
    assert.equal(first.readouts.normal, `(${hit.normalX === -1 ? '−1' : hit.normalX}, ${hit.normalY === -1 ? '−1' : hit.normalY})`, 'the first contact’s normal is castBox’s');
    assert.match(first.readouts.meets, new RegExp(`cell \\(${hit.col}, ${hit.row}\\)`), 'the tile met is castBox’s');
    // Where the step leaves it: the World here, stepped.
    w.step(1 / 60);
    const [ex, ey] = w.box(id);
    const [evx, evy] = w.velocity(id);
    const last = steps[steps.length - 1];
    const [px, py] = pointOf(last.readouts['ends at']);
    near(px, ex, 'the end x');
    near(py, ey, 'the end y');
    const [pvx, pvy] = pointOf(last.readouts.velocity);
    near(pvx, evx, 'the velocity’s x');
    near(pvy, evy, 'the velocity’s y');
    // Every contact is followed by its bounce, and each move starts where the last one left the box.
    for (let i = 1; i < moves.length; i++) assert.equal(moves[i].readouts.from, moves[i - 1].readouts['left at'], `move ${i + 1} starts where move ${i} left the box`);
    const contacts = moves.filter((m) => m.readouts.meets !== 'nothing').length;
    assert.equal(steps.filter((s) => /^Bounce:/.test(s.says)).length, contacts, 'one bounce per contact');
    assert.ok(contacts >= 2, `the corner gives two contacts or more (${contacts})`);
    // The Next: line before the first move says what it meets and why.
    const k = steps.indexOf(first);
    assert.match(steps[k - 1].next, /^Next: Move 1: from .* first meets the full tile of cell/);
    assert.match(steps[k - 1].says, /moves for one step/);
    await goTo(k + 1);
    const drawn = await waitUntil('the canvas to outline the tile met', () => window.__broadphaseTiles.stepDrawn, (d) => d.step === k + 1);
    assert.equal(drawn.cell, `cell (${hit.col}, ${hit.row})`);
    await shot('tiles-contact');
    // Move 3: a long sweep to the world's top wall.
    await goTo(k + 5);
    await shot('tiles-contact-wall');
    // Nothing moved: the trace is a dry run.
    const after = await page.evaluate(() => window.__broadphaseTiles.boxes()[0]);
    assert.deepEqual([after.x, after.y, after.w, after.h], scene.box);
  } finally {
    w.free();
  }
  assert.deepEqual(problems, []);
});

test('hierarchy: the repair lesson steps through the entries; T is the moved subtree and the end is order()', async () => {
  await open('mode=hierarchy&lesson=repair');
  await waitUntil('the lesson to open at step 1', () => Number(document.querySelector('.stepper')?.dataset.step || 0), (s) => s === 1);
  const steps = await allSteps();
  const world = await page.evaluate(() => {
    const w = window.__broadphase.world;
    const order = [...w.order()];
    const parent = Object.fromEntries(order.map((id) => [id, w.parentOf(id)]));
    return { order, parent };
  });
  // The moved subtree, from parentOf alone: #2 and every descendant.
  const inSubtree = (id) => {
    for (let p = id; p !== 0; p = world.parent[p]) if (p === 2) return true;
    return false;
  };
  assert.equal(world.parent[2], 9, 'the lesson attached #2 to #9');
  const middle = steps.filter((s) => s.readouts.entry !== undefined);
  assert.ok(middle.length > 0, 'entries between P and Q');
  for (const s of middle) {
    const id = Number(s.readouts.entry.slice(1));
    assert.equal(/joins the end of T/.test(s.says), inSubtree(id), `${s.readouts.entry}: in T exactly when it is in #2's subtree`);
  }
  const last = steps[steps.length - 1];
  const p = Number(steps[0].readouts.P);
  const q = Number(steps[0].readouts.Q);
  const segment = world.order.slice(p, q + 1).map((id) => `#${id}`).join(' ');
  assert.equal(last.next, `Next: the end: order()[P..Q] is ${segment}, every parent before its children.`);
  // The canvas names the objects as the stepper and the queue do.
  const labels = await page.evaluate(() => window.__broadphase.hierarchy.labels);
  for (const s of middle) assert.ok(labels.includes(s.readouts.entry), `the canvas labels ${s.readouts.entry}`);
  const queue = await page.evaluate(() => [...document.querySelectorAll('#queue > li')].map((e) => e.textContent.trim()));
  assert.deepEqual([...queue].sort(), [...labels].sort(), 'the queue panel and the canvas name the same objects alike');
  await shot('hierarchy-repair');
  assert.deepEqual(problems, []);
});

/** tutorial.html's prose controls: the embed each drives, and what its stepper must say there (the prose's claim). */
const PROSE = [
  ['demo-quadtree-build', null, 1, /^Insert #1/],
  ['demo-quadtree-build', null, 12, /does not split: it holds 4 ≤ 4/],
  ['demo-quadtree-build', null, 15, /^5 objects > 4 at level 0: the root \(level 0\) splits; 5 move down/],
  ['demo-quadtree-build', null, 28, /splits/],
  ['demo-quadtree-build', null, 39, /^#7 fits no quadrant of the root \(level 0\): it crosses the vertical midline/],
  ['demo-quadtree-build', null, 95, /splits; 4 move down, 1 straddle and stay/],
  ['demo-quadtree-build', null, 107, /collapse/],
  ['demo-quadtree-build', null, 109, /^Query #12/],
  ['demo-quadtree-build', null, 126, /^Done: 7 candidates tested against brute force's 17/],
  ['demo-grids', null, 14, /^#4's box reaches 4 cells/],
  ['demo-grids', null, 62, /^The pair search, as pairs\(\) runs it, followed for #4/],
  ['demo-grids', null, 70, /^#3 is a candidate: tested: its box overlaps #4's/],
  ['demo-grids', null, 74, /not tested here: the overlap's corner lies in/],
  ['demo-grids', 'loose-grid', 16, /oversize list/],
  ['demo-grids', 'loose-grid', 34, /own cell .*east, south-west, south and south-east neighbours/],
  ['demo-edges', null, 1, /^From cell \(4, 2\) \(slope45-bl\).*interesting/],
  ['demo-edges', null, 2, /^From cell \(5, 2\) \(empty\).*empty/],
  ['demo-edges', null, 3, /^The two views combined: .*interesting/],
  ['demo-edges', 'closed-door', 4, /^A closed door: solid/],
  ['demo-edges', 'push-out', 1, /^Push box A/],
  ['demo-edges', 'push-out', 31, /^The deepest contact/],
  ['demo-edges', 'push-out', 33, /^Push by .*lands clear/],
  ['demo-rays', 'ray-corner', 2, /through a corner/],
  ['demo-rays', 'ray-solid-edge', 24, /a full tile/],
];

test('tutorial.html: every prose control drives its embed to the step it names, and the embed says what the prose says', async () => {
  await page.goto(`${baseUrl}tutorial.html`);
  const controls = await page.evaluate(() =>
    [...document.querySelectorAll('main [data-broadphase-step]')].map((b) => ({ step: Number(b.dataset.broadphaseStep), lesson: b.dataset.broadphaseLesson ?? null, text: b.textContent.trim() })),
  );
  assert.equal(controls.length, PROSE.length, 'one expectation per prose control');
  for (let i = 0; i < controls.length; i++) {
    const [id, lesson, step, says] = PROSE[i];
    assert.equal(controls[i].step, step, `control ${i + 1} ("${controls[i].text}") names step ${step}`);
    assert.equal(controls[i].lesson, lesson, `control ${i + 1} names lesson ${lesson}`);
    const button = page.locator('main [data-broadphase-step]').nth(i);
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const state = await waitUntil(
      `${id} at step ${step} after "${controls[i].text}"`,
      (id) => {
        const el = document.getElementById(id);
        const s = el.stepState;
        return s === null ? null : { step: s.step, says: s.says, next: s.next, lesson: el.getState().lesson };
      },
      (s) => s !== null && s.step === step && (lesson === null || s.lesson === lesson) && s.says !== '',
      20_000,
      id,
    );
    assert.match(state.says, says, `"${controls[i].text}": ${id} at step ${step} says "${state.says}"`);
    const current = await button.getAttribute('aria-current');
    assert.equal(current, 'step', `"${controls[i].text}" marks itself current`);
  }
  const rays = await page.evaluate(() => document.getElementById('demo-rays').stepState);
  assert.match(rays.next, /The walk stops here/, 'the solid-edge ray stops at its last visited cell');
  assert.deepEqual(problems, []);
});

test('screenshots: every stepper on a phone (390 × 844, touch), the map and the stepper panel', async () => {
  const phone = await launch({ width: 390, height: 844, touch: true });
  try {
    mkdirSync(screenshots, { recursive: true });
    for (const [name, query] of [
      ['quadtree', 'mode=quadtree&lesson=quadtree-build&step=15'],
      ['grids', 'mode=grids&lesson=loose-grid&step=34'],
      ['tiles', 'mode=tiles&lesson=push-out&step=31'],
      ['tiles-contact', 'mode=tiles&lesson=tile-step&step=8'],
      ['rays', 'mode=rays&lesson=ray-corner&step=4'],
      ['hierarchy', 'mode=hierarchy&lesson=repair&step=4'],
    ]) {
      await phone.page.goto(`${phone.baseUrl}index.html?${query}`);
      await waitUntilIn(phone.page, `${name} at its step`, () => Number(document.querySelector('.stepper')?.dataset.step || 0), (s) => s > 0, 20_000);
      await phone.page.waitForTimeout(300);
      await phone.page.screenshot({ path: join(screenshots, `teach-phone-${name}.png`) });
      await phone.page.evaluate(() => document.querySelector('.stepper').scrollIntoView());
      await phone.page.screenshot({ path: join(screenshots, `teach-phone-${name}-stepper.png`) });
    }
    assert.deepEqual(phone.problems, []);
  } finally {
    await phone.close();
  }
});
