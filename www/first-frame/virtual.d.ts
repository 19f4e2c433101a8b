// The module scripts/first-frame.mjs makes at build time: the default scene's first frame.
declare module 'virtual:first-frame' {
  const frame: import('./frame').FirstFrame;
  export default frame;
}

// The module scripts/first-frame.mjs makes at build time: the first moment of each of tutorial.html's embeds of a quadtree or grids lesson.
declare module 'virtual:first-frame/embeds' {
  const pictures: readonly import('./embed').RecordedEmbed[];
  export default pictures;
}
