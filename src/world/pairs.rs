//! All overlapping pairs, and the enter / exit events between two calls.
//! A call pays for what moved: when few objects changed since the last
//! call, the pairs between objects that stayed put are kept, only the moved
//! objects are searched for partners, and the events come from those alone.

use super::events::diff_sorted;
use super::World;
use crate::broad_phase::Stats;

impl World {
    /// Every overlapping pair of the current boxes, flattened
    /// `[a0, b0, a1, b1, …]` with `a < b`, sorted by `(a, b)`. From 4096
    /// objects up it first renumbers the slots in space order when they have
    /// strayed from it (see `slot_order.rs` and [`World::slot_generation`]).
    pub fn pairs(&mut self) -> &[u32] {
        self.renumber_slots_if_stale();
        // This call's keys replace the previous ones, kept for the events.
        std::mem::swap(&mut self.previous_keys, &mut self.pair_keys);
        self.pair_keys.clear();
        if self.pairs_from_what_moved() {
            self.count_overlaps_from_events();
        } else {
            self.pairs_from_full_pass();
        }
        self.pairs_out.clear();
        self.pairs_out.extend(self.pair_keys.iter().flat_map(|&k| [(k >> 32) as u32, k as u32]));
        // The next call pays for what changes from here.
        let live = self.id_to_slot.len();
        self.changed.clear(16.max((live as f64 * self.structure.kind().moved_share()) as usize));
        self.seen_generation = Some(self.slot_order.generation);
        &self.pairs_out
    }

    /// The pairs of the last [`pairs`](World::pairs) call that were not in
    /// the one before (the first call: all), laid out like `pairs()`.
    #[must_use]
    pub fn pairs_began(&self) -> &[u32] {
        &self.began_out
    }

    /// The pairs of the call before the last [`pairs`](World::pairs) that
    /// are gone, including those of removed objects, laid out like `pairs()`.
    #[must_use]
    pub fn pairs_ended(&self) -> &[u32] {
        &self.ended_out
    }

    /// Per slot, how many pairs it is in and whether any (`overlapping`, the
    /// view the page colours boxes by), kept up to date from this call's
    /// events alone (a full pass counts them afresh): an ended
    /// pair's live objects count one pair fewer, a begun pair's one more (a
    /// removed object's own count was zeroed by `remove`).
    fn count_overlaps_from_events(&mut self) {
        let slots = self.slot_ids.len();
        self.overlap_counts.resize(slots, 0);
        self.overlapping.resize(slots, 0);
        for &id in &self.ended_out {
            if let Some(slot) = self.id_to_slot.get(id) {
                let count = &mut self.overlap_counts[slot as usize];
                *count -= 1;
                self.overlapping[slot as usize] = u8::from(*count > 0);
            }
        }
        for &id in &self.began_out {
            let slot = self.id_to_slot.get(id).expect("pairs hold live ids") as usize;
            self.overlap_counts[slot] += 1;
            self.overlapping[slot] = 1;
        }
    }

    /// Every pair from the structure, sorted into `pair_keys`, with the
    /// per-slot overlap counts taken as the pairs come; the events by one
    /// merge walk of the previous and current keys.
    fn pairs_from_full_pass(&mut self) {
        self.pair_slots.clear();
        self.last_pair_stats = self.structure.as_broad_phase().pairs(&mut self.pair_slots);
        let slots = self.slot_ids.len();
        self.overlap_counts.clear();
        self.overlap_counts.resize(slots, 0);
        self.overlapping.clear();
        self.overlapping.resize(slots, 0);
        for &(a, b) in &self.pair_slots {
            let (id_a, id_b) = (self.slot_ids[a as usize] as u64, self.slot_ids[b as usize] as u64);
            self.pair_keys.push(id_a.min(id_b) << 32 | id_a.max(id_b));
            for s in [a as usize, b as usize] {
                self.overlap_counts[s] += 1;
                self.overlapping[s] = 1;
            }
        }
        crate::radix_sort::sort_u64(&mut self.pair_keys, &mut self.pair_keys_scratch);
        diff_sorted(&self.previous_keys, &self.pair_keys, &mut self.began_out, &mut self.ended_out);
    }

    /// Pays for what moved: when few objects moved, were inserted or
    /// removed since the last `pairs()` (and the slots were not renumbered),
    /// the previous pairs between objects that stayed put still hold, and
    /// only the moved objects are searched for partners. Fills `pair_keys`
    /// (sorted) and the events, and returns true; false when a full pass is
    /// cheaper. Every structure gives the same pairs, so a structure switch
    /// does not matter: the pairs are a function of the boxes alone.
    fn pairs_from_what_moved(&mut self) -> bool {
        if self.seen_generation != Some(self.slot_order.generation) {
            return false;
        }
        // Past the structure's share of moved objects (the list's cap, set
        // at the last call), a full pass is cheaper.
        let Some(moved) = self.changed.list() else { return false };
        let moved = moved.len();
        // Pairs with a moved object: its partners, once per pair, sorted.
        let mut stats = Stats::default();
        let mut partners = std::mem::take(&mut self.partner_scratch);
        self.fresh_keys.clear();
        for i in 0..moved {
            let s = self.changed.list().expect("checked above")[i];
            if self.slot_ids[s as usize] == 0 {
                continue; // removed: it has no pairs now
            }
            partners.clear();
            let q = self.structure.as_broad_phase().query_partners(s, &mut partners);
            stats.candidate_tests += q.candidate_tests;
            stats.nodes_visited += q.nodes_visited;
            for &t in &partners {
                // Both moved: the pair is taken from the smaller slot's query.
                if t == s || (self.changed.contains(t) && t < s) {
                    continue;
                }
                let (a, b) = (u64::from(self.slot_ids[s as usize]), u64::from(self.slot_ids[t as usize]));
                self.fresh_keys.push(a.min(b) << 32 | a.max(b));
            }
        }
        self.partner_scratch = partners;
        self.last_pair_stats = stats;
        crate::radix_sort::sort_u64(&mut self.fresh_keys, &mut self.pair_keys_scratch);
        // One walk over the previous pairs: those between objects that
        // stayed put still hold and are merged in order with the fresh ones
        // (the two are disjoint: every fresh pair has a moved object); those
        // of moved (or removed: their ids were flagged as they left)
        // objects are dropped. What began and ended is then only among the
        // moved objects' pairs, before and now.
        self.dropped_keys.clear();
        let fresh = &self.fresh_keys;
        let mut j = 0;
        for &k in &self.previous_keys {
            if self.changed.contains_id((k >> 32) as u32) || self.changed.contains_id(k as u32) {
                self.dropped_keys.push(k);
                continue;
            }
            while j < fresh.len() && fresh[j] < k {
                self.pair_keys.push(fresh[j]);
                j += 1;
            }
            self.pair_keys.push(k);
        }
        self.pair_keys.extend_from_slice(&fresh[j..]);
        diff_sorted(&self.dropped_keys, &self.fresh_keys, &mut self.began_out, &mut self.ended_out);
        true
    }
}
