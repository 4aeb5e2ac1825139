//! The root of a search: a finished game, a chain of threats, then iterative deepening (a
//! full window to a depth, or two zero-window tests to the end of the game).

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::engine::Searcher;
use super::{Analysis, HEURISTIC_MAX, INF, Limits, MAX_PLY, Outcome, Search, WIN, WIN_MIN};
use crate::k_in_a_row::bits::Mask;
use crate::k_in_a_row::board::{Board, Side};
use crate::k_in_a_row::tt::{FULL_DEPTH, NO_MOVE};

impl<M: Mask> Searcher for Search<M> {
    /// Iterative deepening. `max_depth` None: solve with zero windows around a draw;
    /// Some(d): full-window search to depth d.
    fn run(
        &mut self,
        board: &Board,
        to_move: Side,
        limits: &Limits,
        max_depth: Option<u32>,
    ) -> Analysis {
        let start = Instant::now();
        self.configure(board);
        self.nodes = 0;
        self.done_depth = 0;
        self.aborted = false;
        self.deadline = limits.time.map(|t| start + t);
        self.cancel = limits.cancel.clone();
        self.node_limit = limits.nodes;
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
        self.tt.new_search();
        let color = to_move.index();
        let me = M::from_bits(&board.tiles(to_move));
        let opp = M::from_bits(&board.tiles(to_move.opponent()));
        let empties = (self.full & !(me | opp | self.unavailable)).count();
        let mut result = Analysis {
            best: None,
            score: 0,
            outcome: None,
            proven: false,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        let over = board.wins(to_move) || board.wins(to_move.opponent()) || empties == 0;
        if over {
            result.score = if board.wins(to_move) {
                WIN
            } else if board.wins(to_move.opponent()) {
                -WIN
            } else {
                0
            };
            result.outcome = Some(outcome_of(result.score));
            result.proven = true;
            result.depth = FULL_DEPTH as u32;
            return result;
        }
        let key = self.key_of(me, opp, color);
        let last = max_depth.unwrap_or(u32::MAX).min(empties);
        let wins_now = self.scan(me, opp, empties, None, false).my_threats;
        if !wins_now.is_zero() {
            let m = wins_now.lowest() as u16;
            // A win at once is a proof at any depth (the chain search below would only call
            // it a strong estimate).
            result.best = Some(self.cell_of(m));
            result.score = WIN - 1;
            result.outcome = Some(Outcome::Win);
            result.proven = true;
            result.depth = FULL_DEPTH as u32;
            result.nodes = 1;
            result.elapsed = start.elapsed();
            return result;
        }
        if let Some(m) = max_depth.and_then(|_| self.threat_win(me, opp)) {
            // A winning chain of threats: play it (a strong estimate, not a proof, since the
            // chain search only tries the replies that can matter).
            result.best = Some(self.cell_of(m));
            result.score = HEURISTIC_MAX - 1;
            result.depth = last;
            result.nodes = self.nodes;
            result.elapsed = start.elapsed();
            return result;
        }
        // Solving goes straight to the end: shallow heuristic iterations cost more than the
        // move ordering they would buy (measured on 4x4 k=4: 867k nodes with them, 234k without).
        let first = if max_depth.is_some() { 1 } else { last };
        let mut depth = first;
        loop {
            let d = if depth >= empties {
                FULL_DEPTH
            } else {
                depth as u8
            };
            self.root_best = NO_MOVE;
            let v = if max_depth.is_some() {
                self.negamax(me, opp, color, d, 0, 0, -INF, INF, key)
            } else {
                // Two zero-window tests: "does the mover at least draw?", then "does it win?".
                let draw = self.negamax(me, opp, color, d, 0, 0, -1, 0, key);
                if draw < 0 || self.aborted {
                    draw
                } else {
                    let draw_best = self.root_best;
                    self.root_best = NO_MOVE;
                    let win = self.negamax(me, opp, color, d, 0, 0, 0, 1, key);
                    if win >= 1 {
                        win
                    } else {
                        self.root_best = draw_best;
                        0
                    }
                }
            };
            if self.aborted {
                break;
            }
            result.score = v;
            result.best = Some(self.cell_of(self.root_best));
            result.depth = d as u32;
            self.done_depth = depth.min(empties);
            let decided = v.abs() > WIN_MIN;
            if decided || d == FULL_DEPTH {
                result.outcome = Some(outcome_of(v));
                result.proven = true;
                break;
            }
            result.outcome = None;
            if depth >= last {
                break;
            }
            depth += 1;
        }
        if result.best.is_none() {
            // Aborted before the first iteration completed (out of time, or a solve that goes
            // deeper than any search can finish, as on an open 15x15 board): still win at
            // once if the mover can, else block the opponent's win at once, whatever closes
            // the line's other end; only then any empty square, best by shape.
            let cell = self
                .forced_move(me, opp, empties)
                .unwrap_or_else(|| self.fallback_move(me | opp | self.unavailable));
            result.best = Some(self.cell_of(cell));
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    fn cancelled(&self) -> bool {
        Search::cancelled(self)
    }

    fn line_count(&self) -> usize {
        self.windows.len()
    }
}

fn outcome_of(v: i32) -> Outcome {
    if v > WIN_MIN {
        Outcome::Win
    } else if v < -WIN_MIN {
        Outcome::Loss
    } else {
        Outcome::Draw
    }
}
