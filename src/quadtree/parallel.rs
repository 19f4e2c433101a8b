//! The leaves policy's all-pairs on the `parallel` feature's thread pool:
//! the node array is cut into bands (`crate::parallel`), each band runs the
//! serial pass's own step over its leaves (each leaf's objects against each
//! other, a pair kept only in the leaf holding its overlap's min corner)
//! into its own pair buffer, and the bands are merged in node order, so the
//! pairs and counters are those of `pairs_leaves`, in its order. The
//! outside list's searches, after the leaves as in the serial pass, stay
//! on one thread. The straddle policy's walk sorts each node's run as it
//! goes, and stays serial.

use super::queries::{crowded_leaf_pairs, leaf_pairs, CROWDED_LEAF};
use super::tree::Quadtree;
use crate::broad_phase::Stats;
use crate::index::NULL_INDEX;
use crate::keep_buffer::KeepBuffer;
use crate::pair_sink::PairSink;
use crate::parallel::{band_count, band_rows, pairs_by_bands};

impl Quadtree {
    /// [`BroadPhase::pairs`](crate::BroadPhase::pairs) of the leaves policy with the
    /// nodes in bands on the pool.
    pub(super) fn pairs_leaves_parallel(&mut self, out: &mut PairSink<'_>) -> Stats {
        let mut bands = std::mem::take(&mut self.bands);
        let nodes = u32::try_from(self.nodes.len()).expect("node indices are u32");
        let count = band_count(nodes);
        let this = &*self;
        let mut stats = pairs_by_bands(&mut bands, count, out, |band, sink, (), tally| {
            let (start, end) = band_rows(band, count, nodes);
            let mut stats = Stats::default();
            let mut found = KeepBuffer::new();
            let (boxes, proxies) = (&this.items.boxes, &this.items.proxy);
            for index in start..end {
                let n = &this.nodes[index as usize];
                if !n.is_leaf() || this.is_free(index) {
                    continue;
                }
                if tally.stop(sink) {
                    break;
                }
                stats.nodes_visited += 1;
                let range = n.items();
                let (own_boxes, own_proxies) = (&boxes[range.clone()], &proxies[range]);
                stats.candidate_tests += (own_boxes.len() * own_boxes.len().saturating_sub(1) / 2) as u64;
                if own_boxes.len() > CROWDED_LEAF {
                    crowded_leaf_pairs(&n.bounds, own_boxes, own_proxies, &mut found, sink);
                } else {
                    leaf_pairs(&n.bounds, own_boxes, own_proxies, &mut found, sink, false);
                }
            }
            found.flush(sink);
            stats
        });
        self.bands = bands;
        // The outside list against every object in the tree (each once, by
        // its first item) and against the outsiders after it, as the
        // serial pass.
        for (i, (&a, aabb_a)) in self.outside.iter().zip(&self.outside_boxes).enumerate() {
            if out.is_full() {
                break;
            }
            for (b, &first) in self.first_item.iter().enumerate() {
                if first != NULL_INDEX {
                    stats.candidate_tests += 1;
                    if aabb_a.overlaps(&self.items.boxes[first as usize]) {
                        out.push((a, b as u32));
                    }
                }
            }
            for (&b, aabb_b) in self.outside[i + 1..].iter().zip(&self.outside_boxes[i + 1..]) {
                stats.candidate_tests += 1;
                if aabb_a.overlaps(aabb_b) {
                    out.push((a, b));
                }
            }
        }
        stats
    }
}
