//! Traces: what the core did, step by step, recorded by the code that did
//! it, for a stepper to replay (the lesson cannot drift from the code it
//! teaches, because the code writes it).
//!
//! Every traced operation is the everyday operation's own code, written
//! once and told where to report its steps by a [`Tracer`]. Two tracers
//! run it, so each function is compiled at most twice:
//!
//! - [`NoTrace`], zero-sized: its [`Tracer::note`] takes the step as a
//!   closure and never calls it, so the step is never built and the calls
//!   compile to nothing. Every everyday call runs with it and costs what it
//!   cost before traces existed (docs/BENCHMARKS.md, "Traces").
//! - [`Maybe`], a tracer decided at run time: a [`Sink`] that keeps the
//!   steps, or none. Every traced call runs with it, whatever keeps the
//!   steps, so the traced copy of each function is one copy: what the
//!   traces cost is that copy, in code size (the `trace` feature leaves the
//!   wasm exports, and so the copies, out).
//!
//! The sinks: a [`TraceLog`] keeps every step, up to [`MAX_TRACE_STEPS`];
//! a `PairFilter` keeps those about one object.
//!
//! Four families of steps, each with its record layout in `crate::wire`
//! and one vocabulary of kinds and reasons for all ([`TraceKind`],
//! [`TraceReason`]): the structures' [`Step`] (quadtree, grids, brute
//! force: inserting, moving, removing, querying, the pair search of one
//! object), the tile grid's edge and push-out steps
//! (`tile_grid::trace`), and the hierarchy repair's steps
//! (`hierarchy::RepairStep`).

mod codes;
mod pair_filter;
mod step;

pub use codes::{TraceKind, TraceReason};
pub(crate) use pair_filter::PairFilter;
pub use step::{Step, NONE};

/// Most steps one trace keeps. A trace that would be longer keeps its
/// first `MAX_TRACE_STEPS - 1` steps and ends with a
/// [`TraceKind::Truncated`] step counting the ones left out: a teaching
/// scene needs a few hundred, and no scene can make a trace grow without
/// bound.
pub const MAX_TRACE_STEPS: usize = 4096;

/// Where an operation reports its steps (see the module docs).
pub trait Tracer<S> {
    /// Whether steps are kept (for [`NoTrace`] a constant `false`).
    fn on(&self) -> bool;

    /// Records the step `make` builds; when steps are not kept it is never called.
    fn note(&mut self, make: impl FnOnce() -> S);
}

/// The everyday tracer: records nothing, and the steps are never built.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<S> Tracer<S> for NoTrace {
    #[inline(always)]
    fn on(&self) -> bool {
        false
    }

    #[inline(always)]
    fn note(&mut self, _make: impl FnOnce() -> S) {}
}

/// What keeps the steps of a traced call.
pub trait Sink<S> {
    /// Takes one step.
    fn keep(&mut self, step: S);
}

/// A tracer decided at run time: the steps go to a [`Sink`], or nowhere.
pub struct Maybe<'a, S>(Option<&'a mut dyn Sink<S>>);

impl<S> Maybe<'_, S> {
    /// No sink: nothing is kept.
    #[must_use]
    pub fn off() -> Maybe<'static, S> {
        Maybe(None)
    }
}

impl<'a, S> Maybe<'a, S> {
    /// Every step to `sink`.
    pub fn to(sink: &'a mut dyn Sink<S>) -> Maybe<'a, S> {
        Maybe(Some(sink))
    }
}

impl<S> Tracer<S> for Maybe<'_, S> {
    #[inline]
    fn on(&self) -> bool {
        self.0.is_some()
    }

    #[inline]
    fn note(&mut self, make: impl FnOnce() -> S) {
        if let Some(sink) = self.0.as_deref_mut() {
            sink.keep(make());
        }
    }
}

/// A step that can stand for the steps a full trace left out.
pub trait Truncation {
    /// The step saying that `dropped` steps were left out.
    fn truncated(dropped: usize) -> Self;
}

/// Keeps the steps, at most [`MAX_TRACE_STEPS`] of them (see there).
#[derive(Clone, Debug)]
pub struct TraceLog<S> {
    steps: Vec<S>,
    dropped: usize,
}

impl<S> Default for TraceLog<S> {
    fn default() -> Self {
        TraceLog { steps: Vec::new(), dropped: 0 }
    }
}

impl<S: Truncation> TraceLog<S> {
    /// An empty log.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The steps so far.
    #[must_use]
    pub fn steps(&self) -> &[S] {
        &self.steps
    }

    /// The steps so far, to change in place (the World writes ids over the
    /// slots a structure records).
    pub(crate) fn steps_mut(&mut self) -> &mut [S] {
        &mut self.steps
    }

    /// How many steps were kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether nothing was kept.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The steps, ending with a [`TraceKind::Truncated`] step when some
    /// were left out.
    #[must_use]
    pub fn finish(mut self) -> Vec<S> {
        if self.dropped > 0 {
            self.steps.push(S::truncated(self.dropped));
        }
        self.steps
    }

    /// Keeps a step, if there is room.
    pub fn push(&mut self, step: S) {
        if self.steps.len() + 1 < MAX_TRACE_STEPS {
            self.steps.push(step);
        } else {
            self.dropped += 1;
        }
    }
}

impl<S: Truncation> Sink<S> for TraceLog<S> {
    fn keep(&mut self, step: S) {
        self.push(step);
    }
}

/// A step as one flat record of the wire format: `FIELDS` (from
/// `crate::wire`) numbers, in that order.
pub trait Record {
    /// The record's field names.
    const FIELDS: &'static [&'static str];

    /// Appends the record's numbers to `out`.
    fn write(&self, out: &mut Vec<f64>);
}

/// Every step as flat records, appended to `out` (cleared first).
pub fn flatten<S: Record>(steps: &[S], out: &mut Vec<f64>) {
    out.clear();
    out.reserve(steps.len() * S::FIELDS.len());
    for step in steps {
        step.write(out);
    }
}

/// A cell or quadrant coordinate on the wire: -1 for none.
pub(crate) fn coordinate(value: Option<u32>) -> f64 {
    value.map_or(-1.0, f64::from)
}
