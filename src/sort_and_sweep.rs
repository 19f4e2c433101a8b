//! Sort and sweep: the all-pairs search the grids fall back on where
//! their cells do not divide the boxes (a cell crowded by a cell size far
//! too large, or boxes far larger than the cells): sorted by where they
//! start along one axis, each box meets only the ones after it that start
//! before it ends, so the work is the sort plus the pairs that overlap
//! along that axis, not all against all. The axis is the one along which
//! the boxes spread out most for their size.

use crate::geometry::Aabb;
use crate::pair_sink::PairSink;
use crate::trace::{Step, TraceKind, TraceReason, Tracer};

/// An axis of the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Axis {
    X,
    Y,
}

impl Axis {
    #[inline]
    fn start(self, b: &Aabb) -> f64 {
        match self {
            Axis::X => b.min_x,
            Axis::Y => b.min_y,
        }
    }

    #[inline]
    fn end(self, b: &Aabb) -> f64 {
        match self {
            Axis::X => b.max_x,
            Axis::Y => b.max_y,
        }
    }
}

/// The axis along which the boxes spread out most for their size: the
/// span of their starts over their mean extent, the larger of the two (x
/// when in doubt). Boxes in a row along x are far apart along x and all
/// at one place along y: sweeping along y would test them all against all.
pub(crate) fn spread_axis(boxes: impl Iterator<Item = Aabb>) -> Axis {
    let (mut lo_x, mut hi_x, mut lo_y, mut hi_y) =
        (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
    let (mut sum_w, mut sum_h) = (0.0, 0.0);
    for b in boxes {
        lo_x = lo_x.min(b.min_x);
        hi_x = hi_x.max(b.min_x);
        lo_y = lo_y.min(b.min_y);
        hi_y = hi_y.max(b.min_y);
        sum_w += b.max_x - b.min_x;
        sum_h += b.max_y - b.min_y;
    }
    // span_x / mean_w against span_y / mean_h, without dividing by a sum
    // that may be 0: span_x · sum_h against span_y · sum_w.
    if (hi_y - lo_y) * sum_w > (hi_x - lo_x) * sum_h {
        Axis::Y
    } else {
        Axis::X
    }
}

/// Appends every overlapping pair of `items` that `wanted` names (it
/// gets both items of an overlapping pair and returns the pair to keep,
/// or `None`), by sort and sweep along [`spread_axis`]; returns the number
/// of box tests. Stops early once `out` is full. `tested` is told each
/// test and whether the boxes overlap (for a trace; a no-op every day).
pub(crate) fn sweep<T>(
    items: &mut [T],
    aabb: impl Fn(&T) -> Aabb,
    wanted: impl Fn(&T, &T) -> Option<(u32, u32)>,
    out: &mut PairSink<'_>,
    mut tested: impl FnMut(&T, &T, bool),
) -> u64 {
    let axis = spread_axis(items.iter().map(&aabb));
    crate::small_sort::sort_by(items, |a, b| axis.start(&aabb(a)).total_cmp(&axis.start(&aabb(b))).is_lt());
    let mut tests = 0;
    for (i, a) in items.iter().enumerate() {
        if out.is_full() {
            break;
        }
        let box_a = aabb(a);
        let end = axis.end(&box_a);
        for b in &items[i + 1..] {
            let box_b = aabb(b);
            // Later items start no earlier; once one starts at or past our
            // end, so do all the rest.
            if axis.start(&box_b) >= end {
                break;
            }
            tests += 1;
            let hit = box_a.overlaps(&box_b);
            if hit {
                if let Some(pair) = wanted(a, b) {
                    out.push(pair);
                }
            }
            tested(a, b, hit);
        }
    }
    tests
}

/// Every overlapping pair among `items`, by [`sweep`]. Used for the
/// objects the grids keep outside their cells, so that many of them (a
/// cell size far too small) cost `k log k`, not `k²`.
/// Tells `t` the sweep and each test.
pub(crate) fn sweep_pairs<T: Tracer<Step>>(
    items: &mut [(u32, Aabb)],
    out: &mut PairSink<'_>,
    t: &mut T,
) -> u64 {
    t.note(|| Step::new(TraceKind::Sweep).count(items.len() as u32));
    sweep(
        items,
        |item| item.1,
        |a, b| Some((a.0, b.0)),
        out,
        |&(a, _), &(b, aabb_b), hit| {
            t.note(|| {
                let step = Step::new(TraceKind::Candidate).of(a).with(b).at(aabb_b);
                step.because(if hit { TraceReason::Overlaps } else { TraceReason::Misses })
            });
        },
    )
}

#[cfg(test)]
mod tests {
    use super::{spread_axis, sweep, Axis};
    use crate::geometry::Aabb;
    use crate::pair_sink::PairSink;

    #[test]
    fn boxes_in_a_row_are_swept_along_the_row() {
        let row = (0..10).map(|i| Aabb::from_xywh(f64::from(i) * 10.0, 0.0, 2.0, 2.0));
        assert_eq!(spread_axis(row), Axis::X);
        let column = (0..10).map(|i| Aabb::from_xywh(0.0, f64::from(i) * 10.0, 2.0, 2.0));
        assert_eq!(spread_axis(column), Axis::Y);
    }

    #[test]
    fn a_sweep_finds_every_overlapping_pair_once() {
        // A seeded scene against all-against-all, along either axis.
        let mut seed = 0x9e37_79b9_u32;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            f64::from(seed % 1000) / 10.0
        };
        for stretch in [1.0, 50.0] {
            let mut items: Vec<(u32, Aabb)> = (0..300)
                .map(|i| {
                    (i, Aabb::from_xywh(next(), next() * stretch, 1.0 + next() / 10.0, 1.0 + next() / 10.0))
                })
                .collect();
            let mut expected = Vec::new();
            for (i, a) in items.iter().enumerate() {
                for b in &items[i + 1..] {
                    if a.1.overlaps(&b.1) {
                        expected.push((a.0.min(b.0), a.0.max(b.0)));
                    }
                }
            }
            let mut found = Vec::new();
            sweep(
                &mut items,
                |item| item.1,
                |a, b| Some((a.0.min(b.0), a.0.max(b.0))),
                &mut PairSink::new(&mut found, usize::MAX),
                |_, _, _| {},
            );
            expected.sort_unstable();
            found.sort_unstable();
            assert_eq!(found, expected, "stretch {stretch}");
        }
    }
}
