//! Times along a moving box's path, ordered exactly: each is kept as the
//! formula that defines it in the `f64` inputs (a [`Recipe`]) and as an
//! interval that holds it, computed in floating point and rounded outward.
//! Two times are ordered by their intervals when those are apart, which is
//! nearly always; else the formulas decide: those of degree 2 in the
//! inputs (a face against a face, a slope against 0 or 1) by an exact sum
//! of products that needs no heap, the rest (a slope against a face, a
//! circle's root) in big integers at a common scale, as the rays' exact
//! order does (`ray/exact/`). So every comparison is exact for inputs of
//! any finite magnitude.

use std::cmp::Ordering;

use crate::ray::exact::{root_bound, sign_of_triples, Frac, Int, Interval, Param, Quadratic, Scale};
use crate::segment::{sign_of_products, sum_of_products, times_pow2};

/// A box moving in a straight line: its bounds at `t = 0` (per axis, 0 for
/// x and 1 for y) and its displacement over `t ∈ [0, 1]`, every number an
/// `f64` taken as an exact real.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxMotion {
    /// The box's smaller coordinate on each axis at `t = 0`.
    pub lo: [f64; 2],
    /// The box's larger coordinate on each axis at `t = 0`.
    pub hi: [f64; 2],
    /// The displacement over the whole motion.
    pub d: [f64; 2],
}

impl BoxMotion {
    /// Whether the box moves at all.
    #[must_use]
    pub fn moves(&self) -> bool {
        self.d != [0.0, 0.0]
    }
}

/// What defines a time exactly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Recipe {
    Zero,
    One,
    /// `(face + offset − side) / d[axis]`: a side of the box reaching a
    /// line (a face, or a face shifted by a radius).
    Face {
        axis: usize,
        face: f64,
        offset: f64,
        side: f64,
    },
    /// `((p − q) · n) / (d · n)` with `n = (b.y − a.y, a.x − b.x)`: a box
    /// corner `q` reaching the line through `p` across the slanted edge
    /// `a → b`.
    Slanted {
        a: (f64, f64),
        b: (f64, f64),
        p: (f64, f64),
        q: (f64, f64),
    },
    /// The smaller (or `larger`) root of `|s + t·d' − c|² = r²`, `d'` the
    /// displacement on the `moving` axes only: a point of the box reaching
    /// a circle.
    Root {
        s: (f64, f64),
        moving: [bool; 2],
        c: (f64, f64),
        r: f64,
        larger: bool,
    },
}

/// A time along a [`BoxMotion`]: its rounded value, an interval that holds
/// the exact one, and the formula of the exact one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Time {
    /// The value in floating point (within the interval).
    pub t: f64,
    pub lo: f64,
    pub hi: f64,
    pub recipe: Recipe,
}

/// The interval of a value not bounded usefully: the exact order decides.
const UNKNOWN: (f64, f64) = (f64::NEG_INFINITY, f64::INFINITY);

impl Time {
    pub(crate) const ZERO: Time = Time { t: 0.0, lo: 0.0, hi: 0.0, recipe: Recipe::Zero };
    pub(crate) const ONE: Time = Time { t: 1.0, lo: 1.0, hi: 1.0, recipe: Recipe::One };

    /// `(face + offset − side) / d[axis]` (the axis must move).
    #[inline]
    pub(crate) fn face(m: &BoxMotion, axis: usize, face: f64, offset: f64, side: f64) -> Time {
        let d = m.d[axis];
        let recipe = Recipe::Face { axis, face, offset, side };
        if offset == 0.0 {
            if face == side {
                return Time { recipe: Recipe::Zero, ..Time::ZERO };
            }
            // A difference and a quotient of exact inputs, each rounded
            // once: within 2 ulps of the true value, or an underflow.
            let t = (face - side) / d;
            if t.is_nan() {
                return Time { t, lo: UNKNOWN.0, hi: UNKNOWN.1, recipe };
            }
            if t.is_infinite() {
                // The quotient overflowed: the exact one is beyond the
                // largest float (a tiny displacement), far past 1.
                let (lo, hi) = if t > 0.0 {
                    (f64::MAX / 2.0, f64::INFINITY)
                } else {
                    (f64::NEG_INFINITY, -f64::MAX / 2.0)
                };
                return Time { t: t.clamp(-f64::MAX, f64::MAX), lo, hi, recipe };
            }
            let slack = 4.0 * (f64::EPSILON / 2.0) * t.abs() + 2.0 * f64::from_bits(1);
            return Time { t, lo: (t - slack).next_down(), hi: (t + slack).next_up(), recipe };
        }
        let t = (face + offset - side) / d;
        let bound = Interval::point(face)
            .add(Interval::point(offset))
            .sub(Interval::point(side))
            .div(Interval::point(d));
        Time::bounded(t, bound, recipe)
    }

    /// `((p − q) · n) / (d · n)`, `n = (b.y − a.y, a.x − b.x)`; `d · n` must
    /// not be zero.
    pub(crate) fn slanted(m: &BoxMotion, a: (f64, f64), b: (f64, f64), p: (f64, f64), q: (f64, f64)) -> Time {
        let recipe = Recipe::Slanted { a, b, p, q };
        // n scaled by a power of two to about a quarter (exact, and the
        // ratio stays): the products neither underflow nor overflow.
        let (n0, n1) = (b.1 - a.1, a.0 - b.0);
        let k = unit_scale(n0.abs().max(n1.abs()));
        // The displacement too, by a power of two undone on the quotient:
        // a tiny one would underflow against n.
        let speed = unit_exponent(m.d[0].abs().max(m.d[1].abs()));
        let (d0, d1) = (times_pow2(m.d[0], speed), times_pow2(m.d[1], speed));
        let u = ((p.0 - q.0) * (n0 * k) + (p.1 - q.1) * (n1 * k)) / (d0 * (n0 * k) + d1 * (n1 * k));
        let k = Interval::point(k);
        let (n0, n1) = (Interval::diff(b.1, a.1).mul(k), Interval::diff(a.0, b.0).mul(k));
        let num = Interval::diff(p.0, q.0).mul(n0).add(Interval::diff(p.1, q.1).mul(n1));
        let den = Interval::point(d0).mul(n0).add(Interval::point(d1).mul(n1));
        let bound = num.div(den).map(|i| Interval {
            lo: times_pow2(i.lo, speed).next_down(),
            hi: times_pow2(i.hi, speed).next_up(),
        });
        Time::bounded(times_pow2(u, speed), bound, recipe)
    }

    /// The smaller (or `larger`) root of `|s + t·d' − c|² = r²` (`d'`: the
    /// displacement on the `moving` axes, not all zero); the roots must be
    /// real ([`disc_sign`] greater than or equal to zero).
    pub(crate) fn root(
        m: &BoxMotion,
        s: (f64, f64),
        moving: [bool; 2],
        c: (f64, f64),
        r: f64,
        larger: bool,
    ) -> Time {
        if moving[0] != moving[1] {
            // Along one axis through the centre the roots are rational:
            // where the point is at the radius either side of it (a box
            // corner on a tile's line running into its arc's end).
            let axis = if moving[0] { 0 } else { 1 };
            let (p, q) = if moving[0] { (s.1, c.1) } else { (s.0, c.0) };
            if p == q {
                let (centre, side) = if axis == 0 { (c.0, s.0) } else { (c.1, s.1) };
                let offset = if larger == (m.d[axis] > 0.0) { r } else { -r };
                return Time::face(m, axis, centre, offset, side);
            }
        }
        let recipe = Recipe::Root { s, moving, c, r, larger };
        let q = ScaledQuadratic::new(m, s, moving, c, r);
        // Floating point, in the form that does not cancel.
        let (fa, fb, fc) = (q.a_value, q.b_value, q.c_value);
        let root = (fb * fb - fa * fc).max(0.0).sqrt();
        let u = match (larger, fb > 0.0) {
            (false, true) => (-fb - root) / fa,
            (false, false) => fc / (-fb + root),
            (true, false) => (-fb + root) / fa,
            (true, true) => fc / (-fb - root),
        };
        let u = if u.is_nan() { -fb / fa } else { u };
        let t = times_pow2(u, q.t_shift);
        let bound = root_bound(q.a, q.b, q.c, larger).map(|i| Interval {
            lo: times_pow2(i.lo, q.t_shift).next_down(),
            hi: times_pow2(i.hi, q.t_shift).next_up(),
        });
        Time::bounded(t, bound, recipe)
    }

    fn bounded(t: f64, bound: Option<Interval>, recipe: Recipe) -> Time {
        match bound {
            Some(i) if i.lo.is_finite() && i.hi.is_finite() => {
                Time { t: crate::float::clamp(t, i.lo, i.hi), lo: i.lo, hi: i.hi, recipe }
            }
            _ => Time { t, lo: UNKNOWN.0, hi: UNKNOWN.1, recipe },
        }
    }

    /// The rounded value, as a fraction of the motion in `[0, 1]`.
    pub(crate) fn value(&self) -> f64 {
        if self.t.is_nan() {
            0.0
        } else {
            self.t.clamp(0.0, 1.0)
        }
    }

    /// The order of two times of the same motion, exactly.
    #[inline]
    pub(crate) fn cmp(&self, other: &Time, m: &BoxMotion) -> Ordering {
        if self.hi < other.lo {
            return Ordering::Less;
        }
        if other.hi < self.lo {
            return Ordering::Greater;
        }
        // Outward rounding never yields a single point: one comes only
        // from an exact value.
        if (self.lo == self.hi && other.lo == other.hi && self.lo == other.lo) || self.recipe == other.recipe
        {
            return Ordering::Equal;
        }
        cmp_exact(&self.recipe, &other.recipe, m)
    }

    /// Whether `self` comes strictly before `other`.
    #[inline]
    pub(crate) fn before(&self, other: &Time, m: &BoxMotion) -> bool {
        self.cmp(other, m) == Ordering::Less
    }
}

/// A power of two's exponent that brings `v` (positive) to about a
/// quarter: scaling by it is exact.
fn unit_exponent(v: f64) -> i64 {
    if !(v > 0.0 && v.is_finite()) {
        return 0;
    }
    -(v.log2().floor() as i64) - 2
}

/// A power of two that brings `v` (positive) to about a quarter.
fn unit_scale(v: f64) -> f64 {
    2f64.powi(unit_exponent(v).clamp(-1000, 1000) as i32)
}

/// The quadratic of [`Time::root`] in `u = t·2^(−t_shift)`: lengths (the
/// point's offset from the centre, the radius) scaled to about 1 by one
/// power of two and the displacement by another, so that nothing
/// underflows or overflows whatever the sizes; each coefficient the exact
/// sum of its products rounded once, so that none loses its digits to
/// cancellation (the point near the circle), and enclosed to 2 ulps.
struct ScaledQuadratic {
    a: Interval,
    b: Interval,
    c: Interval,
    a_value: f64,
    b_value: f64,
    c_value: f64,
    t_shift: i64,
}

impl ScaledQuadratic {
    fn new(m: &BoxMotion, s: (f64, f64), moving: [bool; 2], c: (f64, f64), r: f64) -> ScaledQuadratic {
        let dx = if moving[0] { m.d[0] } else { 0.0 };
        let dy = if moving[1] { m.d[1] } else { 0.0 };
        let lengths = unit_exponent((s.0 - c.0).abs().max((s.1 - c.1).abs()).max(r));
        let speed = unit_exponent(dx.abs().max(dy.abs()));
        let around = |v: f64| Interval { lo: v.next_down().next_down(), hi: v.next_up().next_up() };
        let a = sum_of_products(&[(dx, dx, false), (dy, dy, false)], 2 * speed);
        let b = sum_of_products(
            &[(s.0, dx, false), (c.0, dx, true), (s.1, dy, false), (c.1, dy, true)],
            lengths + speed,
        );
        let cc = sum_of_products(
            &[
                (s.0, s.0, false),
                (s.0, c.0, true),
                (s.0, c.0, true),
                (c.0, c.0, false),
                (s.1, s.1, false),
                (s.1, c.1, true),
                (s.1, c.1, true),
                (c.1, c.1, false),
                (r, r, true),
            ],
            2 * lengths,
        );
        let exact_zero = |v: f64, i: Interval| if v == 0.0 { Interval::ZERO } else { i };
        ScaledQuadratic {
            a: exact_zero(a, around(a)),
            b: exact_zero(b, around(b)),
            c: exact_zero(cc, around(cc)),
            a_value: a,
            b_value: b,
            c_value: cc,
            // t = u · 2^(speed − lengths).
            t_shift: speed - lengths,
        }
    }
}

/// The sign of `B² − A·C` for [`Time::root`]'s quadratic: whether the
/// point's line meets the circle at two points (`Greater`), touches it
/// (`Equal`) or misses it (`Less`). Exact.
pub(crate) fn disc_sign(m: &BoxMotion, s: (f64, f64), moving: [bool; 2], c: (f64, f64), r: f64) -> Ordering {
    if moving[0] != moving[1] {
        // Along one axis: B² − A·C = d²·(r² − f²), f the offset across
        // it — of degree 2, exact without the heap. (A square's side lies
        // at the radius from a quarter circle's centre: this is the
        // tangent every hollow tile's far corner runs along.)
        let (p, q) = if moving[0] { (s.1, c.1) } else { (s.0, c.0) };
        return sign_of_products(&[(r, r, false), (p, p, true), (p, q, false), (p, q, false), (q, q, true)]);
    }
    let q = ScaledQuadratic::new(m, s, moving, c, r);
    // An interval is zero only when made of exact zeros: its sign is sure.
    if let Some(sign) = q.b.mul(q.b).sub(q.a.mul(q.c)).sign() {
        return sign;
    }
    let recipe = Recipe::Root { s, moving, c, r, larger: false };
    let mut inputs = Inputs::default();
    inputs.push_motion(m);
    inputs.push(&recipe);
    let scale = Scale::of(inputs.values());
    let q = quadratic(&scale, m, s, moving, c, r);
    q.sign_at_vertex().reverse()
}

/// The exact order of two recipes' values.
#[cold]
fn cmp_exact(a: &Recipe, b: &Recipe, m: &BoxMotion) -> Ordering {
    if let (Some(x), Some(y)) = (Linear::of(a, m), Linear::of(b, m)) {
        return x.cmp(&y);
    }
    match (a, b) {
        (Recipe::Slanted { .. }, Recipe::Zero | Recipe::One) => return slanted_vs_constant(a, b, m),
        (Recipe::Zero | Recipe::One, Recipe::Slanted { .. }) => {
            return slanted_vs_constant(b, a, m).reverse()
        }
        (Recipe::Slanted { .. }, Recipe::Face { .. }) => return slanted_vs_linear(a, b, m),
        (Recipe::Face { .. }, Recipe::Slanted { .. }) => return slanted_vs_linear(b, a, m).reverse(),
        (Recipe::Root { .. }, Recipe::Zero | Recipe::One) => return constant_vs_root(b, a, m).reverse(),
        (Recipe::Zero | Recipe::One, Recipe::Root { .. }) => return constant_vs_root(a, b, m),
        _ => {}
    }
    let mut inputs = Inputs::default();
    inputs.push_motion(m);
    inputs.push(a);
    inputs.push(b);
    let scale = Scale::of(inputs.values());
    param(&scale, a, m).cmp(&param(&scale, b, m))
}

/// A time `(Σ terms) / den` whose numerator is a sum of `f64`s: 0, 1 and
/// the faces. Two of them compare by an exact sum of products.
struct Linear {
    terms: [(f64, bool); 3],
    den: f64,
}

impl Linear {
    fn of(r: &Recipe, m: &BoxMotion) -> Option<Linear> {
        Some(match *r {
            Recipe::Zero => Linear { terms: [(0.0, false); 3], den: 1.0 },
            Recipe::One => Linear { terms: [(1.0, false), (0.0, false), (0.0, false)], den: 1.0 },
            Recipe::Face { axis, face, offset, side } => {
                Linear { terms: [(face, false), (offset, false), (side, true)], den: m.d[axis] }
            }
            _ => return None,
        })
    }

    /// `n₁/d₁` against `n₂/d₂`: the sign of `n₁·d₂ − n₂·d₁` times that of
    /// `d₁·d₂`.
    fn cmp(&self, other: &Linear) -> Ordering {
        let mut products = [(0.0, 0.0, false); 6];
        for (k, &(v, negative)) in self.terms.iter().enumerate() {
            products[k] = (v, other.den, negative);
        }
        for (k, &(v, negative)) in other.terms.iter().enumerate() {
            products[3 + k] = (v, self.den, !negative);
        }
        let sign = sign_of_products(&products);
        if (self.den < 0.0) != (other.den < 0.0) {
            sign.reverse()
        } else {
            sign
        }
    }
}

/// A slanted time against 0 or 1: the signs of `N − k·D` and `D`, both
/// sums of products of the inputs.
fn slanted_vs_constant(slanted: &Recipe, constant: &Recipe, m: &BoxMotion) -> Ordering {
    let k = matches!(constant, Recipe::One);
    // N = (p − q) · n, D = d · n, n = (b.y − a.y, a.x − b.x).
    let (numerator, denominator) = slanted_products(slanted, m);
    let mut difference = [(0.0, 0.0, false); 12];
    difference[..8].copy_from_slice(&numerator);
    if k {
        for (slot, &(x, y, negative)) in difference[8..].iter_mut().zip(&denominator) {
            *slot = (x, y, !negative);
        }
    }
    let sign = sign_of_products(&difference);
    match sign_of_products(&denominator) {
        Ordering::Less => sign.reverse(),
        _ => sign,
    }
}

/// `(p, q, negative)`: the term `±p·q` of a sum of products.
pub(super) type Product = (f64, f64, bool);

/// The products of a slanted time's numerator `N = (p − q)·n` and
/// denominator `D = d·n`, `n = (b.y − a.y, a.x − b.x)`.
fn slanted_products(r: &Recipe, m: &BoxMotion) -> ([Product; 8], [Product; 4]) {
    let Recipe::Slanted { a, b, p, q } = *r else { unreachable!("a slanted time") };
    (
        dot_products(p, q, a, b),
        [(m.d[0], b.1, false), (m.d[0], a.1, true), (m.d[1], a.0, false), (m.d[1], b.0, true)],
    )
}

/// The eight products of `(p − q) · n`, `n = (b.y − a.y, a.x − b.x)`.
pub(super) fn dot_products(p: (f64, f64), q: (f64, f64), a: (f64, f64), b: (f64, f64)) -> [Product; 8] {
    [
        (p.0, b.1, false),
        (p.0, a.1, true),
        (q.0, b.1, true),
        (q.0, a.1, false),
        (p.1, a.0, false),
        (p.1, b.0, true),
        (q.1, a.0, true),
        (q.1, b.0, false),
    ]
}

/// A slanted time `N/D` against a face's `n/d`: the sign of `N·d − n·D`
/// (of degree 3, exact on the stack) times those of `D` and `d`.
fn slanted_vs_linear(slanted: &Recipe, face: &Recipe, m: &BoxMotion) -> Ordering {
    let (num, den) = slanted_products(slanted, m);
    let Some(linear) = Linear::of(face, m) else { unreachable!("a face") };
    let mut triples = [(0.0, 0.0, 0.0, false); 20];
    for (slot, &(x, y, negative)) in triples.iter_mut().zip(&num) {
        *slot = (x, y, linear.den, negative);
    }
    for (k, &(v, v_negative)) in linear.terms.iter().enumerate() {
        for (j, &(x, y, negative)) in den.iter().enumerate() {
            triples[8 + 4 * k + j] = (v, x, y, !(v_negative ^ negative));
        }
    }
    let sign = sign_of_triples(&triples);
    let d_sign = sign_of_products(&den);
    if (d_sign == Ordering::Less) != (linear.den < 0.0) {
        sign.reverse()
    } else {
        sign
    }
}

/// 0 or 1 against a root: the sign of the quadratic there and the side of
/// its vertex, both of degree 2 in the inputs (no heap), placed as
/// `rational.rs` places a rational among the roots.
fn constant_vs_root(constant: &Recipe, root: &Recipe, m: &BoxMotion) -> Ordering {
    let Recipe::Root { s, moving, c, r, larger } = *root else { unreachable!("a root") };
    let dx = if moving[0] { m.d[0] } else { 0.0 };
    let dy = if moving[1] { m.d[1] } else { 0.0 };
    // A·p² + 2B·p + C and A·p + B at p = 0 or 1, as sums of products:
    // A = |d'|², B = (s − c)·d', C = |s − c|² − r².
    let a = [(dx, dx, false), (dy, dy, false)];
    let b = [(s.0, dx, false), (c.0, dx, true), (s.1, dy, false), (c.1, dy, true)];
    let cc = [
        (s.0, s.0, false),
        (s.0, c.0, true),
        (s.0, c.0, true),
        (c.0, c.0, false),
        (s.1, s.1, false),
        (s.1, c.1, true),
        (s.1, c.1, true),
        (c.1, c.1, false),
        (r, r, true),
    ];
    let mut terms = Terms::default();
    let (value, side) = if matches!(constant, Recipe::One) {
        terms.extend(&a);
        terms.extend(&b);
        terms.extend(&b);
        terms.extend(&cc);
        let value = sign_of_products(terms.all());
        let mut near = Terms::default();
        near.extend(&a);
        near.extend(&b);
        (value, sign_of_products(near.all()))
    } else {
        (sign_of_products(&cc), sign_of_products(&b))
    };
    match value {
        // p is a root: the smaller one unless past the vertex.
        Ordering::Equal => match (larger, side) {
            (false, Ordering::Greater) => Ordering::Greater,
            (true, Ordering::Less) => Ordering::Less,
            _ => Ordering::Equal,
        },
        // Between the roots.
        Ordering::Less => {
            if larger {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        }
        // Outside both: before them when left of the vertex.
        Ordering::Greater => {
            if side == Ordering::Less {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        }
    }
}

/// A short list of products on the stack.
struct Terms {
    terms: [(f64, f64, bool); 20],
    len: usize,
}

impl Default for Terms {
    fn default() -> Terms {
        Terms { terms: [(0.0, 0.0, false); 20], len: 0 }
    }
}

impl Terms {
    fn extend(&mut self, more: &[(f64, f64, bool)]) {
        self.terms[self.len..self.len + more.len()].copy_from_slice(more);
        self.len += more.len();
    }

    fn all(&self) -> &[(f64, f64, bool)] {
        &self.terms[..self.len]
    }
}

/// The `f64`s of the formulas being compared, for their common scale.
#[derive(Default)]
struct Inputs {
    values: [f64; 24],
    len: usize,
}

impl Inputs {
    fn add(&mut self, v: f64) {
        self.values[self.len] = v;
        self.len += 1;
    }

    fn push_motion(&mut self, m: &BoxMotion) {
        self.add(m.d[0]);
        self.add(m.d[1]);
    }

    fn push(&mut self, r: &Recipe) {
        match *r {
            Recipe::Zero | Recipe::One => {}
            Recipe::Face { face, offset, side, .. } => {
                self.add(face);
                self.add(offset);
                self.add(side);
            }
            Recipe::Slanted { a, b, p, q } => {
                for v in [a.0, a.1, b.0, b.1, p.0, p.1, q.0, q.1] {
                    self.add(v);
                }
            }
            Recipe::Root { s, c, r, .. } => {
                for v in [s.0, s.1, c.0, c.1, r] {
                    self.add(v);
                }
            }
        }
    }

    fn values(&self) -> &[f64] {
        &self.values[..self.len]
    }
}

/// The recipe's exact value at `scale`.
fn param(scale: &Scale, r: &Recipe, m: &BoxMotion) -> Param {
    let int = |v: f64| scale.int(v);
    match *r {
        Recipe::Zero => Param::At(Frac::int(0)),
        Recipe::One => Param::At(Frac::int(1)),
        Recipe::Face { axis, face, offset, side } => {
            Param::At(Frac::new(int(face) + int(offset) - int(side), int(m.d[axis])))
        }
        Recipe::Slanted { a, b, p, q } => {
            let (n0, n1) = (int(b.1) - int(a.1), int(a.0) - int(b.0));
            let num = (int(p.0) - int(q.0)) * &n0 + (int(p.1) - int(q.1)) * &n1;
            let den = int(m.d[0]) * &n0 + int(m.d[1]) * &n1;
            Param::At(Frac::new(num, den))
        }
        Recipe::Root { s, moving, c, r, larger } => {
            Param::Root { q: quadratic(scale, m, s, moving, c, r), larger }
        }
    }
}

fn quadratic(
    scale: &Scale,
    m: &BoxMotion,
    s: (f64, f64),
    moving: [bool; 2],
    c: (f64, f64),
    r: f64,
) -> Quadratic {
    let int = |v: f64| scale.int(v);
    let dx = if moving[0] { int(m.d[0]) } else { Int::zero() };
    let dy = if moving[1] { int(m.d[1]) } else { Int::zero() };
    let (ox, oy) = (int(s.0) - int(c.0), int(s.1) - int(c.1));
    let r = int(r);
    Quadratic { a: &dx * &dx + &dy * &dy, b: &ox * &dx + &oy * &dy, c: &ox * &ox + &oy * &oy - &r * &r }
}
