//! The loose grid's scratch for one band of rows of the `parallel`
//! feature's pair search (`parallel.rs`), apart so the grid's storage can
//! hold the bands without importing the search.

use crate::geometry::Aabb;

/// One band's scratch: its copy of a cell's objects, the oversize
/// searches reaching its current row, the row's crowded cells and its
/// occupancy masks (`row_walk.rs`).
#[derive(Debug, Default)]
pub(crate) struct BandScratch {
    pub(super) own: Vec<(u32, Aabb)>,
    pub(super) active: Vec<u32>,
    pub(super) crowded: Vec<u32>,
    pub(super) row_bits: super::row_bits::RowBits,
}

impl crate::parallel::Scratch for BandScratch {
    fn room(&self) -> usize {
        self.own.capacity().max(self.active.capacity())
    }
    fn reserve(&mut self, room: usize) {
        crate::parallel::Scratch::reserve(&mut self.own, room);
        crate::parallel::Scratch::reserve(&mut self.active, room);
    }
}
