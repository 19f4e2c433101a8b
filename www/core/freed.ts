// A call on a freed World (or TileGrid) says so. wasm-bindgen's glue would
// pass a null pointer into the core and throw "null pointer passed to
// rust"; this puts a check in front of every method and getter of the two
// classes, once, at import: "this World was freed". A second `free()` is a
// no-op. The core itself never sees a freed object: its arguments are read
// without running user code (see src/wasm/mod.rs), so nothing can free a
// World in the middle of a call either.

interface Pointer {
  __wbg_ptr: number;
}

type Method = (this: Pointer, a?: unknown, b?: unknown, c?: unknown, d?: unknown, e?: unknown, f?: unknown) => unknown;

/** Guards every method and getter on `cls.prototype`; `name` is for the message. */
export function guardFreed(cls: { prototype: object }, name: string): void {
  const proto = cls.prototype as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(proto, '__freedGuard')) return;
  Object.defineProperty(proto, '__freedGuard', { value: true });
  const freed = () => new Error(`this ${name} was freed: it cannot be used after free()`);
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (key === 'constructor' || key === '__destroy_into_raw' || key === '__freedGuard') continue;
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (d === undefined) continue;
    if (key === 'free' && typeof d.value === 'function') {
      const free = d.value as Method;
      // Fixed parameters, not `...args`: no array per call on hot paths.
      Object.defineProperty(proto, key, {
        ...d,
        value: function (this: Pointer) {
          if (this.__wbg_ptr !== 0) free.call(this);
        },
      });
    } else if (typeof d.value === 'function') {
      const method = d.value as Method;
      Object.defineProperty(proto, key, {
        ...d,
        value: function (this: Pointer, a?: unknown, b?: unknown, c?: unknown, d2?: unknown, e?: unknown, f?: unknown) {
          if (this.__wbg_ptr === 0) throw freed();
          return method.call(this, a, b, c, d2, e, f);
        },
      });
    } else if (d.get !== undefined) {
      const get = d.get;
      Object.defineProperty(proto, key, {
        ...d,
        get(this: Pointer) {
          if (this.__wbg_ptr === 0) throw freed();
          return get.call(this);
        },
      });
    }
  }
}
