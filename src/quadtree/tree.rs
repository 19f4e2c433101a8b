//! Storage of the quadtree: nodes, item links, per-proxy state, scratch.

use crate::broad_phase::relabel_records;
use crate::error::{whole_in, Result};
use crate::geometry::Aabb;

/// Index sentinel: no node, no link.
pub(super) const NULL: u32 = u32::MAX;
pub(super) const ROOT: u32 = 0;
/// `first_link` of a proxy that is not in the tree.
pub(super) const ABSENT: u32 = u32::MAX;
/// `first_link` of a proxy held in the outside list (leaves policy only).
pub(super) const OUTSIDE: u32 = u32::MAX - 1;
/// `depth` of a node in a freed group of four.
pub(super) const FREE: u32 = u32::MAX;

/// Where an object is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// In the deepest node that wholly contains it (the straddle policy).
    StraddleInParent,
    /// In every leaf it overlaps (the leaves policy).
    AllOverlappedLeaves,
}

/// Split threshold and depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuadtreeLimits {
    /// A leaf holding more than this many objects splits in four...
    pub max_objects: u32,
    /// ...unless it is this deep already (the root is level 0).
    pub max_levels: u32,
}

impl Default for QuadtreeLimits {
    fn default() -> Self {
        QuadtreeLimits { max_objects: 8, max_levels: 8 }
    }
}

impl QuadtreeLimits {
    /// The deepest `max_levels` a World accepts: beyond ~50 halvings of an
    /// `f64` range, midpoints collide.
    pub const MAX_LEVELS: u32 = 48;

    /// `max_objects` as a World accepts it: a whole number from 1. Takes the
    /// value as JavaScript gives it (a `u32` widens exactly), so the façade
    /// and [`World::set_quadtree_limits`](crate::World::set_quadtree_limits)
    /// apply one rule.
    pub fn check_max_objects(value: f64) -> Result<u32> {
        whole_in("maxObjects", value, 1, u32::MAX)
    }

    /// `max_levels` as a World accepts it: a whole number in
    /// `0..=`[`MAX_LEVELS`](QuadtreeLimits::MAX_LEVELS).
    pub fn check_max_levels(value: f64) -> Result<u32> {
        whole_in("maxLevels", value, 0, QuadtreeLimits::MAX_LEVELS)
    }
}

/// One node. Children are four consecutive nodes in the order
/// top-left, top-right, bottom-left, bottom-right (y grows downward).
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub bounds: Aabb,
    pub parent: u32,
    /// First of the four children, or `NULL` for a leaf.
    pub first_child: u32,
    /// First link of the items stored in this node.
    pub head: u32,
    /// Items stored in this node.
    pub count: u32,
    /// Links stored in this node and below; decides splits and collapses.
    pub subtree_count: u32,
    pub depth: u32,
}

impl Node {
    pub fn is_leaf(&self) -> bool {
        self.first_child == NULL
    }
}

/// One item of a node's list. Node lists are doubly linked for O(1) removal;
/// a proxy's links (several under the leaves policy) are chained too.
#[derive(Clone, Copy, Debug)]
pub(super) struct Link {
    pub proxy: u32,
    pub node: u32,
    pub prev: u32,
    pub next: u32,
    pub next_of_proxy: u32,
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
    pub(super) free_groups: Vec<u32>,
    pub(super) links: Vec<Link>,
    pub(super) free_links: Vec<u32>,
    /// Per proxy: its box and the head of its chain of links (or a sentinel).
    pub(super) aabbs: Vec<Aabb>,
    pub(super) first_link: Vec<u32>,
    /// Leaves policy: proxies not wholly inside the world, tested against all.
    pub(super) outside: Vec<u32>,
    pub(super) outside_pos: Vec<u32>,
    pub(super) proxy_count: u32,
    // Scratch that grows and never shrinks, so warm calls allocate nothing.
    pub(super) stack: Vec<u32>,
    pub(super) inner_stack: Vec<u32>,
    pub(super) held_scratch: Vec<u32>,
    pub(super) items: Vec<(u32, Aabb)>,
    pub(super) marks: Vec<u32>,
    pub(super) mark_stamp: u32,
    pub(super) spare_aabbs: Vec<Aabb>,
    pub(super) spare_u32: Vec<u32>,
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
            links: Vec::new(),
            free_links: Vec::new(),
            aabbs: Vec::new(),
            first_link: Vec::new(),
            outside: Vec::new(),
            outside_pos: Vec::new(),
            proxy_count: 0,
            stack: Vec::new(),
            inner_stack: Vec::new(),
            held_scratch: Vec::new(),
            items: Vec::new(),
            marks: Vec::new(),
            mark_stamp: 0,
            spare_aabbs: Vec::new(),
            spare_u32: Vec::new(),
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

    /// Removes every proxy, keeping the buffers' capacity (what the seeds do
    /// at the start of each frame before inserting everything again).
    pub fn clear(&mut self) {
        let world = self.world();
        self.reset_nodes(world);
        self.links.clear();
        self.free_links.clear();
        self.outside.clear();
        self.first_link.fill(ABSENT);
        self.proxy_count = 0;
    }

    /// Empties the tree and inserts every proxy again. The result is the
    /// same tree insertion one by one would give, since a node splits exactly
    /// when more than `max_objects` links reach it.
    pub fn rebuild(&mut self) {
        let world = self.world();
        self.reset_nodes(world);
        self.links.clear();
        self.free_links.clear();
        self.outside.clear();
        self.proxy_count = 0;
        for proxy in 0..self.first_link.len() {
            if self.first_link[proxy] != ABSENT {
                self.first_link[proxy] = ABSENT;
                self.insert_proxy(proxy as u32, self.aabbs[proxy]);
            }
        }
    }

    /// Visits every node in use, parents before their children. Allocates
    /// nothing, so the renderer may call it every frame.
    pub fn for_each_node(&self, mut visit: impl FnMut(NodeView)) {
        for node in self.nodes.iter().filter(|n| n.depth != FREE) {
            visit(NodeView {
                bounds: node.bounds,
                depth: node.depth,
                is_leaf: node.is_leaf(),
                count: node.count,
            });
        }
    }

    /// Bounds of the nodes a proxy is stored in (several under the leaves
    /// policy; none when it is in the outside list).
    pub fn nodes_of(&self, proxy: u32, out: &mut Vec<Aabb>) {
        let mut link = self.first_link.get(proxy as usize).copied().unwrap_or(ABSENT);
        while link != ABSENT && link != OUTSIDE && link != NULL {
            let l = self.links[link as usize];
            out.push(self.nodes[l.node as usize].bounds);
            link = l.next_of_proxy;
        }
    }

    fn reset_nodes(&mut self, world: Aabb) {
        self.nodes.clear();
        self.free_groups.clear();
        self.nodes.push(Node {
            bounds: world,
            parent: NULL,
            first_child: NULL,
            head: NULL,
            count: 0,
            subtree_count: 0,
            depth: 0,
        });
    }

    /// Four new leaf children of `parent`, reusing a freed group if any.
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
            self.nodes[first as usize + k] = Node {
                bounds,
                parent,
                first_child: NULL,
                head: NULL,
                count: 0,
                subtree_count: 0,
                depth: p.depth + 1,
            };
        }
        self.nodes[parent as usize].first_child = first;
        first
    }

    /// Returns a group of four leaf children to the free list.
    pub(super) fn free_children(&mut self, first: u32) {
        for k in 0..4 {
            self.nodes[(first + k) as usize].depth = FREE;
        }
        self.free_groups.push(first);
    }

    /// A new link of `proxy` at the head of `node`'s list, chained to the
    /// proxy's other links.
    pub(super) fn link(&mut self, proxy: u32, node: u32) {
        let head = self.nodes[node as usize].head;
        let next_of_proxy = match self.first_link[proxy as usize] {
            ABSENT | OUTSIDE => NULL,
            first => first,
        };
        let link = Link { proxy, node, prev: NULL, next: head, next_of_proxy };
        let index = match self.free_links.pop() {
            Some(index) => {
                self.links[index as usize] = link;
                index
            }
            None => {
                self.links.push(link);
                (self.links.len() - 1) as u32
            }
        };
        if head != NULL {
            self.links[head as usize].prev = index;
        }
        let n = &mut self.nodes[node as usize];
        n.head = index;
        n.count += 1;
        self.first_link[proxy as usize] = index;
        self.add_to_subtree_counts(node, 1);
    }

    /// Takes `link` out of its node's list, leaving proxy chains alone.
    pub(super) fn unlink_from_node(&mut self, link: u32) {
        let Link { node, prev, next, .. } = self.links[link as usize];
        if prev != NULL {
            self.links[prev as usize].next = next;
        } else {
            self.nodes[node as usize].head = next;
        }
        if next != NULL {
            self.links[next as usize].prev = prev;
        }
        self.nodes[node as usize].count -= 1;
        self.add_to_subtree_counts(node, -1);
    }

    pub(super) fn add_to_subtree_counts(&mut self, mut node: u32, delta: i32) {
        while node != NULL {
            let n = &mut self.nodes[node as usize];
            n.subtree_count = n.subtree_count.wrapping_add_signed(delta);
            node = n.parent;
        }
    }

    /// Sizes every scratch buffer for the current proxies and nodes, so the
    /// per-frame paths never grow one. Called at the end of an insertion
    /// (the only way proxies and nodes grow), never while a buffer is taken.
    pub(super) fn reserve_scratch(&mut self) {
        fn reserve_total<T>(buffer: &mut Vec<T>, total: usize) {
            if buffer.capacity() < total {
                buffer.reserve(total - buffer.len());
            }
        }
        let nodes = self.nodes.len();
        // An explicit DFS stack holds at most three siblings per level + 4.
        reserve_total(&mut self.stack, 4 * self.limits.max_levels as usize + 8);
        reserve_total(&mut self.items, self.proxy_count as usize);
        reserve_total(&mut self.inner_stack, nodes);
        reserve_total(&mut self.held_scratch, nodes);
        reserve_total(&mut self.free_groups, nodes / 4);
        reserve_total(&mut self.free_links, self.links.len());
    }

    /// Renames the proxies (see [`crate::BroadPhase::relabel`]): each
    /// present proxy's links and outside-list place name its new number and
    /// its records move there; nodes and links stay where they are.
    pub(super) fn relabel_proxies(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        for (old, &first) in self.first_link.iter().enumerate() {
            let new = new_of_old[old];
            let mut link = if first == OUTSIDE { NULL } else { first };
            while link != NULL {
                let l = &mut self.links[link as usize];
                l.proxy = new;
                link = l.next_of_proxy;
            }
        }
        for proxy in &mut self.outside {
            *proxy = new_of_old[*proxy as usize];
        }
        debug_assert_eq!(old_of_new.len(), self.proxy_count as usize, "a renaming of every present proxy");
        relabel_records(&mut self.aabbs, &mut self.spare_aabbs, old_of_new);
        relabel_records(&mut self.first_link, &mut self.spare_u32, old_of_new);
        relabel_records(&mut self.outside_pos, &mut self.spare_u32, old_of_new);
        // Marks are stamps older than any future one: zero is as good.
        self.marks.fill(0);
    }

    /// A fresh mark value for de-duplicating proxies during one operation.
    pub(super) fn next_mark(&mut self) -> u32 {
        if self.marks.len() < self.aabbs.len() {
            self.marks.resize(self.aabbs.len(), 0);
        }
        self.mark_stamp = self.mark_stamp.wrapping_add(1);
        if self.mark_stamp == 0 {
            self.marks.fill(0);
            self.mark_stamp = 1;
        }
        self.mark_stamp
    }
}

/// The split point of a node. Always computed by this one formula, so a
/// child's edge and the midline it was cut at are the same float. Inside
/// the node even where `min + max` overflows (a world over ~9e307 wide).
pub(super) fn midpoint(bounds: &Aabb) -> (f64, f64) {
    use crate::grid::midpoint;
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
