//! Every structure's ray walk ([`BroadPhase::walk_ray`]) against brute
//! force on seeded scenes built to break it: boxes on cell lines, outside
//! the world, giant, tiny, zero-sized and repeated; rays along cell lines,
//! of zero length, and from ±1e308. A walk must visit every box the exact
//! segment touches (nothing before the clip may be skipped), and a walk
//! that clips at each new best must give brute force's first hit. A
//! failure prints its seed.

use crate::broad_phase::{BroadPhase, RayControl};
use crate::brute_force::BruteForce;
use crate::geometry::Aabb;
use crate::grid::Grid;
use crate::loose_grid::LooseGrid;
use crate::quadtree::{Placement, Quadtree, QuadtreeLimits};
use crate::ray::{first_box_hit, segment_aabb, BoxHit};
use crate::scene::Rng;
use crate::segment::RayPath;

/// The world every scene's structures cover.
const WORLD: Aabb = Aabb { min_x: 0.0, min_y: 0.0, max_x: 400.0, max_y: 300.0 };

fn structures(cell: f64) -> Vec<Box<dyn BroadPhase>> {
    let limits = QuadtreeLimits { max_objects: 4, max_levels: 6 };
    vec![
        Box::new(BruteForce::new()),
        Box::new(Quadtree::new(WORLD, Placement::StraddleInParent, limits)),
        Box::new(Quadtree::new(WORLD, Placement::AllOverlappedLeaves, limits)),
        Box::new(Grid::new(WORLD, cell)),
        Box::new(LooseGrid::new(WORLD, cell)),
    ]
}

/// A coordinate that lands on cell lines (of the grids and the quadtree's
/// quadrants) often.
fn on_lines(rng: &mut Rng, cell: f64, lo: f64, hi: f64) -> f64 {
    match rng.below(3) {
        0 => (rng.range(lo, hi) / cell).round() * cell,
        1 => (rng.range(lo, hi) / 25.0).round() * 25.0,
        _ => rng.range(lo, hi),
    }
}

/// A box of one of the kinds a walk must not lose.
fn random_box(rng: &mut Rng, cell: f64, earlier: &[Aabb]) -> Aabb {
    let (x, y) = (on_lines(rng, cell, -50.0, 450.0), on_lines(rng, cell, -50.0, 350.0));
    match rng.below(10) {
        0 if !earlier.is_empty() => earlier[rng.below(earlier.len() as u32) as usize],
        1 => Aabb::from_xywh(x, y, 0.0, rng.range(0.0, 5.0)),
        2 => Aabb::from_xywh(x, y, 1e-9, 1e-9),
        3 => Aabb::from_xywh(rng.range(-300.0, 300.0), rng.range(-300.0, 300.0), 500.0, 400.0),
        4 => {
            // Far outside the world, where the grids clamp it to a border.
            let far = [-1e6, 1e6, -2e3, 2e3][rng.below(4) as usize];
            if rng.below(2) == 0 {
                Aabb::from_xywh(far, y, rng.range(0.1, 20.0), rng.range(0.1, 20.0))
            } else {
                Aabb::from_xywh(x, far, rng.range(0.1, 20.0), rng.range(0.1, 20.0))
            }
        }
        5 => Aabb::from_xywh(x, y, cell, cell),
        _ => Aabb::from_xywh(x, y, rng.range(0.5, 1.2 * cell), rng.range(0.5, 1.2 * cell)),
    }
}

/// A segment of one of the kinds a walk must not get wrong.
fn random_ray(rng: &mut Rng, cell: f64) -> (f64, f64, f64, f64) {
    let point = |rng: &mut Rng| (on_lines(rng, cell, -80.0, 480.0), on_lines(rng, cell, -80.0, 380.0));
    let ((x0, y0), (x1, y1)) = (point(rng), point(rng));
    match rng.below(9) {
        0 => (x0, y0, x0, y0),
        1 => (x0, y0, x1, y0),
        2 => (x0, y0, x0, y1),
        3 => {
            let huge = [1e308, 1.7e308, 1e15, 3e200][rng.below(4) as usize];
            let s = |rng: &mut Rng| if rng.below(2) == 0 { huge } else { -huge };
            match rng.below(3) {
                0 => (s(rng), y0, s(rng), y1),
                1 => (x0, s(rng), x1, s(rng)),
                _ => (s(rng), s(rng), x1, y1),
            }
        }
        4 => (x0, y0, x0 + 1e-7, y0 - 1e-7),
        _ => (x0, y0, x1, y1),
    }
}

/// Every proxy the walk visits when the visitor never clips.
fn visited_all(s: &mut dyn BroadPhase, ray: &RayPath) -> Vec<u32> {
    let mut seen = Vec::new();
    s.walk_ray(ray, f64::INFINITY, &mut |proxy, _| {
        seen.push(proxy);
        RayControl::Continue
    });
    seen.sort_unstable();
    seen.dedup();
    seen
}

/// The first hit, clipping the walk at each new best's `t` (plus a margin
/// over its rounding, as the World does with its exact bound).
fn first_hit_walked(s: &mut dyn BroadPhase, r: (f64, f64, f64, f64)) -> Option<BoxHit> {
    let ray = RayPath::new(r.0, r.1, r.2, r.3).unwrap();
    let mut found: Vec<(u32, Aabb)> = Vec::new();
    s.walk_ray(&ray, f64::INFINITY, &mut |proxy, aabb| {
        let Some(hit) = segment_aabb(aabb, r.0, r.1, r.2, r.3) else { return RayControl::Continue };
        found.push((proxy, *aabb));
        RayControl::Clip(hit.t + 1e-9)
    });
    first_box_hit(r.0, r.1, r.2, r.3, found)
}

fn check_scene(seed: u64) {
    let mut rng = Rng::new(seed);
    let cell = [10.0, 25.0, 37.5, 100.0][rng.below(4) as usize];
    let mut all = structures(cell);
    let mut boxes: Vec<Aabb> = Vec::new();
    for proxy in 0..rng.below(120) + 1 {
        let b = random_box(&mut rng, cell, &boxes);
        boxes.push(b);
        for s in &mut all {
            s.insert(proxy, b);
        }
    }
    // Some moves, so the walks see updated structures too.
    for _ in 0..boxes.len() / 3 {
        let proxy = rng.below(boxes.len() as u32);
        let b = random_box(&mut rng, cell, &boxes);
        boxes[proxy as usize] = b;
        for s in &mut all {
            s.update(proxy, b);
        }
    }
    for s in &all {
        s.validate().unwrap_or_else(|e| panic!("seed {seed:#x}: {} invalid: {e}", s.name()));
    }
    let candidates: Vec<(u32, Aabb)> = boxes.iter().enumerate().map(|(i, b)| (i as u32, *b)).collect();
    for _ in 0..60 {
        let r = random_ray(&mut rng, cell);
        let ray = RayPath::new(r.0, r.1, r.2, r.3).unwrap();
        let touched: Vec<u32> = candidates
            .iter()
            .filter(|(_, b)| segment_aabb(b, r.0, r.1, r.2, r.3).is_some())
            .map(|&(p, _)| p)
            .collect();
        let expected = first_box_hit(r.0, r.1, r.2, r.3, candidates.iter().copied());
        for s in &mut all {
            let seen = visited_all(s.as_mut(), &ray);
            let missed: Vec<u32> =
                touched.iter().copied().filter(|p| seen.binary_search(p).is_err()).collect();
            assert!(missed.is_empty(), "seed {seed:#x}: {} ray {r:?} missed {missed:?}", s.name());
            let got = first_hit_walked(s.as_mut(), r);
            assert_eq!(got, expected, "seed {seed:#x}: {} ray {r:?}", s.name());
        }
    }
}

#[test]
fn every_structure_walks_to_every_box_a_ray_touches() {
    for k in 0..300 {
        check_scene(0x5EED_3A70_0000 + k);
    }
}

/// The cells a long ray walks stop at the first hit: a walk that clips
/// visits a handful of boxes of a dense world, not the whole diagonal.
#[test]
fn a_clipping_walk_stops_near_the_first_hit() {
    let mut all = structures(10.0);
    let mut proxy = 0;
    for i in 0..40 {
        for j in 0..30 {
            let b = Aabb::from_xywh(f64::from(i) * 10.0 + 2.0, f64::from(j) * 10.0 + 2.0, 6.0, 6.0);
            for s in &mut all {
                s.insert(proxy, b);
            }
            proxy += 1;
        }
    }
    let ray = RayPath::new(1.0, 1.0, 399.0, 299.0).unwrap();
    for s in &mut all {
        let mut visits = 0;
        s.walk_ray(&ray, f64::INFINITY, &mut |_, aabb| {
            visits += 1;
            match segment_aabb(aabb, 1.0, 1.0, 399.0, 299.0) {
                Some(hit) => RayControl::Clip(hit.t),
                None => RayControl::Continue,
            }
        });
        // The straddle quadtree keeps boxes across its midlines in the
        // upper nodes, which every walk visits.
        let most = match s.name() {
            "brute-force" => continue,
            "quadtree" => 60,
            _ => 12,
        };
        assert!(visits <= most, "{}: {visits} boxes visited", s.name());
    }
}

/// `Stop` ends the walk at once; `max_t` bounds it from the start.
#[test]
fn stop_and_max_t_end_the_walk() {
    let mut all = structures(10.0);
    for p in 0..20 {
        let b = Aabb::from_xywh(f64::from(p) * 20.0, 100.0, 5.0, 5.0);
        for s in &mut all {
            s.insert(p, b);
        }
    }
    let ray = RayPath::new(0.0, 102.0, 400.0, 102.0).unwrap();
    for s in &mut all {
        let mut visits = 0;
        s.walk_ray(&ray, f64::INFINITY, &mut |_, _| {
            visits += 1;
            RayControl::Stop
        });
        assert_eq!(visits, 1, "{}", s.name());
        let mut far = Vec::new();
        s.walk_ray(&ray, 0.1, &mut |proxy, _| {
            far.push(proxy);
            RayControl::Continue
        });
        // Boxes 0 and 1 start before t = 0.1 (x = 40); a walk may visit
        // more, but the grids stop within a few cells of it.
        assert!(far.contains(&0) && far.contains(&1), "{}: {far:?}", s.name());
        if s.name() != "brute-force" {
            assert!(far.len() <= 6, "{}: {far:?}", s.name());
        }
    }
}
