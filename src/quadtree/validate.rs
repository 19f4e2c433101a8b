//! Every invariant of the quadtree, checked from scratch.

use super::tree::{midpoint, quadrant_of, Placement, Quadtree, ABSENT, FREE, NULL, OUTSIDE, ROOT};

impl Quadtree {
    pub(super) fn validate_tree(&self) -> Result<(), String> {
        let max = self.limits.max_objects;
        let root = &self.nodes[ROOT as usize];
        if root.parent != NULL || root.depth != 0 {
            return Err("root has a parent or a depth".into());
        }
        let mut links_in_nodes = 0usize;
        for (index, n) in self.nodes.iter().enumerate() {
            if n.depth == FREE {
                continue;
            }
            let index = index as u32;
            // The node's list: links point back, prev/next agree, count is right.
            let (mut count, mut prev, mut link) = (0, NULL, n.head);
            while link != NULL {
                let l = &self.links[link as usize];
                if l.node != index || l.prev != prev {
                    return Err(format!("node {index}: link {link} has node {} prev {}", l.node, l.prev));
                }
                count += 1;
                if count > self.links.len() as u32 {
                    return Err(format!("node {index}: list loops"));
                }
                prev = link;
                link = l.next;
            }
            if count != n.count {
                return Err(format!("node {index}: count {} but {count} links", n.count));
            }
            links_in_nodes += count as usize;
            let mut subtree = n.count;
            if !n.is_leaf() {
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
                    return Err(format!("node {index}: split with only {} links below", n.subtree_count));
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
        if links_in_nodes + self.free_links.len() != self.links.len() {
            return Err(format!(
                "{links_in_nodes} links in nodes + {} free != {} links",
                self.free_links.len(),
                self.links.len()
            ));
        }
        self.validate_proxies()
    }

    /// Each proxy is stored exactly where its placement policy says.
    fn validate_proxies(&self) -> Result<(), String> {
        let mut present = 0;
        let mut reached = Vec::new();
        for (proxy, &first) in self.first_link.iter().enumerate() {
            if first == ABSENT {
                continue;
            }
            present += 1;
            let aabb = self.aabbs[proxy];
            if first == OUTSIDE {
                let position = self.outside_pos[proxy] as usize;
                if self.outside.get(position) != Some(&(proxy as u32)) || self.holds_inside(&aabb) {
                    return Err(format!("proxy {proxy}: wrongly in the outside list"));
                }
                continue;
            }
            let mut held = Vec::new();
            let mut link = first;
            while link != NULL {
                let l = &self.links[link as usize];
                if l.proxy as usize != proxy || held.len() > self.links.len() {
                    return Err(format!("proxy {proxy}: chain holds link {link} of proxy {}", l.proxy));
                }
                held.push(l.node);
                link = l.next_of_proxy;
            }
            match self.placement {
                Placement::StraddleInParent => {
                    let node = held[0];
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
                    held.sort_unstable();
                    reached.sort_unstable();
                    if held != reached {
                        return Err(format!("proxy {proxy}: held in leaves {held:?}, reaches {reached:?}"));
                    }
                }
            }
        }
        if present != self.proxy_count {
            return Err(format!("{present} proxies present but count says {}", self.proxy_count));
        }
        if self.outside.iter().any(|&p| self.first_link[p as usize] != OUTSIDE) {
            return Err("outside list holds a proxy that is not marked outside".into());
        }
        Ok(())
    }
}
