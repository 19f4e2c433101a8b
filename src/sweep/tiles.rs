//! A moving box against the tile map: the first tile or closed door its
//! interior would overlap ([`sweep_tiles`]), and whether a resting box
//! overlaps any ([`box_overlaps`]).
//!
//! The swept box is walked in bands across the axis it moves faster on:
//! the rows (or columns) it enters, in order, and in each the cells it
//! covers while it is in that band, so the cost is the cells along the
//! way, not the area of the motion's bounding box, nor its speed. The walk
//! stops at the first band it enters after the earliest contact found.
//! The bands and cells are chosen in floating point widened past its
//! rounding, at any magnitude, so they hold every cell the exact box
//! enters; the exact tests decide.

use super::solids::{box_contact, tile_contact, Contact};
use super::time::BoxMotion;
use crate::geometry::Aabb;
use crate::tile_grid::{Door, TileGrid, TileShape};

/// The first tile or closed door a moving box meets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TileContact {
    pub contact: Contact,
    /// The tile's cell; for a closed door, the cell beyond it in the
    /// direction of motion across it (or beside it on the grid's border).
    pub col: u32,
    pub row: u32,
}

/// Far above the relative rounding of the few operations behind a bound
/// here, far below anything the walk could tell apart.
const RELATIVE_SLACK: f64 = 1.0 / (1u64 << 40) as f64;

/// `t` lowered (or raised, `up`) past its rounding.
#[inline]
fn widen(t: f64, up: bool) -> f64 {
    let slack = (t.abs() * RELATIVE_SLACK).min(f64::MAX) + 4.0 * f64::from_bits(1);
    if up {
        t + slack
    } else {
        t - slack
    }
}

/// The first tile or closed door the box of `m` meets as it moves: the
/// first time its interior overlaps a tile's exact solid or has a
/// closed door cross it (touching does not count), and the solid's
/// normal there; at `t = 0` with normal `(0, 0)` when it overlaps one
/// from the start. Exact at any magnitude; ties go to the first cell
/// walked.
pub(crate) fn sweep_tiles(grid: &TileGrid, m: &BoxMotion) -> Option<TileContact> {
    let mut best: Option<TileContact> = None;
    if !m.moves() {
        let b = Aabb { min_x: m.lo[0], min_y: m.lo[1], max_x: m.hi[0], max_y: m.hi[1] };
        for (col, row) in grid.touched_range(&b).cells() {
            offer_cell(grid, m, col, row, &mut best);
            if best.is_some() {
                break;
            }
        }
        return best;
    }
    // Bands across the axis of the faster motion: each band's run of
    // cells is then short.
    let along = if m.d[1].abs() >= m.d[0].abs() { 1 } else { 0 };
    let across = 1 - along;
    let counts = [grid.cols(), grid.rows()];
    let (d_along, d_across) = (m.d[along], m.d[across]);
    let (reach_lo, reach_hi) = (m.lo[along] + d_along.min(0.0), m.hi[along] + d_along.max(0.0));
    let (first, end) = cells_between(grid, widen(reach_lo, false), widen(reach_hi, true), counts[along]);
    let forward = d_along > 0.0;
    for i in 0..end.saturating_sub(first) {
        let k = if forward { first + i } else { end - 1 - i };
        // When the box's extent along the bands meets band k (closed).
        let (s0, s1) = if forward {
            ((grid.line(k) - m.hi[along]) / d_along, (grid.line(k + 1) - m.lo[along]) / d_along)
        } else {
            ((grid.line(k + 1) - m.lo[along]) / d_along, (grid.line(k) - m.hi[along]) / d_along)
        };
        let (s0, s1) = (widen(s0, false), widen(s1, true));
        let limit = best.map_or(1.0, |b| b.contact.time.hi.min(1.0));
        if s0 > limit {
            break;
        }
        if s1 < 0.0 {
            continue;
        }
        let (u0, u1) = (s0.max(0.0), s1.min(limit));
        // The box's extent across the bands meanwhile.
        let (a, b) = (d_across * u0, d_across * u1);
        let (lo, hi) = (m.lo[across] + a.min(b), m.hi[across] + a.max(b));
        let margin = (m.lo[across].abs() + m.hi[across].abs() + a.abs() + b.abs()) * RELATIVE_SLACK
            + d_across.abs() * 8.0 * f64::from_bits(1)
            + grid.tile_size() * RELATIVE_SLACK;
        let (j0, j1) = cells_between(grid, lo - margin, hi + margin, counts[across]);
        for j in j0..j1 {
            let (col, row) = if along == 1 { (j, k) } else { (k, j) };
            offer_cell(grid, m, col, row, &mut best);
        }
    }
    best
}

/// Whether the box's interior overlaps a tile's solid or is crossed by
/// a closed door, exactly (touching does not count).
pub(crate) fn box_overlaps(grid: &TileGrid, b: &Aabb) -> bool {
    // The cells the box may overlap (a few more perhaps: each is
    // tested exactly).
    let slack = |v: f64| v.abs() * RELATIVE_SLACK + grid.tile_size() * RELATIVE_SLACK;
    let (c0, c1) = cells_between(grid, b.min_x - slack(b.min_x), b.max_x + slack(b.max_x), grid.cols());
    let (r0, r1) = cells_between(grid, b.min_y - slack(b.min_y), b.max_y + slack(b.max_y), grid.rows());
    let closed = Door::code(Some(Door::Closed));
    let m = BoxMotion { lo: [b.min_x, b.min_y], hi: [b.max_x, b.max_y], d: [0.0, 0.0] };
    for row in r0..r1 {
        let (y0, y1) = (grid.line(row), grid.line(row + 1));
        if !(b.min_y < y1 && y0 < b.max_y) {
            continue;
        }
        for col in c0..c1 {
            let (x0, x1) = (grid.line(col), grid.line(col + 1));
            if !(b.min_x < x1 && x0 < b.max_x) {
                continue;
            }
            // The interiors of the box and the cell overlap.
            match grid.tiles()[grid.cell_index(col, row)] {
                TileShape::Empty => {}
                TileShape::Full => return true,
                shape => {
                    let cell = Aabb { min_x: x0, min_y: y0, max_x: x1, max_y: y1 };
                    if tile_contact(&m, shape, &cell).is_some() {
                        return true;
                    }
                }
            }
            if grid.closed_door_count() == 0 {
                continue;
            }
            // Doors on the cell's left and top lines strictly inside
            // the box (and right and bottom on the grid's border).
            let crosses_x = |x: f64| b.min_x < x && x < b.max_x;
            let crosses_y = |y: f64| b.min_y < y && y < b.max_y;
            if (crosses_x(x0) && grid.doors()[grid.vertical_slot(col, row)] == closed)
                || (crosses_y(y0) && grid.doors()[grid.horizontal_slot(col, row)] == closed)
                || (col + 1 == grid.cols()
                    && crosses_x(x1)
                    && grid.doors()[grid.vertical_slot(col + 1, row)] == closed)
                || (row + 1 == grid.rows()
                    && crosses_y(y1)
                    && grid.doors()[grid.horizontal_slot(col, row + 1)] == closed)
            {
                return true;
            }
        }
    }
    false
}

/// `[start, end)` of the cells `k` in `0..n` that may meet `[lo, hi]`:
/// every one that does, and perhaps one more each way (the bounds are
/// widened past the rounding of the division).
#[inline]
fn cells_between(grid: &TileGrid, lo: f64, hi: f64, n: u32) -> (u32, u32) {
    let count = f64::from(n);
    // Truncation is the floor for the non-negative values left by the
    // clamp (NaN, from an overflow, gives 0: then every cell).
    let start = crate::float::clamp(lo / grid.tile_size(), 0.0, count) as u32;
    let end = crate::float::clamp(hi / grid.tile_size() + 1.0, 0.0, count) as u32;
    if lo.is_nan() || hi.is_nan() {
        return (0, n);
    }
    (start.min(end), end)
}

/// Offers the cell's tile and the closed doors on its left and top
/// sides (and right and bottom on the grid's border) to `best`: a box
/// whose interior a door crosses overlaps the cells on both sides of
/// it, so every door is offered from one of them.
#[inline]
fn offer_cell(grid: &TileGrid, m: &BoxMotion, col: u32, row: u32, best: &mut Option<TileContact>) {
    let shape = grid.tiles()[grid.cell_index(col, row)];
    if !shape.is_empty() {
        if let Some(c) = tile_contact(m, shape, &grid.cell_bounds(col, row)) {
            offer(m, TileContact { contact: c, col, row }, best);
        }
    }
    if grid.closed_door_count() == 0 {
        return;
    }
    let closed = Door::code(Some(Door::Closed));
    let left = grid.doors()[grid.vertical_slot(col, row)] == closed;
    let top = grid.doors()[grid.horizontal_slot(col, row)] == closed;
    let right = col + 1 == grid.cols() && grid.doors()[grid.vertical_slot(col + 1, row)] == closed;
    let bottom = row + 1 == grid.rows() && grid.doors()[grid.horizontal_slot(col, row + 1)] == closed;
    if !(left || top || right || bottom) {
        return;
    }
    let (x0, y0, x1, y1) = (grid.line(col), grid.line(row), grid.line(col + 1), grid.line(row + 1));
    let mut door = |door: Aabb, vertical: bool| {
        if let Some(c) = box_contact(m, &door) {
            let (col, row) = beyond_door(grid, m, col, row, &door, vertical);
            offer(m, TileContact { contact: c, col, row }, best);
        }
    };
    if left {
        door(Aabb { min_x: x0, min_y: y0, max_x: x0, max_y: y1 }, true);
    }
    if top {
        door(Aabb { min_x: x0, min_y: y0, max_x: x1, max_y: y0 }, false);
    }
    if right {
        door(Aabb { min_x: x1, min_y: y0, max_x: x1, max_y: y1 }, true);
    }
    if bottom {
        door(Aabb { min_x: x0, min_y: y1, max_x: x1, max_y: y1 }, false);
    }
}

/// The cell beyond a door (on the line through `door`) in the direction
/// the box crosses it, or beside it on the border; `(col, row)` is a
/// cell the door bounds.
fn beyond_door(
    grid: &TileGrid,
    m: &BoxMotion,
    col: u32,
    row: u32,
    door: &Aabb,
    vertical: bool,
) -> (u32, u32) {
    if vertical {
        let k = if door.min_x == grid.line(col) { col } else { col + 1 };
        let c = if m.d[0] >= 0.0 { k.min(grid.cols() - 1) } else { k.saturating_sub(1) };
        (c, row)
    } else {
        let k = if door.min_y == grid.line(row) { row } else { row + 1 };
        let r = if m.d[1] >= 0.0 { k.min(grid.rows() - 1) } else { k.saturating_sub(1) };
        (col, r)
    }
}

/// Keeps the earlier contact (the one found first on a tie, unless only
/// the new one overlaps from the start).
#[inline]
fn offer(m: &BoxMotion, c: TileContact, best: &mut Option<TileContact>) {
    let better = match best {
        None => true,
        Some(b) => match c.contact.time.cmp(&b.contact.time, m) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => c.contact.inside() && !b.contact.inside(),
            std::cmp::Ordering::Greater => false,
        },
    };
    if better {
        *best = Some(c);
    }
}
