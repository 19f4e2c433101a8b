//! The structures a `World` can switch between, by contract name.

use crate::bit_set::BitSet;
use crate::broad_phase::BroadPhase;
use crate::brute_force::BruteForce;
use crate::error::{Error, Result};
use crate::geometry::Aabb;
use crate::grid::Grid;
use crate::loose_grid::LooseGrid;
use crate::quadtree::{Placement, Quadtree, QuadtreeLimits};
use crate::trace::{Step, TraceKind, TraceReason, Tracer};

/// A structure name of the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructureKind {
    /// Every pair tested: the reference.
    BruteForce,
    /// A quadtree keeping objects that straddle a split in the parent node.
    Quadtree,
    /// A quadtree filing objects in every leaf they overlap.
    QuadtreeLeaves,
    /// A uniform grid filing objects in every cell they touch.
    Grid,
    /// A loose grid filing objects in their centre's cell.
    LooseGrid,
}

impl StructureKind {
    /// Every structure.
    pub const ALL: [StructureKind; 5] = [
        StructureKind::BruteForce,
        StructureKind::Quadtree,
        StructureKind::QuadtreeLeaves,
        StructureKind::Grid,
        StructureKind::LooseGrid,
    ];

    /// Past this share of the objects moved since the last `pairs()`, a full
    /// pass is cheaper than querying each moved object (a query costs most
    /// in the straddle quadtree, least in the grids; docs/BENCHMARKS.md).
    #[must_use]
    pub fn moved_share(self) -> f64 {
        match self {
            StructureKind::BruteForce => 0.5,
            StructureKind::Quadtree => 0.015,
            StructureKind::QuadtreeLeaves | StructureKind::LooseGrid => 0.25,
            StructureKind::Grid => 0.1,
        }
    }

    /// The name `setStructure` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            StructureKind::BruteForce => BruteForce::NAME,
            StructureKind::Quadtree => Placement::StraddleInParent.name(),
            StructureKind::QuadtreeLeaves => Placement::AllOverlappedLeaves.name(),
            StructureKind::Grid => Grid::NAME,
            StructureKind::LooseGrid => LooseGrid::NAME,
        }
    }

    /// Whether this is one of the grids that `set_cell_size` configures.
    #[must_use]
    pub fn is_grid(self) -> bool {
        matches!(self, StructureKind::Grid | StructureKind::LooseGrid)
    }

    /// The structure with this name; an error naming `name` otherwise.
    pub fn from_name(name: &str) -> Result<StructureKind> {
        StructureKind::ALL.into_iter().find(|kind| kind.name() == name).ok_or_else(|| Error::UnknownName {
            arg: "name",
            name: name.to_string(),
            expected: StructureKind::ALL.map(|kind| format!("\"{}\"", kind.name())).join(", ").into(),
        })
    }
}

/// How the World builds its structures: kept apart from the active one, so
/// a switch builds the new one with the same settings.
#[derive(Debug)]
pub(super) struct StructureSettings {
    pub(super) quadtree_limits: QuadtreeLimits,
    /// The grids' cell size when set; `None` picks one from the objects.
    pub(super) cell_size: Option<f64>,
    /// Object count when the automatic cell size was last picked.
    pub(super) cell_size_picked_at: usize,
    /// The loose grid's oversize objects right after that pick.
    pub(super) oversize_at_pick: usize,
}

impl StructureSettings {
    pub(super) fn new(quadtree_limits: QuadtreeLimits) -> StructureSettings {
        StructureSettings { quadtree_limits, cell_size: None, cell_size_picked_at: 0, oversize_at_pick: 0 }
    }
}

/// With an automatic cell size, the loose grid's cells are picked again
/// once its oversize list holds more than twice as many objects as right
/// after the last pick, plus this share of all objects (and at least
/// [`OUTGROWN_FLOOR`]). Objects grown past the cells by `update` land
/// there, and every query and oversize pair search then tests them one by
/// one (rays walk them in coarser cells, `loose_grid/oversize_cells.rs`).
/// Objects that were oversize at the pick (a few giants among small
/// boxes) stay so under any new pick, so they never trigger one; each
/// pick follows at least `count / OUTGROWN_SHARE` updates, so a pick's
/// cost (filing every object again) is spread over them.
const OUTGROWN_SHARE: usize = 32;

/// See [`OUTGROWN_SHARE`]: below this many new oversize objects, the
/// list costs less than filing everything again.
const OUTGROWN_FLOOR: usize = 16;

/// The active structure, concrete so the renderer can reach its internals.
/// There is one per World, so the size difference of variants costs nothing.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Structure {
    BruteForce(BruteForce),
    Quadtree(Quadtree),
    Grid(Grid),
    LooseGrid(LooseGrid),
}

impl Structure {
    pub fn new(kind: StructureKind, world: Aabb, limits: QuadtreeLimits, cell_size: f64) -> Structure {
        match kind {
            StructureKind::BruteForce => Structure::BruteForce(BruteForce::new()),
            StructureKind::Quadtree => {
                Structure::Quadtree(Quadtree::new(world, Placement::StraddleInParent, limits))
            }
            StructureKind::QuadtreeLeaves => {
                Structure::Quadtree(Quadtree::new(world, Placement::AllOverlappedLeaves, limits))
            }
            StructureKind::Grid => Structure::Grid(Grid::new(world, cell_size)),
            StructureKind::LooseGrid => Structure::LooseGrid(LooseGrid::new(world, cell_size)),
        }
    }

    pub fn kind(&self) -> StructureKind {
        match self {
            Structure::BruteForce(_) => StructureKind::BruteForce,
            Structure::Quadtree(tree) => match tree.placement() {
                Placement::StraddleInParent => StructureKind::Quadtree,
                Placement::AllOverlappedLeaves => StructureKind::QuadtreeLeaves,
            },
            Structure::Grid(_) => StructureKind::Grid,
            Structure::LooseGrid(_) => StructureKind::LooseGrid,
        }
    }

    /// Updates every slot in `marks` to its box in `boxes` (`x, y, w, h`
    /// per slot), in slot order, calling `visit` for each. The structure is
    /// matched once, not once a slot, so its `update` is inlined into the
    /// loop.
    pub fn update_marked(&mut self, marks: &BitSet, boxes: &[f64], visit: impl FnMut(u32)) {
        fn each<B: BroadPhase>(b: &mut B, marks: &BitSet, boxes: &[f64], mut visit: impl FnMut(u32)) {
            marks.for_each_member(|slot| {
                let s = slot as usize;
                let x = &boxes[s * 4..s * 4 + 4];
                visit(slot);
                b.update(slot, Aabb::from_xywh(x[0], x[1], x[2], x[3]));
            });
        }
        match self {
            Structure::BruteForce(s) => each(s, marks, boxes, visit),
            Structure::Quadtree(s) => each(s, marks, boxes, visit),
            Structure::Grid(s) => each(s, marks, boxes, visit),
            Structure::LooseGrid(s) => each(s, marks, boxes, visit),
        }
    }

    pub fn as_broad_phase(&mut self) -> &mut dyn BroadPhase {
        match self {
            Structure::BruteForce(s) => s,
            Structure::Quadtree(s) => s,
            Structure::Grid(s) => s,
            Structure::LooseGrid(s) => s,
        }
    }

    /// The active grid's cell layout, if a grid is active.
    pub fn grid_geometry(&self) -> Option<&crate::grid::CellGeometry> {
        match self {
            Structure::Grid(grid) => Some(grid.geometry()),
            Structure::LooseGrid(grid) => Some(grid.geometry()),
            _ => None,
        }
    }

    /// How many objects the loose grid keeps in its oversize list (0 for
    /// the other structures).
    pub fn loose_oversize_count(&self) -> usize {
        match self {
            Structure::LooseGrid(grid) => grid.oversize_count(),
            _ => 0,
        }
    }

    /// Re-files the active grid (if any) under a new cell size.
    pub fn set_grid_cell_size(&mut self, size: f64) {
        match self {
            Structure::Grid(grid) => grid.set_cell_size(size),
            Structure::LooseGrid(grid) => grid.set_cell_size(size),
            _ => {}
        }
    }

    pub fn as_broad_phase_ref(&self) -> &dyn BroadPhase {
        match self {
            Structure::BruteForce(s) => s,
            Structure::Quadtree(s) => s,
            Structure::Grid(s) => s,
            Structure::LooseGrid(s) => s,
        }
    }
}

impl super::World {
    /// Switches to the named structure, filing every object in it.
    pub fn set_structure(&mut self, name: &str) -> Result<()> {
        let kind = StructureKind::from_name(name)?;
        self.rebuild_structure(kind);
        Ok(())
    }

    /// The active structure's name.
    #[must_use]
    pub fn structure(&self) -> &'static str {
        self.structure.kind().name()
    }

    /// Split threshold (`max_objects >= 1`) and depth limit
    /// (`0 <= max_levels <= 48`) of both quadtrees.
    pub fn set_quadtree_limits(&mut self, max_objects: u32, max_levels: u32) -> Result<()> {
        QuadtreeLimits::check_max_objects(max_objects.into())?;
        QuadtreeLimits::check_max_levels(max_levels.into())?;
        self.structure_settings.quadtree_limits = QuadtreeLimits { max_objects, max_levels };
        if let Structure::Quadtree(tree) = &mut self.structure {
            tree.set_limits(self.structure_settings.quadtree_limits);
        }
        Ok(())
    }

    #[must_use]
    /// The quadtree limits in force.
    pub fn quadtree_limits(&self) -> QuadtreeLimits {
        self.structure_settings.quadtree_limits
    }

    /// The quadtree, when one is active (for drawing its nodes).
    #[must_use]
    pub fn quadtree(&self) -> Option<&Quadtree> {
        match &self.structure {
            Structure::Quadtree(tree) => Some(tree),
            _ => None,
        }
    }

    /// Cell size of both grids (`size > 0`, finite). Until this is called the
    /// grids pick one from the objects' sizes, and pick again as the number
    /// of objects doubles (the loose grid also once `update` has grown
    /// many boxes past its cells).
    pub fn set_cell_size(&mut self, size: f64) -> Result<()> {
        crate::error::positive("size", size)?;
        // Refused, not silently raised: a grid holds at most MAX_CELLS cells.
        if let Some(min) = smallest_cell_above(size, self.width, self.height) {
            return Err(Error::TooSmall {
                arg: "size",
                value: size,
                min,
                why: "smaller cells would need more than 2,097,152 grid cells to cover this world",
            });
        }
        self.structure_settings.cell_size = Some(size);
        self.structure.set_grid_cell_size(size);
        self.slot_order.stale = true;
        Ok(())
    }

    /// Makes the world rectangle `[0, width] × [0, height]` (the walls `step`
    /// bounces objects off, and the region the quadtrees divide). Objects
    /// stay where they are, even if now outside; the structure is rebuilt.
    /// A cell size set by [`set_cell_size`](Self::set_cell_size) that the
    /// new world would need too many grid cells for is not raised behind
    /// the caller's back: the resize is refused, naming the smallest size
    /// that would fit (set it, or go back to automatic, first).
    pub fn resize(&mut self, width: f64, height: f64) -> Result<()> {
        crate::error::positive("width", width)?;
        crate::error::positive("height", height)?;
        if let Some(size) = self.structure_settings.cell_size {
            if let Some(min) = smallest_cell_above(size, width, height) {
                return Err(Error::TooSmall {
                    arg: "cell_size",
                    value: size,
                    min,
                    why: "the cell size set would need more than 2,097,152 grid cells to cover the resized world; set a larger one, or the automatic one, before resizing",
                });
            }
        }
        self.width = width;
        self.height = height;
        self.rebuild_structure(self.structure.kind());
        Ok(())
    }

    /// Returns the grids to an automatic cell size, picked from the objects.
    pub fn use_automatic_cell_size(&mut self) {
        self.structure_settings.cell_size = None;
        let kind = self.structure.kind();
        if kind.is_grid() {
            self.rebuild_structure(kind);
        }
    }

    /// The grids' cell size: the one set, or the active grid's automatic
    /// choice (`None` when automatic and no grid is active).
    #[must_use]
    pub fn cell_size(&self) -> Option<f64> {
        self.structure.grid_geometry().map(|g| g.cell_size).or(self.structure_settings.cell_size)
    }

    /// The automatic cell size for a grid of `kind`, from the live boxes.
    fn suggested_cell_size(&self, kind: StructureKind) -> f64 {
        if self.count() == 0 {
            return self.width.max(self.height) / 64.0;
        }
        let boxes = (0..self.objects.slot_ids.len() as u32)
            .filter(|&s| self.objects.slot_ids[s as usize] != 0)
            .map(|s| self.aabb_of(s));
        match kind {
            StructureKind::LooseGrid => crate::loose_grid::suggested_cell_size(boxes),
            _ => crate::grid::suggested_cell_size(boxes),
        }
    }

    /// With an automatic cell size, picks it again once the number of
    /// objects has doubled since the last pick (amortised O(1) per insert).
    /// A trace hears of it (`t`): why (`repick`), and every object filed
    /// again (`refile`).
    pub(super) fn retune_cell_size<T: Tracer<Step>>(&mut self, t: &mut T) {
        let kind = self.structure.kind();
        let picked_at = self.structure_settings.cell_size_picked_at;
        if self.structure_settings.cell_size.is_some()
            || !kind.is_grid()
            || self.count() < 2 * picked_at.max(8)
        {
            return;
        }
        t.note(|| {
            let step = Step::new(TraceKind::Repick).because(TraceReason::ObjectsDoubled);
            step.count(self.count() as f64).counted(picked_at as f64).limit((2 * picked_at.max(8)) as f64)
        });
        self.pick_cell_size(kind, TraceReason::ObjectsDoubled, t);
    }

    /// With an automatic cell size, picks the loose grid's cell size again
    /// once objects grown by `update` fill its oversize list (see
    /// [`OUTGROWN_SHARE`]), and files everything again if the pick
    /// differs. Checked once a `pairs` call, not at every `update`: the
    /// check would cost every update, and rays in between walk the
    /// oversize list in coarse cells anyway. A trace hears of it (`t`):
    /// why (`repick`), and the refiling or that the cells stay. The normal
    /// grid needs none: its pick is twice the median size, which a tail of
    /// grown boxes does not move, and it lists a box in up to 64 cells
    /// before its oversize list.
    pub(super) fn retune_outgrown_cells<T: Tracer<Step>>(&mut self, t: &mut T) {
        let Structure::LooseGrid(grid) = &self.structure else { return };
        let settings = &self.structure_settings;
        let floor = (self.count() / OUTGROWN_SHARE).max(OUTGROWN_FLOOR);
        if grid.oversize_count() <= 2 * settings.oversize_at_pick + floor || settings.cell_size.is_some() {
            return;
        }
        t.note(|| {
            let step = Step::new(TraceKind::Repick).because(TraceReason::OversizeOutgrown);
            let at_pick = settings.oversize_at_pick;
            step.count(grid.oversize_count() as f64)
                .counted(at_pick as f64)
                .limit((2 * at_pick + floor) as f64)
        });
        let size = self.suggested_cell_size(StructureKind::LooseGrid);
        if crate::grid::CellGeometry::new(&grid.world(), size) == *grid.geometry() {
            // The same cells: nothing to file again, and these oversize
            // objects are the ones such a pick leaves.
            t.note(|| {
                let (size, oversize) = (grid.geometry().cell_size, grid.oversize_count() as u32);
                let step = Step::new(TraceKind::Refile).because(TraceReason::SameCellSize);
                step.counted(size).limit(size).moved(0, oversize)
            });
            self.structure_settings.oversize_at_pick = grid.oversize_count();
        } else {
            self.refile_under(size, TraceReason::OversizeOutgrown, t);
        }
    }

    /// Picks the active grid's automatic cell size from the objects and
    /// files them all again under it.
    fn pick_cell_size<T: Tracer<Step>>(&mut self, kind: StructureKind, why: TraceReason, t: &mut T) {
        let size = self.suggested_cell_size(kind);
        self.refile_under(size, why, t);
    }

    /// Files every object of the active grid again under cells of `size`,
    /// picked automatically (`why`: the rule that asked). A trace hears of
    /// it (`t`): the old and the new size, the objects filed, and how many
    /// of the oversize objects the new cells take in.
    fn refile_under<T: Tracer<Step>>(&mut self, size: f64, why: TraceReason, t: &mut T) {
        // Read before the refiling, for the trace alone.
        let before = if t.on() {
            let old = self.structure.grid_geometry().map_or(f64::NAN, |g| g.cell_size);
            (old, self.structure.loose_oversize_count() as u32)
        } else {
            (f64::NAN, 0)
        };
        self.structure.set_grid_cell_size(size);
        self.note_cell_size_pick();
        self.slot_order.stale = true;
        t.note(|| {
            let size = self.structure.grid_geometry().map_or(size, |g| g.cell_size);
            let (old, oversize_before) = before;
            let oversize = self.structure.loose_oversize_count() as u32;
            let step = Step::new(TraceKind::Refile).because(why).count(self.count() as f64);
            step.counted(old).limit(size).moved(oversize_before.saturating_sub(oversize), oversize)
        });
    }

    /// Files every object afresh in a new structure of the same kind, limits
    /// and cell size: what `fast_forward` does after many steps, when most
    /// objects have left their node or cell and filing them anew costs less
    /// than moving each out of where it was. It walks space as the old one
    /// did, so the slots' order stays valid.
    pub(super) fn refile_structure(&mut self) {
        let world = Aabb::from_xywh(0.0, 0.0, self.width, self.height);
        let kind = self.structure.kind();
        let cell_size = match self.structure.grid_geometry() {
            Some(geometry) => geometry.cell_size,
            None => self.structure_settings.cell_size.unwrap_or_else(|| self.suggested_cell_size(kind)),
        };
        self.structure = Structure::new(kind, world, self.structure_settings.quadtree_limits, cell_size);
        for slot in 0..self.objects.slot_ids.len() as u32 {
            if self.objects.slot_ids[slot as usize] != 0 {
                let aabb = self.aabb_of(slot);
                self.structure.as_broad_phase().insert(slot, aabb);
            }
        }
    }

    /// Records when the cell size was picked: the object count, and the
    /// oversize list it left.
    fn note_cell_size_pick(&mut self) {
        self.structure_settings.cell_size_picked_at = self.count();
        self.structure_settings.oversize_at_pick = self.structure.loose_oversize_count();
    }

    fn rebuild_structure(&mut self, kind: StructureKind) {
        let world = Aabb::from_xywh(0.0, 0.0, self.width, self.height);
        let cell_size = self.structure_settings.cell_size.unwrap_or_else(|| self.suggested_cell_size(kind));
        self.structure = Structure::new(kind, world, self.structure_settings.quadtree_limits, cell_size);
        for slot in 0..self.objects.slot_ids.len() as u32 {
            if self.objects.slot_ids[slot as usize] != 0 {
                let aabb = self.aabb_of(slot);
                self.structure.as_broad_phase().insert(slot, aabb);
            }
        }
        self.note_cell_size_pick();
        // Another structure (or cell size) walks space in another order.
        self.slot_order.stale = true;
    }
}

impl super::World {
    /// Bounds of the regions where an object is stored: quadtree nodes or
    /// grid cells; empty for brute force and for objects kept outside the
    /// cells (the leaves policy's outside list, the grids' oversize lists).
    pub fn stored_in(&self, id: u32) -> Result<Vec<Aabb>> {
        let slot = self.slot_of("id", id)?;
        let mut out = Vec::new();
        let mut cells = Vec::new();
        match &self.structure {
            Structure::BruteForce(_) => {}
            Structure::Quadtree(tree) => tree.nodes_of(slot, &mut out),
            Structure::Grid(grid) => grid.cells_of(slot, &mut cells),
            Structure::LooseGrid(grid) => grid.cells_of(slot, &mut cells),
        }
        if let Some(geometry) = self.structure.grid_geometry() {
            out.extend(cells.iter().map(|&(x, y)| geometry.cell_bounds(x as u32, y as u32)));
        }
        Ok(out)
    }

    /// Bounds of the grid cells whose objects `pairs()` tests against this
    /// object (the normal grid: where it is stored; the loose grid: its own
    /// cell and the four forward neighbours, or every cell an oversize
    /// object reaches grown by one). Empty for other structures.
    pub fn searched_in(&self, id: u32) -> Result<Vec<Aabb>> {
        let slot = self.slot_of("id", id)?;
        let mut cells = Vec::new();
        match &self.structure {
            Structure::Grid(grid) => grid.searched_cells(slot, &mut cells),
            // The five-cell trick; an oversize object has no cell of its own.
            Structure::LooseGrid(grid) if grid.is_oversize(slot) => grid.searched_cells(slot, &mut cells),
            Structure::LooseGrid(grid) => grid.scanned_cells(slot, &mut cells),
            _ => {}
        }
        let Some(geometry) = self.structure.grid_geometry() else { return Ok(Vec::new()) };
        Ok(cells.iter().map(|&(x, y)| geometry.cell_bounds(x as u32, y as u32)).collect())
    }

    /// The active grid's cell layout `(origin_x, origin_y, cell_size, cols,
    /// rows)`, for drawing.
    #[must_use]
    pub fn grid_geometry(&self) -> Option<crate::grid::CellGeometry> {
        self.structure.grid_geometry().copied()
    }
}

/// The smallest cell size a grid over a `width × height` world can have,
/// when `size` is below it (a grid holds at most `MAX_CELLS` cells); `None`
/// when `size` fits.
fn smallest_cell_above(size: f64, width: f64, height: f64) -> Option<f64> {
    let fitted = crate::grid::CellGeometry::new(&Aabb::from_xywh(0.0, 0.0, width, height), size).cell_size;
    (fitted > size).then_some(fitted)
}
