// Explicit boxes instead of a seeded scene: what a tutorial author writes
// to stage a situation, in the playground's URL and in an embedded element.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, waitUntil } from './support.mjs';

let browser;
let page;

before(async () => {
  browser = await launch();
  page = browser.page;
});

after(async () => {
  if (browser) {
    assert.deepEqual(browser.problems, [], 'expected no console errors or page errors');
    await browser.close();
  }
});

const BOXES = '10,10,40,30; 40,20,30,30; 200,200,20,20,30,0';

test('boxes= in the URL stages exactly those boxes, with their velocities', async () => {
  await page.goto(`${browser.baseUrl}#mode=quadtree&paused&boxes=${encodeURIComponent(BOXES)}`);
  const scene = await waitUntil(
    page,
    'the three staged boxes',
    () => {
      const world = window.__broadphase?.world;
      if (!world) return null;
      return { count: world.count, boxes: [1, 2, 3].map((id) => [...world.box(id)]), v: [...world.velocity(3)], pairs: [...world.pairs()] };
    },
    (s) => s !== null && s.count === 3,
  );
  assert.deepEqual(scene.boxes, [[10, 10, 40, 30], [40, 20, 30, 30], [200, 200, 20, 20]]);
  assert.deepEqual(scene.v, [30, 0]);
  assert.deepEqual(scene.pairs, [1, 2], 'boxes 1 and 2 overlap, 3 is alone');
  assert.match(await page.locator('#stat-objects').innerText(), /^3$/);
});

test('a malformed boxes= falls back to the seeded scene', async () => {
  await page.goto(`${browser.baseUrl}#mode=quadtree&paused&n=50&boxes=1,2,3`);
  await waitUntil(page, 'the seeded 50 boxes', () => window.__broadphase?.world?.count ?? 0, (n) => n === 50);
});
