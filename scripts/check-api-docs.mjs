// Keeps docs/API.md true to the code: every member of the public `World`
// and `TileGrid` classes (their declarations, www/core/facade.d.ts) is
// documented in its class's section, every member documented there exists,
// and the table of views equals what the running core says
// (`World.views()`, `World.viewLayout`). Run after the wasm build:
// `node scripts/check-api-docs.mjs`.

import { readFileSync } from 'node:fs';
import * as raw from '../pkg/broadphase.js';
import { facade } from '../www/core/facade.js';

const root = new URL('..', import.meta.url);
const dts = readFileSync(new URL('www/core/facade.d.ts', root), 'utf8');
const doc = readFileSync(new URL('docs/API.md', root), 'utf8');
const { World, initSync } = facade(raw);
initSync({ module: readFileSync(new URL('pkg/broadphase_bg.wasm', root)) });

/** Member names of `declare class <name>` in the .d.ts (methods, statics, getters; `constructor` for a public one). */
function declared(name) {
  const start = dts.indexOf(`declare class ${name} {`);
  if (start < 0) throw new Error(`www/core/facade.d.ts has no class ${name}`);
  const body = dts.slice(start, dts.indexOf('\n}\n', start));
  const names = new Set();
  for (const m of body.matchAll(/^ {4}(?:static |readonly |get |set )?([A-Za-z_][A-Za-z0-9_]*)\s*[(:?]/gm)) names.add(m[1]);
  if (/^ {4}private constructor\(/m.test(body)) names.delete('constructor');
  return names;
}

/** The text of `## <title>` up to the next `## `. */
function section(title) {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/API.md has no "## ${title}" section`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** Member names in the first cell of every table row of a section. */
function documented(text, className) {
  const names = new Set();
  for (const row of text.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = row.slice(1, row.indexOf(' | ', 1));
    for (const [, code] of first.matchAll(/`([^`]+)`/g)) {
      const bare = code.replace(/^new /, '').replace(new RegExp(`^${className}\\.`), '');
      if (bare.startsWith(className + '(')) names.add('constructor');
      else names.add(/^[A-Za-z_][A-Za-z0-9_]*/.exec(bare)?.[0]);
    }
  }
  names.delete(undefined);
  return names;
}

const problems = [];
for (const className of ['World', 'TileGrid']) {
  const has = declared(className);
  const says = documented(section(className), className);
  for (const name of has) if (!says.has(name)) problems.push(`${className}.${name} is exported but not documented in docs/API.md`);
  for (const name of says) if (!has.has(name)) problems.push(`docs/API.md documents ${className}.${name}, which ${className} does not have`);
}

const table = new Map();
for (const row of section('Views').split('\n').filter((l) => l.startsWith('| `'))) {
  const [, name, fields] = /^\| `([^`]+)` \| (.*) \|$/.exec(row) ?? [];
  if (name !== undefined) table.set(name, fields.split(',').map((f) => f.trim()));
}
for (const view of World.views()) {
  const fields = World.viewLayout(view);
  if (!table.has(view)) problems.push(`view ${view} (${fields.join(', ')}) is missing from the table in docs/API.md`);
  else if (table.get(view).join() !== fields.join()) problems.push(`docs/API.md says view ${view} is ${table.get(view).join(', ')}; the core says ${fields.join(', ')}`);
}
for (const view of table.keys()) if (!World.views().includes(view)) problems.push(`docs/API.md lists a view ${view} the core does not know`);

if (problems.length > 0) {
  console.error(`docs/API.md disagrees with the code:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`docs/API.md documents all ${declared('World').size + declared('TileGrid').size} members of World and TileGrid and all ${World.views().length} views`);
