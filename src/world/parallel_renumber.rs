//! The renumbering's space-order keys computed on the `parallel` feature's
//! pool (native only): every slot's key in slices, in slot order, as one
//! thread pushes them (the keys' sort then sorts each bucket on the pool:
//! `src/parallel_radix.rs`). Only when every slot is live: a free slot
//! has no key, and leaving it out would need a count per slice first.

use super::slot_order::SpaceKey;
use super::World;

impl World {
    /// Pushes every slot's space-order key to `keys` (empty) on the pool
    /// and returns true; false (nothing done) where one thread does it:
    /// one thread in the pool, few slots, or a free slot among them.
    #[cfg(not(all(feature = "parallel", not(target_arch = "wasm32"))))]
    #[inline]
    pub(super) fn space_keys_in_parallel(&self, _keys: &mut Vec<u64>, _key: &SpaceKey) -> bool {
        false
    }

    /// See the serial build's note on this method.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) fn space_keys_in_parallel(&self, keys: &mut Vec<u64>, key: &SpaceKey) -> bool {
        use rayon::prelude::*;

        let slots = self.objects.slot_ids.len();
        if crate::parallel::threads() < 2 || slots < MIN_TASK || self.count() != slots {
            return false;
        }
        let boxes = &self.objects.boxes;
        keys.par_extend(
            boxes
                .par_chunks_exact(4)
                .with_min_len(MIN_TASK)
                .enumerate()
                .map(|(slot, b)| key.of(slot, &crate::geometry::Aabb::from_xywh(b[0], b[1], b[2], b[3]))),
        );
        true
    }
}

/// Slots a task keys at least.
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
const MIN_TASK: usize = 1 << 12;
