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
      return { handle: bp?.mode ?? null, frame: bp?.frame ?? -1, host: document.getElementById('mode-host')?.dataset.mode, tab: selected?.id, hash: location.hash, search: location.search };
    },
    // Tiles, rays and play keep their own debug handles; the shell's state is enough.
    (s) => s.host === name && s.tab === `tab-${name}` && (name === 'tiles' || name === 'rays' || name === 'play' || (s.handle === name && s.frame > 2)),
    20_000,
  );
}

test('the page opens in the quadtree mode with a tab per mode', async () => {
  await page.goto(browser.baseUrl);
  await activeMode('quadtree');
  const tabs = await page.locator('#mode-tabs [role="tab"]').evaluateAll((els) => els.map((e) => ({ id: e.id, text: e.textContent, selected: e.getAttribute('aria-selected'), tabindex: e.tabIndex })));
  assert.deepEqual(tabs.map((t) => t.id), ['tab-quadtree', 'tab-grids', 'tab-hierarchy', 'tab-tiles', 'tab-rays', 'tab-play']);
  assert.deepEqual(tabs.map((t) => t.selected), ['true', 'false', 'false', 'false', 'false', 'false']);
  assert.deepEqual(tabs.map((t) => t.tabindex), [0, -1, -1, -1, -1, -1], 'expected a roving tabindex: only the selected tab in the tab order');
  assert.equal(await page.locator('#mode-host').getAttribute('role'), 'tabpanel');
  assert.equal(await page.locator('#mode-host').getAttribute('aria-labelledby'), 'tab-quadtree');
});

test('clicking a tab destroys the old mode: its loop and its keys stop, one rAF loop remains', async () => {
  await page.evaluate(() => {
    window.__oldPlayground = window.__broadphase.playground;
  });
  await page.click('#tab-grids');
  const s = await activeMode('grids');
  assert.match(s.hash, /^#mode=grids/, `expected #mode=grids, found "${s.hash}"`);
  assert.equal(s.search, '', 'expected only the hash to be written');
  const old = await page.evaluate(async () => {
    const pg = window.__oldPlayground;
    const f0 = pg.frame;
    const running0 = !pg.settings.paused;
    document.getElementById('world').focus();
    // Space pauses the grids mode; a leaked handler would also flip the old one.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    await new Promise((r) => setTimeout(r, 400));
    return { destroyed: pg.isDestroyed, advanced: pg.frame - f0, runningChanged: !pg.settings.paused !== running0, gridsRunning: !window.__broadphase.settings.paused };
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
  await activeMode('play');
  await page.keyboard.press('ArrowLeft');
  await activeMode('rays');
  await page.keyboard.press('End');
  await activeMode('play');
  await page.goBack();
  await activeMode('rays');
  await page.goBack();
  await activeMode('play');
  await page.goForward();
  await activeMode('rays');
});

test('?mode= opens a mode directly with its own settings; an unknown mode falls back to quadtree', async () => {
  await page.goto(`${browser.baseUrl}?mode=grids&n=300&structure=grid&cell=30`);
  await activeMode('grids');
  const s = await page.evaluate(() => ({ count: window.__broadphase.world.count, structure: window.__broadphase.world.structure, cell: window.__broadphase.world.cellSize, hash: location.hash, search: location.search }));
  assert.deepEqual([s.count, s.structure, s.cell], [300, 'grid', 30], `expected the URL's settings, found ${JSON.stringify(s)}`);
  assert.match(s.hash, /^#mode=grids&/, `expected the mode to stay first in the rewritten address, found "${s.hash}"`);
  assert.equal(s.search, '', 'expected an old ?query link to be read once and rewritten as a hash');
  await page.goto(`${browser.baseUrl}?mode=nonsense`);
  await activeMode('quadtree');
  assert.deepEqual(browser.problems, [], `expected no console or page errors, found ${browser.problems.join('; ')}`);
});

test('settings the address cannot have are listed on the page, warned in the console, and the address says what is in force', async () => {
  browser.warnings.length = 0;
  await page.goto(`${browser.baseUrl}#mode=quadtree&n=1e9&speed=fast&preset=slopes&zoom=3`);
  await activeMode('quadtree');
  const seen = await waitUntil(
    page,
    'the settings notice and the rewritten address',
    () => {
      const notice = document.getElementById('settings-notice');
      return { notice: notice.hidden ? null : notice.textContent, hash: location.hash, count: window.__broadphase?.world.count };
    },
    (s) => s.notice !== null && /count=200000/.test(s.hash),
  );
  assert.match(seen.notice, /n clamped to 200,000/, `expected the clamp to be said, notice: ${seen.notice}`);
  assert.match(seen.notice, /speed: "fast" is not a finite number/, 'expected the refused speed to be named');
  assert.match(seen.notice, /preset does not apply to the quadtree mode/, 'expected a setting of another mode to be named');
  assert.match(seen.notice, /zoom is not a setting/, 'expected an unknown parameter to be named');
  assert.equal(seen.count, 200_000, 'expected the clamped count in force');
  assert.doesNotMatch(seen.hash, /speed|preset|zoom/, `expected refused settings out of the address, found ${seen.hash}`);
  for (const name of ['n', 'speed', 'preset', 'zoom']) assert.ok(browser.warnings.some((w) => w.includes(name)), `expected a console warning naming ${name}`);
  // A bad mode is named too, and the default one opens.
  await page.goto(`${browser.baseUrl}#mode=quadtre`);
  await activeMode('quadtree');
  assert.match(await page.locator('#settings-notice').textContent(), /mode: "quadtre" is not one of them/);
  // Dismissible.
  await page.click('#settings-notice .settings-notice-close');
  assert.equal(await page.locator('#settings-notice').isHidden(), true);
  await page.goto(`${browser.baseUrl}#mode=quadtree`);
  await activeMode('quadtree');
});
