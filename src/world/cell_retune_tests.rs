//! The loose grid's automatic cell size follows boxes that `update` grows
//! past the cells (its oversize list would otherwise fill), picked again
//! by the next `pairs`, and is left alone by a few giants that were
//! oversize all along.

use super::World;
use crate::scene::Rng;

/// Pairs of a World, sorted (each pair's smaller id first).
fn sorted_pairs(w: &mut World) -> Vec<(u32, u32)> {
    let mut pairs: Vec<(u32, u32)> =
        w.pairs().chunks_exact(2).map(|p| (p[0].min(p[1]), p[0].max(p[1]))).collect();
    pairs.sort_unstable();
    pairs
}

#[test]
fn boxes_grown_past_the_cells_make_the_loose_grid_pick_its_cell_size_again() {
    // Past the loose grid's cell (about 6 units).
    for (structure, batched, grown_to) in [("loose-grid", false, 20.0), ("loose-grid", true, 20.0)] {
        let mut w = World::new(1000.0, 1000.0).unwrap();
        let mut rng = Rng::new(77);
        let ids: Vec<u32> = (0..2000)
            .map(|_| {
                w.insert(rng.range(0.0, 990.0), rng.range(0.0, 990.0), rng.range(2.0, 6.0), 4.0).unwrap()
            })
            .collect();
        w.set_structure(structure).unwrap();
        let before = w.cell_size().unwrap();
        let mut grown = Vec::new();
        for _ in &ids {
            let side = rng.range(grown_to, 1.5 * grown_to);
            grown.push([rng.range(0.0, 1000.0 - side), rng.range(0.0, 1000.0 - side), side, side]);
        }
        if batched {
            w.update_many(&ids, &grown).unwrap();
        } else {
            for (&id, b) in ids.iter().zip(&grown) {
                w.update(id, b[0], b[1], b[2], b[3]).unwrap();
            }
        }
        // The next `pairs` picks the cell size again.
        w.pairs();
        let (after, oversize) = (w.cell_size().unwrap(), w.structure.loose_oversize_count());
        assert!(
            after > before && oversize <= 2000 / 32 + 16,
            "{structure} (batched: {batched}): cell size {before} then {after}, {oversize} oversize"
        );
        w.validate().unwrap();
        let got = sorted_pairs(&mut w);
        w.set_structure("brute-force").unwrap();
        assert_eq!(got, sorted_pairs(&mut w), "{structure} (batched: {batched})");
    }
}

#[test]
fn giants_oversize_from_the_start_never_make_the_grids_pick_again() {
    for structure in ["loose-grid", "grid"] {
        let mut w = World::new(1000.0, 1000.0).unwrap();
        let mut rng = Rng::new(78);
        for _ in 0..2000 {
            w.insert(rng.range(0.0, 990.0), rng.range(0.0, 990.0), 4.0, 4.0).unwrap();
        }
        let giants: Vec<u32> = (0..100).map(|_| w.insert(0.0, 0.0, 200.0, 200.0).unwrap()).collect();
        w.set_structure(structure).unwrap();
        let picked = w.cell_size().unwrap();
        for _ in 0..20 {
            for &id in &giants {
                w.update(id, rng.range(0.0, 800.0), rng.range(0.0, 800.0), 200.0, 200.0).unwrap();
            }
            w.pairs();
        }
        assert_eq!(w.cell_size(), Some(picked), "{structure}");
        w.validate().unwrap();
    }
}

#[test]
fn a_cell_size_set_by_the_caller_stays_however_boxes_grow() {
    let mut w = World::new(1000.0, 1000.0).unwrap();
    w.set_structure("loose-grid").unwrap();
    w.set_cell_size(5.0).unwrap();
    let ids: Vec<u32> = (0..500).map(|i| w.insert(f64::from(i), 10.0, 2.0, 2.0).unwrap()).collect();
    for &id in &ids {
        w.update(id, f64::from(id), 10.0, 50.0, 50.0).unwrap();
    }
    w.pairs();
    assert_eq!(w.cell_size(), Some(5.0));
    w.validate().unwrap();
}
