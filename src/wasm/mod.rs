//! The JavaScript face of the library, and the only code with
//! `#[wasm_bindgen]` (compiled for `wasm32` only, so native users build
//! none of it): [`WasmWorld`] is JS `World`, [`WasmTileGrid`] is JS
//! `TileGrid`, the handle `world.tiles` returns.
//!
//! Every method validates its input in the core (which returns `Result`) and
//! turns an error into a thrown JS `Error` whose message names the argument.
//! Per-frame data (`pairs`, `query`, `slotBoxes`, `edges`, …) is returned as
//! typed-array *views* into wasm memory, not copies: a view is valid until
//! the next call into the world (a call may grow memory and detach it). Use
//! `.slice()` to keep one. Every view's layout is named in `crate::wire`
//! and returned by `World.viewLayout(name)`.
//!
//! A `World` and the `TileGrid` handles taken from it share one core
//! (`Rc<RefCell<World>>`): the map has one owner, whichever handle edits it.

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

/// A JS number that must be a whole number in `u32` range (ids, cells,
/// counts): `1.5` or `-1` is an error naming the argument, not truncated.
fn whole(arg: &'static str, value: f64) -> Result<u32, JsValue> {
    crate::error::whole_u32(arg, value).map_err(to_js)
}

// --- arguments, read once and never coerced ---------------------------------
//
// Every parameter arrives as the JS value itself, and is checked here by
// type. Nothing calls `valueOf`, a getter or a proxy trap: a method runs no
// user code between reading `this` and returning, so user code can never
// free or replace a World while a call is using it.

/// What a JS value is, for a message: `number 3`, `string "3"`, `object`, …
fn describe(value: &JsValue) -> String {
    if let Some(n) = value.as_f64() {
        return format!("number {n}");
    }
    if let Some(s) = value.as_string() {
        let shown: String = s.chars().take(40).collect();
        return format!("string {shown:?}");
    }
    if value.is_null() {
        return "null".into();
    }
    if js_sys::Array::is_array(value) {
        return "an array".into();
    }
    // `typeof` runs no user code, even on a proxy.
    value.js_typeof().as_string().unwrap_or_else(|| "something else".into())
}

/// A thrown `TypeError` naming the argument, what it must be and what it got.
pub(crate) fn type_error(arg: &str, expected: &str, value: &JsValue) -> JsValue {
    js_sys::TypeError::new(&format!("{arg} must be {expected}, got {}", describe(value))).into()
}

/// A JS number (no coercion: `"3"`, `null` or `{ valueOf }` are refused).
fn num(arg: &str, value: &JsValue) -> Result<f64, JsValue> {
    value.as_f64().ok_or_else(|| type_error(arg, "a number", value))
}

/// An optional JS number: absent, `undefined` or `null` is `None`.
fn opt_num(arg: &str, value: Option<&JsValue>) -> Result<Option<f64>, JsValue> {
    match value {
        None => Ok(None),
        Some(v) if v.is_undefined() || v.is_null() => Ok(None),
        Some(v) => v.as_f64().map(Some).ok_or_else(|| type_error(arg, "a number or undefined", v)),
    }
}

/// A JS string (no coercion).
fn text(arg: &str, value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| type_error(arg, "a string", value))
}

/// A JS boolean (no coercion: `1` or `"yes"` are refused).
fn flag(arg: &str, value: &JsValue) -> Result<bool, JsValue> {
    value.as_bool().ok_or_else(|| type_error(arg, "true or false", value))
}

/// A `Uint32Array`, copied (a plain array is refused: reading its elements
/// could run user code; see `typed_arrays.rs` for how it is read).
fn u32_array(arg: &str, value: &JsValue) -> Result<Vec<u32>, JsValue> {
    let mut out = Vec::new();
    typed_arrays::read_u32s(arg, value, &mut out)?;
    Ok(out)
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
