//! The engine of JS `TileGrid` (the façade in `www/core/facade.js` is what
//! users call): the N-style tile grid of a world (`world.tiles`), with
//! its shapes, edge states and doors as typed-array views, a change journal
//! a drawing layer redraws from, tile-only rays, and static functions that
//! describe the shapes without any grid.

use std::cell::{Ref, RefMut};
use std::rc::Rc;

use js_sys::{Float64Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use super::args::Args;
use super::published::Published;
use super::shared::SharedWorld;
use super::{
    done, flatten_cells, names, out, out_box_hit, out_ray_hit, out_view, reserve, status, thrown, to_js,
    view_f64, view_u32, view_u8, Fault,
};
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
    pub(super) core: Rc<SharedWorld>,
    // Scratch behind the views, grown and reused: `cells` is the core's,
    // the others are handed out as views (born in published memory).
    cells: Vec<(u32, u32)>,
    cells_out: Vec<u32>,
    numbers: Vec<f64>,
    bytes: Vec<u8>,
    /// The edge states and doors, published apart from the map (see
    /// `published.rs`): the ray and the step read the map's own.
    edges: Published<u8>,
    doors: Published<u8>,
}

impl WasmTileGrid {
    pub(super) fn of(core: Rc<SharedWorld>) -> WasmTileGrid {
        WasmTileGrid {
            core,
            cells: Vec::new(),
            cells_out: crate::publish::vec(),
            numbers: crate::publish::vec(),
            bytes: crate::publish::vec(),
            edges: Published::default(),
            doors: Published::default(),
        }
    }

    pub(super) fn grid(&self) -> Ref<'_, TileGrid> {
        Ref::map(self.core.borrow(), |w| w.tiles())
    }

    fn grid_mut(&self) -> RefMut<'_, TileGrid> {
        RefMut::map(self.core.borrow_mut(), |w| w.tiles_mut())
    }
}

#[wasm_bindgen(js_class = TileGrid)]
impl WasmTileGrid {
    // ---- What shapes are (no grid needed) ----

    pub fn shapes() -> Vec<String> {
        TileShape::ALL.iter().map(|s| s.name().to_string()).collect()
    }

    #[wasm_bindgen(js_name = shapeFamilies)]
    pub fn shape_families() -> Vec<String> {
        names(&TileShape::FAMILY_NAMES)
    }

    #[wasm_bindgen(js_name = shapeFamily)]
    pub fn shape_family(shape: &str) -> Result<String, JsValue> {
        Ok(Args::new().arg(TileShape::from_name(shape)).map_err(thrown)?.family_name().to_string())
    }

    #[wasm_bindgen(js_name = rotateShape)]
    pub fn rotate_shape(shape: &str, clockwise: bool) -> Result<String, JsValue> {
        let mut a = Args::new();
        let shape = a.arg(TileShape::from_name(shape)).map_err(thrown)?;
        let clockwise = a.arg(Ok(clockwise)).map_err(thrown)?;
        Ok(shape.rotated(clockwise).name().to_string())
    }

    #[wasm_bindgen(js_name = shapeOutline)]
    pub fn shape_outline(shape: &str, segments: f64) -> Result<Float64Array, JsValue> {
        let mut a = Args::new();
        let shape = a.arg(TileShape::from_name(shape)).map_err(thrown)?;
        let segments = a.whole_in("segments", segments, 1, MAX_OUTLINE_SEGMENTS).map_err(thrown)?;
        let points = shape.outline(&Aabb::from_xywh(0.0, 0.0, 1.0, 1.0), segments);
        let flat: Vec<f64> = points.iter().flat_map(|&(x, y)| [x, y]).collect();
        Ok(Float64Array::from(&flat[..]))
    }

    #[wasm_bindgen(js_name = shapeSides)]
    pub fn shape_sides(shape: &str) -> Result<Uint8Array, JsValue> {
        let shape = Args::new().arg(TileShape::from_name(shape)).map_err(thrown)?;
        let codes: Vec<u8> = Side::ALL.iter().map(|&side| shape.side_view(side) as u8).collect();
        Ok(Uint8Array::from(&codes[..]))
    }

    pub fn sides() -> Vec<String> {
        Side::ALL.iter().map(|s| s.name().to_string()).collect()
    }

    #[wasm_bindgen(js_name = doorStates)]
    pub fn door_states() -> Vec<String> {
        names(&Door::CODE_NAMES)
    }

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

    #[wasm_bindgen(getter)]
    pub fn revision(&self) -> f64 {
        self.grid().revision() as f64
    }

    #[wasm_bindgen(js_name = changedCellsSince)]
    pub fn changed_cells_since(&mut self, revision: f64) -> Result<Option<Uint32Array>, JsValue> {
        let revision = Args::new().arg(TileGrid::check_revision(revision)).map_err(thrown)?;
        let complete = self.core.borrow().tiles().changed_cells_since(revision, &mut self.cells);
        flatten_cells(&self.cells, &mut self.cells_out);
        Ok(complete.then(|| view_u32(&self.cells_out)))
    }

    pub fn reset(&self, cols: f64, rows: f64, tile_size: f64) -> Result<(), JsValue> {
        let mut a = Args::new();
        let (cols, rows, tile_size) = (|| {
            let cols = a.arg(TileGrid::check_cell_count("cols", cols))?;
            let rows = a.arg(TileGrid::check_cell_count("rows", rows))?;
            Ok((cols, rows, a.positive("tileSize", tile_size)?))
        })()
        .map_err(thrown)?;
        self.grid_mut().reset(cols, rows, tile_size).map_err(to_js)
    }

    #[wasm_bindgen(js_name = loadPreset)]
    pub fn load_preset(&self, name: &str) -> Result<(), JsValue> {
        let grid = Args::new().arg(TileGrid::preset(name)).map_err(thrown)?;
        self.grid_mut().replace(grid);
        Ok(())
    }

    pub fn ascii(&self) -> String {
        self.grid().to_ascii()
    }

    #[wasm_bindgen(js_name = loadAscii)]
    pub fn load_ascii(&self, map: &str, tile_size: f64) -> Result<(), JsValue> {
        let mut a = Args::new();
        // The map's rules are its parse, which runs once, with the size:
        // when the size has the wrong type, the map is parsed alone.
        let grid = (|| {
            if a.stops_at(1) {
                a.arg(TileGrid::read_ascii(map, 1.0))?;
            }
            a.arg(Ok(()))?;
            let tile_size = a.num(tile_size)?;
            Ok(TileGrid::read_ascii(map, tile_size)?)
        })()
        .map_err(thrown)?;
        self.grid_mut().replace(grid);
        Ok(())
    }

    #[wasm_bindgen(js_name = setTile)]
    pub fn set_tile(&self, col: f64, row: f64, shape: &str) -> i32 {
        let mut a = Args::new();
        done((|| {
            let (col, row) = a.cell(&self.core, col, row)?;
            let shape = a.arg(TileShape::from_name(shape))?;
            let result = self.grid_mut().set_tile(col, row, shape);
            Ok(result?)
        })())
    }

    /// The tile's shape by its code (`TileGrid.shapes()`), or `REFUSED`.
    pub fn tile(&self, col: f64, row: f64) -> i32 {
        let mut a = Args::new();
        let shape = (|| {
            let (col, row) = a.cell(&self.core, col, row)?;
            let shape = self.grid().tile(col, row);
            Ok(shape?)
        })();
        status(shape, |s| f64::from(s.index())) as i32
    }

    pub fn edge(&self, col: f64, row: f64, side: &str) -> Result<String, JsValue> {
        let mut a = Args::new();
        let (col, row, side) = a.cell_side(&self.core, col, row, side).map_err(thrown)?;
        let state = self.grid().edge(col, row, side).map_err(to_js)?;
        Ok(state.name().to_string())
    }

    #[wasm_bindgen(js_name = setDoor)]
    pub fn set_door(&self, col: f64, row: f64, side: &str, door: &str) -> Result<(), JsValue> {
        let mut a = Args::new();
        let (col, row, side, door) = (|| {
            let (col, row, side) = a.cell_side(&self.core, col, row, side)?;
            Ok((col, row, side, a.arg(Door::setting_from_name(door))?))
        })()
        .map_err(thrown)?;
        let result = self.grid_mut().set_door(col, row, side, door);
        result.map_err(to_js)
    }

    pub fn door(&self, col: f64, row: f64, side: &str) -> Result<String, JsValue> {
        let mut a = Args::new();
        let (col, row, side) = a.cell_side(&self.core, col, row, side).map_err(thrown)?;
        let door = self.grid().door(col, row, side).map_err(to_js)?;
        Ok(door.map_or("none", Door::name).to_string())
    }

    #[wasm_bindgen(js_name = tileIndices)]
    pub fn tile_indices(&mut self) -> Result<Uint8Array, JsValue> {
        let core = self.core.borrow();
        let cells = core.tiles().tiles().len();
        reserve(&mut self.bytes, cells, "tile_indices", "tiles").map_err(to_js)?;
        core.tiles().tile_indices(&mut self.bytes);
        Ok(view_u8(&self.bytes))
    }

    pub fn edges(&mut self) -> Result<Uint8Array, JsValue> {
        let grid = self.core.borrow();
        let edges = grid.tiles().edges();
        // SAFETY: `EdgeState` is `repr(u8)`: the slice is its codes. Only
        // the published copy of them is handed out: a code written into
        // the view never becomes an `EdgeState`.
        let codes = unsafe { std::slice::from_raw_parts(edges.as_ptr().cast::<u8>(), edges.len()) };
        let view = self.edges.of("edges", self.core.changes(), || codes);
        Ok(view_u8(view.map_err(to_js)?))
    }

    pub fn doors(&mut self) -> Result<Uint8Array, JsValue> {
        let grid = self.core.borrow();
        let view = self.doors.of("doors", self.core.changes(), || grid.tiles().doors());
        Ok(view_u8(view.map_err(to_js)?))
    }

    #[wasm_bindgen(js_name = edgeLines)]
    pub fn edge_lines(
        &mut self,
        col_start: Option<f64>,
        row_start: Option<f64>,
        col_end: Option<f64>,
        row_end: Option<f64>,
    ) -> Result<Float64Array, JsValue> {
        let mut a = Args::new();
        let range = (|| {
            let col_start = a.opt_whole("colStart", col_start)?;
            let row_start = a.opt_whole("rowStart", row_start)?;
            let col_end = a.opt_whole("colEnd", col_end)?;
            let row_end = a.opt_whole("rowEnd", row_end)?;
            Ok(CellRange {
                col_start: col_start.unwrap_or(0),
                row_start: row_start.unwrap_or(0),
                col_end: col_end.unwrap_or_else(|| self.cols()),
                row_end: row_end.unwrap_or_else(|| self.rows()),
            })
        })()
        .map_err(thrown)?;
        let core = self.core.borrow();
        let lines = core.tiles().edge_line_count(range);
        let numbers = lines * crate::tile_grid::EDGE_LINE_FIELDS.len();
        reserve(&mut self.numbers, numbers, "edge_lines", "numbers").map_err(to_js)?;
        core.tiles().edge_lines(range, &mut self.numbers);
        Ok(view_f64(&self.numbers))
    }

    /// 1 with `[col, row]` in `OUT`, 0 outside the map.
    #[wasm_bindgen(js_name = cellAt)]
    pub fn cell_at(&self, x: f64, y: f64) -> i32 {
        let mut a = Args::new();
        let cell = (|| {
            let x = a.num(x)?;
            let y = a.num(y)?;
            Ok(self.grid().cell_at(x, y))
        })();
        status(cell, |cell| match cell {
            Some((c, r)) => {
                out(&[f64::from(c), f64::from(r)]);
                1.0
            }
            None => 0.0,
        }) as i32
    }

    /// The tiles the box touches: the length, the view's address in `OUT`.
    #[wasm_bindgen(js_name = touchedCells)]
    pub fn touched_cells(&mut self, x: f64, y: f64, w: f64, h: f64) -> i32 {
        let mut a = Args::new();
        let area = a.box4(x, y, w, h).and_then(|(x, y, w, h)| Ok(checked_box(x, y, w, h)?));
        let area = match area {
            Ok(area) => area,
            Err(fault) => return done(Err(fault)),
        };
        // The cells straight from their range (TileGrid::touched_cells'
        // own rule), into room reserved first.
        let range = self.core.borrow().tiles().touched_range(&area);
        self.cells_out.clear();
        if let Err(error) = reserve(&mut self.cells_out, 2 * range.cell_count(), "touched_cells", "cells") {
            return done(Err(Fault::Refused(error)));
        }
        for row in range.row_start..range.row_end {
            for col in range.col_start..range.col_end {
                self.cells_out.extend_from_slice(&[col, row]);
            }
        }
        out_view(&self.cells_out)
    }

    /// 0 with the move `[dx, dy]` in `OUT`, or `REFUSED`.
    #[wasm_bindgen(js_name = pushOut)]
    pub fn push_out(&self, x: f64, y: f64, w: f64, h: f64) -> i32 {
        let mut a = Args::new();
        done((|| {
            let (x, y, w, h) = a.box4(x, y, w, h)?;
            let area = checked_box(x, y, w, h)?;
            let (dx, dy) = self.grid().push_out(&area);
            out(&[dx, dy]);
            Ok(())
        })())
    }

    // ---- Rays against the tiles alone ----

    /// The cells the segment passes: the length, the view's address in `OUT`.
    #[wasm_bindgen(js_name = traceCells)]
    pub fn trace_cells(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> i32 {
        let (x0, y0, x1, y1) = match Args::new().segment(x0, y0, x1, y1) {
            Ok(s) => s,
            Err(fault) => return done(Err(fault)),
        };
        trace_cells(GridDims::of(self.core.borrow().tiles()), x0, y0, x1, y1, &mut self.cells);
        flatten_cells(&self.cells, &mut self.cells_out);
        out_view(&self.cells_out)
    }

    #[wasm_bindgen(js_name = traceSteps)]
    pub fn trace_steps(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Float64Array, JsValue> {
        let (x0, y0, x1, y1) = Args::new().segment(x0, y0, x1, y1).map_err(thrown)?;
        trace_steps(GridDims::of(self.core.borrow().tiles()), x0, y0, x1, y1, &mut self.numbers);
        Ok(view_f64(&self.numbers))
    }

    /// 1 with the hit in `OUT`, 0 for no hit, or `REFUSED`.
    #[wasm_bindgen(js_name = castRay)]
    pub fn cast_ray(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> i32 {
        let hit = Args::new()
            .segment(x0, y0, x1, y1)
            .map(|(x0, y0, x1, y1)| cast_tiles(&self.grid(), x0, y0, x1, y1).map(RayHit::from));
        status(hit, out_ray_hit) as i32
    }

    /// 1 with the hit in `OUT` (see `out_box_hit`), 0 for nothing met, or
    /// `REFUSED`.
    #[wasm_bindgen(js_name = castBox)]
    pub fn cast_box(&self, x: f64, y: f64, w: f64, h: f64, dx: f64, dy: f64) -> i32 {
        let hit = Args::new().moving_box((x, y, w, h), (dx, dy)).and_then(|(x, y, w, h, dx, dy)| {
            crate::sweep::cast_box(&self.grid(), x, y, w, h, dx, dy).map_err(Fault::Refused)
        });
        status(hit, out_box_hit) as i32
    }

    /// 1 when no tile (nor closed door) touches the segment, 0 when one
    /// does, or `REFUSED`.
    #[wasm_bindgen(js_name = lineOfSight)]
    pub fn line_of_sight(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> i32 {
        let clear = Args::new()
            .segment(x0, y0, x1, y1)
            .map(|(x0, y0, x1, y1)| line_of_sight(&self.grid(), x0, y0, x1, y1));
        status(clear, |clear| f64::from(u8::from(clear))) as i32
    }

    pub fn validate(&self) -> Result<(), JsValue> {
        self.grid().validate().map_err(|message| JsError::new(&message).into())
    }
}
