//! The static evaluation behind the search: one pass over every line finds the live lines,
//! the cells that would complete a line (threats), a heuristic value, and optionally a score per
//! empty cell for move ordering.

use super::{MAX_LINE_WORDS, Search};
use crate::k_in_a_row::bits::Mask;

/// Counts of a node's scan of all lines: live lines and the cells that complete one.
pub(super) struct Scan<M> {
    pub(super) my_live: u32,
    pub(super) opp_live: u32,
    pub(super) my_threats: M,
    pub(super) opp_threats: M,
    pub(super) heuristic: i32,
    /// The empty cells of every live line, either side's: the others are dead (no line
    /// through them can ever be won), so which of them is taken never matters.
    pub(super) useful: M,
    /// Whether no two of the mover's live lines share an empty cell: then each move of the
    /// mover advances one line, which the opponent kills with the next move, so the mover
    /// cannot win (once it has no line one tile short, which the search checks first).
    pub(super) my_apart: bool,
    /// The same for the opponent's live lines.
    pub(super) opp_apart: bool,
    /// The opponent's live lines two tiles short of a win (it needs two of them for a move
    /// that makes two fours).
    pub(super) opp_near: u32,
}

impl<M: Mask> Search<M> {
    /// Scans every line once. A line is live for a player when it holds no opposing tile and
    /// that player still has enough moves left to fill it. With `order`, also scores each
    /// empty cell by the live lines through it (for move ordering).
    ///
    /// `sparse` (for depth-limited searches on boards over 8×8) visits only the lines holding a
    /// tile: the others just count as live, and then `useful` is left empty and the `apart`
    /// flags are false whenever such a line is live.
    pub(super) fn scan(
        &self,
        me: M,
        opp: M,
        empties: u32,
        order: Option<(&mut [i32], bool)>,
        sparse: bool,
    ) -> Scan<M> {
        let dense = !sparse || self.line_words == 0;
        // The desktop scans every line straight from the list (the fastest); the web build
        // goes through the line set either way, so the scan's loop is compiled once.
        #[cfg(not(target_arch = "wasm32"))]
        if dense {
            return self.scan_lines(self.windows.iter().copied(), me, opp, empties, order);
        }
        let touched = if dense {
            Touched::all(self.windows.len())
        } else {
            self.touched(me | opp)
        };
        let mut s = self.scan_lines(touched.lines(&self.windows), me, opp, empties, order);
        let bare = self.windows.len() as u32 - touched.count();
        let k = self.k as u32;
        if bare > 0 {
            if k <= empties.div_ceil(2) {
                s.my_live += bare;
                s.my_apart = false;
            }
            if k <= empties / 2 {
                s.opp_live += bare;
                s.opp_apart = false;
            }
        }
        s
    }

    /// The scan of [`Search::scan`] over the given lines.
    fn scan_lines(
        &self,
        lines: impl Iterator<Item = M>,
        me: M,
        opp: M,
        empties: u32,
        order: Option<(&mut [i32], bool)>,
    ) -> Scan<M> {
        let k = self.k as u32;
        let my_moves = empties.div_ceil(2);
        let opp_moves = empties / 2;
        let mut s = Scan {
            my_live: 0,
            opp_live: 0,
            my_threats: M::ZERO,
            opp_threats: M::ZERO,
            heuristic: 0,
            useful: M::ZERO,
            my_apart: true,
            opp_apart: true,
            opp_near: 0,
        };
        let (mut my_seen, mut opp_seen) = (M::ZERO, M::ZERO);
        let mut order = order;
        // On boards over 8×8 the moves tried are near tiles anyway, so lines without a tile
        // only count as live (they add nothing to the heuristic, and ordering skips them).
        let skip_bare = !self.near.is_empty() && k > 1;
        for w in lines {
            let m = w & me;
            let o = w & opp;
            if skip_bare && m.is_zero() && o.is_zero() {
                if k <= my_moves {
                    s.my_live += 1;
                    s.useful |= w;
                    s.my_apart &= (my_seen & w).is_zero();
                    my_seen |= w;
                }
                if k <= opp_moves {
                    s.opp_live += 1;
                    s.opp_apart &= (opp_seen & w).is_zero();
                    opp_seen |= w;
                }
                continue;
            }
            if o.is_zero() {
                let c = m.count();
                if k - c <= my_moves {
                    s.my_live += 1;
                    let free = w & !m;
                    s.useful |= free;
                    s.my_apart &= (my_seen & free).is_zero();
                    my_seen |= free;
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
            if m.is_zero() {
                let c = o.count();
                if k - c <= opp_moves {
                    s.opp_live += 1;
                    let free = w & !o;
                    s.useful |= free;
                    s.opp_apart &= (opp_seen & free).is_zero();
                    opp_seen |= free;
                    if c + 1 == k {
                        s.opp_threats |= w & !o;
                    } else if c + 2 == k {
                        s.opp_near += 1;
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

    /// The lines holding one of `tiles` (the board must keep the lines through each cell).
    pub(super) fn touched(&self, tiles: M) -> Touched {
        let words = self.line_words;
        let mut touched = Touched {
            words: [0; MAX_LINE_WORDS],
        };
        let mut t = tiles;
        while !t.is_zero() {
            let cell = t.pop();
            for (acc, &lines) in touched
                .words
                .iter_mut()
                .zip(&self.cell_lines[cell * words..(cell + 1) * words])
            {
                *acc |= lines;
            }
        }
        touched
    }
}

impl<M: Mask> Search<M> {
    /// Whether the mover, with a free move, can stop the opponent from ever winning: some
    /// square lies in every live line of the opponent that shares an empty cell with another,
    /// so taking it leaves the opponent's live lines apart (see `Scan::my_apart`).
    pub(super) fn one_move_parts(&self, me: M, opp: M, empties: u32) -> bool {
        let k = self.k as u32;
        let opp_moves = empties / 2;
        let (mut seen, mut shared) = (M::ZERO, M::ZERO);
        for &w in &self.windows {
            if (w & me).is_zero() && k - (w & opp).count() <= opp_moves {
                let free = w & !opp;
                shared |= seen & free;
                seen |= free;
            }
        }
        let mut cut = !M::ZERO;
        for &w in &self.windows {
            if (w & me).is_zero() && k - (w & opp).count() <= opp_moves {
                let free = w & !opp;
                if !(free & shared).is_zero() {
                    cut = cut & free;
                    if cut.is_zero() {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// A set of lines (bits of indices into the search's lines).
pub(super) struct Touched {
    words: [u64; MAX_LINE_WORDS],
}

impl Touched {
    /// The first `n` lines (`n` at most `MAX_LINE_WORDS` × 64).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn all(n: usize) -> Touched {
        let mut words = [0u64; MAX_LINE_WORDS];
        for (i, w) in words.iter_mut().enumerate() {
            *w = match n.saturating_sub(i * 64) {
                0 => 0,
                m if m >= 64 => u64::MAX,
                m => (1u64 << m) - 1,
            };
        }
        Touched { words }
    }

    /// How many lines the set holds.
    fn count(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    /// The lines of the set, from `windows`.
    fn lines<'a, M: Copy>(&'a self, windows: &'a [M]) -> impl Iterator<Item = M> + 'a {
        self.words.iter().enumerate().flat_map(move |(i, &word)| {
            let mut b = word;
            std::iter::from_fn(move || {
                (b != 0).then(|| {
                    let j = b.trailing_zeros() as usize;
                    b &= b - 1;
                    windows[i * 64 + j]
                })
            })
        })
    }
}

/// The threats a side to move can make or must meet past the search's horizon.
pub(super) struct Threats<M> {
    /// Cells where the mover makes a four (k − 1 tiles in a live line): the reply is forced.
    pub(super) fours: M,
    /// Cells where the mover makes a three (k − 2 in a live line; only for k ≥ 5).
    pub(super) threes: M,
    /// The empty cells of the opponent's live lines holding k − 2 of its tiles.
    pub(super) defend: M,
    /// Whether the opponent has a move that makes two fours with different completing cells
    /// (a double threat, which wins unless met now).
    pub(super) opp_double: bool,
}

impl<M: Mask> Search<M> {
    /// Scans every line for the threats of [`Threats`].
    pub(super) fn threats(&self, me: M, opp: M, empties: u32) -> Threats<M> {
        let k = self.k as u32;
        let my_moves = empties.div_ceil(2);
        let opp_moves = empties / 2;
        let mut t = Threats {
            fours: M::ZERO,
            threes: M::ZERO,
            defend: M::ZERO,
            opp_double: false,
        };
        // For each cell, 1 + the cell a four made there would need next (0: none yet).
        let mut partner = M::scores();
        let partner = partner.as_mut();
        // Lines without a tile make no four, three or double threat (k ≥ 4).
        let touched = (self.line_words > 0).then(|| self.touched(me | opp));
        let lines: &mut dyn Iterator<Item = M> = match &touched {
            Some(t) => &mut t.lines(&self.windows),
            None => &mut self.windows.iter().copied(),
        };
        for w in lines {
            let m = w & me;
            let o = w & opp;
            if o.is_zero() {
                let c = m.count();
                if k - c <= my_moves {
                    if c + 2 == k {
                        t.fours |= w & !m;
                    } else if c + 3 == k && k >= 5 {
                        t.threes |= w & !m;
                    }
                }
            } else if m.is_zero() {
                let c = o.count();
                if c + 2 == k && k - c <= opp_moves {
                    let mut free = w & !o;
                    t.defend |= free;
                    let (a, b) = (free.pop(), free.pop());
                    for (x, y) in [(a, b), (b, a)] {
                        let want = y as i32 + 1;
                        if partner[x] == 0 {
                            partner[x] = want;
                        } else if partner[x] != want {
                            t.opp_double = true;
                        }
                    }
                }
            }
        }
        t
    }
}

/// Move-ordering weight of an empty cell in a live line holding c tiles of the mover.
const ORDER_MINE: [i32; 6] = [1, 4, 16, 64, 256, 1024];
/// Move-ordering weight of an empty cell in a live line holding c tiles of the opponent.
const ORDER_THEIRS: [i32; 6] = [1, 3, 12, 48, 192, 768];

fn add_to_cells<M: Mask>(order: &mut [i32], cells: M, weight: i32) {
    let mut b = cells;
    while !b.is_zero() {
        order[b.pop()] += weight;
    }
}

/// Heuristic weight of a live line holding c tiles of one player.
const WEIGHTS: [i32; 6] = [0, 1, 6, 36, 200, 1000];

#[cfg(test)]
mod tests {
    use super::Touched;

    /// The web build's dense scan walks `Touched::all`: it must hold exactly the first n lines.
    #[test]
    fn all_lines_are_the_first_n() {
        let windows: Vec<u64> = (0..1332).collect();
        for n in [0, 1, 63, 64, 65, 1332] {
            let all = Touched::all(n);
            assert_eq!(all.count() as usize, n);
            assert!(all.lines(&windows).eq(0..n as u64));
        }
    }
}
