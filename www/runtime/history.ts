// Undo and redo for a mode's edits, as whole snapshots of what the user can
// change (a tile map as ASCII, a few boxes): small next to the world, and
// restoring a snapshot cannot drift the way replaying inverse operations
// can. A gesture (a paint stroke, a box drag) is one step: the mode opens
// it before the first change and closes it when the pointer lifts.

/** Most steps kept; the oldest fall off. */
export const HISTORY_LIMIT = 200;

export class History<S> {
  private readonly past: S[] = [];
  private readonly future: S[] = [];
  /** The state before the open gesture, until its first change records it. */
  private open: { before: S; recorded: boolean } | null = null;
  /** Bumps whenever what undo or redo would do changes (for buttons). */
  version = 0;

  constructor(private readonly limit = HISTORY_LIMIT) {}

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /**
   * Opens a gesture: every change until `end()` is one step. The snapshot
   * is taken now (before anything changes) but recorded only if the
   * gesture changes something, so a click that moves nothing is no step.
   */
  begin(snapshot: S): void {
    this.open = { before: snapshot, recorded: false };
  }

  end(): void {
    this.open = null;
  }

  /** The state undo would go back to (not taken), or undefined. */
  peekUndo(): S | undefined {
    return this.past[this.past.length - 1];
  }

  /** The state redo would go to (not taken), or undefined. */
  peekRedo(): S | undefined {
    return this.future[this.future.length - 1];
  }

  /** Whether a gesture is open. */
  get inGesture(): boolean {
    return this.open !== null;
  }

  /**
   * Call after a change succeeded, with the state from before it (a
   * function, so inside a gesture no snapshot is taken per change).
   */
  changed(before: () => S): void {
    const open = this.open;
    if (open !== null) {
      if (open.recorded) return;
      open.recorded = true;
      this.push(open.before);
      return;
    }
    this.push(before());
  }

  /** The state to go back to (the current one is kept for redo), or null. */
  undo(current: S): S | null {
    const previous = this.past.pop();
    if (previous === undefined) return null;
    this.future.push(current);
    this.open = null;
    this.version += 1;
    return previous;
  }

  redo(current: S): S | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(current);
    this.open = null;
    this.version += 1;
    return next;
  }

  clear(): void {
    this.past.length = 0;
    this.future.length = 0;
    this.open = null;
    this.version += 1;
  }

  private push(state: S): void {
    this.past.push(state);
    if (this.past.length > this.limit) this.past.shift();
    this.future.length = 0;
    this.version += 1;
  }
}

/**
 * Ctrl/Cmd+Z → 'undo'; Shift+Ctrl/Cmd+Z or Ctrl+Y → 'redo'; anything else
 * (including typing in a field, whose own undo comes first) → null.
 */
export function historyKey(e: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.defaultPrevented) return null;
  const t = e.target;
  if (t instanceof HTMLInputElement && t.type !== 'range' && t.type !== 'checkbox') return null;
  if (t instanceof HTMLTextAreaElement || (t instanceof HTMLElement && t.isContentEditable)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}
