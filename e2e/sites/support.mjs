// What the site-generator tests share. Each site under e2e/sites/<name>/
// has its own package.json and package-lock.json (so the repository's own
// `npm ci` stays light): installSite() runs `npm ci` there only when
// node_modules is missing or older than the lock, then unpacks the packed
// playground (dist-npm/broadphase-playground-*.tgz, from scripts/pack.sh)
// into node_modules/broadphase-playground, as `npm install` of the
// published package would. build() runs the generator's own production
// build; serveSite() serves the output as a static host does (clean URLs,
// gzip); checkEmbeds() looks at every <broadphase-playground> on the page
// as a reader would: drawn, nothing inside it outside its box, the
// author's map, no console errors.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openChromium, root } from '../support.mjs';
import { serveDirectory } from '../static-server.mjs';

export { serveDirectory as serveSite };

/** The packed playground package (scripts/pack.sh). */
export function playgroundTarball() {
  const dir = join(root, 'dist-npm');
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => /^broadphase-playground-.*\.tgz$/.test(f)) : [];
  assert.equal(found.length, 1, `expected one dist-npm/broadphase-playground-*.tgz (run scripts/build-lib.sh and scripts/pack.sh), found ${JSON.stringify(found)}`);
  return join(dir, found[0]);
}

/** Runs a command in `cwd`, failing with its output if it fails; returns the seconds it took. */
export function run(cwd, command, args, env = {}) {
  const started = Date.now();
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  } catch (error) {
    const out = `${error.stdout ?? ''}\n${error.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    assert.fail(`\`${command} ${args.join(' ')}\` failed in ${cwd}:\n${out}`);
  }
  return (Date.now() - started) / 1000;
}

/**
 * The site's npm packages (npm ci, skipped when node_modules is as new as
 * the lock), then the playground package from its tarball. Returns the
 * seconds spent installing.
 */
export function installSite(site) {
  const lock = join(site, 'package-lock.json');
  const stamp = join(site, 'node_modules', '.package-lock.json');
  let seconds = 0;
  if (existsSync(lock) && (!existsSync(stamp) || statSync(lock).mtimeMs > statSync(stamp).mtimeMs)) {
    seconds += run(site, 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  }
  const target = join(site, 'node_modules', 'broadphase-playground');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  seconds += run(site, 'tar', ['-xzf', playgroundTarball(), '-C', target, '--strip-components=1']);
  // Build caches (webpack's) take a package in node_modules to be unchanged
  // while its version is: every build of the playground is 0.1.0, so the
  // installed copy's version carries the tarball's hash.
  const manifest = join(target, 'package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  pkg.version = `${pkg.version}+${createHash('sha256').update(readFileSync(playgroundTarball())).digest('hex').slice(0, 12)}`;
  writeFileSync(manifest, JSON.stringify(pkg, null, 2));
  return seconds;
}

/** Headless Chromium (see ../support.mjs) that also lists every failed request by URL among its `problems`. */
export async function openBrowser(size) {
  const browser = await openChromium(size);
  browser.page.on('response', (response) => {
    if (response.status() >= 400) browser.problems.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  return browser;
}

/** Every canvas inside an embed, as a screenshot: whether it shows more than one colour (2D or WebGL alike). */
async function paintedCanvases(page) {
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('broadphase-playground')].map((el) => {
      const canvas = el.shadowRoot?.querySelector('canvas');
      const r = canvas?.getBoundingClientRect();
      return { id: el.id, rect: r && r.width > 0 && r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null };
    }),
  );
  const out = {};
  for (const { id, rect } of boxes) {
    if (rect === null) {
      out[id] = false;
      continue;
    }
    const png = await page.screenshot({ clip: rect, fullPage: true });
    out[id] = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const data = g.getImageData(0, 0, img.width, img.height).data;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 31) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return colours.size > 3;
    }, png.toString('base64'));
  }
  return out;
}

/**
 * Waits for every <broadphase-playground> on the page to draw, then checks
 * each as a reader would: its canvas painted, no element of its shadow root
 * outside the element's rectangle (content of a scrolling panel counts
 * where the panel shows it), the map rows `maps[id]` when given, and
 * no console errors. Returns what it saw, by element id.
 */
export async function checkEmbeds(browser, { maps = {}, expectCount, what }) {
  const { page } = browser;
  const deadline = Date.now() + 30_000;
  let seen;
  for (;;) {
    seen = await page.evaluate(() =>
      [...document.querySelectorAll('broadphase-playground')].map((el) => ({ id: el.id, frame: el.playground?.frame ?? 0, defined: customElements.get(el.localName) !== undefined })),
    );
    // After client-side routing the old page's embeds linger a moment: wait
    // for this page's own (those it names with an author's map, and as many
    // as it holds), not the first embeds drawing.
    const named = Object.keys(maps).every((id) => seen.some((s) => s.id === id));
    const counted = expectCount === undefined ? seen.length >= 1 : seen.length === expectCount;
    if (named && counted && seen.every((s) => s.frame > 3)) break;
    if (Date.now() > deadline) assert.fail(`${what}: expected ${expectCount ?? 'some'} embeds drawing within 30 s, saw ${JSON.stringify(seen)}; console: ${JSON.stringify(browser.problems)}`);
    await page.waitForTimeout(100);
  }
  if (expectCount !== undefined) assert.equal(seen.length, expectCount, `${what}: expected ${expectCount} embeds`);
  const report = await page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('broadphase-playground')) {
      const host = el.getBoundingClientRect();
      const outside = [];
      const name = (node) => `${node.localName}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}`;
      // What the reader can see of a node: its box, cut to every panel that
      // scrolls up and down around it (content scrolled out of view there is
      // reachable); sideways overflow counts as clipping. A control cut by a
      // box that hides its overflow, or in a scrolling box too low to show
      // it whole (a tab strip squeezed to a sliver), is clipped too.
      const seen = (node) => {
        const r = node.getBoundingClientRect();
        let { left, right, top, bottom } = r;
        let cutBy = null;
        for (let a = node.parentElement; a !== null; a = a.parentElement) {
          const style = getComputedStyle(a);
          const box = a.getBoundingClientRect();
          const cutX = /hidden|clip/.test(style.overflowX) && (left < box.left - 1 || right > box.right + 1);
          const cutY = /hidden|clip/.test(style.overflowY) && (top < box.top - 1 || bottom > box.bottom + 1);
          // A scrolling box lower than the control can never show it whole.
          const tooLow = /auto|scroll/.test(style.overflowY) && a.clientHeight < r.height - 1;
          if (cutBy === null && (cutX || cutY || tooLow)) cutBy = a;
          if (/auto|scroll/.test(style.overflowY)) [top, bottom] = [Math.max(top, box.top), Math.min(bottom, box.bottom)];
        }
        return { left, right, top, bottom, width: r.width, height: r.height, cutBy };
      };
      const controls = new Set(el.shadowRoot.querySelectorAll('button, [role="tab"], select, input, output, label, summary'));
      for (const node of el.shadowRoot.querySelectorAll('*')) {
        const r = seen(node);
        if (r.width === 0 || r.height === 0 || r.right <= r.left || r.bottom <= r.top) continue;
        const at = `${Math.round(r.left - host.left)}..${Math.round(r.right - host.left)} × ${Math.round(r.top - host.top)}..${Math.round(r.bottom - host.top)} in ${Math.round(host.width)} × ${Math.round(host.height)}`;
        if (r.left < host.left - 1 || r.right > host.right + 1 || r.top < host.top - 1 || r.bottom > host.bottom + 1) outside.push(`${name(node)} ${at}`);
        else if (controls.has(node) && r.cutBy !== null) outside.push(`${name(node)} ${at}, cut by ${name(r.cutBy)}`);
        // A control squeezed smaller than its own text ("loose-g" in a narrow select, a tab a few px high).
        else if (controls.has(node) && (node.scrollHeight > node.clientHeight + 2 || node.scrollWidth > node.clientWidth + 2)) {
          outside.push(`${name(node)} "${(/^(select|input)$/.test(node.localName) ? node.value : node.textContent).trim().slice(0, 24)}" ${at}: its content needs ${node.scrollWidth} × ${node.scrollHeight}, it has ${node.clientWidth} × ${node.clientHeight}`);
        }
      }
      const state = el.getState();
      out[el.id] = {
        width: Math.round(host.width),
        height: Math.round(host.height),
        outside: outside.slice(0, 8),
        rows: typeof state.tiles === 'string' ? state.tiles.split('\n').map((l) => l.trim()).filter(Boolean) : null,
        problems: el.playground.problems.map((p) => p.message),
      };
    }
    return out;
  });
  const painted = await paintedCanvases(page);
  // Every failure at once: one run of a slow site test says all that is wrong.
  const failures = [];
  for (const [id, r] of Object.entries(report)) {
    if (!painted[id]) failures.push(`#${id}'s canvas is not painted`);
    for (const o of r.outside) failures.push(`#${id} clips ${o}`);
    for (const p of r.problems) failures.push(`#${id} did not take a setting as written: ${p}`);
    if (maps[id] !== undefined && JSON.stringify(r.rows) !== JSON.stringify(maps[id])) failures.push(`#${id} shows the map ${JSON.stringify(r.rows)}, not the author's ${JSON.stringify(maps[id])}`);
  }
  for (const p of browser.problems) failures.push(p);
  assert.deepEqual(failures, [], `${what}: expected every embed drawn, unclipped, with the author's settings, and no console errors`);
  return report;
}
