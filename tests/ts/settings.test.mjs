// The typed settings pipeline (www/settings/) in Node: every setting of
// the table read from a link and from an embed, its defaults per mode,
// what a link clamps and an embed refuses, and values written back as a
// link or as getState() options reading back to the same values.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, test } from 'node:test';
import { initCore, load, root } from './support.mjs';

let read;
let table;

before(async () => {
  let core;
  [core, read, table] = await load('/www/core/index.ts', '/www/settings/read.ts', '/www/settings/table.ts');
  initCore(core);
});

/** What some examples read as: one of each kind of value. */
const TYPED = {
  count: 300,
  cellSize: 12.5,
  paused: true,
  tree: false,
  boxes: [1, 2, 3, 4, 0, 0, 5, 6, 7, 8, 1, -1],
  moved: [3, 1, 2, 3, 4, 0.5, 0],
  links: [2, 1, 3, 1],
  camera: [10, 20, 30, 40],
  tiles: '..##\n##..',
  enemy: [5, 6],
  view: [2, 0.25, 0.75],
};

const modeOf = (spec) => (spec.modes === 'all' ? 'quadtree' : spec.modes[0]);

test('every link setting reads its example from a link into its typed value and writes back to the same value, under the same name', () => {
  for (const spec of table.SETTINGS) {
    if (!spec.inLink || spec.name === 'mode') continue;
    const mode = modeOf(spec);
    const param = table.attributeOf(spec.name);
    const got = read.readSettings(new URLSearchParams([[param, spec.example]]), mode, 'link');
    assert.deepEqual(got.problems, [], `${param}=${spec.example}`);
    assert.notEqual(got.given[spec.name], undefined, `${param}=${spec.example} is taken`);
    if (spec.name in TYPED) assert.deepEqual(got.given[spec.name], TYPED[spec.name], `${param}=${spec.example} reads as ${JSON.stringify(TYPED[spec.name])}`);
    assert.deepEqual(got.values[spec.name], got.given[spec.name]);
    const written = read.writeParams(got.given, mode);
    assert.deepEqual([...written.keys()], [param], `${spec.name} is written as ${param}`);
    const again = read.readSettings(written, mode, 'link');
    assert.deepEqual(again.given, got.given, `${param}: written and read back`);
  }
});

test('one name per setting: the attribute and the link parameter are the option in kebab-case', () => {
  const seen = new Set();
  for (const spec of table.SETTINGS) {
    const attribute = table.attributeOf(spec.name);
    assert.match(attribute, /^[a-z]+(-[a-z]+)*$/, `${spec.name}'s attribute ${attribute}`);
    for (const name of [attribute, ...(spec.aliases ?? [])]) {
      assert.ok(!seen.has(name), `${name} names two settings`);
      seen.add(name);
    }
    assert.equal(table.settingBy('attribute', attribute), spec);
    assert.equal(table.settingBy('link', attribute), spec.inLink ? spec : undefined, `${attribute} in a link`);
  }
  assert.equal(table.attributeOf('maxObjects'), 'max-objects');
  assert.equal(table.attributeOf('wasmUrl'), 'wasm-url');
});

test("older links' short names are read as the settings they named, and written back under the one name", () => {
  const old = read.readLink(new URLSearchParams('mode=grids&n=300&mo=4&ml=6&cell=12.5&seed=3'));
  assert.deepEqual(old.problems, []);
  assert.deepEqual([old.mode, old.given.count, old.given.maxObjects, old.given.maxLevels, old.given.cellSize, old.given.seed], ['grids', 300, 4, 6, 12.5, 3]);
  const now = read.readLink(new URLSearchParams('mode=grids&count=300&max-objects=4&max-levels=6&cell-size=12.5&seed=3'));
  assert.deepEqual(now.given, old.given, 'the one names read the same scene');
  assert.equal(read.writeParams(old.given, 'grids').toString(), 'count=300&seed=3&max-objects=4&max-levels=6&cell-size=12.5');
  assert.equal(read.readLink(new URLSearchParams('count=300')).values.count, 300, '#count=300, as the attribute is named, is a link to 300 objects');
});

test('an embed takes every example as an attribute and as getState() gives it back to setState', () => {
  for (const spec of table.SETTINGS) {
    if (spec.name === 'mode') continue;
    const mode = modeOf(spec);
    const attr = read.readSettings({ [spec.name]: spec.example }, mode, 'attribute');
    assert.deepEqual(attr.problems, [], `attribute ${table.attributeOf(spec.name)}="${spec.example}"`);
    const value = attr.given[spec.name];
    assert.notEqual(value, undefined);
    const option = read.optionsOf(attr.given)[spec.name];
    const fromScript = read.readSettings({ [spec.name]: option }, mode, 'option');
    assert.deepEqual(fromScript.problems, [], `option ${spec.name}: ${JSON.stringify(option)}`);
    assert.deepEqual(fromScript.given[spec.name], value, `getState()'s ${spec.name} given back to setState reads the same`);
  }
});

test('defaults per mode fill what was not given', () => {
  const q = read.readSettings(new URLSearchParams(), 'quadtree', 'link').values;
  assert.equal(q.count, 800);
  assert.equal(q.seed, 1);
  assert.equal(q.structure, 'quadtree');
  assert.equal(q.paused, false);
  assert.equal(q.tree, true);
  assert.equal(q.cellSize, undefined, 'the cell size is the mode\'s to pick');
  const h = read.readSettings(new URLSearchParams(), 'hierarchy', 'link').values;
  assert.deepEqual([h.count, h.seed], [36, 3]);
  assert.equal(read.readSettings(new URLSearchParams(), 'grids', 'link').values.structure, 'loose-grid');
  assert.equal(read.readSettings(new URLSearchParams(), 'rays', 'link').values.structure, 'loose-grid');
  const t = read.readSettings(new URLSearchParams(), 'tiles', 'link').values;
  assert.deepEqual([t.preset, t.shape], ['n-level', 'slope45-br']);
});

test('a link clamps an out-of-range number and says so; an embed refuses it and keeps the default', () => {
  const link = read.readSettings(new URLSearchParams('n=1e9&speed=-3&view=500_1.5_0.5'), 'quadtree', 'link');
  assert.equal(link.given.count, 200_000);
  assert.equal(link.given.speed, 0);
  assert.deepEqual(link.given.view, [60, 1, 0.5]);
  assert.deepEqual(link.problems.map((p) => p.name), ['n', 'speed', 'view']);
  assert.match(link.problems[0].message, /^n clamped to 200,000/);
  const embed = read.readSettings({ count: '1e9' }, 'quadtree', 'attribute');
  assert.equal(embed.given.count, undefined);
  assert.equal(embed.values.count, 800);
  assert.match(embed.problems[0].message, /^count: "1e9" is out of range; allowed: a whole number, 1 to 200,000\. Using the default \(800/);
  const script = read.readSettings({ maxObjects: '4' }, 'quadtree', 'option');
  assert.match(script.problems[0].message, /^maxObjects: "4" is not a number/, 'script values are checked as values, not texts');
  const attr = read.readSettings({ maxObjects: '4' }, 'quadtree', 'attribute');
  assert.equal(attr.given.maxObjects, 4);
  assert.equal(read.readSettings({ maxObjects: 'x' }, 'quadtree', 'attribute').problems[0].name, 'max-objects', 'an attribute problem names the attribute');
});

test('unknown settings, settings of another mode and the mode itself', () => {
  const got = read.readSettings(new URLSearchParams('zoom=3&preset=slopes&mode=tiles'), 'quadtree', 'link');
  assert.deepEqual(got.problems.map((p) => p.message), ['zoom is not a setting of the playground; ignored.', 'preset does not apply to the quadtree mode (only to tiles); ignored.']);
  const problems = [];
  assert.equal(read.readMode('tiles', problems), 'tiles');
  assert.equal(read.readMode('quadtre', problems), 'quadtree');
  assert.equal(read.readMode(undefined, problems), 'quadtree');
  assert.deepEqual(problems.map((p) => p.name), ['mode']);
  const link = read.readLink(new URLSearchParams('mode=rays&ray=1_2_3_4&n=5'));
  assert.equal(link.mode, 'rays');
  assert.deepEqual(link.values.ray, [1, 2, 3, 4]);
  assert.deepEqual(link.problems.map((p) => p.name), ['n']);
});

test('a link leaves defaults unsaid and writes flags bare, lists as text, numbers rounded', () => {
  const defaults = read.readSettings(new URLSearchParams(), 'quadtree', 'link').values;
  assert.equal(read.writeParams(defaults, 'quadtree').toString(), '', 'a scene of defaults writes nothing');
  const params = read.writeParams(
    { ...defaults, count: 300, paused: true, tree: false, boxes: [1, 2, 3, 4, 0, 0, 1.5, 2, 3, 4, 1, 2], camera: [1.23456, 2, 3, 4], view: [1.4522928034103537, 0.123456789012345, 0.5] },
    'quadtree',
  );
  assert.equal(params.toString(), 'count=300&paused=&tree=0&boxes=1%2C2%2C3%2C4%3B1.5%2C2%2C3%2C4%2C1%2C2&camera=1.23_2_3_4&view=1.4522928_0.123456789_0.5');
  assert.deepEqual(read.writeParams({ ray: [1, 2, 3, 4], count: 5 }, 'rays').toString(), 'ray=1_2_3_4', 'settings of other modes are left out');
  assert.deepEqual(read.optionsOf({ boxes: [1, 2, 3, 4, 0, 0], links: [2, 1], count: 3 }), { boxes: '1,2,3,4', links: '2:1', count: 3 });
});

test("a mode's scene settings: its own link settings, each present (undefined when unset), no view, no embed-only look, no other mode's", () => {
  const values = { ...read.readSettings(new URLSearchParams('cell-size=20&view=2_0.5_0.5'), 'quadtree', 'link').values, theme: 'dark', panels: ['stats'], ray: [1, 2, 3, 4] };
  const scene = read.sceneSettings(values, 'quadtree');
  assert.equal(scene.cellSize, 20);
  assert.ok('boxes' in scene && scene.boxes === undefined, 'an unset scene setting is there, undefined, so it clears one given earlier');
  for (const name of ['view', 'theme', 'panels', 'ray', 'links', 'mode']) assert.ok(!(name in scene), `${name} is not part of the quadtree's scene`);
  assert.deepEqual(Object.keys(read.sceneSettings(values, 'hierarchy')).includes('links'), true);
});

test("every lesson is its mode's settings: read, its values the scene's defaults, a link naming it says only its name, a setting beside it wins", async () => {
  const [lessons] = await load('/www/settings/lessons.ts');
  assert.ok(lessons.LESSONS.length >= 10);
  const seen = new Set();
  for (const lesson of lessons.LESSONS) {
    assert.ok(!seen.has(lesson.name), `${lesson.name} names one lesson`);
    seen.add(lesson.name);
    const link = read.readLink(new URLSearchParams({ mode: lesson.mode, lesson: lesson.name }));
    assert.deepEqual(link.problems, [], lesson.name);
    for (const [attribute, text] of Object.entries(lesson.settings)) {
      const spec = table.settingBy('attribute', attribute);
      assert.ok(spec !== undefined && table.appliesTo(spec, lesson.mode), `${lesson.name}: ${attribute} is a setting of ${lesson.mode}`);
      assert.equal(spec.kind.format(link.values[spec.name]), spec.kind.format(spec.kind.parse(text, lesson.mode, 'default').value), `${lesson.name}: ${attribute}`);
    }
    assert.equal(read.writeParams(link.values, lesson.mode).toString(), `lesson=${lesson.name}`, `${lesson.name}: a link says only the lesson`);
  }
  const mine = read.readLink(new URLSearchParams('mode=quadtree&lesson=quadtree-build&max-objects=2&step=3'));
  assert.deepEqual([mine.values.maxObjects, mine.values.maxLevels, mine.values.step], [2, 5, 3]);
  assert.deepEqual([...read.writeParams(mine.values, 'quadtree').keys()].sort(), ['lesson', 'max-objects', 'step']);
  const other = read.readLink(new URLSearchParams('mode=grids&lesson=threshold-1'));
  assert.deepEqual(other.problems.map((p) => p.name), ['lesson'], 'a lesson of another mode is refused');
});

test('the view is written to 9 significant digits: a reload is within a ten-thousandth of a pixel at the largest zoom', () => {
  const spec = table.settingBy('name', 'view');
  const worldPx = 60 * 4000; // largest zoom × a wide canvas of device pixels per world
  let r = 1;
  for (let i = 0; i < 1000; i++) {
    r = (r * 16807) % 2147483647;
    const view = [0.5 + (r % 5950) / 100, (r % 100003) / 100003, (r % 99991) / 99991];
    const back = spec.kind.parse(spec.kind.format(view), 'quadtree', 'clamp').value;
    assert.ok(Math.abs(back[1] - view[1]) * worldPx < 1e-3 && Math.abs(back[2] - view[2]) * worldPx < 1e-3, `view ${view} read back as ${back}`);
    assert.ok(Math.abs(back[0] / view[0] - 1) < 1e-8);
  }
});

test('values longer than any setting takes are refused before they are read', () => {
  const got = read.readSettings({ tiles: '.'.repeat(4_000_001) }, 'tiles', 'attribute');
  assert.equal(got.given.tiles, undefined);
  assert.match(got.problems[0].message, /more than 4,000,000/);
});

test('no setting is read outside www/settings/: no params.get or params.has elsewhere', () => {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ts$/.test(name) && !relative(root, path).startsWith(join('www', 'settings'))) {
        readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
          if (/params\.(get|has)\b/.test(line)) found.push(`${relative(root, path)}:${i + 1}: ${line.trim()}`);
        });
      }
    }
  };
  walk(join(root, 'www'));
  assert.deepEqual(found, []);
});

test('fuzz: any link reads without throwing, and what it keeps writes back and reads the same', () => {
  const seed = Number(process.env.FUZZ_SEED ?? 0x5e77);
  let s = seed;
  const r = () => ((s = (s * 48271) % 2147483647) / 2147483647);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const params = table.SETTINGS.filter((spec) => spec.inLink).flatMap((spec) => [table.attributeOf(spec.name), ...(spec.aliases ?? [])]);
  const pieces = ['', '0', '-1', '1e9', 'NaN', 'Infinity', '3.5', '_', ',', ';', ':', '~', '1,2,3,4', '5:1', '1_2', 'quadtree', 'grid', 'slopes', 'full', '..##', '\n', 'door 0 0 left open', ' ', '%', '2_0.5_0.5'];
  let kept = 0;
  for (let i = 0; i < 2000; i++) {
    const raw = new URLSearchParams({ mode: pick(['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play', 'x']) });
    const n = Math.floor(r() * 6);
    for (let k = 0; k < n; k++) {
      const param = r() < 0.9 ? pick(params) : 'zz';
      const spec = table.settingBy('link', param);
      // Half the time a good value with a random change, else random pieces.
      let value = r() < 0.5 && spec !== undefined ? spec.example : '';
      const parts = Math.floor(r() * (value === '' ? 6 : 2));
      for (let j = 0; j < parts; j++) value = r() < 0.5 ? value + pick(pieces) : pick(pieces) + value;
      raw.append(param, value);
    }
    const where = `seed ${seed}, case ${i}: ${raw}`;
    let read1;
    assert.doesNotThrow(() => {
      read1 = read.readLink(raw);
    }, where);
    const written = read.writeParams(read1.given, read1.mode);
    written.set('mode', read1.mode);
    const read2 = read.readLink(written);
    if (Object.keys(read1.given).length > 0) kept += 1;
    assert.deepEqual(read2.problems, [], `${where}: what a link keeps reads back without problems (${written})`);
    for (const [key, value] of Object.entries(read1.given)) {
      const spec = table.settingBy('name', key);
      const taught = key !== 'lesson' ? read.lessonValues(read1.mode, read1.given.lesson)[key] : undefined;
      const isDefault =
        taught !== undefined ? spec.kind.format(value) === spec.kind.format(taught) : spec.kind.unsaid !== undefined ? value === spec.kind.unsaid : spec.fallback !== undefined && value === spec.fallback(read1.mode);
      if (!isDefault) assert.deepEqual(read2.given[key], value, `${where}: ${key} reads back the same`);
    }
  }
  assert.ok(kept > 500, `expected many links to keep something, ${kept} did`);
});
