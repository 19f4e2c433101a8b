// `prefers-reduced-motion`: modes start paused when it is set, so nothing
// moves until the reader asks for it.

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
