//! `step` on the `parallel` feature's thread pool (native only): the slots
//! are cut into ranges, and each range's task moves its boxes as `step`
//! does (the same sums and reflections) and, in the grids and the
//! quadtrees, stores in place each box that keeps its cells, its node or
//! its stay intervals. One thread then does, range by range in slot order, what
//! depends on order: the drift sum for the slots' space order, the
//! changed-slot list, and the structure's `update` of every other moved
//! box (the quadtrees file them themselves, giving back early stores
//! a split or collapse would read: `src/quadtree/parallel_step.rs` and
//! `parallel_leaves.rs`), so
//! the structure ends as `step` on one thread leaves it, record for
//! record. Without the feature, or with
//! one thread, attachments or tile colliders, `step` moves them itself.

use super::moving_slots::MovingSlots;
use super::World;

#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
pub(super) use pool::StepChunk;

impl World {
    /// Moves every moving object on the pool, as `step` would, and returns
    /// true; false (nothing done) when it runs on one thread or the world
    /// has too few slots to share out. Called only without attachments or
    /// tile colliders.
    #[cfg(not(all(feature = "parallel", not(target_arch = "wasm32"))))]
    #[inline]
    pub(super) fn step_in_parallel(&mut self, _dt: f64, _moving: &MovingSlots) -> bool {
        false
    }
}

#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod pool {
    use rayon::prelude::*;

    use super::super::slot_order::distance_moved;
    use super::super::step::reflect;
    use super::super::structure::Structure;
    use super::{MovingSlots, World};
    use crate::broad_phase::BroadPhase;
    use crate::geometry::Aabb;
    use crate::parallel::{MovesInOrder, StayInPlace, Stayed};

    /// Slots one task moves: a multiple of 64, so no two tasks share a
    /// word of the moving set; large enough that a task's start-up is
    /// small beside its work.
    const CHUNK: usize = 2048;

    /// One slot range's moves, kept between steps so a warm step allocates
    /// nothing.
    #[derive(Debug)]
    pub(in crate::world) struct StepChunk {
        /// Each moved slot and how far it moved, in slot order.
        moved: Vec<(u32, f64)>,
        /// The moved slots the structure's `update` still has to file.
        refile: Vec<u32>,
        /// The moved slots stored in place over a box the structure may
        /// need back ([`Stayed::Over`]), with that box.
        stayed: Vec<(u32, Aabb)>,
    }

    impl World {
        /// See the serial build's note on this method.
        pub(in crate::world) fn step_in_parallel(&mut self, dt: f64, moving: &MovingSlots) -> bool {
            // Every slot has a box and a velocity: the tasks' ranges of
            // both, and of the work lists, line up one for one.
            let slots = self.objects.slot_ids.len();
            debug_assert_eq!(self.objects.boxes.len(), slots * 4);
            debug_assert_eq!(self.objects.velocities.len(), slots * 2);
            if crate::parallel::threads() < 2 || slots <= CHUNK {
                return false;
            }
            let chunks = slots.div_ceil(CHUNK);
            let mut work = std::mem::take(&mut self.workspace.step_chunks);
            if work.len() < chunks {
                // Room for a whole range each: the moving slots move between
                // ranges when the slots are renumbered, and a warm step
                // allocates nothing.
                work.resize_with(chunks, || StepChunk {
                    moved: Vec::with_capacity(CHUNK),
                    refile: Vec::with_capacity(CHUNK),
                    stayed: Vec::new(),
                });
            }
            let (width, height) = (self.width, self.height);
            let (boxes, velocities) = (&mut self.objects.boxes, &mut self.objects.velocities);
            let tasks = Tasks { moving, boxes, velocities, work: &mut work[..chunks], dt, width, height };
            // The straddle quadtree keeps no per-proxy record to split
            // among the tasks: its check stores in the tree itself.
            let mut no_records = vec![(); slots];
            match &mut self.structure {
                Structure::LooseGrid(grid) => tasks.run(Some(grid.records_for_moves())),
                Structure::Grid(grid) => tasks.run(Some(grid.records_for_moves())),
                Structure::Quadtree(tree) => match tree.stay_check() {
                    Some(check) => tasks.run(Some((check, &mut no_records[..]))),
                    None => tasks.run::<NoStay>(None),
                },
                Structure::BruteForce(_) => tasks.run::<NoStay>(None),
            }
            // In slot order, as `step` on one thread: the drift sum, the
            // changed slots, and the structure's updates. More moved slots
            // than the changed list's cap overflow it however they come, so
            // then none is marked one by one.
            self.pairs.changed.expect(work[..chunks].iter().map(|chunk| chunk.moved.len()).sum());
            let mark = self.pairs.changed.list().is_some();
            for chunk in &work[..chunks] {
                for &(slot, distance) in &chunk.moved {
                    self.slot_order.note_distance(distance);
                    if mark {
                        self.pairs.changed.mark(slot, &self.objects.slot_ids);
                    }
                }
            }
            refile(&mut self.structure, &mut work[..chunks], &self.objects.boxes);
            self.workspace.step_chunks = work;
            true
        }
    }

    /// The moves of every slot range, one task a range.
    struct Tasks<'a> {
        moving: &'a MovingSlots,
        boxes: &'a mut [f64],
        velocities: &'a mut [f64],
        work: &'a mut [StepChunk],
        dt: f64,
        width: f64,
        height: f64,
    }

    /// No structure record written in place: `update` files every move.
    struct NoStay;

    impl StayInPlace for NoStay {
        type Record = ();
        fn store_if_staying(&self, _slot: u32, _record: &mut (), _aabb: Aabb, _was: Aabb) -> Stayed {
            Stayed::No
        }
    }

    impl Tasks<'_> {
        /// Runs the tasks; `stay` is the structure's check of a move that
        /// keeps its cells, with its records (by proxy) to store it in.
        fn run<S: StayInPlace>(self, stay: Option<(S, &mut [S::Record])>) {
            let Tasks { moving, boxes, velocities, work, dt, width, height } = self;
            let chunks = work.len();
            let (stay, records) = match stay {
                Some((stay, records)) => (Some(stay), records),
                None => (None, &mut [][..]),
            };
            // Each task's records (none past the structure's).
            let with_records = records.len().div_ceil(CHUNK);
            let records = records
                .par_chunks_mut(CHUNK)
                .map(Some)
                .chain((with_records..chunks.max(with_records)).into_par_iter().map(|_| None));
            boxes
                .par_chunks_mut(CHUNK * 4)
                .zip(velocities.par_chunks_mut(CHUNK * 2))
                .zip(work.par_iter_mut())
                .zip(records)
                .enumerate()
                .for_each(|(c, (((boxes, velocities), chunk), mut records))| {
                    chunk.moved.clear();
                    chunk.refile.clear();
                    chunk.stayed.clear();
                    let first = c * CHUNK;
                    moving.for_each_in(first, first + boxes.len() / 4 - 1, |slot| {
                        let i = slot - first;
                        let v = &mut velocities[i * 2..i * 2 + 2];
                        let (vx, vy) = (v[0], v[1]);
                        if vx == 0.0 && vy == 0.0 {
                            return; // at rest or free
                        }
                        // `step`'s own sums and reflections, in its order.
                        let b = &mut boxes[i * 4..i * 4 + 4];
                        let (mut x, mut y) = (b[0] + vx * dt, b[1] + vy * dt);
                        reflect(&mut x, &mut v[0], b[2], width);
                        reflect(&mut y, &mut v[1], b[3], height);
                        chunk.moved.push((slot as u32, distance_moved(b[0], b[1], x, y)));
                        let was = Aabb::from_xywh(b[0], b[1], b[2], b[3]);
                        b[0] = x;
                        b[1] = y;
                        let aabb = Aabb::from_xywh(x, y, b[2], b[3]);
                        let stored = match (&stay, records.as_deref_mut()) {
                            (Some(stay), Some(records)) => {
                                stay.store_if_staying(slot as u32, &mut records[i], aabb, was)
                            }
                            _ => Stayed::No,
                        };
                        match stored {
                            Stayed::No => chunk.refile.push(slot as u32),
                            Stayed::Yes => {}
                            Stayed::Over(old) => chunk.stayed.push((slot as u32, old)),
                        }
                    });
                });
        }
    }

    /// The step's moves by slot range, for a structure that files them
    /// itself.
    struct Moves<'a>(&'a mut [StepChunk]);

    impl MovesInOrder for Moves<'_> {
        fn ranges(&self) -> usize {
            self.0.len()
        }
        fn refiled(&self, r: usize) -> &[u32] {
            &self.0[r].refile
        }
        fn stayed(&self, r: usize) -> &[(u32, Aabb)] {
            &self.0[r].stayed
        }
        fn range_of(&self, slot: u32) -> usize {
            slot as usize / CHUNK
        }
        fn stayed_mut(&mut self, r: usize) -> &mut Vec<(u32, Aabb)> {
            &mut self.0[r].stayed
        }
        fn range_len(&self) -> usize {
            CHUNK
        }
    }

    /// The structure's `update` of every slot the tasks left to it, in
    /// slot order; the structure matched once, so its `update` is inlined.
    /// The straddle quadtree files them itself, as its early stores need.
    fn refile(structure: &mut Structure, work: &mut [StepChunk], boxes: &[f64]) {
        if let Structure::Quadtree(tree) = structure {
            if work.iter().any(|chunk| !chunk.stayed.is_empty()) {
                let box_of = |slot: u32| {
                    let x = &boxes[slot as usize * 4..slot as usize * 4 + 4];
                    Aabb::from_xywh(x[0], x[1], x[2], x[3])
                };
                tree.refile_after_stays(&mut Moves(work), box_of);
                return;
            }
        }
        fn each<B: BroadPhase>(b: &mut B, work: &[StepChunk], boxes: &[f64]) {
            for chunk in work {
                for &slot in &chunk.refile {
                    let s = slot as usize;
                    let x = &boxes[s * 4..s * 4 + 4];
                    b.update(slot, Aabb::from_xywh(x[0], x[1], x[2], x[3]));
                }
            }
        }
        match structure {
            Structure::BruteForce(s) => each(s, work, boxes),
            Structure::Quadtree(s) => each(s, work, boxes),
            Structure::Grid(s) => each(s, work, boxes),
            Structure::LooseGrid(s) => each(s, work, boxes),
        }
    }
}
