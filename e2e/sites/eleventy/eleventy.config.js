// The Eleventy recipe (docs/EMBED.md): the playground's module and its wasm
// copied side by side into the built site's /js/.
export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy({
    'node_modules/broadphase-playground/broadphase-embed.js': 'js/broadphase-embed.js',
    'node_modules/broadphase-playground/broadphase_bg.wasm': 'js/broadphase_bg.wasm',
  });
}
