// What one call of each everyday method costs, in ns, in wasm under Node:
// every method of World and TileGrid a game calls per object or per frame,
// through the entry users import (the checked façade of www/core, or the
// raw wasm-bindgen module of a build that has none), on 10,000 objects in a
// loose-grid world. Optionally against another build, ALTERNATED in one
// process (round by round, case by case, in alternating order), so a slow
// spell of a shared machine hits both.
//
//   node benches/per_call.mjs                      this build (pkg/ after a release wasm build)
//   node benches/per_call.mjs ../other             against another checkout (its pkg/ built)
//   node benches/per_call.mjs ../other/pkg --only update,setVelocity
//
// Time: per case and build, ROUNDS rounds; a round is BATCHES batches of
// `calls` calls (10,000 for a per-object call, fewer for a per-frame one),
// and keeps its best batch; the table shows the median round, in ns per
// call. Arguments are made before timing (typed arrays, seeded), so the
// loop itself allocates nothing. Prints a Markdown table.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : args.splice(at, 2)[1];
};
const ONLY = flag('--only', '').split(',').filter(Boolean);
const ROUNDS = Number(flag('--rounds', 5));
const BATCHES = Number(flag('--batches', 5));
const SCALE = Number(flag('--scale', 1)); // fewer calls per batch for a quick look (0.1)
const here = new URL('..', import.meta.url).pathname;
const against = args[0];

const casesModule = new URL('./per_call_cases.mjs', import.meta.url).href;

/**
 * A build's public entry: the façade of its checkout (www/core/facade.js,
 * given the raw module) when it has one, else its raw wasm-bindgen module.
 */
async function loadBuild(where) {
  const pkg = existsSync(resolve(where, 'broadphase.js')) ? resolve(where) : resolve(where, 'pkg');
  const root = resolve(pkg, '..');
  const raw = await import(pathToFileURL(resolve(pkg, 'broadphase.js')).href);
  const facadeFile = resolve(root, 'www/core/facade.js');
  let api = raw;
  let entry = `${pkg}/broadphase.js (raw)`;
  if (existsSync(facadeFile)) {
    const { facade } = await import(pathToFileURL(facadeFile).href);
    api = facade(raw);
    entry = `${root}/www/core/facade.js`;
  }
  api.initSync({ module: readFileSync(resolve(pkg, 'broadphase_bg.wasm')) });
  // Its own copy of the cases: its own call sites, as in a game's own code.
  const cases = await import(`${casesModule}?build=${encodeURIComponent(pkg)}`);
  return { api, entry, root, cases };
}

/** The best of BATCHES batches of `calls` calls, in ns per call. */
function bestBatch(run, calls) {
  let best = Infinity;
  for (let b = 0; b < BATCHES; b++) {
    const t0 = performance.now();
    run(calls);
    const ns = ((performance.now() - t0) * 1e6) / calls;
    if (ns < best) best = ns;
  }
  return best;
}

const median = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];

const builds = [await loadBuild(here)];
if (against !== undefined) builds.push(await loadBuild(resolve(against)));
const chosen = (b) => b.cases.CASES.filter((c) => ONLY.length === 0 || ONLY.includes(c.key));
const cases = chosen(builds[0]);

// One world per build and case, so no case runs on a world another changed.
const runners = cases.map((_, i) =>
  builds.map((b) => {
    const c = chosen(b)[i];
    const scene = b.cases.makeWorld(b.api);
    const calls = Math.max(1, Math.round(c.calls * SCALE));
    const run = c.make(b.api, scene, b.cases.argumentsFor(scene.first, calls));
    if (run !== null) run(calls); // warm: V8's tiers, the core's buffers
    return { run, calls, scene };
  }),
);

const samples = cases.map(() => builds.map(() => []));
for (let round = 0; round < ROUNDS; round++) {
  cases.forEach((c, i) => {
    for (let k = 0; k < builds.length; k++) {
      const b = (k + round + i) % builds.length; // alternate which build goes first
      const { run, calls } = runners[i][b];
      if (run !== null) samples[i][b].push(bestBatch(run, calls));
    }
  });
}
for (const perBuild of runners) for (const { scene } of perBuild) scene.w.free();

const ns = (v) => (v === undefined ? 'n/a' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
console.log(`builds: ${builds.map((b, i) => `[${i === 0 ? 'this' : 'other'}] ${b.entry}`).join('; ')}`);
console.log(`${builds[0].cases.OBJECTS.toLocaleString('en-US')} objects, loose grid; median of ${ROUNDS} rounds of the best of ${BATCHES} batches; ns per call\n`);
if (builds.length === 2) {
  console.log('| call | other | this | this / other |');
  console.log('|---|---:|---:|---:|');
} else {
  console.log('| call | ns |');
  console.log('|---|---:|');
}
cases.forEach((c, i) => {
  const [mine, theirs] = samples[i].map((s) => (s.length ? median(s) : undefined));
  if (builds.length === 2) {
    const ratio = mine !== undefined && theirs !== undefined ? `${(mine / theirs).toFixed(2)}×` : '';
    console.log(`| ${c.name} | ${ns(theirs)} | ${ns(mine)} | ${ratio} |`);
  } else {
    console.log(`| ${c.name} | ${ns(mine)} |`);
  }
});
if (builds.some((b) => b.cases.sink === 0.5)) console.log(''); // keeps the results alive
