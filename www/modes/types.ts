// What a mode is to whoever mounts it: the page's shell (one at a time, its
// settings in the address bar) or an embed (many per page, each in its own
// shadow root, its settings kept by the embed).

import type { PanelInfo } from '../runtime/ui';

/** A self-contained playground mode: it renders into `host` (its own canvas and side panel) and cleans up on destroy. */
export interface ModeHandle {
  destroy(): void;
  /** Off-screen modes run no frames: false cancels the frame loop, true resumes it. */
  setVisible?(visible: boolean): void;
  /** Frames drawn since the mode started (tests, embeds). */
  readonly frame?: number;
  /** The world's height over its width (an embed without a height picks one from it). */
  readonly aspect?: number;
  /** The panels the mode built, in order: an embed shows or hides them by id and role. */
  readonly panels: readonly PanelInfo[];
}

/** Where a mode's side effects go; the shell's defaults are the page's own. */
export interface ModeContext {
  /** Receives the mode's settings as query parameters whenever they change. */
  publish?(params: URLSearchParams): void;
  /** Where keyboard shortcuts are heard when no control has them (default: document). */
  keyRoot?: EventTarget;
  /**
   * 'cooperative' (an embed in someone's article): the wheel zooms and a
   * finger drags only once the reader engaged the embed (clicked or tapped
   * into it), or with Ctrl/⌘ / a long press; 'greedy' (default, the full
   * page): at once.
   */
  gestures?: 'cooperative' | 'greedy';
  /** Whether to install the `window.__broadphase…` handles (default: true). */
  debug?: boolean;
}

export type ModeFactory = (host: HTMLElement, params: URLSearchParams, context?: ModeContext) => ModeHandle;
