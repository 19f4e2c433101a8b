//! The layout of the tree's rewrite in space order: where each node and
//! each node's items go, shared by the rewrite on one thread
//! (`order.rs`) and on the pool (`parallel_compact.rs`).

use super::items::capacity_for;
use super::tree::{Node, ROOT};
use crate::index::NULL_INDEX;

/// The rewrite's nodes, from `old` into `nodes` (empty): a depth-first
/// walk, each group of four children placed when its parent is met, each
/// node's items after the items of the nodes met before it, each range
/// with the slack of [`capacity_for`]. `place(node, new index, first
/// item)` is called for each node met, in that order, before its
/// children; returns the items' new length. `stack` is scratch.
pub(super) fn lay_out_nodes(
    old: &[Node],
    nodes: &mut Vec<Node>,
    stack: &mut Vec<u32>,
    mut place: impl FnMut(&Node, u32, u32),
) -> usize {
    // `stack` holds (old index, new index) pairs still to place.
    stack.clear();
    let mut root = old[ROOT as usize];
    root.parent = NULL_INDEX;
    nodes.push(root);
    stack.extend([ROOT, ROOT]);
    let mut start = 0u32;
    while let Some(new) = stack.pop() {
        let n = &old[stack.pop().expect("pairs") as usize];
        place(n, new, start);
        let capacity = if n.count == 0 { 0 } else { capacity_for(n.count) };
        let copy = &mut nodes[new as usize];
        copy.start = if capacity == 0 { 0 } else { start };
        copy.capacity = capacity;
        start += capacity;
        if !n.is_leaf() {
            let first = nodes.len() as u32;
            nodes[new as usize].first_child = first;
            for k in 0..4 {
                let mut child = old[(n.first_child + k) as usize];
                child.parent = new;
                nodes.push(child);
            }
            for k in (0..4).rev() {
                stack.extend([n.first_child + k, first + k]);
            }
        }
    }
    start as usize
}
