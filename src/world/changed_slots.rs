//! Which slots changed since the last `pairs()`: a box moved or resized, an
//! object inserted or removed. Marked where the change happens, so `pairs`
//! can pay for what moved without reading (or keeping a copy of) the boxes
//! that stayed put. The ids in those slots are flagged too, so the previous
//! pairs (kept by id) are sorted into kept and dropped without looking up
//! slots.

/// The changed slots, each once, up to a cap past which `pairs` would run a
/// full pass anyway; then only "too many" is kept.
#[derive(Debug, Default)]
pub(super) struct ChangedSlots {
    flags: Vec<u8>,
    list: Vec<u32>,
    /// Per id: whether the object in a changed slot had it (when marked).
    id_flags: Vec<u8>,
    ids: Vec<u32>,
    /// More slots changed than `cap`: the list stopped growing.
    overflowed: bool,
    cap: usize,
}

impl ChangedSlots {
    /// Notes that `slot` changed; `slot_ids[slot]` is the object in it
    /// (read only while the list is not over its cap: a full step reads no
    /// ids).
    #[inline(always)]
    pub(super) fn mark(&mut self, slot: u32, slot_ids: &[u32]) {
        // Inline only this test: a step moving everything gives up on the
        // list first (see `expect`), and then marks nothing.
        if !self.overflowed {
            self.mark_listed(slot, slot_ids);
        }
    }

    /// [`ChangedSlots::mark`] while the list has not given up.
    #[inline(never)]
    fn mark_listed(&mut self, slot: u32, slot_ids: &[u32]) {
        let s = slot as usize;
        if s >= self.flags.len() {
            self.flags.resize(s + 1, 0);
        }
        if self.flags[s] == 0 {
            if self.list.len() >= self.cap {
                self.overflowed = true;
                return;
            }
            self.flags[s] = 1;
            self.list.push(slot);
        }
        let id = slot_ids[s];
        let i = id as usize;
        if i >= self.id_flags.len() {
            self.id_flags.resize(i + 1, 0);
        }
        if self.id_flags[i] == 0 {
            self.id_flags[i] = 1;
            self.ids.push(id);
        }
    }

    /// Notes that `count` distinct slots are about to be marked: more than
    /// the cap overflows the list at once, instead of after filling it (a
    /// batch moving everything would fill the list to its cap for nothing).
    pub(super) fn expect(&mut self, count: usize) {
        if count > self.cap {
            self.overflowed = true;
        }
    }

    /// The changed slots in the order they were first marked, or `None`
    /// when more than the cap changed.
    pub(super) fn list(&self) -> Option<&[u32]> {
        (!self.overflowed).then_some(&self.list[..])
    }

    /// Whether the object `id` was in a changed slot (only meaningful while
    /// [`ChangedSlots::list`] is not `None`).
    #[inline]
    pub(super) fn contains_id(&self, id: u32) -> bool {
        self.id_flags.get(id as usize).is_some_and(|&f| f != 0)
    }

    /// Whether `slot` is in [`ChangedSlots::list`].
    #[inline]
    pub(super) fn contains(&self, slot: u32) -> bool {
        self.flags.get(slot as usize).is_some_and(|&f| f != 0)
    }

    /// Starts over after a `pairs()`: nothing changed yet; at most `cap`
    /// changes are listed before giving up.
    pub(super) fn clear(&mut self, cap: usize) {
        if self.overflowed {
            self.flags.fill(0);
            self.id_flags.fill(0);
        } else {
            for &s in &self.list {
                self.flags[s as usize] = 0;
            }
            for &id in &self.ids {
                self.id_flags[id as usize] = 0;
            }
        }
        self.list.clear();
        self.ids.clear();
        self.overflowed = false;
        self.cap = cap;
    }
}

#[cfg(test)]
mod tests {
    use super::ChangedSlots;

    #[test]
    fn lists_each_slot_once_and_gives_up_past_the_cap() {
        let ids: Vec<u32> = (0..12).map(|s| s * 10 + 1).collect();
        let mut c = ChangedSlots::default();
        c.clear(3);
        for s in [5, 2, 5, 9] {
            c.mark(s, &ids);
        }
        assert_eq!(c.list(), Some(&[5, 2, 9][..]));
        assert!(c.contains(5) && !c.contains(3) && !c.contains(100));
        assert!(c.contains_id(51) && c.contains_id(91) && !c.contains_id(31) && !c.contains_id(5000));
        c.mark(1, &ids);
        assert_eq!(c.list(), None, "a fourth slot passes the cap");
        c.clear(3);
        assert_eq!(c.list(), Some(&[][..]));
        assert!(!c.contains(5) && !c.contains(9), "cleared after overflowing too");
        assert!(!c.contains_id(51), "ids cleared too");
        c.expect(3);
        assert_eq!(c.list(), Some(&[][..]), "three coming fit under a cap of three");
        c.expect(4);
        assert_eq!(c.list(), None, "four coming overflow it at once");
        c.mark(5, &ids);
        assert_eq!(c.list(), None);
    }
}
