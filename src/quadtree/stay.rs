//! Where a box may move and stay filed as it is: per proxy, an interval for
//! each side of its box, so the everyday update (a box moving a little) is
//! eight comparisons and the store of the new box in its items, with no
//! node read.
//!
//! The intervals come from the edges (and midlines) of the nodes that hold
//! the proxy. Every comparison the placement rules make between the box
//! and those lines keeps its outcome while each side of the box stays in
//! its interval, so the box stays in the same nodes, and a leaf it is in
//! has no reason to split that it did not have before. Splits and collapses
//! change the lines: the proxies they touch get new intervals (`dirty`).

use super::tree::{midpoint, Placement, Quadtree, ROOT};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

/// Intervals for the sides of a box: `min_x` in `[min_x.0, min_x.1)`,
/// `max_x` in `(max_x.0, max_x.1]`, and the same for y.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Stay {
    min_x: (f64, f64),
    min_y: (f64, f64),
    max_x: (f64, f64),
    max_y: (f64, f64),
}

impl Stay {
    /// Holds no box: the update takes the full path.
    pub const NEVER: Stay = Stay {
        min_x: (f64::INFINITY, f64::INFINITY),
        min_y: (f64::INFINITY, f64::INFINITY),
        max_x: (f64::INFINITY, f64::INFINITY),
        max_y: (f64::INFINITY, f64::INFINITY),
    };

    const ANYWHERE: (f64, f64) = (f64::NEG_INFINITY, f64::INFINITY);

    /// Whether `b` lies in the intervals (without branches: whether a
    /// moving box stays is too irregular to predict).
    #[inline]
    pub fn holds(&self, b: &Aabb) -> bool {
        (self.min_x.0 <= b.min_x)
            & (b.min_x < self.min_x.1)
            & (self.max_x.0 < b.max_x)
            & (b.max_x <= self.max_x.1)
            & (self.min_y.0 <= b.min_y)
            & (b.min_y < self.min_y.1)
            & (self.max_y.0 < b.max_y)
            & (b.max_y <= self.max_y.1)
    }
}

impl Stay {
    /// Straddle policy, for `validate`: whether every box in the intervals
    /// lies in `node` (any box, for the root) and, if it is split, fits
    /// none of its quadrants.
    pub fn keeps_in(&self, node: &super::tree::Node, is_root: bool) -> bool {
        if *self == Stay::NEVER {
            return true;
        }
        let b = &node.bounds;
        let inside = is_root
            || (self.min_x.0 >= b.min_x
                && self.max_x.1 <= b.max_x
                && self.min_y.0 >= b.min_y
                && self.max_y.1 <= b.max_y);
        if !inside || node.is_leaf() {
            return inside;
        }
        let (mid_x, mid_y) = midpoint(b);
        let sticks_out = self.min_x.1 <= b.min_x
            || self.max_x.0 >= b.max_x
            || self.min_y.1 <= b.min_y
            || self.max_y.0 >= b.max_y;
        let crosses = (self.min_x.1 <= mid_x && self.max_x.0 >= mid_x)
            || (self.min_y.1 <= mid_y && self.max_y.0 >= mid_y);
        (is_root && sticks_out) || crosses
    }
}

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
        if *self == Stay::NEVER {
            return true;
        }
        // (min in [a, b), max in (c, d]) along one axis, against [l, r].
        let reaches = |(a, b): (f64, f64), (c, d): (f64, f64), l: f64, r: f64| {
            let min_before_r = Always::from(b <= r, a >= r);
            let l_before_max = Always::from(c >= l, d <= l);
            let l_at_or_before_min = Always::from(a >= l, b <= l);
            min_before_r.and(l_before_max.or(l_at_or_before_min))
        };
        let hull =
            Aabb { min_x: self.min_x.0, min_y: self.min_y.0, max_x: self.max_x.1, max_y: self.max_y.1 };
        if !(hull.min_x.is_finite()
            && hull.min_y.is_finite()
            && hull.max_x.is_finite()
            && hull.max_y.is_finite())
        {
            return false;
        }
        let mut near = Vec::new();
        tree.collect_reached_leaves(ROOT, &hull, &mut near);
        near.iter().all(|&leaf| {
            let b = &tree.nodes[leaf as usize].bounds;
            let reached = reaches(self.min_x, self.max_x, b.min_x, b.max_x)
                .and(reaches(self.min_y, self.max_y, b.min_y, b.max_y));
            let want = if held.binary_search(&leaf).is_ok() { Always::True } else { Always::False };
            if reached != want {
                return false;
            }
            // The halves of a held leaf it reaches, along each axis.
            let (mid_x, mid_y) = midpoint(b);
            want == Always::False
                || [
                    reaches(self.min_x, self.max_x, b.min_x, mid_x),
                    reaches(self.min_x, self.max_x, mid_x, b.max_x),
                    reaches(self.min_y, self.max_y, b.min_y, mid_y),
                    reaches(self.min_y, self.max_y, mid_y, b.max_y),
                ]
                .iter()
                .all(|&half| half != Always::Either)
        })
    }
}

/// The interval of `min` between the lines: `[largest line ≤ min, smallest
/// line > min)`, and of `max`: `(largest line < max, smallest line ≥ max]`.
/// Open-ended where no line lies on that side.
fn between(lines: &[f64], min: f64, max: f64) -> ((f64, f64), (f64, f64)) {
    let (mut min_lo, mut min_hi) = Stay::ANYWHERE;
    let (mut max_lo, mut max_hi) = Stay::ANYWHERE;
    for &line in lines {
        if line <= min {
            min_lo = min_lo.max(line);
        } else {
            min_hi = min_hi.min(line);
        }
        if line < max {
            max_lo = max_lo.max(line);
        } else {
            max_hi = max_hi.min(line);
        }
    }
    ((min_lo, min_hi), (max_lo, max_hi))
}

/// The smallest box holding `a` and `b`.
fn bounding(a: &Aabb, b: &Aabb) -> Aabb {
    Aabb {
        min_x: a.min_x.min(b.min_x),
        min_y: a.min_y.min(b.min_y),
        max_x: a.max_x.max(b.max_x),
        max_y: a.max_y.max(b.max_y),
    }
}

impl Quadtree {
    /// The intervals of a proxy in the tree, from the nodes that hold it
    /// (`leaves` is scratch).
    pub(super) fn stay_region(&self, proxy: u32, leaves: &mut Vec<u32>) -> Stay {
        let first = self.first_item[proxy as usize];
        if first == NULL_INDEX {
            return Stay::NEVER; // the outside list: checked in full
        }
        let aabb = self.items.boxes[first as usize];
        match self.placement {
            Placement::StraddleInParent => self.straddle_stay(self.items.node[first as usize], &aabb),
            Placement::AllOverlappedLeaves => self.leaves_stay(first, &aabb, leaves),
        }
    }

    /// Straddle policy: the box stays while its node contains it (the root
    /// contains everything) and, in an inner node, while it fits no
    /// quadrant: for one reason kept, such as straddling the x midline.
    fn straddle_stay(&self, node: u32, aabb: &Aabb) -> Stay {
        let n = &self.nodes[node as usize];
        let b = &n.bounds;
        let (mut min_x, mut max_x, mut min_y, mut max_y) = if node == ROOT {
            (Stay::ANYWHERE, Stay::ANYWHERE, Stay::ANYWHERE, Stay::ANYWHERE)
        } else {
            (
                (b.min_x, f64::INFINITY),
                (f64::NEG_INFINITY, b.max_x),
                (b.min_y, f64::INFINITY),
                (f64::NEG_INFINITY, b.max_y),
            )
        };
        if n.is_leaf() {
            return Stay { min_x, min_y, max_x, max_y };
        }
        let (mid_x, mid_y) = midpoint(b);
        // Fits no quadrant: it sticks out of the node (the root only), or
        // it crosses a midline (a box that touches one still fits).
        if aabb.min_x < b.min_x {
            min_x = (f64::NEG_INFINITY, b.min_x);
        } else if aabb.max_x > b.max_x {
            max_x = (b.max_x, f64::INFINITY);
        } else if aabb.min_y < b.min_y {
            min_y = (f64::NEG_INFINITY, b.min_y);
        } else if aabb.max_y > b.max_y {
            max_y = (b.max_y, f64::INFINITY);
        } else if aabb.min_x < mid_x && mid_x < aabb.max_x {
            min_x = (b.min_x, mid_x);
            max_x = (mid_x, b.max_x);
        } else if aabb.min_y < mid_y && mid_y < aabb.max_y {
            min_y = (b.min_y, mid_y);
            max_y = (mid_y, b.max_y);
        } else {
            return Stay::NEVER; // it fits a quadrant: not where it belongs
        }
        Stay { min_x, min_y, max_x, max_y }
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
        const MOST: usize = 16;
        let (mut xs, mut ys) = ([0.0; 3 * MOST], [0.0; 3 * MOST]);
        let mut lines = 0;
        let mut union = self.nodes[self.items.node[first as usize] as usize].bounds;
        let mut item = first;
        while item != NULL_INDEX {
            if lines == xs.len() {
                return Stay::NEVER;
            }
            let b = &self.nodes[self.items.node[item as usize] as usize].bounds;
            let (mid_x, mid_y) = midpoint(b);
            xs[lines..lines + 3].copy_from_slice(&[b.min_x, mid_x, b.max_x]);
            ys[lines..lines + 3].copy_from_slice(&[b.min_y, mid_y, b.max_y]);
            lines += 3;
            union = bounding(&union, b);
            item = self.items.next_of_proxy[item as usize];
        }
        if lines > 3 && self.tiled_rectangle(first).is_none() {
            leaves.clear();
            let from = self.reach_container(self.items.node[first as usize], &union);
            self.collect_reached_leaves(from, &union, leaves);
            for &leaf in leaves.iter() {
                if lines + 2 > xs.len() {
                    return Stay::NEVER;
                }
                let b = &self.nodes[leaf as usize].bounds;
                xs[lines..lines + 2].copy_from_slice(&[b.min_x, b.max_x]);
                ys[lines..lines + 2].copy_from_slice(&[b.min_y, b.max_y]);
                lines += 2;
            }
        }
        let (min_x, max_x) = between(&xs[..lines], aabb.min_x, aabb.max_x);
        let (min_y, max_y) = between(&ys[..lines], aabb.min_y, aabb.max_y);
        Stay { min_x, min_y, max_x, max_y }
    }

    /// Gives every proxy listed in `dirty` (since the last call) intervals
    /// from the nodes that hold it now.
    pub(super) fn refresh_dirty_stays(&mut self) {
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
