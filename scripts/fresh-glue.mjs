// Makes the wasm-bindgen glue (pkg/broadphase.js) able to start a fresh
// core. The generated glue keeps its wasm instance in module variables and
// initialises once, so after the core traps (a panic or an out-of-memory
// abort leaves it unusable) nothing in the page could get a working one
// back. This rewrites the glue's body into a function that returns a new
// copy of its exports, each with its own instance once initialised; the
// module still exports the first copy under the same names, plus
// `__freshGlue` (another copy), `__wasmModule()` (the compiled module, to
// instantiate again without fetching) and `__stop()` (lets go of a copy
// whose core trapped). The façade (www/core/facade.js) uses them when the
// core stops and when `init()` is called after that.
//
// Applied wherever the glue is loaded: the page's and the embed's Vite
// builds (`freshGlue()` below, a plugin), the wasm test suites (the same
// plugin, given to Vite's module runner) and the npm package
// (scripts/pack.sh runs this file on the copied glue). A glue loaded
// without it still works; only a restart is then refused.

import { readFileSync, writeFileSync } from 'node:fs';

/** The glue's source rewritten into a factory (see the header); throws if it is not shaped as expected. */
export function reinstantiableGlue(source) {
  const exported = new Map(); // exported name → local name
  let body = source.replace(/^export (class|function) ([A-Za-z_$][\w$]*)/gm, (_, kind, name) => {
    exported.set(name, name);
    return `${kind} ${name}`;
  });
  body = body.replace(/^export \{([^}]*)\};?\s*$/gm, (_, list) => {
    for (const item of list.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [local, as] = item.split(/\s+as\s+/);
      exported.set(as ?? local, local);
    }
    return '';
  });
  if (/^export /m.test(body)) throw new Error('fresh-glue: the glue has an export this rewrite does not know');
  if (!/^let wasmModule, wasmInstance, wasm;$/m.test(body) || !exported.has('initSync') || !exported.has('default')) {
    throw new Error('fresh-glue: the glue is not shaped as this rewrite expects (wasm-bindgen changed?)');
  }
  // Stopping a copy (its core trapped): the glue's finalizers of objects
  // still alive would call into the dead instance; they get no-ops, and the
  // instance's memory is let go.
  const caches = [...body.matchAll(/^let (cached\w+) = null;$/gm)].map((m) => `${m[1]} = null;`).join(' ');
  const stop = `() => { wasm = new Proxy({}, { get: () => () => 0 }); wasmInstance = undefined; ${caches} }`;
  const fields = [...exported].map(([name, local]) => `${JSON.stringify(name)}: ${local}`).join(', ');
  const named = [...exported.keys()].filter((name) => name !== 'default');
  return [
    '// Rewritten by scripts/fresh-glue.mjs: the generated glue, as a factory of fresh copies.',
    'function __broadphaseGlue() {',
    body,
    `return { ${fields}, __freshGlue: __broadphaseGlue, __wasmModule: () => wasmModule, __stop: ${stop} };`,
    '}',
    'const __first = __broadphaseGlue();',
    `export const { ${named.join(', ')}, __freshGlue, __wasmModule, __stop } = __first;`,
    'export default __first.default;',
    '',
  ].join('\n');
}

/** The Vite plugin: rewrites pkg/broadphase.js as it is loaded. */
export function freshGlue() {
  return {
    name: 'broadphase-fresh-glue',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').replace(/\?.*$/, '').endsWith('/pkg/broadphase.js')) return null;
      return { code: reinstantiableGlue(code), map: null };
    },
  };
}

// `node scripts/fresh-glue.mjs <file>`: rewrites a copied glue in place (scripts/pack.sh).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file:').href) {
  const file = process.argv[2];
  writeFileSync(file, reinstantiableGlue(readFileSync(file, 'utf8')));
}
