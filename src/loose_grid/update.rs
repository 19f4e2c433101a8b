//! Insert, update and remove, each O(1): an update that keeps its home cell
//! only stores the new box; one that changes it moves one list link. Each
//! tells a [`Tracer`] its steps (see `crate::trace`).

use super::storage::{LooseGrid, Proxy, ABSENT_PROXY, OVERSIZE};
use crate::geometry::midpoint;
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::trace::{Step, TraceKind, TraceReason, Tracer};

impl LooseGrid {
    /// [`BroadPhase::insert`](crate::BroadPhase::insert), telling `t` each step: the home cell
    /// of the box's centre (or the oversize list, and why).
    pub fn insert_traced<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        let index = proxy as usize;
        if self.proxies.len() <= index {
            self.proxies.resize(index + 1, ABSENT_PROXY);
            self.prevs.resize(index + 1, NULL_INDEX);
        }
        debug_assert_eq!(self.proxies[index].home, NULL_INDEX, "proxy {proxy} inserted twice");
        self.proxies[index].aabb = aabb;
        self.proxy_count += 1;
        t.note(|| Step::new(TraceKind::Insert).of(proxy).at(aabb).count(self.proxy_count));
        let home = self.home_of(&aabb);
        match home {
            OVERSIZE => self.push_oversize(proxy),
            home => self.link(proxy, home),
        }
        t.note(|| self.filed_step(proxy, &aabb, home));
    }

    /// [`BroadPhase::update`](crate::BroadPhase::update), telling `t` each step: whether it
    /// keeps its home cell. Touches only the proxy's own record unless the
    /// object changes cell.
    pub fn update_traced<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        self.update_inline(proxy, aabb, t);
    }

    /// [`LooseGrid::update_traced`], always inlined: `BroadPhase::update` inlines
    /// it into the World's loops, where the common case is left a box
    /// store and a comparison; the traced calls keep one copy of it.
    #[inline(always)]
    pub(super) fn update_inline<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        t.note(|| Step::new(TraceKind::Update).of(proxy).at(aabb));
        let p = &mut self.proxies[proxy as usize];
        debug_assert_ne!(p.home, NULL_INDEX, "proxy {proxy} is not present");
        p.aabb = aabb;
        let old = p.home;
        let new = self.home_of(&aabb);
        if new == old && old != OVERSIZE {
            t.note(|| Step::new(TraceKind::Stays).because(TraceReason::SameCells).of(proxy));
            return;
        }
        self.refile(proxy, &aabb, old, new, t);
    }

    /// The rest of [`LooseGrid::update_traced`] for a box that changed its
    /// home or lives on the oversize list: kept out of line, so the common
    /// case (the box keeps its cell) stays small enough to inline into the
    /// World's step.
    #[inline(never)]
    pub(super) fn refile<T: Tracer<Step>>(&mut self, proxy: u32, aabb: &Aabb, old: u32, new: u32, t: &mut T) {
        if new == old {
            // An oversize box moved: the rays' filing of the list is stale.
            self.oversize_cells.stale = true;
            t.note(|| Step::new(TraceKind::Stays).because(TraceReason::StillOutside).of(proxy));
            return;
        }
        match old {
            OVERSIZE => self.remove_oversize(proxy),
            _ => self.unlink(proxy),
        }
        match new {
            OVERSIZE => self.push_oversize(proxy),
            home => self.link(proxy, home),
        }
        t.note(|| self.take_out_step(proxy, old));
        t.note(|| self.filed_step(proxy, aabb, new));
    }

    /// [`BroadPhase::remove`](crate::BroadPhase::remove), telling `t` each step.
    pub fn remove_traced<T: Tracer<Step>>(&mut self, proxy: u32, t: &mut T) {
        let home = self.proxies[proxy as usize].home;
        debug_assert_ne!(home, NULL_INDEX, "proxy {proxy} is not present");
        t.note(|| {
            let aabb = self.proxies[proxy as usize].aabb;
            Step::new(TraceKind::Remove).of(proxy).at(aabb).count(self.proxy_count - 1)
        });
        match home {
            OVERSIZE => self.remove_oversize(proxy),
            _ => self.unlink(proxy),
        }
        t.note(|| self.take_out_step(proxy, home));
        self.proxies[proxy as usize] = ABSENT_PROXY;
        self.proxy_count -= 1;
    }

    /// `proxy` (box `aabb`) just filed in `home`: the cell, or the oversize list.
    fn filed_step(&self, proxy: u32, aabb: &Aabb, home: u32) -> Step {
        match home {
            OVERSIZE => self.oversize_step(proxy, aabb),
            home => self.home_step(proxy, aabb, home),
        }
    }

    /// `proxy` (box `aabb`) just listed in cell `home`: the cell, whether it
    /// holds the box's centre or is the border cell nearest to it, how many
    /// objects it lists now, and the largest size an object in a cell may
    /// have.
    fn home_step(&self, proxy: u32, aabb: &Aabb, home: u32) -> Step {
        let (x, y) = self.geometry.coords(home);
        let bounds = self.geometry.cell_bounds(x, y);
        let (cx, cy) = (midpoint(aabb.min_x, aabb.max_x), midpoint(aabb.min_y, aabb.max_y));
        let reason = if bounds.contains_point_half_open(cx, cy) {
            TraceReason::Centre
        } else {
            TraceReason::CentreClamped
        };
        let count = self.listed(home).count() as u32;
        let step = Step::new(TraceKind::Home).because(reason).of(proxy).cell(x, y).at(bounds);
        step.count(count).limit(self.small_limit)
    }

    /// `proxy` goes onto the oversize list: its box is larger than a cell's objects may be.
    fn oversize_step(&self, proxy: u32, aabb: &Aabb) -> Step {
        let step = Step::new(TraceKind::OutsideList).because(TraceReason::LargerThanCell).of(proxy);
        let size = if aabb.width() > aabb.height() { aabb.width() } else { aabb.height() };
        step.count(size).limit(self.small_limit)
    }

    /// `proxy` left `home`: a cell (how many it lists now) or the oversize list.
    fn take_out_step(&self, proxy: u32, home: u32) -> Step {
        if home == OVERSIZE {
            return Step::new(TraceKind::TakeOut).because(TraceReason::StillOutside).of(proxy);
        }
        let (x, y) = self.geometry.coords(home);
        let count = self.listed(home).count() as u32;
        Step::new(TraceKind::TakeOut).of(proxy).cell(x, y).at(self.geometry.cell_bounds(x, y)).count(count)
    }

    /// Appends the present proxies in the order `pairs` reads them: cells
    /// row by row, each cell's list in order, then the oversize list.
    pub(super) fn space_order(&self, out: &mut Vec<u32>) -> bool {
        self.occupied.for_each(self.geometry.cols, |cell, _, _| {
            out.extend(self.listed(cell).map(|(proxy, _)| proxy));
        });
        out.extend_from_slice(&self.oversize);
        true
    }

    /// Renames the proxies (see [`crate::broad_phase::BroadPhase::relabel`]): records
    /// move to their new numbers and every link (list neighbours, cell
    /// heads, the oversize list) follows. Each record and back link is
    /// gathered in its new place with its links renamed on the way, in one
    /// pass, so both arrays are read and written once (moving them, then
    /// renaming in a second pass, cost half as much again).
    pub(super) fn relabel(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        debug_assert_eq!(old_of_new.len(), self.proxy_count as usize, "a renaming of every present proxy");
        let rename = |p: u32| if p == NULL_INDEX { NULL_INDEX } else { new_of_old[p as usize] };
        let (mut proxies, mut prevs) =
            (std::mem::take(&mut self.spare_proxies), std::mem::take(&mut self.spare_prevs));
        proxies.clear();
        prevs.clear();
        proxies.reserve(old_of_new.len());
        prevs.reserve(old_of_new.len());
        for &old in old_of_new {
            let p = self.proxies[old as usize];
            let prev = self.prevs[old as usize];
            // An oversize proxy's `prev` is its position in the list.
            prevs.push(if p.home == OVERSIZE { prev } else { rename(prev) });
            proxies.push(Proxy { next: rename(p.next), ..p });
        }
        self.spare_proxies = std::mem::replace(&mut self.proxies, proxies);
        self.spare_prevs = std::mem::replace(&mut self.prevs, prevs);
        let heads = &mut self.heads;
        self.occupied.for_each(self.geometry.cols, |cell, _, _| {
            heads[cell as usize] = rename(heads[cell as usize]);
        });
        for proxy in &mut self.oversize {
            *proxy = new_of_old[*proxy as usize];
        }
        self.oversize_cells.stale = true;
    }
}
