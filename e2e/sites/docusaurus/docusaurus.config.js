// The Docusaurus recipe (docs/EMBED.md): the element is imported by a
// client module, which Docusaurus also evaluates while rendering pages on
// the server, where the import defines nothing.
module.exports = {
  title: 'broadphase in Docusaurus',
  url: 'http://localhost',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [
    [
      'classic',
      {
        docs: { routeBasePath: '/', sidebarPath: require.resolve('./sidebars.js') },
        blog: false,
        pages: false,
      },
    ],
  ],
  headTags: [{ tagName: 'link', attributes: { rel: 'icon', href: 'data:,' } }],
  clientModules: [require.resolve('./src/broadphase.js')],
  themeConfig: { navbar: { title: 'broadphase' } },
};
