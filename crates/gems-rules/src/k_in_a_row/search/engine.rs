//! The engine players and tools call: it makes the search for the board's mask type (a
//! `u64` for small boards on the desktop, [`Bits`] otherwise) and runs it at a strength.

#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::{Analysis, Limits, Outcome, Search, Strength};
use crate::cancel::Progress;
use crate::k_in_a_row::analysis::{SquareAnalysis, SquareValue};
use crate::k_in_a_row::bits::Bits;
use crate::k_in_a_row::board::{Board, Side};
use crate::k_in_a_row::game::Move;
use crate::k_in_a_row::tt::FULL_DEPTH;

/// The search engine. It keeps its transposition table between searches, so analysing the next
/// position of the same game is faster; it clears the table when the board geometry (size, k,
/// unavailable squares) changes. Boards of at most 64 cells are searched on `u64` masks (on
/// the desktop), larger ones on [`Bits`].
pub struct Engine {
    table_bits: u32,
    core: Core,
}

/// The search for the current board's mask type, made when first needed.
enum Core {
    None,
    #[cfg(not(target_arch = "wasm32"))]
    Small(Box<Search<u64>>),
    Large(Box<Search<Bits>>),
}

/// What the engine asks of a search, whatever its mask type (see `root.rs`).
pub(super) trait Searcher {
    fn run(
        &mut self,
        board: &Board,
        to_move: Side,
        limits: &Limits,
        max_depth: Option<u32>,
    ) -> Analysis;
    fn cancelled(&self) -> bool;
    fn line_count(&self) -> usize;
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with a 2^20-entry table (16 MiB).
    pub fn new() -> Engine {
        Engine::with_table_bits(20)
    }

    /// An engine with a `2^bits`-entry transposition table (16 bytes an entry), allocated at
    /// the first search.
    pub fn with_table_bits(bits: u32) -> Engine {
        Engine {
            table_bits: bits.clamp(4, 26),
            core: Core::None,
        }
    }

    /// The search for `board`'s size, made (with a fresh table) when the mask type changes.
    fn searcher(&mut self, board: &Board) -> &mut dyn Searcher {
        let small = cfg!(not(target_arch = "wasm32")) && board.size() * board.size() <= 64;
        let fits = match &self.core {
            Core::None => false,
            #[cfg(not(target_arch = "wasm32"))]
            Core::Small(_) => small,
            Core::Large(_) => !small,
        };
        if !fits {
            let bits = self.table_bits;
            self.core = Core::None;
            #[cfg(not(target_arch = "wasm32"))]
            if small {
                self.core = Core::Small(Box::new(Search::new(bits)));
            }
            if !small {
                self.core = Core::Large(Box::new(Search::new(bits)));
            }
        }
        match &mut self.core {
            #[cfg(not(target_arch = "wasm32"))]
            Core::Small(s) => s.as_mut(),
            Core::Large(s) => s.as_mut(),
            Core::None => unreachable!("a search was made above"),
        }
    }

    /// The lines of k available cells of the last searched geometry (for tests and statistics).
    pub fn line_count(&self) -> usize {
        match &self.core {
            Core::None => 0,
            #[cfg(not(target_arch = "wasm32"))]
            Core::Small(s) => s.line_count(),
            Core::Large(s) => s.line_count(),
        }
    }

    /// Solves the position: whether the player to move wins, draws or loses with perfect play,
    /// and a move that achieves it. Stops early at the time limit or cancel flag, then reports
    /// what the deepest completed iteration found (`proven` false unless a forced win or loss).
    pub fn solve(&mut self, board: &Board, to_move: Side, limits: &Limits) -> Analysis {
        self.searcher(board).run(board, to_move, limits, None)
    }

    /// The proven value of every empty square for the side to move (what playing there leads
    /// to with perfect play afterwards), or `None` where no proof finished within `limits`, in
    /// row-major order: a [`SquareAnalysis`] run whole, proofs only.
    pub fn square_values(
        &mut self,
        board: &Board,
        to_move: Side,
        limits: &Limits,
    ) -> Vec<(Move, Option<Outcome>)> {
        let mut analysis = SquareAnalysis::new(*board, to_move, limits.clone(), true, None);
        analysis.step(self, None, &limits.cancel);
        analysis
            .values()
            .iter()
            .map(|&(mv, v)| match v {
                SquareValue::Proven(o) => (mv, Some(o)),
                _ => (mv, None),
            })
            .collect()
    }

    /// Chooses a move at `strength`: `Quality(q)` searches `q` plies with the full window
    /// (fastest wins, slowest losses, heuristic beyond the horizon); `Perfect` solves, and if the
    /// time runs out first, falls back to the deepest full-window search that fits.
    pub fn best_move(
        &mut self,
        board: &Board,
        to_move: Side,
        strength: Strength,
        limits: &Limits,
    ) -> Analysis {
        let search = self.searcher(board);
        match strength {
            Strength::Quality(q) => search.run(board, to_move, limits, Some(q.max(1))),
            Strength::Perfect => {
                let start = Instant::now();
                let half = Limits {
                    time: limits.time.map(|t| t / 2),
                    cancel: limits.cancel.clone(),
                    nodes: limits.nodes.map(|n| n / 2),
                };
                let solved = search.run(board, to_move, &half, None);
                if solved.proven || solved.best.is_none() || search.cancelled() {
                    return solved;
                }
                let before = solved.nodes;
                let rest = Limits {
                    time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
                    // Its positions are reported as adding to the solve's.
                    cancel: limits.cancel.mapping(move |p| match p {
                        Progress::Nodes { nodes, depth } => Progress::Nodes {
                            nodes: nodes + before,
                            depth,
                        },
                        p => p,
                    }),
                    nodes: limits.nodes.map(|n| n.saturating_sub(solved.nodes).max(1)),
                };
                let mut played = search.run(board, to_move, &rest, Some(FULL_DEPTH as u32));
                played.nodes += solved.nodes;
                played.elapsed = start.elapsed();
                if played.best.is_none() {
                    solved
                } else {
                    played
                }
            }
        }
    }
}
