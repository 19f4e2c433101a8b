//! Buffers the core hands out as views. In wasm a view is a typed array
//! over the core's memory, and one kept past the call that made it (which
//! the API says not to do) may still point where that buffer was. So every
//! buffer the core hands out is born in published memory (`vec`): a part of
//! wasm memory that only ever holds such buffers, where the allocator keeps
//! it through every growth and after it is freed
//! (`src/wasm/published_memory.rs`). A write through a stale view can then
//! only change another view, never what the core reads. Natively there are
//! no views, and `vec` is `Vec::new`.

#[cfg(target_arch = "wasm32")]
use std::cell::Cell;

#[cfg(target_arch = "wasm32")]
thread_local! {
    static BIRTH: Cell<bool> = const { Cell::new(false) };
}

/// An empty buffer to hand out as views, born in published memory.
#[must_use]
pub(crate) fn vec<T>() -> Vec<T> {
    #[cfg(target_arch = "wasm32")]
    {
        // One element's room, allocated with the flag up: the allocator
        // takes that allocation (and only it) from published memory, and
        // every later growth of the buffer stays there.
        BIRTH.with(|b| b.set(true));
        let born = Vec::with_capacity(1);
        BIRTH.with(|b| b.set(false));
        born
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Vec::new()
    }
}

/// Whether the allocation under way is a buffer's birth in published
/// memory; the flag is down after (read by the wasm allocator).
#[cfg(target_arch = "wasm32")]
#[inline]
pub(crate) fn take_birth() -> bool {
    BIRTH.with(|b| b.get() && b.replace(false))
}
