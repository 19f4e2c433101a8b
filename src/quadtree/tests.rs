//! Unit tests of the quadtree's mechanics; the differential suite against
//! brute force lives in `tests/differential.rs`.

use super::{Placement, Quadtree, QuadtreeLimits};
use crate::broad_phase::BroadPhase;
use crate::geometry::Aabb;

const WORLD: Aabb = Aabb { min_x: 0.0, min_y: 0.0, max_x: 100.0, max_y: 100.0 };

fn tree(placement: Placement, max_objects: u32, max_levels: u32) -> Quadtree {
    Quadtree::new(WORLD, placement, QuadtreeLimits { max_objects, max_levels })
}

fn node_count(tree: &Quadtree) -> usize {
    let mut n = 0;
    tree.for_each_node(|_| n += 1);
    n
}

fn sorted_pairs(tree: &mut Quadtree) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    tree.pairs(&mut out);
    let mut pairs: Vec<_> = out.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort_unstable();
    pairs
}

/// Every overlapping pair of `boxes` (proxy `k` is `boxes[k]`), sorted.
fn brute_pairs(boxes: &[Aabb]) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for (a, box_a) in boxes.iter().enumerate() {
        for (b, box_b) in boxes.iter().enumerate().skip(a + 1) {
            if box_a.overlaps(box_b) {
                pairs.push((a as u32, b as u32));
            }
        }
    }
    pairs
}

/// `b` moved by `(dx, dy)`.
fn moved(b: &Aabb, dx: f64, dy: f64) -> Aabb {
    Aabb { min_x: b.min_x + dx, min_y: b.min_y + dy, max_x: b.max_x + dx, max_y: b.max_y + dy }
}

#[test]
fn splits_past_max_objects_and_collapses_back() {
    for placement in [Placement::StraddleInParent, Placement::AllOverlappedLeaves] {
        let mut t = tree(placement, 2, 4);
        for (i, (x, y)) in [(10.0, 10.0), (60.0, 10.0), (10.0, 60.0)].into_iter().enumerate() {
            t.insert(i as u32, Aabb::from_xywh(x, y, 5.0, 5.0));
            t.validate().unwrap();
        }
        assert_eq!(node_count(&t), 5, "{placement:?}: root + four children after the third insert");
        t.remove(2);
        t.validate().unwrap();
        assert_eq!(node_count(&t), 1, "{placement:?}: back to a single leaf");
    }
}

#[test]
fn a_straddle_proxys_node_follows_its_item_and_validate_catches_a_stale_one() {
    let mut t = tree(Placement::StraddleInParent, 2, 4);
    // Three boxes in three quadrants split the root; the third's removal
    // collapses it back; a move across the vertical midline re-files.
    for (i, (x, y)) in [(10.0, 10.0), (60.0, 10.0), (10.0, 60.0)].into_iter().enumerate() {
        t.insert(i as u32, Aabb::from_xywh(x, y, 5.0, 5.0));
        t.validate().unwrap();
    }
    t.update(0, Aabb::from_xywh(48.0, 10.0, 5.0, 5.0));
    t.validate().unwrap();
    assert_eq!(t.proxy_node[0], super::tree::ROOT, "a box across the midline is filed in the root");
    assert_ne!(t.proxy_node[1], super::tree::ROOT, "a box inside a quadrant is filed below");
    t.remove(2);
    t.validate().unwrap();
    t.proxy_node[1] = t.proxy_node[1].wrapping_add(1);
    assert!(t.validate().is_err(), "a node record that is not the item's node is caught");
    // The leaves policy keeps no such record.
    let mut leaves = tree(Placement::AllOverlappedLeaves, 2, 4);
    leaves.insert(0, Aabb::from_xywh(10.0, 10.0, 5.0, 5.0));
    assert!(leaves.proxy_node.is_empty());
}

#[test]
fn box_touching_a_midline_goes_down_not_up() {
    // One source article compared with strict `<`, leaving such boxes in the parent.
    let mut t = tree(Placement::StraddleInParent, 1, 4);
    t.insert(0, Aabb::from_xywh(40.0, 40.0, 10.0, 10.0)); // max corner on the midlines
    t.insert(1, Aabb::from_xywh(50.0, 50.0, 10.0, 10.0)); // min corner on them
    t.validate().unwrap();
    let mut stored = Vec::new();
    t.nodes_of(0, &mut stored);
    assert_eq!(stored, vec![Aabb { min_x: 0.0, min_y: 0.0, max_x: 50.0, max_y: 50.0 }]);
    assert!(sorted_pairs(&mut t).is_empty(), "touching at a corner is no overlap");
}

#[test]
fn lower_quadrants_use_the_true_midline() {
    // One source article tested the y extent against half the height, not the midline.
    let mut t = tree(Placement::StraddleInParent, 1, 4);
    t.insert(0, Aabb::from_xywh(10.0, 60.0, 5.0, 5.0));
    t.insert(1, Aabb::from_xywh(60.0, 60.0, 5.0, 5.0));
    t.validate().unwrap();
    let mut stored = Vec::new();
    t.nodes_of(1, &mut stored);
    assert_eq!(stored, vec![Aabb { min_x: 50.0, min_y: 50.0, max_x: 100.0, max_y: 100.0 }]);
}

#[test]
fn straddlers_stay_in_the_parent_and_still_pair() {
    let mut t = tree(Placement::StraddleInParent, 1, 4);
    t.insert(0, Aabb::from_xywh(45.0, 45.0, 10.0, 10.0));
    t.insert(1, Aabb::from_xywh(20.0, 20.0, 30.0, 30.0));
    t.insert(2, Aabb::from_xywh(52.0, 52.0, 1.0, 1.0));
    t.validate().unwrap();
    let mut stored = Vec::new();
    t.nodes_of(0, &mut stored);
    assert_eq!(stored, vec![WORLD]);
    assert_eq!(sorted_pairs(&mut t), vec![(0, 1), (0, 2)]);
}

#[test]
fn leaves_policy_reports_a_pair_spanning_four_leaves_once() {
    let mut t = tree(Placement::AllOverlappedLeaves, 1, 3);
    t.insert(0, Aabb::from_xywh(40.0, 40.0, 20.0, 20.0));
    t.insert(1, Aabb::from_xywh(45.0, 45.0, 10.0, 10.0));
    t.insert(2, Aabb::from_xywh(5.0, 5.0, 2.0, 2.0));
    // Straddlers do not count towards a split: two boxes in different
    // quadrants make it.
    t.insert(3, Aabb::from_xywh(80.0, 80.0, 2.0, 2.0));
    t.validate().unwrap();
    let mut stored = Vec::new();
    t.nodes_of(1, &mut stored);
    assert!(stored.len() >= 4, "the small box straddles the centre: {stored:?}");
    assert_eq!(sorted_pairs(&mut t), vec![(0, 1)]);
    let mut hits = Vec::new();
    t.query(Aabb::from_xywh(30.0, 30.0, 40.0, 40.0), &mut hits);
    hits.sort_unstable();
    assert_eq!(hits, vec![0, 1]);
}

#[test]
fn max_levels_bounds_depth_even_for_identical_boxes() {
    for placement in [Placement::StraddleInParent, Placement::AllOverlappedLeaves] {
        let mut t = tree(placement, 1, 3);
        for i in 0..50 {
            t.insert(i, Aabb::from_xywh(1.0, 1.0, 1.0, 1.0));
            t.validate().unwrap();
        }
        let mut deepest = 0;
        t.for_each_node(|n| deepest = deepest.max(n.depth));
        // Both policies split to the depth limit: the boxes fit in one
        // quadrant at every level down to it.
        assert_eq!(deepest, 3, "{placement:?}");
        assert_eq!(sorted_pairs(&mut t).len(), 50 * 49 / 2);
    }
}

/// Identical boxes (or boxes sharing an edge) under the leaves policy, one
/// object a node and 48 levels: once a split along their shared edge went
/// to full depth with ever more leaves and ran out of memory. Items that
/// straddle a midline no longer count towards a split, so the boxes
/// descend only until they straddle one.
#[test]
fn identical_boxes_do_not_split_the_leaves_tree_without_bound() {
    let mut t = tree(Placement::AllOverlappedLeaves, 1, 48);
    for i in 0..200 {
        t.insert(i, Aabb::from_xywh(10.0, 10.0, 1.0, 1.0));
    }
    t.insert(200, Aabb::from_xywh(10.5, 10.5, 1e-9, 1e-9));
    t.validate().unwrap();
    let mut nodes = 0;
    t.for_each_node(|_| nodes += 1);
    assert!(nodes < 2000, "expected a bounded tree, it has {nodes} nodes");
    assert_eq!(sorted_pairs(&mut t).len(), 201 * 200 / 2);
}

/// Two boxes overlapping in a sliver that crosses the leaf from edge to
/// edge (once 19.5 s, 3.76 GB, then a capacity-overflow panic): each
/// split along the sliver copied both into two children, doubling the
/// leaves per level. Items that straddle a leaf's midlines are not counted
/// towards its split, so nothing splits.
#[test]
fn boxes_sharing_a_sliver_do_not_split_the_leaves_tree_without_bound() {
    let world = Aabb { min_x: 0.0, min_y: 0.0, max_x: 800.0, max_y: 600.0 };
    let limits = QuadtreeLimits { max_objects: 1, max_levels: 48 };
    let mut t = Quadtree::new(world, Placement::AllOverlappedLeaves, limits);
    t.insert(0, Aabb::from_xywh(0.0, 0.0, 400.00002, 600.0));
    t.insert(1, Aabb::from_xywh(400.00001, 0.0, 399.0, 600.0));
    t.validate().unwrap();
    assert!(node_count(&t) < 100, "expected a bounded tree, it has {} nodes", node_count(&t));
    assert_eq!(sorted_pairs(&mut t), vec![(0, 1)]);
}

/// Many overlapping small boxes, one object a node: splitting the edges of
/// every overlap to full depth would make a huge tree. It must stay within
/// a small multiple of the object count, and the pairs must be exact.
#[test]
fn overlapping_boxes_with_one_object_a_node_keep_the_tree_small() {
    let mut t = tree(Placement::AllOverlappedLeaves, 1, 48);
    let mut rng = crate::scene::Rng::new(7);
    let boxes: Vec<Aabb> = (0..300)
        .map(|_| {
            Aabb::from_xywh(
                rng.range(0.0, 90.0),
                rng.range(0.0, 90.0),
                rng.range(1.0, 10.0),
                rng.range(1.0, 10.0),
            )
        })
        .collect();
    for (i, aabb) in boxes.iter().enumerate() {
        t.insert(i as u32, *aabb);
    }
    t.validate().unwrap();
    assert!(node_count(&t) < 300 * 40, "expected a bounded tree, it has {} nodes", node_count(&t));
    let mut want = Vec::new();
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            if boxes[i].overlaps(&boxes[j]) {
                want.push((i as u32, j as u32));
            }
        }
    }
    assert_eq!(sorted_pairs(&mut t), want);
}

#[test]
fn boxes_outside_the_world_pair_with_everything_they_touch() {
    for placement in [Placement::StraddleInParent, Placement::AllOverlappedLeaves] {
        let mut t = tree(placement, 1, 4);
        t.insert(0, Aabb::from_xywh(-50.0, -50.0, 20.0, 20.0)); // wholly outside
        t.insert(1, Aabb::from_xywh(-40.0, -40.0, 20.0, 20.0)); // outside, overlaps 0
        t.insert(2, Aabb::from_xywh(95.0, 95.0, 10.0, 10.0)); // partly outside
        t.insert(3, Aabb::from_xywh(99.0, 99.0, 10.0, 10.0)); // overlaps 2 outside the world
        t.insert(4, Aabb::from_xywh(-60.0, -60.0, 200.0, 200.0)); // giant, overlaps all
        t.validate().unwrap();
        let expected = vec![(0, 1), (0, 4), (1, 4), (2, 3), (2, 4), (3, 4)];
        assert_eq!(sorted_pairs(&mut t), expected, "{placement:?}");
    }
}

#[test]
fn updates_that_stay_in_their_node_keep_the_tree_and_others_refile() {
    let mut t = tree(Placement::StraddleInParent, 1, 4);
    t.insert(0, Aabb::from_xywh(10.0, 10.0, 5.0, 5.0));
    t.insert(1, Aabb::from_xywh(70.0, 70.0, 5.0, 5.0));
    t.update(0, Aabb::from_xywh(11.0, 11.0, 5.0, 5.0));
    t.validate().unwrap();
    t.update(0, Aabb::from_xywh(71.0, 71.0, 5.0, 5.0));
    t.validate().unwrap();
    assert_eq!(sorted_pairs(&mut t), vec![(0, 1)]);
}

#[test]
fn set_limits_rebuilds_under_the_new_limits() {
    let mut t = tree(Placement::AllOverlappedLeaves, 1, 6);
    for i in 0..20 {
        t.insert(i, Aabb::from_xywh(i as f64 * 4.0, i as f64 * 4.0, 3.0, 3.0));
    }
    let before = node_count(&t);
    t.set_limits(QuadtreeLimits { max_objects: 20, max_levels: 6 });
    t.validate().unwrap();
    assert!(node_count(&t) == 1 && before > 1);
}

/// A tight cluster of small boxes in one quadrant of a big world (the
/// leaves policy): the tree refines around it rather than keeping every
/// box in one leaf (a rule that skipped splits whose counted items all
/// fell in one quadrant kept all 500 in the root).
#[test]
fn a_tight_cluster_in_one_quadrant_is_refined() {
    let world = Aabb { min_x: 0.0, min_y: 0.0, max_x: 1000.0, max_y: 1000.0 };
    let limits = QuadtreeLimits { max_objects: 4, max_levels: 12 };
    let mut t = Quadtree::new(world, Placement::AllOverlappedLeaves, limits);
    let mut rng = crate::scene::Rng::new(3);
    for i in 0..500 {
        t.insert(i, Aabb::from_xywh(rng.range(10.0, 20.0), rng.range(10.0, 20.0), 0.1, 0.1));
    }
    t.validate().unwrap();
    let mut fullest = 0;
    t.for_each_node(|n| fullest = fullest.max(n.count));
    assert!(fullest < 50, "a leaf holds {fullest} of the 500 clustered boxes");
}

/// A world near `f64::MAX` wide: the midpoint `0.5 × (min + max)` of a
/// right-hand node overflowed to infinity, and nodes (and `storedIn`) had
/// infinite bounds (found by an adversarial pass).
#[test]
fn nodes_of_a_world_near_the_largest_float_are_finite() {
    let world = Aabb { min_x: 0.0, min_y: 0.0, max_x: f64::MAX, max_y: f64::MAX };
    for placement in [Placement::StraddleInParent, Placement::AllOverlappedLeaves] {
        let mut t = Quadtree::new(world, placement, QuadtreeLimits { max_objects: 1, max_levels: 8 });
        let mut id = 0;
        for k in 1..=6u32 {
            let at = f64::MAX - f64::MAX / f64::from(1 << k);
            t.insert(id, Aabb::from_xywh(at, at, 1e300, 1e300));
            t.insert(id + 1, Aabb::from_xywh(at, 0.0, 1e300, 1e300));
            id += 2;
        }
        let mut nodes = 0;
        t.for_each_node(|n| {
            nodes += 1;
            let b = n.bounds;
            assert!(
                [b.min_x, b.min_y, b.max_x, b.max_y, b.max_x - b.min_x, b.max_y - b.min_y]
                    .iter()
                    .all(|v| v.is_finite()),
                "{placement:?}: {b:?}"
            );
        });
        assert!(nodes > 4, "{placement:?}: the tree split");
        t.validate().unwrap();
    }
}

/// Seeded random runs of the frame-to-frame work on the flat storage:
/// small moves that mostly stay in their node, jumps, inserts, removals and
/// renamings in space order (each rewrites the arrays), with `validate()`
/// after every mutation and pairs and queries against a scan of all boxes.
/// Enough objects that ranges overflow, move and leave holes that trigger
/// rewrites. Replay one case with `BROADPHASE_SEED=<seed>`.
#[test]
fn moving_objects_keep_every_invariant_and_exact_answers() {
    let seeds: Vec<u64> = match std::env::var("BROADPHASE_SEED").ok().and_then(|s| s.parse().ok()) {
        Some(seed) => vec![seed],
        None => (0..12).collect(),
    };
    let mut hole_rewrites = 0;
    for &seed in &seeds {
        hole_rewrites += moving_objects_case(seed);
    }
    assert!(seeds.len() == 1 || hole_rewrites > 0, "holes never made the arrays be rewritten");
}

/// Runs one case; returns how many times holes made the arrays be rewritten.
fn moving_objects_case(seed: u64) -> u32 {
    let mut rng = crate::scene::Rng::new(seed);
    let placement = if seed % 2 == 0 { Placement::StraddleInParent } else { Placement::AllOverlappedLeaves };
    let limits = QuadtreeLimits { max_objects: 1 + rng.below(8), max_levels: rng.below(9) };
    let side = 200.0;
    let world = Aabb::from_xywh(0.0, 0.0, side, side);
    let mut t = Quadtree::new(world, placement, limits);
    // boxes[p] is proxy p's box, or None when absent.
    let mut boxes: Vec<Option<Aabb>> = Vec::new();
    let random_box = |rng: &mut crate::scene::Rng| {
        let (w, h) = (rng.range(0.5, 12.0), rng.range(0.5, 12.0));
        // A few boxes poke out of the world.
        Aabb::from_xywh(rng.range(-5.0, side - w + 5.0), rng.range(-5.0, side - h + 5.0), w, h)
    };
    for p in 0..250 {
        let b = random_box(&mut rng);
        t.insert(p, b);
        boxes.push(Some(b));
    }
    t.validate().unwrap_or_else(|e| panic!("seed {seed}: after the inserts: {e}"));
    let mut rewrites = 0;
    let mut hole_rewrites = 0;
    for op in 0..800 {
        let context = format!("seed {seed} ({placement:?}, {limits:?}), op {op}");
        let live: Vec<u32> = (0..boxes.len() as u32).filter(|&p| boxes[p as usize].is_some()).collect();
        // Renamings rewrite the arrays too: rare, so holes pile up between.
        let what = if op % 300 == 299 { 94 } else { rng.below(100) };
        let holes_before = t.holes;
        match what {
            0..=69 if !live.is_empty() => {
                // A frame's worth of motion for a few objects.
                for _ in 0..live.len() / 25 + 1 {
                    let p = live[rng.below(live.len() as u32) as usize];
                    let b = boxes[p as usize].unwrap();
                    let (dx, dy) = (rng.range(-1.5, 1.5), rng.range(-1.5, 1.5));
                    let moved = Aabb::from_xywh(b.min_x + dx, b.min_y + dy, b.width(), b.height());
                    t.update(p, moved);
                    boxes[p as usize] = Some(moved);
                    t.validate().unwrap_or_else(|e| panic!("{context}: after moving {p}: {e}"));
                }
            }
            70..=77 if !live.is_empty() => {
                // Jumps anywhere: ranges fill up, move and leave holes.
                for _ in 0..10 {
                    let p = live[rng.below(live.len() as u32) as usize];
                    let b = random_box(&mut rng);
                    t.update(p, b);
                    boxes[p as usize] = Some(b);
                    t.validate().unwrap_or_else(|e| panic!("{context}: after moving {p} far: {e}"));
                }
            }
            78..=85 => {
                let p = match (0..boxes.len()).find(|&p| boxes[p].is_none()) {
                    Some(free) => free as u32,
                    None => {
                        boxes.push(None);
                        (boxes.len() - 1) as u32
                    }
                };
                let b = random_box(&mut rng);
                t.insert(p, b);
                boxes[p as usize] = Some(b);
            }
            86..=93 if !live.is_empty() => {
                let p = live[rng.below(live.len() as u32) as usize];
                t.remove(p);
                boxes[p as usize] = None;
            }
            94 if op % 300 == 299 => {
                // Renamed in the tree's own space order, as the World does.
                let mut order = Vec::new();
                assert!(t.space_order(&mut order));
                let mut sorted = order.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, live, "{context}: space order lists every proxy once");
                let mut new_of_old = vec![u32::MAX; boxes.len()];
                for (new, &old) in order.iter().enumerate() {
                    new_of_old[old as usize] = new as u32;
                }
                t.relabel(&new_of_old, &order);
                boxes = order.iter().map(|&old| boxes[old as usize]).collect();
                rewrites += 1;
            }
            _ => {
                let area = random_box(&mut rng);
                let mut got = Vec::new();
                t.query(area, &mut got);
                got.sort_unstable();
                let want: Vec<u32> =
                    live.iter().copied().filter(|&p| boxes[p as usize].unwrap().overlaps(&area)).collect();
                assert_eq!(got, want, "{context}: query {area:?}");
            }
        }
        t.validate().unwrap_or_else(|e| panic!("{context}: after op {what}: {e}"));
        if what != 94 && holes_before > 0 && t.holes == 0 {
            hole_rewrites += 1;
        }
        if op % 50 == 49 {
            let mut want = Vec::new();
            for (i, a) in boxes.iter().enumerate() {
                for (j, b) in boxes.iter().enumerate().skip(i + 1) {
                    if let (Some(a), Some(b)) = (a, b) {
                        if a.overlaps(b) {
                            want.push((i as u32, j as u32));
                        }
                    }
                }
            }
            assert_eq!(sorted_pairs(&mut t), want, "{context}: pairs");
        }
    }
    assert!(rewrites > 0, "seed {seed}: the run renamed nothing");
    eprintln!(
        "seed {seed}: {hole_rewrites} rewrites for holes, {} holes of {} {} nodes",
        t.holes,
        t.items.len(),
        t.nodes.len()
    );
    hole_rewrites
}

/// `spreads_in` counts the quadrants a box reaches axis by axis; it must
/// agree with testing the four quadrants' bounds, edges and slivers
/// included (boxes on a midline, on the far edge, of zero width).
#[test]
fn spreads_in_agrees_with_testing_each_quadrant() {
    use super::tree::{quadrant_bounds, spreads_in};
    let leaf = Aabb { min_x: 0.0, min_y: 0.0, max_x: 8.0, max_y: 8.0 };
    let at = [-1.0, 0.0, 1.0, 4.0, 4.0f64.next_up(), 7.0, 8.0, 9.0];
    for &x0 in &at {
        for &x1 in at.iter().filter(|&&x1| x1 >= x0) {
            for &y0 in &at {
                for &y1 in at.iter().filter(|&&y1| y1 >= y0) {
                    let aabb = Aabb { min_x: x0, min_y: y0, max_x: x1, max_y: y1 };
                    let reached = quadrant_bounds(&leaf).iter().filter(|q| aabb.reaches(q)).count();
                    assert_eq!(spreads_in(&leaf, &aabb), reached == 1, "{aabb:?} reaches {reached}");
                }
            }
        }
    }
}

/// The straddle policy pairs a crowded node by sweeps over its run kept in
/// order: chains of boxes along both midlines of the root (filed far out of
/// order, so the first sort is the outright one), boxes that only touch a
/// midline, boxes of no width or height on it, and scattered boxes; the
/// pairs equal brute force after every frame of small moves, and the run
/// stays in order.
#[test]
fn crowded_nodes_pair_by_sweeps_like_brute_force() {
    for seed in 0..6 {
        let mut rng = crate::scene::Rng::new(seed);
        let mut t = tree(Placement::StraddleInParent, 1 + rng.below(4), 2 + rng.below(5));
        let mut boxes = Vec::new();
        for k in (0..120).rev() {
            let y = f64::from(k) * 0.8;
            let x = 50.0 - rng.range(0.0, 3.0);
            boxes.push(Aabb::from_xywh(x, y, rng.range(0.0, 6.0), rng.range(0.0, 3.0)));
            boxes.push(Aabb::from_xywh(
                y,
                50.0 - rng.range(0.0, 3.0),
                rng.range(0.0, 3.0),
                rng.range(0.0, 6.0),
            ));
        }
        for _ in 0..10 {
            // Touching the midline from either side, and lying on it.
            let y = rng.range(0.0, 99.0);
            boxes.push(Aabb { min_x: 48.0, min_y: y, max_x: 50.0, max_y: y + 1.0 });
            boxes.push(Aabb { min_x: 50.0, min_y: y, max_x: 52.0, max_y: y + 1.0 });
            boxes.push(Aabb { min_x: 50.0, min_y: y, max_x: 50.0, max_y: y + 2.0 });
            boxes.push(Aabb { min_x: 49.0, min_y: y, max_x: 51.0, max_y: y });
        }
        for _ in 0..100 {
            boxes.push(Aabb::from_xywh(
                rng.range(-2.0, 98.0),
                rng.range(-2.0, 98.0),
                rng.range(0.0, 5.0),
                rng.range(0.0, 5.0),
            ));
        }
        for (p, b) in boxes.iter().enumerate() {
            t.insert(p as u32, *b);
        }
        for frame in 0..20 {
            let context = format!("seed {seed}, frame {frame}");
            assert_eq!(sorted_pairs(&mut t), brute_pairs(&boxes), "{context}");
            t.validate().unwrap_or_else(|e| panic!("{context}: {e}"));
            let root = t.nodes[super::tree::ROOT as usize];
            assert!(super::node_pairs::keeps_run_sorted(&root), "{context}: the root is crowded");
            let mid_x = (root.bounds.min_x + root.bounds.max_x) / 2.0;
            let keys: Vec<_> = t.items.boxes[root.items()]
                .iter()
                .map(|b| if b.min_x < mid_x && mid_x < b.max_x { (0, b.min_y) } else { (1, b.min_x) })
                .collect();
            assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{context}: the root's run is out of order");
            for (p, b) in boxes.iter_mut().enumerate() {
                if rng.below(3) == 0 {
                    *b = moved(b, rng.range(-0.7, 0.7), rng.range(-0.7, 0.7));
                    t.update(p as u32, *b);
                }
            }
        }
    }
}

/// Scenes dense enough that the pair buffer fills in the middle of a
/// node's loops, at every count of items a small node or leaf may hold,
/// and a leaf's candidates are filtered by the box holding its items:
/// both placements, against brute force, after every update.
#[test]
fn dense_runs_and_filtered_candidates_pair_like_brute_force() {
    for seed in 0..16 {
        let mut rng = crate::scene::Rng::new(seed);
        let placement =
            if seed % 2 == 0 { Placement::StraddleInParent } else { Placement::AllOverlappedLeaves };
        let max_objects = [4, 16, 40, 63, 64][seed as usize % 5];
        let mut t = tree(placement, max_objects, 6);
        let count = 150 + rng.below(250) as usize;
        let size = rng.range(2.0, 14.0);
        let mut boxes: Vec<Aabb> = (0..count)
            .map(|_| {
                let (x, y) = (rng.range(-2.0, 100.0), rng.range(-2.0, 100.0));
                Aabb::from_xywh(x, y, rng.range(0.0, size), rng.range(0.0, size))
            })
            .collect();
        // Clusters of identical boxes, every test a pair: a node's loops
        // fill the buffer to the last place, and a sweep of a crowded
        // inner node (boxes across the midlines) offers after them.
        for k in 2..14 {
            let (x, y) = (rng.range(0.0, 95.0), rng.range(0.0, 95.0));
            boxes.extend(std::iter::repeat_n(Aabb::from_xywh(x, y, 1.0, 1.0), k));
            boxes.push(Aabb::from_xywh(rng.range(40.0, 49.0), y, 2.0 + f64::from(k as u32), 1.0));
        }
        for (p, b) in boxes.iter().enumerate() {
            t.insert(p as u32, *b);
        }
        for frame in 0..8 {
            let context = format!("seed {seed}, {placement:?}, frame {frame}");
            assert_eq!(sorted_pairs(&mut t), brute_pairs(&boxes), "{context}");
            for (p, b) in boxes.iter_mut().enumerate() {
                if rng.below(2) == 0 {
                    *b = moved(b, rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
                    t.update(p as u32, *b);
                    t.validate().unwrap_or_else(|e| panic!("{context}: {e}"));
                }
            }
        }
    }
}

/// The quick check for two leaves (`tiled_pair`) accepts only pairs the
/// general count (`tiled_block`) accepts too, with the same rectangle, and
/// it does accept some, on seeded leaves trees whose boxes move; the tree
/// stays valid after every update.
#[test]
fn two_leaf_blocks_are_told_as_the_general_count_tells_them() {
    use crate::index::NULL_INDEX;
    let mut accepted = 0;
    for seed in 0..8u64 {
        let mut rng = crate::scene::Rng::new(seed);
        let side = [200.0, 3e7, 1.0, 200.0][seed as usize % 4];
        let world = Aabb::from_xywh(0.0, 0.0, side, side);
        let limits = QuadtreeLimits { max_objects: 1 + rng.below(6), max_levels: 3 + rng.below(8) };
        let mut t = Quadtree::new(world, Placement::AllOverlappedLeaves, limits);
        let size = side / 40.0;
        let mut boxes = Vec::new();
        for p in 0..100 {
            let b = Aabb::from_xywh(rng.range(0.0, side - size), rng.range(0.0, side - size), size, size);
            t.insert(p, b);
            boxes.push(b);
        }
        for _ in 0..8 {
            for p in 0..100u32 {
                let b = &mut boxes[p as usize];
                let (dx, dy) = (rng.range(-size, size) / 4.0, rng.range(-size, size) / 4.0);
                *b = moved(b, dx, dy);
                t.update(p, *b);
                t.validate().unwrap_or_else(|e| panic!("seed {seed}, proxy {p}: {e}"));
            }
            for p in 0..100u32 {
                let first = t.first_item[p as usize];
                if first == NULL_INDEX {
                    continue;
                }
                if let Some(union) = t.tiled_pair(first) {
                    assert_eq!(t.tiled_block(first), Some(union), "seed {seed}, proxy {p}");
                    accepted += 1;
                }
            }
        }
    }
    assert!(accepted > 0, "no proxy was ever held by two tiling leaves");
}

/// The everyday walk for the leaves a box reaches (it reads only reached
/// nodes, and tells a child's reach by the parent's midlines) finds the
/// leaves the traced walk finds (every node tested by `Aabb::reaches`), in
/// the same order, from the root and from the node `reach_container`
/// picks, for boxes of every size, on edges and midlines and off them, on
/// seeded trees of several depths.
#[test]
fn the_quiet_walk_finds_the_leaves_the_traced_walk_finds() {
    use crate::trace::{Step, Tracer};
    struct Counting(usize);
    impl Tracer<Step> for Counting {
        fn on(&self) -> bool {
            true
        }
        fn note(&mut self, _make: impl FnOnce() -> Step) {
            self.0 += 1;
        }
    }
    let mut compared = 0;
    for seed in 0..6u64 {
        let mut rng = crate::scene::Rng::new(seed);
        let side = [100.0, 3e7, 1.0][seed as usize % 3];
        let world = Aabb::from_xywh(0.0, 0.0, side, side);
        let limits = QuadtreeLimits { max_objects: 1 + rng.below(4), max_levels: 2 + rng.below(9) };
        let mut t = Quadtree::new(world, Placement::AllOverlappedLeaves, limits);
        for p in 0..200 {
            let size = side * [0.001, 0.02, 0.3][p as usize % 3];
            t.insert(
                p,
                Aabb::from_xywh(rng.range(0.0, side - size), rng.range(0.0, side - size), size, size),
            );
        }
        t.validate().unwrap();
        let mut leaves = Vec::new();
        t.for_each_node(|n| {
            if n.is_leaf {
                leaves.push(n.bounds);
            }
        });
        for k in 0..400 {
            // Boxes whose edges sit on leaf edges (and so on midlines), and
            // boxes anywhere; some of zero width or height.
            let (x, y) = if k % 2 == 0 {
                let b = leaves[rng.below(leaves.len() as u32) as usize];
                ([b.min_x, b.max_x][k % 4 / 2], [b.min_y, b.max_y][k % 8 / 4])
            } else {
                (rng.range(0.0, side), rng.range(0.0, side))
            };
            let (w, h) = (side * rng.range(0.0, 0.2) * f64::from(k % 5 != 0), side * rng.range(0.0, 0.2));
            let aabb = Aabb::from_xywh(x, y, w.min(side - x), h.min(side - y));
            if !t.holds_inside(&aabb) {
                continue;
            }
            for from in [ROOT_NODE, t.reach_container(t.items.node[t.first_item[k % 200] as usize], &aabb)] {
                let (mut quiet, mut traced) = (Vec::new(), Vec::new());
                t.collect_reached_leaves(from, &aabb, &mut quiet, &mut crate::trace::NoTrace);
                let mut on = Counting(0);
                t.collect_reached_leaves(from, &aabb, &mut traced, &mut on);
                assert!(on.0 > 0);
                assert_eq!(quiet, traced, "seed {seed}, box {aabb:?} from node {from}");
                compared += 1;
            }
        }
    }
    assert!(compared > 1000, "only {compared} walks compared");
}

const ROOT_NODE: u32 = 0;
