//! The contract every dynamic structure fulfils, so the `World` and the tests
//! can swap one for another and compare them against brute force.

use crate::geometry::Aabb;
use crate::pair_sink::{Overflow, PairSink};
use crate::segment::RayPath;

/// Work counters of the last `pairs` or `query` call, shown in the playground
/// and used by the benchmarks to explain timings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Box-versus-box overlap tests performed.
    pub candidate_tests: u64,
    /// Tree nodes or grid cells visited.
    pub nodes_visited: u64,
}

/// What a [`BroadPhase::walk_ray`] visitor tells the walk after each
/// candidate (parry's `Continue / Prune / EarlyExit`, Box2D's returned
/// fraction).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RayControl {
    /// Go on; nothing learned.
    Continue,
    /// Candidates the segment first touches after parameter `t` are no
    /// longer wanted (one already found comes first): the walk may skip every
    /// cell or node it can show lies beyond `t`. A clip never widens: a `t`
    /// above an earlier one changes nothing.
    Clip(f64),
    /// Stop the walk now.
    Stop,
}

/// A broad phase over proxies: small dense `u32` handles chosen by the caller
/// (the `World` uses its object slots). Each proxy is inserted once, then
/// updated or removed.
pub trait BroadPhase {
    /// The structure's name as `World::set_structure` accepts it.
    fn name(&self) -> &'static str;

    /// Adds a proxy that is not present yet.
    fn insert(&mut self, proxy: u32, aabb: Aabb);

    /// Moves or resizes a present proxy.
    fn update(&mut self, proxy: u32, aabb: Aabb);

    /// Removes a present proxy.
    fn remove(&mut self, proxy: u32);

    /// Appends every overlapping pair once, in any order, either way round.
    /// `out` grows as a `Vec` does: a scene with more pairs than memory
    /// holds aborts, as a `Vec` that cannot grow does. The `World` calls
    /// [`BroadPhase::pairs_into`] with a limit instead.
    fn pairs(&mut self, out: &mut Vec<(u32, u32)>) -> Stats {
        let mut sink = PairSink::new(out, usize::MAX);
        let stats = self.pairs_into(&mut sink);
        if let Some(Overflow::Memory(count)) = sink.overflow() {
            let layout =
                std::alloc::Layout::array::<(u32, u32)>(count).unwrap_or(std::alloc::Layout::new::<u8>());
            std::alloc::handle_alloc_error(layout);
        }
        stats
    }

    /// [`BroadPhase::pairs`] into a sink with a limit: the search stops
    /// soon after the sink is full (see [`PairSink`]), which the caller
    /// then reads from the sink; what was appended is then incomplete.
    fn pairs_into(&mut self, out: &mut PairSink<'_>) -> Stats;

    /// Appends every proxy overlapping `area` once, in any order.
    fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats;

    /// Calls `visit(proxy, stored box)` for the proxies along the segment
    /// `ray`, roughly front to back: every present proxy whose closed box
    /// the exact segment touches at a parameter no later than `max_t` and
    /// the smallest [`RayControl::Clip`] returned so far is visited, unless
    /// the visitor returns [`RayControl::Stop`] first. Proxies the segment misses may be
    /// visited too, and one may be visited more than once: the visitor
    /// decides exactly. Cells or nodes are skipped by bounds that hold for
    /// the exact segment at any magnitude ([`RayPath`]), so the walk never
    /// loses a box the exact test would accept.
    ///
    /// The default asks [`BroadPhase::query`] for the segment's bounding
    /// box (grown so that boxes merely touching it count) and visits every
    /// answer in the order given, allocating its list; the structures of
    /// this crate walk their cells or nodes instead.
    fn walk_ray(
        &mut self,
        ray: &RayPath,
        max_t: f64,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) -> Stats {
        let mut found = Vec::new();
        let stats = self.query(ray.touching_bounds(), &mut found);
        let mut clip = max_t;
        for proxy in found {
            let aabb = self.stored_aabb(proxy).expect("query answers present proxies");
            if !ray.may_touch_by(&aabb, clip) {
                continue;
            }
            match visit(proxy, &aabb) {
                RayControl::Continue => {}
                RayControl::Clip(t) => clip = clip.min(t),
                RayControl::Stop => break,
            }
        }
        stats
    }

    /// Appends every proxy overlapping the stored box of the present proxy
    /// `proxy` (itself included), in any order: what the `World` asks of
    /// each object that moved when few did. The default is a
    /// [`BroadPhase::query`] of that box; a structure that knows where the
    /// proxy is filed can search less.
    fn query_partners(&mut self, proxy: u32, out: &mut Vec<u32>) -> Stats {
        let aabb = self.stored_aabb(proxy).expect("query_partners takes a present proxy");
        self.query(aabb, out)
    }

    /// Appends every present proxy once, in the order this structure walks
    /// memory during `pairs` (its space order), and returns `true`; or
    /// returns `false` to let the `World` sort by position instead.
    fn space_order(&self, _out: &mut Vec<u32>) -> bool {
        false
    }

    /// Renames every present proxy `p` to `new_of_old[p]`, which maps the
    /// present proxies one-to-one onto 0, 1, … (their count − 1); entries
    /// for numbers not in use are `u32::MAX`. `old_of_new` is the same
    /// renaming the other way: `old_of_new[n]` is the proxy renamed `n`, for
    /// every `n` below the count (so records can be gathered in their new
    /// order, each written once). The `World` calls it after renumbering
    /// its slots in space order. Allocates nothing once its scratch has
    /// grown.
    fn relabel(&mut self, new_of_old: &[u32], old_of_new: &[u32]);

    /// The box stored for `proxy`, or `None` if it is not present: lets the
    /// `World`'s `validate` check that the structure holds exactly its
    /// objects, with their boxes, under their slots.
    fn stored_aabb(&self, proxy: u32) -> Option<Aabb>;

    /// Checks every internal invariant; the message says which one broke.
    fn validate(&self) -> Result<(), String>;
}

/// Offers one candidate to a [`BroadPhase::walk_ray`] visitor: counted,
/// passed over when the segment cannot touch its box before `clip`, else
/// visited and its answer applied to `clip` (which never widens). `false`
/// once the visitor stops the walk. Every structure's walk offers its
/// candidates through this, so they agree on what a clip means.
#[inline]
pub(crate) fn offer_to_ray(
    ray: &RayPath,
    proxy: u32,
    aabb: &Aabb,
    clip: &mut f64,
    stats: &mut Stats,
    visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
) -> bool {
    stats.candidate_tests += 1;
    if !ray.may_touch_by(aabb, *clip) {
        return true;
    }
    match visit(proxy, aabb) {
        RayControl::Continue => {}
        RayControl::Clip(t) => *clip = clip.min(t),
        RayControl::Stop => return false,
    }
    true
}

/// Moves per-proxy records to their new numbers for [`BroadPhase::relabel`]:
/// afterwards `records[n]` is the old `records[old_of_new[n]]`, and
/// `records` is `old_of_new.len()` long. See [`relabel_strided`].
pub(crate) fn relabel_records<T: Copy>(records: &mut Vec<T>, spare: &mut Vec<T>, old_of_new: &[u32]) {
    relabel_strided::<T, 1>(records, spare, old_of_new);
}

/// Per-number records of `S` values each (a box is four, a velocity two),
/// in the new numbering: new `n` takes old `old_of_new[n]`'s values. They
/// are gathered in the new order, so each is written once and nothing is
/// filled first (scattering them by `new_of_old` would write a filled
/// array twice), and a record is copied as one small array of a length
/// known when compiling (the compiler then copies it with a few moves, not
/// a loop). `spare` is scratch of the same type, swapped in, so nothing is
/// allocated once both have grown. What each choice saves is in
/// docs/BENCHMARKS.md ("Renumbering the slots").
pub(crate) fn relabel_strided<T: Copy, const S: usize>(
    values: &mut Vec<T>,
    spare: &mut Vec<T>,
    old_of_new: &[u32],
) {
    spare.clear();
    if S == 1 {
        // One value a record: an exact-size extend, no capacity check per
        // record.
        spare.extend(old_of_new.iter().map(|&old| values[old as usize]));
        std::mem::swap(values, spare);
        return;
    }
    spare.reserve(old_of_new.len() * S);
    for &old in old_of_new {
        let o = old as usize * S;
        let record: [T; S] = values[o..o + S].try_into().expect("S values a record");
        spare.extend_from_slice(&record);
    }
    std::mem::swap(values, spare);
}
