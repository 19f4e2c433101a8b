// What the Node benchmark (benches/wasm_vs_js.mjs) loads through Vite's
// module runner: the same scene and contenders bench.html runs, and the
// core's initSync, all from one module graph so they share one wasm instance.

export { FRAMES, KNOWN_PAIRS, Scene, type Motion } from './scene';
export { contenders, worldStepContender, type Contender } from './contenders';
export { initSync } from '../core/index';
