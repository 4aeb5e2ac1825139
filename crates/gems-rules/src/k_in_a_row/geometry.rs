//! The geometry of a board for the search: its lines of k available squares and its symmetries.

use super::bits::Bits;
use super::board::{Board, DIRECTIONS};

/// Where symmetry `t` of the square (0–7: bit 2 transposes, then bit 0 flips the rows and bit 1
/// the columns; 0 is the identity) takes square (`r`, `c`) of a board of side `n`.
pub(crate) fn symmetric(t: u8, r: usize, c: usize, n: usize) -> (usize, usize) {
    let (mut rr, mut cc) = if t & 4 != 0 { (c, r) } else { (r, c) };
    if t & 1 != 0 {
        rr = n - 1 - rr;
    }
    if t & 2 != 0 {
        cc = n - 1 - cc;
    }
    (rr, cc)
}

/// The symmetries of the square (identity first) that map the unavailable squares onto
/// themselves, each as a cell permutation.
pub(crate) fn symmetries(board: &Board) -> Vec<Vec<u16>> {
    let n = board.size();
    let mut out = Vec::new();
    for t in 0..8 {
        let mut perm = vec![0u16; n * n];
        for r in 0..n {
            for c in 0..n {
                let (rr, cc) = symmetric(t, r, c, n);
                perm[r * n + c] = (rr * n + cc) as u16;
            }
        }
        let mut mapped = Bits::EMPTY;
        for i in board.unavailable().iter() {
            mapped |= Bits::single(perm[i] as usize);
        }
        if mapped == board.unavailable() && !out.contains(&perm) {
            out.push(perm);
        }
    }
    out
}

/// Every line of k cells (row, column, both diagonals) with no unavailable square, as cell sets
/// (each once).
pub fn lines_of(board: &Board) -> Vec<Bits> {
    let n = board.size() as isize;
    let k = board.k() as isize;
    let mut out = Vec::new();
    for row in 0..n {
        for col in 0..n {
            // With k = 1 every direction gives the same one-cell lines.
            let directions = if k == 1 {
                &DIRECTIONS[..1]
            } else {
                &DIRECTIONS[..]
            };
            for &(dr, dc) in directions {
                let (er, ec) = (row + dr * (k - 1), col + dc * (k - 1));
                if !(0..n).contains(&er) || !(0..n).contains(&ec) {
                    continue;
                }
                let mut mask = Bits::EMPTY;
                for i in 0..k {
                    mask |=
                        Bits::single(board.index((row + dr * i) as usize, (col + dc * i) as usize));
                }
                if (mask & board.unavailable()).is_empty() {
                    out.push(mask);
                }
            }
        }
    }
    out
}
