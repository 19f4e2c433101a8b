//! The tree items' boxes as the threads of the parallel `World::step`
//! write them: each thread stores only the items of the proxies it moves.

use crate::geometry::Aabb;

/// The items' boxes, written by several threads at once, each only the
/// items of the proxies it moves: an item belongs to one proxy (under the
/// straddle policy a proxy has one item; under the leaves policy, the
/// items of its chain).
/// Holds the boxes borrowed mutably for `'a`, so nothing else reads or
/// writes them while a check holding it lives.
pub(super) struct ItemBoxes<'a> {
    at: *mut Aabb,
    len: usize,
    _boxes: std::marker::PhantomData<&'a mut [Aabb]>,
}

// SAFETY: `ItemBoxes` is only written through `ItemBoxes::store`, by
// the stay checks' `store_if_staying`, for the items of the proxy a thread
// moves; a proxy is moved by one thread, so no two threads touch one item,
// and nothing else reads the boxes while the step's threads run (the
// struct holds them borrowed mutably; the stay tests
// read nodes, item nodes, chains and stay intervals, never item boxes;
// a debug build reads back only the item it is about to store).
unsafe impl Send for ItemBoxes<'_> {}
// SAFETY: as above.
unsafe impl Sync for ItemBoxes<'_> {}

impl<'a> ItemBoxes<'a> {
    /// The boxes of `boxes`, borrowed mutably for as long as the check
    /// holding them lives.
    pub(super) fn of(boxes: &'a mut [Aabb]) -> ItemBoxes<'a> {
        ItemBoxes { at: boxes.as_mut_ptr(), len: boxes.len(), _boxes: std::marker::PhantomData }
    }

    /// Stores `aabb` in `item`, over `was` (checked in debug builds: the
    /// World's box before the move is the one the tree holds).
    ///
    /// # Safety
    /// No other thread reads or writes `item` while this runs: the caller
    /// moves the one proxy `item` belongs to.
    #[inline]
    pub(super) unsafe fn store(&self, item: u32, aabb: Aabb, was: Aabb) {
        assert!((item as usize) < self.len, "an item of the tree");
        // SAFETY: in bounds (checked); no other thread touches `item` (the
        // caller's promise).
        let at = unsafe { self.at.add(item as usize) };
        // SAFETY: as above.
        debug_assert!(unsafe { at.read() } == was, "item {item} held another box than the World's");
        let _ = was;
        // SAFETY: as above.
        unsafe { at.write(aabb) };
    }
}
