// Author content as site generators deliver it, against the library build
// (dist-lib/) on a plain static server: a map and boxes written as
// indented multi-line attributes, as <template> children parsed from HTML,
// as <template>s built by DOM calls (what Vue and React do: the text lands
// on the element, not in .content), squashed onto one line (Vue's
// whitespace condensing), and arriving after the element is connected
// (client-side routing, an element upgraded while the parser is still
// inside it). Then the classic-script build (no import.meta) finding its
// wasm beside itself, the error class's name surviving minification, and
// importing the module where there is no DOM.
// Run `npm run build:lib` first (npm test does).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveFiles } from './static-server.mjs';
import { openChromium, root, waitUntil } from './support.mjs';

const LIB = join(root, 'dist-lib');
const MODULE = join(LIB, 'broadphase-embed.js');
const CLASSIC = join(LIB, 'broadphase-embed.classic.js');
const WASM = join(LIB, 'broadphase_bg.wasm');

/** The map every variant writes, row by row, and the boxes. */
const ROWS = ['##########', '##....s1##', '##..##..##', '##########'];
const BOXES = '12,8,6,4; 40,10,5,5';

let browser;

before(async () => {
  for (const f of [MODULE, CLASSIC, WASM]) assert.ok(existsSync(f), `expected ${f}: run \`npm run build:lib\` first`);
  browser = await openChromium({ width: 1000, height: 800 });
});

after(async () => {
  await browser?.close();
});

const page = (head, body) => ({ text: `<!doctype html><meta charset="utf-8"><title>authoring</title><link rel="icon" href="data:,">${head}<body style="margin:0">${body}</body>` });

async function open(files) {
  const server = await serveFiles({ '/lib/broadphase-embed.js': MODULE, '/lib/broadphase-embed.classic.js': CLASSIC, '/lib/broadphase_bg.wasm': WASM, ...files });
  browser.problems.length = 0;
  browser.warnings.length = 0;
  await browser.page.goto(`${server.url}/index.html`);
  return server;
}

/** Each element's scene once it draws: its map's rows and its boxes, with any problems. */
function scenes(ids) {
  return waitUntil(
    browser.page,
    `${ids.join(', ')} to draw`,
    (ids) =>
      ids.map((id) => {
        const el = document.getElementById(id);
        const state = el?.playground?.frame > 2 ? el.getState() : null;
        return state && { rows: String(state.tiles ?? '').split('\n').map((l) => l.trim()).filter(Boolean), boxes: state.boxes, problems: el.playground.problems.map((p) => p.message) };
      }),
    (all) => all.every((s) => s !== null),
    20_000,
    ids,
  );
}

test('maps and boxes as indented multi-line attributes and as <template> children, parsed or built by DOM calls, squashed or not', async () => {
  const indented = ROWS.map((r) => `        ${r}`).join('\n');
  const server = await open({
    '/index.html': page(
      '<script type="module" src="/lib/broadphase-embed.js"></script>',
      `<broadphase-playground id="attr" mode="tiles" height="260" tiles="\n${indented}\n      " boxes="\n        12,8,6,4\n        40,10,5,5\n      "></broadphase-playground>
       <broadphase-playground id="template" mode="tiles" height="260"><template data-tiles>\n${indented}\n</template><template data-boxes>\n  12,8,6,4;\n  40,10,5,5\n</template></broadphase-playground>
       <broadphase-playground id="squashed" mode="tiles" height="260" boxes="12,8,6,4 40,10,5,5"><template data-tiles>${ROWS.join(' ')}</template></broadphase-playground>
       <div id="spa"></div>
       <script type="module">
         // As Vue and React build it: the element, then a <template> whose text is its own child.
         const el = document.createElement('broadphase-playground');
         el.id = 'built';
         el.setAttribute('mode', 'tiles');
         el.setAttribute('height', '260');
         const t = document.createElement('template');
         t.setAttribute('data-tiles', '');
         t.append(${JSON.stringify(ROWS.join('\n'))});
         el.append(t);
         document.getElementById('spa').append(el);
       </script>`,
    ),
  });
  try {
    const found = await scenes(['attr', 'template', 'squashed', 'built']);
    for (const [i, id] of ['attr', 'template', 'squashed', 'built'].entries()) {
      assert.deepEqual(found[i].rows, ROWS, `expected #${id} to show the author's map`);
      assert.deepEqual(found[i].problems, [], `expected #${id} to have no problems`);
    }
    for (const i of [0, 1, 2]) assert.equal(found[i].boxes.replace(/\s/g, ''), BOXES.replace(/\s/g, ''), 'expected the author\'s boxes');
    assert.deepEqual(browser.problems, [], 'expected no console errors');
  } finally {
    await server.close();
  }
});

test('children that arrive after the element is connected still set the map: before the core runs, and after', async () => {
  const server = await open({
    '/index.html': page(
      '<script type="module" src="/lib/broadphase-embed.js"></script>',
      `<div id="spa"></div>
       <script type="module">
         // Client-side routing: the element is connected first, its content follows.
         await customElements.whenDefined('broadphase-playground');
         const el = document.createElement('broadphase-playground');
         el.id = 'late';
         el.setAttribute('mode', 'tiles');
         el.setAttribute('height', '260');
         document.getElementById('spa').append(el);
         const t = document.createElement('template');
         t.setAttribute('data-tiles', '');
         el.append(t);
         await new Promise((r) => setTimeout(r, 0));
         t.append(${JSON.stringify(ROWS.join('\n'))});
       </script>`,
    ),
  });
  try {
    const [late] = await scenes(['late']);
    assert.deepEqual(late.rows, ROWS, 'expected the map that arrived after connection');
    // Now running: the host replaces the content (a route to the same component with other content).
    const other = ['########', '##....##', '########'];
    await browser.page.evaluate((rows) => {
      document.querySelector('#late template').textContent = rows.join('\n');
    }, other);
    await waitUntil(browser.page, 'the new map', () => document.getElementById('late').getState().tiles.split('\n').map((l) => l.trim()).filter(Boolean), (rows) => JSON.stringify(rows) === JSON.stringify(other));
    assert.deepEqual(browser.problems, [], 'expected no console errors');
  } finally {
    await server.close();
  }
});

test('a scene change on an embed with the author\'s map (setState, an attribute) keeps the map and loads no preset', async () => {
  const server = await open({
    '/index.html': page('<script type="module" src="/lib/broadphase-embed.js"></script>', `<broadphase-playground id="m" mode="tiles" height="300" tiles="${ROWS.join('\n')}"></broadphase-playground>`),
  });
  try {
    await scenes(['m']);
    for (const [how, change] of [
      ['setState', () => document.getElementById('m').setState({ boxes: '12,8,6,4' })],
      ['an attribute', () => document.getElementById('m').setAttribute('boxes', '40,10,5,5')],
    ]) {
      await browser.page.evaluate(change);
      const [m] = await scenes(['m']);
      assert.deepEqual(m.rows, ROWS, `expected the author's map after a change by ${how}`);
      const text = await browser.page.evaluate(() => document.getElementById('m').shadowRoot.textContent);
      assert.doesNotMatch(text, /Could not load/, `expected no failed preset load after a change by ${how}`);
    }
    assert.deepEqual(browser.problems, [], 'expected no console errors');
  } finally {
    await server.close();
  }
});

test('the classic script (no import.meta), loaded in <head> before the elements exist, finds its wasm beside itself and reads the map', async () => {
  const server = await open({
    '/book/js/broadphase-embed.classic.js': CLASSIC,
    '/book/js/broadphase_bg.wasm': WASM,
    '/book/chapter/index.html': page(
      '<script src="../js/broadphase-embed.classic.js"></script>',
      `<broadphase-playground id="classic" mode="tiles" height="300">
         <template data-tiles>
           ${ROWS.join('\n           ')}
         </template>
       </broadphase-playground>`,
    ),
    '/index.html': page('', '<a href="/book/chapter/index.html">book</a>'),
  });
  try {
    await browser.page.goto(`${server.url}/book/chapter/index.html`);
    const [classic] = await scenes(['classic']);
    assert.deepEqual(classic.rows, ROWS, 'expected the author\'s map, though the element was upgraded before its children were parsed');
    const exported = await browser.page.evaluate(() => typeof window.BroadphasePlayground?.mount);
    assert.equal(exported, 'function', 'expected the classic script to expose its exports as window.BroadphasePlayground');
    assert.deepEqual(browser.problems, [], 'expected no console errors');
  } finally {
    await server.close();
  }
});

test('a wasm load failure names its error class in the console, not a minified name', async () => {
  const server = await open({
    '/index.html': page('<script type="module" src="/lib/broadphase-embed.js"></script>', '<broadphase-playground id="x" wasm-url="/missing.wasm" height="200"></broadphase-playground>'),
  });
  try {
    const error = await waitUntil(browser.page, 'the load to fail', () => document.getElementById('x').playground.ready.then(() => 'loaded', (e) => `${e.name}|${String(e)}|${e.stack.split('\n')[0]}`), (v) => typeof v === 'string');
    assert.match(error, /^WasmLoadError\|WasmLoadError: could not load.*\|WasmLoadError: could not load/, 'expected the name WasmLoadError in the error, its string and its stack');
    assert.ok(browser.problems.some((p) => /WasmLoadError: could not load/.test(p)), `expected the console to name WasmLoadError, saw ${JSON.stringify(browser.problems)}`);
  } finally {
    await server.close();
  }
});

test('importing the module where there is no DOM (Node, as in server-side rendering) succeeds and defines nothing', () => {
  const script = `const m = await import(${JSON.stringify(MODULE)});
m.defineBroadphasePlayground();
console.log(JSON.stringify({ mount: typeof m.mount, element: typeof m.BroadphasePlayground, error: new m.WasmLoadError('u', null, 'r').name }));`;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  assert.deepEqual(out, { mount: 'function', element: 'function', error: 'WasmLoadError' });
});
