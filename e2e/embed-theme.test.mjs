// The embed's light and dark themes, against the library build (dist-lib/)
// on a plain static server: `theme="auto"` (the default) follows the page —
// its color-scheme, else the background behind the element, else the
// reader's preference — and the page's own toggle; `theme="light|dark"`
// wins and can be changed like any attribute, keeping the scene; embeds of
// both themes on one page each draw in their own palette. The canvas is
// judged from a screenshot (the corner shows the palette's page colour).
// Run `npm run build:lib` first (npm test does).

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveFiles } from './static-server.mjs';
import { openChromium, root, screenshots, waitUntil } from './support.mjs';

const LIB = join(root, 'dist-lib');
const MODULE = join(LIB, 'broadphase-embed.js');
const WASM = join(LIB, 'broadphase_bg.wasm');
/** The palettes' page colours (www/runtime/theme.ts), as the canvas's corner shows them. */
const CORNER = { dark: [0x0b, 0x0f, 0x16], light: [0xee, 0xf1, 0xf5] };

let browser;

before(async () => {
  for (const f of [MODULE, WASM]) assert.ok(existsSync(f), `expected ${f}: run \`npm run build:lib\` first`);
  browser = await openChromium({ width: 1000, height: 900 });
});

after(async () => {
  await browser?.close();
});

async function open(head, body) {
  const server = await serveFiles({
    '/lib/broadphase-embed.js': MODULE,
    '/lib/broadphase_bg.wasm': WASM,
    '/index.html': { text: `<!doctype html><meta charset="utf-8"><title>theme</title><link rel="icon" href="data:,">${head}<script type="module" src="/lib/broadphase-embed.js"></script><body style="margin:0">${body}</body>` },
  });
  browser.problems.length = 0;
  await browser.page.emulateMedia({ colorScheme: 'light' });
  await browser.page.goto(`${server.url}/index.html`);
  return server;
}

/** The theme an element's frame wears, and the colour of its canvas's top-left corner on screen. */
async function looks(id) {
  await waitUntil(browser.page, `#${id} to draw`, (id) => document.getElementById(id).playground?.frame ?? 0, (f) => f > 3, 20_000, id);
  // Two frames more, so a switch has been drawn.
  await browser.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { theme, rect } = await browser.page.evaluate((id) => {
    const el = document.getElementById(id);
    const r = el.shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { theme: el.shadowRoot.querySelector('.bp-embed').dataset.theme, rect: { x: r.x + 2, y: r.y + 2, width: 4, height: 4 } };
  }, id);
  const png = await browser.page.screenshot({ clip: rect });
  const corner = await browser.page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return Array.from(g.getImageData(1, 1, 1, 1).data.slice(0, 3));
  }, png.toString('base64'));
  return { theme, corner };
}

const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 3);

test('auto follows the page: a light page, a dark background, a dark color-scheme, and the reader\'s preference', async () => {
  const server = await open(
    '<style>#dark-bg { background: #16181d } #scheme { color-scheme: dark } #neutral { color-scheme: light dark }</style>',
    `<div id="light-page"><broadphase-playground id="a" mode="quadtree" count="50" height="240"></broadphase-playground></div>
     <div id="dark-bg"><broadphase-playground id="b" mode="quadtree" count="50" height="240"></broadphase-playground></div>
     <div id="scheme"><broadphase-playground id="c" mode="quadtree" count="50" height="240"></broadphase-playground></div>`,
  );
  try {
    for (const [id, want] of [['a', 'light'], ['b', 'dark'], ['c', 'dark']]) {
      const seen = await looks(id);
      assert.equal(seen.theme, want, `expected #${id} to wear the ${want} theme`);
      assert.ok(near(seen.corner, CORNER[want]), `expected #${id}'s canvas in the ${want} palette, its corner is ${seen.corner}`);
    }
    await browser.page.screenshot({ path: join(screenshots, 'embed-themes.png'), fullPage: true });
  } finally {
    await server.close();
  }
  // A page that leaves it to the reader: no background, both schemes allowed.
  const neutral = await open('<style>html { color-scheme: light dark }</style>', '<broadphase-playground id="d" mode="tiles" height="260"></broadphase-playground>');
  try {
    assert.equal((await looks('d')).theme, 'light', 'expected the light theme for a reader who prefers light');
    await browser.page.emulateMedia({ colorScheme: 'dark' });
    await waitUntil(browser.page, 'the dark theme', () => document.getElementById('d').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === 'dark');
    assert.ok(near((await looks('d')).corner, CORNER.dark), 'expected the canvas redrawn in the dark palette');
  } finally {
    await neutral.close();
  }
});

test('the page\'s own toggle (a class on <html>) switches auto embeds, and keeps the reader\'s scene', async () => {
  const server = await open('<style>html.dark body { background: #1b1b1f; color: #ddd }</style>', '<broadphase-playground id="t" mode="grids" count="120" seed="9" height="300"></broadphase-playground>');
  try {
    assert.equal((await looks('t')).theme, 'light');
    await browser.page.evaluate(() => document.getElementById('t').setState({ seed: 5 }));
    await browser.page.evaluate(() => document.documentElement.classList.add('dark'));
    await waitUntil(browser.page, 'the dark theme', () => document.getElementById('t').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === 'dark');
    const seen = await looks('t');
    assert.ok(near(seen.corner, CORNER.dark), `expected the dark palette on the canvas, its corner is ${seen.corner}`);
    const state = await browser.page.evaluate(() => document.getElementById('t').getState());
    assert.equal(state.seed, 5, 'expected the scene to survive the switch');
    assert.equal(state.count, 120);
    assert.deepEqual(browser.problems, [], 'expected no console errors');
  } finally {
    await server.close();
  }
});

test('theme="light" and theme="dark" win over the page, side by side each in its own palette, and change like any attribute', async () => {
  const server = await open('<style>body { background: #fff }</style>', '<broadphase-playground id="d" theme="dark" mode="tiles" height="260"></broadphase-playground><broadphase-playground id="l" theme="light" mode="tiles" height="260"></broadphase-playground>');
  try {
    const [d, l] = [await looks('d'), await looks('l')];
    assert.equal(d.theme, 'dark', 'expected theme="dark" on a white page to be dark');
    assert.equal(l.theme, 'light');
    assert.ok(near(d.corner, CORNER.dark) && near(l.corner, CORNER.light), `expected each canvas in its own palette, corners ${d.corner} and ${l.corner}`);
    await browser.page.evaluate(() => document.getElementById('d').setAttribute('theme', 'light'));
    await waitUntil(browser.page, 'the light theme', () => document.getElementById('d').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === 'light');
    assert.ok(near((await looks('d')).corner, CORNER.light), 'expected the canvas redrawn light');
    await browser.page.evaluate(() => document.getElementById('d').setAttribute('theme', 'sepia'));
    const problems = await browser.page.evaluate(() => document.getElementById('d').playground.problems.map((p) => p.message));
    assert.ok(problems.some((p) => /theme/.test(p) && /sepia/.test(p)), `expected theme="sepia" to be refused by name, problems: ${JSON.stringify(problems)}`);
  } finally {
    await server.close();
  }
});
