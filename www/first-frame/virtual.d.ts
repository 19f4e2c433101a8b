// The module scripts/first-frame.mjs makes at build time: the default scene's first frame.
declare module 'virtual:first-frame' {
  const frame: import('./frame').FirstFrame;
  export default frame;
}
