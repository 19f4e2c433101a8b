//! Tile maps as text, and the preset maps of the playground.
//!
//! An ASCII map has one line per row and two characters per cell, the
//! tile's [`TileShape::code`]: `..` empty, `##` full, else a family letter
//! (`s` slope45, `c` concave, `o` convex, `l`/`L` shallow small/large,
//! `t`/`T` steep small/large) and the solid corner as the digit of its key
//! on a numeric keypad (`7` tl, `9` tr, `1` bl, `3` br). Leading and
//! trailing whitespace and blank lines are ignored, so maps indent freely.

use super::grid::TileGrid;
use super::shape::TileShape;
use crate::error::{Error, Result};

/// The names [`TileGrid::preset`] accepts.
pub const PRESET_NAMES: [&str; 4] = ["empty", "gallery", "slopes", "n-level"];

/// Tile size of the presets, in world units (N's tiles were 24 pixels).
pub const PRESET_TILE_SIZE: f64 = 24.0;

impl TileGrid {
    /// A grid read from an ASCII map (see the module docs). Errors name
    /// `map`: an unknown cell code, rows of different lengths, an odd row
    /// length, or no rows.
    pub fn from_ascii(tile_size: f64, map: &str) -> Result<TileGrid> {
        let lines: Vec<&str> = map.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let width = lines.first().map_or(0, |l| l.chars().count());
        if width % 2 != 0 {
            return Err(Error::OutOfRange {
                arg: "map row length (two characters per cell)",
                value: width as i64,
                min: 2,
                max: 2 * i64::from(super::grid::MAX_CELLS_PER_AXIS),
            });
        }
        let cols = u32::try_from(width / 2).unwrap_or(u32::MAX);
        let rows = u32::try_from(lines.len()).unwrap_or(u32::MAX);
        let mut grid = TileGrid::new(cols, rows, tile_size).map_err(|e| match e {
            Error::OutOfRange { arg: "cols", value, min, max } => {
                Error::OutOfRange { arg: "map columns", value, min, max }
            }
            Error::OutOfRange { arg: "rows", value, min, max } => {
                Error::OutOfRange { arg: "map rows", value, min, max }
            }
            other => other,
        })?;
        for (row, line) in lines.iter().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            if chars.len() != width {
                return Err(Error::OutOfRange {
                    arg: "map row length (all rows alike)",
                    value: chars.len() as i64,
                    min: width as i64,
                    max: width as i64,
                });
            }
            for (col, pair) in chars.chunks(2).enumerate() {
                let shape = TileShape::from_code([pair[0], pair[1]]).ok_or_else(|| Error::UnknownName {
                    arg: "map",
                    name: pair.iter().collect(),
                    expected:
                        "two-character tile codes: \"..\", \"##\", or s|c|o|l|L|t|T followed by 7|9|1|3",
                })?;
                // In range by construction.
                grid.set_tile(col as u32, row as u32, shape)?;
            }
        }
        Ok(grid)
    }

    /// The grid's tiles as an ASCII map that [`from_ascii`](TileGrid::from_ascii)
    /// reads back (doors are not part of the map).
    #[must_use]
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity(self.tiles.len() * 2 + self.rows as usize);
        for row in self.tiles.chunks(self.cols as usize) {
            out.extend(row.iter().flat_map(|t| t.code()));
            out.push('\n');
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
                    expected: "\"empty\", \"gallery\", \"slopes\", \"n-level\"",
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
