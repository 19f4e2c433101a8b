// Registers <broadphase-playground>; Rollup bundles it, the plugin copies the wasm.
import 'broadphase-playground';
