// Shared set-up for the browser tests: serve the built page in-process with
// Vite's preview() on a free port (the folder named by BROADPHASE_DIST,
// default dist/), launch headless Chromium through playwright-core, and a
// few helpers every test file uses. See e2e/playground.test.mjs for style.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** The built page under test: $BROADPHASE_DIST (relative to the repo) or dist/. */
export const dist = resolve(root, process.env.BROADPHASE_DIST ?? 'dist');
export const screenshots = join(root, 'e2e', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Opens headless Chromium (no server). Returns { page, context, problems,
 * close }: `problems` collects console errors and uncaught page errors;
 * `warnings` collects console warnings.
 */
export async function openChromium({ width = 1440, height = 900, touch = false } = {}) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`expected Chromium at ${CHROMIUM}, found none: run \`scripts/setup.sh --browser\` or set CHROMIUM_PATH`);
  }
  const profileDir = mkdtempSync(join(tmpdir(), 'broadphase-e2e-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width, height },
    // A phone: touch events, coarse pointer, a mobile viewport.
    ...(touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  const warnings = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return {
    page,
    context,
    problems,
    warnings,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Serves `dist` and opens Chromium. Returns { page, baseUrl, problems, close }:
 * `problems` collects console errors and uncaught page errors.
 */
export async function launch({ width = 1440, height = 900, touch = false } = {}) {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`expected a built page at ${dist}/index.html, found none: run \`npx vite build\` (or \`npm test\`) first, or set BROADPHASE_DIST`);
  }
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir: dist },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  assert.ok(address && typeof address === 'object', 'expected the preview server to be listening on a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}/`;
  const browser = await openChromium({ width, height, touch });
  return {
    ...browser,
    baseUrl,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Polls `probe` in the page until `ok(value)`; on timeout fails saying what
 * was awaited and the last value seen.
 */
export async function waitUntil(page, what, probe, ok, timeout = 15_000, arg = undefined) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await page.evaluate(probe, arg);
    if (ok(last)) return last;
    if (Date.now() > deadline) {
      assert.fail(`expected ${what} within ${timeout} ms; last saw ${JSON.stringify(last)}`);
    }
    await page.waitForTimeout(50);
  }
}

/** World point → viewport CSS px, through the active mode's debug handle. */
export async function toScreen(page, x, y) {
  return page.evaluate(([wx, wy]) => window.__broadphase.worldToScreen(wx, wy), [x, y]);
}

/** CSS px per world unit in the active mode. */
export async function scale(page) {
  return page.evaluate(() => {
    const bp = window.__broadphase;
    return bp.worldToScreen(1, 0).x - bp.worldToScreen(0, 0).x;
  });
}

/**
 * The canvas colour at viewport CSS point (x, y), as [r, g, b]: of the
 * picture on screen, which where the page draws with WebGL2 is the GPU
 * canvas under #world with #world's 2D drawing over it.
 */
export async function pixelAt(page, x, y) {
  return page.evaluate(({ x, y }) => {
    const canvas = document.getElementById('world');
    const r = canvas.getBoundingClientRect();
    const k = canvas.width / r.width;
    const [px, py] = [Math.floor((x - r.left) * k), Math.floor((y - r.top) * k)];
    const out = document.createElement('canvas');
    out.width = 1;
    out.height = 1;
    const g = out.getContext('2d');
    const under = canvas.previousElementSibling;
    if (under instanceof HTMLCanvasElement && under.classList.contains('gpu-canvas') && under.style.display !== 'none') g.drawImage(under, -px, -py);
    g.drawImage(canvas, -px, -py);
    return Array.from(g.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }, { x, y });
}
