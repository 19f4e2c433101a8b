//! Storage of the quadtree: the node array, the flat item arrays, the
//! per-proxy records and the scratch buffers, and the geometry of a split.

use crate::error::{whole_in, Result};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::trace::{Step, TraceKind, TraceReason};

use super::stay_interval::Stay;

pub(super) const ROOT: u32 = 0;

/// Where an object is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// In the deepest node that wholly contains it (the straddle policy).
    StraddleInParent,
    /// In every leaf it overlaps (the leaves policy).
    AllOverlappedLeaves,
}

impl Placement {
    /// The name `World::set_structure` takes for a quadtree of this policy.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Placement::StraddleInParent => "quadtree",
            Placement::AllOverlappedLeaves => "quadtree-leaves",
        }
    }
}

/// Split threshold and depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuadtreeLimits {
    /// A leaf holding more than this many objects splits in four...
    pub max_objects: u32,
    /// ...unless it is this deep already (the root is level 0).
    pub max_levels: u32,
}

/// 16 objects, 8 levels: on the shared scene, moving, both placements are
/// as fast or faster at 16 as at 8 at every size from 1k to 300k objects
/// (docs/BENCHMARKS.md, "Default limit: 16 objects a node"). A leaf's side
/// is the world's over a power of two, so how full leaves are swings with
/// the object count; a threshold near the leaves' typical fill makes small
/// leaves, so boxes cross leaf edges and are re-filed more often, and
/// leaves split and collapse back every frame. The tutorials' own numbers
/// (4, 5 or 10 objects, 5 levels) remain a `set_limits` away.
impl Default for QuadtreeLimits {
    fn default() -> Self {
        QuadtreeLimits { max_objects: 16, max_levels: 8 }
    }
}

impl QuadtreeLimits {
    /// The deepest `max_levels` a World accepts: beyond ~50 halvings of an
    /// `f64` range, midpoints collide.
    pub const MAX_LEVELS: u32 = 48;

    /// `max_objects` as a World accepts it: a whole number from 1. Takes the
    /// value as JavaScript gives it (a `u32` widens exactly), so the façade
    /// and the World's `set_quadtree_limits` apply one rule.
    pub fn check_max_objects(value: f64) -> Result<u32> {
        whole_in("maxObjects", value, 1, u32::MAX)
    }

    /// `max_levels` as a World accepts it: a whole number in
    /// `0..=`[`MAX_LEVELS`](QuadtreeLimits::MAX_LEVELS).
    pub fn check_max_levels(value: f64) -> Result<u32> {
        whole_in("maxLevels", value, 0, QuadtreeLimits::MAX_LEVELS)
    }
}

/// One node. Children are four consecutive nodes in the order top-left,
/// top-right, bottom-left, bottom-right (y grows downward): Z (Morton)
/// order, so a walk that takes children in index order walks space in Z
/// order. A node's items are the range `start..start + count` of the item
/// arrays, with room up to `start + capacity`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub bounds: Aabb,
    /// `NULL_INDEX` for the root, and for a node of a freed group of four.
    pub parent: u32,
    /// First of the four children, or `NULL_INDEX` for a leaf.
    pub first_child: u32,
    pub depth: u32,
    pub start: u32,
    pub count: u32,
    pub capacity: u32,
    /// Items stored in this node and below; decides splits and collapses.
    pub subtree_count: u32,
}

impl Node {
    pub fn is_leaf(&self) -> bool {
        self.first_child == NULL_INDEX
    }

    /// The item indices of this node.
    pub fn items(&self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.count) as usize
    }

    fn empty(bounds: Aabb, parent: u32, depth: u32) -> Node {
        Node {
            bounds,
            parent,
            first_child: NULL_INDEX,
            depth,
            start: 0,
            count: 0,
            capacity: 0,
            subtree_count: 0,
        }
    }
}

/// The flat item arrays: one entry per (object, node) filing, each node's
/// entries contiguous (see [`Node`]), parallel arrays so the pair walk
/// reads only boxes and proxies. Entries in no node's range are holes,
/// marked by a `NULL_INDEX` proxy.
#[derive(Default)]
pub(super) struct Items {
    /// The object's box, a copy of its record, so a walk reads it in place.
    pub boxes: Vec<Aabb>,
    pub proxy: Vec<u32>,
    pub node: Vec<u32>,
    /// The proxy's next item (the leaves policy files an object in several
    /// leaves), `NULL_INDEX` at the end of its chain.
    pub next_of_proxy: Vec<u32>,
}

impl Items {
    pub fn len(&self) -> usize {
        self.proxy.len()
    }

    pub fn clear(&mut self) {
        self.boxes.clear();
        self.proxy.clear();
        self.node.clear();
        self.next_of_proxy.clear();
    }

    /// Appends `n` holes.
    pub fn grow(&mut self, n: usize) {
        let len = self.len() + n;
        self.boxes.resize(len, Aabb::default());
        self.proxy.resize(len, NULL_INDEX);
        self.node.resize(len, NULL_INDEX);
        self.next_of_proxy.resize(len, NULL_INDEX);
    }

    /// Copies entry `from` over entry `to` (the caller fixes what pointed at `from`).
    pub fn copy(&mut self, from: usize, to: usize) {
        self.boxes[to] = self.boxes[from];
        self.proxy[to] = self.proxy[from];
        self.node[to] = self.node[from];
        self.next_of_proxy[to] = self.next_of_proxy[from];
    }

    pub fn make_hole(&mut self, index: usize) {
        self.proxy[index] = NULL_INDEX;
        self.node[index] = NULL_INDEX;
        self.next_of_proxy[index] = NULL_INDEX;
    }

    /// Capacity for `total` entries in every array, so growth up to it
    /// allocates nothing.
    pub fn reserve_total(&mut self, total: usize) {
        reserve_total(&mut self.boxes, total);
        reserve_total(&mut self.proxy, total);
        reserve_total(&mut self.node, total);
        reserve_total(&mut self.next_of_proxy, total);
    }
}

/// A node as the renderer sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeView {
    /// The node's square.
    pub bounds: Aabb,
    /// Levels below the root (the root is 0).
    pub depth: u32,
    /// Whether it has no children.
    pub is_leaf: bool,
    /// Objects stored directly in this node.
    pub count: u32,
}

/// A region quadtree over proxies. See the module docs.
pub struct Quadtree {
    pub(super) placement: Placement,
    pub(super) limits: QuadtreeLimits,
    pub(super) nodes: Vec<Node>,
    /// First nodes of freed groups of four, for reuse.
    pub(super) free_groups: Vec<u32>,
    pub(super) items: Items,
    /// Item entries in holes (freed ranges, never reused until compaction).
    pub(super) holes: u32,
    /// Per proxy: its first item (`NULL_INDEX` when not in the tree), and
    /// its place in the outside list (`NULL_INDEX` when not there). A box is
    /// kept only where the walks read it: in the items, or the outside list.
    pub(super) first_item: Vec<u32>,
    /// Straddle policy, per proxy: the node holding its one item (a copy of
    /// that item's `node`), so the step's stay test reads it in slot order
    /// next to `first_item` instead of at the item, which moves between
    /// runs as objects are re-filed and so, once the arrays outgrow the
    /// cache, misses it. Empty under the leaves policy: writes through
    /// `get_mut` then do nothing.
    pub(super) proxy_node: Vec<u32>,
    pub(super) outside_pos: Vec<u32>,
    /// Leaves policy: proxies not wholly inside the world, tested against
    /// all, and their boxes.
    pub(super) outside: Vec<u32>,
    pub(super) outside_boxes: Vec<Aabb>,
    /// Per proxy: where its box may move and stay filed as it is.
    pub(super) stay: Vec<Stay>,
    /// Proxies whose nodes changed in this operation: their `stay` is
    /// recomputed at its end.
    pub(super) dirty: Vec<u32>,
    pub(super) proxy_count: u32,
    // Scratch that grows and never shrinks, so warm calls allocate nothing.
    pub(super) stack: Vec<u32>,
    pub(super) leaves: Vec<u32>,
    pub(super) held: Vec<u32>,
    pub(super) held_items: Vec<(u32, u32)>,
    pub(super) walk: Vec<WalkFrame>,
    pub(super) active: Vec<(Aabb, u32)>,
    pub(super) run_scratch: Vec<(Aabb, u32, u32)>,
    pub(super) marks: Vec<u32>,
    pub(super) mark_stamp: u32,
    pub(super) spare_items: Items,
    pub(super) spare_nodes: Vec<Node>,
    pub(super) new_item_of_old: Vec<u32>,
    pub(super) spare_u32: Vec<u32>,
    pub(super) spare_stay: Vec<Stay>,
    /// The `parallel` feature's bands of nodes: each band's pairs.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) bands: Vec<crate::parallel::Band<()>>,
    /// The `parallel` feature's straddle walk: its tasks and their scratch.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) straddle_tasks: super::parallel_scratch::StraddleTasks,
    /// The `parallel` feature's leaves step: the boxes it stored early.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) early: super::parallel_scratch::EarlyStores,
    /// The `parallel` feature's rewrite in space order: its scratch.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) rewrite: super::parallel_scratch::RewriteScratch,
}

/// One node still to visit in the straddle policy's pair walk: the node
/// and where its parent's candidate list lies in the scratch list.
#[derive(Clone, Copy, Debug)]
pub(super) struct WalkFrame {
    pub node: u32,
    pub parent: u32,
    pub list_start: u32,
    pub list_end: u32,
}

impl Quadtree {
    /// An empty tree whose root covers `world`.
    #[must_use]
    pub fn new(world: Aabb, placement: Placement, limits: QuadtreeLimits) -> Quadtree {
        let mut tree = Quadtree {
            placement,
            limits: sanitize(limits),
            nodes: Vec::new(),
            free_groups: Vec::new(),
            items: Items::default(),
            holes: 0,
            first_item: Vec::new(),
            proxy_node: Vec::new(),
            outside_pos: Vec::new(),
            outside: Vec::new(),
            outside_boxes: Vec::new(),
            stay: Vec::new(),
            dirty: Vec::new(),
            proxy_count: 0,
            stack: Vec::new(),
            leaves: Vec::new(),
            held: Vec::new(),
            held_items: Vec::new(),
            walk: Vec::new(),
            active: Vec::new(),
            run_scratch: Vec::new(),
            marks: Vec::new(),
            mark_stamp: 0,
            spare_items: Items::default(),
            spare_nodes: Vec::new(),
            new_item_of_old: Vec::new(),
            spare_u32: Vec::new(),
            spare_stay: Vec::new(),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            bands: Vec::new(),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            straddle_tasks: Default::default(),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            early: Default::default(),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            rewrite: Default::default(),
        };
        tree.reset_nodes(world);
        tree
    }

    #[must_use]
    /// Where objects are stored: in the smallest node holding them, or in every leaf they overlap.
    pub fn placement(&self) -> Placement {
        self.placement
    }

    #[must_use]
    /// The split threshold and depth limit in force.
    pub fn limits(&self) -> QuadtreeLimits {
        self.limits
    }

    #[must_use]
    /// The root's square.
    pub fn world(&self) -> Aabb {
        self.nodes[ROOT as usize].bounds
    }

    /// Number of proxies stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.proxy_count as usize
    }

    #[must_use]
    /// Whether the tree holds no object.
    pub fn is_empty(&self) -> bool {
        self.proxy_count == 0
    }

    /// Changes the limits and rebuilds the tree under them.
    pub fn set_limits(&mut self, limits: QuadtreeLimits) {
        self.limits = sanitize(limits);
        self.rebuild();
    }

    /// Removes every proxy, keeping the buffers' capacity (what the quadtree
    /// tutorials do at the start of each frame before inserting everything
    /// again).
    pub fn clear(&mut self) {
        let world = self.world();
        self.reset_nodes(world);
        self.outside.clear();
        self.outside_boxes.clear();
        self.first_item.fill(NULL_INDEX);
        self.proxy_node.fill(NULL_INDEX);
        self.outside_pos.fill(NULL_INDEX);
        self.proxy_count = 0;
    }

    /// Empties the tree and inserts every proxy again, in proxy order.
    pub fn rebuild(&mut self) {
        let present: Vec<(u32, Aabb)> = (0..self.first_item.len() as u32)
            .filter_map(|proxy| self.stored_box(proxy).map(|aabb| (proxy, aabb)))
            .collect();
        self.clear();
        for (proxy, aabb) in present {
            self.insert_proxy(proxy, aabb, &mut crate::trace::NoTrace);
        }
    }

    /// The box stored for `proxy`, if it is present.
    pub(super) fn stored_box(&self, proxy: u32) -> Option<Aabb> {
        let p = proxy as usize;
        match (self.first_item.get(p).copied()?, self.outside_pos[p]) {
            (NULL_INDEX, NULL_INDEX) => None,
            (NULL_INDEX, position) => Some(self.outside_boxes[position as usize]),
            (first, _) => Some(self.items.boxes[first as usize]),
        }
    }

    /// Visits every node in use, parents before their children, siblings in
    /// Z order. Allocates nothing, so the renderer may call it every frame.
    pub fn for_each_node(&self, mut visit: impl FnMut(NodeView)) {
        self.walk_depth_first(ROOT, |_, n| {
            visit(NodeView { bounds: n.bounds, depth: n.depth, is_leaf: n.is_leaf(), count: n.count });
            true
        });
    }

    /// The tree's one depth-first walk: from `from`, a node before its
    /// children, siblings in Z order (the order a rewrite gives them).
    /// `visit(index, node)` says whether to go into the node's children.
    /// A fixed stack (at most three waiting siblings a level, and levels
    /// are capped at `MAX_LEVELS`): it allocates nothing and borrows
    /// nothing mutably.
    pub(super) fn walk_depth_first(&self, from: u32, mut visit: impl FnMut(u32, &Node) -> bool) {
        let mut stack = [0u32; 3 * QuadtreeLimits::MAX_LEVELS as usize + 4];
        let mut top = 1;
        stack[0] = from;
        while top > 0 {
            top -= 1;
            let index = stack[top];
            let n = &self.nodes[index as usize];
            if visit(index, n) && !n.is_leaf() {
                for k in (0..4).rev() {
                    stack[top] = n.first_child + k;
                    top += 1;
                }
            }
        }
    }

    /// Bounds of the nodes a proxy is stored in (several under the leaves
    /// policy; none when it is in the outside list).
    pub fn nodes_of(&self, proxy: u32, out: &mut Vec<Aabb>) {
        let mut item = self.first_item.get(proxy as usize).copied().unwrap_or(NULL_INDEX);
        while item != NULL_INDEX {
            out.push(self.nodes[self.items.node[item as usize] as usize].bounds);
            item = self.items.next_of_proxy[item as usize];
        }
    }

    pub(super) fn is_present(&self, proxy: u32) -> bool {
        let p = proxy as usize;
        p < self.first_item.len() && (self.first_item[p] != NULL_INDEX || self.outside_pos[p] != NULL_INDEX)
    }

    fn reset_nodes(&mut self, world: Aabb) {
        self.nodes.clear();
        self.free_groups.clear();
        self.items.clear();
        self.holes = 0;
        self.nodes.push(Node::empty(world, NULL_INDEX, 0));
    }

    /// Four new empty leaf children of `parent`, reusing a freed group if any.
    // Inlined, as when the everyday code was its only caller (the traced
    // copy calls it too).
    #[inline(always)]
    pub(super) fn allocate_children(&mut self, parent: u32) -> u32 {
        let p = self.nodes[parent as usize];
        let quadrants = quadrant_bounds(&p.bounds);
        let first = match self.free_groups.pop() {
            Some(first) => first,
            None => {
                let first = self.nodes.len() as u32;
                self.nodes.extend([self.nodes[0]; 4]);
                first
            }
        };
        for (k, bounds) in quadrants.into_iter().enumerate() {
            self.nodes[first as usize + k] = Node::empty(bounds, parent, p.depth + 1);
        }
        self.nodes[parent as usize].first_child = first;
        first
    }

    /// Returns a group of four empty leaf children to the free list.
    pub(super) fn free_children(&mut self, first: u32) {
        for k in 0..4 {
            let n = &mut self.nodes[(first + k) as usize];
            debug_assert!(n.is_leaf() && n.count == 0 && n.capacity == 0, "freeing a node in use");
            n.parent = NULL_INDEX;
        }
        self.free_groups.push(first);
    }

    /// Whether node `index` is in a freed group (the root never is).
    pub(super) fn is_free(&self, index: u32) -> bool {
        index != ROOT && self.nodes[index as usize].parent == NULL_INDEX
    }

    /// A step of `kind` at node `index` (its bounds and depth).
    pub(super) fn node_step(&self, kind: TraceKind, index: u32) -> Step {
        let n = &self.nodes[index as usize];
        Step::new(kind).node(n.bounds, n.depth)
    }

    pub(super) fn add_to_subtree_counts(&mut self, mut node: u32, delta: i32) {
        while node != NULL_INDEX {
            let n = &mut self.nodes[node as usize];
            n.subtree_count = n.subtree_count.wrapping_add_signed(delta);
            node = n.parent;
        }
    }

    /// Sizes the scratch buffers for the current proxies and nodes, so the
    /// per-frame paths never grow one. Called at the end of an insertion
    /// (the only way proxies and nodes grow), never while a buffer is taken.
    // Inlined, as when the everyday code was its only caller (the traced
    // copy calls it too).
    #[inline(always)]
    pub(super) fn reserve_scratch(&mut self) {
        let nodes = self.nodes.len();
        // An explicit DFS stack holds at most three siblings per level + 4.
        reserve_total(&mut self.stack, 4 * self.limits.max_levels as usize + 8);
        reserve_total(&mut self.walk, 4 * self.limits.max_levels as usize + 8);
        reserve_total(&mut self.active, self.proxy_count as usize);
        reserve_total(&mut self.leaves, nodes);
        reserve_total(&mut self.held, nodes);
        // A proxy's items, one per leaf it is in: at most every leaf.
        reserve_total(&mut self.held_items, nodes);
        reserve_total(&mut self.free_groups, nodes / 4);
        reserve_total(&mut self.dirty, self.proxy_count as usize);
    }

    /// A fresh mark value for de-duplicating proxies during one operation.
    pub(super) fn next_mark(&mut self) -> u32 {
        if self.marks.len() < self.first_item.len() {
            self.marks.resize(self.first_item.len(), 0);
        }
        self.mark_stamp = self.mark_stamp.wrapping_add(1);
        if self.mark_stamp == 0 {
            self.marks.fill(0);
            self.mark_stamp = 1;
        }
        self.mark_stamp
    }
}

/// Makes room for `total` values in all; when it has to grow, it grows a
/// quarter past `total`, so a tree whose size wobbles just above its last
/// high-water mark does not grow its arrays again at every rewrite.
pub(super) fn reserve_total<T>(buffer: &mut Vec<T>, total: usize) {
    if buffer.capacity() < total {
        buffer.reserve(total + total / 4 - buffer.len());
    }
}

/// The split point of a node. Always computed by this one formula, so a
/// child's edge and the midline it was cut at are the same float. Inside
/// the node even where `min + max` overflows (a world over ~9e307 wide).
pub(super) fn midpoint(bounds: &Aabb) -> (f64, f64) {
    use crate::geometry::midpoint;
    (midpoint(bounds.min_x, bounds.max_x), midpoint(bounds.min_y, bounds.max_y))
}

/// Which child quadrant wholly contains `aabb` (edges included), if any.
/// Closed comparisons: a box touching a midline still fits (a source article's strict
/// `<` sent such boxes up the tree), and both halves are tested against the
/// true midline (another compared the y extent with half the height).
pub(super) fn quadrant_of(bounds: &Aabb, aabb: &Aabb) -> Option<u32> {
    let (mid_x, mid_y) = midpoint(bounds);
    let column = if bounds.min_x <= aabb.min_x && aabb.max_x <= mid_x {
        0
    } else if mid_x <= aabb.min_x && aabb.max_x <= bounds.max_x {
        1
    } else {
        return None;
    };
    let row = if bounds.min_y <= aabb.min_y && aabb.max_y <= mid_y {
        0
    } else if mid_y <= aabb.min_y && aabb.max_y <= bounds.max_y {
        1
    } else {
        return None;
    };
    Some(row * 2 + column)
}

/// Why [`quadrant_of`] finds no quadrant for `aabb` (for a trace): the
/// same closed comparisons, read axis by axis. A box whose extent along an
/// axis lies inside the node crosses that axis's midline when it fits
/// neither half; one that sticks out of the node (only the root: a box not
/// wholly inside the world) is not inside it.
pub(super) fn straddle_reason(bounds: &Aabb, aabb: &Aabb) -> TraceReason {
    if !bounds.contains(aabb) {
        return TraceReason::NotInsideNode;
    }
    let (mid_x, mid_y) = midpoint(bounds);
    let crosses_x = !(aabb.max_x <= mid_x || mid_x <= aabb.min_x);
    let crosses_y = !(aabb.max_y <= mid_y || mid_y <= aabb.min_y);
    match (crosses_x, crosses_y) {
        (true, true) => TraceReason::CrossesBothMidlines,
        (true, false) => TraceReason::CrossesVerticalMidline,
        _ => TraceReason::CrossesHorizontalMidline,
    }
}

/// Leaves policy: whether `aabb` reaches exactly one quadrant of a leaf
/// with these bounds, so a split would separate it from the others (see
/// `splitting_items`). [`Aabb::reaches`] tests each axis on its own, so the
/// quadrants reached are the halves reached along x times those along y.
pub(super) fn spreads_in(bounds: &Aabb, aabb: &Aabb) -> bool {
    let (mid_x, mid_y) = midpoint(bounds);
    let halves = |lo: f64, mid: f64, hi: f64, min: f64, max: f64| {
        let first = min < mid && (lo < max || lo <= min);
        let second = min < hi && (mid < max || mid <= min);
        u8::from(first) + u8::from(second)
    };
    halves(bounds.min_x, mid_x, bounds.max_x, aabb.min_x, aabb.max_x) == 1
        && halves(bounds.min_y, mid_y, bounds.max_y, aabb.min_y, aabb.max_y) == 1
}

fn sanitize(limits: QuadtreeLimits) -> QuadtreeLimits {
    QuadtreeLimits {
        max_objects: limits.max_objects.max(1),
        max_levels: limits.max_levels.min(QuadtreeLimits::MAX_LEVELS),
    }
}

/// The four quadrants of `b` (top-left, top-right, bottom-left,
/// bottom-right), split at its midpoint: the children a split creates.
pub(super) fn quadrant_bounds(b: &Aabb) -> [Aabb; 4] {
    let (mid_x, mid_y) = midpoint(b);
    [
        Aabb { min_x: b.min_x, min_y: b.min_y, max_x: mid_x, max_y: mid_y },
        Aabb { min_x: mid_x, min_y: b.min_y, max_x: b.max_x, max_y: mid_y },
        Aabb { min_x: b.min_x, min_y: mid_y, max_x: mid_x, max_y: b.max_y },
        Aabb { min_x: mid_x, min_y: mid_y, max_x: b.max_x, max_y: b.max_y },
    ]
}
