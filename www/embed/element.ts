// <broadphase-playground>: the custom element around mount(). Its
// attributes are the settings table's `attribute` column (checked the same
// way, a problem naming the attribute); an ASCII map can also come from a
// child <script type="text/plain" data-tiles>. Attribute changes apply as
// they happen; getState() / setState() are the handle's.

import { SETTINGS } from '../settings/table';
import { createEmbed, type EmbedHandle, type PlaygroundHandle } from './mount';
import type { ModeName, PlaygroundOptions, PlaygroundState } from './options';

/** attribute → option */
const OPTION_OF = new Map<string, string>(SETTINGS.map((s) => [s.attribute, s.option]));

export class BroadphasePlayground extends HTMLElement {
  static readonly observedAttributes = SETTINGS.map((s) => s.attribute);

  private handle: EmbedHandle | null = null;
  /** Options set from script before the element was connected. */
  private pending: Partial<PlaygroundOptions> = {};

  /** The element's settings as written: attribute texts by option, and the child map. */
  private readAttributes(): Record<string, unknown> {
    const raw: Record<string, unknown> = {};
    for (const [attribute, option] of OPTION_OF) {
      const value = this.getAttribute(attribute);
      if (value !== null) raw[option] = value;
    }
    const map = this.querySelector('script[type="text/plain"][data-tiles], template[data-tiles]');
    if (map !== null) raw.tiles = dedent(map instanceof HTMLTemplateElement ? map.innerHTML : (map.textContent ?? ''));
    return raw;
  }

  connectedCallback(): void {
    if (this.handle !== null) return;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'region');
    if (!this.hasAttribute('aria-label')) this.setAttribute('aria-label', `broadphase playground: ${this.getAttribute('mode') ?? 'quadtree'}`);
    this.handle = createEmbed(this, this.readAttributes(), 'attribute');
    if (Object.keys(this.pending).length > 0) this.handle.setState(this.pending);
    this.pending = {};
  }

  disconnectedCallback(): void {
    this.handle?.destroy();
    this.handle = null;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (this.handle === null || old === value) return;
    const option = OPTION_OF.get(name);
    if (option === undefined) return;
    // The handle reads the text as an attribute (a refusal names it); a removed attribute goes back to the default.
    this.handle.setAttributes({ [option]: value ?? undefined });
  }

  /** The playground's handle (null while disconnected). */
  get playground(): PlaygroundHandle | null {
    return this.handle;
  }

  get ready(): Promise<void> {
    return this.handle?.ready ?? Promise.resolve();
  }

  getState(): PlaygroundState {
    return this.handle?.getState() ?? { ...this.pending, mode: (this.getAttribute('mode') as ModeName | null) ?? 'quadtree' };
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
