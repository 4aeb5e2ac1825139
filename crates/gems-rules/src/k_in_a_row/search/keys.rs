//! The engine's view of a board geometry: its lines of k cells, each cell's static weight, and
//! the Zobrist keys of positions under each symmetry that keeps the unavailable squares in
//! place (so a position and its mirror images share one table entry).

use super::Search;
use crate::k_in_a_row::bits::{MAX_CELLS, Mask};
use crate::k_in_a_row::board::Board;
use crate::k_in_a_row::geometry::{lines_of, symmetries};
use crate::k_in_a_row::tt::FULL_DEPTH;

/// A position's Zobrist key under each board symmetry (only the first `perms.len()` are used).
pub(super) type Keys = [u64; 8];

impl<M: Mask> Search<M> {
    /// Prepares the lines of `board`'s geometry, clearing the table if it changed.
    pub(super) fn configure(&mut self, board: &Board) {
        if self.size == board.size()
            && self.k == board.k()
            && self.unavailable == M::from_bits(&board.unavailable())
        {
            return;
        }
        self.size = board.size();
        self.k = board.k();
        self.unavailable = M::from_bits(&board.unavailable());
        self.full = M::from_bits(&board.full_mask());
        self.windows = lines_of(board).iter().map(M::from_bits).collect();
        let cells = self.size * self.size;
        self.static_weight = vec![0; cells];
        for &w in &self.windows {
            let mut bits = w;
            while !bits.is_zero() {
                self.static_weight[bits.pop()] += 1;
            }
        }
        self.perms = symmetries(board);
        let zobrist = &self.zobrist;
        self.sym_keys = self
            .perms
            .iter()
            .map(|p| {
                (0..2)
                    .flat_map(|color| {
                        p.iter()
                            .map(move |&to| zobrist[color * MAX_CELLS + to as usize])
                    })
                    .collect()
            })
            .collect();
        self.threat_search = self.k >= 4;
        self.near = if self.size > 8 {
            let n = self.size as isize;
            (0..cells as isize)
                .map(|cell| {
                    let (r, c) = (cell / n, cell % n);
                    let mut m = M::ZERO;
                    for rr in (r - 2).max(0)..=(r + 2).min(n - 1) {
                        for cc in (c - 2).max(0)..=(c + 2).min(n - 1) {
                            m |= M::single((rr * n + cc) as usize);
                        }
                    }
                    m
                })
                .collect()
        } else {
            Vec::new()
        };
        self.line_words = if self.near.is_empty() {
            0
        } else {
            self.windows.len().div_ceil(64)
        };
        self.cell_lines = vec![0; cells * self.line_words];
        for (i, &w) in self.windows.iter().enumerate() {
            let mut b = w;
            while self.line_words > 0 && !b.is_zero() {
                self.cell_lines[b.pop() * self.line_words + i / 64] |= 1u64 << (i % 64);
            }
        }
        self.tt.clear();
        self.history = vec![0; 2 * cells];
    }

    /// The position's Zobrist key under each symmetry.
    pub(super) fn key_of(&self, me: M, opp: M, color: usize) -> Keys {
        let cells = self.size * self.size;
        let mut keys = [0u64; 8];
        for (t, key) in keys.iter_mut().enumerate().take(self.perms.len()) {
            *key = if color == 1 { self.side_key } else { 0 };
            for (bits, c) in [(me, color), (opp, 1 - color)] {
                let mut b = bits;
                while !b.is_zero() {
                    *key ^= self.sym_keys[t][c * cells + b.pop()];
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

impl<M: Mask> Search<M> {
    /// The moves a full-width node tries: every empty square, except that a depth-limited
    /// search on a board over 8×8 tries only squares near a tile (the best-placed square on a
    /// board without tiles). Threats are found by the line scan whatever this leaves out.
    pub(super) fn move_pool(&self, tiles: M, empty: M, depth: u8) -> M {
        if depth == FULL_DEPTH || self.near.is_empty() {
            return empty;
        }
        if tiles.is_zero() {
            return M::single(self.fallback_move(!empty) as usize);
        }
        let mut zone = M::ZERO;
        let mut t = tiles;
        while !t.is_zero() {
            zone |= self.near[t.pop()];
        }
        let near = zone & empty;
        if near.is_zero() { empty } else { near }
    }
}
