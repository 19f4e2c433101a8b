//! The one "no index" value shared by every flat structure.
//!
//! Nodes, cells, links and slots are `u32` indices into `Vec`s (as in
//! Box2D's dynamic tree); an absent one is [`NULL_INDEX`]. Structures give
//! it no second name: a field's doc says what an absent value means there
//! (not in the tree, no parent, end of a list).

/// No node, cell, link, slot or parent: `u32::MAX`, never a valid index
/// (a structure holds fewer than `u32::MAX` entries).
pub const NULL_INDEX: u32 = u32::MAX;
