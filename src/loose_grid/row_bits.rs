//! The occupancy masks `pairs` walks a row by (`row_walk.rs`), apart so
//! the grid's storage and the parallel bands can hold them without
//! importing the walk.

/// Per 64-cell word of a row: the occupied cells, and those holding one
/// object; for the row being walked and the one below.
#[derive(Debug, Default)]
pub(super) struct RowBits {
    pub(super) here: Vec<(u64, u64)>,
    pub(super) next: Vec<(u64, u64)>,
}

impl RowBits {
    /// Room for rows of `chunks` words.
    pub(super) fn resize(&mut self, chunks: usize) {
        self.here.resize(chunks, (0, 0));
        self.next.resize(chunks, (0, 0));
    }
}
