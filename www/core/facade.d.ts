// The public types of `World` and `TileGrid` (the façade in facade.js
// implements them over the wasm core; see its header for what a call
// promises). docs/API.md lists every member (scripts/check-api-docs.mjs
// keeps the two in step).

/** What `castRay` hit first (a plain object). */
export interface RayHit {
    /** Fraction of the segment, 0..1. */
    t: number;
    x: number;
    y: number;
    /** Unit outward normal of the surface hit. */
    normalX: number;
    normalY: number;
    /** The object hit, or 0 for a tile. */
    objectId: number;
    /** The tile's cell for a tile hit; -1 for an object. */
    col: number;
    row: number;
}
/** One queue repair of `setParent` (see `lastRepair`). */
export interface RepairTrace {
    child: number;
    parent: number;
    /** Where the child sat in the queue (the start of the repaired segment). */
    p: number;
    /** Where the new parent sat (its end). */
    q: number;
    /** The segment P..=Q before the repair. */
    before: Uint32Array;
    /** The temporary queue at the end of the walk. */
    temp: Uint32Array;
    /** Per entry of `before`: 1 if it went to the temporary queue. */
    toTemp: Uint8Array;
    /** The segment after the repair. */
    after: Uint32Array;
}



/**
 * A world's N-style tile grid (`world.tiles`: one handle per World), with
 * its shapes, edge states and doors as typed-array views, a change journal
 * a drawing layer redraws from, tile-only rays, and static functions that
 * describe the shapes without any grid. Views follow the World's rule
 * (see **Views** on `World`): valid until the next call into the core,
 * possibly the same object again, harmless to write into.
 */
declare class TileGrid {
    private constructor();
    /** Does nothing: the handle is its World's, freed with the World. */
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The map as ASCII: two characters per cell (`..` empty, `##` full,
     * else a family letter and the solid corner's keypad digit), then one
     * `door <col> <row> <side> <open|closed>` line per door.
     */
    ascii(): string;
    /**
     * The first tile surface (or closed door) the segment touches, or
     * undefined; objects are ignored (`World.castRay` sees both).
     */
    castRay(x0: number, y0: number, x1: number, y1: number): RayHit | undefined;
    /**
     * The cell holding a point, `[col, row]` (cells are half-open), or
     * undefined outside the map (a copy).
     */
    cellAt(x: number, y: number): Uint32Array | undefined;
    /**
     * `[col, row, …]` of the cells whose picture changed since `revision`
     * (a tile set, or an edge beside them changed state or door),
     * row-major, each once (a view: valid until the next call into this
     * core, may come back as the same object, `.slice()` to keep it);
     * `undefined` when that is too long ago or the map was replaced since:
     * redraw everything then. `revision` is a whole number from 0 (`-1`,
     * `NaN`, `1.5` throw).
     */
    changedCellsSince(revision: number): Uint32Array | undefined;
    /**
     * The door names by the codes of `doors()` and `edgeLines()`:
     * `["none", "open", "closed"]`.
     */
    static doorStates(): string[];
    /**
     * The door on a cell side: `"open"`, `"closed"` or `"none"`.
     */
    door(col: number, row: number, side: string): string;
    /**
     * Every edge's door by edge id, as codes of `TileGrid.doorStates()`
     * (same layout as `edges()`; a view: valid until the next call into
     * this core, may come back as the same object, `.slice()` to keep it).
     */
    doors(): Uint8Array;
    /**
     * The edges bordering the cells `[colStart, colEnd) × [rowStart,
     * rowEnd)` (the whole map when omitted) that are not empty or carry a
     * door: `x0, y0, x1, y1, state, door` each, in world units (a view:
     * valid until the next call into this core, may come back as the same
     * object, `.slice()` to keep it).
     */
    edgeLines(colStart?: number | null, rowStart?: number | null, colEnd?: number | null, rowEnd?: number | null): Float64Array;
    /**
     * `"empty"`, `"solid"` or `"interesting"` for a side of a cell.
     */
    edge(col: number, row: number, side: string): string;
    /**
     * Every edge's state by edge id, as codes of `World.edgeStates()`:
     * vertical edges first, the one on line `x = k·tileSize` in row `r` at
     * `r·(cols+1) + k`; then horizontal ones, the one on line
     * `y = k·tileSize` in column `c` at `(cols+1)·rows + k·cols + c` (a
     * view: valid until the next call into this core, may come back as the
     * same object, `.slice()` to keep it).
     */
    edges(): Uint8Array;
    /**
     * Whether no tile (nor closed door) touches the segment.
     */
    lineOfSight(x0: number, y0: number, x1: number, y1: number): boolean;
    /**
     * Replaces the map by one read from ASCII (see `ascii()`).
     */
    loadAscii(map: string, tileSize: number): void;
    /**
     * Replaces the map by a preset (see `TileGrid.presets()`).
     */
    loadPreset(name: string): void;
    /**
     * The preset maps `loadPreset` accepts.
     */
    static presets(): string[];
    /**
     * A move `[dx, dy]` that takes the box out of every tile it overlaps:
     * the deepest contact is resolved first, shortest exit that lands
     * clear, at most 8 rounds (may be partial in a tight spot; a copy).
     */
    pushOut(x: number, y: number, w: number, h: number): Float64Array;
    /**
     * Replaces the map by `cols × rows` empty tiles of side `tileSize`.
     */
    reset(cols: number, rows: number, tileSize: number): void;
    /**
     * The shape turned a quarter turn clockwise on screen (y down), or
     * anticlockwise: a true rotation, so `shallow-small-br` becomes
     * `steep-small-bl`.
     */
    static rotateShape(shape: string, clockwise: boolean): string;
    /**
     * A door on a cell side: `"open"`, `"closed"`, or `"none"` to remove it.
     */
    setDoor(col: number, row: number, side: string, door: string): void;
    setTile(col: number, row: number, shape: string): void;
    /**
     * The families, in code order: `"empty"`, `"full"`, `"slope45"`,
     * `"concave"`, `"convex"`, `"shallow-small"`, `"shallow-large"`,
     * `"steep-small"`, `"steep-large"`.
     */
    static shapeFamilies(): string[];
    /**
     * The family of a shape.
     */
    static shapeFamily(shape: string): string;
    /**
     * The outline of a shape's solid part in the unit tile `[0, 1]²`,
     * `[x0, y0, x1, y1, …]`, arcs as `segments` straight pieces (a copy;
     * empty for `"empty"`).
     */
    static shapeOutline(shape: string, segments: number): Float64Array;
    /**
     * The edge state each side of a lone tile of this shape gives, as
     * codes of `World.edgeStates()`, in `TileGrid.sides()` order (a copy).
     */
    static shapeSides(shape: string): Uint8Array;
    /**
     * Every shape name, in code order (the codes of `tileIndices()`):
     * `"empty"`, `"full"`, then `<family>-<corner>` for each family and the
     * corner (`tl`, `tr`, `bl`, `br`) holding the solid part.
     */
    static shapes(): string[];
    /**
     * The side names, in the order of `shapeSides`: `["left", "right",
     * "top", "bottom"]` (y grows downward).
     */
    static sides(): string[];
    /**
     * Per cell, row-major, the code of its shape in `TileGrid.shapes()` (a
     * view: valid until the next call into this core, may come back as the
     * same object, `.slice()` to keep it).
     */
    tileIndices(): Uint8Array;
    /**
     * The shape name of a tile.
     */
    tile(col: number, row: number): string;
    /**
     * `[col, row, …]` of the tiles the box's interior overlaps, row-major
     * (a view: valid until the next call into this core, may come back as
     * the same object, `.slice()` to keep it).
     */
    touchedCells(x: number, y: number, w: number, h: number): Uint32Array;
    /**
     * `[col, row, …]` of the cells the segment passes through, in order,
     * clipped to the grid, ignoring tiles (a view: valid until the next
     * call into this core, may come back as the same object, `.slice()` to
     * keep it).
     */
    traceCells(x0: number, y0: number, x1: number, y1: number): Uint32Array;
    /**
     * The same walk with the DDA's state, `col, row, t, x, y, tMaxX, tMaxY,
     * tDeltaX, tDeltaY` per cell: one walk gives the cells and the
     * step-through (a view: valid until the next call into this core, may
     * come back as the same object, `.slice()` to keep it).
     */
    traceSteps(x0: number, y0: number, x1: number, y1: number): Float64Array;
    /**
     * Throws if an invariant of the map is broken (a debugging aid).
     */
    validate(): void;
    readonly cols: number;
    /**
     * Goes up with every change of a tile, an edge state or a door, and
     * jumps when the whole map is replaced: compare it with the revision
     * last drawn, and ask `changedCellsSince` what to redraw.
     */
    readonly revision: number;
    readonly rows: number;
    readonly tileSize: number;
}

/**
 * A world of moving boxes with switchable broad-phase structures.
 *
 * **Views.** A method documented as returning *a view* returns a typed
 * array over the core's wasm memory, not a copy:
 * - it is valid until the next call into any World or TileGrid of the
 *   same core (the same loaded module): that call may write over it, or
 *   grow the memory, which detaches it (it then reads length 0);
 * - a later call, of the same method or another one, may return the very
 *   same object (`query()` twice; `touchedCells()`, then `traceCells()`);
 * - `.slice()` one to keep it;
 * - writing into it (`fill`, `sort`, `reverse`, `set`) is harmless: the
 *   core keeps its own state apart and never reads a view back, so a
 *   write changes no answer of any World; it stays in that view until the
 *   core writes there again (at the latest, the next call returning it
 *   after the World changed).
 *
 * **A stopped core.** If the wasm ever traps (a bug: every refusal is an
 * `Error` that changes nothing), that call and every later call on any
 * World of that core throw an `Error` named `CoreStoppedError`; `free()`
 * then does nothing. `World.onCoreStopped` says when; `init()` (or
 * `initSync()`) starts a fresh core for new Worlds.
 */
declare class World {
    /** Releases the world's wasm memory now, its `tiles` handle with it; a second call does nothing. */
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The object's current `[x, y, w, h]` (a copy).
     */
    box(id: number): Float64Array;
    /**
     * The first tile surface or object box the segment touches, or
     * undefined (a plain object).
     */
    castRay(x0: number, y0: number, x1: number, y1: number): RayHit | undefined;
    /**
     * The quadtree limits a new World starts with: `[maxObjects, maxLevels]`.
     */
    static defaultQuadtreeLimits(): Uint32Array;
    /**
     * The edge-state names, by the codes of `TileGrid.edges()` and
     * `edgeLines()`: `["empty", "solid", "interesting"]`.
     */
    static edgeStates(): string[];
    /**
     * `"empty"`, `"solid"` or `"interesting"` for a side (`"left"`,
     * `"right"`, `"top"`, `"bottom"`) of a cell, after simplification.
     */
    edge(col: number, row: number, side: string): string;
    /**
     * The active grid's layout `[originX, originY, cellSize, cols, rows]`
     * (empty when no grid is active; a copy).
     */
    gridGeometry(): Float64Array;
    /**
     * Adds a box at rest; returns its id (>= 1, never reused).
     */
    insert(x: number, y: number, w: number, h: number): number;
    /**
     * The last `setParent`'s queue repair, when tracing is on, or
     * `undefined` when it repaired nothing.
     */
    lastRepair(): RepairTrace | undefined;
    /**
     * The scene layouts `populate` accepts.
     */
    static layouts(): string[];
    /**
     * Calls `listener` with the `CoreStoppedError` each time the core
     * stops after an internal error (a trap in the wasm), after the call
     * that trapped: every World of that core is lost; `init()` starts a
     * fresh core. Returns a function that stops listening.
     */
    static onCoreStopped(listener: (error: Error) => void): () => void;
    /**
     * A world rectangle `[0, width] × [0, height]`.
     */
    constructor(width: number, height: number);
    /**
     * Every live id once, each parent before its children (a view: valid
     * until the next call into this core, may come back as the same object,
     * `.slice()` to keep it).
     */
    order(): Uint32Array;
    /**
     * After a `pairs()` call: its pairs that were not in the previous
     * `pairs()` result (the first call: all), laid out like `pairs()` (a
     * view: valid until the next call into this core, may come back as the
     * same object, `.slice()` to keep it).
     */
    pairsBegan(): Uint32Array;
    /**
     * After a `pairs()` call: the previous result's pairs that are gone,
     * including those of removed objects (a view: valid until the next call
     * into this core, may come back as the same object, `.slice()` to keep
     * it).
     */
    pairsEnded(): Uint32Array;
    /**
     * Every overlapping pair `[a0, b0, a1, b1, …]`, `a < b`, sorted (a
     * view: valid until the next call into this core, may come back as the
     * same object, `.slice()` to keep it). From 4096 objects up it may
     * first renumber the slots (see `slotGeneration`): re-read per-slot
     * views after it. Throws, changing nothing, when the pairs cannot be
     * held: more than 4,194,304 (n boxes in one place make n(n−1)/2), or
     * more than the memory left holds.
     */
    pairs(): Uint32Array;
    /**
     * The parent id, 0 at the root.
     */
    parentOf(id: number): number;
    /**
     * Adds `count` seeded moving boxes laid out per `layout` (one of
     * `World.layouts()`). Returns the first new id.
     */
    populate(count: number, seed: number, layout: string): number;
    /**
     * The active quadtree's nodes, `x, y, w, h, depth, leaf` each (a view:
     * valid until the next call into this core, may come back as the same
     * object, `.slice()` to keep it; empty when no quadtree is active).
     */
    quadtreeNodes(): Float64Array;
    /**
     * Ids of the boxes overlapping the given box, ascending (a view: valid
     * until the next call into this core, may come back as the same object,
     * `.slice()` to keep it).
     */
    query(x: number, y: number, w: number, h: number): Uint32Array;
    /**
     * Deletes the object and everything attached below it.
     */
    remove(id: number): void;
    /**
     * Renumbers the slots in space order now (see `slotGeneration`).
     */
    renumberSlots(): void;
    /**
     * Makes the world rectangle `[0, width] × [0, height]`; objects stay
     * where they are.
     */
    resize(width: number, height: number): void;
    /**
     * The side of the square world the seeded scenes use for `count`
     * boxes (constant density; see the README's benchmarks).
     */
    static sceneSide(count: number): number;
    /**
     * The grid cells `pairs()` searches for this object's partners, `x, y,
     * w, h` each (a copy; empty for non-grid structures).
     */
    searchedIn(id: number): Float64Array;
    /**
     * Cell size of the `"grid"` and `"loose-grid"` structures. Until set,
     * they choose one from the objects' sizes.
     */
    setCellSize(size: number): void;
    /**
     * Records each queue repair so `lastRepair()` can show it.
     */
    setHierarchyTracing(on: boolean): void;
    /**
     * Attaches `child` under `parent` (0 detaches). Throws on a cycle.
     */
    setParent(child: number, parent: number): void;
    /**
     * Many attachments at once: `pairs` is `[child0, parent0, child1,
     * parent1, …]`, applied in order, all or nothing. Returns
     * `"repaired"` or `"resorted"`: how the queue was kept in order.
     */
    setParents(pairs: Uint32Array): string;
    /**
     * Split threshold and depth limit of both quadtrees.
     */
    setQuadtreeLimits(maxObjects: number, maxLevels: number): void;
    /**
     * One of `World.structures()`.
     */
    setStructure(name: string): void;
    /**
     * Replaces the tile grid by `cols × rows` empty tiles of side `tileSize`.
     */
    setTileGrid(cols: number, rows: number, tileSize: number): void;
    /**
     * How an object meets the tile map during `step`: `"none"` (passes
     * through, the default), `"bounce"` or `"slide"`.
     */
    setTileResponse(id: number, response: string): void;
    /**
     * Sets one tile by shape name (see `TileGrid.shapes()`).
     */
    setTile(col: number, row: number, shape: string): void;
    /**
     * Units per second.
     */
    setVelocity(id: number, vx: number, vy: number): void;
    /**
     * Per slot `x, y, w, h` (slots with id 0 are free; a view: valid until
     * the next call into this core, may come back as the same object,
     * `.slice()` to keep it).
     */
    slotBoxes(): Float64Array;
    /**
     * Per slot the object's id, or 0 for a free slot (a view: valid until
     * the next call into this core, may come back as the same object,
     * `.slice()` to keep it).
     */
    slotIds(): Uint32Array;
    /**
     * Per slot 1 if it was in a pair at the last `pairs()` (a view: valid
     * until the next call into this core, may come back as the same object,
     * `.slice()` to keep it).
     */
    slotOverlapping(): Uint8Array;
    /**
     * Moves every object by velocity × dt, bounces it off the walls, and
     * pushes tile colliders out of the tiles.
     */
    step(dt: number): void;
    /**
     * The quadtree nodes or grid cells holding the object, `x, y, w, h`
     * each (a copy).
     */
    storedIn(id: number): Float64Array;
    /**
     * Every structure name `setStructure` accepts: `"brute-force"`,
     * `"quadtree"`, `"quadtree-leaves"`, `"grid"`, `"loose-grid"`.
     */
    static structures(): string[];
    tileResponse(id: number): string;
    /**
     * The names `setTileResponse` accepts.
     */
    static tileResponses(): string[];
    /**
     * The shape name of a tile.
     */
    tile(col: number, row: number): string;
    /**
     * `[col, row, …]` of the tiles the box touches, row-major (a view:
     * valid until the next call into this core, may come back as the same
     * object, `.slice()` to keep it).
     */
    touchedCells(x: number, y: number, w: number, h: number): Uint32Array;
    /**
     * `[col, row, …]` of the tile-grid cells the segment passes through, in
     * order, clipped to the grid, ignoring tiles (a view: valid until the
     * next call into this core, may come back as the same object,
     * `.slice()` to keep it).
     */
    traceCells(x0: number, y0: number, x1: number, y1: number): Uint32Array;
    /**
     * Many boxes at once: `boxes` holds `[x, y, w, h]` per id of `ids`,
     * placed all at once (each listed box exactly where its entry says; an
     * attached box not listed follows its parent); all or nothing: a bad
     * entry throws naming its index and nothing changes.
     */
    updateMany(ids: Uint32Array, boxes: Float64Array): void;
    /**
     * Moves / resizes a box.
     */
    update(id: number, x: number, y: number, w: number, h: number): void;
    /**
     * Returns the grids to a cell size picked from the objects' sizes.
     */
    useAutomaticCellSize(): void;
    /**
     * Throws if any internal invariant is broken (a debugging aid).
     */
    validate(): void;
    /**
     * `[vx, vy]` of a live object (a copy).
     */
    velocity(id: number): Float64Array;
    /**
     * The field names of a view, in order: its stride is their number.
     * `name` is the method returning the view (`"slotBoxes"`,
     * `"quadtreeNodes"`, `"traceSteps"`, `"edgeLines"`, …); unknown names
     * throw.
     */
    static viewLayout(name: string): string[];
    /**
     * Every view `viewLayout` knows.
     */
    static views(): string[];
    /**
     * The grids' cell size in use (NaN when automatic and no grid is active).
     */
    readonly cellSize: number;
    /**
     * Live objects.
     */
    readonly count: number;
    readonly height: number;
    readonly maxLevels: number;
    readonly maxObjects: number;
    /**
     * Box-versus-box tests made by the last `pairs()`.
     */
    readonly pairCandidateTests: number;
    /**
     * Nodes or cells visited by the last `pairs()`.
     */
    readonly pairNodesVisited: number;
    /**
     * Box-versus-box tests made by the last `query()`.
     */
    readonly queryCandidateTests: number;
    /**
     * Goes up by one each time the slots are renumbered (in space order,
     * by `pairs()` once objects have drifted, from 4096 objects up, or by
     * `renumberSlots()`): an id → slot index built from `slotIds()` must
     * then be rebuilt. Ids never change.
     */
    readonly slotGeneration: number;
    readonly structure: string;
    /**
     * The world's tile grid: the same handle at every read, sharing this
     * world's map (edits through either are the same edits) and freed with
     * the world.
     */
    readonly tiles: TileGrid;
    readonly width: number;
}

export type { TileGrid, World };

/** The bytes of the wasm, a compiled module, or where to fetch it. */
export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;
export type SyncInitInput = BufferSource | WebAssembly.Module;

/** The public classes over one wasm-bindgen module, and its loaders. */
export interface Core {
  readonly World: typeof World;
  readonly TileGrid: typeof TileGrid;
  /**
   * Loads the wasm (in a browser, fetched beside the module unless given);
   * resolves to its exports. After the core stopped (`World.onCoreStopped`),
   * starts a fresh core (a new instance of the same module, unless given
   * another) in which new Worlds are made; the stopped core's Worlds stay
   * unusable.
   */
  init(module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<unknown>;
  /** Compiles the wasm from its bytes or a compiled module, at once (after the core stopped: a fresh core, as `init`). */
  initSync(module?: { module: SyncInitInput } | SyncInitInput): unknown;
  /**
   * For tests only (not exported by any entry): makes the core's next
   * allocation fail as running out of memory does (a fallible reservation
   * is refused; any other allocation stops the core).
   */
  failNextAllocation(): void;
}

/** The public classes over `raw`, the namespace of a wasm-bindgen build of this crate (the same classes for the same module). */
export declare function facade(raw: object): Core;

/** Each method's parameters, `[name, JS type]` in order (what the façade checks). */
export declare const signatures: {
  readonly World: Readonly<Record<string, readonly (readonly [string, string])[]>>;
  readonly TileGrid: Readonly<Record<string, readonly (readonly [string, string])[]>>;
};
