// Keeps docs/API.md true to the code: its member tables of `World` and
// `TileGrid` are what scripts/generate-api.mjs makes of the façade's JSDoc
// (www/core/facade.js, the one source of the API), and the table of views
// equals what the running core says (`World.views()`, `World.viewLayout`),
// and so does the list of structures (`World.structures()`).
// Run after the wasm build: `node scripts/check-api-docs.mjs`.

import { readFileSync } from 'node:fs';
import * as raw from '../pkg/broadphase.js';
import { facade } from '../www/core/facade.js';
import { readFacade, stale } from './generate-api.mjs';

const root = new URL('..', import.meta.url);
const doc = readFileSync(new URL('docs/API.md', root), 'utf8');
const { World, initSync } = facade(raw);
initSync({ module: readFileSync(new URL('pkg/broadphase_bg.wasm', root)) });

/** The text of `## <title>` up to the next `## `. */
function section(title) {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/API.md has no "## ${title}" section`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

const problems = stale().map((file) => `${file} differs from what www/core/facade.js says: run node scripts/generate-api.mjs`);

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

// The structures: World.structures() is the one list (StructureKind::ALL in
// the core); the setStructure row describes each of them, in its order.
const structureRow = doc.split('\n').find((l) => l.startsWith('| `setStructure('));
const described = [...(structureRow ?? '').matchAll(/`"([a-z-]+)"`/g)].map((m) => m[1]);
if (described.join() !== World.structures().join()) problems.push(`docs/API.md's setStructure describes ${described.join(', ')}; World.structures() is ${World.structures().join(', ')}`);

if (problems.length > 0) {
  console.error(`docs/API.md disagrees with the code:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
const members = readFacade();
console.log(`docs/API.md documents all ${members.World.length + members.TileGrid.length} members of World and TileGrid and all ${World.views().length} views`);
