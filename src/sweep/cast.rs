//! What the casts share: checking a cast's numbers, and turning a contact
//! into the answer with where to leave the box; and the tile grid's own
//! cast ([`cast_box`]).

use super::tiles::{box_overlaps, sweep_tiles};
use super::{place, BoxCastHit, BoxMotion, Contact};
use crate::error::{finite, positive, Error, Result};
use crate::geometry::Aabb;
use crate::tile_grid::TileGrid;

/// A cast box's size `w` (or `h`, as `arg` says) at the coordinate `at`:
/// finite and above zero, with the far side `at + size` finite too.
pub(crate) fn cast_extent(arg: &'static str, at: f64, size: f64) -> Result<f64> {
    positive(arg, size)?;
    if (at + size).is_finite() {
        Ok(size)
    } else {
        Err(Error::TooLarge {
            arg,
            value: size,
            max: f64::MAX - at.max(0.0),
            why: "the box's far side must be finite",
        })
    }
}

/// The box `(x, y, w, h)` and the motion `(dx, dy)`, checked in that order
/// (every number finite, `w` and `h` above zero, the box's far sides
/// finite); an error names the first argument that is not.
pub(crate) fn checked_motion(x: f64, y: f64, w: f64, h: f64, dx: f64, dy: f64) -> Result<(Aabb, BoxMotion)> {
    finite("x", x)?;
    finite("y", y)?;
    cast_extent("w", x, w)?;
    cast_extent("h", y, h)?;
    finite("dx", dx)?;
    finite("dy", dy)?;
    let b = Aabb::from_xywh(x, y, w, h);
    Ok((b, BoxMotion { lo: [b.min_x, b.min_y], hi: [b.max_x, b.max_y], d: [dx, dy] }))
}

/// The hit as the casts report it, with where to leave the box: at the
/// contact, moved back towards the start until it overlaps no tile, no
/// closed door and not the object `met`. `what` is the object's id and
/// the tile's cell.
pub(crate) fn finish(
    tiles: &TileGrid,
    (x, y, w, h): (f64, f64, f64, f64),
    m: &BoxMotion,
    contact: &Contact,
    (object_id, col, row): (u32, i64, i64),
    met: Option<Aabb>,
) -> BoxCastHit {
    let clear = |b: &Aabb| !box_overlaps(tiles, b) && met.is_none_or(|o| !o.overlaps(b));
    let (px, py) = if contact.inside() {
        (x, y)
    } else {
        place((x, y), (w, h), (m.d[0], m.d[1]), &contact.time, contact.normal, clear)
    };
    BoxCastHit {
        t: contact.time.value(),
        x: px,
        y: py,
        normal_x: contact.normal.0,
        normal_y: contact.normal.1,
        object_id,
        col,
        row,
    }
}

/// The first tile (its exact shape) or closed door of `grid` the box
/// `(x, y, w, h)` meets as it moves by `(dx, dy)`: the first time its
/// interior would overlap one (touching does not count: a box resting on a
/// floor slides along it), the normal there, the tile's cell (for a door,
/// the cell beyond it), and where to leave the box — at that time, rounded
/// towards the start so that it overlaps no tile and no closed door.
/// `t = 0` with normal `(0, 0)` when it overlaps one from the start. Exact
/// at any magnitude (see [`crate::sweep`]). In JS, `tiles.castBox`; it is
/// a function here as the rays are (`ray::cast_tiles`): the sweep stands
/// above the tile grid.
///
/// # Example
/// ```
/// use broadphase::sweep::cast_box;
/// use broadphase::tile_grid::{TileGrid, TileShape};
/// let mut grid = TileGrid::new(8, 4, 10.0).unwrap();
/// grid.set_tile(5, 1, TileShape::Full).unwrap();
/// // A 4 × 4 box moving right along row 1 stops against the tile's face.
/// let hit = cast_box(&grid, 5.0, 12.0, 4.0, 4.0, 70.0, 0.0).unwrap().unwrap();
/// assert_eq!((hit.x, hit.normal_x, hit.col, hit.row), (46.0, -1.0, 5, 1));
/// assert_eq!(hit.t, 41.0 / 70.0);
/// // Along the top of the tile it slides past: touching is not meeting.
/// assert!(cast_box(&grid, 45.0, 6.0, 4.0, 4.0, 20.0, 0.0).unwrap().is_none());
/// ```
pub fn cast_box(
    grid: &TileGrid,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    dx: f64,
    dy: f64,
) -> Result<Option<BoxCastHit>> {
    let (_, m) = checked_motion(x, y, w, h, dx, dy)?;
    Ok(sweep_tiles(grid, &m)
        .map(|c| finish(grid, (x, y, w, h), &m, &c.contact, (0, i64::from(c.col), i64::from(c.row)), None)))
}
