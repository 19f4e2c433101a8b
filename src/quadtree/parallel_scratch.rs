//! The quadtree's scratch for the `parallel` feature, kept by the tree
//! between calls so a warm call allocates nothing: the straddle walk's
//! tasks and lists (`parallel_straddle.rs`), each band's own walk, the
//! parallel step's queue of slots to file at their turn
//! (`parallel_step.rs`), and the rewrite's plan (`parallel_compact.rs`).
//! It names nothing of the tree's, so the tree can hold it.

use crate::geometry::Aabb;
use crate::parallel::{Band, Scratch};

/// One node still to visit in a task's walk: the node and where its
/// parent's candidate list lies in the task's list (the serial walk's
/// frame).
#[derive(Clone, Copy, Debug)]
pub(super) struct TaskFrame {
    pub node: u32,
    pub parent: u32,
    pub list_start: u32,
    pub list_end: u32,
}

/// One task of the walk: `node`'s own pairs with its candidate list (at
/// `list_start..list_end` of [`StraddleTasks::lists`]), and with
/// `whole_subtree`, those of every node below it as well.
#[derive(Clone, Copy, Debug)]
pub(super) struct Task {
    pub node: u32,
    pub list_start: u32,
    pub list_end: u32,
    pub whole_subtree: bool,
}

/// The tasks of the last walk and their scratch, kept between calls so a
/// warm call allocates nothing.
#[derive(Debug, Default)]
pub(super) struct StraddleTasks {
    pub(super) tasks: Vec<Task>,
    /// The candidate lists of the nodes walked on the calling thread, one
    /// after another.
    pub(super) lists: Vec<(Aabb, u32)>,
    /// The calling thread's walk of the top levels.
    pub(super) frames: Vec<TaskFrame>,
    pub(super) bands: Vec<Band<WalkScratch>>,
    /// The parallel step's slots whose boxes were taken back, to file at
    /// their turn (`parallel_step.rs`).
    pub(super) due: std::collections::BinaryHeap<std::cmp::Reverse<u32>>,
}

/// A task's own walk: its stack and its stacked candidate lists, as the
/// serial walk's `walk` and `active`.
#[derive(Debug, Default)]
pub(super) struct WalkScratch {
    pub(super) walk: Vec<TaskFrame>,
    pub(super) list: Vec<(Aabb, u32)>,
}

impl Scratch for WalkScratch {
    fn room(&self) -> usize {
        self.list.capacity()
    }
    fn reserve(&mut self, room: usize) {
        // Failing here only leaves the list to grow as it goes (the walk's
        // stack has its fixed room: `parallel_straddle.rs`).
        let _ = crate::parallel::reserve_exactly(&mut self.list, room);
    }
}

/// The boxes stored early in this step, kept by the tree while one thread
/// files the other moves: each slot range's list (lent by the step, given
/// back at the end; `range_len` slots a range, none while no parallel
/// step is under way), and the slot being filed.
#[derive(Debug, Default)]
pub(super) struct EarlyStores {
    pub(super) lists: Vec<Vec<(u32, Aabb)>>,
    pub(super) range_len: u32,
    pub(super) current: u32,
    /// The slots given back, to file at their turn.
    pub(super) due: std::collections::BinaryHeap<std::cmp::Reverse<u32>>,
    /// Nodes of a subtree to give back (scratch).
    pub(super) nodes: Vec<u32>,
}

/// The rewrite's scratch, kept by the tree: the nodes in the order they
/// are met, with where their items go, and each old item's new index.
#[derive(Debug, Default)]
pub(super) struct RewriteScratch {
    /// Each node met, in the walk's order: its first old item, its count,
    /// its new index and its first new item.
    pub(super) plan: Vec<[u32; 4]>,
    pub(super) remap: Vec<std::sync::atomic::AtomicU32>,
}
