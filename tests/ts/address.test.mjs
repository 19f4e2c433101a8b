// The address bar (www/settings/address.ts) in Node, with a stand-in
// location and history: the mode first, bare flags, long values packed, a
// later write winning over one still packing, and no write over an
// address the shell has not followed yet (a navigation in flight).

import assert from 'node:assert/strict';
import { before, beforeEach, test } from 'node:test';
import { load } from './support.mjs';

let address;

/** A stand-in for the page's location and history: replaceState changes the hash. */
const page = {
  location: { pathname: '/', search: '', hash: '' },
  writes: 0,
  navigate(hash) {
    page.location.hash = hash;
  },
};
globalThis.location = page.location;
globalThis.history = {
  state: null,
  replaceState(_state, _title, url) {
    page.writes += 1;
    const at = url.indexOf('#');
    page.location.search = '';
    page.location.hash = at < 0 ? '' : url.slice(at);
  },
};

before(async () => {
  [address] = await load('/www/settings/address.ts');
});

beforeEach(() => {
  page.location.search = '';
  page.location.hash = '#mode=quadtree';
  page.writes = 0;
  address.noteShownAddress();
});

/** Waits until a write started before now has packed: packing the same text again, started later, has finished. */
async function settle() {
  await address.packParams(new URLSearchParams({ tiles: '..##'.repeat(200) }));
  await new Promise((r) => setTimeout(r, 20));
}

test('a write puts the mode first and writes flags bare', () => {
  address.writeAddress('grids', new URLSearchParams([['count', '300'], ['paused', ''], ['mode', 'tiles']]));
  assert.equal(page.location.hash, '#mode=grids&count=300&paused');
  assert.equal(address.addressIsShown(), true, 'the page shows what it wrote');
});

test('long values are packed, and the latest write wins over one still packing', async () => {
  const long = '..##'.repeat(200);
  address.writeAddress('tiles', new URLSearchParams({ tiles: long }));
  address.writeAddress('tiles', new URLSearchParams({ shape: 'full' }));
  await settle();
  assert.equal(page.location.hash, '#mode=tiles&shape=full');
  address.writeAddress('tiles', new URLSearchParams({ tiles: long }));
  await settle();
  assert.match(page.location.hash, /^#mode=tiles&tiles=~[A-Za-z0-9_-]+$/);
  const { params } = await address.unpackParams(address.readPageParams());
  assert.equal(params.get('tiles'), long);
});

test('nothing is written over a navigation the shell has not followed yet', async () => {
  page.navigate('#mode=rays&ray=1_2_3_4');
  assert.equal(address.addressIsShown(), false);
  address.writeAddress('quadtree', new URLSearchParams({ count: '5' }));
  assert.equal(page.location.hash, '#mode=rays&ray=1_2_3_4', "the old mode's write must not replace the new address");
  assert.equal(page.writes, 0);
  // Once the shell follows it, writes go through again.
  address.noteShownAddress();
  address.writeAddress('rays', new URLSearchParams({ ray: '5_6_7_8' }));
  assert.equal(page.location.hash, '#mode=rays&ray=5_6_7_8');
});

test('a write still packing is dropped when the shell follows a new address', async () => {
  address.writeAddress('tiles', new URLSearchParams({ tiles: '..##'.repeat(200) }));
  address.cancelPendingWrites();
  await settle();
  assert.equal(page.location.hash, '#mode=quadtree');
});
