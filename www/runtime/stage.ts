// The frame most modes share: a stage (canvas, legend, help line, notice)
// beside a sidebar of panels, built inside the mode's host. Ids match the
// page's long-standing ones (#world, #panels, #notice, …): only one mode is
// mounted at a time, so tests and styles can rely on them in every mode.

import { h } from './ui';

export interface ModeLayout {
  readonly stage: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  /** Under the canvas: the colour legend goes here. */
  readonly legend: HTMLElement;
  readonly help: HTMLElement;
  /** A one-line message over the stage (see notice.ts). */
  readonly notice: HTMLElement;
  /** The row of buttons over the canvas's top-right corner (see canvas-tools.ts). */
  readonly tools: HTMLElement;
  readonly sidebar: HTMLElement;
  /** The stack of panels in the sidebar (see ui.ts `Sidebar`). */
  readonly panels: HTMLElement;
  /** Takes everything out of the host again. */
  remove(): void;
}

export interface LayoutOptions {
  /** What the canvas shows, for screen readers. */
  canvasLabel: string;
  /** One line of how-to under the canvas. */
  help: string;
  colophon?: string;
}

export function buildModeLayout(host: HTMLElement, options: LayoutOptions): ModeLayout {
  const canvas = h('canvas', { id: 'world', tabindex: 0, 'aria-label': options.canvasLabel, 'aria-describedby': 'stage-help' });
  const legend = h('div', { id: 'stage-legend' });
  const help = h('p', { id: 'stage-help', class: 'stage-help' }, options.help);
  const notice = h('div', { id: 'notice', class: 'notice', role: 'status', hidden: true });
  const tools = h('div', { class: 'canvas-tools', role: 'toolbar', 'aria-label': 'View' });
  const stage = h('div', { class: 'stage' }, canvas, tools, h('div', { class: 'stage-footer' }, legend, help), notice);
  const panels = h('div', { id: 'panels', class: 'panels' });
  const colophon = h('footer', { class: 'colophon' });
  colophon.innerHTML = options.colophon ?? 'Rust core compiled to WebAssembly · one <code>step()</code> + <code>pairs()</code> per frame';
  const sidebar = h('aside', { class: 'sidebar', 'aria-label': 'Controls and stats' }, panels, colophon);
  host.append(stage, sidebar);
  return {
    stage,
    canvas,
    legend,
    help,
    notice,
    tools,
    sidebar,
    panels,
    remove() {
      stage.remove();
      sidebar.remove();
    },
  };
}
