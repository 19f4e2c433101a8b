//! The slots `step` has to visit: one bit per slot, set for every slot
//! whose velocity may be non-zero (kept where velocities are written), so a
//! step over a world where most objects rest reads a bit per object instead
//! of its velocity. Measured (wasm, 100 000 boxes, nine in ten at rest):
//! `step` 0.75 → 0.51 ms, the whole frame with `pairs` 2.19 → 1.93 ms.

/// Every slot with a non-zero velocity has its bit set (a set bit with a
/// zero velocity is allowed: `step` checks the velocity anyway).
#[derive(Debug, Default)]
pub(super) struct MovingSlots {
    words: Vec<u64>,
}

impl MovingSlots {
    /// Marks `slot` as moving or at rest, growing the set as needed.
    #[inline]
    pub fn set(&mut self, slot: u32, moving: bool) {
        let (word, bit) = ((slot / 64) as usize, slot % 64);
        if word >= self.words.len() {
            if !moving {
                return;
            }
            self.words.resize(word + 1, 0);
        }
        if moving {
            self.words[word] |= 1 << bit;
        } else {
            self.words[word] &= !(1 << bit);
        }
    }

    /// Whether `slot` is marked moving.
    #[must_use]
    pub fn contains(&self, slot: u32) -> bool {
        self.words.get((slot / 64) as usize).is_some_and(|w| w & (1 << (slot % 64)) != 0)
    }

    /// Marks exactly the slots whose velocity (`[vx, vy]` per slot) is not
    /// zero: after the slots were renumbered.
    pub fn rebuild(&mut self, velocities: &[f64]) {
        self.words.clear();
        for (slot, v) in velocities.chunks_exact(2).enumerate() {
            if v != [0.0, 0.0] {
                self.set(slot as u32, true);
            }
        }
    }

    /// Calls `visit` for each marked slot, in increasing order.
    #[inline]
    pub fn for_each(&self, mut visit: impl FnMut(usize)) {
        for (w, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                visit(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}
