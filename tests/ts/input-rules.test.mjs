// The input layer's and the layout's pure rules, in Node: one wheel zoom
// for every mode, and the short names panels get as tabs in a narrow embed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from './support.mjs';

const [input, tabs] = await load('/www/runtime/input.ts', '/www/runtime/panel-tabs.ts');

test('one wheel notch zooms by the same factor in pixels, lines and pages', () => {
  const notch = (deltaY, deltaMode) => input.wheelZoom({ deltaY, deltaMode });
  const px = notch(100, 0);
  assert.ok(Math.abs(px - 1 / 1.1618) < 0.001, `expected a 100 px notch down to zoom out by about 1.16, got ${px}`);
  assert.ok(Math.abs(notch(-100, 0) * px - 1) < 1e-12, 'expected up and down to undo each other');
  assert.ok(Math.abs(notch(2.5, 1) - px) < 1e-12, 'expected 2.5 lines to be 100 px');
  assert.ok(Math.abs(notch(0.125, 2) - px) < 1e-12, 'expected an eighth of a page to be 100 px');
  assert.equal(notch(0, 0), 1);
});

test('a finger needs a hit area of at least 40 px to take a drag at once', () => {
  assert.equal(input.AIM_PX, 40);
  assert.ok(input.LONG_PRESS_MS >= 300 && input.LONG_PRESS_MS <= 700, 'a long press between 0.3 and 0.7 s');
});

test('panel titles become short tab names', () => {
  assert.equal(tabs.tabLabel('Live stats'), 'Live stats');
  assert.equal(tabs.tabLabel('All structures, this sim'), 'All structures');
  assert.equal(tabs.tabLabel('Queue repair, step by step'), 'Queue repair');
  assert.equal(tabs.tabLabel('Enemy sees the player?'), 'Enemy sees');
  assert.equal(tabs.tabLabel('DDA, step by step'), 'DDA');
  assert.equal(tabs.tabLabel('Drawn boxes'), 'Drawn boxes');
  assert.equal(tabs.tabLabel('See the machinery'), 'See the machinery');
  assert.equal(tabs.tabLabel('N-style tile grid'), 'N-style tile grid');
});
