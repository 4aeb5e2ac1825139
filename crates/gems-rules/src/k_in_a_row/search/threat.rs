//! Threat-space search: before a depth-limited search, the engine looks for a win by a chain
//! of threats, however deep, where the attacker only makes fours (the reply is forced) and
//! threes (the opponent must stop a double threat), and the defender only tries the replies
//! that can matter: blocking a cell of the attacker's near-complete lines, or a four of its
//! own. Such chains go far past the full-width search's `quality`, for a small cost.

use super::Search;
use crate::k_in_a_row::bits::Mask;

/// The most attacker moves in a chain.
const CHAIN_MOVES: u32 = 8;
/// The most positions one threat-space search visits.
const CHAIN_NODES: u64 = 20_000;

impl<M: Mask> Search<M> {
    /// A move that starts a winning chain of threats for the mover (`me`), if one is found.
    pub(super) fn threat_win(&mut self, me: M, opp: M) -> Option<u16> {
        if !self.threat_search {
            return None;
        }
        self.chain_nodes = 0;
        self.attack(me, opp, CHAIN_MOVES)
    }

    fn chain_spent(&mut self) -> bool {
        self.chain_nodes += 1;
        self.nodes += 1;
        self.chain_nodes > CHAIN_NODES || self.check_abort()
    }

    /// The attacker (`me`) to move, with at most `moves` more threats: a winning move, if any.
    fn attack(&mut self, me: M, opp: M, moves: u32) -> Option<u16> {
        if self.chain_spent() {
            return None;
        }
        let empty = self.full & !(me | opp | self.unavailable);
        let empties = empty.count();
        if empties == 0 {
            return None;
        }
        let s = self.scan(me, opp, empties, None, true);
        if !s.my_threats.is_zero() {
            return Some(s.my_threats.lowest() as u16);
        }
        if s.opp_threats.count() >= 2 || moves == 0 {
            return None;
        }
        if !s.opp_threats.is_zero() {
            let block = s.opp_threats.lowest();
            return self
                .defends_in_vain(opp, me | M::single(block), moves - 1)
                .then_some(block as u16);
        }
        let t = self.threats(me, opp, empties);
        // Against a double threat in the making, only fours keep the initiative.
        let threes = if t.opp_double { M::ZERO } else { t.threes };
        for set in [t.fours, threes & !t.fours] {
            let mut b = set & empty;
            while !b.is_zero() {
                let c = b.pop();
                if self.defends_in_vain(opp, me | M::single(c), moves - 1) {
                    return Some(c as u16);
                }
            }
        }
        None
    }

    /// The squares that can matter to the mover (`me`, to move, with no line one tile short
    /// of a win on either side) when the opponent has a move making two fours with different
    /// winning squares: the empty squares of the opponent's lines one tile short of a four,
    /// and the mover's own fours. Any other move loses: the opponent's lines stay whole, the
    /// opponent makes its double four, and the mover, with no four of its own to complete,
    /// blocks one and loses to the other. `None` when the opponent has no such move.
    pub(super) fn zone(&self, me: M, opp: M, empties: u32) -> Option<M> {
        let t = self.threats(me, opp, empties);
        t.opp_double.then_some(t.defend | t.fours)
    }

    /// The defender (`def`) to move after a threat of `att`: whether every reply that can
    /// matter still loses to a chain of at most `moves` more threats.
    fn defends_in_vain(&mut self, def: M, att: M, moves: u32) -> bool {
        if self.chain_spent() {
            return false;
        }
        let empty = self.full & !(def | att | self.unavailable);
        let empties = empty.count();
        if empties == 0 {
            return false;
        }
        let s = self.scan(def, att, empties, None, true);
        if !s.my_threats.is_zero() {
            return false;
        }
        if s.opp_threats.count() >= 2 {
            return true;
        }
        if !s.opp_threats.is_zero() {
            let block = s.opp_threats.lowest();
            return self.attack(att, def | M::single(block), moves).is_some();
        }
        let t = self.threats(def, att, empties);
        if !t.opp_double {
            // The last move threatened nothing that must be met.
            return false;
        }
        let mut replies = (t.defend | t.fours) & empty;
        while !replies.is_zero() {
            let r = replies.pop();
            if self.attack(att, def | M::single(r), moves).is_none() {
                return false;
            }
        }
        true
    }
}
