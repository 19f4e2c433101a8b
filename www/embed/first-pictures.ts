// Where a page hands its embeds their first pictures: a picture of an
// embed's first moment, drawn in its place while the core is still
// arriving (www/first-frame/embed.ts, recorded when the page was built).
// The library builds register none, so other people's embeds start with
// the loading placeholder as they always have; a page's own entry
// (www/tutorial.ts) registers its pictures before the element is defined.

/** A picture on show in an embed's body, laid out as its mode will be. */
export interface EmbedPicture {
  /** The picture's world's height over its width (the layout's `aspect`, as the mode will give it). */
  readonly aspect: number;
  /** Takes the picture off the page (the live mode has replaced it, or the embed changed or failed). */
  destroy(): void;
}

/** Draws a picture in `host` (an empty mode host in the embed's body); `keyRoot` is the embed's shadow root. */
export type DrawPicture = (host: HTMLElement, keyRoot: ShadowRoot) => EmbedPicture;

/** A picture for `element` with these settings as written (attribute texts keyed by option), or null. */
export type PictureFinder = (element: HTMLElement, raw: Readonly<Record<string, unknown>>) => DrawPicture | null;

let finder: PictureFinder | null = null;

/** The page's pictures (one finder a page; a later call replaces it). */
export function provideFirstPictures(find: PictureFinder): void {
  finder = find;
}

/** The picture for an embed written as attributes, if the page has one for it. */
export function firstPictureFor(element: HTMLElement, raw: Readonly<Record<string, unknown>>): DrawPicture | null {
  return finder === null ? null : finder(element, raw);
}
