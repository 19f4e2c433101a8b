// <broadphase-playground>: the custom element around mount(). Its
// attributes are the settings table's names in kebab-case (checked the
// same way, a problem naming the attribute). The long ones an author writes by
// hand — a tile map, boxes, moved boxes, links — may span lines at any
// indentation, or come from a child `<template data-tiles>` (or
// `<script type="text/plain" data-tiles>`, `data-boxes`, …). Site
// generators create elements in every order: children may arrive after
// the element is connected (the HTML parser, client-side routing), so the
// children are watched and a late map still applies. Attribute changes
// apply as they happen; getState() / setState() are the handle's, and so
// are the stepper's methods an article's script drives it with (goToStep,
// nextStep, previousStep, play, pause, select, loadLesson; the `stepchange`
// event says where it is; prose.ts drives them from the article's own
// links and buttons). Without a DOM (server-side rendering in Node)
// nothing is defined and importing does nothing.

import { attributeOf, SETTINGS, type ModeName, type PlaygroundOptions, type PlaygroundState } from '../settings/table';
import { CHILD_SETTINGS, childText, normalizeAuthorText, type ChildSetting } from './author-text';
import { createEmbed, type EmbedHandle, type PlaygroundHandle, type PlaygroundStep } from './mount';

/** attribute → the setting's name */
const OPTION_OF = new Map<string, string>(SETTINGS.map((s) => [attributeOf(s.name), s.name]));
const IS_CHILD_SETTING = new Set<string>(CHILD_SETTINGS);

/** HTMLElement in a browser; a stand-in class where there is none, so the module evaluates in Node. */
const ElementBase: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

export class BroadphasePlayground extends ElementBase {
  static readonly observedAttributes = SETTINGS.map((s) => attributeOf(s.name));

  private handle: EmbedHandle | null = null;
  /** Options set from script before the element was connected. */
  private pending: Partial<PlaygroundOptions> = {};
  /** Watches the light DOM for settings children that arrive or change after connection. */
  private childWatch: MutationObserver | null = null;
  /** The child settings the handle was given, by option. */
  private fromChildren: Partial<Record<ChildSetting, string>> = {};

  /** Each child setting written as a `<template data-…>` or `<script data-…>` child, as the table reads it. */
  private readChildren(): Partial<Record<ChildSetting, string>> {
    const found: Partial<Record<ChildSetting, string>> = {};
    for (const setting of CHILD_SETTINGS) {
      const child = this.querySelector(`template[data-${setting}], script[data-${setting}]`);
      if (child === null) continue;
      const text = childText(child);
      if (text.trim() !== '') found[setting] = normalizeAuthorText(setting, text);
    }
    return found;
  }

  /** The element's settings as written: attribute texts by option, then the children's. */
  private readSettings(): Record<string, unknown> {
    const raw: Record<string, unknown> = {};
    for (const [attribute, option] of OPTION_OF) {
      const value = this.getAttribute(attribute);
      if (value === null) continue;
      raw[option] = IS_CHILD_SETTING.has(option) ? normalizeAuthorText(option as ChildSetting, value) : value;
    }
    this.fromChildren = this.readChildren();
    return { ...raw, ...this.fromChildren };
  }

  connectedCallback(): void {
    if (this.handle !== null) return;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'region');
    if (!this.hasAttribute('aria-label')) this.setAttribute('aria-label', `broadphase playground: ${this.getAttribute('mode') ?? 'quadtree'}`);
    this.handle = createEmbed(this, this.readSettings(), 'attribute');
    if (Object.keys(this.pending).length > 0) this.handle.setState(this.pending);
    this.pending = {};
    this.childWatch = new MutationObserver(() => this.childrenChanged());
    this.childWatch.observe(this, { childList: true, subtree: true, characterData: true });
  }

  /**
   * A settings child arrived, changed or left: the scene follows it (before
   * the core has loaded, the text joins the settings still to be read).
   */
  private childrenChanged(): void {
    if (this.handle === null) return;
    const now = this.readChildren();
    const changed = CHILD_SETTINGS.filter((s) => now[s] !== this.fromChildren[s]);
    if (changed.length === 0) return;
    this.fromChildren = now;
    const partial: Record<string, string | undefined> = {};
    for (const setting of changed) partial[setting] = now[setting] ?? this.attributeText(setting);
    this.handle.setAttributes(partial);
  }

  /** The attribute's text for a child setting, normalised, or undefined (the default) without one. */
  private attributeText(setting: ChildSetting): string | undefined {
    const value = this.getAttribute(setting);
    return value === null ? undefined : normalizeAuthorText(setting, value);
  }

  disconnectedCallback(): void {
    this.childWatch?.disconnect();
    this.childWatch = null;
    this.handle?.destroy();
    this.handle = null;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (this.handle === null || old === value) return;
    const option = OPTION_OF.get(name);
    if (option === undefined) return;
    // A child's text wins over the attribute while the child is there.
    if (option in this.fromChildren) return;
    // The handle reads the text as an attribute (a refusal names it); a removed attribute goes back to the default.
    const text = value === null ? undefined : IS_CHILD_SETTING.has(option) ? normalizeAuthorText(option as ChildSetting, value) : value;
    this.handle.setAttributes({ [option]: text });
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

  /** Shows step `step` of the stepper (1 is the first; beyond the last, the last), or the whole picture (null). */
  goToStep(step: number | null): void {
    if (this.handle === null) this.setState({ step: step ?? undefined });
    else this.handle.goToStep(step);
  }

  /** One step on. */
  nextStep(): void {
    this.handle?.nextStep();
  }

  /** One step back. */
  previousStep(): void {
    this.handle?.previousStep();
  }

  /** Plays the steps to the end at a readable pace (with reduced motion: shows the last at once). */
  play(): void {
    this.handle?.play();
  }

  pause(): void {
    this.handle?.pause();
  }

  /** Selects object `id` (0: none), whose query, pair search or push-out the stepper walks. */
  select(id: number): void {
    if (this.handle === null) this.setState({ selected: id === 0 ? undefined : id });
    else this.handle.select(id);
  }

  /** Loads a lesson of the mode by name (null: the live scene again). */
  loadLesson(name: string | null): void {
    if (this.handle === null) this.setState({ lesson: name ?? undefined, step: undefined, selected: undefined });
    else this.handle.loadLesson(name);
  }

  /** Where the stepper is: step, count, what the step does and what comes next, the lesson and the selection (null without a stepper). */
  get stepState(): PlaygroundStep | null {
    return this.handle?.stepState ?? null;
  }
}

/**
 * Registers <broadphase-playground> (once; a second call is harmless).
 * Where there is no `customElements` (server-side rendering) it does nothing.
 */
export function defineBroadphasePlayground(name = 'broadphase-playground'): void {
  if (typeof customElements === 'undefined') return;
  if (customElements.get(name) === undefined) customElements.define(name, class extends BroadphasePlayground {});
}

declare global {
  interface HTMLElementTagNameMap {
    'broadphase-playground': BroadphasePlayground;
  }
  interface HTMLElementEventMap {
    /** A `<broadphase-playground>`'s stepper moved (or its steps changed). */
    stepchange: CustomEvent<PlaygroundStep>;
  }
}
