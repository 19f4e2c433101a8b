// Strict pages: the embed (the library build) and the full playground,
// each served with a Content-Security-Policy header as large sites send
// it — one requiring Trusted Types for every DOM sink that parses script
// or markup, one allowing styles only from the site's own files, one
// allowing scripts only from them (and WebAssembly) — draw
// their canvases, and the browser reports no violation of either
// (`securitypolicyviolation` events, console errors). Run `vite build` and
// `npm run build:lib` first.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveDirectory, serveFiles } from './static-server.mjs';
import { dist, openChromium, root, waitUntil } from './support.mjs';

const LIB = join(root, 'dist-lib');
const MODES = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];
const POLICIES = {
  'Trusted Types': "require-trusted-types-for 'script'",
  "style-src 'self'": "style-src 'self'",
  // Scripts only from the site; WebAssembly needs 'wasm-unsafe-eval' under any script-src.
  "script-src 'self'": "script-src 'self' 'wasm-unsafe-eval'",
};

/** What each policy refuses, as `enforced()` sees it. */
const ENFORCED = {
  'Trusted Types': { html: 'refused', style: 'applied' },
  "style-src 'self'": { html: 'applied', style: 'refused' },
  "script-src 'self'": { html: 'applied', style: 'applied' },
};

let browser;
before(async () => {
  assert.ok(existsSync(join(LIB, 'broadphase-embed.js')), 'expected dist-lib/: run `npm run build:lib` first');
  assert.ok(existsSync(join(dist, 'index.html')), 'expected dist/: run `vite build` first');
  browser = await openChromium({ width: 1280, height: 900 });
  // Every violation the page reports, from its first script on (shadow roots' included: the event is composed).
  await browser.page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective}: ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`), true);
  });
});

after(async () => {
  await browser?.close();
});

/** Whether the canvas of embed `id` (or the page's, for null), and the GPU canvas under it, show more than one colour. */
function painted(page, id) {
  return page.evaluate((id) => {
    const canvas = (id === null ? document : document.getElementById(id).shadowRoot).querySelector('canvas#world');
    if (!(canvas instanceof HTMLCanvasElement) || canvas.width < 2) return false;
    const picture = document.createElement('canvas');
    picture.width = canvas.width;
    picture.height = canvas.height;
    const g = picture.getContext('2d');
    const under = canvas.previousElementSibling;
    if (under instanceof HTMLCanvasElement && under.classList.contains('gpu-canvas') && under.style.display !== 'none') g.drawImage(under, 0, 0);
    g.drawImage(canvas, 0, 0);
    const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
    const first = data.slice(0, 3).join();
    for (let i = 0; i < data.length; i += 4 * 97) if (data.slice(i, i + 3).join() !== first) return true;
    return false;
  }, id);
}

/** Whether the policy is in force: a markup string given to innerHTML is refused (Trusted Types), an inline style is not applied. */
function enforced(page) {
  return page.evaluate(() => {
    let html = 'applied';
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
    } catch {
      html = 'refused';
    }
    const probe = document.createElement('p');
    probe.setAttribute('style', 'margin-left: 13px');
    document.body.append(probe);
    const style = getComputedStyle(probe).marginLeft === '13px' ? 'applied' : 'refused';
    probe.remove();
    return { html, style };
  });
}

for (const [name, policy] of Object.entries(POLICIES)) {
  test(`under ${name} (${policy}), an embed of every mode draws and nothing is reported`, async () => {
    const page = `<!doctype html><meta charset="utf-8"><title>strict</title><link rel="icon" href="data:,">
<script type="module" src="/js/broadphase-embed.js"></script>
${MODES.map((m) => `<broadphase-playground id="e-${m}" mode="${m}" height="420"></broadphase-playground>`).join('\n')}`;
    const server = await serveFiles({ '/js/broadphase-embed.js': join(LIB, 'broadphase-embed.js'), '/js/broadphase_bg.wasm': join(LIB, 'broadphase_bg.wasm'), '/index.html': { text: page } }, { headers: { 'Content-Security-Policy': policy } });
    const { page: p } = browser;
    browser.problems.length = 0;
    try {
      await p.goto(`${server.url}/index.html`);
      for (const mode of MODES) {
        await p.evaluate((id) => document.getElementById(id).scrollIntoView(), `e-${mode}`);
        await waitUntil(p, `the ${mode} embed to draw`, (id) => document.getElementById(id).playground?.frame ?? 0, (f) => f > 2, 20_000, `e-${mode}`);
        assert.ok(await painted(p, `e-${mode}`), `expected the ${mode} embed's canvas to show its scene`);
      }
      assert.deepEqual(await p.evaluate(() => window.__violations), [], 'expected no violation reported');
      assert.deepEqual(browser.problems, [], 'expected no console errors');
      assert.deepEqual(await enforced(p), ENFORCED[name], 'expected the page to be under the policy');
    } finally {
      await server.close();
    }
  });

  test(`under ${name} (${policy}), the full playground draws every mode and nothing is reported`, async () => {
    const server = await serveDirectory(dist, { headers: { 'Content-Security-Policy': policy } });
    const { page: p } = browser;
    browser.problems.length = 0;
    try {
      for (const mode of MODES) {
        await p.goto(`${server.url}/index.html#mode=${mode}`);
        await waitUntil(p, `the ${mode} mode to draw`, () => (document.querySelector('canvas#world') === null ? 0 : (window.__broadphase?.frame ?? window.__broadphaseTiles?.frame ?? window.__broadphaseRays?.frame ?? window.__broadphasePlay?.frame ?? window.__broadphaseHierarchy?.frame ?? 1)), (f) => f > 2, 20_000);
        await p.waitForTimeout(200);
        assert.ok(await painted(p, null), `expected the ${mode} canvas to show its scene`);
        assert.deepEqual(await p.evaluate(() => window.__violations), [], `expected no violation reported in the ${mode} mode`);
      }
      assert.deepEqual(browser.problems, [], 'expected no console errors');
      assert.deepEqual(await enforced(p), ENFORCED[name], 'expected the page to be under the policy');
    } finally {
      await server.close();
    }
  });
}
