// Browser test of the hierarchy mode: attach boxes by Shift-drag and by the
// "attach selected to…" button, the queue shown is order(), a parent's move
// carries its child, a cycle is refused with a notice and changes nothing,
// and a queue repair can be stepped through to the core's result.
// Serves $BROADPHASE_DIST (default dist/); see support.mjs.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, screenshots, toScreen, waitUntil } from './support.mjs';

let browser;
let page;

before(async () => {
  browser = await launch();
  page = browser.page;
  await page.goto(`${browser.baseUrl}?mode=hierarchy&paused`);
  await waitUntil(page, 'the hierarchy mode to draw frames', () => (window.__broadphase?.mode === 'hierarchy' ? window.__broadphase.frame : -1), (f) => f > 2, 20_000);
});

after(async () => {
  await browser?.close();
});

/** Everything the tests compare: queue, parents, the queue as shown. */
async function snapshot() {
  return page.evaluate(() => {
    const bp = window.__broadphase;
    const w = bp.world;
    const order = Array.from(w.order());
    return { order, parents: Object.fromEntries(order.map((id) => [id, w.parentOf(id)])), shown: bp.hierarchy.shownQueue() };
  });
}

/**
 * Root boxes without children, overlapping nothing, away from the walls,
 * big enough to grab, in queue order.
 */
async function loneRoots({ alone = true } = {}) {
  return page.evaluate((alone) => {
    const w = window.__broadphase.world;
    const order = Array.from(w.order());
    const parents = new Map(order.map((id) => [id, w.parentOf(id)]));
    const hasChild = new Set([...parents.values()]);
    const boxes = order.map((id) => ({ id, b: Array.from(w.box(id)) }));
    const touches = (a, b) => a[0] < b[0] + b[2] + 4 && b[0] < a[0] + a[2] + 4 && a[1] < b[1] + b[3] + 4 && b[1] < a[1] + a[3] + 4;
    const margin = 0.1 * w.width;
    return boxes
      .filter(({ id, b }) => parents.get(id) === 0 && !hasChild.has(id))
      .filter(({ b }) => b[2] >= 6 && b[3] >= 6 && b[0] > margin && b[1] > margin && b[0] + b[2] < w.width - margin && b[1] + b[3] < w.height - margin)
      .filter(({ id, b }) => !alone || boxes.every((o) => o.id === id || !touches(b, o.b)))
      .map(({ id, b }) => ({ id, x: b[0], y: b[1], w: b[2], h: b[3], pos: order.indexOf(id) }));
  }, alone);
}

/** A world point inside box `id` and inside no other box, so a press there grabs `id`. */
async function freePoint(id) {
  const point = await page.evaluate((id) => {
    const w = window.__broadphase.world;
    const [x, y, bw, bh] = w.box(id);
    const others = Array.from(w.order()).filter((o) => o !== id).map((o) => Array.from(w.box(o)));
    for (let j = 1; j < 10; j++) {
      for (let i = 1; i < 10; i++) {
        const px = x + (bw * i) / 10;
        const py = y + (bh * j) / 10;
        if (others.every(([ox, oy, ow, oh]) => px < ox - 1 || px > ox + ow + 1 || py < oy - 1 || py > oy + oh + 1)) return { x: px, y: py };
      }
    }
    return null;
  }, id);
  assert.ok(point, `expected part of box #${id} to be free of other boxes, so it can be grabbed`);
  return point;
}

async function boxOf(id) {
  const [x, y, w, h] = await page.evaluate((id) => Array.from(window.__broadphase.world.box(id)), id);
  return { id, x, y, w, h };
}

/** Drags from box `a`'s centre (or world point `grab`) to world point (tx, ty), Shift held when `shift`. */
async function dragTo(a, tx, ty, { shift = false, grab = null } = {}) {
  const from = grab ? await toScreen(page, grab.x, grab.y) : await toScreen(page, a.x + a.w / 2, a.y + a.h / 2);
  const to = await toScreen(page, tx, ty);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  if (shift) await page.keyboard.up('Shift');
}

function assertQueueShown(s, when) {
  assert.deepEqual(s.shown, s.order, `expected the queue panel to show order() ${when}, found ${JSON.stringify(s.shown)} vs ${JSON.stringify(s.order)}`);
  for (const id of s.order) {
    const p = s.parents[id];
    if (p !== 0) assert.ok(s.order.indexOf(p) < s.order.indexOf(id), `expected parent #${p} before child #${id} in the queue ${when}`);
  }
}

async function treeChildren(id) {
  return page.locator(`#tree li[data-node="${id}"] > ul > li`).evaluateAll((lis) => lis.map((li) => Number(li.dataset.node)));
}

let parentId = 0;
let childId = 0;

test('Shift-dragging a box onto one earlier in the queue attaches it; tree and queue follow', async () => {
  const roots = await loneRoots();
  assert.ok(roots.length >= 4, `expected at least 4 lone root boxes to work with, found ${roots.length}`);
  // Parent earlier in the queue than the child: no repair needed. A big
  // parent and a small child, dropped on the parent's corner, leave most
  // of the parent free to grab later.
  const half = Math.ceil(roots.length / 2);
  const area = (r) => r.w * r.h;
  const parent = roots.slice(0, half).reduce((a, b) => (area(b) > area(a) ? b : a));
  const child = roots.slice(half).reduce((a, b) => (area(b) < area(a) ? b : a));
  const before = await snapshot();
  await dragTo(child, parent.x + parent.w - 1, parent.y + parent.h - 1, { shift: true });
  const s = await waitUntil(page, `#${child.id} to be attached to #${parent.id}`, (id) => window.__broadphase.world.parentOf(id), (p) => p !== 0, 5_000, child.id);
  assert.equal(s, parent.id, `expected parentOf(#${child.id}) = #${parent.id} after the Shift-drop, found #${s}`);
  const after = await waitUntil(page, 'the queue panel to follow', () => null, () => true).then(snapshot);
  assertQueueShown(after, 'after the attach');
  assert.deepEqual(after.order, before.order, 'expected no queue change when the parent already comes first');
  assert.deepEqual(await treeChildren(parent.id), [child.id], `expected the tree to list #${child.id} under #${parent.id}`);
  const v = await page.evaluate((id) => Array.from(window.__broadphase.world.velocity(id)), child.id);
  assert.deepEqual(v, [0, 0], 'expected an attaching drop to leave the box at rest, not thrown');
  parentId = parent.id;
  childId = child.id;
});

test('dragging the parent carries the child by the same delta', async () => {
  const p0 = await boxOf(parentId);
  const c0 = await boxOf(childId);
  // Grab the parent where the child does not cover it.
  const grab = await freePoint(parentId);
  await dragTo(p0, grab.x + 30, grab.y + 18, { grab });
  const p1 = await boxOf(parentId);
  const c1 = await boxOf(childId);
  const [dx, dy] = [p1.x - p0.x, p1.y - p0.y];
  assert.ok(Math.hypot(dx, dy) > 10, `expected the drag to move parent #${parentId}, it moved (${dx.toFixed(2)}, ${dy.toFixed(2)})`);
  assert.ok(
    Math.abs(c1.x - c0.x - dx) < 1e-6 && Math.abs(c1.y - c0.y - dy) < 1e-6,
    `expected child #${childId} to move by the parent's (${dx.toFixed(3)}, ${dy.toFixed(3)}), it moved (${(c1.x - c0.x).toFixed(3)}, ${(c1.y - c0.y).toFixed(3)})`,
  );
});

test('a box drag is one undo step: Ctrl+Z puts the parent (and its child) back where they were, redo moves them again', async () => {
  const p0 = await boxOf(parentId);
  const c0 = await boxOf(childId);
  const links0 = (await snapshot()).parents;
  const grab = await freePoint(parentId);
  await dragTo(p0, grab.x - 24, grab.y + 21, { grab });
  const p1 = await boxOf(parentId);
  const c1 = await boxOf(childId);
  assert.ok(Math.hypot(p1.x - p0.x, p1.y - p0.y) > 10, 'expected the drag to move the parent');
  await page.keyboard.press('Control+z');
  const p2 = await boxOf(parentId);
  const c2 = await boxOf(childId);
  assert.deepEqual([p2.x, p2.y], [p0.x, p0.y], `expected Ctrl+Z to put parent #${parentId} back at (${p0.x}, ${p0.y}), it is at (${p2.x}, ${p2.y})`);
  assert.ok(Math.abs(c2.x - c0.x) < 1e-9 && Math.abs(c2.y - c0.y) < 1e-9, `expected child #${childId} to follow its parent back to (${c0.x}, ${c0.y}), it is at (${c2.x}, ${c2.y})`);
  assert.deepEqual((await snapshot()).parents, links0, 'expected the links unchanged by undoing a plain drag');
  await page.keyboard.press('Control+Shift+z');
  const p3 = await boxOf(parentId);
  const c3 = await boxOf(childId);
  assert.deepEqual([p3.x, p3.y], [p1.x, p1.y], 'expected redo to move the parent where the drag left it');
  assert.ok(Math.abs(c3.x - c1.x) < 1e-9 && Math.abs(c3.y - c1.y) < 1e-9, 'expected redo to carry the child along');
  // A click (no drag) is no step: Ctrl+Z after it undoes the drag again.
  const at = await toScreen(page, grab.x - 24, grab.y + 21);
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press('Control+z');
  const p4 = await boxOf(parentId);
  assert.deepEqual([p4.x, p4.y], [p0.x, p0.y], 'expected a click to add no undo step');
});

test('attaching a parent to its own child is refused: a notice, and nothing changes', async () => {
  // A dragged parent carries its child along, so the cycle is tried with the
  // button: select the parent, "attach selected to…", click the child.
  const before = await snapshot();
  const grab = await toScreen(page, ...Object.values(await freePoint(parentId)));
  await page.mouse.click(grab.x, grab.y);
  await waitUntil(page, `#${parentId} to be selected`, () => window.__broadphase.playground.interaction.selectedId, (id) => id === parentId, 3_000, parentId);
  await page.click('#attach-pick');
  const onChild = await toScreen(page, ...Object.values(await freePoint(childId)));
  await page.mouse.click(onChild.x, onChild.y);
  const notice = await waitUntil(
    page,
    'the refusal notice',
    () => {
      const n = document.getElementById('notice');
      return n && { hidden: n.hidden, text: n.textContent };
    },
    (n) => n && !n.hidden && /cycle/.test(n.text),
    5_000,
  );
  assert.match(notice.text, /^Refused: .*cycle/, `expected the notice to give the core's cycle error, found "${notice.text}"`);
  const after = await snapshot();
  assert.deepEqual(after.order, before.order, 'expected the refused setParent to leave the queue as it was');
  assert.deepEqual(after.parents, before.parents, 'expected the refused setParent to leave every parent as it was');
  assertQueueShown(after, 'after the refusal');
  assert.deepEqual(browser.problems, [], `expected no console or page errors, found ${browser.problems.join('; ')}`);
});

test('attaching under a box later in the queue repairs P..Q; the runtime’s stepper walks it to the core’s result', async () => {
  const roots = (await loneRoots()).filter((r) => r.id !== parentId && r.id !== childId);
  assert.ok(roots.length >= 2, 'expected two more lone roots');
  // Child early, parent late: the segment between them is repaired.
  const [child, parent] = [roots[0], roots[roots.length - 1]];
  await dragTo(child, parent.x + parent.w / 2, parent.y + parent.h / 2, { shift: true });
  const trace = await waitUntil(page, 'a traced repair', () => window.__broadphase.hierarchy.repair, (r) => r !== null && r.child !== undefined, 5_000);
  assert.equal(trace.child, child.id);
  assert.equal(trace.parent, parent.id);
  const s = await snapshot();
  assertQueueShown(s, 'after the repair');
  assert.equal(trace.p, child.pos, `expected P = the child's old position ${child.pos}, found ${trace.p}`);
  assert.equal(trace.q, parent.pos, `expected Q = the parent's old position ${parent.pos}, found ${trace.q}`);
  assert.deepEqual(s.order.slice(trace.p, trace.q + 1), trace.after, 'expected order()[P..Q] to be the repair’s result');
  assert.ok(s.order.indexOf(parent.id) < s.order.indexOf(child.id), 'expected the new parent before its child after the repair');

  const total = Number(await page.locator('#repair').getAttribute('data-total'));
  assert.equal(total, trace.before.length, `expected one step for T's creation, one per middle entry and the final append (${trace.before.length}), found ${total}`);
  const intro = await page.locator('#repair-intro').textContent();
  assert.match(intro, new RegExp(`P = ${trace.p}.*Q = ${trace.q}`), `expected the intro to name P and Q, found "${intro}"`);
  const chipIds = (sel) => page.locator(`${sel} [data-id]`).evaluateAll((els) => els.map((e) => Number(e.dataset.id)));
  assert.deepEqual(await chipIds('#repair-temp'), [parent.id, child.id], 'expected T to start as [Q, P]');
  assert.deepEqual(await chipIds('#repair-segment'), trace.before, 'expected the segment row to show P..Q before the repair');
  assert.equal(await page.locator('#repair-segment .is-p').getAttribute('data-id'), String(child.id), 'expected P on the child');
  assert.equal(await page.locator('#repair-segment .is-q').getAttribute('data-id'), String(parent.id), 'expected Q on the new parent');
  const captions = [await page.locator('#stepper-says').textContent()];
  for (let step = 1; step < total; step++) {
    await page.click('#stepper-step');
    await waitUntil(page, `step ${step + 1}`, () => document.getElementById('repair')?.dataset.step, (v) => v === String(step));
    captions.push(await page.locator('#stepper-says').textContent());
    if (step < total - 1) {
      const id = trace.before[step];
      const cursor = await page.locator('#repair-segment .cursor').getAttribute('data-id');
      assert.equal(cursor, String(id), `expected step ${step + 1} to point at #${id}`);
      const went = trace.toTemp[step] ? 'joins the end of T' : 'pushed forward';
      assert.ok(captions[step].includes(went), `expected step ${step + 1} to say #${id} ${went}, found "${captions[step]}"`);
      const inTemp = (await chipIds('#repair-temp')).includes(id);
      const inForward = (await chipIds('#repair-forward')).includes(id);
      assert.ok(trace.toTemp[step] ? inTemp && !inForward : inForward && !inTemp, `expected #${id} in ${trace.toTemp[step] ? 'T' : 'forward'} after its step`);
    }
  }
  assert.ok(await page.locator('#stepper-step').isDisabled(), 'expected Step to be disabled on the last step');
  assert.match(await page.locator('#stepper-next').textContent(), /^Next: the end: order\(\)\[P\.\.Q\] is /, 'expected the Next: line to end the walk');
  assert.deepEqual(await chipIds('#repair-result'), trace.after, 'expected the last step to show the core’s repaired segment');
  assert.deepEqual(await chipIds('#repair-temp'), trace.temp, 'expected T at the end to be the core’s temporary queue');
  assert.match(captions[total - 1], /^Done/, `expected the last caption to conclude, found "${captions[total - 1]}"`);
  assert.doesNotMatch(captions[total - 1], /differs/, 'expected the walk to reproduce the core’s result');
});

test('“attach selected to…” then a click attaches (no Shift needed); Shift-drop on empty space detaches', async () => {
  const roots = await loneRoots({ alone: false });
  assert.ok(roots.length >= 2, 'expected two roots without children');
  const [a, b] = roots;
  const pa = await freePoint(a.id);
  const ca = await toScreen(page, pa.x, pa.y);
  await page.mouse.click(ca.x, ca.y);
  await waitUntil(page, `#${a.id} to be selected`, () => window.__broadphase.playground.interaction.selectedId, (id) => id === a.id, 3_000);
  await page.click('#attach-pick');
  assert.match(await page.locator('#last-action').textContent(), new RegExp(`attach #${a.id} to`));
  const pb = await freePoint(b.id);
  const cb = await toScreen(page, pb.x, pb.y);
  await page.mouse.click(cb.x, cb.y);
  const p = await waitUntil(page, `#${a.id} attached to #${b.id}`, (id) => window.__broadphase.world.parentOf(id), (p) => p !== 0, 5_000, a.id);
  assert.equal(p, b.id);
  const moved = await boxOf(a.id);
  assert.ok(Math.abs(moved.x - a.x) < 1e-9 && Math.abs(moved.y - a.y) < 1e-9, 'expected the picked target click not to move the selection');
  assertQueueShown(await snapshot(), 'after the button attach');
  // Detach: Shift-drop on empty space.
  const empty = await page.evaluate(() => {
    const w = window.__broadphase.world;
    for (let y = 0.15; y < 0.9; y += 0.05) {
      for (let x = 0.15; x < 0.9; x += 0.05) {
        const q = w.query(x * w.width - 8, y * w.height - 8, 16, 16);
        if (q.length === 0) return { x: x * w.width, y: y * w.height };
      }
    }
    return null;
  });
  assert.ok(empty, 'expected some empty space to drop on');
  await dragTo(moved, empty.x, empty.y, { shift: true, grab: await freePoint(a.id) });
  const detached = await waitUntil(page, `#${a.id} detached`, (id) => window.__broadphase.world.parentOf(id), (p) => p === 0, 5_000, a.id);
  assert.equal(detached, 0);
});

test('screenshot: attached objects, the tree and the queue', async () => {
  // Select the root with the biggest subtree, so the highlight shows a family.
  await page.evaluate(() => {
    const h = window.__broadphase.hierarchy;
    const { queue, parents } = h.forest;
    const size = (id) => 1 + queue.filter((c) => parents[c] === id).reduce((n, c) => n + size(c), 0);
    const root = queue.filter((id) => parents[id] === 0).reduce((a, b) => (size(b) > size(a) ? b : a));
    h.select(root);
    // The cycle test's notice would still be showing: this picture is about the tree.
    document.getElementById('notice').hidden = true;
  });
  await page.waitForTimeout(300);
  const s = await snapshot();
  assertQueueShown(s, 'before the screenshot');
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'hierarchy.png') });
  assert.deepEqual(browser.problems, [], `expected no console or page errors, found ${browser.problems.join('; ')}`);
});
