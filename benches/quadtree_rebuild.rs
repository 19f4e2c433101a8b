//! When does rebuilding the quadtree from scratch each frame (what the
//! common tutorials do: clear, insert everything) beat updating it in place? Moves a
//! fraction of 10k (and 100k) boxes per frame and times both, plus pairs.
//!
//! `cargo bench --bench quadtree_rebuild` (`BROADPHASE_QUICK=1`: 1k boxes, 2 frames).

use std::time::Instant;

use broadphase::quadtree::{Placement, Quadtree, QuadtreeLimits};
use broadphase::scene::{generate, scene_side, Layout, Rng};
use broadphase::{Aabb, BroadPhase};

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let quick = std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1");
    let (counts, frames) = if quick { (&[1_000usize][..], 2) } else { (&[10_000usize, 100_000][..], 15) };
    println!("| placement | objects | moved per frame | in place µs | rebuild µs | rebuild / in place |");
    println!("|---|---:|---:|---:|---:|---:|");
    for placement in [Placement::StraddleInParent, Placement::AllOverlappedLeaves] {
        for &count in counts {
            let side = scene_side(count);
            let objects = generate(count, side, Layout::Uniform, 7);
            let mut boxes: Vec<Aabb> = objects.iter().map(|o| Aabb::from_xywh(o.x, o.y, o.w, o.h)).collect();
            let world = Aabb::from_xywh(0.0, 0.0, side, side);
            let limits = QuadtreeLimits::default();
            let mut in_place = Quadtree::new(world, placement, limits);
            let mut rebuilt = Quadtree::new(world, placement, limits);
            for (i, b) in boxes.iter().enumerate() {
                in_place.insert(i as u32, *b);
                rebuilt.insert(i as u32, *b);
            }
            let mut pairs = Vec::new();
            for percent in [1usize, 5, 10, 25, 50, 100] {
                let moved = count * percent / 100;
                let mut rng = Rng::new(percent as u64);
                let (mut t_in_place, mut t_rebuild) = (Vec::new(), Vec::new());
                for _ in 0..frames {
                    // Move `moved` random boxes by up to a frame's worth (1 unit).
                    let picks: Vec<usize> = (0..moved).map(|_| rng.below(count as u32) as usize).collect();
                    for &i in &picks {
                        let b = &mut boxes[i];
                        let (dx, dy) = (rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
                        *b = Aabb::from_xywh(
                            (b.min_x + dx).clamp(0.0, side - b.width()),
                            (b.min_y + dy).clamp(0.0, side - b.height()),
                            b.width(),
                            b.height(),
                        );
                    }
                    let start = Instant::now();
                    for &i in &picks {
                        in_place.update(i as u32, boxes[i]);
                    }
                    pairs.clear();
                    in_place.pairs(&mut pairs);
                    t_in_place.push(start.elapsed().as_secs_f64() * 1e6);
                    let start = Instant::now();
                    rebuilt.clear();
                    for (i, b) in boxes.iter().enumerate() {
                        rebuilt.insert(i as u32, *b);
                    }
                    pairs.clear();
                    rebuilt.pairs(&mut pairs);
                    t_rebuild.push(start.elapsed().as_secs_f64() * 1e6);
                }
                let (a, b) = (median(t_in_place), median(t_rebuild));
                let name =
                    if placement == Placement::StraddleInParent { "quadtree" } else { "quadtree-leaves" };
                println!("| {name} | {count} | {percent}% | {a:.0} | {b:.0} | {:.2}× |", b / a);
            }
        }
    }
}
