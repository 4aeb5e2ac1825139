//! The static evaluation behind the search: one pass over every line finds the live lines,
//! the cells that would complete a line (threats), a heuristic value, and optionally a score per
//! empty cell for move ordering.

use super::Engine;

/// Counts of a node's scan of all lines: live lines and the cells that complete one.
pub(super) struct Scan {
    pub(super) my_live: u32,
    pub(super) opp_live: u32,
    pub(super) my_threats: u64,
    pub(super) opp_threats: u64,
    pub(super) heuristic: i32,
}

impl Engine {
    /// Scans every line once. A line is live for a player when it holds no opposing tile and
    /// that player still has enough moves left to fill it. With `order`, also scores each
    /// empty cell by the live lines through it (for move ordering).
    pub(super) fn scan(
        &self,
        me: u64,
        opp: u64,
        empties: u32,
        order: Option<(&mut [i32; 64], bool)>,
    ) -> Scan {
        let k = self.k as u32;
        let my_moves = empties.div_ceil(2);
        let opp_moves = empties / 2;
        let mut s = Scan {
            my_live: 0,
            opp_live: 0,
            my_threats: 0,
            opp_threats: 0,
            heuristic: 0,
        };
        let mut order = order;
        for &w in &self.windows {
            let m = w & me;
            let o = w & opp;
            if o == 0 {
                let c = m.count_ones();
                if k - c <= my_moves {
                    s.my_live += 1;
                    if c + 1 == k {
                        s.my_threats |= w & !m;
                    }
                    s.heuristic += WEIGHTS[c.min(5) as usize];
                    if let Some((ord, defend)) = order.as_mut() {
                        let weights = if *defend { &ORDER_THEIRS } else { &ORDER_MINE };
                        add_to_cells(ord, w & !m, weights[c.min(5) as usize]);
                    }
                }
            }
            if m == 0 {
                let c = o.count_ones();
                if k - c <= opp_moves {
                    s.opp_live += 1;
                    if c + 1 == k {
                        s.opp_threats |= w & !o;
                    }
                    s.heuristic -= WEIGHTS[c.min(5) as usize];
                    if let Some((ord, defend)) = order.as_mut() {
                        let weights = if *defend { &ORDER_MINE } else { &ORDER_THEIRS };
                        add_to_cells(ord, w & !o, weights[c.min(5) as usize]);
                    }
                }
            }
        }
        s
    }
}

/// Move-ordering weight of an empty cell in a live line holding c tiles of the mover.
const ORDER_MINE: [i32; 6] = [1, 4, 16, 64, 256, 1024];
/// Move-ordering weight of an empty cell in a live line holding c tiles of the opponent.
const ORDER_THEIRS: [i32; 6] = [1, 3, 12, 48, 192, 768];

fn add_to_cells(order: &mut [i32; 64], cells: u64, weight: i32) {
    let mut b = cells;
    while b != 0 {
        order[b.trailing_zeros() as usize] += weight;
        b &= b - 1;
    }
}

/// Heuristic weight of a live line holding c tiles of one player.
const WEIGHTS: [i32; 6] = [0, 1, 6, 36, 200, 1000];
