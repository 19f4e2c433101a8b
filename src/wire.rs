//! The wire format: the layout of every flat array the library hands out
//! (typed-array views in JavaScript, slices natively), named in one place.
//! JavaScript asks `World.viewLayout(name)` for a view's field names and
//! reads strides and offsets from them instead of repeating numbers; the
//! Rust code that fills each view takes its stride from the same constant.
//!
//! One box convention everywhere: `x, y, w, h` (min corner and size).
//! Codes in views (edge states, doors, tile shapes, tile responses) are
//! indices into the name lists `World.edgeStates()`, `TileGrid.doorStates()`,
//! `TileGrid.shapes()` and `World.tileResponses()`.

/// A box: min corner and size.
pub const BOX_FIELDS: &[&str] = &["x", "y", "w", "h"];
/// A cell of a grid.
pub const CELL_FIELDS: &[&str] = &["col", "row"];
/// A pair of object ids, `a < b`.
pub const PAIR_FIELDS: &[&str] = &["a", "b"];
/// One object id.
pub const ID_FIELDS: &[&str] = &["id"];
/// A point.
pub const POINT_FIELDS: &[&str] = &["x", "y"];
/// One line of the tile map's outline (`TileGrid::edge_lines`): its ends, its
/// `EdgeState as u8`, and 1 where a door sits on it.
pub const EDGE_LINE_FIELDS: &[&str] = &["x0", "y0", "x1", "y1", "state", "door"];
/// A velocity.
pub const VELOCITY_FIELDS: &[&str] = &["vx", "vy"];
/// A quadtree node: its bounds, depth (root 0) and 1 for a leaf.
pub const QUADTREE_NODE_FIELDS: &[&str] = &["x", "y", "w", "h", "depth", "leaf"];
/// A broad-phase grid's layout.
pub const GRID_GEOMETRY_FIELDS: &[&str] = &["originX", "originY", "cellSize", "cols", "rows"];
/// One cell visited by a ray: the cell, where the segment enters it (`t`
/// and the point), and the DDA state on arrival.
pub const TRACE_STEP_FIELDS: &[&str] = &["col", "row", "t", "x", "y", "tMaxX", "tMaxY", "tDeltaX", "tDeltaY"];
/// One byte per object slot: 1 when it was in a pair at the last `pairs()`.
pub const FLAG_FIELDS: &[&str] = &["flag"];
/// One byte per edge id: an edge-state code.
pub const EDGE_STATE_FIELDS: &[&str] = &["state"];
/// One byte per edge id: a door code.
pub const DOOR_FIELDS: &[&str] = &["door"];
/// One byte per cell, row-major: a tile-shape code.
pub const SHAPE_FIELDS: &[&str] = &["shape"];
/// A `pushOut` move.
pub const MOVE_FIELDS: &[&str] = &["dx", "dy"];
/// One step of a structure's trace (`traceInsert`, `traceUpdate`,
/// `traceRemove`, `traceQuery`, `tracePairs`): what the step is and why
/// (codes of `World.traceKinds()` and `World.traceReasons()`), the object
/// it is about and a second one (ids, 0 for none), the rectangle it is at
/// (a node, a cell or a box; NaN for none), a node's depth and a cell (or
/// a quadrant) (-1 for none), and the numbers its rule weighs. Which
/// fields each kind fills: docs/API.md, "Traces".
pub const STRUCTURE_TRACE_FIELDS: &[&str] = &[
    "kind", "reason", "id", "other", "x", "y", "w", "h", "depth", "col", "row", "count", "counted", "limit",
    "moved", "stayed",
];
/// One step of an edge's explanation (`traceEdge`): kind and reason (as
/// in the structures' traces), the cell it is about (off the map: -1, or
/// `cols` / `rows`), the side as seen from it (`TileGrid.sides()`), a
/// tile (`TileGrid.shapes()`), the state it gives (`World.edgeStates()`),
/// how much of the side the tile's solid lies along (0 to 1), a door
/// (`TileGrid.doorStates()`).
pub const EDGE_TRACE_FIELDS: &[&str] =
    &["kind", "reason", "col", "row", "side", "shape", "state", "covered", "door"];
/// One step of a push-out (`tracePushOut`): kind and reason, the round, a
/// cell (-1 for none), its tile (-1 for none), a rectangle (the box, a
/// cell, a door; NaN for none), a move or an axis direction, a depth, the
/// overlap a tried way out leaves, and 1 when a way out is blocked.
pub const PUSH_OUT_TRACE_FIELDS: &[&str] = &[
    "kind", "reason", "round", "col", "row", "shape", "x", "y", "w", "h", "dx", "dy", "depth", "left",
    "blocked",
];
/// One step of a collider's tile-aware step (`traceTileStep`): kind and
/// reason, the move's number (from 0), the box (`x`, `y`: where the step
/// or the move starts; `w`, `h`), a move's displacement `dx`, `dy` over
/// `time` seconds, the time of impact as a fraction of it (`toi`, 1 when
/// nothing is met), the cell met (-1 for a wall) and its tile (-1 for
/// none), the contact's unit normal, where the box is left (`endX`,
/// `endY`), the velocity (on `move`: during it; otherwise: after the
/// step), the step's time left after it, and the contacts so far.
pub const TILE_STEP_TRACE_FIELDS: &[&str] = &[
    "kind", "reason", "move", "x", "y", "w", "h", "dx", "dy", "time", "toi", "col", "row", "shape", "nx",
    "ny", "endX", "endY", "vx", "vy", "left", "contacts",
];
/// One step of the hierarchy repair's walk (`lastRepair().steps`): kind
/// and reason, the queue position, the entry's id and its parent's (0 at
/// the root), and how many entries were pushed forward and are in T after
/// the step.
pub const REPAIR_STEP_FIELDS: &[&str] = &["kind", "reason", "position", "id", "parent", "forward", "temp"];

/// Every view by the name of the method that returns it, with its fields.
pub const VIEWS: &[(&str, &[&str])] = &[
    ("pairs", PAIR_FIELDS),
    ("pairsBegan", PAIR_FIELDS),
    ("pairsEnded", PAIR_FIELDS),
    ("query", ID_FIELDS),
    ("order", ID_FIELDS),
    ("box", BOX_FIELDS),
    ("velocity", VELOCITY_FIELDS),
    ("slotBoxes", BOX_FIELDS),
    ("slotIds", ID_FIELDS),
    ("slotOverlapping", FLAG_FIELDS),
    ("quadtreeNodes", QUADTREE_NODE_FIELDS),
    ("gridGeometry", GRID_GEOMETRY_FIELDS),
    ("storedIn", BOX_FIELDS),
    ("searchedIn", BOX_FIELDS),
    ("touchedCells", CELL_FIELDS),
    ("traceCells", CELL_FIELDS),
    ("traceSteps", TRACE_STEP_FIELDS),
    ("pushOut", MOVE_FIELDS),
    ("changedCellsSince", CELL_FIELDS),
    ("edgeLines", EDGE_LINE_FIELDS),
    ("edges", EDGE_STATE_FIELDS),
    ("doors", DOOR_FIELDS),
    ("tileIndices", SHAPE_FIELDS),
    ("shapeOutline", POINT_FIELDS),
    ("cellAt", CELL_FIELDS),
    ("traceInsert", STRUCTURE_TRACE_FIELDS),
    ("traceUpdate", STRUCTURE_TRACE_FIELDS),
    ("traceRemove", STRUCTURE_TRACE_FIELDS),
    ("traceQuery", STRUCTURE_TRACE_FIELDS),
    ("tracePairs", STRUCTURE_TRACE_FIELDS),
    ("traceEdge", EDGE_TRACE_FIELDS),
    ("tracePushOut", PUSH_OUT_TRACE_FIELDS),
    ("traceTileStep", TILE_STEP_TRACE_FIELDS),
    ("lastRepair.steps", REPAIR_STEP_FIELDS),
];

/// The fields of the view returned by the method `name`, if it is one.
#[must_use]
pub fn view_fields(name: &str) -> Option<&'static [&'static str]> {
    VIEWS.iter().find(|(view, _)| *view == name).map(|&(_, fields)| fields)
}

#[cfg(test)]
mod tests {
    #[test]
    fn view_names_are_unique_and_fields_named_once_per_view() {
        for (i, (name, fields)) in super::VIEWS.iter().enumerate() {
            assert!(super::VIEWS[..i].iter().all(|(other, _)| other != name), "{name} listed twice");
            for (j, f) in fields.iter().enumerate() {
                assert!(!fields[..j].contains(f), "{name}: field {f} twice");
            }
        }
    }
}
