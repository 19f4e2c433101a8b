//! The wasm build's global allocator: the system allocator, with three
//! things in front of it.
//! - Buffers handed out as views are born in published memory
//!   (`crate::publish`) and stay there (`published_memory.rs`): a block of
//!   published memory is grown, shrunk and freed there, never by the system
//!   allocator.
//! - A failed allocation the core did not ask for fallibly (see
//!   `crate::fallible`) stops the core before it traps (`stop.rs`), so the
//!   call that ran out of memory throws the façade's clear error.
//! - A switch for tests that makes the next allocation fail, as running
//!   out of wasm memory does: a reservation the core makes fallibly is then
//!   refused with an error, and any other allocation stops the core. Not
//!   part of the public API (tests reach it through `failNextAllocation`).
//!
//! Its methods stay out of line, as the default allocator's are: inlined,
//! they would be copied into every place that allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;

use wasm_bindgen::prelude::*;

use super::{published_memory, stop};
use crate::{fallible, publish};

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

/// Gives a block back to whichever allocator it came from.
///
/// # Safety
/// `ptr` was allocated by this allocator for `layout`.
unsafe fn give_back(ptr: *mut u8, layout: Layout) {
    if published_memory::owns(ptr) {
        published_memory::dealloc(ptr, layout);
    } else {
        // SAFETY: a block of the system allocator, for `layout`.
        unsafe { System.dealloc(ptr, layout) };
    }
}

/// What an allocation that came back as `ptr` (of `layout`) returns when
/// it failed or the switch is on: null, after the stop unless a failure
/// was expected. A block the switch took back is given back first.
///
/// # Safety
/// `ptr` is null or was just allocated by this allocator for `layout`.
#[cold]
#[inline(never)]
unsafe fn failed(ptr: *mut u8, layout: Layout) -> *mut u8 {
    if !ptr.is_null() {
        ARMED.clear();
        // SAFETY: as the caller says.
        unsafe { give_back(ptr, layout) };
    }
    if !fallible::failure_expected() {
        stop::out_of_memory(layout.size());
    }
    std::ptr::null_mut()
}

// SAFETY: every block comes from `System` or from published memory (pages
// of its own) and goes back to where it came from; a failure is a null
// pointer, the block of a failed realloc untouched.
unsafe impl GlobalAlloc for WasmAllocator {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = if publish::take_birth() { published_memory::alloc(layout) } else { System.alloc(layout) };
        // One test on the way out: the switch is checked with the failure.
        if ptr.is_null() | ARMED.is_on() {
            return failed(ptr, layout);
        }
        ptr
    }

    #[inline(never)]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = if publish::take_birth() {
            let ptr = published_memory::alloc(layout);
            if !ptr.is_null() {
                // A published block may have held another buffer.
                std::ptr::write_bytes(ptr, 0, layout.size());
            }
            ptr
        } else {
            System.alloc_zeroed(layout)
        };
        if ptr.is_null() | ARMED.is_on() {
            return failed(ptr, layout);
        }
        ptr
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let asked = Layout::from_size_align_unchecked(new_size, layout.align());
        if ARMED.is_on() {
            // The block stays where it is, unchanged, as a failed realloc leaves it.
            ARMED.clear();
            return failed(std::ptr::null_mut(), asked);
        }
        let moved = if published_memory::owns(ptr) {
            published_memory::realloc(ptr, layout, new_size)
        } else {
            System.realloc(ptr, layout, new_size)
        };
        if moved.is_null() {
            return failed(moved, asked);
        }
        moved
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        give_back(ptr, layout);
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
