//! Rays through the World (N tutorial B §5): Amanatides–Woo cell traversal of
//! the tile grid, and casts that stop at the first tile surface or object.

use std::cmp::Ordering;

use super::World;
use crate::broad_phase::RayControl;
use crate::error::Result;
use crate::geometry::Aabb;
use crate::ray::check_segment;
use crate::ray::{cast_tiles_contact, ranked_box_hit, BoxHit, Ends, RankedBoxHit, TileHit};
use crate::segment::{RayPath, Segment};

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
    /// The first tile surface or object box the segment touches, if any. On
    /// a tie (the same point) the tile wins; between objects, the smaller
    /// id. Which is first is decided exactly, by where the real segment
    /// first touches each surface, not by the rounded `t`s (for ends near
    /// ±1e308 the whole world lies within one ulp of `t`). Objects come from
    /// the active structure's walk along the segment, which visits every
    /// box the segment touches before the first hit, so every structure
    /// gives the same answer (the loose grid's objects whose centre cell
    /// the ray never visits, oversize ones and those outside the world
    /// included).
    pub fn cast_ray(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Option<RayHit>> {
        check_segment(x0, y0, x1, y1)?;
        let ends = ((x0, y0), (x1, y1));
        // Objects first: the structure's walk costs little per cell, and the
        // tile cast (an exact walk of the map) then stops at the object hit
        // instead of crossing the whole map. A tile touched after the
        // object's true `t` comes after it, so the cast may leave it out.
        let object = self.first_object_hit(ends);
        let limit = object.and_then(|o| o.bound).map_or(f64::INFINITY, |b| b.hi);
        let tile = cast_tiles_contact(&self.tiles, x0, y0, x1, y1, limit);
        Ok(match (tile, object) {
            (Some((t, contact, bound)), Some(o)) => {
                // The tile ranked only now that there is something to rank
                // it against, and only as tightly as that needs: a loose
                // bound first (its own if the cast knows one, else where
                // the segment is in the tile's box).
                let loose = bound.or_else(|| contact.coarse(ends));
                let first = o.ranked().cmp_unranked(contact, bound, loose, ends);
                Some(if first == Ordering::Less { object_hit(o.hit) } else { t.into() })
            }
            (Some((t, ..)), None) => Some(t.into()),
            (None, o) => o.map(|o| object_hit(o.hit)),
        })
    }

    /// The object the segment touches first: its rounded `t`, what it
    /// touched, and a bound of its true `t` if known. The active structure
    /// walks its cells or nodes along the segment
    /// ([`BroadPhase::walk_ray`]) and stops once nothing unvisited can come
    /// before the best hit so far.
    ///
    /// [`BroadPhase::walk_ray`]: crate::broad_phase::BroadPhase::walk_ray
    fn first_object_hit(&mut self, ends: Ends) -> Option<RankedBoxHit> {
        let ((x0, y0), (x1, y1)) = ends;
        let seg = Segment::new(x0, y0, x1, y1)?;
        let ray = RayPath::new(x0, y0, x1, y1)?;
        let slot_ids = &self.objects.slot_ids;
        let mut best: Option<RankedBoxHit> = None;
        self.structure.as_broad_phase().walk_ray(&ray, f64::INFINITY, &mut |slot, aabb| {
            visit_candidate(&seg, ends, slot_ids[slot as usize], *aabb, &mut best)
        });
        best
    }
}

/// Ranks one candidate against the best hit so far; a new best clips the
/// walk at a bound of its true `t` (nothing touched later can come first).
fn visit_candidate(
    seg: &Segment,
    ends: Ends,
    id: u32,
    aabb: Aabb,
    best: &mut Option<RankedBoxHit>,
) -> RayControl {
    let Some(hit) = ranked_box_hit(seg, id, aabb) else { return RayControl::Continue };
    if best.is_some_and(|b| !hit.precedes(&b, ends)) {
        return RayControl::Continue;
    }
    *best = Some(hit);
    match hit.bound {
        Some(b) => RayControl::Clip(b.hi),
        None => RayControl::Continue,
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
