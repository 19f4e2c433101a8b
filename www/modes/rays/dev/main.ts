// Test-only bootstrap: the page's theme and wasm set-up, then the rays mode
// mounted on its own (the real page mounts it from the mode table).

import init from '../../../../pkg/broadphase.js';
import '../../../style.css';
import { publishTheme } from '../../../theme';
import { createRaysMode } from '../index';

function showError(error: unknown): void {
  console.error(error);
  const box = document.getElementById('load-error');
  if (box !== null) {
    box.hidden = false;
    box.textContent = `The rays mode could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function main(): Promise<void> {
  publishTheme(document.documentElement);
  await init();
  const host = document.getElementById('mode-host');
  if (host === null) throw new Error('dev/index.html lacks #mode-host');
  createRaysMode(host, new URLSearchParams(location.search));
}

main().catch(showError);
