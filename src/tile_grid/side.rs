//! The four sides of a cell and the three states of a cell edge (Metanet's N tutorial B,
//! section 3), with the names JavaScript passes and receives.

use crate::error::{Error, Result};

/// A side of a cell. y grows downward, so `Top` is the smaller y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side at the smallest x.
    Left = 0,
    /// The side at the largest x.
    Right = 1,
    /// The side at the smallest y (y grows downward).
    Top = 2,
    /// The side at the largest y.
    Bottom = 3,
}

impl Side {
    /// The four sides, in code order.
    pub const ALL: [Side; 4] = [Side::Left, Side::Right, Side::Top, Side::Bottom];

    /// `"left"`, `"right"`, `"top"` or `"bottom"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
            Side::Top => "top",
            Side::Bottom => "bottom",
        }
    }

    /// The side called `name`; anything else is an error naming `side`.
    pub fn from_name(name: &str) -> Result<Side> {
        Side::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| Error::UnknownName {
            arg: "side",
            name: name.to_owned(),
            expected: "\"left\", \"right\", \"top\", \"bottom\"".into(),
        })
    }

    /// The same edge seen from the neighbouring cell.
    #[must_use]
    pub fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
        }
    }

    /// The unit vector pointing out of the cell through this side.
    #[must_use]
    pub fn outward(self) -> (f64, f64) {
        match self {
            Side::Left => (-1.0, 0.0),
            Side::Right => (1.0, 0.0),
            Side::Top => (0.0, -1.0),
            Side::Bottom => (0.0, 1.0),
        }
    }

    /// Whether the side is a vertical line (left or right).
    #[must_use]
    pub fn is_vertical(self) -> bool {
        matches!(self, Side::Left | Side::Right)
    }
}

/// The state of one cell edge after simplification.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum EdgeState {
    /// Nothing to collide with here: no tile on either side, a side solid
    /// from both cells (interior of a solid mass), or an open door.
    #[default]
    Empty = 0,
    /// A tile face lies along the whole edge (or a closed door): a ray that
    /// crosses it has hit, exactly at the crossing.
    Solid = 1,
    /// A tile is next to the edge but does not cover it: a ray that crosses
    /// it must test that tile's exact shape.
    Interesting = 2,
}

impl EdgeState {
    /// The names of the states in the order of their byte values (what
    /// JavaScript reads in `edges()`): `"empty"`, `"solid"`, `"interesting"`.
    pub const CODE_NAMES: [&'static str; 3] = ["empty", "solid", "interesting"];

    /// `"empty"`, `"solid"` or `"interesting"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EdgeState::Empty => "empty",
            EdgeState::Solid => "solid",
            EdgeState::Interesting => "interesting",
        }
    }

    /// The two cells' views of one shared edge, made into the edge's state.
    ///
    /// Each view is what one cell alone says about the edge: `Solid` if its
    /// tile covers the whole side, `Interesting` if it has a tile that does
    /// not, `Empty` if it has none. N tutorial B's definitions decide most pairs;
    /// the mixed pair **solid + interesting is `Solid`** because of how rays
    /// use edges (N tutorial B, §5): a ray can only cross such an edge from the
    /// interesting cell (coming from the solid cell it would already be
    /// inside solid), and having passed through that cell, whose own shape it
    /// tested on entering, it meets the solid face exactly at the edge, so it
    /// may stop there without another shape test. Solid from both cells is
    /// the inside of a solid mass, which nothing reaches from open space, so
    /// it simplifies to `Empty` as the tutorial says.
    #[must_use]
    pub fn combine(a: EdgeState, b: EdgeState) -> EdgeState {
        use EdgeState::{Empty, Interesting, Solid};
        match (a, b) {
            (Solid, Solid) => Empty,
            (Solid, _) | (_, Solid) => Solid,
            (Interesting, _) | (_, Interesting) => Interesting,
            (Empty, Empty) => Empty,
        }
    }

    /// A door override's state: closed is `Solid`, open is `Empty`.
    #[must_use]
    pub fn of_door(door: Door) -> EdgeState {
        match door {
            Door::Open => EdgeState::Empty,
            Door::Closed => EdgeState::Solid,
        }
    }
}

/// An explicit override of one edge's state (N's doors, N tutorial B, §3).
/// It belongs to the edge, not to a tile, so it survives edits of the tiles
/// on either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Door {
    /// The edge is `Empty` whatever the tiles say.
    Open,
    /// The edge is `Solid` whatever the tiles say, and
    /// [`TileGrid::push_out`](super::TileGrid::push_out) treats it as a thin wall.
    Closed,
}

impl Door {
    /// `"open"` or `"closed"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Door::Open => "open",
            Door::Closed => "closed",
        }
    }

    /// The byte a door is stored as (and JavaScript reads in `doors()`):
    /// 0 for no door, 1 open, 2 closed.
    #[must_use]
    pub fn code(door: Option<Door>) -> u8 {
        match door {
            None => 0,
            Some(Door::Open) => 1,
            Some(Door::Closed) => 2,
        }
    }

    /// The door stored as `code` (see [`Door::code`]); anything but 1 or 2
    /// is no door.
    #[must_use]
    pub fn from_code(code: u8) -> Option<Door> {
        match code {
            1 => Some(Door::Open),
            2 => Some(Door::Closed),
            _ => None,
        }
    }

    /// The names of the door codes, in code order: `"none"`, `"open"`,
    /// `"closed"`.
    pub const CODE_NAMES: [&'static str; 3] = ["none", "open", "closed"];

    /// The door called `name`; anything else is an error naming `door`.
    pub fn from_name(name: &str) -> Result<Door> {
        match name {
            "open" => Ok(Door::Open),
            "closed" => Ok(Door::Closed),
            _ => Err(Error::UnknownName {
                arg: "door",
                name: name.to_owned(),
                expected: "\"open\", \"closed\"".into(),
            }),
        }
    }

    /// A door setting by name, as `setDoor` takes it: `"none"` (no door,
    /// the side goes back to its tiles), `"open"` or `"closed"`; anything
    /// else is an error naming `door`.
    pub fn setting_from_name(name: &str) -> Result<Option<Door>> {
        match name {
            "none" => Ok(None),
            "open" | "closed" => Door::from_name(name).map(Some),
            _ => Err(Error::UnknownName {
                arg: "door",
                name: name.to_owned(),
                expected: "\"none\", \"open\", \"closed\"".into(),
            }),
        }
    }
}
