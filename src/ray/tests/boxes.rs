//! Segments against boxes and circles: known answers, dense sampling, and
//! the first box hit against brute force.

use super::*;

#[test]
fn segment_aabb_and_circle_known_answers() {
    let b = Aabb::from_xywh(10.0, 10.0, 10.0, 10.0);
    let h = segment_aabb(&b, 0.0, 15.0, 30.0, 15.0).unwrap();
    assert_eq!((h.t, h.x, h.y, h.normal), (1.0 / 3.0, 10.0, 15.0, (-1.0, 0.0)));
    let h = segment_aabb(&b, 15.0, 30.0, 15.0, 0.0).unwrap();
    assert_eq!((h.y, h.normal), (20.0, (0.0, 1.0)));
    // Inside: t = 0, and no surface at the start, so no normal.
    let h = segment_aabb(&b, 15.0, 15.0, 15.0, 0.0).unwrap();
    assert_eq!((h.t, h.normal), (0.0, (0.0, 0.0)));
    // Grazing the top face counts; passing beside it does not.
    assert_eq!(segment_aabb(&b, 0.0, 10.0, 30.0, 10.0).unwrap().x, 10.0);
    assert_eq!(segment_aabb(&b, 0.0, 9.999, 30.0, 9.999), None);
    assert_eq!(segment_aabb(&b, 0.0, 15.0, 9.0, 15.0), None);

    let h = segment_circle(10.0, 10.0, 5.0, 0.0, 10.0, 30.0, 10.0).unwrap();
    assert_eq!((h.x, h.y, h.normal), (5.0, 10.0, (-1.0, 0.0)));
    // From the centre: inside, no normal; from the circle: the radial normal.
    let h = segment_circle(10.0, 10.0, 5.0, 10.0, 10.0, 30.0, 10.0).unwrap();
    assert_eq!((h.t, h.normal), (0.0, (0.0, 0.0)));
    let h = segment_circle(10.0, 10.0, 5.0, 15.0, 10.0, 30.0, 10.0).unwrap();
    assert_eq!((h.t, h.normal), (0.0, (1.0, 0.0)));
    // Tangent: touching counts.
    let h = segment_circle(10.0, 10.0, 5.0, 0.0, 5.0, 30.0, 5.0).unwrap();
    assert_eq!((h.x, h.y, h.normal), (10.0, 5.0, (0.0, -1.0)));
    assert_eq!(segment_circle(10.0, 10.0, 5.0, 0.0, 4.99, 30.0, 4.99), None);
    assert_eq!(segment_circle(10.0, 10.0, 0.0, 0.0, 10.0, 30.0, 10.0), None);
    // Long rays keep their precision.
    let h = segment_circle(10.0, 10.0, 5.0, -1e12, 13.0, 1e12, 13.0).unwrap();
    assert!((h.x - 6.0).abs() < 1e-3, "{h:?}");
}

#[test]
fn segment_circle_agrees_with_dense_sampling() {
    for seed in 0..2000u64 {
        let mut rng = Rng::new(seed);
        let (cx, cy, rad) = (rng.range(0.0, 10.0), rng.range(0.0, 10.0), rng.range(0.1, 4.0));
        let r = random_ray(&mut rng, dims(10, 10, 1.0));
        let at = |t: f64| (r.0 + t * (r.2 - r.0), r.1 + t * (r.3 - r.1));
        let inside = |(x, y): (f64, f64)| (x - cx).hypot(y - cy) <= rad;
        let first = (0..=2000).map(|k| f64::from(k) / 2000.0).find(|&t| inside(at(t)));
        match (segment_circle(cx, cy, rad, r.0, r.1, r.2, r.3), first) {
            (None, Some(t)) => panic!("seed {seed}: missed at t = {t}"),
            (Some(h), s) => {
                assert!(s.is_none_or(|s| h.t <= s + 1e-12), "seed {seed}: late {h:?} vs {s:?}");
                let dist = (h.x - cx).hypot(h.y - cy);
                assert!(dist <= rad * (1.0 + 1e-9) + 1e-9, "seed {seed}: {h:?} off the disc");
                check_normal(h.normal, r, h.t).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
            (None, None) => {}
        }
    }
}

#[test]
fn first_box_hit_matches_brute_force_with_ties_to_the_smaller_id() {
    let mut hits = 0;
    for seed in 0..3000u64 {
        let mut rng = Rng::new(seed);
        let d = dims(10, 10, 1.0);
        let mut boxes: Vec<(u32, Aabb)> = (0..rng.below(20))
            .map(|i| {
                let (x, y) = (coord(&mut rng, 10, 1.0), coord(&mut rng, 10, 1.0));
                (i + 1, Aabb::from_xywh(x, y, 0.5 + f64::from(rng.below(4)), 0.5 + f64::from(rng.below(4))))
            })
            .collect();
        // Duplicates with other ids force exact ties.
        for k in 0..boxes.len().min(3) {
            let (_, b) = boxes[k];
            boxes.push((100 + k as u32, b));
        }
        // The order of candidates must not matter.
        let n = boxes.len();
        for i in (1..n).rev() {
            boxes.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let r = random_ray(&mut rng, d);
        let got = first_box_hit(r.0, r.1, r.2, r.3, boxes.iter().copied());
        let want = boxes
            .iter()
            .filter_map(|&(id, b)| segment_aabb(&b, r.0, r.1, r.2, r.3).map(|h| (h.t, id)))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        assert_eq!(got.map(|h| (h.t, h.id)), want, "seed {seed}: {r:?}");
        if let Some(h) = got {
            check_normal(h.normal, r, h.t).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            // Independent check: the hit box really contains the hit point
            // and no sampled point before it is in any box.
            let at = |t: f64| (r.0 + t * (r.2 - r.0), r.1 + t * (r.3 - r.1));
            for k in 0..100 {
                let t = h.t * f64::from(k) / 100.0;
                if h.t - t > 1e-9 {
                    let (x, y) = at(t);
                    let in_any = boxes
                        .iter()
                        .any(|(_, b)| b.min_x <= x && x <= b.max_x && b.min_y <= y && y <= b.max_y);
                    assert!(!in_any, "seed {seed}: a box holds t = {t} before the hit {h:?}");
                }
            }
            hits += 1;
        }
    }
    assert!(hits > 500, "{hits}");
    assert_eq!(first_box_hit(0.0, 0.0, 1.0, 1.0, []), None);
}
