//! The engine's view of a board geometry: its lines of k cells, each cell's static weight, and
//! the Zobrist keys of positions under each symmetry that keeps the unavailable squares in
//! place (so a position and its mirror images share one table entry).

use super::Engine;
use crate::k_in_a_row::board::Board;
use crate::k_in_a_row::geometry::{lines_of, symmetries};

/// A position's Zobrist key under each board symmetry (only the first `perms.len()` are used).
pub(super) type Keys = [u64; 8];

/// The next number of the SplitMix64 generator from `state` (the engine starts it from a
/// constant, so the keys are the same every run).
pub(super) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Engine {
    /// Prepares the lines of `board`'s geometry, clearing the table if it changed.
    pub(super) fn configure(&mut self, board: &Board) {
        if self.size == board.size()
            && self.k == board.k()
            && self.unavailable == board.unavailable()
        {
            return;
        }
        self.size = board.size();
        self.k = board.k();
        self.unavailable = board.unavailable();
        self.full = board.full_mask();
        self.windows = lines_of(board);
        self.static_weight = [0; 64];
        for &w in &self.windows {
            let mut bits = w;
            while bits != 0 {
                self.static_weight[bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
        }
        self.perms = symmetries(board);
        self.sym_keys = self
            .perms
            .iter()
            .map(|p| {
                let mut z = [[0u64; 64]; 2];
                for (zc, own) in z.iter_mut().zip(&self.zobrist) {
                    for (key, &to) in zc.iter_mut().zip(p.iter()) {
                        *key = own[to as usize];
                    }
                }
                z
            })
            .collect();
        self.tt.clear();
        self.history = [[0; 64]; 2];
    }

    /// The position's Zobrist key under each symmetry.
    pub(super) fn key_of(&self, me: u64, opp: u64, color: usize) -> Keys {
        let mut keys = [0u64; 8];
        for (t, key) in keys.iter_mut().enumerate().take(self.perms.len()) {
            *key = if color == 1 { self.side_key } else { 0 };
            for (bits, c) in [(me, color), (opp, 1 - color)] {
                let mut b = bits;
                while b != 0 {
                    *key ^= self.sym_keys[t][c][b.trailing_zeros() as usize];
                    b &= b - 1;
                }
            }
        }
        keys
    }

    /// The table key (the smallest key over the symmetries, never 0) and that symmetry.
    pub(super) fn canonical(&self, keys: &Keys) -> (u64, usize) {
        let mut best = (keys[0], 0);
        for (t, &k) in keys.iter().enumerate().take(self.perms.len()).skip(1) {
            if k < best.0 {
                best = (k, t);
            }
        }
        (best.0.max(1), best.1)
    }
}
