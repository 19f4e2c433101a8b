// Bootstrap: publish the theme and the modes' styles, load the wasm once,
// then let the shell mount the mode the URL asks for (`#mode=` or
// `?mode=`, default quadtree).

import { init } from './core/index';
import { modeStyles } from './modes/index';
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

async function main(): Promise<void> {
  publishTheme(document.documentElement);
  document.head.append(Object.assign(document.createElement('style'), { textContent: modeStyles() }));
  await init();
  const shell = new Shell(element('mode-tabs'), element('mode-host'), element('mode-blurb'), element('settings-notice'), showError);
  shell.show(readPageParams());
}

main().catch(showError);
