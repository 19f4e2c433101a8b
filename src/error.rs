//! The one error type of the library. Every message names the argument that
//! was wrong, because that is what a caller needs to fix the call.

use std::borrow::Cow;
use std::fmt;

/// Why a call was refused. A refused call has changed nothing.
#[derive(Clone, PartialEq)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Debug))]
pub enum Error {
    /// A number was NaN or infinite.
    NotFinite {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The value given.
        value: f64,
    },
    /// A size or limit that must be above zero was not.
    NotPositive {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The value given.
        value: f64,
    },
    /// A time step was negative.
    Negative {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The value given.
        value: f64,
    },
    /// An object id that is not live (never issued, or removed).
    DeadId {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The id given.
        id: u32,
    },
    /// A name that is not one of the accepted names.
    UnknownName {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The name given.
        name: String,
        /// The names accepted, for the message (built from the list of
        /// names itself where there is one, e.g. `StructureKind::ALL`).
        expected: Cow<'static, str>,
    },
    /// A number that must be a whole number was not.
    NotWhole {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The value given.
        value: f64,
    },
    /// An integer outside its allowed range.
    OutOfRange {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The value given, as given: a JavaScript number keeps its size
        /// (`1e300` is shown as `1e+300`, not saturated to an integer).
        value: f64,
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// Re-parenting `child` under `parent` would make a cycle.
    Cycle {
        /// The object to re-parent.
        child: u32,
        /// The parent asked for.
        parent: u32,
    },
    /// Every id a World can hand out (1..=u32::MAX − 1) has been used.
    IdsExhausted,
    /// The call would take a World past the objects it can hold
    /// ([`crate::world::MAX_OBJECTS`]).
    TooManyObjects {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// How many the call asked for (objects in all, or more objects).
        asked: usize,
        /// The most objects a World holds.
        max: usize,
    },
    /// Memory for `asked` more objects could not be reserved; nothing changed.
    OutOfMemory {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// How many the call asked for (objects in all, or more objects).
        asked: usize,
    },
    /// One entry of a batch was refused: `arg[index]: why`.
    InEntry {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// Which entry of the batch.
        index: usize,
        /// Why that entry was refused.
        error: Box<Error>,
    },
    /// A batch's arrays do not match: `arg` has `len` values, `expected` wanted.
    LengthMismatch {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// How many values it has.
        len: usize,
        /// How many values it should have.
        expected: usize,
    },
    /// A grid cell size so small the world would need more cells than a grid holds.
    TooSmall {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The value given.
        value: f64,
        /// The smallest value allowed.
        min: f64,
        /// Why the smallest is what it is.
        why: &'static str,
    },
    /// The call cannot be made as the World stands (its structure, its
    /// size): `arg: why`, `arg` naming the call.
    Unsupported {
        /// The call, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// Why, and what to do instead.
        why: &'static str,
    },
    /// A size so large that something made of it would not be finite.
    TooLarge {
        /// The argument, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// The value given.
        value: f64,
        /// The largest value allowed.
        max: f64,
        /// Why the largest is what it is.
        why: &'static str,
    },
    /// A result with more entries than one call returns: refused before
    /// it was all found, so its work stays bounded (`pairs` of a scene
    /// where thousands of boxes lie in one place).
    TooManyResults {
        /// The call, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// What the entries are (`"overlapping pairs"`).
        what: &'static str,
        /// The most one call returns.
        max: usize,
    },
    /// A result (or its scratch) the memory left cannot hold.
    NoMemoryFor {
        /// The call, as the library names it (shown in JavaScript's spelling).
        arg: &'static str,
        /// How many entries it needed room for.
        count: usize,
        /// What the entries are (`"overlapping pairs"`, `"cells"`).
        what: &'static str,
    },
}

impl Error {
    /// `error` about entry `index` of the batch argument `arg`.
    #[must_use]
    pub fn in_entry(arg: &'static str, index: usize, error: Error) -> Error {
        Error::InEntry { arg, index, error: Box::new(error) }
    }
}

/// The library's `Result`: a value, or an [`Error`] naming the argument.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// The name of the argument the error is about, as JavaScript spells it.
    #[must_use]
    pub fn arg(&self) -> String {
        let arg = match self {
            Error::NotFinite { arg, .. }
            | Error::NotPositive { arg, .. }
            | Error::Negative { arg, .. }
            | Error::DeadId { arg, .. }
            | Error::UnknownName { arg, .. }
            | Error::NotWhole { arg, .. }
            | Error::OutOfRange { arg, .. }
            | Error::TooManyObjects { arg, .. }
            | Error::OutOfMemory { arg, .. }
            | Error::InEntry { arg, .. }
            | Error::LengthMismatch { arg, .. }
            | Error::TooSmall { arg, .. }
            | Error::TooLarge { arg, .. }
            | Error::Unsupported { arg, .. }
            | Error::TooManyResults { arg, .. }
            | Error::NoMemoryFor { arg, .. } => arg,
            Error::Cycle { .. } => "parent",
            Error::IdsExhausted => "id",
        };
        camel_case(arg)
    }
}

/// `tile_size` → `tileSize`: messages use the contract's (JavaScript) names.
/// The names are ASCII, so ASCII case mapping serves (and keeps the full
/// Unicode case tables out of the wasm).
fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// A number as JavaScript prints it (`String(v)`): exponent notation below
/// 1e-6 and from 1e21 (`5e-324`, `1e+300` rather than 324 or 301 digits),
/// plain decimals otherwise, `NaN`, `Infinity`; `-0` keeps its sign, as
/// Rust writes it.
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        if v == 0.0 && v.is_sign_negative() {
            return f.write_str("-0");
        }
        f.write_str(&js_number(v))
    }
}

/// In wasm, JavaScript's own `Number.prototype.toString`: the core then
/// carries no float formatting of its own (`core::fmt`'s float code, a
/// large part of the wasm, for the messages of refused calls alone).
#[cfg(target_arch = "wasm32")]
fn js_number(v: f64) -> String {
    js_sys::Number::from(v).to_string_with_radix(10).map_or_else(|_| String::from("?"), String::from)
}

/// Natively, Rust's shortest round-trip digits, put in JavaScript's shape.
#[cfg(not(target_arch = "wasm32"))]
fn js_number(v: f64) -> String {
    let magnitude = v.abs();
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        (if v > 0.0 { "Infinity" } else { "-Infinity" }).into()
    } else if v != 0.0 && !(1e-6..1e21).contains(&magnitude) {
        let text = format!("{v:e}");
        // Rust writes `1e300`; JavaScript `1e+300`.
        match text.split_once('e') {
            Some((mantissa, exp)) if !exp.starts_with('-') => format!("{mantissa}e+{exp}"),
            _ => text,
        }
    } else {
        format!("{v}")
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arg = self.arg();
        match self {
            Error::NotFinite { value, .. } => write!(f, "{arg} must be a finite number, got {}", Num(*value)),
            Error::NotPositive { value, .. } => {
                write!(f, "{arg} must be greater than 0, got {}", Num(*value))
            }
            Error::Negative { value, .. } => write!(f, "{arg} must not be negative, got {}", Num(*value)),
            Error::DeadId { id, .. } => write!(f, "{arg} {id} is not a live object id"),
            Error::UnknownName { name, expected, .. } => {
                write!(f, "{arg} \"{name}\" is not known; expected one of {expected}")
            }
            Error::NotWhole { value, .. } => write!(f, "{arg} must be a whole number, got {}", Num(*value)),
            Error::OutOfRange { value, min, max, .. } => {
                write!(f, "{arg} {} is out of range {min}..={max}", Num(*value))
            }
            Error::IdsExhausted => write!(f, "no {arg} left: this World has issued all {} ids", u32::MAX - 1),
            Error::TooManyObjects { asked, max, .. } => {
                write!(f, "{arg}: a World holds at most {max} objects; this would make {asked}")
            }
            Error::OutOfMemory { asked, .. } => {
                write!(f, "{arg}: out of memory reserving room for {asked} more objects; nothing was added")
            }
            Error::InEntry { index, error, .. } => write!(f, "{arg}[{index}]: {error}"),
            Error::Unsupported { why, .. } => write!(f, "{arg}: {why}"),
            Error::LengthMismatch { len, expected, .. } => {
                write!(f, "{arg} has {len} values; {expected} expected (4 per id)")
            }
            Error::TooSmall { value, min, why, .. } => {
                write!(f, "{arg} must be at least {} ({why}), got {}", Num(*min), Num(*value))
            }
            Error::TooLarge { value, max, why, .. } => {
                write!(f, "{arg} must be at most {} ({why}), got {}", Num(*max), Num(*value))
            }
            Error::TooManyResults { what, max, .. } => write!(
                f,
                "{arg}: more than {max} {what}, the most one call returns (n boxes in one place make n(n-1)/2); nothing changed"
            ),
            Error::NoMemoryFor { count, what, .. } => {
                write!(f, "{arg}: not enough memory for {count} {what}; nothing changed")
            }
            Error::Cycle { child, parent } => write!(
                f,
                "parent {parent} is object {child} or one of its descendants; re-parenting would make a cycle"
            ),
        }
    }
}

/// In wasm an error's `Debug` is its message: the derived one would print
/// its numbers with `core::fmt`'s float code, which the core otherwise
/// leaves to JavaScript ([`js_number`]).
#[cfg(target_arch = "wasm32")]
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error({self})")
    }
}

/// A number in a diagnostic's text (`validate()`'s messages): natively
/// Rust's own `{}` and `{:?}`, in wasm JavaScript's `String(v)` (so the
/// core carries no float formatting).
pub(crate) struct DebugNum(pub(crate) f64);

impl fmt::Debug for DebugNum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(target_arch = "wasm32")]
        return fmt::Display::fmt(&Num(self.0), f);
        #[cfg(not(target_arch = "wasm32"))]
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for DebugNum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(target_arch = "wasm32")]
        return fmt::Display::fmt(&Num(self.0), f);
        #[cfg(not(target_arch = "wasm32"))]
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for Error {}

/// `Ok(value)` when finite, else an error naming `arg`.
pub fn finite(arg: &'static str, value: f64) -> Result<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(Error::NotFinite { arg, value })
    }
}

/// `Ok(value)` when finite and above zero, else an error naming `arg`.
pub fn positive(arg: &'static str, value: f64) -> Result<f64> {
    finite(arg, value)?;
    if value > 0.0 {
        Ok(value)
    } else {
        Err(Error::NotPositive { arg, value })
    }
}

/// A JS number that must be a whole number in `u32` range (ids, cells,
/// counts): `1.5` or `-1` is an error naming `arg`, not truncated.
pub fn whole_u32(arg: &'static str, value: f64) -> Result<u32> {
    whole_in(arg, value, 0, u32::MAX)
}

/// A number that must be a whole number in `min..=max`: not finite, not
/// whole, then out of range, each an error naming `arg` and showing the
/// value as given. Every integer argument's rule is one of these, so a
/// count, limit or cell given as a JS number (`f64`) and the same given
/// natively (`u32`, widened exactly) are judged by one function.
pub fn whole_in(arg: &'static str, value: f64, min: u32, max: u32) -> Result<u32> {
    if !value.is_finite() {
        return Err(Error::NotFinite { arg, value });
    }
    if value.fract() != 0.0 {
        return Err(Error::NotWhole { arg, value });
    }
    if !(f64::from(min)..=f64::from(max)).contains(&value) {
        return Err(Error::OutOfRange { arg, value, min: min.into(), max: max.into() });
    }
    Ok(value as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `OutOfRange` held an `i64` and saturated: `maxLevels 1e300` printed
    /// as 9223372036854775807. The value is shown as given, as JS writes it.
    #[test]
    fn out_of_range_shows_the_value_given() {
        let message = |r: Result<u32>| r.unwrap_err().to_string();
        assert_eq!(message(whole_in("max_levels", 1e300, 0, 48)), "maxLevels 1e+300 is out of range 0..=48");
        assert_eq!(
            message(whole_in("max_levels", -1e300, 0, 48)),
            "maxLevels -1e+300 is out of range 0..=48"
        );
        assert_eq!(message(whole_u32("id", 4294967296.0)), "id 4294967296 is out of range 0..=4294967295");
        // JavaScript writes 2^63 so too (shortest digits that read back).
        assert_eq!(
            message(whole_u32("id", 2f64.powi(63))),
            "id 9223372036854776000 is out of range 0..=4294967295"
        );
        assert_eq!(message(whole_u32("id", -1.0)), "id -1 is out of range 0..=4294967295");
        assert_eq!(message(whole_u32("id", 1.5)), "id must be a whole number, got 1.5");
        assert_eq!(message(whole_u32("id", f64::NAN)), "id must be a finite number, got NaN");
        assert_eq!(whole_in("cols", 4096.0, 1, 4096), Ok(4096));
        assert_eq!(whole_u32("id", -0.0), Ok(0));
    }
}
