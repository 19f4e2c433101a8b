// The plain-HTML recipe of docs/EMBED.md, for real: this folder's page with
// the package's module and wasm copied beside it in js/ (the packed
// package, as an author downloads it), served statically with gzip, read
// in Chromium at 1280 × 800: a quadtree and a tile map from a <template>
// in a 624 px column, and the wasm requested before the module has run.

import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { screenshots } from '../../support.mjs';
import { checkEmbeds, openBrowser, playgroundTarball, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##....s1##......##', '##..............##', '##################'];

let browser;
let server;
let out;

before(async () => {
  out = mkdtempSync(join(tmpdir(), 'broadphase-plain-'));
  const unpacked = join(out, 'package');
  mkdirSync(unpacked);
  run(unpacked, 'tar', ['-xzf', playgroundTarball(), '--strip-components=1']);
  mkdirSync(join(out, 'site', 'js'), { recursive: true });
  copyFileSync(join(site, 'index.html'), join(out, 'site', 'index.html'));
  for (const file of ['broadphase-embed.js', 'broadphase_bg.wasm']) copyFileSync(join(unpacked, file), join(out, 'site', 'js', file));
  server = await serveSite(join(out, 'site'), { gzip: true });
  browser = await openBrowser({ width: 1280, height: 800 });
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

test('plain HTML: both embeds in a 624 px column drawn, unclipped, the map from the <template>; the wasm fetched once, from the preload', async () => {
  const requests = [];
  browser.page.on('request', (r) => requests.push(r.url()));
  await browser.page.goto(`${server.url}/`);
  await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: 'plain page' });
  assert.equal(requests.filter((u) => u.endsWith('.wasm')).length, 1, `expected one request for the wasm (the preload, used by the module), saw ${JSON.stringify(requests)}`);
  assert.deepEqual(browser.warnings.filter((w) => /preload/i.test(w)), [], 'expected the preload to be used');
  await browser.page.screenshot({ path: join(screenshots, 'site-plain.png'), fullPage: true });
});
