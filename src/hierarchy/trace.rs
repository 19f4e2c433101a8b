//! The step-through record of one segment repair (`repair.rs`), kept by
//! the forest when tracing is on, for the playground to animate.

/// What one repair did, for the playground to animate. Positions are queue
/// indices; every list holds ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RepairTrace {
    /// The re-parented object.
    pub child: u32,
    /// Its new parent.
    pub parent: u32,
    /// P: where the child sat (start of the segment).
    pub p: u32,
    /// Q: where the new parent sat (end of the segment).
    pub q: u32,
    /// The segment `P..=Q` before the repair.
    pub before: Vec<u32>,
    /// The temporary queue T at the end of the walk: the new parent, the
    /// child, then each node of the segment whose parent was already in T,
    /// in the order the walk met them.
    pub temp: Vec<u32>,
    /// Per entry of `before`: whether it went to T (true for the first and
    /// last entries, the child and the new parent) or was pushed forward.
    pub to_temp: Vec<bool>,
    /// The segment `P..=Q` after the repair: the nodes that stayed, in their
    /// old relative order, then T.
    pub after: Vec<u32>,
}
