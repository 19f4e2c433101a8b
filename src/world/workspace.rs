//! The World's workspace: scratch buffers of the per-frame calls, kept
//! between calls. They grow to the largest frame seen and never shrink, so
//! a warm frame allocates nothing (`tests/no_alloc.rs`). What they hold
//! means nothing between calls.

use crate::bit_set::BitSet;

/// Scratch of `pairs`, `step`, `update_many`, `remove`, the attached
/// objects' following, and the tile and ray queries.
#[derive(Debug, Default)]
pub(super) struct Workspace {
    /// `pairs`: the structure's pairs as slots.
    pub(super) pair_slots: Vec<(u32, u32)>,
    /// The radix sort's second buffer.
    pub(super) key_scratch: Vec<u64>,
    /// `pairs` when few moved: one moved object's partners.
    pub(super) partners: Vec<u32>,
    /// `pairs` when few moved: the previous pairs of moved objects, and the
    /// pairs found anew.
    pub(super) dropped_keys: Vec<u64>,
    pub(super) fresh_keys: Vec<u64>,
    /// `step`: the slots it moved, for what hangs from them to follow.
    pub(super) step_placed: BitSet,
    /// The following's walk stack, and the slots one pass moved.
    pub(super) follow_stack: Vec<u32>,
    pub(super) follow_moved: BitSet,
    /// `update_many`: the slots the batch wrote, one bit each, and each
    /// entry's slot.
    pub(super) batch_marks: BitSet,
    pub(super) batch_slots: Vec<u32>,
    /// `remove`: the slots of the removed subtree.
    pub(super) removed_slots: Vec<u32>,
    /// `cast_box` past the largest float: every object's slot.
    pub(super) swept: Vec<u32>,
    /// The `parallel` feature's `step`: each slot range's moves.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) step_chunks: Vec<super::step_parallel::StepChunk>,
    /// The `parallel` feature's `pairs`: each block's digit counts in the
    /// pool's radix sort of the keys.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) radix_counts: Vec<u32>,
}
