//! The one vocabulary of every trace: what a step is ([`TraceKind`]) and
//! why it went the way it did ([`TraceReason`]). A record's `kind` and
//! `reason` are positions in these lists, which JavaScript reads as
//! `World.traceKinds()` and `World.traceReasons()`.

/// An enum of named codes: the variants, their names in code order as
/// `NAMES`, and `name()`.
macro_rules! named_codes {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// Every name, in code order (a record's code is a position here).
            pub const NAMES: &'static [&'static str] = &[$($text,)*];

            /// The name of this code.
            #[must_use]
            pub fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            /// The code as it goes on the wire.
            #[must_use]
            pub fn code(self) -> f64 {
                f64::from(self as u8)
            }
        }
    };
}

named_codes! {
    /// What a step is. docs/API.md ("Traces") says which fields of its
    /// record each kind fills.
    TraceKind {
        // ---- Structures: the operation a trace is of, first ----
        /// Inserting an object (its id, its box).
        Insert = "insert",
        /// Moving or resizing an object (its id, its new box).
        Update = "update",
        /// Removing an object (its id, its box).
        Remove = "remove",
        /// Searching the structure for the boxes overlapping an object's box.
        Query = "query",
        /// The pair search for one object, as `pairs()` does it.
        Pairs = "pairs",
        // ---- Quadtree ----
        /// The box is not inside this node: the search goes up to its parent.
        Climb = "climb",
        /// The box fits one quadrant of this node: it goes down into it.
        Descend = "descend",
        /// The box does not fit one quadrant of this split node: it stays here.
        Straddle = "straddle",
        /// The walk is at this node (the leaves policy's insert, a query).
        Visit = "visit",
        /// The object is stored in this node.
        File = "file",
        /// The object goes onto the list of boxes kept outside the tree.
        OutsideList = "outside-list",
        /// This leaf does not split, and why.
        NoSplit = "no-split",
        /// This leaf splits in four.
        Split = "split",
        /// At a split, an object moves down into a child.
        MoveDown = "move-down",
        /// At a split, an object stays in the node.
        Stay = "stay",
        /// At a split, an object is copied into a child it reaches.
        Copy = "copy",
        /// The object is taken out of this node (or cell).
        TakeOut = "take-out",
        /// This subtree holds too few objects to stay split: it collapses.
        Collapse = "collapse",
        /// This node holds more than the limit below it: it stays split.
        KeepSplit = "keep-split",
        /// A moved object stays filed where it was.
        Stays = "stays",
        // ---- Grids ----
        /// The cells a box reaches.
        Cells = "cells",
        /// The object is listed in this cell.
        Link = "link",
        /// The object is listed in this cell, the one of its centre.
        Home = "home",
        /// The object goes onto the oversize list instead of the cells.
        Oversize = "oversize",
        /// A cell the object is listed in, before the pair search.
        Stored = "stored",
        /// The search is at this cell.
        Cell = "cell",
        /// From the cell being searched, this cell's objects are scanned.
        Scan = "scan",
        /// A node or cell the search does not look into, and why.
        Skip = "skip",
        /// One candidate box tested (or passed over) against the object.
        Candidate = "candidate",
        /// The objects kept outside the cells or the tree meet each other.
        Sweep = "sweep",
        /// The operation's totals.
        Done = "done",
        /// The grids' automatic cell size is picked again, and why (the
        /// rule's numbers: `count` against `limit`, `counted` at the last pick).
        Repick = "repick",
        /// The new pick: every object filed again under it (`count`;
        /// `counted`: the old size, `limit`: the new one; `moved` of the
        /// oversize objects fit the new cells, `stayed` do not), or the
        /// same cells and nothing filed (`count` 0).
        Refile = "refile",
        /// The steps left out of a trace that reached its maximum length.
        Truncated = "truncated",
        // ---- Tile edges ----
        /// What one of the two cells says about the shared side.
        SideView = "side-view",
        /// The two views combined and simplified.
        Combine = "combine",
        /// A door overriding the edge, or none.
        Door = "door",
        /// The edge's state, as stored.
        EdgeState = "edge-state",
        // ---- Push-out ----
        /// The box to push out of the tiles.
        PushOut = "push-out",
        /// One round of the push-out: the box where it is now.
        Round = "round",
        /// A touched cell, and what its tile does.
        Touched = "touched",
        /// One separating-axis test of the box against a tile.
        Axis = "axis",
        /// One way out of a tile (or a closed door).
        Exit = "exit",
        /// What a touched tile (or a closed door the box crosses) comes to:
        /// a contact with its depth, or none.
        Contact = "contact",
        /// The contact this round pushes out of: the deepest.
        Deepest = "deepest",
        /// One way out of the deepest contact, tried.
        TryExit = "try-exit",
        /// The move this round makes.
        Push = "push",
        // ---- The tile-aware step of one collider ----
        /// The collider's step: its box, velocity and `dt`; the reason is
        /// its response (`bounce` or `slide`).
        TileStep = "tile-step",
        /// One sweep of the box along the rest of its displacement: where
        /// it starts, the displacement, the time of impact, what it meets
        /// (or nothing), the normal, and where the box is left.
        Move = "move",
        /// The velocity after a contact: reflected (bounce), or with its
        /// part into the surface removed (slide).
        Respond = "respond",
        /// A collider that starts the step overlapping a solid (placed
        /// there, or a tile set over it), pushed out the short way first.
        Free = "free",
        /// The contact budget is spent with time left: the collider stops
        /// at its last contact for the rest of the step.
        Budget = "budget",
        // ---- Hierarchy repair ----
        /// The temporary queue T starts as [Q, P].
        RepairStart = "repair-start",
        /// An entry of the segment joins T.
        ToTemp = "to-temp",
        /// An entry of the segment is pushed forward.
        Forward = "forward",
        /// The pushed entries, then T, fill the segment.
        Splice = "splice",
    }
}

named_codes! {
    /// Why a step went the way it did.
    TraceReason {
        /// No reason to give.
        None = "none",
        // ---- Quadtree: the quadrant test ----
        /// The box crosses the node's vertical midline.
        CrossesVerticalMidline = "crosses-vertical-midline",
        /// The box crosses the node's horizontal midline.
        CrossesHorizontalMidline = "crosses-horizontal-midline",
        /// The box crosses both midlines.
        CrossesBothMidlines = "crosses-both-midlines",
        /// The box is not inside the node (only the root: a box not wholly inside the world).
        NotInsideNode = "not-inside-node",
        // ---- Quadtree: where a box is filed ----
        /// The walk reached a leaf: the box is stored there.
        ReachedLeaf = "reached-leaf",
        /// The box straddles a midline of a split node: stored there.
        StraddlesMidline = "straddles-midline",
        /// The box is not wholly inside the world: stored in the root.
        OutsideWorld = "outside-world",
        /// Leaves policy: the box is not wholly inside the world.
        NotInsideWorld = "not-inside-world",
        /// Leaves policy: the box's min corner lies on the world's far edge.
        MinCornerOnFarEdge = "min-corner-on-far-edge",
        // ---- Quadtree: splits and collapses ----
        /// It holds no more objects than the limit.
        WithinLimit = "within-limit",
        /// It is at the depth limit.
        MaxDepth = "max-depth",
        /// Leaves policy: it holds more than the limit, but no more fit one
        /// quadrant (only those count towards a split).
        StraddlersNotCounted = "straddlers-not-counted",
        /// It is split already (a straddler was stored in an inner node).
        AlreadySplit = "already-split",
        /// It holds more objects than the limit.
        OverLimit = "over-limit",
        /// Leaves policy: more objects that fit one quadrant than the limit.
        FittingOverLimit = "fitting-over-limit",
        // ---- Walks ----
        /// The box reaches the node or cell.
        Reached = "reached",
        /// The box does not reach the node.
        NotReached = "not-reached",
        /// No object is stored in the node or below it.
        EmptySubtree = "empty-subtree",
        /// The node does not overlap the searched box.
        MissesArea = "misses-area",
        /// The cell holds no object.
        EmptyCell = "empty-cell",
        /// The cell would lie outside the grid.
        OffGrid = "off-grid",
        // ---- Candidates ----
        /// The boxes overlap: a hit.
        Overlaps = "overlaps",
        /// The boxes do not overlap.
        Misses = "misses",
        /// They overlap, but the overlap's min corner lies in another leaf,
        /// which reports it.
        ReportedElsewhere = "reported-elsewhere",
        /// Not tested here: the overlap corner's cell (`col`, `row`) is
        /// another, which reports the pair.
        NotCornerCell = "not-corner-cell",
        // ---- Moves ----
        /// Straddle policy: the node is still the deepest that contains the box.
        SameNode = "same-node",
        /// Leaves policy: the box stays within its stay intervals.
        StayIntervals = "stay-intervals",
        /// The box reaches the same cells (or has the same home cell).
        SameCells = "same-cells",
        /// The box stays on the outside or oversize list.
        StillOutside = "still-outside",
        // ---- Grids ----
        /// Normal grid: the box reaches more cells than an object may be listed in.
        TooManyCells = "too-many-cells",
        /// Loose grid: the box is wider or taller than an object in a cell may be.
        LargerThanCell = "larger-than-cell",
        /// The cell holds the box's centre.
        Centre = "centre",
        /// The box's centre is outside the grid: the nearest border cell.
        CentreClamped = "centre-clamped",
        /// Normal grid: the object is alone in the cell, which the pair search skips.
        AloneInCell = "alone-in-cell",
        /// Normal grid: the cell lists two objects or more.
        SharedCell = "shared-cell",
        /// Loose grid: the object's own cell, searched with four forward neighbours.
        HomeCell = "home-cell",
        /// Loose grid: another cell, whose forward neighbours include the object's cell.
        NeighbourCell = "neighbour-cell",
        /// An oversize object searches the cells its box reaches.
        OversizeSearch = "oversize-search",
        /// A query's cells.
        QueryRange = "query-range",
        /// Loose grid: the searched cell itself.
        OwnCell = "own-cell",
        /// Loose grid: the neighbour to the east.
        East = "east",
        /// Loose grid: the neighbour below to the west.
        SouthWest = "south-west",
        /// Loose grid: the neighbour below.
        South = "south",
        /// Loose grid: the neighbour below to the east.
        SouthEast = "south-east",
        /// The grids' automatic cell size: the objects have doubled since the last pick.
        ObjectsDoubled = "objects-doubled",
        /// Loose grid's automatic cell size: boxes grown by `update` filled
        /// the oversize list past twice its size at the last pick and a
        /// share of all objects.
        OversizeOutgrown = "oversize-outgrown",
        /// The new pick gives the same cells: nothing is filed again.
        SameCellSize = "same-cell-size",
        // ---- Tile edges ----
        /// The cell is off the map: it counts as empty.
        OffMap = "off-map",
        /// The cell has no tile.
        NoTile = "no-tile",
        /// The tile's solid lies along the whole side.
        CoversWholeSide = "covers-whole-side",
        /// The tile does not cover the whole side.
        DoesNotCoverSide = "does-not-cover-side",
        /// Solid from both cells: the inside of a solid mass, simplified to empty.
        SolidBothSides = "solid-both-sides",
        /// Solid from one cell.
        SolidOneSide = "solid-one-side",
        /// A tile on one side that does not cover it, and no solid face.
        InterestingOneSide = "interesting-one-side",
        /// No tile on either side.
        EmptyBothSides = "empty-both-sides",
        /// No door: the tiles decide.
        NoDoor = "no-door",
        /// An open door: empty, whatever the tiles say.
        DoorOpen = "door-open",
        /// A closed door: solid, whatever the tiles say.
        DoorClosed = "door-closed",
        // ---- Push-out ----
        /// The cell has no tile.
        EmptyTile = "empty-tile",
        /// An axis separates the box from the tile's solid.
        Separated = "separated",
        /// Along the x axis.
        AxisX = "axis-x",
        /// Along the y axis.
        AxisY = "axis-y",
        /// Along the slope's normal.
        SlopeNormal = "slope-normal",
        /// Off the quarter circle, along a radius.
        Radial = "radial",
        /// Out through the tile's left side (towards smaller x).
        LeftSide = "left-side",
        /// Out through the right side.
        RightSide = "right-side",
        /// Out through the top side (towards smaller y).
        TopSide = "top-side",
        /// Out through the bottom side.
        BottomSide = "bottom-side",
        /// Out through the slope's surface, along its normal.
        SlopeSurface = "slope-surface",
        /// Back through the tile's corner, against the slope's normal.
        SlopeCorner = "slope-corner",
        /// Back off a closed door, to the side of the box's centre.
        DoorSide = "door-side",
        /// The largest penetration depth of this round's contacts.
        LargestDepth = "largest-depth",
        /// The way out leaves the box overlapping nothing.
        LandsClear = "lands-clear",
        /// The way out leaves the box overlapping a tile or a door.
        StillOverlaps = "still-overlaps",
        /// The way out would take the box through a world wall.
        CrossesWall = "crosses-wall",
        /// The shortest way to a clean landing is this one push.
        FirstClearExit = "first-clear-exit",
        /// A second push from where the first lands leaves the box
        /// overlapping nothing (on `try-exit`: that second push; on `push`:
        /// the shortest way to a clean landing takes two, this the first).
        SecondPushLandsClear = "second-push-lands-clear",
        /// No way out lands clear: the one leaving the least overlap.
        LeastOverlapLeft = "least-overlap-left",
        /// The box overlaps nothing.
        Clear = "clear",
        /// What overlap is left is within the rounding tolerance.
        WithinTolerance = "within-tolerance",
        /// The rounds ran out (a pocket narrower than the box).
        MaxRounds = "max-rounds",
        // ---- The tile-aware step ----
        /// Bounces: the velocity is reflected about the surface normal.
        Bounce = "bounce",
        /// Slides: the velocity's part into the surface is removed.
        Slide = "slide",
        /// The sweep meets a tile's solid first.
        HitTile = "hit-tile",
        /// The sweep meets a closed door first.
        HitDoor = "hit-door",
        /// The sweep meets a world wall first (both at once: the corner).
        HitWall = "hit-wall",
        /// The sweep meets nothing: the box flies its whole displacement.
        MeetsNothing = "meets-nothing",
        /// The sweep meets nothing, but was cut short just past the next
        /// wall ahead so its displacement stays finite: the next one meets
        /// that wall.
        CutShort = "cut-short",
        /// Sliding, wedged between two surfaces it has not moved off: along
        /// either goes into the other, so it stops.
        Wedged = "wedged",
        /// Sliding straight into the surface leaves next to nothing: it stops.
        SlideStops = "slide-stops",
        /// Pushed out of the solid it started in.
        PushedOut = "pushed-out",
        /// Nothing frees it (no way out, or only through a wall or a closed
        /// door): it stays put for the step.
        StuckInside = "stuck-inside",
        /// It met as many contacts as one collider may in one step.
        ContactBudget = "contact-budget",
        /// The step's time is used up.
        StepEnds = "step-ends",
        /// Its velocity is zero with time left: it stays there.
        Stopped = "stopped",
        /// At rest at the start: it does not move (only out of a solid).
        AtRest = "at-rest",
        /// The moves ran out (a backstop to the contact budget against rounding).
        MaxMoves = "max-moves",
        // ---- Hierarchy repair ----
        /// Its parent is in T: it belongs to the moved subtree.
        ParentInTemp = "parent-in-temp",
        /// Its parent is not in T: it keeps its order, pushed forward.
        ParentNotInTemp = "parent-not-in-temp",
    }
}

#[cfg(test)]
mod tests {
    use super::{TraceKind, TraceReason};

    #[test]
    fn names_are_unique_and_lowercase() {
        for names in [TraceKind::NAMES, TraceReason::NAMES] {
            for (i, name) in names.iter().enumerate() {
                assert!(!names[..i].contains(name), "{name} twice");
                assert!(name.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{name}");
            }
        }
        assert_eq!(TraceKind::Splice.name(), "splice");
        assert_eq!(TraceReason::ParentNotInTemp.name(), "parent-not-in-temp");
        assert_eq!(TraceReason::None.code(), 0.0);
    }
}
