//! Leaves policy: the intervals a box may move in and still reach the same
//! leaves, as stored per proxy (`stay.rs` computes them from the tree).

use crate::geometry::Aabb;

/// Intervals for the sides of a box: `min_x` in `[lo[0], hi[0])`, `min_y`
/// in `[lo[1], hi[1])`, `max_x` in `(lo[2], hi[2]]`, `max_y` in `(lo[3],
/// hi[3]]`. Stored as `f32` rounded inwards (lower ends up, upper ends
/// down), so the stored intervals lie within the true ones: half the
/// memory, and a box on the rounding's margin only takes the full path.
/// The lower ends side by side, then the upper ends, in the order of
/// [`Aabb`]'s fields, so the test is two comparisons of four lanes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(32))]
pub(super) struct Stay {
    pub(super) lo: [f32; 4],
    pub(super) hi: [f32; 4],
}

/// The least `f32` at or above `v`.
fn up(v: f64) -> f32 {
    let f = v as f32;
    if f64::from(f) < v {
        f.next_up()
    } else {
        f
    }
}

/// The greatest `f32` at or below `v`.
fn down(v: f64) -> f32 {
    let f = v as f32;
    if f64::from(f) > v {
        f.next_down()
    } else {
        f
    }
}

impl Stay {
    /// Holds no box: the update takes the full path.
    pub const NEVER: Stay = Stay { lo: [f32::INFINITY; 4], hi: [f32::INFINITY; 4] };

    /// The intervals, each rounded inwards to `f32`.
    pub(super) fn new(min_x: (f64, f64), min_y: (f64, f64), max_x: (f64, f64), max_y: (f64, f64)) -> Stay {
        Stay {
            lo: [up(min_x.0), up(min_y.0), up(max_x.0), up(max_y.0)],
            hi: [down(min_x.1), down(min_y.1), down(max_x.1), down(max_y.1)],
        }
    }

    /// One side's interval, widened back to `f64` (for `validate`).
    pub(super) fn side(&self, k: usize) -> (f64, f64) {
        (f64::from(self.lo[k]), f64::from(self.hi[k]))
    }

    /// Whether `b` lies in the intervals, told from its sides rounded to
    /// the nearest `f32`, each strictly between the ends: rounding keeps
    /// order, so a side at or below a lower end rounds to at most that
    /// end (an `f32`), and one at or above an upper end to at least it;
    /// a side that passes lies strictly inside its interval. A side that
    /// rounds onto an end is refused, and takes the full path, as a NaN
    /// does. Without branches: whether a moving box stays is too irregular
    /// to predict.
    #[inline]
    pub fn holds(&self, b: &Aabb) -> bool {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            use core::arch::wasm32::{f32x4, f32x4_lt, i32x4_all_true, v128_and};
            let sides = f32x4(b.min_x as f32, b.min_y as f32, b.max_x as f32, b.max_y as f32);
            let lo = f32x4(self.lo[0], self.lo[1], self.lo[2], self.lo[3]);
            let hi = f32x4(self.hi[0], self.hi[1], self.hi[2], self.hi[3]);
            i32x4_all_true(v128_and(f32x4_lt(lo, sides), f32x4_lt(sides, hi)))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            let sides = [b.min_x as f32, b.min_y as f32, b.max_x as f32, b.max_y as f32];
            (self.lo[0] < sides[0])
                & (sides[0] < self.hi[0])
                & (self.lo[1] < sides[1])
                & (sides[1] < self.hi[1])
                & (self.lo[2] < sides[2])
                & (sides[2] < self.hi[2])
                & (self.lo[3] < sides[3])
                & (sides[3] < self.hi[3])
        }
    }
}
