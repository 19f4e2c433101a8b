// The playground's modes by name: what `mode` may be, and which modes
// share the moving-box simulation.

/** The playground modes. */
export type ModeName = 'quadtree' | 'grids' | 'hierarchy' | 'tiles' | 'rays' | 'play';
export const MODE_NAMES: readonly ModeName[] = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];
/** Modes with the moving-box simulation. */
export const BOX_MODES: readonly ModeName[] = ['quadtree', 'grids', 'hierarchy'];
/** Modes with a stepper over a trace the core recorded (and lessons). */
export const STEPPER_MODES: readonly ModeName[] = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays'];
