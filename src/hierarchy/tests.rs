//! Tests of the hierarchy queue: each insertion case, the repair's exact result,
//! cycle refusal, cascading deletion, 100k-deep chains, and seeded random
//! event streams checked after every event against a plain map of parents.

use std::collections::{HashMap, HashSet};

use super::{reference_order, EventCase, Hierarchy, RepairStep, RepairTrace, TopoSort};
use crate::trace::{TraceKind, TraceReason};

/// A repair step: kind, reason, position, id, parent, pushed forward so far, in T so far.
fn step(
    kind: TraceKind,
    reason: TraceReason,
    position: u32,
    id: u32,
    parent: u32,
    forward: u32,
    temp: u32,
) -> RepairStep {
    RepairStep { kind, reason, position, id, parent, forward, temp }
}
use crate::error::Error;
use crate::scene::Rng;

/// Builds a hierarchy by `add`ing `(id, parent)` pairs in order.
fn build(pairs: &[(u32, u32)]) -> Hierarchy {
    let mut h = Hierarchy::new();
    for &(id, parent) in pairs {
        h.add(id, parent).unwrap();
    }
    h.validate().unwrap();
    h
}

/// The queue's live ids read in place: unlike `order()`, this leaves dead
/// entries where they are, so the tests exercise every operation on a queue
/// holding tombstones.
fn live(h: &Hierarchy) -> Vec<u32> {
    h.iter_order().collect()
}

/// Everything observable: the queue and each object's parent, in queue order.
fn snapshot(h: &Hierarchy) -> (Vec<u32>, Vec<u32>) {
    let order = live(h);
    let parents = order.iter().map(|&id| h.parent_of(id).unwrap()).collect();
    (order, parents)
}

/// The reference model: a map from each live id to its parent.
#[derive(Default)]
struct Model {
    parent: HashMap<u32, u32>,
}

impl Model {
    /// Whether `node` is `root` or below it (bounded walk).
    fn in_subtree(&self, mut node: u32, root: u32) -> bool {
        for _ in 0..=self.parent.len() {
            if node == root {
                return true;
            }
            if node == 0 {
                return false;
            }
            node = self.parent[&node];
        }
        panic!("the model has a cycle");
    }

    fn pairs(&self) -> Vec<(u32, u32)> {
        self.parent.iter().map(|(&id, &p)| (id, p)).collect()
    }
}

/// Checks the hierarchy against the model: same live ids, same parents,
/// every parent ahead of its child, `validate` passing.
fn check(h: &Hierarchy, model: &Model, context: &str) {
    if let Err(message) = h.validate() {
        panic!("{context}: validate: {message}");
    }
    assert_eq!(h.len(), model.parent.len(), "{context}: length");
    let position: HashMap<u32, usize> = h.iter_order().enumerate().map(|(i, id)| (id, i)).collect();
    assert_eq!(position.len(), h.len(), "{context}: an id is in the queue twice");
    for (&id, &parent) in &model.parent {
        assert!(h.contains(id), "{context}: {id} missing");
        assert_eq!(h.parent_of(id), Ok(parent), "{context}: parent of {id}");
        if parent != 0 {
            assert!(position[&parent] < position[&id], "{context}: {id} comes before its parent {parent}");
        }
    }
}

/// P, Q and T of an expected repair.
type ExpectedRepair = (usize, usize, Vec<u32>);

/// The order the segment repair must produce for `set_parent(child, parent)`,
/// computed from its specification on the old order and old parents: the
/// segment P..=Q splits into the carried subtree (the child and its
/// descendants in the segment) and the rest; the rest keeps its order, the
/// subtree follows it in its own order; nothing outside the segment moves.
fn expected_after_reparent(
    order: &[u32],
    model: &Model,
    child: u32,
    parent: u32,
) -> (Vec<u32>, Option<ExpectedRepair>) {
    let pos = |id: u32| order.iter().position(|&x| x == id).unwrap();
    if parent == 0 || pos(parent) < pos(child) {
        return (order.to_vec(), None);
    }
    let (p, q) = (pos(child), pos(parent));
    let segment = &order[p..=q];
    let (moved, kept): (Vec<u32>, Vec<u32>) = segment.iter().partition(|&&id| model.in_subtree(id, child));
    let mut expected = order[..p].to_vec();
    expected.extend(&kept);
    expected.extend(&moved);
    expected.extend(&order[q + 1..]);
    let mut temp = vec![parent];
    temp.extend(&moved);
    (expected, Some((p, q, temp)))
}

// ---- The insertion cases ---------------------------------------------------

#[test]
fn case_1_new_object_under_existing_parent_is_appended() {
    let mut h = build(&[(1, 0), (2, 0)]);
    h.add(3, 1).unwrap();
    h.add(4, 0).unwrap();
    assert_eq!(h.order(), &[1, 2, 3, 4]);
    let mut removed = Vec::new();
    assert_eq!(h.apply_event(5, Some(2), &mut removed), Ok(EventCase::Appended));
    assert_eq!(h.apply_event(6, Some(0), &mut removed), Ok(EventCase::Appended));
    assert_eq!(h.order(), &[1, 2, 3, 4, 5, 6]);
    assert_eq!(h.parent_of(5), Ok(2));
    assert_eq!(h.parent_of(6), Ok(0));
    h.validate().unwrap();
}

#[test]
fn case_2_new_parent_and_new_child_are_appended_parent_first() {
    let mut h = build(&[(1, 0)]);
    let mut removed = Vec::new();
    assert_eq!(h.apply_event(3, Some(2), &mut removed), Ok(EventCase::AppendedWithParent));
    assert_eq!(h.order(), &[1, 2, 3]);
    assert_eq!(h.parent_of(2), Ok(0), "the new parent goes under the root");
    assert_eq!(h.parent_of(3), Ok(2));
    assert_eq!(h.apply_event(9, Some(9), &mut removed), Err(Error::Cycle { child: 9, parent: 9 }));
    assert_eq!(h.order(), &[1, 2, 3]);
    h.validate().unwrap();
}

#[test]
fn case_3_parent_earlier_moves_nothing() {
    let mut h = build(&[(1, 0), (2, 0), (3, 0), (4, 2)]);
    h.set_tracing(true);
    h.set_parent(4, 1).unwrap();
    h.set_parent(3, 2).unwrap();
    assert_eq!(h.order(), &[1, 2, 3, 4]);
    assert_eq!(h.parent_of(4), Ok(1));
    assert_eq!(h.parent_of(3), Ok(2));
    assert!(h.last_repair().is_none());
    let mut removed = Vec::new();
    assert_eq!(
        h.apply_event(4, Some(3), &mut removed),
        Ok(EventCase::Reparented { parent_created: false, repaired: false })
    );
    h.validate().unwrap();
}

#[test]
fn case_3_parent_later_repairs_the_segment() {
    // A queue built to show every branch of the walk: 1 has children 2
    // and 4 (4 below 2), 3 and 6 are roots, 5 is under 3. Re-parent 1
    // under 5: P = 0, Q = 4.
    //   segment [1, 2, 3, 4, 5], T = [5, 1]
    //   2: parent 1 in T -> T = [5, 1, 2]
    //   3: root          -> pushed forward
    //   4: parent 2 in T -> T = [5, 1, 2, 4]
    //   segment becomes [3] + T = [3, 5, 1, 2, 4]; 6 stays where it was.
    let mut h = build(&[(1, 0), (2, 1), (3, 0), (4, 2), (5, 3), (6, 0)]);
    h.set_tracing(true);
    h.set_parent(1, 5).unwrap();
    assert_eq!(h.order(), &[3, 5, 1, 2, 4, 6]);
    assert_eq!(h.parent_of(1), Ok(5));
    h.validate().unwrap();
    let trace = h.last_repair().expect("a repair was traced");
    assert_eq!(
        trace,
        &RepairTrace {
            child: 1,
            parent: 5,
            p: 0,
            q: 4,
            before: vec![1, 2, 3, 4, 5],
            temp: vec![5, 1, 2, 4],
            to_temp: vec![true, true, false, true, true],
            after: vec![3, 5, 1, 2, 4],
            steps: vec![
                step(TraceKind::RepairStart, TraceReason::None, 0, 1, 5, 0, 2),
                step(TraceKind::ToTemp, TraceReason::ParentInTemp, 1, 2, 1, 0, 3),
                step(TraceKind::Forward, TraceReason::ParentNotInTemp, 2, 3, 0, 1, 3),
                step(TraceKind::ToTemp, TraceReason::ParentInTemp, 3, 4, 2, 1, 4),
                step(TraceKind::Splice, TraceReason::None, 0, 1, 5, 1, 4),
            ],
        }
    );
    // A later call that moves nothing leaves no stale trace behind.
    h.set_parent(6, 0).unwrap();
    assert!(h.last_repair().is_none());
    // Nor does a refused one.
    h.set_parent(3, 6).unwrap();
    assert!(h.last_repair().is_some());
    h.set_parent(99, 6).unwrap_err();
    assert!(h.last_repair().is_none());
    h.set_parent(4, 6).unwrap();
    h.set_tracing(false);
    assert!(h.last_repair().is_none());
}

#[test]
fn case_3_descendants_after_the_new_parent_stay_put() {
    // 3 is a child of 1 but sits after the new parent 2: it is outside the
    // segment and already after the carried block, so it must not move.
    let mut h = build(&[(1, 0), (2, 0), (3, 1)]);
    h.set_parent(1, 2).unwrap();
    assert_eq!(h.order(), &[2, 1, 3]);
    h.validate().unwrap();
}

#[test]
fn case_3_with_a_new_parent_appends_it_then_repairs() {
    let mut h = build(&[(1, 0), (2, 1), (3, 0)]);
    let mut removed = Vec::new();
    assert_eq!(
        h.apply_event(1, Some(7), &mut removed),
        Ok(EventCase::Reparented { parent_created: true, repaired: true })
    );
    assert_eq!(h.order(), &[3, 7, 1, 2]);
    assert_eq!(h.parent_of(7), Ok(0));
    assert_eq!(h.parent_of(1), Ok(7));
    h.validate().unwrap();
}

#[test]
fn detaching_to_the_root_moves_nothing() {
    let mut h = build(&[(1, 0), (2, 1), (3, 2)]);
    h.set_parent(2, 0).unwrap();
    assert_eq!(h.order(), &[1, 2, 3]);
    assert_eq!(h.parent_of(2), Ok(0));
    assert_eq!(h.parent_of(3), Ok(2));
    assert_eq!(h.depth_of(3), Ok(1));
    h.validate().unwrap();
}

// ---- Refusals --------------------------------------------------------------

#[test]
fn cycles_are_refused_and_change_nothing() {
    // 1 -> 2 -> 3 -> 4 chain, plus 5 under 1 and a root 6 in between.
    let mut h = build(&[(1, 0), (2, 1), (6, 0), (3, 2), (5, 1), (4, 3)]);
    h.set_tracing(true);
    h.set_parent(6, 1).unwrap(); // leaves a trace to check it is cleared
    let before = snapshot(&h);
    let mut removed = vec![99];
    for (child, parent) in [(1, 1), (1, 2), (1, 4), (2, 4), (1, 5), (3, 4), (1, 6)] {
        assert_eq!(h.would_cycle(child, parent), Ok(true));
        assert_eq!(
            h.set_parent(child, parent),
            Err(Error::Cycle { child, parent }),
            "{child} under {parent}"
        );
        assert_eq!(h.apply_event(child, Some(parent), &mut removed), Err(Error::Cycle { child, parent }));
        assert_eq!(snapshot(&h), before, "{child} under {parent} changed something");
        assert!(h.last_repair().is_none());
        h.validate().unwrap();
    }
    assert_eq!(removed, vec![99], "a refused event reports nothing");
    assert_eq!(h.would_cycle(4, 1), Ok(false));
    assert_eq!(h.would_cycle(5, 4), Ok(false));
}

#[test]
fn dead_and_invalid_ids_are_refused() {
    let mut h = build(&[(1, 0), (2, 1)]);
    let before = snapshot(&h);
    let mut removed = Vec::new();
    assert_eq!(h.set_parent(9, 1), Err(Error::DeadId { arg: "child", id: 9 }));
    assert_eq!(h.set_parent(2, 9), Err(Error::DeadId { arg: "parent", id: 9 }));
    assert_eq!(h.set_parent(0, 1), Err(Error::DeadId { arg: "child", id: 0 }));
    assert_eq!(h.add(3, 9), Err(Error::DeadId { arg: "parent", id: 9 }));
    assert!(matches!(h.add(0, 0), Err(Error::OutOfRange { arg: "id", value, .. }) if value == 0.0));
    assert!(matches!(h.add(1, 0), Err(Error::UnknownName { arg: "id", .. })));
    assert_eq!(h.remove(9, &mut removed), Err(Error::DeadId { arg: "id", id: 9 }));
    assert_eq!(h.apply_event(9, None, &mut removed), Err(Error::DeadId { arg: "object", id: 9 }));
    assert!(matches!(h.apply_event(0, Some(1), &mut removed), Err(Error::OutOfRange { arg: "object", .. })));
    assert_eq!(h.parent_of(9), Err(Error::DeadId { arg: "id", id: 9 }));
    assert_eq!(h.parent_of(0), Err(Error::DeadId { arg: "id", id: 0 }));
    assert_eq!(h.depth_of(9), Err(Error::DeadId { arg: "id", id: 9 }));
    assert_eq!(snapshot(&h), before);
    h.validate().unwrap();
}

// ---- Deletion --------------------------------------------------------------

#[test]
fn remove_deletes_all_descendants_in_one_pass() {
    // 1 -> {2 -> {4, 5 -> 7}}, 3 root, 6 under 3, 8 under 1.
    let mut h = build(&[(1, 0), (2, 1), (3, 0), (4, 2), (5, 2), (6, 3), (7, 5), (8, 1)]);
    let mut removed = Vec::new();
    h.remove(2, &mut removed).unwrap();
    assert_eq!(removed, vec![2, 4, 5, 7]);
    assert_eq!(h.order(), &[1, 3, 6, 8], "the others keep their order");
    for id in [2, 4, 5, 7] {
        assert!(!h.contains(id));
    }
    h.validate().unwrap();
    // Through the event interface: a null parent deletes.
    assert_eq!(h.apply_event(1, None, &mut removed), Ok(EventCase::Removed));
    assert_eq!(removed, vec![1, 8]);
    assert_eq!(h.order(), &[3, 6]);
    h.validate().unwrap();
    // Freed slots are reused, ids are not confused.
    h.add(2, 6).unwrap();
    h.add(u32::MAX, 2).unwrap();
    assert_eq!(h.order(), &[3, 6, 2, u32::MAX]);
    assert_eq!(h.parent_of(u32::MAX), Ok(2));
    assert_eq!(h.forest.nodes.len(), 8, "no slot beyond the peak live count");
    h.validate().unwrap();
}

#[test]
fn stamp_wrap_around_clears_old_marks() {
    let mut h = build(&[(1, 0), (2, 1), (3, 0), (4, 0)]);
    h.forest.stamp = u32::MAX - 1;
    h.set_parent(1, 3).unwrap(); // stamp MAX
    assert_eq!(h.order(), &[3, 1, 2, 4]);
    h.set_parent(3, 4).unwrap(); // wraps to 1: old MAX marks must not count
    assert_eq!(h.order(), &[4, 3, 1, 2]);
    let mut removed = Vec::new();
    h.remove(1, &mut removed).unwrap();
    assert_eq!(removed, vec![1, 2]);
    assert_eq!(h.order(), &[4, 3]);
    h.validate().unwrap();
}

/// A seeded forest of `n` objects (ids 1..=n, each under the root or an
/// earlier id) and its model.
fn random_forest(rng: &mut Rng, n: u32) -> (Hierarchy, Model) {
    let mut h = Hierarchy::new();
    let mut model = Model::default();
    for id in 1..=n {
        let parent = if id == 1 || rng.below(4) == 0 { 0 } else { 1 + rng.below(id - 1) };
        h.add(id, parent).unwrap();
        model.parent.insert(id, parent);
    }
    (h, model)
}

/// Removes `id` from both, checking what was removed (the subtree, in queue
/// order) and everything else after the call.
fn remove_checked(h: &mut Hierarchy, model: &mut Model, id: u32, context: &str) {
    let before = live(h);
    let expected: Vec<u32> = before.iter().copied().filter(|&x| model.in_subtree(x, id)).collect();
    let mut removed = Vec::new();
    h.remove(id, &mut removed).unwrap_or_else(|e| panic!("{context}: remove({id}): {e}"));
    assert_eq!(removed, expected, "{context}: remove({id})");
    let gone: HashSet<u32> = expected.into_iter().collect();
    model.parent.retain(|x, _| !gone.contains(x));
    let survivors: Vec<u32> = before.into_iter().filter(|x| !gone.contains(x)).collect();
    assert_eq!(live(h), survivors, "{context}: survivors keep their order");
    check(h, model, context);
}

#[test]
fn removal_in_every_order_keeps_the_queue_valid() {
    const N: u32 = 300;
    // Oldest first, newest first, and random order; leaves and subtrees
    // alike (a removed id may already be gone with its ancestor).
    let orders: [(&str, Vec<u32>); 3] = [
        ("oldest first", (1..=N).collect()),
        ("newest first", (1..=N).rev().collect()),
        ("random", {
            let mut rng = Rng::new(17);
            let mut ids: Vec<u32> = (1..=N).collect();
            for i in (1..ids.len()).rev() {
                ids.swap(i, rng.below(i as u32 + 1) as usize);
            }
            ids
        }),
    ];
    for (name, ids) in orders {
        for flat in [true, false] {
            let (mut h, mut model) = if flat {
                (
                    build(&(1..=N).map(|id| (id, 0)).collect::<Vec<_>>()),
                    Model { parent: (1..=N).map(|id| (id, 0)).collect() },
                )
            } else {
                random_forest(&mut Rng::new(u64::from(N)), N)
            };
            for &id in &ids {
                if h.contains(id) {
                    remove_checked(&mut h, &mut model, id, &format!("{name}, flat {flat}"));
                }
            }
            assert!(h.is_empty(), "{name}");
            assert_eq!(h.forest.queue.len(), 0, "{name}: no dead entry outlives the last object");
            assert_eq!(h.order(), &[] as &[u32]);
        }
    }
}

#[test]
fn tombstones_stay_under_half_the_queue_and_newest_first_never_compacts() {
    let mut h = build(&(1..=1000).map(|id| (id, 0)).collect::<Vec<_>>());
    let mut removed = Vec::new();
    for id in 1..=1000u32 {
        h.remove(id, &mut removed).unwrap();
        assert!(
            h.forest.dead * 2 <= h.forest.queue.len(),
            "after removing {id}: {} dead of {}",
            h.forest.dead,
            h.forest.queue.len()
        );
        h.validate().unwrap();
    }
    // Newest first: every removal drops the last entry, nothing goes dead.
    let mut h = build(&(1..=1000).map(|id| (id, 0)).collect::<Vec<_>>());
    for id in (1..=1000u32).rev() {
        h.remove(id, &mut removed).unwrap();
        assert_eq!((h.forest.dead, h.forest.queue.len()), (0, id as usize - 1));
    }
}

#[test]
fn whole_subtrees_removed_among_tombstones_and_repairs() {
    // Remove some leaves (tombstones), then re-parent across them (repairs
    // walking dead entries), batch-attach, and remove whole subtrees; check
    // after every call.
    for seed in 0..20u64 {
        let mut rng = Rng::new(seed);
        let (mut h, mut model) = random_forest(&mut rng, 400);
        h.set_tracing(seed % 3 == 0);
        for round in 0..60 {
            let context = format!("seed {seed} round {round}");
            let ids = live(&h);
            if ids.len() < 4 {
                break;
            }
            let pick = |rng: &mut Rng| ids[rng.below(ids.len() as u32) as usize];
            match rng.below(4) {
                0 => remove_checked(&mut h, &mut model, pick(&mut rng), &context),
                1 => {
                    let (child, parent) = (pick(&mut rng), pick(&mut rng));
                    if !model.in_subtree(parent, child) {
                        let (expected, _) = expected_after_reparent(&ids, &model, child, parent);
                        h.set_parent(child, parent).unwrap();
                        model.parent.insert(child, parent);
                        assert_eq!(live(&h), expected, "{context}: set_parent({child}, {parent})");
                    }
                }
                2 => {
                    let mut events = Vec::new();
                    let mut trial = Model { parent: model.parent.clone() };
                    for _ in 0..1 + rng.below(ids.len() as u32) {
                        let (child, parent) = (pick(&mut rng), pick(&mut rng));
                        if !trial.in_subtree(parent, child) {
                            trial.parent.insert(child, parent);
                            events.push((child, parent));
                        }
                    }
                    h.set_parents(&events).unwrap();
                    model = trial;
                }
                _ => {
                    let id = 1_000 + round * 7 + seed as u32;
                    let parent = pick(&mut rng);
                    h.add(id, parent).unwrap();
                    model.parent.insert(id, parent);
                }
            }
            check(&h, &model, &context);
        }
    }
}

// ---- Deep chains -----------------------------------------------------------

const DEEP: u32 = 100_000;

#[test]
fn chain_of_100k_built_top_down() {
    let mut h = Hierarchy::new();
    h.add(1, 0).unwrap();
    for id in 2..=DEEP {
        h.add(id, id - 1).unwrap();
    }
    h.validate().unwrap();
    assert_eq!(h.depth_of(DEEP), Ok(DEEP - 1));
    // The longest possible cycle test: walks the whole chain, refuses.
    assert_eq!(h.set_parent(1, DEEP), Err(Error::Cycle { child: 1, parent: DEEP }));
    // Carry the whole chain under a node appended after it: one repair of
    // a 100k-long segment, every node of it in T.
    h.add(DEEP + 1, 0).unwrap();
    h.set_parent(1, DEEP + 1).unwrap();
    assert_eq!(h.order()[0], DEEP + 1);
    assert!(h.order()[1..].iter().copied().eq(1..=DEEP));
    h.validate().unwrap();
    let mut removed = Vec::new();
    h.remove(DEEP / 2, &mut removed).unwrap();
    assert_eq!(removed.len() as u32, DEEP / 2 + 1);
    h.remove(DEEP + 1, &mut removed).unwrap();
    assert_eq!(removed.len() as u32, DEEP / 2);
    assert!(h.is_empty());
    h.validate().unwrap();
}

#[test]
fn chain_of_100k_built_by_reparenting() {
    let mut h = Hierarchy::new();
    for id in 1..=DEEP {
        h.add(id, 0).unwrap();
    }
    // Each parent sits earlier: nothing moves and no cycle walk is needed.
    for id in 2..=DEEP {
        h.set_parent(id, id - 1).unwrap();
    }
    h.validate().unwrap();
    assert_eq!(h.depth_of(DEEP), Ok(DEEP - 1));
    assert!(h.order().iter().copied().eq(1..=DEEP));
    // Turn the chain upside down from the bottom: the tail re-parented under
    // a new root appended last carries nothing but itself each time.
    let mut removed = Vec::new();
    assert_eq!(
        h.apply_event(DEEP, Some(DEEP + 1), &mut removed),
        Ok(EventCase::Reparented { parent_created: true, repaired: true })
    );
    assert_eq!(&h.order()[DEEP as usize - 1..], &[DEEP + 1, DEEP]);
    h.validate().unwrap();
}

#[test]
fn reversed_chain_by_repairs_matches_the_reference() {
    // Roots 1..=n, then each i under i + 1, which always sits later: every
    // step is a repair whose T holds the whole chain built so far. Quadratic
    // by nature, hence the smaller n.
    let n = 2_000;
    let mut h = Hierarchy::new();
    for id in 1..=n {
        h.add(id, 0).unwrap();
    }
    for id in 1..n {
        h.set_parent(id, id + 1).unwrap();
    }
    h.validate().unwrap();
    assert!(h.order().iter().copied().eq((1..=n).rev()));
    let pairs: Vec<(u32, u32)> = (1..=n).map(|id| (id, h.parent_of(id).unwrap())).collect();
    assert_eq!(reference_order(&pairs).unwrap(), h.order());
}

// ---- The reference re-sort -------------------------------------------------

#[test]
fn reference_sorts_forests_and_rejects_cycles() {
    let order = reference_order(&[(4, 2), (2, 0), (3, 0), (1, 3)]).unwrap();
    assert_eq!(order, vec![2, 3, 4, 1]);
    assert!(reference_order(&[(1, 2), (2, 1), (3, 0)]).is_err());
    assert!(reference_order(&[(1, 5)]).is_err());
    assert!(reference_order(&[(1, 0), (1, 0)]).is_err());
    let mut sort = TopoSort::new();
    assert_eq!(sort.sort(3, |i| [1, 2, 0][i]), Err(3));
    // Deep: no recursion, any depth.
    let n = DEEP as usize;
    let chain = sort.sort(n, |i| if i == 0 { super::ROOT } else { i as u32 - 1 }).unwrap();
    assert!(chain.iter().copied().eq(0..DEEP));
}

#[test]
fn full_resort_agrees_with_the_queue_on_what_is_valid() {
    let mut h = build(&[(1, 0), (2, 1), (3, 0), (4, 2)]);
    let mut removed = Vec::new();
    h.remove(3, &mut removed).unwrap(); // leaves a free slot to skip
    h.set_parent(1, 4).unwrap_err();
    h.add(5, 0).unwrap();
    h.set_parent(1, 5).unwrap();
    let mut out = Vec::new();
    h.full_resort(&mut TopoSort::new(), &mut out).unwrap();
    let model = Model { parent: out.iter().map(|&id| (id, h.parent_of(id).unwrap())).collect() };
    let resorted = build(&out.iter().map(|&id| (id, model.parent[&id])).collect::<Vec<_>>());
    check(&resorted, &model, "re-sorted");
    check(&h, &model, "incremental");
}

// ---- Seeded random event streams --------------------------------------------

/// One random stream of events, checked after every event. Panics name the
/// seed and the step, so a failure can be replayed with that seed alone.
fn run_random_stream(seed: u64, steps: usize) {
    let mut rng = Rng::new(seed);
    let mut h = Hierarchy::new();
    h.set_tracing(seed % 2 == 0);
    let mut model = Model::default();
    let mut next_id = 1u32;
    let mut removed = Vec::new();
    let mut ever: Vec<u32> = Vec::new();
    for step in 0..steps {
        let context = format!("seed {seed} step {step}");
        let ids: Vec<u32> = live(&h);
        let pick = |rng: &mut Rng| ids[rng.below(ids.len() as u32) as usize];
        let pick_or_root = |rng: &mut Rng| {
            if ids.is_empty() || rng.below(8) == 0 {
                0
            } else {
                ids[rng.below(ids.len() as u32) as usize]
            }
        };
        let roll = if ids.is_empty() { 0 } else { rng.below(100) };
        let before = snapshot(&h);
        match roll {
            0..=24 => {
                let parent = pick_or_root(&mut rng);
                let id = next_id;
                next_id += 1 + rng.below(3); // sparse ids, as after deletions
                h.add(id, parent).unwrap_or_else(|e| panic!("{context}: add: {e}"));
                assert_eq!(live(&h).last(), Some(&id), "{context}: case 1 appends");
                model.parent.insert(id, parent);
                ever.push(id);
            }
            25..=32 => {
                let (parent, child) = (next_id, next_id + 1);
                next_id += 2;
                let case = h.apply_event(child, Some(parent), &mut removed);
                assert_eq!(case, Ok(EventCase::AppendedWithParent), "{context}");
                assert_eq!(&live(&h)[h.len() - 2..], &[parent, child], "{context}: case 2");
                model.parent.insert(parent, 0);
                model.parent.insert(child, parent);
                ever.extend([parent, child]);
            }
            33..=74 => {
                let child = pick(&mut rng);
                let parent = pick_or_root(&mut rng);
                let cycle = parent != 0 && model.in_subtree(parent, child);
                let result = h.set_parent(child, parent);
                if cycle {
                    assert_eq!(result, Err(Error::Cycle { child, parent }), "{context}");
                    assert_eq!(snapshot(&h), before, "{context}: a refused call changed things");
                } else {
                    result.unwrap_or_else(|e| panic!("{context}: set_parent({child}, {parent}): {e}"));
                    let (expected, repair) = expected_after_reparent(&before.0, &model, child, parent);
                    assert_eq!(live(&h), expected, "{context}: set_parent({child}, {parent})");
                    if h.forest.tracing {
                        match (h.last_repair(), repair) {
                            (None, None) => {}
                            (Some(t), Some((p, q, temp))) => {
                                assert_eq!((t.p as usize, t.q as usize), (p, q), "{context}");
                                assert_eq!(t.before, before.0[p..=q], "{context}");
                                assert_eq!(t.after, expected[p..=q], "{context}");
                                assert_eq!(t.temp[0], temp[0], "{context}");
                                assert_eq!(t.temp[1..], temp[1..], "{context}");
                                let sent: Vec<u32> = t
                                    .before
                                    .iter()
                                    .zip(&t.to_temp)
                                    .filter(|(_, &s)| s)
                                    .map(|(&id, _)| id)
                                    .collect();
                                assert_eq!(sent.len(), t.temp.len(), "{context}");
                            }
                            (got, want) => panic!("{context}: trace {got:?}, expected {want:?}"),
                        }
                    }
                    model.parent.insert(child, parent);
                }
            }
            75..=79 => {
                let child = pick(&mut rng);
                let parent = next_id;
                next_id += 1;
                h.apply_event(child, Some(parent), &mut removed).unwrap_or_else(|e| panic!("{context}: {e}"));
                model.parent.insert(parent, 0);
                model.parent.insert(child, parent);
                ever.push(parent);
            }
            80..=89 => {
                let id = pick(&mut rng);
                let expected: Vec<u32> =
                    before.0.iter().copied().filter(|&x| model.in_subtree(x, id)).collect();
                if rng.below(2) == 0 {
                    h.remove(id, &mut removed).unwrap();
                } else {
                    assert_eq!(h.apply_event(id, None, &mut removed), Ok(EventCase::Removed));
                }
                assert_eq!(removed, expected, "{context}: remove({id})");
                let gone: HashSet<u32> = expected.into_iter().collect();
                let survivors: Vec<u32> = before.0.iter().copied().filter(|x| !gone.contains(x)).collect();
                assert_eq!(live(&h), survivors, "{context}: survivors keep their order");
                model.parent.retain(|id, _| !gone.contains(id));
            }
            90..=94 => {
                // A dead id: removed earlier, or never issued.
                let dead =
                    ever.iter().copied().find(|id| !model.parent.contains_key(id)).unwrap_or(next_id + 1000);
                let other = pick(&mut rng);
                assert_eq!(
                    h.set_parent(dead, other),
                    Err(Error::DeadId { arg: "child", id: dead }),
                    "{context}"
                );
                assert_eq!(
                    h.set_parent(other, dead),
                    Err(Error::DeadId { arg: "parent", id: dead }),
                    "{context}"
                );
                assert_eq!(
                    h.remove(dead, &mut removed),
                    Err(Error::DeadId { arg: "id", id: dead }),
                    "{context}"
                );
                assert_eq!(snapshot(&h), before, "{context}: a refused call changed things");
            }
            _ => {
                // A sure cycle: an object under itself or a descendant.
                let child = pick(&mut rng);
                let below: Vec<u32> =
                    before.0.iter().copied().filter(|&x| model.in_subtree(x, child)).collect();
                let parent = below[rng.below(below.len() as u32) as usize];
                assert_eq!(h.set_parent(child, parent), Err(Error::Cycle { child, parent }), "{context}");
                assert_eq!(snapshot(&h), before, "{context}: a refused call changed things");
            }
        }
        check(&h, &model, &context);
    }
    let mut out = Vec::new();
    h.full_resort(&mut TopoSort::new(), &mut out).unwrap();
    let mut sorted_out = out.clone();
    sorted_out.sort_unstable();
    let mut ids = h.order().to_vec();
    ids.sort_unstable();
    assert_eq!(sorted_out, ids, "seed {seed}: the re-sort sees the same objects");
    assert!(reference_order(&model.pairs()).is_ok(), "seed {seed}");
}

#[test]
fn random_event_streams_match_the_model() {
    for seed in 0..40 {
        run_random_stream(seed, 400);
    }
}

#[test]
fn long_random_event_stream_matches_the_model() {
    run_random_stream(0x5EED_0003, 3_000);
}

/// A batch equals the same events applied one by one through the model:
/// same parents, a valid parent-first queue; small batches keep the segment
/// repair (identical queue to one-by-one), large ones may re-sort. A batch
/// holding a cycle, or a dead id, changes nothing.
#[test]
fn set_parents_batches_agree_with_one_by_one_and_refuse_all_or_nothing() {
    use super::BatchStrategy;
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed);
        let n = 50 + rng.below(200);
        let mut h = Hierarchy::new();
        let mut one_by_one = Hierarchy::new();
        let mut model = Model::default();
        for id in 1..=n {
            let parent = if rng.below(3) == 0 { 0 } else { rng.below(id) };
            h.add(id, parent).unwrap();
            one_by_one.add(id, parent).unwrap();
            model.parent.insert(id, parent);
        }
        for round in 0..20 {
            let context = format!("seed {seed}, round {round}");
            let size = [1, 3, n / 10, n][rng.below(4) as usize] as usize;
            let mut events = Vec::new();
            let mut trial = Model { parent: model.parent.clone() };
            let mut cyclic = false;
            for _ in 0..size {
                let child = 1 + rng.below(n);
                let parent = if rng.below(5) == 0 { 0 } else { 1 + rng.below(n) };
                cyclic |= parent != 0 && trial.in_subtree(parent, child);
                if !cyclic {
                    trial.parent.insert(child, parent);
                }
                events.push((child, parent));
            }
            let before = snapshot(&h);
            match h.set_parents(&events) {
                Err(Error::InEntry { arg: "pairs", error, .. }) if matches!(*error, Error::Cycle { .. }) => {
                    assert!(cyclic, "{context}: refused a batch without a cycle");
                    assert_eq!(snapshot(&h), before, "{context}: a refused batch changed something");
                }
                Err(e) => panic!("{context}: unexpected {e}"),
                Ok(strategy) => {
                    assert!(!cyclic, "{context}: accepted a cycle");
                    model = trial;
                    for &(child, parent) in &events {
                        one_by_one.set_parent(child, parent).unwrap();
                    }
                    if strategy == BatchStrategy::Repaired {
                        assert_eq!(h.order(), one_by_one.order(), "{context}: repaired batch differs");
                    }
                }
            }
            check(&h, &model, &context);
            if h.order() != one_by_one.order() {
                // After a re-sort the two queues may differ; resync.
                one_by_one =
                    build(&live(&h).iter().map(|&id| (id, h.parent_of(id).unwrap())).collect::<Vec<_>>());
            }
        }
        let before = snapshot(&h);
        assert!(matches!(
            h.set_parents(&[(1, 0), (n + 5, 0)]),
            Err(Error::InEntry { arg: "pairs", index: 1, error }) if matches!(*error, Error::DeadId { arg: "child", .. })
        ));
        assert_eq!(snapshot(&h), before, "seed {seed}: a dead id changed something");
    }
}

#[test]
fn a_frame_of_random_reparenting_at_one_percent_resorts() {
    let mut rng = Rng::new(3);
    let mut h = Hierarchy::new();
    for id in 1..=20_000u32 {
        h.add(id, if id > 1 && rng.below(4) != 0 { rng.below(id) } else { 0 }).unwrap();
    }
    let mut events = Vec::new();
    while events.len() < 200 {
        let (child, parent) = (1 + rng.below(20_000), 1 + rng.below(20_000));
        if !h.would_cycle(child, parent).unwrap() && !events.iter().any(|&(c, _)| c == child || c == parent) {
            events.push((child, parent));
        }
    }
    let strategy = h.set_parents(&events);
    assert_eq!(strategy, Ok(super::BatchStrategy::Resorted));
    h.validate().unwrap();
}
