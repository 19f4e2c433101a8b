// The VitePress recipe (docs/EMBED.md): the default theme, plus the element.
// The import is safe during `vitepress build`'s server-side rendering: with
// no DOM it defines nothing.
import DefaultTheme from 'vitepress/theme';
import 'broadphase-playground';

export default DefaultTheme;
