//! New objects, and the event interface `(object, new_parent)` with its
//! three insertion cases plus deletion by a null parent.

use crate::error::{Error, Result};
use crate::index::NULL_INDEX;

use super::ids::Hierarchy;

/// Which of the hierarchy's insertion cases an event fell into, so a
/// step-through display can name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventCase {
    /// Case 1: a new object under an existing parent (or the root). The
    /// parent is already in the queue, so appending the object is enough.
    Appended,
    /// Case 2: a new object under a new parent. Both are appended, parent
    /// first, and the new parent is put under the root.
    AppendedWithParent,
    /// Case 3: an existing object gets a new parent. `parent_created` when
    /// that parent was new (appended under the root first); `repaired` when
    /// the parent sat later in the queue and the segment between them was
    /// repaired.
    Reparented {
        /// The parent was new: appended under the root first.
        parent_created: bool,
        /// The parent sat later in the queue and the segment between was repaired.
        repaired: bool,
    },
    /// A null parent: the object and all its descendants were deleted.
    Removed,
}

impl Hierarchy {
    /// Adds a new object under a live parent, or under the root when
    /// `parent` is 0 (case 1): it is appended to the queue, which keeps its
    /// parent ahead of it.
    pub fn add(&mut self, id: u32, parent: u32) -> Result<()> {
        self.forest.invalidate_trace();
        self.check_new_id("id", id)?;
        let parent_slot = self.parent_slot_of(parent)?;
        self.append(id, parent_slot);
        Ok(())
    }

    /// Applies one event of an event stream: `object` now has parent
    /// `new_parent`. `Some(0)` is the root; `None` is the null parent,
    /// which deletes the object and its descendants (their ids go to
    /// `removed`, which is cleared first).
    ///
    /// Unlike [`Hierarchy::add`] and [`Hierarchy::set_parent`], either id may
    /// be new here: a new parent is created under the root.
    pub fn apply_event(
        &mut self,
        object: u32,
        new_parent: Option<u32>,
        removed: &mut Vec<u32>,
    ) -> Result<EventCase> {
        self.forest.invalidate_trace();
        if object == 0 {
            return Err(id_zero("object"));
        }
        let Some(parent) = new_parent else {
            self.remove_as("object", object, removed)?;
            return Ok(EventCase::Removed);
        };
        let object_slot = self.id_to_slot.get(&object).copied();
        let parent_is_new = parent != 0 && !self.contains(parent);
        match (object_slot, parent_is_new) {
            (None, false) => {
                // Case 1.
                let parent_slot = self.parent_slot_of(parent)?;
                self.append(object, parent_slot);
                Ok(EventCase::Appended)
            }
            (None, true) => {
                // Case 2.
                if parent == object {
                    return Err(Error::Cycle { child: object, parent });
                }
                let parent_slot = self.append(parent, NULL_INDEX);
                self.append(object, parent_slot);
                Ok(EventCase::AppendedWithParent)
            }
            (Some(slot), parent_created) => {
                // Case 3. A parent created here is a fresh root at the end of
                // the queue: it cannot be a descendant of the object, so the
                // re-parenting below cannot fail and nothing needs undoing.
                let parent_slot = if parent_created {
                    self.append(parent, NULL_INDEX)
                } else {
                    self.parent_slot_of(parent)?
                };
                let repaired = self.forest.reparent(slot, parent_slot, &self.slot_ids)?;
                Ok(EventCase::Reparented { parent_created, repaired })
            }
        }
    }

    /// Refuses 0 (the root's name) and ids already live.
    fn check_new_id(&self, arg: &'static str, id: u32) -> Result<()> {
        if id == 0 {
            return Err(id_zero(arg));
        }
        if self.contains(id) {
            // No "already live" error exists; this one names the argument
            // and what was expected of it.
            return Err(Error::UnknownName {
                arg,
                name: id.to_string(),
                expected: "ids not live yet (this one is)".into(),
            });
        }
        Ok(())
    }
}

fn id_zero(arg: &'static str) -> Error {
    Error::OutOfRange { arg, value: 0.0, min: 1, max: i64::from(u32::MAX) }
}
