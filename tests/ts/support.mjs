// Loads the page's own TypeScript modules in Node, without a browser,
// through Vite's module runner (the transform the page build uses, so
// `?inline` CSS and the `../../pkg/` import of the core resolve as they do
// in the page). One call loads its modules into one module graph, so they
// share one instance of every module they import (one wasm core).
//
// In a test:
//   const [settings] = await load('/www/settings/read.ts');
//   const [table, core] = await load('/www/settings/table.ts', '/www/core/index.ts');
//   initCore(core);   // before anything asks the core (World.structures() …)

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRunnableDevEnvironment, resolveConfig } from 'vite';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The modules at `paths` (from the repository's root, e.g. '/www/runtime/history.ts'), in order. */
export async function load(...paths) {
  const config = await resolveConfig(
    {
      root,
      configFile: false,
      logLevel: 'error',
      environments: { ts_tests: { consumer: 'server', dev: { moduleRunnerTransform: true }, resolve: { external: true, mainFields: [], conditions: ['node'] } } },
    },
    'serve',
  );
  const environment = createRunnableDevEnvironment('ts_tests', config, { runnerOptions: { hmr: { logger: false } }, hot: false });
  await environment.init();
  try {
    const modules = [];
    for (const path of paths) modules.push(await environment.runner.import(path));
    return modules;
  } finally {
    await environment.close();
  }
}

/** Instantiates the wasm core (www/core/index.ts as loaded) from pkg/: needs a wasm build. */
export function initCore(core) {
  core.initSync({ module: readFileSync(new URL('../../pkg/broadphase_bg.wasm', import.meta.url)) });
  return core;
}
