//! Published memory: the part of wasm memory that only ever holds what the
//! core hands out as views (see `crate::publish`). A buffer born here (its
//! first allocation made by `publish::vec`) stays here: growing it moves it
//! to another block here, and a block it leaves, or frees, is kept here for
//! the next published buffer, never given back to the system allocator. So
//! a view kept past the call that made it (which the API says not to do)
//! can only ever point at published memory, and a write through it can only
//! change another view, never anything the core reads.
//!
//! Blocks are powers of two from 16 bytes. Blocks under a page (64 KiB)
//! are cut from pages of their own size class; larger ones are whole runs
//! of pages. Every page is taken from the wasm memory directly
//! (`memory.grow`), so none is shared with the system allocator, and a page
//! bitmap says which pages are published. The lists of free blocks live in
//! the system allocator's memory, out of reach of any view.

use std::alloc::Layout;
use std::cell::UnsafeCell;

use wasm_bindgen::prelude::*;

/// A wasm page.
const PAGE: usize = 1 << 16;
/// The smallest block: 16 bytes.
const MIN_CLASS: u32 = 4;
/// Size classes kept (blocks up to 2 GiB; wasm32 memory is at most 4 GiB).
const CLASSES: usize = 32;
/// Pages of a 4 GiB memory, one bit each.
const PAGE_WORDS: usize = (1 << 16) / 64;

/// A plain static (wasm32 without threads: one thread touches it).
struct Static<T>(UnsafeCell<T>);

// SAFETY: wasm32 without threads: one thread touches it.
unsafe impl<T> Sync for Static<T> {}

impl<T> Static<T> {
    /// The value. The allocator is not re-entered while one is borrowed,
    /// except to grow `FREE` (from the system allocator, which reads
    /// `PAGES` alone): each static is borrowed apart.
    #[allow(clippy::mut_from_ref)]
    fn get(&self) -> &mut T {
        // SAFETY: one thread; see above.
        unsafe { &mut *self.0.get() }
    }
}

const NO_BLOCKS: Vec<u32> = Vec::new();

/// Per size class (a block of `1 << class` bytes): the blocks given back.
static FREE: Static<[Vec<u32>; CLASSES]> = Static(UnsafeCell::new([NO_BLOCKS; CLASSES]));
/// Per size class under a page: the next block never handed out in its
/// current page, and the bytes left after it there (0 before a first page).
static FRESH: Static<[(u32, u32); CLASSES]> = Static(UnsafeCell::new([(0, 0); CLASSES]));
/// Which pages are published memory, a bit each.
static PAGES: Static<[u64; PAGE_WORDS]> = Static(UnsafeCell::new([0; PAGE_WORDS]));

/// The size class of a block for `size` bytes aligned to `align`, or
/// `None` if no block serves it.
fn class_of(size: usize, align: usize) -> Option<usize> {
    if align > PAGE {
        return None;
    }
    let bytes = size.max(align).max(1 << MIN_CLASS).checked_next_power_of_two()?;
    let class = bytes.trailing_zeros() as usize;
    (class < CLASSES).then_some(class)
}

/// Whether `ptr` points into published memory.
#[inline]
pub(super) fn owns(ptr: *mut u8) -> bool {
    let page = ptr as usize / PAGE;
    PAGES.get()[page / 64] & (1 << (page % 64)) != 0
}

/// `count` fresh pages from the wasm memory, marked published; their first
/// byte, or `None` when the memory cannot grow.
fn new_pages(count: usize) -> Option<u32> {
    let first = core::arch::wasm32::memory_grow(0, count);
    if first == usize::MAX {
        return None;
    }
    let pages = PAGES.get();
    for page in first..first + count {
        pages[page / 64] |= 1 << (page % 64);
    }
    u32::try_from(first * PAGE).ok()
}

/// A published block for `layout`, or null when there is no memory left.
pub(super) fn alloc(layout: Layout) -> *mut u8 {
    let Some(class) = class_of(layout.size(), layout.align()) else {
        return std::ptr::null_mut();
    };
    if let Some(block) = FREE.get()[class].pop() {
        return block as usize as *mut u8;
    }
    let size = 1usize << class;
    let block = if size >= PAGE {
        new_pages(size / PAGE)
    } else {
        let fresh = &mut FRESH.get()[class];
        if fresh.1 >= size as u32 {
            let next = fresh.0;
            *fresh = (next.wrapping_add(size as u32), fresh.1 - size as u32);
            Some(next)
        } else {
            new_pages(1).inspect(|&page| {
                *fresh = (page.wrapping_add(size as u32), (PAGE - size) as u32);
            })
        }
    };
    block.map_or(std::ptr::null_mut(), |b| b as usize as *mut u8)
}

/// Keeps a published block for the next published buffer.
pub(super) fn dealloc(ptr: *mut u8, layout: Layout) {
    let Some(class) = class_of(layout.size(), layout.align()) else {
        return;
    };
    let free = &mut FREE.get()[class];
    // Room for the note, fallibly: without it the block is only lost to
    // the pool (it stays published memory), never handed to anyone else.
    if crate::fallible::try_reserve(free, 1).is_ok() {
        free.push(ptr as usize as u32);
    }
}

/// A published block of `new_size` bytes holding the first bytes of
/// `ptr`'s (which was allocated for `layout`): the same block while it is
/// large enough, else a new one, `ptr`'s kept for the next published
/// buffer. Null, with `ptr` untouched, when there is no memory left.
///
/// # Safety
/// `ptr` is a published block allocated for `layout`.
pub(super) unsafe fn realloc(ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
    let (Some(old), Some(new)) =
        (class_of(layout.size(), layout.align()), class_of(new_size, layout.align()))
    else {
        return std::ptr::null_mut();
    };
    if new <= old {
        return ptr;
    }
    // SAFETY: the size and alignment were judged by `class_of` above.
    let moved = alloc(unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) });
    if !moved.is_null() {
        // SAFETY: both blocks are published memory of at least the bytes
        // copied, and distinct (the new one was not free).
        unsafe { std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size)) };
        dealloc(ptr, layout);
    }
    moved
}

/// Whether `address` lies in published memory (for the tests that check
/// that every view does). Not part of the public API.
#[doc(hidden)]
#[wasm_bindgen(js_name = isPublishedMemory, skip_typescript)]
pub fn is_published_memory(address: u32) -> bool {
    owns(address as usize as *mut u8)
}
