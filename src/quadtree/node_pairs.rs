//! Straddle policy: the pairs a node's own items take part in, found by
//! sweeps over the node's run kept in order instead of by testing every
//! item against every other.
//!
//! An inner node holds the objects that cross one of its midlines: a
//! chain along the vertical midline and one along the horizontal. Every
//! two boxes crossing the vertical midline already overlap on x, so among
//! them only y decides, and with the chain sorted by `min_y` a sweep stops
//! at the first box that starts past the current one's end; the same holds
//! for the other chain on x. Candidates from the ancestors hug the node's
//! edges, so each is tested only against the chains whose bounding boxes
//! it meets. On the shared scene a good share of the objects cross a
//! midline, and the sweeps roughly halve the pair walk's box tests
//! (docs/BENCHMARKS.md, "Design measurements").
//!
//! The run keeps its order from frame to frame (objects move a little), so
//! restoring it is an insertion sort over a nearly sorted run: about one
//! comparison an item. Leaves and small nodes (a handful of items) are
//! paired all against all: there, sorting and skipping cost more than the
//! tests they save.

use std::cmp::Ordering;

use super::tree::{midpoint, Node, Quadtree};
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::keep_buffer::{KeepBuffer, KEEP_ROOM};
use crate::pair_sink::PairSink;

/// A node's candidate list, built as the walk enters it below `parent`:
/// appends to `list` from `start` the parent's candidates
/// (`list[parent_list]`) and the parent's own items whose boxes overlap
/// `bounds` (only those can overlap an item inside the node), and returns
/// where the node's list ends. The serial walk and the parallel walk's
/// tasks both build their lists here; entries past the returned end are
/// stale, and the buffer only grows, so the writes never branch on a test.
#[inline(always)]
pub(super) fn gather_candidates(
    list: &mut Vec<(Aabb, u32)>,
    parent_list: std::ops::Range<usize>,
    start: usize,
    parent: &Node,
    bounds: &Aabb,
    (boxes, proxies): (&[Aabb], &[u32]),
) -> usize {
    let most = start + parent_list.len() + parent.count as usize;
    if list.len() < most {
        list.resize(most, (Aabb::default(), NULL_INDEX));
    }
    let mut top = start;
    for k in parent_list {
        let candidate = list[k];
        list[top] = candidate;
        top += usize::from(candidate.0.overlaps_without_branches(bounds));
    }
    for i in parent.items() {
        list[top] = (boxes[i], proxies[i]);
        top += usize::from(boxes[i].overlaps_without_branches(bounds));
    }
    top
}

/// The box a node's candidates must overlap to meet one of its items,
/// given the box holding its own items (`own_union`): for a leaf, that
/// box, as nothing lies below it; for an inner node, its bounds, as its
/// list is its children's candidates too. On the shared scene a leaf's
/// items leave a margin along its edges, where most of its candidates
/// (which cross an ancestor's midline, so hug the leaf's edge) lie.
#[inline(always)]
pub(super) fn candidate_filter(n: &Node, own_union: &Aabb) -> Aabb {
    if n.is_leaf() {
        *own_union
    } else {
        n.bounds
    }
}

/// The box holding every box of a node's run (see [`candidate_filter`]).
#[inline(always)]
pub(super) fn run_union(boxes: &[Aabb]) -> Aabb {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{f64x2_pmax, f64x2_pmin, f64x2_splat, v128, v128_load, v128_store};
        let (mut min, mut max) = (f64x2_splat(f64::INFINITY), f64x2_splat(f64::NEG_INFINITY));
        for b in boxes {
            // SAFETY: `Aabb` is `repr(C)`, four f64: bytes 0..16 are the
            // min corner, 16..32 the max corner; `v128_load` allows any
            // alignment.
            unsafe {
                let corners = b as *const Aabb as *const v128;
                min = f64x2_pmin(v128_load(corners), min);
                max = f64x2_pmax(v128_load(corners.add(1)), max);
            }
        }
        let mut u = Aabb::EMPTY;
        // SAFETY: as above, for a box written through its corners.
        unsafe {
            let corners = &mut u as *mut Aabb as *mut v128;
            v128_store(corners, min);
            v128_store(corners.add(1), max);
        }
        u
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    union(boxes)
}

/// Inner nodes holding more items than this pair them by sweeps over
/// their sorted run; smaller ones, and leaves, all against all. The time
/// is flat around this value (docs/BENCHMARKS.md, "Design measurements").
const SORTED_FROM: u32 = 8;

/// Whether the straddle policy's pair walk keeps `n`'s run sorted.
pub(super) fn keeps_run_sorted(n: &Node) -> bool {
    !n.is_leaf() && n.count > SORTED_FROM
}

/// The box holding every box of `boxes`; for none, one that overlaps nothing.
fn union(boxes: &[Aabb]) -> Aabb {
    boxes.iter().fold(Aabb::EMPTY, |u, b| u.union(b))
}

/// Where an item goes in its node's run: the boxes crossing the vertical
/// midline `mid_x` (strictly: they then overlap each other on x) first, by
/// `min_y`; then the rest, by `min_x`.
#[inline]
fn run_key(b: &Aabb, mid_x: f64) -> (bool, f64) {
    if b.min_x < mid_x && mid_x < b.max_x {
        (false, b.min_y)
    } else {
        (true, b.min_x)
    }
}

#[inline]
fn before(a: (bool, f64), b: (bool, f64)) -> bool {
    (!a.0 & b.0) || (a.0 == b.0 && a.1 < b.1)
}

/// Items of a node, or a chain of them: their boxes and proxies.
pub(super) struct Chain<'a> {
    pub boxes: &'a [Aabb],
    pub proxies: &'a [u32],
}

impl Chain<'_> {
    fn split_at(&self, at: usize) -> (Chain<'_>, Chain<'_>) {
        let (boxes, proxies) = (self.boxes.split_at(at), self.proxies.split_at(at));
        (Chain { boxes: boxes.0, proxies: proxies.0 }, Chain { boxes: boxes.1, proxies: proxies.1 })
    }
}

impl Quadtree {
    /// Puts `node`'s run back in [`run_key`] order and returns how many of
    /// its items cross the vertical midline (they come first). Under the
    /// straddle policy an object has one item, so a moved item's proxy
    /// points at its new place. An insertion sort, as the run is nearly in
    /// order; one that finds it far from order (objects filed in bulk, a
    /// run that first grew past [`SORTED_FROM`]) sorts it outright instead,
    /// so a long run never costs its length squared.
    pub(super) fn sort_run(&mut self, node: u32) -> usize {
        let n = &self.nodes[node as usize];
        let (mid_x, _) = midpoint(&n.bounds);
        let range = n.items();
        let (start, end) = (range.start, range.end);
        let (boxes, proxies) = (&mut self.items.boxes, &mut self.items.proxy);
        let mut first_moved = end;
        let mut budget = 4 * (end - start) + 16;
        for i in start + 1..end {
            let (b, p) = (boxes[i], proxies[i]);
            let key = run_key(&b, mid_x);
            let mut j = i;
            while j > start && before(key, run_key(&boxes[j - 1], mid_x)) {
                boxes[j] = boxes[j - 1];
                proxies[j] = proxies[j - 1];
                j -= 1;
            }
            if j != i {
                boxes[j] = b;
                proxies[j] = p;
                first_moved = first_moved.min(j);
                budget = budget.saturating_sub(i - j);
                if budget == 0 {
                    sort_outright(
                        &mut boxes[start..end],
                        &mut proxies[start..end],
                        mid_x,
                        &mut self.run_scratch,
                    );
                    first_moved = start;
                    break;
                }
            }
        }
        for (k, &proxy) in proxies.iter().enumerate().take(end).skip(first_moved) {
            self.first_item[proxy as usize] = k as u32;
        }
        boxes[start..end].partition_point(|b| !run_key(b, mid_x).0)
    }

    /// How many of `node`'s items cross its vertical midline, its run
    /// already in [`run_key`] order (what [`sort_run`](Quadtree::sort_run)
    /// returned when it sorted the run).
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) fn crossing_count(&self, node: u32) -> usize {
        let n = &self.nodes[node as usize];
        let (mid_x, _) = midpoint(&n.bounds);
        self.items.boxes[n.items()].partition_point(|b| !run_key(b, mid_x).0)
    }

    /// Puts the proxies of `node`'s items (in `proxies`) in the order
    /// [`sort_run`](Quadtree::sort_run) gives them, so slots renumbered in
    /// space order stay in it once the pair walk sorts the run: by
    /// [`run_key`], ties by place in the run (the sort is stable).
    pub(super) fn order_as_sorted_run(&self, node: u32, proxies: &mut [u32]) {
        let (mid_x, _) = midpoint(&self.nodes[node as usize].bounds);
        let key = |proxy: &u32| {
            let item = self.first_item[*proxy as usize];
            (run_key(&self.items.boxes[item as usize], mid_x), item)
        };
        crate::small_sort::sort_by(proxies, |a, b| compare_keys(key(a), key(b)).is_lt());
    }
}

/// Sorts a run by [`run_key`], ties by place (what the insertion sort
/// gives), through `scratch`, which keeps its room for the next time.
fn sort_outright(boxes: &mut [Aabb], proxies: &mut [u32], mid_x: f64, scratch: &mut Vec<(Aabb, u32, u32)>) {
    scratch.clear();
    scratch.extend(boxes.iter().zip(proxies.iter()).enumerate().map(|(k, (b, p))| (*b, *p, k as u32)));
    crate::small_sort::sort_by(scratch, |a, b| {
        compare_keys((run_key(&a.0, mid_x), a.2), (run_key(&b.0, mid_x), b.2)).is_lt()
    });
    for (k, &(b, p, _)) in scratch.iter().enumerate() {
        boxes[k] = b;
        proxies[k] = p;
    }
}

/// [`run_key`] order, ties by place.
fn compare_keys(a: ((bool, f64), u32), b: ((bool, f64), u32)) -> Ordering {
    if before(a.0, b.0) {
        Ordering::Less
    } else if before(b.0, a.0) {
        Ordering::Greater
    } else {
        a.1.cmp(&b.1)
    }
}

/// Items and candidates of a node past which its pair search checks for a
/// full sink as it goes.
/// At most the room one [`KeepBuffer::make_room`] admits: a small node
/// makes room for a box's tests at once.
const CROWDED_NODE: usize = KEEP_ROOM;

/// Every overlapping pair among a small node's items, and between them
/// and `candidates` (its ancestors' items that overlap the node): all
/// against all. With a handful of items (a leaf holds at most
/// `max_objects` but for the deepest), tests that never branch on their
/// outcome beat sorting and skipping: a branch on which boxes may meet
/// mispredicts more than it saves.
pub(super) fn small_node_pairs(
    own: &Chain,
    own_union: &Aabb,
    candidates: &[(Aabb, u32)],
    found: &mut KeepBuffer<(u32, u32)>,
    out: &mut PairSink<'_>,
    stats: &mut Stats,
) {
    // A small node adds a bounded number of pairs: only a crowded one
    // (boxes piled up at the deepest level) checks for a full sink.
    if own.boxes.len() + candidates.len() > CROWDED_NODE {
        crowded_node_pairs(own, candidates, found, out, stats);
        return;
    }
    let (boxes, proxies) = (own.boxes, own.proxies);
    stats.candidate_tests += (boxes.len() * boxes.len().saturating_sub(1) / 2) as u64;
    // The run holds at most CROWDED_NODE boxes: room for a box's tests is
    // made before them, so each test is a store and an add.
    for (i, (a, &pa)) in boxes.iter().zip(proxies).enumerate() {
        found.make_room(boxes.len() - i - 1, out);
        for (b, &pb) in boxes[i + 1..].iter().zip(&proxies[i + 1..]) {
            found.offer_within((pa, pb), a.overlaps_without_branches(b));
        }
    }
    // A candidate that misses the box holding the run misses every item:
    // few of an inner node's candidates meet it, so the branch is
    // predictable (a leaf's list was filtered by that box already).
    for &(ref c, pc) in candidates {
        stats.candidate_tests += 1;
        if c.overlaps_without_branches(own_union) {
            stats.candidate_tests += boxes.len() as u64;
            found.make_room(boxes.len(), out);
            for (b, &pb) in boxes.iter().zip(proxies) {
                found.offer_within((pc, pb), c.overlaps_without_branches(b));
            }
        }
    }
}

/// [`small_node_pairs`] for a crowded node: the same tests, stopping once
/// the sink is full (n boxes in one place make n(n−1)/2 pairs).
#[cold]
#[inline(never)]
fn crowded_node_pairs(
    own: &Chain,
    candidates: &[(Aabb, u32)],
    found: &mut KeepBuffer<(u32, u32)>,
    out: &mut PairSink<'_>,
    stats: &mut Stats,
) {
    let (boxes, proxies) = (own.boxes, own.proxies);
    stats.candidate_tests += (boxes.len() * boxes.len().saturating_sub(1) / 2) as u64;
    for (i, (a, &pa)) in boxes.iter().zip(proxies).enumerate() {
        if out.is_full() {
            return;
        }
        for (b, &pb) in boxes[i + 1..].iter().zip(&proxies[i + 1..]) {
            found.offer((pa, pb), a.overlaps_without_branches(b), out);
        }
    }
    for (c, pc) in candidates {
        if out.is_full() {
            return;
        }
        test_against(c, *pc, own, found, out, stats);
    }
}

/// Every overlapping pair among a node's items and between them and
/// `candidates`, the run sorted by [`Quadtree::sort_run`] with `crossing`
/// items crossing the vertical midline first: sweeps along each chain,
/// and the chains against each other and against a candidate only where
/// the boxes holding each chain say they may meet.
pub(super) fn sorted_node_pairs(
    own: &Chain,
    crossing: usize,
    candidates: &[(Aabb, u32)],
    found: &mut KeepBuffer<(u32, u32)>,
    out: &mut PairSink<'_>,
    stats: &mut Stats,
) {
    let (vertical, rest) = own.split_at(crossing);
    // Boxes crossing the vertical midline overlap on x: by `min_y`, only y
    // decides (`a.min_y < b.max_y` still needs testing: a box of no height
    // starting where `a` starts does not overlap it). The rest, by `min_x`,
    // test y too.
    sweep(&vertical, |a, b| b.min_y >= a.max_y, |a, b| a.min_y < b.max_y, found, out, stats);
    sweep(&rest, |a, b| b.min_x >= a.max_x, Aabb::overlaps_without_branches, found, out, stats);
    let (vertical_union, rest_union) = (union(vertical.boxes), union(rest.boxes));
    // Across the two chains: only boxes of the rest near the vertical
    // chain's strip can meet it.
    for (i, (b, &pb)) in rest.boxes.iter().zip(rest.proxies).enumerate() {
        if i % CROWDED_NODE == CROWDED_NODE - 1 && out.is_full() {
            return;
        }
        stats.candidate_tests += 1;
        if b.overlaps(&vertical_union) {
            test_against(b, pb, &vertical, found, out, stats);
        }
    }
    // A candidate hugs the node's edge (it crosses an ancestor's midline):
    // it meets few of the chains that run through the node's middle.
    for (i, (c, pc)) in candidates.iter().enumerate() {
        if i % CROWDED_NODE == CROWDED_NODE - 1 && out.is_full() {
            return;
        }
        stats.candidate_tests += 2;
        if c.overlaps(&vertical_union) {
            test_against(c, *pc, &vertical, found, out, stats);
        }
        if c.overlaps(&rest_union) {
            test_against(c, *pc, &rest, found, out, stats);
        }
    }
}

fn test_against(
    a: &Aabb,
    pa: u32,
    chain: &Chain,
    found: &mut KeepBuffer<(u32, u32)>,
    out: &mut PairSink<'_>,
    stats: &mut Stats,
) {
    stats.candidate_tests += chain.boxes.len() as u64;
    // Room made for a chunk at a time, so each test is a store and an add.
    for (boxes, proxies) in chain.boxes.chunks(KEEP_ROOM).zip(chain.proxies.chunks(KEEP_ROOM)) {
        found.make_room(boxes.len(), out);
        for (b, &pb) in boxes.iter().zip(proxies) {
            found.offer_within((pa, pb), a.overlaps_without_branches(b));
        }
    }
}

/// Every pair of a chain sorted by where its boxes start along one axis:
/// a box meets the ones after it up to the first that starts at or past
/// its end (`past_end(a, b)`), and `overlap(a, b)` decides the pairs
/// before that.
fn sweep(
    chain: &Chain,
    past_end: impl Fn(&Aabb, &Aabb) -> bool,
    overlap: impl Fn(&Aabb, &Aabb) -> bool,
    found: &mut KeepBuffer<(u32, u32)>,
    out: &mut PairSink<'_>,
    stats: &mut Stats,
) {
    for (i, (a, &pa)) in chain.boxes.iter().zip(chain.proxies).enumerate() {
        // A full sink is checked once every CROWDED_NODE boxes: a long
        // chain of boxes in one place stops soon after it fills.
        if i % CROWDED_NODE == CROWDED_NODE - 1 && out.is_full() {
            return;
        }
        for (b, &pb) in chain.boxes[i + 1..].iter().zip(&chain.proxies[i + 1..]) {
            stats.candidate_tests += 1;
            if past_end(a, b) {
                break;
            }
            found.offer((pa, pb), overlap(a, b), out);
        }
    }
}
