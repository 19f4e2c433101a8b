// The packed npm packages, used the three ways people use them, from the
// tarballs (dist-npm/*.tgz, made by scripts/pack.sh), never the source
// tree: a plain Node script, a strict TypeScript consumer (the declarations
// tsc emitted from the façade's JSDoc), a Vite app (bare imports resolved
// through the packages' `exports`), and a plain <script type="module"> page
// on a static server. Each installs the tarballs with npm into a fresh temp directory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { openChromium } from '../../e2e/support.mjs';
import { serveFiles } from '../../e2e/static-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tarballs = readdirSync(join(root, 'dist-npm')).filter((f) => f.endsWith('.tgz')).map((f) => join(root, 'dist-npm', f));
const core = tarballs.find((f) => /broadphase-\d/.test(f));
const playground = tarballs.find((f) => /broadphase-playground-/.test(f));

let dir;
let browser;

before(async () => {
  assert.ok(core && playground, `expected both tarballs in dist-npm/ (run scripts/pack.sh), found ${tarballs}`);
  dir = mkdtempSync(join(tmpdir(), 'broadphase-consumer-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', '--silent', core, playground], { cwd: dir, stdio: 'pipe' });
  browser = await openChromium({ width: 1000, height: 800 });
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `base` as URL path → file, for the static server. */
function tree(base, prefix = '') {
  const files = {};
  for (const name of readdirSync(base)) {
    const path = join(base, name);
    if (statSync(path).isDirectory()) Object.assign(files, tree(path, `${prefix}/${name}`));
    else files[`${prefix}/${name}`] = path;
  }
  return files;
}

// The core's declarations are emitted by tsc from the façade's JSDoc when
// packing (scripts/pack.sh): a strict TypeScript consumer compiles against
// them without skipLibCheck, and a wrong argument type is an error.
test('TypeScript: the core package\'s declarations type a consumer strictly', () => {
  writeFileSync(
    join(dir, 'consumer.ts'),
    `import init, { World, TileGrid, type RayHit } from 'broadphase';
await init();
const w = new World(100, 100);
const id: number = w.insert(1, 2, 3, 4);
const hit: RayHit | undefined = w.castRay(0, 0, 50, 50);
const tiles: TileGrid = w.tiles;
tiles.reset(4, 4, 10);
tiles.setTile(1, 1, 'full');
const shape: string = tiles.tile(1, 1);
const cells: Uint32Array = tiles.touchedCells(0, 0, 15, 15);
// @ts-expect-error a string is not a number
w.insert('1', 2, 3, 4);
// @ts-expect-error the tile operations live on world.tiles only
w.setTile(1, 1, 'full');
{
  using scoped = new World(5, 5);
  void scoped;
}
console.log(id, hit, shape, cells.length, TileGrid.shapes().length);
`,
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, noEmit: true, lib: ['ES2022', 'DOM', 'ESNext.Disposable'] }, files: ['consumer.ts'] }),
  );
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
  assert.equal(tsc.status, 0, `tsc failed:\n${tsc.stdout}${tsc.stderr}`);
});

test('Node: import the core package by name, init, and get the same pairs as brute force', () => {
  writeFileSync(
    join(dir, 'script.mjs'),
    `import init, { World } from 'broadphase';
await init();
const w = new World(100, 100);
const a = w.insert(0, 0, 10, 10), b = w.insert(5, 5, 10, 10), c = w.insert(50, 50, 5, 5);
w.setStructure('loose-grid');
const pairs = [...w.pairs()];
const tiles = w.tiles;
const sameTiles = w.tiles === tiles;
w.free();
w.free(); // a second free() does nothing
w[Symbol.dispose](); // nor does a \`using\` block's dispose after it
tiles[Symbol.dispose]();
const freed = [() => w.pairs(), () => w.count, () => tiles.cols].map((call) => {
  try { call(); return 'no error'; } catch (e) { return e.message; }
});
const exported = Object.keys(await import('broadphase')).sort();
console.log(JSON.stringify({ pairs, ids: [a, b, c], structures: World.structures().length, sameTiles, freed, exported }));`,
  );
  const out = JSON.parse(execFileSync(process.execPath, ['script.mjs'], { cwd: dir, encoding: 'utf8' }));
  assert.deepEqual(out.pairs, [out.ids[0], out.ids[1]]);
  assert.ok(out.structures >= 5);
  assert.ok(out.sameTiles, 'world.tiles is one handle');
  assert.match(out.freed[0], /^this World was freed/);
  assert.match(out.freed[1], /^this World was freed/);
  assert.match(out.freed[2], /^this TileGrid's World was freed/, 'the handle goes with its World');
  // The façade's classes only: the wasm-bindgen classes and helpers are not exported.
  assert.deepEqual(out.exported, ['TileGrid', 'World', 'default', 'initSync']);
});

test('Node: importing the embed package, as a site generator does while rendering pages on the server, succeeds and defines nothing', () => {
  writeFileSync(
    join(dir, 'ssr.mjs'),
    `const embed = await import('broadphase-playground');
embed.defineBroadphasePlayground();
console.log(JSON.stringify({ mount: typeof embed.mount, element: typeof embed.BroadphasePlayground, customElements: typeof customElements }));`,
  );
  const out = JSON.parse(execFileSync(process.execPath, ['ssr.mjs'], { cwd: dir, encoding: 'utf8' }));
  assert.deepEqual(out, { mount: 'function', element: 'function', customElements: 'undefined' });
});

// The façade's promises hold through both of the package's entries: the
// wasm suites (wrong types, argument order, hostile values, freed Worlds,
// memory, batches, the short fuzz) run against the installed package.
for (const entry of ['index.js', 'node.js']) {
  test(`the wasm suites pass through the package's ${entry}`, () => {
    const file = join(dir, 'node_modules', 'broadphase', entry);
    const suites = readdirSync(join(root, 'tests', 'wasm')).filter((f) => f.endsWith('.test.mjs')).map((f) => join(root, 'tests', 'wasm', f));
    // A fresh test run (not a child of this one, which would report to it).
    const env = { ...process.env, BROADPHASE_ENTRY: file };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', ...suites], { env, encoding: 'utf8' });
    const summary = run.stdout.split('\n').filter((l) => /^# (tests|pass|fail)/.test(l)).join(', ');
    assert.equal(run.status, 0, `through ${entry}: ${summary}\n${run.stdout.split('\n').filter((l) => /^not ok|error:/.test(l)).join('\n')}`);
    assert.match(summary, /# fail 0/);
  });
}

test('a plain <script type="module"> page: the core from node_modules on a static server', async () => {
  const files = tree(join(dir, 'node_modules', 'broadphase'), '/lib');
  files['/index.html'] = {
    text: `<!doctype html><title>loading</title><link rel="icon" href="data:,"><script type="module">
import init, { World } from '/lib/index.js';
await init();
const w = new World(100, 100);
w.insert(0, 0, 10, 10); w.insert(5, 5, 10, 10);
const pairs = w.pairs().length / 2;
w.free();
let after = 'no error';
try { w.insert(1, 1, 1, 1); } catch (e) { after = e.message.split(':')[0]; }
document.title = 'pairs ' + pairs + ', then ' + after;
</script>`,
  };
  const server = await serveFiles(files, { wasmType: 'application/octet-stream' });
  try {
    await browser.page.goto(`${server.url}/index.html`);
    await browser.page.waitForFunction(() => document.title.startsWith('pairs'), null, { timeout: 15_000 });
    assert.equal(await browser.page.title(), 'pairs 1, then this World was freed');
  } finally {
    await server.close();
  }
});

test('a Vite app: bare imports of both packages build and run (the core, and the embed element)', async () => {
  const app = join(dir, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>loading</title><link rel="icon" href="data:,"><div id="host" style="width:800px;height:480px"></div><script type="module" src="./main.js"></script>');
  writeFileSync(
    join(app, 'main.js'),
    `import init, { World } from 'broadphase';
import { mount } from 'broadphase-playground';
// No bundler-specific import: the embed names its wasm with new URL(…, import.meta.url), which Vite follows.
await init();
const w = new World(100, 100);
w.insert(0, 0, 10, 10); w.insert(5, 5, 10, 10); w.insert(8, 8, 1, 1);
document.title = 'pairs ' + w.pairs().length / 2;
window.handle = await mount(document.getElementById('host'), { mode: 'grids', count: 200, seed: 3 });
`,
  );
  await build({ root: app, logLevel: 'warn', configFile: false, build: { outDir: join(app, 'dist'), emptyOutDir: true, target: 'es2022' } });
  const server = await serveFiles(tree(join(app, 'dist')));
  try {
    await browser.page.goto(`${server.url}/index.html`);
    await browser.page.waitForFunction(() => document.title.startsWith('pairs'), null, { timeout: 15_000 });
    assert.equal(await browser.page.title(), 'pairs 3');
    await browser.page.waitForFunction(() => (window.handle?.frame ?? 0) > 2, null, { timeout: 15_000 });
    assert.deepEqual(browser.problems, [], 'expected no console errors');
  } finally {
    await server.close();
  }
});
