//! The reference every other structure is checked against: all pairs tested,
//! O(n²). Simple enough to be obviously right.

use crate::broad_phase::{BroadPhase, RayControl, Stats};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::pair_sink::PairSink;
use crate::segment::RayPath;
use crate::trace::{NoTrace, Step, TraceKind, TraceReason, Tracer};

/// Proxies in a dense array; a proxy's position is kept for O(1) removal.
#[derive(Default)]
pub struct BruteForce {
    proxies: Vec<u32>,
    aabbs: Vec<Aabb>,
    /// `position[proxy]` is the index in `proxies`, or `NULL_INDEX` when absent.
    position: Vec<u32>,
}

/// Pieces [`BroadPhase::walk_ray`] cuts a segment into, scanning the boxes
/// once per piece until the first hit lies behind.
const RAY_PIECES: u32 = 16;

impl BruteForce {
    #[must_use]
    /// An empty set of boxes.
    pub fn new() -> BruteForce {
        BruteForce::default()
    }
}

/// The operations of [`BroadPhase`] that a trace can follow, telling a
/// [`Tracer`] each step (see `crate::trace`); the trait's methods are
/// these with [`NoTrace`].
impl BruteForce {
    /// [`BroadPhase::insert`]: the box joins the list.
    pub fn insert_traced<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        let slot = proxy as usize;
        if self.position.len() <= slot {
            self.position.resize(slot + 1, NULL_INDEX);
        }
        debug_assert_eq!(self.position[slot], NULL_INDEX, "proxy {proxy} inserted twice");
        self.position[slot] = self.proxies.len() as u32;
        self.proxies.push(proxy);
        self.aabbs.push(aabb);
        t.note(|| Step::new(TraceKind::Insert).of(proxy).at(aabb).count(self.proxies.len() as u32));
    }

    /// [`BroadPhase::update`]: the list keeps the new box in place.
    pub fn update_traced<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        t.note(|| Step::new(TraceKind::Update).of(proxy).at(aabb));
        let index = self.position[proxy as usize] as usize;
        self.aabbs[index] = aabb;
        t.note(|| Step::new(TraceKind::Stays).of(proxy));
    }

    /// [`BroadPhase::remove`]: the box leaves the list.
    pub fn remove_traced<T: Tracer<Step>>(&mut self, proxy: u32, t: &mut T) {
        let index = self.position[proxy as usize] as usize;
        t.note(|| {
            Step::new(TraceKind::Remove).of(proxy).at(self.aabbs[index]).count(self.proxies.len() as u32 - 1)
        });
        self.position[proxy as usize] = NULL_INDEX;
        self.proxies.swap_remove(index);
        self.aabbs.swap_remove(index);
        if let Some(&moved) = self.proxies.get(index) {
            self.position[moved as usize] = index as u32;
        }
    }

    /// [`BroadPhase::pairs`]: every pair of the list tested, in list order.
    pub fn pairs_traced<T: Tracer<Step>>(&mut self, out: &mut PairSink<'_>, t: &mut T) -> Stats {
        let n = self.aabbs.len();
        for i in 0..n {
            if out.is_full() {
                break;
            }
            let a = self.aabbs[i];
            for j in i + 1..n {
                let hit = a.overlaps(&self.aabbs[j]);
                if hit {
                    out.push((self.proxies[i], self.proxies[j]));
                }
                t.note(|| candidate_step(self.proxies[i], self.proxies[j], &self.aabbs[j], hit));
            }
        }
        let tests = (n as u64) * (n.saturating_sub(1) as u64) / 2;
        Stats { candidate_tests: tests, nodes_visited: 0 }
    }

    /// [`BroadPhase::query`]: every box of the list tested.
    pub fn query_traced<T: Tracer<Step>>(&mut self, area: Aabb, out: &mut Vec<u32>, t: &mut T) -> Stats {
        for (aabb, &proxy) in self.aabbs.iter().zip(&self.proxies) {
            let hit = aabb.overlaps(&area);
            if hit {
                out.push(proxy);
            }
            t.note(|| candidate_step(crate::trace::NONE, proxy, aabb, hit));
        }
        Stats { candidate_tests: self.aabbs.len() as u64, nodes_visited: 0 }
    }
}

/// A candidate `b` (its box `aabb_b`) tested against `a`.
fn candidate_step(a: u32, b: u32, aabb_b: &Aabb, hit: bool) -> Step {
    let step = Step::new(TraceKind::Candidate).of(a).with(b).at(*aabb_b);
    step.because(if hit { TraceReason::Overlaps } else { TraceReason::Misses })
}

impl BruteForce {
    /// The name `World::set_structure` takes for it.
    pub const NAME: &'static str = "brute-force";
}

impl BroadPhase for BruteForce {
    fn name(&self) -> &'static str {
        BruteForce::NAME
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        self.insert_traced(proxy, aabb, &mut NoTrace);
    }

    fn update(&mut self, proxy: u32, aabb: Aabb) {
        self.update_traced(proxy, aabb, &mut NoTrace);
    }

    fn remove(&mut self, proxy: u32) {
        self.remove_traced(proxy, &mut NoTrace);
    }

    fn pairs_into(&mut self, out: &mut PairSink<'_>) -> Stats {
        self.pairs_traced(out, &mut NoTrace)
    }

    fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats {
        self.query_traced(area, out, &mut NoTrace)
    }

    /// A plain scan per piece: the segment is cut into `RAY_PIECES`
    /// pieces of equal parameter length, and each scan takes the boxes
    /// near its piece (its bounding box, grown to count touching), so a
    /// ray that hits early costs one scan, as a query of its first piece.
    fn walk_ray(
        &mut self,
        ray: &RayPath,
        max_t: f64,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) -> Stats {
        let mut clip = max_t;
        let mut stats = Stats { candidate_tests: 0, nodes_visited: 0 };
        for k in 0..RAY_PIECES {
            let (from, to) = (f64::from(k) / f64::from(RAY_PIECES), f64::from(k + 1) / f64::from(RAY_PIECES));
            // Nothing unvisited is touched before `from`: every point of
            // the segment up to it lies in an earlier piece's box.
            if from > clip {
                break;
            }
            stats.nodes_visited += 1;
            let near = ray.piece_bounds(from, to);
            for (aabb, &proxy) in self.aabbs.iter().zip(&self.proxies) {
                if !aabb.overlaps(&near) || !ray.may_touch_by(aabb, clip) {
                    continue;
                }
                stats.candidate_tests += 1;
                match visit(proxy, aabb) {
                    RayControl::Continue => {}
                    RayControl::Clip(t) => clip = clip.min(t),
                    RayControl::Stop => return stats,
                }
            }
            if ray.start() == ray.end() {
                break; // a point: every piece is the same
            }
        }
        stats
    }

    fn relabel(&mut self, new_of_old: &[u32], _old_of_new: &[u32]) {
        for proxy in &mut self.proxies {
            *proxy = new_of_old[*proxy as usize];
        }
        self.position.fill(NULL_INDEX);
        self.position.resize(self.proxies.len(), NULL_INDEX);
        self.position.truncate(self.proxies.len());
        for (index, &proxy) in self.proxies.iter().enumerate() {
            self.position[proxy as usize] = index as u32;
        }
    }

    fn stored_aabb(&self, proxy: u32) -> Option<Aabb> {
        let index = *self.position.get(proxy as usize)?;
        (index != NULL_INDEX).then(|| self.aabbs[index as usize])
    }

    fn validate(&self) -> Result<(), String> {
        if self.proxies.len() != self.aabbs.len() {
            return Err("proxies and aabbs differ in length".into());
        }
        for (index, &proxy) in self.proxies.iter().enumerate() {
            if self.position.get(proxy as usize) != Some(&(index as u32)) {
                return Err(format!("proxy {proxy} at {index} has a wrong position entry"));
            }
        }
        let present = self.position.iter().filter(|&&p| p != NULL_INDEX).count();
        if present != self.proxies.len() {
            return Err(format!("{present} position entries for {} proxies", self.proxies.len()));
        }
        Ok(())
    }
}
