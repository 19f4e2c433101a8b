// Browser test of the mode switch: header tabs (mouse and keyboard),
// `?mode=` in the URL with back / forward, and that a switch destroys the
// old mode: its frame loop stops, its keyboard handler is gone, and only one
// requestAnimationFrame loop runs. Serves $BROADPHASE_DIST (default dist/).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, waitUntil } from './support.mjs';

let browser;
let page;

before(async () => {
  browser = await launch();
  page = browser.page;
  // Count requestAnimationFrame requests, to see how many loops run.
  await page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.__rafCalls = 0;
    window.requestAnimationFrame = (cb) => {
      window.__rafCalls += 1;
      return raf(cb);
    };
  });
});

after(async () => {
  await browser?.close();
});

async function activeMode(name) {
  return waitUntil(
    page,
    `the ${name} mode to be mounted and drawing`,
    () => {
      const bp = window.__broadphase;
      const selected = document.querySelector('[role="tab"][aria-selected="true"]');
      return { handle: bp?.mode ?? null, frame: bp?.frame ?? -1, host: document.getElementById('mode-host')?.dataset.mode, tab: selected?.id, search: location.search };
    },
    // Tiles and rays keep their own debug handles; the shell's state is enough.
    (s) => s.host === name && s.tab === `tab-${name}` && (name === 'tiles' || name === 'rays' || (s.handle === name && s.frame > 2)),
    20_000,
  );
}

test('the page opens in the quadtree mode with a tab per mode', async () => {
  await page.goto(browser.baseUrl);
  await activeMode('quadtree');
  const tabs = await page.locator('#mode-tabs [role="tab"]').evaluateAll((els) => els.map((e) => ({ id: e.id, text: e.textContent, selected: e.getAttribute('aria-selected'), tabindex: e.tabIndex })));
  assert.deepEqual(tabs.map((t) => t.id), ['tab-quadtree', 'tab-grids', 'tab-hierarchy', 'tab-tiles', 'tab-rays']);
  assert.deepEqual(tabs.map((t) => t.selected), ['true', 'false', 'false', 'false', 'false']);
  assert.deepEqual(tabs.map((t) => t.tabindex), [0, -1, -1, -1, -1], 'expected a roving tabindex: only the selected tab in the tab order');
  assert.equal(await page.locator('#mode-host').getAttribute('role'), 'tabpanel');
  assert.equal(await page.locator('#mode-host').getAttribute('aria-labelledby'), 'tab-quadtree');
});

test('clicking a tab destroys the old mode: its loop and its keys stop, one rAF loop remains', async () => {
  await page.evaluate(() => {
    window.__oldPlayground = window.__broadphase.playground;
  });
  await page.click('#tab-grids');
  const s = await activeMode('grids');
  assert.match(s.search, /^\?mode=grids/, `expected ?mode=grids, found "${s.search}"`);
  const old = await page.evaluate(async () => {
    const pg = window.__oldPlayground;
    const f0 = pg.frame;
    const running0 = pg.state.settings.running;
    document.getElementById('world').focus();
    // Space pauses the grids mode; a leaked handler would also flip the old one.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    await new Promise((r) => setTimeout(r, 400));
    return { destroyed: pg.isDestroyed, advanced: pg.frame - f0, runningChanged: pg.state.settings.running !== running0, gridsRunning: window.__broadphase.settings.running };
  });
  assert.equal(old.destroyed, true, 'expected the quadtree playground to be destroyed');
  assert.equal(old.advanced, 0, `expected the old mode's frame loop to stop, it drew ${old.advanced} more frames`);
  assert.equal(old.runningChanged, false, "expected the old mode's keyboard handler to be gone");
  assert.equal(old.gridsRunning, false, 'expected Space to pause the grids mode');
  await page.keyboard.press(' ');
  // One loop: rAF requests match frames drawn.
  const loops = await page.evaluate(async () => {
    const c0 = window.__rafCalls;
    const f0 = window.__broadphase.frame;
    await new Promise((r) => setTimeout(r, 1000));
    return { calls: window.__rafCalls - c0, frames: window.__broadphase.frame - f0 };
  });
  assert.ok(loops.frames > 5, `expected frames to be drawn, found ${loops.frames}`);
  assert.ok(Math.abs(loops.calls - loops.frames) <= 2, `expected one rAF request per frame (one loop), found ${loops.calls} requests for ${loops.frames} frames`);
});

test('arrow keys, Home and End move between tabs and switch modes; back and forward follow', async () => {
  await page.focus('#tab-grids');
  await page.keyboard.press('ArrowRight');
  await activeMode('hierarchy');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tab-hierarchy', 'expected focus to follow the selected tab');
  await page.keyboard.press('Home');
  await activeMode('quadtree');
  await page.keyboard.press('ArrowLeft');
  await activeMode('rays');
  await page.keyboard.press('ArrowLeft');
  await activeMode('tiles');
  await page.keyboard.press('End');
  await activeMode('rays');
  await page.goBack();
  await activeMode('tiles');
  await page.goBack();
  await activeMode('rays');
  await page.goForward();
  await activeMode('tiles');
});

test('?mode= opens a mode directly with its own settings; an unknown mode falls back to quadtree', async () => {
  await page.goto(`${browser.baseUrl}?mode=grids&n=300&structure=grid&cell=30`);
  await activeMode('grids');
  const s = await page.evaluate(() => ({ count: window.__broadphase.world.count, structure: window.__broadphase.world.structure, cell: window.__broadphase.world.cellSize, search: location.search }));
  assert.deepEqual([s.count, s.structure, s.cell], [300, 'grid', 30], `expected the URL's settings, found ${JSON.stringify(s)}`);
  assert.match(s.search, /^\?mode=grids&/, `expected the mode to stay first in the rewritten URL, found "${s.search}"`);
  await page.goto(`${browser.baseUrl}?mode=nonsense`);
  await activeMode('quadtree');
  assert.deepEqual(browser.problems, [], `expected no console or page errors, found ${browser.problems.join('; ')}`);
});
