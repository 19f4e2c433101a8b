//! How the core tells the façade it is about to trap. A panic (a bug) or an
//! allocation that fails where the core did not reserve room fallibly
//! leaves the core half way through a call (a `RefCell` borrowed, a
//! structure half written), so the core is unusable from then on. Both pass
//! through here first: the handler the façade registered for this wasm
//! instance (`setStopHandler`) marks the core stopped, makes every later
//! call on it throw without entering the wasm, and throws the error the
//! caller sees. The everyday calls pay nothing for this: nothing is checked
//! on the way in or out of a call.
//!
//! A trap of another kind (a wasm stack overflow, a bug in unsafe code)
//! reaches the caller as the engine's own error.

use std::cell::RefCell;
use std::fmt::Write as _;

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The façade's handler: a JS function taking why the core stops.
    #[wasm_bindgen(extends = js_sys::Function)]
    pub type StopHandler;

    /// Calls the handler. It throws (the error the trapping call throws),
    /// so the call never comes back: no `catch`, the exception unwinds
    /// through the wasm as a trap would.
    #[wasm_bindgen(method, js_name = call)]
    fn call(this: &StopHandler, this_arg: &JsValue, cause: &str);
}

thread_local! {
    static HANDLER: RefCell<Option<StopHandler>> = const { RefCell::new(None) };
}

/// Installs the panic hook as the instance starts: the message and stack
/// in the console, then the stop.
#[wasm_bindgen(start)]
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        stop(&info.to_string().replace('\n', " "));
    }));
}

/// Registers the façade's handler for this instance (see the module docs).
/// Not part of the public API.
#[doc(hidden)]
#[wasm_bindgen(js_name = setStopHandler, skip_typescript)]
pub fn set_stop_handler(handler: StopHandler) {
    HANDLER.with(|h| *h.borrow_mut() = Some(handler));
}

/// Hands the core's stop to the façade's handler, which throws. Without a
/// handler (the raw module used without the façade) it returns, and the
/// caller traps as it would have.
fn stop(cause: &str) {
    // Taken: a core stops once. `try_borrow_mut`: a panic while the handler
    // is being set cannot panic again here.
    let handler = HANDLER.with(|h| h.try_borrow_mut().ok().and_then(|mut h| h.take()));
    if let Some(handler) = handler {
        handler.call(&JsValue::UNDEFINED, cause);
    }
}

/// An allocation of `bytes` failed where the core had not asked for room
/// fallibly: the core stops (see the module docs). Formats without
/// allocating, since memory just ran out.
pub(super) fn out_of_memory(bytes: usize) {
    let mut text = FixedText::default();
    // A 64-byte buffer holds the sentence for any usize: it cannot fail.
    let _ = write!(text, "out of memory: an allocation of {bytes} bytes failed");
    stop(text.as_str());
}

/// A short message built on the stack.
struct FixedText {
    bytes: [u8; 64],
    len: usize,
}

impl Default for FixedText {
    fn default() -> FixedText {
        FixedText { bytes: [0; 64], len: 0 }
    }
}

impl FixedText {
    fn as_str(&self) -> &str {
        // Only whole `&str`s are ever written in (see `write_str`).
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("out of memory")
    }
}

impl std::fmt::Write for FixedText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        if end > self.bytes.len() {
            return Err(std::fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Panics, for the tests of the stop (see the module docs): a bug's panic
/// stops the core as a failed allocation does. Not part of the public API.
#[doc(hidden)]
#[wasm_bindgen(js_name = panicForTests, skip_typescript)]
pub fn panic_for_tests() {
    panic!("the panic the tests asked for");
}
