// What a mode is to whoever mounts it: the page's shell (one at a time, its
// settings in the address bar) or an embed (many per page, each in its own
// shadow root, its settings kept by the embed). A mode receives its
// settings as typed values (read and checked by www/settings/) and
// publishes typed values; it never sees a URL or an attribute.

import type { PanelInfo } from '../runtime/ui';
import type { SettingValues, SomeSettings } from '../settings/table';

export type { SettingValues, SomeSettings } from '../settings/table';

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

/** Where a mode's side effects go. */
export interface ModeContext {
  /** Receives the mode's settings whenever they change: all of them that the mode keeps (the view included once zoomed or panned). */
  publish(values: SomeSettings): void;
  /**
   * Whether to publish the values in force at once, before any change (an
   * embed: its getState() reports them); the page leaves its address as
   * the reader wrote it until something changes.
   */
  readonly publishAtStart?: boolean;
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

export type ModeFactory = (host: HTMLElement, settings: SettingValues, context: ModeContext) => ModeHandle;
