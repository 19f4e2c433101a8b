//! One compact sort for every list the core sorts but the World's pair
//! keys (which [`crate::radix_sort`] sorts). The standard library's
//! `sort_unstable` is instantiated anew, several kilobytes of wasm each
//! time, for every element type and comparison it is called with; this one
//! is well under a kilobyte per use, and for the lengths the core sorts
//! (a node's run, a cell's crowd, the oversize list, a query's ids) about
//! as fast.

/// Up to this length an insertion sort (as the standard sort itself uses
/// for short slices).
const SHORT: usize = 20;

/// Sorts `v` so that no element is `less` than the one before it (not
/// stable). An introsort: quicksort on a median-of-three pivot, the
/// shorter side first so the stack stays `O(log n)`, a heapsort once the
/// partitions have gone badly too often (so `O(n log n)` always), and an
/// insertion sort for the short pieces. No allocation. Out of line, so
/// the loops that sort now and then (a sweep, a node's run) do not carry
/// the sort inlined.
#[inline(never)]
pub(crate) fn sort_by<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    // A list already in order (all its keys equal, say) is left exactly as
    // it is, as the standard sort leaves it: what is built from it next
    // (a sweep's pairs, in turn the pair keys' sort) keeps its order too.
    if v.windows(2).all(|w| !less(&w[1], &w[0])) {
        return;
    }
    let depth = 2 * (usize::BITS - v.len().leading_zeros());
    quicksort(v, &less, depth);
}

fn quicksort<T>(mut v: &mut [T], less: &impl Fn(&T, &T) -> bool, mut depth: u32) {
    while v.len() > SHORT {
        if depth == 0 {
            heapsort(v, less);
            return;
        }
        depth -= 1;
        let mid = partition(v, less);
        let (left, right) = v.split_at_mut(mid);
        let right = &mut right[1..];
        if left.len() < right.len() {
            quicksort(left, less, depth);
            v = right;
        } else {
            quicksort(right, less, depth);
            v = left;
        }
    }
    insertion_sort(v, less);
}

/// Puts the median of the first, middle and last elements at `v[0]`, then
/// partitions the rest around it (Hoare's scheme: both scans stop on an
/// element equal to the pivot, so a run of equal keys splits in the
/// middle instead of sliding to one side): returns where the pivot ends,
/// everything before it not greater, everything after it not less.
fn partition<T>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) -> usize {
    let (a, b, c) = (0, v.len() / 2, v.len() - 1);
    // Order v[a] ≤ v[b] ≤ v[c]; the median is then at b.
    if less(&v[b], &v[a]) {
        v.swap(a, b);
    }
    if less(&v[c], &v[b]) {
        v.swap(b, c);
        if less(&v[b], &v[a]) {
            v.swap(a, b);
        }
    }
    v.swap(0, b);
    let (pivot, rest) = v.split_first_mut().expect("longer than SHORT");
    // rest[..i] is not greater than the pivot, rest[j..] not less.
    let (mut i, mut j) = (0, rest.len());
    loop {
        while i < j && less(&rest[i], pivot) {
            i += 1;
        }
        while i < j && less(pivot, &rest[j - 1]) {
            j -= 1;
        }
        if i >= j {
            break;
        }
        j -= 1;
        rest.swap(i, j);
        i += 1;
    }
    // v[i] is rest[i - 1], not greater than the pivot.
    v.swap(0, i);
    i
}

fn insertion_sort<T>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Build a max-heap, then move its top to the end one by one.
fn heapsort<T>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
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
pub(crate) fn sort_by_key<T, K: PartialOrd>(v: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a) < key(b));
}

/// Sorts `v` ascending (not stable).
pub(crate) fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, |a, b| a < b);
}

/// Moves the element that a sort would put at `rank` there, the ones not
/// greater before it and the ones not less after it (quickselect, with the
/// sort to finish once the partitions have gone badly too often), and
/// returns it. `rank` must be below `v.len()`.
pub(crate) fn select_nth_by<T>(v: &mut [T], rank: usize, less: impl Fn(&T, &T) -> bool) -> &T {
    let (mut lo, mut hi) = (0, v.len());
    let mut depth = 2 * (usize::BITS - v.len().leading_zeros());
    while hi - lo > SHORT {
        if depth == 0 {
            sort_by(&mut v[lo..hi], &less);
            return &v[rank];
        }
        depth -= 1;
        let mid = lo + partition(&mut v[lo..hi], &less);
        match rank.cmp(&mid) {
            std::cmp::Ordering::Equal => return &v[rank],
            std::cmp::Ordering::Less => hi = mid,
            std::cmp::Ordering::Greater => lo = mid + 1,
        }
    }
    insertion_sort(&mut v[lo..hi], &less);
    &v[rank]
}

#[cfg(test)]
mod tests {
    use super::{select_nth_by, sort, sort_by_key};
    use crate::scene::Rng;

    /// Equal to the standard sort on seeded lists of every length up to
    /// well past the insertion sort's, with many ties, and on long lists
    /// of the shapes that defeat a plain quicksort (sorted, reversed, all
    /// equal, organ pipe, few distinct values).
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
        for len in [1000usize, 4097, 30_000] {
            let n = len as u32;
            let shapes: [Vec<u32>; 6] = [
                (0..n).collect(),
                (0..n).rev().collect(),
                vec![7; len],
                (0..n).map(|i| i.min(n - i)).collect(),
                (0..n).map(|_| rng.below(3)).collect(),
                (0..n).map(|_| rng.next_u64() as u32).collect(),
            ];
            for (shape, mut v) in shapes.into_iter().enumerate() {
                let mut expected = v.clone();
                expected.sort_unstable();
                sort(&mut v);
                assert_eq!(v, expected, "seed {seed}, length {len}, shape {shape}");
            }
        }
    }

    /// The element at each rank is the sorted list's, with nothing greater
    /// before it and nothing less after it.
    #[test]
    fn selects_like_sorting() {
        let seed = 39;
        let mut rng = Rng::new(seed);
        for len in (1..200).chain([1000, 5000]) {
            let v: Vec<f64> = (0..len).map(|_| (rng.next_f64() * 30.0).floor()).collect();
            let mut sorted = v.clone();
            sorted.sort_unstable_by(f64::total_cmp);
            for rank in [0, len / 3, len / 2, len * 95 / 100, len - 1] {
                let mut w = v.clone();
                let got = *select_nth_by(&mut w, rank, |a, b| a < b);
                assert_eq!(got, sorted[rank], "seed {seed}, length {len}, rank {rank}");
                assert!(w[..rank].iter().all(|&x| x <= got) && w[rank..].iter().all(|&x| x >= got));
            }
        }
    }
}
