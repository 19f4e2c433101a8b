// The step of this page's clock: `performance.now()` is coarsened to
// steps, 100 µs in a page that is not cross-origin isolated (5 µs in one that is),
// so a single reading of anything shorter is 0 or one step. Readouts use this to
// batch enough work above it, or to say how coarse they are.

let measured: number | null = null;

/** The smallest nonzero difference between two `performance.now()` readings, ms (measured once). */
export function timerStepMs(): number {
  if (measured !== null) return measured;
  let step = Infinity;
  for (let sample = 0; sample < 5; sample++) {
    const t0 = performance.now();
    let t1 = t0;
    // Bounded: a clock that never ticks must not hang the page.
    for (let spins = 0; t1 === t0 && spins < 1_000_000; spins++) t1 = performance.now();
    if (t1 > t0) step = Math.min(step, t1 - t0);
  }
  measured = Number.isFinite(step) ? step : 0.1;
  return measured;
}

/** `ms` with as many decimals as a mean over `samples` readings of a `stepMs` clock can carry (at most 2). */
export function formatMs(ms: number, stepMs: number, samples: number): string {
  if (!Number.isFinite(ms)) return '—';
  const resolution = stepMs / Math.max(1, samples);
  const decimals = Math.min(2, Math.max(0, Math.ceil(-Math.log10(resolution))));
  return ms.toFixed(ms >= 10 ? Math.min(1, decimals) : decimals);
}
