//! Reading a method's arguments: each is read once, never coerced, and
//! checked completely before the next is read.
//!
//! Every parameter arrives as the JS value itself. Nothing here calls
//! `valueOf`, a getter or a proxy trap: a method runs no user code between
//! reading `this` and returning, so user code can never free or replace a
//! World while a call is using it.
//!
//! **The first bad argument is the one named** (issue 17: "first bad
//! argument in order, always"), whether it is bad by its JS type (a
//! `TypeError`) or by its value (an `Error`). So each reader below checks
//! its argument fully: the type, then every rule the core applies to that
//! value, by the core's own checking functions (`crate::error::finite`,
//! `World::check_id`, `TileGrid::check_col`, `TileShape::from_name`, …,
//! so each rule lives once), and a method reads its arguments in order and
//! calls the core only when all have passed. The core checks again (its
//! native callers need that) and finds nothing. Why not read every type
//! first and let the core judge the values in order: the core takes typed
//! values (`u32` ids, `&str` names), so an argument of the wrong type has
//! nothing to hand it, and the core would judge the earlier arguments only
//! after the later one's type error had been thrown. A rule that needs the
//! World (a live id, a cell of the map) borrows it for that check alone
//! ([`checked`]), with every argument already a plain value: no user code
//! runs while it is borrowed, and the borrow ends before an error becomes a
//! JS object. `tests/wasm/argument_order.test.mjs` tries every pair of bad
//! arguments of every method; a new method passes it by following this
//! pattern.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use super::{to_js, typed_arrays};
use crate::World;

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, with its exception caught: it throws on a revoked
    /// proxy, and an exception thrown through Rust skips its destructors
    /// (`updateMany`'s scratch stayed borrowed: every later call trapped).
    #[wasm_bindgen(js_namespace = Array, js_name = isArray, catch)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// What a JS value is, for a message: `number 3`, `string "3"`, `object`, …
/// Runs no user code and throws nothing, whatever the value.
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
    if is_array(value).unwrap_or(false) {
        return "an array".into();
    }
    // `typeof` runs no user code, even on a proxy.
    value.js_typeof().as_string().unwrap_or_else(|| "something else".into())
}

/// A thrown `TypeError` naming the argument, what it must be and what it got.
pub(super) fn type_error(arg: &str, expected: &str, value: &JsValue) -> JsValue {
    js_sys::TypeError::new(&format!("{arg} must be {expected}, got {}", describe(value))).into()
}

/// A JS number, of any value (no coercion: `"3"`, `null` or `{ valueOf }`
/// are refused). For arguments the core takes as any `f64` (a time step,
/// a point), or whose rules it applies after this.
pub(super) fn num(arg: &str, value: &JsValue) -> Result<f64, JsValue> {
    value.as_f64().ok_or_else(|| type_error(arg, "a number", value))
}

/// A finite JS number (a coordinate, a velocity).
pub(super) fn finite(arg: &'static str, value: &JsValue) -> Result<f64, JsValue> {
    crate::error::finite(arg, num(arg, value)?).map_err(to_js)
}

/// A finite JS number above zero (a size).
pub(super) fn positive(arg: &'static str, value: &JsValue) -> Result<f64, JsValue> {
    crate::error::positive(arg, num(arg, value)?).map_err(to_js)
}

/// A JS number that is a whole number in `u32` range: `1.5` or `-1` is an
/// error naming the argument, not truncated.
pub(super) fn whole(arg: &'static str, value: &JsValue) -> Result<u32, JsValue> {
    crate::error::whole_u32(arg, num(arg, value)?).map_err(to_js)
}

/// A JS number that is a whole number in `min..=max`.
pub(super) fn whole_in(arg: &'static str, value: &JsValue, min: u32, max: u32) -> Result<u32, JsValue> {
    crate::error::whole_in(arg, num(arg, value)?, min, max).map_err(to_js)
}

/// A JS number judged by a rule of the core that needs no World
/// (`QuadtreeLimits::check_max_levels`, `TileGrid::check_cell_count`, …).
pub(super) fn number_by<T>(
    arg: &'static str,
    value: &JsValue,
    rule: impl FnOnce(f64) -> crate::Result<T>,
) -> Result<T, JsValue> {
    rule(num(arg, value)?).map_err(to_js)
}

/// An optional whole number: absent, `undefined` or `null` is `None`.
pub(super) fn opt_whole(arg: &'static str, value: Option<&JsValue>) -> Result<Option<u32>, JsValue> {
    match value {
        None => Ok(None),
        Some(v) if v.is_undefined() || v.is_null() => Ok(None),
        Some(v) => {
            let n = v.as_f64().ok_or_else(|| type_error(arg, "a number or undefined", v))?;
            crate::error::whole_u32(arg, n).map(Some).map_err(to_js)
        }
    }
}

/// A JS string (no coercion).
pub(super) fn text(arg: &str, value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| type_error(arg, "a string", value))
}

/// A JS string that must be one of the names `parse` knows
/// (`TileShape::from_name`, `Side::from_name`, …).
pub(super) fn name<T>(
    arg: &str,
    value: &JsValue,
    parse: impl FnOnce(&str) -> crate::Result<T>,
) -> Result<T, JsValue> {
    parse(&text(arg, value)?).map_err(to_js)
}

/// A JS boolean (no coercion: `1` or `"yes"` are refused).
pub(super) fn flag(arg: &str, value: &JsValue) -> Result<bool, JsValue> {
    value.as_bool().ok_or_else(|| type_error(arg, "true or false", value))
}

/// A `Uint32Array`, copied (a plain array is refused: reading its elements
/// could run user code; see `typed_arrays.rs` for how it is read).
pub(super) fn u32_array(arg: &str, value: &JsValue) -> Result<Vec<u32>, JsValue> {
    let mut out = Vec::new();
    typed_arrays::read_u32s(arg, value, &mut out)?;
    Ok(out)
}

/// A box `x, y, w, h` by the rule of `checked_box`: finite corner, size
/// above zero, each argument in turn.
pub(super) fn box_args(
    x: &JsValue,
    y: &JsValue,
    w: &JsValue,
    h: &JsValue,
) -> Result<(f64, f64, f64, f64), JsValue> {
    Ok((finite("x", x)?, finite("y", y)?, positive("w", w)?, positive("h", h)?))
}

/// A segment `x0, y0, x1, y1` by the rule of `check_segment`: four finite
/// numbers, each in turn.
pub(super) fn segment_args(
    x0: &JsValue,
    y0: &JsValue,
    x1: &JsValue,
    y1: &JsValue,
) -> Result<(f64, f64, f64, f64), JsValue> {
    Ok((finite("x0", x0)?, finite("y0", y0)?, finite("x1", x1)?, finite("y1", y1)?))
}

/// Runs a rule that needs the World (a live id, a cell of the map) on an
/// argument already read, releasing the World before an error becomes a JS
/// object.
pub(super) fn checked<T>(
    world: &RefCell<World>,
    rule: impl FnOnce(&World) -> crate::Result<T>,
) -> Result<T, JsValue> {
    let result = rule(&world.borrow());
    result.map_err(to_js)
}

/// A JS number that is the id of a live object of `world`.
pub(super) fn live_id(world: &RefCell<World>, arg: &'static str, value: &JsValue) -> Result<u32, JsValue> {
    let n = num(arg, value)?;
    checked(world, |w| w.check_id(arg, n))
}

/// A JS number that is a column of `world`'s tile map.
pub(super) fn cell_col(world: &RefCell<World>, value: &JsValue) -> Result<u32, JsValue> {
    let n = num("col", value)?;
    checked(world, |w| w.tiles().check_col(n))
}

/// A JS number that is a row of `world`'s tile map.
pub(super) fn cell_row(world: &RefCell<World>, value: &JsValue) -> Result<u32, JsValue> {
    let n = num("row", value)?;
    checked(world, |w| w.tiles().check_row(n))
}
