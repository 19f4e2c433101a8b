// The example tutorial page: registering the element is all it takes.
import './embed/index';
import { World } from './core/index';
import { failNextAllocation } from './core/core';

// For the page's tests: the embeds' shared core, and the switch that makes
// its next allocation fail (see `Core.failNextAllocation`).
window.__broadphaseCore = { failNextAllocation, World };

declare global {
  interface Window {
    /** Test hooks of the page's core. */
    __broadphaseCore?: { failNextAllocation(): void; World?: typeof World };
  }
}
