//! The Expert under the policies whose moves are not connected groups (Single, Adjacent,
//! WholeRowCol): a level-1 nested search on the rules engine, each move followed by a greedy
//! game to the end, walking down the best line found. It runs a move at a time, so it can stop
//! and go on between slices.

use super::{Clock, Line, line_of};
use crate::gems::board::{Board, Cell};
use crate::gems::game::Game;
use crate::gems::player::{Candidate, Player, legal_moves};
use crate::gems::policy::RemovalPolicy;

/// The search's position on the best line and the moves still to try there.
#[derive(Clone, Debug)]
pub(super) struct GenericSearch {
    policy: RemovalPolicy,
    /// The game along the best line so far.
    game: Game,
    /// The moves played on that line.
    prefix: Vec<Cell>,
    /// The moves still to try at this point of the line.
    todo: Vec<Candidate>,
    done: bool,
}

impl GenericSearch {
    /// A search from `board`.
    pub(super) fn new(board: &Board, policy: RemovalPolicy) -> GenericSearch {
        let game = Game::new(board.clone(), policy, Player::Interactive);
        let todo = legal_moves(game.board(), policy);
        GenericSearch {
            policy,
            game,
            prefix: Vec::new(),
            todo,
            done: false,
        }
    }

    /// Whether every point of the line has been searched.
    pub(super) fn is_done(&self) -> bool {
        self.done
    }

    /// Tries moves until `clock` runs out, improving `best` (a line from the start).
    pub(super) fn step(&mut self, clock: &mut Clock, best: &mut Line) {
        while !self.done && !clock.out() {
            let Some(m) = self.todo.pop() else {
                self.advance(best);
                continue;
            };
            clock.tick();
            let mut child = self.game.clone();
            if child.play(m.cell).is_err() {
                continue;
            }
            let rest = line_of(child.board(), self.policy, Player::Greedy);
            let total = child.score() + rest.score;
            if total > best.score {
                let mut moves = self.prefix.clone();
                moves.push(m.cell);
                moves.extend(rest.moves);
                *best = Line {
                    moves,
                    score: total,
                };
                clock.report_score(total);
            }
        }
    }

    /// Every move here has been tried: follow the best line one move on.
    fn advance(&mut self, best: &Line) {
        let next = best.moves.get(self.prefix.len()).copied();
        match next {
            Some(cell) if self.game.play(cell).is_ok() => {
                self.prefix.push(cell);
                self.todo = legal_moves(self.game.board(), self.policy);
            }
            _ => self.done = true,
        }
    }
}
