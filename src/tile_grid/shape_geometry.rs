//! What each tile shape is, geometrically: the data the narrow phase, the
//! edge states and the drawing layer read (Metanet's N tutorial B: "its type and every
//! parameter the collision routines need: half-widths, centre, normal").
//!
//! Everything here is in tile-local units, the tile being `[0,1]²` with y
//! down; [`to_world`] maps a local point into a tile's world bounds so that
//! local 0 and 1 land *exactly* on the cell's lines (no `min + size * 1`
//! rounding), which keeps full faces flush with their neighbours.

use std::sync::OnceLock;

use super::shape::{Corner, TileShape};
use super::side::{EdgeState, Side};
use crate::geometry::Aabb;

/// A convex solid region of up to four vertices in tile-local units, listed
/// clockwise as seen on screen (y down), so edge `i → i+1` has its solid on
/// the right and its outward normal is `(dy, -dx)`. Vertex coordinates are
/// 0, ½ or 1, so projections onto the unnormalised normals are exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TilePolygon {
    len: usize,
    vertices: [(f64, f64); 4],
}

impl TilePolygon {
    fn new(points: &[(f64, f64)]) -> TilePolygon {
        let mut vertices = [(0.0, 0.0); 4];
        vertices[..points.len()].copy_from_slice(points);
        TilePolygon { len: points.len(), vertices }
    }

    /// The vertices, screen-clockwise.
    #[must_use]
    pub fn vertices(&self) -> &[(f64, f64)] {
        &self.vertices[..self.len]
    }

    /// The outward normal of edge `i → i+1`, not normalised (its components
    /// are 0, ±½ or ±1, which keeps overlap tests exact).
    #[must_use]
    pub fn edge_normal(&self, i: usize) -> (f64, f64) {
        let (a, b) = (self.vertices[i], self.vertices[(i + 1) % self.len]);
        (b.1 - a.1, a.0 - b.0)
    }

    /// Centre of the solid region's bounding box.
    #[must_use]
    pub fn centre(&self) -> (f64, f64) {
        let (lo, hi) = self.extent();
        (0.5 * (lo.0 + hi.0), 0.5 * (lo.1 + hi.1))
    }

    /// Half-widths of the solid region's bounding box.
    #[must_use]
    pub fn half_widths(&self) -> (f64, f64) {
        let (lo, hi) = self.extent();
        (0.5 * (hi.0 - lo.0), 0.5 * (hi.1 - lo.1))
    }

    fn extent(&self) -> ((f64, f64), (f64, f64)) {
        let mut lo = (f64::INFINITY, f64::INFINITY);
        let mut hi = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for &(x, y) in self.vertices() {
            lo = (lo.0.min(x), lo.1.min(y));
            hi = (hi.0.max(x), hi.1.max(y));
        }
        (lo, hi)
    }

    /// Mirrors the polygon into `corner` from its `br` form, keeping the
    /// clockwise order (one mirror reverses it, so reverse back).
    fn oriented(points: &[(f64, f64)], corner: Corner) -> TilePolygon {
        let flip_x = !corner.is_right();
        let flip_y = !corner.is_bottom();
        let mut out = [(0.0, 0.0); 4];
        for (o, &(x, y)) in out.iter_mut().zip(points) {
            *o = (if flip_x { 1.0 - x } else { x }, if flip_y { 1.0 - y } else { y });
        }
        let out = &mut out[..points.len()];
        if flip_x != flip_y {
            out.reverse();
        }
        TilePolygon::new(out)
    }
}

/// A quarter-circle tile: a circle of radius 1 (one tile) centred on a tile
/// corner, in tile-local units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuarterCircle {
    /// The circle's centre: a corner of the tile.
    pub centre: (f64, f64),
    /// Always 1: the quarter circle spans the whole tile.
    pub radius: f64,
    /// `true` for the convex tile (the solid is the quarter disc), `false`
    /// for the concave one (the solid is the tile minus the quarter disc).
    pub solid_inside: bool,
}

/// A tile's exact solid region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TileGeometry {
    /// No solid.
    Empty,
    /// A convex polygon in the unit tile.
    Polygon(TilePolygon),
    /// The tile square cut by a circle of radius 1 around a corner.
    QuarterCircle(QuarterCircle),
}

/// Maps a tile-local point into world units inside `tile`; local 0 and 1
/// give the bounds' own coordinates bit for bit.
#[must_use]
#[inline]
pub fn to_world(tile: &Aabb, (u, v): (f64, f64)) -> (f64, f64) {
    (tile.min_x * (1.0 - u) + tile.max_x * u, tile.min_y * (1.0 - v) + tile.max_y * v)
}

impl TileShape {
    /// The exact solid region in tile-local units.
    #[must_use]
    pub fn geometry(self) -> TileGeometry {
        const FULL: [(f64, f64); 4] = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
        // The `br` orientation of each polygon family (see shape.rs).
        let br: &[(f64, f64)] = match self {
            TileShape::Empty => return TileGeometry::Empty,
            TileShape::Full => return TileGeometry::Polygon(TilePolygon::new(&FULL)),
            TileShape::Concave(c) | TileShape::Convex(c) => {
                let convex = matches!(self, TileShape::Convex(_));
                let centre = if convex { c } else { c.opposite() };
                return TileGeometry::QuarterCircle(QuarterCircle {
                    centre: centre.local(),
                    radius: 1.0,
                    solid_inside: convex,
                });
            }
            TileShape::Slope45(_) => &[(1.0, 0.0), (1.0, 1.0), (0.0, 1.0)],
            TileShape::ShallowSmall(_) => &[(1.0, 0.5), (1.0, 1.0), (0.0, 1.0)],
            TileShape::ShallowLarge(_) => &[(1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.5)],
            TileShape::SteepSmall(_) => &[(1.0, 0.0), (1.0, 1.0), (0.5, 1.0)],
            TileShape::SteepLarge(_) => &[(0.5, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)],
        };
        let corner = self.corner().expect("polygon families have a corner");
        TileGeometry::Polygon(TilePolygon::oriented(br, corner))
    }

    /// The solid region as a polygon, for `full` and the slope families.
    #[must_use]
    pub fn polygon(self) -> Option<TilePolygon> {
        match self.geometry() {
            TileGeometry::Polygon(p) => Some(p),
            _ => None,
        }
    }

    /// The circle of the concave and convex quarter-circle tiles.
    #[must_use]
    pub fn quarter_circle(self) -> Option<QuarterCircle> {
        match self.geometry() {
            TileGeometry::QuarterCircle(q) => Some(q),
            _ => None,
        }
    }

    /// The unit outward normal of a slope's sloped face (`None` for empty,
    /// full and the quarter circles, whose normal depends on the point).
    #[must_use]
    pub fn surface_normal(self) -> Option<(f64, f64)> {
        let p = self.polygon()?;
        (0..p.len).map(|i| p.edge_normal(i)).find(|n| n.0 != 0.0 && n.1 != 0.0).map(|(x, y)| {
            let len = x.hypot(y);
            (x / len, y / len)
        })
    }

    /// Centre and half-widths of the solid region's bounding box, in
    /// tile-local units (`None` for `empty`). Quarter circles fill the tile's
    /// box: centre `(½, ½)`, half-widths `(½, ½)`.
    #[must_use]
    pub fn centre_and_half_widths(self) -> Option<((f64, f64), (f64, f64))> {
        match self.geometry() {
            TileGeometry::Empty => None,
            TileGeometry::Polygon(p) => Some((p.centre(), p.half_widths())),
            TileGeometry::QuarterCircle(_) => Some(((0.5, 0.5), (0.5, 0.5))),
        }
    }

    /// Whether the solid region has a face along the whole of `side`.
    ///
    /// A table read: reading a whole map asks this for every side of every
    /// cell (four per cell of a map of up to 4096² cells), so it must not
    /// work the outline out each time.
    #[must_use]
    pub fn covers(self, side: Side) -> bool {
        static TABLE: OnceLock<[[bool; 4]; TileShape::ALL.len()]> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let mut table = [[false; 4]; TileShape::ALL.len()];
            for shape in TileShape::ALL {
                for side in Side::ALL {
                    table[usize::from(shape.index())][side as usize] = shape.covers_from_outline(side);
                }
            }
            table
        });
        table[usize::from(self.index())][side as usize]
    }

    /// How much of `side` the solid region lies along, from 0 (it touches
    /// the side at a point at most, or not at all) to 1 (the whole side, as
    /// [`TileShape::covers`]): the lengths of the outline's straight pieces
    /// on that side's line, in tile units. For a trace, which says how a
    /// tile meets a side; the edge rule itself asks only `covers`.
    #[must_use]
    pub fn side_coverage(self, side: Side) -> f64 {
        match self.geometry() {
            TileGeometry::Empty => 0.0,
            TileGeometry::QuarterCircle(_) => f64::from(u8::from(self.covers(side))),
            TileGeometry::Polygon(p) => (0..p.len)
                .map(|i| {
                    let (a, b) = (p.vertices[i], p.vertices[(i + 1) % p.len]);
                    let on_line = match side {
                        Side::Left => a.0 == 0.0 && b.0 == 0.0,
                        Side::Right => a.0 == 1.0 && b.0 == 1.0,
                        Side::Top => a.1 == 0.0 && b.1 == 0.0,
                        Side::Bottom => a.1 == 1.0 && b.1 == 1.0,
                    };
                    if !on_line {
                        0.0
                    } else if side.is_vertical() {
                        (b.1 - a.1).abs()
                    } else {
                        (b.0 - a.0).abs()
                    }
                })
                .sum(),
        }
    }

    /// [`TileShape::covers`] worked out from the solid region's outline.
    fn covers_from_outline(self, side: Side) -> bool {
        match self.geometry() {
            TileGeometry::Empty => false,
            // Both quarter circles have straight faces along the two sides
            // that meet at their solid corner.
            TileGeometry::QuarterCircle(_) => {
                let c = self.corner().expect("quarter circles have a corner");
                match side {
                    Side::Left => !c.is_right(),
                    Side::Right => c.is_right(),
                    Side::Top => !c.is_bottom(),
                    Side::Bottom => c.is_bottom(),
                }
            }
            TileGeometry::Polygon(p) => (0..p.len).any(|i| {
                let (a, b) = (p.vertices[i], p.vertices[(i + 1) % p.len]);
                let (line, along_a, along_b) = match side {
                    Side::Left | Side::Right => (a.0 == b.0, a.1, b.1),
                    Side::Top | Side::Bottom => (a.1 == b.1, a.0, b.0),
                };
                let at = match side {
                    Side::Left => a.0 == 0.0,
                    Side::Right => a.0 == 1.0,
                    Side::Top => a.1 == 0.0,
                    Side::Bottom => a.1 == 1.0,
                };
                line && at && along_a.min(along_b) == 0.0 && along_a.max(along_b) == 1.0
            }),
        }
    }

    /// What this cell alone says about one of its sides (N tutorial B, §3):
    /// `Solid` when the tile covers the whole side, `Interesting` when there
    /// is a tile that does not, `Empty` when there is no tile.
    #[must_use]
    pub fn side_view(self, side: Side) -> EdgeState {
        if self.is_empty() {
            EdgeState::Empty
        } else if self.covers(side) {
            EdgeState::Solid
        } else {
            EdgeState::Interesting
        }
    }

    /// The solid region's outline in world units inside `tile`, for drawing:
    /// a closed polygon (first vertex not repeated), each quarter-circle arc
    /// split into `segments` straight pieces (at least 1). Empty for `empty`.
    #[must_use]
    pub fn outline(self, tile: &Aabb, segments: u32) -> Vec<(f64, f64)> {
        let mut out = Vec::new();
        match self.geometry() {
            TileGeometry::Empty => {}
            TileGeometry::Polygon(p) => out.extend(p.vertices().iter().map(|&v| to_world(tile, v))),
            TileGeometry::QuarterCircle(q) => {
                let solid_corner = self.corner().expect("quarter circles have a corner");
                if q.solid_inside {
                    out.push(to_world(tile, q.centre));
                }
                let segments = segments.max(1);
                // Directions from the centre into the tile.
                let sx = if q.centre.0 == 0.0 { 1.0 } else { -1.0 };
                let sy = if q.centre.1 == 0.0 { 1.0 } else { -1.0 };
                for i in 0..=segments {
                    let (u, v) = if i == 0 {
                        (q.centre.0 + sx, q.centre.1)
                    } else if i == segments {
                        (q.centre.0, q.centre.1 + sy)
                    } else {
                        let angle = std::f64::consts::FRAC_PI_2 * f64::from(i) / f64::from(segments);
                        (q.centre.0 + sx * angle.cos(), q.centre.1 + sy * angle.sin())
                    };
                    out.push(to_world(tile, (u, v)));
                }
                if !q.solid_inside {
                    out.push(to_world(tile, solid_corner.local()));
                }
            }
        }
        out
    }
}
