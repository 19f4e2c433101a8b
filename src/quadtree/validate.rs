//! Every invariant of the quadtree, checked from scratch.

use super::tree::{midpoint, quadrant_of, Placement, Quadtree, ROOT};
use crate::index::NULL_INDEX;

impl Quadtree {
    pub(super) fn validate_tree(&self) -> Result<(), String> {
        let root = &self.nodes[ROOT as usize];
        if root.parent != NULL_INDEX || root.depth != 0 {
            return Err("root has a parent or a depth".into());
        }
        self.validate_nodes()?;
        self.validate_ranges()?;
        self.validate_proxies()
    }

    /// Shape, counts and split rules of every node in use.
    fn validate_nodes(&self) -> Result<(), String> {
        let max = self.limits.max_objects;
        let mut in_use = 0;
        for (index, n) in self.nodes.iter().enumerate() {
            let index = index as u32;
            if self.is_free(index) {
                if !n.is_leaf() || n.count != 0 || n.capacity != 0 {
                    return Err(format!("free node {index} holds items or children"));
                }
                continue;
            }
            in_use += 1;
            if n.count > n.capacity {
                return Err(format!("node {index}: {} items in a range of {}", n.count, n.capacity));
            }
            let mut subtree = n.count;
            if !n.is_leaf() {
                if n.first_child as usize + 4 > self.nodes.len() {
                    return Err(format!("node {index}: children past the node array"));
                }
                let (mid_x, mid_y) = midpoint(&n.bounds);
                for k in 0..4 {
                    let c = &self.nodes[(n.first_child + k) as usize];
                    if c.parent != index || c.depth != n.depth + 1 {
                        return Err(format!("node {index}: child {k} has wrong parent or depth"));
                    }
                    let x_ok = if k % 2 == 0 { c.bounds.max_x == mid_x } else { c.bounds.min_x == mid_x };
                    let y_ok = if k / 2 == 0 { c.bounds.max_y == mid_y } else { c.bounds.min_y == mid_y };
                    if !x_ok || !y_ok || !n.bounds.contains(&c.bounds) {
                        return Err(format!("node {index}: child {k} bounds are not its quadrant"));
                    }
                    subtree += c.subtree_count;
                }
                if n.subtree_count <= max {
                    return Err(format!("node {index}: split with only {} items below", n.subtree_count));
                }
                if self.placement == Placement::AllOverlappedLeaves && n.count != 0 {
                    return Err(format!("node {index}: inner node holds items under the leaves policy"));
                }
            } else if self.splitting_items(index) > max && n.depth < self.limits.max_levels {
                return Err(format!(
                    "leaf {index}: {} items at depth {} should have split",
                    n.count, n.depth
                ));
            }
            if subtree != n.subtree_count {
                return Err(format!("node {index}: subtree count {} but {subtree}", n.subtree_count));
            }
            if n.depth > self.limits.max_levels {
                return Err(format!("node {index}: depth {} beyond max_levels", n.depth));
            }
        }
        let reachable = {
            let mut count = 0;
            self.for_each_node(|_| count += 1);
            count
        };
        if reachable != in_use || in_use + 4 * self.free_groups.len() != self.nodes.len() {
            return Err(format!(
                "{in_use} nodes in use, {reachable} reachable, {} free groups, {} nodes",
                self.free_groups.len(),
                self.nodes.len()
            ));
        }
        Ok(())
    }

    /// Each node's range lies in the item arrays, ranges do not overlap,
    /// entries in a range name their node, and everything else is a hole,
    /// counted.
    fn validate_ranges(&self) -> Result<(), String> {
        let items = &self.items;
        let len = items.len();
        if items.boxes.len() != len || items.node.len() != len || items.next_of_proxy.len() != len {
            return Err("item arrays of different lengths".into());
        }
        let mut owner = vec![NULL_INDEX; len];
        let mut ranged = 0usize;
        for (index, n) in self.nodes.iter().enumerate() {
            if self.is_free(index as u32) || n.capacity == 0 {
                continue;
            }
            let end = (n.start + n.capacity) as usize;
            if end > len {
                return Err(format!("node {index}: range {}..{end} past the {len} items", n.start));
            }
            for (i, owned) in owner.iter_mut().enumerate().take(end).skip(n.start as usize) {
                if *owned != NULL_INDEX {
                    return Err(format!("item {i} in the ranges of nodes {owned} and {index}"));
                }
                *owned = index as u32;
                let filled = i < (n.start + n.count) as usize;
                if filled && (items.node[i] != index as u32 || items.proxy[i] == NULL_INDEX) {
                    return Err(format!("item {i} of node {index} names node {}", items.node[i]));
                }
                if !filled && items.proxy[i] != NULL_INDEX {
                    return Err(format!("item {i} past node {index}'s count is not a hole"));
                }
            }
            ranged += n.capacity as usize;
        }
        if ranged + self.holes as usize != len {
            return Err(format!("{ranged} items in ranges + {} holes != {len}", self.holes));
        }
        if let Some(i) = (0..len).find(|&i| owner[i] == NULL_INDEX && items.proxy[i] != NULL_INDEX) {
            return Err(format!("item {i} is in no node's range"));
        }
        Ok(())
    }

    /// Each proxy is stored exactly where its placement policy says, its
    /// chain holds exactly its items, each a copy of its box.
    fn validate_proxies(&self) -> Result<(), String> {
        let mut present = 0;
        let mut chained = 0;
        let mut reached = Vec::new();
        for proxy in 0..self.first_item.len() {
            let first = self.first_item[proxy];
            let position = self.outside_pos[proxy];
            if position != NULL_INDEX {
                present += 1;
                if first != NULL_INDEX
                    || self.outside.get(position as usize) != Some(&(proxy as u32))
                    || self.holds_inside(&self.outside_boxes[position as usize])
                {
                    return Err(format!("proxy {proxy}: wrongly in the outside list"));
                }
                continue;
            }
            if first == NULL_INDEX {
                continue;
            }
            present += 1;
            let aabb = self.items.boxes[first as usize];
            let mut held = Vec::new();
            let mut item = first;
            while item != NULL_INDEX {
                let i = item as usize;
                if i >= self.items.len()
                    || self.items.proxy[i] as usize != proxy
                    || held.len() > self.items.len()
                {
                    return Err(format!("proxy {proxy}: chain holds item {item} of another proxy"));
                }
                if self.items.boxes[i] != aabb {
                    return Err(format!("proxy {proxy}: item {item} holds a stale box"));
                }
                held.push(self.items.node[i]);
                item = self.items.next_of_proxy[i];
            }
            chained += held.len();
            crate::small_sort::sort(&mut held);
            // The intervals may be narrower than the tree now needs (a leaf
            // nearby split since): check what they guarantee.
            if self.placement == Placement::AllOverlappedLeaves && !self.stay[proxy].keeps_leaves(self, &held)
            {
                return Err(format!("proxy {proxy}: its stay intervals are stale"));
            }
            match self.placement {
                Placement::StraddleInParent => {
                    let node = held[0];
                    if self.proxy_node.get(proxy) != Some(&node) {
                        return Err(format!("proxy {proxy}: its node record is not its item's node {node}"));
                    }
                    let n = &self.nodes[node as usize];
                    let fits = node == ROOT || n.bounds.contains(&aabb);
                    let deepest = n.is_leaf() || quadrant_of(&n.bounds, &aabb).is_none();
                    if held.len() != 1 || !fits || !deepest {
                        return Err(format!("proxy {proxy}: not in the one deepest node containing it"));
                    }
                }
                Placement::AllOverlappedLeaves => {
                    if !self.holds_inside(&aabb) {
                        return Err(format!("proxy {proxy}: in the tree but not inside the world"));
                    }
                    reached.clear();
                    let mut stack = vec![ROOT];
                    while let Some(node) = stack.pop() {
                        let n = &self.nodes[node as usize];
                        if !aabb.reaches(&n.bounds) {
                            continue;
                        }
                        if n.is_leaf() {
                            reached.push(node);
                        } else {
                            stack.extend(n.first_child..n.first_child + 4);
                        }
                    }
                    crate::small_sort::sort(&mut held);
                    crate::small_sort::sort(&mut reached);
                    if held != reached {
                        return Err(format!("proxy {proxy}: held in leaves {held:?}, reaches {reached:?}"));
                    }
                }
            }
        }
        if present != self.proxy_count {
            return Err(format!("{present} proxies present but count says {}", self.proxy_count));
        }
        let filed = self.items.len()
            - self.holes as usize
            - self
                .nodes
                .iter()
                .enumerate()
                .filter(|&(i, _)| !self.is_free(i as u32))
                .map(|(_, n)| (n.capacity - n.count) as usize)
                .sum::<usize>();
        if chained != filed {
            return Err(format!("{chained} items in proxy chains, {filed} in nodes"));
        }
        if self.outside.len() != self.outside_boxes.len()
            || self
                .outside
                .iter()
                .any(|&p| self.outside_pos.get(p as usize).is_none_or(|&at| self.outside[at as usize] != p))
        {
            return Err("outside list holds a proxy that is not marked outside".into());
        }
        Ok(())
    }
}
