//! JS `World`: the contract's class (objects, stepping, pairs and queries,
//! structures, the tile grid's contract members, rays, the hierarchy) plus
//! what the playground and games need beside it (slots, drawing views,
//! tile responses, the wire format).

use std::cell::{Ref, RefCell, RefMut};
use std::rc::Rc;

use js_sys::{Float64Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use super::args::{
    box_args, cell_col, cell_row, checked, finite, flag, live_id, name, num, number_by, positive,
    segment_args, text, u32_array, whole, whole_in,
};
use super::WasmTileGrid;
use super::{boxes_xywh, names, plain_object, ray_hit, to_js, view_f64, view_u32, view_u8};
use crate::quadtree::QuadtreeLimits;
use crate::scene::Layout;
use crate::tile_grid::{Side, TileGrid, TileShape};
use crate::world::{StructureKind, TileResponse};

#[wasm_bindgen(typescript_custom_section)]
const RAY_HIT: &str = r#"
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
"#;

/// Most objects `populate` adds in one call: more would exhaust wasm memory
/// before the first frame (10M boxes are ~1 GB with their structures).
const MAX_POPULATE: u32 = 2_000_000;

/// A world of moving boxes with switchable broad-phase structures.
#[wasm_bindgen(js_name = World)]
pub struct WasmWorld {
    core: Rc<RefCell<crate::World>>,
    /// Scratch for the quadtree view, kept so drawing allocates nothing warm.
    node_buffer: Vec<f64>,
    /// `updateMany`'s ids and boxes, copied out of JS into reused buffers.
    batch: RefCell<(Vec<u32>, Vec<f64>)>,
}

impl WasmWorld {
    fn core(&self) -> Ref<'_, crate::World> {
        self.core.borrow()
    }

    fn core_mut(&self) -> RefMut<'_, crate::World> {
        self.core.borrow_mut()
    }

    /// Runs `call` on the World, releasing it before an error becomes a JS
    /// object.
    fn edit<T>(&self, call: impl FnOnce(&mut crate::World) -> crate::Result<T>) -> Result<T, JsValue> {
        let result = call(&mut self.core_mut());
        result.map_err(to_js)
    }
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// A world rectangle `[0, width] × [0, height]`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    ) -> Result<WasmWorld, JsValue> {
        let width = positive("width", &width)?;
        let height = positive("height", &height)?;
        console_error_panic_hook::set_once();
        let core = crate::World::new(width, height).map_err(to_js)?;
        Ok(WasmWorld {
            core: Rc::new(RefCell::new(core)),
            node_buffer: Vec::new(),
            batch: RefCell::new((Vec::new(), Vec::new())),
        })
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> f64 {
        self.core().width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> f64 {
        self.core().height()
    }

    /// Makes the world rectangle `[0, width] × [0, height]`; objects stay
    /// where they are.
    pub fn resize(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    ) -> Result<(), JsValue> {
        let width = positive("width", &width)?;
        let height = positive("height", &height)?;
        self.edit(|core| core.resize(width, height))
    }

    /// Adds a box at rest; returns its id (>= 1, never reused).
    pub fn insert(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] h: JsValue,
    ) -> Result<u32, JsValue> {
        let (x, y, w, h) = box_args(&x, &y, &w, &h)?;
        self.edit(|core| core.insert(x, y, w, h))
    }

    /// Moves / resizes a box.
    pub fn update(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] h: JsValue,
    ) -> Result<(), JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        let (x, y, w, h) = box_args(&x, &y, &w, &h)?;
        self.edit(|core| core.update(id, x, y, w, h))
    }

    /// Units per second.
    #[wasm_bindgen(js_name = setVelocity)]
    pub fn set_velocity(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] vx: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] vy: JsValue,
    ) -> Result<(), JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        let vx = finite("vx", &vx)?;
        let vy = finite("vy", &vy)?;
        self.edit(|core| core.set_velocity(id, vx, vy))
    }

    /// `[vx, vy]` of a live object (a copy).
    pub fn velocity(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<Float64Array, JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        let v = checked(&self.core, |core| core.velocity(id))?;
        Ok(Float64Array::from(&v[..]))
    }

    /// Deletes the object and everything attached below it.
    pub fn remove(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<(), JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        self.edit(|core| core.remove(id))
    }

    /// The object's current `[x, y, w, h]` (a copy).
    #[wasm_bindgen(js_name = box)]
    pub fn box_of(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<Float64Array, JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        let b = checked(&self.core, |core| core.box_of(id))?;
        Ok(Float64Array::from(&b[..]))
    }

    /// Live objects.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> u32 {
        self.core().count() as u32
    }

    /// Moves every object by velocity × dt, bounces it off the walls, and
    /// pushes tile colliders out of the tiles.
    pub fn step(&self, #[wasm_bindgen(unchecked_param_type = "number")] dt: JsValue) -> Result<(), JsValue> {
        let dt = num("dt", &dt)?;
        self.edit(|core| core.step(dt))
    }

    /// Every overlapping pair `[a0, b0, a1, b1, …]`, `a < b`, sorted (a view).
    /// From 4096 objects up it may first renumber the slots (see
    /// `slotGeneration`): re-read per-slot views after it.
    pub fn pairs(&self) -> Uint32Array {
        view_u32(self.core_mut().pairs())
    }

    /// After a `pairs()` call: its pairs that were not in the previous
    /// `pairs()` result (the first call: all), laid out like `pairs()` (a view).
    #[wasm_bindgen(js_name = pairsBegan)]
    pub fn pairs_began(&self) -> Uint32Array {
        view_u32(self.core().pairs_began())
    }

    /// After a `pairs()` call: the previous result's pairs that are gone,
    /// including those of removed objects (a view).
    #[wasm_bindgen(js_name = pairsEnded)]
    pub fn pairs_ended(&self) -> Uint32Array {
        view_u32(self.core().pairs_ended())
    }

    /// Many boxes at once: `boxes` holds `[x, y, w, h]` per id of `ids`,
    /// placed all at once (each listed box exactly where its entry says; an
    /// attached box not listed follows its parent); all or nothing: a bad
    /// entry throws naming its index and nothing changes.
    #[wasm_bindgen(js_name = updateMany)]
    pub fn update_many(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array")] ids: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Float64Array")] boxes: JsValue,
    ) -> Result<(), JsValue> {
        // Copied into reused buffers: one copy each, no allocation once warm.
        let mut scratch = self.batch.borrow_mut();
        let (id_buf, box_buf) = &mut *scratch;
        super::typed_arrays::read_u32s("ids", &ids, id_buf)?;
        // The one method whose first argument is not judged before the next
        // is read: a pass over every id before the core's own would cost a
        // game's every frame. A dead id still comes first: before a wrong
        // type of `boxes` here, before a bad box or length in the core.
        if let Err(boxes_type) = super::typed_arrays::read_f64s("boxes", &boxes, box_buf) {
            checked(&self.core, |core| core.check_ids("ids", id_buf))?;
            return Err(boxes_type);
        }
        self.edit(|core| core.update_many_flat(id_buf, box_buf))
    }

    /// Ids of the boxes overlapping the given box, ascending (a view).
    pub fn query(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] h: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        let (x, y, w, h) = box_args(&x, &y, &w, &h)?;
        let mut core = self.core_mut();
        let ids = core.query(x, y, w, h).map_err(to_js)?;
        Ok(view_u32(ids))
    }

    /// One of `World.structures()`.
    #[wasm_bindgen(js_name = setStructure)]
    pub fn set_structure(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<(), JsValue> {
        let name = text("name", &name)?;
        self.edit(|core| core.set_structure(&name))
    }

    #[wasm_bindgen(getter)]
    pub fn structure(&self) -> String {
        self.core().structure().to_string()
    }

    /// Every structure name `setStructure` accepts: `"brute-force"`,
    /// `"quadtree"`, `"quadtree-leaves"`, `"grid"`, `"loose-grid"`.
    pub fn structures() -> Vec<String> {
        StructureKind::ALL.iter().map(|k| k.name().to_string()).collect()
    }

    /// Split threshold and depth limit of both quadtrees.
    #[wasm_bindgen(js_name = setQuadtreeLimits)]
    pub fn set_quadtree_limits(
        &self,
        #[wasm_bindgen(js_name = maxObjects, unchecked_param_type = "number")] max_objects: JsValue,
        #[wasm_bindgen(js_name = maxLevels, unchecked_param_type = "number")] max_levels: JsValue,
    ) -> Result<(), JsValue> {
        let max_objects = number_by("maxObjects", &max_objects, QuadtreeLimits::check_max_objects)?;
        let max_levels = number_by("maxLevels", &max_levels, QuadtreeLimits::check_max_levels)?;
        self.edit(|core| core.set_quadtree_limits(max_objects, max_levels))
    }

    #[wasm_bindgen(getter, js_name = maxObjects)]
    pub fn max_objects(&self) -> u32 {
        self.core().quadtree_limits().max_objects
    }

    #[wasm_bindgen(getter, js_name = maxLevels)]
    pub fn max_levels(&self) -> u32 {
        self.core().quadtree_limits().max_levels
    }

    /// The quadtree limits a new World starts with: `[maxObjects, maxLevels]`.
    #[wasm_bindgen(js_name = defaultQuadtreeLimits)]
    pub fn default_quadtree_limits() -> Uint32Array {
        let limits = QuadtreeLimits::default();
        Uint32Array::from(&[limits.max_objects, limits.max_levels][..])
    }

    /// Cell size of the `"grid"` and `"loose-grid"` structures. Until set,
    /// they choose one from the objects' sizes.
    #[wasm_bindgen(js_name = setCellSize)]
    pub fn set_cell_size(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
    ) -> Result<(), JsValue> {
        let size = num("size", &size)?;
        self.edit(|core| core.set_cell_size(size))
    }

    /// Returns the grids to a cell size picked from the objects' sizes.
    #[wasm_bindgen(js_name = useAutomaticCellSize)]
    pub fn use_automatic_cell_size(&self) {
        self.core_mut().use_automatic_cell_size();
    }

    /// The grids' cell size in use (NaN when automatic and no grid is active).
    #[wasm_bindgen(getter, js_name = cellSize)]
    pub fn cell_size(&self) -> f64 {
        self.core().cell_size().unwrap_or(f64::NAN)
    }

    /// The active grid's layout `[originX, originY, cellSize, cols, rows]`
    /// (empty when no grid is active; a copy).
    #[wasm_bindgen(js_name = gridGeometry)]
    pub fn grid_geometry(&self) -> Float64Array {
        match self.core().grid_geometry() {
            Some(g) => {
                Float64Array::from(&[g.origin_x, g.origin_y, g.cell_size, g.cols as f64, g.rows as f64][..])
            }
            None => Float64Array::new_with_length(0),
        }
    }

    /// The grid cells `pairs()` searches for this object's partners, `x, y,
    /// w, h` each (a copy; empty for non-grid structures).
    #[wasm_bindgen(js_name = searchedIn)]
    pub fn searched_in(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<Float64Array, JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        Ok(boxes_xywh(&checked(&self.core, |core| core.searched_in(id))?))
    }

    /// The quadtree nodes or grid cells holding the object, `x, y, w, h`
    /// each (a copy).
    #[wasm_bindgen(js_name = storedIn)]
    pub fn stored_in(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<Float64Array, JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        Ok(boxes_xywh(&checked(&self.core, |core| core.stored_in(id))?))
    }

    /// Adds `count` seeded moving boxes laid out per `layout` (one of
    /// `World.layouts()`). Returns the first new id.
    pub fn populate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] layout: JsValue,
    ) -> Result<u32, JsValue> {
        let count = whole_in("count", &count, 0, MAX_POPULATE)?;
        checked(&self.core, |core| core.check_room("count", count as usize))?;
        let seed = whole("seed", &seed)?;
        let layout = name("layout", &layout, Layout::check_name)?;
        self.edit(|core| core.populate(count, seed.into(), layout))
    }

    /// The scene layouts `populate` accepts.
    pub fn layouts() -> Vec<String> {
        Layout::ALL.iter().map(|l| l.name().to_string()).collect()
    }

    /// The side of the square world the seeded scenes use for `count`
    /// boxes (constant density; see the README's benchmarks).
    #[wasm_bindgen(js_name = sceneSide)]
    pub fn scene_side(
        #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
    ) -> Result<f64, JsValue> {
        Ok(crate::scene::world_side_for(whole("count", &count)? as usize))
    }

    /// Throws if any internal invariant is broken (a debugging aid).
    pub fn validate(&self) -> Result<(), JsValue> {
        self.core().validate().map_err(|message| JsError::new(&message).into())
    }

    /// Box-versus-box tests made by the last `pairs()`.
    #[wasm_bindgen(getter, js_name = pairCandidateTests)]
    pub fn pair_candidate_tests(&self) -> f64 {
        self.core().pair_stats().candidate_tests as f64
    }

    /// Nodes or cells visited by the last `pairs()`.
    #[wasm_bindgen(getter, js_name = pairNodesVisited)]
    pub fn pair_nodes_visited(&self) -> f64 {
        self.core().pair_stats().nodes_visited as f64
    }

    /// Box-versus-box tests made by the last `query()`.
    #[wasm_bindgen(getter, js_name = queryCandidateTests)]
    pub fn query_candidate_tests(&self) -> f64 {
        self.core().query_stats().candidate_tests as f64
    }

    /// Per slot `x, y, w, h` (a view; slots with id 0 are free).
    #[wasm_bindgen(js_name = slotBoxes)]
    pub fn slot_boxes(&self) -> Float64Array {
        view_f64(self.core().slot_boxes())
    }

    /// Per slot the object's id, or 0 for a free slot (a view).
    #[wasm_bindgen(js_name = slotIds)]
    pub fn slot_ids(&self) -> Uint32Array {
        view_u32(self.core().slot_ids())
    }

    /// Per slot 1 if it was in a pair at the last `pairs()` (a view).
    #[wasm_bindgen(js_name = slotOverlapping)]
    pub fn slot_overlapping(&self) -> Uint8Array {
        view_u8(self.core().slot_overlapping())
    }

    /// Goes up by one each time the slots are renumbered (in space order,
    /// by `pairs()` once objects have drifted, from 4096 objects up, or by
    /// `renumberSlots()`): an id → slot index built from `slotIds()` must
    /// then be rebuilt. Ids never change.
    #[wasm_bindgen(getter, js_name = slotGeneration)]
    pub fn slot_generation(&self) -> u32 {
        self.core().slot_generation()
    }

    /// Renumbers the slots in space order now (see `slotGeneration`).
    #[wasm_bindgen(js_name = renumberSlots)]
    pub fn renumber_slots(&self) {
        self.core_mut().renumber_slots();
    }

    /// The active quadtree's nodes, `x, y, w, h, depth, leaf` each (a view;
    /// empty when no quadtree is active).
    #[wasm_bindgen(js_name = quadtreeNodes)]
    pub fn quadtree_nodes(&mut self) -> Float64Array {
        self.node_buffer.clear();
        if let Some(tree) = self.core.borrow().quadtree() {
            let buffer = &mut self.node_buffer;
            tree.for_each_node(|n| {
                let b = n.bounds;
                buffer.extend([
                    b.min_x,
                    b.min_y,
                    b.max_x - b.min_x,
                    b.max_y - b.min_y,
                    f64::from(n.depth),
                    f64::from(u8::from(n.is_leaf)),
                ]);
            });
        }
        view_f64(&self.node_buffer)
    }

    /// The field names of a view, in order: its stride is their number.
    /// `name` is the method returning the view (`"slotBoxes"`,
    /// `"quadtreeNodes"`, `"traceSteps"`, `"edgeLines"`, …); unknown names
    /// throw.
    #[wasm_bindgen(js_name = viewLayout)]
    pub fn view_layout(
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let name = text("name", &name)?;
        let name = name.as_str();
        let fields = crate::wire::view_fields(name).ok_or_else(|| {
            to_js(crate::Error::UnknownName {
                arg: "name",
                name: name.to_string(),
                expected: "a view's method name",
            })
        })?;
        Ok(names(fields))
    }

    /// Every view `viewLayout` knows.
    pub fn views() -> Vec<String> {
        crate::wire::VIEWS.iter().map(|(name, _)| (*name).to_string()).collect()
    }

    // ---- Tile grid (N-style) ----

    /// The world's tile grid: a handle sharing this world's map (edits
    /// through either are the same edits).
    #[wasm_bindgen(getter)]
    pub fn tiles(&self) -> WasmTileGrid {
        WasmTileGrid::of(self.core.clone())
    }

    /// Replaces the tile grid by `cols × rows` empty tiles of side `tileSize`.
    #[wasm_bindgen(js_name = setTileGrid)]
    pub fn set_tile_grid(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] cols: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] rows: JsValue,
        #[wasm_bindgen(js_name = tileSize, unchecked_param_type = "number")] tile_size: JsValue,
    ) -> Result<(), JsValue> {
        let cols = number_by("cols", &cols, |n| TileGrid::check_cell_count("cols", n))?;
        let rows = number_by("rows", &rows, |n| TileGrid::check_cell_count("rows", n))?;
        let tile_size = positive("tileSize", &tile_size)?;
        self.edit(|core| core.set_tile_grid(cols, rows, tile_size))
    }

    /// Sets one tile by shape name (see `TileGrid.shapes()`).
    #[wasm_bindgen(js_name = setTile)]
    pub fn set_tile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] shape: JsValue,
    ) -> Result<(), JsValue> {
        let col = cell_col(&self.core, &col)?;
        let row = cell_row(&self.core, &row)?;
        let shape = name("shape", &shape, TileShape::from_name)?;
        self.edit(|core| core.tiles_mut().set_tile(col, row, shape))
    }

    /// The shape name of a tile.
    pub fn tile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
    ) -> Result<String, JsValue> {
        let col = cell_col(&self.core, &col)?;
        let row = cell_row(&self.core, &row)?;
        Ok(checked(&self.core, |core| core.tile(col, row))?.to_string())
    }

    /// `"empty"`, `"solid"` or `"interesting"` for a side (`"left"`,
    /// `"right"`, `"top"`, `"bottom"`) of a cell, after simplification.
    pub fn edge(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    ) -> Result<String, JsValue> {
        let col = cell_col(&self.core, &col)?;
        let row = cell_row(&self.core, &row)?;
        let side = name("side", &side, Side::from_name)?;
        Ok(checked(&self.core, |core| core.tiles().edge(col, row, side))?.name().to_string())
    }

    /// The edge-state names, by the codes of `TileGrid.edges()` and
    /// `edgeLines()`: `["empty", "solid", "interesting"]`.
    #[wasm_bindgen(js_name = edgeStates)]
    pub fn edge_states() -> Vec<String> {
        names(&crate::tile_grid::EdgeState::CODE_NAMES)
    }

    /// `[col, row, …]` of the tiles the box touches, row-major (a view).
    #[wasm_bindgen(js_name = touchedCells)]
    pub fn touched_cells(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] h: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        let (x, y, w, h) = box_args(&x, &y, &w, &h)?;
        let mut core = self.core_mut();
        Ok(view_u32(core.touched_cells(x, y, w, h).map_err(to_js)?))
    }

    /// How an object meets the tile map during `step`: `"none"` (passes
    /// through, the default), `"bounce"` or `"slide"`.
    #[wasm_bindgen(js_name = setTileResponse)]
    pub fn set_tile_response(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] response: JsValue,
    ) -> Result<(), JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        let response = name("response", &response, TileResponse::from_name)?;
        self.edit(|core| core.set_tile_response(id, response))
    }

    #[wasm_bindgen(js_name = tileResponse)]
    pub fn tile_response(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<String, JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        Ok(checked(&self.core, |core| core.tile_response(id))?.name().to_string())
    }

    /// The names `setTileResponse` accepts.
    #[wasm_bindgen(js_name = tileResponses)]
    pub fn tile_responses() -> Vec<String> {
        TileResponse::ALL.iter().map(|r| r.name().to_string()).collect()
    }

    // ---- Rays ----

    /// `[col, row, …]` of the tile-grid cells the segment passes through,
    /// in order, clipped to the grid, ignoring tiles (a view).
    #[wasm_bindgen(js_name = traceCells)]
    pub fn trace_cells(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        let (x0, y0, x1, y1) = segment_args(&x0, &y0, &x1, &y1)?;
        let mut core = self.core_mut();
        Ok(view_u32(core.trace_cells(x0, y0, x1, y1).map_err(to_js)?))
    }

    /// The first tile surface or object box the segment touches, or
    /// undefined (a plain object).
    #[wasm_bindgen(js_name = castRay, unchecked_return_type = "RayHit | undefined")]
    pub fn cast_ray(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (x0, y0, x1, y1) = segment_args(&x0, &y0, &x1, &y1)?;
        let hit = self.edit(|core| core.cast_ray(x0, y0, x1, y1))?;
        Ok(hit.map_or(JsValue::UNDEFINED, ray_hit))
    }

    // ---- Hierarchy ----

    /// Attaches `child` under `parent` (0 detaches). Throws on a cycle.
    #[wasm_bindgen(js_name = setParent)]
    pub fn set_parent(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] child: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] parent: JsValue,
    ) -> Result<(), JsValue> {
        let child = live_id(&self.core, "child", &child)?;
        let parent = num("parent", &parent)?;
        let parent = checked(&self.core, |core| core.check_parent(child, parent))?;
        self.edit(|core| core.set_parent(child, parent))
    }

    /// Many attachments at once: `pairs` is `[child0, parent0, child1,
    /// parent1, …]`, applied in order, all or nothing. Returns
    /// `"repaired"` or `"resorted"`: how the queue was kept in order.
    #[wasm_bindgen(js_name = setParents)]
    pub fn set_parents(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array")] pairs: JsValue,
    ) -> Result<String, JsValue> {
        let pairs = u32_array("pairs", &pairs)?;
        let pairs = &pairs[..];
        if pairs.len() % 2 != 0 {
            let length = pairs.len() as f64;
            return Err(to_js(crate::Error::OutOfRange {
                arg: "pairs length (must be even)",
                value: length,
                min: 0,
                max: i64::MAX,
            }));
        }
        let events: Vec<(u32, u32)> = pairs.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        Ok(match self.edit(|core| core.set_parents(&events).map_err(element_of_flat_pairs))? {
            crate::hierarchy::BatchStrategy::Repaired => "repaired",
            crate::hierarchy::BatchStrategy::Resorted => "resorted",
        }
        .to_string())
    }

    /// The parent id, 0 at the root.
    #[wasm_bindgen(js_name = parentOf)]
    pub fn parent_of(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<u32, JsValue> {
        let id = live_id(&self.core, "id", &id)?;
        checked(&self.core, |core| core.parent_of(id))
    }

    /// Every live id once, each parent before its children (a view).
    pub fn order(&self) -> Uint32Array {
        view_u32(self.core_mut().order())
    }

    /// Records each queue repair so `lastRepair()` can show it.
    #[wasm_bindgen(js_name = setHierarchyTracing)]
    pub fn set_hierarchy_tracing(
        &self,
        #[wasm_bindgen(unchecked_param_type = "boolean")] on: JsValue,
    ) -> Result<(), JsValue> {
        let on = flag("on", &on)?;
        self.core_mut().set_hierarchy_tracing(on);
        Ok(())
    }

    /// The last `setParent`'s queue repair, when tracing is on, or
    /// `undefined` when it repaired nothing.
    #[wasm_bindgen(js_name = lastRepair, unchecked_return_type = "RepairTrace | undefined")]
    pub fn last_repair(&self) -> JsValue {
        let core = self.core();
        let Some(trace) = core.last_repair() else {
            return JsValue::UNDEFINED;
        };
        let to_temp: Vec<u8> = trace.to_temp.iter().map(|&b| u8::from(b)).collect();
        plain_object(&[
            ("child", trace.child.into()),
            ("parent", trace.parent.into()),
            ("p", trace.p.into()),
            ("q", trace.q.into()),
            ("before", Uint32Array::from(&trace.before[..]).into()),
            ("temp", Uint32Array::from(&trace.temp[..]).into()),
            ("toTemp", Uint8Array::from(&to_temp[..]).into()),
            ("after", Uint32Array::from(&trace.after[..]).into()),
        ])
    }
}

/// The core names a bad event of `setParents` by its pair (`pairs[3]`); in
/// JS `pairs` is flat, so the index becomes the element at fault: the
/// child's (`2k`) or the parent's (`2k + 1`, also for a cycle).
fn element_of_flat_pairs(error: crate::Error) -> crate::Error {
    match error {
        crate::Error::InEntry { arg, index, error } => {
            let child = matches!(*error, crate::Error::DeadId { arg: "child", .. });
            crate::Error::InEntry { arg, index: 2 * index + usize::from(!child), error }
        }
        other => other,
    }
}
