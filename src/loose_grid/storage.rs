//! Storage of the loose grid: cells, one slot per object (an object is
//! listed in one cell at most, so its slot is its list node), the oversize
//! list, scratch; and the O(1) list operations.

use crate::geometry::Aabb;
use crate::grid::{CellBits, CellGeometry, CellRange};

/// Index sentinel: no proxy, no cell.
pub(super) const NULL: u32 = u32::MAX;
/// `slot` of a proxy that is not in the grid.
pub(super) const ABSENT: u32 = u32::MAX;
/// `home` of a proxy kept in the oversize list.
pub(super) const OVERSIZE: u32 = u32::MAX - 1;

/// Relative slack under the cell size for small objects, covering the
/// rounding of a box's width `max - min`.
const WIDTH_SLACK: f64 = 1.0 / (1u64 << 30) as f64;

/// One object's box (a copy, refreshed from its proxy's record at the
/// start of `pairs`), its place in its home cell's doubly linked list, and
/// its proxy. Slots, not proxies, are what the cell lists link, so they can
/// be renumbered in cell order (`compact.rs`) and `pairs` reads them front
/// to back.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    pub aabb: Aabb,
    /// Previous slot in the cell's list; for an oversize object, its
    /// position in `oversize`.
    pub prev: u32,
    /// Next slot in the cell's list.
    pub next: u32,
    /// The owner, or `NULL` for a free slot.
    pub proxy: u32,
}

/// What `update` needs per proxy, kept in proxy order so the update loop
/// reads it front to back: the box as last given, the slot, and the home
/// cell (a flat cell index or `OVERSIZE`). `slot` is `ABSENT` for a proxy
/// not in the grid.
#[derive(Clone, Copy, Debug)]
pub(super) struct ProxyRef {
    pub aabb: Aabb,
    pub slot: u32,
    pub home: u32,
}

pub(super) const ABSENT_REF: ProxyRef =
    ProxyRef { aabb: Aabb { min_x: 0.0, min_y: 0.0, max_x: 0.0, max_y: 0.0 }, slot: ABSENT, home: ABSENT };

#[derive(Clone, Copy, Debug)]
pub(super) struct Cell {
    pub head: u32,
    pub count: u32,
}

const EMPTY_CELL: Cell = Cell { head: NULL, count: 0 };

/// A loose grid listing each object in the one cell holding its centre. See
/// the module docs.
pub struct LooseGrid {
    pub(super) world: Aabb,
    pub(super) geometry: CellGeometry,
    /// Objects wider or taller than this go to the oversize list.
    pub(super) small_limit: f64,
    pub(super) cells: Vec<Cell>,
    /// Cells with at least one object: the ones `pairs` visits.
    pub(super) occupied: CellBits,
    pub(super) slots: Vec<Slot>,
    pub(super) free_slots: Vec<u32>,
    pub(super) refs: Vec<ProxyRef>,
    /// Slots of objects larger than a cell: each searches the cells around
    /// the ones it reaches during `pairs`; they meet each other in a
    /// sort-and-sweep.
    pub(super) oversize: Vec<u32>,
    pub(super) proxy_count: u32,
    /// Slots linked into a cell since the last compaction.
    pub(super) links_since_compaction: u32,
    /// Fewer slots than this are never compacted.
    pub(super) compaction_floor: u32,
    // Scratch that grows and never shrinks, so warm calls allocate nothing.
    pub(super) own: Vec<(u32, Aabb)>,
    pub(super) oversize_items: Vec<(u32, Aabb)>,
    pub(super) spare_slots: Vec<Slot>,
}

impl LooseGrid {
    /// An empty loose grid of square cells of `cell_size` anchored at
    /// `world`'s min corner; centres outside the world are clamped to the
    /// border cells. See [`CellGeometry::new`] for how an unusable cell size
    /// is replaced.
    ///
    /// # Example
    /// ```
    /// use broadphase::{Aabb, BroadPhase};
    /// use broadphase::loose_grid::LooseGrid;
    /// let mut grid = LooseGrid::new(Aabb::from_xywh(0.0, 0.0, 100.0, 100.0), 10.0);
    /// grid.insert(0, Aabb::from_xywh(8.0, 8.0, 4.0, 4.0)); // centre in cell (1, 1)
    /// grid.insert(1, Aabb::from_xywh(5.0, 11.0, 4.0, 4.0)); // centre in cell (0, 1)
    /// grid.insert(2, Aabb::from_xywh(-50.0, -50.0, 200.0, 200.0)); // oversize
    /// let mut pairs = Vec::new();
    /// grid.pairs(&mut pairs);
    /// let mut pairs: Vec<_> = pairs.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
    /// pairs.sort_unstable();
    /// assert_eq!(pairs, [(0, 1), (0, 2), (1, 2)]);
    /// ```
    #[must_use]
    pub fn new(world: Aabb, cell_size: f64) -> LooseGrid {
        let geometry = CellGeometry::new(&world, cell_size);
        LooseGrid {
            world,
            geometry,
            small_limit: small_limit(&geometry),
            cells: vec![EMPTY_CELL; geometry.cell_count()],
            occupied: CellBits::new(geometry.cell_count()),
            slots: Vec::new(),
            free_slots: Vec::new(),
            refs: Vec::new(),
            oversize: Vec::new(),
            proxy_count: 0,
            links_since_compaction: 0,
            compaction_floor: super::compact::MIN_SLOTS,
            own: Vec::new(),
            oversize_items: Vec::new(),
            spare_slots: Vec::new(),
        }
    }

    #[must_use]
    pub fn world(&self) -> Aabb {
        self.world
    }

    /// The cell size in use (the requested one unless it was unusable).
    #[must_use]
    pub fn cell_size(&self) -> f64 {
        self.geometry.cell_size
    }

    #[must_use]
    pub fn geometry(&self) -> &CellGeometry {
        &self.geometry
    }

    /// Number of proxies stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.proxy_count as usize
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.proxy_count == 0
    }

    /// Changes the cell size and files every proxy again.
    pub fn set_cell_size(&mut self, cell_size: f64) {
        self.geometry = CellGeometry::new(&self.world, cell_size);
        self.small_limit = small_limit(&self.geometry);
        self.cells.clear();
        self.cells.resize(self.geometry.cell_count(), EMPTY_CELL);
        self.occupied.reset(self.geometry.cell_count());
        self.oversize.clear();
        self.slots.clear();
        self.free_slots.clear();
        self.proxy_count = 0;
        for proxy in 0..self.refs.len() {
            let r = self.refs[proxy];
            if r.slot != ABSENT {
                self.refs[proxy] = ABSENT_REF;
                self.insert_proxy(proxy as u32, r.aabb);
            }
        }
    }

    /// The home of a present proxy: a cell index or `OVERSIZE`.
    fn home_of_proxy(&self, proxy: u32) -> Option<u32> {
        let r = self.refs.get(proxy as usize)?;
        (r.slot != ABSENT).then_some(r.home)
    }

    /// Whether the proxy is in the oversize list rather than in a cell.
    #[must_use]
    pub fn is_oversize(&self, proxy: u32) -> bool {
        self.home_of_proxy(proxy) == Some(OVERSIZE)
    }

    /// The cell `(column, row)` where the proxy is listed: its centre's cell
    /// (clamped); none for an oversize or absent proxy.
    pub fn cells_of(&self, proxy: u32, out: &mut Vec<(i32, i32)>) {
        match self.home_of_proxy(proxy) {
            None | Some(OVERSIZE) => {}
            Some(home) => {
                let (x, y) = self.geometry.coords(home);
                out.push((x as i32, y as i32));
            }
        }
    }

    /// The cells whose objects `pairs` tests against this proxy: its home
    /// cell and the eight around it (half of them scanned when its own cell
    /// is processed, see [`LooseGrid::scanned_cells`], the other half when
    /// theirs are), or for an oversize proxy every cell it reaches grown by
    /// one. (Oversize proxies are also tested against each other.)
    pub fn searched_cells(&self, proxy: u32, out: &mut Vec<(i32, i32)>) {
        let range = match self.home_of_proxy(proxy) {
            None => return,
            Some(OVERSIZE) => self.geometry.range_of(&self.refs[proxy as usize].aabb),
            Some(home) => {
                let (x, y) = self.geometry.coords(home);
                CellRange { x0: x, y0: y, x1: x, y1: y }
            }
        };
        let r = range.grown_by_one(&self.geometry);
        for y in r.y0..=r.y1 {
            out.extend((r.x0..=r.x1).map(|x| (x as i32, y as i32)));
        }
    }

    /// The five cells scanned when the proxy's home cell is processed in
    /// `pairs`: the cell itself, then east, south-west, south and south-east
    /// (y grows downward), those inside the grid.
    pub fn scanned_cells(&self, proxy: u32, out: &mut Vec<(i32, i32)>) {
        let home = match self.home_of_proxy(proxy) {
            None | Some(OVERSIZE) => return,
            Some(home) => home,
        };
        let (x, y) = self.geometry.coords(home);
        out.push((x as i32, y as i32));
        out.extend(FORWARD.iter().filter_map(|&(dx, dy)| self.neighbour(x, y, dx, dy)).map(|cell| {
            let (x, y) = self.geometry.coords(cell);
            (x as i32, y as i32)
        }));
    }

    /// Visits every non-empty cell as `(column, row, objects listed)`, for
    /// drawing occupancy. Allocates nothing.
    pub fn for_each_occupied_cell(&self, mut visit: impl FnMut(u32, u32, u32)) {
        self.occupied.for_each(self.geometry.cols, |cell, x, y| visit(x, y, self.cells[cell as usize].count));
    }

    /// The flat index of cell `(x + dx, y + dy)`, if inside the grid.
    #[inline]
    pub(super) fn neighbour(&self, x: u32, y: u32, dx: i32, dy: i32) -> Option<u32> {
        let nx = x.checked_add_signed(dx).filter(|&nx| nx < self.geometry.cols)?;
        let ny = y.checked_add_signed(dy).filter(|&ny| ny < self.geometry.rows)?;
        Some(self.geometry.index(nx, ny))
    }

    /// A slot for a new object, reusing a freed one if any.
    pub(super) fn allocate_slot(&mut self, proxy: u32, aabb: Aabb) -> u32 {
        let slot = Slot { aabb, prev: NULL, next: NULL, proxy };
        match self.free_slots.pop() {
            Some(index) => {
                self.slots[index as usize] = slot;
                index
            }
            None => {
                self.slots.push(slot);
                (self.slots.len() - 1) as u32
            }
        }
    }

    pub(super) fn free_slot(&mut self, slot: u32) {
        self.slots[slot as usize].proxy = NULL;
        self.free_slots.push(slot);
    }

    /// Lists `proxy`'s slot at the head of `cell`'s list.
    pub(super) fn link(&mut self, proxy: u32, cell: u32) {
        let r = &mut self.refs[proxy as usize];
        r.home = cell;
        let slot = r.slot;
        let c = &mut self.cells[cell as usize];
        let head = c.head;
        c.head = slot;
        c.count += 1;
        if c.count == 1 {
            self.occupied.insert(cell);
        }
        if head != NULL {
            self.slots[head as usize].prev = slot;
        }
        let s = &mut self.slots[slot as usize];
        s.prev = NULL;
        s.next = head;
        self.links_since_compaction += 1;
    }

    /// Takes `proxy`'s slot out of its home cell's list (its home is left
    /// stale for the caller to set).
    pub(super) fn unlink(&mut self, proxy: u32) {
        let ProxyRef { slot, home, .. } = self.refs[proxy as usize];
        let Slot { prev, next, .. } = self.slots[slot as usize];
        if prev != NULL {
            self.slots[prev as usize].next = next;
        } else {
            self.cells[home as usize].head = next;
        }
        if next != NULL {
            self.slots[next as usize].prev = prev;
        }
        let c = &mut self.cells[home as usize];
        c.count -= 1;
        if c.count == 0 {
            self.occupied.remove(home);
        }
    }

    pub(super) fn push_oversize(&mut self, proxy: u32) {
        let r = &mut self.refs[proxy as usize];
        r.home = OVERSIZE;
        let s = &mut self.slots[r.slot as usize];
        s.prev = self.oversize.len() as u32;
        s.next = NULL;
        self.oversize.push(r.slot);
    }

    pub(super) fn remove_oversize(&mut self, proxy: u32) {
        let slot = self.refs[proxy as usize].slot;
        let pos = self.slots[slot as usize].prev as usize;
        self.oversize.swap_remove(pos);
        if let Some(&moved) = self.oversize.get(pos) {
            self.slots[moved as usize].prev = pos as u32;
        }
    }

    /// The home cell of a box, or `OVERSIZE` when it is too big to live in
    /// one.
    #[inline]
    pub(super) fn home_of(&self, aabb: &Aabb) -> u32 {
        if aabb.width() <= self.small_limit && aabb.height() <= self.small_limit {
            let (x, y) = self.geometry.centre_cell(aabb);
            self.geometry.index(x, y)
        } else {
            OVERSIZE
        }
    }
}

/// The four neighbours scanned from each cell, besides the cell itself (the
/// seed's "right, lower right, lower, lower left"); with their opposites
/// they make the eight, so every pair of adjacent cells is scanned once.
pub(super) const FORWARD: [(i32, i32); 4] = [(1, 0), (-1, 1), (0, 1), (1, 1)];

/// The widest object that may live in a cell. Two points closer than this
/// can never be two columns apart: columns `i` and `i + 2` are separated by
/// all of column `i + 1`, at least `cell_size - 2·edge_error` wide.
pub(super) fn small_limit(geometry: &CellGeometry) -> f64 {
    geometry.cell_size * (1.0 - WIDTH_SLACK) - 4.0 * geometry.edge_error()
}

/// A default cell size for the loose grid: just above the 95th percentile
/// of the boxes' larger sides (× 1.05), so that all but the odd giant live in
/// cells, and cells hold no more than they must. (Measured: see the module
/// docs.) `1.0` for no boxes.
#[must_use]
pub fn suggested_cell_size(aabbs: impl Iterator<Item = Aabb>) -> f64 {
    crate::grid::extent_quantile(aabbs, 0.95).map_or(1.0, |e| 1.05 * e)
}
