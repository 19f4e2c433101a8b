//! Keeping the object slots in space order. The World's arrays and the
//! structure's per-proxy records are indexed by slot, while the structures
//! walk space cell by cell (or node by node). Slots handed out in insertion
//! order put neighbours in space far apart in memory: at 10k objects
//! everything sits in cache and that costs nothing; at 100k every cell of a
//! `pairs` walk and every re-filed object misses the cache. So the World
//! renumbers its slots in space order, in `pairs`, once the objects have
//! drifted far enough from the order of the last renumbering (or many were
//! inserted since). Ids never change; slots do, and `slot_generation` says
//! when (the per-slot views must then be read again).
//!
//! A renumbering costs about as much as a big frame, and order decays
//! slowly enough that renumbering every frame would not repay it;
//! `benches/renumber.rs` times one, `benches/scaling.mjs` and
//! `examples/profile_frames.rs` the frames around it (docs/BENCHMARKS.md,
//! "Measurements behind the code's choices", has the numbers).

use super::World;
use crate::broad_phase::relabel_strided;
use crate::geometry::midpoint;
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

/// Below this many objects everything fits in cache: slots stay put.
pub(super) const RENUMBER_FLOOR: usize = 4096;

/// How far (in cells of the order) the objects may drift on average before
/// a renumbering, while they are few enough that most of a frame's data
/// stays in cache: a renumbering there buys little, so it waits long.
const DRIFT_CELLS_CACHED: f64 = 3.0;

/// The same once the objects are many: every frame then pays for the order
/// lost, and the quadtrees, whose nodes gather objects from far-apart slots,
/// pay most, so renumbering sooner costs less than the frames it speeds up
/// (docs/BENCHMARKS.md, "Straddle quadtree growth").
const DRIFT_CELLS_MANY: f64 = 0.4;

/// From this many live objects on, `DRIFT_CELLS_MANY` applies.
const MANY_OBJECTS: usize = 32_768;

/// The World's record of how far its slots have strayed from space order,
/// and the scratch a renumbering reuses.
#[derive(Debug, Default)]
pub(super) struct SlotOrder {
    /// Incremented at every renumbering.
    pub generation: u32,
    /// Distance moved by all objects since the last renumbering (`|dx| +
    /// |dy|`, summed).
    pub drift: f64,
    /// Objects inserted since the last renumbering.
    pub inserted: usize,
    /// Set when the structure or its cell size changed: its walk order is
    /// not the one the slots were put in.
    pub stale: bool,
    /// The side of the cells the last order was taken over.
    pub cell: f64,
    /// Renumbering starts at this many objects (`RENUMBER_FLOOR`; tests
    /// lower it).
    pub floor: usize,
    // Scratch that grows and never shrinks, so a warm renumbering allocates
    // nothing.
    keys: Vec<u64>,
    key_scratch: Vec<u64>,
    walk: Vec<u32>,
    new_of_old: Vec<u32>,
    old_of_new: Vec<u32>,
    spare_boxes: Vec<f64>,
    spare_velocities: Vec<f64>,
    spare_offsets: Vec<f64>,
    spare_responses: Vec<u8>,
    spare_ids: Vec<u32>,
    spare_overlapping: Vec<u8>,
}

impl SlotOrder {
    pub fn new() -> SlotOrder {
        SlotOrder { floor: RENUMBER_FLOOR, ..SlotOrder::default() }
    }

    /// Counts a move from `(x0, y0)` to `(x1, y1)` toward the next
    /// renumbering. Saturates at +inf for absurd moves, which just
    /// renumbers sooner.
    #[inline]
    pub fn note_move(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) {
        self.note_distance(distance_moved(x0, y0, x1, y1));
    }

    /// [`SlotOrder::note_move`] of a move whose [`distance_moved`] is known.
    #[inline]
    pub fn note_distance(&mut self, distance: f64) {
        self.drift += distance;
    }

    /// Whether slots are far enough from space order to renumber them.
    fn is_stale(&self, live: usize) -> bool {
        live >= self.floor.max(1)
            && (self.stale
                || self.inserted * 4 >= live
                || self.drift >= live as f64 * drift_cells(live) * self.cell)
    }
}

/// How far the objects may drift on average, in cells, before `live` of
/// them are renumbered.
fn drift_cells(live: usize) -> f64 {
    if live >= MANY_OBJECTS {
        DRIFT_CELLS_MANY
    } else {
        DRIFT_CELLS_CACHED
    }
}

/// How far a move from `(x0, y0)` to `(x1, y1)` counts toward the next
/// renumbering (`|dx| + |dy|`).
#[inline]
pub(super) fn distance_moved(x0: f64, y0: f64, x1: f64, y1: f64) -> f64 {
    (x1 - x0).abs() + (y1 - y0).abs()
}

impl World {
    /// The number of renumberings so far: when it changes, slots hold other
    /// objects than before (ids stay).
    #[must_use]
    pub fn slot_generation(&self) -> u32 {
        self.slot_order.generation
    }

    /// Renumbers the slots now if the objects have drifted from space order.
    pub(super) fn renumber_slots_if_stale(&mut self) {
        if self.slot_order.is_stale(self.count()) {
            self.renumber_slots();
        }
    }

    /// Renumbers the live slots `0..count` in space order (free slots are
    /// dropped) and relabels the structure to match. Ids, boxes, velocities
    /// and attachments are unchanged; `slot_generation` goes up by one.
    /// `pairs` does this by itself when it pays; call it to force one (after
    /// loading a level, say). Reuses its scratch: once it has run, it
    /// allocates nothing.
    pub fn renumber_slots(&mut self) {
        let mut order = std::mem::take(&mut self.slot_order);
        self.sort_slots_in_space_order(&mut order.keys, &mut order.key_scratch, &mut order.walk);
        debug_assert_eq!(order.keys.len(), self.count(), "space order lists every live slot once");
        order.old_of_new.clear();
        order.old_of_new.extend(order.keys.iter().map(|&key| key as u32));
        order.new_of_old.clear();
        order.new_of_old.resize(self.objects.slot_ids.len(), NULL_INDEX);
        for (new, &old) in order.old_of_new.iter().enumerate() {
            order.new_of_old[old as usize] = new as u32;
        }
        let old_of_new = &order.old_of_new;
        relabel_strided::<_, 4>(&mut self.objects.boxes, &mut order.spare_boxes, old_of_new);
        // Arrays that hold only zeros (no velocity set, no tile collider)
        // stay zeros in any order: cut to length, not moved.
        if self.objects.moving.is_empty() {
            self.objects.velocities.truncate(old_of_new.len() * 2);
        } else {
            relabel_strided::<_, 2>(&mut self.objects.velocities, &mut order.spare_velocities, old_of_new);
            self.objects.moving.rebuild(&self.objects.velocities);
        }
        relabel_strided::<_, 1>(&mut self.objects.slot_ids, &mut order.spare_ids, old_of_new);
        if self.tile_colliders.count == 0 {
            self.tile_colliders.responses.truncate(old_of_new.len());
        } else {
            relabel_strided::<_, 1>(
                &mut self.tile_colliders.responses,
                &mut order.spare_responses,
                old_of_new,
            );
        }
        if self.attachments.any() {
            relabel_strided::<_, 2>(&mut self.attachments.offsets, &mut order.spare_offsets, old_of_new);
        } else {
            // Nothing attached: offsets are unused until an attachment
            // writes them.
            self.attachments.offsets.truncate(order.keys.len() * 2);
        }
        self.attachments.forest.relabel(&order.new_of_old, old_of_new);
        // Sized at the last `pairs`; slots added since were in no pair.
        self.pairs.overlapping.resize(order.new_of_old.len(), 0);
        relabel_strided::<_, 1>(&mut self.pairs.overlapping, &mut order.spare_overlapping, old_of_new);
        self.objects.free_slots.clear();
        // In the table's own order, no hashing: inserting id by id in slot
        // order would miss the cache on every id.
        for slot in self.objects.id_to_slot.slots_mut() {
            *slot = order.new_of_old[*slot as usize];
        }
        self.structure.as_broad_phase().relabel(&order.new_of_old, &order.old_of_new);
        order.generation = order.generation.wrapping_add(1);
        order.drift = 0.0;
        order.inserted = 0;
        order.stale = false;
        self.slot_order = order;
        self.slot_order.cell = self.order_cell();
    }

    /// Fills `keys` with the live slots in space order (each key holds its
    /// slot in the low 32 bits): the order the structure walks them in
    /// `pairs` if it can tell (the loose grid: one pass over its lists, no
    /// sort), else sorted by the cell holding their centre, row-major in the
    /// active grid's cells (the order the grids walk) or in Z order over the
    /// world (the order a quadtree's nodes nest).
    fn sort_slots_in_space_order(&self, keys: &mut Vec<u64>, scratch: &mut Vec<u64>, walk: &mut Vec<u32>) {
        keys.clear();
        walk.clear();
        if self.structure.as_broad_phase_ref().space_order(walk) {
            keys.extend(walk.iter().map(|&slot| u64::from(slot)));
            return;
        }
        let key = SpaceKey {
            geometry: self.structure.grid_geometry().copied(),
            kx: f64::from(u16::MAX) / self.width,
            ky: f64::from(u16::MAX) / self.height,
        };
        if !self.space_keys_in_parallel(keys, &key) {
            for slot in 0..self.objects.slot_ids.len() {
                if self.objects.slot_ids[slot] == 0 {
                    continue;
                }
                keys.push(key.of(slot, &self.aabb_of(slot as u32)));
            }
        }
        #[cfg(not(all(feature = "parallel", not(target_arch = "wasm32"))))]
        crate::radix_sort::sort_u64(keys, scratch);
        // Its buckets sorted on the pool (each as one thread sorts it).
        #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
        crate::parallel_radix::sort_u64(keys, scratch);
    }

    /// The side of the cells drift is measured in: the grid's cells, or for
    /// the other structures half the mean spacing of the objects (about the
    /// grid's cell at the benchmark density).
    fn order_cell(&self) -> f64 {
        match self.structure.grid_geometry() {
            Some(g) => g.cell_size,
            None => 0.5 * (self.width * self.height / self.count().max(1) as f64).sqrt(),
        }
    }
}

/// The centre of a box as two 16-bit coordinates over the world (clamped).
/// A slot's place in space order: the cell holding its box's centre, above
/// the slot (`cell << 32 | slot`).
pub(super) struct SpaceKey {
    /// The active grid's cells (row-major, the order the grids walk), or
    /// none: Z order over the world (the order a quadtree's nodes nest).
    geometry: Option<crate::grid::CellGeometry>,
    /// The world's sides scaled to `u16` for Z order.
    kx: f64,
    ky: f64,
}

impl SpaceKey {
    /// The key of `slot`, whose box is `aabb`.
    #[inline]
    pub(super) fn of(&self, slot: usize, aabb: &Aabb) -> u64 {
        let cell = match &self.geometry {
            Some(g) => {
                let (x, y) = g.centre_cell(aabb);
                g.index(x, y)
            }
            None => z_order(quantize(aabb, self.kx, self.ky)),
        };
        u64::from(cell) << 32 | slot as u64
    }
}

fn quantize(aabb: &Aabb, kx: f64, ky: f64) -> (u16, u16) {
    // `as` saturates: NaN-free centres outside the world clamp to 0 or max.
    let x = midpoint(aabb.min_x, aabb.max_x) * kx;
    let y = midpoint(aabb.min_y, aabb.max_y) * ky;
    (x as u16, y as u16)
}

/// Interleaves the bits of `x` and `y` (x in the even bits): the Z-order
/// (Morton) index, in which a quadtree's nodes are contiguous ranges.
fn z_order((x, y): (u16, u16)) -> u32 {
    fn spread(v: u16) -> u32 {
        let mut v = u32::from(v);
        v = (v | v << 8) & 0x00FF_00FF;
        v = (v | v << 4) & 0x0F0F_0F0F;
        v = (v | v << 2) & 0x3333_3333;
        (v | v << 1) & 0x5555_5555
    }
    spread(x) | spread(y) << 1
}

#[cfg(test)]
mod tests {
    use super::z_order;

    #[test]
    fn z_order_interleaves_x_in_the_even_bits() {
        assert_eq!(z_order((0, 0)), 0);
        assert_eq!(z_order((1, 0)), 1);
        assert_eq!(z_order((0, 1)), 2);
        assert_eq!(z_order((3, 3)), 15);
        assert_eq!(z_order((u16::MAX, 0)), 0x5555_5555);
        assert_eq!(z_order((0, u16::MAX)), 0xAAAA_AAAA);
    }
}

#[cfg(test)]
mod world_tests {
    use super::super::{StructureKind, World};
    use crate::scene::Layout;

    /// A world of `count` seeded moving boxes that renumbers from 1 object.
    fn renumbering_world(structure: &str, count: u32) -> World {
        let side = crate::scene::scene_side(count as usize);
        let mut world = World::new(side, side).unwrap();
        world.slot_order.floor = 1;
        world.set_structure(structure).unwrap();
        world.populate(count, 5, Layout::MixedSizes).unwrap();
        world
    }

    #[test]
    fn pairs_renumbers_after_many_inserts_and_after_drift_and_nothing_else_changes() {
        for kind in StructureKind::ALL {
            let mut world = renumbering_world(kind.name(), 400);
            let mut reference = renumbering_world("brute-force", 400);
            reference.slot_order.floor = usize::MAX;
            assert_eq!(world.slot_generation(), 0);
            assert_eq!(world.pairs(), reference.pairs(), "{}", kind.name());
            assert_eq!(world.slot_generation(), 1, "{}: 400 inserts renumber", kind.name());
            world.validate().unwrap();
            // Space order: slots ascend by centre cell (grids) or Z order.
            let mut keys = Vec::new();
            world.sort_slots_in_space_order(&mut keys, &mut Vec::new(), &mut Vec::new());
            assert!(keys.iter().enumerate().all(|(i, &k)| k as u32 == i as u32), "{}", kind.name());
            let mut frames = 0;
            while world.slot_generation() == 1 {
                world.step(1.0 / 60.0).unwrap();
                reference.step(1.0 / 60.0).unwrap();
                assert_eq!(world.pairs(), reference.pairs(), "{} frame {frames}", kind.name());
                frames += 1;
                assert!(frames < 5000, "{}: drift never renumbered", kind.name());
            }
            world.validate().unwrap();
            // Ids keep their boxes, velocities and the per-slot views agree.
            for id in reference.ids() {
                assert_eq!(world.box_of(id).unwrap(), reference.box_of(id).unwrap());
                assert_eq!(world.velocity(id).unwrap(), reference.velocity(id).unwrap());
                let slot = world.slot_of("id", id).unwrap() as usize;
                assert_eq!(world.slot_ids()[slot], id);
                assert_eq!(&world.slot_boxes()[slot * 4..slot * 4 + 4], world.box_of(id).unwrap());
            }
            assert_eq!(
                world.query(10.0, 10.0, 300.0, 300.0).unwrap(),
                reference.query(10.0, 10.0, 300.0, 300.0).unwrap()
            );
        }
    }

    #[test]
    fn a_new_structure_or_cell_size_renumbers_at_the_next_pairs() {
        let mut world = renumbering_world("loose-grid", 300);
        world.pairs();
        let generation = world.slot_generation();
        world.pairs();
        assert_eq!(world.slot_generation(), generation, "nothing moved: no renumbering");
        world.set_structure("quadtree").unwrap();
        world.pairs();
        assert_eq!(world.slot_generation(), generation + 1, "a quadtree walks space in Z order");
        world.set_structure("grid").unwrap();
        world.pairs();
        world.set_cell_size(50.0).unwrap();
        world.pairs();
        assert_eq!(world.slot_generation(), generation + 3);
        world.validate().unwrap();
    }

    #[test]
    fn renumbering_keeps_velocities_and_tile_responses_whether_all_zero_or_not() {
        use crate::world::TileResponse;
        for kind in StructureKind::ALL {
            // Boxes placed by the caller, nothing set: the all-zero arrays
            // are cut to length rather than moved.
            let mut world = World::new(400.0, 400.0).unwrap();
            world.set_structure(kind.name()).unwrap();
            world.slot_order.floor = usize::MAX;
            let ids: Vec<u32> = (0..300)
                .map(|i| {
                    let (x, y) = (f64::from((i * 37) % 390), f64::from((i * 91) % 390));
                    world.insert(x, y, 5.0, 5.0).unwrap()
                })
                .collect();
            world.remove(ids[10]).unwrap();
            world.renumber_slots();
            world.validate().unwrap();
            assert!(ids[11..].iter().all(|&id| world.velocity(id).unwrap() == [0.0, 0.0]), "{}", kind.name());
            // Then some set: they follow their ids through the next one.
            world.set_velocity(ids[20], 3.0, -4.0).unwrap();
            world.set_tile_response(ids[30], TileResponse::Bounce).unwrap();
            world.remove(ids[40]).unwrap();
            // Everything moves elsewhere, so the next order is another.
            for (i, &id) in ids.iter().enumerate().filter(|&(i, _)| i != 10 && i != 40) {
                let (x, y) = (((i * 53) % 390) as f64, ((i * 17) % 390) as f64);
                world.update(id, x, y, 5.0, 5.0).unwrap();
            }
            let slots_before = (world.slot_of("id", ids[20]).unwrap(), world.slot_of("id", ids[30]).unwrap());
            world.renumber_slots();
            let slots_after = (world.slot_of("id", ids[20]).unwrap(), world.slot_of("id", ids[30]).unwrap());
            assert_ne!(slots_before, slots_after, "{}: the test needs them to move", kind.name());
            world.validate().unwrap();
            assert_eq!(world.velocity(ids[20]).unwrap(), [3.0, -4.0], "{}", kind.name());
            assert_eq!(world.tile_response(ids[30]).unwrap(), TileResponse::Bounce, "{}", kind.name());
            let others = ids[11..].iter().filter(|&&id| ![ids[20], ids[30], ids[40]].contains(&id));
            for &id in others {
                assert_eq!(world.velocity(id).unwrap(), [0.0, 0.0], "{}", kind.name());
                assert_eq!(world.tile_response(id).unwrap(), TileResponse::None, "{}", kind.name());
            }
        }
    }

    #[test]
    fn renumbering_keeps_attachments_and_drops_free_slots() {
        let mut world = renumbering_world("loose-grid", 50);
        world.slot_order.floor = usize::MAX;
        world.set_parent(3, 7).unwrap();
        world.set_parent(9, 3).unwrap();
        world.remove(20).unwrap();
        world.remove(21).unwrap();
        world.set_parent(30, 9).unwrap();
        world.set_parent(12, 30).unwrap();
        let before: Vec<_> = world.ids().iter().map(|&id| (id, world.box_of(id).unwrap())).collect();
        let order = world.order().to_vec();
        world.renumber_slots();
        world.validate().unwrap();
        assert_eq!(world.order(), order, "the queue keeps its order under new slot names");
        assert_eq!((world.parent_of(30).unwrap(), world.parent_of(12).unwrap()), (9, 30));
        assert_eq!(world.slot_ids().len(), 48, "free slots dropped");
        assert_eq!((world.parent_of(3).unwrap(), world.parent_of(9).unwrap()), (7, 3));
        let after: Vec<_> = world.ids().iter().map(|&id| (id, world.box_of(id).unwrap())).collect();
        assert_eq!(before, after);
        // The child still follows its parent.
        let [x, y, w, h] = world.box_of(7).unwrap();
        let offset = world.box_of(3).unwrap()[0] - x;
        world.update(7, x + 5.0, y, w, h).unwrap();
        assert_eq!(world.box_of(3).unwrap()[0] - (x + 5.0), offset);
        // Re-parenting and removing subtrees work on the new slots.
        world.set_parent(12, 0).unwrap();
        world.set_parent(7, 12).unwrap();
        assert!(matches!(world.set_parent(12, 30), Err(crate::error::Error::Cycle { .. })));
        world.validate().unwrap();
        world.remove(12).unwrap();
        for gone in [12, 7, 3, 9, 30] {
            assert!(!world.contains(gone), "{gone} hung from 12");
        }
        assert_eq!(world.count(), 43);
        world.validate().unwrap();
    }
}
