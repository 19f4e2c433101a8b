//! Exact geometric predicates on `f64` inputs of any finite magnitude
//! (5e-324 … 1.8e308, both signs, mixed): the sign of the orientation
//! determinant, and a line's coordinate at a given line of the other axis
//! computed from exact sums (correct to a few ulps however large the ends).
//!
//! The orientation is decided by a floating filter first (Shewchuk's error
//! bound for `orient2d`, plus a term for underflow): on ordinary inputs a
//! handful of flops. When the filter cannot decide (the point is within
//! rounding of the line, or a difference or product overflows or
//! underflows) the determinant is expanded into six products of inputs,
//! each exact as a 106-bit integer times a power of two, and summed exactly
//! in a fixed-point integer wide enough for every exponent an `f64` product
//! can have ([`Wide`]). No input is rescaled, so nothing is lost to
//! overflow or underflow.

use std::cmp::Ordering;

/// `(3 + 16ε)ε` with `ε = 2⁻⁵³`: Shewchuk's `ccwerrboundA`, the relative
/// error bound of the filtered determinant (differences and products
/// rounded once each).
const ORIENT_ERROR: f64 = (3.0 + 16.0 * f64::EPSILON / 2.0) * (f64::EPSILON / 2.0);

/// Absolute slack for products that underflow (each loses at most half of
/// the smallest subnormal); far below any normal product.
const UNDERFLOW_SLACK: f64 = 1e-300 * 1e-7;

/// The sign of `(bx − ax)(cy − ay) − (by − ay)(cx − ax)`: `Greater` when
/// `c` is to the left of `a → b` in a y-up frame (to its right on a y-down
/// screen), `Equal` exactly when the three points are collinear. Exact for
/// all finite inputs.
#[inline]
pub(crate) fn orient(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64) -> Ordering {
    let left = (bx - ax) * (cy - ay);
    let right = (by - ay) * (cx - ax);
    let det = left - right;
    let bound = ORIENT_ERROR * (left.abs() + right.abs()) + UNDERFLOW_SLACK;
    // NaN (an overflowed ∞ − ∞) and ∞ fail both tests and go exact.
    if det > bound {
        Ordering::Greater
    } else if -det > bound {
        Ordering::Less
    } else if (cx == ax && cy == ay) || (cx == bx && cy == by) || (ax == bx && ay == by) {
        // Two of the points coincide: collinear, without the long sum.
        Ordering::Equal
    } else {
        orient_exact(ax, ay, bx, by, cx, cy)
    }
}

/// [`orient`] without the filter: the six products of the expanded
/// determinant (`ax·ay` cancels) summed exactly.
#[cold]
pub(crate) fn orient_exact(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64) -> Ordering {
    let mut sum = Wide::zero();
    for (p, q, negative) in
        [(bx, cy, false), (bx, ay, true), (ax, cy, true), (by, cx, true), (by, ax, false), (ay, cx, false)]
    {
        sum.add_product(p, q, negative);
    }
    sum.sign()
}

/// The sign of `Σ ±p·q` over `terms` (`(p, q, negative)`), exactly, for
/// any finite inputs: every predicate of degree 2 in `f64` inputs (a
/// difference times a difference expands into such products) without the
/// heap. Only a handful of terms: the sum must stay far below `2^2048`.
pub(crate) fn sign_of_products(terms: &[(f64, f64, bool)]) -> Ordering {
    let mut sum = Wide::zero();
    for &(p, q, negative) in terms {
        sum.add_product(p, q, negative);
    }
    sum.sign()
}

/// `Σ ±p·q` over `terms`, times `2^shift`, rounded to an `f64` within an
/// ulp (two for a subnormal result): the exact sum, rounded once, however
/// much its terms cancel. Saturates to `±f64::MAX`, flushes to 0.
pub(crate) fn sum_of_products(terms: &[(f64, f64, bool)], shift: i64) -> f64 {
    let mut sum = Wide::zero();
    for &(p, q, negative) in terms {
        sum.add_product(p, q, negative);
    }
    match sum.to_float() {
        None => 0.0,
        Some((m, e)) => scale(m, e + shift),
    }
}

/// `v · 2^e`, saturating to `±f64::MAX` and flushing to 0.
pub(crate) fn times_pow2(v: f64, e: i64) -> f64 {
    scale(v, e)
}

/// The `y` at which the line through `(x0, y0)`, `(x1, y1)` (with
/// `x0 != x1`) crosses `x = at`, computed from the exact numerator
/// `y0·x1 + at·y1 − at·y0 − x0·y1` and denominator `x1 − x0`, each rounded
/// once: within a few ulps of the true value for ends of any magnitude
/// (where `y0 + t·(y1 − y0)` would lose everything to cancellation).
/// Saturates to `±f64::MAX` if the true value is beyond it.
pub(crate) fn line_at(x0: f64, y0: f64, x1: f64, y1: f64, at: f64) -> f64 {
    let mut num = Wide::zero();
    num.add_product(y0, x1, false);
    num.add_product(at, y1, false);
    num.add_product(at, y0, true);
    num.add_product(x0, y1, true);
    let mut den = Wide::zero();
    den.add_product(x1, 1.0, false);
    den.add_product(x0, 1.0, true);
    let (Some((nm, ne)), Some((dm, de))) = (num.to_float(), den.to_float()) else {
        return 0.0;
    };
    let m = nm / dm; // in (1/2, 2) in magnitude, one rounding
    let e = ne - de;
    scale(m, e)
}

/// Whether the closed segment `a → b` touches the closed convex polygon
/// `vertices` (in order, either winding; repeated vertices and flat
/// polygons — a door — allowed), exactly: no separating axis among the
/// coordinate axes, the polygon's edge normals and the segment's normal.
pub(crate) fn segment_touches_convex(a: (f64, f64), b: (f64, f64), vertices: &[(f64, f64)]) -> bool {
    let (mut x_lo, mut x_hi, mut y_lo, mut y_hi) =
        (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
    for &(x, y) in vertices {
        x_lo = x_lo.min(x);
        x_hi = x_hi.max(x);
        y_lo = y_lo.min(y);
        y_hi = y_hi.max(y);
    }
    if a.0.max(b.0) < x_lo || a.0.min(b.0) > x_hi || a.1.max(b.1) < y_lo || a.1.min(b.1) > y_hi {
        return false;
    }
    let side = |p: (f64, f64), q: (f64, f64), c: (f64, f64)| orient(p.0, p.1, q.0, q.1, c.0, c.1);
    // The segment's normal: every vertex strictly on one side separates.
    if a != b {
        let first = side(a, b, vertices[0]);
        if first != Ordering::Equal && vertices[1..].iter().all(|&v| side(a, b, v) == first) {
            return false;
        }
    }
    // The sloped edges' normals (an axis-aligned edge's normal is an axis,
    // done above): both ends strictly outside separates.
    let n = vertices.len();
    for i in 0..n {
        let (p, q) = (vertices[i], vertices[(i + 1) % n]);
        if p.0 == q.0 || p.1 == q.1 {
            continue;
        }
        let Some(inside) = vertices
            .iter()
            .filter(|&&v| v != p && v != q)
            .map(|&v| side(p, q, v))
            .find(|&s| s != Ordering::Equal)
        else {
            continue; // a flat polygon: the axes above decide
        };
        let outside = inside.reverse();
        if side(p, q, a) == outside && side(p, q, b) == outside {
            return false;
        }
    }
    true
}

/// Whether the point `p` is in the closed convex polygon `vertices`
/// (non-flat), exactly.
pub(crate) fn convex_contains(p: (f64, f64), vertices: &[(f64, f64)]) -> bool {
    let side = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| orient(a.0, a.1, b.0, b.1, c.0, c.1);
    let n = vertices.len();
    (0..n).all(|i| {
        let (a, b) = (vertices[i], vertices[(i + 1) % n]);
        if a == b {
            return true;
        }
        match vertices.iter().map(|&v| side(a, b, v)).find(|&s| s != Ordering::Equal) {
            Some(inside) => side(a, b, p) != inside.reverse(),
            None => true,
        }
    }) && segment_touches_convex(p, p, vertices)
}

/// `m · 2^e` with saturation to `±f64::MAX` and flush to zero.
fn scale(m: f64, e: i64) -> f64 {
    let mut v = m;
    let mut e = e;
    // Multiply in steps that stay representable.
    while e > 0 {
        let s = e.min(1000);
        v *= 2f64.powi(s as i32);
        e -= s;
        if v.is_infinite() {
            return f64::MAX.copysign(m);
        }
    }
    while e < 0 {
        let s = (-e).min(1000);
        v *= 2f64.powi(-(s as i32));
        e += s;
        if v == 0.0 {
            return 0.0;
        }
    }
    v
}

/// An `f64` as `m · 2^e` with an integer `m` (`|m| < 2⁵³`) and
/// `e >= −1074`; `None` for zero.
pub(crate) fn split(v: f64) -> Option<(u64, i64, bool)> {
    if v == 0.0 {
        return None;
    }
    let bits = v.to_bits();
    let negative = bits >> 63 == 1;
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    Some(if exp == 0 { (frac, -1074, negative) } else { (frac | (1 << 52), exp - 1075, negative) })
}

/// Limbs of [`Wide`]: bit 0 weighs `2^LOW`, the lowest exponent a product
/// of two `f64`s can have; products reach below `2^2048`, sums of a few
/// stay far below the top bit, which is the two's-complement sign.
const LIMBS: usize = 70;
const LOW: i64 = -2148;

/// A wide two's-complement fixed-point integer: exact sums of a few
/// products of `f64`s.
struct Wide {
    limbs: [u64; LIMBS],
}

impl Wide {
    fn zero() -> Wide {
        Wide { limbs: [0; LIMBS] }
    }

    /// Adds (or subtracts) `p · q` exactly.
    fn add_product(&mut self, p: f64, q: f64, negative: bool) {
        let (Some((mp, ep, np)), Some((mq, eq, nq))) = (split(p), split(q)) else { return };
        let magnitude = u128::from(mp) * u128::from(mq);
        let shift = (ep + eq - LOW) as usize;
        self.add_shifted(magnitude, shift, negative ^ np ^ nq);
    }

    /// Adds `±magnitude · 2^shift` (in units of the lowest bit).
    fn add_shifted(&mut self, magnitude: u128, shift: usize, negative: bool) {
        let (limb, bit) = (shift / 64, shift % 64);
        // The magnitude spread over three limbs.
        let lo = (magnitude << bit) as u64;
        let mid = if bit == 0 { (magnitude >> 64) as u64 } else { (magnitude >> (64 - bit)) as u64 };
        let hi = if bit == 0 { 0 } else { (magnitude >> (128 - bit)) as u64 };
        let parts = [lo, mid, hi];
        if negative {
            let mut borrow = false;
            for i in limb..LIMBS {
                let part = parts.get(i - limb).copied().unwrap_or(0);
                let (d1, b1) = self.limbs[i].overflowing_sub(part);
                let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
                self.limbs[i] = d2;
                borrow = b1 || b2;
                if !borrow && i >= limb + 2 {
                    break;
                }
            }
        } else {
            let mut carry = false;
            for i in limb..LIMBS {
                let part = parts.get(i - limb).copied().unwrap_or(0);
                let (s1, c1) = self.limbs[i].overflowing_add(part);
                let (s2, c2) = s1.overflowing_add(u64::from(carry));
                self.limbs[i] = s2;
                carry = c1 || c2;
                if !carry && i >= limb + 2 {
                    break;
                }
            }
        }
    }

    fn negative(&self) -> bool {
        self.limbs[LIMBS - 1] >> 63 == 1
    }

    fn sign(&self) -> Ordering {
        if self.negative() {
            Ordering::Less
        } else if self.limbs.iter().any(|&l| l != 0) {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }

    /// The value as `m · 2^e` with `1 <= |m| < 2` rounded once (from its
    /// top 128 bits, truncated below, which stays within an ulp), or
    /// `None` for zero.
    fn to_float(&self) -> Option<(f64, i64)> {
        let negative = self.negative();
        let mut mag = self.limbs;
        if negative {
            // Two's complement negation.
            let mut carry = true;
            for l in mag.iter_mut() {
                let (v, c) = (!*l).overflowing_add(u64::from(carry));
                *l = v;
                carry = c;
            }
        }
        let top = (0..LIMBS).rev().find(|&i| mag[i] != 0)?;
        let lead = 63 - mag[top].leading_zeros() as usize; // bit index within the limb
        let high = u128::from(mag[top]) << 64 | u128::from(if top > 0 { mag[top - 1] } else { 0 });
        let sticky = (0..top.saturating_sub(1)).any(|i| mag[i] != 0);
        // Normalise so the leading bit is bit 127, then take 64 bits.
        let shifted = high << (63 - lead);
        let mut bits64 = (shifted >> 64) as u64;
        if (shifted as u64) != 0 || sticky {
            bits64 |= 1; // sticky bit: keeps the one rounding to f64 honest
        }
        let m = bits64 as f64 / 2f64.powi(63); // in [1, 2]
        let e = (top * 64 + lead) as i64 + LOW;
        Some((if negative { -m } else { m }, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Rng;

    fn random_magnitude(rng: &mut Rng) -> f64 {
        let e = rng.range(-300.0, 308.0);
        let v = 10f64.powf(e) * rng.range(1.0, 1.79);
        if rng.below(2) == 0 {
            v
        } else {
            -v
        }
    }

    #[test]
    fn the_filter_and_the_exact_sum_agree_and_decide_collinear_points() {
        let mut rng = Rng::new(17);
        for _ in 0..20_000 {
            let v: Vec<f64> = (0..6)
                .map(|_| match rng.below(4) {
                    0 => random_magnitude(&mut rng),
                    1 => f64::from(rng.below(20)) - 10.0,
                    _ => rng.range(-100.0, 100.0),
                })
                .collect();
            assert_eq!(
                orient(v[0], v[1], v[2], v[3], v[4], v[5]),
                orient_exact(v[0], v[1], v[2], v[3], v[4], v[5]),
                "{v:?}"
            );
        }
        // Collinear at extreme magnitudes.
        let m = f64::MAX;
        assert_eq!(orient(-m, -m, m, m, 0.0, 0.0), Ordering::Equal);
        assert_eq!(orient(-m, -m, m, m, 5e-324, 0.0), Ordering::Less);
        assert_eq!(orient(-m, -m, m, m, 0.0, 5e-324), Ordering::Greater);
        assert_eq!(orient(1e-300, 1e-300, 3e-300, 3e-300, 2e-300, 2e-300), Ordering::Equal);
        assert_eq!(orient(0.1, 0.2, 0.3, 0.6, 0.2, 0.4), orient_exact(0.1, 0.2, 0.3, 0.6, 0.2, 0.4));
    }

    #[test]
    fn line_at_is_accurate_at_any_magnitude() {
        // y = x / 2 + 3 through huge ends.
        let (x0, x1) = (-1.5e308, 1.5e308);
        let (y0, y1) = (x0 / 2.0 + 3.0, x1 / 2.0 + 3.0);
        // The ends round the +3 away: the true line is the one through the
        // rounded ends, whose value at 0 is (y0 + y1) / 2 exactly = 0.
        assert_eq!(line_at(x0, y0, x1, y1, 0.0), (y0 + y1) / 2.0);
        assert_eq!(line_at(0.0, 1.0, 4.0, 3.0, 1.0), 1.5);
        assert_eq!(line_at(-1e308, 10.0, 1e308, 20.0, 0.0), 15.0);
        let v = line_at(-2.5e307, 1.2986e308, 6.4066e307, -1e308, 100.0);
        let t = (100.0 - -2.5e307) / (6.4066e307 - -2.5e307);
        let approx = 1.2986e308 * (1.0 - t) + -1e308 * t;
        assert!((v - approx).abs() <= 1e-12 * 1e308, "{v} vs {approx}");
    }
}
