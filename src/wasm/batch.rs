//! The scratch a batch's typed arrays are copied into (`updateMany`'s ids
//! and boxes, `setParents`' pairs), reserved before the copy.
//!
//! The façade copies a batch in three steps: it asks [`Batch::reserve`]
//! for room (the lengths are judged first, so an absurd one is an error
//! naming its argument before anything is allocated, and an allocation
//! that fails is an error too, not a trap), then makes views of wasm memory
//! *after* that call and copies the arrays in, then calls the method, which
//! reads the scratch. Reserving may grow wasm memory, which detaches every
//! view of it: so a caller's array that is itself a view of wasm memory
//! (`updateMany(w.slotIds(), w.slotBoxes())`) is first copied by the façade
//! into JS memory, and no view is kept across the reservation.
//!
//! The scratch grows and is reused, so a game's frame allocates nothing
//! once warm; a refused call that needed a big one gives it back.

use crate::error::Error;

/// Most entries one batch takes: as many as a World holds objects.
pub(super) const MAX_ENTRIES: usize = crate::world::MAX_OBJECTS;

/// Scratch kept after a refused call up to this many entries; more is freed.
const KEPT_AFTER_REFUSAL: usize = 1 << 16;

/// A batch's ids (or pairs) and values, copied in by the façade.
#[derive(Default)]
pub(super) struct Batch {
    pub(super) ids: Vec<u32>,
    pub(super) values: Vec<f64>,
    /// Whether room was reserved since the last batch was applied: a
    /// method called without it (the raw class misused) would apply the
    /// last batch again.
    reserved: bool,
}

impl Batch {
    /// Room for `ids` whole numbers and `values` numbers, judged first:
    /// `ids` at most `max_ids` (else an error naming `arg`), and `values`
    /// only when it is what the call needs (`values_wanted`; a wrong length
    /// gets no room: the method reports it, after the ids). Returns the
    /// addresses of the two.
    pub(super) fn reserve(
        &mut self,
        arg: &'static str,
        ids: f64,
        max_ids: usize,
        values: f64,
        values_wanted: impl FnOnce(usize) -> usize,
    ) -> crate::error::Result<(usize, usize)> {
        let ids = crate::error::whole_in(arg, ids, 0, max_ids as u32).map_err(|error| match error {
            Error::OutOfRange { value, min, max, .. } => {
                Error::OutOfRange { arg: length_of(arg), value, min, max }
            }
            other => other,
        })?;
        let ids = ids as usize;
        let values = if values == values_wanted(ids) as f64 { values as usize } else { 0 };
        fit(&mut self.ids, ids).map_err(|()| Error::OutOfMemory { arg, asked: ids })?;
        fit(&mut self.values, values).map_err(|()| Error::OutOfMemory { arg, asked: ids })?;
        self.reserved = true;
        Ok((self.ids.as_ptr() as usize, self.values.as_ptr() as usize))
    }

    /// The batch copied in since [`reserve`](Batch::reserve), taken for
    /// applying once; an error naming `arg` if none was.
    pub(super) fn take(&mut self, arg: &'static str) -> crate::error::Result<(&[u32], &[f64])> {
        if !std::mem::take(&mut self.reserved) {
            return Err(Error::OutOfRange {
                arg: length_of(arg),
                value: f64::NAN,
                min: 0,
                max: MAX_ENTRIES as i64,
            });
        }
        Ok((&self.ids, &self.values))
    }

    /// After a refused call: a big scratch is given back.
    pub(super) fn refused(&mut self) {
        if self.ids.capacity() > KEPT_AFTER_REFUSAL {
            self.ids = Vec::new();
        }
        if self.values.capacity() > 4 * KEPT_AFTER_REFUSAL {
            self.values = Vec::new();
        }
    }
}

/// `"ids length"`, `"pairs length"`: what a length error names.
fn length_of(arg: &'static str) -> &'static str {
    match arg {
        "ids" => "ids length",
        "pairs" => "pairs length",
        _ => arg,
    }
}

/// `buffer` resized to `len` without a trap: an allocation that fails is
/// `Err`, and the buffer keeps what it had.
fn fit<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> Result<(), ()> {
    if len > buffer.len() {
        crate::fallible::try_reserve_exact(buffer, len - buffer.len()).map_err(|_| ())?;
    }
    buffer.resize(len, T::default());
    Ok(())
}

/// [`MAX_ENTRIES`], for the façade: it copies a caller's view of wasm
/// memory out before reserving room, but not one too long to be taken.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = maxBatchEntries)]
pub fn max_batch_entries() -> u32 {
    MAX_ENTRIES as u32
}
