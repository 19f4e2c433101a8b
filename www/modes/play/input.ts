// The play mode's controls: the keyboard (arrows / A D to run, Space / Z /
// W / ↑ to jump, P pauses, . steps a tick, R restarts) through the
// runtime's input layer, on-screen buttons for touch (pointer events), and
// a gamepad if there is one. Held buttons go to the model as `Button` bits;
// nothing on the map is dragged (mouse and pen pan, a finger scrolls the page).

import type { KeyScene, PointerScene } from '../../runtime/input';
import { h } from '../../runtime/ui';
import { Button } from './game';
import type { PlayModel } from './model';

const KEYS: Record<string, Button> = {
  ArrowLeft: Button.Left,
  a: Button.Left,
  A: Button.Left,
  ArrowRight: Button.Right,
  d: Button.Right,
  D: Button.Right,
  ' ': Button.Jump,
  z: Button.Jump,
  Z: Button.Jump,
  w: Button.Jump,
  W: Button.Jump,
  ArrowUp: Button.Jump,
};

/** The buttons the connected gamepads hold now. */
function gamepadButtons(): number {
  const pads = typeof navigator.getGamepads === 'function' ? navigator.getGamepads() : [];
  let bits = 0;
  for (const gp of pads) {
    if (gp === null) continue;
    const x = gp.axes[0] ?? 0;
    if (x < -0.4 || gp.buttons[14]?.pressed) bits |= Button.Left;
    if (x > 0.4 || gp.buttons[15]?.pressed) bits |= Button.Right;
    if (gp.buttons[0]?.pressed) bits |= Button.Jump;
  }
  return bits;
}

export class PlayInput implements PointerScene, KeyScene {
  /** The touch buttons, to put under the canvas. */
  readonly pad = h('div', { class: 'play-pad', role: 'group', 'aria-label': 'Touch controls' });
  private readonly blur = () => (this.model.held = 0);

  constructor(private readonly model: PlayModel) {
    model.gamepad = gamepadButtons;
    for (const [label, bit, name] of [
      ['◀', Button.Left, 'left'],
      ['▶', Button.Right, 'right'],
      ['Jump', Button.Jump, 'jump'],
    ] as const) {
      const b = h('button', { type: 'button', class: 'canvas-tool play-pad-button', 'data-button': name, 'aria-label': name }, label);
      const release = () => (model.held &= ~bit);
      b.addEventListener('pointerdown', (e) => {
        e.preventDefault();
        model.held |= bit;
        b.setPointerCapture(e.pointerId);
      });
      b.addEventListener('pointerup', release);
      b.addEventListener('pointercancel', release);
      b.addEventListener('lostpointercapture', release);
      this.pad.append(b);
    }
    window.addEventListener('blur', this.blur);
  }

  destroy(): void {
    window.removeEventListener('blur', this.blur);
  }

  // Nothing on the map to drag.
  aim(): null {
    return null;
  }

  start(): boolean {
    return false;
  }

  drag(): void {}

  end(): void {}

  key(e: KeyboardEvent): boolean {
    const m = this.model;
    const bit = KEYS[e.key];
    if (bit !== undefined) {
      m.held |= bit;
      return true;
    }
    if (e.key === 'p' || e.key === 'P') m.setPaused(!m.paused);
    else if (e.key === '.') m.step();
    else if (e.key === 'r' || e.key === 'R') m.restart();
    else return false;
    return true;
  }

  keyUp(e: KeyboardEvent): void {
    const bit = KEYS[e.key];
    if (bit !== undefined) this.model.held &= ~bit;
  }
}
