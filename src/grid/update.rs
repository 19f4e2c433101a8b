//! Insert, update and remove: an update that keeps its cell range only stores
//! the new box; one that changes it unlinks the cells it left and links the
//! cells it entered, leaving the cells it kept alone. Each tells a
//! [`Tracer`] its steps (see `crate::trace`).

use super::storage::{Grid, ProxyBox, OVERSIZE};
use crate::geometry::Aabb;
use crate::geometry::CellRange;
use crate::index::NULL_INDEX;
use crate::trace::{Step, TraceKind, TraceReason, Tracer};

impl Grid {
    /// [`BroadPhase::insert`](crate::BroadPhase::insert), telling `t` each step: the cells
    /// the box reaches, and each cell it is listed in (or the oversize list, and why).
    pub fn insert_traced<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        let slot = proxy as usize;
        if self.first_entry.len() <= slot {
            self.first_entry.resize(slot + 1, NULL_INDEX);
            self.proxies.resize(slot + 1, ProxyBox::default());
            self.oversize_pos.resize(slot + 1, NULL_INDEX);
        }
        debug_assert_eq!(self.first_entry[slot], NULL_INDEX, "proxy {proxy} inserted twice");
        let range = self.geometry.range_of(&aabb);
        self.proxies[slot] = ProxyBox { aabb, range };
        self.proxy_count += 1;
        t.note(|| Step::new(TraceKind::Insert).of(proxy).at(aabb).count(self.proxy_count));
        t.note(|| self.cells_step(proxy, range));
        if self.is_oversize_range(&range) {
            self.push_oversize(proxy);
            t.note(|| self.oversize_step(proxy, range));
        } else {
            self.link_range(proxy, range, t);
        }
    }

    /// [`BroadPhase::update`](crate::BroadPhase::update), telling `t` each step: the cells it
    /// keeps, leaves and enters.
    pub fn update_traced<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        self.update_inline(proxy, aabb, t);
    }

    /// [`Grid::update_traced`], always inlined: `BroadPhase::update` inlines
    /// it into the World's loops, where the common case is left a box
    /// store and a comparison; the traced calls keep one copy of it.
    #[inline(always)]
    pub(super) fn update_inline<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        let slot = proxy as usize;
        debug_assert_ne!(self.first_entry[slot], NULL_INDEX, "proxy {proxy} is not present");
        t.note(|| Step::new(TraceKind::Update).of(proxy).at(aabb));
        self.proxies[slot].aabb = aabb;
        let old = self.proxies[slot].range;
        if self.geometry.keeps_range(&aabb, &old) {
            t.note(|| Step::new(TraceKind::Stays).because(TraceReason::SameCells).of(proxy));
            return;
        }
        self.change_range(proxy, &aabb, old, t);
    }

    /// The rest of [`Grid::update_traced`] for a box that crossed a cell
    /// line: kept out of line, so the common case (the box keeps its cells)
    /// stays small enough to inline into the World's loops.
    #[inline(never)]
    fn change_range<T: Tracer<Step>>(&mut self, proxy: u32, aabb: &Aabb, old: CellRange, t: &mut T) {
        let slot = proxy as usize;
        let new = self.geometry.range_of(aabb);
        if new == old {
            // Not reached: `keeps_range` answers as `range_of` does.
            t.note(|| Step::new(TraceKind::Stays).because(TraceReason::SameCells).of(proxy));
            return;
        }
        self.proxies[slot].range = new;
        t.note(|| self.cells_step(proxy, new));
        let was_oversize = self.first_entry[slot] == OVERSIZE;
        match (was_oversize, self.is_oversize_range(&new)) {
            (true, true) => {
                t.note(|| Step::new(TraceKind::Stays).because(TraceReason::StillOutside).of(proxy));
            }
            (true, false) => {
                self.remove_oversize(proxy);
                t.note(|| Step::new(TraceKind::TakeOut).because(TraceReason::StillOutside).of(proxy));
                self.link_range(proxy, new, t);
            }
            (false, true) => {
                self.unlink_all(proxy, t);
                self.push_oversize(proxy);
                t.note(|| self.oversize_step(proxy, new));
            }
            (false, false) => self.refile(proxy, old, new, t),
        }
    }

    /// [`BroadPhase::remove`](crate::BroadPhase::remove), telling `t` each cell it leaves.
    pub fn remove_traced<T: Tracer<Step>>(&mut self, proxy: u32, t: &mut T) {
        let slot = proxy as usize;
        debug_assert_ne!(self.first_entry[slot], NULL_INDEX, "proxy {proxy} is not present");
        t.note(|| {
            Step::new(TraceKind::Remove).of(proxy).at(self.proxies[slot].aabb).count(self.proxy_count - 1)
        });
        if self.first_entry[slot] == OVERSIZE {
            self.remove_oversize(proxy);
            t.note(|| Step::new(TraceKind::TakeOut).because(TraceReason::StillOutside).of(proxy));
        } else {
            self.unlink_all(proxy, t);
        }
        self.proxy_count -= 1;
    }

    fn is_oversize_range(&self, range: &CellRange) -> bool {
        range.len() > u64::from(self.max_cells_per_object)
    }

    /// Moves a proxy listed in the cells of `old` to the cells of `new`:
    /// entries in cells of both stay where they are.
    fn refile<T: Tracer<Step>>(&mut self, proxy: u32, old: CellRange, new: CellRange, t: &mut T) {
        let mut prev_of_proxy = NULL_INDEX;
        let mut entry = self.first_entry[proxy as usize];
        while entry != NULL_INDEX {
            let e = self.entries[entry as usize];
            let (x, y) = self.geometry.coords(e.cell);
            if new.contains(x, y) {
                t.note(|| self.cell_step(TraceKind::Stays, proxy, x, y).because(TraceReason::SameCells));
                prev_of_proxy = entry;
            } else {
                if prev_of_proxy == NULL_INDEX {
                    self.first_entry[proxy as usize] = e.next_of_proxy;
                } else {
                    self.entries[prev_of_proxy as usize].next_of_proxy = e.next_of_proxy;
                }
                self.unlink_and_free(entry);
                t.note(|| self.cell_step(TraceKind::TakeOut, proxy, x, y));
            }
            entry = e.next_of_proxy;
        }
        for y in new.row_start..new.row_end {
            for x in new.col_start..new.col_end {
                if !old.contains(x, y) {
                    self.link(proxy, x, y);
                    t.note(|| self.cell_step(TraceKind::Link, proxy, x, y));
                }
            }
        }
    }

    /// Lists `proxy` in every cell of `range` (its chain must be empty).
    // Inlined, as when the everyday code was its only caller (the traced
    // copy calls it too).
    #[inline(always)]
    pub(super) fn link_range<T: Tracer<Step>>(&mut self, proxy: u32, range: CellRange, t: &mut T) {
        for y in range.row_start..range.row_end {
            for x in range.col_start..range.col_end {
                self.link(proxy, x, y);
                t.note(|| self.cell_step(TraceKind::Link, proxy, x, y));
            }
        }
    }

    /// Removes every entry of `proxy`, leaving its chain empty (`NULL_INDEX`).
    // Inlined, as when the everyday code was its only caller (the traced
    // copy calls it too).
    #[inline(always)]
    pub(super) fn unlink_all<T: Tracer<Step>>(&mut self, proxy: u32, t: &mut T) {
        let mut entry = self.first_entry[proxy as usize];
        while entry != NULL_INDEX {
            let next = self.entries[entry as usize].next_of_proxy;
            let cell = self.entries[entry as usize].cell;
            self.unlink_and_free(entry);
            t.note(|| {
                let (x, y) = self.geometry.coords(cell);
                self.cell_step(TraceKind::TakeOut, proxy, x, y)
            });
            entry = next;
        }
        self.first_entry[proxy as usize] = NULL_INDEX;
    }

    /// A step of `proxy` at cell `(x, y)`: its bounds and how many objects
    /// it lists now.
    pub(super) fn cell_step(&self, kind: TraceKind, proxy: u32, x: u32, y: u32) -> Step {
        let count = self.cells[self.geometry.index(x, y) as usize].count;
        Step::new(kind).of(proxy).cell(x, y).at(self.geometry.cell_bounds(x, y)).count(count)
    }

    /// The cells `range` a box reaches: the first, the rectangle they make,
    /// how many against the most an object is listed in.
    fn cells_step(&self, proxy: u32, range: CellRange) -> Step {
        let first = self.geometry.cell_bounds(range.col_start, range.row_start);
        let last = self.geometry.cell_bounds(range.col_end - 1, range.row_end - 1);
        let step = Step::new(TraceKind::Cells).of(proxy).cell(range.col_start, range.row_start);
        step.at(first.union(&last)).count(range.len() as f64).limit(self.max_cells_per_object)
    }

    /// `proxy` goes onto the oversize list: it reaches too many cells.
    fn oversize_step(&self, proxy: u32, range: CellRange) -> Step {
        let step = Step::new(TraceKind::OutsideList).because(TraceReason::TooManyCells).of(proxy);
        step.count(range.len() as f64).limit(self.max_cells_per_object)
    }
}
