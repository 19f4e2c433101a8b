// Counts from a link, an attribute or mount() options are held to the same
// limits as the controls, before any work: boxes per mode (the tile
// editor's 64, the rays mode's 32 drawn boxes, the box modes' object
// limit), hierarchy links and hand-placed boxes, and the cells of a tile
// map. A link (clamp) keeps what fits and says so; an embed (default)
// refuses the list and says so.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { initCore, load } from './support.mjs';

let settings;

before(async () => {
  let core;
  [core, settings] = await load('/www/core/index.ts', '/www/settings/read.ts');
  initCore(core);
});

const boxes = (n) => Array.from({ length: n }, (_, i) => `${(i % 50) * 10},${Math.floor(i / 50) * 10},5,5`).join(';');
const links = (n) => Array.from({ length: n }, (_, i) => `${i + 2}:${i + 1}`).join(';');

/** A link's parameters read for `mode`: { params (the values written back), problems }. */
function fromLink(query, mode) {
  const read = settings.readSettings(new URLSearchParams(query), mode, 'link');
  return { params: settings.writeParams(read.given, mode), problems: read.problems };
}
/** Script options or attribute texts read for `mode`: { options, problems }. */
function fromEmbed(raw, mode, source) {
  const read = settings.readSettings(raw, mode, source);
  return { options: settings.optionsOf(read.given), problems: read.problems };
}
const countBoxes = (text) => (text === null ? 0 : text.split(';').filter((g) => g.trim() !== '').length);

test('a link with more boxes than the tile editor holds keeps the first 64 and says so', () => {
  const { params, problems } = fromLink(`boxes=${boxes(5000)}`, 'tiles');
  assert.equal(countBoxes(params.get('boxes')), 64);
  assert.equal(problems.length, 1);
  assert.equal(problems[0].name, 'boxes');
  assert.match(problems[0].message, /first 64 of 5,000 boxes/);
});

test('the rays mode: at most 32 drawn boxes from a link', () => {
  const { params, problems } = fromLink(`boxes=${boxes(40)}`, 'rays');
  assert.equal(countBoxes(params.get('boxes')), 32);
  assert.match(problems[0]?.message ?? '', /first 32 of 40 boxes/);
});

test('an embed attribute or option with too many boxes is refused, named, and the default kept', () => {
  for (const names of ['attribute', 'option']) {
    const { options, problems } = fromEmbed({ boxes: boxes(65) }, 'tiles', names);
    assert.equal(options.boxes, undefined, `${names}: expected the boxes refused`);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /65 boxes, more than 64/);
  }
  assert.deepEqual(fromEmbed({ boxes: boxes(64) }, 'tiles', 'attribute').problems, []);
});

test('the box modes keep their object limit; the hierarchy its 200', () => {
  assert.deepEqual(fromLink(`boxes=${boxes(500)}`, 'quadtree').problems, []);
  const h = fromLink(`boxes=${boxes(500)}`, 'hierarchy');
  assert.equal(countBoxes(h.params.get('boxes')), 200);
  assert.match(h.problems[0].message, /first 200 of 500/);
});

test('hierarchy links beyond the object limit (50,000 dead links) are cut before any is read', () => {
  const t0 = performance.now();
  const { params, problems } = fromLink(`links=${links(50_000)}`, 'hierarchy');
  const ms = performance.now() - t0;
  assert.equal(countBoxes(params.get('links')), 200);
  assert.match(problems[0].message, /first 200 of 50,000 links/);
  assert.ok(ms < 500, `expected the cut quickly, took ${ms} ms`);
  const embed = fromEmbed({ links: links(201) }, 'hierarchy', 'attribute');
  assert.equal(embed.options.links, undefined);
  assert.match(embed.problems[0].message, /201 links, more than 200/);
});

test('hand-placed boxes (moved) beyond the object limit', () => {
  const moved = Array.from({ length: 300 }, (_, i) => `${i + 1}:1,2,3,4,0,0`).join(';');
  const { params, problems } = fromLink(`moved=${moved}`, 'hierarchy');
  assert.equal(countBoxes(params.get('moved')), 200);
  assert.match(problems[0].message, /first 200 of 300/);
});

test('a tile map with more cells than the limit is refused before the core reads it', () => {
  const row = '..'.repeat(200);
  const big = Array.from({ length: 200 }, () => row).join('\n');
  const { params, problems } = fromLink(`tiles=${encodeURIComponent(big)}`, 'tiles');
  assert.equal(params.get('tiles'), null);
  assert.match(problems[0].message, /200 × 200 = 40,000 cells, more than 16,384/);
  const fits = Array.from({ length: 100 }, () => '..'.repeat(100)).join('\n') + '\ndoor 0 0 left open';
  assert.deepEqual(fromLink(`tiles=${encodeURIComponent(fits)}`, 'tiles').problems, []);
});
