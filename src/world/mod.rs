//! The `World`: objects with ids, stepping, pairs and queries through a
//! switchable structure, the tile map, rays and attachments. Its public
//! methods are the contract `docs/API.md` describes; the wasm façade
//! (`src/wasm/world.rs`) is a thin wrapper over this type.

mod arguments;
mod attachments;
mod box_cast;
mod changed_slots;
mod contact_step;
mod events;
mod id_table;
mod moving_slots;
mod objects;
mod pairs;
mod parallel_pairs;
mod parallel_renumber;
mod rays;
mod slot_order;
mod step;
mod step_parallel;
mod structure;
mod tile_motion;
mod tile_step_trace;
mod tiles;
mod traces;
mod validate;
mod workspace;

#[cfg(test)]
mod cell_retune_tests;
#[cfg(test)]
mod tests;

pub use contact_step::ContactStep;
pub use pairs::MAX_PAIRS;
pub use rays::RayHit;
pub use step::MAX_FAST_FORWARD_STEPS;
pub use structure::StructureKind;
pub use tile_motion::{TileResponse, CONTACT_BUDGET};
pub use tiles::DEFAULT_TILE_SIZE;
pub use traces::MAX_BRUTE_FORCE_PAIR_TRACE;

/// Most objects one World holds (about 1 GB with a structure's own memory,
/// a quarter of what wasm32 can address). `insert` and `populate` past it
/// are refused with an error, not an out-of-memory trap.
pub const MAX_OBJECTS: usize = 4_000_000;

use crate::broad_phase::Stats;
use crate::error::{finite, positive, Result};
use crate::geometry::Aabb;
use crate::quadtree::QuadtreeLimits;
use crate::tile_grid::TileGrid;
use structure::Structure;

/// A world rectangle `[0, width] × [0, height]` of moving boxes.
///
/// Its state comes in parts, each with its own file: the objects (ids,
/// slots, boxes, velocities), the active structure and its settings, the
/// pairs between `pairs()` calls, the last query, the attachments, the tile
/// map and the objects that collide with it, the slots' space order, and a
/// workspace of scratch buffers that grow and never shrink, so a warm frame
/// allocates nothing.
pub struct World {
    width: f64,
    height: f64,
    /// Ids, slots, boxes and velocities (`objects.rs`).
    objects: objects::Objects,
    /// The active structure, filing every object under its slot.
    structure: Structure,
    /// How the structures are built: quadtree limits, grid cell size.
    structure_settings: structure::StructureSettings,
    /// The last `pairs()` and what changed since (`pairs.rs`).
    pairs: pairs::PairTracking,
    /// The last `query()`: its ids and work counters.
    query: QueryResult,
    /// Who hangs from whom, at what offset, in parents-first order.
    attachments: attachments::Attachments,
    /// The N-style tile grid (Metanet's N tutorial B).
    tiles: TileGrid,
    /// Which objects collide with the tiles, and how (`tile_motion.rs`).
    tile_colliders: tile_motion::TileColliders,
    /// How far slots have strayed from space order (`slot_order.rs`).
    slot_order: slot_order::SlotOrder,
    /// Scratch buffers of the per-frame calls (`workspace.rs`).
    workspace: workspace::Workspace,
}

/// The last `query()`'s answer, kept so it can be returned as a slice.
#[derive(Debug, Default)]
struct QueryResult {
    /// The ids found, ascending.
    ids: Vec<u32>,
    /// Its work counters.
    stats: Stats,
}

impl World {
    /// A world `[0, width] × [0, height]` with the brute-force structure.
    pub fn new(width: f64, height: f64) -> Result<World> {
        positive("width", width)?;
        positive("height", height)?;
        let limits = QuadtreeLimits::default();
        Ok(World {
            width,
            height,
            objects: objects::Objects::default(),
            structure: Structure::new(
                StructureKind::BruteForce,
                Aabb::from_xywh(0.0, 0.0, width, height),
                limits,
                width.max(height) / 64.0,
            ),
            structure_settings: structure::StructureSettings::new(limits),
            // The answers handed out as views, born in published memory.
            pairs: pairs::PairTracking { flat: crate::publish::vec(), ..pairs::PairTracking::default() },
            query: QueryResult { ids: crate::publish::vec(), ..QueryResult::default() },
            attachments: attachments::Attachments::default(),
            tiles: tiles::default_tile_grid(width, height),
            tile_colliders: tile_motion::TileColliders::default(),
            slot_order: slot_order::SlotOrder::new(),
            workspace: workspace::Workspace::default(),
        })
    }

    #[must_use]
    /// Width of the world rectangle.
    pub fn width(&self) -> f64 {
        self.width
    }

    #[must_use]
    /// Height of the world rectangle.
    pub fn height(&self) -> f64 {
        self.height
    }

    /// Number of live objects.
    #[must_use]
    pub fn count(&self) -> usize {
        self.objects.id_to_slot.len()
    }

    /// Ids of the boxes overlapping the given box, ascending.
    pub fn query(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<&[u32]> {
        let area = checked_box(x, y, w, h)?;
        self.query.ids.clear();
        self.query.stats = self.structure.as_broad_phase().query(area, &mut self.query.ids);
        for slot in self.query.ids.iter_mut() {
            *slot = self.objects.slot_ids[*slot as usize];
        }
        crate::small_sort::sort(&mut self.query.ids);
        Ok(&self.query.ids)
    }

    /// Work counters of the last `pairs()`.
    #[must_use]
    pub fn pair_stats(&self) -> Stats {
        self.pairs.stats
    }

    /// Work counters of the last `query()`.
    #[must_use]
    pub fn query_stats(&self) -> Stats {
        self.query.stats
    }

    fn slot_of(&self, arg: &'static str, id: u32) -> Result<u32> {
        self.objects.slot_of(arg, id)
    }

    fn aabb_of(&self, slot: u32) -> Aabb {
        self.objects.aabb_of(slot)
    }
}

/// The box `(x, y, w, h)` if all four are finite and the size is positive.
pub(crate) fn checked_box(x: f64, y: f64, w: f64, h: f64) -> Result<Aabb> {
    finite("x", x)?;
    finite("y", y)?;
    positive("w", w)?;
    positive("h", h)?;
    Ok(Aabb::from_xywh(x, y, w, h))
}

impl World {
    /// Adds `count` seeded moving boxes laid out per `layout` (see
    /// [`crate::scene`]), scaled to this world's size. Returns the first id.
    pub fn populate(&mut self, count: u32, seed: u64, layout: crate::scene::Layout) -> Result<u32> {
        self.reserve_objects("count", count as usize)?;
        let side = self.width.min(self.height);
        let first = self.objects.next_id;
        for o in crate::scene::objects(count as usize, side, layout, seed) {
            let id = self.insert(o.x, o.y, o.w, o.h)?;
            self.set_velocity(id, o.vx, o.vy)?;
        }
        Ok(first)
    }
}
