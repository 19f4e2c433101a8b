//! The reference every other structure is checked against: all pairs tested,
//! O(n²). Simple enough to be obviously right.

use crate::broad_phase::{BroadPhase, Stats};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

/// Proxies in a dense array; a proxy's position is kept for O(1) removal.
#[derive(Default)]
pub struct BruteForce {
    proxies: Vec<u32>,
    aabbs: Vec<Aabb>,
    /// `position[proxy]` is the index in `proxies`, or `NULL_INDEX` when absent.
    position: Vec<u32>,
}

impl BruteForce {
    #[must_use]
    /// An empty set of boxes.
    pub fn new() -> BruteForce {
        BruteForce::default()
    }
}

impl BroadPhase for BruteForce {
    fn name(&self) -> &'static str {
        "brute-force"
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        let slot = proxy as usize;
        if self.position.len() <= slot {
            self.position.resize(slot + 1, NULL_INDEX);
        }
        debug_assert_eq!(self.position[slot], NULL_INDEX, "proxy {proxy} inserted twice");
        self.position[slot] = self.proxies.len() as u32;
        self.proxies.push(proxy);
        self.aabbs.push(aabb);
    }

    fn update(&mut self, proxy: u32, aabb: Aabb) {
        let index = self.position[proxy as usize] as usize;
        self.aabbs[index] = aabb;
    }

    fn remove(&mut self, proxy: u32) {
        let index = self.position[proxy as usize] as usize;
        self.position[proxy as usize] = NULL_INDEX;
        self.proxies.swap_remove(index);
        self.aabbs.swap_remove(index);
        if let Some(&moved) = self.proxies.get(index) {
            self.position[moved as usize] = index as u32;
        }
    }

    fn pairs(&mut self, out: &mut Vec<(u32, u32)>) -> Stats {
        let n = self.aabbs.len();
        for i in 0..n {
            let a = self.aabbs[i];
            for j in i + 1..n {
                if a.overlaps(&self.aabbs[j]) {
                    out.push((self.proxies[i], self.proxies[j]));
                }
            }
        }
        let tests = (n as u64) * (n.saturating_sub(1) as u64) / 2;
        Stats { candidate_tests: tests, nodes_visited: 0 }
    }

    fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats {
        for (aabb, &proxy) in self.aabbs.iter().zip(&self.proxies) {
            if aabb.overlaps(&area) {
                out.push(proxy);
            }
        }
        Stats { candidate_tests: self.aabbs.len() as u64, nodes_visited: 0 }
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
