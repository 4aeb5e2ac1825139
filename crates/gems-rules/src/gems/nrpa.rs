//! Nested Rollout Policy Adaptation (Rosin 2011) on the bitboard engine, with the selective
//! policies of Cazenave (2016): the Expert's search for time budgets from 20 s under the
//! Classic rules ([`expert_search`]), the last part of its shorter searches on threads
//! (refining each thread's best line: [`Nrpa::refine`]), and `gems-cli bench samegame --nrpa
//! LEVEL`'s experiment (see docs/games/modern_gems_ai.md).
//!
//! A policy gives each move code (the move's colour and the cell its group starts at, or with
//! [`Codes::Groups`] a hash of its group's cells) a weight; a playout draws each move with
//! probability proportional to the exponential of its weight, among the moves the selective
//! policy allows: while more than `release` gems are left, the kept colour's moves (the most
//! common colour, or the one the probes chose) only when no other colour has one; before
//! them, a move leaving its colour a single gem only when no other move is left. Level 1 runs
//! `iterations` rounds of `stabilize` playouts (one in plain NRPA), level L `iterations`
//! searches of level L − 1 (each from a copy of the policy), adapting the policy after each
//! round or search towards the best line found so far at this level (the gradient step: the
//! best line's moves gain `alpha`, every move allowed at its steps loses `alpha` times its
//! probability).

use std::time::Instant;

use super::bits::{BitBoard, Group, MAX_BIT_COLS, MAX_BIT_ROWS};
use super::fast::FastRng;
use crate::cancel::{Cancel, Progress};
#[cfg(not(target_arch = "wasm32"))]
use crate::splitmix::finish;

mod adapt;
mod codes;
mod refine;
#[cfg(test)]
use codes::CODES;
pub use codes::Codes;
pub use refine::kept_colour;
pub(crate) use refine::line_groups;

/// Most moves a playout step allows: one per group (at most one per cell of a 15 × 16 board),
/// and a guided step's one more.
const MAX_ALLOWED: usize = 256;
const _: () = assert!(MAX_BIT_ROWS * MAX_BIT_COLS < MAX_ALLOWED && MAX_ALLOWED <= 256);

/// A move of a line: its code, and the cell its group starts at (column, height).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NrpaMove {
    code: u16,
    col: u8,
    h: u8,
}

impl NrpaMove {
    /// The move of `code`, taking group `g`.
    fn of(code: u16, g: &Group) -> Self {
        let (col, h) = g.cells.first_cell().unwrap_or_default();
        NrpaMove {
            code,
            col: col as u8,
            h: h as u8,
        }
    }

    /// The cell (column, height) the move's group starts at, on the position it is played on.
    pub fn cell(&self) -> (usize, usize) {
        (usize::from(self.col), usize::from(self.h))
    }
}

/// A line and its score.
#[derive(Clone, Debug, Default)]
pub struct NrpaLine {
    /// Points, the clear bonus included.
    pub score: u32,
    /// The moves from the start.
    pub moves: Vec<NrpaMove>,
    /// The codes of the moves the selective policy allowed at each step, one after the
    /// other (what adapting a policy towards the line needs, kept so it replays nothing).
    allowed: Vec<u16>,
    /// Where each step's codes end in `allowed`.
    ends: Vec<u32>,
    /// Each allowed move's bias factor ([`Nrpa::bias`]), beside `allowed` (empty when the
    /// search has no bias).
    biases: Vec<f32>,
    /// The leading moves the playout was given rather than drew (a refine's fixed start):
    /// the adaptations within a level leave them out.
    fixed: usize,
}

impl NrpaLine {
    /// The moves as bit moves (column, height of the group's first cell).
    pub fn bit_moves(&self) -> Vec<(u8, u8)> {
        let cells = self.moves.iter().map(NrpaMove::cell);
        cells.map(|(col, h)| (col as u8, h as u8)).collect()
    }

    /// Empties the line for another playout, keeping its buffers.
    fn clear(&mut self) {
        self.score = 0;
        self.moves.clear();
        self.allowed.clear();
        self.ends.clear();
        self.biases.clear();
        self.fixed = 0;
    }
}

/// The search's settings.
#[derive(Clone, Copy, Debug)]
pub struct Nrpa {
    /// Searches of the level below per level (100 in the literature).
    pub iterations: u32,
    /// The gradient step (1 in the literature).
    pub alpha: f32,
    /// At or below this many gems left, the most common colour is no longer kept for last.
    pub release: u32,
    /// The share of the time spent choosing the colour kept for last among the colours with
    /// at least 80% of the most common colour's gems (0: the most common colour).
    pub probe_share: f64,
    /// Playouts per adaptation at level 1, each compared with the level's best line so far,
    /// which the adaptation then follows (Stabilized NRPA, Cazenave et al. 2021; 1: plain
    /// NRPA).
    pub stabilize: u32,
    /// Refining a line ([`Nrpa::refine`]): the fresh policy's adaptations towards it before
    /// the search.
    pub seed_adapts: u32,
    /// Refining a line: the most of the best line's moves, in percent of its length, that a
    /// level-1 search keeps as they are, its playouts starting after them (each search draws
    /// how many; 0: every playout starts at the start).
    pub cut: u32,
    /// The playouts' prior on a move (Generalized NRPA, Cazenave 2020), in hundredths of an
    /// exponent of its group's size: a move is drawn in proportion to its weight's
    /// exponential times its size to the power `bias` / 100 (0: no prior, plain NRPA).
    pub bias: u32,
    /// Refining a line: after this many level-1 searches the refining's policy starts
    /// afresh, adapted [`Nrpa::seed_adapts`] times towards the best line so far (0: never).
    pub restart: u32,
    /// How a move is coded: by its colour and the cell its group starts at, or by a hash of
    /// its group's cells and colour.
    pub codes: Codes,
}

impl Default for Nrpa {
    fn default() -> Self {
        Nrpa {
            iterations: 100,
            alpha: 1.0,
            release: 72,
            probe_share: 0.0,
            stabilize: 1,
            seed_adapts: 2,
            cut: 0,
            bias: 0,
            restart: 0,
            codes: Codes::Cells,
        }
    }
}

/// The Expert's NRPA (for time budgets on threads from [`crate::gems::expert::NRPA_FROM`]):
/// level-3 searches on each of `threads` threads, two playouts per level-1 adaptation
/// (Stabilized NRPA), the first 30% of the time probing which colour to keep for last, until
/// the deadline or `cancel`; the best line of all (the moves' cells by [`NrpaMove::cell`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn expert_search(
    start: &BitBoard,
    threads: usize,
    until: (Instant, &Cancel),
    seed: u64,
) -> NrpaLine {
    let settings = Nrpa {
        probe_share: 0.3,
        stabilize: 2,
        ..Nrpa::default()
    };
    settings.search_on_threads(start, 3, threads, until, seed).0
}

/// A policy: a weight per move code, and each weight's exponential (what playouts draw by,
/// kept so that neither a playout nor adapting computes one for every move it meets).
#[derive(Clone)]
struct Policy {
    weights: Vec<f32>,
    exps: Vec<f32>,
}

impl Policy {
    /// The uniform policy over `codes` move codes: every weight 0.
    fn new(codes: usize) -> Self {
        Policy {
            weights: vec![0.0; codes],
            exps: vec![1.0; codes],
        }
    }
}

impl Nrpa {
    /// A fresh policy for the search's move codes.
    fn policy(&self) -> Policy {
        Policy::new(self.codes.count())
    }
}

/// One search's state: the start, the deadline, the random numbers and the best line.
struct Run<'a> {
    settings: Nrpa,
    start: &'a BitBoard,
    tabu: usize,
    deadline: Instant,
    /// Stops the search early; hears of each better line.
    cancel: Cancel,
    rng: FastRng,
    groups: Vec<Group>,
    /// A playout step's allowed moves: their codes, their indices into `groups` and the
    /// running totals of their weights (a position has at most 240 groups, and a guided step
    /// one more move).
    codes: [u16; MAX_ALLOWED],
    picks: [u8; MAX_ALLOWED],
    sums: [f32; MAX_ALLOWED],
    /// The codes an adaptation changed (each once), and the stamp marking them in `marks`.
    touched: Vec<u16>,
    marks: Vec<u32>,
    stamp: u32,
    best: NrpaLine,
    playouts: u64,
    /// Whether a playout found the game forced (never more than one group to play, or none):
    /// then no other line exists, and the search stops.
    forced: bool,
    /// The moves of a line to refine (each one's code and cell): a playout still on it may
    /// play its next move even where the selective policy would not allow it (empty: none).
    guide: Vec<NrpaMove>,
    /// Whether playouts replay `guide` instead of drawing.
    follow: bool,
    /// Where playouts start when not at the start (a refine's fixed first moves).
    fixed: Option<Fixed>,
    /// Each group size's prior factor ([`Nrpa::bias`]), when the search has one.
    size_bias: Option<Box<[f32; 256]>>,
}

/// A refine's fixed start: the position after the first moves of the line being refined,
/// its groups, and those moves as a line (their points, codes and allowed moves), which
/// every playout starts from.
struct Fixed {
    board: BitBoard,
    groups: Vec<Group>,
    line: NrpaLine,
    /// Whether those moves are the guide's first moves.
    on_guide: bool,
}

impl Nrpa {
    /// Runs level-`level` searches from `start`, one after the other from a fresh policy,
    /// until `deadline` or `cancel`; returns the best line of all and the playouts played.
    /// Each better line's score is reported to `cancel`.
    pub fn search(
        &self,
        start: &BitBoard,
        level: u32,
        (deadline, cancel): (Instant, &Cancel),
        seed: u64,
    ) -> (NrpaLine, u64) {
        let mut run = self.run(start, (deadline, cancel), seed);
        if self.probe_share > 0.0 {
            run.tabu = self.probe(start, deadline, seed, &mut run);
        }
        while !run.stopped() {
            run.level(level.max(1), &mut self.policy());
        }
        (run.best, run.playouts)
    }

    /// One level-`level` search from `start` and a fresh policy, with no deadline and no
    /// probe of the colour kept for last (the most common one is): its best line and the
    /// playouts it played (`iterations` to the power `level`, times `stabilize`, unless the
    /// game is forced, when one playout ends it). The same seed plays the same games, so a
    /// faster engine can be checked to find the same line (the `nrpa_speed` example).
    pub fn search_level(&self, start: &BitBoard, level: u32, seed: u64) -> (NrpaLine, u64) {
        let never = Cancel::never();
        // A year, else a day (a clock near its end): no search an example runs comes near it.
        let now = Instant::now();
        let far = [365, 1]
            .into_iter()
            .find_map(|days| now.checked_add(std::time::Duration::from_secs(days * 86_400)))
            .unwrap_or(now);
        let mut run = self.run(start, (far, &never), seed);
        run.level(level.max(1), &mut self.policy());
        (run.best, run.playouts)
    }

    /// [`Nrpa::search`] on each of `threads` threads (on this one when it is the only one),
    /// each with its own seed drawn from `seed`: the best line of all, and the playouts
    /// played on all of them.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn search_on_threads(
        &self,
        start: &BitBoard,
        level: u32,
        threads: usize,
        (deadline, cancel): (Instant, &Cancel),
        seed: u64,
    ) -> (NrpaLine, u64) {
        // Each thread's seed, well apart from every other search's and thread's.
        let seed_of = |t: u64| finish(seed.wrapping_add(finish(t + 1)));
        if threads <= 1 {
            return self.search(start, level, (deadline, cancel), seed_of(0));
        }
        let found: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads as u64)
                .map(|t| {
                    let seed = seed_of(t);
                    s.spawn(move || self.search(start, level, (deadline, cancel), seed))
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let playouts = found.iter().map(|(_, n)| n).sum();
        let best = found.into_iter().map(|(line, _)| line);
        (best.max_by_key(|l| l.score).unwrap_or_default(), playouts)
    }

    /// Probes the colours with at least 80% of the most common colour's gems as the colour
    /// kept for last: a level-2 search each, within `probe_share` of the time to `deadline`;
    /// returns the colour whose search scored best. What the probes find is kept in `main`.
    fn probe(&self, start: &BitBoard, deadline: Instant, seed: u64, main: &mut Run) -> usize {
        let candidates = start.colours_near_most(80);
        if candidates.len() < 2 {
            return main.tabu;
        }
        let now = Instant::now();
        let share = deadline
            .saturating_duration_since(now)
            .mul_f64(self.probe_share);
        let each = share / candidates.len() as u32;
        let mut best = (0, main.tabu);
        for (i, &c) in candidates.iter().enumerate() {
            let until = (now + each * (i as u32 + 1), &main.cancel);
            let mut run = self.run(start, until, seed ^ (c as u64 + 1));
            run.tabu = c;
            while !run.stopped() {
                run.level(2, &mut self.policy());
            }
            main.playouts += run.playouts;
            if run.best.score > best.0 {
                best = (run.best.score, c);
            }
            if run.best.score > main.best.score {
                main.best = run.best;
            }
        }
        best.1
    }

    /// A search from `start` until `deadline` or `cancel`, not yet begun.
    fn run<'a>(
        &self,
        start: &'a BitBoard,
        (deadline, cancel): (Instant, &Cancel),
        seed: u64,
    ) -> Run<'a> {
        Run {
            settings: *self,
            start,
            tabu: start.most_common_color(),
            deadline,
            cancel: cancel.clone(),
            rng: FastRng::new(seed),
            groups: Vec::new(),
            codes: [0; MAX_ALLOWED],
            picks: [0; MAX_ALLOWED],
            sums: [0.0; MAX_ALLOWED],
            touched: Vec::new(),
            marks: vec![0; self.codes.count()],
            stamp: 0,
            best: NrpaLine::default(),
            playouts: 0,
            forced: false,
            guide: Vec::new(),
            follow: false,
            fixed: None,
            size_bias: (self.bias > 0).then(|| {
                let power = self.bias as f32 / 100.0;
                Box::new(std::array::from_fn(|size| (size.max(1) as f32).powf(power)))
            }),
        }
    }
}

impl Run<'_> {
    /// Whether the search must stop: its deadline passed, or its owner cancelled it.
    fn stopped(&self) -> bool {
        self.forced || Instant::now() >= self.deadline || self.cancel.is_cancelled()
    }

    /// A playout by `policy` from the start, into `line`.
    fn playout(&mut self, policy: &Policy, line: &mut NrpaLine) {
        match self.settings.codes {
            Codes::Cells => self.playout_in::<false>(policy, line),
            Codes::Groups => self.playout_in::<true>(policy, line),
        }
    }

    /// [`Run::playout`], its moves coded as [`Codes::Groups`] when `HASHED`, else as
    /// [`Codes::Cells`] (compiled once for each, so that neither pays for the other's branch).
    fn playout_in<const HASHED: bool>(&mut self, policy: &Policy, line: &mut NrpaLine) {
        let codes = if HASHED { Codes::Groups } else { Codes::Cells };
        line.clear();
        let (mut board, mut on_guide) = match &self.fixed {
            Some(fixed) => {
                self.groups.clone_from(&fixed.groups);
                line.score = fixed.line.score;
                line.moves.extend_from_slice(&fixed.line.moves);
                line.allowed.extend_from_slice(&fixed.line.allowed);
                line.ends.extend_from_slice(&fixed.line.ends);
                line.biases.extend_from_slice(&fixed.line.biases);
                line.fixed = line.moves.len();
                (fixed.board, fixed.on_guide)
            }
            None => {
                self.start.groups(&mut self.groups);
                (*self.start, !self.guide.is_empty())
            }
        };
        // A fixed start's game may be forced from there without the whole game being so.
        let mut branched = self.fixed.is_some();
        loop {
            branched |= self.groups.len() > 1;
            // The selective policy: the moves of the lowest tier present are allowed, tier 2
            // being the kept colour's while it is held, 1 a move leaving its colour a single
            // gem, 0 any other.
            let hold = board.remaining() > self.settings.release;
            let tier = |g: &Group| {
                if hold && usize::from(g.color) == self.tabu {
                    2
                } else {
                    u8::from(board.count(usize::from(g.color)) == g.size + 1)
                }
            };
            if self.groups.is_empty() {
                break;
            }
            // The allowed moves: their codes and their groups' indices, in one pass (a lower
            // tier than those listed so far starts the list again).
            let (mut n, mut floor) = (0, u8::MAX);
            for (i, g) in self.groups.iter().enumerate() {
                let t = tier(g);
                if t > floor {
                    continue;
                }
                if t < floor {
                    (n, floor) = (0, t);
                }
                self.codes[n] = codes.of(g);
                self.picks[n] = i as u8;
                n += 1;
            }
            let step = line.moves.len();
            let want = if on_guide {
                self.guide.get(step).copied()
            } else {
                None
            };
            // The guide's move among the allowed ones (by its code and its cell: hashed
            // codes may collide), else added to them.
            let guided = want.map(|want| {
                let of = |g: &Group| NrpaMove::of(codes.of(g), g) == want;
                match (0..n).find(|&i| of(&self.groups[usize::from(self.picks[i])])) {
                    Some(i) => Some(i),
                    None => self.groups.iter().position(of).map(|i| {
                        self.codes[n] = want.code;
                        self.picks[n] = i as u8;
                        n += 1;
                        n - 1
                    }),
                }
            });
            // Each allowed move's weight added to those before it: the draw is the first
            // move whose running total passes a uniform share of the whole.
            let mut sum = 0.0f32;
            if let Some(bias) = &self.size_bias {
                for i in 0..n {
                    let g = &self.groups[usize::from(self.picks[i])];
                    let b = bias[(g.size as usize).min(255)];
                    sum += policy.exps[usize::from(self.codes[i])] * b;
                    self.sums[i] = sum;
                    line.biases.push(b);
                }
            } else {
                for (total, &c) in self.sums[..n].iter_mut().zip(&self.codes[..n]) {
                    sum += policy.exps[usize::from(c)];
                    *total = sum;
                }
            }
            line.allowed.extend_from_slice(&self.codes[..n]);
            line.ends.push(line.allowed.len() as u32);
            let pick = match guided {
                Some(guided) if self.follow => guided.unwrap_or(0),
                _ => draw(&mut self.rng, &self.sums[..n], sum),
            };
            let code = self.codes[pick];
            on_guide &= guided == Some(Some(pick));
            let g = self.groups[usize::from(self.picks[pick])];
            line.score += board.play_regrouped(&g, &mut self.groups);
            line.moves.push(NrpaMove::of(code, &g));
        }
        self.playouts += 1;
        self.forced |= !branched;
        let better = line.score > self.best.score;
        if better || self.best.moves.is_empty() {
            self.best = line.clone();
        }
        if better {
            self.cancel.report(Progress::Score(u64::from(line.score)));
        }
    }

    /// A level-`level` search (at least 1) with `policy` (adapted in place): its best line.
    fn level(&mut self, level: u32, policy: &mut Policy) -> NrpaLine {
        let mut best = NrpaLine::default();
        let mut line = NrpaLine::default();
        // Level 1 adapts after each round of `stabilize` playouts, a level above after each
        // search of the level below.
        let rounds = if level <= 1 {
            self.settings.stabilize.max(1)
        } else {
            1
        };
        for _ in 0..self.settings.iterations {
            if self.stopped() {
                break;
            }
            for _ in 0..rounds {
                if level <= 1 {
                    self.playout(policy, &mut line);
                } else {
                    let mut below = policy.clone();
                    line = self.level(level - 1, &mut below);
                }
                if line.score >= best.score {
                    std::mem::swap(&mut best, &mut line);
                }
            }
            self.adapt_from(policy, &best, best.fixed);
        }
        best
    }
}

/// Draws a move by the running totals of the allowed moves' weights (`sums`, whose last is
/// `sum`); returns its index among the allowed moves.
#[inline(always)]
fn draw(rng: &mut FastRng, sums: &[f32], sum: f32) -> usize {
    let at = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * sum;
    sums.partition_point(|&total| total <= at)
        .min(sums.len() - 1)
}

#[cfg(test)]
mod tests;
