// Sharing a moment, in every mode: the Share tool opens a panel over the
// canvas with a link to the scene as it is at that moment (the full
// playground's address with the settings in the hash, long values packed)
// and the `<broadphase-playground>` markup that shows the same scene in
// any HTML page, each with a Copy button. Copying needs no permission to
// work: the text is in a selectable field, selected, and where the
// clipboard refuses the panel says to press Ctrl+C. In an embed the tools
// also carry "Open in the full playground", a link whose address follows
// the scene. What the link and the code hold is the mode's published
// settings plus the view (see www/settings/share.ts).

import { toolButton } from './canvas-tools';
import { h, setText } from './ui';
import { embedCode, plainLink, shareLink } from '../settings/share';
import type { ModeName, SomeSettings } from '../settings/table';

/** Where a mode's Share points, given by the page or the embed that mounts it. */
export interface ShareTarget {
  /** The mode the link and the markup name. */
  readonly mode: ModeName;
  /** The full playground's address (the page's own; an embed's `playground-url`). */
  readonly playgroundUrl: string;
  /** An embed: the tools also get "Open in the full playground". */
  readonly embedded: boolean;
}

/** How long "Copied" stays, ms. */
const COPIED_MS = 2500;

/** What a tick-counting scene's link says about its moment, in words. */
function momentOf(values: SomeSettings): string {
  const parts: string[] = [];
  if (typeof values.tick === 'number') parts.push(`tick ${values.tick.toLocaleString('en-US')}`);
  if (values.paused === true) parts.push('paused');
  else if (values.paused === false) parts.push('running');
  return parts.length === 0 ? 'The scene as it is now.' : `The scene as it is now: ${parts.join(', ')}.`;
}

/** Copies `text`; false where the page may not write the clipboard. */
async function copy(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard === undefined) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export class SharePanel {
  /** The Share tool (and, in an embed, the link to the full playground), for the tools row. */
  readonly tools: HTMLElement[];
  readonly element: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly moment = h('p', { class: 'share-moment' }, '');
  private readonly link = h('input', { type: 'text', readonly: true, class: 'share-text', id: 'share-link', 'aria-label': 'Link to this moment', spellcheck: 'false' });
  private readonly code = h('textarea', { readonly: true, class: 'share-text', id: 'share-code', rows: 4, 'aria-label': 'Embed code for this scene', spellcheck: 'false' });
  private readonly status = h('p', { class: 'share-status', role: 'status' }, '');
  /** Counts openings: a slow pack does not overwrite a later one. */
  private opened = 0;
  private statusTimer = 0;

  constructor(
    private readonly target: ShareTarget,
    /** The scene's settings as they are now, the view included. */
    private readonly values: () => SomeSettings,
  ) {
    this.button = toolButton('Share', 'Share this moment: a link, or the embed code', () => this.toggle(), { 'data-tool': 'share', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', 'aria-controls': 'share-panel' });
    this.button.classList.add('share-tool');
    // A narrow embed shows the arrow alone, so its row of tools stays one row (embed.css).
    this.button.replaceChildren(h('span', { class: 'tool-label' }, 'Share'), h('span', { class: 'tool-icon', 'aria-hidden': 'true' }, '⤴'));
    const close = h('button', { type: 'button', class: 'share-close', 'aria-label': 'Close', title: 'Close (Esc)' }, '×');
    close.addEventListener('click', () => this.hide());
    const copyLink = h('button', { type: 'button', 'data-share': 'copy-link' }, 'Copy link');
    copyLink.addEventListener('click', () => void this.copyField(this.link, 'Link copied.'));
    const copyCode = h('button', { type: 'button', 'data-share': 'copy-code' }, 'Copy embed code');
    copyCode.addEventListener('click', () => void this.copyField(this.code, 'Embed code copied: paste it into an HTML page beside broadphase-embed.js.'));
    const rows: HTMLElement[] = [
      h('div', { class: 'share-head' }, h('h2', {}, 'Share this moment'), close),
      this.moment,
      h('label', { class: 'share-label', for: 'share-link' }, 'Link to the full playground'),
      h('div', { class: 'share-row' }, this.link, copyLink),
      h('label', { class: 'share-label', for: 'share-code' }, 'Embed code (the script once per page, then the element)'),
      this.code,
      h('div', { class: 'share-row' }, copyCode),
      this.status,
    ];
    // A narrow embed's row of tools has no room for the full playground's link: the panel carries it there (embed.css).
    const openHere = target.embedded ? h('a', { class: 'share-open', href: target.playgroundUrl, target: '_blank', rel: 'noopener' }, 'Open in the full playground ↗') : null;
    if (openHere !== null) rows.splice(2, 0, openHere);
    this.element = h('div', { class: 'share-panel', id: 'share-panel', role: 'dialog', 'aria-label': 'Share this moment', hidden: true }, ...rows);
    this.element.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      this.hide();
      this.button.focus();
    });
    for (const field of [this.link, this.code]) field.addEventListener('focus', () => field.select());
    this.tools = [this.button];
    if (target.embedded) {
      const open = h('a', { class: 'canvas-tool open-playground', 'data-tool': 'open-playground', href: target.playgroundUrl, target: '_blank', rel: 'noopener', title: 'Open this scene in the full playground (a new tab)', 'aria-label': 'Open in the full playground' }, 'Full playground ↗');
      // The address follows the scene: packed when the pointer or the focus comes near, plain when followed before that.
      for (const link of openHere === null ? [open] : [open, openHere]) {
        const refresh = () => void this.refreshOpenLink(link);
        link.addEventListener('pointerenter', refresh);
        link.addEventListener('focus', refresh);
        link.addEventListener('click', () => {
          const plain = plainLink(target.playgroundUrl, target.mode, this.values());
          if (link.dataset.plain !== plain) link.href = plain;
        });
      }
      this.tools.push(open);
    }
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  toggle(): void {
    if (this.isOpen) this.hide();
    else void this.show();
  }

  /** Opens the panel with a link and the markup of the scene as it is now; the link is selected. */
  async show(): Promise<void> {
    const ticket = ++this.opened;
    const values = this.values();
    const { mode, playgroundUrl } = this.target;
    setText(this.moment, momentOf(values));
    this.link.value = plainLink(playgroundUrl, mode, values);
    this.code.value = embedCode(mode, values);
    this.setStatus('');
    this.element.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    this.link.focus({ preventScroll: true });
    this.link.select();
    // Long values are packed as the address bar packs them: a shorter link once ready.
    const packed = await shareLink(playgroundUrl, mode, values);
    if (ticket !== this.opened || !this.isOpen) return;
    const selected = this.link.matches(':focus');
    this.link.value = packed;
    if (selected) this.link.select();
  }

  hide(): void {
    this.opened += 1;
    this.element.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
  }

  destroy(): void {
    window.clearTimeout(this.statusTimer);
  }

  private async copyField(field: HTMLInputElement | HTMLTextAreaElement, done: string): Promise<void> {
    field.focus({ preventScroll: true });
    field.select();
    if (await copy(field.value)) {
      this.setStatus(done, true);
      return;
    }
    // No clipboard here (a permission, an insecure page): the text is selected for the reader to copy.
    const key = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘C' : 'Ctrl+C';
    this.setStatus(`This page may not copy for you: the text is selected, press ${key} (or long-press and Copy).`);
  }

  private setStatus(text: string, fades = false): void {
    window.clearTimeout(this.statusTimer);
    setText(this.status, text);
    this.status.dataset.state = fades ? 'copied' : text === '' ? '' : 'manual';
    if (fades) this.statusTimer = window.setTimeout(() => setText(this.status, ''), COPIED_MS);
  }

  private async refreshOpenLink(open: HTMLAnchorElement): Promise<void> {
    const { mode, playgroundUrl } = this.target;
    const values = this.values();
    const plain = plainLink(playgroundUrl, mode, values);
    open.href = plain;
    open.dataset.plain = plain;
    const packed = await shareLink(playgroundUrl, mode, values);
    if (open.dataset.plain === plain) open.href = packed;
  }
}
