//! The core's side of the JavaScript boundary, and the only code with
//! `#[wasm_bindgen]` (compiled for `wasm32` only, so native users build
//! none of it): [`WasmWorld`](world::WasmWorld) and
//! [`WasmTileGrid`] are the engines of JS `World` and `TileGrid`.
//!
//! **Users never see these classes.** `www/core/facade.js` wraps them (the
//! page, the embed and the npm package all import that façade); its JSDoc
//! is the public API's one source (types, docs, the declarations `tsc`
//! emits). The types wasm-bindgen generates for the classes here let `tsc`
//! check every call the façade makes into them. The façade checks each
//! argument's JS type (`typeof x === 'number'`, a tag check a JIT inlines,
//! and no user code runs) and passes plain `f64`s and strings; these
//! methods check the values by the core's rules, in argument order, so an
//! error names the first bad argument. When argument `k` has the wrong type, the façade
//! asks the method to judge arguments `0..k` alone (`args.rs`): a bad value
//! before it is named first, and nothing runs past it.
//!
//! Two conventions for what comes back:
//! - The calls a game makes per object or per frame (`update`,
//!   `setVelocity`, `box`, `query`, `castRay`, …) return one number: the
//!   result (an id, a length, a code, 0 for done) or [`REFUSED`], the error
//!   then waiting in [`take_error`]. Anything more (a view's address, a box,
//!   a ray hit) is left in [`OUT`], which the façade reads through a view.
//!   One number crosses: no array for a pair of return values, no
//!   externref, no JS object built from Rust.
//! - The rest return `Result<T, JsValue>` (wasm-bindgen throws the error).
//!
//! Per-frame data (`pairs`, `query`, `slotBoxes`, `edges`, …) are typed-array
//! *views* into wasm memory, not copies: a view is valid until the next call
//! into any World of this instance (a call may write over it, or grow memory
//! and detach it). Views of state the World keeps are copies published apart
//! from it (`published.rs`), so a write into a view changes nothing the core
//! reads. Every view's layout is named in `crate::wire` and returned by
//! `World.viewLayout(name)`.
//!
//! A `World` and its `TileGrid` handle share one core
//! (`Rc<SharedWorld>`, `shared.rs`): the map has one owner, whichever handle
//! edits it.

mod allocator;
mod args;
mod batch;
mod published;
mod published_memory;
mod shared;
mod stop;
mod tile_grid;
#[cfg(feature = "trace")]
mod traces;
mod world;

use std::cell::{RefCell, UnsafeCell};

use js_sys::{Float64Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::geometry::Aabb;

use tile_grid::WasmTileGrid;

/// What a number-returning method returns when it refused its arguments;
/// the error waits in [`take_error`].
const REFUSED: i32 = -1;
/// What a method returns when asked to judge only the arguments before a
/// wrongly typed one, and they passed (see `args.rs`).
const STOPPED: i32 = -2;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The message of the last [`REFUSED`] call (the façade throws it as an
/// `Error`, so its stack shows the user's call).
#[wasm_bindgen(js_name = takeError)]
pub fn take_error() -> String {
    LAST_ERROR.with(|e| std::mem::take(&mut *e.borrow_mut()))
}

/// Where a method leaves what does not fit its one return value, for the
/// façade to read through a view right after the call: eight `f64`s at a
/// fixed address (a view's address and length, a box, a ray hit's fields).
struct Out(UnsafeCell<[f64; 8]>);

// SAFETY: wasm32 without threads: one thread touches it.
unsafe impl Sync for Out {}

static OUT: Out = Out(UnsafeCell::new([0.0; 8]));

/// Leaves `values` in [`OUT`], from its start.
fn out(values: &[f64]) {
    // SAFETY: one thread; no reference to OUT outlives this call.
    let cells = unsafe { &mut *OUT.0.get() };
    cells[..values.len()].copy_from_slice(values);
}

/// Leaves a view's address and length in [`OUT`] and returns the length.
fn out_view<T>(data: &[T]) -> i32 {
    out(&[data.as_ptr() as usize as f64]);
    data.len() as i32
}

/// The address of [`OUT`] in wasm memory.
#[wasm_bindgen(js_name = outAddress)]
pub fn out_address() -> u32 {
    OUT.0.get() as usize as u32
}

/// The module's memory, for the façade's views (whoever initialised it).
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Why a method stopped: an argument's value was refused, or the façade
/// asked for the arguments before a wrongly typed one alone and they passed.
enum Fault {
    Refused(crate::error::Error),
    Stopped,
}

impl From<crate::error::Error> for Fault {
    fn from(error: crate::error::Error) -> Fault {
        Fault::Refused(error)
    }
}

/// The one number a fast method returns: `ok`'s value, or the fault's code
/// with its message kept for [`take_error`].
#[inline(always)]
fn status<T>(result: Result<T, Fault>, ok: impl FnOnce(T) -> f64) -> f64 {
    match result {
        Ok(value) => ok(value),
        Err(Fault::Refused(error)) => keep_error(error),
        Err(Fault::Stopped) => f64::from(STOPPED),
    }
}

/// Keeps `error`'s message for [`take_error`] and returns [`REFUSED`]. Out
/// of line: every fast method inlines [`status`], and the message's
/// formatting would otherwise be copied into each of them.
#[cold]
#[inline(never)]
fn keep_error(error: crate::error::Error) -> f64 {
    LAST_ERROR.with(|e| *e.borrow_mut() = error.to_string());
    f64::from(REFUSED)
}

/// [`status`] for a method whose result is done or not: 0 when done.
#[inline(always)]
fn done(result: Result<(), Fault>) -> i32 {
    status(result, |()| 0.0) as i32
}

/// A fault as a thrown JS value, for the `Result` methods: the error, or
/// `null` for [`Fault::Stopped`] (the façade then throws its `TypeError`).
fn thrown(fault: Fault) -> JsValue {
    match fault {
        Fault::Refused(error) => to_js(error),
        Fault::Stopped => JsValue::NULL,
    }
}

/// Out of line for the same reason as [`keep_error`].
#[cold]
#[inline(never)]
fn to_js(error: crate::error::Error) -> JsValue {
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

/// Room in `buffer` for `len` entries in all, reserved fallibly: when
/// memory is short, an error naming `arg` (the method) and how many
/// `what` it needed, instead of a trap.
fn reserve<T>(
    buffer: &mut Vec<T>,
    len: usize,
    arg: &'static str,
    what: &'static str,
) -> Result<(), crate::Error> {
    crate::fallible::try_reserve_total(buffer, len).map_err(|_| crate::Error::NoMemoryFor {
        arg,
        count: len,
        what,
    })
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

/// A cast's answer for the façade: 1 with the hit's fields in [`OUT`]
/// (`t, x, y, normalX, normalY, objectId, col, row`; `col`, `row` -1 for an
/// object), or 0 when nothing was hit.
fn out_ray_hit(hit: Option<crate::world::RayHit>) -> f64 {
    match hit {
        None => 0.0,
        Some(h) => {
            out(&[h.t, h.x, h.y, h.normal_x, h.normal_y, f64::from(h.object_id), h.col as f64, h.row as f64]);
            1.0
        }
    }
}

/// A trace's steps as flat records of its wire layout (`crate::wire`), a copy.
pub(super) fn trace_records<S: crate::trace::Record>(steps: &[S]) -> Float64Array {
    let mut flat = Vec::new();
    crate::trace::flatten(steps, &mut flat);
    Float64Array::from(&flat[..])
}

/// A box cast's answer for the façade: 1 with the hit's fields in [`OUT`]
/// (`t, x, y, normalX, normalY, objectId, col, row`: the box's position
/// where it stops; `col`, `row` -1 for an object), or 0 when nothing was
/// met.
fn out_box_hit(hit: Option<crate::sweep::BoxCastHit>) -> f64 {
    match hit {
        None => 0.0,
        Some(h) => {
            out(&[h.t, h.x, h.y, h.normal_x, h.normal_y, f64::from(h.object_id), h.col as f64, h.row as f64]);
            1.0
        }
    }
}

/// Names for JS (`structures()`, `shapes()`, …).
fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_string()).collect()
}
