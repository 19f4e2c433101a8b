// The page's honest-timing helpers and the renderer's pure parts, in Node:
// the clock's step and the precision a mean is shown with, the frame and
// tick windows, CSS colours as the GPU gets them, and the ?renderer= flag.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from './support.mjs';

let clock;
let frameCost;
let partTimer;
let colour;
let preference;
before(async () => {
  [clock, frameCost, partTimer, colour, preference] = await load('/www/runtime/clock.ts', '/www/runtime/frame-cost.ts', '/www/runtime/part-timer.ts', '/www/gpu/colour.ts', '/www/gpu/preference.ts');
});

test("the clock's step is found and is positive", () => {
  const step = clock.timerStepMs();
  assert.ok(step > 0 && step <= 1, `expected a step between 0 and 1 ms, found ${step}`);
});

test('a mean is shown with the decimals its readings carry, never more than two', () => {
  // One reading of a 100 µs clock: tenths.
  assert.equal(clock.formatMs(3.14159, 0.1, 1), '3.1');
  // A hundred readings: hundredths.
  assert.equal(clock.formatMs(3.14159, 0.1, 100), '3.14');
  // A fine clock still stops at hundredths.
  assert.equal(clock.formatMs(3.14159, 0.005, 1000), '3.14');
  // Ten ms and more: at most one decimal.
  assert.equal(clock.formatMs(12.345, 0.1, 100), '12.3');
  assert.equal(clock.formatMs(NaN, 0.1, 10), '—');
});

function busy(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

test('a frame window closes after a second and ten frames, and its parts add up to the frame', async () => {
  const cost = new frameCost.FrameCost();
  cost.samples = [];
  const start = performance.now();
  while (cost.report === null && performance.now() - start < 5000) {
    cost.begin();
    busy(2);
    cost.add('step', 2);
    cost.add('pairs', 0);
    cost.add('draw', 0);
    cost.add('check', 0);
    cost.end();
  }
  const r = cost.report;
  assert.ok(r !== null, 'expected a window to close');
  assert.ok(r.frames >= 10 && r.windowMs >= 1000, `expected at least 10 frames and a second, found ${r.frames} frames in ${r.windowMs} ms`);
  assert.ok(Math.abs(r.step - 2) < 1e-9, `expected the step part as added, found ${r.step}`);
  assert.ok(r.total >= r.step && r.rest >= 0 && r.median >= 2 && r.longest >= r.median, JSON.stringify(r));
  assert.equal(cost.samples.length, r.frames, 'expected every frame recorded for a benchmark');
});

test('tick parts are means over a window of at least a second and 20 ticks', () => {
  const timer = new partTimer.PartTimer(['step', 'rays']);
  let now = 0;
  // Long ticks: the window waits for its 20th.
  for (let tick = 0; tick < 19; tick++) {
    timer.add('step', 0.1);
    timer.done((now += 100));
  }
  assert.equal(timer.report, null, 'expected no report before 20 ticks, whatever the time');
  timer.add('step', 0.1);
  timer.done((now += 100));
  assert.equal(timer.report?.samples, 20);
  // Short ticks: the next window waits for its second; readings of 0 and one step average out.
  for (let tick = 0; tick < 49; tick++) {
    timer.add('step', tick % 2 === 0 ? 0.1 : 0);
    timer.done((now += 20));
  }
  assert.equal(timer.report.samples, 20, 'expected the first window still shown before a second passed');
  timer.done((now += 20));
  assert.equal(timer.report.samples, 50);
  assert.ok(Math.abs(timer.report.means.step - 0.05) < 1e-9, `expected the mean of the readings, found ${timer.report.means.step}`);
  assert.equal(timer.report.means.rays, 0);
});

test('CSS colours become the floats the 2D canvas keeps (8 bits a channel)', () => {
  assert.deepEqual(colour.parseColour('#ff9aa3'), [1, 154 / 255, 163 / 255, 1]);
  assert.deepEqual(colour.parseColour('#fff'), [1, 1, 1, 1]);
  assert.deepEqual(colour.parseColour('rgba(94, 139, 201, 0.30)'), [94 / 255, 139 / 255, 201 / 255, 77 / 255]);
  assert.deepEqual(colour.parseColour('rgb(72, 219, 160)'), [72 / 255, 219 / 255, 160 / 255, 1]);
  assert.deepEqual(colour.withAlpha([0, 0, 0, 1], 0.5), [0, 0, 0, 128 / 255]);
  for (const bad of ['red', '#12', 'rgba(1, 2)', 'rgb(a, b, c)']) assert.throws(() => colour.parseColour(bad), new RegExp(`colour "${bad.replace(/[()]/g, '\\$&')}"`));
});

test('?renderer= picks the renderer; anything else means auto', () => {
  assert.equal(preference.rendererFromAddress(''), 'auto');
  assert.equal(preference.rendererFromAddress('?renderer=2d'), '2d');
  assert.equal(preference.rendererFromAddress('?x=1&renderer=webgl'), 'webgl');
  assert.equal(preference.rendererFromAddress('?renderer=gpu'), 'auto');
});
