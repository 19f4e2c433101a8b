// Test-only build of the rays mode alone: dev/index.html → /tmp/dist-rays
// (`--outDir` overrides it). Then run the browser test against it:
//   npx vite build --config www/modes/rays/vite.dev.config.ts
//   BROADPHASE_DIST=/tmp/dist-rays node --test e2e/rays.test.mjs
import { defineConfig } from 'vite';

export default defineConfig({
  root: new URL('./dev', import.meta.url).pathname,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: '/tmp/dist-rays',
    emptyOutDir: true,
    target: 'es2022',
  },
});
