//! The non-incremental way: a full topological re-sort from parent links
//! alone (Kahn's algorithm over a forest), used by the tests as a reference
//! and by the benchmark as the baseline the incremental queue must beat.

use std::collections::HashMap;

use super::Hierarchy;
use crate::index::NULL_INDEX;

/// `parent` value of a node under the root.
pub const ROOT: u32 = NULL_INDEX;
/// `parent` value of an index that holds no node (a free slot).
pub const UNUSED: u32 = u32::MAX - 1;

/// Kahn's algorithm specialised to a forest: every node has at most one
/// incoming edge (from its parent), so the roots start the queue and a node
/// is ready as soon as its parent is placed. Child lists are built as one
/// compressed array per sort; the buffers are kept so a warm sort allocates
/// nothing. No recursion, so any depth works.
#[derive(Clone, Debug, Default)]
pub struct TopoSort {
    /// `children[child_start[i]..child_start[i + 1]]` are the children of `i`.
    child_start: Vec<u32>,
    cursor: Vec<u32>,
    children: Vec<u32>,
    out: Vec<u32>,
}

impl TopoSort {
    #[must_use]
    /// An empty reference forest.
    pub fn new() -> TopoSort {
        TopoSort::default()
    }

    /// Orders indices `0..n` parents first, where `parent(i)` is the index of
    /// `i`'s parent, [`ROOT`], or [`UNUSED`] to leave `i` out. Returns the
    /// order, or the number of nodes that could not be placed: they sit on a
    /// cycle, below one, or below a missing parent.
    pub fn sort(&mut self, n: usize, parent: impl Fn(usize) -> u32) -> Result<&[u32], usize> {
        let TopoSort { child_start, cursor, children, out } = self;
        child_start.clear();
        child_start.resize(n + 1, 0);
        out.clear();
        let mut used = 0usize;
        for i in 0..n {
            match parent(i) {
                UNUSED => {}
                ROOT => {
                    used += 1;
                    out.push(i as u32);
                }
                p => {
                    used += 1;
                    // A parent out of range is simply never reached.
                    if (p as usize) < n {
                        child_start[p as usize + 1] += 1;
                    }
                }
            }
        }
        for i in 0..n {
            child_start[i + 1] += child_start[i];
        }
        children.clear();
        children.resize(child_start[n] as usize, 0);
        cursor.clear();
        cursor.extend_from_slice(&child_start[..n]);
        for i in 0..n {
            let p = parent(i);
            if p != UNUSED && p != ROOT && (p as usize) < n {
                children[cursor[p as usize] as usize] = i as u32;
                cursor[p as usize] += 1;
            }
        }
        // `out` is its own queue: the roots, then each placed node's children.
        let mut head = 0;
        while head < out.len() {
            let node = out[head] as usize;
            head += 1;
            let range = child_start[node] as usize..child_start[node + 1] as usize;
            out.extend_from_slice(&children[range]);
        }
        if out.len() < used {
            Err(used - out.len())
        } else {
            Ok(out)
        }
    }
}

/// A parents-first order of the objects given as `(id, parent)` pairs
/// (`parent` 0 is the root), computed from scratch. The plain reference the
/// tests check the incremental queue against.
pub fn reference_order(pairs: &[(u32, u32)]) -> Result<Vec<u32>, String> {
    let index: HashMap<u32, u32> = pairs.iter().enumerate().map(|(i, &(id, _))| (id, i as u32)).collect();
    if index.len() != pairs.len() {
        return Err("an id is listed twice".into());
    }
    let mut parents = Vec::with_capacity(pairs.len());
    for &(id, parent) in pairs {
        parents.push(match parent {
            0 => ROOT,
            p => *index.get(&p).ok_or(format!("{id} has unknown parent {p}"))?,
        });
    }
    let order = TopoSort::new()
        .sort(parents.len(), |i| parents[i])
        .map_err(|stuck| format!("{stuck} objects sit on or below a cycle"))?
        .iter()
        .map(|&i| pairs[i as usize].0)
        .collect();
    Ok(order)
}

impl Hierarchy {
    /// Re-sorts this hierarchy's parent links from scratch into `out` (ids),
    /// ignoring the maintained queue: what a non-incremental engine would
    /// do after every change. Works on the slots directly, so it pays no
    /// hashing and is a fair baseline.
    pub fn full_resort(&self, sort: &mut TopoSort, out: &mut Vec<u32>) -> Result<(), String> {
        let nodes = &self.forest.nodes;
        let slots = sort
            .sort(nodes.len(), |i| if nodes[i].pos == NULL_INDEX { UNUSED } else { nodes[i].parent })
            .map_err(|stuck| format!("{stuck} objects sit on or below a cycle"))?;
        out.clear();
        out.extend(slots.iter().map(|&s| self.slot_ids[s as usize]));
        Ok(())
    }
}
