//! Typed-array arguments (`updateMany`'s ids and boxes, `setParents`'
//! pairs), read without running user code and without a trap.
//!
//! `instanceof`, `.length`, `.buffer` and `copy_to` all go through
//! properties a caller can redefine: a `length` getter on the array, a
//! subclass, or a proxy around a real typed array ran user code in the
//! middle of a call (one that freed the World left it unusable). So the
//! kind, length and buffer are read through `%TypedArray%.prototype`'s own
//! getters, which read the array's internal slots (a proxy has none: it is
//! refused), and the copy is `TypedArray.prototype.set`, which reads them
//! too.
//!
//! A view of this module's own memory (`updateMany(w.slotIds(), …)`) is
//! first copied by JS: copying it into Rust allocates, an allocation can
//! grow the memory, and growing detaches every view of it (the copy of a
//! detached view was a trap).

use std::cell::OnceCell;

use js_sys::{Float64Array, Function, Object, Reflect, Symbol, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::args::type_error;

/// The getters of `%TypedArray%.prototype`, taken once.
struct Getters {
    tag: Function,
    length: Function,
    buffer: Function,
}

thread_local! {
    static GETTERS: OnceCell<Getters> = const { OnceCell::new() };
}

fn getter(proto: &Object, key: &JsValue) -> Function {
    let descriptor = Object::get_own_property_descriptor(proto, key);
    Reflect::get(&descriptor, &JsValue::from_str("get")).map(JsCast::unchecked_into).unwrap_or_else(|_| {
        // Every engine has these getters (ES2015); without one nothing is read.
        Function::new_no_args("throw new TypeError('no %TypedArray% getter')")
    })
}

fn with_getters<T>(f: impl FnOnce(&Getters) -> T) -> T {
    GETTERS.with(|cell| {
        f(cell.get_or_init(|| {
            let uint8_proto = Object::get_prototype_of(&Uint8Array::new_with_length(0));
            let proto = Object::get_prototype_of(&uint8_proto);
            Getters {
                tag: getter(&proto, &Symbol::to_string_tag()),
                length: getter(&proto, &JsValue::from_str("length")),
                buffer: getter(&proto, &JsValue::from_str("buffer")),
            }
        }))
    })
}

/// The length of `value` if it is a genuine typed array named `kind`
/// (`"Uint32Array"`, …), else `None`; no user code runs.
fn length_of(value: &JsValue, kind: &str) -> Option<u32> {
    with_getters(|g| {
        let tag = g.tag.call0(value).ok()?;
        if tag.as_string().as_deref() != Some(kind) {
            return None;
        }
        g.length.call0(value).ok()?.as_f64().map(|n| n as u32)
    })
}

/// Whether `value` (a genuine typed array) is a view of this module's memory.
fn in_wasm_memory(value: &JsValue) -> bool {
    let buffer = with_getters(|g| g.buffer.call0(value).unwrap_or(JsValue::UNDEFINED));
    let memory = wasm_bindgen::memory().unchecked_into::<js_sys::WebAssembly::Memory>().buffer();
    buffer == memory
}

macro_rules! reader {
    ($name:ident, $array:ty, $elem:ty, $kind:literal) => {
        /// Copies the argument `arg` into `out` (resized to it), or a
        /// `TypeError` naming `arg` if it is not a genuine
        #[doc = concat!("`", $kind, "`.")]
        pub(super) fn $name(arg: &str, value: &JsValue, out: &mut Vec<$elem>) -> Result<(), JsValue> {
            let length =
                length_of(value, $kind).ok_or_else(|| type_error(arg, concat!("a ", $kind), value))?;
            if length == 0 {
                out.clear();
                return Ok(()); // empty, or detached: nothing to read
            }
            // A JS copy outside wasm memory, when the argument is a view of it.
            let source: JsValue =
                if in_wasm_memory(value) { <$array>::new(value).into() } else { value.clone() };
            // Not cleared first: a warm buffer of the same length is not rewritten.
            out.resize(length as usize, <$elem>::default());
            // SAFETY: the view covers `out`, just sized; nothing allocates
            // between its creation and the copy, so it stays attached.
            let target = unsafe { <$array>::view_mut_raw(out.as_mut_ptr(), out.len()) };
            target.set(&source, 0);
            Ok(())
        }
    };
}

reader!(read_u32s, Uint32Array, u32, "Uint32Array");
reader!(read_f64s, Float64Array, f64, "Float64Array");
