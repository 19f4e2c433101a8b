//! Removal, and collapsing subtrees that no longer need to be split.

use super::tree::{Placement, Quadtree, ABSENT, FREE, NULL, OUTSIDE};

impl Quadtree {
    /// Removes a present proxy and collapses what became too sparse.
    pub(super) fn remove_proxy(&mut self, proxy: u32) {
        let index = proxy as usize;
        let first = self.first_link[index];
        debug_assert_ne!(first, ABSENT, "proxy {proxy} is not present");
        self.first_link[index] = ABSENT;
        self.proxy_count -= 1;
        if first == OUTSIDE {
            let position = self.outside_pos[index] as usize;
            self.outside.swap_remove(position);
            if let Some(&moved) = self.outside.get(position) {
                self.outside_pos[moved as usize] = position as u32;
            }
            self.outside_pos[index] = NULL;
            return;
        }
        let mut touched = std::mem::take(&mut self.inner_stack);
        touched.clear();
        let mut link = first;
        while link != NULL {
            let next = self.links[link as usize].next_of_proxy;
            touched.push(self.links[link as usize].node);
            self.unlink_from_node(link);
            self.free_links.push(link);
            link = next;
        }
        for &node in &touched {
            self.collapse_sparse_ancestors(node);
        }
        self.inner_stack = touched;
    }

    /// Collapses the highest split ancestor of `node` (itself included) whose
    /// subtree holds no more than `max_objects` links, until none is left.
    /// Keeps the invariant "a split node has more than `max_objects` links
    /// below it", so the tree shrinks back as objects leave a region.
    pub(super) fn collapse_sparse_ancestors(&mut self, mut node: u32) {
        if self.nodes[node as usize].depth == FREE {
            return; // collapsed already, along with an ancestor
        }
        loop {
            let mut highest = NULL;
            let mut cursor = node;
            while cursor != NULL {
                let n = &self.nodes[cursor as usize];
                if !n.is_leaf() && n.subtree_count <= self.limits.max_objects {
                    highest = cursor;
                }
                cursor = n.parent;
            }
            if highest == NULL {
                return;
            }
            self.collapse(highest);
            // De-duplication may have thinned the ancestors too: look again
            // from the node that just became a leaf.
            node = highest;
        }
    }

    /// Moves every item below `node` into `node` and frees its descendants.
    /// Under the leaves policy an object seen in several leaves is kept once.
    fn collapse(&mut self, node: u32) {
        let mark = self.next_mark();
        let dedupe = self.placement == Placement::AllOverlappedLeaves;
        if dedupe {
            let mut link = self.nodes[node as usize].head;
            while link != NULL {
                self.marks[self.links[link as usize].proxy as usize] = mark;
                link = self.links[link as usize].next;
            }
        }
        let old_subtree = self.nodes[node as usize].subtree_count;
        let mut head = self.nodes[node as usize].head;
        let mut count = self.nodes[node as usize].count;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(self.nodes[node as usize].first_child);
        while let Some(first) = stack.pop() {
            for child in first..first + 4 {
                let c = self.nodes[child as usize];
                if !c.is_leaf() {
                    stack.push(c.first_child);
                }
                let mut link = c.head;
                while link != NULL {
                    let next = self.links[link as usize].next;
                    let proxy = self.links[link as usize].proxy;
                    if dedupe && self.marks[proxy as usize] == mark {
                        self.unchain(proxy, link);
                        self.free_links.push(link);
                    } else {
                        self.marks[proxy as usize] = mark;
                        let l = &mut self.links[link as usize];
                        l.node = node;
                        l.prev = NULL;
                        l.next = head;
                        if head != NULL {
                            self.links[head as usize].prev = link;
                        }
                        head = link;
                        count += 1;
                    }
                    link = next;
                }
            }
            self.free_children(first);
        }
        self.stack = stack;
        let n = &mut self.nodes[node as usize];
        n.first_child = NULL;
        n.head = head;
        n.count = count;
        let parent = n.parent;
        n.subtree_count = count;
        let removed = old_subtree - count;
        if removed > 0 && parent != NULL {
            self.add_to_subtree_counts(parent, -(removed as i32));
        }
    }
}
