//! The exact sign of a sum of products of three `f64`s, on the stack: the
//! predicates of degree 3 that the moving-box contacts meet often (a box
//! corner reaching a slope's end just as its side reaches the tile's
//! line), which would otherwise go to the heap's big integers. The sum is
//! kept in a fixed-point integer wide enough for every exponent a product
//! of three `f64`s can have, as `predicates.rs`'s `Wide` does for two.

use std::cmp::Ordering;

use crate::segment::split;

/// Bit 0 weighs `2^LOW`, the lowest exponent a product of three `f64`s
/// can have (3 × −1074); products stay below `2^3072`, sums of a few far
/// below the top bit, the two's-complement sign.
const LIMBS: usize = 102;
const LOW: i64 = -3222;

/// The sign of `Σ ±p·q·r` over `terms`, exactly, for any finite inputs.
pub(crate) fn sign_of_triples(terms: &[(f64, f64, f64, bool)]) -> Ordering {
    let mut limbs = [0u64; LIMBS];
    for &(p, q, r, negative) in terms {
        let (Some((mp, ep, np)), Some((mq, eq, nq)), Some((mr, er, nr))) = (split(p), split(q), split(r))
        else {
            continue;
        };
        // The 159-bit magnitude as three limbs.
        let pq = u128::from(mp) * u128::from(mq);
        let low = u128::from(pq as u64) * u128::from(mr);
        let high = (pq >> 64) * u128::from(mr) + (low >> 64);
        let magnitude = [low as u64, high as u64, (high >> 64) as u64];
        let shift = (ep + eq + er - LOW) as usize;
        add(&mut limbs, magnitude, shift, negative ^ np ^ nq ^ nr);
    }
    if limbs[LIMBS - 1] >> 63 == 1 {
        Ordering::Less
    } else if limbs.iter().any(|&l| l != 0) {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// Adds `±magnitude · 2^shift` to the two's-complement `limbs`.
fn add(limbs: &mut [u64; LIMBS], magnitude: [u64; 3], shift: usize, negative: bool) {
    let (limb, bit) = (shift / 64, (shift % 64) as u32);
    let mut parts = [0u64; 4];
    for (k, &m) in magnitude.iter().enumerate() {
        parts[k] |= m << bit;
        if bit > 0 {
            parts[k + 1] |= m >> (64 - bit);
        }
    }
    let mut carry = false;
    for (k, slot) in limbs[limb..].iter_mut().enumerate() {
        let part = parts.get(k).copied().unwrap_or(0);
        let (v, c) = if negative {
            let (d1, b1) = slot.overflowing_sub(part);
            let (d2, b2) = d1.overflowing_sub(u64::from(carry));
            (d2, b1 || b2)
        } else {
            let (s1, c1) = slot.overflowing_add(part);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            (s2, c1 || c2)
        };
        *slot = v;
        carry = c;
        if !carry && k >= 3 {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Rng;
    use num_rational::BigRational;
    use num_traits::Zero;

    #[test]
    fn agrees_with_big_rationals_at_any_magnitude() {
        let mut rng = Rng::new(0x3E3);
        let q = |v: f64| BigRational::from_float(v).unwrap();
        for _ in 0..3000 {
            let n = 1 + rng.below(6) as usize;
            let mut terms = Vec::new();
            for _ in 0..n {
                let mut v = || match rng.below(4) {
                    0 => 10f64.powf(rng.range(-320.0, 308.0)) * if rng.below(2) == 0 { 1.0 } else { -1.0 },
                    1 => f64::from(rng.below(9)) - 4.0,
                    _ => rng.range(-100.0, 100.0),
                };
                terms.push((v(), v(), v(), rng.below(2) == 0));
            }
            // Cancelling pairs now and then.
            if rng.below(3) == 0 {
                let t = terms[0];
                terms.push((t.1, t.2, t.0, !t.3));
            }
            let exact = terms.iter().fold(BigRational::zero(), |s, &(p, q_, r, neg)| {
                let v = q(p) * q(q_) * q(r);
                if neg {
                    s - v
                } else {
                    s + v
                }
            });
            assert_eq!(sign_of_triples(&terms), exact.cmp(&BigRational::zero()), "{terms:?}");
        }
    }
}
