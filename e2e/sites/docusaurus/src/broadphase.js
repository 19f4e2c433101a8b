// Registers <broadphase-playground> on every page (webpack carries the wasm).
import 'broadphase-playground';
