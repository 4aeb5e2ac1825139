//! The value of every empty square for the player to move, worked out a piece at a time: first
//! proofs (each square's position after the move, solved), then, for the squares no proof
//! settled, the engine's evaluation (a depth-limited search), labelled as such. A host with
//! threads runs it whole; the web build runs it a slice per frame. The engine's table is kept
//! throughout, so a proof cut off in one pass or slice helps the next.

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::{Board, Cell, Engine, Limits, Move, Outcome, Side, Strength, geometry};
use crate::cancel::Cancel;

/// The most passes the proofs make over the squares still unknown (they stop sooner when the
/// budget is spent, and after one pass without a budget).
const PASSES: usize = 64;

/// What playing on an empty square is worth to the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SquareValue {
    /// Not settled yet (or not within the budget).
    Unknown,
    /// The proven result of playing there, with perfect play afterwards.
    Proven(Outcome),
    /// The engine's evaluation of playing there (a depth-limited search, not a proof): above 0
    /// good for the player to move, below 0 bad, within ±[`super::HEURISTIC_MAX`].
    Estimate(i32),
}

/// The work of valuing every empty square of a position (see the module doc).
pub struct SquareAnalysis {
    board: Board,
    to_move: Side,
    values: Vec<(Move, SquareValue)>,
    /// The proofs' budget: time and nodes over all squares and passes, and the cancel flag.
    proof: Limits,
    /// The depth of the evaluation of the squares no proof settled (`None`: proofs only).
    estimate: Option<u32>,
    /// Nodes each square's evaluation may visit.
    estimate_nodes: u64,
    spent: Duration,
    nodes: u64,
    pass: usize,
    next: usize,
    proving: bool,
    /// The symmetries of the square (see [`symmetric`]) that map the position onto itself,
    /// the identity left out.
    symmetries: Vec<u8>,
}

impl SquareAnalysis {
    /// The analysis of `board` for `to_move`: proofs within `proof` (skipped when
    /// `try_proofs` is false, as on boards too large to finish one), then, with `estimate`
    /// Some(q), a q-ply evaluation of at most `estimate_nodes` nodes for each square left.
    pub fn new(
        board: Board,
        to_move: Side,
        proof: Limits,
        try_proofs: bool,
        estimate: Option<(u32, u64)>,
    ) -> SquareAnalysis {
        let size = board.size();
        let over = board.wins(to_move) || board.wins(to_move.opponent());
        let values = (0..size * size)
            .filter(|&i| board.is_empty(i / size, i % size))
            .map(|i| (Move::new(i / size, i % size), SquareValue::Unknown))
            .collect();
        SquareAnalysis {
            board,
            to_move,
            values,
            proof,
            estimate: estimate.filter(|_| !over).map(|e| e.0),
            estimate_nodes: estimate.map_or(0, |e| e.1),
            spent: Duration::ZERO,
            nodes: 0,
            pass: if over || !try_proofs { PASSES } else { 0 },
            next: 0,
            proving: true,
            symmetries: (1..8).filter(|&t| keeps(t, &board)).collect(),
        }
    }

    /// Takes `value` as known for the square `mv` (from an earlier run, say): it is not worked
    /// out again. A square that is not empty is ignored.
    pub fn set_known(&mut self, mv: Move, value: Outcome) {
        if let Some(slot) = self.values.iter_mut().find(|(m, _)| *m == mv) {
            slot.1 = SquareValue::Proven(value);
        }
    }

    /// The squares' values so far, in row-major order.
    pub fn values(&self) -> &[(Move, SquareValue)] {
        &self.values
    }

    /// Works for about `slice` (`None`: to the end, or until `cancel`). Returns whether the
    /// analysis is over.
    pub fn step(&mut self, engine: &mut Engine, slice: Option<Duration>, cancel: &Cancel) -> bool {
        let start = Instant::now();
        let slice_left = |start: Instant| slice.map(|s| s.saturating_sub(start.elapsed()));
        loop {
            if cancel.is_cancelled() || self.proof.cancel.is_cancelled() {
                return true;
            }
            if slice_left(start).is_some_and(|s| s.is_zero()) {
                self.spent += start.elapsed();
                return false;
            }
            if self.proving {
                if !self.prove_next(engine, slice_left(start), cancel, start) {
                    self.proving = false;
                    self.next = 0;
                }
            } else if !self.estimate_next(engine) {
                self.spent += start.elapsed();
                return true;
            }
        }
    }

    /// Tries the proof of the next square still unknown; false once the proofs are over.
    fn prove_next(
        &mut self,
        engine: &mut Engine,
        slice: Option<Duration>,
        cancel: &Cancel,
        start: Instant,
    ) -> bool {
        let spent = self.spent + start.elapsed();
        let out_of_time = self.proof.time.is_some_and(|t| spent >= t);
        let out_of_nodes = self.proof.nodes.is_some_and(|n| self.nodes >= n);
        if self.pass >= PASSES || out_of_time || out_of_nodes {
            return false;
        }
        let open = |from: usize| {
            (from..self.values.len()).filter(|&i| self.values[i].1 == SquareValue::Unknown)
        };
        let Some(i) = open(self.next).next() else {
            self.pass += 1;
            self.next = 0;
            let unbounded = self.proof.time.is_none() && self.proof.nodes.is_none();
            if unbounded || open(0).next().is_none() {
                self.pass = PASSES;
            }
            return self.pass < PASSES;
        };
        let left = open(i).count() as u32;
        let time = self.proof.time.map(|t| t.saturating_sub(spent) / left);
        let share = Limits {
            time: match (time, slice) {
                (Some(t), Some(s)) => Some(t.min(s)),
                (t, s) => t.or(s),
            },
            cancel: cancel.clone(),
            nodes: self
                .proof
                .nodes
                .map(|n| (n.saturating_sub(self.nodes) / u64::from(left)).max(1)),
        };
        let mv = self.values[i].0;
        let after = self.after(mv);
        let twin = self.symmetries.iter().find_map(|&t| {
            let image = symmetric(t, mv, self.board.size());
            self.values
                .iter()
                .find(|(m, v)| *m == image && matches!(v, SquareValue::Proven(_)))
                .map(|&(_, v)| v)
        });
        self.values[i].1 = if let Some(v) = twin {
            // A square the position's symmetry maps onto a proven one has its value.
            v
        } else if after.wins(self.to_move) {
            SquareValue::Proven(Outcome::Win)
        } else if after.is_full() {
            SquareValue::Proven(Outcome::Draw)
        } else {
            let reply = engine.solve(&after, self.to_move.opponent(), &share);
            self.nodes += reply.nodes;
            match reply.outcome {
                Some(o) if reply.proven => SquareValue::Proven(o.reversed()),
                _ => SquareValue::Unknown,
            }
        };
        self.next = i + 1;
        true
    }

    /// Evaluates the next square no proof settled; false once there is none left.
    fn estimate_next(&mut self, engine: &mut Engine) -> bool {
        let Some(q) = self.estimate else {
            return false;
        };
        let Some(i) =
            (self.next..self.values.len()).find(|&i| self.values[i].1 == SquareValue::Unknown)
        else {
            return false;
        };
        let after = self.after(self.values[i].0);
        let limits = Limits {
            nodes: Some(self.estimate_nodes.max(1)),
            ..Limits::default()
        };
        let reply = engine.best_move(
            &after,
            self.to_move.opponent(),
            Strength::Quality(q),
            &limits,
        );
        self.values[i].1 = match reply.outcome {
            Some(o) if reply.proven => SquareValue::Proven(o.reversed()),
            _ => SquareValue::Estimate(-reply.score),
        };
        self.next = i + 1;
        true
    }

    /// The board after the player to move takes `mv`.
    fn after(&self, mv: Move) -> Board {
        let mut after = self.board;
        after.set(mv.row, mv.col, Cell::of(self.to_move));
        after
    }
}

/// Where symmetry `t` (see [`geometry::symmetric`]) of a board of side `n` takes the square `mv`.
fn symmetric(t: u8, mv: Move, n: usize) -> Move {
    let (r, c) = geometry::symmetric(t, mv.row, mv.col, n);
    Move::new(r, c)
}

/// Whether symmetry `t` maps every square of `board` onto a square holding the same.
fn keeps(t: u8, board: &Board) -> bool {
    let n = board.size();
    (0..n * n).all(|i| {
        let (r, c) = (i / n, i % n);
        let image = symmetric(t, Move::new(r, c), n);
        board.get(r, c) == board.get(image.row, image.col)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight symmetries are distinct permutations of the squares, and an empty board keeps
    /// all of them while one tile off the centre keeps only those fixing it.
    #[test]
    fn symmetries_permute_the_squares_and_follow_the_tiles() {
        let n = 5;
        let mut seen = std::collections::HashSet::new();
        for t in 0..8 {
            let image: Vec<Move> = (0..n * n)
                .map(|i| symmetric(t, Move::new(i / n, i % n), n))
                .collect();
            let distinct: std::collections::HashSet<_> = image.iter().copied().collect();
            assert_eq!(distinct.len(), n * n, "symmetry {t} is a permutation");
            assert!(seen.insert(image), "symmetry {t} is new");
        }
        let mut b = Board::new(n, 4).expect("shape");
        assert!((0..8).all(|t| keeps(t, &b)));
        b.set(0, 0, Cell::Human);
        let kept: Vec<u8> = (0..8).filter(|&t| keeps(t, &b)).collect();
        assert_eq!(
            kept,
            [0, 4],
            "the identity and the main diagonal's reflection"
        );
    }
}
