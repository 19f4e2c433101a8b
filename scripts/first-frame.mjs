// A Vite plugin: `virtual:first-frame` is the page's default scene's first
// frame as the core computed it at build time (www/first-frame/record.ts,
// run through Vite's module runner on pkg/'s wasm), which the page draws
// while its own core is still arriving (www/first-frame/show.ts).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ID = 'virtual:first-frame';
const RESOLVED = `\0${ID}`;
const root = fileURLToPath(new URL('..', import.meta.url));

/** The first frame, as the JSON the virtual module exports. */
export async function recordFirstFrameJson() {
  const wasm = readFileSync(new URL('../pkg/broadphase_bg.wasm', import.meta.url));
  const { module } = await runnerImport(`${root}www/first-frame/record.ts`, { configFile: false, root, logLevel: 'warn' });
  return JSON.stringify(module.recordFirstFrame(new Uint8Array(wasm)));
}

export function firstFrame() {
  return {
    name: 'broadphase-first-frame',
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      return `export default JSON.parse(${JSON.stringify(await recordFirstFrameJson())});`;
    },
    // The picture's code is a dynamic import of the page's entry: without a
    // preload its request would only start once the entry has run, a whole
    // round trip and the entry's download later. index.html names it and
    // what it imports up front, so they download beside the entry.
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (bundle === undefined || !context.filename.endsWith('index.html')) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const show = chunks.find((c) => c.facadeModuleId?.endsWith('www/first-frame/show.ts'));
        if (show === undefined) return html;
        const files = new Set();
        const visit = (file) => {
          if (files.has(file)) return;
          files.add(file);
          for (const next of bundle[file]?.imports ?? []) visit(next);
        };
        visit(show.fileName);
        return [...files]
          .filter((file) => !html.includes(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' }));
      },
    },
  };
}
