//! The Expert's search on boards the bitboard engine takes: Monte-Carlo beams
//! ([`Beam`](crate::gems::beam::Beam)), each keeping one *target* colour for last.
//!
//! 1. **Probe.** A beam for every colour with at least 80% of the most common colour's gems
//!    (most gems first; 48 wide within 30% of the budget,
//!    or 12 wide within 15% for short searches: [`Tuning::for_budget`]) finds which target
//!    promises most on this board (the most common colour is often, not always, the best
//!    one). Wide probes were measured ahead at 2 s per board and level at 5 s (the AI doc).
//! 2. **Main.** Each lane (a core, or the page's only thread) plays beams on the best target
//!    one after the other, each with its own random choices and its share of the time left
//!    ([`Tuning::beams`]). Several independent beams find better lines than one beam as wide
//!    as all of them.
//! 3. **Refine** (on threads under the Classic rules, the last [`Tuning::refine`] percent of
//!    the time): each thread refines its best line by NRPA
//!    ([`crate::gems::nrpa::Nrpa::refine`]), whose playouts try lines near it; measured
//!    about 1,000 points ahead at 5 s per board (the AI doc).
//!
//! On threads (a time budget on the desktop), each thread takes the next colour to probe
//! while any is left, then starts its beams at once; a beam's width follows the seconds per
//! unit of width measured on this board (the lane's last beam, else the target's probe, else
//! the finished probes' average), so the beams end close to the deadline. The browser's AI
//! workers run the same probes and beams a piece per message, handed out by the page's
//! coordinator ([`crate::gems::lanes`]). A single lane (a node budget, one worker) probes
//! every colour, then sizes its beams from the probes' playouts.
//!
//! Every beam starts cold (from the start position, knowing no line), and the portfolio
//! keeps the best line of all, the best known when the search began included, so the answer
//! never gets worse and stopping at any moment loses nothing.

use super::Clock;
use crate::gems::beam::{Beam, BitMove};
use crate::gems::bits::BitBoard;
use crate::gems::nrpa::line_groups;

mod pieces;
#[cfg(not(target_arch = "wasm32"))]
mod threads;
mod tuning;

pub use tuning::{NRPA_FROM, Tuning};

/// The narrowest main beam (a single lane starts none narrower in the playouts left; on
/// threads, a beam started in less time than that is cut at the deadline).
const MIN_WIDTH: usize = 12;
/// The widest beam.
const MAX_WIDTH: usize = 1 << 16;
/// Playouts a beam plays between two looks at the clock.
const CHUNK: u64 = 128;

/// Keeps `score` and its `line` in `best` if they beat it (or `best` holds no line yet).
fn keep(best: &mut (u32, Vec<BitMove>), score: u32, line: &[BitMove]) {
    if score > best.0 || best.1.is_empty() {
        *best = (score, line.to_vec());
    }
}

/// The lane's running beam, and how many beams the lane has started.
#[derive(Clone, Debug)]
struct Lane {
    beam: Beam,
    started: u64,
}

/// The bitboard search: probes, then beams (on one lane, or on threads: see
/// [`Portfolio::run_on_threads`]).
#[derive(Clone, Debug)]
pub(super) struct Portfolio {
    start: BitBoard,
    /// The colours worth keeping for last, most gems first.
    targets: Vec<usize>,
    /// Each target probed so far: what its probe ranks it by ([`Portfolio::rank_score`]) and
    /// the playouts it took (0 when it was cut short).
    probes: Vec<(u32, u64)>,
    /// The probe running.
    probe: Option<Beam>,
    /// The single lane's beams, once started.
    lane: Option<Lane>,
    /// The best line of any beam so far.
    best: (u32, Vec<BitMove>),
    seed: u64,
    tuning: Tuning,
}

impl Portfolio {
    /// The tuning the search was made with (what a search on threads runs).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn tuning(&self) -> &Tuning {
        &self.tuning
    }

    /// The share of the budget the probes may take.
    pub(super) fn probe_fraction(&self) -> f64 {
        self.tuning.probe_fraction()
    }

    /// The share of a search on threads that each thread spends refining its best line at
    /// the end ([`Tuning::refine`]): none under rules other than the Classic ones, where
    /// refining was not measured.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn refine_fraction(&self) -> f64 {
        if self.start.classic() {
            f64::from(self.tuning.refine.min(100)) / 100.0
        } else {
            0.0
        }
    }

    /// A search from `start`, starting from `known`, the best line known so far.
    pub(super) fn new(
        start: BitBoard,
        known: (u32, Vec<BitMove>),
        seed: u64,
        tuning: Tuning,
    ) -> Portfolio {
        let mut targets = start.colours_near_most(tuning.probe_floor);
        targets.sort_by_key(|&c| std::cmp::Reverse(start.count(c)));
        if targets.is_empty() {
            targets.push(0);
        }
        if !tuning.probes {
            targets.truncate(1);
        }
        Portfolio {
            start,
            targets,
            probes: Vec::new(),
            probe: None,
            lane: None,
            best: known,
            seed,
            tuning,
        }
    }

    /// What a probe whose best line is `line`, scoring `score`, ranks its target by: the
    /// score, plus [`Tuning::probe_clear`] when the line clears the board.
    pub(super) fn rank_score(&self, score: u32, line: &[BitMove]) -> u32 {
        if self.tuning.probe_clear > 0 && self.clears(line) {
            score.saturating_add(self.tuning.probe_clear)
        } else {
            score
        }
    }

    /// Whether `line` (bit moves from the start) clears the board: every move legal, and
    /// its groups take every gem.
    fn clears(&self, line: &[BitMove]) -> bool {
        let (moves, taken) = line_groups(&self.start, line)
            .fold((0, 0), |(moves, taken), g| (moves + 1, taken + g.size));
        moves == line.len() && taken == self.start.remaining()
    }

    /// The best line found: its score and moves.
    pub(super) fn best(&self) -> &(u32, Vec<BitMove>) {
        &self.best
    }

    /// Whether the targets need ranking by probes: a single target needs none, and the beams
    /// take all the time.
    pub(in crate::gems::expert) fn needs_probes(&self) -> bool {
        self.targets.len() > 1
    }

    /// Whether every target has been probed (or none needs to be).
    pub(super) fn probed(&self) -> bool {
        !self.needs_probes() || self.probes.len() >= self.targets.len()
    }

    /// Whether the lane has started.
    pub(super) fn started(&self) -> bool {
        self.lane.is_some()
    }

    /// A beam from the start following target `target`. It starts cold: a beam handed the
    /// best line known keeps that line's path and finds less than one searching afresh
    /// (measured: see `docs/games/modern_gems_ai.md`), so only the portfolio keeps the best.
    fn beam(&self, width: usize, target: usize, seed: u64) -> Beam {
        Beam::new(
            self.start,
            self.tuning.beam_config(width, self.targets[target]),
            seed,
        )
    }

    /// Probes targets until `clock` is out or every target is probed.
    pub(super) fn probe(&mut self, clock: &mut Clock) {
        while !self.probed() && !clock.out() {
            let next = self.probes.len();
            let seed = self.seed ^ next as u64;
            let probe = match self.probe.take() {
                Some(p) => p,
                None => self.beam(self.tuning.probe_beam_width(), next, seed),
            };
            let mut probe = probe;
            while !probe.is_done() && !clock.out() {
                clock.spend(probe.step(CHUNK));
                clock.report_score(probe.best().0);
            }
            let (score, line) = probe.best();
            keep(&mut self.best, score, line);
            if probe.is_done() {
                self.probes
                    .push((self.rank_score(score, line), probe.playouts()));
            } else {
                self.probe = Some(probe);
            }
        }
    }

    /// Gives up the probes not made (their targets rank last).
    pub(super) fn stop_probing(&mut self) {
        if let Some(p) = self.probe.take() {
            let (score, line) = p.best();
            keep(&mut self.best, score, line);
            self.probes.push((self.rank_score(score, line), 0));
        }
        while !self.probed() {
            self.probes.push((0, 0));
        }
    }

    /// The targets by their probes' scores, best first.
    fn ranked(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.targets.len()).collect();
        order.sort_by_key(|&t| std::cmp::Reverse(self.probes.get(t).map_or(0, |p| p.0)));
        order
    }

    /// Playouts per unit of a beam's width on a 15×15 board before any is measured: about 60
    /// layers of 20 children, or of 10 when the beams hold the target colour back (573 to 741
    /// were measured on standard-5).
    fn playouts_per_width(&self) -> f64 {
        if self.tuning.hold { 600.0 } else { 1200.0 }
    }

    /// The width a beam may have to play about `playouts` playouts.
    fn width_for(&self, playouts: u64) -> usize {
        let done: Vec<u64> = self.probes.iter().map(|p| p.1).filter(|&n| n > 0).collect();
        let per_width = if done.is_empty() {
            self.playouts_per_width()
        } else {
            done.iter().sum::<u64>() as f64
                / done.len() as f64
                / self.tuning.probe_beam_width() as f64
        };
        ((playouts as f64 / per_width) as usize).clamp(MIN_WIDTH, MAX_WIDTH)
    }

    /// Starts the lane's first beam on the best target, sized for its share of the
    /// `playouts` the lane may play (see [`Tuning::beams`]).
    pub(super) fn start_lane(&mut self, playouts: u64) {
        let target = self.ranked()[0];
        let width = self.width_for(playouts / u64::from(self.tuning.beams.max(1)));
        let seed = self.seed.wrapping_add(0x9E37_79B9);
        self.lane = Some(Lane {
            beam: self.beam(width, target, seed),
            started: 1,
        });
    }

    /// Runs the lane until `clock` is out; a beam that ends is followed by another on the same
    /// target with other random choices, sized for its share of the playouts left (the last
    /// planned one, or any after it, for all of them). Returns whether more search would be
    /// worth more time: false when the lane has nothing left to do (its beam ended having
    /// played a single playout, on a board so small that one beam saw all of it, or too few
    /// playouts are left for another beam), or has not started.
    ///
    /// `budget` is the playouts the whole search has left (a slice's clock knows only the
    /// slice's).
    pub(super) fn run_lane(&mut self, clock: &mut Clock, budget: u64) -> bool {
        loop {
            let Some(lane) = self.lane.as_mut() else {
                return false;
            };
            while !lane.beam.is_done() && !clock.out() {
                clock.spend(lane.beam.step(CHUNK));
                clock.report_score(lane.beam.best().0);
            }
            let (score, line) = lane.beam.best();
            keep(&mut self.best, score, line);
            if lane.beam.is_done() && lane.beam.playouts() <= 1 {
                return false;
            }
            let started = lane.started + 1;
            if clock.out() {
                return true;
            }
            let left = budget.saturating_sub(clock.spent);
            if left < self.width_for(0) as u64 {
                return false;
            }
            let planned = u64::from(self.tuning.beams.max(1));
            let share = left / planned.saturating_sub(started - 1).max(1);
            let seed = self.seed ^ (started << 32);
            let beam = self.beam(self.width_for(share), self.ranked()[0], seed);
            self.lane = Some(Lane { beam, started });
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::gems::expert::Budget;
    use crate::gems::{ExpertSearch, RemovalPolicy, random_board};

    #[test]
    fn short_searches_keep_narrow_probes_and_long_ones_probe_wide() {
        for budget in [
            Budget::Time(Duration::from_millis(500)),
            Budget::Time(Duration::from_secs(1)),
            Budget::Nodes(200_000),
        ] {
            let t = Tuning::for_budget(budget);
            assert_eq!((t.probe_width, t.probe_share), (12, 15), "{budget:?}");
            assert_eq!(t.near_lone, 32, "{budget:?}");
            assert_eq!(t, Tuning::short(), "{budget:?}");
        }
        for budget in [
            Budget::Time(Duration::from_secs(2)),
            Budget::Time(Duration::from_secs(5)),
            Budget::Time(Duration::from_secs(60)),
            Budget::Nodes(2_000_000),
        ] {
            let t = Tuning::for_budget(budget);
            assert_eq!((t.probe_width, t.probe_share), (48, 30), "{budget:?}");
            assert_eq!(t.near_lone, 64, "{budget:?}");
        }
    }

    #[test]
    fn colours_far_below_the_most_common_are_not_probed() {
        // Ten gems of colour 0, eight of colour 1, two of colour 2.
        let board =
            crate::gems::Board::from_save_string("0 0 0 0 0\n0 0 0 0 0\n1 1 1 1 2\n1 1 1 1 2")
                .expect("a valid board");
        let (bits, kinds) =
            BitBoard::from_board(&board, RemovalPolicy::Classic).expect("the engine takes it");
        let colour = |kind: u32| kinds.iter().position(|&k| k == kind).expect("on the board");
        let targets = |floor| {
            let tuning = Tuning {
                probe_floor: floor,
                ..Tuning::default()
            };
            Portfolio::new(bits, (0, Vec::new()), 1, tuning)
        };
        // 8 gems are 80% of 10: colour 1 stays, colour 2 (20%) goes.
        assert_eq!(targets(80).targets, vec![colour(0), colour(1)]);
        assert_eq!(targets(81).targets, vec![colour(0)]);
        assert_eq!(targets(0).targets, vec![colour(0), colour(1), colour(2)]);
        // A single target needs no probe.
        assert!(!targets(80).probed());
        assert!(targets(81).probed());
    }

    /// A probe's target ranks by its line's score, plus `probe_clear` only when the line
    /// clears the board (a line that stops short, or an illegal move, gets nothing).
    #[test]
    fn a_probe_that_clears_the_board_ranks_its_target_up_by_probe_clear() {
        // Two columns: 0 0 / 1 1 from the bottom. Taking the 0s then the 1s clears it.
        let board = crate::gems::Board::from_save_string("1 1\n0 0").expect("a valid board");
        let (bits, kinds) =
            BitBoard::from_board(&board, RemovalPolicy::Classic).expect("the engine takes it");
        assert_eq!(kinds.len(), 2);
        let portfolio = |probe_clear| {
            let tuning = Tuning {
                probe_clear,
                ..Tuning::default()
            };
            Portfolio::new(bits, (0, Vec::new()), 1, tuning)
        };
        let clearing: Vec<BitMove> = vec![(0, 0), (0, 0)];
        let short: Vec<BitMove> = vec![(0, 0)];
        let illegal: Vec<BitMove> = vec![(0, 0), (0, 5)];
        assert_eq!(portfolio(0).rank_score(1_000, &clearing), 1_000);
        assert_eq!(portfolio(500).rank_score(1_000, &clearing), 1_500);
        assert_eq!(portfolio(500).rank_score(900, &short), 900);
        assert_eq!(portfolio(500).rank_score(900, &illegal), 900);
    }

    #[test]
    fn any_probe_width_and_share_make_a_search_that_replays() {
        let board = random_board(8, 8, 4, 3).unwrap();
        for (width, share) in [(u32::MAX, 100), (1, 0), (48, 30)] {
            let tuning = Tuning::default().with_probes(width, share);
            let line = ExpertSearch::tuned(
                &board,
                RemovalPolicy::Classic,
                Budget::Nodes(3_000),
                None,
                tuning,
            )
            .run(1);
            assert_eq!(
                super::super::score_line(&board, RemovalPolicy::Classic, &line.moves),
                Some(line.score),
                "width {width}, share {share}: the line ends the game with its score"
            );
        }
    }
}
