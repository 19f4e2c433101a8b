// The embeddable playground: mount(element, options) and the
// <broadphase-playground> element (registered on import where there is a
// DOM; importing it during server-side rendering does nothing). The
// library builds (vite.lib.config.ts: an ES module and a classic script)
// start here.
//
// | file | job |
// |---|---|
// | `mount.ts` | one instance: shadow root, styles, checked options, problems shown, the mode, sizing, visibility |
// | `load-wasm.ts` | the core, loaded once per page from wherever the author put it, failures explained |
// | `element.ts` | the custom element: attributes and settings children → settings, children watched as they arrive; the stepper's methods |
// | `prose.ts` | the article's links and buttons drive its playgrounds (`data-broadphase-…`), no script of the author's |
// | `author-text.ts` | maps and lists written by hand in HTML, read however a site generator left them |
// | `theme-follow.ts` | light or dark: the `theme` setting, or the page's look and its toggle |
// | `describe.ts` | the settings and panel tables of docs/EMBED.md, made from the code (a test compares them) |
// | `embed.css` | the instance's frame (inside the shadow root only) |
// | `light.css` | the light theme's chrome |

import { defineBroadphasePlayground } from './element';
import { installProseControls } from './prose';

export { mount, type PlaygroundHandle, type PlaygroundStep } from './mount';
export { BroadphasePlayground, defineBroadphasePlayground } from './element';
export type { ModeName, PlaygroundOptions, PlaygroundState } from '../settings/table';
export { WasmLoadError } from './load-wasm';
export type { Problem } from '../settings/read';
export { attributeOf, SETTINGS, type SettingSpec } from '../settings/table';
export { panelsTable, settingsTable } from './describe';
export type { PanelInfo } from '../runtime/ui';

defineBroadphasePlayground();
installProseControls();
