//! Storage of the normal grid: cells, entries (one per object per cell),
//! per-proxy state, scratch; and the O(1) list operations on them.

use super::cells::CellGeometry;
use crate::bit_set::BitSet;
use crate::geometry::Aabb;
use crate::geometry::CellRange;
use crate::index::NULL_INDEX;

/// Entry count below which compaction (`compact.rs`) is skipped:
/// everything sits in cache. (Tests lower it through `compaction_floor`.)
const MIN_ENTRIES: u32 = 2048;

/// `first_entry` of a proxy kept in the oversize list instead of the cells
/// (not an index: `u32::MAX - 1`).
pub(super) const OVERSIZE: u32 = u32::MAX - 1;

/// Objects reaching more cells than this are kept in the oversize list (see the
/// module docs for the measurement behind the number).
pub const DEFAULT_MAX_CELLS_PER_OBJECT: u32 = 64;

/// One object listed in one cell. A cell's entries form a doubly linked
/// list (O(1) unlink); a proxy's entries are chained through
/// `next_of_proxy`. Free entries are chained through `next`, with `cell`
/// set to `NULL_INDEX`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub proxy: u32,
    pub cell: u32,
    pub prev: u32,
    pub next: u32,
    pub next_of_proxy: u32,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Cell {
    pub head: u32,
    pub count: u32,
}

const EMPTY_CELL: Cell = Cell { head: NULL_INDEX, count: 0 };

/// A proxy's box and the cells it reaches (clamped; kept for oversize proxies
/// too).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ProxyBox {
    pub aabb: Aabb,
    pub range: CellRange,
}

/// A box in a cell's scratch copy during `pairs`: `corner_bits` says
/// whether the box's first column (bit 0) and first row (bit 1) are this
/// cell's, so the overlap-corner test is `bits_a | bits_b == 3`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    pub aabb: Aabb,
    pub proxy: u32,
    pub corner_bits: u32,
}

/// A uniform grid listing each object in every cell it reaches. See the
/// module docs.
pub struct Grid {
    pub(super) world: Aabb,
    pub(super) geometry: CellGeometry,
    pub(super) max_cells_per_object: u32,
    pub(super) cells: Vec<Cell>,
    /// Cells with at least one entry, for queries and drawing.
    pub(super) occupied: BitSet,
    /// Cells with at least two entries: the only ones `pairs` visits.
    pub(super) multi: BitSet,
    pub(super) entries: Vec<Entry>,
    pub(super) free_entry: u32,
    // Per proxy.
    /// Box and reached cells side by side: `pairs` reads both per entry.
    pub(super) proxies: Vec<ProxyBox>,
    /// Head of the proxy's entry chain, `NULL_INDEX` or `OVERSIZE`.
    pub(super) first_entry: Vec<u32>,
    pub(super) oversize_pos: Vec<u32>,
    /// Proxies reaching more than `max_cells_per_object` cells: not stored
    /// in cells; each searches the cells it reaches during `pairs`.
    pub(super) oversize: Vec<u32>,
    pub(super) proxy_count: u32,
    /// Entries linked since the last compaction: how far the entry array
    /// has drifted from cell order (see `compact.rs`).
    pub(super) links_since_compaction: u32,
    /// Fewer entries than this are never compacted.
    pub(super) compaction_floor: u32,
    // Scratch that grows and never shrinks, so warm calls allocate nothing.
    pub(super) items: Vec<Item>,
    pub(super) oversize_items: Vec<(u32, Aabb)>,
    pub(super) spare_entries: Vec<Entry>,
    pub(super) remap: Vec<u32>,
    pub(super) spare_proxies: Vec<ProxyBox>,
    pub(super) spare_u32: Vec<u32>,
    /// The `parallel` feature's bands of rows: each band's pairs and items.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) bands: Vec<crate::parallel::Band<Vec<Item>>>,
    /// The `parallel` feature's compaction: each entry's new index, written
    /// by the band that moves it (`parallel_compact.rs`).
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) remap_shared: Vec<std::sync::atomic::AtomicU32>,
    /// The `parallel` feature's compaction: its bands' rows and ranges.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) compact_bands: CompactBands,
}

/// The bands of the parallel compaction: each band's first row and first
/// new entry (and one past the last band's), kept so a warm call
/// allocates nothing.
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
#[derive(Debug, Default)]
pub(super) struct CompactBands {
    pub first_row: Vec<u32>,
    pub first_entry: Vec<u32>,
}

/// Whether cell `(x, y)` is the first column (bit 0) and the first row
/// (bit 1) of `range`.
#[inline]
pub(super) fn corner_bits(range: CellRange, x: u32, y: u32) -> u32 {
    u32::from(range.col_start == x) | u32::from(range.row_start == y) << 1
}

impl Grid {
    /// An empty grid of square cells of `cell_size` anchored at `world`'s
    /// min corner. The cell arrays cover `world`; objects outside it are
    /// filed in the border cells (coordinates are clamped), so memory stays
    /// bounded wherever objects go. See [`CellGeometry::new`] for how an
    /// unusable cell size is replaced.
    ///
    /// # Example
    /// ```
    /// use broadphase::{Aabb, BroadPhase};
    /// use broadphase::grid::Grid;
    /// let mut grid = Grid::new(Aabb::from_xywh(0.0, 0.0, 100.0, 100.0), 10.0);
    /// grid.insert(0, Aabb::from_xywh(8.0, 8.0, 4.0, 4.0)); // four cells
    /// grid.insert(1, Aabb::from_xywh(11.0, 11.0, 4.0, 4.0));
    /// let mut pairs = Vec::new();
    /// grid.pairs(&mut pairs);
    /// assert_eq!(pairs.len(), 1); // met in two cells, reported once
    /// assert!(pairs[0] == (0, 1) || pairs[0] == (1, 0));
    /// ```
    #[must_use]
    pub fn new(world: Aabb, cell_size: f64) -> Grid {
        let geometry = CellGeometry::new(&world, cell_size);
        Grid {
            world,
            geometry,
            max_cells_per_object: DEFAULT_MAX_CELLS_PER_OBJECT,
            cells: vec![EMPTY_CELL; geometry.cell_count()],
            occupied: BitSet::new(geometry.cell_count()),
            multi: BitSet::new(geometry.cell_count()),
            entries: Vec::new(),
            free_entry: NULL_INDEX,
            proxies: Vec::new(),
            first_entry: Vec::new(),
            oversize_pos: Vec::new(),
            oversize: Vec::new(),
            proxy_count: 0,
            links_since_compaction: 0,
            compaction_floor: MIN_ENTRIES,
            items: Vec::new(),
            oversize_items: Vec::new(),
            spare_entries: Vec::new(),
            remap: Vec::new(),
            spare_proxies: Vec::new(),
            spare_u32: Vec::new(),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            bands: Vec::new(),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            remap_shared: Vec::new(),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            compact_bands: CompactBands::default(),
        }
    }

    #[must_use]
    /// The world rectangle the cells cover.
    pub fn world(&self) -> Aabb {
        self.world
    }

    /// The cell size in use (the requested one unless it was unusable).
    #[must_use]
    pub fn cell_size(&self) -> f64 {
        self.geometry.cell_size
    }

    #[must_use]
    /// The cell geometry (origin, size, columns, rows).
    pub fn geometry(&self) -> &CellGeometry {
        &self.geometry
    }

    /// Number of proxies stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.proxy_count as usize
    }

    #[must_use]
    /// Whether the grid holds no object.
    pub fn is_empty(&self) -> bool {
        self.proxy_count == 0
    }

    /// Changes the cell size and files every proxy again.
    pub fn set_cell_size(&mut self, cell_size: f64) {
        self.geometry = CellGeometry::new(&self.world, cell_size);
        self.refile_all();
    }

    #[must_use]
    /// Most cells one object is filed in before it goes to the oversize list.
    pub fn max_cells_per_object(&self) -> u32 {
        self.max_cells_per_object
    }

    /// Objects reaching more cells than this (at least 1) go to the oversize
    /// list; files every proxy again.
    pub fn set_max_cells_per_object(&mut self, cells: u32) {
        self.max_cells_per_object = cells.max(1);
        self.refile_all();
    }

    fn refile_all(&mut self) {
        self.cells.clear();
        self.cells.resize(self.geometry.cell_count(), EMPTY_CELL);
        self.occupied.reset(self.geometry.cell_count());
        self.multi.reset(self.geometry.cell_count());
        self.entries.clear();
        self.free_entry = NULL_INDEX;
        self.oversize.clear();
        self.proxy_count = 0;
        for proxy in 0..self.first_entry.len() {
            if self.first_entry[proxy] != NULL_INDEX {
                self.first_entry[proxy] = NULL_INDEX;
                self.insert_traced(proxy as u32, self.proxies[proxy].aabb, &mut crate::trace::NoTrace);
            }
        }
    }

    /// Whether the proxy is in the oversize list rather than in cells.
    #[must_use]
    pub fn is_oversize(&self, proxy: u32) -> bool {
        self.first_entry.get(proxy as usize) == Some(&OVERSIZE)
    }

    /// The cells `(column, row)` where the proxy is listed; none for an oversize
    /// proxy or an absent one.
    pub fn cells_of(&self, proxy: u32, out: &mut Vec<(i32, i32)>) {
        let mut entry = self.first_entry.get(proxy as usize).copied().unwrap_or(NULL_INDEX);
        while entry != NULL_INDEX && entry != OVERSIZE {
            let e = &self.entries[entry as usize];
            let (x, y) = self.geometry.coords(e.cell);
            out.push((x as i32, y as i32));
            entry = e.next_of_proxy;
        }
    }

    /// The cells `(column, row)` where the proxy is listed, as [`Grid::cells_of`].
    pub fn listed_cells(&self, proxy: u32, out: &mut Vec<(u32, u32)>) {
        let mut entry = self.first_entry.get(proxy as usize).copied().unwrap_or(NULL_INDEX);
        while entry != NULL_INDEX && entry != OVERSIZE {
            let e = &self.entries[entry as usize];
            out.push(self.geometry.coords(e.cell));
            entry = e.next_of_proxy;
        }
    }

    /// How many objects cell `(x, y)` lists (it must be in the grid).
    #[must_use]
    pub fn listed_count(&self, x: u32, y: u32) -> u32 {
        self.cells[self.geometry.index(x, y) as usize].count
    }

    /// The cells whose objects `pairs` tests against this proxy: the cells it
    /// is listed in, or for an oversize proxy every cell it reaches. (Oversize proxies
    /// are also tested against each other, outside any cell.)
    pub fn searched_cells(&self, proxy: u32, out: &mut Vec<(i32, i32)>) {
        match self.first_entry.get(proxy as usize).copied() {
            None | Some(NULL_INDEX) => {}
            Some(OVERSIZE) => {
                let r = self.proxies[proxy as usize].range;
                out.extend(r.cells().map(|(x, y)| (x as i32, y as i32)));
            }
            Some(_) => self.cells_of(proxy, out),
        }
    }

    /// Visits every non-empty cell as `(column, row, objects listed)`, for
    /// drawing occupancy. Allocates nothing.
    pub fn for_each_occupied_cell(&self, mut visit: impl FnMut(u32, u32, u32)) {
        self.occupied.for_each(self.geometry.cols, |cell, x, y| visit(x, y, self.cells[cell as usize].count));
    }

    /// Lists `proxy` in cell `(x, y)`: a new entry at the head of the cell's
    /// list and of the proxy's chain.
    pub(super) fn link(&mut self, proxy: u32, x: u32, y: u32) {
        let cell = self.geometry.index(x, y);
        let c = self.cells[cell as usize];
        let next_of_proxy = match self.first_entry[proxy as usize] {
            NULL_INDEX | OVERSIZE => NULL_INDEX,
            first => first,
        };
        let entry = Entry { proxy, cell, prev: NULL_INDEX, next: c.head, next_of_proxy };
        let index = if self.free_entry != NULL_INDEX {
            let index = self.free_entry;
            self.free_entry = self.entries[index as usize].next;
            self.entries[index as usize] = entry;
            index
        } else {
            self.entries.push(entry);
            (self.entries.len() - 1) as u32
        };
        if c.head != NULL_INDEX {
            self.entries[c.head as usize].prev = index;
        }
        let c = &mut self.cells[cell as usize];
        c.head = index;
        c.count += 1;
        match c.count {
            1 => self.occupied.insert(cell),
            2 => self.multi.insert(cell),
            _ => {}
        }
        self.first_entry[proxy as usize] = index;
        self.links_since_compaction += 1;
    }

    /// Takes `entry` out of its cell's list and frees it; the caller fixes
    /// the proxy's chain.
    pub(super) fn unlink_and_free(&mut self, entry: u32) {
        let Entry { cell, prev, next, .. } = self.entries[entry as usize];
        if prev != NULL_INDEX {
            self.entries[prev as usize].next = next;
        } else {
            self.cells[cell as usize].head = next;
        }
        if next != NULL_INDEX {
            self.entries[next as usize].prev = prev;
        }
        let c = &mut self.cells[cell as usize];
        c.count -= 1;
        match c.count {
            0 => self.occupied.remove(cell),
            1 => self.multi.remove(cell),
            _ => {}
        }
        let e = &mut self.entries[entry as usize];
        e.cell = NULL_INDEX;
        e.next = self.free_entry;
        self.free_entry = entry;
    }

    pub(super) fn push_oversize(&mut self, proxy: u32) {
        self.oversize_pos[proxy as usize] = self.oversize.len() as u32;
        self.oversize.push(proxy);
        self.first_entry[proxy as usize] = OVERSIZE;
    }

    pub(super) fn remove_oversize(&mut self, proxy: u32) {
        let pos = self.oversize_pos[proxy as usize] as usize;
        self.oversize.swap_remove(pos);
        if let Some(&moved) = self.oversize.get(pos) {
            self.oversize_pos[moved as usize] = pos as u32;
        }
        self.first_entry[proxy as usize] = NULL_INDEX;
    }
}
