// Records docs/play.webm, the README's looping clip of the play mode: the
// built page (dist/) in headless Chromium, the player running right and
// jumping with the machinery overlays on, recorded from the canvas itself
// (canvas.captureStream + MediaRecorder: no video tool needed). Builds the
// page first when dist/ has none:   node scripts/record-play-clip.mjs
// BROADPHASE_QUICK=1 (the docs' command check) records one second to a
// temporary file instead, leaving the repository as it was.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist, launch, root, waitUntil } from '../e2e/support.mjs';

const QUICK = process.env.BROADPHASE_QUICK === '1';
const SECONDS = QUICK ? 1 : 6;
const out = QUICK ? join(mkdtempSync(join(tmpdir(), 'broadphase-clip-')), 'play.webm') : join(root, 'docs', 'play.webm');
if (!existsSync(join(dist, 'index.html'))) {
  // The tools and the wasm as `npm start` gets them, then the page.
  execFileSync('bash', ['-c', 'source scripts/prelude.sh && ensure_wasm_build && vite build --logLevel warn'], { cwd: root, stdio: 'inherit' });
}
const { page, baseUrl, close } = await launch({ width: 1100, height: 760 });
try {
  await page.goto(`${baseUrl}#mode=play&seed=2`);
  await waitUntil(page, 'the play mode', () => window.__broadphasePlay?.frame ?? -1, (f) => f > 5, 20_000);
  await page.check('#play-grid');
  await page.check('#play-rays');
  await page.evaluate(() => window.__broadphasePlay.restart(2, 6));
  // Record in the page; play from here with the keyboard, as a person would.
  await page.evaluate(() => {
    const canvas = document.getElementById('world');
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 1_500_000 });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    window.__clip = { recorder, chunks, done: new Promise((resolve) => (recorder.onstop = resolve)) };
    recorder.start();
  });
  await page.keyboard.down('ArrowRight');
  for (let t = 0; t < SECONDS * 1000; t += 700) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(700);
  }
  await page.keyboard.up('ArrowRight');
  const base64 = await page.evaluate(async () => {
    const clip = window.__clip;
    clip.recorder.stop();
    await clip.done;
    const bytes = new Uint8Array(await new Blob(clip.chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  writeFileSync(out, Buffer.from(base64, 'base64'));
  console.log(`wrote ${out.replace(root, '')} (${Math.round(Buffer.from(base64, 'base64').length / 1024)} KB, ${SECONDS} s)`);
} finally {
  await close();
}
