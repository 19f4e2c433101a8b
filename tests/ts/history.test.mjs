// Undo and redo (www/runtime/history.ts) in Node: gestures are one step,
// a gesture that changes nothing is no step, a new change drops the redo
// branch, the oldest steps fall off at the limit, and the keys.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from './support.mjs';

let History;
let historyKey;

before(async () => {
  // historyKey asks what the key's target is; Node has no DOM classes.
  globalThis.HTMLInputElement ??= class {};
  globalThis.HTMLTextAreaElement ??= class {};
  globalThis.HTMLElement ??= class {};
  [{ History, historyKey }] = await load('/www/runtime/history.ts');
});

/** A counter under undo: each change records the value before it. */
function counter(limit) {
  const h = new History(limit);
  let value = 0;
  return {
    h,
    get value() {
      return value;
    },
    set(next) {
      const before = value;
      value = next;
      h.changed(() => before);
    },
    undo() {
      const s = h.undo(value);
      if (s !== null) value = s;
      return s !== null;
    },
    redo() {
      const s = h.redo(value);
      if (s !== null) value = s;
      return s !== null;
    },
  };
}

test('single changes undo and redo one by one', () => {
  const c = counter();
  c.set(1);
  c.set(2);
  assert.equal(c.h.canUndo, true);
  assert.equal(c.undo(), true);
  assert.equal(c.value, 1);
  assert.equal(c.undo(), true);
  assert.equal(c.value, 0);
  assert.equal(c.undo(), false);
  assert.equal(c.redo(), true);
  assert.equal(c.value, 1);
  c.set(5);
  assert.equal(c.h.canRedo, false, 'a new change drops the redo branch');
});

test('a gesture is one step, and a gesture that changes nothing is none', () => {
  const c = counter();
  c.h.begin(c.value);
  for (let i = 1; i <= 10; i++) c.set(i);
  c.h.end();
  assert.equal(c.undo(), true);
  assert.equal(c.value, 0, 'the whole drag undone at once');
  const version = c.h.version;
  c.h.begin(c.value);
  c.h.end();
  assert.equal(c.h.version, version);
  assert.equal(c.h.canUndo, false);
});

test('the oldest steps fall off at the limit', () => {
  const c = counter(3);
  for (let i = 1; i <= 10; i++) c.set(i);
  let undone = 0;
  while (c.undo()) undone += 1;
  assert.equal(undone, 3);
  assert.equal(c.value, 7);
});

test('Ctrl/Cmd+Z undoes, Shift or Ctrl+Y redoes; typing in a field is left alone', () => {
  const key = (k, mods = {}) => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, defaultPrevented: false, target: null, ...mods });
  assert.equal(historyKey(key('z', { ctrlKey: true })), 'undo');
  assert.equal(historyKey(key('Z', { metaKey: true, shiftKey: true })), 'redo');
  assert.equal(historyKey(key('y', { ctrlKey: true })), 'redo');
  assert.equal(historyKey(key('z')), null);
  assert.equal(historyKey(key('z', { ctrlKey: true, altKey: true })), null);
  const field = Object.assign(new globalThis.HTMLInputElement(), { type: 'text' });
  assert.equal(historyKey(key('z', { ctrlKey: true, target: field })), null, "a text field's own undo comes first");
});
