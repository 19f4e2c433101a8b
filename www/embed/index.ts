// The embeddable playground: mount(element, options) and the
// <broadphase-playground> element (registered on import). The library
// build (vite.lib.config.ts) starts here.
//
// | file | job |
// |---|---|
// | `options.ts` | the options, and their translation to and from a mode's query parameters |
// | `mount.ts` | one instance: shadow root, styles, the mode, visibility and size observers |
// | `element.ts` | the custom element: attributes → options |
// | `embed.css` | the instance's frame (inside the shadow root only) |

import { defineBroadphasePlayground } from './element';

export { mount, type PlaygroundHandle } from './mount';
export { BroadphasePlayground, defineBroadphasePlayground } from './element';
export type { ModeName, PlaygroundOptions, PlaygroundState } from './options';

defineBroadphasePlayground();
