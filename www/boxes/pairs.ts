// An order-independent fingerprint of a set of pairs, so the structure's
// pairs and a brute-force scan can be compared without sorting either.

/** Mixes one unordered pair of ids into 32 bits. */
export function pairHash(a: number, b: number): number {
  const lo = a < b ? a : b;
  const hi = a < b ? b : a;
  let h = Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi + 0x7f4a7c15, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return h >>> 0;
}

/** Sum (mod 2³²) of `pairHash` over a flattened `[a0, b0, a1, b1, …]` list. */
export function fingerprint(flat: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    sum = (sum + pairHash(flat[i], flat[i + 1])) >>> 0;
  }
  return sum;
}
