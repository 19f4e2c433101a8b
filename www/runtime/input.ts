// The one input layer every mode shares: pointer events (mouse, pen,
// touch; one captured pointer at a time), the wheel, two-finger pinch and
// pan, and keys. A mode says what is under the pointer and what its keys
// do (`PointerScene`, `KeyScene`); this file decides when the canvas may
// take an event away from the page:
// - in an embed ('cooperative' gestures) the wheel zooms only once the
//   reader engaged it (clicked or tapped into it: focus inside) or with
//   Ctrl/⌘ held; otherwise the page scrolls and a hint says how to zoom.
//   The full page ('greedy') takes every wheel;
// - one finger scrolls the page unless it is held still on something (a
//   long press), or an edit tool is in hand (the reader chose to draw:
//   then at once, engaged or not), or, once engaged (at once in the full
//   page), it lands on something big enough to aim at; two fingers always
//   pinch and pan the view;
// - a key the mode handles is consumed (preventDefault + stopPropagation),
//   others pass to the page; Tab is never taken (focus leaves the canvas
//   in one press) and Esc, when the mode has nothing to cancel, releases
//   the canvas's focus.

import { belongsToControl, panKey, viewKey } from './keys';
import { historyKey } from './history';
import type { Viewport } from './viewport';

/**
 * A finger may start a drag at once on a thing whose hit area (slop
 * included) is at least this many CSS px across: a fingertip's width.
 */
export const AIM_PX = 40;
/** A finger held still this long on a smaller thing starts its drag. */
export const LONG_PRESS_MS = 450;
/** A finger that moves more than this before the long press is scrolling, CSS px. */
const TOUCH_SLOP_PX = 10;
/** A press that moves less than this is a click, CSS px. */
export const CLICK_SLOP_PX = 4;
/** Zoom per CSS px of wheel travel: a 100 px notch zooms by about ×1.16. */
const WHEEL_ZOOM_PER_PX = 0.0015;
/** Wheel units per line and per page (`deltaMode` 1 and 2), in CSS px. */
const WHEEL_LINE_PX = 40;
const WHEEL_PAGE_PX = 800;

/** Where a pointer or wheel event is, in canvas CSS px. */
export function canvasPoint(canvas: HTMLCanvasElement, e: { clientX: number; clientY: number }): [number, number] {
  const r = canvas.getBoundingClientRect();
  return [e.clientX - r.left, e.clientY - r.top];
}

/** The zoom factor of one wheel event (the same in every mode). */
export function wheelZoom(e: WheelEvent): number {
  const unit = e.deltaMode === 1 ? WHEEL_LINE_PX : e.deltaMode === 2 ? WHEEL_PAGE_PX : 1;
  return Math.exp(-e.deltaY * unit * WHEEL_ZOOM_PER_PX);
}

/** What a mode does with its canvas's pointer; (px, py) are canvas CSS px. */
export interface PointerScene {
  /**
   * What a press at (px, py) would take: the on-screen size (CSS px, the
   * smaller side of its hit area, slop included) of the thing under it, `Infinity` for a press that
   * needs no aim (an edit tool in hand, a pick the mode is waiting for),
   * or null for empty space: mouse and pen then pan the view, a finger
   * scrolls the page.
   */
  aim(e: PointerEvent, px: number, py: number): number | null;
  /** Starts the mode's drag at (px, py); false when there is nothing to drag after all. */
  start(e: PointerEvent, px: number, py: number): boolean;
  /** The dragged pointer moved. */
  drag(e: PointerEvent, px: number, py: number): void;
  /** The drag ended: `released` when its pointer went up, false when cancelled (a pinch began, the capture was lost). */
  end(e: PointerEvent, px: number, py: number, released: boolean): void;
  /** A mouse or pen moved while nothing is dragged. */
  hover?(e: PointerEvent, px: number, py: number): void;
  /** The pointer left the canvas while nothing is dragged. */
  leave?(e: PointerEvent): void;
  /** A click on empty space (a press that did not move). */
  emptyClick?(e: PointerEvent, px: number, py: number): void;
  /** Middle-button presses and presses on empty space pan the view (default true); false: empty space is the mode's too. */
  readonly pansEmptySpace?: boolean;
}

/** What a mode does with keys. Each returns true when it handled the key (then it is consumed). */
export interface KeyScene {
  /** A key on the focused canvas (arrows, Enter, Esc, Delete…). */
  canvasKey?(e: KeyboardEvent): boolean;
  /** A shortcut heard anywhere in the mode (the page, in the full playground) that no control claimed. */
  key?(e: KeyboardEvent): boolean;
  keyUp?(e: KeyboardEvent): void;
  /** A Ctrl/⌘ command outside text fields (Ctrl/⌘+D duplicates a box), before any control's claim. */
  command?(e: KeyboardEvent): boolean;
  /** Ctrl/⌘+Z and Shift+Ctrl/⌘+Z (or Ctrl+Y): true when something was undone / redone or there was history to act on. */
  undo?(): boolean;
  redo?(): boolean;
}

export interface InputOptions {
  /** Where shortcuts are heard when the canvas lacks focus: the document for the page, an embed's shadow root. */
  keyRoot?: EventTarget;
  /** 'cooperative' (an embed): the wheel zooms and a finger drags only once engaged (or with Ctrl/⌘, a long press); 'greedy' (default, the full page): at once. */
  gestures?: 'cooperative' | 'greedy';
  /** Shows a short message over the canvas (the wheel hint). */
  hint?(text: string): void;
  /** The element whose focus counts as engagement (default: the canvas's parent). */
  engageRoot?: Element;
}

interface Pending {
  readonly pointerId: number;
  readonly event: PointerEvent;
  readonly px: number;
  readonly py: number;
  readonly timer: number;
}

interface Pinch {
  distance: number;
  midX: number;
  midY: number;
}

function isTextField(t: EventTarget | null): boolean {
  return t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement || (t instanceof HTMLElement && t.isContentEditable);
}

/** Mac keyboards say ⌘ where others say Ctrl. */
function modifierName(): string {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
}

/** Whether the only pointer is a finger (no hover, coarse): a phone or a tablet, which has no wheel to speak of. */
export function touchOnly(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches;
}

/**
 * How to zoom, for the help line under every canvas: two fingers on a
 * touch screen (they always pinch, see the top of this file); elsewhere
 * the wheel, in an article only once engaged or with Ctrl/⌘.
 */
export function zoomHelp(gestures: 'cooperative' | 'greedy' = 'greedy'): string {
  if (touchOnly()) return 'pinch with two fingers to zoom';
  return gestures === 'cooperative' ? `click the map (or hold ${modifierName()}) and the wheel zooms` : 'the wheel zooms';
}

export class CanvasInput {
  /** The pointer of the drag under way, and whether the mode or the view pan owns it. */
  private pointerId: number | null = null;
  private owner: 'scene' | 'pan' | null = null;
  private last: PointerEvent | null = null;
  private lastPx = 0;
  private lastPy = 0;
  private downPx = 0;
  private downPy = 0;
  private travelled = 0;
  /** A finger on something small, waiting for a long press. */
  private pending: Pending | null = null;
  /** A finger the page may scroll with: if it lifts where it landed, the tap engages the canvas. */
  private tap: { pointerId: number; px: number; py: number } | null = null;
  private pinch: Pinch | null = null;
  /** Space held for a Space-drag pan (modes whose empty space is theirs). */
  private spaceHeld = false;
  private lastPointerType = '';
  private readonly keyRoot: EventTarget;
  private readonly engageRoot: Element;
  private hinted = -Infinity;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly view: Viewport,
    private readonly pointer: PointerScene,
    private readonly keys: KeyScene,
    private readonly options: InputOptions = {},
  ) {
    this.keyRoot = options.keyRoot ?? document;
    this.engageRoot = options.engageRoot ?? canvas.parentElement ?? canvas;
    const c = canvas;
    c.addEventListener('pointerdown', this.down);
    c.addEventListener('pointermove', this.move);
    c.addEventListener('pointerup', this.up);
    c.addEventListener('pointercancel', this.cancelled);
    c.addEventListener('lostpointercapture', this.cancelled);
    c.addEventListener('pointerleave', this.leave);
    c.addEventListener('contextmenu', this.menu);
    // Not passive: cancelling is the point.
    c.addEventListener('wheel', this.wheel, { passive: false });
    c.addEventListener('touchstart', this.touchStart, { passive: false });
    c.addEventListener('touchmove', this.touchMove, { passive: false });
    c.addEventListener('touchend', this.touchEnd);
    c.addEventListener('touchcancel', this.touchEnd);
    c.addEventListener('keydown', this.canvasKey);
    c.addEventListener('blur', this.blurred);
    this.keyRoot.addEventListener('keydown', this.globalKey as EventListener);
    this.keyRoot.addEventListener('keyup', this.globalKeyUp as EventListener);
  }

  destroy(): void {
    const c = this.canvas;
    this.dropPending();
    c.removeEventListener('pointerdown', this.down);
    c.removeEventListener('pointermove', this.move);
    c.removeEventListener('pointerup', this.up);
    c.removeEventListener('pointercancel', this.cancelled);
    c.removeEventListener('lostpointercapture', this.cancelled);
    c.removeEventListener('pointerleave', this.leave);
    c.removeEventListener('contextmenu', this.menu);
    c.removeEventListener('wheel', this.wheel);
    c.removeEventListener('touchstart', this.touchStart);
    c.removeEventListener('touchmove', this.touchMove);
    c.removeEventListener('touchend', this.touchEnd);
    c.removeEventListener('touchcancel', this.touchEnd);
    c.removeEventListener('keydown', this.canvasKey);
    c.removeEventListener('blur', this.blurred);
    this.keyRoot.removeEventListener('keydown', this.globalKey as EventListener);
    this.keyRoot.removeEventListener('keyup', this.globalKeyUp as EventListener);
  }

  /** True while a pointer is captured for a drag (the mode's or a pan). */
  get dragging(): boolean {
    return this.pointerId !== null;
  }

  /** Whether the canvas waits for the reader to engage it (an embed). */
  private get cooperative(): boolean {
    return this.options.gestures === 'cooperative';
  }

  /** Whether the reader engaged this mode: focus is inside it. */
  get engaged(): boolean {
    const root = this.engageRoot.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    return active !== null && this.engageRoot.contains(active);
  }

  /** Cancels the drag under way, if any (say, a second finger starts a pinch). */
  cancel(): void {
    this.dropPending();
    if (this.pointerId !== null && this.last !== null) this.finish(this.last, false);
  }

  // --- pointer -------------------------------------------------------------

  private readonly down = (e: PointerEvent): void => {
    this.lastPointerType = e.pointerType;
    if (this.pointerId !== null || this.pending !== null) return; // one drag at a time
    const [px, py] = canvasPoint(this.canvas, e);
    const touch = e.pointerType === 'touch';
    if (!touch && e.button !== 0 && e.button !== 1 && e.button !== 2) return;
    const pans = this.pointer.pansEmptySpace ?? true;
    if (!touch && (e.button === 1 || (e.button === 0 && this.spaceHeld))) {
      this.begin(e, px, py, 'pan');
      return;
    }
    const aim = this.pointer.aim(e, px, py);
    if (touch) {
      // One finger belongs to the page unless held still, or it lands on
      // something a finger can aim at in an engaged embed.
      this.tap = { pointerId: e.pointerId, px, py };
      if (aim === null) return;
      const ready = !this.cooperative || this.engaged || aim === Infinity;
      if (aim >= AIM_PX && ready) this.startScene(e, px, py);
      else {
        if (aim >= AIM_PX) this.hint(e.timeStamp, 'Tap the map first to drag here, or press and hold');
        this.arm(e, px, py);
      }
      return;
    }
    if (aim === null) {
      if (e.button !== 0 || !pans) return;
      this.begin(e, px, py, 'pan');
      return;
    }
    this.startScene(e, px, py);
  };

  /** Hands the press to the mode; captured when it starts a drag. */
  private startScene(e: PointerEvent, px: number, py: number): void {
    this.focusCanvas();
    if (!this.pointer.start(e, px, py)) {
      e.preventDefault();
      return;
    }
    this.begin(e, px, py, 'scene');
  }

  private begin(e: PointerEvent, px: number, py: number, owner: 'scene' | 'pan'): void {
    if (owner === 'pan') {
      this.focusCanvas();
      this.setCursor('grabbing');
    }
    // Captured, so the drag survives leaving the canvas.
    if (this.canvas.isConnected) this.canvas.setPointerCapture(e.pointerId);
    e.preventDefault();
    this.pointerId = e.pointerId;
    this.owner = owner;
    this.last = e;
    this.lastPx = this.downPx = px;
    this.lastPy = this.downPy = py;
    this.travelled = 0;
  }

  /** A finger on something small: the drag starts if it stays still for a long press. */
  private arm(e: PointerEvent, px: number, py: number): void {
    const timer = window.setTimeout(() => {
      const p = this.pending;
      if (p === null || p.pointerId !== e.pointerId) return;
      this.pending = null;
      if (this.pinch !== null) return;
      this.startScene(p.event, p.px, p.py);
    }, LONG_PRESS_MS);
    this.pending = { pointerId: e.pointerId, event: e, px, py, timer };
  }

  private dropPending(): void {
    if (this.pending !== null) window.clearTimeout(this.pending.timer);
    this.pending = null;
  }

  private readonly move = (e: PointerEvent): void => {
    const [px, py] = canvasPoint(this.canvas, e);
    const p = this.pending;
    if (p !== null && e.pointerId === p.pointerId) {
      // Moving before the long press: the page is scrolling.
      if (Math.hypot(px - p.px, py - p.py) > TOUCH_SLOP_PX) this.dropPending();
      return;
    }
    if (this.pointerId === null) {
      if (e.pointerType !== 'touch') this.pointer.hover?.(e, px, py);
      return;
    }
    if (e.pointerId !== this.pointerId) return;
    this.last = e;
    this.travelled = Math.max(this.travelled, Math.hypot(px - this.downPx, py - this.downPy));
    if (this.owner === 'pan') this.view.panBy(px - this.lastPx, py - this.lastPy);
    else this.pointer.drag(e, px, py);
    this.lastPx = px;
    this.lastPy = py;
  };

  private readonly up = (e: PointerEvent): void => {
    const t = this.tap;
    this.tap = null;
    if (t !== null && t.pointerId === e.pointerId && this.pointerId === null) {
      // A tap (the page did not scroll: no pointercancel) engages the canvas.
      const [px, py] = canvasPoint(this.canvas, e);
      if (Math.hypot(px - t.px, py - t.py) <= TOUCH_SLOP_PX) this.focusCanvas();
    }
    const p = this.pending;
    if (p !== null && e.pointerId === p.pointerId) {
      // A tap on something small: a press and release where it is (selects it).
      this.dropPending();
      if (this.pinch === null) {
        this.focusCanvas();
        if (this.pointer.start(p.event, p.px, p.py)) {
          this.pointerId = p.pointerId;
          this.owner = 'scene';
          this.travelled = 0;
          this.finish(e, true);
        }
      }
      return;
    }
    if (e.pointerId === this.pointerId) this.finish(e, true);
  };

  private readonly cancelled = (e: PointerEvent): void => {
    if (this.tap?.pointerId === e.pointerId) this.tap = null;
    if (this.pending !== null && e.pointerId === this.pending.pointerId) this.dropPending();
    if (e.pointerId === this.pointerId) this.finish(e, false);
  };

  /** Ends the drag; `released` when its pointer went up. */
  private finish(e: PointerEvent, released: boolean): void {
    const owner = this.owner;
    // Forgotten before the release, so the lostpointercapture it causes is ignored.
    this.pointerId = null;
    this.owner = null;
    this.last = null;
    const [px, py] = canvasPoint(this.canvas, e);
    if (owner === 'scene') this.pointer.end(e, px, py, released);
    else if (owner === 'pan') {
      this.setCursor('default');
      if (released && this.travelled < CLICK_SLOP_PX) this.pointer.emptyClick?.(e, px, py);
    }
    if (this.canvas.hasPointerCapture(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
  }

  private readonly leave = (e: PointerEvent): void => {
    if (this.pointerId === null) this.pointer.leave?.(e);
  };

  private readonly menu = (e: Event): void => {
    // The right button is a mode's where empty space is (the tile editor
    // erases); a finger's long press is a drag. Elsewhere the menu stays.
    if (this.pointer.pansEmptySpace === false || this.lastPointerType === 'touch') e.preventDefault();
  };

  private readonly blurred = (): void => {
    this.spaceHeld = false;
  };

  private focusCanvas(): void {
    this.canvas.focus({ preventScroll: true });
  }

  private setCursor(cursor: string): void {
    if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
  }

  // --- wheel ---------------------------------------------------------------

  private readonly wheel = (e: WheelEvent): void => {
    const zooms = !this.cooperative || e.ctrlKey || e.metaKey || this.engaged;
    if (!zooms) {
      // The reader is scrolling the page past us: let it, and say how to zoom.
      this.hint(e.timeStamp, `${modifierName()} + scroll to zoom (or click the map first)`);
      return;
    }
    e.preventDefault();
    const [px, py] = canvasPoint(this.canvas, e);
    this.view.zoomAt(px, py, wheelZoom(e));
  };

  /** Says how to use the canvas, at most every 1.5 s. */
  private hint(time: number, text: string): void {
    if (time - this.hinted < 1500) return;
    this.hinted = time;
    this.options.hint?.(text);
  }

  // --- touch: two fingers pinch and pan --------------------------------------

  private measure(touches: TouchList): Pinch {
    const r = this.canvas.getBoundingClientRect();
    const a = touches[0];
    const b = touches[1];
    return {
      distance: Math.max(1, Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)),
      midX: (a.clientX + b.clientX) / 2 - r.left,
      midY: (a.clientY + b.clientY) / 2 - r.top,
    };
  }

  private readonly touchStart = (e: TouchEvent): void => {
    if (e.touches.length >= 2) {
      e.preventDefault();
      this.cancel();
      this.pinch = this.measure(e.touches);
      return;
    }
    // The pointerdown came first: if it started a drag, the page must not scroll.
    if (this.dragging) e.preventDefault();
  };

  private readonly touchMove = (e: TouchEvent): void => {
    const was = this.pinch;
    if (was === null || e.touches.length < 2) {
      if (this.dragging && e.cancelable) e.preventDefault();
      return;
    }
    e.preventDefault();
    const now = this.measure(e.touches);
    this.view.panBy(now.midX - was.midX, now.midY - was.midY);
    this.view.zoomAt(now.midX, now.midY, now.distance / was.distance);
    this.pinch = now;
  };

  private readonly touchEnd = (e: TouchEvent): void => {
    if (e.touches.length < 2) this.pinch = null;
  };

  // --- keys ------------------------------------------------------------------

  /** Takes a key away from everything else: the page never hears a key the mode handled. */
  private consume(e: KeyboardEvent): void {
    e.preventDefault();
    e.stopPropagation();
  }

  private readonly canvasKey = (e: KeyboardEvent): void => {
    if (e.key === 'Tab') return; // focus moves on, in one press
    if (this.keys.canvasKey?.(e) === true) {
      this.consume(e);
      return;
    }
    if (e.key !== 'Escape' || e.altKey || e.ctrlKey || e.metaKey) return;
    // Esc cancels what the mode has under way (its shortcut), else releases the canvas.
    if (this.keys.key?.(e) !== true) this.canvas.blur();
    this.consume(e);
  };

  private readonly globalKey = (e: KeyboardEvent): void => {
    const which = historyKey(e);
    if (which !== null) {
      const done = which === 'undo' ? this.keys.undo?.() : this.keys.redo?.();
      if (done !== undefined) this.consume(e);
      return;
    }
    if ((e.ctrlKey || e.metaKey) && !e.defaultPrevented && !isTextField(e.target) && this.keys.command?.(e) === true) {
      this.consume(e);
      return;
    }
    if (belongsToControl(e)) return;
    if (e.key === ' ' && this.pointer.pansEmptySpace === false) {
      // Held Space turns a drag on the map into a pan (where a plain drag edits).
      this.spaceHeld = true;
      this.consume(e);
      return;
    }
    // An arrow nothing else took, on the focused canvas itself, pans (the page would otherwise turn).
    if (viewKey(this.view, e.key) || this.keys.key?.(e) === true || (e.target === this.canvas && panKey(this.view, e))) this.consume(e);
  };

  private readonly globalKeyUp = (e: KeyboardEvent): void => {
    if (e.key === ' ') this.spaceHeld = false;
    this.keys.keyUp?.(e);
  };
}
