// Browser test of the play mode: the player runs and jumps on the core's
// tile-aware step, never sinks into a tile, drones see or lose the player
// by line of sight, gold is collected through pairsBegan, and a recorded
// input replay ends in the same place. Also measures frame times with a
// thousand moving mines (reported, not asserted).

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
  await page.goto(`${baseUrl}#mode=play&seed=1`);
  await waitUntil(page, 'the play mode to run', () => window.__broadphasePlay?.frame ?? -1, (f) => f > 5, 20_000);
});

after(async () => {
  await close?.();
});

const P = (fn, arg) => page.evaluate(fn, arg);

test('holding Right for a second moves the player right, on the floor', async () => {
  await P(() => window.__broadphasePlay.restart(1));
  await page.waitForTimeout(400); // land
  const x0 = await P(() => window.__broadphasePlay.game().playerBox()[0]);
  await page.keyboard.down('ArrowRight');
  await page.waitForTimeout(1000);
  await page.keyboard.up('ArrowRight');
  const x1 = await P(() => window.__broadphasePlay.game().playerBox()[0]);
  assert.ok(x1 > x0 + 60, `expected a second of Right to carry the player well to the right (${x0.toFixed(1)} → ${x1.toFixed(1)})`);
});

test('running and jumping over slopes and curves, the player never sinks into a tile', async () => {
  const report = await P(() => {
    const h = window.__broadphasePlay;
    h.pause(true);
    h.restart(1, 0);
    const g = h.game();
    let deepest = 0;
    let onShapes = 0;
    for (let t = 0; t < 900; t++) {
      // Right, with a jump every 40 ticks; Left for a while in the middle.
      const dir = t > 420 && t < 560 ? 1 : 2;
      g.step(dir | (t % 40 < 3 ? 4 : 0));
      const [x, y, w, hh] = g.playerBox();
      const [dx, dy] = g.tiles.pushOut(x, y, w, hh);
      deepest = Math.max(deepest, Math.hypot(dx, dy));
      if (g.grounded) {
        const cells = g.tiles.touchedCells(x, y + 1, w, hh);
        for (let i = 0; i < cells.length; i += 2) {
          const shape = g.tiles.tile(cells[i], cells[i + 1]);
          if (shape !== 'empty' && shape !== 'full') onShapes++;
        }
      }
    }
    h.pause(false);
    return { deepest, onShapes };
  });
  assert.ok(report.deepest < 0.5, `expected the player never deeper than 0.5 units in a tile (the narrow phase's push-out), deepest ${report.deepest}`);
  assert.ok(report.onShapes > 0, 'expected the run to stand on a slope or a curve at some point');
});

test('a drone\'s sight flips when the player goes behind a wall', async () => {
  const flips = await P(() => {
    const h = window.__broadphasePlay;
    h.pause(true);
    h.restart(1, 0);
    const g = h.game();
    const d = g.drones[0];
    const ts = g.tiles.tileSize;
    let seen = null;
    let hidden = null;
    for (let r = 1; r < g.tiles.rows - 1 && (seen === null || hidden === null); r++) {
      for (let c = 1; c < g.tiles.cols - 1; c++) {
        const x = c * ts + 6;
        const y = r * ts + 3;
        const [dx, dy] = g.tiles.pushOut(x, y, 12, 18);
        if (dx !== 0 || dy !== 0) continue;
        const sees = g.tiles.lineOfSight(d.x, d.y, x + 6, y + 9);
        if (sees && seen === null) seen = [x, y];
        if (!sees && hidden === null) hidden = [x, y];
      }
    }
    const place = ([x, y]) => {
      g.world.update(g.player, x, y, 12, 18);
      g.world.setVelocity(g.player, 0, 0);
      g.step(0);
      return g.drones[0].sees;
    };
    const result = [place(seen), place(hidden), place(seen)];
    h.pause(false);
    return result;
  });
  assert.deepEqual(flips, [true, false, true], 'expected drone 0 to see the player in the open, lose it behind a wall, and see it again');
});

test('touching gold collects it: the score goes up and the coin is gone', async () => {
  const result = await P(() => {
    const h = window.__broadphasePlay;
    h.pause(true);
    h.restart(1, 0);
    const g = h.game();
    const [coin] = [...g.kinds].find(([, k]) => k === 'coin');
    const [x, y] = g.world.box(coin);
    const before = { score: g.score, coins: g.coins };
    g.world.update(g.player, x - 2, y - 5, 12, 18);
    g.world.setVelocity(g.player, 0, 0);
    g.step(0);
    const after = { score: g.score, coins: g.coins, alive: g.kinds.has(coin) };
    h.pause(false);
    return { before, after };
  });
  assert.equal(result.after.score, result.before.score + 1, 'expected the score to go up by one');
  assert.equal(result.after.coins, result.before.coins - 1, 'expected one coin fewer');
  assert.equal(result.after.alive, false, 'expected the coin removed from the world');
  await waitUntil(page, 'the score on screen', () => document.getElementById('play-score')?.textContent, (t) => Number(t) >= 1);
});

test('a safe start: no mine comes near the spawn in its first three seconds, and a player holding → is not hit in them (30 seeds)', async () => {
  const report = await P(() => {
    const h = window.__broadphasePlay;
    h.pause(true);
    const out = { near: [], hitEarly: [] };
    for (let seed = 1; seed <= 30; seed++) {
      for (const buttons of [0, 2, 2 | 4]) {
        h.restart(seed);
        const g = h.game();
        const [sx, sy] = g.spawnPoint;
        for (let t = 0; t < 180; t++) {
          g.step(buttons);
          if (g.hits > 0) {
            out.hitEarly.push(`seed ${seed}, buttons ${buttons}: hit at tick ${t}`);
            break;
          }
          if (buttons !== 0) continue;
          for (const [id, kind] of g.kinds) {
            if (kind !== 'mine') continue;
            const [x, y] = g.world.box(id);
            if (Math.hypot(x - sx, y - sy) < 2 * g.tiles.tileSize) out.near.push(`seed ${seed}: mine #${id} ${Math.hypot(x - sx, y - sy).toFixed(0)} units from the spawn at tick ${t}`);
          }
        }
      }
    }
    h.pause(false);
    return out;
  });
  assert.deepEqual(report.near.slice(0, 5), [], 'expected no mine within two tiles of the spawn in the first three seconds');
  assert.deepEqual(report.hitEarly.slice(0, 5), [], 'expected no hit in the first three seconds');
});

test('a hit shows what happened: a burst where it was, the way back, the count on the canvas and in the panel, the player blinking', async () => {
  const hit = await P(() => {
    const h = window.__broadphasePlay;
    h.pause(true);
    h.restart(1, 1);
    const g = h.game();
    for (let t = 0; t < 200; t++) g.step(0);
    // The one mine, put on the player once the start's grace is over.
    const [mine] = [...g.kinds].find(([, k]) => k === 'mine');
    const [x, y] = g.playerBox();
    g.world.update(mine, x + 3, y + 6, 6, 6);
    g.world.setVelocity(mine, 0, 0);
    g.step(0);
    return { hits: g.hits, at: g.lastHit, player: g.playerBox().slice(0, 2), spawn: [...g.spawnPoint], grace: g.graceLeft };
  });
  assert.equal(hit.hits, 1, 'expected the mine to hit the player');
  assert.deepEqual(hit.player, hit.spawn, 'expected the player back at the start');
  assert.ok(hit.grace > 60, `expected a grace after the hit, ${hit.grace} ticks`);
  await page.waitForTimeout(200);
  const shown = await P(() => ({ hits: document.getElementById('play-hits').textContent, status: document.querySelector('#play-panel [role="status"]').textContent }));
  assert.equal(shown.hits, '1', 'expected the panel to count the hit');
  assert.match(shown.status, /mine hit you: back to the start/i, `expected the panel to say what happened: "${shown.status}"`);
  // The burst: the hit's colour on the ring around where the player was.
  const centre = await P(([x, y]) => window.__broadphasePlay.worldToScreen(x + 6, y + 9), [hit.at.x, hit.at.y]);
  const red = [];
  for (let a = 0; a < 16; a++) {
    const [r, g, b] = await pixelAt(page, centre.x + 9 * Math.cos((a * Math.PI) / 8), centre.y + 9 * Math.sin((a * Math.PI) / 8));
    if (r > 180 && g < 120 && b < 140) red.push(a);
  }
  assert.ok(red.length >= 4, `expected the burst's red ring around the hit, found it at ${red.length} of 16 points`);
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'play-hit.png') });
  await P(() => window.__broadphasePlay.pause(false));
});

test('a recorded input replay reproduces the same final position', async () => {
  await P(() => window.__broadphasePlay.restart(7));
  await page.keyboard.down('ArrowRight');
  await page.waitForTimeout(500);
  await page.keyboard.press('Space');
  await page.waitForTimeout(400);
  await page.keyboard.up('ArrowRight');
  await page.keyboard.down('ArrowLeft');
  await page.waitForTimeout(300);
  await page.keyboard.up('ArrowLeft');
  const { live, replayed, ticks } = await P(() => {
    const h = window.__broadphasePlay;
    h.pause(true);
    const g = h.game();
    const inputs = [...g.inputs];
    return { live: g.playerBox(), replayed: h.replay(inputs, 7), ticks: inputs.length };
  });
  await P(() => window.__broadphasePlay.pause(false));
  assert.ok(ticks > 60, `expected over a second of recorded ticks, got ${ticks}`);
  assert.deepEqual(replayed, live, 'expected the replay to end exactly where the live game is');
});

test('a thousand moving mines: frame times measured (reported, not asserted), and screenshots', async () => {
  await P(() => window.__broadphasePlay.restart(3, 1000));
  await page.waitForTimeout(2500);
  const times = await P(() => window.__broadphasePlay.frameTimes());
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  const costs = await P(() => ({ ...window.__broadphasePlay.game().costs }));
  // µs per tick are means over a second of ticks, not one reading of a 100 µs clock.
  const shown = await P(() => ({ text: document.getElementById('play-costs').textContent, samples: window.__broadphasePlay.game().timing.report?.samples ?? 0 }));
  assert.ok(shown.samples >= 20, `expected the tick costs to be means over at least 20 ticks, found ${shown.samples}`);
  assert.match(shown.text, /^step [\d.]+ · pairs [\d.]+ · rays [\d.]+$/, `expected the three parts in µs, found "${shown.text}"`);
  console.log(`play with 1000 mines: median frame ${median.toFixed(1)} ms (${(1000 / median).toFixed(0)} fps); tick: step ${costs.step.toFixed(0)} µs, pairs ${costs.pairs.toFixed(0)} µs, rays ${costs.rays.toFixed(0)} µs`);
  mkdirSync(screenshots, { recursive: true });
  await page.check('#play-grid');
  await page.check('#play-touched');
  await page.check('#play-edges');
  await page.check('#play-rays');
  await P(() => window.__broadphasePlay.restart(1));
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(screenshots, 'play.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  const pad = await page.locator('.play-pad').boundingBox();
  assert.ok(pad !== null && pad.y + pad.height <= 844, 'expected the touch buttons on the first phone screen');
  await page.screenshot({ path: join(screenshots, 'phone-play.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  assert.deepEqual(problems, [], 'expected no console errors');
});
