//! Room asked for fallibly. Where a user's input can make something large
//! (the pairs of a degenerate scene, a batch, a view's copy), the core
//! reserves room with `try_reserve` first and refuses the call with an
//! error when there is none. In wasm the global allocator must know that a
//! failure is answered there: any other failed allocation stops the core
//! (`src/wasm/stop.rs`). These helpers say so around the request.

use std::cell::Cell;
use std::collections::TryReserveError;

thread_local! {
    static EXPECTED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `request` with a failed allocation expected (answered by an error).
fn expecting_failure<R>(request: impl FnOnce() -> R) -> R {
    let before = EXPECTED.with(|e| e.replace(true));
    let result = request();
    EXPECTED.with(|e| e.set(before));
    result
}

/// Whether the allocation under way may fail without harm (read by the
/// wasm allocator).
#[cfg(target_arch = "wasm32")]
pub(crate) fn failure_expected() -> bool {
    EXPECTED.with(Cell::get)
}

/// [`Vec::try_reserve`], with a failure expected.
pub(crate) fn try_reserve<T>(v: &mut Vec<T>, additional: usize) -> Result<(), TryReserveError> {
    expecting_failure(|| v.try_reserve(additional))
}

/// [`Vec::try_reserve_exact`], with a failure expected.
pub(crate) fn try_reserve_exact<T>(v: &mut Vec<T>, additional: usize) -> Result<(), TryReserveError> {
    expecting_failure(|| v.try_reserve_exact(additional))
}

/// Room for `total` entries in all (not `total` more), with a failure
/// expected.
pub(crate) fn try_reserve_total<T>(v: &mut Vec<T>, total: usize) -> Result<(), TryReserveError> {
    let more = total.saturating_sub(v.len());
    try_reserve(v, more)
}
