//! The moving box against one solid and against the tile map, checked
//! against the big-rational reference (`reference.rs`) on seeded cases of
//! every shape, at every magnitude, with touching, sliding and corner
//! cases made on purpose. A failure prints its seed and case.

mod cases;
mod reference;
mod solids;
mod tiles;

pub(crate) use reference::{first_overlap, Solid};
