//! All overlapping pairs, and the enter / exit events between two calls.
//! A call pays for what moved: when few objects changed since the last
//! call, the pairs between objects that stayed put are kept, only the moved
//! objects are searched for partners, and the events come from those alone.

use super::events::diff_sorted;
use super::World;
use crate::broad_phase::Stats;
use crate::error::{Error, Result};
use crate::pair_sink::{Overflow, PairSink};

/// Most pairs one `pairs()` call returns: 4,194,304. A scene with more is
/// refused with an error, found out after about this many pairs' work, so
/// the refusal costs what a large answer would (tens of ms). The scenes of
/// `World::populate` at its largest (2,000,000 boxes) have at most about
/// 2.5 million pairs; 2,896 boxes in one place have 4,192,920.
pub const MAX_PAIRS: usize = 1 << 22;

/// Scratch past this many entries is given back after a refused call.
const KEPT_AFTER_REFUSAL: usize = 1 << 16;

/// The World's pair-tracking part: the last `pairs()` result, kept for the
/// next call's events and for paying only for what moved.
#[derive(Debug, Default)]
pub(super) struct PairTracking {
    /// The slots changed since the last call (marked where they change).
    pub(super) changed: super::changed_slots::ChangedSlots,
    /// The last result as keys `a << 32 | b` (ids, `a < b`), sorted; and
    /// the result before it, for the events.
    pub(super) keys: Vec<u64>,
    pub(super) previous_keys: Vec<u64>,
    /// The last result flattened `[a0, b0, a1, b1, …]`, and its events.
    pub(super) flat: Vec<u32>,
    pub(super) began: Vec<u32>,
    pub(super) ended: Vec<u32>,
    /// Per slot: whether it is in a pair of the last result (the view the
    /// page colours boxes by), and in how many.
    pub(super) overlapping: Vec<u8>,
    pub(super) overlap_counts: Vec<u32>,
    /// The slot generation the last result was taken in: after a
    /// renumbering, slots changed meaning and a full pass follows.
    pub(super) seen_generation: Option<u32>,
    /// The last call's work counters.
    pub(super) stats: Stats,
}

impl World {
    /// Every overlapping pair of the current boxes, flattened
    /// `[a0, b0, a1, b1, …]` with `a < b`, sorted by `(a, b)`. From 4096
    /// objects up it first renumbers the slots in space order when they have
    /// strayed from it (see `slot_order.rs` and [`World::slot_generation`]).
    ///
    /// # Panics
    /// When the pairs cannot be held: more than [`MAX_PAIRS`], or more than
    /// the memory left holds. [`World::try_pairs`] returns that error.
    pub fn pairs(&mut self) -> &[u32] {
        match self.try_pairs() {
            Ok(_) => &self.pairs.flat,
            Err(error) => panic!("{error}"),
        }
    }

    /// [`World::pairs`], or an error when they cannot be held: more than
    /// [`MAX_PAIRS`] (found out after about that many pairs' work, not all
    /// of them), or more than the memory left holds. A refused call
    /// changes nothing the World answers (its slots may have been
    /// renumbered, as any call of `pairs` may do).
    pub fn try_pairs(&mut self) -> Result<&[u32]> {
        // Boxes grown past the loose grid's cells since the last call: a
        // new cell size first, so this walk and the renumbering use it.
        self.retune_outgrown_cells(&mut crate::trace::NoTrace);
        self.renumber_slots_if_stale();
        // This call's keys replace the previous ones, kept for the events.
        std::mem::swap(&mut self.pairs.previous_keys, &mut self.pairs.keys);
        self.pairs.keys.clear();
        let stats = self.pairs.stats;
        let found = match self.pairs_from_what_moved() {
            Ok(true) => Ok(true),
            Ok(false) => self.pairs_from_full_pass().map(|()| false),
            Err(error) => Err(error),
        };
        let incremental = match found.and_then(|incremental| self.reserve_flat().map(|()| incremental)) {
            Ok(incremental) => incremental,
            Err(error) => {
                // Nothing was written that the World answers from: the
                // previous keys go back, and big scratch is given back.
                std::mem::swap(&mut self.pairs.previous_keys, &mut self.pairs.keys);
                self.pairs.stats = stats;
                self.give_back_pair_scratch();
                return Err(error);
            }
        };
        if incremental {
            self.count_overlaps_from_events();
        }
        self.pairs.flat.clear();
        self.pairs.flat.extend(self.pairs.keys.iter().flat_map(|&k| [(k >> 32) as u32, k as u32]));
        // The next call pays for what changes from here.
        let live = self.objects.id_to_slot.len();
        self.pairs.changed.clear(16.max((live as f64 * self.structure.kind().moved_share()) as usize));
        self.pairs.seen_generation = Some(self.slot_order.generation);
        Ok(&self.pairs.flat)
    }

    /// Room for the flat result, reserved before it is written.
    fn reserve_flat(&mut self) -> Result<()> {
        reserve_total(&mut self.pairs.flat, 2 * self.pairs.keys.len(), self.pairs.keys.len())
    }

    /// After a refusal: scratch grown for the refused call is given back.
    fn give_back_pair_scratch(&mut self) {
        let w = &mut self.workspace;
        if w.pair_slots.capacity() > KEPT_AFTER_REFUSAL {
            w.pair_slots = Vec::new();
        }
        for scratch in [&mut w.key_scratch, &mut w.fresh_keys, &mut w.dropped_keys, &mut self.pairs.keys] {
            if scratch.capacity() > KEPT_AFTER_REFUSAL {
                *scratch = Vec::new();
            }
        }
    }

    /// The pairs of the last [`pairs`](World::pairs) call that were not in
    /// the one before (the first call: all), laid out like `pairs()`.
    #[must_use]
    pub fn pairs_began(&self) -> &[u32] {
        &self.pairs.began
    }

    /// The pairs of the call before the last [`pairs`](World::pairs) that
    /// are gone, including those of removed objects, laid out like `pairs()`.
    #[must_use]
    pub fn pairs_ended(&self) -> &[u32] {
        &self.pairs.ended
    }

    /// Per slot, how many pairs it is in and whether any (`overlapping`, the
    /// view the page colours boxes by), kept up to date from this call's
    /// events alone (a full pass counts them afresh): an ended
    /// pair's live objects count one pair fewer, a begun pair's one more (a
    /// removed object's own count was zeroed by `remove`).
    fn count_overlaps_from_events(&mut self) {
        let slots = self.objects.slot_ids.len();
        self.pairs.overlap_counts.resize(slots, 0);
        self.pairs.overlapping.resize(slots, 0);
        for &id in &self.pairs.ended {
            if let Some(slot) = self.objects.id_to_slot.get(id) {
                let count = &mut self.pairs.overlap_counts[slot as usize];
                *count -= 1;
                self.pairs.overlapping[slot as usize] = u8::from(*count > 0);
            }
        }
        for &id in &self.pairs.began {
            let slot = self.objects.id_to_slot.get(id).expect("pairs hold live ids") as usize;
            self.pairs.overlap_counts[slot] += 1;
            self.pairs.overlapping[slot] = 1;
        }
    }

    /// Every pair from the structure, sorted into `pair_keys`, with the
    /// per-slot overlap counts taken as the pairs come; the events by one
    /// merge walk of the previous and current keys.
    fn pairs_from_full_pass(&mut self) -> Result<()> {
        self.workspace.pair_slots.clear();
        let mut sink = PairSink::new(&mut self.workspace.pair_slots, MAX_PAIRS);
        let stats = self.structure.as_broad_phase().pairs_into(&mut sink);
        match sink.overflow() {
            None => {}
            Some(Overflow::Limit) => {
                return Err(Error::TooManyResults { arg: "pairs", what: "overlapping pairs", max: MAX_PAIRS })
            }
            Some(Overflow::Memory(count)) => {
                return Err(Error::NoMemoryFor { arg: "pairs", count, what: "overlapping pairs" })
            }
        }
        // Everything the pass writes is reserved first: a refusal after
        // this point would leave the World half written.
        let (pairs, previous) = (self.workspace.pair_slots.len(), self.pairs.previous_keys.len());
        let slots = self.objects.slot_ids.len();
        reserve_total(&mut self.pairs.keys, pairs, pairs)?;
        reserve_total(&mut self.workspace.key_scratch, pairs, pairs)?;
        reserve_total(&mut self.pairs.began, 2 * pairs, pairs)?;
        reserve_total(&mut self.pairs.ended, 2 * previous, previous)?;
        reserve_total(&mut self.pairs.overlap_counts, slots, pairs)?;
        reserve_total(&mut self.pairs.overlapping, slots, pairs)?;
        self.pairs.stats = stats;
        if !self.keys_and_counts_in_parallel() {
            self.keys_and_counts();
        }
        diff_sorted(
            &self.pairs.previous_keys,
            &self.pairs.keys,
            &mut self.pairs.began,
            &mut self.pairs.ended,
        );
        Ok(())
    }

    /// The full pass's pairs as sorted keys, and each slot's count of
    /// pairs, on one thread.
    fn keys_and_counts(&mut self) {
        let slots = self.objects.slot_ids.len();
        self.pairs.overlap_counts.clear();
        self.pairs.overlap_counts.resize(slots, 0);
        self.pairs.overlapping.clear();
        self.pairs.overlapping.resize(slots, 0);
        for &(a, b) in &self.workspace.pair_slots {
            let (id_a, id_b) =
                (self.objects.slot_ids[a as usize] as u64, self.objects.slot_ids[b as usize] as u64);
            self.pairs.keys.push(id_a.min(id_b) << 32 | id_a.max(id_b));
            for s in [a as usize, b as usize] {
                self.pairs.overlap_counts[s] += 1;
                self.pairs.overlapping[s] = 1;
            }
        }
        crate::radix_sort::sort_pair_keys(&mut self.pairs.keys, &mut self.workspace.key_scratch);
    }

    /// Pays for what moved: when few objects moved, were inserted or
    /// removed since the last `pairs()` (and the slots were not renumbered),
    /// the previous pairs between objects that stayed put still hold, and
    /// only the moved objects are searched for partners. Fills `pair_keys`
    /// (sorted) and the events, and returns true; false when a full pass is
    /// cheaper. Every structure gives the same pairs, so a structure switch
    /// does not matter: the pairs are a function of the boxes alone. It
    /// gives up for a full pass, too, once its searches have cost more box
    /// tests than a full pass should ([`incremental_budget`]): where boxes
    /// crowd (a grid cell holding thousands), each moved object's search
    /// costs the whole crowd. It changes nothing the World answers before
    /// it returns true.
    fn pairs_from_what_moved(&mut self) -> Result<bool> {
        if self.pairs.seen_generation != Some(self.slot_order.generation) {
            return Ok(false);
        }
        // Past the structure's share of moved objects (the list's cap, set
        // at the last call), a full pass is cheaper.
        let Some(moved) = self.pairs.changed.list() else { return Ok(false) };
        let moved = moved.len();
        let live = self.objects.id_to_slot.len();
        let budget = incremental_budget(live, self.pairs.previous_keys.len());
        if reserve_total(&mut self.workspace.partners, live, live).is_err() {
            return Ok(false); // the full pass reserves what it needs, or says so
        }
        // Pairs with a moved object: its partners, once per pair, sorted.
        let mut stats = Stats::default();
        let mut partners = std::mem::take(&mut self.workspace.partners);
        self.workspace.fresh_keys.clear();
        for i in 0..moved {
            let s = self.pairs.changed.list().expect("checked above")[i];
            if self.objects.slot_ids[s as usize] == 0 {
                continue; // removed: it has no pairs now
            }
            partners.clear();
            let q = self.structure.as_broad_phase().query_partners(s, &mut partners);
            stats.candidate_tests += q.candidate_tests;
            stats.nodes_visited += q.nodes_visited;
            let fresh = &mut self.workspace.fresh_keys;
            let room = crate::fallible::try_reserve(fresh, partners.len());
            if stats.candidate_tests > budget || room.is_err() || fresh.len() + partners.len() > MAX_PAIRS {
                self.workspace.partners = partners;
                return Ok(false);
            }
            for &t in &partners {
                // Both moved: the pair is taken from the smaller slot's query.
                if t == s || (self.pairs.changed.contains(t) && t < s) {
                    continue;
                }
                let (a, b) = (
                    u64::from(self.objects.slot_ids[s as usize]),
                    u64::from(self.objects.slot_ids[t as usize]),
                );
                self.workspace.fresh_keys.push(a.min(b) << 32 | a.max(b));
            }
        }
        self.workspace.partners = partners;
        // Everything written from here is reserved first (see the full pass).
        let (fresh, previous) = (self.workspace.fresh_keys.len(), self.pairs.previous_keys.len());
        if fresh + previous > MAX_PAIRS {
            return Ok(false); // the full pass says whether they are too many
        }
        reserve_total(&mut self.workspace.key_scratch, fresh, fresh + previous)?;
        reserve_total(&mut self.pairs.keys, fresh + previous, fresh + previous)?;
        reserve_total(&mut self.workspace.dropped_keys, previous, fresh + previous)?;
        reserve_total(&mut self.pairs.began, 2 * fresh, fresh + previous)?;
        reserve_total(&mut self.pairs.ended, 2 * previous, fresh + previous)?;
        reserve_total(&mut self.pairs.overlap_counts, self.objects.slot_ids.len(), fresh + previous)?;
        reserve_total(&mut self.pairs.overlapping, self.objects.slot_ids.len(), fresh + previous)?;
        self.pairs.stats = stats;
        crate::radix_sort::sort_pair_keys(&mut self.workspace.fresh_keys, &mut self.workspace.key_scratch);
        // One walk over the previous pairs: those between objects that
        // stayed put still hold and are merged in order with the fresh ones
        // (the two are disjoint: every fresh pair has a moved object); those
        // of moved (or removed: their ids were flagged as they left)
        // objects are dropped. What began and ended is then only among the
        // moved objects' pairs, before and now.
        self.workspace.dropped_keys.clear();
        let fresh = &self.workspace.fresh_keys;
        let mut j = 0;
        for &k in &self.pairs.previous_keys {
            if self.pairs.changed.contains_id((k >> 32) as u32) || self.pairs.changed.contains_id(k as u32) {
                self.workspace.dropped_keys.push(k);
                continue;
            }
            while j < fresh.len() && fresh[j] < k {
                self.pairs.keys.push(fresh[j]);
                j += 1;
            }
            self.pairs.keys.push(k);
        }
        self.pairs.keys.extend_from_slice(&fresh[j..]);
        diff_sorted(
            &self.workspace.dropped_keys,
            &self.workspace.fresh_keys,
            &mut self.pairs.began,
            &mut self.pairs.ended,
        );
        Ok(true)
    }
}

/// Box tests past which the search of what moved gives up for a full pass:
/// a generous multiple of a full pass's work at the suggested cell size (a
/// few tests per object and per pair), so it never gives up on a scene the
/// structures divide well, and bounds the waste where they do not.
fn incremental_budget(live: usize, previous_pairs: usize) -> u64 {
    32 * (live as u64 + previous_pairs as u64) + 1024
}

/// Room in `v` for `len` entries in all (not more), reserved fallibly: an
/// error naming `pairs`, for a result of `pairs` entries, when memory is
/// short.
fn reserve_total<T>(v: &mut Vec<T>, len: usize, pairs: usize) -> Result<()> {
    crate::fallible::try_reserve_total(v, len).map_err(|_| Error::NoMemoryFor {
        arg: "pairs",
        count: pairs,
        what: "overlapping pairs",
    })
}
