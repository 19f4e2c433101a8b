// The page's seeded generator (www/runtime/random.ts: mulberry32) for the
// Node benchmarks and tests, loaded through Vite's module runner so that
// one copy of it says what a seed means everywhere.
import { runnerImport } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const { module } = await runnerImport('/www/runtime/random.ts', { root, logLevel: 'error' });

/** A generator of numbers in [0, 1) from `seed`. */
export const mulberry32 = module.mulberry32;
