//! Pairing strategies: a proof that one side can never win.
//!
//! The defender pairs off empty cells: disjoint pairs such that every line the attacker can
//! still complete holds one pair. Whenever the attacker takes a cell of a pair, the defender
//! takes the other, so every such line ends up holding a defender's tile, and the attacker
//! never completes one. Who moves first does not matter: a defender to move (or answering a
//! move outside every pair) plays anywhere, and an extra tile of its own only kills lines.
//! So a pairing bounds the attacker's value at a draw, without searching the tree below.

use super::Search;
use crate::k_in_a_row::bits::Mask;
use crate::k_in_a_row::tt::NO_MOVE;

/// How many of the mover's best squares `pairing_move` tries.
const FREE_MOVES: usize = 12;

/// Steps a pairing search may take before it gives up (and proves nothing): a position where
/// no pairing exists can take exponential time to refute, and the search below the node
/// decides it anyway.
const PAIRING_STEPS: u32 = 96;

impl<M: Mask> Search<M> {
    /// Whether `defender` has a pairing strategy against every line `attacker` can still
    /// complete with its `attacker_moves` remaining moves (see the module doc). `false` means
    /// none was found within the step budget, not that none exists.
    pub(super) fn pairs_off(&mut self, attacker: M, defender: M, attacker_moves: u32) -> bool {
        let k = self.k as u32;
        let empty = self.full & !(attacker | defender | self.unavailable);
        let mut lines = std::mem::take(&mut self.pair_lines);
        lines.clear();
        for &w in &self.windows {
            if (w & defender).is_zero() && k - (w & attacker).count() <= attacker_moves {
                lines.push(w & empty);
            }
        }
        // A line whose free cells include another's is covered with it: keep the smaller.
        let mut n = lines.len();
        let mut i = 0;
        while i < n {
            let li = lines[i];
            let covered = (0..n).any(|j| j != i && (lines[j] & !li).is_zero() && lines[j] != li)
                || lines[..i].contains(&li);
            if covered {
                lines.swap(i, n - 1);
                n -= 1;
            } else {
                i += 1;
            }
        }
        lines.truncate(n);
        let mut steps = PAIRING_STEPS;
        let found = cover(&mut lines, 0, M::ZERO, &mut steps);
        self.pair_lines = lines;
        found
    }
}

impl<M: Mask> Search<M> {
    /// A move of the mover (`me`, to move, with `empties` empty squares) after which the mover
    /// pairs off every line the opponent can still complete: `NO_MOVE` when pairing already
    /// holds without it, `None` when neither was found. Tries the [`FREE_MOVES`] best
    /// squares by `order` (the scan's move-ordering scores).
    pub(super) fn pairing_move(
        &mut self,
        me: M,
        opp: M,
        empties: u32,
        order: &[i32],
    ) -> Option<u16> {
        let opp_moves = empties / 2;
        if self.pairs_off(opp, me, opp_moves) {
            return Some(NO_MOVE);
        }
        let mut candidates = [(0i32, 0u16); FREE_MOVES];
        let mut n = 0;
        let mut b = self.full & !(me | opp | self.unavailable);
        while !b.is_zero() {
            let c = b.pop();
            let score = order.get(c).copied().unwrap_or(0);
            if n < FREE_MOVES {
                candidates[n] = (score, c as u16);
                n += 1;
            } else if let Some(worst) = candidates[..n].iter_mut().min_by_key(|x| x.0)
                && worst.0 < score
            {
                *worst = (score, c as u16);
            }
        }
        candidates[..n].sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
        candidates[..n]
            .iter()
            .map(|&(_, c)| c)
            .find(|&c| self.pairs_off(opp, me | M::single(c as usize), opp_moves))
    }
}

/// Whether the lines `lines[start..]` (their free cells) can each be given a pair of free cells
/// outside `used`, the pairs disjoint. Works on the end of `lines` as a stack, and leaves
/// `lines[..start]` as it found them.
fn cover<M: Mask>(lines: &mut Vec<M>, start: usize, used: M, steps: &mut u32) -> bool {
    let end = lines.len();
    if start == end {
        return true;
    }
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    // The line with the fewest cells left to pair from.
    let mut pick = start;
    let mut fewest = u32::MAX;
    for (i, &l) in lines.iter().enumerate().take(end).skip(start) {
        let n = (l & !used).count();
        if n < fewest {
            fewest = n;
            pick = i;
            if n < 2 {
                return false;
            }
        }
    }
    let mut free = lines[pick] & !used;
    let mut cells = [0usize; 32];
    let mut m = 0;
    while !free.is_zero() && m < cells.len() {
        cells[m] = free.pop();
        m += 1;
    }
    // Its pairs, those that cover the most other lines first.
    let mut pairs = [(0u32, 0u8, 0u8); 64];
    let mut p = 0;
    'pairs: for a in 0..m {
        for b in a + 1..m {
            if p == pairs.len() {
                break 'pairs;
            }
            let pair = M::single(cells[a]) | M::single(cells[b]);
            let covers = lines[start..end]
                .iter()
                .filter(|&&l| (pair & !l).is_zero())
                .count() as u32;
            pairs[p] = (covers, a as u8, b as u8);
            p += 1;
        }
    }
    pairs[..p].sort_unstable_by_key(|q| std::cmp::Reverse(q.0));
    for &(_, a, b) in &pairs[..p] {
        let pair = M::single(cells[a as usize]) | M::single(cells[b as usize]);
        for i in start..end {
            let l = lines[i];
            if !(pair & !l).is_zero() {
                lines.push(l);
            }
        }
        let found = cover(lines, end, used | pair, steps);
        lines.truncate(end);
        if found {
            return true;
        }
        if *steps == 0 {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::cover;

    fn cells(list: &[usize]) -> u64 {
        list.iter().fold(0, |m, &c| m | 1 << c)
    }

    /// Three overlapping windows of a row share one pair; two lines through one cell with
    /// nothing else free cannot both be paired.
    #[test]
    fn pairing_shares_a_pair_and_refuses_a_shared_last_cell() {
        let mut steps = 100;
        let mut lines = vec![cells(&[0, 1, 2]), cells(&[1, 2, 3]), cells(&[2, 3, 4])];
        assert!(cover(&mut lines, 0, 0, &mut steps));
        let mut lines = vec![cells(&[0, 1]), cells(&[1, 2])];
        assert!(!cover(&mut lines, 0, 0, &mut steps));
        let mut lines = vec![cells(&[0, 1, 5]), cells(&[1, 2])];
        assert!(cover(&mut lines, 0, 0, &mut steps));
        assert_eq!(lines.len(), 2, "the stack is left as it was");
    }
}
