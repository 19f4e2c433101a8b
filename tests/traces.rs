//! Every trace is what the structure did: seeded teaching scenes are built
//! one traced call at a time, and after each call the trace is checked
//! against what the World says independently of it — the quadtree's own
//! nodes, `storedIn`, `searchedIn`, `query()`, brute force over the boxes,
//! `edge()`, `pushOut()`, `order()`. A failure names its seed; replay one
//! with `BROADPHASE_SEED=<seed> cargo test --test traces`.

use std::collections::{BTreeMap, BTreeSet};

use broadphase::scene::Rng;
use broadphase::tile_grid::{Door, EdgeState, Side, TileGrid, TileShape};
use broadphase::trace::{Step, TraceKind as K, TraceReason as R, MAX_TRACE_STEPS};
use broadphase::{Aabb, World};

const WORLD: f64 = 256.0;

/// The seeds to run: `BROADPHASE_SEED` alone, or `count` from `first`.
fn seeds(first: u64, count: u64) -> Vec<u64> {
    match std::env::var("BROADPHASE_SEED") {
        Ok(seed) => vec![seed.parse().expect("BROADPHASE_SEED is a number")],
        Err(_) => (first..first + count).collect(),
    }
}

/// Runs `case` for each seed, naming the seed of a failure.
fn for_seeds(first: u64, count: u64, case: impl Fn(u64)) {
    for seed in seeds(first, count) {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| case(seed)));
        if let Err(panic) = outcome {
            eprintln!("failed with seed {seed}: replay with BROADPHASE_SEED={seed} cargo test --test traces");
            std::panic::resume_unwind(panic);
        }
    }
}

/// A box of a teaching scene: mostly small, some on midlines, some large,
/// a few outside the world.
fn random_box(rng: &mut Rng) -> [f64; 4] {
    match rng.below(10) {
        0 => {
            // Centred on a midline of some node.
            let level = 1 + rng.below(4);
            let step = WORLD / f64::from(1u32 << level);
            let mid = step * f64::from(1 + 2 * rng.below(1 << (level - 1)));
            let size = rng.range(2.0, 20.0);
            [mid - size / 2.0, rng.range(0.0, WORLD - size), size, size]
        }
        1 => [
            rng.range(0.0, WORLD / 2.0),
            rng.range(0.0, WORLD / 2.0),
            rng.range(40.0, 120.0),
            rng.range(40.0, 120.0),
        ],
        2 => [rng.range(-40.0, WORLD), rng.range(-40.0, WORLD), rng.range(10.0, 60.0), rng.range(10.0, 60.0)],
        _ => {
            let (w, h) = (rng.range(2.0, 16.0), rng.range(2.0, 16.0));
            [rng.range(0.0, WORLD - w), rng.range(0.0, WORLD - h), w, h]
        }
    }
}

fn aabb(b: [f64; 4]) -> Aabb {
    Aabb::from_xywh(b[0], b[1], b[2], b[3])
}

/// The (kind, reason) pairs the seeds of one test met, so a test can say
/// it saw every rule at work rather than pass on scenes that never split.
#[derive(Default)]
struct Seen(std::sync::Mutex<BTreeSet<(u8, u8)>>);

impl Seen {
    fn note(&self, kind: K, reason: R) {
        self.0.lock().unwrap().insert((kind as u8, reason as u8));
    }

    fn all(&self, steps: &[Step]) {
        for s in steps {
            self.note(s.kind, s.reason);
        }
    }

    fn assert_met(&self, wanted: &[(K, R)]) {
        let seen = self.0.lock().unwrap();
        for &(kind, reason) in wanted {
            assert!(seen.contains(&(kind as u8, reason as u8)), "no seed met {kind:?} / {reason:?}");
        }
    }
}

fn of_kind(steps: &[Step], kind: K) -> impl Iterator<Item = &Step> {
    steps.iter().filter(move |s| s.kind == kind)
}

// ---- The quadtree, both placements ----

/// A node as the trace and `for_each_node` show it: its bounds (bits) and depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct NodeKey([u64; 4], u32);

impl NodeKey {
    fn of(bounds: Aabb, depth: u32) -> NodeKey {
        NodeKey([bounds.min_x, bounds.min_y, bounds.max_x, bounds.max_y].map(f64::to_bits), depth)
    }

    fn bounds(self) -> Aabb {
        let [a, b, c, d] = self.0.map(f64::from_bits);
        Aabb { min_x: a, min_y: b, max_x: c, max_y: d }
    }

    fn of_step(step: &Step) -> NodeKey {
        NodeKey::of(step.rect.expect("a node step has bounds"), step.depth.expect("a node step has a depth"))
    }

    /// Whether `self` lies strictly below `ancestor`.
    fn is_below(self, ancestor: NodeKey) -> bool {
        self.1 > ancestor.1 && ancestor.bounds().contains(&self.bounds())
    }

    /// The four children, split at the midpoint by the tree's formula.
    fn children(self) -> [NodeKey; 4] {
        let b = self.bounds();
        let (mx, my) = (
            broadphase::geometry::midpoint(b.min_x, b.max_x),
            broadphase::geometry::midpoint(b.min_y, b.max_y),
        );
        let d = self.1 + 1;
        [
            NodeKey::of(Aabb { min_x: b.min_x, min_y: b.min_y, max_x: mx, max_y: my }, d),
            NodeKey::of(Aabb { min_x: mx, min_y: b.min_y, max_x: b.max_x, max_y: my }, d),
            NodeKey::of(Aabb { min_x: b.min_x, min_y: my, max_x: mx, max_y: b.max_y }, d),
            NodeKey::of(Aabb { min_x: mx, min_y: my, max_x: b.max_x, max_y: b.max_y }, d),
        ]
    }
}

/// The tree as its traces build it: the nodes in use, and where each object is.
struct TreeModel {
    nodes: BTreeSet<NodeKey>,
    placed: BTreeMap<u32, BTreeSet<NodeKey>>,
    boxes: BTreeMap<u32, Aabb>,
    leaves_policy: bool,
    max_objects: u32,
    max_levels: u32,
}

impl TreeModel {
    fn new(leaves_policy: bool, max_objects: u32, max_levels: u32) -> TreeModel {
        let root = NodeKey::of(Aabb::from_xywh(0.0, 0.0, WORLD, WORLD), 0);
        TreeModel {
            nodes: BTreeSet::from([root]),
            placed: BTreeMap::new(),
            boxes: BTreeMap::new(),
            leaves_policy,
            max_objects,
            max_levels,
        }
    }

    fn is_leaf(&self, node: NodeKey) -> bool {
        !self.nodes.iter().any(|&n| n.1 == node.1 + 1 && n.is_below(node))
    }

    fn objects_in(&self, node: NodeKey) -> Vec<u32> {
        self.placed.iter().filter(|(_, nodes)| nodes.contains(&node)).map(|(&id, _)| id).collect()
    }

    /// Objects of `node` that fit exactly one quadrant (by the leaves
    /// policy's reach rule): what it counts towards a split.
    fn fitting_one_quadrant(&self, node: NodeKey) -> u32 {
        let quadrants = node.children();
        self.objects_in(node)
            .iter()
            .filter(|id| quadrants.iter().filter(|q| self.boxes[id].reaches(&q.bounds())).count() == 1)
            .count() as u32
    }

    /// Applies one traced call's steps, checking each rule as it goes.
    fn apply(&mut self, steps: &[Step]) {
        let mut splitting: Option<NodeKey> = None;
        let mut path: Option<NodeKey> = None;
        let (mut moved, mut stayed, mut copies) = (0, 0, 0);
        let mut expected_split = (0, 0, 0);
        for (i, step) in steps.iter().enumerate() {
            let at = || format!("step {i} {:?}/{:?} of {steps:#?}", step.kind, step.reason);
            if let Some(node) = splitting {
                if !matches!(step.kind, K::MoveDown | K::Stay | K::Copy) {
                    assert_eq!(
                        (moved, stayed, copies),
                        expected_split,
                        "split of {node:?}: moves against its counts"
                    );
                    splitting = None;
                }
            }
            match step.kind {
                K::Insert | K::Update => {
                    let b = step.rect.expect("the box");
                    self.boxes.insert(step.id, b);
                    self.placed.entry(step.id).or_default();
                    path = None;
                }
                K::Remove => {}
                K::Climb => {
                    let node = NodeKey::of_step(step);
                    assert!(!node.bounds().contains(&self.boxes[&step_object(steps)]), "{}", at());
                }
                K::Descend => {
                    let node = NodeKey::of_step(step);
                    assert!(self.nodes.contains(&node) && !self.is_leaf(node), "{}", at());
                    if let Some(entered) = path {
                        assert_eq!(node, entered, "the walk goes on from the quadrant it entered: {}", at());
                    }
                    let (col, row) = step.cell.expect("the quadrant");
                    let quadrant = node.children()[(row * 2 + col) as usize];
                    assert!(quadrant.bounds().contains(&self.boxes[&step_object(steps)]), "{}", at());
                    path = Some(quadrant);
                }
                K::Straddle => {
                    let node = NodeKey::of_step(step);
                    let b = self.boxes[&step_object(steps)];
                    assert_eq!(step.reason, straddle_reason(node.bounds(), b), "{}", at());
                }
                K::File => {
                    let node = NodeKey::of_step(step);
                    assert!(self.nodes.contains(&node), "{}", at());
                    if self.leaves_policy {
                        assert!(
                            self.is_leaf(node) && self.boxes[&step.id].reaches(&node.bounds()),
                            "{}",
                            at()
                        );
                    }
                    assert!(self.placed.get_mut(&step.id).unwrap().insert(node), "{}", at());
                    assert_eq!(step.count as usize, self.objects_in(node).len(), "{}", at());
                    assert_eq!(step.limit, f64::from(self.max_objects), "{}", at());
                }
                K::OutsideList => {
                    assert!(self.leaves_policy, "{}", at());
                    let b = self.boxes[&step.id];
                    let world = Aabb::from_xywh(0.0, 0.0, WORLD, WORLD);
                    let reason = if !world.contains(&b) { R::NotInsideWorld } else { R::MinCornerOnFarEdge };
                    assert_eq!(step.reason, reason, "{}", at());
                }
                K::NoSplit => {
                    let node = NodeKey::of_step(step);
                    let count = self.objects_in(node).len() as f64;
                    assert_eq!(step.count, count, "{}", at());
                    match step.reason {
                        R::AlreadySplit => assert!(!self.is_leaf(node), "{}", at()),
                        R::MaxDepth => assert!(
                            node.1 >= self.max_levels && step.limit == f64::from(self.max_levels),
                            "{}",
                            at()
                        ),
                        R::WithinLimit => assert!(count <= f64::from(self.max_objects), "{}", at()),
                        R::StraddlersNotCounted => {
                            assert!(self.leaves_policy && count > f64::from(self.max_objects), "{}", at());
                            let fitting = self.fitting_one_quadrant(node);
                            assert_eq!(step.counted, f64::from(fitting), "{}", at());
                            assert!(fitting <= self.max_objects, "{}", at());
                        }
                        other => panic!("no-split for {other:?}: {}", at()),
                    }
                }
                K::Split => {
                    let node = NodeKey::of_step(step);
                    assert!(self.is_leaf(node) && node.1 < self.max_levels, "{}", at());
                    let count = self.objects_in(node).len() as u32;
                    assert_eq!(step.count, f64::from(count), "{}", at());
                    assert!(count > self.max_objects, "{}", at());
                    if self.leaves_policy {
                        let fitting = self.fitting_one_quadrant(node);
                        assert_eq!(step.counted, f64::from(fitting), "{}", at());
                        assert!(
                            fitting > self.max_objects,
                            "the leaves policy counts only boxes in one quadrant: {}",
                            at()
                        );
                        expected_split = (0, 0, step.moved);
                    } else {
                        assert_eq!(step.moved + step.stayed, count, "{}", at());
                        expected_split = (step.moved, step.stayed, 0);
                    }
                    self.nodes.extend(node.children());
                    splitting = Some(node);
                    (moved, stayed, copies) = (0, 0, 0);
                }
                K::MoveDown | K::Copy => {
                    let node = splitting.expect("a move inside a split");
                    let child = NodeKey::of_step(step);
                    let (col, row) = step.cell.expect("the quadrant");
                    assert_eq!(child, node.children()[(row * 2 + col) as usize], "{}", at());
                    let b = self.boxes[&step.id];
                    let places = self.placed.get_mut(&step.id).unwrap();
                    places.remove(&node);
                    places.insert(child);
                    if step.kind == K::MoveDown {
                        assert!(child.bounds().contains(&b), "{}", at());
                        moved += 1;
                    } else {
                        assert!(b.reaches(&child.bounds()), "{}", at());
                        copies += 1;
                    }
                }
                K::Stay => {
                    let node = splitting.expect("a stay inside a split");
                    assert_eq!(step.reason, straddle_reason(node.bounds(), self.boxes[&step.id]), "{}", at());
                    stayed += 1;
                }
                K::TakeOut => {
                    if step.reason != R::StillOutside {
                        let node = NodeKey::of_step(step);
                        assert!(self.placed.get_mut(&step.id).unwrap().remove(&node), "{}", at());
                        assert_eq!(step.count as usize, self.objects_in(node).len(), "{}", at());
                    }
                }
                K::Collapse => {
                    let node = NodeKey::of_step(step);
                    assert!(!self.is_leaf(node), "{}", at());
                    let below: Vec<NodeKey> =
                        self.nodes.iter().copied().filter(|n| n.is_below(node)).collect();
                    let items: usize = self
                        .placed
                        .values()
                        .map(|nodes| nodes.iter().filter(|&&n| n == node || below.contains(&n)).count())
                        .sum();
                    assert_eq!(step.count as usize, items, "the subtree's items: {}", at());
                    assert!(step.count <= f64::from(self.max_objects), "{}", at());
                    for n in &below {
                        self.nodes.remove(n);
                    }
                    let mut gathered = 0;
                    for nodes in self.placed.values_mut() {
                        let before = nodes.len();
                        nodes.retain(|n| *n != node && !below.contains(n));
                        if nodes.len() < before {
                            nodes.insert(node);
                            gathered += 1;
                        }
                    }
                    assert_eq!(step.counted as usize, gathered, "objects kept once: {}", at());
                }
                K::KeepSplit => {
                    let node = NodeKey::of_step(step);
                    assert!(!self.is_leaf(node), "{}", at());
                    assert!(step.count > f64::from(self.max_objects), "{}", at());
                }
                K::Visit | K::Stays => {}
                other => panic!("unexpected {other:?}: {}", at()),
            }
        }
        if splitting.is_some() {
            assert_eq!((moved, stayed, copies), expected_split, "the last split's moves against its counts");
        }
    }

    /// The model against the World's own view of the tree.
    fn check(&self, world: &World) {
        let mut nodes = BTreeSet::new();
        world.quadtree().unwrap().for_each_node(|n| {
            nodes.insert(NodeKey::of(n.bounds, n.depth));
        });
        assert_eq!(self.nodes, nodes, "the nodes the traces built against quadtreeNodes");
        for (&id, places) in &self.placed {
            let mut stored: Vec<Aabb> = world.stored_in(id).unwrap();
            let mut modelled: Vec<Aabb> = places.iter().map(|n| n.bounds()).collect();
            let key = |b: &Aabb| [b.min_x, b.min_y, b.max_x, b.max_y].map(f64::to_bits);
            stored.sort_by_key(key);
            modelled.sort_by_key(key);
            assert_eq!(modelled, stored, "object {id}: the traces put it here, storedIn says there");
        }
    }
}

/// The object an insert, update or remove trace is about: its first step's.
fn step_object(steps: &[Step]) -> u32 {
    steps[0].id
}

/// Why a box does not fit one quadrant of `node`, worked out here.
fn straddle_reason(node: Aabb, b: Aabb) -> R {
    if !node.contains(&b) {
        return R::NotInsideNode;
    }
    let mx = broadphase::geometry::midpoint(node.min_x, node.max_x);
    let my = broadphase::geometry::midpoint(node.min_y, node.max_y);
    let across_x = b.min_x < mx && mx < b.max_x;
    let across_y = b.min_y < my && my < b.max_y;
    match (across_x, across_y) {
        (true, true) => R::CrossesBothMidlines,
        (true, false) => R::CrossesVerticalMidline,
        (false, true) => R::CrossesHorizontalMidline,
        (false, false) => panic!("{b:?} fits a quadrant of {node:?}"),
    }
}

/// The ids of the boxes overlapping `area`, by brute force.
fn brute_query(boxes: &BTreeMap<u32, Aabb>, area: &Aabb) -> Vec<u32> {
    boxes.iter().filter(|(_, b)| b.overlaps(area)).map(|(&id, _)| id).collect()
}

/// A query trace against `query()` and brute force.
fn check_query(world: &mut World, boxes: &BTreeMap<u32, Aabb>, id: u32) {
    let steps = world.trace_query(id).unwrap();
    assert_eq!((steps[0].kind, steps[0].id), (K::Query, id));
    let area = boxes[&id];
    let mut hits: Vec<u32> = Vec::new();
    for c in of_kind(&steps, K::Candidate) {
        assert_eq!(c.id, id);
        let b = boxes[&c.other];
        assert_eq!(c.rect, Some(b), "a candidate's box");
        let overlaps = b.overlaps(&area);
        match c.reason {
            R::Overlaps => {
                assert!(overlaps, "candidate {} said to overlap", c.other);
                hits.push(c.other);
            }
            R::Misses => assert!(!overlaps, "candidate {} said to miss", c.other),
            R::ReportedElsewhere => assert!(overlaps),
            // A grid cell that is not the overlap corner's: passed over here.
            R::NotCornerCell => {}
            other => panic!("candidate for {other:?}"),
        }
    }
    hits.sort_unstable();
    let found = world.query(area.min_x, area.min_y, area.width(), area.height()).unwrap().to_vec();
    assert_eq!(hits, found, "the trace's hits against query()");
    assert_eq!(hits, brute_query(boxes, &area), "the trace's hits against brute force");
    let done = steps.last().unwrap();
    assert_eq!(done.kind, K::Done);
    assert_eq!(done.count as usize, of_kind(&steps, K::Candidate).count(), "candidates tested");
    assert_eq!(done.count, world.query_stats().candidate_tests as f64, "tests against query()'s own count");
    assert_eq!(done.counted as usize, found.len());
    assert_eq!(done.limit as usize, boxes.len() - 1, "n - 1");
}

fn quadtree_scene(seed: u64, leaves: bool, max_objects: u32, max_levels: u32, seen: &Seen) {
    let mut rng = Rng::new(seed);
    let mut world = World::new(WORLD, WORLD).unwrap();
    world.set_structure(if leaves { "quadtree-leaves" } else { "quadtree" }).unwrap();
    world.set_quadtree_limits(max_objects, max_levels).unwrap();
    let mut model = TreeModel::new(leaves, max_objects, max_levels);
    let count = 10 + rng.below(21);
    for _ in 0..count {
        let b = random_box(&mut rng);
        let (id, steps) = world.trace_insert(b[0], b[1], b[2], b[3]).unwrap();
        assert_eq!((steps[0].kind, steps[0].id, steps[0].rect), (K::Insert, id, Some(aabb(b))));
        seen.all(&steps);
        model.apply(&steps);
        model.check(&world);
        world.validate().unwrap();
    }
    for _ in 0..count / 2 {
        let ids: Vec<u32> = model.boxes.keys().copied().collect();
        let id = ids[rng.below(ids.len() as u32) as usize];
        match rng.below(3) {
            0 => {
                let steps = world.trace_remove(id).unwrap();
                assert_eq!((steps[0].kind, steps[0].id), (K::Remove, id));
                seen.all(&steps);
                model.apply(&steps);
                assert!(model.placed[&id].is_empty(), "a removed object is nowhere");
                model.placed.remove(&id);
                model.boxes.remove(&id);
            }
            1 => {
                let b = random_box(&mut rng);
                let steps = world.trace_update(id, b[0], b[1], b[2], b[3]).unwrap();
                seen.all(&steps);
                model.apply(&steps);
            }
            _ => {
                // A small move: usually it stays where it is filed.
                let b = model.boxes[&id];
                let (dx, dy) = (rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
                let steps =
                    world.trace_update(id, b.min_x + dx, b.min_y + dy, b.width(), b.height()).unwrap();
                model.apply(&steps);
            }
        }
        model.check(&world);
        world.validate().unwrap();
    }
    for &id in model.boxes.keys().take(6) {
        check_query(&mut world, &model.boxes, id);
    }
}

#[test]
fn quadtree_builds_as_its_traces_say_with_the_tutorials_limits() {
    for leaves in [false, true] {
        let seen = Seen::default();
        for (max_objects, max_levels) in [(4, 5), (10, 5), (1, 5), (5, 5), (1, 8), (2, 0)] {
            for_seeds(1000 + u64::from(max_objects) * 100, 40, |seed| {
                quadtree_scene(seed, leaves, max_objects, max_levels, &seen);
            });
        }
        if std::env::var("BROADPHASE_SEED").is_ok() {
            continue;
        }
        seen.assert_met(&[
            (K::File, R::ReachedLeaf),
            (K::Split, if leaves { R::FittingOverLimit } else { R::OverLimit }),
            (K::NoSplit, R::WithinLimit),
            (K::NoSplit, R::MaxDepth),
            (K::TakeOut, R::None),
            (K::Collapse, R::WithinLimit),
            (K::KeepSplit, R::OverLimit),
        ]);
        if leaves {
            seen.assert_met(&[
                (K::Copy, R::None),
                (K::NoSplit, R::StraddlersNotCounted),
                (K::OutsideList, R::NotInsideWorld),
                (K::Stays, R::StayIntervals),
                (K::Visit, R::NotReached),
            ]);
        } else {
            seen.assert_met(&[
                (K::Descend, R::None),
                (K::Climb, R::None),
                (K::Straddle, R::CrossesVerticalMidline),
                (K::Straddle, R::CrossesHorizontalMidline),
                (K::Straddle, R::CrossesBothMidlines),
                (K::Straddle, R::NotInsideNode),
                (K::File, R::StraddlesMidline),
                (K::File, R::OutsideWorld),
                (K::MoveDown, R::None),
                (K::Stay, R::CrossesBothMidlines),
                (K::NoSplit, R::AlreadySplit),
                (K::Stays, R::SameNode),
            ]);
        }
    }
}

#[test]
fn the_tutorial_split_reads_as_the_tutorial_says() {
    // Five boxes in one quadrant's worth of space at 4 objects a node: the
    // fifth splits the root; the one on the midline stays.
    let mut world = World::new(100.0, 100.0).unwrap();
    world.set_structure("quadtree").unwrap();
    world.set_quadtree_limits(4, 5).unwrap();
    for b in [[10.0, 10.0, 5.0, 5.0], [60.0, 10.0, 5.0, 5.0], [10.0, 60.0, 5.0, 5.0], [45.0, 20.0, 10.0, 5.0]]
    {
        world.trace_insert(b[0], b[1], b[2], b[3]).unwrap();
    }
    let (_, steps) = world.trace_insert(70.0, 70.0, 5.0, 5.0).unwrap();
    let split = of_kind(&steps, K::Split).next().expect("the fifth box splits the root");
    assert_eq!((split.count, split.limit, split.depth, split.moved, split.stayed), (5.0, 4.0, Some(0), 4, 1));
    let stay = of_kind(&steps, K::Stay).next().unwrap();
    assert_eq!((stay.id, stay.reason), (4, R::CrossesVerticalMidline));
    // Under the leaves policy the same scene does not split: the box on the
    // midline reaches two quadrants, and only boxes in one count.
    let mut world = World::new(100.0, 100.0).unwrap();
    world.set_structure("quadtree-leaves").unwrap();
    world.set_quadtree_limits(4, 5).unwrap();
    for b in [[10.0, 10.0, 5.0, 5.0], [60.0, 10.0, 5.0, 5.0], [10.0, 60.0, 5.0, 5.0], [45.0, 20.0, 10.0, 5.0]]
    {
        world.trace_insert(b[0], b[1], b[2], b[3]).unwrap();
    }
    let (_, steps) = world.trace_insert(70.0, 70.0, 5.0, 5.0).unwrap();
    let no = of_kind(&steps, K::NoSplit).next().unwrap();
    assert_eq!((no.reason, no.count, no.counted, no.limit), (R::StraddlersNotCounted, 5.0, 4.0, 4.0));
    // Threshold 1: every insert into an occupied leaf splits, down to the
    // depth limit.
    let mut world = World::new(100.0, 100.0).unwrap();
    world.set_structure("quadtree").unwrap();
    world.set_quadtree_limits(1, 5).unwrap();
    world.trace_insert(1.0, 1.0, 1.0, 1.0).unwrap();
    let (_, steps) = world.trace_insert(2.5, 2.5, 0.5, 0.5).unwrap();
    let depths: Vec<u32> = of_kind(&steps, K::Split).map(|s| s.depth.unwrap()).collect();
    assert_eq!(depths, [0, 1, 2, 3, 4]);
    let last =
        of_kind(&steps, K::NoSplit).find(|s| s.reason == R::MaxDepth).expect("the depth limit stops it");
    assert_eq!((last.depth, last.limit), (Some(5), 5.0));
}

// ---- The grids ----

fn grid_scene(seed: u64, structure: &str, seen: &Seen) {
    let mut rng = Rng::new(seed);
    let mut world = World::new(WORLD, WORLD).unwrap();
    world.set_structure(structure).unwrap();
    let cell = [16.0, 32.0, 64.0][rng.below(3) as usize];
    world.set_cell_size(cell).unwrap();
    let geometry = world.grid_geometry().unwrap();
    let mut boxes = BTreeMap::new();
    // Now and then two giants that overlap: oversize in small cells, they
    // meet in the oversize objects' sweep.
    let giants =
        if rng.below(3) == 0 { vec![[10.0, 10.0, 150.0, 150.0], [60.0, 60.0, 150.0, 150.0]] } else { vec![] };
    let count = 10 + rng.below(30);
    for i in 0..count as usize + giants.len() {
        let b = giants.get(i).copied().unwrap_or_else(|| random_box(&mut rng));
        let (id, steps) = world.trace_insert(b[0], b[1], b[2], b[3]).unwrap();
        seen.all(&steps);
        let b = aabb(b);
        boxes.insert(id, b);
        let stored = world.stored_in(id).unwrap();
        let listed: Vec<Aabb> =
            steps.iter().filter(|s| matches!(s.kind, K::Link | K::Home)).map(|s| s.rect.unwrap()).collect();
        let key = |b: &Aabb| [b.min_x, b.min_y, b.max_x, b.max_y].map(f64::to_bits);
        let (mut stored_sorted, mut listed_sorted) = (stored.clone(), listed.clone());
        stored_sorted.sort_by_key(key);
        listed_sorted.sort_by_key(key);
        assert_eq!(listed_sorted, stored_sorted, "the cells the trace lists the box in against storedIn");
        match of_kind(&steps, K::OutsideList).next() {
            Some(outside) => {
                assert!(stored.is_empty());
                assert!(
                    outside.count > outside.limit,
                    "oversize: {} against {}",
                    outside.count,
                    outside.limit
                );
                if structure == "grid" {
                    assert_eq!(outside.reason, R::TooManyCells);
                } else {
                    assert_eq!(outside.reason, R::LargerThanCell);
                    assert_eq!(outside.count, b.width().max(b.height()));
                }
            }
            None if structure == "grid" => {
                let cells = of_kind(&steps, K::Cells).next().unwrap();
                assert_eq!(cells.count as usize, stored.len());
            }
            None => {
                let home = of_kind(&steps, K::Home).next().unwrap();
                let (cx, cy) = (0.5 * (b.min_x + b.max_x), 0.5 * (b.min_y + b.max_y));
                let inside = home.rect.unwrap().contains_point_half_open(cx, cy);
                assert_eq!(home.reason, if inside { R::Centre } else { R::CentreClamped });
            }
        }
        world.validate().unwrap();
    }
    // Each object's pair search against brute force.
    for (&id, &b) in &boxes {
        let steps = world.trace_pairs(id).unwrap();
        seen.all(&steps);
        assert_eq!((steps[0].kind, steps[0].id), (K::Pairs, id));
        let mut partners: Vec<u32> =
            of_kind(&steps, K::Candidate).filter(|c| c.reason == R::Overlaps).map(|c| c.other).collect();
        partners.sort_unstable();
        let expected: Vec<u32> = brute_query(&boxes, &b).into_iter().filter(|&o| o != id).collect();
        assert_eq!(partners, expected, "the partners of {id} in the trace against brute force");
        let mut current_cell = None;
        let mut tested_in: BTreeSet<(u32, (u32, u32))> = BTreeSet::new();
        for s in &steps {
            match s.kind {
                K::Cell => current_cell = s.cell,
                K::Sweep => current_cell = None,
                K::Candidate => {
                    assert_eq!(s.id, id);
                    assert_eq!(s.rect, Some(boxes[&s.other]), "the partner's box");
                    assert_eq!(
                        s.reason == R::Misses,
                        !boxes[&s.other].overlaps(&b) && s.reason != R::NotCornerCell
                    );
                    if s.reason == R::NotCornerCell {
                        let other = boxes[&s.other];
                        let corner = (
                            geometry.col_of(b.min_x.max(other.min_x)),
                            geometry.row_of(b.min_y.max(other.min_y)),
                        );
                        assert_eq!(s.cell, Some(corner), "the overlap corner's cell");
                        assert_ne!(current_cell, Some(corner), "passed over in its own corner cell");
                    } else if let Some(cell) = current_cell {
                        tested_in.insert((s.other, cell));
                    }
                }
                _ => {}
            }
        }
        // A pair passed over in one cell is tested in its corner cell.
        for s in of_kind(&steps, K::Candidate).filter(|s| s.reason == R::NotCornerCell) {
            assert!(tested_in.contains(&(s.other, s.cell.unwrap())), "pair {id}-{} never tested", s.other);
        }
        let stored: BTreeSet<(u32, u32)> = of_kind(&steps, K::Stored).map(|s| s.cell.unwrap()).collect();
        let stored_in: BTreeSet<(u32, u32)> = world
            .stored_in(id)
            .unwrap()
            .iter()
            .map(|c| (geometry.col_of(c.min_x), geometry.row_of(c.min_y)))
            .collect();
        assert_eq!(stored, stored_in, "the stored cells against storedIn");
        if structure == "loose-grid" && !stored.is_empty() {
            // The home cell's scan: itself and its forward neighbours, the
            // cells `searchedIn` names.
            let home = *stored.iter().next().unwrap();
            let mut scanned = BTreeSet::new();
            let mut in_home = false;
            for s in &steps {
                match s.kind {
                    K::Cell => in_home = s.cell == Some(home) && s.reason == R::HomeCell,
                    K::Scan | K::Skip if in_home => {
                        if let Some(cell) = s.cell {
                            scanned.insert(cell);
                        }
                    }
                    _ => {}
                }
            }
            let searched: BTreeSet<(u32, u32)> = world
                .searched_in(id)
                .unwrap()
                .iter()
                .map(|c| (geometry.col_of(c.min_x), geometry.row_of(c.min_y)))
                .collect();
            assert_eq!(scanned, searched, "the home cell's scan against searchedIn");
        }
        let done = steps.last().unwrap();
        assert_eq!(
            (done.kind, done.counted as usize, done.limit as usize),
            (K::Done, expected.len(), boxes.len() - 1)
        );
        check_query(&mut world, &boxes, id);
    }
    // Moves and removals: the trace's cells against storedIn again.
    for &id in boxes.keys().take(5) {
        let b = random_box(&mut rng);
        let steps = world.trace_update(id, b[0], b[1], b[2], b[3]).unwrap();
        assert_eq!((steps[0].kind, steps[0].id), (K::Update, id));
        let steps = world.trace_remove(id).unwrap();
        let left = steps.iter().filter(|s| s.kind == K::TakeOut && s.reason != R::StillOutside).count();
        assert!(left <= 64);
        world.validate().unwrap();
    }
}

#[test]
fn grids_file_and_search_as_their_traces_say() {
    for structure in ["grid", "loose-grid"] {
        let seen = Seen::default();
        for_seeds(5000, 60, |seed| grid_scene(seed, structure, &seen));
        if std::env::var("BROADPHASE_SEED").is_ok() {
            continue;
        }
        seen.assert_met(&[(K::Candidate, R::Overlaps), (K::Candidate, R::Misses), (K::Sweep, R::None)]);
        if structure == "grid" {
            seen.assert_met(&[
                (K::Link, R::None),
                (K::OutsideList, R::TooManyCells),
                (K::Stored, R::AloneInCell),
                (K::Stored, R::SharedCell),
                (K::Cell, R::SharedCell),
                (K::Cell, R::OversizeSearch),
                (K::Candidate, R::NotCornerCell),
            ]);
        } else {
            seen.assert_met(&[
                (K::Home, R::Centre),
                (K::Home, R::CentreClamped),
                (K::OutsideList, R::LargerThanCell),
                (K::Cell, R::HomeCell),
                (K::Cell, R::NeighbourCell),
                (K::Cell, R::OversizeSearch),
                (K::Scan, R::OwnCell),
                (K::Scan, R::East),
                (K::Scan, R::SouthWest),
                (K::Scan, R::South),
                (K::Scan, R::SouthEast),
                (K::Skip, R::East),
            ]);
        }
    }
}

/// A crowded cell (more objects than the pair search sweeps instead of
/// testing all against all): the pair trace of each object still names
/// exactly its partners, as brute force finds them.
#[test]
fn a_crowded_cell_sweeps_as_its_trace_says() {
    for structure in ["grid", "loose-grid"] {
        for_seeds(5500, 10, |seed| {
            let mut rng = Rng::new(seed);
            let mut world = World::new(WORLD, WORLD).unwrap();
            world.set_structure(structure).unwrap();
            world.set_cell_size(128.0).unwrap();
            let mut boxes = BTreeMap::new();
            for _ in 0..90 {
                let b = [
                    rng.range(1.0, 100.0),
                    rng.range(1.0, 100.0),
                    rng.range(1.0, 12.0),
                    rng.range(1.0, 12.0),
                ];
                let id = world.insert(b[0], b[1], b[2], b[3]).unwrap();
                boxes.insert(id, aabb(b));
            }
            for (&id, b) in boxes.iter().take(12) {
                let steps = world.trace_pairs(id).unwrap();
                let mut partners: Vec<u32> = of_kind(&steps, K::Candidate)
                    .filter(|c| c.reason == R::Overlaps)
                    .map(|c| c.other)
                    .collect();
                partners.sort_unstable();
                let expected: Vec<u32> = brute_query(&boxes, b).into_iter().filter(|&o| o != id).collect();
                assert_eq!(partners, expected, "{structure}: the partners of {id} in a crowded cell");
                // Swept, not all against all: fewer tests than n - 1.
                assert!(of_kind(&steps, K::Candidate).count() < boxes.len() - 1, "{structure}: swept");
            }
        });
    }
}

/// A loose grid with automatic cells whose boxes `update` has grown past
/// them: 200 small boxes, their pairs taken (the cells picked for them),
/// then 40 of them grown to 30–50, which fills the oversize list. Built
/// twice from one seed, so a traced and an untraced run can be compared.
fn outgrown_scene(seed: u64) -> (World, Vec<u32>) {
    let mut rng = Rng::new(seed);
    let mut world = World::new(WORLD, WORLD).unwrap();
    world.set_structure("loose-grid").unwrap();
    let mut ids = Vec::new();
    for _ in 0..200 {
        let (w, h) = (rng.range(2.0, 6.0), rng.range(2.0, 6.0));
        ids.push(world.insert(rng.range(0.0, WORLD - w), rng.range(0.0, WORLD - h), w, h).unwrap());
    }
    world.pairs();
    for &id in &ids[..40] {
        let b = world.box_of(id).unwrap();
        world.update(id, b[0], b[1], rng.range(30.0, 50.0), rng.range(30.0, 50.0)).unwrap();
    }
    (world, ids)
}

/// The loose grid's oversize objects: those stored in no cell.
fn oversize_count(world: &World, ids: &[u32]) -> usize {
    ids.iter().filter(|&&id| world.stored_in(id).unwrap().is_empty()).count()
}

#[test]
fn a_pair_trace_picks_the_cells_again_as_pairs_would_and_says_why() {
    let seen = Seen::default();
    for_seeds(7500, 12, |seed| {
        let (mut traced, ids) = outgrown_scene(seed);
        let (mut plain, _) = outgrown_scene(seed);
        let old_size = traced.cell_size().unwrap();
        let oversize = oversize_count(&traced, &ids);
        // A grown box and a small one.
        for (k, &id) in [ids[3], ids[150]].iter().enumerate() {
            let steps = traced.trace_pairs(id).unwrap();
            seen.all(&steps);
            if k == 1 {
                // Picked already: the second trace walks the new cells at once.
                assert!(of_kind(&steps, K::Repick).next().is_none(), "seed {seed}: a second re-pick");
                continue;
            }
            assert_eq!(steps[0].kind, K::Pairs);
            let (repick, refile) = (&steps[1], &steps[2]);
            assert_eq!((repick.kind, repick.reason), (K::Repick, R::OversizeOutgrown), "seed {seed}");
            assert_eq!(repick.count, oversize as f64, "the oversize objects the rule counts");
            assert!(repick.count > repick.limit, "past the limit: {} ≤ {}", repick.count, repick.limit);
            assert_eq!((refile.kind, refile.reason), (K::Refile, R::OversizeOutgrown), "seed {seed}");
            assert_eq!(refile.counted, old_size, "the old size");
            assert_eq!(refile.limit, traced.cell_size().unwrap(), "the new size");
            assert_ne!(refile.limit, refile.counted, "new cells");
            assert_eq!(refile.count, 200.0, "every object filed again");
            assert_eq!(
                refile.moved as usize + refile.stayed as usize,
                oversize,
                "the oversize objects, in or out"
            );
            assert_eq!(refile.stayed as usize, oversize_count(&traced, &ids));
            // The walk after the refiling is the new cells': the object's
            // stored cell is one of them.
            let stored = of_kind(&steps, K::Stored).chain(of_kind(&steps, K::Cell)).next();
            if let Some(cell) = stored {
                let r = cell.rect.unwrap();
                assert!(
                    (r.max_x - r.min_x - refile.limit).abs() < 1e-9,
                    "seed {seed}: a cell of the new size"
                );
            }
            // What it found equals the untraced pairs()'s partners.
            let expected: BTreeSet<u32> = {
                let flat = plain.pairs().to_vec();
                flat.chunks(2).filter(|p| p.contains(&id)).map(|p| p[0] + p[1] - id).collect()
            };
            let found: BTreeSet<u32> =
                of_kind(&steps, K::Candidate).filter(|c| c.reason == R::Overlaps).map(|c| c.other).collect();
            assert_eq!(found, expected, "seed {seed}: the traced search's partners");
            assert_eq!(steps.last().unwrap().counted, expected.len() as f64);
            // The untraced call picked the same cells, and the traced world's
            // next pairs() is the untraced one's.
            assert_eq!(plain.cell_size(), traced.cell_size(), "seed {seed}: the same pick");
            assert_eq!(traced.pairs(), plain.pairs(), "seed {seed}: the same pairs");
            traced.validate().unwrap();
        }
    });
    seen.assert_met(&[(K::Repick, R::OversizeOutgrown), (K::Refile, R::OversizeOutgrown)]);
}

#[test]
fn a_fixed_cell_size_is_never_picked_again() {
    let (mut world, ids) = outgrown_scene(7600);
    let (mut fixed, _) = outgrown_scene(7600);
    let size = world.cell_size().unwrap();
    fixed.set_cell_size(size).unwrap();
    let steps = fixed.trace_pairs(ids[3]).unwrap();
    assert!(of_kind(&steps, K::Repick).chain(of_kind(&steps, K::Refile)).next().is_none());
    assert_eq!(fixed.cell_size(), Some(size));
    assert!(of_kind(&world.trace_pairs(ids[3]).unwrap(), K::Repick).next().is_some());
}

#[test]
fn inserts_that_double_the_objects_pick_the_cells_again_and_say_why() {
    let mut world = World::new(WORLD, WORLD).unwrap();
    world.set_structure("grid").unwrap();
    let mut repicks = 0;
    for i in 0..40 {
        let (_, steps) = world.trace_insert(f64::from(i) * 6.0, 10.0, 4.0, 4.0).unwrap();
        if let Some(at) = steps.iter().position(|s| s.kind == K::Repick) {
            repicks += 1;
            let (repick, refile) = (&steps[at], &steps[at + 1]);
            assert_eq!(repick.reason, R::ObjectsDoubled);
            assert_eq!(repick.count, world.count() as f64);
            assert!(repick.count >= repick.limit && repick.limit == 2.0 * repick.counted.max(8.0));
            assert_eq!((refile.kind, refile.reason), (K::Refile, R::ObjectsDoubled));
            assert_eq!(refile.limit, world.cell_size().unwrap());
            assert!(refile.counted.is_finite() && refile.count == world.count() as f64);
            assert_eq!(at + 2, steps.len(), "they end the insert's trace");
        }
    }
    assert!(repicks >= 2, "{repicks} re-picks in 40 inserts");
}

#[test]
fn brute_force_tests_everything_and_says_so() {
    for_seeds(7000, 20, |seed| {
        let mut rng = Rng::new(seed);
        let mut world = World::new(WORLD, WORLD).unwrap();
        let mut boxes = BTreeMap::new();
        for _ in 0..20 {
            let b = random_box(&mut rng);
            let (id, _) = world.trace_insert(b[0], b[1], b[2], b[3]).unwrap();
            boxes.insert(id, aabb(b));
        }
        let id = *boxes.keys().next().unwrap();
        let steps = world.trace_pairs(id).unwrap();
        assert_eq!(of_kind(&steps, K::Candidate).count(), boxes.len() - 1, "brute force tests n - 1");
        check_query(&mut world, &boxes, id);
    });
}

#[test]
fn the_quadtrees_refuse_a_pair_trace_and_big_brute_force_too() {
    let mut world = World::new(WORLD, WORLD).unwrap();
    let id = world.insert(1.0, 1.0, 1.0, 1.0).unwrap();
    world.set_structure("quadtree").unwrap();
    let message = world.trace_pairs(id).unwrap_err().to_string();
    assert!(message.starts_with("tracePairs: ") && message.contains("traceQuery"), "{message}");
    world.set_structure("brute-force").unwrap();
    world
        .populate(broadphase::world::MAX_BRUTE_FORCE_PAIR_TRACE as u32, 1, broadphase::scene::Layout::Uniform)
        .unwrap();
    let message = world.trace_pairs(id).unwrap_err().to_string();
    assert!(message.contains("4096"), "{message}");
}

#[test]
fn a_long_trace_is_cut_at_its_maximum_and_says_so() {
    let mut world = World::new(WORLD, WORLD).unwrap();
    world.set_structure("grid").unwrap();
    world.set_cell_size(WORLD).unwrap();
    let first = world.insert(1.0, 1.0, 200.0, 200.0).unwrap();
    for i in 0..5000 {
        world.insert(f64::from(i % 100) * 2.0, f64::from(i / 100) * 2.0, 1.0, 1.0).unwrap();
    }
    let steps = world.trace_pairs(first).unwrap();
    assert_eq!(steps.len(), MAX_TRACE_STEPS);
    let last = steps.last().unwrap();
    assert_eq!(last.kind, K::Truncated);
    assert!(last.count > 0.0);
}

// ---- Tile edges ----

/// The view one cell alone gives of its side: a lone tile's edge, asked
/// of a fresh map.
fn lone_view(shape: TileShape, side: Side) -> EdgeState {
    let mut lone = TileGrid::new(3, 3, 10.0).unwrap();
    lone.set_tile(1, 1, shape).unwrap();
    lone.edge(1, 1, side).unwrap()
}

#[test]
fn an_edge_follows_from_its_two_cells_as_the_trace_says() {
    let seen = Seen::default();
    for_seeds(9000, 30, |seed| {
        let mut rng = Rng::new(seed);
        let (cols, rows) = (2 + rng.below(5), 2 + rng.below(5));
        let mut grid = TileGrid::new(cols, rows, 10.0).unwrap();
        for row in 0..rows {
            for col in 0..cols {
                let shape = TileShape::ALL[rng.below(TileShape::ALL.len() as u32) as usize];
                grid.set_tile(col, row, if rng.below(3) == 0 { TileShape::Empty } else { shape }).unwrap();
            }
        }
        for _ in 0..3 {
            let door = [None, Some(Door::Open), Some(Door::Closed)][rng.below(3) as usize];
            let side = Side::ALL[rng.below(4) as usize];
            grid.set_door(rng.below(cols), rng.below(rows), side, door).unwrap();
        }
        for row in 0..rows {
            for col in 0..cols {
                for side in Side::ALL {
                    let steps = grid.trace_edge(col, row, side).unwrap();
                    for s in &steps {
                        seen.note(s.kind, s.reason);
                    }
                    let kinds: Vec<K> = steps.iter().map(|s| s.kind).collect();
                    assert_eq!(kinds, [K::SideView, K::SideView, K::Combine, K::Door, K::EdgeState]);
                    let (mine, theirs) = (&steps[0], &steps[1]);
                    assert_eq!((mine.col, mine.row, mine.side), (i64::from(col), i64::from(row), side));
                    assert_eq!(mine.shape, grid.tile(col, row).unwrap());
                    let (dc, dr) = side.outward();
                    let (nc, nr) = (i64::from(col) + dc as i64, i64::from(row) + dr as i64);
                    assert_eq!((theirs.col, theirs.row, theirs.side), (nc, nr, side.opposite()));
                    let on_map = nc >= 0 && nr >= 0 && nc < i64::from(cols) && nr < i64::from(rows);
                    let their_shape =
                        if on_map { grid.tile(nc as u32, nr as u32).unwrap() } else { TileShape::Empty };
                    assert_eq!(theirs.shape, their_shape);
                    assert_eq!(theirs.reason == R::OffMap, !on_map);
                    for view in [mine, theirs] {
                        assert_eq!(
                            view.state,
                            lone_view(view.shape, view.side),
                            "{:?} {:?}",
                            view.shape,
                            view.side
                        );
                        assert_eq!(view.covered == 1.0, view.state == EdgeState::Solid);
                    }
                    // N tutorial B's table, with solid + interesting solid.
                    let combined = match (mine.state, theirs.state) {
                        (EdgeState::Solid, EdgeState::Solid) => EdgeState::Empty,
                        (EdgeState::Solid, _) | (_, EdgeState::Solid) => EdgeState::Solid,
                        (EdgeState::Empty, EdgeState::Empty) => EdgeState::Empty,
                        _ => EdgeState::Interesting,
                    };
                    assert_eq!(steps[2].state, combined);
                    let door = grid.door(col, row, side).unwrap();
                    assert_eq!(steps[3].door, Door::code(door));
                    let expected = match door {
                        Some(Door::Open) => EdgeState::Empty,
                        Some(Door::Closed) => EdgeState::Solid,
                        None => combined,
                    };
                    assert_eq!(steps[3].state, expected);
                    assert_eq!(steps[4].state, grid.edge(col, row, side).unwrap());
                    assert_eq!(steps[4].state, expected);
                }
            }
        }
    });
    if std::env::var("BROADPHASE_SEED").is_err() {
        seen.assert_met(&[
            (K::SideView, R::OffMap),
            (K::SideView, R::NoTile),
            (K::SideView, R::CoversWholeSide),
            (K::SideView, R::DoesNotCoverSide),
            (K::Combine, R::SolidBothSides),
            (K::Combine, R::SolidOneSide),
            (K::Combine, R::InterestingOneSide),
            (K::Combine, R::EmptyBothSides),
            (K::Door, R::NoDoor),
            (K::Door, R::DoorOpen),
            (K::Door, R::DoorClosed),
        ]);
    }
}

// ---- Push-out ----

#[test]
fn a_push_out_goes_as_its_trace_says() {
    let seen = Seen::default();
    for_seeds(11_000, 200, |seed| {
        let mut rng = Rng::new(seed);
        let mut grid = TileGrid::new(8, 8, 10.0).unwrap();
        for row in 0..8 {
            for col in 0..8 {
                if rng.below(3) == 0 {
                    let shape = TileShape::ALL[1 + rng.below(TileShape::ALL.len() as u32 - 1) as usize];
                    grid.set_tile(col, row, shape).unwrap();
                }
            }
        }
        if rng.below(2) == 0 {
            grid.set_door(rng.below(8), rng.below(8), Side::ALL[rng.below(4) as usize], Some(Door::Closed))
                .unwrap();
        }
        let b = Aabb::from_xywh(
            rng.range(0.0, 70.0),
            rng.range(0.0, 70.0),
            rng.range(2.0, 14.0),
            rng.range(2.0, 14.0),
        );
        let steps = grid.trace_push_out(&b);
        for s in &steps {
            seen.note(s.kind, s.reason);
            if s.kind == K::Round && s.round > 0 {
                seen.note(K::Round, R::MaxRounds); // stands for "a second round"
            }
        }
        let (dx, dy) = grid.push_out(&b);
        let done = steps.last().unwrap();
        assert_eq!((done.kind, done.dx, done.dy), (K::Done, dx, dy), "the trace's move against pushOut");
        let rounds: Vec<&_> = steps.iter().filter(|s| s.kind == K::Round).collect();
        assert_eq!(rounds.first().map(|r| r.rect), Some(Some(b)));
        let mut cells = Vec::new();
        grid.touched_cells(&b, &mut cells);
        let touched: Vec<(u32, u32)> =
            steps.iter().filter(|s| s.kind == K::Touched && s.round == 0).map(|s| s.cell.unwrap()).collect();
        assert_eq!(touched, cells, "round 0's cells against touchedCells");
        let (mut x, mut y) = (0.0, 0.0);
        let mut at = b;
        for (r, round) in rounds.iter().enumerate() {
            let here = round.rect.unwrap();
            assert_eq!(here, at, "each round starts where the last push left the box");
            let of_round = || steps.iter().filter(move |s| s.round == r as u32 && s.kind != K::Round);
            let depth = grid.overlap_depth(&here);
            match of_round().find(|s| s.kind == K::Deepest) {
                Some(deepest) => assert_eq!(deepest.depth, depth, "the deepest contact against overlapDepth"),
                None => assert_eq!(depth, 0.0),
            }
            for tried in of_round().filter(|s| s.kind == K::TryExit) {
                assert_eq!(tried.left, grid.overlap_depth(&tried.rect.unwrap()), "what a way out leaves");
            }
            if let Some(push) = of_round().find(|s| s.kind == K::Push) {
                x += push.dx;
                y += push.dy;
                at = Aabb {
                    min_x: at.min_x + push.dx,
                    min_y: at.min_y + push.dy,
                    max_x: at.max_x + push.dx,
                    max_y: at.max_y + push.dy,
                };
            }
        }
        assert_eq!((x, y), (dx, dy), "the rounds' moves add up to pushOut's");
    });
    if std::env::var("BROADPHASE_SEED").is_err() {
        seen.assert_met(&[
            (K::Round, R::MaxRounds),
            (K::Touched, R::EmptyTile),
            (K::Axis, R::AxisX),
            (K::Axis, R::AxisY),
            (K::Axis, R::SlopeNormal),
            (K::Axis, R::Radial),
            (K::Exit, R::LeftSide),
            (K::Exit, R::SlopeSurface),
            (K::Exit, R::SlopeCorner),
            (K::Exit, R::Radial),
            (K::Exit, R::DoorSide),
            (K::Contact, R::Overlaps),
            (K::Contact, R::Separated),
            (K::Contact, R::DoorClosed),
            (K::Deepest, R::LargestDepth),
            (K::TryExit, R::LandsClear),
            (K::TryExit, R::StillOverlaps),
            (K::Push, R::FirstClearExit),
            (K::TryExit, R::SecondPushLandsClear),
            (K::Push, R::SecondPushLandsClear),
            (K::Done, R::Clear),
        ]);
    }
}

// ---- The hierarchy repair ----

#[test]
fn the_repair_walks_as_its_steps_say() {
    for_seeds(13_000, 100, |seed| {
        let mut rng = Rng::new(seed);
        let mut world = World::new(WORLD, WORLD).unwrap();
        let ids: Vec<u32> = (0..12).map(|_| world.insert(1.0, 1.0, 1.0, 1.0).unwrap()).collect();
        world.set_hierarchy_tracing(true);
        for _ in 0..20 {
            let child = ids[rng.below(12) as usize];
            let parent = if rng.below(4) == 0 { 0 } else { ids[rng.below(12) as usize] };
            if world.set_parent(child, parent).is_err() {
                continue;
            }
            let Some(trace) = world.last_repair().cloned() else { continue };
            let steps = &trace.steps;
            assert_eq!(steps.len(), trace.before.len(), "T's start, one step per middle entry, the splice");
            assert_eq!(
                (steps[0].kind, steps[0].id, steps[0].parent, steps[0].temp),
                (K::RepairStart, trace.child, trace.parent, 2)
            );
            let mut temp = vec![trace.parent, trace.child];
            let mut forward = Vec::new();
            for (i, step) in steps[1..steps.len() - 1].iter().enumerate() {
                let entry = trace.before[i + 1];
                assert_eq!((step.id, step.position), (entry, trace.p + i as u32 + 1));
                assert_eq!(step.parent, world.parent_of(entry).unwrap(), "its parent, as parentOf says");
                let joins = temp.contains(&step.parent);
                assert_eq!(step.kind, if joins { K::ToTemp } else { K::Forward });
                assert_eq!(step.reason, if joins { R::ParentInTemp } else { R::ParentNotInTemp });
                assert_eq!(trace.to_temp[i + 1], joins);
                if joins {
                    temp.push(entry)
                } else {
                    forward.push(entry)
                }
                assert_eq!((step.forward as usize, step.temp as usize), (forward.len(), temp.len()));
            }
            let splice = steps.last().unwrap();
            assert_eq!(splice.kind, K::Splice);
            assert_eq!((splice.forward as usize, splice.temp as usize), (forward.len(), temp.len()));
            forward.extend(&temp);
            assert_eq!(forward, trace.after, "pushed entries then T: the segment after");
            let order = world.order().to_vec();
            assert_eq!(
                &order[trace.p as usize..=trace.q as usize],
                &trace.after[..],
                "the segment in order()"
            );
        }
    });
}
