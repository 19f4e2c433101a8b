//! Unit tests of the normal grid, and the seeded differential harness both
//! grids share: random scenes of awkward boxes under random insert / update /
//! remove sequences, checked against brute force after every step. Every
//! failure names its seed; `replay_one_scene` reruns one.

use super::{suggested_cell_size, CellGeometry, Grid, MAX_CELLS};
use crate::broad_phase::BroadPhase;
use crate::brute_force::BruteForce;
use crate::geometry::next_down;
use crate::geometry::Aabb;
use crate::geometry::CellRange;
use crate::scene::Rng;

const WORLD: Aabb = Aabb { min_x: 0.0, min_y: 0.0, max_x: 100.0, max_y: 100.0 };

pub(crate) fn sorted_pairs(s: &mut dyn BroadPhase) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    s.pairs(&mut out);
    let mut pairs: Vec<_> = out.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort_unstable();
    pairs
}

pub(crate) fn sorted_query(s: &mut dyn BroadPhase, area: Aabb) -> Vec<u32> {
    let mut out = Vec::new();
    s.query(area, &mut out);
    out.sort_unstable();
    out
}

fn cells_of(grid: &Grid, proxy: u32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    grid.cells_of(proxy, &mut out);
    out.sort_unstable();
    out
}

// ---------------------------------------------------------------------------
// The differential harness.

/// One random scene: a world somewhere in the plane, a cell size smaller or
/// larger than the boxes, and a generator of awkward boxes.
pub(crate) struct Scene {
    pub rng: Rng,
    pub world: Aabb,
    pub cell_size: f64,
    /// Typical box side.
    pub size: f64,
    pub live: Vec<Option<Aabb>>,
}

impl Scene {
    pub fn new(seed: u64) -> Scene {
        let mut rng = Rng::new(seed);
        let origin = match rng.below(4) {
            0 | 1 => (0.0, 0.0),
            2 => (-37.5, 12.25),
            _ => (rng.range(-1e6, 1e6), rng.range(-1e6, 1e6)),
        };
        let (w, h) = (rng.range(10.0, 100.0), rng.range(10.0, 100.0));
        let world = Aabb::from_xywh(origin.0, origin.1, w, h);
        let size = w.min(h) * rng.range(0.02, 0.25);
        // At most 16 cells a side, so validating after every step stays cheap.
        let smallest = w.max(h) / 16.0;
        let cell_size = match rng.below(6) {
            0 => size / 4.0,
            1 => size * rng.range(0.5, 1.0),
            2 => size * rng.range(1.0, 2.5),
            3 => size * rng.range(3.0, 8.0),
            4 => w.max(h) * 2.0,
            // A power of two, so boxes snapped to cell lines are exact.
            _ => 2f64.powi((size.log2().round()) as i32),
        }
        .max(smallest);
        Scene { rng, world, cell_size, size, live: vec![None; 48] }
    }

    /// A box of one of several awkward kinds.
    pub fn random_box(&mut self) -> Aabb {
        let rng = &mut self.rng;
        let Aabb { min_x: ox, min_y: oy, .. } = self.world;
        let (ww, wh) = (self.world.width(), self.world.height());
        let (s, cs) = (self.size, self.cell_size);
        let near = |rng: &mut Rng, o: f64, len: f64| o + rng.range(-0.15, 1.15) * len;
        match rng.below(12) {
            // Ordinary, partly outside the world at times.
            0..=2 => Aabb::from_xywh(
                near(rng, ox, ww),
                near(rng, oy, wh),
                s * rng.range(0.2, 2.0),
                s * rng.range(0.2, 2.0),
            ),
            // Snapped to cell lines, whole or half cells.
            3 => {
                let k = |rng: &mut Rng| f64::from(rng.below(30)) - 3.0;
                let m = |rng: &mut Rng| [0.5, 1.0, 1.0, 2.0, 3.0][rng.below(5) as usize];
                Aabb::from_xywh(ox + k(rng) * cs, oy + k(rng) * cs, m(rng) * cs, m(rng) * cs)
            }
            // Far outside.
            4 => {
                let far = |rng: &mut Rng| [-1e6, -3.0, 3.0, 1e6][rng.below(4) as usize];
                Aabb::from_xywh(
                    ox + far(rng) * ww + rng.range(0.0, ww),
                    oy + rng.range(-0.2, 1.2) * wh,
                    s * rng.range(0.5, 2.0),
                    s * rng.range(0.5, 2.0),
                )
            }
            // Giant: bigger than the world.
            5 => Aabb::from_xywh(
                ox - rng.range(0.0, ww),
                oy - rng.range(0.0, wh),
                ww * rng.range(1.0, 3.0),
                wh * rng.range(1.0, 3.0),
            ),
            // Tiny, down to thinner than an ulp, sometimes on a cell line.
            6 => {
                let thin = [1e-9, 1e-300, s][rng.below(3) as usize];
                let (x, y) = if rng.below(2) == 0 {
                    let k = f64::from(rng.below(20));
                    (ox + k * cs, oy + k * cs)
                } else {
                    (near(rng, ox, ww), near(rng, oy, wh))
                };
                Aabb::from_xywh(x, y, thin, [1e-9, 1e-300, s][rng.below(3) as usize])
            }
            // A copy of, or a neighbour touching, a live box.
            7 | 8 => {
                let live: Vec<Aabb> = self.live.iter().flatten().copied().collect();
                if live.is_empty() {
                    return Aabb::from_xywh(ox, oy, s, s);
                }
                let b = live[rng.below(live.len() as u32) as usize];
                match rng.below(3) {
                    0 => b,
                    1 => Aabb::from_xywh(b.max_x, b.min_y, s, b.height()),
                    _ => Aabb::from_xywh(b.min_x - s, b.max_y, s, s),
                }
            }
            // Long and thin: a wall across many cells.
            9 => Aabb::from_xywh(near(rng, ox, ww), near(rng, oy, wh), ww * rng.range(0.3, 1.2), s * 0.3),
            // About a cell wide, around the loose grid's limit.
            10 => {
                let w = [cs, cs * rng.range(0.9, 1.0), cs * rng.range(1.0, 1.1)][rng.below(3) as usize];
                Aabb::from_xywh(near(rng, ox, ww), near(rng, oy, wh), w, cs * rng.range(0.5, 1.0))
            }
            // Huge coordinates, where `x + w` rounds.
            _ => {
                let (x, w) = [
                    (1e12, s),
                    (-1e15, 1.0),
                    (1e300, 1e284),
                    (f64::MAX / 2.0, 1e292),
                    (f64::MAX * 0.75, f64::MAX * 0.5), // x + w overflows
                ][rng.below(5) as usize];
                Aabb::from_xywh(x, near(rng, oy, wh), w, s)
            }
        }
    }

    /// A box near `b`: a small move, as in a game frame.
    pub fn nudge(&mut self, b: Aabb) -> Aabb {
        let step = self.cell_size * 0.4;
        let (dx, dy) = (self.rng.range(-step, step), self.rng.range(-step, step));
        Aabb::from_xywh(b.min_x + dx, b.min_y + dy, b.width(), b.height())
    }
}

/// Runs one scene of `steps` random mutations on `structure` and on brute
/// force, validating after each and comparing pairs and two queries.
pub(crate) fn run_scene(seed: u64, steps: usize, make: &dyn Fn(&mut Scene) -> Box<dyn BroadPhase>) {
    let mut scene = Scene::new(seed);
    let mut structure = make(&mut scene);
    let mut reference = BruteForce::new();
    let name = structure.name();
    let context = |step: usize, what: &str| {
        format!("{name}, seed {seed}, step {step}: {what} (replay: replay_one_scene with SEED = {seed})")
    };
    for step in 0..steps {
        let proxy = scene.rng.below(scene.live.len() as u32);
        let slot = proxy as usize;
        match (scene.live[slot], scene.rng.below(10)) {
            (None, _) => {
                let b = scene.random_box();
                structure.insert(proxy, b);
                reference.insert(proxy, b);
                scene.live[slot] = Some(b);
            }
            (Some(_), 0) => {
                structure.remove(proxy);
                reference.remove(proxy);
                scene.live[slot] = None;
            }
            (Some(old), k) => {
                let b = if k < 6 { scene.nudge(old) } else { scene.random_box() };
                structure.update(proxy, b);
                reference.update(proxy, b);
                scene.live[slot] = Some(b);
            }
        }
        if let Err(message) = structure.validate() {
            panic!("{}", context(step, &format!("validate: {message}")));
        }
        let expected = sorted_pairs(&mut reference);
        let got = sorted_pairs(structure.as_mut());
        assert!(got == expected, "{}", context(step, &format!("pairs {got:?}, brute force {expected:?}")));
        // A present proxy's partners (what the World asks of a moved
        // object): the proxies overlapping its box, itself included.
        if let Some(Some(b)) = scene.live.get(proxy as usize).copied().filter(Option::is_some) {
            let expected = sorted_query(&mut reference, b);
            let mut got = Vec::new();
            structure.query_partners(proxy, &mut got);
            got.sort_unstable();
            assert!(
                got == expected,
                "{}",
                context(step, &format!("partners of {proxy}: {got:?}, brute force {expected:?}"))
            );
        }
        for _ in 0..2 {
            let area = scene.random_box();
            let expected = sorted_query(&mut reference, area);
            let got = sorted_query(structure.as_mut(), area);
            assert!(
                got == expected,
                "{}",
                context(step, &format!("query {area:?}: {got:?}, brute force {expected:?}"))
            );
        }
    }
}

fn make_grid(scene: &mut Scene) -> Box<dyn BroadPhase> {
    let mut grid = Grid::new(scene.world, scene.cell_size);
    // Exercise the oversize list from "everything oversize" to "nothing oversize".
    grid.set_max_cells_per_object([1, 4, 16, 64, u32::MAX][scene.rng.below(5) as usize]);
    // Half the scenes renumber their entries whenever `pairs` finds them
    // out of order.
    if scene.rng.below(2) == 0 {
        grid.compaction_floor = 0;
    }
    Box::new(grid)
}

#[test]
fn matches_brute_force_on_random_scenes() {
    for seed in 0..1000 {
        run_scene(seed, 60, &make_grid);
    }
}

#[test]
fn matches_brute_force_after_set_cell_size() {
    for seed in 10_000..10_200 {
        let mut scene = Scene::new(seed);
        let mut grid = Grid::new(scene.world, scene.cell_size);
        let mut reference = BruteForce::new();
        for proxy in 0..30 {
            let b = scene.random_box();
            grid.insert(proxy, b);
            reference.insert(proxy, b);
        }
        grid.set_cell_size(scene.cell_size * scene.rng.range(0.3, 3.0).max(0.1));
        grid.validate().unwrap_or_else(|m| panic!("seed {seed}: {m}"));
        assert_eq!(sorted_pairs(&mut grid), sorted_pairs(&mut reference), "seed {seed}");
    }
}

/// Set `SEED` to a failing seed and run with `--ignored` to replay it alone.
#[test]
#[ignore]
fn replay_one_scene() {
    const SEED: u64 = 0;
    run_scene(SEED, 60, &make_grid);
    run_scene(SEED, 60, &|scene: &mut Scene| {
        Box::new(crate::loose_grid::LooseGrid::new(scene.world, scene.cell_size))
    });
}

// ---------------------------------------------------------------------------
// Unit tests.

#[test]
fn a_pair_sharing_four_cells_is_reported_once() {
    let mut grid = Grid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(5.0, 5.0, 10.0, 10.0));
    grid.insert(1, Aabb::from_xywh(8.0, 8.0, 4.0, 4.0));
    grid.validate().unwrap();
    assert_eq!(cells_of(&grid, 1), [(0, 0), (0, 1), (1, 0), (1, 1)]);
    assert_eq!(sorted_pairs(&mut grid), [(0, 1)]);
    assert_eq!(sorted_query(&mut grid, Aabb::from_xywh(9.0, 9.0, 2.0, 2.0)), [0, 1]);
}

#[test]
fn a_box_ending_on_a_cell_line_is_not_listed_past_it() {
    let mut grid = Grid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(10.0, 10.0, 10.0, 10.0));
    grid.insert(1, Aabb::from_xywh(20.0, 10.0, 10.0, 10.0)); // touches 0
    grid.validate().unwrap();
    assert_eq!(cells_of(&grid, 0), [(1, 1)]);
    assert_eq!(cells_of(&grid, 1), [(2, 1)]);
    assert!(sorted_pairs(&mut grid).is_empty(), "touching is no overlap");
    assert!(sorted_query(&mut grid, Aabb::from_xywh(0.0, 0.0, 10.0, 10.0)).is_empty());
}

#[test]
fn boxes_thinner_than_an_ulp_live_in_their_min_corner_cell() {
    let mut grid = Grid::new(WORLD, 10.0);
    let thin = Aabb::from_xywh(30.0, 30.0, 1e-300, 1e-300);
    assert_eq!(thin.min_x, thin.max_x, "the test needs x + w == x");
    grid.insert(0, thin);
    grid.insert(1, Aabb::from_xywh(25.0, 25.0, 10.0, 10.0));
    grid.insert(2, Aabb::from_xywh(30.0, 30.0, 1e-9, 1e-9));
    grid.insert(3, Aabb::from_xywh(20.0, 20.0, 10.0, 10.0)); // ends where 0 is
    grid.validate().unwrap();
    assert_eq!(cells_of(&grid, 0), [(3, 3)]);
    let mut reference = BruteForce::new();
    for (p, b) in [(0, thin), (1, grid.proxies[1].aabb), (2, grid.proxies[2].aabb), (3, grid.proxies[3].aabb)]
    {
        reference.insert(p, b);
    }
    assert_eq!(sorted_pairs(&mut grid), sorted_pairs(&mut reference));
    assert_eq!(sorted_pairs(&mut grid), [(0, 1), (1, 2), (1, 3)]);
}

#[test]
fn objects_outside_the_world_share_the_border_cells() {
    let mut grid = Grid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(-1e9, -1e9, 5.0, 5.0));
    grid.insert(1, Aabb::from_xywh(-1e9 + 4.0, -1e9 + 4.0, 5.0, 5.0));
    grid.insert(2, Aabb::from_xywh(1e9, 50.0, 5.0, 5.0));
    grid.insert(3, Aabb::from_xywh(95.0, 50.0, 1e9, 2.0)); // reaches 2
    grid.validate().unwrap();
    assert_eq!(cells_of(&grid, 0), [(0, 0)]);
    assert_eq!(cells_of(&grid, 2), [(9, 5)]);
    assert_eq!(sorted_pairs(&mut grid), [(0, 1), (2, 3)]);
    assert_eq!(grid.cells.len(), 100, "memory does not follow the objects");
}

#[test]
fn oversize_objects_move_between_the_list_and_the_cells() {
    let mut grid = Grid::new(WORLD, 10.0);
    grid.set_max_cells_per_object(4);
    grid.insert(0, Aabb::from_xywh(5.0, 5.0, 30.0, 30.0)); // 16 cells
    grid.insert(1, Aabb::from_xywh(31.0, 31.0, 2.0, 2.0));
    grid.insert(2, Aabb::from_xywh(-50.0, -50.0, 300.0, 300.0)); // all cells
    grid.validate().unwrap();
    assert!(grid.is_oversize(0) && grid.is_oversize(2) && !grid.is_oversize(1));
    assert_eq!(sorted_pairs(&mut grid), [(0, 1), (0, 2), (1, 2)]);
    grid.update(0, Aabb::from_xywh(30.0, 30.0, 5.0, 5.0));
    grid.validate().unwrap();
    assert!(!grid.is_oversize(0));
    assert_eq!(sorted_pairs(&mut grid), [(0, 1), (0, 2), (1, 2)]);
    grid.update(1, Aabb::from_xywh(0.0, 0.0, 100.0, 1.0));
    grid.validate().unwrap();
    assert!(grid.is_oversize(1));
    assert_eq!(sorted_pairs(&mut grid), [(0, 2), (1, 2)]);
    let mut searched = Vec::new();
    grid.searched_cells(1, &mut searched);
    assert_eq!(searched.len(), 10);
    assert_eq!(sorted_query(&mut grid, Aabb::from_xywh(50.0, 0.5, 1.0, 1.0)), [1, 2]);
}

#[test]
fn an_update_keeps_the_entries_of_cells_it_still_reaches() {
    let mut grid = Grid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(15.0, 15.0, 10.0, 10.0)); // cells 1..=2
    grid.update(0, Aabb::from_xywh(16.0, 16.0, 10.0, 10.0)); // same cells
    grid.validate().unwrap();
    assert_eq!(cells_of(&grid, 0), [(1, 1), (1, 2), (2, 1), (2, 2)]);
    grid.update(0, Aabb::from_xywh(25.0, 15.0, 10.0, 10.0)); // columns 2..=3
    grid.validate().unwrap();
    assert_eq!(cells_of(&grid, 0), [(2, 1), (2, 2), (3, 1), (3, 2)]);
    // Two entries kept, two freed and reused: no growth.
    assert_eq!(grid.entries.len(), 4);
    for _ in 0..100 {
        grid.update(0, Aabb::from_xywh(15.0, 15.0, 10.0, 10.0));
        grid.update(0, Aabb::from_xywh(25.0, 25.0, 10.0, 10.0));
    }
    assert_eq!(grid.entries.len(), 4, "moves reuse freed entries");
}

#[test]
fn warm_pairs_and_queries_do_not_grow_scratch() {
    let mut grid = Grid::new(WORLD, 10.0);
    grid.set_max_cells_per_object(8);
    let mut rng = Rng::new(3);
    for p in 0..200 {
        let side = if p % 20 == 0 { 40.0 } else { 4.0 };
        grid.insert(p, Aabb::from_xywh(rng.range(0.0, 95.0), rng.range(0.0, 95.0), side, side));
    }
    let (mut pairs, mut hits) = (Vec::new(), Vec::new());
    grid.pairs(&mut pairs);
    grid.query(WORLD, &mut hits);
    let capacities = (grid.items.capacity(), grid.oversize_items.capacity(), grid.entries.capacity());
    for _ in 0..3 {
        pairs.clear();
        hits.clear();
        grid.pairs(&mut pairs);
        grid.query(WORLD, &mut hits);
    }
    assert_eq!(capacities, (grid.items.capacity(), grid.oversize_items.capacity(), grid.entries.capacity()));
}

#[test]
fn set_cell_size_refiles_everything() {
    let mut grid = Grid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(1.0, 1.0, 30.0, 3.0));
    grid.insert(1, Aabb::from_xywh(28.0, 2.0, 3.0, 3.0));
    grid.set_cell_size(25.0);
    grid.validate().unwrap();
    assert_eq!(grid.cell_size(), 25.0);
    assert_eq!(cells_of(&grid, 0), [(0, 0), (1, 0)]);
    assert_eq!(sorted_pairs(&mut grid), [(0, 1)]);
}

#[test]
fn a_cell_size_too_small_for_the_world_is_raised() {
    let world = Aabb::from_xywh(0.0, 0.0, 1e6, 10.0);
    for cs in [1e-3, 0.0, -1.0, f64::NAN, f64::INFINITY] {
        let g = CellGeometry::new(&world, cs);
        assert!(g.cell_count() <= MAX_CELLS && g.cell_size > 0.0 && g.cell_size.is_finite(), "{cs}: {g:?}");
        assert!(f64::from(g.cols) * g.cell_size >= 1e6 && f64::from(g.rows) * g.cell_size >= 10.0);
    }
    let g = CellGeometry::new(&WORLD, 7.0);
    assert_eq!((g.cols, g.rows, g.cell_size), (15, 15, 7.0));
}

#[test]
fn cell_lookup_is_monotone_and_half_open() {
    let g = CellGeometry::new(&Aabb::from_xywh(-3.0, 0.0, 10.0, 10.0), 0.1);
    let mut rng = Rng::new(5);
    for _ in 0..10_000 {
        let (a, b) = (rng.range(-5.0, 9.0), rng.range(-5.0, 9.0));
        let (lo, hi) = (a.min(b), a.max(b));
        assert!(g.col_of(lo) <= g.col_of(hi), "{lo} {hi}");
    }
    let g = CellGeometry::new(&WORLD, 10.0);
    assert_eq!((g.col_of(10.0), g.col_of(next_down(10.0)), g.col_of(-5.0), g.col_of(1e300)), (1, 0, 0, 9));
    assert_eq!(next_down(1.0), 1.0 - f64::EPSILON / 2.0);
    assert_eq!(next_down(0.0), -f64::from_bits(1));
    assert_eq!(next_down(-1.0), -1.0 - f64::EPSILON);
    assert_eq!(next_down(f64::INFINITY), f64::MAX);
}

#[test]
fn stored_cells_are_the_half_open_cells_the_box_reaches() {
    // `range_of` must agree with `Aabb::reaches` on the drawn cells (border
    // cells extended to infinity, as clamping does).
    let mut scene = Scene::new(77);
    scene.cell_size = scene.world.width().max(scene.world.height()) / 13.3;
    let g = CellGeometry::new(&scene.world, scene.cell_size);
    assert!(g.cols >= 13 && g.rows > 1, "{g:?}");
    for _ in 0..2000 {
        let b = scene.random_box();
        let range = g.range_of(&b);
        for y in 0..g.rows {
            for x in 0..g.cols {
                let mut cell = g.cell_bounds(x, y);
                if x == 0 {
                    cell.min_x = f64::NEG_INFINITY;
                }
                if y == 0 {
                    cell.min_y = f64::NEG_INFINITY;
                }
                if x == g.cols - 1 {
                    cell.max_x = f64::INFINITY;
                }
                if y == g.rows - 1 {
                    cell.max_y = f64::INFINITY;
                }
                assert_eq!(range.contains(x, y), b.reaches(&cell), "{b:?} cell ({x}, {y})");
            }
        }
    }
}

#[test]
fn suggested_cell_size_is_twice_the_median_extent() {
    let boxes = [(1.0, 2.0), (3.0, 1.0), (10.0, 10.0)].map(|(w, h)| Aabb::from_xywh(0.0, 0.0, w, h));
    assert_eq!(suggested_cell_size(boxes.into_iter()), 6.0);
    assert_eq!(suggested_cell_size(std::iter::empty()), 1.0);
}

#[test]
fn debug_cells_show_where_an_object_is_and_what_it_meets() {
    let mut grid = Grid::new(WORLD, 10.0);
    grid.insert(7, Aabb::from_xywh(15.0, 25.0, 10.0, 1.0));
    let mut searched = Vec::new();
    grid.searched_cells(7, &mut searched);
    searched.sort_unstable();
    assert_eq!(searched, cells_of(&grid, 7));
    assert_eq!(searched, [(1, 2), (2, 2)]);
    let mut occupied = Vec::new();
    grid.for_each_occupied_cell(|x, y, n| occupied.push((x, y, n)));
    occupied.sort_unstable();
    assert_eq!(occupied, [(1, 2, 1), (2, 2, 1)]);
    assert_eq!(grid.name(), "grid");
}

#[test]
fn cell_bits_visit_in_order_with_coordinates() {
    let mut bits = crate::bit_set::BitSet::new(200);
    for cell in [0, 6, 7, 63, 64, 130, 199] {
        bits.insert(cell);
    }
    bits.remove(130);
    assert!(bits.contains(63) && !bits.contains(130) && bits.len() == 6);
    let mut seen = Vec::new();
    bits.for_each(7, |cell, x, y| seen.push((cell, x, y)));
    assert_eq!(seen, [(0, 0, 0), (6, 6, 0), (7, 0, 1), (63, 0, 9), (64, 1, 9), (199, 3, 28)]);
    let mut span = Vec::new();
    bits.for_each_in(6, 64, |cell| span.push(cell));
    assert_eq!(span, [6, 7, 63, 64]);
    span.clear();
    bits.for_each_in(8, 62, |cell| span.push(cell));
    assert!(span.is_empty());
    // Windows, within a word and across two.
    assert_eq!(bits.window(5, 3), 0b110);
    assert_eq!(bits.window(62, 3), 0b110);
    assert_eq!(bits.window(63, 2), 0b11);
    assert_eq!(bits.window(197, 3), 0b100);
    bits.reset(10);
    assert!(bits.is_empty());
}

/// `keeps_range` answers exactly whether `range_of` gives the guessed range,
/// for boxes on and near cell lines, inside and outside the grid, thin,
/// huge and NaN, and guesses off by a cell either way or out of range.
#[test]
fn keeps_range_answers_as_range_of_does() {
    for seed in 1..=20u64 {
        let mut rng = Rng::new(seed);
        let world =
            Aabb { min_x: rng.range(-50.0, 50.0), min_y: rng.range(-50.0, 50.0), max_x: 0.0, max_y: 0.0 };
        let side = [0.1, 1.0, 7.3, 1e6][seed as usize % 4];
        let world = Aabb { max_x: world.min_x + side * 9.0, max_y: world.min_y + side * 5.0, ..world };
        let g = CellGeometry::new(&world, side * [1.0, 0.7, 3.1][seed as usize % 3]);
        for i in 0..2000 {
            let on_line = |rng: &mut Rng, last: u32, origin: f64| {
                let k = (rng.next_f64() * f64::from(last + 3)) as u32;
                let e = origin + f64::from(k) * g.cell_size;
                [e, next_down(e), e + e.abs() * f64::EPSILON][i % 3]
            };
            let (x, y) = if i % 4 == 0 {
                (on_line(&mut rng, g.cols, g.origin_x), on_line(&mut rng, g.rows, g.origin_y))
            } else {
                (
                    rng.range(world.min_x - side * 2.0, world.max_x + side),
                    rng.range(world.min_y - side, world.max_y + side),
                )
            };
            let (w, h) = match i % 7 {
                0 => (0.0, f64::MIN_POSITIVE),
                1 => (side * 20.0, side * 0.5),
                2 => (f64::NAN, 1.0),
                _ => (rng.range(0.0, side * 1.5), rng.range(0.0, side * 1.5)),
            };
            let aabb = Aabb::from_xywh(x, y, w, h);
            let actual = g.range_of(&aabb);
            let nudge = |v: u32, d: u64| match d {
                0 => v,
                1 => v.wrapping_add(1),
                2 => v.wrapping_sub(1),
                _ => u32::MAX,
            };
            let guess = CellRange {
                col_start: nudge(actual.col_start, rng.next_u64() % 5),
                col_end: nudge(actual.col_end, rng.next_u64() % 5),
                row_start: nudge(actual.row_start, rng.next_u64() % 5),
                row_end: nudge(actual.row_end, rng.next_u64() % 5),
            };
            for guess in [actual, guess] {
                assert_eq!(
                    g.keeps_range(&aabb, &guess),
                    actual == guess,
                    "seed {seed}, box {i}: {aabb:?} in {actual:?}, guess {guess:?}"
                );
            }
        }
    }
}
