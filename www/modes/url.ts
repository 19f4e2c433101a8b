// A mode's settings in the address bar. The scene lives in the hash
// (`#mode=grids&n=2000&seed=3`), so a link reproduces what someone saw; the
// older `?mode=…&n=…` query is still read, once, so old links and bookmarks
// work, and is dropped the first time the hash is written. The shell owns
// `mode`; a mode owns the rest and rewrites it in place (no history entry
// per slider tick).

/** Parameters of a `#a=1&b` hash (empty for no hash). */
export function hashParams(hash: string = location.hash): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

/** The page's state: the hash when it holds any, else the query. */
export function readPageParams(): URLSearchParams {
  const hash = hashParams();
  return [...hash.keys()].length > 0 ? hash : new URLSearchParams(location.search);
}

/** `a=1&paused`: bare flags read better than `paused=`. */
export function formatParams(params: URLSearchParams): string {
  return params.toString().replace(/=(&|$)/g, '$1');
}

/** Replaces the mode's settings with `params`, keeping the shell's `mode` first. */
export function replaceModeQuery(params: URLSearchParams): void {
  const mode = readPageParams().get('mode') ?? new URLSearchParams(location.search).get('mode');
  const next = new URLSearchParams();
  if (mode !== null) next.set('mode', mode);
  for (const [key, value] of params) if (key !== 'mode') next.append(key, value);
  const state = formatParams(next);
  const url = `${location.pathname}${state === '' ? '' : `#${state}`}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
}
