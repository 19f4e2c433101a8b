//! Unit tests of the loose grid, and its run of the differential harness in
//! `grid/tests.rs` (seeded random scenes against brute force).

use super::LooseGrid;
use crate::broad_phase::BroadPhase;
use crate::geometry::Aabb;
use crate::grid::tests::{run_scene, sorted_pairs, sorted_query, Scene};

const WORLD: Aabb = Aabb { min_x: 0.0, min_y: 0.0, max_x: 100.0, max_y: 100.0 };

fn make_loose(scene: &mut Scene) -> Box<dyn BroadPhase> {
    Box::new(LooseGrid::new(scene.world, scene.cell_size))
}

fn cells(grid: &LooseGrid, proxy: u32, which: fn(&LooseGrid, u32, &mut Vec<(i32, i32)>)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    which(grid, proxy, &mut out);
    out
}

#[test]
fn matches_brute_force_on_random_scenes() {
    for seed in 0..1000 {
        run_scene(seed, 60, &make_loose);
    }
}

#[test]
fn objects_just_under_a_cell_wide_never_pair_two_cells_apart() {
    // The 5-cell scan is only sound while a small object is narrower than
    // a cell: crowd boxes around that limit and compare with brute force.
    for seed in 0..20u64 {
        let mut rng = crate::scene::Rng::new(seed);
        let mut grid = LooseGrid::new(WORLD, 10.0);
        let mut reference = crate::brute_force::BruteForce::new();
        for proxy in 0..300 {
            let (w, h) = (rng.range(9.5, 10.5), rng.range(9.5, 10.5));
            let b = Aabb::from_xywh(rng.range(0.0, 90.0), rng.range(0.0, 90.0), w, h);
            grid.insert(proxy, b);
            reference.insert(proxy, b);
        }
        grid.validate().unwrap();
        assert_eq!(sorted_pairs(&mut grid), sorted_pairs(&mut reference), "seed {seed}");
    }
}

#[test]
fn boxes_a_hair_wider_than_a_cell_with_centres_two_cells_apart_still_pair() {
    // Centres in columns 0 and 2, boxes 10.00001 wide: they overlap by a
    // hair, which the 5-cell scan would miss had they been filed as small.
    let mut grid = LooseGrid::new(WORLD, 10.0);
    let w = 10.00001;
    grid.insert(0, Aabb::from_xywh(9.9999999 - w / 2.0, 50.0, w, 1.0));
    grid.insert(1, Aabb::from_xywh(20.0000001 - w / 2.0, 50.0, w, 1.0));
    grid.validate().unwrap();
    assert!(grid.is_oversize(0) && grid.is_oversize(1));
    assert_eq!(sorted_pairs(&mut grid), [(0, 1)]);
    // Just under a cell wide they are small, and their centres can no
    // longer be two columns apart.
    let w = grid.small_limit;
    grid.update(0, Aabb::from_xywh(9.9999999 - w / 2.0, 50.0, w, 1.0));
    grid.update(1, Aabb::from_xywh(20.0000001 - w / 2.0, 50.0, w, 1.0));
    grid.validate().unwrap();
    assert!(!grid.is_oversize(0) && !grid.is_oversize(1));
    assert!(sorted_pairs(&mut grid).is_empty());
}

#[test]
fn objects_in_all_eight_neighbour_cells_pair_once() {
    let mut grid = LooseGrid::new(WORLD, 10.0);
    // A box centred in cell (5, 5) reaching into all eight neighbours.
    grid.insert(0, Aabb::from_xywh(50.5, 50.5, 9.0, 9.0));
    let mut proxy = 1;
    for dy in [-1.0, 0.0, 1.0] {
        for dx in [-1.0, 0.0, 1.0] {
            // Centred in cell (5 + dx, 5 + dy), overlapping box 0.
            let (cx, cy) = (55.0 + dx * 8.0, 55.0 + dy * 8.0);
            grid.insert(proxy, Aabb::from_xywh(cx - 4.0, cy - 4.0, 8.0, 8.0));
            proxy += 1;
        }
    }
    grid.validate().unwrap();
    let pairs = sorted_pairs(&mut grid);
    for other in 1..10 {
        assert_eq!(pairs.iter().filter(|&&p| p == (0, other)).count(), 1, "{other}: {pairs:?}");
    }
    assert_eq!(cells(&grid, 0, LooseGrid::cells_of), [(5, 5)]);
    assert_eq!(cells(&grid, 0, LooseGrid::scanned_cells), [(5, 5), (6, 5), (4, 6), (5, 6), (6, 6)]);
    assert_eq!(cells(&grid, 0, LooseGrid::searched_cells).len(), 9);
}

#[test]
fn objects_as_big_as_a_cell_are_oversize() {
    let mut grid = LooseGrid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(10.0, 10.0, 10.0, 5.0));
    grid.insert(1, Aabb::from_xywh(10.0, 10.0, 9.99, 9.99));
    grid.insert(2, Aabb::from_xywh(-500.0, 19.0, 1000.0, 0.5)); // a long wall
    grid.validate().unwrap();
    assert!(grid.is_oversize(0) && !grid.is_oversize(1) && grid.is_oversize(2));
    assert_eq!(sorted_pairs(&mut grid), [(0, 1), (1, 2)]);
    grid.update(0, Aabb::from_xywh(18.0, 18.0, 5.0, 5.0));
    grid.update(2, Aabb::from_xywh(80.0, 80.0, 5.0, 5.0));
    grid.validate().unwrap();
    assert!(!grid.is_oversize(0) && !grid.is_oversize(2));
    assert_eq!(sorted_pairs(&mut grid), [(0, 1)]);
    grid.update(1, Aabb::from_xywh(0.0, 0.0, 200.0, 200.0));
    grid.validate().unwrap();
    assert_eq!(sorted_pairs(&mut grid), [(0, 1), (1, 2)]);
    assert_eq!(cells(&grid, 1, LooseGrid::searched_cells).len(), 100);
}

#[test]
fn a_query_finds_objects_whose_centre_cell_it_misses() {
    // The loose-grid trap: the box's centre is in cell (2, 2), the query
    // area only in cell (1, 1).
    let mut grid = LooseGrid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(19.0, 19.0, 8.0, 8.0));
    assert_eq!(cells(&grid, 0, LooseGrid::cells_of), [(2, 2)]);
    assert_eq!(sorted_query(&mut grid, Aabb::from_xywh(15.0, 15.0, 4.5, 4.5)), [0]);
    assert!(sorted_query(&mut grid, Aabb::from_xywh(15.0, 15.0, 4.0, 4.0)).is_empty());
}

#[test]
fn centres_outside_the_world_are_clamped() {
    let mut grid = LooseGrid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(-1e9, 50.0, 5.0, 5.0));
    grid.insert(1, Aabb::from_xywh(-1e9 + 3.0, 53.0, 5.0, 5.0));
    grid.insert(2, Aabb::from_xywh(1e300, 1e300, 1.0, 1.0));
    grid.insert(3, Aabb::from_xywh(-3.0, 98.0, 5.0, 5.0));
    grid.validate().unwrap();
    assert_eq!(cells(&grid, 0, LooseGrid::cells_of), [(0, 5)]);
    assert_eq!(cells(&grid, 2, LooseGrid::cells_of), [(9, 9)]);
    assert_eq!(cells(&grid, 3, LooseGrid::cells_of), [(0, 9)]);
    assert_eq!(sorted_pairs(&mut grid), [(0, 1)]);
    assert_eq!(grid.heads.len(), 100);
}

#[test]
fn moving_within_a_cell_keeps_the_list_and_crossing_moves_one_link() {
    let mut grid = LooseGrid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(11.0, 11.0, 2.0, 2.0));
    grid.insert(1, Aabb::from_xywh(12.0, 12.0, 2.0, 2.0));
    let head = grid.heads[11];
    grid.update(1, Aabb::from_xywh(15.0, 15.0, 2.0, 2.0));
    assert_eq!(grid.heads[11], head, "same cell: list untouched");
    grid.update(0, Aabb::from_xywh(21.0, 11.0, 2.0, 2.0));
    grid.validate().unwrap();
    assert_eq!(cells(&grid, 0, LooseGrid::cells_of), [(2, 1)]);
    assert_eq!((grid.heads[11], grid.heads[12]), (1, 0));
    grid.remove(1);
    grid.validate().unwrap();
    let mut occupied = Vec::new();
    grid.for_each_occupied_cell(|x, y, n| occupied.push((x, y, n)));
    assert_eq!(occupied, [(2, 1, 1)]);
}

#[test]
fn set_cell_size_refiles_everything() {
    let mut grid = LooseGrid::new(WORLD, 10.0);
    grid.insert(0, Aabb::from_xywh(1.0, 1.0, 30.0, 3.0));
    grid.insert(1, Aabb::from_xywh(28.0, 2.0, 3.0, 3.0));
    assert!(grid.is_oversize(0));
    grid.set_cell_size(40.0);
    grid.validate().unwrap();
    assert!(!grid.is_oversize(0));
    assert_eq!(grid.cell_size(), 40.0);
    assert_eq!(sorted_pairs(&mut grid), [(0, 1)]);
    assert_eq!(grid.name(), "loose-grid");
}

#[test]
fn matches_brute_force_after_set_cell_size() {
    for seed in 20_000..20_200 {
        let mut scene = Scene::new(seed);
        let mut grid = LooseGrid::new(scene.world, scene.cell_size);
        let mut reference = crate::brute_force::BruteForce::new();
        for proxy in 0..30 {
            let b = scene.random_box();
            grid.insert(proxy, b);
            reference.insert(proxy, b);
        }
        grid.set_cell_size(scene.cell_size * scene.rng.range(0.1, 3.0));
        grid.validate().unwrap_or_else(|m| panic!("seed {seed}: {m}"));
        assert_eq!(sorted_pairs(&mut grid), sorted_pairs(&mut reference), "seed {seed}");
    }
}

#[test]
fn suggested_cell_size_just_covers_the_95th_percentile() {
    let boxes = (1..=100).map(|i| Aabb::from_xywh(0.0, 0.0, f64::from(i), 1.0));
    let cs = super::suggested_cell_size(boxes);
    assert!((cs - 1.05 * 95.0).abs() < 1e-9, "{cs}");
    assert_eq!(super::suggested_cell_size(std::iter::empty()), 1.0);
}

#[test]
fn warm_pairs_reuse_their_scratch() {
    let mut grid = LooseGrid::new(WORLD, 4.0);
    let mut rng = crate::scene::Rng::new(9);
    for p in 0..500 {
        grid.insert(p, Aabb::from_xywh(rng.range(0.0, 97.0), rng.range(0.0, 97.0), 3.0, 3.0));
    }
    let mut pairs = Vec::new();
    let move_all = |grid: &mut LooseGrid, rng: &mut crate::scene::Rng| {
        for p in 0..500 {
            grid.update(p, Aabb::from_xywh(rng.range(0.0, 97.0), rng.range(0.0, 97.0), 3.0, 3.0));
        }
    };
    move_all(&mut grid, &mut rng);
    grid.pairs(&mut pairs);
    move_all(&mut grid, &mut rng);
    grid.pairs(&mut pairs);
    let capacities = (grid.proxies.capacity(), grid.heads.capacity(), grid.own.capacity());
    for _ in 0..5 {
        move_all(&mut grid, &mut rng);
        pairs.clear();
        grid.pairs(&mut pairs);
        grid.validate().unwrap();
    }
    assert_eq!(capacities, (grid.proxies.capacity(), grid.heads.capacity(), grid.own.capacity()));
}

/// Rays cast between updates see the oversize boxes where they are now:
/// boxes growing past the cells, moving and shrinking back, the walk
/// checked against every box the segment touches after each change (the
/// rays' filing of the oversize list is rebuilt only when stale).
#[test]
fn rays_between_updates_find_oversize_boxes_where_they_are() {
    use crate::broad_phase::RayControl;
    use crate::ray::segment_aabb;
    use crate::segment::RayPath;
    for seed in 0..40 {
        let mut rng = crate::scene::Rng::new(0x0C0A_25E0 + seed);
        let mut grid = LooseGrid::new(WORLD, 5.0);
        let mut boxes = Vec::new();
        for proxy in 0..60 {
            let b = Aabb::from_xywh(rng.range(-5.0, 100.0), rng.range(-5.0, 100.0), rng.range(1.0, 4.0), 3.0);
            grid.insert(proxy, b);
            boxes.push(b);
        }
        for step in 0..200 {
            let proxy = rng.below(60);
            // Small, a few cells wide (a coarse cell's), or giant.
            let side =
                [rng.range(1.0, 4.0), rng.range(5.0, 19.0), rng.range(21.0, 60.0)][rng.below(3) as usize];
            let b =
                Aabb::from_xywh(rng.range(-10.0, 100.0), rng.range(-10.0, 100.0), side, rng.range(1.0, side));
            match step % 7 {
                0 => {
                    grid.remove(proxy);
                    grid.insert(proxy, b);
                }
                _ => grid.update(proxy, b),
            }
            boxes[proxy as usize] = b;
            let r = (
                rng.range(-20.0, 120.0),
                rng.range(-20.0, 120.0),
                rng.range(-20.0, 120.0),
                rng.range(-20.0, 120.0),
            );
            let ray = RayPath::new(r.0, r.1, r.2, r.3).unwrap();
            let mut seen = Vec::new();
            grid.walk_ray(&ray, f64::INFINITY, &mut |p, _| {
                seen.push(p);
                RayControl::Continue
            });
            grid.validate().unwrap_or_else(|m| panic!("seed {seed} step {step}: {m}"));
            for (p, b) in boxes.iter().enumerate() {
                if segment_aabb(b, r.0, r.1, r.2, r.3).is_some() {
                    assert!(
                        seen.contains(&(p as u32)),
                        "seed {seed} step {step}: ray {r:?} missed {p} {b:?}"
                    );
                }
            }
        }
    }
}

/// The step's quick home test (`HomeTest::surely_keeps`) never says yes
/// for a cell `home_of` would not give: centres on, next to and between
/// cell lines, outside the grid, NaN and huge; worlds near and far from the
/// origin, cells from near the float spacing to huge; guesses right, off by
/// one either way, a row off, the oversize mark. And it says yes for most
/// boxes in an ordinary grid, so the step takes it.
#[test]
fn the_quick_home_test_never_says_yes_wrongly() {
    use crate::geometry::next_down;
    use crate::loose_grid::storage::OVERSIZE;
    for seed in 0..40u64 {
        let mut rng = crate::scene::Rng::new(seed);
        let origin = [0.0, -37.25, 1e6, -1e9, 1e15][seed as usize % 5];
        let side = [100.0, 7.3, 1e4, 0.01][seed as usize % 4];
        let world = Aabb::from_xywh(origin, origin * 0.5, side * 9.0, side * 5.0);
        let cell = side * [1.0, 0.7, 3.1, 1e-3, 1e-12][seed as usize / 8 % 5];
        let grid = LooseGrid::new(world, cell);
        let (g, test) = (*grid.geometry(), grid.home_test());
        let (mut ordinary, mut quick) = (0, 0);
        for i in 0..3000 {
            let on_line = |rng: &mut crate::scene::Rng, last: u32, origin: f64| {
                let k = (rng.next_f64() * f64::from(last + 3)) as u32;
                let e = origin + f64::from(k) * g.cell_size;
                [e, next_down(e), e + e.abs() * f64::EPSILON, -e][i % 4]
            };
            let (cx, cy) = match i % 5 {
                0 => (on_line(&mut rng, g.cols, g.origin_x), on_line(&mut rng, g.rows, g.origin_y)),
                1 => (f64::NAN, rng.range(world.min_y, world.max_y)),
                2 => (rng.range(-1e300, 1e300), f64::MAX),
                _ => (
                    rng.range(world.min_x - side, world.max_x + side),
                    rng.range(world.min_y - side, world.max_y),
                ),
            };
            let (w, h) = match i % 7 {
                0 => (0.0, 0.0),
                1 => (g.cell_size * 1.01, g.cell_size * 0.5),
                _ => (rng.range(0.0, g.cell_size), rng.range(0.0, g.cell_size)),
            };
            let aabb =
                Aabb { min_x: cx - w * 0.5, min_y: cy - h * 0.5, max_x: cx + w * 0.5, max_y: cy + h * 0.5 };
            let home = grid.home_of(&aabb);
            let random = rng.below(g.cell_count() as u32);
            for guess in [
                home,
                home.wrapping_add(1),
                home.wrapping_sub(1),
                home.wrapping_add(g.cols),
                random,
                OVERSIZE,
            ] {
                if test.surely_keeps(&aabb, guess) {
                    assert!(
                        guess == home && home != OVERSIZE,
                        "seed {seed}, box {aabb:?}: quick yes for {guess}, home_of {home}"
                    );
                }
            }
            if i % 5 >= 3 && home != OVERSIZE && world.contains_point_half_open(cx, cy) {
                ordinary += 1;
                quick += usize::from(test.surely_keeps(&aabb, home));
            }
        }
        let usable = origin.abs() < 1e9 && cell >= side * 1e-3;
        if usable {
            assert!(quick * 10 >= ordinary * 9, "seed {seed}: quick yes for {quick} of {ordinary} boxes");
        }
    }
}

/// Counts the steps of a traced call.
struct CountedSteps(usize);

impl crate::trace::Sink<crate::trace::Step> for CountedSteps {
    fn keep(&mut self, _step: crate::trace::Step) {
        self.0 += 1;
    }
}

#[test]
fn the_row_walk_finds_the_cell_walks_pairs_and_counts() {
    // Untraced, `pairs` walks a row by direction, 64 cells a word
    // (`row_walk.rs`); traced, cell by cell. Grids of about 64 columns
    // either way put the words' ends at every kind of place; lone objects,
    // small groups, crowded cells (one at a word's end, one in the last
    // row and column) and oversize boxes meet across them.
    use crate::pair_sink::PairSink;
    use crate::trace::{Maybe, NoTrace};
    let normalised = |pairs: Vec<(u32, u32)>| {
        let mut pairs: Vec<_> = pairs.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
        pairs.sort_unstable();
        pairs
    };
    for (seed, cols) in [(1u64, 10u32), (2, 63), (3, 64), (4, 65), (5, 127), (6, 128), (7, 130), (8, 200)] {
        let mut rng = crate::scene::Rng::new(seed);
        let side = f64::from(cols) * 10.0;
        let world = Aabb::from_xywh(0.0, 0.0, side, 80.0);
        let mut grid = LooseGrid::new(world, 10.0);
        let mut reference = crate::brute_force::BruteForce::new();
        let mut proxy = 0;
        let mut add = |grid: &mut LooseGrid, b: Aabb| {
            grid.insert(proxy, b);
            reference.insert(proxy, b);
            proxy += 1;
        };
        for _ in 0..cols * 4 {
            let (w, h) = (rng.range(1.0, 9.0), rng.range(1.0, 9.0));
            add(&mut grid, Aabb::from_xywh(rng.range(0.0, side - w), rng.range(0.0, 80.0 - h), w, h));
        }
        for _ in 0..cols / 2 {
            let (x, y) = (rng.range(0.0, side - 10.0), rng.range(0.0, 70.0));
            for _ in 0..2 + rng.below(4) {
                add(&mut grid, Aabb::from_xywh(x + rng.range(0.0, 6.0), y + rng.range(0.0, 6.0), 4.0, 4.0));
            }
        }
        let crowd_columns = [63.min(cols - 1), cols - 1];
        for (k, column) in crowd_columns.into_iter().enumerate() {
            let (x, y) = (f64::from(column) * 10.0, if k == 0 { 30.0 } else { 70.0 });
            for _ in 0..70 {
                add(&mut grid, Aabb::from_xywh(x + rng.range(0.0, 8.0), y + rng.range(0.0, 8.0), 2.0, 2.0));
            }
        }
        for _ in 0..3 {
            add(&mut grid, Aabb::from_xywh(rng.range(0.0, side - 30.0), rng.range(0.0, 50.0), 25.0, 25.0));
        }
        grid.validate().unwrap();
        let (mut by_rows, mut by_cells) = (Vec::new(), Vec::new());
        let rows_stats = grid.pairs_traced(&mut PairSink::new(&mut by_rows, usize::MAX), &mut NoTrace);
        let mut steps = CountedSteps(0);
        let cells_stats =
            grid.pairs_traced(&mut PairSink::new(&mut by_cells, usize::MAX), &mut Maybe::to(&mut steps));
        assert!(steps.0 > 0, "seed {seed}: the traced walk took no steps");
        let at = format!("seed {seed}, {} columns", grid.geometry.cols);
        assert_eq!(rows_stats, cells_stats, "{at}: counters");
        let (by_rows, by_cells) = (normalised(by_rows), normalised(by_cells));
        assert_eq!(by_rows, by_cells, "{at}: pairs");
        assert_eq!(by_rows, sorted_pairs(&mut reference), "{at}: brute force");
    }
}
