//! The traces through the JavaScript boundary (see `crate::trace`): what
//! the core did, step by step, as flat records of the layouts in
//! `crate::wire` (copies: a stepper keeps them). Built with the `trace`
//! feature (on by default); a build without it has none of the traced
//! code, and the façade says so when a trace is asked of it.

use js_sys::Float64Array;
use wasm_bindgen::prelude::*;

use super::args::Args;
use super::tile_grid::WasmTileGrid;
use super::world::WasmWorld;
use super::{names, thrown, to_js, trace_records};
use crate::world::checked_box;

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// `insert`, traced: the steps as records (the new id is the first's `id`).
    #[wasm_bindgen(js_name = traceInsert)]
    pub fn trace_insert(&self, x: f64, y: f64, w: f64, h: f64) -> Result<Float64Array, JsValue> {
        let (x, y, w, h) = Args::new().box4(x, y, w, h).map_err(thrown)?;
        let (_, steps) = self.edit_js(|core| core.trace_insert(x, y, w, h))?;
        Ok(trace_records(&steps))
    }

    /// `update`, traced.
    #[wasm_bindgen(js_name = traceUpdate)]
    pub fn trace_update(&self, id: f64, x: f64, y: f64, w: f64, h: f64) -> Result<Float64Array, JsValue> {
        let mut a = Args::new();
        let (id, (x, y, w, h)) = (|| {
            let id = a.live_id(&self.core, "id", id)?;
            Ok((id, a.box4(x, y, w, h)?))
        })()
        .map_err(thrown)?;
        Ok(trace_records(&self.edit_js(|core| core.trace_update(id, x, y, w, h))?))
    }

    /// `remove`, traced.
    #[wasm_bindgen(js_name = traceRemove)]
    pub fn trace_remove(&self, id: f64) -> Result<Float64Array, JsValue> {
        let id = Args::new().live_id(&self.core, "id", id).map_err(thrown)?;
        Ok(trace_records(&self.edit_js(|core| core.trace_remove(id))?))
    }

    /// The search for the boxes overlapping object `id`'s box, traced.
    #[wasm_bindgen(js_name = traceQuery)]
    pub fn trace_query(&self, id: f64) -> Result<Float64Array, JsValue> {
        let id = Args::new().live_id(&self.core, "id", id).map_err(thrown)?;
        Ok(trace_records(&self.edit_js(|core| core.trace_query(id))?))
    }

    /// The pair search for object `id`, traced.
    #[wasm_bindgen(js_name = tracePairs)]
    pub fn trace_pairs(&self, id: f64) -> Result<Float64Array, JsValue> {
        let id = Args::new().live_id(&self.core, "id", id).map_err(thrown)?;
        Ok(trace_records(&self.edit_js(|core| core.trace_pairs(id))?))
    }

    /// What `step(dt)` would do to tile collider `id`, traced, as a dry
    /// run that changes nothing.
    #[wasm_bindgen(js_name = traceTileStep)]
    pub fn trace_tile_step(&self, id: f64, dt: f64) -> Result<Float64Array, JsValue> {
        let mut a = Args::new();
        let (id, dt) = (|| Ok((a.live_id(&self.core, "id", id)?, a.num(dt)?)))().map_err(thrown)?;
        let steps = self.edit_js(|core| core.trace_tile_step(id, dt))?;
        Ok(trace_records(&steps))
    }

    #[wasm_bindgen(js_name = traceKinds)]
    pub fn trace_kinds() -> Vec<String> {
        names(crate::trace::TraceKind::NAMES)
    }

    #[wasm_bindgen(js_name = traceReasons)]
    pub fn trace_reasons() -> Vec<String> {
        names(crate::trace::TraceReason::NAMES)
    }

    #[wasm_bindgen(js_name = maxTraceSteps)]
    pub fn max_trace_steps() -> u32 {
        crate::trace::MAX_TRACE_STEPS as u32
    }
}

#[wasm_bindgen(js_class = TileGrid)]
impl WasmTileGrid {
    /// How the state of one cell side follows from its two cells, traced.
    #[wasm_bindgen(js_name = traceEdge)]
    pub fn trace_edge(&self, col: f64, row: f64, side: &str) -> Result<Float64Array, JsValue> {
        let mut a = Args::new();
        let (col, row, side) = a.cell_side(&self.core, col, row, side).map_err(thrown)?;
        let steps = self.grid().trace_edge(col, row, side).map_err(to_js)?;
        Ok(trace_records(&steps))
    }

    /// `pushOut`, traced.
    #[wasm_bindgen(js_name = tracePushOut)]
    pub fn trace_push_out(&self, x: f64, y: f64, w: f64, h: f64) -> Result<Float64Array, JsValue> {
        let mut a = Args::new();
        let area =
            a.box4(x, y, w, h).and_then(|(x, y, w, h)| Ok(checked_box(x, y, w, h)?)).map_err(thrown)?;
        Ok(trace_records(&self.grid().trace_push_out(&area)))
    }
}
