//! Everyone who runs the scene: the broadphase `World` (fed the scene's
//! boxes by `update_many`; its own `step` bounces a box that starts past a
//! wall differently from the scene's rule, so it would not be the same scene), the loose
//! grid through the `BroadPhase` trait, parry2d's `Bvh` (f64 and f32, the
//! refit path and the change-detecting incremental path rapier uses), and
//! broccoli. Each frame every contender brings its structure up to date with
//! the scene's boxes and produces the frame's overlapping pairs into a
//! reused buffer; the count is returned so the harness can check that all
//! agree before it reports a time.

use broadphase::loose_grid::LooseGrid;
use broadphase::{Aabb, BroadPhase, World};

use crate::scene::{overlap, Scene};

pub trait Contender {
    fn name(&self) -> String;
    /// One frame on the scene's current boxes (the scene has already
    /// moved); returns the number of overlapping pairs.
    fn frame(&mut self, scene: &Scene) -> usize;
}

/// The `World` fed the user's own motion: `update_many` with the boxes that
/// moved this frame (a game passes what it moved) + `pairs()`.
pub struct WorldUpdateMany {
    world: World,
    structure: &'static str,
    /// World id per scene box.
    ids: Vec<u32>,
    moved_ids: Vec<u32>,
    moved_boxes: Vec<f64>,
}

impl WorldUpdateMany {
    pub fn new(scene: &Scene, structure: &'static str) -> WorldUpdateMany {
        let mut world = World::new(scene.side, scene.side).unwrap();
        world.set_structure(structure).unwrap();
        let ids = (0..scene.n)
            .map(|i| {
                let b = &scene.boxes[i * 4..i * 4 + 4];
                world.insert(b[0], b[1], b[2], b[3]).unwrap()
            })
            .collect();
        WorldUpdateMany { world, structure, ids, moved_ids: Vec::new(), moved_boxes: Vec::new() }
    }

    /// The cell size the World picked for its grid.
    pub fn cell_size(&self) -> f64 {
        self.world.cell_size().expect("a grid structure")
    }
}

impl Contender for WorldUpdateMany {
    fn name(&self) -> String {
        format!("broadphase World {}: update_many + pairs", self.structure)
    }
    fn frame(&mut self, scene: &Scene) -> usize {
        if scene.moved.len() == scene.n {
            self.world.update_many_flat(&self.ids, &scene.boxes).unwrap();
        } else {
            self.moved_ids.clear();
            self.moved_boxes.clear();
            for &i in &scene.moved {
                self.moved_ids.push(self.ids[i as usize]);
                self.moved_boxes.extend_from_slice(&scene.boxes[i as usize * 4..i as usize * 4 + 4]);
            }
            self.world.update_many_flat(&self.moved_ids, &self.moved_boxes).unwrap();
        }
        self.world.pairs().len() / 2
    }
}

/// The loose grid driven directly through the `BroadPhase` trait: one
/// `update` per box, then `pairs` (unsorted slot pairs).
pub struct TraitLooseGrid {
    grid: LooseGrid,
    out: Vec<(u32, u32)>,
}

impl TraitLooseGrid {
    pub fn new(scene: &Scene, cell_size: f64) -> TraitLooseGrid {
        let mut grid = LooseGrid::new(Aabb::from_xywh(0.0, 0.0, scene.side, scene.side), cell_size);
        for i in 0..scene.n {
            let b = &scene.boxes[i * 4..i * 4 + 4];
            grid.insert(i as u32, Aabb::from_xywh(b[0], b[1], b[2], b[3]));
        }
        TraitLooseGrid { grid, out: Vec::new() }
    }
}

impl Contender for TraitLooseGrid {
    fn name(&self) -> String {
        "broadphase LooseGrid via BroadPhase trait".into()
    }
    fn frame(&mut self, scene: &Scene) -> usize {
        for &i in &scene.moved {
            let b = &scene.boxes[i as usize * 4..i as usize * 4 + 4];
            self.grid.update(i, Aabb::from_xywh(b[0], b[1], b[2], b[3]));
        }
        self.out.clear();
        self.grid.pairs(&mut self.out);
        self.out.len()
    }
}

/// A parry `Bvh` contender for one precision (parry2d and parry2d-f64 are
/// separate crates with the same API), without change detection: every
/// leaf updated in place, `refit`, `optimize_incremental` (rapier's
/// per-step upkeep of the tree's quality; without it the tree built at the
/// start degrades as the boxes wander), then the self-traversal, whose
/// closed-box candidates are filtered to strict overlap on the scene's f64
/// boxes.
macro_rules! parry_contender {
    ($name:ident, $parry:ident, $label:literal, $to_leaf:path) => {
        pub struct $name {
            bvh: $parry::partitioning::Bvh,
            ws: $parry::partitioning::BvhWorkspace,
            out: Vec<(u32, u32)>,
        }

        impl $name {
            pub fn new(scene: &Scene) -> $name {
                let leaves: Vec<_> = (0..scene.n).map(|i| $to_leaf(scene.aabb(i))).collect();
                let bvh = $parry::partitioning::Bvh::from_leaves(
                    $parry::partitioning::BvhBuildStrategy::Binned,
                    &leaves,
                );
                $name { bvh, ws: Default::default(), out: Vec::new() }
            }
        }

        impl Contender for $name {
            fn name(&self) -> String {
                $label.into()
            }
            fn frame(&mut self, scene: &Scene) -> usize {
                for i in 0..scene.n {
                    self.bvh.insert_or_update_partially($to_leaf(scene.aabb(i)), i as u32, 0.0);
                }
                self.bvh.refit(&mut self.ws);
                self.bvh.optimize_incremental(&mut self.ws);
                self.out.clear();
                let out = &mut self.out;
                self.bvh.traverse_bvtt_single_tree::<false>(&mut self.ws, &mut |a, b| {
                    if overlap(scene.aabb(a as usize), scene.aabb(b as usize)) {
                        out.push((a, b));
                    }
                });
                self.out.len()
            }
        }
    };
}

fn leaf64(a: [f64; 4]) -> parry2d_f64::bounding_volume::Aabb {
    use parry2d_f64::math::Vector;
    parry2d_f64::bounding_volume::Aabb::new(Vector::new(a[0], a[1]), Vector::new(a[2], a[3]))
}

/// In f32, each box rounded outward so the tree never misses a pair.
fn leaf32(a: [f64; 4]) -> parry2d::bounding_volume::Aabb {
    use parry2d::math::Vector;
    let down = |v: f64| {
        let r = v as f32;
        if f64::from(r) > v {
            r.next_down()
        } else {
            r
        }
    };
    let up = |v: f64| {
        let r = v as f32;
        if f64::from(r) < v {
            r.next_up()
        } else {
            r
        }
    };
    parry2d::bounding_volume::Aabb::new(Vector::new(down(a[0]), down(a[1])), Vector::new(up(a[2]), up(a[3])))
}

parry_contender!(
    ParryRefit64,
    parry2d_f64,
    "parry2d-f64 Bvh: refit + optimize_incremental + self-traversal",
    leaf64
);
parry_contender!(
    ParryRefit32,
    parry2d,
    "parry2d (f32) Bvh: refit + optimize_incremental + self-traversal",
    leaf32
);

/// broccoli: a tree built from the frame's boxes (its intended use), then
/// its colliding-pairs query, filtered to strict overlap.
pub struct Broccoli {
    elems: Vec<(broccoli::aabb::Rect<f64>, u32)>,
    out: Vec<(u32, u32)>,
}

impl Broccoli {
    pub fn new() -> Broccoli {
        Broccoli { elems: Vec::new(), out: Vec::new() }
    }
}

impl Contender for Broccoli {
    fn name(&self) -> String {
        "broccoli 6: build + find_colliding_pairs".into()
    }
    fn frame(&mut self, scene: &Scene) -> usize {
        self.elems.clear();
        self.elems.extend((0..scene.n).map(|i| {
            let a = scene.aabb(i);
            (broccoli::rect(a[0], a[2], a[1], a[3]), i as u32)
        }));
        let mut tree = broccoli::Tree::new(&mut self.elems);
        self.out.clear();
        let out = &mut self.out;
        tree.find_colliding_pairs(|a, b| {
            let (ia, ib) = (*a.unpack_inner() as usize, *b.unpack_inner() as usize);
            if overlap(scene.aabb(ia), scene.aabb(ib)) {
                out.push((ia as u32, ib as u32));
            }
        });
        self.out.len()
    }
}

/// rapier2d-f64's own broad phase (`BroadPhaseBvh`), its incremental path:
/// the moved colliders are reported as modified, it updates their leaves
/// with change detection (fattened boxes), refits, optimises and traverses
/// only what changed, and reports pairs that begin and end. A rapier user
/// keeps those pairs and tests them (its narrow phase); here that is the
/// strict box test over the kept pairs.
pub struct RapierIncremental {
    broad_phase: rapier2d_f64::prelude::BroadPhaseBvh,
    params: rapier2d_f64::prelude::IntegrationParameters,
    colliders: rapier2d_f64::prelude::ColliderSet,
    bodies: rapier2d_f64::prelude::RigidBodySet,
    handles: Vec<rapier2d_f64::prelude::ColliderHandle>,
    modified: Vec<rapier2d_f64::prelude::ColliderHandle>,
    events: Vec<rapier2d_f64::prelude::BroadPhasePairEvent>,
    /// The pairs rapier reports as possibly touching, by scene index.
    kept: std::collections::HashSet<(u32, u32)>,
    out: Vec<(u32, u32)>,
}

impl RapierIncremental {
    pub fn new(scene: &Scene) -> RapierIncremental {
        use rapier2d_f64::prelude::*;
        let mut colliders = ColliderSet::new();
        let handles = (0..scene.n)
            .map(|i| {
                let b = &scene.boxes[i * 4..i * 4 + 4];
                let collider = ColliderBuilder::cuboid(b[2] / 2.0, b[3] / 2.0)
                    .translation(Vector::new(b[0] + b[2] / 2.0, b[1] + b[3] / 2.0))
                    // Body-less colliders count as fixed: let fixed pairs through.
                    .active_collision_types(ActiveCollisionTypes::all())
                    .build();
                colliders.insert(collider)
            })
            .collect();
        let mut me = RapierIncremental {
            broad_phase: BroadPhaseBvh::new(),
            params: IntegrationParameters::default(),
            colliders,
            bodies: RigidBodySet::new(),
            handles,
            modified: Vec::new(),
            events: Vec::new(),
            kept: Default::default(),
            out: Vec::new(),
        };
        me.modified.extend_from_slice(&me.handles);
        me.update();
        me
    }

    fn update(&mut self) {
        use rapier2d_f64::prelude::BroadPhasePairEvent;
        self.events.clear();
        self.broad_phase.update(
            &self.params,
            &self.colliders,
            &self.bodies,
            &self.modified,
            &[],
            &mut self.events,
        );
        self.modified.clear();
        for event in &self.events {
            let (pair, add) = match event {
                BroadPhasePairEvent::AddPair(p) => (p, true),
                BroadPhasePairEvent::DeletePair(p) => (p, false),
            };
            let (a, b) = (pair.collider1.into_raw_parts().0, pair.collider2.into_raw_parts().0);
            let key = (a.min(b), a.max(b));
            if add {
                self.kept.insert(key);
            } else {
                self.kept.remove(&key);
            }
        }
    }
}

impl Contender for RapierIncremental {
    fn name(&self) -> String {
        "rapier2d-f64 BroadPhaseBvh (incremental) + box test of its pairs".into()
    }
    fn frame(&mut self, scene: &Scene) -> usize {
        for &i in &scene.moved {
            let b = &scene.boxes[i as usize * 4..i as usize * 4 + 4];
            let handle = self.handles[i as usize];
            let centre = rapier2d_f64::prelude::Vector::new(b[0] + b[2] / 2.0, b[1] + b[3] / 2.0);
            self.colliders[handle].set_translation(centre);
            self.modified.push(handle);
        }
        self.update();
        self.out.clear();
        for &(a, b) in &self.kept {
            if overlap(scene.aabb(a as usize), scene.aabb(b as usize)) {
                self.out.push((a, b));
            }
        }
        self.out.len()
    }
}
