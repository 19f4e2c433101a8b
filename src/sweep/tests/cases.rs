//! Known answers of the casts, the same cases and numbers as the façade's
//! test (`tests/wasm/cast_box.test.mjs`): what JavaScript must see.

use crate::sweep::BoxCastHit;
use crate::world::World;

fn world() -> World {
    let mut w = World::new(100.0, 40.0).unwrap();
    w.tiles_mut().reset(10, 4, 10.0).unwrap();
    w.tiles_mut().set_tile_named(5, 1, "full").unwrap();
    w.tiles_mut().set_tile_named(3, 2, "slope45-br").unwrap();
    w
}

fn hit(t: f64, x: f64, y: f64, normal: (f64, f64), object_id: u32, col: i64, row: i64) -> Option<BoxCastHit> {
    Some(BoxCastHit { t, x, y, normal_x: normal.0, normal_y: normal.1, object_id, col, row })
}

#[test]
fn cast_box_known_answers() {
    let mut w = world();
    let tiles =
        |w: &World, x, y, bw, bh, dx, dy| crate::sweep::cast_box(w.tiles(), x, y, bw, bh, dx, dy).unwrap();
    assert_eq!(tiles(&w, 5.0, 12.0, 4.0, 4.0, 70.0, 0.0), hit(41.0 / 70.0, 46.0, 12.0, (-1.0, 0.0), 0, 5, 1));
    assert_eq!(
        w.cast_box(5.0, 12.0, 4.0, 4.0, 70.0, 0.0, 0).unwrap(),
        tiles(&w, 5.0, 12.0, 4.0, 4.0, 70.0, 0.0)
    );
    let slope = tiles(&w, 10.0, 24.0, 4.0, 4.0, 40.0, 0.0).unwrap();
    assert_eq!((slope.t, slope.x, slope.y, slope.col, slope.row), (0.45, 28.0, 24.0, 3, 2));
    let r = std::f64::consts::FRAC_1_SQRT_2;
    assert!((slope.normal_x + r).abs() < 1e-15 && (slope.normal_y + r).abs() < 1e-15);
    let far = tiles(&w, 5.0, 12.0, 4.0, 4.0, 1e308, 0.0).unwrap();
    assert_eq!((far.x, far.t), (46.0, 41.0 / 1e308));
    assert_eq!(tiles(&w, 45.0, 6.0, 4.0, 4.0, 20.0, 0.0), None);
    assert_eq!(tiles(&w, 52.0, 6.0, 4.0, 4.0, 0.0, 5.0), hit(0.0, 52.0, 6.0, (0.0, -1.0), 0, 5, 1));
    assert_eq!(tiles(&w, 51.0, 12.0, 2.0, 2.0, 5.0, 5.0), hit(0.0, 51.0, 12.0, (0.0, 0.0), 0, 5, 1));
    w.tiles_mut().set_door(5, 0, crate::tile_grid::Side::Left, Some(crate::tile_grid::Door::Closed)).unwrap();
    assert_eq!(tiles(&w, 5.0, 2.0, 4.0, 4.0, 70.0, 0.0), hit(41.0 / 70.0, 46.0, 2.0, (-1.0, 0.0), 0, 5, 0));
    let me = w.insert(5.0, 32.0, 4.0, 4.0).unwrap();
    let post = w.insert(40.0, 30.0, 5.0, 10.0).unwrap();
    assert_eq!(
        w.cast_box(5.0, 32.0, 4.0, 4.0, 70.0, 0.0, me).unwrap(),
        hit(31.0 / 70.0, 36.0, 32.0, (-1.0, 0.0), post, -1, -1)
    );
    assert_eq!(w.cast_box(5.0, 32.0, 4.0, 4.0, 70.0, 0.0, 0).unwrap().unwrap().object_id, me);
    assert_eq!(tiles(&w, 5.0, 32.0, 4.0, 4.0, 70.0, 0.0), None);
}
