// The embed's layout choice (www/embed/layout.ts), from sizes alone: where
// the panels go, how tall the element is, and the canvas's share.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from './support.mjs';

let layout;
before(async () => {
  [layout] = await load('/www/embed/layout.ts');
});

/** Panels as a mode might have them: `tallest` alone, `stack` all with titles, a tab strip `tabs` high. */
const input = (width, height, aspect, { panels = 3, tallest = 300, stack = 900, tabs = 40, tools = 40 } = {}) => ({
  width,
  height,
  aspect,
  panels,
  tools: () => tools,
  measure: () => ({ tabs, tallest, stack }),
});

test('wider than 800 px: the panels beside the canvas, behind tabs when they do not fit stacked', () => {
  const free = layout.chooseLayout(input(1000, null, 1, { stack: 500 }));
  assert.deepEqual([free.placement, free.tabs, free.height], ['side', false, 560]);
  const low = layout.chooseLayout(input(1000, 420, 1));
  assert.deepEqual([low.placement, low.tabs, low.height], ['side', true, 420]);
});

test('a 624 px column with a set height: a square world beside its panels (a larger map), a wide one over them', () => {
  assert.equal(layout.chooseLayout(input(624, 420, 1)).placement, 'side');
  const wide = layout.chooseLayout(input(624, 420, 0.5));
  assert.equal(wide.placement, 'below');
  assert.ok(wide.canvas > 0.55 * 420, `canvas ${wide.canvas}`);
});

test('a phone with a set height too low for a panel under the canvas: the panels open over it, above their tabs', () => {
  const l = layout.chooseLayout(input(374, 420, 1, { tabs: 88 }));
  assert.deepEqual([l.placement, l.sheet, l.tabs], ['below', true, true]);
  assert.ok(l.canvas / 420 > 0.55 && l.sheetHeight > l.canvas, JSON.stringify(l));
});

test('a phone without a height: under the canvas, which keeps more than 55 % of the height the element grows to', () => {
  for (const tallest of [80, 300, 900]) {
    const l = layout.chooseLayout(input(374, null, 1, { tallest }));
    assert.equal(l.placement, 'below');
    assert.ok(l.canvas / l.height > 0.55, `tallest ${tallest}: canvas ${l.canvas} of ${l.height}`);
    assert.ok(l.height < 860, `tallest ${tallest}: ${l.height} px tall`);
  }
});
