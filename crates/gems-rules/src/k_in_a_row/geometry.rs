//! The geometry of a board for the search: its lines of k available squares and its symmetries.

use super::board::{Board, DIRECTIONS};

/// The symmetries of the square (identity first) that map the unavailable squares onto
/// themselves, each as a cell permutation.
pub(crate) fn symmetries(board: &Board) -> Vec<[u8; 64]> {
    let n = board.size();
    let mut out = Vec::new();
    for t in 0..8 {
        let mut perm = [0u8; 64];
        for r in 0..n {
            for c in 0..n {
                let (mut rr, mut cc) = if t & 4 != 0 { (c, r) } else { (r, c) };
                if t & 1 != 0 {
                    rr = n - 1 - rr;
                }
                if t & 2 != 0 {
                    cc = n - 1 - cc;
                }
                perm[r * n + c] = (rr * n + cc) as u8;
            }
        }
        let mut mapped = 0u64;
        let mut b = board.unavailable();
        while b != 0 {
            mapped |= 1u64 << perm[b.trailing_zeros() as usize];
            b &= b - 1;
        }
        if mapped == board.unavailable() && !out.contains(&perm) {
            out.push(perm);
        }
    }
    out
}

/// Every line of k cells (row, column, both diagonals) with no unavailable square, as masks.
pub fn lines_of(board: &Board) -> Vec<u64> {
    let n = board.size() as isize;
    let k = board.k() as isize;
    let mut out = Vec::new();
    for row in 0..n {
        for col in 0..n {
            for (dr, dc) in DIRECTIONS {
                let (er, ec) = (row + dr * (k - 1), col + dc * (k - 1));
                if !(0..n).contains(&er) || !(0..n).contains(&ec) {
                    continue;
                }
                let mut mask = 0u64;
                for i in 0..k {
                    mask |= board.bit((row + dr * i) as usize, (col + dc * i) as usize);
                }
                if mask & board.unavailable() == 0 && !out.contains(&mask) {
                    out.push(mask);
                }
            }
        }
    }
    out
}
