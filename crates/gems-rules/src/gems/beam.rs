//! Beam search over the bitboard engine: the Expert's main search. Each layer keeps the
//! `width` best positions one move deeper, judged by [`evaluate`], with duplicates (the same
//! position reached by moves in another order) kept once. The evaluation follows a *target*
//! colour, kept whole for one big group at the end (in SameGame most points come from that
//! last group and the clear bonus): it rewards gems of a colour that are already together, and
//! penalises lone gems of the other colours, which would be left over.
//!
//! A [`Beam`] runs a step at a time ([`Beam::step`] with a budget of evaluations), so the same
//! search runs whole on a thread or a slice per frame in the browser.

use super::bits::{BitBoard, Group, flood};
use super::fast::FastRng;

/// How positions are judged (see [`evaluate`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Weight of the points the other colours' groups would score now.
    pub groups: f32,
    /// Penalty per lone gem of a colour other than the target.
    pub single: f32,
    /// Weight of the target colour's potential (its points as one group, times how much of it
    /// is already together).
    pub target: f32,
    /// Weight of the other colours' potential.
    pub other: f32,
    /// How much of the target's potential counts whether or not its gems are together yet
    /// (1: all of it, as if the target will be one group at the end).
    pub keep: f32,
    /// Whether that share shrinks with the other colours' gems left (all of it at the start,
    /// none once only the target is left).
    pub keep_fades: bool,
    /// Value of a board that can still be cleared (no colour down to one gem).
    pub clear: f32,
    /// Whether the target's groups are only played once no other colour has a move.
    pub tabu: bool,
    /// Like `keep`, for the other colours.
    pub keep_others: f32,
    /// When above 0: a position's value is its score plus the best of this many random
    /// playouts avoiding the target (instead of the formula).
    pub playouts: u32,
    /// With playouts: only the best `prefilter × width` children by the formula get them.
    pub prefilter: u32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            groups: 0.1,
            single: 20.0,
            target: 1.0,
            other: 1.0,
            keep: 0.0,
            keep_fades: false,
            clear: 0.0,
            tabu: false,
            keep_others: 0.0,
            playouts: 0,
            prefilter: 0,
        }
    }
}

/// The value of a position with `score` points so far, following `target` (a colour index):
///
/// score + groups·Σ points(g) over the other colours' groups − single·(their lone gems)
///       + Σ over colours c of weight(c)·points(n_c)·Σ_g |g|² / n_c²
///
/// where n_c is colour c's gems and the last sum runs over c's groups (lone gems count as
/// groups of one): that factor is 1 when all of c is one group, so the term is then exactly
/// what removing c in one move would score.
pub fn evaluate(b: &BitBoard, score: u32, target: usize, w: &Weights, others_at_start: u32) -> f32 {
    let mut e = score as f32;
    let mut groups = 0.0f32;
    let others = b.remaining() - b.count(target);
    let keep = if w.keep_fades {
        w.keep * others as f32 / others_at_start.max(1) as f32
    } else {
        w.keep
    };
    let mut clearable = true;
    for c in 0..b.colors() {
        let n = b.count(c);
        if n == 0 {
            continue;
        }
        clearable &= n > 1;
        let all = b.mask(c);
        let mut left = all.paired();
        let paired = left.count();
        let singles = n - paired;
        let mut squares = singles;
        while !left.is_empty() {
            let g = flood(left.first(), all);
            left = left.without(g);
            let size = g.count();
            squares += size * size;
            if c != target {
                groups += b.group_score(size) as f32;
            }
        }
        if c != target {
            e -= w.single * singles as f32;
        }
        if n >= 3 {
            let nf = n as f32;
            let together = squares as f32 / (nf * nf);
            let (weight, together) = if c == target {
                (w.target, keep + (1.0 - keep) * together)
            } else {
                (w.other, w.keep_others + (1.0 - w.keep_others) * together)
            };
            e += weight * b.group_score(n) as f32 * together;
        }
    }
    if clearable {
        e += w.clear;
    }
    e + w.groups * groups
}

/// A position in the beam and its points so far.
#[derive(Clone, Copy, Debug)]
struct Node {
    board: BitBoard,
    score: u32,
}

/// A child position considered for the next layer: its value, its parent and move, and its
/// hash (for duplicates). The child itself is played again once chosen.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    value: f32,
    /// `parent << 8 | column << 4 | height` of the move's first cell.
    key: u32,
    hash: u64,
}

/// A move as the (column, height) of a cell of its group, on the board it is played on.
pub type BitMove = (u8, u8);

/// One beam search from a position, run a step at a time.
#[derive(Clone, Debug)]
pub struct Beam {
    width: usize,
    target: usize,
    weights: Weights,
    /// The layer being expanded.
    layer: Vec<Node>,
    /// How far into `layer` the expansion is.
    next_parent: usize,
    /// The next layer's candidates.
    candidates: Vec<Candidate>,
    /// For each layer after the first: each node's `key` (parent and move).
    history: Vec<Vec<u32>>,
    /// The best finished game: (score, layer, index in the layer).
    best: Option<(u32, usize, usize)>,
    /// The groups of the position being expanded.
    groups: Vec<Group>,
    /// Gems of the colours other than the target at the start.
    others_at_start: u32,
    /// Random numbers for playouts.
    rng: FastRng,
    /// The best game a playout finished (its total score).
    pub best_playout: u32,
    /// Seen hashes while choosing a layer (open addressing, 0 = free).
    seen: Vec<u64>,
    done: bool,
}

impl Beam {
    /// A search of `width` positions per layer from `start`, following colour `target`.
    pub fn new(start: BitBoard, width: usize, target: usize, weights: Weights) -> Beam {
        Beam {
            width: width.max(1),
            target,
            weights,
            layer: vec![Node {
                board: start,
                score: 0,
            }],
            next_parent: 0,
            candidates: Vec::new(),
            history: Vec::new(),
            best: None,
            groups: Vec::new(),
            others_at_start: start.remaining() - start.count(target),
            seen: Vec::new(),
            rng: FastRng::new(0x5eed ^ target as u64),
            best_playout: 0,
            done: false,
        }
    }

    /// Whether the search has finished.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The best score of a finished game found so far.
    pub fn best_score(&self) -> Option<u32> {
        self.best.map(|(s, _, _)| s)
    }

    /// Works for up to `budget` evaluations (at least one position's children); returns the
    /// evaluations done. The search is done when a layer has no children.
    pub fn step(&mut self, budget: u64) -> u64 {
        let mut spent = 0u64;
        while !self.done && spent < budget {
            if self.next_parent < self.layer.len() {
                spent += self.expand(self.next_parent);
                self.next_parent += 1;
            } else {
                self.choose_next_layer();
            }
        }
        spent
    }

    /// Runs the search to its end.
    pub fn run(&mut self) {
        while !self.done {
            self.step(u64::MAX);
        }
    }

    /// Adds the children of the layer's node `i` to the candidates; returns how many.
    fn expand(&mut self, i: usize) -> u64 {
        let node = self.layer[i];
        node.board.groups(&mut self.groups);
        if self.groups.is_empty() {
            let layer = self.history.len();
            if self.best.is_none_or(|(s, _, _)| node.score > s) {
                self.best = Some((node.score, layer, i));
            }
            return 1;
        }
        let tabu = self.weights.tabu && self.groups.iter().any(|g| g.color as usize != self.target);
        for g in &self.groups {
            if tabu && g.color as usize == self.target {
                continue;
            }
            let mut child = node.board;
            let score = node.score + child.play(g);
            let value = if self.weights.playouts > 0 && self.weights.prefilter == 0 {
                let mut best = 0;
                for _ in 0..self.weights.playouts {
                    let mut b = child;
                    best = best.max(b.playout_avoiding(self.target, &mut self.rng, None));
                }
                self.best_playout = self.best_playout.max(score + best);
                (score + best) as f32
            } else {
                evaluate(
                    &child,
                    score,
                    self.target,
                    &self.weights,
                    self.others_at_start,
                )
            };
            let (col, h) = g.cells.first_cell().unwrap_or_default();
            self.candidates.push(Candidate {
                value,
                key: (i as u32) << 8 | (col as u32) << 4 | h as u32,
                hash: child.hash64(),
            });
        }
        self.groups.len() as u64
    }

    /// Keeps the best `width` distinct candidates as the next layer.
    fn choose_next_layer(&mut self) {
        if self.candidates.is_empty() {
            self.done = true;
            return;
        }
        let by_value = |a: &Candidate, b: &Candidate| b.value.total_cmp(&a.value);
        if self.weights.playouts > 0 && self.weights.prefilter > 0 {
            let look = (self.weights.prefilter as usize * self.width).min(self.candidates.len());
            if look < self.candidates.len() {
                self.candidates.select_nth_unstable_by(look - 1, by_value);
                self.candidates.truncate(look);
            }
            for c in &mut self.candidates {
                let parent = self.layer[(c.key >> 8) as usize];
                let (col, h) = (((c.key >> 4) & 15) as usize, (c.key & 15) as usize);
                let Some(group) = parent.board.group_at(col, h) else {
                    continue;
                };
                let mut child = parent.board;
                let score = parent.score + child.play(&group);
                let mut best = 0;
                for _ in 0..self.weights.playouts {
                    let mut b = child;
                    best = best.max(b.playout_avoiding(self.target, &mut self.rng, None));
                }
                self.best_playout = self.best_playout.max(score + best);
                c.value = (score + best) as f32;
            }
        }
        // Duplicates are rare beyond the best few widths: look at twice the width.
        let look = (2 * self.width).min(self.candidates.len());
        if look < self.candidates.len() {
            self.candidates.select_nth_unstable_by(look - 1, by_value);
            self.candidates.truncate(look);
        }
        self.candidates.sort_unstable_by(by_value);
        let slots = (4 * self.width).next_power_of_two();
        self.seen.clear();
        self.seen.resize(slots, 0);
        let mut next = Vec::with_capacity(self.width);
        let mut keys = Vec::with_capacity(self.width);
        for c in &self.candidates {
            if next.len() == self.width {
                break;
            }
            let hash = c.hash | 1;
            let mut slot = (hash as usize) & (slots - 1);
            let fresh = loop {
                match self.seen[slot] {
                    0 => {
                        self.seen[slot] = hash;
                        break true;
                    }
                    h if h == hash => break false,
                    _ => slot = (slot + 1) & (slots - 1),
                }
            };
            if !fresh {
                continue;
            }
            let parent = self.layer[(c.key >> 8) as usize];
            let (col, h) = (((c.key >> 4) & 15) as usize, (c.key & 15) as usize);
            let Some(group) = parent.board.group_at(col, h) else {
                continue;
            };
            let mut board = parent.board;
            let score = parent.score + board.play(&group);
            next.push(Node { board, score });
            keys.push(c.key);
        }
        self.candidates.clear();
        self.layer = next;
        self.history.push(keys);
        self.next_parent = 0;
    }

    /// The best finished game found: its score and moves.
    pub fn best_line(&self) -> Option<(u32, Vec<BitMove>)> {
        let (score, mut layer, mut index) = self.best?;
        let mut moves = Vec::with_capacity(layer);
        while layer > 0 {
            let key = self.history[layer - 1][index];
            moves.push((((key >> 4) & 15) as u8, (key & 15) as u8));
            index = (key >> 8) as usize;
            layer -= 1;
        }
        moves.reverse();
        Some((score, moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::{Game, Player, RemovalPolicy, random_board};

    #[test]
    fn a_beam_line_replays_to_its_score_on_the_rules_engine() {
        for seed in 0..6 {
            let board = random_board(10, 10, 4, seed).unwrap();
            let (bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
            let mut beam = Beam::new(bits, 50, bits.most_common_color(), Weights::default());
            beam.run();
            let (score, moves) = beam.best_line().unwrap();
            let mut game = Game::new(board, RemovalPolicy::Classic, Player::Interactive);
            for (col, h) in moves {
                game.play(bits.cell_of(col as usize, h as usize)).unwrap();
            }
            assert!(game.is_over());
            assert_eq!(game.score(), u64::from(score), "seed {seed}");
        }
    }
}
