//! Leaves policy: the intervals a box may move in and still reach the same
//! leaves, as stored per proxy (`stay.rs` computes them from the tree).

use crate::geometry::Aabb;

/// Intervals for the sides of a box: `min_x` in `[min_x.0, min_x.1)`,
/// `max_x` in `(max_x.0, max_x.1]`, and the same for y. Stored as `f32`
/// rounded inwards (lower ends up, upper ends down), so the stored
/// intervals lie within the true ones: half the memory, and a box on the
/// rounding's margin only takes the full path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Stay {
    pub(super) min_x: (f32, f32),
    pub(super) min_y: (f32, f32),
    pub(super) max_x: (f32, f32),
    pub(super) max_y: (f32, f32),
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
    pub const NEVER: Stay = Stay {
        min_x: (f32::INFINITY, f32::INFINITY),
        min_y: (f32::INFINITY, f32::INFINITY),
        max_x: (f32::INFINITY, f32::INFINITY),
        max_y: (f32::INFINITY, f32::INFINITY),
    };

    /// The intervals, each rounded inwards to `f32`.
    pub(super) fn new(min_x: (f64, f64), min_y: (f64, f64), max_x: (f64, f64), max_y: (f64, f64)) -> Stay {
        Stay {
            min_x: (up(min_x.0), down(min_x.1)),
            min_y: (up(min_y.0), down(min_y.1)),
            max_x: (up(max_x.0), down(max_x.1)),
            max_y: (up(max_y.0), down(max_y.1)),
        }
    }

    /// Whether `b` lies in the intervals (without branches: whether a
    /// moving box stays is too irregular to predict).
    #[inline]
    pub fn holds(&self, b: &Aabb) -> bool {
        let w = f64::from;
        (w(self.min_x.0) <= b.min_x)
            & (b.min_x < w(self.min_x.1))
            & (w(self.max_x.0) < b.max_x)
            & (b.max_x <= w(self.max_x.1))
            & (w(self.min_y.0) <= b.min_y)
            & (b.min_y < w(self.min_y.1))
            & (w(self.max_y.0) < b.max_y)
            & (b.max_y <= w(self.max_y.1))
    }
}
