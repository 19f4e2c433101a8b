//! The JavaScript face of the library: the only file with `#[wasm_bindgen]`.
//!
//! Every method validates its input in the core (which returns `Result`) and
//! turns an error into a thrown JS `Error` whose message names the argument.
//! Per-frame data (`pairs`, `query`, `slotBoxes`, …) is returned as typed-
//! array *views* into wasm memory, not copies: a view is valid until the next
//! call into the world (a call may grow memory and detach it). Use
//! `.slice()` to keep one.

use js_sys::{Float64Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::scene::Layout;
use crate::tile_grid::{TileShape, PRESET_NAMES};
use crate::world::{whole_u32, StructureKind};

/// What `castRay` hit first.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct RayHit {
    /// Fraction of the segment, 0..1.
    pub t: f64,
    pub x: f64,
    pub y: f64,
    /// Unit outward normal of the surface hit.
    #[wasm_bindgen(js_name = normalX)]
    pub normal_x: f64,
    #[wasm_bindgen(js_name = normalY)]
    pub normal_y: f64,
    /// The object hit, or 0 for a tile.
    #[wasm_bindgen(js_name = objectId)]
    pub object_id: u32,
    /// The tile's cell for a tile hit; -1 for an object.
    pub col: i32,
    pub row: i32,
}

/// A world of moving boxes with switchable broad-phase structures.
#[wasm_bindgen(js_name = World)]
pub struct WasmWorld {
    inner: crate::World,
    /// Scratch for the drawing views, kept so drawing allocates nothing warm.
    node_buffer: Vec<f64>,
    edge_buffer: Vec<f64>,
    tile_buffer: Vec<u8>,
}

/// Most objects `populate` adds in one call: more would exhaust wasm memory
/// before the first frame (10M boxes are ~1 GB with their structures).
const MAX_POPULATE: u32 = 2_000_000;

/// Most straight pieces `tileOutline` draws an arc with.
const MAX_OUTLINE_SEGMENTS: u32 = 1024;

fn to_js(error: crate::Error) -> JsError {
    JsError::new(&error.to_string())
}

// SAFETY (for every `view` below): the view aliases memory owned by `self`
// and is documented to be valid only until the next call into the world;
// nothing in between can run Rust code that would free or move it.
/// `[minX, minY, maxX, maxY, …]` as a new array (a copy).
fn flatten_boxes(boxes: &[crate::Aabb]) -> Float64Array {
    let flat: Vec<f64> = boxes.iter().flat_map(|b| [b.min_x, b.min_y, b.max_x, b.max_y]).collect();
    Float64Array::from(&flat[..])
}

fn view_f64(data: &[f64]) -> Float64Array {
    unsafe { Float64Array::view(data) }
}

fn view_u32(data: &[u32]) -> Uint32Array {
    unsafe { Uint32Array::view(data) }
}

fn view_u8(data: &[u8]) -> Uint8Array {
    unsafe { Uint8Array::view(data) }
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// A world rectangle `[0, width] × [0, height]`.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64) -> Result<WasmWorld, JsError> {
        console_error_panic_hook::set_once();
        let inner = crate::World::new(width, height).map_err(to_js)?;
        Ok(WasmWorld { inner, node_buffer: Vec::new(), edge_buffer: Vec::new(), tile_buffer: Vec::new() })
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> f64 {
        self.inner.width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> f64 {
        self.inner.height()
    }

    /// Adds a box at rest; returns its id (>= 1, never reused).
    pub fn insert(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<u32, JsError> {
        self.inner.insert(x, y, w, h).map_err(to_js)
    }

    /// Moves / resizes a box.
    pub fn update(&mut self, id: f64, x: f64, y: f64, w: f64, h: f64) -> Result<(), JsError> {
        self.inner.update(whole("id", id)?, x, y, w, h).map_err(to_js)
    }

    /// Units per second.
    #[wasm_bindgen(js_name = setVelocity)]
    pub fn set_velocity(&mut self, id: f64, vx: f64, vy: f64) -> Result<(), JsError> {
        self.inner.set_velocity(whole("id", id)?, vx, vy).map_err(to_js)
    }

    /// `[vx, vy]` of a live object.
    pub fn velocity(&self, id: f64) -> Result<Float64Array, JsError> {
        let v = self.inner.velocity(whole("id", id)?).map_err(to_js)?;
        Ok(Float64Array::from(&v[..]))
    }

    /// Deletes the object and everything attached below it.
    pub fn remove(&mut self, id: f64) -> Result<(), JsError> {
        self.inner.remove(whole("id", id)?).map_err(to_js)
    }

    /// The object's current `[x, y, w, h]` (a copy).
    #[wasm_bindgen(js_name = box)]
    pub fn box_of(&self, id: f64) -> Result<Float64Array, JsError> {
        let b = self.inner.box_of(whole("id", id)?).map_err(to_js)?;
        Ok(Float64Array::from(&b[..]))
    }

    /// Live objects.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> u32 {
        self.inner.count() as u32
    }

    /// Moves every object by velocity × dt and bounces it off the walls.
    pub fn step(&mut self, dt: f64) -> Result<(), JsError> {
        self.inner.step(dt).map_err(to_js)
    }

    /// Every overlapping pair `[a0, b0, a1, b1, …]`, `a < b`, sorted (a view).
    /// From 4096 objects up it may first renumber the slots (see
    /// `slotGeneration`): re-read per-slot views after it.
    pub fn pairs(&mut self) -> Uint32Array {
        view_u32(self.inner.pairs())
    }

    /// Ids of the boxes overlapping the given box, ascending (a view).
    pub fn query(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<Uint32Array, JsError> {
        let ids = self.inner.query(x, y, w, h).map_err(to_js)?;
        Ok(view_u32(ids))
    }

    /// One of `"brute-force"`, `"quadtree"`, `"quadtree-leaves"`, `"grid"`,
    /// `"loose-grid"` (see `structures()`).
    #[wasm_bindgen(js_name = setStructure)]
    pub fn set_structure(&mut self, name: &str) -> Result<(), JsError> {
        self.inner.set_structure(name).map_err(to_js)
    }

    #[wasm_bindgen(getter)]
    pub fn structure(&self) -> String {
        self.inner.structure().to_string()
    }

    /// Every structure name `setStructure` accepts.
    pub fn structures() -> Vec<String> {
        StructureKind::ALL.iter().map(|k| k.name().to_string()).collect()
    }

    /// Split threshold and depth limit of both quadtrees.
    #[wasm_bindgen(js_name = setQuadtreeLimits)]
    pub fn set_quadtree_limits(&mut self, max_objects: f64, max_levels: f64) -> Result<(), JsError> {
        let max_objects = whole("maxObjects", max_objects)?;
        let max_levels = whole("maxLevels", max_levels)?;
        self.inner.set_quadtree_limits(max_objects, max_levels).map_err(to_js)
    }

    #[wasm_bindgen(getter, js_name = maxObjects)]
    pub fn max_objects(&self) -> u32 {
        self.inner.quadtree_limits().max_objects
    }

    #[wasm_bindgen(getter, js_name = maxLevels)]
    pub fn max_levels(&self) -> u32 {
        self.inner.quadtree_limits().max_levels
    }

    /// Cell size of the `"grid"` and `"loose-grid"` structures. Until set,
    /// they choose one from the objects' sizes.
    #[wasm_bindgen(js_name = setCellSize)]
    pub fn set_cell_size(&mut self, size: f64) -> Result<(), JsError> {
        self.inner.set_cell_size(size).map_err(to_js)
    }

    /// Returns the grids to a cell size picked from the objects' sizes.
    #[wasm_bindgen(js_name = useAutomaticCellSize)]
    pub fn use_automatic_cell_size(&mut self) {
        self.inner.use_automatic_cell_size();
    }

    /// The grids' cell size in use (NaN when automatic and no grid is active).
    #[wasm_bindgen(getter, js_name = cellSize)]
    pub fn cell_size(&self) -> f64 {
        self.inner.cell_size().unwrap_or(f64::NAN)
    }

    /// The active grid's layout `[originX, originY, cellSize, cols, rows]`
    /// (empty when no grid is active).
    #[wasm_bindgen(js_name = gridGeometry)]
    pub fn grid_geometry(&self) -> Float64Array {
        match self.inner.grid_geometry() {
            Some(g) => {
                Float64Array::from(&[g.origin_x, g.origin_y, g.cell_size, g.cols as f64, g.rows as f64][..])
            }
            None => Float64Array::new_with_length(0),
        }
    }

    /// Bounds of the grid cells `pairs()` searches for this object's
    /// partners, 4 numbers each (a copy; empty for non-grid structures).
    #[wasm_bindgen(js_name = searchedIn)]
    pub fn searched_in(&self, id: f64) -> Result<Float64Array, JsError> {
        Ok(flatten_boxes(&self.inner.searched_in(whole("id", id)?).map_err(to_js)?))
    }

    /// Adds `count` seeded moving boxes; `layout` is `"uniform"`,
    /// `"clustered"` or `"mixed"`. Returns the first new id.
    pub fn populate(&mut self, count: f64, seed: f64, layout: &str) -> Result<u32, JsError> {
        let count = whole("count", count)?;
        if count > MAX_POPULATE {
            let value = i64::from(count);
            return Err(to_js(crate::Error::OutOfRange {
                arg: "count",
                value,
                min: 0,
                max: MAX_POPULATE.into(),
            }));
        }
        let seed = whole("seed", seed)?;
        let layout = Layout::from_name(layout).ok_or_else(|| {
            to_js(crate::Error::UnknownName {
                arg: "layout",
                name: layout.to_string(),
                expected: "\"uniform\", \"clustered\", \"mixed\"",
            })
        })?;
        self.inner.populate(count, seed.into(), layout).map_err(to_js)
    }

    /// Throws if any internal invariant is broken (a debugging aid).
    pub fn validate(&self) -> Result<(), JsError> {
        self.inner.validate().map_err(|message| JsError::new(&message))
    }

    /// Box-versus-box tests made by the last `pairs()`.
    #[wasm_bindgen(getter, js_name = pairCandidateTests)]
    pub fn pair_candidate_tests(&self) -> f64 {
        self.inner.pair_stats().candidate_tests as f64
    }

    /// Nodes or cells visited by the last `pairs()`.
    #[wasm_bindgen(getter, js_name = pairNodesVisited)]
    pub fn pair_nodes_visited(&self) -> f64 {
        self.inner.pair_stats().nodes_visited as f64
    }

    /// Box-versus-box tests made by the last `query()`.
    #[wasm_bindgen(getter, js_name = queryCandidateTests)]
    pub fn query_candidate_tests(&self) -> f64 {
        self.inner.query_stats().candidate_tests as f64
    }

    /// Per slot `x, y, w, h` (a view; slots with id 0 are free).
    #[wasm_bindgen(js_name = slotBoxes)]
    pub fn slot_boxes(&self) -> Float64Array {
        view_f64(self.inner.slot_boxes())
    }

    /// Per slot the object's id, or 0 for a free slot (a view).
    #[wasm_bindgen(js_name = slotIds)]
    pub fn slot_ids(&self) -> Uint32Array {
        view_u32(self.inner.slot_ids())
    }

    /// Per slot 1 if it was in a pair at the last `pairs()` (a view).
    #[wasm_bindgen(js_name = slotOverlapping)]
    pub fn slot_overlapping(&self) -> Uint8Array {
        view_u8(self.inner.slot_overlapping())
    }

    /// Goes up by one each time the slots are renumbered (in space order,
    /// by `pairs()` once objects have drifted, from 4096 objects up, or by
    /// `renumberSlots()`): an id → slot index built from `slotIds()` must
    /// then be rebuilt. Ids never change.
    #[wasm_bindgen(getter, js_name = slotGeneration)]
    pub fn slot_generation(&self) -> u32 {
        self.inner.slot_generation()
    }

    /// Renumbers the slots in space order now (see `slotGeneration`).
    #[wasm_bindgen(js_name = renumberSlots)]
    pub fn renumber_slots(&mut self) {
        self.inner.renumber_slots();
    }

    /// The active quadtree's nodes, 6 numbers each:
    /// `minX, minY, maxX, maxY, depth, isLeaf` (a view; empty when no
    /// quadtree is active).
    #[wasm_bindgen(js_name = quadtreeNodes)]
    pub fn quadtree_nodes(&mut self) -> Float64Array {
        self.node_buffer.clear();
        if let Some(tree) = self.inner.quadtree() {
            let buffer = &mut self.node_buffer;
            tree.for_each_node(|n| {
                let b = n.bounds;
                buffer.extend([b.min_x, b.min_y, b.max_x, b.max_y, n.depth as f64, n.is_leaf as u8 as f64]);
            });
        }
        view_f64(&self.node_buffer)
    }

    /// Bounds of the quadtree nodes or grid cells holding the object, 4
    /// numbers each (a copy).
    #[wasm_bindgen(js_name = storedIn)]
    pub fn stored_in(&self, id: f64) -> Result<Float64Array, JsError> {
        Ok(flatten_boxes(&self.inner.stored_in(whole("id", id)?).map_err(to_js)?))
    }

    // ---- Tile grid (N-style, seed 004) ----

    /// Replaces the tile grid by `cols × rows` empty tiles of side `tileSize`.
    #[wasm_bindgen(js_name = setTileGrid)]
    pub fn set_tile_grid(&mut self, cols: f64, rows: f64, tile_size: f64) -> Result<(), JsError> {
        let (cols, rows) = (whole("cols", cols)?, whole("rows", rows)?);
        self.inner.set_tile_grid(cols, rows, tile_size).map_err(to_js)
    }

    /// Replaces the tile grid by a preset map (see `tilePresets()`).
    #[wasm_bindgen(js_name = loadTilePreset)]
    pub fn load_tile_preset(&mut self, name: &str) -> Result<(), JsError> {
        self.inner.load_tile_preset(name).map_err(to_js)
    }

    /// Names `loadTilePreset` accepts.
    #[wasm_bindgen(js_name = tilePresets)]
    pub fn tile_presets() -> Vec<String> {
        PRESET_NAMES.iter().map(|s| s.to_string()).collect()
    }

    /// Every tile shape name `setTile` accepts, `"empty"` and `"full"` first.
    #[wasm_bindgen(js_name = tileShapes)]
    pub fn tile_shapes() -> Vec<String> {
        TileShape::ALL.iter().map(|s| s.name().to_string()).collect()
    }

    #[wasm_bindgen(js_name = setTile)]
    pub fn set_tile(&mut self, col: f64, row: f64, shape: &str) -> Result<(), JsError> {
        self.inner.set_tile(whole("col", col)?, whole("row", row)?, shape).map_err(to_js)
    }

    /// The shape name of a tile.
    pub fn tile(&self, col: f64, row: f64) -> Result<String, JsError> {
        Ok(self.inner.tile(whole("col", col)?, whole("row", row)?).map_err(to_js)?.to_string())
    }

    /// `"empty"`, `"solid"` or `"interesting"` for a side (`"left"`,
    /// `"right"`, `"top"`, `"bottom"`) of a cell, after simplification.
    pub fn edge(&self, col: f64, row: f64, side: &str) -> Result<String, JsError> {
        Ok(self.inner.edge(whole("col", col)?, whole("row", row)?, side).map_err(to_js)?.to_string())
    }

    /// A door on a cell side: `"open"`, `"closed"`, or `"none"` to remove it.
    #[wasm_bindgen(js_name = setDoor)]
    pub fn set_door(&mut self, col: f64, row: f64, side: &str, door: &str) -> Result<(), JsError> {
        self.inner.set_door(whole("col", col)?, whole("row", row)?, side, door).map_err(to_js)
    }

    /// The door on a cell side: `"open"`, `"closed"` or `"none"`.
    pub fn door(&self, col: f64, row: f64, side: &str) -> Result<String, JsError> {
        Ok(self.inner.door(whole("col", col)?, whole("row", row)?, side).map_err(to_js)?.to_string())
    }

    /// The tile map as ASCII, two characters per cell (`..` empty, `##`
    /// full, else a family letter and the solid corner's keypad digit).
    #[wasm_bindgen(js_name = tileAscii)]
    pub fn tile_ascii(&self) -> String {
        self.inner.tile_ascii()
    }

    /// Replaces the tile grid by one read from an ASCII map.
    #[wasm_bindgen(js_name = loadTileAscii)]
    pub fn load_tile_ascii(&mut self, map: &str, tile_size: f64) -> Result<(), JsError> {
        self.inner.load_tile_ascii(map, tile_size).map_err(to_js)
    }

    /// `[col, row, …]` of the tiles the box touches, row-major (a view).
    #[wasm_bindgen(js_name = touchedCells)]
    pub fn touched_cells(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<Uint32Array, JsError> {
        Ok(view_u32(self.inner.touched_cells(x, y, w, h).map_err(to_js)?))
    }

    /// A move `[dx, dy]` that takes the box out of every tile it overlaps:
    /// the deepest contact is resolved first, shortest exit that lands
    /// clear, at most 8 rounds (may be partial in a tight spot).
    #[wasm_bindgen(js_name = pushOut)]
    pub fn push_out(&self, x: f64, y: f64, w: f64, h: f64) -> Result<Float64Array, JsError> {
        let (dx, dy) = self.inner.push_out(x, y, w, h).map_err(to_js)?;
        Ok(Float64Array::from(&[dx, dy][..]))
    }

    #[wasm_bindgen(getter, js_name = tileCols)]
    pub fn tile_cols(&self) -> u32 {
        self.inner.tile_grid().cols()
    }

    #[wasm_bindgen(getter, js_name = tileRows)]
    pub fn tile_rows(&self) -> u32 {
        self.inner.tile_grid().rows()
    }

    #[wasm_bindgen(getter, js_name = tileSize)]
    pub fn tile_size(&self) -> f64 {
        self.inner.tile_grid().tile_size()
    }

    /// Per cell, row-major, the index of its shape in `tileShapes()` (a view).
    #[wasm_bindgen(js_name = tileIndices)]
    pub fn tile_indices(&mut self) -> Uint8Array {
        self.inner.tile_grid().tile_indices(&mut self.tile_buffer);
        view_u8(&self.tile_buffer)
    }

    /// Every non-empty edge as `x0, y0, x1, y1, state` (1 solid,
    /// 2 interesting), in world units (a view).
    #[wasm_bindgen(js_name = tileEdges)]
    pub fn tile_edges(&mut self) -> Float64Array {
        self.inner.tile_grid().edges_flat(&mut self.edge_buffer);
        view_f64(&self.edge_buffer)
    }

    /// The outline `[x0, y0, x1, y1, …]` of a tile's solid part, arcs as
    /// `segments` straight pieces (a copy).
    #[wasm_bindgen(js_name = tileOutline)]
    pub fn tile_outline(&self, col: f64, row: f64, segments: f64) -> Result<Float64Array, JsError> {
        let segments = whole("segments", segments)?;
        if !(1..=MAX_OUTLINE_SEGMENTS).contains(&segments) {
            let value = i64::from(segments);
            return Err(to_js(crate::Error::OutOfRange {
                arg: "segments",
                value,
                min: 1,
                max: MAX_OUTLINE_SEGMENTS.into(),
            }));
        }
        let points = self
            .inner
            .tile_grid()
            .tile_outline(whole("col", col)?, whole("row", row)?, segments)
            .map_err(to_js)?;
        let flat: Vec<f64> = points.iter().flat_map(|&(x, y)| [x, y]).collect();
        Ok(Float64Array::from(&flat[..]))
    }

    // ---- Rays (seed 004 §5) ----

    /// `[col, row, …]` of the tile-grid cells the segment passes through,
    /// in order, clipped to the grid, ignoring tiles (a view).
    #[wasm_bindgen(js_name = traceCells)]
    pub fn trace_cells(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Uint32Array, JsError> {
        Ok(view_u32(self.inner.trace_cells(x0, y0, x1, y1).map_err(to_js)?))
    }

    /// The traversal step by step, 9 numbers per cell: `col, row, t, x, y,
    /// tMaxX, tMaxY, tDeltaX, tDeltaY` (a view).
    #[wasm_bindgen(js_name = traceSteps)]
    pub fn trace_steps(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Float64Array, JsError> {
        Ok(view_f64(self.inner.trace_steps(x0, y0, x1, y1).map_err(to_js)?))
    }

    /// The first tile surface or object the segment touches, or undefined.
    #[wasm_bindgen(js_name = castRay)]
    pub fn cast_ray(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Option<RayHit>, JsError> {
        let hit = self.inner.cast_ray(x0, y0, x1, y1).map_err(to_js)?;
        Ok(hit.map(|h| RayHit {
            t: h.t,
            x: h.x,
            y: h.y,
            normal_x: h.normal_x,
            normal_y: h.normal_y,
            object_id: h.object_id,
            col: h.col as i32,
            row: h.row as i32,
        }))
    }

    /// Whether no tile (nor closed door) touches the segment.
    #[wasm_bindgen(js_name = lineOfSight)]
    pub fn line_of_sight(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<bool, JsError> {
        self.inner.line_of_sight(x0, y0, x1, y1).map_err(to_js)
    }

    // ---- Hierarchy (seed 003) ----

    /// Attaches `child` under `parent` (0 detaches). Throws on a cycle.
    #[wasm_bindgen(js_name = setParent)]
    pub fn set_parent(&mut self, child: f64, parent: f64) -> Result<(), JsError> {
        self.inner.set_parent(whole("child", child)?, whole("parent", parent)?).map_err(to_js)
    }

    /// Many attachments at once: `pairs` is `[child0, parent0, child1,
    /// parent1, …]`, applied in order, all or nothing. Returns
    /// `"repaired"` or `"resorted"`: how the queue was kept in order.
    #[wasm_bindgen(js_name = setParents)]
    pub fn set_parents(&mut self, pairs: &[u32]) -> Result<String, JsError> {
        if pairs.len() % 2 != 0 {
            let length = pairs.len() as i64;
            return Err(to_js(crate::Error::OutOfRange {
                arg: "pairs length (must be even)",
                value: length,
                min: 0,
                max: i64::MAX,
            }));
        }
        let events: Vec<(u32, u32)> = pairs.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        Ok(match self.inner.set_parents(&events).map_err(to_js)? {
            crate::hierarchy::BatchStrategy::Repaired => "repaired",
            crate::hierarchy::BatchStrategy::Resorted => "resorted",
        }
        .to_string())
    }

    /// The parent id, 0 at the root.
    #[wasm_bindgen(js_name = parentOf)]
    pub fn parent_of(&self, id: f64) -> Result<u32, JsError> {
        self.inner.parent_of(whole("id", id)?).map_err(to_js)
    }

    /// Every live id once, each parent before its children (a view).
    pub fn order(&self) -> Uint32Array {
        view_u32(self.inner.order())
    }

    /// Records each queue repair so `lastRepair()` can show it.
    #[wasm_bindgen(js_name = setHierarchyTracing)]
    pub fn set_hierarchy_tracing(&mut self, on: bool) {
        self.inner.set_hierarchy_tracing(on);
    }

    /// The last `setParent`'s queue repair, when tracing is on: `{ child,
    /// parent, p, q, before, temp, toTemp, after }` (seed 003's P, Q and
    /// temporary queue), or `undefined` when it repaired nothing.
    #[wasm_bindgen(js_name = lastRepair)]
    pub fn last_repair(&self) -> JsValue {
        let Some(trace) = self.inner.last_repair() else {
            return JsValue::UNDEFINED;
        };
        let object = js_sys::Object::new();
        let set = |key: &str, value: JsValue| {
            // Setting a plain property on a fresh object cannot fail.
            let _ = js_sys::Reflect::set(&object, &JsValue::from_str(key), &value);
        };
        set("child", trace.child.into());
        set("parent", trace.parent.into());
        set("p", trace.p.into());
        set("q", trace.q.into());
        set("before", Uint32Array::from(&trace.before[..]).into());
        set("temp", Uint32Array::from(&trace.temp[..]).into());
        let to_temp: Vec<u8> = trace.to_temp.iter().map(|&b| u8::from(b)).collect();
        set("toTemp", Uint8Array::from(&to_temp[..]).into());
        set("after", Uint32Array::from(&trace.after[..]).into());
        object.into()
    }
}

/// A JS number that must be a whole number in `u32` range (ids, cells,
/// counts): `1.5` or `-1` is an error naming the argument, not truncated.
fn whole(arg: &'static str, value: f64) -> Result<u32, JsError> {
    whole_u32(arg, value).map_err(to_js)
}
