//! The wasm build's global allocator: the system allocator, with two
//! things in front of it.
//! - A failed allocation the core did not ask for fallibly (see
//!   `crate::fallible`) stops the core before it traps (`stop.rs`), so the
//!   call that ran out of memory throws the façade's clear error.
//! - A switch for tests that makes the next allocation fail, as running
//!   out of wasm memory does: a reservation the core makes fallibly is then
//!   refused with an error, and any other allocation stops the core. Not
//!   part of the public API (tests reach it through `failNextAllocation`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;

use wasm_bindgen::prelude::*;

use super::stop;
use crate::fallible;

/// The system allocator, with the switch and the stop in front.
struct WasmAllocator;

/// Whether the next allocation fails (a plain static: wasm32 without threads).
struct Armed(UnsafeCell<bool>);

// SAFETY: wasm32 without threads: one thread touches it.
unsafe impl Sync for Armed {}

static ARMED: Armed = Armed(UnsafeCell::new(false));

impl Armed {
    /// Whether the switch is on (a load: the everyday allocation writes nothing).
    #[inline]
    fn is_on(&self) -> bool {
        // SAFETY: one thread; no reference to the cell outlives this call.
        unsafe { *self.0.get() }
    }

    /// Turns the switch off.
    fn clear(&self) {
        // SAFETY: as in `is_on`.
        unsafe { *self.0.get() = false };
    }
}

/// What an allocation that came back as `ptr` (of `layout`) returns when
/// it failed or the switch is on: null, after the stop unless a failure
/// was expected. A block the switch took back is freed first.
#[cold]
#[inline(never)]
unsafe fn failed(ptr: *mut u8, layout: Layout) -> *mut u8 {
    if !ptr.is_null() {
        ARMED.clear();
        System.dealloc(ptr, layout);
    }
    if !fallible::failure_expected() {
        stop::out_of_memory(layout.size());
    }
    std::ptr::null_mut()
}

// SAFETY: every call is passed to `System` unchanged, or fails as an
// allocator may (a null pointer): a block the switch fails is given back
// unused.
unsafe impl GlobalAlloc for WasmAllocator {
    // Out of line, as the default allocator is: inlined, its code would be
    // copied into every place that allocates.
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc(layout);
        // One test on the way out: the switch is checked with the failure.
        if ptr.is_null() | ARMED.is_on() {
            return failed(ptr, layout);
        }
        ptr
    }

    #[inline(never)]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc_zeroed(layout);
        if ptr.is_null() | ARMED.is_on() {
            return failed(ptr, layout);
        }
        ptr
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if ARMED.is_on() {
            // The block stays where it is, unchanged, as a failed realloc leaves it.
            ARMED.clear();
            return failed(std::ptr::null_mut(), Layout::from_size_align_unchecked(new_size, layout.align()));
        }
        let moved = System.realloc(ptr, layout, new_size);
        if moved.is_null() {
            return failed(moved, Layout::from_size_align_unchecked(new_size, layout.align()));
        }
        moved
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static ALLOCATOR: WasmAllocator = WasmAllocator;

/// Makes the next allocation fail (for tests; see the module docs).
#[doc(hidden)]
#[wasm_bindgen(js_name = failNextAllocation, skip_typescript)]
pub fn fail_next_allocation() {
    // SAFETY: as in `Armed::is_on`.
    unsafe { *ARMED.0.get() = true };
}
