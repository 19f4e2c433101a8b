// The example tutorial page: registering the element is all it takes
// (what the library's entry, embed/index.ts, does), after handing it the
// page's first pictures: the first moments of the embeds it opens with,
// recorded at build time, shown while the core arrives (first-frame/embed.ts).
import { defineBroadphasePlayground } from './embed/element';
import { provideFirstPictures } from './embed/first-pictures';
import { installProseControls } from './embed/prose';
import { findEmbedPicture } from './first-frame/embed';
import { World } from './core/index';
import { failNextAllocation } from './core/core';

// For the page's tests: the embeds' shared core, and the switch that makes
// its next allocation fail (see `Core.failNextAllocation`).
window.__broadphaseCore = { failNextAllocation, World };

// Before the element is defined: defining it starts the embeds already on the page.
provideFirstPictures(findEmbedPicture);
defineBroadphasePlayground();
installProseControls();

declare global {
  interface Window {
    /** Test hooks of the page's core. */
    __broadphaseCore?: { failNextAllocation(): void; World?: typeof World };
  }
}
