// <broadphase-playground>: the custom element around mount(). Attributes
// mirror the options (kebab-case: max-objects, cell-size, …) and apply when
// they change; the element also offers getState() / setState() itself.

import { mount, type PlaygroundHandle } from './mount';
import { MODE_NAMES, parsePanels, type ModeName, type PlaygroundOptions, type PlaygroundState } from './options';

const NUMBER_ATTRS: Record<string, keyof PlaygroundOptions> = {
  count: 'count',
  seed: 'seed',
  'max-objects': 'maxObjects',
  'max-levels': 'maxLevels',
  'cell-size': 'cellSize',
  speed: 'speed',
};
const STRING_ATTRS: Record<string, keyof PlaygroundOptions> = {
  layout: 'layout',
  structure: 'structure',
  preset: 'preset',
  tiles: 'tiles',
  shape: 'shape',
  boxes: 'boxes',
  'wasm-url': 'wasmUrl',
};
const FLAG_ATTRS: Record<string, keyof PlaygroundOptions> = { controls: 'controls', legend: 'legend' };

/** 'false', 'off', 'no', '0' are false; anything else (even '') is true. */
function flag(raw: string): boolean {
  return !/^(false|off|no|0)$/i.test(raw.trim());
}

/** What one attribute (null: removed) says, as options; removing resets to the default. */
function optionsFor(name: string, raw: string | null): Partial<PlaygroundOptions> {
  const o: Record<string, unknown> = {};
  if (name === 'mode') o.mode = raw !== null && (MODE_NAMES as readonly string[]).includes(raw) ? (raw as ModeName) : undefined;
  else if (name in NUMBER_ATTRS) o[NUMBER_ATTRS[name]] = raw === null || raw.trim() === '' || !Number.isFinite(Number(raw)) ? undefined : Number(raw);
  else if (name in STRING_ATTRS) o[STRING_ATTRS[name]] = raw ?? undefined;
  else if (name in FLAG_ATTRS) o[FLAG_ATTRS[name]] = raw === null ? undefined : flag(raw);
  else if (name === 'panels') o.panels = parsePanels(raw);
  else if (name === 'height') o.height = raw === null ? undefined : /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw;
  else if (name === 'paused') o.running = raw === null ? undefined : !flag(raw);
  return o;
}

export class BroadphasePlayground extends HTMLElement {
  static readonly observedAttributes = ['mode', 'panels', 'height', 'paused', ...Object.keys(NUMBER_ATTRS), ...Object.keys(STRING_ATTRS), ...Object.keys(FLAG_ATTRS)];

  private handle: PlaygroundHandle | null = null;
  /** Options set from script before the element was connected. */
  private pending: Partial<PlaygroundOptions> = {};

  /** The element's options from its attributes; the ASCII map from a child <script type="text/plain" slot="tiles"> or the `tiles` property. */
  private readOptions(): PlaygroundOptions {
    let o: PlaygroundOptions = {};
    for (const name of BroadphasePlayground.observedAttributes) {
      const raw = this.getAttribute(name);
      if (raw !== null) o = { ...o, ...optionsFor(name, raw) };
    }
    const map = this.querySelector('script[type="text/plain"][data-tiles], template[data-tiles]');
    if (map !== null) o.tiles = dedent(map instanceof HTMLTemplateElement ? map.innerHTML : (map.textContent ?? ''));
    return { ...o, ...this.pending };
  }

  connectedCallback(): void {
    if (this.handle !== null) return;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'region');
    if (!this.hasAttribute('aria-label')) this.setAttribute('aria-label', `broadphase playground: ${this.getAttribute('mode') ?? 'quadtree'}`);
    this.handle = mount(this, this.readOptions());
  }

  disconnectedCallback(): void {
    this.handle?.destroy();
    this.handle = null;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (this.handle === null || old === value) return;
    this.handle.setState(optionsFor(name, value));
  }

  /** The playground's handle (null while disconnected). */
  get playground(): PlaygroundHandle | null {
    return this.handle;
  }

  get ready(): Promise<void> {
    return this.handle?.ready ?? Promise.resolve();
  }

  getState(): PlaygroundState {
    return this.handle?.getState() ?? { ...this.readOptions(), mode: (this.getAttribute('mode') as ModeName | null) ?? 'quadtree' };
  }

  setState(partial: Partial<PlaygroundOptions>): void {
    if (this.handle === null) this.pending = { ...this.pending, ...partial };
    else this.handle.setState(partial);
  }
}

/** Drops the common indentation of an inline ASCII map. */
function dedent(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const indent = Math.min(...lines.map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent).trimEnd()).join('\n');
}

/** Registers <broadphase-playground> (once; a second call is harmless). */
export function defineBroadphasePlayground(name = 'broadphase-playground'): void {
  if (customElements.get(name) === undefined) customElements.define(name, class extends BroadphasePlayground {});
}

declare global {
  interface HTMLElementTagNameMap {
    'broadphase-playground': BroadphasePlayground;
  }
}
