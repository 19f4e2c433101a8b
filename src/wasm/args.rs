//! Judging a method's arguments in order, each completely, so the error
//! names the first bad one.
//!
//! The façade (`www/core/facade.js`) has checked every argument's JS type
//! before the call: what arrives is a plain `f64`, string or flag, and no
//! user code (`valueOf`, a getter, a proxy) runs here. A method takes an
//! [`Args`] and passes each argument through it in order, checked by the
//! core's own rule for that argument (`crate::error::finite`,
//! `World::check_id`, `TileGrid::check_col`, `TileShape::from_name`, …, so
//! each rule lives once), and calls the core only when all have passed.
//!
//! **The first bad argument is the one named**, whether it is bad by its JS
//! type (the façade's `TypeError`) or by its value (the core's `Error`).
//! When argument `k` has the wrong type, the façade calls
//! [`set_check_limit`]`(k)` and then the method, with neutral values from
//! `k` on: [`Args`] judges arguments `0..k` and stops at `k`
//! ([`Fault::Stopped`]) before anything changes; the façade throws the
//! refusal of an earlier argument if there was one, else its `TypeError`.
//! `tests/wasm/argument_order.test.mjs` tries every pair of bad arguments of
//! every method; a new method passes it by following this pattern. (The
//! everyday calls skip the per-argument pass when no limit is set: their
//! core method judges the same arguments in the same order; see
//! [`Args::limited`].)

use std::cell::UnsafeCell;

use wasm_bindgen::prelude::*;

use super::shared::SharedWorld;
use super::Fault;
use crate::tile_grid::Side;
use crate::world::World;

/// No limit: every argument is judged, then the method runs.
const NO_LIMIT: u32 = u32::MAX;

/// How many arguments the next call judges ([`NO_LIMIT`]: all, and it runs).
/// A plain static, not a `thread_local!`: every call reads it, and only the
/// slow path writes it, so the everyday call pays one load and no store.
struct CheckLimit(UnsafeCell<u32>);

// SAFETY: wasm32 without threads: one thread touches it.
unsafe impl Sync for CheckLimit {}

static CHECK_LIMIT: CheckLimit = CheckLimit(UnsafeCell::new(NO_LIMIT));

impl CheckLimit {
    #[inline]
    fn get(&self) -> u32 {
        // SAFETY: one thread, and no reference to the cell outlives this call.
        unsafe { *self.0.get() }
    }

    #[inline]
    fn set(&self, count: u32) {
        // SAFETY: as in `get`.
        unsafe { *self.0.get() = count }
    }

    /// The limit, cleared for the next call.
    #[inline]
    fn take(&self) -> u32 {
        let limit = self.get();
        if limit != NO_LIMIT {
            self.set(NO_LIMIT);
        }
        limit
    }
}

/// The next method call judges only its first `count` arguments and stops
/// there (the façade's slow path; any call clears it).
#[wasm_bindgen(js_name = setCheckLimit)]
pub fn set_check_limit(count: u32) {
    CHECK_LIMIT.set(count);
}

/// One method's arguments, judged in order (see the module docs).
pub(super) struct Args {
    judged: u32,
    limit: u32,
}

impl Args {
    /// Takes the check limit, if the façade set one, and clears it.
    pub(super) fn new() -> Args {
        Args { judged: 0, limit: CHECK_LIMIT.take() }
    }

    /// The arguments of a method whose core call judges them itself, in
    /// argument order, by the same rules (`update`, `setVelocity`, …): only
    /// for the façade's slow path, when a later argument has the wrong type
    /// and the earlier ones must be judged alone; `None` on the everyday
    /// path, which then pays for no check twice.
    #[inline]
    pub(super) fn limited() -> Option<Args> {
        if CHECK_LIMIT.get() == NO_LIMIT {
            return None;
        }
        Some(Args::new())
    }

    /// Whether only the arguments before argument `index` are judged: a
    /// rule that would wait for a later argument decides without it then.
    pub(super) fn stops_at(&self, index: u32) -> bool {
        self.limit == index
    }

    /// The next argument, judged by its rule (already applied: rules have
    /// no effects). At the limit nothing more is judged: [`Fault::Stopped`].
    pub(super) fn arg<T>(&mut self, judged: crate::error::Result<T>) -> Result<T, Fault> {
        if self.judged == self.limit {
            return Err(Fault::Stopped);
        }
        self.judged += 1;
        judged.map_err(Fault::Refused)
    }

    /// A number of any value (a time step, a point).
    pub(super) fn num(&mut self, value: f64) -> Result<f64, Fault> {
        self.arg(Ok(value))
    }

    /// A finite number (a coordinate, a velocity).
    pub(super) fn finite(&mut self, arg: &'static str, value: f64) -> Result<f64, Fault> {
        self.arg(crate::error::finite(arg, value))
    }

    /// A finite number above zero (a size).
    pub(super) fn positive(&mut self, arg: &'static str, value: f64) -> Result<f64, Fault> {
        self.arg(crate::error::positive(arg, value))
    }

    /// A whole number in `u32` range: `1.5` or `-1` is an error, not truncated.
    pub(super) fn whole(&mut self, arg: &'static str, value: f64) -> Result<u32, Fault> {
        self.arg(crate::error::whole_u32(arg, value))
    }

    /// A whole number in `min..=max`.
    pub(super) fn whole_in(
        &mut self,
        arg: &'static str,
        value: f64,
        min: u32,
        max: u32,
    ) -> Result<u32, Fault> {
        self.arg(crate::error::whole_in(arg, value, min, max))
    }

    /// A box `x, y, w, h`: finite corner, size above zero, each in turn.
    pub(super) fn box4(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<(f64, f64, f64, f64), Fault> {
        Ok((self.finite("x", x)?, self.finite("y", y)?, self.positive("w", w)?, self.positive("h", h)?))
    }

    /// A moving box `x, y, w, h, dx, dy` (`castBox`): a box whose far
    /// sides are finite, then a finite displacement, each in turn.
    pub(super) fn moving_box(
        &mut self,
        (x, y, w, h): (f64, f64, f64, f64),
        (dx, dy): (f64, f64),
    ) -> Result<(f64, f64, f64, f64, f64, f64), Fault> {
        let x = self.finite("x", x)?;
        let y = self.finite("y", y)?;
        let w = self.arg(crate::sweep::cast::cast_extent("w", x, w))?;
        let h = self.arg(crate::sweep::cast::cast_extent("h", y, h))?;
        Ok((x, y, w, h, self.finite("dx", dx)?, self.finite("dy", dy)?))
    }

    /// A segment `x0, y0, x1, y1`: four finite numbers, each in turn.
    pub(super) fn segment(
        &mut self,
        x0: f64,
        y0: f64,
        x1: f64,
        y1: f64,
    ) -> Result<(f64, f64, f64, f64), Fault> {
        Ok((self.finite("x0", x0)?, self.finite("y0", y0)?, self.finite("x1", x1)?, self.finite("y1", y1)?))
    }

    /// An argument judged by a rule that needs the World (a live id, a cell
    /// of the map), the World borrowed for that rule alone.
    pub(super) fn by<T>(
        &mut self,
        world: &SharedWorld,
        rule: impl FnOnce(&World) -> crate::error::Result<T>,
    ) -> Result<T, Fault> {
        if self.judged == self.limit {
            return Err(Fault::Stopped);
        }
        let judged = rule(&world.borrow());
        self.arg(judged)
    }

    /// The id of a live object of `world`.
    pub(super) fn live_id(
        &mut self,
        world: &SharedWorld,
        arg: &'static str,
        value: f64,
    ) -> Result<u32, Fault> {
        self.by(world, |w| w.check_id(arg, value))
    }

    /// A column of `world`'s tile map.
    pub(super) fn col(&mut self, world: &SharedWorld, value: f64) -> Result<u32, Fault> {
        self.by(world, |w| w.tiles().check_col(value))
    }

    /// A row of `world`'s tile map.
    pub(super) fn row(&mut self, world: &SharedWorld, value: f64) -> Result<u32, Fault> {
        self.by(world, |w| w.tiles().check_row(value))
    }

    /// A cell `(col, row)` of `world`'s tile map, the column judged first.
    pub(super) fn cell(&mut self, world: &SharedWorld, col: f64, row: f64) -> Result<(u32, u32), Fault> {
        let col = self.col(world, col)?;
        Ok((col, self.row(world, row)?))
    }

    /// A cell and one of its sides by name (`edge`, `door`, `setDoor`).
    pub(super) fn cell_side(
        &mut self,
        world: &SharedWorld,
        col: f64,
        row: f64,
        side: &str,
    ) -> Result<(u32, u32, Side), Fault> {
        let (col, row) = self.cell(world, col, row)?;
        Ok((col, row, self.arg(Side::from_name(side))?))
    }

    /// An optional whole number (`edgeLines`' range): the façade passes
    /// `undefined` and `null` as `None`.
    pub(super) fn opt_whole(&mut self, arg: &'static str, value: Option<f64>) -> Result<Option<u32>, Fault> {
        self.arg(value.map(|v| crate::error::whole_u32(arg, v)).transpose())
    }
}

/// An id (or any whole-number argument) as the core takes it: `value` when
/// it is a whole number in `u32` range, else the error of
/// [`crate::error::whole_u32`]. The everyday check is one conversion and one
/// comparison (an exact round trip through `u32`).
#[inline(always)]
pub(super) fn whole(arg: &'static str, value: f64) -> crate::error::Result<u32> {
    let whole = value as u32; // saturating; NaN becomes 0
    if f64::from(whole) == value {
        Ok(whole)
    } else {
        crate::error::whole_u32(arg, value)
    }
}
