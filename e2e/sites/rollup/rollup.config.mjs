// The Rollup recipe (docs/EMBED.md): Rollup resolves the package, and the
// import-meta-assets plugin copies the wasm the module names with
// `new URL('./broadphase_bg.wasm', import.meta.url)` next to the bundle.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { importMetaAssets } from '@web/rollup-plugin-import-meta-assets';

export default {
  input: 'src/main.js',
  output: { dir: 'dist', format: 'es' },
  plugins: [nodeResolve(), importMetaAssets()],
};
