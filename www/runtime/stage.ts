// The frame every mode shares: a stage (canvas, legend, help line, notice,
// the wheel hint) beside a sidebar of panels, built inside the mode's host.
// Ids match the page's long-standing ones (#world, #panels, #notice, …):
// only one mode is mounted at a time, so tests and styles can rely on them
// in every mode. Where room is short (an embed in a narrow or low column)
// the stylesheet folds the legend and help behind the "?" tool and shows
// the panels one at a time under their tabs.

import { PanelTabs } from './panel-tabs';
import { h } from './ui';

/** How long a hint over the canvas stays, ms. */
const HINT_MS = 1800;

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
  /** Shows a short message over the canvas for a moment (how to zoom, …). */
  hint(text: string): void;
  /** Takes everything out of the host again. */
  remove(): void;
}

export interface LayoutOptions {
  /** What the canvas shows, for screen readers. */
  canvasLabel: string;
  /** One line of how-to under the canvas (the runtime adds how to zoom on this device). */
  help: string;
  /** What a finger does differently, added to the help on a touch screen. */
  touchHelp?: string;
  /** A line under the panels; `<code>…</code>` marks code (the only markup it may hold). */
  colophon?: string;
}

/**
 * A line with `<code>` spans as nodes: built with DOM calls, not parsed
 * as HTML (a page whose policy requires Trusted Types refuses innerHTML).
 */
function withCode(text: string): (string | HTMLElement)[] {
  return text.split(/<code>(.*?)<\/code>/).map((part, i) => (i % 2 === 1 ? h('code', {}, part) : part));
}

export function buildModeLayout(host: HTMLElement, options: LayoutOptions): ModeLayout {
  const canvas = h('canvas', { id: 'world', tabindex: 0, 'aria-label': options.canvasLabel, 'aria-describedby': 'stage-help' });
  const legend = h('div', { id: 'stage-legend' });
  const help = h('p', { id: 'stage-help', class: 'stage-help' }, options.help);
  const notice = h('div', { id: 'notice', class: 'notice', role: 'status', hidden: true });
  const hintBox = h('div', { class: 'stage-hint', 'aria-live': 'polite', hidden: true });
  const tools = h('div', { class: 'canvas-tools', role: 'toolbar', 'aria-label': 'View' });
  const footer = h('div', { class: 'stage-footer', id: 'stage-footer' }, legend, help);
  // Where the legend and help are folded away: "?" shows them over the canvas.
  const legendToggle = h('button', { type: 'button', class: 'canvas-tool legend-toggle', 'data-tool': 'legend', title: 'What the colours mean, how to use it', 'aria-label': 'Legend and help', 'aria-expanded': 'false', 'aria-controls': 'stage-footer' }, '?');
  const stage = h('div', { class: 'stage' }, canvas, tools, footer, notice, hintBox);
  legendToggle.addEventListener('click', () => {
    const open = !stage.classList.contains('legend-open');
    stage.classList.toggle('legend-open', open);
    legendToggle.setAttribute('aria-expanded', String(open));
  });
  tools.append(legendToggle);
  const panels = h('div', { id: 'panels', class: 'panels' });
  const colophon = h('footer', { class: 'colophon' }, ...withCode(options.colophon ?? 'Rust core compiled to WebAssembly · one <code>step()</code> + <code>pairs()</code> per frame'));
  const sidebar = h('aside', { class: 'sidebar', 'aria-label': 'Controls and stats' }, panels, colophon);
  const tabs = new PanelTabs(sidebar, panels);
  sidebar.prepend(tabs.element);
  host.append(stage, sidebar);
  let hintTimer = 0;
  return {
    stage,
    canvas,
    legend,
    help,
    notice,
    tools,
    sidebar,
    panels,
    hint(text: string) {
      hintBox.textContent = text;
      hintBox.hidden = false;
      window.clearTimeout(hintTimer);
      hintTimer = window.setTimeout(() => {
        hintBox.hidden = true;
      }, HINT_MS);
    },
    remove() {
      window.clearTimeout(hintTimer);
      tabs.destroy();
      stage.remove();
      sidebar.remove();
    },
  };
}
