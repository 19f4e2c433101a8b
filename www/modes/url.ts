// A mode's settings in the address bar. The shell owns `?mode=`; a mode
// owns the rest and rewrites it in place (no history entry per slider tick).

/** Replaces the query with `params`, keeping the shell's `mode` first. */
export function replaceModeQuery(params: URLSearchParams): void {
  const mode = new URLSearchParams(location.search).get('mode');
  const next = new URLSearchParams();
  if (mode !== null) next.set('mode', mode);
  for (const [key, value] of params) if (key !== 'mode') next.append(key, value);
  // Bare flags read better as `&paused` than `&paused=`.
  const query = next.toString().replace(/=(&|$)/g, '$1');
  const url = `${location.pathname}${query === '' ? '' : `?${query}`}${location.hash}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
}
