//! The rules for arguments that depend on the World's state (live ids,
//! parents, room for more objects), one function each, taking a number as
//! JavaScript gives it (`f64`; a `u32` widens exactly).
//!
//! The World's own methods apply them, and so does the wasm façade, one
//! argument at a time in argument order, before calling a method: an error
//! then names the first bad argument even when a later one has the wrong JS
//! type, which the core never sees (see `src/wasm/args.rs`). Stateless rules
//! live beside their values: [`crate::error::finite`], [`crate::error::whole_in`],
//! [`TileGrid::check_col`](crate::tile_grid::TileGrid::check_col),
//! [`QuadtreeLimits::check_max_levels`](crate::quadtree::QuadtreeLimits::check_max_levels), the `from_name`s.

use super::World;
use crate::error::{whole_u32, Error, Result};

impl World {
    /// `value` as the live object id argument `arg`: a whole number naming
    /// a live object, else an error naming `arg`.
    pub fn check_id(&self, arg: &'static str, value: f64) -> Result<u32> {
        let id = whole_u32(arg, value)?;
        self.slot_of(arg, id)?;
        Ok(id)
    }

    /// `value` as the `parent` of live `child` in `set_parent`: 0 (the
    /// root) or a live id that is neither `child` nor below it, else an
    /// error naming `parent`.
    pub fn check_parent(&self, child: u32, value: f64) -> Result<u32> {
        let parent = whole_u32("parent", value)?;
        if parent == 0 {
            return Ok(0);
        }
        self.slot_of("parent", parent)?;
        if self.contains(child) && self.would_cycle(child, parent)? {
            return Err(Error::Cycle { child, parent });
        }
        Ok(parent)
    }

    /// Whether `more` objects fit beside the live ones (at most
    /// [`super::MAX_OBJECTS`] in all); an error naming `arg` otherwise.
    pub fn check_room(&self, arg: &'static str, more: usize) -> Result<()> {
        let asked = self.count().saturating_add(more);
        if asked > super::MAX_OBJECTS {
            return Err(Error::TooManyObjects { arg, asked, max: super::MAX_OBJECTS });
        }
        Ok(())
    }

    /// Every id of the batch argument `arg` live; else an error naming the
    /// first dead one (`ids[3]: id 77 is not a live object id`).
    pub fn check_ids(&self, arg: &'static str, ids: &[u32]) -> Result<()> {
        match ids.iter().position(|&id| !self.objects.id_to_slot.contains(id)) {
            Some(i) => Err(Error::in_entry(arg, i, Error::DeadId { arg: "id", id: ids[i] })),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quadtree::QuadtreeLimits;
    use crate::tile_grid::TileGrid;

    fn scene() -> World {
        let mut w = World::new(100.0, 100.0).unwrap();
        for i in 0..4 {
            w.insert(10.0 * f64::from(i), 10.0 * f64::from(i), 8.0, 8.0).unwrap();
        }
        w.set_parent(2, 1).unwrap();
        w.tiles_mut().reset(4, 4, 10.0).unwrap();
        w.tiles_mut().set_tile_named(1, 1, "full").unwrap();
        w
    }

    fn arg<T: std::fmt::Debug>(result: Result<T>) -> String {
        result.unwrap_err().arg()
    }

    /// "The first bad argument in order, always", natively: each
    /// of these named a later argument (the shape or side name before the
    /// cell; the tile size before the map; a box or the length of `boxes`
    /// before a dead id of `ids`).
    #[test]
    fn errors_name_the_first_bad_argument() {
        let mut w = scene();
        let before = (w.tiles().to_ascii(), w.ids(), w.box_of(1).unwrap());
        let nan = f64::NAN;
        assert_eq!(arg(w.tiles_mut().set_tile_named(9, 0, "bogus")), "col");
        assert_eq!(arg(w.tiles_mut().set_tile_named(0, 9, "bogus")), "row");
        assert_eq!(arg(w.tiles().edge_named(0, 9, "bogus")), "row");
        assert_eq!(arg(w.tiles_mut().set_tile_named(9, 9, "bogus")), "col");
        assert_eq!(arg(w.tiles_mut().load_ascii("??", nan)), "map");
        assert_eq!(arg(w.tiles_mut().load_ascii("bogus", -1.0)), "map row length (two characters per cell)");
        assert_eq!(arg(w.tiles_mut().load_ascii("..", nan)), "tileSize");
        assert_eq!(arg(TileGrid::read_ascii("??", nan)), "map");
        assert_eq!(arg(TileGrid::from_ascii(nan, "??")), "tileSize", "from_ascii takes the size first");
        assert_eq!(arg(w.update_many_flat(&[99], &[0.0; 3])), "ids");
        assert_eq!(arg(w.update_many_flat(&[1, 99], &[nan, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0])), "ids");
        assert_eq!(arg(w.update_many(&[1, 99], &[[nan, 0.0, 1.0, 1.0], [0.0; 4]])), "ids");
        assert_eq!(arg(w.update_many(&[99], &[])), "ids");
        assert_eq!(arg(w.update_many_flat(&[1], &[0.0; 3])), "boxes");
        // Already in order; kept so they stay so.
        assert_eq!(arg(w.set_parent(0, 99)), "child");
        assert_eq!(arg(w.set_parent(1, 2)), "parent"); // a cycle
        assert_eq!(arg(w.set_quadtree_limits(0, 49)), "maxObjects");
        assert_eq!(arg(w.tiles_mut().reset(0, 0, nan)), "cols");
        assert_eq!(arg(w.tiles_mut().reset(4, 0, nan)), "rows");
        assert_eq!(arg(w.update(99, nan, nan, -1.0, -1.0)), "id");
        assert_eq!(arg(w.set_velocity(0, nan, nan)), "id");
        assert_eq!(
            (w.tiles().to_ascii(), w.ids(), w.box_of(1).unwrap()),
            before,
            "refused calls changed nothing"
        );
        w.validate().unwrap();
    }

    /// The rules the wasm façade applies argument by argument, on numbers
    /// as JavaScript gives them.
    #[test]
    fn argument_rules_take_javascript_numbers() {
        let w = scene();
        let message = |r: Result<u32>| r.unwrap_err().to_string();
        assert_eq!(w.check_id("child", 3.0), Ok(3));
        assert_eq!(message(w.check_id("child", 0.0)), "child 0 is not a live object id");
        assert_eq!(message(w.check_id("id", 1.5)), "id must be a whole number, got 1.5");
        assert_eq!(w.check_parent(3, 0.0), Ok(0));
        assert_eq!(w.check_parent(3, 1.0), Ok(1));
        assert_eq!(arg(w.check_parent(1, 2.0)), "parent", "2 hangs from 1: a cycle");
        assert_eq!(message(w.check_parent(3, 99.0)), "parent 99 is not a live object id");
        assert_eq!(
            message(QuadtreeLimits::check_max_levels(1e300)),
            "maxLevels 1e+300 is out of range 0..=48"
        );
        assert_eq!(
            message(QuadtreeLimits::check_max_objects(0.0)),
            "maxObjects 0 is out of range 1..=4294967295"
        );
        assert_eq!(message(w.tiles().check_col(4.0)), "col 4 is out of range 0..=3");
        assert_eq!(
            message(TileGrid::check_cell_count("rows", 1e10)),
            "rows 10000000000 is out of range 1..=4096"
        );
        assert_eq!(TileGrid::check_revision(7.0), Ok(7));
        for bad in [-1.0, f64::NAN, 1.5, f64::INFINITY, 2f64.powi(60)] {
            assert_eq!(arg(TileGrid::check_revision(bad)), "revision", "{bad}");
        }
        assert_eq!(w.check_ids("ids", &[1, 2]), Ok(()));
        assert_eq!(
            w.check_ids("ids", &[1, 99]).unwrap_err().to_string(),
            "ids[1]: id 99 is not a live object id"
        );
        assert!(w.check_room("count", crate::world::MAX_OBJECTS - 4).is_ok());
        assert_eq!(arg(w.check_room("count", crate::world::MAX_OBJECTS - 3)), "count");
    }
}
