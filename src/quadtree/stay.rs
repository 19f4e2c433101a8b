//! Leaves policy: where a box may move and still reach the same leaves.
//! Per proxy, an interval for each side of its box, so the everyday update
//! (a box moving a little) is eight comparisons (in wasm two, of four lanes
//! each) and the store of the new box in its items, with no node read:
//! many boxes reach more than one leaf, and finding which they reach is
//! most of an update without them.
//!
//! The intervals come from the edges of the leaves that hold the proxy and
//! of those around it, and the midlines of the held leaves that may split
//! (more than `max_objects` items, above `max_levels`). Every comparison the
//! placement rule makes between the box and those lines keeps its outcome
//! while each side of the box stays in its interval, so the box reaches the
//! same leaves, and a leaf it is in has no reason to split that it did not
//! have before: whether a box fits one quadrant only counts towards a split
//! in a leaf holding more than `max_objects`, so a leaf at or below that
//! leaves its midlines out, and the intervals of most boxes are twice as
//! wide. Splits and collapses change the lines: the proxies they move get
//! new intervals (`dirty`), and so do the items of a leaf whose count
//! passes `max_objects` (`push_item`); a leaf nearby that splits, or one
//! that thins out, leaves the intervals narrower than they could be, never
//! wrong.
//!
//! (The straddle policy checks its one node instead: a node serves several
//! objects and stays in cache, where intervals cost 32 bytes an object.)

use super::stay_interval::Stay;
use super::tree::{midpoint, Placement, Quadtree, ROOT};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

/// Over every box in some intervals, a condition on it is always true,
/// never, or either.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Always {
    True,
    False,
    Either,
}

impl Always {
    fn from(always: bool, never: bool) -> Always {
        match (always, never) {
            (true, _) => Always::True,
            (_, true) => Always::False,
            _ => Always::Either,
        }
    }

    fn and(self, other: Always) -> Always {
        Always::from(
            self == Always::True && other == Always::True,
            self == Always::False || other == Always::False,
        )
    }

    fn or(self, other: Always) -> Always {
        Always::from(
            self == Always::True || other == Always::True,
            self == Always::False && other == Always::False,
        )
    }
}

impl Stay {
    /// Leaves policy, for `validate`: whether every box in the intervals
    /// reaches exactly the leaves `held` (sorted) and fits the same halves
    /// of each, decided from the intervals alone, leaf by leaf.
    pub fn keeps_leaves(&self, tree: &Quadtree, held: &[u32]) -> bool {
        let empty = (0..4).any(|k| self.lo[k] >= self.hi[k]);
        if empty {
            return true; // `NEVER`, or rounded to nothing near the largest floats
        }
        // (min in [a, b), max in (c, d]) along one axis, against [l, r].
        let reaches = |(a, b): (f64, f64), (c, d): (f64, f64), l: f64, r: f64| {
            let min_before_r = Always::from(b <= r, a >= r);
            let l_before_max = Always::from(c >= l, d <= l);
            let l_at_or_before_min = Always::from(a >= l, b <= l);
            min_before_r.and(l_before_max.or(l_at_or_before_min))
        };
        let (min_x, min_y, max_x, max_y) = (self.side(0), self.side(1), self.side(2), self.side(3));
        let hull = Aabb { min_x: min_x.0, min_y: min_y.0, max_x: max_x.1, max_y: max_y.1 };
        if !(hull.min_x.is_finite()
            && hull.min_y.is_finite()
            && hull.max_x.is_finite()
            && hull.max_y.is_finite())
        {
            return false;
        }
        let mut near = Vec::new();
        tree.collect_reached_leaves(ROOT, &hull, &mut near, &mut crate::trace::NoTrace);
        near.iter().all(|&leaf| {
            let b = &tree.nodes[leaf as usize].bounds;
            let reached =
                reaches(min_x, max_x, b.min_x, b.max_x).and(reaches(min_y, max_y, b.min_y, b.max_y));
            let want = if held.binary_search(&leaf).is_ok() { Always::True } else { Always::False };
            if reached != want {
                return false;
            }
            // The halves of a held leaf that may split, along each axis.
            let (mid_x, mid_y) = midpoint(b);
            want == Always::False
                || !tree.may_split(leaf)
                || [
                    reaches(min_x, max_x, b.min_x, mid_x),
                    reaches(min_x, max_x, mid_x, b.max_x),
                    reaches(min_y, max_y, b.min_y, mid_y),
                    reaches(min_y, max_y, mid_y, b.max_y),
                ]
                .iter()
                .all(|&half| half != Always::Either)
        })
    }
}

/// The interval of `min` between lines given one at a time: `[largest
/// line ≤ min, smallest line > min)`, and of `max`: `(largest line < max,
/// smallest line ≥ max]`. Open-ended where no line lies on that side. Kept
/// as a running fold, so the lines need no buffer.
struct Between {
    min: f64,
    max: f64,
    min_at: (f64, f64),
    max_at: (f64, f64),
}

impl Between {
    fn new(min: f64, max: f64) -> Between {
        let open = (f64::NEG_INFINITY, f64::INFINITY);
        Between { min, max, min_at: open, max_at: open }
    }

    // Comparisons, not `f64::max` and `min`: those are library calls in wasm.
    #[inline(always)]
    fn line(&mut self, line: f64) {
        let (min_lo, min_hi) = &mut self.min_at;
        if line <= self.min {
            *min_lo = if line > *min_lo { line } else { *min_lo };
        } else {
            *min_hi = if line < *min_hi { line } else { *min_hi };
        }
        let (max_lo, max_hi) = &mut self.max_at;
        if line < self.max {
            *max_lo = if line > *max_lo { line } else { *max_lo };
        } else {
            *max_hi = if line < *max_hi { line } else { *max_hi };
        }
    }

    /// Both lines of an interval `[lo, hi]`, in that order.
    #[inline(always)]
    fn lines(&mut self, lo: f64, hi: f64) {
        self.line(lo);
        self.line(hi);
    }
}

impl Quadtree {
    /// The intervals of a proxy (`leaves` is scratch): `NEVER` outside
    /// the tree.
    pub(super) fn stay_region(&self, proxy: u32, leaves: &mut Vec<u32>) -> Stay {
        let first = self.first_item[proxy as usize];
        if first == NULL_INDEX {
            return Stay::NEVER;
        }
        self.leaves_stay(first, &self.items.boxes[first as usize], leaves)
    }

    /// Leaves policy: lines at the edges and midlines of every leaf that
    /// holds the box, and at the edges of every leaf their bounding
    /// rectangle reaches (the same leaves when they tile it; else also
    /// those in the gaps). While each side of the box keeps its place
    /// between the lines, every comparison with those leaves' edges keeps
    /// its outcome, so the box reaches the same of them, fits the same
    /// quadrants of its own, and stays inside the rectangle with its min
    /// corner off the far edges, where it can reach no leaf the rectangle
    /// does not (see `reach_container`). `NEVER` past a few leaves.
    fn leaves_stay(&self, first: u32, aabb: &Aabb, leaves: &mut Vec<u32>) -> Stay {
        const MOST_LINES: usize = 48;
        let mut x = Between::new(aabb.min_x, aabb.max_x);
        let mut y = Between::new(aabb.min_y, aabb.max_y);
        let mut lines = 0;
        let mut union = self.nodes[self.items.node[first as usize] as usize].bounds;
        let mut item = first;
        while item != NULL_INDEX {
            if lines + 3 > MOST_LINES {
                return Stay::NEVER;
            }
            let leaf = self.items.node[item as usize];
            let b = &self.nodes[leaf as usize].bounds;
            x.lines(b.min_x, b.max_x);
            y.lines(b.min_y, b.max_y);
            lines += 2;
            if self.may_split(leaf) {
                let (mid_x, mid_y) = midpoint(b);
                x.line(mid_x);
                y.line(mid_y);
                lines += 1;
            }
            union = union.union(b);
            item = self.items.next_of_proxy[item as usize];
        }
        if self.items.next_of_proxy[first as usize] != NULL_INDEX && self.tiled_rectangle(first).is_none() {
            leaves.clear();
            let from = self.reach_container(self.items.node[first as usize], &union);
            self.collect_reached_leaves(from, &union, leaves, &mut crate::trace::NoTrace);
            for &leaf in leaves.iter() {
                if lines + 2 > MOST_LINES {
                    return Stay::NEVER;
                }
                let b = &self.nodes[leaf as usize].bounds;
                x.lines(b.min_x, b.max_x);
                y.lines(b.min_y, b.max_y);
                lines += 2;
            }
        }
        Stay::new(x.min_at, y.min_at, x.max_at, y.max_at)
    }

    /// Leaves policy: whether a leaf holds enough items that whether they
    /// fit one quadrant decides a split (see `splitting_items`).
    pub(super) fn may_split(&self, leaf: u32) -> bool {
        let n = &self.nodes[leaf as usize];
        n.count > self.limits.max_objects && n.depth < self.limits.max_levels
    }

    /// Gives every proxy listed in `dirty` (since the last call) intervals
    /// from the nodes that hold it now.
    pub(super) fn refresh_dirty_stays(&mut self) {
        if self.placement == Placement::StraddleInParent {
            self.dirty.clear();
            return;
        }
        let dirty = std::mem::take(&mut self.dirty);
        let mut leaves = std::mem::take(&mut self.leaves);
        for &proxy in &dirty {
            self.stay[proxy as usize] = self.stay_region(proxy, &mut leaves);
        }
        self.leaves = leaves;
        self.dirty = dirty;
        self.dirty.clear();
    }
}
