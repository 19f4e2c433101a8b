// What a mode's panels need at a width, measured in place: the sidebar is
// laid out for a moment out of the flow at that width, with every panel on
// show and nothing paged (embed.css, `.measuring`), read, and put back,
// with no paint in between. Whatever panels a mode has are measured alike.

import type { PanelSizes, Placement } from './layout';

/** The gap between stacked panels, and the side column's padding (embed.css). */
const STACK_GAP = 12;
const SIDE_PAD = 12 + 14;

/** The row of canvas tools over a canvas `width` px wide (its buttons may wrap), with its padding. */
export function measureTools(host: HTMLElement, width: number): number {
  const tools = host.querySelector<HTMLElement>('.canvas-tools');
  if (tools === null) return 0;
  tools.style.setProperty('--bp-measure-width', `${width}px`);
  tools.classList.add('measuring');
  try {
    return Math.ceil(tools.getBoundingClientRect().height);
  } finally {
    tools.classList.remove('measuring');
    tools.style.removeProperty('--bp-measure-width');
  }
}

/** What the panels on show need in a panel area `width` px wide, beside or under the canvas. */
export function measurePanels(host: HTMLElement, width: number, placement: Placement): PanelSizes {
  const sidebar = host.querySelector<HTMLElement>('.sidebar');
  if (sidebar === null) return { tabs: 0, tallest: 0, stack: 0 };
  sidebar.style.setProperty('--bp-measure-width', `${width}px`);
  sidebar.classList.add('measuring', `measuring-${placement}`);
  try {
    const shown = [...sidebar.querySelectorAll<HTMLElement>('#panels > .panel')].filter((p) => !p.hidden);
    const tabs = sidebar.querySelector<HTMLElement>('.panel-tabs')?.getBoundingClientRect().height ?? 0;
    let tallest = 0;
    let stack = 0;
    for (const panel of shown) {
      const title = panel.querySelector<HTMLElement>(':scope > .panel-title');
      const titleBlock = title === null ? 0 : title.getBoundingClientRect().height + parseFloat(getComputedStyle(title).marginBottom);
      const height = panel.getBoundingClientRect().height;
      tallest = Math.max(tallest, height - titleBlock);
      stack += height;
    }
    stack += STACK_GAP * Math.max(0, shown.length - 1) + SIDE_PAD;
    // Whole pixels, rounded up, and one more for the rounding of what is laid out after.
    return { tabs: Math.ceil(tabs), tallest: Math.ceil(tallest) + 1, stack: Math.ceil(stack) + 1 };
  } finally {
    sidebar.classList.remove('measuring', `measuring-${placement}`);
    sidebar.style.removeProperty('--bp-measure-width');
  }
}
