//! The Done-when test of issue 34 for the tile-aware step: colliders of
//! several sizes fired at a wall of full tiles, at a line of closed doors
//! and into corners, at speeds from 1 to 1e308 units a second and `dt`
//! from 1e-4 to 1, bouncing or sliding. None may cross, none may end
//! inside a tile, and below the contact budget each must end where an
//! exact motion puts it: the reference here, in big rationals, from
//! contact to contact against the same walls, tiles and doors (all of them
//! boxes), independent of `crate::sweep`. A failure prints its seed.
#![allow(clippy::needless_range_loop)] // axes index several arrays at once

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::geometry::Aabb;
use crate::scene::Rng;
use crate::world::{TileResponse, World, CONTACT_BUDGET};

type Q = BigRational;

fn q(v: f64) -> Q {
    BigRational::from_float(v).expect("finite")
}

fn to_f64(v: &Q) -> f64 {
    // Enough for comparing positions of ordinary size.
    let n: f64 = v.numer().to_string().parse().unwrap_or(f64::NAN);
    let d: f64 = v.denom().to_string().parse().unwrap_or(f64::NAN);
    if n.is_finite() && d.is_finite() {
        n / d
    } else {
        let shift = v.numer().bits() as i64 - v.denom().bits() as i64;
        let scaled = v / Q::from_integer(num_bigint::BigInt::from(2).pow(shift.max(0) as u32));
        to_f64(&scaled) * 2f64.powi(shift.max(0) as i32)
    }
}

/// What the test fires at.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Target {
    /// Full tiles in column 10, every row.
    Wall,
    /// Closed doors on the vertical line 10, every row.
    Doors,
    /// Full tiles in column 10 and in row 5 left of it: a corner at
    /// (160, 80) to drive into from above left.
    Corner,
}

const TILE: f64 = 16.0;
const COLS: u32 = 20;
const ROWS: u32 = 10;

fn scene(target: Target) -> World {
    let mut w = World::new(f64::from(COLS) * TILE, f64::from(ROWS) * TILE).unwrap();
    w.tiles_mut().reset(COLS, ROWS, TILE).unwrap();
    for row in 0..ROWS {
        match target {
            Target::Doors => w
                .tiles_mut()
                .set_door(10, row, crate::tile_grid::Side::Left, Some(crate::tile_grid::Door::Closed))
                .unwrap(),
            _ => w.tiles_mut().set_tile_named(10, row, "full").unwrap(),
        }
    }
    if target == Target::Corner {
        for col in 0..10 {
            w.tiles_mut().set_tile_named(col, 5, "full").unwrap();
        }
    }
    w
}

/// The solids of the scene as closed boxes (a door: a box of no width).
fn solids(w: &World) -> Vec<[Q; 4]> {
    let grid = w.tiles();
    let mut out = Vec::new();
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            if !grid.tile(col, row).unwrap().is_empty() {
                let b = grid.tile_bounds(col, row).unwrap();
                out.push([q(b.min_x), q(b.min_y), q(b.max_x), q(b.max_y)]);
            }
            if grid.door(col, row, crate::tile_grid::Side::Left).unwrap()
                == Some(crate::tile_grid::Door::Closed)
            {
                let b = grid.tile_bounds(col, row).unwrap();
                out.push([q(b.min_x), q(b.min_y), q(b.min_x), q(b.max_y)]);
            }
        }
    }
    out
}

/// A box's exact motion through one step: position (min corner), size,
/// velocity, and the contacts it met.
struct Exact {
    pos: [Q; 2],
    size: [Q; 2],
    vel: [Q; 2],
    contacts: u32,
}

impl Exact {
    /// One step of `dt`, contact to contact, as the World's step promises:
    /// the first time the interiors of the box and a solid start to
    /// overlap (or the box passes a wall it lies inside), respond, go on.
    fn step(&mut self, solids: &[[Q; 4]], room: [Q; 2], dt: &Q, response: TileResponse) {
        let mut left = dt.clone();
        let inside =
            |p: &[Q; 2], s: &[Q; 2], axis: usize| p[axis] >= Q::zero() && &p[axis] + &s[axis] <= room[axis];
        while left > Q::zero() && !(self.vel[0].is_zero() && self.vel[1].is_zero()) {
            // The first contact: (time, normals of what is met then).
            let mut first: Option<(Q, Vec<[i8; 2]>)> = None;
            let offer = |t: Q, n: [i8; 2], first: &mut Option<(Q, Vec<[i8; 2]>)>| match first {
                Some((f, ns)) if *f == t => ns.push(n),
                Some((f, _)) if *f < t => {}
                _ => *first = Some((t, vec![n])),
            };
            for axis in 0..2 {
                let v = &self.vel[axis];
                if v.is_zero() || !inside(&self.pos, &self.size, axis) {
                    continue;
                }
                let (t, sign) = if v.is_positive() {
                    ((&room[axis] - &self.pos[axis] - &self.size[axis]) / v, -1)
                } else {
                    (-&self.pos[axis] / v, 1)
                };
                offer(t, if axis == 0 { [sign, 0] } else { [0, sign] }, &mut first);
            }
            for s in solids {
                // Per axis: the open window of times the projections overlap.
                let (mut enter, mut exit): (Option<(Q, [i8; 2])>, Option<Q>) = (None, None);
                let mut never = false;
                for axis in 0..2 {
                    let (lo, hi) = (&self.pos[axis], &self.pos[axis] + &self.size[axis]);
                    let (s_lo, s_hi) = (&s[axis], &s[axis + 2]);
                    let v = &self.vel[axis];
                    if v.is_zero() {
                        if !(lo < s_hi && s_lo < &hi) {
                            never = true;
                        }
                        continue;
                    }
                    let (e, x, sign) = if v.is_positive() {
                        ((s_lo - &hi) / v, (s_hi - lo) / v, -1)
                    } else {
                        ((s_hi - lo) / v, (s_lo - &hi) / v, 1)
                    };
                    let n = if axis == 0 { [sign, 0] } else { [0, sign] };
                    enter = Some(match enter {
                        None => (e, n),
                        Some((f, m)) if f == e => (f, [m[0] + n[0], m[1] + n[1]]),
                        Some((f, m)) if f > e => (f, m),
                        _ => (e, n),
                    });
                    exit = Some(match exit {
                        Some(x0) if x0 < x => x0,
                        _ => x,
                    });
                }
                let Some((e, n)) = enter else { continue };
                let x = exit.unwrap();
                if never || e >= x || x <= Q::zero() {
                    continue;
                }
                assert!(e >= Q::zero(), "the box starts inside a solid");
                offer(e, n, &mut first);
            }
            let Some((t, normals)) = first.filter(|(t, _)| *t < left) else {
                for axis in 0..2 {
                    self.pos[axis] += &self.vel[axis] * &left;
                }
                return;
            };
            for axis in 0..2 {
                self.pos[axis] += &self.vel[axis] * &t;
            }
            left -= &t;
            // Respond to each surface met that the velocity still goes into.
            for n in normals {
                let into = q(f64::from(n[0])) * &self.vel[0] + q(f64::from(n[1])) * &self.vel[1];
                if !into.is_negative() {
                    continue;
                }
                let k = if response == TileResponse::Bounce { q(2.0) } else { Q::one() };
                // n·n is 1 for a face, 2 for a corner met exactly.
                let nn = q(f64::from(n[0] * n[0] + n[1] * n[1]));
                for axis in 0..2 {
                    self.vel[axis] -= &k * &into * q(f64::from(n[axis])) / &nn;
                }
                self.contacts += 1;
                if self.contacts >= CONTACT_BUDGET {
                    return;
                }
            }
        }
    }
}

/// Whether a box lies on the start side of the target: left of column 10
/// (and, in the corner, above row 5 or left of it).
fn on_start_side(target: Target, b: &Aabb) -> bool {
    match target {
        Target::Wall | Target::Doors => b.max_x <= 10.0 * TILE,
        Target::Corner => b.max_x <= 10.0 * TILE && b.max_y <= 5.0 * TILE,
    }
}

#[test]
fn colliders_fired_at_walls_doors_and_corners_never_cross_and_move_as_the_exact_motion() {
    let mut failures = Vec::new();
    let mut compared = 0;
    let mut with_contacts = 0;
    for seed in 0..600u64 {
        let mut rng = Rng::new(0x3434 ^ seed);
        let target = [Target::Wall, Target::Doors, Target::Corner][(seed % 3) as usize];
        let response = if seed % 2 == 0 { TileResponse::Bounce } else { TileResponse::Slide };
        let size = [0.01, 0.5, 2.0, 7.5, 20.0][rng.below(5) as usize];
        let speed = 10f64.powf(rng.range(0.0, 308.0));
        let dt = 10f64.powf(rng.range(-4.0, 0.0));
        let mut w = scene(target);
        let top = if target == Target::Corner { 5.0 * TILE - size } else { f64::from(ROWS) * TILE - size };
        let (x, y) = (rng.range(0.0, 10.0 * TILE - size), rng.range(0.0, top));
        let id = w.insert(x, y, size, size).unwrap();
        // At the target: rightwards (and down, for the corner).
        let angle = match target {
            Target::Corner => rng.range(0.1, 1.4),
            _ => rng.range(-1.4, 1.4),
        };
        let (vx, vy) = (speed * angle.cos(), speed * angle.sin());
        w.set_velocity(id, vx, vy).unwrap();
        w.set_tile_response(id, response).unwrap();
        let all = solids(&w);
        let room = [q(w.width), q(w.height)];
        // The box as stored: its far sides rounded once.
        let extent = |p: f64| q(p + size) - q(p);
        let mut exact =
            Exact { pos: [q(x), q(y)], size: [extent(x), extent(y)], vel: [q(vx), q(vy)], contacts: 0 };
        let mut exact_valid = true;
        for step in 0..3 {
            w.step(dt).unwrap();
            let [bx, by, bw, bh] = w.box_of(id).unwrap();
            let b = Aabb::from_xywh(bx, by, bw, bh);
            let what = format!("seed {seed} ({target:?}, {response:?}, size {size}, speed {speed:e}, dt {dt:e}), step {step}");
            if !on_start_side(target, &b) {
                failures.push(format!("{what}: crossed to {b:?}"));
                break;
            }
            if crate::sweep::box_overlaps(w.tiles(), &b) {
                failures.push(format!("{what}: ended inside a tile at {b:?}"));
                break;
            }
            // The exact motion, while neither has met the budget. A
            // contact within rounding of the step's end may fall on either
            // side of it (the World moves by the rounded v × dt): then the
            // exact motion of a step a hair longer or shorter must agree.
            let [mvx, mvy] = w.velocity(id).unwrap();
            let tol = 1e-9 * f64::from(COLS) * TILE;
            let vtol = 1e-9 * speed;
            let mut outcome = None;
            for hair in [0.0, 1e-12, -1e-12] {
                let mut e = Exact {
                    pos: exact.pos.clone(),
                    size: exact.size.clone(),
                    vel: exact.vel.clone(),
                    contacts: 0,
                };
                e.step(&all, room.clone(), &(q(dt) * q(1.0 + hair)), response);
                let [evx, evy] = [to_f64(&e.vel[0]), to_f64(&e.vel[1])];
                let [ex, ey] = [to_f64(&e.pos[0]), to_f64(&e.pos[1])];
                let agrees = (ex - bx).abs() <= tol
                    && (ey - by).abs() <= tol
                    && (evx - mvx).abs() <= vtol
                    && (evy - mvy).abs() <= vtol;
                let below = e.contacts < CONTACT_BUDGET;
                if hair == 0.0 {
                    outcome = Some((ex, ey, evx, evy, e.contacts, below));
                }
                if agrees || !below {
                    outcome = outcome.map(|o| (o.0, o.1, o.2, o.3, o.4, below && agrees));
                    break;
                }
            }
            let (ex, ey, evx, evy, contacts, ok) = outcome.unwrap();
            exact_valid &= w.tile_budget_stops() == 0 && contacts < CONTACT_BUDGET;
            if !exact_valid {
                continue;
            }
            compared += 1;
            with_contacts += u32::from(contacts > 0);
            if !ok {
                failures.push(format!(
                    "{what}: at ({bx}, {by}) moving ({mvx}, {mvy}); the exact motion at ({ex}, {ey}) moving ({evx}, {evy}) after {contacts} contacts"
                ));
                break;
            }
            // Go on from where the World is (its rounding, not ours).
            exact.pos = [q(bx), q(by)];
            exact.size = [extent(bx), extent(by)];
            exact.vel = [q(mvx), q(mvy)];
        }
        w.validate().unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    assert!(
        compared > 600 && with_contacts > 200,
        "only {compared} steps below the budget, {with_contacts} with contacts"
    );
}

#[test]
fn the_corner_case_of_issue_34_moves_as_the_exact_motion() {
    for response in [TileResponse::Bounce, TileResponse::Slide] {
        let mut w = World::new(64.0, 32.0).unwrap();
        w.tiles_mut().reset(8, 4, 8.0).unwrap();
        for r in 0..4 {
            w.tiles_mut().set_tile_named(4, r, "full").unwrap();
        }
        w.tiles_mut().set_tile_named(3, 1, "full").unwrap();
        let id = w.insert(29.5, 5.5, 2.0, 2.0).unwrap();
        w.set_velocity(id, 10.0, 10.0).unwrap();
        w.set_tile_response(id, response).unwrap();
        let all = solids(&w);
        let mut exact =
            Exact { pos: [q(29.5), q(5.5)], size: [q(2.0), q(2.0)], vel: [q(10.0), q(10.0)], contacts: 0 };
        for step in 0..4 {
            w.step(1.0 / 60.0).unwrap();
            let [bx, by, ..] = w.box_of(id).unwrap();
            let [vx, vy] = w.velocity(id).unwrap();
            assert!(
                bx + 2.0 <= 32.0
                    && !crate::sweep::box_overlaps(w.tiles(), &Aabb::from_xywh(bx, by, 2.0, 2.0))
            );
            // The corner is met exactly at the end of the third step: the
            // World's rounded v × dt may meet it then or at the start of
            // the fourth, so the exact motion of a step a hair longer or
            // shorter must agree.
            let agrees = [0.0, 1e-12, -1e-12].iter().any(|hair| {
                let mut e = Exact {
                    pos: exact.pos.clone(),
                    size: exact.size.clone(),
                    vel: exact.vel.clone(),
                    contacts: 0,
                };
                e.step(&all, [q(64.0), q(32.0)], &(q(1.0 / 60.0) * q(1.0 + hair)), response);
                let (ex, ey) = (to_f64(&e.pos[0]), to_f64(&e.pos[1]));
                (bx - ex).abs() < 1e-12
                    && (by - ey).abs() < 1e-12
                    && [vx, vy] == [to_f64(&e.vel[0]), to_f64(&e.vel[1])]
            });
            assert!(agrees, "{response:?} step {step}: ({bx}, {by}) moving ({vx}, {vy})");
            exact.pos = [q(bx), q(by)];
            exact.vel = [q(vx), q(vy)];
        }
    }
}
