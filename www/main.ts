// Bootstrap: publish the theme and the modes' styles, show the shell (the
// tabs) and a loading line, load the wasm once (index.html preloads it),
// then let the shell mount the mode the URL asks for (`#mode=` or
// `?mode=`, default quadtree).

import { init, World } from './core/index';
import { failNextAllocation } from './core/core';
// Reads ?renderer= as the page loaded, before the shell rewrites the address (the modes load later).
import './gpu/preference';
import { findMode, modeStyles } from './modes/index';
import { readPageParams } from './settings/address';
import { Shell } from './shell';
import { publishTheme } from './runtime/theme';
import './style.css';

function element(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`index.html lacks #${id}`);
  return el;
}

function showError(error: unknown): void {
  console.error(error);
  const box = document.getElementById('load-error');
  if (box !== null) {
    box.hidden = false;
    box.textContent = `The playground could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * Draws the recorded first frame (first-frame/show.ts) when the address
 * is the default link and the mode has not mounted yet (its chunk is only
 * fetched for that link);
 * a picture that cannot be drawn is only a slower start, said in the console.
 */
async function showFirstPicture(shell: Shell): Promise<void> {
  const raw = readPageParams();
  if (![...raw.keys()].every((k) => k === 'mode') || findMode(raw.get('mode')).id !== 'quadtree') return;
  try {
    const picture = await import('./first-frame/show');
    if (!picture.isDefaultLink(raw)) return;
    shell.holdPicture(findMode('quadtree'), (host) => picture.showFirstPicture(host, { publish: () => {}, debug: false }));
  } catch (error) {
    console.warn('broadphase: the first picture was not drawn', error);
  }
}

async function main(): Promise<void> {
  publishTheme(document.documentElement);
  // A constructed stylesheet, not a <style> element: a page whose policy allows only its own style files applies it too.
  const modes = new CSSStyleSheet();
  modes.replaceSync(modeStyles());
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, modes];
  // The shell (tabs) first: the reader sees the page while the wasm arrives.
  const host = element('mode-host');
  const shell = new Shell(element('mode-tabs'), host, element('mode-blurb'), element('settings-notice'), showError);
  host.append(Object.assign(document.createElement('p'), { className: 'mode-placeholder', textContent: 'Loading the WebAssembly core…' }));
  // The first mode's code downloads beside the wasm (the shell asks for it again, from the cache).
  findMode(readPageParams().get('mode'))
    .load()
    .catch(() => {});
  // The default scene's first frame as the core computed it at build time, drawn while the wasm arrives.
  void showFirstPicture(shell);
  await init();
  // A core that traps loses every World in it: the shell starts a fresh one.
  World.onCoreStopped((stopped) => void shell.recoverCore(stopped));
  // For the page's tests: make the core's next allocation fail.
  window.__broadphaseCore = { failNextAllocation };
  shell.show(readPageParams());
}

main().catch(showError);
