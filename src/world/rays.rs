//! Rays through the World (N tutorial B §5): Amanatides–Woo cell traversal of
//! the tile grid, and casts that stop at the first tile surface or object.

use std::cmp::Ordering;

use super::World;
use crate::error::Result;
use crate::geometry::Aabb;
use crate::ray::check_segment;
use crate::ray::Segment;
use crate::ray::{
    cast_tiles_contact, first_box_hit_ranked, trace_cells, BoxHit, Contact, Ends, GridDims, Interval, Ranked,
    RankedBoxHit, TileHit,
};

/// Pieces a cast cuts its segment into when asking the structure for boxes:
/// the pieces are searched in order and the search stops at the first hit,
/// so a short hit does not pay for the whole segment's bounding box.
const CAST_PIECES: u32 = 16;

/// The first thing a cast segment touches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// Fraction of the segment, `0..=1`.
    pub t: f64,
    /// x of the hit point.
    pub x: f64,
    /// y of the hit point.
    pub y: f64,
    /// Unit outward normal of the surface hit (at `t = 0`: the surface the
    /// start lies on, or `(0, 0)` when it starts strictly inside a solid).
    pub normal_x: f64,
    /// y component of the normal (`normal_x` above is its x).
    pub normal_y: f64,
    /// The object hit, or 0 for a tile.
    pub object_id: u32,
    /// The tile's cell for a tile hit; `-1` for an object.
    pub col: i64,
    /// The tile's row for a tile hit; `-1` for an object.
    pub row: i64,
}

impl World {
    /// `[col, row, …]` of the tile-grid cells the segment passes through, in
    /// order from the start, clipped to the grid, ignoring tiles.
    pub fn trace_cells(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<&[u32]> {
        check_segment(x0, y0, x1, y1)?;
        self.workspace.cells.clear();
        trace_cells(GridDims::of(&self.tiles), x0, y0, x1, y1, &mut self.workspace.cells);
        self.workspace.cells_out.clear();
        self.workspace.cells_out.extend(self.workspace.cells.iter().flat_map(|&(c, r)| [c, r]));
        Ok(&self.workspace.cells_out)
    }

    /// The first tile surface or object box the segment touches, if any. On
    /// a tie (the same point) the tile wins; between objects, the smaller
    /// id. Which is first is decided exactly, by where the real segment
    /// first touches each surface, not by the rounded `t`s (for ends near
    /// ±1e308 the whole world lies within one ulp of `t`). Objects come from
    /// the active structure's `query`, piece by piece along the segment, so
    /// every structure gives the same answer (the loose grid's objects whose
    /// centre cell the ray never visits included).
    pub fn cast_ray(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Option<RayHit>> {
        check_segment(x0, y0, x1, y1)?;
        let ends = ((x0, y0), (x1, y1));
        let tile = cast_tiles_contact(&self.tiles, x0, y0, x1, y1);
        // A bound of the tile hit's true `t` (its own if the cast knows one,
        // else a loose one from what it touched), made when first needed.
        let mut tile_bound = None;
        let object = self.first_object_hit(ends, tile.as_ref(), &mut tile_bound);
        Ok(match (tile, object) {
            (Some((t, contact, bound)), Some(o)) => {
                // The tile ranked only now that there is something to rank
                // it against, and only as tightly as that needs.
                let loose = *tile_bound.get_or_insert_with(|| bound.or_else(|| contact.coarse(ends)));
                let first = o.ranked().cmp_unranked(contact, bound, loose, ends);
                Some(if first == Ordering::Less { object_hit(o.hit) } else { t.into() })
            }
            (Some((t, ..)), None) => Some(t.into()),
            (None, o) => o.map(|o| object_hit(o.hit)),
        })
    }

    /// The object the segment touches first, searching no further than a
    /// tile hit `tile` (which ends the ray anyway): its rounded `t`, what it
    /// touched, and a bound of its true `t` if known; `tile_bound` is where
    /// the bound used is kept.
    fn first_object_hit(
        &mut self,
        ends: Ends,
        tile: Option<&(TileHit, Contact, Option<Interval>)>,
        tile_bound: &mut Option<Option<Interval>>,
    ) -> Option<RankedBoxHit> {
        let ((x0, y0), (x1, y1)) = ends;
        // Weighted form: x1 - x0 can overflow for finite ends near ±1.8e308
        // (and inf * 0 is NaN); this stays between the two ends.
        let point = |t: f64| (x0 * (1.0 - t) + x1 * t, y0 * (1.0 - t) + y1 * t);
        // Hits count when touching (closed boxes) while queries need interior
        // overlap: grow each piece's bounds a little, the exact test decides.
        let margin = 1e-9 * (1.0 + x0.abs().max(x1.abs()).max(y0.abs()).max(y1.abs()));
        let mut best: Option<RankedBoxHit> = None;
        let seg = Segment::new(x0, y0, x1, y1)?;
        let mut slots = std::mem::take(&mut self.workspace.ray_slots);
        for k in 0..CAST_PIECES {
            let (t_start, t_end) = (k as f64 / CAST_PIECES as f64, (k + 1) as f64 / CAST_PIECES as f64);
            // Stop where the tile hit is certainly before this piece (by a
            // bound of its true `t`: the rounded one may be off the other
            // way): a box met from here on is met after it.
            if let Some((hit, contact, bound)) = tile {
                if hit.t < t_start {
                    let loose = *tile_bound.get_or_insert_with(|| bound.or_else(|| contact.coarse(ends)));
                    // The loose bound (a bounding box's exit) may reach past
                    // this piece when the hit does not: then the tight one.
                    let before = |b: Option<Interval>| b.is_some_and(|b| b.hi < t_start);
                    if before(loose) || (bound.is_none() && before(Ranked::new(ends, *contact).bound)) {
                        break;
                    }
                }
            }
            let (ax, ay) = point(t_start);
            let (bx, by) = if k + 1 == CAST_PIECES { (x1, y1) } else { point(t_end) };
            let piece = Aabb {
                min_x: ax.min(bx) - margin,
                min_y: ay.min(by) - margin,
                max_x: ax.max(bx) + margin,
                max_y: ay.max(by) + margin,
            };
            slots.clear();
            self.structure.as_broad_phase().query(piece, &mut slots);
            let candidates = slots.iter().map(|&s| (self.objects.slot_ids[s as usize], self.aabb_of(s)));
            if let Some(hit) = first_box_hit_ranked(&seg, candidates) {
                if best.is_none_or(|b| hit.precedes(&b, ends)) {
                    best = Some(hit);
                }
            }
            // A box first touched after this piece's end comes after the
            // best so far if that one is certainly touched by then; a box
            // touched before it was met by this piece or an earlier one.
            if best.is_some_and(|b| b.bound.is_some_and(|b| b.hi <= t_end)) {
                break;
            }
        }
        self.workspace.ray_slots = slots;
        best
    }
}

impl From<TileHit> for RayHit {
    fn from(t: TileHit) -> RayHit {
        RayHit {
            t: t.t,
            x: t.x,
            y: t.y,
            normal_x: t.normal.0,
            normal_y: t.normal.1,
            object_id: 0,
            col: t.col.into(),
            row: t.row.into(),
        }
    }
}

fn object_hit(o: BoxHit) -> RayHit {
    RayHit {
        t: o.t,
        x: o.x,
        y: o.y,
        normal_x: o.normal.0,
        normal_y: o.normal.1,
        object_id: o.id,
        col: -1,
        row: -1,
    }
}
