//! The search's single moves: the forced one, the fallback on a board it has no time for, and
//! a cell as the caller and the transposition table see it.

use super::Search;
use crate::k_in_a_row::bits::Mask;
use crate::k_in_a_row::game::Move;
use crate::k_in_a_row::tt::NO_MOVE;

impl<M: Mask> Search<M> {
    /// The square of `cell`.
    pub(super) fn cell_of(&self, cell: u16) -> Move {
        Move::new(cell as usize / self.size, cell as usize % self.size)
    }

    /// The mover's winning cell, else the cell that blocks the opponent's one-move win (the
    /// lowest, when there are several and the position is lost anyway), if either exists.
    pub(super) fn forced_move(&self, me: M, opp: M, empties: u32) -> Option<u16> {
        let s = self.scan(me, opp, empties, None, false);
        [s.my_threats, s.opp_threats]
            .into_iter()
            .find(|t| !t.is_zero())
            .map(|t| t.lowest() as u16)
    }

    /// `cell` as the table stores it: seen through symmetry `sym` of the node's canonical key
    /// (`NO_MOVE` stays `NO_MOVE`).
    pub(super) fn canonical_move(&self, sym: usize, cell: u16) -> u16 {
        if cell == NO_MOVE {
            NO_MOVE
        } else {
            self.perms[sym][cell as usize]
        }
    }

    /// The empty cell in the most lines (the first such), or `NO_MOVE` on a full board.
    pub(super) fn fallback_move(&self, occupied: M) -> u16 {
        let mut best = NO_MOVE;
        let mut b = self.full & !occupied;
        while !b.is_zero() {
            let c = b.pop() as u16;
            if best == NO_MOVE || self.static_weight[c as usize] > self.static_weight[best as usize]
            {
                best = c;
            }
        }
        best
    }
}
