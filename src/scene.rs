//! Seeded scenes of moving boxes, identical on every platform, so tests,
//! benchmarks (native, wasm, and the JS peers) and the playground all see
//! the same data for the same seed.

/// SplitMix64: tiny, fast, and the same sequence everywhere. (`rand`'s
/// generators do not promise a stable sequence across versions.)
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    #[must_use]
    /// A generator seeded with `seed` (SplitMix64).
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// Uniform integer in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }
}

/// How a scene's boxes are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Spread evenly over the world.
    Uniform,
    /// Gathered around a few centres.
    Clustered,
    /// Uniform, plus one box in a hundred ten to forty times larger.
    MixedSizes,
}

impl Layout {
    /// Every layout, in the order the page lists them.
    pub const ALL: [Layout; 3] = [Layout::Uniform, Layout::Clustered, Layout::MixedSizes];

    #[must_use]
    /// The name JavaScript uses (`"uniform"`, `"clustered"`, `"mixed"`).
    pub fn name(self) -> &'static str {
        match self {
            Layout::Uniform => "uniform",
            Layout::Clustered => "clustered",
            Layout::MixedSizes => "mixed",
        }
    }

    #[must_use]
    /// The layout with this name, if any.
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The layout with this name; anything else is an error naming `layout`.
    pub fn check_name(name: &str) -> crate::error::Result<Layout> {
        Layout::from_name(name).ok_or_else(|| crate::error::Error::UnknownName {
            arg: "layout",
            name: name.to_string(),
            expected: "\"uniform\", \"clustered\", \"mixed\"".into(),
        })
    }
}

/// One generated object: box and velocity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneObject {
    /// x of the min corner.
    pub x: f64,
    /// y of the min corner.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
    /// Velocity along x, units per second.
    pub vx: f64,
    /// Velocity along y, units per second.
    pub vy: f64,
}

/// The side of a square world holding `count` boxes at the benchmark
/// density (about one overlapping pair per eight boxes), so scenes of
/// different sizes are comparable; never below [`MIN_SCENE_SIDE`], so a
/// handful of boxes still has room to move. The one place this rule lives:
/// the playground and the JavaScript benchmarks ask for it
/// (`World.sceneSide(count)`).
#[must_use]
pub fn scene_side(count: usize) -> f64 {
    ((count as f64).sqrt() * 40.0).max(MIN_SCENE_SIDE)
}

/// The smallest side [`scene_side`] gives (reached below 25 boxes).
pub const MIN_SCENE_SIDE: f64 = 200.0;

/// `count` boxes of 4..16 units moving at up to 60 units/s in a square world
/// of side `side`, laid out per `layout`.
#[must_use]
pub fn generate(count: usize, side: f64, layout: Layout, seed: u64) -> Vec<SceneObject> {
    objects(count, side, layout, seed).collect()
}

/// The objects of [`generate`], one at a time: a caller that files them as
/// they come (`World::populate`) holds no list of a million objects.
pub fn objects(count: usize, side: f64, layout: Layout, seed: u64) -> impl Iterator<Item = SceneObject> {
    let mut rng = Rng::new(seed);
    let centres: [(f64, f64); 8] =
        std::array::from_fn(|_| (rng.range(0.1, 0.9) * side, rng.range(0.1, 0.9) * side));
    (0..count).map(move |_| {
        let (mut w, mut h) = (rng.range(4.0, 16.0), rng.range(4.0, 16.0));
        if layout == Layout::MixedSizes && rng.below(100) == 0 {
            let scale = rng.range(10.0, 40.0);
            w *= scale;
            h *= scale;
        }
        let (x, y) = match layout {
            Layout::Clustered => {
                let (cx, cy) = centres[rng.below(centres.len() as u32) as usize];
                // Sum of uniforms: a cheap bell around the centre.
                let spread = side * 0.08;
                (
                    cx + (rng.next_f64() + rng.next_f64() - 1.0) * spread,
                    cy + (rng.next_f64() + rng.next_f64() - 1.0) * spread,
                )
            }
            _ => (rng.range(0.0, side), rng.range(0.0, side)),
        };
        let (x, y) = (
            crate::float::clamp(x, 0.0, (side - w).max(0.0)),
            crate::float::clamp(y, 0.0, (side - h).max(0.0)),
        );
        let angle = rng.range(0.0, std::f64::consts::TAU);
        let speed = rng.range(5.0, 60.0);
        SceneObject { x, y, w, h, vx: speed * angle.cos(), vy: speed * angle.sin() }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_scene() {
        let a = generate(100, 400.0, Layout::Clustered, 7);
        assert_eq!(a, generate(100, 400.0, Layout::Clustered, 7));
        assert_ne!(a, generate(100, 400.0, Layout::Clustered, 8));
        assert!(a.iter().all(|o| o.x >= 0.0 && o.x + o.w <= 400.0 && o.w > 0.0));
    }

    #[test]
    fn below_stays_below() {
        let mut rng = Rng::new(1);
        assert!((0..1000).all(|_| rng.below(7) < 7));
    }
}
