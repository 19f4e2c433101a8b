//! `f64::clamp` without its check. The standard `clamp` panics when its
//! bounds are out of order, and its panic message prints both bounds with
//! `core::fmt`'s float code: every call whose bounds the compiler cannot
//! prove ordered brings all of that code into the wasm. The core formats
//! no float anywhere else, so its clamps go through this one.

/// `v` clamped to `lo..=hi` (`lo ≤ hi`), as `f64::clamp` computes it: below
/// `lo` gives `lo`, above `hi` gives `hi`, NaN stays NaN.
#[inline(always)]
#[must_use]
pub(crate) fn clamp(v: f64, lo: f64, hi: f64) -> f64 {
    debug_assert!(lo <= hi, "clamp bounds out of order");
    let v = if v < lo { lo } else { v };
    if v > hi {
        hi
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::clamp;

    /// The same answers as `f64::clamp` on ordered bounds, NaN and the
    /// infinities included.
    #[test]
    fn clamps_like_the_standard_clamp() {
        let values =
            [f64::NEG_INFINITY, -1e300, -2.5, -0.0, 0.0, 0.5, 1.0, 7.0, 1e300, f64::INFINITY, f64::NAN];
        let bounds = [(0.0, 1.0), (-3.0, 3.0), (2.0, 2.0), (f64::MIN, f64::MAX), (-0.0, 0.0)];
        for v in values {
            for (lo, hi) in bounds {
                let (got, want) = (clamp(v, lo, hi), v.clamp(lo, hi));
                assert!(
                    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                    "{v} in {lo}..={hi}"
                );
            }
        }
    }
}
