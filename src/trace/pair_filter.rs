//! The tracer of one object's pair search: `pairs()` runs over the whole
//! structure as ever, and this keeps only the steps about the object — the
//! cells it is searched in or from, the candidates it meets — in the order
//! the pass took them.

use super::codes::{TraceKind, TraceReason};
use super::step::Step;
use super::{Sink, TraceLog};

/// Keeps the steps of a pair search that concern one proxy. A `cell` (or
/// `sweep`) step waits until a step about the proxy follows it, so every
/// kept candidate comes after the cell it was met in; the proxy's own
/// cells (`home`) are kept whatever follows.
pub(crate) struct PairFilter {
    log: TraceLog<Step>,
    proxy: u32,
    home: Vec<(u32, u32)>,
    pending: Option<Step>,
    in_home: bool,
    tested: u64,
    hits: u64,
}

impl PairFilter {
    /// A filter for `proxy`, listed in the cells `home` (none for the
    /// structures without cells), writing after the steps already in `log`.
    pub(crate) fn new(log: TraceLog<Step>, proxy: u32, home: Vec<(u32, u32)>) -> PairFilter {
        PairFilter { log, proxy, home, pending: None, in_home: false, tested: 0, hits: 0 }
    }

    /// The log, and how many candidates the proxy was tested against and
    /// how many overlapped it.
    pub(crate) fn finish(self) -> (TraceLog<Step>, u64, u64) {
        (self.log, self.tested, self.hits)
    }

    fn is_home(&self, cell: Option<(u32, u32)>) -> bool {
        cell.is_some_and(|c| self.home.contains(&c))
    }

    fn flush(&mut self) {
        if let Some(step) = self.pending.take() {
            self.log.push(step);
        }
    }
}

impl Sink<Step> for PairFilter {
    /// Keeps `step` if it is about the proxy (see the type's docs).
    fn keep(&mut self, mut step: Step) {
        match step.kind {
            TraceKind::Cell | TraceKind::Sweep => {
                self.in_home =
                    step.kind == TraceKind::Cell && (step.id == self.proxy || self.is_home(step.cell));
                if step.kind == TraceKind::Cell && step.reason == TraceReason::None {
                    // A loose grid's cell: the object's own, or one whose
                    // forward neighbours may include it.
                    step.reason =
                        if self.in_home { TraceReason::HomeCell } else { TraceReason::NeighbourCell };
                }
                self.pending = Some(step);
                if self.in_home {
                    self.flush();
                }
            }
            TraceKind::Scan | TraceKind::Skip => {
                if self.in_home || self.is_home(step.cell) {
                    self.flush();
                    self.log.push(step);
                }
            }
            TraceKind::Candidate => {
                if step.other == self.proxy {
                    std::mem::swap(&mut step.id, &mut step.other);
                }
                if step.id == self.proxy {
                    self.tested += u64::from(step.reason != TraceReason::NotCornerCell);
                    self.hits += u64::from(step.reason == TraceReason::Overlaps);
                    self.flush();
                    self.log.push(step);
                }
            }
            _ => self.log.push(step),
        }
    }
}
