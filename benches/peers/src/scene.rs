//! The shared benchmark scene, exactly as `www/bench/scene.ts` defines it so
//! the native and in-browser numbers are on the same boxes: mulberry32(42),
//! N boxes in a square of side √N·12, six draws per box in the order x, y,
//! w = 2 + 6r, h = 2 + 6r, vx = (r − 0.5)·60, vy = (r − 0.5)·60; each frame
//! dt = 1/60, move, reflect off the walls. After 35 frames there are 362,
//! 3,540 and 34,524 overlapping pairs for N = 1,000, 10,000 and 100,000.

/// Frames after which [`known_pairs`] holds.
pub const FRAMES_TO_KNOWN: usize = 35;

/// The pair count after [`FRAMES_TO_KNOWN`] frames of the all-moving scene.
pub fn known_pairs(n: usize) -> Option<usize> {
    match n {
        1_000 => Some(362),
        10_000 => Some(3_540),
        100_000 => Some(34_524),
        _ => None,
    }
}

/// The usual 32-bit generator (mulberry32), numbers in [0, 1).
pub struct Mulberry32(u32);

impl Mulberry32 {
    pub fn new(seed: u32) -> Self {
        Mulberry32(seed)
    }

    pub fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }
}

/// Which boxes move.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    /// Every box moves.
    All,
    /// Nine boxes in ten are at rest (velocity zero): most objects of a game.
    TenthMoving,
}

impl Motion {
    pub fn name(self) -> &'static str {
        match self {
            Motion::All => "all moving",
            Motion::TenthMoving => "90 % at rest",
        }
    }
}

pub struct Scene {
    pub n: usize,
    pub side: f64,
    /// `[x, y, w, h]` per box, flat (the layout `World::update_many_flat` takes).
    pub boxes: Vec<f64>,
    pub velocities: Vec<f64>,
    /// The boxes the last `step` moved (a box at rest that starts past a
    /// wall is still mirrored back inside once).
    pub moved: Vec<u32>,
}

impl Scene {
    pub fn new(n: usize, motion: Motion) -> Scene {
        let side = (n as f64).sqrt() * 12.0;
        let mut r = Mulberry32::new(42);
        let mut boxes = Vec::with_capacity(n * 4);
        let mut velocities = Vec::with_capacity(n * 2);
        for i in 0..n {
            let (x, y) = (r.next() * side, r.next() * side);
            let (w, h) = (2.0 + 6.0 * r.next(), 2.0 + 6.0 * r.next());
            let (vx, vy) = ((r.next() - 0.5) * 60.0, (r.next() - 0.5) * 60.0);
            let resting = motion == Motion::TenthMoving && i % 10 != 0;
            boxes.extend([x, y, w, h]);
            velocities.extend(if resting { [0.0, 0.0] } else { [vx, vy] });
        }
        Scene { n, side, boxes, velocities, moved: Vec::new() }
    }

    /// One frame of motion (dt = 1/60) with the walls' reflection.
    pub fn step(&mut self) {
        let dt = 1.0 / 60.0;
        self.moved.clear();
        for i in 0..self.n {
            let before = [self.boxes[i * 4], self.boxes[i * 4 + 1]];
            for axis in 0..2 {
                let v = &mut self.velocities[i * 2 + axis];
                let mut p = self.boxes[i * 4 + axis] + *v * dt;
                let size = self.boxes[i * 4 + 2 + axis];
                if p < 0.0 {
                    p = -p;
                    *v = -*v;
                } else if p + size > self.side {
                    p = 2.0 * (self.side - size) - p;
                    *v = -*v;
                }
                self.boxes[i * 4 + axis] = p;
            }
            if before != [self.boxes[i * 4], self.boxes[i * 4 + 1]] {
                self.moved.push(i as u32);
            }
        }
    }

    pub fn aabb(&self, i: usize) -> [f64; 4] {
        let b = &self.boxes[i * 4..i * 4 + 4];
        [b[0], b[1], b[0] + b[2], b[1] + b[3]]
    }
}

/// Strict interior overlap of two `[min_x, min_y, max_x, max_y]` boxes.
#[inline]
pub fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}
