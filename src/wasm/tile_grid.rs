//! JS `TileGrid`: the N-style tile grid of a world (`world.tiles`), with
//! its shapes, edge states and doors as typed-array views, a change journal
//! a drawing layer redraws from, tile-only rays, and static functions that
//! describe the shapes without any grid.

use std::cell::{Ref, RefCell, RefMut};
use std::rc::Rc;

use js_sys::{Float64Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use super::args::{
    box_args, cell_col, cell_row, checked, flag, name, num, number_by, opt_whole, positive, segment_args,
    text, whole_in,
};
use super::{flatten_cells, names, ray_hit, to_js, view_f64, view_u32, view_u8};
use crate::geometry::{Aabb, CellRange};
use crate::ray::{cast_tiles, line_of_sight, trace_cells, trace_steps, GridDims};
use crate::tile_grid::{Door, Side, TileGrid, TileShape, PRESET_NAMES};
use crate::world::{checked_box, RayHit};

/// Most straight pieces `shapeOutline` draws an arc with.
const MAX_OUTLINE_SEGMENTS: u32 = 1024;

/// A world's tile grid (see the module docs). Every handle of one world
/// reads and edits the same map.
#[wasm_bindgen(js_name = TileGrid)]
pub struct WasmTileGrid {
    core: Rc<RefCell<crate::World>>,
    // Scratch behind the views, grown and reused.
    cells: Vec<(u32, u32)>,
    cells_out: Vec<u32>,
    numbers: Vec<f64>,
    bytes: Vec<u8>,
}

impl WasmTileGrid {
    pub(super) fn of(core: Rc<RefCell<crate::World>>) -> WasmTileGrid {
        WasmTileGrid {
            core,
            cells: Vec::new(),
            cells_out: Vec::new(),
            numbers: Vec::new(),
            bytes: Vec::new(),
        }
    }

    fn grid(&self) -> Ref<'_, TileGrid> {
        Ref::map(self.core.borrow(), |w| w.tiles())
    }

    fn grid_mut(&self) -> RefMut<'_, TileGrid> {
        RefMut::map(self.core.borrow_mut(), |w| w.tiles_mut())
    }
}

#[wasm_bindgen(js_class = TileGrid)]
impl WasmTileGrid {
    // ---- What shapes are (no grid needed) ----

    /// Every shape name, in code order (the codes of `tileIndices()`):
    /// `"empty"`, `"full"`, then `<family>-<corner>` for each family and the
    /// corner (`tl`, `tr`, `bl`, `br`) holding the solid part.
    pub fn shapes() -> Vec<String> {
        TileShape::ALL.iter().map(|s| s.name().to_string()).collect()
    }

    /// The families, in code order: `"empty"`, `"full"`, `"slope45"`,
    /// `"concave"`, `"convex"`, `"shallow-small"`, `"shallow-large"`,
    /// `"steep-small"`, `"steep-large"`.
    #[wasm_bindgen(js_name = shapeFamilies)]
    pub fn shape_families() -> Vec<String> {
        names(&TileShape::FAMILY_NAMES)
    }

    /// The family of a shape.
    #[wasm_bindgen(js_name = shapeFamily)]
    pub fn shape_family(
        #[wasm_bindgen(unchecked_param_type = "string")] shape: JsValue,
    ) -> Result<String, JsValue> {
        Ok(name("shape", &shape, TileShape::from_name)?.family_name().to_string())
    }

    /// The shape turned a quarter turn clockwise on screen (y down), or
    /// anticlockwise: a true rotation, so `shallow-small-br` becomes
    /// `steep-small-bl`.
    #[wasm_bindgen(js_name = rotateShape)]
    pub fn rotate_shape(
        #[wasm_bindgen(unchecked_param_type = "string")] shape: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] clockwise: JsValue,
    ) -> Result<String, JsValue> {
        let shape = name("shape", &shape, TileShape::from_name)?;
        let clockwise = flag("clockwise", &clockwise)?;
        Ok(shape.rotated(clockwise).name().to_string())
    }

    /// The outline of a shape's solid part in the unit tile `[0, 1]²`,
    /// `[x0, y0, x1, y1, …]`, arcs as `segments` straight pieces (a copy;
    /// empty for `"empty"`).
    #[wasm_bindgen(js_name = shapeOutline)]
    pub fn shape_outline(
        #[wasm_bindgen(unchecked_param_type = "string")] shape: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] segments: JsValue,
    ) -> Result<Float64Array, JsValue> {
        let shape = name("shape", &shape, TileShape::from_name)?;
        let segments = whole_in("segments", &segments, 1, MAX_OUTLINE_SEGMENTS)?;
        let points = shape.outline(&Aabb::from_xywh(0.0, 0.0, 1.0, 1.0), segments);
        let flat: Vec<f64> = points.iter().flat_map(|&(x, y)| [x, y]).collect();
        Ok(Float64Array::from(&flat[..]))
    }

    /// The edge state each side of a lone tile of this shape gives, as
    /// codes of `World.edgeStates()`, in `TileGrid.sides()` order (a copy).
    #[wasm_bindgen(js_name = shapeSides)]
    pub fn shape_sides(
        #[wasm_bindgen(unchecked_param_type = "string")] shape: JsValue,
    ) -> Result<Uint8Array, JsValue> {
        let shape = name("shape", &shape, TileShape::from_name)?;
        let codes: Vec<u8> = Side::ALL.iter().map(|&side| shape.side_view(side) as u8).collect();
        Ok(Uint8Array::from(&codes[..]))
    }

    /// The side names, in the order of `shapeSides`: `["left", "right",
    /// "top", "bottom"]` (y grows downward).
    pub fn sides() -> Vec<String> {
        Side::ALL.iter().map(|s| s.name().to_string()).collect()
    }

    /// The door names by the codes of `doors()` and `edgeLines()`:
    /// `["none", "open", "closed"]`.
    #[wasm_bindgen(js_name = doorStates)]
    pub fn door_states() -> Vec<String> {
        names(&Door::CODE_NAMES)
    }

    /// The preset maps `loadPreset` accepts.
    pub fn presets() -> Vec<String> {
        names(&PRESET_NAMES)
    }

    // ---- The map ----

    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> u32 {
        self.grid().cols()
    }

    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.grid().rows()
    }

    #[wasm_bindgen(getter, js_name = tileSize)]
    pub fn tile_size(&self) -> f64 {
        self.grid().tile_size()
    }

    /// Goes up with every change of a tile, an edge state or a door, and
    /// jumps when the whole map is replaced: compare it with the revision
    /// last drawn, and ask `changedCellsSince` what to redraw.
    #[wasm_bindgen(getter)]
    pub fn revision(&self) -> f64 {
        self.grid().revision() as f64
    }

    /// `[col, row, …]` of the cells whose picture changed since `revision`
    /// (a tile set, or an edge beside them changed state or door),
    /// row-major, each once (a view); `undefined` when that is too long ago
    /// or the map was replaced since: redraw everything then. `revision` is
    /// a whole number from 0 (`-1`, `NaN`, `1.5` throw).
    #[wasm_bindgen(js_name = changedCellsSince)]
    pub fn changed_cells_since(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] revision: JsValue,
    ) -> Result<Option<Uint32Array>, JsValue> {
        let revision = number_by("revision", &revision, TileGrid::check_revision)?;
        let complete = self.core.borrow().tiles().changed_cells_since(revision, &mut self.cells);
        flatten_cells(&self.cells, &mut self.cells_out);
        Ok(complete.then(|| view_u32(&self.cells_out)))
    }

    /// Replaces the map by `cols × rows` empty tiles of side `tileSize`.
    pub fn reset(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] cols: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] rows: JsValue,
        #[wasm_bindgen(js_name = tileSize, unchecked_param_type = "number")] tile_size: JsValue,
    ) -> Result<(), JsValue> {
        let cols = number_by("cols", &cols, |n| TileGrid::check_cell_count("cols", n))?;
        let rows = number_by("rows", &rows, |n| TileGrid::check_cell_count("rows", n))?;
        let tile_size = positive("tileSize", &tile_size)?;
        let grid = TileGrid::new(cols, rows, tile_size).map_err(to_js)?;
        self.grid_mut().replace(grid);
        Ok(())
    }

    /// Replaces the map by a preset (see `TileGrid.presets()`).
    #[wasm_bindgen(js_name = loadPreset)]
    pub fn load_preset(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<(), JsValue> {
        let name = text("name", &name)?;
        let grid = TileGrid::preset(&name).map_err(to_js)?;
        self.grid_mut().replace(grid);
        Ok(())
    }

    /// The map as ASCII: two characters per cell (`..` empty, `##` full,
    /// else a family letter and the solid corner's keypad digit), then one
    /// `door <col> <row> <side> <open|closed>` line per door.
    pub fn ascii(&self) -> String {
        self.grid().to_ascii()
    }

    /// Replaces the map by one read from ASCII (see `ascii()`).
    #[wasm_bindgen(js_name = loadAscii)]
    pub fn load_ascii(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] map: JsValue,
        #[wasm_bindgen(js_name = tileSize, unchecked_param_type = "number")] tile_size: JsValue,
    ) -> Result<(), JsValue> {
        let map = text("map", &map)?;
        // The map's rules are its parse, which runs once, with the size:
        // a wrong type of `tileSize` waits until the map has been read.
        let grid = match num("tileSize", &tile_size) {
            Ok(tile_size) => TileGrid::read_ascii(&map, tile_size).map_err(to_js)?,
            Err(tile_size_type) => {
                TileGrid::read_ascii(&map, 1.0).map_err(to_js)?;
                return Err(tile_size_type);
            }
        };
        self.grid_mut().replace(grid);
        Ok(())
    }

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
        let result = self.grid_mut().set_tile(col, row, shape);
        result.map_err(to_js)
    }

    /// The shape name of a tile.
    pub fn tile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
    ) -> Result<String, JsValue> {
        let col = cell_col(&self.core, &col)?;
        let row = cell_row(&self.core, &row)?;
        Ok(checked(&self.core, |w| w.tiles().tile(col, row))?.name().to_string())
    }

    /// `"empty"`, `"solid"` or `"interesting"` for a side of a cell.
    pub fn edge(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    ) -> Result<String, JsValue> {
        let col = cell_col(&self.core, &col)?;
        let row = cell_row(&self.core, &row)?;
        let side = name("side", &side, Side::from_name)?;
        Ok(checked(&self.core, |w| w.tiles().edge(col, row, side))?.name().to_string())
    }

    /// A door on a cell side: `"open"`, `"closed"`, or `"none"` to remove it.
    #[wasm_bindgen(js_name = setDoor)]
    pub fn set_door(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] door: JsValue,
    ) -> Result<(), JsValue> {
        let col = cell_col(&self.core, &col)?;
        let row = cell_row(&self.core, &row)?;
        let side = name("side", &side, Side::from_name)?;
        let door = name("door", &door, Door::setting_from_name)?;
        let result = self.grid_mut().set_door(col, row, side, door);
        result.map_err(to_js)
    }

    /// The door on a cell side: `"open"`, `"closed"` or `"none"`.
    pub fn door(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    ) -> Result<String, JsValue> {
        let col = cell_col(&self.core, &col)?;
        let row = cell_row(&self.core, &row)?;
        let side = name("side", &side, Side::from_name)?;
        Ok(checked(&self.core, |w| w.tiles().door(col, row, side))?.map_or("none", Door::name).to_string())
    }

    /// Per cell, row-major, the code of its shape in `TileGrid.shapes()`
    /// (a view).
    #[wasm_bindgen(js_name = tileIndices)]
    pub fn tile_indices(&mut self) -> Uint8Array {
        self.core.borrow().tiles().tile_indices(&mut self.bytes);
        view_u8(&self.bytes)
    }

    /// Every edge's state by edge id, as codes of `World.edgeStates()` (a
    /// view of the map itself): vertical edges first, the one on line
    /// `x = k·tileSize` in row `r` at `r·(cols+1) + k`; then horizontal
    /// ones, the one on line `y = k·tileSize` in column `c` at
    /// `(cols+1)·rows + k·cols + c`.
    pub fn edges(&self) -> Uint8Array {
        let grid = self.grid();
        // SAFETY: `EdgeState` is `repr(u8)`: the slice is its codes.
        let codes =
            unsafe { std::slice::from_raw_parts(grid.edges().as_ptr().cast::<u8>(), grid.edges().len()) };
        view_u8(codes)
    }

    /// Every edge's door by edge id, as codes of `TileGrid.doorStates()`
    /// (a view; same layout as `edges()`).
    pub fn doors(&self) -> Uint8Array {
        view_u8(self.grid().door_codes())
    }

    /// The edges bordering the cells `[colStart, colEnd) × [rowStart,
    /// rowEnd)` (the whole map when omitted) that are not empty or carry a
    /// door: `x0, y0, x1, y1, state, door` each, in world units (a view).
    #[wasm_bindgen(js_name = edgeLines)]
    pub fn edge_lines(
        &mut self,
        #[wasm_bindgen(js_name = colStart)] col_start: Option<JsValue>,
        #[wasm_bindgen(js_name = rowStart)] row_start: Option<JsValue>,
        #[wasm_bindgen(js_name = colEnd)] col_end: Option<JsValue>,
        #[wasm_bindgen(js_name = rowEnd)] row_end: Option<JsValue>,
    ) -> Result<Float64Array, JsValue> {
        let col_start = opt_whole("colStart", col_start.as_ref())?;
        let row_start = opt_whole("rowStart", row_start.as_ref())?;
        let col_end = opt_whole("colEnd", col_end.as_ref())?;
        let row_end = opt_whole("rowEnd", row_end.as_ref())?;
        let range = CellRange {
            col_start: col_start.unwrap_or(0),
            row_start: row_start.unwrap_or(0),
            col_end: col_end.unwrap_or_else(|| self.cols()),
            row_end: row_end.unwrap_or_else(|| self.rows()),
        };
        self.core.borrow().tiles().edge_lines(range, &mut self.numbers);
        Ok(view_f64(&self.numbers))
    }

    /// The cell holding a point, `[col, row]` (cells are half-open), or
    /// undefined outside the map (a copy).
    #[wasm_bindgen(js_name = cellAt)]
    pub fn cell_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Option<Uint32Array>, JsValue> {
        let x = num("x", &x)?;
        let y = num("y", &y)?;
        Ok(self.grid().cell_at(x, y).map(|(c, r)| Uint32Array::from(&[c, r][..])))
    }

    /// `[col, row, …]` of the tiles the box's interior overlaps, row-major
    /// (a view).
    #[wasm_bindgen(js_name = touchedCells)]
    pub fn touched_cells(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] h: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        let (x, y, w, h) = box_args(&x, &y, &w, &h)?;
        let area = checked_box(x, y, w, h).map_err(to_js)?;
        self.core.borrow().tiles().touched_cells(&area, &mut self.cells);
        flatten_cells(&self.cells, &mut self.cells_out);
        Ok(view_u32(&self.cells_out))
    }

    /// A move `[dx, dy]` that takes the box out of every tile it overlaps:
    /// the deepest contact is resolved first, shortest exit that lands
    /// clear, at most 8 rounds (may be partial in a tight spot; a copy).
    #[wasm_bindgen(js_name = pushOut)]
    pub fn push_out(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] h: JsValue,
    ) -> Result<Float64Array, JsValue> {
        let (x, y, w, h) = box_args(&x, &y, &w, &h)?;
        let area = checked_box(x, y, w, h).map_err(to_js)?;
        let (dx, dy) = self.grid().push_out(&area);
        Ok(Float64Array::from(&[dx, dy][..]))
    }

    // ---- Rays against the tiles alone ----

    /// `[col, row, …]` of the cells the segment passes through, in order,
    /// clipped to the grid, ignoring tiles (a view).
    #[wasm_bindgen(js_name = traceCells)]
    pub fn trace_cells(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        let (x0, y0, x1, y1) = segment_args(&x0, &y0, &x1, &y1)?;
        trace_cells(GridDims::of(self.core.borrow().tiles()), x0, y0, x1, y1, &mut self.cells);
        flatten_cells(&self.cells, &mut self.cells_out);
        Ok(view_u32(&self.cells_out))
    }

    /// The same walk with the DDA's state, `col, row, t, x, y, tMaxX,
    /// tMaxY, tDeltaX, tDeltaY` per cell (a view): one walk gives the cells
    /// and the step-through.
    #[wasm_bindgen(js_name = traceSteps)]
    pub fn trace_steps(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
    ) -> Result<Float64Array, JsValue> {
        let (x0, y0, x1, y1) = segment_args(&x0, &y0, &x1, &y1)?;
        trace_steps(GridDims::of(self.core.borrow().tiles()), x0, y0, x1, y1, &mut self.numbers);
        Ok(view_f64(&self.numbers))
    }

    /// The first tile surface (or closed door) the segment touches, or
    /// undefined; objects are ignored (`World.castRay` sees both).
    #[wasm_bindgen(js_name = castRay, unchecked_return_type = "RayHit | undefined")]
    pub fn cast_ray(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (x0, y0, x1, y1) = segment_args(&x0, &y0, &x1, &y1)?;
        let hit = cast_tiles(&self.grid(), x0, y0, x1, y1);
        Ok(hit.map_or(JsValue::UNDEFINED, |h| ray_hit(RayHit::from(h))))
    }

    /// Whether no tile (nor closed door) touches the segment.
    #[wasm_bindgen(js_name = lineOfSight)]
    pub fn line_of_sight(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
    ) -> Result<bool, JsValue> {
        let (x0, y0, x1, y1) = segment_args(&x0, &y0, &x1, &y1)?;
        Ok(line_of_sight(&self.grid(), x0, y0, x1, y1))
    }

    /// Throws if an invariant of the map is broken (a debugging aid).
    pub fn validate(&self) -> Result<(), JsValue> {
        self.grid().validate().map_err(|message| JsError::new(&message).into())
    }
}
