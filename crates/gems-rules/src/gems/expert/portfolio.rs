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

use std::time::Duration;

use super::{Budget, Clock};
use crate::gems::beam::{Beam, BeamConfig, BitMove};
use crate::gems::bits::{BitBoard, Rollout};
use crate::gems::nrpa::{Nrpa, line_groups};

mod pieces;
#[cfg(not(target_arch = "wasm32"))]
mod threads;

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

/// The parts of the Expert's beams, each of which can be switched off to measure what it adds
/// (`gems-cli bench samegame --tuning …`), and whether long searches run NRPA instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Moves drawn per playout move; the one leaving the fewest lone gems is played (1: the
    /// first drawn, plain TabuColorRandom).
    pub choices: u32,
    /// Whether playouts put off moves that leave a colour with a single gem.
    pub avoid_lone: bool,
    /// Playouts play every colour alike once this many gems are left (0: never).
    pub release: u32,
    /// Whether a child on its parent's best known game inherits it.
    pub inherit: bool,
    /// Whether every colour is probed as the target (else only the most common one is kept for
    /// last).
    pub probes: bool,
    /// Playouts per new position (the best one counts).
    pub playouts: u32,
    /// Beams each lane plays one after the other on the best target, each with its share of
    /// the lane's time and its own random choices (the best line of all is kept: several
    /// narrower beams find better lines than one wide one in the same time).
    pub beams: u32,
    /// Mixed into the searches' random seed: another seed is another sample of the same
    /// search (for comparing parts over several samples).
    pub seed: u64,
    /// Width of the probe beams (one per colour; the best ranks the target of the main beams).
    pub probe_width: u32,
    /// Percent of the budget the probes may take (a probe still running then is cut short,
    /// its target ranked by the best line it found).
    pub probe_share: u32,
    /// What a pair of neighbouring target gems is worth in the playouts' choice between
    /// drawn moves ([`Rollout::pairs`]).
    pub pairs: u32,
    /// Whether the beams try no move of the target colour while the playouts hold it back
    /// ([`BeamConfig::hold`]).
    pub hold: bool,
    /// Colours with fewer gems than this percent of the most common colour's are neither
    /// probed nor kept for last (0: every colour is): the big group a line ends with scores
    /// the square of its size, so a colour a fifth smaller than another is not worth its
    /// probe's time.
    pub probe_floor: u32,
    /// Whether a search on threads runs Nested Rollout Policy Adaptation ([`crate::gems::nrpa`])
    /// on every thread instead of the beams, under the Classic rules: set for time budgets of
    /// at least [`NRPA_FROM`], where it was measured stronger. NRPA has settings of its own:
    /// the beams' parts above do not change it.
    pub nrpa: bool,
    /// Percent of a search on threads (the desktop's time budgets below [`NRPA_FROM`], under
    /// the Classic rules) that each thread spends at the end refining its best line by NRPA
    /// ([`Nrpa::refine`]), 0 for none. Node budgets, a single lane (the browser's workers) and
    /// the other rules do not refine.
    ///
    /// [`Nrpa::refine`]: crate::gems::nrpa::Nrpa::refine
    pub refine: u32,
    /// The refining NRPA's adaptations of its policy towards the line before it starts.
    pub refine_adapts: u32,
    /// The most of the best line's first moves, in percent of its length, that a refining
    /// level-1 search keeps as they are (each search draws how many; 0: none).
    pub refine_cut: u32,
    /// The refining's playouts per level-1 adaptation (Stabilized NRPA).
    pub refine_stabilize: u32,
    /// The refining's rounds (adaptations) per level-1 search.
    pub refine_rounds: u32,
    /// Points a probe whose line clears the board is ranked up by, against probes whose
    /// lines do not (0: by score alone).
    pub probe_clear: u32,
    /// What a pair of neighbouring gems of another colour than the target is worth in the
    /// playouts' choice between drawn moves ([`Rollout::other_pairs`]; 0: nothing).
    pub other_pairs: u32,
    /// What a lone gem of the target colour costs in the playouts' choice, in 64ths of
    /// another colour's ([`Rollout::target_lone`]; 0: nothing).
    pub target_lone: u32,
    /// The refining's prior on a move, in hundredths of an exponent of its group's size
    /// ([`Nrpa::bias`]; 0: none).
    pub refine_bias: u32,
    /// The refining's gradient step, in hundredths ([`Nrpa::alpha`]; 100: the literature's 1).
    pub refine_alpha: u32,
    /// How many of a thread's lines it refines, one after the other, each for its share of
    /// the refining's time (1: its best line only).
    pub refine_lines: u32,
    /// The refining's playouts play every colour alike once this many gems are left
    /// ([`Nrpa::release`]).
    pub refine_release: u32,
    /// The refining's level-1 searches between two fresh starts of its policy
    /// ([`Nrpa::restart`]; 0: never).
    pub refine_restart: u32,
    /// With [`Tuning::refine_lines`] above 1: the percent of the refining's time each line
    /// gets, the best line so far being refined for what is left (0: an equal share each).
    pub refine_each: u32,
    /// When above 0: at this percent of the refining's time every thread posts its best
    /// line, and a thread whose line is behind the best posted refines that one instead for
    /// the rest (0, the default: each thread refines its own to the end).
    pub refine_join: u32,
}

impl Tuning {
    /// The NRPA that refines each thread's line under this tuning ([`Tuning::refine`]):
    /// [`Tuning::refine_stabilize`] playouts per level-1 adaptation, [`Tuning::refine_rounds`]
    /// adaptations per level-1 search, [`Tuning::refine_adapts`] first adaptations towards
    /// the line, [`Tuning::refine_cut`].
    pub fn refiner(&self) -> Nrpa {
        Nrpa {
            stabilize: self.refine_stabilize.max(1),
            iterations: self.refine_rounds.max(1),
            seed_adapts: self.refine_adapts,
            cut: self.refine_cut,
            bias: self.refine_bias,
            alpha: self.refine_alpha.max(1) as f32 / 100.0,
            release: self.refine_release,
            restart: self.refine_restart,
            ..Nrpa::default()
        }
    }
}

/// The shortest time budget for which the Expert, on threads, searches by NRPA instead of
/// beams (measured: see docs/games/modern_gems_ai.md).
pub const NRPA_FROM: Duration = Duration::from_secs(20);

impl Default for Tuning {
    /// Four moves drawn, no lone gems, the target's pairs worth half a lone gem, the other
    /// colours' pairs 12/64 of one and the target's own lone gems costing 16/64 of one, every
    /// colour alike from 72 gems (the beams too hold the target until then), inheritance, probes 48 wide within 30% of the budget of the colours
    /// with at least 80% of the most common one's gems, two beams per lane, and on threads the
    /// last 35% of the time refining each thread's best line by NRPA, its policy first adapted
    /// twice towards it, each of its searches keeping up to 40% of the line's first moves as
    /// they are.
    fn default() -> Self {
        Tuning {
            choices: 4,
            avoid_lone: true,
            release: 72,
            inherit: true,
            probes: true,
            playouts: 1,
            beams: 2,
            seed: 0,
            probe_width: 48,
            probe_share: 30,
            pairs: 32,
            hold: true,
            probe_floor: 80,
            nrpa: false,
            refine: 35,
            refine_adapts: 2,
            refine_cut: 40,
            refine_stabilize: 2,
            refine_rounds: 100,
            probe_clear: 0,
            other_pairs: 12,
            target_lone: 16,
            refine_bias: 0,
            refine_alpha: 100,
            refine_lines: 1,
            refine_release: 72,
            refine_restart: 0,
            refine_each: 0,
            refine_join: 0,
        }
    }
}

impl Tuning {
    /// The tuning for a search of `budget`: the default, whose wide probes were measured
    /// ahead at 2 s per board and level at 5 s, for searches of at least 2 s or 1,500,000
    /// nodes; shorter ones (a move, a hint, the browser's moves, and the node-budget
    /// comparisons of the AI doc) keep the probes 12 wide within 15% of the budget, as every
    /// search did before the wide probes were measured. Time budgets from [`NRPA_FROM`] run
    /// NRPA on threads.
    pub fn for_budget(budget: Budget) -> Tuning {
        let long = match budget {
            Budget::Time(d) => d >= Duration::from_secs(2),
            Budget::Nodes(n) => n >= 1_500_000,
        };
        if long {
            Tuning {
                nrpa: matches!(budget, Budget::Time(d) if d >= NRPA_FROM),
                ..Tuning::default()
            }
        } else {
            Tuning::default().with_probes(12, 15)
        }
    }

    /// This tuning with probes `width` wide within `share` percent of the budget.
    pub fn with_probes(self, width: u32, share: u32) -> Tuning {
        Tuning {
            probe_width: width,
            probe_share: share,
            ..self
        }
    }

    /// The probes' width, within the widths a beam may have.
    fn probe_beam_width(&self) -> usize {
        (self.probe_width as usize).clamp(1, MAX_WIDTH)
    }

    /// The share of the budget the probes may take (from 0 to 1).
    pub(super) fn probe_fraction(&self) -> f64 {
        f64::from(self.probe_share.min(100)) / 100.0
    }
}

/// The configuration of a beam of `width` keeping colour `target` for last.
fn config(width: usize, target: usize, tuning: &Tuning) -> BeamConfig {
    BeamConfig {
        width,
        playouts: tuning.playouts,
        rollout: Rollout {
            target,
            release: tuning.release,
            avoid_lone: tuning.avoid_lone,
            choices: tuning.choices,
            pairs: tuning.pairs,
            other_pairs: tuning.other_pairs,
            target_lone: tuning.target_lone,
        },
        inherit: tuning.inherit,
        hold: tuning.hold,
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
            config(width, self.targets[target], &self.tuning),
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
    use super::*;
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
            assert_eq!(t, Tuning::default().with_probes(12, 15), "{budget:?}");
        }
        for budget in [
            Budget::Time(Duration::from_secs(2)),
            Budget::Time(Duration::from_secs(5)),
            Budget::Time(Duration::from_secs(60)),
            Budget::Nodes(2_000_000),
        ] {
            let t = Tuning::for_budget(budget);
            assert_eq!((t.probe_width, t.probe_share), (48, 30), "{budget:?}");
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
