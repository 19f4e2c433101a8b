// The page's house rules, read from the imports of www/ (no module is
// loaded): a folder imports only from the folders beneath it (the order
// docs/ARCHITECTURE.md gives), and no files import each other in a circle.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { root } from './support.mjs';

const WWW = join(root, 'www');

/** Each part of www/ and its floor: a part imports only from floors below its own, or from itself. */
const FLOORS = {
  core: 0,
  gpu: 0,
  settings: 1,
  runtime: 2,
  bench: 3,
  layers: 3,
  'box-editing': 4,
  boxes: 4,
  modes: 5,
  embed: 6,
  'first-frame': 6,
  'shell.ts': 6,
  'tutorial.ts': 7,
  'main.ts': 7,
};

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The www/ files `file` imports (import and export … from, static and dynamic), resolved. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const [, spec] of text.matchAll(/\bfrom\s+'([^']+)'/g)) found.push(spec);
  for (const [, spec] of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push(spec);
  for (const [, spec] of text.matchAll(/^\s*import\s+'([^']+)'/gm)) found.push(spec);
  return found
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec.replace(/\?.*$/, '')))
    .flatMap((path) => [path, `${path}.ts`, join(path, 'index.ts')].filter((p) => existsSync(p) && statSync(p).isFile()).slice(0, 1))
    .filter((path) => path.startsWith(WWW) && /\.ts$/.test(path));
}

const partOf = (file) => relative(WWW, file).split('/')[0];

test('a part of www/ imports only from the parts beneath it', () => {
  const upward = [];
  for (const file of sources(WWW)) {
    const from = partOf(file);
    assert.ok(from in FLOORS, `www/${from} has no floor in this test: add it (and to docs/ARCHITECTURE.md's map)`);
    for (const target of importsOf(file)) {
      const to = partOf(target);
      if (to !== from && !(FLOORS[to] < FLOORS[from])) upward.push(`${relative(root, file)} → ${relative(root, target)}`);
    }
  }
  assert.deepEqual(upward, []);
});

test('no files of www/ import each other in a circle', () => {
  const graph = new Map(sources(WWW).map((file) => [file, importsOf(file)]));
  const state = new Map();
  const circles = [];
  const visit = (file, path) => {
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next].map((f) => relative(root, f)).join(' → '));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
  assert.deepEqual(circles, []);
});
