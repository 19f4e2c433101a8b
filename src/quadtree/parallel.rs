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
        self.outside_pairs(out, &mut stats);
        stats
    }
}
