// Build config for the playground: index.html (the full playground) and
// tutorial.html (an article embedding three playgrounds) at the root,
// output in dist/ with relative URLs so the pages work from any sub-path
// (or file server). The embeddable library has its own: vite.lib.config.ts.
import { defineConfig } from 'vite';
import { freshGlue } from './scripts/fresh-glue.mjs';
import { firstFrame } from './scripts/first-frame.mjs';

// Cross-origin isolation only buys a finer performance.now() (5 µs instead
// of 100 µs in Chromium), which makes the µs-per-step stat honest on the dev
// and preview servers. Static hosts without these headers still work.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const page = (name: string) => new URL(name, import.meta.url).pathname;

export default defineConfig({
  base: './',
  // The wasm glue as a factory, so the page can start a fresh core after one stops.
  // The default scene's first frame, computed by the core at build time (www/first-frame/).
  plugins: [freshGlue(), firstFrame()],
  // box-intersect (bench.html's contender) was written for Node and reads `global`.
  define: { global: 'globalThis' },
  resolve: { alias: { buffer: page('www/bench/buffer-shim.ts') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { index: page('index.html'), tutorial: page('tutorial.html'), bench: page('bench.html') },
    },
  },
  server: { headers: isolation },
  preview: { headers: isolation },
});
