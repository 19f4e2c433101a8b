// The embeddable playground: tutorial.html's three <broadphase-playground>
// instances (quadtree, tiles, rays) each draw in their own shadow root,
// ignore each other's input, stop drawing off-screen and resume on screen,
// and answer getState() / setState() and attribute changes; the full
// playground keeps its scene in the URL hash; reduced motion starts still.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, screenshots, waitUntil } from './support.mjs';

let browser;
let page;

before(async () => {
  browser = await launch({ width: 1280, height: 900 });
  page = browser.page;
});

after(async () => {
  if (browser) {
    assert.deepEqual(browser.problems, [], 'expected no console errors or page errors');
    await browser.close();
  }
});

const IDS = ['demo-quadtree-build', 'demo-quadtree', 'demo-grids', 'demo-tiles', 'demo-edges', 'demo-rays', 'demo-play'];

/** Per instance: mode, frame, on screen, its shadow root's canvas, its state. */
function instances() {
  return page.evaluate(() =>
    [...document.querySelectorAll('broadphase-playground')].map((el) => ({
      id: el.id,
      mode: el.getState().mode,
      frame: el.playground?.frame ?? -1,
      visible: el.playground?.visible ?? null,
      shadowCanvas: el.shadowRoot?.querySelectorAll('canvas#world').length ?? 0,
      running: el.getState().paused !== true,
    })),
  );
}

const byId = (list) => Object.fromEntries(list.map((i) => [i.id, i]));

async function scrollTo(id) {
  await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'center' }), id);
}

async function framesAdvance(id, what) {
  const f0 = (byId(await instances()))[id].frame;
  return waitUntil(page, what, (id) => document.getElementById(id).playground.frame, (f) => f > f0 + 5, 10_000, id);
}

test('tutorial.html: seven live instances in five modes, each with its own shadow root and canvas', async () => {
  await page.goto(`${browser.baseUrl}tutorial.html`);
  for (const id of IDS) {
    await scrollTo(id);
    await framesAdvance(id, `${id}'s frames to advance while on screen`);
  }
  const list = await instances();
  assert.deepEqual(list.map((i) => i.id), IDS);
  assert.deepEqual(list.map((i) => i.mode), ['quadtree', 'quadtree', 'grids', 'tiles', 'tiles', 'rays', 'play']);
  assert.deepEqual(list.map((i) => i.shadowCanvas), [1, 1, 1, 1, 1, 1, 1], 'expected one canvas in each shadow root');
  const light = await page.evaluate(() => ({
    canvases: document.querySelectorAll('canvas').length,
    handles: ['__broadphase', '__broadphaseTiles', '__broadphaseRays'].filter((k) => k in window),
    panels: [...document.querySelectorAll('broadphase-playground')].map((el) => [...el.shadowRoot.querySelectorAll('.panel')].filter((p) => !p.hidden).map((p) => p.id)),
    bodyFont: getComputedStyle(document.body).fontFamily,
  }));
  assert.equal(light.canvases, 0, 'expected no canvas in the page itself (all inside shadow roots)');
  assert.deepEqual(light.handles, [], 'expected embeds to install no window debug handles');
  assert.deepEqual(light.panels, [['stepper'], ['stats'], ['stepper'], ['tiles-readout'], ['stepper'], ['rays-ray', 'stepper'], ['play-panel', 'play-machinery']], 'expected only the panels each element asks for');
  assert.match(light.bodyFont, /Charter|Georgia|serif/, 'expected the article font, untouched by the playground styles');
});

test('pausing one instance from the keyboard leaves the others running', async () => {
  // A window as tall as the article: every instance on screen at once.
  const tall = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1280, height: Math.max(3200, tall + 100) });
  await page.waitForTimeout(300);
  const hashBefore = await page.evaluate(() => location.href);
  await page.evaluate(() => document.getElementById('demo-quadtree').shadowRoot.querySelector('#world').focus());
  await page.keyboard.press(' ');
  await waitUntil(page, 'the quadtree instance to report paused', () => document.getElementById('demo-quadtree').getState().paused, (p) => p === true);
  const f0 = byId(await instances());
  await page.waitForTimeout(600);
  const f1 = byId(await instances());
  assert.equal(f1['demo-rays'].running, true, 'expected the rays instance still running (Space went to the quadtree only)');
  for (const id of IDS) assert.ok(f1[id].frame > f0[id].frame + 5, `expected ${id} to keep drawing frames: ${f0[id].frame} → ${f1[id].frame}`);
  assert.equal(await page.evaluate(() => location.href), hashBefore, 'expected an embed never to touch the page URL');
  // The pause button in its own shadow root says so, and the others' do not change.
  const label = await page.evaluate(() => document.getElementById('demo-quadtree').shadowRoot.querySelector('#pause')?.textContent ?? null);
  assert.ok(label === null || /play/i.test(label), `expected the quadtree's pause button to offer Play, found ${label}`);
  await page.keyboard.press(' ');
  await waitUntil(page, 'Space again to resume it', () => document.getElementById('demo-quadtree').getState().paused, (p) => p === false);
});

test('an instance scrolled out of view draws no frames, and resumes when back', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await scrollTo('demo-rays');
  await waitUntil(page, 'the quadtree instance to be off screen', () => document.getElementById('demo-quadtree').playground.visible, (v) => v === false);
  const a = await page.evaluate(() => document.getElementById('demo-quadtree').playground.frame);
  await page.waitForTimeout(700);
  const b = await page.evaluate(() => document.getElementById('demo-quadtree').playground.frame);
  assert.ok(b - a <= 1, `expected no frames off screen, saw ${a} → ${b}`);
  await framesAdvance('demo-rays', 'the on-screen rays instance to keep drawing');
  await scrollTo('demo-quadtree');
  await framesAdvance('demo-quadtree', 'the quadtree instance to resume drawing once back on screen');
  assert.equal((byId(await instances()))['demo-quadtree'].visible, true);
});

test('getState() / setState() and attribute changes reconfigure one instance', async () => {
  await scrollTo('demo-quadtree');
  const s0 = await page.evaluate(() => document.getElementById('demo-quadtree').getState());
  assert.equal(s0.mode, 'quadtree');
  assert.equal(s0.count, 300);
  assert.equal(s0.seed, 7);
  assert.equal(s0.maxObjects, 4);
  const raysBefore = await page.evaluate(() => document.getElementById('demo-rays').getState());
  await page.evaluate(() => document.getElementById('demo-quadtree').setState({ count: 120, seed: 9, panels: ['stats', 'controls'] }));
  const shown = await waitUntil(
    page,
    'the stats panel to show 120 objects after setState',
    () => {
      const root = document.getElementById('demo-quadtree').shadowRoot;
      return { objects: root.querySelector('#stats')?.textContent ?? '', panels: [...root.querySelectorAll('.panel')].filter((p) => !p.hidden).map((p) => p.id) };
    },
    (s) => /Objects\s*120(?!\d)/.test(s.objects),
  );
  assert.deepEqual(shown.panels.sort(), ['controls', 'stats']);
  const s1 = await page.evaluate(() => document.getElementById('demo-quadtree').getState());
  assert.equal(s1.count, 120);
  assert.equal(s1.seed, 9);
  // The controls now show: a change made there comes back through getState().
  await page.evaluate(() => {
    const seed = document.getElementById('demo-quadtree').shadowRoot.querySelector('#seed');
    seed.value = '21';
    seed.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await waitUntil(page, 'getState() to report the seed typed in the controls', () => document.getElementById('demo-quadtree').getState().seed, (s) => s === 21);
  await page.evaluate(() => document.getElementById('demo-quadtree').setAttribute('count', '150'));
  await waitUntil(page, 'the count attribute to apply', () => document.getElementById('demo-quadtree').getState().count, (n) => n === 150);
  assert.equal(await page.evaluate(() => document.getElementById('demo-quadtree').getState().seed), 21, 'expected the reader’s seed to survive an unrelated attribute change');
  assert.deepEqual(await page.evaluate(() => document.getElementById('demo-rays').getState()), raysBefore, 'expected the rays instance untouched');
});

test('screenshot: the tutorial page, its instances with prose between them', async () => {
  await page.goto(`${browser.baseUrl}tutorial.html`);
  for (const id of IDS) {
    await scrollTo(id);
    await framesAdvance(id, `${id} to draw before the screenshot`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'embed.png'), fullPage: true });
});

test('the full playground restores its scene from the URL hash, and writes changes back to it', async () => {
  await page.goto(`${browser.baseUrl}#mode=grids&n=2000&seed=3&structure=grid`);
  const s = await waitUntil(
    page,
    'the grids mode with the hash’s scene',
    () => {
      const bp = window.__broadphase;
      return bp && { mode: bp.mode, frame: bp.frame, count: bp.world.count, seed: bp.settings.seed, structure: bp.world.structure };
    },
    (s) => s != null && s.mode === 'grids' && s.frame > 2,
  );
  assert.deepEqual({ ...s, frame: 0 }, { mode: 'grids', frame: 0, count: 2000, seed: 3, structure: 'grid' });
  await page.evaluate(() => window.__broadphase.playground.setSeed(11));
  const url = await waitUntil(page, 'seed=11 in the hash', () => ({ hash: location.hash, search: location.search }), (u) => /[#&]seed=11(&|$)/.test(u.hash));
  assert.match(url.hash, /^#mode=grids&/, `expected the mode first in the hash, found ${url.hash}`);
  assert.equal(url.search, '', 'expected a hash-only link to stay hash-only');
  await page.reload();
  const r = await waitUntil(
    page,
    'the reloaded page to restore the scene from the hash',
    () => {
      const bp = window.__broadphase;
      return bp && { mode: bp.mode, frame: bp.frame, count: bp.world.count, seed: bp.settings.seed, structure: bp.world.structure };
    },
    (s) => s != null && s.mode === 'grids' && s.frame > 2,
  );
  assert.deepEqual({ ...r, frame: 0 }, { mode: 'grids', frame: 0, count: 2000, seed: 11, structure: 'grid' });
  assert.equal(await page.locator('#tab-grids').getAttribute('aria-selected'), 'true');
});

test('prefers-reduced-motion: the tutorial and the playground start paused', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.goto(`${browser.baseUrl}tutorial.html`);
    // Each instance started (an embed far down the page starts when it nears the view).
    await page.evaluate(async () => {
      for (const el of document.querySelectorAll('broadphase-playground')) {
        el.scrollIntoView({ block: 'center' });
        await el.ready;
      }
    });
    await scrollTo('demo-quadtree');
    await framesAdvance('demo-quadtree', 'the paused quadtree instance to keep drawing (still) frames');
    const paused = await page.evaluate(() => [...document.querySelectorAll('broadphase-playground')].map((el) => el.getState().paused));
    // The tile editor has no motion, so no paused setting.
    assert.deepEqual(paused, [true, true, true, undefined, undefined, true, true], 'expected every instance with motion to start paused');
    const steps = await page.evaluate(async () => {
      // What the scene shows (the clocks and timings of the page go on ticking).
      const scene = ['objects', 'structure', 'candidates', 'saving', 'pairs', 'agree', 'camera', 'nodes'];
      const stats = () => scene.map((row) => document.getElementById('demo-quadtree').shadowRoot.querySelector(`#stats [data-row="${row}"]`)?.textContent).join(' | ');
      const a = stats();
      await new Promise((r) => setTimeout(r, 500));
      return [a, stats()];
    });
    assert.equal(steps[0], steps[1], 'expected no motion: the scene\'s stats stay put');
    await page.goto(`${browser.baseUrl}?mode=quadtree`);
    await waitUntil(page, 'the playground to start paused', () => !window.__broadphase?.settings.paused, (r) => r === false);
  } finally {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
});

test('getState() reports the values in force, never refused ones, defaults included', async () => {
  await page.goto(`${browser.baseUrl}tutorial.html`);
  const state = await page.evaluate(async () => {
    const el = document.createElement('broadphase-playground');
    el.setAttribute('mode', 'grids');
    el.setAttribute('count', '-1');
    el.setAttribute('cell-size', '-5');
    el.setAttribute('height', 'banana');
    document.body.append(el);
    await el.playground.ready;
    await new Promise((r) => setTimeout(r, 300));
    return el.getState();
  });
  assert.equal(state.count, 800, `expected the refused count -1 replaced by the default 800, got ${state.count}`);
  assert.equal(state.cellSize, undefined, 'expected no cell size (the refused -5 is not in force; the core picks one)');
  assert.equal(state.height, undefined, 'expected the refused height not reported');
  assert.equal(state.structure, 'loose-grid');
});

// A cell size the settings table accepts (above 0, at most 1e6) can still
// be too small for the world's grid (the core refuses it, naming the
// smallest): the whole playground failed to start ("The playground could
// not start: size must be at least …"), with a console error, and the
// embed's getState() reported the refused size. It is now dropped, shown
// and warned; the grids pick a size, and the scene runs.
test('a cell size too small for the world is dropped, shown and warned; the playground starts', async () => {
  await page.goto(`${browser.baseUrl}tutorial.html`);
  const got = await page.evaluate(async () => {
    const warned = [];
    const warn = console.warn;
    console.warn = (...args) => (warned.push(args.join(' ')), warn(...args));
    try {
      const el = document.createElement('broadphase-playground');
      el.setAttribute('mode', 'grids');
      el.setAttribute('cell-size', '0.0001');
      document.body.append(el);
      // On screen: an embed out of view draws no frames.
      el.scrollIntoView();
      await el.playground.ready;
      await new Promise((r) => setTimeout(r, 500));
      const state = el.getState();
      const frame = el.playground.frame;
      const shown = el.shadowRoot.textContent;
      el.remove();
      return { state, frame, shown, warned };
    } finally {
      console.warn = warn;
    }
  });
  assert.equal(got.state.cellSize, undefined, `expected the refused cell size not reported, got ${got.state.cellSize}`);
  assert.ok(got.frame > 0, 'expected the playground to run');
  assert.match(got.shown, /cell size 0\.0001 not used: size must be at least/, 'expected the refusal shown');
  assert.ok(got.warned.some((w) => /cell size 0\.0001 not used/.test(w)), `expected a warning, got ${JSON.stringify(got.warned)}`);
  // 50,000 boxes: a world whose grid needs cells of at least ~6.3.
  await page.goto(`${browser.baseUrl}#mode=grids&n=50000&cell=0.001`);
  await waitUntil(page, 'the page to run a grids scene', () => window.__broadphase?.frame ?? 0, (f) => f > 2);
  const hash = await page.evaluate(() => document.body.innerText.includes('could not start'));
  assert.equal(hash, false, 'expected the page to start');
  assert.equal(await page.evaluate(() => window.__broadphase.settings.cellSize), undefined, 'expected the refused size not in force');
  // Typed into the panel: not applied, said, and the scene keeps running.
  await page.locator('#cell-size').fill('3');
  await page.locator('#cell-size').press('Enter');
  const after = await page.evaluate(() => ({ cell: window.__broadphase.settings.cellSize, text: document.body.innerText }));
  assert.equal(after.cell, undefined, 'expected the refused size not in force');
  assert.match(after.text, /cell size 3 not used: size must be at least/, 'expected the refusal shown');
});
