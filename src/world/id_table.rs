//! The World's one map from object id to slot, as a table indexed by id.
//! The World hands ids out densely from 1 and never reuses them, so a
//! lookup is one array read where a hash map would hash on every `update`
//! (the hot path of a bulk update). The cost is 4 bytes per id ever issued,
//! live or not: a game that inserts and removes ten million objects over
//! its life holds 40 MB here. (The standalone
//! [`Hierarchy`](crate::hierarchy::Hierarchy) takes ids its caller chooses,
//! anywhere up to `u32::MAX`, so it maps them with a hash map instead.)

use crate::index::NULL_INDEX;

/// Per id, its slot, or [`NULL_INDEX`] when the id is not live.
#[derive(Debug, Default)]
pub(crate) struct IdTable {
    slots: Vec<u32>,
    live: usize,
}

impl IdTable {
    /// The slot of a live id.
    #[inline]
    pub(crate) fn get(&self, id: u32) -> Option<u32> {
        match self.slots.get(id as usize) {
            Some(&slot) if slot != NULL_INDEX => Some(slot),
            _ => None,
        }
    }

    /// The slot of `id`, or [`NULL_INDEX`] when it is not live: one read and
    /// no branch on the outcome, for checking a batch in one pass.
    #[inline]
    pub(crate) fn slot_or_null(&self, id: u32) -> u32 {
        self.slots.get(id as usize).copied().unwrap_or(NULL_INDEX)
    }

    pub(crate) fn contains(&self, id: u32) -> bool {
        self.get(id).is_some()
    }

    /// Records a newly issued id's slot.
    // Inlined, as when the everyday `insert` was its only caller (the
    // traced one calls it too).
    #[inline(always)]
    pub(crate) fn insert(&mut self, id: u32, slot: u32) {
        let i = id as usize;
        if self.slots.len() <= i {
            self.slots.resize(i + 1, NULL_INDEX);
        }
        if self.slots[i] == NULL_INDEX {
            self.live += 1;
        }
        self.slots[i] = slot;
    }

    /// Forgets an id; its slot, if it was live.
    pub(crate) fn remove(&mut self, id: u32) -> Option<u32> {
        let slot = self.get(id)?;
        self.slots[id as usize] = NULL_INDEX;
        self.live -= 1;
        Some(slot)
    }

    /// Live ids.
    pub(crate) fn len(&self) -> usize {
        self.live
    }

    /// Room for ids up to `next_id + more` (reserved before a bulk insert).
    pub(crate) fn try_reserve(
        &mut self,
        next_id: u32,
        more: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        let want = (next_id as usize).saturating_add(more).saturating_add(1);
        crate::fallible::try_reserve_total(&mut self.slots, want)
    }

    /// `(id, slot)` of every live id, ascending by id.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.slots.iter().enumerate().filter(|(_, &s)| s != NULL_INDEX).map(|(id, &s)| (id as u32, s))
    }

    /// Every live id's slot, to renumber in place.
    pub(crate) fn slots_mut(&mut self) -> impl Iterator<Item = &mut u32> {
        self.slots.iter_mut().filter(|s| **s != NULL_INDEX)
    }
}
