// box-intersect's memory pool (typedarray-pool) asks Node's Buffer whether an
// array it frees is a Buffer; in a browser nothing is. The bench page's
// build points `buffer` here (vite.config.ts) instead of a polyfill.
export const Buffer = {
  isBuffer: (_value: unknown): boolean => false,
};
