//! One compact sort for the short and the cold lists (a proxy's few leaves,
//! a removed subtree, the changed tiles). The standard library's
//! `sort_unstable` is instantiated anew, several kilobytes of wasm each
//! time, for every element type and comparison it is called with; this one
//! is a few hundred bytes per use. Hot sorts of long lists keep
//! `sort_unstable`.

/// Below this length an insertion sort (as the standard sort itself uses
/// for short slices); above it a heapsort: `O(n log n)`, no allocation.
const SHORT: usize = 20;

/// Sorts `v` so that no element is `less` than the one before it (not
/// stable).
pub(crate) fn sort_by<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    if v.len() <= SHORT {
        for i in 1..v.len() {
            let mut j = i;
            while j > 0 && less(&v[j], &v[j - 1]) {
                v.swap(j, j - 1);
                j -= 1;
            }
        }
        return;
    }
    // Heapsort: build a max-heap, then move its top to the end one by one.
    let sift_down = |v: &mut [T], mut node: usize| loop {
        let mut child = 2 * node + 1;
        if child >= v.len() {
            break;
        }
        if child + 1 < v.len() && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[node], &v[child]) {
            break;
        }
        v.swap(node, child);
        node = child;
    };
    for node in (0..v.len() / 2).rev() {
        sift_down(v, node);
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift_down(&mut v[..end], 0);
    }
}

/// Sorts `v` by `key`, ascending (not stable).
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a) < key(b));
}

/// Sorts `v` ascending (not stable).
pub(crate) fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, |a, b| a < b);
}

#[cfg(test)]
mod tests {
    use super::{sort, sort_by_key};
    use crate::scene::Rng;

    /// Equal to the standard sort on seeded lists of every length up to
    /// well past the insertion sort's, with many ties.
    #[test]
    fn sorts_like_sort_unstable() {
        let seed = 38;
        let mut rng = Rng::new(seed);
        for len in 0..300 {
            let mut v: Vec<u32> = (0..len).map(|_| (rng.next_f64() * 50.0) as u32).collect();
            let mut expected = v.clone();
            expected.sort_unstable();
            sort(&mut v);
            assert_eq!(v, expected, "seed {seed}, length {len}");
            let mut pairs: Vec<(u32, u32)> =
                (0..len).map(|i| ((rng.next_f64() * 9.0) as u32, i as u32)).collect();
            sort_by_key(&mut pairs, |&(k, _)| k);
            assert!(pairs.windows(2).all(|w| w[0].0 <= w[1].0), "seed {seed}, length {len}");
            let mut ids: Vec<u32> = pairs.iter().map(|&(_, i)| i).collect();
            ids.sort_unstable();
            assert!(ids.iter().copied().eq(0..len as u32), "seed {seed}, length {len}: not a permutation");
        }
    }
}
