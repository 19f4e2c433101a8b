//! A signed integer of any size, with only what the exact ray predicates
//! need: sums, differences, products and comparisons. Schoolbook
//! multiplication on 64-bit limbs is enough for numbers of a few thousand
//! bits on a path that runs only when a floating filter cannot decide.
//! `num-bigint` (a dev-dependency, checking this in the tests) would do the
//! same job, but brings fast multiplication, division and radix conversion
//! along, which the wasm would carry for nothing.

use std::cmp::Ordering;
use std::ops::{Add, Mul, Neg, Sub};

/// Sign and magnitude; the magnitude little-endian with no zero limb on
/// top, so zero is the empty magnitude (never negative) and equal values
/// are equal representations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Int {
    negative: bool,
    magnitude: Vec<u64>,
}

impl Int {
    pub(crate) fn zero() -> Int {
        Int::default()
    }

    /// `±m · 2^shift`.
    pub(crate) fn shifted(m: u64, shift: u32, negative: bool) -> Int {
        let (limb, bit) = ((shift / 64) as usize, shift % 64);
        let mut magnitude = vec![0; limb + 2];
        magnitude[limb] = m << bit;
        if bit > 0 {
            magnitude[limb + 1] = m >> (64 - bit);
        }
        Int::new(negative, magnitude)
    }

    pub(crate) fn from_i64(v: i64) -> Int {
        Int::shifted(v.unsigned_abs(), 0, v < 0)
    }

    fn new(negative: bool, mut magnitude: Vec<u64>) -> Int {
        while magnitude.last() == Some(&0) {
            magnitude.pop();
        }
        Int { negative: negative && !magnitude.is_empty(), magnitude }
    }

    /// The sign as an ordering against zero.
    pub(crate) fn signum(&self) -> Ordering {
        if self.magnitude.is_empty() {
            Ordering::Equal
        } else if self.negative {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.magnitude.is_empty()
    }

    /// `2 · self`.
    pub(crate) fn double(&self) -> Int {
        self + self
    }

    /// `±(|a| + |b|)` or `±(|a| − |b|)`, signs sorted out by the callers.
    fn signed_sum(a: &Int, b: &Int, b_negative: bool) -> Int {
        if a.negative == b_negative {
            return Int::new(a.negative, add_magnitudes(&a.magnitude, &b.magnitude));
        }
        match compare_magnitudes(&a.magnitude, &b.magnitude) {
            Ordering::Less => Int::new(b_negative, sub_magnitudes(&b.magnitude, &a.magnitude)),
            _ => Int::new(a.negative, sub_magnitudes(&a.magnitude, &b.magnitude)),
        }
    }
}

impl Ord for Int {
    fn cmp(&self, other: &Int) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => compare_magnitudes(&self.magnitude, &other.magnitude),
            (true, true) => compare_magnitudes(&other.magnitude, &self.magnitude),
        }
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Int {
    type Output = Int;
    fn add(self, other: &Int) -> Int {
        Int::signed_sum(self, other, other.negative)
    }
}

impl Sub for &Int {
    type Output = Int;
    fn sub(self, other: &Int) -> Int {
        Int::signed_sum(self, other, !other.negative && !other.is_zero())
    }
}

impl Mul for &Int {
    type Output = Int;
    fn mul(self, other: &Int) -> Int {
        let (a, b) = (&self.magnitude, &other.magnitude);
        let mut out = vec![0u64; a.len() + b.len()];
        for (i, &x) in a.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &y) in b.iter().enumerate() {
                let v = u128::from(x) * u128::from(y) + u128::from(out[i + j]) + carry;
                out[i + j] = v as u64;
                carry = v >> 64;
            }
            out[i + b.len()] = carry as u64;
        }
        Int::new(self.negative != other.negative, out)
    }
}

impl Neg for Int {
    type Output = Int;
    fn neg(self) -> Int {
        let negative = !self.negative;
        Int::new(negative, self.magnitude)
    }
}

impl Neg for &Int {
    type Output = Int;
    fn neg(self) -> Int {
        -self.clone()
    }
}

/// The owned forms, so expressions read as arithmetic.
macro_rules! owned {
    ($($trait:ident $method:ident),*) => {$(
        impl $trait<Int> for Int {
            type Output = Int;
            fn $method(self, other: Int) -> Int {
                (&self).$method(&other)
            }
        }
        impl $trait<&Int> for Int {
            type Output = Int;
            fn $method(self, other: &Int) -> Int {
                (&self).$method(other)
            }
        }
        impl $trait<Int> for &Int {
            type Output = Int;
            fn $method(self, other: Int) -> Int {
                self.$method(&other)
            }
        }
    )*};
}
owned!(Add add, Sub sub, Mul mul);

fn compare_magnitudes(a: &[u64], b: &[u64]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

fn add_magnitudes(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = Vec::with_capacity(long.len() + 1);
    let mut carry = false;
    for (i, &x) in long.iter().enumerate() {
        let (s1, c1) = x.overflowing_add(short.get(i).copied().unwrap_or(0));
        let (s2, c2) = s1.overflowing_add(u64::from(carry));
        out.push(s2);
        carry = c1 || c2;
    }
    out.push(u64::from(carry));
    out
}

/// `a − b` for `|a| ≥ |b|`.
fn sub_magnitudes(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = false;
    for (i, &x) in a.iter().enumerate() {
        let (d1, b1) = x.overflowing_sub(b.get(i).copied().unwrap_or(0));
        let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
        out.push(d2);
        borrow = b1 || b2;
    }
    debug_assert!(!borrow);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Rng;
    use num_bigint::BigInt;

    fn random(rng: &mut Rng) -> (Int, BigInt) {
        let m = u64::from(rng.below(u32::MAX)) << 32 | u64::from(rng.below(u32::MAX));
        let m = m >> rng.below(64);
        let shift = rng.below(300);
        let negative = rng.below(2) == 0;
        let big = BigInt::from(m) << shift;
        (Int::shifted(m, shift, negative), if negative { -big } else { big })
    }

    fn as_big(v: &Int) -> BigInt {
        let mut out = BigInt::from(0);
        for &limb in v.magnitude.iter().rev() {
            out = (out << 64u32) + BigInt::from(limb);
        }
        if v.negative {
            -out
        } else {
            out
        }
    }

    /// Against `num-bigint` on random operands of mixed signs and sizes,
    /// chained so that results feed further operations.
    #[test]
    fn arithmetic_agrees_with_num_bigint() {
        let mut rng = Rng::new(0x1A7);
        for _ in 0..5_000 {
            let (a, ab) = random(&mut rng);
            let (b, bb) = random(&mut rng);
            let (c, cb) = random(&mut rng);
            assert_eq!(as_big(&(&a + &b)), &ab + &bb);
            assert_eq!(as_big(&(&a - &b)), &ab - &bb);
            assert_eq!(as_big(&(&a * &b)), &ab * &bb);
            assert_eq!(as_big(&(&a * &b - &c * &a + &b)), &ab * &bb - &cb * &ab + &bb);
            assert_eq!(as_big(&(&a - &a)), BigInt::from(0));
            assert_eq!(a.cmp(&b), ab.cmp(&bb));
            assert_eq!((&a - &b).signum(), (&ab - &bb).cmp(&BigInt::from(0)));
            assert_eq!(as_big(&-&a), -&ab);
            assert_eq!(as_big(&a.double()), &ab * 2);
        }
        assert_eq!(Int::from_i64(-5) * Int::from_i64(3), Int::from_i64(-15));
        assert_eq!(Int::from_i64(0) - Int::from_i64(0), Int::zero());
        assert!(!(-Int::zero()).negative);
    }
}
