//! The slots `step` has to visit: one bit per slot, set for every slot
//! whose velocity may be non-zero (kept where velocities are written), so a
//! step over a world where most objects rest reads a bit per object instead
//! of its velocity (a third off `step` with nine in ten at rest).

use crate::bit_set::BitSet;

/// Every slot with a non-zero velocity has its bit set (a set bit with a
/// zero velocity is allowed: `step` checks the velocity anyway).
#[derive(Debug, Default)]
pub(super) struct MovingSlots {
    bits: BitSet,
}

impl MovingSlots {
    /// Marks `slot` as moving or at rest, growing the set as needed.
    #[inline]
    pub fn set(&mut self, slot: u32, moving: bool) {
        if moving {
            self.bits.grow(slot as usize + 1);
            self.bits.insert(slot);
        } else if self.bits.contains(slot) {
            self.bits.remove(slot);
        }
    }

    /// Whether no slot is marked: then every velocity is zero.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// How many slots are marked: at least as many as will move.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bits.len()
    }

    /// Whether `slot` is marked moving.
    #[must_use]
    pub fn contains(&self, slot: u32) -> bool {
        self.bits.contains(slot)
    }

    /// Marks exactly the slots whose velocity (`[vx, vy]` per slot) is not
    /// zero: after the slots were renumbered.
    pub fn rebuild(&mut self, velocities: &[f64]) {
        self.bits.reset(velocities.len() / 2);
        for (slot, v) in velocities.chunks_exact(2).enumerate() {
            if v != [0.0, 0.0] {
                self.bits.insert(slot as u32);
            }
        }
    }

    /// Calls `visit` for each marked slot in `first..=last`, in increasing
    /// order.
    #[cfg_attr(not(all(feature = "parallel", not(target_arch = "wasm32"))), allow(dead_code))]
    #[inline]
    pub fn for_each_in(&self, first: usize, last: usize, mut visit: impl FnMut(usize)) {
        if first < self.bits.room() {
            let last = last.min(self.bits.room() - 1);
            self.bits.for_each_in(first as u32, last as u32, |slot| visit(slot as usize));
        }
    }

    /// Calls `visit` for each marked slot, in increasing order.
    #[inline]
    pub fn for_each(&self, mut visit: impl FnMut(usize)) {
        self.bits.for_each_member(|slot| visit(slot as usize));
    }
}
