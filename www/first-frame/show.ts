// The first picture: while the wasm is still arriving, the page draws the
// default quadtree scene's first frame as the core computed it when the
// site was built (frame.ts, record.ts), on the quadtree mode's own stage
// with the mode's own layers, so the live mode's first frame replaces it in
// place. It is a picture, not the mode: no input, the view tools disabled,
// a "starting" note over the stage and in the sidebar until the core runs.
// Only the default link gets it.

import frame from 'virtual:first-frame';
import { knowViewLayouts } from '../core/layout';
import { BackgroundLayer } from '../boxes/layers/background';
import { BoxesLayer } from '../boxes/layers/boxes';
import { CameraLayer } from '../boxes/layers/camera';
import { QuadtreeLayer } from '../boxes/layers/quadtree';
import type { BoxesModel } from '../boxes/model';
import { recordedModel } from './model';
import { LAYOUT } from '../modes/quadtree/layout';
import { LegendPanel } from '../modes/quadtree/panels';
import { ModeRuntime } from '../runtime/mode-runtime';
import type { ModeContext } from '../runtime/scene';
import { h, panelSection } from '../runtime/ui';

/** What the note over the stage and the sidebar say while the picture shows. */
export const STARTING_TEXT = 'Starting the WebAssembly core… This is the scene’s first frame as the core computed it; it comes alive when the core has loaded.';

export interface FirstPicture {
  /** Takes the picture off the page (the live mode is about to mount). */
  destroy(): void;
}

/**
 * Whether the address is the default link (nothing, or only
 * `mode=quadtree`): the scene the frame was recorded from, the quadtree
 * mode's defaults, made by the same code from the same core. (A link's
 * values cannot be read before the core: some defaults come from it.)
 */
export function isDefaultLink(raw: URLSearchParams): boolean {
  const keys = [...raw.keys()];
  return keys.every((k) => k === 'mode') && raw.getAll('mode').every((m) => m === 'quadtree');
}

/** Draws the recorded first frame in `host` (empty), laid out as the quadtree mode lays out its stage. */
export function showFirstPicture(host: HTMLElement, context: ModeContext): FirstPicture {
  knowViewLayouts(frame.layouts);
  const model = recordedModel(frame);
  const rt = new ModeRuntime<BoxesModel>(host, context, LAYOUT);
  rt.layout.stage.classList.add('first-picture');
  rt.layout.canvas.setAttribute('aria-busy', 'true');
  for (const button of rt.layout.tools.querySelectorAll('button')) button.disabled = true;
  rt.addLayers(new BackgroundLayer(), new BoxesLayer(), new QuadtreeLayer(), new CameraLayer());
  rt.layout.legend.append(new LegendPanel().element);
  rt.sidebar.add({ element: panelSection('starting', 'Starting', h('p', { class: 'panel-note' }, STARTING_TEXT)) });
  // Shown for as long as the picture is (not the notice's own fade).
  rt.layout.notice.textContent = 'Starting the core…';
  rt.layout.notice.hidden = false;
  rt.viewport.setWorld(frame.side, frame.side);
  rt.viewport.fit();
  rt.renderer.draw(model, performance.now());
  return { destroy: () => rt.destroy() };
}
