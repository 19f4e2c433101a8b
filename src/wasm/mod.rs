//! The JavaScript face of the library, and the only code with
//! `#[wasm_bindgen]` (compiled for `wasm32` only, so native users build
//! none of it): [`WasmWorld`] is JS `World`, [`WasmTileGrid`] is JS
//! `TileGrid`, the handle `world.tiles` returns.
//!
//! Every method reads its arguments in order, each checked completely (its
//! JS type, then the core's rules for its value: `args.rs`), so the error
//! thrown, a `TypeError` or an `Error`, names the first bad argument; then
//! it calls the core (which returns `Result`) and turns an error into a
//! thrown JS `Error` whose message names the argument.
//! Per-frame data (`pairs`, `query`, `slotBoxes`, `edges`, …) is returned as
//! typed-array *views* into wasm memory, not copies: a view is valid until
//! the next call into the world (a call may grow memory and detach it). Use
//! `.slice()` to keep one. Every view's layout is named in `crate::wire`
//! and returned by `World.viewLayout(name)`.
//!
//! A `World` and the `TileGrid` handles taken from it share one core
//! (`Rc<RefCell<World>>`): the map has one owner, whichever handle edits it.

mod args;
mod tile_grid;
mod typed_arrays;
mod world;

use js_sys::{Float64Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::geometry::Aabb;

use tile_grid::WasmTileGrid;

fn to_js(error: crate::Error) -> JsValue {
    JsError::new(&error.to_string()).into()
}

// SAFETY (for every `view` below): the view aliases memory owned by the
// world and is documented to be valid only until the next call into it;
// nothing in between can run Rust code that would free or move it.
fn view_f64(data: &[f64]) -> Float64Array {
    unsafe { Float64Array::view(data) }
}

fn view_u32(data: &[u32]) -> Uint32Array {
    unsafe { Uint32Array::view(data) }
}

fn view_u8(data: &[u8]) -> Uint8Array {
    unsafe { Uint8Array::view(data) }
}

/// `[x, y, w, h, …]` (the wire format's one box convention), a copy.
fn boxes_xywh(boxes: &[Aabb]) -> Float64Array {
    let flat: Vec<f64> =
        boxes.iter().flat_map(|b| [b.min_x, b.min_y, b.max_x - b.min_x, b.max_y - b.min_y]).collect();
    Float64Array::from(&flat[..])
}

/// `[col, row, …]` from cell pairs, into a reused buffer.
fn flatten_cells(cells: &[(u32, u32)], out: &mut Vec<u32>) {
    out.clear();
    out.extend(cells.iter().flat_map(|&(c, r)| [c, r]));
}

/// A plain JS object with the given properties: small results are plain
/// values, so nothing waits for a finalizer to free them.
fn plain_object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in fields {
        // Setting a plain property on a fresh object cannot fail.
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str(key), value);
    }
    object.into()
}

/// What a cast hit, as the contract's `RayHit`: `{ t, x, y, normalX,
/// normalY, objectId, col, row }` (`objectId` 0 for a tile; `col`, `row` -1
/// for an object).
fn ray_hit(hit: crate::world::RayHit) -> JsValue {
    plain_object(&[
        ("t", hit.t.into()),
        ("x", hit.x.into()),
        ("y", hit.y.into()),
        ("normalX", hit.normal_x.into()),
        ("normalY", hit.normal_y.into()),
        ("objectId", hit.object_id.into()),
        ("col", (hit.col as f64).into()),
        ("row", (hit.row as f64).into()),
    ])
}

/// Names for JS (`structures()`, `shapes()`, …).
fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_string()).collect()
}
