//! A switch for tests that makes the next allocation fail, as running out
//! of wasm memory does: a reservation the core makes fallibly is then
//! refused with an error, and any other allocation traps (`unreachable`),
//! which is how the tests make the core stop mid-call and check what the
//! next call says. Not part of the public API (the façade does not expose
//! it; tests call the wasm export `failNextAllocation` directly).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;

use wasm_bindgen::prelude::*;

/// The system allocator, with the switch in front.
struct SwitchedAllocator;

/// Whether the next allocation fails (a plain static: wasm32 without threads).
struct Armed(UnsafeCell<bool>);

// SAFETY: wasm32 without threads: one thread touches it.
unsafe impl Sync for Armed {}

static ARMED: Armed = Armed(UnsafeCell::new(false));

impl Armed {
    /// Whether the switch was on; it is off after.
    #[inline]
    fn take(&self) -> bool {
        // SAFETY: one thread; no reference to the cell outlives this call.
        unsafe { std::mem::replace(&mut *self.0.get(), false) }
    }
}

// SAFETY: every call is passed to `System` unchanged, or fails as an
// allocator may (a null pointer) without touching memory.
unsafe impl GlobalAlloc for SwitchedAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if ARMED.take() {
            return std::ptr::null_mut();
        }
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if ARMED.take() {
            return std::ptr::null_mut();
        }
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if ARMED.take() {
            return std::ptr::null_mut();
        }
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static ALLOCATOR: SwitchedAllocator = SwitchedAllocator;

/// Makes the next allocation fail (for tests; see the module docs).
#[doc(hidden)]
#[wasm_bindgen(js_name = failNextAllocation, skip_typescript)]
pub fn fail_next_allocation() {
    // SAFETY: as in `Armed::take`.
    unsafe { *ARMED.0.get() = true };
}
