//! A move search run a slice at a time, for a host with one thread (the web build), where a
//! search must not hold a frame: each [`SlicedSearch::step`] searches for at most one slice and
//! keeps the engine's transposition table, so the next slice starts from what the earlier ones
//! established (a proof or a bound is never searched twice). The search ends when a slice
//! completes it (a proof, or the full depth of the asked quality) or when its time budget is
//! spent; it then plays the deepest result any slice found.

use std::time::Duration;

use super::{Analysis, Board, Engine, Limits, Move, Side, Strength};

/// A search in progress, advanced one slice at a time.
pub struct SlicedSearch {
    engine: Box<Engine>,
    board: Board,
    to_move: Side,
    strength: Strength,
    budget: Option<Duration>,
    spent: Duration,
    deepest: Option<Analysis>,
    slices: u32,
}

impl SlicedSearch {
    /// A search of `board` for `to_move` at `strength`, ending after `budget` of search time
    /// at most (`None`: when complete, however long that takes).
    pub fn new(
        engine: Engine,
        board: Board,
        to_move: Side,
        strength: Strength,
        budget: Option<Duration>,
    ) -> SlicedSearch {
        SlicedSearch {
            engine: Box::new(engine),
            board,
            to_move,
            strength,
            budget,
            spent: Duration::ZERO,
            deepest: None,
            slices: 0,
        }
    }

    /// Searches for at most `slice` (less when the budget is nearly spent). Returns the move
    /// to play once the search is over (`Some(None)` when the game is already over), else
    /// `None`: call again next frame.
    pub fn step(&mut self, slice: Duration) -> Option<Option<Move>> {
        let slice = match self.budget {
            Some(b) => slice.min(b.saturating_sub(self.spent)),
            None => slice,
        };
        let limits = Limits {
            time: Some(slice.max(Duration::from_millis(1))),
            cancel: crate::cancel::Cancel::never(),
            nodes: None,
        };
        let a = self
            .engine
            .best_move(&self.board, self.to_move, self.strength, &limits);
        self.spent += a.elapsed;
        self.slices += 1;
        let complete = a.proven
            || match self.strength {
                Strength::Quality(q) => a.depth >= q.max(1),
                Strength::Perfect => false,
            };
        if self.deepest.is_none_or(|d| a.depth >= d.depth || a.proven) {
            self.deepest = Some(a);
        }
        let out_of_time = self.budget.is_some_and(|b| self.spent >= b);
        if complete || out_of_time || a.best.is_none() {
            return Some(self.deepest.and_then(|d| d.best));
        }
        None
    }

    /// How many slices have run.
    pub fn slices(&self) -> u32 {
        self.slices
    }

    /// The deepest result so far.
    pub fn deepest(&self) -> Option<Analysis> {
        self.deepest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(size: usize, k: usize, moves: &[(usize, usize, Side)]) -> Board {
        let mut b = Board::new(size, k).expect("shape");
        for &(r, c, s) in moves {
            b.set(r, c, crate::k_in_a_row::Cell::of(s));
        }
        b
    }

    /// Run until done, with `slice` per step.
    fn run(search: &mut SlicedSearch, slice: Duration) -> Option<Move> {
        for _ in 0..1_000_000 {
            if let Some(m) = search.step(slice) {
                return m;
            }
        }
        panic!("the search never ended");
    }

    /// Sliced perfect play, with slices far shorter than the solve, still finds a move that
    /// keeps the proven result of the position.
    #[test]
    fn sliced_perfect_search_keeps_the_proven_result() {
        let board = position(5, 4, &[(0, 1, Side::Human)]);
        let whole = Engine::new().solve(&board, Side::Computer, &Limits::default());
        assert!(whole.proven);
        let mut sliced = SlicedSearch::new(
            Engine::with_table_bits(16),
            board,
            Side::Computer,
            Strength::Perfect,
            None,
        );
        let Move { row: r, col: c } = run(&mut sliced, Duration::from_micros(300)).expect("a move");
        assert!(sliced.slices() > 1, "the solve took more than one slice");
        assert!(sliced.deepest().expect("result").proven);
        let mut after = board;
        after.set(r, c, crate::k_in_a_row::Cell::of(Side::Computer));
        let reply = Engine::new().solve(&after, Side::Human, &Limits::default());
        let expect = whole.outcome.expect("proven").reversed();
        assert_eq!(reply.outcome, Some(expect));
    }

    /// A quality search sliced thin reaches the asked depth, like the one-shot search.
    #[test]
    fn sliced_quality_search_reaches_its_depth() {
        let board = position(6, 4, &[(2, 2, Side::Human), (3, 3, Side::Computer)]);
        let mut sliced = SlicedSearch::new(
            Engine::with_table_bits(16),
            board,
            Side::Human,
            Strength::Quality(4),
            None,
        );
        let m = run(&mut sliced, Duration::from_micros(200));
        assert!(m.is_some_and(|m| board.is_empty(m.row, m.col)));
        let deepest = sliced.deepest().expect("result");
        assert!(deepest.depth >= 4 || deepest.proven);
    }

    /// With a budget, a search that cannot finish stops at the budget with a legal move.
    #[test]
    fn a_budget_ends_an_unfinished_search_with_a_legal_move() {
        let board = position(8, 5, &[(3, 3, Side::Human)]);
        let mut sliced = SlicedSearch::new(
            Engine::with_table_bits(16),
            board,
            Side::Computer,
            Strength::Perfect,
            Some(Duration::from_millis(30)),
        );
        let m = run(&mut sliced, Duration::from_millis(5));
        assert!(m.is_some_and(|m| board.is_empty(m.row, m.col)));
        assert!(!sliced.deepest().expect("result").proven);
    }

    /// A finished game needs no search.
    #[test]
    fn a_finished_game_has_no_move() {
        let board = position(
            3,
            3,
            &[
                (0, 0, Side::Human),
                (0, 1, Side::Human),
                (0, 2, Side::Human),
            ],
        );
        let mut sliced = SlicedSearch::new(
            Engine::new(),
            board,
            Side::Computer,
            Strength::Perfect,
            None,
        );
        assert_eq!(sliced.step(Duration::from_millis(5)), Some(None));
    }
}
