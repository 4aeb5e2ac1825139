//! Same-coloured neighbours, found for every cell at once from the three bit-planes: the
//! pairs a move may start from, the lone gems the playouts' choice counts, and the diagonal
//! twins it may price.

use super::{BitBoard, Mask};

impl BitBoard {
    /// The cells whose upper or right neighbour holds a gem of the same colour: a cell of every
    /// group of two or more, whatever its colour.
    #[inline(always)]
    pub fn twins(&self) -> Mask {
        let (above, right) = self.same_above_and_right();
        above.or(right)
    }

    /// The cells whose upper neighbour holds a gem of the same colour, and those whose right
    /// neighbour does.
    #[inline(always)]
    pub(super) fn same_above_and_right(&self) -> (Mask, Mask) {
        let [p0, p1, p2] = self.planes;
        let occ = self.occupied();
        // Whether a cell's code differs from the one above it, or the one to its right (an
        // empty cell's code, 0, differs from every gem's).
        let differ =
            |next: fn(Mask) -> Mask| p0.xor(next(p0)).or(p1.xor(next(p1))).or(p2.xor(next(p2)));
        let above = occ.without(differ(Mask::down));
        let right = occ.without(differ(Mask::left));
        (above, right)
    }

    /// The gems with a gem of their colour diagonally next to them (up or down, in the next
    /// column or the previous one): pairs that a gem falling or a column closing may join.
    #[inline(always)]
    pub fn diagonal_twins(&self) -> Mask {
        let [p0, p1, p2] = self.planes;
        let occ = self.occupied();
        // The cells whose code is the one of the cell that `next` brings onto them (empty
        // cells' code, 0, differs from every gem's; shifts bring nothing into a cell's place
        // from outside the board: bit 15 of a lane is never a cell). Written out as in
        // `same_above_and_right`: one helper for both made the beams' playouts 5 to 9% slower.
        let same = |next: fn(Mask) -> Mask| {
            occ.without(p0.xor(next(p0)).or(p1.xor(next(p1))).or(p2.xor(next(p2))))
        };
        let up_right = same(|m| m.left().down());
        let down_right = same(|m| m.left().up());
        up_right
            .or(up_right.right().up())
            .or(down_right)
            .or(down_right.right().down())
            .and(occ)
    }

    /// The cells a move may start from: every gem when single gems may go, else the gems with
    /// a neighbour of their colour.
    #[inline(always)]
    pub fn playable(&self) -> Mask {
        if self.min_group <= 1 {
            self.occupied()
        } else {
            self.twins()
        }
    }

    /// The gems with no neighbour of their own colour, from this position's
    /// [`BitBoard::same_above_and_right`] (which the caller keeps, to count pairs too).
    #[inline(always)]
    pub(super) fn lone_cells_of(&self, above_and_right: (Mask, Mask)) -> Mask {
        self.occupied().without(paired_of(above_and_right))
    }
}

/// The gems with a neighbour of their own colour, from a position's
/// [`BitBoard::same_above_and_right`]: those cells, and their upper and right neighbours.
#[inline(always)]
pub(super) fn paired_of((above, right): (Mask, Mask)) -> Mask {
    above.or(above.up()).or(right).or(right.right())
}

#[cfg(test)]
mod tests {
    use super::super::{MAX_BIT_COLS, MAX_BIT_ROWS};
    use super::*;
    use crate::gems::fast::FastRng;
    use crate::gems::{RemovalPolicy, random_board};

    /// `diagonal_twins` holds exactly the gems with a gem of their colour at a diagonal
    /// neighbour, cell by cell, on random boards of every shape the engine takes, along
    /// random games (gems fallen and columns closed).
    #[test]
    fn diagonal_twins_are_the_gems_with_a_same_coloured_diagonal_neighbour() {
        let mut groups = Vec::new();
        for seed in 0..24u64 {
            let (rows, cols) = [(15, 16), (15, 15), (9, 13), (5, 6)][seed as usize % 4];
            let board = random_board(rows, cols, 2 + seed as u32 % 5, seed).unwrap();
            let (mut bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
            let mut rng = FastRng::new(seed);
            loop {
                let twins = bits.diagonal_twins();
                for col in 0..MAX_BIT_COLS {
                    for h in 0..MAX_BIT_ROWS {
                        let here = bits.color_at(col, h).filter(|_| col < bits.columns());
                        let at = |c: isize, y: isize| {
                            (c >= 0 && y >= 0 && (c as usize) < bits.columns())
                                .then(|| bits.color_at(c as usize, y as usize))
                                .flatten()
                        };
                        let (c, y) = (col as isize, h as isize);
                        let want = here.is_some()
                            && [(-1, -1), (-1, 1), (1, -1), (1, 1)]
                                .iter()
                                .any(|&(dc, dy)| at(c + dc, y + dy) == here);
                        assert_eq!(twins.has(col, h), want, "seed {seed}, cell {col},{h}");
                    }
                }
                bits.groups(&mut groups);
                if groups.is_empty() {
                    break;
                }
                bits.play(&groups[rng.below(groups.len())]);
            }
        }
    }
}
