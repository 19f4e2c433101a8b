//! Storage of the loose grid: cell heads, one record per proxy (an object is
//! listed in one cell at most, so its record is its list node), the
//! oversize list, scratch; and the O(1) list operations.

use super::oversize_cells::OversizeCells;
use crate::bit_set::BitSet;
use crate::geometry::Aabb;
use crate::geometry::CellRange;
use crate::grid::CellGeometry;
use crate::index::NULL_INDEX;

/// `home` of a proxy kept in the oversize list.
pub(super) const OVERSIZE: u32 = u32::MAX - 1;

/// Relative slack under the cell size for small objects, covering the
/// rounding of a box's width `max - min`.
const WIDTH_SLACK: f64 = 1.0 / (1u64 << 30) as f64;

/// One proxy's box, its home (a flat cell index, `OVERSIZE` or `NULL_INDEX`)
/// and the next proxy in its home cell's list: the record is the list node,
/// so `update` and `pairs` both stream the one array. The `World` numbers
/// proxies in space order (`world/slot_order.rs`), so a cell's list and its
/// neighbours' lie close together in memory. The back links live apart in
/// `LooseGrid::prevs` (only a change of cell reads them), which keeps this
/// record at 40 bytes: at 100k objects `pairs` is bound by memory traffic.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Proxy {
    pub aabb: Aabb,
    /// Next proxy in the cell's list.
    pub next: u32,
    pub home: u32,
}

pub(super) const ABSENT_PROXY: Proxy = Proxy {
    aabb: Aabb { min_x: 0.0, min_y: 0.0, max_x: 0.0, max_y: 0.0 },
    next: NULL_INDEX,
    home: NULL_INDEX,
};

/// A cell's list walked front to back: `(proxy, record)`.
pub(super) struct Listed<'a> {
    proxies: &'a [Proxy],
    next: u32,
}

impl<'a> Iterator for Listed<'a> {
    type Item = (u32, &'a Proxy);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.next == NULL_INDEX {
            return None;
        }
        let proxy = self.next;
        let record = &self.proxies[proxy as usize];
        self.next = record.next;
        Some((proxy, record))
    }
}

/// A loose grid listing each object in the one cell holding its centre. See
/// the module docs.
pub struct LooseGrid {
    pub(super) world: Aabb,
    pub(super) geometry: CellGeometry,
    /// Objects wider or taller than this go to the oversize list.
    pub(super) small_limit: f64,
    /// Per cell, the first proxy of its list (`NULL_INDEX` when empty). Heads
    /// only, to keep the array small: at 100k objects there are five cells
    /// per object.
    pub(super) heads: Vec<u32>,
    /// Cells with at least one object: the ones `pairs` visits.
    pub(super) occupied: BitSet,
    pub(super) proxies: Vec<Proxy>,
    /// Per proxy: the previous proxy in its cell's list (`NULL_INDEX` at the
    /// head), or for an oversize proxy its position in `oversize`.
    pub(super) prevs: Vec<u32>,
    /// Proxies larger than a cell: each searches the cells around the ones
    /// it reaches during `pairs`; they meet each other in a sort-and-sweep.
    pub(super) oversize: Vec<u32>,
    /// The oversize list filed for rays, rebuilt when a ray finds it stale.
    pub(super) oversize_cells: OversizeCells,
    pub(super) proxy_count: u32,
    // Scratch that grows and never shrinks, so warm calls allocate nothing.
    pub(super) own: Vec<(u32, Aabb)>,
    pub(super) oversize_items: Vec<(u32, Aabb)>,
    /// Per oversize proxy: the cells it searches, itself, its box.
    pub(super) oversize_reach: Vec<(CellRange, u32, Aabb)>,
    /// Indices into `oversize_reach` of those searching the current row.
    pub(super) active_oversize: Vec<u32>,
    /// The crowded cells of the row `pairs` is walking (`row_walk.rs`).
    pub(super) crowded_cells: Vec<u32>,
    /// The occupancy and lone-object masks of the row `pairs` is walking
    /// and the one below (`row_walk.rs`).
    pub(super) row_bits: super::row_bits::RowBits,
    pub(super) spare_proxies: Vec<Proxy>,
    pub(super) spare_prevs: Vec<u32>,
    /// The `parallel` feature's bands of rows: each band's pairs and scratch.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) bands: Vec<crate::parallel::Band<super::band_scratch::BandScratch>>,
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
            heads: vec![NULL_INDEX; geometry.cell_count()],
            occupied: BitSet::new(geometry.cell_count()),
            proxies: Vec::new(),
            prevs: Vec::new(),
            oversize: Vec::new(),
            oversize_cells: OversizeCells::new(geometry),
            proxy_count: 0,
            own: Vec::new(),
            oversize_items: Vec::new(),
            oversize_reach: Vec::new(),
            active_oversize: Vec::new(),
            crowded_cells: Vec::new(),
            row_bits: super::row_bits::RowBits::default(),
            spare_proxies: Vec::new(),
            spare_prevs: Vec::new(),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            bands: Vec::new(),
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
        self.small_limit = small_limit(&self.geometry);
        self.heads.clear();
        self.heads.resize(self.geometry.cell_count(), NULL_INDEX);
        self.occupied.reset(self.geometry.cell_count());
        self.oversize.clear();
        self.oversize_cells.stale = true;
        self.proxy_count = 0;
        for proxy in 0..self.proxies.len() {
            let p = self.proxies[proxy];
            if p.home != NULL_INDEX {
                self.proxies[proxy] = ABSENT_PROXY;
                self.insert_traced(proxy as u32, p.aabb, &mut crate::trace::NoTrace);
            }
        }
    }

    /// The home of a present proxy: a cell index or `OVERSIZE`.
    fn home_of_proxy(&self, proxy: u32) -> Option<u32> {
        self.proxies.get(proxy as usize).map(|p| p.home).filter(|&home| home != NULL_INDEX)
    }

    /// How many proxies the oversize list holds.
    #[must_use]
    pub fn oversize_count(&self) -> usize {
        self.oversize.len()
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

    /// The cell `(column, row)` where the proxy is listed, as [`LooseGrid::cells_of`].
    pub fn listed_cells(&self, proxy: u32, out: &mut Vec<(u32, u32)>) {
        if let Some(home) = self.home_of_proxy(proxy).filter(|&home| home != OVERSIZE) {
            out.push(self.geometry.coords(home));
        }
    }

    /// How many objects cell `(x, y)` lists (it must be in the grid).
    #[must_use]
    pub fn listed_count(&self, x: u32, y: u32) -> u32 {
        self.listed(self.geometry.index(x, y)).count() as u32
    }

    /// The cells whose objects `pairs` tests against this proxy: its home
    /// cell and the eight around it (half of them scanned when its own cell
    /// is processed, see [`LooseGrid::scanned_cells`], the other half when
    /// theirs are), or for an oversize proxy every cell it reaches grown by
    /// one. (Oversize proxies are also tested against each other.)
    pub fn searched_cells(&self, proxy: u32, out: &mut Vec<(i32, i32)>) {
        let range = match self.home_of_proxy(proxy) {
            None => return,
            Some(OVERSIZE) => self.geometry.range_of(&self.proxies[proxy as usize].aabb),
            Some(home) => {
                let (x, y) = self.geometry.coords(home);
                CellRange::cell(x, y)
            }
        };
        let r = range.grown_by_one(self.geometry.cols, self.geometry.rows);
        out.extend(r.cells().map(|(x, y)| (x as i32, y as i32)));
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
        self.occupied.for_each(self.geometry.cols, |cell, x, y| {
            visit(x, y, self.listed(cell).count() as u32);
        });
    }

    /// The proxies listed in `cell`, in list order, with their records.
    #[inline]
    pub(super) fn listed(&self, cell: u32) -> Listed<'_> {
        Listed { proxies: &self.proxies, next: self.heads[cell as usize] }
    }

    /// The flat index of cell `(x + dx, y + dy)`, if inside the grid.
    #[inline]
    pub(super) fn neighbour(&self, x: u32, y: u32, dx: i32, dy: i32) -> Option<u32> {
        let nx = x.checked_add_signed(dx).filter(|&nx| nx < self.geometry.cols)?;
        let ny = y.checked_add_signed(dy).filter(|&ny| ny < self.geometry.rows)?;
        Some(self.geometry.index(nx, ny))
    }

    /// Lists `proxy` at the head of `cell`'s list.
    pub(super) fn link(&mut self, proxy: u32, cell: u32) {
        let head = std::mem::replace(&mut self.heads[cell as usize], proxy);
        if head == NULL_INDEX {
            self.occupied.insert(cell);
        } else {
            self.prevs[head as usize] = proxy;
        }
        let p = &mut self.proxies[proxy as usize];
        p.home = cell;
        p.next = head;
        self.prevs[proxy as usize] = NULL_INDEX;
    }

    /// Takes `proxy` out of its home cell's list (its home is left stale for
    /// the caller to set).
    pub(super) fn unlink(&mut self, proxy: u32) {
        let Proxy { next, home, .. } = self.proxies[proxy as usize];
        let prev = self.prevs[proxy as usize];
        if prev != NULL_INDEX {
            self.proxies[prev as usize].next = next;
        } else {
            self.heads[home as usize] = next;
            if next == NULL_INDEX {
                self.occupied.remove(home);
            }
        }
        if next != NULL_INDEX {
            self.prevs[next as usize] = prev;
        }
    }

    pub(super) fn push_oversize(&mut self, proxy: u32) {
        let p = &mut self.proxies[proxy as usize];
        p.home = OVERSIZE;
        p.next = NULL_INDEX;
        self.prevs[proxy as usize] = self.oversize.len() as u32;
        self.oversize.push(proxy);
        self.oversize_cells.stale = true;
    }

    pub(super) fn remove_oversize(&mut self, proxy: u32) {
        let pos = self.prevs[proxy as usize] as usize;
        self.oversize.swap_remove(pos);
        self.oversize_cells.stale = true;
        if let Some(&moved) = self.oversize.get(pos) {
            self.prevs[moved as usize] = pos as u32;
        }
    }

    /// The home cell of a box, or `OVERSIZE` when it is too big to live in
    /// one.
    #[inline]
    pub(super) fn home_of(&self, aabb: &Aabb) -> u32 {
        home_in(&self.geometry, self.small_limit, aabb)
    }
}

/// [`LooseGrid::home_of`] for a grid of `geometry` whose objects may be up
/// to `small_limit` wide.
#[inline(always)]
pub(super) fn home_in(geometry: &CellGeometry, small_limit: f64, aabb: &Aabb) -> u32 {
    if aabb.width() <= small_limit && aabb.height() <= small_limit {
        let (x, y) = geometry.centre_cell(aabb);
        geometry.index(x, y)
    } else {
        OVERSIZE
    }
}

/// The four neighbours scanned from each cell, besides the cell itself
/// (right, lower left, lower, lower right); with their opposites they make
/// the eight, so every pair of adjacent cells is scanned once.
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
