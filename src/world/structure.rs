//! The structures a `World` can switch between, by contract name.

use crate::broad_phase::BroadPhase;
use crate::brute_force::BruteForce;
use crate::error::{Error, Result};
use crate::geometry::Aabb;
use crate::quadtree::{Placement, Quadtree, QuadtreeLimits};

/// A structure name of the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructureKind {
    BruteForce,
    Quadtree,
    QuadtreeLeaves,
}

impl StructureKind {
    pub const ALL: [StructureKind; 3] =
        [StructureKind::BruteForce, StructureKind::Quadtree, StructureKind::QuadtreeLeaves];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            StructureKind::BruteForce => "brute-force",
            StructureKind::Quadtree => "quadtree",
            StructureKind::QuadtreeLeaves => "quadtree-leaves",
        }
    }

    pub fn from_name(name: &str) -> Result<StructureKind> {
        StructureKind::ALL.into_iter().find(|kind| kind.name() == name).ok_or_else(|| Error::UnknownName {
            arg: "name",
            name: name.to_string(),
            expected: "\"brute-force\", \"quadtree\", \"quadtree-leaves\"",
        })
    }
}

/// The active structure, concrete so the renderer can reach its internals.
/// There is one per World, so the size difference of variants costs nothing.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Structure {
    BruteForce(BruteForce),
    Quadtree(Quadtree),
}

impl Structure {
    pub fn new(kind: StructureKind, world: Aabb, limits: QuadtreeLimits) -> Structure {
        match kind {
            StructureKind::BruteForce => Structure::BruteForce(BruteForce::new()),
            StructureKind::Quadtree => {
                Structure::Quadtree(Quadtree::new(world, Placement::StraddleInParent, limits))
            }
            StructureKind::QuadtreeLeaves => {
                Structure::Quadtree(Quadtree::new(world, Placement::AllOverlappedLeaves, limits))
            }
        }
    }

    pub fn kind(&self) -> StructureKind {
        match self {
            Structure::BruteForce(_) => StructureKind::BruteForce,
            Structure::Quadtree(tree) => match tree.placement() {
                Placement::StraddleInParent => StructureKind::Quadtree,
                Placement::AllOverlappedLeaves => StructureKind::QuadtreeLeaves,
            },
        }
    }

    pub fn as_broad_phase(&mut self) -> &mut dyn BroadPhase {
        match self {
            Structure::BruteForce(s) => s,
            Structure::Quadtree(s) => s,
        }
    }

    pub fn as_broad_phase_ref(&self) -> &dyn BroadPhase {
        match self {
            Structure::BruteForce(s) => s,
            Structure::Quadtree(s) => s,
        }
    }
}

impl super::World {
    /// Switches to the named structure, filing every object in it.
    pub fn set_structure(&mut self, name: &str) -> Result<()> {
        let kind = StructureKind::from_name(name)?;
        self.rebuild_structure(kind);
        Ok(())
    }

    /// The active structure's name.
    #[must_use]
    pub fn structure(&self) -> &'static str {
        self.structure.kind().name()
    }

    /// Split threshold (`max_objects >= 1`) and depth limit
    /// (`0 <= max_levels <= 48`) of both quadtrees.
    pub fn set_quadtree_limits(&mut self, max_objects: u32, max_levels: u32) -> Result<()> {
        if max_objects < 1 {
            return Err(Error::OutOfRange {
                arg: "maxObjects",
                value: max_objects.into(),
                min: 1,
                max: u32::MAX.into(),
            });
        }
        if max_levels > 48 {
            return Err(Error::OutOfRange { arg: "maxLevels", value: max_levels.into(), min: 0, max: 48 });
        }
        self.quadtree_limits = QuadtreeLimits { max_objects, max_levels };
        if let Structure::Quadtree(tree) = &mut self.structure {
            tree.set_limits(self.quadtree_limits);
        }
        Ok(())
    }

    #[must_use]
    pub fn quadtree_limits(&self) -> QuadtreeLimits {
        self.quadtree_limits
    }

    /// The quadtree, when one is active (for drawing its nodes).
    #[must_use]
    pub fn quadtree(&self) -> Option<&Quadtree> {
        match &self.structure {
            Structure::Quadtree(tree) => Some(tree),
            _ => None,
        }
    }

    fn rebuild_structure(&mut self, kind: StructureKind) {
        let world = Aabb::from_xywh(0.0, 0.0, self.width, self.height);
        self.structure = Structure::new(kind, world, self.quadtree_limits);
        for slot in 0..self.slot_ids.len() as u32 {
            if self.slot_ids[slot as usize] != 0 {
                let aabb = self.aabb_of(slot);
                self.structure.as_broad_phase().insert(slot, aabb);
            }
        }
    }
}

impl super::World {
    /// Bounds of the regions (quadtree nodes) where an object is stored;
    /// empty for brute force.
    pub fn stored_in(&self, id: u32) -> Result<Vec<Aabb>> {
        let slot = self.slot_of("id", id)?;
        let mut out = Vec::new();
        if let Structure::Quadtree(tree) = &self.structure {
            tree.nodes_of(slot, &mut out);
        }
        Ok(out)
    }
}
