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

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::bits::{MAX_CELLS, Mask};
use super::game::Move;
use super::tt::{Bound, Entry, FULL_DEPTH, NO_MOVE, Table};
use crate::cancel::{Cancel, Progress};

mod engine;
mod keys;
mod moves;
mod pairing;
mod root;
mod scan;
mod threat;

pub use engine::Engine;

use keys::Keys;

/// The value of winning now; a win in `p` plies is worth `WIN - p`.
pub const WIN: i32 = 10_000;
/// Any value above this is a forced win (below its negation, a forced loss).
pub const WIN_MIN: i32 = WIN - 200;
/// Heuristic values lie strictly within `±HEURISTIC_MAX`.
pub const HEURISTIC_MAX: i32 = 5_000;
const INF: i32 = 30_000;
/// The deepest a search goes: beyond it, it gives up (see `negamax`).
const MAX_PLY: usize = 128;
/// Words of a set of lines: a 19×19 board has at most 1,332 lines (k = 2).
const MAX_LINE_WORDS: usize = 21;
/// Nodes searched to the end with at least this many empty squares first look their moves up
/// in the table (enhanced transposition cutoff).
const ETC_EMPTIES: u32 = 13;
/// The most plies a depth-limited search goes past its horizon with fours and defences
/// (longer chains are the threat-space search's: measured on the match bench, 16 plies here
/// made the slowest 15x15 move 5.3 s, 4 plies 0.7 s, with the same results).
const Q_MAX: u8 = 4;

/// The result of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The player to move can force a win.
    Win,
    /// Both sides can hold a draw.
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl Outcome {
    /// The same result seen by the other player.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// How hard the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// Stop as soon as this flag is set (from another thread, to cancel).
    pub cancel: Cancel,
    /// Stop after visiting about this many positions (checked every 1,024): unlike a time
    /// limit, the same position then always gets the same answer.
    pub nodes: Option<u64>,
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// A best move, or `None` when the game is over.
    pub best: Option<Move>,
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

/// The search over one mask type for one board geometry: its lines, keys, table and
/// move-ordering memory.
struct Search<M: Mask> {
    size: usize,
    k: usize,
    unavailable: M,
    full: M,
    windows: Vec<M>,
    static_weight: Vec<i32>,
    /// Zobrist keys: `zobrist[color * MAX_CELLS + cell]`.
    zobrist: Vec<u64>,
    side_key: u64,
    /// The board symmetries that keep the unavailable squares in place (identity first):
    /// `perms[t][cell]` is where `cell` goes under symmetry t.
    perms: Vec<Vec<u16>>,
    /// Zobrist keys seen through each symmetry: `sym_keys[t][color * cells + cell]`.
    sym_keys: Vec<Vec<u64>>,
    tt: Table,
    killers: [[u16; 2]; MAX_PLY],
    /// History scores: `history[color * cells + cell]`.
    history: Vec<i32>,
    nodes: u64,
    /// Plies of the last iteration the current search finished (0 before the first).
    done_depth: u32,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    cancel: Cancel,
    aborted: bool,
    root_best: u16,
    /// Whether depth-limited searches go on past their horizon with threats (k ≥ 4).
    threat_search: bool,
    /// On boards over 8×8, each cell's neighbourhood (cells at most 2 away): a depth-limited
    /// search only tries moves near a tile. Empty on smaller boards (every move is tried).
    near: Vec<M>,
    /// Positions the current threat-space search has visited.
    chain_nodes: u64,
    /// On boards over 8×8, the lines through each cell as bits of `windows` indices:
    /// `cell_lines[cell * line_words..][..line_words]` (empty on smaller boards).
    cell_lines: Vec<u64>,
    /// Words per cell in `cell_lines` (0 on boards of 8×8 or smaller).
    line_words: usize,
    /// Scratch space of the pairing search (see `pairing.rs`).
    pair_lines: Vec<M>,
}

impl<M: Mask> Search<M> {
    /// A search with a `2^bits`-entry table and no geometry yet.
    fn new(bits: u32) -> Search<M> {
        let mut seed = 0x4B1A_2024_u64;
        let mut zobrist = vec![0u64; 2 * MAX_CELLS];
        for c in 0..2 {
            for i in 0..64 {
                zobrist[c * MAX_CELLS + i] = crate::splitmix::next(&mut seed);
            }
        }
        let side_key = crate::splitmix::next(&mut seed);
        for c in 0..2 {
            for i in 64..MAX_CELLS {
                zobrist[c * MAX_CELLS + i] = crate::splitmix::next(&mut seed);
            }
        }
        Search {
            size: 0,
            k: 0,
            unavailable: M::ZERO,
            full: M::ZERO,
            windows: Vec::new(),
            static_weight: Vec::new(),
            zobrist,
            side_key,
            perms: Vec::new(),
            sym_keys: Vec::new(),
            tt: Table::new(bits),
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: Vec::new(),
            nodes: 0,
            done_depth: 0,
            deadline: None,
            node_limit: None,
            cancel: Cancel::never(),
            aborted: false,
            root_best: NO_MOVE,
            threat_search: false,
            near: Vec::new(),
            chain_nodes: 0,
            cell_lines: Vec::new(),
            line_words: 0,
            pair_lines: Vec::new(),
        }
    }

    fn cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    fn check_abort(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            self.cancel.report(Progress::Nodes {
                nodes: self.nodes,
                depth: self.done_depth,
            });
        }
        if self.nodes & 1023 == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|n| self.nodes >= n)
                || self.cancelled())
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Negamax alpha-beta, fail-soft. `depth` is the remaining depth ([`FULL_DEPTH`]: to the end);
    /// at depth 0 the search goes on with threats only, `q` counting the plies past the horizon.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        me: M,
        opp: M,
        color: usize,
        depth: u8,
        q: u8,
        ply: usize,
        alpha: i32,
        beta: i32,
        keys: Keys,
    ) -> i32 {
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        if ply >= MAX_PLY {
            // Deeper than any search can finish (the stack stays small, also on the web's
            // 1 MiB): give up like a search out of time, so nothing is claimed.
            self.aborted = true;
            return 0;
        }
        let empty = self.full & !(me | opp | self.unavailable);
        if empty.is_zero() {
            return 0;
        }
        let empties = empty.count();
        let depth = if depth as u32 >= empties {
            FULL_DEPTH
        } else {
            depth
        };
        let (key, sym) = self.canonical(&keys);
        let mut order = M::scores();
        let want_order = depth > 0;
        let s = self.scan(
            me,
            opp,
            empties,
            // A mover that only needs to avoid losing (beta <= 0) blocks first.
            want_order.then_some((order.as_mut(), beta <= 0)),
            depth != FULL_DEPTH,
        );
        if !s.my_threats.is_zero() {
            if ply == 0 {
                self.root_best = s.my_threats.lowest() as u16;
            }
            return WIN - (ply as i32 + 1);
        }
        if s.opp_threats.count() >= 2 {
            if ply == 0 {
                self.root_best = s.opp_threats.lowest() as u16;
            }
            return -(WIN - (ply as i32 + 2));
        }
        // True bounds of this position: nobody wins without a live line, and neither side can
        // win sooner than its next move.
        let hi = if s.my_live == 0 || s.my_apart {
            0
        } else {
            WIN - (ply as i32 + 3)
        };
        let lo = if s.opp_live == 0
            || s.opp_apart
            || (depth == FULL_DEPTH
                && ply > 0
                && s.opp_threats.is_zero()
                && beta <= 0
                && self.one_move_parts(me, opp, empties))
        {
            0
        } else {
            -(WIN - (ply as i32 + 2))
        };
        if lo == hi || alpha >= hi || beta <= lo {
            if ply == 0 {
                self.root_best = if !s.opp_threats.is_zero() {
                    s.opp_threats.lowest() as u16
                } else {
                    self.fallback_move(!empty)
                };
            }
            return if lo == hi || alpha >= hi { hi } else { lo };
        }
        let a0 = alpha.max(lo);
        let b0 = beta.min(hi);
        // Past the horizon: stand on the heuristic, or go on with fours (and the defences
        // against a double threat the opponent could make next).
        let mut stand = None;
        let mut threat_moves = (M::ZERO, M::ZERO);
        if depth == 0 && s.opp_threats.is_zero() {
            let h = s
                .heuristic
                .clamp(-HEURISTIC_MAX + 1, HEURISTIC_MAX - 1)
                .clamp(lo, hi);
            if !self.threat_search || q >= Q_MAX {
                return h;
            }
            let t = self.threats(me, opp, empties);
            let mut others = M::ZERO;
            if t.opp_double {
                others = t.defend;
            } else {
                if h >= b0 || (t.fours | others).is_zero() {
                    return h;
                }
                stand = Some(h);
            }
            threat_moves = (t.fours & empty, others & empty & !t.fours);
        }

        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(key) {
            if e.best != NO_MOVE {
                tt_move = self.perms[sym]
                    .iter()
                    .position(|&p| p == e.best)
                    .map_or(NO_MOVE, |c| c as u16);
            }
            if ply > 0 && e.depth >= depth {
                let v = from_tt(i32::from(e.value), ply);
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

        // A pairing strategy (see `pairing.rs`) bounds the value at a draw, where that ends
        // the node: the opponent's against my lines, or mine against the opponent's, found
        // now or after one move of mine (a search to the end on boards up to 8×8 only).
        if depth == FULL_DEPTH && self.near.is_empty() {
            let pairing = if alpha >= 0 && hi > 0 && self.pairs_off(me, opp, empties.div_ceil(2)) {
                Some((0, Bound::Upper, NO_MOVE))
            } else if beta <= 0 && lo < 0 && s.opp_threats.is_zero() {
                self.pairing_move(me, opp, empties, order.as_ref())
                    .map(|c| (0, Bound::Lower, c))
            } else {
                None
            };
            if let Some((v, bound, c)) = pairing {
                if ply == 0 {
                    self.root_best = if c == NO_MOVE {
                        self.fallback_move(!empty)
                    } else {
                        c
                    };
                }
                self.tt.store(Entry {
                    key,
                    value: v as i16,
                    depth,
                    bound,
                    best: self.canonical_move(sym, c),
                    work: empties.min(255) as u8,
                    generation: self.tt.generation(),
                });
                return v;
            }
        }

        // Moves: the single block when the opponent threatens, else every empty square, ordered.
        let mut move_buf = M::moves();
        let moves = move_buf.as_mut();
        let order = order.as_ref();
        let cells = self.size * self.size;
        let mut n = 0;
        let forced = !s.opp_threats.is_zero();
        if forced {
            moves[0] = (0, s.opp_threats.lowest() as u16);
            n = 1;
        } else if depth == 0 {
            for (score, set) in [(1, threat_moves.0), (0, threat_moves.1)] {
                let mut b = set;
                while !b.is_zero() {
                    moves[n] = (score, b.pop() as u16);
                    n += 1;
                }
            }
        } else {
            let killers = self.killers[ply.min(MAX_PLY - 1)];
            let mut b = self.move_pool(me | opp, empty, depth);
            if self.threat_search && s.opp_near >= 2 {
                // The relevancy zone of the opponent's double four: when it has a move that
                // makes two fours with different winning squares, every move outside its
                // lines one tile short of a four, that makes no four of the mover's, lets it
                // play that move and win (see `Search::zone`).
                if let Some(zone) = self.zone(me, opp, empties) {
                    b = b & zone;
                }
            }
            if depth == FULL_DEPTH {
                // Dead squares are all alike to a search to the end: one of them stands for all.
                let dead = b & !s.useful;
                if !dead.is_zero() {
                    b = (b & s.useful) | M::single(dead.lowest());
                }
            }
            while !b.is_zero() {
                let c = b.pop() as u16;
                let score = if c == tt_move {
                    i32::MAX
                } else if c == killers[0] {
                    i32::MAX - 1
                } else if c == killers[1] {
                    i32::MAX - 2
                } else {
                    (self.history[color * cells + c as usize] >> 8) + (order[c as usize] << 8)
                };
                moves[n] = (score, c);
                n += 1;
            }
            moves[..n].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        }
        let child_depth = if forced || depth == FULL_DEPTH || depth == 0 {
            depth
        } else {
            depth - 1
        };
        let child_q = if depth == 0 { q + 1 } else { 0 };

        // Enhanced transposition cutoff: in a large subtree, a move whose position the table
        // already proves good enough ends the node without a search.
        if n > 1 && ply > 0 && depth == FULL_DEPTH && empties >= ETC_EMPTIES {
            for &(_, c) in &moves[..n] {
                let mut child_keys = keys;
                for (t, k) in child_keys.iter_mut().enumerate().take(self.perms.len()) {
                    *k ^= self.sym_keys[t][color * cells + c as usize] ^ self.side_key;
                }
                let Some(e) = self.tt.probe(self.canonical(&child_keys).0) else {
                    continue;
                };
                let v = -from_tt(i32::from(e.value), ply + 1);
                if e.depth == FULL_DEPTH
                    && matches!(e.bound, Bound::Exact | Bound::Upper)
                    && v >= b0
                {
                    if ply == 0 {
                        self.root_best = c;
                    }
                    return v.clamp(lo, hi);
                }
            }
        }

        let mut best = stand.unwrap_or(-INF);
        let mut best_move = NO_MOVE;
        let mut a = a0.max(best);
        for &(_, c) in &moves[..n] {
            let mut child_keys = keys;
            for (t, k) in child_keys.iter_mut().enumerate().take(self.perms.len()) {
                *k ^= self.sym_keys[t][color * cells + c as usize] ^ self.side_key;
            }
            let v = -self.negamax(
                opp,
                me | M::single(c as usize),
                1 - color,
                child_depth,
                child_q,
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
                            let h = &mut self.history[color * cells..(color + 1) * cells];
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
            // Stored values lie within ±WIN, so they fit.
            value: to_tt(best, ply) as i16,
            depth,
            bound,
            best: self.canonical_move(sym, best_move),
            work: (depth as u32).min(empties).min(255) as u8,
            generation: self.tt.generation(),
        });
        best
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
