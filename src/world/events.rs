//! Sorted pair keys (`a << 32 | b`, `a < b`): the enter and exit events
//! between two `pairs()` results. One merge walk finds the keys
//! only in the new list (began) and only in the old one (ended), in
//! `O(old + new)` with no allocation once the output buffers are warm.
//! After a full pass the two lists are the whole results; when few objects
//! moved, only the moved objects' pairs before and now (`pairs.rs`). A
//! structure switch does not disturb it (every structure gives the same
//! pairs), and a removed object's pairs simply end.

/// Writes `[a, b, …]` of the keys only in `now` to `began` and of those only
/// in `before` to `ended`.
pub(super) fn diff_sorted(before: &[u64], now: &[u64], began: &mut Vec<u32>, ended: &mut Vec<u32>) {
    began.clear();
    ended.clear();
    let push = |out: &mut Vec<u32>, k: u64| out.extend([(k >> 32) as u32, k as u32]);
    let (mut i, mut j) = (0, 0);
    while i < before.len() && j < now.len() {
        match before[i].cmp(&now[j]) {
            std::cmp::Ordering::Less => {
                push(ended, before[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                push(began, now[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    for &k in &before[i..] {
        push(ended, k);
    }
    for &k in &now[j..] {
        push(began, k);
    }
}
