//! Property test: random operation sequences, bad input included, never
//! panic; a refused call changes nothing; every structure agrees with brute
//! force afterwards. proptest shrinks a failure to a minimal sequence.

use broadphase::world::StructureKind;
use broadphase::{Aabb, World};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    Insert(f64, f64, f64, f64),
    Update(u32, f64, f64, f64, f64),
    Remove(u32),
    Velocity(u32, f64, f64),
    Step(f64),
    Structure(String),
    Limits(u32, u32),
    Query(f64, f64, f64, f64),
}

/// Numbers that are mostly sensible, sometimes on cell lines, sometimes
/// hostile: NaN, infinities, zero, negative, huge, tiny.
fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        6 => -50.0..250.0f64,
        2 => (0..9).prop_map(|k| k as f64 * 25.0),
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
        1 => Just(0.0),
        1 => Just(-0.0),
        1 => Just(1e-300),
        1 => Just(1e300),
        1 => Just(-7.0),
    ]
}

fn id() -> impl Strategy<Value = u32> {
    prop_oneof![8 => 1..30u32, 1 => Just(0u32), 1 => Just(u32::MAX)]
}

fn op() -> impl Strategy<Value = Op> {
    // Every structure's name (from the one list), and names of none.
    let names = prop::sample::select(
        StructureKind::ALL
            .iter()
            .map(|k| k.name().to_string())
            .chain(["octree".to_string(), String::new()])
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        5 => (number(), number(), number(), number()).prop_map(|(x, y, w, h)| Op::Insert(x, y, w, h)),
        3 => (id(), number(), number(), number(), number()).prop_map(|(i, x, y, w, h)| Op::Update(i, x, y, w, h)),
        1 => id().prop_map(Op::Remove),
        2 => (id(), number(), number()).prop_map(|(i, vx, vy)| Op::Velocity(i, vx, vy)),
        2 => number().prop_map(Op::Step),
        1 => names.prop_map(Op::Structure),
        1 => (0..12u32, 0..60u32).prop_map(|(a, b)| Op::Limits(a, b)),
        2 => (number(), number(), number(), number()).prop_map(|(x, y, w, h)| Op::Query(x, y, w, h)),
    ]
}

/// Everything observable about a world: objects (id, box, velocity), the
/// structure's name and the pairs.
type Observation = (Vec<(u32, [f64; 4], [f64; 2])>, &'static str, Vec<u32>);

/// Observes a world, to check that a refused call changed nothing.
fn observe(world: &mut World) -> Observation {
    let objects = world
        .ids()
        .into_iter()
        .map(|id| (id, world.box_of(id).unwrap(), world.velocity(id).unwrap()))
        .collect();
    (objects, world.structure(), world.pairs().to_vec())
}

fn brute_force_pairs(world: &World) -> Vec<u32> {
    let boxes: Vec<(u32, Aabb)> = world
        .ids()
        .into_iter()
        .map(|id| {
            let [x, y, w, h] = world.box_of(id).unwrap();
            (id, Aabb::from_xywh(x, y, w, h))
        })
        .collect();
    let mut out = Vec::new();
    for (i, (a, box_a)) in boxes.iter().enumerate() {
        for (b, box_b) in &boxes[i + 1..] {
            if box_a.overlaps(box_b) {
                out.extend([*a, *b]);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_operations_never_panic_and_agree_with_brute_force(ops in prop::collection::vec(op(), 1..60)) {
        for kind in StructureKind::ALL {
            let mut world = World::new(200.0, 200.0).unwrap();
            world.set_structure(kind.name()).unwrap();
            for op in &ops {
                let before = observe(&mut world);
                let result = match op.clone() {
                    Op::Insert(x, y, w, h) => world.insert(x, y, w, h).map(|_| ()),
                    Op::Update(i, x, y, w, h) => world.update(i, x, y, w, h),
                    Op::Remove(i) => world.remove(i),
                    Op::Velocity(i, vx, vy) => world.set_velocity(i, vx, vy),
                    Op::Step(dt) => world.step(dt),
                    Op::Structure(name) => world.set_structure(&name),
                    Op::Limits(a, b) => world.set_quadtree_limits(a, b),
                    Op::Query(x, y, w, h) => world.query(x, y, w, h).map(|_| ()),
                };
                if result.is_err() {
                    prop_assert_eq!(observe(&mut world), before, "{:?} failed but changed the world", op);
                }
                prop_assert!(world.validate().is_ok(), "{:?}: {:?}", op, world.validate());
            }
            let expected = brute_force_pairs(&world);
            let name = world.structure();
            prop_assert_eq!(world.pairs(), expected.as_slice(), "{} disagrees with brute force", name);
        }
    }
}
