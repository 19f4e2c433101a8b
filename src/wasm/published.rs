//! The copies the core hands to JavaScript as views, apart from its own
//! state: a user may write into a view (`fill`, `sort`, `reverse`, `set`),
//! and the core never reads one back, so a write changes nothing the World
//! knows or answers. Each copy is written afresh by the first call that
//! returns it after the World changed (see [`SharedWorld`]); calls in
//! between hand back the same memory without copying it again.
//!
//! [`SharedWorld`]: super::shared::SharedWorld

use crate::error::{Error, Result};

/// One published copy and the change count it was written at.
pub(super) struct Published<T> {
    data: Vec<T>,
    written_at: Option<u64>,
}

impl<T> Default for Published<T> {
    fn default() -> Published<T> {
        Published { data: crate::publish::vec(), written_at: None }
    }
}

impl<T: Copy> Published<T> {
    /// The copy of `source()` as of change `change`: written afresh unless
    /// it already was at that change. Room is reserved fallibly, so a copy
    /// too large for the memory left is an error naming `view`, not a trap.
    pub(super) fn of<'s>(
        &mut self,
        view: &'static str,
        change: u64,
        source: impl FnOnce() -> &'s [T],
    ) -> Result<&[T]>
    where
        T: 's,
    {
        if self.written_at != Some(change) {
            let source = source();
            self.data.clear();
            self.written_at = None;
            crate::fallible::try_reserve(&mut self.data, source.len()).map_err(|_| Error::NoMemoryFor {
                arg: view,
                count: source.len(),
                what: "view entries",
            })?;
            self.data.extend_from_slice(source);
            self.written_at = Some(change);
        }
        Ok(&self.data)
    }

    /// Room for a copy of `len` entries, reserved now (fallibly) without
    /// writing it: views read together are published together, so that
    /// reading the second cannot allocate, grow the memory and detach the
    /// first.
    pub(super) fn reserve(&mut self, view: &'static str, len: usize) -> Result<()> {
        crate::fallible::try_reserve_total(&mut self.data, len).map_err(|_| Error::NoMemoryFor {
            arg: view,
            count: len,
            what: "view entries",
        })
    }

    /// The copy as last written.
    pub(super) fn data(&self) -> &[T] {
        &self.data
    }
}
