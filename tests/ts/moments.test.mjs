// Moments a link can name, in Node with the real core: the frame loop's
// fixed ticks (whole ticks per frame whatever the frame rate, a bounded
// catch-up), the `edits` list read and written, and the box scenes'
// Timeline and Replay — a scene run tick by tick with edits at random
// ticks (drags over many ticks, throws, speed changes, parent links,
// inserts and removals, edits while paused), its edits written as a link
// carries them, then replayed on a fresh World to the same tick, must be
// the same World bit for bit: every box, velocity, parent and pair. Each
// case prints its seed when it fails.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { initCore, load } from './support.mjs';

let core;
let timelineModule;
let replayModule;
let editLog;
let frameLoop;
let share;
let read;

before(async () => {
  [core, timelineModule, replayModule, editLog, frameLoop, share, read] = await load(
    '/www/core/index.ts',
    '/www/boxes/timeline.ts',
    '/www/boxes/replay.ts',
    '/www/settings/edit-log.ts',
    '/www/runtime/frame-loop.ts',
    '/www/settings/share.ts',
    '/www/settings/read.ts',
  );
  initCore(core);
});

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('frames pay for whole ticks: one a frame at 60 Hz, one every other at 120 Hz, two at 30 Hz, and a stall owes at most four', () => {
  const { TickClock, TICK_SECONDS, MAX_TICKS_PER_FRAME } = frameLoop;
  const run = (frameMs, frames, jitter = 0) => {
    const clock = new TickClock();
    const rand = mulberry32(7);
    const ticks = [];
    for (let i = 0; i < frames; i++) ticks.push(clock.ticksFor((frameMs + (rand() - 0.5) * jitter) / 1000));
    return ticks;
  };
  assert.deepEqual(new Set(run(1000 / 60, 600, 2)), new Set([1]), 'a 60 Hz display with ±1 ms of jitter: one tick every frame');
  const at120 = run(1000 / 120, 600);
  assert.equal(at120.reduce((a, b) => a + b, 0), 300, 'at 120 Hz, half as many ticks as frames');
  assert.ok(at120.every((t) => t <= 1));
  assert.deepEqual(new Set(run(1000 / 30, 100)), new Set([2]), 'at 30 Hz, two ticks a frame');
  const clock = new TickClock();
  assert.equal(clock.ticksFor(5), MAX_TICKS_PER_FRAME, 'a five-second stall owes only the cap');
  assert.equal(clock.ticksFor(TICK_SECONDS), 1, 'and nothing of it is carried to the next frame');
  clock.restart();
  assert.equal(clock.ticksFor(0), 0);
});

test('an edit list reads and writes back exactly, and says what is wrong with a bad one', () => {
  const text = '0:speed:1;412:7:10.5,20.25,0,0;412:8:1,2,3.5,-4,5,6;415:7:12,-40;500:speed:0.5;520:5@2;521:5@0;600:insert:1,2,3,4;610:remove:9';
  const got = editLog.readEdits(text, 100);
  assert.equal(got.ok, true, got.reason);
  assert.equal(editLog.formatEdits(got.value), text);
  assert.deepEqual(got.value[2], { tick: 412, kind: 'place', id: 8, x: 1, y: 2, vx: 3.5, vy: -4, w: 5, h: 6 });
  const bad = (t, pattern) => {
    const r = editLog.readEdits(t, 100);
    assert.equal(r.ok, false, t);
    assert.match(r.reason, pattern, t);
  };
  bad('5:1:1,2,3,4;4:1:1,2,3,4', /tick 4, before the edit ahead of it \(tick 5\)/);
  bad('x:1:1,2,3,4', /does not start with a tick/);
  bad('1:1:1,2,3', /is not 2 or 4 or 6 numbers/);
  bad('1:1:1,2,3,4,0,5', /size that is not above 0/);
  bad('1:1:1,2,NaN,4', /not finite/);
  bad('1:speed:9', /speed that is not a number from 0 to 4/);
  bad('1:3@3', /attaches 3 to itself/);
  bad('1:frobnicate:3', /names "frobnicate"/);
  bad('2000000:1:1,2,3,4', /does not start with a tick/);
  // As a setting: a link cuts a list past the limit and says so; an embed refuses it.
  const many = Array.from({ length: editLog.EDITS_MAX + 5 }, (_, i) => `${i}:1:1,2,0,0`).join(';');
  const fromLink = read.readSettings(new URLSearchParams([['edits', many]]), 'quadtree', 'link');
  assert.equal(fromLink.given.edits.length, editLog.EDITS_MAX);
  assert.match(fromLink.problems[0].message, /cut to the first 20,000 of 20,005 edits/);
  const fromEmbed = read.readSettings({ edits: many }, 'quadtree', 'attribute');
  assert.equal(fromEmbed.given.edits, undefined);
  assert.match(fromEmbed.problems[0].message, /has 20,005 edits, more than 20,000/);
});

/** A World built as the box scenes build theirs, its Timeline recording from tick 0. */
function build(seed, structure, n) {
  const { Timeline, JournaledWorld } = timelineModule;
  const timeline = new Timeline(1);
  const side = core.World.sceneSide(n);
  const world = new JournaledWorld(side, side, timeline);
  timeline.recording = false;
  world.setStructure(structure);
  world.populate(n, seed, core.World.layouts()[seed % 3]);
  timeline.begin(world, 1);
  return { world, timeline };
}

/** Every live object's box, velocity and parent by id, and the pairs. */
function snapshot(world) {
  const objects = {};
  for (const id of world.order()) objects[id] = [...world.box(id), ...world.velocity(id), world.parentOf(id)];
  return { objects, pairs: Array.from(world.pairs()) };
}

/**
 * Runs a scene for `ticks` ticks with random edits between them, as a
 * reader (and the page's input) would make them, and returns it with its
 * edits as a link writes them.
 */
function runWithEdits(seed, structure, { n = 120, ticks = 400, hierarchy = false, insertions = false }) {
  const rand = mulberry32(seed);
  const { world, timeline } = build(seed, structure, n);
  const ids = () => Array.from(world.order());
  const anyId = () => {
    const live = ids();
    return live[Math.floor(rand() * live.length)];
  };
  const round = (v) => Math.round(v * 1000) / 1000;
  let dragging = 0;
  const edit = () => {
    const r = rand();
    const id = anyId();
    const [x, y, w, h] = world.box(id);
    if (r < 0.25) {
      // A drag: at rest while held, placed by the pointer (several moves before a tick).
      world.setVelocity(id, 0, 0);
      for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) world.update(id, round(x + (rand() - 0.5) * 30), round(y + (rand() - 0.5) * 30), w, h);
      dragging = rand() < 0.5 ? id : 0;
    } else if (r < 0.35) {
      world.setVelocity(id, Math.trunc((rand() - 0.5) * 200_000) / 1000, Math.trunc((rand() - 0.5) * 200_000) / 1000);
    } else if (r < 0.4) {
      world.update(id, round(x), round(y), round(w * (0.5 + rand())), round(h * (0.5 + rand())));
    } else if (r < 0.47) {
      timeline.speedChanged([0, 0.5, 1, 2, 4][Math.floor(rand() * 5)]);
    } else if (hierarchy && r < 0.6) {
      try {
        world.setParent(id, rand() < 0.3 ? 0 : anyId());
      } catch {
        // A cycle or itself: refused, nothing written.
      }
    } else if (insertions && r < 0.66) {
      world.insert(round(rand() * world.width), round(rand() * world.height), 4, 5);
    } else if (insertions && r < 0.7 && ids().length > 20) {
      world.remove(id);
    }
  };
  for (let t = 0; t < ticks; t++) {
    if (dragging !== 0 && world.order().includes(dragging)) {
      // The held box follows the pointer on this tick too.
      const [x, y, w, h] = world.box(dragging);
      world.update(dragging, round(x + 1.5), round(y - 0.75), w, h);
      if (rand() < 0.15) {
        world.setVelocity(dragging, 40.125, -12.5);
        dragging = 0;
      }
    }
    if (rand() < 0.12) for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) edit();
    timeline.beforeTick();
    world.step(frameLoop.TICK_SECONDS * timeline.speed);
    timeline.afterTick();
    if (rand() < 0.5) world.pairs();
  }
  // Paused at the end: more edits at the last tick.
  for (let k = 0; k < 3; k++) edit();
  return { world, timeline, text: editLog.formatEdits(timeline.edits()), speed: timeline.speed };
}

/** A fresh World of the same scene, replayed to `tick` through the edits as a link reads them. */
function replayed(seed, structure, n, text, tick, speed) {
  const { world, timeline } = build(seed, structure, n);
  const read = editLog.readEdits(text, editLog.EDITS_MAX);
  assert.equal(read.ok, true, read.reason);
  const replay = new replayModule.Replay(world, timeline, read.value, tick, speed);
  let slices = 0;
  while (!replay.run(1)) slices += 1;
  assert.deepEqual(replay.problems, [], `seed ${seed}: expected every edit applied`);
  return { world, timeline, slices };
}

for (const [structure, options] of [
  ['quadtree', {}],
  ['quadtree-leaves', {}],
  ['loose-grid', { insertions: true }],
  ['grid', {}],
  ['brute-force', { hierarchy: true, n: 40 }],
  ['quadtree', { hierarchy: true, insertions: true, n: 60 }],
]) {
  const what = `${structure}${options.hierarchy ? ', with parent links' : ''}${options.insertions ? ', with inserts and removals' : ''}`;
  test(`${what}: a scene run with edits at random ticks, replayed from its link to the same tick, is the same World bit for bit`, () => {
    for (let seed = 1; seed <= 8; seed++) {
      const n = options.n ?? 120;
      const ticks = 150 + seed * 40;
      const live = runWithEdits(seed, structure, { ...options, n, ticks });
      const again = replayed(seed, structure, n, live.text, ticks, live.speed);
      assert.deepEqual(snapshot(again.world), snapshot(live.world), `seed ${seed} (${what}): the replayed World differs from the live one; edits ${live.text.slice(0, 300)}`);
      // The replayed scene goes on writing the same link.
      assert.equal(editLog.formatEdits(again.timeline.edits()), live.text, `seed ${seed}: the replayed scene's edits`);
      assert.equal(again.timeline.tick, ticks);
      live.world.free();
      again.world.free();
    }
  });
}

test('a placement replaces the box\'s earlier ones: a drag held over a hundred ticks leaves one entry', () => {
  const { world, timeline } = build(3, 'quadtree', 50);
  for (let t = 0; t < 5; t++) {
    timeline.beforeTick();
    world.step(frameLoop.TICK_SECONDS);
    timeline.afterTick();
  }
  world.setVelocity(7, 0, 0);
  for (let t = 0; t < 100; t++) {
    const [x, y, w, h] = world.box(7);
    world.update(7, x + 0.5, y, w, h);
    timeline.beforeTick();
    world.step(frameLoop.TICK_SECONDS);
    timeline.afterTick();
  }
  world.setVelocity(7, 12, -3);
  const entries = timeline.edits();
  assert.equal(entries.length, 1, editLog.formatEdits(entries));
  assert.deepEqual({ ...entries[0], x: 0, y: 0 }, { tick: 105, kind: 'place', id: 7, x: 0, y: 0, vx: 12, vy: -3 });
});

test('a link and the embed code carry the same settings: the code\'s attributes read back as the link\'s values', () => {
  const values = { count: 300, seed: 4, paused: true, tree: false, tick: 412, edits: editLog.readEdits('412:7:10.5,20.25,0,0;500:speed:0.5', 10).value, camera: [1, 2, 30, 40], view: [1.25, 0.5, 0.5] };
  const link = share.plainLink('https://example.com/play/#old', 'quadtree', values);
  assert.equal(link, 'https://example.com/play/#mode=quadtree&count=300&seed=4&paused&tree=0&tick=412&edits=412:7:10.5,20.25,0,0;500:speed:0.5&camera=1_2_30_40&view=1.25_0.5_0.5');
  const code = share.embedCode('quadtree', values);
  assert.equal(
    code,
    '<script type="module" src="broadphase-embed.js"></script>\n<broadphase-playground mode="quadtree" count="300" seed="4" paused tree="0" tick="412" edits="412:7:10.5,20.25,0,0;500:speed:0.5" camera="1_2_30_40" view="1.25_0.5_0.5"></broadphase-playground>',
  );
  const attributes = {};
  for (const [, name, value] of code.matchAll(/ ([a-z-]+)(?:="([^"]*)")?/g)) if (name !== 'type' && name !== 'src' && name !== 'mode') attributes[name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = value ?? '';
  const fromCode = read.readSettings(attributes, 'quadtree', 'attribute');
  const fromLink = read.readLink(new URLSearchParams(link.split('#')[1]));
  assert.deepEqual(fromCode.problems, []);
  assert.deepEqual(fromLink.problems, []);
  assert.deepEqual(fromCode.given, fromLink.given);
  // A tile map goes into a <template data-tiles> child, row by row, escaped.
  const tiles = share.embedCode('tiles', { tiles: '..##\n#<..' }, false);
  assert.equal(tiles, '<broadphase-playground mode="tiles">\n  <template data-tiles>\n    ..##\n    #&lt;..\n  </template>\n</broadphase-playground>');
});
