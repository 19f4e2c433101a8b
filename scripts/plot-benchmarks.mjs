// Draws the benchmark charts: reads the recorded tables in
// docs/BENCHMARKS.md (the wasm-vs-JS table and the native one,
// each with scene, objects, contender or structure, and median µs / frame)
// and writes one log–log SVG per table and scene to docs/plots/, with the
// chart code the benchmark page uses (www/bench/chart-svg.ts, transpiled
// here by TypeScript). Run after updating the tables:
//   node scripts/plot-benchmarks.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = readFileSync(join(root, 'www/bench/chart-svg.ts'), 'utf8');
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
const { chartSvg } = await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);

const TABLES = [
  { heading: '### wasm in Node against the JavaScript libraries', file: 'wasm', title: 'wasm in Node vs JS libraries' },
  { heading: '### Native (`cargo bench --bench step_pairs`)', file: 'native', title: 'native Rust' },
];

const readme = readFileSync(join(root, 'docs', 'BENCHMARKS.md'), 'utf8');
mkdirSync(join(root, 'docs', 'plots'), { recursive: true });
const written = [];
for (const { heading, file, title } of TABLES) {
  const at = readme.indexOf(heading);
  if (at < 0) throw new Error(`docs/BENCHMARKS.md has no section "${heading}"`);
  const lines = readme.slice(at).split('\n');
  const start = lines.findIndex((l) => l.startsWith('| scene |'));
  if (start < 0) throw new Error(`no table under "${heading}"`);
  const header = lines[start].split('|').map((c) => c.trim());
  const col = (name) => header.findIndex((c) => c.startsWith(name));
  const [scene, objects, who, median] = [col('scene'), col('objects'), Math.max(col('contender'), col('structure')), col('median')];
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((c) => c.trim());
    const us = Number(cells[median]);
    if (!Number.isFinite(us)) continue; // "skipped"
    rows.push({ scene: cells[scene], n: Number(cells[objects]), who: cells[who], ms: us / 1000 });
  }
  for (const sceneName of [...new Set(rows.map((r) => r.scene))]) {
    const here = rows.filter((r) => r.scene === sceneName);
    const series = [...new Set(here.map((r) => r.who))].map((name) => ({ name, points: here.filter((r) => r.who === name).map((r) => [r.n, r.ms]) }));
    const out = join('docs', 'plots', `${file}-${sceneName}.svg`);
    writeFileSync(join(root, out), chartSvg(series, `${title}: ${sceneName} scene, ms per frame (step + pairs)`));
    written.push(out);
  }
}
console.log(`wrote ${written.join(', ')}`);
