//! A ray against the tile grid (Metanet's N tutorial B, section 5): walk the DDA, stop at
//! the first `solid` edge crossed, test a tile's exact shape only when the
//! ray enters its cell across a non-solid edge, and cross `empty` edges
//! freely.
//!
//! What is hit is the union of the tiles' **closed** solid regions and the
//! closed doors (thin walls on cell edges). The first point of the segment
//! in that union is the answer, so the result equals the minimum over all
//! tiles and doors of the exact per-shape test — which is how the tests
//! check it. The edge states are only a shortcut to that answer:
//! - a `solid` edge crossed at an inner point is covered by a tile face or a
//!   closed door, so the crossing is the hit, without a shape test;
//! - any other edge into a non-empty cell means a shape test of that cell;
//!   that covers `interesting` edges, and also edges that are `empty`
//!   because they were simplified away between two solid faces or opened
//!   as a door — an open door removes the door, not the tiles behind it;
//! - a segment that starts in a non-empty cell tests it first, so a ray
//!   starting inside solid material reports `t = 0` even though the faces
//!   around it were simplified to `empty`.
//!
//! Simplified interior faces need no exception to the brute-force answer:
//! every point of a face between two solid tiles is itself solid, so a ray
//! can only reach one after it has already touched solid.
//!
//! Exactness: the cells walked are the exact segment's (`Traversal`), and
//! whether the segment touches a tile or a closed door is decided exactly
//! on its given ends: polygons (`full`, the slopes) and doors by exact
//! orientations (`exact/predicates.rs`), quarter circles by their floating test when
//! it is clear of the arc by more than its rounding (`segment_arc.rs`),
//! else in exact integers (`exact/arc.rs`). The floating shape test only
//! places the hit (`t`, point, normal); a contact it rounds away is placed
//! at the vertex or end concerned, or at the arc's tangent (clamp) point.
//! A segment far larger than the grid is walked by its exact ends, with its
//! shape tests and `t`s on its piece inside the grid. Among the hits found,
//! the one of smallest rounded `t` wins (the first found among equals); it
//! is reported with what it touched (`exact/order.rs`), so that
//! `World::cast_ray` can order it exactly against a box.
//!
//! Touching counts, so the places where a segment touches cells it does not
//! pass through are tested too (all rare; each costs at most four shape
//! tests): its start and end points, the lattice points it crosses exactly
//! (the side cells the traversal skips), and, for a segment lying along a
//! grid line, the cells on both sides of the line. Cells there are chosen
//! within `1e-9` cells of the point, because the shape tests decide by `t`
//! and a point computed from `t` can sit a rounding error off its line.
//! For the same reason a `solid` edge crossed within `1e-9` cells of its
//! end is handed to the exact tests of the four cells around that lattice
//! point: there a slope's vertex or a concave tile's cusp meets the face,
//! and only the shape test can say, as brute force does, whether the ray
//! touches. With these rules the cast agrees with brute force on every
//! seeded test ray, lattice points and rays along lines included.

use super::exact::ArcTile;
use super::exact::{Contact, Interval};
use super::segment_arc::{graze_arc, hit_arc};
use super::segment_shapes::hit_tile;
use super::surface_hit::{box_entry, graze, unit, SurfaceHit};
use super::traversal::{estimate_cell, AxisWalk, CellVisit, Entry, Exact, GridDims, Traversal};
use crate::geometry::Aabb;
use crate::segment::segment_touches_convex;
use crate::segment::{frame, BoxClip, Framed, Segment};
use crate::tile_grid::narrow_phase::contains_point;
use crate::tile_grid::{to_world, Door, EdgeState, Side, TileGeometry, TileGrid, TileShape};

/// How close, in cells, a point computed from `t` must be to a line to be
/// treated as on it when choosing cells for the exact tests.
const NEAR: f64 = 1e-9;

/// The first point where a segment touches the tile grid's solid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileHit {
    /// Fraction of the segment, `0..=1`.
    pub t: f64,
    /// x of the hit point.
    pub x: f64,
    /// y of the hit point.
    pub y: f64,
    /// Unit outward normal of the surface hit; at `t = 0` the surface the
    /// start lies on, or `(0, 0)` when it starts strictly inside.
    pub normal: (f64, f64),
    /// A cell [`trace_cells`](super::trace_cells) gives for the same
    /// segment: the cell of the tile hit (for a closed door, the cell beyond
    /// it in the ray's direction, or the grid cell beside it on the border)
    /// when the segment passes through that cell at the hit; else the traced
    /// cell the segment is in where it touches (see the module docs).
    pub col: u32,
    /// The row of that cell (`col` above is its column).
    pub row: u32,
}

/// The first point of `(x0, y0) → (x1, y1)` in the grid's solid: tiles'
/// exact shapes and closed doors, touching included (see the module docs).
/// `None` when nothing is touched or a coordinate is not finite.
///
/// # Example
/// ```
/// use broadphase::ray::cast_tiles;
/// use broadphase::tile_grid::{TileGrid, TileShape};
/// let mut grid = TileGrid::new(8, 4, 10.0).unwrap();
/// grid.set_tile(5, 1, TileShape::Full).unwrap();
/// let hit = cast_tiles(&grid, 5.0, 15.0, 75.0, 15.0).unwrap();
/// assert_eq!((hit.x, hit.y, hit.normal, hit.col, hit.row), (50.0, 15.0, (-1.0, 0.0), 5, 1));
/// assert_eq!(hit.t, 45.0 / 70.0);
/// ```
#[must_use]
pub fn cast_tiles(grid: &TileGrid, x0: f64, y0: f64, x1: f64, y1: f64) -> Option<TileHit> {
    cast_tiles_contact(grid, x0, y0, x1, y1, f64::INFINITY).map(|(hit, ..)| hit)
}

/// [`cast_tiles`], what the hit touched, and a bound of its true `t` when
/// the rounded one gives it: to order the hit exactly against others on the
/// same segment (`World::cast_ray`'s boxes).
///
/// Tiles the exact segment first touches after the parameter `limit` may
/// be left out (the walk stops at the first cell it certainly enters
/// later): what a caller that already has a hit there needs.
pub(crate) fn cast_tiles_contact(
    grid: &TileGrid,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    limit: f64,
) -> Option<(TileHit, Contact, Option<Interval>)> {
    let whole = Segment::new(x0, y0, x1, y1)?;
    let exact = Exact::new(x0, y0, x1, y1);
    // A segment far larger than the grid is walked as its piece inside it:
    // the cells by the exact segment, the shape tests and `t`s on the piece.
    let framed = frame(x0, y0, x1, y1, &grid.bounds());
    let (piece, framed) = match framed {
        Framed::AsGiven => (whole, framed),
        Framed::Piece { x0, y0, x1, y1, .. } => (Segment::new(x0, y0, x1, y1)?, framed),
    };
    let whole = framed == Framed::AsGiven;
    // A huge segment's piece has `t`s of its own: no limit there.
    let limit = if whole { limit } else { f64::INFINITY };
    let (hit, contact, bound) = cast_piece(grid, exact, piece, whole, limit)?;
    Some((TileHit { t: framed.t_of(hit.t), ..hit }, contact, bound))
}

fn cast_piece(
    grid: &TileGrid,
    exact: Exact,
    seg: Segment,
    whole: bool,
    limit: f64,
) -> Option<(TileHit, Contact, Option<Interval>)> {
    let dims = GridDims::of(grid);
    let mut cast = Cast {
        grid,
        seg,
        exact,
        whole,
        limit,
        dims,
        best: None,
        best_contact: None,
        best_bound: None,
        recent: Recent::default(),
        at_start: [(0.0, 0.0); 8],
        n_at_start: 0,
        visit_now: None,
        best_traced: false,
    };
    cast.run();
    let mut hit = cast.best?;
    if hit.t == 0.0 {
        hit.normal = cast.start_normal();
    }
    // The hit names a cell of the segment's own traversal (`traceCells`):
    // the tile's cell when the segment passes through it there, else the
    // traced cell it is in when it touches (a face it runs along from the
    // other side, a corner it grazes, an end on a face). A segment that
    // passes through no cell (it only touches the grid from outside) hits
    // nothing, so `line_of_sight` agrees.
    let (col, row) = if cast.best_traced {
        (hit.col, hit.row)
    } else {
        Traversal::cell_at_hit(dims, exact, &seg, hit.t, (hit.col, hit.row))?
    };
    Some((TileHit { col, row, ..hit }, cast.best_contact?, cast.best_bound))
}

/// Whether nothing in the tile grid blocks the segment: no tile and no
/// closed door touches it. Touching blocks — grazing a corner, running along
/// a face, or an end point on a surface — so sight never slips through the
/// point where two tiles meet diagonally. `false` for non-finite input.
#[must_use]
pub fn line_of_sight(grid: &TileGrid, x0: f64, y0: f64, x1: f64, y1: f64) -> bool {
    Segment::new(x0, y0, x1, y1).is_some() && cast_tiles(grid, x0, y0, x1, y1).is_none()
}

struct Cast<'a> {
    grid: &'a TileGrid,
    /// The segment the shape tests and `t`s use (the piece inside the grid
    /// of a huge one), and the exact segment that decides the cells.
    seg: Segment,
    exact: Exact,
    /// Whether `seg` is the exact segment (not a huge one's piece).
    whole: bool,
    /// Cells entered after this parameter are not wanted (see
    /// [`cast_tiles_contact`]).
    limit: f64,
    dims: GridDims,
    best: Option<TileHit>,
    /// What the best hit touched, to rank it exactly, and a bound of its
    /// true `t` when its rounded one gives it.
    best_contact: Option<Contact>,
    best_bound: Option<Interval>,
    /// The last cells given a shape test: the start, a corner and the end
    /// touch cells the walk also visits, and testing one twice is wasted.
    recent: Recent,
    /// The normals of the `t = 0` hits (tiles and doors meeting at the
    /// start each give one), the first `n_at_start` of them.
    at_start: [(f64, f64); 8],
    n_at_start: usize,
    /// The cell the walk is in and its visit interval, while its tests run.
    visit_now: Option<(u32, u32, f64, f64)>,
    /// Whether the best hit is in that cell during that interval: then it
    /// names a traced cell as it is.
    best_traced: bool,
}

impl Cast<'_> {
    fn run(&mut self) {
        let bounds = self.grid.bounds();
        let Some(clip) = self.seg.clip_box(&bounds) else { return };
        let start = self.seg.entry_point(&clip, &bounds);
        self.touch(start);
        if self.seg.is_point() || clip.t_in >= clip.t_out {
            return;
        }
        if let Some(k) = self.along_line(self.seg.x.d, self.seg.x.p0, self.dims.cols) {
            self.along(&clip, true, k);
        } else if let Some(k) = self.along_line(self.seg.y.d, self.seg.y.p0, self.dims.rows) {
            self.along(&clip, false, k);
        } else {
            self.walk();
        }
        if !self.done_before(clip.t_out) {
            let end = self.seg.exit_point(&clip, &bounds);
            self.touch(end);
        }
    }

    /// The DDA walk: the method of Metanet's N tutorial B, section 5.
    fn walk(&mut self) {
        for v in Traversal::decided_by(self.dims, self.exact, &self.seg) {
            if self.done_before(v.t) {
                break;
            }
            self.visit_now = Some((v.col, v.row, v.t, v.t_exit));
            match v.entry {
                Entry::Start => self.test_cell(v.col, v.row),
                Entry::Side(side) => {
                    if self.edge_state(v.col, v.row, side) == EdgeState::Solid {
                        if let Some(corner) = self.near_corner(&v, side) {
                            // Crossed at (or within rounding of) the face's
                            // end, where the tiles' exact shapes decide.
                            self.touch(corner);
                        } else {
                            let (col, row) = self.face_owner(v.col, v.row, side);
                            let vertical = side.is_vertical();
                            self.offer(
                                SurfaceHit { t: v.t, x: v.x, y: v.y, normal: side.outward() },
                                col,
                                row,
                                Contact::Line { vertical, at: if vertical { v.x } else { v.y } },
                                self.whole,
                            );
                        }
                    } else {
                        self.test_cell(v.col, v.row);
                        // Within rounding of a lattice point the cells
                        // around it are tested too: there a slope's vertex
                        // or an arc's cusp may touch, which only their
                        // exact tests can say.
                        if let Some(corner) = self.near_corner(&v, side) {
                            self.touch(corner);
                        }
                    }
                }
                // The side cells of a lattice point are touched, not passed
                // through: test everything around the point.
                Entry::Corner { .. } => self.touch((v.x, v.y)),
            }
        }
    }

    /// For a segment lying on grid line `k` (vertical when `vertical`): walk
    /// the cells along the line and test the cells on both sides, the door
    /// on the line, and everything around each lattice point crossed.
    fn along(&mut self, clip: &BoxClip, vertical: bool, k: u32) {
        let (param, n, across_n) = if vertical {
            (self.seg.y, self.dims.rows, self.dims.cols)
        } else {
            (self.seg.x, self.dims.cols, self.dims.rows)
        };
        let walk = AxisWalk::new(param, n, self.dims.cell_size);
        let sides = [k.checked_sub(1), (k < across_n).then_some(k)];
        let line_k = walk.line(k);
        let mut cell = walk.first(clip.t_in);
        for _ in 0..=n {
            let enter = walk.enter(cell).max(clip.t_in);
            if self.done_before(enter) {
                return;
            }
            if enter > clip.t_in {
                let crossing = walk.line(walk.entry_line(cell));
                self.touch(if vertical { (line_k, crossing) } else { (crossing, line_k) });
            }
            for a in sides.into_iter().flatten() {
                let (c, r) = if vertical { (a, cell) } else { (cell, a) };
                self.test_cell(c, r);
            }
            self.test_door(vertical, k, cell);
            if walk.exit(cell) >= clip.t_out {
                return;
            }
            match walk.next(cell) {
                Some(next) => cell = next,
                None => return,
            }
        }
    }

    /// Tests every cell whose closed square is within rounding (`1e-9`
    /// cells) of `p`, and every closed door on an edge through that
    /// neighbourhood. The margin matters: the
    /// exact tests decide by the parameter `t`, and a point computed from
    /// `t` (an end point, a crossing) can land a rounding error beside the
    /// line whose `t` it shares.
    fn touch(&mut self, (x, y): (f64, f64)) {
        let (Some(cols), Some(rows)) =
            (self.near_cells(x, self.dims.cols), self.near_cells(y, self.dims.rows))
        else {
            return;
        };
        for r in rows.0..=rows.1 {
            for c in cols.0..=cols.1 {
                self.test_cell(c, r);
            }
        }
        for k in cols.0..=cols.1 + 1 {
            if self.near(x, self.dims.line(k)) {
                for r in rows.0..=rows.1 {
                    self.test_door(true, k, r);
                }
            }
        }
        for k in rows.0..=rows.1 + 1 {
            if self.near(y, self.dims.line(k)) {
                for c in cols.0..=cols.1 {
                    self.test_door(false, k, c);
                }
            }
        }
    }

    fn near(&self, p: f64, line: f64) -> bool {
        (p - line).abs() <= NEAR * self.dims.cell_size
    }

    /// The cells `lo..=hi` of an axis of `n` cells whose closed span comes
    /// within rounding of `p`: one, or two when `p` is on (or by) an inner
    /// line.
    fn near_cells(&self, p: f64, n: u32) -> Option<(u32, u32)> {
        let tol = NEAR * self.dims.cell_size;
        let (lo_p, hi_p) = (p - tol, p + tol);
        let line = |k: u32| self.dims.line(k);
        if hi_p < line(0) || line(n) < lo_p {
            return None;
        }
        let estimate = estimate_cell(p, n, self.dims.cell_size);
        // lo: the first cell whose far line reaches lo_p.
        let mut lo = estimate;
        while lo > 0 && line(lo) >= lo_p {
            lo -= 1;
        }
        while lo + 1 < n && line(lo + 1) < lo_p {
            lo += 1;
        }
        // hi: the last cell whose near line is within hi_p.
        let mut hi = lo;
        while hi + 1 < n && line(hi + 1) <= hi_p {
            hi += 1;
        }
        Some((lo, hi))
    }

    fn test_cell(&mut self, col: u32, row: u32) {
        let shape = self.grid.tiles()[row as usize * self.dims.cols as usize + col as usize];
        if shape == TileShape::Empty || !self.recent.insert(col, row) {
            return;
        }
        let bounds = cell_bounds(&self.dims, col, row);
        // Whether the hit's `t` is the clip's on the exact segment (a full
        // tile's square, entered or started in), which bounds the true one.
        let (hit, certified) = match shape.geometry() {
            TileGeometry::Empty => return,
            // Polygons (the full square, the slopes): whether the segment
            // touches is decided exactly, on its exact ends; the floating
            // test gives `t`, point and normal, and a graze it rounds away
            // is placed at the vertex the segment passes through.
            TileGeometry::Polygon(p) => {
                let mut corners = [(0.0, 0.0); 4];
                let n = p.vertices().len().min(corners.len());
                for (c, &v) in corners.iter_mut().zip(p.vertices()) {
                    *c = to_world(&bounds, v);
                }
                if !self.touches(&corners[..n]) {
                    return;
                }
                let float = hit_tile(&self.seg, shape, &bounds);
                let certified = float.is_some() && self.whole && shape == TileShape::Full;
                let hit = float.or_else(|| {
                    let mut normals = [(0.0, 0.0); 4];
                    for (i, m) in normals.iter_mut().enumerate().take(n) {
                        *m = unit(p.edge_normal(i));
                    }
                    Some(self.graze(&corners[..n], &normals[..n]))
                });
                (hit, certified)
            }
            // The quarter circles: the floating test decides when it is
            // clear of the boundary by its rounding; else the exact test on
            // the exact ends decides, and a contact the floating test
            // rounded away is placed at the tangent (or clamp) point.
            TileGeometry::QuarterCircle(q) => {
                let arc = ArcTile::new(&bounds, q);
                let float = hit_arc(&self.seg, &arc, self.whole);
                let hit = if float.certain {
                    float.hit
                } else if arc.touched_by(self.exact.ends()) {
                    float.hit.or_else(|| Some(graze_arc(&self.seg, &arc, self.whole)))
                } else {
                    None
                };
                (hit, false)
            }
        };
        if let Some(hit) = hit {
            self.offer(hit, col, row, Contact::Tile { bounds, shape }, certified);
        }
    }

    /// Whether the exact segment touches the closed convex polygon.
    fn touches(&self, corners: &[(f64, f64)]) -> bool {
        let e = self.exact;
        segment_touches_convex((e.x0, e.y0), (e.x1, e.y1), corners)
    }

    /// See [`graze`].
    fn graze(&self, corners: &[(f64, f64)], normals: &[(f64, f64)]) -> SurfaceHit {
        let e = self.exact;
        graze(((e.x0, e.y0), (e.x1, e.y1)), &self.seg, corners, normals, NEAR * self.dims.cell_size)
    }

    /// The closed door, if any, on line `k` (vertical when `vertical`) at
    /// cell `along` of the other axis, as a closed thin box.
    fn test_door(&mut self, vertical: bool, k: u32, along: u32) {
        let (n, d) = if vertical { (self.dims.cols, self.seg.x.d) } else { (self.dims.rows, self.seg.y.d) };
        // The cell beyond the line in the ray's direction, kept in the grid.
        let beyond = if (d > 0.0 && k < n) || k == 0 { k } else { k - 1 };
        let (col, row, side) = match (vertical, beyond == k) {
            (true, true) => (beyond, along, Side::Left),
            (true, false) => (beyond, along, Side::Right),
            (false, true) => (along, beyond, Side::Top),
            (false, false) => (along, beyond, Side::Bottom),
        };
        if self.grid.door(col, row, side) != Ok(Some(Door::Closed)) {
            return;
        }
        let (line, lo, hi) = (self.dims.line(k), self.dims.line(along), self.dims.line(along + 1));
        let wall = if vertical {
            Aabb { min_x: line, max_x: line, min_y: lo, max_y: hi }
        } else {
            Aabb { min_x: lo, max_x: hi, min_y: line, max_y: line }
        };
        let corners = [
            (wall.min_x, wall.min_y),
            (wall.max_x, wall.min_y),
            (wall.max_x, wall.max_y),
            (wall.min_x, wall.max_y),
        ];
        if !self.touches(&corners) {
            return;
        }
        let (hit, clipped) = match self.seg.clip_box(&wall) {
            Some(clip) => (box_entry(&self.seg, &clip, &wall), true),
            None => {
                let away = |s: f64| if s == 0.0 { -1.0 } else { -s };
                let normal =
                    if vertical { (away(self.seg.x.sign()), 0.0) } else { (0.0, away(self.seg.y.sign())) };
                let normals = [normal; 4];
                (self.graze(&corners, &normals), false)
            }
        };
        self.offer(hit, col, row, Contact::Box(wall), clipped && self.whole);
    }

    /// The lattice point at an end of the side the ray entered `v` through,
    /// if the crossing point is within `1e-9` cells of it. The solid-edge
    /// shortcut is exact only inside a face: at its ends a slope's vertex
    /// or a concave tile's cusp meets the face, and whether the ray touches
    /// there is for the exact shape test to say, as brute force would.
    fn near_corner(&self, v: &CellVisit, side: Side) -> Option<(f64, f64)> {
        let tol = NEAR * self.dims.cell_size;
        let (p, k) = if side.is_vertical() { (v.y, v.row) } else { (v.x, v.col) };
        let (lo, hi) = (self.dims.line(k), self.dims.line(k + 1));
        let end = if (p - lo).abs() <= tol {
            lo
        } else if (hi - p).abs() <= tol {
            hi
        } else {
            return None;
        };
        Some(if side.is_vertical() { (v.x, end) } else { (end, v.y) })
    }

    /// The cell whose tile lays the solid face on `side` of `(col, row)`:
    /// this cell, or the one across (a ray may leave a tile exactly at its
    /// corner), or, for a closed door, this cell.
    fn face_owner(&self, col: u32, row: u32, side: Side) -> (u32, u32) {
        let tiles = self.grid.tiles();
        let at = |c: u32, r: u32| tiles[r as usize * self.dims.cols as usize + c as usize];
        if at(col, row).covers(side) {
            return (col, row);
        }
        let across = match side {
            Side::Left => col.checked_sub(1).map(|c| (c, row)),
            Side::Right => (col + 1 < self.dims.cols).then_some((col + 1, row)),
            Side::Top => row.checked_sub(1).map(|r| (col, r)),
            Side::Bottom => (row + 1 < self.dims.rows).then_some((col, row + 1)),
        };
        match across {
            Some((c, r)) if at(c, r).covers(side.opposite()) => (c, r),
            _ => (col, row),
        }
    }

    fn edge_state(&self, col: u32, row: u32, side: Side) -> EdgeState {
        let cols = self.dims.cols as usize;
        let (col, row) = (col as usize, row as usize);
        match side {
            Side::Left => self.grid.vertical_edges()[row * (cols + 1) + col],
            Side::Right => self.grid.vertical_edges()[row * (cols + 1) + col + 1],
            Side::Top => self.grid.horizontal_edges()[row * cols + col],
            Side::Bottom => self.grid.horizontal_edges()[(row + 1) * cols + col],
        }
    }

    /// The normal of a hit at `t = 0`, for the union of the tiles rather
    /// than the one tile that reported first: each tile gives the outward
    /// normal of its own surface at the start, but where tiles meet, that
    /// surface may be inside the union (the face between a slope and the
    /// full tile beside it) or point into the neighbour (a corner where two
    /// tiles meet diagonally). The first normal with no solid just beyond
    /// it is the union's; `(0, 0)` when every one leads into solid (or a
    /// tile says the start is strictly inside it): the start is inside.
    fn start_normal(&self) -> (f64, f64) {
        let normals = &self.at_start[..self.n_at_start];
        if normals.contains(&(0.0, 0.0)) {
            return (0.0, 0.0);
        }
        let (x, y) = self.seg.at(0.0);
        let step = 1e-6 * self.dims.cell_size;
        normals
            .iter()
            .copied()
            .find(|n| !self.deep_in_solid(x + step * n.0, y + step * n.1, step / 4.0))
            .unwrap_or((0.0, 0.0))
    }

    /// Whether `(x, y)` and the eight points `margin` around it are all in
    /// the union of the tiles' closed solids (doors, zero thick, hold no
    /// point inside).
    fn deep_in_solid(&self, x: f64, y: f64, margin: f64) -> bool {
        let (Some(cols), Some(rows)) =
            (self.near_cells(x, self.dims.cols), self.near_cells(y, self.dims.rows))
        else {
            return false;
        };
        let tiles = self.grid.tiles();
        let solid_at = |px: f64, py: f64| {
            (rows.0.saturating_sub(1)..=(rows.1 + 1).min(self.dims.rows - 1)).any(|r| {
                (cols.0.saturating_sub(1)..=(cols.1 + 1).min(self.dims.cols - 1)).any(|c| {
                    let shape = tiles[r as usize * self.dims.cols as usize + c as usize];
                    !shape.is_empty() && contains_point(shape, &cell_bounds(&self.dims, c, r), px, py)
                })
            })
        };
        [-margin, 0.0, margin]
            .iter()
            .all(|&ox| [-margin, 0.0, margin].iter().all(|&oy| solid_at(x + ox, y + oy)))
    }

    /// Keeps the earliest hit (the first found among equals) and what it
    /// touched. Among tiles the rounded `t` decides (on a huge segment's
    /// piece it resolves the grid): ranking every offer exactly would spend
    /// its time confirming true ties in exact arithmetic (a solid face and
    /// the tile behind it share their first point), and the walk stops by
    /// `t` anyway. `certified`: the hit's `t` is a clip's or a
    /// line's on the exact segment, within a few ulps of the true one,
    /// which then bounds it.
    fn offer(&mut self, hit: SurfaceHit, col: u32, row: u32, contact: Contact, certified: bool) {
        if hit.t == 0.0 && self.n_at_start < self.at_start.len() {
            self.at_start[self.n_at_start] = hit.normal;
            self.n_at_start += 1;
        }
        if self.best.is_none_or(|b| hit.t < b.t) {
            self.best_contact = Some(contact);
            // At 0 the enclosure says whether it is exactly 0 (a tie with a
            // box the segment starts in, without the exact comparison).
            self.best_bound = (certified && hit.t > 0.0).then(|| Interval::around(hit.t));
            self.best_traced = self
                .visit_now
                .is_some_and(|(c, r, lo, hi)| (c, r) == (col, row) && lo <= hit.t && hit.t <= hi);
            self.best = Some(TileHit { t: hit.t, x: hit.x, y: hit.y, normal: hit.normal, col, row });
        }
    }

    /// Whether a hit before `t` is already known: everything from `t` on
    /// can only be later.
    /// Whether a cell entered at `t` (rounded) can be skipped: the best
    /// hit so far is before it, or it lies certainly past the limit (its
    /// `t`, a crossing's, is within a few ulps of the true one).
    fn done_before(&self, t: f64) -> bool {
        self.best.is_some_and(|b| b.t < t) || t - t.abs() / (1u64 << 40) as f64 > self.limit
    }

    /// The line `k` a non-moving coordinate lies on exactly, if any.
    fn along_line(&self, d: f64, p: f64, n: u32) -> Option<u32> {
        if d == 0.0 {
            self.line_index(p, n)
        } else {
            None
        }
    }

    /// The `k` in `0..=n` with `line(k) == p`.
    fn line_index(&self, p: f64, n: u32) -> Option<u32> {
        let estimate = crate::float::clamp((p / self.dims.cell_size).round(), 0.0, f64::from(n)) as u32;
        [estimate.checked_sub(1), Some(estimate), Some(estimate + 1)]
            .into_iter()
            .flatten()
            .find(|&k| k <= n && self.dims.line(k) == p)
    }
}

fn cell_bounds(dims: &GridDims, col: u32, row: u32) -> Aabb {
    Aabb {
        min_x: dims.line(col),
        min_y: dims.line(row),
        max_x: dims.line(col + 1),
        max_y: dims.line(row + 1),
    }
}

/// The last four cells tested, without allocating: a shape test is a pure
/// function of the segment and the cell, so repeating one is only waste.
#[derive(Default)]
struct Recent {
    cells: [(u32, u32); 4],
    len: usize,
    next: usize,
}

impl Recent {
    /// Remembers the cell; `false` if it was already remembered.
    fn insert(&mut self, col: u32, row: u32) -> bool {
        if self.cells[..self.len].contains(&(col, row)) {
            return false;
        }
        self.cells[self.next] = (col, row);
        self.next = (self.next + 1) % self.cells.len();
        self.len = (self.len + 1).min(self.cells.len());
        true
    }
}
