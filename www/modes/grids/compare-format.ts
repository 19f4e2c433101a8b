// How the comparison table prints its numbers: every count and time in at
// most NUMBER_CHARS characters and every ratio in at most RATIO_CHARS, so
// the table fits the narrowest column a panel gets (an embed's 300 px side
// column) whatever a run measures: a slow machine's times, brute force's
// millions of tests. A number too long is shown to three significant
// digits with a unit ("12.5M"); the cell's title holds the whole value.

import { formatInt } from '../../runtime/ui';

/** The most characters a count or a time takes in the table. */
export const NUMBER_CHARS = 5;
/** The most characters a ratio takes, its "×" included. */
export const RATIO_CHARS = 6;

/** Thousands, millions, … : enough for any count a double holds exactly. */
const UNITS = ['k', 'M', 'G', 'T', 'P', 'E'];

/** A count in full up to 9,999 ("9,999"), above that to three significant digits and a unit ("12.5k", "320k", "1.00M"). */
export function compactCount(n: number): string {
  if (!Number.isFinite(n)) return '—';
  if (Math.round(n) < 10_000) return formatInt(n);
  let value = n;
  let unit = -1;
  // Rounding can carry into the next unit: 999,600 is "1.00M", not "1000k".
  do {
    value /= 1000;
    unit++;
  } while (Number(value.toPrecision(3)) >= 1000 && unit < UNITS.length - 1);
  return Number(value.toPrecision(3)) < 1000 ? `${value.toPrecision(3)}${UNITS[unit]}` : n.toExponential(0);
}

/** A mean time in µs: hundredths below 10, tenths below 100, then as a count. */
export function formatMicros(us: number): string {
  if (!Number.isFinite(us)) return '—';
  // Chosen by the rounded value, so 9.996 reads "10.0", not "10.00".
  if (Number(us.toFixed(2)) < 10) return us.toFixed(2);
  if (Number(us.toFixed(1)) < 100) return us.toFixed(1);
  return compactCount(us);
}

/** The whole value of a mean time, for its title: hundredths below 100 µs, whole µs above. */
export function exactMicros(us: number): string {
  return Number.isFinite(us) ? (us < 100 ? us.toFixed(2) : formatInt(us)) : '—';
}

/** A time relative to brute force's: thousandths below 0.1, hundredths below 10, then as a count; "<.001×" below a thousandth. */
export function formatRatio(r: number | null): string {
  if (r === null || !Number.isFinite(r)) return '—';
  if (r === 0) return '0×';
  const thousandths = r.toFixed(3);
  if (Number(thousandths) < 0.001) return '<.001×';
  if (Number(thousandths) < 0.1) return `${thousandths}×`;
  const hundredths = r.toFixed(2);
  if (Number(hundredths) < 10) return `${hundredths}×`;
  return `${compactCount(r)}×`;
}
