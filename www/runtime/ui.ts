// The sidebar as a stack of panels (controls, stats, legend, …) so a mode
// can add its own, and what follows them outside it (tool buttons, a line
// over the canvas), plus a tiny element builder for writing them.

export interface Panel {
  readonly element: HTMLElement;
  /** Every frame: refresh live numbers (throttle inside if costly). */
  update?(now: number): void;
  /** After a settings change: make the controls show the settings. */
  sync?(): void;
}

/** A control changes the scene (settings, tools, keys to press); a readout only shows it. */
export type PanelRole = 'control' | 'readout';

/** A panel as a mode reports it to whoever mounts it (the embed shows or hides panels by id). */
export interface PanelInfo {
  /** The panel's element id (`controls`, `stats`, `tiles-readout`, …). */
  readonly id: string;
  readonly title: string;
  readonly role: PanelRole;
}

/** A piece of the page outside the sidebar that follows the model as the panels do (a tool button's state, a line over the canvas). */
export type Follower = Omit<Panel, 'element'>;

export class Sidebar {
  private readonly panels: { panel: Panel; role: PanelRole }[] = [];
  private readonly followers: Follower[] = [];

  constructor(private readonly host: HTMLElement) {}

  /** Updates and syncs `follower` with the panels. */
  follow(follower: Follower): void {
    this.followers.push(follower);
    follower.sync?.();
  }

  add(panel: Panel, role: PanelRole = 'readout'): void {
    this.panels.push({ panel, role });
    // The embed's sizing tells controls from readouts by this.
    panel.element.dataset.role = role;
    this.host.append(panel.element);
    panel.sync?.();
  }

  /** Every panel added, in order. */
  describe(): PanelInfo[] {
    return this.panels.map(({ panel, role }) => ({
      id: panel.element.id,
      title: panel.element.querySelector('.panel-title')?.textContent ?? panel.element.id,
      role,
    }));
  }

  update(now: number): void {
    for (const { panel } of this.panels) panel.update?.(now);
    for (const follower of this.followers) follower.update?.(now);
  }

  sync(): void {
    for (const { panel } of this.panels) panel.sync?.();
    for (const follower of this.followers) follower.sync?.();
  }
}

type Child = Node | string | null | undefined | false;

/**
 * `h('label', { class: 'row', for: 'count' }, 'Objects', input)`. Attribute
 * values of `true` set a bare attribute; `false` omits it.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

/** A titled panel section. */
export function panelSection(id: string, title: string, ...children: Child[]): HTMLElement {
  const heading = h('h2', { class: 'panel-title', id: `${id}-title` }, title);
  return h('section', { class: 'panel', id, 'aria-labelledby': `${id}-title` }, heading, ...children);
}

/** One line of a keys list: the keys as <kbd> caps, then what they do. */
export function key(keys: string[], text: string): HTMLElement {
  const caps = keys.flatMap((k, i) => (i === 0 ? [h('kbd', {}, k)] : [' ', h('kbd', {}, k)]));
  return h('li', {}, h('span', { class: 'keys' }, ...caps), text);
}

/** Sets text only when it changed: cheap to call every frame. */
export function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

export function formatInt(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—';
}

/** Whether `el` has focus in its own tree (a shadow root's, inside an embed). */
export function hasFocus(el: Element): boolean {
  const root = el.getRootNode() as Document | ShadowRoot;
  return root.activeElement === el;
}
