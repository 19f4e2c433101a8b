//! Exact integers for the ray predicates whose polynomials have degree 3
//! or 4 in the inputs (a segment against a quarter circle, the order of two
//! hits), where `predicates.rs`'s sums of two-factor products do not reach.
//!
//! Every finite `f64` is an integer times a power of two no smaller than
//! 2⁻¹⁰⁷⁴, so inputs scaled by the smallest power among them are integers
//! ([`Scale`]), exactly, whatever their magnitudes (5e-324 … 1.8e308,
//! mixed). The predicates compare homogeneous polynomials of equal degree,
//! or ratios of them, so the common scale cancels and never has to be
//! undone. Only the slow path comes here: each caller runs a floating
//! filter first.

use std::cmp::Ordering;

use super::int::Int;
use crate::geometry::Aabb;
use crate::segment::split;

/// A common power of two for a set of `f64`s: the lowest exponent among
/// them, so that each is an integer in units of it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scale {
    low: i64,
}

impl Scale {
    /// The scale of `values` (zeros do not count; all zeros: any scale).
    pub(crate) fn of(values: &[f64]) -> Scale {
        let low = values.iter().filter_map(|&v| split(v)).map(|(_, e, _)| e).min().unwrap_or(0);
        Scale { low }
    }

    /// `v` in units of the scale, exactly (`v` must be one of the values the
    /// scale was made of, or at least as coarse).
    pub(crate) fn int(&self, v: f64) -> Int {
        let Some((m, e, negative)) = split(v) else { return Int::zero() };
        debug_assert!(e >= self.low, "{v} is finer than the scale");
        // At most 2098 (the span of f64 exponents).
        Int::shifted(m, (e - self.low).max(0) as u32, negative)
    }
}

/// An exact rational `n / d` with `d > 0`: a parameter along a segment.
#[derive(Clone, Debug)]
pub(crate) struct Frac {
    pub n: Int,
    pub d: Int,
}

impl Frac {
    /// `n / d` for `d != 0`, stored with a positive denominator.
    pub(crate) fn new(n: Int, d: Int) -> Frac {
        debug_assert!(!d.is_zero());
        if d.signum() == Ordering::Less {
            Frac { n: -n, d: -d }
        } else {
            Frac { n, d }
        }
    }

    pub(crate) fn int(v: i64) -> Frac {
        Frac { n: Int::from_i64(v), d: Int::from_i64(1) }
    }

    pub(crate) fn cmp(&self, other: &Frac) -> Ordering {
        (&self.n * &other.d).cmp(&(&other.n * &self.d))
    }

    pub(crate) fn max(self, other: Frac) -> Frac {
        if other.cmp(&self) == Ordering::Greater {
            other
        } else {
            self
        }
    }

    pub(crate) fn min(self, other: Frac) -> Frac {
        if other.cmp(&self) == Ordering::Less {
            other
        } else {
            self
        }
    }
}

/// The quadratic `a·t² + 2·b·t + c` (with `a >= 0`): a segment's squared
/// distance to a circle's centre minus the squared radius.
#[derive(Clone, Debug)]
pub(crate) struct Quadratic {
    pub a: Int,
    pub b: Int,
    pub c: Int,
}

impl Quadratic {
    /// Every coefficient times `k > 0`: the same roots.
    pub(crate) fn times(&self, k: &Int) -> Quadratic {
        Quadratic { a: &self.a * k, b: &self.b * k, c: &self.c * k }
    }

    /// The sign of the quadratic at `t`: `a·n² + 2·b·n·d + c·d²` (times
    /// `d² > 0`).
    pub(crate) fn sign_at(&self, t: &Frac) -> Ordering {
        let (n, d) = (&t.n, &t.d);
        let v = &self.a * n * n + (&self.b * n * d).double() + &self.c * d * d;
        v.signum()
    }

    /// `t` against the vertex `−b / a` (for `a > 0`).
    pub(crate) fn vs_vertex(&self, t: &Frac) -> Ordering {
        (&t.n * &self.a).cmp(&-(&self.b * &t.d))
    }

    /// The sign of the quadratic at its vertex, times `a > 0`: `a·c − b²`.
    pub(crate) fn sign_at_vertex(&self) -> Ordering {
        (&self.a * &self.c - &self.b * &self.b).signum()
    }
}

/// An exact parameter along a segment: a rational, or a root of a
/// quadratic (the smaller, or the larger; the quadratic has real roots and
/// `a > 0`).
#[derive(Clone, Debug)]
pub(crate) enum Param {
    At(Frac),
    Root { q: Quadratic, larger: bool },
}

impl Param {
    /// The order of two parameters, exactly. Two roots must be of
    /// quadratics at the same [`Scale`]; of the same segment, their `a`
    /// (the squared length) is the same and their difference is linear,
    /// else both are first scaled to a common `a`.
    pub(crate) fn cmp(&self, other: &Param) -> Ordering {
        match (self, other) {
            (Param::At(p), Param::At(q)) => p.cmp(q),
            (Param::At(p), Param::Root { q, larger }) => rational_vs_root(p, q, *larger),
            (Param::Root { q, larger }, Param::At(p)) => rational_vs_root(p, q, *larger).reverse(),
            (Param::Root { q: f, larger: lf }, Param::Root { q: g, larger: lg }) => {
                if f.a == g.a {
                    root_vs_root(f, *lf, g, *lg)
                } else {
                    // Scaled to one leading coefficient (the roots stay).
                    root_vs_root(&f.times(&g.a), *lf, &g.times(&f.a), *lg)
                }
            }
        }
    }
}

/// `p` against a root of `q`. The smaller root is the one at or left of the
/// vertex: `p` is before it exactly when `p` is left of the vertex and `q`
/// is positive there; the larger root mirrors that.
fn rational_vs_root(p: &Frac, q: &Quadratic, larger: bool) -> Ordering {
    let value = q.sign_at(p);
    let side = q.vs_vertex(p);
    if value == Ordering::Equal {
        // p is a root: which one?
        return match (larger, side) {
            (false, Ordering::Greater) => Ordering::Greater,
            (true, Ordering::Less) => Ordering::Less,
            _ => Ordering::Equal,
        };
    }
    if value == Ordering::Less {
        // Strictly between the roots.
        return if larger { Ordering::Less } else { Ordering::Greater };
    }
    // Outside both roots: left of the vertex is before both.
    if side == Ordering::Less {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// A root `ρ` of `f` against a root `σ` of `g`, both `a·t² + 2b·t + c` with
/// the same `a > 0`: `g(ρ) = g(ρ) − f(ρ) = 2(b_g − b_f)·ρ + (c_g − c_f)` is
/// linear in `ρ`, so its sign is `ρ` against one rational, and `g(ρ)` with
/// `ρ` against `g`'s vertex places `ρ` among `g`'s roots as for a rational.
fn root_vs_root(f: &Quadratic, f_larger: bool, g: &Quadratic, g_larger: bool) -> Ordering {
    debug_assert_eq!(f.a, g.a);
    let slope = (&g.b - &f.b).double();
    let offset = &g.c - &f.c;
    let g_at_rho = if slope.is_zero() {
        offset.signum()
    } else {
        // slope·ρ + offset against 0 ⟺ ρ against −offset / slope.
        let zero = Frac::new(-offset, slope.clone());
        let rho_vs_zero = rational_vs_root(&zero, f, f_larger).reverse();
        if slope.signum() == Ordering::Greater {
            rho_vs_zero
        } else {
            rho_vs_zero.reverse()
        }
    };
    // ρ against g's vertex −b_g / a.
    let vertex = Frac::new(-g.b.clone(), g.a.clone());
    let rho_vs_vertex = rational_vs_root(&vertex, f, f_larger).reverse();
    match g_at_rho {
        Ordering::Equal => match (g_larger, rho_vs_vertex) {
            (false, Ordering::Greater) => Ordering::Greater,
            (true, Ordering::Less) => Ordering::Less,
            _ => Ordering::Equal,
        },
        Ordering::Less => {
            if g_larger {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        }
        Ordering::Greater => {
            if rho_vs_vertex == Ordering::Less {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        }
    }
}

/// A segment in exact integers at a [`Scale`]: `P(t) = P0 + t·D`.
#[derive(Clone, Debug)]
pub(crate) struct BigSegment {
    pub x0: Int,
    pub y0: Int,
    pub dx: Int,
    pub dy: Int,
    /// The ends as given, for exact comparisons of coordinates.
    ends: ((f64, f64), (f64, f64)),
}

impl BigSegment {
    pub(crate) fn new(scale: &Scale, (a, b): ((f64, f64), (f64, f64))) -> BigSegment {
        let (x0, y0) = (scale.int(a.0), scale.int(a.1));
        let dx = scale.int(b.0) - &x0;
        let dy = scale.int(b.1) - &y0;
        BigSegment { x0, y0, dx, dy, ends: (a, b) }
    }

    /// The ends as given.
    pub(crate) fn ends(&self) -> ((f64, f64), (f64, f64)) {
        self.ends
    }

    /// The parameter at which coordinate `at` is reached on the x axis
    /// (`vertical`: the line `x = at`) or the y axis; the axis must move.
    pub(crate) fn t_at(&self, scale: &Scale, vertical: bool, at: f64) -> Frac {
        let (p0, d) = if vertical { (&self.x0, &self.dx) } else { (&self.y0, &self.dy) };
        Frac::new(scale.int(at) - p0, d.clone())
    }

    /// The closed parameter interval `[t_in, t_out] ⊆ [0, 1]` in which the
    /// segment is in the closed box `b`, or `None` when it misses it.
    pub(crate) fn clip(&self, scale: &Scale, b: &Aabb) -> Option<(Frac, Frac)> {
        let (mut lo, mut hi) = (Frac::int(0), Frac::int(1));
        let ((x0, y0), (x1, y1)) = self.ends;
        for (vertical, p0, p1, min, max) in
            [(true, x0, x1, b.min_x, b.max_x), (false, y0, y1, b.min_y, b.max_y)]
        {
            if p0 == p1 {
                if p0 < min || p0 > max {
                    return None;
                }
                continue;
            }
            let (enter, leave) = if p1 > p0 { (min, max) } else { (max, min) };
            lo = lo.max(self.t_at(scale, vertical, enter));
            hi = hi.min(self.t_at(scale, vertical, leave));
        }
        (lo.cmp(&hi) != Ordering::Greater).then_some((lo, hi))
    }

    /// `|P(t) − c|² − r²` as a quadratic in `t`.
    pub(crate) fn distance_to(&self, scale: &Scale, c: (f64, f64), r: f64) -> Quadratic {
        let (ox, oy) = (&self.x0 - scale.int(c.0), &self.y0 - scale.int(c.1));
        let r = scale.int(r);
        Quadratic {
            a: &self.dx * &self.dx + &self.dy * &self.dy,
            b: &ox * &self.dx + &oy * &self.dy,
            c: &ox * &ox + &oy * &oy - &r * &r,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64, c: i64) -> Quadratic {
        Quadratic { a: Int::from_i64(a), b: Int::from_i64(b), c: Int::from_i64(c) }
    }

    fn f(n: i64, d: i64) -> Frac {
        Frac::new(Int::from_i64(n), Int::from_i64(d))
    }

    #[test]
    fn rationals_against_roots() {
        // t² − 4t + 3 = (t − 1)(t − 3): a = 1, b = −2, c = 3.
        let p = q(1, -2, 3);
        let root = |larger| Param::Root { q: p.clone(), larger };
        for (t, smaller, larger) in [
            (f(0, 1), Ordering::Less, Ordering::Less),
            (f(1, 1), Ordering::Equal, Ordering::Less),
            (f(2, 1), Ordering::Greater, Ordering::Less),
            (f(3, 1), Ordering::Greater, Ordering::Equal),
            (f(7, 2), Ordering::Greater, Ordering::Greater),
        ] {
            assert_eq!(Param::At(t.clone()).cmp(&root(false)), smaller, "{t:?}");
            assert_eq!(Param::At(t.clone()).cmp(&root(true)), larger, "{t:?}");
            assert_eq!(root(false).cmp(&Param::At(t.clone())), smaller.reverse());
        }
        // A double root at 2: t² − 4t + 4.
        let d = q(1, -2, 4);
        assert_eq!(rational_vs_root(&f(2, 1), &d, false), Ordering::Equal);
        assert_eq!(rational_vs_root(&f(2, 1), &d, true), Ordering::Equal);
    }

    #[test]
    fn roots_against_roots_of_the_same_leading_coefficient() {
        // Roots 1, 3 against roots of t² − 2·(b)t + c for several b, c.
        let f1 = q(1, -2, 3);
        let roots = |b: i64, c: i64| {
            let disc = (b * b - c) as f64;
            ((-b as f64) - disc.sqrt(), (-b as f64) + disc.sqrt())
        };
        for (b, c) in [(-2, 3), (-1, 0), (-3, 5), (0, -9), (-2, 4), (-4, 15), (-1, -3)] {
            let g = q(1, b, c);
            let (g0, g1) = roots(b, c);
            for (fl, fv) in [(false, 1.0), (true, 3.0)] {
                for (gl, gv) in [(false, g0), (true, g1)] {
                    let want = if (fv - gv).abs() < 1e-12 { Ordering::Equal } else { fv.total_cmp(&gv) };
                    assert_eq!(root_vs_root(&f1, fl, &g, gl), want, "b {b} c {c} {fl} {gl}");
                }
            }
        }
    }

    #[test]
    fn scaled_integers_are_exact_at_any_magnitude() {
        let values = [5e-324, -1.5, 1e308, 0.0, 3.0e-300];
        let s = Scale::of(&values);
        // 1e308 / 5e-324 as an exact integer: every value is m·2^e.
        assert_eq!(s.int(5e-324), Int::from_i64(1));
        assert_eq!(s.int(-1.5), -Int::shifted(3, 1073, false));
        assert_eq!(s.int(0.0), Int::zero());
    }
}
