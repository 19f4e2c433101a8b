// The page's own unpacking of packed link values (www/settings/packed.ts,
// www/settings/address.ts) in Node: malformed, cut and random values are refused
// with a reason and never come back packed; deflate bombs stop at the
// limit while inflating; valid values round-trip. The fuzz cases are
// seeded (the seed is in the failure message).

import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { before, test } from 'node:test';
import { load } from './support.mjs';

let packed;
let url;

before(async () => {
  [packed, url] = await load('/www/settings/packed.ts', '/www/settings/address.ts');
});

/** The page's packing, done by Node's zlib: the same bytes a link carries. */
const pack = (text) => `~${deflateRawSync(Buffer.from(text)).toString('base64url')}`;

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

test('the repro links: each malformed packed value is refused once and left out; the others stay', async () => {
  for (const query of ['mode=tiles&tiles=~!!!***', 'mode=tiles&tiles=~', 'zzz=~!', 'mode=tiles&boxes=~AAAA&preset=slopes']) {
    const out = await url.unpackParams(new URLSearchParams(query));
    const params = out.params ?? out;
    assert.equal(url.needsUnpacking?.(params) ?? [...params.values()].some((v) => v.startsWith('~')), false, `expected nothing packed left of ${query}, found ${params}`);
    const bad = [...new URLSearchParams(query)].filter(([, v]) => v.startsWith('~')).map(([k]) => k);
    assert.deepEqual(out.problems.map((p) => p.name), bad, `expected one problem per bad value of ${query}`);
    for (const p of out.problems) assert.match(p.message, new RegExp(`^${p.name}: .*ignored`), `expected the message to name ${p.name}: ${p.message}`);
    for (const [k, v] of new URLSearchParams(query)) if (!v.startsWith('~')) assert.equal(params.get(k), v, `expected ${k} kept`);
  }
});

test('valid packed values round-trip through pack and unpack', async () => {
  const texts = ['a', '1,2,3,4;'.repeat(100), 'é ✓ 漢字 '.repeat(40), '..##'.repeat(2000)];
  for (const text of texts) {
    assert.deepEqual(await packed.unpackValue(pack(text)), { ok: true, text });
    const mine = await packed.packValue(text);
    if (mine !== null) assert.deepEqual(await packed.unpackValue(mine), { ok: true, text });
  }
  const params = new URLSearchParams({ mode: 'tiles', tiles: '..##'.repeat(500) });
  const round = await url.unpackParams(await url.packParams(params));
  assert.equal(round.params.toString(), params.toString());
  assert.deepEqual(round.problems, []);
});

test('a deflate bomb is stopped at the limit while inflating, not after', async () => {
  // 256 MB of zeros packs into ~350 KB of link. Count what the inflater
  // actually produces (a counting stage after Node's own DecompressionStream).
  const bomb = `~${deflateRawSync(Buffer.alloc(256 * 1024 * 1024)).toString('base64url')}`;
  const Real = globalThis.DecompressionStream;
  let produced = 0;
  globalThis.DecompressionStream = class {
    constructor(format) {
      const inner = new Real(format);
      const count = new TransformStream({
        transform(chunk, controller) {
          produced += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(count, { preventCancel: false });
    }
  };
  let out;
  try {
    out = await packed.unpackValue(bomb);
  } finally {
    globalThis.DecompressionStream = Real;
  }
  assert.equal(out.ok, false);
  assert.match(out.reason, /more than 4,000,000 bytes/);
  assert.ok(produced < packed.MAX_UNPACKED_BYTES + 4 * 1024 * 1024, `expected the inflation stopped near the limit, it produced ${produced.toLocaleString('en-US')} bytes`);
  // A smaller limit stops sooner; a value under it passes.
  assert.equal((await packed.unpackValue(pack('x'.repeat(5000)), 1000)).ok, false);
  assert.equal((await packed.unpackValue(pack('x'.repeat(500)), 1000)).ok, true);
});

test('a value too long to read is refused before decoding', async () => {
  const long = `~${'A'.repeat(packed.MAX_VALUE_CHARS + 4)}`;
  const out = await packed.unpackValue(long);
  assert.equal(out.ok, false);
  assert.match(out.reason, /more than 4,000,000/);
  const plain = await url.unpackParams(new URLSearchParams({ boxes: '1'.repeat(packed.MAX_VALUE_CHARS + 1), n: '5' }));
  assert.deepEqual([...plain.params.keys()], ['n']);
  assert.deepEqual(plain.problems.map((p) => p.name), ['boxes']);
});

test('fuzz: every truncation of valid packed values, and random bytes, unpack or are refused; none comes back packed', async () => {
  const r = rng(Number(process.env.FUZZ_SEED ?? 0x5eed));
  const texts = ['..##..s3o9c1'.repeat(30) + '\ndoor 0 0 right open', Array.from({ length: 40 }, (_, i) => `${i},${i * 2},5,5`).join(';')];
  let refused = 0;
  for (const text of texts) {
    const whole = pack(text);
    for (let cut = 0; cut < whole.length; cut++) {
      const out = await packed.unpackValue(whole.slice(0, cut + 1));
      assert.ok(out.ok === true || typeof out.reason === 'string', `cut ${cut}: expected a result or a reason`);
      if (out.ok) assert.ok(text.startsWith(out.text) || cut === whole.length - 1, `cut ${cut}: an unpacked cut must be a prefix of the text`);
      else refused += 1;
    }
  }
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~!*.%+/= ';
  for (let i = 0; i < 3000; i++) {
    const seedCase = `seed ${process.env.FUZZ_SEED ?? 0x5eed}, case ${i}`;
    let value;
    if (i % 3 === 0) {
      // Random bytes, base64url'd: well-formed text, rarely a deflate stream.
      const bytes = Buffer.alloc(Math.floor(r() * 300), 0).map(() => Math.floor(r() * 256));
      value = `~${bytes.toString('base64url')}`;
    } else if (i % 3 === 1) {
      // A valid value with a few bytes changed.
      const good = Buffer.from(pack(texts[i % 2]).slice(1), 'base64url');
      for (let k = 0; k < 3; k++) good[Math.floor(r() * good.length)] = Math.floor(r() * 256);
      value = `~${good.toString('base64url')}`;
    } else {
      value = '~';
      const n = Math.floor(r() * 120);
      for (let k = 0; k < n; k++) value += alphabet[Math.floor(r() * alphabet.length)];
    }
    const out = await url.unpackParams(new URLSearchParams([['k', value], ['n', '3']]));
    assert.equal(out.params.get('n'), '3', `${seedCase}: expected the other value kept`);
    const got = out.params.get('k');
    assert.ok((got === null) !== (out.problems.length === 0), `${seedCase}: expected either the value or a problem, got ${JSON.stringify({ got, problems: out.problems })}`);
    if (got !== null) assert.equal(typeof got, 'string');
  }
  assert.ok(refused > 0);
});
