//! The game-tree search: negamax alpha-beta with iterative deepening, a Zobrist-keyed
//! transposition table (depth + bound type), threat detection and move ordering.
//!
//! Values are from the point of view of the player to move. A forced win is worth
//! `WIN - plies` (faster wins score higher), a forced loss `-(WIN - plies)`, a draw 0, and a
//! depth-limited heuristic lies strictly between `-HEURISTIC_MAX` and `HEURISTIC_MAX`.
//!
//! Correctness rules the table follows:
//! - an entry records the remaining depth it was searched to; it is reused only for a search
//!   of at most that depth ([`FULL_DEPTH`] means "to the end of the game, no heuristic");
//! - an entry records whether its value is exact or only a lower or upper bound (a value that
//!   failed high or low against the alpha-beta window is never stored as exact);
//! - results of an aborted search are never stored.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::board::{Board, Side};
use super::tt::{Bound, Entry, FULL_DEPTH, NO_MOVE, Table};

mod keys;
mod scan;

use keys::{Keys, splitmix};

/// The value of winning now; a win in `p` plies is worth `WIN - p`.
pub const WIN: i32 = 10_000;
/// Any value above this is a forced win (below its negation, a forced loss).
pub const WIN_MIN: i32 = WIN - 200;
/// Heuristic values lie strictly within `±HEURISTIC_MAX`.
pub const HEURISTIC_MAX: i32 = 5_000;
const INF: i32 = 30_000;
const MAX_PLY: usize = 66;

/// The result of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move can force a win.
    Win,
    /// Both sides can hold a draw.
    Draw,
    /// The opponent can force a win.
    Loss,
}

/// How hard the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// The spec's quality: look this many plies ahead (forced replies do not count).
    Quality(u32),
    /// Solve the position (within the time limit, if any; otherwise play the deepest result).
    Perfect,
}

/// When a search must give up.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// Stop as soon as this flag becomes true (set from another thread to cancel).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Stop after visiting about this many positions (checked every 1,024): unlike a time
    /// limit, the same position then always gets the same answer.
    pub nodes: Option<u64>,
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// A best move (row, col), or `None` when the game is over.
    pub best: Option<(usize, usize)>,
    /// The value of the position for the player to move (see the module doc).
    pub score: i32,
    /// The game-theoretic result, when known.
    pub outcome: Option<Outcome>,
    /// Whether `outcome` is proven (searched to the end), not a depth-limited estimate.
    pub proven: bool,
    /// The deepest completed iteration, in plies ([`FULL_DEPTH`] when searched to the end).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The search engine for one board geometry (size, k, unavailable squares). It keeps its
/// transposition table between searches, so analysing the next position of the same game is
/// faster; it clears the table when the geometry changes.
pub struct Engine {
    size: usize,
    k: usize,
    unavailable: u64,
    full: u64,
    windows: Vec<u64>,
    static_weight: [i32; 64],
    zobrist: [[u64; 64]; 2],
    side_key: u64,
    /// The board symmetries that keep the unavailable squares in place (identity first):
    /// `perms[t][cell]` is where `cell` goes under symmetry t.
    perms: Vec<[u8; 64]>,
    /// Zobrist keys seen through each symmetry: `sym_keys[t][color][cell]`.
    sym_keys: Vec<[[u64; 64]; 2]>,
    tt: Table,
    killers: [[u8; 2]; MAX_PLY],
    history: [[i32; 64]; 2],
    nodes: u64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    aborted: bool,
    root_best: u8,
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

    /// An engine with a `2^bits`-entry transposition table (16 bytes an entry).
    pub fn with_table_bits(bits: u32) -> Engine {
        let mut seed = 0x4B1A_2024_u64;
        let mut zobrist = [[0u64; 64]; 2];
        for side in &mut zobrist {
            for key in side.iter_mut() {
                *key = splitmix(&mut seed);
            }
        }
        Engine {
            size: 0,
            k: 0,
            unavailable: 0,
            full: 0,
            windows: Vec::new(),
            static_weight: [0; 64],
            zobrist,
            side_key: splitmix(&mut seed),
            perms: Vec::new(),
            sym_keys: Vec::new(),
            tt: Table::new(bits.clamp(4, 26)),
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: [[0; 64]; 2],
            nodes: 0,
            deadline: None,
            node_limit: None,
            cancel: None,
            aborted: false,
            root_best: NO_MOVE,
        }
    }

    /// The lines of k available cells of the configured geometry (for tests and statistics).
    pub fn line_count(&self) -> usize {
        self.windows.len()
    }

    /// Solves the position: whether the player to move wins, draws or loses with perfect play,
    /// and a move that achieves it. Stops early at the time limit or cancel flag, then reports
    /// what the deepest completed iteration found (`proven` false unless a forced win or loss).
    pub fn solve(&mut self, board: &Board, to_move: Side, limits: &Limits) -> Analysis {
        self.run(board, to_move, limits, None)
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
        match strength {
            Strength::Quality(q) => self.run(board, to_move, limits, Some(q.max(1))),
            Strength::Perfect => {
                let start = Instant::now();
                let half = Limits {
                    time: limits.time.map(|t| t / 2),
                    cancel: limits.cancel.clone(),
                    nodes: limits.nodes.map(|n| n / 2),
                };
                let solved = self.solve(board, to_move, &half);
                if solved.proven || solved.best.is_none() || self.cancelled() {
                    return solved;
                }
                let rest = Limits {
                    time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
                    cancel: limits.cancel.clone(),
                    nodes: limits.nodes.map(|n| n.saturating_sub(solved.nodes).max(1)),
                };
                let mut played = self.run(board, to_move, &rest, Some(FULL_DEPTH as u32));
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

    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

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
        self.aborted = false;
        self.deadline = limits.time.map(|t| start + t);
        self.cancel = limits.cancel.clone();
        self.node_limit = limits.nodes;
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
        let color = to_move.index();
        let me = board.tiles(to_move);
        let opp = board.tiles(to_move.opponent());
        let empties = (self.full & !(me | opp | self.unavailable)).count_ones();
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
                self.negamax(me, opp, color, d, 0, -INF, INF, key)
            } else {
                // Two zero-window tests: "does the mover win?", then "does it at least draw?".
                let win = self.negamax(me, opp, color, d, 0, 0, 1, key);
                if win >= 1 || self.aborted {
                    win
                } else {
                    self.root_best = NO_MOVE;
                    let draw = self.negamax(me, opp, color, d, 0, -1, 0, key);
                    if draw >= 0 { 0 } else { draw }
                }
            };
            if self.aborted {
                break;
            }
            result.score = v;
            result.best = Some(self.cell_of(self.root_best));
            result.depth = d as u32;
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
            // Aborted before the first iteration completed: any empty square, best by shape.
            let cell = self.fallback_move(me | opp | self.unavailable);
            result.best = Some(self.cell_of(cell));
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    fn cell_of(&self, cell: u8) -> (usize, usize) {
        (cell as usize / self.size, cell as usize % self.size)
    }

    fn fallback_move(&self, occupied: u64) -> u8 {
        let mut best = NO_MOVE;
        let mut b = self.full & !occupied;
        while b != 0 {
            let c = b.trailing_zeros() as u8;
            if best == NO_MOVE || self.static_weight[c as usize] > self.static_weight[best as usize]
            {
                best = c;
            }
            b &= b - 1;
        }
        best
    }

    fn check_abort(&mut self) -> bool {
        if self.nodes & 1023 == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|n| self.nodes >= n)
                || self.cancelled())
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Negamax alpha-beta, fail-soft. `depth` is the remaining depth ([`FULL_DEPTH`]: to the end).
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        me: u64,
        opp: u64,
        color: usize,
        depth: u8,
        ply: usize,
        alpha: i32,
        beta: i32,
        keys: Keys,
    ) -> i32 {
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        let empty = self.full & !(me | opp | self.unavailable);
        if empty == 0 {
            return 0;
        }
        let depth = if depth as u32 >= empty.count_ones() {
            FULL_DEPTH
        } else {
            depth
        };
        let mut order = [0i32; 64];
        let want_order = depth > 0;
        let s = self.scan(
            me,
            opp,
            empty.count_ones(),
            // A mover that only needs to avoid losing (beta <= 0) blocks first.
            want_order.then_some((&mut order, beta <= 0)),
        );
        if s.my_threats != 0 {
            if ply == 0 {
                self.root_best = s.my_threats.trailing_zeros() as u8;
            }
            return WIN - (ply as i32 + 1);
        }
        if s.opp_threats.count_ones() >= 2 {
            if ply == 0 {
                self.root_best = s.opp_threats.trailing_zeros() as u8;
            }
            return -(WIN - (ply as i32 + 2));
        }
        // True bounds of this position: nobody wins without a live line, and neither side can
        // win sooner than its next move.
        let hi = if s.my_live == 0 {
            0
        } else {
            WIN - (ply as i32 + 3)
        };
        let lo = if s.opp_live == 0 {
            0
        } else {
            -(WIN - (ply as i32 + 2))
        };
        if lo == hi || alpha >= hi || beta <= lo {
            if ply == 0 {
                self.root_best = if s.opp_threats != 0 {
                    s.opp_threats.trailing_zeros() as u8
                } else {
                    self.fallback_move(!empty)
                };
            }
            return if lo == hi || alpha >= hi { hi } else { lo };
        }
        let a0 = alpha.max(lo);
        let b0 = beta.min(hi);
        if depth == 0 && s.opp_threats == 0 {
            return s
                .heuristic
                .clamp(-HEURISTIC_MAX + 1, HEURISTIC_MAX - 1)
                .clamp(lo, hi);
        }

        let (key, sym) = self.canonical(&keys);
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(key) {
            if e.best != NO_MOVE {
                tt_move = self.perms[sym]
                    .iter()
                    .position(|&p| p == e.best)
                    .map_or(NO_MOVE, |c| c as u8);
            }
            if ply > 0 && e.depth >= depth {
                let v = from_tt(e.value, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= b0,
                    Bound::Upper => v <= a0,
                };
                if usable {
                    return v;
                }
            }
        }

        // Moves: the single block when the opponent threatens, else every empty square, ordered.
        let mut moves = [(0i32, 0u8); 64];
        let mut n = 0;
        let forced = s.opp_threats != 0;
        if forced {
            moves[0] = (0, s.opp_threats.trailing_zeros() as u8);
            n = 1;
        } else {
            let killers = self.killers[ply.min(MAX_PLY - 1)];
            let mut b = empty;
            while b != 0 {
                let c = b.trailing_zeros() as u8;
                b &= b - 1;
                let score = if c == tt_move {
                    i32::MAX
                } else if c == killers[0] {
                    i32::MAX - 1
                } else if c == killers[1] {
                    i32::MAX - 2
                } else {
                    (self.history[color][c as usize] >> 8) + (order[c as usize] << 8)
                };
                moves[n] = (score, c);
                n += 1;
            }
            moves[..n].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        }
        let child_depth = if forced || depth == FULL_DEPTH {
            depth
        } else {
            depth - 1
        };

        let mut best = -INF;
        let mut best_move = NO_MOVE;
        let mut a = a0;
        for &(_, c) in &moves[..n] {
            let mut child_keys = keys;
            for (t, k) in child_keys.iter_mut().enumerate().take(self.perms.len()) {
                *k ^= self.sym_keys[t][color][c as usize] ^ self.side_key;
            }
            let v = -self.negamax(
                opp,
                me | (1u64 << c),
                1 - color,
                child_depth,
                ply + 1,
                -b0,
                -a,
                child_keys,
            );
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = c;
                if v > a {
                    a = v;
                    if a >= b0 {
                        if !forced {
                            let slot = &mut self.killers[ply.min(MAX_PLY - 1)];
                            if slot[0] != c {
                                slot[1] = slot[0];
                                slot[0] = c;
                            }
                            let d = (depth.min(20) as i32) + 1;
                            let h = &mut self.history[color];
                            h[c as usize] += d * d;
                            if h[c as usize] > 1 << 20 {
                                h.iter_mut().for_each(|x| *x /= 2);
                            }
                        }
                        break;
                    }
                }
            }
        }
        let best = best.clamp(lo, hi);
        if ply == 0 {
            self.root_best = best_move;
        }
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(Entry {
            key,
            value: to_tt(best, ply),
            depth,
            bound,
            best: if best_move == NO_MOVE {
                NO_MOVE
            } else {
                self.perms[sym][best_move as usize]
            },
        });
        best
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

/// Win/loss values are stored relative to the node (plies from it), not to the root.
fn to_tt(v: i32, ply: usize) -> i32 {
    if v > WIN_MIN {
        v + ply as i32
    } else if v < -WIN_MIN {
        v - ply as i32
    } else {
        v
    }
}

fn from_tt(v: i32, ply: usize) -> i32 {
    if v > WIN_MIN {
        v - ply as i32
    } else if v < -WIN_MIN {
        v + ply as i32
    } else {
        v
    }
}
