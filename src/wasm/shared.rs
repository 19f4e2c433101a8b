//! The one `World` a JS `World` and its `TileGrid` handle share, and a
//! count of the calls that may have changed it, by which each handle knows
//! when a view it publishes must be written afresh (`published.rs`).

use std::cell::{Cell, Ref, RefCell, RefMut};

use crate::World;

/// A World and the number of mutable borrows taken of it so far. Every
/// edit goes through [`SharedWorld::borrow_mut`], so the count moves with
/// every change (and with some calls that change nothing the views show:
/// a view is then copied once more than needed, never once too few).
pub(super) struct SharedWorld {
    world: RefCell<World>,
    changes: Cell<u64>,
}

impl SharedWorld {
    pub(super) fn new(world: World) -> SharedWorld {
        SharedWorld { world: RefCell::new(world), changes: Cell::new(0) }
    }

    /// The World, to read.
    #[inline]
    pub(super) fn borrow(&self) -> Ref<'_, World> {
        self.world.borrow()
    }

    /// The World, to change: counted as a change.
    #[inline]
    pub(super) fn borrow_mut(&self) -> RefMut<'_, World> {
        self.changes.set(self.changes.get().wrapping_add(1));
        self.world.borrow_mut()
    }

    /// The World, to change only what no published view holds (an object's
    /// velocity): not counted, so the views are not copied again for it.
    #[inline]
    pub(super) fn borrow_mut_unpublished(&self) -> RefMut<'_, World> {
        self.world.borrow_mut()
    }

    /// How many mutable borrows were taken so far.
    #[inline]
    pub(super) fn changes(&self) -> u64 {
        self.changes.get()
    }
}
