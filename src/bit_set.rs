//! A set of `u32` indices as a bitmap, one bit each. The grids mark their
//! non-empty cells in one, so a scan skips 64 empty cells per word read,
//! never mispredicts a branch on an empty cell, and meets the cells in
//! row-major order, the order their data was laid out in; the World marks
//! slots in them (those that may move, those a batch or a step placed).

/// A set of indices (grid cells, object slots), as a bitmap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// An empty set for cells `0..cells`.
    #[must_use]
    pub fn new(cells: usize) -> BitSet {
        BitSet { words: vec![0; cells.div_ceil(64)] }
    }

    /// How many indices it has room for: `0..room()` (a multiple of 64).
    #[must_use]
    pub fn room(&self) -> usize {
        self.words.len() * 64
    }

    /// Empties the set and resizes it for cells `0..cells`.
    pub fn reset(&mut self, cells: usize) {
        self.words.clear();
        self.words.resize(cells.div_ceil(64), 0);
    }

    /// Makes room for cells `0..cells` if the set is smaller (the new
    /// cells unmarked); never shrinks it.
    pub fn grow(&mut self, cells: usize) {
        let words = cells.div_ceil(64);
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
    }

    /// Copies `other` into this set, reusing its memory.
    pub fn copy_from(&mut self, other: &BitSet) {
        self.words.clone_from(&other.words);
    }

    #[inline]
    /// Marks `cell`.
    pub fn insert(&mut self, cell: u32) {
        self.words[(cell / 64) as usize] |= 1 << (cell % 64);
    }

    #[inline]
    /// Unmarks `cell`.
    pub fn remove(&mut self, cell: u32) {
        self.words[(cell / 64) as usize] &= !(1 << (cell % 64));
    }

    #[must_use]
    #[inline]
    /// Whether `cell` is marked (false past the set's range).
    pub fn contains(&self, cell: u32) -> bool {
        self.words.get((cell / 64) as usize).is_some_and(|w| w & (1 << (cell % 64)) != 0)
    }

    /// The marks of cells `first..first + len` (`len <= 32`, all inside
    /// the set's range) as the low bits of a word, cell `first` lowest.
    #[must_use]
    #[inline]
    pub fn window(&self, first: u32, len: u32) -> u64 {
        let (w, shift) = ((first / 64) as usize, first % 64);
        let mut bits = self.words[w] >> shift;
        if shift + len > 64 {
            bits |= self.words[w + 1] << (64 - shift);
        }
        bits & ((1u64 << len) - 1)
    }

    /// Number of cells in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[must_use]
    /// Whether no cell is marked.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Calls `visit(cell)` for every cell in the set, in ascending order.
    #[inline]
    pub fn for_each_member(&self, mut visit: impl FnMut(u32)) {
        for (w, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                visit(w as u32 * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    /// Calls `visit(cell, column, row)` for every cell in the set, in
    /// ascending order, for a grid `cols` cells wide.
    #[inline]
    pub fn for_each(&self, cols: u32, mut visit: impl FnMut(u32, u32, u32)) {
        let (mut row, mut row_start) = (0, 0);
        for (w, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = w as u32 * 64 + bits.trailing_zeros();
                bits &= bits - 1;
                while cell >= row_start + cols {
                    row_start += cols;
                    row += 1;
                }
                visit(cell, cell - row_start, row);
            }
        }
    }

    /// Calls `visit(cell)` for every cell of the set in `first..=last`, in
    /// ascending order.
    #[inline]
    pub fn for_each_in(&self, first: u32, last: u32, mut visit: impl FnMut(u32)) {
        let (first_word, last_word) = (first / 64, last / 64);
        for w in first_word..=last_word {
            let mut bits = self.words[w as usize];
            if w == first_word {
                bits &= !0 << (first % 64);
            }
            if w == last_word {
                bits &= !0 >> (63 - last % 64);
            }
            while bits != 0 {
                visit(w * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }
}
