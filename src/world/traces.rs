//! The World's traced operations: `insert`, `update`, `remove`, a query
//! of an object's box and one object's pair search, each the everyday
//! code run with a [`TraceLog`] (see `crate::trace`), its steps naming
//! objects by id. The everyday calls pass [`NoTrace`](crate::trace::NoTrace)
//! and are unchanged by any of this.

use super::structure::Structure;
use super::World;
use super::MAX_PAIRS;
use crate::error::{Error, Result};
use crate::geometry::Aabb;
use crate::pair_sink::{Overflow, PairSink};
use crate::trace::{Maybe, PairFilter, Step, TraceKind, TraceLog, TraceReason, Tracer, NONE};

/// Most objects a brute-force `trace_pairs` runs over: brute force tests
/// every pair of the world to find one object's, so a bigger world would
/// take seconds for one trace.
pub const MAX_BRUTE_FORCE_PAIR_TRACE: usize = 4096;

impl Structure {
    pub(super) fn insert_traced<T: Tracer<Step>>(&mut self, slot: u32, aabb: Aabb, t: &mut T) {
        match self {
            Structure::BruteForce(s) => s.insert_traced(slot, aabb, t),
            Structure::Quadtree(s) => s.insert_traced(slot, aabb, t),
            Structure::Grid(s) => s.insert_traced(slot, aabb, t),
            Structure::LooseGrid(s) => s.insert_traced(slot, aabb, t),
        }
    }

    pub(super) fn update_traced<T: Tracer<Step>>(&mut self, slot: u32, aabb: Aabb, t: &mut T) {
        match self {
            Structure::BruteForce(s) => s.update_traced(slot, aabb, t),
            Structure::Quadtree(s) => s.update_traced(slot, aabb, t),
            Structure::Grid(s) => s.update_traced(slot, aabb, t),
            Structure::LooseGrid(s) => s.update_traced(slot, aabb, t),
        }
    }

    pub(super) fn remove_traced<T: Tracer<Step>>(&mut self, slot: u32, t: &mut T) {
        match self {
            Structure::BruteForce(s) => s.remove_traced(slot, t),
            Structure::Quadtree(s) => s.remove_traced(slot, t),
            Structure::Grid(s) => s.remove_traced(slot, t),
            Structure::LooseGrid(s) => s.remove_traced(slot, t),
        }
    }

    fn query_traced<T: Tracer<Step>>(
        &mut self,
        area: Aabb,
        out: &mut Vec<u32>,
        t: &mut T,
    ) -> crate::broad_phase::Stats {
        match self {
            Structure::BruteForce(s) => s.query_traced(area, out, t),
            Structure::Quadtree(s) => s.query_traced(area, out, t),
            Structure::Grid(s) => s.query_traced(area, out, t),
            Structure::LooseGrid(s) => s.query_traced(area, out, t),
        }
    }
}

/// Writes object ids over the slots the steps record.
fn name_objects(steps: &mut [Step], slot_ids: &[u32]) {
    for step in steps {
        step.name_objects(|slot| slot_ids.get(slot as usize).copied().unwrap_or(0));
    }
}

impl World {
    /// [`World::insert`], traced: the new id, and the steps the structure
    /// took to file the box (the path down a quadtree, each quadrant test,
    /// where it is stored and why, each split check and split; a grid's
    /// cells; a loose grid's home cell; or the oversize / outside list, and
    /// why). Ends with a `repick` step (why) and a `refile` step if the
    /// grids' automatic cell size was picked again. At most [`MAX_TRACE_STEPS`](crate::trace::MAX_TRACE_STEPS)
    /// steps (see there).
    pub fn trace_insert(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<(u32, Vec<Step>)> {
        let mut log = TraceLog::new();
        let id = self.insert_with(x, y, w, h, &mut Maybe::to(&mut log))?;
        name_objects(log.steps_mut(), &self.objects.slot_ids);
        Ok((id, log.finish()))
    }

    /// [`World::update`], traced: whether the box stays filed where it is,
    /// else the way to its new place and what that splits or collapses.
    /// Only the object's own steps: its attached descendants follow as
    /// ever, untraced.
    pub fn trace_update(&mut self, id: u32, x: f64, y: f64, w: f64, h: f64) -> Result<Vec<Step>> {
        let mut log = TraceLog::new();
        self.update_with(id, x, y, w, h, &mut Maybe::to(&mut log))?;
        name_objects(log.steps_mut(), &self.objects.slot_ids);
        Ok(log.finish())
    }

    /// [`World::remove`], traced: for the object and then each of its
    /// descendants, the nodes or cells it leaves, and what collapses.
    pub fn trace_remove(&mut self, id: u32) -> Result<Vec<Step>> {
        // The removed slots lose their ids: name the steps from the ids before.
        let slot_ids = self.objects.slot_ids.clone();
        let mut log = TraceLog::new();
        self.remove_with(id, &mut Maybe::to(&mut log))?;
        name_objects(log.steps_mut(), &slot_ids);
        Ok(log.finish())
    }

    /// The active structure's search for the boxes overlapping object
    /// `id`'s box (what [`World::query`] of that box does), traced: a
    /// `query` step (the object, its box, how many objects the world
    /// holds), then the nodes or cells visited and passed over in order
    /// and each candidate tested, then `done` (`count`: candidates tested,
    /// `counted`: boxes found, the object itself among them; `limit`: the
    /// n − 1 tests brute force makes for one object). The World's last
    /// `query()` result is left as it was.
    pub fn trace_query(&mut self, id: u32) -> Result<Vec<Step>> {
        let slot = self.slot_of("id", id)?;
        let area = self.aabb_of(slot);
        let n = self.count();
        let mut log = TraceLog::new();
        log.push(Step::new(TraceKind::Query).of(slot).at(area).count(n as f64));
        let mut found = Vec::new();
        let stats = self.structure.query_traced(area, &mut found, &mut Maybe::to(&mut log));
        for step in log.steps_mut() {
            if step.kind == TraceKind::Candidate && step.id == NONE {
                step.id = slot;
            }
        }
        log.push(done_step(slot, stats.candidate_tests, found.len() as u64, n));
        name_objects(log.steps_mut(), &self.objects.slot_ids);
        Ok(log.finish())
    }

    /// The pair search `pairs()` makes for object `id`, traced: the
    /// structure's whole pass runs as in `pairs()`, and the trace keeps the
    /// steps about the object, in the pass's order. A `pairs` step (the
    /// object, its box, how many objects); then, as `pairs()` does first,
    /// the loose grid's automatic cells picked again if boxes grown by
    /// `update` filled its oversize list (`repick`: why; `refile`: the old
    /// and new size, the objects filed again: the cells change as the next
    /// `pairs()` would change them, its result does not); then for a grid
    /// the cells the object is listed in (`stored`: alone there, so the pass skips the
    /// cell, or shared), the cells the pass searches it in or from (the
    /// loose grid's own cell with its four forward neighbours, or another
    /// cell whose forward neighbours include it; an oversize object's
    /// search), each candidate (tested, or passed over because the pair's
    /// overlap corner lies in another cell), the oversize objects' sweep,
    /// and `done` (`count`: candidates tested against the object,
    /// `counted`: its partners, `limit`: n − 1). The World's pairs are
    /// left as they were. The quadtrees' lesson is [`World::trace_query`]
    /// (their pair walk has no per-object view) and is refused here;
    /// brute force is refused past [`MAX_BRUTE_FORCE_PAIR_TRACE`] objects.
    pub fn trace_pairs(&mut self, id: u32) -> Result<Vec<Step>> {
        let slot = self.slot_of("id", id)?;
        let n = self.count();
        match &self.structure {
            Structure::Quadtree(_) => {
                return Err(Error::Unsupported {
                    arg: "trace_pairs",
                    why: "a quadtree's pair walk has no steps of one object's own; traceQuery(id) traces the tree's search for one object's partners",
                });
            }
            Structure::BruteForce(_) if n > MAX_BRUTE_FORCE_PAIR_TRACE => {
                return Err(Error::Unsupported {
                    arg: "trace_pairs",
                    why: "brute force tests every pair of the world to find one object's: traced for at most 4096 objects",
                });
            }
            _ => {}
        }
        let area = self.aabb_of(slot);
        let mut log = TraceLog::new();
        log.push(Step::new(TraceKind::Pairs).of(slot).at(area).count(n as f64));
        // What `pairs()` does first: boxes grown past the loose grid's
        // cells since the last call may pick its cells again, and the pass
        // below then walks the new ones.
        self.retune_outgrown_cells(&mut Maybe::to(&mut log));
        let mut home = Vec::new();
        match &self.structure {
            Structure::Grid(grid) => {
                grid.listed_cells(slot, &mut home);
                for &(x, y) in &home {
                    let count = grid.listed_count(x, y);
                    let reason = if count < 2 { TraceReason::AloneInCell } else { TraceReason::SharedCell };
                    let bounds = grid.geometry().cell_bounds(x, y);
                    log.push({
                        Step::new(TraceKind::Stored)
                            .because(reason)
                            .of(slot)
                            .cell(x, y)
                            .at(bounds)
                            .count(count)
                    });
                }
            }
            Structure::LooseGrid(grid) => {
                grid.listed_cells(slot, &mut home);
                for &(x, y) in &home {
                    let count = grid.listed_count(x, y);
                    let bounds = grid.geometry().cell_bounds(x, y);
                    let step = Step::new(TraceKind::Stored).because(TraceReason::HomeCell).of(slot);
                    log.push(step.cell(x, y).at(bounds).count(count));
                }
            }
            _ => {}
        }
        let mut filter = PairFilter::new(log, slot, home);
        let mut pairs = Vec::new();
        let mut sink = PairSink::new(&mut pairs, MAX_PAIRS);
        let t = &mut Maybe::to(&mut filter);
        match &mut self.structure {
            Structure::BruteForce(s) => s.pairs_traced(&mut sink, t),
            Structure::Grid(s) => s.pairs_traced(&mut sink, t),
            Structure::LooseGrid(s) => s.pairs_traced(&mut sink, t),
            Structure::Quadtree(_) => crate::broad_phase::Stats::default(), // refused above
        };
        // The same refusal as `pairs()`: the pass stopped early, so the
        // trace would not be the whole search.
        match sink.overflow() {
            None => {}
            Some(Overflow::Limit) => {
                return Err(Error::TooManyResults {
                    arg: "tracePairs",
                    what: "overlapping pairs",
                    max: MAX_PAIRS,
                })
            }
            Some(Overflow::Memory(count)) => {
                return Err(Error::NoMemoryFor { arg: "tracePairs", count, what: "overlapping pairs" })
            }
        }
        let (mut log, tested, hits) = filter.finish();
        // The filter turned each candidate to face the object: its box is
        // the partner's.
        for step in log.steps_mut() {
            if step.kind == TraceKind::Candidate && step.other != NONE {
                step.rect = Some(self.aabb_of(step.other));
            }
        }
        log.push(done_step(slot, tested, hits, n));
        name_objects(log.steps_mut(), &self.objects.slot_ids);
        Ok(log.finish())
    }
}

/// The totals of a search for `slot`'s partners among `n` objects.
fn done_step(slot: u32, tested: u64, found: u64, n: usize) -> Step {
    let step = Step::new(TraceKind::Done).of(slot).count(tested as f64).counted(found as f64);
    step.limit(n.saturating_sub(1) as f64)
}
