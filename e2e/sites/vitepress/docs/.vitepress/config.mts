// The VitePress recipe (docs/EMBED.md): Vue must know <broadphase-playground>
// is a custom element, or it tries to resolve it as a component and the
// hydration of every page with an embed mismatches.
import { defineConfig } from 'vitepress';

export default defineConfig({
  title: 'broadphase in VitePress',
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'broadphase-playground' } } },
  // The dev server's dependency pre-bundling moves the module away from its wasm.
  vite: { optimizeDeps: { exclude: ['broadphase-playground'] } },
});
