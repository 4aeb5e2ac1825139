//! Monte-Carlo beam search over the bitboard engine: the Expert's main search. Each layer keeps
//! the `width` most promising positions one move deeper. A position is judged by the best of a
//! few random games played from it to the end (selective playouts: see
//! [`Rollout`]), and every position remembers the best game known from it,
//! which the child on that game's path inherits without a new playout (the memorisation of
//! Nested Monte-Carlo Search), so the best line found is never lost. The same position reached
//! by moves in another order is kept once. A beam may hold the target colour back as its
//! playouts do ([`BeamConfig::hold`]).
//!
//! A [`Beam`] runs a step at a time ([`Beam::step`] with a budget of playouts), so a search
//! looks at its clock and its cancel flag between steps.

use super::bits::{BitBoard, Group, Rollout};
use super::fast::FastRng;

/// Whether this x86-64 processor runs the playouts' AVX2 and BMI2 copy.
#[cfg(target_arch = "x86_64")]
static HAS_AVX2: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
});

/// Whether this x86-64 processor's BMI2 bit extraction (`pext`, `pdep`) is fast: not on AMD's
/// (and Hygon's) processors before Zen 3 (family 0x19), where it is microcoded and far slower
/// than the lane-by-lane gravity.
#[cfg(target_arch = "x86_64")]
static FAST_PEXT: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| {
    use std::arch::x86_64::__cpuid;
    #[allow(unused_unsafe)]
    // SAFETY: every x86-64 processor has `cpuid`, leaves 0 and 1 included.
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((signature >> 20) & 0xFF)
    } else {
        base
    };
    // "AuthenticAMD" and "HygonGenuine" begin "Auth" and "Hygo".
    let amd =
        vendor.ebx == u32::from_le_bytes(*b"Auth") || vendor.ebx == u32::from_le_bytes(*b"Hygo");
    std::arch::is_x86_feature_detected!("bmi2") && !(amd && family < 0x19)
});

/// A move as the (column, height) of the first cell of its group, on the board it is played on.
pub type BitMove = (u8, u8);

/// How a beam searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeamConfig {
    /// Positions kept per layer.
    pub width: usize,
    /// Playouts per new position.
    pub playouts: u32,
    /// How playouts play.
    pub rollout: Rollout,
    /// Whether the child on a position's best known game inherits it instead of a playout of
    /// its own (the memorisation of Nested Monte-Carlo Search).
    pub inherit: bool,
    /// Whether, while the playouts keep the target colour for last, the beam does too: it
    /// tries no move of that colour while another colour has one (the best lines remove the
    /// target whole near the end), and so plays no playout for such a child.
    pub hold: bool,
}

/// A position in the beam: its points so far, and the best game known from it.
#[derive(Clone, Debug)]
struct Node {
    board: BitBoard,
    score: u32,
    /// The final score of the best game known through this position.
    best: u32,
    /// That game's moves from here.
    line: Vec<BitMove>,
}

/// Marks a candidate that inherits its parent's best game (no playout of its own).
const INHERITS: u64 = u64::MAX;

/// A child position considered for the next layer: its value, its parent and move, its hash
/// (for duplicates) and the random state of its best playout (to play that game again once the
/// child is kept).
#[derive(Clone, Copy, Debug)]
struct Candidate {
    value: f32,
    /// `parent << 8 | column << 4 | height` of the move's first cell.
    key: u32,
    hash: u64,
    seed: u64,
}

impl Candidate {
    fn parent(&self) -> usize {
        (self.key >> 8) as usize
    }

    fn cell(&self) -> (usize, usize) {
        (((self.key >> 4) & 15) as usize, (self.key & 15) as usize)
    }
}

/// One beam search from a position, run a step at a time.
#[derive(Clone, Debug)]
pub struct Beam {
    config: BeamConfig,
    /// The layer being expanded.
    layer: Vec<Node>,
    /// How far into `layer` the expansion is.
    next_parent: usize,
    /// The next layer's candidates.
    candidates: Vec<Candidate>,
    /// For each layer after the first: each node's `key` (parent and move).
    history: Vec<Vec<u32>>,
    /// The best game found: its score and moves from the start.
    best: (u32, Vec<BitMove>),
    /// The groups of the position being expanded.
    groups: Vec<Group>,
    /// Seen hashes while choosing a layer (open addressing, 0 = free).
    seen: Vec<u64>,
    rng: FastRng,
    /// Playouts played.
    playouts: u64,
    done: bool,
}

impl Beam {
    /// A search from `start` (random choices from `seed`).
    pub fn new(start: BitBoard, config: BeamConfig, seed: u64) -> Beam {
        let mut beam = Beam {
            config: BeamConfig {
                width: config.width.max(1),
                playouts: config.playouts.max(1),
                ..config
            },
            layer: Vec::new(),
            next_parent: 0,
            candidates: Vec::new(),
            history: Vec::new(),
            best: (0, Vec::new()),
            groups: Vec::new(),
            seen: Vec::new(),
            rng: FastRng::new(seed),
            playouts: 0,
            done: false,
        };
        let (best, seed) = beam.playouts_from(&start);
        let line = beam.replay_playout(&start, seed);
        beam.best = (best, line.clone());
        beam.layer.push(Node {
            board: start,
            score: 0,
            best,
            line,
        });
        beam
    }

    /// Whether the search has finished.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The best game found so far: its score and moves.
    pub fn best(&self) -> (u32, &[BitMove]) {
        (self.best.0, &self.best.1)
    }

    /// Playouts played so far.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Works until about `budget` playouts are played (at least one position's children);
    /// returns how many were. The search is done when a layer has no children.
    pub fn step(&mut self, budget: u64) -> u64 {
        let start = self.playouts;
        while !self.done && self.playouts - start < budget {
            if self.next_parent < self.layer.len() {
                self.expand(self.next_parent);
                self.next_parent += 1;
            } else {
                self.choose_next_layer();
            }
        }
        self.playouts - start
    }

    /// Runs the search to its end.
    pub fn run(&mut self) {
        while !self.done {
            self.step(u64::MAX);
        }
    }

    /// The best of the configured number of playouts from `board`: its points, and the random
    /// state it started from. On an x86-64 processor with AVX2 and BMI2 (most since 2013-2015)
    /// the playouts run in a copy of the code compiled for them (about a tenth faster), whose
    /// gravity also takes four columns at once by bit extraction where that is fast (14%
    /// less time again on a Zen 4); the moves are the same either way.
    fn playouts_from(&mut self, board: &BitBoard) -> (u32, u64) {
        #[cfg(target_arch = "x86_64")]
        if *HAS_AVX2 {
            // SAFETY: the processor has the features the functions are compiled for.
            return unsafe {
                if *FAST_PEXT {
                    self.playouts_from_avx2_pext(board)
                } else {
                    self.playouts_from_avx2(board)
                }
            };
        }
        self.playouts_from_any(board)
    }

    /// [`Beam::playouts_from`] compiled for processors with AVX2 and BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn playouts_from_avx2(&mut self, board: &BitBoard) -> (u32, u64) {
        // SAFETY: without `PEXT`, it asks nothing of the processor.
        unsafe { self.playouts_from_in::<false>(board) }
    }

    /// [`Beam::playouts_from_avx2`] with its gravity by bit extraction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn playouts_from_avx2_pext(&mut self, board: &BitBoard) -> (u32, u64) {
        // SAFETY: this copy runs only where the processor has BMI2.
        unsafe { self.playouts_from_in::<true>(board) }
    }

    /// [`Beam::playouts_from`] for any processor.
    #[inline(always)]
    fn playouts_from_any(&mut self, board: &BitBoard) -> (u32, u64) {
        // SAFETY: without `PEXT`, it asks nothing of the processor.
        unsafe { self.playouts_from_in::<false>(board) }
    }

    /// [`Beam::playouts_from`], inlined into each compiled copy; its gravity by bit
    /// extraction when `PEXT`.
    ///
    /// # Safety
    /// With `PEXT`, the processor must have BMI2.
    #[inline(always)]
    unsafe fn playouts_from_in<const PEXT: bool>(&mut self, board: &BitBoard) -> (u32, u64) {
        let mut best = (0, self.rng.state());
        for k in 0..self.config.playouts {
            let state = self.rng.state();
            let mut playout = *board;
            // SAFETY: as promised by the caller.
            let points =
                unsafe { playout.rollout_in::<PEXT>(&self.config.rollout, &mut self.rng, None) };
            if k == 0 || points > best.0 {
                best = (points, state);
            }
        }
        self.playouts += u64::from(self.config.playouts);
        best
    }

    /// The moves of the playout from `board` that started from random state `seed`.
    fn replay_playout(&self, board: &BitBoard, seed: u64) -> Vec<BitMove> {
        let mut line = Vec::new();
        let mut rng = FastRng::from_state(seed);
        board
            .clone()
            .rollout(&self.config.rollout, &mut rng, Some(&mut line));
        line
    }

    /// Adds the children of the layer's node `i` to the candidates.
    fn expand(&mut self, i: usize) {
        let (board, score, inherited) = {
            let node = &self.layer[i];
            (node.board, node.score, node.line.first().copied())
        };
        board.groups(&mut self.groups);
        let groups = std::mem::take(&mut self.groups);
        let inherit = self.config.inherit;
        let target = self.config.rollout.target as u8;
        let skip = self.config.hold
            && self.config.rollout.holds_target(board.remaining())
            && groups.iter().any(|g| g.color != target);
        for g in &groups {
            if skip && g.color == target {
                continue;
            }
            let mut child = board;
            let points = score + child.play(g);
            let (col, h) = g.cells.first_cell().unwrap_or_default();
            let first = (col as u8, h as u8);
            let (value, seed) = if inherit && inherited == Some(first) {
                (self.layer[i].best as f32, INHERITS)
            } else {
                let (best, seed) = self.playouts_from(&child);
                ((points + best) as f32, seed)
            };
            self.candidates.push(Candidate {
                value,
                key: (i as u32) << 8 | (col as u32) << 4 | h as u32,
                hash: child.hash64(),
                seed,
            });
        }
        self.groups = groups;
    }

    /// Keeps the best `width` distinct candidates as the next layer.
    fn choose_next_layer(&mut self) {
        if self.candidates.is_empty() {
            self.done = true;
            return;
        }
        let width = self.config.width;
        let by_value = |a: &Candidate, b: &Candidate| b.value.total_cmp(&a.value);
        // Duplicates are rare beyond the best few widths: look at twice the width.
        let look = (2 * width).min(self.candidates.len());
        if look < self.candidates.len() {
            self.candidates.select_nth_unstable_by(look - 1, by_value);
            self.candidates.truncate(look);
        }
        self.candidates.sort_unstable_by(by_value);
        let slots = (4 * width).next_power_of_two();
        self.seen.clear();
        self.seen.resize(slots, 0);
        let mut next = Vec::with_capacity(width);
        let mut keys = Vec::with_capacity(width);
        let candidates = std::mem::take(&mut self.candidates);
        for c in &candidates {
            if next.len() == width {
                break;
            }
            if !self.first_sight(c.hash) {
                continue;
            }
            let parent = &self.layer[c.parent()];
            let (col, h) = c.cell();
            let Some(group) = parent.board.group_at(col, h) else {
                continue;
            };
            let mut board = parent.board;
            let score = parent.score + board.play(&group);
            let (best, line) = if c.seed == INHERITS {
                (parent.best, parent.line[1..].to_vec())
            } else {
                (c.value as u32, self.replay_playout(&board, c.seed))
            };
            if best > self.best.0 {
                let mut full = self.path(self.history.len(), c.parent());
                full.push((col as u8, h as u8));
                full.extend_from_slice(&line);
                self.best = (best, full);
            }
            next.push(Node {
                board,
                score,
                best,
                line,
            });
            keys.push(c.key);
        }
        self.candidates = candidates;
        self.candidates.clear();
        self.layer = next;
        self.history.push(keys);
        self.next_parent = 0;
    }

    /// Whether `hash` is new to the layer being chosen (and marks it seen).
    fn first_sight(&mut self, hash: u64) -> bool {
        let hash = hash | 1;
        let mask = self.seen.len() - 1;
        let mut slot = (hash as usize) & mask;
        loop {
            match self.seen[slot] {
                0 => {
                    self.seen[slot] = hash;
                    return true;
                }
                h if h == hash => return false,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// The moves from the start to node `index` of layer `layer`.
    fn path(&self, mut layer: usize, mut index: usize) -> Vec<BitMove> {
        let mut moves = Vec::with_capacity(layer + 1);
        while layer > 0 {
            let key = self.history[layer - 1][index];
            moves.push((((key >> 4) & 15) as u8, (key & 15) as u8));
            index = (key >> 8) as usize;
            layer -= 1;
        }
        moves.reverse();
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::{Game, Player, RemovalPolicy, random_board};

    fn config(width: usize, target: usize, choices: u32) -> BeamConfig {
        BeamConfig {
            width,
            playouts: 1,
            rollout: Rollout {
                target,
                release: 48,
                avoid_lone: true,
                choices,
                pairs: 0,
                other_pairs: 0,
                target_lone: 0,
                near_lone: 64,
            },
            inherit: true,
            hold: false,
        }
    }

    /// A beam of `width` on `board` (Classic rules), keeping its most common colour for last.
    fn beam_on(
        board: &crate::gems::Board,
        width: usize,
        choices: u32,
        seed: u64,
    ) -> (BitBoard, Beam) {
        let (bits, _) = BitBoard::from_board(board, RemovalPolicy::Classic).unwrap();
        let target = bits.most_common_color();
        (bits, Beam::new(bits, config(width, target, choices), seed))
    }

    #[test]
    fn both_compiled_copies_of_the_playouts_agree() {
        for seed in 0..6 {
            let board = random_board(15, 15, 5, seed).unwrap();
            let (bits, mut detected) = beam_on(&board, 8, 4, seed);
            let mut portable = detected.clone();
            #[cfg(target_arch = "x86_64")]
            let (mut lanes, mut pext) = (detected.clone(), detected.clone());
            for _ in 0..20 {
                let want = portable.playouts_from_any(&bits);
                assert_eq!(detected.playouts_from(&bits), want, "seed {seed}");
                #[cfg(target_arch = "x86_64")]
                if *HAS_AVX2 {
                    // SAFETY: the processor has what both copies are compiled for.
                    unsafe {
                        assert_eq!(lanes.playouts_from_avx2(&bits), want, "seed {seed}");
                        assert_eq!(pext.playouts_from_avx2_pext(&bits), want, "seed {seed}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_beam_line_replays_to_its_score_and_never_gets_worse() {
        for seed in 0..8 {
            let board = random_board(10, 10, 4, seed).unwrap();
            let (bits, mut beam) = beam_on(&board, 20, 1 + (seed % 2) as u32 * 3, seed);
            let mut last = beam.best().0;
            while !beam.is_done() {
                beam.step(50);
                assert!(beam.best().0 >= last, "the best line is never lost");
                last = beam.best().0;
            }
            let (score, moves) = beam.best();
            let mut game = Game::new(board, RemovalPolicy::Classic, Player::Interactive);
            for &(col, h) in moves {
                game.play(bits.cell_of(col as usize, h as usize)).unwrap();
            }
            assert!(game.is_over());
            assert_eq!(game.score(), u64::from(score), "seed {seed}");
        }
    }

    #[test]
    fn a_holding_beam_tries_no_move_of_the_target_while_the_playouts_hold_it() {
        let board = random_board(15, 15, 5, 7).unwrap();
        let (bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
        let target = bits.most_common_color();
        // The colours of the first layer's children.
        let children = |hold: bool, release: u32| {
            let mut cfg = config(4, target, 4);
            cfg.hold = hold;
            cfg.rollout.release = release;
            let mut beam = Beam::new(bits, cfg, 1);
            beam.expand(0);
            beam.candidates
                .iter()
                .map(|c| {
                    let (col, h) = c.cell();
                    bits.color_at(col, h).unwrap()
                })
                .collect::<Vec<u8>>()
        };
        let mut groups = Vec::new();
        bits.groups(&mut groups);
        let of_target = groups.iter().filter(|g| g.color as usize == target).count();
        assert!(of_target > 0 && of_target < groups.len());
        let held = children(true, 48);
        assert_eq!(held.len(), groups.len() - of_target);
        assert!(held.iter().all(|&c| c as usize != target));
        // Without holding, or once every colour is played alike, every group is a child.
        assert_eq!(children(false, 48).len(), groups.len());
        assert_eq!(children(true, 225).len(), groups.len());
    }
}
