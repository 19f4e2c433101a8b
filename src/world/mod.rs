//! The `World` of the contract (`shared/WORLD_API.md`), natively: objects
//! with ids, stepping, pairs and queries through a switchable structure.
//! The wasm façade (`wasm.rs`) is a thin wrapper over this type.

mod arguments;
mod changed_slots;
mod events;
mod hierarchy;
mod id_table;
mod moving_slots;
mod objects;
mod pairs;
mod rays;
mod slot_order;
mod step;
mod structure;
mod tile_motion;
mod tiles;

#[cfg(test)]
mod tests;

pub use rays::RayHit;
pub use structure::StructureKind;
pub use tile_motion::TileResponse;
pub use tiles::DEFAULT_TILE_SIZE;

/// Most objects one World holds (about 1 GB with a structure's own memory,
/// a quarter of what wasm32 can address). `insert` and `populate` past it
/// are refused with an error, not an out-of-memory trap.
pub const MAX_OBJECTS: usize = 4_000_000;

use crate::broad_phase::Stats;
use crate::error::{finite, positive, Error, Result};
use crate::geometry::Aabb;
use crate::grid::CellBits;
use crate::hierarchy::Hierarchy;
use crate::quadtree::QuadtreeLimits;
use crate::tile_grid::TileGrid;
use structure::Structure;

/// A world rectangle `[0, width] × [0, height]` of moving boxes.
pub struct World {
    width: f64,
    height: f64,
    /// Per object slot: `x, y, w, h` as given (JS reads this as a view).
    boxes: Vec<f64>,
    /// Per slot: `vx, vy` in units per second.
    velocities: Vec<f64>,
    /// Per slot: the object's id, or 0 for a free slot (JS reads this too).
    slot_ids: Vec<u32>,
    free_slots: Vec<u32>,
    /// Id to slot. Fx hashing: ids are small integers from this World, not
    /// attacker-chosen keys, and the default SipHash was a third of a
    /// renumbering's cost.
    id_to_slot: id_table::IdTable,
    next_id: u32,
    structure: Structure,
    quadtree_limits: QuadtreeLimits,
    /// The grids' cell size when set; `None` picks one from the objects.
    cell_size: Option<f64>,
    /// Object count when the automatic cell size was last picked.
    cell_size_picked_at: usize,
    // Output buffers reused every frame, so a warm frame allocates nothing.
    pair_slots: Vec<(u32, u32)>,
    pair_keys: Vec<u64>,
    pair_keys_scratch: Vec<u64>,
    pairs_out: Vec<u32>,
    /// The previous `pairs()` result's keys, and what changed since it.
    previous_keys: Vec<u64>,
    began_out: Vec<u32>,
    ended_out: Vec<u32>,
    /// The slots changed since the last `pairs()`, and that call's slot
    /// generation (see `pairs_from_what_moved`).
    changed: changed_slots::ChangedSlots,
    /// The slots that may move in `step`.
    moving: moving_slots::MovingSlots,
    seen_generation: Option<u32>,
    partner_scratch: Vec<u32>,
    /// Scratch of the attached objects' following (`hierarchy.rs`): the
    /// slots a step moved, the walk's stack, the slots a pass moved.
    step_placed: CellBits,
    follow_stack: Vec<u32>,
    follow_moved: CellBits,
    /// The incremental path's split of the previous keys (those of moved
    /// objects) and the pairs it found anew.
    dropped_keys: Vec<u64>,
    fresh_keys: Vec<u64>,
    /// The slots an `update_many` batch wrote, one bit each.
    batch_marks: CellBits,
    /// Per entry of an `update_many` batch: its id's slot.
    batch_slots: Vec<u32>,
    overlapping: Vec<u8>,
    /// Per slot: the pairs of the last `pairs()` it is in (see `pairs.rs`).
    overlap_counts: Vec<u32>,
    query_out: Vec<u32>,
    last_pair_stats: Stats,
    last_query_stats: Stats,
    /// Parent-before-child order of all objects (the flat scene hierarchy).
    hierarchy: Hierarchy,
    /// Per slot: the parent's slot, or `NO_PARENT`; and the offset `dx, dy`
    /// to the parent an attached object keeps.
    parent_slot: Vec<u32>,
    offsets: Vec<f64>,
    /// Objects with a parent; when 0, moves skip the hierarchy pass.
    attached: usize,
    /// Per slot: a [`TileResponse`] code (0: passes through tiles).
    tile_response: Vec<u8>,
    /// Objects whose response is not `None`; when 0, `step` skips the pass.
    tile_colliders: usize,
    removed_scratch: Vec<u32>,
    /// The N-style tile grid (Metanet's N tutorial B).
    tiles: TileGrid,
    cell_scratch: Vec<(u32, u32)>,
    cells_out: Vec<u32>,
    /// How far slots have strayed from space order (see `slot_order.rs`).
    slot_order: slot_order::SlotOrder,
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
            boxes: Vec::new(),
            velocities: Vec::new(),
            slot_ids: Vec::new(),
            free_slots: Vec::new(),
            id_to_slot: id_table::IdTable::default(),
            next_id: 1,
            structure: Structure::new(
                StructureKind::BruteForce,
                Aabb::from_xywh(0.0, 0.0, width, height),
                limits,
                width.max(height) / 64.0,
            ),
            quadtree_limits: limits,
            cell_size: None,
            cell_size_picked_at: 0,
            pair_slots: Vec::new(),
            pair_keys: Vec::new(),
            pair_keys_scratch: Vec::new(),
            pairs_out: Vec::new(),
            previous_keys: Vec::new(),
            began_out: Vec::new(),
            ended_out: Vec::new(),
            changed: changed_slots::ChangedSlots::default(),
            moving: moving_slots::MovingSlots::default(),
            seen_generation: None,
            partner_scratch: Vec::new(),
            step_placed: CellBits::default(),
            follow_stack: Vec::new(),
            follow_moved: CellBits::default(),
            dropped_keys: Vec::new(),
            fresh_keys: Vec::new(),
            batch_marks: CellBits::default(),
            batch_slots: Vec::new(),
            overlapping: Vec::new(),
            overlap_counts: Vec::new(),
            query_out: Vec::new(),
            last_pair_stats: Stats::default(),
            last_query_stats: Stats::default(),
            hierarchy: Hierarchy::new(),
            parent_slot: Vec::new(),
            offsets: Vec::new(),
            attached: 0,
            tile_response: Vec::new(),
            tile_colliders: 0,
            removed_scratch: Vec::new(),
            tiles: tiles::default_tile_grid(width, height),
            cell_scratch: Vec::new(),
            cells_out: Vec::new(),
            slot_order: slot_order::SlotOrder::new(),
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
        self.id_to_slot.len()
    }

    /// Ids of the boxes overlapping the given box, ascending.
    pub fn query(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<&[u32]> {
        let area = checked_box(x, y, w, h)?;
        self.query_out.clear();
        self.last_query_stats = self.structure.as_broad_phase().query(area, &mut self.query_out);
        for slot in self.query_out.iter_mut() {
            *slot = self.slot_ids[*slot as usize];
        }
        self.query_out.sort_unstable();
        Ok(&self.query_out)
    }

    /// Work counters of the last `pairs()`.
    #[must_use]
    pub fn pair_stats(&self) -> Stats {
        self.last_pair_stats
    }

    /// Work counters of the last `query()`.
    #[must_use]
    pub fn query_stats(&self) -> Stats {
        self.last_query_stats
    }

    /// Checks the active structure's invariants and the world's own books.
    pub fn validate(&self) -> std::result::Result<(), String> {
        let live = self.slot_ids.iter().filter(|&&id| id != 0).count();
        if live != self.id_to_slot.len() || live + self.free_slots.len() != self.slot_ids.len() {
            return Err(format!(
                "{live} live slots, {} ids, {} free",
                self.id_to_slot.len(),
                self.free_slots.len()
            ));
        }
        let slots = self.slot_ids.len();
        if self.boxes.len() != 4 * slots
            || self.velocities.len() != 2 * slots
            || self.offsets.len() != 2 * slots
            || self.parent_slot.len() != slots
            || self.tile_response.len() != slots
        {
            return Err(format!("per-slot arrays disagree on {slots} slots"));
        }
        let mut free = self.free_slots.clone();
        free.sort_unstable();
        free.dedup();
        if free.len() != self.free_slots.len() || free.iter().any(|&s| self.slot_ids[s as usize] != 0) {
            return Err(format!("free list {:?} repeats or holds live slots", self.free_slots));
        }
        // A live slot is marked overlapping exactly when its id is in a pair
        // of the last `pairs()` (both as of that call; ids do not change).
        let mut in_pairs = vec![0u8; slots];
        for &k in &self.pair_keys {
            for id in [(k >> 32) as u32, k as u32] {
                if let Some(slot) = self.id_to_slot.get(id) {
                    in_pairs[slot as usize] = 1;
                }
            }
        }
        if let Some(slot) = (0..slots)
            .find(|&s| self.slot_ids[s] != 0 && self.overlapping.get(s).copied().unwrap_or(0) != in_pairs[s])
        {
            return Err(format!("slot {slot}: the overlapping view disagrees with the last pairs"));
        }
        // The structure holds exactly the live slots, with the World's boxes
        // (a wrong relabelling after a renumbering shows here).
        let structure = self.structure.as_broad_phase_ref();
        for slot in 0..slots as u32 {
            let expected = (self.slot_ids[slot as usize] != 0).then(|| self.aabb_of(slot));
            let stored = structure.stored_aabb(slot);
            if stored != expected {
                return Err(format!("slot {slot}: the World has {expected:?}, the structure {stored:?}"));
            }
        }
        if let Some(slot) = self
            .slot_ids
            .iter()
            .zip(self.velocities.chunks(2))
            .position(|(&id, v)| id == 0 && v != [0.0, 0.0])
        {
            return Err(format!("free slot {slot} has a velocity (step would move it)"));
        }
        if let Some(slot) = (0..slots)
            .find(|&s| self.velocities[s * 2..s * 2 + 2] != [0.0, 0.0] && !self.moving.contains(s as u32))
        {
            return Err(format!("slot {slot} has a velocity but step would not visit it"));
        }
        for (id, slot) in self.id_to_slot.iter() {
            if self.slot_ids[slot as usize] != id {
                return Err(format!("id {id} maps to slot {slot} holding {}", self.slot_ids[slot as usize]));
            }
        }
        self.structure.as_broad_phase_ref().validate()?;
        self.hierarchy.validate()?;
        if self.hierarchy.len() != live {
            return Err(format!("{} objects in the hierarchy, {live} live", self.hierarchy.len()));
        }
        // The parent links live twice (here as slots, in the hierarchy as
        // ids): they must agree.
        for (id, slot) in self.id_to_slot.iter() {
            let parent_slot = self.parent_slot[slot as usize];
            let parent =
                if parent_slot == hierarchy::NO_PARENT { 0 } else { self.slot_ids[parent_slot as usize] };
            if self.hierarchy.parent_of(id) != Ok(parent) {
                return Err(format!(
                    "object {id}: parent {parent} here, {:?} in the hierarchy",
                    self.hierarchy.parent_of(id)
                ));
            }
        }
        let attached = self
            .parent_slot
            .iter()
            .zip(&self.slot_ids)
            .filter(|&(&p, &id)| id != 0 && p != hierarchy::NO_PARENT)
            .count();
        if attached != self.attached {
            return Err(format!("{attached} attached objects, count says {}", self.attached));
        }
        let colliders =
            self.tile_response.iter().zip(&self.slot_ids).filter(|&(&r, &id)| id != 0 && r != 0).count();
        if colliders != self.tile_colliders {
            return Err(format!("{colliders} tile colliders, count says {}", self.tile_colliders));
        }
        if let Some(slot) =
            self.slot_ids.iter().zip(&self.tile_response).position(|(&id, &r)| id == 0 && r != 0)
        {
            return Err(format!("free slot {slot} collides with tiles"));
        }
        self.tiles.validate()
    }

    fn slot_of(&self, arg: &'static str, id: u32) -> Result<u32> {
        self.id_to_slot.get(id).ok_or(Error::DeadId { arg, id })
    }

    fn aabb_of(&self, slot: u32) -> Aabb {
        let b = &self.boxes[slot as usize * 4..slot as usize * 4 + 4];
        Aabb::from_xywh(b[0], b[1], b[2], b[3])
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
        let first = self.next_id;
        for o in crate::scene::generate(count as usize, side, layout, seed) {
            let id = self.insert(o.x, o.y, o.w, o.h)?;
            self.set_velocity(id, o.vx, o.vy)?;
        }
        Ok(first)
    }
}
