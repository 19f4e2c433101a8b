// Which renderer draws: `auto` (WebGL2 where the browser has a GPU, else
// the 2D canvas), or forced with `?renderer=2d` / `?renderer=webgl` in
// the address the page was loaded with (for comparing the two, and for a
// machine whose WebGL misbehaves). Read when this module loads, since the
// page rewrites its address to the hash soon after. An unknown value is
// warned about and means `auto`.

export const RENDERER_CHOICES = ['auto', 'webgl', '2d'] as const;
export type RendererChoice = (typeof RENDERER_CHOICES)[number];

const loadedWith = typeof location === 'undefined' ? '' : location.search;
let warned = false;

/** The choice in the query (`?renderer=`) of `search` (default: the address the page loaded with), else `auto`. */
export function rendererFromAddress(search: string = loadedWith): RendererChoice {
  const raw = new URLSearchParams(search).get('renderer');
  if (raw === null) return 'auto';
  if ((RENDERER_CHOICES as readonly string[]).includes(raw)) return raw as RendererChoice;
  if (!warned) {
    warned = true;
    console.warn(`broadphase: renderer "${raw}" not used: expected one of ${RENDERER_CHOICES.join(', ')}; drawing with auto`);
  }
  return 'auto';
}
