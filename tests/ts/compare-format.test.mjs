// The comparison table's numbers (www/modes/grids/compare-format.ts): no
// count or time longer than NUMBER_CHARS and no ratio longer than
// RATIO_CHARS, from zero to the largest a run can measure, each true to its
// last digit (the third significant one when a unit shortens it); so the table fits the embed's narrowest
// panel column whatever a run prints (e2e/compare-fit.test.mjs measures it).

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from './support.mjs';

let f;
before(async () => {
  [f] = await load('/www/modes/grids/compare-format.ts');
});

/** Every value from 10^lo to 10^hi, fifty a decade, and each just below and above a power of ten and the roundings next to it. */
function sweep(lo, hi) {
  const out = [0];
  for (let k = lo * 50; k <= hi * 50; k++) out.push(10 ** (k / 50));
  for (let e = lo; e <= hi; e++) {
    const p = 10 ** e;
    for (const m of [0.9994, 0.9995, 0.99951, 0.99996, 1, 1.0004, 1.0005]) out.push(p * m);
    out.push(p - 0.5, p - 0.49, p + 0.5);
  }
  return out.filter((v) => v >= 0);
}

/** The value a printed number stands for ("12.5M" → 12,500,000) and half a unit of its last digit (50,000). */
function parse(text) {
  const m = /^([\d,]+)(?:\.(\d+))?([kMGTPE]?)×?$/.exec(text);
  assert.ok(m, `expected a number, found "${text}"`);
  const unit = 1000 ** ['', 'k', 'M', 'G', 'T', 'P', 'E'].indexOf(m[3]);
  const decimals = m[2]?.length ?? 0;
  return { value: Number(`${m[1].replace(/,/g, '')}.${m[2] ?? ''}`) * unit, half: (0.5 * unit) / 10 ** decimals };
}

/** Whether `text` stands for `n` rounded to its last digit, and that digit is at least the third significant one when a unit shortened it. */
function truthful(text, n) {
  const { value, half } = parse(text);
  if (Math.abs(value - n) > half * (1 + 1e-9)) return false;
  return !/[kMGTPE]/.test(text) || half <= 0.005 * value;
}

test('counts: in full up to 9,999, then three significant digits and a unit', () => {
  const cases = [
    [0, '0'],
    [43, '43'],
    [9_999, '9,999'],
    [9_999.4, '9,999'],
    [9_999.6, '10.0k'],
    [79_800, '79.8k'],
    [319_600, '320k'],
    [999_499, '999k'],
    [999_600, '1.00M'],
    [12_497_500, '12.5M'],
    [19_999_900_000, '20.0G'],
    [Number.MAX_SAFE_INTEGER, '9.01P'],
    [NaN, '—'],
  ];
  for (const [n, text] of cases) assert.equal(f.compactCount(n), text, `compactCount(${n})`);
});

test('no count or time is longer than 5 characters, and each is true to three significant digits', () => {
  assert.equal(f.NUMBER_CHARS, 5);
  for (const n of sweep(0, 18)) {
    for (const [name, text] of [
      ['compactCount', f.compactCount(n)],
      ['formatMicros', f.formatMicros(n)],
    ]) {
      assert.ok(text.length <= f.NUMBER_CHARS, `${name}(${n}) is "${text}", ${text.length} characters: more than ${f.NUMBER_CHARS}`);
      assert.ok(truthful(text, n), `${name}(${n}) is "${text}": not ${n} to its last digit`);
    }
  }
});

test('times: hundredths below 10 µs, tenths below 100, then as counts, chosen by the rounded value', () => {
  const cases = [
    [0.5, '0.50'],
    [9.994, '9.99'],
    [9.996, '10.0'],
    [85.8, '85.8'],
    [99.96, '100'],
    [1_234.4, '1,234'],
    [25_104, '25.1k'],
    [Infinity, '—'],
  ];
  for (const [us, text] of cases) assert.equal(f.formatMicros(us), text, `formatMicros(${us})`);
  assert.equal(f.exactMicros(25_104.3), '25,104');
  assert.equal(f.exactMicros(9.996), '10.00');
});

test('ratios: at most 6 characters, "×" included, from far below a thousandth to millions', () => {
  assert.equal(f.RATIO_CHARS, 6);
  const cases = [
    [null, '—'],
    [0, '0×'],
    [0.0004, '<.001×'],
    [0.0123, '0.012×'],
    [0.09996, '0.10×'],
    [1.534, '1.53×'],
    [9.996, '10×'],
    [1_234, '1,234×'],
    [12_345, '12.3k×'],
  ];
  for (const [r, text] of cases) assert.equal(f.formatRatio(r), text, `formatRatio(${r})`);
  for (const r of [...sweep(-6, 15), ...sweep(0, 15).filter((v) => v > 0).map((v) => 1 / v)]) {
    const text = f.formatRatio(r);
    assert.ok(text.length <= f.RATIO_CHARS, `formatRatio(${r}) is "${text}", ${text.length} characters: more than ${f.RATIO_CHARS}`);
    if (text.startsWith('<')) assert.ok(r < 0.0005, `formatRatio(${r}) is "${text}"`);
    else if (r > 0) assert.ok(truthful(text, r), `formatRatio(${r}) is "${text}": not ${r} to its last digit`);
  }
});
