//! Axis-aligned boxes and the one overlap rule every structure shares.
//!
//! A box is stored as min and max corners. The max corner is computed once as
//! `x + w`, so `a.min_x < b.max_x` is bit-for-bit the contract's
//! `a.x < b.x + b.w`: every structure and the brute-force reference agree on
//! boxes that touch exactly.

/// An axis-aligned box `[min_x, max_x] × [min_y, max_y]` (y grows downward).
/// Laid out as two pairs, min corner then max corner, so in wasm each
/// corner is one 128-bit lane pair (see [`Aabb::overlaps_without_branches`]).
#[derive(Clone, Copy, PartialEq, Default)]
#[repr(C)]
pub struct Aabb {
    /// Left edge (smallest x).
    pub min_x: f64,
    /// Top edge (smallest y; y grows downward).
    pub min_y: f64,
    /// Right edge.
    pub max_x: f64,
    /// Bottom edge.
    pub max_y: f64,
}

/// As derived, with the numbers through [`DebugNum`](crate::error::DebugNum)
/// (no float formatting in the wasm).
impl std::fmt::Debug for Aabb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::error::DebugNum;
        f.debug_struct("Aabb")
            .field("min_x", &DebugNum(self.min_x))
            .field("min_y", &DebugNum(self.min_y))
            .field("max_x", &DebugNum(self.max_x))
            .field("max_y", &DebugNum(self.max_y))
            .finish()
    }
}

impl Aabb {
    /// The box with min corner `(x, y)` and size `(w, h)`.
    #[must_use]
    #[inline]
    pub fn from_xywh(x: f64, y: f64, w: f64, h: f64) -> Aabb {
        Aabb { min_x: x, min_y: y, max_x: x + w, max_y: y + h }
    }

    /// Whether the interiors intersect. Touching edges do not overlap.
    #[must_use]
    #[inline]
    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.min_x < other.max_x
            && other.min_x < self.max_x
            && self.min_y < other.max_y
            && other.min_y < self.max_y
    }

    /// [`Aabb::overlaps`] computed without branches (the four comparisons
    /// combined with `&`), for loops that do not branch on the answer
    /// either: neighbouring boxes overlap too irregularly for a branch to be
    /// predicted. Where the caller branches anyway, `overlaps`, which stops
    /// at the first failed comparison, is the one to use.
    /// In wasm with `simd128` the two axes are compared at once: one
    /// `f64x2.lt` of the min corners against the other's max corners each
    /// way, the same four comparisons, so the same answer bit for bit.
    #[must_use]
    #[inline]
    pub fn overlaps_without_branches(&self, other: &Aabb) -> bool {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            use core::arch::wasm32::{f64x2_lt, i64x2_all_true, v128, v128_and, v128_load};
            // SAFETY: `Aabb` is `repr(C)`, four f64: bytes 0..16 are the
            // min corner, 16..32 the max corner; `v128_load` allows any
            // alignment.
            unsafe {
                let (a, b) = (self as *const Aabb as *const v128, other as *const Aabb as *const v128);
                let (a_min, a_max, b_min, b_max) =
                    (v128_load(a), v128_load(a.add(1)), v128_load(b), v128_load(b.add(1)));
                i64x2_all_true(v128_and(f64x2_lt(a_min, b_max), f64x2_lt(b_min, a_max)))
            }
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            (self.min_x < other.max_x)
                & (other.min_x < self.max_x)
                & (self.min_y < other.max_y)
                & (other.min_y < self.max_y)
        }
    }

    /// Whether `inner` lies inside this box, edges included.
    #[must_use]
    #[inline]
    pub fn contains(&self, inner: &Aabb) -> bool {
        self.min_x <= inner.min_x
            && inner.max_x <= self.max_x
            && self.min_y <= inner.min_y
            && inner.max_y <= self.max_y
    }

    /// Whether the point lies in the half-open box `[min, max)`; a plane
    /// tiled by half-open boxes puts every point in exactly one of them.
    #[must_use]
    #[inline]
    pub fn contains_point_half_open(&self, x: f64, y: f64) -> bool {
        self.min_x <= x && x < self.max_x && self.min_y <= y && y < self.max_y
    }

    /// Whether this box can own a point of `region`'s half-open `[min, max)`
    /// that structures use to de-duplicate reports: some point of the box's
    /// `[min, max)` lies in it, or, for a box so thin that `x + w == x`, its
    /// min corner does. Storing a box in every region it reaches guarantees
    /// that the region holding [`overlap_min_corner`] holds both boxes.
    #[must_use]
    #[inline]
    pub fn reaches(&self, region: &Aabb) -> bool {
        self.min_x < region.max_x
            && (region.min_x < self.max_x || region.min_x <= self.min_x)
            && self.min_y < region.max_y
            && (region.min_y < self.max_y || region.min_y <= self.min_y)
    }

    #[must_use]
    #[inline]
    /// The centre point `(x, y)`.
    pub fn center(&self) -> (f64, f64) {
        (0.5 * (self.min_x + self.max_x), 0.5 * (self.min_y + self.max_y))
    }

    #[must_use]
    #[inline]
    /// `max_x − min_x`.
    pub fn width(&self) -> f64 {
        self.max_x - self.min_x
    }

    #[must_use]
    #[inline]
    /// `max_y − min_y`.
    pub fn height(&self) -> f64 {
        self.max_y - self.min_y
    }

    /// Holds nothing and overlaps nothing: the start of a [`union`](Aabb::union) of none.
    pub const EMPTY: Aabb = Aabb {
        min_x: f64::INFINITY,
        min_y: f64::INFINITY,
        max_x: f64::NEG_INFINITY,
        max_y: f64::NEG_INFINITY,
    };

    #[must_use]
    #[inline]
    /// The smallest box holding both. Comparisons, not `f64::min` and
    /// `max`: those are library calls in wasm (boxes hold no NaN).
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb {
            min_x: if other.min_x < self.min_x { other.min_x } else { self.min_x },
            min_y: if other.min_y < self.min_y { other.min_y } else { self.min_y },
            max_x: if other.max_x > self.max_x { other.max_x } else { self.max_x },
            max_y: if other.max_y > self.max_y { other.max_y } else { self.max_y },
        }
    }
}

/// The min corner of the intersection of two boxes. Structures that store an
/// object in several regions report a pair (or a query hit) only in the region
/// holding this point, which makes every report unique without a hash set.
#[must_use]
#[inline]
pub fn overlap_min_corner(a: &Aabb, b: &Aabb) -> (f64, f64) {
    (a.min_x.max(b.min_x), a.min_y.max(b.min_y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_boxes_do_not_overlap() {
        let a = Aabb::from_xywh(0.0, 0.0, 1.0, 1.0);
        let b = Aabb::from_xywh(1.0, 0.0, 1.0, 1.0);
        let c = Aabb::from_xywh(0.0, 1.0, 1.0, 1.0);
        assert!(!a.overlaps(&b) && !b.overlaps(&a));
        assert!(!a.overlaps(&c));
        assert!(a.overlaps(&Aabb::from_xywh(0.999, 0.999, 1.0, 1.0)));
    }

    #[test]
    fn identical_boxes_overlap_and_contain_each_other() {
        let a = Aabb::from_xywh(3.0, 4.0, 0.5, 0.25);
        assert!(a.overlaps(&a));
        assert!(a.contains(&a));
    }

    #[test]
    fn half_open_point_test_excludes_the_max_edges() {
        let a = Aabb::from_xywh(0.0, 0.0, 2.0, 2.0);
        assert!(a.contains_point_half_open(0.0, 0.0));
        assert!(!a.contains_point_half_open(2.0, 1.0));
        assert!(!a.contains_point_half_open(1.0, 2.0));
    }
}

/// A rectangle of cells: columns `col_start..col_end` and rows
/// `row_start..row_end`, half-open (empty when either range is). The one
/// cell-range type of the crate: the broad-phase grids, the tile grid's
/// touched cells and the drawing views all speak it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CellRange {
    /// First column in the range.
    pub col_start: u32,
    /// One past the last column.
    pub col_end: u32,
    /// First row in the range.
    pub row_start: u32,
    /// One past the last row.
    pub row_end: u32,
}

impl CellRange {
    /// The single cell `(col, row)`.
    #[must_use]
    #[inline]
    pub fn cell(col: u32, row: u32) -> CellRange {
        CellRange { col_start: col, col_end: col + 1, row_start: row, row_end: row + 1 }
    }

    #[must_use]
    #[inline]
    /// Whether the range holds no cell.
    pub fn is_empty(&self) -> bool {
        self.col_start >= self.col_end || self.row_start >= self.row_end
    }

    /// Number of cells in the range.
    #[must_use]
    #[inline]
    pub fn len(&self) -> u64 {
        if self.is_empty() {
            0
        } else {
            u64::from(self.col_end - self.col_start) * u64::from(self.row_end - self.row_start)
        }
    }

    #[must_use]
    #[inline]
    /// Whether cell `(col, row)` is in the range.
    pub fn contains(&self, col: u32, row: u32) -> bool {
        self.col_start <= col && col < self.col_end && self.row_start <= row && row < self.row_end
    }

    /// The range grown by one cell on every side, clipped to a
    /// `cols × rows` grid.
    #[must_use]
    #[inline]
    pub fn grown_by_one(&self, cols: u32, rows: u32) -> CellRange {
        CellRange {
            col_start: self.col_start.saturating_sub(1),
            col_end: (self.col_end + 1).min(cols),
            row_start: self.row_start.saturating_sub(1),
            row_end: (self.row_end + 1).min(rows),
        }
    }

    /// How many cells it holds.
    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.col_end.saturating_sub(self.col_start) as usize
            * self.row_end.saturating_sub(self.row_start) as usize
    }

    /// The cells, row-major.
    pub fn cells(self) -> impl Iterator<Item = (u32, u32)> {
        let cols = self.col_start..self.col_end;
        (self.row_start..self.row_end).flat_map(move |r| cols.clone().map(move |c| (c, r)))
    }
}

/// The midpoint of `[min, max]`, always inside it: `0.5 * (min + max)`
/// unless the sum overflows (coordinates beyond ~9e307), where halving each
/// first is exact. The loose grid's correctness argument needs the centre
/// inside the box.
#[must_use]
#[inline]
pub fn midpoint(min: f64, max: f64) -> f64 {
    let centre = 0.5 * (min + max);
    if centre.is_finite() {
        centre
    } else {
        0.5 * min + 0.5 * max
    }
}

/// The largest float below `x` (`f64::next_down` needs a newer compiler
/// than this crate's `rust-version`). `x` is finite or `+inf`.
#[must_use]
#[inline]
pub fn next_down(x: f64) -> f64 {
    if x == 0.0 {
        return -f64::from_bits(1);
    }
    let bits = x.to_bits();
    if x > 0.0 {
        f64::from_bits(bits - 1)
    } else if x.is_finite() {
        f64::from_bits(bits + 1)
    } else {
        x
    }
}
