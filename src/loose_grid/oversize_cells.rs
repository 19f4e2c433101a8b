//! The oversize proxies as the ray walk reads them: filed by their centre
//! in a coarser loose grid (cells [`COARSE`] times the grid's), with those
//! too big even for a coarse cell in a flat list. Boxes that outgrew the
//! cells after the cell size was picked (moved and resized by `update`)
//! sit in the oversize list; a ray that tested the whole list paid for
//! every one of them, wherever the ray went. Built from the oversize list
//! when a ray needs it after the list or one of its boxes changed, so
//! updates pay nothing but a flag (`LooseGrid::refresh_oversize_cells`,
//! beside the walk that reads it in `ray_walk.rs`).

use crate::bit_set::BitSet;
use crate::grid::CellGeometry;

/// How many grid cells a coarse cell is wide: a box up to about this many
/// cells wide still lives in one, and a ray's walk over the coarse cells
/// visits about this many times fewer bands than the grid's walk.
pub(super) const COARSE: f64 = 4.0;

/// The oversize proxies filed for rays. See the module docs.
pub(super) struct OversizeCells {
    /// Set when the oversize list or one of its boxes changed since the
    /// last build.
    pub stale: bool,
    pub geometry: CellGeometry,
    /// Coarse cells listing at least one proxy.
    pub occupied: BitSet,
    /// `(coarse cell, proxy)` of each proxy that fits a coarse cell, sorted.
    pub filed: Vec<(u32, u32)>,
    /// Proxies too big for a coarse cell.
    pub giants: Vec<u32>,
}

impl OversizeCells {
    pub fn new(geometry: CellGeometry) -> OversizeCells {
        OversizeCells {
            stale: true,
            geometry,
            occupied: BitSet::new(0),
            filed: Vec::new(),
            giants: Vec::new(),
        }
    }

    /// The proxies filed in coarse cell `cell`.
    pub fn listed(&self, cell: u32) -> impl Iterator<Item = u32> + '_ {
        let from = self.filed.partition_point(|&(c, _)| c < cell);
        self.filed[from..].iter().take_while(move |&&(c, _)| c == cell).map(|&(_, proxy)| proxy)
    }
}
