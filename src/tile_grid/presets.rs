//! Tile maps as text, and the preset maps of the playground.
//!
//! An ASCII map has one line per row and two characters per cell, the
//! tile's [`TileShape::code`]: `..` empty, `##` full, else a family letter
//! (`s` slope45, `c` concave, `o` convex, `l`/`L` shallow small/large,
//! `t`/`T` steep small/large) and the solid corner as the digit of its key
//! on a numeric keypad (`7` tl, `9` tr, `1` bl, `3` br). Doors follow the
//! map, one line each: `door <col> <row> <side> <open|closed>`. Leading and
//! trailing whitespace and blank lines are ignored, so maps indent freely.

use super::grid::TileGrid;
use super::shape::TileShape;
use super::side::{Door, Side};
use crate::error::{positive, Error, Result};

/// The first word of a door line in an ASCII map.
const DOOR_WORD: &str = "door";

/// `door <col> <row> <side> <open|closed>`.
fn parse_door_line(line: &str) -> Result<(u32, u32, Side, Door)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [_, col, row, side, door] = words[..] else {
        return Err(bad_door_line(line));
    };
    let col = col.parse().map_err(|_| bad_door_line(line))?;
    let row = row.parse().map_err(|_| bad_door_line(line))?;
    let side = Side::from_name(side).map_err(|_| bad_door_line(line))?;
    let door = Door::from_name(door).map_err(|_| bad_door_line(line))?;
    Ok((col, row, side, door))
}

fn bad_door_line(line: &str) -> Error {
    Error::UnknownName {
        arg: "map",
        name: line.to_owned(),
        expected: "door lines of the form \"door <col> <row> <left|right|top|bottom> <open|closed>\" naming a cell of the map".into(),
    }
}

/// The names [`TileGrid::preset`] accepts.
pub const PRESET_NAMES: [&str; 4] = ["empty", "gallery", "slopes", "n-level"];

/// Tile size of the presets, in world units (N's tiles were 24 pixels).
pub const PRESET_TILE_SIZE: f64 = 24.0;

impl TileGrid {
    /// A grid read from an ASCII map (see the module docs), with any door
    /// lines after it. Errors name `map`: an unknown cell code, rows of
    /// different lengths, an odd row length, no rows, or a door line that
    /// does not read `door <col> <row> <side> <open|closed>` for a cell of
    /// the map. The map is read in one pass and its edges computed once, so
    /// even the largest map loads at once (`benches/worst_cases.mjs`). `tile_size` is
    /// checked first, then the map.
    pub fn from_ascii(tile_size: f64, map: &str) -> Result<TileGrid> {
        positive("tile_size", tile_size)?;
        TileGrid::read_ascii(map, tile_size)
    }

    /// [`from_ascii`](TileGrid::from_ascii) with the arguments in the order
    /// [`load_ascii`](TileGrid::load_ascii) and JS `loadAscii(map,
    /// tileSize)` take them, and checked in that order: the map first, then
    /// `tile_size`.
    pub fn read_ascii(map: &str, tile_size: f64) -> Result<TileGrid> {
        let lines: Vec<&str> = map.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let (door_lines, rows_text): (Vec<&str>, Vec<&str>) =
            lines.into_iter().partition(|l| l.starts_with(DOOR_WORD));
        let width = rows_text.first().map_or(0, |l| l.len());
        if width % 2 != 0 {
            return Err(Error::OutOfRange {
                arg: "map row length (two characters per cell)",
                value: width as f64,
                min: 2,
                max: 2 * i64::from(super::grid::MAX_CELLS_PER_AXIS),
            });
        }
        let cols = u32::try_from(width / 2).unwrap_or(u32::MAX);
        let rows = u32::try_from(rows_text.len()).unwrap_or(u32::MAX);
        // The tile size is checked after the map: a placeholder until then
        // (nothing below depends on it).
        let mut grid = TileGrid::new(cols, rows, 1.0).map_err(|e| match e {
            Error::OutOfRange { arg: "cols", value, min, max } => {
                Error::OutOfRange { arg: "map columns", value, min, max }
            }
            Error::OutOfRange { arg: "rows", value, min, max } => {
                Error::OutOfRange { arg: "map rows", value, min, max }
            }
            other => other,
        })?;
        // Shape index by its two code bytes: one table read a cell instead
        // of a search through the 30 codes (a 4096² map: 16.8M cells).
        let mut shape_of_code = vec![u8::MAX; 1 << 16];
        for (index, shape) in TileShape::ALL.iter().enumerate() {
            let [a, b] = shape.code().map(|c| c as u8);
            shape_of_code[usize::from(a) << 8 | usize::from(b)] = index as u8;
        }
        for (row, line) in rows_text.iter().enumerate() {
            let bytes = line.as_bytes();
            if bytes.len() != width {
                return Err(Error::OutOfRange {
                    arg: "map row length (all rows alike)",
                    value: line.chars().count() as f64,
                    min: width as i64,
                    max: width as i64,
                });
            }
            let cells = &mut grid.tiles[row * cols as usize..(row + 1) * cols as usize];
            for (cell, pair) in cells.iter_mut().zip(bytes.chunks_exact(2)) {
                let index = shape_of_code[usize::from(pair[0]) << 8 | usize::from(pair[1])];
                let index =
                    (index != u8::MAX).then_some(index as usize).ok_or_else(|| Error::UnknownName {
                        arg: "map",
                        name: String::from_utf8_lossy(pair).into_owned(),
                        expected:
                            "two-character tile codes: \"..\", \"##\", or s|c|o|l|L|t|T followed by 7|9|1|3"
                                .into(),
                    })?;
                *cell = TileShape::ALL[index];
            }
        }
        for line in door_lines {
            let (col, row, side, door) = parse_door_line(line)?;
            grid.check_cell(col, row).map_err(|_| bad_door_line(line))?;
            let slot = grid.slot(col, row, side);
            grid.doors[slot.index] = Door::code(Some(door));
        }
        let closed = Door::code(Some(Door::Closed));
        grid.closed_doors = grid.doors.iter().filter(|&&d| d == closed).count();
        grid.recompute_all_edges();
        grid.tile_size = positive("tile_size", tile_size)?;
        Ok(grid)
    }

    /// The grid as an ASCII map that [`from_ascii`](TileGrid::from_ascii)
    /// reads back exactly: the tiles, then one line per door
    /// (`door <col> <row> <side> <open|closed>`, each door named from the
    /// cell on its left or top side, or from the last column or row for
    /// the grid's right and bottom border).
    #[must_use]
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity(self.tiles.len() * 2 + self.rows as usize);
        for row in self.tiles.chunks(self.cols as usize) {
            out.extend(row.iter().flat_map(|t| t.code()));
            out.push('\n');
        }
        for (id, &code) in self.doors.iter().enumerate() {
            if let Some(door) = Door::from_code(code) {
                let (col, row, side) = self.edge_cell_side(id);
                out.push_str(&format!("{DOOR_WORD} {col} {row} {} {}\n", side.name(), door.name()));
            }
        }
        out
    }

    /// A preset map of 31 × 23 tiles of [`PRESET_TILE_SIZE`] (N's level
    /// proportions), by name:
    /// - `"empty"`: no tiles at all;
    /// - `"gallery"`: every shaped tile alone in its own space, one family
    ///   per column (slope45, concave, convex, shallow small, shallow
    ///   large, steep small, steep large) and one corner per row (tl, tr,
    ///   bl, br), inside a border of full tiles: each tile's own edge states;
    /// - `"slopes"`: hills built from each slope family and curve on the
    ///   floor, and floating shapes made of four tiles (a diamond, a disc, a
    ///   four-pointed star, a wedge and a spike);
    /// - `"n-level"`: an N-style level: rounded corners, a shallow ramp up
    ///   to a ledge and down again, a bump, a steep mountain, a 45° ramp to
    ///   a plateau, floating platforms with sloped and rounded ends, a
    ///   ceiling bump and a stalactite.
    ///
    /// Unknown names are an error naming `preset`.
    pub fn preset(name: &str) -> Result<TileGrid> {
        let map = match name {
            "empty" => return TileGrid::new(31, 23, PRESET_TILE_SIZE),
            "gallery" => GALLERY,
            "slopes" => SLOPES,
            "n-level" => N_LEVEL,
            _ => {
                return Err(Error::UnknownName {
                    arg: "preset",
                    name: name.to_owned(),
                    expected: "\"empty\", \"gallery\", \"slopes\", \"n-level\"".into(),
                })
            }
        };
        TileGrid::from_ascii(PRESET_TILE_SIZE, map)
    }
}

const N_LEVEL: &str = "
    ##############################################################
    ##c7..................s9##########s7..............####....c9##
    ##................................................####......##
    ##................................................T9T7......##
    ##................................................t9t7......##
    ##..........................................................##
    ##..........................................................##
    ##c1........................................................##
    ########s7..................................................##
    ##..........................................................##
    ##..................................o3######o1..............##
    ##..................................o9######o7..............##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##................s3##########s1............................##
    ##..........................................................##
    ##..........................................................##
    ##........................................................c3##
    ##............................................s3##############
    ##..............................t3##t1......s3################
    ##c1..l3L3######L1l1....o3o1....T3##T1....s3##################
    ##############################################################
";

const SLOPES: &str = "
    ##############################################################
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##......s3s1......o3o1......c3c1......l3L3......t3t1........##
    ##......s9s7......o9o7......c9c7......l9L9......T3T1........##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..................................................c3########
    ##....s3##s1..............t3t1..##c1..c3##..o3o1..############
    ##..s3######s1..l3L3L1l1..T3T1..##############################
    ##############################################################
";

const GALLERY: &str = "
    ##############################################################
    ##..........................................................##
    ##..........................................................##
    ##..s7......c7......o7......l7......L7......t7......T7......##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..s9......c9......o9......l9......L9......t9......T9......##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..s1......c1......o1......l1......L1......t1......T1......##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##..s3......c3......o3......l3......L3......t3......T3......##
    ##..........................................................##
    ##..........................................................##
    ##..........................................................##
    ##############################################################
";
