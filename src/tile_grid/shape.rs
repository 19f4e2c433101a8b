//! The tile shapes of N (Metanet's N tutorial B, section 2) and their stable names: the
//! names are what JavaScript, URLs and ASCII maps use, so they never change.
//!
//! Every shaped tile is named after the corner its solid part holds
//! (`tl`, `tr`, `bl`, `br`; y grows downward, so `t` is the smaller y):
//!
//! | family | name | solid region of the `br` orientation (tile-local, `[0,1]²`) |
//! |---|---|---|
//! | empty | `empty` | nothing |
//! | full square | `full` | the whole tile |
//! | 45° slope | `slope45-br` | triangle `(1,0) (1,1) (0,1)`: below the diagonal rising to the right |
//! | concave quarter circle | `concave-br` | the tile minus the quarter disc of radius 1 centred on the opposite corner `(0,0)` |
//! | convex quarter circle | `convex-br` | the quarter disc of radius 1 centred on the corner `(1,1)` |
//! | shallow slope, small half | `shallow-small-br` | triangle `(1,0.5) (1,1) (0,1)` |
//! | shallow slope, large half | `shallow-large-br` | quad `(1,0) (1,1) (0,1) (0,0.5)` |
//! | steep slope, small half | `steep-small-br` | triangle `(1,0) (1,1) (0.5,1)` |
//! | steep slope, large half | `steep-large-br` | quad `(0.5,0) (1,0) (1,1) (0,1)` |
//!
//! The other orientations mirror `br`: `bl` flips x, `tr` flips y, `tl`
//! flips both. A 1:2 shallow slope spans two tiles side by side, the small
//! half at its low end and the large half at its high end, both named after
//! the same corner (`shallow-small-br` then `shallow-large-br` makes one ramp
//! rising to the right); the 2:1 steep halves stack vertically the same way.

use crate::error::{Error, Result};

/// The tile corner a shaped tile's solid part holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Corner {
    /// The corner at the smallest x and y.
    TopLeft,
    /// The corner at the largest x and smallest y.
    TopRight,
    /// The corner at the smallest x and largest y.
    BottomLeft,
    /// The corner at the largest x and y.
    BottomRight,
}

impl Corner {
    /// The four corners.
    pub const ALL: [Corner; 4] = [Corner::TopLeft, Corner::TopRight, Corner::BottomLeft, Corner::BottomRight];

    /// `"tl"`, `"tr"`, `"bl"` or `"br"`.
    #[must_use]
    pub fn suffix(self) -> &'static str {
        match self {
            Corner::TopLeft => "tl",
            Corner::TopRight => "tr",
            Corner::BottomLeft => "bl",
            Corner::BottomRight => "br",
        }
    }

    /// Whether the corner is on the right (larger x) side of the tile.
    #[must_use]
    pub fn is_right(self) -> bool {
        matches!(self, Corner::TopRight | Corner::BottomRight)
    }

    /// Whether the corner is on the bottom (larger y) side of the tile.
    #[must_use]
    pub fn is_bottom(self) -> bool {
        matches!(self, Corner::BottomLeft | Corner::BottomRight)
    }

    /// The next corner clockwise on screen (y down): `tl` → `tr` → `br` →
    /// `bl` → `tl`.
    #[must_use]
    pub fn clockwise(self) -> Corner {
        match self {
            Corner::TopLeft => Corner::TopRight,
            Corner::TopRight => Corner::BottomRight,
            Corner::BottomRight => Corner::BottomLeft,
            Corner::BottomLeft => Corner::TopLeft,
        }
    }

    /// The diagonally opposite corner.
    #[must_use]
    pub fn opposite(self) -> Corner {
        match self {
            Corner::TopLeft => Corner::BottomRight,
            Corner::TopRight => Corner::BottomLeft,
            Corner::BottomLeft => Corner::TopRight,
            Corner::BottomRight => Corner::TopLeft,
        }
    }

    /// The corner in tile-local units: `(0|1, 0|1)`.
    #[must_use]
    pub fn local(self) -> (f64, f64) {
        (if self.is_right() { 1.0 } else { 0.0 }, if self.is_bottom() { 1.0 } else { 0.0 })
    }

    /// The ASCII-map digit: the corner's key on a numeric keypad.
    pub(super) fn digit(self) -> char {
        match self {
            Corner::TopLeft => '7',
            Corner::TopRight => '9',
            Corner::BottomLeft => '1',
            Corner::BottomRight => '3',
        }
    }
}

/// One cell's tile. See the module docs for the names and solid regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TileShape {
    #[default]
    /// No solid at all.
    Empty,
    /// The whole tile is solid.
    Full,
    /// A 45° slope; the solid half is at the corner named.
    Slope45(Corner),
    /// A quarter-circle hollowed out of the tile (the solid is at the corner named).
    Concave(Corner),
    /// A quarter disc, its centre at the corner named.
    Convex(Corner),
    /// A shallow slope (rise ½ over 1), the small piece at the corner named.
    ShallowSmall(Corner),
    /// A shallow slope (rise ½ over 1), the large piece at the corner named.
    ShallowLarge(Corner),
    /// A steep slope (rise 1 over ½), the small piece at the corner named.
    SteepSmall(Corner),
    /// A steep slope (rise 1 over ½), the large piece at the corner named.
    SteepLarge(Corner),
}

/// `(family prefix, ASCII-map letter, constructor)` of a shaped family.
type Family = (&'static str, char, fn(Corner) -> TileShape);

/// The shaped families, in the order of [`TileShape::ALL`].
const FAMILIES: [Family; 7] = [
    ("slope45", 's', TileShape::Slope45),
    ("concave", 'c', TileShape::Concave),
    ("convex", 'o', TileShape::Convex),
    ("shallow-small", 'l', TileShape::ShallowSmall),
    ("shallow-large", 'L', TileShape::ShallowLarge),
    ("steep-small", 't', TileShape::SteepSmall),
    ("steep-large", 'T', TileShape::SteepLarge),
];

/// Every name, for error messages.
const EXPECTED: &str = "\"empty\", \"full\", or slope45|concave|convex|shallow-small|shallow-large|steep-small|steep-large followed by -tl|-tr|-bl|-br";

macro_rules! four {
    ($f:ident) => {
        [
            TileShape::$f(Corner::TopLeft),
            TileShape::$f(Corner::TopRight),
            TileShape::$f(Corner::BottomLeft),
            TileShape::$f(Corner::BottomRight),
        ]
    };
}

const fn all_shapes() -> [TileShape; 30] {
    let families = [
        four!(Slope45),
        four!(Concave),
        four!(Convex),
        four!(ShallowSmall),
        four!(ShallowLarge),
        four!(SteepSmall),
        four!(SteepLarge),
    ];
    let mut all = [TileShape::Empty; 30];
    all[1] = TileShape::Full;
    let mut i = 0;
    while i < 28 {
        all[2 + i] = families[i / 4][i % 4];
        i += 1;
    }
    all
}

impl TileShape {
    /// The family names in [`TileShape::ALL`] order: `"empty"`, `"full"`,
    /// then the shaped families.
    pub const FAMILY_NAMES: [&'static str; 9] = [
        "empty",
        "full",
        FAMILIES[0].0,
        FAMILIES[1].0,
        FAMILIES[2].0,
        FAMILIES[3].0,
        FAMILIES[4].0,
        FAMILIES[5].0,
        FAMILIES[6].0,
    ];

    /// The shape's family name: `"empty"`, `"full"`, `"slope45"`,
    /// `"concave"`, `"convex"`, `"shallow-small"`, `"shallow-large"`,
    /// `"steep-small"` or `"steep-large"`.
    #[must_use]
    pub fn family_name(self) -> &'static str {
        match (self, self.family()) {
            (TileShape::Empty, _) => "empty",
            (TileShape::Full, _) => "full",
            (_, Some(f)) => FAMILIES[f].0,
            (_, None) => unreachable!("shaped tiles have a family"),
        }
    }

    /// The shape turned a quarter turn clockwise on screen (y down), or
    /// anticlockwise when `clockwise` is false: a true rotation of the solid
    /// region, so the corner moves round (`tl` → `tr` → `br` → `bl`) and a
    /// 1:2 shallow half becomes the 2:1 steep half of the same size (and
    /// back). `empty` and `full` stay as they are.
    #[must_use]
    pub fn rotated(self, clockwise: bool) -> TileShape {
        let turn = |c: Corner| if clockwise { c.clockwise() } else { c.clockwise().opposite() };
        match self {
            TileShape::Empty | TileShape::Full => self,
            TileShape::Slope45(c) => TileShape::Slope45(turn(c)),
            TileShape::Concave(c) => TileShape::Concave(turn(c)),
            TileShape::Convex(c) => TileShape::Convex(turn(c)),
            TileShape::ShallowSmall(c) => TileShape::SteepSmall(turn(c)),
            TileShape::ShallowLarge(c) => TileShape::SteepLarge(turn(c)),
            TileShape::SteepSmall(c) => TileShape::ShallowSmall(turn(c)),
            TileShape::SteepLarge(c) => TileShape::ShallowLarge(turn(c)),
        }
    }

    /// Every shape, in a stable order: `empty`, `full`, then each family in
    /// the table's order with corners `tl`, `tr`, `bl`, `br`. A shape's
    /// position here is its [`index`](TileShape::index).
    pub const ALL: [TileShape; 30] = all_shapes();

    /// The corner of a shaped tile; `None` for `empty` and `full`.
    #[must_use]
    pub fn corner(self) -> Option<Corner> {
        match self {
            TileShape::Empty | TileShape::Full => None,
            TileShape::Slope45(c)
            | TileShape::Concave(c)
            | TileShape::Convex(c)
            | TileShape::ShallowSmall(c)
            | TileShape::ShallowLarge(c)
            | TileShape::SteepSmall(c)
            | TileShape::SteepLarge(c) => Some(c),
        }
    }

    /// Position of the family in [`FAMILIES`]; `None` for `empty`, `full`.
    fn family(self) -> Option<usize> {
        Some(match self {
            TileShape::Empty | TileShape::Full => return None,
            TileShape::Slope45(_) => 0,
            TileShape::Concave(_) => 1,
            TileShape::Convex(_) => 2,
            TileShape::ShallowSmall(_) => 3,
            TileShape::ShallowLarge(_) => 4,
            TileShape::SteepSmall(_) => 5,
            TileShape::SteepLarge(_) => 6,
        })
    }

    /// Position in [`TileShape::ALL`] (stable; fits a `u8` typed array).
    #[must_use]
    pub fn index(self) -> u8 {
        match (self, self.family(), self.corner()) {
            (TileShape::Empty, _, _) => 0,
            (TileShape::Full, _, _) => 1,
            (_, Some(f), Some(c)) => 2 + 4 * f as u8 + c as u8,
            _ => unreachable!("shaped tiles have a family and a corner"),
        }
    }

    /// The shape at `index` in [`TileShape::ALL`].
    pub fn from_index(index: u32) -> Result<TileShape> {
        TileShape::ALL.get(index as usize).copied().ok_or(Error::OutOfRange {
            arg: "shape",
            value: index.into(),
            min: 0,
            max: TileShape::ALL.len() as i64 - 1,
        })
    }

    /// The stable name, e.g. `"empty"`, `"full"`, `"slope45-tl"`,
    /// `"shallow-large-br"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        NAMES[self.index() as usize]
    }

    /// The shape called `name` (exactly as [`name`](TileShape::name) spells
    /// it); an unknown name is an error naming `shape`.
    pub fn from_name(name: &str) -> Result<TileShape> {
        TileShape::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| Error::UnknownName {
            arg: "shape",
            name: name.to_owned(),
            expected: EXPECTED.into(),
        })
    }

    /// The two-character code of ASCII maps: `..` empty, `##` full, else the
    /// family letter (`s` slope45, `c` concave, `o` convex, `l`/`L` shallow
    /// small/large, `t`/`T` steep small/large) and the corner's numeric-keypad
    /// digit (`7` tl, `9` tr, `1` bl, `3` br).
    #[must_use]
    pub fn code(self) -> [char; 2] {
        match (self, self.family(), self.corner()) {
            (TileShape::Empty, _, _) => ['.', '.'],
            (TileShape::Full, _, _) => ['#', '#'],
            (_, Some(f), Some(c)) => [FAMILIES[f].1, c.digit()],
            _ => unreachable!("shaped tiles have a family and a corner"),
        }
    }

    /// The shape whose [`code`](TileShape::code) is `code`.
    #[must_use]
    pub fn from_code(code: [char; 2]) -> Option<TileShape> {
        TileShape::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Whether the cell holds no tile.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self == TileShape::Empty
    }
}

/// `NAMES[i]` is the name of `TileShape::ALL[i]`; spelled out so `name()`
/// hands back `&'static str` without building strings.
const NAMES: [&str; 30] = [
    "empty",
    "full",
    "slope45-tl",
    "slope45-tr",
    "slope45-bl",
    "slope45-br",
    "concave-tl",
    "concave-tr",
    "concave-bl",
    "concave-br",
    "convex-tl",
    "convex-tr",
    "convex-bl",
    "convex-br",
    "shallow-small-tl",
    "shallow-small-tr",
    "shallow-small-bl",
    "shallow-small-br",
    "shallow-large-tl",
    "shallow-large-tr",
    "shallow-large-bl",
    "shallow-large-br",
    "steep-small-tl",
    "steep-small-tr",
    "steep-small-bl",
    "steep-small-br",
    "steep-large-tl",
    "steep-large-tr",
    "steep-large-bl",
    "steep-large-br",
];

/// Checked by a test: `NAMES` agrees with the family prefixes and corners.
#[cfg(test)]
pub(super) fn name_from_parts(shape: TileShape) -> String {
    match (shape, shape.family(), shape.corner()) {
        (TileShape::Empty, _, _) => "empty".into(),
        (TileShape::Full, _, _) => "full".into(),
        (_, Some(f), Some(c)) => format!("{}-{}", FAMILIES[f].0, c.suffix()),
        _ => unreachable!(),
    }
}

#[cfg(test)]
pub(super) fn constructor_of(shape: TileShape) -> Option<fn(Corner) -> TileShape> {
    shape.family().map(|f| FAMILIES[f].2)
}
