//! Exact segment against one tile's solid region (Metanet's N tutorial B, section 5: "ray
//! against line segment" for the slopes, the circle test for the curves).
//!
//! Every shape of N is the tile square cut by at most one more constraint:
//! `full` is the square; each slope is the square and one half-plane (its
//! one sloped edge; its axis-aligned edges all lie on the square); the
//! convex quarter circle is the square and a disc; the concave one is the
//! square minus an open disc. So the test clips the segment to the closed
//! square first (the slab clip shared with grid cells, so a face on a cell
//! line gets the same `t` as the traversal's crossing of that line) and
//! then solves the one constraint on the clipped piece only, in tile-local
//! units: the numbers stay near 1 however long the ray, so a 1e12-unit ray
//! is as accurate against a curve as a short one (the quarter circles'
//! test is `segment_arc.rs`).
//!
//! These tests are floating point: they place a hit. Whether a segment
//! touches at all, where rounding could say either, is for the exact
//! predicates (`exact/predicates.rs`, `exact/arc.rs`) that [`cast_tiles`] applies on
//! the segment's exact ends.
//!
//! [`cast_tiles`]: super::cast_tiles
//!
//! The solid region is **closed**: touching it (a vertex, a face along its
//! length, a tangent to an arc) is a hit, and a segment starting inside or
//! on it hits at `t = 0`: with the outward normal of the surface the start
//! lies on, or `(0, 0)` when it starts strictly inside (see the module docs).

use super::exact::ArcTile;
use super::segment_arc::hit_arc;
use super::surface_hit::{box_entry_with, finish, SurfaceHit, ON_SURFACE};
use crate::geometry::Aabb;
use crate::segment::Segment;
use crate::tile_grid::{to_world, TileGeometry, TilePolygon, TileShape};

/// The first point of the segment `(x0, y0) → (x1, y1)` in the closed solid
/// region of `shape` laid in the world box `tile` (as
/// [`TileGrid::tile_bounds`](crate::tile_grid::TileGrid::tile_bounds) gives
/// it); `None` if it misses, the shape is `empty`, or a coordinate is not
/// finite.
#[must_use]
pub fn segment_tile(shape: TileShape, tile: &Aabb, x0: f64, y0: f64, x1: f64, y1: f64) -> Option<SurfaceHit> {
    hit_tile(&Segment::new(x0, y0, x1, y1)?, shape, tile)
}

/// [`segment_tile`] on a prepared segment.
pub(crate) fn hit_tile(seg: &Segment, shape: TileShape, tile: &Aabb) -> Option<SurfaceHit> {
    match shape.geometry() {
        TileGeometry::Empty => None,
        TileGeometry::Polygon(p) => hit_polygon(seg, &p, tile),
        TileGeometry::QuarterCircle(q) => hit_arc(seg, &ArcTile::new(tile, q), true).hit,
    }
}

/// The floating test of a polygon tile: the square, then its one sloped edge.
fn hit_polygon(seg: &Segment, p: &TilePolygon, tile: &Aabb) -> Option<SurfaceHit> {
    let clip = seg.clip_box(tile)?;
    let a = seg.entry_point(&clip, tile);
    let b = seg.exit_point(&clip, tile);
    // At t = 0 the normal is the solid's surface at the start: the square's
    // faces through it (they bound the solid wherever the start is solid),
    // and the slope when the start is exactly on it.
    let square_entry = |on_curve: Option<(f64, f64)>| box_entry_with(seg, &clip, tile, on_curve);
    let n = p.vertices().len();
    // The one sloped edge, if any (`full` has none).
    let Some(i) = (0..n).find(|&i| {
        let (nx, ny) = p.edge_normal(i);
        nx != 0.0 && ny != 0.0
    }) else {
        return Some(square_entry(None));
    };
    let (nx, ny) = p.edge_normal(i);
    let (vx, vy) = to_world(tile, p.vertices()[i]);
    // Signed distances (scaled) beyond the slope: ≤ 0 is solid.
    let fa = nx * (a.0 - vx) + ny * (a.1 - vy);
    let fb = nx * (b.0 - vx) + ny * (b.1 - vy);
    let len = nx.hypot(ny);
    let slope = (nx / len, ny / len);
    if fa <= 0.0 {
        // On the slope within rounding (a start computed onto it):
        // the slope's normal at t = 0.
        let on_slope = fa >= -ON_SURFACE * len * (tile.max_x - tile.min_x);
        Some(square_entry(on_slope.then_some(slope)))
    } else if fb <= 0.0 {
        // fa > 0 >= fb, so the division is safe and u is in (0, 1].
        let u = fa / (fa - fb);
        let t = clip.t_in + u * (clip.t_out - clip.t_in);
        let point = (a.0 + u * (b.0 - a.0), a.1 + u * (b.1 - a.1));
        Some(finish(seg, t, point, slope, &[]))
    } else {
        None
    }
}
