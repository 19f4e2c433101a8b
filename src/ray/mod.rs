//! Rays (Metanet's N tutorial B, section 5): the Amanatides–Woo traversal of a uniform
//! grid, exact segment tests against N's tile shapes, boxes and circles,
//! casting against the tile grid with the cell-edge shortcut, and line of
//! sight.
//!
//! | file | job |
//! |---|---|
//! | `exact/` | exact arithmetic on `f64`s of any magnitude, for when a floating filter cannot decide: a big-integer kernel, rationals, the orientation and convex contacts, the order of two hits, quarter circles (its `mod.rs` maps the files) |
//! | `traversal.rs` | [`Traversal`]: the cells a segment passes through, in order, with entry points and DDA state; [`trace_cells`] |
//! | `segment_shapes.rs` | [`segment_tile`]: the first hit of a segment on one tile's shape |
//! | `segment_arc.rs` | the quarter circles' floating test, and whether it is certain |
//! | `surface_hit.rs` | [`SurfaceHit`] and the pieces every floating hit test finishes one with (the `t = 0` normal rule, a box's entry, a graze) |
//! | `box_cast.rs` | [`segment_aabb`], [`segment_circle`], [`first_box_hit`] for dynamic objects |
//! | `tile_cast.rs` | [`cast_tiles`] and [`line_of_sight`]: N tutorial B's DDA walk over edge states |
//! | `tests/` | differential tests against brute force on seeded random rays, of ordinary size and of any magnitude, and every structure's ray walk, one file per topic |
//!
//! # The rules
//! - **Parameter.** `t ∈ [0, 1]` along `(x0, y0) → (x1, y1)`; the `t` of a
//!   coordinate `p` is always `(p − p0) / (p1 − p0)`, so the traversal, the
//!   exact tests and the references agree bit for bit on every grid line.
//! - **Cells passed through** ([`trace_cells`], the contract's
//!   `traceCells`): those whose interior the segment's open parameter range
//!   enters. At an exact lattice point the walk goes straight to the
//!   diagonal cell, visiting neither side cell. A segment lying on a grid
//!   line counts for the cells to its right (below it for a horizontal
//!   line), as the half-open rule `floor(p / size)` of `cell_at` puts a
//!   point on a line; on the grid's right or bottom border that is no cell.
//!   A zero-length segment visits the one cell holding it by the same rule.
//!   Details in `traversal.rs`.
//! - **Hits are closed: touching counts**, for tiles, doors, boxes and
//!   circles alike. A segment that grazes a corner, runs along a face,
//!   is tangent to an arc, or starts or ends on a surface hits at the first
//!   point it touches. A segment lying on a face (a platform's top, a cell
//!   line along a wall) therefore hits where it first touches that face: at
//!   `t = 0` if it starts on it, else where it reaches the face's end. (The library's box-overlap rule is open — touching
//!   boxes do not overlap — but a ray is infinitely thin: with the open rule
//!   it would slip through the point where two tiles meet diagonally, and a
//!   closed door, a wall of zero thickness, would not stop it at all.)
//!   [`line_of_sight`] is therefore blocked by mere contact.
//! - **The hit's cell is a traced cell.** [`cast_tiles`] names one of the
//!   cells [`trace_cells`] gives for the same segment: the cell of the tile
//!   hit (for a closed door, the cell beyond it) whenever the segment passes
//!   through that cell at the hit — every ordinary hit; else, when it only
//!   touches a solid from a neighbouring cell (it runs along a face from the
//!   side the traversal does not take — a ceiling's underside, a wall's
//!   right face —, grazes a corner at a lattice point, ends on a face), the
//!   traced cell it is in there: the last entered at or before `t`. The
//!   normal says which face: a ray along the underside of a ceiling in row
//!   0 hits at `t = 0` with `(0, 1)` in the cell of row 1 below it. A
//!   segment that passes through no cell (it only touches the grid from
//!   outside, or lies on its right or bottom border) hits no tile, and
//!   [`line_of_sight`] is clear exactly when [`cast_tiles`] finds nothing.
//! - **Starting on or in a solid.** A segment that starts on a surface hits
//!   at `t = 0` with that surface's outward normal — never the reversed
//!   direction: the face it runs along if it lies on one (the platform's
//!   top gives `(0, −1)` in either direction); else, where surfaces meet at
//!   the start (a corner), the unit sum of those it starts into (all of
//!   them if it starts away; a surface parallel to it counts as one it runs
//!   along only if it stays on the solid, not if it leaves off the face's
//!   end). A segment that starts strictly inside hits at `t = 0` with the
//!   normal `(0, 0)`: there is no surface between its start and the solid.
//!   Where tiles meet at the start, the normal is the union's surface, not
//!   one tile's: a face shared by two solid tiles is inside (`(0, 0)`), and
//!   a normal leading into the neighbour is passed over for one that does
//!   not.
//! - **Normals** are unit and outward: a polygon face's normal, the radial
//!   normal on an arc (towards the centre for a concave tile), a box face's
//!   normal, and at an exact box corner the diagonal `(−sx, −sy)/√2`. A
//!   `solid` edge crossed by [`cast_tiles`] reports the edge's normal facing
//!   back against the ray.
//! - **Doors.** A closed door is a thin closed wall on its edge and blocks;
//!   an open door lets rays through the edge but does not remove a tile
//!   behind it.
//! - **Exact at any magnitude.** For ends anywhere in 5e-324 … 1.8e308
//!   (mixed signs and sizes), the cells [`trace_cells`] gives are those of
//!   the real segment, decided by exact orientation predicates (`exact/predicates.rs`),
//!   never by the rounded `t`; whether the segment touches a polygon tile
//!   (`full`, every slope), a closed door or a box ([`segment_aabb`],
//!   [`first_box_hit`]) is decided the same way, and whether it touches a
//!   quarter circle (the closed square and the closed disc of radius the
//!   tile's width around a corner, or the square minus the open disc) by a
//!   floating test where it is clear of the arc by more than its rounding,
//!   else by exact integer polynomials of degree up to 4 (`exact/arc.rs`):
//!   tangents, cusps and grazes within an ulp are decided exactly. So
//!   [`cast_tiles`] and [`line_of_sight`] agree with an exact brute force
//!   on every tile. The `t`, point and normal reported stay floating point
//!   (within rounding of the true contact for ordinary rays — near a
//!   tangent, a root's rounding, ~1e-8 of the tile; a contact the floating
//!   test rounds away is placed at the vertex, end or tangent point
//!   concerned; for ends so far away that `t` cannot resolve the grid, `t`
//!   is only as precise as 53 bits allow and the point is the contact on
//!   the segment's piece inside the grid). [`segment_tile`] on its own is
//!   that floating test.
//! - **Order.** Which of two hits comes first is decided by where the real
//!   segment first touches each solid, exactly, not by the rounded `t`s
//!   (for ends near ±1e308 the whole world lies within one ulp of `t`):
//!   each hit's exact parameter — a rational for a box, a door, a polygon
//!   face or a grid line, a root of a quadratic for an arc — is bounded in
//!   floating point (its rounded `t` where that is a clip's or a line's on
//!   the exact ends, else an interval rounded outward), and computed
//!   exactly only when the bounds overlap (`exact/order.rs`).
//!   [`first_box_hit`] and `World::cast_ray` (the tile hit against boxes,
//!   boxes against each other) order their hits this way; a tie is then the
//!   same point, and goes to the tile, then to the smaller id. Among tiles,
//!   [`cast_tiles`] still keeps the hit of smallest rounded `t` (the first
//!   found among equals): on a huge segment it is its piece inside the
//!   grid's `t`, which resolves the grid, but two tiles touched within
//!   rounding of each other (~1e-16 of the grid) may be taken in either
//!   order.
//! - **Input.** Non-finite coordinates hit and visit nothing
//!   ([`line_of_sight`] is then `false`). Every loop is bounded: the walk
//!   takes at most `cols + rows + 2` steps after clipping.

//!
//! # Example
//! ```
//! use broadphase::ray::{cast_tiles, first_box_hit, line_of_sight, trace_cells, GridDims};
//! use broadphase::tile_grid::{TileGrid, TileShape};
//! use broadphase::Aabb;
//!
//! let mut grid = TileGrid::new(6, 4, 10.0).unwrap();
//! grid.set_tile(3, 2, TileShape::from_name("slope45-br").unwrap()).unwrap();
//! let mut cells = Vec::new();
//! trace_cells(GridDims::of(&grid), 5.0, 25.0, 55.0, 25.0, &mut cells);
//! assert_eq!(cells, [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
//! // The slope's left side is `interesting`: the ray is tested against the
//! // exact shape and meets the sloped face at x + y = 60.
//! let hit = cast_tiles(&grid, 5.0, 25.0, 55.0, 25.0).unwrap();
//! assert_eq!((hit.x, hit.y, hit.col, hit.row), (35.0, 25.0, 3, 2));
//! assert!(!line_of_sight(&grid, 5.0, 25.0, 55.0, 25.0));
//! assert!(line_of_sight(&grid, 5.0, 15.0, 55.0, 15.0));
//! // Dynamic boxes: the nearest, ties to the smaller id.
//! let boxes = [(7, Aabb::from_xywh(20.0, 20.0, 5.0, 10.0)), (3, Aabb::from_xywh(20.0, 10.0, 5.0, 20.0))];
//! let first = first_box_hit(5.0, 25.0, 55.0, 25.0, boxes).unwrap();
//! assert_eq!((first.id, first.x, first.normal), (3, 20.0, (-1.0, 0.0)));
//! ```

mod box_cast;
pub(crate) mod exact;
mod segment_arc;
mod segment_shapes;
mod surface_hit;
mod tile_cast;
mod traversal;

#[cfg(test)]
mod tests;

pub use box_cast::{first_box_hit, segment_aabb, segment_circle, BoxHit};
pub(crate) use box_cast::{ranked_box_hit, RankedBoxHit};
pub(crate) use exact::Ends;
pub use segment_shapes::segment_tile;
pub use surface_hit::SurfaceHit;
pub(crate) use tile_cast::cast_tiles_contact;
pub use tile_cast::{cast_tiles, line_of_sight, TileHit};
pub use traversal::{trace_cells, trace_steps, CellVisit, DdaState, Entry, GridDims, Traversal};

/// The four ends of a segment, each finite, or an error naming the first
/// that is not (`x0`, `y0`, `x1`, `y1`).
pub fn check_segment(x0: f64, y0: f64, x1: f64, y1: f64) -> crate::error::Result<()> {
    use crate::error::finite;
    finite("x0", x0)?;
    finite("y0", y0)?;
    finite("x1", x1)?;
    finite("y1", y1)?;
    Ok(())
}
